//! Faults: the real `league` binary killed with SIGKILL in the
//! middle of a burst of result submissions loses no acknowledged write, and
//! a database that is full or read-only gives an error page while the
//! server goes on serving.
//!
//! The server under test here is a separate process (the binary cargo
//! built, `env!("CARGO_BIN_EXE_league")`) on the test's own database: a
//! SQLite file, or the PostgreSQL database cloned for the test when
//! `TEST_DATABASE_URL` is set. The in-process `TestApp` only seeds it and is
//! stopped before the child starts.

use std::collections::HashMap;
use std::path::Path;
use std::process::{Command, Stdio};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use diesel::prelude::*;
use league::db::{self, DbUrl, ManageConnection};
use league::ids::{ChampionshipId, GameId};
use reqwest::StatusCode;
use reqwest::header::{COOKIE, SET_COOKIE};

use crate::helpers::PASSWORD;
use crate::play::{Club, g_team, line, publish_last, result_forms};

/// A `league` server process; killed (SIGKILL) when dropped, so a failing
/// test leaves no process behind.
struct Server {
    process: std::process::Child,
    address: String,
}

impl Drop for Server {
    fn drop(&mut self) {
        let _ = self.process.kill();
        let _ = self.process.wait();
    }
}

impl Server {
    /// Starts the binary on `database_url` with `data_dir` (its cookie key:
    /// sessions survive a restart) on a free port, and waits until
    /// `/health` answers 200. Returns the server and how long that took.
    async fn start(database_url: &str, data_dir: &Path, log: &Path) -> (Server, Duration) {
        let port = std::net::TcpListener::bind("127.0.0.1:0")
            .and_then(|l| l.local_addr())
            .expect("a free port")
            .port();
        let out = std::fs::OpenOptions::new()
            .create(true)
            .append(true)
            .open(log)
            .expect("server log");
        let began = Instant::now();
        let process = Command::new(env!("CARGO_BIN_EXE_league"))
            .arg("serve")
            .env_remove("LEAGUE_CONFIG")
            .env_remove("RUST_LOG")
            .env("DATABASE_URL", database_url)
            .env("LEAGUE_DATA_DIR", data_dir)
            .env("LEAGUE_BIND", format!("127.0.0.1:{port}"))
            .env("LEAGUE_MAIL__WORKER", "false")
            .env("LEAGUE_LOG", "warn")
            .current_dir(data_dir)
            .stdin(Stdio::null())
            .stdout(out.try_clone().expect("log"))
            .stderr(out)
            .spawn()
            .expect("run league");
        let server = Server {
            process,
            address: format!("http://127.0.0.1:{port}"),
        };
        let client = reqwest::Client::new();
        loop {
            if let Ok(res) = client
                .get(format!("{}/health", server.address))
                .send()
                .await
                && res.status() == StatusCode::OK
            {
                return (server, began.elapsed());
            }
            assert!(
                began.elapsed() < Duration::from_secs(60),
                "the server did not come up ({database_url}): {}",
                std::fs::read_to_string(log).unwrap_or_default()
            );
            tokio::time::sleep(Duration::from_millis(20)).await;
        }
    }

    /// SIGKILL: no shutdown, no flush, no destructor runs in the server.
    fn kill_9(&mut self) {
        self.process.kill().expect("SIGKILL");
        self.process.wait().expect("reap");
    }
}

/// The `league_session=…` pair a response sets.
fn session_cookie(res: &reqwest::Response) -> String {
    res.headers()
        .get_all(SET_COOKIE)
        .iter()
        .filter_map(|v| v.to_str().ok())
        .find(|v| v.starts_with("league_session="))
        .and_then(|v| v.split(';').next())
        .expect("a session cookie")
        .to_owned()
}

fn csrf_of(html: &str) -> String {
    let page = scraper::Html::parse_document(html);
    let sel = scraper::Selector::parse("input[name=csrf_token]").expect("selector");
    page.select(&sel)
        .next()
        .and_then(|e| e.value().attr("value"))
        .expect("a CSRF token")
        .to_owned()
}

/// Signs `nick` in at `address` and returns the session cookie and its CSRF
/// token. The burst sends this fixed cookie with every request and ignores
/// the cookies answers set: each acknowledged result queues a flash message
/// in the session, and a cookie jar would carry an ever longer cookie.
async fn fixed_session(address: &str, nick: &str) -> (String, String) {
    let client = reqwest::Client::builder()
        .redirect(reqwest::redirect::Policy::none())
        .build()
        .expect("client");
    let res = client
        .get(format!("{address}/login"))
        .send()
        .await
        .expect("GET");
    let anonymous = session_cookie(&res);
    let token = csrf_of(&res.text().await.expect("body"));
    let res = client
        .post(format!("{address}/login"))
        .header(COOKIE, &anonymous)
        .form(&[
            ("login", nick),
            ("password", PASSWORD),
            ("csrf_token", token.as_str()),
        ])
        .send()
        .await
        .expect("POST");
    assert_eq!(res.status(), StatusCode::SEE_OTHER, "log in {nick}");
    // The first page shows the flash and puts a CSRF token in the session:
    // the cookie it sets is the one to keep; the next page shows the token.
    let home = format!("{address}/");
    let res = client
        .get(&home)
        .header(COOKIE, session_cookie(&res))
        .send()
        .await
        .expect("GET");
    let cookie = session_cookie(&res);
    let res = client
        .get(&home)
        .header(COOKIE, &cookie)
        .send()
        .await
        .expect("GET");
    (cookie, csrf_of(&res.text().await.expect("body")))
}

/// A result for each game, varied by its id.
fn result_for(game: i64) -> &'static str {
    ["1-0", "1/2", "0-1"][(game % 3) as usize]
}

/// `…/games/{id}/result` → id.
fn game_id(action: &str) -> i64 {
    action
        .rsplit('/')
        .nth(1)
        .and_then(|id| id.parse().ok())
        .unwrap_or_else(|| panic!("{action} names a game"))
}

/// Tournaments of the club, each with four teams entered, drawn and its
/// first round published: `n × 20` games waiting for a result. Returns the
/// tournaments' URLs.
async fn tournaments_in_play(club: &Club, n: u32) -> Vec<String> {
    let mut teams = Vec::new();
    for (name, prefix) in [
        ("Ладья", "la"),
        ("Конь", "ko"),
        ("Слон", "sl"),
        ("Ферзь", "fe"),
    ] {
        teams.push(g_team(club, name, prefix, 5).await);
    }
    // One tournament a month from January 2030, then each moved to start in 20
    // minutes, which opens its registration.
    let page = club
        .app
        .post_with(
            &club.root,
            &format!("/championships/{}/schedule", club.id),
            &[
                ("nth", "1"),
                ("weekday", "Wed"),
                ("time", "18:15"),
                ("from", "2030-01"),
                (
                    "until",
                    &format!("{}-{:02}", 2030 + (n - 1) / 12, (n - 1) % 12 + 1),
                ),
            ],
        )
        .await;
    assert_eq!(page.status, StatusCode::SEE_OTHER, "{}", page.text);
    let ids: Vec<i64> =
        db::tournaments::of_championship(&mut club.app.db(), ChampionshipId(club.id))
            .expect("tournaments")
            .iter()
            .map(|t| t.id.0)
            .collect();
    assert_eq!(ids.len(), n as usize);
    let mut urls = Vec::new();
    for t in ids {
        club.move_start(t, 20).await;
        for team in &teams {
            let page = club
                .enter(&team.captain, t, &line(team, &team.name, 0..5))
                .await;
            assert_eq!(page.status, StatusCode::SEE_OTHER, "{}", page.text);
        }
        let url = club.tournament_url(t);
        let page = club
            .app
            .post_with(&club.root, &format!("{url}/draw"), &[("seed", "1")])
            .await;
        club.started(&url);
        assert_eq!(page.status, StatusCode::SEE_OTHER, "{}", page.text);
        publish_last(club, &url).await;
        urls.push(url);
    }
    urls
}

/// One submission the server answered 303: it promised the result is
/// stored.
struct Acked {
    game: i64,
    result: &'static str,
}

/// kill -9 of the server during a burst of result submissions loses no
/// acknowledged write.
///
/// 400 games of 20 published rounds wait for results; eight clients post
/// one result each to distinct games over HTTP to a separate `league`
/// process, as fast as it answers. After a random 150–300 acknowledgements
/// (303) the process gets SIGKILL while requests are in flight. It is
/// restarted on the same database, and every acknowledged result must be
/// there (read through the db layer) — each game is posted once, so a
/// result present is exactly the one acknowledged, and the pages still
/// work. On SQLite, `PRAGMA integrity_check` must answer `ok` and
/// `PRAGMA foreign_key_check` find nothing; on PostgreSQL the server's own
/// recovery is trusted, and checking the acknowledged writes is the test.
///
/// What it catches: a handler that answered 303 before its transaction
/// committed (tried by hand: the result handler changed to spawn the write
/// and answer at once lost acknowledged results at the kill and failed
/// here), and a commit that was not durable against the process dying
/// (SQLite's WAL with `synchronous = NORMAL` keeps every commit in the WAL
/// file before `COMMIT` returns; only a power loss could cost the last
/// ones, which a process kill does not simulate).
#[tokio::test]
async fn crash_kill_9_during_a_result_burst_loses_no_acknowledged_write() {
    let mut club = Club::new("G").await;
    let urls = tournaments_in_play(&club, 20).await;
    let mut games = Vec::new();
    for url in &urls {
        let page = club.app.get_with(&club.root, url).await;
        for (action, version) in result_forms(&page) {
            games.push((game_id(&action), action, version));
        }
    }
    assert_eq!(
        games.len(),
        400,
        "20 rounds of 2 matches × 5 boards × 2 games"
    );
    let all_games: Vec<i64> = games.iter().map(|g| g.0).collect();

    // The in-process server stops; the binary takes over its database.
    club.app.stop().await;
    let db_url = club.app.db_url.clone();
    let data_dir = club.app.settings.data_dir.clone();
    let log = data_dir.join("server.log");
    let (mut server, _) = Server::start(&db_url, &data_dir, &log).await;
    let (cookie, token) = fixed_session(&server.address, "Root").await;

    let queue = Arc::new(Mutex::new(games));
    let acked = Arc::new(Mutex::new(Vec::<Acked>::new()));
    let answered = Arc::new(AtomicUsize::new(0));
    let in_flight = Arc::new(AtomicUsize::new(0));
    let unexpected = Arc::new(Mutex::new(Vec::<String>::new()));
    let kill_after = rand::random_range(150..=300);
    let mut clients = Vec::new();
    for _ in 0..8 {
        let (queue, acked, answered, in_flight, unexpected) = (
            queue.clone(),
            acked.clone(),
            answered.clone(),
            in_flight.clone(),
            unexpected.clone(),
        );
        let (address, cookie, token) = (server.address.clone(), cookie.clone(), token.clone());
        clients.push(tokio::spawn(async move {
            let client = reqwest::Client::builder()
                .redirect(reqwest::redirect::Policy::none())
                .build()
                .expect("client");
            loop {
                let next = queue.lock().expect("queue").pop();
                let Some((game, action, version)) = next else {
                    return;
                };
                let result = result_for(game);
                in_flight.fetch_add(1, Ordering::SeqCst);
                let sent = client
                    .post(format!("{address}{action}"))
                    .header(COOKIE, &cookie)
                    .form(&[
                        ("result", result),
                        ("version", version.as_str()),
                        ("csrf_token", token.as_str()),
                    ])
                    .send()
                    .await;
                in_flight.fetch_sub(1, Ordering::SeqCst);
                match sent {
                    Ok(res) if res.status() == StatusCode::SEE_OTHER => {
                        acked.lock().expect("acked").push(Acked { game, result });
                        answered.fetch_add(1, Ordering::SeqCst);
                    }
                    Ok(res) => {
                        let status = res.status();
                        let text = res.text().await.unwrap_or_default();
                        unexpected
                            .lock()
                            .expect("unexpected")
                            .push(format!("game {game}: {status} {text}"));
                        return;
                    }
                    // The server is gone: this request's fate is unknown,
                    // and nothing was promised.
                    Err(_) => return,
                }
            }
        }));
    }
    while answered.load(Ordering::SeqCst) < kill_after {
        assert!(
            clients.iter().any(|c| !c.is_finished()),
            "the burst ended before the kill: {:?}",
            unexpected.lock().expect("unexpected")
        );
        tokio::time::sleep(Duration::from_millis(1)).await;
    }
    let flying = in_flight.load(Ordering::SeqCst);
    server.kill_9();
    for c in clients {
        c.await.expect("client task");
    }
    let unexpected = unexpected.lock().expect("unexpected").clone();
    assert!(unexpected.is_empty(), "{unexpected:?}");
    let acked = std::mem::take(&mut *acked.lock().expect("acked"));
    assert!(acked.len() >= kill_after, "{} < {kill_after}", acked.len());
    assert!(flying > 0, "requests were in flight at the kill");
    assert!(acked.len() < all_games.len(), "killed in mid-burst");

    // Restart on the same database.
    let (server, restart) = Server::start(&db_url, &data_dir, &log).await;
    let mut conn = db::ConnectionManager::new(DbUrl::parse(&db_url).expect("url"))
        .connect()
        .expect("connect");
    let mut lost = Vec::new();
    for a in &acked {
        let game = db::rounds::game_by_id(&mut conn, GameId(a.game))
            .expect("query")
            .expect("the game exists");
        if game.result != a.result {
            lost.push(format!(
                "game {}: acknowledged {}, stored {}",
                a.game, a.result, game.result
            ));
        }
    }
    assert!(lost.is_empty(), "acknowledged but lost: {lost:?}");
    // Games never acknowledged hold their posted result (a commit whose
    // answer the kill swallowed) or none.
    let acked_games: HashMap<i64, &str> = acked.iter().map(|a| (a.game, a.result)).collect();
    let mut unacked_stored = 0;
    for game in all_games.iter().filter(|g| !acked_games.contains_key(g)) {
        let stored = db::rounds::game_by_id(&mut conn, GameId(*game))
            .expect("query")
            .expect("the game exists")
            .result;
        assert!(
            stored == "pending" || stored == result_for(*game),
            "game {game}: {stored}"
        );
        unacked_stored += usize::from(stored != "pending");
    }
    eprintln!(
        "kill -9 after {} acknowledged results ({flying} requests in flight, {unacked_stored} \
         unacknowledged commits kept); restart to /health 200 in {} ms; backend {}",
        acked.len(),
        restart.as_millis(),
        DbUrl::parse(&db_url).expect("url").backend().name(),
    );

    // The restarted server serves the pages and takes the next result.
    club.app.address = server.address.clone();
    let page = club.app.get_with(&club.root, &urls[0]).await;
    assert_eq!(page.status, StatusCode::OK);
    if let Some((action, version)) = result_forms(&page)
        .into_iter()
        .find(|(action, _)| !acked_games.contains_key(&game_id(action)))
    {
        let page = club
            .app
            .post_with(
                &club.root,
                &action,
                &[("result", "1-0"), ("version", &version)],
            )
            .await;
        assert_eq!(page.status, StatusCode::SEE_OTHER, "{}", page.text);
    }

    if let DbUrl::Sqlite(path) = DbUrl::parse(&db_url).expect("url") {
        drop(conn);
        drop(server);
        assert_eq!(
            db::backup::sqlite_integrity(&path).expect("integrity check"),
            "ok"
        );
        let mut sqlite = SqliteConnection::establish(&path.to_string_lossy()).expect("open");
        let broken: i64 = diesel::select(diesel::dsl::sql::<diesel::sql_types::BigInt>(
            "(SELECT count(*) FROM pragma_foreign_key_check())",
        ))
        .get_result(&mut sqlite)
        .expect("foreign_key_check");
        assert_eq!(broken, 0, "PRAGMA foreign_key_check finds nothing");
    }
}

/// Signs `nick` up through the form, the pages in `lang` (`?lang=`): the
/// status and the page.
async fn sign_up(address: &str, nick: &str, lang: &str) -> (StatusCode, String) {
    let client = crate::helpers::new_client();
    let form = client
        .get(format!("{address}/signup?lang={lang}"))
        .send()
        .await
        .expect("GET")
        .text()
        .await
        .expect("body");
    let email = format!("{}@club.example", nick.to_lowercase());
    let res = client
        .post(format!("{address}/signup?lang={lang}"))
        .form(&[
            ("nick", nick),
            ("full_name", "Test Player"),
            ("email", email.as_str()),
            ("password", PASSWORD),
            ("password_confirm", PASSWORD),
            ("csrf_token", csrf_of(&form).as_str()),
        ])
        .send()
        .await
        .expect("POST");
    (res.status(), res.text().await.expect("body"))
}

/// While the storage refuses writes: a form answers 503 with the storage
/// page in Russian and in English and stores nothing; pages still answer.
async fn refused_while_storage_fails(address: &str, db_url: &str) {
    let (status, page) = sign_up(address, "Refused1", "ru").await;
    assert_eq!(status, StatusCode::SERVICE_UNAVAILABLE, "{page}");
    assert!(
        page.contains("Изменение не сохранено")
            && page.contains("хранилище заполнено или доступно только для чтения"),
        "{page}"
    );
    let (status, page) = sign_up(address, "Refused2", "en").await;
    assert_eq!(status, StatusCode::SERVICE_UNAVAILABLE, "{page}");
    assert!(
        page.contains("The change was not saved")
            && page.contains("storage is full or read-only. Nothing was changed"),
        "{page}"
    );
    let client = crate::helpers::new_client();
    for path in ["/", "/championships", "/login", "/health"] {
        let res = client
            .get(format!("{address}{path}"))
            .send()
            .await
            .expect("GET");
        assert_eq!(res.status(), StatusCode::OK, "GET {path}");
    }
    let mut conn = db::ConnectionManager::new(DbUrl::parse(db_url).expect("url"))
        .connect()
        .expect("connect");
    for nick in ["Refused1", "Refused2"] {
        assert!(
            db::people::by_nick(&mut conn, nick)
                .expect("query")
                .is_none(),
            "{nick} was not stored"
        );
    }
}

/// A full or read-only database gives an error page, not a crash: on
/// SQLite a real SQLITE_FULL (the database capped by the operator setting
/// `sqlite_max_size_mb` and filled up to it), on PostgreSQL a real 25006
/// (the database set `default_transaction_read_only`, as a standby would
/// be). Forms answer 503 "not saved, nothing changed" in the visitor's
/// language, pages keep working, and once there is room (or the database
/// is writable) the same form succeeds without a restart.
#[tokio::test]
async fn storage_full_or_read_only_gives_a_503_page_and_the_server_goes_on() {
    let dir = tempfile::tempdir().expect("temp dir");
    let pg = crate::helpers::postgres_admin_url();
    // On PostgreSQL the test's own cloned database; on SQLite a file capped
    // at 2 MiB.
    let (db_url, pg_app) = match &pg {
        Some(_) => {
            let app = crate::helpers::TestApp::spawn().await;
            (app.db_url.clone(), Some(app))
        }
        None => (
            format!("sqlite://{}", dir.path().join("league.sqlite3").display()),
            None,
        ),
    };
    let settings = league::config::Settings {
        bind: "127.0.0.1:0".into(),
        data_dir: dir.path().join("data"),
        database_url: Some(secrecy::SecretString::from(db_url.clone())),
        pool_size: Some(2),
        workers: Some(1),
        sqlite_max_size_mb: Some(2),
        mail: league::config::MailSettings {
            worker: false,
            ..league::config::MailSettings::default()
        },
        engine: league::config::EngineSettings {
            worker: false,
            ..Default::default()
        },
        game_servers: league::config::GameServerSettings {
            worker: false,
            ..Default::default()
        },
        ..league::config::Settings::default()
    };
    let app = league::startup::Application::build(settings)
        .await
        .expect("start the app");
    let address = format!("http://127.0.0.1:{}", app.port());
    let (server, _) = app.into_parts();
    let handle = server.handle();
    tokio::spawn(server);
    let (status, page) = sign_up(&address, "Before", "ru").await;
    assert_eq!(status, StatusCode::SEE_OTHER, "{page}");

    match (&pg, &pg_app) {
        (Some(admin_url), Some(app)) => {
            let name = app
                .db_url
                .rsplit('/')
                .next()
                .and_then(|n| n.split('?').next())
                .expect("database name")
                .to_owned();
            let mut admin = PgConnection::establish(admin_url).expect("admin");
            let read_only = |admin: &mut PgConnection, on: bool| {
                use diesel::connection::SimpleConnection;
                admin
                    .batch_execute(&format!(
                        "ALTER DATABASE \"{name}\" SET default_transaction_read_only = {}; \
                         SELECT pg_terminate_backend(pid) FROM pg_stat_activity \
                         WHERE datname = '{name}' AND pid <> pg_backend_pid();",
                        if on { "on" } else { "off" }
                    ))
                    .expect("alter database");
            };
            // The pool's connections are cut; the ones it opens next are
            // read-only.
            read_only(&mut admin, true);
            refused_while_storage_fails(&address, &db_url).await;
            read_only(&mut admin, false);
        }
        _ => {
            // Fill the database up to its cap through a connection capped
            // the same way: big rows, then small ones, until SQLite refuses.
            let url = DbUrl::parse(&db_url).expect("url");
            let mut conn = db::ConnectionManager::new(url)
                .sqlite_max_size_mb(Some(2))
                .connect()
                .expect("connect");
            for size in [50_000, 1_000, 10] {
                let fault = loop {
                    let written = db::write_transaction(&mut conn, |c| {
                        db::audit::Entry::new("test.filler", "x")
                            .said(
                                league::i18n::Message::new(league::msg!(
                                    "audit-organizations-created"
                                ))
                                .arg("name", "f".repeat(size)),
                            )
                            .record(c)
                    });
                    if let Err(e) = written {
                        break db::DbError::Query(e).storage_fault();
                    }
                };
                assert_eq!(fault, Some(db::StorageFault::Full), "SQLITE_FULL");
            }
            refused_while_storage_fails(&address, &db_url).await;
            // Room again: the filler goes (its pages are free for reuse).
            diesel::sql_query("DELETE FROM audit_log WHERE action = 'test.filler'")
                .execute(&mut conn)
                .expect("free space");
        }
    }
    let (status, page) = sign_up(&address, "After", "ru").await;
    assert_eq!(status, StatusCode::SEE_OTHER, "{page}");
    handle.stop(true).await;
}

/// A pooled connection whose transaction a panic cut short is not handed
/// to the next caller: its transaction is rolled back with it, and the next
/// caller's transaction is a real one that other connections see committed.
#[tokio::test]
async fn a_connection_left_in_a_transaction_by_a_panic_is_not_reused() {
    let app = crate::helpers::TestApp::spawn().await;
    let url = DbUrl::parse(&app.db_url).expect("url");
    let pool = db::connect(&url, 1).expect("pool");
    let held = pool.clone();
    let interrupted = std::thread::spawn(move || {
        let mut conn = held.get().expect("connection");
        let _ = conn.transaction::<(), diesel::result::Error, _>(|c| {
            diesel::connection::SimpleConnection::batch_execute(
                c,
                "CREATE TABLE pool_probe_interrupted (n INTEGER)",
            )?;
            panic!("interrupted in the middle of a transaction");
        });
    })
    .join();
    assert!(interrupted.is_err(), "the thread panicked");
    let mut conn = pool.get().expect("a connection after the panic");
    conn.transaction::<(), diesel::result::Error, _>(|c| {
        diesel::connection::SimpleConnection::batch_execute(
            c,
            "CREATE TABLE pool_probe_committed (n INTEGER)",
        )
    })
    .expect("a new transaction");
    drop(conn);
    let mut other = app.db();
    diesel::connection::SimpleConnection::batch_execute(
        &mut other,
        "SELECT n FROM pool_probe_committed",
    )
    .expect("the next caller's transaction was committed");
    assert!(
        diesel::connection::SimpleConnection::batch_execute(
            &mut other,
            "SELECT n FROM pool_probe_interrupted",
        )
        .is_err(),
        "the interrupted transaction was rolled back"
    );
}
