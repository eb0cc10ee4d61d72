//! Play-offs over the pages: seed E's groups, semi-finals, final, match for
//! 3rd place and armageddon (E-1, E-8, E-9), and the G-V42 play-off match
//! for a shared first place.

use diesel::prelude::*;
use league::db;
use league::ids::TournamentId;
use reqwest::StatusCode;

use crate::e_club::{
    e_cup_played_to_the_end, e_team, e_team_of, history, next_round, open_round, play_games, post,
    refused, rounds, semi_finals, tables,
};
use crate::helpers::Page;
use crate::play::{Club, four_entered, line, play_round, publish_last};
use crate::r_club::draw;

#[tokio::test]
async fn e_1_e_9_eight_teams_play_groups_then_a_play_off_where_a_drawn_armageddon_sends_black_on() {
    e_cup_played_to_the_end(true).await;
}

/// E-1: the groups' 3rd places share 5th–6th and their 4th places 7th–8th;
/// the tournament page's places, the standings download and the API list
/// the entries of a shared place in one order (by start number), so that
/// no two views of the same places read differently.
#[tokio::test]
async fn e_1_entries_sharing_a_place_are_listed_in_one_order_by_every_view() {
    let (club, url, _teams, final_order) = e_cup_played_to_the_end(true).await;
    let (_, json) = crate::exports::download(&club, &format!("{url}/standings.json")).await;
    let json: serde_json::Value = serde_json::from_str(&json).expect("json");
    let listed = |v: &serde_json::Value| -> Vec<(String, String)> {
        v["rows"]
            .as_array()
            .expect("rows")
            .iter()
            .map(|r| {
                let text = |k: &str| r[k].as_str().unwrap_or_default().to_owned();
                (text("rank"), text("entry"))
            })
            .collect()
    };
    assert_eq!(listed(&json), final_order, "the download's order");
    let api = club.app.get(&format!("/api/v1{url}/standings")).await;
    let api: serde_json::Value = serde_json::from_str(&api.text).expect("json");
    assert_eq!(listed(&api), final_order, "the API's order");
    assert!(
        final_order.iter().filter(|(p, _)| p.contains('–')).count() == 4,
        "two shared places: {final_order:?}"
    );
}

/// E-1: once the play-off decided the places, the crosstable ranks by
/// them, as the places table does, not by the points of every round
/// (where a semi-finalist who lost twice would stand above the winner of
/// the match for 3rd place).
#[tokio::test]
async fn e_1_the_crosstable_ranks_by_the_play_offs_places() {
    let (club, url, _teams, final_order) = e_cup_played_to_the_end(false).await;
    let page = club.app.get(&format!("{url}/crosstable")).await;
    let ranked: Vec<(String, String)> = page
        .texts("table.crosstable tbody td:nth-child(1)")
        .into_iter()
        .zip(page.texts("table.crosstable tbody th"))
        .collect();
    assert_eq!(ranked, final_order, "{}", page.text);
}

/// E-1: the play-off's final places are the championship's in every view
/// that shows places: the season table (not "1–8" with the 0 points seed
/// E's place table gives), the history's top four, the standings CSV and
/// JSON and the team page.
#[tokio::test]
async fn e_1_the_play_offs_final_places_are_the_championships_in_every_view() {
    // Seed E as it stands: no place points, every place worth 0.
    let (club, url, teams, final_order) = e_cup_played_to_the_end(false).await;
    let sorted = |mut v: Vec<(String, String)>| {
        v.sort();
        v
    };
    let season = club
        .app
        .get(&format!("/championships/{}/season", club.id))
        .await;
    let shown: Vec<(String, String)> = season
        .texts("table.season tbody td:nth-child(1)")
        .into_iter()
        .zip(season.texts("table.season tbody td:nth-child(2)"))
        .collect();
    assert_eq!(sorted(shown), sorted(final_order.clone()), "season table");
    // G-E1: the one event finished, its top four are the history's.
    let history = history(&club).await;
    for (place, name) in final_order.iter().take(4) {
        let line = format!("Итоги сезона: {place}-е место — {name}");
        assert!(history.contains(&line), "{line} in {history:?}");
    }
    let (_, json) = crate::exports::download(&club, &format!("{url}/standings.json")).await;
    let json: serde_json::Value = serde_json::from_str(&json).expect("json");
    let ranked: Vec<(String, String)> = json["rows"]
        .as_array()
        .expect("rows")
        .iter()
        .map(|r| {
            (
                r["rank"].as_str().unwrap_or_default().to_owned(),
                r["entry"].as_str().unwrap_or_default().to_owned(),
            )
        })
        .collect();
    assert_eq!(sorted(ranked.clone()), sorted(final_order.clone()), "JSON");
    assert_eq!(ranked[0], final_order[0], "JSON in order of places");
    let (_, csv) = crate::exports::download(&club, &format!("{url}/standings.csv")).await;
    let mut reader = csv::Reader::from_reader(csv.as_bytes());
    let ranked: Vec<(String, String)> = reader
        .records()
        .map(|r| {
            let r = r.expect("record");
            (r[0].to_owned(), r[2].to_owned())
        })
        .collect();
    assert_eq!(sorted(ranked), sorted(final_order.clone()), "CSV");
    let winner = teams
        .iter()
        .find(|t| t.name == final_order[0].1)
        .expect("the winner");
    let page = club.app.get(&format!("/teams/{}", winner.id)).await;
    let line = page.select_text("p.season-line").unwrap_or_default();
    assert!(line.contains("1-е место"), "{line}");
}

/// E-12 on the team page: a member is judged as the entry judges him, at
/// the start of the championship's next event. Dismissed 45 days ago, he
/// is a former employee of less than 3 months today, but not at a
/// tournament 60 days ahead: the page flags him before his entry is
/// refused.
#[tokio::test]
async fn e_12_the_team_page_judges_a_former_employee_at_the_next_events_start() {
    let club = Club::new("E").await;
    let team = e_team(&club, "Альфа", "al").await;
    let left = team.nicks[2].clone();
    let person = club.app.person_id(&left);
    let dismissed = chrono::Utc::now().date_naive() - chrono::Duration::days(45);
    {
        use league::db::schema::employments;
        diesel::update(employments::table.filter(employments::person_id.eq(person.0)))
            .set(employments::until_date.eq(Some(dismissed)))
            .execute(&mut club.app.db())
            .expect("update");
    }
    // No event ahead: judged as of today, within 3 months.
    let page = club
        .app
        .get_with(&team.captain, &format!("/teams/{}", team.id))
        .await;
    let row = |page: &Page| {
        page.texts("table tbody tr")
            .into_iter()
            .find(|r| r.contains(left.as_str()))
            .unwrap_or_default()
    };
    assert!(row(&page).contains("в порядке"), "{}", row(&page));
    let _t = club.tournament_in(60 * 24 * 60).await;
    let page = club
        .app
        .get_with(&team.captain, &format!("/teams/{}", team.id))
        .await;
    assert!(!row(&page).contains("в порядке"), "{}", row(&page));
    for other in &team.nicks[..2] {
        let fine = page
            .texts("table tbody tr")
            .into_iter()
            .find(|r| r.contains(other.as_str()))
            .unwrap_or_default();
        assert!(fine.contains("в порядке"), "{fine}");
    }
}

/// G-V42 from the tournament page, as a judge finds it after a tie for
/// first place: the tie with the button to pair the play-off beside it,
/// then the play-off's round page linked (its draft for judges only), and
/// its result where the tie was, before and after the finish.
#[tokio::test]
async fn g_v42_the_tournament_page_leads_judges_to_the_play_off_and_shows_its_result() {
    let club = Club::new("G").await;
    let (_teams, t) = four_entered(&club).await;
    let url = club.tournament_url(t);
    draw(&club, &url, "3").await;
    let top = |name: &str| name == "Ладья" || name == "Конь";
    let decide = |home: &str, away: &str| match (top(home), top(away)) {
        (true, false) => "1-0",
        (false, true) => "0-1",
        _ => "1/2",
    };
    for round in 1..=3 {
        open_round(&club, &url, round).await;
        play_round(&club, &url, round, &decide).await;
    }
    let page = club.app.get_with(&club.root, &url).await;
    let due = page.select_text("#playoff-due").unwrap_or_default();
    assert!(due.contains("Ладья") && due.contains("Конь"), "{due}");
    let playoff = page
        .attr("#playoff-due form", "action")
        .expect("the play-off's button beside the tie");
    assert_eq!(
        post(&club, &club.root, &playoff).await.status,
        StatusCode::SEE_OTHER
    );
    let round_page = format!("{url}/rounds/4");
    let page = club.app.get_with(&club.root, &url).await;
    assert_eq!(page.attr("#playoff-4 a", "href"), Some(round_page.clone()));
    assert!(
        page.attr("#playoff-due form", "action").is_none(),
        "paired once"
    );
    assert!(club.app.get(&url).await.select_text("#playoff-4").is_none());
    publish_last(&club, &url).await;
    play_games(&club, &url, 4, &|_, home, _, board| {
        Some(match (board, home) {
            (1, "Конь") => "1-0",
            (1, _) => "0-1",
            _ => "1/2",
        })
    })
    .await;
    for finished in [false, true] {
        let page = club.app.get(&url).await;
        assert!(page.select_text("#playoff-due").is_none());
        assert_eq!(page.attr("#playoff-4 a", "href"), Some(round_page.clone()));
        let line = page.select_text("#playoff-4").unwrap_or_default();
        assert!(
            line.contains("Конь 6–4 Ладья") || line.contains("Ладья 4–6 Конь"),
            "{line}"
        );
        if !finished {
            let page = post(&club, &club.root, &format!("{url}/finish")).await;
            assert_eq!(page.status, StatusCode::SEE_OTHER, "{}", page.text);
        }
    }
}

#[tokio::test]
async fn g_v42_a_shared_first_place_goes_to_a_play_off_match_whose_winner_finish_ranks_first() {
    let club = Club::new("G").await;
    let (teams, t) = four_entered(&club).await;
    let url = club.tournament_url(t);
    draw(&club, &url, "3").await;
    // Ладья and Конь beat Слон and Ферзь 10–0 and draw each other 5–5, as
    // do Слон and Ферзь: 25, 25, 5, 5 game points, head-to-head level,
    // Sonneborn-Berger 225 each.
    let top = |name: &str| name == "Ладья" || name == "Конь";
    let decide = |home: &str, away: &str| match (top(home), top(away)) {
        (true, false) => "1-0",
        (false, true) => "0-1",
        _ => "1/2",
    };
    for round in 1..=3 {
        open_round(&club, &url, round).await;
        if round == 3 {
            // No play-off before every round is complete.
            let problem = refused(&club, &format!("{url}/playoff")).await;
            assert!(problem.contains("не нужен"), "{problem}");
            assert_eq!(rounds(&club, t), 3);
        }
        play_round(&club, &url, round, &decide).await;
    }
    let problem = refused(&club, &format!("{url}/finish")).await;
    assert!(problem.contains("В.4.2"), "{problem}");
    let page = club.app.get_with(&club.root, &url).await;
    let due = page.select_text("#playoff-due").unwrap_or_default();
    assert!(
        due.contains("Ладья") && due.contains("Конь") && !due.contains("Слон"),
        "{due}"
    );
    assert_eq!(
        page.texts("table.standings tbody td:nth-child(1)"),
        ["1–2", "1–2", "3–4", "3–4"]
    );
    // Captains may not pair it; the judge does.
    let playoff = page
        .attr("section.judges form[action$='/playoff']", "action")
        .expect("the judges' play-off form");
    assert_eq!(
        post(&club, &teams[0].captain, &playoff).await.status,
        StatusCode::FORBIDDEN
    );
    assert_eq!(rounds(&club, t), 3);
    let page = post(&club, &club.root, &playoff).await;
    assert_eq!(page.status, StatusCode::SEE_OTHER, "{}", page.text);
    // Not finished while the play-off is open; not paired twice.
    let problem = refused(&club, &format!("{url}/finish")).await;
    assert!(problem.contains("Прежде чем завершить"), "{problem}");
    let problem = refused(&club, &playoff).await;
    assert!(problem.contains("Тур 4"), "{problem}");
    assert_eq!(rounds(&club, t), 4);
    publish_last(&club, &url).await;
    let page = club.app.get(&url).await;
    assert!(
        page.select_text("#round-4 h2")
            .unwrap_or_default()
            .contains("Дополнительный матч за 1-е место"),
        "{}",
        page.text
    );
    let sides = tables(&page, 4);
    assert_eq!(sides.len(), 1, "one match");
    let (home, away) = &sides[&1];
    let mut pair = [home.as_str(), away.as_str()];
    pair.sort();
    assert_eq!(pair, ["Конь", "Ладья"]);
    // 5 boards × 2 games, colours reversed in game 2.
    let games = page.texts("#round-4 tr.game");
    assert_eq!(games.len(), 10);
    assert!(
        games[0].contains("(б)") && games[1].contains("(ч)"),
        "{games:?}"
    );
    // Конь wins both games on board 1, every other game is drawn: 6–4.
    play_games(&club, &url, 4, &|_, home, _, board| {
        Some(match (board, home) {
            (1, "Конь") => "1-0",
            (1, _) => "0-1",
            _ => "1/2",
        })
    })
    .await;
    let page = post(&club, &club.root, &format!("{url}/finish")).await;
    assert_eq!(page.status, StatusCode::SEE_OTHER, "{}", page.text);
    let page = club.app.get(&url).await;
    assert_eq!(
        page.texts("table.standings tbody td:nth-child(2)")[..2],
        ["Конь", "Ладья"]
    );
    assert!(
        page.texts("table.standings tbody td.gap")[0].contains("дополнительный матч"),
        "{:?}",
        page.texts("table.standings tbody td.gap")
    );
    // G-V41: 12 and 8; 3rd–4th shared: (6 + 4) / 2 = 5 each.
    assert_eq!(
        page.texts("table.places tbody td:nth-child(1)"),
        ["1", "2", "3–4", "3–4"]
    );
    assert_eq!(
        page.texts("table.places tbody td:nth-child(2)")[..2],
        ["Конь", "Ладья"]
    );
    assert_eq!(
        page.texts("table.places tbody td:nth-child(3)"),
        ["12", "8", "5", "5"]
    );
    // G-E1: the winner's history entry.
    assert_eq!(history(&club).await, ["Турнир 1: 1-е место — Конь"]);
    // The crosstable ranks as the play-off decided, as the places do, and
    // the play-off round has its page like every round.
    let crosstable = club.app.get(&format!("{url}/crosstable")).await;
    assert_eq!(
        crosstable.texts("table.crosstable tbody td:nth-child(1)"),
        ["1", "2", "3–4", "3–4"]
    );
    assert_eq!(
        crosstable.texts("table.crosstable tbody th")[..2],
        ["Конь", "Ладья"]
    );
    let round = club.app.get(&format!("{url}/rounds/4")).await;
    assert_eq!(round.status, StatusCode::OK);
    assert!(
        round
            .select_text("h1")
            .unwrap_or_default()
            .contains("В.4.2"),
        "{}",
        round.text
    );
    let previous = club.app.get(&format!("{url}/rounds/3")).await;
    assert_eq!(
        previous.attr("a[rel=next]", "href").as_deref(),
        Some(format!("{url}/rounds/4").as_str())
    );
}

#[tokio::test]
async fn e_1_five_entries_play_groups_of_three_and_two_where_the_bye_scores_nothing() {
    let club = Club::new("E").await;
    let strength = ["Альфа", "Бета", "Гамма", "Дельта", "Эпсилон"];
    let mut teams = Vec::new();
    for (name, prefix) in strength.iter().zip(["al", "be", "ga", "de", "ep"]) {
        teams.push(e_team(&club, name, prefix).await);
    }
    let t = club.tournament_in(20).await;
    let url = club.tournament_url(t);
    for team in &teams[..3] {
        let page = club
            .enter(&team.captain, t, &line(team, &team.name, 0..3))
            .await;
        assert_eq!(page.status, StatusCode::SEE_OTHER, "{}", page.text);
    }
    // Three entries cannot fill two groups of two: refused, nothing drawn.
    let problem = refused(&club, &format!("{url}/draw")).await;
    assert!(problem.contains("3 заявок"), "{problem}");
    assert_eq!(rounds(&club, t), 0);
    assert!(club.entries(t).iter().all(|x| x.start_no.is_none()));
    for team in &teams[3..] {
        let page = club
            .enter(&team.captain, t, &line(team, &team.name, 0..3))
            .await;
        assert_eq!(page.status, StatusCode::SEE_OTHER, "{}", page.text);
    }
    draw(&club, &url, "9").await;
    let rank = |name: &str| strength.iter().position(|s| *s == name).expect("known");
    let stronger_wins = |home: &str, away: &str| {
        if rank(home) < rank(away) {
            "1-0"
        } else {
            "0-1"
        }
    };
    // Group A of three plays three rounds with a free round each; group B
    // of two plays its one match in round 1.
    let mut byes = 0;
    for round in 1..=3 {
        let page = open_round(&club, &url, round).await;
        let matches = page.texts(&format!("#round-{round} tr.match"));
        assert_eq!(matches.len(), if round == 1 { 3 } else { 2 }, "{matches:?}");
        byes += matches.iter().filter(|m| m.contains("без пары")).count();
        play_round(&club, &url, round, &stronger_wins).await;
    }
    assert_eq!(byes, 3, "one free round for each entry of group A");
    let page = club.app.get(&url).await;
    let gp = |label: &str| {
        page.texts(&format!(
            "#group-{label} table.standings tbody td:nth-child(4)"
        ))
    };
    // Two matches of six games each in group A: the free round adds nothing.
    assert_eq!(gp("A"), ["12", "6", "0"]);
    assert_eq!(gp("B"), ["6", "0"]);
    let a = page.texts("#group-A table.standings tbody td:nth-child(2)");
    let b = page.texts("#group-B table.standings tbody td:nth-child(2)");
    semi_finals(&club, &url, &a, &b).await;
    play_round(&club, &url, 4, &stronger_wins).await;
    next_round(&club, &url).await;
    play_round(&club, &url, 5, &stronger_wins).await;
    let page = post(&club, &club.root, &format!("{url}/finish")).await;
    assert_eq!(page.status, StatusCode::SEE_OTHER, "{}", page.text);
    let page = club.app.get(&url).await;
    // 1–4 from the play-off, 5th the third of group A alone; seed E's
    // place table is empty, so nobody earns tournament points.
    assert_eq!(
        page.texts("table.places tbody td:nth-child(1)"),
        ["1", "2", "3", "4", "5"]
    );
    // Every match went to the stronger entry.
    let ordered = |x: &String, y: &String| {
        if rank(x) < rank(y) {
            (x.clone(), y.clone())
        } else {
            (y.clone(), x.clone())
        }
    };
    let (w1, l1) = ordered(&a[0], &b[1]);
    let (w2, l2) = ordered(&b[0], &a[1]);
    let ((first, second), (third, fourth)) = (ordered(&w1, &w2), ordered(&l1, &l2));
    assert_eq!(
        page.texts("table.places tbody td:nth-child(2)"),
        [first, second, third, fourth, a[2].clone()]
    );
    assert_eq!(
        page.texts("table.places tbody td:nth-child(3)"),
        ["0", "0", "0", "0", "0"]
    );
}

#[tokio::test]
async fn g_v42_more_than_two_sharing_first_place_are_told_the_play_off_is_for_two() {
    let club = Club::new("G").await;
    let (_, t) = four_entered(&club).await;
    let url = club.tournament_url(t);
    draw(&club, &url, "3").await;
    for round in 1..=3 {
        open_round(&club, &url, round).await;
        play_round(&club, &url, round, &|_, _| "1/2").await;
    }
    let page = club.app.get_with(&club.root, &url).await;
    assert!(page.select_text("#playoff-due").is_some());
    let problem = refused(&club, &format!("{url}/playoff")).await;
    assert!(problem.contains("играют две команды"), "{problem}");
    for name in ["Ладья", "Конь", "Слон", "Ферзь"] {
        assert!(problem.contains(name), "{problem}");
    }
    assert_eq!(rounds(&club, t), 3, "nothing paired");
}

#[tokio::test]
async fn e_13_the_captain_accepts_the_fair_play_undertaking_with_the_entry() {
    let club = Club::new("E").await;
    let team = e_team(&club, "Альфа", "al").await;
    let t = club.tournament_in(20).await;
    let url = club.tournament_url(t);
    // The form asks for it, with the rule's words.
    let page = club.app.get_with(&team.captain, &url).await;
    assert_eq!(
        page.attr("#entry-undertaking", "type").as_deref(),
        Some("checkbox")
    );
    let label = page
        .select_text("label[for=entry-undertaking]")
        .unwrap_or_default();
    assert!(
        label.contains("без движков") && label.contains("«честная игра»"),
        "{label}"
    );
    // Without it the entry is refused in words and nothing is stored.
    let full = line(&team, "Альфа", 0..3);
    let page = club
        .app
        .post_with(&team.captain, &format!("{url}/entries"), &[("line", &full)])
        .await;
    assert_eq!(
        page.status,
        StatusCode::UNPROCESSABLE_ENTITY,
        "{}",
        page.text
    );
    let problems = page.texts("ul.problems li").join(" ");
    assert!(
        problems.contains("обязательство честной игры"),
        "{problems}"
    );
    assert!(club.entries(t).is_empty());
    // Ticked, the entry stands and records when it was accepted.
    let page = club.enter(&team.captain, t, &full).await;
    assert_eq!(page.status, StatusCode::SEE_OTHER, "{}", page.text);
    let entries = club.entries(t);
    assert_eq!(entries.len(), 1);
    assert!(entries[0].undertaken_at.is_some());
    // G asks for no such undertaking: its form has no box.
    let g = Club::new("G").await;
    let gt = g.tournament_in(20).await;
    let team = crate::play::g_team(&g, "Ладья", "la", 5).await;
    let page = g.app.get_with(&team.captain, &g.tournament_url(gt)).await;
    assert!(page.attr("#entry-undertaking", "type").is_none());
}

#[tokio::test]
async fn e_7_the_tournament_day_lists_rounds_of_40_minutes_with_2_minute_breaks() {
    let club = Club::new("E").await;
    let mut teams = Vec::new();
    for (name, prefix) in [
        ("Альфа", "al"),
        ("Бета", "be"),
        ("Гамма", "ga"),
        ("Дельта", "de"),
    ] {
        teams.push(e_team(&club, name, prefix).await);
    }
    let t = club.tournament_in(20).await;
    let url = club.tournament_url(t);
    // Before the draw the page states the rule.
    let page = club.app.get(&url).await;
    let rule = page.select_text("#timetable p").unwrap_or_default();
    assert!(rule.contains("40 мин") && rule.contains("2 мин"), "{rule}");
    assert!(page.texts("table.timetable tbody tr").is_empty());
    for team in &teams {
        let page = club
            .enter(&team.captain, t, &line(team, &team.name, 0..3))
            .await;
        assert_eq!(page.status, StatusCode::SEE_OTHER, "{}", page.text);
    }
    draw(&club, &url, "9").await;
    // Two groups of two play one round, then the semi-finals and the
    // final: three rounds of 40 minutes, 2 minutes apart, from the start.
    let page = club.app.get(&url).await;
    let begins = page.texts("table.timetable tbody td:nth-child(2)");
    let ends = page.texts("table.timetable tbody td:nth-child(3)");
    assert_eq!(begins.len(), 3, "{begins:?}");
    let tournament = db::tournaments::by_id(&mut club.app.db(), TournamentId(t))
        .expect("q")
        .expect("there");
    let local = |minutes: i64| {
        (tournament.starts_at + chrono::Duration::minutes(minutes))
            .and_utc()
            .with_timezone(&chrono_tz::Europe::Moscow)
            .format("%H:%M")
            .to_string()
    };
    assert_eq!(begins, [local(0), local(42), local(84)]);
    assert_eq!(ends, [local(40), local(82), local(124)]);
}

#[tokio::test]
async fn e_9_no_substitution_on_board_1_once_the_armageddon_is_assigned() {
    let club = Club::new("E").await;
    // Four teams of four: three boards and a substitute each (E-11).
    let mut teams = Vec::new();
    for (name, prefix) in [
        ("Альфа", "al"),
        ("Бета", "be"),
        ("Гамма", "ga"),
        ("Дельта", "de"),
    ] {
        teams.push(e_team_of(&club, name, prefix, 4).await);
    }
    let t = club.tournament_in(20).await;
    for team in &teams {
        let page = club
            .enter(&team.captain, t, &line(team, &team.name, 0..4))
            .await;
        assert_eq!(page.status, StatusCode::SEE_OTHER, "{}", page.text);
    }
    let url = club.tournament_url(t);
    draw(&club, &url, "5").await;
    // Two groups of two: one group round, then the semi-finals.
    open_round(&club, &url, 1).await;
    play_round(&club, &url, 1, &|_, _| "1-0").await;
    next_round(&club, &url).await;
    // Every semi-final game drawn: level on every board, an armageddon each.
    play_games(&club, &url, 2, &|_, _, _, _| Some("1/2")).await;
    let semi =
        db::rounds::of_tournament(&mut club.app.db(), TournamentId(t)).expect("rounds")[1].id;
    let semis = db::rounds::matches_of_rounds(&mut club.app.db(), &[semi]).expect("matches");
    let page = post(
        &club,
        &club.root,
        &format!("{url}/matches/{}/armageddon", semis[0].id),
    )
    .await;
    assert_eq!(page.status, StatusCode::SEE_OTHER, "{}", page.text);
    let all = db::rounds::matches_of_rounds(&mut club.app.db(), &[semi]).expect("matches");
    let armageddon = all
        .iter()
        .find(|m| m.stage == "armageddon")
        .expect("the armageddon")
        .clone();
    let home = club
        .entries(t)
        .into_iter()
        .find(|x| x.id == armageddon.home_entry_id)
        .expect("home entry");
    let team = teams.iter().find(|x| x.name == home.name).expect("team");
    // The captain replaces board 1's player by the substitute: refused.
    let text = format!("{} 1, {} => {}", team.name, team.nicks[0], team.nicks[3]);
    let page = club
        .app
        .post_with(
            &team.captain,
            &format!("{url}/matches/{}/substitution", armageddon.id),
            &[("announcement", &text), ("reason", "captain")],
        )
        .await;
    assert_eq!(
        page.status,
        StatusCode::UNPROCESSABLE_ENTITY,
        "{}",
        page.text
    );
    let problems = page.texts("#match-problems li");
    assert!(
        problems.iter().any(|p| p.contains("армагеддон")),
        "{problems:?}"
    );
    // Board 1's player still plays the armageddon.
    let games = db::rounds::games_of_matches(&mut club.app.db(), &[armageddon.id]).expect("games");
    let player = if armageddon.home_entry_id == home.id {
        games[0].home_player_id
    } else {
        games[0].away_player_id
    };
    assert_eq!(player, Some(club.app.person_id(&team.nicks[0])));
    assert!(
        db::lineups::substitutions_of_matches(&mut club.app.db(), &[armageddon.id])
            .expect("substitutions")
            .is_empty()
    );
}

#[tokio::test]
async fn e_12_a_player_asked_about_twice_is_judged_the_same_both_times() {
    // A player on two boards' games is asked about twice in one question;
    // his E-12 documents count both times.
    let club = Club::new("E").await;
    let team = e_team(&club, "Альфа", "al").await;
    let t = club.tournament_in(20).await;
    let mut conn = club.app.db();
    let ctx = league::app::TournamentContext::load(&mut conn, TournamentId(t))
        .expect("load")
        .expect("tournament");
    let al1 = club.app.person_id("al1");
    let unfit = league::app::eligibility::unfit_to_play(
        &mut conn,
        &ctx,
        league::ids::TeamId(team.id),
        &[al1, al1],
        db::utc_now(),
    )
    .expect("fitness");
    assert_eq!(unfit, Vec::new(), "al1 is fit, asked once or twice");
}
