//! The home page, the health check and the language switch.

use actix_session::Session;
use actix_web::http::StatusCode;
use actix_web::{HttpResponse, web};
use askama::Template;
use serde::Deserialize;

use crate::db;
use crate::i18n::Lang;
use crate::state::AppState;
use crate::web::infra::PageDb;
use crate::web::infra::ctx::{CurrentUser, PageCtx};
use crate::web::infra::error::AppError;
use crate::web::infra::forms::{Form, TextRules};
use crate::web::infra::respond::local_path;
use crate::web::infra::respond::page;
use crate::web::infra::respond::see_other;
use crate::web::infra::session::AppSession;

#[derive(Template)]
#[template(path = "home.html")]
pub struct HomePage {
    ctx: PageCtx,
    /// (url, name) of the championships, newest first.
    championships: Vec<(String, String)>,
    /// What waits for the signed-in person.
    groups: Vec<crate::web::account::todo::Group>,
}

pub async fn home(ctx: PageCtx, state: web::Data<AppState>) -> Result<HttpResponse, AppError> {
    let championships = state
        .db(|conn| Ok(db::championships::list(conn)?))
        .await?
        .into_iter()
        .map(|c| (crate::paths::championship(c.id), c.name))
        .collect();
    let groups = crate::web::account::todo::groups_of(&ctx);
    page(
        StatusCode::OK,
        &HomePage {
            ctx,
            championships,
            groups,
        },
    )
}

#[derive(serde::Serialize)]
struct Health {
    status: &'static str,
    backend: &'static str,
    schema_version: Option<String>,
}

#[derive(Debug, serde::Deserialize)]
pub struct ShortPath {
    pub slug: String,
    #[serde(default)]
    pub tail: String,
}

/// `GET /c/{slug}[/…]`: a championship's short address, by the slug given
/// at its creation, leads to its pages (`/c/g-2030/season` to the season
/// page); the query string is kept.
pub async fn short(
    req: actix_web::HttpRequest,
    state: web::Data<AppState>,
    path: web::Path<ShortPath>,
) -> Result<HttpResponse, crate::web::infra::error::AppError> {
    let ShortPath { slug, tail } = path.into_inner();
    let found = state
        .db(move |conn| Ok(db::championships::by_slug(conn, &slug)?))
        .await?
        .ok_or(crate::web::infra::error::AppError::NotFound)?;
    let mut to = crate::paths::championship(found.id);
    // Only a path of the platform's own shape follows the slug.
    let tail = tail.trim_matches('/');
    let plain = tail
        .chars()
        .all(|c| c.is_ascii_alphanumeric() || matches!(c, '/' | '-' | '_'));
    if !plain || tail.split('/').any(str::is_empty) && !tail.is_empty() {
        return Err(crate::web::infra::error::AppError::NotFound);
    }
    if !tail.is_empty() {
        to.push('/');
        to.push_str(tail);
    }
    let query = req.query_string();
    if !query.is_empty() && !query.chars().any(char::is_control) {
        to.push('?');
        to.push_str(req.query_string());
    }
    Ok(HttpResponse::SeeOther()
        .insert_header((actix_web::http::header::LOCATION, to))
        .finish())
}

/// `GET /health`: 200 with the backend and schema version when the database
/// answers, 503 when it does not. For load balancers and the Docker
/// HEALTHCHECK.
pub async fn health(state: web::Data<AppState>) -> HttpResponse {
    let version = state.db(|conn| Ok(db::schema_version(conn)?)).await;
    let backend = state.backend.name();
    match version {
        Ok(v) => HttpResponse::Ok().json(Health {
            status: "ok",
            backend,
            schema_version: Some(v),
        }),
        Err(e) => {
            tracing::error!(error = %e, "health check failed");
            HttpResponse::ServiceUnavailable().json(Health {
                status: "unavailable",
                backend,
                schema_version: None,
            })
        }
    }
}

#[derive(Deserialize)]
pub struct LanguageForm {
    lang: String,
    next: Option<String>,
}

impl TextRules for LanguageForm {
    const LONG_LINES: &'static [(&'static str, usize)] = &[("next", 2_000)];
    const OWN_CHECK: &'static [&'static str] = &["next"];
}

/// `POST /lang`: remembers the language in the session and, for a signed-in
/// person, on their account (e-mails use it), then returns to the page.
pub async fn switch_language(
    req: actix_web::HttpRequest,
    state: web::Data<AppState>,
    session: Session,
    form: Form<LanguageForm>,
) -> Result<HttpResponse, AppError> {
    let form = form.into_inner()?;
    let lang =
        Lang::parse(&form.lang).ok_or(AppError::BadRequest(crate::msg!("error-400-detail")))?;
    AppSession(&session).set_lang(lang);
    if let Some(user) = CurrentUser::load(&req).await? {
        state
            .db(move |conn| Ok(crate::app::accounts::choose_language(conn, user.id, lang)?))
            .await?;
    }
    Ok(see_other(local_path(form.next.as_deref())))
}
