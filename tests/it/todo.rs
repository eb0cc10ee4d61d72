//! What waits for a person: the to-do page, the home page's list and the
//! count in the header, for a captain, an invited player and a judge.

use reqwest::StatusCode;

use crate::club::Club;

#[tokio::test]
async fn i22_the_to_do_page_lists_the_entry_due_the_invitation_and_the_applications() {
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
