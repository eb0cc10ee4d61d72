//! Running a championship through its pages, as its officials and
//! captains do, in a real browser: a committee member finds the new case
//! on their to-do page and votes; the chief judge picks the game from the
//! list, proposes the remedy and decides; seed R's organizers set five
//! rounds for six teams and the tournament finishes; a captain's match page
//! with the report to the chief judge (G-V33); seed E's timetable (E-7).
//! Screenshots of each page at desktop and phone width.

use reqwest::StatusCode;

use crate::club::{Club, finish, four_entered, play_out, play_round, publish_last};
use crate::driver::Browser;
use crate::r_club::{draw, enter_all, published_round, r_teams};

#[tokio::test]
#[ignore = "needs chromium and chromedriver: .ci/run installs them"]
async fn g_zh1_a_member_votes_from_the_to_do_page_and_the_judge_decides_by_picking_the_game() {
    let club = Club::new("G").await;
    club.person("cj").await;
    club.app
        .grant_role(&club.root, club.id, "cj", "chief_judge")
        .await;
    let (teams, t) = four_entered(&club).await;
    play_out(&club, t, &|_, _, _| "1-0").await;
    finish(&club, t).await;
    // Слон's captain complains about a game against Конь (G-D4).
    let page = club
        .app
        .post_with(
            &teams[2].captain,
            &format!("/championships/{}/tournaments/{t}/appeal", club.id),
            &[
                (
                    "what_happened",
                    "board 1 game 1: the flag fell after the mate",
                ),
                ("claim", "the game is won by mate"),
                ("contested", "the judge's loss on time"),
                ("game_ref", "round 1, board 1"),
                ("concerned_team", &teams[1].id.to_string()),
            ],
        )
        .await;
    assert_eq!(page.status, StatusCode::SEE_OTHER, "{}", page.text);
    let case = page.location().expect("the case").to_owned();
    let number = case.rsplit('/').next().expect("case id").to_owned();

    // Ладья's captain sits on the committee (G-Zh1): the case waits on
    // their to-do page, counted in the header.
    let member = Browser::signed_in(&club.app.address, &teams[0].nicks[0]).await;
    member.open("/todo").await;
    let lines = member.texts("ul.todo li").await;
    let vote_line = format!("Проголосуйте по апелляции {number}");
    assert!(lines.contains(&vote_line), "{lines:?}");
    assert!(!member.text(".todo-link .count").await.is_empty());
    Browser::both_widths(&member, "todo-committee-member").await;
    member.follow(&vote_line).await;
    assert_eq!(member.path().await, case);
    member.tick("удовлетворить").await;
    member.press("Проголосовать").await;
    member.quit().await;

    // The chief judge picks the game as the pages name it, proposes the
    // remedy, votes and decides.
    let judge = Browser::signed_in(&club.app.address, "cj").await;
    judge.open(&case).await;
    judge
        .choose(
            "Партия или матч (необязательно)",
            "тур 1 · стол 1, доска 1:",
        )
        .await;
    judge.choose("Новый результат", "0-1").await;
    judge.press("Предложить изменение").await;
    let remedies = judge.texts("ul.remedies li").await;
    assert_eq!(remedies.len(), 1, "{remedies:?}");
    assert!(
        remedies[0].starts_with("тур 1 · стол 1, доска 1:") && remedies[0].contains("→ 0-1"),
        "{remedies:?}"
    );
    judge.tick("удовлетворить").await;
    judge.press("Проголосовать").await;
    Browser::both_widths(&judge, "appeal-before-decision").await;
    judge
        .tick("Решение окончательное и сразу вступает в силу")
        .await;
    judge.press("Закрыть голосование и решить").await;
    assert_eq!(judge.text("#case-status").await, "удовлетворена");
    Browser::both_widths(&judge, "appeal-decided").await;
    judge.quit().await;
}

#[tokio::test]
#[ignore = "needs chromium and chromedriver: .ci/run installs them"]
async fn r_3_5_six_teams_play_the_five_rounds_the_organizers_set_and_the_tournament_finishes() {
    let club = Club::new("R").await;
    let teams = r_teams(&club, 6).await;
    let t = club.tournament_in(90).await;
    let url = club.tournament_url(t);
    enter_all(&club, t, &teams).await;

    let organizer = Browser::signed_in(&club.app.address, "Root").await;
    organizer.open(&url).await;
    assert_eq!(organizer.value("Туров").await, "7");
    assert!(
        organizer
            .text("#rounds-form .warn")
            .await
            .contains("не больше 5"),
        "the form warns: six teams, seven rounds"
    );
    Browser::both_widths(&organizer, "r-rounds-form").await;
    organizer.fill("Туров", "5").await;
    organizer.press("Сохранить число туров").await;
    assert_eq!(organizer.value("Туров").await, "5");
    assert!(organizer.texts("#rounds-form .warn").await.is_empty());

    // The draw and five rounds through the judges' forms.
    draw(&club, &url, "35").await;
    for round in 1..=5 {
        published_round(&club, &url, round).await;
        play_round(&club, &url, round, &|home, away| {
            if home < away { "1-0" } else { "1/2" }
        })
        .await;
    }
    organizer.open(&format!("{url}/check-in")).await;
    assert_eq!(organizer.texts("table.checkin tbody tr").await.len(), 18);
    Browser::both_widths(&organizer, "r-check-in").await;

    organizer.open(&url).await;
    organizer.tick("Результаты станут окончательными").await;
    organizer.press("Завершить турнир").await;
    assert_eq!(organizer.texts("#places table tbody tr").await.len(), 6);
    Browser::both_widths(&organizer, "r-finished-after-five-rounds").await;
    organizer.quit().await;
}

#[tokio::test]
#[ignore = "needs chromium and chromedriver: .ci/run installs them"]
async fn g_v33_the_captains_match_page_and_e_7_the_day_timetable() {
    let club = Club::new("G").await;
    let (teams, t) = four_entered(&club).await;
    let url = club.tournament_url(t);
    let page = club
        .app
        .post_with(&club.root, &format!("{url}/draw"), &[("seed", "7")])
        .await;
    club.started(&url);
    assert_eq!(page.status, StatusCode::SEE_OTHER, "{}", page.text);
    publish_last(&club, &url).await;
    // The captain's match of round 1, as the tournament page links it.
    let page = club.app.get_with(&teams[0].captain, &url).await;
    let rows = scraper::Selector::parse("#round-1 tr.match").expect("selector");
    let link = scraper::Selector::parse("a[href*='/matches/']").expect("selector");
    let mine = page
        .html
        .select(&rows)
        .find(|tr| tr.text().any(|s| s.contains(teams[0].name.as_str())))
        .and_then(|tr| tr.select(&link).next())
        .and_then(|a| a.value().attr("href"))
        .expect("the captain's match")
        .to_owned();
    let captain = Browser::signed_in(&club.app.address, &teams[0].nicks[0]).await;
    captain.open(&mine).await;
    captain.choose("Доска", "2").await;
    captain
        .fill(
            "Что произошло",
            "a substitute came in who was not in the entry",
        )
        .await;
    captain.press("Отправить главному судье").await;
    assert!(
        captain
            .texts(".flash")
            .await
            .iter()
            .any(|f| f.contains("главному судье")),
    );
    Browser::both_widths(&captain, "match-report-to-chief-judge").await;
    captain.quit().await;

    let e = Club::new("E").await;
    let t = e.tournament_in(20).await;
    let browser = Browser::start(&e.app.address).await;
    browser.open(&e.tournament_url(t)).await;
    assert!(browser.text("#timetable p").await.contains("40 мин"));
    Browser::both_widths(&browser, "e-timetable").await;
    browser.quit().await;
}

/// in the hall: the judge types the pairs drawn from the drum for
/// rounds 1 and 2 by picking the teams from lists, table by table.
#[tokio::test]
#[ignore = "needs chromium and chromedriver: .ci/run installs them"]
async fn r_3_1_the_judge_types_the_pairs_drawn_from_the_drum_for_rounds_one_and_two() {
    let club = Club::new("R").await;
    let teams = r_teams(&club, 4).await;
    let t = club.tournament_in(90).await;
    let url = club.tournament_url(t);
    enter_all(&club, t, &teams).await;
    draw(&club, &url, "11").await;
    let judge = Browser::signed_in(&club.app.address, "Root").await;
    let names: Vec<&str> = teams.iter().map(|x| x.name.as_str()).collect();
    for (round, pairs) in [
        (1, [(names[0], names[3]), (names[1], names[2])]),
        (2, [(names[0], names[2]), (names[3], names[1])]),
    ] {
        if round == 2 {
            let page = club
                .app
                .post_with(&club.root, &format!("{url}/rounds"), &[])
                .await;
            assert_eq!(page.status, StatusCode::SEE_OTHER, "{}", page.text);
        }
        judge.open(&url).await;
        for (table, (home, away)) in pairs.iter().enumerate() {
            let n = table + 1;
            judge.choose(&format!("Стол {n}: хозяева"), home).await;
            judge.choose(&format!("Стол {n}: гости"), away).await;
        }
        if round == 1 {
            Browser::both_widths(&judge, "r-lot-typed").await;
        }
        judge.press("Сохранить пары по жребию").await;
        assert_eq!(judge.text(".flash").await, "Пары по жребию сохранены.");
        let shown = judge
            .texts(&format!("#round-{round} tr.match td:nth-child(2)"))
            .await;
        assert_eq!(shown, [pairs[0].0, pairs[1].0], "round {round}");
        publish_last(&club, &url).await;
        play_round(&club, &url, round, &|_, _| "1-0").await;
    }
    judge.quit().await;
}
