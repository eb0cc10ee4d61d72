//! Problems of entries and line-ups (rules::lineup, play::entries) in the
//! page's language.

use super::eligibility_view::{reason, team_reason};
use crate::i18n::{Lang, Message};
use crate::msg;
use crate::play::entries::EntryProblem;
use crate::rules::lineup::Problem;

/// One problem of a line, in words.
pub fn line_problem(lang: Lang, p: &Problem, organization: &dyn Fn(i64) -> String) -> String {
    match p {
        Problem::Empty => lang.msg(msg!("line-empty")),
        Problem::Spaces => lang.msg(msg!("line-spaces")),
        Problem::WrongTeam { expected, found } => Message::new(msg!("line-wrong-team"))
            .arg("expected", expected)
            .arg("found", found)
            .render(lang),
        Problem::DoublesNotAllowed => lang.msg(msg!("line-no-doubles")),
        Problem::EmptyName { position } => Message::new(msg!("line-empty-name"))
            .arg("position", position)
            .render(lang),
        Problem::TooFewPlayers { found, needed } => Message::new(msg!("line-too-few"))
            .arg("found", found)
            .arg("needed", needed)
            .render(lang),
        Problem::TooManyNames { found, allowed } => Message::new(msg!("line-too-many"))
            .arg("found", found)
            .arg("allowed", allowed)
            .render(lang),
        Problem::UnknownNick { nick } => Message::new(msg!("line-unknown-nick"))
            .arg("nick", nick)
            .render(lang),
        Problem::NotMember { nick } => Message::new(msg!("line-not-member"))
            .arg("nick", nick)
            .render(lang),
        Problem::Duplicate { nick } => Message::new(msg!("line-duplicate"))
            .arg("nick", nick)
            .render(lang),
        Problem::InAnotherEntry { nick, entry } => Message::new(msg!("line-other-entry"))
            .arg("nick", nick)
            .arg("entry", entry)
            .render(lang),
        Problem::InParallelEvent { nick, event } => Message::new(msg!("line-parallel-event"))
            .arg("nick", nick)
            .arg("event", event)
            .render(lang),
        Problem::NotEligible { nick, reasons } => Message::new(msg!("line-not-eligible"))
            .arg("nick", nick)
            .arg(
                "reasons",
                reasons
                    .iter()
                    .map(|r| reason(lang, r, organization))
                    .collect::<Vec<_>>()
                    .join("; "),
            )
            .render(lang),
    }
}

/// One reason an entry was refused, in words. `local` shows an instant in
/// the championship's time zone.
pub fn entry_problem(
    lang: Lang,
    p: &EntryProblem,
    organization: &dyn Fn(i64) -> String,
    local: &dyn Fn(chrono::NaiveDateTime) -> String,
) -> String {
    match p {
        EntryProblem::Line(p) => line_problem(lang, p, organization),
        EntryProblem::NotOpenYet { opens_at } => Message::new(msg!("entry-not-open"))
            .arg("at", local(*opens_at))
            .render(lang),
        EntryProblem::Closed => lang.msg(msg!("entry-closed")),
        EntryProblem::NoTeam => lang.msg(msg!("entry-no-team")),
        EntryProblem::TeamNotParticipant => lang.msg(msg!("entry-team-not-participant")),
        EntryProblem::Team(r) => team_reason(lang, r),
        EntryProblem::Sanctioned {
            code,
            sanction,
            nick,
        } => Message::new(msg!("entry-sanctioned"))
            .arg("code", code)
            .arg(
                "sanction",
                super::penalties::sanction_words(lang, *sanction),
            )
            .arg("nick", nick.clone().unwrap_or_else(|| "none".into()))
            .render(lang),
    }
}
