use chrono::TimeDelta;
use league::db::{self, login_attempts};
use reqwest::StatusCode;

use crate::helpers::{PASSWORD, TestApp, new_client};

#[tokio::test]
async fn sign_up_errors_stand_next_to_their_fields_and_the_form_keeps_what_was_typed() {
    let app = TestApp::spawn().await;
    let page = app
        .post(
            "/signup",
            &[
                ("nick", "bad nick"),
                ("full_name", "Анна Петрова"),
                ("email", "anna-at-example"),
                ("password", "password123"),
                ("password_confirm", "something-else"),
            ],
        )
        .await;
    assert_eq!(page.status, StatusCode::UNPROCESSABLE_ENTITY);
    // Russian is the default language.
    assert!(
        page.select_text("#nick-error")
            .is_some_and(|t| t.contains("латинские буквы")),
        "{}",
        page.text
    );
    assert!(
        page.select_text("#email-error")
            .is_some_and(|t| t.contains("name@example.org"))
    );
    assert!(
        page.select_text("#password-error")
            .is_some_and(|t| t.contains("распространён"))
    );
    assert!(
        page.select_text("#password_confirm-error")
            .is_some_and(|t| t.contains("не совпадают"))
    );
    assert_eq!(page.select_text("#full_name-error"), None);
    // What was typed is kept, except passwords.
    assert_eq!(page.attr("#nick", "value").as_deref(), Some("bad nick"));
    assert_eq!(
        page.attr("#full_name", "value").as_deref(),
        Some("Анна Петрова")
    );
    assert_eq!(
        page.attr("#email", "value").as_deref(),
        Some("anna-at-example")
    );
    assert_eq!(page.attr("#password", "value").as_deref(), Some(""));
    assert_eq!(page.attr("#nick", "aria-invalid").as_deref(), Some("true"));
    // Nothing was stored.
    assert_eq!(db::people::count(&mut app.db()).expect("count"), 0);
}

#[tokio::test]
async fn empty_and_short_fields_are_explained() {
    let app = TestApp::spawn().await;
    let page = app
        .post("/signup?lang=en", &[("nick", "x"), ("password", "short")])
        .await;
    assert_eq!(page.status, StatusCode::UNPROCESSABLE_ENTITY);
    assert_eq!(
        page.select_text("#nick-error").as_deref(),
        Some("A nick has 2 to 30 characters.")
    );
    assert_eq!(
        page.select_text("#full_name-error").as_deref(),
        Some("This field is required.")
    );
    assert_eq!(
        page.select_text("#password-error").as_deref(),
        Some("The password is too short.")
    );
}

#[tokio::test]
async fn a_new_account_is_signed_in_and_nicks_are_unique_regardless_of_case() {
    let app = TestApp::spawn().await;
    let page = app.sign_up("Magnus").await;
    assert_eq!(page.status, StatusCode::SEE_OTHER);
    assert_eq!(page.location(), Some("/account"));
    let account = app.get("/account").await;
    assert_eq!(account.status, StatusCode::OK);
    assert!(account.text.contains("Magnus"));
    assert!(
        account.text.contains("Учётная запись создана"),
        "flash shown once"
    );
    assert!(
        !app.get("/account")
            .await
            .text
            .contains("Учётная запись создана")
    );

    let other = new_client();
    let page = app
        .post_with(
            &other,
            "/signup",
            &[
                ("nick", "mAgNuS"),
                ("full_name", "Someone Else"),
                ("email", "MAGNUS@club.example"),
                ("password", PASSWORD),
                ("password_confirm", PASSWORD),
            ],
        )
        .await;
    assert_eq!(page.status, StatusCode::UNPROCESSABLE_ENTITY);
    assert_eq!(
        page.select_text("#nick-error").as_deref(),
        Some("Этот ник уже занят.")
    );
    assert_eq!(db::people::count(&mut app.db()).expect("count"), 1);
}

#[tokio::test]
async fn login_and_logout() {
    let app = TestApp::spawn().await;
    app.sign_up_with(&new_client(), "Hikaru").await;

    let page = app.log_in("hikaru", PASSWORD).await;
    assert_eq!(page.status, StatusCode::SEE_OTHER);
    assert_eq!(page.location(), Some("/"));
    let home = app.get("/").await;
    assert!(home.text.contains("Hikaru"), "nav shows the nick");

    // By e-mail too, and back to where the login was asked for.
    let other = new_client();
    let page = app
        .post_with(
            &other,
            "/login",
            &[
                ("login", "HIKARU@club.example"),
                ("password", PASSWORD),
                ("next", "/account"),
            ],
        )
        .await;
    assert_eq!(page.location(), Some("/account"));

    let page = app.log_out().await;
    assert_eq!(page.status, StatusCode::SEE_OTHER);
    let account = app.get("/account").await;
    assert_eq!(account.status, StatusCode::SEE_OTHER);
    assert_eq!(account.location(), Some("/login?next=%2Faccount"));
}

#[tokio::test]
async fn a_foreign_next_is_not_followed() {
    let app = TestApp::spawn().await;
    app.sign_up_with(&new_client(), "Fabiano").await;
    let page = app
        .post(
            "/login",
            &[
                ("login", "Fabiano"),
                ("password", PASSWORD),
                ("next", "//evil.example/x"),
            ],
        )
        .await;
    assert_eq!(page.location(), Some("/"));
}

#[tokio::test]
async fn a_wrong_password_and_an_unknown_nick_get_the_same_answer() {
    let app = TestApp::spawn().await;
    app.sign_up_with(&new_client(), "Ding").await;
    let wrong = app.log_in("Ding", "not-the-password").await;
    let unknown = app.log_in("Nobody", PASSWORD).await;
    for page in [&wrong, &unknown] {
        assert_eq!(page.status, StatusCode::UNAUTHORIZED);
        assert_eq!(
            page.select_text(".form-error").as_deref(),
            Some("Неверный ник (или адрес почты) или пароль.")
        );
    }
    assert_eq!(wrong.attr("#login", "value").as_deref(), Some("Ding"));
    assert_eq!(app.get("/account").await.status, StatusCode::SEE_OTHER);
}

#[tokio::test]
async fn a_success_restarts_the_account_count() {
    let app = TestApp::spawn().await;
    app.sign_up_with(&new_client(), "Anish").await;
    let mut conn = app.db();
    let now = db::utc_now();
    let key = format!(
        "person:{}",
        db::people::by_nick(&mut conn, "Anish")
            .expect("q")
            .expect("person")
            .id
    );
    // Failures from five addresses, a success, failures from two more
    // addresses: no wait (the account counts the addresses that failed).
    for i in 0..5 {
        league::db::write_transaction(&mut conn, |tx| {
            login_attempts::record(
                tx,
                &key,
                &format!("10.0.0.{}", 10 + i),
                false,
                now - TimeDelta::seconds(60 - i),
            )
        })
        .expect("record");
    }
    league::db::write_transaction(&mut conn, |tx| {
        login_attempts::record(tx, &key, "10.0.0.2", true, now - TimeDelta::seconds(50))
    })
    .expect("record");
    for i in 0..2 {
        league::db::write_transaction(&mut conn, |tx| {
            login_attempts::record(
                tx,
                &key,
                &format!("10.0.0.{}", 3 + i),
                false,
                now - TimeDelta::seconds(40 - i),
            )
        })
        .expect("record");
    }
    assert_eq!(
        login_attempts::locked_until(&mut conn, &key, "10.0.0.9", now, false).expect("q"),
        None
    );
    // A third address failing since the success, just now: the next try
    // waits.
    league::db::write_transaction(&mut conn, |tx| {
        login_attempts::record(tx, &key, "10.0.0.5", false, now)
    })
    .expect("record");
    assert!(
        login_attempts::locked_until(&mut conn, &key, "10.0.0.9", now, false)
            .expect("q")
            .is_some()
    );
}

#[tokio::test]
async fn password_change_needs_the_current_password_and_signs_out_other_sessions() {
    let app = TestApp::spawn().await;
    app.sign_up("Ian").await;
    let laptop = new_client();
    assert_eq!(
        app.log_in_with(&laptop, "Ian", PASSWORD).await.status,
        StatusCode::SEE_OTHER
    );
    assert_eq!(
        app.get_with(&laptop, "/account").await.status,
        StatusCode::OK
    );

    let new_password = "orange-glacier-58-lantern";
    let page = app
        .post(
            "/account/password",
            &[
                ("current_password", "not-my-password"),
                ("new_password", new_password),
                ("new_password_confirm", new_password),
            ],
        )
        .await;
    assert_eq!(page.status, StatusCode::UNPROCESSABLE_ENTITY);
    assert_eq!(
        page.select_text("#current_password-error").as_deref(),
        Some("Текущий пароль указан неверно.")
    );

    let page = app
        .post(
            "/account/password",
            &[
                ("current_password", PASSWORD),
                ("new_password", new_password),
                ("new_password_confirm", new_password),
            ],
        )
        .await;
    assert_eq!(page.status, StatusCode::SEE_OTHER, "{}", page.text);
    // This session stays signed in; the laptop's is over.
    assert_eq!(app.get("/account").await.status, StatusCode::OK);
    assert_eq!(
        app.get_with(&laptop, "/account").await.status,
        StatusCode::SEE_OTHER
    );
    // Only the new password opens the account.
    let phone = new_client();
    assert_eq!(
        app.log_in_with(&phone, "Ian", PASSWORD).await.status,
        StatusCode::UNAUTHORIZED
    );
    assert_eq!(
        app.log_in_with(&phone, "Ian", new_password).await.status,
        StatusCode::SEE_OTHER
    );
}

#[tokio::test]
async fn session_cookie_is_http_only_and_lax_and_secure_behind_https() {
    let app = TestApp::spawn().await;
    let res = app.client.get(app.url("/")).send().await.expect("GET");
    let cookie = res
        .headers()
        .get("set-cookie")
        .and_then(|v| v.to_str().ok())
        .expect("cookie")
        .to_owned();
    assert!(cookie.contains("HttpOnly"), "{cookie}");
    assert!(cookie.contains("SameSite=Lax"), "{cookie}");
    assert!(!cookie.contains("Secure"), "{cookie}");

    let app = TestApp::builder()
        .public_url("https://league.example")
        .start()
        .await;
    let res = app.client.get(app.url("/")).send().await.expect("GET");
    let cookie = res
        .headers()
        .get("set-cookie")
        .and_then(|v| v.to_str().ok())
        .expect("cookie")
        .to_owned();
    assert!(cookie.contains("Secure"), "{cookie}");
    // Behind https the browser is told to keep to https (HSTS).
    assert_eq!(
        res.headers()["strict-transport-security"],
        "max-age=31536000"
    );
}

#[tokio::test]
async fn the_session_cookie_changes_at_login() {
    let app = TestApp::spawn().await;
    app.sign_up_with(&new_client(), "Levon").await;
    let before = app.client.get(app.url("/login")).send().await.expect("GET");
    let before = before
        .headers()
        .get("set-cookie")
        .and_then(|v| v.to_str().ok())
        .map(str::to_owned);
    let token = app.csrf_with(&app.client).await;
    let res = app
        .client
        .post(app.url("/login"))
        .form(&[
            ("login", "Levon"),
            ("password", PASSWORD),
            ("csrf_token", token.as_str()),
        ])
        .send()
        .await
        .expect("POST");
    let after = res
        .headers()
        .get("set-cookie")
        .and_then(|v| v.to_str().ok())
        .map(str::to_owned);
    assert!(after.is_some());
    assert_ne!(before, after);
    // The pre-login CSRF token is not carried into the signed-in session.
    assert_ne!(app.csrf_with(&app.client).await, token);
}

#[tokio::test]
async fn a_next_with_a_tab_newline_or_control_character_goes_home_and_never_fails() {
    let app = TestApp::spawn().await;
    let me = app.person("Walker").await;
    // Signed in, the login page sends `next` on at once: a tab or newline
    // that a browser would drop must not make it another site, nor a 500.
    for next in [
        "%2F%09%2Fevil.example",
        "%2F%0A%2Fx",
        "%2F%5Cevil.example",
        "%2F%01",
    ] {
        let page = app.get_with(&me, &format!("/login?next={next}")).await;
        assert_eq!(page.status, StatusCode::SEE_OTHER, "{next}");
        assert_eq!(page.location(), Some("/"), "{next}");
    }
    for next in ["/a\u{1}b", "/\t/evil.example", "/\r\nSet-Cookie: x=1"] {
        let page = app.post("/lang", &[("lang", "en"), ("next", next)]).await;
        assert_eq!(page.status, StatusCode::SEE_OTHER, "{next:?}");
        assert_eq!(page.location(), Some("/"), "{next:?}");
    }
    let page = app
        .post("/lang", &[("lang", "ru"), ("next", "/championships")])
        .await;
    assert_eq!(page.location(), Some("/championships"));
}
