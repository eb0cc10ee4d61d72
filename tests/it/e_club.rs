//! Seed E's harness through the pages, shared by the integration and the
//! browser tests: teams of employees of one enterprise (E-10, E-12), the
//! judges' rounds of groups and play-off, and a cup of eight played to its
//! finish (E-1, E-8, E-9) with every step checked on the way.

use std::collections::HashMap;

use league::db;
use league::db::documents::{self as docs, Owner};
use league::ids::TournamentId;
use league::rules::score::HalfPoints;
use reqwest::{Client, StatusCode};

use crate::club::{Club, Team, line, play_round, publish_last};
use crate::helpers::Page;
use crate::r_club::{draw, upload, upload_action};

/// E-12 for one player: an employment record confirmed by an organizer and
/// an approved proof of employment.
pub(crate) async fn employed(club: &Club, client: &Client, nick: &str, organization: i64) {
    let page = club
        .app
        .post_with(
            client,
            &format!("/people/{nick}/employments"),
            &[
                ("organization", &organization.to_string()),
                ("from", "2020-01-01"),
                ("until", ""),
            ],
        )
        .await;
    assert_eq!(page.status, StatusCode::SEE_OTHER, "{}", page.text);
    let person = club.app.person_id(nick);
    let (record, _) = db::standing::employments_of(&mut club.app.db(), person)
        .expect("employments")
        .remove(0);
    let page = club
        .app
        .post_with(
            &club.root,
            &format!("/employments/{}/confirm", record.id),
            &[],
        )
        .await;
    assert_eq!(page.status, StatusCode::SEE_OTHER);
    let path = format!("/people/{nick}");
    let action = upload_action(club, client, &path).await;
    upload(club, client, &action, "employment_proof").await;
    let doc = docs::of_owner_all(&mut club.app.db(), Owner::Person(person)).expect("docs")[0].id;
    let page = club
        .app
        .post_with(
            &club.root,
            &format!("/championships/{}/documents/{doc}/review", club.id),
            &[("decision", "approve")],
        )
        .await;
    assert_eq!(page.status, StatusCode::SEE_OTHER, "{}", page.text);
}

/// An approved seed-E team of three for its own enterprise (E-10), every
/// member eligible (E-12); the captain plays board 1.
pub(crate) async fn e_team(club: &Club, name: &str, prefix: &str) -> Team {
    e_team_of(club, name, prefix, 3).await
}

/// `e_team` with `n` members (E-11: 3 to 5).
pub(crate) async fn e_team_of(club: &Club, name: &str, prefix: &str, n: usize) -> Team {
    let organization = club
        .app
        .create_organization(&club.root, &format!("Завод {name}"))
        .await;
    let nicks: Vec<String> = (1..=n).map(|i| format!("{prefix}{i}")).collect();
    let captain = club.person(&nicks[0]).await;
    let page = club
        .app
        .apply_team(&captain, club.id, name, &organization.to_string())
        .await;
    assert_eq!(page.status, StatusCode::SEE_OTHER, "{}", page.text);
    let id = page.location_id("/teams/");
    let page = club
        .app
        .decide_team(&club.root, club.id, id, "approve", "")
        .await;
    assert_eq!(page.status, StatusCode::SEE_OTHER);
    let mut clients = vec![captain.clone()];
    for nick in &nicks[1..] {
        let member = club.person(nick).await;
        club.app
            .invite_and_accept(&captain, id, &member, nick)
            .await;
        clients.push(member);
    }
    for (nick, client) in nicks.iter().zip(&clients) {
        employed(club, client, nick, organization).await;
    }
    Team {
        id,
        name: name.to_owned(),
        captain,
        nicks,
    }
}

/// Sets the place table of the championship's copy of its regulation (seed
/// E names none; an organizer's copy may).
pub(crate) fn set_place_points(club: &Club, points: &[i32]) {
    club.edit_regulation(|reg| {
        reg.place_points.table = points.iter().map(|p| HalfPoints::from_points(*p)).collect();
    });
}

/// Home and away of every match of a round, by table.
pub(crate) fn tables(page: &Page, round: usize) -> HashMap<i32, (String, String)> {
    let row = scraper::Selector::parse(&format!("#round-{round} tr.match")).expect("selector");
    let cell = scraper::Selector::parse("td").expect("selector");
    page.html
        .select(&row)
        .filter_map(|tr| {
            let cells: Vec<String> = tr
                .select(&cell)
                .map(|c| c.text().collect::<String>().trim().to_owned())
                .collect();
            let table = cells.first()?.split_whitespace().next()?.parse().ok()?;
            Some((table, (cells.get(1)?.clone(), cells.get(3)?.clone())))
        })
        .collect()
}

/// Enters results of a published round's games as the judge:
/// `result(table, home, away, board)`; `None` leaves a game as it is.
pub(crate) async fn play_games(
    club: &Club,
    url: &str,
    round: usize,
    result: &dyn Fn(i32, &str, &str, i32) -> Option<&'static str>,
) {
    let page = club.app.get_with(&club.root, url).await;
    let sides = tables(&page, round);
    let rows = scraper::Selector::parse(&format!("#round-{round} tr.game")).expect("s");
    let mut fields: Vec<(String, String)> = Vec::new();
    for tr in page.html.select(&rows) {
        let Some((id, version, cell)) = crate::club::sheet_cell(&tr) else {
            continue;
        };
        // The cell's id is g{round}-{table}-{board}-{game}.
        let numbers: Vec<i32> = cell
            .trim_start_matches('g')
            .split('-')
            .filter_map(|n| n.parse().ok())
            .collect();
        let (table, board) = (numbers[1], numbers[2]);
        let (home, away) = &sides[&table];
        if let Some(r) = result(table, home, away, board) {
            fields.push((format!("v{id}"), version));
            fields.push((format!("r{id}"), r.to_owned()));
        }
    }
    assert!(!fields.is_empty(), "round {round} has games to enter");
    let page = crate::club::send_sheet(club, &page, round, &fields).await;
    assert_eq!(page.status, StatusCode::SEE_OTHER, "{}", page.text);
}

/// A judge's button; where it asks to confirm (finish), confirmed.
pub(crate) async fn post(club: &Club, who: &Client, url: &str) -> Page {
    club.app.post_with(who, url, &[("confirm", "1")]).await
}

/// The judge pairs the next round and publishes it; the public page.
pub(crate) async fn next_round(club: &Club, url: &str) -> Page {
    let page = post(club, &club.root, &format!("{url}/rounds")).await;
    assert_eq!(page.status, StatusCode::SEE_OTHER, "{}", page.text);
    publish_last(club, url).await;
    club.app.get(url).await
}

/// E-1: the semi-finals are paired A1–B2 and B1–A2 (round 4, after three
/// group rounds) and published.
pub(crate) async fn semi_finals(club: &Club, url: &str, a: &[String], b: &[String]) {
    let page = next_round(club, url).await;
    assert_eq!(
        tables(&page, 4),
        HashMap::from([
            (1, (a[0].clone(), b[1].clone())),
            (2, (b[0].clone(), a[1].clone()))
        ])
    );
}

/// Round `round` published: round 1 was paired by the draw, later ones are
/// paired now. The public page.
pub(crate) async fn open_round(club: &Club, url: &str, round: usize) -> Page {
    if round > 1 {
        return next_round(club, url).await;
    }
    publish_last(club, url).await;
    club.app.get(url).await
}

/// The championship's history entries (G-E1) on the season page.
pub(crate) async fn history(club: &Club) -> Vec<String> {
    club.app
        .get(&format!("/championships/{}/season", club.id))
        .await
        .texts("ul.history li")
}

/// A judges' POST refused with 422; the words of the refusal.
pub(crate) async fn refused(club: &Club, path: &str) -> String {
    let page = post(club, &club.root, path).await;
    assert_eq!(
        page.status,
        StatusCode::UNPROCESSABLE_ENTITY,
        "{}",
        page.text
    );
    page.select_text("#judge-problem").unwrap_or_default()
}

pub(crate) fn rounds(club: &Club, t: i64) -> usize {
    db::rounds::of_tournament(&mut club.app.db(), TournamentId(t))
        .expect("rounds")
        .len()
}

/// Seed E's cup of eight played through the pages to its finish (every
/// assertion of the scenario on the way), `with_points`: under G-V41's
/// place table, else under seed E's (none); the club, the tournament's
/// URL, the teams and the final places as the tournament page lists them.
pub(crate) async fn e_cup_played_to_the_end(
    with_points: bool,
) -> (Club, String, Vec<Team>, Vec<(String, String)>) {
    let club = Club::new("E").await;
    if with_points {
        // G-V41's table, as an organizer would put it in the championship's copy.
        set_place_points(&club, &[12, 8, 6, 4, 2, 1]);
    }
    let strength = [
        "Альфа",
        "Бета",
        "Гамма",
        "Дельта",
        "Эпсилон",
        "Дзета",
        "Эта",
        "Тета",
    ];
    let prefixes = ["al", "be", "ga", "de", "ep", "dz", "et", "th"];
    let mut teams = Vec::new();
    for (name, prefix) in strength.iter().zip(prefixes) {
        teams.push(e_team(&club, name, prefix).await);
    }
    let t = club.tournament_in(20).await;
    for team in &teams {
        let page = club
            .enter(&team.captain, t, &line(team, &team.name, 0..3))
            .await;
        assert_eq!(page.status, StatusCode::SEE_OTHER, "{}", page.text);
    }
    let url = club.tournament_url(t);
    draw(&club, &url, "5").await;
    // Group stage: three rounds; the stronger side wins every game.
    let rank = |name: &str| strength.iter().position(|s| *s == name).expect("known");
    for round in 1..=3 {
        let page = open_round(&club, &url, round).await;
        assert_eq!(page.texts(&format!("#round-{round} tr.match")).len(), 4);
        // E-2, E-3: 3 boards, two games each.
        assert_eq!(page.texts(&format!("#round-{round} tr.game")).len(), 24);
        play_round(&club, &url, round, &|home, away| {
            if rank(home) < rank(away) {
                "1-0"
            } else {
                "0-1"
            }
        })
        .await;
    }
    // E-1: two groups of four, each ranked (E-8) with 18/12/6/0 game points
    // (three matches of six games); no table across the groups.
    let page = club.app.get(&url).await;
    let group = |label: &str| {
        page.texts(&format!(
            "#group-{label} table.standings tbody td:nth-child(2)"
        ))
    };
    let (a, b) = (group("A"), group("B"));
    for (label, g) in [("A", &a), ("B", &b)] {
        assert_eq!(g.len(), 4, "{label}: {g:?}");
        let mut by_strength = g.clone();
        by_strength.sort_by_key(|n| rank(n));
        assert_eq!(g, &by_strength, "group {label} ranked by the results");
        assert_eq!(
            page.texts(&format!(
                "#group-{label} table.standings tbody td:nth-child(4)"
            )),
            ["18", "12", "6", "0"]
        );
    }
    let mut all: Vec<&String> = a.iter().chain(&b).collect();
    all.sort();
    all.dedup();
    assert_eq!(all.len(), 8, "every entry in one group");
    assert!(!page.texts("h2").contains(&"Турнирная таблица".to_owned()));

    // Semi-finals A1–B2 and B1–A2.
    semi_finals(&club, &url, &a, &b).await;
    // Semi-final 1: A1 wins every game. Semi-final 2: every game drawn, so
    // 3–3 with boards 1 and 2 level: an armageddon decides (E-9).
    play_games(&club, &url, 4, &|table, _, _, _| {
        Some(if table == 1 { "1-0" } else { "1/2" })
    })
    .await;
    let problem = refused(&club, &format!("{url}/rounds")).await;
    assert!(
        problem.contains("армагеддон") && problem.contains(&b[0]) && problem.contains(&a[1]),
        "{problem}"
    );
    assert_eq!(rounds(&club, t), 4, "nothing paired");
    // Semi-final 1 was decided by its score: no armageddon for it.
    let semi =
        db::rounds::of_tournament(&mut club.app.db(), TournamentId(t)).expect("rounds")[3].id;
    let semis = db::rounds::matches_of_rounds(&mut club.app.db(), &[semi]).expect("matches");
    let problem = refused(&club, &format!("{url}/matches/{}/armageddon", semis[0].id)).await;
    assert!(problem.contains("не нужен"), "{problem}");
    // Only judges create it, from the play-off table.
    let armageddon = format!("{url}/matches/{}/armageddon", semis[1].id);
    assert_eq!(
        post(&club, &teams[0].captain, &armageddon).await.status,
        StatusCode::FORBIDDEN
    );
    let page = club.app.get_with(&club.root, &url).await;
    assert_eq!(page.attr("#ko-2 form", "action"), Some(armageddon.clone()));
    assert!(page.attr("#ko-1 form", "action").is_none());
    let due = page.select_text("#ko-2 td.decided").unwrap_or_default();
    assert_eq!(
        post(&club, &club.root, &armageddon).await.status,
        StatusCode::SEE_OTHER
    );
    let problem = refused(&club, &armageddon).await;
    assert!(problem.contains("уже"), "{problem}");
    // One game on board 1 between the board-1 players, colours by lot: the
    // page names the colours the game carries.
    let page = club.app.get_with(&club.root, &url).await;
    assert_eq!(tables(&page, 4)[&3], (b[0].clone(), a[1].clone()));
    assert_eq!(
        page.texts("#round-4 tr.match td:first-child")[2],
        "3 · армагеддон"
    );
    let game = page.texts("#round-4 tr.game");
    let game: Vec<&String> = game.iter().filter(|g| g.starts_with("3.")).collect();
    assert_eq!(game.len(), 1, "{game:?}");
    let board1 =
        |entry: &str| teams.iter().find(|x| x.name == entry).expect("team").nicks[0].clone();
    assert!(game[0].contains(&board1(&b[0])) && game[0].contains(&board1(&a[1])));
    let home_white = game[0].contains("(б)");
    let (white, black) = if home_white {
        (b[0].clone(), a[1].clone())
    } else {
        (a[1].clone(), b[0].clone())
    };
    assert!(
        due.contains(&format!("белыми {white}, чёрными {black}")),
        "{due}"
    );
    // The armageddon is drawn: Black goes through (E-9).
    play_games(&club, &url, 4, &|table, _, _, _| {
        (table == 3).then_some("1/2")
    })
    .await;
    // The results pages read the armageddon as no match of its own.
    for page in ["crosstable", "rounds/4", "players"] {
        let status = club.app.get(&format!("{url}/{page}")).await.status;
        assert_eq!(status, StatusCode::OK, "{page}");
    }
    let page = club.app.get(&url).await;
    assert_eq!(page.select_text("#ko-1 td.through"), Some(a[0].clone()));
    assert_eq!(
        page.select_text("#ko-1 td.decided").as_deref(),
        Some("счёт матча")
    );
    assert_eq!(page.select_text("#ko-2 td.through"), Some(black.clone()));
    assert_eq!(page.select_text("#ko-2 td.score").as_deref(), Some("3-3"));
    assert!(
        page.select_text("#ko-2 td.decided")
            .unwrap_or_default()
            .contains("ничья, проходят чёрные")
    );

    // The match for 3rd place and the final, in one round.
    let page = next_round(&club, &url).await;
    assert_eq!(
        tables(&page, 5),
        HashMap::from([
            (1, (b[1].clone(), white.clone())),
            (2, (a[0].clone(), black.clone()))
        ])
    );
    // 3rd place: B2 wins every game. Final: 3–3, board 1 won by A1 (E-9).
    play_games(&club, &url, 5, &|table, _, _, board| {
        Some(match (table, board) {
            (1, _) | (2, 1) => "1-0",
            (2, 2) => "1/2",
            _ => "0-1",
        })
    })
    .await;
    let problem = refused(&club, &format!("{url}/rounds")).await;
    assert!(problem.contains("всех туров"), "{problem}");
    let page = post(&club, &club.root, &format!("{url}/finish")).await;
    assert_eq!(page.status, StatusCode::SEE_OTHER, "{}", page.text);

    let page = club.app.get(&url).await;
    assert_eq!(page.select_text("#ko-4 td.through"), Some(a[0].clone()));
    assert_eq!(page.select_text("#ko-4 td.score").as_deref(), Some("3-3"));
    assert_eq!(
        page.select_text("#ko-4 td.decided").as_deref(),
        Some("доска 1 («армагеддон»)")
    );
    assert_eq!(page.select_text("#ko-3 td.through"), Some(b[1].clone()));
    // Places 1–4 from the play-off; the groups' 3rd places share 5th–6th and
    // their 4th places 7th–8th. Points 12/8/6/4, (2 + 1) / 2 = 1½, 0.
    let places = page.texts("table.places tbody td:nth-child(1)");
    let names = page.texts("table.places tbody td:nth-child(2)");
    let points = page.texts("table.places tbody td:nth-child(3)");
    assert_eq!(places, ["1", "2", "3", "4", "5–6", "5–6", "7–8", "7–8"]);
    assert_eq!(names[..4], [a[0].clone(), black, b[1].clone(), white]);
    let mut fifth = names[4..6].to_vec();
    fifth.sort();
    let mut thirds = vec![a[2].clone(), b[2].clone()];
    thirds.sort();
    assert_eq!(fifth, thirds);
    let mut seventh = names[6..].to_vec();
    seventh.sort();
    let mut fourths = vec![a[3].clone(), b[3].clone()];
    fourths.sort();
    assert_eq!(seventh, fourths);
    if with_points {
        assert_eq!(points, ["12", "8", "6", "4", "1½", "1½", "0", "0"]);
    }
    // G-E1: the winner's history entry first.
    assert_eq!(
        history(&club).await.first(),
        Some(&format!("Турнир 1: 1-е место — {}", a[0]))
    );
    let order = places.into_iter().zip(names).collect();
    (club, url, teams, order)
}
