//! The judge's result sheet: a whole round in one form, in the notation
//! arbiters write (`1 0 = + - -- R`), every problem shown beside its game
//! at once and nothing stored unless the whole sheet is valid; a game
//! changed by someone else meanwhile refuses the sheet with its current
//! value.

use reqwest::StatusCode;

use crate::club::{Club, four_entered, publish_last, sheet_cell};
use crate::helpers::Page;
use league::ids::TournamentId;

/// Round 1 of a drawn and published four-team G tournament; its URL.
async fn round_one(club: &Club) -> String {
    let (_, t) = four_entered(club).await;
    let url = club.tournament_url(t);
    let page = club
        .app
        .post_with(&club.root, &format!("{url}/draw"), &[("seed", "5")])
        .await;
    club.started(&url);
    assert_eq!(page.status, StatusCode::SEE_OTHER, "{}", page.text);
    publish_last(club, &url).await;
    url
}

/// Every cell of round 1's sheet: (game id, version, cell id).
fn cells(page: &Page) -> Vec<(i64, String, String)> {
    let rows = scraper::Selector::parse("#round-1 tr.game").expect("selector");
    page.html
        .select(&rows)
        .filter_map(|tr| sheet_cell(&tr))
        .collect()
}

async fn send(club: &Club, page: &Page, fields: &[(String, String)]) -> Page {
    crate::club::send_sheet(club, page, 1, fields).await
}

fn stored(club: &Club, url: &str) -> Vec<String> {
    let t: i64 = url
        .rsplit('/')
        .next()
        .and_then(|t| t.parse().ok())
        .expect("t");
    let mut conn = club.app.db();
    let rounds = league::db::rounds::of_tournament(&mut conn, TournamentId(t)).expect("rounds");
    let ids: Vec<_> = rounds
        .iter()
        .filter(|r| r.number == 1)
        .map(|r| r.id)
        .collect();
    let matches = league::db::rounds::matches_of_rounds(&mut conn, &ids).expect("matches");
    let ids: Vec<_> = matches.iter().map(|m| m.id).collect();
    let mut games = league::db::rounds::games_of_matches(&mut conn, &ids).expect("games");
    games.sort_by_key(|g| g.id);
    games.into_iter().map(|g| g.result).collect()
}

#[tokio::test]
async fn a_judge_enters_a_whole_round_of_twenty_games_in_one_sheet() {
    let club = Club::new("G").await;
    let url = round_one(&club).await;
    let page = club.app.get_with(&club.root, &url).await;
    let cells = cells(&page);
    assert_eq!(cells.len(), 20, "2 matches × 5 boards × 2 games");
    // Tab goes from cell to cell across matches: the table-number links
    // between them are out of the sheet's Tab order.
    let links = page.attrs("form.result-sheet tr.match a", "tabindex");
    assert_eq!(links, ["-1", "-1"], "{links:?}");
    let notation = ["1", "0", "=", "+", "-", "--", "½", "1-0", "0:1", "R"];
    let mut fields = Vec::new();
    for (i, (id, version, _)) in cells.iter().enumerate() {
        fields.push((format!("v{id}"), version.clone()));
        fields.push((format!("r{id}"), notation[i % notation.len()].to_owned()));
    }
    let answer = send(&club, &page, &fields).await;
    assert_eq!(answer.status, StatusCode::SEE_OTHER, "{}", answer.text);
    let page = club.app.get_with(&club.root, &url).await;
    assert!(
        page.flash().contains("Сохранено 20 результатов"),
        "{}",
        page.flash()
    );
    let codes = [
        "1-0", "0-1", "1/2", "+-", "-+", "--", "1/2", "1-0", "0-1", "replay",
    ];
    let mut by_id: Vec<(i64, &str)> = cells
        .iter()
        .enumerate()
        .map(|(i, (id, _, _))| (*id, codes[i % codes.len()]))
        .collect();
    by_id.sort();
    assert_eq!(
        stored(&club, &url),
        by_id.iter().map(|(_, c)| c.to_string()).collect::<Vec<_>>()
    );
    // The sheet shows the stored results in its own notation.
    let shown: Vec<String> = cells
        .iter()
        .map(|(_, _, cell)| page.attr(&format!("#{cell}"), "value").unwrap_or_default())
        .collect();
    assert_eq!(&shown[..3], ["1", "0", "="]);
}

#[tokio::test]
async fn a_sheet_with_a_bad_cell_stores_nothing_and_marks_the_cell() {
    let club = Club::new("G").await;
    let url = round_one(&club).await;
    let page = club.app.get_with(&club.root, &url).await;
    let cells = cells(&page);
    let before = stored(&club, &url);
    let mut fields = Vec::new();
    for (i, (id, version, _)) in cells.iter().enumerate() {
        fields.push((format!("v{id}"), version.clone()));
        fields.push((format!("r{id}"), if i == 3 { "2" } else { "1" }.to_owned()));
    }
    let answer = send(&club, &page, &fields).await;
    assert_eq!(answer.status, StatusCode::UNPROCESSABLE_ENTITY);
    let bad = &cells[3].2;
    assert_eq!(
        answer.select_text(&format!("#{bad}-error")).as_deref(),
        Some("Это не результат: напишите 1, 0, =, +, -, --, R или оставьте пустым.")
    );
    assert_eq!(
        answer.attr(&format!("#{bad}"), "value").as_deref(),
        Some("2")
    );
    assert_eq!(
        answer.attr(&format!("#{}", cells[4].2), "value").as_deref(),
        Some("1"),
        "what was typed elsewhere is kept"
    );
    assert!(
        answer
            .select_text("#judge-problem")
            .is_some_and(|p| p.starts_with("Ведомость не сохранена: 1 партию")),
        "{}",
        answer.text
    );
    assert_eq!(stored(&club, &url), before, "nothing stored");
}

#[tokio::test]
async fn a_game_changed_meanwhile_refuses_the_sheet_with_its_current_value() {
    let club = Club::new("G").await;
    let url = round_one(&club).await;
    let page = club.app.get_with(&club.root, &url).await;
    let cells = cells(&page);
    // Another judge records two games first (through the one-game form).
    for (i, result) in [(0, "0-1"), (1, "1-0")] {
        let (id, version, _) = &cells[i];
        let answer = club
            .app
            .post_with(
                &club.root,
                &format!("{url}/games/{id}/result"),
                &[("result", result), ("version", version)],
            )
            .await;
        assert_eq!(answer.status, StatusCode::SEE_OTHER);
    }
    let before = stored(&club, &url);
    // The stale sheet: game 0 says otherwise, game 1 says the same.
    let mut fields = Vec::new();
    for (i, (id, version, _)) in cells.iter().enumerate() {
        fields.push((format!("v{id}"), version.clone()));
        fields.push((
            format!("r{id}"),
            if i == 0 { "1" } else { "1-0" }.to_owned(),
        ));
    }
    let answer = send(&club, &page, &fields).await;
    assert_eq!(answer.status, StatusCode::CONFLICT);
    let cell = &cells[0].2;
    assert_eq!(
        answer.attr(&format!("#{cell}"), "value").as_deref(),
        Some("0"),
        "the cell shows what the game holds now"
    );
    assert!(
        answer
            .select_text(&format!("#{cell}-error"))
            .is_some_and(|e| e.contains("0-1")),
        "{}",
        answer.text
    );
    assert!(
        answer
            .select_text(&format!("#{}-error", cells[1].2))
            .is_none()
    );
    assert_eq!(stored(&club, &url), before, "nothing stored");
    // Sent again from the page it answered, the sheet is saved.
    let fields: Vec<(String, String)> = crate::club::result_forms(&answer)
        .iter()
        .zip(&cells)
        .flat_map(|((_, version), (id, _, _))| {
            [
                (format!("v{id}"), version.clone()),
                (format!("r{id}"), "1".to_owned()),
            ]
        })
        .collect();
    let again = send(&club, &answer, &fields).await;
    assert_eq!(again.status, StatusCode::SEE_OTHER, "{}", again.text);
    assert!(stored(&club, &url).iter().all(|r| r == "1-0"));
}
