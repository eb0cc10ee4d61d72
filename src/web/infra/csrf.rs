//! CSRF protection for every state-changing request, in one middleware so
//! that no handler can forget it: a POST (PUT, PATCH, DELETE) must carry the
//! session's token in the `csrf_token` form field, the `X-CSRF-Token`
//! header, or (for multipart uploads) the `csrf_token` query parameter.
//! Otherwise it gets the 403 page and the handler never runs. The one
//! exception: the JSON API under `/api/`, which authenticates by bearer
//! token only and never reads the session cookie.
//!
//! The token is a random value kept in the encrypted session cookie
//! (synchronizer token pattern); pages put it into their forms.

use actix_session::SessionExt;
use actix_web::ResponseError;
use actix_web::body::{EitherBody, MessageBody};
use actix_web::dev::{ServiceRequest, ServiceResponse};
use actix_web::http::{Method, header};
use actix_web::middleware::Next;
use actix_web::web::Bytes;
use subtle::ConstantTimeEq;

use crate::web::infra::error::AppError;
use crate::web::infra::session::AppSession;

pub const FIELD: &str = "csrf_token";
pub const HEADER: &str = "x-csrf-token";

fn is_state_changing(method: &Method) -> bool {
    !matches!(*method, Method::GET | Method::HEAD | Method::OPTIONS)
}

/// The token from the header or the query string.
fn token_outside_body(req: &ServiceRequest) -> Option<String> {
    if let Some(v) = req.headers().get(HEADER).and_then(|v| v.to_str().ok()) {
        return Some(v.to_owned());
    }
    field_of(req.query_string().as_bytes())
}

fn field_of(urlencoded: &[u8]) -> Option<String> {
    serde_urlencoded::from_bytes::<Vec<(String, String)>>(urlencoded)
        .ok()?
        .into_iter()
        .find(|(k, _)| k == FIELD)
        .map(|(_, v)| v)
}

/// A request of the JSON API.
fn is_api(req: &ServiceRequest) -> bool {
    req.path().starts_with("/api/")
}

pub fn tokens_match(expected: Option<&str>, provided: Option<&str>) -> bool {
    match (expected, provided) {
        (Some(e), Some(p)) if !e.is_empty() => e.as_bytes().ct_eq(p.as_bytes()).into(),
        _ => false,
    }
}

pub async fn protect(
    mut req: ServiceRequest,
    next: Next<impl MessageBody>,
) -> Result<ServiceResponse<EitherBody<impl MessageBody>>, actix_web::Error> {
    // The JSON API authenticates by bearer token and never by the session
    // cookie (api::token::TokenCaller reads no session; no /api/ handler
    // takes one), so a forged cross-site request carries nothing it
    // accepts: a write without a token gets the API's own 401.
    if !is_state_changing(req.method()) || is_api(&req) {
        return next
            .call(req)
            .await
            .map(ServiceResponse::map_into_left_body);
    }
    let expected = AppSession(&req.get_session()).existing_csrf_token();
    let mut provided = token_outside_body(&req);
    let is_form = req
        .headers()
        .get(header::CONTENT_TYPE)
        .and_then(|v| v.to_str().ok())
        .is_some_and(|ct| ct.starts_with("application/x-www-form-urlencoded"));
    if provided.is_none() && is_form {
        // Read the form, find the field, and hand the same bytes on to the
        // handler's own extractor.
        let body = req.extract::<Bytes>().await?;
        provided = field_of(&body);
        req.set_payload(actix_web::dev::Payload::from(body));
    }
    if tokens_match(expected.as_deref(), provided.as_deref()) {
        next.call(req)
            .await
            .map(ServiceResponse::map_into_left_body)
    } else {
        tracing::warn!(
            path = req.path(),
            "refused a request without a valid CSRF token"
        );
        let res = AppError::Csrf.error_response();
        Ok(req.into_response(res).map_into_right_body())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn only_an_equal_non_empty_token_passes() {
        assert!(tokens_match(Some("abc"), Some("abc")));
        assert!(!tokens_match(Some("abc"), Some("abd")));
        assert!(!tokens_match(Some("abc"), Some("ab")));
        assert!(!tokens_match(Some("abc"), None));
        assert!(!tokens_match(None, Some("abc")));
        assert!(!tokens_match(None, None));
        assert!(!tokens_match(Some(""), Some("")));
    }

    #[test]
    fn the_field_is_found_among_others() {
        assert_eq!(
            field_of(b"nick=a&csrf_token=t%2Bk&x=1").as_deref(),
            Some("t+k")
        );
        assert_eq!(field_of(b"nick=a"), None);
        assert_eq!(field_of(b"%%%"), None);
    }
}
