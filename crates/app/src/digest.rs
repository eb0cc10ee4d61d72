//! The officials' daily digest: once a day, from `[mail] digest_hour_utc`,
//! (the mail worker runs [`queue_due`] every few minutes, handed to it by
//! the binary: mail calls no use case)
//! every organizer, chief judge and judge with an address gets one mail
//! listing what waits for them — the items of their to-do page, each with
//! the page where it is done — when anything does. Nothing waiting, no
//! mail. A row of `digests_sent` per person and day, written with the
//! mail, makes it once a day across restarts and instances.

use chrono::{NaiveDateTime, Timelike};

use crate::access::{AnyStaff, RoleSet};
use crate::db::{DatabaseErrorKind, DbConnection, QueryError, outbox, roles, write_transaction};
use crate::i18n::Message;
use crate::ids::PersonId;
use crate::mail::{Kind, Notice, enqueue};
use crate::msg;
use crate::todo::{self, Item};

/// The digest of `person`: what waits, one line per item with its
/// championship and page.
fn notice(person: PersonId, items: &[Item]) -> Notice {
    let lines = items
        .iter()
        .map(|item| {
            let (at, said, path) = item.said();
            Message::new(msg!("mail-digest-line"))
                .arg("championship", &at.name)
                .list("text", [said], "")
                .arg("link", path)
        })
        .collect();
    Notice::new(
        Kind::Digest,
        person,
        Message::new(msg!("mail-digest-subject")).arg("count", items.len()),
        Message::new(msg!("mail-digest-body")).arg("count", items.len()),
    )
    .details(lines)
    .link("/todo".to_owned())
}

/// Queues today's digest of every official who has something waiting and
/// has not had it yet; the number queued. Before the hour, nothing.
pub fn queue_due(
    conn: &mut DbConnection,
    now: NaiveDateTime,
    hour_utc: u32,
) -> Result<usize, QueryError> {
    if now.hour() < hour_utc {
        return Ok(0);
    }
    let day = now.date();
    let done = outbox::digested_on(conn, day)?;
    let mut queued = 0;
    for person in roles::holders_anywhere(conn, AnyStaff::ROLES)? {
        if done.contains(&person) {
            continue;
        }
        let items = todo::of(conn, person, now)?;
        if items.is_empty() {
            continue;
        }
        let notice = notice(person, &items);
        let sent = write_transaction(conn, |tx| {
            if !outbox::mark_digest(tx, person, day)? {
                return Ok(false);
            }
            Ok(enqueue(tx, &notice, now)?.is_some())
        });
        match sent {
            Ok(true) => queued += 1,
            Ok(false) => {}
            // Another instance queued it between the read and the write.
            Err(QueryError::DatabaseError(DatabaseErrorKind::UniqueViolation, _)) => {}
            Err(e) => return Err(e),
        }
    }
    Ok(queued)
}
