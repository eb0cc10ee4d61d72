//! E-mail notices through a durable outbox.
//!
//! A use case that causes a notice calls [`enqueue`] inside its own
//! transaction: the change and its message commit together or not at all.
//! The message is rendered then, in the recipient's language, and stored
//! as a row of the outbox; [`worker`] sends due rows over SMTP (or writes
//! `.eml` files when no server is configured), retries with a growing
//! delay and marks them sent or failed.

pub mod notices;
pub mod worker;

use crate::db::QueryResult;
use chrono::NaiveDateTime;

use crate::db::{outbox, people};
use crate::i18n::{Lang, Message};
use crate::ids::{ChampionshipId, OutboxId, PersonId};
use crate::msg;

/// What a notice is about. [`Kind::RuleChange`] (to captains) is always
/// sent; [`Kind::RuleChangeMember`] only to those who asked for it; every
/// other kind is sent unless the person opted out on their account page.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Kind {
    /// A championship's regulation changed (G-E2), to a captain: never
    /// skipped.
    RuleChange,
    /// The same change, to a member of an approved team who opted in.
    RuleChangeMember,
    TeamDecided,
    EntryDecided,
    PairingsPublished,
    AppealFiled,
    AppealDecided,
    DocumentReviewed,
    /// A change in a tournament's play that concerns an entry: its finish
    /// (with the place), a reopening, a withdrawal, sitting out (G-B13).
    PlayStatus,
    /// A link to take over the record someone entered for the person,
    /// sent to the address it names.
    Claim,
    /// An invitation to a team's roster, to the invited person.
    Invitation,
    /// The officials' daily list of what waits for them (`digest`).
    Digest,
}

impl Kind {
    pub const ALL: [Kind; 12] = [
        Kind::RuleChange,
        Kind::RuleChangeMember,
        Kind::TeamDecided,
        Kind::EntryDecided,
        Kind::PairingsPublished,
        Kind::AppealFiled,
        Kind::AppealDecided,
        Kind::DocumentReviewed,
        Kind::PlayStatus,
        Kind::Claim,
        Kind::Invitation,
        Kind::Digest,
    ];

    pub fn as_str(self) -> &'static str {
        match self {
            Kind::RuleChange => "rule_change",
            Kind::RuleChangeMember => "rule_change_member",
            Kind::TeamDecided => "team_decided",
            Kind::EntryDecided => "entry_decided",
            Kind::PairingsPublished => "pairings_published",
            Kind::AppealFiled => "appeal_filed",
            Kind::AppealDecided => "appeal_decided",
            Kind::DocumentReviewed => "document_reviewed",
            Kind::PlayStatus => "play_status",
            Kind::Claim => "claim",
            Kind::Invitation => "invitation",
            Kind::Digest => "digest",
        }
    }

    pub fn parse(s: &str) -> Option<Kind> {
        Kind::ALL.into_iter().find(|k| k.as_str() == s)
    }

    /// Whether the person decides if they get this kind, and how.
    pub fn consent(self) -> Consent {
        match self {
            // A claim link is asked for by someone who has no account to
            // opt out with; it goes once, to the address given.
            Kind::RuleChange | Kind::Claim => Consent::Required,
            Kind::RuleChangeMember => Consent::OptIn,
            _ => Consent::OptOut,
        }
    }

    /// Sent unless the person opted out.
    pub fn optional(self) -> bool {
        self.consent() == Consent::OptOut
    }

    /// The kinds a person may opt out of.
    pub fn optional_kinds() -> impl Iterator<Item = Kind> {
        Kind::ALL.into_iter().filter(|k| k.optional())
    }

    /// The kinds a person gets only after asking for them.
    pub fn opt_in_kinds() -> impl Iterator<Item = Kind> {
        Kind::ALL
            .into_iter()
            .filter(|k| k.consent() == Consent::OptIn)
    }

    /// The kind's name on the account and outbox pages.
    pub fn label(self) -> crate::i18n::MsgKey {
        match self {
            Kind::RuleChange => msg!("mail-kind-rule-change"),
            Kind::RuleChangeMember => msg!("mail-kind-rule-change-member"),
            Kind::TeamDecided => msg!("mail-kind-team-decided"),
            Kind::EntryDecided => msg!("mail-kind-entry-decided"),
            Kind::PairingsPublished => msg!("mail-kind-pairings-published"),
            Kind::AppealFiled => msg!("mail-kind-appeal-filed"),
            Kind::AppealDecided => msg!("mail-kind-appeal-decided"),
            Kind::DocumentReviewed => msg!("mail-kind-document-reviewed"),
            Kind::PlayStatus => msg!("mail-kind-play-status"),
            Kind::Claim => msg!("mail-kind-claim"),
            Kind::Invitation => msg!("mail-kind-invitation"),
            Kind::Digest => msg!("mail-kind-digest"),
        }
    }
}

/// Who decides whether a kind of notice is sent to a person.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Consent {
    /// Always sent (G-E2's notice to captains).
    Required,
    /// Sent unless the person opted out.
    OptOut,
    /// Sent only if the person opted in.
    OptIn,
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
    /// Lines after the body, one a message (the reasons of a decision).
    pub details: Vec<Message>,
    /// The page of the notice's object, a path of the site; the worker
    /// sends it as a whole address.
    pub link: Option<String>,
    /// Where to send it instead of the person's own address (a claim link
    /// goes to the address it was made for).
    pub address: Option<String>,
}

impl Notice {
    pub fn new(kind: Kind, to: PersonId, subject: Message, body: Message) -> Notice {
        Notice {
            kind,
            to,
            championship: None,
            subject,
            body,
            details: Vec::new(),
            link: None,
            address: None,
        }
    }

    /// The page the notice is about (a path of the site).
    pub fn link(mut self, path: String) -> Notice {
        self.link = Some(path);
        self
    }

    pub fn details(mut self, lines: Vec<Message>) -> Notice {
        self.details = lines;
        self
    }

    /// Sends it to `address` instead of the person's own.
    pub fn to_address(mut self, address: String) -> Notice {
        self.address = Some(address);
        self
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
    let footer = Message::new(match notice.kind.consent() {
        Consent::OptOut => msg!("mail-footer-optional"),
        Consent::OptIn => msg!("mail-footer-opt-in"),
        Consent::Required => msg!("mail-footer-required"),
    })
    .render(lang);
    let mut text = notice.body.render(lang).trim_end().to_owned();
    for line in &notice.details {
        text.push_str(&format!("\n- {}", line.render(lang)));
    }
    if let Some(link) = &notice.link {
        text.push_str(&format!("\n\n{link}"));
    }
    let body = format!("{text}\n\n-- \n{footer}\n");
    (subject, body)
}

/// Writes the notice to the outbox in the caller's transaction; returns the
/// row's id, or None when the recipient opted out of this optional kind,
/// did not opt in to an opt-in kind, has no address (a record nobody has
/// claimed) or no longer exists.
pub fn enqueue(
    conn: &mut crate::db::WriteTx<'_>,
    notice: &Notice,
    now: NaiveDateTime,
) -> QueryResult<Option<OutboxId>> {
    let Some(person) = people::by_id(conn, notice.to)? else {
        return Ok(None);
    };
    let Some(address) = notice.address.as_ref().or(person.email.as_ref()) else {
        return Ok(None);
    };
    let kind = notice.kind.as_str();
    let wanted = match notice.kind.consent() {
        Consent::Required => true,
        Consent::OptOut => !outbox::optouts(conn, notice.to)?.iter().any(|k| k == kind),
        Consent::OptIn => outbox::optins(conn, notice.to)?.iter().any(|k| k == kind),
    };
    if !wanted {
        return Ok(None);
    }
    let lang = Lang::parse(&person.locale).unwrap_or_default();
    let (mut subject, body) = render(notice, lang);
    // The subject names the championship, for a reader of several.
    if let Some(c) = notice.championship
        && let Some(championship) = crate::db::championships::by_id(conn, c)?
        && !subject.contains(&championship.name)
    {
        subject = format!("{subject} — {}", championship.name);
    }
    outbox::insert(
        conn,
        &outbox::NewMessage {
            person: Some(notice.to),
            address,
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
    conn: &mut crate::db::WriteTx<'_>,
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
    fn kinds_round_trip_and_only_rule_change_and_claim_are_required() {
        for k in Kind::ALL {
            assert_eq!(Kind::parse(k.as_str()), Some(k));
        }
        assert_eq!(Kind::optional_kinds().count(), 9);
        assert!(!Kind::RuleChange.optional());
        assert!(!Kind::Claim.optional());
        assert_eq!(
            Kind::opt_in_kinds().collect::<Vec<_>>(),
            [Kind::RuleChangeMember]
        );
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
