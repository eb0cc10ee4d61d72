//! Published versions of a championship's regulation (G-E2).

use chrono::NaiveDateTime;
use diesel::prelude::*;

use super::schema::regulation_versions as rv;
use super::{DbConnection, WriteTx};
use league_ids::{ChampionshipId, PersonId, RegulationVersionId};

#[derive(Debug, Clone, Queryable, Selectable)]
#[diesel(table_name = rv)]
pub struct Version {
    pub id: RegulationVersionId,
    pub championship_id: ChampionshipId,
    pub number: i32,
    /// Markdown.
    pub body: String,
    /// JSON of `rules::regulation::Regulation`.
    pub settings: String,
    pub summary: String,
    pub published_by: Option<PersonId>,
    pub published_at: NaiveDateTime,
    /// Tournaments starting at or after this instant follow the version;
    /// `None`: from the beginning (version 1).
    pub applies_from: Option<NaiveDateTime>,
}

pub fn of_championship(conn: &mut DbConnection, c: ChampionshipId) -> QueryResult<Vec<Version>> {
    rv::table
        .filter(rv::championship_id.eq(c))
        .order(rv::number)
        .select(Version::as_select())
        .load(conn)
}

pub struct NewVersion<'a> {
    pub championship: ChampionshipId,
    pub number: i32,
    pub body: &'a str,
    pub settings: &'a str,
    pub summary: &'a str,
    pub by: Option<PersonId>,
    pub at: NaiveDateTime,
    pub applies_from: Option<NaiveDateTime>,
}

pub fn insert(tx: &mut WriteTx<'_>, v: &NewVersion) -> QueryResult<RegulationVersionId> {
    let conn = tx.conn();
    diesel::insert_into(rv::table)
        .values((
            rv::championship_id.eq(v.championship),
            rv::number.eq(v.number),
            rv::body.eq(v.body),
            rv::settings.eq(v.settings),
            rv::summary.eq(v.summary),
            rv::published_by.eq(v.by),
            rv::published_at.eq(v.at),
            rv::applies_from.eq(v.applies_from),
        ))
        .returning(rv::id)
        .get_result(conn)
}
