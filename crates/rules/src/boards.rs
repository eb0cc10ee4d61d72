//! Boards of a round: who sits where before the round (G-V22, E-2), who may
//! come in during it (G-V31, G-V32), a team too short to go on (G-G2) and a
//! player who comes late (E-6).
//!
//! Persons are ids; the caller resolves nicks (the announcement of a
//! substitution is parsed here, and [`resolve`] turns its nicks into ids).
//! Every check reports **every** problem at once, as data with its
//! parameters, so that the web layer can word it in Russian or English
//! (`words::boards`); `Display` gives the English wording.
//!
//! Boards are numbered from 1 (board 1 = the first registered player,
//! E-2). The regulation of G calls the board a "table" in its announcement
//! (В.2.2: the captain marks "the table this nick will fight at"), so the
//! announced table number is a board number.
//!
//! The fixed-board rule, as applied here (G-V22, G-G5, E-2):
//! * a registered board player plays only their own board;
//! * a substitute may take any board whose player does not play, but once a
//!   person has played a board in this tournament they stay on it (the board
//!   history, person → board, is the caller's record of earlier rounds and
//!   earlier substitutions);
//! * nobody comes in twice in one round (G-V22, G-V31).

use std::collections::{BTreeMap, BTreeSet};
use std::fmt;

use super::lineup::Lineup;
use super::score::BoardResult;

/// G-G2: a team is withdrawn when more than this many boards would stay
/// empty with no substitute possible.
pub const G_G2_MAX_MISSING: u8 = 2;

/// E-6: a player **more** than five minutes late loses by forfeit.
pub const E_6_LATENESS_LIMIT_SECONDS: u32 = 5 * 60;

/// A board number from a 0-based index. Board counts are small (5 in G,
/// 3 in E); anything beyond `u8` saturates rather than wraps.
fn board_number(index: usize) -> u8 {
    u8::try_from(index.saturating_add(1)).unwrap_or(u8::MAX)
}

/// The entry's registered line-up for this tournament (G-B13): board
/// players in board order and substitutes, person ids.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Registered<'a> {
    /// Board 1 first (E-2: boards are fixed to the main players).
    pub boards: &'a [i64],
    pub substitutes: &'a [i64],
}

impl<'a> From<&'a Lineup> for Registered<'a> {
    fn from(l: &'a Lineup) -> Self {
        Registered {
            boards: &l.boards,
            substitutes: &l.substitutes,
        }
    }
}

impl Registered<'_> {
    /// The board a registered board player owns.
    pub fn own_board(&self, person: i64) -> Option<u8> {
        self.boards
            .iter()
            .position(|&p| p == person)
            .map(board_number)
    }

    pub fn is_substitute(&self, person: i64) -> bool {
        self.substitutes.contains(&person)
    }
}

/// A checked assignment of persons to boards for one round. Only
/// [`assign_boards`] and [`default_lineup`] make one.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct RoundLineup {
    boards: Vec<Option<i64>>,
}

impl RoundLineup {
    /// Board 1 first; `None` is an empty board (forfeited).
    pub fn boards(&self) -> &[Option<i64>] {
        &self.boards
    }

    /// Who plays `board` (1-based), if anyone.
    pub fn player_on(&self, board: u8) -> Option<i64> {
        usize::from(board)
            .checked_sub(1)
            .and_then(|i| self.boards.get(i).copied().flatten())
    }

    /// How many boards nobody plays: each is lost by forfeit, and G-G2
    /// counts them.
    pub fn empty_boards(&self) -> usize {
        self.boards.iter().filter(|b| b.is_none()).count()
    }

    /// The numbers of the empty boards.
    pub fn empty_board_numbers(&self) -> Vec<u8> {
        self.boards
            .iter()
            .enumerate()
            .filter(|(_, b)| b.is_none())
            .map(|(i, _)| board_number(i))
            .collect()
    }

    /// Everyone who plays this round.
    pub fn players(&self) -> BTreeSet<i64> {
        self.boards.iter().flatten().copied().collect()
    }
}

/// One problem with a captain's board assignment.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum BoardProblem {
    /// The proposal must name every board of the match, empty or not.
    #[error("{found} boards proposed; the match is played on {expected}")]
    WrongBoardCount { found: usize, expected: usize },
    #[error(
        "board {board}: person {person} is neither a board player nor a substitute of the entry"
    )]
    NotInEntry { board: u8, person: i64 },
    /// G-V22: one person, one board.
    #[error("person {person} is on board {first} and again on board {again}")]
    OnTwoBoards { person: i64, first: u8, again: u8 },
    /// G-V22, G-G5, E-2: moving a player to another board is forbidden.
    #[error("person {person} owns board {own} and may not move to board {placed}")]
    MovedBoard { person: i64, own: u8, placed: u8 },
    /// G-V22, E-2: a substitute who has played a board stays on it.
    #[error(
        "person {person} played board {played} earlier in this tournament and may not play board {placed}"
    )]
    SubstituteBoardFixed { person: i64, played: u8, placed: u8 },
}

/// The line-up that applies when the captain submits nothing: every
/// registered board player on their own board (E-2).
pub fn default_lineup(registered: Registered<'_>) -> RoundLineup {
    RoundLineup {
        boards: registered.boards.iter().copied().map(Some).collect(),
    }
}

/// Checks the captain's assignment for a round (G-V22, E-2): one entry per
/// board, board 1 first, `None` for a board left empty (it is forfeited;
/// [`RoundLineup::empty_boards`] counts them for G-G2). `history` holds, for
/// each person of the entry who played an earlier round of this tournament,
/// the board they played.
///
/// A substitute placed on a board while that board's own player sits
/// elsewhere needs no rule of its own: the moved player is refused
/// ([`BoardProblem::MovedBoard`]). Entries past the match's last board are
/// not boards, so only [`BoardProblem::WrongBoardCount`] speaks of them.
pub fn assign_boards(
    registered: Registered<'_>,
    history: &BTreeMap<i64, u8>,
    proposal: &[Option<i64>],
) -> Result<RoundLineup, Vec<BoardProblem>> {
    let expected = registered.boards.len();
    let mut problems = Vec::new();
    if proposal.len() != expected {
        problems.push(BoardProblem::WrongBoardCount {
            found: proposal.len(),
            expected,
        });
    }
    let mut seen: BTreeMap<i64, u8> = BTreeMap::new();
    for (i, slot) in proposal.iter().take(expected).enumerate() {
        let board = board_number(i);
        let Some(person) = *slot else {
            continue;
        };
        if let Some(&first) = seen.get(&person) {
            // The first placement was judged already; one problem says it all.
            problems.push(BoardProblem::OnTwoBoards {
                person,
                first,
                again: board,
            });
            continue;
        }
        seen.insert(person, board);
        match registered.own_board(person) {
            Some(own) if own != board => problems.push(BoardProblem::MovedBoard {
                person,
                own,
                placed: board,
            }),
            Some(_) => {}
            None if registered.is_substitute(person) => {
                if let Some(&played) = history.get(&person)
                    && played != board
                {
                    problems.push(BoardProblem::SubstituteBoardFixed {
                        person,
                        played,
                        placed: board,
                    });
                }
            }
            None => problems.push(BoardProblem::NotInEntry { board, person }),
        }
    }
    if problems.is_empty() {
        Ok(RoundLineup {
            boards: proposal.to_vec(),
        })
    } else {
        Err(problems)
    }
}

/// G-G2: a team missing more than `max_missing` players with no substitute
/// possible is withdrawn. `available_substitutes` is how many of the
/// `empty_boards` substitutes can still fill ([`RoundState::fillable_boards`]);
/// the team is withdrawn when, after using every one of them, more than
/// `max_missing` boards would stay empty. G's threshold is
/// [`G_G2_MAX_MISSING`].
pub fn must_withdraw(empty_boards: usize, available_substitutes: usize, max_missing: u8) -> bool {
    empty_boards.saturating_sub(available_substitutes) > usize::from(max_missing)
}

/// Why a player is replaced during a round.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum SubstitutionReason {
    /// G-V31: any player, with the captain's permission.
    CaptainDecision,
    /// G-V32: a player who loses connection must be replaced.
    LostConnection,
}

impl SubstitutionReason {
    /// The rule the substitution is made under.
    pub fn rule(self) -> &'static str {
        match self {
            SubstitutionReason::CaptainDecision => "G-V31",
            SubstitutionReason::LostConnection => "G-V32",
        }
    }

    /// The rule of a championship's regulation (`preset`: its code, see
    /// [`crate::regulation::Regulation::code`]) the substitution is made
    /// under, when that regulation has one: G's G-V31 / G-V32, E's E-2 for
    /// a captain's; R numbers none. A rule of one preset is never cited in
    /// a championship under another.
    pub fn rule_in(self, preset: &str) -> Option<&'static str> {
        match (preset, self) {
            ("G", _) => Some(self.rule()),
            ("E", SubstitutionReason::CaptainDecision) => Some("E-2"),
            _ => None,
        }
    }

    /// The stored form (`substitutions.reason`: `captain` | `disconnect`).
    pub fn code(self) -> &'static str {
        match self {
            SubstitutionReason::CaptainDecision => "captain",
            SubstitutionReason::LostConnection => "disconnect",
        }
    }

    /// Reads the stored form back.
    pub fn from_code(code: &str) -> Option<Self> {
        match code {
            "captain" => Some(SubstitutionReason::CaptainDecision),
            "disconnect" => Some(SubstitutionReason::LostConnection),
            _ => None,
        }
    }
}

/// The captain's announcement `team table_no, Player => replacement`
/// (G-V31), as typed.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Announcement {
    /// As written (spaces inside kept, outer spaces trimmed).
    pub team: String,
    /// The board ("table", В.2.2), 1 or more.
    pub table: u32,
    /// The player replaced.
    pub out_nick: String,
    /// The substitute coming in.
    pub in_nick: String,
}

impl fmt::Display for Announcement {
    /// The canonical form, for the record.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{} {}, {} => {}",
            self.team, self.table, self.out_nick, self.in_nick
        )
    }
}

/// One problem with an announcement's text.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum AnnouncementProblem {
    #[error("the announcement is empty")]
    Empty,
    #[error("no \"=>\" between the player replaced and the replacement")]
    MissingArrow,
    /// One announcement, one substitution.
    #[error("\"=>\" appears more than once")]
    SeveralArrows,
    #[error("no comma between the table number and the player replaced")]
    MissingComma,
    #[error("the team is missing")]
    MissingTeam,
    #[error("the table number after the team is missing")]
    MissingTable,
    #[error("the table number must be a positive whole number, not {found:?}")]
    BadTable { found: String },
    #[error("the player replaced is missing")]
    EmptyOutNick,
    #[error("the replacement is missing")]
    EmptyInNick,
    /// Nicks are one word (app::accounts::Nick: letters, digits, `_`, `-`).
    #[error("{nick:?} is not a nick: nicks have no spaces or commas")]
    BadNick { nick: String },
}

const ARROW: &str = "=>";

/// A nick field: empty, or one word.
fn nick_field(
    s: &str,
    empty: AnnouncementProblem,
    problems: &mut Vec<AnnouncementProblem>,
) -> String {
    let s = s.trim();
    if s.is_empty() {
        problems.push(empty);
    } else if s.chars().any(|c| c.is_whitespace() || c == ',') {
        problems.push(AnnouncementProblem::BadNick { nick: s.to_owned() });
    }
    s.to_owned()
}

/// Parses `team table_no, Player => replacement` (G-V31), e.g.
/// `Ладья 3, vasya => petya`. The team may contain spaces, commas and any
/// script: the player replaced follows the **last** comma before the arrow,
/// and the table number is the last word before that comma. Spaces around
/// `,` and `=>` are tolerated. A last word without digits reads as a missing
/// table (`Белая Ладья, vasya => petya`), one with digits as a bad one
/// (`Ладья 3a, …`); a team name's own trailing digits (a double, `Ладья2`)
/// are never taken for the table.
pub fn parse_announcement(text: &str) -> Result<Announcement, Vec<AnnouncementProblem>> {
    let text = text.trim();
    if text.is_empty() {
        return Err(vec![AnnouncementProblem::Empty]);
    }
    let mut problems = Vec::new();
    let parts: Vec<&str> = text.split(ARROW).collect();
    let (left, right) = match parts.as_slice() {
        [left, right] => (*left, Some(*right)),
        [only] => {
            problems.push(AnnouncementProblem::MissingArrow);
            (*only, None)
        }
        [left, ..] => {
            problems.push(AnnouncementProblem::SeveralArrows);
            (*left, None)
        }
        [] => (text, None),
    };
    let mut team = String::new();
    let mut table = None;
    let mut out_nick = String::new();
    match left.rsplit_once(',') {
        None => problems.push(AnnouncementProblem::MissingComma),
        Some((head, out)) => {
            let head = head.trim();
            let (team_part, table_part) = match head.rsplit_once(char::is_whitespace) {
                Some((t, n)) => (t.trim_end(), n),
                // One word: a bare number is the table, anything else the team.
                None if !head.is_empty() && head.chars().all(|c| c.is_ascii_digit()) => ("", head),
                None => (head, ""),
            };
            if team_part.is_empty() {
                problems.push(AnnouncementProblem::MissingTeam);
            }
            if table_part.is_empty() || !table_part.chars().any(|c| c.is_ascii_digit()) {
                // `Белая Ладья, …`: the last word is the team's, not a table.
                problems.push(AnnouncementProblem::MissingTable);
                team = head.to_owned();
            } else {
                team = team_part.to_owned();
                // Digits only: `+3` and `-1` are not table numbers.
                let number = if table_part.chars().all(|c| c.is_ascii_digit()) {
                    table_part.parse::<u32>().ok().filter(|&n| n > 0)
                } else {
                    None
                };
                match number {
                    Some(n) => table = Some(n),
                    None => problems.push(AnnouncementProblem::BadTable {
                        found: table_part.to_owned(),
                    }),
                }
            }
            out_nick = nick_field(out, AnnouncementProblem::EmptyOutNick, &mut problems);
        }
    }
    let in_nick = match right {
        Some(r) => nick_field(r, AnnouncementProblem::EmptyInNick, &mut problems),
        None => String::new(),
    };
    match table {
        Some(table) if problems.is_empty() => Ok(Announcement {
            team,
            table,
            out_nick,
            in_nick,
        }),
        _ => Err(problems),
    }
}

/// A substitution during a round, in person ids.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Substitution {
    /// 1-based board ("table").
    pub board: u32,
    /// The player replaced.
    pub out: i64,
    /// The substitute coming in.
    pub replacement: i64,
    pub reason: SubstitutionReason,
}

/// One problem with a substitution.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum SubstitutionProblem {
    #[error("the announcement names the team {found:?}, not {expected:?}")]
    WrongTeam { expected: String, found: String },
    #[error("no player is registered as {nick:?}")]
    UnknownNick { nick: String },
    #[error("there is no table {board}: the match has {boards}")]
    NoSuchBoard { board: u32, boards: usize },
    /// Only the player now at the table can be replaced.
    #[error("person {person} is not playing at table {board}")]
    NotOnBoard {
        person: i64,
        board: u32,
        actual: Option<i64>,
    },
    /// G-V31, G-V32: only a substitute of the entry comes in.
    #[error("person {person} is not a substitute of the entry")]
    NotSubstitute { person: i64 },
    /// G-V22, G-V31: a substitute who has not played in this round.
    #[error("person {person} has already played in this round")]
    AlreadyPlayedThisRound { person: i64 },
    /// G-V22, E-2: once a board is played, the person stays on it.
    #[error(
        "person {person} played board {played} in this tournament and may not come in at table {board}"
    )]
    PlayedAnotherBoard { person: i64, played: u8, board: u32 },
}

/// Team names match whatever the case and the spacing.
pub fn same_team(a: &str, b: &str) -> bool {
    let norm = |s: &str| {
        s.split_whitespace()
            .collect::<Vec<_>>()
            .join(" ")
            .to_lowercase()
    };
    norm(a) == norm(b)
}

/// Turns an announcement into ids: `entry` is the name of the entry the
/// captain speaks for (`Ладья`, or a double `Ладья2`), `people` the
/// persons by lower-case nick. Every problem at once.
pub fn resolve(
    announcement: &Announcement,
    entry: &str,
    people: &BTreeMap<String, i64>,
    reason: SubstitutionReason,
) -> Result<Substitution, Vec<SubstitutionProblem>> {
    let mut problems = Vec::new();
    if !same_team(&announcement.team, entry) {
        problems.push(SubstitutionProblem::WrongTeam {
            expected: entry.to_owned(),
            found: announcement.team.clone(),
        });
    }
    let mut person = |nick: &str| {
        let found = people.get(&nick.to_lowercase()).copied();
        if found.is_none() {
            problems.push(SubstitutionProblem::UnknownNick {
                nick: nick.to_owned(),
            });
        }
        found
    };
    let out = person(&announcement.out_nick);
    let replacement = person(&announcement.in_nick);
    match (out, replacement) {
        (Some(out), Some(replacement)) if problems.is_empty() => Ok(Substitution {
            board: announcement.table,
            out,
            replacement,
            reason,
        }),
        _ => Err(problems),
    }
}

/// An entry's side of a round in progress (or about to start).
#[derive(Debug, Clone, Copy)]
pub struct RoundState<'a> {
    /// The entry's substitutes (G-B13).
    pub substitutes: &'a [i64],
    /// Who sits at each board now, board 1 first; `None` = nobody.
    pub current: &'a [Option<i64>],
    /// Everyone who has played in this round for the entry, replaced
    /// players included. Whoever sits at a board now counts as playing even
    /// if missing here.
    pub played: &'a BTreeSet<i64>,
    /// Boards played in earlier rounds of this tournament (and by earlier
    /// substitutions), person → board.
    pub history: &'a BTreeMap<i64, u8>,
}

impl RoundState<'_> {
    fn has_played(&self, person: i64) -> bool {
        self.played.contains(&person) || self.current.contains(&Some(person))
    }

    /// The boards nobody sits at.
    pub fn empty_boards(&self) -> Vec<u8> {
        self.current
            .iter()
            .enumerate()
            .filter(|(_, p)| p.is_none())
            .map(|(i, _)| board_number(i))
            .collect()
    }

    /// Substitutes who may come in at `board` now (G-V31, G-V32): not
    /// played in this round, and not bound to another board by the history
    /// (G-V22, E-2). In the order of the registration.
    pub fn eligible_substitutes(&self, board: u8) -> Vec<i64> {
        let mut seen = BTreeSet::new();
        self.substitutes
            .iter()
            .copied()
            .filter(|&s| seen.insert(s))
            .filter(|&s| !self.has_played(s))
            .filter(|s| self.history.get(s).is_none_or(|&b| b == board))
            .collect()
    }

    /// How many of the empty boards substitutes can still fill, at most one
    /// each (G-G2's "substitute possible"). A substitute bound to a board by
    /// the history fills only that board; the others fill any.
    pub fn fillable_boards(&self) -> usize {
        let empty: BTreeSet<u8> = self.empty_boards().into_iter().collect();
        let mut bound = BTreeSet::new();
        let mut free = 0usize;
        let mut seen = BTreeSet::new();
        for &s in self.substitutes {
            if !seen.insert(s) || self.has_played(s) {
                continue;
            }
            match self.history.get(&s) {
                Some(b) if empty.contains(b) => {
                    bound.insert(*b);
                }
                Some(_) => {}
                None => free += 1,
            }
        }
        // Bound substitutes have one choice each, so taking them first is
        // optimal; free ones fill what is left.
        bound.len() + free.min(empty.len() - bound.len())
    }

    /// G-G2 for this state with the regulation's threshold.
    pub fn must_withdraw(&self, max_missing: u8) -> bool {
        must_withdraw(
            self.empty_boards().len(),
            self.fillable_boards(),
            max_missing,
        )
    }
}

/// Checks a substitution during a round (G-V31 by the captain's decision,
/// G-V32 for a lost connection — the same conditions): the player replaced
/// is the one at that table now; the replacement is a substitute of the
/// entry, has not played in this round, and has not played another board
/// in this tournament. Every problem at once. After it is made, the caller
/// records the replacement as having played this board (history) and this
/// round (`played`).
pub fn check_substitution(
    sub: &Substitution,
    round: &RoundState<'_>,
) -> Result<(), Vec<SubstitutionProblem>> {
    let mut problems = Vec::new();
    let at_board = usize::try_from(sub.board)
        .ok()
        .and_then(|b| b.checked_sub(1))
        .and_then(|i| round.current.get(i));
    match at_board {
        None => problems.push(SubstitutionProblem::NoSuchBoard {
            board: sub.board,
            boards: round.current.len(),
        }),
        Some(&actual) if actual != Some(sub.out) => {
            problems.push(SubstitutionProblem::NotOnBoard {
                person: sub.out,
                board: sub.board,
                actual,
            })
        }
        Some(_) => {}
    }
    let person = sub.replacement;
    let substitute = round.substitutes.contains(&person);
    if !substitute {
        problems.push(SubstitutionProblem::NotSubstitute { person });
    }
    if round.has_played(person) {
        problems.push(SubstitutionProblem::AlreadyPlayedThisRound { person });
    }
    // Board players are bound by the registration (E-2); a non-substitute
    // is refused above already.
    if substitute
        && let Some(&played) = round.history.get(&person)
        && u32::from(played) != sub.board
    {
        problems.push(SubstitutionProblem::PlayedAnotherBoard {
            person,
            played,
            board: sub.board,
        });
    }
    if problems.is_empty() {
        Ok(())
    } else {
        Err(problems)
    }
}

/// What happens to a late player (E-6).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum LateArrival {
    /// More than the limit late: the game is lost by forfeit.
    Forfeit,
    /// Within the limit: this many seconds come off the player's clock.
    ClockReduced(u32),
}

/// E-6: more than `limit_seconds` late loses by forfeit; otherwise the delay
/// is taken off the clock. Exactly at the limit is not "more than" it. E's
/// limit is [`E_6_LATENESS_LIMIT_SECONDS`].
pub fn late_arrival(late_seconds: u32, limit_seconds: u32) -> LateArrival {
    if late_seconds > limit_seconds {
        LateArrival::Forfeit
    } else {
        LateArrival::ClockReduced(late_seconds)
    }
}

/// The only result a board can take when a side has nobody on it: a
/// board left empty is lost by forfeit by its team (G-G2: a missing
/// player's games are lost; E-2 and: the boards are the team's
/// players'), both sides empty a double forfeit. `None` while both sides
/// are seated: any result can be played there.
pub fn empty_board_result(home_seated: bool, away_seated: bool) -> Option<BoardResult> {
    match (home_seated, away_seated) {
        (true, true) => None,
        (true, false) => Some(BoardResult::HomeForfeitWin),
        (false, true) => Some(BoardResult::AwayForfeitWin),
        (false, false) => Some(BoardResult::DoubleForfeit),
    }
}

/// The result of a board one side loses by forfeit (a withdrawal, G-G2;
/// lateness, E-6): the other side wins it, unless nobody sits on its side
/// either — a board left empty is lost by its own team too — when both
/// lose.
pub fn forfeit_lost_by(home_loses: bool, home_seated: bool, away_seated: bool) -> BoardResult {
    let other_seated = if home_loses { away_seated } else { home_seated };
    match (home_loses, other_seated) {
        (_, false) => BoardResult::DoubleForfeit,
        (true, true) => BoardResult::AwayForfeitWin,
        (false, true) => BoardResult::HomeForfeitWin,
    }
}

/// Whether `result` may stand on a board seated so: anything on a board
/// with both players, the forfeit of [`empty_board_result`] (or no result
/// yet) on a board with an empty side.
pub fn result_fits_seats(home_seated: bool, away_seated: bool, result: BoardResult) -> bool {
    match empty_board_result(home_seated, away_seated) {
        None => true,
        Some(only) => result == only || !result.is_final(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    #[test]
    fn g_g2_a_forfeit_against_an_empty_board_is_lost_by_both_sides() {
        use BoardResult as R;
        assert_eq!(forfeit_lost_by(true, true, true), R::AwayForfeitWin);
        assert_eq!(forfeit_lost_by(false, true, true), R::HomeForfeitWin);
        assert_eq!(forfeit_lost_by(true, true, false), R::DoubleForfeit);
        assert_eq!(forfeit_lost_by(false, false, true), R::DoubleForfeit);
    }

    // Board players 1..=5, substitutes 6, 7, 8 (G: five boards).
    const BOARDS: [i64; 5] = [1, 2, 3, 4, 5];
    const SUBS: [i64; 3] = [6, 7, 8];

    fn g_entry() -> Registered<'static> {
        Registered {
            boards: &BOARDS,
            substitutes: &SUBS,
        }
    }

    fn history(pairs: &[(i64, u8)]) -> BTreeMap<i64, u8> {
        pairs.iter().copied().collect()
    }

    #[test]
    fn g_v22_registered_players_on_their_own_boards_are_accepted() {
        let proposal = BOARDS.map(Some);
        let l = assign_boards(g_entry(), &BTreeMap::new(), &proposal).expect("valid");
        assert_eq!(l, default_lineup(g_entry()));
        assert_eq!(l.empty_boards(), 0);
        assert_eq!(l.player_on(3), Some(3));
        assert_eq!(l.player_on(0), None);
        assert_eq!(l.player_on(6), None);
    }

    #[test]
    fn e_2_default_lineup_is_the_main_players_in_board_order() {
        let lineup = Lineup {
            entry: "Ладья".into(),
            double: None,
            boards: vec![11, 12, 13],
            substitutes: vec![14],
        };
        let l = default_lineup(Registered::from(&lineup));
        assert_eq!(l.boards(), &[Some(11), Some(12), Some(13)]);
        assert_eq!(l.players(), BTreeSet::from([11, 12, 13]));
    }

    #[test]
    fn g_v22_moving_a_player_to_another_board_is_refused() {
        // Board 2's player sits on board 4; board 4's player is left out.
        let proposal = [Some(1), None, Some(3), Some(2), Some(5)];
        assert_eq!(
            assign_boards(g_entry(), &BTreeMap::new(), &proposal),
            Err(vec![BoardProblem::MovedBoard {
                person: 2,
                own: 2,
                placed: 4
            }])
        );
        // Swapping two players is two moves.
        let swapped = [Some(2), Some(1), Some(3), Some(4), Some(5)];
        assert_eq!(
            assign_boards(g_entry(), &BTreeMap::new(), &swapped)
                .expect_err("swap")
                .len(),
            2
        );
    }

    #[test]
    fn g_v22_a_substitute_replaces_a_board_player_on_that_board() {
        let proposal = [Some(1), Some(6), Some(3), Some(4), Some(7)];
        let l = assign_boards(g_entry(), &BTreeMap::new(), &proposal).expect("valid");
        assert_eq!(l.player_on(2), Some(6));
        assert_eq!(l.players().len(), 5);
    }

    #[test]
    fn g_v22_a_substitute_with_the_boards_own_player_moved_elsewhere_is_refused_as_a_move() {
        // Substitute 6 on board 2 while board 2's player 2 sits on board 5.
        let proposal = [Some(1), Some(6), Some(3), Some(4), Some(2)];
        assert_eq!(
            assign_boards(g_entry(), &BTreeMap::new(), &proposal),
            Err(vec![BoardProblem::MovedBoard {
                person: 2,
                own: 2,
                placed: 5
            }])
        );
    }

    #[test]
    fn e_2_a_substitute_stays_on_the_board_played_earlier() {
        let h = history(&[(6, 2), (1, 1)]);
        let back_on_two = [Some(1), Some(6), Some(3), Some(4), Some(5)];
        assert!(assign_boards(g_entry(), &h, &back_on_two).is_ok());
        let on_four = [Some(1), Some(2), Some(3), Some(6), Some(5)];
        assert_eq!(
            assign_boards(g_entry(), &h, &on_four),
            Err(vec![BoardProblem::SubstituteBoardFixed {
                person: 6,
                played: 2,
                placed: 4
            }])
        );
    }

    #[test]
    fn g_v22_every_problem_is_reported_at_once() {
        let h = history(&[(7, 1)]);
        // 99 is a stranger, 3 is moved and twice, 7 played board 1 before,
        // and player 5 sits at a sixth board the match does not have.
        let proposal = [Some(99), Some(3), Some(3), Some(7), None, Some(5)];
        assert_eq!(
            assign_boards(g_entry(), &h, &proposal),
            Err(vec![
                BoardProblem::WrongBoardCount {
                    found: 6,
                    expected: 5
                },
                BoardProblem::NotInEntry {
                    board: 1,
                    person: 99
                },
                BoardProblem::MovedBoard {
                    person: 3,
                    own: 3,
                    placed: 2
                },
                BoardProblem::OnTwoBoards {
                    person: 3,
                    first: 2,
                    again: 3
                },
                BoardProblem::SubstituteBoardFixed {
                    person: 7,
                    played: 1,
                    placed: 4
                },
            ])
        );
    }

    #[test]
    fn g_v22_too_few_boards_is_refused() {
        assert_eq!(
            assign_boards(g_entry(), &BTreeMap::new(), &[Some(1), Some(2)]),
            Err(vec![BoardProblem::WrongBoardCount {
                found: 2,
                expected: 5
            }])
        );
    }

    #[test]
    fn g_g2_empty_boards_are_allowed_and_counted() {
        let proposal = [Some(1), None, Some(3), None, Some(5)];
        let l = assign_boards(g_entry(), &BTreeMap::new(), &proposal).expect("valid");
        assert_eq!(l.empty_boards(), 2);
        assert_eq!(l.empty_board_numbers(), vec![2, 4]);
    }

    #[test]
    fn g_g2_more_than_two_missing_without_substitutes_withdraws() {
        assert!(must_withdraw(3, 0, G_G2_MAX_MISSING));
        assert!(
            !must_withdraw(2, 0, G_G2_MAX_MISSING),
            "two missing is not more than two"
        );
        assert!(
            !must_withdraw(3, 1, G_G2_MAX_MISSING),
            "a substitute brings it to two"
        );
        assert!(must_withdraw(5, 2, G_G2_MAX_MISSING));
        assert!(!must_withdraw(5, 5, G_G2_MAX_MISSING));
        assert!(!must_withdraw(0, 3, G_G2_MAX_MISSING));
        assert!(must_withdraw(1, 0, 0), "a stricter regulation");
    }

    #[test]
    fn g_g2_substitutes_bound_to_other_boards_do_not_count() {
        // Boards 2, 3, 4 empty. Substitute 6 played board 5 before, 7 played
        // board 3, 8 is already playing this round (board 1).
        let current = [Some(8), None, None, None, Some(5)];
        let played = BTreeSet::from([1, 8]);
        let h = history(&[(6, 5), (7, 3)]);
        let round = RoundState {
            substitutes: &SUBS,
            current: &current,
            played: &played,
            history: &h,
        };
        assert_eq!(round.empty_boards(), vec![2, 3, 4]);
        assert_eq!(round.eligible_substitutes(3), vec![7]);
        assert_eq!(round.eligible_substitutes(2), Vec::<i64>::new());
        assert_eq!(round.fillable_boards(), 1);
        assert!(
            !round.must_withdraw(G_G2_MAX_MISSING),
            "3 empty, 1 fillable"
        );
        let h = history(&[(6, 5), (7, 5)]);
        let round = RoundState {
            history: &h,
            ..round
        };
        assert_eq!(round.fillable_boards(), 0);
        assert!(round.must_withdraw(G_G2_MAX_MISSING));
    }

    fn announcement(team: &str, table: u32, out: &str, inn: &str) -> Announcement {
        Announcement {
            team: team.into(),
            table,
            out_nick: out.into(),
            in_nick: inn.into(),
        }
    }

    #[test]
    fn g_v31_announcement_is_parsed() {
        let a = announcement("Ладья", 3, "vasya", "petya");
        assert_eq!(parse_announcement("Ладья 3, vasya => petya"), Ok(a.clone()));
        assert_eq!(
            parse_announcement("  Ладья 3 ,vasya=>petya \n"),
            Ok(a.clone())
        );
        assert_eq!(
            parse_announcement("Ладья   3 ,  vasya  =>  petya"),
            Ok(a.clone())
        );
        assert_eq!(a.to_string(), "Ладья 3, vasya => petya");
        // Spaces, commas and a double's digits inside the team name.
        assert_eq!(
            parse_announcement("Белая Ладья 2, vasya => petya"),
            Ok(announcement("Белая Ладья", 2, "vasya", "petya"))
        );
        assert_eq!(
            parse_announcement("Ладья, Конь и Слон 5, a-1 => b_2"),
            Ok(announcement("Ладья, Конь и Слон", 5, "a-1", "b_2"))
        );
        assert_eq!(
            parse_announcement("Ладья2 1, vasya => petya"),
            Ok(announcement("Ладья2", 1, "vasya", "petya"))
        );
    }

    #[test]
    fn g_v31_announcement_problems_are_reported_at_once() {
        use AnnouncementProblem::*;
        let p = |s: &str| parse_announcement(s).expect_err(s);
        assert_eq!(p("   "), vec![Empty]);
        assert_eq!(
            p("Ладья 3, vasya petya"),
            vec![
                MissingArrow,
                BadNick {
                    nick: "vasya petya".into()
                }
            ]
        );
        assert_eq!(
            p("Ладья 3, vasya -> petya"),
            vec![
                MissingArrow,
                BadNick {
                    nick: "vasya -> petya".into()
                }
            ]
        );
        assert_eq!(p("Ладья 3, a => b => c"), vec![SeveralArrows]);
        assert_eq!(p("Ладья 3 vasya => petya"), vec![MissingComma]);
        assert_eq!(p("Ладья, vasya => petya"), vec![MissingTable]);
        assert_eq!(p("Белая Ладья, vasya => petya"), vec![MissingTable]);
        assert_eq!(p("3, vasya => petya"), vec![MissingTeam]);
        assert_eq!(p(", vasya => petya"), vec![MissingTeam, MissingTable]);
        assert_eq!(
            p("Ладья 3a, vasya => petya"),
            vec![BadTable { found: "3a".into() }]
        );
        assert_eq!(
            p("Ладья 0, vasya => petya"),
            vec![BadTable { found: "0".into() }]
        );
        assert_eq!(
            p("Ладья -1, vasya => petya"),
            vec![BadTable { found: "-1".into() }]
        );
        assert_eq!(
            p("Ладья 99999999999, vasya => petya"),
            vec![BadTable {
                found: "99999999999".into()
            }]
        );
        assert_eq!(p("Ладья 3, => "), vec![EmptyOutNick, EmptyInNick]);
        assert_eq!(
            p("Ладья x, vasya pupkin => petya, kolya"),
            vec![
                MissingTable,
                BadNick {
                    nick: "vasya pupkin".into()
                },
                BadNick {
                    nick: "petya, kolya".into()
                },
            ]
        );
    }

    fn people() -> BTreeMap<String, i64> {
        [("vasya", 2), ("petya", 6), ("kolya", 7), ("misha", 8)]
            .into_iter()
            .map(|(n, id)| (n.to_owned(), id))
            .collect()
    }

    #[test]
    fn g_v31_announcement_resolves_to_persons_of_the_entry() {
        let a = announcement("ладья  ", 2, "Vasya", "PETYA");
        assert_eq!(
            resolve(&a, "Ладья", &people(), SubstitutionReason::CaptainDecision),
            Ok(Substitution {
                board: 2,
                out: 2,
                replacement: 6,
                reason: SubstitutionReason::CaptainDecision,
            })
        );
        let a = announcement("Конь", 2, "vasya", "ghost");
        assert_eq!(
            resolve(&a, "Ладья2", &people(), SubstitutionReason::CaptainDecision),
            Err(vec![
                SubstitutionProblem::WrongTeam {
                    expected: "Ладья2".into(),
                    found: "Конь".into()
                },
                SubstitutionProblem::UnknownNick {
                    nick: "ghost".into()
                },
            ])
        );
    }

    /// Round in progress: boards 1..=5 by their players; substitute 7 came
    /// in at board 5 for player 5; 8 played board 1 in round 1.
    fn in_progress<'a>(
        current: &'a [Option<i64>],
        played: &'a BTreeSet<i64>,
        history: &'a BTreeMap<i64, u8>,
    ) -> RoundState<'a> {
        RoundState {
            substitutes: &SUBS,
            current,
            played,
            history,
        }
    }

    fn sub(board: u32, out: i64, replacement: i64, reason: SubstitutionReason) -> Substitution {
        Substitution {
            board,
            out,
            replacement,
            reason,
        }
    }

    #[test]
    fn g_v31_captain_replaces_a_player_with_an_unused_substitute() {
        let current = [Some(1), Some(2), Some(3), Some(4), Some(7)];
        let played = BTreeSet::from([1, 2, 3, 4, 5, 7]);
        let h = history(&[(8, 1), (7, 5)]);
        let round = in_progress(&current, &played, &h);
        let s = sub(3, 3, 6, SubstitutionReason::CaptainDecision);
        assert_eq!(check_substitution(&s, &round), Ok(()));
        assert_eq!(s.reason.rule(), "G-V31");
        // 8 played board 1 earlier in the tournament: only board 1.
        assert_eq!(
            check_substitution(&sub(3, 3, 8, SubstitutionReason::CaptainDecision), &round),
            Err(vec![SubstitutionProblem::PlayedAnotherBoard {
                person: 8,
                played: 1,
                board: 3
            }])
        );
        assert_eq!(
            check_substitution(&sub(1, 1, 8, SubstitutionReason::CaptainDecision), &round),
            Ok(())
        );
    }

    #[test]
    fn g_v32_lost_connection_needs_an_unused_substitute() {
        let current = [Some(1), Some(2), Some(3), Some(4), Some(7)];
        let played = BTreeSet::from([1, 2, 3, 4, 5, 7]);
        let h = history(&[(7, 5)]);
        let round = in_progress(&current, &played, &h);
        let lost = SubstitutionReason::LostConnection;
        assert_eq!(lost.rule(), "G-V32");
        assert_eq!(lost.rule_in("G"), Some("G-V32"));
        assert_eq!(lost.rule_in("E"), None);
        // 7 already came in this round (board 5).
        assert_eq!(
            check_substitution(&sub(2, 2, 7, lost), &round),
            Err(vec![
                SubstitutionProblem::AlreadyPlayedThisRound { person: 7 },
                SubstitutionProblem::PlayedAnotherBoard {
                    person: 7,
                    played: 5,
                    board: 2
                },
            ])
        );
        // 5 was replaced this round: played, and not a substitute anyway.
        assert_eq!(
            check_substitution(&sub(2, 2, 5, lost), &round),
            Err(vec![
                SubstitutionProblem::NotSubstitute { person: 5 },
                SubstitutionProblem::AlreadyPlayedThisRound { person: 5 },
            ])
        );
        assert_eq!(check_substitution(&sub(2, 2, 6, lost), &round), Ok(()));
        for r in [lost, SubstitutionReason::CaptainDecision] {
            assert_eq!(SubstitutionReason::from_code(r.code()), Some(r));
        }
        assert_eq!(SubstitutionReason::from_code("other"), None);
        assert_eq!(round.eligible_substitutes(2), vec![6, 8]);
    }

    #[test]
    fn g_v31_only_the_player_at_that_table_can_be_replaced() {
        let current = [Some(1), Some(2), None, Some(4), Some(5)];
        let played = BTreeSet::from([1, 2, 4, 5]);
        let h = BTreeMap::new();
        let round = in_progress(&current, &played, &h);
        let d = SubstitutionReason::CaptainDecision;
        assert_eq!(
            check_substitution(&sub(1, 2, 6, d), &round),
            Err(vec![SubstitutionProblem::NotOnBoard {
                person: 2,
                board: 1,
                actual: Some(1)
            }])
        );
        assert_eq!(
            check_substitution(&sub(3, 3, 6, d), &round),
            Err(vec![SubstitutionProblem::NotOnBoard {
                person: 3,
                board: 3,
                actual: None
            }])
        );
        for board in [0, 6, u32::MAX] {
            assert_eq!(
                check_substitution(&sub(board, 2, 6, d), &round),
                Err(vec![SubstitutionProblem::NoSuchBoard { board, boards: 5 }])
            );
        }
        // Whoever sits at a board plays, even if the caller forgot them.
        let none = BTreeSet::new();
        let round = in_progress(&current, &none, &h);
        assert_eq!(
            check_substitution(&sub(2, 2, 4, d), &round),
            Err(vec![
                SubstitutionProblem::NotSubstitute { person: 4 },
                SubstitutionProblem::AlreadyPlayedThisRound { person: 4 },
            ])
        );
    }

    #[test]
    fn e_6_more_than_five_minutes_late_forfeits() {
        assert_eq!(
            late_arrival(5 * 60 + 1, E_6_LATENESS_LIMIT_SECONDS),
            LateArrival::Forfeit
        );
        assert_eq!(
            late_arrival(u32::MAX, E_6_LATENESS_LIMIT_SECONDS),
            LateArrival::Forfeit
        );
    }

    #[test]
    fn e_6_exactly_five_minutes_is_clock_reduction() {
        assert_eq!(
            late_arrival(5 * 60, E_6_LATENESS_LIMIT_SECONDS),
            LateArrival::ClockReduced(300)
        );
        assert_eq!(
            late_arrival(42, E_6_LATENESS_LIMIT_SECONDS),
            LateArrival::ClockReduced(42)
        );
        assert_eq!(
            late_arrival(0, E_6_LATENESS_LIMIT_SECONDS),
            LateArrival::ClockReduced(0)
        );
    }

    /// The rule stated plainly, to compare [`assign_boards`] with.
    fn allowed(reg: Registered<'_>, h: &BTreeMap<i64, u8>, proposal: &[Option<i64>]) -> bool {
        let mut seen = BTreeSet::new();
        proposal.len() == reg.boards.len()
            && proposal.iter().enumerate().all(|(i, slot)| {
                let board = u8::try_from(i + 1).unwrap_or(u8::MAX);
                match *slot {
                    None => true,
                    Some(p) => {
                        seen.insert(p)
                            && (reg.boards.get(i) == Some(&p)
                                || (!reg.boards.contains(&p)
                                    && reg.substitutes.contains(&p)
                                    && h.get(&p).is_none_or(|&b| b == board)))
                    }
                }
            })
    }

    /// Most substitutes that fill distinct empty boards, by trying all.
    fn brute_fill(empty: &[u8], candidates: &[(i64, Option<u8>)]) -> usize {
        let Some((&board, rest)) = empty.split_first() else {
            return 0;
        };
        let skip = brute_fill(rest, candidates);
        candidates
            .iter()
            .enumerate()
            .filter(|(_, (_, bound))| bound.is_none_or(|b| b == board))
            .map(|(i, _)| {
                let mut others = candidates.to_vec();
                others.remove(i);
                1 + brute_fill(rest, &others)
            })
            .max()
            .unwrap_or(0)
            .max(skip)
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(500))]

        #[test]
        fn g_v22_assignment_is_accepted_exactly_when_the_rules_allow_it(
            n in 1usize..=5,
            subs in 0usize..=3,
            sub_history in proptest::collection::vec(proptest::option::of(1u8..=6), 3),
            len_delta in prop_oneof![4 => Just(0i8), 1 => Just(-1i8), 1 => Just(1i8)],
            slots in proptest::collection::vec(proptest::option::of(0i64..=9), 6),
        ) {
            let boards: Vec<i64> = (1..=5).take(n).collect();
            let substitutes: Vec<i64> = (6..=8).take(subs).collect();
            let reg = Registered { boards: &boards, substitutes: &substitutes };
            let mut h: BTreeMap<i64, u8> = boards
                .iter()
                .enumerate()
                .map(|(i, &p)| (p, board_number(i)))
                .collect();
            for (s, b) in (6..=8).zip(&sub_history) {
                if let Some(b) = b {
                    h.insert(s, *b);
                }
            }
            let len = usize::try_from(n as i64 + i64::from(len_delta)).unwrap_or(0);
            let proposal: Vec<Option<i64>> = slots.iter().copied().cycle().take(len).collect();
            let got = assign_boards(reg, &h, &proposal);
            prop_assert_eq!(got.is_ok(), allowed(reg, &h, &proposal), "{:?}", got);
            match got {
                Ok(l) => {
                    prop_assert_eq!(l.boards(), &proposal[..]);
                    prop_assert_eq!(
                        l.empty_boards(),
                        proposal.iter().filter(|s| s.is_none()).count()
                    );
                }
                Err(problems) => prop_assert!(!problems.is_empty()),
            }
            prop_assert!(assign_boards(reg, &h, &default_lineup(reg).boards).is_ok());
        }

        #[test]
        fn g_g2_fillable_boards_is_the_best_assignment_of_substitutes(
            current in proptest::collection::vec(proptest::option::of(1i64..=5), 5),
            bound in proptest::collection::vec(proptest::option::of(1u8..=5), 4),
            played_mask in proptest::collection::vec(any::<bool>(), 4),
            max_missing in 0u8..=3,
        ) {
            let substitutes = [6, 7, 8, 9];
            let h: BTreeMap<i64, u8> = substitutes
                .iter()
                .zip(&bound)
                .filter_map(|(&s, b)| b.map(|b| (s, b)))
                .collect();
            let played: BTreeSet<i64> = substitutes
                .iter()
                .zip(&played_mask)
                .filter(|(_, p)| **p)
                .map(|(&s, _)| s)
                .collect();
            let round = RoundState { substitutes: &substitutes, current: &current, played: &played, history: &h };
            let candidates: Vec<(i64, Option<u8>)> = substitutes
                .iter()
                .filter(|s| !played.contains(s))
                .map(|&s| (s, h.get(&s).copied()))
                .collect();
            let empty = round.empty_boards();
            let fill = round.fillable_boards();
            prop_assert_eq!(fill, brute_fill(&empty, &candidates));
            prop_assert_eq!(
                round.must_withdraw(max_missing),
                empty.len() - fill > usize::from(max_missing)
            );
            // A further substitute never makes a withdrawal more likely.
            prop_assert!(
                must_withdraw(empty.len(), fill + 1, max_missing)
                    <= must_withdraw(empty.len(), fill, max_missing)
            );
        }

        #[test]
        fn g_v31_announcement_round_trips_whatever_the_spacing(
            team in "[A-Za-zА-Яа-я][A-Za-zА-Яа-я0-9]{0,7}( [A-Za-zА-Яа-я0-9]{1,6}){0,2}",
            table in 1u32..1000,
            out in "[a-z0-9][a-z0-9_-]{1,10}",
            inn in "[a-z0-9][a-z0-9_-]{1,10}",
            s in proptest::collection::vec(" {0,2}", 6),
        ) {
            let text = format!(
                "{}{team} {}{table}{},{}{out}{}=>{}{inn}",
                s[0], s[1], s[2], s[3], s[4], s[5]
            );
            let a = parse_announcement(&text);
            prop_assert_eq!(&a, &Ok(announcement(&team, table, &out, &inn)), "{}", text);
            if let Ok(a) = a {
                prop_assert_eq!(parse_announcement(&a.to_string()), Ok(a.clone()));
            }
        }

        #[test]
        fn e_6_forfeit_exactly_above_the_limit(late in 0u32..2000, limit in 0u32..1000) {
            match late_arrival(late, limit) {
                LateArrival::Forfeit => prop_assert!(late > limit),
                LateArrival::ClockReduced(s) => {
                    prop_assert!(late <= limit);
                    prop_assert_eq!(s, late);
                }
            }
        }
    }

    #[test]
    fn g_g2_an_empty_side_takes_only_its_forfeit() {
        use BoardResult::*;
        assert_eq!(empty_board_result(true, true), None);
        assert_eq!(empty_board_result(true, false), Some(HomeForfeitWin));
        assert_eq!(empty_board_result(false, true), Some(AwayForfeitWin));
        assert_eq!(empty_board_result(false, false), Some(DoubleForfeit));
        for r in [
            HomeWin,
            Draw,
            AwayWin,
            HomeForfeitWin,
            AwayForfeitWin,
            DoubleForfeit,
        ] {
            assert!(result_fits_seats(true, true, r), "{r:?}");
        }
        for r in [HomeWin, Draw, AwayWin, AwayForfeitWin, DoubleForfeit] {
            assert!(
                !result_fits_seats(true, false, r),
                "{r:?} on an empty away side"
            );
        }
        assert!(result_fits_seats(true, false, HomeForfeitWin));
        assert!(result_fits_seats(false, true, AwayForfeitWin));
        assert!(!result_fits_seats(false, true, Draw));
        assert!(result_fits_seats(false, false, DoubleForfeit));
        assert!(!result_fits_seats(false, false, HomeForfeitWin));
        // Taking a result back is no result on the board.
        assert!(result_fits_seats(false, true, NotPlayed));
    }
}
