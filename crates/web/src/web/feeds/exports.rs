//! Downloads, public and read-only: every standings table as CSV (RFC 4180,
//! UTF-8, header row) and JSON, next to its page —
//! `…/tournaments/{t}/standings.{csv,json}`, `…/season/standings.{csv,json}`,
//! `/series/{id}/standings.{csv,json}` — and each tournament as a TRF-2026
//! file, `…/tournaments/{t}/export.trf`.
//!
//! The tables are the read models of `crate::read::standings`, the same
//! values the pages and the JSON API show.

use crate::app::regulation::in_force;
use actix_web::http::header;
use actix_web::{HttpRequest, HttpResponse, web};
use serde::Serialize;

use crate::app::rounds::Loaded;
use crate::db;
use crate::i18n::{Lang, Message};
use crate::ids::{ChampionshipId, SeriesId, TournamentId};
use crate::msg;
use crate::paths::segments::TournamentPath;
use crate::read::standings::{
    SeasonStandings, SeriesStandings, TieBreakNumber, TournamentStandings, season_standings,
    series_standings, tournament_standings,
};
use crate::state::AppState;
use crate::web::infra::NestedPath;
use crate::web::infra::PageDb;
use crate::web::infra::ctx::request_lang;
use crate::web::infra::error::AppError;

fn csv_bytes(header: Vec<String>, rows: Vec<Vec<String>>) -> Result<Vec<u8>, AppError> {
    let internal = |e: csv::Error| AppError::Internal(format!("csv: {e}"));
    let mut w = csv::Writer::from_writer(Vec::new());
    let safe = |cells: &[String]| -> Vec<String> {
        cells
            .iter()
            .map(|c| crate::read::csv::cell(c).into_owned())
            .collect()
    };
    w.write_record(safe(&header)).map_err(internal)?;
    for row in rows {
        w.write_record(safe(&row)).map_err(internal)?;
    }
    w.into_inner()
        .map_err(|e| AppError::Internal(format!("csv: {e}")))
}

fn opt_text(v: Option<f64>) -> String {
    v.map(|n| n.to_string()).unwrap_or_default()
}

/// The standings of a tournament as CSV, its header row in the reader's
/// language as the page heads its columns (tie-breaks by their TRF-2026
/// codes, as on the page).
pub fn tournament_csv(lang: Lang, s: &TournamentStandings) -> Result<Vec<u8>, AppError> {
    let grouped = s.rows.iter().any(|r| r.group.is_some());
    let word = |key| lang.msg(key);
    let mut header = vec![
        word(msg!("standings-rank")),
        word(msg!("csv-start-no")),
        word(msg!("entry-name")),
    ];
    if grouped {
        header.extend([word(msg!("csv-group")), word(msg!("csv-group-rank"))]);
    }
    header.extend([word(msg!("standings-mp")), word(msg!("standings-gp"))]);
    header.extend(s.tie_breaks.iter().cloned());
    let rows = s
        .rows
        .iter()
        .map(|r| {
            let mut v = vec![r.rank.clone(), r.start_no.to_string(), r.entry.clone()];
            if grouped {
                v.push(r.group.clone().unwrap_or_default());
                v.push(r.group_rank.clone().unwrap_or_else(|| r.rank.clone()));
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

/// The season's standings as CSV, headed in the reader's language.
pub fn season_csv(lang: Lang, s: &SeasonStandings) -> Result<Vec<u8>, AppError> {
    let mut header = vec![
        lang.msg(msg!("standings-rank")),
        lang.msg(msg!("entry-name")),
    ];
    header.extend(s.tournaments.iter().map(|n| {
        Message::new(msg!("tournament-title"))
            .arg("number", n)
            .render(lang)
    }));
    header.extend([
        lang.msg(msg!("season-penalties")),
        lang.msg(msg!("season-total")),
    ]);
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

/// The corporate standings as CSV, headed in the reader's language.
pub fn series_csv(lang: Lang, s: &SeriesStandings) -> Result<Vec<u8>, AppError> {
    let mut header = vec![
        lang.msg(msg!("standings-rank")),
        lang.msg(msg!("field-organization")),
    ];
    for sport in &s.sports {
        for key in [msg!("csv-sport-place"), msg!("csv-sport-points")] {
            header.push(Message::new(key).arg("sport", &sport.name).render(lang));
        }
    }
    header.push(lang.msg(msg!("season-total")));
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
            Loaded::load(conn, t)?
                .filter(|l| l.ctx.championship.id == c)
                .ok_or(AppError::NotFound)
        })
        .await
}

async fn tournament(
    lang: Lang,
    state: web::Data<AppState>,
    path: NestedPath<TournamentPath>,
    format: Format,
) -> Result<HttpResponse, AppError> {
    let loaded = load_tournament(&state, &path).await?;
    let s = tournament_standings(&loaded);
    let stem = format!(
        "championship-{}-tournament-{}-standings",
        s.championship_id, s.tournament
    );
    download(format, &s, |s| tournament_csv(lang, s), &stem)
}

/// `GET …/tournaments/{t}/standings.csv`.
pub async fn tournament_csv_download(
    req: HttpRequest,
    state: web::Data<AppState>,
    path: NestedPath<TournamentPath>,
) -> Result<HttpResponse, AppError> {
    tournament(request_lang(&req), state, path, Format::Csv).await
}

/// `GET …/tournaments/{t}/standings.json`.
pub async fn tournament_json_download(
    req: HttpRequest,
    state: web::Data<AppState>,
    path: NestedPath<TournamentPath>,
) -> Result<HttpResponse, AppError> {
    tournament(request_lang(&req), state, path, Format::Json).await
}

async fn season(
    lang: Lang,
    state: web::Data<AppState>,
    path: web::Path<ChampionshipId>,
    format: Format,
) -> Result<HttpResponse, AppError> {
    let c = path.into_inner();
    let s = state
        .db(move |conn| {
            let championship = db::championships::by_id(conn, c)?.ok_or(AppError::NotFound)?;
            let reg = in_force(conn, &championship, db::utc_now())?.regulation;
            let season = crate::app::season::load(conn, c, &reg)?;
            Ok(season_standings(&championship, &season))
        })
        .await?;
    download(
        format,
        &s,
        |s| season_csv(lang, s),
        &format!("championship-{c}-season"),
    )
}

/// `GET /championships/{c}/season/standings.csv`.
pub async fn season_csv_download(
    req: HttpRequest,
    state: web::Data<AppState>,
    path: web::Path<ChampionshipId>,
) -> Result<HttpResponse, AppError> {
    season(request_lang(&req), state, path, Format::Csv).await
}

/// `GET /championships/{c}/season/standings.json`.
pub async fn season_json_download(
    req: HttpRequest,
    state: web::Data<AppState>,
    path: web::Path<ChampionshipId>,
) -> Result<HttpResponse, AppError> {
    season(request_lang(&req), state, path, Format::Json).await
}

async fn series(
    lang: Lang,
    state: web::Data<AppState>,
    path: web::Path<SeriesId>,
    format: Format,
) -> Result<HttpResponse, AppError> {
    let id = path.into_inner();
    let s = state
        .db(move |conn| {
            let table = crate::app::series::load(conn, id)?.ok_or(AppError::NotFound)?;
            Ok(series_standings(&table))
        })
        .await?;
    download(format, &s, |s| series_csv(lang, s), &format!("series-{id}"))
}

/// `GET /series/{id}/standings.csv`.
pub async fn series_csv_download(
    req: HttpRequest,
    state: web::Data<AppState>,
    path: web::Path<SeriesId>,
) -> Result<HttpResponse, AppError> {
    series(request_lang(&req), state, path, Format::Csv).await
}

/// `GET /series/{id}/standings.json`.
pub async fn series_json_download(
    req: HttpRequest,
    state: web::Data<AppState>,
    path: web::Path<SeriesId>,
) -> Result<HttpResponse, AppError> {
    series(request_lang(&req), state, path, Format::Json).await
}

/// `GET …/tournaments/{t}/export.trf`: the published rounds as TRF-2026.
pub async fn trf_download(
    state: web::Data<AppState>,
    path: NestedPath<TournamentPath>,
) -> Result<HttpResponse, AppError> {
    let (c, t) = (path.championship_id, path.tournament_id);
    let (loaded, body) = state
        .db(move |conn| {
            let loaded = Loaded::load(conn, t)?
                .filter(|l| l.ctx.championship.id == c)
                .ok_or(AppError::NotFound)?;
            let ratings = crate::app::trf::export_ratings(conn, &loaded)?;
            let body = crate::app::trf::export(&loaded, &ratings);
            Ok::<_, AppError>((loaded, body))
        })
        .await?;
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
        let base = crate::paths::tournament(c, t);
        DownloadLinks {
            csv: format!("{base}/standings.csv"),
            json: format!("{base}/standings.json"),
            trf: Some(format!("{base}/export.trf")),
        }
    }

    pub fn season(c: ChampionshipId) -> DownloadLinks {
        DownloadLinks {
            csv: crate::paths::fill1(crate::paths::SEASON_CSV, c),
            json: crate::paths::fill1(crate::paths::SEASON_JSON, c),
            trf: None,
        }
    }

    pub fn series(id: SeriesId) -> DownloadLinks {
        DownloadLinks {
            csv: crate::paths::fill1(crate::paths::SERIES_CSV, id),
            json: crate::paths::fill1(crate::paths::SERIES_JSON, id),
            trf: None,
        }
    }
}
