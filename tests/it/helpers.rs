//! `TestApp::spawn()` and the helpers that make a test read like its scenario.

use std::sync::Mutex;
use std::sync::atomic::{AtomicU32, Ordering};

use diesel::connection::SimpleConnection;
use diesel::{Connection, PgConnection, RunQueryDsl};
use league::config::Settings;
use league::db::{self, DbConnection, DbUrl, ManageConnection};
use league::startup::Application;
use reqwest::StatusCode;
use secrecy::SecretString;

pub const PASSWORD: &str = "violet-harbor-73-kettle";

pub struct TestApp {
    pub address: String,
    pub client: reqwest::Client,
    pub db_url: String,
    _dir: tempfile::TempDir,
    _db: TestDb,
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
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("migrations/postgres");
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
    (with_database(admin_url, &name), name)
}

pub struct Spawn {
    public_url: Option<String>,
}

impl TestApp {
    pub async fn spawn() -> TestApp {
        TestApp::builder().start().await
    }

    pub fn builder() -> Spawn {
        Spawn { public_url: None }
    }
}

impl Spawn {
    pub fn public_url(mut self, url: &str) -> Spawn {
        self.public_url = Some(url.to_owned());
        self
    }

    pub async fn start(self) -> TestApp {
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
            static_dir: std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("static"),
            pool_size: Some(2),
            workers: Some(1),
            ..Settings::default()
        };
        let app = Application::build(settings).await.expect("start the app");
        let address = format!("http://127.0.0.1:{}", app.port());
        tokio::spawn(app.into_server());
        TestApp {
            address,
            client: new_client(),
            db_url,
            _dir: dir,
            _db: test_db,
        }
    }
}

/// A browser of its own: a separate cookie jar, redirects not followed.
pub fn new_client() -> reqwest::Client {
    reqwest::Client::builder()
        .cookie_store(true)
        .redirect(reqwest::redirect::Policy::none())
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

    /// A direct connection to the test's database, for setting up state
    /// that has no page yet and for checking what a request stored.
    pub fn db(&self) -> DbConnection {
        db::ConnectionManager::new(DbUrl::parse(&self.db_url).expect("url"))
            .connect()
            .expect("connect to the test database")
    }

    pub fn make_admin(&self, nick: &str) {
        let mut conn = self.db();
        let person = db::people::by_nick(&mut conn, nick)
            .expect("query")
            .expect("person exists");
        db::people::set_admin(&mut conn, person.id(), true).expect("set admin");
    }
}
