//! The e-mail outbox: rows written in the caller's transaction,
//! claimed by a worker under a lease, marked sent, retried or failed; and
//! the optional notice kinds people opted out of, and the opt-in kinds
//! they asked for.
//!
//! Claiming: on PostgreSQL `SELECT … FOR UPDATE SKIP LOCKED` inside the
//! claiming transaction, so concurrent instances take different rows; on
//! SQLite the claim runs inside `BEGIN IMMEDIATE` (one writer at a time).
//! Either way a claimed row carries a token (`claimed_by`) and a lease end
//! (`claimed_until`): a row whose lease ran out (the instance died while
//! sending) is due again, and only the holder of the token may mark it.

use chrono::NaiveDateTime;
use diesel::prelude::*;

use super::{DbConnection, WriteTx};
use league_ids::{ChampionshipId, OutboxId, PersonId};

diesel::table! {
    outbox (id) {
        id -> BigInt,
        person_id -> Nullable<BigInt>,
        address -> Text,
        championship_id -> Nullable<BigInt>,
        kind -> Text,
        lang -> Text,
        subject -> Text,
        body -> Text,
        status -> Text,
        attempts -> Integer,
        next_attempt_at -> Timestamp,
        last_error -> Nullable<Text>,
        claimed_by -> Nullable<Text>,
        claimed_until -> Nullable<Timestamp>,
        created_at -> Timestamp,
        sent_at -> Nullable<Timestamp>,
    }
}

diesel::table! {
    notice_optouts (person_id, kind) {
        person_id -> BigInt,
        kind -> Text,
    }
}

diesel::table! {
    notice_optins (person_id, kind) {
        person_id -> BigInt,
        kind -> Text,
    }
}

diesel::table! {
    digests_sent (person_id, day) {
        person_id -> BigInt,
        day -> Date,
    }
}

pub const PENDING: &str = "pending";
pub const SENDING: &str = "sending";
pub const SENT: &str = "sent";
pub const FAILED: &str = "failed";

#[derive(Debug, Clone, Queryable, Selectable)]
#[diesel(table_name = outbox)]
pub struct OutboxRow {
    pub id: OutboxId,
    pub person_id: Option<PersonId>,
    pub address: String,
    pub championship_id: Option<ChampionshipId>,
    pub kind: String,
    pub lang: String,
    pub subject: String,
    pub body: String,
    pub status: String,
    pub attempts: i32,
    pub next_attempt_at: NaiveDateTime,
    pub last_error: Option<String>,
    pub claimed_by: Option<String>,
    pub claimed_until: Option<NaiveDateTime>,
    pub created_at: NaiveDateTime,
    pub sent_at: Option<NaiveDateTime>,
}

/// A message ready to be stored.
pub struct NewMessage<'a> {
    pub person: Option<PersonId>,
    pub address: &'a str,
    pub championship: Option<ChampionshipId>,
    pub kind: &'a str,
    pub lang: &'a str,
    pub subject: &'a str,
    pub body: &'a str,
    pub now: NaiveDateTime,
}

pub fn insert(tx: &mut WriteTx<'_>, m: &NewMessage) -> QueryResult<OutboxId> {
    let conn = tx.conn();
    diesel::insert_into(outbox::table)
        .values((
            outbox::person_id.eq(m.person),
            outbox::address.eq(m.address),
            outbox::championship_id.eq(m.championship),
            outbox::kind.eq(m.kind),
            outbox::lang.eq(m.lang),
            outbox::subject.eq(m.subject),
            outbox::body.eq(m.body),
            outbox::status.eq(PENDING),
            outbox::attempts.eq(0),
            outbox::next_attempt_at.eq(m.now),
            outbox::created_at.eq(m.now),
        ))
        .returning(outbox::id)
        .get_result(conn)
}

pub fn by_id(conn: &mut DbConnection, id: OutboxId) -> QueryResult<Option<OutboxRow>> {
    outbox::table
        .find(id)
        .select(OutboxRow::as_select())
        .first(conn)
        .optional()
}

/// Newest first; `championships` limits the rows to those championships'
/// (None: every row, for administrators).
pub fn list(
    conn: &mut DbConnection,
    championships: Option<&[ChampionshipId]>,
    limit: i64,
) -> QueryResult<Vec<OutboxRow>> {
    let mut q = outbox::table
        .order(outbox::id.desc())
        .limit(limit)
        .select(OutboxRow::as_select())
        .into_boxed();
    if let Some(ids) = championships {
        q = q.filter(outbox::championship_id.eq_any(ids.to_vec()));
    }
    q.load(conn)
}

/// Pending rows whose time has come and claimed rows whose lease ran out.
#[diesel::dsl::auto_type]
fn due(now: NaiveDateTime) -> _ {
    let pending: &'static str = PENDING;
    let sending: &'static str = SENDING;
    outbox::status
        .eq(pending)
        .and(outbox::next_attempt_at.le(now))
        .or(outbox::status
            .eq(sending)
            .and(outbox::claimed_until.lt(now)))
}

/// Claims up to `limit` due rows for `token` until `lease_until`: pending
/// rows whose time has come and rows whose previous claim expired.
pub fn claim(
    tx: &mut WriteTx<'_>,
    token: &str,
    now: NaiveDateTime,
    lease_until: NaiveDateTime,
    limit: i64,
) -> QueryResult<Vec<OutboxRow>> {
    let conn = tx.conn();
    let ids: Vec<OutboxId> = match conn {
        DbConnection::Postgresql(pg) => outbox::table
            .filter(due(now))
            .order(outbox::id)
            .limit(limit)
            .select(outbox::id)
            .for_update()
            .skip_locked()
            .load(pg)?,
        DbConnection::Sqlite(_) => outbox::table
            .filter(due(now))
            .order(outbox::id)
            .limit(limit)
            .select(outbox::id)
            .load(conn)?,
    };
    if ids.is_empty() {
        return Ok(Vec::new());
    }
    diesel::update(outbox::table.filter(outbox::id.eq_any(&ids)))
        .set((
            outbox::status.eq(SENDING),
            outbox::claimed_by.eq(token),
            outbox::claimed_until.eq(lease_until),
        ))
        .execute(conn)?;
    outbox::table
        .filter(outbox::id.eq_any(&ids))
        .order(outbox::id)
        .select(OutboxRow::as_select())
        .load(conn)
}

/// The claim holder marks its row sent; false when the claim was lost.
pub fn mark_sent(
    tx: &mut WriteTx<'_>,
    id: OutboxId,
    token: &str,
    now: NaiveDateTime,
) -> QueryResult<bool> {
    let conn = tx.conn();
    diesel::update(
        outbox::table
            .find(id)
            .filter(outbox::status.eq(SENDING))
            .filter(outbox::claimed_by.eq(token)),
    )
    .set((
        outbox::status.eq(SENT),
        outbox::attempts.eq(outbox::attempts + 1),
        outbox::sent_at.eq(Some(now)),
        outbox::claimed_by.eq(None::<String>),
        outbox::claimed_until.eq(None::<NaiveDateTime>),
    ))
    .execute(conn)
    .map(|n| n == 1)
}

/// The claim holder records a failed attempt: back to pending at
/// `next_attempt_at`, or failed for good when `next_attempt_at` is None.
pub fn mark_attempt_failed(
    tx: &mut WriteTx<'_>,
    id: OutboxId,
    token: &str,
    error: &str,
    next_attempt_at: Option<NaiveDateTime>,
) -> QueryResult<bool> {
    let conn = tx.conn();
    let status = if next_attempt_at.is_some() {
        PENDING
    } else {
        FAILED
    };
    // A failed row's next_attempt_at means nothing (resend sets it anew).
    let at = next_attempt_at.unwrap_or_else(super::utc_now);
    diesel::update(
        outbox::table
            .find(id)
            .filter(outbox::status.eq(SENDING))
            .filter(outbox::claimed_by.eq(token)),
    )
    .set((
        outbox::status.eq(status),
        outbox::attempts.eq(outbox::attempts + 1),
        outbox::last_error.eq(Some(error)),
        outbox::next_attempt_at.eq(at),
        outbox::claimed_by.eq(None::<String>),
        outbox::claimed_until.eq(None::<NaiveDateTime>),
    ))
    .execute(conn)
    .map(|n| n == 1)
}

/// A failed row goes back to pending with a fresh count of attempts; the
/// last error stays for the record until the next attempt. False when the
/// row is not failed (someone resent it already).
pub fn resend(tx: &mut WriteTx<'_>, id: OutboxId, now: NaiveDateTime) -> QueryResult<bool> {
    let conn = tx.conn();
    diesel::update(outbox::table.find(id).filter(outbox::status.eq(FAILED)))
        .set((
            outbox::status.eq(PENDING),
            outbox::attempts.eq(0),
            outbox::next_attempt_at.eq(now),
        ))
        .execute(conn)
        .map(|n| n == 1)
}

/// Puts every failed row (of these championships; `None`: all) back in
/// the queue at once, each once: a row is failed no more afterwards.
/// Returns how many.
pub fn resend_failed(
    tx: &mut WriteTx<'_>,
    championships: Option<&[ChampionshipId]>,
    now: NaiveDateTime,
) -> QueryResult<usize> {
    let conn = tx.conn();
    let mut failed = outbox::table
        .filter(outbox::status.eq(FAILED))
        .select(outbox::id)
        .into_boxed();
    if let Some(ids) = championships {
        failed = failed.filter(outbox::championship_id.eq_any(ids.to_vec()));
    }
    let ids: Vec<OutboxId> = failed.load(conn)?;
    if ids.is_empty() {
        return Ok(0);
    }
    diesel::update(
        outbox::table
            .filter(outbox::id.eq_any(ids))
            .filter(outbox::status.eq(FAILED)),
    )
    .set((
        outbox::status.eq(PENDING),
        outbox::attempts.eq(0),
        outbox::next_attempt_at.eq(now),
    ))
    .execute(conn)
}

/// The optional kinds `person` opted out of.
pub fn optouts(conn: &mut DbConnection, person: PersonId) -> QueryResult<Vec<String>> {
    notice_optouts::table
        .filter(notice_optouts::person_id.eq(person))
        .select(notice_optouts::kind)
        .order(notice_optouts::kind)
        .load(conn)
}

/// Replaces `person`'s opt-outs with `kinds`.
pub fn set_optouts(tx: &mut WriteTx<'_>, person: PersonId, kinds: &[&str]) -> QueryResult<()> {
    let conn = tx.conn();
    diesel::delete(notice_optouts::table.filter(notice_optouts::person_id.eq(person)))
        .execute(conn)?;
    for kind in kinds {
        diesel::insert_into(notice_optouts::table)
            .values((
                notice_optouts::person_id.eq(person),
                notice_optouts::kind.eq(*kind),
            ))
            .execute(conn)?;
    }
    Ok(())
}

/// The opt-in kinds `person` asked for.
pub fn optins(conn: &mut DbConnection, person: PersonId) -> QueryResult<Vec<String>> {
    notice_optins::table
        .filter(notice_optins::person_id.eq(person))
        .select(notice_optins::kind)
        .order(notice_optins::kind)
        .load(conn)
}

/// Replaces `person`'s opt-ins with `kinds`.
pub fn set_optins(tx: &mut WriteTx<'_>, person: PersonId, kinds: &[&str]) -> QueryResult<()> {
    let conn = tx.conn();
    diesel::delete(notice_optins::table.filter(notice_optins::person_id.eq(person)))
        .execute(conn)?;
    for kind in kinds {
        diesel::insert_into(notice_optins::table)
            .values((
                notice_optins::person_id.eq(person),
                notice_optins::kind.eq(*kind),
            ))
            .execute(conn)?;
    }
    Ok(())
}

/// Whether any row is due (a cheap read before the claiming transaction).
pub fn any_due(conn: &mut DbConnection, now: NaiveDateTime) -> QueryResult<bool> {
    diesel::select(diesel::dsl::exists(outbox::table.filter(due(now)))).get_result(conn)
}

/// The championships `person` organizes (whose messages they see).
pub fn organized_by(conn: &mut DbConnection, person: PersonId) -> QueryResult<Vec<ChampionshipId>> {
    use super::schema::role_grants;
    role_grants::table
        .filter(role_grants::person_id.eq(person))
        .filter(role_grants::role.eq("organizer"))
        .select(role_grants::championship_id)
        .load(conn)
}

/// Marks the officials' digest of `person` for `day` as sent, in the
/// transaction that queues it; `false` when it was already (another
/// instance, or an earlier pass, queued it): the caller then rolls back.
pub fn mark_digest(
    tx: &mut WriteTx<'_>,
    person: PersonId,
    day: chrono::NaiveDate,
) -> QueryResult<bool> {
    let conn = tx.conn();
    let already: i64 = digests_sent::table
        .filter(digests_sent::person_id.eq(person))
        .filter(digests_sent::day.eq(day))
        .count()
        .get_result(conn)?;
    if already > 0 {
        return Ok(false);
    }
    diesel::insert_into(digests_sent::table)
        .values((
            digests_sent::person_id.eq(person),
            digests_sent::day.eq(day),
        ))
        .execute(conn)?;
    Ok(true)
}

/// The people whose digest of `day` is queued already.
pub fn digested_on(conn: &mut DbConnection, day: chrono::NaiveDate) -> QueryResult<Vec<PersonId>> {
    digests_sent::table
        .filter(digests_sent::day.eq(day))
        .select(digests_sent::person_id)
        .load(conn)
}
