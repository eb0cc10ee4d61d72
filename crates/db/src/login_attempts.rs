//! Login throttling: every attempt is recorded so that all app instances on
//! one database see the same counts.

use chrono::{NaiveDateTime, TimeDelta};
use diesel::prelude::*;

use super::{DbConnection, WriteTx, schema::login_attempts};

/// Failures count for this long: 15 minutes.
pub const WINDOW: TimeDelta = TimeDelta::minutes(15);
/// This many failures cost nothing: a typo or two, a forgotten caps lock.
pub const FREE_FAILURES: usize = 3;
/// Each further failure doubles the wait before the next attempt, from one
/// second up to this.
pub const MAX_DELAY: TimeDelta = TimeDelta::seconds(60);
/// This many failures from one address within [`WINDOW`] lock the address
/// (every account, from there) until the oldest of them leaves the window.
/// Accounts are never locked, only slowed: a lock on an account would let
/// anybody lock its owner out.
pub const ADDRESS_LOCK: usize = 20;

/// The account-wide delay counts the addresses that failed on the account,
/// not the failures: guesses from one address slow that address (and its
/// guesses at this account) alone, so one attacker cannot keep the owner,
/// signing in from anywhere else, out; guesses spread over many addresses
/// (a botnet) slow every new browser, by at most [`MAX_DELAY`].

#[derive(Insertable)]
#[diesel(table_name = login_attempts)]
struct NewAttempt<'a> {
    account_key: &'a str,
    ip: &'a str,
    succeeded: bool,
    at: NaiveDateTime,
}

pub fn record(
    tx: &mut WriteTx<'_>,
    account_key: &str,
    ip: &str,
    succeeded: bool,
    at: NaiveDateTime,
) -> QueryResult<()> {
    let conn = tx.conn();
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

/// The wait after `failures` failures, the latest first: none for the
/// first [`FREE_FAILURES`], then 1 s, 2 s, 4 s… up to [`MAX_DELAY`] after
/// the latest.
fn delayed_until(failures: &[NaiveDateTime]) -> Option<NaiveDateTime> {
    let extra = failures.len().checked_sub(FREE_FAILURES)?;
    let latest = failures.first()?;
    let seconds = 1i64 << extra.min(16);
    Some(*latest + TimeDelta::seconds(seconds).min(MAX_DELAY))
}

/// When this account and address may try again, or `None` if they may try
/// now. The address is slowed by all its failures in the window, and
/// locked after [`ADDRESS_LOCK`] of them; a success on one's own account
/// does not restart the address's count (it must not unlock guessing at
/// others). The account is slowed by the number of addresses that failed
/// on it since its last success, one failure each, from the latest (unless
/// `known_browser`: the browser has signed in to it before, so an attacker
/// elsewhere cannot keep the owner out).
pub fn locked_until(
    conn: &mut DbConnection,
    account_key: &str,
    ip: &str,
    now: NaiveDateTime,
    known_browser: bool,
) -> QueryResult<Option<NaiveDateTime>> {
    let since = now - WINDOW;
    let failures_since = |conn: &mut DbConnection,
                          by_account: bool,
                          since: NaiveDateTime,
                          limit: usize|
     -> QueryResult<Vec<NaiveDateTime>> {
        let failed = login_attempts::table
            .filter(login_attempts::succeeded.eq(false))
            .filter(login_attempts::at.gt(since))
            .order(login_attempts::at.desc())
            .limit(limit as i64)
            .select(login_attempts::at)
            .into_boxed();
        if by_account {
            failed
                .filter(login_attempts::account_key.eq(account_key))
                .load(conn)
        } else {
            failed.filter(login_attempts::ip.eq(ip)).load(conn)
        }
    };
    let by_ip = failures_since(conn, false, since, ADDRESS_LOCK)?;
    let ip_until = if by_ip.len() >= ADDRESS_LOCK {
        by_ip.last().map(|oldest| *oldest + WINDOW)
    } else {
        delayed_until(&by_ip)
    };
    let account_until = if known_browser {
        None
    } else {
        let last_success: Option<NaiveDateTime> = login_attempts::table
            .filter(login_attempts::account_key.eq(account_key))
            .filter(login_attempts::succeeded.eq(true))
            .filter(login_attempts::at.gt(since))
            .select(diesel::dsl::max(login_attempts::at))
            .first(conn)?;
        let account_since = last_success.map_or(since, |s| s.max(since));
        let mut seen = std::collections::HashSet::new();
        let by_address: Vec<NaiveDateTime> = login_attempts::table
            .filter(login_attempts::succeeded.eq(false))
            .filter(login_attempts::at.gt(account_since))
            .filter(login_attempts::account_key.eq(account_key))
            .order(login_attempts::at.desc())
            .select((login_attempts::at, login_attempts::ip))
            .load::<(NaiveDateTime, String)>(conn)?
            .into_iter()
            .filter(|(_, address)| seen.insert(address.clone()))
            .map(|(at, _)| at)
            .collect();
        delayed_until(&by_address)
    };
    Ok(ip_until.max(account_until).filter(|until| *until > now))
}

/// Drops attempts older than the window; they can never count again.
pub fn prune(tx: &mut WriteTx<'_>, now: NaiveDateTime) -> QueryResult<usize> {
    let conn = tx.conn();
    diesel::delete(login_attempts::table.filter(login_attempts::at.lt(now - WINDOW))).execute(conn)
}

/// Makes concurrent logins for the same account or from the same address
/// wait for each other, so that the check of [`locked_until`] and the
/// [`record`] of the outcome are one step (call it first inside
/// `db::write_transaction`). SQLite's `BEGIN IMMEDIATE` already serializes
/// writers; PostgreSQL takes transaction-scoped advisory locks, always the
/// account's before the address's (one order: no deadlock).
pub fn serialize(tx: &mut WriteTx<'_>, account_key: &str, ip: &str) -> QueryResult<()> {
    let conn = tx.conn();
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
