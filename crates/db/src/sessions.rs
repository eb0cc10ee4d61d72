//! Signed-in sessions and the browsers an account has signed in from. Both
//! are found by the SHA-256 of a random secret that only the browser's
//! cookie holds.

use chrono::NaiveDateTime;
use diesel::prelude::*;

use super::schema::{known_browsers, sessions};
use super::{DbConnection, WriteTx};
use league_ids::PersonId;

#[derive(Debug, Clone, Queryable, Selectable)]
#[diesel(table_name = sessions)]
pub struct SessionRow {
    pub person_id: PersonId,
    pub state: String,
    pub created_at: NaiveDateTime,
    pub last_seen_at: NaiveDateTime,
}

#[derive(Insertable)]
#[diesel(table_name = sessions)]
struct NewSession<'a> {
    key_hash: &'a str,
    person_id: PersonId,
    state: &'a str,
    created_at: NaiveDateTime,
    last_seen_at: NaiveDateTime,
}

pub fn find(conn: &mut DbConnection, key_hash: &str) -> QueryResult<Option<SessionRow>> {
    sessions::table
        .find(key_hash)
        .select(SessionRow::as_select())
        .first(conn)
        .optional()
}

pub fn insert(
    tx: &mut WriteTx<'_>,
    key_hash: &str,
    person: PersonId,
    state: &str,
    now: NaiveDateTime,
) -> QueryResult<()> {
    let conn = tx.conn();
    diesel::insert_into(sessions::table)
        .values(NewSession {
            key_hash,
            person_id: person,
            state,
            created_at: now,
            last_seen_at: now,
        })
        .execute(conn)
        .map(drop)
}

/// New state for a session that still exists; `false` if it is gone
/// (signed out elsewhere, expired) and nothing was written.
pub fn update(
    tx: &mut WriteTx<'_>,
    key_hash: &str,
    person: PersonId,
    state: &str,
    now: NaiveDateTime,
) -> QueryResult<bool> {
    let conn = tx.conn();
    diesel::update(sessions::table.find(key_hash))
        .set((
            sessions::person_id.eq(person),
            sessions::state.eq(state),
            sessions::last_seen_at.eq(now),
        ))
        .execute(conn)
        .map(|n| n > 0)
}

pub fn touch(tx: &mut WriteTx<'_>, key_hash: &str, now: NaiveDateTime) -> QueryResult<()> {
    let conn = tx.conn();
    diesel::update(sessions::table.find(key_hash))
        .set(sessions::last_seen_at.eq(now))
        .execute(conn)
        .map(drop)
}

pub fn delete(tx: &mut WriteTx<'_>, key_hash: &str) -> QueryResult<()> {
    let conn = tx.conn();
    diesel::delete(sessions::table.find(key_hash))
        .execute(conn)
        .map(drop)
}

/// Ends every session of a person but the one whose key hashes to
/// `keep`, if any; returns how many ended.
pub fn delete_for(
    tx: &mut WriteTx<'_>,
    person: PersonId,
    keep: Option<&str>,
) -> QueryResult<usize> {
    let conn = tx.conn();
    let of_person = sessions::table.filter(sessions::person_id.eq(person));
    match keep {
        Some(keep) => diesel::delete(of_person.filter(sessions::key_hash.ne(keep))).execute(conn),
        None => diesel::delete(of_person).execute(conn),
    }
}

/// Deletes the sessions last seen before `idle_since` or made before
/// `made_since`.
pub fn delete_expired(
    tx: &mut WriteTx<'_>,
    idle_since: NaiveDateTime,
    made_since: NaiveDateTime,
) -> QueryResult<usize> {
    let conn = tx.conn();
    diesel::delete(
        sessions::table.filter(
            sessions::last_seen_at
                .lt(idle_since)
                .or(sessions::created_at.lt(made_since)),
        ),
    )
    .execute(conn)
}

/// How many sessions each person with any has.
pub fn counts(conn: &mut DbConnection) -> QueryResult<Vec<(PersonId, i64)>> {
    sessions::table
        .group_by(sessions::person_id)
        .select((sessions::person_id, diesel::dsl::count_star()))
        .load(conn)
}

/// The person a known browser's token belongs to and how often that
/// browser has failed since.
pub fn known_browser(
    conn: &mut DbConnection,
    token_hash: &str,
) -> QueryResult<Option<(PersonId, i32)>> {
    known_browsers::table
        .find(token_hash)
        .select((known_browsers::person_id, known_browsers::failures))
        .first(conn)
        .optional()
}

pub fn remember_browser(
    tx: &mut WriteTx<'_>,
    token_hash: &str,
    person: PersonId,
    now: NaiveDateTime,
) -> QueryResult<()> {
    let conn = tx.conn();
    diesel::insert_into(known_browsers::table)
        .values((
            known_browsers::token_hash.eq(token_hash),
            known_browsers::person_id.eq(person),
            known_browsers::failures.eq(0),
            known_browsers::created_at.eq(now),
        ))
        .execute(conn)
        .map(drop)
}

pub fn set_browser_failures(
    tx: &mut WriteTx<'_>,
    token_hash: &str,
    failures: i32,
) -> QueryResult<()> {
    let conn = tx.conn();
    diesel::update(known_browsers::table.find(token_hash))
        .set(known_browsers::failures.eq(failures))
        .execute(conn)
        .map(drop)
}

pub fn forget_browser(tx: &mut WriteTx<'_>, token_hash: &str) -> QueryResult<()> {
    let conn = tx.conn();
    diesel::delete(known_browsers::table.find(token_hash))
        .execute(conn)
        .map(drop)
}

/// Forgets the browsers made before `since`.
pub fn forget_browsers_before(tx: &mut WriteTx<'_>, since: NaiveDateTime) -> QueryResult<usize> {
    let conn = tx.conn();
    diesel::delete(known_browsers::table.filter(known_browsers::created_at.lt(since))).execute(conn)
}
