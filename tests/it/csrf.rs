use league::db;
use reqwest::StatusCode;

use crate::helpers::{PASSWORD, TestApp, into_page};

#[tokio::test]
async fn a_post_without_a_token_gets_403_and_changes_nothing() {
    let app = TestApp::spawn().await;
    app.get("/").await; // a session exists, with a token the form lacks
    let page = app
        .post_without_csrf(
            "/signup",
            &[
                ("nick", "Sneaky"),
                ("full_name", "Sneaky"),
                ("email", "sneaky@club.example"),
                ("password", PASSWORD),
                ("password_confirm", PASSWORD),
            ],
        )
        .await;
    assert_eq!(page.status, StatusCode::FORBIDDEN);
    assert!(page.text.contains("Форма устарела"), "{}", page.text);
    assert_eq!(db::people::count(&mut app.db()).expect("count"), 0);
}

#[tokio::test]
async fn a_wrong_token_or_another_sessions_token_is_refused() {
    let app = TestApp::spawn().await;
    app.sign_up("Vishy").await;
    let stranger = crate::helpers::new_client();
    let strangers_token = app.csrf_with(&stranger).await;
    for token in ["forged", strangers_token.as_str(), ""] {
        let res = app
            .client
            .post(app.url("/account/password"))
            .form(&[
                ("current_password", PASSWORD),
                ("new_password", "orange-glacier-58-lantern"),
                ("new_password_confirm", "orange-glacier-58-lantern"),
                ("csrf_token", token),
            ])
            .send()
            .await
            .expect("POST");
        assert_eq!(res.status(), StatusCode::FORBIDDEN, "token {token:?}");
    }
    // The password is unchanged.
    let other = crate::helpers::new_client();
    assert_eq!(
        app.log_in_with(&other, "Vishy", PASSWORD).await.status,
        StatusCode::SEE_OTHER
    );
}

#[tokio::test]
async fn logout_without_a_token_does_not_sign_out() {
    let app = TestApp::spawn().await;
    app.sign_up("Teimour").await;
    let page = app.post_without_csrf("/logout", &[]).await;
    assert_eq!(page.status, StatusCode::FORBIDDEN);
    assert_eq!(app.get("/account").await.status, StatusCode::OK);
}

#[tokio::test]
async fn the_token_may_come_in_a_header() {
    let app = TestApp::spawn().await;
    let token = app.csrf_with(&app.client).await;
    let res = app
        .client
        .post(app.url("/lang"))
        .header("X-CSRF-Token", token)
        .form(&[("lang", "en"), ("next", "/")])
        .send()
        .await
        .expect("POST");
    let page = into_page(res).await;
    assert_eq!(page.status, StatusCode::SEE_OTHER);
    assert!(app.get("/").await.text.contains("Team chess championships"));
}

/// An upload form (multipart) carries the token as its first field, never
/// in its action's URL: URLs reach the server's log (every refused request
/// is logged with its target), browser histories and referrers. A token in
/// the URL alone is refused; in the body's first part it passes.
#[tokio::test]
async fn an_upload_carries_its_token_in_the_body_not_the_url() {
    let app = TestApp::spawn().await;
    app.sign_up("Owner").await;
    let page = app.get("/people/Owner").await;
    let action = page
        .attr("form#document-upload", "action")
        .expect("the upload form");
    assert!(!action.contains("csrf"), "token in the action: {action}");
    let token = page
        .attr("form#document-upload input[name=csrf_token]", "value")
        .expect("the token as a field of the form");
    let pdf = || {
        reqwest::multipart::Part::bytes(b"%PDF-1.4 waiver".to_vec())
            .file_name("w.pdf")
            .mime_str("application/pdf")
            .expect("mime")
    };
    let in_url = app
        .client
        .post(app.url(&format!("{action}?csrf_token={token}")))
        .multipart(
            reqwest::multipart::Form::new()
                .text("kind", "waiver")
                .part("file", pdf()),
        )
        .send()
        .await
        .expect("POST");
    assert_eq!(in_url.status(), StatusCode::FORBIDDEN);
    let in_body = app
        .client
        .post(app.url(&action))
        .multipart(
            reqwest::multipart::Form::new()
                .text("csrf_token", token)
                .text("kind", "waiver")
                .part("file", pdf()),
        )
        .send()
        .await
        .expect("POST");
    assert_eq!(in_body.status(), StatusCode::SEE_OTHER);
}
