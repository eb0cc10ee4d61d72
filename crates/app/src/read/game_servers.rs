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
