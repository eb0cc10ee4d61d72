//! What waits for a person: the to-do page, the home page's list and the
//! count in the header, for a captain, an invited player and a judge.

use reqwest::StatusCode;

use crate::club::Club;

#[tokio::test]
async fn the_to_do_page_lists_the_entry_due_the_invitation_and_the_applications() {
    let club = Club::new("G").await;
    let (app, c) = (&club.app, club.id);
    let t = club.tournament_in(3 * 24 * 60).await;
    let captain = club.person("cap").await;
    let team = app
        .apply_team(&captain, c, "Ладья", "")
        .await
        .location_id("/teams/");
    // A judge has an application to decide.
    let judge = club.person("judge").await;
    app.grant_role(&club.root, c, "judge", "judge").await;
    let lines = app.get_with(&judge, "/todo").await.texts("ul.todo li");
    assert_eq!(lines, vec!["Рассмотрите 1 заявку команды".to_owned()]);
    app.decide_team(&judge, c, team, "approve", "").await;
    let page = app.get_with(&judge, "/todo").await;
    assert_eq!(
        page.select_text(".todo-none").as_deref(),
        Some("Сейчас ничего не ждёт вас.")
    );
    assert!(
        page.select_text(".todo-link .count").is_none(),
        "no count when nothing waits"
    );

    // The captain: the entry of the next tournament, on the home page too.
    let player = club.person("pl").await;
    let page = app
        .post_with(
            &captain,
            &format!("/teams/{team}/invitations"),
            &[("nick", "pl")],
        )
        .await;
    assert_eq!(page.status, StatusCode::SEE_OTHER, "{}", page.text);
    let home = app.get_with(&captain, "/").await;
    let lines = home.texts("#todo ul.todo li");
    assert_eq!(lines.len(), 1, "{lines:?}");
    assert!(
        lines[0].starts_with("Подайте заявку Ладья на турнир 1 (начало "),
        "{lines:?}"
    );
    assert_eq!(
        home.attr("#todo ul.todo a", "href"),
        Some(format!("/championships/{c}/tournaments/{t}"))
    );
    assert_eq!(home.select_text(".todo-link .count").as_deref(), Some("1"));
    // The invited player: the invitation.
    let lines = app.get_with(&player, "/todo").await.texts("ul.todo li");
    assert_eq!(
        lines,
        vec!["Ответьте на приглашение в команду Ладья".to_owned()]
    );
    // Nobody signed in: no list, no count.
    let home = app.get("/").await;
    assert!(home.select_text("#todo").is_none());
    assert_eq!(app.get("/todo").await.status, StatusCode::SEE_OTHER);
}

/// Statements a connection runs while `f` uses it.
fn statements<T>(
    conn: &mut league::db::DbConnection,
    f: impl FnOnce(&mut league::db::DbConnection) -> T,
) -> (T, usize) {
    use diesel::connection::{Connection, InstrumentationEvent};
    use std::sync::Arc;
    use std::sync::atomic::{AtomicUsize, Ordering};
    let count = Arc::new(AtomicUsize::new(0));
    let seen = count.clone();
    conn.set_instrumentation(move |event: InstrumentationEvent<'_>| {
        if matches!(event, InstrumentationEvent::StartQuery { .. }) {
            seen.fetch_add(1, Ordering::Relaxed);
        }
    });
    let out = f(conn);
    conn.set_instrumentation(|_: InstrumentationEvent<'_>| {});
    (out, count.load(Ordering::Relaxed))
}

#[tokio::test]
async fn an_official_of_several_championships_sees_each_ones_work_at_a_cost_that_does_not_grow_with_them()
 {
    let club = Club::new("G").await;
    let (app, a) = (&club.app, club.id);
    // Championship A: a tournament drawn, its first round published.
    let (_, t) = crate::boards::drawn_with_substitutes(&club).await;
    crate::club::publish_last(&club, &club.tournament_url(t)).await;
    let judge = club.person("judge").await;
    app.grant_role(&club.root, a, "judge", "judge").await;
    let person = app.person_id("judge");
    let now = chrono::Utc::now().naive_utc();
    let (items, one) = statements(&mut app.db(), |conn| {
        league::app::todo::of(conn, person, now).expect("to-do")
    });
    // Five more championships, each with an application to decide.
    let mut others = Vec::new();
    for name in ["Альфа", "Бета", "Гамма", "Дельта", "Эпсилон"] {
        let c = app.create_championship(&club.root, "G").await;
        app.grant_role(&club.root, c, "judge", "judge").await;
        let captain = club.person(&format!("cap{c}")).await;
        app.apply_team(&captain, c, name, "")
            .await
            .location_id("/teams/");
        others.push(c);
    }
    let (more, six) = statements(&mut app.db(), |conn| {
        league::app::todo::of(conn, person, now).expect("to-do")
    });
    assert_eq!(
        one, six,
        "one championship: {one} statements; six: {six}; items {items:?} / {more:?}"
    );
    assert!(one > 0, "the statements are counted");
    assert!(more.len() > items.len());

    // The page groups the work by championship, in the order of the roles.
    let page = app.get_with(&judge, "/todo").await;
    let groups = page.texts(".todo-group h3");
    assert_eq!(groups.len(), 6, "{groups:?}");
    let lines = page.texts(".todo-group li");
    assert!(
        lines
            .iter()
            .any(|l| l.starts_with("Турнир 1: 20 ") && l.contains("результат")),
        "{lines:?}"
    );
    assert_eq!(
        lines
            .iter()
            .filter(|l| *l == "Рассмотрите 1 заявку команды")
            .count(),
        5,
        "{lines:?}"
    );
    for c in others {
        assert!(
            page.attr(
                &format!(".todo-group a[href^='/championships/{c}/']"),
                "href"
            )
            .is_some(),
            "championship {c} has its line: {lines:?}"
        );
    }
    assert!(
        page.attr(
            &format!(".todo-group a[href^='/championships/{a}/tournaments/{t}']"),
            "href"
        )
        .is_some(),
        "{lines:?}"
    );
}
