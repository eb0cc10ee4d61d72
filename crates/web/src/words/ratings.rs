//! Ratings' problems and a rating list's unread lines, in the reader's
//! words: the administrator's list page and the officials' forms on a
//! person's page share them.

use crate::app::ratings::{MAX_PAGE_LIST_BYTES, RatingProblem};
use crate::i18n::{Lang, Message};
use crate::msg;
use crate::rules::rating::fide_list::{LineFault, ListError};

/// A refusal in the page's words.
pub fn problem_words(lang: Lang, p: &RatingProblem) -> String {
    problem_message(p).render(lang)
}

/// A refusal as a message (a flash is worded when it is read).
pub fn problem_message(p: &RatingProblem) -> Message {
    match p {
        RatingProblem::NotAList(e) => match e {
            ListError::Empty => msg!("ratings-error-empty").into(),
            ListError::NoHeader => msg!("ratings-error-no-header").into(),
            ListError::MissingColumn(c) if c == "name" => {
                msg!("ratings-error-no-player-column").into()
            }
            ListError::MissingColumn(_) => msg!("ratings-error-no-rating-column").into(),
            ListError::Xml { line, .. } => {
                Message::new(msg!("ratings-error-xml")).arg("line", *line)
            }
            ListError::NoPlayer => msg!("ratings-error-no-player").into(),
        },
        RatingProblem::TooLarge => Message::new(msg!("ratings-error-too-large"))
            .arg("max", MAX_PAGE_LIST_BYTES / (1024 * 1024)),
        RatingProblem::NoneOfOurs { players } => {
            Message::new(msg!("ratings-error-none-of-ours")).arg("players", *players)
        }
        RatingProblem::AlreadyConfirmed => msg!("ratings-error-confirmed").into(),
        RatingProblem::FideIdTaken { holder } => {
            Message::new(msg!("ratings-error-fide-id-taken")).arg("holder", holder.as_str())
        }
        RatingProblem::BadRating => msg!("ratings-error-bad-rating").into(),
        RatingProblem::FutureDate => msg!("ratings-error-future-date").into(),
        RatingProblem::NotTyped => msg!("ratings-error-not-typed").into(),
    }
}

/// Why a line of a list was left out.
pub fn line_fault(lang: Lang, fault: &crate::rules::rating::fide_list::LineFault) -> String {
    let m: Message = match fault {
        LineFault::NoId => msg!("ratings-fault-no-id").into(),
        LineFault::BadId(v) => Message::new(msg!("ratings-fault-bad-id")).arg("value", v.as_str()),
        LineFault::BadRating { value, .. } => {
            Message::new(msg!("ratings-fault-bad-rating")).arg("value", value.as_str())
        }
        LineFault::BadYear(v) => {
            Message::new(msg!("ratings-fault-bad-year")).arg("value", v.as_str())
        }
        LineFault::Stray => msg!("ratings-fault-stray").into(),
        LineFault::BadDate(v) => {
            Message::new(msg!("ratings-fault-bad-date")).arg("value", v.as_str())
        }
        LineFault::Unknown(v) => {
            Message::new(msg!("ratings-fault-unknown")).arg("value", v.as_str())
        }
        LineFault::Ambiguous(v) => {
            Message::new(msg!("ratings-fault-ambiguous")).arg("value", v.as_str())
        }
    };
    m.render(lang)
}
