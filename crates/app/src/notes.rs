//! What a round's notes say — how it was paired and what the judges changed
//! — kept as data (JSON in `rounds.notes`) so that each page words it in
//! its own language (`RoundNote::message`, on the round's page and in the
//! audit log). Notes stored as plain text by older versions are shown as
//! they are.

use serde::{Deserialize, Serialize};

use crate::i18n::Message;
use crate::msg;

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "k", rename_all = "kebab-case")]
pub enum RoundNote {
    /// A round robin's round from the Berger tables (C.05 Annex 1).
    Berger { table_round: u32 },
    /// drawn by lot with this seed.
    Lot { seed: u64 },
    /// drawn from the drum in the hall and entered by a judge.
    LotInHall,
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

impl RoundNote {
    /// The note in words, for the round's page and the audit log.
    pub fn message(&self) -> Message {
        match self {
            RoundNote::Berger { table_round } => {
                Message::new(msg!("note-berger")).arg("round", table_round)
            }
            RoundNote::Lot { seed } => Message::new(msg!("note-lot")).arg("seed", seed),
            RoundNote::Swiss => Message::new(msg!("note-swiss")),
            RoundNote::LotInHall => Message::new(msg!("note-lot-in-hall")),
            RoundNote::GroupStage { round, first } => Message::new(if *first {
                msg!("note-group-first")
            } else {
                msg!("note-group")
            })
            .arg("round", round),
            RoundNote::GroupLot { group, place, seed } => Message::new(msg!("note-group-lot"))
                .arg("group", group)
                .arg("place", place)
                .arg("seed", seed),
            RoundNote::KnockoutFirst => Message::new(msg!("note-knockout-first")),
            RoundNote::Knockout { stages } => Message::new(msg!("note-knockout")).list(
                "stages",
                stages.iter().map(|code| match code.as_str() {
                    "semi" => Message::new(msg!("note-stage-semi")),
                    "final" => Message::new(msg!("note-stage-final")),
                    "third" => Message::new(msg!("note-stage-third")),
                    other => Message::of_key(other),
                }),
                ", ",
            ),
            RoundNote::Playoff { games } => Message::new(msg!("note-playoff")).arg("games", games),
            RoundNote::Adjusted { a, b, reason } => Message::new(msg!("note-adjusted"))
                .arg("a", a)
                .arg("b", b)
                .arg("reason", reason),
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
        assert!(
            notes[1]
                .message()
                .render(crate::i18n::Lang::En)
                .ends_with("(met last month)")
        );
    }
}
