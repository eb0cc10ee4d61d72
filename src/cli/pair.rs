//! `league pair`: the command line of pairing engines (JaVaFo, bbpPairings:
//! `ENGINE --dutch INPUT.trf -p OUTPUT`), adapted to team events.
//!
//! - `--team-swiss INPUT.trf` pairs the next round of a TRF-2026 team
//!   tournament with the team Swiss engine (FIDE C.04.6; rounds drawn by lot
//!   first where `--lot-rounds` says so, R-3.1). The output is the engines'
//!   format with team pairing numbers (the TRF 310 numbers): the number of
//!   pairings (the bye counts as one), then one line per pairing in table
//!   order, `HOME AWAY` where home is the team with White on board 1 (the
//!   team listed first, C.04.6 art. 1.6.1), and a bye as `TEAM 0`, last:
//!
//!   ```text
//!   3
//!   1 4
//!   5 2
//!   3 6
//!   ```
//!
//!   Nothing else goes into it (no seed, no comment): the seed and how the
//!   round was made are in the report, which `--verbose` prints on stderr.
//! - `--berger N [--double]` prints the Berger table (FIDE C.05 Annex 1):
//!   a block per round, `Round r:` then one `WHITE-BLACK` line per table;
//!   with an odd N the dummy N+1 is shown and its opponent marked `(bye)`.
//!
//! Everything here is a pure function of its input; `main.rs` reads the
//! file, writes the output and prints the report.

use std::fmt::Write as _;

use crate::rules::pairing::from_tournament::{self, BridgeError};
use crate::rules::pairing::swiss::{
    InitialRanking, MatchSource, Pairing, PairingMethod, PrimaryScore, SwissConfig, pair_next_round,
};
use crate::rules::pairing::{Colour, PairingError, berger_table};
use crate::rules::tournament::Tournament;
use crate::rules::trf::{self, TrfError, UnknownRecord};

/// `--primary`: the score that makes the score groups (C.04.6 art. 1.2).
#[derive(Debug, Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
pub enum Primary {
    /// Match points.
    Mp,
    /// Game points.
    Gp,
}

/// `--initial-ranking`: how the pairing numbers (TPN) are given.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, clap::ValueEnum)]
pub enum Ranking {
    /// The TRF team numbers are the pairing numbers (the engines' convention).
    #[default]
    Number,
    /// By the average rating of the board players (C.04.6 art. 1.5), ties by lot.
    Rating,
    /// Entirely by lot from the seed.
    Lot,
}

/// The options of `league pair --team-swiss`.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct SwissOptions {
    /// The tournament's lot seed; required when the round is drawn by lot.
    pub seed: Option<u64>,
    /// Rounds `1..=lot_rounds` are drawn by lot (R-3.1: 2).
    pub lot_rounds: u32,
    /// Rounds of the tournament; default: the file's record 142 (or XXR).
    pub total_rounds: Option<u32>,
    /// Default: the file's scoring (records 192/212).
    pub primary: Option<Primary>,
    pub initial_ranking: Ranking,
}

/// A paired round: the engine-format output and a report for the judge.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Paired {
    /// What goes to OUTPUT (or stdout): the count, then `HOME AWAY` lines.
    pub pairings: String,
    /// How the round was made (seed, method, notes), for stderr.
    pub report: String,
}

/// Why `league pair` could not pair; each names its reason in one line.
#[derive(Debug, thiserror::Error)]
pub enum PairError {
    #[error(transparent)]
    Trf(#[from] TrfError),
    #[error(transparent)]
    Tournament(#[from] BridgeError),
    #[error("the file has no team to pair (TRF record 310)")]
    NoTeams,
    #[error(
        "the file declares no number of rounds (TRF-2026 record 142 or XXR): give --total-rounds"
    )]
    TotalRoundsUnknown,
    #[error(
        "round {round} is drawn by lot (--lot-rounds {lot_rounds}): give the \
         tournament's --seed so that the draw can be reproduced"
    )]
    SeedRequired { round: u32, lot_rounds: u32 },
    #[error("no pairing for round {round}: {error}")]
    Pairing { round: u32, error: PairingError },
    #[error("--berger: {0}")]
    Berger(PairingError),
}

/// What the file declares beyond the rounds played.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
struct Declared {
    /// TRF-2026 record 142 (number of rounds), else JaVaFo's XXR.
    rounds: Option<u32>,
    /// TRF-2026 record 152 (initial-colour, C.04.6 art. 4.1).
    initial_colour: Option<Colour>,
}

/// The rounds and initial-colour the tournament declares (records 142 and
/// 152, which the TRF reader keeps in the tournament), and JaVaFo's XXR
/// from the records the reader left aside, used when there is no 142.
fn declared(t: &Tournament, unknown: &[UnknownRecord]) -> Result<Declared, TrfError> {
    let mut xxr = None;
    for rec in unknown {
        let tag: String = rec.text.chars().take(3).collect();
        if !tag.eq_ignore_ascii_case("XXR") {
            continue;
        }
        let value: String = rec.text.chars().skip(4).collect();
        let value = value.trim();
        let n = value
            .parse::<u32>()
            .ok()
            .filter(|n| *n > 0)
            .ok_or_else(|| TrfError {
                line: rec.line,
                expected: trf::Expected::RoundCount { record: None },
                found: value.to_owned(),
            })?;
        xxr = Some(n);
    }
    Ok(Declared {
        rounds: t.declared_rounds.map(u32::from).or(xxr),
        initial_colour: from_tournament::initial_colour(t),
    })
}

/// Pairs the next round of the TRF-2026 team tournament in `bytes`.
pub fn team_swiss(bytes: &[u8], opts: &SwissOptions) -> Result<Paired, PairError> {
    let doc = trf::read_bytes(bytes)?;
    let t = &doc.tournament;
    let declared = declared(t, &doc.unknown)?;
    if t.teams.is_empty() {
        return Err(PairError::NoTeams);
    }
    let state = from_tournament::swiss_state(t)?;
    let round = u32::try_from(state.rounds.len())
        .unwrap_or(u32::MAX)
        .saturating_add(1);
    let total_rounds = opts
        .total_rounds
        .or(declared.rounds)
        .ok_or(PairError::TotalRoundsUnknown)?;
    let by_lot = round <= opts.lot_rounds && round <= total_rounds;
    let seed = match opts.seed {
        Some(seed) => seed,
        None if by_lot => {
            return Err(PairError::SeedRequired {
                round,
                lot_rounds: opts.lot_rounds,
            });
        }
        // Outside the lot rounds the seed only draws the initial-colour
        // when the file has no 152 record, and breaks rating ties.
        None => 0,
    };
    let config = SwissConfig {
        primary_score: match opts.primary {
            Some(Primary::Mp) => PrimaryScore::MatchPoints,
            Some(Primary::Gp) => PrimaryScore::GamePoints,
            None => from_tournament::primary_score(t),
        },
        initial_ranking: match opts.initial_ranking {
            Ranking::Number => InitialRanking::AsListed,
            Ranking::Rating => InitialRanking::AverageRating {
                boards: u32::from(t.boards),
            },
            Ranking::Lot => InitialRanking::ByLot,
        },
        rounds_by_lot: opts.lot_rounds,
        initial_colour: declared.initial_colour,
        ..SwissConfig::new(total_rounds, seed)
    };
    let pairing =
        pair_next_round(&state, &config).map_err(|error| PairError::Pairing { round, error })?;
    Ok(Paired {
        pairings: engine_format(&pairing),
        report: report(&pairing, &config, opts.seed.is_none(), declared),
    })
}

/// The pairing engines' output: the number of pairings, then `HOME AWAY`
/// (home: White on board 1) by table, the bye as `TEAM 0`.
fn engine_format(p: &Pairing) -> String {
    let mut out = format!("{}\n", p.matches.len() + p.byes.len());
    for m in &p.matches {
        let _ = writeln!(out, "{} {}", m.white, m.black);
    }
    for b in &p.byes {
        let _ = writeln!(out, "{} 0", b.team);
    }
    out
}

fn colour_name(c: Colour) -> &'static str {
    match c {
        Colour::White => "White",
        Colour::Black => "Black",
    }
}

/// What a judge needs to check or reproduce the round.
fn report(p: &Pairing, config: &SwissConfig, default_seed: bool, declared: Declared) -> String {
    let mut out = String::new();
    let method = match p.method {
        PairingMethod::ByLot => "drawn by lot",
        PairingMethod::Swiss => "paired by FIDE C.04.6 (team Swiss)",
    };
    let _ = writeln!(
        out,
        "round {} of {}: {method}",
        p.round, config.total_rounds
    );
    let _ = writeln!(
        out,
        "tournament seed: {}{}",
        p.tournament_seed,
        if default_seed { " (default)" } else { "" }
    );
    if let Some(lot) = p.lot_seed {
        let _ = writeln!(out, "lot seed of round {}: {lot}", p.round);
    }
    let _ = writeln!(
        out,
        "initial-colour (C.04.6 art. 4.1): {} ({})",
        colour_name(p.initial_colour),
        if declared.initial_colour.is_some() {
            "TRF record 152"
        } else {
            "drawn from the seed"
        }
    );
    let _ = writeln!(
        out,
        "primary score: {}",
        match config.primary_score {
            PrimaryScore::MatchPoints => "match points",
            PrimaryScore::GamePoints => "game points",
        }
    );
    let tpn: Vec<String> = p.pairing_numbers.iter().map(ToString::to_string).collect();
    let _ = writeln!(out, "teams in pairing-number order: {}", tpn.join(" "));
    for m in &p.matches {
        let by = match &m.source {
            MatchSource::Engine => String::new(),
            MatchSource::Judge { reason } => format!(" (judge: {reason})"),
        };
        let _ = writeln!(
            out,
            "table {}: {} - {} (team {} White on board 1){by}",
            m.table, m.white, m.black, m.white
        );
    }
    for b in &p.byes {
        let _ = writeln!(out, "bye: {} (pairing-allocated)", b.team);
    }
    for n in &p.notes {
        let _ = writeln!(out, "note: {}: {}", n.criterion, n.detail);
    }
    out
}

/// The Berger table for `n` teams (FIDE C.05 Annex 1), single or double
/// round robin: `Round r:` then one `WHITE-BLACK` line per table, a blank
/// line between rounds. With `n` odd the dummy `n+1` is printed where the
/// table has it and its opponent's line is marked `(bye)`.
pub fn berger(n: u32, double: bool) -> Result<String, PairError> {
    let schedule = berger_table(n, double).map_err(PairError::Berger)?;
    // The table for n+1 is the table for n with the dummy kept (same size,
    // same rotation), so it says on which table and with which colour.
    let (table, dummy) = if n % 2 == 1 {
        (
            berger_table(n + 1, double).map_err(PairError::Berger)?,
            Some(n + 1),
        )
    } else {
        (schedule, None)
    };
    let mut out = String::new();
    for (i, round) in table.rounds.iter().enumerate() {
        if i > 0 {
            out.push('\n');
        }
        let _ = writeln!(out, "Round {}:", round.round);
        for g in &round.games {
            let bye = dummy.is_some_and(|d| g.white == d || g.black == d);
            let _ = writeln!(
                out,
                "{}-{}{}",
                g.white,
                g.black,
                if bye { " (bye)" } else { "" }
            );
        }
    }
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::score::{BoardResult, Colour as BoardColour, Scoring};
    use crate::rules::tournament::{
        Game, Match, Pairing as TPairing, PairingSystem, Round, Team, TeamId, Tournament,
    };

    /// `n` teams on two boards; `rounds` lists matches `(home, away)`, each
    /// won 2:0 by the home team.
    fn trf(n: u16, rounds: &[&[(u16, u16)]]) -> String {
        trf::write(&tournament(n, rounds), &[])
    }

    fn tournament(n: u16, rounds: &[&[(u16, u16)]]) -> Tournament {
        let game = |board| Game {
            board,
            game: 1,
            result: BoardResult::HomeWin,
            home_player: None,
            away_player: None,
        };
        Tournament {
            name: "Pair Cup".into(),
            start_date: None,
            end_date: None,
            system: PairingSystem::Swiss,
            boards: 2,
            games_per_pairing: 1,
            colours: vec![BoardColour::White, BoardColour::Black],
            scoring: Scoring::default(),
            declared_rounds: None,
            initial_colour: None,
            teams: (1..=n)
                .map(|i| Team {
                    id: TeamId(i),
                    name: format!("Team {i}"),
                    nickname: None,
                    roster: vec![],
                })
                .collect(),
            players: vec![],
            rounds: rounds
                .iter()
                .enumerate()
                .map(|(i, ms)| Round {
                    number: u16::try_from(i + 1).unwrap_or(u16::MAX),
                    pairings: ms
                        .iter()
                        .map(|&(h, a)| {
                            TPairing::Match(Match {
                                home: TeamId(h),
                                away: TeamId(a),
                                games: vec![game(1), game(2)],
                                forfeit: None,
                            })
                        })
                        .collect(),
                })
                .collect(),
        }
    }

    fn opts(total: u32) -> SwissOptions {
        SwissOptions {
            total_rounds: Some(total),
            ..SwissOptions::default()
        }
    }

    /// The pairs of an engine-format output, after checking its count line.
    fn pairs(out: &str) -> Vec<(u16, u16)> {
        let mut lines = out.lines();
        let count: usize = lines.next().and_then(|l| l.parse().ok()).expect("count");
        let pairs: Vec<(u16, u16)> = lines
            .map(|l| {
                let (a, b) = l.split_once(' ').expect("two numbers");
                (a.parse().expect("number"), b.parse().expect("number"))
            })
            .collect();
        assert_eq!(pairs.len(), count, "{out}");
        pairs
    }

    #[test]
    fn berger_4_prints_the_fide_table_by_round_and_table() {
        assert_eq!(
            berger(4, false).expect("valid"),
            "Round 1:\n1-4\n2-3\n\nRound 2:\n4-3\n1-2\n\nRound 3:\n2-4\n3-1\n"
        );
    }

    #[test]
    fn berger_odd_shows_the_dummy_and_marks_the_bye() {
        let text = berger(3, false).expect("valid");
        assert_eq!(
            text,
            "Round 1:\n1-4 (bye)\n2-3\n\nRound 2:\n4-3 (bye)\n1-2\n\nRound 3:\n2-4 (bye)\n3-1\n"
        );
        // The real games are exactly those of the table for 5 without the dummy.
        let five = berger(5, true).expect("valid");
        let schedule = berger_table(5, true).expect("valid");
        for (block, round) in five.split("\n\n").zip(&schedule.rounds) {
            let games: Vec<String> = block
                .lines()
                .skip(1)
                .filter(|l| !l.ends_with("(bye)"))
                .map(str::to_owned)
                .collect();
            let expected: Vec<String> = round
                .games
                .iter()
                .map(|g| format!("{}-{}", g.white, g.black))
                .collect();
            assert_eq!(games, expected);
            let bye = block.lines().find(|l| l.ends_with("(bye)")).expect("bye");
            let b = round.bye.expect("odd field").to_string();
            assert!(bye.starts_with(&format!("{b}-6")) || bye.starts_with(&format!("6-{b}")));
        }
        assert_eq!(five.matches("Round ").count(), 10);
    }

    #[test]
    fn berger_refuses_a_field_too_small() {
        let e = berger(1, false).expect_err("one team");
        assert!(e.to_string().starts_with("--berger: input:"), "{e}");
    }

    #[test]
    fn engine_format_counts_the_bye_as_a_pairing() {
        let text = trf(5, &[&[(1, 2), (3, 4)]]);
        let out = team_swiss(text.as_bytes(), &opts(5)).expect("pairable");
        let lines: Vec<&str> = out.pairings.lines().collect();
        assert_eq!(lines[0], "3");
        assert!(lines[3].ends_with(" 0"), "{}", out.pairings);
        let p = pairs(&out.pairings);
        let mut seen: Vec<u16> = p.iter().flat_map(|&(a, b)| [a, b]).collect();
        seen.sort_unstable();
        assert_eq!(seen, [0, 1, 2, 3, 4, 5]);
        // Team 5 had no match in round 1 (absent, no bye): it may take the PAB.
        assert!(!out.pairings.contains("seed"));
        assert!(out.report.contains("round 2 of 5"), "{}", out.report);
    }

    #[test]
    fn r_3_1_a_lot_round_needs_a_seed_and_the_same_seed_draws_the_same_round() {
        let text = trf(8, &[]);
        let lot = SwissOptions {
            lot_rounds: 2,
            ..opts(7)
        };
        let e = team_swiss(text.as_bytes(), &lot).expect_err("no seed");
        assert!(matches!(e, PairError::SeedRequired { round: 1, .. }), "{e}");
        let seeded = SwissOptions {
            seed: Some(2026),
            ..lot
        };
        let a = team_swiss(text.as_bytes(), &seeded).expect("drawn");
        let b = team_swiss(text.as_bytes(), &seeded).expect("drawn");
        assert_eq!(a, b);
        assert!(a.report.contains("drawn by lot"), "{}", a.report);
        assert!(a.report.contains("tournament seed: 2026"), "{}", a.report);
        assert!(!a.pairings.contains("2026"));
        // Past the lot rounds no seed is needed.
        let text = trf(4, &[&[(1, 2), (3, 4)], &[(1, 3), (2, 4)]]);
        let later = SwissOptions {
            lot_rounds: 2,
            ..opts(3)
        };
        let out = team_swiss(text.as_bytes(), &later).expect("swiss round");
        assert_eq!(pairs(&out.pairings).len(), 2);
        assert!(out.report.contains("(default)"), "{}", out.report);
    }

    #[test]
    fn declared_rounds_and_initial_colour_come_from_142_xxr_and_152() {
        let rec = |line, text: &str| UnknownRecord {
            line,
            text: text.to_owned(),
        };
        let bare = tournament(4, &[]);
        assert_eq!(declared(&bare, &[]), Ok(Declared::default()));
        assert_eq!(
            declared(&bare, &[rec(3, "XXR 9")]).map(|d| d.rounds),
            Ok(Some(9))
        );
        let e = declared(&bare, &[rec(6, "XXR seven")]).expect_err("not a number");
        assert_eq!(e.line, 6);
        // 142 and 152, as the reader keeps them in the tournament; 142 wins over XXR.
        let t = Tournament {
            declared_rounds: Some(7),
            initial_colour: Some(BoardColour::Black),
            ..bare
        };
        let d = declared(&t, &[rec(3, "XXR 9")]).expect("valid");
        assert_eq!(d.rounds, Some(7));
        assert_eq!(d.initial_colour, Some(Colour::Black));
        // A malformed 142 or 152 is refused with its line.
        let lines = trf(4, &[]).lines().count();
        for bad in ["142 seven", "142 0", "152 X"] {
            let text = trf(4, &[]) + bad + "\r\n";
            let e = team_swiss(text.as_bytes(), &opts(3)).expect_err(bad);
            assert!(
                e.to_string().starts_with(&format!("line {}:", lines + 1)),
                "{bad}: {e}"
            );
        }

        let text = trf(4, &[&[(1, 2), (3, 4)]]) + "142 3\r\n152 W\r\n";
        let out = team_swiss(text.as_bytes(), &SwissOptions::default()).expect("pairable");
        assert!(out.report.contains("round 2 of 3"), "{}", out.report);
        assert!(
            out.report.contains("White (TRF record 152)"),
            "{}",
            out.report
        );
        let e = team_swiss(trf(4, &[]).as_bytes(), &SwissOptions::default())
            .expect_err("no rounds declared");
        assert!(matches!(e, PairError::TotalRoundsUnknown));
    }

    #[test]
    fn a_file_the_platform_writes_carries_its_rounds_and_initial_colour() {
        let t = Tournament {
            declared_rounds: Some(5),
            initial_colour: Some(BoardColour::Black),
            ..tournament(4, &[&[(1, 2), (3, 4)]])
        };
        let text = trf::write(&t, &[]);
        let out = team_swiss(text.as_bytes(), &SwissOptions::default())
            .expect("no --total-rounds needed");
        assert!(out.report.contains("round 2 of 5"), "{}", out.report);
        assert!(
            out.report.contains("Black (TRF record 152)"),
            "{}",
            out.report
        );
        // --total-rounds still overrides the file.
        let out = team_swiss(text.as_bytes(), &opts(3)).expect("pairable");
        assert!(out.report.contains("round 2 of 3"), "{}", out.report);
    }

    #[test]
    fn c_04_6_c1_no_legal_pairing_names_the_criterion() {
        let text = trf(2, &[&[(1, 2)]]);
        let e = team_swiss(text.as_bytes(), &opts(3)).expect_err("rematch only");
        let PairError::Pairing { round: 2, error } = &e else {
            panic!("{e}");
        };
        assert_eq!(
            error.criterion(),
            crate::rules::pairing::Criterion::C1NoRematch
        );
        assert!(e.to_string().contains("[C1]"), "{e}");
        let e = team_swiss(text.as_bytes(), &opts(1)).expect_err("all rounds played");
        assert!(
            e.to_string().contains("beyond the 1 rounds declared"),
            "{e}"
        );
    }

    #[test]
    fn c_04_6_c1_a_match_only_on_the_away_teams_801_line_still_blocks_a_rematch() {
        // A hand-edited file: team 1, at home in round 1, lost its 801 line.
        let text: String = trf(2, &[&[(1, 2)]])
            .split_inclusive("\r\n")
            .filter(|l| !l.starts_with("801  1 "))
            .collect();
        assert!(
            text.contains("801  2 ") && !text.contains("801  1 "),
            "{text}"
        );
        let e = team_swiss(text.as_bytes(), &opts(3)).expect_err("rematch only");
        let PairError::Pairing { round: 2, error } = &e else {
            panic!("{e}");
        };
        assert_eq!(
            error.criterion(),
            crate::rules::pairing::Criterion::C1NoRematch
        );
    }

    #[test]
    fn malformed_or_empty_input_is_refused_with_its_line() {
        let e = team_swiss(b"012 Cup\n310 garbage\n", &opts(3)).expect_err("bad 310");
        assert!(e.to_string().starts_with("line 2:"), "{e}");
        let e = team_swiss(b"012 Cup\n", &opts(3)).expect_err("no teams");
        assert!(matches!(e, PairError::NoTeams));
    }

    #[test]
    fn primary_and_initial_ranking_options_are_applied() {
        let text = trf(4, &[&[(1, 2), (3, 4)]]);
        let gp = SwissOptions {
            primary: Some(Primary::Gp),
            initial_ranking: Ranking::Lot,
            seed: Some(5),
            ..opts(3)
        };
        let out = team_swiss(text.as_bytes(), &gp).expect("pairable");
        assert!(
            out.report.contains("primary score: game points"),
            "{}",
            out.report
        );
        // Winners meet winners whatever the score kind.
        let p = pairs(&out.pairings);
        assert!(p.iter().any(|&(a, b)| [a, b] == [1, 3] || [a, b] == [3, 1]));
    }
}
