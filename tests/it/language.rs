use reqwest::StatusCode;

use crate::helpers::{PASSWORD, TestApp, into_page, new_client};

#[tokio::test]
async fn the_same_page_in_both_languages() {
    let app = TestApp::spawn().await;
    let ru = app.get("/login").await;
    assert_eq!(ru.attr("html", "lang").as_deref(), Some("ru"));
    assert_eq!(ru.select_text("h1").as_deref(), Some("Вход"));
    assert_eq!(
        ru.select_text("label[for=password]").as_deref(),
        Some("Пароль")
    );

    let page = app
        .post("/lang", &[("lang", "en"), ("next", "/login")])
        .await;
    assert_eq!(page.status, StatusCode::SEE_OTHER);
    assert_eq!(page.location(), Some("/login"));
    let en = app.get("/login").await;
    assert_eq!(en.attr("html", "lang").as_deref(), Some("en"));
    assert_eq!(en.select_text("h1").as_deref(), Some("Sign in"));
    assert_eq!(
        en.select_text("label[for=password]").as_deref(),
        Some("Password")
    );
    assert_eq!(
        en.attr("button[value=en]", "aria-pressed").as_deref(),
        Some("true")
    );

    // A link may ask for a language without changing the session's choice.
    let once = app.get("/login?lang=ru").await;
    assert_eq!(once.select_text("h1").as_deref(), Some("Вход"));
    assert_eq!(
        app.get("/login").await.select_text("h1").as_deref(),
        Some("Sign in")
    );
}

#[tokio::test]
async fn error_pages_come_in_both_languages() {
    let app = TestApp::spawn().await;
    let ru = app.get("/no/such/page").await;
    assert_eq!(ru.status, StatusCode::NOT_FOUND);
    assert_eq!(
        ru.select_text("h1").as_deref(),
        Some("Страница не найдена (404)")
    );
    let en = app.get("/no/such/page?lang=en").await;
    assert_eq!(en.status, StatusCode::NOT_FOUND);
    assert_eq!(
        en.select_text("h1").as_deref(),
        Some("Page not found (404)")
    );
    let forbidden = app.post_without_csrf("/logout?lang=en", &[]).await;
    assert_eq!(
        forbidden.select_text("h1").as_deref(),
        Some("Access denied (403)")
    );
}

#[tokio::test]
async fn the_chosen_language_is_kept_on_the_account() {
    let app = TestApp::spawn().await;
    app.sign_up("Judit").await;
    app.post("/lang", &[("lang", "en"), ("next", "/")]).await;
    // A new session (another device) starts in the account's language.
    let phone = new_client();
    app.log_in_with(&phone, "Judit", PASSWORD).await;
    let page = app.get_with(&phone, "/account").await;
    assert_eq!(page.select_text("h1").as_deref(), Some("Profile"));
}

#[tokio::test]
async fn an_unknown_language_is_a_bad_request() {
    let app = TestApp::spawn().await;
    let page = app.post("/lang", &[("lang", "xx")]).await;
    assert_eq!(page.status, StatusCode::BAD_REQUEST);
}

#[tokio::test]
async fn switching_from_a_page_opened_with_lang_returns_without_it() {
    let app = TestApp::spawn().await;
    let page = app.get("/login?next=%2Faccount&lang=en").await;
    assert_eq!(
        page.attr("input[name=next][type=hidden]", "value")
            .as_deref(),
        Some("/login?next=%2Faccount")
    );
}

#[tokio::test]
async fn a_first_visit_speaks_the_browsers_language_until_one_is_chosen() {
    let app = TestApp::spawn().await;
    let client = new_client();
    let visit = |accept: &'static str, path: &'static str| {
        let request = client.get(app.url(path)).header("Accept-Language", accept);
        async move { into_page(request.send().await.expect("GET")).await }
    };
    let en = visit("en-GB,en;q=0.9", "/login").await;
    assert_eq!(en.select_text("h1").as_deref(), Some("Sign in"));
    assert!(
        en.headers["vary"]
            .to_str()
            .is_ok_and(|v| v.contains("Accept-Language")),
        "a cache keeps the languages apart"
    );
    let ru = visit("ru-RU,ru;q=0.9,en;q=0.5", "/login").await;
    assert_eq!(ru.select_text("h1").as_deref(), Some("Вход"));
    // Neither spoken here: the platform's default.
    let other = visit("de-DE,fr;q=0.8", "/login").await;
    assert_eq!(other.select_text("h1").as_deref(), Some("Вход"));
    // `?lang=` wins over the browser's language.
    let asked = visit("en", "/login?lang=ru").await;
    assert_eq!(asked.select_text("h1").as_deref(), Some("Вход"));
    // A choice made on the site wins over the browser's language after.
    app.post_with(&client, "/lang", &[("lang", "ru"), ("next", "/login")])
        .await;
    let chosen = visit("en", "/login").await;
    assert_eq!(chosen.select_text("h1").as_deref(), Some("Вход"));
}
