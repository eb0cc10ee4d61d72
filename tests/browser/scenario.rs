//! The platform used in a real browser. A captain signs
//! up, applies with a team, invites the players and enters the tournament
//! through the form (a bad nick first: the message on the page, the form
//! refilled); a judge draws, publishes and types the results; the
//! standings change order; the language switch turns the page to English
//! and back. The main pages are saved as screenshots on the way.
//!
//! What has no page for a person in this story is seeded through the
//! harness: the admin "Root" with the championship and its schedule, the
//! other three teams, the club marks (G-A7), the judge's appointment, the
//! players accepting their invitations, and rounds 2–3 before the season
//! screenshot.

use reqwest::StatusCode;

use crate::club::{Club, g_team, line, play_round, publish_last};
use crate::driver::Browser;
use crate::helpers::PASSWORD;

const CAPTAIN: &str = "la1";
const JUDGE: &str = "Arbiter";

/// Root marks `nick` a club member (G-A7) on the person page's form.
async fn mark_club_member(club: &Club, nick: &str) {
    let page = club
        .app
        .post_with(
            &club.root,
            &format!("/people/{nick}/club"),
            &[("action", "mark")],
        )
        .await;
    assert_eq!(page.status, StatusCode::SEE_OTHER, "mark {nick}");
}

/// Entry names of the standings table, top first.
async fn standings(browser: &Browser) -> Vec<String> {
    browser
        .texts("table.standings tbody tr td:nth-child(2)")
        .await
}

#[tokio::test]
#[ignore = "needs chromium and chromedriver: .ci/run installs them"]
async fn a_captain_enters_through_the_form_a_judge_records_results_and_the_language_switches() {
    let club = Club::new("G").await;
    let mut others = Vec::new();
    for (name, prefix) in [("Конь", "ko"), ("Слон", "sl"), ("Ферзь", "fe")] {
        others.push(g_team(&club, name, prefix, 5).await);
    }
    let mut players = Vec::new();
    for nick in ["la2", "la3", "la4", "la5"] {
        players.push((nick, club.person(nick).await));
    }
    club.app.person(JUDGE).await;
    club.app
        .grant_role(&club.root, club.id, JUDGE, "judge")
        .await;
    let t = club.tournament_in(20).await;
    let championship = format!("/championships/{}", club.id);
    let tournament = club.tournament_url(t);

    let browser = Browser::start(&club.app.address).await;

    // The captain signs up: fields found by their labels.
    browser.open("/").await;
    browser.screenshot("home").await;
    browser.follow("Регистрация").await;
    browser.fill("Ник", CAPTAIN).await;
    browser.fill("Имя и фамилия", "Лев Ладьин").await;
    browser.fill("Электронная почта", "la1@club.example").await;
    browser.fill("Пароль", PASSWORD).await;
    browser.fill("Пароль ещё раз", PASSWORD).await;
    browser.press("Зарегистрироваться").await;
    assert_eq!(
        browser.text(".nav-links a[href='/account']").await,
        CAPTAIN,
        "signed in after signing up"
    );
    mark_club_member(&club, CAPTAIN).await;

    // Applies with a team on the championship page.
    browser.open(&championship).await;
    browser.follow("Подать заявку команды").await;
    browser.fill("Название команды", "Ладья").await;
    browser.fill("Девиз", "Вперёд!").await;
    browser.press("Подать заявку").await;
    let team_path = browser.path().await;
    let team: i64 = team_path
        .strip_prefix("/teams/")
        .and_then(|id| id.parse().ok())
        .unwrap_or_else(|| panic!("the application leads to the team page, not {team_path}"));
    let heading = browser.text("h1").await;
    assert!(heading.starts_with("Ладья"), "{heading}");
    let page = club
        .app
        .decide_team(&club.root, club.id, team, "approve", "")
        .await;
    assert_eq!(page.status, StatusCode::SEE_OTHER);

    // Invites four players, who accept on their account pages.
    browser.open(&team_path).await;
    for (nick, client) in &players {
        browser.fill("Пригласить игрока (ник)", nick).await;
        browser.press("Пригласить").await;
        club.app.accept_invitation(client, team, nick).await;
    }
    browser.open(&team_path).await;
    // The captain sees the members' full names, their nicks beside.
    assert_eq!(
        browser.texts("table tbody td:nth-child(2)").await[..5],
        ["la1", "la2", "la3", "la4", "la5"],
        "the roster"
    );
    browser.screenshot("team").await;

    // The line-up typed as one line with a nick nobody has: refused in
    // words, the line kept.
    browser.open(&tournament).await;
    let line_label = "Одной строкой: Команда,доска1,…,запасной1,…";
    browser
        .fill(line_label, "Ладья,la1,la2,ghost,la4,la5")
        .await;
    browser.press_in(Some("#entry-form"), "Подать заявку").await;
    let problems = browser.texts("#entry-form ul.problems li").await;
    assert_eq!(problems.len(), 1, "{problems:?}");
    assert!(problems[0].contains("ghost"), "{problems:?}");
    assert_eq!(
        browser.value(line_label).await,
        "Ладья,la1,la2,ghost,la4,la5",
        "the form is refilled"
    );
    assert_eq!(
        browser.path().await,
        tournament,
        "post-redirect-get: the address bar shows the page, not the form's address"
    );
    browser.screenshot("entry-refused").await;
    assert!(club.entries(t).is_empty(), "nothing entered");
    // Then through the fields: the boards picked from the team's members.
    browser.fill(line_label, "").await;
    for (board, nick) in ["la1", "la2", "la3", "la4", "la5"].iter().enumerate() {
        let list = format!("Доска {}", board + 1);
        let option = browser
            .texts(&format!("#entry-board-{} option", board + 1))
            .await
            .into_iter()
            .find(|o| o.ends_with(&format!("({nick})")))
            .unwrap_or_else(|| panic!("{nick} is offered on {list}"));
        browser.choose(&list, &option).await;
    }
    browser.press_in(Some("#entry-form"), "Подать заявку").await;
    assert_eq!(
        browser.texts(".flash").await,
        ["Заявка Ладья принята."],
        "accepted"
    );
    assert_eq!(
        browser.texts("table.entries tbody td:nth-child(4)").await,
        ["la1, la2, la3, la4, la5"]
    );
    for team in &others {
        let page = club
            .enter(&team.captain, t, &line(team, &team.name, 0..5))
            .await;
        assert_eq!(page.status, StatusCode::SEE_OTHER, "{}", page.text);
    }

    // The judge signs in, draws and publishes round 1.
    browser.press("Выйти").await;
    browser.follow("Вход").await;
    browser.fill("Ник или электронная почта", JUDGE).await;
    browser.fill("Пароль", PASSWORD).await;
    browser.press("Войти").await;
    browser.open(&tournament).await;
    browser.fill("Число жребия (необязательно)", "5").await;
    browser
        .press("Закрыть регистрацию и провести жеребьёвку 1-го тура")
        .await;
    browser.press("Опубликовать пары").await;
    // The evening's start arrives: results are entered from it on.
    club.started(&tournament);
    browser.open(&tournament).await;
    let before = standings(&browser).await;
    assert_eq!(before.len(), 4, "{before:?}");

    // The whole round typed into the result sheet and saved once: in each
    // match the team lower in the table wins every game, so the table
    // must turn over.
    let source = browser.client.source().await.expect("source");
    let html = scraper::Html::parse_document(&source);
    let row = scraper::Selector::parse("#round-1 table.pairings tbody tr").expect("selector");
    let cell = scraper::Selector::parse("td").expect("selector");
    let input = scraper::Selector::parse("input.sheet-cell").expect("selector");
    let rank = |name: &str| before.iter().position(|n| n == name).expect("in the table");
    let mut games = Vec::new();
    let mut winners = Vec::new();
    let mut home_wins = false;
    for tr in html.select(&row) {
        let cells: Vec<String> = tr
            .select(&cell)
            .map(|c| c.text().collect::<String>().trim().to_owned())
            .collect();
        if tr.value().classes().any(|c| c == "match") {
            let (home, away) = (cells[1].clone(), cells[3].clone());
            home_wins = rank(&home) > rank(&away);
            winners.push(if home_wins { home } else { away });
        } else if let Some(s) = tr.select(&input).next() {
            let id = s.value().attr("id").expect("id").to_owned();
            games.push((id, if home_wins { "1" } else { "0" }));
        }
    }
    assert_eq!(games.len(), 20, "2 matches × 5 boards × 2 games (G-V1)");
    for (id, result) in &games {
        let field = browser
            .client
            .find(fantoccini::Locator::Id(id))
            .await
            .expect("result cell");
        field.clear().await.expect("clear");
        field.send_keys(result).await.expect("type");
    }
    browser.screenshot("result-sheet-typed").await;
    browser
        .press_in(Some("#sheet-1"), "Сохранить результаты")
        .await;
    assert!(
        browser
            .text(".flash")
            .await
            .contains("Сохранено 20 результатов"),
        "one submit saved the round"
    );
    let after = standings(&browser).await;
    assert_ne!(after, before, "the standings changed order");
    let mut top: Vec<String> = after[..2].to_vec();
    top.sort();
    winners.sort();
    assert_eq!(top, winners, "both winners lead: {after:?}");
    assert_eq!(
        browser
            .texts("table.standings tbody tr td:nth-child(4)")
            .await,
        ["10", "10", "0", "0"],
        "game points"
    );
    browser.screenshot("tournament-standings").await;
    let first_match = browser
        .client
        .find(fantoccini::Locator::Css("#round-1 tr.match a"))
        .await
        .expect("match link")
        .attr("href")
        .await
        .expect("href")
        .expect("a link");

    // The language switch: the same page in English, then Russian again.
    assert_eq!(browser.text("#main h2").await, "Турнирная таблица");
    browser.press("EN").await;
    assert_eq!(browser.path().await, tournament, "back on the same page");
    assert_eq!(browser.text("#main h2").await, "Standings");
    assert_eq!(browser.text("h1").await, "Tournament 1");
    assert_eq!(
        browser
            .client
            .find(fantoccini::Locator::Css("html"))
            .await
            .expect("html")
            .attr("lang")
            .await
            .expect("lang"),
        Some("en".to_owned())
    );
    browser.screenshot("tournament-standings-en").await;
    browser.press("RU").await;
    assert_eq!(browser.text("#main h2").await, "Турнирная таблица");
    assert_eq!(browser.text("h1").await, "Турнир 1");

    // The other pages, after the harness plays rounds 2 and 3 and the
    // judge finishes the tournament.
    let rank_now = |name: &str| after.iter().position(|n| n == name).unwrap_or(9);
    for round in 2..=3 {
        let page = club
            .app
            .post_with(&club.root, &format!("{tournament}/rounds"), &[])
            .await;
        assert_eq!(page.status, StatusCode::SEE_OTHER, "{}", page.text);
        publish_last(&club, &tournament).await;
        play_round(&club, &tournament, round, &|home, away| {
            if rank_now(home) < rank_now(away) {
                "1-0"
            } else {
                "1/2"
            }
        })
        .await;
    }
    browser.open(&tournament).await;
    // Finishing cannot be taken back: the box confirms it.
    browser.tick("Результаты станут окончательными").await;
    browser.press("Завершить турнир").await;
    assert!(
        !browser.texts("#places table tbody tr").await.is_empty(),
        "places recorded"
    );
    for (name, path) in [
        ("home", "/".to_owned()),
        ("championship", championship.clone()),
        ("tournament-finished", tournament.clone()),
        ("crosstable", format!("{tournament}/crosstable")),
        ("season", format!("{championship}/season")),
        ("team", team_path.clone()),
        ("match", first_match.clone()),
    ] {
        browser.open(&path).await;
        assert!(!browser.text("h1").await.is_empty(), "{name} has a heading");
        browser.both_widths(name).await;
    }
    browser.quit().await;
}
