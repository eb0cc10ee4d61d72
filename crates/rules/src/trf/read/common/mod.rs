//! The common layout of team TRF files: the games are in the 001 player
//! lines (per round: opponent's starting rank, colour, result), the teams in
//! record 310 (TRF-2026) or 013 (TRF16, what Swiss-Manager exports), with
//! 300 (line-ups out of roster order), 320 (pairing-allocated byes), 240
//! (other byes) and 330 (forfeited matches). Most chess software writes
//! only this; the platform's own 801 records are optional.
//!
//! A round's matches are rebuilt from its games: every game names two
//! players, each player belongs to one team, so each game belongs to the
//! match of those two teams. Inside a match the boards follow the teams'
//! board order: the 300 record of the round when there is one, else the
//! order in which the team record lists its players (the board order of
//! the roster). The team listed first in the match (the "home" team) is
//! the one whose player has the colour that record 352 gives the first
//! team on that board (White on board 1 by default).
//!
//! With two games per pairing the games take two columns per round, game 1
//! then game 2, as the platform writes them.

use std::collections::{BTreeMap, BTreeSet};

use super::line::Line;
use super::side::SideResult;
use crate::score::{ByeKind, Colour};
use crate::tournament::{MatchForfeit, Round, Team};
use crate::trf::{Expected, Field, TrfError, err};

mod boards;
mod matches;
mod round;

use round::round;

/// Column of the first round cell of a 001 line (TRF16 and TRF-2026).
const FIRST_CELL: usize = 92;
/// Width of a round cell: `OOOO C R` and two blanks.
const CELL_WIDTH: usize = 10;

/// One round cell of a 001 line.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) struct Cell {
    /// The opponent's starting rank; 0 when none.
    pub opponent: u16,
    /// The player's colour, when the cell gives one.
    pub colour: Option<Colour>,
    /// The result code as written (upper case).
    pub result: char,
}

/// The games of one 001 line.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(super) struct PlayerGames {
    /// Line number.
    pub line: usize,
    /// Starting rank.
    pub player: u16,
    /// One entry per round column; `None` where the column is blank.
    pub cells: Vec<Option<Cell>>,
}

impl PlayerGames {
    /// Whether any column holds something.
    pub fn has_games(&self) -> bool {
        self.cells.iter().any(Option::is_some)
    }
}

/// Result codes of TRF16 and TRF-2026 player cells: played games (`1 = 0`,
/// `W D L` for games played but not rated), forfeits (`+ -`), byes (`H F U
/// Z`) and a game not played yet (blank or `*`).
const RESULT_CODES: &[char] = &[
    '1', '=', '0', 'W', 'D', 'L', '+', '-', 'H', 'F', 'U', 'Z', '*', ' ',
];

/// Reads the round cells of a 001 line.
pub(super) fn parse_cells(l: &Line) -> Result<PlayerGames, TrfError> {
    let player: u16 = l.number(5, 8, Field::StartingRank)?;
    let mut cells = vec![];
    let mut col = FIRST_CELL;
    while col <= l.chars.len() {
        let round = u16::try_from(cells.len() + 1).unwrap_or(u16::MAX);
        let opp = l.cols(col, col + 3);
        let colour = l.char_at(col + 5);
        let result = l.char_at(col + 7).to_ascii_uppercase();
        if opp.is_empty() && colour == ' ' && result == ' ' {
            cells.push(None);
            col += CELL_WIDTH;
            continue;
        }
        let opponent: u16 = if opp.is_empty() {
            0
        } else {
            opp.parse().map_err(|_| {
                err(
                    l.no,
                    Expected::GameCell { round, column: col },
                    l.cols(col, col + 7),
                )
            })?
        };
        let colour = match colour {
            'w' | 'W' => Some(Colour::White),
            'b' | 'B' => Some(Colour::Black),
            '-' | ' ' => None,
            _ => {
                return Err(err(
                    l.no,
                    Expected::GameCell { round, column: col },
                    l.cols(col, col + 7),
                ));
            }
        };
        if !RESULT_CODES.contains(&result) {
            return Err(err(
                l.no,
                Expected::GameCell { round, column: col },
                l.cols(col, col + 7),
            ));
        }
        cells.push(Some(Cell {
            opponent,
            colour,
            result,
        }));
        col += CELL_WIDTH;
    }
    while cells.last().is_some_and(Option::is_none) {
        cells.pop();
    }
    Ok(PlayerGames {
        line: l.no,
        player,
        cells,
    })
}

/// A cell without an opponent while the team plays a match: a board the
/// other team did not fill (or filled without naming its player), e.g. a
/// present player's `0000 - +` against an empty board.
///
/// `0000 - -` is no board: TRF-2026 (001, results) writes it for a player
/// who was not paired in the round (absent, retired, or not nominated by
/// the team), and Swiss-Manager writes it on the line of every reserve who
/// sat out. A board lost by forfeit is the other side's `+` (against a named
/// opponent, or against nobody); a board nobody filled is lost by both. A
/// bye letter of a reserve is no board either.
fn lone_result(code: char) -> Option<SideResult> {
    match code {
        '1' | 'W' => Some(SideResult::Win),
        '=' | 'D' => Some(SideResult::Draw),
        '0' | 'L' => Some(SideResult::Loss),
        '+' => Some(SideResult::ForfeitWin),
        _ => None,
    }
}

fn colour_code(c: Option<Colour>) -> char {
    match c {
        Some(Colour::White) => 'w',
        Some(Colour::Black) => 'b',
        None => '-',
    }
}

/// One game of a match as the file shows it, from team `a`'s side.
#[derive(Debug, Clone)]
struct Board {
    a_player: Option<u16>,
    b_player: Option<u16>,
    /// Team a's result.
    a_result: SideResult,
    /// Whether team b's line confirms a double forfeit (`-` on both).
    both_forfeited: bool,
    /// Team a's colour, when given.
    a_colour: Option<Colour>,
}

/// A 300 record: a team's players by board in one round.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(super) struct Lineup {
    /// Line number.
    pub line: usize,
    /// The opponent team.
    pub opponent: u16,
    /// Player per board (0 = empty board).
    pub players: Vec<u16>,
}

/// What the reader knows besides the player lines.
pub(super) struct Context<'a> {
    pub teams: &'a [Team],
    pub boards: usize,
    pub games_per_pairing: usize,
    /// Board colour sequence of the team listed first (352).
    pub colours: &'a [Colour],
    /// 300: (round, team) → the team's line-up.
    pub lineups: &'a BTreeMap<(u16, u16), Lineup>,
    /// 320: the PAB team of each round (0 = none).
    pub pab: &'a [u16],
    /// 240: (round, team) → bye.
    pub byes: &'a BTreeMap<(u16, u16), ByeKind>,
    /// 330: (round, white team, black team) → forfeit.
    pub forfeits: &'a BTreeMap<(u16, u16, u16), MatchForfeit>,
}

impl Context<'_> {
    fn team_of(&self) -> BTreeMap<u16, u16> {
        let mut m = BTreeMap::new();
        for t in self.teams {
            for p in &t.roster {
                m.insert(p.0, t.id.0);
            }
        }
        m
    }

    fn roster_pos(&self, team: u16, player: u16) -> usize {
        self.teams
            .iter()
            .find(|t| t.id.0 == team)
            .and_then(|t| t.roster.iter().position(|p| p.0 == player))
            .unwrap_or(usize::MAX)
    }
}

/// Boards of a match, for a file without 352, 801 and 300: the most games
/// one team plays in one column of the player lines. A game is a cell that
/// names an opponent, or a present player's result against an empty board
/// (`0000 - +`, `0000 - 1` …). Never the players a team lists: a reserve's
/// `0000 - -` (not paired) and the bye letters are no games, and neither are
/// the cells of a match forfeited as a whole (330), whatever they show.
pub(super) fn boards_per_match(
    lines: &[PlayerGames],
    teams: &[Team],
    forfeits: &BTreeMap<(u16, u16, u16), MatchForfeit>,
    games_per_pairing: usize,
) -> usize {
    let team_of: BTreeMap<u16, u16> = teams
        .iter()
        .flat_map(|t| t.roster.iter().map(move |p| (p.0, t.id.0)))
        .collect();
    let forfeited = |column: usize, team: u16| {
        let round = u16::try_from(column / games_per_pairing.max(1) + 1).unwrap_or(u16::MAX);
        forfeits
            .keys()
            .any(|&(r, w, b)| r == round && (w == team || b == team))
    };
    let mut count: BTreeMap<(usize, u16), usize> = BTreeMap::new();
    for pl in lines {
        let Some(&team) = team_of.get(&pl.player) else {
            continue;
        };
        for (c, cell) in pl.cells.iter().enumerate() {
            let Some(cell) = cell else { continue };
            if (cell.opponent != 0 || lone_result(cell.result).is_some()) && !forfeited(c, team) {
                *count.entry((c, team)).or_default() += 1;
            }
        }
    }
    // A lone win or draw is a board only where the team meets another team
    // in that column; without one it is a bye letter (F, H as 1, =).
    let meets: BTreeSet<(usize, u16)> = lines
        .iter()
        .filter_map(|pl| team_of.get(&pl.player).map(|&t| (pl, t)))
        .flat_map(|(pl, t)| {
            pl.cells
                .iter()
                .enumerate()
                .filter(|(_, c)| c.is_some_and(|c| c.opponent != 0 || c.result == '+'))
                .map(move |(i, _)| (i, t))
        })
        .collect();
    count
        .into_iter()
        .filter(|(k, _)| meets.contains(k))
        .map(|(_, n)| n)
        .max()
        .unwrap_or(1)
}

/// Whether the columns come in pairs with the same team pairings (two games
/// per pairing written as two columns), for a file that does not say.
pub(super) fn columns_pair_up(lines: &[PlayerGames], teams: &[Team]) -> bool {
    let team_of: BTreeMap<u16, u16> = teams
        .iter()
        .flat_map(|t| t.roster.iter().map(move |p| (p.0, t.id.0)))
        .collect();
    let columns = lines.iter().map(|l| l.cells.len()).max().unwrap_or(0);
    if columns < 2 || columns % 2 != 0 {
        return false;
    }
    let pairs = |c: usize| -> BTreeSet<(u16, u16)> {
        let mut s = BTreeSet::new();
        for pl in lines {
            let Some(Some(cell)) = pl.cells.get(c) else {
                continue;
            };
            if let (Some(&a), Some(&b)) = (team_of.get(&pl.player), team_of.get(&cell.opponent)) {
                s.insert((a.min(b), a.max(b)));
            }
        }
        s
    };
    (0..columns / 2).all(|k| {
        let first = pairs(2 * k);
        !first.is_empty() && first == pairs(2 * k + 1)
    })
}

/// The rounds the player lines hold.
pub(super) fn rounds(lines: &[PlayerGames], ctx: &Context<'_>) -> Result<Vec<Round>, TrfError> {
    let team_of = ctx.team_of();
    // A game the reader cannot place is an error, never a silent zero.
    if let Some(pl) = lines
        .iter()
        .find(|l| l.has_games() && !team_of.contains_key(&l.player))
    {
        return Err(err(
            pl.line,
            Expected::PlayerInTeam { player: pl.player },
            pl.player.to_string(),
        ));
    }
    for pl in lines.iter().filter(|l| l.has_games()) {
        for (c, cell) in pl.cells.iter().enumerate() {
            let Some(cell) = cell else { continue };
            if cell.opponent != 0 && !team_of.contains_key(&cell.opponent) {
                return Err(err(
                    pl.line,
                    Expected::PlayerInTeam {
                        player: cell.opponent,
                    },
                    format!("{} (round {})", cell.opponent, c + 1),
                ));
            }
        }
    }
    let gpp = ctx.games_per_pairing.max(1);
    let columns = lines.iter().map(|l| l.cells.len()).max().unwrap_or(0);
    let n_rounds = columns
        .div_ceil(gpp)
        .max(ctx.pab.iter().rposition(|&t| t != 0).map_or(0, |i| i + 1))
        .max(ctx.byes.keys().map(|k| usize::from(k.0)).max().unwrap_or(0))
        .max(
            ctx.forfeits
                .keys()
                .map(|k| usize::from(k.0))
                .max()
                .unwrap_or(0),
        );
    let mut rounds = Vec::with_capacity(n_rounds);
    for ri in 0..n_rounds {
        let round_no = u16::try_from(ri + 1).unwrap_or(u16::MAX);
        rounds.push(round(lines, ctx, &team_of, ri, round_no)?);
    }
    Ok(rounds)
}

/// One cell with the line and team it belongs to.
#[derive(Debug, Clone, Copy)]
struct Entry {
    line: usize,
    player: u16,
    cell: Cell,
}
