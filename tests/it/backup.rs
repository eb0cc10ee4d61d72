//! Faults: `league backup FILE` copies a live SQLite database
//! while it is being written, refuses to overwrite a file, checks the copy,
//! and sends PostgreSQL operators to pg_dump.
//!
//! These tests always use a SQLite file of their own (the backup is a
//! SQLite feature), on either backend's run of the suite.

use std::path::Path;
use std::process::Command;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, AtomicI64, Ordering};

use diesel::prelude::*;
use league::db::{self, DbUrl, audit, backup};

fn league_backup(database_url: &str, file: &Path) -> std::process::Output {
    Command::new(env!("CARGO_BIN_EXE_league"))
        .arg("backup")
        .arg(file)
        .env_remove("LEAGUE_CONFIG")
        .env("DATABASE_URL", database_url)
        .env("LEAGUE_LOG", "error")
        .env("LEAGUE_DATA_DIR", std::env::temp_dir())
        .current_dir(std::env::temp_dir())
        .output()
        .expect("run league")
}

/// The ids of the `backup.test` audit rows of a SQLite file, in order.
fn written_ids(path: &Path) -> Vec<i64> {
    use league::db::schema::audit_log::dsl as a;
    let mut conn = SqliteConnection::establish(&path.to_string_lossy()).expect("open copy");
    a::audit_log
        .filter(a::action.eq("backup.test"))
        .select(a::id)
        .order(a::id)
        .load(&mut conn)
        .expect("read audit_log")
}

#[test]
fn a_backup_taken_while_another_thread_writes_is_consistent_and_passes_the_check() {
    let dir = tempfile::tempdir().expect("tmp");
    let live = dir.path().join("live.sqlite3");
    let url = DbUrl::Sqlite(live.clone());
    let pool = db::connect(&url, 2).expect("create the database");

    // A writer commits one audit row per transaction, as fast as it can,
    // until told to stop; `committed` counts the commits that returned.
    let stop = Arc::new(AtomicBool::new(false));
    let committed = Arc::new(AtomicI64::new(0));
    let writer = {
        let (stop, committed, pool) = (stop.clone(), committed.clone(), pool.clone());
        std::thread::spawn(move || {
            let mut conn = pool.get().expect("conn");
            while !stop.load(Ordering::Relaxed) {
                db::write_transaction(&mut conn, |c| {
                    audit::Entry::new("backup.test", "x")
                        .said(
                            league::i18n::Message::new(league::msg!("audit-organizations-created"))
                                .arg("name", "y".repeat(200)),
                        )
                        .record(c)
                })
                .expect("write");
                committed.fetch_add(1, Ordering::SeqCst);
            }
        })
    };
    while committed.load(Ordering::SeqCst) < 200 {
        std::thread::sleep(std::time::Duration::from_millis(5));
    }

    // Through the library, then through the binary, both mid-stream.
    let first = dir.path().join("first.sqlite3");
    let before = committed.load(Ordering::SeqCst);
    let done = backup::backup(&url, &first).expect("backup");
    let after_first = committed.load(Ordering::SeqCst);
    let second = dir.path().join("second.sqlite3");
    let out = league_backup(&format!("sqlite://{}", live.display()), &second);
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert!(
        out.status.success(),
        "{stdout} {}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert!(
        stdout.contains("integrity check ok") && stdout.contains("second.sqlite3"),
        "{stdout}"
    );
    // The writer was still going after both copies.
    let mark = committed.load(Ordering::SeqCst);
    while committed.load(Ordering::SeqCst) < mark + 20 {
        std::thread::sleep(std::time::Duration::from_millis(5));
    }
    stop.store(true, Ordering::Relaxed);
    writer.join().expect("writer");

    for copy in [&first, &second] {
        assert_eq!(backup::sqlite_integrity(copy).expect("check"), "ok");
    }
    assert_eq!(done.bytes, std::fs::metadata(&first).expect("size").len());
    // A snapshot: the first n rows, no gap, and at least every row whose
    // commit had returned before the copy began.
    let ids = written_ids(&first);
    let n = ids.len() as i64;
    assert!(
        n >= before && n <= after_first + 1,
        "{before} <= {n} <= {after_first}"
    );
    assert!(ids.windows(2).all(|w| w[1] == w[0] + 1), "no gap");
    let later = written_ids(&second);
    assert!(later.len() >= ids.len(), "the later copy holds more");
    assert_eq!(&later[..ids.len()], &ids[..]);
    let total = written_ids(&live).len() as i64;
    assert_eq!(total, committed.load(Ordering::SeqCst));
    assert!(total > later.len() as i64, "writes went on after the copy");
}

#[test]
fn a_backup_never_overwrites_a_file_and_postgres_is_sent_to_pg_dump() {
    let dir = tempfile::tempdir().expect("tmp");
    let live = dir.path().join("live.sqlite3");
    let url = DbUrl::Sqlite(live.clone());
    drop(db::connect(&url, 1).expect("create the database"));
    let taken = dir.path().join("taken.sqlite3");
    std::fs::write(&taken, b"precious").expect("write");
    let out = league_backup(&format!("sqlite://{}", live.display()), &taken);
    assert!(!out.status.success());
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(stderr.contains("already exists"), "{stderr}");
    assert_eq!(std::fs::read(&taken).expect("read"), b"precious");

    // A missing database is not silently created and copied.
    let missing = dir.path().join("missing.sqlite3");
    let out = league_backup(
        &format!("sqlite://{}", missing.display()),
        &dir.path().join("copy.sqlite3"),
    );
    assert!(!out.status.success());
    assert!(!missing.exists() && !dir.path().join("copy.sqlite3").exists());

    let out = league_backup(
        "postgres://postgres@127.0.0.1:5432/league",
        &dir.path().join("pg.sqlite3"),
    );
    assert!(!out.status.success());
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(stderr.contains("pg_dump"), "{stderr}");
    assert!(!dir.path().join("pg.sqlite3").exists());
}
