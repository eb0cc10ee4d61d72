//! A player's record on their public page: every game
//! of a published round, seen from the player's side (colour, opponent,
//! result), and the score overall and per board. Pure: the rows come from
//! `db::rounds::games_of_person`, names are looked up by the caller.
//!
//! The score counts what the tournament tables count (`rules::crosstable`):
//! every game with a final result, forfeits included (a forfeit won by the
//! player's presence scores 1). Play-off games (G-V42) are listed but kept
//! out of the score, as they are out of the tournament's crosstable.

use std::collections::{BTreeMap, HashMap};

use crate::db::rounds::PersonGame;
use crate::i18n::{Lang, Message};
use crate::ids::{EntryId, PersonId};
use crate::msg;
use crate::rules::score::{BoardResult, HalfPoints};

use crate::paths;

/// One game from the player's side.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct GameRow {
    pub championship: String,
    pub championship_url: String,
    pub tournament: String,
    pub tournament_url: String,
    /// "3", or the play-off's name.
    pub round: String,
    /// The round's public page (none for a play-off round).
    pub round_url: Option<String>,
    pub board: i32,
    /// The game of the pairing (1 or 2), shown when there are two.
    pub game_no: i32,
    pub entry: String,
    pub colour: String,
    pub opponent: Option<String>,
    pub opponent_entry: String,
    /// "1", "½", "0", "+" (won by forfeit), "−" (lost by forfeit), "…".
    pub result: &'static str,
    /// Counted in the score.
    pub counted: bool,
    /// The game's page, and whether its record (PGN) is kept.
    pub game_url: String,
    pub recorded: bool,
}

/// A board's line of the score.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct BoardScore {
    pub board: i32,
    pub games: u32,
    pub points: String,
    pub percent: String,
}

/// The games of one tournament, under its heading.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct GameGroup {
    pub championship: String,
    pub championship_url: String,
    pub tournament: String,
    pub tournament_url: String,
    pub games: Vec<GameRow>,
}

#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct PlayerRecord {
    /// Every game, in order (championship, tournament, round, board, game).
    pub games: Vec<GameRow>,
    /// The same games by tournament, for the page.
    pub groups: Vec<GameGroup>,
    pub by_board: Vec<BoardScore>,
    pub total_games: u32,
    pub total_points: String,
    pub total_percent: String,
}

/// The player's side of a result stored from the home side.
fn own(result: BoardResult, home: bool) -> BoardResult {
    if home { result } else { result.flipped() }
}

fn symbol(r: BoardResult) -> &'static str {
    match r {
        BoardResult::HomeWin => "1",
        BoardResult::Draw => "½",
        BoardResult::AwayWin => "0",
        BoardResult::HomeForfeitWin => "+",
        BoardResult::AwayForfeitWin | BoardResult::DoubleForfeit => "−",
        BoardResult::NotPlayed | BoardResult::Replay => "…",
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

/// The record of `person` from their games; `entries` names the entries
/// by id, `nicks` the people, `recorded` the games whose PGN is kept.
pub fn record(
    lang: Lang,
    person: PersonId,
    games: &[PersonGame],
    entries: &HashMap<EntryId, String>,
    nicks: &HashMap<PersonId, String>,
    recorded: &[crate::ids::GameId],
) -> PlayerRecord {
    let mut by_board: BTreeMap<i32, (u32, HalfPoints)> = BTreeMap::new();
    let mut rows = Vec::with_capacity(games.len());
    for pg in games {
        let g = &pg.game;
        let home = g.home_player_id == Some(person);
        let (mine, theirs, opponent_id) = if home {
            (Some(pg.home_entry_id), pg.away_entry_id, g.away_player_id)
        } else {
            (pg.away_entry_id, Some(pg.home_entry_id), g.home_player_id)
        };
        let name = |id: Option<EntryId>| {
            id.and_then(|i| entries.get(&i))
                .cloned()
                .unwrap_or_default()
        };
        let result = own(g.result(), home);
        let playoff = pg.round_kind == "playoff";
        let counted = !playoff && result.points().is_some();
        if counted && let Some((p, _)) = result.points() {
            let line = by_board.entry(g.board).or_default();
            line.0 += 1;
            line.1 += p;
        }
        let white = g.home_white == home;
        let (c, t) = (pg.championship_id, pg.tournament_id);
        rows.push(GameRow {
            championship: pg.championship_name.clone(),
            championship_url: paths::championship(c),
            tournament: Message::new(msg!("tournament-title"))
                .arg("number", pg.tournament_number)
                .render(lang),
            tournament_url: paths::tournament(c, t),
            round: if playoff {
                lang.msg(msg!("player-round-playoff"))
            } else {
                pg.round_number.to_string()
            },
            round_url: (!playoff).then(|| paths::round_page(c, t, pg.round_number)),
            board: g.board,
            game_no: g.game_no,
            entry: name(mine),
            colour: lang.msg(if white {
                msg!("player-colour-white")
            } else {
                msg!("player-colour-black")
            }),
            opponent: opponent_id.and_then(|o| nicks.get(&o)).cloned(),
            opponent_entry: name(theirs),
            result: symbol(result),
            counted,
            game_url: paths::game(c, t, g.id),
            recorded: recorded.contains(&g.id),
        });
    }
    let mut groups: Vec<GameGroup> = Vec::new();
    for g in &rows {
        match groups.last_mut() {
            Some(last) if last.tournament_url == g.tournament_url => last.games.push(g.clone()),
            _ => groups.push(GameGroup {
                championship: g.championship.clone(),
                championship_url: g.championship_url.clone(),
                tournament: g.tournament.clone(),
                tournament_url: g.tournament_url.clone(),
                games: vec![g.clone()],
            }),
        }
    }
    let total_games = by_board.values().map(|(g, _)| g).sum();
    let total_points: HalfPoints = by_board.values().map(|(_, p)| *p).sum();
    PlayerRecord {
        by_board: by_board
            .into_iter()
            .map(|(board, (games, points))| BoardScore {
                board,
                games,
                points: points.to_string(),
                percent: percent(points, games),
            })
            .collect(),
        games: rows,
        groups,
        total_games,
        total_points: total_points.to_string(),
        total_percent: percent(total_points, total_games),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::db::rounds::Game;
    use crate::ids::{ChampionshipId, GameId, MatchId, TournamentId};

    fn game(
        t: i32,
        round: i32,
        board: i32,
        game_no: i32,
        (home, away): (Option<i64>, Option<i64>),
        home_white: bool,
        result: &str,
    ) -> PersonGame {
        PersonGame {
            championship_id: ChampionshipId(1),
            championship_name: "Лига".into(),
            tournament_id: TournamentId(10 + i64::from(t)),
            tournament_number: t,
            round_number: round,
            round_kind: "regular".into(),
            table_no: 1,
            home_entry_id: EntryId(100),
            away_entry_id: Some(EntryId(200)),
            game: Game {
                id: GameId(0),
                match_id: MatchId(0),
                board,
                game_no,
                home_player_id: home.map(PersonId),
                away_player_id: away.map(PersonId),
                home_white,
                result: result.into(),
                reported_result: None,
                reported_by: None,
                reported_at: None,
                decided_by: None,
                decided_at: None,
                version: 1,
            },
        }
    }

    fn names() -> (HashMap<EntryId, String>, HashMap<PersonId, String>) {
        (
            [
                (EntryId(100), "Ладья".to_owned()),
                (EntryId(200), "Конь".to_owned()),
            ]
            .into(),
            [
                (PersonId(7), "la1".to_owned()),
                (PersonId(8), "ko1".to_owned()),
                (PersonId(9), "ko2".to_owned()),
            ]
            .into(),
        )
    }

    #[test]
    fn games_are_seen_from_the_players_side_and_scored_per_board() {
        let (entries, nicks) = names();
        let games = [
            // Home, White, won.
            game(1, 1, 1, 1, (Some(7), Some(8)), true, "1-0"),
            // Home, colours reversed in game 2: Black, drew.
            game(1, 1, 1, 2, (Some(7), Some(8)), false, "1/2"),
            // Away on board 2 (the player's entry is the match's away
            // side here): home won, so the player lost, with Black.
            game(2, 3, 2, 1, (Some(9), Some(7)), true, "1-0"),
            // Away, the home player absent: won by forfeit.
            game(2, 4, 2, 1, (None, Some(7)), true, "-+"),
            // Not played yet: listed, not counted.
            game(2, 5, 1, 1, (Some(7), Some(8)), true, "pending"),
        ];
        let r = record(Lang::En, PersonId(7), &games, &entries, &nicks, &[]);
        let seen: Vec<(&str, &str, Option<&str>, &str, &str)> = r
            .games
            .iter()
            .map(|g| {
                (
                    g.entry.as_str(),
                    g.colour.as_str(),
                    g.opponent.as_deref(),
                    g.opponent_entry.as_str(),
                    g.result,
                )
            })
            .collect();
        assert_eq!(
            seen,
            [
                ("Ладья", "White", Some("ko1"), "Конь", "1"),
                ("Ладья", "Black", Some("ko1"), "Конь", "½"),
                ("Конь", "Black", Some("ko2"), "Ладья", "0"),
                ("Конь", "Black", None, "Ладья", "+"),
                ("Ладья", "White", Some("ko1"), "Конь", "…"),
            ]
        );
        assert_eq!(r.total_games, 4);
        assert_eq!(r.total_points, "2½");
        assert_eq!(r.total_percent, "63%");
        assert_eq!(
            r.by_board,
            [
                BoardScore {
                    board: 1,
                    games: 2,
                    points: "1½".into(),
                    percent: "75%".into()
                },
                BoardScore {
                    board: 2,
                    games: 2,
                    points: "1".into(),
                    percent: "50%".into()
                },
            ]
        );
        assert_eq!(
            r.games[2].round_url.as_deref(),
            Some("/championships/1/tournaments/12/rounds/3")
        );
    }

    #[test]
    fn play_off_games_are_listed_but_not_scored() {
        let (entries, nicks) = names();
        let mut g = game(1, 6, 1, 1, (Some(7), Some(8)), true, "1-0");
        g.round_kind = "playoff".into();
        let r = record(Lang::Ru, PersonId(7), &[g], &entries, &nicks, &[]);
        assert_eq!(r.games.len(), 1);
        assert!(!r.games[0].counted);
        assert_eq!(r.games[0].round_url, None);
        assert_eq!(r.total_games, 0);
        assert_eq!(r.total_percent, "");
    }
}
