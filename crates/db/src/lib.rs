//! The only place with SQL (house rule 3). One [`DbConnection`] type runs the
//! same diesel queries on SQLite (the embedded default) and PostgreSQL; the
//! backend is picked from the URL scheme by [`ConnectionManager`].

pub mod api_tokens;
pub mod appeals;
pub mod audit;
pub mod backup;
pub mod championships;
pub mod check_ins;
pub mod claims;
pub mod content_clock;
pub mod documents;
pub mod entries;
pub mod game_servers;
pub mod games;
pub mod lineups;
pub mod login_attempts;
pub mod organizations;
pub mod outbox;
pub mod penalties;
pub mod people;
pub mod ratings;
pub mod regulation_versions;
pub mod results;
pub mod roles;
pub mod rounds;
pub mod schema;
pub mod series;
pub mod sessions;
pub mod standing;
pub mod teams;
pub mod tournaments;
pub mod violations;
pub mod waiting;

use std::path::PathBuf;
use std::time::Duration;

use diesel::connection::SimpleConnection;
use diesel::prelude::*;
use diesel::r2d2;
pub use diesel::r2d2::ManageConnection;
/// diesel's error types, named for the layers above, which do not depend on
/// diesel.
pub use diesel::result::{DatabaseErrorKind, Error as QueryError, QueryResult};
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
    /// A connection was not tried: the pool's last wait, moments ago,
    /// ended without one ([`Outage`]).
    #[error("the database is unavailable (a connection could not be had moments ago)")]
    Unavailable,
}

/// Why the storage itself refused a write: the disk (or the configured size
/// limit) is full, the database is read-only, the disk failed, or the file
/// cannot be opened. Not a bug in a query and nothing a retry at once would
/// fix; the web layer answers such a failure with 503 and says that nothing
/// was changed. [`DbError::storage_fault`] classifies.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum StorageFault {
    /// SQLITE_FULL (the disk, or `sqlite_max_size_mb`); PostgreSQL 53100.
    Full,
    /// SQLITE_READONLY; PostgreSQL 25006 (a read-only transaction, e.g. a
    /// standby or `default_transaction_read_only`).
    ReadOnly,
    /// SQLITE_IOERR: the operating system failed a read or write.
    Io,
    /// SQLITE_CANTOPEN: the file (or its journal) cannot be opened.
    CantOpen,
}

impl StorageFault {
    /// The fault behind a diesel error, if the storage caused it.
    ///
    /// diesel keeps PostgreSQL's 25006 as a kind of its own but reports every
    /// other SQLite or PostgreSQL code as `Unknown` with the server's message,
    /// so the rest is told by message: SQLite's are the fixed texts of
    /// `sqlite3_errstr` for each primary result code (extended codes such as
    /// SQLITE_IOERR_WRITE or SQLITE_READONLY_DBMOVED share them);
    /// PostgreSQL's 53100 says "No space left on device" (from the operating
    /// system, in English unless the server's `lc_messages` says otherwise).
    pub fn of(e: &diesel::result::Error) -> Option<StorageFault> {
        use diesel::result::{DatabaseErrorKind, Error};
        match e {
            Error::DatabaseError(DatabaseErrorKind::ReadOnlyTransaction, _) => {
                Some(StorageFault::ReadOnly)
            }
            Error::DatabaseError(_, info) => StorageFault::of_message(info.message()),
            Error::RollbackErrorOnCommit { commit_error, .. } => StorageFault::of(commit_error),
            _ => None,
        }
    }

    fn of_message(message: &str) -> Option<StorageFault> {
        const BY_MESSAGE: [(&str, StorageFault); 6] = [
            ("database or disk is full", StorageFault::Full),
            ("no space left on device", StorageFault::Full),
            (
                "attempt to write a readonly database",
                StorageFault::ReadOnly,
            ),
            ("read-only transaction", StorageFault::ReadOnly),
            ("disk i/o error", StorageFault::Io),
            ("unable to open database file", StorageFault::CantOpen),
        ];
        let message = message.to_ascii_lowercase();
        BY_MESSAGE
            .iter()
            .find(|(text, _)| message.contains(text))
            .map(|(_, fault)| *fault)
    }
}

impl DbError {
    /// Whether the storage refused the work (full, read-only, failing) rather
    /// than a query going wrong.
    pub fn storage_fault(&self) -> Option<StorageFault> {
        match self {
            DbError::Query(e) => StorageFault::of(e),
            _ => None,
        }
    }

    /// Whether the database could not be reached: no connection could be
    /// had in time (the pool's wait, [`POOL_WAIT`]), a new one was refused,
    /// or the server dropped the one in use. Nothing a request can fix; the
    /// edges answer 503 with `Retry-After`.
    pub fn unavailable(&self) -> bool {
        match self {
            DbError::Pool(_) | DbError::Connect(_) | DbError::Unavailable => true,
            DbError::Query(e) => connection_lost(e),
            _ => false,
        }
    }
}

/// Whether a statement failed because the connection to the database went
/// away (a PostgreSQL server stopped or restarted, a backend terminated)
/// rather than because of the statement. diesel keeps a closed connection
/// as a kind of its own; libpq's other texts for a lost server are told by
/// message (SQLSTATE 57P01 "terminating connection due to administrator
/// command", 57P02/57P03 "the database system is shutting down / starting
/// up", and the client's own "server closed the connection unexpectedly",
/// "no connection to the server", "could not receive data from server").
pub fn connection_lost(e: &diesel::result::Error) -> bool {
    use diesel::result::{DatabaseErrorKind, Error};
    const LOST: [&str; 8] = [
        "server closed the connection unexpectedly",
        "terminating connection",
        "the database system is shutting down",
        "the database system is starting up",
        "the database system is in recovery mode",
        "no connection to the server",
        "could not receive data from server",
        "could not send data to server",
    ];
    match e {
        Error::DatabaseError(DatabaseErrorKind::ClosedConnection, _) => true,
        Error::DatabaseError(_, info) => {
            let message = info.message().to_ascii_lowercase();
            LOST.iter().any(|t| message.contains(t))
        }
        Error::RollbackErrorOnCommit { commit_error, .. } => connection_lost(commit_error),
        _ => false,
    }
}

/// How long a request waits for a connection of the pool before it is
/// answered 503: long enough for a burst to drain, short enough that a
/// visitor is told at once when the database is away.
pub const POOL_WAIT: Duration = Duration::from_secs(2);

/// How long after a wait for a connection failed the requests that come
/// are answered at once instead of each waiting [`POOL_WAIT`] again.
pub const OUTAGE_HOLD: Duration = Duration::from_secs(1);

/// The pool's check-out with memory of an outage: when a wait for a
/// connection ends without one (the database away, or every connection
/// held far longer than any request takes), the requests of the next
/// [`OUTAGE_HOLD`] are refused at once. Under load, a database that went
/// away costs one wait, not one per request queued on the blocking threads.
#[derive(Debug, Default)]
pub struct Outage {
    /// Milliseconds since the Unix epoch until which no connection is tried.
    until_ms: std::sync::atomic::AtomicU64,
}

impl Outage {
    fn now_ms() -> u64 {
        std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .map_or(0, |d| u64::try_from(d.as_millis()).unwrap_or(u64::MAX))
    }

    /// A connection of `pool`, or why none could be had.
    pub fn get(&self, pool: &Pool) -> Result<PooledConn, DbError> {
        use std::sync::atomic::Ordering;
        if Self::now_ms() < self.until_ms.load(Ordering::Relaxed) {
            return Err(DbError::Unavailable);
        }
        pool.get().map_err(|e| {
            let hold = u64::try_from(OUTAGE_HOLD.as_millis()).unwrap_or(u64::MAX);
            self.until_ms
                .store(Self::now_ms().saturating_add(hold), Ordering::Relaxed);
            DbError::Pool(e)
        })
    }
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
    sqlite_max_size_mb: Option<u64>,
}

impl ConnectionManager {
    pub fn new(url: DbUrl) -> Self {
        ConnectionManager {
            url,
            sqlite_max_size_mb: None,
        }
    }

    /// Caps a SQLite database at this many MiB (`PRAGMA max_page_count` on
    /// every connection): a write that would grow the file beyond it fails
    /// with SQLITE_FULL, as on a full disk. No effect on PostgreSQL.
    pub fn sqlite_max_size_mb(mut self, mb: Option<u64>) -> Self {
        self.sqlite_max_size_mb = mb;
        self
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
                // Each connection keeps 1 MiB of the file's pages (SQLite's
                // default is 2 MiB): the operating system caches the file
                // for all of them, and the pool's four would otherwise hold
                // 8 MiB of the server's 60 MB.
                conn.batch_execute(
                    "PRAGMA busy_timeout = 5000; PRAGMA foreign_keys = ON; \
                     PRAGMA journal_mode = WAL; PRAGMA synchronous = NORMAL; \
                     PRAGMA cache_size = -1024;",
                )?;
                if let Some(mb) = self.sqlite_max_size_mb {
                    let page_size: i64 =
                        diesel::select(diesel::dsl::sql::<diesel::sql_types::BigInt>(
                            "(SELECT page_size FROM pragma_page_size())",
                        ))
                        .get_result(&mut conn)?;
                    let bytes = i64::try_from(mb.saturating_mul(1024 * 1024)).unwrap_or(i64::MAX);
                    let pages = (bytes / page_size.max(1)).max(1);
                    conn.batch_execute(&format!("PRAGMA max_page_count = {pages};"))?;
                }
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

    /// A connection goes back to the pool only in a known state: not when
    /// the thread that held it is unwinding from a panic (its transaction
    /// may be open), nor when diesel's transaction manager says a
    /// transaction on it could not be closed.
    fn has_broken(&self, conn: &mut DbConnection) -> bool {
        use diesel::r2d2::R2D2Connection;
        if std::thread::panicking() {
            return true;
        }
        match conn {
            DbConnection::Sqlite(c) => c.is_broken(),
            DbConnection::Postgresql(c) => c.is_broken(),
        }
    }
}

/// Opens one connection first, so that a wrong URL, an unreachable server or
/// a bad password is reported as it is (r2d2 alone would only time out),
/// applies the migrations, then builds the pool.
pub fn connect(url: &DbUrl, pool_size: u32) -> Result<Pool, DbError> {
    connect_capped(url, pool_size, None)
}

/// [`connect`] with a SQLite database capped at `sqlite_max_size_mb` MiB
/// (see [`ConnectionManager::sqlite_max_size_mb`]).
pub fn connect_capped(
    url: &DbUrl,
    pool_size: u32,
    sqlite_max_size_mb: Option<u64>,
) -> Result<Pool, DbError> {
    if let DbUrl::Sqlite(path) = url
        && let Some(dir) = path.parent().filter(|d| !d.as_os_str().is_empty())
    {
        std::fs::create_dir_all(dir).map_err(|e| DbError::CreateDir(dir.to_owned(), e))?;
    }
    let manager = ConnectionManager::new(url.clone()).sqlite_max_size_mb(sqlite_max_size_mb);
    let mut first = manager.connect()?;
    run_migrations(&mut first)?;
    drop(first);
    // A SQLite connection is a file handle that cannot go stale: testing it
    // on every check-out would cost a statement per request. A PostgreSQL
    // connection can (a restarted server), so it is tested.
    let test_on_check_out = matches!(url, DbUrl::Postgres(_));
    r2d2::Pool::builder()
        .max_size(pool_size)
        .test_on_check_out(test_on_check_out)
        .min_idle(Some(1))
        .connection_timeout(POOL_WAIT)
        .build(manager)
        .map_err(DbError::Pool)
}

/// After a bulk load (`league generate`): on PostgreSQL, rewrites the
/// content-version tables, which the load left holding the dead row
/// versions its triggers wrote (a page's version read scanned 32 MB for
/// 200 rows), and gathers the planner's statistics
/// (without them the player page's games were found by a scan of every
/// match). Nothing to do on SQLite, whose plans do not depend on them.
pub fn tidy_after_bulk_load(conn: &mut DbConnection) -> QueryResult<()> {
    if let DbConnection::Postgresql(pg) = conn {
        // VACUUM runs outside a transaction, one statement at a time.
        pg.batch_execute("VACUUM FULL championship_content")?;
        pg.batch_execute("VACUUM FULL site_content")?;
        pg.batch_execute("ANALYZE")?;
    }
    Ok(())
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

/// The newest applied migration, e.g. `20261130000001`. Read straight from
/// diesel's bookkeeping table (diesel's own `applied_migrations` first runs
/// `CREATE TABLE IF NOT EXISTS`, which a read-only PostgreSQL transaction
/// refuses: the health check would call a read-only database down).
pub fn schema_version(conn: &mut DbConnection) -> Result<String, DbError> {
    let newest: Option<String> = diesel::select(diesel::dsl::sql::<
        diesel::sql_types::Nullable<diesel::sql_types::Text>,
    >(
        "(SELECT max(version) FROM __diesel_schema_migrations)",
    ))
    .get_result(conn)?;
    Ok(newest.unwrap_or_default())
}

/// A transaction meant to write: the only way to call this crate's write
/// functions, which take `&mut WriteTx`. Reads take a plain
/// [`DbConnection`]; a `WriteTx` lends its connection to them by deref. It is
/// opened by [`write_transaction`] alone, and the crates of the pages and the
/// API do not depend on this crate (they reach reads through the application
/// layer's re-export, which leaves [`write_transaction`] out): a handler that
/// writes does not compile.
pub struct WriteTx<'c> {
    conn: &'c mut DbConnection,
}

impl WriteTx<'_> {
    /// The connection, for this crate's queries inside the transaction.
    fn conn(&mut self) -> &mut DbConnection {
        self.conn
    }

    /// Runs `f` in a savepoint: its writes are undone alone when it fails,
    /// the enclosing transaction goes on.
    pub fn savepoint<T, E, F>(&mut self, f: F) -> Result<T, E>
    where
        F: FnOnce(&mut WriteTx<'_>) -> Result<T, E>,
        E: From<diesel::result::Error>,
    {
        self.conn.transaction(|conn| f(&mut WriteTx { conn }))
    }
}

impl std::ops::Deref for WriteTx<'_> {
    type Target = DbConnection;
    fn deref(&self) -> &DbConnection {
        self.conn
    }
}

impl std::ops::DerefMut for WriteTx<'_> {
    fn deref_mut(&mut self) -> &mut DbConnection {
        self.conn
    }
}

/// Runs `f` in a transaction meant to write, handing it the [`WriteTx`]
/// that the write functions ask for. On SQLite it starts with
/// `BEGIN IMMEDIATE`, taking the write lock before the first read: a
/// deferred transaction that reads, then writes while another connection
/// has committed in between fails at once with SQLITE_BUSY (the busy
/// timeout cannot help), so concurrent requests would get errors instead of
/// waiting their turn. On PostgreSQL it is an ordinary transaction; races
/// there end at the unique indexes. [`WriteTx::savepoint`] nests.
pub fn write_transaction<T, E, F>(conn: &mut DbConnection, f: F) -> Result<T, E>
where
    F: FnOnce(&mut WriteTx<'_>) -> Result<T, E>,
    E: From<diesel::result::Error>,
{
    use diesel::connection::{AnsiTransactionManager, TransactionManager};
    let DbConnection::Sqlite(sqlite) = conn else {
        return conn.transaction(|conn| f(&mut WriteTx { conn }));
    };
    AnsiTransactionManager::begin_transaction_sql(sqlite, "BEGIN IMMEDIATE")?;
    let result = f(&mut WriteTx { conn });
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

    /// `.cargo/config.toml` builds the bundled SQLite with QPSG: without
    /// it every `.first()` query is parsed and planned again on each use.
    #[test]
    fn sqlite_is_built_with_the_query_planner_stability_guarantee() {
        use diesel::sql_types::Integer;
        let mut conn = diesel::SqliteConnection::establish(":memory:").expect("in-memory SQLite");
        let on: i32 = diesel::select(diesel::dsl::sql::<Integer>(
            "sqlite_compileoption_used('SQLITE_ENABLE_QPSG')",
        ))
        .get_result(&mut conn)
        .expect("compile options");
        assert_eq!(
            on, 1,
            "LIBSQLITE3_FLAGS of .cargo/config.toml did not reach the build"
        );
    }

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
    fn storage_faults_are_told_from_query_errors() {
        use diesel::result::{DatabaseErrorKind, Error};
        let db = |kind, text: &str| Error::DatabaseError(kind, Box::new(text.to_owned()));
        let unknown = |text: &str| db(DatabaseErrorKind::Unknown, text);
        let cases = [
            (
                unknown("database or disk is full"),
                Some(StorageFault::Full),
            ),
            (
                unknown("attempt to write a readonly database"),
                Some(StorageFault::ReadOnly),
            ),
            (unknown("disk I/O error"), Some(StorageFault::Io)),
            (
                unknown("unable to open database file"),
                Some(StorageFault::CantOpen),
            ),
            (
                unknown("could not extend file \"base/16384/2619\": No space left on device"),
                Some(StorageFault::Full),
            ),
            (
                db(
                    DatabaseErrorKind::ReadOnlyTransaction,
                    "cannot execute INSERT in a read-only transaction",
                ),
                Some(StorageFault::ReadOnly),
            ),
            (
                Error::RollbackErrorOnCommit {
                    commit_error: Box::new(unknown("database or disk is full")),
                    rollback_error: Box::new(Error::BrokenTransactionManager),
                },
                Some(StorageFault::Full),
            ),
            (
                db(
                    DatabaseErrorKind::UniqueViolation,
                    "UNIQUE constraint failed",
                ),
                None,
            ),
            (unknown("no such table: people"), None),
            (Error::NotFound, None),
        ];
        for (error, fault) in cases {
            let shown = error.to_string();
            assert_eq!(DbError::Query(error).storage_fault(), fault, "{shown}");
        }
    }

    #[test]
    fn libpq_messages_become_one_line() {
        assert_eq!(one_line(&"a\n  b\n\nc\n"), "a; b; c");
    }
}
