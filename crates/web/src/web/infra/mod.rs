//! What every area shares: the page context, sessions, CSRF, guards, the error page, forms, uploads, the versioned cache, the embedded stylesheet and the SVG chart.

pub mod assets;
pub mod board;
pub mod bulk;
pub mod cache;
pub mod chart;
pub mod csrf;
pub mod ctx;
pub mod error;
pub mod forms;
pub mod guards;
pub mod page_cache;
pub mod prg;
pub mod respond;
pub mod session;
pub mod session_store;
pub mod upload;

use crate::db::DbConnection;
use crate::state::AppState;
use error::AppError;

/// A page's path, checked to nest (`app::nesting`) before the handler runs.
pub type NestedPath<P> = crate::state::Nested<P, AppError>;

/// Database work from a page handler, with the page's error type.
pub trait PageDb {
    fn db<T, F>(&self, f: F) -> impl Future<Output = Result<T, AppError>>
    where
        F: FnOnce(&mut DbConnection) -> Result<T, AppError> + Send + 'static,
        T: Send + 'static;
}

impl PageDb for AppState {
    fn db<T, F>(&self, f: F) -> impl Future<Output = Result<T, AppError>>
    where
        F: FnOnce(&mut DbConnection) -> Result<T, AppError> + Send + 'static,
        T: Send + 'static,
    {
        self.run(f)
    }
}

/// The application state and the session of a request, for extractors
/// that bundle what a kind of handler always needs.
pub async fn state_and_session(
    req: &actix_web::HttpRequest,
) -> Result<(actix_web::web::Data<AppState>, actix_session::Session), AppError> {
    use actix_web::FromRequest;
    let state = req
        .app_data::<actix_web::web::Data<AppState>>()
        .cloned()
        .ok_or_else(|| AppError::Internal("no app state".into()))?;
    let session = actix_session::Session::extract(req)
        .await
        .map_err(|e| AppError::Internal(e.to_string()))?;
    Ok((state, session))
}
