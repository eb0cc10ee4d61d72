//! The pure rules engine of the league platform.
//!
//! No I/O, no clock, no randomness: data types and functions only. Scores
//! are integers of half-points ([`score::HalfPoints`]); errors are small
//! `thiserror` enums; rule IDs of `docs/regulations.md` are cited where a
//! rule is enforced.
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
//! * [`series`] — corporate multi-sport standings, each sport's
//!   place → points table;
//! * [`athletes`] — athlete lists of a series' sports, one sport per
//!   athlete across them;
//! * [`notice`] — when a regulation change takes effect (G-E2);
//! * [`trf`] — TRF-2026 team records, read and write;
//! * [`pgn`] — game records (PGN) as game servers export them;
//! * [`game_import`] — which game of the pairing each game of a PGN file is;
//! * [`fair_play`] — move times and engine agreement as grounds (G-E3);
//! * [`lineup`] — the G-B13 application line, every problem at once;
//! * [`boards`] — boards of a round (G-V22, E-2), substitutions (G-V31,
//!   G-V32), withdrawal for missing players (G-G2), lateness (E-6);
//! * [`pairing`] — Berger round robins, FIDE team Swiss, groups and knockout (E-9);
//! * [`documents`] — document kinds (R-1.10, R-2.2, E-12), file types by content;
//! * [`roster`] — team names, roster limits, membership periods, bans and clones;
//! * [`entries`] — who plays: the entry cap and the odd-count double (G-B13);
//! * [`eligibility`] — may a person play for a team, may a team enter (G-A7,
//!   E-11, E-12), with every unmet condition as data.

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
pub mod lineup;
pub mod notice;
pub mod pairing;
pub mod penalties;
pub mod pgn;
pub mod places;
pub mod playoff;
pub mod presets;
pub mod ranking;
pub mod regulation;
pub mod roster;
pub mod schedule;
pub mod score;
pub mod season;
pub mod series;
pub mod tiebreak;
pub mod tournament;
pub mod trf;
