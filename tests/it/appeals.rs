//! Appeals and the appeals committee over HTTP: the form
//! closed during the tournament and open after it (G-D4), only captains
//! file, the committee computed without the parties and their doubles,
//! the chief judge's second vote (G-Zh1), a decision that changes a past
//! tournament's places and the season, a refused supervised game (G-Zh2),
//! and a fair-play report that becomes a G-G7 case (G-E3).

use league::db;
use league::ids::{ChampionshipId, RoundId, TeamId, TournamentId};
use reqwest::{Client, StatusCode};

use crate::club::{finish, play_out};
use crate::helpers::{Page, new_client};
use crate::play::{Club, Team, four_entered, g_team, line};

/// The chief judge "cj" and the judge "jd" of the championship.
async fn judges(club: &Club) -> (Client, Client) {
    let cj = club.person("cj").await;
    let jd = club.person("jd").await;
    club.app
        .grant_role(&club.root, club.id, "cj", "chief_judge")
        .await;
    club.app
        .grant_role(&club.root, club.id, "jd", "judge")
        .await;
    (cj, jd)
}

const STRENGTH: [&str; 4] = ["Ладья", "Конь", "Слон", "Ферзь"];

fn rank(name: &str) -> usize {
    STRENGTH.iter().position(|s| *s == name).expect("known")
}

/// The stronger side wins every game, except Конь–Слон: Конь wins only
/// board 1's first game and the rest are drawn (5½–4½).
fn close_match(home: &str, away: &str, board: usize) -> &'static str {
    let pair = [home, away];
    if pair.contains(&"Конь") && pair.contains(&"Слон") {
        return if board == 1 { "first" } else { "1/2" };
    }
    if rank(home) < rank(away) {
        "1-0"
    } else {
        "0-1"
    }
}

async fn appeal_url(club: &Club, t: i64) -> String {
    format!("/championships/{}/tournaments/{t}/appeal", club.id)
}

async fn file(club: &Club, who: &Client, t: i64, concerned: Option<i64>) -> Page {
    let team = concerned.map(|x| x.to_string()).unwrap_or_default();
    club.app
        .post_with(
            who,
            &appeal_url(club, t).await,
            &[
                (
                    "what_happened",
                    "board 1 game 1: the flag fell after the mate",
                ),
                ("claim", "the game is won by mate"),
                ("contested", "the judge's loss on time"),
                ("game_ref", "round 2, board 1"),
                ("concerned_team", &team),
            ],
        )
        .await
}

/// The season page's rows: (entry, total).
async fn season_totals(club: &Club) -> (Page, Vec<(String, String)>) {
    let page = club
        .app
        .get(&format!("/championships/{}/season", club.id))
        .await;
    assert_eq!(page.status, StatusCode::OK);
    let names = page.texts("table.season tbody td:nth-child(2)");
    let totals = page.texts("table.season td.total");
    (page, names.into_iter().zip(totals).collect())
}

async fn vote(club: &Club, who: &Client, case: &str, how: &str) -> Page {
    club.app
        .post_with(who, &format!("{case}/vote"), &[("vote", how)])
        .await
}

/// The committee votes as given, then `judge` closes the vote and decides.
async fn decide_by(club: &Club, judge: &Client, case: &str, votes: &[(&Client, &str)]) {
    for (who, how) in votes {
        let page = vote(club, who, case, how).await;
        assert_eq!(page.status, StatusCode::SEE_OTHER, "{}", page.text);
    }
    let page = club
        .app
        .post_with(judge, &format!("{case}/decide"), &[("confirm", "1")])
        .await;
    assert_eq!(page.status, StatusCode::SEE_OTHER, "{}", page.text);
}

/// The championship's audit log as an organizer who is neither a judge nor
/// a party reads it.
async fn log_as_an_outside_organizer(club: &Club) -> Page {
    let scribe = club.app.person("Scribe").await;
    club.app
        .grant_role(&club.root, club.id, "Scribe", "organizer")
        .await;
    let audit = club
        .app
        .get_with(&scribe, &format!("/championships/{}/audit", club.id))
        .await;
    assert_eq!(audit.status, StatusCode::OK);
    audit
}

#[tokio::test]
async fn g_d4_the_appeal_form_is_closed_during_the_tournament_and_opens_after_the_finish() {
    let club = Club::new("G").await;
    let (teams, t) = four_entered(&club).await;
    // The tournament runs: the form is closed, and filing is refused in
    // words with nothing recorded.
    play_out(&club, t, &|home, away, _| {
        if rank(home) < rank(away) {
            "1-0"
        } else {
            "0-1"
        }
    })
    .await;
    let page = club
        .app
        .get_with(&teams[2].captain, &appeal_url(&club, t).await)
        .await;
    assert_eq!(page.status, StatusCode::OK);
    assert!(page.texts("form.appeal").is_empty());
    assert!(
        page.select_text("#appeal-closed")
            .unwrap_or_default()
            .contains("Д.4"),
        "{}",
        page.text
    );
    let page = file(&club, &teams[2].captain, t, None).await;
    assert_eq!(page.status, StatusCode::UNPROCESSABLE_ENTITY);
    assert!(
        page.texts("#appeal-problems li")[0].contains("Турнир не окончен"),
        "{}",
        page.text
    );
    let c = ChampionshipId(club.id);
    assert!(
        db::appeals::of_championship(&mut club.app.db(), c)
            .expect("cases")
            .is_empty()
    );
    // Finished: the form opens and a captain files; the case is open.
    finish(&club, t).await;
    let page = club
        .app
        .get_with(&teams[2].captain, &appeal_url(&club, t).await)
        .await;
    assert_eq!(page.texts("form.appeal").len(), 1);
    let page = file(&club, &teams[2].captain, t, Some(teams[1].id)).await;
    assert_eq!(page.status, StatusCode::SEE_OTHER, "{}", page.text);
    let case = page.location().expect("case").to_owned();
    let cases = db::appeals::of_championship(&mut club.app.db(), c).expect("cases");
    assert_eq!(cases.len(), 1);
    assert_eq!(
        (
            cases[0].status.as_str(),
            cases[0].filing_team_id,
            cases[0].concerned_team_id
        ),
        ("open", Some(TeamId(teams[2].id)), Some(TeamId(teams[1].id)))
    );
    // Pending, the case is the parties' and the committee's: the filing
    // and the concerned captains read it (and the other captains, who sit
    // on the G-Zh1 committee); anybody else sees that it is sealed.
    for party in [&teams[2].captain, &teams[1].captain, &teams[0].captain] {
        let page = club.app.get_with(party, &case).await;
        assert_eq!(
            page.select_text("#case-status").as_deref(),
            Some("открыто, у комиссии")
        );
        assert!(page.text.contains("the flag fell after the mate"));
    }
    for outsider in [
        &club.app.person("Curious").await,
        &crate::helpers::new_client(),
    ] {
        let page = club.app.get_with(outsider, &case).await;
        assert_eq!(page.status, StatusCode::OK);
        assert!(!page.text.contains("the flag fell after the mate"));
        assert!(!page.text.contains("the game is won by mate"));
        assert_eq!(
            page.select_text("#case-sealed").as_deref(),
            Some("До решения текст дела видят только стороны, комиссия и судьи.")
        );
    }
    // The audit log, which every organizer reads, names the case and the
    // filing team, never its sealed text.
    let audit = log_as_an_outside_organizer(&club).await;
    assert!(
        audit.text.contains("подана жалоба команды"),
        "{}",
        audit.text
    );
    for sealed in [
        "the flag fell after the mate",
        "the game is won by mate",
        "the judge's loss on time",
    ] {
        assert!(!audit.text.contains(sealed), "{sealed} in the audit log");
    }
}

#[tokio::test]
async fn g_zh1_an_upheld_appeal_reverses_a_game_and_moves_a_team_from_3rd_to_2nd() {
    let club = Club::new("G").await;
    let (cj, jd) = judges(&club).await;
    let (teams, t) = four_entered(&club).await;
    let [ladya, kon, slon, ferz] = [&teams[0], &teams[1], &teams[2], &teams[3]];
    // "first" is not a result: map it to Конь's win on board 1 game 1 by
    // playing it as the home/away side demands.
    play_out(
        &club,
        t,
        &|home, away, board| match close_match(home, away, board) {
            "first" if home == "Конь" => "1-0",
            "first" => "0-1",
            r => r,
        },
    )
    .await;
    // Board 1 has two games; make the second of them a draw so the match
    // is 5½–4½ — corrected as a judge would on the game's page, the round
    // being complete: find it.
    let mut conn = club.app.db();
    let rounds = db::rounds::of_tournament(&mut conn, TournamentId(t)).expect("rounds");
    let ids: Vec<RoundId> = rounds.iter().map(|r| r.id).collect();
    let matches = db::rounds::matches_of_rounds(&mut conn, &ids).expect("matches");
    let entries = club.entries(t);
    let entry = |name: &str| entries.iter().find(|e| e.name == name).expect("entry").id;
    let m = matches
        .iter()
        .find(|m| {
            let sides = [Some(m.home_entry_id), m.away_entry_id];
            sides.contains(&Some(entry("Конь"))) && sides.contains(&Some(entry("Слон")))
        })
        .expect("Конь–Слон");
    let games = db::rounds::games_of_matches(&mut conn, &[m.id]).expect("games");
    let kon_home = m.home_entry_id == entry("Конь");
    let second = games
        .iter()
        .find(|g| g.board == 1 && g.game_no == 2)
        .expect("board 1 game 2");
    let url = club.tournament_url(t);
    let page = club
        .app
        .post_with(
            &club.root,
            &format!("{url}/games/{}/correction", second.id),
            &[
                ("result", "1/2"),
                ("version", &second.version.to_string()),
                ("reason", "the arbiter's scoresheet"),
            ],
        )
        .await;
    assert_eq!(page.status, StatusCode::SEE_OTHER, "{}", page.text);
    drop(conn);
    finish(&club, t).await;
    let page = club.app.get(&url).await;
    assert_eq!(
        page.texts("table.standings tbody td:nth-child(2)"),
        ["Ладья", "Конь", "Слон", "Ферзь"]
    );
    let (_, before) = season_totals(&club).await;
    assert_eq!(
        before,
        [
            ("Ладья".to_owned(), "12".to_owned()),
            ("Конь".to_owned(), "8".to_owned()),
            ("Слон".to_owned(), "6".to_owned()),
            ("Ферзь".to_owned(), "4".to_owned()),
        ]
    );
    // A player who is not a captain is refused in words (403), nothing
    // recorded; so is a stranger.
    let member = new_client();
    club.app
        .log_in_with(&member, &slon.nicks[1], crate::helpers::PASSWORD)
        .await;
    let page = file(&club, &member, t, Some(kon.id)).await;
    assert_eq!(page.status, StatusCode::FORBIDDEN);
    assert!(
        page.texts("#appeal-problems li")[0].contains("только капитан"),
        "{}",
        page.text
    );
    let c = ChampionshipId(club.id);
    assert!(
        db::appeals::of_championship(&mut club.app.db(), c)
            .expect("cases")
            .is_empty()
    );
    // Слон's captain files against Конь.
    let page = file(&club, &slon.captain, t, Some(kon.id)).await;
    assert_eq!(page.status, StatusCode::SEE_OTHER, "{}", page.text);
    let case = page.location().expect("case").to_owned();
    // The judges propose: board 1 game 1 reversed to Слон's win.
    let first = games
        .iter()
        .find(|g| g.board == 1 && g.game_no == 1)
        .expect("board 1 game 1");
    let reversed = if kon_home { "0-1" } else { "1-0" };
    let page = club
        .app
        .post_with(
            &jd,
            &format!("{case}/remedies"),
            &[
                ("kind", "game_result"),
                ("game", &first.id.to_string()),
                ("result", reversed),
            ],
        )
        .await;
    assert_eq!(page.status, StatusCode::SEE_OTHER, "{}", page.text);
    // The committee: judges, then the captains of Ладья and Ферзь only.
    let page = club.app.get_with(&cj, &case).await;
    assert_eq!(
        page.texts("table.committee td.member"),
        ["cj [TD]", "jd", &ladya.nicks[0], &ferz.nicks[0]]
    );
    assert_eq!(
        page.texts("table.committee td.weight"),
        ["2", "1", "1", "1"]
    );
    // The parties cannot vote.
    for party in [&kon.captain, &slon.captain] {
        assert_eq!(
            vote(&club, party, &case, "uphold").await.status,
            StatusCode::FORBIDDEN
        );
    }
    // Two heads each way; the chief judge's second vote breaks the tie.
    for (who, how) in [
        (&cj, "uphold"),
        (&ferz.captain, "uphold"),
        (&jd, "reject"),
        (&ladya.captain, "reject"),
    ] {
        let page = vote(&club, who, &case, how).await;
        assert_eq!(page.status, StatusCode::SEE_OTHER, "{}", page.text);
    }
    assert_eq!(
        vote(&club, &cj, &case, "reject").await.status,
        StatusCode::UNPROCESSABLE_ENTITY
    );
    let page = club
        .app
        .post_with(&jd, &format!("{case}/decide"), &[("confirm", "1")])
        .await;
    assert_eq!(page.status, StatusCode::SEE_OTHER, "{}", page.text);
    let page = club.app.get(&case).await;
    assert_eq!(
        page.select_text("#case-status").as_deref(),
        Some("удовлетворена")
    );
    // The game is reversed, Слон is 2nd, tournament points and the season
    // follow: Слон 8, Конь 6.
    let game = db::rounds::game_by_id(&mut club.app.db(), first.id)
        .expect("game")
        .expect("there");
    assert_eq!(game.result, reversed);
    let page = club.app.get(&url).await;
    assert_eq!(
        page.texts("table.standings tbody td:nth-child(2)"),
        ["Ладья", "Слон", "Конь", "Ферзь"]
    );
    let places = db::results::places_of_championship(&mut club.app.db(), c).expect("places");
    let of = |name: &str| {
        places
            .iter()
            .find(|p| p.entry_name == name)
            .map(|p| (p.place_first, p.points))
            .expect("placed")
    };
    assert_eq!(
        (of("Слон"), of("Конь")),
        ((2, 16), (3, 12)),
        "8 and 6 points in halves"
    );
    let (season, after) = season_totals(&club).await;
    assert_eq!(
        after,
        [
            ("Ладья".to_owned(), "12".to_owned()),
            ("Слон".to_owned(), "8".to_owned()),
            ("Конь".to_owned(), "6".to_owned()),
            ("Ферзь".to_owned(), "4".to_owned()),
        ]
    );
    // Traceable from the season table to the case, who and when.
    assert_eq!(
        season.attr("ul.decisions li a", "href").as_deref(),
        Some(case.as_str())
    );
    assert!(season.texts("ul.decisions li")[0].contains("jd"));
    let audit = db::audit::recent(&mut club.app.db(), 50).expect("audit");
    let case_id = case.rsplit('/').next().expect("id");
    assert!(audit.iter().any(
        |a| a.action == "game.result" && a.detail.contains(&format!("appeal case #{case_id}"))
    ));
    assert!(audit.iter().any(|a| a.action == "tournament.places"));
    // The filer and the concerned team's captain are e-mailed when the case
    // is filed and when it is decided.
    let mail = db::outbox::list(&mut club.app.db(), None, 1000).expect("outbox");
    let filed = mail.iter().filter(|m| m.kind == "appeal_filed").count();
    let decided: Vec<_> = mail.iter().filter(|m| m.kind == "appeal_decided").collect();
    assert!(filed >= 1, "appeal filed notices: {filed}");
    assert_eq!(decided.len(), filed, "the same people hear the decision");
    assert!(
        decided.iter().all(|m| m.subject.contains(case_id)),
        "subjects name the case"
    );
    // So is every member of the committee (G-Zh1), asked to vote.
    for nick in ["cj", "jd"] {
        let id = club.app.person_id(nick);
        assert!(
            mail.iter().any(|m| m.kind == "appeal_filed"
                && m.person_id == Some(id)
                && m.body.contains("Вы в комиссии")),
            "{nick} is asked to vote"
        );
        assert!(
            decided.iter().any(|m| m.person_id == Some(id)),
            "{nick} hears the decision"
        );
    }
}

/// Ладья enters twice: Ладья1 by its captain, Ладья2 by the member la6,
/// who captains the double for this tournament (G-B13). Конь and Слон
/// enter once.
pub(crate) async fn with_a_double(club: &Club) -> (Vec<Team>, i64) {
    let ladya = g_team(club, "Ладья", "la", 10).await;
    let kon = g_team(club, "Конь", "ko", 5).await;
    let slon = g_team(club, "Слон", "sl", 5).await;
    let t = club.tournament_in(20).await;
    let page = club
        .enter(&ladya.captain, t, &line(&ladya, "Ладья1", 0..5))
        .await;
    assert_eq!(page.status, StatusCode::SEE_OTHER, "{}", page.text);
    let la6 = new_client();
    club.app
        .log_in_with(&la6, "la6", crate::helpers::PASSWORD)
        .await;
    let page = club.enter(&la6, t, &line(&ladya, "Ладья2", 5..10)).await;
    assert_eq!(page.status, StatusCode::SEE_OTHER, "{}", page.text);
    for team in [&kon, &slon] {
        let page = club
            .enter(&team.captain, t, &line(team, &team.name, 0..5))
            .await;
        assert_eq!(page.status, StatusCode::SEE_OTHER, "{}", page.text);
    }
    (vec![ladya, kon, slon], t)
}

async fn report(club: &Club, who: &Client, t: i64, nick: &str, grounds: &[&str]) -> Page {
    let tid = t.to_string();
    let mut fields = vec![
        ("tournament", tid.as_str()),
        ("nick", nick),
        ("notes", "97% top-3 match"),
    ];
    for g in grounds {
        fields.push(("ground", g));
    }
    club.app
        .post_with(
            who,
            &format!("/championships/{}/fair-play", club.id),
            &fields,
        )
        .await
}

/// A report on `nick` turned into a G-G7 case; returns the case's URL.
async fn g_g7_case(club: &Club, judge: &Client, t: i64, nick: &str) -> String {
    let page = report(club, judge, t, nick, &["engine_agreement", "steady_times"]).await;
    assert_eq!(page.status, StatusCode::SEE_OTHER, "{}", page.text);
    let list = club
        .app
        .get_with(judge, &format!("/championships/{}/appeals", club.id))
        .await;
    let refer = list
        .attr("ul.reports form.refer", "action")
        .expect("refer form");
    let page = club.app.post_with(judge, &refer, &[]).await;
    assert_eq!(page.status, StatusCode::SEE_OTHER, "{}", page.text);
    page.location().expect("case").to_owned()
}

/// G-Zh1: the committee is the judges and the captains of the teams in
/// the tournament; an entry withdrawn before the draw, never paired, was
/// not in it, and its captain does not sit.
#[tokio::test]
async fn g_zh1_the_captain_of_an_entry_withdrawn_before_the_draw_is_not_on_the_committee() {
    let club = Club::new("G").await;
    let (cj, _jd) = judges(&club).await;
    let (teams, t) = with_a_double(&club).await;
    let ferz = crate::club::g_team(&club, "Ферзь", "fe", 5).await;
    let page = club
        .enter(&ferz.captain, t, &line(&ferz, "Ферзь", 0..5))
        .await;
    assert_eq!(page.status, StatusCode::SEE_OTHER, "{}", page.text);
    let page = club.withdraw(&ferz.captain, t).await;
    assert_eq!(page.status, StatusCode::SEE_OTHER, "{}", page.text);
    let case = g_g7_case(&club, &cj, t, "la7").await;
    let page = club.app.get(&case).await;
    assert_eq!(
        page.texts("table.committee td.member"),
        ["cj [TD]", "jd", &teams[1].nicks[0], &teams[2].nicks[0]]
    );
}

#[tokio::test]
async fn g_zh1_the_committee_leaves_out_the_concerned_team_with_its_double() {
    let club = Club::new("G").await;
    let (cj, _jd) = judges(&club).await;
    let (teams, t) = with_a_double(&club).await;
    // A suspicion against la7, who plays in Ладья2.
    let case = g_g7_case(&club, &cj, t, "la7").await;
    let page = club.app.get(&case).await;
    // Neither la1 (Ладья1, the team's captain) nor la6 (Ладья2) sits.
    assert_eq!(
        page.texts("table.committee td.member"),
        ["cj [TD]", "jd", &teams[1].nicks[0], &teams[2].nicks[0]]
    );
    let la6 = new_client();
    club.app
        .log_in_with(&la6, "la6", crate::helpers::PASSWORD)
        .await;
    assert_eq!(
        vote(&club, &la6, &case, "reject").await.status,
        StatusCode::FORBIDDEN
    );
    assert_eq!(
        vote(&club, &teams[0].captain, &case, "reject").await.status,
        StatusCode::FORBIDDEN
    );
    // A member sees the vote form; a stranger does not.
    let page = club.app.get_with(&teams[1].captain, &case).await;
    assert_eq!(page.texts("form.vote").len(), 1);
    let page = club.app.get_with(&la6, &case).await;
    assert!(page.texts("form.vote").is_empty());
}

#[tokio::test]
async fn g_zh2_a_refused_supervised_game_counts_as_guilt_and_the_committee_still_votes() {
    let club = Club::new("G").await;
    let (cj, jd) = judges(&club).await;
    let (teams, t) = with_a_double(&club).await;
    let case = g_g7_case(&club, &jd, t, "ko2").await;
    let supervised = format!("{case}/supervised");
    // Only a player of the team concerned can be asked.
    let page = club
        .app
        .post_with(&cj, &supervised, &[("nick", "sl2")])
        .await;
    assert_eq!(page.status, StatusCode::UNPROCESSABLE_ENTITY);
    assert!(page.texts("#appeal-problems li")[0].contains("не играет за команду"));
    let page = club
        .app
        .post_with(&cj, &supervised, &[("nick", "ko2")])
        .await;
    assert_eq!(page.status, StatusCode::SEE_OTHER, "{}", page.text);
    let page = club
        .app
        .post_with(&cj, &supervised, &[("outcome", "refused")])
        .await;
    assert_eq!(page.status, StatusCode::SEE_OTHER, "{}", page.text);
    // The refusal is on record as guilt, and the judge is told that the
    // committee decides; nothing is decided or deducted without its vote.
    let page = club.app.get_with(&cj, &case).await;
    let flash = page.flash();
    assert!(
        flash.contains("признаётся виной") && flash.contains("комиссия"),
        "{flash}"
    );
    assert_eq!(
        page.select_text("#case-status").as_deref(),
        Some("открыто, у комиссии")
    );
    assert!(
        page.select_text("#supervised")
            .unwrap_or_default()
            .contains("отказ")
    );
    let (_, totals) = season_totals(&club).await;
    assert!(totals.is_empty(), "{totals:?}");
    // What came of the game is recorded once, and no new demand replaces it.
    for fields in [[("outcome", "played")], [("nick", "ko3")]] {
        let page = club.app.post_with(&cj, &supervised, &fields).await;
        assert_eq!(page.status, StatusCode::UNPROCESSABLE_ENTITY, "{fields:?}");
        assert!(
            page.texts("#appeal-problems li")[0].contains("уже записан"),
            "{}",
            page.text
        );
    }
    let page = club.app.get(&case).await;
    assert!(
        page.select_text("#supervised")
            .unwrap_or_default()
            .contains("отказ")
    );
    // The committee votes (cj's 2 against sl1's 1) and upholds: G-G7's 12.
    decide_by(
        &club,
        &jd,
        &case,
        &[(&cj, "uphold"), (&teams[2].captain, "reject")],
    )
    .await;
    let page = club.app.get(&case).await;
    assert_eq!(
        page.select_text("#case-status").as_deref(),
        Some("удовлетворена")
    );
    let (_, totals) = season_totals(&club).await;
    assert_eq!(totals, [("Конь".to_owned(), "-12".to_owned())]);
}

/// G-E3: a fair-play report is the judges' and the committee's; the audit
/// log, which every organizer reads, says that one was made, not whom it
/// suspects nor on what grounds.
#[tokio::test]
async fn g_e3_the_audit_log_does_not_name_the_suspect_of_a_fair_play_report() {
    let club = Club::new("G").await;
    let (_, jd) = judges(&club).await;
    let (_, t) = with_a_double(&club).await;
    let page = report(&club, &jd, t, "ko2", &["engine_agreement"]).await;
    assert_eq!(page.status, StatusCode::SEE_OTHER, "{}", page.text);
    let audit = log_as_an_outside_organizer(&club).await;
    assert!(
        audit.text.contains("рапорт о нечестной игре"),
        "{}",
        audit.text
    );
    let rows = audit.texts("table tbody tr");
    let report_row = rows
        .iter()
        .find(|r| r.contains("рапорт о нечестной игре"))
        .expect("the report's line");
    assert!(!report_row.contains("ko2"), "{report_row}");
    let ground = league::i18n::Lang::Ru.t("fairplay-ground-engine");
    assert!(!audit.text.contains(&ground), "{ground}");
}

#[tokio::test]
async fn g_e3_g_g7_a_fair_play_report_goes_before_the_committee_once() {
    let club = Club::new("G").await;
    let (cj, jd) = judges(&club).await;
    let (teams, t) = with_a_double(&club).await;
    let list_url = format!("/championships/{}/appeals", club.id);
    let list = club.app.get_with(&jd, &list_url).await;
    assert!(list.texts("ul.reports").is_empty());
    let page = report(&club, &jd, t, "ko2", &["engine_agreement"]).await;
    assert_eq!(page.status, StatusCode::SEE_OTHER, "{}", page.text);
    let list = club.app.get_with(&jd, &list_url).await;
    let refer = list
        .attr("ul.reports form.refer", "action")
        .expect("refer form");
    let page = club.app.post_with(&jd, &refer, &[]).await;
    assert_eq!(page.status, StatusCode::SEE_OTHER, "{}", page.text);
    let case = page.location().expect("case").to_owned();
    let case_id = case.rsplit('/').next().expect("id").to_owned();
    // The report now names its case instead of offering the button.
    let list = club.app.get_with(&jd, &list_url).await;
    assert!(
        list.texts("ul.reports form.refer").is_empty(),
        "{}",
        list.text
    );
    assert_eq!(
        list.attr("ul.reports a.referred", "href").as_deref(),
        Some(case.as_str())
    );
    // A second referral (a stale page, a second judge) changes nothing and
    // says which case the report went to.
    let page = club.app.post_with(&cj, &refer, &[]).await;
    assert_eq!(
        page.status,
        StatusCode::UNPROCESSABLE_ENTITY,
        "{}",
        page.text
    );
    let said = page.texts("#appeal-problems li").join(" ");
    assert!(
        said.contains("уже передан") && said.contains(&case_id),
        "{said}"
    );
    let list = club.app.get(&list_url).await;
    assert_eq!(list.texts("ul.cases li").len(), 1);
    // Upheld once, deducted once.
    decide_by(
        &club,
        &jd,
        &case,
        &[(&cj, "uphold"), (&teams[2].captain, "uphold")],
    )
    .await;
    let page = club.app.post_with(&cj, &refer, &[]).await;
    assert_eq!(
        page.status,
        StatusCode::UNPROCESSABLE_ENTITY,
        "{}",
        page.text
    );
    let (_, totals) = season_totals(&club).await;
    assert_eq!(totals, [("Конь".to_owned(), "-12".to_owned())]);
}

#[tokio::test]
async fn g_zh1_a_cases_committee_is_the_one_of_the_day_it_opened() {
    let club = Club::new("G").await;
    let (cj, jd) = judges(&club).await;
    let (teams, t) = with_a_double(&club).await;
    let case = g_g7_case(&club, &jd, t, "ko2").await;
    let before = club.app.get(&case).await.texts("table.committee td.member");
    assert_eq!(
        before,
        [
            "cj [TD]",
            "jd",
            &teams[0].nicks[0],
            "la6",
            &teams[2].nicks[0]
        ]
    );
    // A judge appointed after the case opened does not sit on it.
    let late = club.person("late").await;
    club.app
        .grant_role(&club.root, club.id, "late", "judge")
        .await;
    assert_eq!(
        club.app.get(&case).await.texts("table.committee td.member"),
        before
    );
    assert_eq!(
        vote(&club, &late, &case, "reject").await.status,
        StatusCode::FORBIDDEN
    );
    // The committee of the day decides, and stays on the decided case.
    decide_by(
        &club,
        &jd,
        &case,
        &[(&cj, "uphold"), (&teams[2].captain, "reject")],
    )
    .await;
    let page = club.app.get(&case).await;
    assert_eq!(page.texts("table.committee td.member"), before);
    // A case filed after the appointment has the new judge.
    let other = g_g7_case(&club, &jd, t, "ko3").await;
    let members = club
        .app
        .get(&other)
        .await
        .texts("table.committee td.member");
    assert!(members.contains(&"late".to_owned()), "{members:?}");
}

#[tokio::test]
async fn g_e3_a_fair_play_report_becomes_a_g_g7_case_and_costs_12_after_confirmation() {
    let club = Club::new("G").await;
    let (cj, jd) = judges(&club).await;
    let (teams, t) = with_a_double(&club).await;
    // Grounds are required, from the regulation's list; a captain cannot
    // record one.
    let page = report(&club, &jd, t, "ko2", &[]).await;
    assert_eq!(page.status, StatusCode::UNPROCESSABLE_ENTITY);
    assert!(page.texts("#appeal-problems li")[0].contains("основание"));
    assert_eq!(
        report(&club, &teams[2].captain, t, "ko2", &["engine_agreement"])
            .await
            .status,
        StatusCode::FORBIDDEN
    );
    let page = club
        .app
        .get_with(&jd, &format!("/championships/{}/appeals", club.id))
        .await;
    assert_eq!(page.texts("form.fair-play input[type=checkbox]").len(), 4);
    let case = g_g7_case(&club, &jd, t, "ko2").await;
    let list = club
        .app
        .get_with(&jd, &format!("/championships/{}/appeals", club.id))
        .await;
    assert!(
        list.texts("ul.reports .grounds")[0].contains("совпадение с движком"),
        "{}",
        list.text
    );
    // Before confirmation nothing is deducted.
    let (_, totals) = season_totals(&club).await;
    assert!(totals.is_empty(), "{totals:?}");
    // The committee confirms (cj 2 + sl1 1 against la1 1).
    decide_by(
        &club,
        &jd,
        &case,
        &[
            (&cj, "uphold"),
            (&teams[2].captain, "uphold"),
            (&teams[0].captain, "reject"),
        ],
    )
    .await;
    let (season, totals) = season_totals(&club).await;
    assert_eq!(totals, [("Конь".to_owned(), "-12".to_owned())]);
    let case_id = case.rsplit('/').next().expect("id");
    let item = season.texts("ul.deductions li").join(" ");
    assert!(
        item.contains("Г.7")
            && item.contains(&format!("апелляции № {case_id}"))
            && item.contains("jd"),
        "{item}"
    );
    assert_eq!(
        season.attr("ul.decisions li a", "href").as_deref(),
        Some(case.as_str())
    );
    // The championship's list publishes the outcome.
    let list = club
        .app
        .get(&format!("/championships/{}/appeals", club.id))
        .await;
    assert_eq!(list.texts("ul.cases .outcome"), ["удовлетворена"]);
}

/// The places table of a finished tournament: (place, entry, points).
async fn places(club: &Club, t: i64) -> Vec<(String, String, String)> {
    let page = club.app.get(&club.tournament_url(t)).await;
    let places = page.texts("table.places tbody td.place");
    let names = page.texts("table.places tbody td.entry");
    let points = page.texts("table.places tbody td.points");
    places
        .into_iter()
        .zip(names)
        .zip(points)
        .map(|((p, n), x)| (p, n, x))
        .collect()
}

#[tokio::test]
async fn g_d4_an_upheld_appeal_moves_a_team_to_last_place_directly() {
    let club = Club::new("G").await;
    let (cj, jd) = judges(&club).await;
    let (teams, t) = four_entered(&club).await;
    let [ladya, _kon, slon, _ferz] = [&teams[0], &teams[1], &teams[2], &teams[3]];
    // The stronger side wins every game: Ладья 1st … Ферзь 4th.
    play_out(&club, t, &|home, away, _| {
        if rank(home) < rank(away) {
            "1-0"
        } else {
            "0-1"
        }
    })
    .await;
    finish(&club, t).await;
    let (_, before) = season_totals(&club).await;
    assert_eq!(
        before,
        [
            ("Ладья".to_owned(), "12".to_owned()),
            ("Конь".to_owned(), "8".to_owned()),
            ("Слон".to_owned(), "6".to_owned()),
            ("Ферзь".to_owned(), "4".to_owned()),
        ]
    );
    // A game of a finished tournament cannot be lost under G-D2 any more.
    let some_game = db::rounds::of_tournament(&mut club.app.db(), TournamentId(t))
        .expect("rounds")
        .first()
        .map(|r| r.id)
        .and_then(|r| {
            let mut conn = club.app.db();
            let m = db::rounds::matches_of_rounds(&mut conn, &[r]).expect("matches");
            db::rounds::games_of_matches(&mut conn, &[m[0].id])
                .expect("games")
                .first()
                .map(|g| g.id)
        })
        .expect("a game");
    let page = club
        .app
        .post_with(
            &club.root,
            &format!("/championships/{}/penalties", club.id),
            &[
                ("code", "G-D2"),
                ("team", &ladya.id.to_string()),
                ("game_loss", "1"),
                ("game", &some_game.to_string()),
                ("reason", "late complaint"),
            ],
        )
        .await;
    assert_eq!(page.status, StatusCode::UNPROCESSABLE_ENTITY);
    assert!(
        page.texts("#penalty-problems li")[0].starts_with("Турнир окончен"),
        "{}",
        page.text
    );
    // Слон's captain files against Ладья; the judges propose that Ладья
    // takes the last place.
    let page = file(&club, &slon.captain, t, Some(ladya.id)).await;
    assert_eq!(page.status, StatusCode::SEE_OTHER, "{}", page.text);
    let case = page.location().expect("case").to_owned();
    let case_id = case.rsplit('/').next().expect("id").to_owned();
    let entry = club
        .entries(t)
        .iter()
        .find(|x| x.name == "Ладья")
        .expect("entry")
        .id
        .to_string();
    let page = club.app.get_with(&jd, &case).await;
    assert!(
        page.select_text(&format!("#r-entry option[value='{entry}']"))
            .is_some_and(|x| x == "Ладья")
    );
    // A place the tournament does not have is refused in words.
    let page = club
        .app
        .post_with(
            &jd,
            &format!("{case}/remedies"),
            &[("kind", "standing"), ("entry", &entry), ("place", "5")],
        )
        .await;
    assert_eq!(page.status, StatusCode::UNPROCESSABLE_ENTITY);
    assert_eq!(
        page.texts("#appeal-problems li"),
        ["Места 5 нет: в турнире места с 1 по 4."]
    );
    let page = club
        .app
        .post_with(
            &jd,
            &format!("{case}/remedies"),
            &[("kind", "standing"), ("entry", &entry), ("place", "4")],
        )
        .await;
    assert_eq!(page.status, StatusCode::SEE_OTHER, "{}", page.text);
    // The judge reads the proposal (with its withdraw button).
    let page = club.app.get_with(&jd, &case).await;
    assert_eq!(
        page.texts("ul.remedies li"),
        ["Ладья занимает 4-е место в турнире; остальные сохраняют свой порядок Отозвать"]
    );
    let page = club.app.get_with(&jd, &format!("{case}?lang=en")).await;
    assert_eq!(
        page.texts("ul.remedies li"),
        ["Ладья takes place 4 in the tournament; the others keep their order Withdraw"]
    );
    // Nothing changes before the decision.
    assert_eq!(places(&club, t).await[0].1, "Ладья");
    // The committee (judges, Конь's and Ферзь's captains) upholds.
    decide_by(&club, &jd, &case, &[(&cj, "uphold"), (&jd, "reject")]).await;
    // Ладья is last; the others move up in their order and the regulation's
    // table (12/8/6/4) gives the points again.
    let table = places(&club, t).await;
    let note = format!("Ладья (место установлено апелляционной комиссией, дело {case_id})");
    assert_eq!(
        table,
        [
            ("1".to_owned(), "Конь".to_owned(), "12".to_owned()),
            ("2".to_owned(), "Слон".to_owned(), "8".to_owned()),
            ("3".to_owned(), "Ферзь".to_owned(), "6".to_owned()),
            ("4".to_owned(), note, "4".to_owned()),
        ]
    );
    let (season, after) = season_totals(&club).await;
    assert_eq!(
        after,
        [
            ("Конь".to_owned(), "12".to_owned()),
            ("Слон".to_owned(), "8".to_owned()),
            ("Ферзь".to_owned(), "6".to_owned()),
            ("Ладья".to_owned(), "4".to_owned()),
        ]
    );
    assert_eq!(
        season.attr("ul.decisions li a", "href").as_deref(),
        Some(case.as_str())
    );
    // G-E1: the winner's history entry is Конь's now.
    let c = ChampionshipId(club.id);
    let history = db::results::history_of_championship(&mut club.app.db(), c).expect("history");
    let winners: Vec<&str> = history
        .iter()
        .filter(|h| h.kind == "tournament" && h.tournament_id == Some(TournamentId(t)))
        .map(|h| h.entry_name.as_str())
        .collect();
    assert_eq!(winners, ["Конь"]);
    // The audit log names the case.
    let audit = db::audit::recent(&mut club.app.db(), 50).expect("audit");
    assert!(
        audit.iter().any(|a| a.action == "tournament.standing"
            && a.detail == format!("appeal case #{case_id}: Ладья → place 4")),
        "{audit:?}"
    );
    assert!(audit.iter().any(|a| a.action == "tournament.places"
        && a.detail.contains(&format!("appeal case #{case_id}"))));
    // The crosstable ranks as the decision placed them.
    let views = crate::finished::views(&club, t).await;
    assert_eq!(
        views.crosstable,
        [("1", "Конь"), ("2", "Слон"), ("3", "Ферзь"), ("4", "Ладья")]
            .map(|(p, n)| (p.to_owned(), n.to_owned()))
    );
}

/// G-Zh1: the committee decides by a majority of the votes cast, so a case
/// with no vote yet is not closed (it used to close as "not upheld"); a
/// vote form sent without a choice is a bad request, not a vote.
#[tokio::test]
async fn g_zh1_a_case_is_not_decided_before_a_vote_is_cast() {
    let club = Club::new("G").await;
    let (cj, jd) = judges(&club).await;
    let (teams, t) = with_a_double(&club).await;
    let case = g_g7_case(&club, &cj, t, "la7").await;
    let page = club
        .app
        .post_with(&jd, &format!("{case}/decide"), &[("confirm", "1")])
        .await;
    assert_eq!(page.status, StatusCode::UNPROCESSABLE_ENTITY);
    assert!(
        page.texts("#appeal-problems li")[0].starts_with("Никто из комиссии ещё не проголосовал"),
        "{}",
        page.text
    );
    let page = vote(&club, &teams[1].captain, &case, "").await;
    assert_eq!(page.status, StatusCode::BAD_REQUEST);
    assert_eq!(
        vote(&club, &cj, &case, "uphold").await.status,
        StatusCode::SEE_OTHER
    );
    let page = club
        .app
        .post_with(&jd, &format!("{case}/decide"), &[("confirm", "1")])
        .await;
    assert_eq!(page.status, StatusCode::SEE_OTHER, "{}", page.text);
}

/// Game `game_no` on `board` of the match between the entries `a` and `b`
/// of tournament `t` (regular rounds): its id and whether `a` is the
/// match's home side (results are written home side first).
fn game_between(club: &Club, t: i64, a: &str, b: &str, board: i32, game_no: i32) -> (i64, bool) {
    let mut conn = club.app.db();
    let rounds = db::rounds::of_tournament(&mut conn, TournamentId(t)).expect("rounds");
    let ids: Vec<RoundId> = rounds.iter().map(|r| r.id).collect();
    let matches = db::rounds::matches_of_rounds(&mut conn, &ids).expect("matches");
    let entries = club.entries(t);
    let entry = |name: &str| entries.iter().find(|e| e.name == name).expect("entry").id;
    let m = matches
        .iter()
        .find(|m| {
            m.stage != "playoff" && m.home_entry_id == entry(a) && m.away_entry_id == Some(entry(b))
                || m.stage != "playoff"
                    && m.home_entry_id == entry(b)
                    && m.away_entry_id == Some(entry(a))
        })
        .expect("the match");
    let games = db::rounds::games_of_matches(&mut conn, &[m.id]).expect("games");
    let g = games
        .iter()
        .find(|g| g.board == board && g.game_no == game_no)
        .expect("the game");
    (g.id.0, m.home_entry_id == entry(a))
}

/// A judge proposes that a game's result be `result` (home side first).
async fn propose_result(club: &Club, judge: &Client, case: &str, game: i64, result: &str) {
    let page = club
        .app
        .post_with(
            judge,
            &format!("{case}/remedies"),
            &[
                ("kind", "game_result"),
                ("game", &game.to_string()),
                ("result", result),
            ],
        )
        .await;
    assert_eq!(page.status, StatusCode::SEE_OTHER, "{}", page.text);
}

/// Ладья and Конь beat Слон and Ферзь on every board; `top` decides their
/// own match board by board (as Ладья's result), the rest is drawn.
fn two_on_top(top: fn(usize) -> &'static str) -> impl Fn(&str, &str, usize) -> &'static str {
    move |home, away, board| {
        let strong = |n: &str| n == "Ладья" || n == "Конь";
        match (strong(home), strong(away)) {
            (true, false) => "1-0",
            (false, true) => "0-1",
            (true, true) => {
                let ladya = top(board);
                match (home == "Ладья", ladya) {
                    (_, "1/2") => "1/2",
                    (true, r) => r,
                    (false, "1-0") => "0-1",
                    (false, _) => "1-0",
                }
            }
            _ => "1/2",
        }
    }
}

/// The judge pairs and publishes the G-V42 play-off (round 4); Конь wins
/// board 1, the rest is drawn.
async fn kon_wins_the_play_off(club: &Club, url: &str) {
    let page = club
        .app
        .post_with(&club.root, &format!("{url}/playoff"), &[])
        .await;
    assert_eq!(page.status, StatusCode::SEE_OTHER, "{}", page.text);
    crate::play::publish_last(club, url).await;
    crate::club::play_round_by_board(club, url, 4, &|home, _, board| match (board, home) {
        (1, "Конь") => "1-0",
        (1, _) => "0-1",
        _ => "1/2",
    })
    .await;
}

#[tokio::test]
async fn g_d4_g_v42_an_appeal_that_undoes_the_tie_a_play_off_broke_is_decided_and_the_results_rank()
{
    let club = Club::new("G").await;
    let (cj, jd) = judges(&club).await;
    let (teams, t) = four_entered(&club).await;
    let url = club.tournament_url(t);
    // Ладья–Конь drawn on every board: first place shared, and the
    // play-off match (Конь wins board 1, the rest drawn) decides it.
    play_out(&club, t, &two_on_top(|_| "1/2")).await;
    kon_wins_the_play_off(&club, &url).await;
    finish(&club, t).await;
    let before = crate::finished::views(&club, t).await;
    crate::finished::assert_agree(&before);
    assert_eq!(before.places[0].1, "Конь");
    // Слон's captain appeals; the committee gives Ладья board 1 game 1 of
    // the match with Конь: Ладья wins it 5½–4½ and is first on the results,
    // which the play-off no longer has to decide.
    let page = file(&club, &teams[2].captain, t, Some(teams[1].id)).await;
    assert_eq!(page.status, StatusCode::SEE_OTHER, "{}", page.text);
    let case = page.location().expect("case").to_owned();
    let (game, ladya_home) = game_between(&club, t, "Ладья", "Конь", 1, 1);
    propose_result(
        &club,
        &jd,
        &case,
        game,
        if ladya_home { "1-0" } else { "0-1" },
    )
    .await;
    decide_by(&club, &jd, &case, &[(&cj, "uphold")]).await;
    let page = club.app.get(&case).await;
    assert_eq!(
        page.select_text("#case-status").as_deref(),
        Some("удовлетворена")
    );
    let after = crate::finished::views(&club, t).await;
    crate::finished::assert_agree(&after);
    assert_eq!(after.places[0], ("1".to_owned(), "Ладья".to_owned()));
    assert_eq!(after.places[1], ("2".to_owned(), "Конь".to_owned()));
}

#[tokio::test]
async fn g_d4_g_v42_an_appeal_that_makes_first_place_shared_sends_the_tournament_to_its_play_off() {
    let club = Club::new("G").await;
    let (cj, jd) = judges(&club).await;
    let (teams, t) = four_entered(&club).await;
    let url = club.tournament_url(t);
    // Ладья wins board 1 of its match with Конь (6–4), the rest drawn.
    play_out(
        &club,
        t,
        &two_on_top(|board| if board == 1 { "1-0" } else { "1/2" }),
    )
    .await;
    finish(&club, t).await;
    assert_eq!(crate::finished::views(&club, t).await.places[0].1, "Ладья");
    // Конь's captain appeals; upheld, both board-1 games are drawn: 5–5,
    // and Ладья and Конь share first place on every criterion.
    let page = file(&club, &teams[1].captain, t, Some(teams[0].id)).await;
    assert_eq!(page.status, StatusCode::SEE_OTHER, "{}", page.text);
    let case = page.location().expect("case").to_owned();
    for game_no in [1, 2] {
        let (game, _) = game_between(&club, t, "Ладья", "Конь", 1, game_no);
        propose_result(&club, &jd, &case, game, "1/2").await;
    }
    decide_by(&club, &jd, &case, &[(&cj, "uphold")]).await;
    let page = club.app.get(&case).await;
    assert_eq!(
        page.select_text("#case-status").as_deref(),
        Some("удовлетворена")
    );
    // The decision stands, and the tournament is back with the judges for
    // the play-off: no places, nothing in the season table yet.
    let open = crate::finished::views(&club, t).await;
    assert!(
        open.places.is_empty() && open.season.is_empty(),
        "{:?}",
        open.places
    );
    let page = club.app.get_with(&club.root, &url).await;
    let due = page.select_text("#playoff-due").unwrap_or_default();
    assert!(due.contains("Ладья") && due.contains("Конь"), "{due}");
    let mail = db::outbox::list(&mut club.app.db(), None, 1000).expect("outbox");
    assert!(
        mail.iter()
            .any(|m| m.kind == "play_status" && m.body.contains("В.4.2")),
        "captains and judges are told why"
    );
    // The play-off, and the finish again.
    kon_wins_the_play_off(&club, &url).await;
    finish(&club, t).await;
    let done = crate::finished::views(&club, t).await;
    crate::finished::assert_agree(&done);
    assert_eq!(done.places[0].1, "Конь");
}

#[tokio::test]
async fn g_zh1_the_proposal_can_change_until_the_vote_closes_and_then_the_vote_starts_again() {
    let club = Club::new("G").await;
    let (cj, jd) = judges(&club).await;
    let (teams, t) = four_entered(&club).await;
    play_out(
        &club,
        t,
        &two_on_top(|board| if board == 1 { "1-0" } else { "1/2" }),
    )
    .await;
    finish(&club, t).await;
    let page = file(&club, &teams[1].captain, t, Some(teams[0].id)).await;
    assert_eq!(page.status, StatusCode::SEE_OTHER, "{}", page.text);
    let case = page.location().expect("case").to_owned();
    let (first, _) = game_between(&club, t, "Ладья", "Конь", 1, 1);
    let (second, _) = game_between(&club, t, "Ладья", "Конь", 1, 2);
    propose_result(&club, &jd, &case, first, "1/2").await;
    let page = vote(&club, &cj, &case, "uphold").await;
    assert_eq!(page.status, StatusCode::SEE_OTHER, "{}", page.text);
    let votes = |club: &Club| {
        let id = case.rsplit('/').next().expect("id").parse().expect("id");
        db::appeals::votes_of(&mut club.app.db(), league::ids::AppealId(id))
            .expect("votes")
            .len()
    };
    assert_eq!(votes(&club), 1);
    // A second proposal after a vote: accepted, and the vote starts again.
    propose_result(&club, &jd, &case, second, "1/2").await;
    assert_eq!(votes(&club), 0);
    let page = club.app.get_with(&jd, &case).await;
    assert!(page.flash().contains("сброшены"), "{}", page.flash());
    assert_eq!(page.texts("ul.remedies li").len(), 2);
    // The first is withdrawn; only the second is decided and applied.
    let withdraw = page
        .attrs("ul.remedies form.withdraw-remedy", "action")
        .into_iter()
        .next()
        .expect("withdraw form");
    let page = club.app.post_with(&jd, &withdraw, &[]).await;
    assert_eq!(page.status, StatusCode::SEE_OTHER, "{}", page.text);
    assert_eq!(
        club.app
            .get_with(&jd, &case)
            .await
            .texts("ul.remedies li")
            .len(),
        1
    );
    // A captain cannot withdraw one.
    assert_eq!(
        club.app
            .post_with(&teams[2].captain, &withdraw, &[])
            .await
            .status,
        StatusCode::FORBIDDEN
    );
    decide_by(&club, &jd, &case, &[(&cj, "uphold")]).await;
    let result = |game: i64| {
        let mut conn = club.app.db();
        db::rounds::game_by_id(&mut conn, league::ids::GameId(game))
            .expect("game")
            .expect("stored")
            .result
    };
    assert_eq!(result(second), "1/2");
    assert_ne!(result(first), "1/2");
    // Decided: nothing can be withdrawn any more.
    assert!(
        club.app
            .get_with(&jd, &case)
            .await
            .texts("form.withdraw-remedy")
            .is_empty()
    );
}

#[tokio::test]
async fn the_remedy_form_picks_games_teams_and_rules_from_lists_and_words_the_remedy() {
    let club = Club::new("G").await;
    let (teams, t) = four_entered(&club).await;
    play_out(&club, t, &|_, _, _| "1-0").await;
    finish(&club, t).await;
    let page = file(&club, &teams[2].captain, t, Some(teams[1].id)).await;
    assert_eq!(page.status, StatusCode::SEE_OTHER, "{}", page.text);
    let case = page.location().expect("case").to_owned();
    let page = club.app.get_with(&club.root, &case).await;
    // Games by round, as the pages name them; no number to type.
    assert_eq!(
        page.attrs("#r-game optgroup", "label"),
        ["Тур 1", "Тур 2", "Тур 3"]
    );
    let options = page.texts("#r-game optgroup option");
    assert_eq!(options.len(), 60, "3 rounds × 2 matches × 10 games");
    assert!(
        options[0].starts_with("тур 1 · стол 1, доска 1: ") && options[0].ends_with("(1-0)"),
        "{options:?}"
    );
    assert!(
        page.texts("#r-code option")
            .iter()
            .any(|o| o.starts_with("Г.1 — заявка принята"))
    );
    assert_eq!(
        page.texts("#r-team option").len(),
        5,
        "— and the four teams"
    );
    assert!(
        page.html
            .select(&scraper::Selector::parse("input#r-game").unwrap())
            .next()
            .is_none()
    );
    // Picking the first game and a result: the remedy reads as the game.
    let game = page.attrs("#r-game optgroup option", "value")[0].clone();
    let answer = club
        .app
        .post_with(
            &club.root,
            &format!("{case}/remedies"),
            &[("kind", "game_result"), ("game", &game), ("result", "0-1")],
        )
        .await;
    assert_eq!(answer.status, StatusCode::SEE_OTHER, "{}", answer.text);
    let page = club.app.get_with(&club.root, &case).await;
    let remedy = page.texts("ul.remedies li");
    assert_eq!(remedy.len(), 1);
    assert!(
        remedy[0].starts_with(&format!("{} → 0-1", options[0])),
        "{remedy:?}"
    );
}

/// A committee member finds the vote on their to-do page (and its count
/// in the header) until they have voted; the judges see the open case.
#[tokio::test]
async fn g_zh1_a_committee_member_finds_the_vote_on_their_to_do_page_until_they_vote() {
    let club = Club::new("G").await;
    let (cj, jd) = judges(&club).await;
    let (_, t) = with_a_double(&club).await;
    let case = g_g7_case(&club, &cj, t, "la7").await;
    let number = case.rsplit('/').next().expect("case id").to_owned();
    let todo = club.app.get_with(&jd, "/todo").await;
    assert_eq!(todo.status, StatusCode::OK);
    let lines = todo.texts("ul.todo li");
    assert!(
        lines.contains(&format!("Проголосуйте по апелляции {number}")),
        "{lines:?}"
    );
    assert!(
        lines.contains(&"1 открытая апелляция".to_owned()),
        "{lines:?}"
    );
    assert_eq!(
        todo.attr(&format!("ul.todo a[href='{case}']"), "href")
            .as_deref(),
        Some(case.as_str()),
        "the line links to the case"
    );
    let count = todo.select_text(".todo-link .count").expect("a count");
    assert_eq!(count, lines.len().to_string());
    assert_eq!(
        vote(&club, &jd, &case, "uphold").await.status,
        StatusCode::SEE_OTHER
    );
    let lines = club.app.get_with(&jd, "/todo").await.texts("ul.todo li");
    assert!(
        !lines.iter().any(|l| l.starts_with("Проголосуйте")),
        "voted: {lines:?}"
    );
}

/// A G-G7 case a judge opens from a fair-play report is mailed like a
/// filed appeal: to the concerned team's captain and to the committee.
#[tokio::test]
async fn g_g7_a_case_referred_from_a_fair_play_report_tells_the_captain_and_the_committee() {
    let club = Club::new("G").await;
    let (cj, _) = judges(&club).await;
    let (_, t) = with_a_double(&club).await;
    let filed = |club: &Club| {
        league::db::outbox::list(&mut club.app.db(), None, 10_000)
            .expect("outbox")
            .into_iter()
            .filter(|m| m.kind == "appeal_filed")
            .filter_map(|m| m.person_id)
            .collect::<std::collections::BTreeSet<_>>()
    };
    let before = filed(&club);
    g_g7_case(&club, &cj, t, "la7").await;
    let told = filed(&club);
    assert!(told.len() > before.len(), "somebody told: {told:?}");
    assert!(
        told.contains(&club.app.person_id("jd")),
        "the judge on the committee is told"
    );
    assert!(
        told.contains(&club.app.person_id("la1")),
        "the concerned captain is told"
    );
}

/// G-E3 → G-G7: the case a report becomes names the accused player in its
/// title (to those who may read the pending case, and to all once it is
/// decided), and the accused is told once, without the sealed evidence.
#[tokio::test]
async fn g_g7_a_referred_case_names_the_accused_and_tells_him_once() {
    let club = Club::new("G").await;
    let (cj, jd) = judges(&club).await;
    let (_, t) = with_a_double(&club).await;
    let accused = club.app.person_id("la7");
    let told = |club: &Club| {
        league::db::outbox::list(&mut club.app.db(), None, 10_000)
            .expect("outbox")
            .into_iter()
            // About the case (the invitation that made him a member is
            // another matter).
            .filter(|m| m.person_id == Some(accused) && m.kind != "invitation")
            .collect::<Vec<_>>()
    };
    let page = report(&club, &jd, t, "la7", &["engine_agreement"]).await;
    assert_eq!(page.status, StatusCode::SEE_OTHER, "{}", page.text);
    let list_url = format!("/championships/{}/appeals", club.id);
    let refer = club
        .app
        .get_with(&jd, &list_url)
        .await
        .attr("ul.reports form.refer", "action")
        .expect("refer form");
    let page = club.app.post_with(&cj, &refer, &[]).await;
    assert_eq!(page.status, StatusCode::SEE_OTHER, "{}", page.text);
    let case = page.location().expect("case").to_owned();
    let mails = told(&club);
    assert_eq!(mails.len(), 1, "{mails:#?}");
    let mail = &mails[0];
    assert!(mail.body.contains(&case), "{}", mail.body);
    assert!(
        !mail.body.contains("97% top-3"),
        "the sealed notes stay sealed: {}",
        mail.body
    );
    // A second referral (a stale page, another judge) opens nothing and
    // tells nobody again.
    let page = club.app.post_with(&jd, &refer, &[]).await;
    assert_eq!(page.status, StatusCode::UNPROCESSABLE_ENTITY);
    assert_eq!(told(&club).len(), 1);
    // The judges read the accused's name in the title, in both languages.
    let page = club.app.get_with(&jd, &case).await;
    let title = page.select_text("h1").unwrap_or_default();
    assert!(title.contains("la7") && title.contains("Ладья"), "{title}");
    let page = club.app.get_with(&jd, &format!("{case}?lang=en")).await;
    let title = page.select_text("h1").unwrap_or_default();
    assert!(
        title.contains("la7") && title.contains("against"),
        "{title}"
    );
    let list = club.app.get_with(&jd, &list_url).await;
    assert!(
        list.texts("ul.cases li").iter().any(|l| l.contains("la7")),
        "{:?}",
        list.texts("ul.cases li")
    );
    // Pending, the case is sealed from outsiders: not even the name.
    let outsider = club.app.get(&case).await;
    let title = outsider.select_text("h1").unwrap_or_default();
    assert!(!title.contains("la7"), "{title}");
    let list = club.app.get(&list_url).await;
    assert!(
        !list.text.contains("la7"),
        "{:?}",
        list.texts("ul.cases li")
    );
}

#[tokio::test]
async fn g_d4_a_decision_gives_a_board_nobody_sat_on_only_its_forfeit() {
    use league::app::appeals::{self as cases, Filing, RemedyAsk};
    use league::app::rounds::{self, Loaded, SheetLine};
    use league::rules::boards::empty_board_result;
    use league::rules::score::BoardResult;

    let club = Club::new("G").await;
    club.person("cj").await;
    club.app
        .grant_role(&club.root, club.id, "cj", "chief_judge")
        .await;
    let (teams, t) = crate::boards::drawn_with_substitutes(&club).await;
    let url = club.tournament_url(t);
    let tid = TournamentId(t);
    let judge = club.app.person_id("Root");
    // la2 is banned before round 1 is published: his board is empty.
    crate::boards::ban_now(&club, "la2").await;
    let mut conn = club.app.db();
    let now = db::utc_now();
    for round in 1..=3 {
        if round > 1 {
            rounds::pair_next(&mut conn, tid, judge, now).expect("paired");
        }
        drop(conn);
        crate::club::publish_last(&club, &url).await;
        conn = club.app.db();
        let l = Loaded::load(&mut conn, tid).expect("load").expect("t");
        let open = l
            .rounds
            .iter()
            .find(|r| !l.round_complete(r.id))
            .expect("open");
        let lines: Vec<SheetLine> = l
            .matches_of(open.id)
            .flat_map(|m| l.games_of(m.id))
            .map(|g| SheetLine {
                game: g.id,
                version: g.version,
                result: empty_board_result(g.home_player_id.is_some(), g.away_player_id.is_some())
                    .unwrap_or(BoardResult::HomeWin),
            })
            .collect();
        rounds::record_sheet(&mut conn, tid, open.id, &lines, judge, now).expect("sheet");
    }
    rounds::finish(&mut conn, tid, judge, now).expect("finished");
    // Конь's captain complains; the chief judge would give Ладья's empty
    // board a game it never played.
    let l = Loaded::load(&mut conn, tid).expect("load").expect("t");
    let empty = l
        .games
        .iter()
        .find(|g| g.home_player_id.is_none() != g.away_player_id.is_none())
        .expect("a board with one side empty");
    let filing = Filing {
        what_happened: "the board was empty".into(),
        claim: "a win".into(),
        contested: "the forfeit".into(),
        game_ref: "round 1".into(),
        concerned_team: Some(TeamId(teams[0].id)),
    };
    let case = cases::file(
        &mut conn,
        tid,
        club.app.person_id(&teams[1].nicks[0]),
        &filing,
        now,
    )
    .expect("filed");
    let chief = club.app.person_id("cj");
    for played in ["1-0", "1/2", "0-1"] {
        let ask = RemedyAsk::GameResult {
            game: empty.id,
            result: played.into(),
        };
        let refused = cases::propose(&mut conn, ChampionshipId(club.id), case, chief, &ask, now);
        assert!(
            matches!(&refused, Err(league::app::PlayError::Refused(p))
                if matches!(p[..], [cases::AppealProblem::EmptyBoard { .. }])),
            "{played}: {refused:?}"
        );
    }
    // The forfeit the empty board takes may be decided.
    let only = empty_board_result(
        empty.home_player_id.is_some(),
        empty.away_player_id.is_some(),
    )
    .expect("an empty side");
    let ask = RemedyAsk::GameResult {
        game: empty.id,
        result: db::rounds::result_code(only).into(),
    };
    cases::propose(&mut conn, ChampionshipId(club.id), case, chief, &ask, now).expect("forfeit");
}
