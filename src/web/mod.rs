//! The web edge: the route table, one module per area, the page context,
//! sessions, CSRF, guards and the error type.

pub mod admin;
pub mod auth;
pub mod csrf;
pub mod ctx;
pub mod error;
pub mod forms;
pub mod guards;
pub mod pages;
pub mod session;

use actix_web::http::StatusCode;
use actix_web::{HttpRequest, HttpResponse, web};
use askama::Template;

use crate::config::Settings;
use crate::db::{Backend, DbConnection, Pool};
use error::AppError;

/// Shared by all workers; cheap to clone.
pub struct AppState {
    pub pool: Pool,
    pub settings: Settings,
    pub backend: Backend,
}

impl AppState {
    /// Runs database work on the blocking thread pool with a pooled
    /// connection (diesel is synchronous).
    pub async fn db<T, F>(&self, f: F) -> Result<T, AppError>
    where
        F: FnOnce(&mut DbConnection) -> Result<T, AppError> + Send + 'static,
        T: Send + 'static,
    {
        let pool = self.pool.clone();
        web::block(move || {
            let mut conn = pool.get().map_err(crate::db::DbError::Pool)?;
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

/// Every URL the app serves, named once, so that links and redirects
/// cannot drift from the route table.
pub mod paths {
    pub const HOME: &str = "/";
    pub const HEALTH: &str = "/health";
    pub const LANG: &str = "/lang";
    pub const SIGNUP: &str = "/signup";
    pub const LOGIN: &str = "/login";
    pub const LOGOUT: &str = "/logout";
    pub const ACCOUNT: &str = "/account";
    pub const PASSWORD: &str = "/account/password";
    pub const ADMIN: &str = "/admin";
    pub const ADMIN_PERSON_ADMIN: &str = "/admin/people/{id}/admin";

    pub fn admin_person_admin(id: crate::ids::PersonId) -> String {
        format!("/admin/people/{id}/admin")
    }
}

/// The single route table: reading it shows the whole URL surface. Each
/// path is one resource, so a wrong method gets 405, not 404.
pub fn routes(cfg: &mut web::ServiceConfig) {
    use paths::*;
    use web::{get, post, resource};
    cfg.service(resource(HOME).route(get().to(pages::home)))
        .service(resource(HEALTH).route(get().to(pages::health)))
        .service(resource(LANG).route(post().to(pages::switch_language)))
        .service(
            resource(SIGNUP)
                .route(get().to(auth::signup_page))
                .route(post().to(auth::signup)),
        )
        .service(
            resource(LOGIN)
                .route(get().to(auth::login_page))
                .route(post().to(auth::login)),
        )
        .service(resource(LOGOUT).route(post().to(auth::logout)))
        .service(resource(ACCOUNT).route(get().to(auth::account_page)))
        .service(
            resource(PASSWORD)
                .route(get().to(auth::password_page))
                .route(post().to(auth::change_password)),
        )
        .service(resource(ADMIN).route(get().to(admin::dashboard)))
        .service(resource(ADMIN_PERSON_ADMIN).route(post().to(admin::set_admin)));
}

/// A rendered page with the given status (422 for a form with errors).
pub fn page(status: StatusCode, template: &impl Template) -> Result<HttpResponse, AppError> {
    Ok(HttpResponse::build(status)
        .content_type("text/html; charset=utf-8")
        .body(template.render()?))
}

/// The 303 that ends every successful POST (house rule 6).
pub fn see_other(location: &str) -> HttpResponse {
    HttpResponse::SeeOther()
        .insert_header((actix_web::http::header::LOCATION, location.to_owned()))
        .finish()
}

/// A `next` parameter is followed only to a path on this site.
pub fn local_path(next: Option<&str>) -> &str {
    match next {
        Some(n) if n.starts_with('/') && !n.starts_with("//") && !n.contains('\\') => n,
        _ => paths::HOME,
    }
}

#[cfg(test)]
mod tests {
    use super::local_path;

    #[test]
    fn next_never_leaves_the_site() {
        assert_eq!(local_path(Some("/account")), "/account");
        assert_eq!(local_path(Some("//evil.example/")), "/");
        assert_eq!(local_path(Some("https://evil.example/")), "/");
        assert_eq!(local_path(Some("/\\evil.example")), "/");
        assert_eq!(local_path(None), "/");
    }
}
