//! The season page's chart and its table of numbers: each entry's season
//! points after every finished tournament, worded in
//! the page's language. The geometry is `chart`'s; the numbers are
//! `play::season::Season::cumulative` (tournament points summed, each
//! deduction counted from the tournament it was imposed for).

use crate::app::season::Season;
use crate::i18n::{Lang, Message};
use crate::msg;
use crate::rules::score::HalfPoints;
use crate::web::infra::chart::{self, ChartView, Series};

/// Lines drawn at most; the tables below the chart list every entry.
pub const MAX_LINES: usize = 10;

/// One row of the table of the chart's numbers.
pub struct CumulativeRow {
    pub name: String,
    pub values: Vec<String>,
}

fn points(v: f64) -> String {
    // Values are whole half-points; the ticks are multiples of ½.
    HalfPoints((v * 2.0).round() as i32).to_string()
}

/// Every entry's points after each stage, in the season table's order.
pub fn cumulative_rows(season: &Season) -> Vec<CumulativeRow> {
    season
        .rows
        .iter()
        .map(|r| CumulativeRow {
            name: r.team.clone(),
            values: season
                .cumulative(&r.team)
                .iter()
                .map(ToString::to_string)
                .collect(),
        })
        .collect()
}

/// The chart of the first [`MAX_LINES`] entries of the season table, or
/// `None` before any tournament has finished.
pub fn season_chart(lang: Lang, season: &Season) -> Option<ChartView> {
    if season.stages.is_empty() || season.rows.is_empty() {
        return None;
    }
    let categories: Vec<String> = season.stages.iter().map(ToString::to_string).collect();
    let shown: Vec<(String, Vec<HalfPoints>)> = season
        .rows
        .iter()
        .take(MAX_LINES)
        .map(|r| (r.team.clone(), season.cumulative(&r.team)))
        .collect();
    let series: Vec<Series> = shown
        .iter()
        .map(|(name, values)| Series {
            label: name.clone(),
            values: values.iter().map(|v| f64::from(v.0) / 2.0).collect(),
        })
        .collect();
    let chart = chart::line_chart(&categories, &series, 0.5, chart::Base::Zero, points);
    let stage_name = |i: usize| {
        Message::new(msg!("tournament-title"))
            .arg("number", season.stages[i])
            .render(lang)
    };
    let lines = chart::line_views(&chart, |line, p| {
        format!(
            "{}, {}: {}",
            shown[line].0,
            stage_name(p.category),
            points(p.value)
        )
    });
    let described = shown
        .iter()
        .map(|(name, values)| {
            let values: Vec<String> = values.iter().map(ToString::to_string).collect();
            format!("{name}: {}", values.join(", "))
        })
        .collect::<Vec<_>>()
        .join("; ");
    let count = season.rows.len();
    Some(ChartView {
        id: "season-chart",
        level: 2,
        title: lang.msg(msg!("season-chart-title")),
        desc: Message::new(msg!("season-chart-desc"))
            .arg("count", shown.len())
            .arg("lines", described)
            .render(lang),
        x_title: lang.msg(msg!("season-chart-x")),
        y_title: lang.msg(msg!("season-chart-y")),
        note: (count > shown.len()).then(|| {
            Message::new(msg!("season-chart-note"))
                .arg("shown", shown.len())
                .arg("count", count)
                .render(lang)
        }),
        chart,
        lines,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::ranking::Place;
    use crate::rules::regulation::SeasonTieRule;
    use crate::rules::season::{Deduction, SeasonEntry, season_standings};
    use std::collections::HashMap;

    fn season(n_teams: usize) -> Season {
        let names: Vec<String> = (0..n_teams).map(|i| format!("T{i:02}")).collect();
        let stage = |offset: i32| -> Vec<SeasonEntry<String>> {
            names
                .iter()
                .enumerate()
                .map(|(i, n)| SeasonEntry {
                    team: n.clone(),
                    place: Place {
                        first: u32::try_from(i + 1).unwrap_or(0),
                        last: u32::try_from(i + 1).unwrap_or(0),
                    },
                    points: HalfPoints(
                        (2 * (i32::try_from(n_teams).unwrap_or(0) - i32::try_from(i).unwrap_or(0)))
                            + offset,
                    ),
                })
                .collect()
        };
        let per_stage = vec![stage(0), stage(1)];
        let staged = vec![(
            0,
            Deduction {
                team: "T00".to_owned(),
                code: "G-G5".into(),
                amount: HalfPoints::HALF,
            },
        )];
        let plain: Vec<Deduction<String>> = staged.iter().map(|(_, d)| d.clone()).collect();
        Season {
            stages: vec![1, 3],
            rows: season_standings(&per_stage, &plain, SeasonTieRule::Shared),
            per_stage,
            team_of: HashMap::new(),
            deductions: Vec::new(),
            staged,
        }
    }

    #[test]
    fn the_chart_draws_the_first_ten_and_says_how_many_are_left_out() {
        let s = season(12);
        let chart = season_chart(Lang::En, &s).expect("a chart");
        assert_eq!(chart.lines.len(), MAX_LINES);
        assert_eq!(
            chart.note.as_deref(),
            Some("The chart shows the first 10 of 12 entries; the tables list them all.")
        );
        // T00: 24 − 1, then + 25 half-points: 11½, 24.
        assert_eq!(chart.lines[0].label, "T00");
        assert_eq!(chart.lines[0].markers[0].title, "T00, Tournament 1: 11½");
        assert_eq!(chart.lines[0].markers[1].title, "T00, Tournament 3: 24");
        assert!(
            chart.desc.contains("T00: 11½, 24; T01: 11, 22½"),
            "{}",
            chart.desc
        );
        let x: Vec<&str> = chart
            .chart
            .x_ticks
            .iter()
            .map(|t| t.label.as_str())
            .collect();
        assert_eq!(x, ["1", "3"]);
        let rows = cumulative_rows(&s);
        assert_eq!(rows.len(), 12);
        assert_eq!(rows[0].values, ["11½", "24"]);
    }

    #[test]
    fn few_entries_need_no_note_and_no_tournament_no_chart() {
        let chart = season_chart(Lang::Ru, &season(3)).expect("a chart");
        assert_eq!(chart.lines.len(), 3);
        assert!(chart.note.is_none());
        let mut empty = season(3);
        empty.stages.clear();
        empty.per_stage.clear();
        empty.rows.clear();
        assert!(season_chart(Lang::Ru, &empty).is_none());
    }
}
