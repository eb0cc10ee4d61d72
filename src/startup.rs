//! Builds the application from its settings: database pool and migrations,
//! cookie key, middleware and the route table. Tests call [`Application::build`]
//! with port 0 to run the real server.

use std::net::TcpListener;

use actix_session::SessionMiddleware;
use actix_session::config::{CookieContentSecurity, PersistentSession};
use actix_web::cookie::{Key, SameSite, time::Duration as CookieDuration};
use actix_web::dev::Server;
use actix_web::http::header;
use actix_web::middleware::{DefaultHeaders, ErrorHandlers, from_fn};
use actix_web::{App, HttpServer, web};
use tracing_actix_web::{RootSpanBuilder, TracingLogger};

use crate::config::{ConfigError, Settings};
use crate::db;
use crate::mail::worker::{MailError, Worker};
use crate::state::AppState;
use crate::web::infra::session_store::DbSessionStore;
use crate::web::{infra::csrf, infra::error, routes};

pub struct Application {
    server: Server,
    port: u16,
    /// The outbox worker, when `mail.worker` is on.
    worker: Option<Worker>,
    /// The fair-play analysis worker, when `engine.worker` is on and an
    /// engine program is found.
    analyst: Option<crate::app::analysis::Analyst>,
    /// The game-server worker, when `game_servers.worker` is on.
    games: Option<crate::app::game_servers::worker::GameServerWorker>,
    /// The server's connection pool (tests count the statements a request
    /// makes on its connections).
    pool: db::Pool,
}

#[derive(Debug, thiserror::Error)]
pub enum StartError {
    #[error(transparent)]
    Config(#[from] ConfigError),
    #[error(transparent)]
    Database(#[from] db::DbError),
    #[error("cannot listen on {0}: {1}")]
    Bind(String, std::io::Error),
    #[error(transparent)]
    Mail(#[from] MailError),
}

/// Content Security Policy: only our own scripts, styles and images; no
/// framing; forms post only here.
const CSP: &str = "default-src 'self'; img-src 'self' data:; style-src 'self'; \
                   script-src 'self'; object-src 'none'; base-uri 'self'; \
                   form-action 'self'; frame-ancestors 'none'";

/// Headers on every answer (a handler's own value wins): no sniffing, no
/// framing, referrer kept on this site, the CSP above, no cross-origin
/// window or resource sharing, no powerful browser features, pages kept out
/// of shared caches (they may name the signed-in person) and, behind
/// https, HSTS for a year.
fn security_headers(https: bool) -> DefaultHeaders {
    let headers = DefaultHeaders::new()
        .add(("X-Content-Type-Options", "nosniff"))
        .add(("X-Frame-Options", "DENY"))
        .add(("Referrer-Policy", "same-origin"))
        .add(("Content-Security-Policy", CSP))
        .add(("Cross-Origin-Opener-Policy", "same-origin"))
        .add(("Cross-Origin-Resource-Policy", "same-origin"))
        .add((
            "Permissions-Policy",
            "camera=(), microphone=(), geolocation=(), payment=(), usb=()",
        ))
        .add((header::CACHE_CONTROL, "private, no-cache"));
    if https {
        headers.add((header::STRICT_TRANSPORT_SECURITY, "max-age=31536000"))
    } else {
        headers
    }
}

impl Application {
    pub async fn build(settings: Settings) -> Result<Application, StartError> {
        let url = settings.database_url()?;
        let backend = url.backend();
        let pool_size = settings.pool_size(&url);
        let cap = settings.sqlite_max_size_mb;
        let pool = web::block(move || db::connect_capped(&url, pool_size, cap))
            .await
            .map_err(|e| db::DbError::Migrate(e.to_string()))??;
        let master = settings.cookie_master_key()?;
        let key = Key::derive_from(&master);
        let sealer = crate::app::game_servers::Sealer::from_master(&master);
        let listener = TcpListener::bind(&settings.bind)
            .map_err(|e| StartError::Bind(settings.bind.clone(), e))?;
        let port = listener
            .local_addr()
            .map_err(|e| StartError::Bind(settings.bind.clone(), e))?
            .port();
        tracing::info!(
            backend = backend.name(),
            address = %listener.local_addr().map(|a| a.to_string()).unwrap_or_default(),
            "league is listening"
        );
        let worker = if settings.mail.worker {
            // The officials' daily digest rides on the worker's loop.
            let hour = settings.mail.digest_hour_utc;
            let digest: crate::mail::worker::Chore = std::sync::Arc::new(move |conn, now| {
                crate::app::digest::queue_due(conn, now, hour)
            });
            Some(Worker::start(pool.clone(), &settings, Some(digest))?)
        } else {
            None
        };
        let analyst = start_analyst(&pool, &settings.engine);
        let games = settings.game_servers.worker.then(|| {
            crate::app::game_servers::worker::GameServerWorker::start(
                pool.clone(),
                settings.game_servers.clone(),
                sealer.clone(),
            )
        });
        let kept = pool.clone();
        let server = run(
            listener,
            crate::web::Caches::new(
                settings.standings_cache_entries,
                settings.standings_cache_mb,
            ),
            AppState {
                pool,
                settings,
                backend,
                outage: Default::default(),
                sealer,
            },
            key,
        )
        .map_err(|e| StartError::Bind("listener".into(), e))?;
        Ok(Application {
            server,
            port,
            worker,
            analyst,
            games,
            pool: kept,
        })
    }

    pub fn port(&self) -> u16 {
        self.port
    }

    pub fn pool(&self) -> db::Pool {
        self.pool.clone()
    }

    /// Serves until the server stops (a signal), then stops the outbox
    /// worker after the message in hand.
    pub async fn run_until_stopped(self) -> std::io::Result<()> {
        let result = self.server.await;
        if let Some(worker) = self.worker {
            worker.stop().await;
        }
        if let Some(analyst) = self.analyst {
            analyst.stop();
        }
        if let Some(games) = self.games {
            games.stop().await;
        }
        result
    }

    /// The server alone; the worker, if any, runs on with the runtime.
    pub fn into_server(self) -> Server {
        self.server
    }

    /// The server and the worker, to stop them separately (tests restart
    /// an app on the same database).
    pub fn into_parts(self) -> (Server, Option<Worker>) {
        (self.server, self.worker)
    }
}

/// The analysis worker with the configured engine, if there is one.
fn start_analyst(
    pool: &crate::db::Pool,
    engine: &crate::config::EngineSettings,
) -> Option<crate::app::analysis::Analyst> {
    if !engine.worker {
        return None;
    }
    let Some(program) = crate::engine::find(engine.path.as_deref()) else {
        tracing::info!("no chess engine found: the fair-play analysis is off");
        return None;
    };
    let limits = engine.limits();
    tracing::info!(engine = %program.display(), depth = limits.depth, "fair-play analysis worker");
    Some(crate::app::analysis::Analyst::start(
        pool.clone(),
        std::time::Duration::from_millis(engine.poll_interval_ms.max(100)),
        move || crate::engine::Uci::start(&program, limits),
    ))
}

fn run(
    listener: TcpListener,
    caches: crate::web::Caches,
    state: AppState,
    key: Key,
) -> std::io::Result<Server> {
    let secure = state.settings.secure_cookies();
    let workers = state.settings.workers;
    // The cookie lives as long as a session may; the server ends it sooner
    // when it is idle or signed out.
    let max_days = state.settings.session_max_days.max(1);
    // Database work runs on each worker's blocking threads, one pooled
    // connection each: threads beyond the pool would only wait for a
    // connection (and each keeps its own allocator arena). Two more for
    // password hashing and file writes.
    let blocking = state.pool.max_size() as usize + 2;
    let pages = web::Data::new(crate::web::infra::page_cache::PageCache::new(
        state.settings.page_cache_mb * 1024 * 1024,
        std::time::Duration::from_millis(state.settings.page_cache_redraw_ms),
        crate::web::infra::page_cache::PAGES
            .iter()
            .map(|p| (*p).to_owned())
            .chain(
                crate::api::paths::PUBLIC_READS
                    .iter()
                    .map(|p| format!("{}{p}", crate::api::paths::SCOPE)),
            ),
        state
            .settings
            .database_url()
            .ok()
            .filter(|url| url.backend() == crate::db::Backend::Postgres),
    ));
    let state = web::Data::new(state);
    let mut server = HttpServer::new(move || {
        // Middleware runs bottom-up: the last `wrap` sees the request first.
        App::new()
            .app_data(state.clone())
            .app_data(pages.clone())
            .app_data(
                web::FormConfig::default()
                    .limit(64 * 1024)
                    .error_handler(|e, _| error::form_error(&e).into()),
            )
            .app_data(
                web::PathConfig::default().error_handler(|_, _| error::AppError::NotFound.into()),
            )
            .app_data(web::QueryConfig::default().error_handler(|_, _| {
                error::AppError::BadRequest(crate::msg!("error-400-detail")).into()
            }))
            .configure(|cfg| caches.register(cfg))
            .configure(routes)
            .configure(crate::api::routes)
            .configure(crate::web::infra::assets::routes)
            .default_service(web::to(|| async {
                Err::<String, _>(error::AppError::NotFound)
            }))
            .wrap(from_fn(crate::web::infra::page_cache::serve))
            .wrap(from_fn(csrf::protect))
            .wrap(from_fn(
                crate::web::infra::session_store::refuse_without_database,
            ))
            .wrap(ErrorHandlers::new().default_handler(error::render_error_pages))
            .wrap(from_fn(crate::web::infra::prg::keep_refused))
            .wrap(
                SessionMiddleware::builder(DbSessionStore::new(state.clone()), key.clone())
                    .cookie_name("league_session".into())
                    .cookie_http_only(true)
                    .cookie_same_site(SameSite::Lax)
                    .cookie_secure(secure)
                    .cookie_content_security(CookieContentSecurity::Private)
                    .session_lifecycle(
                        PersistentSession::default()
                            .session_ttl(CookieDuration::days(i64::from(max_days))),
                    )
                    .build(),
            )
            .wrap(security_headers(secure))
            .wrap(TracingLogger::<AnswerLog>::new())
    })
    // A streamed answer (a static file, a document, an export) goes out as
    // its head, then its body: with Nagle's algorithm the body waits for
    // the client's delayed ACK of the head, about 40 ms per response.
    .on_connect(|conn, _| {
        if let Some(tcp) = conn.downcast_ref::<actix_web::rt::net::TcpStream>() {
            let _ = tcp.set_nodelay(true);
        }
    })
    .worker_max_blocking_threads(blocking)
    .listen(listener)?;
    if let Some(n) = workers {
        server = server.workers(n.max(1));
    }
    Ok(server.run())
}

/// Each request's span, and one event for an answer that was not a
/// success, at the level its cause deserves: a server failure is an
/// ERROR; a refusal that may be an attack (401, 403, 429) a WARN; any
/// other client mistake (a page not found, a form to correct) INFO. A
/// redirect (to the sign-in page, say) is routine and logs nothing.
///
/// The span names the method and the target with the values of secret
/// query parameters replaced ([`loggable_target`]); it does not work out
/// the route's pattern (the router's regular expressions again, on every
/// request, for a field no one reads).
pub struct AnswerLog;

impl RootSpanBuilder for AnswerLog {
    fn on_request_start(request: &actix_web::dev::ServiceRequest) -> tracing::Span {
        tracing::info_span!(
            "HTTP request",
            http.method = %request.method(),
            http.target = %loggable_target(request.path(), request.query_string()),
            http.status_code = tracing::field::Empty,
        )
    }

    fn on_request_end<B: actix_web::body::MessageBody>(
        span: tracing::Span,
        outcome: &Result<actix_web::dev::ServiceResponse<B>, actix_web::Error>,
    ) {
        let status = match outcome {
            Ok(response) => response.status(),
            Err(error) => error.as_response_error().status_code(),
        };
        span.record("http.status_code", status.as_u16());
        let _in = span.enter();
        match status.as_u16() {
            500.. => tracing::error!(status = status.as_u16(), "answered with a server error"),
            401 | 403 | 429 => tracing::warn!(status = status.as_u16(), "refused"),
            400..=499 => tracing::info!(status = status.as_u16(), "answered with a client error"),
            _ => {}
        }
    }
}

/// Query parameters whose values are secrets: never written to a log.
const SECRET_PARAMETERS: &[&str] = &[
    "csrf_token",
    "token",
    "access_token",
    "code",
    "state",
    "password",
    "secret",
    "key",
];

/// Paths whose last segment is a secret (a mailed claim link): the
/// segment is never written to a log.
const SECRET_PATH_PREFIXES: &[&str] = &["/claim/"];

/// A request's path and query as a log may show them: the secret segment
/// of a path under [`SECRET_PATH_PREFIXES`], and the value of every
/// parameter named in [`SECRET_PARAMETERS`] (in any case, however it is
/// percent-encoded), are replaced by `[redacted]`.
pub fn loggable_target(path: &str, query: &str) -> String {
    let path = match SECRET_PATH_PREFIXES
        .iter()
        .find(|p| path.len() > p.len() && path.starts_with(**p))
    {
        Some(prefix) => format!("{prefix}[redacted]"),
        None => path.to_owned(),
    };
    if query.is_empty() {
        return path;
    }
    let parts: Vec<String> = query
        .split('&')
        .map(|pair| {
            let (name, value) = pair.split_once('=').unwrap_or((pair, ""));
            let decoded: String =
                serde_urlencoded::from_str::<Vec<(String, String)>>(&format!("{name}="))
                    .ok()
                    .and_then(|v| v.into_iter().next())
                    .map_or_else(|| name.to_owned(), |(k, _)| k);
            if !value.is_empty()
                && SECRET_PARAMETERS
                    .iter()
                    .any(|s| decoded.eq_ignore_ascii_case(s))
            {
                format!("{name}=[redacted]")
            } else {
                pair.to_owned()
            }
        })
        .collect();
    format!("{path}?{}", parts.join("&"))
}

#[cfg(test)]
mod tests {
    use super::loggable_target;

    #[test]
    fn secret_query_values_never_reach_the_log() {
        assert_eq!(loggable_target("/a", ""), "/a");
        assert_eq!(
            loggable_target("/docs/upload", "csrf_token=k%2Bq&lang=ru"),
            "/docs/upload?csrf_token=[redacted]&lang=ru"
        );
        // However the name is spelt or encoded.
        assert_eq!(
            loggable_target("/x", "CSRF_TOKEN=abc&csrf%5Ftoken=def&page=2"),
            "/x?CSRF_TOKEN=[redacted]&csrf%5Ftoken=[redacted]&page=2"
        );
        assert_eq!(
            loggable_target("/cb", "code=c1&state=s1&next=/home"),
            "/cb?code=[redacted]&state=[redacted]&next=/home"
        );
        assert!(!loggable_target("/x", "token=SECRET").contains("SECRET"));
        // A claim link's secret is its last path segment.
        assert_eq!(
            loggable_target("/claim/12_SECRETSECRET", "lang=en"),
            "/claim/[redacted]?lang=en"
        );
        assert_eq!(loggable_target("/claims", ""), "/claims");
    }
}
