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

/// Publishes through the form: `summary`, `body` and the settings typed
/// into their fields (`settings`: field name and value).
async fn publish(
    club: &Club,
    summary: &str,
    body: &str,
    settings: &[(&str, &str)],
) -> crate::helpers::Page {
    let mut fields = vec![("summary", summary), ("body", body)];
    fields.extend_from_slice(settings);
    club.app
        .regulation_change(&club.root, club.id, &fields)
        .await
}

#[tokio::test]
async fn g_e2_a_change_four_days_ahead_applies_to_the_next_tournament() {
    let club = Club::new("G").await;
    let t1 = club.tournament_in(4 * 24 * 60 + 60).await;
    let t2 = club.tournament_in(40 * 24 * 60).await;
    let page = publish(
        &club,
        "1st place: 13 points",
        "# Регламент\n\nПервое место — 13.",
        &[("place.1", "13")],
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
    let settings = [("place.1", "13")];
    // Only organizers publish; a summary is required; settings must be
    // what the regulation's units allow, each problem beside its field.
    let url = format!("/championships/{}/regulation", club.id);
    let page = club
        .app
        .post_with(
            &captain,
            &url,
            &[("summary", "x"), ("body", ""), ("place.1", "13")],
        )
        .await;
    assert_eq!(page.status, StatusCode::FORBIDDEN);
    let page = publish(&club, " ", "text", &[("place.1", "13")]).await;
    assert_eq!(page.status, StatusCode::UNPROCESSABLE_ENTITY);
    assert_eq!(page.texts("#regulation-problems li").len(), 1);
    let page = publish(
        &club,
        "x",
        "text",
        &[("place.1", "1/4"), ("scoring.win", "0")],
    )
    .await;
    assert_eq!(page.status, StatusCode::UNPROCESSABLE_ENTITY);
    assert!(page.select_text("#set-place-1-error").is_some());
    assert!(page.select_text("#set-scoring-draw-error").is_some());
    assert_eq!(
        page.select_text("#reg-body").as_deref(),
        Some("text"),
        "what was typed is kept"
    );
    assert_eq!(
        page.attr("#set-place-1", "value").as_deref(),
        Some("1/4"),
        "the refused value is kept"
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
        applies[0].contains("с турнира 2") && applies[0].contains("к турниру 1"),
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
    // The version page shows what changed, the settings in their units.
    let page = club.app.get(&format!("{url}/2")).await;
    assert_eq!(page.status, StatusCode::OK);
    let ins = page.texts("pre.diff .ins");
    assert!(
        ins.iter().any(|l| l.contains("Первое место — 13.")),
        "{ins:?}"
    );
    assert_eq!(
        page.texts("ul.setting-changes li"),
        vec!["Очки турнира за места · 1-е место: 12 → 13".to_owned()]
    );
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
    let page = publish(
        &club,
        "G-G6, rosters, season ties",
        "",
        &[
            ("penalty.G-G6.amount", "1"),
            ("roster.max", "5"),
            ("season.tie", "countback"),
        ],
    )
    .await;
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

/// The regulation's settings are a form in the regulation's own units:
/// match points 2/1/0 and place points 10…1 as R states them. A preview
/// says what would change and from when, and stores nothing; the JSON is
/// an export.
#[tokio::test]
async fn the_regulation_is_a_form_in_its_units_with_a_preview_and_a_json_export() {
    let club = Club::new("R").await;
    let c = club.id;
    let url = format!("/championships/{c}/regulation");
    let page = club.app.get_with(&club.root, &url).await;
    assert_eq!(page.attr("#set-scoring-win", "value").as_deref(), Some("2"));
    assert_eq!(page.attr("#set-place-1", "value").as_deref(), Some("10"));
    assert_eq!(page.attr("#set-place-10", "value").as_deref(), Some("1"));
    assert!(
        page.select_text("textarea[name=settings]").is_none(),
        "no JSON to edit"
    );
    assert!(
        page.texts("#regulation-form legend")
            .contains(&"Подсчёт очков и дополнительные показатели".to_owned())
    );
    // Nobody else sees the form.
    let anonymous = club.app.get(&url).await;
    assert!(anonymous.select_text("#regulation-form").is_none());

    let page = club
        .app
        .regulation_change(
            &club.root,
            c,
            &[
                ("summary", "Победа — 3 очка"),
                ("scoring.win", "3"),
                ("place.10", "½"),
                ("action", "preview"),
            ],
        )
        .await;
    assert_eq!(page.status, StatusCode::OK, "{}", page.text);
    let lines = page.texts("#regulation-preview li");
    assert_eq!(
        lines,
        vec![
            "Подсчёт очков и дополнительные показатели · Командных очков за выигранный матч: 2 → 3"
                .to_owned(),
            "Очки турнира за места · 10-е место: 1 → ½".to_owned(),
        ]
    );
    assert_eq!(
        page.attr("#set-scoring-win", "value").as_deref(),
        Some("3"),
        "the form keeps what was typed"
    );
    assert_eq!(
        club.app.get(&format!("{url}/2")).await.status,
        StatusCode::NOT_FOUND,
        "a preview stores nothing"
    );

    let page = club
        .app
        .regulation_change(
            &club.root,
            c,
            &[("summary", "Победа — 3 очка"), ("scoring.win", "3")],
        )
        .await;
    assert_eq!(page.status, StatusCode::SEE_OTHER, "{}", page.text);
    let res = club
        .app
        .client
        .get(club.app.url(&format!("{url}.json")))
        .send()
        .await
        .expect("GET");
    assert_eq!(res.status(), StatusCode::OK);
    assert!(
        res.headers()
            .get("content-disposition")
            .and_then(|v| v.to_str().ok())
            .is_some_and(|v| v.starts_with("attachment")),
    );
    let json: serde_json::Value = res.json().await.expect("json");
    assert_eq!(
        json["scoring"]["match_points"]["win"], 3,
        "in points, as the form and the page show them"
    );
    assert_eq!(json["version"], 2);
    assert_eq!(json["code"], "R");
}

/// G-E2's notice is a rule of G's season: a regulation without it (R, a
/// one-day event) applies a change from the next tournament to start.
#[tokio::test]
async fn g_e2_a_regulation_without_the_notice_rule_applies_a_change_from_the_next_tournament() {
    let club = Club::new("R").await;
    let t = club.tournament_in(24 * 60).await;
    let page = club
        .app
        .get_with(
            &club.root,
            &format!("/championships/{}/regulation", club.id),
        )
        .await;
    assert!(
        page.select_text("#regulation-form .hint")
            .is_some_and(|h| h.contains("с ближайшего турнира")),
        "{}",
        page.text
    );
    let page = publish(&club, "1st place: 11", "", &[("place.1", "11")]).await;
    assert_eq!(page.status, StatusCode::SEE_OTHER, "{}", page.text);
    assert_eq!(
        first_place_points(&club, t),
        22,
        "tomorrow's tournament follows it"
    );
}

/// team applications, and the team's signed application form,
/// are taken until the end of the deadline day in the championship's time
/// zone.
#[tokio::test]
async fn r_1_10_applications_and_the_signed_form_are_taken_until_the_deadline_day() {
    let club = Club::new("R").await;
    let app = &club.app;
    let org_a = app
        .create_organization(&club.root, "Завод А")
        .await
        .to_string();
    let org_b = app
        .create_organization(&club.root, "Завод Б")
        .await
        .to_string();
    let captain_a = app.person("CapA").await;
    let team_a = app
        .apply_team(&captain_a, club.id, "Ладья", &org_a)
        .await
        .location_id("/teams/");
    let today = chrono::Utc::now()
        .with_timezone(&chrono_tz::Europe::Moscow)
        .date_naive();
    let team_page = format!("/teams/{team_a}");
    let send_form = || {
        crate::documents::upload(
            app,
            &captain_a,
            &team_page,
            "team_application",
            "заявка.pdf",
            "application/pdf",
            crate::documents::PDF,
        )
    };
    let yesterday = today
        .pred_opt()
        .expect("a day")
        .format("%Y-%m-%d")
        .to_string();
    let page = publish(&club, "Срок заявок", "", &[("entry.deadline", &yesterday)]).await;
    assert_eq!(page.status, StatusCode::SEE_OTHER, "{}", page.text);

    let captain_b = app.person("CapB").await;
    let page = app.apply_team(&captain_b, club.id, "Ферзь", &org_b).await;
    assert_eq!(page.status, StatusCode::UNPROCESSABLE_ENTITY);
    let shown = today
        .pred_opt()
        .expect("a day")
        .format("%d.%m.%Y")
        .to_string();
    assert!(
        page.text
            .contains(&format!("Заявки принимались до {shown} включительно")),
        "{}",
        page.text
    );
    let page = send_form().await;
    assert_eq!(
        page.status,
        StatusCode::UNPROCESSABLE_ENTITY,
        "{}",
        page.text
    );
    assert!(
        page.select_text("#document-kind-error")
            .is_some_and(|e| e.contains(&shown)),
        "{}",
        page.text
    );

    // The deadline moved to today: both are taken again.
    let page = publish(
        &club,
        "Срок продлён",
        "",
        &[("entry.deadline", &today.format("%Y-%m-%d").to_string())],
    )
    .await;
    assert_eq!(page.status, StatusCode::SEE_OTHER, "{}", page.text);
    let page = app.apply_team(&captain_b, club.id, "Ферзь", &org_b).await;
    assert_eq!(page.status, StatusCode::SEE_OTHER, "{}", page.text);
    let page = send_form().await;
    assert_eq!(page.status, StatusCode::SEE_OTHER, "{}", page.text);
}

#[tokio::test]
async fn r_3_3_r_3_4_the_regulation_file_gives_points_as_the_page_and_the_text_do() {
    let club = Club::new("R").await;
    let page = club
        .app
        .get(&format!("/championships/{}/regulation.json", club.id))
        .await;
    assert_eq!(page.status, StatusCode::OK);
    let json: serde_json::Value = serde_json::from_str(&page.text).expect("json");
    assert_eq!(json["version"], 2, "the file's format: scores in points");
    let mp = &json["scoring"]["match_points"];
    assert_eq!(
        (&mp["win"], &mp["draw"], &mp["loss"]),
        (&2.into(), &1.into(), &0.into())
    );
    let table: Vec<i64> = json["place_points"]["table"]
        .as_array()
        .expect("places")
        .iter()
        .filter_map(serde_json::Value::as_i64)
        .collect();
    assert_eq!(table, [10, 9, 8, 7, 6, 5, 4, 3, 2, 1], "R-3.4");
    // The file reads back as the regulation in force.
    let read = league::rules::regulation::Regulation::from_json(&page.text).expect("reads");
    assert_eq!(read.place_points.table[0].halves(), 20);
}
