//! The reader: a TRF file, line by line, into a [`TrfDocument`].
//!
//! A [`Reader`] gathers what the records say, one method per record kind
//! (header records in `header`, 001 in `players`, 310 and 013 in `teams`,
//! 300, 320, 240 and 330 in `rounds`, 801 and 802 in `team_rounds`); the
//! driver [`read`] hands it each line. Then [`Reader::finish`] (in
//! `assemble`) settles the teams, boards and games per pairing, rebuilds the
//! rounds from the 801 records (`from_801`) or the player lines (`common`),
//! checks the ones against the others (`cross_check`) and makes the
//! tournament.

use std::collections::BTreeMap;

use super::{TrfDocument, TrfError, UnknownRecord};
use crate::score::{ByeKind, Colour, HalfPoints, MatchPoints, ScoreKind};
use crate::tiebreak::TieBreak;
use crate::tournament::{MatchForfeit, PairingSystem, Player, Team};

mod assemble;
mod common;
mod cross_check;
mod from_801;
mod header;
mod line;
mod players;
mod rounds;
mod side;
mod team_rounds;
mod teams;

pub use header::parse_date;
use line::Line;
use team_rounds::Record801;

/// The longest line a TRF file may hold: far beyond an 801 line of a
/// twelve-board, forty-round tournament, far below what would weigh on the
/// reader.
pub const MAX_LINE_CHARS: usize = 20_000;

/// Read a TRF file given as bytes: UTF-8, or Latin-1 when not valid UTF-8.
pub fn read_bytes(bytes: &[u8]) -> Result<TrfDocument, TrfError> {
    match std::str::from_utf8(bytes) {
        Ok(s) => read(s),
        Err(_) => {
            let s: String = bytes.iter().map(|&b| char::from(b)).collect();
            read(&s)
        }
    }
}

/// Read a TRF-2026 team file.
pub fn read(text: &str) -> Result<TrfDocument, TrfError> {
    let normalized = text.replace("\r\n", "\n").replace('\r', "\n");
    let mut reader = Reader::default();
    for (i, raw) in normalized.split('\n').enumerate() {
        if let Some(l) = line::record_line(i + 1, raw)? {
            reader.record(&l)?;
        }
    }
    reader.finish()
}

/// What the records read so far say: the document in the making.
#[derive(Default)]
struct Reader {
    /// 012.
    name: String,
    /// 042.
    start_date: Option<String>,
    /// 052.
    end_date: Option<String>,
    /// 192.
    system: Option<PairingSystem>,
    /// 092, free text.
    system_text: Option<String>,
    /// 142.
    declared_rounds: Option<u16>,
    /// 152.
    initial_colour: Option<Colour>,
    /// The primary score, from 192, 202 or 212.
    primary: Option<ScoreKind>,
    /// 202.
    tie_breaks: Vec<TieBreak>,
    /// 212, after its primary score.
    tie_breaks_212: Option<Vec<TieBreak>>,
    /// 352.
    colours: Option<Vec<Colour>>,
    /// 362.
    match_points: MatchPoints,
    /// 001.
    players: Vec<Player>,
    /// 310.
    teams: Vec<Team>,
    /// 300: (round, team) → the team's line-up.
    lineups: BTreeMap<(u16, u16), common::Lineup>,
    /// The round cells of the 001 lines.
    player_games: Vec<common::PlayerGames>,
    /// 013, numbered in order.
    teams_013: Vec<Team>,
    /// The 013 lines, unknown records when the file has 310 records.
    records_013: Vec<UnknownRecord>,
    /// 320: the PAB team of each round (0 = none).
    pab: Vec<u16>,
    /// 320: the PAB's match points and game points.
    pab_value: Option<(HalfPoints, HalfPoints)>,
    /// 240: (round, team) → bye.
    byes: BTreeMap<(u16, u16), ByeKind>,
    /// 330: (round, white team, black team) → forfeit.
    forfeits: BTreeMap<(u16, u16, u16), MatchForfeit>,
    /// 801.
    r801: Vec<Record801>,
    /// Records not used.
    unknown: Vec<UnknownRecord>,
}

impl Reader {
    /// Reads one record, by its tag.
    fn record(&mut self, l: &Line) -> Result<(), TrfError> {
        match l.tag().as_str() {
            "012" => self.name = l.rest(5),
            "042" => self.start_date = Some(l.rest(5)).filter(|s| !s.is_empty()),
            "052" => self.end_date = Some(l.rest(5)).filter(|s| !s.is_empty()),
            "062" | "072" => header::check_player_count(l)?,
            "092" => self.system_text = Some(l.rest(5)),
            "142" => self.read_round_count(l)?,
            "152" => self.read_initial_colour(l)?,
            "192" => self.read_tournament_type(l)?,
            "202" => self.read_tie_breaks(l)?,
            "212" => self.read_ranking(l)?,
            "352" => self.read_board_colours(l)?,
            "362" => self.match_points = header::parse_362(l)?,
            "001" => self.read_player(l)?,
            "310" => self.read_team(l)?,
            "013" => self.read_team_013(l)?,
            "300" => self.read_lineup(l)?,
            "320" => self.read_pab(l)?,
            "240" => self.read_byes(l)?,
            "330" => self.read_forfeit(l)?,
            "801" => self.r801.push(team_rounds::parse_801(l)?),
            "802" => team_rounds::check_802(l)?,
            _ => self.unknown.push(UnknownRecord {
                line: l.no,
                text: l.text(),
            }),
        }
        Ok(())
    }
}
