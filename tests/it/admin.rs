use reqwest::StatusCode;

use crate::helpers::{TestApp, new_client};

#[tokio::test]
async fn a_player_is_refused_on_the_admin_page() {
    let app = TestApp::spawn().await;
    app.sign_up("Player1").await;
    let page = app.get("/admin").await;
    assert_eq!(page.status, StatusCode::FORBIDDEN);
    assert_eq!(
        page.select_text("h1").as_deref(),
        Some("Доступ запрещён (403)")
    );
    // Nor may they act as one.
    let page = app
        .post("/admin/people/1/admin", &[("admin", "true")])
        .await;
    assert_eq!(page.status, StatusCode::FORBIDDEN);
    assert!(!app.get("/account").await.text.contains("Администратор"));
}

#[tokio::test]
async fn a_visitor_is_sent_to_login_and_an_admin_gets_in() {
    let app = TestApp::spawn().await;
    let page = app.get("/admin").await;
    assert_eq!(page.status, StatusCode::SEE_OTHER);
    assert_eq!(page.location(), Some("/login?next=%2Fadmin"));

    app.sign_up("Boss").await;
    app.make_admin("Boss");
    let page = app.get("/admin").await;
    assert_eq!(page.status, StatusCode::OK);
    assert!(page.text.contains("Boss"));
    assert!(page.text.contains("account.signup"), "audit log shown");
}

#[tokio::test]
async fn an_admin_grants_admin_rights_but_cannot_drop_their_own() {
    let app = TestApp::spawn().await;
    let other = new_client();
    app.sign_up_with(&other, "Helper").await;
    app.sign_up("Boss").await;
    app.make_admin("Boss");
    let helper_id = {
        let mut conn = app.db();
        league::db::people::by_nick(&mut conn, "Helper")
            .expect("q")
            .expect("p")
            .id
    };
    let page = app
        .post(
            &format!("/admin/people/{helper_id}/admin"),
            &[("admin", "true")],
        )
        .await;
    assert_eq!(page.status, StatusCode::SEE_OTHER);
    assert_eq!(app.get_with(&other, "/admin").await.status, StatusCode::OK);

    let boss_id = {
        let mut conn = app.db();
        league::db::people::by_nick(&mut conn, "Boss")
            .expect("q")
            .expect("p")
            .id
    };
    app.post(
        &format!("/admin/people/{boss_id}/admin"),
        &[("admin", "false")],
    )
    .await;
    let page = app.get("/admin").await;
    assert_eq!(page.status, StatusCode::OK);
    assert!(
        page.text
            .contains("Нельзя снять права администратора с самого себя")
    );
}
