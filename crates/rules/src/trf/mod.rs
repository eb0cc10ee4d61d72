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

use std::collections::HashMap;

use thiserror::Error;

mod codes;
mod common;
mod expected;
mod write;

use codes::{colour_char, roster_pos};
pub use expected::Expected;
pub use write::write;

use super::score::{
    BoardResult, ByeKind, ByeValue, Colour, HalfPoints, MatchPoints, ScoreKind, Scoring,
};
use super::tiebreak::{TieBreak, parse_ranking_list};
use super::tournament::{
    Game, Match, MatchForfeit, Pairing, PairingSystem, Player, PlayerId, Round, Team, TeamId,
    Tournament, alternating_colours,
};

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

// ---------------------------------------------------------------- reading --

/// One line as characters, with 1-based column access.
struct Line {
    no: usize,
    chars: Vec<char>,
}

impl Line {
    fn text(&self) -> String {
        self.chars.iter().collect()
    }

    /// Columns `from..=to` (1-based), trimmed; missing columns are blank.
    fn cols(&self, from: usize, to: usize) -> String {
        let a = from.saturating_sub(1);
        self.chars
            .get(a..to.min(self.chars.len()))
            .map(|s| s.iter().collect::<String>())
            .unwrap_or_default()
            .trim()
            .to_string()
    }

    fn rest(&self, from: usize) -> String {
        self.cols(from, self.chars.len())
    }

    fn number<T: std::str::FromStr>(
        &self,
        from: usize,
        to: usize,
        field: Field,
    ) -> Result<T, TrfError> {
        let s = self.cols(from, to);
        s.parse()
            .map_err(|_| err(self.no, Expected::InColumns { field, from, to }, s.clone()))
    }

    fn opt_number<T: std::str::FromStr>(
        &self,
        from: usize,
        to: usize,
        field: Field,
    ) -> Result<Option<T>, TrfError> {
        if self.cols(from, to).is_empty() {
            Ok(None)
        } else {
            self.number(from, to, field).map(Some)
        }
    }

    fn char_at(&self, col: usize) -> char {
        self.chars.get(col.wrapping_sub(1)).copied().unwrap_or(' ')
    }
}

/// A date as TRF files write it (records 042, 052, 132): `YYYY/MM/DD`,
/// `YY/MM/DD`, `YYYY-MM-DD`, `YYYY.MM.DD` or `DD.MM.YYYY`.
pub fn parse_date(text: &str) -> Option<chrono::NaiveDate> {
    let t = text.trim();
    let parts: Vec<&str> = t.split(['/', '-', '.']).collect();
    let [a, b, c] = parts.as_slice() else {
        return None;
    };
    let num = |s: &str| s.trim().parse::<i32>().ok();
    let (y, m, d) = if a.len() == 4 {
        (num(a)?, num(b)?, num(c)?)
    } else if c.len() == 4 {
        (num(c)?, num(b)?, num(a)?)
    } else {
        // Two-digit years: TRF16 wrote YY/MM/DD.
        (2000 + num(a)?, num(b)?, num(c)?)
    };
    chrono::NaiveDate::from_ymd_opt(y, u32::try_from(m).ok()?, u32::try_from(d).ok()?)
}

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

struct Block801 {
    opponent: Option<u16>,
    colour: char,
    results: Vec<char>,
    players: Vec<char>,
}

struct Record801 {
    line: usize,
    team: u16,
    blocks: Vec<Block801>,
}

/// A board result as one team's line shows it (its own point of view): an
/// 801 block or a 001 round cell.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum SideResult {
    Win,
    Draw,
    Loss,
    ForfeitWin,
    ForfeitLoss,
    Pending,
    Replay,
}

impl SideResult {
    /// The result code of a 001 cell that names an opponent: played games
    /// (`1 = 0`, `W D L` not rated), forfeits, a game not played yet.
    fn from_player_code(c: char) -> Option<SideResult> {
        Some(match c {
            '1' | 'W' => SideResult::Win,
            '=' | 'D' => SideResult::Draw,
            '0' | 'L' => SideResult::Loss,
            '+' => SideResult::ForfeitWin,
            '-' => SideResult::ForfeitLoss,
            '*' | ' ' => SideResult::Pending,
            _ => return None,
        })
    }

    /// The same game from the other side.
    fn flipped(self) -> SideResult {
        match self {
            SideResult::Win => SideResult::Loss,
            SideResult::Loss => SideResult::Win,
            SideResult::ForfeitWin => SideResult::ForfeitLoss,
            SideResult::ForfeitLoss => SideResult::ForfeitWin,
            other => other,
        }
    }

    fn from_char(c: char) -> Option<SideResult> {
        Some(match c {
            '1' => SideResult::Win,
            '=' => SideResult::Draw,
            '0' => SideResult::Loss,
            '+' => SideResult::ForfeitWin,
            '-' => SideResult::ForfeitLoss,
            '*' => SideResult::Pending,
            'R' => SideResult::Replay,
            _ => return None,
        })
    }

    fn code(self) -> char {
        match self {
            SideResult::Win => '1',
            SideResult::Draw => '=',
            SideResult::Loss => '0',
            SideResult::ForfeitWin => '+',
            SideResult::ForfeitLoss => '-',
            SideResult::Pending => '*',
            SideResult::Replay => 'R',
        }
    }

    /// Whether `other`, on the opponent's line, is the same board result
    /// (a double forfeit is `-` on both lines).
    fn mirrors(self, other: SideResult) -> bool {
        use SideResult::{Draw, ForfeitLoss, ForfeitWin, Loss, Pending, Replay, Win};
        matches!(
            (self, other),
            (Win, Loss)
                | (Loss, Win)
                | (Draw, Draw)
                | (ForfeitWin, ForfeitLoss)
                | (ForfeitLoss, ForfeitWin | ForfeitLoss)
                | (Pending, Pending)
                | (Replay, Replay)
        )
    }

    /// What the opponent's line may show, for an error message.
    fn mirror_codes(self) -> &'static [char] {
        match self {
            SideResult::Win => &['0'],
            SideResult::Draw => &['='],
            SideResult::Loss => &['1'],
            SideResult::ForfeitWin => &['-'],
            SideResult::ForfeitLoss => &['+', '-'],
            SideResult::Pending => &['*'],
            SideResult::Replay => &['R'],
        }
    }
}

/// A board result seen from the home team, from the home and away lines'
/// results; either may be missing (a match on one line only). A `-` alone
/// is a forfeit loss for its side: a double forfeit needs both lines.
fn board_result(home: Option<SideResult>, away: Option<SideResult>) -> BoardResult {
    match (home, away) {
        (Some(h), a) => match h {
            SideResult::Win => BoardResult::HomeWin,
            SideResult::Draw => BoardResult::Draw,
            SideResult::Loss => BoardResult::AwayWin,
            SideResult::ForfeitWin => BoardResult::HomeForfeitWin,
            SideResult::ForfeitLoss if a == Some(SideResult::ForfeitLoss) => {
                BoardResult::DoubleForfeit
            }
            SideResult::ForfeitLoss => BoardResult::AwayForfeitWin,
            SideResult::Pending => BoardResult::NotPlayed,
            SideResult::Replay => BoardResult::Replay,
        },
        (None, Some(a)) => match a {
            SideResult::Win => BoardResult::AwayWin,
            SideResult::Draw => BoardResult::Draw,
            SideResult::Loss => BoardResult::HomeWin,
            SideResult::ForfeitWin => BoardResult::AwayForfeitWin,
            SideResult::ForfeitLoss => BoardResult::HomeForfeitWin,
            SideResult::Pending => BoardResult::NotPlayed,
            SideResult::Replay => BoardResult::Replay,
        },
        (None, None) => BoardResult::NotPlayed,
    }
}

/// One team's side of a match in one round: its 801 line and block, read.
struct Side<'a> {
    rec: &'a Record801,
    block: &'a Block801,
    /// The team's colour on board 1.
    colour: Colour,
    results: Vec<SideResult>,
}

impl<'a> Side<'a> {
    /// Reads a block that names an opponent: `slots` results, a colour and
    /// result characters, each error naming the line.
    fn read(
        rec: &'a Record801,
        block: &'a Block801,
        slots: usize,
        round_no: u16,
    ) -> Result<Side<'a>, TrfError> {
        if block.results.len() != slots {
            return Err(err(
                rec.line,
                Expected::ResultCount {
                    count: slots,
                    round: round_no,
                },
                block.results.iter().collect::<String>(),
            ));
        }
        let colour = match block.colour {
            'w' | 'W' => Colour::White,
            'b' | 'B' => Colour::Black,
            c => {
                return Err(err(
                    rec.line,
                    Expected::Colour { round: round_no },
                    c.to_string(),
                ));
            }
        };
        let results = block
            .results
            .iter()
            .map(|&c| {
                SideResult::from_char(c).ok_or_else(|| {
                    err(
                        rec.line,
                        Expected::ResultChar { round: round_no },
                        c.to_string(),
                    )
                })
            })
            .collect::<Result<Vec<_>, _>>()?;
        Ok(Side {
            rec,
            block,
            colour,
            results,
        })
    }

    /// The opponent's side of the same round (`partner`'s block `pb`),
    /// checked against this one: it must name this team as its opponent,
    /// have the other colour and show every board result mirrored. A
    /// disagreement names the opponent's line and what this line implies.
    fn check_partner(
        &self,
        partner: &'a Record801,
        pb: &'a Block801,
        slots: usize,
        boards: usize,
        round_no: u16,
    ) -> Result<Side<'a>, TrfError> {
        let (me, line) = (self.rec.team, self.rec.line);
        if pb.opponent != Some(me) {
            let found = match pb.opponent {
                Some(o) => o.to_string(),
                None => format!("no opponent ({})", pb.results.iter().collect::<String>()),
            };
            return Err(err(
                partner.line,
                Expected::Opponent {
                    team: me,
                    round: round_no,
                    line,
                    partner: partner.team,
                },
                found,
            ));
        }
        let theirs = Side::read(partner, pb, slots, round_no)?;
        if theirs.colour == self.colour {
            return Err(err(
                partner.line,
                Expected::OppositeColour {
                    colour: colour_char(self.colour.opposite()),
                    round: round_no,
                    team: me,
                    line,
                },
                pb.colour.to_string(),
            ));
        }
        for (idx, (mine, other)) in self.results.iter().zip(&theirs.results).enumerate() {
            if !mine.mirrors(*other) {
                let board = idx % boards.max(1) + 1;
                let game = (slots > boards).then(|| idx / boards.max(1) + 1);
                return Err(err(
                    partner.line,
                    Expected::Mirror {
                        accepted: mine.mirror_codes().to_vec(),
                        board,
                        game,
                        round: round_no,
                        mirroring: mine.code(),
                        team: me,
                        line,
                    },
                    other.code().to_string(),
                ));
            }
        }
        Ok(theirs)
    }

    /// The player on result slot `idx`, from the roster position in 801.
    fn player(&self, idx: usize, roster_of: &HashMap<u16, &Team>) -> Option<PlayerId> {
        let pos = self.block.players.get(idx).and_then(|&c| roster_pos(c))?;
        roster_of
            .get(&self.rec.team)
            .and_then(|t| t.roster.get(pos.checked_sub(1)?))
            .copied()
    }
}

/// The longest line a TRF file may hold: far beyond an 801 line of a
/// twelve-board, forty-round tournament, far below what would weigh on the
/// reader.
pub const MAX_LINE_CHARS: usize = 20_000;

/// Read a TRF-2026 team file.
pub fn read(text: &str) -> Result<TrfDocument, TrfError> {
    let normalized = text.replace("\r\n", "\n").replace('\r', "\n");
    let mut name = String::new();
    let mut start_date = None;
    let mut end_date = None;
    let mut system: Option<PairingSystem> = None;
    let mut system_text: Option<String> = None;
    let mut declared_rounds: Option<u16> = None;
    let mut initial_colour: Option<Colour> = None;
    let mut primary: Option<ScoreKind> = None;
    let mut tie_breaks = vec![];
    let mut tie_breaks_212: Option<Vec<TieBreak>> = None;
    let mut colours: Option<Vec<Colour>> = None;
    let mut match_points = MatchPoints::default();
    let mut players: Vec<Player> = vec![];
    let mut teams: Vec<Team> = vec![];
    let mut lineups: HashMap<(u16, u16), common::Lineup> = HashMap::new();
    let mut player_games: Vec<common::PlayerGames> = vec![];
    let mut teams_013: Vec<Team> = vec![];
    let mut records_013: Vec<UnknownRecord> = vec![];
    let mut pab: Vec<u16> = vec![];
    let mut pab_value: Option<(HalfPoints, HalfPoints)> = None;
    let mut byes: HashMap<(u16, u16), ByeKind> = HashMap::new();
    let mut forfeits: HashMap<(u16, u16, u16), MatchForfeit> = HashMap::new();
    let mut r801: Vec<Record801> = vec![];
    let mut unknown = vec![];

    for (i, raw) in normalized.split('\n').enumerate() {
        let no = i + 1;
        let trimmed = raw.trim_end();
        // Names and every other text of the file end up in pages and the
        // database: a control character (NUL above all) is refused with
        // its line, whatever record it is in.
        if let Some(c) = trimmed.chars().find(|c| c.is_ascii_control() && *c != '\t') {
            return Err(err(
                no,
                Expected::Printable,
                format!("U+{:04X}", u32::from(c)),
            ));
        }
        if trimmed.chars().count() > MAX_LINE_CHARS {
            let start: String = trimmed.chars().take(20).collect();
            return Err(err(
                no,
                Expected::LineLength {
                    max: MAX_LINE_CHARS,
                },
                format!("{start}…"),
            ));
        }
        if trimmed.trim().is_empty() || trimmed.starts_with("###") || is_ruler(trimmed) {
            continue;
        }
        let l = Line {
            no,
            chars: trimmed.chars().collect(),
        };
        let tag: String = l.chars.iter().take(3).collect();
        if l.chars.len() > 3 && l.char_at(4) != ' ' {
            return Err(err(no, Expected::RecordTag, trimmed));
        }
        match tag.as_str() {
            "012" => name = l.rest(5),
            "042" => start_date = Some(l.rest(5)).filter(|s| !s.is_empty()),
            "052" => end_date = Some(l.rest(5)).filter(|s| !s.is_empty()),
            "062" | "072" => {
                let s = l.rest(5);
                if !s.is_empty() && !is_player_count(&s) {
                    return Err(err(no, Expected::PlayerCount, s));
                }
            }
            "092" => system_text = Some(l.rest(5)),
            "142" => {
                let s = l.rest(5);
                declared_rounds =
                    Some(s.parse::<u16>().ok().filter(|n| *n > 0).ok_or_else(|| {
                        err(
                            no,
                            Expected::RoundCount {
                                record: Some("142"),
                            },
                            &s,
                        )
                    })?);
            }
            "152" => {
                let s = l.rest(5);
                initial_colour = Some(match s.to_ascii_uppercase().as_str() {
                    "W" => Colour::White,
                    "B" => Colour::Black,
                    _ => return Err(err(no, Expected::InitialColour, &s)),
                });
            }
            "192" => {
                let code = l.rest(5).to_ascii_uppercase();
                system = Some(
                    system_from_code(&code)
                        .ok_or_else(|| err(no, Expected::TournamentType, &code))?,
                );
                if let Some(kind) = primary_from_code(&code) {
                    primary.get_or_insert(kind);
                }
            }
            // 202 lists the tie-breaks, 212 the whole ranking (scores
            // first); either may name the primary score.
            "202" | "212" => {
                let list = parse_ranking_list(&l.rest(5))
                    .map_err(|e| err(no, Expected::TieBreakList, e.to_string()))?;
                if tag == "212" {
                    primary = list.primary.or(primary);
                    tie_breaks_212 = Some(list.tie_breaks);
                } else {
                    if primary.is_none() {
                        primary = list.primary;
                    }
                    tie_breaks = list.tie_breaks;
                }
            }
            "352" => {
                let s = l.rest(5);
                let c: Option<Vec<Colour>> = s
                    .chars()
                    .map(|c| match c.to_ascii_uppercase() {
                        'W' => Some(Colour::White),
                        'B' => Some(Colour::Black),
                        _ => None,
                    })
                    .collect();
                colours = Some(
                    c.filter(|c| !c.is_empty())
                        .ok_or_else(|| err(no, Expected::BoardColours, &s))?,
                );
            }
            "362" => match_points = parse_362(&l)?,
            "001" => {
                fits(&l, 9, Field::StartingRank, 9999)?;
                players.push(parse_001(&l)?);
                player_games.push(common::parse_cells(&l)?);
            }
            "310" => {
                fits(&l, 8, Field::TeamNumber, 999)?;
                teams.push(parse_310(&l)?);
            }
            "013" => {
                let id = u16::try_from(teams_013.len() + 1).unwrap_or(u16::MAX);
                teams_013.push(parse_013(&l, id)?);
                records_013.push(UnknownRecord {
                    line: no,
                    text: l.text(),
                });
            }
            "300" => {
                let round: u16 = l.number(5, 7, Field::RoundNumber)?;
                let team: u16 = l.number(9, 11, Field::TeamNumber)?;
                let opponent: u16 = l.opt_number(13, 15, Field::OpponentNumber)?.unwrap_or(0);
                let mut ids = vec![];
                let mut col = 17;
                while col <= l.chars.len() {
                    ids.push(l.opt_number(col, col + 3, Field::PlayerId)?.unwrap_or(0));
                    col += 5;
                }
                lineups.insert(
                    (round, team),
                    common::Lineup {
                        line: no,
                        opponent,
                        players: ids,
                    },
                );
            }
            "320" => {
                let value = |from: usize, to: usize, field: Field| {
                    HalfPoints::parse_decimal(&l.cols(from, to)).ok_or_else(|| {
                        err(
                            no,
                            Expected::InColumns { field, from, to },
                            l.cols(from, to),
                        )
                    })
                };
                pab_value = Some((
                    value(5, 8, Field::PabMatchPoints)?,
                    value(10, 13, Field::PabGamePoints)?,
                ));
                // One team per round; a blank round has no PAB.
                let mut col = 15;
                pab.clear();
                while col <= l.chars.len() {
                    pab.push(l.opt_number(col, col + 2, Field::TeamNumber)?.unwrap_or(0));
                    col += 4;
                }
            }
            "240" => {
                let kind = match l.char_at(5) {
                    'F' => ByeKind::FullPoint,
                    'H' => ByeKind::HalfPoint,
                    'Z' => ByeKind::ZeroPoint,
                    c => return Err(err(no, Expected::ByeType { column: 5 }, c.to_string())),
                };
                let round: u16 = l.number(7, 9, Field::RoundNumber)?;
                let mut col = 11;
                while col <= l.chars.len() {
                    let team: u16 = l.number(col, col + 3, Field::TeamNumber)?;
                    byes.insert((round, team), kind);
                    col += 5;
                }
            }
            "330" => {
                let f = match l.cols(5, 6).as_str() {
                    "+-" => MatchForfeit::HomeWins,
                    "-+" => MatchForfeit::AwayWins,
                    "--" => MatchForfeit::Double,
                    s => return Err(err(no, Expected::ForfeitType { from: 5, to: 6 }, s)),
                };
                let round: u16 = l.number(8, 10, Field::RoundNumber)?;
                let white: u16 = l.number(12, 14, Field::WhiteTeamNumber)?;
                let black: u16 = l.number(16, 18, Field::BlackTeamNumber)?;
                forfeits.insert((round, white, black), f);
            }
            "801" => r801.push(parse_801(&l)?),
            "802" => parse_802(&l)?,
            _ => unknown.push(UnknownRecord {
                line: no,
                text: l.text(),
            }),
        }
    }

    if let Some(list) = tie_breaks_212.filter(|l| !l.is_empty()) {
        tie_breaks = list;
    }
    let system = system
        .or_else(|| system_text.as_deref().and_then(system_from_text))
        .unwrap_or(PairingSystem::Swiss);
    // A file in TRF16 style lists its teams in 013 records, numbered in
    // order; 310 records, when present, are the team list.
    if teams.is_empty() {
        teams = teams_013;
    } else {
        unknown.extend(records_013);
        unknown.sort_by_key(|u| u.line);
    }
    let has_games = player_games.iter().any(common::PlayerGames::has_games);
    // Results per round of one 801 block: boards × games per pairing.
    let slots = r801
        .iter()
        .flat_map(|r| r.blocks.iter())
        .map(|b| b.results.len())
        .next();
    // Games per pairing where 801 does not tell: what 092 says (platform
    // files), else whether the player lines' columns come in pairs of equal
    // pairings (or 142 rounds fill twice the columns).
    let declared_gpp = system_text
        .as_deref()
        .and_then(|s| s.split(',').nth(1))
        .and_then(|s| s.split_whitespace().next())
        .and_then(|n| n.parse::<usize>().ok());
    let gpp_guess = declared_gpp.unwrap_or_else(|| {
        let columns = player_games
            .iter()
            .map(|p| p.cells.len())
            .max()
            .unwrap_or(0);
        let paired = has_games
            && (common::columns_pair_up(&player_games, &teams)
                || declared_rounds.is_some_and(|n| usize::from(n) * 2 == columns));
        if paired { 2 } else { 1 }
    });
    // Boards: from 352, else from the first 801 block, else from the 300
    // line-ups (one entry per board) and the most games a team plays in one
    // round of the player lines. Never from the players a team lists
    // (Swiss-Manager lists reserves in 013 and on 001 lines).
    let colours = match (colours, slots) {
        (Some(c), _) => c,
        (None, Some(n)) => alternating_colours(u8::try_from(n).unwrap_or(u8::MAX)),
        (None, None) => {
            let from_300 = lineups.values().map(|l| l.players.len()).max();
            let from_games = has_games
                .then(|| common::boards_per_match(&player_games, &teams, &forfeits, gpp_guess));
            let n = from_300.max(from_games).unwrap_or(1).max(1);
            alternating_colours(u8::try_from(n).unwrap_or(u8::MAX))
        }
    };
    let boards = colours.len();
    let slots = slots.unwrap_or(boards * gpp_guess);
    if boards == 0 || slots % boards != 0 || !(1..=2).contains(&(slots / boards)) {
        let at = r801.first().map(|r| r.line).unwrap_or(0);
        return Err(err(
            at,
            Expected::BoardsAndGames { boards },
            format!("{slots} results"),
        ));
    }
    let gpp = slots / boards;
    let home_colour = colours.first().copied().unwrap_or(Colour::White);

    let rounds_801 = if r801.is_empty() {
        None
    } else {
        let by_team: HashMap<u16, &Record801> = r801.iter().map(|r| (r.team, r)).collect();
        let roster_of: HashMap<u16, &Team> = teams.iter().map(|t| (t.id.0, t)).collect();
        let n_rounds = r801.iter().map(|r| r.blocks.len()).max().unwrap_or(0);
        let mut rounds = Vec::with_capacity(n_rounds);
        for ri in 0..n_rounds {
            let round_no = u16::try_from(ri + 1).unwrap_or(u16::MAX);
            let mut pairings = vec![];
            // Team → the line that paired it in this round.
            let mut placed: HashMap<u16, usize> = HashMap::new();
            let mut place = |team: u16, line: usize, found: String| -> Result<(), TrfError> {
                match placed.insert(team, line) {
                    Some(first) => Err(err(
                        line,
                        Expected::OnePairing {
                            round: round_no,
                            team,
                            line: first,
                        },
                        found,
                    )),
                    None => Ok(()),
                }
            };
            for rec in &r801 {
                let Some(b) = rec.blocks.get(ri) else {
                    continue;
                };
                if b.results.len() != slots {
                    return Err(err(
                        rec.line,
                        Expected::ResultCount {
                            count: slots,
                            round: round_no,
                        },
                        b.results.iter().collect::<String>(),
                    ));
                }
                let Some(opp) = b.opponent else {
                    let letter = b.results.first().copied().unwrap_or('Z');
                    let kind = match letter {
                        'U' => Some(ByeKind::PairingAllocated),
                        'F' => Some(ByeKind::FullPoint),
                        'H' => Some(ByeKind::HalfPoint),
                        'Z' => byes.get(&(round_no, rec.team)).copied(),
                        c => {
                            return Err(err(
                                rec.line,
                                Expected::ByeLetters { round: round_no },
                                c.to_string(),
                            ));
                        }
                    };
                    if let Some(kind) = kind {
                        place(rec.team, rec.line, b.results.iter().collect())?;
                        pairings.push(Pairing::Bye {
                            team: TeamId(rec.team),
                            kind,
                        });
                    }
                    continue;
                };
                // Either team's line may carry the match; when both do, they
                // must agree, and the home team's line builds it.
                let mine = Side::read(rec, b, slots, round_no)?;
                let partner = match by_team
                    .get(&opp)
                    .and_then(|p| p.blocks.get(ri).map(|pb| (*p, pb)))
                {
                    Some((prec, pb)) => {
                        Some(mine.check_partner(prec, pb, slots, boards, round_no)?)
                    }
                    None => None,
                };
                let is_home = mine.colour == home_colour;
                if partner.is_some() && !is_home {
                    continue;
                }
                let (home, away) = if is_home {
                    (Some(mine), partner)
                } else {
                    (partner, Some(mine))
                };
                let (home_team, away_team) = if is_home {
                    (rec.team, opp)
                } else {
                    (opp, rec.team)
                };
                place(home_team, rec.line, format!("opponent {opp}"))?;
                place(away_team, rec.line, format!("opponent {opp}"))?;
                let forfeit = forfeits.get(&(round_no, home_team, away_team)).copied();
                let mut games = vec![];
                if forfeit.is_none() {
                    for idx in 0..slots {
                        let result = board_result(
                            home.as_ref().and_then(|s| s.results.get(idx)).copied(),
                            away.as_ref().and_then(|s| s.results.get(idx)).copied(),
                        );
                        let board = u8::try_from(idx % boards + 1).unwrap_or(u8::MAX);
                        let game = u8::try_from(idx / boards + 1).unwrap_or(u8::MAX);
                        let mut home_player = home.as_ref().and_then(|s| s.player(idx, &roster_of));
                        let mut away_player = away.as_ref().and_then(|s| s.player(idx, &roster_of));
                        // 300 records name game 1's line-up explicitly; they fill
                        // boards whose player is not a roster position in 801.
                        if game == 1 {
                            for (team, slot) in
                                [(home_team, &mut home_player), (away_team, &mut away_player)]
                            {
                                if slot.is_none()
                                    && let Some(lineup) = lineups.get(&(round_no, team))
                                    && let Some(&id) = lineup.players.get(usize::from(board - 1))
                                {
                                    *slot = (id != 0).then_some(PlayerId(id));
                                }
                            }
                        }
                        games.push(Game {
                            board,
                            game,
                            result,
                            home_player,
                            away_player,
                        });
                    }
                }
                pairings.push(Pairing::Match(Match {
                    home: TeamId(home_team),
                    away: TeamId(away_team),
                    games,
                    forfeit,
                }));
            }
            // 320 names a PAB team the 801 lines may not show (e.g. no 801 at all).
            if let Some(&team) = pab.get(ri)
                && team != 0
                && !pairings
                    .iter()
                    .any(|p| matches!(p, Pairing::Bye { team: t, .. } if t.0 == team))
            {
                pairings.push(Pairing::Bye {
                    team: TeamId(team),
                    kind: ByeKind::PairingAllocated,
                });
            }
            // So does 240 for the other byes.
            let mut listed: Vec<(u16, ByeKind)> = byes
                .iter()
                .filter(|(k, _)| k.0 == round_no)
                .map(|(k, v)| (k.1, *v))
                .collect();
            listed.sort_by_key(|(t, _)| *t);
            for (team, kind) in listed {
                let paired = pairings.iter().any(|p| match p {
                    Pairing::Bye { team: t, .. } => t.0 == team,
                    Pairing::Match(m) => m.home.0 == team || m.away.0 == team,
                });
                if !paired {
                    pairings.push(Pairing::Bye {
                        team: TeamId(team),
                        kind,
                    });
                }
            }
            rounds.push(Round {
                number: round_no,
                pairings,
            });
        }
        Some(rounds)
    };
    let ctx = common::Context {
        teams: &teams,
        boards,
        games_per_pairing: gpp,
        colours: &colours,
        lineups: &lineups,
        pab: &pab,
        byes: &byes,
        forfeits: &forfeits,
    };
    let rounds = match rounds_801 {
        // Both layouts: the 801 records are the platform's full account
        // (pending games too); the player lines must agree with them.
        Some(rounds) if has_games => {
            let from_players = common::rounds(&player_games, &ctx)?;
            cross_check(&rounds, &from_players, &r801, &player_games, &teams, gpp)?;
            rounds
        }
        Some(rounds) => rounds,
        None => common::rounds(&player_games, &ctx)?,
    };
    // 320 gives the bye's value; a drawn match is the default.
    let games_per_match = i32::try_from(boards * gpp).unwrap_or(i32::MAX / 2);
    // Without 320 a PAB written only as `U` cells on the players' lines
    // (Swiss-Manager, TRF16) is worth what those cells give: TRF-2026 scores
    // each `U` as that player's pairing-allocated bye, a win (1 point) by
    // C.04.1 (c) unless 162 says otherwise, so the team has one game point
    // per board (per game). The match points are those of a drawn match: the
    // C.04.6 default value of a PAB, and what the FIDE tie-break checker
    // gives a PAB that 320 does not value (its "P" match result scores as a
    // draw, its game points as a PAB game on every board). C.07's board
    // tie-breaks (a bye is a win on every board) read the same.
    let u_cells_pab = pab_value.is_none()
        && player_games
            .iter()
            .any(|p| p.cells.iter().flatten().any(|c| c.result == 'U'))
        && rounds.iter().any(|r| {
            r.pairings.iter().any(|p| {
                matches!(
                    p,
                    Pairing::Bye {
                        kind: ByeKind::PairingAllocated,
                        ..
                    }
                )
            })
        });
    let pab_value = pab_value
        .or(u_cells_pab.then(|| (match_points.draw, HalfPoints::ONE.times(games_per_match))))
        .filter(|&(mp, gp)| {
            mp != match_points.draw || gp != HalfPoints::HALF.times(games_per_match)
        })
        .map(|(match_points, game_points)| ByeValue {
            match_points,
            game_points,
        });
    let mut tournament = Tournament {
        name,
        start_date,
        end_date,
        system,
        boards: u8::try_from(boards).unwrap_or(u8::MAX),
        games_per_pairing: u8::try_from(gpp).unwrap_or(1),
        colours,
        scoring: Scoring {
            primary: primary.unwrap_or(ScoreKind::MatchPoints),
            match_points,
            pab: pab_value,
        },
        declared_rounds,
        initial_colour,
        teams,
        players,
        rounds,
    };
    tournament.canonicalize();
    tournament
        .validate()
        .map_err(|e| err(0, Expected::Consistent, e.to_string()))?;
    Ok(TrfDocument {
        tournament,
        tie_breaks,
        unknown,
    })
}

fn system_from_code(code: &str) -> Option<PairingSystem> {
    if code.contains("ROUNDROBIN") {
        Some(PairingSystem::RoundRobin)
    } else if code.contains("KNOCKOUT") {
        Some(PairingSystem::Knockout)
    } else if code.contains("SWISS") || code.starts_with("FIDE_TEAM") {
        Some(PairingSystem::Swiss)
    } else {
        None
    }
}

/// The primary score a 192 code names. TRF-2026 spells the team codes
/// `FIDE_TEAM[_TYPEA|_TYPEB][_MP_GP|_GP_MP|_MP|_GP][_BAKU]` (and
/// `CUSTOM_TEAM_SWISS[_MP|_GP]`): the score part lists the primary score
/// first, then the secondary one, so `FIDE_TEAM_MP_GP` ranks by match points
/// and `FIDE_TEAM_GP_MP` by game points. The colour type (TYPEA/TYPEB) and
/// the Baku acceleration say nothing about the scores. `FIDE_TEAM` and
/// `FIDE_TEAM_BAKU` name no score (they stand for type A, MP then GP): the
/// reader leaves the primary score to 202/212 or the default, match points.
fn primary_from_code(code: &str) -> Option<ScoreKind> {
    code.split('_').find_map(|part| match part {
        "MP" => Some(ScoreKind::MatchPoints),
        "GP" => Some(ScoreKind::GamePoints),
        _ => None,
    })
}

/// Records 062 and 072: a number of players, as Swiss-Manager writes it
/// with the rated ones in parentheses (`062 129 (88)`).
fn is_player_count(s: &str) -> bool {
    let (total, rest) = match s.split_once('(') {
        Some((a, b)) => (a.trim(), Some(b)),
        None => (s.trim(), None),
    };
    total.parse::<u32>().is_ok()
        && rest.is_none_or(|r| {
            r.strip_suffix(')')
                .is_some_and(|n| n.trim().parse::<u32>().is_ok())
        })
}

/// The column rulers Swiss-Manager writes above the 001 records: the tens
/// (`         1         2 …`, each number ending on its column), the units
/// (`1234567890123…`) and the field letters of the 001 layout
/// (`DDD SSSS sTTT NNNN… RRRR FFF IIII… BBBB/BB/BB PPPP RRRR  1111 1 1 …`).
/// They are no record: the reader skips them.
fn is_ruler(line: &str) -> bool {
    let chars: Vec<char> = line.chars().collect();
    // Units: the digits 1234567890 repeated from column 1.
    let units = chars.len() >= 10
        && chars
            .iter()
            .enumerate()
            .all(|(i, &c)| c.to_digit(10) == u32::try_from((i + 1) % 10).ok());
    // Tens: numbers 1, 2, … each ending on column 10 × n.
    let tens = line.starts_with(' ') && {
        let mut ok = false;
        let mut i = 0;
        let mut expected = 1usize;
        while i < chars.len() {
            if chars[i] == ' ' {
                i += 1;
                continue;
            }
            let start = i;
            while i < chars.len() && chars[i].is_ascii_digit() {
                i += 1;
            }
            let n: Option<usize> = chars[start..i].iter().collect::<String>().parse().ok();
            ok = i > start && n == Some(expected) && i == 10 * expected;
            if !ok {
                break;
            }
            expected += 1;
        }
        ok
    };
    // Field letters: the 001 layout's letters, digits, `/` and blanks.
    let fields = line.starts_with("DDD SSSS ")
        && chars
            .iter()
            .all(|c| c.is_ascii_alphanumeric() || *c == '/' || *c == ' ');
    units || tens || fields
}

fn system_from_text(text: &str) -> Option<PairingSystem> {
    let t = text.to_ascii_lowercase();
    if t.contains("robin") || t.contains("berger") {
        Some(PairingSystem::RoundRobin)
    } else if t.contains("knock") {
        Some(PairingSystem::Knockout)
    } else if t.contains("swiss") {
        Some(PairingSystem::Swiss)
    } else {
        None
    }
}

fn parse_362(l: &Line) -> Result<MatchPoints, TrfError> {
    let mut mp = MatchPoints::default();
    let rest = l.rest(5);
    let tokens: Vec<&str> = rest.split_whitespace().collect();
    let mut i = 0;
    while i < tokens.len() {
        let key = tokens[i];
        let value = tokens
            .get(i + 1)
            .and_then(|v| HalfPoints::parse_decimal(v))
            .ok_or_else(|| {
                err(
                    l.no,
                    Expected::ValueAfter {
                        key: key.to_owned(),
                    },
                    tokens.get(i + 1).copied().unwrap_or(""),
                )
            })?;
        match key.to_ascii_uppercase().as_str() {
            "TW" => mp.win = value,
            "TD" => mp.draw = value,
            "TL" => mp.loss = value,
            other => return Err(err(l.no, Expected::MatchPointsKey, other)),
        }
        i += 2;
    }
    Ok(mp)
}

fn parse_001(l: &Line) -> Result<Player, TrfError> {
    let id: u16 = l.number(5, 8, Field::StartingRank)?;
    let name = l.cols(15, 47);
    let rating: Option<u16> = l.opt_number(49, 52, Field::Rating)?;
    let fed = l.cols(54, 56);
    let fide_id: Option<u64> = l.opt_number(58, 68, Field::FideNumber)?;
    let points = l.cols(81, 84);
    if !points.is_empty() && HalfPoints::parse_decimal(&points).is_none() {
        return Err(err(
            l.no,
            Expected::PlayerPoints { from: 81, to: 84 },
            points,
        ));
    }
    Ok(Player {
        id: PlayerId(id),
        name,
        rating,
        federation: Some(fed).filter(|f| !f.is_empty()),
        fide_id,
    })
}

fn parse_310(l: &Line) -> Result<Team, TrfError> {
    let id: u16 = l.number(5, 7, Field::TeamNumber)?;
    let name = l.cols(9, 40);
    let nick = l.cols(42, 46);
    for (from, to, field) in [(55, 60, Field::MatchPoints), (62, 67, Field::GamePoints)] {
        let s = l.cols(from, to);
        if !s.is_empty() && HalfPoints::parse_decimal(&s).is_none() {
            return Err(err(l.no, Expected::InColumns { field, from, to }, s));
        }
    }
    let mut roster = vec![];
    let mut col = 74;
    while col <= l.chars.len() {
        let s = l.cols(col, col + 3);
        if !s.is_empty() {
            roster.push(PlayerId(l.number(
                col,
                col + 3,
                Field::PlayerStartingRank,
            )?));
        }
        col += 5;
    }
    Ok(Team {
        id: TeamId(id),
        name,
        nickname: Some(nick).filter(|n| !n.is_empty()),
        roster,
    })
}

/// A number that runs into `column` does not fit its field (e.g. a team
/// number above 999 in record 310).
fn fits(l: &Line, column: usize, field: Field, max: u32) -> Result<(), TrfError> {
    if l.char_at(column).is_ascii_digit() {
        let start = column.saturating_sub(max.to_string().len());
        return Err(err(
            l.no,
            Expected::NumberFits { field, max },
            l.cols(start, column),
        ));
    }
    Ok(())
}

/// A TRF16 team record: `013 NAME…(32) PPPP PPPP …`, numbered in order.
fn parse_013(l: &Line, id: u16) -> Result<Team, TrfError> {
    let name = l.cols(5, 36);
    let mut roster = vec![];
    let mut col = 37;
    while col <= l.chars.len() {
        if let Some(p) = l.opt_number(col, col + 3, Field::PlayerStartingRank)? {
            roster.push(PlayerId(p));
        }
        col += 5;
    }
    Ok(Team {
        id: TeamId(id),
        name,
        nickname: None,
        roster,
    })
}

/// The player lines must show what the 801 records show: every match they
/// hold pairs the same teams with the same home team, every game they hold
/// has the 801 result and players, every bye the same kind. A disagreement
/// names the team's 801 line and the player line it contradicts.
fn cross_check(
    from_801: &[Round],
    from_players: &[Round],
    r801: &[Record801],
    player_games: &[common::PlayerGames],
    teams: &[Team],
    gpp: usize,
) -> Result<(), TrfError> {
    let line_801 = |team: TeamId| r801.iter().find(|r| r.team == team.0).map_or(0, |r| r.line);
    let player_line = |team: TeamId, round: u16| -> usize {
        let Some(t) = teams.iter().find(|t| t.id == team) else {
            return 0;
        };
        let first = (usize::from(round.max(1)) - 1) * gpp;
        let in_round = |p: &&common::PlayerGames| {
            (first..first + gpp).any(|c| p.cells.get(c).is_some_and(Option::is_some))
        };
        let of_team = player_games
            .iter()
            .filter(|p| t.roster.iter().any(|r| r.0 == p.player));
        of_team
            .clone()
            .find(in_round)
            .or_else(|| of_team.clone().next())
            .map_or(0, |p| p.line)
    };
    let fail = |round: u16, team: TeamId, found: String| {
        err(
            line_801(team),
            Expected::SameAsPlayerLines {
                round,
                team: team.0,
                line: player_line(team, round),
            },
            found,
        )
    };
    for r in from_players {
        let Some(other) = from_801.iter().find(|x| x.number == r.number) else {
            if let Some(p) = r.pairings.first() {
                let team = match p {
                    Pairing::Match(m) => m.home,
                    Pairing::Bye { team, .. } => *team,
                };
                return Err(fail(r.number, team, "no round".into()));
            }
            continue;
        };
        for p in &r.pairings {
            match p {
                Pairing::Bye { team, kind } => {
                    let theirs = other.pairings.iter().find_map(|q| match q {
                        Pairing::Bye { team: t, kind: k } if t == team => Some(*k),
                        _ => None,
                    });
                    if theirs != Some(*kind) {
                        return Err(fail(r.number, *team, describe(other, *team)));
                    }
                }
                Pairing::Match(m) => {
                    // Without a game the player lines cannot tell the home team.
                    let told = m.forfeit.is_some()
                        || m.games
                            .iter()
                            .any(|g| g.home_player.is_some() && g.away_player.is_some());
                    let theirs = other.pairings.iter().find_map(|q| match q {
                        Pairing::Match(x) if x.home == m.home && x.away == m.away => Some(x),
                        Pairing::Match(x) if !told && x.home == m.away && x.away == m.home => {
                            Some(x)
                        }
                        _ => None,
                    });
                    let Some(x) = theirs else {
                        return Err(fail(r.number, m.home, describe(other, m.home)));
                    };
                    if m.forfeit != x.forfeit {
                        return Err(fail(r.number, m.home, describe(other, m.home)));
                    }
                    // Only the games the player lines hold (a board nobody
                    // filled there may be a game still to be played).
                    // The player lines may have told the teams the other way
                    // round: compare each side with the same team's side.
                    let flipped = x.home != m.home;
                    let games: Vec<Game> = m
                        .games
                        .iter()
                        .map(|g| {
                            if flipped {
                                Game {
                                    result: g.result.flipped(),
                                    home_player: g.away_player,
                                    away_player: g.home_player,
                                    ..g.clone()
                                }
                            } else {
                                g.clone()
                            }
                        })
                        .collect();
                    for g in games
                        .iter()
                        .filter(|g| g.home_player.is_some() || g.away_player.is_some())
                    {
                        // Each side as its own line shows it: points, and
                        // whether the game was forfeited.
                        let side = |r: BoardResult, home: bool| {
                            let pts = r.points().map(|(h, a)| if home { h } else { a });
                            (pts, r.is_forfeit())
                        };
                        let agrees_with = |y: &Game| {
                            (g.home_player.is_none()
                                || (side(y.result, true) == side(g.result, true)
                                    && y.home_player.is_none_or(|p| Some(p) == g.home_player)))
                                && (g.away_player.is_none()
                                    || (side(y.result, false) == side(g.result, false)
                                        && y.away_player.is_none_or(|p| Some(p) == g.away_player)))
                        };
                        // The same players' game of that game number (the
                        // player lines cannot always tell the board), else
                        // the game on the same board.
                        let same_players = x.games.iter().find(|y| {
                            y.game == g.game
                                && (y.home_player.is_some() || y.away_player.is_some())
                                && (g.home_player.is_none() || y.home_player == g.home_player)
                                && (g.away_player.is_none() || y.away_player == g.away_player)
                        });
                        let same = same_players.or_else(|| {
                            x.games
                                .iter()
                                .find(|y| y.board == g.board && y.game == g.game)
                        });
                        let agrees = same.is_some_and(agrees_with);
                        if !agrees {
                            return Err(fail(
                                r.number,
                                m.home,
                                format!(
                                    "board {}{}: {}",
                                    g.board,
                                    if g.game > 1 { " (game 2)" } else { "" },
                                    same.map_or("no game".to_string(), |y| format!(
                                        "{:?}",
                                        y.result
                                    ))
                                ),
                            ));
                        }
                    }
                }
            }
        }
    }
    Ok(())
}

/// What a round of the 801 records shows for `team`, for an error message.
fn describe(round: &Round, team: TeamId) -> String {
    for p in &round.pairings {
        match p {
            Pairing::Bye { team: t, kind } if *t == team => return kind.code().to_string(),
            Pairing::Match(m) if m.home == team => return format!("home against {}", m.away),
            Pairing::Match(m) if m.away == team => return format!("away against {}", m.home),
            _ => {}
        }
    }
    "not paired".to_string()
}

fn parse_801(l: &Line) -> Result<Record801, TrfError> {
    // Team number: first token after the tag.
    let mut i = 3;
    while l.chars.get(i) == Some(&' ') {
        i += 1;
    }
    let start = i;
    while l.chars.get(i).is_some_and(char::is_ascii_digit) {
        i += 1;
    }
    let team_text: String = l.chars.get(start..i).unwrap_or_default().iter().collect();
    let team: u16 = team_text
        .parse()
        .map_err(|_| err(l.no, Expected::TeamAfter801, team_text.clone()))?;
    // Nickname: the 5 columns after one blank.
    let mut j = (i + 6).min(l.chars.len());
    // Match points and game points: the next two tokens.
    let mut token_end = |field: Field| -> Result<usize, TrfError> {
        while l.chars.get(j) == Some(&' ') {
            j += 1;
        }
        let s = j;
        while l.chars.get(j).is_some_and(|c| *c != ' ') {
            j += 1;
        }
        let text: String = l.chars.get(s..j).unwrap_or_default().iter().collect();
        HalfPoints::parse_decimal(&text)
            .map(|_| j)
            .ok_or_else(|| err(l.no, Expected::In801Header { field }, text))
    };
    token_end(Field::MatchPoints)?;
    let gp_end = token_end(Field::GamePoints)?;
    // Blocks: " OOO C R…R P…P", results start 7 columns into the block.
    let mut blocks = vec![];
    let mut pos = gp_end;
    while pos < l.chars.len() {
        let at = |k: usize| l.chars.get(pos + k).copied().unwrap_or(' ');
        let opp_text: String = (1..=3).map(at).collect::<String>().trim().to_string();
        let colour = at(5);
        let mut n = 0;
        while at(7 + n) != ' ' && pos + 7 + n < l.chars.len() {
            n += 1;
        }
        if n == 0 {
            return Err(err(
                l.no,
                Expected::RoundResultsAt { column: pos + 8 },
                l.chars
                    .get(pos..)
                    .unwrap_or_default()
                    .iter()
                    .collect::<String>(),
            ));
        }
        let results: Vec<char> = (0..n).map(|k| at(7 + k)).collect();
        let players: Vec<char> = (0..n).map(|k| at(8 + n + k)).collect();
        let opponent = if opp_text.is_empty() {
            None
        } else {
            Some(opp_text.parse().map_err(|_| {
                err(
                    l.no,
                    Expected::OpponentAt { column: pos + 2 },
                    opp_text.clone(),
                )
            })?)
        };
        blocks.push(Block801 {
            opponent,
            colour,
            results,
            players,
        });
        pos += 8 + 2 * n;
    }
    Ok(Record801 {
        line: l.no,
        team,
        blocks,
    })
}

fn parse_802(l: &Line) -> Result<(), TrfError> {
    let _: u16 = l.number(5, 7, Field::TeamNumber)?;
    for (from, to, field) in [
        (15, 20, Field::TotalMatchPoints),
        (22, 27, Field::TotalGamePoints),
    ] {
        let s = l.cols(from, to);
        if HalfPoints::parse_decimal(&s).is_none() {
            return Err(err(l.no, Expected::InColumns { field, from, to }, s));
        }
    }
    let mut col = 29;
    while col <= l.chars.len() {
        let opp = l.cols(col, col + 2);
        if !opp.is_empty() && ByeKind::from_code(&opp).is_none() && opp.parse::<u16>().is_err() {
            return Err(err(
                l.no,
                Expected::InColumns {
                    field: Field::OpponentOrBye,
                    from: col,
                    to: col + 2,
                },
                opp,
            ));
        }
        let gp = l.cols(col + 6, col + 9);
        if !gp.is_empty() && HalfPoints::parse_decimal(&gp).is_none() {
            return Err(err(
                l.no,
                Expected::InColumns {
                    field: Field::GamePoints,
                    from: col + 6,
                    to: col + 9,
                },
                gp,
            ));
        }
        col += 13;
    }
    Ok(())
}

#[cfg(test)]
mod tests;
