//! The JSON API, /api/v1: the OpenAPI document
//! validates and every documented GET answers as documented (the test
//! walks the document with the ids of a played tournament); standings
//! explain each gap in the reader's language, as the page does; a game
//! server records a result with a championship's API token, and is
//! refused with problem+json when the token is revoked (401), of another
//! championship (403), its owner no judge (403), or the game changed
//! (409); a browser session never writes through the API.

use std::collections::{BTreeMap, HashSet};

use league::db;
use league::ids::ChampionshipId;
use reqwest::StatusCode;
use reqwest::header::{CONTENT_TYPE, HeaderMap};
use serde_json::{Value, json};

use crate::helpers::{TestApp, new_client};
use crate::play::{Club, four_entered, publish_last};
use crate::results_pages::draw_and_play_all;

const PROBLEM: &str = "application/problem+json";

// ------------------------------------------------------------------ JSON

async fn get_json(
    app: &TestApp,
    path: &str,
    headers: &[(&str, &str)],
) -> (StatusCode, HeaderMap, Value) {
    let mut req = new_client().get(app.url(path));
    for (k, v) in headers {
        req = req.header(*k, *v);
    }
    let res = req.send().await.expect("GET");
    let (status, headers) = (res.status(), res.headers().clone());
    let text = res.text().await.expect("body");
    let body = serde_json::from_str(&text).unwrap_or_else(|e| panic!("{path}: {e}: {text}"));
    (status, headers, body)
}

fn content_type(headers: &HeaderMap) -> &str {
    headers
        .get(CONTENT_TYPE)
        .and_then(|v| v.to_str().ok())
        .unwrap_or_default()
}

/// A `$ref` followed to what it names (local references only).
fn resolve<'a>(doc: &'a Value, v: &'a Value) -> &'a Value {
    match v.get("$ref").and_then(Value::as_str) {
        Some(r) => {
            let pointer = r
                .strip_prefix('#')
                .unwrap_or_else(|| panic!("not local: {r}"));
            let target = doc
                .pointer(pointer)
                .unwrap_or_else(|| panic!("unresolved $ref {r}"));
            resolve(doc, target)
        }
        None => v,
    }
}

/// Every `$ref` anywhere in the document.
fn refs(v: &Value, out: &mut Vec<String>) {
    match v {
        Value::Object(map) => {
            if let Some(Value::String(r)) = map.get("$ref") {
                out.push(r.clone());
            }
            map.values().for_each(|x| refs(x, out));
        }
        Value::Array(items) => items.iter().for_each(|x| refs(x, out)),
        _ => {}
    }
}

/// The name the document goes by in the validator's registry. Never
/// fetched: `jsonschema` is built without retrieval, and every `$ref` of
/// the document points into the document itself.
const DOCUMENT_URI: &str = "https://league.invalid/api/v1/openapi.json";

/// The document with every object it describes closed: an object schema
/// (with `properties` or `allOf`) gets `unevaluatedProperties: false`
/// (JSON Schema 2020-12 §11.3), so an answer with a property the document
/// does not name does not fit. The parts of an `allOf` (a flattened
/// struct) stay open, since each names only some of the object's
/// properties; a `$ref` part is put in place so that the schema it names
/// can stay closed where it stands alone. Other keywords are left as the
/// document has them.
fn closed(doc: &Value, v: &Value, part_of_all_of: bool) -> Value {
    match v {
        Value::Object(map) => {
            if part_of_all_of && map.contains_key("$ref") {
                return closed(doc, resolve(doc, v), true);
            }
            let mut out = serde_json::Map::new();
            for (k, x) in map {
                let x = match (k.as_str(), x) {
                    ("allOf", Value::Array(parts)) => {
                        Value::Array(parts.iter().map(|p| closed(doc, p, true)).collect())
                    }
                    _ => closed(doc, x, false),
                };
                out.insert(k.clone(), x);
            }
            let object = map.contains_key("properties") || map.contains_key("allOf");
            if object && !part_of_all_of && !map.contains_key("unevaluatedProperties") {
                out.insert("unevaluatedProperties".to_owned(), Value::Bool(false));
            }
            Value::Object(out)
        }
        Value::Array(items) => Value::Array(items.iter().map(|x| closed(doc, x, false)).collect()),
        other => other.clone(),
    }
}

/// A schema taken out of the document, its local references (`#/…`) made
/// absolute so that they name the document in the registry.
fn absolute_refs(v: &Value) -> Value {
    match v {
        Value::Object(map) => Value::Object(
            map.iter()
                .map(|(k, x)| match (k.as_str(), x) {
                    ("$ref", Value::String(r)) if r.starts_with('#') => {
                        (k.clone(), Value::String(format!("{DOCUMENT_URI}{r}")))
                    }
                    _ => (k.clone(), absolute_refs(x)),
                })
                .collect(),
        ),
        Value::Array(items) => Value::Array(items.iter().map(absolute_refs).collect()),
        other => other.clone(),
    }
}

/// The document, closed (see [`closed`]), as the one resource of a
/// JSON Schema 2020-12 registry: OpenAPI 3.1's Schema Objects are JSON
/// Schema 2020-12, and the document has no `$schema` of its own to say so.
fn schema_registry(doc: &Value) -> jsonschema::Registry<'static> {
    jsonschema::Registry::new()
        .draft(jsonschema::Draft::Draft202012)
        .add(DOCUMENT_URI, closed(doc, doc, false))
        .and_then(|r| r.prepare())
        .unwrap_or_else(|e| panic!("the document as a schema resource: {e}"))
}

/// The documented schema of a response status and media type.
fn response_schema<'a>(doc: &'a Value, op: &'a Value, status: &str, media: &str) -> &'a Value {
    let response = resolve(doc, &op["responses"][status]);
    let schema = &response["content"][media]["schema"];
    assert!(!schema.is_null(), "no {media} schema for {status}: {op}");
    schema
}

/// `body` fits `schema` (a schema of the document, whose references the
/// registry resolves), formats such as `date-time` asserted; every
/// mismatch is named with where in the body it is.
fn assert_fits(registry: &jsonschema::Registry, schema: &Value, body: &Value, what: &str) {
    let validator = jsonschema::options()
        .with_draft(jsonschema::Draft::Draft202012)
        .with_registry(registry)
        .should_validate_formats(true)
        .build(&absolute_refs(schema))
        .unwrap_or_else(|e| panic!("{what}: the documented schema does not compile: {e}"));
    let errors: Vec<String> = validator
        .iter_errors(body)
        .map(|e| format!("${}: {e}", e.instance_path()))
        .collect();
    assert!(errors.is_empty(), "{what}: {errors:#?}\n{body:#}");
}

// ----------------------------------------------------------------- setup

/// A four-team G round robin drawn and played through the pages.
async fn played() -> (Club, i64) {
    let club = Club::new("G").await;
    let (_, t) = four_entered(&club).await;
    let order = ["Ладья", "Конь", "Слон", "Ферзь"];
    let rank = |n: &str| order.iter().position(|x| *x == n).expect("known");
    draw_and_play_all(&club, &club.tournament_url(t), "5", &|h, a| {
        if matches!((h, a), ("Конь", "Слон") | ("Слон", "Конь")) {
            "1/2"
        } else if rank(h) < rank(a) {
            "1-0"
        } else {
            "0-1"
        }
    })
    .await;
    (club, t)
}

/// Four entries drawn and round 1 published, no result yet.
async fn round_one_published() -> (Club, i64) {
    let club = Club::new("G").await;
    let (_, t) = four_entered(&club).await;
    let url = club.tournament_url(t);
    let page = club
        .app
        .post_with(&club.root, &format!("{url}/draw"), &[("seed", "7")])
        .await;
    club.started(&url);
    assert_eq!(page.status, StatusCode::SEE_OTHER, "{}", page.text);
    publish_last(&club, &url).await;
    (club, t)
}

/// An organizer makes a token on the championship's page; the answer to
/// the POST shows it once, and no table of the database holds it.
pub(crate) async fn make_token(
    app: &TestApp,
    organizer: &reqwest::Client,
    c: i64,
    name: &str,
) -> String {
    let path = format!("/championships/{c}/api-tokens");
    let page = app.post_with(organizer, &path, &[("name", name)]).await;
    assert_eq!(page.status, StatusCode::OK, "{}", page.text);
    assert_eq!(
        page.headers["cache-control"], "no-store",
        "a page with a secret is not cached"
    );
    let token = page
        .select_text("#new-token")
        .expect("the new token, shown once");
    assert_eq!(
        app.columns_holding(&token),
        Vec::<(String, String)>::new(),
        "the token in clear in the database"
    );
    let again = app.get_with(organizer, &path).await;
    assert_eq!(again.select_text("#new-token"), None, "shown only once");
    assert!(again.texts("td.token-name").contains(&name.to_owned()));
    token
}

struct Game {
    id: i64,
    version: i64,
    url: String,
    home: String,
}

/// The first game of round 1, as the API lists it.
async fn first_game(app: &TestApp, c: i64, t: i64) -> Game {
    let (status, _, round) = get_json(
        app,
        &format!("/api/v1/championships/{c}/tournaments/{t}/rounds/1"),
        &[],
    )
    .await;
    assert_eq!(status, StatusCode::OK, "{round}");
    let m = &round["matches"][0];
    let g = &m["games"][0];
    assert_eq!(g["result"], "pending");
    Game {
        id: g["id"].as_i64().expect("id"),
        version: g["version"].as_i64().expect("version"),
        url: g["result_url"].as_str().expect("url").to_owned(),
        home: m["home"]["name"].as_str().expect("home").to_owned(),
    }
}

async fn post_result(
    app: &TestApp,
    client: &reqwest::Client,
    token: Option<&str>,
    url: &str,
    body: &Value,
) -> (StatusCode, HeaderMap, Value) {
    let mut req = client.post(app.url(url)).json(body);
    if let Some(token) = token {
        req = req.bearer_auth(token);
    }
    let res = req.send().await.expect("POST");
    let (status, headers) = (res.status(), res.headers().clone());
    let text = res.text().await.expect("body");
    let body = serde_json::from_str(&text).unwrap_or_else(|e| panic!("{url}: {e}: {text}"));
    (status, headers, body)
}

/// A refusal is problem+json with the RFC 9457 members, about this path.
fn assert_problem(
    status: StatusCode,
    headers: &HeaderMap,
    body: &Value,
    want: StatusCode,
    kind: &str,
    url: &str,
) {
    assert_eq!(status, want, "{body}");
    assert_eq!(content_type(headers), PROBLEM, "{body}");
    assert_eq!(body["status"], want.as_u16(), "{body}");
    assert_eq!(body["type"], kind, "{body}");
    assert_eq!(body["instance"], url, "{body}");
    assert!(
        body["title"].as_str().is_some_and(|s| !s.is_empty()),
        "{body}"
    );
    assert!(
        body["detail"].as_str().is_some_and(|s| !s.is_empty()),
        "{body}"
    );
}

async fn standings(app: &TestApp, c: i64, t: i64) -> Value {
    let (status, _, body) = get_json(
        app,
        &format!("/api/v1/championships/{c}/tournaments/{t}/standings?lang=en"),
        &[],
    )
    .await;
    assert_eq!(status, StatusCode::OK);
    body
}

fn game_points(standings: &Value) -> BTreeMap<String, f64> {
    standings["rows"]
        .as_array()
        .expect("rows")
        .iter()
        .map(|r| {
            (
                r["entry"].as_str().expect("entry").to_owned(),
                r["game_points"].as_f64().expect("GP"),
            )
        })
        .collect()
}

// ----------------------------------------------------------------- tests

#[tokio::test]
async fn api_the_openapi_document_validates_and_every_documented_get_answers_as_documented() {
    let (club, t) = played().await;
    let app = &club.app;
    let team = db::teams::of_championship(
        &mut app.db(),
        ChampionshipId(club.id),
        &[db::teams::TeamStatus::Approved],
    )
    .expect("teams")[0]
        .id;

    // The document parses as OpenAPI 3.1 …
    let res = new_client()
        .get(app.url("/api/v1/openapi.json"))
        .send()
        .await
        .expect("GET");
    assert_eq!(res.status(), StatusCode::OK);
    assert!(content_type(res.headers()).starts_with("application/json"));
    let text = res.text().await.expect("body");
    let spec = oas3::from_json(&text).expect("an OpenAPI 3.1 document");
    spec.validate_version()
        .expect("a supported OpenAPI version");
    let doc: Value = serde_json::from_str(&text).expect("json");
    // … every $ref resolves …
    let mut all = Vec::new();
    refs(&doc, &mut all);
    assert!(all.len() > 20, "{all:?}");
    for r in &all {
        resolve(&doc, &json!({ "$ref": r }));
    }
    let registry = schema_registry(&doc);
    // … and every operation has responses, its path parameters declared,
    // its errors as problem+json, a unique id.
    let mut ids = HashSet::new();
    let mut gets = Vec::new();
    for (path, method, op) in spec.operations() {
        let raw = &doc["paths"][&path][method.as_str().to_lowercase()];
        let id = op.operation_id.clone().expect("an operationId");
        assert!(ids.insert(id.clone()), "operationId {id} twice");
        let responses = raw["responses"].as_object().expect("responses");
        assert!(!responses.is_empty(), "{path}: no responses");
        for (status, response) in responses {
            let content = resolve(&doc, response)["content"]
                .as_object()
                .unwrap_or_else(|| panic!("{method} {path} {status}: no content"));
            if !status.starts_with('2') {
                assert!(content.contains_key(PROBLEM), "{method} {path} {status}");
            }
        }
        let params = op.parameters(&spec).expect("parameters resolve");
        for name in path
            .split('/')
            .filter_map(|s| s.strip_prefix('{')?.strip_suffix('}'))
        {
            assert!(
                params.iter().any(|p| p.name == name
                    && p.location == oas3::spec::ParameterIn::Path
                    && p.required == Some(true)),
                "{method} {path}: {{{name}}} is not a required path parameter"
            );
        }
        if method == reqwest::Method::GET {
            gets.push((path, raw.clone()));
        }
    }
    assert!(gets.len() >= 9, "{gets:?}");
    assert!(
        ids.contains("record_result"),
        "the write endpoint is documented: {ids:?}"
    );

    // Every documented GET, with real ids: 200 and the documented body;
    // with ids that name nothing: the documented 404; out of range paging:
    // the documented 400.
    let real: BTreeMap<&str, String> = [
        ("championship_id", club.id.to_string()),
        ("tournament_id", t.to_string()),
        ("round_no", "2".to_owned()),
        ("team_id", team.to_string()),
    ]
    .into_iter()
    .collect();
    let fill = |path: &str, value: &dyn Fn(&str) -> String| {
        path.split('/')
            .map(
                |s| match s.strip_prefix('{').and_then(|s| s.strip_suffix('}')) {
                    Some(name) => value(name),
                    None => s.to_owned(),
                },
            )
            .collect::<Vec<_>>()
            .join("/")
    };
    for (path, op) in &gets {
        let url = fill(path, &|name| {
            real.get(name)
                .unwrap_or_else(|| panic!("no id for {{{name}}} of {path}"))
                .clone()
        });
        let (status, headers, body) = get_json(app, &url, &[]).await;
        assert_eq!(status, StatusCode::OK, "{url}: {body}");
        assert!(
            content_type(&headers).starts_with("application/json"),
            "{url}"
        );
        assert_fits(
            &registry,
            response_schema(&doc, op, "200", "application/json"),
            &body,
            &url,
        );
        if op["responses"].get("404").is_some() {
            let missing = fill(path, &|_| "987654".to_owned());
            let (status, headers, body) = get_json(app, &missing, &[]).await;
            assert_problem(
                status,
                &headers,
                &body,
                StatusCode::NOT_FOUND,
                "about:blank",
                &missing,
            );
            assert_fits(
                &registry,
                response_schema(&doc, op, "404", PROBLEM),
                &body,
                &missing,
            );
        }
        if op["responses"].get("400").is_some() {
            let (status, headers, body) = get_json(app, &format!("{url}?limit=0"), &[]).await;
            assert_problem(
                status,
                &headers,
                &body,
                StatusCode::BAD_REQUEST,
                "about:blank",
                &url,
            );
            assert_fits(
                &registry,
                response_schema(&doc, op, "400", PROBLEM),
                &body,
                &url,
            );
        }
    }

    // What the walk read, by hand: the played round robin.
    let (_, _, list) = get_json(app, "/api/v1/championships", &[]).await;
    assert_eq!(list["pagination"]["total"], 1);
    assert_eq!(list["items"][0]["id"], club.id);
    let base = format!("/api/v1/championships/{}/tournaments/{t}", club.id);
    let (_, _, rounds) = get_json(app, &format!("{base}/rounds?limit=2"), &[]).await;
    assert_eq!(rounds["items"].as_array().expect("items").len(), 2);
    assert_eq!(
        rounds["pagination"],
        json!({"limit": 2, "offset": 0, "total": 3, "next_offset": 2})
    );
    let (_, _, last) = get_json(app, &format!("{base}/rounds?limit=2&offset=2"), &[]).await;
    assert_eq!(last["items"][0]["number"], 3);
    assert_eq!(last["pagination"]["next_offset"], Value::Null);
    // 2 matches of 5 boards × 2 games a round, each game with a result.
    let games = &last["items"][0]["matches"][0]["games"];
    assert_eq!(games.as_array().expect("games").len(), 10);
    assert!(last["items"][0]["complete"].as_bool().expect("complete"));
    let st = standings(app, club.id, t).await;
    let gp = game_points(&st);
    assert_eq!(gp["Ладья"], 30.0);
    assert_eq!(gp["Конь"], 15.0);
    assert_eq!(gp["Слон"], 15.0);
    assert_eq!(gp["Ферзь"], 0.0);
    let (_, _, team_body) = get_json(app, &format!("/api/v1/teams/{team}"), &[]).await;
    assert_eq!(team_body["roster"].as_array().expect("roster").len(), 5);
}

#[tokio::test]
async fn api_r_3_3_standings_explain_each_gap_in_the_readers_language_as_the_page_does() {
    let (club, t) = played().await;
    let app = &club.app;
    let api = format!(
        "/api/v1/championships/{}/tournaments/{t}/standings",
        club.id
    );
    let page_rows = |page: &crate::helpers::Page| -> Vec<(String, String)> {
        let rows = scraper::Selector::parse("table.standings tbody tr").expect("selector");
        let cell = scraper::Selector::parse("td").expect("selector");
        page.html
            .select(&rows)
            .map(|tr| {
                let cells: Vec<String> = tr
                    .select(&cell)
                    .map(|c| c.text().collect::<String>().trim().to_owned())
                    .collect();
                (cells[1].clone(), cells.last().cloned().unwrap_or_default())
            })
            .collect()
    };
    let url = club.tournament_url(t);
    for (lang, api_headers, page_url) in [
        ("ru", vec![], url.clone()),
        (
            "en",
            vec![("Accept-Language", "en-GB,en;q=0.9")],
            format!("{url}?lang=en"),
        ),
        (
            "ru",
            vec![("Accept-Language", "en")],
            format!("{url}?lang=ru"),
        ),
    ] {
        // `?lang=` wins over Accept-Language.
        let path = if page_url.ends_with("lang=ru") {
            format!("{api}?lang=ru")
        } else {
            api.clone()
        };
        let (status, headers, body) = get_json(app, &path, &api_headers).await;
        assert_eq!(status, StatusCode::OK);
        assert_eq!(headers["content-language"], lang);
        assert_eq!(body["lang"], lang);
        let page = app.get(&page_url).await;
        let expected = page_rows(&page);
        let rows = body["rows"].as_array().expect("rows");
        assert_eq!(rows.len(), expected.len());
        for (row, (entry, gap)) in rows.iter().zip(&expected) {
            assert_eq!(row["entry"], *entry);
            let text = row["ahead_of_next"]["text"].as_str().unwrap_or_default();
            assert_eq!(text, gap, "{lang}: {entry}");
        }
    }
    // The gaps as data, by hand: Ладья won all 30 games and is ahead of
    // the next on G's primary score, game points (Конь and Слон drew
    // every game of their match: 10 + 5 each); the last row has no gap.
    let (_, _, body) = get_json(app, &format!("{api}?lang=en"), &[]).await;
    let rows = body["rows"].as_array().expect("rows");
    assert_eq!(rows[0]["entry"], "Ладья");
    assert_eq!(rows[0]["rank"], "1");
    let gap = &rows[0]["ahead_of_next"];
    assert_eq!(gap["criterion"], "game_points", "{gap}");
    assert_eq!(gap["code"], Value::Null);
    assert_eq!(gap["ahead"], 30.0);
    assert_eq!(gap["behind"], 15.0);
    assert_eq!(gap["text"], "game points: 30 vs 15");
    // Конь and Слон are level on everything: a shared place, no gap.
    assert_eq!(rows[1]["rank"], "2–3");
    assert_eq!(rows[1]["place_first"], 2);
    assert_eq!(rows[1]["place_last"], 3);
    assert_eq!(rows[1]["ahead_of_next"], Value::Null);
    let gap = &rows[2]["ahead_of_next"];
    assert_eq!(gap["criterion"], "game_points", "{gap}");
    assert_eq!(gap["text"], "game points: 15 vs 0");
    assert_eq!(rows[3]["ahead_of_next"], Value::Null);
    // … every row names its entry's team.
    let teams = db::teams::of_championship(
        &mut app.db(),
        ChampionshipId(club.id),
        &[db::teams::TeamStatus::Approved],
    )
    .expect("teams");
    for row in rows {
        let team = teams
            .iter()
            .find(|x| x.name == row["entry"])
            .expect("a team");
        assert_eq!(row["team_id"], team.id.0);
    }
    // Each tie-break by its TRF code, as the regulation chains them.
    let codes: Vec<&str> = body["tie_breaks"]
        .as_array()
        .expect("codes")
        .iter()
        .filter_map(Value::as_str)
        .collect();
    assert!(!codes.is_empty());
    for row in rows {
        let row_codes: Vec<&str> = row["tie_breaks"]
            .as_array()
            .expect("values")
            .iter()
            .filter_map(|v| v["code"].as_str())
            .collect();
        assert_eq!(row_codes, codes);
    }
}

#[tokio::test]
async fn api_g_d1_a_game_server_records_a_result_with_a_judges_token_and_the_standings_change() {
    let (club, t) = round_one_published().await;
    let app = &club.app;
    let token = make_token(app, &club.root, club.id, "Сервер партий").await;
    // Only the hash is stored.
    let (id, secret) = token
        .strip_prefix("lgt_")
        .and_then(|r| r.split_once('_'))
        .expect("lgt_<id>_<secret>");
    let row = db::api_tokens::by_id(&mut app.db(), id.parse().expect("id"))
        .expect("query")
        .expect("stored");
    assert_ne!(row.secret_hash, secret);
    assert_eq!(row.secret_hash, league::app::api_tokens::hash(secret));
    assert!(row.last_used_at.is_none());

    let game = first_game(app, club.id, t).await;
    let before = standings(app, club.id, t).await;
    assert!(
        game_points(&before).values().all(|gp| *gp == 0.0),
        "{before}"
    );
    let client = new_client();
    let (status, headers, body) = post_result(
        app,
        &client,
        Some(&token),
        &game.url,
        &json!({"result": "1-0", "version": game.version}),
    )
    .await;
    assert_eq!(status, StatusCode::OK, "{body}");
    assert!(content_type(&headers).starts_with("application/json"));
    assert_eq!(body["game_id"], game.id);
    assert_eq!(body["result"], "1-0");
    assert_eq!(body["version"], game.version + 1);
    assert!(
        body["results_version"].as_i64().expect("results version")
            > before["results_version"].as_i64().expect("before")
    );
    // The standings change: the home entry has the game's point.
    let after = standings(app, club.id, t).await;
    let gp = game_points(&after);
    assert_eq!(gp[&game.home], 1.0, "{after}");
    assert_eq!(gp.values().sum::<f64>(), 1.0);

    // Audited with the token's name and its owner; the use is on the token.
    let audit =
        db::audit::of_championship(&mut app.db(), ChampionshipId(club.id), 20).expect("audit");
    let entry = audit
        .iter()
        .find(|a| a.action == "game.result")
        .expect("the result is audited");
    assert_eq!(entry.actor_id, Some(app.person_id("Root")));
    assert!(
        entry
            .detail
            .contains(&format!("API token #{id} «Сервер партий»")),
        "{}",
        entry.detail
    );
    assert!(entry.detail.contains("pending → 1-0"), "{}", entry.detail);
    assert!(audit.iter().any(|a| a.action == "api_token.create"));
    let row = db::api_tokens::by_id(&mut app.db(), row.id)
        .expect("query")
        .expect("stored");
    assert!(row.last_used_at.is_some());

    // A stale version: 409 with the game's current result and version;
    // nothing changes.
    let (status, headers, body) = post_result(
        app,
        &client,
        Some(&token),
        &game.url,
        &json!({"result": "0-1", "version": game.version}),
    )
    .await;
    assert_problem(
        status,
        &headers,
        &body,
        StatusCode::CONFLICT,
        "urn:league:problem:version-conflict",
        &game.url,
    );
    assert_eq!(body["current_result"], "1-0");
    assert_eq!(body["current_version"], game.version + 1);
    assert_eq!(game_points(&standings(app, club.id, t).await), gp);
    // With the current version the judge's correction goes through.
    let (status, _, body) = post_result(
        app,
        &client,
        Some(&token),
        &game.url,
        &json!({"result": "1/2", "version": game.version + 1}),
    )
    .await;
    assert_eq!(status, StatusCode::OK, "{body}");
    assert_eq!(
        game_points(&standings(app, club.id, t).await)[&game.home],
        0.5
    );

    // A result that is none of the codes: 422, in the reader's language.
    let (status, headers, body) = post_result(
        app,
        &client,
        Some(&token),
        &game.url,
        &json!({"result": "2-0", "version": game.version + 2}),
    )
    .await;
    assert_problem(
        status,
        &headers,
        &body,
        StatusCode::UNPROCESSABLE_ENTITY,
        "urn:league:problem:unknown-result",
        &game.url,
    );
    assert_eq!(body["title"], "Неизвестный результат");
    // Malformed JSON: 400; a missing field: 422.
    let res = client
        .post(app.url(&game.url))
        .bearer_auth(&token)
        .header(CONTENT_TYPE, "application/json")
        .header("Accept-Language", "en")
        .body("{\"result\": ")
        .send()
        .await
        .expect("POST");
    let (status, headers) = (res.status(), res.headers().clone());
    let body: Value = res.json().await.expect("json");
    assert_problem(
        status,
        &headers,
        &body,
        StatusCode::BAD_REQUEST,
        "about:blank",
        &game.url,
    );
    assert_eq!(body["title"], "Bad request");
    let (status, headers, body) = post_result(
        app,
        &client,
        Some(&token),
        &game.url,
        &json!({"result": "1-0"}),
    )
    .await;
    assert_problem(
        status,
        &headers,
        &body,
        StatusCode::UNPROCESSABLE_ENTITY,
        "about:blank",
        &game.url,
    );
    // A game of a drafted round (round 2, not published): 409, as on the
    // page — results wait for publication.
    let page = app
        .post_with(
            &club.root,
            &format!("{}/rounds", club.tournament_url(t)),
            &[],
        )
        .await;
    assert_eq!(page.status, StatusCode::SEE_OTHER, "{}", page.text);
    let draft = {
        let conn = &mut app.db();
        let rounds = db::rounds::of_tournament(conn, league::ids::TournamentId(t)).expect("rounds");
        let r2 = rounds.iter().find(|r| r.number == 2).expect("round 2");
        assert!(!r2.is_published());
        let m = db::rounds::matches_of_rounds(conn, &[r2.id]).expect("matches");
        db::rounds::games_of_matches(conn, &[m[0].id]).expect("games")[0].clone()
    };
    let draft_url = format!(
        "/api/v1/championships/{}/tournaments/{t}/games/{}/result",
        club.id, draft.id
    );
    let (status, headers, body) = post_result(
        app,
        &client,
        Some(&token),
        &draft_url,
        &json!({"result": "1-0", "version": draft.version}),
    )
    .await;
    assert_problem(
        status,
        &headers,
        &body,
        StatusCode::CONFLICT,
        "urn:league:problem:round-not-published",
        &draft_url,
    );
    // A game of no tournament of this championship: 404.
    let missing = format!(
        "/api/v1/championships/{}/tournaments/{t}/games/987654/result",
        club.id
    );
    let (status, headers, body) = post_result(
        app,
        &client,
        Some(&token),
        &missing,
        &json!({"result": "1-0", "version": 1}),
    )
    .await;
    assert_problem(
        status,
        &headers,
        &body,
        StatusCode::NOT_FOUND,
        "about:blank",
        &missing,
    );
}

#[tokio::test]
async fn api_g_d1_revoked_unknown_foreign_and_non_judges_tokens_are_refused() {
    let (club, t) = round_one_published().await;
    let app = &club.app;
    let game = first_game(app, club.id, t).await;
    let client = new_client();
    let body = json!({"result": "1-0", "version": game.version});

    // No bearer token: 401 with the scheme to use (RFC 6750).
    let (status, headers, problem) = post_result(app, &client, None, &game.url, &body).await;
    assert_problem(
        status,
        &headers,
        &problem,
        StatusCode::UNAUTHORIZED,
        "urn:league:problem:token-missing",
        &game.url,
    );
    assert_eq!(headers["www-authenticate"], "Bearer realm=\"league\"");
    let res = client
        .post(app.url(&game.url))
        .header("Authorization", "Basic cm9vdDpyb290")
        .json(&body)
        .send()
        .await
        .expect("POST");
    assert_eq!(res.status(), StatusCode::UNAUTHORIZED);
    assert_eq!(content_type(res.headers()), PROBLEM);

    // A token the platform never issued, a mistyped one: 401.
    for bogus in ["lgt_1_not-the-secret", "lgt_999_x", "nonsense"] {
        let (status, headers, problem) =
            post_result(app, &client, Some(bogus), &game.url, &body).await;
        assert_problem(
            status,
            &headers,
            &problem,
            StatusCode::UNAUTHORIZED,
            "urn:league:problem:token-invalid",
            &game.url,
        );
        assert!(
            headers["www-authenticate"]
                .to_str()
                .is_ok_and(|v| v.starts_with("Bearer") && v.contains("invalid_token"))
        );
    }

    // A token of another championship: 403.
    let other = app.create_championship(&club.root, "G").await;
    let foreign = make_token(app, &club.root, other, "Чужой").await;
    let (status, headers, problem) =
        post_result(app, &client, Some(&foreign), &game.url, &body).await;
    assert_problem(
        status,
        &headers,
        &problem,
        StatusCode::FORBIDDEN,
        "urn:league:problem:other-championship",
        &game.url,
    );

    // An organizer who is no judge makes a token: it records nothing (the
    // token has its owner's powers), until the owner is made a judge.
    let organizer = app.person("org1").await;
    app.grant_role(&club.root, club.id, "org1", "organizer")
        .await;
    let weak = make_token(app, &organizer, club.id, "Без судейства").await;
    let page = app
        .get_with(
            &organizer,
            &format!("/championships/{}/api-tokens", club.id),
        )
        .await;
    assert!(page.select_text("#api-tokens-not-judge").is_some());
    let (status, headers, problem) = post_result(app, &client, Some(&weak), &game.url, &body).await;
    assert_problem(
        status,
        &headers,
        &problem,
        StatusCode::FORBIDDEN,
        "urn:league:problem:not-a-judge",
        &game.url,
    );

    // A revoked token: 401, and the result was never recorded.
    let token = make_token(app, &club.root, club.id, "Отзовём").await;
    let page = app
        .get_with(
            &club.root,
            &format!("/championships/{}/api-tokens", club.id),
        )
        .await;
    let revoke = page
        .attrs("td.token-state form", "action")
        .into_iter()
        .next()
        .expect("a revoke button (newest first)");
    let page = app.post_with(&club.root, &revoke, &[]).await;
    assert_eq!(page.status, StatusCode::SEE_OTHER);
    let (status, headers, problem) =
        post_result(app, &client, Some(&token), &game.url, &body).await;
    assert_problem(
        status,
        &headers,
        &problem,
        StatusCode::UNAUTHORIZED,
        "urn:league:problem:token-revoked",
        &game.url,
    );
    let (_, _, round) = get_json(
        app,
        &format!("/api/v1/championships/{}/tournaments/{t}/rounds/1", club.id),
        &[],
    )
    .await;
    assert_eq!(round["matches"][0]["games"][0]["result"], "pending");
    // The page lists it as revoked; the refusals of genuine tokens are in
    // the audit log with their names.
    let page = app
        .get_with(
            &club.root,
            &format!("/championships/{}/api-tokens", club.id),
        )
        .await;
    assert!(page.texts("td.token-state")[0].contains("отозван"));
    let audit =
        db::audit::of_championship(&mut app.db(), ChampionshipId(club.id), 50).expect("audit");
    assert!(audit.iter().any(|a| a.action == "api_token.revoke"));
    let refused: Vec<&str> = audit
        .iter()
        .filter(|a| a.action == "api.refused")
        .map(|a| a.detail.as_str())
        .collect();
    assert!(
        refused
            .iter()
            .any(|d| d.contains("«Отзовём»") && d.contains("revoked")),
        "{refused:?}"
    );
    assert!(
        refused.iter().any(|d| d.contains("«Без судейства»")),
        "{refused:?}"
    );
}

#[tokio::test]
async fn api_g_d1_a_judges_browser_session_never_writes_through_the_api() {
    let (club, t) = round_one_published().await;
    let app = &club.app;
    let game = first_game(app, club.id, t).await;
    let judge = app.person("judge1").await;
    app.grant_role(&club.root, club.id, "judge1", "judge").await;
    let body = json!({"result": "1-0", "version": game.version});

    // The judge's cookie alone: the API reads no session, so no token.
    let (status, headers, problem) = post_result(app, &judge, None, &game.url, &body).await;
    assert_problem(
        status,
        &headers,
        &problem,
        StatusCode::UNAUTHORIZED,
        "urn:league:problem:token-missing",
        &game.url,
    );
    assert_eq!(problem["title"], "Нужен токен");
    // With the session's CSRF token too (what a page's script could send):
    // the API still wants a bearer token.
    let csrf = app.csrf_with(&judge).await;
    let res = judge
        .post(app.url(&game.url))
        .header("X-CSRF-Token", &csrf)
        .json(&body)
        .send()
        .await
        .expect("POST");
    let (status, headers) = (res.status(), res.headers().clone());
    let problem: Value = res.json().await.expect("json");
    assert_problem(
        status,
        &headers,
        &problem,
        StatusCode::UNAUTHORIZED,
        "urn:league:problem:token-missing",
        &game.url,
    );
    assert_eq!(headers["www-authenticate"], "Bearer realm=\"league\"");
    // Nothing was recorded; the same judge records through the page.
    let (_, _, round) = get_json(
        app,
        &format!("/api/v1/championships/{}/tournaments/{t}/rounds/1", club.id),
        &[],
    )
    .await;
    assert_eq!(round["matches"][0]["games"][0]["result"], "pending");
    let page = app
        .post_with(
            &judge,
            &format!(
                "/championships/{}/tournaments/{t}/games/{}/result",
                club.id, game.id
            ),
            &[("result", "1-0"), ("version", &game.version.to_string())],
        )
        .await;
    assert_eq!(page.status, StatusCode::SEE_OTHER, "{}", page.text);
}

#[tokio::test]
async fn api_g_v41_a_finished_tournament_answers_409_and_keeps_its_results() {
    let (club, t) = played().await;
    crate::club::finish(&club, t).await;
    let app = &club.app;
    let token = make_token(app, &club.root, club.id, "Сервер партий").await;
    let (status, _, round) = get_json(
        app,
        &format!("/api/v1/championships/{}/tournaments/{t}/rounds/1", club.id),
        &[],
    )
    .await;
    assert_eq!(status, StatusCode::OK, "{round}");
    let g = &round["matches"][0]["games"][0];
    let before = standings(app, club.id, t).await;
    let flipped = if g["result"] == "0-1" { "1-0" } else { "0-1" };
    let (status, headers, body) = post_result(
        app,
        &new_client(),
        Some(&token),
        g["result_url"].as_str().expect("url"),
        &json!({"result": flipped, "version": g["version"]}),
    )
    .await;
    assert_eq!(status, StatusCode::CONFLICT, "{body}");
    assert!(content_type(&headers).starts_with(PROBLEM));
    assert_eq!(body["type"], "urn:league:problem:tournament-finished");
    assert_eq!(standings(app, club.id, t).await, before);
}

/// A game's PGN as a game server sends it with the result: White, Black
/// and the result tag by the game's colours.
fn pgn_of(app: &TestApp, game: i64, home_wins: bool) -> String {
    let mut conn = app.db();
    let g = db::rounds::game_by_id(&mut conn, league::ids::GameId(game))
        .expect("query")
        .expect("the game");
    let nick = |p: Option<league::ids::PersonId>| {
        db::people::nicks_of(&mut app.db(), &[p.expect("a player")]).expect("nick")[0]
            .1
            .clone()
    };
    let (home, away) = (nick(g.home_player_id), nick(g.away_player_id));
    let (white, black) = if g.home_white {
        (home, away)
    } else {
        (away, home)
    };
    let result = if home_wins == g.home_white {
        "1-0"
    } else {
        "0-1"
    };
    format!(
        "[Event \"Server\"]\n[Site \"?\"]\n[Date \"2026.12.02\"]\n[Round \"1\"]\n[White \"{white}\"]\n\
         [Black \"{black}\"]\n[Result \"{result}\"]\n\n1. e4 {{ [%clk 0:02:58] }} e5 {{ [%clk 0:02:57] }} \
         2. Qh5 Nc6 3. Bc4 Nf6 4. Qxf7# {result}\n"
    )
}

#[tokio::test]
async fn api_a_result_may_carry_its_games_pgn_which_must_fit_the_game() {
    let (club, t) = round_one_published().await;
    let app = &club.app;
    let token = make_token(app, &club.root, club.id, "Сервер партий").await;
    let game = first_game(app, club.id, t).await;
    let client = new_client();
    // A PGN whose result is not the one sent: refused, nothing stored.
    let (status, headers, body) = post_result(
        app,
        &client,
        Some(&token),
        &game.url,
        &json!({"result": "1-0", "version": game.version, "pgn": pgn_of(app, game.id, false)}),
    )
    .await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY, "{body}");
    assert_eq!(content_type(&headers), "application/problem+json");
    assert!(
        body["detail"].as_str().unwrap_or_default().contains("PGN"),
        "{body}"
    );
    let stored = db::rounds::game_by_id(&mut app.db(), league::ids::GameId(game.id))
        .unwrap()
        .unwrap();
    assert_eq!(stored.result, "pending");
    // The fitting PGN is kept with the result and shown on the game's page.
    let (status, _, body) = post_result(
        app,
        &client,
        Some(&token),
        &game.url,
        &json!({"result": "1-0", "version": game.version, "pgn": pgn_of(app, game.id, true)}),
    )
    .await;
    assert_eq!(status, StatusCode::OK, "{body}");
    let record = db::games::of_game(&mut app.db(), league::ids::GameId(game.id))
        .unwrap()
        .expect("the record is kept");
    assert_eq!(record.source, "api");
    assert_eq!(record.plies, 7);
    let page = app
        .get(&format!(
            "/championships/{}/tournaments/{t}/games/{}",
            club.id, game.id
        ))
        .await;
    assert!(page.text.contains("Qxf7"), "{}", page.text);
}

/// The schema's bounds hold at the edge: `offset` is an int32 of at least
/// 0 (beyond it, 400 naming the range, not a page past every list), and
/// a version written as any JSON number with an integer value (`7.0`) is
/// that integer, as JSON Schema's `integer` says.
#[tokio::test]
async fn api_offsets_beyond_the_schema_are_refused_and_integer_versions_read_in_any_notation() {
    let (club, t) = round_one_published().await;
    let app = &club.app;
    for (offset, want) in [
        ("2147483647", StatusCode::OK),
        ("2147483648", StatusCode::BAD_REQUEST),
        ("4294967296", StatusCode::BAD_REQUEST),
    ] {
        let path = format!("/api/v1/championships?offset={offset}");
        let (status, headers, body) = get_json(app, &path, &[]).await;
        assert_eq!(status, want, "{offset}: {body}");
        if want == StatusCode::BAD_REQUEST {
            assert_eq!(content_type(&headers), PROBLEM, "{body}");
        }
    }
    let token = make_token(app, &club.root, club.id, "Табло").await;
    let game = first_game(app, club.id, t).await;
    let (status, _, body) = post_result(
        app,
        &new_client(),
        Some(&token),
        &game.url,
        &json!({"result": "1-0", "version": game.version as f64}),
    )
    .await;
    assert_eq!(status, StatusCode::OK, "{body}");
    assert_eq!(body["version"], game.version + 1);
    let (status, headers, body) = post_result(
        app,
        &new_client(),
        Some(&token),
        &game.url,
        &json!({"result": "0-1", "version": game.version as f64 + 1.5}),
    )
    .await;
    assert_problem(
        status,
        &headers,
        &body,
        StatusCode::UNPROCESSABLE_ENTITY,
        "about:blank",
        &game.url,
    );
}
