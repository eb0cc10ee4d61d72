//! Problems of entries and line-ups (rules::lineup, play::entries) in the
//! page's language.

use crate::app::entries::EntryProblem;
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
            .arg("code", code)
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
    use crate::app::notes::{RoundNote, decode};
    let notes = match decode(stored) {
        Ok(notes) => notes,
        Err(text) => return text.to_owned(),
    };
    let stage = |code: &str| match code {
        "semi" => lang.msg(msg!("note-stage-semi")),
        "final" => lang.msg(msg!("note-stage-final")),
        "third" => lang.msg(msg!("note-stage-third")),
        other => other.to_owned(),
    };
    notes
        .iter()
        .map(|n| match n {
            RoundNote::Berger { table_round } => Message::new(msg!("note-berger"))
                .arg("round", table_round)
                .render(lang),
            RoundNote::Lot { seed } => Message::new(msg!("note-lot"))
                .arg("seed", seed)
                .render(lang),
            RoundNote::Swiss => lang.msg(msg!("note-swiss")),
            RoundNote::GroupStage { round, first } => Message::new(if *first {
                msg!("note-group-first")
            } else {
                msg!("note-group")
            })
            .arg("round", round)
            .render(lang),
            RoundNote::GroupLot { group, place, seed } => Message::new(msg!("note-group-lot"))
                .arg("group", group)
                .arg("place", place)
                .arg("seed", seed)
                .render(lang),
            RoundNote::KnockoutFirst => lang.msg(msg!("note-knockout-first")),
            RoundNote::Knockout { stages } => Message::new(msg!("note-knockout"))
                .arg(
                    "stages",
                    stages
                        .iter()
                        .map(|s| stage(s))
                        .collect::<Vec<_>>()
                        .join(", "),
                )
                .render(lang),
            RoundNote::Playoff { games } => Message::new(msg!("note-playoff"))
                .arg("games", games)
                .render(lang),
            RoundNote::Adjusted { a, b, reason } => Message::new(msg!("note-adjusted"))
                .arg("a", a)
                .arg("b", b)
                .arg("reason", reason)
                .render(lang),
        })
        .collect::<Vec<_>>()
        .join("; ")
}
