//! The `league` binary as an operator meets it.

use std::io::Write;
use std::process::{Command, Stdio};

use reqwest::StatusCode;

use crate::helpers::{TestApp, new_client};

fn league() -> Command {
    let mut cmd = Command::new(env!("CARGO_BIN_EXE_league"));
    cmd.env_remove("DATABASE_URL")
        .env_remove("LEAGUE_CONFIG")
        .env("LEAGUE_LOG", "error")
        .current_dir(std::env::temp_dir());
    cmd
}

fn one_line_error(database_url: &str) -> String {
    one_line_error_of("migrate", database_url)
}

fn one_line_error_of(command: &str, database_url: &str) -> String {
    let dir = tempfile::tempdir().expect("tmp");
    let out = league()
        .arg(command)
        .env("LEAGUE_BIND", "127.0.0.1:0")
        .env("DATABASE_URL", database_url)
        .env("LEAGUE_DATA_DIR", dir.path())
        .output()
        .expect("run league");
    assert!(!out.status.success(), "must fail for {database_url}");
    let stderr = String::from_utf8_lossy(&out.stderr).into_owned();
    assert_eq!(stderr.trim_end().lines().count(), 1, "one line: {stderr:?}");
    assert!(!stderr.contains("panicked"), "{stderr}");
    stderr
}

#[test]
fn a_bad_database_url_ends_with_one_clear_line() {
    let e = one_line_error("mysql://root@localhost/league");
    assert!(
        e.contains("unsupported database URL scheme \"mysql\""),
        "{e}"
    );
    let e = one_line_error("postgres://postgres@127.0.0.1:1/league");
    assert!(e.contains("cannot open the database"), "{e}");
    assert!(e.contains("127.0.0.1") || e.contains("connect"), "{e}");
    let e = one_line_error("sqlite:///proc/no-such-dir/x/league.sqlite3");
    assert!(e.starts_with("league: "), "{e}");
    // The server refuses to start the same way.
    let e = one_line_error_of("serve", "postgres://postgres@127.0.0.1:1/league");
    assert!(e.contains("cannot open the database"), "{e}");
    let e = one_line_error_of("serve", "redis://localhost");
    assert!(
        e.contains("unsupported database URL scheme \"redis\""),
        "{e}"
    );
}

#[test]
fn help_lists_the_subcommands() {
    let out = league().arg("--help").output().expect("run");
    let text = String::from_utf8_lossy(&out.stdout);
    for sub in ["serve", "migrate", "create-admin"] {
        assert!(text.contains(sub), "{text}");
    }
}

#[test]
fn migrate_creates_the_sqlite_database_in_the_data_dir() {
    let dir = tempfile::tempdir().expect("tmp");
    let data = dir.path().join("data");
    let out = league()
        .arg("migrate")
        .env("LEAGUE_DATA_DIR", &data)
        .output()
        .expect("run");
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert!(data.join("league.sqlite3").exists());
    assert!(String::from_utf8_lossy(&out.stdout).contains("schema version"));
}

#[tokio::test]
async fn create_admin_reads_the_password_from_stdin() {
    let app = TestApp::spawn().await;
    let password = "granite-meadow-41-compass";
    let mut child = league()
        .args([
            "create-admin",
            "--nick",
            "Chief",
            "--email",
            "chief@club.example",
            "--name",
            "Главный Судья",
        ])
        .env("DATABASE_URL", &app.db_url)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("run");
    child
        .stdin
        .take()
        .expect("stdin")
        .write_all(format!("{password}\n").as_bytes())
        .expect("write");
    let out = child.wait_with_output().expect("wait");
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );

    let client = new_client();
    assert_eq!(
        app.log_in_with(&client, "Chief", password).await.status,
        StatusCode::SEE_OTHER
    );
    assert_eq!(app.get_with(&client, "/admin").await.status, StatusCode::OK);
}

#[tokio::test]
async fn create_admin_refuses_a_weak_password() {
    let app = TestApp::spawn().await;
    let mut child = league()
        .args([
            "create-admin",
            "--nick",
            "Chief",
            "--email",
            "chief@club.example",
            "--name",
            "Chief",
        ])
        .env("DATABASE_URL", &app.db_url)
        .stdin(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("run");
    child
        .stdin
        .take()
        .expect("stdin")
        .write_all(b"password1\n")
        .expect("write");
    let out = child.wait_with_output().expect("wait");
    assert!(!out.status.success());
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(
        stderr.contains("password: The password is too short."),
        "{stderr}"
    );
}
