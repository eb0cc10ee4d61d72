//! Seed R over HTTP: the corporate chess tournament of
//! `003_9b41324a01353a25.txt` — teams of three from their organizations,
//! admitted on approved documents, an entry cap with
//! a waiting list, one sport per athlete, a 7-round team
//! Swiss whose rounds 1–2 are drawn by lot, match points and
//! tie-breaks, corporate points for the first ten; and the
//! organizer's monthly schedule form (G-A2).
//!
//! Everything is done through the pages, as the people of the scenario
//! would: the database is only read, to learn an id or check what a
//! request stored.

use std::collections::{BTreeMap, HashMap, HashSet};

use league::rules::pairing::Lot;
use reqwest::StatusCode;

use crate::helpers::Page;
use crate::play::{Club, Team, play_round_by_board};
use crate::r_club::*;

// ---------------------------------------------------------------- reading

/// (home, away) of every match of a round, by table, from the tournament
/// page.
fn pairings(page: &Page, round: usize) -> Vec<(String, String)> {
    let rows = scraper::Selector::parse(&format!("#round-{round} tr.match")).expect("selector");
    let cell = scraper::Selector::parse("td").expect("selector");
    page.html
        .select(&rows)
        .map(|tr| {
            let cells: Vec<String> = tr
                .select(&cell)
                .map(|c| c.text().collect::<String>().trim().to_owned())
                .collect();
            (cells[1].clone(), cells[3].clone())
        })
        .collect()
}

/// The round's notes as shown under its heading.
fn notes(page: &Page, round: usize) -> String {
    page.select_text(&format!("#round-{round} p.hint"))
        .unwrap_or_default()
}

/// Start number → entry name, from the crosstable page.
async fn start_numbers(club: &Club, tournament: i64) -> BTreeMap<usize, String> {
    let page = club
        .app
        .get(&format!("{}/crosstable", club.tournament_url(tournament)))
        .await;
    let numbers = page.texts("table.crosstable tbody td.num:nth-child(2)");
    let names = page.texts("table.crosstable tbody th[scope=row]");
    assert_eq!(numbers.len(), names.len(), "{}", page.text);
    numbers
        .into_iter()
        .map(|n| n.parse().expect("a start number"))
        .zip(names)
        .collect()
}

// ---------------------------------------------------------------- results

/// The fixed results the judge enters: the stronger team (earlier in
/// [`NAMES`]) wins, by a pattern that also gives drawn matches.
/// Returns the home side's points on each board in half-points.
fn boards_for(home: &str, away: &str) -> [i32; 3] {
    let rank = |n: &str| NAMES.iter().position(|x| *x == n).expect("a known team");
    let (h, a) = (rank(home), rank(away));
    // The stronger side's points on boards 1, 2, 3.
    let strong = match (h + a) % 5 {
        0 => [1, 1, 1], // every game drawn: 1½–1½
        1 => [2, 2, 2], // 3–0
        2 => [2, 2, 1], // 2½–½
        3 => [2, 0, 2], // 2–1, the weaker side wins board 2
        _ => [2, 1, 1], // 2–1
    };
    if h < a { strong } else { strong.map(|p| 2 - p) }
}

fn code(home_halves: i32) -> &'static str {
    match home_halves {
        2 => "1-0",
        1 => "1/2",
        _ => "0-1",
    }
}

/// One team's totals as the test computes them from the entered results.
#[derive(Debug, Default, Clone)]
struct Totals {
    /// Match points (R-3.3: 2 / 1 / 0).
    mp: i32,
    /// Game points in half-points.
    gp: i32,
    /// Half-points on boards 1, 2, 3.
    boards: [i32; 3],
    /// Opponent → this team's match points against it.
    met: HashMap<String, i32>,
}

fn record(totals: &mut HashMap<String, Totals>, home: &str, away: &str, boards: [i32; 3]) {
    let h: i32 = boards.iter().sum();
    let a = 6 - h;
    let (mh, ma) = match h.cmp(&a) {
        std::cmp::Ordering::Greater => (2, 0),
        std::cmp::Ordering::Equal => (1, 1),
        std::cmp::Ordering::Less => (0, 2),
    };
    for (me, other, mp, gp, sign) in [(home, away, mh, h, false), (away, home, ma, a, true)] {
        let t = totals.entry(me.to_owned()).or_default();
        t.mp += mp;
        t.gp += gp;
        for (i, p) in boards.iter().enumerate() {
            t.boards[i] += if sign { 2 - p } else { *p };
        }
        t.met.insert(other.to_owned(), mp);
    }
}

/// Half-points as the pages write them: 3, ½, 4½.
fn halves(h: i32) -> String {
    match (h / 2, h % 2) {
        (0, 1) => "½".to_owned(),
        (w, 1) => format!("{w}½"),
        (w, _) => w.to_string(),
    }
}

/// Enters the results of a published round through the judge's forms on
/// the tournament page ([`boards_for`]), adding them to `totals`.
async fn play(club: &Club, url: &str, round: usize, totals: &mut HashMap<String, Totals>) {
    for (home, away) in pairings(&club.app.get(url).await, round) {
        record(totals, &home, &away, boards_for(&home, &away));
    }
    play_round_by_board(club, url, round, &|home, away, board| {
        code(boards_for(home, away)[board - 1])
    })
    .await;
}

/// `{first}` or `{first}–{last}` as the standings write a place.
fn place_range(place: &str) -> (usize, usize) {
    let mut parts = place
        .split('–')
        .map(|p| p.trim().parse::<usize>().expect("a place"));
    let first = parts.next().expect("a place");
    (first, parts.next().unwrap_or(first))
}

/// computed here: 10, 9, … 1 for places 1–10, 0 below; teams
/// sharing places share their points equally, rounded down to a half.
fn corporate_points(first: usize, last: usize) -> String {
    let of = |place: usize| {
        2 * 11_i32
            .saturating_sub(i32::try_from(place).unwrap_or(11))
            .max(0)
    };
    let sum: i32 = (first..=last).map(of).sum();
    halves(sum / i32::try_from(last - first + 1).unwrap_or(1))
}

// ------------------------------------------------------------------ tests

#[tokio::test]
async fn r_1_8_an_athlete_entered_in_a_parallel_tournament_of_the_same_day_is_refused() {
    let club = Club::new("R").await;
    let app = &club.app;
    let chess = r_team(&club, "Восток", "t00n").await;
    // The parallel event: another championship of the corporate series that
    // also allows one sport per athlete; the same three people play for
    // their organization there too.
    let other = app.create_championship(&club.root, "R").await;
    let heading = |id: i64| async move {
        app.get(&format!("/championships/{id}"))
            .await
            .select_text("h1")
            .expect("a heading")
    };
    let (chess_name, other_name) = (heading(club.id).await, heading(other).await);
    let organization = league::db::organizations::list(&mut app.db())
        .expect("organizations")
        .into_iter()
        .find(|o| o.name == "АО-Восток")
        .expect("the team's organization")
        .id;
    let page = app
        .apply_team(&chess.captain, other, "Восход", &organization.to_string())
        .await;
    let team = page.location_id("/teams/");
    let page = app
        .decide_team(&club.root, other, team, "approve", "")
        .await;
    assert_eq!(page.status, StatusCode::SEE_OTHER);
    for nick in &chess.nicks[1..] {
        let member = crate::helpers::new_client();
        app.log_in_with(&member, nick, crate::helpers::PASSWORD)
            .await;
        app.invite_and_accept(&chess.captain, team, &member, nick)
            .await;
    }
    let action = upload_action(&club, &chess.captain, &format!("/teams/{team}")).await;
    upload(&club, &chess.captain, &action, "team_application").await;
    assert_eq!(approve_documents(&club, club.id).await, 10);
    assert_eq!(approve_documents(&club, other).await, 1);
    let parallel = Team {
        id: team,
        name: "Восход".to_owned(),
        captain: chess.captain.clone(),
        nicks: chess.nicks.clone(),
    };

    let here = tournament_at(&club, club.id, "2030-03-06T10:00").await;
    let there = tournament_at(&club, other, "2030-03-06T15:00").await;
    let there_url = format!("/championships/{other}/tournaments/{there}");
    let page = club.enter(&chess.captain, here, &full_line(&chess)).await;
    assert_eq!(page.status, StatusCode::SEE_OTHER, "{}", page.text);

    // The same day in the parallel event: each of the three is refused,
    // with the event named, and nothing is stored.
    let refused = app
        .post_with(
            &chess.captain,
            &format!("{there_url}/entries"),
            &[("line", &full_line(&parallel))],
        )
        .await;
    assert_eq!(refused.status, StatusCode::UNPROCESSABLE_ENTITY);
    let problems = refused.texts("#entry-form ul.problems li");
    assert_eq!(problems.len(), 3, "{problems:?}");
    for (problem, nick) in problems.iter().zip(&chess.nicks) {
        assert!(
            problem.contains(nick.as_str())
                && problem.contains(&format!("«{chess_name}»"))
                && problem.contains("п. 1.8"),
            "{problem}"
        );
    }
    assert!(
        app.get(&there_url)
            .await
            .texts("table.entries tbody tr")
            .is_empty()
    );
    // In English too.
    let refused = app
        .post_with(
            &chess.captain,
            &format!("{there_url}/entries?lang=en"),
            &[("line", &full_line(&parallel))],
        )
        .await;
    assert!(
        refused.texts("#entry-form ul.problems li")[0]
            .contains("held at the same time: one sport per athlete (§ 1.8)"),
        "{}",
        refused.text
    );

    // Another day is no parallel event.
    start_at(&club, other, there, "2030-03-07T10:00").await;
    let page = app
        .post_with(
            &chess.captain,
            &format!("{there_url}/entries"),
            &[("line", &full_line(&parallel))],
        )
        .await;
    assert_eq!(page.status, StatusCode::SEE_OTHER, "{}", page.text);
    // Back on the same day, a withdrawn entry holds nobody: the chess
    // entry withdraws, and the parallel one stands alone.
    let withdrawn = club.withdraw(&chess.captain, here).await;
    assert_eq!(withdrawn.status, StatusCode::SEE_OTHER);
    start_at(&club, other, there, "2030-03-06T15:00").await;
    // Entering chess again is now refused the other way round.
    let refused = club.enter(&chess.captain, here, &full_line(&chess)).await;
    assert_eq!(refused.status, StatusCode::UNPROCESSABLE_ENTITY);
    let problems = refused.texts("#entry-form ul.problems li");
    assert_eq!(problems.len(), 3, "{problems:?}");
    assert!(
        problems
            .iter()
            .all(|p| p.contains(&format!("«{other_name}»")))
    );
    assert_eq!(
        club.statuses(here).await,
        [("Восток".to_owned(), "отозвана".to_owned())]
    );
}

#[tokio::test]
async fn r_1_9_entries_beyond_the_cap_of_twenty_wait_and_move_up_when_a_playing_entry_withdraws() {
    let club = Club::new("R").await;
    let teams = r_teams(&club, 22).await;
    let t = club.tournament_in(90).await;
    let url = club.tournament_url(t);
    let pages = enter_all(&club, t, &teams).await;
    let flash = |page: &Page| page.flash();
    assert!(
        flash(&pages[19]).contains("Заявка Квант принята."),
        "{}",
        flash(&pages[19])
    );
    assert!(
        flash(&pages[20]).contains("Заявка Заря принята в лист ожидания, место 1 (п. 1.9)."),
        "{}",
        flash(&pages[20])
    );
    assert!(
        flash(&pages[21]).contains("место 2 (п. 1.9)"),
        "{}",
        flash(&pages[21])
    );
    // The page says who plays and who waits, in both languages.
    let english = club.app.get(&format!("{url}?lang=en")).await;
    let statuses = english.texts("table.entries td.entry-status");
    assert_eq!(statuses.len(), 22);
    assert!(statuses[..20].iter().all(|s| s == "plays"), "{statuses:?}");
    assert_eq!(statuses[20..], ["waiting list, 1", "waiting list, 2"]);

    // Буран (playing) withdraws: Заря, first on the list, plays.
    let page = club.withdraw(&teams[4].captain, t).await;
    assert_eq!(page.status, StatusCode::SEE_OTHER);
    let status_of = |all: &[(String, String)], name: &str| {
        all.iter()
            .filter(|(n, _)| n == name)
            .map(|(_, s)| s.clone())
            .collect::<Vec<_>>()
    };
    let statuses = club.statuses(t).await;
    assert_eq!(status_of(&statuses, "Буран"), ["отозвана"]);
    assert_eq!(status_of(&statuses, "Заря"), ["играет"]);
    assert_eq!(status_of(&statuses, "Звезда"), ["лист ожидания, 1"]);
    // First come, first served: Буран entering again queues behind Звезда.
    let page = club
        .enter(&teams[4].captain, t, &full_line(&teams[4]))
        .await;
    assert_eq!(page.status, StatusCode::SEE_OTHER, "{}", page.text);
    let page = club.app.get_with(&teams[4].captain, &url).await;
    assert!(
        flash(&page).contains("место 2 (п. 1.9)"),
        "{}",
        flash(&page)
    );
    let statuses = club.statuses(t).await;
    assert_eq!(status_of(&statuses, "Буран"), ["лист ожидания, 2"]);
    assert_eq!(status_of(&statuses, "Звезда"), ["лист ожидания, 1"]);

    // The draw freezes the field: the waiting entries are not paired, and
    // no longer withdraw — refused in words, nothing changes.
    draw(&club, &url, "19").await;
    let page = published_round(&club, &url, 1).await;
    let paired: Vec<String> = pairings(&page, 1)
        .into_iter()
        .flat_map(|(h, a)| [h, a])
        .collect();
    assert_eq!(paired.len(), 20);
    assert!(paired.contains(&"Заря".to_owned()));
    assert!(!paired.contains(&"Звезда".to_owned()) && !paired.contains(&"Буран".to_owned()));
    let star = club
        .entries(t)
        .into_iter()
        .find(|e| e.name == "Звезда")
        .expect("Звезда's entry");
    let page = club
        .app
        .post_with(
            &teams[21].captain,
            &format!("{url}/entries/{}/withdraw", star.id),
            &[],
        )
        .await;
    assert_eq!(page.status, StatusCode::SEE_OTHER);
    let page = club.app.get_with(&teams[21].captain, &url).await;
    assert!(
        flash(&page).contains("Регистрация закрыта"),
        "{}",
        flash(&page)
    );
    assert_eq!(
        status_of(&club.statuses(t).await, "Звезда"),
        ["лист ожидания, 1"]
    );
}

#[tokio::test]
async fn r_3_1_rounds_one_and_two_are_drawn_by_lot_with_the_recorded_seed_and_then_swiss() {
    let club = Club::new("R").await;
    let teams = r_teams(&club, 8).await;
    let t = club.tournament_in(90).await;
    let url = club.tournament_url(t);
    enter_all(&club, t, &teams).await;
    draw(&club, &url, "777").await;
    let page = published_round(&club, &url, 1).await;
    let note = notes(&page, 1);
    assert!(note.contains("п. 3.1"), "{note}");
    // Anyone holding the recorded seed repeats the draw: the plaques come
    // out of the drum in the lot's order, the first of each two at White.
    let seed: u64 = note
        .rsplit(' ')
        .next()
        .and_then(|s| s.parse().ok())
        .unwrap_or_else(|| panic!("a seed in {note}"));
    let numbers = start_numbers(&club, t).await;
    assert_eq!(numbers.len(), 8);
    let mut drum: Vec<usize> = (1..=8).collect();
    Lot::new(seed).shuffle(&mut drum);
    let mut drawn: Vec<(usize, usize)> = drum.chunks(2).map(|p| (p[0], p[1])).collect();
    drawn.sort_by_key(|&(w, b)| w.min(b));
    let expected: Vec<(String, String)> = drawn
        .iter()
        .map(|(w, b)| (numbers[w].clone(), numbers[b].clone()))
        .collect();
    let round1 = pairings(&page, 1);
    assert_eq!(round1, expected);
    let mut totals = HashMap::new();
    play(&club, &url, 1, &mut totals).await;
    // Round 2: by lot again, with a seed of its own, nobody meets twice.
    let page = published_round(&club, &url, 2).await;
    let note2 = notes(&page, 2);
    assert!(
        note2.contains("п. 3.1") && !note2.ends_with(&seed.to_string()),
        "{note2}"
    );
    let round2 = pairings(&page, 2);
    for (h, a) in &round2 {
        assert!(
            !round1.contains(&(h.clone(), a.clone())) && !round1.contains(&(a.clone(), h.clone())),
            "{h} and {a} meet again"
        );
    }
    play(&club, &url, 2, &mut totals).await;
    // Round 3 by the Swiss system: teams meet teams of their own score,
    // one floater at most between neighbouring score groups.
    let page = published_round(&club, &url, 3).await;
    let note3 = notes(&page, 3);
    assert!(
        !note3.contains("п. 3.1") && note3.contains("C.04.6"),
        "{note3}"
    );
    let groups: HashSet<i32> = totals.values().map(|x| x.mp).collect();
    let mixed = pairings(&page, 3)
        .iter()
        .filter(|(h, a)| totals[h].mp != totals[a].mp)
        .count();
    assert!(groups.len() > 2, "{totals:?}");
    assert!(mixed < groups.len(), "{mixed} mixed matches for {groups:?}");
    // The leaders are on table 1.
    let top = totals.values().map(|x| x.mp).max().unwrap_or_default();
    let (h, a) = &pairings(&page, 3)[0];
    assert!(totals[h].mp == top || totals[a].mp == top);
}

/// The judge sends a typed lot to `action`: the tournament page after it,
/// or again with the refusal (422).
async fn typed_lot(club: &Club, url: &str, action: &str, fields: &[(&str, &str)]) -> Page {
    let page = club.app.post_with(&club.root, action, fields).await;
    if page.status == StatusCode::UNPROCESSABLE_ENTITY {
        return page;
    }
    assert_eq!(page.status, StatusCode::SEE_OTHER, "{}", page.text);
    club.app.get_with(&club.root, url).await
}

/// What the judges' page says was refused.
fn refused(page: &Page) -> String {
    page.select_text("#judge-problem").unwrap_or_default()
}

/// in the hall: the judge types the pairs drawn from the drum for
/// rounds 1 and 2; a pairing that leaves a team out, names one twice or
/// repeats a match is refused in words and changes nothing; round 3 is the
/// Swiss system's and takes no typed lot.
#[tokio::test]
async fn r_3_1_the_pairs_drawn_from_the_drum_are_typed_for_rounds_one_and_two() {
    let club = Club::new("R").await;
    let teams = r_teams(&club, 5).await;
    let t = club.tournament_in(90).await;
    let url = club.tournament_url(t);
    enter_all(&club, t, &teams).await;
    draw(&club, &url, "5").await;
    let entries = club.entries(t);
    let id = |i: usize| {
        entries
            .iter()
            .find(|e| e.name == teams[i].name)
            .map(|e| e.id.0.to_string())
            .expect("entered")
    };
    let (a, b, c, d, e) = (id(0), id(1), id(2), id(3), id(4));
    let name = |i: usize| teams[i].name.clone();
    let page = club.app.get_with(&club.root, &url).await;
    let before = pairings(&page, 1);
    let action = page
        .attr("form#lot-1", "action")
        .expect("round 1 takes the drawn pairs");
    let page = typed_lot(
        &club,
        &url,
        &action,
        &[
            ("home1", &a),
            ("away1", &b),
            ("home2", &a),
            ("away2", &d),
            ("bye", &e),
        ],
    )
    .await;
    let said = refused(&page);
    assert!(
        said.contains("указана дважды") && said.contains("нет ни в одной паре"),
        "{said}"
    );
    let page = club.app.get_with(&club.root, &url).await;
    assert_eq!(pairings(&page, 1), before, "nothing changed");
    // A table with its home team only is named as such, not as a team
    // that does not play.
    let page = typed_lot(
        &club,
        &url,
        &action,
        &[
            ("home1", &a),
            ("away1", &b),
            ("home2", &c),
            ("away2", ""),
            ("bye", &e),
        ],
    )
    .await;
    let said = refused(&page);
    assert!(
        said.contains(&format!("Стол 2: у «{}» нет соперника", name(2)))
            && said.contains("нет ни в одной паре")
            && !said.contains("не играет"),
        "{said}"
    );
    let page = typed_lot(
        &club,
        &url,
        &action,
        &[
            ("home1", &a),
            ("away1", &b),
            ("home2", &c),
            ("away2", &d),
            ("bye", &e),
        ],
    )
    .await;
    assert_eq!(
        pairings(&page, 1),
        [
            (name(0), name(1)),
            (name(2), name(3)),
            (name(4), String::new())
        ],
        "the bye last"
    );
    assert!(notes(&page, 1).contains("в зале"), "{}", notes(&page, 1));
    published_round(&club, &url, 1).await;
    play_round_by_board(&club, &url, 1, &|_, _, _| "1-0").await;

    // Round 2: a rematch is refused; a fresh pairing is kept.
    let page = club
        .app
        .post_with(&club.root, &format!("{url}/rounds"), &[])
        .await;
    assert_eq!(page.status, StatusCode::SEE_OTHER, "{}", page.text);
    let page = club.app.get_with(&club.root, &url).await;
    let action = page.attr("form#lot-2", "action").expect("round 2 by lot");
    let page = typed_lot(
        &club,
        &url,
        &action,
        &[
            ("home1", &b),
            ("away1", &a),
            ("home2", &c),
            ("away2", &e),
            ("bye", &d),
        ],
    )
    .await;
    assert!(
        refused(&page).contains("уже встречались"),
        "{}",
        refused(&page)
    );
    let page = typed_lot(
        &club,
        &url,
        &action,
        &[
            ("home1", &a),
            ("away1", &c),
            ("home2", &b),
            ("away2", &e),
            ("bye", &d),
        ],
    )
    .await;
    assert_eq!(
        pairings(&page, 2),
        [
            (name(0), name(2)),
            (name(1), name(4)),
            (name(3), String::new())
        ]
    );
    crate::club::publish_last(&club, &url).await;
    play_round_by_board(&club, &url, 2, &|_, _, _| "1-0").await;

    // Round 3 is the Swiss system's: no form, and a typed lot is refused.
    let page = club
        .app
        .post_with(&club.root, &format!("{url}/rounds"), &[])
        .await;
    assert_eq!(page.status, StatusCode::SEE_OTHER, "{}", page.text);
    let page = club.app.get_with(&club.root, &url).await;
    assert!(page.attr("form#lot-3", "action").is_none());
    let round3 =
        league::db::rounds::of_tournament(&mut club.app.db(), league::ids::TournamentId(t))
            .expect("rounds")
            .into_iter()
            .find(|r| r.number == 3)
            .expect("round 3");
    let page = typed_lot(
        &club,
        &url,
        &format!("{url}/rounds/{}/lot", round3.id),
        &[("home1", &a), ("away1", &d)],
    )
    .await;
    assert!(
        refused(&page).contains("разыгрывается жребием"),
        "{}",
        refused(&page)
    );
}

#[tokio::test]
async fn r_seed_twenty_two_teams_apply_twenty_play_a_seven_round_swiss_and_the_first_ten_earn_corporate_points()
 {
    let club = Club::new("R").await;
    let teams = r_teams(&club, 22).await;
    let t = club.tournament_in(90).await;
    let url = club.tournament_url(t);

    // twenty play, the 21st and 22nd wait in order.
    let pages = enter_all(&club, t, &teams).await;
    for (page, position) in [(&pages[20], 1), (&pages[21], 2)] {
        let flashes = page.flash();
        assert!(
            flashes.contains(&format!("лист ожидания, место {position} (п. 1.9)")),
            "{flashes}"
        );
    }
    let statuses = club.statuses(t).await;
    assert_eq!(statuses.len(), 22);
    assert!(
        statuses[..20].iter().all(|(_, s)| s == "играет"),
        "{statuses:?}"
    );
    assert_eq!(
        statuses[20],
        ("Заря".to_owned(), "лист ожидания, 1".to_owned())
    );
    assert_eq!(
        statuses[21],
        ("Звезда".to_owned(), "лист ожидания, 2".to_owned())
    );

    // A playing team withdraws before the draw: the first waiting one
    // moves up, the second is now first on the list.
    let page = club.withdraw(&teams[6].captain, t).await;
    assert_eq!(page.status, StatusCode::SEE_OTHER);
    let statuses = club.statuses(t).await;
    assert_eq!(statuses[6], ("Ангара".to_owned(), "отозвана".to_owned()));
    assert_eq!(statuses[20], ("Заря".to_owned(), "играет".to_owned()));
    assert_eq!(
        statuses[21],
        ("Звезда".to_owned(), "лист ожидания, 1".to_owned())
    );
    let playing: Vec<String> = statuses
        .iter()
        .filter(|(_, s)| s == "играет")
        .map(|(n, _)| n.clone())
        .collect();
    assert_eq!(playing.len(), 20);

    // The judge draws the field with a recorded seed.
    draw(&club, &url, "20251016").await;

    let mut totals: HashMap<String, Totals> = HashMap::new();
    let mut met: HashSet<(String, String)> = HashSet::new();
    for round in 1..=7 {
        let page = published_round(&club, &url, round).await;
        let pairs = pairings(&page, round);
        assert_eq!(pairs.len(), 10, "round {round}");
        let mut seen: Vec<&String> = pairs.iter().flat_map(|(h, a)| [h, a]).collect();
        seen.sort();
        let mut expected: Vec<&String> = playing.iter().collect();
        expected.sort();
        assert_eq!(
            seen, expected,
            "round {round}: every playing team once, nobody else"
        );
        for (h, a) in &pairs {
            let key = if h < a {
                (h.clone(), a.clone())
            } else {
                (a.clone(), h.clone())
            };
            assert!(met.insert(key), "round {round}: {h} and {a} meet again");
        }
        // rounds 1–2 by lot, the rest by the Swiss system.
        let note = notes(&page, round);
        if round <= 2 {
            assert!(note.contains("п. 3.1"), "round {round}: {note}");
        } else {
            assert!(
                !note.contains("п. 3.1") && note.contains("C.04.6"),
                "{note}"
            );
        }
        play(&club, &url, round, &mut totals).await;
    }

    // match points, then game points, head-to-head, boards 1, 2, 3.
    let page = club.app.get(&url).await;
    let col = |n: usize| page.texts(&format!("table.standings tbody td:nth-child({n})"));
    let (places, names, mps, gps) = (col(1), col(2), col(3), col(4));
    let gaps = page.texts("table.standings tbody td.gap");
    assert_eq!(names.len(), 20);
    for (i, name) in names.iter().enumerate() {
        let mine = &totals[name];
        assert_eq!(mps[i], mine.mp.to_string(), "{name}: match points");
        assert_eq!(gps[i], halves(mine.gp), "{name}: game points");
    }
    let key = |n: &String| (totals[n].mp, totals[n].gp);
    let mut start = 0;
    while start < names.len() {
        let end = (start..names.len())
            .take_while(|&j| key(&names[j]) == key(&names[start]))
            .last()
            .unwrap_or(start);
        if end + 1 < names.len() {
            let ((mp, gp), (next_mp, next_gp)) = (key(&names[end]), key(&names[end + 1]));
            assert!((mp, gp) > (next_mp, next_gp), "{names:?}");
            // The page says why, in the page's language.
            let why = if mp > next_mp {
                format!("командные очки: {mp} против {next_mp}")
            } else {
                // Level on match points, which the page says first.
                format!(
                    "не разделили: командные очки; вторичный показатель (MPvGP): {} против {}",
                    halves(gp),
                    halves(next_gp)
                )
            };
            assert_eq!(gaps[end], why);
        }
        match end - start {
            0 => assert_eq!(place_range(&places[start]), (start + 1, start + 1)),
            1 => {
                // Two teams level on MP and GP: head-to-head if they met and
                // one won, else board 1, then 2, then 3.
                let (x, y) = (&totals[&names[start]], &totals[&names[start + 1]]);
                let by_de = x.met.get(&names[start + 1]).copied();
                assert_ne!(
                    by_de,
                    Some(0),
                    "{} lost to {}",
                    names[start],
                    names[start + 1]
                );
                if by_de == Some(2) {
                    assert_eq!(
                        gaps[start],
                        "не разделили: командные очки, вторичный показатель (MPvGP); \
                         личная встреча (DE): 2 против 0"
                    );
                } else if x.boards != y.boards {
                    assert!(x.boards > y.boards, "{x:?} {y:?}");
                    let board = (0..3).find(|&b| x.boards[b] != y.boards[b]).unwrap_or(0);
                    assert_eq!(
                        gaps[start],
                        format!(
                            "не разделили: командные очки, вторичный показатель (MPvGP), \
                             личная встреча (DE); \
                             результаты по доскам, начиная с первой (TBR), доска {}: {} против {}",
                            board + 1,
                            halves(x.boards[board]),
                            halves(y.boards[board])
                        )
                    );
                }
                let shared = by_de != Some(2) && x.boards == y.boards;
                let (upper, lower) = if shared {
                    ((start + 1, start + 2), (start + 1, start + 2))
                } else {
                    ((start + 1, start + 1), (start + 2, start + 2))
                };
                assert_eq!(place_range(&places[start]), upper);
                assert_eq!(place_range(&places[start + 1]), lower);
            }
            _ => {
                for place in &places[start..=end] {
                    let (first, last) = place_range(place);
                    assert!(
                        first > start && last <= end + 1,
                        "{place} in {start}..={end}"
                    );
                }
            }
        }
        start = end + 1;
    }

    // The same reasons on the English page.
    let english = club.app.get(&format!("{url}?lang=en")).await;
    let english_gaps = english.texts("table.standings tbody td.gap");
    for (i, pair) in names.windows(2).enumerate() {
        let (mp, next) = (totals[&pair[0]].mp, totals[&pair[1]].mp);
        if mp > next {
            assert_eq!(english_gaps[i], format!("match points: {mp} vs {next}"));
        }
    }

    // Finished: places and corporate points, the winner's history.
    let page = club
        .app
        .post_with(&club.root, &format!("{url}/finish"), &[("confirm", "1")])
        .await;
    assert_eq!(page.status, StatusCode::SEE_OTHER, "{}", page.text);
    let season = club
        .app
        .get(&format!("/championships/{}/season", club.id))
        .await;
    let season_names = season.texts("table.season tbody td:nth-child(2)");
    let season_totals = season.texts("table.season tbody td.total");
    let expected: BTreeMap<&String, String> = names
        .iter()
        .zip(&places)
        .map(|(n, p)| {
            let (first, last) = place_range(p);
            (n, corporate_points(first, last))
        })
        .collect();
    let shown: BTreeMap<&String, String> = season_names.iter().zip(season_totals).collect();
    assert_eq!(shown, expected);
    // G-E1: the winner, then (the one event being the whole championship,
    // ) its top four.
    let history = season.texts("ul.history li");
    assert_eq!(
        history.first(),
        Some(&format!("Турнир 1: 1-е место — {}", names[0]))
    );
    let top = places.iter().filter(|p| place_range(p).0 <= 4).count();
    assert_eq!(history.len(), 1 + top, "{history:?}");
}

#[tokio::test]
async fn g_a2_the_schedule_form_gives_four_first_wednesdays_and_one_start_moves_alone() {
    let club = Club::new("G").await;
    let app = &club.app;
    let show = format!("/championships/{}", club.id);
    // The organizer's form comes filled with the G-A2 rule (first
    // Wednesday, 18:15); the organizer types the months and sends it as
    // the browser would: each select's chosen (or first) option, each
    // field's value.
    let page = app.get_with(&club.root, &show).await;
    let form = scraper::Selector::parse("form[action$='/schedule']").expect("selector");
    let select = scraper::Selector::parse("select").expect("selector");
    let option = scraper::Selector::parse("option").expect("selector");
    let input = scraper::Selector::parse("input").expect("selector");
    let form = page.html.select(&form).next().expect("the schedule form");
    let mut fields: Vec<(String, String)> = Vec::new();
    for s in form.select(&select) {
        let options: Vec<_> = s.select(&option).collect();
        let chosen = options
            .iter()
            .find(|o| o.value().attr("selected").is_some())
            .or(options.first())
            .and_then(|o| o.value().attr("value"))
            .unwrap_or_default();
        fields.push((
            s.value().attr("name").unwrap_or_default().into(),
            chosen.into(),
        ));
    }
    for i in form.select(&input) {
        let name = i.value().attr("name").unwrap_or_default();
        let value = match name {
            "from" => "2026-09",
            "until" => "2026-12",
            _ => i.value().attr("value").unwrap_or_default(),
        };
        fields.push((name.into(), value.into()));
    }
    let sent: BTreeMap<&str, &str> = fields
        .iter()
        .filter(|(n, _)| n != "csrf_token")
        .map(|(n, v)| (n.as_str(), v.as_str()))
        .collect();
    assert_eq!(
        sent,
        BTreeMap::from([
            ("from", "2026-09"),
            ("nth", "1"),
            ("time", "18:15"),
            ("until", "2026-12"),
            ("weekday", "Wed"),
        ])
    );
    let action = form.value().attr("action").expect("action");
    let fields: Vec<(&str, &str)> = sent.into_iter().collect();
    let page = app.post_with(&club.root, action, &fields).await;
    assert_eq!(page.status, StatusCode::SEE_OTHER, "{}", page.text);
    let stored = |app: &crate::helpers::TestApp| {
        league::db::tournaments::of_championship(
            &mut app.db(),
            league::ids::ChampionshipId(club.id),
        )
        .expect("tournaments")
        .iter()
        .map(|t| t.starts_at.format("%Y-%m-%dT%H:%MZ").to_string())
        .collect::<Vec<_>>()
    };
    assert_eq!(
        stored(app),
        [
            "2026-09-02T15:15Z",
            "2026-10-07T15:15Z",
            "2026-11-04T15:15Z",
            "2026-12-02T15:15Z"
        ],
        "stored in UTC"
    );
    for lang in ["ru", "en"] {
        let page = app.get(&format!("{show}?lang={lang}")).await;
        assert_eq!(
            page.texts("table.schedule time"),
            [
                "2026-09-02 18:15",
                "2026-10-07 18:15",
                "2026-11-04 18:15",
                "2026-12-02 18:15"
            ],
            "Moscow time ({lang})"
        );
        assert!(
            page.texts("table.schedule th")
                .iter()
                .any(|h| h.contains("(UTC+3)")),
            "the zone is named ({lang})"
        );
    }

    // The third is moved with its own row's form; the others stay.
    let page = app.get_with(&club.root, &show).await;
    let actions = page.attrs("table.schedule form[action$='/start']", "action");
    assert_eq!(actions.len(), 4);
    let page = app
        .post_with(
            &club.root,
            &actions[2],
            &[("starts_at", "2026-11-11T19:30")],
        )
        .await;
    assert_eq!(page.status, StatusCode::SEE_OTHER, "{}", page.text);
    assert_eq!(
        app.get(&show).await.texts("table.schedule time"),
        [
            "2026-09-02 18:15",
            "2026-10-07 18:15",
            "2026-11-11 19:30",
            "2026-12-02 18:15"
        ]
    );
    assert_eq!(
        stored(app),
        [
            "2026-09-02T15:15Z",
            "2026-10-07T15:15Z",
            "2026-11-11T16:30Z",
            "2026-12-02T15:15Z"
        ]
    );
    let third = actions[2].trim_end_matches("/start");
    assert_eq!(
        app.get(third).await.select_text("p.lead time").as_deref(),
        Some("2026-11-11 19:30")
    );
}

/// six teams cannot play R's seven rounds without meeting twice.
/// The organizers see it on the page, set five rounds from the entries,
/// and the tournament is played and finished after round 5.
#[tokio::test]
async fn r_3_5_six_teams_play_five_rounds_the_organizers_set_and_the_tournament_finishes() {
    let club = Club::new("R").await;
    let teams = r_teams(&club, 6).await;
    let t = club.tournament_in(90).await;
    let url = club.tournament_url(t);
    enter_all(&club, t, &teams).await;
    let page = club.app.get_with(&club.root, &url).await;
    assert_eq!(page.attr("#rounds-number", "value").as_deref(), Some("7"));
    let warn = page.select_text("#rounds-form .warn").unwrap_or_default();
    assert!(warn.contains("не больше 5"), "{}", page.text);
    // Captains and the public have no such form.
    assert!(
        club.app
            .get(&url)
            .await
            .select_text("#rounds-form")
            .is_none()
    );
    let page = club
        .app
        .post_with(
            &club.root,
            &format!("{url}/round-count"),
            &[("rounds", "5")],
        )
        .await;
    assert_eq!(page.status, StatusCode::SEE_OTHER, "{}", page.text);
    let page = club.app.get_with(&club.root, &url).await;
    assert_eq!(page.attr("#rounds-number", "value").as_deref(), Some("5"));
    assert!(page.select_text("#rounds-form .warn").is_none());
    draw(&club, &url, "35").await;
    let mut totals = HashMap::new();
    for round in 1..=5 {
        published_round(&club, &url, round).await;
        play(&club, &url, round, &mut totals).await;
        if round == 3 {
            // Fewer rounds than are paired are refused, in words.
            let page = club
                .app
                .post_with(
                    &club.root,
                    &format!("{url}/round-count"),
                    &[("rounds", "2")],
                )
                .await;
            assert_eq!(page.status, StatusCode::UNPROCESSABLE_ENTITY);
            assert!(
                page.text.contains("не меньше уже составленных (3)"),
                "{}",
                page.text
            );
        }
    }
    // Every round is played: no sixth round, and the finish is allowed.
    let page = club
        .app
        .post_with(&club.root, &format!("{url}/rounds"), &[])
        .await;
    assert_eq!(page.status, StatusCode::UNPROCESSABLE_ENTITY, "no round 6");
    crate::club::finish(&club, t).await;
    let page = club.app.get(&url).await;
    assert_eq!(
        page.texts("#places table tbody tr").len(),
        6,
        "{}",
        page.text
    );
}

/// a one-stage championship is complete when its one event
/// is: the history records its top four (G-E1's hall of fame) at the
/// finish, and the hall of fame shows them instead of waiting for a season
/// that has no further tournament.
#[tokio::test]
async fn r_1_6_a_one_stage_championship_is_complete_when_its_event_finishes() {
    let club = Club::new("R").await;
    let teams = r_teams(&club, 6).await;
    let t = club.tournament_in(90).await;
    let url = club.tournament_url(t);
    enter_all(&club, t, &teams).await;
    let page = club
        .app
        .post_with(
            &club.root,
            &format!("{url}/round-count"),
            &[("rounds", "5")],
        )
        .await;
    assert_eq!(page.status, StatusCode::SEE_OTHER, "{}", page.text);
    draw(&club, &url, "35").await;
    let mut totals = HashMap::new();
    for round in 1..=5 {
        published_round(&club, &url, round).await;
        play(&club, &url, round, &mut totals).await;
    }
    crate::club::finish(&club, t).await;
    let page = club.app.get(&url).await;
    let places = page.texts("#places table tbody td:nth-child(1)");
    let names = page.texts("#places table tbody td:nth-child(2)");
    let hall = club
        .app
        .get(&format!("/championships/{}/history", club.id))
        .await;
    assert!(
        hall.select_text("#top-four + p.hint").is_none(),
        "{}",
        hall.text
    );
    let top: Vec<(String, String)> = hall
        .texts("table.top-four tbody td:nth-child(1)")
        .into_iter()
        .zip(hall.texts("table.top-four tbody td:nth-child(2)"))
        .collect();
    let expected: Vec<(String, String)> = places
        .iter()
        .zip(&names)
        .filter(|(p, _)| place_range(p).0 <= 4)
        .map(|(p, n)| (place_range(p).0.to_string(), n.clone()))
        .collect();
    assert!(!expected.is_empty());
    let mut sorted = top.clone();
    sorted.sort();
    let mut expected_sorted = expected.clone();
    expected_sorted.sort();
    assert_eq!(sorted, expected_sorted);
}

/// G-E1 after a cancellation: an organizer cancels a duplicate tournament
/// that has not started, with the reason, from the championship's
/// calendar (a refusal keeps the typed reason); it is audited, the captain
/// who entered it is told by mail, it leaves the calendar page and the
/// iCalendar feed, and the history no longer waits for it: the one event
/// played completes the championship.
#[tokio::test]
async fn g_e1_a_cancelled_duplicate_leaves_the_calendar_and_the_history_completes() {
    let club = Club::new("R").await;
    let teams = r_teams(&club, 6).await;
    let t = club.tournament_in(90).await;
    let duplicate = club.tournament_in(60 * 24 * 7).await;
    enter_all(&club, duplicate, &teams[..1]).await;
    let show = format!("/championships/{}", club.id);
    let page = club.app.get_with(&club.root, &show).await;
    let cancel = format!("{}/cancel", club.tournament_url(duplicate));
    assert!(
        page.attrs("form.cancel", "action").contains(&cancel),
        "{}",
        page.text
    );
    // Captains may not; a reason is required and a refusal keeps nothing lost.
    assert_eq!(
        club.app
            .post_with(&teams[0].captain, &cancel, &[("reason", "x")])
            .await
            .status,
        StatusCode::FORBIDDEN
    );
    let page = club
        .app
        .post_with(&club.root, &cancel, &[("reason", " ")])
        .await;
    assert_eq!(
        page.status,
        StatusCode::UNPROCESSABLE_ENTITY,
        "{}",
        page.text
    );
    assert!(
        page.text.contains("Укажите причину отмены"),
        "{}",
        page.text
    );
    let page = club
        .app
        .post_with(&club.root, &cancel, &[("reason", "дубликат дня")])
        .await;
    assert_eq!(page.status, StatusCode::SEE_OTHER, "{}", page.text);
    // Gone from the calendar, the feed and its own address.
    let page = club.app.get(&show).await;
    assert_eq!(
        page.texts("table.schedule tbody tr").len(),
        1,
        "{}",
        page.text
    );
    let ics = club
        .app
        .get(&format!("/championships/{}/calendar.ics", club.id))
        .await
        .text;
    assert_eq!(ics.matches("BEGIN:VEVENT").count(), 1, "{ics}");
    assert_eq!(
        club.app.get(&club.tournament_url(duplicate)).await.status,
        StatusCode::NOT_FOUND
    );
    // Audited, and the captain who entered it told why.
    let audit = club
        .app
        .get_with(&club.root, &format!("{show}/audit"))
        .await;
    assert!(audit.text.contains("дубликат дня"), "{}", audit.text);
    let mails = league::db::outbox::list(&mut club.app.db(), None, 1000).expect("outbox");
    let captain = club.app.person_id(&teams[0].nicks[0]);
    assert!(
        mails.iter().any(|m| m.person_id == Some(captain)
            && m.subject.contains("отменён")
            && m.body.contains("дубликат дня")),
        "{:?}",
        mails.iter().map(|m| &m.subject).collect::<Vec<_>>()
    );
    // Not cancelled twice: it is no longer there.
    assert_eq!(
        club.app
            .post_with(&club.root, &cancel, &[("reason", "again")])
            .await
            .status,
        StatusCode::NOT_FOUND
    );
    // The one event played completes the championship (G-E1).
    enter_all(&club, t, &teams).await;
    let url = club.tournament_url(t);
    let page = club
        .app
        .post_with(
            &club.root,
            &format!("{url}/round-count"),
            &[("rounds", "5")],
        )
        .await;
    assert_eq!(page.status, StatusCode::SEE_OTHER, "{}", page.text);
    // A drawn tournament cannot be cancelled.
    draw(&club, &url, "35").await;
    let page = club
        .app
        .post_with(&club.root, &format!("{url}/cancel"), &[("reason", "late")])
        .await;
    assert_eq!(
        page.status,
        StatusCode::UNPROCESSABLE_ENTITY,
        "{}",
        page.text
    );
    let mut totals = HashMap::new();
    for round in 1..=5 {
        published_round(&club, &url, round).await;
        play(&club, &url, round, &mut totals).await;
    }
    crate::club::finish(&club, t).await;
    let hall = club
        .app
        .get(&format!("/championships/{}/history", club.id))
        .await;
    assert!(
        !hall.texts("table.top-four tbody tr").is_empty(),
        "{}",
        hall.text
    );
}

/// a one-day event is added by its date and start, as one
/// tournament; the monthly rule is not offered to R.
#[tokio::test]
async fn r_1_1_a_one_day_event_is_added_by_its_date_as_one_tournament() {
    let club = Club::new("R").await;
    let page = club
        .app
        .get_with(&club.root, &format!("/championships/{}", club.id))
        .await;
    assert!(
        page.select_text("#schedule-day").is_some() || page.attr("#schedule-day", "type").is_some()
    );
    assert!(
        page.attr("#schedule-nth", "name").is_none(),
        "no monthly rule for R"
    );
    let page = club
        .app
        .post_with(
            &club.root,
            &format!("/championships/{}/schedule", club.id),
            &[("day", "2027-10-16"), ("time", "10:00")],
        )
        .await;
    assert_eq!(page.status, StatusCode::SEE_OTHER, "{}", page.text);
    let page = club.app.get(&format!("/championships/{}", club.id)).await;
    let rows = page.texts("table.schedule tbody tr td:nth-child(2)");
    assert_eq!(rows.len(), 1, "{rows:?}");
    assert!(rows[0].contains("2027-10-16 10:00"), "{rows:?}");
    // A date that is no date is refused beside its field.
    let page = club
        .app
        .post_with(
            &club.root,
            &format!("/championships/{}/schedule", club.id),
            &[("day", "16 октября"), ("time", "10:00")],
        )
        .await;
    assert_eq!(page.status, StatusCode::UNPROCESSABLE_ENTITY);
    assert!(
        page.select_text("#schedule-day-error").is_some(),
        "{}",
        page.text
    );
    assert_eq!(
        page.attr("#schedule-day", "value").as_deref(),
        Some("16 октября")
    );
}

/// The check-in form as the organizer fills it: `rows` (nick, medical,
/// passport, symptoms, doctor's note, turned away) for those named, and
/// every other participant's row as the page shows it.
async fn check_in(club: &Club, url: &str, rows: &[(&str, &str, bool, bool, bool, &str)]) -> Page {
    let page = club
        .app
        .get_with(&club.root, &format!("{url}/check-in"))
        .await;
    assert_eq!(page.status, StatusCode::OK, "{}", page.text);
    let mut fields: Vec<(String, String)> = Vec::new();
    for (nick, medical, passport, symptoms, note, refusal) in rows {
        let id = club.app.person_id(nick).to_string();
        fields.push(("pick".into(), id.clone()));
        fields.push((format!("m{id}"), (*medical).into()));
        fields.push((format!("r{id}"), (*refusal).into()));
        for (on, key) in [(*passport, "p"), (*symptoms, "s"), (*note, "d")] {
            if on {
                fields.push((format!("{key}{id}"), "1".into()));
            }
        }
    }
    let fields: Vec<(&str, &str)> = fields
        .iter()
        .map(|(n, v)| (n.as_str(), v.as_str()))
        .collect();
    let page = club
        .app
        .post_with(&club.root, &format!("{url}/check-in"), &fields)
        .await;
    assert_eq!(page.status, StatusCode::SEE_OTHER, "{}", page.text);
    club.app
        .get_with(&club.root, &format!("{url}/check-in"))
        .await
}

#[tokio::test]
async fn r_2_3_r_2_4_only_participants_admitted_at_check_in_play_and_symptoms_need_a_doctors_note()
{
    let club = Club::new("R").await;
    let teams = r_teams(&club, 4).await;
    let t = club.tournament_in(90).await;
    let url = club.tournament_url(t);
    enter_all(&club, t, &teams).await;
    draw(&club, &url, "35").await;
    // The organizers' page lists every participant; a captain may not open it.
    let page = club.app.get_with(&club.root, &url).await;
    assert!(page.attr("#check-in-link a", "href").is_some());
    assert_eq!(
        club.app
            .get_with(&teams[0].captain, &format!("{url}/check-in"))
            .await
            .status,
        StatusCode::FORBIDDEN
    );
    let page = club
        .app
        .get_with(&club.root, &format!("{url}/check-in"))
        .await;
    assert_eq!(page.texts("table.checkin tbody tr").len(), 12);
    // The organizers find the day's check-in on their to-do page.
    let organizer = club.person("Orga").await;
    club.app
        .grant_role(&club.root, club.id, "Orga", "organizer")
        .await;
    let todo = club.app.get_with(&organizer, "/todo").await;
    let lines = todo.texts("ul.todo li");
    assert!(
        lines.iter().any(|l| l.contains("допущено 0 из 12")),
        "{lines:?}"
    );
    assert!(
        todo.attrs("ul.todo a", "href")
            .contains(&format!("{url}/check-in"))
    );
    // Everyone presents a certificate and the passport, but: t00n2 shows
    // symptoms without a doctor's note, t01n3 is intoxicated
    // t02n1 signed a waiver instead, t03n1 forgot the
    // passport.
    let mut rows: Vec<(String, &str, bool, bool, bool, &str)> = Vec::new();
    for team in &teams {
        for nick in &team.nicks {
            rows.push(match nick.as_str() {
                "t00n2" => (nick.clone(), "certificate", true, true, false, ""),
                "t01n3" => (
                    nick.clone(),
                    "certificate",
                    true,
                    false,
                    false,
                    "intoxication",
                ),
                "t02n1" => (nick.clone(), "waiver", true, false, false, ""),
                "t03n1" => (nick.clone(), "certificate", false, false, false, ""),
                _ => (nick.clone(), "certificate", true, false, false, ""),
            });
        }
    }
    let refs: Vec<(&str, &str, bool, bool, bool, &str)> = rows
        .iter()
        .map(|(n, m, p, s, d, r)| (n.as_str(), *m, *p, *s, *d, *r))
        .collect();
    let page = check_in(&club, &url, &refs).await;
    let status = |page: &Page, nick: &str| {
        let id = club.app.person_id(nick);
        page.select_text(&format!("#checkin-{id} td.status"))
            .unwrap_or_default()
    };
    assert_eq!(status(&page, "t00n1"), "допущен");
    assert_eq!(
        status(&page, "t02n1"),
        "допущен",
        "a waiver stands in (R-2.2)"
    );
    assert!(
        status(&page, "t00n2").contains("п. 2.4"),
        "{}",
        status(&page, "t00n2")
    );
    assert!(
        status(&page, "t01n3").contains("опьянения"),
        "{}",
        status(&page, "t01n3")
    );
    assert!(
        status(&page, "t03n1").contains("паспорта"),
        "{}",
        status(&page, "t03n1")
    );
    assert!(
        page.texts(".flash")
            .iter()
            .any(|f| f.contains("Не допущены")),
        "{:?}",
        page.texts(".flash")
    );
    // Round 1 published: those not admitted are taken off their boards.
    let tour = club.app.get_with(&club.root, &url).await;
    let publish = tour
        .attr("section.round form[action$='/publish']", "action")
        .expect("a draft to publish");
    let page = club.app.post_with(&club.root, &publish, &[]).await;
    assert_eq!(page.status, StatusCode::SEE_OTHER, "{}", page.text);
    let seated = |conn: &mut league::db::DbConnection| {
        let rounds =
            league::db::rounds::of_tournament(conn, league::ids::TournamentId(t)).expect("rounds");
        let matches = league::db::rounds::matches_of_rounds(conn, &[rounds[0].id]).expect("m");
        let ids: Vec<_> = matches.iter().map(|m| m.id).collect();
        let games = league::db::rounds::games_of_matches(conn, &ids).expect("games");
        games
            .iter()
            .flat_map(|g| [g.home_player_id, g.away_player_id])
            .flatten()
            .collect::<HashSet<_>>()
    };
    let on_boards = seated(&mut club.app.db());
    for nick in ["t00n2", "t01n3", "t03n1"] {
        assert!(
            !on_boards.contains(&club.app.person_id(nick)),
            "{nick} plays"
        );
    }
    for nick in ["t00n1", "t02n1", "t01n1"] {
        assert!(
            on_boards.contains(&club.app.person_id(nick)),
            "{nick} is off"
        );
    }
    // The same form again changes nothing.
    let page = check_in(&club, &url, &refs).await;
    assert!(
        page.texts(".flash")
            .iter()
            .any(|f| f.contains("Ничего не изменилось")),
        "{:?}",
        page.texts(".flash")
    );
    // A doctor's note of the day admits t00n2.
    let page = check_in(
        &club,
        &url,
        &[("t00n2", "certificate", true, true, true, "")],
    )
    .await;
    assert_eq!(status(&page, "t00n2"), "допущен");
    let todo = club.app.get_with(&organizer, "/todo").await;
    assert!(
        todo.texts("ul.todo li")
            .iter()
            .any(|l| l.contains("допущено 10 из 12")),
        "{:?}",
        todo.texts("ul.todo li")
    );
}

#[tokio::test]
async fn r_2_2_one_tick_admits_a_participant_whose_papers_on_file_are_approved() {
    let club = Club::new("R").await;
    let teams = r_teams(&club, 2).await;
    let t = club.tournament_in(90).await;
    let url = club.tournament_url(t);
    enter_all(&club, t, &teams).await;
    // The organizer turns down t01n1's passport copy after all.
    let person = club.app.person_id("t01n1");
    let passport = league::db::documents::of_owner_all(
        &mut club.app.db(),
        league::db::documents::Owner::Person(person),
    )
    .expect("documents")
    .into_iter()
    .find(|d| d.kind == "passport_copy")
    .expect("a passport copy");
    let page = club
        .app
        .post_with(
            &club.root,
            &format!(
                "/championships/{}/documents/{}/review",
                club.id, passport.id
            ),
            &[("decision", "reject"), ("note", "нечитаемо")],
        )
        .await;
    assert_eq!(page.status, StatusCode::SEE_OTHER, "{}", page.text);
    // The desk shows each person's papers on file.
    let desk = format!("{url}/check-in");
    let page = club.app.get_with(&club.root, &desk).await;
    let papers = |page: &Page, nick: &str| {
        let id = club.app.person_id(nick);
        page.select_text(&format!("#checkin-{id} td.papers"))
            .unwrap_or_default()
    };
    assert_eq!(papers(&page, "t00n1"), "все одобрены");
    let short = papers(&page, "t01n1");
    assert!(
        short.contains("паспорт") && short.contains("отклон"),
        "{short}"
    );
    // One tick per person, nothing else in the rows.
    let mut fields: Vec<(String, String)> = Vec::new();
    for team in &teams {
        for nick in &team.nicks {
            let id = club.app.person_id(nick).to_string();
            fields.push(("pick".into(), id.clone()));
            fields.push((format!("a{id}"), "1".into()));
        }
    }
    let fields: Vec<(&str, &str)> = fields
        .iter()
        .map(|(n, v)| (n.as_str(), v.as_str()))
        .collect();
    let done = club.app.post_with(&club.root, &desk, &fields).await;
    assert_eq!(done.status, StatusCode::SEE_OTHER, "{}", done.text);
    let page = club.app.get_with(&club.root, &desk).await;
    let status = |nick: &str| {
        let id = club.app.person_id(nick);
        page.select_text(&format!("#checkin-{id} td.status"))
            .unwrap_or_default()
    };
    assert_eq!(status("t00n1"), "допущен");
    assert_eq!(status("t01n2"), "допущен");
    // the rejected copy stands for nothing; the desk ticks the
    // passport it sees in the row.
    assert!(status("t01n1").contains("паспорта"), "{}", status("t01n1"));
    let count = page.select_text("#checkin-count").unwrap_or_default();
    assert_eq!(
        count.replace(['\u{2068}', '\u{2069}'], ""),
        "Допущено: 5 / 6"
    );
}

#[tokio::test]
async fn r_3_5_c04_6_c1_a_round_the_field_cannot_pair_is_refused_in_words_with_the_remedy() {
    let club = Club::new("R").await;
    let teams = r_teams(&club, 4).await;
    let t = club.tournament_in(90).await;
    let url = club.tournament_url(t);
    enter_all(&club, t, &teams).await;
    draw(&club, &url, "35").await;
    let mut totals = HashMap::new();
    for round in 1..=3 {
        published_round(&club, &url, round).await;
        play(&club, &url, round, &mut totals).await;
    }
    // Four teams have met each other after three rounds: round 4 of the
    // regulation's seven cannot keep C.04.6 [C1].
    let page = club
        .app
        .post_with(&club.root, &format!("{url}/rounds"), &[])
        .await;
    assert_eq!(page.status, StatusCode::UNPROCESSABLE_ENTITY);
    let said = page.select_text("#judge-problem").unwrap_or_default();
    assert!(
        said.contains("[C1]") && said.contains("не больше чем на 3") && said.contains("п. 3.5"),
        "{said}"
    );
    let page = club
        .app
        .post_with(&club.root, &format!("{url}/rounds?lang=en"), &[])
        .await;
    let said = page.select_text("#judge-problem").unwrap_or_default();
    assert!(
        said.contains("cannot be paired") && said.contains("[C1]"),
        "{said}"
    );
}

/// The mails queued about a change of a tournament's rounds.
fn rounds_mails(club: &Club) -> Vec<league::db::outbox::OutboxRow> {
    league::db::outbox::list(&mut club.app.db(), None, 1000)
        .expect("outbox")
        .into_iter()
        .filter(|m| m.subject.contains("число туров"))
        .collect()
}

/// the organizing committee sets the rounds for the entries there
/// are: seven teams cannot play eight rounds (refused, nothing saved),
/// six are saved, every captain is told, and every page that shows the
/// number of rounds shows six.
#[tokio::test]
async fn r_3_5_rounds_the_entries_cannot_pair_are_refused_and_a_change_is_mailed_and_shown() {
    let club = Club::new("R").await;
    let teams = r_teams(&club, 7).await;
    let t = club.tournament_in(90).await;
    let url = club.tournament_url(t);
    enter_all(&club, t, &teams).await;
    let page = set_rounds(&club, &url, "8").await;
    assert_eq!(
        page.status,
        StatusCode::UNPROCESSABLE_ENTITY,
        "{}",
        page.text
    );
    let said = page.select_text("#judge-problem").unwrap_or_default();
    assert!(said.contains('8') && said.contains('7'), "{said}");
    let page = club.app.get_with(&club.root, &url).await;
    assert_eq!(page.attr("#rounds-number", "value").as_deref(), Some("7"));
    assert!(rounds_mails(&club).is_empty());

    let page = set_rounds(&club, &url, "6").await;
    assert_eq!(page.status, StatusCode::SEE_OTHER, "{}", page.text);
    // Every captain of an entry is told once, with the new number.
    let mails = rounds_mails(&club);
    assert_eq!(mails.len(), 7, "{mails:#?}");
    assert!(
        mails.iter().all(|m| m.body.contains("6 туров")),
        "{mails:#?}"
    );
    let captains: HashSet<_> = mails.iter().map(|m| m.person_id).collect();
    assert_eq!(captains.len(), 7);
    // The championship page and the tournament page (for everyone) say six.
    let page = club.app.get(&format!("/championships/{}", club.id)).await;
    let facts = page.texts("dl.facts dd").join(" | ");
    assert!(facts.contains("6 туров"), "{facts}");
    assert!(!facts.contains("7 туров"), "{facts}");
    let page = club.app.get(&url).await;
    let rounds = page.select_text("#tournament-rounds").unwrap_or_default();
    assert!(rounds.contains("6 туров"), "{rounds}");

    // The draw checks the number again against the field it draws: a
    // number stored for more entries than play is refused there.
    league::db::write_transaction(&mut club.app.db(), |tx| {
        league::db::tournaments::set_rounds(tx, league::ids::TournamentId(t), Some(9))
    })
    .unwrap();
    let page = club
        .app
        .post_with(&club.root, &format!("{url}/draw"), &[("seed", "35")])
        .await;
    assert_eq!(
        page.status,
        StatusCode::UNPROCESSABLE_ENTITY,
        "{}",
        page.text
    );
    let said = page.select_text("#judge-problem").unwrap_or_default();
    assert!(said.contains('9') && said.contains('7'), "{said}");
}
