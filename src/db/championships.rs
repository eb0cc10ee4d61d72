//! Championships (seasons). This issue needs only the row that role grants
//! point at; the championship issue adds the regulation and dates.

use chrono::NaiveDateTime;
use diesel::prelude::*;

use super::{DbConnection, schema::championships, utc_now};
use crate::ids::ChampionshipId;

#[derive(Debug, Clone, Queryable, Selectable)]
#[diesel(table_name = championships)]
pub struct Championship {
    pub id: i64,
    pub slug: String,
    pub name: String,
    pub created_at: NaiveDateTime,
}

#[derive(Insertable)]
#[diesel(table_name = championships)]
struct NewChampionship<'a> {
    slug: &'a str,
    name: &'a str,
    created_at: NaiveDateTime,
}

pub fn insert(conn: &mut DbConnection, slug: &str, name: &str) -> QueryResult<ChampionshipId> {
    diesel::insert_into(championships::table)
        .values(NewChampionship {
            slug,
            name,
            created_at: utc_now(),
        })
        .returning(championships::id)
        .get_result(conn)
        .map(ChampionshipId)
}

pub fn by_id(conn: &mut DbConnection, id: ChampionshipId) -> QueryResult<Option<Championship>> {
    championships::table
        .find(id.0)
        .select(Championship::as_select())
        .first(conn)
        .optional()
}
