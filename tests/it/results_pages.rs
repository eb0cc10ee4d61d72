//! The results pages of a tournament: the ranking
//! crosstable with the round-robin matrix, a page per round, the players'
//! scores per board; public, in both languages, drafts for judges only.

use std::collections::HashMap;

use reqwest::StatusCode;

use crate::play::{Club, four_entered, play_round, publish_last};

/// The entries from strongest to weakest: the stronger side wins every
/// game of a match, except Конь–Слон, which is drawn but for one game.
const STRENGTH: [&str; 4] = ["Ладья", "Конь", "Слон", "Ферзь"];

/// The Berger table for four (C.05 Annex 1): (White/home, Black/away)
/// start numbers per round.
const BERGER_4: [[(u8, u8); 2]; 3] = [[(1, 4), (2, 3)], [(4, 3), (1, 2)], [(2, 4), (3, 1)]];

pub(crate) fn rank(name: &str) -> usize {
    STRENGTH.iter().position(|s| *s == name).expect("known")
}

/// Game points of `a` against `b` by the plan above (10 games a match).
fn planned(a: &str, b: &str) -> &'static str {
    match (a, b) {
        ("Конь", "Слон") => "5½",
        ("Слон", "Конь") => "4½",
        _ if rank(a) < rank(b) => "10",
        _ => "0",
    }
}

/// Start number → entry name, as the draw gave them.
fn start_numbers(club: &Club, t: i64) -> HashMap<u8, String> {
    club.entries(t)
        .into_iter()
        .filter_map(|e| Some((u8::try_from(e.start_no?).ok()?, e.name)))
        .collect()
}

/// The first game's result form of the match between `a` and `b` on the
/// judge's tournament page — its sheet cell's action while the round runs,
/// its correction form once the round is complete (send a `reason`):
/// (action, version, whether `a` is at home).
pub(crate) async fn first_game_of(
    club: &Club,
    url: &str,
    a: &str,
    b: &str,
) -> (String, String, bool) {
    let page = club.app.get_with(&club.root, url).await;
    let rows = scraper::Selector::parse("table.pairings tbody tr").expect("selector");
    let cell = scraper::Selector::parse("td").expect("selector");
    let correct = scraper::Selector::parse("a.correct-link").expect("selector");
    let mut current: Option<bool> = None;
    for tr in page.html.select(&rows) {
        if tr.value().classes().any(|c| c == "match") {
            let cells: Vec<String> = tr
                .select(&cell)
                .map(|c| c.text().collect::<String>().trim().to_owned())
                .collect();
            current = match (cells[1].as_str(), cells[3].as_str()) {
                (h, w) if h == a && w == b => Some(true),
                (h, w) if h == b && w == a => Some(false),
                _ => None,
            };
        } else if let (Some(home), Some((id, version, _))) = (current, crate::club::sheet_cell(&tr))
        {
            return (format!("{url}/games/{id}/result"), version, home);
        } else if let (Some(home), Some(link)) = (current, tr.select(&correct).next()) {
            // A completed round: the game's correction form.
            let href = link.value().attr("href").expect("href");
            let game = club
                .app
                .get_with(&club.root, href.split('#').next().unwrap_or(href))
                .await;
            let action = game.attr("#correction form", "action").expect("form");
            let version = game
                .attr("#correction input[name=version]", "value")
                .expect("version");
            return (action, version, home);
        }
    }
    panic!("no match {a} – {b}");
}

/// Draws the field with `seed`, then pairs, publishes and plays every
/// round of a four-team round robin; `decide(home, away)` gives the result
/// of every game of a match.
pub(crate) async fn draw_and_play_all(
    club: &Club,
    url: &str,
    seed: &str,
    decide: &dyn Fn(&str, &str) -> &'static str,
) {
    let page = club
        .app
        .post_with(&club.root, &format!("{url}/draw"), &[("seed", seed)])
        .await;
    club.started(url);
    assert_eq!(page.status, StatusCode::SEE_OTHER, "{}", page.text);
    for round in 1..=BERGER_4.len() {
        if round > 1 {
            let page = club
                .app
                .post_with(&club.root, &format!("{url}/rounds"), &[])
                .await;
            assert_eq!(page.status, StatusCode::SEE_OTHER, "{}", page.text);
        }
        publish_last(club, url).await;
        play_round(club, url, round, decide).await;
    }
}

/// The four-team round robin played by the plan above; returns the
/// tournament's id and its URL.
async fn played_round_robin(club: &Club) -> (i64, String) {
    let (_, t) = four_entered(club).await;
    let url = club.tournament_url(t);
    draw_and_play_all(club, &url, "5", &|home, away| {
        if matches!((home, away), ("Конь", "Слон") | ("Слон", "Конь")) {
            "1/2"
        } else if rank(home) < rank(away) {
            "1-0"
        } else {
            "0-1"
        }
    })
    .await;
    // Конь wins the first game (board 1) of its match with Слон: 5½–4½.
    let (action, version, kon_home) = first_game_of(club, &url, "Конь", "Слон").await;
    let result = if kon_home { "1-0" } else { "0-1" };
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
    (t, url)
}

/// The rows of a table: the texts of their `th` and `td` cells.
fn rows(page: &crate::helpers::Page, selector: &str) -> Vec<Vec<String>> {
    let rows = scraper::Selector::parse(selector).expect("selector");
    let cell = scraper::Selector::parse("th, td").expect("selector");
    page.html
        .select(&rows)
        .map(|tr| {
            tr.select(&cell)
                .map(|c| c.text().collect::<String>().trim().to_owned())
                .collect()
        })
        .collect()
}

#[tokio::test]
async fn g_v1_g_v42_crosstable_round_pages_and_board_scores_of_a_played_round_robin() {
    let club = Club::new("G").await;
    let (t, url) = played_round_robin(&club).await;
    let sno = start_numbers(&club, t);
    let no_of = |name: &str| {
        *sno.iter()
            .find(|(_, n)| n.as_str() == name)
            .map(|(k, _)| k)
            .expect("entry")
    };

    // The tournament page links to the results pages.
    let page = club.app.get(&url).await;
    let links = page.attrs("nav.results-nav a", "href");
    assert_eq!(
        links,
        [format!("{url}/crosstable"), format!("{url}/players")]
    );
    assert_eq!(
        page.attrs("section.round p.round-link a", "href"),
        (1..=3)
            .map(|n| format!("{url}/rounds/{n}"))
            .collect::<Vec<_>>()
    );

    // G-V42 (a): ranked by game points; every round's cell is the
    // opponent's start number, the colour on board 1 and the game points.
    let page = club.app.get(&format!("{url}/crosstable")).await;
    assert_eq!(page.status, StatusCode::OK);
    assert!(
        page.select_text("title")
            .unwrap_or_default()
            .starts_with("Турнирная таблица (шахматка) · Турнир"),
        "{:?}",
        page.select_text("title")
    );
    let table = rows(&page, "table.crosstable tbody tr");
    let expected: Vec<Vec<String>> = STRENGTH
        .iter()
        .enumerate()
        .map(|(i, name)| {
            let me = no_of(name);
            let mut row = vec![(i + 1).to_string(), me.to_string(), (*name).to_owned()];
            for round in BERGER_4 {
                let (opp, colour) = round
                    .iter()
                    .find_map(|&(w, b)| {
                        if w == me {
                            Some((b, "б"))
                        } else if b == me {
                            Some((w, "ч"))
                        } else {
                            None
                        }
                    })
                    .expect("everyone plays every round");
                row.push(format!("{opp}{colour} {}", planned(name, &sno[&opp])));
            }
            row
        })
        .collect();
    let cells: Vec<Vec<String>> = table.iter().map(|r| r[..6].to_vec()).collect();
    assert_eq!(cells, expected);
    // Match points 2/1/0, game points, then DE and EGGSB.
    let totals: Vec<(&str, &str)> = table
        .iter()
        .map(|r| (r[6].as_str(), r[7].as_str()))
        .collect();
    assert_eq!(
        totals,
        [("6", "30"), ("4", "15½"), ("2", "14½"), ("0", "0")]
    );
    assert_eq!(
        page.texts("table.crosstable thead th")[..6],
        ["Место", "Ст. №", "Заявка", "1 тур", "2 тур", "3 тур"]
    );
    // The round robin's matrix, rows and columns in ranking order.
    let matrix: Vec<Vec<String>> = rows(&page, "table.matrix tbody tr")
        .into_iter()
        .map(|r| r[2..7].to_vec())
        .collect();
    let expected: Vec<Vec<String>> = STRENGTH
        .iter()
        .map(|a| {
            std::iter::once((*a).to_owned())
                .chain(STRENGTH.iter().map(|b| {
                    if a == b {
                        "×".to_owned()
                    } else {
                        planned(a, b).to_owned()
                    }
                }))
                .collect()
        })
        .collect();
    assert_eq!(matrix, expected);

    // The same page in English.
    let page = club.app.get(&format!("{url}/crosstable?lang=en")).await;
    assert!(
        page.select_text("title")
            .unwrap_or_default()
            .starts_with("Crosstable · Tournament"),
        "{:?}",
        page.select_text("title")
    );
    assert_eq!(
        page.texts("table.crosstable thead th")[..6],
        ["Rk", "SNo", "Entry", "Rd 1", "Rd 2", "Rd 3"]
    );
    let first = &rows(&page, "table.crosstable tbody tr")[0];
    let opp = BERGER_4[0]
        .iter()
        .find_map(|&(w, b)| {
            if w == no_of("Ладья") {
                Some(format!("{b}w"))
            } else if b == no_of("Ладья") {
                Some(format!("{w}b"))
            } else {
                None
            }
        })
        .expect("round 1");
    assert_eq!(first[3], format!("{opp} 10"));
    assert!(
        page.select_text("table.crosstable caption")
            .unwrap_or_default()
            .contains("after round 3")
    );

    // G-V1: round 1 as chess-results shows it: tables by the Berger
    // table, both games of every board, colours alternating down the
    // boards and swapped in the second game.
    let page = club.app.get(&format!("{url}/rounds/1")).await;
    assert_eq!(page.status, StatusCode::OK);
    assert!(
        page.select_text("title")
            .unwrap_or_default()
            .starts_with("Тур 1 · Турнир")
    );
    let matches = rows(&page, "table.round-matches tr.match");
    let expected: Vec<Vec<String>> = BERGER_4[0]
        .iter()
        .enumerate()
        .map(|(i, (w, b))| {
            let (home, away) = (&sno[w], &sno[b]);
            let (h, a) = (planned(home, away), planned(away, home));
            let mp = if rank(home) < rank(away) {
                "2–0"
            } else {
                "0–2"
            };
            vec![
                (i + 1).to_string(),
                w.to_string(),
                home.clone(),
                format!("{h}–{a}"),
                mp.to_owned(),
                b.to_string(),
                away.clone(),
            ]
        })
        .collect();
    assert_eq!(matches, expected);
    let (home, away) = (&sno[&BERGER_4[0][0].0], &sno[&BERGER_4[0][0].1]);
    let prefix = |name: &str| match name {
        "Ладья" => "la",
        "Конь" => "ko",
        "Слон" => "sl",
        _ => "fe",
    };
    let boards = rows(&page, "#boards-1 tbody tr");
    assert_eq!(boards.len(), 10, "5 boards × 2 games");
    let result = if rank(home) < rank(away) {
        "1–0"
    } else {
        "0–1"
    };
    let expected: Vec<Vec<String>> = (1..=5)
        .flat_map(|board| (1..=2).map(move |game| (board, game)))
        .map(|(board, game)| {
            let home_white = (board % 2 == 1) == (game == 1);
            vec![
                board.to_string(),
                game.to_string(),
                if home_white { "б–ч" } else { "ч–б" }.to_owned(),
                format!("{}{board}", prefix(home)),
                result.to_owned(),
                format!("{}{board}", prefix(away)),
                String::new(),
            ]
        })
        .collect();
    assert_eq!(boards, expected);
    assert!(page.attr("a[rel=prev]", "href").is_none());
    assert_eq!(
        page.attr("a[rel=next]", "href"),
        Some(format!("{url}/rounds/2"))
    );
    let page = club.app.get(&format!("{url}/rounds/3?lang=en")).await;
    assert_eq!(
        page.attr("a[rel=prev]", "href"),
        Some(format!("{url}/rounds/2"))
    );
    assert!(page.attr("a[rel=next]", "href").is_none());
    assert_eq!(
        page.texts("table.round-matches thead th"),
        ["Table", "SNo", "Home", "GP", "MP", "SNo", "Away"]
    );

    // Per-board scores: 6 games each (3 matches × 2), best first; on
    // board 2 Конь and Слон share 3 points and 50 %, then by nick.
    let page = club.app.get(&format!("{url}/players")).await;
    assert_eq!(page.status, StatusCode::OK);
    let board = |b: usize| -> Vec<Vec<String>> { rows(&page, &format!("#board-{b} tbody tr")) };
    let line = |r: &[&str]| r.iter().map(|s| (*s).to_owned()).collect::<Vec<_>>();
    assert_eq!(
        board(1),
        [
            line(&["1", "la1", "Ладья", "6", "6", "100%"]),
            line(&["2", "ko1", "Конь", "6", "3½", "58%"]),
            line(&["3", "sl1", "Слон", "6", "2½", "42%"]),
            line(&["4", "fe1", "Ферзь", "6", "0", "0%"]),
        ]
    );
    assert_eq!(
        board(2),
        [
            line(&["1", "la2", "Ладья", "6", "6", "100%"]),
            line(&["2", "ko2", "Конь", "6", "3", "50%"]),
            line(&["3", "sl2", "Слон", "6", "3", "50%"]),
            line(&["4", "fe2", "Ферзь", "6", "0", "0%"]),
        ]
    );
    assert_eq!(page.texts("table.board-scores").len(), 5);
    // Each player's games round by round, from their side.
    let by_round = rows(&page, "table.player-rounds tbody tr");
    assert_eq!(by_round.len(), 20);
    let of = |nick: &str| {
        by_round
            .iter()
            .find(|r| r[0] == nick)
            .cloned()
            .expect("a line")
    };
    assert_eq!(
        of("la1")[2..],
        line(&["1", "1 1", "1 1", "1 1", "6", "6", "100%"])
    );
    let met_slon = BERGER_4
        .iter()
        .position(|round| {
            round.iter().any(|&(w, b)| {
                let pair = [sno[&w].as_str(), sno[&b].as_str()];
                pair.contains(&"Конь") && pair.contains(&"Слон")
            })
        })
        .expect("they meet");
    assert_eq!(of("ko1")[3 + met_slon], "1 ½");
    assert_eq!(of("sl1")[3 + met_slon], "0 ½");
    let page = club.app.get(&format!("{url}/players?lang=en")).await;
    assert_eq!(
        page.texts("#board-1 thead th"),
        ["Rk", "Player", "Entry", "Games", "Points", "%"]
    );
    assert_eq!(
        page.select_text("#board-1 caption").as_deref(),
        Some("Board 1")
    );
}

#[tokio::test]
async fn results_pages_hide_drafts_from_all_but_judges_and_are_not_found_elsewhere() {
    let club = Club::new("G").await;
    let (teams, t) = four_entered(&club).await;
    let url = club.tournament_url(t);
    // Before the draw: pages exist and say that nothing is published.
    let page = club.app.get(&format!("{url}/crosstable")).await;
    assert_eq!(page.status, StatusCode::OK);
    assert!(page.texts("table.crosstable").is_empty());
    assert!(page.text.contains("Ни один тур ещё не опубликован"));
    let page = club
        .app
        .post_with(&club.root, &format!("{url}/draw"), &[("seed", "9")])
        .await;
    club.started(&url);
    assert_eq!(page.status, StatusCode::SEE_OTHER);
    // The draft of round 1: judges only.
    let round1 = format!("{url}/rounds/1");
    assert_eq!(club.app.get(&round1).await.status, StatusCode::NOT_FOUND);
    assert_eq!(
        club.app.get_with(&teams[0].captain, &round1).await.status,
        StatusCode::NOT_FOUND
    );
    let page = club.app.get_with(&club.root, &round1).await;
    assert_eq!(page.status, StatusCode::OK);
    assert!(page.select_text("#draft").is_some());
    assert_eq!(page.texts("table.round-matches tr.match").len(), 2);
    // Nor do the crosstable and the players' page show it.
    let page = club
        .app
        .get_with(&club.root, &format!("{url}/crosstable"))
        .await;
    assert!(page.texts("table.crosstable").is_empty());
    publish_last(&club, &url).await;
    let page = club.app.get(&round1).await;
    assert_eq!(page.status, StatusCode::OK);
    assert!(page.select_text("#draft").is_none());
    // Published, not yet played: pending in words.
    assert_eq!(page.texts("table.round-matches tr.match td.mp"), ["…", "…"]);
    assert!(
        page.texts("#boards-1 td.note")
            .iter()
            .all(|n| n == "ещё не окончена")
    );
    let page = club.app.get(&format!("{url}/crosstable")).await;
    assert_eq!(page.texts("table.crosstable tbody tr").len(), 4);
    assert!(
        page.texts("table.crosstable td.round")
            .iter()
            .all(|c| c.ends_with(" …")),
        "{:?}",
        page.texts("table.crosstable td.round")
    );
    // Round 2 is paired as a draft: not in the crosstable, 404 to others.
    let page = club
        .app
        .post_with(&club.root, &format!("{url}/rounds"), &[])
        .await;
    assert_eq!(page.status, StatusCode::SEE_OTHER, "{}", page.text);
    let page = club.app.get(&format!("{url}/crosstable")).await;
    assert_eq!(page.texts("table.crosstable thead th a").len(), 1);
    assert_eq!(
        club.app.get(&format!("{url}/rounds/2")).await.status,
        StatusCode::NOT_FOUND
    );
    assert!(
        club.app
            .get(&round1)
            .await
            .attr("a[rel=next]", "href")
            .is_none(),
        "no link to a draft"
    );
    assert_eq!(
        club.app
            .get_with(&club.root, &round1)
            .await
            .attr("a[rel=next]", "href"),
        Some(format!("{url}/rounds/2"))
    );
    // Unknown rounds and tournaments, and a tournament under another
    // championship's address.
    for path in [
        format!("{url}/rounds/7"),
        format!("{url}/rounds/0"),
        format!("{url}/rounds/x"),
        format!("/championships/{}/tournaments/999999/crosstable", club.id),
        format!("/championships/{}/tournaments/999999/players", club.id),
    ] {
        let page = club.app.get(&path).await;
        assert_eq!(page.status, StatusCode::NOT_FOUND, "{path}");
    }
    let other = club.app.create_championship(&club.root, "G").await;
    for page in ["crosstable", "players", "rounds/1"] {
        let path = format!("/championships/{other}/tournaments/{t}/{page}");
        assert_eq!(
            club.app.get_with(&club.root, &path).await.status,
            StatusCode::NOT_FOUND,
            "{path}"
        );
    }
}

/// Tie-break codes head their columns as abbreviations with the name as
/// title, and a legend under the table names each; entries link to their
/// teams; the queue's times name
/// the championship's zone; R and E link the organizations their teams
/// stand for.
#[tokio::test]
async fn tie_break_codes_are_explained_and_times_name_their_zone() {
    let club = Club::new("G").await;
    let (_, t) = crate::play::four_entered(&club).await;
    crate::club::play_out(&club, t, &|_, _, _| "1-0").await;
    let url = club.tournament_url(t);
    for page in [
        club.app.get(&url).await,
        club.app.get(&format!("{url}/crosstable")).await,
    ] {
        let titles = page.attrs("thead abbr", "title");
        for name in ["личная встреча", "коэффициент Зоннеборна-Бергера"]
        {
            assert!(titles.contains(&name.to_owned()), "{titles:?}");
        }
        assert_eq!(
            page.texts("dl.tie-break-legend dt"),
            vec!["DE/P".to_owned(), "EGGSB".to_owned()]
        );
    }
    // The standings link each entry to its team's page.
    let links = club
        .app
        .get(&url)
        .await
        .attrs("table.standings tbody td:nth-child(2) a", "href");
    assert_eq!(links.len(), 4, "{links:?}");
    assert!(links.iter().all(|l| l.starts_with("/teams/")), "{links:?}");
    let captain = club.person("newcap").await;
    club.app.apply_team(&captain, club.id, "Пешка", "").await;
    let queue = club
        .app
        .get_with(&club.root, &format!("/championships/{}/queue", club.id))
        .await;
    let facts = queue.texts("section.card dd");
    assert!(facts.iter().any(|f| f.ends_with(" (UTC+3)")), "{facts:?}");
    assert!(!queue.text.contains(" UTC"), "no UTC beside Moscow time");
    let g = club.app.get(&format!("/championships/{}", club.id)).await;
    assert!(g.attr("nav a[href='/organizations']", "href").is_none());
    let r = Club::new("R").await;
    let page = r.app.get(&format!("/championships/{}", r.id)).await;
    assert!(page.attr("a[href='/organizations']", "href").is_some());
}
