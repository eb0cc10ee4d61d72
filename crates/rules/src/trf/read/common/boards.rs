//! The games of two teams in one column of the player lines, matched up
//! and put in board order.

use super::{Board, Context, Entry, colour_code, lone_result};
use crate::score::Colour;
use crate::trf::read::side::SideResult;
use crate::trf::{Expected, TrfError, err};

/// A result with nobody named opposite: player, own result, colour.
type Alone = (u16, SideResult, Option<Colour>);

/// One column (one game of the pairing) of the match of teams `a` and `b`.
struct Column<'a> {
    ctx: &'a Context<'a>,
    round_no: u16,
    a: u16,
    b: u16,
    /// In game 2, the boards of game 1.
    first_game: Option<&'a [Option<Board>]>,
}

/// The games of teams `a` and `b` in one column (their entries `ea` and
/// `eb`), in board order.
pub(super) fn boards_of(
    ctx: &Context<'_>,
    round_no: u16,
    (a, b): (u16, u16),
    (ea, eb): (&[Entry], &[Entry]),
    first_game: Option<&[Option<Board>]>,
) -> Result<Vec<Option<Board>>, TrfError> {
    let col = Column {
        ctx,
        round_no,
        a,
        b,
        first_game,
    };
    let mut boards: Vec<Board> = vec![];
    let mut b_used: Vec<bool> = vec![false; eb.len()];
    let a_alone = col.games_of_a(ea, eb, &mut b_used, &mut boards)?;
    let b_alone = col.games_of_b(eb, &b_used, &mut boards)?;
    col.lone_boards(a_alone, b_alone, &mut boards);
    // Board order: the 300 records of the round, else the roster order.
    let has_explicit = first_game.is_some_and(|f| f.iter().any(Option::is_some))
        || ctx.lineups.contains_key(&(round_no, a))
        || ctx.lineups.contains_key(&(round_no, b));
    Ok(if has_explicit {
        col.in_explicit_order(boards)
    } else {
        col.in_roster_order(boards)
    })
}

/// The result of an entry's game (one that names an opponent).
fn game_result(e: &Entry, round_no: u16) -> Result<SideResult, TrfError> {
    SideResult::from_player_code(e.cell.result).ok_or_else(|| {
        err(
            e.line,
            Expected::GameResult { round: round_no },
            e.cell.result.to_string(),
        )
    })
}

impl Column<'_> {
    /// A player's board: in game 2 the board of game 1, else the 300 record.
    fn explicit(&self, team: u16, player: Option<u16>) -> Option<usize> {
        let p = player?;
        let in_first = self.first_game.and_then(|boards| {
            boards.iter().position(|bd| {
                bd.as_ref().is_some_and(|bd| {
                    if team == self.a {
                        bd.a_player == Some(p)
                    } else {
                        bd.b_player == Some(p)
                    }
                })
            })
        });
        in_first.or_else(|| {
            let l = self.ctx.lineups.get(&(self.round_no, team))?;
            l.players.iter().position(|&id| id == p)
        })
    }

    /// The roster position of a board's player of team a.
    fn pos_a(&self, bd: &Board) -> Option<usize> {
        bd.a_player.map(|p| self.ctx.roster_pos(self.a, p))
    }

    /// The roster position of a board's player of team b.
    fn pos_b(&self, bd: &Board) -> Option<usize> {
        bd.b_player.map(|p| self.ctx.roster_pos(self.b, p))
    }

    /// Team a's games against a named opponent, checked against the
    /// opponent's line when it has the same game (marked in `b_used`);
    /// returns a's results with nobody named opposite.
    fn games_of_a(
        &self,
        ea: &[Entry],
        eb: &[Entry],
        b_used: &mut [bool],
        boards: &mut Vec<Board>,
    ) -> Result<Vec<Alone>, TrfError> {
        let round_no = self.round_no;
        let mut a_alone: Vec<Alone> = vec![];
        for e in ea {
            let c = e.cell;
            if c.opponent == 0 {
                if let Some(own) = lone_result(c.result) {
                    a_alone.push((e.player, own, c.colour));
                }
                continue;
            }
            let own = game_result(e, round_no)?;
            // The opponent's line for the same game, when it has one.
            let partner = eb
                .iter()
                .position(|x| x.player == c.opponent && x.cell.opponent == e.player);
            let mut both = false;
            if let Some(i) = partner {
                b_used[i] = true;
                let theirs = check_mirror(e, &eb[i], own, round_no)?;
                both = own == SideResult::ForfeitLoss && theirs == SideResult::ForfeitLoss;
            }
            boards.push(Board {
                a_player: Some(e.player),
                b_player: Some(c.opponent),
                a_result: own,
                both_forfeited: both,
                a_colour: c.colour,
            });
        }
        Ok(a_alone)
    }

    /// Team b's games that team a's lines do not show; returns b's results
    /// with nobody named opposite.
    fn games_of_b(
        &self,
        eb: &[Entry],
        b_used: &[bool],
        boards: &mut Vec<Board>,
    ) -> Result<Vec<Alone>, TrfError> {
        let mut b_alone: Vec<Alone> = vec![];
        for (i, x) in eb.iter().enumerate() {
            if b_used[i] {
                continue;
            }
            let c = x.cell;
            if c.opponent == 0 {
                if let Some(own) = lone_result(c.result) {
                    b_alone.push((x.player, own, c.colour));
                }
                continue;
            }
            let own = game_result(x, self.round_no)?;
            boards.push(Board {
                a_player: Some(c.opponent),
                b_player: Some(x.player),
                a_result: own.flipped(),
                both_forfeited: false,
                a_colour: c.colour.map(Colour::opposite),
            });
        }
        Ok(b_alone)
    }

    /// Results of both teams with nobody named opposite that mirror each
    /// other are one board; what is left is a board with one player (a lone
    /// forfeit loss scores for nobody unless the other side's line says so).
    fn lone_boards(&self, a_alone: Vec<Alone>, mut b_alone: Vec<Alone>, boards: &mut Vec<Board>) {
        for (player, own, colour) in a_alone {
            // Not one game: equal colours, or different boards in 300.
            let other = b_alone.iter().position(|&(q, o, c)| {
                let boards = (
                    self.explicit(self.a, Some(player)),
                    self.explicit(self.b, Some(q)),
                );
                own.mirrors(o)
                    && !(colour.is_some() && colour == c)
                    && !matches!(boards, (Some(x), Some(y)) if x != y)
            });
            let partner = other.map(|i| b_alone.remove(i));
            boards.push(Board {
                a_player: Some(player),
                b_player: partner.map(|p| p.0),
                a_result: own,
                both_forfeited: partner.is_some_and(|p| {
                    own == SideResult::ForfeitLoss && p.1 == SideResult::ForfeitLoss
                }),
                a_colour: colour.or_else(|| partner.and_then(|p| p.2).map(Colour::opposite)),
            });
        }
        for (player, own, colour) in b_alone {
            boards.push(Board {
                a_player: None,
                b_player: Some(player),
                a_result: own.flipped(),
                both_forfeited: own == SideResult::ForfeitLoss,
                a_colour: colour.map(Colour::opposite),
            });
        }
    }

    /// The boards at the board game 1 or the 300 records give their
    /// players; the others at their roster position when that board is
    /// free, else at the first free board.
    fn in_explicit_order(&self, all: Vec<Board>) -> Vec<Option<Board>> {
        let mut placed: Vec<Option<Board>> = vec![None; self.ctx.boards.max(all.len())];
        let mut rest = vec![];
        for bd in all {
            let slot = self
                .explicit(self.a, bd.a_player)
                .or_else(|| self.explicit(self.b, bd.b_player));
            match slot {
                Some(s) if placed.get(s).is_some_and(Option::is_none) => placed[s] = Some(bd),
                _ => rest.push(bd),
            }
        }
        // The others at their roster position when that board is free,
        // else at the first free board.
        rest.sort_by_key(|bd| self.pos_a(bd).or(self.pos_b(bd)));
        let mut left = vec![];
        for bd in rest {
            match self.pos_a(&bd).or(self.pos_b(&bd)) {
                Some(p) if placed.get(p).is_some_and(Option::is_none) => placed[p] = Some(bd),
                _ => left.push(bd),
            }
        }
        let mut left = left.into_iter();
        for slot in placed.iter_mut().filter(|s| s.is_none()) {
            match left.next() {
                Some(bd) => *slot = Some(bd),
                None => break,
            }
        }
        placed.extend(left.map(Some));
        placed
    }

    /// Games with players of both teams in a's roster order; a board only
    /// one team filled goes where that team's roster order puts it.
    fn in_roster_order(&self, all: Vec<Board>) -> Vec<Option<Board>> {
        let (mut paired, single): (Vec<Board>, Vec<Board>) = all
            .into_iter()
            .partition(|bd| bd.a_player.is_some() && bd.b_player.is_some());
        paired.sort_by_key(|bd| (self.pos_a(bd), self.pos_b(bd)));
        for bd in single {
            let at = match (self.pos_a(&bd), self.pos_b(&bd)) {
                (Some(pa), _) => paired
                    .iter()
                    .position(|x| self.pos_a(x).is_some_and(|q| q > pa))
                    .unwrap_or(paired.len()),
                (None, Some(pb)) => paired
                    .iter()
                    .position(|x| self.pos_b(x).is_some_and(|q| q > pb))
                    .unwrap_or(paired.len()),
                (None, None) => paired.len(),
            };
            paired.insert(at, bd);
        }
        paired.into_iter().map(Some).collect()
    }
}

/// The opponent's cell `x` for the same game as team a's entry `e` (with
/// result `own`): its result must mirror `own`, its colour be the other.
/// Returns the opponent's result.
fn check_mirror(
    e: &Entry,
    x: &Entry,
    own: SideResult,
    round_no: u16,
) -> Result<SideResult, TrfError> {
    let theirs = game_result(x, round_no)?;
    if !own.mirrors(theirs) {
        return Err(err(
            x.line,
            Expected::MirrorGame {
                accepted: own.mirror_codes().to_vec(),
                round: round_no,
                player: e.player,
                line: e.line,
            },
            x.cell.result.to_string(),
        ));
    }
    if e.cell.colour.is_some() && e.cell.colour == x.cell.colour {
        return Err(err(
            x.line,
            Expected::MirrorColour {
                round: round_no,
                player: e.player,
                line: e.line,
            },
            colour_code(x.cell.colour).to_string(),
        ));
    }
    Ok(theirs)
}
