//! The database away: every request that needs it is answered within about
//! two seconds with 503 and `Retry-After` (a page in the visitor's
//! language; the API's problem+json), never with 500 or a long hang, and
//! the platform serves again as soon as the database is back.

use std::time::{Duration, Instant};

use diesel::connection::SimpleConnection;
use diesel::{Connection, PgConnection};
use reqwest::StatusCode;

use crate::helpers::{TestApp, new_client, postgres_admin_url, skipped};

/// How many of each request are sent at once: a tournament night's
/// readers and judges do not wait for each other.
const AT_ONCE: usize = 6;

/// What the platform answers while the database cannot be had, to
/// [`AT_ONCE`] of each at the same time: a signed-in person's page, a
/// visitor's page, an API read and an API write. Each must be a 503 with
/// `Retry-After`, in the edge's own form, within four seconds.
async fn answers_while_away(app: &TestApp, signed_in: &reqwest::Client) -> Vec<String> {
    let visitor = new_client();
    let requests: [(&str, &reqwest::Client, reqwest::Method, &str); 4] = [
        (
            "a signed-in page",
            signed_in,
            reqwest::Method::GET,
            "/account",
        ),
        (
            "a visitor's page",
            &visitor,
            reqwest::Method::GET,
            "/people/Keeper",
        ),
        (
            "an API read",
            &visitor,
            reqwest::Method::GET,
            "/api/v1/championships",
        ),
        (
            "an API write",
            &visitor,
            reqwest::Method::POST,
            "/api/v1/championships/1/tournaments/1/games/1/result",
        ),
    ];
    async fn one(
        app: &TestApp,
        (what, client, method, path): (&str, &reqwest::Client, reqwest::Method, &str),
    ) -> Vec<String> {
        let mut problems = vec![];
        let started = Instant::now();
        let mut req = client.request(method, app.url(path));
        if path.starts_with("/api/") {
            req = req
                .bearer_auth("lgt_1_secret")
                .json(&serde_json::json!({"result": "1-0", "version": 1}));
        }
        let res = req.send().await.expect("an answer");
        let took = started.elapsed();
        let status = res.status();
        let retry = res.headers().get("retry-after").cloned();
        let kind = res
            .headers()
            .get("content-type")
            .and_then(|v| v.to_str().ok())
            .unwrap_or_default()
            .to_owned();
        let body = res.text().await.unwrap_or_default();
        if status != StatusCode::SERVICE_UNAVAILABLE {
            problems.push(format!("{what}: {status} {body:.200}"));
        }
        if retry.is_none() {
            problems.push(format!("{what}: no Retry-After"));
        }
        if took > Duration::from_secs(4) {
            problems.push(format!("{what}: answered after {took:?}"));
        }
        let want = if path.starts_with("/api/") {
            "application/problem+json"
        } else {
            "text/html"
        };
        if !kind.starts_with(want) {
            problems.push(format!("{what}: {kind}, not {want}"));
        }
        if !path.starts_with("/api/") && !body.contains("база данных недоступна")
        {
            problems.push(format!("{what}: the page does not say why: {body:.300}"));
        }
        problems
    }
    let all = requests
        .iter()
        .flat_map(|r| std::iter::repeat_n(r.clone(), AT_ONCE))
        .map(|r| one(app, r));
    futures_util::future::join_all(all)
        .await
        .into_iter()
        .flatten()
        .collect()
}

#[tokio::test]
async fn a_database_that_cannot_be_had_is_a_503_with_retry_after_within_seconds() {
    let app = TestApp::spawn().await;
    app.sign_up("Keeper").await;
    assert_eq!(app.get("/account").await.status, StatusCode::OK);

    // Every connection of the pool taken (as by a burst, or a database
    // that stopped answering): requests wait the pool's two seconds.
    let pool = app.pool().clone();
    let held = tokio::task::spawn_blocking(move || {
        (0..pool.max_size())
            .map(|_| pool.get().expect("a connection"))
            .collect::<Vec<_>>()
    })
    .await
    .expect("hold");
    let problems = answers_while_away(&app, &app.client).await;
    assert!(problems.is_empty(), "{problems:#?}");
    drop(held);
    assert_eq!(served_again(&app, "/account").await, StatusCode::OK);
    assert_eq!(app.get("/people/Keeper").await.status, StatusCode::OK);
}

/// The status of `path` once the platform serves again (at most five
/// seconds: a second after a failed wait, requests are tried again).
async fn served_again(app: &TestApp, path: &str) -> StatusCode {
    let mut status = StatusCode::SERVICE_UNAVAILABLE;
    for _ in 0..20 {
        status = app.get(path).await.status;
        if status != StatusCode::SERVICE_UNAVAILABLE {
            break;
        }
        tokio::time::sleep(Duration::from_millis(250)).await;
    }
    status
}

/// PostgreSQL itself away: the test's database refuses connections and
/// every connection to it is ended (as a server stop or restart does),
/// then it comes back. This test's own database only, so that the other
/// tests running on the same server go on.
#[tokio::test]
async fn a_postgresql_database_that_goes_away_is_a_503_and_comes_back() {
    let app = TestApp::spawn().await;
    app.sign_up("Keeper").await;
    let Some(admin_url) = postgres_admin_url() else {
        // The SQLite file cannot go away this way; the pool's wait is
        // proven by the test above on both backends.
        skipped(
            "postgres",
            "PostgreSQL only: TEST_DATABASE_URL not set, checked under PostgreSQL runs",
        );
        return;
    };
    let name = app
        .db_url
        .rsplit('/')
        .next()
        .and_then(|n| n.split('?').next())
        .expect("database name")
        .to_owned();
    let admin = admin_url.clone();
    let away = name.clone();
    tokio::task::spawn_blocking(move || {
        let mut conn = PgConnection::establish(&admin).expect("admin connection");
        conn.batch_execute(&format!(
            "ALTER DATABASE \"{away}\" ALLOW_CONNECTIONS false; \
             SELECT pg_terminate_backend(pid) FROM pg_stat_activity \
             WHERE datname = '{away}' AND pid <> pg_backend_pid();"
        ))
        .expect("take the database away");
    })
    .await
    .expect("away");
    let problems = answers_while_away(&app, &app.client).await;
    let back = name.clone();
    tokio::task::spawn_blocking(move || {
        let mut conn = PgConnection::establish(&admin_url).expect("admin connection");
        conn.batch_execute(&format!("ALTER DATABASE \"{back}\" ALLOW_CONNECTIONS true"))
            .expect("bring the database back");
    })
    .await
    .expect("back");
    assert!(problems.is_empty(), "{problems:#?}");
    // Served again without a restart (the pool makes new connections).
    assert_eq!(served_again(&app, "/account").await, StatusCode::OK);
}
