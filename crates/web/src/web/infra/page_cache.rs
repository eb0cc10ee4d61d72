//! Public pages as a visitor gets them, kept as bytes: the home page, the
//! lists, a championship's pages, tournaments, rounds, teams, players,
//! feeds and the API's reads. A hit costs a read of the content versions
//! and a copy, not the page's queries and its rendering. On PostgreSQL,
//! where that read is a round trip, one read of the versions' totals
//! answers every request that came while the one before was under way
//! (`db::content_clock`).
//!
//! **Exact, or within a window.** Each kept page is labelled with the
//! content versions it was drawn at (`db::championships::{content_stamp,
//! site_stamp, listing_version}`), read *before* the page: a championship's
//! pages by the championship's version and the platform's; the platform's
//! lists (home, championships, hall of fame: [`LISTS`]) by the version of
//! what they show, the championships' names and history; the platform's
//! other pages (teams, people, series) by the sum of every championship's
//! version and the platform's. Triggers move the versions in the same
//! transaction as every change of a row a public page shows (migrations
//! 000028 and 000039), whatever code wrote it, so a page drawn at the
//! versions that stand is never older than the last committed change, on
//! one instance or on several sharing a PostgreSQL database. A page whose
//! versions moved is drawn again at most once per `page_cache_redraw_ms`
//! (250 ms by default): within that window after its last drawing, the
//! page kept before serves. While a championship's results arrive hundreds
//! of times a second, its pages are then drawn a few times a second, not
//! once per result, and a visitor sees each change within the window.
//! With the window at 0 every page is exact.
//!
//! **Time.** Pages also depend on the clock (registration opens 30 minutes
//! before a start, a tournament of the day, the regulation in force at a
//! date), so a kept page serves for one second at most.
//!
//! **Whose.** Only a visitor's GET of a listed page is served or kept: no
//! one signed in, nothing waiting in the session (a flash, a refused form,
//! a secret to reveal), no API token. The one visitor-specific part of
//! such a page, the CSRF token of its forms, is cut out when it is kept
//! and the visitor's own token put in its place when it is served. Only a
//! 200 without cookies of its own is kept.

use std::sync::Arc;
use std::time::{Duration, Instant};

use actix_session::SessionExt;
use actix_web::body::{BoxBody, MessageBody};
use actix_web::dev::{ServiceRequest, ServiceResponse};
use actix_web::http::header::{self, HeaderName, HeaderValue};
use actix_web::http::{Method, StatusCode};
use actix_web::middleware::Next;
use actix_web::web::{self, Bytes, BytesMut};
use actix_web::{HttpResponse, HttpResponseBuilder};

use crate::db::content_clock::ContentClock;
use crate::db::{self, DbConnection};
use crate::i18n::Lang;
use crate::ids::ChampionshipId;
use crate::paths;
use crate::state::AppState;
use crate::web::infra::session::AppSession;

/// How long a kept page serves at most (the clock's part of a page).
const FRESH_FOR: Duration = Duration::from_secs(1);

/// How many paths' routes are remembered.
const PATHS_REMEMBERED: usize = 8192;

/// The pages' route patterns whose visitor's page is the same for every
/// visitor but for the CSRF token: what anyone may read. The JSON API
/// names its own (`api::paths::PUBLIC_READS`); the server gives both.
pub const PAGES: &[&str] = &[
    paths::HOME,
    paths::CHAMPIONSHIPS,
    paths::CHAMPIONSHIP,
    paths::SEASON,
    paths::SEASON_CSV,
    paths::SEASON_JSON,
    paths::TOURNAMENT,
    paths::ROUND_PAGE,
    paths::CROSSTABLE,
    paths::PLAYERS,
    paths::STANDINGS_CSV,
    paths::STANDINGS_JSON,
    paths::GAME,
    paths::HISTORY,
    paths::REGULATION,
    paths::CALENDAR,
    paths::FEED,
    paths::TEAM,
    paths::PERSON,
    paths::HALL_OF_FAME,
    paths::SERIES_LIST,
    paths::SERIES,
];

/// The session keys a visitor's page does not depend on beyond its token
/// (the language is part of the key).
const NEUTRAL_SESSION_KEYS: &[&str] = &["csrf", "lang", "browser"];

/// What a kept page depends on.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
enum Stamp {
    Championship(i64, i64),
    Site(i64, i64),
    Listing(i64),
}

#[derive(Debug, Clone, Copy)]
enum Scope {
    Championship(ChampionshipId),
    Site,
    /// One of [`LISTS`].
    Listing,
}

/// The platform's lists: they show the championships' names, kinds and
/// zones and their history rows, and are stamped by the version of those
/// alone (`site_content.listed`), so that results do not redraw them.
const LISTS: &[&str] = &[paths::HOME, paths::CHAMPIONSHIPS, paths::HALL_OF_FAME];

/// A page's place in the cache: its language, path and query (with the
/// accepted languages), the
/// versions it was drawn at and the second of the clock it serves in (a
/// new second or a new version is a new key: the old entry is never read
/// again and ages out).
type Key = (Lang, String, Stamp, u64);

struct Kept {
    status: StatusCode,
    headers: Vec<(HeaderName, HeaderValue)>,
    /// The body cut at each place the CSRF token stood.
    parts: Vec<Bytes>,
}

impl Kept {
    fn weight(&self) -> u64 {
        let body: usize = self.parts.iter().map(Bytes::len).sum();
        let headers: usize = self
            .headers
            .iter()
            .map(|(k, v)| k.as_str().len() + v.len() + 64)
            .sum();
        (body + headers + 128) as u64
    }
}

#[derive(Clone)]
struct ByBytes;

impl quick_cache::Weighter<Key, Arc<Kept>> for ByBytes {
    fn weight(&self, key: &Key, val: &Arc<Kept>) -> u64 {
        (key.1.len() as u64 + val.weight()).max(1)
    }
}

/// The versions and second a page was last kept for, and when it was
/// drawn.
#[derive(Clone, Copy)]
struct Latest {
    stamp: Stamp,
    second: u64,
    drawn: Instant,
}

/// Visitors' pages by language and path with query, bounded by memory.
pub struct PageCache {
    inner: Option<quick_cache::sync::Cache<Key, Arc<Kept>, ByBytes>>,
    /// The route patterns served from it.
    public: std::collections::HashSet<String>,
    /// Whether a path is one of theirs, and which: the route table's
    /// answer, remembered (its regular expressions cost more than the rest
    /// of a kept page's answer).
    listed: quick_cache::sync::Cache<String, Option<Arc<str>>>,
    /// The versions and second each page was last kept for: a page kept
    /// anew frees the one before, which no request reads again (versions
    /// only move forward, and so does the clock).
    latest: quick_cache::sync::Cache<(Lang, String), Latest>,
    /// How long a kept page goes on serving after its content changed
    /// (`page_cache_redraw_ms`; zero: exact).
    redraw: Duration,
    /// On PostgreSQL, the versions read once for many requests.
    clock: Option<ContentClock>,
}

impl PageCache {
    /// At most `bytes` of pages (0 turns the cache off; about one page
    /// per 16 KiB is expected) of the routes with these patterns. With
    /// `shared` (a PostgreSQL database), the versions are learnt through a
    /// [`ContentClock`] on it.
    pub fn new(
        bytes: u64,
        redraw: Duration,
        public: impl IntoIterator<Item = String>,
        shared: Option<db::DbUrl>,
    ) -> PageCache {
        let entries = usize::try_from(bytes / (16 * 1024)).unwrap_or(usize::MAX);
        let on = bytes > 0 && entries > 0;
        PageCache {
            clock: shared.filter(|_| on).map(ContentClock::start),
            inner: on.then(|| quick_cache::sync::Cache::with_weighter(entries, bytes, ByBytes)),
            public: public.into_iter().collect(),
            listed: quick_cache::sync::Cache::new(PATHS_REMEMBERED),
            latest: quick_cache::sync::Cache::new(entries.max(1)),
            redraw,
        }
    }

    /// The page last kept for `key`'s language and path, while it is
    /// younger than the redraw window: served though the versions or the
    /// second moved since, so that a page is drawn at most once a window
    /// however often its championship changes.
    fn recent(
        &self,
        cache: &quick_cache::sync::Cache<Key, Arc<Kept>, ByBytes>,
        key: &Key,
    ) -> Option<Arc<Kept>> {
        if self.redraw.is_zero() {
            return None;
        }
        let page = (key.0, key.1.clone());
        let latest = self.latest.get(&page)?;
        if latest.drawn.elapsed() >= self.redraw {
            return None;
        }
        cache.get(&(page.0, page.1, latest.stamp, latest.second))
    }

    /// The listed pattern `req`'s path matches, if any.
    fn listed_pattern(&self, req: &ServiceRequest) -> Option<Arc<str>> {
        if let Some(known) = self.listed.get(req.path()) {
            return known;
        }
        let found = req
            .match_pattern()
            .filter(|p| self.public.contains(p))
            .map(Arc::from);
        self.listed.insert(req.path().to_owned(), found.clone());
        found
    }
}

/// The middleware: serves a visitor's listed page from the cache when it
/// was drawn at the versions that stand now and in this second, else lets
/// the page be drawn and keeps it. Requests for a page being drawn wait
/// for it rather than drawing it too.
pub async fn serve(
    req: ServiceRequest,
    next: Next<impl MessageBody + 'static>,
) -> Result<ServiceResponse<BoxBody>, actix_web::Error> {
    let Some((pages, state, scope, (lang, path))) = plan(&req) else {
        return Ok(next.call(req).await?.map_into_boxed_body());
    };
    let Some(cache) = pages.inner.as_ref() else {
        return Ok(next.call(req).await?.map_into_boxed_body());
    };
    let stamp = match read_stamp(&state, pages.clock.as_ref(), scope).await {
        Ok(Some(stamp)) => stamp,
        Ok(None) => return Ok(next.call(req).await?.map_into_boxed_body()),
        // No connection in the pool's wait: the page would wait as long
        // again for its own; answered 503 now.
        Err(e) => {
            let res = actix_web::ResponseError::error_response(
                &crate::web::infra::error::AppError::Db(e),
            );
            return Ok(req.into_response(res).map_into_boxed_body());
        }
    };
    let key: Key = (lang, path, stamp, second());
    let kept = match cache.get(&key).or_else(|| pages.recent(cache, &key)) {
        Some(kept) => Ok(kept),
        None => cache.get_value_or_guard_async(&key).await,
    };
    let guard = match kept {
        Ok(kept) => {
            let token = if kept.parts.len() > 1 {
                AppSession(&req.get_session()).csrf_token()
            } else {
                String::new()
            };
            let mut answer = HttpResponseBuilder::new(kept.status);
            for (name, value) in &kept.headers {
                answer.insert_header((name.clone(), value.clone()));
            }
            let response = answer.body(joined(&kept.parts, token.as_bytes()));
            return Ok(req.into_response(response).map_into_boxed_body());
        }
        Err(guard) => guard,
    };
    let res = next.call(req).await?;
    if res.status() != StatusCode::OK || res.headers().contains_key(header::SET_COOKIE) {
        // Not kept: the next request draws the page itself.
        drop(guard);
        return Ok(res.map_into_boxed_body());
    }
    let (http_req, res) = res.into_parts();
    let (head, body) = res.into_parts();
    let bytes = actix_web::body::to_bytes(body)
        .await
        .map_err(|e| actix_web::error::ErrorInternalServerError(e.into().to_string()))?;
    let token = AppSession(&http_req.get_session()).existing_csrf_token();
    let kept = Kept {
        status: head.status(),
        headers: head
            .headers()
            .iter()
            .map(|(k, v)| (k.clone(), v.clone()))
            .collect(),
        parts: cut(&bytes, token.as_deref()),
    };
    let _ = guard.insert(Arc::new(kept));
    // The same page of an earlier second or version is not read again:
    // free it now rather than when the cache is full.
    let (lang, path, stamp, at) = key;
    let page = (lang, path);
    if let Some(before) = pages.latest.get(&page)
        && (before.stamp, before.second) != (stamp, at)
    {
        cache.remove(&(page.0, page.1.clone(), before.stamp, before.second));
    }
    pages.latest.insert(
        page,
        Latest {
            stamp,
            second: at,
            drawn: Instant::now(),
        },
    );
    let response: HttpResponse<BoxBody> = head.set_body(BoxBody::new(bytes));
    Ok(ServiceResponse::new(http_req, response))
}

/// Whole seconds of the server's clock (monotonic, from its first use).
fn second() -> u64 {
    static START: std::sync::OnceLock<Instant> = std::sync::OnceLock::new();
    START.get_or_init(Instant::now).elapsed().as_secs() / FRESH_FOR.as_secs().max(1)
}

type Plan = (
    web::Data<PageCache>,
    web::Data<AppState>,
    Scope,
    (Lang, String),
);

/// Whether this request may be served from the cache, and how.
fn plan(req: &ServiceRequest) -> Option<Plan> {
    if req.method() != Method::GET || req.headers().contains_key(header::AUTHORIZATION) {
        return None;
    }
    let cache = req.app_data::<web::Data<PageCache>>()?.clone();
    let pattern = cache.listed_pattern(req)?;
    let session = req.get_session();
    if session
        .entries()
        .keys()
        .any(|k| !NEUTRAL_SESSION_KEYS.contains(&k.as_str()))
    {
        return None;
    }
    let scope = scope_of(&pattern, req.path())?;
    let state = req.app_data::<web::Data<AppState>>()?.clone();
    let lang = crate::web::infra::ctx::request_lang(req.request());
    // The JSON API answers in the language the client accepts: the
    // header is part of the key (pages ignore it).
    let accepted = req
        .headers()
        .get(header::ACCEPT_LANGUAGE)
        .and_then(|v| v.to_str().ok())
        .unwrap_or_default();
    let path = req
        .uri()
        .path_and_query()
        .map_or_else(|| req.path().to_owned(), |p| p.as_str().to_owned());
    let path = format!("{path}\n{accepted}");
    Some((cache, state, scope, (lang, path)))
}

/// A championship's page when its pattern names the championship, one of
/// the platform's lists, else a page of the platform; `None` for an id that is not a number.
fn scope_of(pattern: &str, path: &str) -> Option<Scope> {
    if LISTS.contains(&pattern) {
        return Some(Scope::Listing);
    }
    let Some(at) = pattern
        .split('/')
        .position(|segment| segment == "{championship_id}")
    else {
        return Some(Scope::Site);
    };
    let id = path.split('/').nth(at)?.parse().ok()?;
    Some(Scope::Championship(ChampionshipId(id)))
}

/// The versions now. On PostgreSQL, from the clock: a read of the
/// totals shared with the requests that came meanwhile, and the
/// championship's own version when it is not known under the totals'
/// epoch. SQLite answers in microseconds: with a connection free it is
/// read on the worker itself, sparing two thread switches per page;
/// otherwise on the blocking pool.
async fn read_stamp(
    state: &AppState,
    clock: Option<&ContentClock>,
    scope: Scope,
) -> Result<Option<Stamp>, db::DbError> {
    if let Some(clock) = clock {
        let Some(now) = clock.now().await else {
            return Ok(None);
        };
        let (all, site, listed) = now.totals;
        return match scope {
            Scope::Site => Ok(Some(Stamp::Site(all, site))),
            Scope::Listing => Ok(Some(Stamp::Listing(listed))),
            Scope::Championship(c) => {
                let own = match clock.known(c) {
                    Some(own) => own,
                    None => {
                        let (pool, outage) = (state.pool.clone(), state.outage.clone());
                        let own = web::block(move || {
                            let mut conn = outage.get(&pool)?;
                            Ok::<_, db::DbError>(
                                db::championships::content_version(&mut conn, c)
                                    .ok()
                                    .flatten(),
                            )
                        })
                        .await
                        .ok()
                        .transpose()?
                        .flatten();
                        let Some(own) = own else { return Ok(None) };
                        clock.learn(c, own);
                        own
                    }
                };
                Ok(Some(Stamp::Championship(own, site)))
            }
        };
    }
    fn read(conn: &mut DbConnection, scope: Scope) -> Option<Stamp> {
        match scope {
            Scope::Championship(c) => db::championships::content_stamp(conn, c)
                .ok()
                .flatten()
                .map(|(own, site)| Stamp::Championship(own, site)),
            Scope::Site => db::championships::site_stamp(conn)
                .ok()
                .map(|(all, site, _)| Stamp::Site(all, site)),
            Scope::Listing => db::championships::listing_version(conn)
                .ok()
                .map(Stamp::Listing),
        }
    }
    if state.backend == db::Backend::Sqlite
        && let Some(mut conn) = state.pool.try_get()
    {
        return Ok(read(&mut conn, scope));
    }
    let (pool, outage) = (state.pool.clone(), state.outage.clone());
    web::block(move || {
        let mut conn = outage.get(&pool)?;
        Ok(read(&mut conn, scope))
    })
    .await
    .unwrap_or(Ok(None))
}

/// The body cut at each occurrence of `token` (one part without one).
fn cut(body: &Bytes, token: Option<&str>) -> Vec<Bytes> {
    let (Some(token), Ok(text)) = (token.filter(|t| !t.is_empty()), std::str::from_utf8(body))
    else {
        return vec![body.clone()];
    };
    let mut parts = Vec::new();
    let mut from = 0;
    for (at, _) in text.match_indices(token) {
        parts.push(body.slice(from..at));
        from = at + token.len();
    }
    parts.push(body.slice(from..));
    parts
}

/// The parts joined with `token` between each two.
fn joined(parts: &[Bytes], token: &[u8]) -> Bytes {
    if let [only] = parts {
        return only.clone();
    }
    let len = parts.iter().map(Bytes::len).sum::<usize>() + token.len() * (parts.len() - 1);
    let mut out = BytesMut::with_capacity(len);
    for (i, part) in parts.iter().enumerate() {
        if i > 0 {
            out.extend_from_slice(token);
        }
        out.extend_from_slice(part);
    }
    out.freeze()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_page_cut_at_its_token_joins_back_with_another() {
        let page = Bytes::from_static(b"<form><input value=\"TOKEN\"></form><form>TOKEN</form>");
        let parts = cut(&page, Some("TOKEN"));
        assert_eq!(parts.len(), 3);
        assert_eq!(&joined(&parts, b"TOKEN")[..], &page[..]);
        assert_eq!(
            &joined(&parts, b"other")[..],
            b"<form><input value=\"other\"></form><form>other</form>"
        );
        assert_eq!(cut(&page, None), vec![page.clone()]);
        assert_eq!(cut(&page, Some("absent")), vec![page]);
    }

    #[test]
    fn a_page_of_a_championship_is_told_from_a_list_and_a_page_of_the_platform() {
        assert!(matches!(
            scope_of(paths::SEASON, "/championships/12/season"),
            Some(Scope::Championship(ChampionshipId(12)))
        ));
        assert!(matches!(
            scope_of(
                "/api/v1/championships/{championship_id}/tournaments",
                "/api/v1/championships/7/tournaments"
            ),
            Some(Scope::Championship(ChampionshipId(7)))
        ));
        assert!(matches!(scope_of(paths::HOME, "/"), Some(Scope::Listing)));
        assert!(matches!(
            scope_of(paths::HALL_OF_FAME, "/hall-of-fame"),
            Some(Scope::Listing)
        ));
        assert!(matches!(
            scope_of(paths::TEAM, "/teams/3"),
            Some(Scope::Site)
        ));
        assert!(scope_of(paths::SEASON, "/championships/x/season").is_none());
    }
}
