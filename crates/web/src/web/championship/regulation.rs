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
use crate::app::regulation::{self as ops, ChangeProblem};
use crate::db::{self, regulation_versions::Version};
use crate::i18n::{Lang, Message};
use crate::ids::ChampionshipId;
use crate::msg;
use crate::paths;
use crate::paths::segments::VersionPath;
use crate::read::regulation::RegulationPage as RegulationRead;
use crate::rules::regulation::Regulation;
use crate::state::AppState;
use crate::web::championship::settings_form::{self, Change, Section};
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
    crate::paths::fill1(crate::paths::REGULATION, c)
}

pub struct VersionRow {
    pub number: i32,
    pub url: String,
    pub published: String,
    pub summary: String,
    pub applies: String,
}

/// A section of the regulation's rules as the page lists them.
pub struct RuleSection {
    pub title: String,
    pub rules: Vec<RuleText>,
}

/// One rule: its label as people cite it, its words, and the fragment
/// pages link to when they cite it.
pub struct RuleText {
    pub anchor: String,
    pub label: String,
    pub words: String,
}

/// The rules of the regulation `preset` in `lang`, as the page lists
/// them; none for a regulation an organizer wrote.
fn rule_sections(lang: Lang, preset: &str) -> Vec<RuleSection> {
    use crate::i18n::cite;
    cite::sections(preset)
        .iter()
        .map(|s| RuleSection {
            title: lang.t(s.title),
            rules: s
                .codes
                .iter()
                .map(|code| RuleText {
                    anchor: cite::anchor(code).unwrap_or_default(),
                    label: cite::rule_words(lang, code),
                    words: cite::text(code).render(lang),
                })
                .collect(),
        })
        .collect()
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
    /// The rules of the preset the championship runs, each with its anchor.
    rules: Vec<RuleSection>,
    versions: Vec<VersionRow>,
    /// The text against the version before (a version page).
    diff: Vec<DiffLine>,
    /// The settings against the version before (a version page), or what
    /// the form would change (a preview).
    changes: Vec<Change>,
    /// A preview: from which tournament the change would apply.
    preview: Option<String>,
    can_publish: bool,
    action: String,
    export_url: String,
    notice_hint: String,
    body: String,
    summary: String,
    sections: Vec<Section>,
    problems: Vec<String>,
}

fn local(tz: chrono_tz::Tz, at: chrono::NaiveDateTime) -> String {
    crate::words::local_time(tz, at)
}

/// From which tournament a version applies, in words.
fn applies_words(
    lang: Lang,
    tz: chrono_tz::Tz,
    applies_from: Option<chrono::NaiveDateTime>,
    first: Option<i32>,
    too_soon: Option<i32>,
) -> String {
    let Some(from) = applies_from else {
        return lang.msg(msg!("regulation-from-start"));
    };
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

/// A stored version's reach, from its dates and the schedule.
fn version_applies(
    lang: Lang,
    tz: chrono_tz::Tz,
    v: &Version,
    starts: &[(i32, chrono::NaiveDateTime)],
) -> String {
    let Some(from) = v.applies_from else {
        return applies_words(lang, tz, None, None, None);
    };
    let first_at = |from: chrono::NaiveDateTime, before: Option<chrono::NaiveDateTime>| {
        starts
            .iter()
            .filter(|(_, at)| *at >= from && before.is_none_or(|b| *at < b))
            .min_by_key(|(n, at)| (*at, *n))
            .map(|(n, _)| *n)
    };
    applies_words(
        lang,
        tz,
        Some(from),
        first_at(from, None),
        first_at(v.published_at, Some(from)),
    )
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

/// The change form as sent: the text, the summary, every setting by its
/// field name, and which button (`preview` or `publish`).
#[derive(Debug, Default, Deserialize)]
#[serde(transparent)]
pub struct ChangeForm(Vec<(String, String)>);

impl ChangeForm {
    fn get(&self, name: &str) -> &str {
        self.0
            .iter()
            .find(|(n, _)| n == name)
            .map_or("", |(_, v)| v.as_str())
    }
}

impl TextRules for ChangeForm {
    const BLOCKS: &'static [(&'static str, usize)] = &[("body", 50_000)];
    const LONG_LINES: &'static [(&'static str, usize)] = &[("summary", 500)];
}

/// What the form holds when the page is shown again after a submission.
#[derive(Default)]
struct Submitted {
    form: Option<ChangeForm>,
    /// Problems of single settings, beside their fields.
    fields: FieldErrors,
    /// Problems of the text, the summary or the change as a whole.
    text: FieldErrors,
    problems: Vec<ChangeProblem>,
    /// A preview: the settings the form describes.
    preview: Option<Regulation>,
}

async fn load(
    ctx: &PageCtx,
    state: &web::Data<AppState>,
    c: ChampionshipId,
) -> Result<RegulationRead, AppError> {
    let viewer = ctx.user.as_ref().map(|u| (u.id, u.is_admin));
    state
        .db(move |conn| RegulationRead::load(conn, viewer, c)?.ok_or(AppError::NotFound))
        .await
}

fn stored_settings(v: &Version) -> Option<Regulation> {
    serde_json::from_str(&v.settings).ok()
}

async fn regulation_page(
    ctx: PageCtx,
    state: &web::Data<AppState>,
    c: ChampionshipId,
    number: Option<i32>,
    sent: Submitted,
) -> Result<RegulationPage, AppError> {
    let read = load(&ctx, state, c).await?;
    regulation_view(ctx, read, number, sent)
}

/// The regulation page's view of its read model: version `number` (else
/// the newest) and the change form, as sent when it is shown again.
fn regulation_view(
    ctx: PageCtx,
    read: RegulationRead,
    number: Option<i32>,
    sent: Submitted,
) -> Result<RegulationPage, AppError> {
    let (c, lang) = (read.championship.id, ctx.lang);
    let versions = &read.versions;
    let shown = match number {
        Some(n) => Some(
            versions
                .iter()
                .find(|v| v.number == n)
                .ok_or(AppError::NotFound)?,
        ),
        None => versions.last(),
    };
    let (diff_lines, mut changes) = match (number, shown) {
        (Some(_), Some(v)) => version_changes(lang, versions, v),
        _ => (Vec::new(), Vec::new()),
    };
    let mut preview = None;
    if let Some(after) = &sent.preview {
        changes = settings_form::changes(lang, &read.newest, after);
        preview = Some(preview_words(lang, &read));
    }
    let typed = sent.form.as_ref().map(|f| f.0.as_slice());
    let sections = settings_form::sections(lang, &read.newest, typed, &sent.fields);
    let (body, summary) = match &sent.form {
        Some(f) => (f.get("body").to_owned(), f.get("summary").to_owned()),
        None => (
            versions.last().map(|v| v.body.clone()).unwrap_or_default(),
            String::new(),
        ),
    };
    Ok(RegulationPage {
        championship: read.championship.name.clone(),
        championship_url: paths::championship(c),
        number: shown.map_or(0, |v| v.number),
        body_html: render_markdown(shown.map_or("", |v| v.body.as_str())),
        rules: rule_sections(
            lang,
            &shown
                .and_then(stored_settings)
                .unwrap_or_else(|| read.newest.clone())
                .code,
        ),
        versions: version_rows(lang, &read),
        diff: diff_lines,
        changes,
        preview,
        can_publish: read.can_publish && number.is_none(),
        action: regulation_url(c),
        export_url: format!("{}.json", regulation_url(c)),
        notice_hint: notice_hint(lang, &read.newest),
        body,
        summary,
        sections,
        problems: problem_lines(lang, &sent),
        ctx,
    })
}

/// What version `v` changed against the one before: its text's lines and
/// its settings.
fn version_changes(lang: Lang, versions: &[Version], v: &Version) -> (Vec<DiffLine>, Vec<Change>) {
    let Some(p) = versions.iter().find(|p| p.number == v.number - 1) else {
        return (Vec::new(), Vec::new());
    };
    (
        diff(&p.body, &v.body)
            .into_iter()
            .filter(|l| l.class != "same" || !l.text.is_empty())
            .collect(),
        match (stored_settings(p), stored_settings(v)) {
            (Some(before), Some(after)) => settings_form::changes(lang, &before, &after),
            _ => Vec::new(),
        },
    )
}

/// G-E2: from which tournament the previewed change would apply, were it
/// published now (at once under a regulation without notice days).
fn preview_words(lang: Lang, read: &RegulationRead) -> String {
    let newest = &read.newest;
    let (from, first, too_soon) = ops::reach(newest, &read.starts, db::utc_now());
    let from = (ops::notice_days(newest) > 0).then_some(from);
    applies_words(
        lang,
        read.championship.tz(),
        from.or(Some(db::utc_now())),
        first,
        too_soon,
    )
}

/// The versions, the newest first, each with its reach.
fn version_rows(lang: Lang, read: &RegulationRead) -> Vec<VersionRow> {
    let (c, tz) = (read.championship.id, read.championship.tz());
    read.versions
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
            applies: version_applies(lang, tz, v, &read.starts),
        })
        .collect()
}

/// The refusals of the text, the summary and the change as a whole; a line
/// that sends to the settings' own refusals.
fn problem_lines(lang: Lang, sent: &Submitted) -> Vec<String> {
    let labels = [
        ("body", msg!("regulation-body")),
        ("summary", msg!("regulation-summary")),
    ];
    let text_lines = labels.iter().filter_map(|(field, label)| {
        sent.text
            .get(field)
            .map(|m| format!("{}: {}", lang.msg(*label), m.render(lang)))
    });
    let mut problems: Vec<String> = text_lines.collect();
    problems.extend(sent.problems.iter().map(|p| match p {
        ChangeProblem::SummaryRequired => lang.msg(msg!("regulation-summary-required")),
        ChangeProblem::NothingChanged => lang.msg(msg!("regulation-nothing-changed")),
    }));
    if !sent.fields.is_empty() {
        problems.push(lang.msg(msg!("regulation-settings-problems")));
    }
    problems
}

/// G-E2: how long before a change applies, under the newest settings.
fn notice_hint(lang: Lang, newest: &Regulation) -> String {
    let days = ops::notice_days(newest);
    if days > 0 {
        Message::new(msg!("regulation-change-hint"))
            .arg("days", days)
            .render(lang)
    } else {
        lang.msg(msg!("regulation-change-hint-now"))
    }
}

/// `GET /championships/{id}/regulation`.
pub async fn show(
    ctx: PageCtx,
    state: web::Data<AppState>,
    path: web::Path<ChampionshipId>,
) -> Result<HttpResponse, AppError> {
    let c = path.into_inner();
    let p = regulation_page(ctx, &state, c, None, Submitted::default()).await?;
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
    let p = regulation_page(ctx, &state, c, Some(path.number), Submitted::default()).await?;
    page(StatusCode::OK, &p)
}

/// `GET /championships/{id}/regulation.json`: the newest settings as data,
/// for other programs and for the record: format version 2, every score
/// in points as the regulation's text writes them.
pub async fn export(
    state: web::Data<AppState>,
    path: web::Path<ChampionshipId>,
) -> Result<HttpResponse, AppError> {
    let c = path.into_inner();
    let newest = state
        .db(move |conn| {
            let championship = db::championships::by_id(conn, c)?.ok_or(AppError::NotFound)?;
            Ok(ops::latest(conn, &championship)?)
        })
        .await?;
    Ok(HttpResponse::Ok()
        .content_type("application/json; charset=utf-8")
        .insert_header((
            actix_web::http::header::CONTENT_DISPOSITION,
            format!(
                "attachment; filename=\"championship-{c}-regulation-{}.json\"",
                newest.number
            ),
        ))
        .body(newest.regulation.to_points_json()))
}

/// `POST /championships/{id}/regulation` (organizers): preview or publish a
/// change.
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
    let newest = load(&ctx, &state, c).await?.newest;
    let (regulation, fields) = match settings_form::read(&newest, &form.0) {
        Ok(r) => (Some(r), FieldErrors::default()),
        Err(e) => (None, e),
    };
    let text_ok = text.is_empty();
    let again = move |form, problems, preview| Submitted {
        form: Some(form),
        fields,
        text,
        problems,
        preview,
    };
    let Some(regulation) = regulation.filter(|_| text_ok) else {
        let sent = again(form, vec![], None);
        return shown_again(ctx, &state, c, sent, StatusCode::UNPROCESSABLE_ENTITY).await;
    };
    if form.get("action") == "preview" {
        let sent = again(form, vec![], Some(regulation));
        return shown_again(ctx, &state, c, sent, StatusCode::OK).await;
    }
    let (body, summary) = (form.get("body").to_owned(), form.get("summary").to_owned());
    let result = state
        .db(move |conn| {
            let now = db::utc_now();
            Ok(ops::publish(conn, c, &body, &regulation, &summary, by, now))
        })
        .await?;
    match result {
        Ok(done) => {
            AppSession(&session).flash(FlashLevel::Success, published(&done));
            Ok(see_other(&regulation_url(c)))
        }
        Err(PlayError::Refused(problems)) => {
            let sent = again(form, problems, None);
            shown_again(ctx, &state, c, sent, StatusCode::UNPROCESSABLE_ENTITY).await
        }
        Err(other) => Err(other.into()),
    }
}

/// The regulation page again with the form as sent.
async fn shown_again(
    ctx: PageCtx,
    state: &web::Data<AppState>,
    c: ChampionshipId,
    sent: Submitted,
    status: StatusCode,
) -> Result<HttpResponse, AppError> {
    let p = regulation_page(ctx, state, c, None, sent).await?;
    page(status, &p)
}

/// G-E2: the version published and the first tournament it applies to.
fn published(done: &ops::Published) -> Message {
    match done.first_tournament {
        Some(n) => Message::new(msg!("regulation-published"))
            .arg("version", done.number)
            .arg("number", n),
        None => Message::new(msg!("regulation-published-later")).arg("version", done.number),
    }
}

#[cfg(test)]
mod markdown_tests {
    use super::render_markdown;

    #[test]
    fn typed_html_shows_as_text_and_markup_stays_valid() {
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
