//! Penalties' sanctions and the refusals of imposing one, in the reader's
//! language.

use crate::app::penalties::PenaltyProblem;
use crate::i18n::cite::Cite;
use crate::i18n::cite::rule_words;
use crate::i18n::{Lang, Message};
use crate::msg;
use crate::rules::penalties::{Problem, Sanction};

/// A sanction in words.
pub fn sanction_words(lang: Lang, s: Sanction) -> String {
    lang.msg(crate::app::penalties::sanction_key(s))
}

/// What a bar on a person is, in words: "misses tournament 2 (G.4)".
/// Every page that speaks of a barred person says it so.
pub fn bar_words(lang: Lang, bar: &crate::app::penalties::Bar) -> String {
    Message::new(msg!("sanction-bar"))
        .arg("sanction", bar.sanction.as_str())
        .arg("tournament", bar.tournament_no)
        .rule("code", &bar.code)
        .render(lang)
}

pub fn problem_words(lang: Lang, p: &PenaltyProblem) -> String {
    match p {
        PenaltyProblem::UnknownRule => lang.msg(msg!("penalty-unknown-rule")),
        PenaltyProblem::ReasonRequired => lang.msg(msg!("penalty-reason-required")),
        PenaltyProblem::UnknownTeam => lang.msg(msg!("penalty-unknown-team")),
        PenaltyProblem::UnknownTournament => lang.msg(msg!("penalty-unknown-tournament")),
        PenaltyProblem::UnknownPerson { nick } => Message::new(msg!("penalty-unknown-person"))
            .arg("nick", nick)
            .render(lang),
        PenaltyProblem::NoNextTournament => lang.msg(msg!("penalty-no-next-tournament")),
        PenaltyProblem::NoMembers => lang.msg(msg!("penalty-no-members")),
        PenaltyProblem::AlreadyPassed => lang.msg(msg!("penalty-already-passed")),
        PenaltyProblem::AlreadyRevoked => lang.msg(msg!("penalty-already-revoked")),
        PenaltyProblem::UnknownGame => lang.msg(msg!("penalty-unknown-game")),
        PenaltyProblem::GameNotCurrent => lang.msg(msg!("penalty-game-not-current")),
        PenaltyProblem::GameNotOfTeam => lang.msg(msg!("penalty-game-not-of-team")),
        PenaltyProblem::GameDecided => lang.msg(msg!("penalty-game-decided")),
        PenaltyProblem::TournamentFinished => lang.msg(msg!("penalty-tournament-finished")),
        PenaltyProblem::EntryNotOfTeam => lang.msg(msg!("penalty-entry-not-of-team")),
        PenaltyProblem::EntryRequired { entries } => Message::new(msg!("penalty-entry-required"))
            .arg("entries", entries.join(", "))
            .render(lang),
        PenaltyProblem::Withdrawal(b) => Message::new(msg!("penalty-withdrawal-refused"))
            .arg("problem", crate::words::boards::problem_words(lang, b))
            .render(lang),
        PenaltyProblem::Rule(r) => match r {
            Problem::Automatic => lang.msg(msg!("penalty-automatic")),
            Problem::CountInvalid => lang.msg(msg!("penalty-count-invalid")),
            Problem::CountNotAllowed => lang.msg(msg!("penalty-count-not-allowed")),
            Problem::AmountNotAllowed { allowed } => {
                Message::new(msg!("penalty-amount-not-allowed"))
                    .arg(
                        "allowed",
                        allowed
                            .iter()
                            .map(ToString::to_string)
                            .collect::<Vec<_>>()
                            .join(", "),
                    )
                    .render(lang)
            }
            Problem::NeedsTournament => lang.msg(msg!("penalty-needs-tournament")),
            Problem::NeedsPerson => lang.msg(msg!("penalty-needs-person")),
            Problem::TeamNotDissolved => lang.msg(msg!("penalty-team-not-dissolved")),
            Problem::GameLossNotAllowed => lang.msg(msg!("penalty-game-loss-not-allowed")),
            Problem::NeedsGame => lang.msg(msg!("penalty-needs-game")),
            Problem::OneChoice => lang.msg(msg!("penalty-one-choice")),
            Problem::PointsByCommittee => lang.msg(msg!("penalty-points-by-committee")),
        },
    }
}

/// What a penalty rule punishes, in the reader's language: the message
/// `penalty-offence-<code>` when the preset's rule has one, else the
/// regulation's own words (an organizer's rule of their own).
pub fn offence_words(lang: Lang, rule: &crate::rules::regulation::PenaltyRule) -> String {
    lang.t_if_any(&format!("penalty-offence-{}", rule.code.to_lowercase()))
        .unwrap_or_else(|| rule.offence.clone())
}

/// A penalty rule as a list offers it: its code and what it punishes.
pub fn rule_title(lang: Lang, rule: &crate::rules::regulation::PenaltyRule) -> String {
    format!(
        "{} — {}",
        rule_words(lang, &rule.code),
        offence_words(lang, rule)
    )
}

/// The words of a penalty's code on public pages: the automatic late
/// entry penalty by name, a rule of the regulation by its title.
pub fn code_words(lang: Lang, reg: &crate::rules::regulation::Regulation, code: &str) -> String {
    if code == crate::app::penalties::AUTO_LATE_ENTRY {
        return lang.msg(msg!("penalty-auto-late-entry"));
    }
    reg.penalty(code)
        .map(|rule| rule_title(lang, rule))
        .unwrap_or_else(|| rule_words(lang, code))
}
