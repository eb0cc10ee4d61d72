//! Settings: built-in defaults, then an optional TOML file (`league.toml`, or
//! the file named by `--config` / `LEAGUE_CONFIG`), then the environment
//! (`LEAGUE_…`, plus the conventional `DATABASE_URL`). Secrets are
//! [`SecretString`]s: they never appear in logs or `Debug` output.

use std::path::{Path, PathBuf};

use figment::Figment;
use figment::providers::{Env, Format, Serialized, Toml};
use secrecy::{ExposeSecret, SecretString};
use serde::{Deserialize, Serialize};

use crate::db::{DbError, DbUrl};

#[derive(Debug, Clone, Serialize, Deserialize)]
#[serde(default)]
pub struct Settings {
    /// Address to listen on (`LEAGUE_BIND`).
    pub bind: String,
    /// Where the SQLite database and the generated cookie key live
    /// (`LEAGUE_DATA_DIR`).
    pub data_dir: PathBuf,
    /// `sqlite://PATH` or `postgres://…` (`DATABASE_URL`); default: the SQLite
    /// file `league.sqlite3` in the data directory.
    #[serde(serialize_with = "hide")]
    pub database_url: Option<SecretString>,
    /// Key for signing and encrypting session cookies, at least 32 bytes
    /// (`LEAGUE_SECRET_KEY`); generated on first run and kept in the data
    /// directory when not given. Every instance behind one load balancer
    /// must share it.
    #[serde(serialize_with = "hide")]
    pub secret_key: Option<SecretString>,
    /// The address people use to reach the site (`LEAGUE_PUBLIC_URL`); when it
    /// is https, cookies are marked Secure.
    pub public_url: String,
    /// Database connections per instance (`LEAGUE_POOL_SIZE`); default 4 for
    /// SQLite, 12 for PostgreSQL.
    pub pool_size: Option<u32>,
    /// HTTP worker threads (`LEAGUE_WORKERS`); default: one per core.
    pub workers: Option<usize>,
    /// Take the client address from `X-Forwarded-For` / `Forwarded`
    /// (`LEAGUE_TRUST_PROXY`); only behind a proxy that sets them.
    pub trust_proxy: bool,
    /// tracing filter (`LEAGUE_LOG`), e.g. `info` or `league=debug`.
    pub log: String,
    /// Largest document upload in bytes (`LEAGUE_MAX_UPLOAD_BYTES`);
    /// default 10 MiB. Enforced while the upload is read.
    pub max_upload_bytes: u64,
    /// Organizers may purge a championship's documents uploaded longer ago
    /// than this many days (`LEAGUE_DOCUMENT_RETENTION_DAYS`); default 365.
    pub document_retention_days: u32,
    /// Views kept by the standings cache per page kind (season table,
    /// crosstable) (`LEAGUE_STANDINGS_CACHE_ENTRIES`); default 256, 0 turns
    /// the cache off. Entries are keyed by the championship's results
    /// version, so they are never stale (`web::cache`).
    pub standings_cache_entries: usize,
    /// Memory the standings cache may hold, in MiB, split between the two
    /// page kinds (`LEAGUE_STANDINGS_CACHE_MB`); default 32, 0 turns the
    /// cache off. Views are weighed by an estimate of their size.
    pub standings_cache_mb: u64,
    /// Memory the cache of visitors' public pages may hold, in MiB
    /// (`LEAGUE_PAGE_CACHE_MB`); default 16, 0 turns it off. Pages are
    /// kept as bytes for their content versions and one second at most
    /// (`web::infra::page_cache`).
    pub page_cache_mb: u64,
    /// How long a visitor's kept page may go on serving after its content
    /// changed, in milliseconds (`LEAGUE_PAGE_CACHE_REDRAW_MS`); default
    /// 250, 0 makes every visitor's page exact to the last committed
    /// change. While results arrive many times a second, each page is then
    /// drawn at most four times a second, whatever the rate of results,
    /// and a change shows to visitors within a quarter of a second (people
    /// signed in always get pages drawn for them).
    pub page_cache_redraw_ms: u64,
    /// Largest size of the SQLite database in MiB
    /// (`LEAGUE_SQLITE_MAX_SIZE_MB`); none by default. A change that would
    /// grow the file beyond it is refused like one on a full disk (an error
    /// page, nothing stored), so the database cannot fill a disk it shares.
    /// Ignored on PostgreSQL.
    pub sqlite_max_size_mb: Option<u64>,
    /// A signed-in session unused for this many hours ends
    /// (`LEAGUE_SESSION_IDLE_HOURS`); default 168 (a week).
    pub session_idle_hours: u32,
    /// A signed-in session ends this many days after the sign-in however
    /// much it is used (`LEAGUE_SESSION_MAX_DAYS`); default 30.
    pub session_max_days: u32,
    /// E-mail notices (`[mail]` in the file, `LEAGUE_MAIL__HOST` etc. in
    /// the environment).
    pub mail: MailSettings,
    /// The UCI engine of the fair-play evidence (`[engine]`,
    /// `LEAGUE_ENGINE__PATH` etc.).
    pub engine: EngineSettings,
    /// Game servers: where the platform creates games and reads results
    /// back (`[game_servers]`, `LEAGUE_GAME_SERVERS__LICHESS_URL` etc.).
    pub game_servers: GameServerSettings,
}

/// How the platform reaches game servers. Pointing it at another server
/// that answers lichess's API (a test's stand-in, a private instance) is
/// this configuration only.
#[derive(Debug, Clone, Serialize, Deserialize)]
#[serde(default)]
pub struct GameServerSettings {
    /// lichess's address (`https://lichess.org`).
    pub lichess_url: String,
    /// The client id the platform announces in lichess's sign-in (lichess
    /// needs no registration: any stable name).
    pub lichess_client_id: String,
    /// Run the game-server worker in this instance: it creates the games
    /// of connected championships' rounds and records their results.
    pub worker: bool,
    /// How often the worker looks at the games, in milliseconds.
    pub poll_interval_ms: u64,
    /// Games of a round published now are created this many seconds
    /// later (players see their game's link first); never before the
    /// tournament's announced start.
    pub lead_seconds: u32,
    /// After a 429 answer the worker waits this long (lichess asks for a
    /// full minute).
    pub rate_limit_pause_ms: u64,
    /// The first wait after a failed request (5xx, no answer); it doubles
    /// with each failure up to `retry_max_ms`.
    pub retry_base_ms: u64,
    pub retry_max_ms: u64,
}

impl Default for GameServerSettings {
    fn default() -> Self {
        GameServerSettings {
            lichess_url: "https://lichess.org".into(),
            lichess_client_id: "league-platform".into(),
            worker: true,
            poll_interval_ms: 5_000,
            lead_seconds: 120,
            rate_limit_pause_ms: 60_000,
            retry_base_ms: 5_000,
            retry_max_ms: 300_000,
        }
    }
}

/// The chess engine the fair-play analysis runs (G-E3): an external UCI
/// program, found on PATH as `stockfish` (Debian installs it in
/// /usr/games) unless `path` names one. Without an engine the platform
/// runs as before and the evidence page says that no analysis can be made.
#[derive(Debug, Clone, Serialize, Deserialize)]
#[serde(default)]
pub struct EngineSettings {
    pub path: Option<PathBuf>,
    /// Search depth per position (plies); bounded so that a tournament's
    /// games take minutes, not hours.
    pub depth: u32,
    /// Largest time per position, in milliseconds (0: depth alone).
    pub movetime_ms: u32,
    /// Run the analysis worker in this instance (one job, one game at a
    /// time, at a lower priority).
    pub worker: bool,
    /// How often the worker looks for a job.
    pub poll_interval_ms: u64,
}

impl Default for EngineSettings {
    fn default() -> Self {
        EngineSettings {
            path: None,
            depth: 12,
            movetime_ms: 0,
            worker: true,
            poll_interval_ms: 2_000,
        }
    }
}

impl EngineSettings {
    /// The search limits of the analysis.
    pub fn limits(&self) -> crate::engine::Limits {
        crate::engine::Limits {
            depth: self.depth.clamp(1, 40),
            movetime_ms: (self.movetime_ms > 0).then_some(self.movetime_ms),
            ..crate::engine::Limits::default()
        }
    }
}

/// How the SMTP connection is secured.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, Default)]
#[serde(rename_all = "lowercase")]
pub enum MailSecurity {
    /// Plain connection upgraded with STARTTLS (usually port 587).
    #[default]
    Starttls,
    /// TLS from the first byte (usually port 465).
    Tls,
    /// No encryption: only for a relay on the same host or tests.
    None,
}

/// The outbox worker and its SMTP server. Without `host`, messages are
/// written as `.eml` files under `outbox_dir` (default `DATA_DIR/outbox`).
#[derive(Debug, Clone, Serialize, Deserialize)]
#[serde(default)]
pub struct MailSettings {
    /// SMTP server; none: `.eml` files instead.
    pub host: Option<String>,
    /// Default: 587 for STARTTLS, 465 for TLS, 25 without.
    pub port: Option<u16>,
    pub security: MailSecurity,
    pub user: Option<String>,
    #[serde(serialize_with = "hide")]
    pub password: Option<SecretString>,
    /// The sender, e.g. `League <league@example.org>`.
    pub from: String,
    /// Where `.eml` files go without SMTP; default `DATA_DIR/outbox`.
    pub outbox_dir: Option<PathBuf>,
    /// Run the sending worker in this instance.
    pub worker: bool,
    /// How often the worker looks for due messages.
    pub poll_interval_ms: u64,
    /// First retry delay; it doubles with every failed attempt...
    pub retry_base_ms: u64,
    /// ...up to this.
    pub retry_max_ms: u64,
    /// After this many failed attempts a message is marked failed.
    pub max_attempts: u32,
    /// How long a claim on a message lasts (an instance that dies while
    /// sending lets it go after this).
    pub lease_secs: u64,
    /// SMTP timeout per command.
    pub timeout_secs: u64,
    /// The hour of the day (UTC) from which the officials' daily digest
    /// of what waits for them is queued (5: 08:00 Moscow time; 24 or
    /// more: never).
    pub digest_hour_utc: u32,
}

impl Default for MailSettings {
    fn default() -> Self {
        MailSettings {
            host: None,
            port: None,
            security: MailSecurity::default(),
            user: None,
            password: None,
            from: "League <league@localhost>".into(),
            outbox_dir: None,
            worker: true,
            poll_interval_ms: 2_000,
            retry_base_ms: 30_000,
            retry_max_ms: 6 * 3_600_000,
            max_attempts: 10,
            lease_secs: 300,
            timeout_secs: 30,
            digest_hour_utc: 5,
        }
    }
}

impl MailSettings {
    pub fn port(&self) -> u16 {
        self.port.unwrap_or(match self.security {
            MailSecurity::Starttls => 587,
            MailSecurity::Tls => 465,
            MailSecurity::None => 25,
        })
    }
}

fn hide<S: serde::Serializer>(v: &Option<SecretString>, s: S) -> Result<S::Ok, S::Error> {
    match v {
        Some(_) => s.serialize_some("<hidden>"),
        None => s.serialize_none(),
    }
}

impl Default for Settings {
    fn default() -> Self {
        Settings {
            bind: "127.0.0.1:8080".into(),
            data_dir: PathBuf::from("data"),
            database_url: None,
            secret_key: None,
            public_url: "http://127.0.0.1:8080".into(),
            pool_size: None,
            workers: None,
            trust_proxy: false,
            log: "info".into(),
            max_upload_bytes: 10 * 1024 * 1024,
            document_retention_days: 365,
            standings_cache_entries: 256,
            standings_cache_mb: 32,
            page_cache_mb: 16,
            page_cache_redraw_ms: 250,
            sqlite_max_size_mb: None,
            session_idle_hours: 168,
            session_max_days: 30,
            mail: MailSettings::default(),
            engine: EngineSettings::default(),
            game_servers: GameServerSettings::default(),
        }
    }
}

#[derive(Debug, thiserror::Error)]
pub enum ConfigError {
    #[error("configuration: {0}")]
    Load(#[from] Box<figment::Error>),
    #[error("configuration file {0} does not exist")]
    MissingFile(PathBuf),
    #[error(transparent)]
    Database(#[from] DbError),
    #[error("LEAGUE_SECRET_KEY must be at least 32 bytes long")]
    ShortSecret,
    #[error("cannot read or write the cookie key {0}: {1}")]
    KeyFile(PathBuf, std::io::Error),
}

impl Settings {
    /// Loads the settings. `file` is an explicitly named configuration file
    /// (which must exist); without one, `league.toml` is read if present.
    pub fn load(file: Option<&Path>) -> Result<Settings, ConfigError> {
        let file = match file {
            Some(f) if !f.exists() => return Err(ConfigError::MissingFile(f.to_owned())),
            Some(f) => f.to_owned(),
            None => PathBuf::from("league.toml"),
        };
        Figment::from(Serialized::defaults(Settings::default()))
            .merge(Toml::file(file))
            .merge(Env::prefixed("LEAGUE_").ignore(&["config"]).split("__"))
            .merge(Env::raw().only(&["DATABASE_URL"]))
            .extract()
            .map_err(|e| ConfigError::Load(Box::new(e)))
    }

    pub fn database_url(&self) -> Result<DbUrl, DbError> {
        match &self.database_url {
            Some(url) => DbUrl::parse(url.expose_secret()),
            None => Ok(DbUrl::Sqlite(self.data_dir.join("league.sqlite3"))),
        }
    }

    pub fn pool_size(&self, url: &DbUrl) -> u32 {
        self.pool_size.unwrap_or(match url {
            DbUrl::Sqlite(_) => 4,
            DbUrl::Postgres(_) => 12,
        })
    }

    /// How long signed-in sessions last on the server.
    pub fn session_lifetime(&self) -> crate::sessions::Lifetime {
        crate::sessions::Lifetime {
            idle: chrono::TimeDelta::hours(i64::from(self.session_idle_hours.max(1))),
            absolute: chrono::TimeDelta::days(i64::from(self.session_max_days.max(1))),
        }
    }

    /// Where `.eml` files are written when no SMTP server is configured.
    pub fn outbox_dir(&self) -> PathBuf {
        self.mail
            .outbox_dir
            .clone()
            .unwrap_or_else(|| self.data_dir.join("outbox"))
    }

    pub fn secure_cookies(&self) -> bool {
        self.public_url.starts_with("https://")
    }

    /// The master key for cookies: the configured one, or the one kept in
    /// `data_dir/cookie.key`, created with 64 random bytes on first run.
    pub fn cookie_master_key(&self) -> Result<Vec<u8>, ConfigError> {
        if let Some(key) = &self.secret_key {
            let bytes = key.expose_secret().as_bytes().to_vec();
            return if bytes.len() < 32 {
                Err(ConfigError::ShortSecret)
            } else {
                Ok(bytes)
            };
        }
        let path = self.data_dir.join("cookie.key");
        let io = |e| ConfigError::KeyFile(path.clone(), e);
        match std::fs::read(&path) {
            Ok(bytes) if bytes.len() >= 32 => Ok(bytes),
            Ok(_) => Err(io(std::io::Error::other("file is shorter than 32 bytes"))),
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => {
                std::fs::create_dir_all(&self.data_dir).map_err(io)?;
                let key: [u8; 64] = rand::random();
                write_private(&path, &key).map_err(io)?;
                Ok(key.to_vec())
            }
            Err(e) => Err(io(e)),
        }
    }
}

/// Writes a file only its owner can read, and waits until it is on disk: a
/// filesystem that fails soon after (bench/faults.sh) would otherwise leave
/// an empty key file and a server that refuses to start.
fn write_private(path: &Path, bytes: &[u8]) -> std::io::Result<()> {
    use std::io::Write;
    let mut options = std::fs::OpenOptions::new();
    options.write(true).create_new(true);
    #[cfg(unix)]
    std::os::unix::fs::OpenOptionsExt::mode(&mut options, 0o600);
    let mut file = options.open(path)?;
    file.write_all(bytes)?;
    file.sync_all()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn defaults_use_sqlite_in_the_data_dir() {
        let s = Settings::default();
        assert_eq!(s.bind, "127.0.0.1:8080");
        assert!(
            matches!(s.database_url(), Ok(DbUrl::Sqlite(p)) if p == Path::new("data/league.sqlite3"))
        );
        assert!(!s.secure_cookies());
    }

    #[test]
    fn debug_output_hides_secrets() {
        let s = Settings {
            database_url: Some(SecretString::from("postgres://u:hunter2@h/db")),
            secret_key: Some(SecretString::from("k".repeat(40))),
            mail: MailSettings {
                password: Some(SecretString::from("smtp-hunter3")),
                ..MailSettings::default()
            },
            ..Settings::default()
        };
        let shown = format!("{s:?} {}", serde_json::to_string(&s).unwrap_or_default());
        assert!(!shown.contains("hunter2"), "{shown}");
        assert!(!shown.contains(&"k".repeat(40)), "{shown}");
        assert!(!shown.contains("smtp-hunter3"), "{shown}");
    }

    #[test]
    fn cookie_key_is_generated_once_and_kept() {
        let dir = tempfile::tempdir().expect("temp dir");
        let s = Settings {
            data_dir: dir.path().join("data"),
            ..Settings::default()
        };
        let first = s.cookie_master_key().expect("generated");
        let second = s.cookie_master_key().expect("read back");
        assert_eq!(first.len(), 64);
        assert_eq!(first, second);
    }

    #[test]
    fn a_short_secret_is_refused() {
        let s = Settings {
            secret_key: Some(SecretString::from("short")),
            ..Settings::default()
        };
        assert!(matches!(
            s.cookie_master_key(),
            Err(ConfigError::ShortSecret)
        ));
    }
}
