//! Corporate series over HTTP (issue 9, point 1; ): chess places from
//! a finished tournament, other sports' places typed by an organizer, the
//! organizations ranked by the points of every sport.

use reqwest::StatusCode;

use crate::play::{Club, Team, line, play_round, publish_last};

/// An approved team of five playing for `organization`.
async fn org_team(club: &Club, name: &str, prefix: &str, organization: i64) -> Team {
    let nicks: Vec<String> = (1..=5).map(|i| format!("{prefix}{i}")).collect();
    let captain = club.person(&nicks[0]).await;
    let page = club
        .app
        .apply_team(&captain, club.id, name, &organization.to_string())
        .await;
    let id = page.location_id("/teams/");
    let page = club
        .app
        .decide_team(&club.root, club.id, id, "approve", "")
        .await;
    assert_eq!(page.status, StatusCode::SEE_OTHER);
    for nick in &nicks[1..] {
        let member = club.person(nick).await;
        club.app
            .invite_and_accept(&captain, id, &member, nick)
            .await;
    }
    Team {
        id,
        name: name.to_owned(),
        captain,
        nicks,
    }
}

#[tokio::test]
async fn r_3_4_the_series_ranks_organizations_by_the_points_of_every_sport() {
    let club = Club::new("G").await;
    let names = ["Альфа", "Бета", "Гамма", "Дельта", "Эпсилон"];
    let mut orgs = Vec::new();
    for n in names {
        orgs.push(
            club.app
                .create_organization(&club.root, &format!("Завод {n}"))
                .await,
        );
    }
    // Chess: four organizations' teams play a round robin; the earlier in
    // the list wins every game: places 1–4 → 10, 9, 8, 7 points.
    let prefixes = ["al", "be", "ga", "de"];
    let mut teams = Vec::new();
    for i in 0..4 {
        teams.push(org_team(&club, names[i], prefixes[i], orgs[i]).await);
    }
    let t = club.tournament_in(20).await;
    for team in &teams {
        let page = club
            .enter(&team.captain, t, &line(team, &team.name, 0..5))
            .await;
        assert_eq!(page.status, StatusCode::SEE_OTHER, "{}", page.text);
    }
    let url = club.tournament_url(t);
    club.app
        .post_with(&club.root, &format!("{url}/draw"), &[("seed", "3")])
        .await;
    let rank = |n: &str| names.iter().position(|x| *x == n).expect("known");
    for round in 1..=3 {
        if round > 1 {
            club.app
                .post_with(&club.root, &format!("{url}/rounds"), &[])
                .await;
        }
        publish_last(&club, &url).await;
        play_round(&club, &url, round, &|h, a| {
            if rank(h) < rank(a) { "1-0" } else { "0-1" }
        })
        .await;
    }
    let page = club
        .app
        .post_with(&club.root, &format!("{url}/finish"), &[])
        .await;
    assert_eq!(page.status, StatusCode::SEE_OTHER, "{}", page.text);

    // A player may not create a series; an organizer (here the admin) may.
    let page = club
        .app
        .post_with(
            &teams[0].captain,
            "/series",
            &[("name", "Спартакиада 2026")],
        )
        .await;
    assert_eq!(page.status, StatusCode::FORBIDDEN);
    let page = club
        .app
        .post_with(&club.root, "/series", &[("name", "Спартакиада 2026")])
        .await;
    let id = page.location_id("/series/");
    let page = club
        .app
        .post_with(&club.root, "/series", &[("name", " спартакиада  2026 ")])
        .await;
    assert_eq!(
        page.status,
        StatusCode::UNPROCESSABLE_ENTITY,
        "the name is taken"
    );
    let series = format!("/series/{id}");
    let sport = |name: &'static str, championship: String| {
        let root = club.root.clone();
        let app = &club.app;
        let url = format!("{series}/sports");
        async move {
            app.post_with(
                &root,
                &url,
                &[("name", name), ("championship", &championship)],
            )
            .await
        }
    };
    assert_eq!(
        sport("Шахматы", club.id.to_string()).await.status,
        StatusCode::SEE_OTHER
    );
    assert_eq!(
        sport("Волейбол", String::new()).await.status,
        StatusCode::SEE_OTHER
    );
    assert_eq!(
        sport("Дартс", String::new()).await.status,
        StatusCode::SEE_OTHER
    );
    let sports = league::db::series::sports_of(&mut club.app.db(), id).expect("sports");
    let sport_id = |n: &str| sports.iter().find(|s| s.name == n).expect(n).id.to_string();
    let place = |sport: String, org: i64, place: &'static str| {
        let root = club.root.clone();
        let app = &club.app;
        let url = format!("{series}/places");
        async move {
            app.post_with(
                &root,
                &url,
                &[
                    ("sport", sport.as_str()),
                    ("organization", &org.to_string()),
                    ("place", place),
                ],
            )
            .await
        }
    };
    // Chess places are not typed; a place is a number from 1.
    assert_eq!(
        place(sport_id("Шахматы"), orgs[0], "1").await.status,
        StatusCode::UNPROCESSABLE_ENTITY
    );
    assert_eq!(
        place(sport_id("Волейбол"), orgs[0], "0").await.status,
        StatusCode::UNPROCESSABLE_ENTITY
    );
    // Volleyball: Бета 1st, Альфа and Гамма tie for 2nd (2–3: (9 + 8) / 2
    // = 8½ each); Дельта takes no place. Darts: Эпсилон 1st.
    for (org, p) in [(orgs[1], "1"), (orgs[0], "2"), (orgs[2], "2")] {
        assert_eq!(
            place(sport_id("Волейбол"), org, p).await.status,
            StatusCode::SEE_OTHER
        );
    }
    assert_eq!(
        place(sport_id("Дартс"), orgs[4], "1").await.status,
        StatusCode::SEE_OTHER
    );

    // By hand: Бета 9 + 10 = 19; Альфа 10 + 8½ = 18½; Гамма 8 + 8½ =
    // 16½; Эпсилон 10; Дельта 7.
    let page = club.app.get(&series).await;
    assert_eq!(page.status, StatusCode::OK);
    let orgs_in_order = page.texts("table.series-table tbody td:nth-child(2)");
    assert_eq!(
        orgs_in_order,
        [
            "Завод Бета",
            "Завод Альфа",
            "Завод Гамма",
            "Завод Эпсилон",
            "Завод Дельта"
        ]
    );
    assert_eq!(
        page.texts("table.series-table td.total"),
        ["19", "18½", "16½", "10", "7"]
    );
    let alpha: Vec<String> = page
        .texts("table.series-table tbody tr")
        .into_iter()
        .filter(|r| r.contains("Альфа"))
        .collect();
    assert!(
        alpha[0].contains("1 · 10") && alpha[0].contains("2–3 · 8½"),
        "{alpha:?}"
    );
    assert!(page.texts("table.series-table td.gap")[0].contains("19"));
    // The public page needs no login, and the list links it.
    let list = club.app.get("/series").await;
    assert_eq!(list.attrs("ul.series a", "href"), [series]);
}
