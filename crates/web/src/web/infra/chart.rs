//! The geometry of a server-rendered line chart: scales, "nice" ticks and
//! the points of each line, in SVG user units. Pure and domain-free: it
//! knows numbers and labels, not teams or tournaments; the page's template
//! (askama, escaped like the rest of the page) draws the elements, and the
//! caller formats the tick labels.
//!
//! Used by the season page for the cumulative points after each
//! tournament.

/// The chart's frame: the whole drawing and the plot area inside it.
pub const WIDTH: f64 = 480.0;
pub const HEIGHT: f64 = 300.0;
pub const PLOT_LEFT: f64 = 56.0;
pub const PLOT_RIGHT: f64 = 464.0;
pub const PLOT_TOP: f64 = 16.0;
pub const PLOT_BOTTOM: f64 = 256.0;

/// How many intervals the value axis aims at (the nice step decides).
const TARGET_INTERVALS: f64 = 5.0;

/// Line colours, each at least 3:1 against white (WCAG 1.4.11, checked
/// below), paired with dash patterns so lines differ without colour too.
pub const COLOURS: [&str; 10] = [
    "#0b5cad", "#b3261e", "#1a7f37", "#8250df", "#9a6700", "#1b7c83", "#bf3989", "#57606a",
    "#953800", "#1b1f24",
];
pub const DASHES: [&str; 4] = ["", "6 3", "2 3", "8 3 2 3"];

/// One labelled line of values, one value per category (x position).
#[derive(Debug, Clone, PartialEq)]
pub struct Series {
    pub label: String,
    pub values: Vec<f64>,
}

/// A tick on an axis: its position in user units and its label.
#[derive(Debug, Clone, PartialEq)]
pub struct Tick {
    pub at: String,
    pub label: String,
}

/// A point of a line: coordinates written for SVG, the category it is at
/// and the value it shows.
#[derive(Debug, Clone, PartialEq)]
pub struct Point {
    pub x: String,
    pub y: String,
    pub category: usize,
    pub value: f64,
}

/// A line as drawn: its `points` attribute, its markers and its style.
#[derive(Debug, Clone, PartialEq)]
pub struct Line {
    pub label: String,
    /// The `points` attribute of the `<polyline>`: "x,y x,y …".
    pub polyline: String,
    pub points: Vec<Point>,
    pub colour: &'static str,
    /// The `stroke-dasharray` (empty for a solid line).
    pub dash: &'static str,
}

/// The frame's numbers as SVG attributes.
#[derive(Debug, Clone, PartialEq)]
pub struct Frame {
    pub width: String,
    pub height: String,
    pub left: String,
    pub right: String,
    pub top: String,
    pub bottom: String,
    /// Where tick labels of the value axis end (right-aligned).
    pub y_labels: String,
    /// The baseline of the category labels, and of the axis titles.
    pub x_labels: String,
    pub x_title: String,
    pub y_title: String,
    /// The middle of the plot, for centring the axis titles.
    pub middle_x: String,
    pub middle_y: String,
}

impl Frame {
    fn new() -> Frame {
        Frame {
            width: coord(WIDTH),
            height: coord(HEIGHT),
            left: coord(PLOT_LEFT),
            right: coord(PLOT_RIGHT),
            top: coord(PLOT_TOP),
            bottom: coord(PLOT_BOTTOM),
            y_labels: coord(PLOT_LEFT - 6.0),
            x_labels: coord(PLOT_BOTTOM + 18.0),
            x_title: coord(HEIGHT - 6.0),
            y_title: coord(14.0),
            middle_x: coord((PLOT_LEFT + PLOT_RIGHT) / 2.0),
            middle_y: coord((PLOT_TOP + PLOT_BOTTOM) / 2.0),
        }
    }
}

/// Everything the template needs to draw the chart.
#[derive(Debug, Clone, PartialEq)]
pub struct LineChart {
    pub frame: Frame,
    pub x_ticks: Vec<Tick>,
    pub y_ticks: Vec<Tick>,
    /// Where the value 0 lies (the baseline), if it is on the scale.
    pub zero: Option<String>,
    pub lines: Vec<Line>,
    /// The value range of the axis after rounding to the ticks.
    pub low: f64,
    pub high: f64,
}

/// A coordinate for an SVG attribute: at most one decimal, no trailing
/// `.0`, never `-0`.
pub fn coord(v: f64) -> String {
    let r = (v * 10.0).round() / 10.0;
    let r = if r == 0.0 { 0.0 } else { r };
    if r.fract() == 0.0 {
        format!("{r:.0}")
    } else {
        format!("{r:.1}")
    }
}

/// The step of a "nice" axis for a span of values: 1, 2 or 5 times a
/// power of ten, giving about [`TARGET_INTERVALS`] intervals, and not
/// below `min_step` (values that only move in halves want no 0.1 ticks).
pub fn nice_step(span: f64, min_step: f64) -> f64 {
    let min_step = if min_step > 0.0 {
        min_step
    } else {
        f64::EPSILON
    };
    if !span.is_finite() || span <= 0.0 {
        return min_step.max(1.0);
    }
    let raw = span / TARGET_INTERVALS;
    let magnitude = 10f64.powf(raw.log10().floor());
    let step = [1.0, 2.0, 5.0, 10.0]
        .into_iter()
        .map(|m| m * magnitude)
        .find(|s| *s >= raw - raw * 1e-9)
        .unwrap_or(10.0 * magnitude);
    step.max(min_step)
}

/// The x position of category `i` of `n`: spread over the plot's width,
/// a single category in the middle.
pub fn x_of(i: usize, n: usize) -> f64 {
    if n <= 1 {
        return (PLOT_LEFT + PLOT_RIGHT) / 2.0;
    }
    PLOT_LEFT + (PLOT_RIGHT - PLOT_LEFT) * (i as f64) / ((n - 1) as f64)
}

/// The y position of `value` on a scale from `low` (bottom) to `high`.
pub fn y_of(value: f64, low: f64, high: f64) -> f64 {
    if high <= low {
        return PLOT_BOTTOM;
    }
    PLOT_BOTTOM - (PLOT_BOTTOM - PLOT_TOP) * (value - low) / (high - low)
}

/// Where the value axis starts.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Base {
    /// The axis includes 0 (points, counts).
    Zero,
    /// The axis spans the values only (ratings around 1500).
    Values,
}

/// Lays out a line chart of `series` over the `categories` (x labels).
/// The value axis runs between multiples of a nice step, from 0 or from
/// the values as `base` says; `y_label` formats its ticks. A value that
/// is not a finite number (NaN) is no point: a series may cover some of
/// the categories only.
pub fn line_chart(
    categories: &[String],
    series: &[Series],
    min_step: f64,
    base: Base,
    y_label: impl Fn(f64) -> String,
) -> LineChart {
    let n = categories.len();
    let mut values = series
        .iter()
        .flat_map(|s| s.values.iter().copied())
        .filter(|v| v.is_finite())
        .peekable();
    let first = match base {
        Base::Zero => 0.0,
        Base::Values => values.peek().copied().unwrap_or(0.0),
    };
    let (lo, hi) = values.fold((first, first), |(lo, hi), v| (lo.min(v), hi.max(v)));
    let step = nice_step(hi - lo, min_step);
    let low = (lo / step).floor() * step;
    let mut high = (hi / step).ceil() * step;
    if high <= low {
        high = low + step;
    }
    let count = ((high - low) / step).round() as i64;
    let y_ticks = (0..=count)
        .map(|k| {
            let v = low + step * (k as f64);
            Tick {
                at: coord(y_of(v, low, high)),
                label: y_label(v),
            }
        })
        .collect();
    let x_ticks = categories
        .iter()
        .enumerate()
        .map(|(i, c)| Tick {
            at: coord(x_of(i, n)),
            label: c.clone(),
        })
        .collect();
    let lines = series
        .iter()
        .enumerate()
        .map(|(k, s)| {
            let points: Vec<Point> = s
                .values
                .iter()
                .take(n)
                .enumerate()
                .filter(|(_, v)| v.is_finite())
                .map(|(i, v)| Point {
                    x: coord(x_of(i, n)),
                    y: coord(y_of(*v, low, high)),
                    category: i,
                    value: *v,
                })
                .collect();
            Line {
                label: s.label.clone(),
                polyline: points
                    .iter()
                    .map(|p| format!("{},{}", p.x, p.y))
                    .collect::<Vec<_>>()
                    .join(" "),
                points,
                colour: COLOURS[k % COLOURS.len()],
                dash: DASHES[(k / 2) % DASHES.len()],
            }
        })
        .collect();
    LineChart {
        frame: Frame::new(),
        x_ticks,
        y_ticks,
        zero: (low < 0.0).then(|| coord(y_of(0.0, low, high))),
        lines,
        low,
        high,
    }
}

/// Keeps the category labels that fit under a phone-wide chart: at most
/// `at_most`, evenly spaced, the last one kept; a label equal to the one
/// shown before it is left out (several values in one month).
pub fn thin_labels(labels: &mut [String], at_most: usize) {
    let n = labels.len();
    let every = n.div_ceil(at_most.max(1)).max(1);
    let mut shown: Option<String> = None;
    for (i, label) in labels.iter_mut().enumerate() {
        let keep =
            (i.is_multiple_of(every) || i + 1 == n) && shown.as_deref() != Some(label.as_str());
        if keep {
            shown = Some(label.clone());
        } else {
            label.clear();
        }
    }
    // The last label and the one kept before it may sit side by side.
    if n > 1 && every > 1 && !(n - 1).is_multiple_of(every) {
        let before = (n - 1) / every * every;
        if n - 1 - before < every / 2 + 1 {
            labels[before].clear();
        }
    }
}

/// A marker of a line: where it is and what its tooltip says.
pub struct Marker {
    pub x: String,
    pub y: String,
    pub title: String,
}

/// A line as the template (`line_chart.html`) draws it.
pub struct LineView {
    pub label: String,
    pub polyline: String,
    pub colour: &'static str,
    pub dash: &'static str,
    pub markers: Vec<Marker>,
}

/// A chart with its words, as `line_chart.html` draws it.
pub struct ChartView {
    /// The prefix of the ids of its heading, title and description.
    pub id: &'static str,
    /// The level of its heading (2: a section of its own; 3: inside one).
    pub level: u8,
    pub chart: LineChart,
    pub lines: Vec<LineView>,
    pub title: String,
    /// The chart's numbers in words, for the SVG's `<desc>`.
    pub desc: String,
    pub x_title: String,
    pub y_title: String,
    /// Said below the legend (what the chart leaves out, its method).
    pub note: Option<String>,
}

/// The lines of `chart` as drawn, each marker's tooltip given by
/// `title(line, point)`.
pub fn line_views(chart: &LineChart, title: impl Fn(usize, &Point) -> String) -> Vec<LineView> {
    chart
        .lines
        .iter()
        .enumerate()
        .map(|(k, line)| LineView {
            label: line.label.clone(),
            polyline: line.polyline.clone(),
            colour: line.colour,
            dash: line.dash,
            markers: line
                .points
                .iter()
                .map(|p| Marker {
                    x: p.x.clone(),
                    y: p.y.clone(),
                    title: title(k, p),
                })
                .collect(),
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn cats(n: usize) -> Vec<String> {
        (1..=n).map(|i| i.to_string()).collect()
    }

    fn s(label: &str, values: &[f64]) -> Series {
        Series {
            label: label.into(),
            values: values.to_vec(),
        }
    }

    #[test]
    fn nice_steps_are_one_two_or_five_times_a_power_of_ten() {
        assert_eq!(nice_step(24.0, 0.5), 5.0);
        assert_eq!(nice_step(36.0, 0.5), 10.0);
        assert_eq!(nice_step(10.0, 0.5), 2.0);
        assert_eq!(nice_step(5.0, 0.5), 1.0);
        assert_eq!(nice_step(250.0, 0.5), 50.0);
        // Halves never get finer ticks than the minimum step.
        assert_eq!(nice_step(0.5, 0.5), 0.5);
        assert_eq!(nice_step(1.0, 0.5), 0.5);
        assert_eq!(nice_step(0.0, 0.5), 1.0);
    }

    #[test]
    fn coordinates_keep_one_decimal_and_no_negative_zero() {
        assert_eq!(coord(136.0), "136");
        assert_eq!(coord(12.25), "12.3");
        assert_eq!(coord(-0.01), "0");
        assert_eq!(coord(463.96), "464");
    }

    #[test]
    fn two_categories_span_the_plot_and_values_scale_to_the_ticks() {
        // Max 24 → step 5 → axis 0…25: 240 px for 25, 9.6 px per unit.
        let chart = line_chart(
            &cats(2),
            &[s("A", &[12.0, 24.0]), s("B", &[8.0, 8.0])],
            0.5,
            Base::Zero,
            |v| v.to_string(),
        );
        assert_eq!(chart.lines[0].polyline, "56,140.8 464,25.6");
        assert_eq!(chart.lines[1].polyline, "56,179.2 464,179.2");
        let labels: Vec<&str> = chart.y_ticks.iter().map(|t| t.label.as_str()).collect();
        assert_eq!(labels, ["0", "5", "10", "15", "20", "25"]);
        assert_eq!(chart.y_ticks[0].at, "256");
        assert_eq!(chart.y_ticks[5].at, "16");
        let x: Vec<&str> = chart.x_ticks.iter().map(|t| t.at.as_str()).collect();
        assert_eq!(x, ["56", "464"]);
        assert_eq!(chart.zero, None);
    }

    #[test]
    fn ratings_scale_to_their_values_and_a_series_may_skip_categories() {
        // 1380…1700 → step 100 → axis 1300…1700, 0 left out.
        let chart = line_chart(
            &cats(3),
            &[
                s("usual", &[1380.0, 1410.0, f64::NAN]),
                s("performance", &[f64::NAN, f64::NAN, 1700.0]),
            ],
            1.0,
            Base::Values,
            |v| v.to_string(),
        );
        assert_eq!(chart.low, 1300.0);
        assert_eq!(chart.high, 1700.0);
        assert_eq!(chart.lines[0].points.len(), 2);
        assert_eq!(chart.lines[1].polyline, "464,16");
        assert_eq!(chart.zero, None);
    }

    #[test]
    fn labels_are_thinned_to_fit_and_not_repeated() {
        let mut months: Vec<String> = ["01", "01", "02", "03", "04", "05", "06", "07"]
            .iter()
            .map(|m| format!("2026-{m}"))
            .collect();
        thin_labels(&mut months, 4);
        let shown: Vec<&str> = months
            .iter()
            .filter(|l| !l.is_empty())
            .map(String::as_str)
            .collect();
        assert_eq!(shown, ["2026-01", "2026-02", "2026-04", "2026-07"]);
        let mut repeated = vec!["2026-02".to_owned(); 3];
        thin_labels(&mut repeated, 4);
        assert_eq!(repeated, ["2026-02", "", ""]);
    }

    #[test]
    fn a_single_category_sits_in_the_middle() {
        let chart = line_chart(&cats(1), &[s("A", &[10.0])], 0.5, Base::Zero, |v| {
            v.to_string()
        });
        assert_eq!(chart.lines[0].polyline, "260,16");
        assert_eq!(chart.x_ticks[0].at, "260");
    }

    #[test]
    fn negative_values_extend_the_axis_below_zero_with_a_baseline() {
        // −12 … 4: span 16 → step 5 → −15 … 5 (20 units, 12 px each).
        let chart = line_chart(&cats(2), &[s("A", &[4.0, -12.0])], 0.5, Base::Zero, |v| {
            v.to_string()
        });
        assert_eq!((chart.low, chart.high), (-15.0, 5.0));
        assert_eq!(chart.zero.as_deref(), Some("76"));
        assert_eq!(chart.lines[0].polyline, "56,28 464,220");
    }

    #[test]
    fn all_zero_still_has_an_axis() {
        let chart = line_chart(
            &cats(3),
            &[s("A", &[0.0, 0.0, 0.0])],
            0.5,
            Base::Zero,
            |v| v.to_string(),
        );
        assert_eq!((chart.low, chart.high), (0.0, 1.0));
        assert_eq!(chart.lines[0].polyline, "56,256 260,256 464,256");
    }

    #[test]
    fn styles_cycle_colours_first_then_dashes() {
        let series: Vec<Series> = (0..12).map(|i| s(&i.to_string(), &[1.0])).collect();
        let chart = line_chart(&cats(1), &series, 0.5, Base::Zero, |v| v.to_string());
        assert_eq!(chart.lines[0].colour, COLOURS[0]);
        assert_eq!(chart.lines[0].dash, "");
        assert_eq!(chart.lines[2].dash, DASHES[1]);
        assert_eq!(chart.lines[10].colour, COLOURS[0]);
        // Any two of the first ten differ in colour or dash.
        for a in 0..10 {
            for b in a + 1..10 {
                let (x, y) = (&chart.lines[a], &chart.lines[b]);
                assert!(x.colour != y.colour || x.dash != y.dash);
            }
        }
    }

    /// WCAG relative luminance of "#rrggbb".
    fn luminance(hex: &str) -> f64 {
        let channel = |i: usize| {
            let c = f64::from(u8::from_str_radix(&hex[i..i + 2], 16).expect("hex")) / 255.0;
            if c <= 0.039_28 {
                c / 12.92
            } else {
                ((c + 0.055) / 1.055).powf(2.4)
            }
        };
        0.2126 * channel(1) + 0.7152 * channel(3) + 0.0722 * channel(5)
    }

    #[test]
    fn every_line_colour_has_three_to_one_contrast_on_white() {
        for c in COLOURS {
            let ratio = 1.05 / (luminance(c) + 0.05);
            assert!(ratio >= 3.0, "{c}: {ratio:.2}");
        }
    }

    proptest::proptest! {
        #[test]
        fn every_point_lies_inside_the_plot(
            values in proptest::collection::vec(-200i32..400, 1..8),
        ) {
            let v: Vec<f64> = values.iter().map(|h| f64::from(*h) / 2.0).collect();
            let chart = line_chart(&cats(v.len()), &[s("A", &v)], 0.5, Base::Zero, |x| x.to_string());
            proptest::prop_assert!(chart.low <= 0.0 && chart.high > chart.low);
            for p in &chart.lines[0].points {
                let (x, y): (f64, f64) = (p.x.parse().unwrap(), p.y.parse().unwrap());
                proptest::prop_assert!((PLOT_LEFT..=PLOT_RIGHT).contains(&x));
                proptest::prop_assert!((PLOT_TOP..=PLOT_BOTTOM).contains(&y));
            }
        }
    }
}
