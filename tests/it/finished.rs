//! A finished tournament is final (G-V41: places and tournament points
//! are recorded at the finish): no page changes its results, line-ups or
//! entries, until the chief judge reopens it with a reason; the finish
//! and the reopening are told to those concerned; and the crosstable,
//! the places table, the season table and the history agree at every step
//! (a result, a penalty, the reopening, the finish again; decisions and
//! play-offs in appeals.rs and knockout.rs).

use league::ids::TournamentId;
use reqwest::StatusCode;

use crate::club::{correct, correct_links, finish, play_out, result_forms};
use crate::play::{Club, four_entered};

const ORDER: [&str; 4] = ["Ладья", "Конь", "Слон", "Ферзь"];

/// The stronger side (earlier in `ORDER`) wins every game.
fn stronger(home: &str, away: &str, _board: usize) -> &'static str {
    let rank = |n: &str| ORDER.iter().position(|x| *x == n).expect("known");
    if rank(home) < rank(away) {
        "1-0"
    } else {
        "0-1"
    }
}

/// What each view says of the tournament's order: the crosstable's ranks
/// and names, the places table, the season table, the history.
pub(crate) struct Views {
    pub(crate) crosstable: Vec<(String, String)>,
    pub(crate) places: Vec<(String, String)>,
    pub(crate) season: Vec<String>,
    pub(crate) history: Vec<String>,
}

pub(crate) async fn views(club: &Club, t: i64) -> Views {
    let url = club.tournament_url(t);
    let x = club.app.get(&format!("{url}/crosstable")).await;
    let page = club.app.get(&url).await;
    let season = club
        .app
        .get(&format!("/championships/{}/season", club.id))
        .await;
    let history = club
        .app
        .get(&format!("/championships/{}/history", club.id))
        .await;
    let zip = |a: Vec<String>, b: Vec<String>| a.into_iter().zip(b).collect::<Vec<_>>();
    Views {
        crosstable: zip(
            x.texts("table.crosstable tbody td:nth-child(1)"),
            x.texts("table.crosstable tbody th"),
        ),
        places: zip(
            page.texts("table.places tbody td:nth-child(1)"),
            page.texts("table.places tbody td:nth-child(2)"),
        ),
        season: season.texts("table.season tbody td:nth-child(2)"),
        history: history.texts("table.winners tbody tr"),
    }
}

/// The views agree: the places table is the crosstable's order, the season
/// table lists the entries in that order, the history names the winner.
pub(crate) fn assert_agree(v: &Views) {
    assert_eq!(v.places, v.crosstable, "places vs crosstable");
    let names: Vec<String> = v.places.iter().map(|(_, n)| n.clone()).collect();
    let (mut season, mut placed) = (v.season.clone(), names.clone());
    season.sort();
    placed.sort();
    assert_eq!(season, placed, "the season table has every placed entry");
    let winner = &names[0];
    assert!(
        v.history.iter().any(|h| h.contains(winner.as_str())),
        "history {:?} names {winner}",
        v.history
    );
}

#[tokio::test]
async fn g_v41_a_finished_tournament_is_final_until_the_chief_judge_reopens_it() {
    let club = Club::new("G").await;
    let (teams, t) = four_entered(&club).await;
    let url = club.tournament_url(t);
    play_out(&club, t, &stronger).await;
    // A game of the last round as a form would send it, taken before the
    // finish (the completed round shows no sheet: its games' result action
    // and versions, as a page left open before the round completed had).
    let stale: Vec<(String, String)> = {
        let mut conn = club.app.db();
        let rounds = league::db::rounds::of_tournament(&mut conn, TournamentId(t)).expect("rounds");
        let last = rounds.iter().map(|r| r.id).max().expect("a round");
        let matches = league::db::rounds::matches_of_rounds(&mut conn, &[last]).expect("matches");
        let ids: Vec<_> = matches.iter().map(|m| m.id).collect();
        league::db::rounds::games_of_matches(&mut conn, &ids)
            .expect("games")
            .iter()
            .map(|g| {
                (
                    format!("{url}/games/{}/result", g.id),
                    g.version.to_string(),
                )
            })
            .collect()
    };
    assert!(!stale.is_empty());
    finish(&club, t).await;
    let done = views(&club, t).await;
    assert_agree(&done);
    assert_eq!(done.places[0].1, "Ладья");
    // The finish is told to every captain, with the entry's place.
    let mail = league::db::outbox::list(&mut club.app.db(), None, 1000).expect("outbox");
    let finished: Vec<_> = mail.iter().filter(|m| m.kind == "play_status").collect();
    assert_eq!(finished.len(), 4, "one per entry");
    assert!(
        finished
            .iter()
            .any(|m| m.body.contains("Ладья") && m.body.contains("1-е место"))
    );

    // A penalty moves the season table, not the tournament's places.
    let team = teams[0].id.to_string();
    let page = club
        .app
        .post_with(
            &club.root,
            &format!("/championships/{}/penalties", club.id),
            &[
                ("code", "G-G6"),
                ("team", &team),
                ("reason", "два предупреждения"),
            ],
        )
        .await;
    assert_eq!(page.status, StatusCode::SEE_OTHER, "{}", page.text);
    let fined = views(&club, t).await;
    assert_eq!(
        (&fined.places, &fined.crosstable),
        (&done.places, &done.crosstable)
    );
    let season = club
        .app
        .get(&format!("/championships/{}/season", club.id))
        .await;
    let totals = season.texts("table.season td.total");
    let names = season.texts("table.season tbody td:nth-child(2)");
    let ladya = names.iter().position(|n| n == "Ладья").expect("Ладья");
    assert_ne!(totals[ladya], "12", "{names:?} {totals:?}");
    // No result form is offered, and a stale one changes nothing (409).
    let page = club.app.get_with(&club.root, &url).await;
    assert!(
        result_forms(&page).is_empty(),
        "no result forms after the finish"
    );
    let (action, version) = &stale[0];
    let page = club
        .app
        .post_with(
            &club.root,
            action,
            &[("result", "0-1"), ("version", version)],
        )
        .await;
    assert_eq!(page.status, StatusCode::CONFLICT, "{}", page.text);
    assert!(page.text.contains("окончательны"), "{}", page.text);
    // Nor a judge's second finish, nor a new round.
    for action in ["finish", "rounds"] {
        let page = club
            .app
            .post_with(&club.root, &format!("{url}/{action}"), &[("confirm", "1")])
            .await;
        assert_eq!(page.status, StatusCode::CONFLICT, "{action}: {}", page.text);
    }
    assert_eq!(views(&club, t).await.places, done.places);

    // Reopening is the chief judge's, with a reason.
    let jd = club.person("jd").await;
    club.app
        .grant_role(&club.root, club.id, "jd", "judge")
        .await;
    let cj = club.person("cj").await;
    club.app
        .grant_role(&club.root, club.id, "cj", "chief_judge")
        .await;
    let reopen = format!("{url}/reopen");
    for who in [&jd, &teams[0].captain] {
        let page = club
            .app
            .post_with(who, &reopen, &[("reason", "ошибка")])
            .await;
        assert_eq!(page.status, StatusCode::FORBIDDEN);
    }
    let page = club.app.get_with(&cj, &url).await;
    assert_eq!(
        page.attr("form.reopen", "action").as_deref(),
        Some(reopen.as_str())
    );
    assert!(
        club.app
            .get_with(&jd, &url)
            .await
            .texts("form.reopen")
            .is_empty()
    );
    let page = club.app.post_with(&cj, &reopen, &[("reason", "  ")]).await;
    assert_eq!(page.status, StatusCode::UNPROCESSABLE_ENTITY);
    let reason = "результат партии 1.1 внесён с ошибкой";
    let page = club
        .app
        .post_with(&cj, &reopen, &[("reason", reason)])
        .await;
    assert_eq!(page.status, StatusCode::SEE_OTHER, "{}", page.text);
    let page = club.app.get_with(&cj, &url).await;
    assert!(page.flash().contains("открыт снова"), "{}", page.flash());
    // Places, points and history are withdrawn together.
    let open = views(&club, t).await;
    assert!(open.places.is_empty() && open.history.is_empty());
    // The season table keeps only Ладья, for its penalty: no tournament points.
    assert!(
        open.season.iter().all(|n| n == "Ладья"),
        "{:?}",
        open.season
    );
    let mail = league::db::outbox::list(&mut club.app.db(), None, 1000).expect("outbox");
    let reopened: Vec<_> = mail.iter().filter(|m| m.body.contains(reason)).collect();
    assert_eq!(
        reopened.len(),
        6,
        "four captains, the chief judge and the judge"
    );
    let audit = league::db::audit::of_championship(
        &mut club.app.db(),
        league::ids::ChampionshipId(club.id),
        50,
    )
    .expect("audit");
    assert!(
        audit
            .iter()
            .any(|a| a.action == "tournament.reopen" && a.detail == reason)
    );

    // Corrected results (the last round drawn on every board), and the
    // finish again: every view moves together.
    let before = club
        .app
        .get(&format!("{url}/crosstable"))
        .await
        .texts("td.gp");
    let links = correct_links(&club.app.get_with(&club.root, &url).await);
    assert!(!links.is_empty(), "results can be corrected again");
    for game in links.iter().rev().take(10) {
        let page = correct(&club, game, "1/2", "the arbiter's scoresheet").await;
        assert_eq!(page.status, StatusCode::SEE_OTHER, "{}", page.text);
    }
    let after = club
        .app
        .get(&format!("{url}/crosstable"))
        .await
        .texts("td.gp");
    assert_ne!(before, after);
    finish(&club, t).await;
    assert_agree(&views(&club, t).await);
}
