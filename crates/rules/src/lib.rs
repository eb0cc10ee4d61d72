//! The pure rules engine of the league platform.
//!
//! No I/O, no clock, no randomness of its own (a draw by lot derives from
//! the seed it is given): data types and functions only. Scores are
//! integers of half-points ([`score::HalfPoints`]); errors are small
//! `thiserror` enums; the rule IDs of the platform's `docs/REGULATIONS.md`
//! (`G-B13`, `R-3.5`) and FIDE's articles (`C.07 art. 16`) are cited where
//! a rule is enforced.
//!
//! * [`score`] — half-point scores, game results, byes, scoring system;
//! * [`tournament`] — teams, players, rounds, matches, validation (G-V11);
//! * [`crosstable`] — per team/board/player totals and head-to-head;
//! * [`tiebreak`] — FIDE C.07 team tie-breaks, TRF notation, values;
//! * [`ranking`] — standings with shared places and explanations;
//! * [`places`] — final places set by an appeal's decision (G-D4), the rest
//!   keeping their order;
//! * [`playoff`] — play-off rules and knockout decisions (G-V42, E-9);
//! * [`regulation`] — a regulation as data (scoring, formats, place points,
//!   rosters, entry windows, penalties, documents, appeals);
//! * [`presets`] — the three seed regulations `g()`, `r()`, `e()`;
//! * [`schedule`] — tournament dates from a monthly rule (G-A2);
//! * [`season`] — season standings from tournament points and penalties;
//! * [`series`] — corporate multi-sport standings (R-3.4), each sport's
//!   place → points table;
//! * [`athletes`] — athlete lists of a series' sports, one sport per
//!   athlete across them (R-1.8);
//! * [`notice`] — when a regulation change takes effect (G-E2);
//! * [`trf`] — TRF-2026 team records, read and write;
//! * [`pgn`] — game records (PGN) as game servers export them;
//! * [`game_import`] — which game of the pairing each game of a PGN file is;
//! * [`fair_play`] — move times and engine agreement as grounds (G-E3);
//! * [`rating`] — FIDE rating lists, ARO and TPR (C.07 art. 10), the
//!   platform's Glicko-2 rating, a regulation's choice of rating;
//! * [`lineup`] — the G-B13 application line, every problem at once;
//! * [`boards`] — boards of a round (G-V22, E-2), substitutions (G-V31,
//!   G-V32), withdrawal for missing players (G-G2), lateness (E-6);
//! * [`pairing`] — Berger round robins, FIDE team Swiss, groups and knockout (E-9);
//! * [`documents`] — document kinds (R-1.10, R-2.2, E-12), file types by content;
//! * [`roster`] — team names, roster limits, membership periods, bans and clones;
//! * [`entries`] — who plays: the entry cap (R-1.9) and the odd-count double (G-B13);
//! * [`eligibility`] — may a person play for a team, may a team enter (G-A7,
//!   R-1.10, R-2.1, R-2.2, E-11, E-12), with every unmet condition as data.
//!
//! # Examples
//!
//! Reading a team tournament from a TRF-2026 file (teams in record 310,
//! games in 001) and computing its standings by match points, then game
//! points, then a C.07 tie-break (Buchholz on match points), written in
//! TRF-2026's notation as `MPvGP,BH:MP`:
//!
//! ```
//! use league_rules::ranking::standings;
//! use league_rules::score::HalfPoints;
//! use league_rules::tiebreak::{TbValue, TieBreakRules, parse_ranking_list};
//! use league_rules::trf;
//!
//! let file = r"
//! 012 Score order cup
//! 022 Kazan
//! 032 RUS
//! 042 2026/03/07
//! 052 2026/03/08
//! 062 8
//! 072 8
//! 092 Team Swiss
//! 142 3
//! 192 FIDE_TEAM_MP_GP
//! 352 WB
//! 362 TW 2.0   TD 1.0   TL 0.0
//! 001    1 m    Orlov, Oleg                       2175 RUS                         1.5          7 w 1     3 w =     5 b 0
//! 001    2 m    Pavlov, Pavel                     2150 RUS                         1.5          8 b =     4 b 1     6 w 0
//! 001    3 m    Romanov, Roman                    2125 RUS                         2.0          5 w 1     1 b =     7 w =
//! 001    4 m    Semenov, Semen                    2100 RUS                         1.0          6 b =     2 w 0     8 b =
//! 001    5 m    Tarasov, Taras                    2075 RUS                         1.0          3 b 0     7 b 0     1 w 1
//! 001    6 m    Ulyanov, Ustin                    2050 RUS                         2.5          4 w =     8 w 1     2 b 1
//! 001    7 m    Fomin, Filipp                     2025 RUS                         1.5          1 b 0     5 w 1     3 b =
//! 001    8 m    Kharlamov, Khariton               2000 RUS                         1.0          2 w =     6 b 0     4 w =
//! 310   1 Orel                             ORE             4.0    3.0   1     1    2
//! 310   2 Sokol                            SOK             3.0    3.0   3     3    4
//! 310   3 Voron                            VOR             3.0    3.5   2     5    6
//! 310   4 Lebed                            LEB             2.0    2.5   4     7    8
//! ";
//! let doc = trf::read(file)?;
//! let t = &doc.tournament;
//! assert_eq!((t.teams.len(), t.rounds.len()), (4, 3));
//!
//! let rules = TieBreakRules {
//!     chain: parse_ranking_list("MPvGP,BH:MP")?.tie_breaks,
//!     ..TieBreakRules::default()
//! };
//! let table = standings(t, &rules, &[])?;
//! let name = |row: &league_rules::ranking::StandingRow| {
//!     t.teams.iter().find(|team| team.id == row.team).map(|team| team.name.clone())
//! };
//! let order: Vec<_> = table.rows.iter().filter_map(name).collect();
//! // Voron and Sokol have 3 match points each: game points (3½ to 3) put
//! // Voron ahead.
//! assert_eq!(order, ["Orel", "Voron", "Sokol", "Lebed"]);
//! // Orel's opponents scored 8 match points: BH:MP 8, in half-points 16.
//! assert_eq!(table.rows[0].tie_breaks[1], Some(TbValue::Points(HalfPoints(16))));
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! Pairing the next round of a team Swiss (FIDE C.04.6) from the rounds
//! played; [`tournament::build`] writes small tournaments:
//!
//! ```
//! use league_rules::pairing::from_tournament::{entry_id, swiss_state};
//! use league_rules::pairing::swiss::{InitialRanking, SwissConfig, pair_next_round};
//! use league_rules::score::ScoreKind;
//! use league_rules::tournament::build::{m, round, tournament};
//! use league_rules::tournament::{PairingSystem, TeamId};
//!
//! // Four teams of two boards; in round 1 team 1 beat team 3 and teams 2
//! // and 4 drew.
//! let mut t = tournament(PairingSystem::Swiss, 2, 1, 4, ScoreKind::MatchPoints);
//! t.rounds.push(round(1, vec![m(1, 3, 2, "1="), m(2, 4, 2, "10")]));
//!
//! let state = swiss_state(&t)?;
//! let config = SwissConfig {
//!     initial_ranking: InitialRanking::AsListed,
//!     ..SwissConfig::new(3, 2026)
//! };
//! let next = pair_next_round(&state, &config)?;
//! assert_eq!((next.round, next.matches.len()), (2, 2));
//! // Nobody meets the team it met in round 1.
//! let met = |a: u16, b: u16| {
//!     let (a, b) = (entry_id(TeamId(a)), entry_id(TeamId(b)));
//!     next.matches.iter().any(|x| (x.white, x.black) == (a, b) || (x.white, x.black) == (b, a))
//! };
//! assert!(!met(1, 3) && !met(2, 4));
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! Reading the games of a PGN file as a game server exports them, every
//! move replayed and checked legal:
//!
//! ```
//! use league_rules::pgn::{self, GameResult};
//!
//! let file = r#"[Event "Club championship"]
//! [White "Orlov, Oleg"]
//! [Black "Fomin, Filipp"]
//! [Result "1-0"]
//!
//! 1. e4 {[%clk 0:04:58]} e5 2. Qh5 Nc6 3. Bc4 Nf6 4. Qxf7# 1-0
//! "#;
//! let read = pgn::read(file);
//! let game = &read.games[0];
//! assert_eq!(game.result, GameResult::WhiteWins);
//! assert_eq!(game.moves.len(), 7);
//! assert_eq!(game.moves[6].san, "Qxf7#");
//! assert_eq!(game.moves[6].uci, "h5f7");
//! assert_eq!(game.moves[0].clock_ms, Some(298_000));
//! assert!(game.problem.is_none());
//! ```

#![forbid(unsafe_code)]

pub mod appeals;
pub mod athletes;
pub mod boards;
pub mod check_in;
pub mod crosstable;
pub mod documents;
pub mod eligibility;
pub mod entries;
pub mod fair_play;
pub mod game_import;
pub mod game_server;
pub mod lineup;
pub mod notice;
pub mod pairing;
pub mod penalties;
pub mod pgn;
pub mod places;
pub mod playoff;
pub mod presets;
pub mod ranking;
pub mod rating;
pub mod regulation;
pub mod roster;
pub mod schedule;
pub mod score;
pub mod season;
pub mod series;
pub mod text;
pub mod tiebreak;
pub mod tournament;
pub mod trf;
