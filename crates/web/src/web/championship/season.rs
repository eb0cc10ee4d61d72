//! The season table of a championship (G-A3): tournament points per
//! stage, penalties traced to their decisions, totals, the season chart and
//! the history, from the standings cache.

use std::sync::Arc;

use actix_web::http::StatusCode;
use actix_web::{HttpResponse, web};
use askama::Template;

use crate::app::regulation::in_force;
use crate::db::{self, DbConnection};
use crate::i18n::{Lang, Message};
use crate::ids::ChampionshipId;
use crate::msg;
use crate::paths;
use crate::rules::score::HalfPoints;
use crate::state::AppState;
use crate::web::infra::PageDb;
use crate::web::infra::cache::Versioned;
use crate::web::infra::ctx::PageCtx;
use crate::web::infra::error::AppError;
use crate::web::infra::respond::page;

/// Season pages by championship, language and the regulation version in
/// force, each for one results version.
pub type SeasonCache = Versioned<(ChampionshipId, Lang, i32), SeasonView>;

pub struct SeasonRowView {
    pub place: String,
    pub name: String,
    /// Tournament points per stage (empty where the entry did not play).
    pub stages: Vec<String>,
    pub penalties: String,
    pub total: String,
}

#[derive(Template)]
#[template(path = "tournaments/season.html")]
pub struct SeasonPage {
    ctx: PageCtx,
    /// Everything but the viewer's context, from the standings cache; the
    /// template reads its fields through `Deref`.
    view: Arc<SeasonView>,
}

impl std::ops::Deref for SeasonPage {
    type Target = SeasonView;
    fn deref(&self) -> &SeasonView {
        &self.view
    }
}

/// The season page as computed for one language and one results version
/// of the championship (kept by `web::cache`).
pub struct SeasonView {
    championship: String,
    championship_url: String,
    stages: Vec<i32>,
    rows: Vec<SeasonRowView>,
    history: Vec<(String, String, String)>,
    /// Each deduction traced to its penalty.
    deductions: Vec<crate::web::discipline::penalties::DeductionView>,
    penalties_url: String,
    /// Decisions of the appeals committee, each linked to its case.
    decisions: Vec<crate::web::discipline::appeals::Decision>,
    /// Points after each tournament: drawn (the first entries) and listed.
    chart: Option<crate::web::infra::chart::ChartView>,
    cumulative: Vec<crate::web::championship::season_view::CumulativeRow>,
    history_url: String,
}

impl crate::web::infra::cache::Weigh for SeasonView {
    fn weight(&self) -> u64 {
        use crate::web::infra::cache::text;
        let texts = |v: &[String]| v.iter().map(|s| text(s)).sum::<u64>();
        let rows: u64 = self
            .rows
            .iter()
            .map(|r| {
                text(&r.place)
                    + text(&r.name)
                    + texts(&r.stages)
                    + text(&r.penalties)
                    + text(&r.total)
            })
            .sum();
        let history: u64 = self
            .history
            .iter()
            .map(|(a, b, c)| text(a) + text(b) + text(c))
            .sum();
        let deductions: u64 = self
            .deductions
            .iter()
            .map(|d| {
                text(&d.entry)
                    + text(&d.code)
                    + text(&d.amount)
                    + text(&d.reason)
                    + text(&d.by)
                    + text(&d.url)
            })
            .sum();
        let decisions: u64 = self
            .decisions
            .iter()
            .map(|d| 16 + text(&d.url) + text(&d.title) + text(&d.outcome) + text(&d.by))
            .sum();
        let chart: u64 = self.chart.as_ref().map_or(0, |c| {
            text(&c.title)
                + text(&c.desc)
                + 1024
                + c.lines
                    .iter()
                    .map(|l| {
                        text(&l.label)
                            + text(&l.polyline)
                            + l.markers
                                .iter()
                                .map(|m| text(&m.x) + text(&m.y) + text(&m.title))
                                .sum::<u64>()
                    })
                    .sum::<u64>()
        });
        let cumulative: u64 = self
            .cumulative
            .iter()
            .map(|r| text(&r.name) + texts(&r.values))
            .sum();
        512 + rows + history + deductions + decisions + chart + cumulative
    }
}

impl SeasonView {
    /// Loads and computes the season page of championship `c` (call after
    /// reading the results version, see `web::cache`).
    fn load(
        conn: &mut DbConnection,
        lang: Lang,
        championship: &db::championships::Championship,
        reg: &crate::rules::regulation::Regulation,
    ) -> Result<SeasonView, AppError> {
        let c = championship.id;
        let season = crate::app::season::load(conn, c, reg)?;
        let history = db::results::history_of_championship(conn, c)?;
        let tournaments = db::tournaments::of_championship(conn, c)?;
        let decisions = crate::web::discipline::appeals::decisions(
            lang,
            c,
            crate::read::appeals::Decisions::load(conn, c)?,
        );
        let rows = season
            .rows
            .iter()
            .map(|row| SeasonRowView {
                place: row.place.to_string(),
                stages: (0..season.stages.len())
                    .map(|i| {
                        season
                            .points(i, &row.team)
                            .map(|p| p.to_string())
                            .unwrap_or_default()
                    })
                    .collect(),
                penalties: if row.penalties == HalfPoints::ZERO {
                    String::new()
                } else {
                    format!("−{}", row.penalties)
                },
                total: row.total.to_string(),
                name: row.team.clone(),
            })
            .collect();
        let history = history
            .into_iter()
            .map(|h| {
                let what = match h
                    .tournament_id
                    .and_then(|t| tournaments.iter().find(|x| x.id == t))
                {
                    Some(t) => Message::new(msg!("tournament-title"))
                        .arg("number", t.number)
                        .render(lang),
                    None => lang.msg(msg!("season-title")),
                };
                (what, h.place.to_string(), h.entry_name)
            })
            .collect();
        let deductions = crate::web::discipline::penalties::deduction_views(
            lang,
            championship.tz(),
            c,
            &season.deductions,
        );
        Ok(SeasonView {
            chart: crate::web::championship::season_view::season_chart(lang, &season),
            cumulative: crate::web::championship::season_view::cumulative_rows(&season),
            history_url: paths::history(c),
            decisions,
            deductions,
            penalties_url: paths::penalties(c),
            championship: championship.name.clone(),
            championship_url: paths::championship(c),
            stages: season.stages,
            rows,
            history,
        })
    }
}

/// `GET /championships/{c}/season`: tournament points per stage, penalties
/// deducted, total (G-A3); a double scores for itself, keyed by its name.
/// Served from the standings cache while the results version stands.
pub async fn season(
    ctx: PageCtx,
    state: web::Data<AppState>,
    cache: web::Data<SeasonCache>,
    path: web::Path<ChampionshipId>,
) -> Result<HttpResponse, AppError> {
    let c = path.into_inner();
    let lang = ctx.lang;
    let view = state
        .db(move |conn| {
            // The season's settings are those in force now (G-E2): a
            // published change takes over the table on its date, so the
            // version in force is part of the key.
            let now = db::utc_now();
            let (version, number) =
                db::championships::versions_at(conn, c, now)?.ok_or(AppError::NotFound)?;
            cache.get_or_compute((c, lang, number), version, || {
                let championship = db::championships::by_id(conn, c)?.ok_or(AppError::NotFound)?;
                let reg = in_force(conn, &championship, now)?;
                SeasonView::load(conn, lang, &championship, &reg.regulation)
            })
        })
        .await?;
    page(StatusCode::OK, &SeasonPage { ctx, view })
}
