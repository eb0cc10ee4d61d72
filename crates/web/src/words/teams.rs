//! A team action's outcome as a page answers it: a refusal for a form
//! field, or the error page.

use crate::app::teams::{TeamField, TeamProblem};
use crate::i18n::Message;
use crate::msg;
use crate::rules::roster::RosterRefusal;

/// A refusal the person can act on: which form field, and what to say.
#[derive(Debug, Clone, PartialEq)]
pub struct Refusal {
    pub field: &'static str,
    pub message: Message,
}

fn field_name(f: TeamField) -> &'static str {
    match f {
        TeamField::Name => "name",
        TeamField::Motto => "motto",
        TeamField::Organization => "organization",
        TeamField::Nick => "nick",
        TeamField::Reason => "reason",
        TeamField::FullName => "full_name",
        TeamField::Email => "email",
    }
}

/// A team problem in words, beside the field it belongs to.
pub fn refusal(p: &TeamProblem) -> Refusal {
    use TeamField as F;
    use TeamProblem as P;
    let (field, message): (TeamField, Message) = match p {
        P::Roster(f, r) => (*f, refusal_message(r)),
        P::Banned {
            field,
            nick,
            until,
            reason,
        } => (
            *field,
            Message::new(msg!("team-error-banned"))
                .arg("nick", nick)
                .arg(
                    "until",
                    until.map_or_else(|| "—".to_owned(), |u| u.format("%Y-%m-%d").to_string()),
                )
                .arg("reason", reason),
        ),
        P::NotClubMember { field, nick } => (
            *field,
            Message::new(msg!("team-error-not-club-member")).arg("nick", nick),
        ),
        P::NameReserved => (F::Name, msg!("team-error-name-reserved").into()),
        P::NameTaken => (F::Name, msg!("team-error-name-taken").into()),
        P::OrganizationUnknown => (
            F::Organization,
            msg!("team-error-organization-unknown").into(),
        ),
        P::OrganizationHasTeam {
            team,
            organization: None,
        } => (
            F::Organization,
            Message::new(msg!("team-error-organization-has-team")).arg("team", team),
        ),
        P::OrganizationHasTeam {
            team,
            organization: Some(organization),
        } => (
            F::Organization,
            Message::new(msg!("team-error-enterprise-has-team"))
                .arg("team", team)
                .arg("organization", organization),
        ),
        P::OrganizationRequired => (
            F::Organization,
            msg!("team-error-organization-required").into(),
        ),
        P::ApplicantInTeam { team } => (
            F::Name,
            Message::new(msg!("team-error-applicant-in-team")).arg("team", team),
        ),
        P::PastDeadline { day } => (
            F::Name,
            Message::new(msg!("team-error-past-deadline")).arg("day", day.format("%d.%m.%Y")),
        ),
        P::Conflict => (F::Nick, msg!("team-error-conflict").into()),
        P::ReasonRequired => (F::Reason, msg!("team-error-reason-required").into()),
        P::AlreadyDecided => (F::Reason, msg!("team-error-already-decided").into()),
        P::Inactive => (F::Nick, msg!("team-error-inactive").into()),
        P::NickRequired => (F::Nick, msg!("error-required").into()),
        P::OtherSport {
            name,
            sport,
            series,
        } => (
            F::FullName,
            Message::new(msg!("line-parallel-sport"))
                .arg("nick", name)
                .arg("sport", sport)
                .arg("series", series),
        ),
        P::UnknownNick { nick } => (
            F::Nick,
            Message::new(msg!("team-error-unknown-nick")).arg("nick", nick),
        ),
        P::AlreadyMember { nick } => (
            F::Nick,
            Message::new(msg!("team-error-already-member")).arg("nick", nick),
        ),
        P::AlreadyInvited { nick } => (
            F::Nick,
            Message::new(msg!("team-error-already-invited")).arg("nick", nick),
        ),
        P::InvitationGone => (F::Nick, msg!("team-error-invitation-gone").into()),
        P::CaptainTransfer { team } => (
            F::Nick,
            Message::new(msg!("team-error-captain-transfer")).arg("team", team),
        ),
        P::CaptainLeaves => (F::Nick, msg!("team-error-captain-leaves").into()),
        P::NotMember => (F::Nick, msg!("team-error-not-member").into()),
        P::SuccessorNotMember { nick } => (
            F::Nick,
            Message::new(msg!("team-error-successor-not-member")).arg("nick", nick),
        ),
        P::AlreadyCaptain => (F::Nick, msg!("team-error-already-captain").into()),
        P::NickTaken { nick } => (
            F::Nick,
            Message::new(msg!("team-error-nick-taken")).arg("nick", nick),
        ),
        P::SameName { name, team } => (
            F::FullName,
            Message::new(msg!("team-error-same-name"))
                .arg("name", name)
                .arg("team", team),
        ),
        P::EmailTaken => (F::Email, msg!("error-email-taken").into()),
    };
    Refusal {
        field: field_name(field),
        message,
    }
}

/// A roster rule's refusal (a name, a motto, a roster size) in words.
pub fn refusal_message(r: &RosterRefusal) -> Message {
    match r {
        RosterRefusal::NameEmpty => msg!("error-required").into(),
        RosterRefusal::NameLength(_) => msg!("team-error-name-length").into(),
        RosterRefusal::NameCharacters => msg!("team-error-name-chars").into(),
        RosterRefusal::NameEndsWithDigit => msg!("team-error-name-digit").into(),
        RosterRefusal::NameComma => msg!("team-error-name-comma").into(),
        RosterRefusal::MottoLength => msg!("team-error-motto-length").into(),
        RosterRefusal::RosterFull { max } => {
            Message::new(msg!("team-error-roster-full")).arg("max", max)
        }
        RosterRefusal::RosterTooSmall { found, min } => {
            Message::new(msg!("team-error-roster-small"))
                .arg("found", found)
                .arg("min", min)
        }
    }
}

/// How a membership began and, if it did, ended.
pub fn how(lang: crate::i18n::Lang, start: &str, end: Option<&str>) -> String {
    let start = lang.msg(match start {
        "founded" => crate::msg!("membership-start-founded"),
        "transfer" => crate::msg!("membership-start-transfer"),
        "added" => crate::msg!("membership-start-added"),
        _ => crate::msg!("membership-start-joined"),
    });
    match end {
        None => start,
        Some(end) => format!(
            "{start} → {}",
            lang.msg(match end {
                "transfer" => crate::msg!("membership-end-transfer"),
                "left" => crate::msg!("membership-end-left"),
                "dissolved" => crate::msg!("membership-end-dissolved"),
                "rejected" => crate::msg!("membership-end-rejected"),
                _ => crate::msg!("membership-end-removed"),
            })
        ),
    }
}
