//! `league backup FILE`: a consistent copy of a live SQLite database.
//!
//! `VACUUM INTO` reads the database inside one read transaction, so the copy
//! is a snapshot of one moment even while the server keeps writing (WAL lets
//! the writers go on). The copy is then opened on its own and must pass
//! `PRAGMA integrity_check`. PostgreSQL is backed up with its own tools
//! (`pg_dump`, see the README).

use std::path::{Path, PathBuf};

use diesel::connection::SimpleConnection;
use diesel::prelude::*;
use diesel::sql_types::Text;

use super::DbUrl;

#[derive(Debug, thiserror::Error)]
pub enum BackupError {
    #[error("{0} already exists: a backup never overwrites a file")]
    Exists(PathBuf),
    #[error("the database {0} does not exist")]
    NoDatabase(PathBuf),
    #[error(
        "the database is PostgreSQL: back it up with pg_dump, e.g. \
         `pg_dump --format=custom --file=league.dump DATABASE_URL` (restore with pg_restore)"
    )]
    Postgres,
    #[error("cannot create {0}: {1}")]
    Create(PathBuf, std::io::Error),
    #[error("cannot open the database: {0}")]
    Connect(#[from] diesel::ConnectionError),
    #[error("cannot copy the database: {0}")]
    Query(#[from] diesel::result::Error),
    #[error("the copy {0} fails the integrity check: {1}")]
    Integrity(PathBuf, String),
}

/// What a finished backup reports.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Backup {
    pub bytes: u64,
}

#[derive(QueryableByName)]
struct IntegrityRow {
    #[diesel(sql_type = Text)]
    integrity_check: String,
}

/// `PRAGMA integrity_check` of a SQLite file: `"ok"` or the problems found,
/// one per line.
pub fn sqlite_integrity(path: &Path) -> Result<String, BackupError> {
    let mut conn = SqliteConnection::establish(&path.to_string_lossy())?;
    let rows: Vec<IntegrityRow> = diesel::sql_query("PRAGMA integrity_check").load(&mut conn)?;
    Ok(rows
        .into_iter()
        .map(|r| r.integrity_check)
        .collect::<Vec<_>>()
        .join("\n"))
}

/// Copies the database at `url` to `target`, which must not exist.
pub fn backup(url: &DbUrl, target: &Path) -> Result<Backup, BackupError> {
    let source = match url {
        DbUrl::Postgres(_) => return Err(BackupError::Postgres),
        DbUrl::Sqlite(path) => path,
    };
    // Opening a missing SQLite file would create an empty database.
    if !source.is_file() {
        return Err(BackupError::NoDatabase(source.clone()));
    }
    // Claim the name first (O_EXCL): `VACUUM INTO` accepts an empty file,
    // and nobody else can slip a file in between the check and the copy.
    match std::fs::OpenOptions::new()
        .write(true)
        .create_new(true)
        .open(target)
    {
        Ok(_) => {}
        Err(e) if e.kind() == std::io::ErrorKind::AlreadyExists => {
            return Err(BackupError::Exists(target.to_owned()));
        }
        Err(e) => return Err(BackupError::Create(target.to_owned(), e)),
    }
    let result = copy(source, target);
    if result.is_err() {
        let _ = std::fs::remove_file(target);
    }
    result
}

fn copy(source: &Path, target: &Path) -> Result<Backup, BackupError> {
    let mut conn = SqliteConnection::establish(&source.to_string_lossy())?;
    conn.batch_execute("PRAGMA busy_timeout = 5000;")?;
    diesel::sql_query("VACUUM INTO ?")
        .bind::<Text, _>(target.to_string_lossy())
        .execute(&mut conn)?;
    drop(conn);
    let check = sqlite_integrity(target)?;
    if check != "ok" {
        return Err(BackupError::Integrity(target.to_owned(), check));
    }
    let bytes = std::fs::metadata(target)
        .map_err(|e| BackupError::Create(target.to_owned(), e))?
        .len();
    Ok(Backup { bytes })
}
