//! What every request handler shares, pages and JSON API alike: the
//! connection pool, the settings and the backend. Each edge brings its own
//! error type; [`AppState::run`] works with any that can say "the database
//! failed" and "the blocking pool failed", and each edge names its own in a
//! small trait (`web::infra::PageDb`, `api::ApiDb`).

use actix_web::HttpRequest;
use actix_web::error::BlockingError;

use crate::config::Settings;
use crate::db::{Backend, DbConnection, DbError, Pool};

/// Shared by all workers; cheap to clone.
pub struct AppState {
    pub pool: Pool,
    pub settings: Settings,
    pub backend: Backend,
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
        actix_web::web::block(move || {
            let mut conn = pool.get().map_err(DbError::Pool)?;
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
