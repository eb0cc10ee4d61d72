//! The stylesheet, compiled into the binary so that the server serves styled
//! pages from whatever directory it is started in.
//!
//! Pages link it by a URL that names its content (`/static/css/app-<hash>.css`),
//! so a browser may keep it for a year without asking again: a new build
//! with another stylesheet links another URL. The plain name
//! `/static/css/app.css` is also served, revalidated by ETag, for links made
//! before the build and for tools.

use std::sync::LazyLock;

use actix_web::http::header::{self, EntityTag, IfNoneMatch};
use actix_web::{HttpRequest, HttpResponse, web};
use sha2::{Digest, Sha256};

/// The stylesheet's bytes, as they were when the binary was built.
pub const STYLESHEET: &str = include_str!(concat!(
    env!("CARGO_MANIFEST_DIR"),
    "/../../static/css/app.css"
));

/// The plain path of the stylesheet.
pub const STYLESHEET_PLAIN: &str = "/static/css/app.css";

/// The first 16 hex digits of the SHA-256 of the stylesheet.
static HASH: LazyLock<String> = LazyLock::new(|| {
    let digest = Sha256::digest(STYLESHEET.as_bytes());
    digest.iter().take(8).map(|b| format!("{b:02x}")).collect()
});

static URL: LazyLock<String> = LazyLock::new(|| format!("/static/css/app-{}.css", *HASH));

/// The URL pages link the stylesheet by; it changes whenever its content does.
pub fn stylesheet_url() -> &'static str {
    URL.as_str()
}

/// The routes of the embedded assets.
pub fn routes(cfg: &mut web::ServiceConfig) {
    cfg.route(
        stylesheet_url(),
        crate::web::infra::respond::get().to(immutable),
    )
    .route(
        STYLESHEET_PLAIN,
        crate::web::infra::respond::get().to(revalidated),
    );
}

async fn immutable(req: HttpRequest) -> HttpResponse {
    stylesheet(&req, "public, max-age=31536000, immutable")
}

async fn revalidated(req: HttpRequest) -> HttpResponse {
    stylesheet(&req, "public, max-age=3600")
}

fn stylesheet(req: &HttpRequest, cache_control: &'static str) -> HttpResponse {
    let tag = EntityTag::new_strong(HASH.clone());
    let fresh = match req.headers().get(header::IF_NONE_MATCH) {
        None => false,
        Some(_) => match header::Header::parse(req) {
            Ok(IfNoneMatch::Any) => true,
            Ok(IfNoneMatch::Items(tags)) => tags.iter().any(|t| t.weak_eq(&tag)),
            Err(_) => false,
        },
    };
    let mut res = if fresh {
        HttpResponse::NotModified()
    } else {
        HttpResponse::Ok()
    };
    res.insert_header((header::ETAG, tag))
        .insert_header((header::CACHE_CONTROL, cache_control));
    if fresh {
        return res.finish();
    }
    res.content_type("text/css; charset=utf-8").body(STYLESHEET)
}
