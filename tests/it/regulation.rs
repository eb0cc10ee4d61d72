//! Regulation versions over HTTP (G-E2): a change applies
//! to tournaments starting at least three days after it is published.

use league::app::TournamentContext;
use league::ids::TournamentId;
use reqwest::StatusCode;

use crate::play::{Club, g_team};

/// The regulation a tournament follows: 1st place's points, in halves.
fn first_place_points(club: &Club, t: i64) -> i32 {
    let ctx = TournamentContext::load(&mut club.app.db(), TournamentId(t))
        .expect("query")
        .expect("tournament");
    ctx.regulation.place_points.table[0].halves()
}

/// The championship's current settings with 1st place worth `points`.
async fn settings_with_first_place(club: &Club, points: i32) -> String {
    let page = club
        .app
        .get_with(
            &club.root,
            &format!("/championships/{}/regulation", club.id),
        )
        .await;
    let text = page.select_text("#reg-settings").expect("settings field");
    let mut json: serde_json::Value = serde_json::from_str(&text).expect("json");
    json["place_points"]["table"][0] = serde_json::json!(points * 2);
    serde_json::to_string_pretty(&json).expect("json")
}

async fn publish(club: &Club, summary: &str, body: &str, settings: &str) -> crate::helpers::Page {
    club.app
        .post_with(
            &club.root,
            &format!("/championships/{}/regulation", club.id),
            &[("summary", summary), ("body", body), ("settings", settings)],
        )
        .await
}

#[tokio::test]
async fn g_e2_a_change_four_days_ahead_applies_to_the_next_tournament() {
    let club = Club::new("G").await;
    let t1 = club.tournament_in(4 * 24 * 60 + 60).await;
    let t2 = club.tournament_in(40 * 24 * 60).await;
    let settings = settings_with_first_place(&club, 13).await;
    let page = publish(
        &club,
        "1st place: 13 points",
        "# Регламент\n\nПервое место — 13.",
        &settings,
    )
    .await;
    assert_eq!(page.status, StatusCode::SEE_OTHER, "{}", page.text);
    assert_eq!(
        first_place_points(&club, t1),
        26,
        "the next tournament follows it"
    );
    assert_eq!(first_place_points(&club, t2), 26);
    let page = club
        .app
        .get(&format!("/championships/{}/regulation", club.id))
        .await;
    let applies = page.texts("table.versions td.applies");
    assert!(applies[0].contains("с турнира 1"), "{applies:?}");
    assert!(
        page.select_text(".regulation-text h1")
            .is_some_and(|h| h == "Регламент")
    );
}

#[tokio::test]
async fn g_e2_a_change_two_days_ahead_applies_from_the_tournament_after() {
    let club = Club::new("G").await;
    let captain = g_team(&club, "Ладья", "la", 5).await.captain;
    let t1 = club.tournament_in(2 * 24 * 60).await;
    let t2 = club.tournament_in(40 * 24 * 60).await;
    let settings = settings_with_first_place(&club, 13).await;
    // Only organizers publish; a summary is required; settings must parse.
    let url = format!("/championships/{}/regulation", club.id);
    let page = club
        .app
        .post_with(
            &captain,
            &url,
            &[("summary", "x"), ("body", ""), ("settings", &settings)],
        )
        .await;
    assert_eq!(page.status, StatusCode::FORBIDDEN);
    let page = publish(&club, " ", "text", "{ not json").await;
    assert_eq!(page.status, StatusCode::UNPROCESSABLE_ENTITY);
    assert_eq!(page.texts("#regulation-problems li").len(), 2);
    assert_eq!(
        page.select_text("#reg-body").as_deref(),
        Some("text"),
        "what was typed is kept"
    );
    let body = "Первое место — 13.\n\n<script>alert(1)</script>\n\n[ссылка](javascript:alert(1))";
    let page = publish(&club, "1st place: 13 points", body, &settings).await;
    assert_eq!(page.status, StatusCode::SEE_OTHER, "{}", page.text);
    assert_eq!(
        first_place_points(&club, t1),
        24,
        "too soon for tournament 1"
    );
    assert_eq!(first_place_points(&club, t2), 26, "tournament 2 follows it");
    let page = club.app.get(&url).await;
    let applies = page.texts("table.versions td.applies");
    assert!(
        applies[0].contains("с турнира 2") && applies[0].contains("турнира 1"),
        "{applies:?}"
    );
    // The text is shown sanitized.
    let html = page.html.root_element().html();
    assert!(!html.contains("<script>alert"), "no script from the text");
    assert!(!html.contains("href=\"javascript:"), "no javascript: link");
    // Typed HTML is shown as text, and a link to javascript: as its
    // words: no <a> without an href.
    assert!(page.texts(".regulation-text a").is_empty());
    let text = page.select_text(".regulation-text").unwrap_or_default();
    assert!(
        text.contains("<script>alert(1)</script>") && text.contains("ссылка"),
        "{text}"
    );
    // The version page shows what changed.
    let page = club.app.get(&format!("{url}/2")).await;
    assert_eq!(page.status, StatusCode::OK);
    let ins = page.texts("pre.diff .ins");
    assert!(
        ins.iter().any(|l| l.contains("Первое место — 13.")),
        "{ins:?}"
    );
    assert!(ins.iter().any(|l| l.contains("26")), "{ins:?}");
    assert!(page.texts("pre.diff .del").iter().any(|l| l.contains("24")));
    // Publishing the same again changes nothing.
    let page = publish(&club, "again", body, &settings).await;
    assert_eq!(page.status, StatusCode::UNPROCESSABLE_ENTITY);
    assert_eq!(
        club.app.get(&format!("{url}/4")).await.status,
        StatusCode::NOT_FOUND
    );
}

/// A judge imposes G-G6 ("per case") on a team without naming a
/// tournament; returns the amount recorded, in half-points.
async fn g_g6(club: &Club, team: &crate::play::Team, cases: &str) -> i32 {
    let page = club
        .app
        .post_with(
            &club.root,
            &format!("/championships/{}/penalties", club.id),
            &[
                ("code", "G-G6"),
                ("team", &team.id.to_string()),
                ("count", cases),
                ("reason", "incorrect applications"),
            ],
        )
        .await;
    assert_eq!(page.status, StatusCode::SEE_OTHER, "{}", page.text);
    let rows = league::db::penalties::of_championship(
        &mut club.app.db(),
        league::ids::ChampionshipId(club.id),
    )
    .expect("penalties");
    rows.last().expect("the penalty").amount
}

/// The season table: (place, entry) per row.
async fn season_places(club: &Club) -> Vec<(String, String)> {
    let page = club
        .app
        .get(&format!("/championships/{}/season", club.id))
        .await;
    assert_eq!(page.status, StatusCode::OK);
    page.texts("table.season tbody td:nth-child(1)")
        .into_iter()
        .zip(page.texts("table.season tbody td:nth-child(2)"))
        .collect()
}

/// G-E2 for everything that is not a tournament: a published change does
/// not touch what is in force before its date. Until then a penalty is
/// priced, a roster is limited and the season table is ordered by the old
/// settings; from its date on, by the new ones.
#[tokio::test]
async fn g_e2_penalties_team_rules_and_the_season_follow_a_change_only_from_its_date() {
    let club = Club::new("G").await;
    let (teams, t) = crate::play::four_entered(&club).await;
    let rank = |name: &str| teams.iter().position(|x| x.name == name).expect("known");
    crate::club::play_out(&club, t, &|home, away, _| {
        if rank(home) < rank(away) {
            "1-0"
        } else {
            "0-1"
        }
    })
    .await;
    crate::club::finish(&club, t).await;
    // Ладья 12 − 8 cases × 0.5 = 8 = Конь: shared under G's rule.
    assert_eq!(g_g6(&club, &teams[0], "8").await, 8);
    let shared = season_places(&club).await;
    assert_eq!(shared[0].0, shared[1].0, "a shared place: {shared:?}");

    // The change: G-G6 costs a point per case, rosters have at most five
    // members, equal season totals are ordered by count-back.
    let page = club
        .app
        .get_with(
            &club.root,
            &format!("/championships/{}/regulation", club.id),
        )
        .await;
    let mut json: serde_json::Value =
        serde_json::from_str(&page.select_text("#reg-settings").expect("settings")).expect("json");
    let rules = json["penalties"].as_array_mut().expect("penalties");
    let g6 = rules
        .iter_mut()
        .find(|r| r["code"] == "G-G6")
        .expect("G-G6");
    g6["amount"] = serde_json::json!(2);
    json["roster"]["max_members"] = serde_json::json!(5);
    json["season"]["tie_rule"] = serde_json::json!("Countback");
    let settings = serde_json::to_string_pretty(&json).expect("json");
    let page = publish(&club, "G-G6, rosters, season ties", "", &settings).await;
    assert_eq!(page.status, StatusCode::SEE_OTHER, "{}", page.text);

    // Before its date: the old settings.
    assert_eq!(g_g6(&club, &teams[2], "1").await, 1, "old G-G6: 0.5");
    let sixth = club.person("sixth").await;
    drop(sixth);
    let page = club
        .app
        .post_with(
            &teams[3].captain,
            &format!("/teams/{}/invitations", teams[3].id),
            &[("nick", "sixth")],
        )
        .await;
    assert_eq!(page.status, StatusCode::SEE_OTHER, "no roster limit yet");
    let still_shared = season_places(&club).await;
    assert_eq!(still_shared[0].0, still_shared[1].0, "{still_shared:?}");

    // Three days later (the version's date moved into the past).
    crate::club::notice_runs_out(&club.app, club.id, 2);
    assert_eq!(g_g6(&club, &teams[2], "1").await, 2, "new G-G6: 1 point");
    let seventh = club.person("seventh").await;
    drop(seventh);
    let page = club
        .app
        .post_with(
            &teams[1].captain,
            &format!("/teams/{}/invitations", teams[1].id),
            &[("nick", "seventh")],
        )
        .await;
    assert_eq!(
        page.status,
        StatusCode::UNPROCESSABLE_ENTITY,
        "five members at most now"
    );
    let ordered = season_places(&club).await;
    assert_eq!(
        ordered[0],
        ("1".to_owned(), "Ладья".to_owned()),
        "{ordered:?}"
    );
    assert_eq!(
        ordered[1],
        ("2".to_owned(), "Конь".to_owned()),
        "{ordered:?}"
    );
    // The tournament played before keeps the version it started under.
    assert_eq!(first_place_points(&club, t), 24);
}
