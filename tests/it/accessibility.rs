//! The quality of the pages that a parser can judge
//! without a browser. Over the main pages and forms of a played
//! championship (tests/it/showcase.rs): every form field has a label, the
//! title names the page, forms work from the keyboard; and the
//! stylesheet's colour pairs reach WCAG AA contrast. The HTML validator
//! runs in the `browser` target (it needs Java).

use std::collections::HashMap;

use scraper::{ElementRef, Html, Selector};

use crate::showcase::{Showcase, Shown};

fn sel(css: &str) -> Selector {
    Selector::parse(css).expect("selector")
}

fn describe(e: &ElementRef) -> String {
    let v = e.value();
    format!(
        "<{} name={:?} id={:?} type={:?}>",
        v.name(),
        v.attr("name").unwrap_or(""),
        v.attr("id").unwrap_or(""),
        v.attr("type").unwrap_or("")
    )
}

/// Form controls a person fills in: every `input` (but hidden and the
/// button types), `select` and `textarea`.
fn fields(html: &Html) -> Vec<ElementRef<'_>> {
    html.select(&sel("input, select, textarea"))
        .filter(|e| {
            !matches!(
                e.value().attr("type").unwrap_or("text"),
                "hidden" | "submit" | "button" | "reset" | "image"
            )
        })
        .collect()
}

/// Fields without a `<label for>` naming their id (or an `aria-label`).
fn unlabelled(html: &Html) -> Vec<String> {
    let labelled: Vec<&str> = html
        .select(&sel("label[for]"))
        .filter(|l| !l.text().collect::<String>().trim().is_empty())
        .filter_map(|l| l.value().attr("for"))
        .collect();
    fields(html)
        .into_iter()
        .filter(|f| {
            let by_label = f
                .value()
                .attr("id")
                .is_some_and(|id| labelled.contains(&id));
            let by_aria = f
                .value()
                .attr("aria-label")
                .is_some_and(|a| !a.trim().is_empty());
            !by_label && !by_aria
        })
        .map(|f| describe(&f))
        .collect()
}

/// Ids used twice: a `<label for>` (and `aria-describedby`) would name the
/// wrong field.
fn duplicate_ids(html: &Html) -> Vec<String> {
    let mut seen = std::collections::HashSet::new();
    html.select(&sel("[id]"))
        .filter_map(|e| e.value().attr("id"))
        .filter(|id| !seen.insert(*id))
        .map(|id| format!("id {id:?} used twice"))
        .collect()
}

/// Keyboard use (WCAG 2.1.1, 2.4.3): no positive tabindex (it breaks the
/// reading order), no clickable non-controls, links that can take focus,
/// and every form submittable by a real button.
fn keyboard_problems(html: &Html) -> Vec<String> {
    let mut out = Vec::new();
    for e in html.select(&sel("[tabindex]")) {
        let t: i32 = e
            .value()
            .attr("tabindex")
            .unwrap_or("0")
            .parse()
            .unwrap_or(0);
        if t > 0 {
            out.push(format!("positive tabindex on {}", describe(&e)));
        }
    }
    for e in html.select(&sel("[onclick], [role=button], [role=link]")) {
        out.push(format!("script-only control {}", describe(&e)));
    }
    for e in html.select(&sel("a:not([href])")) {
        out.push(format!("a link without href: {}", e.html()));
    }
    for form in html.select(&sel("form")) {
        let submits = form
            .select(&sel(
                "button:not([type]), button[type=submit], input[type=submit]",
            ))
            .count();
        if submits == 0 {
            out.push(format!(
                "form {:?} has no submit button",
                form.value().attr("action").unwrap_or("")
            ));
        }
    }
    out
}

fn title_of(html: &Html) -> String {
    html.select(&sel("title"))
        .next()
        .map(|t| t.text().collect::<String>())
        .unwrap_or_default()
}

fn h1_of(html: &Html) -> String {
    html.select(&sel("h1"))
        .next()
        .map(|h| h.text().collect::<Vec<_>>().join(" "))
        .map(|h| h.split_whitespace().collect::<Vec<_>>().join(" "))
        .unwrap_or_default()
}

/// The title names the page (WCAG 2.4.2): its first part is the start of
/// the page's heading, the site name (the header's brand) comes last.
fn title_problem(page: &Shown, html: &Html) -> Option<String> {
    let title = title_of(html);
    let first = title.split(" · ").next().unwrap_or("").trim().to_owned();
    let h1 = h1_of(html);
    let site = html
        .select(&sel("a.brand"))
        .next()
        .map(|a| a.text().collect::<String>())
        .unwrap_or_default();
    let site_last = !site.is_empty() && title.ends_with(&format!(" · {site}"));
    if first.is_empty() || !site_last || !h1.starts_with(&first) {
        Some(format!("{}: title {title:?} for heading {h1:?}", page.name))
    } else {
        None
    }
}

#[tokio::test]
async fn main_pages_label_every_field_name_themselves_and_work_by_keyboard() {
    let pages = Showcase::build().await;
    let mut problems = Vec::new();
    let mut titles: HashMap<String, &str> = HashMap::new();
    let mut fields_seen = 0;
    for page in &pages {
        let html = Html::parse_document(&page.html);
        fields_seen += fields(&html).len();
        for d in duplicate_ids(&html) {
            problems.push(format!("{} ({}): {d}", page.name, page.path));
        }
        for f in unlabelled(&html) {
            problems.push(format!("{} ({}): no label for {f}", page.name, page.path));
        }
        for k in keyboard_problems(&html) {
            problems.push(format!("{} ({}): {k}", page.name, page.path));
        }
        problems.extend(title_problem(page, &html));
        // Distinct pages, distinct titles (the same page seen by another
        // viewer keeps its title).
        let title = title_of(&html);
        match titles.get(&title) {
            Some(path) if *path != page.path => {
                problems.push(format!(
                    "{path} and {} share the title {title:?}",
                    page.path
                ));
            }
            _ => {
                titles.insert(title, &page.path);
            }
        }
    }
    assert!(problems.is_empty(), "{}", problems.join("\n"));
    // The pages really carry the forms the issue names.
    assert!(fields_seen >= 100, "{fields_seen} fields checked");
    let names: Vec<&str> = pages.iter().map(|p| p.name).collect();
    for form in [
        "signup",
        "login",
        "lineup",
        "penalties-judge",
        "appeal-form",
    ] {
        assert!(names.contains(&form), "{form} is checked");
    }
}

#[test]
fn the_checks_catch_an_unlabelled_field_a_twice_used_id_a_positive_tabindex_and_a_div_button() {
    let html = Html::parse_document(
        r#"<form action="/x"><label for="a">A</label><input id="a" name="a">
        <input name="b" tabindex="2"><input type="hidden" name="csrf_token">
        <select name="c" aria-label="C"></select><label for="d"></label><textarea id="d"></textarea>
        <div role="button" onclick="go()">Go</div><p id="a"></p></form>"#,
    );
    assert_eq!(duplicate_ids(&html), [r#"id "a" used twice"#]);
    assert_eq!(
        unlabelled(&html),
        [
            r#"<input name="b" id="" type="">"#,
            r#"<textarea name="" id="d" type="">"#
        ]
    );
    let k = keyboard_problems(&html);
    assert_eq!(k.len(), 3, "{k:?}");
    assert!(k[0].starts_with("positive tabindex"));
    assert!(k[1].starts_with("script-only control <div"));
    assert!(k[2].contains("no submit button"));
}

// ------------------------------------------------------------------
// Contrast (WCAG 2.2 AA, 1.4.3 and 1.4.11) of the stylesheet's colours.

/// Text on background, each pair as the stylesheet uses it: names of the
/// custom properties in `:root` of static/css/app.css. Text needs 4.5:1.
/// docs/ACCESSIBILITY.md lists the same pairs with their ratios.
const TEXT_PAIRS: &[(&str, &str, &str)] = &[
    ("--fg", "--bg", "body text"),
    ("--fg", "--panel", "header, table heads, secondary buttons"),
    ("--muted", "--bg", "hints, lead, footer"),
    ("--muted", "--panel", "the crosstable's own cells"),
    ("--accent", "--bg", "links"),
    ("--accent", "--panel", "links in the header"),
    ("--accent-fg", "--accent", "buttons, the chosen language"),
    ("--accent-fg", "--err", "danger buttons"),
    ("--err", "--bg", "field errors, warnings"),
    ("--fg", "--ok-bg", "success messages, approved tags"),
    ("--fg", "--err-bg", "error messages, rejected tags"),
    ("--fg", "--info-bg", "notices"),
    ("--accent", "--info-bg", "links in notices"),
    ("--accent", "--ok-bg", "links in success messages"),
    ("--accent", "--err-bg", "links in error messages"),
    ("--ins-fg", "--ins-bg", "added lines of a regulation diff"),
    ("--del-fg", "--del-bg", "removed lines of a regulation diff"),
];

/// Boundaries of controls and the focus ring need 3:1 (1.4.11).
const UI_PAIRS: &[(&str, &str, &str)] = &[
    (
        "--field-line",
        "--bg",
        "borders of fields and small buttons",
    ),
    ("--accent", "--bg", "the focus ring"),
    ("--err", "--bg", "the border of a field with an error"),
    ("--fg", "--sq-light", "pieces on the board's light squares"),
    ("--fg", "--sq-dark", "pieces on the board's dark squares"),
];

fn stylesheet() -> String {
    std::fs::read_to_string(
        std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("static/css/app.css"),
    )
    .expect("static/css/app.css")
}

/// The stylesheet without its comments.
fn without_comments(css: &str) -> String {
    let mut out = String::new();
    let mut rest = css;
    while let Some(start) = rest.find("/*") {
        out.push_str(&rest[..start]);
        rest = rest[start..]
            .find("*/")
            .map_or("", |end| &rest[start + end + 2..]);
    }
    out.push_str(rest);
    out
}

/// The `--name: #rrggbb` custom properties of the first `:root` block.
fn custom_colours(css: &str) -> HashMap<String, [u8; 3]> {
    let css = without_comments(css);
    let start = css.find(":root").expect(":root");
    let body = &css[start..];
    let body = &body[body.find('{').expect("{") + 1..body.find('}').expect("}")];
    body.split(';')
        .filter_map(|decl| {
            let (name, value) = decl.split_once(':')?;
            let name = name.trim();
            let hex = value.trim().strip_prefix('#')?;
            if !name.starts_with("--") {
                return None;
            }
            let hex: String = if hex.len() == 3 {
                hex.chars().flat_map(|c| [c, c]).collect()
            } else {
                hex.to_owned()
            };
            let byte = |i: usize| u8::from_str_radix(hex.get(i..i + 2)?, 16).ok();
            Some((name.to_owned(), [byte(0)?, byte(2)?, byte(4)?]))
        })
        .collect()
}

/// WCAG relative luminance and contrast ratio.
fn luminance([r, g, b]: [u8; 3]) -> f64 {
    let lin = |c: u8| {
        let c = f64::from(c) / 255.0;
        if c <= 0.04045 {
            c / 12.92
        } else {
            ((c + 0.055) / 1.055).powf(2.4)
        }
    };
    0.2126 * lin(r) + 0.7152 * lin(g) + 0.0722 * lin(b)
}

fn contrast(a: [u8; 3], b: [u8; 3]) -> f64 {
    let (la, lb) = (luminance(a), luminance(b));
    (la.max(lb) + 0.05) / (la.min(lb) + 0.05)
}

#[test]
fn wcag_1_4_3_the_contrast_ratio_is_computed_as_wcag_defines_it() {
    assert!((contrast([0, 0, 0], [255, 255, 255]) - 21.0).abs() < 1e-9);
    assert!((contrast([255, 255, 255], [255, 255, 255]) - 1.0).abs() < 1e-9);
    // #767676 on white is the classic just-passing grey: 4.54:1.
    let grey = contrast([0x76, 0x76, 0x76], [255, 255, 255]);
    assert!((grey - 4.54).abs() < 0.01, "{grey}");
}

#[test]
fn wcag_1_4_3_and_1_4_11_the_stylesheet_colour_pairs_reach_aa_contrast() {
    let colours = custom_colours(&stylesheet());
    let mut failures = Vec::new();
    for (pairs, min) in [(TEXT_PAIRS, 4.5), (UI_PAIRS, 3.0)] {
        for (fg, bg, use_) in pairs {
            let (Some(f), Some(b)) = (colours.get(*fg), colours.get(*bg)) else {
                failures.push(format!(
                    "{fg} or {bg} is not a #hex custom property of :root"
                ));
                continue;
            };
            let ratio = contrast(*f, *b);
            if ratio < min {
                failures.push(format!("{fg} on {bg} ({use_}): {ratio:.2}:1 < {min}:1"));
            }
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

#[test]
fn wcag_2_4_7_keyboard_focus_is_visible_and_never_removed() {
    let css = without_comments(&stylesheet());
    let compact: String = css.split_whitespace().collect::<Vec<_>>().join(" ");
    let focus = compact
        .split('}')
        .find_map(|rule| rule.split_once(":focus-visible {").map(|(_, body)| body))
        .expect("a :focus-visible rule for every element");
    assert!(
        focus.contains("outline: 3px solid var(--accent)"),
        "{focus}"
    );
    for bad in ["outline: none", "outline: 0", "outline:none", "outline:0"] {
        assert!(!compact.contains(bad), "the stylesheet hides focus: {bad}");
    }
    // Colours are named once, in :root, so that the contrast test sees
    // every one of them.
    let root_end = css.find('}').expect(":root block");
    let stray: Vec<&str> = css[root_end..]
        .split(['{', '}', ';'])
        .filter(|d| d.contains('#') || d.contains("rgb") || d.contains("hsl"))
        .collect();
    assert!(stray.is_empty(), "colours outside :root: {stray:?}");
}
