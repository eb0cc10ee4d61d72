//! Pairing engine: who plays whom, with which colours (PURE: no I/O, no
//! clock, no global randomness).
//!
//! - [`berger`]: round robin by the FIDE Berger tables (C.05 Annex 1), the
//!   G-V1 format choice and board colours inside a team match.
//! - [`swiss`]: team Swiss after FIDE C.04.6 (Swiss Team Pairing System,
//!   effective 1 February 2026), with lot rounds and judge control.
//! - [`groups`]: group stage (snake or lot), Berger schedule per group (E-1).
//! - [`knockout`]: semi-finals, final, 3rd place (E-1) and the play-off tie
//!   rule (E-9).
//! - [`lot`]: the seeded, reproducible drawing of lots.
//! - [`from_tournament`]: a tournament read from TRF-2026 as the Swiss
//!   engine's state, to pair its next round (`league pair --team-swiss`).
//!
//! Every draw by lot takes an explicit seed and the seed is returned with
//! the result, so a judge (or an auditor) can reproduce it.

pub mod berger;
pub mod from_tournament;
pub mod groups;
pub mod knockout;
pub mod lot;
mod matching;
pub mod swiss;
pub(crate) mod weighted;

pub use berger::{
    BergerGame, BergerRound, BergerSchedule, RoundRobinFormat, berger_table, board_colours,
    g_v1_round_robin_format,
};

pub use groups::{Group, GroupAllocation, group_schedule, split_into_groups};
pub use knockout::{
    Bracket, DecidedBy, GameResult, PlayoffDecision, PlayoffMatch, Stage, armageddon_colours,
    decide_armageddon, decide_playoff_match, knockout_bracket, playoff_from_groups,
};
pub use lot::Lot;
pub use swiss::{Pairing, SwissConfig, SwissState, pair_next_round};

use serde::{Deserialize, Serialize};

/// A tournament entry (a team, or a team's double, G-B13) as the pairing
/// engine sees it. The caller maps its database ids to and from this.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(transparent)]
pub struct EntryId(pub i64);

impl std::fmt::Display for EntryId {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        self.0.fmt(f)
    }
}

/// A colour of the pieces. In a team match the team's colour is the colour
/// of its board-1 player (C.04.6 art. 1.6.1).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Colour {
    White,
    Black,
}

impl Colour {
    /// The other colour.
    pub fn opposite(self) -> Colour {
        match self {
            Colour::White => Colour::Black,
            Colour::Black => Colour::White,
        }
    }
}

/// The pairing criteria an error or a note can refer to. The `C…` names are
/// those of FIDE C.04.6 art. 2 (team Swiss); the others name the rule of
/// the regulations digest (`docs/regulations.md`) or of the input.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Criterion {
    /// C.04.6 \[C1\]: two teams shall not play each other more than once.
    C1NoRematch,
    /// C.04.6 \[C2\]: no second pairing-allocated bye, and none for a team
    /// that already won a match by forfeit.
    C2NoSecondBye,
    /// C.04.6 \[C3\]: a legal pairing must exist for all teams not yet paired.
    C3Completion,
    /// C.04.6 \[C4\]/\[C5\]: as few upfloaters as possible, as close in score as possible.
    C4C5Upfloaters,
    /// C.04.6 \[C7\]: except in the last two rounds, avoid upfloaters who floated last round.
    C7RepeatedFloat,
    /// C.04.6 \[C8\]: colour preferences fulfilled.
    C8ColourPreference,
    /// C.04.6 \[C9\]: strong colour preferences fulfilled (type B).
    C9StrongColourPreference,
    /// C.04.6 \[C10\]: except in the last two rounds, upfloaters' opponents did not float last round.
    C10FloaterOpponents,
    /// G-V1: round robin formats by team count.
    GV1Format,
    /// E-1: group stage and play-off structure.
    E1Playoff,
    /// E-9: the play-off tie rule.
    E9PlayoffTie,
    /// The input itself is inconsistent (unknown team, duplicate, …).
    Input,
}

impl std::fmt::Display for Criterion {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let s = match self {
            Criterion::C1NoRematch => "C.04.6 [C1] no rematch",
            Criterion::C2NoSecondBye => "C.04.6 [C2] no second pairing-allocated bye",
            Criterion::C3Completion => "C.04.6 [C3] completion",
            Criterion::C4C5Upfloaters => "C.04.6 [C4]/[C5] upfloaters",
            Criterion::C7RepeatedFloat => "C.04.6 [C7] repeated float",
            Criterion::C8ColourPreference => "C.04.6 [C8] colour preference",
            Criterion::C9StrongColourPreference => "C.04.6 [C9] strong colour preference",
            Criterion::C10FloaterOpponents => "C.04.6 [C10] floaters' opponents",
            Criterion::GV1Format => "G-V1 round robin format",
            Criterion::E1Playoff => "E-1 play-off",
            Criterion::E9PlayoffTie => "E-9 play-off tie",
            Criterion::Input => "input",
        };
        f.write_str(s)
    }
}

/// Why a pairing could not be made. Every variant names the criterion that
/// failed; none is a panic.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum PairingError {
    #[error("{criterion}: {reason}")]
    Impossible {
        criterion: Criterion,
        reason: String,
    },
    #[error("input: team {0} is listed twice")]
    DuplicateTeam(EntryId),
    #[error("input: team {team} is unknown ({context})")]
    UnknownTeam { team: EntryId, context: String },
    #[error("input: {0}")]
    Invalid(String),
}

impl PairingError {
    /// The criterion that failed.
    pub fn criterion(&self) -> Criterion {
        match self {
            PairingError::Impossible { criterion, .. } => *criterion,
            _ => Criterion::Input,
        }
    }

    pub(crate) fn impossible(criterion: Criterion, reason: impl Into<String>) -> Self {
        PairingError::Impossible {
            criterion,
            reason: reason.into(),
        }
    }
}
