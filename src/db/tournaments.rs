//! Tournaments (stages) of a championship: number and start instant (UTC).

use chrono::NaiveDateTime;
use diesel::prelude::*;

use super::{DbConnection, schema::tournaments, utc_now};
use crate::ids::ChampionshipId;

#[derive(Debug, Clone, Queryable, Selectable)]
#[diesel(table_name = tournaments)]
pub struct Tournament {
    pub id: i64,
    pub championship_id: i64,
    pub number: i32,
    pub starts_at: NaiveDateTime,
    pub created_at: NaiveDateTime,
}

pub fn of_championship(
    conn: &mut DbConnection,
    championship: ChampionshipId,
) -> QueryResult<Vec<Tournament>> {
    tournaments::table
        .filter(tournaments::championship_id.eq(championship.0))
        .order((tournaments::starts_at, tournaments::number))
        .select(Tournament::as_select())
        .load(conn)
}

pub fn by_id(conn: &mut DbConnection, id: i64) -> QueryResult<Option<Tournament>> {
    tournaments::table
        .find(id)
        .select(Tournament::as_select())
        .first(conn)
        .optional()
}

/// Adds tournaments at these instants, numbered after the existing ones in
/// start order. Call inside `write_transaction`.
pub fn add(
    conn: &mut DbConnection,
    championship: ChampionshipId,
    starts: &[NaiveDateTime],
) -> QueryResult<usize> {
    let last: Option<i32> = tournaments::table
        .filter(tournaments::championship_id.eq(championship.0))
        .select(diesel::dsl::max(tournaments::number))
        .first(conn)?;
    let mut number = last.unwrap_or(0);
    let now = utc_now();
    for at in starts {
        number += 1;
        diesel::insert_into(tournaments::table)
            .values((
                tournaments::championship_id.eq(championship.0),
                tournaments::number.eq(number),
                tournaments::starts_at.eq(at),
                tournaments::created_at.eq(now),
            ))
            .execute(conn)?;
    }
    Ok(starts.len())
}

pub fn set_start(conn: &mut DbConnection, id: i64, at: NaiveDateTime) -> QueryResult<usize> {
    diesel::update(tournaments::table.find(id))
        .set(tournaments::starts_at.eq(at))
        .execute(conn)
}
