//! A person takes over their record. A captain, representative or
//! organizer who entered a player (or an organizer for them) sends a link to
//! an address; whoever opens it there chooses a password, and the record
//! becomes an account with that address. The link holds a secret kept only
//! as its hash (as API tokens are), works once and expires after
//! [`VALID_DAYS`] days.

use chrono::{NaiveDateTime, TimeDelta};

use super::PlayError;
use super::accounts::Email;
use super::api_tokens::{hash, new_secret, secret_matches};
use crate::db::{self, DbConnection, audit, claims, people, write_transaction};
use crate::i18n::Message;
use crate::ids::{ClaimLinkId, PersonId};
use crate::mail::{self, Kind, Notice};
use crate::msg;

/// How long a claim link works.
pub const VALID_DAYS: i64 = 14;

/// Why a claim link or a claim was refused.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum ClaimProblem {
    /// The record is an account already (claimed or signed up).
    AlreadyAccount,
    /// The link was used (by this or another browser).
    Used,
    /// The link is older than [`VALID_DAYS`] days.
    Expired,
    /// Another account has the link's address.
    EmailTaken,
    /// The one who opens the link is signed in as someone else.
    SignedInAsOther,
}

/// The text of a link: `<id>_<secret>`, the last segment of its address.
pub fn token_text(id: ClaimLinkId, secret: &str) -> String {
    format!("{id}_{secret}")
}

/// The id and the secret of a link's text, if it has the shape.
pub fn parse(token: &str) -> Option<(ClaimLinkId, &str)> {
    let (id, secret) = token.split_once('_')?;
    let id = id.parse::<ClaimLinkId>().ok().filter(|id| id.0 > 0)?;
    (!secret.is_empty()).then_some((id, secret))
}

/// Whether `by` may send a claim link for `person`: whoever entered the
/// record, the captain of one of the person's teams, an organizer for
/// them, an administrator.
pub fn may_send(
    conn: &mut DbConnection,
    by: (PersonId, bool),
    person: &people::Person,
) -> db::QueryResult<bool> {
    if person.added_by == Some(by.0) {
        return Ok(true);
    }
    super::people::may_record_employment(conn, by, person.id)
}

/// Makes a link for `person` to `email` and queues the mail that carries
/// it, in the caller's transaction; returns the link's text.
pub fn make(
    tx: &mut db::WriteTx<'_>,
    person: &people::Person,
    email: &Email,
    by: PersonId,
    at: NaiveDateTime,
) -> db::QueryResult<String> {
    let secret = new_secret();
    let id = claims::insert(
        tx,
        &claims::NewClaimLink {
            person_id: person.id,
            secret_hash: &hash(&secret),
            email: email.as_str(),
            sent_by: Some(by),
            created_at: at,
            expires_at: at + TimeDelta::days(VALID_DAYS),
        },
    )?;
    let token = token_text(id, &secret);
    let sender = people::by_id(tx, by)?
        .map(|p| p.full_name)
        .unwrap_or_default();
    let notice = Notice::new(
        Kind::Claim,
        person.id,
        Message::new(msg!("mail-claim-subject")),
        Message::new(msg!("mail-claim-body"))
            .arg("name", &person.full_name)
            .arg("sender", sender)
            .arg("days", VALID_DAYS),
    )
    .link(crate::paths::claim(&token))
    .to_address(email.as_str().to_owned());
    mail::enqueue(tx, &notice, at)?;
    Ok(token)
}

/// `by` sends a claim link for `person` to `email`.
pub fn send(
    conn: &mut DbConnection,
    person: PersonId,
    email: &Email,
    by: (PersonId, bool),
    ip: &str,
    at: NaiveDateTime,
) -> Result<(), PlayError<ClaimProblem>> {
    write_transaction(conn, |tx| {
        let record = people::by_id(tx, person)?.ok_or(PlayError::NotFound)?;
        if !may_send(tx, by, &record)? {
            return Err(PlayError::Forbidden);
        }
        if record.has_account() {
            return Err(PlayError::Refused(vec![ClaimProblem::AlreadyAccount]));
        }
        if people::email_taken(tx, email.as_str())? {
            return Err(PlayError::Refused(vec![ClaimProblem::EmailTaken]));
        }
        make(tx, &record, email, by.0, at)?;
        audit::Entry::new("person.claim_sent", format!("person:{person}"))
            .actor(by.0)
            .said(Message::new(msg!("audit-people-claim-sent")).arg("nick", &record.nick))
            .ip(ip)
            .record(tx)?;
        Ok(())
    })
}

/// A link that opens: its record and the address it was sent to.
pub struct Open {
    pub link: claims::ClaimLink,
    pub person: people::Person,
}

/// The link a token names, if its secret matches; refused when it was
/// used, has expired or its record is an account already. Unknown tokens
/// and wrong secrets are alike: not found.
pub fn open(
    conn: &mut DbConnection,
    token: &str,
    at: NaiveDateTime,
) -> Result<Open, PlayError<ClaimProblem>> {
    let (id, secret) = parse(token).ok_or(PlayError::NotFound)?;
    let link = claims::by_id(conn, id)?.ok_or(PlayError::NotFound)?;
    if !secret_matches(&link.secret_hash, secret) {
        return Err(PlayError::NotFound);
    }
    let person = people::by_id(conn, link.person_id)?.ok_or(PlayError::NotFound)?;
    if link.used_at.is_some() {
        return Err(PlayError::Refused(vec![ClaimProblem::Used]));
    }
    if person.has_account() {
        return Err(PlayError::Refused(vec![ClaimProblem::AlreadyAccount]));
    }
    if at >= link.expires_at {
        return Err(PlayError::Refused(vec![ClaimProblem::Expired]));
    }
    Ok(Open { link, person })
}

/// What a claim made: the account, to sign the browser in.
pub struct Claimed {
    pub person: PersonId,
    pub auth_version: i64,
    pub locale: String,
}

/// The person behind `token` takes over the record with a password
/// (`password_hash`, hashed beforehand). `signed_in` is the account the
/// browser is signed in as, if any: a link is not for someone else.
pub fn claim(
    conn: &mut DbConnection,
    token: &str,
    password_hash: &str,
    signed_in: Option<PersonId>,
    ip: &str,
    at: NaiveDateTime,
) -> Result<Claimed, PlayError<ClaimProblem>> {
    write_transaction(conn, |tx| {
        let Open { link, person } = open(tx, token, at)?;
        if signed_in.is_some_and(|me| me != person.id) {
            return Err(PlayError::Refused(vec![ClaimProblem::SignedInAsOther]));
        }
        if claims::mark_used(tx, link.id, at)? == 0 {
            return Err(PlayError::Refused(vec![ClaimProblem::Used]));
        }
        match people::set_account(tx, person.id, &link.email, password_hash) {
            Ok(1) => {}
            Ok(_) => return Err(PlayError::Refused(vec![ClaimProblem::AlreadyAccount])),
            Err(people::InsertPersonError::EmailTaken) => {
                return Err(PlayError::Refused(vec![ClaimProblem::EmailTaken]));
            }
            Err(people::InsertPersonError::NickTaken) => {
                return Err(PlayError::Refused(vec![ClaimProblem::AlreadyAccount]));
            }
            Err(people::InsertPersonError::Db(e)) => return Err(e.into()),
        }
        audit::Entry::new("person.claimed", format!("person:{}", person.id))
            .actor(person.id)
            .said(Message::new(msg!("audit-people-claimed")).arg("nick", &person.nick))
            .ip(ip)
            .record(tx)?;
        let now = people::by_id(tx, person.id)?.ok_or(PlayError::NotFound)?;
        Ok(Claimed {
            person: now.id,
            auth_version: now.auth_version,
            locale: now.locale,
        })
    })
}
