//! The `league` binary as an operator meets it.

use std::io::Write;
use std::process::{Command, Stdio};

use reqwest::StatusCode;

use crate::helpers::{TestApp, new_client};

/// The `league` binary without the caller's database or configuration,
/// quiet, run from the temporary directory.
pub(crate) fn league() -> Command {
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

/// Four teams, two boards, a round robin with known results:
/// round 1: 1-4 2:0, 2-3 1½:½; round 2: 4-3 1:1, 1-2 1:1; round 3: 2-4 2:0, 3-1 0:2.
/// Team 1: 5 MP (2+1+2), 5 GP; team 2: 5 MP, 4½ GP; team 3: 1 MP, 1½ GP; team 4: 1 MP, 1 GP.
fn round_robin_trf() -> String {
    use league::rules::score::{BoardResult, Colour, Scoring};
    use league::rules::tournament::{
        Game, Match, Pairing, PairingSystem, Round, Team, TeamId, Tournament,
    };
    let game = |board, result| Game {
        board,
        game: 1,
        result,
        home_player: None,
        away_player: None,
    };
    let m = |home, away, r1, r2| {
        Pairing::Match(Match {
            home: TeamId(home),
            away: TeamId(away),
            games: vec![game(1, r1), game(2, r2)],
            forfeit: None,
        })
    };
    use BoardResult::{AwayWin, Draw, HomeWin};
    let mut t = Tournament {
        name: "Check Cup".into(),
        start_date: None,
        end_date: None,
        system: PairingSystem::RoundRobin,
        boards: 2,
        games_per_pairing: 1,
        colours: vec![Colour::White, Colour::Black],
        scoring: Scoring::default(),
        declared_rounds: None,
        initial_colour: None,
        teams: (1..=4)
            .map(|i| Team {
                id: TeamId(i),
                name: format!("Team{}", ["", "A", "B", "C", "D"][usize::from(i)]),
                nickname: None,
                roster: vec![],
            })
            .collect(),
        players: vec![],
        rounds: vec![
            Round {
                number: 1,
                pairings: vec![m(1, 4, HomeWin, HomeWin), m(2, 3, HomeWin, Draw)],
            },
            Round {
                number: 2,
                pairings: vec![m(4, 3, HomeWin, AwayWin), m(1, 2, Draw, Draw)],
            },
            Round {
                number: 3,
                pairings: vec![m(2, 4, HomeWin, HomeWin), m(3, 1, AwayWin, AwayWin)],
            },
        ],
    };
    t.canonicalize();
    league::rules::trf::write(
        &t,
        &league::rules::tiebreak::parse_list("MPvGP,DE").expect("chain"),
    )
}

fn standings_of(args: &[&str], trf: &str) -> std::process::Output {
    let dir = tempfile::tempdir().expect("tmp");
    let file = dir.path().join("cup.trf");
    std::fs::write(&file, trf).expect("write");
    league()
        .arg("standings")
        .arg(&file)
        .args(args)
        .output()
        .expect("run")
}

#[test]
fn standings_prints_the_ranking_with_every_tie_break() {
    let out = standings_of(&[], &round_robin_trf());
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let text = String::from_utf8_lossy(&out.stdout);
    let order: Vec<&str> = text
        .lines()
        .filter_map(|l| l.split_whitespace().nth(2))
        .filter(|n| n.starts_with("Team"))
        .collect();
    assert_eq!(order, ["TeamA", "TeamB", "TeamC", "TeamD"], "{text}");
    assert!(text.contains("ahead on"), "{text}");
    assert!(text.contains("tie-breaks: MPvGP,DE"), "{text}");

    let out = standings_of(
        &["--format", "json", "--tiebreaks", "MPvGP,EGGSB,BC"],
        &round_robin_trf(),
    );
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let rows: serde_json::Value = serde_json::from_slice(&out.stdout).expect("json");
    assert_eq!(rows[0]["name"], "TeamA");
    assert_eq!(rows[0]["rank"], 1);
    assert_eq!(rows[0]["mp"], 5.0);
    assert_eq!(rows[0]["gp"], 5.0);
    assert_eq!(rows[1]["gp"], 4.5);
    assert_eq!(rows[0]["tiebreaks"]["MPvGP"], 5.0);
    // Sonneborn-Berger on game points: Σ opponent's GP × own GP in the match.
    // Team A: D (1 GP) × 2 + B (4½) × 1 + C (1½) × 2 = 2 + 4½ + 3 = 9½.
    assert_eq!(rows[0]["tiebreaks"]["EGGSB"], 9.5);
    assert!(rows[0]["tiebreaks"].get("BC").is_some());
    assert_eq!(rows[3]["place"], "4");

    let out = standings_of(
        &["--format", "csv", "--regulation", "g"],
        &round_robin_trf(),
    );
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let csv = String::from_utf8_lossy(&out.stdout);
    let header = csv.lines().next().expect("header");
    assert!(header.starts_with("place,team,name,MP,GP"), "{header}");
    assert_eq!(csv.lines().count(), 5, "{csv}");
}

#[test]
fn standings_refuses_bad_input_with_one_line() {
    let out = standings_of(&["--tiebreaks", "NOSUCH"], &round_robin_trf());
    assert!(!out.status.success());
    let err = String::from_utf8_lossy(&out.stderr);
    assert_eq!(err.trim_end().lines().count(), 1, "{err}");
    assert!(err.contains("--tiebreaks"), "{err}");

    let out = standings_of(&[], "012 Cup\n310 garbage that is not a team line\n");
    assert!(!out.status.success());
    let err = String::from_utf8_lossy(&out.stderr);
    assert_eq!(err.trim_end().lines().count(), 1, "{err}");
    assert!(err.contains("line 2"), "{err}");
}

/// `league generate`: one championship of the benchmark shape
/// through the binary on the test database — counts as documented, every
/// tournament finished with places, the same seed gives the same season
/// table, and a database that holds championships is refused.
#[tokio::test]
async fn generate_fills_an_empty_database_reproducibly_and_refuses_a_used_one() {
    let mut tables = Vec::new();
    for _ in 0..2 {
        let app = TestApp::spawn().await;
        let out = league()
            .args(["generate", "--scale", "0.005", "--seed", "7"])
            .env("LEAGUE_DATABASE_URL", &app.db_url)
            .env("LEAGUE_DATA_DIR", &app.settings.data_dir)
            .output()
            .expect("run league");
        let stdout = String::from_utf8_lossy(&out.stdout).into_owned();
        assert!(
            out.status.success(),
            "{stdout}{}",
            String::from_utf8_lossy(&out.stderr)
        );
        assert!(
            stdout.contains(
                "generated 1 championships, 10 teams, 51 people, 7 tournaments, 200 matches, 1775 games"
            ),
            "{stdout}"
        );
        let value = |key: &str| {
            stdout
                .lines()
                .find_map(|l| l.strip_prefix(key)?.strip_prefix('='))
                .unwrap_or_else(|| panic!("{key} in {stdout}"))
                .to_owned()
        };
        let season = value("page.season");
        let crosstable = value("page.crosstable");
        // Every page the report names answers a visitor, and the
        // organizer signs in with the password it gives.
        let pages: Vec<&str> = stdout
            .lines()
            .filter_map(|l| l.strip_prefix("page.")?.split_once('=').map(|(_, p)| p))
            .collect();
        assert_eq!(pages.len(), 15, "{stdout}");
        for path in &pages {
            assert_eq!(app.get(path).await.status, StatusCode::OK, "{path}");
        }
        let organizer = crate::helpers::new_client();
        let signed = app
            .log_in_with(
                &organizer,
                &value("organizer"),
                &value("organizer_password"),
            )
            .await;
        assert_eq!(signed.status, StatusCode::SEE_OTHER, "{}", signed.text);
        let account = app.get_with(&organizer, "/account").await;
        assert_eq!(account.status, StatusCode::OK);
        assert!(
            account.text.contains(&value("organizer")),
            "the organizer is signed in"
        );
        let page = app.get(&season).await;
        assert_eq!(page.status, StatusCode::OK);
        let rows: Vec<String> = page.texts("table.season tbody tr");
        assert_eq!(rows.len(), 10, "ten teams in the season table");
        assert_eq!(page.texts("table.season thead th").len(), 2 + 7 + 2);
        assert_eq!(app.get(&crosstable).await.status, StatusCode::OK);
        let finished = league::db::tournaments::of_championship(
            &mut app.db(),
            league::ids::ChampionshipId(
                season
                    .split('/')
                    .nth(2)
                    .and_then(|x| x.parse().ok())
                    .expect("id"),
            ),
        )
        .expect("tournaments")
        .iter()
        .filter(|t| t.finished_at.is_some())
        .count();
        assert_eq!(finished, 7);
        tables.push(rows);
        // Run twice on the same database: refused, nothing added.
        let again = league()
            .args(["generate", "--scale", "0.005"])
            .env("LEAGUE_DATABASE_URL", &app.db_url)
            .env("LEAGUE_DATA_DIR", &app.settings.data_dir)
            .output()
            .expect("run league");
        assert!(!again.status.success());
        assert!(
            String::from_utf8_lossy(&again.stderr).contains("already holds championships"),
            "{}",
            String::from_utf8_lossy(&again.stderr)
        );
    }
    assert_eq!(tables[0], tables[1], "the same seed gives the same season");
}

/// The server started from a directory without the repository's files
/// serves styled pages (the stylesheet is in the binary), the stylesheet is
/// cached by its content, and the log written to a pipe has no colour codes.
#[tokio::test]
async fn the_binary_started_anywhere_serves_its_stylesheet_and_plain_logs() {
    let dir = tempfile::tempdir().expect("tmp");
    let port = std::net::TcpListener::bind("127.0.0.1:0")
        .and_then(|l| l.local_addr())
        .expect("free port")
        .port();
    let mut child = league()
        .arg("serve")
        .current_dir(dir.path())
        .env("LEAGUE_BIND", format!("127.0.0.1:{port}"))
        .env("LEAGUE_DATA_DIR", dir.path())
        .env("LEAGUE_LOG", "info")
        .stdout(Stdio::null())
        .stderr(Stdio::piped())
        .spawn()
        .expect("league serve");
    let base = format!("http://127.0.0.1:{port}");
    let client = new_client();
    let mut home = None;
    for _ in 0..200 {
        if let Ok(res) = client.get(format!("{base}/")).send().await {
            home = Some(res.text().await.expect("home page"));
            break;
        }
        tokio::time::sleep(std::time::Duration::from_millis(50)).await;
    }
    let home = home.expect("the server answers");
    let page = scraper::Html::parse_document(&home);
    let link = page
        .select(&scraper::Selector::parse(r#"link[rel="stylesheet"]"#).expect("selector"))
        .next()
        .and_then(|l| l.value().attr("href"))
        .expect("a stylesheet link")
        .to_owned();
    assert!(link.starts_with("/static/css/app-"), "{link}");
    let res = client
        .get(format!("{base}{link}"))
        .send()
        .await
        .expect("css");
    assert_eq!(res.status(), StatusCode::OK);
    let header = |res: &reqwest::Response, name: &str| {
        res.headers()
            .get(name)
            .and_then(|v| v.to_str().ok())
            .unwrap_or_default()
            .to_owned()
    };
    assert!(header(&res, "content-type").starts_with("text/css"));
    assert!(header(&res, "cache-control").contains("immutable"));
    let etag = header(&res, "etag");
    assert!(!etag.is_empty());
    let css = res.text().await.expect("css body");
    assert!(css.contains(":root"), "the real stylesheet");
    let again = client
        .get(format!("{base}/static/css/app.css"))
        .header("If-None-Match", &etag)
        .send()
        .await
        .expect("css again");
    assert_eq!(again.status(), StatusCode::NOT_MODIFIED);
    // A page that needs signing in (a redirect), one that does not exist
    // and a form without its token: a visitor's doing, never an ERROR.
    for (method, path, status) in [
        ("GET", "/account", StatusCode::SEE_OTHER),
        ("GET", "/no-such-page", StatusCode::NOT_FOUND),
        ("POST", "/logout", StatusCode::FORBIDDEN),
    ] {
        let res = client
            .request(method.parse().expect("method"), format!("{base}{path}"))
            .send()
            .await
            .expect("request");
        assert_eq!(res.status(), status, "{path}");
    }

    child.kill().expect("stop the server");
    let out = child.wait_with_output().expect("server output");
    let log = String::from_utf8_lossy(&out.stderr);
    assert!(!log.trim().is_empty(), "the server logged at info");
    assert!(
        !log.contains('\u{1b}'),
        "no colour codes in a piped log: {log}"
    );
    assert!(!log.contains(" ERROR "), "{log}");
    assert!(
        log.lines()
            .any(|l| l.contains(" INFO ") && l.contains("status=404")),
        "{log}"
    );
    assert!(
        log.lines()
            .any(|l| l.contains(" WARN ") && l.contains("status=403")),
        "{log}"
    );
}
