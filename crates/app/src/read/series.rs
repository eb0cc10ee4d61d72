//! The corporate series page's read model: the series'
//! table, the championships a chess sport may link to and whether the
//! viewer manages the series, loaded in one place.

use crate::db::{self, DbConnection, QueryError};
use crate::ids::{ChampionshipId, PersonId, SeriesId, SeriesSportId};
use crate::series::SeriesTable;

/// What a series' page shows, for one viewer.
pub struct SeriesPage {
    /// the sports, their tables, the ranked organizations and the
    /// athletes' lists.
    pub table: SeriesTable,
    /// Every championship, for the chess sport's form.
    pub championships: Vec<(ChampionshipId, String)>,
    /// The viewer manages the series (`series::may_manage`).
    pub can_edit: bool,
    /// The sports other than chess whose places and lists the viewer
    /// enters (every one for a manager; their own for a sport's organizer).
    pub sports_entered: Vec<SeriesSportId>,
    /// Each sport's organizers by nick (shown to the managers).
    pub sport_organizers: Vec<(SeriesSportId, PersonId, String)>,
}

impl SeriesPage {
    /// The page of series `id` as `viewer` (person, is an administrator)
    /// sees it; `None` when there is no such series.
    pub fn load(
        conn: &mut DbConnection,
        viewer: Option<(PersonId, bool)>,
        id: SeriesId,
    ) -> Result<Option<SeriesPage>, QueryError> {
        let Some(table) = crate::series::load(conn, id)? else {
            return Ok(None);
        };
        let (can_edit, sports_entered) = match viewer {
            Some((person, admin)) => (
                crate::series::may_manage(conn, person, admin, &table.series)?,
                crate::series::sports_managed_by(conn, person, admin, &table.series)?,
            ),
            None => (false, Vec::new()),
        };
        let sport_organizers = if can_edit {
            db::series::sport_organizers(conn, id)?
        } else {
            Vec::new()
        };
        let championships = db::championships::list(conn)?
            .into_iter()
            .map(|c| (c.id, c.name))
            .collect();
        Ok(Some(SeriesPage {
            table,
            championships,
            can_edit,
            sports_entered,
            sport_organizers,
        }))
    }
}
