//! The e-mail outbox's changes: an official puts a failed message back in
//! the queue, and a person chooses which optional notices to get. Each is
//! one transaction with its audit entry.

use chrono::NaiveDateTime;

use super::PlayError;
use crate::db::{DbConnection, audit, outbox, write_transaction};
use crate::i18n::Message;
use crate::ids::{ChampionshipId, OutboxId, PersonId};
use crate::mail::Kind;

/// Which championships' messages an official sees (None: all, for a
/// platform administrator; an organizer sees the championships they
/// organize).
pub fn scope(
    conn: &mut DbConnection,
    person: PersonId,
    admin: bool,
) -> Result<Option<Vec<ChampionshipId>>, crate::db::QueryError> {
    Ok(if admin {
        None
    } else {
        Some(outbox::organized_by(conn, person)?)
    })
}

/// Why a message was not put back in the queue.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ResendProblem {
    /// It has not failed (it is waiting, being sent, or sent).
    NotFailed,
}

/// An official (`admin`: a platform administrator) puts failed message
/// `id` back in the queue. A message the official does not see is not
/// found.
pub fn resend(
    conn: &mut DbConnection,
    id: OutboxId,
    by: PersonId,
    admin: bool,
    ip: &str,
    now: NaiveDateTime,
) -> Result<(), PlayError<ResendProblem>> {
    write_transaction(conn, |conn| {
        let row = outbox::by_id(conn, id)?.ok_or(PlayError::NotFound)?;
        if let Some(mine) = scope(conn, by, admin)?
            && !row.championship_id.is_some_and(|c| mine.contains(&c))
        {
            return Err(PlayError::NotFound);
        }
        if !outbox::resend(conn, id, now)? {
            return Err(PlayError::Refused(vec![ResendProblem::NotFailed]));
        }
        let mut entry = audit::Entry::new("mail.resend", format!("outbox:{id}"))
            .actor(by)
            .said(
                Message::new(crate::msg!("audit-outbox-resent"))
                    // The kind's name; a kind no longer known, as stored.
                    .list("kind", [kind_said(&row.kind)], "")
                    .arg("address", &row.address),
            )
            .ip(ip);
        if let Some(c) = row.championship_id {
            entry = entry.championship(c);
        }
        entry.record(conn)?;
        Ok(())
    })
}

/// After an outage: an official puts every failed message they see back in
/// the queue at once (each once); returns how many.
pub fn resend_all_failed(
    conn: &mut DbConnection,
    by: PersonId,
    admin: bool,
    ip: &str,
    now: NaiveDateTime,
) -> Result<usize, PlayError<()>> {
    write_transaction(conn, |conn| {
        let mine = scope(conn, by, admin)?;
        let n = outbox::resend_failed(conn, mine.as_deref(), now)?;
        if n > 0 {
            audit::Entry::new("mail.resend_all", "outbox".to_owned())
                .actor(by)
                .said(Message::new(crate::msg!("audit-outbox-resent-all")).arg("count", n))
                .ip(ip)
                .record(conn)?;
        }
        Ok(n)
    })
}

/// Which list of a person's notice choices a form replaces.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Choice {
    OptIn,
    OptOut,
}

/// The optional kinds offered to `person` on the account page: the
/// officials' digest only to those who organize or judge somewhere.
pub fn offered_kinds(
    conn: &mut DbConnection,
    person: PersonId,
) -> Result<Vec<Kind>, crate::db::QueryError> {
    use crate::access::{AnyStaff, RoleSet};
    let official = crate::db::roles::has_role_anywhere(conn, person, AnyStaff::ROLES)?;
    Ok(Kind::optional_kinds()
        .filter(|k| *k != Kind::Digest || official)
        .collect())
}

/// A person wants the optional notice kinds named in `wanted` and opts out
/// of the others offered to them; a kind not offered (the digest, to
/// someone who holds no role) keeps its choice. Unknown names are ignored.
pub fn set_notices(
    conn: &mut DbConnection,
    person: PersonId,
    wanted: &[String],
) -> Result<(), PlayError<()>> {
    let offered = offered_kinds(conn, person)?;
    let mut off: Vec<&'static str> = offered
        .iter()
        .copied()
        .filter(|k| !wanted.iter().any(|w| w == k.as_str()))
        .map(Kind::as_str)
        .collect();
    for kept in outbox::optouts(conn, person)? {
        if let Some(k) = Kind::parse(&kept).filter(|k| !offered.contains(k)) {
            off.push(k.as_str());
        }
    }
    save_choice(conn, person, Choice::OptOut, &off)
}

/// A person wants the opt-in kinds named in `wanted` and not the others.
/// Unknown names are ignored.
pub fn set_opt_ins(
    conn: &mut DbConnection,
    person: PersonId,
    wanted: &[String],
) -> Result<(), PlayError<()>> {
    let on: Vec<&'static str> = Kind::opt_in_kinds()
        .filter(|k| wanted.iter().any(|w| w == k.as_str()))
        .map(Kind::as_str)
        .collect();
    save_choice(conn, person, Choice::OptIn, &on)
}

/// Replaces a person's opt-ins or opt-outs with `kinds`, audited, in one
/// transaction.
fn save_choice(
    conn: &mut DbConnection,
    person: PersonId,
    choice: Choice,
    kinds: &[&str],
) -> Result<(), PlayError<()>> {
    write_transaction(conn, |conn| {
        let what = match (choice, kinds.is_empty()) {
            (Choice::OptIn, false) => crate::msg!("audit-outbox-opted-in"),
            (Choice::OptIn, true) => crate::msg!("audit-outbox-opted-in-none"),
            (Choice::OptOut, false) => crate::msg!("audit-outbox-opted-out"),
            (Choice::OptOut, true) => crate::msg!("audit-outbox-opted-out-none"),
        };
        match choice {
            Choice::OptIn => outbox::set_optins(conn, person, kinds)?,
            Choice::OptOut => outbox::set_optouts(conn, person, kinds)?,
        }
        audit::Entry::new("account.notices", format!("person:{person}"))
            .actor(person)
            .said(Message::new(what).list("kinds", kinds.iter().map(|k| kind_said(k)), ", "))
            .record(conn)?;
        Ok(())
    })
}

/// A notice kind as stored, in words; a kind no longer known, as stored.
fn kind_said(code: &str) -> Message {
    Kind::parse(code).map_or_else(|| Message::of_key(code), |k| Message::new(k.label()))
}
