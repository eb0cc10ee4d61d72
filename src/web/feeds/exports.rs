//! Downloads, public and read-only: every standings table as CSV (RFC 4180,
//! UTF-8, header row) and JSON, next to its page —
//! `…/tournaments/{t}/standings.{csv,json}`, `…/season/standings.{csv,json}`,
//! `/series/{id}/standings.{csv,json}` — and each tournament as a TRF-2026
//! file, `…/tournaments/{t}/export.trf`.
//!
//! The view structs below are plain serde data, computed the way the HTML
//! pages compute their tables, so that other machine-readable endpoints
//! (the JSON API) can serve the same values. Scores are numbers of points
//! (`5.5`); a tie-break value is a number, or a list of numbers for the
//! board sequences (TBR, BBE); a place shared is `"2–3"` in `rank` with
//! its first and last place beside it.

use crate::app::regulation::in_force;
use actix_web::http::header;
use actix_web::{HttpResponse, web};
use serde::Serialize;
use utoipa::ToSchema;

use crate::app::knockout;
use crate::app::rounds::Loaded;
use crate::db;
use crate::ids::{ChampionshipId, TournamentId};
use crate::rules::ranking::{Place, Separation};
use crate::rules::score::HalfPoints;
use crate::rules::tiebreak::{TbValue, TieBreakRules};
use crate::rules::tournament::Tournament;
use crate::web::AppState;
use crate::web::infra::error::AppError;
use crate::web::tournament::tournaments::TournamentPath;

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
    pub match_points: f64,
    pub game_points: f64,
    pub tie_breaks: Vec<TieBreakValue>,
}

/// A tournament's standings as its page shows them (published rounds, the
/// regulation's tie-breaks); seed E's group tables one after the other.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct TournamentStandings {
    pub championship_id: i64,
    pub championship: String,
    pub tournament_id: i64,
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
    pub championship_id: i64,
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
    season: &crate::app::season::Season,
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
    pub series_id: i64,
    pub series: String,
    pub sports: Vec<SeriesSport>,
    pub rows: Vec<SeriesStandingsRow>,
}

#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct SeriesSport {
    pub name: String,
    /// Chess: the championship whose places count.
    pub championship_id: Option<i64>,
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

pub fn series_standings(table: &crate::app::series::SeriesTable) -> SeriesStandings {
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

fn csv_bytes(header: Vec<String>, rows: Vec<Vec<String>>) -> Result<Vec<u8>, AppError> {
    let internal = |e: csv::Error| AppError::Internal(format!("csv: {e}"));
    let mut w = csv::Writer::from_writer(Vec::new());
    w.write_record(&header).map_err(internal)?;
    for row in rows {
        w.write_record(&row).map_err(internal)?;
    }
    w.into_inner()
        .map_err(|e| AppError::Internal(format!("csv: {e}")))
}

fn opt_text(v: Option<f64>) -> String {
    v.map(|n| n.to_string()).unwrap_or_default()
}

pub fn tournament_csv(s: &TournamentStandings) -> Result<Vec<u8>, AppError> {
    let grouped = s.rows.iter().any(|r| r.group.is_some());
    let mut header: Vec<String> = vec!["rank".into(), "start_no".into(), "entry".into()];
    if grouped {
        header.push("group".into());
    }
    header.extend(["MP".to_owned(), "GP".to_owned()]);
    header.extend(s.tie_breaks.iter().cloned());
    let rows = s
        .rows
        .iter()
        .map(|r| {
            let mut v = vec![r.rank.clone(), r.start_no.to_string(), r.entry.clone()];
            if grouped {
                v.push(r.group.clone().unwrap_or_default());
            }
            v.push(r.match_points.to_string());
            v.push(r.game_points.to_string());
            v.extend(r.tie_breaks.iter().map(|t| {
                t.value
                    .as_ref()
                    .map(TieBreakNumber::text)
                    .unwrap_or_default()
            }));
            v
        })
        .collect();
    csv_bytes(header, rows)
}

pub fn season_csv(s: &SeasonStandings) -> Result<Vec<u8>, AppError> {
    let mut header: Vec<String> = vec!["rank".into(), "entry".into()];
    header.extend(s.tournaments.iter().map(|n| format!("tournament_{n}")));
    header.extend(["penalties".to_owned(), "total".to_owned()]);
    let rows = s
        .rows
        .iter()
        .map(|r| {
            let mut v = vec![r.rank.clone(), r.entry.clone()];
            v.extend(r.tournament_points.iter().map(|p| opt_text(*p)));
            v.push(r.penalties.to_string());
            v.push(r.total.to_string());
            v
        })
        .collect();
    csv_bytes(header, rows)
}

pub fn series_csv(s: &SeriesStandings) -> Result<Vec<u8>, AppError> {
    let mut header: Vec<String> = vec!["rank".into(), "organization".into()];
    for sport in &s.sports {
        header.push(format!("{} place", sport.name));
        header.push(format!("{} points", sport.name));
    }
    header.push("total".into());
    let rows = s
        .rows
        .iter()
        .map(|r| {
            let mut v = vec![r.rank.clone(), r.organization.clone()];
            for cell in &r.sports {
                v.push(cell.as_ref().map(|c| c.place.clone()).unwrap_or_default());
                v.push(opt_text(cell.as_ref().map(|c| c.points)));
            }
            v.push(r.total.to_string());
            v
        })
        .collect();
    csv_bytes(header, rows)
}

// --------------------------------------------------------------- handlers

/// Which download.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Format {
    Csv,
    Json,
}

fn attachment(name: &str) -> (header::HeaderName, String) {
    // Names are built here from numbers and ASCII words only.
    (
        header::CONTENT_DISPOSITION,
        format!("attachment; filename=\"{name}\""),
    )
}

fn download<T: Serialize>(
    format: Format,
    value: &T,
    csv: impl FnOnce(&T) -> Result<Vec<u8>, AppError>,
    stem: &str,
) -> Result<HttpResponse, AppError> {
    match format {
        Format::Csv => Ok(HttpResponse::Ok()
            .content_type("text/csv; charset=utf-8; header=present")
            .insert_header(attachment(&format!("{stem}.csv")))
            .body(csv(value)?)),
        Format::Json => Ok(HttpResponse::Ok()
            .content_type("application/json")
            .insert_header(attachment(&format!("{stem}.json")))
            .body(
                serde_json::to_vec_pretty(value).map_err(|e| AppError::Internal(e.to_string()))?,
            )),
    }
}

async fn load_tournament(
    state: &web::Data<AppState>,
    path: &TournamentPath,
) -> Result<Loaded, AppError> {
    let (c, t) = (path.championship_id, path.tournament_id);
    state
        .db(move |conn| {
            Loaded::load(conn, TournamentId(t))?
                .filter(|l| l.ctx.championship.id == c)
                .ok_or(AppError::NotFound)
        })
        .await
}

async fn tournament(
    state: web::Data<AppState>,
    path: web::Path<TournamentPath>,
    format: Format,
) -> Result<HttpResponse, AppError> {
    let loaded = load_tournament(&state, &path).await?;
    let s = tournament_standings(&loaded);
    let stem = format!(
        "championship-{}-tournament-{}-standings",
        s.championship_id, s.tournament
    );
    download(format, &s, tournament_csv, &stem)
}

/// `GET …/tournaments/{t}/standings.csv`.
pub async fn tournament_csv_download(
    state: web::Data<AppState>,
    path: web::Path<TournamentPath>,
) -> Result<HttpResponse, AppError> {
    tournament(state, path, Format::Csv).await
}

/// `GET …/tournaments/{t}/standings.json`.
pub async fn tournament_json_download(
    state: web::Data<AppState>,
    path: web::Path<TournamentPath>,
) -> Result<HttpResponse, AppError> {
    tournament(state, path, Format::Json).await
}

async fn season(
    state: web::Data<AppState>,
    path: web::Path<i64>,
    format: Format,
) -> Result<HttpResponse, AppError> {
    let c = ChampionshipId(path.into_inner());
    let s = state
        .db(move |conn| {
            let championship = db::championships::by_id(conn, c)?.ok_or(AppError::NotFound)?;
            let reg = in_force(conn, &championship, db::utc_now())?.regulation;
            let season = crate::app::season::load(conn, c, &reg)?;
            Ok(season_standings(&championship, &season))
        })
        .await?;
    download(format, &s, season_csv, &format!("championship-{c}-season"))
}

/// `GET /championships/{c}/season/standings.csv`.
pub async fn season_csv_download(
    state: web::Data<AppState>,
    path: web::Path<i64>,
) -> Result<HttpResponse, AppError> {
    season(state, path, Format::Csv).await
}

/// `GET /championships/{c}/season/standings.json`.
pub async fn season_json_download(
    state: web::Data<AppState>,
    path: web::Path<i64>,
) -> Result<HttpResponse, AppError> {
    season(state, path, Format::Json).await
}

async fn series(
    state: web::Data<AppState>,
    path: web::Path<i64>,
    format: Format,
) -> Result<HttpResponse, AppError> {
    let id = path.into_inner();
    let s = state
        .db(move |conn| {
            let table = crate::app::series::load(conn, id)?.ok_or(AppError::NotFound)?;
            Ok(series_standings(&table))
        })
        .await?;
    download(format, &s, series_csv, &format!("series-{id}"))
}

/// `GET /series/{id}/standings.csv`.
pub async fn series_csv_download(
    state: web::Data<AppState>,
    path: web::Path<i64>,
) -> Result<HttpResponse, AppError> {
    series(state, path, Format::Csv).await
}

/// `GET /series/{id}/standings.json`.
pub async fn series_json_download(
    state: web::Data<AppState>,
    path: web::Path<i64>,
) -> Result<HttpResponse, AppError> {
    series(state, path, Format::Json).await
}

/// `GET …/tournaments/{t}/export.trf`: the published rounds as TRF-2026.
pub async fn trf_download(
    state: web::Data<AppState>,
    path: web::Path<TournamentPath>,
) -> Result<HttpResponse, AppError> {
    let loaded = load_tournament(&state, &path).await?;
    let body = crate::app::trf::export(&loaded);
    Ok(HttpResponse::Ok()
        .content_type("text/plain; charset=utf-8")
        .insert_header(attachment(&format!(
            "championship-{}-tournament-{}.trf",
            loaded.ctx.championship.id, loaded.ctx.tournament.number
        )))
        .body(body))
}

/// The download links a page shows beside its table.
pub struct DownloadLinks {
    pub csv: String,
    pub json: String,
    /// Tournaments only: the TRF-2026 file.
    pub trf: Option<String>,
}

impl DownloadLinks {
    pub fn tournament(c: ChampionshipId, t: TournamentId) -> DownloadLinks {
        let base = crate::web::paths::tournament(c, t);
        DownloadLinks {
            csv: format!("{base}/standings.csv"),
            json: format!("{base}/standings.json"),
            trf: Some(format!("{base}/export.trf")),
        }
    }

    pub fn season(c: ChampionshipId) -> DownloadLinks {
        DownloadLinks {
            csv: format!("/championships/{c}/season/standings.csv"),
            json: format!("/championships/{c}/season/standings.json"),
            trf: None,
        }
    }

    pub fn series(id: i64) -> DownloadLinks {
        DownloadLinks {
            csv: format!("/series/{id}/standings.csv"),
            json: format!("/series/{id}/standings.json"),
            trf: None,
        }
    }
}
