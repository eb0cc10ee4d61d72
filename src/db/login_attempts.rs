//! Login throttling: every attempt is recorded so that all app instances on
//! one database see the same counts.

use chrono::{NaiveDateTime, TimeDelta};
use diesel::prelude::*;

use super::{DbConnection, schema::login_attempts};

/// At most this many failures per account or per address within [`WINDOW`].
pub const MAX_FAILURES: i64 = 5;
/// The sliding window of the throttle: 15 minutes.
pub const WINDOW: TimeDelta = TimeDelta::minutes(15);

#[derive(Insertable)]
#[diesel(table_name = login_attempts)]
struct NewAttempt<'a> {
    account_key: &'a str,
    ip: &'a str,
    succeeded: bool,
    at: NaiveDateTime,
}

pub fn record(
    conn: &mut DbConnection,
    account_key: &str,
    ip: &str,
    succeeded: bool,
    at: NaiveDateTime,
) -> QueryResult<()> {
    diesel::insert_into(login_attempts::table)
        .values(NewAttempt {
            account_key,
            ip,
            succeeded,
            at,
        })
        .execute(conn)
        .map(drop)
}

/// When the throttle lets this account and address try again, or `None` if
/// they may try now. An account's count restarts after its last success; an
/// address's does not (a success on one's own account must not unlock
/// guessing at others).
pub fn locked_until(
    conn: &mut DbConnection,
    account_key: &str,
    ip: &str,
    now: NaiveDateTime,
) -> QueryResult<Option<NaiveDateTime>> {
    let since = now - WINDOW;
    let last_success: Option<NaiveDateTime> = login_attempts::table
        .filter(login_attempts::account_key.eq(account_key))
        .filter(login_attempts::succeeded.eq(true))
        .filter(login_attempts::at.gt(since))
        .select(diesel::dsl::max(login_attempts::at))
        .first(conn)?;
    let account_since = last_success.map_or(since, |s| s.max(since));
    let by_account: Vec<NaiveDateTime> = login_attempts::table
        .filter(login_attempts::account_key.eq(account_key))
        .filter(login_attempts::succeeded.eq(false))
        .filter(login_attempts::at.gt(account_since))
        .order(login_attempts::at.desc())
        .limit(MAX_FAILURES)
        .select(login_attempts::at)
        .load(conn)?;
    let by_ip: Vec<NaiveDateTime> = login_attempts::table
        .filter(login_attempts::ip.eq(ip))
        .filter(login_attempts::succeeded.eq(false))
        .filter(login_attempts::at.gt(since))
        .order(login_attempts::at.desc())
        .limit(MAX_FAILURES)
        .select(login_attempts::at)
        .load(conn)?;
    // Locked while MAX_FAILURES failures are inside the window: until the
    // oldest of the newest MAX_FAILURES leaves it.
    let until = |times: &[NaiveDateTime]| {
        (times.len() as i64 >= MAX_FAILURES)
            .then(|| times.last().map(|oldest| *oldest + WINDOW))
            .flatten()
    };
    Ok(until(&by_account).max(until(&by_ip)))
}

/// Drops attempts older than the window; they can never count again.
pub fn prune(conn: &mut DbConnection, now: NaiveDateTime) -> QueryResult<usize> {
    diesel::delete(login_attempts::table.filter(login_attempts::at.lt(now - WINDOW))).execute(conn)
}

/// Makes concurrent logins for the same account or from the same address
/// wait for each other, so that the check of [`locked_until`] and the
/// [`record`] of the outcome are one step (call it first inside
/// `db::write_transaction`). SQLite's `BEGIN IMMEDIATE` already serializes
/// writers; PostgreSQL takes transaction-scoped advisory locks, always the
/// account's before the address's (one order: no deadlock).
pub fn serialize(conn: &mut DbConnection, account_key: &str, ip: &str) -> QueryResult<()> {
    let DbConnection::Postgresql(pg) = conn else {
        return Ok(());
    };
    for key in [
        format!("login-account:{account_key}"),
        format!("login-ip:{ip}"),
    ] {
        diesel::sql_query("SELECT pg_advisory_xact_lock(hashtext($1))::text")
            .bind::<diesel::sql_types::Text, _>(key)
            .execute(pg)?;
    }
    Ok(())
}
