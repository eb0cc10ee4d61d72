//! What every request handler shares, pages and JSON API alike: the
//! connection pool, the settings and the backend. Each edge brings its own
//! error type; [`AppState::run`] works with any that can say "the database
//! failed" and "the blocking pool failed", and each edge names its own in a
//! small trait (`web::infra::PageDb`, `api::ApiDb`).

use actix_web::HttpRequest;
use actix_web::error::BlockingError;

use crate::config::Settings;
use crate::db::{Backend, DbConnection, DbError, Outage, Pool};

/// Shared by all workers; cheap to clone.
pub struct AppState {
    pub pool: Pool,
    pub settings: Settings,
    pub backend: Backend,
    /// The pool's check-outs remember an outage (see [`Outage`]).
    pub outage: std::sync::Arc<Outage>,
    /// Seals game servers' tokens at rest (a key drawn from the
    /// installation's secret).
    pub sealer: crate::app::game_servers::Sealer,
}

impl AppState {
    /// Runs database work on the blocking thread pool with a pooled
    /// connection (diesel is synchronous).
    pub async fn run<T, E, F>(&self, f: F) -> Result<T, E>
    where
        F: FnOnce(&mut DbConnection) -> Result<T, E> + Send + 'static,
        T: Send + 'static,
        E: From<DbError> + From<BlockingError> + Send + 'static,
    {
        let pool = self.pool.clone();
        let outage = self.outage.clone();
        actix_web::web::block(move || {
            let mut conn = outage.get(&pool)?;
            f(&mut conn)
        })
        .await?
    }

    /// The client's address for throttling and the audit log. Forwarded
    /// headers are believed only when configured (they are trivial to forge).
    pub fn client_ip(&self, req: &HttpRequest) -> String {
        if self.settings.trust_proxy
            && let Some(ip) = req.connection_info().realip_remote_addr()
        {
            return ip.to_owned();
        }
        req.peer_addr()
            .map_or_else(|| "unknown".to_owned(), |a| a.ip().to_string())
    }
}

/// A path extractor that answers "not found" before the handler runs when
/// the path's ids do not nest (`app::nesting`): a tournament of another
/// championship, a game of another tournament. `E` is the edge's error
/// type, so pages get their error page and the API a problem document.
///
/// Public routes take it. A route behind an access guard (`Staff`,
/// `SignedIn`, an API token) keeps `web::Path` and checks the nesting in
/// its use case after the guard: actix runs a handler's extractors side by
/// side, and "not allowed" must answer before "not found" there.
pub struct Nested<P, E> {
    path: P,
    error: std::marker::PhantomData<fn() -> E>,
}

/// An edge's error type for a path that names nothing.
pub trait NotFound {
    fn not_found() -> Self;
}

impl<P, E> Nested<P, E> {
    pub fn into_inner(self) -> P {
        self.path
    }
}

impl<P, E> std::ops::Deref for Nested<P, E> {
    type Target = P;

    fn deref(&self) -> &P {
        &self.path
    }
}

impl<P, E> actix_web::FromRequest for Nested<P, E>
where
    P: crate::app::nesting::Nesting + serde::de::DeserializeOwned + Send + 'static,
    E: NotFound + From<DbError> + From<BlockingError> + actix_web::ResponseError + Send + 'static,
{
    type Error = actix_web::Error;
    type Future = futures_util::future::LocalBoxFuture<'static, Result<Self, Self::Error>>;

    fn from_request(req: &HttpRequest, payload: &mut actix_web::dev::Payload) -> Self::Future {
        // `web::Path` keeps the scope's own answer to a segment that does
        // not parse.
        let path = actix_web::web::Path::<P>::from_request(req, payload);
        let state = req.app_data::<actix_web::web::Data<AppState>>().cloned();
        Box::pin(async move {
            let path = path.await?.into_inner();
            let Some(state) = state else {
                return Err(E::not_found().into());
            };
            let (path, nests) = state
                .run(move |conn| {
                    let nests = path.nests(conn).map_err(DbError::Query)?;
                    Ok::<_, E>((path, nests))
                })
                .await?;
            if nests {
                Ok(Nested {
                    path,
                    error: std::marker::PhantomData,
                })
            } else {
                Err(E::not_found().into())
            }
        })
    }
}

/// Seconds a client is asked to wait (`Retry-After`) before it tries again
/// after a 503: the database away, or the storage refusing writes.
pub const RETRY_AFTER_SECONDS: u32 = 5;
