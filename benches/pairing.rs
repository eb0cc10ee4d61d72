//! Pairing speed: round 9 of a 200-team Swiss (target < 50 ms) and round
//! 11 of a 1000-team Swiss (target < 1 s). Earlier rounds are simulated
//! deterministically (seeded results), so every run benches the same state.

use criterion::{Criterion, criterion_group, criterion_main};
use league::rules::pairing::swiss::{
    ByeKind, MatchOutcome, MatchScore, PlayedMatch, PlayedRound, RoundBye, SwissConfig, SwissState,
    SwissTeam, pair_next_round,
};
use league::rules::pairing::{EntryId, Lot};
use league::rules::score::HalfPoints;
use std::hint::black_box;
use std::time::Duration;

fn score(mp: i32, gp: i32) -> MatchScore {
    MatchScore {
        match_points: HalfPoints(mp),
        game_points: HalfPoints(gp),
    }
}

/// A Swiss of `teams` teams (4 boards) with `played` rounds already played:
/// results favour the higher-rated team, drawn from a seeded lot.
fn simulated(teams: usize, played: u32, total: u32) -> (SwissState, SwissConfig) {
    let mut lot = Lot::new(20_260_201);
    let mut state = SwissState {
        teams: (0..teams)
            .map(|i| {
                let base = 1200 + lot.below(1400) as u32;
                SwissTeam {
                    id: EntryId(i as i64 + 1),
                    board_ratings: (0..4).map(|b| base.saturating_sub(40 * b)).collect(),
                    withdrawn: false,
                }
            })
            .collect(),
        ..Default::default()
    };
    let rating: Vec<u32> = state.teams.iter().map(|t| t.board_ratings[0]).collect();
    let config = SwissConfig::new(total, 7);
    for _ in 0..played {
        let p = match pair_next_round(&state, &config) {
            Ok(p) => p,
            Err(e) => panic!("simulation round failed: {e}"),
        };
        let mut round = PlayedRound::default();
        for m in &p.matches {
            let (w, b) = (m.white.0 as usize - 1, m.black.0 as usize - 1);
            // Each of 4 boards: stronger side wins more often; 8 half-points.
            let edge = (i64::from(rating[w]) - i64::from(rating[b])).clamp(-600, 600);
            let mut white_gp = 0;
            for _ in 0..4 {
                let roll = lot.below(1200) as i64 - 600;
                white_gp += if roll < edge - 150 {
                    2
                } else if roll < edge + 150 {
                    1
                } else {
                    0
                };
            }
            let black_gp = 8 - white_gp;
            let (wm, bm) = match white_gp.cmp(&black_gp) {
                std::cmp::Ordering::Greater => (4, 0),
                std::cmp::Ordering::Equal => (2, 2),
                std::cmp::Ordering::Less => (0, 4),
            };
            round.matches.push(PlayedMatch {
                white: m.white,
                black: m.black,
                white_score: score(wm, white_gp),
                black_score: score(bm, black_gp),
                outcome: MatchOutcome::Played,
            });
        }
        for b in &p.byes {
            round.byes.push(RoundBye {
                team: b.team,
                kind: ByeKind::PairingAllocated,
                score: score(2, 4),
            });
        }
        state.rounds.push(round);
    }
    (state, config)
}

fn bench(c: &mut Criterion) {
    let mut group = c.benchmark_group("team_swiss");
    group.sample_size(20);
    group.measurement_time(Duration::from_secs(10));

    let (state, config) = simulated(200, 8, 9);
    group.bench_function("round_9_of_200_teams", |b| {
        b.iter(|| pair_next_round(black_box(&state), black_box(&config)))
    });

    let (state, config) = simulated(1000, 10, 11);
    group.bench_function("round_11_of_1000_teams", |b| {
        b.iter(|| pair_next_round(black_box(&state), black_box(&config)))
    });
    group.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);
