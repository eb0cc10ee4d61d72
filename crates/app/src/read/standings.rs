//! The standings tables as plain serde data, computed the way the pages
//! compute them: read by the pages, the CSV/JSON downloads and the JSON API.
//! Scores are numbers of points (`5.5`); a tie-break value is a number, or a
//! list of numbers for the board sequences (TBR, BBE); a place shared is
//! `"2–3"` in `rank` with its first and last place beside it.

use serde::Serialize;
use utoipa::ToSchema;

use crate::db;
use crate::ids::{ChampionshipId, EntryId, SeriesId, TournamentId};
use crate::knockout;
use crate::rounds::Loaded;
use crate::rules::ranking::{Place, Separation};
use crate::rules::score::HalfPoints;
use crate::rules::tiebreak::{TbValue, TieBreakRules};
use crate::rules::tournament::Tournament;

/// A score as a number of points.
pub fn points(h: HalfPoints) -> f64 {
    f64::from(h.0) / 2.0
}

/// A tie-break value: a number, or the points per board of TBR/BBE.
#[derive(Debug, Clone, PartialEq, Serialize, ToSchema)]
#[serde(untagged)]
pub enum TieBreakNumber {
    Number(f64),
    Boards(Vec<f64>),
}

impl TieBreakNumber {
    pub fn of(v: &TbValue) -> TieBreakNumber {
        match v {
            TbValue::Points(h) => TieBreakNumber::Number(points(*h)),
            TbValue::Quarters(q) => TieBreakNumber::Number(*q as f64 / 4.0),
            TbValue::Count(c) => TieBreakNumber::Number(f64::from(*c)),
            TbValue::Scaled { value, scale } => {
                TieBreakNumber::Number(*value as f64 / (*scale).max(1) as f64)
            }
            TbValue::Boards(b) => TieBreakNumber::Boards(b.iter().map(|h| points(*h)).collect()),
        }
    }

    /// As a CSV cell: the number, or the board values joined by `/`.
    pub fn text(&self) -> String {
        match self {
            TieBreakNumber::Number(n) => n.to_string(),
            TieBreakNumber::Boards(b) => b
                .iter()
                .map(ToString::to_string)
                .collect::<Vec<_>>()
                .join("/"),
        }
    }
}

/// A tie-break's cell on a page: its value, or a dash where the row has
/// none (DE for a team tied with nobody: C.07 art. 6 compares only
/// teams tied on everything before it).
pub fn tie_break_cell(v: Option<&TbValue>) -> String {
    v.map_or_else(|| "—".to_owned(), ToString::to_string)
}

/// One tie-break of a row, named by its TRF-2026 code (record 202).
#[derive(Debug, Clone, PartialEq, Serialize, ToSchema)]
pub struct TieBreakValue {
    /// The TRF-2026 code of the tie-break (`DE`, `EGGSB`, `TBR`, …).
    pub code: String,
    /// `None` where the criterion gives no per-team value.
    pub value: Option<TieBreakNumber>,
}

#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct TournamentStandingsRow {
    /// `1`, or `2–3` for a shared place.
    pub rank: String,
    pub place_first: u32,
    pub place_last: u32,
    /// The entry's start number.
    pub start_no: u16,
    pub entry: String,
    /// Seed E: the group (E-8) the row belongs to.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub group: Option<String>,
    /// Seed E once the play-off has decided the final places (E-1): the
    /// row's place in its group; `rank` is then the final place.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub group_rank: Option<String>,
    pub match_points: f64,
    pub game_points: f64,
    pub tie_breaks: Vec<TieBreakValue>,
}

/// A tournament's standings as its page shows them (published rounds, the
/// regulation's tie-breaks); seed E's group tables one after the other.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct TournamentStandings {
    pub championship_id: ChampionshipId,
    pub championship: String,
    pub tournament_id: TournamentId,
    pub tournament: i32,
    pub finished: bool,
    /// The tie-break codes, in the regulation's order.
    pub tie_breaks: Vec<String>,
    pub rows: Vec<TournamentStandingsRow>,
}

fn rank(place: Place) -> (String, u32, u32) {
    (place.to_string(), place.first, place.last)
}

/// The rows of one table, each with why it is ahead of the next row of
/// the same table (`None` for a shared place and for the table's last row).
fn table_rows(
    rules: &Tournament,
    tb: &TieBreakRules,
    playoffs: &[crate::rules::ranking::PlayoffResult],
    group: Option<&str>,
) -> Vec<(TournamentStandingsRow, Option<Separation>)> {
    if rules.rounds.is_empty() {
        return Vec::new();
    }
    let Ok(st) = crate::rules::ranking::standings(rules, tb, playoffs) else {
        return Vec::new();
    };
    st.rows
        .iter()
        .enumerate()
        .map(|(i, row)| {
            let (rank, place_first, place_last) = rank(row.place);
            let gap = st.gaps.get(i).cloned().flatten();
            let row = TournamentStandingsRow {
                rank,
                place_first,
                place_last,
                start_no: row.team.0,
                entry: rules
                    .teams
                    .iter()
                    .find(|x| x.id == row.team)
                    .map(|x| x.name.clone())
                    .unwrap_or_default(),
                group: group.map(str::to_owned),
                group_rank: None,
                match_points: points(row.match_points),
                game_points: points(row.game_points),
                tie_breaks: tb
                    .chain
                    .iter()
                    .zip(&row.tie_breaks)
                    .map(|(code, v)| TieBreakValue {
                        code: code.to_string(),
                        value: v.as_ref().map(TieBreakNumber::of),
                    })
                    .collect(),
            };
            (row, gap)
        })
        .collect()
}

/// Seed E's group rows ranked by the final places the play-off decided
/// (E-1, E-9), each keeping its group place beside: the order every view
/// of the tournament and of its championship shows once the places are
/// known. A group's reasons no longer describe neighbouring rows.
fn by_final_place(
    l: &Loaded,
    rows: Vec<(TournamentStandingsRow, Option<Separation>)>,
    places: &[(EntryId, Place)],
) -> Vec<(TournamentStandingsRow, Option<Separation>)> {
    let place_of = |start_no: u16| {
        let entry = l
            .playing()
            .into_iter()
            .find(|e| e.start_no == Some(i32::from(start_no)))?
            .id;
        places.iter().find(|(e, _)| *e == entry).map(|(_, p)| *p)
    };
    let mut rows: Vec<TournamentStandingsRow> = rows
        .into_iter()
        .map(|(mut row, _)| {
            if let Some(place) = place_of(row.start_no) {
                let (rank, first, last) = rank(place);
                row.group_rank = Some(std::mem::replace(&mut row.rank, rank));
                row.place_first = first;
                row.place_last = last;
            }
            row
        })
        .collect();
    rows.sort_by_key(|r| (r.place_first, r.place_last, r.start_no));
    rows.into_iter().map(|r| (r, None)).collect()
}

pub fn tournament_standings(l: &Loaded) -> TournamentStandings {
    tournament_standings_explained(l).0
}

/// The standings and, per row, why it is ahead of the next one (the
/// JSON API words these in the reader's language).
pub fn tournament_standings_explained(
    l: &Loaded,
) -> (TournamentStandings, Vec<Option<Separation>>) {
    let tb = &l.ctx.regulation.tie_breaks;
    let playoffs = knockout::playoff_results(l);
    let rows = match knockout::read(l) {
        Some(k) => k
            .groups
            .iter()
            .flat_map(|g| {
                table_rows(
                    &g.to_rules(l, k.group_rounds),
                    tb,
                    &playoffs,
                    Some(&g.label),
                )
            })
            .collect(),
        None => table_rows(&l.to_rules(), tb, &playoffs, None),
    };
    let rows = match knockout::decided_places(l) {
        Some(places) => by_final_place(l, rows, &places),
        None => rows,
    };
    let (rows, gaps): (Vec<_>, Vec<_>) = rows.into_iter().unzip();
    let standings = TournamentStandings {
        championship_id: l.ctx.championship.id,
        championship: l.ctx.championship.name.clone(),
        tournament_id: l.ctx.tournament.id,
        tournament: l.ctx.tournament.number,
        finished: l.ctx.tournament.finished_at.is_some(),
        tie_breaks: tb.chain.iter().map(ToString::to_string).collect(),
        rows,
    };
    (standings, gaps)
}

/// The season table (G-A3) as its page shows it.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct SeasonStandings {
    pub championship_id: ChampionshipId,
    pub championship: String,
    /// Numbers of the tournaments with places recorded, in order.
    pub tournaments: Vec<i32>,
    pub rows: Vec<SeasonStandingsRow>,
}

#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct SeasonStandingsRow {
    pub rank: String,
    pub place_first: u32,
    pub place_last: u32,
    pub entry: String,
    /// Tournament points per tournament of `tournaments` (`None`: did not play).
    pub tournament_points: Vec<Option<f64>>,
    /// Penalty points deducted (positive).
    pub penalties: f64,
    /// Σ tournament points − penalties.
    pub total: f64,
}

pub fn season_standings(
    championship: &db::championships::Championship,
    season: &crate::season::Season,
) -> SeasonStandings {
    SeasonStandings {
        championship_id: championship.id,
        championship: championship.name.clone(),
        tournaments: season.stages.clone(),
        rows: season
            .rows
            .iter()
            .map(|row| {
                let (rank, place_first, place_last) = rank(row.place);
                SeasonStandingsRow {
                    rank,
                    place_first,
                    place_last,
                    entry: row.team.clone(),
                    tournament_points: (0..season.stages.len())
                        .map(|i| season.points(i, &row.team).map(points))
                        .collect(),
                    penalties: points(row.penalties),
                    total: points(row.total),
                }
            })
            .collect(),
    }
}

/// A corporate series' table as its page shows it.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct SeriesStandings {
    pub series_id: SeriesId,
    pub series: String,
    pub sports: Vec<SeriesSport>,
    pub rows: Vec<SeriesStandingsRow>,
}

#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct SeriesSport {
    pub name: String,
    /// Chess: the championship whose places count.
    pub championship_id: Option<ChampionshipId>,
}

#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct SeriesStandingsRow {
    pub rank: String,
    pub place_first: u32,
    pub place_last: u32,
    pub organization: String,
    /// Per sport of `sports`: the place taken and its points (`None`: took none).
    pub sports: Vec<Option<SeriesCell>>,
    pub total: f64,
}

#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct SeriesCell {
    pub place: String,
    pub points: f64,
}

pub fn series_standings(table: &crate::series::SeriesTable) -> SeriesStandings {
    SeriesStandings {
        series_id: table.series.id,
        series: table.series.name.clone(),
        sports: table
            .sports
            .iter()
            .map(|s| SeriesSport {
                name: s.name.clone(),
                championship_id: s.championship_id,
            })
            .collect(),
        rows: table
            .rows
            .iter()
            .map(|r| {
                let (rank, place_first, place_last) = rank(r.place);
                SeriesStandingsRow {
                    rank,
                    place_first,
                    place_last,
                    organization: table
                        .organizations
                        .get(&r.organization)
                        .cloned()
                        .unwrap_or_default(),
                    sports: r
                        .sports
                        .iter()
                        .map(|s| {
                            s.as_ref().map(|s| SeriesCell {
                                place: s.place.to_string(),
                                points: points(s.points),
                            })
                        })
                        .collect(),
                    total: points(r.total),
                }
            })
            .collect(),
    }
}

// -------------------------------------------------------------------- CSV
