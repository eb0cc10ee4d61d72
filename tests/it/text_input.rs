//! Security: typed text is checked at the edge. A control character (NUL
//! above all: PostgreSQL refuses it, SQLite would store it) or a value
//! longer than its field takes is refused with a message beside the field,
//! the rest of what was typed kept; nothing is stored. The same holds for
//! a TRF file.

use diesel::prelude::*;
use reqwest::StatusCode;

use crate::helpers::TestApp;
use crate::play::Club;

const CONTROL: &str = "Содержит невидимый управляющий символ";

fn championships(app: &TestApp) -> i64 {
    use league::db::schema::championships::dsl as c;
    c::championships
        .count()
        .get_result(&mut app.db())
        .expect("count")
}

#[tokio::test]
async fn a_nul_in_a_championship_name_is_refused_beside_the_field_and_nothing_is_stored() {
    let app = TestApp::spawn().await;
    let root = app.admin("Root").await;
    let before = championships(&app);
    for name in ["Кубок\0 города", "Кубок\u{1} города", "Кубок\n города"]
    {
        let page = app
            .post_with(
                &root,
                "/championships",
                &[
                    ("name", name),
                    ("slug", "cup-2027"),
                    ("preset", "G"),
                    ("time_zone", "Europe/Moscow"),
                ],
            )
            .await;
        assert_eq!(page.status, StatusCode::UNPROCESSABLE_ENTITY, "{name:?}");
        let error = page.select_text("#name-error").expect("beside the name");
        assert!(error.starts_with(CONTROL), "{error}");
        // What was typed is still there, without the refused character.
        assert_eq!(page.attr("#name", "value").as_deref(), Some("Кубок города"));
        assert_eq!(page.attr("#slug", "value").as_deref(), Some("cup-2027"));
    }
    // Longer than any one-line field: the limit is named.
    let long = "Ч".repeat(201);
    let page = app
        .post_with(
            &root,
            "/championships",
            &[
                ("name", &long),
                ("slug", "cup-2027"),
                ("preset", "G"),
                ("time_zone", "Europe/Moscow"),
            ],
        )
        .await;
    assert_eq!(page.status, StatusCode::UNPROCESSABLE_ENTITY);
    assert_eq!(
        page.select_text("#name-error").as_deref(),
        Some("Слишком длинно: не больше 200 символов.")
    );
    assert_eq!(championships(&app), before);
}

#[tokio::test]
async fn a_nul_in_a_motto_organization_series_token_or_ban_reason_is_refused_beside_it() {
    let club = Club::new("G").await;
    let (app, root, c) = (&club.app, &club.root, club.id);

    let captain = app.person("Captain").await;
    let page = app
        .post_with(
            &captain,
            &format!("/championships/{c}/apply"),
            &[
                ("name", "Ладья"),
                ("motto", "Вперёд\0!"),
                ("organization", ""),
            ],
        )
        .await;
    assert_eq!(page.status, StatusCode::UNPROCESSABLE_ENTITY);
    assert!(
        page.select_text("#motto-error")
            .is_some_and(|e| e.starts_with(CONTROL)),
        "{}",
        page.text
    );
    assert_eq!(page.attr("#name", "value").as_deref(), Some("Ладья"));

    let page = app
        .post_with(
            root,
            "/organizations",
            &[("name", "Завод\0"), ("parent", "")],
        )
        .await;
    assert_eq!(page.status, StatusCode::UNPROCESSABLE_ENTITY);
    assert!(
        page.select_text("#org-name-error")
            .is_some_and(|e| e.starts_with(CONTROL))
    );

    let page = app
        .post_with(root, "/series", &[("name", "Спартакиада\0")])
        .await;
    assert_eq!(page.status, StatusCode::UNPROCESSABLE_ENTITY);
    assert!(
        page.select_text("#series-name-error")
            .is_some_and(|e| e.starts_with(CONTROL))
    );

    let page = app
        .post_with(
            root,
            &format!("/championships/{c}/api-tokens"),
            &[("name", "табло\0")],
        )
        .await;
    assert_eq!(page.status, StatusCode::UNPROCESSABLE_ENTITY);
    assert!(
        page.select_text("#api-token-name-error")
            .is_some_and(|e| e.starts_with(CONTROL))
    );

    let page = app
        .post_with(
            root,
            "/people/Captain/bans",
            &[("from", ""), ("until", ""), ("reason", "неспортивно\0")],
        )
        .await;
    assert_eq!(page.status, StatusCode::UNPROCESSABLE_ENTITY);
    assert!(
        page.select_text("#ban-reason-error")
            .is_some_and(|e| e.starts_with(CONTROL)),
        "{}",
        page.text
    );
    assert_eq!(
        page.attr("#ban-reason", "value").as_deref(),
        Some("неспортивно")
    );

    // Nothing of it was stored.
    let mut conn = app.db();
    use league::db::schema::{api_tokens, bans, organizations, series, teams};
    let counts: [i64; 5] = [
        teams::table.count().get_result(&mut conn).expect("teams"),
        organizations::table
            .count()
            .get_result(&mut conn)
            .expect("o"),
        series::table.count().get_result(&mut conn).expect("series"),
        api_tokens::table.count().get_result(&mut conn).expect("t"),
        bans::table.count().get_result(&mut conn).expect("bans"),
    ];
    assert_eq!(counts, [0; 5]);
}

#[tokio::test]
async fn a_regulation_text_keeps_its_lines_but_not_a_nul() {
    let club = Club::new("G").await;
    let (app, root, c) = (&club.app, &club.root, club.id);
    let page = app
        .regulation_change(
            root,
            c,
            &[
                ("body", "Пункт 1.\r\n\tПункт 2.\0"),
                ("summary", "Опечатка"),
            ],
        )
        .await;
    assert_eq!(page.status, StatusCode::UNPROCESSABLE_ENTITY);
    let problems = page.texts("#regulation-problems li");
    assert_eq!(problems.len(), 1, "{problems:?}");
    assert!(problems[0].contains(CONTROL), "{problems:?}");
    // The text comes back as typed, its lines and tab kept.
    assert_eq!(
        page.select_text("#reg-body").as_deref(),
        Some("Пункт 1.\n\tПункт 2.")
    );
}

#[tokio::test]
async fn a_form_without_a_place_for_the_message_answers_a_page_naming_the_field_in_words() {
    let club = Club::new("G").await;
    let (app, root) = (&club.app, &club.root);
    // The language switch has no field to show an error beside.
    let page = app
        .post_with(root, "/lang", &[("lang", "en\0"), ("next", "/")])
        .await;
    assert_eq!(page.status, StatusCode::UNPROCESSABLE_ENTITY);
    assert_eq!(
        page.headers["content-type"], "text/html; charset=utf-8",
        "a page"
    );
    let problems = page.texts("ul.problems li");
    assert_eq!(problems.len(), 1, "{problems:?}");
    // Named as people read it, not by the form's field name.
    assert!(problems[0].starts_with("Язык:"), "{problems:?}");
}

#[tokio::test]
async fn a_trf_file_with_a_nul_in_a_name_is_refused_with_its_line() {
    let club = Club::new("R").await;
    let file = "012 Кубок\n\
                001    1      Иванов\0 Иван                     1800 RUS             \n";
    let page = crate::trf_import::import(
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
    assert_eq!(problems.len(), 1, "{problems:?}");
    assert!(
        problems[0].starts_with("Строка 2: ожидалось: печатный текст")
            && problems[0].contains("U+0000"),
        "{problems:?}"
    );
}
