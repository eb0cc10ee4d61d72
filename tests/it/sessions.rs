//! Security: a signed-in session lives on the server. A copy of the cookie
//! is worth nothing once the session ended: by signing out, a password
//! change, an administrator's "sign out everywhere", or its idle or
//! absolute lifetime.

use chrono::TimeDelta;
use diesel::prelude::*;
use reqwest::StatusCode;

use crate::helpers::{PASSWORD, TestApp, new_client};
use league::db::schema::sessions;

/// The session cookie a response set, as `name=value` for a `Cookie`
/// header.
fn session_cookie(headers: &reqwest::header::HeaderMap) -> String {
    headers
        .get_all("set-cookie")
        .iter()
        .filter_map(|v| v.to_str().ok())
        .find(|c| c.starts_with("league_session="))
        .and_then(|c| c.split(';').next())
        .expect("a session cookie")
        .to_owned()
}

/// What `/account` answers to a browser that presents only `cookie`.
async fn account_with(app: &TestApp, cookie: &str) -> StatusCode {
    reqwest::Client::builder()
        .redirect(reqwest::redirect::Policy::none())
        .build()
        .expect("client")
        .get(app.url("/account"))
        .header("cookie", cookie)
        .send()
        .await
        .expect("GET /account")
        .status()
}

async fn signed_in_copy(app: &TestApp, client: &reqwest::Client, nick: &str) -> String {
    let page = app.log_in_with(client, nick, PASSWORD).await;
    assert_eq!(page.status, StatusCode::SEE_OTHER, "{}", page.text);
    let cookie = session_cookie(&page.headers);
    assert_eq!(account_with(app, &cookie).await, StatusCode::OK);
    cookie
}

fn session_rows(app: &TestApp) -> i64 {
    sessions::table
        .count()
        .get_result(&mut app.db())
        .expect("count")
}

#[tokio::test]
async fn a_copy_of_the_cookie_taken_before_logout_signs_nobody_in_after_it() {
    let app = TestApp::spawn().await;
    app.sign_up_with(&new_client(), "Hikaru").await;
    let browser = new_client();
    let copy = signed_in_copy(&app, &browser, "Hikaru").await;
    assert_eq!(
        app.post_with(&browser, "/logout", &[]).await.status,
        StatusCode::SEE_OTHER
    );
    assert_eq!(account_with(&app, &copy).await, StatusCode::SEE_OTHER);
    assert_eq!(
        app.get_with(&browser, "/account").await.status,
        StatusCode::SEE_OTHER
    );
}

#[tokio::test]
async fn the_cookie_holds_a_key_and_the_database_only_its_digest() {
    let app = TestApp::spawn().await;
    app.sign_up_with(&new_client(), "Vidit").await;
    let browser = new_client();
    let before = session_rows(&app);
    let copy = signed_in_copy(&app, &browser, "Vidit").await;
    assert_eq!(session_rows(&app), before + 1);
    let (hash, state): (String, String) = sessions::table
        .filter(sessions::person_id.eq(app.person_id("Vidit")))
        .order(sessions::created_at.desc())
        .select((sessions::key_hash, sessions::state))
        .first(&mut app.db())
        .expect("the session row");
    assert_eq!(hash.len(), 64, "hex SHA-256");
    assert!(!copy.contains(&hash));
    // Whatever the session holds stays on the server: the cookie is the
    // same short key after the state has grown.
    assert!(state.contains("csrf"), "{state}");
    assert!(copy.len() < 250, "{copy}");
    // Reading pages while signed in writes nothing more.
    for _ in 0..3 {
        app.get_with(&browser, "/").await;
    }
    assert_eq!(session_rows(&app), before + 1);
}

#[tokio::test]
async fn a_password_change_ends_every_other_session_on_the_server() {
    let app = TestApp::spawn().await;
    let desk = new_client();
    app.sign_up_with(&desk, "Ian").await;
    let laptop = signed_in_copy(&app, &new_client(), "Ian").await;
    let new_password = "orange-glacier-58-lantern";
    let page = app
        .post_with(
            &desk,
            "/account/password",
            &[
                ("current_password", PASSWORD),
                ("new_password", new_password),
                ("new_password_confirm", new_password),
            ],
        )
        .await;
    assert_eq!(page.status, StatusCode::SEE_OTHER, "{}", page.text);
    assert_eq!(account_with(&app, &laptop).await, StatusCode::SEE_OTHER);
    assert_eq!(app.get_with(&desk, "/account").await.status, StatusCode::OK);
    // One session is left: the one that changed the password.
    let left: i64 = sessions::table
        .filter(sessions::person_id.eq(app.person_id("Ian")))
        .count()
        .get_result(&mut app.db())
        .expect("count");
    assert_eq!(left, 1);
}

#[tokio::test]
async fn an_administrator_signs_a_person_out_everywhere() {
    let app = TestApp::spawn().await;
    let admin = app.admin("Root").await;
    app.sign_up_with(&new_client(), "Lost").await;
    let phone = signed_in_copy(&app, &new_client(), "Lost").await;
    let laptop = signed_in_copy(&app, &new_client(), "Lost").await;

    let dashboard = app.get_with(&admin, "/admin").await;
    let id = app.person_id("Lost");
    let action = format!("/admin/people/{id}/sign-out");
    assert!(
        dashboard.attrs("form", "action").contains(&action),
        "the dashboard offers the button"
    );
    let page = app.post_with(&admin, &action, &[]).await;
    assert_eq!(page.status, StatusCode::SEE_OTHER);
    let dashboard = app.get_with(&admin, "/admin").await;
    assert!(dashboard.flash().contains("Lost"), "{}", dashboard.flash());
    assert!(
        dashboard.flash().contains("3 сеанса"),
        "{}",
        dashboard.flash()
    );
    for cookie in [phone, laptop] {
        assert_eq!(account_with(&app, &cookie).await, StatusCode::SEE_OTHER);
    }
    // It is written in the audit log, and only an administrator may.
    assert!(dashboard.text.contains("account.signed_out_everywhere"));
    let other = app.person("Curious").await;
    assert_eq!(
        app.post_with(&other, &action, &[]).await.status,
        StatusCode::FORBIDDEN
    );
}

#[tokio::test]
async fn a_session_unused_for_a_week_or_older_than_thirty_days_has_ended() {
    let app = TestApp::spawn().await;
    app.sign_up_with(&new_client(), "Idle").await;
    let idle = signed_in_copy(&app, &new_client(), "Idle").await;
    let old = signed_in_copy(&app, &new_client(), "Idle").await;
    let busy = signed_in_copy(&app, &new_client(), "Idle").await;
    let now = league::db::utc_now();
    let rows: Vec<String> = sessions::table
        .filter(sessions::person_id.eq(app.person_id("Idle")))
        .order(sessions::created_at.asc())
        .select(sessions::key_hash)
        .load(&mut app.db())
        .expect("rows");
    // The sign-up's own session is first; then idle, old, busy.
    let [_, idle_row, old_row, busy_row] = rows.as_slice() else {
        panic!("{rows:?}");
    };
    let mut conn = app.db();
    diesel::update(sessions::table.find(idle_row))
        .set(sessions::last_seen_at.eq(now - TimeDelta::days(7) - TimeDelta::minutes(1)))
        .execute(&mut conn)
        .expect("age");
    diesel::update(sessions::table.find(old_row))
        .set((
            sessions::created_at.eq(now - TimeDelta::days(30) - TimeDelta::minutes(1)),
            sessions::last_seen_at.eq(now),
        ))
        .execute(&mut conn)
        .expect("age");
    diesel::update(sessions::table.find(busy_row))
        .set((
            sessions::created_at.eq(now - TimeDelta::days(29)),
            sessions::last_seen_at.eq(now - TimeDelta::days(6)),
        ))
        .execute(&mut conn)
        .expect("age");
    assert_eq!(account_with(&app, &idle).await, StatusCode::SEE_OTHER);
    assert_eq!(account_with(&app, &old).await, StatusCode::SEE_OTHER);
    assert_eq!(account_with(&app, &busy).await, StatusCode::OK);
    // The ended rows are gone; the busy one was seen just now.
    let left: Vec<(String, chrono::NaiveDateTime)> = sessions::table
        .filter(sessions::key_hash.eq_any([idle_row, old_row, busy_row]))
        .select((sessions::key_hash, sessions::last_seen_at))
        .load(&mut conn)
        .expect("rows");
    assert_eq!(left.len(), 1);
    assert_eq!(&left[0].0, busy_row);
    assert!(now - left[0].1 < TimeDelta::minutes(1));
}

/// A judge's save and the page it leads to write no session row: the
/// "result recorded" message rides in the cookie to the next page, which
/// shows it once; the row is written only when what it holds changes.
#[tokio::test]
async fn a_saved_result_and_its_message_write_no_session_row() {
    use league::db::rounds as r;
    use league::ids::{GameId, TournamentId};

    let club = crate::play::Club::new("G").await;
    let (_teams, t) = crate::boards::drawn_with_substitutes(&club).await;
    let turl = club.tournament_url(t);
    crate::play::publish_last(&club, &turl).await;
    let mut conn = club.app.db();
    let round = r::of_tournament(&mut conn, TournamentId(t)).expect("rounds")[0].id;
    let matches = r::matches_of_rounds(&mut conn, &[round]).expect("matches");
    let ids: Vec<_> = matches.iter().map(|m| m.id).collect();
    let game = r::games_of_matches(&mut conn, &ids).expect("games")[0].clone();
    let form = [("result", "1-0"), ("version", &game.version.to_string())];
    let url = format!("{turl}/games/{}/result", game.id.0);
    let ((saved, shown), statements) = club
        .app
        .statements_during(async {
            let saved = club.app.post_with(&club.root, &url, &form).await;
            let shown = club.app.get_with(&club.root, &turl).await;
            (saved, shown)
        })
        .await;
    assert_eq!(saved.status, StatusCode::SEE_OTHER, "{}", saved.text);
    let written: Vec<_> = statements
        .iter()
        .filter(|s| s.contains("\"sessions\"") && !s.starts_with("SELECT"))
        .collect();
    assert!(written.is_empty(), "{written:#?}");
    assert_eq!(
        shown.select_text("div.flash-success").as_deref(),
        Some("Результат записан.")
    );
    let stored = r::game_by_id(&mut conn, GameId(game.id.0))
        .expect("q")
        .expect("game");
    assert_eq!(stored.result, "1-0");
    // Shown once: the next page has no message.
    let again = club.app.get_with(&club.root, &turl).await;
    assert_eq!(again.select_text("div.flash-success"), None);
}
