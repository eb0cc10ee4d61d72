//! Game results and the refusals of the round actions (draw, pairing,
//! publication, results, finish, play-offs) in the reader's language.

use crate::app::rounds::RoundProblem;
use crate::db::rounds::result_words;
use crate::i18n::Message;
use crate::msg;

/// A round action's refusal in words (also an appeal's, when its changed
/// results cannot be placed).
/// A pairing criterion of FIDE C.04.6 (or of a regulation) in words.
pub fn criterion_words(lang: crate::i18n::Lang, c: crate::rules::pairing::Criterion) -> String {
    use crate::rules::pairing::Criterion as C;
    lang.msg(match c {
        C::C1NoRematch => msg!("criterion-c1"),
        C::C2NoSecondBye => msg!("criterion-c2"),
        C::C3Completion => msg!("criterion-c3"),
        C::C4C5Upfloaters => msg!("criterion-c4-c5"),
        C::C7RepeatedFloat => msg!("criterion-c7"),
        C::C8ColourPreference => msg!("criterion-c8"),
        C::C9StrongColourPreference => msg!("criterion-c9"),
        C::C10FloaterOpponents => msg!("criterion-c10"),
        C::GV1Format => msg!("criterion-g-v1"),
        C::E1Playoff => msg!("criterion-e-1"),
        C::E9PlayoffTie => msg!("criterion-e-9"),
        C::Input => msg!("criterion-input"),
    })
}

pub fn round_problem_words(lang: crate::i18n::Lang, p: &RoundProblem) -> String {
    fn t1(
        lang: crate::i18n::Lang,
        key: crate::i18n::MsgKey,
        name: &str,
        value: impl ToString,
    ) -> String {
        Message::new(key).arg(name, value).render(lang)
    }
    match p {
        RoundProblem::AlreadyDrawn => lang.msg(msg!("round-already-drawn")),
        RoundProblem::NotDrawn => lang.msg(msg!("round-not-drawn")),
        RoundProblem::NoFormat { entries } => t1(lang, msg!("round-no-format"), "count", entries),
        RoundProblem::PreviousRoundOpen { round } => {
            t1(lang, msg!("round-previous-open"), "round", round)
        }
        RoundProblem::AllRoundsPaired => lang.msg(msg!("round-all-paired")),
        RoundProblem::Engine(detail) => t1(lang, msg!("round-engine"), "detail", detail),
        RoundProblem::NoPairing { criterion, entries } => {
            crate::i18n::Message::new(msg!("round-no-pairing"))
                .arg("criterion", criterion_words(lang, *criterion))
                .arg("entries", entries)
                .arg("limit", crate::app::rounds::swiss_round_limit(*entries))
                .render(lang)
        }
        RoundProblem::NotConfirmed => lang.msg(msg!("confirm-required")),
        RoundProblem::RoundIncomplete { round } => {
            t1(lang, msg!("round-incomplete"), "round", round)
        }
        RoundProblem::Unsupported => lang.msg(msg!("round-unsupported")),
        RoundProblem::Changed { result, .. } | RoundProblem::SheetChanged { result, .. } => {
            t1(lang, msg!("game-changed"), "result", result_words(result))
        }
        RoundProblem::NotPublished => lang.msg(msg!("round-not-published")),
        RoundProblem::UnknownResult => lang.msg(msg!("game-bad-result")),
        RoundProblem::NotFinished => lang.msg(msg!("tournament-not-finished")),
        RoundProblem::AlreadyFinished => lang.msg(msg!("tournament-already-finished")),
        RoundProblem::InPlay => lang.msg(msg!("tournament-not-finished-yet")),
        RoundProblem::PlayoffNeeded { entries } => t1(
            lang,
            msg!("tournament-playoff-needed"),
            "entries",
            entries.join(", "),
        ),
        RoundProblem::AlreadyPublished => lang.msg(msg!("adjust-published")),
        RoundProblem::NotInRound => lang.msg(msg!("adjust-not-in-round")),
        RoundProblem::NotLotRound => lang.msg(msg!("lot-not-lot-round")),
        RoundProblem::TypedLot(problems) => problems
            .iter()
            .map(|p| typed_lot_words(lang, p))
            .collect::<Vec<_>>()
            .join(" "),
        RoundProblem::ReasonRequired => lang.msg(msg!("reason-required")),
        RoundProblem::ArmageddonNeeded { entries } => t1(
            lang,
            msg!("armageddon-needed"),
            "entries",
            entries.join(" – "),
        ),
        RoundProblem::ArmageddonNotDue => lang.msg(msg!("armageddon-not-due")),
        RoundProblem::ArmageddonExists => lang.msg(msg!("armageddon-exists")),
        RoundProblem::PlayoffNotNeeded => lang.msg(msg!("playoff-not-needed")),
        RoundProblem::PlayoffTooMany { entries } => t1(
            lang,
            msg!("playoff-too-many"),
            "entries",
            entries.join(", "),
        ),
        RoundProblem::Standing(x) => crate::words::appeals::standing_words(lang, x),
        RoundProblem::NotSwiss => lang.msg(msg!("rounds-error-not-swiss")),
        RoundProblem::TooManyRounds {
            rounds,
            entries,
            limit,
        } => crate::i18n::Message::new(msg!("rounds-error-too-many"))
            .arg("rounds", rounds)
            .arg("entries", entries)
            .arg("limit", limit)
            .render(lang),
        RoundProblem::RoundsOutOfRange { paired } => t1(
            lang,
            msg!("rounds-error-range"),
            "paired",
            paired.to_string(),
        ),
        RoundProblem::BeforeStart { .. }
        | RoundProblem::EmptyBoard { .. }
        | RoundProblem::RoundCompleted { .. }
        | RoundProblem::PgnSays { .. } => result_problem(p)
            .map(|m| m.render(lang))
            .unwrap_or_default(),
    }
}

/// Why a result may not be written (`app::play_state::check_result`), as
/// a message any page can word: `None` for the other round problems.
pub fn result_problem(p: &RoundProblem) -> Option<Message> {
    Some(match p {
        RoundProblem::BeforeStart { starts } => {
            Message::new(msg!("result-before-start")).arg("starts", starts)
        }
        RoundProblem::EmptyBoard {
            board,
            game_no,
            only,
            ..
        } => Message::new(msg!("result-empty-board"))
            .arg("board", board)
            .arg("game", game_no)
            .arg("only", result_words(only)),
        RoundProblem::RoundCompleted { round } => {
            Message::new(msg!("result-round-completed")).arg("round", round)
        }
        RoundProblem::PgnSays { result, .. } => {
            Message::new(msg!("result-pgn-says")).arg("result", result_words(result))
        }
        _ => return None,
    })
}

/// one problem of a typed lot in words.
fn typed_lot_words(lang: crate::i18n::Lang, p: &crate::app::rounds::TypedLot) -> String {
    use crate::app::rounds::TypedLot as L;
    match p {
        L::HalfEmpty(table, e) => Message::new(msg!("lot-half-empty"))
            .arg("table", table)
            .arg("entry", e)
            .render(lang),
        L::Missing(e) => Message::new(msg!("lot-missing"))
            .arg("entry", e)
            .render(lang),
        L::Twice(e) => Message::new(msg!("lot-twice")).arg("entry", e).render(lang),
        L::WithItself(e) => Message::new(msg!("lot-with-itself"))
            .arg("entry", e)
            .render(lang),
        L::Unknown => lang.msg(msg!("lot-unknown")),
        L::Bye { expected: true } => lang.msg(msg!("lot-bye-needed")),
        L::Bye { expected: false } => lang.msg(msg!("lot-bye-none")),
        L::Rematch(a, b) => Message::new(msg!("lot-rematch"))
            .arg("a", a)
            .arg("b", b)
            .render(lang),
    }
}
