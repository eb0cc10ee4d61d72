//! The refusals of a TRF import, in the reader's language.

use crate::app::trf::ImportProblem;
use crate::i18n::{Lang, Message};
use crate::msg;
use crate::rules::trf::{Expected, Field};

/// A refusal in the page's language.
pub fn problem_words(lang: Lang, p: &ImportProblem) -> String {
    match p {
        ImportProblem::Malformed(e) if e.line == 0 => Message::new(msg!("import-malformed-file"))
            .arg("expected", expected_words(lang, &e.expected))
            .arg("found", &e.found)
            .render(lang),
        ImportProblem::Malformed(e) => Message::new(msg!("import-malformed-line"))
            .arg("line", e.line)
            .arg("expected", expected_words(lang, &e.expected))
            .arg("found", &e.found)
            .render(lang),
        ImportProblem::KnockoutFile => lang.msg(msg!("import-knockout-file")),
        ImportProblem::GroupsThenKnockout => lang.msg(msg!("import-groups-then-knockout")),
        ImportProblem::Boards { file, regulation } => Message::new(msg!("import-boards"))
            .arg("file", file)
            .arg("regulation", regulation)
            .render(lang),
        ImportProblem::NoTeams => lang.msg(msg!("import-no-teams")),
        ImportProblem::DuplicateTeam(name) => Message::new(msg!("import-duplicate-team"))
            .arg("name", name)
            .render(lang),
        ImportProblem::TeamName { name, refusal } => Message::new(msg!("import-team-name"))
            .arg("name", name)
            .arg(
                "why",
                crate::words::teams::refusal_message(refusal).render(lang),
            )
            .render(lang),
        ImportProblem::UnknownTeams(names) => Message::new(msg!("import-unknown-teams"))
            .arg("names", names.join(", "))
            .render(lang),
        ImportProblem::TeamNotApproved(name) => Message::new(msg!("import-team-not-approved"))
            .arg("name", name)
            .render(lang),
        ImportProblem::Bye { round, team, code } => Message::new(msg!("import-bye"))
            .arg("round", round)
            .arg("team", team)
            .arg("code", code)
            .render(lang),
        ImportProblem::NoStart => lang.msg(msg!("import-no-start")),
        ImportProblem::StartOutOfRange(date) => Message::new(msg!("import-start-out-of-range"))
            .arg("date", date.format("%d.%m.%Y"))
            .arg("first", crate::rules::schedule::YEARS.start())
            .arg("last", crate::rules::schedule::YEARS.end())
            .render(lang),
        ImportProblem::BadStartDate(text) => Message::new(msg!("import-bad-start-date"))
            .arg("text", text)
            .render(lang),
        ImportProblem::UnknownPlayer { team, player } => {
            Message::new(msg!("import-unknown-player"))
                .arg("team", team)
                .arg("player", player)
                .render(lang)
        }
        ImportProblem::TooManyTeams { count, max } => Message::new(msg!("import-too-many-teams"))
            .arg("count", count)
            .arg("max", max)
            .render(lang),
        ImportProblem::TooManyRounds { count, max } => Message::new(msg!("import-too-many-rounds"))
            .arg("count", count)
            .arg("max", max)
            .render(lang),
    }
}

/// What a malformed TRF line should have held, in the page's language.
pub fn expected_words(lang: Lang, e: &Expected) -> String {
    let m = match e {
        Expected::Printable => Message::new(msg!("trf-expected-printable")),
        Expected::LineLength { max } => {
            Message::new(msg!("trf-expected-line-length")).arg("max", *max as i64)
        }
        Expected::RecordTag => Message::new(msg!("trf-expected-record-tag")),
        Expected::PlayerCount => Message::new(msg!("trf-expected-player-count")),
        Expected::RoundCount { record: None } => Message::new(msg!("trf-expected-round-count")),
        Expected::RoundCount {
            record: Some(record),
        } => Message::new(msg!("trf-expected-round-count-record")).arg("record", record),
        Expected::InitialColour => Message::new(msg!("trf-expected-initial-colour")),
        Expected::TournamentType => Message::new(msg!("trf-expected-tournament-type")),
        Expected::TieBreakList => Message::new(msg!("trf-expected-tie-break-list")),
        Expected::BoardColours => Message::new(msg!("trf-expected-board-colours")),
        Expected::InColumns { field, from, to } => Message::new(msg!("trf-expected-in-columns"))
            .arg("field", field_words(lang, *field))
            .arg("from", from)
            .arg("to", to),
        Expected::PlayerPoints { from, to } => Message::new(msg!("trf-expected-player-points"))
            .arg("from", from)
            .arg("to", to),
        Expected::ByeType { column } => {
            Message::new(msg!("trf-expected-bye-type")).arg("column", column)
        }
        Expected::ForfeitType { from, to } => Message::new(msg!("trf-expected-forfeit-type"))
            .arg("from", from)
            .arg("to", to),
        Expected::ValueAfter { key } => {
            Message::new(msg!("trf-expected-value-after")).arg("key", key)
        }
        Expected::MatchPointsKey => Message::new(msg!("trf-expected-match-points-key")),
        Expected::TeamAfter801 => Message::new(msg!("trf-expected-team-after-801")),
        Expected::In801Header { field } => {
            Message::new(msg!("trf-expected-in-801-header")).arg("field", field_words(lang, *field))
        }
        Expected::RoundResultsAt { column } => {
            Message::new(msg!("trf-expected-round-results-at")).arg("column", column)
        }
        Expected::OpponentAt { column } => {
            Message::new(msg!("trf-expected-opponent-at")).arg("column", column)
        }
        Expected::BoardsAndGames { boards } => {
            Message::new(msg!("trf-expected-boards-and-games")).arg("boards", boards)
        }
        Expected::OnePairing { round, team, line } => {
            Message::new(msg!("trf-expected-one-pairing"))
                .arg("round", round)
                .arg("team", team)
                .arg("line", line)
        }
        Expected::ResultCount { count, round } => Message::new(msg!("trf-expected-result-count"))
            .arg("count", count)
            .arg("round", round),
        Expected::ByeLetters { round } => {
            Message::new(msg!("trf-expected-bye-letters")).arg("round", round)
        }
        Expected::Colour { round } => Message::new(msg!("trf-expected-colour")).arg("round", round),
        Expected::ResultChar { round } => {
            Message::new(msg!("trf-expected-result-char")).arg("round", round)
        }
        Expected::Opponent {
            team,
            round,
            line,
            partner,
        } => Message::new(msg!("trf-expected-opponent"))
            .arg("team", team)
            .arg("round", round)
            .arg("line", line)
            .arg("partner", partner),
        Expected::OppositeColour {
            colour,
            round,
            team,
            line,
        } => Message::new(msg!("trf-expected-opposite-colour"))
            .arg("colour", colour)
            .arg("round", round)
            .arg("team", team)
            .arg("line", line),
        Expected::Mirror {
            accepted,
            board,
            game,
            round,
            mirroring,
            team,
            line,
        } => {
            let or = format!(" {} ", lang.msg(msg!("trf-expected-or")));
            let m = match game {
                Some(game) => Message::new(msg!("trf-expected-mirror-game")).arg("game", game),
                None => Message::new(msg!("trf-expected-mirror")),
            };
            m.arg("accepted", Expected::accepted_text(accepted, &or))
                .arg("board", board)
                .arg("round", round)
                .arg("mirroring", mirroring)
                .arg("team", team)
                .arg("line", line)
        }
        Expected::GameCell { round, column } => Message::new(msg!("trf-expected-game-cell"))
            .arg("round", round)
            .arg("column", column),
        Expected::GameResult { round } => {
            Message::new(msg!("trf-expected-game-result")).arg("round", round)
        }
        Expected::PlayerInTeam { player } => {
            Message::new(msg!("trf-expected-player-in-team")).arg("player", player)
        }
        Expected::OpponentTeam { round, team } => Message::new(msg!("trf-expected-opponent-team"))
            .arg("round", round)
            .arg("team", team),
        Expected::OneOpponentTeam {
            round,
            team,
            opponent,
            line,
        } => Message::new(msg!("trf-expected-one-opponent-team"))
            .arg("round", round)
            .arg("team", team)
            .arg("opponent", opponent)
            .arg("line", line),
        Expected::MatchOpponent { round, team } => {
            Message::new(msg!("trf-expected-match-opponent"))
                .arg("round", round)
                .arg("team", team)
        }
        Expected::GamesPerMatch {
            boards,
            round,
            team,
            opponent,
        } => Message::new(msg!("trf-expected-games-per-match"))
            .arg("boards", boards)
            .arg("round", round)
            .arg("team", team)
            .arg("opponent", opponent),
        Expected::MirrorGame {
            accepted,
            round,
            player,
            line,
        } => {
            let or = format!(" {} ", lang.msg(msg!("trf-expected-or")));
            Message::new(msg!("trf-expected-mirror-player"))
                .arg("accepted", Expected::accepted_text(accepted, &or))
                .arg("round", round)
                .arg("player", player)
                .arg("line", line)
        }
        Expected::MirrorColour {
            round,
            player,
            line,
        } => Message::new(msg!("trf-expected-mirror-colour"))
            .arg("round", round)
            .arg("player", player)
            .arg("line", line),
        Expected::SameAsPlayerLines { round, team, line } => {
            Message::new(msg!("trf-expected-same-as-player-lines"))
                .arg("round", round)
                .arg("team", team)
                .arg("line", line)
        }
        Expected::NumberFits { field, max } => Message::new(msg!("trf-expected-number-fits"))
            .arg("field", field_words(lang, *field))
            .arg("max", max),
        Expected::Consistent => Message::new(msg!("trf-expected-consistent")),
    };
    m.render(lang)
}

/// A field of a TRF record in the page's language.
fn field_words(lang: Lang, f: Field) -> String {
    lang.msg(match f {
        Field::StartingRank => msg!("trf-field-starting-rank"),
        Field::Rating => msg!("trf-field-rating"),
        Field::FideNumber => msg!("trf-field-fide-number"),
        Field::TeamNumber => msg!("trf-field-team-number"),
        Field::PlayerStartingRank => msg!("trf-field-player-starting-rank"),
        Field::RoundNumber => msg!("trf-field-round-number"),
        Field::OpponentNumber => msg!("trf-field-opponent-number"),
        Field::PlayerId => msg!("trf-field-player-id"),
        Field::WhiteTeamNumber => msg!("trf-field-white-team-number"),
        Field::BlackTeamNumber => msg!("trf-field-black-team-number"),
        Field::MatchPoints => msg!("trf-field-match-points"),
        Field::GamePoints => msg!("trf-field-game-points"),
        Field::TotalMatchPoints => msg!("trf-field-total-match-points"),
        Field::TotalGamePoints => msg!("trf-field-total-game-points"),
        Field::PabMatchPoints => msg!("trf-field-pab-match-points"),
        Field::PabGamePoints => msg!("trf-field-pab-game-points"),
        Field::OpponentOrBye => msg!("trf-field-opponent-or-bye"),
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    /// One expectation of every kind, with the fields it can vary in.
    fn samples() -> Vec<Expected> {
        let mut all = vec![
            Expected::RecordTag,
            Expected::PlayerCount,
            Expected::RoundCount { record: None },
            Expected::RoundCount {
                record: Some("142"),
            },
            Expected::InitialColour,
            Expected::TournamentType,
            Expected::TieBreakList,
            Expected::BoardColours,
            Expected::PlayerPoints { from: 81, to: 84 },
            Expected::ByeType { column: 5 },
            Expected::ForfeitType { from: 5, to: 6 },
            Expected::ValueAfter { key: "TW".into() },
            Expected::MatchPointsKey,
            Expected::TeamAfter801,
            Expected::RoundResultsAt { column: 31 },
            Expected::OpponentAt { column: 25 },
            Expected::BoardsAndGames { boards: 1 },
            Expected::BoardsAndGames { boards: 4 },
            Expected::OnePairing {
                round: 2,
                team: 3,
                line: 7,
            },
            Expected::ResultCount { count: 1, round: 1 },
            Expected::ResultCount { count: 3, round: 2 },
            Expected::ResultCount { count: 8, round: 3 },
            Expected::ByeLetters { round: 4 },
            Expected::Colour { round: 1 },
            Expected::ResultChar { round: 1 },
            Expected::Opponent {
                team: 1,
                round: 1,
                line: 2,
                partner: 2,
            },
            Expected::OppositeColour {
                colour: 'b',
                round: 1,
                team: 1,
                line: 2,
            },
            Expected::Mirror {
                accepted: vec!['+', '-'],
                board: 2,
                game: None,
                round: 1,
                mirroring: '-',
                team: 1,
                line: 2,
            },
            Expected::Mirror {
                accepted: vec!['0'],
                board: 1,
                game: Some(2),
                round: 1,
                mirroring: '1',
                team: 1,
                line: 2,
            },
            Expected::GameCell {
                round: 3,
                column: 112,
            },
            Expected::GameResult { round: 2 },
            Expected::PlayerInTeam { player: 17 },
            Expected::OpponentTeam { round: 1, team: 2 },
            Expected::OneOpponentTeam {
                round: 1,
                team: 2,
                opponent: 3,
                line: 9,
            },
            Expected::MatchOpponent { round: 4, team: 1 },
            Expected::GamesPerMatch {
                boards: 4,
                round: 2,
                team: 1,
                opponent: 5,
            },
            Expected::MirrorGame {
                accepted: vec!['+', '-'],
                round: 1,
                player: 3,
                line: 12,
            },
            Expected::MirrorColour {
                round: 1,
                player: 3,
                line: 12,
            },
            Expected::SameAsPlayerLines {
                round: 2,
                team: 1,
                line: 14,
            },
            Expected::NumberFits {
                field: Field::TeamNumber,
                max: 999,
            },
            Expected::Consistent,
        ];
        for field in Field::ALL {
            all.push(Expected::InColumns {
                field,
                from: 5,
                to: 7,
            });
            all.push(Expected::In801Header { field });
        }
        all
    }

    #[test]
    fn every_trf_expectation_is_worded_in_english_as_the_reader_says_and_in_russian() {
        for e in samples() {
            let en = expected_words(Lang::En, &e);
            assert_eq!(en, e.to_string(), "{e:?}");
            let ru = expected_words(Lang::Ru, &e);
            assert_ne!(ru, en, "{e:?}");
            assert!(ru.chars().any(|c| ('а'..='я').contains(&c)), "{e:?}: {ru}");
            // The English words of the reader's text stay out of Russian.
            for word in [
                "column", "round", "line", "team", "expected", " or ", "board",
            ] {
                assert!(!ru.contains(word), "{e:?}: {ru}");
            }
        }
        let mirror = Expected::Mirror {
            accepted: vec!['+', '-'],
            board: 2,
            game: None,
            round: 1,
            mirroring: '-',
            team: 1,
            line: 2,
        };
        assert_eq!(
            expected_words(Lang::Ru, &mirror),
            "результат + или - на доске 2 в туре 1, зеркальный к «-» команды 1 в строке 2"
        );
        assert_eq!(
            expected_words(Lang::Ru, &Expected::ResultCount { count: 3, round: 2 }),
            "3 результата в туре 2"
        );
        assert_eq!(
            expected_words(
                Lang::Ru,
                &Expected::InColumns {
                    field: Field::StartingRank,
                    from: 5,
                    to: 8
                }
            ),
            "стартовый номер в столбцах 5–8"
        );
    }
}
