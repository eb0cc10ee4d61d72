//! Eligibility documents: the file's bytes in the row, its review,
//! and the chain of replacements that keeps a replaced document's history.

use std::collections::HashMap;

use chrono::{NaiveDate, NaiveDateTime};
use diesel::prelude::*;
use sha2::{Digest, Sha256};

use super::schema::{documents, memberships, teams};
use super::{DbConnection, WriteTx};
use league_ids::{ChampionshipId, DocumentId, PersonId, TeamId};
use league_rules::documents::{kind_code, kind_of_code};
use league_rules::regulation::DocumentKind;

/// Where a document stands with the organizers.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ReviewStatus {
    Pending,
    Approved,
    Rejected,
}

impl ReviewStatus {
    pub fn as_str(self) -> &'static str {
        match self {
            ReviewStatus::Pending => "pending",
            ReviewStatus::Approved => "approved",
            ReviewStatus::Rejected => "rejected",
        }
    }
    pub fn parse(s: &str) -> ReviewStatus {
        match s {
            "approved" => ReviewStatus::Approved,
            "rejected" => ReviewStatus::Rejected,
            _ => ReviewStatus::Pending,
        }
    }
}

/// Whose document it is.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Owner {
    Person(PersonId),
    Team(TeamId),
}

/// A document without its bytes (pages never need them).
#[derive(Debug, Clone, Queryable, Selectable)]
#[diesel(table_name = documents)]
pub struct Document {
    pub id: DocumentId,
    pub kind: String,
    pub person_id: Option<PersonId>,
    pub team_id: Option<TeamId>,
    pub uploaded_by: Option<PersonId>,
    pub uploaded_at: NaiveDateTime,
    pub file_name: String,
    pub media_type: String,
    pub size_bytes: i64,
    pub sha256: String,
    pub status: String,
    pub reviewed_by: Option<PersonId>,
    pub reviewed_at: Option<NaiveDateTime>,
    pub review_note: Option<String>,
    pub valid_until: Option<NaiveDate>,
    pub replaces_id: Option<DocumentId>,
    pub replaced_by_id: Option<DocumentId>,
}

impl Document {
    pub fn owner(&self) -> Owner {
        match (self.person_id, self.team_id) {
            (Some(p), _) => Owner::Person(p),
            (None, Some(t)) => Owner::Team(t),
            // The table's CHECK makes this unreachable; a person 0 owns nothing.
            (None, None) => Owner::Person(PersonId(0)),
        }
    }
    pub fn kind(&self) -> Option<DocumentKind> {
        kind_of_code(&self.kind)
    }
    pub fn status(&self) -> ReviewStatus {
        ReviewStatus::parse(&self.status)
    }
    /// The newest upload of its kind for its owner.
    pub fn is_current(&self) -> bool {
        self.replaced_by_id.is_none()
    }
}

#[derive(Insertable)]
#[diesel(table_name = documents)]
struct NewDocument<'a> {
    kind: &'a str,
    person_id: Option<PersonId>,
    team_id: Option<TeamId>,
    uploaded_by: Option<PersonId>,
    uploaded_at: NaiveDateTime,
    file_name: &'a str,
    media_type: &'a str,
    size_bytes: i64,
    sha256: &'a str,
    content: &'a [u8],
    status: &'a str,
    replaces_id: Option<DocumentId>,
}

/// An upload that passed the checks at the edge (type by content, size).
pub struct Upload<'a> {
    pub kind: DocumentKind,
    pub owner: Owner,
    pub uploaded_by: PersonId,
    pub file_name: &'a str,
    pub media_type: &'a str,
    pub content: &'a [u8],
}

/// What [`store`] did.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Stored {
    /// A new row; `replaces` is the owner's previous document of the kind.
    New {
        id: DocumentId,
        replaces: Option<DocumentId>,
    },
    /// The owner's current document of the kind has the same bytes: nothing
    /// was stored.
    Same { id: DocumentId },
}

pub fn sha256_hex(bytes: &[u8]) -> String {
    format!("{:x}", Sha256::digest(bytes))
}

/// Serializes uploads for one owner for the rest of the transaction (two
/// uploads at once must not both replace the same document). PostgreSQL
/// locks the owner's row; SQLite's write transactions hold the database's
/// write lock already (`write_transaction`).
fn lock_owner(conn: &mut DbConnection, owner: Owner) -> QueryResult<()> {
    let DbConnection::Postgresql(pg) = conn else {
        return Ok(());
    };
    let (sql, id) = match owner {
        Owner::Person(p) => ("SELECT id FROM people WHERE id = $1 FOR UPDATE", p.0),
        Owner::Team(t) => ("SELECT id FROM teams WHERE id = $1 FOR UPDATE", t.0),
    };
    diesel::sql_query(sql)
        .bind::<diesel::sql_types::BigInt, _>(id)
        .execute(pg)
        .map(drop)
}

/// The owner's current document of a kind, if any.
pub fn current(
    conn: &mut DbConnection,
    owner: Owner,
    kind: DocumentKind,
) -> QueryResult<Option<Document>> {
    let q = documents::table
        .filter(documents::kind.eq(kind_code(kind)))
        .filter(documents::replaced_by_id.is_null())
        .select(Document::as_select())
        .order(documents::id.desc())
        .into_boxed();
    let q = match owner {
        Owner::Person(p) => q.filter(documents::person_id.eq(p)),
        Owner::Team(t) => q.filter(documents::team_id.eq(t)),
    };
    q.first(conn).optional()
}

/// Stores an upload as the owner's current document of its kind; the one
/// it replaces keeps its row. Call inside `write_transaction`.
pub fn store(tx: &mut WriteTx<'_>, upload: &Upload, now: NaiveDateTime) -> QueryResult<Stored> {
    let conn = tx.conn();
    lock_owner(conn, upload.owner)?;
    let sha = sha256_hex(upload.content);
    let previous = current(conn, upload.owner, upload.kind)?;
    if let Some(p) = &previous
        && p.sha256 == sha
    {
        return Ok(Stored::Same { id: p.id });
    }
    let (person_id, team_id) = match upload.owner {
        Owner::Person(p) => (Some(p), None),
        Owner::Team(t) => (None, Some(t)),
    };
    let replaces = previous.map(|p| p.id);
    let id = diesel::insert_into(documents::table)
        .values(NewDocument {
            kind: kind_code(upload.kind),
            person_id,
            team_id,
            uploaded_by: Some(upload.uploaded_by),
            uploaded_at: now,
            file_name: upload.file_name,
            media_type: upload.media_type,
            size_bytes: upload.content.len() as i64,
            sha256: &sha,
            content: upload.content,
            status: ReviewStatus::Pending.as_str(),
            replaces_id: replaces,
        })
        .returning(documents::id)
        .get_result(conn)?;
    if let Some(old) = replaces {
        diesel::update(documents::table.find(old))
            .set(documents::replaced_by_id.eq(id))
            .execute(conn)?;
    }
    Ok(Stored::New { id, replaces })
}

pub fn by_id(conn: &mut DbConnection, id: DocumentId) -> QueryResult<Option<Document>> {
    documents::table
        .find(id)
        .select(Document::as_select())
        .first(conn)
        .optional()
}

/// The bytes of a document.
pub fn content(conn: &mut DbConnection, id: DocumentId) -> QueryResult<Option<Vec<u8>>> {
    documents::table
        .find(id)
        .select(documents::content)
        .first(conn)
        .optional()
}

/// Every document of an owner, newest first (replaced ones included).
pub fn of_owner_all(conn: &mut DbConnection, owner: Owner) -> QueryResult<Vec<Document>> {
    let q = documents::table
        .select(Document::as_select())
        .order(documents::id.desc())
        .into_boxed();
    match owner {
        Owner::Person(p) => q.filter(documents::person_id.eq(p)).load(conn),
        Owner::Team(t) => q.filter(documents::team_id.eq(t)).load(conn),
    }
}

/// The championship's active teams and the people on their rosters now:
/// whose documents its organizers review.
fn participants(
    conn: &mut DbConnection,
    championship: ChampionshipId,
) -> QueryResult<(Vec<TeamId>, Vec<PersonId>)> {
    let team_ids: Vec<TeamId> = teams::table
        .filter(teams::championship_id.eq(championship))
        .filter(teams::status.eq_any(["pending", "approved"]))
        .select(teams::id)
        .load(conn)?;
    let person_ids: Vec<PersonId> = memberships::table
        .filter(memberships::championship_id.eq(championship))
        .filter(memberships::until_at.is_null())
        .filter(memberships::team_id.eq_any(&team_ids))
        .select(memberships::person_id)
        .load(conn)?;
    Ok((team_ids, person_ids))
}

/// The documents of a championship's teams and their current members,
/// newest first.
pub fn of_championship(
    conn: &mut DbConnection,
    championship: ChampionshipId,
) -> QueryResult<Vec<Document>> {
    let (team_ids, person_ids) = participants(conn, championship)?;
    documents::table
        .filter(
            documents::team_id
                .eq_any(team_ids)
                .or(documents::person_id.eq_any(person_ids)),
        )
        .order(documents::id.desc())
        .select(Document::as_select())
        .load(conn)
}

/// Records an organizer's decision.
pub fn review(
    tx: &mut WriteTx<'_>,
    id: DocumentId,
    status: ReviewStatus,
    by: PersonId,
    note: Option<&str>,
    valid_until: Option<NaiveDate>,
    now: NaiveDateTime,
) -> QueryResult<usize> {
    let conn = tx.conn();
    // The same decision twice changes nothing (and tells nobody again).
    diesel::update(
        documents::table
            .find(id)
            .filter(documents::status.ne(status.as_str())),
    )
    .set((
        documents::status.eq(status.as_str()),
        documents::reviewed_by.eq(Some(by)),
        documents::reviewed_at.eq(Some(now)),
        documents::review_note.eq(note),
        documents::valid_until.eq(valid_until),
    ))
    .execute(conn)
}

/// How many documents and bytes a purge removed.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct Purged {
    pub documents: i64,
    pub bytes: i64,
}

fn purge_ids(conn: &mut DbConnection, ids: Vec<DocumentId>) -> QueryResult<Purged> {
    if ids.is_empty() {
        return Ok(Purged::default());
    }
    let sizes: Vec<i64> = documents::table
        .filter(documents::id.eq_any(&ids))
        .select(documents::size_bytes)
        .load(conn)?;
    let removed =
        diesel::delete(documents::table.filter(documents::id.eq_any(&ids))).execute(conn)?;
    Ok(Purged {
        documents: removed as i64,
        bytes: sizes.iter().sum(),
    })
}

/// Removes every document uploaded before `before` (the operator's purge).
pub fn purge_before(conn: &mut DbConnection, before: NaiveDateTime) -> QueryResult<Purged> {
    let ids = documents::table
        .filter(documents::uploaded_at.lt(before))
        .select(documents::id)
        .load(conn)?;
    purge_ids(conn, ids)
}

/// Removes a championship's documents uploaded before `before`.
pub fn purge_championship(
    conn: &mut DbConnection,
    championship: ChampionshipId,
    before: NaiveDateTime,
) -> QueryResult<Purged> {
    let ids = of_championship(conn, championship)?
        .into_iter()
        .filter(|d| d.uploaded_at < before)
        .map(|d| d.id)
        .collect();
    purge_ids(conn, ids)
}

/// The owner's documents as eligibility sees them (kind, review status,
/// validity), replaced ones included: an approved copy that is still valid
/// keeps counting while its replacement awaits review.
pub fn for_eligibility(
    conn: &mut DbConnection,
    owner: Owner,
) -> QueryResult<Vec<league_rules::eligibility::Document>> {
    Ok(of_owner_all(conn, owner)?
        .iter()
        .filter_map(presented)
        .collect())
}

/// [`for_eligibility`] of each of `persons`, in one read.
pub fn for_eligibility_of_people(
    conn: &mut DbConnection,
    persons: &[PersonId],
) -> QueryResult<HashMap<PersonId, Vec<league_rules::eligibility::Document>>> {
    let rows: Vec<Document> = documents::table
        .filter(documents::person_id.eq_any(persons))
        .select(Document::as_select())
        .order(documents::id.desc())
        .load(conn)?;
    let mut out: HashMap<PersonId, Vec<_>> = HashMap::new();
    for d in &rows {
        if let (Some(p), Some(x)) = (d.person_id, presented(d)) {
            out.entry(p).or_default().push(x);
        }
    }
    Ok(out)
}

fn presented(d: &Document) -> Option<league_rules::eligibility::Document> {
    use league_rules::eligibility::{Document as Presented, ReviewStatus as Review};
    Some(Presented {
        kind: d.kind()?,
        status: match d.status() {
            ReviewStatus::Pending => Review::Pending,
            ReviewStatus::Approved => Review::Approved,
            ReviewStatus::Rejected => Review::Rejected,
        },
        valid_until: d.valid_until,
    })
}
