//! Which game of the pairing each game of a PGN file is, and what its
//! result does there: record a result not yet entered, attach the record
//! to a result already entered, or show a conflict for the judge to
//! settle. Every game of the file gets a verdict; none is dropped
//! silently.
//!
//! Players are matched by nick, regardless of case; a round (and board)
//! tagged in the file narrows the search. Colours the other way round
//! than the pairing are flagged, and the result is read by player, not
//! by colour.

use std::collections::{HashMap, HashSet};

use super::pgn::{GameResult, PgnGame, PgnProblem};

/// A game of the pairing the file's games may be.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Slot {
    /// The caller's key for the game.
    pub key: i64,
    pub round: u32,
    pub board: u32,
    pub game_no: u32,
    /// The scheduled players' nicks, folded to lower case.
    pub white: Option<String>,
    pub black: Option<String>,
    pub entered: Entered,
    /// The game already has a record (a new one replaces it).
    pub recorded: bool,
}

/// What the pairing holds for the game now, in the scheduled colours.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Entered {
    /// No result yet (or annulled for a replay).
    Pending,
    /// A result over the board.
    Played(Outcome),
    /// A result without play (forfeit): a file's game contradicts it.
    Forfeit,
}

/// A result in the pairing's colours.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Outcome {
    WhiteWins,
    Draw,
    BlackWins,
}

impl Outcome {
    fn flipped(self) -> Self {
        match self {
            Outcome::WhiteWins => Outcome::BlackWins,
            Outcome::Draw => Outcome::Draw,
            Outcome::BlackWins => Outcome::WhiteWins,
        }
    }
}

/// What becomes of one game of the file.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Verdict {
    /// The game's result is not entered yet: the file's is recorded.
    Record {
        slot: i64,
        result: Outcome,
    },
    /// The same result is entered: the record is attached to it.
    Attach {
        slot: i64,
    },
    /// Another result is entered: the judge decides which stands.
    Conflict {
        slot: i64,
        file: Outcome,
        entered: Entered,
    },
    LeftOut(LeftOut),
}

impl Verdict {
    pub fn slot(&self) -> Option<i64> {
        match self {
            Verdict::Record { slot, .. }
            | Verdict::Attach { slot }
            | Verdict::Conflict { slot, .. } => Some(*slot),
            Verdict::LeftOut(_) => None,
        }
    }
}

/// Why a game of the file is left out.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum LeftOut {
    /// The file names no player (or only one).
    NoPlayers,
    /// The game has no result (`*`, or none at all).
    NoResult,
    /// These nicks play no game of the pairing in scope.
    NotInPairing(Vec<String>),
    /// Both play, but not against each other (in the round tagged).
    NoSuchGame,
    /// Its round is not the one imported.
    OtherRound(u32),
    /// An earlier game of the file took the only game of this pairing:
    /// the 1-based line where that game begins.
    Duplicate { line: usize },
}

/// One game of the file and its verdict.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Matched {
    /// Index of the game in the file.
    pub index: usize,
    pub verdict: Verdict,
    /// The file's colours are the pairing's the other way round.
    pub swapped: bool,
    /// The game already had a record, which this one replaces.
    pub replaces: bool,
}

fn outcome_of(r: GameResult) -> Option<Outcome> {
    match r {
        GameResult::WhiteWins => Some(Outcome::WhiteWins),
        GameResult::BlackWins => Some(Outcome::BlackWins),
        GameResult::Draw => Some(Outcome::Draw),
        GameResult::Unfinished | GameResult::Unknown => None,
    }
}

/// Lower-case folding of a nick, as the platform keeps nicks unique.
pub fn fold(nick: &str) -> String {
    nick.trim().to_lowercase()
}

/// The verdict of each game of `games` against the pairing `slots`.
/// `round`: the round the file is for (games tagged with another round
/// are left out); `None`: the whole tournament.
pub fn match_games(games: &[PgnGame], slots: &[Slot], round: Option<u32>) -> Vec<Matched> {
    let mut matcher = Matcher::new(games, slots, round);
    (0..games.len())
        .map(|index| match matcher.place(index) {
            Ok(matched) => matched,
            Err(why) => Matched {
                index,
                verdict: Verdict::LeftOut(why),
                swapped: false,
                replaces: false,
            },
        })
        .collect()
}

/// The games of a file placed one after the other in the pairing.
struct Matcher<'a> {
    games: &'a [PgnGame],
    slots: &'a [Slot],
    round: Option<u32>,
    /// Every nick that plays in scope.
    plays: HashSet<&'a str>,
    /// The slots in scope by pair of players (the smaller nick first).
    by_pair: HashMap<(&'a str, &'a str), Vec<&'a Slot>>,
    /// The slots taken by earlier games of the file: slot key → game index.
    taken: HashMap<i64, usize>,
}

/// A pair of nicks in the order `by_pair` keys them.
fn pair_key<'n>(a: &'n str, b: &'n str) -> (&'n str, &'n str) {
    if a <= b { (a, b) } else { (b, a) }
}

impl<'a> Matcher<'a> {
    fn new(games: &'a [PgnGame], slots: &'a [Slot], round: Option<u32>) -> Matcher<'a> {
        let mut plays = HashSet::new();
        let mut by_pair: HashMap<(&str, &str), Vec<&Slot>> = HashMap::new();
        for s in slots.iter().filter(|s| round.is_none_or(|r| s.round == r)) {
            if let (Some(w), Some(b)) = (s.white.as_deref(), s.black.as_deref()) {
                plays.insert(w);
                plays.insert(b);
                by_pair.entry(pair_key(w, b)).or_default().push(s);
            }
        }
        Matcher {
            games,
            slots,
            round,
            plays,
            by_pair,
            taken: HashMap::new(),
        }
    }

    /// The verdict of game `index`, or why it is left out.
    fn place(&mut self, index: usize) -> Result<Matched, LeftOut> {
        let game = &self.games[index];
        let (Some(white), Some(black)) = (game.white().map(fold), game.black().map(fold)) else {
            return Err(LeftOut::NoPlayers);
        };
        let (tag_round, tag_board) = game.round_and_board();
        self.check_round(tag_round)?;
        self.check_players(&white, &black)?;
        let candidates = self.candidates(&white, &black, tag_round, tag_board);
        if candidates.is_empty() {
            return Err(LeftOut::NoSuchGame);
        }
        let file_result = outcome_of(game.result).ok_or(LeftOut::NoResult)?;
        let slot = self.choose(&candidates, &white, index)?;
        self.taken.insert(slot.key, index);
        let swapped = slot.white.as_deref() != Some(white.as_str());
        let result = if swapped {
            file_result.flipped()
        } else {
            file_result
        };
        Ok(Matched {
            index,
            verdict: verdict(slot, result),
            swapped,
            replaces: slot.recorded,
        })
    }

    /// A game tagged with another round of the pairing than the one
    /// imported is left out.
    fn check_round(&self, tag_round: Option<u32>) -> Result<(), LeftOut> {
        if let (Some(r), Some(tagged)) = (self.round, tag_round)
            && r != tagged
            && self.slots.iter().any(|s| s.round == tagged)
        {
            return Err(LeftOut::OtherRound(tagged));
        }
        Ok(())
    }

    /// Both players must play in scope.
    fn check_players(&self, white: &str, black: &str) -> Result<(), LeftOut> {
        let unknown: Vec<String> = [white, black]
            .into_iter()
            .filter(|n| !self.plays.contains(n))
            .map(str::to_string)
            .collect();
        if unknown.is_empty() {
            Ok(())
        } else {
            Err(LeftOut::NotInPairing(unknown))
        }
    }

    /// The games of the pairing between the two players, narrowed by the
    /// round and board tagged.
    fn candidates(
        &self,
        white: &str,
        black: &str,
        tag_round: Option<u32>,
        tag_board: Option<u32>,
    ) -> Vec<&'a Slot> {
        let mut candidates: Vec<&Slot> = self
            .by_pair
            .get(&pair_key(white, black))
            .cloned()
            .unwrap_or_default();
        // A tag narrows the search only where it names a game that exists:
        // servers number their own rounds, which need not be ours.
        if let Some(r) = tag_round
            && candidates.iter().any(|s| s.round == r)
        {
            candidates.retain(|s| s.round == r);
        }
        if let Some(b) = tag_board
            && candidates.iter().any(|s| s.board == b)
        {
            candidates.retain(|s| s.board == b);
        }
        candidates
    }

    /// Among the candidates: not yet taken by an earlier game of the file,
    /// then the same colours, then still without a result, then the
    /// pairing's order. When an earlier game took them all, this one is a
    /// duplicate of the first such game.
    fn choose(
        &self,
        candidates: &[&'a Slot],
        white: &str,
        index: usize,
    ) -> Result<&'a Slot, LeftOut> {
        let same_colours = |s: &Slot| s.white.as_deref() == Some(white);
        let free = candidates
            .iter()
            .copied()
            .filter(|s| !self.taken.contains_key(&s.key));
        if let Some(slot) = free.min_by_key(|s| {
            (
                !same_colours(s),
                s.entered != Entered::Pending,
                s.round,
                s.game_no,
            )
        }) {
            return Ok(slot);
        }
        let first = candidates
            .iter()
            .filter_map(|s| self.taken.get(&s.key))
            .min()
            .copied()
            .unwrap_or(index);
        Err(LeftOut::Duplicate {
            line: self.games[first].line,
        })
    }
}

/// What the file's `result` (in the pairing's colours) does to `slot`.
fn verdict(slot: &Slot, result: Outcome) -> Verdict {
    match slot.entered {
        Entered::Pending => Verdict::Record {
            slot: slot.key,
            result,
        },
        Entered::Played(r) if r == result => Verdict::Attach { slot: slot.key },
        entered => Verdict::Conflict {
            slot: slot.key,
            file: result,
            entered,
        },
    }
}

/// The moves could not all be read: the record is kept as the file has
/// it, and the page says from which ply.
pub fn damaged_from(game: &PgnGame) -> Option<usize> {
    match &game.problem {
        Some(PgnProblem::IllegalMove { ply, .. }) => Some(*ply),
        Some(PgnProblem::TooLong) => Some(super::pgn::MAX_PLIES + 1),
        Some(PgnProblem::BadFen(_) | PgnProblem::Syntax(_)) => Some(1),
        None => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::pgn;

    fn slot(key: i64, round: u32, board: u32, w: &str, b: &str, entered: Entered) -> Slot {
        Slot {
            key,
            round,
            board,
            game_no: 1,
            white: Some(w.into()),
            black: Some(b.into()),
            entered,
            recorded: false,
        }
    }

    fn file(games: &[(&str, &str, &str, &str)]) -> Vec<PgnGame> {
        let text: String = games
            .iter()
            .map(|(round, w, b, r)| {
                format!(
                    "[Event \"t\"]\n[Round \"{round}\"]\n[White \"{w}\"]\n[Black \"{b}\"]\n[Result \"{r}\"]\n\n1. e4 e5 {r}\n\n"
                )
            })
            .collect();
        pgn::read(&text).games
    }

    #[test]
    fn every_game_of_the_file_gets_a_verdict() {
        let slots = [
            slot(1, 1, 1, "ann", "bob", Entered::Pending),
            slot(2, 1, 2, "cat", "dan", Entered::Played(Outcome::Draw)),
            slot(3, 1, 3, "eve", "fay", Entered::Played(Outcome::WhiteWins)),
            slot(4, 1, 4, "gus", "hal", Entered::Forfeit),
        ];
        let games = file(&[
            ("1", "Ann", "Bob", "1-0"),
            ("1", "cat", "DAN", "1/2-1/2"),
            ("1", "eve", "fay", "0-1"),
            ("1", "gus", "hal", "1-0"),
            ("1", "zed", "bob", "1-0"),
            ("1", "ann", "bob", "*"),
            ("1", "ann", "cat", "1-0"),
            ("1", "ann", "bob", "1-0"),
        ]);
        let v: Vec<Verdict> = match_games(&games, &slots, Some(1))
            .into_iter()
            .map(|m| m.verdict)
            .collect();
        assert_eq!(
            v,
            vec![
                Verdict::Record {
                    slot: 1,
                    result: Outcome::WhiteWins
                },
                Verdict::Attach { slot: 2 },
                Verdict::Conflict {
                    slot: 3,
                    file: Outcome::BlackWins,
                    entered: Entered::Played(Outcome::WhiteWins)
                },
                Verdict::Conflict {
                    slot: 4,
                    file: Outcome::WhiteWins,
                    entered: Entered::Forfeit
                },
                Verdict::LeftOut(LeftOut::NotInPairing(vec!["zed".into()])),
                Verdict::LeftOut(LeftOut::NoResult),
                Verdict::LeftOut(LeftOut::NoSuchGame),
                Verdict::LeftOut(LeftOut::Duplicate { line: 1 }),
            ]
        );
    }

    #[test]
    fn colours_the_other_way_round_are_flagged_and_read_by_player() {
        let slots = [slot(1, 1, 1, "ann", "bob", Entered::Pending)];
        let games = file(&[("1", "bob", "ann", "1-0")]);
        let m = &match_games(&games, &slots, Some(1))[0];
        assert!(m.swapped);
        assert_eq!(
            m.verdict,
            Verdict::Record {
                slot: 1,
                result: Outcome::BlackWins
            }
        );
    }

    #[test]
    fn a_tagged_round_picks_the_game_of_that_round() {
        let slots = [
            slot(1, 1, 1, "ann", "bob", Entered::Pending),
            slot(2, 2, 1, "bob", "ann", Entered::Pending),
        ];
        let games = file(&[("2", "bob", "ann", "0-1"), ("1", "ann", "bob", "1-0")]);
        let m = match_games(&games, &slots, None);
        assert_eq!(m[0].verdict.slot(), Some(2));
        assert!(!m[0].swapped);
        assert_eq!(m[1].verdict.slot(), Some(1));
        // Importing round 1 alone, the round-2 game is left out.
        let m = match_games(&games, &slots, Some(1));
        assert_eq!(m[0].verdict, Verdict::LeftOut(LeftOut::OtherRound(2)));
        assert_eq!(m[1].verdict.slot(), Some(1));
    }

    #[test]
    fn a_server_round_number_that_is_not_ours_does_not_hide_the_game() {
        let slots = [slot(1, 3, 1, "ann", "bob", Entered::Pending)];
        let games = file(&[("17", "ann", "bob", "1-0")]);
        let m = match_games(&games, &slots, Some(3));
        assert_eq!(m[0].verdict.slot(), Some(1));
    }
}
