//! What a malformed TRF line should have held, as data ([`Expected`]), and
//! its wording in English.

use super::Field;

/// What a malformed line should have held: one variant per kind of
/// expectation, with the columns, rounds, teams and lines it names.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Expected {
    /// Printable text: no control character but the tab.
    Printable,
    /// A line of at most `max` characters.
    LineLength { max: usize },
    /// A 3-character record tag followed by a blank.
    RecordTag,
    /// A number of players (records 062, 072).
    PlayerCount,
    /// A number of rounds, of `record` when named (142).
    RoundCount { record: Option<&'static str> },
    /// W or B in record 152.
    InitialColour,
    /// A team tournament type code in record 192.
    TournamentType,
    /// A comma-separated tie-break list (record 202).
    TieBreakList,
    /// A board colour sequence of W and B (record 352).
    BoardColours,
    /// `field` in columns `from`–`to`.
    InColumns {
        field: Field,
        from: usize,
        to: usize,
    },
    /// A player's points in columns `from`–`to` (record 001).
    PlayerPoints { from: usize, to: usize },
    /// A bye type F, H or Z in `column` (record 240).
    ByeType { column: usize },
    /// A forfeit type `+-`, `-+` or `--` in columns `from`–`to` (record 330).
    ForfeitType { from: usize, to: usize },
    /// A value after `key` in record 362.
    ValueAfter { key: String },
    /// TW, TD or TL in record 362.
    MatchPointsKey,
    /// A team pairing number after the tag 801.
    TeamAfter801,
    /// `field` in the header of record 801.
    In801Header { field: Field },
    /// A round's results starting at `column` (record 801).
    RoundResultsAt { column: usize },
    /// An opponent pairing number at `column` (record 801).
    OpponentAt { column: usize },
    /// 801 results for `boards` boards, one or two games each.
    BoardsAndGames { boards: usize },
    /// One pairing per team in `round`: `line` pairs `team` already.
    OnePairing { round: u16, team: u16, line: usize },
    /// `count` results in `round`.
    ResultCount { count: usize, round: u16 },
    /// A bye letter U, F, H or Z in `round`.
    ByeLetters { round: u16 },
    /// Colour w or b in `round`.
    Colour { round: u16 },
    /// A result character 1 = 0 + - * R in `round`.
    ResultChar { round: u16 },
    /// Opponent `team` in `round`, as `line` pairs `team` with `partner`.
    Opponent {
        team: u16,
        round: u16,
        line: usize,
        partner: u16,
    },
    /// `colour` in `round`, the opposite of `team`'s on `line`.
    OppositeColour {
        colour: char,
        round: u16,
        team: u16,
        line: usize,
    },
    /// One of `accepted` on `board` (of `game` when a pairing has two) in
    /// `round`, mirroring `mirroring` of `team` on `line`.
    Mirror {
        accepted: Vec<char>,
        board: usize,
        game: Option<usize>,
        round: u16,
        mirroring: char,
        team: u16,
        line: usize,
    },
    /// A round cell `OOOO C R` (opponent, colour w/b/-, result) at
    /// `column` of a 001 line, for `round`.
    GameCell { round: u16, column: usize },
    /// A game result (1 = 0 W D L + - or blank) in `round` of a 001 line.
    GameResult { round: u16 },
    /// `player` listed in a team record (310 or 013).
    PlayerInTeam { player: u16 },
    /// An opponent of another team than `team` in `round`.
    OpponentTeam { round: u16, team: u16 },
    /// `team` meeting one team in `round`: `line` pairs it with `opponent`.
    OneOpponentTeam {
        round: u16,
        team: u16,
        opponent: u16,
        line: usize,
    },
    /// The opponent of `team`'s forfeit wins in `round` (a 330 record).
    MatchOpponent { round: u16, team: u16 },
    /// At most `boards` games of `team` against `opponent` in `round`.
    GamesPerMatch {
        boards: usize,
        round: u16,
        team: u16,
        opponent: u16,
    },
    /// One of `accepted` in `round`, mirroring the game of `player` on `line`.
    MirrorGame {
        accepted: Vec<char>,
        round: u16,
        player: u16,
        line: usize,
    },
    /// The other colour than `player`'s on `line` in `round`.
    MirrorColour {
        round: u16,
        player: u16,
        line: usize,
    },
    /// The result of `team` in `round` that the player lines show (`line`).
    SameAsPlayerLines { round: u16, team: u16, line: usize },
    /// A number of at most `max` in `field` (the format's columns).
    NumberFits { field: Field, max: u32 },
    /// A tournament that passes the platform's consistency checks.
    Consistent,
}

/// `a`, `a or b`, `a, b or c`: the characters a message accepts.
fn or_list(items: &[char], or: &str) -> String {
    let mut out = String::new();
    for (i, c) in items.iter().enumerate() {
        if i > 0 {
            out.push_str(if i + 1 == items.len() { or } else { ", " });
        }
        out.push(*c);
    }
    out
}

impl Expected {
    /// The accepted characters of [`Expected::Mirror`], joined with `or`
    /// (e.g. `" or "`).
    pub fn accepted_text(accepted: &[char], or: &str) -> String {
        or_list(accepted, or)
    }
}

impl std::fmt::Display for Expected {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Expected::Printable
            | Expected::LineLength { .. }
            | Expected::RecordTag
            | Expected::PlayerCount
            | Expected::RoundCount { .. }
            | Expected::InitialColour
            | Expected::TournamentType
            | Expected::TieBreakList
            | Expected::BoardColours
            | Expected::InColumns { .. }
            | Expected::PlayerPoints { .. }
            | Expected::ByeType { .. }
            | Expected::ForfeitType { .. }
            | Expected::ValueAfter { .. }
            | Expected::MatchPointsKey
            | Expected::NumberFits { .. }
            | Expected::Consistent => self.fmt_record(f),
            Expected::TeamAfter801
            | Expected::In801Header { .. }
            | Expected::RoundResultsAt { .. }
            | Expected::OpponentAt { .. }
            | Expected::BoardsAndGames { .. }
            | Expected::OnePairing { .. }
            | Expected::ResultCount { .. }
            | Expected::ByeLetters { .. }
            | Expected::Colour { .. }
            | Expected::ResultChar { .. } => self.fmt_801(f),
            Expected::Opponent { .. }
            | Expected::OppositeColour { .. }
            | Expected::Mirror { .. } => self.fmt_801_partner(f),
            Expected::GameCell { .. }
            | Expected::GameResult { .. }
            | Expected::PlayerInTeam { .. }
            | Expected::OpponentTeam { .. }
            | Expected::MatchOpponent { .. }
            | Expected::SameAsPlayerLines { .. } => self.fmt_player_lines(f),
            Expected::OneOpponentTeam { .. }
            | Expected::GamesPerMatch { .. }
            | Expected::MirrorGame { .. }
            | Expected::MirrorColour { .. } => self.fmt_player_matches(f),
        }
    }
}

/// The wording of each group of expectations.
impl Expected {
    /// The file as a whole, the header records and the fields of one record.
    fn fmt_record(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Expected::Printable => f.write_str("printable text without control characters"),
            Expected::LineLength { max } => write!(f, "a line of at most {max} characters"),
            Expected::RecordTag => f.write_str("a 3-character record tag followed by a blank"),
            Expected::PlayerCount => f.write_str("a number of players"),
            Expected::RoundCount { record: None } => f.write_str("a number of rounds"),
            Expected::RoundCount {
                record: Some(record),
            } => write!(f, "a number of rounds (record {record})"),
            Expected::InitialColour => f.write_str("the initial-colour W or B (record 152)"),
            Expected::TournamentType => {
                f.write_str("a team tournament type code (e.g. FIDE_TEAM_BAKU)")
            }
            Expected::TieBreakList => f.write_str("a comma-separated tie-break list"),
            Expected::BoardColours => f.write_str("a board colour sequence of W and B (e.g. WBWB)"),
            Expected::InColumns { field, from, to } => write!(f, "{field} in columns {from}-{to}"),
            Expected::PlayerPoints { from, to } => {
                write!(f, "points in columns {from}-{to} (format 11.5)")
            }
            Expected::ByeType { column } => write!(f, "bye type F, H or Z in column {column}"),
            Expected::ForfeitType { from, to } => {
                write!(f, "forfeit type +-, -+ or -- in columns {from}-{to}")
            }
            Expected::ValueAfter { key } => write!(f, "a value after {key} (e.g. TW 2 TD 1 TL 0)"),
            Expected::MatchPointsKey => f.write_str("TW, TD or TL"),
            Expected::NumberFits { field, max } => write!(f, "{field} of at most {max}"),
            Expected::Consistent => f.write_str("a consistent tournament"),
            other => unreachable!("{other:?} is worded by another group"),
        }
    }

    /// An 801 record on its own: its header, blocks and characters.
    fn fmt_801(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Expected::TeamAfter801 => f.write_str("a team pairing number after 801"),
            Expected::In801Header { field } => write!(f, "{field} in the 801 header"),
            Expected::RoundResultsAt { column } => write!(f, "round results at column {column}"),
            Expected::OpponentAt { column } => {
                write!(f, "an opponent pairing number at column {column}")
            }
            Expected::BoardsAndGames { boards } => {
                write!(f, "801 results for {boards} boards × 1 or 2 games")
            }
            Expected::OnePairing { round, team, line } => write!(
                f,
                "one pairing per team in round {round} (line {line} pairs team {team} already)"
            ),
            Expected::ResultCount { count, round } => {
                write!(f, "{count} results in round {round}")
            }
            Expected::ByeLetters { round } => {
                write!(f, "bye letters U, F, H or Z in round {round}")
            }
            Expected::Colour { round } => write!(f, "colour w or b in round {round}"),
            Expected::ResultChar { round } => {
                write!(f, "a result 1 = 0 + - * R in round {round}")
            }
            other => unreachable!("{other:?} is worded by another group"),
        }
    }

    /// An 801 block against the opponent's line of the same round.
    fn fmt_801_partner(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Expected::Opponent {
                team,
                round,
                line,
                partner,
            } => write!(
                f,
                "opponent {team} in round {round}, as line {line} pairs team {team} \
                 with team {partner}"
            ),
            Expected::OppositeColour {
                colour,
                round,
                team,
                line,
            } => write!(
                f,
                "colour {colour} in round {round}, the opposite of team {team}'s on line {line}"
            ),
            Expected::Mirror {
                accepted,
                board,
                game,
                round,
                mirroring,
                team,
                line,
            } => {
                write!(f, "result {} on board {board}", or_list(accepted, " or "))?;
                if let Some(game) = game {
                    write!(f, " of game {game}")?;
                }
                write!(
                    f,
                    " in round {round}, mirroring '{mirroring}' of team {team} on line {line}"
                )
            }
            other => unreachable!("{other:?} is worded by another group"),
        }
    }

    /// The round cells of the 001 lines and the teams they belong to.
    fn fmt_player_lines(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Expected::GameCell { round, column } => write!(
                f,
                "opponent, colour (w, b or -) and result of round {round} at column {column}"
            ),
            Expected::GameResult { round } => {
                write!(f, "a game result 1, =, 0, W, D, L, + or - in round {round}")
            }
            Expected::PlayerInTeam { player } => {
                write!(f, "player {player} listed in a team record (310 or 013)")
            }
            Expected::OpponentTeam { round, team } => write!(
                f,
                "an opponent from another team than team {team} in round {round}"
            ),
            Expected::MatchOpponent { round, team } => write!(
                f,
                "the opponent of team {team} in round {round} (a 330 record of the forfeited match)"
            ),
            Expected::SameAsPlayerLines { round, team, line } => write!(
                f,
                "the result of team {team} in round {round} that the player lines show (line {line})"
            ),
            other => unreachable!("{other:?} is worded by another group"),
        }
    }

    /// The matches the 001 lines make up, game by game.
    fn fmt_player_matches(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Expected::OneOpponentTeam {
                round,
                team,
                opponent,
                line,
            } => write!(
                f,
                "one opponent team for team {team} in round {round} \
                 (line {line} pairs it with team {opponent})"
            ),
            Expected::GamesPerMatch {
                boards,
                round,
                team,
                opponent,
            } => write!(
                f,
                "at most {boards} games of team {team} against team {opponent} in round {round}"
            ),
            Expected::MirrorGame {
                accepted,
                round,
                player,
                line,
            } => write!(
                f,
                "result {} in round {round}, mirroring the game of player {player} on line {line}",
                or_list(accepted, " or ")
            ),
            Expected::MirrorColour {
                round,
                player,
                line,
            } => write!(
                f,
                "the other colour than player {player}'s on line {line} in round {round}"
            ),
            other => unreachable!("{other:?} is worded by another group"),
        }
    }
}
