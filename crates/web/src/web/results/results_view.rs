//! The tables of a tournament's results pages in the conventions chess
//! players know from chess-results: the ranking crosstable (one cell per
//! round: opponent's start number, colour on board 1, game points), the
//! round-robin matrix, a round's pairings board by board, and the players'
//! scores per board. Pure: the handlers in `results.rs` load the data and
//! these functions lay it out in the page's language.

use std::cmp::Ordering;
use std::collections::HashMap;

use crate::db::rounds::{Game, Match};
use crate::i18n::{Lang, Message};
use crate::ids::{EntryId, PersonId};
use crate::msg;
use crate::rules::crosstable::{Crosstable, RoundKind, TeamRound};
use crate::rules::ranking::Standings;
use crate::rules::score::{BoardResult, ByeKind, Colour, HalfPoints, Outcome};
use crate::rules::tournament::{self as rt, MatchForfeit, Pairing, PlayerId, TeamId, Tournament};

/// "w" / "b" (or "б" / "ч"): a colour as crosstables abbreviate it.
pub fn colour_letter(lang: Lang, c: Colour) -> String {
    lang.msg(match c {
        Colour::White => msg!("results-colour-w"),
        Colour::Black => msg!("results-colour-b"),
    })
}

/// The stored code of a whole-match forfeit (`matches.forfeit`).
pub fn match_forfeit(code: Option<&str>) -> Option<MatchForfeit> {
    match code? {
        "home" => Some(MatchForfeit::HomeWins),
        "away" => Some(MatchForfeit::AwayWins),
        "double" => Some(MatchForfeit::Double),
        _ => None,
    }
}

/// The name of a team of the rules' tournament (its entry's name).
pub fn team_name(t: &Tournament, team: TeamId) -> String {
    t.teams
        .iter()
        .find(|x| x.id == team)
        .map(|x| x.name.clone())
        .unwrap_or_default()
}

// ------------------------------------------------------------------
// The ranking crosstable.

/// One round of one team's line: `text` as printed ("4w 7½", "2b +",
/// "bye 5"), `class` for the style sheet (win, draw, loss, pending, bye,
/// absent).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct CrossCell {
    pub text: String,
    pub class: &'static str,
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct CrossRow {
    /// The place, "1" or shared "1–4".
    pub rank: String,
    pub start_no: u16,
    pub name: String,
    pub cells: Vec<CrossCell>,
    pub match_points: String,
    pub game_points: String,
    pub tie_breaks: Vec<String>,
}

/// The ranking crosstable: rows in ranking order, one column per round.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct RankingTable {
    pub rounds: Vec<u16>,
    pub rows: Vec<CrossRow>,
    /// The classic team × team table, for a round robin.
    pub matrix: Option<Matrix>,
}

/// One column (and row) of the round-robin matrix.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct MatrixRow {
    /// Position in the ranking, 1…n: the column headers use it.
    pub no: usize,
    pub rank: String,
    pub name: String,
    /// `cycles` cells per column team, in column order; the team's own
    /// cells are `None`.
    pub cells: Vec<Option<String>>,
    pub match_points: String,
    pub game_points: String,
}

/// Round robin: game points of every encounter, row team against column
/// team; a double round robin has two cells per pair.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Matrix {
    pub cycles: usize,
    pub rows: Vec<MatrixRow>,
}

/// The result part of a cell from this team's side: game points of a
/// finished match, "…" while games are pending, "+" / "-" for a match won
/// or lost by forfeit (both teams "-" when neither played), "=" for a match
/// drawn on board forfeits alone.
fn round_result(r: &TeamRound) -> String {
    match r.kind {
        RoundKind::Played => r.game_points.to_string(),
        RoundKind::InProgress => "…".to_owned(),
        RoundKind::ForfeitWin => "+".to_owned(),
        RoundKind::ForfeitLoss | RoundKind::DoubleForfeit => "-".to_owned(),
        RoundKind::ForfeitDraw => "=".to_owned(),
        RoundKind::Bye(_) => r.game_points.to_string(),
        RoundKind::Absent => String::new(),
    }
}

fn outcome_class(r: &TeamRound) -> &'static str {
    match (r.kind, r.outcome) {
        (RoundKind::Bye(_), _) => "bye",
        (RoundKind::Absent, _) => "absent",
        (_, Some(Outcome::Win)) => "win",
        (_, Some(Outcome::Draw)) => "draw",
        (_, Some(Outcome::Loss)) => "loss",
        (_, None) => "pending",
    }
}

/// A cell of the ranking crosstable (chess-results' "4w 3½").
pub fn cross_cell(lang: Lang, r: &TeamRound) -> CrossCell {
    let text = match (r.kind, r.opponent, r.colour) {
        (RoundKind::Absent, _, _) => String::new(),
        (RoundKind::Bye(_), _, _) => {
            format!("{} {}", lang.msg(msg!("results-bye")), round_result(r))
        }
        (_, Some(o), Some(c)) => format!("{}{} {}", o.0, colour_letter(lang, c), round_result(r)),
        (_, Some(o), None) => format!("{} {}", o.0, round_result(r)),
        (_, None, _) => round_result(r),
    };
    CrossCell {
        text,
        class: outcome_class(r),
    }
}

/// The ranking crosstable of `t` in the order of the standings `st`, with
/// their match points, game points and tie-break values as printed.
pub fn ranking_table(
    lang: Lang,
    t: &Tournament,
    st: &Standings,
) -> Result<RankingTable, rt::TournamentError> {
    let ct = Crosstable::build(t)?;
    let name = |team: TeamId| team_name(t, team);
    let mut rounds: Vec<u16> = t.rounds.iter().map(|r| r.number).collect();
    rounds.sort_unstable();
    let rows = st
        .rows
        .iter()
        .map(|row| CrossRow {
            rank: row.place.to_string(),
            start_no: row.team.0,
            name: name(row.team),
            cells: ct
                .team(row.team)
                .map(|l| l.rounds.iter().map(|r| cross_cell(lang, r)).collect())
                .unwrap_or_default(),
            match_points: row.match_points.to_string(),
            game_points: row.game_points.to_string(),
            tie_breaks: row
                .tie_breaks
                .iter()
                .map(|v| crate::read::standings::tie_break_cell(v.as_ref()))
                .collect(),
        })
        .collect();
    let matrix = (t.system == rt::PairingSystem::RoundRobin).then(|| matrix(&ct, st, &name));
    Ok(RankingTable {
        rounds,
        rows,
        matrix,
    })
}

/// The encounters of `a` with `b`, in round order, as matrix cells.
fn encounters(ct: &Crosstable, a: TeamId, b: TeamId) -> Vec<String> {
    ct.team(a)
        .map(|l| {
            l.rounds
                .iter()
                .filter(|r| r.opponent == Some(b) && r.kind != RoundKind::Absent)
                .map(round_result)
                .collect()
        })
        .unwrap_or_default()
}

fn matrix(ct: &Crosstable, st: &Standings, name: &dyn Fn(TeamId) -> String) -> Matrix {
    let order: Vec<TeamId> = st.rows.iter().map(|r| r.team).collect();
    let cycles = order
        .iter()
        .flat_map(|a| order.iter().map(move |b| (*a, *b)))
        .map(|(a, b)| encounters(ct, a, b).len())
        .max()
        .unwrap_or(0)
        .max(1);
    let rows = st
        .rows
        .iter()
        .enumerate()
        .map(|(i, row)| MatrixRow {
            no: i + 1,
            rank: row.place.to_string(),
            name: name(row.team),
            cells: order
                .iter()
                .flat_map(|b| {
                    let met = encounters(ct, row.team, *b);
                    (0..cycles).map(move |k| {
                        (*b != row.team).then(|| met.get(k).cloned().unwrap_or_default())
                    })
                })
                .collect(),
            match_points: row.match_points.to_string(),
            game_points: row.game_points.to_string(),
        })
        .collect();
    Matrix { cycles, rows }
}

// ------------------------------------------------------------------
// A round's pairings.

/// An entry as the round page names it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Side {
    pub start_no: Option<i32>,
    pub name: String,
    /// The team's average rating (C.04.6's strength), where one counts.
    pub rating: Option<u16>,
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct GameLine {
    pub board: i32,
    pub game_no: i32,
    /// The home player's colour letter, then the away player's.
    pub colours: (String, String),
    pub home_player: String,
    pub result: String,
    pub away_player: String,
    /// Forfeits, replays and pending games in words.
    pub note: String,
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct MatchSheet {
    pub table: i32,
    pub home: Side,
    pub away: Option<Side>,
    /// "7½–2½"; a bye's own game points.
    pub game_points: String,
    /// "2–0"; "…" until every game has a result.
    pub match_points: String,
    /// Byes and whole-match forfeits in words.
    pub note: String,
    pub games: Vec<GameLine>,
}

/// A game's result as printed, home side first.
pub fn game_result(r: BoardResult) -> &'static str {
    match r {
        BoardResult::HomeWin => "1–0",
        BoardResult::Draw => "½–½",
        BoardResult::AwayWin => "0–1",
        BoardResult::HomeForfeitWin => "+/-",
        BoardResult::AwayForfeitWin => "-/+",
        BoardResult::DoubleForfeit => "-/-",
        BoardResult::NotPlayed => "…",
        BoardResult::Replay => "R",
    }
}

fn game_note(lang: Lang, r: BoardResult, home: &str, away: &str) -> String {
    match r {
        BoardResult::HomeForfeitWin => Message::new(msg!("results-game-forfeit"))
            .arg("nick", away)
            .render(lang),
        BoardResult::AwayForfeitWin => Message::new(msg!("results-game-forfeit"))
            .arg("nick", home)
            .render(lang),
        BoardResult::DoubleForfeit => lang.msg(msg!("results-game-forfeit-both")),
        BoardResult::Replay => lang.msg(msg!("results-game-replay")),
        BoardResult::NotPlayed => lang.msg(msg!("results-game-pending")),
        BoardResult::HomeWin | BoardResult::Draw | BoardResult::AwayWin => String::new(),
    }
}

/// The pairings of one round with their results, board by board. `t`
/// gives the scoring (match points, the bye's worth, the forfeit score);
/// `sides` names entries by id, `nicks` people by id.
pub fn round_sheet(
    lang: Lang,
    t: &Tournament,
    matches: &[&Match],
    games: &[Game],
    sides: &HashMap<EntryId, Side>,
    nicks: &HashMap<PersonId, String>,
) -> Vec<MatchSheet> {
    let side = |id: EntryId| {
        sides.get(&id).cloned().unwrap_or(Side {
            start_no: None,
            name: String::new(),
            rating: None,
        })
    };
    let nick = |id: Option<PersonId>| {
        id.and_then(|i| nicks.get(&i).cloned())
            .unwrap_or_else(|| "—".to_owned())
    };
    let mut sheets: Vec<MatchSheet> = matches
        .iter()
        .map(|m| {
            let home = side(m.home_entry_id);
            let Some(away_id) = m.away_entry_id else {
                // The pairing-allocated bye is all the platform gives
                // (C.04.6: worth a drawn match).
                let s = t.bye_score(ByeKind::PairingAllocated);
                return MatchSheet {
                    table: m.table_no,
                    note: Message::new(msg!("results-bye-words"))
                        .arg("entry", &home.name)
                        .arg("mp", s.match_points)
                        .arg("gp", s.game_points)
                        .render(lang),
                    home,
                    away: None,
                    game_points: s.game_points.to_string(),
                    match_points: s.match_points.to_string(),
                    games: Vec::new(),
                };
            };
            let away = side(away_id);
            let forfeit = match_forfeit(m.forfeit.as_deref());
            let mut own: Vec<&Game> = games.iter().filter(|g| g.match_id == m.id).collect();
            own.sort_by_key(|g| (g.board, g.game_no));
            let rules_match = rt::Match {
                home: TeamId(0),
                away: TeamId(0),
                games: if forfeit.is_some() {
                    Vec::new()
                } else {
                    own.iter()
                        .map(|g| rt::Game {
                            board: u8::try_from(g.board).unwrap_or(u8::MAX),
                            game: u8::try_from(g.game_no).unwrap_or(u8::MAX),
                            result: g.result(),
                            home_player: None,
                            away_player: None,
                        })
                        .collect()
                },
                forfeit,
            };
            let (h, a) = t.match_scores(&rules_match);
            let match_points = if h.outcome.is_some() {
                format!("{}–{}", h.match_points, a.match_points)
            } else {
                "…".to_owned()
            };
            let note = match forfeit {
                Some(MatchForfeit::HomeWins) => Message::new(msg!("results-match-forfeit"))
                    .arg("absent", &away.name)
                    .arg("winner", &home.name)
                    .render(lang),
                Some(MatchForfeit::AwayWins) => Message::new(msg!("results-match-forfeit"))
                    .arg("absent", &home.name)
                    .arg("winner", &away.name)
                    .render(lang),
                Some(MatchForfeit::Double) => lang.msg(msg!("results-match-forfeit-both")),
                None => String::new(),
            };
            let games = if forfeit.is_some() {
                Vec::new()
            } else {
                own.iter()
                    .map(|g| {
                        let (hp, ap) = (nick(g.home_player_id), nick(g.away_player_id));
                        let home_colour = if g.home_white {
                            Colour::White
                        } else {
                            Colour::Black
                        };
                        GameLine {
                            board: g.board,
                            game_no: g.game_no,
                            colours: (
                                colour_letter(lang, home_colour),
                                colour_letter(lang, home_colour.opposite()),
                            ),
                            note: game_note(lang, g.result(), &hp, &ap),
                            result: game_result(g.result()).to_owned(),
                            home_player: hp,
                            away_player: ap,
                        }
                    })
                    .collect()
            };
            MatchSheet {
                table: m.table_no,
                home,
                away: Some(away),
                game_points: format!("{}–{}", h.game_points, a.game_points),
                match_points,
                note,
                games,
            }
        })
        .collect();
    sheets.sort_by_key(|s| s.table);
    sheets
}

// ------------------------------------------------------------------
// Players' scores.

/// One player on one board.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct BoardRow {
    pub nick: String,
    pub entry: String,
    pub games: u32,
    pub points: String,
    pub percent: String,
    pub perf: Performance,
}

/// A player's rating and, over the games counted, the average rating of
/// the opponents and the performance rating (C.07 art. 10.1, 10.2): games
/// played over the board against rated opponents; blank where none.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct Performance {
    pub rating: String,
    pub aro: String,
    pub tpr: String,
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct BoardTable {
    pub board: u8,
    pub rows: Vec<BoardRow>,
}

/// A player's results round by round.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PlayerLine {
    pub nick: String,
    pub entry: String,
    /// The boards played, "1" or "1, 3".
    pub boards: String,
    /// Per round column: the player's games from their side ("1 ½").
    pub rounds: Vec<String>,
    pub games: u32,
    pub points: String,
    pub percent: String,
    pub perf: Performance,
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PlayerScores {
    pub rounds: Vec<u16>,
    pub boards: Vec<BoardTable>,
    pub players: Vec<PlayerLine>,
    /// Some player has a rating: the tables show the rating columns.
    pub rated: bool,
}

/// ARO and TPR of `player`'s games (on `board` only, when given).
fn performance(t: &Tournament, player: PlayerId, board: Option<u8>) -> Performance {
    use crate::rules::rating::elo::{RatedGame, aro, tpr};
    let rating = |p: PlayerId| t.players.iter().find(|x| x.id == p).and_then(|x| x.rating);
    let mut games = Vec::new();
    for r in &t.rounds {
        for p in &r.pairings {
            let Pairing::Match(m) = p else { continue };
            for g in m
                .games
                .iter()
                .filter(|g| board.is_none_or(|b| g.board == b))
            {
                let (mine, other) = match (g.home_player, g.away_player) {
                    (Some(h), Some(a)) if h == player => (g.result, a),
                    (Some(h), Some(a)) if a == player => (g.result.flipped(), h),
                    _ => continue,
                };
                let half_points = match mine {
                    BoardResult::HomeWin => 2,
                    BoardResult::Draw => 1,
                    BoardResult::AwayWin => 0,
                    // Forfeits and games without a result do not count.
                    _ => continue,
                };
                if let Some(opponent) = rating(other) {
                    games.push(RatedGame {
                        opponent,
                        half_points,
                    });
                }
            }
        }
    }
    let text = |v: Option<i32>| v.map(|v| v.to_string()).unwrap_or_default();
    Performance {
        rating: rating(player).map(|r| r.to_string()).unwrap_or_default(),
        aro: text(aro(&games).map(i32::from)),
        tpr: text(tpr(&games)),
    }
}

/// Points as a whole percentage of the games, rounded half up.
fn percent(points: HalfPoints, games: u32) -> String {
    if games == 0 {
        return String::new();
    }
    let (halves, games) = (i64::from(points.0), i64::from(games));
    format!("{}%", (halves * 100 + games) / (2 * games))
}

/// Better first: more points, then the higher percentage.
fn better(a: (HalfPoints, u32), b: (HalfPoints, u32)) -> Ordering {
    let share = |(p, _): (HalfPoints, u32), other: u32| i64::from(p.0) * i64::from(other);
    b.0.cmp(&a.0)
        .then_with(|| share(b, a.1).cmp(&share(a, b.1)))
}

/// A player's side of a game result.
fn own_result(r: BoardResult, home: bool) -> &'static str {
    let r = if home { r } else { r.flipped() };
    match r {
        BoardResult::HomeWin => "1",
        BoardResult::Draw => "½",
        BoardResult::AwayWin => "0",
        BoardResult::HomeForfeitWin => "+",
        BoardResult::AwayForfeitWin | BoardResult::DoubleForfeit => "-",
        BoardResult::NotPlayed | BoardResult::Replay => "…",
    }
}

/// Per-board scores of every player with a final result, and each
/// player's results by round. `names` gives (nick, entry) of the rules'
/// players; whole-match forfeits and byes name no player and count for
/// none (as in the crosstable).
pub fn player_scores(
    t: &Tournament,
    names: &HashMap<PlayerId, String>,
) -> Result<PlayerScores, rt::TournamentError> {
    let ct = Crosstable::build(t)?;
    let entry = |team: TeamId| team_name(t, team);
    let nick = |p: PlayerId| names.get(&p).cloned().unwrap_or_default();
    // (board, (points, games), row), sorted board by board, best first.
    let mut rows: Vec<(u8, (HalfPoints, u32), BoardRow)> = ct
        .players
        .iter()
        .flat_map(|line| {
            line.by_board.iter().map(|&(board, games, points)| {
                (
                    board,
                    (points, games),
                    BoardRow {
                        nick: nick(line.player),
                        entry: entry(line.team),
                        games,
                        points: points.to_string(),
                        percent: percent(points, games),
                        perf: performance(t, line.player, Some(board)),
                    },
                )
            })
        })
        .collect();
    rows.sort_by(|a, b| {
        a.0.cmp(&b.0)
            .then_with(|| better(a.1, b.1))
            .then_with(|| a.2.nick.cmp(&b.2.nick))
    });
    let mut by_board: Vec<BoardTable> = Vec::new();
    for (board, _, row) in rows {
        match by_board.last_mut() {
            Some(table) if table.board == board => table.rows.push(row),
            _ => by_board.push(BoardTable {
                board,
                rows: vec![row],
            }),
        }
    }
    let mut rounds: Vec<&rt::Round> = t.rounds.iter().collect();
    rounds.sort_by_key(|r| r.number);
    // (player, round index) → the player's results, game order.
    let mut results: HashMap<(PlayerId, usize), Vec<&'static str>> = HashMap::new();
    for (i, r) in rounds.iter().enumerate() {
        for p in &r.pairings {
            let Pairing::Match(m) = p else { continue };
            let mut games: Vec<&rt::Game> = m.games.iter().collect();
            games.sort_by_key(|g| (g.game, g.board));
            for g in games {
                for (player, home) in [(g.home_player, true), (g.away_player, false)] {
                    if let Some(player) = player {
                        results
                            .entry((player, i))
                            .or_default()
                            .push(own_result(g.result, home));
                    }
                }
            }
        }
    }
    let mut lines: Vec<(TeamId, u8, PlayerLine)> = ct
        .players
        .iter()
        .map(|p| {
            let first_board = p.by_board.first().map_or(0, |b| b.0);
            (
                p.team,
                first_board,
                PlayerLine {
                    nick: nick(p.player),
                    entry: entry(p.team),
                    boards: p
                        .by_board
                        .iter()
                        .map(|b| b.0.to_string())
                        .collect::<Vec<_>>()
                        .join(", "),
                    rounds: (0..rounds.len())
                        .map(|i| {
                            results
                                .get(&(p.player, i))
                                .map(|v| v.join(" "))
                                .unwrap_or_default()
                        })
                        .collect(),
                    games: p.games,
                    points: p.points.to_string(),
                    percent: percent(p.points, p.games),
                    perf: performance(t, p.player, None),
                },
            )
        })
        .collect();
    lines.sort_by(|a, b| (a.0, a.1, &a.2.nick).cmp(&(b.0, b.1, &b.2.nick)));
    Ok(PlayerScores {
        rounds: rounds.iter().map(|r| r.number).collect(),
        boards: by_board,
        players: lines.into_iter().map(|(_, _, l)| l).collect(),
        rated: t.players.iter().any(|p| p.rating.is_some()),
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ids::{GameId, MatchId, RoundId};
    use crate::rules::ranking::standings;
    use crate::rules::score::ScoreKind;
    use crate::rules::tiebreak::TieBreakRules;
    use crate::rules::tournament::PairingSystem;
    use crate::rules::tournament::build::{bye, forfeit, m, round, tournament};

    fn table(t: &Tournament) -> RankingTable {
        let st = standings(t, &TieBreakRules::default(), &[]).expect("standings");
        ranking_table(Lang::En, t, &st).expect("table")
    }

    fn texts(row: &CrossRow) -> Vec<&str> {
        row.cells.iter().map(|c| c.text.as_str()).collect()
    }

    #[test]
    fn crosstable_cells_name_the_opponent_the_colour_and_the_game_points() {
        let mut t = tournament(PairingSystem::RoundRobin, 2, 1, 4, ScoreKind::MatchPoints);
        t.rounds = vec![
            round(1, vec![m(1, 4, 2, "1="), m(2, 3, 2, "00")]),
            round(2, vec![m(4, 3, 2, "=="), m(1, 2, 2, "1*")]),
        ];
        let x = table(&t);
        assert_eq!(x.rounds, [1, 2]);
        let order: Vec<(u16, &str)> = x
            .rows
            .iter()
            .map(|r| (r.start_no, r.match_points.as_str()))
            .collect();
        assert_eq!(order, [(3, "3"), (1, "2"), (4, "1"), (2, "0")]);
        assert_eq!(texts(&x.rows[0]), ["2b 2", "4b 1"]);
        assert_eq!(texts(&x.rows[1]), ["4w 1½", "2w …"]);
        assert_eq!(texts(&x.rows[2]), ["1b ½", "3w 1"]);
        assert_eq!(texts(&x.rows[3]), ["3w 0", "1b …"]);
        let classes: Vec<&str> = x.rows[1].cells.iter().map(|c| c.class).collect();
        assert_eq!(classes, ["win", "pending"]);
        assert_eq!(
            x.rows[1].game_points, "2½",
            "finished games of a match count"
        );
        // The matrix: rows and columns in ranking order (3, 1, 4, 2).
        let m = x.matrix.expect("a round robin has its matrix");
        assert_eq!(m.cycles, 1);
        let cells = |i: usize| -> Vec<Option<&str>> {
            m.rows[i].cells.iter().map(|c| c.as_deref()).collect()
        };
        assert_eq!(cells(0), [None, Some(""), Some("1"), Some("2")]);
        assert_eq!(cells(1), [Some(""), None, Some("1½"), Some("…")]);
        assert_eq!(cells(3), [Some("0"), Some("…"), Some(""), None]);
        assert_eq!(m.rows[0].name, "Team 3");
    }

    #[test]
    fn forfeits_and_byes_are_marked_as_chess_results_does_and_a_swiss_has_no_matrix() {
        let mut t = tournament(PairingSystem::Swiss, 2, 1, 3, ScoreKind::MatchPoints);
        t.rounds = vec![round(
            1,
            vec![
                forfeit(1, 2, MatchForfeit::HomeWins),
                bye(3, ByeKind::PairingAllocated),
            ],
        )];
        let x = table(&t);
        let by_start = |n: u16| {
            x.rows
                .iter()
                .find(|r| r.start_no == n)
                .map(|r| r.cells[0].clone())
                .expect("row")
        };
        assert_eq!(by_start(1).text, "2w +");
        assert_eq!(by_start(2).text, "1b -");
        // A pairing-allocated bye: a drawn match, half the game points.
        assert_eq!(by_start(3).text, "bye 1");
        assert_eq!(by_start(3).class, "bye");
        assert!(x.matrix.is_none());
        assert_eq!(
            cross_cell(Lang::Ru, &crosstable_round(&t, 3)).text,
            "своб. 1"
        );
        assert_eq!(cross_cell(Lang::Ru, &crosstable_round(&t, 1)).text, "2б +");
    }

    fn crosstable_round(t: &Tournament, team: u16) -> TeamRound {
        Crosstable::build(t)
            .expect("valid")
            .team(TeamId(team))
            .map(|l| l.rounds[0].clone())
            .expect("team")
    }

    #[test]
    fn a_double_round_robin_has_two_cells_per_pair() {
        let mut t = tournament(PairingSystem::RoundRobin, 1, 1, 2, ScoreKind::MatchPoints);
        t.rounds = vec![
            round(1, vec![m(1, 2, 1, "1")]),
            round(2, vec![m(2, 1, 1, "=")]),
        ];
        let m = table(&t).matrix.expect("matrix");
        assert_eq!(m.cycles, 2);
        let cells: Vec<Vec<Option<&str>>> = m
            .rows
            .iter()
            .map(|r| r.cells.iter().map(|c| c.as_deref()).collect())
            .collect();
        assert_eq!(
            cells,
            [
                vec![None, None, Some("1"), Some("½")],
                vec![Some("0"), Some("½"), None, None],
            ]
        );
    }

    fn stored_match(id: i64, table: i32, home: i64, away: Option<i64>, f: Option<&str>) -> Match {
        Match {
            id: MatchId(id),
            round_id: RoundId(1),
            table_no: table,
            home_entry_id: EntryId(home),
            away_entry_id: away.map(EntryId),
            stage: "main".into(),
            group_no: None,
            forfeit: f.map(str::to_owned),
        }
    }

    fn stored_game(
        m: i64,
        board: i32,
        home_white: bool,
        result: &str,
        players: (i64, i64),
    ) -> Game {
        Game {
            id: GameId(m * 100 + i64::from(board)),
            match_id: MatchId(m),
            board,
            game_no: 1,
            home_player_id: Some(PersonId(players.0)),
            away_player_id: Some(PersonId(players.1)),
            home_white,
            result: result.into(),
            reported_result: None,
            reported_by: None,
            reported_at: None,
            decided_by: None,
            decided_at: None,
            version: 1,
        }
    }

    #[test]
    fn a_round_sheet_gives_scores_colours_and_forfeits_and_byes_in_words() {
        let t = tournament(PairingSystem::Swiss, 2, 1, 5, ScoreKind::MatchPoints);
        let matches = [
            stored_match(12, 3, 400, Some(500), Some("away")),
            stored_match(10, 1, 100, Some(200), None),
            stored_match(11, 2, 300, None, None),
            stored_match(13, 4, 200, Some(100), None),
        ];
        let games = vec![
            stored_game(10, 2, false, "+-", (3, 4)),
            stored_game(10, 1, true, "1-0", (1, 2)),
            stored_game(13, 1, true, "1/2", (1, 2)),
            stored_game(13, 2, false, "pending", (3, 4)),
        ];
        let sides: HashMap<EntryId, Side> =
            [(100, "A"), (200, "B"), (300, "C"), (400, "D"), (500, "E")]
                .iter()
                .enumerate()
                .map(|(i, (id, name))| {
                    (
                        EntryId(*id),
                        Side {
                            start_no: i32::try_from(i + 1).ok(),
                            name: (*name).to_owned(),
                            rating: None,
                        },
                    )
                })
                .collect();
        let nicks: HashMap<PersonId, String> =
            (1..=4).map(|i| (PersonId(i), format!("p{i}"))).collect();
        let refs: Vec<&Match> = matches.iter().collect();
        let sheet = round_sheet(Lang::En, &t, &refs, &games, &sides, &nicks);
        assert_eq!(
            sheet.iter().map(|s| s.table).collect::<Vec<_>>(),
            [1, 2, 3, 4]
        );
        let played = &sheet[0];
        assert_eq!(
            (played.game_points.as_str(), played.match_points.as_str()),
            ("2–0", "2–0")
        );
        let boards: Vec<(i32, &str, &str, &str, &str)> = played
            .games
            .iter()
            .map(|g| {
                (
                    g.board,
                    g.colours.0.as_str(),
                    g.home_player.as_str(),
                    g.result.as_str(),
                    g.away_player.as_str(),
                )
            })
            .collect();
        assert_eq!(
            boards,
            [(1, "w", "p1", "1–0", "p2"), (2, "b", "p3", "+/-", "p4")]
        );
        assert_eq!(played.games[1].note, "forfeit: p4 did not play");
        let bye = &sheet[1];
        assert!(bye.away.is_none());
        assert_eq!(
            (bye.game_points.as_str(), bye.match_points.as_str()),
            ("1", "1")
        );
        assert_eq!(
            bye.note,
            "C has no opponent this round (a bye): it scores 1 match points and 1 game points, as for a drawn match."
        );
        let forfeited = &sheet[2];
        assert_eq!(
            (
                forfeited.game_points.as_str(),
                forfeited.match_points.as_str()
            ),
            ("0–2", "0–2")
        );
        assert_eq!(
            forfeited.note,
            "D did not play the match: E wins by forfeit."
        );
        assert!(forfeited.games.is_empty());
        let open = &sheet[3];
        assert_eq!(
            (open.game_points.as_str(), open.match_points.as_str()),
            ("½–½", "…")
        );
        assert_eq!(open.games[1].note, "not finished yet");
    }

    fn game(board: u8, result: BoardResult, home: u16, away: u16) -> rt::Game {
        rt::Game {
            board,
            game: 1,
            result,
            home_player: Some(PlayerId(home)),
            away_player: Some(PlayerId(away)),
        }
    }

    fn played(home: u16, away: u16, games: Vec<rt::Game>) -> Pairing {
        Pairing::Match(rt::Match {
            home: TeamId(home),
            away: TeamId(away),
            games,
            forfeit: None,
        })
    }

    /// Three teams of two boards over three rounds: 1–2, 1–3, 2–3; in the
    /// last, board 1 a forfeit and board 2 `last` (p4 against p6).
    fn three_teams_of_two_boards(last: BoardResult) -> Tournament {
        use BoardResult::*;
        let mut t = tournament(PairingSystem::Swiss, 2, 1, 3, ScoreKind::MatchPoints);
        t.rounds = vec![
            round(
                1,
                vec![played(
                    1,
                    2,
                    vec![game(1, HomeWin, 1, 3), game(2, Draw, 2, 4)],
                )],
            ),
            round(
                2,
                vec![played(
                    1,
                    3,
                    vec![game(1, Draw, 1, 5), game(2, AwayWin, 2, 6)],
                )],
            ),
            round(
                3,
                vec![played(
                    2,
                    3,
                    vec![game(1, HomeForfeitWin, 3, 5), game(2, last, 4, 6)],
                )],
            ),
        ];
        t
    }

    #[test]
    fn players_are_ranked_per_board_by_points_then_percentage() {
        let t = three_teams_of_two_boards(BoardResult::NotPlayed);
        let names: HashMap<PlayerId, String> =
            (1..=6).map(|i| (PlayerId(i), format!("p{i}"))).collect();
        let s = player_scores(&t, &names).expect("valid");
        let rows = |b: usize| -> Vec<(&str, &str, u32, &str, &str)> {
            s.boards[b]
                .rows
                .iter()
                .map(|r| {
                    (
                        r.nick.as_str(),
                        r.entry.as_str(),
                        r.games,
                        r.points.as_str(),
                        r.percent.as_str(),
                    )
                })
                .collect()
        };
        assert_eq!(s.boards.iter().map(|b| b.board).collect::<Vec<_>>(), [1, 2]);
        assert_eq!(
            rows(0),
            [
                ("p1", "Team 1", 2, "1½", "75%"),
                ("p3", "Team 2", 2, "1", "50%"),
                ("p5", "Team 3", 2, "½", "25%"),
            ]
        );
        // Equal points: the higher percentage (fewer games) first.
        assert_eq!(
            rows(1),
            [
                ("p6", "Team 3", 1, "1", "100%"),
                ("p4", "Team 2", 1, "½", "50%"),
                ("p2", "Team 1", 2, "½", "25%"),
            ]
        );
        assert_eq!(s.rounds, [1, 2, 3]);
        let line = |nick: &str| {
            s.players
                .iter()
                .find(|p| p.nick == nick)
                .map(|p| p.rounds.clone())
                .expect("player")
        };
        assert_eq!(line("p1"), ["1", "½", ""]);
        assert_eq!(line("p5"), ["", "½", "-"]);
        assert_eq!(line("p4"), ["½", "", "…"]);
        let order: Vec<&str> = s.players.iter().map(|p| p.nick.as_str()).collect();
        assert_eq!(order, ["p1", "p2", "p3", "p4", "p5", "p6"]);
    }

    /// C.07 art. 10.1, 10.2: over games played against rated opponents;
    /// a forfeit does not count; a board's table counts that board only.
    #[test]
    fn c07_10_2_performance_over_the_games_played_against_rated_opponents() {
        let mut t = three_teams_of_two_boards(BoardResult::Draw);
        // p6 is unrated: p4's draw with p6 does not count.
        t.players = (1..=6)
            .map(|i| rt::Player {
                id: PlayerId(i),
                name: format!("p{i}"),
                rating: (i < 6).then(|| 2100 - 100 * i),
                federation: None,
                fide_id: None,
            })
            .collect();
        let names: HashMap<PlayerId, String> =
            (1..=6).map(|i| (PlayerId(i), format!("p{i}"))).collect();
        let s = player_scores(&t, &names).expect("valid");
        assert!(s.rated);
        let perf = |nick: &str| {
            s.players
                .iter()
                .find(|p| p.nick == nick)
                .map(|p| p.perf.clone())
                .expect("player")
        };
        // p1 (2000): beat p3 (1800), drew p5 (1600): ARO 1700, 75 % → +193.
        assert_eq!(
            perf("p1"),
            Performance {
                rating: "2000".into(),
                aro: "1700".into(),
                tpr: "1893".into()
            }
        );
        // p5 drew p1; the forfeit against p3 is no game.
        assert_eq!(
            (perf("p5").aro, perf("p5").tpr),
            ("2000".into(), "2000".into())
        );
        // p4 drew p2 (1900); p6 is unrated.
        assert_eq!(
            (perf("p4").aro, perf("p4").tpr),
            ("1900".into(), "1900".into())
        );
        // p6, unrated, beat p2 (1900) and drew p4 (1700): ARO 1800, 75 %
        // → 1993; p6's own rating is blank.
        assert_eq!(
            perf("p6"),
            Performance {
                rating: String::new(),
                aro: "1800".into(),
                tpr: "1993".into()
            }
        );
        // In board 2's table p2 played p4 (draw) and p6 (loss): ARO 1700
        // (p6 unrated leaves p4 only) — one game, 50 %.
        let board2 = s.boards.iter().find(|b| b.board == 2).expect("board 2");
        let p2 = board2.rows.iter().find(|r| r.nick == "p2").expect("p2");
        assert_eq!(
            (p2.perf.aro.as_str(), p2.perf.tpr.as_str()),
            ("1700", "1700")
        );
    }

    #[test]
    fn percentages_round_half_up() {
        assert_eq!(percent(HalfPoints(4), 3), "67%");
        assert_eq!(percent(HalfPoints(1), 3), "17%");
        assert_eq!(percent(HalfPoints(2), 3), "33%");
        assert_eq!(percent(HalfPoints(0), 0), "");
    }
}
