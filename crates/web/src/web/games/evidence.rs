//! The fair-play evidence page (G-E3), for the championship's officials:
//! a player's move times against their other games and the field, their
//! agreement with the engine where games were analysed, their results in
//! the span beside their others; the engine analysis queued and cancelled
//! from here, and a fair-play report recorded with the figures, which the
//! judges then refer to the committee (G-G7).

use actix_session::Session;
use actix_web::http::StatusCode;
use actix_web::{HttpResponse, web};
use askama::Template;
use serde::Deserialize;

use crate::app::PlayError;
use crate::app::access::AnyStaff;
use crate::app::analysis::{self as ops, AnalysisProblem};
use crate::db::{self, people};
use crate::i18n::{Lang, Message};
use crate::ids::{AnalysisJobId, ChampionshipId, TournamentId};
use crate::msg;
use crate::paths;
use crate::read::fair_play::{Evidence, EvidencePage as EvidenceRead, Level, RatingEvidence};
use crate::rules::appeals::Ground;
use crate::rules::fair_play::{HISTOGRAM_BUCKETS, HISTOGRAM_STEP, TimeStats};
use crate::state::AppState;
use crate::web::infra::PageDb;
use crate::web::infra::chart::{self, ChartView, Series};
use crate::web::infra::ctx::PageCtx;
use crate::web::infra::error::AppError;
use crate::web::infra::forms::Form;
use crate::web::infra::guards::Staff;
use crate::web::infra::respond::{page, see_other};
use crate::web::infra::session::{AppSession, FlashLevel};

#[derive(Debug, Default, Deserialize)]
pub struct Query {
    #[serde(default)]
    nick: String,
    from: Option<i64>,
    to: Option<i64>,
}

impl crate::web::infra::forms::TextRules for Query {}

/// A line of the move-time table.
pub struct TimesRow {
    pub label: String,
    pub moves: usize,
    pub mean: String,
    pub spread: String,
    pub median: String,
    pub band: String,
}

/// A bar of the move-time chart.
pub struct Bar {
    pub x: String,
    pub y: String,
    pub h: String,
    pub class: &'static str,
    pub title: String,
}

pub struct GameLine {
    pub url: String,
    pub tournament: i32,
    pub colour: String,
    pub opponent: String,
    pub result: &'static str,
    pub plies: i32,
    pub mean: String,
    pub band: String,
    pub agreement: String,
    pub acpl: String,
}

/// A line of the performance table: a game against a rated opponent.
pub struct RatedRow {
    pub game: String,
    pub opponent: String,
    pub opponent_rating: u16,
    pub result: &'static str,
    pub performance: i32,
    pub running: i32,
}

/// The rating section: the usual rating before the span beside the
/// performance in it (G-E3).
pub struct RatingSection {
    pub facts: Vec<(String, String)>,
    pub chart: Option<ChartView>,
    pub rows: Vec<RatedRow>,
    pub method: String,
}

pub struct JobLine {
    pub status: String,
    pub progress: String,
    pub cancel_url: Option<String>,
    pub error: Option<String>,
}

#[derive(Template)]
#[template(path = "games/evidence.html")]
pub struct EvidencePage {
    ctx: PageCtx,
    championship: String,
    cases_url: String,
    action: String,
    nick: String,
    nicks: Vec<String>,
    tournaments: Vec<(TournamentId, String, bool, bool)>,
    shown: bool,
    times: Vec<TimesRow>,
    bars: Vec<Bar>,
    chart_labels: Vec<(String, String)>,
    games: Vec<GameLine>,
    analysed: String,
    agreement: String,
    opponents: String,
    method: String,
    level: Vec<(String, String)>,
    rating: Option<RatingSection>,
    jobs: Vec<JobLine>,
    analysis_url: String,
    engine: bool,
    depth: i32,
    from: i64,
    to: i64,
    report_url: String,
    report_tournaments: Vec<(TournamentId, String)>,
    grounds: Vec<(&'static str, String, bool)>,
    notes: String,
}

fn secs(v: f64) -> String {
    format!("{v:.1}")
}

fn percent(v: Option<f64>) -> String {
    v.map(|v| format!("{:.0} %", v * 100.0))
        .unwrap_or_else(|| "—".into())
}

fn times_row(label: String, t: &Option<TimeStats>) -> TimesRow {
    match t {
        Some(t) => TimesRow {
            label,
            moves: t.moves,
            mean: secs(t.mean),
            spread: secs(t.spread),
            median: secs(t.median),
            band: percent(Some(t.band_share)),
        },
        None => TimesRow {
            label,
            moves: 0,
            mean: "—".into(),
            spread: "—".into(),
            median: "—".into(),
            band: "—".into(),
        },
    }
}

/// Two series of bars (the player's share of moves per second of thought,
/// the field's beside it) in a 480 × 200 drawing.
fn bars(lang: Lang, mine: &Option<TimeStats>, field: &Option<TimeStats>) -> Vec<Bar> {
    let shares = |t: &Option<TimeStats>| -> Vec<f64> {
        t.as_ref()
            .map(|t| {
                let n = t.histogram.iter().sum::<u32>().max(1);
                t.histogram
                    .iter()
                    .map(|c| f64::from(*c) / f64::from(n))
                    .collect()
            })
            .unwrap_or_default()
    };
    let (a, b) = (shares(mine), shares(field));
    let top = a
        .iter()
        .chain(&b)
        .copied()
        .fold(0.0_f64, f64::max)
        .max(0.01);
    let width = 440.0 / HISTOGRAM_BUCKETS as f64;
    let mut out = Vec::new();
    for (series, values, class, key) in [
        (0.0, &a, "bar-mine", msg!("evidence-chart-mine")),
        (0.5, &b, "bar-field", msg!("evidence-chart-field")),
    ] {
        for (i, v) in values.iter().enumerate() {
            let h = v / top * 160.0;
            let from = i as f64 * HISTOGRAM_STEP;
            out.push(Bar {
                x: format!("{:.1}", 30.0 + i as f64 * width + series * width * 0.9),
                y: format!("{:.1}", 170.0 - h),
                h: format!("{h:.1}"),
                class,
                title: Message::new(key)
                    .arg("from", from)
                    .arg("share", format!("{:.0}", v * 100.0))
                    .render(lang),
            });
        }
    }
    out
}

fn level_words(lang: Lang, l: &Level) -> String {
    match l.percent() {
        Some(p) => Message::new(msg!("evidence-level-line"))
            .arg("points", l.points.to_string())
            .arg("games", l.games)
            .arg("percent", format!("{p:.0}"))
            .render(lang),
        None => lang.msg(msg!("evidence-level-none")),
    }
}

fn job_status(lang: Lang, status: &str) -> String {
    lang.t_if_any(&format!("evidence-job-{status}"))
        .unwrap_or_else(|| status.to_owned())
}

/// A performance this far above the usual rating suggests a sudden
/// strength jump (G-E3), over at least [`MIN_RATED_GAMES`] rated games.
const RATING_JUMP: i32 = 400;
const MIN_RATED_GAMES: usize = 5;

/// The grounds the figures point to, for the report's boxes: a
/// suggestion the judge confirms or clears.
fn suggested(e: &Evidence) -> Vec<Ground> {
    let mut out = Vec::new();
    if e.times
        .as_ref()
        .is_some_and(|t| t.moves >= 20 && t.band_share >= 0.5)
    {
        out.push(Ground::SteadyMoveTimes);
    }
    if e.agreement.considered >= 20 && e.agreement.share().is_some_and(|s| s >= 0.8) {
        out.push(Ground::EngineAgreement);
    }
    let results_jump = matches!(
        (e.level_span.percent(), e.level_other.percent()),
        (Some(now), Some(before))
            if e.level_span.games >= 5 && e.level_other.games >= 5 && now - before >= 30.0
    );
    let rating_jump = matches!(
        (e.rating.tpr, e.rating.usual()),
        (Some(tpr), Some(usual))
            if e.rating.lines.len() >= MIN_RATED_GAMES && tpr - i32::from(usual) >= RATING_JUMP
    );
    if results_jump || rating_jump {
        out.push(Ground::StrengthJump);
    }
    out
}

/// The figures in a few lines, for the report's notes.
fn summary(lang: Lang, e: &Evidence) -> String {
    let t = e.times.as_ref();
    Message::new(msg!("evidence-summary"))
        .arg("moves", t.map_or(0, |t| t.moves))
        .arg("mean", t.map_or_else(|| "—".into(), |t| secs(t.mean)))
        .arg("band", percent(t.map(|t| t.band_share)))
        .arg("analysed", e.analysed)
        .arg("games", e.games.len())
        .arg("agreement", percent(e.agreement.share()))
        .arg(
            "acpl",
            e.agreement
                .acpl()
                .map_or_else(|| "—".into(), |v| format!("{v:.0}")),
        )
        .arg("now", level_words(lang, &e.level_span))
        .arg("before", level_words(lang, &e.level_other))
        .render(lang)
}

fn tournament_title(lang: Lang, number: i32) -> String {
    Message::new(msg!("tournament-title"))
        .arg("number", number)
        .render(lang)
}

/// The form and the page's frame, without evidence. The span picked, or
/// by default the whole championship, is what the form shows selected, so
/// a first search covers every tournament.
fn frame(
    ctx: PageCtx,
    c: ChampionshipId,
    nick: String,
    read: &mut EvidenceRead,
    engine: bool,
    depth: i32,
) -> EvidencePage {
    let lang = ctx.lang;
    let (from, to) = (read.from, read.to);
    EvidencePage {
        championship: read.championship.name.clone(),
        cases_url: crate::paths::fill1(crate::paths::APPEALS, c),
        action: paths::fair_play_evidence(c),
        nick,
        nicks: std::mem::take(&mut read.nicks),
        tournaments: read
            .tournaments
            .iter()
            .map(|t| {
                (
                    t.id,
                    tournament_title(lang, t.number),
                    t.id.0 == from,
                    t.id.0 == to,
                )
            })
            .collect(),
        shown: false,
        times: vec![],
        bars: vec![],
        chart_labels: vec![],
        games: vec![],
        analysed: String::new(),
        agreement: String::new(),
        opponents: String::new(),
        method: String::new(),
        level: vec![],
        rating: None,
        jobs: vec![],
        analysis_url: paths::fair_play_analysis(c),
        engine,
        depth,
        from,
        to,
        report_url: crate::paths::fill1(crate::paths::FAIR_PLAY, c),
        report_tournaments: vec![],
        grounds: vec![],
        notes: String::new(),
        ctx,
    }
}

/// The player's games of the span, one line each.
fn game_lines(lang: Lang, c: ChampionshipId, e: &Evidence) -> Vec<GameLine> {
    e.games
        .iter()
        .map(|g| GameLine {
            url: paths::game(c, g.tournament, g.game),
            tournament: g.tournament_number,
            colour: lang.msg(if g.white {
                msg!("player-colour-white")
            } else {
                msg!("player-colour-black")
            }),
            opponent: g.opponent.clone().unwrap_or_else(|| "—".into()),
            result: g.result,
            plies: g.plies,
            mean: g
                .times
                .as_ref()
                .map_or_else(|| "—".into(), |t| secs(t.mean)),
            band: percent(g.times.as_ref().map(|t| t.band_share)),
            agreement: percent(g.agreement.as_ref().and_then(|a| a.share())),
            acpl: g
                .agreement
                .as_ref()
                .and_then(|a| a.acpl())
                .map_or_else(|| "—".into(), |v| format!("{v:.0}")),
        })
        .collect()
}

fn agreement_words(lang: Lang, a: &crate::rules::fair_play::Agreement) -> String {
    Message::new(msg!("evidence-agreement-line"))
        .arg("share", percent(a.share()))
        .arg("matched", a.matched)
        .arg("considered", a.considered)
        .arg(
            "acpl",
            a.acpl().map_or_else(|| "—".into(), |v| format!("{v:.0}")),
        )
        .arg("excluded", a.excluded())
        .render(lang)
}

/// The move-time table, the chart and its labels.
fn fill_times(p: &mut EvidencePage, lang: Lang, e: &Evidence) {
    p.times = vec![
        times_row(lang.msg(msg!("evidence-times-span")), &e.times),
        times_row(lang.msg(msg!("evidence-times-history")), &e.history),
        times_row(lang.msg(msg!("evidence-times-field")), &e.field),
    ];
    p.bars = bars(lang, &e.times, &e.field);
    p.chart_labels = (0..HISTOGRAM_BUCKETS)
        .step_by(5)
        .map(|i| {
            (
                format!("{:.1}", 30.0 + i as f64 * 440.0 / HISTOGRAM_BUCKETS as f64),
                format!("{}", i as f64 * HISTOGRAM_STEP),
            )
        })
        .collect();
}

/// The engine's figures, the results' level and the analysis jobs.
fn fill_engine(p: &mut EvidencePage, lang: Lang, c: ChampionshipId, e: &Evidence) {
    p.analysed = Message::new(msg!("evidence-analysed"))
        .arg("analysed", e.analysed)
        .arg("games", e.games.len())
        .arg("depth", p.depth)
        .render(lang);
    p.agreement = agreement_words(lang, &e.agreement);
    p.opponents = agreement_words(lang, &e.opponents);
    p.method = Message::new(msg!("evidence-method"))
        .arg("book", e.method.book_moves)
        .arg("scramble", e.method.scramble_seconds)
        .arg("decided", e.method.decided_cp)
        .render(lang);
    p.level = vec![
        (
            lang.msg(msg!("evidence-level-span")),
            level_words(lang, &e.level_span),
        ),
        (
            lang.msg(msg!("evidence-level-other")),
            level_words(lang, &e.level_other),
        ),
    ];
    p.jobs = e
        .jobs
        .iter()
        .map(|j| JobLine {
            status: job_status(lang, &j.status),
            progress: format!("{} / {}", j.games_done, j.games_total),
            cancel_url: j.is_open().then(|| paths::analysis_cancel(c, j.id)),
            error: j.error.clone(),
        })
        .collect();
}

/// The report's form: the grounds the figures suggest, the span's
/// tournaments, the figures as notes.
fn fill_report(p: &mut EvidencePage, lang: Lang, e: &Evidence) {
    let suggested = suggested(e);
    p.grounds = Ground::ALL
        .into_iter()
        .map(|g| {
            (
                g.as_str(),
                lang.msg(crate::app::appeals::ground_key(g)),
                suggested.contains(&g),
            )
        })
        .collect();
    p.report_tournaments = e
        .span
        .iter()
        .map(|(id, n)| (*id, tournament_title(lang, *n)))
        .collect();
    p.notes = summary(lang, e);
}

fn result_symbol(half_points: u8) -> &'static str {
    match half_points {
        2 => "1",
        1 => "½",
        _ => "0",
    }
}

/// The rating chart: the usual rating's values before the span, the
/// usual level carried across the span's games, and the performance
/// after each game.
fn rating_chart(lang: Lang, r: &RatingEvidence, source: &str) -> Option<ChartView> {
    let usual = r.usual();
    if r.lines.is_empty() && r.before.is_empty() {
        return None;
    }
    let (b, g) = (r.before.len(), r.lines.len());
    let mut categories: Vec<String> = r
        .before
        .iter()
        .map(|d| d.on.format("%Y-%m").to_string())
        .chain((1..=g).map(|i| i.to_string()))
        .collect();
    chart::thin_labels(&mut categories, 5);
    let nan = f64::NAN;
    let mut series = vec![Series {
        label: Message::new(msg!("evidence-rating-before"))
            .arg("source", source)
            .render(lang),
        values: r
            .before
            .iter()
            .map(|d| f64::from(d.value))
            .chain(std::iter::repeat_n(nan, g))
            .collect(),
    }];
    if let Some(u) = usual.filter(|_| g > 0) {
        series.push(Series {
            label: lang.msg(msg!("evidence-rating-usual")),
            values: std::iter::repeat_n(nan, b.saturating_sub(1))
                .chain(std::iter::repeat_n(f64::from(u), g + usize::from(b > 0)))
                .collect(),
        });
    }
    series.push(Series {
        label: lang.msg(msg!("evidence-rating-running")),
        values: std::iter::repeat_n(nan, b)
            .chain(r.lines.iter().map(|l| f64::from(l.running)))
            .collect(),
    });
    let chart = chart::line_chart(&categories, &series, 10.0, chart::Base::Values, |v| {
        format!("{v:.0}")
    });
    let labels: Vec<String> = series.iter().map(|s| s.label.clone()).collect();
    let lines = chart::line_views(&chart, |line, p| {
        let at = if p.category < b {
            r.before[p.category].on.format("%Y-%m-%d").to_string()
        } else {
            Message::new(msg!("evidence-rating-game"))
                .arg("number", p.category - b + 1)
                .render(lang)
        };
        format!("{}, {at}: {:.0}", labels[line], p.value)
    });
    let desc = Message::new(msg!("evidence-rating-chart-desc"))
        .arg("source", source)
        .arg(
            "before",
            r.before
                .iter()
                .map(|d| format!("{} {}", d.on.format("%Y-%m-%d"), d.value))
                .collect::<Vec<_>>()
                .join(", "),
        )
        .arg(
            "running",
            r.lines
                .iter()
                .map(|l| l.running.to_string())
                .collect::<Vec<_>>()
                .join(", "),
        )
        .render(lang);
    Some(ChartView {
        id: "evidence-rating-chart",
        level: 3,
        chart,
        lines,
        title: lang.msg(msg!("evidence-rating-chart-title")),
        desc,
        x_title: lang.msg(msg!("evidence-rating-chart-x")),
        // Four-digit ticks leave no room for an axis title: the chart's
        // title says what the values are.
        y_title: String::new(),
        note: None,
    })
}

/// The rating section of the evidence.
fn rating_section(lang: Lang, r: &RatingEvidence) -> RatingSection {
    let source = r.source.map_or_else(
        || lang.msg(msg!("evidence-rating-none")),
        |s| lang.msg(crate::app::ratings::source_key(s)),
    );
    let dash = || "—".to_owned();
    let usual = r.before.last().map_or_else(dash, |d| {
        Message::new(msg!("evidence-rating-usual-line"))
            .arg("value", d.value)
            .arg("source", source.as_str())
            .arg("date", d.on.format("%Y-%m-%d").to_string())
            .render(lang)
    });
    let gap = match (r.tpr, r.usual()) {
        (Some(t), Some(u)) => format!("{:+}", t - i32::from(u)),
        _ => dash(),
    };
    RatingSection {
        facts: vec![
            (lang.msg(msg!("evidence-rating-usual")), usual),
            (
                lang.msg(msg!("evidence-rating-aro")),
                r.aro.map_or_else(dash, |a| a.to_string()),
            ),
            (
                lang.msg(msg!("evidence-rating-tpr")),
                r.tpr.map_or_else(dash, |t| t.to_string()),
            ),
            (lang.msg(msg!("evidence-rating-gap")), gap),
        ],
        chart: rating_chart(lang, r, &source),
        rows: r
            .lines
            .iter()
            .map(|l| RatedRow {
                game: Message::new(msg!("evidence-rating-round"))
                    .arg("tournament", l.tournament_number)
                    .arg("round", l.round_number)
                    .render(lang),
                opponent: l.opponent.clone(),
                opponent_rating: l.opponent_rating,
                result: result_symbol(l.half_points),
                performance: l.performance,
                running: l.running,
            })
            .collect(),
        method: Message::new(msg!("evidence-rating-method"))
            .arg("source", source.as_str())
            .arg("games", MIN_RATED_GAMES)
            .arg("jump", RATING_JUMP)
            .render(lang),
    }
}

/// `GET /championships/{c}/fair-play/evidence?nick=&from=&to=` (officials).
pub async fn show(
    ctx: PageCtx,
    staff: Staff<AnyStaff>,
    state: web::Data<AppState>,
    query: web::Query<Query>,
) -> Result<HttpResponse, AppError> {
    let c = staff.championship;
    let q = query.into_inner();
    let depth = i32::try_from(state.settings.engine.limits().depth).unwrap_or(12);
    let engine = state.settings.engine.worker
        && crate::engine::find(state.settings.engine.path.as_deref()).is_some();
    let nick = q.nick.trim().to_owned();
    let asked = nick.clone();
    let mut read = state
        .db(move |conn| {
            EvidenceRead::load(conn, c, &asked, q.from, q.to, depth)?.ok_or(AppError::NotFound)
        })
        .await?;
    let lang = ctx.lang;
    let mut p = frame(ctx, c, nick, &mut read, engine, depth);
    if let Some(e) = &read.evidence {
        p.shown = true;
        fill_times(&mut p, lang, e);
        p.games = game_lines(lang, c, e);
        fill_engine(&mut p, lang, c, e);
        p.rating = Some(rating_section(lang, &e.rating));
        fill_report(&mut p, lang, e);
    }
    page(StatusCode::OK, &p)
}

fn evidence_url(c: ChampionshipId, nick: &str, from: i64, to: i64) -> String {
    format!(
        "{}?{}",
        paths::fair_play_evidence(c),
        serde_urlencoded::to_string([
            ("nick", nick),
            ("from", &from.to_string()),
            ("to", &to.to_string())
        ])
        .unwrap_or_default()
    )
}

/// `POST /championships/{c}/fair-play/evidence/analysis` (officials):
/// queues the engine analysis of the player's games of the span.
pub async fn request(
    staff: Staff<AnyStaff>,
    state: web::Data<AppState>,
    session: Session,
    form: Form<Vec<(String, String)>>,
) -> Result<HttpResponse, AppError> {
    let c = staff.championship;
    let fields = form.into_inner()?;
    let field = |name: &str| {
        fields
            .iter()
            .find(|(k, _)| k == name)
            .map(|(_, v)| v.trim().to_owned())
            .unwrap_or_default()
    };
    let number = |name: &str| {
        field(name)
            .parse::<i64>()
            .map_err(|_| AppError::BadRequest(msg!("error-form-unreadable")))
    };
    let (f_from, f_to) = (number("from")?, number("to")?);
    let depth = state.settings.engine.limits().depth;
    let (by, nick) = (staff.user.id, field("nick"));
    let (from, to) = (TournamentId(f_from), TournamentId(f_to));
    let name = nick.clone();
    let result = state
        .db(move |conn| {
            let person = people::by_nick(conn, &name)?.ok_or(AppError::NotFound)?;
            Ok(ops::request(
                conn,
                c,
                person.id,
                from,
                to,
                depth,
                by,
                db::utc_now(),
            ))
        })
        .await?;
    let s = AppSession(&session);
    match result {
        Ok(_) => s.flash(FlashLevel::Success, msg!("evidence-queued")),
        Err(PlayError::Refused(ps)) if ps.contains(&AnalysisProblem::NoGames) => {
            s.flash(FlashLevel::Error, msg!("evidence-no-games"))
        }
        Err(PlayError::Refused(_)) => s.flash(FlashLevel::Error, msg!("evidence-bad-span")),
        Err(other) => return Err(other.into()),
    }
    Ok(see_other(&evidence_url(c, &nick, f_from, f_to)))
}

#[derive(Debug, Deserialize)]
pub struct JobPath {
    championship_id: ChampionshipId,
    job_id: AnalysisJobId,
}

/// `POST /championships/{c}/fair-play/analyses/{job}/cancel` (officials).
pub async fn cancel(
    staff: Staff<AnyStaff>,
    state: web::Data<AppState>,
    session: Session,
    path: web::Path<JobPath>,
) -> Result<HttpResponse, AppError> {
    let (c, job, by) = (path.championship_id, path.job_id, staff.user.id);
    if c != staff.championship {
        return Err(AppError::NotFound);
    }
    let back = state
        .db(move |conn| {
            let j = db::games::job_by_id(conn, job)?
                .filter(|j| j.championship_id == c)
                .ok_or(AppError::NotFound)?;
            ops::cancel(conn, c, job, by, db::utc_now())?;
            let nick = people::by_id(conn, j.person_id)?
                .map(|p| p.nick)
                .unwrap_or_default();
            Ok(evidence_url(
                c,
                &nick,
                j.from_tournament.0,
                j.to_tournament.0,
            ))
        })
        .await?;
    AppSession(&session).flash(FlashLevel::Success, msg!("evidence-cancelled"));
    Ok(see_other(&back))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ids::PersonId;
    use crate::read::fair_play::RatedLine;
    use crate::rules::fair_play::{Agreement, Method};
    use crate::rules::rating::{Dated, Source, Speed};

    fn evidence(usual: u16, running: &[i32]) -> Evidence {
        let on = chrono::NaiveDate::from_ymd_opt(2026, 10, 1).expect("a day");
        let lines: Vec<RatedLine> = running
            .iter()
            .map(|r| RatedLine {
                tournament_number: 1,
                round_number: 1,
                opponent: "x".into(),
                opponent_rating: 1500,
                half_points: 2,
                performance: 2300,
                running: *r,
            })
            .collect();
        Evidence {
            person: PersonId(1),
            nick: "x".into(),
            span: vec![],
            games: vec![],
            times: None,
            history: None,
            field: None,
            agreement: Agreement::default(),
            analysed: 0,
            opponents: Agreement::default(),
            level_span: Level::default(),
            level_other: Level::default(),
            rating: RatingEvidence {
                source: Some(Source::Server(Speed::Blitz)),
                before: vec![Dated {
                    on,
                    source: Source::Server(Speed::Blitz),
                    value: usual,
                }],
                tpr: running.last().copied(),
                aro: Some(1500),
                lines,
            },
            method: Method::default(),
            depth: 12,
            jobs: vec![],
        }
    }

    #[test]
    fn g_e3_a_performance_far_above_the_usual_rating_over_enough_games_suggests_the_jump() {
        // 400 above over five games: suggested.
        let jump = evidence(1500, &[2300, 2100, 2000, 1950, 1900]);
        assert_eq!(suggested(&jump), [Ground::StrengthJump]);
        // 399 above: not.
        let close = evidence(1501, &[1900, 1900, 1900, 1900, 1900]);
        assert!(suggested(&close).is_empty());
        // Far above but over four games only: not.
        let few = evidence(1200, &[2300, 2300, 2300, 2300]);
        assert!(suggested(&few).is_empty());
    }
}
