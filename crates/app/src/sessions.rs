//! Signed-in sessions kept on the server. The browser holds a random key;
//! the database holds its SHA-256, the person and the session's state. A
//! session ends when its person signs out, changes the password, is signed
//! out everywhere by an administrator, or when it outlives its idle or
//! absolute lifetime: each of these deletes the row, and a key without a
//! row signs nobody in.

use chrono::{NaiveDateTime, TimeDelta};
use sha2::{Digest, Sha256};

use super::PlayError;
use crate::db::{self, DbConnection, audit, sessions, write_transaction};
use crate::i18n::Message;
use crate::ids::PersonId;

/// How long a session lasts without use and at most.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Lifetime {
    pub idle: TimeDelta,
    pub absolute: TimeDelta,
}

impl Lifetime {
    fn expired(&self, row: &sessions::SessionRow, now: NaiveDateTime) -> bool {
        now - row.last_seen_at > self.idle || now - row.created_at > self.absolute
    }
}

/// A session's last use is written at most this often, so that reading
/// pages does not write on every request.
const TOUCH_EVERY: TimeDelta = TimeDelta::minutes(5);

/// The stored form of a secret the browser holds: hex SHA-256.
pub fn digest(secret: &str) -> String {
    Sha256::digest(secret.as_bytes())
        .iter()
        .map(|b| format!("{b:02x}"))
        .collect()
}

/// A new random secret for a browser to hold: 64 letters and digits.
pub fn new_secret() -> String {
    use rand::distr::{Alphanumeric, SampleString};
    Alphanumeric.sample_string(&mut rand::rng(), 64)
}

/// The state of the live session with this key, or `None` when there is
/// none (never was, ended, expired: an expired row is deleted here).
pub fn load(
    conn: &mut DbConnection,
    key: &str,
    lifetime: Lifetime,
) -> Result<Option<String>, PlayError<()>> {
    let hash = digest(key);
    let now = db::utc_now();
    let Some(row) = sessions::find(conn, &hash)? else {
        return Ok(None);
    };
    if lifetime.expired(&row, now) {
        write_transaction(conn, |tx| sessions::delete(tx, &hash))?;
        return Ok(None);
    }
    // Written only now and then: a request that only reads takes no
    // write lock.
    if now - row.last_seen_at > TOUCH_EVERY {
        write_transaction(conn, |tx| sessions::touch(tx, &hash, now))?;
    }
    Ok(Some(row.state))
}

/// Stores a new session of `person` under `key`. Expired sessions of
/// anybody are swept out on the way, so the table holds only live ones.
pub fn start(
    conn: &mut DbConnection,
    key: &str,
    person: PersonId,
    state: &str,
    lifetime: Lifetime,
) -> Result<(), PlayError<()>> {
    let now = db::utc_now();
    write_transaction(conn, |conn| {
        sessions::delete_expired(conn, now - lifetime.idle, now - lifetime.absolute)?;
        sessions::insert(conn, &digest(key), person, state, now)?;
        Ok(())
    })
}

/// New state for the session under `key`; `false` when that session has
/// ended meanwhile (nothing is written: an ended session stays ended).
pub fn save(
    conn: &mut DbConnection,
    key: &str,
    person: PersonId,
    state: &str,
) -> Result<bool, PlayError<()>> {
    let (hash, now) = (digest(key), db::utc_now());
    Ok(write_transaction(conn, |tx| {
        sessions::update(tx, &hash, person, state, now)
    })?)
}

/// Ends the session under `key`.
pub fn end(conn: &mut DbConnection, key: &str) -> Result<(), PlayError<()>> {
    let hash = digest(key);
    Ok(write_transaction(conn, |tx| sessions::delete(tx, &hash))?)
}

/// Ends every session of `person` (an administrator's "sign out
/// everywhere", or the person's own on the account page); returns how
/// many ended.
pub fn end_all(
    conn: &mut DbConnection,
    person: PersonId,
    by: PersonId,
    ip: &str,
) -> Result<usize, PlayError<()>> {
    write_transaction(conn, |conn| {
        let ended = sessions::delete_for(conn, person, None)?;
        audit::Entry::new("account.signed_out_everywhere", format!("person:{person}"))
            .actor(by)
            .ip(ip)
            .said(Message::new(crate::msg!("audit-sessions-ended")).arg("count", ended))
            .record(conn)?;
        Ok(ended)
    })
}

/// How many sessions each person has (shown to administrators); a row
/// past its lifetime that nobody has used since still counts until the
/// next sign-in sweeps it out.
pub fn counts(
    conn: &mut DbConnection,
) -> Result<std::collections::HashMap<PersonId, i64>, PlayError<()>> {
    Ok(sessions::counts(conn)?.into_iter().collect())
}
