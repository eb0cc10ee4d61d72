//! E-mail notices through a durable outbox (issue 9).
//!
//! A use case that causes a notice calls [`enqueue`] inside its own
//! transaction: the change and its message commit together or not at all.
//! The message is rendered then, in the recipient's language, and stored
//! as a row of the outbox; [`worker`] sends due rows over SMTP (or writes
//! `.eml` files when no server is configured), retries with a growing
//! delay and marks them sent or failed.

pub mod notices;
pub mod worker;

use chrono::NaiveDateTime;
use diesel::QueryResult;

use crate::db::{DbConnection, outbox, people};
use crate::i18n::{Lang, Message};
use crate::ids::{ChampionshipId, PersonId};
use crate::msg;

/// What a notice is about. Every kind but [`Kind::RuleChange`] is optional:
/// people may opt out of it on their account page.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Kind {
    /// A championship's regulation changed (G-E2): never skipped.
    RuleChange,
    TeamDecided,
    EntryDecided,
    PairingsPublished,
    AppealFiled,
    AppealDecided,
    DocumentReviewed,
}

impl Kind {
    pub const ALL: [Kind; 7] = [
        Kind::RuleChange,
        Kind::TeamDecided,
        Kind::EntryDecided,
        Kind::PairingsPublished,
        Kind::AppealFiled,
        Kind::AppealDecided,
        Kind::DocumentReviewed,
    ];

    pub fn as_str(self) -> &'static str {
        match self {
            Kind::RuleChange => "rule_change",
            Kind::TeamDecided => "team_decided",
            Kind::EntryDecided => "entry_decided",
            Kind::PairingsPublished => "pairings_published",
            Kind::AppealFiled => "appeal_filed",
            Kind::AppealDecided => "appeal_decided",
            Kind::DocumentReviewed => "document_reviewed",
        }
    }

    pub fn parse(s: &str) -> Option<Kind> {
        Kind::ALL.into_iter().find(|k| k.as_str() == s)
    }

    pub fn optional(self) -> bool {
        self != Kind::RuleChange
    }

    /// The kinds a person may opt out of.
    pub fn optional_kinds() -> impl Iterator<Item = Kind> {
        Kind::ALL.into_iter().filter(|k| k.optional())
    }

    /// The kind's name on the account and outbox pages.
    pub fn label(self) -> crate::i18n::MsgKey {
        match self {
            Kind::RuleChange => msg!("mail-kind-rule-change"),
            Kind::TeamDecided => msg!("mail-kind-team-decided"),
            Kind::EntryDecided => msg!("mail-kind-entry-decided"),
            Kind::PairingsPublished => msg!("mail-kind-pairings-published"),
            Kind::AppealFiled => msg!("mail-kind-appeal-filed"),
            Kind::AppealDecided => msg!("mail-kind-appeal-decided"),
            Kind::DocumentReviewed => msg!("mail-kind-document-reviewed"),
        }
    }
}

/// One message to one person; subject and body are rendered in the
/// recipient's language when it is enqueued.
#[derive(Debug, Clone)]
pub struct Notice {
    pub kind: Kind,
    pub to: PersonId,
    /// Whose organizers see the message on the outbox page.
    pub championship: Option<ChampionshipId>,
    pub subject: Message,
    pub body: Message,
}

impl Notice {
    pub fn new(kind: Kind, to: PersonId, subject: Message, body: Message) -> Notice {
        Notice {
            kind,
            to,
            championship: None,
            subject,
            body,
        }
    }

    pub fn championship(mut self, c: ChampionshipId) -> Notice {
        self.championship = Some(c);
        self
    }
}

/// The subject and text of a notice in `lang`, with the line that says why
/// the person gets it.
pub fn render(notice: &Notice, lang: Lang) -> (String, String) {
    let subject = notice.subject.render(lang);
    let footer = if notice.kind.optional() {
        Message::new(msg!("mail-footer-optional"))
    } else {
        Message::new(msg!("mail-footer-required"))
    }
    .render(lang);
    let body = format!(
        "{}\n\n-- \n{}\n",
        notice.body.render(lang).trim_end(),
        footer
    );
    (subject, body)
}

/// Writes the notice to the outbox in the caller's transaction; returns the
/// row's id, or None when the recipient opted out of this optional kind
/// (or no longer exists).
pub fn enqueue(
    conn: &mut DbConnection,
    notice: &Notice,
    now: NaiveDateTime,
) -> QueryResult<Option<i64>> {
    let Some(person) = people::by_id(conn, notice.to)? else {
        return Ok(None);
    };
    if notice.kind.optional()
        && outbox::optouts(conn, notice.to)?
            .iter()
            .any(|k| k == notice.kind.as_str())
    {
        return Ok(None);
    }
    let lang = Lang::parse(&person.locale).unwrap_or_default();
    let (subject, body) = render(notice, lang);
    outbox::insert(
        conn,
        &outbox::NewMessage {
            person: Some(notice.to),
            address: &person.email,
            championship: notice.championship,
            kind: notice.kind.as_str(),
            lang: lang.code(),
            subject: &subject,
            body: &body,
            now,
        },
    )
    .map(Some)
}

/// Enqueues each notice; the number written.
pub fn enqueue_all(
    conn: &mut DbConnection,
    notices: &[Notice],
    now: NaiveDateTime,
) -> QueryResult<usize> {
    let mut n = 0;
    for notice in notices {
        n += usize::from(enqueue(conn, notice, now)?.is_some());
    }
    Ok(n)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn kinds_round_trip_and_only_rule_change_is_required() {
        for k in Kind::ALL {
            assert_eq!(Kind::parse(k.as_str()), Some(k));
        }
        assert_eq!(Kind::optional_kinds().count(), 6);
        assert!(!Kind::RuleChange.optional());
        assert_eq!(Kind::parse("spam"), None);
    }

    #[test]
    fn a_notice_is_rendered_in_the_recipients_language() {
        let n = Notice::new(
            Kind::PairingsPublished,
            PersonId(1),
            Message::new(msg!("mail-pairings-subject"))
                .arg("round", 2)
                .arg("tournament", 3),
            Message::new(msg!("mail-pairings-bye"))
                .arg("round", 2)
                .arg("entry", "Ладья")
                .arg("championship", "Кубок"),
        );
        let (ru, ru_body) = render(&n, Lang::Ru);
        let (en, en_body) = render(&n, Lang::En);
        assert_ne!(ru, en);
        assert!(en.contains("Round 2"), "{en}");
        assert!(ru_body.contains("Ладья"), "{ru_body}");
        assert!(en_body.contains("/account"), "{en_body}");
    }
}
