//! The season table (G-A3): tournament points of every finished tournament
//! summed per entry name (a double scores for itself), penalties in force
//! deducted, ordered by the regulation's season tie rule. Read by the
//! season page and by `rounds::finish`, which records the season's top
//! four in the history (G-E1) when the last tournament of the season ends.

use std::collections::HashMap;

use crate::db::{self, DbConnection};
use crate::ids::{ChampionshipId, EntryId, PenaltyId, TeamId, TournamentId};
use crate::rules::ranking::Place;
use crate::rules::regulation::Regulation;
use crate::rules::score::HalfPoints;
use crate::rules::season::{
    Deduction, SeasonEntry, SeasonRow, cumulative, event_standings, season_standings,
};

/// The season as stored: the stages played and the ranked rows.
pub struct Season {
    /// Numbers of the tournaments with places recorded, in order.
    pub stages: Vec<i32>,
    /// Per stage, what each entry earned.
    pub per_stage: Vec<Vec<SeasonEntry<String>>>,
    pub rows: Vec<SeasonRow<String>>,
    /// The team behind each entry name.
    pub team_of: HashMap<String, TeamId>,
    /// Every deduction in force, traced to its penalty.
    pub deductions: Vec<Traced>,
    /// The same deductions with the stage (index into `stages`) they count
    /// from: the first stage not before their tournament; those of no
    /// tournament, or of one not finished yet, count at the last stage.
    pub staged: Vec<(usize, Deduction<String>)>,
}

/// One deduction of the season table with what caused it: the penalty's
/// row (its id anchors it on the penalties page), who imposed it and when.
pub struct Traced {
    pub penalty: PenaltyId,
    pub entry: String,
    pub code: String,
    pub amount: HalfPoints,
    pub count: i32,
    pub reason: String,
    /// The judge's nick; `None` for those the platform records (G-G1).
    pub by: Option<String>,
    pub at: chrono::NaiveDateTime,
}

impl Season {
    /// Tournament points of `entry` in stage `i`, if it played.
    pub fn points(&self, i: usize, entry: &str) -> Option<HalfPoints> {
        self.per_stage
            .get(i)?
            .iter()
            .find(|x| x.team == entry)
            .map(|x| x.points)
    }

    /// The entry's season points after each stage (the season chart); the
    /// last is its total in `rows`.
    pub fn cumulative(&self, entry: &str) -> Vec<HalfPoints> {
        cumulative(&entry.to_owned(), &self.per_stage, &self.staged)
    }
}

pub fn load(
    conn: &mut DbConnection,
    c: ChampionshipId,
    regulation: &Regulation,
) -> Result<Season, crate::db::QueryError> {
    let places = db::results::places_of_championship(conn, c)?;
    let penalties = db::penalties::of_championship(conn, c)?;
    let teams = db::teams::of_championship(conn, c, &db::teams::TeamStatus::ALL)?;
    let ids: Vec<EntryId> = penalties.iter().filter_map(|p| p.entry_id).collect();
    let entries = db::entries::names_of(conn, &ids)?;
    let numbers: HashMap<TournamentId, i32> = db::tournaments::of_championship(conn, c)?
        .into_iter()
        .map(|t| (t.id, t.number))
        .collect();
    let team_name = |id: TeamId| {
        teams
            .iter()
            .find(|t| t.id == id)
            .map(|t| t.name.clone())
            .unwrap_or_default()
    };
    let mut stages: Vec<i32> = places.iter().map(|p| p.tournament_number).collect();
    stages.dedup();
    let stage_of = |tournament: Option<TournamentId>| {
        tournament
            .and_then(|t| numbers.get(&t))
            .and_then(|n| stages.iter().position(|s| s >= n))
            .unwrap_or(usize::MAX)
    };
    let per_stage: Vec<Vec<SeasonEntry<String>>> = stages
        .iter()
        .map(|n| {
            places
                .iter()
                .filter(|p| p.tournament_number == *n)
                .map(|p| SeasonEntry {
                    team: p.entry_name.clone(),
                    place: Place {
                        first: u32::try_from(p.place_first).unwrap_or(0),
                        last: u32::try_from(p.place_last).unwrap_or(0),
                    },
                    points: HalfPoints(p.points),
                })
                .collect()
        })
        .collect();
    let mut team_of: HashMap<String, TeamId> = places
        .iter()
        .map(|p| (p.entry_name.clone(), p.team_id))
        .collect();
    let mut traced = Vec::new();
    for p in penalties.iter().filter(|p| p.in_force() && p.amount != 0) {
        traced.push(Traced {
            penalty: p.id,
            entry: String::new(),
            code: p.code.clone(),
            amount: p.amount(),
            count: p.count,
            reason: p.reason.clone(),
            by: super::penalties::nick_of(conn, p.imposed_by)?,
            at: p.imposed_at,
        });
    }
    let staged: Vec<(usize, Deduction<String>)> = penalties
        .iter()
        .filter(|p| p.in_force())
        .map(|p| {
            let name = p
                .entry_id
                .and_then(|id| {
                    entries
                        .iter()
                        .find(|(e, _)| *e == id)
                        .map(|(_, n)| n.clone())
                })
                .unwrap_or_else(|| team_name(p.team_id));
            team_of.entry(name.clone()).or_insert(p.team_id);
            if let Some(t) = traced.iter_mut().find(|t| t.penalty == p.id) {
                t.entry.clone_from(&name);
            }
            (
                stage_of(p.tournament_id),
                Deduction {
                    team: name,
                    code: p.code.clone(),
                    amount: p.amount(),
                },
            )
        })
        .collect();
    let deductions: Vec<Deduction<String>> = staged.iter().map(|(_, d)| d.clone()).collect();
    // A one-event championship (seeds R, E) ranks as its event finished
    // (E-1: the play-off's places), not by points its table may not give.
    let rows = match regulation.season.as_ref() {
        Some(s) => season_standings(&per_stage, &deductions, s.tie_rule),
        None => event_standings(
            per_stage.last().map(Vec::as_slice).unwrap_or_default(),
            &deductions,
        ),
    };
    Ok(Season {
        stages,
        per_stage,
        rows,
        team_of,
        deductions: traced,
        staged,
    })
}
