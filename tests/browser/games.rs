//! Game records through the pages, in a real browser: the judge uploads a
//! round's PGN file from the tournament page, reads the preview (a game
//! left out with its reason), confirms, opens a game with its board, and
//! reads the fair-play evidence of a player. Screenshots of each page at
//! desktop and phone width.

use crate::club::Club;
use crate::driver::{Browser, artifacts_dir};
use crate::game_files::{pairing, round_one, timed_game};

#[tokio::test]
#[ignore = "needs chromium and chromedriver: .ci/run installs them"]
async fn the_judge_imports_a_rounds_pgn_file_and_opens_a_game() {
    let club = Club::new("G").await;
    let (t, url) = round_one(&club).await;
    let boards = pairing(&club, t, 1);
    // Every game of round 1 as the game server wrote it, White holding
    // 2 s a move, and one game of two people who play nothing here.
    let mut pgn: String = boards
        .iter()
        .map(|b| timed_game(&b.white, &b.black, 2))
        .collect();
    pgn += &timed_game("stranger1", "stranger2", 4);
    let file = artifacts_dir().join("round-1.pgn");
    std::fs::create_dir_all(artifacts_dir()).expect("artifacts dir");
    std::fs::write(&file, &pgn).expect("write the PGN file");

    let judge = Browser::signed_in(&club.app.address, "Root").await;
    judge.open(&url).await;
    judge.follow("Импорт партий (PGN)").await;
    judge.choose("Для", "Тур 1").await;
    judge
        .attach("Файл PGN", file.to_str().expect("a path"))
        .await;
    Browser::both_widths(&judge, "pgn-import-form").await;
    judge.press("Показать предварительный просмотр").await;

    let counts = judge.texts("#games-counts li").await;
    assert!(
        counts.contains(&format!("{} — будет записан результат", boards.len())),
        "{counts:?}"
    );
    assert!(counts.contains(&"1 — пропущено".to_owned()), "{counts:?}");
    let left = judge.texts("tr.games-left td:last-child").await;
    assert_eq!(left.len(), 1, "{left:?}");
    assert!(
        left[0].contains("stranger1") && left[0].contains("не играет"),
        "{left:?}"
    );
    Browser::both_widths(&judge, "pgn-import-preview").await;
    judge.press("Записать и сохранить").await;

    let flash = judge.texts(".flash").await.join(" ");
    assert!(
        flash.contains(&format!("записано результатов — {}", boards.len())),
        "{flash}"
    );
    Browser::both_widths(&judge, "pgn-import-done").await;
    // The first game, as the outcome names it, with its board.
    let first = judge
        .texts("table.games-preview tbody tr td:nth-child(5) a")
        .await;
    judge.follow(&first[0]).await;
    assert!(judge.path().await.contains("/games/"), "a game page");
    assert_eq!(
        judge.texts("#game-board svg").await.len(),
        1,
        "the final position"
    );
    assert_eq!(judge.texts("a[download]").await.len(), 1, "the game's PGN");
    Browser::both_widths(&judge, "game-page").await;

    // The fair-play evidence for the first board's White: a first search
    // by nick alone covers the whole championship, so both games of the
    // pairing (one with each colour, 12 moves each) are counted.
    judge
        .open(&format!("/championships/{}/fair-play/evidence", club.id))
        .await;
    judge.fill("Ник игрока", &boards[0].white).await;
    judge.press("Показать").await;
    let rows = judge.texts("table.evidence-times tbody tr").await;
    assert!(
        rows.first()
            .is_some_and(|r| r.starts_with("Этот игрок, эти турниры 24 ")),
        "the player's 24 moves in this span: {rows:?}"
    );
    assert_eq!(
        judge.texts("#evidence-chart svg").await.len(),
        1,
        "the chart"
    );
    Browser::both_widths(&judge, "fair-play-evidence").await;

    judge.quit().await;
}
