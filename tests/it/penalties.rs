//! Penalties and sanctions over HTTP (issue 8, part 1): the catalogue of
//! the G regulation imposed by judges, counted per case or game, sanctions
//! enforced at entry, revocation, and each deduction traced on the season
//! table to its penalty, who and when.

use league::db;
use league::ids::ChampionshipId;
use reqwest::{Client, StatusCode};

use crate::helpers::Page;
use crate::play::{Club, Team, g_team, line};

fn penalties_url(club: &Club) -> String {
    format!("/championships/{}/penalties", club.id)
}

async fn impose(club: &Club, who: &Client, fields: &[(&str, &str)]) -> Page {
    club.app.post_with(who, &penalties_url(club), fields).await
}

/// A judge (the platform admin "Root") imposes `code` on `team`.
async fn impose_ok(club: &Club, team: &Team, code: &str, extra: &[(&str, &str)]) -> i64 {
    let id = team.id.to_string();
    let mut fields = vec![("code", code), ("team", id.as_str())];
    fields.extend_from_slice(extra);
    if !fields.iter().any(|(k, _)| *k == "reason") {
        fields.push(("reason", "seen by the judges"));
    }
    let page = impose(club, &club.root, &fields).await;
    assert_eq!(page.status, StatusCode::SEE_OTHER, "{}", page.text);
    let location = page.location().expect("Location").to_owned();
    let anchor = location.rsplit("#penalty-").next().expect("anchor");
    anchor.parse().expect("penalty id")
}

fn rows(club: &Club) -> Vec<db::penalties::Penalty> {
    db::penalties::of_championship(&mut club.app.db(), ChampionshipId(club.id)).expect("penalties")
}

/// The season page: (entry, penalties column, total) per row.
async fn season(club: &Club) -> (Page, Vec<(String, String, String)>) {
    let page = club
        .app
        .get(&format!("/championships/{}/season", club.id))
        .await;
    assert_eq!(page.status, StatusCode::OK);
    let names = page.texts("table.season tbody td:nth-child(2)");
    let totals = page.texts("table.season td.total");
    let pens = page.texts("table.season tbody td:nth-last-child(2)");
    let rows = names
        .into_iter()
        .zip(pens)
        .zip(totals)
        .map(|((n, p), t)| (n, p, t))
        .collect();
    (page, rows)
}

#[tokio::test]
async fn g_g1_a_late_entry_deduction_shows_on_the_season_table_with_reason_and_link() {
    let club = Club::new("G").await;
    let late = g_team(&club, "Конь", "ko", 5).await;
    let t = club.tournament_in(3).await;
    let page = club
        .enter(&late.captain, t, &line(&late, "Конь", 0..5))
        .await;
    assert_eq!(page.status, StatusCode::SEE_OTHER, "{}", page.text);
    let all = rows(&club);
    assert_eq!(all.len(), 1);
    let id = all[0].id;
    let (page, table) = season(&club).await;
    assert_eq!(
        table,
        [("Конь".to_owned(), "−½".to_owned(), "-½".to_owned())]
    );
    let item = page.texts("ul.deductions li");
    assert_eq!(item.len(), 1, "{item:?}");
    assert!(
        item[0].contains("G-G1") && item[0].contains("поздняя заявка"),
        "{item:?}"
    );
    assert!(
        item[0].contains("Конь") && item[0].contains("−½"),
        "{item:?}"
    );
    let link = page.attr("ul.deductions li a", "href").expect("a link");
    assert_eq!(
        link,
        format!("/championships/{}/penalties#penalty-{id}", club.id)
    );
    // The link leads to the penalty's entry, public, with its reason.
    let list = club.app.get(&penalties_url(&club)).await;
    assert_eq!(list.status, StatusCode::OK);
    let row = list.texts(&format!("#penalty-{id} td.reason"));
    assert_eq!(row, ["поздняя заявка (записано платформой)"]);
    assert_eq!(list.texts(&format!("#penalty-{id} td.code")), ["G-G1"]);
}

#[tokio::test]
async fn g_g5_moving_players_between_boards_costs_half_a_point() {
    let club = Club::new("G").await;
    let team = g_team(&club, "Ладья", "la", 5).await;
    let t = club.tournament_in(20).await;
    let tid = t.to_string();
    let id = impose_ok(
        &club,
        &team,
        "G-G5",
        &[
            ("tournament", &tid),
            ("reason", "la2 moved from board 2 to 1"),
        ],
    )
    .await;
    let all = rows(&club);
    assert_eq!((all[0].id, all[0].amount, all[0].count), (id, 1, 1));
    assert_eq!(all[0].imposed_by, Some(club.app.person_id("Root")));
    let (page, table) = season(&club).await;
    assert_eq!(table[0].2, "-½");
    let item = page.texts("ul.deductions li").join(" ");
    assert!(
        item.contains("la2 moved from board 2 to 1") && item.contains("Root"),
        "{item}"
    );
    // The audit log records who did it.
    let audit = db::audit::recent(&mut club.app.db(), 20).expect("audit");
    assert!(audit.iter().any(|a| a.action == "penalty.impose"
        && a.subject == format!("penalty:{id}")
        && a.actor_id == Some(club.app.person_id("Root"))));
}

#[tokio::test]
async fn g_g6_an_incorrect_application_costs_half_a_point_per_case() {
    let club = Club::new("G").await;
    let team = g_team(&club, "Ладья", "la", 5).await;
    impose_ok(&club, &team, "G-G6", &[("count", "3")]).await;
    let all = rows(&club);
    assert_eq!((all[0].amount, all[0].count), (3, 3), "3 × ½");
    let (page, table) = season(&club).await;
    assert_eq!(table[0].1, "−1½");
    assert!(page.texts("ul.deductions li")[0].contains("×3"));
    // G-G5 is not counted per case: a count is refused in words, nothing
    // recorded.
    let id = team.id.to_string();
    let page = impose(
        &club,
        &club.root,
        &[
            ("code", "G-G5"),
            ("team", &id),
            ("count", "2"),
            ("reason", "x"),
        ],
    )
    .await;
    assert_eq!(page.status, StatusCode::UNPROCESSABLE_ENTITY);
    assert!(
        page.texts("#penalty-problems li")[0].contains("оставьте 1"),
        "{}",
        page.text
    );
    assert_eq!(rows(&club).len(), 1);
}

#[tokio::test]
async fn g_g8_playing_under_another_nick_costs_one_point_per_game() {
    let club = Club::new("G").await;
    let team = g_team(&club, "Ладья", "la", 5).await;
    impose_ok(&club, &team, "G-G8", &[("count", "4")]).await;
    let all = rows(&club);
    assert_eq!((all[0].amount, all[0].count), (8, 4), "4 games × 1");
    let (_, table) = season(&club).await;
    assert_eq!(table[0].2, "-4");
    // No reason: refused, nothing recorded.
    let id = team.id.to_string();
    let page = impose(
        &club,
        &club.root,
        &[
            ("code", "G-G8"),
            ("team", &id),
            ("count", "1"),
            ("reason", " "),
        ],
    )
    .await;
    assert_eq!(page.status, StatusCode::UNPROCESSABLE_ENTITY);
    assert!(page.text.contains("Укажите причину"), "{}", page.text);
    assert_eq!(rows(&club).len(), 1);
}

#[tokio::test]
async fn g_d2_a_fine_of_half_or_one_or_removal_enforced_at_entry() {
    let club = Club::new("G").await;
    let team = g_team(&club, "Ладья", "la", 5).await;
    let t = club.tournament_in(20).await;
    let tid = t.to_string();
    impose_ok(&club, &team, "G-D2", &[("amount_halves", "2")]).await;
    assert_eq!(rows(&club)[0].amount, 2, "a fine of 1");
    // A fine the rule does not offer is refused.
    let id = team.id.to_string();
    let page = impose(
        &club,
        &club.root,
        &[
            ("code", "G-D2"),
            ("team", &id),
            ("amount_halves", "3"),
            ("reason", "x"),
        ],
    )
    .await;
    assert_eq!(page.status, StatusCode::UNPROCESSABLE_ENTITY);
    assert!(page.text.contains("½, 1"), "{}", page.text);
    // Removal from the tournament: no points, the team cannot enter it.
    impose_ok(
        &club,
        &team,
        "G-D2",
        &[("removal", "1"), ("tournament", &tid)],
    )
    .await;
    let all = rows(&club);
    assert_eq!(all.len(), 2);
    assert_eq!(all[1].amount, 0);
    assert_eq!(all[1].sanction.as_deref(), Some("removed"));
    let page = club
        .enter(&team.captain, t, &line(&team, "Ладья", 0..5))
        .await;
    assert_eq!(
        page.status,
        StatusCode::UNPROCESSABLE_ENTITY,
        "{}",
        page.text
    );
    assert!(
        page.text.contains("G-D2: команда удалена с турнира"),
        "{}",
        page.text
    );
    assert!(club.entries(t).is_empty());
}

#[tokio::test]
async fn g_g3_leaving_disqualifies_from_the_next_tournament_and_a_second_time_bans() {
    let club = Club::new("G").await;
    let team = g_team(&club, "Ладья", "la", 5).await;
    let ts = [
        club.tournament_in(20).await,
        club.tournament_in(20).await,
        club.tournament_in(20).await,
        club.tournament_in(20).await,
    ];
    let t1 = ts[0].to_string();
    impose_ok(&club, &team, "G-G3", &[("tournament", &t1)]).await;
    let first = &rows(&club)[0];
    assert_eq!(first.amount, 2, "−1");
    assert_eq!(first.sanction.as_deref(), Some("disqualified_next"));
    assert_eq!(first.bars_tournament_id, Some(ts[1]));
    // The next tournament refuses the team, in words; nothing is entered.
    let entry = line(&team, "Ладья", 0..5);
    let page = club.enter(&team.captain, ts[1], &entry).await;
    assert_eq!(
        page.status,
        StatusCode::UNPROCESSABLE_ENTITY,
        "{}",
        page.text
    );
    assert!(
        page.text
            .contains("G-G3: команда дисквалифицирована на следующий турнир"),
        "{}",
        page.text
    );
    assert!(club.entries(ts[1]).is_empty());
    // The one after is open again.
    let page = club.enter(&team.captain, ts[2], &entry).await;
    assert_eq!(page.status, StatusCode::SEE_OTHER, "{}", page.text);
    // A second time: banned from the championship.
    let t3 = ts[2].to_string();
    impose_ok(&club, &team, "G-G3", &[("tournament", &t3)]).await;
    let second = &rows(&club)[1];
    assert_eq!(second.sanction.as_deref(), Some("banned"));
    let page = club.enter(&team.captain, ts[3], &entry).await;
    assert_eq!(
        page.status,
        StatusCode::UNPROCESSABLE_ENTITY,
        "{}",
        page.text
    );
    assert!(
        page.text.contains("отстранена от чемпионата"),
        "{}",
        page.text
    );
    assert!(club.entries(ts[3]).is_empty());
    let (_, table) = season(&club).await;
    assert_eq!(table[0].1, "−2");
}

#[tokio::test]
async fn g_g4_a_dissolved_teams_sanction_passes_to_each_member() {
    let club = Club::new("G").await;
    let gone = g_team(&club, "Слон", "sl", 5).await;
    let other = g_team(&club, "Ладья", "la", 5).await;
    let t = club.tournament_in(20).await;
    // Before dissolution the rule does not apply.
    let gid = gone.id.to_string();
    let page = impose(
        &club,
        &club.root,
        &[("code", "G-G4"), ("team", &gid), ("reason", "left")],
    )
    .await;
    assert_eq!(page.status, StatusCode::UNPROCESSABLE_ENTITY);
    assert!(page.text.contains("G-G4"), "{}", page.text);
    let page = club
        .app
        .post_with(&gone.captain, &format!("/teams/{}/dissolve", gone.id), &[])
        .await;
    assert_eq!(page.status, StatusCode::SEE_OTHER, "{}", page.text);
    impose_ok(
        &club,
        &gone,
        "G-G4",
        &[("reason", "Слон left tournament 1")],
    )
    .await;
    let all = rows(&club);
    assert_eq!(all.len(), 5, "one per member");
    assert!(
        all.iter()
            .all(|p| p.sanction.as_deref() == Some("misses_tournament")
                && p.bars_tournament_id == Some(t)
                && p.amount == 0)
    );
    // sl2 joins another team; naming them in its line is refused.
    let sl2 = crate::helpers::new_client();
    club.app
        .log_in_with(&sl2, "sl2", crate::helpers::PASSWORD)
        .await;
    club.app
        .invite_and_accept(&other.captain, other.id, &sl2, "sl2")
        .await;
    let with = format!("{},sl2", line(&other, "Ладья", 0..5));
    let page = club.enter(&other.captain, t, &with).await;
    assert_eq!(
        page.status,
        StatusCode::UNPROCESSABLE_ENTITY,
        "{}",
        page.text
    );
    assert!(
        page.text.contains("G-G4: sl2 — пропускает турнир"),
        "{}",
        page.text
    );
    assert!(club.entries(t).is_empty());
    // Without sl2 the team enters.
    let page = club
        .enter(&other.captain, t, &line(&other, "Ладья", 0..5))
        .await;
    assert_eq!(page.status, StatusCode::SEE_OTHER, "{}", page.text);
}

#[tokio::test]
async fn a_revoked_penalty_restores_the_total() {
    let club = Club::new("G").await;
    let team = g_team(&club, "Ладья", "la", 5).await;
    let id = impose_ok(&club, &team, "G-G5", &[]).await;
    impose_ok(&club, &team, "G-G6", &[]).await;
    assert_eq!(season(&club).await.1[0].2, "-1");
    let revoke = format!("{}/{id}/revoke", penalties_url(&club));
    // Without a reason: refused, still in force.
    let page = club
        .app
        .post_with(&club.root, &revoke, &[("reason", "")])
        .await;
    assert_eq!(page.status, StatusCode::UNPROCESSABLE_ENTITY);
    assert!(rows(&club)[0].in_force());
    let page = club
        .app
        .post_with(&club.root, &revoke, &[("reason", "video shows no move")])
        .await;
    assert_eq!(page.status, StatusCode::SEE_OTHER, "{}", page.text);
    let p = &rows(&club)[0];
    assert_eq!(p.id, id);
    assert!(!p.in_force());
    assert_eq!(p.revoked_by, Some(club.app.person_id("Root")));
    assert_eq!(p.revoke_reason.as_deref(), Some("video shows no move"));
    let (page, table) = season(&club).await;
    assert_eq!(table[0].2, "-½", "only G-G6 is left");
    let items = page.texts("ul.deductions li");
    assert_eq!(items.len(), 1);
    assert!(items[0].contains("G-G6"), "{items:?}");
    // The row stays on record, marked revoked, with the reason.
    let list = club.app.get(&penalties_url(&club)).await;
    let status = list.texts(&format!("#penalty-{id}.revoked td.status"));
    assert_eq!(status.len(), 1);
    assert!(status[0].contains("video shows no move"), "{status:?}");
    // Revoking twice is refused in words.
    let page = club
        .app
        .post_with(&club.root, &revoke, &[("reason", "again")])
        .await;
    assert_eq!(page.status, StatusCode::UNPROCESSABLE_ENTITY);
    assert!(page.text.contains("уже отменён"));
    let audit = db::audit::recent(&mut club.app.db(), 20).expect("audit");
    assert!(
        audit
            .iter()
            .any(|a| a.action == "penalty.revoke" && a.subject == format!("penalty:{id}"))
    );
}

#[tokio::test]
async fn a_player_who_is_not_a_judge_is_refused() {
    let club = Club::new("G").await;
    let team = g_team(&club, "Ладья", "la", 5).await;
    let id = team.id.to_string();
    let page = impose(
        &club,
        &team.captain,
        &[("code", "G-G5"), ("team", &id), ("reason", "mine")],
    )
    .await;
    assert_eq!(page.status, StatusCode::FORBIDDEN);
    assert!(rows(&club).is_empty());
    let pid = impose_ok(&club, &team, "G-G5", &[]).await;
    let page = club
        .app
        .post_with(
            &team.captain,
            &format!("{}/{pid}/revoke", penalties_url(&club)),
            &[("reason", "please")],
        )
        .await;
    assert_eq!(page.status, StatusCode::FORBIDDEN);
    assert!(rows(&club)[0].in_force());
    // The page is public, without the judges' forms.
    let page = club
        .app
        .get_with(&team.captain, &penalties_url(&club))
        .await;
    assert_eq!(page.status, StatusCode::OK);
    assert!(page.attr("form.impose", "action").is_none());
    assert!(page.attr("form.revoke", "action").is_none());
    assert_eq!(page.texts(&format!("#penalty-{pid} td.code")), ["G-G5"]);
}

#[tokio::test]
async fn g_g7_a_player_using_an_engine_is_removed_and_the_team_plays_on_with_a_substitute() {
    let club = Club::new("G").await;
    let team = g_team(&club, "Ладья", "la", 6).await;
    let t = club.tournament_in(20).await;
    let ts = t.to_string();
    // The player must be named; without a nick it is refused in words.
    let page = impose(
        &club,
        &club.root,
        &[
            ("code", "G-G7"),
            ("team", &team.id.to_string()),
            ("tournament", &ts),
            ("reason", "engine moves in round 2"),
        ],
    )
    .await;
    assert_eq!(page.status, StatusCode::UNPROCESSABLE_ENTITY);
    assert!(rows(&club).is_empty(), "nothing recorded");
    impose_ok(
        &club,
        &team,
        "G-G7",
        &[
            ("tournament", &ts),
            ("person", "la3"),
            ("reason", "engine moves in round 2"),
        ],
    )
    .await;
    let all = rows(&club);
    assert_eq!(all.len(), 1);
    assert_eq!(all[0].amount, 0, "the −12 waits for the committee (G-G7)");
    // la3 may not play in the tournament …
    let page = club
        .enter(&team.captain, t, &line(&team, "Ладья", 0..5))
        .await;
    assert_eq!(
        page.status,
        StatusCode::UNPROCESSABLE_ENTITY,
        "{}",
        page.text
    );
    assert!(page.text.contains("la3"), "{}", page.text);
    assert!(club.entries(t).is_empty());
    // … and the team plays with a substitute in la3's place.
    let lineup = "Ладья,la1,la2,la6,la4,la5";
    let page = club.enter(&team.captain, t, lineup).await;
    assert_eq!(page.status, StatusCode::SEE_OTHER, "{}", page.text);
}
