//! What a round's notes say — how it was paired and what the judges changed
//! — kept as data (JSON in `rounds.notes`) so that each page words it in
//! its own language (`words::play::round_notes`). `Display` gives the
//! English wording for the audit log. Notes stored as plain text by older
//! versions are shown as they are.

use std::fmt;

use serde::{Deserialize, Serialize};

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "k", rename_all = "kebab-case")]
pub enum RoundNote {
    /// A round robin's round from the Berger tables (C.05 Annex 1).
    Berger { table_round: u32 },
    /// drawn by lot with this seed.
    Lot { seed: u64 },
    /// Paired by the team Swiss rules (C.04.6).
    Swiss,
    /// E-1: a round of the group stage (the first also deals the groups).
    GroupStage { round: i32, first: bool },
    /// E-8: places still shared in a group, settled by lot.
    GroupLot {
        group: String,
        place: String,
        seed: u64,
    },
    /// E-1: the first play-off round, winners against the other group's
    /// runners-up.
    KnockoutFirst,
    /// E-1: later play-off matches, by stage code (semi, final, third).
    Knockout { stages: Vec<String> },
    /// G-V42: the play-off for first place.
    Playoff { games: u8 },
    /// A judge's adjustment of the draft: two entries changed places.
    Adjusted {
        a: String,
        b: String,
        reason: String,
    },
}

impl fmt::Display for RoundNote {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            RoundNote::Berger { table_round } => {
                write!(f, "Berger round {table_round} (C.05 Annex 1)")
            }
            RoundNote::Lot { seed } => write!(f, "drawn by lot (R-3.1), lot seed {seed}"),
            RoundNote::Swiss => write!(f, "paired by FIDE C.04.6 (team Swiss)"),
            RoundNote::GroupStage { round, first: true } => write!(
                f,
                "group stage round {round} (E-1): groups by lot, Berger tables (C.05 Annex 1)"
            ),
            RoundNote::GroupStage {
                round,
                first: false,
            } => write!(
                f,
                "group stage round {round} (E-1), Berger tables (C.05 Annex 1)"
            ),
            RoundNote::GroupLot { group, place, seed } => write!(
                f,
                "group {group} places {place} by lot (E-8), lot seed {seed}"
            ),
            RoundNote::KnockoutFirst => write!(
                f,
                "play-off (E-1): group winners against the other group's runners-up"
            ),
            RoundNote::Knockout { stages } => write!(f, "play-off (E-1): {}", stages.join(", ")),
            RoundNote::Playoff { games } => write!(
                f,
                "play-off for 1st place (G-V42): {games} games per board, colours reversed in game 2"
            ),
            RoundNote::Adjusted { a, b, reason } => {
                write!(f, "adjusted by the judge: {a} ⇄ {b} ({reason})")
            }
        }
    }
}

/// The stored form of a round's notes.
pub fn encode(notes: &[RoundNote]) -> String {
    serde_json::to_string(notes).unwrap_or_default()
}

/// The notes back from storage; `Err` holds text stored before notes were
/// data (shown as it is).
pub fn decode(stored: &str) -> Result<Vec<RoundNote>, &str> {
    if stored.is_empty() {
        return Ok(Vec::new());
    }
    serde_json::from_str(stored).map_err(|_| stored)
}

/// The English wording, for the audit log.
pub fn english(notes: &[RoundNote]) -> String {
    notes
        .iter()
        .map(ToString::to_string)
        .collect::<Vec<_>>()
        .join("; ")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn notes_survive_storage_and_old_text_is_kept() {
        let notes = vec![
            RoundNote::Lot { seed: 42 },
            RoundNote::Adjusted {
                a: "Ладья".into(),
                b: "Конь".into(),
                reason: "met last month".into(),
            },
        ];
        assert_eq!(decode(&encode(&notes)), Ok(notes.clone()));
        assert_eq!(decode("Berger round 1"), Err("Berger round 1"));
        assert_eq!(decode(""), Ok(Vec::new()));
        assert!(english(&notes).ends_with("(met last month)"));
    }
}
