//! Post-redirect-get for a refused form in a browser: the page that
//! answers a refused POST (422, or 409 when someone changed the thing
//! first) is kept in the signed-in person's server-side session and the
//! browser is sent to the page the form came from, which shows it once.
//! The address bar never holds a POST address, and reloading shows the
//! page afresh instead of sending the form again. Only top-level browser
//! navigations (`Sec-Fetch-Mode: navigate`) are redirected; other clients
//! get the refusal itself, as before.
//!
//! A visitor's state rides in the cookie, too small for a page: their
//! refused forms (sign-up, sign-in) keep only what was typed — never a
//! password — and the problems ([`keep_for_visitor`]); the form's page
//! takes them back ([`take_for_visitor`]) and is drawn again from them.

use actix_session::{Session, SessionExt};
use actix_web::body::{EitherBody, MessageBody, to_bytes};
use actix_web::dev::{ServiceRequest, ServiceResponse};
use actix_web::http::{Method, StatusCode, header};
use actix_web::middleware::Next;
use actix_web::{HttpRequest, HttpResponse, web::Bytes};
use serde::de::DeserializeOwned;
use serde::{Deserialize, Serialize};

use crate::i18n::Message;
use crate::web::infra::forms::FieldErrors;

use crate::web::infra::session::AppSession;

/// The session key of the kept page.
const KEPT: &str = "refused";

/// The longest page kept (larger ones are answered directly).
const KEPT_MAX: usize = 512 * 1024;

#[derive(Serialize, Deserialize)]
struct Kept {
    path: String,
    status: u16,
    html: String,
}

fn navigates(req: &ServiceRequest) -> bool {
    is_navigation(req.headers())
}

fn is_navigation(headers: &header::HeaderMap) -> bool {
    headers
        .get("sec-fetch-mode")
        .is_some_and(|v| v.as_bytes() == b"navigate")
}

/// The session key of a visitor's refused form.
const VISITOR_KEPT: &str = "refused-form";

/// A visitor's refused form as the cookie carries it: the page it goes
/// back to, the answer's status, what was typed and the problems.
#[derive(Serialize, Deserialize)]
pub struct Refused<F> {
    path: String,
    pub status: u16,
    pub form: F,
    pub errors: FieldErrors,
    pub error: Option<Message>,
}

/// Only the page of a kept form, for the middleware that forgets it.
#[derive(Deserialize)]
struct RefusedAt {
    path: String,
}

/// Keeps a visitor's refused `form` (its secrets already blanked) and
/// answers with the way back to `back`, the form's own page — for a
/// browser's navigation only; `None` tells the handler to answer with
/// the refusal itself.
pub fn keep_for_visitor<F: Serialize>(
    req: &HttpRequest,
    session: &Session,
    back: String,
    status: StatusCode,
    form: F,
    errors: FieldErrors,
    error: Option<Message>,
) -> Option<HttpResponse> {
    if !is_navigation(req.headers()) {
        return None;
    }
    let refused = Refused {
        path: back.clone(),
        status: status.as_u16(),
        form,
        errors,
        error,
    };
    session.insert(VISITOR_KEPT, refused).ok()?;
    Some(
        HttpResponse::SeeOther()
            .insert_header((header::LOCATION, back))
            .finish(),
    )
}

/// The visitor's refused form kept for this page, once.
pub fn take_for_visitor<F: DeserializeOwned>(
    req: &HttpRequest,
    session: &Session,
) -> Option<Refused<F>> {
    let here = match req.query_string() {
        "" => req.path().to_owned(),
        q => format!("{}?{q}", req.path()),
    };
    let kept = session.get::<Refused<F>>(VISITOR_KEPT).ok().flatten()?;
    session.remove(VISITOR_KEPT);
    (kept.path == here).then_some(kept)
}

/// The path of the page the form was on: the `Referer` when it is this
/// site's, else the request's own.
fn origin_page(req: &ServiceRequest) -> Option<String> {
    let referer = req.headers().get(header::REFERER)?.to_str().ok()?;
    let rest = referer
        .strip_prefix("https://")
        .or_else(|| referer.strip_prefix("http://"))?;
    let (host, path) = rest.split_at(rest.find('/').unwrap_or(rest.len()));
    let path = path.split('#').next().unwrap_or("");
    (host == req.connection_info().host() && path.starts_with('/') && !path.starts_with("//"))
        .then(|| path.to_owned())
}

pub async fn keep_refused(
    req: ServiceRequest,
    next: Next<impl MessageBody + 'static>,
) -> Result<ServiceResponse<EitherBody<impl MessageBody>>, actix_web::Error> {
    let session = req.get_session();
    let signed_in = AppSession(&session).person().is_some();
    let api = req.path().starts_with("/api/");
    // The kept page, shown once on the page it belongs to.
    if req.method() == Method::GET
        && signed_in
        && !api
        && let Ok(Some(kept)) = session.get::<Kept>(KEPT)
    {
        let here = match req.query_string() {
            "" => req.path().to_owned(),
            q => format!("{}?{q}", req.path()),
        };
        if kept.path == here {
            session.remove(KEPT);
            let status = StatusCode::from_u16(kept.status).unwrap_or(StatusCode::OK);
            let res = HttpResponse::build(status)
                .content_type("text/html; charset=utf-8")
                .body(kept.html);
            return Ok(req.into_response(res).map_into_right_body());
        }
        // Gone elsewhere: the refusal is not shown later out of context.
        if navigates(&req) {
            session.remove(KEPT);
        }
    }
    if req.method() == Method::GET
        && !signed_in
        && navigates(&req)
        && let Ok(Some(kept)) = session.get::<RefusedAt>(VISITOR_KEPT)
        && kept.path.split('?').next() != Some(req.path())
    {
        session.remove(VISITOR_KEPT);
    }
    let candidate = req.method() == Method::POST && signed_in && !api && navigates(&req);
    let back = if candidate { origin_page(&req) } else { None };
    let res = next.call(req).await?;
    let refused = matches!(
        res.status(),
        StatusCode::UNPROCESSABLE_ENTITY | StatusCode::CONFLICT
    );
    let html = res
        .headers()
        .get(header::CONTENT_TYPE)
        .and_then(|v| v.to_str().ok())
        .is_some_and(|v| v.starts_with("text/html"));
    let Some(back) = back.filter(|_| refused && html) else {
        return Ok(res.map_into_left_body());
    };
    let status = res.status().as_u16();
    let (req, res) = res.into_parts();
    let body: Bytes = match to_bytes(res.into_body()).await {
        Ok(b) => b,
        Err(_) => {
            let res = HttpResponse::InternalServerError().finish();
            return Ok(ServiceResponse::new(req, res).map_into_right_body());
        }
    };
    let kept = (body.len() <= KEPT_MAX)
        .then(|| String::from_utf8(body.to_vec()).ok())
        .flatten()
        .filter(|html| {
            req.get_session()
                .insert(
                    KEPT,
                    Kept {
                        path: back.clone(),
                        status,
                        html: html.clone(),
                    },
                )
                .is_ok()
        });
    let res = match kept {
        Some(_) => HttpResponse::SeeOther()
            .insert_header((header::LOCATION, back))
            .finish(),
        None => HttpResponse::build(StatusCode::from_u16(status).unwrap_or(StatusCode::OK))
            .content_type("text/html; charset=utf-8")
            .body(body),
    };
    Ok(ServiceResponse::new(req, res).map_into_right_body())
}
