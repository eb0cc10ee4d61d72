//! Boards of a round (rules::boards) in words: board assignment problems
//! (G-V22, E-2), substitution announcements and checks (G-V31, G-V32),
//! withdrawal (G-G2) and lateness (E-6). Each function gives a [`Message`],
//! so the words can wait for the page's language (flashes, field errors);
//! `nick` names a person id.

use crate::app::boards::BoardsProblem;
use crate::db::rounds::result_words;
use crate::i18n::Message;
use crate::msg;
use crate::rules::boards::{
    AnnouncementProblem, BoardProblem, LateArrival, SubstitutionProblem, SubstitutionReason,
};

/// One problem with a board assignment.
pub fn board_problem(p: &BoardProblem, nick: &dyn Fn(i64) -> String) -> Message {
    match p {
        BoardProblem::WrongBoardCount { found, expected } => {
            Message::new(msg!("boards-wrong-count"))
                .arg("found", found)
                .arg("expected", expected)
        }
        BoardProblem::NotInEntry { board, person } => Message::new(msg!("boards-not-in-entry"))
            .arg("board", board)
            .arg("nick", nick(*person)),
        BoardProblem::OnTwoBoards {
            person,
            first,
            again,
        } => Message::new(msg!("boards-on-two-boards"))
            .arg("nick", nick(*person))
            .arg("first", first)
            .arg("again", again),
        BoardProblem::MovedBoard {
            person,
            own,
            placed,
        } => Message::new(msg!("boards-moved"))
            .arg("nick", nick(*person))
            .arg("own", own)
            .arg("placed", placed),
        BoardProblem::SubstituteBoardFixed {
            person,
            played,
            placed,
        } => Message::new(msg!("boards-substitute-fixed"))
            .arg("nick", nick(*person))
            .arg("played", played)
            .arg("placed", placed),
    }
}

/// How many boards of an accepted line-up are empty (each is forfeited).
pub fn empty_boards(count: usize) -> Message {
    Message::new(msg!("boards-empty")).arg("count", count)
}

/// G-G2: the team is withdrawn; `max_missing` is the regulation's threshold.
pub fn withdrawn(max_missing: u8) -> Message {
    Message::new(msg!("boards-withdrawn")).arg("max", max_missing)
}

/// The announcement's format with an example, to show beside its problems.
pub fn announcement_format() -> Message {
    Message::new(msg!("boards-ann-format"))
}

/// One problem with the text of a substitution announcement.
pub fn announcement_problem(p: &AnnouncementProblem) -> Message {
    match p {
        AnnouncementProblem::Empty => msg!("boards-ann-empty").into(),
        AnnouncementProblem::MissingArrow => msg!("boards-ann-missing-arrow").into(),
        AnnouncementProblem::SeveralArrows => msg!("boards-ann-several-arrows").into(),
        AnnouncementProblem::MissingComma => msg!("boards-ann-missing-comma").into(),
        AnnouncementProblem::MissingTeam => msg!("boards-ann-missing-team").into(),
        AnnouncementProblem::MissingTable => msg!("boards-ann-missing-table").into(),
        AnnouncementProblem::BadTable { found } => {
            Message::new(msg!("boards-ann-bad-table")).arg("found", found)
        }
        AnnouncementProblem::EmptyOutNick => msg!("boards-ann-empty-out").into(),
        AnnouncementProblem::EmptyInNick => msg!("boards-ann-empty-in").into(),
        AnnouncementProblem::BadNick { nick } => {
            Message::new(msg!("boards-ann-bad-nick")).arg("nick", nick)
        }
    }
}

/// One problem with a substitution.
pub fn substitution_problem(p: &SubstitutionProblem, nick: &dyn Fn(i64) -> String) -> Message {
    match p {
        SubstitutionProblem::WrongTeam { expected, found } => {
            Message::new(msg!("boards-sub-wrong-team"))
                .arg("expected", expected)
                .arg("found", found)
        }
        SubstitutionProblem::UnknownNick { nick } => {
            Message::new(msg!("boards-sub-unknown-nick")).arg("nick", nick)
        }
        SubstitutionProblem::NoSuchBoard { board, boards } => {
            Message::new(msg!("boards-sub-no-such-board"))
                .arg("board", board)
                .arg("boards", boards)
        }
        SubstitutionProblem::NotOnBoard {
            person,
            board,
            actual: Some(actual),
        } => Message::new(msg!("boards-sub-not-on-board"))
            .arg("nick", nick(*person))
            .arg("board", board)
            .arg("actual", nick(*actual)),
        SubstitutionProblem::NotOnBoard {
            person,
            board,
            actual: None,
        } => Message::new(msg!("boards-sub-board-empty"))
            .arg("nick", nick(*person))
            .arg("board", board),
        SubstitutionProblem::NotSubstitute { person } => {
            Message::new(msg!("boards-sub-not-substitute")).arg("nick", nick(*person))
        }
        SubstitutionProblem::AlreadyPlayedThisRound { person } => {
            Message::new(msg!("boards-sub-already-played")).arg("nick", nick(*person))
        }
        SubstitutionProblem::PlayedAnotherBoard {
            person,
            played,
            board,
        } => Message::new(msg!("boards-sub-another-board"))
            .arg("nick", nick(*person))
            .arg("played", played)
            .arg("board", board),
    }
}

/// Why a substitution was made, with its rule when the championship's
/// regulation (`preset`) has one.
pub fn substitution_reason(r: SubstitutionReason, preset: &str) -> Message {
    crate::app::boards::reason_cited(r, preset)
}

/// A lateness decision (E-6); a delay shows as minutes:seconds.
pub fn late_arrival(d: LateArrival) -> Message {
    match d {
        LateArrival::Forfeit => msg!("boards-late-forfeit").into(),
        LateArrival::ClockReduced(seconds) => Message::new(msg!("boards-late-clock"))
            .arg("delay", format!("{}:{:02}", seconds / 60, seconds % 60)),
    }
}

/// A withdrawal's refusal in words, for another page (G-D2 removal on the
/// penalties page).
pub fn problem_words(lang: crate::i18n::Lang, p: &BoardsProblem) -> String {
    problem(p, &|id| id.to_string()).render(lang)
}

/// A refusal in words.
pub fn problem(p: &BoardsProblem, nick: &dyn Fn(i64) -> String) -> Message {
    match p {
        BoardsProblem::OnGame { problem: inner, .. } => problem(inner, nick),
        BoardsProblem::Lineup(b) => board_problem(b, nick),
        BoardsProblem::Announcement(a) => announcement_problem(a),
        BoardsProblem::Substitution(s) => substitution_problem(s, nick),
        BoardsProblem::NotPlaying => msg!("lineup-not-playing").into(),
        // Not cited: the rule is another regulation's.
        BoardsProblem::NotInRegulation { .. } => msg!("rule-not-in-regulation").into(),
        BoardsProblem::RoundNotOpen { round } => {
            Message::new(msg!("lineup-round-closed")).arg("round", round)
        }
        BoardsProblem::RoundNotRunning => msg!("match-not-running").into(),
        BoardsProblem::BoardFinished { board } => {
            Message::new(msg!("match-board-finished")).arg("board", board)
        }
        BoardsProblem::NoSuchGame { game } => {
            Message::new(msg!("substitution-no-such-game")).arg("game", game)
        }
        BoardsProblem::GamePlayed { game } => {
            Message::new(msg!("substitution-game-played")).arg("game", game)
        }
        BoardsProblem::Changed { result, .. } => {
            Message::new(msg!("game-changed")).arg("result", result_words(result))
        }
        BoardsProblem::OutOfOrder {
            breach,
            higher_player,
            lower_player,
            tolerance,
        } => Message::new(msg!("lineup-out-of-order"))
            .arg("lower_nick", nick(*lower_player))
            .arg("lower_rating", breach.lower_rating)
            .arg("lower", breach.lower)
            .arg("higher_nick", nick(*higher_player))
            .arg("higher_rating", breach.higher_rating)
            .arg("higher", breach.higher)
            .arg("tolerance", *tolerance),
        BoardsProblem::ArmageddonBoard { board } => {
            Message::new(msg!("match-armageddon-board")).arg("board", board)
        }
        BoardsProblem::NotAResult => msg!("report-not-a-result").into(),
        BoardsProblem::Result(r) => crate::words::rounds::result_problem(r)
            .unwrap_or_else(|| msg!("report-not-a-result").into()),
        BoardsProblem::AlreadyDecided => msg!("report-already-decided").into(),
        BoardsProblem::AlreadyRetired => msg!("retire-already").into(),
        BoardsProblem::ReasonRequired => msg!("reason-required").into(),
        BoardsProblem::BadLateness => msg!("late-bad-value").into(),
        BoardsProblem::Finished => msg!("tournament-already-finished").into(),
        BoardsProblem::Stranger { nick, why } => match why {
            crate::app::boards::Stranger::NoSuchPlayer => {
                Message::new(msg!("boards-sub-no-such-player")).arg("nick", nick)
            }
            crate::app::boards::Stranger::OtherTeam { team } => {
                Message::new(msg!("boards-sub-other-team"))
                    .arg("nick", nick)
                    .arg("team", team)
            }
            crate::app::boards::Stranger::NotInEntry { entry } => {
                Message::new(msg!("boards-sub-not-in-entry"))
                    .arg("nick", nick)
                    .arg("entry", entry)
            }
        },
        BoardsProblem::Unfit { nick, .. } => {
            Message::new(msg!("unfit-player-short")).arg("nick", nick)
        }
    }
}

/// A refusal in words, with every reason a player may not play (which
/// [`problem`] only names). `local` shows an instant in the championship's
/// time zone.
pub fn problem_text(
    lang: crate::i18n::Lang,
    p: &BoardsProblem,
    nick: &dyn Fn(i64) -> String,
    local: &dyn Fn(chrono::NaiveDateTime) -> String,
) -> String {
    match p {
        BoardsProblem::Unfit { nick, why } => {
            crate::words::eligibility::unfit(lang, nick, why, &|id| id.to_string(), local)
        }
        other => problem(other, nick).render(lang),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::i18n::Lang;

    fn nick(id: i64) -> String {
        format!("nick{id}")
    }

    /// Every variant, so a new one cannot go unworded.
    fn all_messages() -> Vec<Message> {
        let mut out: Vec<Message> = [
            BoardProblem::WrongBoardCount {
                found: 4,
                expected: 5,
            },
            BoardProblem::NotInEntry {
                board: 1,
                person: 9,
            },
            BoardProblem::OnTwoBoards {
                person: 3,
                first: 2,
                again: 3,
            },
            BoardProblem::MovedBoard {
                person: 2,
                own: 2,
                placed: 4,
            },
            BoardProblem::SubstituteBoardFixed {
                person: 7,
                played: 1,
                placed: 4,
            },
        ]
        .iter()
        .map(|p| board_problem(p, &nick))
        .collect();
        use AnnouncementProblem as A;
        out.extend(
            [
                A::Empty,
                A::MissingArrow,
                A::SeveralArrows,
                A::MissingComma,
                A::MissingTeam,
                A::MissingTable,
                A::BadTable { found: "3a".into() },
                A::EmptyOutNick,
                A::EmptyInNick,
                A::BadNick {
                    nick: "vasya pupkin".into(),
                },
            ]
            .iter()
            .map(announcement_problem),
        );
        use SubstitutionProblem as S;
        out.extend(
            [
                S::WrongTeam {
                    expected: "Ладья".into(),
                    found: "Конь".into(),
                },
                S::UnknownNick {
                    nick: "ghost".into(),
                },
                S::NoSuchBoard {
                    board: 6,
                    boards: 5,
                },
                S::NotOnBoard {
                    person: 2,
                    board: 1,
                    actual: Some(1),
                },
                S::NotOnBoard {
                    person: 3,
                    board: 3,
                    actual: None,
                },
                S::NotSubstitute { person: 5 },
                S::AlreadyPlayedThisRound { person: 7 },
                S::PlayedAnotherBoard {
                    person: 8,
                    played: 1,
                    board: 3,
                },
            ]
            .iter()
            .map(|p| substitution_problem(p, &nick)),
        );
        out.extend([
            substitution_reason(SubstitutionReason::CaptainDecision, "G"),
            substitution_reason(SubstitutionReason::LostConnection, "E"),
            late_arrival(LateArrival::Forfeit),
            late_arrival(LateArrival::ClockReduced(200)),
            empty_boards(1),
            empty_boards(2),
            empty_boards(5),
            withdrawn(2),
            announcement_format(),
        ]);
        out
    }

    #[test]
    fn every_boards_message_is_worded_in_both_languages() {
        for m in all_messages() {
            let ru = m.render(Lang::Ru);
            let en = m.render(Lang::En);
            for text in [&ru, &en] {
                assert!(!text.contains("Unknown localization"), "{text}");
                // An argument the file does not know, or one the code forgot.
                assert!(!text.contains('{') && !text.contains('}'), "{text}");
                for (_, value) in &m.args {
                    assert!(text.contains(value.as_str()), "{value} missing in {text}");
                }
            }
            assert_ne!(ru, en, "{}", m.key);
        }
    }

    #[test]
    fn g_v22_a_move_is_worded_with_nick_and_boards() {
        let m = board_problem(
            &BoardProblem::MovedBoard {
                person: 2,
                own: 2,
                placed: 4,
            },
            &nick,
        );
        let en = m.render(Lang::En).to_lowercase();
        assert!(
            en.contains("nick2") && en.contains("board 2") && en.contains("board 4"),
            "{en}"
        );
        let ru = m.render(Lang::Ru);
        assert!(
            ru.contains("nick2") && ru.contains("доска 2") && ru.contains("4"),
            "{ru}"
        );
    }

    #[test]
    fn e_6_clock_reduction_shows_minutes_and_seconds() {
        let m = late_arrival(LateArrival::ClockReduced(5 * 60));
        assert!(
            m.render(Lang::En).contains("5:00"),
            "{}",
            m.render(Lang::En)
        );
        assert!(
            m.render(Lang::Ru).contains("5:00"),
            "{}",
            m.render(Lang::Ru)
        );
    }

    #[test]
    fn g_g2_empty_boards_agree_in_number() {
        assert!(empty_boards(1).render(Lang::En).contains("1 board is"));
        assert!(empty_boards(2).render(Lang::En).contains("2 boards are"));
        assert!(empty_boards(1).render(Lang::Ru).contains("1 доска"));
        assert!(empty_boards(2).render(Lang::Ru).contains("2 доски"));
        assert!(empty_boards(5).render(Lang::Ru).contains("5 досок"));
    }
}
