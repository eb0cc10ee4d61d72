//! Post-redirect-get for a refused form in a browser: the page that
//! answers a refused POST (422, or 409 when someone changed the thing
//! first) is kept in the signed-in person's server-side session and the
//! browser is sent to the page the form came from, which shows it once.
//! The address bar never holds a POST address, and reloading shows the
//! page afresh instead of sending the form again. Only top-level browser
//! navigations (`Sec-Fetch-Mode: navigate`) are redirected; other clients
//! get the refusal itself, as before. Visitors (whose state rides in the
//! cookie, too small for a page) get it directly too.

use actix_session::SessionExt;
use actix_web::body::{EitherBody, MessageBody, to_bytes};
use actix_web::dev::{ServiceRequest, ServiceResponse};
use actix_web::http::{Method, StatusCode, header};
use actix_web::middleware::Next;
use actix_web::{HttpResponse, web::Bytes};
use serde::{Deserialize, Serialize};

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
    req.headers()
        .get("sec-fetch-mode")
        .is_some_and(|v| v.as_bytes() == b"navigate")
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
