//! Tournaments through the web pages: entries and line-ups
//! (G-B13, G-B22, G-G1, R-1.8, R-1.9).

use league::db;
use league::ids::{ChampionshipId, TeamId, TournamentId};
use reqwest::StatusCode;

// The harness moved to club.rs (shared with the browser tests); the other
// test files keep importing it from here.
pub(crate) use crate::club::{
    Club, Team, four_entered, g_team, line, play_round, play_round_by_board, publish_last,
    result_forms,
};
use crate::helpers::new_client;

#[tokio::test]
async fn g_b13_a_line_and_the_form_enter_the_same_way_and_the_submitter_captains() {
    let club = Club::new("G").await;
    let team = g_team(&club, "Ладья", "la", 7).await;
    let t = club.tournament_in(20).await;
    // A member who is not the team's captain submits: captain for this
    // tournament (G-B13).
    let member = new_client();
    club.app
        .log_in_with(&member, "la2", crate::helpers::PASSWORD)
        .await;
    let page = club.enter(&member, t, &line(&team, "Ладья", 0..7)).await;
    assert_eq!(page.status, StatusCode::SEE_OTHER, "{}", page.text);
    let entries = club.entries(t);
    assert_eq!(entries.len(), 1);
    assert_eq!(entries[0].submitted_by, club.app.person_id("la2"));
    assert!(!entries[0].late);
    let page = club.app.get(&club.tournament_url(t)).await;
    assert_eq!(
        page.texts("table.entries tbody td:nth-child(3)"),
        ["la2"],
        "the captain for the tournament"
    );
    // The form's fields build the same line: replacing the entry keeps its
    // place in the queue.
    let mut fields = vec![("entry", "Ладья".to_owned())];
    let boards = ["la3", "la4", "la5", "la6", "la7"];
    let names: Vec<String> = (1..=5).map(|i| format!("board{i}")).collect();
    for (n, b) in names.iter().zip(boards) {
        fields.push((n.as_str(), b.to_owned()));
    }
    fields.push(("sub1", "la1".to_owned()));
    let refs: Vec<(&str, &str)> = fields.iter().map(|(k, v)| (*k, v.as_str())).collect();
    let page = club
        .app
        .post_with(
            &team.captain,
            &format!("{}/entries", club.tournament_url(t)),
            &refs,
        )
        .await;
    assert_eq!(page.status, StatusCode::SEE_OTHER, "{}", page.text);
    let entries = club.entries(t);
    assert_eq!(entries.len(), 1);
    assert_eq!(entries[0].line, "Ладья,la3,la4,la5,la6,la7,la1");
    let page = club.app.get(&club.tournament_url(t)).await;
    assert_eq!(
        page.texts("table.entries tbody td:nth-child(4)"),
        ["la3, la4, la5, la6, la7"]
    );
}

#[tokio::test]
async fn g_b13_five_mistakes_give_five_messages_and_change_nothing() {
    let club = Club::new("G").await;
    let team = g_team(&club, "Ладья", "la", 5).await;
    let other = g_team(&club, "Конь", "ko", 5).await;
    club.person("stranger").await;
    let t = club.tournament_in(20).await;
    let page = club
        .enter(&other.captain, t, &line(&other, "Конь", 0..5))
        .await;
    assert_eq!(page.status, StatusCode::SEE_OTHER);
    let before = club.entries(t).len();
    // A space, an unknown nick, a non-member, a name twice, too few players.
    let page = club
        .enter(&team.captain, t, "Ладья,la1, stranger,ghost,la1")
        .await;
    assert_eq!(
        page.status,
        StatusCode::UNPROCESSABLE_ENTITY,
        "{}",
        page.text
    );
    let problems = page.texts("#entry-form ul.problems li");
    assert_eq!(problems.len(), 5, "{problems:?}");
    assert!(problems[0].contains("пробел"), "{problems:?}");
    assert!(problems.iter().any(|p| p.contains("ghost")));
    assert!(
        problems
            .iter()
            .any(|p| p.contains("stranger") && p.contains("не состоит"))
    );
    assert!(
        problems
            .iter()
            .any(|p| p.contains("la1") && p.contains("дважды"))
    );
    assert!(problems.iter().any(|p| p.contains("нужно 5")));
    assert_eq!(club.entries(t).len(), before, "nothing stored");
    // The line is kept in the form.
    assert_eq!(
        page.attr("#entry-line", "value").as_deref(),
        Some("Ладья,la1, stranger,ghost,la1")
    );
}

#[tokio::test]
async fn g_b22_a_player_named_in_another_entry_of_the_tournament_is_refused() {
    let club = Club::new("G").await;
    let team = g_team(&club, "Ладья", "la", 10).await;
    let t = club.tournament_in(20).await;
    let page = club
        .enter(&team.captain, t, &line(&team, "Ладья1", 0..5))
        .await;
    assert_eq!(page.status, StatusCode::SEE_OTHER, "{}", page.text);
    // The double names la5, already on Ладья1.
    let page = club
        .enter(&team.captain, t, &line(&team, "Ладья2", 4..9))
        .await;
    assert_eq!(page.status, StatusCode::UNPROCESSABLE_ENTITY);
    let problems = page.texts("#entry-form ul.problems li");
    assert_eq!(problems.len(), 1, "{problems:?}");
    assert!(problems[0].contains("la5") && problems[0].contains("Ладья1"));
    let page = club
        .enter(&team.captain, t, &line(&team, "Ладья2", 5..10))
        .await;
    assert_eq!(page.status, StatusCode::SEE_OTHER, "{}", page.text);
    assert_eq!(club.entries(t).len(), 2);
}

#[tokio::test]
async fn g_b13_registration_opens_30_minutes_before_and_closes_at_the_start() {
    let club = Club::new("G").await;
    let team = g_team(&club, "Ладья", "la", 5).await;
    let t = club.tournament_in(45).await;
    let page = club
        .enter(&team.captain, t, &line(&team, "Ладья", 0..5))
        .await;
    assert_eq!(page.status, StatusCode::UNPROCESSABLE_ENTITY);
    assert!(
        page.texts("#entry-form ul.problems li")[0].contains("Регистрация откроется"),
        "{}",
        page.text
    );
    club.move_start(t, -1).await;
    let page = club
        .enter(&team.captain, t, &line(&team, "Ладья", 0..5))
        .await;
    assert_eq!(page.status, StatusCode::UNPROCESSABLE_ENTITY);
    assert!(club.entries(t).is_empty());
    club.move_start(t, 29).await;
    let page = club
        .enter(&team.captain, t, &line(&team, "Ладья", 0..5))
        .await;
    assert_eq!(page.status, StatusCode::SEE_OTHER);
}

#[tokio::test]
async fn g_g1_an_entry_less_than_5_minutes_before_the_start_is_penalised() {
    let club = Club::new("G").await;
    let early = g_team(&club, "Ладья", "la", 5).await;
    let late = g_team(&club, "Конь", "ko", 5).await;
    let t = club.tournament_in(20).await;
    assert_eq!(
        club.enter(&early.captain, t, &line(&early, "Ладья", 0..5))
            .await
            .status,
        StatusCode::SEE_OTHER
    );
    club.move_start(t, 3).await;
    let page = club
        .enter(&late.captain, t, &line(&late, "Конь", 0..5))
        .await;
    assert_eq!(page.status, StatusCode::SEE_OTHER);
    let page = club
        .app
        .get_with(&late.captain, &club.tournament_url(t))
        .await;
    assert!(
        page.texts(".flash").iter().any(|f| f.contains("Г.1")),
        "{:?}",
        page.texts(".flash")
    );
    let penalties =
        db::penalties::of_championship(&mut club.app.db(), ChampionshipId(club.id)).expect("q");
    assert_eq!(penalties.len(), 1);
    assert_eq!(penalties[0].code, "G-G1");
    assert_eq!(penalties[0].team_id, TeamId(late.id));
    assert_eq!(penalties[0].amount, 1, "half a point");
    // The captain is told, as of any penalty, once.
    let told: Vec<_> = db::outbox::list(&mut club.app.db(), None, 1000)
        .expect("outbox")
        .into_iter()
        .filter(|m| m.subject.contains("Наказание Г.1"))
        .collect();
    assert_eq!(told.len(), 1, "{told:?}");
    assert!(told[0].body.contains("поздняя заявка"), "{}", told[0].body);
    let entries = club.entries(t);
    assert_eq!(
        entries.iter().map(|e| e.late).collect::<Vec<_>>(),
        [false, true]
    );
}

#[tokio::test]
async fn g_a6_the_entry_deadline_is_its_own_rule_named_on_the_page_and_without_a_late_penalty_it_refuses()
 {
    let club = Club::new("G").await;
    let team = g_team(&club, "Ладья", "la", 5).await;
    let t = club.tournament_in(20).await;
    // The page names the last moment of an entry in time (18:15 − 5 min
    // in the championship's zone).
    let page = club
        .app
        .get_with(&team.captain, &club.tournament_url(t))
        .await;
    let lead = page.texts("p.lead").join(" ");
    assert!(lead.contains("своевременна до"), "{lead}");
    // A regulation with the deadline and no late acceptance (G-G1): the
    // five minutes stand alone. E's regulation changes at once (no season
    // notice rule), so the organizer adds the deadline there.
    let e = Club::new("E").await;
    let page = e
        .app
        .regulation_change(
            &e.root,
            e.id,
            &[
                ("entry.on_time", "5"),
                ("summary", "entries close 5 minutes before"),
            ],
        )
        .await;
    assert_eq!(page.status, StatusCode::SEE_OTHER, "{}", page.text);
    let team = crate::e_club::e_team(&e, "Альфа", "al").await;
    let t2 = e.tournament_in(3).await;
    let page = e
        .enter(&team.captain, t2, &line(&team, "Альфа", 0..3))
        .await;
    assert_eq!(
        page.status,
        StatusCode::UNPROCESSABLE_ENTITY,
        "{}",
        page.text
    );
    let problems = page.texts("ul.problems li").join(" ");
    assert!(problems.contains("Приём заявок закончился"), "{problems}");
    assert!(e.entries(t2).is_empty(), "nothing stored");
    assert!(
        db::penalties::of_championship(&mut e.app.db(), ChampionshipId(e.id))
            .expect("q")
            .is_empty()
    );
    // In time it is accepted.
    e.move_start(t2, 6).await;
    let page = e
        .enter(&team.captain, t2, &line(&team, "Альфа", 0..3))
        .await;
    assert_eq!(page.status, StatusCode::SEE_OTHER, "{}", page.text);
}

#[tokio::test]
async fn g_b13_with_an_odd_count_the_last_registered_double_sits_out() {
    let club = Club::new("G").await;
    let big = g_team(&club, "Ладья", "la", 10).await;
    let other = g_team(&club, "Конь", "ko", 5).await;
    let t = club.tournament_in(20).await;
    for (who, l) in [
        (&big.captain, line(&big, "Ладья1", 0..5)),
        (&big.captain, line(&big, "Ладья2", 5..10)),
        (&other.captain, line(&other, "Конь", 0..5)),
    ] {
        let page = club.enter(who, t, &l).await;
        assert_eq!(page.status, StatusCode::SEE_OTHER, "{}", page.text);
    }
    assert_eq!(
        club.statuses(t).await,
        [
            ("Ладья1".to_owned(), "играет".to_owned()),
            (
                "Ладья2".to_owned(),
                "не играет (нечётное число, Б.1.3)".to_owned()
            ),
            ("Конь".to_owned(), "играет".to_owned()),
        ]
    );
    // A withdrawal makes the count even: the double plays again.
    assert_eq!(
        club.withdraw(&other.captain, t).await.status,
        StatusCode::SEE_OTHER
    );
    assert_eq!(
        club.statuses(t).await,
        [
            ("Ладья1".to_owned(), "играет".to_owned()),
            ("Ладья2".to_owned(), "играет".to_owned()),
            ("Конь".to_owned(), "отозвана".to_owned()),
        ]
    );
}

/// G-B13: whether a double sits out is settled by the draw: a double the
/// draw paired plays to the end, though a later withdrawal makes the count
/// of entries odd.
#[tokio::test]
async fn g_b13_a_double_the_draw_paired_plays_on_after_a_withdrawal_makes_the_count_odd() {
    let club = Club::new("G").await;
    let big = g_team(&club, "Ладья", "la", 10).await;
    let ko = g_team(&club, "Конь", "ko", 5).await;
    let sl = g_team(&club, "Слон", "sl", 5).await;
    let t = club.tournament_in(20).await;
    for (who, l) in [
        (&big.captain, line(&big, "Ладья1", 0..5)),
        (&big.captain, line(&big, "Ладья2", 5..10)),
        (&ko.captain, line(&ko, "Конь", 0..5)),
        (&sl.captain, line(&sl, "Слон", 0..5)),
    ] {
        let page = club.enter(who, t, &l).await;
        assert_eq!(page.status, StatusCode::SEE_OTHER, "{}", page.text);
    }
    let url = club.tournament_url(t);
    let page = club
        .app
        .post_with(&club.root, &format!("{url}/draw"), &[("seed", "7")])
        .await;
    assert_eq!(page.status, StatusCode::SEE_OTHER, "{}", page.text);
    let konj = club
        .entries(t)
        .into_iter()
        .find(|x| x.name == "Конь")
        .expect("entry")
        .id;
    let page = club
        .app
        .post_with(
            &club.root,
            &format!("{url}/entries/{konj}/retire"),
            &[("reason", "three boards empty, no substitutes")],
        )
        .await;
    assert_eq!(page.status, StatusCode::SEE_OTHER, "{}", page.text);
    let statuses = club.statuses(t).await;
    let of = |name: &str| {
        statuses
            .iter()
            .find(|(n, _)| n == name)
            .map(|(_, s)| s.clone())
            .unwrap_or_default()
    };
    assert_eq!(of("Ладья2"), "играет", "{statuses:?}");
    assert_eq!(of("Ладья1"), "играет", "{statuses:?}");
}

#[tokio::test]
async fn g_v1_four_teams_play_a_round_robin_with_two_games_and_results_make_the_standings() {
    let club = Club::new("G").await;
    let (teams, t) = four_entered(&club).await;
    let url = club.tournament_url(t);
    // A player cannot draw.
    assert_eq!(
        club.app
            .post_with(&teams[0].captain, &format!("{url}/draw"), &[("seed", "7")])
            .await
            .status,
        StatusCode::FORBIDDEN
    );
    let page = club
        .app
        .post_with(&club.root, &format!("{url}/draw"), &[("seed", "7")])
        .await;
    club.started(&url);
    assert_eq!(page.status, StatusCode::SEE_OTHER, "{}", page.text);
    // Registration is closed by the draw.
    let late = club
        .enter(&teams[0].captain, t, &line(&teams[0], "Ладья", 0..5))
        .await;
    assert_eq!(late.status, StatusCode::UNPROCESSABLE_ENTITY);
    // The draft is seen by judges only.
    let public = club.app.get(&url).await;
    assert!(public.texts("table.pairings").is_empty());
    let page = club.app.get_with(&club.root, &url).await;
    let publish = page
        .attr("section.round form[action$='/publish']", "action")
        .expect("publish form");
    assert_eq!(
        club.app.post_with(&club.root, &publish, &[]).await.status,
        StatusCode::SEE_OTHER
    );
    let public = club.app.get(&url).await;
    assert_eq!(
        public.texts("#round-1 tr.match").len(),
        2,
        "two matches of round 1"
    );
    // G-V1: 5 boards × 2 games per match.
    assert_eq!(public.texts("#round-1 tr.game").len(), 20);
    let page = club.app.get_with(&club.root, &url).await;
    let forms = result_forms(&page);
    assert_eq!(forms.len(), 20);
    // Home wins every game of table 1; table 2 is all draws.
    for (i, (action, version)) in forms.iter().enumerate() {
        let result = if i < 10 { "1-0" } else { "1/2" };
        let page = club
            .app
            .post_with(
                &club.root,
                action,
                &[("result", result), ("version", version)],
            )
            .await;
        assert_eq!(page.status, StatusCode::SEE_OTHER, "{}", page.text);
    }
    // A second judge holding the old version is told the game changed.
    let (action, version) = &forms[0];
    let page = club
        .app
        .post_with(
            &club.root,
            action,
            &[("result", "0-1"), ("version", version)],
        )
        .await;
    assert_eq!(page.status, StatusCode::CONFLICT);
    assert!(
        page.select_text("#judge-problem")
            .unwrap_or_default()
            .contains("1-0")
    );
    let public = club.app.get(&url).await;
    assert_eq!(public.texts("#round-1 tr.match td.score"), ["10-0", "5-5"]);
    let rows = public.texts("table.standings tbody tr td:nth-child(4)");
    assert_eq!(rows, ["10", "5", "5", "0"], "game points (G-V42 a)");
}

/// G-V42 b: head-to-head points decide between teams tied on game points;
/// the DE/P column shows them for the tied teams (C.07 art. 6: the
/// criterion compares the tied group only) and a dash for a team tied with
/// nobody, on the page, and as numbers and nulls in the downloads.
#[tokio::test]
async fn g_v42_head_to_head_is_shown_for_the_tied_teams_and_a_dash_for_the_others() {
    let club = Club::new("G").await;
    let (_teams, t) = four_entered(&club).await;
    let url = club.tournament_url(t);
    let page = club
        .app
        .post_with(&club.root, &format!("{url}/draw"), &[("seed", "7")])
        .await;
    assert_eq!(page.status, StatusCode::SEE_OTHER, "{}", page.text);
    club.started(&url);
    publish_last(&club, &url).await;
    // Table 1: the home side wins every game (10–0); table 2: all drawn
    // (5–5), so its two teams are tied on 5 game points and met: DE 5 each.
    let page = club.app.get_with(&club.root, &url).await;
    let forms = result_forms(&page);
    assert_eq!(forms.len(), 20);
    for (i, (action, version)) in forms.iter().enumerate() {
        let result = if i < 10 { "1-0" } else { "1/2" };
        let page = club
            .app
            .post_with(
                &club.root,
                action,
                &[("result", result), ("version", version)],
            )
            .await;
        assert_eq!(page.status, StatusCode::SEE_OTHER, "{}", page.text);
    }
    let public = club.app.get(&url).await;
    assert_eq!(
        public.texts("table.standings tbody tr td:nth-child(4)"),
        ["10", "5", "5", "0"]
    );
    assert_eq!(
        public.texts("table.standings tbody tr td:nth-child(5)"),
        ["—", "5", "5", "—"],
        "DE/P"
    );
    let (_, json) = crate::exports::download(&club, &format!("{url}/standings.json")).await;
    let json: serde_json::Value = serde_json::from_str(&json).expect("json");
    let de: Vec<serde_json::Value> = json["rows"]
        .as_array()
        .expect("rows")
        .iter()
        .map(|r| r["tie_breaks"][0]["value"].clone())
        .collect();
    assert_eq!(
        de,
        [
            serde_json::Value::Null,
            serde_json::json!(5.0),
            serde_json::json!(5.0),
            serde_json::Value::Null
        ]
    );
    let (_, csv) = crate::exports::download(&club, &format!("{url}/standings.csv")).await;
    let mut reader = csv::Reader::from_reader(csv.as_bytes());
    let at = reader
        .headers()
        .expect("header")
        .iter()
        .position(|h| h == "DE/P")
        .expect("a DE/P column");
    let cells: Vec<String> = reader
        .records()
        .map(|r| r.expect("record")[at].to_owned())
        .collect();
    assert_eq!(cells, ["", "5", "5", ""]);
}

#[tokio::test]
async fn g_v41_g_e1_places_give_tournament_points_and_the_season_deducts_penalties() {
    let club = Club::new("G").await;
    let strength = ["Ладья", "Конь", "Слон", "Ферзь"];
    let mut teams = Vec::new();
    for (name, prefix) in strength.iter().zip(["la", "ko", "sl", "fe"]) {
        teams.push(g_team(&club, name, prefix, 5).await);
    }
    let t = club.tournament_in(20).await;
    for team in &teams[..3] {
        let page = club
            .enter(&team.captain, t, &line(team, &team.name, 0..5))
            .await;
        assert_eq!(page.status, StatusCode::SEE_OTHER, "{}", page.text);
    }
    // Ферзь enters late: G-G1, −0.5.
    club.move_start(t, 3).await;
    let page = club
        .enter(&teams[3].captain, t, &line(&teams[3], "Ферзь", 0..5))
        .await;
    assert_eq!(page.status, StatusCode::SEE_OTHER, "{}", page.text);
    let url = club.tournament_url(t);
    let page = club
        .app
        .post_with(&club.root, &format!("{url}/draw"), &[("seed", "11")])
        .await;
    club.started(&url);
    assert_eq!(page.status, StatusCode::SEE_OTHER);
    for round in 1..=3 {
        if round > 1 {
            let page = club
                .app
                .post_with(&club.root, &format!("{url}/rounds"), &[])
                .await;
            assert_eq!(page.status, StatusCode::SEE_OTHER, "{}", page.text);
        }
        // Not finished while a round is open.
        let early = club
            .app
            .post_with(&club.root, &format!("{url}/finish"), &[("confirm", "1")])
            .await;
        assert_eq!(early.status, StatusCode::UNPROCESSABLE_ENTITY);
        publish_last(&club, &url).await;
        // The side whose entry comes first in `strength` wins every game.
        let rank = |name: &str| strength.iter().position(|s| *s == name).expect("known");
        play_round(&club, &url, round, &|home, away| {
            if rank(home) < rank(away) {
                "1-0"
            } else {
                "0-1"
            }
        })
        .await;
    }
    // Three rounds of a 4-team round robin: nothing more to pair.
    let page = club
        .app
        .post_with(&club.root, &format!("{url}/rounds"), &[])
        .await;
    assert_eq!(page.status, StatusCode::UNPROCESSABLE_ENTITY);
    // Finishing cannot be taken back: without the box ticked it is
    // refused in words and nothing changes.
    let tour = club.app.get_with(&club.root, &url).await;
    assert_eq!(
        tour.attr("#finish-confirm", "required").as_deref(),
        Some(""),
        "the page asks for the confirmation"
    );
    let page = club
        .app
        .post_with(&club.root, &format!("{url}/finish"), &[])
        .await;
    assert_eq!(page.status, StatusCode::UNPROCESSABLE_ENTITY);
    assert!(
        page.select_text("#judge-problem")
            .unwrap_or_default()
            .contains("нельзя отменить"),
        "{}",
        page.text
    );
    assert!(
        club.app
            .get(&url)
            .await
            .texts("#places tbody tr")
            .is_empty()
    );
    let page = club
        .app
        .post_with(&club.root, &format!("{url}/finish"), &[("confirm", "1")])
        .await;
    assert_eq!(page.status, StatusCode::SEE_OTHER, "{}", page.text);
    let page = club.app.get(&url).await;
    assert_eq!(
        page.texts("table.standings tbody td:nth-child(2)"),
        strength
    );
    assert_eq!(
        page.texts("table.standings tbody td:nth-child(4)"),
        ["30", "20", "10", "0"],
        "game points: 3 matches × 10 games"
    );
    // G-V41 12/8/6/4; G-G1 −0.5 for Ферзь; G-E1 the winner in the history.
    let season = club
        .app
        .get(&format!("/championships/{}/season", club.id))
        .await;
    assert_eq!(season.status, StatusCode::OK);
    assert_eq!(season.texts("table.season tbody td:nth-child(2)"), strength);
    assert_eq!(
        season.texts("table.season tbody td.total"),
        ["12", "8", "6", "3½"]
    );
    assert_eq!(
        season.texts("ul.history li"),
        ["Турнир 1: 1-е место — Ладья"]
    );
}

#[tokio::test]
async fn g_v42_a_first_place_shared_after_every_tie_break_needs_a_play_off() {
    let club = Club::new("G").await;
    let (teams, t) = four_entered(&club).await;
    let url = club.tournament_url(t);
    let page = club
        .app
        .post_with(&club.root, &format!("{url}/draw"), &[("seed", "3")])
        .await;
    club.started(&url);
    assert_eq!(page.status, StatusCode::SEE_OTHER);
    for round in 1..=3 {
        if round > 1 {
            let page = club
                .app
                .post_with(&club.root, &format!("{url}/rounds"), &[])
                .await;
            assert_eq!(page.status, StatusCode::SEE_OTHER, "{}", page.text);
        }
        publish_last(&club, &url).await;
        // Every game drawn: game points, head-to-head and Sonneborn-Berger
        // all equal, so the four share first place.
        play_round(&club, &url, round, &|_, _| "1/2").await;
    }
    let page = club
        .app
        .post_with(&club.root, &format!("{url}/finish"), &[("confirm", "1")])
        .await;
    assert_eq!(page.status, StatusCode::UNPROCESSABLE_ENTITY);
    let problem = page.select_text("#judge-problem").unwrap_or_default();
    assert!(problem.contains("В.4.2"), "{problem}");
    for team in &teams {
        assert!(problem.contains(&team.name), "{problem}");
    }
    assert!(
        db::results::places_of_championship(&mut club.app.db(), ChampionshipId(club.id))
            .expect("places")
            .is_empty(),
        "nothing recorded"
    );
    let page = club.app.get(&url).await;
    assert_eq!(
        page.texts("table.standings tbody td:nth-child(1)"),
        ["1–4", "1–4", "1–4", "1–4"]
    );
}

#[tokio::test]
async fn game_results_outside_the_list_are_refused_and_change_nothing() {
    let club = Club::new("G").await;
    let (_, t) = four_entered(&club).await;
    let url = club.tournament_url(t);
    let page = club
        .app
        .post_with(&club.root, &format!("{url}/draw"), &[])
        .await;
    club.started(&url);
    assert_eq!(page.status, StatusCode::SEE_OTHER);
    publish_last(&club, &url).await;
    let page = club.app.get_with(&club.root, &url).await;
    let (action, version) = result_forms(&page).remove(0);
    let page = club
        .app
        .post_with(
            &club.root,
            &action,
            &[("result", "2-0"), ("version", &version)],
        )
        .await;
    assert_eq!(page.status, StatusCode::UNPROCESSABLE_ENTITY);
    assert!(page.select_text("#judge-problem").is_some());
    let page = club.app.get_with(&club.root, &url).await;
    assert_eq!(result_forms(&page)[0].1, version, "the game is unchanged");
}

#[tokio::test]
async fn g_g1_an_entry_withdrawn_and_entered_late_again_is_penalised_once() {
    let club = Club::new("G").await;
    let team = g_team(&club, "Ладья", "la", 5).await;
    let t = club.tournament_in(20).await;
    club.move_start(t, 3).await;
    let entry = line(&team, "Ладья", 0..5);
    assert_eq!(
        club.enter(&team.captain, t, &entry).await.status,
        StatusCode::SEE_OTHER
    );
    assert_eq!(
        club.withdraw(&team.captain, t).await.status,
        StatusCode::SEE_OTHER
    );
    assert_eq!(
        club.enter(&team.captain, t, &entry).await.status,
        StatusCode::SEE_OTHER
    );
    let penalties =
        db::penalties::of_championship(&mut club.app.db(), ChampionshipId(club.id)).expect("q");
    assert_eq!(penalties.len(), 1, "one application, one G-G1 penalty");
    assert_eq!(penalties[0].amount, 1, "−0.5 in half-points");
}

#[tokio::test]
async fn g_a2_a_drawn_tournament_keeps_its_start() {
    let club = Club::new("G").await;
    let (_teams, t) = four_entered(&club).await;
    let url = club.tournament_url(t);
    let page = club
        .app
        .post_with(&club.root, &format!("{url}/draw"), &[("seed", "1")])
        .await;
    club.started(&url);
    assert_eq!(page.status, StatusCode::SEE_OTHER);
    let before = club.entries(t).len();
    let page = club
        .app
        .post_with(
            &club.root,
            &format!("{url}/start"),
            &[("starts_at", "2030-02-05T18:15")],
        )
        .await;
    assert_eq!(page.status, StatusCode::UNPROCESSABLE_ENTITY);
    assert!(page.text.contains("Жеребьёвка этого турнира проведена"));
    let stored = db::tournaments::by_id(&mut club.app.db(), TournamentId(t))
        .expect("q")
        .expect("t");
    assert_ne!(
        stored.starts_at.format("%Y-%m-%d").to_string(),
        "2030-02-05",
        "the start did not move"
    );
    assert_eq!(club.entries(t).len(), before);
}

#[tokio::test]
async fn g_b13_a_double_that_sits_out_is_told_so_at_its_entry_and_at_the_draw() {
    let club = Club::new("G").await;
    let big = g_team(&club, "Ладья", "la", 10).await;
    let mut others = Vec::new();
    for (name, prefix) in [("Конь", "ko"), ("Слон", "sl"), ("Ферзь", "fe")] {
        others.push(g_team(&club, name, prefix, 5).await);
    }
    let t = club.tournament_in(20).await;
    let page = club
        .enter(&big.captain, t, &line(&big, "Ладья1", 0..5))
        .await;
    assert_eq!(page.status, StatusCode::SEE_OTHER, "{}", page.text);
    for team in &others {
        let page = club
            .enter(&team.captain, t, &line(team, &team.name, 0..5))
            .await;
        assert_eq!(page.status, StatusCode::SEE_OTHER, "{}", page.text);
    }
    // The fifth entry, a double: it sits out, and the page says so.
    let la6 = crate::helpers::new_client();
    club.app
        .log_in_with(&la6, "la6", crate::helpers::PASSWORD)
        .await;
    let page = club.enter(&la6, t, &line(&big, "Ладья2", 5..10)).await;
    assert_eq!(page.status, StatusCode::SEE_OTHER, "{}", page.text);
    let page = club.app.get_with(&la6, &club.tournament_url(t)).await;
    let flash = page.flash();
    assert!(
        flash.contains("пока не играет") && flash.contains("Б.1.3"),
        "{flash}"
    );
    let to_la6 = |club: &Club| {
        league::db::outbox::list(&mut club.app.db(), None, 1000)
            .expect("outbox")
            .into_iter()
            .filter(|m| m.address == "la6@club.example")
            .collect::<Vec<_>>()
    };
    assert!(
        to_la6(&club)
            .iter()
            .any(|m| m.body.contains("пока не играет")),
        "{:?}",
        to_la6(&club)
    );
    // The draw leaves it out, and tells its captain.
    let url = club.tournament_url(t);
    let page = club
        .app
        .post_with(&club.root, &format!("{url}/draw"), &[("seed", "7")])
        .await;
    club.started(&url);
    assert_eq!(page.status, StatusCode::SEE_OTHER, "{}", page.text);
    let mail = to_la6(&club);
    assert!(
        mail.iter().any(|m| m.kind == "play_status"
            && m.subject.contains("Ладья2 не играет")
            && m.body.contains("Б.1.3")),
        "{mail:?}"
    );
}

/// G-B14: the captain answers for a correct application; a refused entry
/// names the captain who submitted it.
#[tokio::test]
async fn g_b14_a_refused_entry_names_the_captain_who_answers_for_it() {
    let club = Club::new("G").await;
    let team = g_team(&club, "Ладья", "la", 5).await;
    let t = club.tournament_in(20).await;
    let page = club.enter(&team.captain, t, "Ладья,la1,la2").await;
    assert_eq!(
        page.status,
        StatusCode::UNPROCESSABLE_ENTITY,
        "{}",
        page.text
    );
    assert_eq!(
        page.select_text("#entry-captain").as_deref(),
        Some("За корректность заявки отвечает подающий её капитан (Б.1.4): la1.")
    );
    // Accepted entries say nothing of it.
    let page = club
        .enter(&team.captain, t, &line(&team, "Ладья", 0..5))
        .await;
    assert_eq!(page.status, StatusCode::SEE_OTHER, "{}", page.text);
    let page = club
        .app
        .get_with(&team.captain, &club.tournament_url(t))
        .await;
    assert!(page.select_text("#entry-captain").is_none());
}
