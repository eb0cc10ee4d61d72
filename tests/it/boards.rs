//! Play at the boards through the pages: the
//! captain's line-up per round (G-V22), substitutions (G-V31, G-V32),
//! results reported by captains, a team withdrawn (G-G2), an interrupted
//! round replayed (G-V23).

use league::ids::EntryId;
use reqwest::StatusCode;

use crate::e_club::e_team;
use crate::play::{Club, Team, g_team, line, publish_last};

/// Ладья (7 members: 5 boards and 2 substitutes), Конь, Слон and Ферзь
/// (5 each) entered in a tournament starting in 20 minutes, drawn with
/// seed 7 (round 1 is a draft). Returns the teams and the tournament.
pub(crate) async fn drawn_with_substitutes(club: &Club) -> (Vec<Team>, i64) {
    let mut teams = vec![g_team(club, "Ладья", "la", 7).await];
    for (name, prefix) in [("Конь", "ko"), ("Слон", "sl"), ("Ферзь", "fe")] {
        teams.push(g_team(club, name, prefix, 5).await);
    }
    let t = club.tournament_in(20).await;
    let lines = [
        line(&teams[0], "Ладья", 0..7),
        line(&teams[1], "Конь", 0..5),
        line(&teams[2], "Слон", 0..5),
        line(&teams[3], "Ферзь", 0..5),
    ];
    for (team, l) in teams.iter().zip(&lines) {
        let page = club.enter(&team.captain, t, l).await;
        assert_eq!(page.status, StatusCode::SEE_OTHER, "{}", page.text);
    }
    let url = club.tournament_url(t);
    let page = club
        .app
        .post_with(&club.root, &format!("{url}/draw"), &[("seed", "7")])
        .await;
    club.started(&url);
    assert_eq!(page.status, StatusCode::SEE_OTHER, "{}", page.text);
    (teams, t)
}

/// Posts a captain's line-up for `round`: one nick per board, "" for a
/// board left empty.
async fn post_lineup(
    club: &Club,
    captain: &reqwest::Client,
    url: &str,
    round: &str,
    boards: &[&str],
) -> crate::helpers::Page {
    let ids: Vec<String> = boards
        .iter()
        .map(|n| {
            if n.is_empty() {
                String::new()
            } else {
                club.app.person_id(n).to_string()
            }
        })
        .collect();
    let names: Vec<String> = (1..=ids.len()).map(|i| format!("board{i}")).collect();
    let mut fields = vec![("round", round)];
    fields.extend(
        names
            .iter()
            .map(String::as_str)
            .zip(ids.iter().map(String::as_str)),
    );
    club.app.post_with(captain, url, &fields).await
}

fn entry_id(club: &Club, t: i64, name: &str) -> EntryId {
    club.entries(t)
        .iter()
        .find(|x| x.name == name)
        .expect("entry")
        .id
}

/// The players of one side of a match page, by board and game, as shown.
fn match_side(page: &crate::helpers::Page, home: bool) -> Vec<String> {
    let col = if home { 2 } else { 4 };
    page.texts(&format!("table.pairings tr.game td:nth-child({col})"))
        .into_iter()
        .map(|s| s.split(" (").next().unwrap_or("").to_owned())
        .collect()
}

/// The match page of the match where `entry` plays in round `round`.
pub(crate) async fn match_url(club: &Club, t: i64, round: usize, entry: &str) -> String {
    let page = club.app.get_with(&club.root, &club.tournament_url(t)).await;
    let rows = scraper::Selector::parse(&format!("#round-{round} tr.match")).expect("selector");
    let link = scraper::Selector::parse("a").expect("selector");
    page.html
        .select(&rows)
        .find(|tr| tr.text().any(|s| s.contains(entry)))
        .and_then(|tr| tr.select(&link).next())
        .and_then(|a| a.value().attr("href"))
        .expect("a match link")
        .to_owned()
}

/// Whether `entry` plays at home in the match shown.
fn is_home(page: &crate::helpers::Page, entry: &str) -> bool {
    page.select_text("h1")
        .unwrap_or_default()
        .starts_with(entry)
}

/// Posts results on every game of a match page as a judge (via the
/// tournament page's forms of that table).
async fn judge_results(club: &Club, t: i64, round: usize, entry: &str, result: &str, limit: usize) {
    let page = club.app.get_with(&club.root, &club.tournament_url(t)).await;
    let rows = scraper::Selector::parse(&format!("#round-{round} table.pairings tbody tr"))
        .expect("selector");
    let cell = scraper::Selector::parse("input.sheet-cell").expect("selector");
    let hidden = scraper::Selector::parse("input[type=hidden]").expect("selector");
    let mut inside = false;
    let mut fields: Vec<(String, String)> = Vec::new();
    for tr in page.html.select(&rows) {
        if tr.value().classes().any(|c| c == "match") {
            inside = tr.text().any(|s| s.contains(entry));
            continue;
        }
        if !inside || fields.len() / 2 >= limit {
            continue;
        }
        if let (Some(c), Some(v)) = (tr.select(&cell).next(), tr.select(&hidden).next()) {
            let attr = |e: scraper::ElementRef<'_>, a: &str| {
                e.value().attr(a).expect("attribute").to_owned()
            };
            fields.push((attr(v, "name"), attr(v, "value")));
            // A board with an empty side offers its forfeit, the only
            // result it can take: the judge leaves it.
            let offered = c.value().attr("value").unwrap_or_default();
            let forfeit = matches!(offered, "+" | "-" | "--");
            let typed = if forfeit { offered } else { result };
            fields.push((attr(c, "name"), typed.to_owned()));
        }
    }
    let page = crate::club::send_sheet(club, &page, round, &fields).await;
    assert_eq!(page.status, StatusCode::SEE_OTHER, "{}", page.text);
}

#[tokio::test]
async fn g_v22_the_captain_sets_boards_before_the_round_and_the_opponent_sees_them() {
    let club = Club::new("G").await;
    let (teams, t) = drawn_with_substitutes(&club).await;
    let ladya = entry_id(&club, t, "Ладья");
    let lineup = format!("{}/entries/{ladya}/lineup", club.tournament_url(t));
    let id = |nick: &str| club.app.person_id(nick).to_string();

    // Only the team's captains see the form.
    assert_eq!(
        club.app.get_with(&teams[1].captain, &lineup).await.status,
        StatusCode::FORBIDDEN
    );
    let page = club.app.get_with(&teams[0].captain, &lineup).await;
    assert_eq!(page.status, StatusCode::OK, "{}", page.text);
    // Round 1 (drawn, not begun) and round 2 (prepared ahead) are open.
    assert_eq!(
        page.attrs("form[id^=lineup-round-]", "id"),
        ["lineup-round-1", "lineup-round-2"]
    );

    // Two players moved between boards: two messages, nothing saved.
    let page = post_lineup(
        &club,
        &teams[0].captain,
        &lineup,
        "1",
        &["la2", "la1", "la3", "la4", "la5"],
    )
    .await;
    assert_eq!(page.status, StatusCode::UNPROCESSABLE_ENTITY);
    let problems = page.texts("#lineup-problems li");
    assert_eq!(problems.len(), 2, "{problems:?}");
    assert!(problems[0].contains("la2") && problems[0].contains("пересадить"));
    // The refused form keeps what was chosen.
    assert_eq!(
        page.attr("#r1-board1 option[selected]", "value"),
        Some(id("la2"))
    );

    // A substitute on board 3 in place of la3, board 5 left empty.
    let page = post_lineup(
        &club,
        &teams[0].captain,
        &lineup,
        "1",
        &["la1", "la2", "la6", "la4", ""],
    )
    .await;
    assert_eq!(page.status, StatusCode::SEE_OTHER, "{}", page.text);

    // The drafted games follow the line-up; the opponent sees it on their
    // own line-up page.
    let url = match_url(&club, t, 1, "Ладья").await;
    let page = club.app.get_with(&club.root, &url).await;
    let home = is_home(&page, "Ладья");
    let side = match_side(&page, home);
    assert_eq!(
        side,
        [
            "la1", "la1", "la2", "la2", "la6", "la6", "la4", "la4", "—", "—"
        ]
    );
    let opponent_name = if home {
        page.texts("table.pairings thead th")[3].clone()
    } else {
        page.texts("table.pairings thead th")[1].clone()
    };
    let opponent = teams
        .iter()
        .find(|x| x.name == opponent_name)
        .expect("opponent team");
    let other = entry_id(&club, t, &opponent_name);
    let lineup_of_other = format!("{}/entries/{other}/lineup", club.tournament_url(t));
    let page = club.app.get_with(&opponent.captain, &lineup_of_other).await;
    assert!(
        page.select_text("#lineup-round-1 p.hint").is_none(),
        "a draft's pairing is not shown to captains"
    );
    publish_last(&club, &club.tournament_url(t)).await;
    let page = club
        .app
        .get_with(
            &opponent.captain,
            &format!("{}/entries/{other}/lineup", club.tournament_url(t)),
        )
        .await;
    let seen = page
        .select_text("#lineup-round-1 p.hint")
        .unwrap_or_default();
    assert!(seen.contains("Ладья") && seen.contains("la6"), "{seen}");

    // Once the match has begun, round 1 is closed; round 2 is still open.
    judge_results(&club, t, 1, "Ладья", "1/2", 10).await;
    let page = club.app.get_with(&teams[0].captain, &lineup).await;
    assert_eq!(
        page.attrs("form[id^=lineup-round-]", "id"),
        ["lineup-round-2"]
    );
    let page = post_lineup(&club, &teams[0].captain, &lineup, "1", &["la1"]).await;
    assert_eq!(page.status, StatusCode::UNPROCESSABLE_ENTITY);

    // la6 played board 3 and stays on it (G-V22): board 4 is refused.
    let round2 = |b3: &'static str, b4: &'static str| ["la1", "la2", b3, b4, "la5"];
    let page = post_lineup(
        &club,
        &teams[0].captain,
        &lineup,
        "2",
        &round2("la3", "la6"),
    )
    .await;
    assert_eq!(page.status, StatusCode::UNPROCESSABLE_ENTITY);
    let problems = page.texts("#lineup-problems li");
    assert_eq!(problems.len(), 1, "{problems:?}");
    assert!(problems[0].contains("la6") && problems[0].contains('3'));
    let page = post_lineup(
        &club,
        &teams[0].captain,
        &lineup,
        "2",
        &round2("la6", "la4"),
    )
    .await;
    assert_eq!(page.status, StatusCode::SEE_OTHER, "{}", page.text);

    // Round 2, paired later, takes the prepared line-up.
    let page = club
        .app
        .post_with(
            &club.root,
            &format!("{}/rounds", club.tournament_url(t)),
            &[],
        )
        .await;
    assert_eq!(page.status, StatusCode::SEE_OTHER, "{}", page.text);
    let url = match_url(&club, t, 2, "Ладья").await;
    let page = club.app.get_with(&club.root, &url).await;
    let side = match_side(&page, is_home(&page, "Ладья"));
    assert_eq!(
        side,
        [
            "la1", "la1", "la2", "la2", "la6", "la6", "la4", "la4", "la5", "la5"
        ]
    );
}

#[tokio::test]
async fn g_v31_g_v32_a_substitution_is_announced_and_the_replacement_plays_the_rest() {
    let club = Club::new("G").await;
    let (teams, t) = drawn_with_substitutes(&club).await;
    publish_last(&club, &club.tournament_url(t)).await;
    let url = match_url(&club, t, 1, "Ладья").await;
    let sub = format!("{url}/substitution");
    let announce = |who: &reqwest::Client, text: &str, reason: &str| {
        let (who, text, reason, sub) =
            (who.clone(), text.to_owned(), reason.to_owned(), sub.clone());
        let app = &club.app;
        async move {
            app.post_with(&who, &sub, &[("announcement", &text), ("reason", &reason)])
                .await
        }
    };

    // Not the announcement's format: every problem in words, nothing changes.
    let page = announce(&teams[0].captain, "Ладья 2 la2 la6", "captain").await;
    assert_eq!(page.status, StatusCode::UNPROCESSABLE_ENTITY);
    let problems = page.texts("#match-problems li");
    assert!(problems.len() >= 2, "{problems:?}");
    assert_eq!(
        page.attr("#announcement", "value").as_deref(),
        Some("Ладья 2 la2 la6"),
        "the typed announcement is kept"
    );

    // Game 1 of board 2 is played; la2 is replaced by la6 for game 2.
    let page = club.app.get_with(&club.root, &url).await;
    let home = is_home(&page, "Ладья");
    judge_results(&club, t, 1, "Ладья", "1-0", 3).await;
    let page = announce(&teams[0].captain, "Ладья 2, la2 => la6", "captain").await;
    assert_eq!(page.status, StatusCode::SEE_OTHER, "{}", page.text);
    let page = club.app.get(&url).await;
    let side = match_side(&page, home);
    assert_eq!(&side[..4], ["la1", "la1", "la2", "la6"], "{side:?}");
    let record = page.texts("ul.substitutions li");
    assert_eq!(record.len(), 1);
    assert!(record[0].contains("Ладья 2, la2 => la6") && record[0].contains("В.3.1"));

    // la6 has played in this round: no second entry (G-V31).
    let page = announce(&teams[0].captain, "Ладья 3, la3 => la6", "captain").await;
    assert_eq!(page.status, StatusCode::UNPROCESSABLE_ENTITY);
    assert!(page.texts("#match-problems li")[0].contains("уже участвует"));
    // The opponent's captain cannot substitute for Ладья.
    let opponent = if home { 3 } else { 1 };
    let opponent_name = page.texts("table.pairings thead th")[opponent].clone();
    let opponent_team = teams
        .iter()
        .find(|x| x.name == opponent_name)
        .expect("team");
    let page = announce(&opponent_team.captain, "Ладья 4, la4 => la7", "captain").await;
    assert_eq!(page.status, StatusCode::UNPROCESSABLE_ENTITY);
    assert!(page.texts("#match-problems li")[0].contains("Ладья"));
    // A stranger is refused outright.
    let stranger = club.person("zz1").await;
    let page = announce(&stranger, "Ладья 4, la4 => la7", "captain").await;
    assert_eq!(page.status, StatusCode::FORBIDDEN);

    // G-V32: la4 lost connection before any game: la7 plays both.
    let page = announce(&teams[0].captain, "ладья 4 , la4=>la7", "disconnect").await;
    assert_eq!(page.status, StatusCode::SEE_OTHER, "{}", page.text);
    let page = club.app.get(&url).await;
    let side = match_side(&page, home);
    assert_eq!(&side[6..8], ["la7", "la7"], "{side:?}");
    let record = page.texts("ul.substitutions li");
    assert!(record[1].contains("В.3.2"), "{record:?}");
}

#[tokio::test]
async fn a_result_reported_by_one_captain_is_final_when_the_other_confirms() {
    let club = Club::new("G").await;
    let (teams, t) = drawn_with_substitutes(&club).await;
    publish_last(&club, &club.tournament_url(t)).await;
    let url = match_url(&club, t, 1, "Ладья").await;
    let page = club.app.get_with(&teams[0].captain, &url).await;
    let home = is_home(&page, "Ладья");
    let action = page
        .attr("form#match-report", "action")
        .expect("the captain's match sheet");
    let first = |page: &crate::helpers::Page| {
        let rows = scraper::Selector::parse("tr.game").expect("selector");
        page.html
            .select(&rows)
            .find_map(|tr| crate::club::sheet_cell(&tr))
            .expect("a sheet cell")
    };
    let (game, version, cell) = first(&page);
    let sheet = |result: &str, version: &str| {
        vec![
            (format!("v{game}"), version.to_owned()),
            (format!("r{game}"), result.to_owned()),
        ]
    };
    let post = |who: &reqwest::Client, fields: Vec<(String, String)>| {
        let (app, action) = (&club.app, action.clone());
        let who = who.clone();
        async move {
            let body: Vec<(&str, &str)> = fields
                .iter()
                .map(|(k, v)| (k.as_str(), v.as_str()))
                .collect();
            app.post_with(&who, &action, &body).await
        }
    };
    let opponent_name = page.texts("table.pairings thead th")[if home { 3 } else { 1 }].clone();
    let opponent = teams
        .iter()
        .find(|x| x.name == opponent_name)
        .expect("team");
    // A third team's captain may not report.
    let third = teams
        .iter()
        .find(|x| x.name != "Ладья" && x.name != opponent_name)
        .expect("third");
    let page = post(&third.captain, sheet("1-0", &version)).await;
    assert_eq!(page.status, StatusCode::FORBIDDEN);
    // Ладья reports a win of the home side; a cell that is not a result
    // refuses the sheet beside it.
    let page = post(&teams[0].captain, sheet("2", &version)).await;
    assert_eq!(page.status, StatusCode::UNPROCESSABLE_ENTITY);
    assert!(
        page.select_text(&format!("#{cell}-error")).is_some(),
        "{}",
        page.text
    );
    let page = post(&teams[0].captain, sheet("1-0", &version)).await;
    assert_eq!(page.status, StatusCode::SEE_OTHER, "{}", page.text);
    let page = club.app.get_with(&teams[0].captain, &url).await;
    assert!(
        page.flash().contains("Сообщено: 1 ждут"),
        "{}",
        page.flash()
    );
    assert_eq!(
        page.texts("tr.game td.result")[0].split_whitespace().next(),
        Some("…")
    );
    assert!(page.texts("tr.game td.result")[0].contains("1-0"));
    // The reporter's own report stays in the cell, with no confirmation
    // mark; the opponent sees it to confirm.
    assert_eq!(
        page.attr(&format!("#{cell}"), "value").as_deref(),
        Some("1")
    );
    assert!(!page.text.contains("сохраните, чтобы подтвердить"));
    let page = club.app.get_with(&opponent.captain, &url).await;
    assert_eq!(
        page.attr(&format!("#{cell}"), "value").as_deref(),
        Some("1")
    );
    assert!(page.text.contains("сохраните, чтобы подтвердить"));
    let (_, version, _) = first(&page);
    // The report's old version is stale now.
    let page = post(&opponent.captain, sheet("1", "0")).await;
    assert_eq!(page.status, StatusCode::CONFLICT);
    let page = post(&opponent.captain, sheet("1", &version)).await;
    assert_eq!(page.status, StatusCode::SEE_OTHER, "{}", page.text);
    let page = club.app.get(&url).await;
    assert_eq!(page.texts("tr.game td.result")[0], "1-0");
}

#[tokio::test]
async fn g_g2_a_team_that_cannot_go_on_is_withdrawn_and_loses_what_remains() {
    let club = Club::new("G").await;
    let (teams, t) = drawn_with_substitutes(&club).await;
    let turl = club.tournament_url(t);
    let ferz = entry_id(&club, t, "Ферзь");
    // Ферзь has no substitutes and leaves three boards empty: G-G2 applies.
    let page = post_lineup(
        &club,
        &teams[3].captain,
        &format!("{turl}/entries/{ferz}/lineup"),
        "1",
        &["fe1", "fe2", "", "", ""],
    )
    .await;
    assert_eq!(page.status, StatusCode::SEE_OTHER, "{}", page.text);
    publish_last(&club, &turl).await;
    let page = club.app.get_with(&club.root, &turl).await;
    assert_eq!(page.texts("table.entries .badge.warn").len(), 1);
    judge_results(&club, t, 1, "Ферзь", "0-1", 2).await;

    // A reason is required; nothing changes without one.
    let retire = format!("{turl}/entries/{ferz}/retire");
    let page = club
        .app
        .post_with(&club.root, &retire, &[("reason", " ")])
        .await;
    assert_eq!(page.status, StatusCode::SEE_OTHER);
    assert_eq!(
        club.entries(t)
            .iter()
            .find(|x| x.id == ferz)
            .unwrap()
            .status,
        "entered"
    );
    // Players may not withdraw a team.
    let page = club
        .app
        .post_with(&teams[3].captain, &retire, &[("reason", "x")])
        .await;
    assert_eq!(page.status, StatusCode::FORBIDDEN);
    let page = club
        .app
        .post_with(
            &club.root,
            &retire,
            &[("reason", "three boards empty, no substitutes")],
        )
        .await;
    assert_eq!(page.status, StatusCode::SEE_OTHER);
    assert_eq!(
        club.entries(t)
            .iter()
            .find(|x| x.id == ferz)
            .unwrap()
            .status,
        "retired"
    );

    // Its open games of round 1 are lost by forfeit: the match is 1–9 or
    // 9–1 with the two games played (0-1 each for the home side).
    let url = match_url(&club, t, 1, "Ферзь").await;
    let page = club.app.get(&url).await;
    let results = page.texts("tr.game td.result");
    assert_eq!(results.len(), 10);
    assert!(results.iter().all(|r| r != "…"), "{results:?}");
    let home = is_home(&page, "Ферзь");
    let forfeits = results
        .iter()
        .filter(|r| *r == if home { "-+" } else { "+-" })
        .count();
    assert_eq!(forfeits, 8, "{results:?}");

    // Round 2: Ферзь's match is forfeited as a whole, without games.
    // (Round 1's sheet goes once the round is complete.)
    for name in ["Ладья", "Конь", "Слон"] {
        let page = club.app.get_with(&club.root, &turl).await;
        if page.select_text("#round-1 form.result-sheet").is_none() {
            break;
        }
        judge_results(&club, t, 1, name, "1/2", 10).await;
    }
    let page = club
        .app
        .post_with(&club.root, &format!("{turl}/rounds"), &[])
        .await;
    assert_eq!(page.status, StatusCode::SEE_OTHER, "{}", page.text);
    publish_last(&club, &turl).await;
    let page = club.app.get(&turl).await;
    let scores = page.texts("#round-2 tr.match td.score");
    assert!(
        scores.iter().any(|s| s == "10-0" || s == "0-10"),
        "{scores:?}"
    );
    let games = page.texts("#round-2 tr.game");
    assert_eq!(games.len(), 10, "only the other match has games");
    assert!(
        page.texts("table.entries td.entry-status")
            .iter()
            .any(|s| s.contains("снята")),
    );
    // Ферзь's captain was told of the withdrawal, and is not told "you play
    // at table …" for round 2; its opponent is told it wins without a game.
    let mail = league::db::outbox::list(&mut club.app.db(), None, 1000).expect("outbox");
    let to_ferz: Vec<_> = mail
        .iter()
        .filter(|m| m.address == "fe1@club.example")
        .collect();
    assert!(
        to_ferz
            .iter()
            .any(|m| m.kind == "play_status" && m.body.contains("three boards empty")),
        "{to_ferz:?}"
    );
    assert!(
        !to_ferz
            .iter()
            .any(|m| m.kind == "pairings_published" && m.subject.starts_with("Тур 2")),
        "{to_ferz:?}"
    );
    assert!(
        mail.iter()
            .any(|m| m.kind == "pairings_published" && m.body.contains("без игры")),
        "the opponent is told it wins without a game"
    );
}

#[tokio::test]
async fn g_v23_an_interrupted_round_replays_the_games_without_a_result() {
    let club = Club::new("G").await;
    let (_teams, t) = drawn_with_substitutes(&club).await;
    let turl = club.tournament_url(t);
    publish_last(&club, &turl).await;
    judge_results(&club, t, 1, "Ладья", "1-0", 10).await;
    let page = club.app.get_with(&club.root, &turl).await;
    let interrupt = page
        .attr("#round-1 form[action$='/interrupt']", "action")
        .expect("interrupt form");
    let page = club
        .app
        .post_with(
            &club.root,
            &interrupt,
            &[("reason", "server failure at 19:05")],
        )
        .await;
    assert_eq!(page.status, StatusCode::SEE_OTHER);
    let page = club.app.get(&turl).await;
    let results = page.texts("#round-1 tr.game td.result");
    assert_eq!(results.iter().filter(|r| *r == "1-0").count(), 10);
    assert_eq!(
        results.iter().filter(|r| *r == "R").count(),
        10,
        "{results:?}"
    );
    assert!(
        !page
            .select_text("#round-1 h2")
            .unwrap_or_default()
            .contains("завершён")
    );
    // The games are replayed and entered: the round is complete.
    // (The sheet goes once the round is complete: what is left then is a
    // correction.)
    for name in ["Конь", "Слон", "Ферзь"] {
        let page = club.app.get_with(&club.root, &turl).await;
        if page.select_text("#round-1 form.result-sheet").is_none() {
            break;
        }
        judge_results(&club, t, 1, name, "1/2", 10).await;
    }
    let page = club.app.get(&turl).await;
    let results = page.texts("#round-1 tr.game td.result");
    assert!(results.iter().all(|r| r != "R" && r != "…"), "{results:?}");
    assert!(
        page.select_text("#round-1 h2")
            .unwrap_or_default()
            .contains("завершён")
    );
}

#[tokio::test]
async fn judges_adjust_a_drafted_round_and_the_change_is_recorded() {
    let club = Club::new("G").await;
    let (teams, t) = drawn_with_substitutes(&club).await;
    let turl = club.tournament_url(t);
    let page = club.app.get_with(&club.root, &turl).await;
    let action = page
        .attr("#round-1 form[action$='/adjust']", "action")
        .expect("adjust form on the draft");
    let pairs = |page: &crate::helpers::Page| {
        page.texts("#round-1 tr.match td:nth-child(2)")
            .into_iter()
            .zip(page.texts("#round-1 tr.match td:nth-child(4)"))
            .collect::<Vec<_>>()
    };
    let before = pairs(&page);
    let opponent = before
        .iter()
        .find_map(|(h, a)| match (h.as_str(), a.as_str()) {
            ("Ладья", other) | (other, "Ладья") => Some(other.to_owned()),
            _ => None,
        })
        .expect("Ладья is paired");
    // An entry of the other match changes places with Ладья.
    let other = ["Конь", "Слон", "Ферзь"]
        .into_iter()
        .find(|n| *n != opponent)
        .expect("another entry");
    let (a, b) = (entry_id(&club, t, "Ладья"), entry_id(&club, t, other));
    let fields = |reason: &'static str| {
        vec![
            ("a".to_owned(), a.to_string()),
            ("b".to_owned(), b.to_string()),
            ("reason".to_owned(), reason.to_owned()),
        ]
    };
    let post = |f: Vec<(String, String)>| {
        let action = action.clone();
        let app = &club.app;
        let root = club.root.clone();
        async move {
            let refs: Vec<(&str, &str)> = f.iter().map(|(x, y)| (x.as_str(), y.as_str())).collect();
            app.post_with(&root, &action, &refs).await
        }
    };
    // A player may not; a reason is required.
    let page = club
        .app
        .post_with(
            &teams[0].captain,
            &action,
            &[("a", "1"), ("b", "2"), ("reason", "x")],
        )
        .await;
    assert_eq!(page.status, StatusCode::FORBIDDEN);
    assert_eq!(
        post(fields("")).await.status,
        StatusCode::UNPROCESSABLE_ENTITY
    );
    let page = post(fields("the two met last month")).await;
    assert_eq!(page.status, StatusCode::SEE_OTHER, "{}", page.text);
    let page = club.app.get_with(&club.root, &turl).await;
    let after = pairs(&page);
    assert_ne!(after, before);
    assert!(
        after
            .iter()
            .any(|(h, a)| (h == "Ладья" && *a == opponent) || (*h == opponent && a == "Ладья"))
            .eq(&false),
        "{after:?}"
    );
    let notes = page.select_text("#round-1 p.hint").unwrap_or_default();
    assert!(
        notes.contains("Ладья ⇄") && notes.contains("the two met last month"),
        "{notes}"
    );
    // Each match still has its 10 games, with the new sides' players.
    assert_eq!(page.texts("#round-1 tr.game").len(), 20);
    // Published: no more adjustments.
    publish_last(&club, &turl).await;
    assert_eq!(
        post(fields("late")).await.status,
        StatusCode::UNPROCESSABLE_ENTITY
    );
}

/// Seed E: four teams of three entered, drawn and round 1 published.
async fn e_round_one(club: &Club) -> (Vec<Team>, i64, String) {
    let mut teams = Vec::new();
    for (name, prefix) in [
        ("Альфа", "al"),
        ("Бета", "be"),
        ("Гамма", "ga"),
        ("Дельта", "de"),
    ] {
        teams.push(e_team(club, name, prefix).await);
    }
    let t = club.tournament_in(20).await;
    for team in &teams {
        let page = club
            .enter(&team.captain, t, &line(team, &team.name, 0..3))
            .await;
        assert_eq!(page.status, StatusCode::SEE_OTHER, "{}", page.text);
    }
    let turl = club.tournament_url(t);
    let page = club
        .app
        .post_with(&club.root, &format!("{turl}/draw"), &[("seed", "5")])
        .await;
    club.started(&turl);
    assert_eq!(page.status, StatusCode::SEE_OTHER, "{}", page.text);
    publish_last(club, &turl).await;
    (teams, t, turl)
}

#[tokio::test]
async fn e_6_a_player_more_than_five_minutes_late_loses_by_forfeit() {
    let club = Club::new("E").await;
    let (teams, t, _) = e_round_one(&club).await;
    let url = match_url(&club, t, 1, "Альфа").await;
    let page = club.app.get_with(&club.root, &url).await;
    let late_forms = page.attrs("tr.game form[action$='/late']", "action");
    assert_eq!(late_forms.len(), 6, "3 boards × 2 games (E-2, E-3)");
    let versions = page.attrs("tr.game form[action$='/late'] input[name=version]", "value");
    let late = |action: String, side: &'static str, by: &'static str, version: String| {
        let root = club.root.clone();
        let app = &club.app;
        async move {
            app.post_with(
                &root,
                &action,
                &[("side", side), ("lateness", by), ("version", &version)],
            )
            .await
        }
    };
    // A captain may not record lateness.
    let page = club
        .app
        .post_with(
            &teams[0].captain,
            &late_forms[0],
            &[
                ("side", "home"),
                ("lateness", "6:00"),
                ("version", &versions[0]),
            ],
        )
        .await;
    assert_eq!(page.status, StatusCode::FORBIDDEN);
    // Not a duration: refused in words, nothing changes.
    let page = late(
        late_forms[0].clone(),
        "home",
        "a while",
        versions[0].clone(),
    )
    .await;
    assert_eq!(page.status, StatusCode::UNPROCESSABLE_ENTITY);
    assert!(!page.texts("#match-problems li").is_empty());
    // Exactly five minutes is not "more than": the delay comes off the clock.
    let page = late(late_forms[0].clone(), "home", "5:00", versions[0].clone()).await;
    assert_eq!(page.status, StatusCode::SEE_OTHER, "{}", page.text);
    let page = club.app.get_with(&club.root, &url).await;
    assert!(page.text.contains("5:00"), "the clock reduction is said");
    assert_eq!(page.texts("tr.game td.result")[0], "…");
    // Five minutes and one second: the late player loses by forfeit.
    let version = page
        .attrs("tr.game form[action$='/late'] input[name=version]", "value")
        .remove(0);
    let page = late(late_forms[0].clone(), "home", "5:01", version).await;
    assert_eq!(page.status, StatusCode::SEE_OTHER, "{}", page.text);
    let page = club.app.get(&url).await;
    assert_eq!(page.texts("tr.game td.result")[0], "-+");
    // The away player of game 2 is 7 minutes late.
    let page = late(late_forms[1].clone(), "away", "7", versions[1].clone()).await;
    assert_eq!(page.status, StatusCode::SEE_OTHER, "{}", page.text);
    let page = club.app.get(&url).await;
    assert_eq!(page.texts("tr.game td.result")[1], "+-");
}

/// Ладья's captain lines up `first` on board 1 and la2–la5 after him.
async fn with_on_board_1(
    club: &Club,
    ladya: &Team,
    lineup: &str,
    round: &str,
    first: &str,
) -> crate::helpers::Page {
    post_lineup(
        club,
        &ladya.captain,
        lineup,
        round,
        &[first, "la2", "la3", "la4", "la5"],
    )
    .await
}

/// A judge bans `nick` from today, indefinitely (G-A7).
pub(crate) async fn ban_now(club: &Club, nick: &str) {
    let page = club
        .app
        .post_with(
            &club.root,
            &format!("/people/{nick}/bans"),
            &[
                ("from", ""),
                ("until", ""),
                ("reason", "игра с подсказками"),
            ],
        )
        .await;
    assert_eq!(page.status, StatusCode::SEE_OTHER, "{}", page.text);
}

/// The notices about `nick` being unfit to play (captains and judges).
fn unfit_notices(club: &Club, nick: &str) -> Vec<league::db::outbox::OutboxRow> {
    league::db::outbox::list(&mut club.app.db(), None, 1000)
        .expect("outbox")
        .into_iter()
        .filter(|m| m.kind == "play_status" && m.subject.contains(nick))
        .collect()
}

#[tokio::test]
async fn g_a7_a_ban_imposed_during_the_tournament_stops_the_player_at_every_later_moment() {
    let club = Club::new("G").await;
    let (teams, t) = drawn_with_substitutes(&club).await;
    let turl = club.tournament_url(t);
    club.person("jd").await;
    club.app
        .grant_role(&club.root, club.id, "jd", "judge")
        .await;
    publish_last(&club, &turl).await;
    let ladya = entry_id(&club, t, "Ладья");
    let lineup = format!("{turl}/entries/{ladya}/lineup");
    // Round 2's line-up, prepared while round 1 runs, has la6 on board 1.
    let page = with_on_board_1(&club, &teams[0], &lineup, "2", "la6").await;
    assert_eq!(page.status, StatusCode::SEE_OTHER, "{}", page.text);
    // The substitute la6 is banned during round 1: the captain and the
    // judges are told at once.
    ban_now(&club, "la6").await;
    let told = unfit_notices(&club, "la6");
    let to: Vec<_> = told.iter().map(|m| m.address.as_str()).collect();
    assert_eq!(to, ["jd@club.example", "la1@club.example"], "{told:?}");
    assert!(
        told.iter().all(|m| m.body.contains("дисквалифицирован с")),
        "{told:?}"
    );
    // The line-up page and the match page flag him, for the captain and
    // for the judges.
    let url = match_url(&club, t, 1, "Ладья").await;
    for (who, page) in [(&teams[0].captain, &lineup), (&club.root, &url)] {
        let page = club.app.get_with(who, page).await;
        let flagged = page.select_text("#unfit-players").unwrap_or_default();
        assert!(
            flagged.contains("la6") && flagged.contains("дисквалифицирован с"),
            "{flagged}"
        );
    }
    // A substitution bringing him in is refused with the reason.
    let page = club
        .app
        .post_with(
            &teams[0].captain,
            &format!("{url}/substitution"),
            &[
                ("announcement", "Ладья 1, la1 => la6"),
                ("reason", "captain"),
            ],
        )
        .await;
    assert_eq!(
        page.status,
        StatusCode::UNPROCESSABLE_ENTITY,
        "{}",
        page.text
    );
    let said = page.texts("#match-problems li").join(" ");
    assert!(
        said.contains("la6") && said.contains("дисквалифицирован с"),
        "{said}"
    );
    // So is a line-up naming him.
    let page = with_on_board_1(&club, &teams[0], &lineup, "2", "la6").await;
    assert_eq!(
        page.status,
        StatusCode::UNPROCESSABLE_ENTITY,
        "{}",
        page.text
    );
    assert!(page.text.contains("дисквалифицирован с"), "{}", page.text);
    // Round 1 played out; round 2 is paired with the line-up saved before
    // the ban, and publication takes him off board 1, telling why.
    judge_results(&club, t, 1, "Ладья", "1-0", 100).await;
    judge_results(&club, t, 1, "Ферзь", "1-0", 100).await;
    judge_results(&club, t, 1, "Конь", "1-0", 100).await;
    let page = club
        .app
        .post_with(&club.root, &format!("{turl}/rounds"), &[])
        .await;
    assert_eq!(page.status, StatusCode::SEE_OTHER, "{}", page.text);
    publish_last(&club, &turl).await;
    let url = match_url(&club, t, 2, "Ладья").await;
    let page = club.app.get(&url).await;
    let side = match_side(&page, is_home(&page, "Ладья"));
    assert!(!side.contains(&"la6".to_owned()), "{side:?}");
    let told = unfit_notices(&club, "la6");
    assert!(
        told.iter().any(|m| m.body.contains("снят с доски")),
        "{told:?}"
    );
    // A clone of a banned account is banned too, and the refusal says so.
    let page = club
        .app
        .post_with(&club.root, "/people/la7/clones", &[("nick", "la6")])
        .await;
    assert_eq!(page.status, StatusCode::SEE_OTHER, "{}", page.text);
    let page = with_on_board_1(&club, &teams[0], &lineup, "3", "la7").await;
    assert_eq!(
        page.status,
        StatusCode::UNPROCESSABLE_ENTITY,
        "{}",
        page.text
    );
    assert!(
        page.text.contains("как клон") && page.text.contains("la6"),
        "{}",
        page.text
    );
}

/// G-A7 before publication: a player seated in a paired round not yet
/// published, and banned then, is off his board on every page that shows
/// the draft (the tournament page, the match page, the game's page), as
/// its publication will leave it; publishing takes him off for good, and
/// the pages read the same.
#[tokio::test]
async fn g_a7_a_draft_round_shows_a_player_banned_since_its_pairing_off_his_board_as_publication_will()
 {
    let club = Club::new("G").await;
    let (teams, t) = drawn_with_substitutes(&club).await;
    let turl = club.tournament_url(t);
    publish_last(&club, &turl).await;
    let ladya = entry_id(&club, t, "Ладья");
    let lineup = format!("{turl}/entries/{ladya}/lineup");
    let page = with_on_board_1(&club, &teams[0], &lineup, "2", "la6").await;
    assert_eq!(page.status, StatusCode::SEE_OTHER, "{}", page.text);
    judge_results(&club, t, 1, "Ладья", "1-0", 100).await;
    judge_results(&club, t, 1, "Ферзь", "1-0", 100).await;
    judge_results(&club, t, 1, "Конь", "1-0", 100).await;
    let page = club
        .app
        .post_with(&club.root, &format!("{turl}/rounds"), &[])
        .await;
    assert_eq!(page.status, StatusCode::SEE_OTHER, "{}", page.text);
    // Round 2 is paired with la6 on board 1 of Ладья.
    let url = match_url(&club, t, 2, "Ладья").await;
    let page = club.app.get_with(&club.root, &url).await;
    let home = is_home(&page, "Ладья");
    assert_eq!(match_side(&page, home)[0], "la6");
    // Banned before the round is published: the draft shows the board as
    // publication will leave it, empty, and says why on the match page.
    ban_now(&club, "la6").await;
    let page = club.app.get_with(&club.root, &url).await;
    let draft = match_side(&page, home);
    assert!(!draft.contains(&"la6".to_owned()), "{draft:?}");
    assert_eq!(draft[0], "—", "{draft:?}");
    let flagged = page.select_text("#unfit-players").unwrap_or_default();
    assert!(flagged.contains("la6"), "{flagged}");
    let game = page
        .attrs("table.pairings tr.game a", "href")
        .into_iter()
        .next()
        .expect("board 1's game");
    let tournament = club.app.get_with(&club.root, &turl).await;
    let round = tournament.select_text("#round-2").unwrap_or_default();
    assert!(round.contains("la2"), "{round}");
    assert!(!round.contains("la6"), "{round}");
    let page = club.app.get_with(&club.root, &game).await;
    assert_eq!(page.status, StatusCode::OK);
    assert!(!page.text.contains("la6"), "{}", page.text);
    // Publication does what the draft showed.
    publish_last(&club, &turl).await;
    let page = club.app.get_with(&club.root, &url).await;
    assert_eq!(match_side(&page, home), draft);
    let told = unfit_notices(&club, "la6");
    assert!(
        told.iter().any(|m| m.body.contains("снят с доски")),
        "{told:?}"
    );
}

#[tokio::test]
async fn g_v31_a_refused_substitution_says_what_is_true_of_the_nick() {
    let club = Club::new("G").await;
    // Ладья has eight members; its entry names seven (la8 stays home).
    let mut teams = vec![g_team(&club, "Ладья", "la", 8).await];
    for (name, prefix) in [("Конь", "ko"), ("Слон", "sl"), ("Ферзь", "fe")] {
        teams.push(g_team(&club, name, prefix, 5).await);
    }
    let t = club.tournament_in(20).await;
    for (i, team) in teams.iter().enumerate() {
        let players = if i == 0 { 0..7 } else { 0..5 };
        let page = club
            .enter(&team.captain, t, &line(team, &team.name, players))
            .await;
        assert_eq!(page.status, StatusCode::SEE_OTHER, "{}", page.text);
    }
    let turl = club.tournament_url(t);
    let page = club
        .app
        .post_with(&club.root, &format!("{turl}/draw"), &[("seed", "7")])
        .await;
    club.started(&turl);
    assert_eq!(page.status, StatusCode::SEE_OTHER, "{}", page.text);
    publish_last(&club, &turl).await;
    let url = match_url(&club, t, 1, "Ладья").await;
    let refused = |text: &'static str| {
        let (app, captain, url) = (&club.app, teams[0].captain.clone(), url.clone());
        async move {
            let page = app
                .post_with(
                    &captain,
                    &format!("{url}/substitution"),
                    &[("announcement", text), ("reason", "captain")],
                )
                .await;
            assert_eq!(
                page.status,
                StatusCode::UNPROCESSABLE_ENTITY,
                "{}",
                page.text
            );
            page.texts("#match-problems li").join(" ")
        }
    };
    let said = refused("Ладья 1, la1 => ko2").await;
    assert!(said.contains("ko2 играет за команду Конь"), "{said}");
    let said = refused("Ладья 1, la1 => la8").await;
    assert!(
        said.contains("la8 в составе команды, но не в заявке Ладья"),
        "{said}"
    );
    let said = refused("Ладья 1, la1 => nobody_at_all").await;
    assert!(
        said.contains("нет игрока с ником «nobody_at_all»"),
        "{said}"
    );
}

/// Each format offers only the actions its regulation has: G withdraws a
/// team (G-G2) and replays an interrupted round (G-V23) but has no
/// lateness rule; E times lateness (E-6) but neither withdraws nor
/// replays. An action the regulation lacks is refused in words.
#[tokio::test]
async fn e_6_g_g2_g_v23_each_format_offers_only_the_actions_of_its_regulation() {
    let club = Club::new("G").await;
    let (_, t) = drawn_with_substitutes(&club).await;
    let turl = club.tournament_url(t);
    publish_last(&club, &turl).await;
    let page = club.app.get_with(&club.root, &turl).await;
    assert!(
        page.attr("#round-1 form[action$='/interrupt']", "action")
            .is_some()
    );
    assert!(!page.attrs("form[action$='/retire']", "action").is_empty());
    let url = match_url(&club, t, 1, "Ладья").await;
    let matches = club.app.get_with(&club.root, &url).await;
    assert!(
        matches.attrs("form[action$='/late']", "action").is_empty(),
        "no E-6 in G"
    );
    let (result, version) = crate::club::result_forms(&page).remove(0);
    let late = result.replace("/result", "/late");
    let page = club
        .app
        .post_with(
            &club.root,
            &late,
            &[
                ("side", "home"),
                ("lateness", "6:00"),
                ("version", &version),
            ],
        )
        .await;
    assert_eq!(page.status, StatusCode::UNPROCESSABLE_ENTITY);
    assert!(page.text.contains("нет такого правила."), "{}", page.text);

    let club = Club::new("E").await;
    let (_, t, turl) = e_round_one(&club).await;
    let page = club.app.get_with(&club.root, &turl).await;
    assert!(
        page.attr("form[action$='/interrupt']", "action").is_none(),
        "no G-V23 in E"
    );
    assert!(
        page.attrs("form[action$='/retire']", "action").is_empty(),
        "no G-G2 in E"
    );
    let round = page
        .attr("#round-1 form.result-sheet", "action")
        .expect("a sheet");
    let interrupt = round.replace("/results", "/interrupt");
    let refused = club
        .app
        .post_with(&club.root, &interrupt, &[("reason", "server failure")])
        .await;
    assert_eq!(refused.status, StatusCode::SEE_OTHER);
    let page = club.app.get_with(&club.root, &turl).await;
    assert!(
        page.flash().contains("нет такого правила"),
        "{}",
        page.flash()
    );
    let results = page.texts("#round-1 tr.game td.result");
    assert!(!results.is_empty(), "round 1's games are listed");
    assert!(!results.contains(&"R".to_owned()), "nothing replayed");
    let url = match_url(&club, t, 1, "Альфа").await;
    let matches = club.app.get_with(&club.root, &url).await;
    assert_eq!(
        matches
            .attrs("tr.game form[action$='/late']", "action")
            .len(),
        6
    );
}

#[tokio::test]
async fn g_d3_a_judge_bars_a_player_for_the_rest_of_the_tournament_and_a_substitute_plays() {
    let club = Club::new("G").await;
    let (teams, t) = drawn_with_substitutes(&club).await;
    let turl = club.tournament_url(t);
    publish_last(&club, &turl).await;
    let ladya = entry_id(&club, t, "Ладья");
    let lineup = format!("{turl}/entries/{ladya}/lineup");
    // The judge bars la3 from the hall for the tournament: recorded as a
    // penalty of the catalogue, with no points taken.
    let (team, ts) = (teams[0].id.to_string(), t.to_string());
    let page = club
        .app
        .post_with(
            &club.root,
            &format!("/championships/{}/penalties", club.id),
            &[
                ("code", "G-D3"),
                ("team", &team),
                ("tournament", &ts),
                ("person", "la3"),
                ("reason", "insulted the opponent in the chat"),
            ],
        )
        .await;
    assert_eq!(page.status, StatusCode::SEE_OTHER, "{}", page.text);
    let recorded = league::db::penalties::of_championship(
        &mut club.app.db(),
        league::ids::ChampionshipId(club.id),
    )
    .expect("penalties");
    assert_eq!(recorded.len(), 1);
    assert_eq!((recorded[0].code.as_str(), recorded[0].amount), ("G-D3", 0));
    let page = club
        .app
        .get(&format!("/championships/{}/penalties", club.id))
        .await;
    let listed = page.texts("table.penalties tbody tr").join(" ");
    assert!(listed.contains("Д.3") && listed.contains("la3"), "{listed}");
    // The right of substitution: la6 takes board 3 in round 1 …
    let url = match_url(&club, t, 1, "Ладья").await;
    let page = club
        .app
        .post_with(
            &teams[0].captain,
            &format!("{url}/substitution"),
            &[("announcement", "Ладья 3, la3 => la6"), ("reason", "judge")],
        )
        .await;
    assert_eq!(page.status, StatusCode::SEE_OTHER, "{}", page.text);
    // … and la3 may not be seated in round 2; la6 may.
    let page = post_lineup(
        &club,
        &teams[0].captain,
        &lineup,
        "2",
        &["la1", "la2", "la3", "la4", "la5"],
    )
    .await;
    assert_eq!(page.status, StatusCode::UNPROCESSABLE_ENTITY);
    let problems = page.texts("#lineup-problems li").join(" ");
    assert!(
        problems.contains("la3") && problems.contains("Д.3"),
        "{problems}"
    );
    let page = post_lineup(
        &club,
        &teams[0].captain,
        &lineup,
        "2",
        &["la1", "la2", "la6", "la4", "la5"],
    )
    .await;
    assert_eq!(page.status, StatusCode::SEE_OTHER, "{}", page.text);
}

#[tokio::test]
async fn g_v21_five_players_per_team_in_every_match_of_the_tournament() {
    let club = Club::new("G").await;
    let four = g_team(&club, "Пешка", "pe", 5).await;
    let (_teams, t) = drawn_with_substitutes(&club).await;
    // Four players are not a team's five: refused (the field is drawn, so
    // try a new tournament).
    let t2 = club.tournament_in(25).await;
    let page = club
        .enter(&four.captain, t2, &line(&four, "Пешка", 0..4))
        .await;
    assert_eq!(page.status, StatusCode::UNPROCESSABLE_ENTITY);
    assert!(club.entries(t2).is_empty());
    // Every match of the draw seats five boards a side, two games each.
    publish_last(&club, &club.tournament_url(t)).await;
    for entry in ["Ладья", "Конь", "Слон", "Ферзь"] {
        let url = match_url(&club, t, 1, entry).await;
        let page = club.app.get(&url).await;
        let home = is_home(&page, entry);
        let side = match_side(&page, home);
        assert_eq!(side.len(), 10, "{entry}: {side:?}");
        let mut distinct = side.clone();
        distinct.sort();
        distinct.dedup();
        assert_eq!(distinct.len(), 5, "{entry}: {side:?}");
    }
}

#[tokio::test]
async fn g_v33_a_captain_reports_the_opponents_substitution_violation_to_the_chief_judge() {
    let club = Club::new("G").await;
    let (teams, t) = drawn_with_substitutes(&club).await;
    let turl = club.tournament_url(t);
    publish_last(&club, &turl).await;
    let chief = club.person("Chief").await;
    club.app
        .grant_role(&club.root, club.id, "Chief", "chief_judge")
        .await;
    let url = match_url(&club, t, 1, "Ладья").await;
    // The captain of Ладья finds the form on the match page.
    let page = club.app.get_with(&teams[0].captain, &url).await;
    assert!(page.attr("#violation-form", "action").is_some());
    assert_eq!(page.attrs("#violation-board option", "value").len(), 6);
    // An empty report is refused in words; the board chosen is kept.
    let report = format!("{url}/violations");
    let page = club
        .app
        .post_with(&teams[0].captain, &report, &[("board", "3"), ("what", " ")])
        .await;
    assert_eq!(page.status, StatusCode::UNPROCESSABLE_ENTITY);
    assert!(
        page.texts("#violation-problems li")[0].contains("Опишите"),
        "{:?}",
        page.texts("#violation-problems li")
    );
    assert_eq!(
        page.attr("#violation-board option[selected]", "value")
            .as_deref(),
        Some("3")
    );
    // Someone who captains neither side may not report.
    let stranger = teams
        .iter()
        .skip(1)
        .find(|x| {
            !page
                .select_text("h1")
                .unwrap_or_default()
                .contains(x.name.as_str())
        })
        .expect("a team of another match");
    let what = "the opponent moved a player from board 2 to board 3";
    let page = club
        .app
        .post_with(
            &stranger.captain,
            &report,
            &[("board", "3"), ("what", what)],
        )
        .await;
    assert_eq!(page.status, StatusCode::FORBIDDEN);
    // The report goes to the chief judge: a mail and an item to do.
    let page = club
        .app
        .post_with(
            &teams[0].captain,
            &report,
            &[("board", "3"), ("what", what)],
        )
        .await;
    assert_eq!(page.status, StatusCode::SEE_OTHER, "{}", page.text);
    let chief_id = club.app.person_id("Chief");
    let mail = league::db::outbox::list(&mut club.app.db(), None, 100).expect("outbox");
    assert!(
        mail.iter()
            .any(|m| m.person_id == Some(chief_id) && m.subject.contains("В.3.3")),
        "{:?}",
        mail.iter().map(|m| &m.subject).collect::<Vec<_>>()
    );
    let todo = club.app.get_with(&chief, "/todo").await;
    let items = todo.texts("main li").join(" ");
    assert!(items.contains("В.3.3"), "{items}");
    // The chief judge reads it on the match page and answers once.
    let page = club.app.get_with(&chief, &url).await;
    let listed = page.texts("#violations li").join(" ");
    assert!(
        listed.contains(what) && listed.contains("доска 3"),
        "{listed}"
    );
    let answer = page
        .attr("#violations form", "action")
        .expect("the answer form");
    let page = club
        .app
        .post_with(
            &chief,
            &answer,
            &[("answer", "G-G5 imposed on the opponent")],
        )
        .await;
    assert_eq!(page.status, StatusCode::SEE_OTHER, "{}", page.text);
    let page = club.app.get_with(&teams[0].captain, &url).await;
    assert!(
        page.select_text("#violations p.answer")
            .unwrap_or_default()
            .contains("G-G5 imposed"),
        "{}",
        page.text
    );
    let captain_id = club.app.person_id(&teams[0].nicks[0]);
    let mail = league::db::outbox::list(&mut club.app.db(), None, 100).expect("outbox");
    assert_eq!(
        mail.iter()
            .filter(|m| m.person_id == Some(captain_id) && m.body.contains("G-G5 imposed"))
            .count(),
        1
    );
    // Answering again changes nothing and sends nothing.
    let page = club
        .app
        .post_with(&chief, &answer, &[("answer", "again")])
        .await;
    assert_eq!(page.status, StatusCode::SEE_OTHER);
    let again = league::db::outbox::list(&mut club.app.db(), None, 100).expect("outbox");
    assert_eq!(again.len(), mail.len());
    // Nothing left to do for the chief judge.
    let todo = club.app.get_with(&chief, "/todo").await;
    assert!(!todo.texts("main li").join(" ").contains("G-V33"));
}

/// The SELECT statements of `sql` that ran more than once with the same
/// bound values: what a request read twice (the pool's check-out test of
/// a PostgreSQL connection, `SELECT 1`, is not a read).
fn read_twice(sql: &[String]) -> Vec<&String> {
    let mut seen = std::collections::HashMap::new();
    for s in sql
        .iter()
        .filter(|s| s.starts_with("SELECT") && s.trim() != "SELECT 1")
    {
        *seen.entry(s).or_insert(0) += 1;
    }
    seen.into_iter()
        .filter(|(_, n)| *n > 1)
        .map(|(s, _)| s)
        .collect()
}

/// How many statements of `sql` read the table `table` (named after FROM,
/// in diesel's quoting of either backend).
fn reads_of(sql: &[String], table: &str) -> usize {
    let named = [format!("FROM `{table}`"), format!("FROM \"{table}\"")];
    sql.iter()
        .filter(|s| s.starts_with("SELECT") && named.iter().any(|n| s.contains(n.as_str())))
        .count()
}

#[tokio::test]
async fn a_line_up_and_a_round_sheet_each_read_the_tournament_and_its_regulation_once() {
    let club = Club::new("G").await;
    let (teams, t) = drawn_with_substitutes(&club).await;
    let ladya = entry_id(&club, t, "Ладья");
    let lineup = format!("{}/entries/{ladya}/lineup", club.tournament_url(t));
    let mut fields = vec![("round".to_owned(), "1".to_owned())];
    for (i, nick) in ["la1", "la2", "la3", "la4", "la5"].iter().enumerate() {
        fields.push((
            format!("board{}", i + 1),
            club.app.person_id(nick).to_string(),
        ));
    }
    let body: Vec<(&str, &str)> = fields
        .iter()
        .map(|(k, v)| (k.as_str(), v.as_str()))
        .collect();
    let (page, sql) = club
        .app
        .post_counted(&teams[0].captain, &lineup, &body)
        .await;
    assert_eq!(page.status, StatusCode::SEE_OTHER, "{}", page.text);
    assert!(
        read_twice(&sql).is_empty(),
        "read twice: {:#?}",
        read_twice(&sql)
    );
    // The championship's row holds the regulation: one read of it and of
    // its versions, whatever the number of players checked (G-A7).
    assert_eq!(reads_of(&sql, "championships"), 1, "{sql:#?}");
    assert_eq!(reads_of(&sql, "regulation_versions"), 1, "{sql:#?}");
    assert_eq!(
        reads_of(&sql, "bans"),
        1,
        "one read for every player: {sql:#?}"
    );
    let lineup_statements = sql.len();

    // The judge's sheet of round 1, every game decided.
    let url = club.tournament_url(t);
    crate::club::publish_last(&club, &url).await;
    let page = club.app.get_with(&club.root, &url).await;
    let rows = scraper::Selector::parse("#round-1 tr.game").expect("selector");
    let mut sheet = Vec::new();
    for tr in page.html.select(&rows) {
        if let Some((id, version, _)) = crate::club::sheet_cell(&tr) {
            sheet.push((format!("v{id}"), version));
            sheet.push((format!("r{id}"), "1-0".to_owned()));
        }
    }
    assert_eq!(sheet.len(), 2 * 20, "four matches of five boards");
    let action = page
        .attr("#round-1 form.result-sheet", "action")
        .expect("the round's result sheet");
    let body: Vec<(&str, &str)> = sheet
        .iter()
        .map(|(k, v)| (k.as_str(), v.as_str()))
        .collect();
    let (page, sql) = club.app.post_counted(&club.root, &action, &body).await;
    assert_eq!(page.status, StatusCode::SEE_OTHER, "{}", page.text);
    assert!(
        read_twice(&sql).is_empty(),
        "read twice: {:#?}",
        read_twice(&sql)
    );
    // The sheet needs the tournament's state, not its regulation.
    assert_eq!(reads_of(&sql, "championships"), 0, "{sql:#?}");
    assert_eq!(reads_of(&sql, "games"), 1, "{sql:#?}");
    eprintln!(
        "line-up POST: {lineup_statements} statements; sheet of 20 games: {}",
        sql.len()
    );
}

/// The games of Ладья's match in round `round` on `board`, as
/// (game id, game number, Ладья's player's nick or "").
fn ladya_board(club: &Club, t: i64, round: i32, board: i32) -> Vec<(i64, i32, String)> {
    let mut conn = club.app.db();
    let ladya = entry_id(club, t, "Ладья");
    let rounds =
        league::db::rounds::of_tournament(&mut conn, league::ids::TournamentId(t)).expect("rounds");
    let ids: Vec<_> = rounds
        .iter()
        .filter(|r| r.number == round)
        .map(|r| r.id)
        .collect();
    let matches = league::db::rounds::matches_of_rounds(&mut conn, &ids).expect("matches");
    let m = matches
        .iter()
        .find(|m| m.home_entry_id == ladya || m.away_entry_id == Some(ladya))
        .expect("Ладья's match");
    let home = m.home_entry_id == ladya;
    league::db::rounds::games_of_matches(&mut conn, &[m.id])
        .expect("games")
        .into_iter()
        .filter(|g| g.board == board)
        .map(|g| {
            let p = if home {
                g.home_player_id
            } else {
                g.away_player_id
            };
            let nick = p
                .map(|p| {
                    league::db::people::nicks_of(&mut conn, &[p]).expect("nick")[0]
                        .1
                        .clone()
                })
                .unwrap_or_default();
            (g.id.0, g.game_no, nick)
        })
        .collect()
}

#[tokio::test]
async fn g_a7_g_g7_a_board_emptied_by_a_ban_takes_only_its_forfeit_until_a_substitute_fills_it_for_good()
 {
    let club = Club::new("G").await;
    let (teams, t) = drawn_with_substitutes(&club).await;
    let turl = club.tournament_url(t);
    // la2 (board 2) is banned before round 1 is published: publication
    // takes him off his board.
    ban_now(&club, "la2").await;
    publish_last(&club, &turl).await;
    let games = ladya_board(&club, t, 1, 2);
    assert!(
        games.iter().all(|(_, _, nick)| nick.is_empty()),
        "{games:?}"
    );
    // A result played over the board cannot stand on the empty board.
    let (game, _, _) = games[0];
    let version = league::db::rounds::game_by_id(&mut club.app.db(), league::ids::GameId(game))
        .expect("game")
        .expect("exists")
        .version
        .to_string();
    for result in ["1-0", "1/2", "0-1"] {
        let page = club
            .app
            .post_with(
                &club.root,
                &format!("{turl}/games/{game}/result"),
                &[("result", result), ("version", &version)],
            )
            .await;
        assert_eq!(
            page.status,
            StatusCode::UNPROCESSABLE_ENTITY,
            "{result}: {}",
            page.text
        );
        assert!(page.text.contains("неявкой"), "{}", page.text);
    }
    // The judge's sheet offers the board's forfeit.
    let page = club.app.get_with(&club.root, &turl).await;
    let offered = page
        .attr(&format!("input[name=r{game}]"), "value")
        .expect("the sheet's cell");
    assert!(offered == "+" || offered == "-", "{offered}");
    // The captain fills the board from the match page's lists: table 2,
    // the substitute la6; from the first game.
    let url = match_url(&club, t, 1, "Ладья").await;
    let la6 = club.app.person_id("la6").0.to_string();
    let page = club
        .app
        .post_with(
            &teams[0].captain,
            &format!("{url}/substitution"),
            &[
                ("announcement", ""),
                ("board", "2"),
                ("replacement", &la6),
                ("from_game", "1"),
                ("reason", "captain"),
            ],
        )
        .await;
    assert_eq!(page.status, StatusCode::SEE_OTHER, "{}", page.text);
    let games = ladya_board(&club, t, 1, 2);
    assert!(games.iter().all(|(_, _, nick)| nick == "la6"), "{games:?}");
    // Round 1 is played; round 2 keeps la6 on board 2 (the removed player
    // stays removed, the substitute keeps his board).
    for name in ["Ладья", "Конь", "Слон", "Ферзь"] {
        let page = club.app.get_with(&club.root, &turl).await;
        if page.select_text("#round-1 form.result-sheet").is_none() {
            break;
        }
        judge_results(&club, t, 1, name, "1-0", 100).await;
    }
    let page = club
        .app
        .post_with(&club.root, &format!("{turl}/rounds"), &[])
        .await;
    assert_eq!(page.status, StatusCode::SEE_OTHER, "{}", page.text);
    publish_last(&club, &turl).await;
    let games = ladya_board(&club, t, 2, 2);
    assert!(
        !games.is_empty() && games.iter().all(|(_, _, nick)| nick == "la6"),
        "{games:?}"
    );
}

#[tokio::test]
async fn g_v31_a_substitute_plays_from_the_game_the_substitution_was_announced_before() {
    let club = Club::new("G").await;
    let (teams, t) = drawn_with_substitutes(&club).await;
    let turl = club.tournament_url(t);
    publish_last(&club, &turl).await;
    // la3 played game 1 of board 3; its result is not typed yet when the
    // captain announces la6 for game 2.
    let url = match_url(&club, t, 1, "Ладья").await;
    let page = club
        .app
        .post_with(
            &teams[0].captain,
            &format!("{url}/substitution"),
            &[
                ("announcement", "Ладья 3, la3 => la6"),
                ("from_game", "2"),
                ("reason", "captain"),
            ],
        )
        .await;
    assert_eq!(page.status, StatusCode::SEE_OTHER, "{}", page.text);
    let games = ladya_board(&club, t, 1, 3);
    let by_game: Vec<(i32, &str)> = games.iter().map(|(_, n, p)| (*n, p.as_str())).collect();
    assert_eq!(by_game, [(1, "la3"), (2, "la6")]);
    // A game with its result is played: nobody comes into it.
    let (game1, _, _) = games[0];
    let page = club
        .app
        .post_with(
            &club.root,
            &format!("{turl}/games/{game1}/result"),
            &[("result", "1/2"), ("version", "0")],
        )
        .await;
    assert_eq!(page.status, StatusCode::SEE_OTHER, "{}", page.text);
    let page = club
        .app
        .post_with(
            &teams[0].captain,
            &format!("{url}/substitution"),
            &[
                ("announcement", "Ладья 4, la4 => la7"),
                ("from_game", "1"),
                ("reason", "captain"),
            ],
        )
        .await;
    // Board 4's game 1 has no result yet, so this one stands; board 3's
    // game 1 (with its result) cannot be entered.
    assert_eq!(page.status, StatusCode::SEE_OTHER, "{}", page.text);
    let page = club
        .app
        .post_with(
            &teams[0].captain,
            &format!("{url}/substitution"),
            &[
                ("announcement", "Ладья 3, la6 => la7"),
                ("from_game", "1"),
                ("reason", "captain"),
            ],
        )
        .await;
    assert_eq!(page.status, StatusCode::UNPROCESSABLE_ENTITY);
}

#[tokio::test]
async fn g_v23_a_completed_round_changes_only_by_a_correction_with_its_reason() {
    let club = Club::new("G").await;
    let (_teams, t) = drawn_with_substitutes(&club).await;
    let turl = club.tournament_url(t);
    publish_last(&club, &turl).await;
    for name in ["Ладья", "Конь", "Слон", "Ферзь"] {
        let page = club.app.get_with(&club.root, &turl).await;
        if page.select_text("#round-1 form.result-sheet").is_none() {
            break;
        }
        judge_results(&club, t, 1, name, "1-0", 100).await;
    }
    // The completed round shows no sheet, a "Correct" link per game.
    let page = club.app.get_with(&club.root, &turl).await;
    assert!(page.select_text("#round-1 form.result-sheet").is_none());
    let links = crate::club::correct_links(&page);
    assert_eq!(links.len(), 20);
    // The night's form is refused on it.
    let (game, _, _) = ladya_board(&club, t, 1, 1)[0];
    let version = league::db::rounds::game_by_id(&mut club.app.db(), league::ids::GameId(game))
        .expect("game")
        .expect("exists")
        .version
        .to_string();
    let page = club
        .app
        .post_with(
            &club.root,
            &format!("{turl}/games/{game}/result"),
            &[("result", "1/2"), ("version", &version)],
        )
        .await;
    assert_eq!(page.status, StatusCode::UNPROCESSABLE_ENTITY);
    assert!(page.text.contains("завершён"), "{}", page.text);
    // A correction without a reason changes nothing.
    let game_url = format!("{turl}/games/{game}");
    let page = crate::club::correct(&club, &game_url, "1/2", " ").await;
    assert_eq!(page.status, StatusCode::UNPROCESSABLE_ENTITY);
    let result = |club: &Club| {
        league::db::rounds::game_by_id(&mut club.app.db(), league::ids::GameId(game))
            .expect("game")
            .expect("exists")
            .result
    };
    assert_ne!(result(&club), "1/2");
    let mails_before = league::db::outbox::list(&mut club.app.db(), None, 1000)
        .expect("outbox")
        .len();
    let page = crate::club::correct(&club, &game_url, "1/2", "бланк судьи: ничья").await;
    assert_eq!(page.status, StatusCode::SEE_OTHER, "{}", page.text);
    assert_eq!(result(&club), "1/2");
    // Audited with its reason, and told to both captains and the judges.
    let audit = league::db::audit::recent(&mut club.app.db(), 200).expect("audit");
    assert!(
        audit
            .iter()
            .any(|a| a.action == "game.result" && a.detail.contains("бланк судьи: ничья")),
        "{audit:?}"
    );
    let mails = league::db::outbox::list(&mut club.app.db(), None, 1000).expect("outbox");
    let told: Vec<_> = mails
        .iter()
        .filter(|m| m.body.contains("бланк судьи: ничья"))
        .collect();
    assert!(told.len() >= 2, "{told:?}");
    assert!(mails.len() > mails_before);
}

/// G-V23 under concurrent judges (PostgreSQL, where results writes of a
/// tournament run at once): while one write gives the round's last unplayed
/// game its result, another judge's change of a played result of that
/// round waits for it, then finds the round complete and is refused: a
/// completed round's result changes only by a correction, never past the
/// moment it completed.
#[tokio::test]
async fn g_v23_a_played_result_waits_for_the_write_that_completes_its_round() {
    use diesel::RunQueryDsl;
    use league::app::rounds::RoundProblem;
    use league::db::rounds::{self as r, RoundHold};
    use league::ids::{GameId, PersonId, TournamentId};
    use league::rules::score::BoardResult;

    let club = Club::new("G").await;
    if !matches!(club.app.db(), league::db::DbConnection::Postgresql(_)) {
        // SQLite runs one write transaction at a time: nothing to interleave.
        return;
    }
    let (_teams, t) = drawn_with_substitutes(&club).await;
    let turl = club.tournament_url(t);
    publish_last(&club, &turl).await;
    let mut conn = club.app.db();
    let round = r::of_tournament(&mut conn, TournamentId(t)).expect("rounds")[0].id;
    let matches = r::matches_of_rounds(&mut conn, &[round]).expect("matches");
    let ids: Vec<_> = matches.iter().map(|m| m.id).collect();
    let mut games = r::games_of_matches(&mut conn, &ids).expect("games");
    games.sort_by_key(|g| g.id);
    // Every game played but the last.
    let last = games.pop().expect("a game");
    let ids: Vec<String> = games.iter().map(|g| g.id.0.to_string()).collect();
    diesel::sql_query(format!(
        "UPDATE games SET result = '1-0', version = version + 1 WHERE id IN ({})",
        ids.join(",")
    ))
    .execute(&mut conn)
    .expect("played");
    let played = r::game_by_id(&mut conn, games[0].id)
        .expect("q")
        .expect("game");
    let judge: PersonId = club.app.person_id("Root");
    let now = league::db::utc_now();
    // The write that completes the round holds it, and takes its time.
    let (held, holds) = std::sync::mpsc::channel();
    let mut first = club.app.db();
    let completing = std::thread::spawn(move || {
        league::db::write_transaction(&mut first, |tx| {
            r::hold(tx, round, RoundHold::Alone)?;
            held.send(()).expect("told");
            std::thread::sleep(std::time::Duration::from_millis(400));
            r::decide_result(
                tx,
                last.id,
                last.version,
                BoardResult::HomeWin,
                Some(judge),
                now,
            )
        })
        .expect("the last game's result")
    });
    holds.recv().expect("held");
    let mut second = club.app.db();
    let started = std::time::Instant::now();
    let change = league::app::rounds::record_result(
        &mut second,
        TournamentId(t),
        played.id,
        played.version,
        BoardResult::Draw,
        judge,
        now,
    );
    let waited = started.elapsed();
    assert!(
        completing.join().expect("the first write"),
        "the last game was recorded"
    );
    assert!(
        waited >= std::time::Duration::from_millis(200),
        "the change did not wait for the round ({waited:?})"
    );
    match change {
        Err(league::app::PlayError::Refused(problems)) => assert!(
            problems
                .iter()
                .any(|p| matches!(p, RoundProblem::RoundCompleted { .. })),
            "{problems:?}"
        ),
        other => panic!("a played result changed past the round's completion: {other:?}"),
    }
    let now_is = r::game_by_id(&mut conn, GameId(played.id.0))
        .expect("q")
        .expect("game");
    assert_eq!(now_is.result, "1-0");
}

#[tokio::test]
async fn g_a2_r_1_1_no_result_is_entered_before_the_tournaments_start() {
    let club = Club::new("G").await;
    let (_teams, t) = crate::club::four_entered(&club).await;
    let turl = club.tournament_url(t);
    // Drawn and published ahead of the start (20 minutes from now).
    let page = club
        .app
        .post_with(&club.root, &format!("{turl}/draw"), &[("seed", "7")])
        .await;
    assert_eq!(page.status, StatusCode::SEE_OTHER, "{}", page.text);
    publish_last(&club, &turl).await;
    let (game, _, _) = ladya_board(&club, t, 1, 1)[0];
    let result_url = format!("{turl}/games/{game}/result");
    let form = [("result", "1-0"), ("version", "0")];
    let page = club.app.post_with(&club.root, &result_url, &form).await;
    assert_eq!(page.status, StatusCode::UNPROCESSABLE_ENTITY);
    assert!(page.text.contains("с начала турнира"), "{}", page.text);
    assert_eq!(
        league::db::rounds::game_by_id(&mut club.app.db(), league::ids::GameId(game))
            .expect("game")
            .expect("exists")
            .result,
        "pending"
    );
    // From the start on, it is.
    club.started(&turl);
    let page = club.app.post_with(&club.root, &result_url, &form).await;
    assert_eq!(page.status, StatusCode::SEE_OTHER, "{}", page.text);
}

/// The stored result of a game.
fn stored_result(club: &Club, game: i64) -> (String, String) {
    let g = league::db::rounds::game_by_id(&mut club.app.db(), league::ids::GameId(game))
        .expect("game")
        .expect("exists");
    (g.result, g.version.to_string())
}

/// The judge's one-game result: the page's answer.
async fn one_result(club: &Club, t: i64, game: i64, result: &str) -> crate::helpers::Page {
    let (_, version) = stored_result(club, game);
    club.app
        .post_with(
            &club.root,
            &format!("{}/games/{game}/result", club.tournament_url(t)),
            &[("result", result), ("version", &version)],
        )
        .await
}

#[tokio::test]
async fn g_a7_a_ban_during_a_round_takes_the_player_off_the_boards_still_to_be_played() {
    let club = Club::new("G").await;
    let (_, t) = drawn_with_substitutes(&club).await;
    publish_last(&club, &club.tournament_url(t)).await;
    // la2 (board 2) plays game 1; then he is banned with game 2 to come.
    let games = ladya_board(&club, t, 1, 2);
    assert!(games.iter().all(|(_, _, nick)| nick == "la2"), "{games:?}");
    let (first, second) = (games[0].0, games[1].0);
    let page = one_result(&club, t, first, "1/2").await;
    assert_eq!(page.status, StatusCode::SEE_OTHER, "{}", page.text);
    ban_now(&club, "la2").await;
    // Game 1, played before the ban, stands with its player; game 2 has
    // nobody on Ладья's side, and only its forfeit can be entered.
    let games = ladya_board(&club, t, 1, 2);
    assert_eq!(games[0].2, "la2", "{games:?}");
    assert_eq!(games[1].2, "", "{games:?}");
    assert_eq!(stored_result(&club, first).0, "1/2");
    let page = one_result(&club, t, second, "1-0").await;
    assert_eq!(
        page.status,
        StatusCode::UNPROCESSABLE_ENTITY,
        "{}",
        page.text
    );
    let url = match_url(&club, t, 1, "Ладья").await;
    let match_page = club.app.get_with(&club.root, &url).await;
    let forfeit = if is_home(&match_page, "Ладья") {
        "-+"
    } else {
        "+-"
    };
    let page = one_result(&club, t, second, forfeit).await;
    assert_eq!(page.status, StatusCode::SEE_OTHER, "{}", page.text);
}

#[tokio::test]
async fn g_b31_g_b32_a_player_who_moves_to_another_team_leaves_his_boards_still_to_be_played() {
    let club = Club::new("G").await;
    let (teams, t) = drawn_with_substitutes(&club).await;
    publish_last(&club, &club.tournament_url(t)).await;
    // la3 (board 3) moves to Конь during round 1 (G-B33): from then on he
    // is no member of Ладья, whose board 3 is emptied for the games to come.
    let la3 = crate::helpers::new_client();
    club.app
        .log_in_with(&la3, "la3", crate::helpers::PASSWORD)
        .await;
    club.app
        .invite_and_accept(&teams[1].captain, teams[1].id, &la3, "la3")
        .await;
    let games = ladya_board(&club, t, 1, 3);
    assert!(
        games.iter().all(|(_, _, nick)| nick.is_empty()),
        "{games:?}"
    );
    // The captain is told, as for any player taken off a board.
    let told = unfit_notices(&club, "la3");
    assert!(
        told.iter().any(|m| m.address == "la1@club.example"),
        "{told:?}"
    );
}

#[tokio::test]
async fn g_g2_a_withdrawal_against_an_empty_board_is_lost_by_both_sides() {
    let club = Club::new("G").await;
    let (_, t) = drawn_with_substitutes(&club).await;
    let turl = club.tournament_url(t);
    publish_last(&club, &turl).await;
    // Ладья's board 2 is emptied by a ban; then the judge withdraws
    // Ладья's opponent (G-G2): on board 2 nobody of either side plays.
    ban_now(&club, "la2").await;
    let url = match_url(&club, t, 1, "Ладья").await;
    let page = club.app.get_with(&club.root, &url).await;
    let opponent_is_home = !is_home(&page, "Ладья");
    let opponent = {
        let conn = &mut club.app.db();
        let ladya = entry_id(&club, t, "Ладья");
        let rounds =
            league::db::rounds::of_tournament(conn, league::ids::TournamentId(t)).expect("rounds");
        let matches = league::db::rounds::matches_of_rounds(conn, &[rounds[0].id]).expect("m");
        let m = matches
            .iter()
            .find(|m| m.home_entry_id == ladya || m.away_entry_id == Some(ladya))
            .expect("Ладья's match");
        if opponent_is_home {
            m.home_entry_id
        } else {
            m.away_entry_id.expect("an opponent")
        }
    };
    let page = club
        .app
        .post_with(
            &club.root,
            &format!("{turl}/entries/{opponent}/retire"),
            &[("reason", "no players left")],
        )
        .await;
    assert_eq!(page.status, StatusCode::SEE_OTHER, "{}", page.text);
    for (game, _, _) in ladya_board(&club, t, 1, 2) {
        assert_eq!(stored_result(&club, game).0, "--", "board 2, game {game}");
    }
    for (game, _, _) in ladya_board(&club, t, 1, 1) {
        let lost_by_opponent = if opponent_is_home { "-+" } else { "+-" };
        assert_eq!(stored_result(&club, game).0, lost_by_opponent);
    }
}

/// A regulation's board order by rating (ratings: boards in descending
/// order of the rating counted, within a tolerance) is checked when the
/// captain submits a line-up: a substitute rated far above the player on
/// board 1 is refused in words naming both, nothing saved; one within the
/// tolerance of the board below is accepted.
#[tokio::test]
async fn ratings_board_order_is_checked_at_the_line_up_with_both_players_named() {
    let club = Club::new("G").await;
    let (teams, t) = drawn_with_substitutes(&club).await;
    club.edit_regulation(|r| r.ratings.board_order = Some(50));
    let day = chrono::Utc::now().date_naive() - chrono::Duration::days(3);
    let rated = |nick: &str, value: i32| (club.app.person_id(nick), day, value);
    club.app.server_blitz_ratings(&[
        rated("la1", 1800),
        rated("la2", 1700),
        rated("la3", 1600),
        rated("la4", 1500),
        rated("la5", 1400),
        rated("la6", 1900),
        rated("la7", 1460),
    ]);
    let ladya = entry_id(&club, t, "Ладья");
    let lineup = format!("{}/entries/{ladya}/lineup", club.tournament_url(t));
    // The form says the rule and shows each player's rating.
    let form = club.app.get_with(&teams[0].captain, &lineup).await;
    assert!(form.select_text("#lineup-board-order").is_some());
    let options = form.texts("#r1-board3 option");
    assert!(
        options
            .iter()
            .any(|o| o.contains("la6") && o.contains("1900")),
        "{options:?}"
    );
    let page = post_lineup(
        &club,
        &teams[0].captain,
        &lineup,
        "1",
        &["la1", "la2", "la6", "la4", "la5"],
    )
    .await;
    assert_eq!(
        page.status,
        StatusCode::UNPROCESSABLE_ENTITY,
        "{}",
        page.text
    );
    let problems = page.texts("#lineup-problems li");
    assert_eq!(problems.len(), 1, "{problems:?}");
    assert!(
        problems[0].contains("la6")
            && problems[0].contains("1900")
            && problems[0].contains("la1")
            && problems[0].contains("1800")
            && problems[0].contains("50"),
        "{problems:?}"
    );
    // 1460 on board 3 above la4's 1500: within 50.
    let page = post_lineup(
        &club,
        &teams[0].captain,
        &lineup,
        "1",
        &["la1", "la2", "la7", "la4", "la5"],
    )
    .await;
    assert_eq!(page.status, StatusCode::SEE_OTHER, "{}", page.text);
    // The match page shows each player's rating beside the name.
    let url = match_url(&club, t, 1, "Ладья").await;
    let page = club.app.get_with(&club.root, &url).await;
    let shown = page.texts("table.pairings tr.game span.rating");
    for rating in ["1800", "1700", "1460", "1500", "1400"] {
        assert!(shown.iter().any(|r| r == rating), "{rating}: {shown:?}");
    }
}
