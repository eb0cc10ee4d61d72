//! Eligibility reasons (rules::eligibility) in the page's language.

use crate::app::eligibility::Unfit;
use crate::i18n::cite::Cite;
use crate::i18n::{Lang, Message};
use crate::msg;
use crate::rules::eligibility::{DocumentProblem, DocumentShortfall, Reason, TeamReason};
use crate::rules::regulation::DocumentKind;

pub fn document_name(lang: Lang, kind: DocumentKind) -> String {
    lang.msg(match kind {
        DocumentKind::SignedTeamApplication => msg!("doc-signed-team-application"),
        DocumentKind::OriginalApplication => msg!("doc-original-application"),
        DocumentKind::MedicalCertificate => msg!("doc-medical-certificate"),
        DocumentKind::Waiver => msg!("doc-waiver"),
        DocumentKind::PassportCopy => msg!("doc-passport-copy"),
        DocumentKind::EmploymentProof => msg!("doc-employment-proof"),
        DocumentKind::SameDayDoctorsNote => msg!("doc-same-day-note"),
    })
}

/// A requirement the papers do not meet, with why each one presented
/// does not count.
pub fn shortfall(lang: Lang, s: &DocumentShortfall) -> String {
    let kinds = s
        .any_of
        .iter()
        .map(|k| document_name(lang, *k))
        .collect::<Vec<_>>()
        .join(&format!(" {} ", lang.msg(msg!("or"))));
    let mut text = Message::new(msg!("elig-missing-document"))
        .rule("rule", &s.rule)
        .arg("documents", kinds)
        .render(lang);
    for (kind, problem) in &s.presented {
        let why = match problem {
            DocumentProblem::Pending => lang.msg(msg!("elig-document-pending")),
            DocumentProblem::Rejected => lang.msg(msg!("elig-document-rejected")),
            DocumentProblem::Expired { valid_until } => Message::new(msg!("elig-document-expired"))
                .arg("date", valid_until)
                .render(lang),
        };
        text.push_str(&format!(" ({}: {why})", document_name(lang, *kind)));
    }
    text
}

/// One unmet condition of a person, in words. `organization` names an
/// organization id.
pub fn reason(lang: Lang, r: &Reason, organization: &dyn Fn(i64) -> String) -> String {
    match r {
        Reason::Banned { until: Some(until) } => Message::new(msg!("elig-banned-until"))
            .arg("until", until.format("%Y-%m-%d"))
            .render(lang),
        Reason::Banned { until: None } => lang.msg(msg!("elig-banned")),
        Reason::NotClubMember => lang.msg(msg!("elig-not-club-member")),
        Reason::TeamWithoutOrganization { rule } => {
            Message::new(msg!("elig-team-without-organization"))
                .rule("rule", rule)
                .render(lang)
        }
        Reason::NotEmployed {
            rule,
            organization: org,
            grace_months,
            cutoff,
        }
        | Reason::EmploymentUnconfirmed {
            rule,
            organization: org,
            grace_months,
            cutoff,
        } => {
            let key = match (r, grace_months) {
                (Reason::EmploymentUnconfirmed { .. }, _) => msg!("elig-employment-unconfirmed"),
                (_, 0) => msg!("elig-not-staff"),
                _ => msg!("elig-not-employed"),
            };
            Message::new(key)
                .rule("rule", rule)
                .arg("organization", organization(org.0))
                .arg("months", grace_months)
                .arg("cutoff", cutoff)
                .render(lang)
        }
        Reason::MissingDocument(s) => shortfall(lang, s),
    }
}

/// One unmet condition of a team, in words.
pub fn team_reason(lang: Lang, r: &TeamReason) -> String {
    match r {
        TeamReason::NoOrganization => lang.msg(msg!("elig-team-no-organization")),
        TeamReason::MissingDocument(s) => shortfall(lang, s),
        TeamReason::RosterSize { found, min, max } => {
            let limit = match max {
                Some(max) if max == min => min.to_string(),
                Some(max) => format!("{min}–{max}"),
                None => format!("≥ {min}"),
            };
            Message::new(msg!("elig-roster-size"))
                .arg("found", found)
                .arg("limit", limit)
                .render(lang)
        }
    }
}

/// Why a player may not play at a moment of the tournament, in words:
/// "nick: reason; reason". `local` shows an instant in the championship's
/// time zone.
pub fn unfit(
    lang: Lang,
    nick: &str,
    why: &[Unfit],
    organization: &dyn Fn(i64) -> String,
    local: &dyn Fn(chrono::NaiveDateTime) -> String,
) -> String {
    let reasons: Vec<String> = crate::mail::notices::unfit_reasons(why, local)
        .into_iter()
        .zip(why)
        .map(|(m, u)| match (m, u) {
            (Some(m), _) => m.render(lang),
            (None, Unfit::Condition(r)) => reason(lang, r, organization),
            (None, _) => String::new(),
        })
        .collect();
    Message::new(msg!("unfit-player"))
        .arg("nick", nick)
        .arg("reasons", reasons.join("; "))
        .render(lang)
}
