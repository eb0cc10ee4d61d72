//! The refusals of the appeals committee's steps and of fixing places, in
//! the reader's language.

use crate::app::appeals::AppealProblem;
use crate::i18n::{Lang, Message};
use crate::msg;
use crate::rules::places::FixProblem;

pub fn problem_words(lang: Lang, p: &AppealProblem) -> String {
    match p {
        AppealProblem::TournamentNotFinished => lang.msg(msg!("appeal-not-finished")),
        AppealProblem::NotCaptain => lang.msg(msg!("appeal-not-captain")),
        AppealProblem::WhatRequired => lang.msg(msg!("appeal-what-required")),
        AppealProblem::ClaimRequired => lang.msg(msg!("appeal-claim-required")),
        AppealProblem::ContestedRequired => lang.msg(msg!("appeal-contested-required")),
        AppealProblem::UnknownTeam => lang.msg(msg!("appeal-unknown-team")),
        AppealProblem::Decided => lang.msg(msg!("appeal-decided-already")),
        AppealProblem::AlreadyVoted => lang.msg(msg!("appeal-already-voted")),
        AppealProblem::NoVotes => lang.msg(msg!("appeal-no-votes")),
        AppealProblem::UnknownGame => lang.msg(msg!("appeal-unknown-game")),
        AppealProblem::UnknownResult => lang.msg(msg!("appeal-unknown-result")),
        AppealProblem::EmptyBoard { only } => Message::new(msg!("appeal-empty-board"))
            .arg("only", only)
            .render(lang),
        AppealProblem::UnknownPenalty => lang.msg(msg!("appeal-unknown-penalty")),
        AppealProblem::UnknownPerson { nick } => Message::new(msg!("appeal-unknown-person"))
            .arg("nick", nick)
            .render(lang),
        AppealProblem::NotOfConcernedTeam => lang.msg(msg!("appeal-not-of-concerned-team")),
        AppealProblem::NoSupervisedDemand => lang.msg(msg!("appeal-no-supervised-demand")),
        AppealProblem::SupervisedRecorded => lang.msg(msg!("appeal-supervised-recorded")),
        AppealProblem::AlreadyReferred { case } => Message::new(msg!("fairplay-referred-already"))
            .arg("case", case.0)
            .render(lang),
        AppealProblem::GroundsRequired => lang.msg(msg!("fairplay-grounds-required")),
        AppealProblem::NotConfirmed => lang.msg(msg!("confirm-required")),
        AppealProblem::Penalty(p) => Message::new(msg!("appeal-penalty-refused"))
            .arg("problem", crate::words::penalties::problem_words(lang, p))
            .render(lang),
        AppealProblem::Places(why) => Message::new(msg!("appeal-places-refused"))
            .arg(
                "problem",
                crate::words::rounds::round_problem_words(lang, why),
            )
            .render(lang),
        AppealProblem::UnknownEntry => lang.msg(msg!("appeal-unknown-entry")),
        AppealProblem::Standing(x) => standing_words(lang, x),
    }
}

/// Why the final places asked do not fit the tournament (G-D4).
pub fn standing_words(lang: Lang, p: &FixProblem) -> String {
    match p {
        FixProblem::OutOfRange { place, last } => {
            Message::new(msg!("appeal-standing-out-of-range"))
                .arg("place", place)
                .arg("last", last)
                .render(lang)
        }
        FixProblem::Taken { place } => Message::new(msg!("appeal-standing-taken"))
            .arg("place", place)
            .render(lang),
        FixProblem::FixedTwice => lang.msg(msg!("appeal-standing-twice")),
        FixProblem::NotPlaced => lang.msg(msg!("appeal-standing-not-placed")),
    }
}
