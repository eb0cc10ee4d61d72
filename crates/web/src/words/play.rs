//! Problems of entries and line-ups (rules::lineup, play::entries) in the
//! page's language.

use crate::app::entries::EntryProblem;
use crate::i18n::cite::Cite;
use crate::i18n::{Lang, Message};
use crate::msg;
use crate::rules::lineup::{ParallelEvent, Problem};
use crate::words::eligibility::{reason, team_reason};

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
        Problem::InParallelEvent { nick, event } => match event {
            ParallelEvent::SameDay { championship } => Message::new(msg!("line-parallel-event"))
                .arg("nick", nick)
                .arg("event", championship)
                .render(lang),
            ParallelEvent::SeriesSport { series, sport } => {
                Message::new(msg!("line-parallel-sport"))
                    .arg("nick", nick)
                    .arg("sport", sport)
                    .arg("series", series)
                    .render(lang)
            }
        },
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
        EntryProblem::PastDeadline { deadline } => Message::new(msg!("entry-past-deadline"))
            .arg("at", local(*deadline))
            .render(lang),
        EntryProblem::Closed => lang.msg(msg!("entry-closed")),
        EntryProblem::NoTeam => lang.msg(msg!("entry-no-team")),
        EntryProblem::UndertakingRequired => lang.msg(msg!("entry-undertaking-required")),
        EntryProblem::TeamNotParticipant => lang.msg(msg!("entry-team-not-participant")),
        EntryProblem::Team(r) => team_reason(lang, r),
        EntryProblem::Sanctioned {
            code,
            sanction,
            nick,
        } => Message::new(msg!("entry-sanctioned"))
            .rule("code", code)
            .arg(
                "sanction",
                crate::words::penalties::sanction_words(lang, *sanction),
            )
            .arg("nick", nick.clone().unwrap_or_else(|| "none".into()))
            .render(lang),
    }
}

/// A round's notes (how it was paired, what the judges changed) in the
/// page's language; notes stored as text by older versions as they are.
pub fn round_notes(lang: Lang, stored: &str) -> String {
    match crate::app::notes::decode(stored) {
        Ok(notes) => notes
            .iter()
            .map(|n| n.message().render(lang))
            .collect::<Vec<_>>()
            .join("; "),
        Err(text) => text.to_owned(),
    }
}
