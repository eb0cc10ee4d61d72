//! The audit log: who did what, when, from where.

use chrono::NaiveDateTime;
use diesel::prelude::*;

use super::{DbConnection, schema::audit_log, utc_now};
use crate::ids::PersonId;

#[derive(Debug, Clone, Queryable, Selectable)]
#[diesel(table_name = audit_log)]
pub struct AuditEntry {
    pub id: i64,
    pub at: NaiveDateTime,
    pub actor_id: Option<i64>,
    pub action: String,
    pub subject: String,
    pub detail: String,
    pub ip: Option<String>,
}

#[derive(Insertable)]
#[diesel(table_name = audit_log)]
struct NewEntry<'a> {
    at: NaiveDateTime,
    actor_id: Option<i64>,
    action: &'a str,
    subject: &'a str,
    detail: &'a str,
    ip: Option<&'a str>,
}

/// Records one action. `action` is a stable code (`account.signup`),
/// `subject` what it acted on (`person:7`), `detail` free text without secrets.
pub fn record(
    conn: &mut DbConnection,
    actor: Option<PersonId>,
    action: &str,
    subject: &str,
    detail: &str,
    ip: Option<&str>,
) -> QueryResult<()> {
    diesel::insert_into(audit_log::table)
        .values(NewEntry {
            at: utc_now(),
            actor_id: actor.map(|p| p.0),
            action,
            subject,
            detail,
            ip,
        })
        .execute(conn)
        .map(drop)
}

pub fn recent(conn: &mut DbConnection, limit: i64) -> QueryResult<Vec<AuditEntry>> {
    audit_log::table
        .order(audit_log::id.desc())
        .limit(limit)
        .select(AuditEntry::as_select())
        .load(conn)
}
