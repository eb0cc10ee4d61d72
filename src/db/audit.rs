//! The audit log: who did what, when, from where, to which championship.

use chrono::NaiveDateTime;
use diesel::prelude::*;

use super::{DbConnection, schema::audit_log, utc_now};
use crate::ids::{AuditEntryId, ChampionshipId, PersonId};

#[derive(Debug, Clone, Queryable, Selectable)]
#[diesel(table_name = audit_log)]
pub struct AuditEntry {
    pub id: AuditEntryId,
    pub at: NaiveDateTime,
    pub actor_id: Option<PersonId>,
    pub action: String,
    pub subject: String,
    pub detail: String,
    pub ip: Option<String>,
    pub championship_id: Option<ChampionshipId>,
}

/// One entry to write: `Entry::new("team.approve", format!("team:{id}"))
/// .actor(me).detail("pending → approved").championship(c).record(conn)`.
/// `action` is a stable code, `subject` what it acted on, `detail` the
/// change in words (before → after), never a secret.
#[derive(Insertable)]
#[diesel(table_name = audit_log)]
pub struct Entry {
    at: NaiveDateTime,
    actor_id: Option<PersonId>,
    action: String,
    subject: String,
    detail: String,
    ip: Option<String>,
    championship_id: Option<ChampionshipId>,
}

impl Entry {
    pub fn new(action: &str, subject: impl Into<String>) -> Entry {
        Entry {
            at: utc_now(),
            actor_id: None,
            action: action.to_owned(),
            subject: subject.into(),
            detail: String::new(),
            ip: None,
            championship_id: None,
        }
    }

    pub fn actor(mut self, actor: PersonId) -> Entry {
        self.actor_id = Some(actor);
        self
    }

    pub fn detail(mut self, detail: impl Into<String>) -> Entry {
        self.detail = detail.into();
        self
    }

    pub fn ip(mut self, ip: &str) -> Entry {
        self.ip = Some(ip.to_owned());
        self
    }

    pub fn championship(mut self, championship: ChampionshipId) -> Entry {
        self.championship_id = Some(championship);
        self
    }

    pub fn record(self, conn: &mut DbConnection) -> QueryResult<()> {
        diesel::insert_into(audit_log::table)
            .values(self)
            .execute(conn)
            .map(drop)
    }
}

pub fn recent(conn: &mut DbConnection, limit: i64) -> QueryResult<Vec<AuditEntry>> {
    audit_log::table
        .order(audit_log::id.desc())
        .limit(limit)
        .select(AuditEntry::as_select())
        .load(conn)
}

/// The newest entries concerning one championship, for its organizers.
pub fn of_championship(
    conn: &mut DbConnection,
    championship: ChampionshipId,
    limit: i64,
) -> QueryResult<Vec<AuditEntry>> {
    audit_log::table
        .filter(audit_log::championship_id.eq(championship))
        .order(audit_log::id.desc())
        .limit(limit)
        .select(AuditEntry::as_select())
        .load(conn)
}
