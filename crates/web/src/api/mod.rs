//! The JSON API, `/api/v1`, for other software:
//! public read endpoints (championships, tournaments, standings with
//! tie-break values and explanations, rounds with board results, teams)
//! and one write endpoint for game servers, authorized by a
//! championship's API token (`Authorization: Bearer lgt_…`; organizers
//! make and revoke tokens on `/championships/{id}/api-tokens`).
//!
//! The OpenAPI 3.1 document at `/api/v1/openapi.json` is generated from
//! the handlers' `#[utoipa::path]` attributes and the `ToSchema` types
//! below them ([`ApiDoc`]). Errors are `application/problem+json`
//! ([`problem`]). Texts follow `?lang=`, else `Accept-Language`, else
//! Russian; cookies play no part.
//!
//! Layers: the handlers call the application layer's loaders and use cases
//! (`app`) and build their answers from the read models (`read`) that the
//! pages and downloads use too; nothing here imports `web`.

pub mod problem;
pub mod read;
pub mod token;
pub mod write;

use std::sync::OnceLock;

use actix_web::error::{JsonPayloadError, PathError, QueryPayloadError};
use actix_web::{HttpRequest, HttpResponse, web};
use utoipa::openapi::security::{Http, HttpAuthScheme, SecurityScheme};
use utoipa::{Modify, OpenApi};

use crate::i18n::Lang;
use crate::routing::{Method, RouteTable};
use problem::ApiError;

/// The API's paths, relative to [`paths::SCOPE`].
pub mod paths {
    pub const SCOPE: &str = "/api/v1";
    pub const OPENAPI: &str = "/openapi.json";
    pub const CHAMPIONSHIPS: &str = "/championships";
    pub const CHAMPIONSHIP: &str = "/championships/{championship_id}";
    pub const TOURNAMENTS: &str = "/championships/{championship_id}/tournaments";
    pub const TOURNAMENT: &str = "/championships/{championship_id}/tournaments/{tournament_id}";
    pub const STANDINGS: &str =
        "/championships/{championship_id}/tournaments/{tournament_id}/standings";
    pub const ROUNDS: &str = "/championships/{championship_id}/tournaments/{tournament_id}/rounds";
    pub const ROUND: &str =
        "/championships/{championship_id}/tournaments/{tournament_id}/rounds/{round_no}";
    pub const GAME_RESULT: &str =
        "/championships/{championship_id}/tournaments/{tournament_id}/games/{game_id}/result";
    pub const TEAM: &str = "/teams/{team_id}";

    /// The reads that answer every caller without a token alike, which the
    /// server may answer from its page cache (`web::infra::page_cache`).
    pub const PUBLIC_READS: [&str; 8] = [
        CHAMPIONSHIPS,
        CHAMPIONSHIP,
        TOURNAMENTS,
        TOURNAMENT,
        STANDINGS,
        ROUNDS,
        ROUND,
        TEAM,
    ];
}

/// An API route's path, checked to nest (`app::nesting`) before the
/// handler runs.
pub type NestedPath<P> = crate::state::Nested<P, ApiError>;

/// Database work from an API handler, with the API's error type.
pub trait ApiDb {
    fn db<T, F>(&self, f: F) -> impl Future<Output = Result<T, ApiError>>
    where
        F: FnOnce(&mut crate::db::DbConnection) -> Result<T, ApiError> + Send + 'static,
        T: Send + 'static;
}

impl ApiDb for crate::state::AppState {
    fn db<T, F>(&self, f: F) -> impl Future<Output = Result<T, ApiError>>
    where
        F: FnOnce(&mut crate::db::DbConnection) -> Result<T, ApiError> + Send + 'static,
        T: Send + 'static,
    {
        self.run(f)
    }
}

/// The language of the API's texts: `?lang=`, else `Accept-Language`,
/// else Russian (the platform's default). The session is not read.
pub fn request_lang(req: &HttpRequest) -> Lang {
    web::Query::<read::LangQuery>::from_query(req.query_string())
        .ok()
        .and_then(|q| q.lang.as_deref().and_then(Lang::parse))
        .or_else(|| {
            req.headers()
                .get(actix_web::http::header::ACCEPT_LANGUAGE)
                .and_then(|v| v.to_str().ok())
                .and_then(Lang::from_accept_language)
        })
        .unwrap_or_default()
}

/// The routes of `/api/v1`, mounted beside the pages' route table by
/// `startup`, with their own error handling: every error, extractor errors
/// included, is a problem document.
pub fn routes(cfg: &mut web::ServiceConfig) {
    let json = web::JsonConfig::default()
        .limit(16 * 1024)
        .error_handler(|e, _| json_error(e).into());
    let query = web::QueryConfig::default().error_handler(|e, _| query_error(e).into());
    let path = web::PathConfig::default().error_handler(|e, _| path_error(e).into());
    cfg.service(
        web::scope(paths::SCOPE)
            .wrap(
                actix_web::middleware::ErrorHandlers::new().default_handler(problem::render_errors),
            )
            .default_service(web::to(|| async {
                Err::<HttpResponse, _>(ApiError::NotFound)
            }))
            .app_data(json)
            .app_data(query)
            .app_data(path)
            .configure(|cfg| declare(&mut RouteTable::mount(cfg))),
    );
}

/// Every (method, path) of the API below [`paths::SCOPE`], as [`routes`]
/// mounts them.
pub fn route_table() -> Vec<(Method, &'static str)> {
    let mut t = RouteTable::listing();
    declare(&mut t);
    t.listed()
}

/// The API's single route table.
fn declare(t: &mut RouteTable) {
    use paths::*;
    t.at(OPENAPI, |r| r.get(openapi_json));
    t.at(CHAMPIONSHIPS, |r| r.get(read::championships));
    t.at(CHAMPIONSHIP, |r| r.get(read::championship));
    t.at(TOURNAMENTS, |r| r.get(read::tournaments));
    t.at(TOURNAMENT, |r| r.get(read::tournament));
    t.at(STANDINGS, |r| r.get(read::standings));
    t.at(ROUNDS, |r| r.get(read::rounds));
    t.at(ROUND, |r| r.get(read::round));
    t.at(GAME_RESULT, |r| r.post(write::record_result));
    t.at(TEAM, |r| r.get(read::team));
}

/// Malformed JSON is a bad request (400); well-formed JSON that does not
/// fit the request's type (a missing field, a string for a number) is
/// unprocessable (422).
fn json_error(e: JsonPayloadError) -> ApiError {
    match &e {
        JsonPayloadError::Deserialize(de) if de.is_data() => {
            ApiError::Unprocessable(de.to_string())
        }
        JsonPayloadError::ContentType => ApiError::NotJson,
        _ => ApiError::BadRequest(e.to_string()),
    }
}

fn query_error(e: QueryPayloadError) -> ApiError {
    ApiError::BadRequest(e.to_string())
}

/// A path segment that is not a number names nothing.
fn path_error(_: PathError) -> ApiError {
    ApiError::NotFound
}

/// Declares the bearer scheme the write endpoint names.
struct BearerAuth;

impl Modify for BearerAuth {
    fn modify(&self, openapi: &mut utoipa::openapi::OpenApi) {
        let components = openapi.components.get_or_insert_with(Default::default);
        let mut http = Http::new(HttpAuthScheme::Bearer);
        http.description = Some(
            "A championship's API token, `lgt_<id>_<secret>`, made by an organizer \
             on the championship's API tokens page."
                .to_owned(),
        );
        components.add_security_scheme("bearer", SecurityScheme::Http(http));
    }
}

/// The OpenAPI document of `/api/v1`, generated from the handlers.
#[derive(OpenApi)]
#[openapi(
    info(
        title = "League JSON API",
        version = "1.0.0",
        description = "Team chess championships: read championships, tournaments, standings \
                       (tie-breaks by TRF-2026 code, why each row is ahead of the next), rounds \
                       and teams; enter game results with a championship's API token. Errors \
                       are application/problem+json (RFC 9457). Lists are paged with `limit` \
                       (1–100, default 50) and `offset`."
    ),
    paths(
        openapi_json,
        read::championships,
        read::championship,
        read::tournaments,
        read::tournament,
        read::standings,
        read::rounds,
        read::round,
        read::team,
        write::record_result,
    ),
    components(schemas(problem::Problem)),
    modifiers(&BearerAuth),
    tags(
        (name = "read", description = "Public: no token needed"),
        (name = "write", description = "Game servers, with a championship's API token"),
        (name = "meta", description = "This document"),
    )
)]
pub struct ApiDoc;

/// The document, built once.
pub fn document() -> &'static str {
    static DOC: OnceLock<String> = OnceLock::new();
    DOC.get_or_init(|| ApiDoc::openapi().to_pretty_json().unwrap_or_default())
}

/// This document: the OpenAPI 3.1 description of `/api/v1`.
#[utoipa::path(
    get,
    path = "/api/v1/openapi.json",
    tag = "meta",
    responses(
        (status = 200, description = "The OpenAPI document", body = Object, content_type = "application/json"),
    )
)]
pub async fn openapi_json() -> HttpResponse {
    HttpResponse::Ok()
        .content_type("application/json")
        .body(document())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_pages_link_the_document_where_it_is_served() {
        assert_eq!(
            crate::paths::API_DOCUMENT,
            format!("{}{}", paths::SCOPE, paths::OPENAPI)
        );
    }

    #[test]
    fn the_document_describes_every_route_the_api_mounts_and_no_other() {
        // Against the route table the server mounts (`declare`), not a list
        // kept beside it.
        let json: serde_json::Value = serde_json::from_str(document()).expect("json");
        let documented: std::collections::BTreeSet<(String, String)> = json["paths"]
            .as_object()
            .expect("paths")
            .iter()
            .flat_map(|(path, item)| {
                let ops = item.as_object().expect("path item");
                ops.keys()
                    .filter(|m| ["get", "post", "put", "patch", "delete"].contains(&m.as_str()))
                    .map(|m| (m.to_uppercase(), path.clone()))
                    .collect::<Vec<_>>()
            })
            .collect();
        let mounted: std::collections::BTreeSet<(String, String)> = route_table()
            .into_iter()
            .map(|(m, p)| (m.as_str().to_owned(), format!("{}{p}", paths::SCOPE)))
            .collect();
        assert_eq!(documented, mounted);
        assert!(mounted.contains(&(
            "POST".to_owned(),
            format!("{}{}", paths::SCOPE, paths::GAME_RESULT)
        )));
    }

    #[test]
    fn the_write_endpoint_names_the_bearer_scheme() {
        let json: serde_json::Value = serde_json::from_str(document()).expect("json");
        assert_eq!(json["openapi"], "3.1.0");
        assert_eq!(
            json["components"]["securitySchemes"]["bearer"]["scheme"],
            "bearer"
        );
        let post = &json["paths"]["/api/v1/championships/{championship_id}/tournaments/{tournament_id}/games/{game_id}/result"]
            ["post"];
        assert_eq!(post["security"][0]["bearer"], serde_json::json!([]));
        for status in ["400", "401", "403", "404", "409", "422", "500"] {
            assert!(
                post["responses"][status]["content"]["application/problem+json"].is_object(),
                "{status}"
            );
        }
    }
}
