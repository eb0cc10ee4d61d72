//! People as records in a real browser: an R representative enters the
//! two other players of the team by full name (no one signs up), uploads
//! their documents, enters the tournament; the organizers admit the
//! team at the check-in desk (R-2.2..R-2.4) and it is paired and scored.
//! Screenshots of the team page, a record's page and the desk at desktop
//! and phone width.

use reqwest::StatusCode;

use crate::club::{Club, check_in_all, play_round};
use crate::driver::Browser;
use crate::r_club::{
    PDF, approve_documents, draw, enter_all, published_round, r_teams, staff_member, upload,
    upload_action,
};

#[tokio::test]
#[ignore = "needs chromium and chromedriver: .ci/run installs them"]
async fn r_2_1_a_representative_enters_a_team_of_three_by_full_name_and_it_is_paired_and_scored() {
    let club = Club::new("R").await;
    let others = r_teams(&club, 3).await;
    let app = &club.app;
    let organization = app.create_organization(&club.root, "АО-Энергомаш").await;
    // The representative has an account and is a staff employee.
    let rep = club.person("rep").await;
    let page = app
        .apply_team(&rep, club.id, "НПО Энергомаш", &organization.to_string())
        .await;
    assert_eq!(page.status, StatusCode::SEE_OTHER, "{}", page.text);
    let team = page.location_id("/teams/");
    let page = app
        .decide_team(&club.root, club.id, team, "approve", "")
        .await;
    assert_eq!(page.status, StatusCode::SEE_OTHER);
    staff_member(&club, &rep, "rep", organization, 0).await;
    let action = upload_action(&club, &rep, &format!("/teams/{team}")).await;
    upload(&club, &rep, &action, "team_application").await;

    // In the browser: the two players entered by name, page loads counted.
    let browser = Browser::signed_in(&app.address, "rep").await;
    let mut loads = 0;
    browser.open(&format!("/teams/{team}")).await;
    loads += 1;
    for name in ["Иванов Иван", "Петрова Анна"] {
        browser.fill("Имя и фамилия", name).await;
        browser.press("Внести игрока").await;
        loads += 1;
        assert!(
            browser.text(".flash").await.contains(name),
            "{}",
            browser.text(".flash").await
        );
    }
    let names = browser.texts("table tbody tr td:first-child a").await;
    assert!(
        names.contains(&"Иванов Иван".to_owned()) && names.contains(&"Петрова Анна".to_owned()),
        "{names:?}"
    );
    Browser::both_widths(&browser, "records-team-page").await;

    // Their documents, uploaded by the representative on each record's
    // page; their employment recorded beside them.
    let file = tempfile::Builder::new()
        .suffix(".pdf")
        .tempfile()
        .expect("tmp");
    std::fs::write(file.path(), PDF).expect("write");
    for (i, nick) in ["ivanov-ivan", "petrova-anna"].into_iter().enumerate() {
        browser.open(&format!("/people/{nick}")).await;
        loads += 1;
        let health = if i == 0 {
            "Медицинская справка"
        } else {
            "Подписанный отказ от претензий"
        };
        for kind in ["Оригинал заявки", health, "Копия паспорта, страница с фото"]
        {
            browser.choose("Документ", kind).await;
            browser
                .attach("Файл", file.path().to_str().expect("path"))
                .await;
            browser.press("Загрузить").await;
            loads += 1;
            assert!(
                browser.text(".flash").await.contains("Документ загружен"),
                "{kind}: {}",
                browser.text(".flash").await
            );
        }
        if i == 0 {
            Browser::both_widths(&browser, "records-person-page").await;
        }
        // The employment record (a date field: entered over HTTP).
        let page = app
            .post_with(
                &rep,
                &format!("/people/{nick}/employments"),
                &[
                    ("organization", &organization.to_string()),
                    ("from", "2020-01-01"),
                    ("until", ""),
                ],
            )
            .await;
        assert_eq!(page.status, StatusCode::SEE_OTHER, "{}", page.text);
    }

    // The organizer's desk: the team's employment records and documents
    // in one list, narrowed to the team, each decided at once for all.
    let organizer = Browser::signed_in(&app.address, "Root").await;
    organizer
        .open(&format!("/championships/{}/documents", club.id))
        .await;
    organizer.choose("Команда", "НПО Энергомаш").await;
    organizer.press("Показать").await;
    let waiting = organizer.texts("#employments-bulk td.person a").await;
    assert_eq!(
        waiting,
        ["Иванов Иван", "Петрова Анна"],
        "the team's records only"
    );
    Browser::both_widths(&organizer, "records-desk").await;
    organizer.tick("Все в списке (2)").await;
    organizer.press("Подтвердить отмеченные").await;
    assert!(
        organizer
            .text(".flash")
            .await
            .starts_with("Подтверждено (2)"),
        "{}",
        organizer.text(".flash").await
    );
    // Every document of the team: the representative's, the two
    // players' and the team's application.
    let listed = organizer
        .attrs("input[name=listed][form=documents-bulk]", "value")
        .await
        .len();
    assert_eq!(listed, 10, "3 × 3 papers of R-2.2 and the application");
    organizer.tick(&format!("Все в списке ({listed})")).await;
    organizer.press("Принять отмеченные").await;
    assert!(
        organizer.text(".flash").await.starts_with("Принято (10)"),
        "{}",
        organizer.text(".flash").await
    );
    approve_documents(&club, club.id).await;

    // The entry, typed as the organization writes its name.
    let t = club.tournament_in(90).await;
    let url = club.tournament_url(t);
    enter_all(&club, t, &others).await;
    browser.open(&url).await;
    loads += 1;
    // The boards are picked from the team's members, by name.
    browser.choose("Доска 1", "Test Player (rep)").await;
    browser.choose("Доска 2", "Иванов Иван (ivanov-ivan)").await;
    browser
        .choose("Доска 3", "Петрова Анна (petrova-anna)")
        .await;
    Browser::both_widths(&browser, "records-entry-form").await;
    browser.press("Подать заявку").await;
    loads += 1;
    let flash = browser.text(".flash").await;
    assert!(flash.contains("принята"), "{flash}");
    eprintln!("the representative's page loads for a team of 3: {loads}");
    assert!(loads <= 13, "{loads} loads");
    browser.quit().await;

    // The desk admits everyone, with full names; the round is paired and
    // the team scores.
    organizer.open(&format!("{url}/check-in")).await;
    let people = organizer.texts("table.checkin tbody th.person").await;
    assert!(
        people.iter().any(|p| p.starts_with("Иванов Иван")),
        "{people:?}"
    );
    // One tick per person whose papers on file are approved.
    for name in [
        "Test Player (rep)",
        "Иванов Иван (ivanov-ivan)",
        "Петрова Анна (petrova-anna)",
    ] {
        organizer
            .tick(&format!("Явился, документы сверены: {name}"))
            .await;
    }
    organizer.press("Сохранить регистрацию").await;
    let flash = organizer.text(".flash").await;
    assert!(flash.starts_with("Допущены: "), "{flash}");
    for nick in ["rep", "ivanov-ivan", "petrova-anna"] {
        assert!(flash.contains(nick), "{flash}");
    }
    // The other teams by their rows, as before.
    check_in_all(&club, &url).await;
    Browser::both_widths(&organizer, "records-check-in").await;
    draw(&club, &url, "7").await;
    let page = published_round(&club, &url, 1).await;
    assert!(page.text.contains("НПО Энергомаш"), "paired");

    // On paper: the pairing list and one score sheet per match, each on a
    // page of its own, players by full name.
    organizer.open(&format!("{url}/rounds/1")).await;
    organizer
        .follow("Пары тура и бланки матчей для печати")
        .await;
    let sheets = organizer.texts("section.score-sheet").await;
    assert_eq!(sheets.len(), 2, "four teams, two matches");
    assert!(
        sheets
            .iter()
            .any(|s| s.contains("Иванов Иван (ivanov-ivan)")),
        "{sheets:?}"
    );
    assert_eq!(organizer.pdf("records-round-print").await, 3);
    organizer.quit().await;
    play_round(&club, &url, 1, &|_, _| "1-0").await;
    let standings = app.get(&url).await;
    assert!(
        standings
            .texts("table.standings tbody tr")
            .iter()
            .any(|r| r.contains("НПО Энергомаш")),
        "{}",
        standings.text
    );
}

#[tokio::test]
#[ignore = "needs chromium and chromedriver: .ci/run installs them"]
async fn r_1_8_the_volleyball_organizer_enters_athletes_by_name_and_the_places_as_a_list() {
    let club = Club::new("R").await;
    let app = &club.app;
    for name in ["АО Альфа", "АО Бета"] {
        app.create_organization(&club.root, name).await;
    }
    let page = app
        .post_with(&club.root, "/series", &[("name", "Спартакиада 2026")])
        .await;
    let series = format!("/series/{}", page.location_id("/series/"));
    let chess = club.id.to_string();
    for (name, championship) in [("Шахматы", chess.as_str()), ("Волейбол", "")] {
        let page = app
            .post_with(
                &club.root,
                &format!("{series}/sports"),
                &[
                    ("name", name),
                    ("championship", championship),
                    ("points", ""),
                ],
            )
            .await;
        assert_eq!(page.status, StatusCode::SEE_OTHER, "{}", page.text);
    }
    // The series' creator names the volleyball organizer on the page.
    club.person("vb").await;
    let root = Browser::signed_in(&app.address, "Root").await;
    root.open(&series).await;
    root.choose_in("sport-organizer-form", "Вид спорта", "Волейбол")
        .await;
    root.fill("Ник", "vb").await;
    root.press("Назначить организатором вида").await;
    assert_eq!(root.text(".flash").await, "Организатор вида назначен.");
    root.quit().await;

    // The volleyball organizer: athletes by full name, no accounts; the
    // places as the results sheet lists them.
    let vb = Browser::signed_in(&app.address, "vb").await;
    vb.open(&series).await;
    vb.choose("Организация", "АО Альфа").await;
    vb.fill("Имена и фамилии", "Павлова Полина\nСеменов Семён")
        .await;
    vb.press("Внести в список").await;
    assert_eq!(vb.text(".flash").await, "Спортсмены внесены в список.");
    vb.fill("Места", "АО Бета; 1\nАО Альфа; 2").await;
    vb.press("Записать места списком").await;
    assert_eq!(vb.text(".flash").await, "Места записаны (2).");
    let rows = vb.rows("table.series-table tbody tr").await;
    assert_eq!(rows[0][1], "АО Бета", "{rows:?}");
    let lists = vb.rows("table.athletes tbody tr").await;
    assert_eq!(lists[0][0..2], ["Волейбол", "АО Альфа"], "{lists:?}");
    Browser::both_widths(&vb, "series-sport-organizer").await;
    vb.quit().await;
}
