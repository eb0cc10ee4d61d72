//! The only place with SQL (house rule 3). One [`DbConnection`] type runs the
//! same diesel queries on SQLite (the embedded default) and PostgreSQL; the
//! backend is picked from the URL scheme by [`ConnectionManager`].

pub mod api_tokens;
pub mod appeals;
pub mod audit;
pub mod backup;
pub mod championships;
pub mod documents;
pub mod entries;
pub mod lineups;
pub mod login_attempts;
pub mod organizations;
pub mod outbox;
pub mod penalties;
pub mod people;
pub mod regulation_versions;
pub mod results;
pub mod roles;
pub mod rounds;
pub mod schema;
pub mod series;
pub mod standing;
pub mod teams;
pub mod tournaments;

use std::path::PathBuf;
use std::time::Duration;

use diesel::connection::SimpleConnection;
use diesel::prelude::*;
use diesel::r2d2;
pub use diesel::r2d2::ManageConnection;
use diesel_migrations::{EmbeddedMigrations, MigrationHarness, embed_migrations};

/// Both backends behind one connection type (diesel's MultiConnection).
#[derive(diesel::MultiConnection)]
pub enum DbConnection {
    Postgresql(diesel::PgConnection),
    Sqlite(diesel::SqliteConnection),
}

pub type Pool = r2d2::Pool<ConnectionManager>;
pub type PooledConn = r2d2::PooledConnection<ConnectionManager>;

const SQLITE_MIGRATIONS: EmbeddedMigrations = embed_migrations!("migrations/sqlite");
const POSTGRES_MIGRATIONS: EmbeddedMigrations = embed_migrations!("migrations/postgres");

/// Which database engine a URL names.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Backend {
    Sqlite,
    Postgres,
}

impl Backend {
    pub fn name(self) -> &'static str {
        match self {
            Backend::Sqlite => "sqlite",
            Backend::Postgres => "postgres",
        }
    }
}

/// A parsed `DATABASE_URL`.
#[derive(Clone)]
pub enum DbUrl {
    /// `sqlite://PATH` or `sqlite:PATH`.
    Sqlite(PathBuf),
    /// `postgres://…` or `postgresql://…`, passed to libpq as it is.
    Postgres(String),
}

#[derive(Debug, thiserror::Error)]
pub enum DbError {
    #[error(
        "unsupported database URL scheme {0:?}: use sqlite://PATH or postgres://USER@HOST/NAME"
    )]
    UnknownScheme(String),
    #[error("database URL has no path: {0}")]
    EmptyPath(String),
    #[error("cannot create the directory {0} for the SQLite database: {1}")]
    CreateDir(PathBuf, std::io::Error),
    #[error("cannot open the database: {}", one_line(.0))]
    Connect(#[from] diesel::ConnectionError),
    #[error("database error: {}", one_line(.0))]
    Query(#[from] diesel::result::Error),
    #[error("cannot apply migrations: {0}")]
    Migrate(String),
    #[error("no database connection available: {0}")]
    Pool(#[from] r2d2::PoolError),
}

/// libpq's messages span several lines; an operator wants one.
fn one_line(e: &dyn std::fmt::Display) -> String {
    e.to_string()
        .lines()
        .map(str::trim)
        .filter(|l| !l.is_empty())
        .collect::<Vec<_>>()
        .join("; ")
}

impl DbUrl {
    pub fn parse(url: &str) -> Result<Self, DbError> {
        let (scheme, rest) = url
            .split_once(':')
            .ok_or_else(|| DbError::UnknownScheme(String::new()))?;
        match scheme.to_ascii_lowercase().as_str() {
            "sqlite" => {
                let path = rest.strip_prefix("//").unwrap_or(rest);
                if path.is_empty() {
                    return Err(DbError::EmptyPath(url.to_owned()));
                }
                Ok(DbUrl::Sqlite(PathBuf::from(path)))
            }
            "postgres" | "postgresql" => Ok(DbUrl::Postgres(url.to_owned())),
            other => Err(DbError::UnknownScheme(other.to_owned())),
        }
    }

    pub fn backend(&self) -> Backend {
        match self {
            DbUrl::Sqlite(_) => Backend::Sqlite,
            DbUrl::Postgres(_) => Backend::Postgres,
        }
    }
}

/// r2d2 manager that chooses the backend by URL scheme (the derived
/// `establish` tries each backend in turn and hides the real error) and
/// applies SQLite's per-connection settings.
pub struct ConnectionManager {
    url: DbUrl,
}

impl ConnectionManager {
    pub fn new(url: DbUrl) -> Self {
        ConnectionManager { url }
    }
}

impl ManageConnection for ConnectionManager {
    type Connection = DbConnection;
    type Error = DbError;

    fn connect(&self) -> Result<DbConnection, DbError> {
        match &self.url {
            DbUrl::Sqlite(path) => {
                let path = path.to_string_lossy();
                let mut conn = diesel::SqliteConnection::establish(&path)?;
                // WAL lets readers work while one writer commits; the busy
                // timeout queues writers instead of failing them. It comes
                // first: setting the journal mode takes a lock, and another
                // process may hold one for a moment (the last connection of
                // an instance that stops checkpoints the WAL as it closes).
                conn.batch_execute(
                    "PRAGMA busy_timeout = 5000; PRAGMA foreign_keys = ON; \
                     PRAGMA journal_mode = WAL; PRAGMA synchronous = NORMAL;",
                )?;
                Ok(DbConnection::Sqlite(conn))
            }
            DbUrl::Postgres(url) => Ok(DbConnection::Postgresql(diesel::PgConnection::establish(
                url,
            )?)),
        }
    }

    fn is_valid(&self, conn: &mut DbConnection) -> Result<(), DbError> {
        conn.batch_execute("SELECT 1").map_err(DbError::from)
    }

    fn has_broken(&self, _conn: &mut DbConnection) -> bool {
        false
    }
}

/// Opens one connection first, so that a wrong URL, an unreachable server or
/// a bad password is reported as it is (r2d2 alone would only time out),
/// applies the migrations, then builds the pool.
pub fn connect(url: &DbUrl, pool_size: u32) -> Result<Pool, DbError> {
    if let DbUrl::Sqlite(path) = url
        && let Some(dir) = path.parent().filter(|d| !d.as_os_str().is_empty())
    {
        std::fs::create_dir_all(dir).map_err(|e| DbError::CreateDir(dir.to_owned(), e))?;
    }
    let manager = ConnectionManager::new(url.clone());
    let mut first = manager.connect()?;
    run_migrations(&mut first)?;
    drop(first);
    r2d2::Pool::builder()
        .max_size(pool_size)
        .min_idle(Some(1))
        .connection_timeout(Duration::from_secs(10))
        .build(manager)
        .map_err(DbError::Pool)
}

/// Applies every pending migration of the connection's backend; returns the
/// versions applied now.
pub fn run_migrations(conn: &mut DbConnection) -> Result<Vec<String>, DbError> {
    let applied = match conn {
        DbConnection::Sqlite(c) => c
            .run_pending_migrations(SQLITE_MIGRATIONS)
            .map(|v| v.iter().map(|m| m.to_string()).collect()),
        DbConnection::Postgresql(c) => c
            .run_pending_migrations(POSTGRES_MIGRATIONS)
            .map(|v| v.iter().map(|m| m.to_string()).collect()),
    };
    applied.map_err(|e| DbError::Migrate(one_line(&e)))
}

/// The newest applied migration, e.g. `20261130000001`.
pub fn schema_version(conn: &mut DbConnection) -> Result<String, DbError> {
    let versions = match conn {
        DbConnection::Sqlite(c) => c.applied_migrations(),
        DbConnection::Postgresql(c) => c.applied_migrations(),
    }
    .map_err(|e| DbError::Migrate(one_line(&e)))?;
    Ok(versions
        .iter()
        .map(|v| v.to_string())
        .max()
        .unwrap_or_default())
}

/// Runs `f` in a transaction meant to write. On SQLite it starts with
/// `BEGIN IMMEDIATE`, taking the write lock before the first read: a
/// deferred transaction that reads, then writes while another connection
/// has committed in between fails at once with SQLITE_BUSY (the busy
/// timeout cannot help), so concurrent requests would get errors instead of
/// waiting their turn. On PostgreSQL it is an ordinary transaction; races
/// there end at the unique indexes. Nested `transaction` calls inside `f`
/// become savepoints.
pub fn write_transaction<T, E, F>(conn: &mut DbConnection, f: F) -> Result<T, E>
where
    F: FnOnce(&mut DbConnection) -> Result<T, E>,
    E: From<diesel::result::Error>,
{
    use diesel::connection::{AnsiTransactionManager, TransactionManager};
    let DbConnection::Sqlite(sqlite) = conn else {
        return conn.transaction(f);
    };
    AnsiTransactionManager::begin_transaction_sql(sqlite, "BEGIN IMMEDIATE")?;
    let result = f(conn);
    let DbConnection::Sqlite(sqlite) = conn else {
        return result;
    };
    match result {
        Ok(value) => {
            AnsiTransactionManager::commit_transaction(sqlite)?;
            Ok(value)
        }
        Err(e) => {
            // The error that made us roll back is the one worth reporting.
            let _ = AnsiTransactionManager::rollback_transaction(sqlite);
            Err(e)
        }
    }
}

/// Now, in UTC, truncated to microseconds: SQLite would keep nanoseconds and
/// PostgreSQL microseconds, and a row must read back the same on both.
pub fn utc_now() -> chrono::NaiveDateTime {
    let now = chrono::Utc::now().naive_utc();
    chrono::DurationRound::duration_trunc(now, chrono::TimeDelta::microseconds(1)).unwrap_or(now)
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::path::Path;

    #[test]
    fn url_schemes_pick_the_backend() {
        assert!(
            matches!(DbUrl::parse("sqlite://data/x.db"), Ok(DbUrl::Sqlite(p)) if p == Path::new("data/x.db"))
        );
        assert!(
            matches!(DbUrl::parse("sqlite:x.db"), Ok(DbUrl::Sqlite(p)) if p == Path::new("x.db"))
        );
        assert!(matches!(
            DbUrl::parse("postgres://u@h/db"),
            Ok(DbUrl::Postgres(_))
        ));
        assert!(matches!(
            DbUrl::parse("postgresql://u@h/db"),
            Ok(DbUrl::Postgres(_))
        ));
        let err = DbUrl::parse("mysql://u@h/db").err().map(|e| e.to_string());
        assert_eq!(
            err.as_deref(),
            Some(
                "unsupported database URL scheme \"mysql\": use sqlite://PATH or postgres://USER@HOST/NAME"
            )
        );
        assert!(matches!(
            DbUrl::parse("nonsense"),
            Err(DbError::UnknownScheme(_))
        ));
        assert!(matches!(
            DbUrl::parse("sqlite://"),
            Err(DbError::EmptyPath(_))
        ));
    }

    #[test]
    fn libpq_messages_become_one_line() {
        assert_eq!(one_line(&"a\n  b\n\nc\n"), "a; b; c");
    }
}
