//! The halls of fame' read models (G-E1): a championship's history with
//! its tournaments and season table, and one page of the platform's,
//! each loaded in one place.

use crate::db::championships::{Championship, Label};
use crate::db::results::HistoryEntry;
use crate::db::tournaments::Tournament;
use crate::db::{self, DbConnection, QueryError};
use crate::ids::ChampionshipId;

/// A championship's hall of fame.
pub struct ChampionshipHistory {
    pub championship: Championship,
    /// G-E1: the winners and the season's top four, as the finish recorded
    /// them (and re-recorded them after an upheld appeal).
    pub history: Vec<HistoryEntry>,
    pub tournaments: Vec<Tournament>,
    /// G-A3: the season table under the regulation in force now, for the
    /// top four's totals.
    pub season: crate::season::Season,
}

impl ChampionshipHistory {
    /// The history of championship `c`; `None` when there is no such
    /// championship.
    pub fn load(
        conn: &mut DbConnection,
        c: ChampionshipId,
    ) -> Result<Option<ChampionshipHistory>, QueryError> {
        let Some(championship) = db::championships::by_id(conn, c)? else {
            return Ok(None);
        };
        let reg = crate::regulation::in_force(conn, &championship, db::utc_now())?.regulation;
        Ok(Some(ChampionshipHistory {
            history: db::results::history_of_championship(conn, c)?,
            tournaments: db::tournaments::of_championship(conn, c)?,
            season: crate::season::load(conn, c, &reg)?,
            championship,
        }))
    }
}

/// One page of the platform's hall of fame: the championships with a
/// recorded history, newest first.
pub struct HallOfFame {
    pub championships: Vec<Label>,
    /// The history of the page's championships.
    pub history: Vec<HistoryEntry>,
    /// The page shown (the last when the one asked for is past it), from 1.
    pub number: usize,
    /// The count of pages, 1 at least.
    pub pages: usize,
}

impl HallOfFame {
    /// Page `wanted` (from 1) of `per_page` championships.
    pub fn load(
        conn: &mut DbConnection,
        wanted: usize,
        per_page: usize,
    ) -> Result<HallOfFame, QueryError> {
        let all = db::results::championships_with_history(conn)?;
        let pages = all.len().div_ceil(per_page).max(1);
        let number = wanted.min(pages);
        let shown: Vec<ChampionshipId> = all
            .into_iter()
            .skip((number - 1) * per_page)
            .take(per_page)
            .collect();
        Ok(HallOfFame {
            championships: db::championships::labels(conn, &shown)?,
            history: db::results::history_of_championships(conn, &shown)?,
            number,
            pages,
        })
    }
}
