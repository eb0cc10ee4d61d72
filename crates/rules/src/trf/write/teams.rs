//! Record 310: one line per team, with its scores, rank and roster.

use std::collections::HashMap;
use std::fmt::Write as _;

use super::{Writer, push_line, truncate};
use crate::ranking::standings;
use crate::score::HalfPoints;
use crate::tiebreak::{Edition, IncompleteEncounters, TieBreakRules};
use crate::tournament::TeamId;

/// Appends the 310 records.
pub(super) fn write(w: &Writer<'_>, out: &mut String) {
    let ranking = team_ranking(w);
    for tm in &w.t.teams {
        let (rank, mpts, gpts) = ranking.get(&tm.id).copied().unwrap_or_default();
        let mut s = format!(
            "310 {:>3} {:<32} {:<5} {:>6} {:>6} {:>6} {:>3}  ",
            tm.id.0,
            truncate(&tm.name, 32),
            truncate(tm.nickname.as_deref().unwrap_or(""), 5),
            "",
            mpts.to_decimal(),
            gpts.to_decimal(),
            rank
        );
        for pl in &tm.roster {
            let _ = write!(s, "{:>4} ", pl.0);
        }
        push_line(out, &s);
    }
}

/// Standings for the team rank of 310 (ties allowed): each team's place,
/// match points and game points.
fn team_ranking(w: &Writer<'_>) -> HashMap<TeamId, (u32, HalfPoints, HalfPoints)> {
    let rules = TieBreakRules {
        edition: Edition::default(),
        chain: w.tie_breaks.to_vec(),
        incomplete_encounters: IncompleteEncounters::SwissRule,
    };
    standings(w.t, &rules, &[])
        .map(|s| {
            s.rows
                .iter()
                .map(|r| (r.team, (r.place.first, r.match_points, r.game_points)))
                .collect()
        })
        .unwrap_or_default()
}
