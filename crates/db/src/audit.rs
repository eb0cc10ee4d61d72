//! The audit log: who did what, when, from where, to which championship.

use chrono::NaiveDateTime;
use diesel::prelude::*;

use super::{DbConnection, WriteTx, schema::audit_log, utc_now};
use league_i18n::{Lang, Message};
use league_ids::{AuditEntryId, ChampionshipId, PersonId};

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
    pub message: Option<String>,
}

impl AuditEntry {
    /// The detail in the reader's language: the stored message worded, or
    /// the text as recorded for a line without one.
    pub fn detail_in(&self, lang: Lang) -> String {
        self.message
            .as_deref()
            .and_then(|json| serde_json::from_str::<Message>(json).ok())
            .map_or_else(|| self.detail.clone(), |m| m.render(lang))
    }
}

/// One entry to write: `Entry::new("team.approve", format!("team:{id}"))
/// .actor(me).said(message).championship(c).record(conn)`.
/// `action` is a stable code, `subject` what it acted on, the message the
/// change in words (before → after), never a secret: it is kept as its key
/// and arguments, worded for each reader, and as English text for those
/// who search the log.
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
    message: Option<String>,
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
            message: None,
        }
    }

    pub fn actor(mut self, actor: PersonId) -> Entry {
        self.actor_id = Some(actor);
        self
    }

    /// The change in words, worded for each reader of the log.
    pub fn said(mut self, message: Message) -> Entry {
        self.detail = message.render(Lang::En);
        self.message = serde_json::to_string(&message).ok();
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

    pub fn record(self, tx: &mut WriteTx<'_>) -> QueryResult<()> {
        diesel::insert_into(audit_log::table)
            .values(self)
            .execute(tx.conn())
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

/// The nicks of the people who made `entries`, in one read.
pub fn actor_nicks(
    conn: &mut DbConnection,
    entries: &[AuditEntry],
) -> QueryResult<std::collections::HashMap<PersonId, String>> {
    let mut actors: Vec<PersonId> = entries.iter().filter_map(|e| e.actor_id).collect();
    actors.sort_unstable();
    actors.dedup();
    Ok(super::people::nicks_of(conn, &actors)?
        .into_iter()
        .collect())
}
