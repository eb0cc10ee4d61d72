//! Feeds of a championship, public and read-only:
//! `GET /championships/{id}/calendar.ics` — its tournaments as an
//! iCalendar a phone subscribes to (times in UTC, the championship's zone
//! named), and `GET /championships/{id}/feed.atom` — an Atom feed of
//! published results (rounds, finished tournaments with their winner) and
//! notices (regulation versions, appeal decisions), newest first.
//!
//! Texts follow the page language (`?lang=en`; Russian by default, which is
//! what a calendar app without cookies gets).

use actix_web::{HttpRequest, HttpResponse, web};
use chrono::NaiveDateTime;

use crate::db::regulation_versions::Version;
use crate::db::results::PlaceRow;
use crate::i18n::{Lang, Message};
use crate::ids::ChampionshipId;
use crate::msg;
use crate::paths;
use crate::read::appeals::Decisions;
use crate::read::feeds::{ChampionshipNews, RoundNews};
use crate::state::AppState;
use crate::web::discipline::appeals::Decision;
use crate::web::infra::PageDb;
use crate::web::infra::ctx::request_lang;
use crate::web::infra::error::AppError;
use crate::web::{feeds::atom, feeds::ical};

/// How long a tournament is shown in a calendar: the platform stores the
/// start only; one evening (G-A2) or one day's rapid rounds fit in four hours.
pub const EVENT_HOURS: i64 = 4;

pub fn calendar_url(c: ChampionshipId) -> String {
    crate::paths::fill1(crate::paths::CALENDAR, c)
}

pub fn feed_url(c: ChampionshipId) -> String {
    crate::paths::fill1(crate::paths::FEED, c)
}

/// The site's public base URL without a trailing slash.
fn base(state: &AppState) -> String {
    state.settings.public_url.trim_end_matches('/').to_owned()
}

/// The host of the public URL, for UIDs and `tag:` ids.
fn host(state: &AppState) -> String {
    let url = state.settings.public_url.as_str();
    let rest = url.split_once("://").map_or(url, |(_, r)| r);
    let authority = rest.split(['/', '?', '#']).next().unwrap_or(rest);
    let host = authority.rsplit_once('@').map_or(authority, |(_, h)| h);
    let host = if host.starts_with('[') {
        host.split_inclusive(']').next().unwrap_or(host)
    } else {
        host.split(':').next().unwrap_or(host)
    };
    if host.is_empty() {
        "localhost".to_owned()
    } else {
        host.to_ascii_lowercase()
    }
}

fn tournament_title(lang: Lang, number: i32) -> String {
    Message::new(msg!("tournament-title"))
        .arg("number", number)
        .render(lang)
}

fn local(tz: chrono_tz::Tz, at: NaiveDateTime) -> String {
    crate::words::local_time(tz, at)
}

/// `GET /championships/{id}/calendar.ics`.
pub async fn calendar(
    req: HttpRequest,
    state: web::Data<AppState>,
    path: web::Path<ChampionshipId>,
) -> Result<HttpResponse, AppError> {
    let lang = request_lang(&req);
    let c = path.into_inner();
    let ChampionshipNews {
        championship,
        tournaments: stages,
        ..
    } = state
        .db(move |conn| ChampionshipNews::load(conn, c, false)?.ok_or(AppError::NotFound))
        .await?;
    let (base, host) = (base(&state), host(&state));
    let tz = championship.tz();
    let events = stages
        .iter()
        .map(|t| {
            let title = tournament_title(lang, t.number);
            ical::Event {
                uid: format!("championship-{c}-tournament-{}@{host}", t.id),
                stamp: t.created_at,
                start: t.starts_at,
                end: t.starts_at + chrono::Duration::hours(EVENT_HOURS),
                summary: Message::new(msg!("feeds-event-summary"))
                    .arg("championship", &championship.name)
                    .arg("tournament", &title)
                    .render(lang),
                description: Message::new(msg!("feeds-event-description"))
                    .arg("championship", &championship.name)
                    .arg("tournament", &title)
                    .arg(
                        "zone",
                        crate::words::zone_words(lang, &championship.time_zone, t.starts_at),
                    )
                    .arg("local", local(tz, t.starts_at))
                    .render(lang),
                url: format!("{base}{}", paths::tournament(c, t.id)),
            }
        })
        .collect();
    let body = ical::write(&ical::Calendar {
        name: Message::new(msg!("feeds-calendar-name"))
            .arg("championship", &championship.name)
            .render(lang),
        time_zone: championship.time_zone.clone(),
        events,
    });
    Ok(HttpResponse::Ok()
        .content_type("text/calendar; charset=utf-8")
        .insert_header((
            actix_web::http::header::CONTENT_DISPOSITION,
            format!("inline; filename=\"championship-{c}.ics\""),
        ))
        .body(body))
}

/// `GET /championships/{id}/feed.atom`.
pub async fn atom_feed(
    req: HttpRequest,
    state: web::Data<AppState>,
    path: web::Path<ChampionshipId>,
) -> Result<HttpResponse, AppError> {
    let lang = request_lang(&req);
    let c = path.into_inner();
    let (news, decisions) = state
        .db(move |conn| {
            let news = ChampionshipNews::load(conn, c, true)?.ok_or(AppError::NotFound)?;
            Ok((news, Decisions::load(conn, c)?))
        })
        .await?;
    let decisions = crate::web::discipline::appeals::decisions(lang, c, decisions);
    let base = base(&state);
    // tag: URIs (RFC 4151) under the site's host and the day the
    // championship was created: stable for as long as the site is.
    let tag = format!(
        "tag:{},{}:championships/{c}",
        host(&state),
        news.championship.created_at.format("%Y-%m-%d")
    );
    let at = Site {
        lang,
        base: &base,
        tag: &tag,
        c,
    };
    let entries = all_entries(&at, &news, &decisions);
    let updated = entries
        .iter()
        .map(|e| e.updated)
        .max()
        .unwrap_or(news.championship.created_at);
    let self_url = match lang {
        Lang::Ru => format!("{base}{}", feed_url(c)),
        other => format!("{base}{}?lang={}", feed_url(c), other.code()),
    };
    let championship = news.championship;
    let body = atom::write(&atom::Feed {
        id: tag,
        title: Message::new(msg!("feeds-atom-title"))
            .arg("championship", &championship.name)
            .render(lang),
        updated,
        self_url,
        page_url: format!("{base}{}", paths::championship(c)),
        author: championship.name,
        lang: lang.code().to_owned(),
        entries,
    })
    .map_err(|e| AppError::Internal(format!("atom feed: {e}")))?;
    Ok(HttpResponse::Ok()
        .content_type("application/atom+xml; charset=utf-8")
        .body(body))
}

/// Every entry of the feed, newest first (equal times in a stable order).
fn all_entries(at: &Site<'_>, news: &ChampionshipNews, decisions: &[Decision]) -> Vec<atom::Entry> {
    let mut entries = finished_entries(at, news);
    entries.extend(round_entries(at, &news.rounds));
    entries.extend(regulation_entries(at, &news.versions));
    entries.extend(appeal_entries(at, decisions));
    entries.sort_by(|a, b| b.updated.cmp(&a.updated).then_with(|| a.id.cmp(&b.id)));
    entries
}

/// Where the feed's entries point: the language, the site's base URL,
/// the championship's `tag:` id.
struct Site<'a> {
    lang: Lang,
    base: &'a str,
    tag: &'a str,
    c: ChampionshipId,
}

/// A finished tournament with its winner and places.
fn finished_entries(at: &Site<'_>, news: &ChampionshipNews) -> Vec<atom::Entry> {
    let (lang, c) = (at.lang, at.c);
    let finished = news.tournaments.iter().filter(|t| t.finished_at.is_some());
    finished
        .map(|t| {
            let mine: Vec<&PlaceRow> = news
                .places
                .iter()
                .filter(|p| p.tournament_id == t.id)
                .collect();
            let winners: Vec<&str> = mine
                .iter()
                .filter(|p| p.place_first == 1)
                .map(|p| p.entry_name.as_str())
                .collect();
            let places_text = mine
                .iter()
                .map(|p| {
                    let place = crate::rules::ranking::Place {
                        first: u32::try_from(p.place_first).unwrap_or(0),
                        last: u32::try_from(p.place_last).unwrap_or(0),
                    };
                    format!("{place}. {}", p.entry_name)
                })
                .collect::<Vec<_>>()
                .join("; ");
            atom::Entry {
                id: format!("{}/tournaments/{}/finished", at.tag, t.id),
                title: Message::new(msg!("feeds-entry-finished"))
                    .arg("tournament", tournament_title(lang, t.number))
                    .arg("winner", winners.join(", "))
                    .render(lang),
                updated: t.finished_at.unwrap_or(t.starts_at),
                url: format!("{}{}", at.base, paths::tournament(c, t.id)),
                summary: Message::new(msg!("feeds-entry-finished-summary"))
                    .arg("places", places_text)
                    .render(lang),
            }
        })
        .collect()
}

/// A published round with how many of its games have a result.
fn round_entries(at: &Site<'_>, rounds: &[RoundNews]) -> Vec<atom::Entry> {
    let lang = at.lang;
    rounds
        .iter()
        .map(|x| atom::Entry {
            id: format!(
                "{}/tournaments/{}/rounds/{}",
                at.tag, x.tournament, x.number
            ),
            title: Message::new(msg!("feeds-entry-round"))
                .arg("tournament", tournament_title(lang, x.tournament_no))
                .arg("round", x.number)
                .render(lang),
            updated: x
                .last_result
                .map_or(x.published_at, |r| r.max(x.published_at)),
            url: format!(
                "{}{}",
                at.base,
                paths::round_page(at.c, x.tournament, x.number)
            ),
            summary: Message::new(msg!("feeds-entry-round-summary"))
                .arg("done", x.done)
                .arg("total", x.total)
                .render(lang),
        })
        .collect()
}

/// A new version of the regulation. Version 1 is the regulation the
/// championship was created with, not a change: the feed tells the
/// changes (G-E2).
fn regulation_entries(at: &Site<'_>, versions: &[Version]) -> Vec<atom::Entry> {
    versions
        .iter()
        .filter(|v| v.number > 1)
        .map(|v| atom::Entry {
            id: format!("{}/regulation/{}", at.tag, v.number),
            title: Message::new(msg!("feeds-entry-regulation"))
                .arg("number", v.number)
                .render(at.lang),
            updated: v.published_at,
            url: format!(
                "{}{}",
                at.base,
                paths::fill2(paths::REGULATION_VERSION, at.c, v.number)
            ),
            summary: v.summary.clone(),
        })
        .collect()
}

/// A decided appeal (G-D2: decisions are published).
fn appeal_entries(at: &Site<'_>, decisions: &[Decision]) -> Vec<atom::Entry> {
    decisions
        .iter()
        .map(|d| atom::Entry {
            id: format!("{}/appeals/{}", at.tag, d.id),
            title: Message::new(msg!("feeds-entry-appeal"))
                .arg("title", &d.title)
                .arg("outcome", &d.outcome)
                .render(at.lang),
            updated: d.at,
            url: format!("{}{}", at.base, d.url),
            summary: d.by.clone(),
        })
        .collect()
}
