//! Halls of fame (G-E1): a championship's history — the
//! winner of each finished tournament and the season's top four, as
//! `play::rounds::finish` recorded them (and re-recorded them after an
//! upheld appeal) — and the platform's, every championship on one page.
//! Public, read-only.

use std::collections::HashMap;

use actix_web::http::StatusCode;
use actix_web::{HttpResponse, web};
use askama::Template;

use crate::db;
use crate::db::results::HistoryEntry;
use crate::i18n::{Lang, Message};
use crate::ids::{ChampionshipId, TournamentId};
use crate::msg;
use crate::paths;
use crate::read::history::{ChampionshipHistory, HallOfFame};
use crate::state::AppState;
use crate::web::infra::PageDb;
use crate::web::infra::ctx::PageCtx;
use crate::web::infra::error::AppError;
use crate::web::infra::respond::page;

/// A tournament's winner.
pub struct WinnerRow {
    pub tournament: String,
    pub tournament_url: String,
    /// The tournament's start, in the championship's zone.
    pub date: String,
    pub entry: String,
    pub team_url: String,
}

/// A place of the season's top four, with the season total.
pub struct TopRow {
    pub place: i32,
    pub entry: String,
    pub team_url: String,
    pub total: String,
}

#[derive(Template)]
#[template(path = "championships/history.html")]
pub struct HistoryPage {
    ctx: PageCtx,
    championship: String,
    championship_url: String,
    season_url: String,
    appeals_url: String,
    winners: Vec<WinnerRow>,
    top: Vec<TopRow>,
    /// Tournaments scheduled and not finished (the season goes on).
    remaining: usize,
}

/// `GET /championships/{id}/history`.
pub async fn championship(
    ctx: PageCtx,
    state: web::Data<AppState>,
    path: web::Path<ChampionshipId>,
) -> Result<HttpResponse, AppError> {
    let c = path.into_inner();
    let read = state
        .db(move |conn| ChampionshipHistory::load(conn, c)?.ok_or(AppError::NotFound))
        .await?;
    let remaining = read
        .tournaments
        .iter()
        .filter(|t| t.finished_at.is_none())
        .count();
    page(
        StatusCode::OK,
        &HistoryPage {
            winners: winner_rows(ctx.lang, &read),
            top: top_rows(&read),
            championship: read.championship.name,
            championship_url: paths::championship(c),
            season_url: paths::season(c),
            appeals_url: crate::paths::fill1(crate::paths::APPEALS, c),
            remaining,
            ctx,
        },
    )
}

/// G-E1: each finished tournament's winner, by tournament number.
fn winner_rows(lang: Lang, read: &ChampionshipHistory) -> Vec<WinnerRow> {
    let (c, tz) = (read.championship.id, read.championship.tz());
    let by_id: HashMap<TournamentId, &db::tournaments::Tournament> =
        read.tournaments.iter().map(|t| (t.id, t)).collect();
    let mut winners: Vec<(i32, WinnerRow)> = read
        .history
        .iter()
        .filter(|h| h.kind == "tournament")
        .filter_map(|h| {
            let t = by_id.get(&h.tournament_id?)?;
            Some((
                t.number,
                WinnerRow {
                    tournament: tournament_title(lang, t.number),
                    tournament_url: paths::tournament(c, t.id),
                    date: t
                        .starts_at
                        .and_utc()
                        .with_timezone(&tz)
                        .format("%Y-%m-%d")
                        .to_string(),
                    entry: h.entry_name.clone(),
                    team_url: paths::team(h.team_id),
                },
            ))
        })
        .collect();
    winners.sort_by_key(|(n, _)| *n);
    winners.into_iter().map(|(_, w)| w).collect()
}

/// G-E1: the season's top four with their season totals, by place.
fn top_rows(read: &ChampionshipHistory) -> Vec<TopRow> {
    let total_of = |name: &str| {
        read.season
            .rows
            .iter()
            .find(|r| r.team == name)
            .map(|r| r.total.to_string())
            .unwrap_or_default()
    };
    let mut top: Vec<TopRow> = read
        .history
        .iter()
        .filter(|h| h.kind == "season")
        .map(|h| TopRow {
            place: h.place,
            entry: h.entry_name.clone(),
            team_url: paths::team(h.team_id),
            total: total_of(&h.entry_name),
        })
        .collect();
    top.sort_by(|a, b| a.place.cmp(&b.place).then_with(|| a.entry.cmp(&b.entry)));
    top
}

fn tournament_title(lang: Lang, number: i32) -> String {
    Message::new(msg!("tournament-title"))
        .arg("number", number)
        .render(lang)
}

/// One championship's line in the platform's hall of fame.
pub struct HallRow {
    pub championship: String,
    pub url: String,
    pub history_url: String,
    /// The season's top four, best first: (place, entry, team page).
    pub top: Vec<(i32, String, String)>,
    /// Tournament wins per entry, most first: "Ладья ×3".
    pub wins: Vec<String>,
}

#[derive(Template)]
#[template(path = "hall_of_fame.html")]
pub struct HallPage {
    ctx: PageCtx,
    rows: Vec<HallRow>,
    /// This page's number and the count of pages (1 and 1 when one holds all).
    page: usize,
    pages: usize,
}

impl HallPage {
    fn page_url(&self, n: usize) -> String {
        format!("{}?page={n}", paths::HALL_OF_FAME)
    }
}

/// Championships per page of the hall of fame: a page stays readable (and
/// light) however many championships the platform has run.
pub const HALL_PAGE: usize = 25;

#[derive(serde::Deserialize)]
pub struct HallQuery {
    page: Option<usize>,
}

/// Tournament wins per entry name, most first, then by name.
pub fn wins(history: &[&HistoryEntry]) -> Vec<(String, usize)> {
    let mut counts: Vec<(String, usize)> = Vec::new();
    for h in history.iter().filter(|h| h.kind == "tournament") {
        match counts.iter_mut().find(|(n, _)| *n == h.entry_name) {
            Some((_, k)) => *k += 1,
            None => counts.push((h.entry_name.clone(), 1)),
        }
    }
    counts.sort_by(|a, b| b.1.cmp(&a.1).then_with(|| a.0.cmp(&b.0)));
    counts
}

/// `GET /hall-of-fame[?page=N]`: the championships with a recorded
/// history, newest first, [`HALL_PAGE`] a page (a page past the last shows
/// the last).
pub async fn platform(
    ctx: PageCtx,
    state: web::Data<AppState>,
    query: web::Query<HallQuery>,
) -> Result<HttpResponse, AppError> {
    let wanted = query.page.unwrap_or(1).max(1);
    let read = state
        .db(move |conn| Ok(HallOfFame::load(conn, wanted, HALL_PAGE)?))
        .await?;
    page(
        StatusCode::OK,
        &HallPage {
            ctx,
            rows: hall_rows(&read),
            page: read.number,
            pages: read.pages,
        },
    )
}

/// G-E1: each championship of the page with its season's top four and its
/// tournament wins.
fn hall_rows(read: &HallOfFame) -> Vec<HallRow> {
    // One pass over the page's history, grouped by championship.
    let mut by_championship: HashMap<ChampionshipId, Vec<&HistoryEntry>> = HashMap::new();
    for h in &read.history {
        by_championship
            .entry(h.championship_id)
            .or_default()
            .push(h);
    }
    read.championships
        .iter()
        .filter_map(|c| {
            let mine = by_championship.remove(&c.id)?;
            let mut top: Vec<(i32, String, String)> = mine
                .iter()
                .filter(|h| h.kind == "season")
                .map(|h| (h.place, h.entry_name.clone(), paths::team(h.team_id)))
                .collect();
            top.sort();
            Some(HallRow {
                url: paths::championship(c.id),
                history_url: paths::history(c.id),
                championship: c.name.clone(),
                top,
                wins: wins(&mine)
                    .into_iter()
                    .map(|(name, n)| format!("{name} ×{n}"))
                    .collect(),
            })
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ids::{HistoryEntryId, TeamId};

    fn h(kind: &str, name: &str, place: i32) -> HistoryEntry {
        HistoryEntry {
            id: HistoryEntryId(0),
            championship_id: ChampionshipId(1),
            tournament_id: None,
            team_id: TeamId(1),
            entry_name: name.into(),
            kind: kind.into(),
            place,
            recorded_at: chrono::NaiveDateTime::default(),
        }
    }

    #[test]
    fn g_e1_wins_are_counted_per_entry_most_first() {
        let all = [
            h("tournament", "Ладья", 1),
            h("tournament", "Ладья1", 1),
            h("tournament", "Ладья", 1),
            h("season", "Ладья", 1),
            h("tournament", "Конь", 1),
        ];
        let refs: Vec<&HistoryEntry> = all.iter().collect();
        assert_eq!(
            wins(&refs),
            [
                ("Ладья".to_owned(), 2),
                ("Конь".to_owned(), 1),
                ("Ладья1".to_owned(), 1)
            ]
        );
    }
}
