use reqwest::StatusCode;

use crate::helpers::{TestApp, into_page};

#[tokio::test]
async fn health_reports_backend_and_schema_version() {
    let app = TestApp::spawn().await;
    let res = app
        .client
        .get(app.url("/health"))
        .send()
        .await
        .expect("GET");
    assert_eq!(res.status(), StatusCode::OK);
    let body: serde_json::Value = res.json().await.expect("json");
    assert_eq!(body["status"], "ok");
    let expected = if crate::helpers::postgres_admin_url().is_some() {
        "postgres"
    } else {
        "sqlite"
    };
    assert_eq!(body["backend"], expected);
    let version = body["schema_version"].as_str().expect("version");
    assert!(
        version.len() >= 14 && version.chars().all(|c| c.is_ascii_digit()),
        "{version}"
    );
}

#[tokio::test]
async fn pages_carry_security_headers_and_the_stylesheet_is_served() {
    let app = TestApp::spawn().await;
    let page = app.get("/").await;
    assert_eq!(page.status, StatusCode::OK);
    assert_eq!(page.headers["x-content-type-options"], "nosniff");
    assert_eq!(page.headers["x-frame-options"], "DENY");
    assert!(
        page.headers["content-security-policy"]
            .to_str()
            .expect("csp")
            .contains("default-src 'self'")
    );
    let href = page
        .attr("link[rel=stylesheet]", "href")
        .expect("stylesheet");
    assert!(href.starts_with("/static/css/app-"), "{href}");
    let css = app.client.get(app.url(&href)).send().await.expect("GET");
    assert_eq!(css.status(), StatusCode::OK);
    assert!(
        css.headers()["content-type"]
            .to_str()
            .expect("type")
            .starts_with("text/css")
    );
    assert!(css.text().await.expect("body").contains("@media print"));
}

#[tokio::test]
async fn every_form_on_a_page_carries_the_csrf_token() {
    let app = TestApp::spawn().await;
    for path in ["/", "/login", "/signup"] {
        let page = app.get(path).await;
        let forms = scraper::Selector::parse("form[method=post]").expect("sel");
        let token = scraper::Selector::parse("input[name=csrf_token]").expect("sel");
        let mut n = 0;
        for form in page.html.select(&forms) {
            n += 1;
            assert!(
                form.select(&token).next().is_some(),
                "{path}: a form without a token"
            );
        }
        assert!(n > 0, "{path} has forms");
    }
}

#[tokio::test]
async fn a_wrong_method_gets_a_405_page_and_a_forms_address_opened_as_a_page_leads_to_its_page() {
    let app = TestApp::spawn().await;
    let res = app
        .client
        .request(reqwest::Method::OPTIONS, app.url("/logout"))
        .send()
        .await
        .expect("OPTIONS");
    assert_eq!(res.status(), StatusCode::METHOD_NOT_ALLOWED);
    let page = into_page(res).await;
    assert_eq!(
        page.select_text("main p").as_deref(),
        Some("Этот адрес не принимает такой запрос.")
    );
    // The address bar after a refused form: opened again, the address of
    // a form leads to the page above it, not to an error.
    let page = app.get("/logout").await;
    assert_eq!(page.status, StatusCode::SEE_OTHER);
    assert_eq!(page.location(), Some("/"));
    let club = crate::club::Club::new("G").await;
    let t = club.tournament_in(20).await;
    let url = club.tournament_url(t);
    let page = club
        .app
        .get_with(&club.root, &format!("{url}/entries"))
        .await;
    assert_eq!(page.status, StatusCode::SEE_OTHER);
    assert_eq!(page.location(), Some(url.as_str()));
    let page = club
        .app
        .get_with(&club.root, &format!("{url}/games/1/result"))
        .await;
    // A game's result form leads to the game's own page.
    assert_eq!(page.location(), Some(format!("{url}/games/1").as_str()));
}

#[tokio::test]
async fn a_database_failure_shows_the_500_page_and_stores_nothing() {
    use diesel::connection::SimpleConnection;
    let app = TestApp::spawn().await;
    // Break the audit log, which sign-up writes in the same transaction.
    app.db()
        .batch_execute("DROP TABLE audit_log")
        .expect("drop");
    let page = app.sign_up("Unlucky").await;
    assert_eq!(page.status, StatusCode::INTERNAL_SERVER_ERROR);
    assert_eq!(
        page.select_text("h1").as_deref(),
        Some("Что-то пошло не так (500)")
    );
    assert!(
        !page.text.contains("audit_log"),
        "no internals leak: {}",
        page.text
    );
    assert_eq!(league::db::people::count(&mut app.db()).expect("count"), 0);
}

/// RFC 9110 §9.3.2: HEAD answers as GET would, without the body; a route
/// with no GET leads to the page above it, as GET does.
#[tokio::test]
async fn head_answers_like_get_without_a_body() {
    let app = TestApp::spawn().await;
    for path in [
        "/",
        "/championships",
        "/api/v1/championships",
        "/static/css/app.css",
    ] {
        let get = app.client.get(app.url(path)).send().await.expect("GET");
        let head = app.client.head(app.url(path)).send().await.expect("HEAD");
        assert_eq!(head.status(), StatusCode::OK, "{path}");
        assert_eq!(
            head.headers().get("content-type"),
            get.headers().get("content-type"),
            "{path}"
        );
        assert_eq!(
            head.headers().get("content-security-policy"),
            get.headers().get("content-security-policy"),
            "{path}"
        );
        assert!(head.bytes().await.expect("body").is_empty(), "{path}");
    }
    let res = app
        .client
        .head(app.url("/logout"))
        .send()
        .await
        .expect("HEAD");
    assert_eq!(res.status(), StatusCode::SEE_OTHER);
}

/// A path whose ids exist but do not belong together names nothing: a
/// tournament under another championship, a round of another tournament,
/// on the pages and in the JSON API alike.
#[tokio::test]
async fn a_child_under_another_parent_is_not_found() {
    let club = crate::club::Club::new("G").await;
    let other = club.app.create_championship(&club.root, "R").await;
    let own = club.new_tournament(club.id).await;
    let foreign = club.new_tournament(other).await;
    let c = club.id;
    for path in [
        format!("/championships/{c}/tournaments/{own}"),
        format!("/api/v1/championships/{c}/tournaments/{own}/standings"),
    ] {
        let page = club.app.get_with(&club.root, &path).await;
        assert_eq!(page.status, StatusCode::OK, "{path}");
    }
    for path in [
        format!("/championships/{c}/tournaments/{foreign}"),
        format!("/championships/{c}/tournaments/{foreign}/crosstable"),
        format!("/championships/{c}/tournaments/{foreign}/standings.csv"),
        format!("/championships/{other}/tournaments/{own}/rounds/1"),
    ] {
        let page = club.app.get_with(&club.root, &path).await;
        assert_eq!(page.status, StatusCode::NOT_FOUND, "{path}");
        assert!(
            page.headers["content-type"]
                .to_str()
                .is_ok_and(|t| t.starts_with("text/html")),
            "{path}: the error page"
        );
    }
    let api = format!("/api/v1/championships/{c}/tournaments/{foreign}/standings");
    let res = club
        .app
        .client
        .get(club.app.url(&api))
        .send()
        .await
        .expect("GET");
    assert_eq!(res.status(), StatusCode::NOT_FOUND);
    assert_eq!(
        res.headers()["content-type"],
        "application/problem+json",
        "a problem document"
    );
}

#[tokio::test]
async fn an_unreadable_path_form_or_body_is_answered_as_a_page_in_the_visitors_language() {
    let app = TestApp::spawn().await;
    let is_page = |page: &crate::helpers::Page| {
        page.headers[reqwest::header::CONTENT_TYPE]
            .to_str()
            .is_ok_and(|ct| ct.starts_with("text/html"))
    };
    // An id that is not a number is no such page.
    for path in [
        "/championships/abc",
        "/championships/1/tournaments/x1/crosstable",
        "/teams/-",
    ] {
        let page = app.get(path).await;
        assert_eq!(page.status, StatusCode::NOT_FOUND, "{path}");
        assert!(is_page(&page), "{path}: {:?}", page.headers);
        assert_eq!(
            page.select_text("h1").as_deref(),
            Some("Страница не найдена (404)"),
            "{path}"
        );
    }
    // A field sent twice: 400, in words.
    let page = app
        .post("/lang", &[("lang", "en"), ("lang", "ru"), ("next", "/")])
        .await;
    assert_eq!(page.status, StatusCode::BAD_REQUEST, "{}", page.text);
    assert!(is_page(&page), "{:?}", page.headers);
    assert!(
        page.text.contains("Форму не удалось прочитать"),
        "{}",
        page.text
    );
    // A body over the limit: 413, in words.
    let long = "x".repeat(80 * 1024);
    let page = app.post("/lang", &[("lang", "en"), ("next", &long)]).await;
    assert_eq!(page.status, StatusCode::PAYLOAD_TOO_LARGE, "{}", page.text);
    assert!(is_page(&page), "{:?}", page.headers);
}

#[tokio::test]
async fn a_championships_slug_is_its_short_address() {
    let club = crate::club::Club::new("G").await;
    let page = club.app.get(&format!("/championships/{}", club.id)).await;
    let short = page
        .attr("#short-address a", "href")
        .expect("the short address on the championship page");
    assert!(short.starts_with("/c/g-"), "{short}");
    let page = club.app.get(&short).await;
    assert_eq!(page.status, StatusCode::SEE_OTHER);
    assert_eq!(
        page.location(),
        Some(format!("/championships/{}", club.id).as_str())
    );
    let page = club.app.get(&format!("{short}/season?lang=en")).await;
    assert_eq!(
        page.location(),
        Some(format!("/championships/{}/season?lang=en", club.id).as_str())
    );
    // An unknown slug, or anything odd after it, names nothing.
    assert_eq!(
        club.app.get("/c/no-such").await.status,
        StatusCode::NOT_FOUND
    );
    assert_eq!(
        club.app.get(&format!("{short}/a..b")).await.status,
        StatusCode::NOT_FOUND
    );
}

/// A refused form in a browser (a top-level navigation): the answer is a
/// redirect to the page the form was on, which shows the refusal once;
/// the address bar never holds the POST address. Other clients get the
/// refusal itself.
#[tokio::test]
async fn a_refused_form_in_a_browser_redirects_to_its_page_which_shows_the_refusal_once() {
    let club = crate::club::Club::new("G").await;
    let team = crate::club::g_team(&club, "Ладья", "la", 5).await;
    let t = club.tournament_in(20).await;
    let url = club.tournament_url(t);
    let token = club.app.csrf_with(&team.captain).await;
    let send = |headers: bool| {
        let mut req = team
            .captain
            .post(club.app.url(&format!("{url}/entries")))
            .form(&[("line", "Ладья,la1,la2"), ("csrf_token", token.as_str())]);
        if headers {
            req = req
                .header("Sec-Fetch-Mode", "navigate")
                .header("Referer", club.app.url(&url));
        }
        req.send()
    };
    let page = crate::helpers::into_page(send(true).await.expect("POST")).await;
    assert_eq!(page.status, StatusCode::SEE_OTHER, "{}", page.text);
    assert_eq!(page.location(), Some(url.as_str()));
    let shown = club.app.get_with(&team.captain, &url).await;
    assert_eq!(shown.status, StatusCode::UNPROCESSABLE_ENTITY);
    assert!(!shown.texts("#entry-form ul.problems li").is_empty());
    assert_eq!(
        shown.attr("#entry-line", "value").as_deref(),
        Some("Ладья,la1,la2"),
        "what was typed is kept"
    );
    // Once: the next view is the page as it is.
    let again = club.app.get_with(&team.captain, &url).await;
    assert_eq!(again.status, StatusCode::OK);
    assert!(again.texts("#entry-form ul.problems li").is_empty());
    assert!(club.entries(t).is_empty(), "nothing stored");
    // A client that is not a browser navigation gets the refusal itself.
    let page = crate::helpers::into_page(send(false).await.expect("POST")).await;
    assert_eq!(page.status, StatusCode::UNPROCESSABLE_ENTITY);
}

#[tokio::test]
async fn a_visitors_refused_sign_up_and_sign_in_go_back_to_their_page_with_what_was_typed() {
    let app = TestApp::spawn().await;
    let visitor = crate::helpers::new_client();
    let token = app.csrf_with(&visitor).await;
    let browser = |path: &str, fields: &[(&str, &str)]| {
        let mut form: Vec<(&str, &str)> = fields.to_vec();
        form.push(("csrf_token", token.as_str()));
        visitor
            .post(app.url(path))
            .header("Sec-Fetch-Mode", "navigate")
            .form(&form)
            .send()
    };
    // A sign-up with a short password: back to the form, nothing stored.
    let sent = into_page(
        browser(
            "/signup",
            &[
                ("nick", "Ферзь"),
                ("full_name", "Анна Ферзева"),
                ("email", "anna@club.example"),
                ("password", "short"),
                ("password_confirm", "short"),
            ],
        )
        .await
        .expect("POST"),
    )
    .await;
    assert_eq!(sent.status, StatusCode::SEE_OTHER, "{}", sent.text);
    assert_eq!(sent.location(), Some("/signup"));
    let shown = app.get_with(&visitor, "/signup").await;
    assert_eq!(shown.status, StatusCode::UNPROCESSABLE_ENTITY);
    assert_eq!(shown.attr("#nick", "value").as_deref(), Some("Ферзь"));
    assert_eq!(
        shown.attr("#email", "value").as_deref(),
        Some("anna@club.example")
    );
    assert_eq!(shown.attr("#password", "value").as_deref(), Some(""));
    assert!(!shown.texts("#password-error").is_empty(), "{}", shown.text);
    let again = app.get_with(&visitor, "/signup").await;
    assert_eq!(again.status, StatusCode::OK, "shown once");
    assert_eq!(again.attr("#nick", "value").as_deref(), Some(""));
    assert!(
        league::db::people::by_nick(&mut app.db(), "Ферзь")
            .expect("query")
            .is_none(),
        "nothing stored"
    );

    // A wrong password: back to the sign-in page with its `next`, the
    // login kept, the password not.
    app.sign_up_with(&crate::helpers::new_client(), "Ладья")
        .await;
    let sent = into_page(
        browser(
            "/login",
            &[
                ("login", "Ладья"),
                ("password", "not the password"),
                ("next", "/account"),
            ],
        )
        .await
        .expect("POST"),
    )
    .await;
    assert_eq!(sent.status, StatusCode::SEE_OTHER);
    assert_eq!(sent.location(), Some("/login?next=%2Faccount"));
    let shown = app.get_with(&visitor, "/login?next=%2Faccount").await;
    assert_eq!(shown.status, StatusCode::UNAUTHORIZED);
    assert_eq!(shown.attr("#login", "value").as_deref(), Some("Ладья"));
    assert!(!shown.texts(".form-error").is_empty());
    assert_eq!(
        shown.attr("form.form input[name=next]", "value").as_deref(),
        Some("/account")
    );
    // Gone elsewhere first: the refusal is not shown later.
    let sent = browser("/login", &[("login", "Ладья"), ("password", "wrong")])
        .await
        .expect("POST");
    assert_eq!(sent.status(), StatusCode::SEE_OTHER);
    visitor
        .get(app.url("/"))
        .header("Sec-Fetch-Mode", "navigate")
        .send()
        .await
        .expect("GET");
    let later = app.get_with(&visitor, "/login").await;
    assert_eq!(later.status, StatusCode::OK);
    assert!(later.texts(".form-error").is_empty());
    // A client that is not a browser navigation gets the refusal itself.
    let direct = app
        .post_with(&visitor, "/login", &[("login", "Ладья"), ("password", "x")])
        .await;
    assert_eq!(direct.status, StatusCode::UNAUTHORIZED);
}
