//! A championship's regulation as published (G-E2): the current
//! text (Markdown, rendered to sanitized HTML), the versions with their
//! summaries and from which tournament each applies, the difference between
//! a version and the one before, and the organizers' form to publish a
//! change.

use actix_session::Session;
use actix_web::http::StatusCode;
use actix_web::{HttpResponse, web};
use askama::Template;
use serde::Deserialize;

use crate::app::PlayError;
use crate::app::access::Organizers;
use crate::app::regulation::{self as ops, ChangeProblem, settings_text};
use crate::db::{self, regulation_versions::Version};
use crate::i18n::{Lang, Message};
use crate::ids::ChampionshipId;
use crate::msg;
use crate::paths;
use crate::paths::segments::VersionPath;
use crate::state::AppState;
use crate::web::infra::PageDb;
use crate::web::infra::ctx::PageCtx;
use crate::web::infra::error::AppError;
use crate::web::infra::forms::{FieldErrors, Form, TextRules};
use crate::web::infra::guards::Staff;
use crate::web::infra::respond::page;
use crate::web::infra::respond::see_other;
use crate::web::infra::session::{AppSession, FlashLevel};

/// Markdown to HTML, for organizers' text that everyone reads. Only
/// Markdown makes markup: HTML typed into the text shows as text, and a
/// link or image to anything but http(s) or mailto (`javascript:`, `data:`)
/// is left as its words. So every `<a>` has its `href` and every `<img>`
/// its `src` and `alt`, and the page stays valid HTML; ammonia then
/// removes whatever unsafe markup might still get through.
pub fn render_markdown(text: &str) -> String {
    use pulldown_cmark::{Event, Tag, TagEnd};
    fn safe(url: &str) -> bool {
        let url = url.trim().to_ascii_lowercase();
        match url.split_once(':') {
            Some((scheme, _)) if !scheme.contains(['/', '?', '#']) => {
                matches!(scheme, "http" | "https" | "mailto")
            }
            _ => true,
        }
    }
    // For each open link or image: whether it is kept.
    let mut open: Vec<bool> = Vec::new();
    let events = pulldown_cmark::Parser::new(text).filter_map(|event| match event {
        Event::Html(raw) | Event::InlineHtml(raw) => Some(Event::Text(raw)),
        Event::Start(Tag::Link { ref dest_url, .. })
        | Event::Start(Tag::Image { ref dest_url, .. }) => {
            let keep = safe(dest_url);
            open.push(keep);
            keep.then_some(event)
        }
        Event::End(TagEnd::Link | TagEnd::Image) => open.pop().unwrap_or(true).then_some(event),
        other => Some(other),
    });
    let mut html = String::new();
    pulldown_cmark::html::push_html(&mut html, events);
    ammonia::Builder::default()
        .link_rel(None)
        .clean(&html)
        .to_string()
}

pub fn regulation_url(c: ChampionshipId) -> String {
    format!("/championships/{c}/regulation")
}

pub struct VersionRow {
    pub number: i32,
    pub url: String,
    pub published: String,
    pub summary: String,
    pub applies: String,
}

pub struct DiffLine {
    /// "+", "−" or " ".
    pub tag: &'static str,
    pub class: &'static str,
    pub text: String,
}

#[derive(Template)]
#[template(path = "championships/regulation.html")]
pub struct RegulationPage {
    ctx: PageCtx,
    championship: String,
    championship_url: String,
    /// The version shown and its number.
    number: i32,
    body_html: String,
    versions: Vec<VersionRow>,
    /// Against the version before (a version page).
    diff: Vec<DiffLine>,
    can_publish: bool,
    action: String,
    body: String,
    settings: String,
    summary: String,
    problems: Vec<String>,
}

fn local(tz: chrono_tz::Tz, at: chrono::NaiveDateTime) -> String {
    at.and_utc()
        .with_timezone(&tz)
        .format("%Y-%m-%d %H:%M")
        .to_string()
}

/// From which tournament a version applies, in words.
fn applies_words(
    lang: Lang,
    tz: chrono_tz::Tz,
    v: &Version,
    starts: &[(i32, chrono::NaiveDateTime)],
) -> String {
    let Some(from) = v.applies_from else {
        return lang.msg(msg!("regulation-from-start"));
    };
    let first = starts
        .iter()
        .filter(|(_, at)| *at >= from)
        .min_by_key(|(n, at)| (*at, *n))
        .map(|(n, _)| *n);
    let too_soon = starts
        .iter()
        .filter(|(_, at)| *at >= v.published_at && *at < from)
        .min_by_key(|(n, at)| (*at, *n))
        .map(|(n, _)| *n);
    let mut words = match first {
        Some(n) => Message::new(msg!("regulation-applies-from"))
            .arg("number", n)
            .arg("at", local(tz, from))
            .render(lang),
        None => Message::new(msg!("regulation-applies-after"))
            .arg("at", local(tz, from))
            .render(lang),
    };
    if let Some(k) = too_soon {
        words.push(' ');
        words.push_str(
            &Message::new(msg!("regulation-too-soon"))
                .arg("number", k)
                .render(lang),
        );
    }
    words
}

fn diff(old: &str, new: &str) -> Vec<DiffLine> {
    similar::TextDiff::from_lines(old, new)
        .iter_all_changes()
        .map(|c| {
            let (tag, class) = match c.tag() {
                similar::ChangeTag::Delete => ("−", "del"),
                similar::ChangeTag::Insert => ("+", "ins"),
                similar::ChangeTag::Equal => (" ", "same"),
            };
            DiffLine {
                tag,
                class,
                text: c.value().trim_end_matches('\n').to_owned(),
            }
        })
        .collect()
}

#[derive(Debug, Default, Deserialize)]
#[serde(default)]
pub struct ChangeForm {
    pub body: String,
    pub settings: String,
    pub summary: String,
}

impl TextRules for ChangeForm {
    const BLOCKS: &'static [(&'static str, usize)] = &[("body", 50_000), ("settings", 10_000)];
    const LONG_LINES: &'static [(&'static str, usize)] = &[("summary", 500)];
}

async fn regulation_page(
    ctx: PageCtx,
    state: &web::Data<AppState>,
    c: ChampionshipId,
    number: Option<i32>,
    form: Option<ChangeForm>,
    problems: Vec<ChangeProblem>,
    text: FieldErrors,
) -> Result<RegulationPage, AppError> {
    let viewer = ctx.user.as_ref().map(|u| (u.id, u.is_admin));
    let (championship, versions, starts, can_publish) = state
        .db(move |conn| {
            let championship = db::championships::by_id(conn, c)?.ok_or(AppError::NotFound)?;
            let versions = db::regulation_versions::of_championship(conn, c)?;
            let starts: Vec<(i32, chrono::NaiveDateTime)> =
                db::tournaments::of_championship(conn, c)?
                    .into_iter()
                    .map(|t| (t.number, t.starts_at))
                    .collect();
            let can_publish = crate::app::access::holds::<Organizers>(conn, viewer, c)?;
            Ok((championship, versions, starts, can_publish))
        })
        .await?;
    let tz = championship.tz();
    let lang = ctx.lang;
    let shown = match number {
        Some(n) => Some(
            versions
                .iter()
                .find(|v| v.number == n)
                .ok_or(AppError::NotFound)?,
        ),
        None => versions.last(),
    };
    let previous = shown.and_then(|v| versions.iter().find(|p| p.number == v.number - 1));
    let diff_lines = match (number, shown, previous) {
        (Some(_), Some(v), Some(p)) => {
            let mut lines = diff(&p.body, &v.body);
            let pretty = |s: &str| {
                serde_json::from_str::<crate::rules::regulation::Regulation>(s)
                    .map(|r| settings_text(&r))
                    .unwrap_or_else(|_| s.to_owned())
            };
            lines.extend(
                diff(&pretty(&p.settings), &pretty(&v.settings))
                    .into_iter()
                    .filter(|l| l.class != "same"),
            );
            lines
        }
        _ => Vec::new(),
    };
    // The form starts from the newest version, in force or not yet.
    let newest = versions
        .last()
        .map_or(championship.regulation.as_str(), |v| v.settings.as_str());
    let current_settings = serde_json::from_str::<crate::rules::regulation::Regulation>(newest)
        .map(|r| settings_text(&r))
        .unwrap_or_else(|_| newest.to_owned());
    let form = form.unwrap_or_else(|| ChangeForm {
        body: versions.last().map(|v| v.body.clone()).unwrap_or_default(),
        settings: current_settings,
        summary: String::new(),
    });
    let labels = [
        ("body", "regulation-body"),
        ("settings", "regulation-settings"),
        ("summary", "regulation-summary"),
    ];
    let text_lines = labels.iter().filter_map(|(field, label)| {
        text.get(field)
            .map(|m| format!("{}: {}", lang.t(label), m.render(lang)))
    });
    let problems = text_lines
        .collect::<Vec<_>>()
        .into_iter()
        .chain(problems.iter().map(|p| {
            match p {
                ChangeProblem::SummaryRequired => lang.msg(msg!("regulation-summary-required")),
                ChangeProblem::BadSettings(e) => Message::new(msg!("regulation-bad-settings"))
                    .arg("detail", e)
                    .render(lang),
                ChangeProblem::NothingChanged => lang.msg(msg!("regulation-nothing-changed")),
            }
        }))
        .collect();
    Ok(RegulationPage {
        championship: championship.name.clone(),
        championship_url: paths::championship(c),
        number: shown.map_or(0, |v| v.number),
        body_html: render_markdown(shown.map_or("", |v| v.body.as_str())),
        versions: versions
            .iter()
            .rev()
            .map(|v| VersionRow {
                number: v.number,
                url: format!("{}/{}", regulation_url(c), v.number),
                published: local(tz, v.published_at),
                summary: if v.number == 1 && v.summary.is_empty() {
                    lang.msg(msg!("regulation-original"))
                } else {
                    v.summary.clone()
                },
                applies: applies_words(lang, tz, v, &starts),
            })
            .collect(),
        diff: diff_lines,
        can_publish: can_publish && number.is_none(),
        action: regulation_url(c),
        body: form.body,
        settings: form.settings,
        summary: form.summary,
        problems,
        ctx,
    })
}

/// `GET /championships/{id}/regulation`.
pub async fn show(
    ctx: PageCtx,
    state: web::Data<AppState>,
    path: web::Path<ChampionshipId>,
) -> Result<HttpResponse, AppError> {
    let c = path.into_inner();
    let p = regulation_page(
        ctx,
        &state,
        c,
        None,
        None,
        Vec::new(),
        FieldErrors::default(),
    )
    .await?;
    page(StatusCode::OK, &p)
}

/// `GET /championships/{id}/regulation/{number}`: a version and what it
/// changed.
pub async fn version(
    ctx: PageCtx,
    state: web::Data<AppState>,
    path: web::Path<VersionPath>,
) -> Result<HttpResponse, AppError> {
    let c = path.championship_id;
    let p = regulation_page(
        ctx,
        &state,
        c,
        Some(path.number),
        None,
        Vec::new(),
        FieldErrors::default(),
    )
    .await?;
    page(StatusCode::OK, &p)
}

/// `POST /championships/{id}/regulation` (organizers): publish a change.
pub async fn publish(
    ctx: PageCtx,
    staff: Staff<Organizers>,
    state: web::Data<AppState>,
    session: Session,
    form: Form<ChangeForm>,
) -> Result<HttpResponse, AppError> {
    let c = staff.championship;
    let by = staff.user.id;
    let (form, text) = form.into_parts();
    if !text.is_empty() {
        let p = regulation_page(ctx, &state, c, None, Some(form), Vec::new(), text).await?;
        return page(StatusCode::UNPROCESSABLE_ENTITY, &p);
    }
    let (body, settings, summary) = (
        form.body.clone(),
        form.settings.clone(),
        form.summary.clone(),
    );
    let result = state
        .db(move |conn| {
            Ok(ops::publish(
                conn,
                c,
                &body,
                &settings,
                &summary,
                by,
                db::utc_now(),
            ))
        })
        .await?;
    match result {
        Ok(done) => {
            let flash = match done.first_tournament {
                Some(n) => Message::new(msg!("regulation-published"))
                    .arg("version", done.number)
                    .arg("number", n),
                None => {
                    Message::new(msg!("regulation-published-later")).arg("version", done.number)
                }
            };
            AppSession(&session).flash(FlashLevel::Success, flash);
            Ok(see_other(&regulation_url(c)))
        }
        Err(PlayError::Refused(problems)) => {
            let p = regulation_page(
                ctx,
                &state,
                c,
                None,
                Some(form),
                problems,
                FieldErrors::default(),
            )
            .await?;
            page(StatusCode::UNPROCESSABLE_ENTITY, &p)
        }
        Err(other) => Err(other.into()),
    }
}

#[cfg(test)]
mod markdown_tests {
    use super::render_markdown;

    #[test]
    fn i21_typed_html_shows_as_text_and_markup_stays_valid() {
        assert_eq!(
            render_markdown("<img src=x onerror=alert(1)> and <a name=x>y</a>"),
            "<p>&lt;img src=x onerror=alert(1)&gt; and &lt;a name=x&gt;y&lt;/a&gt;</p>\n"
        );
        assert_eq!(
            render_markdown("[press](javascript:alert(1)) ![logo](data:image/png;base64,AA)"),
            "<p>press logo</p>\n"
        );
        assert_eq!(
            render_markdown("[site](https://example.org/a) ![logo](https://example.org/l.png)"),
            "<p><a href=\"https://example.org/a\">site</a> \
             <img src=\"https://example.org/l.png\" alt=\"logo\"></p>\n"
        );
        assert_eq!(
            render_markdown("[rules](/championships/1/regulation) ![](https://example.org/x.png)"),
            "<p><a href=\"/championships/1/regulation\">rules</a> \
             <img src=\"https://example.org/x.png\" alt=\"\"></p>\n"
        );
    }
}
