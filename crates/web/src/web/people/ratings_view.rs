//! A person's ratings as their page shows them: the rating of each source
//! now (its latest value, date and where it came from), the history, the
//! FIDE id with a link to FIDE's profile, and the platform's own rating
//! with its deviation.

use crate::app::ratings::{TYPED_SOURCES, dated, period_start, source_key};
use crate::db::ratings::{PlatformRating, Rating};
use crate::i18n::{Lang, Message};
use crate::msg;
use crate::rules::rating::Source;
use crate::rules::rating::glicko2::PROVISIONAL_DEVIATION;
use crate::rules::rating::{Dated, Source as RatingSource};
use crate::web::infra::chart::{self, ChartView, Series};

/// The values the history chart draws at most (the latest).
pub const CHART_POINTS: usize = 24;

pub struct RatingLine {
    pub source: String,
    pub value: i32,
    pub as_of: String,
    pub origin: String,
}

pub struct Ratings {
    /// The FIDE id and the address of its FIDE profile.
    pub fide_id: Option<(i64, String)>,
    pub platform: Option<String>,
    pub current: Vec<RatingLine>,
    pub history: Vec<RatingLine>,
    /// The history as a chart, one line per source; `None` under two values.
    pub chart: Option<ChartView>,
    /// The officials' form: the sources typed, (code, words), and today.
    pub typed_sources: Vec<(&'static str, String)>,
    pub today: String,
    pub fide_id_value: String,
}

impl Ratings {
    pub fn is_empty(&self) -> bool {
        self.fide_id.is_none() && self.platform.is_none() && self.history.is_empty()
    }
}

fn origin_key(origin: &str) -> crate::i18n::MsgKey {
    match origin {
        "fide_list" => msg!("rating-origin-fide-list"),
        "trf" => msg!("rating-origin-trf"),
        "game" => msg!("rating-origin-game"),
        "csv" => msg!("rating-origin-csv"),
        _ => msg!("rating-origin-typed"),
    }
}

fn line(lang: Lang, r: &Rating) -> Option<RatingLine> {
    let source = Source::from_code(&r.source)?;
    Some(RatingLine {
        source: lang.msg(source_key(source)),
        value: r.value,
        as_of: r.as_of.format("%Y-%m-%d").to_string(),
        origin: match &r.site {
            Some(site) => format!("{} ({site})", lang.msg(origin_key(&r.origin))),
            None => lang.msg(origin_key(&r.origin)),
        },
    })
}

/// The history chart: the latest [`CHART_POINTS`] values, one line per
/// source, each at its date (dates in order along the axis).
fn history_chart(lang: Lang, history: &[Dated]) -> Option<ChartView> {
    let shown = &history[history.len().saturating_sub(CHART_POINTS)..];
    if shown.len() < 2 {
        return None;
    }
    let mut days: Vec<chrono::NaiveDate> = shown.iter().map(|d| d.on).collect();
    days.dedup();
    let mut categories: Vec<String> = days.iter().map(|d| d.format("%Y-%m").to_string()).collect();
    chart::thin_labels(&mut categories, 4);
    let series: Vec<Series> = RatingSource::ALL
        .into_iter()
        .filter(|src| shown.iter().any(|d| d.source == *src))
        .map(|src| Series {
            label: lang.msg(source_key(src)),
            values: days
                .iter()
                .map(|day| {
                    shown
                        .iter()
                        .rev()
                        .find(|d| d.source == src && d.on == *day)
                        .map_or(f64::NAN, |d| f64::from(d.value))
                })
                .collect(),
        })
        .collect();
    let chart = chart::line_chart(&categories, &series, 10.0, chart::Base::Values, |v| {
        format!("{v:.0}")
    });
    let labels: Vec<String> = series.iter().map(|s| s.label.clone()).collect();
    let lines = chart::line_views(&chart, |line, p| {
        format!(
            "{}, {}: {:.0}",
            labels[line],
            days[p.category].format("%Y-%m-%d"),
            p.value
        )
    });
    let desc = shown
        .iter()
        .map(|d| {
            format!(
                "{} {} {}",
                d.on.format("%Y-%m-%d"),
                lang.msg(source_key(d.source)),
                d.value
            )
        })
        .collect::<Vec<_>>()
        .join("; ");
    Some(ChartView {
        id: "rating-chart",
        level: 3,
        chart,
        lines,
        title: lang.msg(msg!("person-rating-chart-title")),
        desc,
        x_title: lang.msg(msg!("person-rating-chart-x")),
        // Four-digit ticks leave no room for an axis title: the chart's
        // title says what the values are.
        y_title: String::new(),
        note: None,
    })
}

/// The section's lines, in the page's language.
pub fn ratings(
    lang: Lang,
    rows: &[Rating],
    fide_id: Option<i64>,
    platform: &[PlatformRating],
) -> Ratings {
    let chart = history_chart(lang, &dated(rows, platform));
    // The latest row of each source, in the order forms list the sources.
    let mut current = Vec::new();
    for source in Source::ALL {
        if let Some(latest) = rows
            .iter()
            .filter(|r| r.source == source.code())
            .max_by_key(|r| (r.as_of, r.id))
            .and_then(|r| line(lang, r))
        {
            current.push(latest);
        }
    }
    let history = rows.iter().rev().filter_map(|r| line(lang, r)).collect();
    let platform = platform.last().map(|p| {
        let key = if p.deviation > PROVISIONAL_DEVIATION {
            msg!("person-platform-rating-provisional")
        } else {
            msg!("person-platform-rating")
        };
        Message::new(key)
            .arg("rating", p.rating.round() as i64)
            .arg("deviation", p.deviation.round() as i64)
            .arg("games", p.games)
            .arg(
                "month",
                period_start(p.period).map_or_else(String::new, |d| d.format("%Y-%m").to_string()),
            )
            .render(lang)
    });
    Ratings {
        typed_sources: TYPED_SOURCES
            .iter()
            .map(|src| (src.code(), lang.msg(source_key(*src))))
            .collect(),
        today: crate::db::utc_now().date().format("%Y-%m-%d").to_string(),
        fide_id_value: fide_id.map(|id| id.to_string()).unwrap_or_default(),
        fide_id: fide_id.map(|id| (id, format!("https://ratings.fide.com/profile/{id}"))),
        chart,
        platform,
        current,
        history,
    }
}
