//! The public pages of a played championship, read
//! by a visitor who is not signed in: the season chart of cumulative
//! points, team pages (captains over time, transfers, results), player
//! pages (games by board, score, teams over time), the history / hall of
//! fame (G-E1), appeal decisions and bans — and nothing private on them.
//!
//! The season (seed G, four tournaments, four teams):
//! * Tournament 1 is played over the pages: a round robin where the
//!   stronger team (Ладья > Конь > Слон > Ферзь) wins every game, except
//!   board 1 of Ладья–Конь, drawn in both games. Places 1–4 earn 12, 8,
//!   6, 4 (G-V41).
//! * Tournaments 2–4 are its TRF export imported back (the same results).
//! * Конь is fined G-G5 (−½) for tournament 2.
//!
//! By hand, season points after each tournament: Ладья 12, 24, 36, 48;
//! Конь 8, 15½, 23½, 31½; Слон 6, 12, 18, 24; Ферзь 4, 8, 12, 16. The
//! chart's axis runs 0…50 (step 10), 240 px high: 4.8 px a point, from
//! y = 256; four tournaments at x = 56, 192, 328, 464.

use reqwest::StatusCode;

use crate::helpers::{PASSWORD, Page, new_client};
use crate::play::{Club, Team, g_team, line, play_round_by_board, publish_last};

const ORDER: [&str; 4] = ["Ладья", "Конь", "Слон", "Ферзь"];

fn decide(home: &str, away: &str, board: usize) -> &'static str {
    let rank = |n: &str| ORDER.iter().position(|x| *x == n).expect("known");
    if board == 1 && matches!((home, away), ("Ладья", "Конь") | ("Конь", "Ладья"))
    {
        "1/2"
    } else if rank(home) < rank(away) {
        "1-0"
    } else {
        "0-1"
    }
}

struct Season {
    club: Club,
    teams: Vec<Team>,
    /// The four tournaments, in order.
    tournaments: Vec<i64>,
}

impl Season {
    fn team(&self, name: &str) -> &Team {
        self.teams.iter().find(|t| t.name == name).expect(name)
    }
}

/// Cells of every row matching `rows`: header and data cells, trimmed.
fn cells(page: &Page, rows: &str) -> Vec<Vec<String>> {
    let row = scraper::Selector::parse(rows).expect("selector");
    let cell = scraper::Selector::parse("th, td").expect("selector");
    page.html
        .select(&row)
        .map(|tr| {
            tr.select(&cell)
                .map(|c| {
                    c.text()
                        .collect::<String>()
                        .split_whitespace()
                        .collect::<Vec<_>>()
                        .join(" ")
                })
                .collect()
        })
        .collect()
}

/// The games table of a person's page by tournament: the group's heading
/// and the cells of its games.
fn game_groups(page: &Page) -> Vec<(String, Vec<Vec<String>>)> {
    let body = scraper::Selector::parse("table.games tbody").expect("selector");
    let heading = scraper::Selector::parse("tr.group th").expect("selector");
    let game = scraper::Selector::parse("tr.game").expect("selector");
    let cell = scraper::Selector::parse("td").expect("selector");
    let text = |e: scraper::ElementRef| {
        e.text()
            .collect::<String>()
            .split_whitespace()
            .collect::<Vec<_>>()
            .join(" ")
    };
    page.html
        .select(&body)
        .map(|b| {
            (
                b.select(&heading).next().map(text).unwrap_or_default(),
                b.select(&game)
                    .map(|tr| tr.select(&cell).map(text).collect())
                    .collect(),
            )
        })
        .collect()
}

async fn played_season() -> Season {
    let club = Club::new("G").await;
    let mut teams = Vec::new();
    for (name, prefix) in [
        ("Ладья", "la"),
        ("Конь", "ko"),
        ("Слон", "sl"),
        ("Ферзь", "fe"),
    ] {
        teams.push(g_team(&club, name, prefix, 5).await);
    }
    let t1 = club.tournament_in(20).await;
    for team in &teams {
        let page = club
            .enter(&team.captain, t1, &line(team, &team.name, 0..5))
            .await;
        assert_eq!(page.status, StatusCode::SEE_OTHER, "{}", page.text);
    }
    let url = club.tournament_url(t1);
    let page = club
        .app
        .post_with(&club.root, &format!("{url}/draw"), &[("seed", "5")])
        .await;
    club.started(&url);
    assert_eq!(page.status, StatusCode::SEE_OTHER, "{}", page.text);
    for round in 1..=3 {
        if round > 1 {
            let page = club
                .app
                .post_with(&club.root, &format!("{url}/rounds"), &[])
                .await;
            assert_eq!(page.status, StatusCode::SEE_OTHER, "{}", page.text);
        }
        publish_last(&club, &url).await;
        play_round_by_board(&club, &url, round, &decide).await;
    }
    let page = club
        .app
        .post_with(&club.root, &format!("{url}/finish"), &[("confirm", "1")])
        .await;
    assert_eq!(page.status, StatusCode::SEE_OTHER, "{}", page.text);
    // Tournaments 2–4: the same results, through the TRF import.
    let trf = club.app.get(&format!("{url}/export.trf")).await.text;
    let mut tournaments = vec![t1];
    for _ in 0..3 {
        let page =
            crate::trf_import::import(&club.app, &club.root, club.id, trf.as_bytes(), &[]).await;
        assert_eq!(page.status, StatusCode::SEE_OTHER, "{}", page.text);
        tournaments.push(page.location_id(&format!("/championships/{}/tournaments/", club.id)));
    }
    // Конь fined for tournament 2 (G-G5, −½).
    let kon = teams[1].id.to_string();
    let t2 = tournaments[1].to_string();
    let page = club
        .app
        .post_with(
            &club.root,
            &format!("/championships/{}/penalties", club.id),
            &[
                ("code", "G-G5"),
                ("team", kon.as_str()),
                ("tournament", t2.as_str()),
                ("reason", "moved a player from board 3 to board 1"),
            ],
        )
        .await;
    assert_eq!(page.status, StatusCode::SEE_OTHER, "{}", page.text);
    Season {
        club,
        teams,
        tournaments,
    }
}

#[tokio::test]
async fn g_e1_the_hall_of_fame_lists_every_tournament_winner_and_the_season_top_four() {
    let s = played_season().await;
    let c = s.club.id;
    let visitor = new_client();
    let page = s
        .club
        .app
        .get_with(&visitor, &format!("/championships/{c}/history"))
        .await;
    assert_eq!(page.status, StatusCode::OK);
    let winners = cells(&page, "table.winners tbody tr");
    assert_eq!(winners.len(), 4, "{winners:?}");
    for (i, row) in winners.iter().enumerate() {
        assert_eq!(row[0], format!("Турнир {}", i + 1));
        assert_eq!(row[2], "Ладья");
    }
    // G-E1: the season's top four with their season points (Конь after
    // its −½).
    assert_eq!(
        cells(&page, "table.top-four tbody tr"),
        [
            ["1", "Ладья", "48"],
            ["2", "Конь", "31½"],
            ["3", "Слон", "24"],
            ["4", "Ферзь", "16"],
        ]
    );
    let ladya = format!("/teams/{}", s.team("Ладья").id);
    assert_eq!(
        page.attr("table.top-four tbody a", "href").as_deref(),
        Some(ladya.as_str())
    );
    // The championship's page leads there, and to the decisions and bans.
    let home = s
        .club
        .app
        .get_with(&visitor, &format!("/championships/{c}"))
        .await;
    let links = home.attrs("nav.subnav a", "href");
    for want in [
        format!("/championships/{c}/history"),
        format!("/championships/{c}/appeals"),
        "/bans".to_owned(),
    ] {
        assert!(links.contains(&want), "{want} in {links:?}");
    }
    // The platform's hall of fame: the championship with its top four and
    // Ладья's four tournament wins.
    let hall = s.club.app.get_with(&visitor, "/hall-of-fame").await;
    assert_eq!(hall.status, StatusCode::OK);
    assert_eq!(
        hall.texts("table.hall ol.top-four li"),
        ["Ладья", "Конь", "Слон", "Ферзь"]
    );
    assert_eq!(hall.texts("table.hall td.wins"), ["Ладья ×4"]);
}

#[tokio::test]
async fn g_a3_the_season_chart_draws_each_entrys_points_after_every_tournament() {
    let s = played_season().await;
    let page = s
        .club
        .app
        .get_with(
            &new_client(),
            &format!("/championships/{}/season", s.club.id),
        )
        .await;
    assert_eq!(page.status, StatusCode::OK);
    // The lines, in the table's order, at the points computed by hand
    // (see the top of this file).
    assert_eq!(
        page.attrs("#season-chart svg g.series polyline", "points"),
        [
            "56,198.4 192,140.8 328,83.2 464,25.6",
            "56,217.6 192,181.6 328,143.2 464,104.8",
            "56,227.2 192,198.4 328,169.6 464,140.8",
            "56,236.8 192,217.6 328,198.4 464,179.2",
        ]
    );
    assert_eq!(
        page.texts("#season-chart svg g.y-axis text"),
        ["0", "10", "20", "30", "40", "50"]
    );
    assert_eq!(
        page.texts("#season-chart svg g.x-axis text"),
        ["1", "2", "3", "4"]
    );
    assert_eq!(
        page.texts("#season-chart ul.legend li"),
        ["Ладья", "Конь", "Слон", "Ферзь"]
    );
    // Accessible: the SVG names its title and description, and says the
    // numbers, which the table repeats.
    assert_eq!(
        page.attr("#season-chart svg", "aria-labelledby").as_deref(),
        Some("season-chart-title season-chart-desc")
    );
    let desc = page
        .select_text("#season-chart svg desc")
        .expect("a description");
    assert!(desc.contains("Конь: 8, 15½, 23½, 31½"), "{desc}");
    assert_eq!(
        cells(&page, "table.cumulative tbody tr"),
        [
            ["Ладья", "12", "24", "36", "48"],
            ["Конь", "8", "15½", "23½", "31½"],
            ["Слон", "6", "12", "18", "24"],
            ["Ферзь", "4", "8", "12", "16"],
        ]
    );
    // A marker's tooltip names the entry, the tournament and the points.
    assert!(
        page.texts("#season-chart circle title")
            .contains(&"Конь, Турнир 2: 15½".to_owned())
    );
    // The chart's last points are the totals of the season table.
    assert_eq!(
        page.texts("table.season tbody td.total"),
        ["48", "31½", "24", "16"]
    );
}

#[tokio::test]
async fn a_team_page_shows_its_captains_transfers_and_results_with_penalties() {
    let s = played_season().await;
    let (ladya, kon) = (s.team("Ладья"), s.team("Конь"));
    // After the season: ko5 moves from Конь to Ладья (G-B33), and la1
    // hands Ладья's captaincy to la2 (G-B34).
    let ko5 = new_client();
    s.club.app.log_in_with(&ko5, "ko5", PASSWORD).await;
    s.club
        .app
        .invite_and_accept(&ladya.captain, ladya.id, &ko5, "ko5")
        .await;
    let page = s
        .club
        .app
        .post_with(
            &ladya.captain,
            &format!("/teams/{}/captain", ladya.id),
            &[("nick", "la2")],
        )
        .await;
    assert_eq!(page.status, StatusCode::SEE_OTHER, "{}", page.text);

    let visitor = new_client();
    let page = s
        .club
        .app
        .get_with(&visitor, &format!("/teams/{}", kon.id))
        .await;
    assert_eq!(page.status, StatusCode::OK);
    let results = cells(&page, "table.results tbody tr");
    assert_eq!(
        results,
        [
            ["Турнир 1", "Конь", "2", "8", ""],
            ["Турнир 2", "Конь", "2", "8", "−½ Г.5"],
            ["Турнир 3", "Конь", "2", "8", ""],
            ["Турнир 4", "Конь", "2", "8", ""],
        ]
    );
    assert_eq!(
        page.select_text("p.season-line").as_deref(),
        Some("В сезоне: Конь — 2-е место, 31½ (Итоги сезона)")
    );
    assert_eq!(
        page.texts("ul.team-penalties li"),
        [
            "Г.5 — перестановка игроков по доскам вопреки правилам −½ (Турнир 2) — moved a player from board 3 to board 1"
        ]
    );
    let transfer = cells(&page, "table.transfers tbody tr");
    assert_eq!(transfer.len(), 1);
    assert_eq!(transfer[0][1..], ["ko5", "Конь", "Ладья"]);
    assert_eq!(
        page.attrs("table.transfers tbody a", "href")[2],
        format!("/teams/{}", ladya.id)
    );
    // The same transfer on Ладья's page, with its captains over time.
    let page = s
        .club
        .app
        .get_with(&visitor, &format!("/teams/{}", ladya.id))
        .await;
    assert_eq!(
        cells(&page, "table.transfers tbody tr")[0][1..],
        ["ko5", "Конь", "Ладья"]
    );
    let captains = cells(&page, "table.captains tbody tr");
    assert_eq!(captains.len(), 2, "{captains:?}");
    assert_eq!(captains[0][0], "la1");
    assert_eq!(captains[1][0], "la2");
    assert_eq!(captains[0][2], captains[1][1], "la1 until la2 took over");
    assert_eq!(captains[1][2], "", "la2 still captains");
    assert_eq!(
        cells(&page, "table.results tbody tr")
            .iter()
            .map(|r| (r[2].as_str(), r[3].as_str()))
            .collect::<Vec<_>>(),
        [("1", "12"); 4]
    );
}

#[tokio::test]
async fn a_player_page_shows_games_by_board_the_score_and_teams_over_time() {
    let s = played_season().await;
    let visitor = new_client();
    let page = s.club.app.get_with(&visitor, "/people/ko1").await;
    assert_eq!(page.status, StatusCode::OK);
    // ko1 on board 1 of Конь, four times: both games against la1 drawn,
    // both against sl1 and fe1 won: 5 of 6 a tournament, 20 of 24.
    assert_eq!(
        page.select_text("p.score").as_deref(),
        Some("Результат: 20 из 24 (83%)")
    );
    assert_eq!(
        cells(&page, "table.board-scores tbody tr"),
        [["1", "24", "20", "83%"]]
    );
    let groups = game_groups(&page);
    let headings: Vec<&str> = groups.iter().map(|(h, _)| h.as_str()).collect();
    let championship = page
        .select_text("table.games tr.group a")
        .expect("the championship");
    assert_eq!(
        headings,
        (1..=4)
            .map(|n| format!("{championship} · Турнир {n}"))
            .collect::<Vec<_>>()
    );
    assert!(groups.iter().all(|(_, rows)| rows.len() == 6));
    // Tournament 1's six games (rounds 1–3, two games each), by opponent:
    // columns are round, board, opponent, colour, result, game, entry.
    let mut first: Vec<(String, String, String, String)> = groups[0]
        .1
        .iter()
        .map(|g| {
            assert_eq!((g[1].as_str(), g[6].as_str()), ("1", "Конь"));
            (g[2].clone(), g[5].clone(), g[4].clone(), g[3].clone())
        })
        .collect();
    first.sort();
    let colours: Vec<&str> = first.iter().map(|g| g.3.as_str()).collect();
    let first: Vec<(&str, &str, &str)> = first
        .iter()
        .map(|g| (g.0.as_str(), g.1.as_str(), g.2.as_str()))
        .collect();
    assert_eq!(
        first,
        [
            ("fe1 (Ферзь)", "1", "1"),
            ("fe1 (Ферзь)", "2", "1"),
            ("la1 (Ладья)", "1", "½"),
            ("la1 (Ладья)", "2", "½"),
            ("sl1 (Слон)", "1", "1"),
            ("sl1 (Слон)", "2", "1"),
        ]
    );
    // Colours are reversed in the second game of each pairing.
    for pair in colours.chunks(2) {
        let mut pair = pair.to_vec();
        pair.sort_unstable();
        assert_eq!(pair, ["белые", "чёрные"]);
    }
    let mut rounds: Vec<&str> = groups[0].1.iter().map(|g| g[0].as_str()).collect();
    rounds.sort_unstable();
    assert_eq!(rounds, ["1", "1", "2", "2", "3", "3"]);
    // The opponent links to their page.
    assert!(
        page.attrs("table.games td.opponent a", "href")
            .contains(&"/people/la1".to_owned())
    );

    // Teams over time: ko5 joined Конь, then moved to Ладья.
    let ladya = s.team("Ладья");
    let ko5 = new_client();
    s.club.app.log_in_with(&ko5, "ko5", PASSWORD).await;
    s.club
        .app
        .invite_and_accept(&ladya.captain, ladya.id, &ko5, "ko5")
        .await;
    let page = s.club.app.get_with(&visitor, "/people/ko5").await;
    let teams = cells(&page, "table.memberships tbody tr");
    assert_eq!(teams.len(), 2, "{teams:?}");
    assert_eq!(teams[0][0], "Конь");
    assert_eq!(
        teams[0][4],
        "принят по приглашению → перешёл в другую команду"
    );
    assert!(!teams[0][3].is_empty(), "the first membership ended");
    assert_eq!(teams[1][0], "Ладья");
    assert_eq!(teams[1][3], "", "the second goes on");
    assert_eq!(teams[1][4], "перешёл из другой команды");
    // ko5 played board 5 for Конь: 6 games a tournament, all won but
    // those against Ладья: 4 of 6, 16 of 24.
    assert_eq!(
        page.select_text("p.score").as_deref(),
        Some("Результат: 16 из 24 (67%)")
    );
}

#[tokio::test]
async fn every_public_page_of_a_played_championship_opens_without_login_and_keeps_private_things_private()
 {
    let s = played_season().await;
    let app = &s.club.app;
    let c = s.club.id;
    // Something private to keep: la1's medical certificate, refused with
    // a note by the organizer; and an e-mail and a full name per account.
    let la1 = new_client();
    app.log_in_with(&la1, "la1", PASSWORD).await;
    // G asks no documents, so the harness stores it.
    let doc = crate::documents::seed_document(
        app,
        "la1",
        league::rules::regulation::DocumentKind::MedicalCertificate,
        "la1-private-scan.pdf",
    );
    let page = crate::documents::review(
        app,
        &s.club.root,
        c,
        doc,
        &[("decision", "reject"), ("note", "blurred-scan-secret-note")],
    )
    .await;
    assert_eq!(page.status, StatusCode::SEE_OTHER, "{}", page.text);
    // A public ban (G-A7).
    let today = chrono::Utc::now().date_naive().to_string();
    let page = app
        .post_with(
            &s.club.root,
            "/people/fe5/bans",
            &[("from", &today), ("until", ""), ("reason", "engine use")],
        )
        .await;
    assert_eq!(page.status, StatusCode::SEE_OTHER, "{}", page.text);

    // A decided appeal (G-D4): Слон's captain files against tournament 1;
    // Ладья's captain, on the committee, votes to reject (G-Zh1: a case is
    // decided by the votes cast), and the judge's decision rejects it.
    let t1 = s.tournaments[0];
    let page = app
        .post_with(
            &s.team("Слон").captain,
            &format!("/championships/{c}/tournaments/{t1}/appeal"),
            &[
                ("what_happened", "board 2: the clock was started late"),
                ("claim", "replay the game"),
                ("contested", "the judge's result"),
                ("game_ref", "round 1, board 2"),
                ("concerned_team", ""),
            ],
        )
        .await;
    assert_eq!(page.status, StatusCode::SEE_OTHER, "{}", page.text);
    let case = page.location().expect("the case").to_owned();
    let page = app
        .post_with(
            &s.team("Ладья").captain,
            &format!("{case}/vote"),
            &[("vote", "reject")],
        )
        .await;
    assert_eq!(page.status, StatusCode::SEE_OTHER, "{}", page.text);
    let page = app
        .post_with(&s.club.root, &format!("{case}/decide"), &[("confirm", "1")])
        .await;
    assert_eq!(page.status, StatusCode::SEE_OTHER, "{}", page.text);

    let mut paths = vec![
        case.clone(),
        "/".to_owned(),
        "/championships".to_owned(),
        "/hall-of-fame".to_owned(),
        "/bans".to_owned(),
        "/series".to_owned(),
        format!("/championships/{c}"),
        format!("/championships/{c}/season"),
        format!("/championships/{c}/history"),
        format!("/championships/{c}/penalties"),
        format!("/championships/{c}/appeals"),
        format!("/championships/{c}/regulation"),
        format!("/championships/{c}/calendar.ics"),
        format!("/championships/{c}/feed.atom"),
    ];
    for t in &s.tournaments {
        let url = s.club.tournament_url(*t);
        paths.push(url.clone());
        paths.push(format!("{url}/crosstable"));
        paths.push(format!("{url}/players"));
        for r in 1..=3 {
            paths.push(format!("{url}/rounds/{r}"));
        }
    }
    for team in &s.teams {
        paths.push(format!("/teams/{}", team.id));
        for nick in &team.nicks {
            paths.push(format!("/people/{nick}"));
        }
    }
    let visitor = new_client();
    for path in &paths {
        let page = app.get_with(&visitor, path).await;
        assert_eq!(page.status, StatusCode::OK, "{path}");
        for private in [
            "@club.example",
            "Test Player",
            "la1-private-scan",
            "blurred-scan-secret-note",
        ] {
            assert!(!page.text.contains(private), "{private} on {path}");
        }
    }
    // The decision is published on the championship's appeals page.
    let appeals = app
        .get_with(&visitor, &format!("/championships/{c}/appeals"))
        .await;
    assert_eq!(appeals.texts("ul.cases li .outcome"), ["не удовлетворена"]);
    // The ban is public, with its reason; the document's owner still sees
    // the note (it is private, not lost).
    let bans = app.get_with(&visitor, "/bans").await;
    assert_eq!(bans.texts("tbody tr td:first-child"), ["fe5"]);
    assert!(bans.text.contains("engine use"));
    let own = app.get_with(&la1, "/people/la1").await;
    assert!(own.text.contains("la1-private-scan.pdf"));
    assert!(own.text.contains("blurred-scan-secret-note"));
    // The season chart and the team's record are on the visitor's pages.
    let season = app
        .get_with(&visitor, &format!("/championships/{c}/season"))
        .await;
    assert_eq!(season.attrs("#season-chart polyline", "points").len(), 4);
}

#[tokio::test]
async fn the_hall_of_fame_shows_the_newest_championships_a_page_at_a_time() {
    let club = crate::club::Club::new("G").await;
    let app = &club.app;
    let captain = club.person("cap").await;
    let team = app
        .apply_team(&captain, club.id, "Ладья", "")
        .await
        .location_id("/teams/");
    // 26 championships with a winner each (the rows written as a finish
    // writes them), one without a history.
    let mut ids = Vec::new();
    for _ in 0..26 {
        let c = app.create_championship(&club.root, "G").await;
        league::db::write_transaction(&mut app.db(), |tx| {
            league::db::results::insert_history(
                tx,
                &league::db::results::NewHistory {
                    championship: league::ids::ChampionshipId(c),
                    tournament: None,
                    team: league::ids::TeamId(team),
                    entry_name: "Ладья",
                    kind: "tournament",
                    place: 1,
                    at: chrono::Utc::now().naive_utc(),
                },
            )
        })
        .expect("history");
        ids.push(c);
    }
    app.create_championship(&club.root, "G").await;
    let visitor = new_client();
    let first = app.get_with(&visitor, "/hall-of-fame").await;
    let links = |page: &crate::helpers::Page| -> Vec<String> {
        page.attrs("table.hall tbody tr td:first-child a:first-child", "href")
    };
    let newest: Vec<String> = ids
        .iter()
        .rev()
        .map(|c| format!("/championships/{c}"))
        .collect();
    assert_eq!(links(&first), newest[..25]);
    assert_eq!(
        first.select_text("nav.pager span").as_deref(),
        Some("Страница 1 из 2")
    );
    let next = first.attr("nav.pager a[rel=next]", "href").expect("next");
    assert_eq!(next, "/hall-of-fame?page=2");
    let second = app.get_with(&visitor, &next).await;
    assert_eq!(links(&second), newest[25..]);
    assert_eq!(
        second.attr("nav.pager a[rel=prev]", "href").as_deref(),
        Some("/hall-of-fame?page=1")
    );
    assert!(second.attr("nav.pager a[rel=next]", "href").is_none());
    // Past the last page: the last page.
    let beyond = app.get_with(&visitor, "/hall-of-fame?page=9").await;
    assert_eq!(links(&beyond), newest[25..]);
    let english = app.get_with(&visitor, "/hall-of-fame?lang=en").await;
    assert_eq!(
        english.select_text("nav.pager span").as_deref(),
        Some("Page 1 of 2")
    );
}
