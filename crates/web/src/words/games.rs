//! A PGN import's refusals, what becomes of each game of the file, and a
//! game's place, in the reader's language.

use crate::app::games::{Done, GameAt, GamesProblem, PreviewLine, Why};
use crate::i18n::{Lang, Message};
use crate::msg;
use crate::rules::game_import::{Entered, Outcome, Verdict};

/// A game's place as people say it: «тур 1, стол 3, доска 2» (and the
/// game of the pairing when it plays more than one, E-3: «партия 2»).
pub fn at_words(lang: Lang, at: &GameAt) -> String {
    Message::new(msg!("game-place"))
        .arg("round", at.round)
        .arg("table", at.table)
        .arg("board", at.board)
        .arg("game", if at.game_no > 1 { at.game_no } else { 0 })
        .render(lang)
}

pub fn problem_words(lang: Lang, p: &GamesProblem) -> String {
    match p {
        GamesProblem::NoGames => lang.msg(msg!("games-error-no-games")),
        GamesProblem::TooLarge => Message::new(msg!("games-error-too-large"))
            .arg(
                "max",
                super::size_words(lang, crate::app::games::MAX_PGN_BYTES as u64),
            )
            .render(lang),
        GamesProblem::AlreadyConfirmed => lang.msg(msg!("games-error-confirmed")),
        GamesProblem::Round(r) => super::rounds::round_problem_words(lang, r),
        GamesProblem::NotOneGame => lang.msg(msg!("games-error-not-one-game")),
        GamesProblem::OtherPlayers => lang.msg(msg!("games-error-other-players")),
        GamesProblem::OtherResult => lang.msg(msg!("games-error-other-result")),
    }
}

/// Why a game of the file is left out.
pub fn why_words(lang: Lang, why: &Why) -> String {
    match why {
        Why::NoPlayers => lang.msg(msg!("games-left-no-players")),
        Why::NoResult => lang.msg(msg!("games-left-no-result")),
        Why::NotInPairing { nicks } => Message::new(msg!("games-left-not-in-pairing"))
            .arg("nicks", nicks.join(", "))
            .render(lang),
        Why::NoSuchGame => lang.msg(msg!("games-left-no-such-game")),
        Why::OtherRound { round } => Message::new(msg!("games-left-other-round"))
            .arg("round", *round)
            .render(lang),
        Why::Duplicate { line } => Message::new(msg!("games-left-duplicate"))
            .arg("line", *line)
            .render(lang),
        Why::NotPublished => lang.msg(msg!("round-not-published")),
        Why::Finished => lang.msg(msg!("tournament-already-finished")),
    }
}

fn outcome_code(o: Outcome) -> &'static str {
    match o {
        Outcome::WhiteWins => "1-0",
        Outcome::Draw => "½-½",
        Outcome::BlackWins => "0-1",
    }
}

/// What the preview says a game of the file will do.
pub fn verdict_words(lang: Lang, l: &PreviewLine) -> String {
    if let Some(p) = &l.blocked
        && !matches!(l.verdict, Verdict::Attach { .. } | Verdict::LeftOut(_))
    {
        return Message::new(msg!("games-verdict-blocked"))
            .arg("why", super::rounds::round_problem_words(lang, p))
            .render(lang);
    }
    match &l.verdict {
        Verdict::Record { result, .. } => Message::new(msg!("games-verdict-record"))
            .arg("result", outcome_code(*result))
            .render(lang),
        Verdict::Attach { .. } => lang.msg(msg!("games-verdict-attach")),
        Verdict::Conflict { file, entered, .. } => Message::new(msg!("games-verdict-conflict"))
            .arg("file", outcome_code(*file))
            .arg(
                "entered",
                match entered {
                    Entered::Played(o) => outcome_code(*o).to_owned(),
                    Entered::Forfeit => lang.msg(msg!("games-entered-forfeit")),
                    Entered::Pending => "…".to_owned(),
                },
            )
            .render(lang),
        Verdict::LeftOut(why) => why_words(lang, &Why::of(why)),
    }
}

/// What a confirmed import did with a game.
pub fn done_words(lang: Lang, d: Done) -> String {
    lang.msg(match d {
        Done::Recorded => msg!("games-done-recorded"),
        Done::Attached => msg!("games-done-attached"),
        Done::KeptEntered => msg!("games-done-kept"),
        Done::LeftOut => msg!("games-done-left"),
    })
}
