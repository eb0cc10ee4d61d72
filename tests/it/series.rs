//! Corporate series over HTTP: chess places from
//! a finished tournament, other sports' places typed by an organizer, the
//! organizations ranked by the points of every sport.

use league::ids::{SeriesId, SeriesSportId};
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
    club.started(&url);
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
        .post_with(&club.root, &format!("{url}/finish"), &[("confirm", "1")])
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
    let sports = league::db::series::sports_of(&mut club.app.db(), SeriesId(id)).expect("sports");
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

// ------------------------------------------- sports, lists, tables

/// The organizer (the admin) creates a series; its page's path and id.
async fn new_series(club: &Club, name: &str) -> (String, i64) {
    let page = club
        .app
        .post_with(&club.root, "/series", &[("name", name)])
        .await;
    let id = page.location_id("/series/");
    (format!("/series/{id}"), id)
}

/// The organizer's "add a sport" form: a name, the chess championship (or
/// empty) and the place → points table (or empty for R-3.4's).
async fn add_sport(
    club: &Club,
    series: &str,
    name: &str,
    championship: &str,
    points: &str,
) -> crate::helpers::Page {
    club.app
        .post_with(
            &club.root,
            &format!("{series}/sports"),
            &[
                ("name", name),
                ("championship", championship),
                ("points", points),
            ],
        )
        .await
}

fn sport_id(club: &Club, series: i64, name: &str) -> SeriesSportId {
    league::db::series::sports_of(&mut club.app.db(), SeriesId(series))
        .expect("sports")
        .into_iter()
        .find(|s| s.name == name)
        .unwrap_or_else(|| panic!("{name} is a sport of the series"))
        .id
}

/// The organizer's athlete list form: `action` is the button pressed
/// (`add` or `remove`).
async fn athletes(
    club: &Club,
    series: &str,
    sport: SeriesSportId,
    organization: i64,
    nicks: &str,
    action: &str,
) -> crate::helpers::Page {
    club.app
        .post_with(
            &club.root,
            &format!("{series}/athletes"),
            &[
                ("sport", &sport.to_string()),
                ("organization", &organization.to_string()),
                ("nicks", nicks),
                ("action", action),
            ],
        )
        .await
}

/// Who is on the series' lists, as (sport, nick), read from the database.
fn listed(club: &Club, series: i64) -> Vec<(SeriesSportId, String)> {
    league::db::series::athletes_of(&mut club.app.db(), SeriesId(series))
        .expect("athletes")
        .into_iter()
        .map(|a| (a.sport_id, a.nick))
        .collect()
}

#[tokio::test]
async fn r_1_8_an_athlete_listed_for_volleyball_in_the_series_cannot_enter_chess() {
    let club = Club::new("G").await;
    let org = club
        .app
        .create_organization(&club.root, "Завод Альфа")
        .await;
    let team = org_team(&club, "Альфа", "al", org).await;
    let (series, id) = new_series(&club, "Спартакиада 2026").await;
    let chess = club.id.to_string();
    assert_eq!(
        add_sport(&club, &series, "Шахматы", &chess, "")
            .await
            .status,
        StatusCode::SEE_OTHER
    );
    assert_eq!(
        add_sport(&club, &series, "Волейбол", "", "").await.status,
        StatusCode::SEE_OTHER
    );
    let volleyball = sport_id(&club, id, "Волейбол");
    // The organizer lists two of the team for volleyball (any case).
    let page = athletes(&club, &series, volleyball, org, "al2, AL3", "add").await;
    assert_eq!(page.status, StatusCode::SEE_OTHER, "{}", page.text);
    let shown = club.app.get(&series).await;
    assert_eq!(
        shown.texts("table.athletes tbody tr td"),
        ["Волейбол", "Завод Альфа", "al2, al3"]
    );
    // A series whose chess is some other championship does not count.
    let (other, other_id) = new_series(&club, "Кубок города").await;
    add_sport(&club, &other, "Дартс", "", "").await;
    let darts = sport_id(&club, other_id, "Дартс");
    let page = athletes(&club, &other, darts, org, "al1", "add").await;
    assert_eq!(page.status, StatusCode::SEE_OTHER, "{}", page.text);

    // The chess entry names all five: the two listed for volleyball are
    // refused, each with the sport and the series named; nothing stored.
    let t = club.tournament_in(20).await;
    let full = line(&team, "Альфа", 0..5);
    let refused = club.enter(&team.captain, t, &full).await;
    assert_eq!(refused.status, StatusCode::UNPROCESSABLE_ENTITY);
    assert_eq!(
        refused.texts("#entry-form ul.problems li"),
        [
            "al2 в списке вида «Волейбол» спартакиады «Спартакиада 2026», который идёт \
             одновременно с шахматами: спортсмен выступает только в одном виде (п. 1.8).",
            "al3 в списке вида «Волейбол» спартакиады «Спартакиада 2026», который идёт \
             одновременно с шахматами: спортсмен выступает только в одном виде (п. 1.8).",
        ]
    );
    assert!(club.entries(t).is_empty());
    let refused = club
        .app
        .post_with(
            &team.captain,
            &format!("{}/entries?lang=en", club.tournament_url(t)),
            &[("line", &full)],
        )
        .await;
    assert_eq!(
        refused.texts("#entry-form ul.problems li")[0],
        "al2 is listed for Волейбол in the series Спартакиада 2026, held at the same time \
         as chess: one sport per athlete (§ 1.8)."
    );

    // Off the list, al2 and al3 may play chess.
    let page = athletes(&club, &series, volleyball, org, "al2 al3", "remove").await;
    assert_eq!(page.status, StatusCode::SEE_OTHER, "{}", page.text);
    assert!(
        club.app
            .get(&series)
            .await
            .texts("table.athletes tbody tr")
            .is_empty()
    );
    let page = club.enter(&team.captain, t, &full).await;
    assert_eq!(page.status, StatusCode::SEE_OTHER, "{}", page.text);
    assert_eq!(club.entries(t).len(), 1);
}

#[tokio::test]
async fn r_1_8_a_chess_player_cannot_be_listed_for_darts_in_the_same_series() {
    let club = Club::new("G").await;
    let alpha = club
        .app
        .create_organization(&club.root, "Завод Альфа")
        .await;
    let beta = club.app.create_organization(&club.root, "Завод Бета").await;
    let team = org_team(&club, "Альфа", "al", alpha).await;
    club.person("be1").await;
    let (series, id) = new_series(&club, "Спартакиада 2026").await;
    let chess = club.id.to_string();
    for (name, championship) in [("Шахматы", chess.as_str()), ("Волейбол", ""), ("Дартс", "")]
    {
        let page = add_sport(&club, &series, name, championship, "").await;
        assert_eq!(page.status, StatusCode::SEE_OTHER, "{}", page.text);
    }
    let (volleyball, darts) = (
        sport_id(&club, id, "Волейбол"),
        sport_id(&club, id, "Дартс"),
    );
    let t = club.tournament_in(20).await;
    let page = club
        .enter(&team.captain, t, &line(&team, "Альфа", 0..5))
        .await;
    assert_eq!(page.status, StatusCode::SEE_OTHER, "{}", page.text);
    let page = athletes(&club, &series, volleyball, beta, "be1", "add").await;
    assert_eq!(page.status, StatusCode::SEE_OTHER, "{}", page.text);

    // Two chess players, a volleyball player, a typo and a repeat: every
    // problem at once, the form comes back as typed, nothing is stored.
    let typed = "al1, nobody, be1, al1, al2";
    let refused = athletes(&club, &series, darts, alpha, typed, "add").await;
    assert_eq!(refused.status, StatusCode::UNPROCESSABLE_ENTITY);
    let r_1_8 = "этой спартакиады: спортсмен выступает только в одном виде (п. 1.8).";
    assert_eq!(
        refused.texts("#athletes-form ul.problems li"),
        [
            "Игрок с ником «nobody» не зарегистрирован.".to_owned(),
            "al1 указан дважды.".to_owned(),
            format!("al1 уже выступает в виде «Шахматы» {r_1_8}"),
            format!("be1 уже выступает в виде «Волейбол» {r_1_8}"),
            format!("al2 уже выступает в виде «Шахматы» {r_1_8}"),
        ]
    );
    assert_eq!(
        refused.attr("#athletes-nicks", "value").as_deref(),
        Some(typed)
    );
    assert_eq!(
        refused
            .attr("#athletes-sport option[selected]", "value")
            .as_deref(),
        Some(darts.to_string().as_str())
    );
    assert_eq!(
        refused
            .attr("#athletes-organization option[selected]", "value")
            .as_deref(),
        Some(alpha.to_string().as_str())
    );
    assert_eq!(listed(&club, id), [(volleyball, "be1".to_owned())]);
    // In English too; and chess itself has no list.
    let refused = club
        .app
        .post_with(
            &club.root,
            &format!("{series}/athletes?lang=en"),
            &[
                ("sport", &darts.to_string()),
                ("organization", &alpha.to_string()),
                ("nicks", "al3"),
                ("action", "add"),
            ],
        )
        .await;
    assert_eq!(
        refused.texts("#athletes-form ul.problems li"),
        ["al3 already takes part in Шахматы of this series: one sport per athlete (§ 1.8)."]
    );
    let chess_id = sport_id(&club, id, "Шахматы");
    let refused = athletes(&club, &series, chess_id, alpha, "al3", "add").await;
    assert_eq!(refused.status, StatusCode::UNPROCESSABLE_ENTITY);
    assert_eq!(listed(&club, id).len(), 1);

    // A withdrawn entry holds nobody: al1 and al2 may go to darts, and
    // from then on the chess entry is refused for them.
    let page = club.withdraw(&team.captain, t).await;
    assert_eq!(page.status, StatusCode::SEE_OTHER);
    let page = athletes(&club, &series, darts, alpha, "al1 al2", "add").await;
    assert_eq!(page.status, StatusCode::SEE_OTHER, "{}", page.text);
    assert_eq!(
        club.app
            .get(&series)
            .await
            .texts("table.athletes tbody tr td.nicks"),
        ["be1", "al1, al2"]
    );
    let page = club
        .enter(&team.captain, t, &line(&team, "Альфа", 0..5))
        .await;
    assert_eq!(page.status, StatusCode::UNPROCESSABLE_ENTITY);
    assert_eq!(page.texts("#entry-form ul.problems li").len(), 2);
}

#[tokio::test]
async fn r_3_4_a_sport_with_its_own_points_table_counts_by_it() {
    let club = Club::new("G").await;
    let mut orgs = Vec::new();
    for n in ["Альфа", "Бета", "Гамма", "Дельта", "Эпсилон"] {
        orgs.push(
            club.app
                .create_organization(&club.root, &format!("Завод {n}"))
                .await,
        );
    }
    let (a, b, c, d, e) = (orgs[0], orgs[1], orgs[2], orgs[3], orgs[4]);
    let (series, id) = new_series(&club, "Спартакиада 2026").await;
    // Volleyball keeps R-3.4's table (the field left empty).
    let page = add_sport(&club, &series, "Волейбол", "", "").await;
    assert_eq!(page.status, StatusCode::SEE_OTHER, "{}", page.text);
    // A wrong table: every problem, the form as typed, no sport added.
    let refused = add_sport(&club, &series, "Дартс", "", "10 12 x -1").await;
    assert_eq!(refused.status, StatusCode::UNPROCESSABLE_ENTITY);
    assert_eq!(
        refused.texts("#sport-form ul.problems li"),
        [
            "Место 2 даёт 12, больше, чем место 1 (10): очки не могут расти вниз по таблице.",
            "Место 3: «x» — не число очков (целое или с половиной).",
            "Место 4: «-1» меньше нуля.",
        ]
    );
    assert_eq!(
        refused.attr("#sport-name", "value").as_deref(),
        Some("Дартс")
    );
    assert_eq!(
        refused.attr("#sport-points", "value").as_deref(),
        Some("10 12 x -1")
    );
    assert_eq!(
        league::db::series::sports_of(&mut club.app.db(), SeriesId(id))
            .expect("sports")
            .len(),
        1
    );
    // Darts with its own table, a half included.
    let page = add_sport(&club, &series, "Дартс", "", "12 10 8 6½").await;
    assert_eq!(page.status, StatusCode::SEE_OTHER, "{}", page.text);
    let (volleyball, darts) = (
        sport_id(&club, id, "Волейбол").to_string(),
        sport_id(&club, id, "Дартс").to_string(),
    );
    let place = |sport: &str, org: i64, place: &str| {
        let fields = [
            ("sport", sport.to_owned()),
            ("organization", org.to_string()),
            ("place", place.to_owned()),
        ];
        let (app, root, url) = (&club.app, club.root.clone(), format!("{series}/places"));
        async move {
            let fields: Vec<(&str, &str)> = fields.iter().map(|(k, v)| (*k, v.as_str())).collect();
            let page = app.post_with(&root, &url, &fields).await;
            assert_eq!(page.status, StatusCode::SEE_OTHER, "{}", page.text);
        }
    };
    // Volleyball: Альфа 1st, Бета and Гамма share 2nd–3rd, Дельта 4th.
    for (org, p) in [(a, "1"), (b, "2"), (c, "2"), (d, "4")] {
        place(&volleyball, org, p).await;
    }
    // Darts: Бета 1st, Дельта 2nd, Альфа and Гамма share 3rd–4th, Эпсилон
    // 5th (typed 9: the order counts), beyond the four places of the table.
    for (org, p) in [(b, "1"), (d, "2"), (a, "3"), (c, "3"), (e, "9")] {
        place(&darts, org, p).await;
    }
    // By hand. Volleyball (10 9 8 7 …): Альфа 10, Бета and Гамма
    // (9 + 8) / 2 = 8½, Дельта 7. Darts (12 10 8 6½): Бета 12, Дельта 10,
    // Альфа and Гамма (8 + 6½) / 2 = 7¼ → 7 (halves, rounded down),
    // Эпсилон 0. Totals: Бета 20½, Альфа 17, Дельта 17, Гамма 15½,
    // Эпсилон 0; Альфа and Дельта share 2nd–3rd.
    let page = club.app.get(&series).await;
    assert_eq!(
        page.texts("table.series-table tbody td:nth-child(2)"),
        [
            "Завод Бета",
            "Завод Альфа",
            "Завод Дельта",
            "Завод Гамма",
            "Завод Эпсилон"
        ]
    );
    assert_eq!(
        page.texts("table.series-table td.total"),
        ["20½", "17", "17", "15½", "0"]
    );
    assert_eq!(
        page.texts("table.series-table tbody td:first-child"),
        ["1", "2–3", "2–3", "4", "5"]
    );
    let alpha = &page.texts("table.series-table tbody tr")[1];
    assert!(
        alpha.contains("1 · 10") && alpha.contains("3–4 · 7"),
        "{alpha}"
    );
    // The page shows each sport's table.
    assert_eq!(
        page.texts("table.points-tables td.points"),
        ["10 9 8 7 6 5 4 3 2 1", "12 10 8 6½"]
    );

    // The organizer changes darts' table: a wrong one comes back as typed
    // with its problem; a right one recounts the series.
    let url = format!("{series}/sports/{darts}");
    let refused = club
        .app
        .post_with(&club.root, &url, &[("points", "5 6")])
        .await;
    assert_eq!(refused.status, StatusCode::UNPROCESSABLE_ENTITY);
    assert_eq!(
        refused.texts(&format!("#points-form-{darts} ul.problems li")),
        ["Место 2 даёт 6, больше, чем место 1 (5): очки не могут расти вниз по таблице."]
    );
    assert_eq!(
        refused
            .attr(&format!("#points-{darts}"), "value")
            .as_deref(),
        Some("5 6")
    );
    let page = club
        .app
        .post_with(&club.root, &url, &[("points", "5 4 3 2 1")])
        .await;
    assert_eq!(page.status, StatusCode::SEE_OTHER, "{}", page.text);
    // Darts now: Бета 5, Дельта 4, Альфа and Гамма (3 + 2) / 2 = 2½,
    // Эпсилон 1. Totals: Бета 13½, Альфа 12½, Гамма 11, Дельта 11,
    // Эпсилон 1.
    let page = club.app.get(&series).await;
    assert_eq!(
        page.texts("table.series-table tbody td:nth-child(2)"),
        [
            "Завод Бета",
            "Завод Альфа",
            "Завод Гамма",
            "Завод Дельта",
            "Завод Эпсилон"
        ]
    );
    assert_eq!(
        page.texts("table.series-table td.total"),
        ["13½", "12½", "11", "11", "1"]
    );
    assert_eq!(
        page.texts("table.points-tables td.points"),
        ["10 9 8 7 6 5 4 3 2 1", "5 4 3 2 1"]
    );
}

/// A series is changed by its managers only (`play::series::may_manage`):
/// the admin, the organizer who created it, and the organizers of the
/// championship it takes chess places from. Linking a championship as the
/// chess sport puts on its players, so only its organizer (or an
/// admin) may link it. Found by the route walk: any organizer of any
/// championship could change any series.
#[tokio::test]
async fn r_1_8_only_a_series_managers_change_it_and_only_an_organizer_links_a_championship() {
    let club = Club::new("G").await;
    let org = club
        .app
        .create_organization(&club.root, "Завод Альфа")
        .await
        .to_string();
    // Another organizer, of a championship of their own.
    let other = club.app.person("orga2").await;
    let theirs = club.app.create_championship(&club.root, "G").await;
    club.app
        .grant_role(&club.root, theirs, "orga2", "organizer")
        .await;
    let (series, sid) = new_series(&club, "Спартакиада завода").await;
    let page = add_sport(&club, &series, "Волейбол", "", "").await;
    assert_eq!(page.status, StatusCode::SEE_OTHER, "{}", page.text);
    let volleyball = sport_id(&club, sid, "Волейбол").to_string();
    let sport_points = format!("{series}/sports/{volleyball}");
    let forms: [(String, Vec<(&str, &str)>); 4] = [
        (
            format!("{series}/sports"),
            vec![("name", "Дартс"), ("championship", ""), ("points", "")],
        ),
        (sport_points.clone(), vec![("points", "5, 3, 1")]),
        (
            format!("{series}/places"),
            vec![
                ("sport", &volleyball),
                ("organization", &org),
                ("place", "1"),
            ],
        ),
        (
            format!("{series}/athletes"),
            vec![
                ("sport", &volleyball),
                ("organization", &org),
                ("nicks", "orga2"),
                ("action", "add"),
            ],
        ),
    ];
    for (path, fields) in &forms {
        let page = club.app.post_with(&other, path, fields).await;
        assert_eq!(page.status, StatusCode::FORBIDDEN, "{path}");
    }
    assert_eq!(
        league::db::series::sports_of(&mut club.app.db(), SeriesId(sid))
            .expect("sports")
            .len(),
        1,
        "nothing added"
    );
    assert!(listed(&club, sid).is_empty());
    // The page offers them no forms; the creator sees them.
    let page = club.app.get_with(&other, &series).await;
    assert!(page.select_text("form#sport-form").is_none());
    let page = club.app.get_with(&club.root, &series).await;
    assert!(page.select_text("form#sport-form").is_some());

    // Their own series: linking a championship they do not organize is
    // refused in words; their own championship is linked.
    let page = club
        .app
        .post_with(&other, "/series", &[("name", "Спартакиада цеха")])
        .await;
    assert_eq!(page.status, StatusCode::SEE_OTHER, "{}", page.text);
    let own = format!("/series/{}", page.location_id("/series/"));
    let club_id = club.id.to_string();
    let page = club
        .app
        .post_with(
            &other,
            &format!("{own}/sports"),
            &[
                ("name", "Шахматы"),
                ("championship", &club_id),
                ("points", ""),
            ],
        )
        .await;
    assert_eq!(page.status, StatusCode::UNPROCESSABLE_ENTITY);
    assert!(
        page.text
            .contains("Взять места чемпионата в спартакиаду может только его организатор"),
        "{}",
        page.text
    );
    let theirs_id = theirs.to_string();
    let page = club
        .app
        .post_with(
            &other,
            &format!("{own}/sports"),
            &[
                ("name", "Шахматы"),
                ("championship", &theirs_id),
                ("points", ""),
            ],
        )
        .await;
    assert_eq!(page.status, StatusCode::SEE_OTHER, "{}", page.text);
    // An organizer of the linked championship manages the series too: Root
    // is also the admin, so grant a third person.
    let third = club.app.person("orga3").await;
    club.app
        .grant_role(&club.root, theirs, "orga3", "organizer")
        .await;
    let page = club
        .app
        .post_with(
            &third,
            &format!("{own}/sports"),
            &[("name", "Дартс"), ("championship", ""), ("points", "")],
        )
        .await;
    assert_eq!(page.status, StatusCode::SEE_OTHER, "{}", page.text);
}

#[tokio::test]
async fn a_name_a_spreadsheet_would_run_is_text_in_the_series_csv() {
    let club = Club::new("G").await;
    let evil = "=HYPERLINK(\"http://evil.example\",\"Итоги\")";
    let mut orgs = Vec::new();
    for name in [evil, "Завод Бета"] {
        orgs.push(club.app.create_organization(&club.root, name).await);
    }
    let (series, id) = new_series(&club, "Спартакиада 2026").await;
    let page = add_sport(&club, &series, "Волейбол", "", "").await;
    assert_eq!(page.status, StatusCode::SEE_OTHER, "{}", page.text);
    let sport = sport_id(&club, id, "Волейбол").to_string();
    for (org, place) in [(orgs[0], "1"), (orgs[1], "2")] {
        let org = org.to_string();
        let page = club
            .app
            .post_with(
                &club.root,
                &format!("{series}/places"),
                &[
                    ("sport", sport.as_str()),
                    ("organization", &org),
                    ("place", place),
                ],
            )
            .await;
        assert_eq!(page.status, StatusCode::SEE_OTHER, "{}", page.text);
    }
    let res = crate::helpers::new_client()
        .get(club.app.url(&format!("{series}/standings.csv")))
        .send()
        .await
        .expect("GET");
    assert_eq!(res.status(), StatusCode::OK);
    let text = res.text().await.expect("body");
    let mut reader = csv::Reader::from_reader(text.as_bytes());
    let names: Vec<String> = reader
        .records()
        .map(|r| {
            r.expect("record")
                .iter()
                .map(str::to_owned)
                .collect::<Vec<_>>()
        })
        .flat_map(|r| {
            r.into_iter()
                .filter(|c| c.contains("HYPERLINK") || c.contains("Завод"))
        })
        .collect();
    assert_eq!(
        names,
        [format!("'{evil}"), "Завод Бета".to_owned()],
        "{text}"
    );
    // The page itself shows the name as it is.
    let page = club.app.get(&series).await;
    assert!(
        page.texts("table.series-table tbody td:nth-child(2)")
            .contains(&evil.to_owned())
    );
}

/// The athletes' list form as `who` sends it, by full names.
async fn athletes_by_name(
    club: &Club,
    who: &reqwest::Client,
    series: &str,
    sport: SeriesSportId,
    organization: i64,
    names: &str,
) -> crate::helpers::Page {
    club.app
        .post_with(
            who,
            &format!("{series}/athletes"),
            &[
                ("sport", &sport.to_string()),
                ("organization", &organization.to_string()),
                ("names", names),
                ("nicks", ""),
                ("action", "add"),
            ],
        )
        .await
}

#[tokio::test]
async fn r_1_8_sport_organizers_list_athletes_by_name_and_one_sport_holds_across_three() {
    let club = Club::new("R").await;
    let alpha = club.app.create_organization(&club.root, "АО Альфа").await;
    let beta = club.app.create_organization(&club.root, "АО Бета").await;
    // The chess team of Альфа, its representative with an account.
    let rep = club.person("rep").await;
    let page = club
        .app
        .apply_team(&rep, club.id, "Альфа", &alpha.to_string())
        .await;
    let team = page.location_id("/teams/");
    club.app
        .decide_team(&club.root, club.id, team, "approve", "")
        .await;
    let page = club
        .app
        .post_with(
            &rep,
            &format!("/teams/{team}/players"),
            &[("full_name", "Орлов Олег")],
        )
        .await;
    assert_eq!(page.status, StatusCode::SEE_OTHER, "{}", page.text);
    let (series, id) = new_series(&club, "Спартакиада 2026").await;
    let chess = club.id.to_string();
    for (name, championship) in [("Шахматы", chess.as_str()), ("Волейбол", ""), ("Дартс", "")]
    {
        let page = add_sport(&club, &series, name, championship, "").await;
        assert_eq!(page.status, StatusCode::SEE_OTHER, "{}", page.text);
    }
    let (volleyball, darts) = (
        sport_id(&club, id, "Волейбол"),
        sport_id(&club, id, "Дартс"),
    );
    // Each other sport gets its own organizer, who organizes nothing else.
    let vb = club.person("vb").await;
    let dt = club.person("dt").await;
    for (sport, nick) in [(volleyball, "vb"), (darts, "dt")] {
        let page = club
            .app
            .post_with(
                &club.root,
                &format!("{series}/sport-organizers"),
                &[("sport", &sport.to_string()), ("nick", nick)],
            )
            .await;
        assert_eq!(page.status, StatusCode::SEE_OTHER, "{}", page.text);
    }
    // The volleyball organizer lists two athletes by full name: no
    // account is needed, records are entered.
    let page = athletes_by_name(
        &club,
        &vb,
        &series,
        volleyball,
        alpha,
        "Павлова Полина\nСеменов  Семён",
    )
    .await;
    assert_eq!(page.status, StatusCode::SEE_OTHER, "{}", page.text);
    let listed_now = listed(&club, id);
    assert_eq!(listed_now.len(), 2, "{listed_now:?}");
    let record = league::db::people::by_nick(&mut club.app.db(), "semenov-semen")
        .expect("q")
        .expect("a record made from the name");
    assert!(!record.has_account());
    assert_eq!(record.full_name, "Семенов Семён");
    // …and enters volleyball's places as a list, every line or none.
    let page = club
        .app
        .post_with(
            &vb,
            &format!("{series}/places/list"),
            &[
                ("sport", &volleyball.to_string()),
                ("places", "АО Альфа; 1\nАО Гамма; 2\nАО Бета; x"),
            ],
        )
        .await;
    assert_eq!(page.status, StatusCode::UNPROCESSABLE_ENTITY);
    assert_eq!(
        page.texts("#places-form ul.problems li"),
        [
            "Строка 2: организации «АО Гамма» на сайте нет",
            "Строка 3: «x» — не место (целое число от 1)",
        ]
    );
    assert!(
        league::db::series::places_of(&mut club.app.db(), &[volleyball])
            .expect("places")
            .is_empty(),
        "nothing stored"
    );
    let page = club
        .app
        .post_with(
            &vb,
            &format!("{series}/places/list"),
            &[
                ("sport", &volleyball.to_string()),
                ("places", "ао альфа; 1\nАО Бета; 2"),
            ],
        )
        .await;
    assert_eq!(page.status, StatusCode::SEE_OTHER, "{}", page.text);
    let shown = club.app.get(&series).await;
    let table = shown.texts("table.series-table tbody tr");
    assert!(
        table[0].contains("АО Альфа") && table[0].contains("1 · 10"),
        "{table:?}"
    );
    // The volleyball organizer may not touch darts, nor the series.
    let page = athletes_by_name(&club, &vb, &series, darts, beta, "Кто Угодно").await;
    assert_eq!(page.status, StatusCode::FORBIDDEN);
    let page = add_sport(&club, &series, "Бег", "", "").await;
    assert_eq!(
        page.status,
        StatusCode::SEE_OTHER,
        "the creator adds sports"
    );
    let page = club
        .app
        .post_with(
            &vb,
            &format!("{series}/sports"),
            &[("name", "Плавание"), ("championship", ""), ("points", "")],
        )
        .await;
    assert_eq!(page.status, StatusCode::FORBIDDEN);
    // across the three sports: the darts organizer names the
    // volleyball player and the chess player by full name — the same
    // people, refused; a new name is listed.
    let page = athletes_by_name(
        &club,
        &dt,
        &series,
        darts,
        alpha,
        "Павлова Полина\nОрлов Олег\nЗуев Захар",
    )
    .await;
    assert_eq!(
        page.status,
        StatusCode::UNPROCESSABLE_ENTITY,
        "{}",
        page.text
    );
    let problems = page.texts("#athletes-form ul.problems li");
    assert_eq!(problems.len(), 1, "{problems:?}");
    assert!(
        problems[0].starts_with("Павлова Полина уже выступает в виде «Волейбол»"),
        "{problems:?}"
    );
    // Орлов Олег is on Альфа's chess roster but in no entry yet: named by
    // his full name he is that same record (no second person is made), so
    // a chess entry naming him later is refused.
    let page = athletes_by_name(&club, &dt, &series, darts, alpha, "Зуев Захар\nОрлов Олег").await;
    assert_eq!(page.status, StatusCode::SEE_OTHER, "{}", page.text);
    let darts_list: Vec<String> = listed(&club, id)
        .into_iter()
        .filter(|(sport, _)| *sport == darts)
        .map(|(_, nick)| nick)
        .collect();
    assert_eq!(darts_list, ["orlov-oleg", "zuev-zakhar"]);
    let orlov = league::db::people::by_nick(&mut club.app.db(), "orlov-oleg").expect("q");
    assert!(
        orlov.is_some_and(|p| p.added_by.is_some()),
        "the roster's record"
    );
    assert!(
        league::db::people::by_nick(&mut club.app.db(), "orlov-oleg-2")
            .expect("q")
            .is_none()
    );
    // The chess team cannot take on a listed athlete by name either.
    let page = club
        .app
        .post_with(
            &rep,
            &format!("/teams/{team}/players"),
            &[("full_name", "Зуев Захар")],
        )
        .await;
    assert_eq!(
        page.status,
        StatusCode::UNPROCESSABLE_ENTITY,
        "{}",
        page.text
    );
    assert!(
        page.text
            .contains("в списке вида «Дартс» спартакиады «Спартакиада 2026»"),
        "{}",
        page.text
    );
    // The sport organizers see only their own sport's forms.
    let page = club.app.get_with(&vb, &series).await;
    assert!(page.select_text("form#sport-form").is_none());
    let offered = page.texts("#athletes-sport option");
    assert_eq!(offered, ["Волейбол"]);
}
