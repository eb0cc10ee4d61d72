//! `TestApp::spawn()` and the helpers that make a test read like its scenario.

use std::sync::Mutex;
use std::sync::atomic::{AtomicU32, Ordering};

use diesel::connection::SimpleConnection;
use diesel::{Connection, PgConnection, RunQueryDsl};
use league::config::{MailSettings, Settings};
use league::db::{self, DbConnection, DbUrl, ManageConnection};
use league::ids::PersonId;
use league::mail::worker::Worker;
use league::startup::Application;
use reqwest::StatusCode;
use secrecy::SecretString;

pub const PASSWORD: &str = "violet-harbor-73-kettle";

pub struct TestApp {
    pub address: String,
    pub client: reqwest::Client,
    pub db_url: String,
    /// What the app was started with (its data directory, mail settings).
    pub settings: Settings,
    server: actix_web::dev::ServerHandle,
    worker: Option<Worker>,
    pool: league::db::Pool,
    _dir: tempfile::TempDir,
    _db: TestDb,
}

/// A test that never ends fails the run at once, by name, instead of
/// holding the whole run until CI's own time limit ends it unexplained.
mod watchdog {
    use std::cell::RefCell;
    use std::collections::BTreeMap;
    use std::io::Write;
    use std::sync::{Mutex, OnceLock};
    use std::time::{Duration, Instant};

    /// Far above the slowest test (a season of 640 steps on PostgreSQL,
    /// a few minutes on two cores beside the rest of the suite).
    const HUNG_AFTER: Duration = Duration::from_secs(15 * 60);

    /// The tests that started an app and whose threads are still alive:
    /// thread id -> (test name, start).
    fn running() -> &'static Mutex<BTreeMap<String, (String, Instant)>> {
        static RUNNING: OnceLock<Mutex<BTreeMap<String, (String, Instant)>>> = OnceLock::new();
        RUNNING.get_or_init(|| {
            std::thread::spawn(|| {
                loop {
                    std::thread::sleep(Duration::from_secs(5));
                    let hung: Vec<_> = running()
                        .lock()
                        .expect("watchdog")
                        .values()
                        .filter(|(_, since)| since.elapsed() > HUNG_AFTER)
                        .map(|(name, since)| (name.clone(), since.elapsed().as_secs()))
                        .collect();
                    if !hung.is_empty() {
                        // Straight to the process's stderr: this thread was
                        // started inside a test, whose captured output is
                        // never shown when the process exits.
                        let mut err = std::io::stderr().lock();
                        for (name, secs) in hung {
                            let _ =
                                writeln!(err, "test {name} has run for {secs} s: taken as hung");
                        }
                        std::process::exit(101);
                    }
                }
            });
            Mutex::default()
        })
    }

    /// Leaves the list when the test's thread ends, after its runtime and
    /// everything the test left behind have been dropped.
    struct Registration(String);

    impl Drop for Registration {
        fn drop(&mut self) {
            if let Ok(mut running) = running().lock() {
                running.remove(&self.0);
            }
        }
    }

    thread_local! {
        static REGISTERED: RefCell<Option<Registration>> = const { RefCell::new(None) };
    }

    /// Called by every app a test starts; the first call of a test's
    /// thread starts its clock (libtest names the thread after the test).
    pub fn watch_this_test() {
        REGISTERED.with(|r| {
            let mut r = r.borrow_mut();
            if r.is_none() {
                let thread = std::thread::current();
                let key = format!("{:?}", thread.id());
                let name = thread.name().unwrap_or("a test").to_owned();
                running()
                    .lock()
                    .expect("watchdog")
                    .insert(key.clone(), (name, Instant::now()));
                *r = Some(Registration(key));
            }
        });
    }
}

/// A PostgreSQL database made for one test and dropped after it.
enum TestDb {
    Sqlite,
    Postgres { admin_url: String, name: String },
}

impl Drop for TestDb {
    fn drop(&mut self) {
        if let TestDb::Postgres { admin_url, name } = self
            && let Ok(mut conn) = PgConnection::establish(admin_url)
        {
            let _ = conn.batch_execute(&format!("DROP DATABASE IF EXISTS \"{name}\" WITH (FORCE)"));
        }
    }
}

/// Whether `LEAGUE_REQUIRE` (a comma-separated list, e.g.
/// `engine,postgres`) names this requirement: CI names what its machine
/// provides, so that a check needing it cannot pass by skipping there.
pub fn required(requirement: &str) -> bool {
    std::env::var("LEAGUE_REQUIRE")
        .is_ok_and(|list| list.split(',').any(|r| r.trim() == requirement))
}

/// A check that cannot run here: it says so on the test's output, or fails
/// when `LEAGUE_REQUIRE` names the missing requirement.
pub fn skipped(requirement: &str, why: &str) {
    assert!(
        !required(requirement),
        "{why}, and LEAGUE_REQUIRE names {requirement}: this check must run here"
    );
    eprintln!("SKIPPED (needs {requirement}): {why}");
}

pub fn postgres_admin_url() -> Option<String> {
    std::env::var("TEST_DATABASE_URL")
        .ok()
        .filter(|u| !u.is_empty())
}

/// `postgres://u@h:p/old?x` with the database name replaced.
pub fn with_database(url: &str, name: &str) -> String {
    let (base, query) = match url.split_once('?') {
        Some((b, q)) => (b, Some(q)),
        None => (url, None),
    };
    let after_scheme = base.find("://").map_or(0, |i| i + 3);
    let root = match base[after_scheme..].find('/') {
        Some(i) => &base[..after_scheme + i],
        None => base,
    };
    match query {
        Some(q) => format!("{root}/{name}?{q}"),
        None => format!("{root}/{name}"),
    }
}

/// Name of the migrated template: changes whenever a migration does.
fn template_name() -> String {
    use std::hash::{Hash, Hasher};
    let mut hasher = std::collections::hash_map::DefaultHasher::new();
    let dir =
        std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("crates/db/migrations/postgres");
    let mut entries: Vec<_> = walk(&dir);
    entries.sort();
    for path in entries {
        path.to_string_lossy().hash(&mut hasher);
        std::fs::read(&path).unwrap_or_default().hash(&mut hasher);
    }
    format!("league_tpl_{:016x}", hasher.finish())
}

fn walk(dir: &std::path::Path) -> Vec<std::path::PathBuf> {
    let mut out = Vec::new();
    if let Ok(rd) = std::fs::read_dir(dir) {
        for e in rd.flatten() {
            let p = e.path();
            if p.is_dir() {
                out.extend(walk(&p));
            } else {
                out.push(p);
            }
        }
    }
    out
}

static TEMPLATE: Mutex<Option<String>> = Mutex::new(None);
static COUNTER: AtomicU32 = AtomicU32::new(0);

/// Creates (once per test binary) a migrated template database and clones
/// it for this test: much faster than migrating every database.
fn fresh_postgres(admin_url: &str) -> (String, String) {
    let mut guard = TEMPLATE.lock().unwrap_or_else(|e| e.into_inner());
    let template = match guard.as_ref() {
        Some(t) => t.clone(),
        None => {
            let name = template_name();
            let mut admin =
                PgConnection::establish(admin_url).expect("connect to TEST_DATABASE_URL");
            let exists: bool = diesel::select(diesel::dsl::sql::<diesel::sql_types::Bool>(
                &format!("EXISTS (SELECT 1 FROM pg_database WHERE datname = '{name}')"),
            ))
            .get_result(&mut admin)
            .expect("query pg_database");
            if !exists {
                // Migrate under a temporary name, then rename: a template
                // is never seen half-migrated.
                let tmp = format!("{name}_tmp{}", std::process::id());
                admin
                    .batch_execute(&format!("DROP DATABASE IF EXISTS \"{tmp}\""))
                    .expect("drop stale template");
                admin
                    .batch_execute(&format!("CREATE DATABASE \"{tmp}\""))
                    .expect("create template");
                {
                    let url = DbUrl::parse(&with_database(admin_url, &tmp)).expect("url");
                    let mut conn = db::ConnectionManager::new(url)
                        .connect()
                        .expect("connect template");
                    db::run_migrations(&mut conn).expect("migrate template");
                }
                if admin
                    .batch_execute(&format!("ALTER DATABASE \"{tmp}\" RENAME TO \"{name}\""))
                    .is_err()
                {
                    let _ = admin.batch_execute(&format!("DROP DATABASE IF EXISTS \"{tmp}\""));
                }
            }
            *guard = Some(name.clone());
            name
        }
    };
    drop(guard);
    let name = format!(
        "league_test_{}_{}",
        std::process::id(),
        COUNTER.fetch_add(1, Ordering::SeqCst)
    );
    let mut admin = PgConnection::establish(admin_url).expect("connect to TEST_DATABASE_URL");
    admin
        .batch_execute(&format!("DROP DATABASE IF EXISTS \"{name}\""))
        .expect("drop stale test database");
    admin
        .batch_execute(&format!(
            "CREATE DATABASE \"{name}\" TEMPLATE \"{template}\""
        ))
        .expect("clone template");
    // A test's database need not survive a crash of the server: commits
    // return before the WAL reaches the disk (the suite's time is mostly
    // spent waiting for those flushes).
    admin
        .batch_execute(&format!(
            "ALTER DATABASE \"{name}\" SET synchronous_commit = off"
        ))
        .expect("commits without waiting for the disk");
    (with_database(admin_url, &name), name)
}

pub struct Spawn {
    public_url: Option<String>,
    max_upload_bytes: Option<u64>,
    mail: Option<MailSettings>,
    trust_proxy: bool,
    lichess_url: Option<String>,
    page_cache_redraw_ms: Option<u64>,
}

impl TestApp {
    /// The tournament named in `url` (`…/tournaments/{t}…`) has started:
    /// its start is put a minute before now unless it is earlier already.
    pub fn start_tournament(&self, url: &str) {
        let t: i64 = url
            .split("/tournaments/")
            .nth(1)
            .and_then(|rest| rest.split(['/', '?', '#']).next())
            .and_then(|id| id.parse().ok())
            .unwrap_or_else(|| panic!("no tournament in {url}"));
        let t = league::ids::TournamentId(t);
        let mut conn = self.db();
        let before = db::tournaments::by_id(&mut conn, t)
            .expect("tournament")
            .expect("exists");
        let now = db::utc_now() - chrono::Duration::minutes(1);
        if before.starts_at > now {
            league::db::write_transaction(&mut conn, |tx| db::tournaments::set_start(tx, t, now))
                .expect("start");
        }
    }

    pub async fn spawn() -> TestApp {
        TestApp::builder().start().await
    }

    pub fn builder() -> Spawn {
        Spawn {
            public_url: None,
            max_upload_bytes: None,
            mail: None,
            trust_proxy: false,
            lichess_url: None,
            page_cache_redraw_ms: None,
        }
    }
}

impl Spawn {
    pub fn public_url(mut self, url: &str) -> Spawn {
        self.public_url = Some(url.to_owned());
        self
    }

    /// A small upload limit, so that "max + 1 bytes" is cheap to send.
    pub fn max_upload_bytes(mut self, n: u64) -> Spawn {
        self.max_upload_bytes = Some(n);
        self
    }

    /// Believes `X-Forwarded-For`, so that a test can speak from many
    /// addresses ([`client_at`]).
    pub fn trust_proxy(mut self) -> Spawn {
        self.trust_proxy = true;
        self
    }

    /// Lets a visitor's kept page serve this long after its content
    /// changed (the server's default; tests otherwise run exact, with 0).
    pub fn page_cache_redraw_ms(mut self, ms: u64) -> Spawn {
        self.page_cache_redraw_ms = Some(ms);
        self
    }

    /// Points the game-server client at this address (a stand-in).
    pub fn lichess_url(mut self, url: &str) -> Spawn {
        self.lichess_url = Some(url.to_owned());
        self
    }

    /// Runs the outbox worker with these mail settings (without this the
    /// app writes outbox rows but sends nothing).
    pub fn mail(mut self, mail: MailSettings) -> Spawn {
        self.mail = Some(mail);
        self
    }

    pub async fn start(self) -> TestApp {
        watchdog::watch_this_test();
        let dir = tempfile::tempdir().expect("temp dir");
        let (db_url, test_db) = match postgres_admin_url() {
            Some(admin_url) => {
                let admin = admin_url.clone();
                let (url, name) = tokio::task::spawn_blocking(move || fresh_postgres(&admin))
                    .await
                    .expect("create database");
                (url, TestDb::Postgres { admin_url, name })
            }
            None => (
                format!("sqlite://{}", dir.path().join("league.sqlite3").display()),
                TestDb::Sqlite,
            ),
        };
        let settings = Settings {
            bind: "127.0.0.1:0".into(),
            data_dir: dir.path().join("data"),
            database_url: Some(SecretString::from(db_url.clone())),
            public_url: self.public_url.unwrap_or_else(|| "http://127.0.0.1".into()),
            pool_size: Some(2),
            workers: Some(1),
            trust_proxy: self.trust_proxy,
            max_upload_bytes: self
                .max_upload_bytes
                .unwrap_or(Settings::default().max_upload_bytes),
            mail: self.mail.unwrap_or(MailSettings {
                worker: false,
                ..MailSettings::default()
            }),
            // The analysis worker is tested through its steps
            // (`app::analysis::work_once`), not as a thread of each app.
            engine: league::config::EngineSettings {
                worker: false,
                ..Default::default()
            },
            // The game-server worker too is driven through its steps
            // (`app::game_servers::worker::Work::tick`).
            // Visitors' pages exact to the last change, so that a test reads
            // its change at once; the redraw window has its own tests
            // (`page_cache::a_visitor_s_page_is_drawn_at_most_once_a_window_…`).
            page_cache_redraw_ms: self.page_cache_redraw_ms.unwrap_or(0),
            game_servers: league::config::GameServerSettings {
                worker: false,
                lichess_url: self
                    .lichess_url
                    .unwrap_or_else(|| "http://127.0.0.1:9".into()),
                ..Default::default()
            },
            ..Settings::default()
        };
        let (address, server, worker, pool) = serve(settings.clone()).await;
        TestApp {
            address,
            client: new_client(),
            db_url,
            settings,
            server,
            worker,
            pool,
            _dir: dir,
            _db: test_db,
        }
    }
}

async fn serve(
    settings: Settings,
) -> (
    String,
    actix_web::dev::ServerHandle,
    Option<Worker>,
    league::db::Pool,
) {
    let app = Application::build(settings).await.expect("start the app");
    let address = format!("http://127.0.0.1:{}", app.port());
    let pool = app.pool();
    let (server, worker) = app.into_parts();
    let handle = server.handle();
    // The server runs on a thread and runtime of its own, and TestApp's
    // Drop stops it. Spawned on the test's runtime, it was cancelled with
    // that runtime while its worker threads, and with them the app's pool
    // and content clock, ran on for the rest of the test binary: hundreds
    // of pools retrying their dropped PostgreSQL databases took every
    // connection slot the server has.
    std::thread::Builder::new()
        .name("test-server".into())
        .spawn(move || {
            tokio::runtime::Builder::new_current_thread()
                .enable_all()
                .build()
                .expect("the test server's runtime")
                .block_on(server)
        })
        .expect("the test server's thread");
    (address, handle, worker, pool)
}

impl Drop for TestApp {
    fn drop(&mut self) {
        // The stop command is sent at once; the server's thread carries it
        // out (its workers end, dropping the app's pool).
        drop(self.server.stop(false));
    }
}

impl TestApp {
    /// Stops the server and its outbox worker as a shutdown would, then
    /// starts a new instance on the same database and data directory
    /// (sessions survive: the cookie key is kept there).
    pub async fn restart(&mut self) {
        self.stop().await;
        let (address, server, worker, pool) = serve(self.settings.clone()).await;
        self.address = address;
        self.server = server;
        self.worker = worker;
        self.pool = pool;
    }

    /// Another instance on the same database and data directory, as behind
    /// a load balancer (its own pool, standings cache and outbox worker):
    /// its address, server handle and worker.
    pub async fn second_instance(&self) -> (String, actix_web::dev::ServerHandle, Option<Worker>) {
        let (address, server, worker, _) = serve(self.settings.clone()).await;
        (address, server, worker)
    }

    /// Every SQL statement the server runs on its pool's connections while
    /// `f` runs, as diesel shows it (the text and its bound values).
    pub async fn statements_during<F: std::future::Future>(
        &self,
        f: F,
    ) -> (F::Output, Vec<String>) {
        use diesel::connection::{Connection, InstrumentationEvent};
        use std::sync::{Arc, Mutex};
        let seen: Arc<Mutex<Vec<String>>> = Arc::default();
        let pool = self.pool.clone();
        let log = seen.clone();
        // Every connection of the pool is held at once, so each gets the
        // instrumentation before the server may use it again.
        let each = move |record: bool| {
            let held: Vec<_> = (0..pool.max_size())
                .map(|_| pool.get().expect("a pooled connection"))
                .collect();
            for mut conn in held {
                let log = log.clone();
                if record {
                    conn.set_instrumentation(move |event: InstrumentationEvent<'_>| {
                        if let InstrumentationEvent::StartQuery { query, .. } = event {
                            log.lock().expect("log").push(query.to_string());
                        }
                    });
                } else {
                    conn.set_instrumentation(|_: InstrumentationEvent<'_>| {});
                }
            }
        };
        let (on, off) = (each.clone(), each);
        tokio::task::spawn_blocking(move || on(true))
            .await
            .expect("instrument");
        let out = f.await;
        tokio::task::spawn_blocking(move || off(false))
            .await
            .expect("instrument");
        let seen = seen.lock().expect("log").clone();
        (out, seen)
    }

    /// Stops the server and the worker (a crash between two requests).
    pub async fn stop(&mut self) {
        self.server.stop(true).await;
        if let Some(worker) = self.worker.take() {
            worker.stop().await;
        }
    }
}

/// A browser of its own: a separate cookie jar, redirects not followed.
/// Idle connections are dropped after 2 s, before the server's 5 s
/// keep-alive ends them: a request sent on a connection the server is just
/// closing fails with "IncompleteMessage" (seen once in a slow test).
pub fn new_client() -> reqwest::Client {
    reqwest::Client::builder()
        .cookie_store(true)
        .redirect(reqwest::redirect::Policy::none())
        .pool_idle_timeout(std::time::Duration::from_secs(2))
        .build()
        .expect("client")
}

/// A browser of its own that says it comes from `address` (believed by
/// an app started with [`Spawn::trust_proxy`]).
pub fn client_at(address: &str) -> reqwest::Client {
    let mut headers = reqwest::header::HeaderMap::new();
    headers.insert(
        "x-forwarded-for",
        reqwest::header::HeaderValue::from_str(address).expect("address"),
    );
    reqwest::Client::builder()
        .cookie_store(true)
        .redirect(reqwest::redirect::Policy::none())
        .pool_idle_timeout(std::time::Duration::from_secs(2))
        .default_headers(headers)
        .build()
        .expect("client")
}

pub struct Page {
    pub status: StatusCode,
    pub html: scraper::Html,
    pub text: String,
    pub headers: reqwest::header::HeaderMap,
}

impl Page {
    /// The flash messages of the page, joined.
    pub fn flash(&self) -> String {
        self.texts(".flash").join(" ")
    }

    /// The text of the first element matching `selector`.
    pub fn select_text(&self, selector: &str) -> Option<String> {
        let sel = scraper::Selector::parse(selector).expect("selector");
        self.html
            .select(&sel)
            .next()
            .map(|e| e.text().collect::<String>().trim().to_owned())
    }

    pub fn attr(&self, selector: &str, attr: &str) -> Option<String> {
        let sel = scraper::Selector::parse(selector).expect("selector");
        self.html
            .select(&sel)
            .next()
            .and_then(|e| e.value().attr(attr).map(str::to_owned))
    }

    /// What a browser would send for the form `selector` unchanged: every
    /// named input, textarea and select, a checkbox only when checked.
    /// The CSRF token is left out (`post_with` adds the session's).
    pub fn form_fields(&self, selector: &str) -> Vec<(String, String)> {
        let form_sel = scraper::Selector::parse(selector).expect("selector");
        let fields = scraper::Selector::parse("input[name], textarea[name], select[name]")
            .expect("selector");
        let option = scraper::Selector::parse("option").expect("selector");
        let form = self.html.select(&form_sel).next().expect("the form");
        let mut out = Vec::new();
        for field in form.select(&fields) {
            let e = field.value();
            let name = e.attr("name").unwrap_or_default().to_owned();
            if name == "csrf_token" || e.attr("type") == Some("submit") {
                continue;
            }
            let value = match e.name() {
                "textarea" => field.text().collect::<String>(),
                "select" => {
                    let options: Vec<_> = field.select(&option).collect();
                    options
                        .iter()
                        .find(|o| o.value().attr("selected").is_some())
                        .or(options.first())
                        .and_then(|o| o.value().attr("value"))
                        .unwrap_or_default()
                        .to_owned()
                }
                _ if e.attr("type") == Some("checkbox") => {
                    if e.attr("checked").is_none() {
                        continue;
                    }
                    e.attr("value").unwrap_or("on").to_owned()
                }
                _ => e.attr("value").unwrap_or_default().to_owned(),
            };
            out.push((name, value));
        }
        out
    }

    pub fn location(&self) -> Option<&str> {
        self.headers
            .get(reqwest::header::LOCATION)
            .and_then(|v| v.to_str().ok())
    }
}

pub async fn into_page(res: reqwest::Response) -> Page {
    let status = res.status();
    let headers = res.headers().clone();
    let text = res.text().await.expect("body");
    Page {
        status,
        html: scraper::Html::parse_document(&text),
        text,
        headers,
    }
}

impl TestApp {
    pub fn url(&self, path: &str) -> String {
        format!("{}{}", self.address, path)
    }

    pub async fn get_with(&self, client: &reqwest::Client, path: &str) -> Page {
        into_page(client.get(self.url(path)).send().await.expect("GET")).await
    }

    pub async fn get(&self, path: &str) -> Page {
        self.get_with(&self.client, path).await
    }

    /// The CSRF token of the client's session, as its pages carry it.
    pub async fn csrf_with(&self, client: &reqwest::Client) -> String {
        self.get_with(client, "/")
            .await
            .attr("input[name=csrf_token]", "value")
            .expect("a page carries a CSRF token")
    }

    /// POSTs a form as a browser would: with the session's CSRF token.
    pub async fn post_with(
        &self,
        client: &reqwest::Client,
        path: &str,
        fields: &[(&str, &str)],
    ) -> Page {
        let token = self.csrf_with(client).await;
        let mut body: Vec<(&str, &str)> = fields.to_vec();
        body.push(("csrf_token", &token));
        into_page(
            client
                .post(self.url(path))
                .form(&body)
                .send()
                .await
                .expect("POST"),
        )
        .await
    }

    /// [`TestApp::post_with`], with every SQL statement the server runs for
    /// the POST itself (not for the page read for its CSRF token).
    pub async fn post_counted(
        &self,
        client: &reqwest::Client,
        path: &str,
        fields: &[(&str, &str)],
    ) -> (Page, Vec<String>) {
        let token = self.csrf_with(client).await;
        let mut body: Vec<(&str, &str)> = fields.to_vec();
        body.push(("csrf_token", &token));
        let send = client.post(self.url(path)).form(&body).send();
        let (answer, sql) = self.statements_during(send).await;
        (into_page(answer.expect("POST")).await, sql)
    }

    /// Sends the regulation form of championship `c` as its page shows it,
    /// with `changes` typed in (text, summary or settings by field name);
    /// the button is "publish" unless `changes` names another `action`.
    pub async fn regulation_change(
        &self,
        client: &reqwest::Client,
        c: i64,
        changes: &[(&str, &str)],
    ) -> Page {
        let url = format!("/championships/{c}/regulation");
        let mut fields = self
            .get_with(client, &url)
            .await
            .form_fields("#regulation-form");
        fields.push(("action".into(), "publish".into()));
        for (name, value) in changes {
            match fields.iter_mut().find(|(n, _)| n == name) {
                Some(field) => field.1 = (*value).to_owned(),
                None => fields.push(((*name).to_owned(), (*value).to_owned())),
            }
        }
        let fields: Vec<(&str, &str)> = fields
            .iter()
            .map(|(n, v)| (n.as_str(), v.as_str()))
            .collect();
        self.post_with(client, &url, &fields).await
    }

    pub async fn post(&self, path: &str, fields: &[(&str, &str)]) -> Page {
        self.post_with(&self.client, path, fields).await
    }

    /// A form POST with no CSRF token at all.
    pub async fn post_without_csrf(&self, path: &str, fields: &[(&str, &str)]) -> Page {
        into_page(
            self.client
                .post(self.url(path))
                .form(fields)
                .send()
                .await
                .expect("POST"),
        )
        .await
    }

    pub async fn sign_up_with(&self, client: &reqwest::Client, nick: &str) -> Page {
        let email = format!("{}@club.example", nick.to_lowercase());
        self.post_with(
            client,
            "/signup",
            &[
                ("nick", nick),
                ("full_name", "Test Player"),
                ("email", &email),
                ("password", PASSWORD),
                ("password_confirm", PASSWORD),
            ],
        )
        .await
    }

    /// Signs up (and so in) on the app's own client.
    pub async fn sign_up(&self, nick: &str) -> Page {
        self.sign_up_with(&self.client, nick).await
    }

    pub async fn log_in_with(&self, client: &reqwest::Client, login: &str, password: &str) -> Page {
        self.post_with(
            client,
            "/login",
            &[("login", login), ("password", password)],
        )
        .await
    }

    pub async fn log_in(&self, login: &str, password: &str) -> Page {
        self.log_in_with(&self.client, login, password).await
    }

    pub async fn log_out(&self) -> Page {
        self.post("/logout", &[]).await
    }

    /// The server's own connection pool (a test may hold its connections
    /// to see what a request does when none is free).
    pub fn pool(&self) -> &league::db::Pool {
        &self.pool
    }

    /// A direct connection to the test's database, for setting up state
    /// that has no page yet and for checking what a request stored.
    pub fn db(&self) -> DbConnection {
        db::ConnectionManager::new(DbUrl::parse(&self.db_url).expect("url"))
            .connect()
            .expect("connect to the test database")
    }

    /// Game-server blitz ratings (lichess.org), each (person, day, value),
    /// as the kept games' records give them.
    pub fn server_blitz_ratings(&self, rows: &[(league::ids::PersonId, chrono::NaiveDate, i32)]) {
        let now = db::utc_now();
        let rows: Vec<db::ratings::NewRating> = rows
            .iter()
            .map(|&(person_id, as_of, value)| db::ratings::NewRating {
                person_id,
                source: "server_blitz".into(),
                value,
                as_of,
                origin: "game".into(),
                site: Some("lichess.org".into()),
                game_id: None,
                recorded_by: None,
                recorded_at: now,
            })
            .collect();
        db::write_transaction(&mut self.db(), |tx| db::ratings::insert(tx, &rows))
            .expect("ratings");
    }

    pub fn make_admin(&self, nick: &str) {
        let mut conn = self.db();
        let person = db::people::by_nick(&mut conn, nick)
            .expect("query")
            .expect("person exists");
        league::db::write_transaction(&mut conn, |tx| db::people::set_admin(tx, person.id, true))
            .expect("set admin");
    }
}

// ------------------------------------------------------------------
// Championships, teams and people, driven through their pages.

impl Page {
    /// The value of `attr` on every element matching `selector`, in order.
    pub fn attrs(&self, selector: &str, attr: &str) -> Vec<String> {
        let sel = scraper::Selector::parse(selector).expect("selector");
        self.html
            .select(&sel)
            .filter_map(|e| e.value().attr(attr).map(str::to_owned))
            .collect()
    }

    /// The trimmed text of every element matching `selector`, in order.
    pub fn texts(&self, selector: &str) -> Vec<String> {
        let sel = scraper::Selector::parse(selector).expect("selector");
        self.html
            .select(&sel)
            .map(|e| e.text().collect::<String>().trim().to_owned())
            .collect()
    }

    /// The id a `303 See Other` to `{prefix}{id}` names: what a form created.
    pub fn location_id(&self, prefix: &str) -> i64 {
        assert_eq!(self.status, StatusCode::SEE_OTHER, "{}", self.text);
        let location = self.location().expect("a Location header");
        location
            .strip_prefix(prefix)
            .and_then(|id| id.parse().ok())
            .unwrap_or_else(|| panic!("{location} is not {prefix}{{id}}"))
    }
}

static SLUGS: AtomicU32 = AtomicU32::new(0);

impl TestApp {
    /// A browser of its own, signed in as a new account `nick`.
    pub async fn person(&self, nick: &str) -> reqwest::Client {
        let client = new_client();
        let page = self.sign_up_with(&client, nick).await;
        assert_eq!(page.status, StatusCode::SEE_OTHER, "sign up {nick}");
        client
    }

    /// A browser signed in as a new platform administrator `nick`.
    pub async fn admin(&self, nick: &str) -> reqwest::Client {
        let client = self.person(nick).await;
        self.make_admin(nick);
        client
    }

    /// The id of the account `nick` (looked up in the database).
    pub fn person_id(&self, nick: &str) -> PersonId {
        db::people::by_nick(&mut self.db(), nick)
            .expect("query")
            .unwrap_or_else(|| panic!("{nick} exists"))
            .id
    }

    /// An administrator creates a championship from preset `G`, `R` or `E`
    /// through the form (`POST /championships`); returns its id.
    pub async fn create_championship(&self, admin: &reqwest::Client, preset: &str) -> i64 {
        let n = SLUGS.fetch_add(1, Ordering::SeqCst);
        let slug = format!("{}-{n}", preset.to_lowercase());
        let name = format!("Чемпионат {preset} {n}");
        self.post_with(
            admin,
            "/championships",
            &[
                ("name", &name),
                ("slug", &slug),
                ("preset", preset),
                ("time_zone", "Europe/Moscow"),
            ],
        )
        .await
        .location_id("/championships/")
    }

    /// Appoints `nick` to `role` (`organizer`, `chief_judge`, `judge`) on
    /// the championship page's staff form.
    pub async fn grant_role(
        &self,
        by: &reqwest::Client,
        championship: i64,
        nick: &str,
        role: &str,
    ) {
        let page = self
            .post_with(
                by,
                &format!("/championships/{championship}/staff"),
                &[("nick", nick), ("role", role)],
            )
            .await;
        assert_eq!(page.status, StatusCode::SEE_OTHER, "grant {role} to {nick}");
    }

    /// A captain's application (G-B11): the page answering it, a 303 to
    /// the new team or the form again with its errors. `organization` is
    /// the id the form's drop-down sends, `""` for none.
    pub async fn apply_team(
        &self,
        captain: &reqwest::Client,
        championship: i64,
        name: &str,
        organization: &str,
    ) -> Page {
        self.post_with(
            captain,
            &format!("/championships/{championship}/apply"),
            &[
                ("name", name),
                ("motto", "Вперёд!"),
                ("organization", organization),
            ],
        )
        .await
    }

    /// A judge approves (`reason` may be empty) or rejects a pending team
    /// from the queue.
    pub async fn decide_team(
        &self,
        judge: &reqwest::Client,
        championship: i64,
        team: i64,
        decision: &str,
        reason: &str,
    ) -> Page {
        self.post_with(
            judge,
            &format!("/championships/{championship}/teams/{team}/decision"),
            &[("decision", decision), ("reason", reason)],
        )
        .await
    }

    /// The captain invites `nick`; the invitee accepts with the button on
    /// their account page. Both steps must succeed.
    pub async fn invite_and_accept(
        &self,
        captain: &reqwest::Client,
        team: i64,
        invitee: &reqwest::Client,
        nick: &str,
    ) {
        let page = self
            .post_with(
                captain,
                &format!("/teams/{team}/invitations"),
                &[("nick", nick)],
            )
            .await;
        assert_eq!(
            page.status,
            StatusCode::SEE_OTHER,
            "invite {nick}: {}",
            page.text
        );
        self.accept_invitation(invitee, team, nick).await;
    }

    /// The invitee presses the accept button of the team's invitation on
    /// their account page; they are on the roster afterwards.
    pub async fn accept_invitation(&self, invitee: &reqwest::Client, team: i64, nick: &str) {
        let account = self.get_with(invitee, "/account").await;
        let item = scraper::Selector::parse("ul.invitations li").expect("selector");
        let link =
            scraper::Selector::parse(&format!("a[href=\"/teams/{team}\"]")).expect("selector");
        let form = scraper::Selector::parse("form").expect("selector");
        let accept = account
            .html
            .select(&item)
            .filter(|li| li.select(&link).next().is_some())
            .flat_map(|li| li.select(&form).filter_map(|f| f.value().attr("action")))
            .find(|a| a.ends_with("/accept"))
            .map(str::to_owned)
            .unwrap_or_else(|| panic!("{nick} sees the invitation"));
        let page = self.post_with(invitee, &accept, &[]).await;
        assert_eq!(page.status, StatusCode::SEE_OTHER);
        assert!(
            self.get_with(invitee, "/account")
                .await
                .attrs("a", "href")
                .contains(&format!("/teams/{team}")),
            "{nick} is on the roster"
        );
    }

    /// An organizer (or admin) adds an organization on `/organizations`;
    /// returns the id the application form's drop-down offers for it.
    pub async fn create_organization(&self, organizer: &reqwest::Client, name: &str) -> i64 {
        let page = self
            .post_with(
                organizer,
                "/organizations",
                &[("name", name), ("parent", "")],
            )
            .await;
        assert_eq!(page.status, StatusCode::SEE_OTHER, "{}", page.text);
        let list = self.get_with(organizer, "/organizations").await;
        let sel = scraper::Selector::parse("#org-parent option").expect("selector");
        list.html
            .select(&sel)
            .find(|o| o.text().collect::<String>().trim() == name)
            .and_then(|o| o.value().attr("value"))
            .and_then(|v| v.parse().ok())
            .unwrap_or_else(|| panic!("{name} is offered"))
    }
}

#[derive(diesel::QueryableByName)]
struct TextColumn {
    #[diesel(sql_type = diesel::sql_types::Text)]
    table_name: String,
    #[diesel(sql_type = diesel::sql_types::Text)]
    column_name: String,
}

#[derive(diesel::QueryableByName)]
struct Count {
    #[diesel(sql_type = diesel::sql_types::BigInt)]
    n: i64,
}

impl TestApp {
    /// Every (table, column) of the database whose text holds `needle`
    /// somewhere, exactly (case and every character as given: `LIKE`
    /// would read `_` as any character and find a random hash that holds
    /// "lio" and one more): for checks that a secret is stored nowhere in
    /// clear.
    pub fn columns_holding(&self, needle: &str) -> Vec<(String, String)> {
        use diesel::sql_types::Text;
        let pattern = needle.to_owned();
        // The text columns of each backend's catalogue, then one count per
        // column; only the catalogue and the substring function differ.
        let count_sql = |col: &TextColumn, holds: &str, placeholder: &str| {
            format!(
                "SELECT COUNT(*) AS n FROM \"{}\" WHERE {holds}(\"{}\", {placeholder}) > 0",
                col.table_name, col.column_name
            )
        };
        let holding = |columns: Vec<TextColumn>,
                       mut count: Box<dyn FnMut(&TextColumn) -> i64 + '_>| {
            columns
                .into_iter()
                .filter(|col| count(col) > 0)
                .map(|col| (col.table_name, col.column_name))
                .collect::<Vec<_>>()
        };
        match &mut self.db() {
            DbConnection::Sqlite(c) => {
                let columns = diesel::sql_query(
                    "SELECT m.name AS table_name, p.name AS column_name \
                     FROM sqlite_master m JOIN pragma_table_info(m.name) p \
                     WHERE m.type = 'table' AND upper(p.type) LIKE '%TEXT%'",
                )
                .load::<TextColumn>(c)
                .expect("sqlite text columns");
                holding(
                    columns,
                    Box::new(|col| {
                        diesel::sql_query(count_sql(col, "instr", "?"))
                            .bind::<Text, _>(&pattern)
                            .get_result::<Count>(c)
                            .expect("count")
                            .n
                    }),
                )
            }
            DbConnection::Postgresql(c) => {
                let columns = diesel::sql_query(
                    "SELECT table_name::text AS table_name, column_name::text AS column_name \
                     FROM information_schema.columns WHERE table_schema = current_schema() \
                     AND data_type IN ('text', 'character varying')",
                )
                .load::<TextColumn>(c)
                .expect("postgres text columns");
                holding(
                    columns,
                    Box::new(|col| {
                        diesel::sql_query(count_sql(col, "strpos", "$1"))
                            .bind::<Text, _>(&pattern)
                            .get_result::<Count>(c)
                            .expect("count")
                            .n
                    }),
                )
            }
        }
    }
}
