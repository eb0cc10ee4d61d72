//! Seed G end to end over HTTP: a season of four
//! monthly tournaments with six teams — five boards, doubles, an odd count
//! dropping the last double (G-B13), a late entry penalised (G-G1), a
//! substitution (G-V31), a withdrawal (G-G2), an interrupted round replayed
//! (G-V23) — ending in season standings checked against values computed by
//! hand from G-V41 (12/8/6/4/2/1) and the penalties, and the season's top
//! four in the history (G-E1).

use league::ids::TournamentId;
use reqwest::StatusCode;

use crate::play::{Club, Team, g_team, line, play_round, publish_last};

/// Every game is won by the stronger entry: earlier in this list.
const STRENGTH: [&str; 9] = [
    "Ладья",
    "Ладья1",
    "Ладья2",
    "Конь",
    "Конь1",
    "Слон",
    "Ферзь",
    "Король",
    "Пешка",
];

fn stronger_wins(home: &str, away: &str) -> &'static str {
    let rank = |n: &str| STRENGTH.iter().position(|s| *s == n).expect(n);
    if rank(home) < rank(away) {
        "1-0"
    } else {
        "0-1"
    }
}

/// Draws, plays every round of the round robin (5 rounds for 6 entries)
/// and finishes. `between(round)` runs after the round is published and
/// before its results are entered; `after(round)` after they are.
async fn play_tournament(
    club: &Club,
    t: i64,
    seed: &str,
    between: impl AsyncFn(usize),
    after: impl AsyncFn(usize),
) {
    let url = club.tournament_url(t);
    let page = club
        .app
        .post_with(&club.root, &format!("{url}/draw"), &[("seed", seed)])
        .await;
    club.started(&url);
    assert_eq!(page.status, StatusCode::SEE_OTHER, "{}", page.text);
    for round in 1..=5 {
        if round > 1 {
            let page = club
                .app
                .post_with(&club.root, &format!("{url}/rounds"), &[])
                .await;
            assert_eq!(page.status, StatusCode::SEE_OTHER, "{}", page.text);
        }
        publish_last(club, &url).await;
        between(round).await;
        play_round(club, &url, round, &stronger_wins).await;
        after(round).await;
    }
    let page = club
        .app
        .post_with(&club.root, &format!("{url}/finish"), &[("confirm", "1")])
        .await;
    assert_eq!(page.status, StatusCode::SEE_OTHER, "{}", page.text);
}

/// Entered on time, in this order, one line each.
async fn enter_all(club: &Club, t: i64, lines: &[(&Team, String)]) {
    for (team, l) in lines {
        let page = club.enter(&team.captain, t, l).await;
        assert_eq!(page.status, StatusCode::SEE_OTHER, "{l}: {}", page.text);
    }
}

/// Places and tournament points of a finished tournament, by entry.
fn places(club: &Club, t: i64) -> Vec<(String, i32)> {
    let entries = club.entries(t);
    let mut places: Vec<(i32, String, i32)> = league::db::results::places_of_championship(
        &mut club.app.db(),
        league::ids::ChampionshipId(club.id),
    )
    .expect("places")
    .into_iter()
    .filter(|p| p.tournament_id == TournamentId(t))
    .map(|p| (p.place_first, p.entry_name, p.points))
    .collect();
    places.sort();
    assert!(entries.len() >= places.len());
    places.into_iter().map(|(_, n, p)| (n, p)).collect()
}

fn expected(names: &[&str]) -> Vec<(String, i32)> {
    // G-V41 in half-points: 12, 8, 6, 4, 2, 1.
    names
        .iter()
        .zip([24, 16, 12, 8, 4, 2])
        .map(|(n, p)| ((*n).to_owned(), p))
        .collect()
}

#[tokio::test]
async fn g_season_of_four_tournaments_ends_in_hand_computed_season_standings() {
    let club = Club::new("G").await;
    let ladya = g_team(&club, "Ладья", "la", 10).await;
    let kon = g_team(&club, "Конь", "ko", 10).await;
    let slon = g_team(&club, "Слон", "sl", 5).await;
    let ferz = g_team(&club, "Ферзь", "fe", 5).await;
    let korol = g_team(&club, "Король", "kr", 5).await;
    let peshka = g_team(&club, "Пешка", "pe", 5).await;
    let six = [&ladya, &kon, &slon, &ferz, &korol, &peshka];
    let plain = |team: &Team| line(team, &team.name, 0..5);
    let nothing = async |_: usize| {};

    // Tournament 1: the six teams, on time.
    let t1 = club.tournament_in(20).await;
    let lines: Vec<(&Team, String)> = six.iter().map(|t| (*t, plain(t))).collect();
    enter_all(&club, t1, &lines).await;
    play_tournament(&club, t1, "11", nothing, nothing).await;
    assert_eq!(
        places(&club, t1),
        expected(&["Ладья", "Конь", "Слон", "Ферзь", "Король", "Пешка"])
    );

    // Tournament 2: doubles of Ладья and Конь; seven entries, so the last
    // registered double (Конь2) sits out (G-B13); Король enters 3 minutes
    // before the start (G-G1: −0.5); Пешка does not enter.
    let t2 = club.tournament_in(20).await;
    enter_all(
        &club,
        t2,
        &[
            (&ladya, line(&ladya, "Ладья1", 0..5)),
            (&ladya, line(&ladya, "Ладья2", 5..10)),
            (&kon, line(&kon, "Конь1", 0..5)),
            (&slon, plain(&slon)),
            (&ferz, plain(&ferz)),
            (&kon, line(&kon, "Конь2", 5..10)),
        ],
    )
    .await;
    club.move_start(t2, 3).await;
    enter_all(&club, t2, &[(&korol, plain(&korol))]).await;
    let statuses = club.statuses(t2).await;
    let sits_out: Vec<&str> = statuses
        .iter()
        .filter(|(_, s)| {
            s.contains("не играет") || s.contains("sits out") || s.contains("пропуска")
        })
        .map(|(n, _)| n.as_str())
        .collect();
    assert_eq!(sits_out, ["Конь2"], "{statuses:?}");
    play_tournament(&club, t2, "22", nothing, nothing).await;
    assert_eq!(
        places(&club, t2),
        expected(&["Ладья1", "Ладья2", "Конь1", "Слон", "Ферзь", "Король"])
    );

    // Tournament 3: Ладья with substitutes; in round 1 la2 is replaced by
    // la6 on board 2 (G-V31); Пешка is withdrawn after round 2 (G-G2) and
    // loses its later matches without play.
    let t3 = club.tournament_in(20).await;
    let mut lines: Vec<(&Team, String)> = vec![(&ladya, line(&ladya, "Ладья", 0..7))];
    lines.extend(six[1..].iter().map(|t| (*t, plain(t))));
    enter_all(&club, t3, &lines).await;
    let url3 = club.tournament_url(t3);
    let substitution = async |round: usize| {
        if round != 1 {
            return;
        }
        let page = club.app.get(&url3).await;
        let link = page
            .html
            .select(&scraper::Selector::parse("#round-1 tr.match").expect("selector"))
            .find(|tr| tr.text().any(|s| s.contains("Ладья")))
            .and_then(|tr| {
                tr.select(&scraper::Selector::parse("a").expect("selector"))
                    .next()
                    .and_then(|a| a.value().attr("href").map(str::to_owned))
            })
            .expect("Ладья's match");
        let page = club
            .app
            .post_with(
                &ladya.captain,
                &format!("{link}/substitution"),
                &[
                    ("announcement", "Ладья 2, la2 => la6"),
                    ("reason", "captain"),
                ],
            )
            .await;
        assert_eq!(page.status, StatusCode::SEE_OTHER, "{}", page.text);
        let page = club.app.get(&link).await;
        assert_eq!(page.texts("ul.substitutions li").len(), 1);
    };
    let withdrawal = async |round: usize| {
        if round != 2 {
            return;
        }
        let id = club
            .entries(t3)
            .iter()
            .find(|x| x.name == "Пешка")
            .expect("Пешка")
            .id;
        let page = club
            .app
            .post_with(
                &club.root,
                &format!("{url3}/entries/{id}/retire"),
                &[("reason", "three players missing, no substitutes")],
            )
            .await;
        assert_eq!(page.status, StatusCode::SEE_OTHER);
    };
    play_tournament(&club, t3, "33", substitution, withdrawal).await;
    let page = club.app.get(&url3).await;
    // Rounds 3-5: Пешка's match is forfeited whole, without games.
    let games: Vec<usize> = (1..=5)
        .map(|r| page.texts(&format!("#round-{r} tr.game")).len())
        .collect();
    assert_eq!(
        games,
        [30, 30, 20, 20, 20],
        "Пешка's rounds 3-5 are forfeited"
    );
    assert_eq!(
        places(&club, t3),
        expected(&["Ладья", "Конь", "Слон", "Ферзь", "Король", "Пешка"])
    );

    // Tournament 4: round 3 is interrupted (server failure) before any
    // result; its games are replayed (G-V23).
    let t4 = club.tournament_in(20).await;
    let lines: Vec<(&Team, String)> = six.iter().map(|t| (*t, plain(t))).collect();
    enter_all(&club, t4, &lines).await;
    let url4 = club.tournament_url(t4);
    let interruption = async |round: usize| {
        if round != 3 {
            return;
        }
        let page = club.app.get_with(&club.root, &url4).await;
        let action = page
            .attr("#round-3 form[action$='/interrupt']", "action")
            .expect("interrupt form");
        let page = club
            .app
            .post_with(&club.root, &action, &[("reason", "server failure")])
            .await;
        assert_eq!(page.status, StatusCode::SEE_OTHER);
        let page = club.app.get(&url4).await;
        let results = page.texts("#round-3 tr.game td.result");
        assert_eq!(results.len(), 30);
        assert!(results.iter().all(|r| r == "R"), "{results:?}");
    };
    play_tournament(&club, t4, "44", interruption, nothing).await;
    assert_eq!(
        places(&club, t4),
        expected(&["Ладья", "Конь", "Слон", "Ферзь", "Король", "Пешка"])
    );

    // The season, by hand: Ладья 12×3 = 36; Конь 8×3 = 24; Слон 6+4+6+6 =
    // 22; Ферзь 4+2+4+4 = 14; Ладья1 12; Ладья2 8; Король 2+1+2+2 − ½ =
    // 6½; Конь1 6; Пешка 1+1+1 = 3.
    let season = club
        .app
        .get(&format!("/championships/{}/season", club.id))
        .await;
    assert_eq!(season.status, StatusCode::OK);
    assert_eq!(
        season.texts("table.season tbody td:nth-child(2)"),
        [
            "Ладья",
            "Конь",
            "Слон",
            "Ферзь",
            "Ладья1",
            "Ладья2",
            "Король",
            "Конь1",
            "Пешка"
        ]
    );
    assert_eq!(
        season.texts("table.season tbody td.total"),
        ["36", "24", "22", "14", "12", "8", "6½", "6", "3"]
    );
    let korol_row: Vec<String> = season
        .texts("table.season tbody tr")
        .into_iter()
        .filter(|r| r.contains("Король"))
        .collect();
    assert!(korol_row[0].contains("−½"), "{korol_row:?}");
    // G-E1: four tournament winners, then the season's top four.
    let history = season.texts("ul.history li");
    assert_eq!(history.len(), 8, "{history:?}");
    assert!(history[1].contains("Ладья1"));
    for (line, name) in history[4..].iter().zip(["Ладья", "Конь", "Слон", "Ферзь"])
    {
        assert!(line.contains(name), "{line}");
    }
}
