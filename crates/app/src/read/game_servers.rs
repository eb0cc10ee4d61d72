//! What the organizers see of a championship's play on lichess: the
//! server its regulation names, the account that creates its games, and
//! which players of the tournament under way linked an account (the
//! others play by hand).

use chrono::NaiveDateTime;

use crate::db::game_servers as gs;
use crate::db::{DbConnection, QueryError, championships, entries, people, tournaments};
use crate::ids::{ChampionshipId, TournamentId};
use crate::rules::game_server::LICHESS;

/// A player of the tournament under way and the account he linked.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PlayerLink {
    pub nick: String,
    /// The lichess username, when linked.
    pub username: Option<String>,
    /// Lichess has refused the linked account's token since.
    pub refused: bool,
}

/// A championship's connection to lichess.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ChampionshipLichess {
    /// The regulation in force names lichess.
    pub in_regulation: bool,
    /// The account creating the games and who connected it.
    pub connected: Option<(String, String)>,
    /// The tournament under way (its number) and its players.
    pub tournament: Option<i32>,
    pub players: Vec<PlayerLink>,
}

impl ChampionshipLichess {
    pub fn load(
        conn: &mut DbConnection,
        c: ChampionshipId,
        now: NaiveDateTime,
    ) -> Result<Option<ChampionshipLichess>, QueryError> {
        let Some(championship) = championships::by_id(conn, c)? else {
            return Ok(None);
        };
        let reg = crate::regulation::in_force(conn, &championship, now)?.regulation;
        let connected = match gs::connection_of(conn, c)? {
            Some(link) => {
                let account = gs::account_by_id(conn, link.account_id)?;
                let by = people::by_id(conn, link.connected_by)?;
                account.zip(by).map(|(a, p)| (a.username, p.nick))
            }
            None => None,
        };
        let under_way = tournaments::of_championship(conn, c)?
            .into_iter()
            .filter(|t| t.finished_at.is_none() && t.cancelled_at.is_none())
            .max_by_key(|t| t.number);
        let (tournament, players) = match under_way {
            Some(t) => (Some(t.number), players_of(conn, t.id)?),
            None => (None, Vec::new()),
        };
        Ok(Some(ChampionshipLichess {
            in_regulation: reg.play.game_server.as_deref() == Some(LICHESS),
            connected,
            tournament,
            players,
        }))
    }
}

fn players_of(conn: &mut DbConnection, t: TournamentId) -> Result<Vec<PlayerLink>, QueryError> {
    let ids: Vec<_> = entries::of_tournament(conn, t)?
        .into_iter()
        .map(|e| e.id)
        .collect();
    let mut players = entries::players_of(conn, &ids)?;
    players.sort_by(|a, b| a.nick.cmp(&b.nick));
    players.dedup_by_key(|p| p.person_id);
    let people: Vec<_> = players.iter().map(|p| p.person_id).collect();
    let accounts: std::collections::HashMap<_, _> = gs::accounts_of(conn, LICHESS, &people)?
        .into_iter()
        .map(|a| (a.person_id, a))
        .collect();
    Ok(players
        .into_iter()
        .map(|p| {
            let account = accounts.get(&p.person_id);
            PlayerLink {
                nick: p.nick,
                username: account.map(|a| a.username.clone()),
                refused: account.is_some_and(|a| a.refused_at.is_some()),
            }
        })
        .collect())
}

/// A game of the round as the judges follow it on lichess.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct FollowedGame {
    pub table: i32,
    pub board: i32,
    pub game_no: i32,
    pub white: String,
    pub black: String,
    pub status: gs::Status,
    /// The game's id on lichess, once created.
    pub remote_id: Option<String>,
    /// Why it waits for someone: the code, the person's nick, the
    /// server's words.
    pub problem: Option<(String, Option<String>, Option<String>)>,
    /// The result here, as stored.
    pub result: String,
}

/// The round's games on lichess, by table, board and game.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct RoundLichess {
    pub round_number: i32,
    pub connected: bool,
    pub games: Vec<FollowedGame>,
}

impl RoundLichess {
    /// `None` when the round is not the tournament's.
    pub fn load(
        conn: &mut DbConnection,
        c: ChampionshipId,
        t: TournamentId,
        round: crate::ids::RoundId,
    ) -> Result<Option<RoundLichess>, QueryError> {
        use crate::db::rounds as r;
        let Some(found) = r::by_id(conn, round)?.filter(|x| x.tournament_id == t) else {
            return Ok(None);
        };
        let rows = crate::game_servers::current(gs::of_round(conn, round)?);
        let matches = r::matches_of_rounds(conn, &[round])?;
        let tables: std::collections::HashMap<_, _> =
            matches.iter().map(|m| (m.id, m.table_no)).collect();
        let ids: Vec<_> = matches.iter().map(|m| m.id).collect();
        let games: std::collections::HashMap<_, _> = r::games_of_matches(conn, &ids)?
            .into_iter()
            .map(|g| (g.id, g))
            .collect();
        let people: Vec<_> = rows
            .values()
            .flat_map(|s| [Some(s.white_id), Some(s.black_id), s.problem_person])
            .flatten()
            .collect();
        let nicks: std::collections::HashMap<_, _> =
            people::nicks_of(conn, &people)?.into_iter().collect();
        let nick = |p| nicks.get(&p).cloned().unwrap_or_default();
        let mut out: Vec<FollowedGame> =
            rows.into_values()
                .filter_map(|s| {
                    let g = games.get(&s.game_id)?;
                    Some(FollowedGame {
                        table: tables.get(&g.match_id).copied().unwrap_or_default(),
                        board: g.board,
                        game_no: g.game_no,
                        white: nick(s.white_id),
                        black: nick(s.black_id),
                        status: s.status(),
                        remote_id: s.remote_id.clone(),
                        problem: s.problem.clone().map(|code| {
                            (code, s.problem_person.map(nick), s.problem_detail.clone())
                        }),
                        result: g.result.clone(),
                    })
                })
                .collect();
        out.sort_by_key(|g| (g.table, g.board, g.game_no));
        Ok(Some(RoundLichess {
            round_number: found.number,
            connected: gs::connection_of(conn, c)?.is_some(),
            games: out,
        }))
    }

    /// Games still to be created or played: the page refreshes itself.
    pub fn under_way(&self) -> bool {
        self.games.iter().any(|g| g.status.is_open())
    }
}
