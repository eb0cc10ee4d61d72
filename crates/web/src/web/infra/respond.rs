//! How a handler answers: a page, the 303 after a POST, a local `next`,
//! and the route for GET and HEAD.

use actix_web::http::StatusCode;
use actix_web::{HttpResponse, web};
use askama::Template;

use crate::web::infra::error::AppError;

/// A route for GET and HEAD (RFC 9110 §9.3.2: a server that answers GET
/// answers HEAD; actix sends the head of the GET answer without its body).
pub fn get() -> actix_web::Route {
    use actix_web::guard;
    web::route().guard(guard::Any(guard::Get()).or(guard::Head()))
}

/// A rendered page with the given status (422 for a form with errors).
pub fn page(status: StatusCode, template: &impl Template) -> Result<HttpResponse, AppError> {
    Ok(HttpResponse::build(status)
        .content_type("text/html; charset=utf-8")
        // The language follows the browser's on a first visit.
        .insert_header((actix_web::http::header::VARY, "Accept-Language, Cookie"))
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
        Some(n) if is_local_path(n) => n,
        _ => crate::paths::HOME,
    }
}

/// An absolute path of this site and nothing else: it starts with one
/// `/`, and holds no backslash and no control character — browsers drop
/// tab and newline from a URL, so `/\t/evil.example` would become
/// `//evil.example`, another site; and a control character cannot go in a
/// `Location` header at all. Whitespace is refused too (a path the site
/// writes never has any).
fn is_local_path(n: &str) -> bool {
    let mut chars = n.chars();
    chars.next() == Some('/')
        && chars.next() != Some('/')
        && !n
            .chars()
            .any(|c| c == '\\' || c.is_control() || c.is_whitespace())
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
        // Tab, newline and other control characters, which browsers drop
        // or a header cannot carry.
        for bad in [
            "/\t/evil.example",
            "/\n/evil.example",
            "/a\u{1}b",
            "/\r\n",
            "/ /x",
        ] {
            assert_eq!(local_path(Some(bad)), "/", "{bad:?}");
        }
        assert_eq!(local_path(Some("/")), "/");
        assert_eq!(
            local_path(Some("/teams/1?tab=roster#x")),
            "/teams/1?tab=roster#x"
        );
    }
}
