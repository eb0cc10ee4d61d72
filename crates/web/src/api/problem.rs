//! Errors of the JSON API as `application/problem+json` (RFC 9457).
//!
//! A handler or extractor returns an [`ApiError`]; its response carries
//! only the status (and `WWW-Authenticate` for 401) with the error in the
//! response's extensions. The app's error handler
//! (`web::error::render_error_pages`) then calls [`render`] for every bare
//! error response under `/api/`, including those no API code produced
//! (an unknown path, a wrong method, the CSRF refusal of a cookie request),
//! so that every error of the API has the same shape: `type`, `title`,
//! `status`, `detail` (in the reader's language) and `instance` (the path
//! asked for).

use actix_web::body::BoxBody;
use actix_web::http::{StatusCode, header};
use actix_web::{HttpRequest, HttpResponse, ResponseError};
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

use crate::i18n::{Message, MsgKey};
use crate::msg;

pub const CONTENT_TYPE: &str = "application/problem+json";

/// A problem detail (RFC 9457). `type` names the kind of problem: a
/// `urn:league:problem:…` name, or `about:blank` when the status says it
/// all. `title` and `detail` follow the reader's language (`?lang=` or
/// `Accept-Language`).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, ToSchema)]
pub struct Problem {
    /// The kind of problem (a URI).
    #[serde(rename = "type")]
    #[schema(example = "urn:league:problem:version-conflict")]
    pub kind: String,
    /// A short summary of the kind of problem.
    pub title: String,
    /// The HTTP status code.
    #[schema(example = 409)]
    pub status: u16,
    /// What went wrong this time, for a person to read.
    pub detail: String,
    /// The path of the request.
    #[schema(example = "/api/v1/championships/1/tournaments/2/games/3/result")]
    pub instance: String,
    /// 409 version conflict: the game's result now (home side first).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[schema(example = "1/2")]
    pub current_result: Option<String>,
    /// 409 version conflict: the game's version now; send it to overwrite.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[schema(example = 2)]
    pub current_version: Option<i32>,
}

/// Why an API request was refused.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum ApiError {
    #[error("not found")]
    NotFound,
    /// The request could not be read (malformed JSON, a bad query value).
    #[error("bad request: {0}")]
    BadRequest(String),
    /// No `Authorization: Bearer …` header.
    #[error("no bearer token")]
    TokenMissing,
    /// A token that the platform did not issue (or whose secret is wrong).
    #[error("invalid token")]
    TokenInvalid,
    #[error("revoked token")]
    TokenRevoked,
    /// The token belongs to another championship.
    #[error("token of another championship")]
    OtherChampionship,
    /// The token's owner is no longer a judge of the championship.
    #[error("the token's owner is not a judge")]
    NotJudge,
    /// The game changed since the version sent.
    #[error("version conflict")]
    VersionConflict { result: String, version: i32 },
    /// Results wait for the round's publication.
    #[error("round not published")]
    RoundNotPublished,
    /// The tournament is finished: its results are final.
    #[error("tournament finished")]
    TournamentFinished,
    /// A result code that is none of the stored ones.
    #[error("unknown result {0:?}")]
    UnknownResult(String),
    /// A well-formed body whose values do not fit (missing field, wrong type).
    #[error("unprocessable: {0}")]
    Unprocessable(String),
    /// The body is not `application/json`.
    #[error("the body must be application/json")]
    NotJson,
    /// `limit` outside 1..=max.
    #[error("limit must be between 1 and {max}")]
    LimitOutOfRange { max: u32 },
    /// `offset` above the schema's maximum.
    #[error("offset must be between 0 and {max}")]
    OffsetOutOfRange { max: u32 },
    /// The play layer refused the request, in its own terms.
    #[error("refused: {0:?}")]
    Refused(crate::app::rounds::RoundProblem),
    /// The PGN sent with a result does not fit the game.
    #[error("record refused: {0:?}")]
    Record(crate::app::games::GamesProblem),
    /// The storage refused the change (disk full, read-only, I/O error):
    /// nothing was stored; try again later.
    #[error("storage refused the change: {0}")]
    Storage(String),
    /// The database could not be reached (no connection in time, or the
    /// server dropped it): try again after `Retry-After`.
    #[error("database unavailable: {0}")]
    Unavailable(String),
    #[error("internal error: {0}")]
    Internal(String),
}

impl crate::state::NotFound for ApiError {
    fn not_found() -> Self {
        ApiError::NotFound
    }
}

impl From<crate::db::DbError> for ApiError {
    fn from(e: crate::db::DbError) -> Self {
        if e.unavailable() {
            ApiError::Unavailable(e.to_string())
        } else if e.storage_fault().is_some() {
            ApiError::Storage(e.to_string())
        } else {
            ApiError::Internal(e.to_string())
        }
    }
}

impl From<actix_web::error::BlockingError> for ApiError {
    fn from(e: actix_web::error::BlockingError) -> Self {
        ApiError::Internal(e.to_string())
    }
}

impl From<crate::db::QueryError> for ApiError {
    fn from(e: crate::db::QueryError) -> Self {
        if crate::db::connection_lost(&e) {
            ApiError::Unavailable(e.to_string())
        } else if crate::db::StorageFault::of(&e).is_some() {
            ApiError::Storage(e.to_string())
        } else {
            ApiError::Internal(e.to_string())
        }
    }
}

impl ResponseError for ApiError {
    fn status_code(&self) -> StatusCode {
        match self {
            ApiError::NotFound => StatusCode::NOT_FOUND,
            ApiError::BadRequest(_) => StatusCode::BAD_REQUEST,
            ApiError::TokenMissing | ApiError::TokenInvalid | ApiError::TokenRevoked => {
                StatusCode::UNAUTHORIZED
            }
            ApiError::OtherChampionship | ApiError::NotJudge => StatusCode::FORBIDDEN,
            ApiError::VersionConflict { .. }
            | ApiError::RoundNotPublished
            | ApiError::TournamentFinished => StatusCode::CONFLICT,
            ApiError::NotJson
            | ApiError::LimitOutOfRange { .. }
            | ApiError::OffsetOutOfRange { .. } => StatusCode::BAD_REQUEST,
            ApiError::Refused(_) | ApiError::Record(_) => StatusCode::UNPROCESSABLE_ENTITY,
            ApiError::UnknownResult(_) | ApiError::Unprocessable(_) => {
                StatusCode::UNPROCESSABLE_ENTITY
            }
            ApiError::Storage(_) | ApiError::Unavailable(_) => StatusCode::SERVICE_UNAVAILABLE,
            ApiError::Internal(_) => StatusCode::INTERNAL_SERVER_ERROR,
        }
    }

    fn error_response(&self) -> HttpResponse<BoxBody> {
        match self {
            ApiError::Internal(e) => tracing::error!(error = %e, "API request failed"),
            ApiError::Storage(e) => tracing::error!(error = %e, "storage refused a change"),
            ApiError::Unavailable(e) => tracing::warn!(error = %e, "database unavailable"),
            _ => {}
        }
        let mut res = HttpResponse::build(self.status_code());
        // RFC 6750 §3: a refused token names the scheme, and says why.
        match self {
            ApiError::TokenMissing => {
                res.insert_header((header::WWW_AUTHENTICATE, "Bearer realm=\"league\""));
            }
            ApiError::TokenInvalid | ApiError::TokenRevoked => {
                res.insert_header((
                    header::WWW_AUTHENTICATE,
                    "Bearer realm=\"league\", error=\"invalid_token\"",
                ));
            }
            ApiError::Storage(_) | ApiError::Unavailable(_) => {
                res.insert_header((header::RETRY_AFTER, crate::state::RETRY_AFTER_SECONDS));
            }
            _ => {}
        }
        let mut res = res.finish();
        res.extensions_mut().insert(self.clone());
        res
    }
}

const BLANK: &str = "about:blank";

/// What the problem document says of an error, worded for each reader:
/// the reason the audit log gives for a refused use of a token.
pub(super) fn detail_of(e: &ApiError) -> Message {
    describe(e).2
}

/// The `type`, title key and detail of an error.
fn describe(e: &ApiError) -> (&'static str, MsgKey, Message) {
    match e {
        ApiError::NotFound => (BLANK, msg!("api-title-404"), msg!("api-detail-404").into()),
        ApiError::BadRequest(reason) => (
            BLANK,
            msg!("api-title-400"),
            Message::new(msg!("api-detail-bad-request")).arg("reason", reason),
        ),
        ApiError::TokenMissing => (
            "urn:league:problem:token-missing",
            msg!("api-title-token-missing"),
            msg!("api-detail-token-missing").into(),
        ),
        ApiError::TokenInvalid => (
            "urn:league:problem:token-invalid",
            msg!("api-title-token-invalid"),
            msg!("api-detail-token-invalid").into(),
        ),
        ApiError::TokenRevoked => (
            "urn:league:problem:token-revoked",
            msg!("api-title-token-revoked"),
            msg!("api-detail-token-revoked").into(),
        ),
        ApiError::OtherChampionship => (
            "urn:league:problem:other-championship",
            msg!("api-title-other-championship"),
            msg!("api-detail-other-championship").into(),
        ),
        ApiError::NotJudge => (
            "urn:league:problem:not-a-judge",
            msg!("api-title-not-a-judge"),
            msg!("api-detail-not-a-judge").into(),
        ),
        ApiError::VersionConflict { result, version } => (
            "urn:league:problem:version-conflict",
            msg!("api-title-version-conflict"),
            Message::new(msg!("api-detail-version-conflict"))
                .arg("result", result)
                .arg("version", version),
        ),
        ApiError::RoundNotPublished => (
            "urn:league:problem:round-not-published",
            msg!("api-title-round-not-published"),
            msg!("api-detail-round-not-published").into(),
        ),
        ApiError::TournamentFinished => (
            "urn:league:problem:tournament-finished",
            msg!("api-title-tournament-finished"),
            msg!("api-detail-tournament-finished").into(),
        ),
        ApiError::UnknownResult(code) => (
            "urn:league:problem:unknown-result",
            msg!("api-title-unknown-result"),
            Message::new(msg!("api-detail-unknown-result")).arg("result", code),
        ),
        ApiError::Unprocessable(reason) => (
            BLANK,
            msg!("api-title-422"),
            Message::new(msg!("api-detail-unprocessable")).arg("reason", reason),
        ),
        ApiError::Storage(_) => (
            "urn:league:problem:storage",
            msg!("error-storage-title"),
            msg!("error-storage-detail").into(),
        ),
        ApiError::Unavailable(_) => (BLANK, msg!("api-title-503"), msg!("api-detail-503").into()),
        ApiError::Internal(_) => (BLANK, msg!("api-title-500"), msg!("api-detail-500").into()),
        ApiError::NotJson => (
            BLANK,
            msg!("api-title-400"),
            msg!("api-detail-not-json").into(),
        ),
        ApiError::LimitOutOfRange { max } => (
            BLANK,
            msg!("api-title-400"),
            Message::new(msg!("api-detail-limit")).arg("max", max),
        ),
        ApiError::OffsetOutOfRange { max } => (
            BLANK,
            msg!("api-title-400"),
            Message::new(msg!("api-detail-offset")).arg("max", max),
        ),
        // Worded by `render` in the reader's language.
        ApiError::Refused(_) | ApiError::Record(_) => (
            BLANK,
            msg!("api-title-422"),
            Message::new(msg!("api-title-422")),
        ),
    }
}

/// A problem for an error response no API code described: by its status.
fn by_status(status: StatusCode) -> (&'static str, MsgKey, Message) {
    match status.as_u16() {
        400 => (BLANK, msg!("api-title-400"), msg!("api-detail-400").into()),
        403 => (BLANK, msg!("api-title-403"), msg!("api-detail-403").into()),
        404 => (BLANK, msg!("api-title-404"), msg!("api-detail-404").into()),
        405 => (BLANK, msg!("api-title-405"), msg!("api-detail-405").into()),
        413 => (BLANK, msg!("api-title-413"), msg!("api-detail-413").into()),
        503 => (BLANK, msg!("api-title-503"), msg!("api-detail-503").into()),
        s if s >= 500 => (BLANK, msg!("api-title-500"), msg!("api-detail-500").into()),
        _ => (BLANK, msg!("api-title-400"), msg!("api-detail-400").into()),
    }
}

/// The `ErrorHandlers` handler of the API's scope: every error response
/// without a body of its own (actix's 404 and 405 included) becomes a
/// problem document in the request's language.
pub fn render_errors<B>(
    res: actix_web::dev::ServiceResponse<B>,
) -> actix_web::Result<actix_web::middleware::ErrorHandlerResponse<B>> {
    use actix_web::middleware::ErrorHandlerResponse;
    if res.headers().contains_key(header::CONTENT_TYPE) {
        return Ok(ErrorHandlerResponse::Response(res.map_into_left_body()));
    }
    let (req, res) = res.into_parts();
    let problem = render(&req, &res);
    Ok(ErrorHandlerResponse::Response(
        actix_web::dev::ServiceResponse::new(req, problem).map_into_right_body(),
    ))
}

/// The problem+json body of an error response under `/api/`.
pub fn render<B>(req: &HttpRequest, res: &HttpResponse<B>) -> HttpResponse {
    let status = res.status();
    let lang = super::request_lang(req);
    let error = res.extensions().get::<ApiError>().cloned();
    let (kind, title, detail) = match &error {
        Some(e) => describe(e),
        None => by_status(status),
    };
    let (current_result, current_version) = match error.clone() {
        Some(ApiError::VersionConflict { result, version }) => (Some(result), Some(version)),
        _ => (None, None),
    };
    let detail = match &error {
        Some(ApiError::Refused(p)) => crate::words::rounds::round_problem_words(lang, p),
        Some(ApiError::Record(p)) => crate::words::games::problem_words(lang, p),
        _ => detail.render(lang),
    };
    let problem = Problem {
        kind: kind.to_owned(),
        title: lang.msg(title),
        status: status.as_u16(),
        detail,
        instance: req.path().to_owned(),
        current_result,
        current_version,
    };
    let mut out = HttpResponse::build(status);
    for (name, value) in res.headers() {
        if name != header::CONTENT_TYPE && name != header::CONTENT_LENGTH {
            out.insert_header((name.clone(), value.clone()));
        }
    }
    let body = serde_json::to_vec(&problem).unwrap_or_default();
    out.content_type(CONTENT_TYPE).body(body)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::db::{DatabaseErrorKind, QueryError as Error};

    fn db_error(kind: DatabaseErrorKind, message: &str) -> Error {
        Error::DatabaseError(kind, Box::new(message.to_owned()))
    }

    #[test]
    fn a_storage_fault_is_a_503_problem_not_a_500() {
        for e in [
            db_error(DatabaseErrorKind::Unknown, "database or disk is full"),
            db_error(DatabaseErrorKind::ReadOnlyTransaction, "read-only"),
            db_error(
                DatabaseErrorKind::Unknown,
                "attempt to write a readonly database",
            ),
        ] {
            let api = ApiError::from(e);
            assert!(matches!(api, ApiError::Storage(_)), "{api:?}");
            assert_eq!(api.status_code(), StatusCode::SERVICE_UNAVAILABLE);
            assert_eq!(describe(&api).0, "urn:league:problem:storage");
        }
        let other = ApiError::from(db_error(DatabaseErrorKind::UniqueViolation, "duplicate"));
        assert_eq!(other.status_code(), StatusCode::INTERNAL_SERVER_ERROR);
    }
}
