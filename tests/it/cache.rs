//! The standings cache: the season page and the
//! crosstable are served from memory while the championship's results
//! version stands, and a change made through one instance shows at once on
//! another instance sharing the database (two `Application`s on one SQLite
//! file or one PostgreSQL database, each with its own cache).
//!
//! Each page is read on both instances before every change, so that both
//! caches hold the old view; a cache that missed a version bump would
//! serve it and fail the comparison. Checked once: leaving the penalty
//! insert's bump out (`db::penalties::insert`) fails the penalty step.

use reqwest::StatusCode;

use crate::club::{Club, four_entered};
use crate::helpers::{Page, into_page, new_client};
use crate::results_pages::{draw_and_play_all, first_game_of, rank};

pub(crate) async fn get(base: &str, path: &str) -> Page {
    let page = into_page(
        new_client()
            .get(format!("{base}{path}"))
            .send()
            .await
            .expect("GET"),
    )
    .await;
    assert_eq!(page.status, StatusCode::OK, "{path}: {}", page.text);
    page
}

/// The game points column of a crosstable, row by row.
async fn crosstable_gp(base: &str, path: &str) -> Vec<(String, String)> {
    let page = get(base, path).await;
    page.texts("table.crosstable tbody th[scope=row]")
        .into_iter()
        .zip(page.texts("table.crosstable tbody td.gp"))
        .collect()
}

/// The season table: (entry, penalties, total) per row.
async fn season_rows(base: &str, path: &str) -> Vec<(String, String, String)> {
    let page = get(base, path).await;
    let names = page.texts("table.season tbody td:nth-child(2)");
    let pens = page.texts("table.season tbody td:nth-last-child(2)");
    let totals = page.texts("table.season td.total");
    names
        .into_iter()
        .zip(pens)
        .zip(totals)
        .map(|((n, p), t)| (n, p, t))
        .collect()
}

#[tokio::test]
async fn cache_a_result_a_finish_and_a_penalty_show_at_once_on_another_instance() {
    let club = Club::new("G").await;
    let one = club.app.url("");
    let (two, _, _) = club.app.second_instance().await;
    let (teams, t) = four_entered(&club).await;
    let url = club.tournament_url(t);
    let crosstable = format!("{url}/crosstable");
    let season = format!("/championships/{}/season", club.id);
    // Both caches hold the season before any result.
    for base in [&one, &two] {
        assert!(season_rows(base, &season).await.is_empty());
    }
    draw_and_play_all(&club, &url, "5", &|home, away| {
        if rank(home) < rank(away) {
            "1-0"
        } else {
            "0-1"
        }
    })
    .await;
    let before = crosstable_gp(&one, &crosstable).await;
    assert_eq!(crosstable_gp(&two, &crosstable).await, before);
    let kon = |rows: &[(String, String)]| {
        rows.iter()
            .find(|(n, _)| n == "Конь")
            .map(|(_, gp)| gp.clone())
            .expect("Конь's row")
    };
    assert_eq!(kon(&before), "20");

    // A result corrected through instance one: Слон wins board 1 of its
    // match with Конь, so Конь has 19 game points on both instances.
    let (action, version, kon_home) = first_game_of(&club, &url, "Конь", "Слон").await;
    let result = if kon_home { "0-1" } else { "1-0" };
    let page = club
        .app
        .post_with(
            &club.root,
            &action,
            &[
                ("result", result),
                ("version", &version),
                ("reason", "the arbiter's scoresheet"),
            ],
        )
        .await;
    assert_eq!(page.status, StatusCode::SEE_OTHER, "{}", page.text);
    let after = crosstable_gp(&two, &crosstable).await;
    assert_eq!(kon(&after), "19", "{after:?}");
    assert_eq!(crosstable_gp(&one, &crosstable).await, after);

    // The finish fills the season table on both instances.
    let page = club
        .app
        .post_with(&club.root, &format!("{url}/finish"), &[("confirm", "1")])
        .await;
    assert_eq!(page.status, StatusCode::SEE_OTHER, "{}", page.text);
    let finished = season_rows(&two, &season).await;
    assert_eq!(
        finished,
        [
            ("Ладья".to_owned(), String::new(), "12".to_owned()),
            ("Конь".to_owned(), String::new(), "8".to_owned()),
            ("Слон".to_owned(), String::new(), "6".to_owned()),
            ("Ферзь".to_owned(), String::new(), "4".to_owned()),
        ]
    );
    assert_eq!(season_rows(&one, &season).await, finished);

    // A penalty imposed through instance one, then revoked.
    let ladya = teams[0].id.to_string();
    let page = club
        .app
        .post_with(
            &club.root,
            &format!("/championships/{}/penalties", club.id),
            &[
                ("code", "G-G6"),
                ("team", &ladya),
                ("reason", "a second account at the board"),
            ],
        )
        .await;
    assert_eq!(page.status, StatusCode::SEE_OTHER, "{}", page.text);
    let penalised = season_rows(&two, &season).await;
    assert_eq!(
        penalised[0],
        ("Ладья".to_owned(), "−½".to_owned(), "11½".to_owned())
    );
    let id = page
        .location()
        .and_then(|l| l.rsplit("#penalty-").next())
        .expect("penalty anchor")
        .to_owned();
    let page = club
        .app
        .post_with(
            &club.root,
            &format!("/championships/{}/penalties/{id}/revoke", club.id),
            &[("reason", "the accounts belong to two people")],
        )
        .await;
    assert_eq!(page.status, StatusCode::SEE_OTHER, "{}", page.text);
    assert_eq!(season_rows(&two, &season).await, finished);
    assert_eq!(season_rows(&one, &season).await, finished);
}
