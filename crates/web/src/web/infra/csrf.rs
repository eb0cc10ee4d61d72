//! CSRF protection for every state-changing request, in one middleware so
//! that no handler can forget it: a POST (PUT, PATCH, DELETE) must carry the
//! session's token in the `csrf_token` form field or the `X-CSRF-Token`
//! header. A multipart upload carries the field as its first part (the
//! forms put the hidden input first); the middleware reads that part alone
//! and hands the whole body on, so a file is never buffered here. A token
//! in the URL is not accepted: URLs reach logs, histories and referrers.
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

/// The token from the header.
fn token_outside_body(req: &ServiceRequest) -> Option<String> {
    req.headers()
        .get(HEADER)
        .and_then(|v| v.to_str().ok())
        .map(str::to_owned)
}

/// The most of a multipart body read to find its first part: the token's
/// part is a few hundred bytes.
const MULTIPART_HEAD_MAX: usize = 8 * 1024;

/// The boundary of a `multipart/form-data` content type.
fn multipart_boundary(content_type: &str) -> Option<String> {
    let (mime, params) = content_type.split_once(';')?;
    if !mime.trim().eq_ignore_ascii_case("multipart/form-data") {
        return None;
    }
    params.split(';').find_map(|p| {
        let (k, v) = p.trim().split_once('=')?;
        k.trim()
            .eq_ignore_ascii_case("boundary")
            .then(|| v.trim().trim_matches('"').to_owned())
            .filter(|b| !b.is_empty())
    })
}

/// What the first part of a multipart body says about the token: `None`
/// while the part is not whole yet; `Some(None)` when the first part is
/// not the token's field; `Some(Some(token))` when it is.
fn first_part_token(body: &[u8], boundary: &str) -> Option<Option<String>> {
    let delimiter = format!("--{boundary}");
    let find = |hay: &[u8], needle: &[u8], from: usize| -> Option<usize> {
        hay.get(from..)?
            .windows(needle.len())
            .position(|w| w == needle)
            .map(|i| i + from)
    };
    let start = find(body, delimiter.as_bytes(), 0)? + delimiter.len();
    let headers_end = find(body, b"\r\n\r\n", start)?;
    let value_start = headers_end + 4;
    let value_end = find(body, format!("\r\n{delimiter}").as_bytes(), value_start)?;
    let headers = String::from_utf8_lossy(&body[start..headers_end]).to_ascii_lowercase();
    let is_token = headers.lines().any(|h| {
        h.starts_with("content-disposition:")
            && h.split(';')
                .any(|p| p.trim() == format!("name=\"{FIELD}\""))
    });
    Some(
        is_token
            .then(|| String::from_utf8(body[value_start..value_end].to_vec()).ok())
            .flatten(),
    )
}

/// Reads a multipart body up to its first part and finds the token there;
/// the bytes read go back in front of the rest of the body.
async fn multipart_token(
    req: &mut ServiceRequest,
    boundary: &str,
) -> Result<Option<String>, actix_web::Error> {
    use actix_web::HttpMessage as _;
    use futures_util::StreamExt as _;
    let mut payload = req.take_payload();
    let mut head = actix_web::web::BytesMut::new();
    let mut token = None;
    loop {
        if let Some(found) = first_part_token(&head, boundary) {
            token = found;
            break;
        }
        if head.len() >= MULTIPART_HEAD_MAX {
            break;
        }
        match payload.next().await {
            Some(chunk) => {
                let chunk: Bytes = chunk?;
                head.extend_from_slice(&chunk);
            }
            None => {
                token = first_part_token(&head, boundary).flatten();
                break;
            }
        }
    }
    let head = head.freeze();
    let rest = futures_util::stream::once(async move { Ok(head) }).chain(payload);
    req.set_payload(actix_web::dev::Payload::Stream {
        payload: Box::pin(rest),
    });
    Ok(token)
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
    let content_type = req
        .headers()
        .get(header::CONTENT_TYPE)
        .and_then(|v| v.to_str().ok())
        .unwrap_or_default()
        .to_owned();
    let is_form = content_type.starts_with("application/x-www-form-urlencoded");
    if provided.is_none() && is_form {
        // Read the form, find the field, and hand the same bytes on to the
        // handler's own extractor.
        let body = req.extract::<Bytes>().await?;
        provided = field_of(&body);
        req.set_payload(actix_web::dev::Payload::from(body));
    } else if provided.is_none()
        && let Some(boundary) = multipart_boundary(&content_type)
    {
        provided = multipart_token(&mut req, &boundary).await?;
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

    #[test]
    fn a_multipart_body_s_first_part_carries_the_token() {
        assert_eq!(
            multipart_boundary("multipart/form-data; boundary=\"ab-1\"").as_deref(),
            Some("ab-1")
        );
        assert_eq!(multipart_boundary("text/plain; boundary=x"), None);
        let body = b"--b\r\nContent-Disposition: form-data; name=\"csrf_token\"\r\n\r\nt+k\r\n--b\r\nContent-Disposition: form-data; name=\"file\"; filename=\"a\"\r\n\r\nDATA\r\n--b--\r\n";
        assert_eq!(first_part_token(body, "b"), Some(Some("t+k".to_owned())));
        // Not whole yet: more bytes are needed.
        assert_eq!(first_part_token(&body[..40], "b"), None);
        // A first part of another name: no token, whatever follows.
        let other = b"--b\r\nContent-Disposition: form-data; name=\"kind\"\r\n\r\nx\r\n--b\r\nContent-Disposition: form-data; name=\"csrf_token\"\r\n\r\nt\r\n--b--";
        assert_eq!(first_part_token(other, "b"), Some(None));
    }
}
