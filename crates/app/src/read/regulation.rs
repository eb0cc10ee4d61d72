//! The regulation page's read model (G-E2): a championship's published
//! versions, the schedule they apply to, the newest settings and whether
//! the viewer may publish a change, loaded in one place.

use crate::access::Organizers;
use crate::db::championships::Championship;
use crate::db::regulation_versions::Version;
use crate::db::{self, DbConnection, QueryError};
use crate::ids::{ChampionshipId, PersonId};
use crate::rules::regulation::Regulation;

/// What the regulation page and its versions' pages show, for one viewer.
pub struct RegulationPage {
    pub championship: Championship,
    /// Every published version, the oldest first.
    pub versions: Vec<Version>,
    /// G-E2: each tournament's number and start, from which a version's
    /// reach is told.
    pub starts: Vec<(i32, chrono::NaiveDateTime)>,
    /// The viewer organizes the championship (an administrator does).
    pub can_publish: bool,
    /// The newest version's settings: what a change starts from.
    pub newest: Regulation,
}

impl RegulationPage {
    /// The regulation of championship `c` as `viewer` (person, is an
    /// administrator) sees it; `None` when there is no such championship.
    pub fn load(
        conn: &mut DbConnection,
        viewer: Option<(PersonId, bool)>,
        c: ChampionshipId,
    ) -> Result<Option<RegulationPage>, QueryError> {
        let Some(championship) = db::championships::by_id(conn, c)? else {
            return Ok(None);
        };
        let versions = db::regulation_versions::of_championship(conn, c)?;
        let starts = db::tournaments::of_championship(conn, c)?
            .into_iter()
            .map(|t| (t.number, t.starts_at))
            .collect();
        let can_publish = crate::access::holds::<Organizers>(conn, viewer, c)?;
        let newest = crate::regulation::latest(conn, &championship)?.regulation;
        Ok(Some(RegulationPage {
            championship,
            versions,
            starts,
            can_publish,
            newest,
        }))
    }
}
