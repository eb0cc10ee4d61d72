//! TRF-2026 (FIDE Tournament Report File) for team events: write and read.
//!
//! Records written: 012, 042, 052, 062, 072, 092, 142 and 152 (when the
//! tournament declares them), 192, 202, 212, 352, 362,
//! 001 (players), 310 (teams), 300 (out-of-order line-ups), 320 (PAB),
//! 240 (other team byes), 330 (forfeited matches), 801 and 802 (per-round
//! team results). Column layouts follow the TRF-2026 tables (001, 310, 300,
//! 320, 240, 330, 802). Record 801 is only shown by example in the material
//! we could find (a fixture by the C.07 tie-break checker's author):
//!
//! ```text
//! 801 31 PER   13   22.0  44 w 1=01 1234  20 w 1010 1234       ZZZZ
//! ```
//!
//! header `801 TT NNNNN MP GP`, then per round a block
//! ` OOO C RRRR PPPP`: opponent, colour, one result character per board and
//! one roster position per board (`0` = empty board); byes show
//! `UUUU`/`FFFF`/`HHHH`/`ZZZZ`. Platform conventions, documented here:
//! * with two games per pairing the result and player fields hold game 1's
//!   boards then game 2's;
//! * a pending game is `*`, a game to be replayed (G-V23) is `R`;
//! * roster positions above 9 use `A`–`Z`;
//! * a double forfeit is `-` on both sides;
//! * 001 records carry one column per game (two per round with two games);
//! * 092 reads e.g. `Team Round Robin, 2 games per pairing`;
//! * every match is written with all its games (missing ones as pending).
//!
//! The reader rebuilds results from 801 (+330, 320, 240, 300), teams from
//! 310 and players from 001, and reads 142 and 152 into the tournament. A
//! match comes from whichever of the two teams' 801 lines carry it: when
//! both do, the other line must name the same opponent, have the other
//! colour and mirror every board result (a disagreement is an error naming
//! that line and what was expected); a match on one line only (e.g. a
//! hand-edited file) is accepted, its other side's players then come from
//! 300 alone, and a lone `-` is that side's forfeit loss (a double forfeit
//! needs `-` on both lines). It accepts CR, LF or CRLF line ends and trailing
//! blanks, keeps unknown records in [`TrfDocument::unknown`], and reports a
//! malformed line with its number and what was expected. It never panics.

use thiserror::Error;

mod codes;
mod expected;
mod read;
mod write;

pub use expected::Expected;
pub use read::{MAX_LINE_CHARS, parse_date, read, read_bytes};
pub use write::write;

use crate::tiebreak::TieBreak;
use crate::tournament::Tournament;

/// A record the reader does not use, kept for the caller.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct UnknownRecord {
    /// 1-based line number.
    pub line: usize,
    /// The whole line (trailing blanks removed).
    pub text: String,
}

/// What a TRF file holds for the platform.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TrfDocument {
    /// The tournament.
    pub tournament: Tournament,
    /// Tie-breaks of record 202.
    pub tie_breaks: Vec<TieBreak>,
    /// Records not used (other tags, e.g. 022, 102, 132, XXR).
    pub unknown: Vec<UnknownRecord>,
}

/// A malformed TRF line.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
#[error("line {line}: expected {expected}, found '{found}'")]
pub struct TrfError {
    /// 1-based line number (0 when the file as a whole is wrong).
    pub line: usize,
    /// What was expected, as data: `Display` words it in English, the web
    /// layer in the reader's language.
    pub expected: Expected,
    /// What was there.
    pub found: String,
}

/// A field of a record that an error names together with its columns.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Field {
    StartingRank,
    Rating,
    FideNumber,
    TeamNumber,
    PlayerStartingRank,
    RoundNumber,
    OpponentNumber,
    PlayerId,
    WhiteTeamNumber,
    BlackTeamNumber,
    MatchPoints,
    GamePoints,
    TotalMatchPoints,
    TotalGamePoints,
    PabMatchPoints,
    PabGamePoints,
    OpponentOrBye,
}

impl Field {
    /// Every field, for callers that word each of them.
    pub const ALL: [Field; 17] = [
        Field::StartingRank,
        Field::Rating,
        Field::FideNumber,
        Field::TeamNumber,
        Field::PlayerStartingRank,
        Field::RoundNumber,
        Field::OpponentNumber,
        Field::PlayerId,
        Field::WhiteTeamNumber,
        Field::BlackTeamNumber,
        Field::MatchPoints,
        Field::GamePoints,
        Field::TotalMatchPoints,
        Field::TotalGamePoints,
        Field::PabMatchPoints,
        Field::PabGamePoints,
        Field::OpponentOrBye,
    ];
}

impl std::fmt::Display for Field {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(match self {
            Field::StartingRank => "starting-rank number",
            Field::Rating => "rating",
            Field::FideNumber => "FIDE number",
            Field::TeamNumber => "team pairing number",
            Field::PlayerStartingRank => "player starting-rank number",
            Field::RoundNumber => "round number",
            Field::OpponentNumber => "opponent pairing number",
            Field::PlayerId => "player id",
            Field::WhiteTeamNumber => "white team pairing number",
            Field::BlackTeamNumber => "black team pairing number",
            Field::MatchPoints => "match points",
            Field::GamePoints => "game points",
            Field::TotalMatchPoints => "total match points",
            Field::TotalGamePoints => "total game points",
            Field::PabMatchPoints => "PAB match points",
            Field::PabGamePoints => "PAB game points",
            Field::OpponentOrBye => "opponent or bye type",
        })
    }
}

fn err(line: usize, expected: Expected, found: impl Into<String>) -> TrfError {
    TrfError {
        line,
        expected,
        found: found.into(),
    }
}

#[cfg(test)]
mod tests;
