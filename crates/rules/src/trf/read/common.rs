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

use std::collections::{BTreeMap, BTreeSet, HashMap};

use super::line::Line;
use super::side::SideResult;
use crate::score::{BoardResult, ByeKind, Colour};
use crate::tournament::{Game, Match, MatchForfeit, Pairing, PlayerId, Round, Team, TeamId};
use crate::trf::{Expected, Field, TrfError, err};

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
    pub lineups: &'a HashMap<(u16, u16), Lineup>,
    /// 320: the PAB team of each round (0 = none).
    pub pab: &'a [u16],
    /// 240: (round, team) → bye.
    pub byes: &'a HashMap<(u16, u16), ByeKind>,
    /// 330: (round, white team, black team) → forfeit.
    pub forfeits: &'a HashMap<(u16, u16, u16), MatchForfeit>,
}

impl Context<'_> {
    fn team_of(&self) -> HashMap<u16, u16> {
        let mut m = HashMap::new();
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
    forfeits: &HashMap<(u16, u16, u16), MatchForfeit>,
    games_per_pairing: usize,
) -> usize {
    let team_of: HashMap<u16, u16> = teams
        .iter()
        .flat_map(|t| t.roster.iter().map(move |p| (p.0, t.id.0)))
        .collect();
    let forfeited = |column: usize, team: u16| {
        let round = u16::try_from(column / games_per_pairing.max(1) + 1).unwrap_or(u16::MAX);
        forfeits
            .keys()
            .any(|&(r, w, b)| r == round && (w == team || b == team))
    };
    let mut count: HashMap<(usize, u16), usize> = HashMap::new();
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
    let team_of: HashMap<u16, u16> = teams
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

fn round(
    lines: &[PlayerGames],
    ctx: &Context<'_>,
    team_of: &HashMap<u16, u16>,
    ri: usize,
    round_no: u16,
) -> Result<Round, TrfError> {
    let gpp = ctx.games_per_pairing.max(1);
    // Entries of each game column of the round, by team.
    let columns: Vec<BTreeMap<u16, Vec<Entry>>> = (0..gpp)
        .map(|g| {
            let mut by_team: BTreeMap<u16, Vec<Entry>> = BTreeMap::new();
            for pl in lines {
                let Some(Some(cell)) = pl.cells.get(ri * gpp + g) else {
                    continue;
                };
                let Some(&team) = team_of.get(&pl.player) else {
                    continue;
                };
                by_team.entry(team).or_default().push(Entry {
                    line: pl.line,
                    player: pl.player,
                    cell: *cell,
                });
            }
            by_team
        })
        .collect();

    // Each team's opponent: a forfeited match (330), else the teams of the
    // opponents its players met (one team only), else a 300 record.
    let mut opponent: BTreeMap<u16, (u16, usize)> = BTreeMap::new();
    for (_, w, b) in ctx.forfeits.keys().filter(|k| k.0 == round_no) {
        opponent.insert(*w, (*b, 0));
        opponent.insert(*b, (*w, 0));
    }
    for col in &columns {
        for (team, entries) in col {
            for e in entries.iter().filter(|e| e.cell.opponent != 0) {
                let Some(&other) = team_of.get(&e.cell.opponent) else {
                    continue;
                };
                if other == *team {
                    return Err(err(
                        e.line,
                        Expected::OpponentTeam {
                            round: round_no,
                            team: *team,
                        },
                        format!("{} ({})", e.cell.opponent, other),
                    ));
                }
                match opponent.get(team) {
                    Some(&(known, at)) if known != other => {
                        let at = if at == 0 { e.line } else { at };
                        return Err(err(
                            e.line,
                            Expected::OneOpponentTeam {
                                round: round_no,
                                team: *team,
                                opponent: known,
                                line: at,
                            },
                            other.to_string(),
                        ));
                    }
                    Some(_) => {}
                    None => {
                        opponent.insert(*team, (other, e.line));
                    }
                }
            }
        }
    }
    let mut named: Vec<(&(u16, u16), &Lineup)> = ctx
        .lineups
        .iter()
        .filter(|(k, l)| k.0 == round_no && l.opponent != 0)
        .collect();
    named.sort_by_key(|(k, _)| **k);
    for ((_, team), l) in named {
        if !opponent.contains_key(team) {
            opponent.insert(*team, (l.opponent, l.line));
        }
    }
    // Symmetry: a team's opponent names it back.
    for (&team, &(other, line)) in &opponent {
        if let Some(&(back, back_line)) = opponent.get(&other)
            && back != team
        {
            return Err(err(
                back_line.max(line),
                Expected::OneOpponentTeam {
                    round: round_no,
                    team: other,
                    opponent: team,
                    line,
                },
                back.to_string(),
            ));
        }
    }

    let mut pairings = vec![];
    let mut done: BTreeSet<u16> = BTreeSet::new();
    for (&team, &(other, _)) in &opponent {
        if done.contains(&team) {
            continue;
        }
        done.insert(team);
        done.insert(other);
        pairings.push(Pairing::Match(build_match(
            ctx, &columns, round_no, team, other,
        )?));
    }

    // Byes: 320 and 240 first, then the letters of the player lines.
    let pab_team = ctx.pab.get(ri).copied().filter(|&t| t != 0);
    let mut teams_seen: BTreeSet<u16> = columns.iter().flat_map(|c| c.keys().copied()).collect();
    teams_seen.extend(pab_team);
    teams_seen.extend(ctx.byes.keys().filter(|k| k.0 == round_no).map(|k| k.1));
    for team in teams_seen {
        if done.contains(&team) {
            continue;
        }
        let entries: Vec<&Entry> = columns
            .iter()
            .filter_map(|c| c.get(&team))
            .flatten()
            .collect();
        let letter = |c: char| entries.iter().any(|e| e.cell.result == c);
        let kind = if pab_team == Some(team) {
            Some(ByeKind::PairingAllocated)
        } else if let Some(k) = ctx.byes.get(&(round_no, team)) {
            Some(*k)
        } else if letter('U') {
            Some(ByeKind::PairingAllocated)
        } else if letter('F') || letter('1') || letter('W') {
            Some(ByeKind::FullPoint)
        } else if letter('H') || letter('=') || letter('D') {
            Some(ByeKind::HalfPoint)
        } else if letter('+') {
            // Forfeit wins with nobody named: the opponent is unknown.
            let e = entries.iter().find(|e| e.cell.result == '+');
            return Err(err(
                e.map_or(0, |e| e.line),
                Expected::MatchOpponent {
                    round: round_no,
                    team,
                },
                "+".to_string(),
            ));
        } else if letter('Z') {
            Some(ByeKind::ZeroPoint)
        } else {
            None
        };
        if let Some(kind) = kind {
            pairings.push(Pairing::Bye {
                team: TeamId(team),
                kind,
            });
        }
    }
    Ok(Round {
        number: round_no,
        pairings,
    })
}

/// The match of teams `a` and `b` in a round.
fn build_match(
    ctx: &Context<'_>,
    columns: &[BTreeMap<u16, Vec<Entry>>],
    round_no: u16,
    a: u16,
    b: u16,
) -> Result<Match, TrfError> {
    let forfeit = ctx
        .forfeits
        .get(&(round_no, a, b))
        .map(|f| (a, b, *f))
        .or_else(|| ctx.forfeits.get(&(round_no, b, a)).map(|f| (b, a, *f)));
    if let Some((white, black, f)) = forfeit {
        return Ok(Match {
            home: TeamId(white),
            away: TeamId(black),
            games: vec![],
            forfeit: Some(f),
        });
    }
    let mut per_game: Vec<Vec<Option<Board>>> = Vec::with_capacity(columns.len());
    for col in columns {
        let empty = vec![];
        let ea = col.get(&a).unwrap_or(&empty);
        let eb = col.get(&b).unwrap_or(&empty);
        let boards = boards_of(
            ctx,
            round_no,
            a,
            b,
            ea,
            eb,
            per_game.first().map(Vec::as_slice),
        )?;
        if boards.iter().flatten().count() > ctx.boards || boards.len() > ctx.boards.max(1) {
            let line = ea.first().or(eb.first()).map_or(0, |e| e.line);
            return Err(err(
                line,
                Expected::GamesPerMatch {
                    boards: ctx.boards,
                    round: round_no,
                    team: a,
                    opponent: b,
                },
                boards.iter().flatten().count().to_string(),
            ));
        }
        per_game.push(boards);
    }
    // The home team has the first colour of 352 on its board (colours of
    // game 2 are those of game 1 reversed).
    let mut a_home: Option<bool> = None;
    'find: for (g, boards) in per_game.iter().enumerate() {
        for (i, bd) in boards.iter().enumerate() {
            if let Some(c) = bd.as_ref().and_then(|bd| bd.a_colour) {
                let first = ctx.colours.get(i).copied().unwrap_or(if i % 2 == 0 {
                    Colour::White
                } else {
                    Colour::Black
                });
                let first = if g % 2 == 1 { first.opposite() } else { first };
                a_home = Some(c == first);
                break 'find;
            }
        }
    }
    let a_home = a_home.unwrap_or(a < b);
    let (home, away) = if a_home { (a, b) } else { (b, a) };
    let mut games = vec![];
    for (g, boards) in per_game.iter().enumerate() {
        if boards.iter().all(Option::is_none) {
            continue;
        }
        for board in 0..ctx.boards {
            let (result, hp, ap) = match boards.get(board).and_then(Option::as_ref) {
                Some(bd) => {
                    let r = result_for_a(bd);
                    let (r, hp, ap) = if a_home {
                        (r, bd.a_player, bd.b_player)
                    } else {
                        (r.flipped(), bd.b_player, bd.a_player)
                    };
                    (r, hp, ap)
                }
                // A board neither team filled is lost by both.
                None => (BoardResult::DoubleForfeit, None, None),
            };
            games.push(Game {
                board: u8::try_from(board + 1).unwrap_or(u8::MAX),
                game: u8::try_from(g + 1).unwrap_or(u8::MAX),
                result,
                home_player: hp.map(PlayerId),
                away_player: ap.map(PlayerId),
            });
        }
    }
    Ok(Match {
        home: TeamId(home),
        away: TeamId(away),
        games,
        forfeit: None,
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

/// A board's result seen from team a (home for [`BoardResult`]).
fn result_for_a(bd: &Board) -> BoardResult {
    match bd.a_result {
        SideResult::Win => BoardResult::HomeWin,
        SideResult::Draw => BoardResult::Draw,
        SideResult::Loss => BoardResult::AwayWin,
        SideResult::ForfeitWin if bd.both_forfeited => BoardResult::DoubleForfeit,
        SideResult::ForfeitWin => BoardResult::HomeForfeitWin,
        SideResult::ForfeitLoss if bd.both_forfeited || bd.b_player.is_none() => {
            BoardResult::DoubleForfeit
        }
        SideResult::ForfeitLoss => BoardResult::AwayForfeitWin,
        SideResult::Pending => BoardResult::NotPlayed,
        SideResult::Replay => BoardResult::Replay,
    }
}

/// The games of teams `a` and `b` in one column, in board order.
fn boards_of(
    ctx: &Context<'_>,
    round_no: u16,
    a: u16,
    b: u16,
    ea: &[Entry],
    eb: &[Entry],
    first_game: Option<&[Option<Board>]>,
) -> Result<Vec<Option<Board>>, TrfError> {
    // A player's board: in game 2 the board of game 1, else the 300 record.
    let explicit = |team: u16, player: Option<u16>| -> Option<usize> {
        let p = player?;
        let in_first = first_game.and_then(|boards| {
            boards.iter().position(|bd| {
                bd.as_ref().is_some_and(|bd| {
                    if team == a {
                        bd.a_player == Some(p)
                    } else {
                        bd.b_player == Some(p)
                    }
                })
            })
        });
        in_first.or_else(|| {
            let l = ctx.lineups.get(&(round_no, team))?;
            l.players.iter().position(|&id| id == p)
        })
    };
    let mut boards: Vec<Board> = vec![];
    let mut b_used: Vec<bool> = vec![false; eb.len()];
    // Results with nobody named opposite: (player, own result, colour).
    let mut a_alone: Vec<(u16, SideResult, Option<Colour>)> = vec![];
    let mut b_alone: Vec<(u16, SideResult, Option<Colour>)> = vec![];
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
            let x = eb[i];
            let theirs = game_result(&x, round_no)?;
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
            if c.colour.is_some() && c.colour == x.cell.colour {
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
    // Team b's games that team a's lines do not show.
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
        let own = game_result(x, round_no)?;
        boards.push(Board {
            a_player: Some(c.opponent),
            b_player: Some(x.player),
            a_result: own.flipped(),
            both_forfeited: false,
            a_colour: c.colour.map(Colour::opposite),
        });
    }
    // Results of both teams with nobody named opposite that mirror each
    // other are one board; what is left is a board with one player (a lone
    // forfeit loss scores for nobody unless the other side's line says so).
    for (player, own, colour) in a_alone {
        // Not one game: equal colours, or different boards in 300.
        let other = b_alone.iter().position(|&(q, o, c)| {
            let boards = (explicit(a, Some(player)), explicit(b, Some(q)));
            own.mirrors(o)
                && !(colour.is_some() && colour == c)
                && !matches!(boards, (Some(x), Some(y)) if x != y)
        });
        let partner = other.map(|i| b_alone.remove(i));
        boards.push(Board {
            a_player: Some(player),
            b_player: partner.map(|p| p.0),
            a_result: own,
            both_forfeited: partner
                .is_some_and(|p| own == SideResult::ForfeitLoss && p.1 == SideResult::ForfeitLoss),
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

    // Board order: the 300 records of the round, else the roster order.
    let pos_a = |bd: &Board| bd.a_player.map(|p| ctx.roster_pos(a, p));
    let pos_b = |bd: &Board| bd.b_player.map(|p| ctx.roster_pos(b, p));
    let all: Vec<Board> = boards;
    let has_explicit = first_game.is_some_and(|f| f.iter().any(Option::is_some))
        || ctx.lineups.contains_key(&(round_no, a))
        || ctx.lineups.contains_key(&(round_no, b));
    if has_explicit {
        let mut placed: Vec<Option<Board>> = vec![None; ctx.boards.max(all.len())];
        let mut rest = vec![];
        for bd in all {
            let slot = explicit(a, bd.a_player).or_else(|| explicit(b, bd.b_player));
            match slot {
                Some(s) if placed.get(s).is_some_and(Option::is_none) => placed[s] = Some(bd),
                _ => rest.push(bd),
            }
        }
        // The others at their roster position when that board is free,
        // else at the first free board.
        rest.sort_by_key(|bd| pos_a(bd).or(pos_b(bd)));
        let mut left = vec![];
        for bd in rest {
            match pos_a(&bd).or(pos_b(&bd)) {
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
        return Ok(placed);
    }
    // Games with players of both teams in a's roster order; a board only
    // one team filled goes where that team's roster order puts it.
    let (mut paired, single): (Vec<Board>, Vec<Board>) = all
        .into_iter()
        .partition(|bd| bd.a_player.is_some() && bd.b_player.is_some());
    paired.sort_by_key(|bd| (pos_a(bd), pos_b(bd)));
    for bd in single {
        let at = match (pos_a(&bd), pos_b(&bd)) {
            (Some(pa), _) => paired
                .iter()
                .position(|x| pos_a(x).is_some_and(|q| q > pa))
                .unwrap_or(paired.len()),
            (None, Some(pb)) => paired
                .iter()
                .position(|x| pos_b(x).is_some_and(|q| q > pb))
                .unwrap_or(paired.len()),
            (None, None) => paired.len(),
        };
        paired.insert(at, bd);
    }
    Ok(paired.into_iter().map(Some).collect())
}
