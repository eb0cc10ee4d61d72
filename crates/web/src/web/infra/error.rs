//! One error type at the web edge (house rule 7). A handler returns
//! `Result<_, AppError>`; the status and a short message key travel in the
//! response's extensions, and [`render_error_pages`] turns every bare error
//! response (including actix's own 404/405) into a page in the visitor's
//! language.

use actix_web::body::BoxBody;
use actix_web::dev::ServiceResponse;
use actix_web::http::{StatusCode, header};
use actix_web::middleware::ErrorHandlerResponse;
use actix_web::{HttpResponse, ResponseError};
use askama::Template;

use crate::db::DbError;
use crate::i18n::{Message, MsgKey};
use crate::msg;
use crate::web::infra::ctx::PageCtx;

#[derive(Debug, thiserror::Error)]
pub enum AppError {
    #[error("not found")]
    NotFound,
    #[error("forbidden")]
    Forbidden,
    /// The page needs a signed-in person; `next` is where to return.
    #[error("login required")]
    LoginRequired { next: String },
    #[error("missing or invalid CSRF token")]
    Csrf,
    #[error("bad request: {0:?}")]
    BadRequest(MsgKey),
    #[error("request body too large")]
    TooLarge,
    /// Typed text the edge refused (control characters, too long), by
    /// field, for a form that does not show them beside its fields.
    #[error("refused text in {}", .0.iter().map(|(f, _)| f.as_str()).collect::<Vec<_>>().join(", "))]
    Text(Vec<(String, Message)>),
    #[error(transparent)]
    Db(#[from] DbError),
    /// The database could not be reached where no [`DbError`] is at hand
    /// (a signed-in session that could not be read, see
    /// `session_store::refuse_without_database`).
    #[error("the database is unavailable")]
    Unavailable,
    #[error("internal error: {0}")]
    Internal(String),
}

impl crate::state::NotFound for AppError {
    fn not_found() -> Self {
        AppError::NotFound
    }
}

impl From<crate::db::QueryError> for AppError {
    fn from(e: crate::db::QueryError) -> Self {
        AppError::Db(DbError::Query(e))
    }
}

impl From<actix_web::error::BlockingError> for AppError {
    fn from(e: actix_web::error::BlockingError) -> Self {
        AppError::Internal(e.to_string())
    }
}

/// What a use case of `app` refuses without a problem the page words
/// (`NotFound`, `Forbidden`, the database); a page that can be refused
/// for reasons of its own matches `Refused` before this applies.
impl<P: std::fmt::Debug> From<crate::app::PlayError<P>> for AppError {
    fn from(e: crate::app::PlayError<P>) -> Self {
        use crate::app::PlayError;
        match e {
            PlayError::NotFound => AppError::NotFound,
            PlayError::Forbidden => AppError::Forbidden,
            PlayError::Db(e) => e.into(),
            PlayError::Refused(problems) => {
                AppError::Internal(format!("unworded refusal: {problems:?}"))
            }
        }
    }
}

impl From<askama::Error> for AppError {
    fn from(e: askama::Error) -> Self {
        AppError::Internal(format!("template: {e}"))
    }
}

/// What the error page says, carried from the handler to the renderer: the
/// explanation and, when the status's usual title does not fit, a title.
#[derive(Clone)]
struct ErrorDetail {
    detail: MsgKey,
    title: Option<MsgKey>,
    /// Problems by field, listed under the explanation.
    fields: Vec<(String, Message)>,
}

impl ResponseError for AppError {
    fn status_code(&self) -> StatusCode {
        match self {
            AppError::NotFound => StatusCode::NOT_FOUND,
            AppError::Forbidden | AppError::Csrf => StatusCode::FORBIDDEN,
            AppError::LoginRequired { .. } => StatusCode::SEE_OTHER,
            AppError::BadRequest(_) => StatusCode::BAD_REQUEST,
            AppError::TooLarge => StatusCode::PAYLOAD_TOO_LARGE,
            AppError::Text(_) => StatusCode::UNPROCESSABLE_ENTITY,
            AppError::Unavailable => StatusCode::SERVICE_UNAVAILABLE,
            AppError::Db(e) if e.unavailable() => StatusCode::SERVICE_UNAVAILABLE,
            AppError::Db(e) if e.storage_fault().is_some() => StatusCode::SERVICE_UNAVAILABLE,
            AppError::Db(_) | AppError::Internal(_) => StatusCode::INTERNAL_SERVER_ERROR,
        }
    }

    fn error_response(&self) -> HttpResponse<BoxBody> {
        let mut title = None;
        let mut fields = Vec::new();
        let detail = match self {
            AppError::LoginRequired { next } => {
                let to = format!(
                    "{}?{}",
                    crate::paths::LOGIN,
                    serde_urlencoded::to_string([("next", next)]).unwrap_or_default()
                );
                return HttpResponse::SeeOther()
                    .insert_header((header::LOCATION, to))
                    .finish();
            }
            AppError::NotFound => msg!("error-404-detail"),
            AppError::Forbidden => msg!("error-403-detail"),
            AppError::Csrf => msg!("error-csrf-detail"),
            AppError::BadRequest(key) => *key,
            AppError::TooLarge => msg!("error-413-detail"),
            AppError::Text(problems) => {
                fields = problems.clone();
                title = Some(msg!("error-text-title"));
                msg!("error-text-detail")
            }
            AppError::Unavailable => msg!("error-503-detail"),
            AppError::Db(e) if e.unavailable() => {
                tracing::warn!(error = %self, "database unavailable");
                msg!("error-503-detail")
            }
            AppError::Db(e) if e.storage_fault().is_some() => {
                // The storage refused the change (disk full, read-only, I/O
                // error): the transaction rolled back, the server goes on.
                let fault = e.storage_fault();
                tracing::error!(?fault, error = %self, "storage refused a change");
                title = Some(msg!("error-storage-title"));
                msg!("error-storage-detail")
            }
            AppError::Db(_) | AppError::Internal(_) => {
                tracing::error!(error = %self, "request failed");
                msg!("error-500-detail")
            }
        };
        let mut res = HttpResponse::build(self.status_code());
        if self.status_code() == StatusCode::SERVICE_UNAVAILABLE {
            res.insert_header((header::RETRY_AFTER, crate::state::RETRY_AFTER_SECONDS));
        }
        let mut res = res.finish();
        res.extensions_mut().insert(ErrorDetail {
            detail,
            title,
            fields,
        });
        res
    }
}

#[derive(Template)]
#[template(path = "error.html")]
struct ErrorPage {
    ctx: PageCtx,
    status: u16,
    title: String,
    detail: Message,
    /// (field, problem) lines under the explanation.
    fields: Vec<(String, String)>,
}

/// A form field's name as its form labels it ("notes" → «Пояснения»), for
/// the page that lists the problems of a form which cannot show them
/// beside its fields; a field no form labels (a request no page sends)
/// reads as "another field".
fn field_label(ctx: &PageCtx, name: &str) -> String {
    ctx.lang
        .t_if_any(&format!("field-{}", name.replace('_', "-")))
        .unwrap_or_else(|| ctx.lang.msg(msg!("field-other")))
}

/// A form body that cannot be read — too long, a field given twice, a
/// value of the wrong kind — answered as a page in the visitor's language
/// (413 or 400) rather than actix's plain English text.
pub fn form_error(e: &actix_web::error::UrlencodedError) -> AppError {
    match e {
        actix_web::error::UrlencodedError::Overflow { .. } => AppError::TooLarge,
        _ => AppError::BadRequest(msg!("error-form-unreadable")),
    }
}

/// The `ErrorHandlers` default handler: any 4xx/5xx response that is not
/// already a page (a form re-rendered with 422, say) or JSON becomes the
/// error page in the visitor's language. (The JSON API's scope answers
/// its errors as problem documents itself, so they arrive here with a body.)
/// The nearest path above the request's that the route table knows, if
/// any (the home page at the latest).
fn page_above(req: &actix_web::HttpRequest) -> Option<String> {
    let map = req.resource_map();
    let mut path = req.path().trim_end_matches('/').to_owned();
    while let Some(cut) = path.rfind('/') {
        path.truncate(cut);
        let candidate = if path.is_empty() { "/" } else { path.as_str() };
        if map.has_resource(candidate) {
            return Some(candidate.to_owned());
        }
    }
    None
}

pub fn render_error_pages<B>(
    res: ServiceResponse<B>,
) -> actix_web::Result<ErrorHandlerResponse<B>> {
    let has_body_type = res.headers().contains_key(header::CONTENT_TYPE);
    if has_body_type {
        return Ok(ErrorHandlerResponse::Response(res.map_into_left_body()));
    }
    let status = res.status();
    let carried = res.response().extensions().get::<ErrorDetail>().cloned();
    let detail = carried
        .as_ref()
        .map(|d| d.detail)
        .unwrap_or(match status.as_u16() {
            404 => msg!("error-404-detail"),
            403 => msg!("error-403-detail"),
            405 => msg!("error-405-detail"),
            413 => msg!("error-413-detail"),
            s if s >= 500 => msg!("error-500-detail"),
            _ => msg!("error-400-detail"),
        });
    let (req, res) = res.into_parts();
    // A form's address opened as a page (the address bar after a refused
    // form, a bookmark): the page the form lives on, the nearest address
    // above it that is a resource.
    if status == StatusCode::METHOD_NOT_ALLOWED
        && matches!(
            *req.method(),
            actix_web::http::Method::GET | actix_web::http::Method::HEAD
        )
        && !req.path().starts_with("/api/")
        && let Some(up) = page_above(&req)
    {
        let new = HttpResponse::SeeOther()
            .insert_header((header::LOCATION, up))
            .finish();
        return Ok(ErrorHandlerResponse::Response(
            ServiceResponse::new(req, new).map_into_right_body(),
        ));
    }
    let ctx = PageCtx::for_error(&req);
    let fields = carried
        .as_ref()
        .map(|d| {
            d.fields
                .iter()
                .map(|(f, m)| (field_label(&ctx, f), ctx.render(m)))
                .collect()
        })
        .unwrap_or_default();
    let title = match (carried.and_then(|d| d.title), status.as_u16()) {
        (Some(key), _) => ctx.t(key.0),
        (None, 403) => ctx.t("error-403-title"),
        (None, 404) => ctx.t("error-404-title"),
        (None, s) if s >= 500 => ctx.t("error-500-title"),
        (None, _) => ctx.t("error-400-title"),
    };
    let page = ErrorPage {
        ctx,
        status: status.as_u16(),
        title,
        detail: Message::new(detail),
        fields,
    };
    let mut builder = HttpResponse::build(status);
    for (name, value) in res.headers() {
        builder.insert_header((name.clone(), value.clone()));
    }
    let body = page.render().unwrap_or_else(|_| status.to_string());
    let new = builder.content_type("text/html; charset=utf-8").body(body);
    Ok(ErrorHandlerResponse::Response(
        ServiceResponse::new(req, new).map_into_right_body(),
    ))
}
