//! Standings with every tie-break on synthetic team Swiss events.
//!
//! Data is generated deterministically with a small LCG (no `rand`).

use std::hint::black_box;
use std::time::Duration;

use criterion::{BenchmarkId, Criterion, criterion_group, criterion_main};
use league::rules::ranking::standings;
use league::rules::score::{BoardResult, ByeKind, ScoreKind};
use league::rules::tiebreak::{Edition, IncompleteEncounters, TieBreakRules, parse_list};
use league::rules::tournament::build::tournament;
use league::rules::tournament::{
    Game, Match, MatchForfeit, Pairing, PairingSystem, Round, TeamId, Tournament,
};

/// Knuth's MMIX linear congruential generator.
struct Lcg(u64);

impl Lcg {
    fn next(&mut self, n: u64) -> u64 {
        self.0 = self
            .0
            .wrapping_mul(6_364_136_223_846_793_005)
            .wrapping_add(1_442_695_040_888_963_407);
        (self.0 >> 33) % n.max(1)
    }
}

fn synthetic(teams: u16, rounds: u16, boards: u8, seed: u64) -> Tournament {
    let mut rng = Lcg(seed);
    let mut t = tournament(
        PairingSystem::Swiss,
        boards,
        1,
        teams,
        ScoreKind::MatchPoints,
    );
    t.name = format!("Synthetic {teams}×{rounds}×{boards}");
    for r in 1..=rounds {
        let mut order: Vec<u16> = (1..=teams).collect();
        for i in (1..order.len()).rev() {
            let j = rng.next(i as u64 + 1) as usize;
            order.swap(i, j);
        }
        let mut pairings = Vec::with_capacity(order.len() / 2 + 1);
        for pair in order.chunks(2) {
            match *pair {
                [a, b] => {
                    if rng.next(100) == 0 {
                        pairings.push(Pairing::Match(Match {
                            home: TeamId(a),
                            away: TeamId(b),
                            games: vec![],
                            forfeit: Some(MatchForfeit::HomeWins),
                        }));
                        continue;
                    }
                    let games = (1..=boards)
                        .map(|board| Game {
                            board,
                            game: 1,
                            result: match rng.next(40) {
                                0..=13 => BoardResult::HomeWin,
                                14..=25 => BoardResult::Draw,
                                26..=38 => BoardResult::AwayWin,
                                _ => BoardResult::AwayForfeitWin,
                            },
                            home_player: None,
                            away_player: None,
                        })
                        .collect();
                    pairings.push(Pairing::Match(Match {
                        home: TeamId(a),
                        away: TeamId(b),
                        games,
                        forfeit: None,
                    }));
                }
                [a] => pairings.push(Pairing::Bye {
                    team: TeamId(a),
                    kind: ByeKind::PairingAllocated,
                }),
                _ => {}
            }
        }
        t.rounds.push(Round {
            number: r,
            pairings,
        });
    }
    t
}

fn all_tie_breaks() -> TieBreakRules {
    TieBreakRules {
        edition: Edition::C07_2026,
        chain: parse_list(
            "EDEBT,DE,EMGSB/C1,EMMSB,EGMSB,EGGSB,BH:MP/C1,BH:GP/M1,BC,TBR,BBE,BERLIN,WIN,WON,WIN:GP,WON:GP,SSSC,MPvGP",
        )
        .expect("valid chain"),
        incomplete_encounters: IncompleteEncounters::SwissRule,
    }
}

fn bench(c: &mut Criterion) {
    let rules = all_tie_breaks();
    let mut group = c.benchmark_group("standings_all_tiebreaks");
    group
        .sample_size(20)
        .warm_up_time(Duration::from_millis(500))
        .measurement_time(Duration::from_secs(2));
    for (teams, rounds, boards) in [
        (50u16, 14u16, 4u8),
        (100, 14, 4),
        (200, 14, 4),
        (400, 14, 4),
        (500, 11, 4),
    ] {
        let t = synthetic(teams, rounds, boards, 42);
        group.bench_with_input(
            BenchmarkId::from_parameter(format!("{teams}teams_{rounds}rounds_{boards}boards")),
            &t,
            |b, t| b.iter(|| standings(black_box(t), black_box(&rules), &[]).expect("standings")),
        );
    }
    group.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);
