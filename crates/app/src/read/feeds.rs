//! The championship's feeds' read model: its tournaments, the published
//! rounds with how far their results are, the places of the finished
//! tournaments and the regulation's versions — what the iCalendar and the
//! Atom feed tell.

use std::collections::HashMap;

use chrono::NaiveDateTime;

use crate::db::championships::Championship;
use crate::db::regulation_versions::Version;
use crate::db::results::PlaceRow;
use crate::db::tournaments::Tournament;
use crate::db::{self, DbConnection, QueryError, rounds as r};
use crate::ids::{ChampionshipId, MatchId, RoundId, TournamentId};

/// A published round of a tournament and how far its results are.
pub struct RoundNews {
    pub tournament: TournamentId,
    pub tournament_no: i32,
    pub number: i32,
    pub published_at: NaiveDateTime,
    /// The newest result entered in the round, if any.
    pub last_result: Option<NaiveDateTime>,
    /// Games with a final result, of `total`.
    pub done: usize,
    pub total: usize,
}

/// What the feeds of one championship tell.
pub struct ChampionshipNews {
    pub championship: Championship,
    /// Its tournaments, in the order of their numbers.
    pub tournaments: Vec<Tournament>,
    /// Every published round (G-A7: a draft is not news).
    pub rounds: Vec<RoundNews>,
    /// The places of its finished tournaments.
    pub places: Vec<PlaceRow>,
    /// The regulation's versions; version 1 is the one it was created with.
    pub versions: Vec<Version>,
}

impl ChampionshipNews {
    /// The news of championship `c`; `None` when there is no such
    /// championship. With `rounds: false` only the championship and its
    /// tournaments are read (what a calendar needs).
    pub fn load(
        conn: &mut DbConnection,
        c: ChampionshipId,
        rounds: bool,
    ) -> Result<Option<ChampionshipNews>, QueryError> {
        let Some(championship) = db::championships::by_id(conn, c)? else {
            return Ok(None);
        };
        let tournaments = db::tournaments::of_championship(conn, c)?;
        if !rounds {
            return Ok(Some(ChampionshipNews {
                championship,
                tournaments,
                rounds: Vec::new(),
                places: Vec::new(),
                versions: Vec::new(),
            }));
        }
        Ok(Some(ChampionshipNews {
            rounds: round_news(conn, &tournaments)?,
            places: db::results::places_of_championship(conn, c)?,
            versions: db::regulation_versions::of_championship(conn, c)?,
            championship,
            tournaments,
        }))
    }
}

/// Every published round of the tournaments with how far its results are.
fn round_news(
    conn: &mut DbConnection,
    tournaments: &[Tournament],
) -> Result<Vec<RoundNews>, QueryError> {
    let mut out = Vec::new();
    for t in tournaments {
        let rounds: Vec<r::Round> = r::of_tournament(conn, t.id)?
            .into_iter()
            .filter(r::Round::is_published)
            .collect();
        if rounds.is_empty() {
            continue;
        }
        let ids: Vec<RoundId> = rounds.iter().map(|x| x.id).collect();
        let matches = r::matches_of_rounds(conn, &ids)?;
        let round_of: HashMap<MatchId, RoundId> =
            matches.iter().map(|m| (m.id, m.round_id)).collect();
        let mids: Vec<MatchId> = matches.iter().map(|m| m.id).collect();
        let games = r::games_of_matches(conn, &mids)?;
        for round in rounds {
            let mine: Vec<&r::Game> = games
                .iter()
                .filter(|g| round_of.get(&g.match_id) == Some(&round.id))
                .collect();
            out.push(RoundNews {
                tournament: t.id,
                tournament_no: t.number,
                number: round.number,
                published_at: round.published_at.unwrap_or(round.created_at),
                last_result: mine.iter().filter_map(|g| g.decided_at).max(),
                done: mine.iter().filter(|g| g.result().is_final()).count(),
                total: mine.len(),
            });
        }
    }
    Ok(out)
}
