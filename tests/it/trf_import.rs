//! TRF-2026 over the web: a
//! tournament played through HTTP, exported and imported into another
//! championship, has identical standings; a file in another program's
//! conventions (CR line ends, extra records) imports; a malformed file is
//! refused with its line number and nothing is stored.

use league::db;
use league::ids::{ChampionshipId, TournamentId};
use reqwest::StatusCode;
use reqwest::multipart::{Form, Part};

use crate::helpers::{Page, TestApp, into_page};
use crate::play::{Club, four_entered};
use crate::results_pages::draw_and_play_all;

/// Uploads `bytes` through the import form of championship `c`, as the
/// form says (its action carries the CSRF token).
pub(crate) async fn import(
    app: &TestApp,
    client: &reqwest::Client,
    c: i64,
    bytes: &[u8],
    fields: &[(&str, &str)],
) -> Page {
    import_in(app, client, c, bytes, fields, None).await
}

/// As [`import`], the page in `lang` (`?lang=` on the form's action) when
/// given, else in the session's language.
async fn import_in(
    app: &TestApp,
    client: &reqwest::Client,
    c: i64,
    bytes: &[u8],
    fields: &[(&str, &str)],
    lang: Option<&str>,
) -> Page {
    let page = app
        .get_with(client, &format!("/championships/{c}/import"))
        .await;
    assert_eq!(page.status, StatusCode::OK, "{}", page.text);
    let action = page
        .attr("form#import-form", "action")
        .expect("the import form");
    let action = match lang {
        Some(lang) => format!("{action}?lang={lang}"),
        None => action,
    };
    let token = page
        .attr("form#import-form input[name=csrf_token]", "value")
        .expect("the form's CSRF field");
    let mut form = Form::new().text("csrf_token", token).part(
        "file",
        Part::bytes(bytes.to_vec())
            .file_name("tournament.trf")
            .mime_str("text/plain")
            .expect("mime"),
    );
    for (k, v) in fields {
        form = form.text((*k).to_owned(), (*v).to_owned());
    }
    into_page(
        client
            .post(app.url(&action))
            .multipart(form)
            .send()
            .await
            .expect("POST"),
    )
    .await
}

/// The standings table of a tournament page: every cell of every row.
async fn standings_table(app: &TestApp, url: &str) -> Vec<Vec<String>> {
    let page = app.get(url).await;
    let row = scraper::Selector::parse("table.standings tbody tr").expect("selector");
    let cell = scraper::Selector::parse("td").expect("selector");
    page.html
        .select(&row)
        .map(|tr| {
            tr.select(&cell)
                .map(|c| c.text().collect::<String>().trim().to_owned())
                .collect()
        })
        .collect()
}

fn count_tournaments(app: &TestApp, c: i64) -> usize {
    db::tournaments::of_championship(&mut app.db(), ChampionshipId(c))
        .expect("tournaments")
        .len()
}

fn count_teams(app: &TestApp, c: i64) -> usize {
    db::teams::of_championship(
        &mut app.db(),
        ChampionshipId(c),
        &db::teams::TeamStatus::ALL,
    )
    .expect("teams")
    .len()
}

#[tokio::test]
async fn a_tournament_played_over_http_exported_as_trf_and_imported_elsewhere_has_identical_standings()
 {
    let club = Club::new("G").await;
    let (_, t) = four_entered(&club).await;
    let url = club.tournament_url(t);
    // Конь–Слон drawn on every board, the stronger side wins the rest.
    let order = ["Ладья", "Конь", "Слон", "Ферзь"];
    let rank = |n: &str| order.iter().position(|x| *x == n).expect("known");
    draw_and_play_all(&club, &url, "7", &|h, a| {
        if matches!((h, a), ("Конь", "Слон") | ("Слон", "Конь")) {
            "1/2"
        } else if rank(h) < rank(a) {
            "1-0"
        } else {
            "0-1"
        }
    })
    .await;
    let page = club
        .app
        .post_with(&club.root, &format!("{url}/finish"), &[("confirm", "1")])
        .await;
    assert_eq!(page.status, StatusCode::SEE_OTHER, "{}", page.text);

    // The export is public.
    let res = crate::helpers::new_client()
        .get(club.app.url(&format!("{url}/export.trf")))
        .send()
        .await
        .expect("GET");
    assert_eq!(res.status(), StatusCode::OK);
    assert_eq!(
        res.headers()[reqwest::header::CONTENT_TYPE],
        "text/plain; charset=utf-8"
    );
    assert!(
        res.headers()[reqwest::header::CONTENT_DISPOSITION]
            .to_str()
            .is_ok_and(
                |d| d.starts_with("attachment; filename=\"championship-") && d.ends_with(".trf\"")
            )
    );
    let trf = res.bytes().await.expect("body").to_vec();
    let text = String::from_utf8(trf.clone()).expect("UTF-8");
    assert!(text.contains("\r\n310 "), "{text}");
    assert!(
        text.contains(" la1 ") || text.contains(" la1\r\n"),
        "players by nick: {text}"
    );

    // Another championship under the same regulation imports it.
    let other = club.app.create_championship(&club.root, "G").await;
    let before = count_tournaments(&club.app, other);
    let page = import(&club.app, &club.root, other, &trf, &[("create_teams", "1")]).await;
    assert_eq!(page.status, StatusCode::SEE_OTHER, "{}", page.text);
    let location = page.location().expect("Location").to_owned();
    let prefix = format!("/championships/{other}/tournaments/");
    let imported: i64 = location
        .strip_prefix(&prefix)
        .and_then(|id| id.parse().ok())
        .unwrap_or_else(|| panic!("{location}"));
    assert_eq!(count_tournaments(&club.app, other), before + 1);

    // Identical standings: rank order, MP, GP, tie-break values, and why.
    let original = standings_table(&club.app, &url).await;
    let copy = standings_table(&club.app, &location).await;
    assert_eq!(original.len(), 4);
    assert_eq!(copy, original);
    let json = |path: String| {
        let app = &club.app;
        async move {
            let text = app.get(&path).await.text;
            let v: serde_json::Value = serde_json::from_str(&text).expect("json");
            v["rows"].clone()
        }
    };
    assert_eq!(
        json(format!("{location}/standings.json")).await,
        json(format!("{url}/standings.json")).await
    );
    // `league standings` on the export gives the page's table, also when a
    // program that knows only the common layout (001 games, 310 teams) reads
    // it: the file without its 801/802 records.
    let page_rows = json(format!("{url}/standings.json")).await;
    let page_rows: Vec<(u64, f64, f64, u64)> = page_rows
        .as_array()
        .expect("rows")
        .iter()
        .map(|r| {
            (
                r["start_no"].as_u64().expect("start_no"),
                r["match_points"].as_f64().expect("mp"),
                r["game_points"].as_f64().expect("gp"),
                r["place_first"].as_u64().expect("place"),
            )
        })
        .collect();
    let common: String = text
        .split_inclusive("\r\n")
        .filter(|l| !l.starts_with("801 ") && !l.starts_with("802 "))
        .collect();
    for file_text in [text.as_str(), common.as_str()] {
        let dir = tempfile::tempdir().expect("tmp");
        let file = dir.path().join("export.trf");
        std::fs::write(&file, file_text).expect("write");
        let out = crate::cli::league()
            .args(["standings", "--regulation", "g", "--format", "json"])
            .arg(&file)
            .output()
            .expect("run league");
        assert!(
            out.status.success(),
            "{}",
            String::from_utf8_lossy(&out.stderr)
        );
        let rows: serde_json::Value = serde_json::from_slice(&out.stdout).expect("JSON");
        let cli_rows: Vec<(u64, f64, f64, u64)> = rows
            .as_array()
            .expect("rows")
            .iter()
            .map(|r| {
                (
                    r["team"].as_u64().expect("team"),
                    r["mp"].as_f64().expect("mp"),
                    r["gp"].as_f64().expect("gp"),
                    r["rank"].as_u64().expect("rank"),
                )
            })
            .collect();
        assert_eq!(cli_rows, page_rows, "{file_text}");
    }
    // Finished the judges' way: the same places and tournament points.
    // (Entries sharing a place are listed in no particular order.)
    let places = |page: &Page| {
        let mut v = page.texts("table.places tbody tr");
        v.sort();
        v
    };
    let a = club.app.get(&url).await;
    // The importer's next page tells what was done.
    let b = club.app.get_with(&club.root, &location).await;
    assert_eq!(places(&b), places(&a));
    assert_eq!(places(&b).len(), 4);
    assert!(
        b.texts(".flash")
            .iter()
            .any(|f| f.contains("загружен из файла TRF")),
        "{:?}",
        b.texts(".flash")
    );
    // The teams were created approved; players matched by nick.
    let entries =
        db::entries::of_tournament(&mut club.app.db(), TournamentId(imported)).expect("entries");
    let ladya = entries.iter().find(|e| e.name == "Ладья").expect("Ладья");
    assert_eq!(ladya.line, "Ладья,la1,la2,la3,la4,la5");
    let teams = db::teams::of_championship(
        &mut club.app.db(),
        ChampionshipId(other),
        &[db::teams::TeamStatus::Approved],
    )
    .expect("teams");
    assert_eq!(teams.len(), 4);
    // And the copy exports to the same results again.
    let again = club.app.get(&format!("{location}/export.trf")).await.text;
    let strip = |s: &str| {
        s.lines()
            .filter(|l| !l.starts_with("012") && !l.starts_with("042"))
            .map(str::to_owned)
            .collect::<Vec<_>>()
    };
    assert_eq!(strip(&again), strip(&text));
}

/// The players of the Open Team Cup, three per team in board order.
const OPEN_CUP_PLAYERS: [&str; 12] = [
    "Ivanov, Ivan",
    "Petrov, Petr",
    "Sidorov, Semen",
    "Smirnov, Oleg",
    "Kuznetsov, Ilya",
    "Popov, Anton",
    "Volkov, Denis",
    "Sokolov, Egor",
    "Lebedev, Yuri",
    "Kozlov, Artem",
    "Novikov, Gleb",
    "Morozov, Lev",
];

/// The Open Team Cup's table, worked by hand (R: match points 2/1/0, then
/// game points, DE, TBR): Alpha W D W = 5 MP, 6 GP; Gamma W D W = 5, 5½;
/// Beta 2, 4½; Delta 0, 2. Place, team, MP and GP of each row.
fn assert_open_cup_table(rows: &[Vec<String>]) {
    let summary: Vec<(&str, &str, &str, &str)> = rows
        .iter()
        .map(|r| (r[0].as_str(), r[1].as_str(), r[2].as_str(), r[3].as_str()))
        .collect();
    assert_eq!(
        summary,
        [
            ("1", "Team Alpha", "5", "6"),
            ("2", "Gamma Club", "5", "5½"),
            ("3", "Team Beta", "2", "4½"),
            ("4", "Delta", "0", "2"),
        ]
    );
}

/// A file as another program writes it: CR line ends, a TRF16 team record
/// (013), Swiss-Manager's XXR/XXC lines, players who are no account,
/// team names with blanks. Four teams of three boards, three rounds:
///
/// | round | match (home first)  | boards (home view) | score   |
/// |-------|---------------------|--------------------|---------|
/// | 1     | Team Alpha – Team Beta | 1 = 1           | 2½–½    |
/// | 1     | Gamma Club – Delta  | 1 0 1              | 2–1     |
/// | 2     | Team Alpha – Gamma Club | = = =          | 1½–1½   |
/// | 2     | Team Beta – Delta   | 1 1 1              | 3–0     |
/// | 3     | Team Alpha – Delta  | 1 1 0              | 2–1     |
/// | 3     | Team Beta – Gamma Club | 0 1 0           | 1–2     |
fn other_program_file() -> String {
    let p001 = |id: u16, name: &str| {
        format!(
            "001 {id:>4}      {name:<33} {:>4} {:<3} {:>11} {:<10} {:>4} {:>4}",
            1800, "RUS", "", "", "", ""
        )
    };
    let t310 = |id: u16, name: &str, first: u16| {
        let mut s = format!(
            "310 {id:>3} {name:<32} {:<5} {:>6} {:>6} {:>6} {:>3}  ",
            "", "", "", "", ""
        );
        for p in first..first + 3 {
            s.push_str(&format!("{p:>4} "));
        }
        s
    };
    let mut lines = vec![
        "012 Open Team Cup".to_owned(),
        "022 Yekaterinburg".to_owned(),
        "032 RUS".to_owned(),
        "042 2026/03/14".to_owned(),
        "052 2026/03/14".to_owned(),
        "092 Team Swiss System".to_owned(),
        "142 3".to_owned(),
        "XXR 3".to_owned(),
        "XXC white1".to_owned(),
    ];
    for (i, n) in OPEN_CUP_PLAYERS.iter().enumerate() {
        lines.push(p001(u16::try_from(i + 1).expect("small"), n));
    }
    lines.push("013 Team Alpha                          1    2    3".to_owned());
    for (id, name) in [
        (1, "Team Alpha"),
        (2, "Team Beta"),
        (3, "Gamma Club"),
        (4, "Delta"),
    ] {
        lines.push(t310(id, name, (id - 1) * 3 + 1));
    }
    // 801: team, nickname, MP, GP, then per round: opponent, colour,
    // one result per board, one roster position per board.
    lines.extend(
        [
            "801  1        5    6.0   2 w 1=1 123   3 w === 123   4 w 110 123",
            "801  2        2    4.5   1 b 0=0 123   4 w 111 123   3 w 010 123",
            "801  3        5    5.5   4 w 101 123   1 b === 123   2 b 101 123",
            "801  4        0    2.0   3 b 010 123   2 b 000 123   1 b 001 123",
        ]
        .map(str::to_owned),
    );
    lines.join("\r") + "\r"
}

#[tokio::test]
async fn a_trf_file_from_another_program_with_cr_line_ends_and_extra_records_imports() {
    let club = Club::new("R").await;
    let page = import(
        &club.app,
        &club.root,
        club.id,
        other_program_file().as_bytes(),
        &[("create_teams", "1"), ("starts_at", "2026-03-14T10:00")],
    )
    .await;
    assert_eq!(page.status, StatusCode::SEE_OTHER, "{}", page.text);
    let location = page.location().expect("Location").to_owned();
    let tournament = club.app.get_with(&club.root, &location).await;
    let flashes = tournament.texts(".flash");
    assert!(
        flashes
            .iter()
            .any(|f| f.contains("Созданы команды: Team_Alpha, Team_Beta, Gamma_Club, Delta")),
        "{flashes:?}"
    );
    assert!(
        flashes
            .iter()
            .any(|f| f.contains("Игроков без учётной записи на платформе: 12")),
        "{flashes:?}"
    );
    assert!(
        flashes.iter().any(|f| f.contains("пропущено: 5")),
        "022, 032, XXR, XXC and 013 are kept aside: {flashes:?}"
    );
    let rows = standings_table(&club.app, &location).await;
    assert_open_cup_table(&rows);
    // TBR of Team Alpha: board 1 1 + ½ + 1, board 2 ½ + ½ + 1, board 3 1 + ½ + 0.
    assert!(rows[0].iter().any(|c| c == "2½/2/1½"), "{:?}", rows[0]);
    // Three rounds of three declared: finished, R-3.4 points 10, 9, 8, 7.
    assert_eq!(
        tournament.texts("table.places tbody td:nth-child(3)"),
        ["10", "9", "8", "7"]
    );
    // Start as typed, Moscow time (the championship's zone).
    let stored =
        db::tournaments::of_championship(&mut club.app.db(), ChampionshipId(club.id)).expect("q");
    let t = stored.last().expect("one");
    assert_eq!(
        t.starts_at.format("%Y-%m-%d %H:%M").to_string(),
        "2026-03-14 07:00"
    );
    // Its games keep their results without players' names.
    let page = club.app.get(&format!("{location}/rounds/1")).await;
    assert_eq!(page.status, StatusCode::OK);
}

#[tokio::test]
async fn a_malformed_trf_file_is_refused_with_its_line_number_and_nothing_is_stored() {
    let club = Club::new("R").await;
    let (tournaments, teams) = (
        count_tournaments(&club.app, club.id),
        count_teams(&club.app, club.id),
    );
    // Line 5: the team number of a 310 record is not a number.
    let file = other_program_file().replace("310   2 Team Beta", "310  ab Team Beta");
    let page = import(
        &club.app,
        &club.root,
        club.id,
        file.as_bytes(),
        &[("create_teams", "1")],
    )
    .await;
    assert_eq!(
        page.status,
        StatusCode::UNPROCESSABLE_ENTITY,
        "{}",
        page.text
    );
    let problems = page.texts("#import-problems li");
    let line = other_program_file()
        .split('\r')
        .position(|l| l.starts_with("310   2"))
        .expect("the line")
        + 1;
    assert_eq!(problems.len(), 1, "{problems:?}");
    assert!(
        problems[0].starts_with(&format!("Строка {line}: ожидалось: "))
            && problems[0].contains("в столбцах 5–7")
            && problems[0].contains("ab"),
        "{problems:?}"
    );
    // The form keeps what was chosen.
    assert_eq!(page.attr("#import-create", "checked").as_deref(), Some(""));
    assert_eq!(count_tournaments(&club.app, club.id), tournaments);
    assert_eq!(count_teams(&club.app, club.id), teams);

    // A readable file whose teams the championship does not have, without
    // "create": refused naming them, and still nothing stored.
    let page = import(
        &club.app,
        &club.root,
        club.id,
        other_program_file().as_bytes(),
        &[],
    )
    .await;
    assert_eq!(page.status, StatusCode::UNPROCESSABLE_ENTITY);
    let problems = page.texts("#import-problems li");
    assert!(
        problems.iter().any(|p| p
            .contains("Этих команд нет в чемпионате: Team Alpha, Team Beta, Gamma Club, Delta")),
        "{problems:?}"
    );
    assert_eq!(count_tournaments(&club.app, club.id), tournaments);
    assert_eq!(count_teams(&club.app, club.id), teams);

    // Only the championship's officials import.
    let stranger = club.app.person("stranger").await;
    let page = club
        .app
        .get_with(&stranger, &format!("/championships/{}/import", club.id))
        .await;
    assert_eq!(page.status, StatusCode::FORBIDDEN);
}

#[tokio::test]
async fn a_malformed_trf_file_is_worded_in_the_page_language() {
    let club = Club::new("R").await;
    // Team 2's 801 line shows 0 on board 2 of round 1, where team 1's line
    // has a draw: it should mirror it with '='.
    let file = other_program_file().replace(
        "801  2        2    4.5   1 b 0=0 123",
        "801  2        2    4.5   1 b 000 123",
    );
    assert_ne!(file, other_program_file());
    let line_of = |tag: &str| {
        file.split('\r')
            .position(|l| l.starts_with(tag))
            .expect("the line")
            + 1
    };
    let (first, second) = (line_of("801  1"), line_of("801  2"));

    let page = import_in(&club.app, &club.root, club.id, file.as_bytes(), &[], None).await;
    assert_eq!(
        page.status,
        StatusCode::UNPROCESSABLE_ENTITY,
        "{}",
        page.text
    );
    let problems = page.texts("#import-problems li");
    assert_eq!(
        problems,
        [format!(
            "Строка {second}: ожидалось: результат = на доске 2 в туре 1, зеркальный к «=» \
             команды 1 в строке {first}; в файле: «0»."
        )]
    );
    for english in [
        "expected",
        "result",
        "board",
        "round",
        "mirroring",
        "team",
        "line",
    ] {
        assert!(!problems[0].contains(english), "{english}: {problems:?}");
    }

    let page = import_in(
        &club.app,
        &club.root,
        club.id,
        file.as_bytes(),
        &[],
        Some("en"),
    )
    .await;
    assert_eq!(
        page.status,
        StatusCode::UNPROCESSABLE_ENTITY,
        "{}",
        page.text
    );
    assert_eq!(
        page.texts("#import-problems li"),
        [format!(
            "Line {second}: expected result = on board 2 in round 1, mirroring '=' of team 1 \
             on line {first}; the file has “0”."
        )]
    );
}

/// The same four-team Swiss as [`other_program_file`], as Swiss-Manager
/// writes it: the games only in the 001 player lines (opponent, colour,
/// result per round), the teams in 013 records, no 801 at all.
fn common_layout_file() -> String {
    // (round, home, away, home's result per board)
    let matches: [(usize, u16, u16, [char; 3]); 6] = [
        (1, 1, 2, ['1', '=', '1']),
        (1, 3, 4, ['1', '0', '1']),
        (2, 1, 3, ['=', '=', '=']),
        (2, 2, 4, ['1', '1', '1']),
        (3, 1, 4, ['1', '1', '0']),
        (3, 2, 3, ['0', '1', '0']),
    ];
    let mirror = |c: char| match c {
        '1' => '0',
        '0' => '1',
        other => other,
    };
    let mut cells: Vec<Vec<String>> = vec![vec![String::new(); 3]; 13];
    for (round, home, away, results) in matches {
        for (b, &r) in results.iter().enumerate() {
            let hp = usize::from(home - 1) * 3 + b + 1;
            let ap = usize::from(away - 1) * 3 + b + 1;
            let (hc, ac) = if b % 2 == 0 { ('w', 'b') } else { ('b', 'w') };
            cells[hp][round - 1] = format!("  {ap:>4} {hc} {r}");
            cells[ap][round - 1] = format!("  {hp:>4} {ac} {}", mirror(r));
        }
    }
    let mut lines = vec![
        "012 Open Team Cup".to_owned(),
        "042 2026/03/14".to_owned(),
        "092 Team Swiss System".to_owned(),
        "142 3".to_owned(),
    ];
    for (i, n) in OPEN_CUP_PLAYERS.iter().enumerate() {
        let id = i + 1;
        let mut s = format!(
            "001 {id:>4}      {n:<33} {:>4} {:<3} {:>11} {:<10} {:>4} {:>4}",
            1800, "RUS", "", "", "", ""
        );
        for c in &cells[id] {
            s.push_str(if c.is_empty() { "          " } else { c });
        }
        lines.push(s.trim_end().to_owned());
    }
    for (k, name) in ["Team Alpha", "Team Beta", "Gamma Club", "Delta"]
        .iter()
        .enumerate()
    {
        let mut s = format!("013 {name:<32}");
        for p in 1..=3 {
            s.push_str(&format!("{:>4} ", k * 3 + p));
        }
        lines.push(s.trim_end().to_owned());
    }
    lines.join("\r\n") + "\r\n"
}

#[tokio::test]
async fn a_swiss_manager_file_with_games_only_in_the_player_lines_imports_with_its_results() {
    let club = Club::new("R").await;
    let page = import(
        &club.app,
        &club.root,
        club.id,
        common_layout_file().as_bytes(),
        &[("create_teams", "1"), ("starts_at", "2026-03-14T10:00")],
    )
    .await;
    assert_eq!(page.status, StatusCode::SEE_OTHER, "{}", page.text);
    let location = page.location().expect("Location").to_owned();
    // The same table as the file with 801 records (worked by hand above).
    let rows = standings_table(&club.app, &location).await;
    assert_open_cup_table(&rows);
    assert!(rows[0].iter().any(|c| c == "2½/2/1½"), "{:?}", rows[0]);
}

#[tokio::test]
async fn a_start_in_year_one_and_a_roster_naming_a_missing_player_are_refused() {
    let club = Club::new("R").await;
    let before = count_tournaments(&club.app, club.id);
    let file = other_program_file().replace("042 2026/03/14", "042 0001/01/01");
    let delta = file
        .split('\r')
        .find(|l| l.starts_with("310   4"))
        .expect("Delta's roster")
        .to_owned();
    let file = file.replace(&delta, &format!("{delta}  99 "));
    let page = import(
        &club.app,
        &club.root,
        club.id,
        file.as_bytes(),
        &[("create_teams", "1")],
    )
    .await;
    assert_eq!(
        page.status,
        StatusCode::UNPROCESSABLE_ENTITY,
        "{}",
        page.text
    );
    let problems = page.texts("#import-problems li");
    assert!(
        problems
            .iter()
            .any(|p| p == "Начало 01.01.0001 вне допустимых лет: 2000–2100."),
        "{problems:?}"
    );
    assert!(
        problems
            .iter()
            .any(|p| p == "В составе Delta указан игрок 99, но строки 001 для него в файле нет."),
        "{problems:?}"
    );
    assert_eq!(count_tournaments(&club.app, club.id), before);
}

#[tokio::test]
async fn players_of_the_file_on_no_roster_are_named_as_not_stored() {
    let club = Club::new("R").await;
    let file = other_program_file();
    let extra = format!(
        "001 {:>4}      {:<33} {:>4} {:<3} {:>11} {:<10} {:>4} {:>4}",
        13, "Extra Player", 1700, "RUS", "", "", "", ""
    );
    let file = file.replacen("013 ", &format!("{extra}\r013 "), 1);
    let page = import(
        &club.app,
        &club.root,
        club.id,
        file.as_bytes(),
        &[("create_teams", "1"), ("starts_at", "2026-03-14T10:00")],
    )
    .await;
    assert_eq!(page.status, StatusCode::SEE_OTHER, "{}", page.text);
    let location = page.location().expect("Location").to_owned();
    let flashes = club
        .app
        .get_with(&club.root, &location)
        .await
        .texts(".flash");
    assert!(
        flashes
            .iter()
            .any(|f| f.contains("не сохранены: 1 (Extra Player (13))")),
        "{flashes:?}"
    );
}
