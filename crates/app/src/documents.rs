//! Eligibility documents as transactions: storing an upload the page has
//! checked (R-1.10, R-2.2, E-12), the organizers' review with its notice to
//! the uploader, and the retention purge. Each is in the audit log of every
//! championship the owner takes part in.

use chrono::{NaiveDate, NaiveDateTime};

use super::PlayError;
use crate::db::documents::{self as docs, Owner, Purged, ReviewStatus, Stored, Upload};
use crate::db::{DbConnection, WriteTx, audit, teams, write_transaction};
use crate::i18n::{Message, MsgKey};
use crate::ids::{ChampionshipId, DocumentId, PersonId};
use crate::msg;
use crate::rules::documents::{kind_code, kind_of_code};
use crate::rules::regulation::DocumentKind;

/// The championships an owner takes part in now.
pub fn championships_of(
    conn: &mut DbConnection,
    owner: Owner,
) -> crate::db::QueryResult<Vec<ChampionshipId>> {
    Ok(match owner {
        Owner::Person(p) => teams::teams_of_person(conn, p)?
            .into_iter()
            .filter(|(team, _)| team.is_active())
            .map(|(team, _)| team.championship_id)
            .collect(),
        Owner::Team(id) => teams::by_id(conn, id)?
            .map(|team| team.championship_id)
            .into_iter()
            .collect(),
    })
}

/// The kinds of document the owner may upload: those the regulations of
/// its championships ask of such a holder, or every kind of the holder
/// while it takes part in none (a newcomer preparing their papers).
pub fn kinds_wanted(
    conn: &mut DbConnection,
    owner: Owner,
    now: NaiveDateTime,
) -> crate::db::QueryResult<Vec<DocumentKind>> {
    let holder = match owner {
        Owner::Person(_) => crate::rules::regulation::DocumentHolder::Participant,
        Owner::Team(_) => crate::rules::regulation::DocumentHolder::Team,
    };
    let all = crate::rules::documents::kinds_for(holder);
    let championships = championships_of(conn, owner)?;
    if championships.is_empty() {
        return Ok(all);
    }
    let mut wanted = Vec::new();
    for id in championships {
        let Some(c) = crate::db::championships::by_id(conn, id)? else {
            continue;
        };
        let reg = super::regulation::in_force(conn, &c, now)?.regulation;
        for kind in reg
            .documents
            .iter()
            .filter(|d| d.holder == holder)
            .flat_map(|d| d.any_of.iter().copied())
        {
            if !wanted.contains(&kind) {
                wanted.push(kind);
            }
        }
    }
    Ok(all.into_iter().filter(|k| wanted.contains(k)).collect())
}

/// Writes an audit entry into the log of every championship the owner
/// takes part in (once, for the platform log, when there is none).
pub fn record_for_owner(
    conn: &mut crate::db::WriteTx<'_>,
    owner: Owner,
    entry: impl Fn() -> audit::Entry,
) -> crate::db::QueryResult<()> {
    let championships = championships_of(conn, owner)?;
    if championships.is_empty() {
        return entry().record(conn);
    }
    for c in championships {
        entry().championship(c).record(conn)?;
    }
    Ok(())
}

/// A download of a document, in the audit log of each championship the
/// document's owner is in (or the platform's, when none).
pub fn record_download(
    conn: &mut DbConnection,
    owner: Owner,
    entry: impl Fn() -> audit::Entry,
) -> crate::db::QueryResult<()> {
    write_transaction(conn, |tx| record_for_owner(tx, owner, entry))
}

/// Why an upload was not stored.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum UploadProblem {
    /// the team's signed application was due by this day.
    PastDeadline(NaiveDate),
}

/// Stores an upload whose kind, size and content the page has checked, as
/// the owner's current document of its kind. The same bytes again store
/// and record nothing. A team's signed application is taken until the
/// deadline of its championship's regulation.
pub fn store(
    conn: &mut DbConnection,
    upload: &Upload,
    ip: &str,
    now: NaiveDateTime,
) -> Result<Stored, PlayError<UploadProblem>> {
    write_transaction(conn, |conn| {
        if let (Owner::Team(team), DocumentKind::SignedTeamApplication) =
            (upload.owner, upload.kind)
        {
            let team = teams::by_id(conn, team)?.ok_or(PlayError::NotFound)?;
            let championship = crate::db::championships::by_id(conn, team.championship_id)?
                .ok_or(PlayError::NotFound)?;
            let reg = super::regulation::in_force(conn, &championship, now)?.regulation;
            if let Some(day) = super::regulation::past_deadline(&championship, &reg, now) {
                return Err(PlayError::Refused(vec![UploadProblem::PastDeadline(day)]));
            }
        }
        let stored = docs::store(conn, upload, now)?;
        if let Stored::New { id, replaces } = stored {
            let said = match replaces {
                Some(r) => Message::new(msg!("audit-documents-upload-replaces")).arg("replaces", r),
                None => Message::new(msg!("audit-documents-upload")),
            }
            .word("kind", kind_word(kind_code(upload.kind)))
            .arg("bytes", upload.content.len())
            .arg("type", upload.media_type);
            let entry = || {
                audit::Entry::new("document.upload", format!("document:{id}"))
                    .actor(upload.uploaded_by)
                    .said(said.clone())
                    .ip(ip)
            };
            record_for_owner(conn, upload.owner, entry)?;
        }
        Ok(stored)
    })
}

/// A document kind as the pages and the audit log word it.
pub fn kind_key(kind: DocumentKind) -> MsgKey {
    match kind {
        DocumentKind::SignedTeamApplication => msg!("document-kind-team-application"),
        DocumentKind::OriginalApplication => msg!("document-kind-original-application"),
        DocumentKind::MedicalCertificate => msg!("document-kind-medical-certificate"),
        DocumentKind::Waiver => msg!("document-kind-waiver"),
        DocumentKind::PassportCopy => msg!("document-kind-passport-copy"),
        DocumentKind::EmploymentProof => msg!("document-kind-employment-proof"),
        DocumentKind::SameDayDoctorsNote => msg!("document-kind-doctors-note"),
    }
}

/// The message that words a document kind as stored (`kind_code`); an
/// unknown code is shown as it is.
pub fn kind_word(code: &str) -> String {
    kind_of_code(code).map_or_else(|| code.to_owned(), |kind| kind_key(kind).into())
}

/// A review's audit line: the document, its status before and after, and
/// the validity date and the note when there are.
fn reviewed_said(
    d: &docs::Document,
    status: ReviewStatus,
    valid_until: Option<NaiveDate>,
    note: Option<&str>,
) -> Message {
    let said = Message::new(msg!("audit-documents-review"))
        .word("kind", kind_word(&d.kind))
        .word(
            "before",
            format!(
                "document-status-{}",
                ReviewStatus::parse(&d.status).as_str()
            ),
        )
        .word("after", format!("document-status-{}", status.as_str()));
    let said = match valid_until {
        Some(day) => said.arg("dated", "yes").arg("until", day),
        None => said.arg("dated", "no"),
    };
    match note {
        Some(n) => said.arg("noted", "yes").arg("note", n),
        None => said.arg("noted", "no"),
    }
}

/// Why a review changed nothing.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum ReviewProblem {
    /// The document has this status already: a decision is taken once
    /// (another decision corrects it).
    Already(ReviewStatus),
}

/// An organizer's decision on documents: approve (with an optional
/// validity date) or reject (with the reason in `note`, which the forms
/// require).
#[derive(Debug, Clone, Copy)]
pub struct Decision<'a> {
    pub status: ReviewStatus,
    pub valid_until: Option<NaiveDate>,
    pub note: Option<&'a str>,
}

/// Who a review tells: the uploader, the file, and the page a new
/// document is uploaded on.
struct Told {
    to: PersonId,
    file: String,
    page: String,
}

/// Records `decision` on document `id` of the championship in the caller's
/// transaction, with its audit line; who is to be told, when the document
/// has an uploader to tell.
fn record_review(
    conn: &mut WriteTx<'_>,
    championship: ChampionshipId,
    d: docs::Document,
    decision: Decision<'_>,
    (by, ip): (PersonId, &str),
    now: NaiveDateTime,
) -> Result<Option<Told>, PlayError<ReviewProblem>> {
    let Decision {
        status,
        valid_until,
        note,
    } = decision;
    let id = d.id;
    if docs::review(conn, id, status, by, note, valid_until, now)? == 0 {
        return Err(PlayError::Refused(vec![ReviewProblem::Already(status)]));
    }
    audit::Entry::new("document.review", format!("document:{id}"))
        .actor(by)
        .said(reviewed_said(&d, status, valid_until, note))
        .ip(ip)
        .championship(championship)
        .record(conn)?;
    let Some(to) = d.uploaded_by.or(d.person_id) else {
        return Ok(None);
    };
    let page = match d.owner() {
        Owner::Person(p) => crate::paths::person(
            &crate::db::people::by_id(conn, p)?
                .map(|p| p.nick)
                .unwrap_or_default(),
        ),
        Owner::Team(t) => crate::paths::team(t),
    };
    Ok(Some(Told {
        to,
        file: d.file_name,
        page,
    }))
}

/// Tells each person once what the review decided on their documents.
fn tell(
    conn: &mut WriteTx<'_>,
    championship: ChampionshipId,
    decision: Decision<'_>,
    told: Vec<Told>,
    now: NaiveDateTime,
) -> Result<(), crate::db::QueryError> {
    let mut people: Vec<(PersonId, Vec<String>, String)> = Vec::new();
    for t in told {
        match people.iter_mut().find(|(p, _, _)| *p == t.to) {
            Some((_, files, _)) => files.push(t.file),
            None => people.push((t.to, vec![t.file], t.page)),
        }
    }
    for (to, files, page) in people {
        crate::mail::notices::document_reviewed(
            conn,
            championship,
            to,
            &files,
            decision.status == ReviewStatus::Approved,
            decision.note,
            &page,
            now,
        )?;
    }
    Ok(())
}

/// An organizer approves or rejects a document of the championship; its
/// uploader is told by mail.
pub fn review(
    conn: &mut DbConnection,
    championship: ChampionshipId,
    document: DocumentId,
    decision: Decision<'_>,
    (by, ip): (PersonId, &str),
    now: NaiveDateTime,
) -> Result<(), PlayError<ReviewProblem>> {
    write_transaction(conn, |conn| {
        let d = docs::by_id(conn, document)?.ok_or(PlayError::NotFound)?;
        let told = record_review(conn, championship, d, decision, (by, ip), now)?;
        tell(
            conn,
            championship,
            decision,
            told.into_iter().collect(),
            now,
        )?;
        Ok(())
    })
}

/// What a review did to one document: changed it, or why not.
pub type Reviewed = Result<(), ReviewProblem>;

/// One decision for every document picked in the queue, each on its own
/// (a validity date only for an approval of a kind that expires): a
/// document decided already is left as it is. Each person is told once,
/// of all their documents decided. The outcome of each document, in the
/// order picked.
pub fn review_many(
    conn: &mut DbConnection,
    championship: ChampionshipId,
    picked: &[DocumentId],
    decision: Decision<'_>,
    (by, ip): (PersonId, &str),
    now: NaiveDateTime,
) -> Result<Vec<(DocumentId, Reviewed)>, PlayError<ReviewProblem>> {
    write_transaction(conn, |conn| {
        let (mut outcomes, mut told) = (Vec::new(), Vec::new());
        for &id in picked {
            let d = docs::by_id(conn, id)?.ok_or(PlayError::NotFound)?;
            let expires = d
                .kind()
                .is_some_and(|k| crate::rules::documents::kind_rules(k).expires);
            let mut one = decision;
            if !(expires && decision.status == ReviewStatus::Approved) {
                one.valid_until = None;
            }
            match record_review(conn, championship, d, one, (by, ip), now) {
                Ok(t) => {
                    told.extend(t);
                    outcomes.push((id, Ok(())));
                }
                Err(PlayError::Refused(mut ps)) if !ps.is_empty() => {
                    outcomes.push((id, Err(ps.remove(0))));
                }
                Err(other) => return Err(other),
            }
        }
        tell(conn, championship, decision, told, now)?;
        Ok(outcomes)
    })
}

/// Removes the championship's documents uploaded more than
/// `retention_days` before `now`: how many, and how many bytes.
pub fn purge(
    conn: &mut DbConnection,
    championship: ChampionshipId,
    retention_days: i64,
    by: PersonId,
    ip: &str,
    now: NaiveDateTime,
) -> Result<Purged, PlayError<()>> {
    write_transaction(conn, |conn| {
        let before = now - chrono::TimeDelta::days(retention_days);
        let purged = docs::purge_championship(conn, championship, before)?;
        audit::Entry::new("document.purge", format!("championship:{championship}"))
            .actor(by)
            .said(
                Message::new(msg!("audit-documents-purge"))
                    .arg("before", before.format("%Y-%m-%d %H:%M"))
                    .arg("documents", purged.documents)
                    .arg("bytes", purged.bytes),
            )
            .ip(ip)
            .championship(championship)
            .record(conn)?;
        Ok(purged)
    })
}

/// The operator's purge (`league documents purge`): removes every
/// document of the platform uploaded before the day `before` (UTC), audited
/// with the command that asked for it; returns how many documents and
/// bytes went.
pub fn purge_all_before(
    conn: &mut DbConnection,
    before: chrono::NaiveDate,
) -> Result<Purged, PlayError<()>> {
    let cutoff = before.and_time(chrono::NaiveTime::MIN);
    write_transaction(conn, |conn| {
        let purged = docs::purge_before(conn, cutoff)?;
        audit::Entry::new("document.purge", "documents")
            .said(
                Message::new(msg!("audit-documents-purge-all"))
                    .arg("before", before)
                    .arg("documents", purged.documents)
                    .arg("bytes", purged.bytes),
            )
            .record(conn)?;
        Ok(purged)
    })
}
