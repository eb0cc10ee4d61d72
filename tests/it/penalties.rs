//! Penalties and sanctions over HTTP: the catalogue of
//! the G regulation imposed by judges, counted per case or game, sanctions
//! enforced at entry, revocation, and each deduction traced on the season
//! table to its penalty, who and when.

use league::db;
use league::ids::{ChampionshipId, EntryId, GameId, MatchId, PenaltyId, TournamentId};
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
async fn impose_ok(club: &Club, team: &Team, code: &str, extra: &[(&str, &str)]) -> PenaltyId {
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
        item[0].contains("Г.1") && item[0].contains("поздняя заявка"),
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
    assert_eq!(list.texts(&format!("#penalty-{id} td.code")), ["Г.1"]);
}

/// G-E1, G-G1: a cancelled tournament's entries are withdrawn with it, the
/// cancellation's reason theirs, and the G-G1 deduction recorded with a late
/// entry falls with them (no round 1 will start): the season table counts
/// nothing of a tournament never held, the penalties page shows the
/// deduction revoked with the reason, and the captain's to-do asks for an
/// entry in the next tournament.
#[tokio::test]
async fn g_e1_g_g1_a_cancelled_tournament_withdraws_its_entries_and_their_late_entry_deduction() {
    let club = Club::new("G").await;
    let late = g_team(&club, "Конь", "ko", 5).await;
    let t = club.tournament_in(3).await;
    club.tournament_in(60 * 24 * 30).await;
    let page = club
        .enter(&late.captain, t, &line(&late, "Конь", 0..5))
        .await;
    assert_eq!(page.status, StatusCode::SEE_OTHER, "{}", page.text);
    assert!(rows(&club)[0].in_force());
    let page = club
        .app
        .post_with(
            &club.root,
            &format!("{}/cancel", club.tournament_url(t)),
            &[("reason", "сервер клуба недоступен")],
        )
        .await;
    assert_eq!(page.status, StatusCode::SEE_OTHER, "{}", page.text);
    // The entry row says it: withdrawn, with the cancellation's reason.
    let entries = club.entries(t);
    assert_eq!(
        entries
            .iter()
            .map(|x| (x.status.as_str(), x.status_reason.as_deref()))
            .collect::<Vec<_>>(),
        [("withdrawn", Some("сервер клуба недоступен"))]
    );
    // The deduction is revoked, on record, with the reason.
    let all = rows(&club);
    assert_eq!(all.len(), 1);
    assert!(!all[0].in_force());
    assert_eq!(
        all[0].revoke_reason.as_deref(),
        Some("сервер клуба недоступен")
    );
    let list = club.app.get(&penalties_url(&club)).await;
    assert_eq!(
        list.texts(&format!("#penalty-{}.revoked", all[0].id)).len(),
        1,
        "{}",
        list.text
    );
    // The season table counts nothing of it.
    let (_, table) = season(&club).await;
    assert!(
        table
            .iter()
            .all(|(_, p, t)| !p.contains('½') && !t.contains('½')),
        "{table:?}"
    );
    // The captain is asked to enter the next tournament instead.
    let todo = club.app.get_with(&late.captain, "/todo").await;
    let lines = todo.texts("ul.todo li");
    assert!(
        lines
            .iter()
            .any(|l| l.contains("Подайте заявку Конь на турнир 2")),
        "{lines:?}"
    );
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
        page.text.contains("Д.2: команда удалена с турнира"),
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
    assert_eq!(first.bars_tournament_id, Some(TournamentId(ts[1])));
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
            .contains("Г.3: команда дисквалифицирована на следующий турнир"),
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
    assert!(page.text.contains("Г.4"), "{}", page.text);
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
                && p.bars_tournament_id == Some(TournamentId(t))
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
        page.text.contains("Г.4: sl2 — пропускает турнир"),
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
    assert!(items[0].contains("Г.6"), "{items:?}");
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
    assert_eq!(page.texts(&format!("#penalty-{pid} td.code")), ["Г.5"]);
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

/// Four teams entered, drawn (seed 7) and round 1 published; returns the
/// teams and the tournament.
async fn playing(club: &Club) -> (Vec<Team>, i64) {
    let (teams, t) = crate::play::four_entered(club).await;
    let url = club.tournament_url(t);
    let page = club
        .app
        .post_with(&club.root, &format!("{url}/draw"), &[("seed", "7")])
        .await;
    club.started(&url);
    assert_eq!(page.status, StatusCode::SEE_OTHER, "{}", page.text);
    crate::play::publish_last(club, &url).await;
    (teams, t)
}

/// The games of round `n` as stored: (game, home entry's name, away
/// entry's name).
fn round_games(club: &Club, t: i64, n: i32) -> Vec<(db::rounds::Game, String, String)> {
    let mut conn = club.app.db();
    let rounds = db::rounds::of_tournament(&mut conn, TournamentId(t)).expect("rounds");
    let round = rounds.iter().find(|r| r.number == n).expect("round");
    let matches = db::rounds::matches_of_rounds(&mut conn, &[round.id]).expect("matches");
    let entries = club.entries(t);
    let name = |id: Option<EntryId>| {
        entries
            .iter()
            .find(|x| Some(x.id) == id)
            .map(|x| x.name.clone())
            .unwrap_or_default()
    };
    let ids: Vec<MatchId> = matches.iter().map(|m| m.id).collect();
    db::rounds::games_of_matches(&mut conn, &ids)
        .expect("games")
        .into_iter()
        .map(|g| {
            let m = matches.iter().find(|m| m.id == g.match_id).expect("match");
            (g, name(Some(m.home_entry_id)), name(m.away_entry_id))
        })
        .collect()
}

fn game(club: &Club, id: GameId) -> db::rounds::Game {
    db::rounds::game_by_id(&mut club.app.db(), id)
        .expect("game")
        .expect("there")
}

/// A judge's result for one game through the tournament page's form.
async fn judge_result(club: &Club, t: i64, id: GameId, result: &str) {
    let g = game(club, id);
    let page = club
        .app
        .post_with(
            &club.root,
            &format!("{}/games/{id}/result", club.tournament_url(t)),
            &[("result", result), ("version", &g.version.to_string())],
        )
        .await;
    assert_eq!(page.status, StatusCode::SEE_OTHER, "{}", page.text);
}

/// The standings of the tournament page: (entry, game points).
async fn standings(club: &Club, t: i64) -> Vec<(String, String)> {
    let page = club.app.get(&club.tournament_url(t)).await;
    let names = page.texts("table.standings tbody td:nth-child(2)");
    let gp = page.texts("table.standings tbody td:nth-child(4)");
    names.into_iter().zip(gp).collect()
}

#[tokio::test]
async fn g_d2_loss_of_the_current_game_loses_it_over_the_board_and_revoking_gives_it_back() {
    let club = Club::new("G").await;
    let (teams, t) = playing(&club).await;
    let ladya = &teams[0];
    let games = round_games(&club, t, 1);
    // Ладья's board 1 game 1 is being played; one game of the other match
    // too; every other game of round 1 is drawn.
    let (current, home, away) = games
        .iter()
        .find(|(g, h, a)| (h == "Ладья" || a == "Ладья") && g.board == 1 && g.game_no == 1)
        .cloned()
        .expect("Ладья's board 1 game 1");
    let ladya_home = home == "Ладья";
    let opponent = if ladya_home {
        away.clone()
    } else {
        home.clone()
    };
    let (elsewhere, ..) = games
        .iter()
        .find(|(_, h, a)| h != "Ладья" && a != "Ладья")
        .cloned()
        .expect("the other match");
    for (g, ..) in &games {
        if g.id != current.id && g.id != elsewhere.id {
            judge_result(&club, t, g.id, "1/2").await;
        }
    }
    // The judges' form lists the games being played, with where and who.
    let page = club.app.get_with(&club.root, &penalties_url(&club)).await;
    let option = page
        .select_text(&format!("#p-game option[value='{}']", current.id))
        .expect("the game is offered");
    assert!(
        option.contains("тур 1")
            && option.contains("доска 1, партия 1")
            && option.contains("Ладья"),
        "{option}"
    );
    assert_eq!(
        page.texts("#p-game option").len(),
        3,
        "— and the two games still played"
    );
    let id = ladya.id.to_string();
    let tid = t.to_string();
    let ask = |g: GameId, extra: &[(&str, &str)]| {
        let mut fields = vec![
            ("code".to_owned(), "G-D2".to_owned()),
            ("team".to_owned(), id.clone()),
            ("game_loss".to_owned(), "1".to_owned()),
            ("game".to_owned(), g.to_string()),
            (
                "reason".to_owned(),
                "argued with the judge at board 1".to_owned(),
            ),
        ];
        fields.extend(
            extra
                .iter()
                .map(|(k, v)| ((*k).to_owned(), (*v).to_owned())),
        );
        fields
    };
    // Refused, nothing recorded: a game of another match, a game with its
    // result, and a fine chosen beside the loss.
    let page = impose_owned(&club, ask(elsewhere.id, &[])).await;
    assert_eq!(page.status, StatusCode::UNPROCESSABLE_ENTITY);
    assert_eq!(
        page.texts("#penalty-problems li"),
        ["Ни одна сторона этой партии не играет за эту команду (или за выбранный состав)."]
    );
    let decided = games
        .iter()
        .find(|(g, h, a)| (h == "Ладья" || a == "Ладья") && g.id != current.id)
        .expect("a drawn game of Ладья")
        .0
        .id;
    let page = impose_owned(&club, ask(decided, &[])).await;
    assert_eq!(page.status, StatusCode::UNPROCESSABLE_ENTITY);
    assert_eq!(
        page.texts("#penalty-problems li"),
        ["У этой партии уже есть результат."]
    );
    let page = impose_owned(&club, ask(current.id, &[("amount_halves", "2")])).await;
    assert_eq!(page.status, StatusCode::UNPROCESSABLE_ENTITY);
    assert!(
        page.texts("#penalty-problems li")[0].contains("Выберите одно"),
        "{}",
        page.text
    );
    // The form comes back filled.
    assert_eq!(
        page.attr("#p-game-loss", "checked").as_deref(),
        Some(""),
        "the choice kept"
    );
    assert!(rows(&club).is_empty());
    assert_eq!(game(&club, current.id).result, "pending");

    // Imposed: no points, the game named, lost by Ладья over the board.
    let page = impose_owned(&club, ask(current.id, &[("tournament", tid.as_str())])).await;
    assert_eq!(page.status, StatusCode::SEE_OTHER, "{}", page.text);
    let all = rows(&club);
    assert_eq!(all.len(), 1);
    let pid = all[0].id;
    let entry = club
        .entries(t)
        .iter()
        .find(|x| x.name == "Ладья")
        .expect("entry")
        .id;
    assert_eq!(
        (
            all[0].amount,
            all[0].game_id,
            all[0].entry_id,
            all[0].sanction.clone()
        ),
        (0, Some(current.id), Some(entry), None)
    );
    let lost = if ladya_home { "0-1" } else { "1-0" };
    assert_eq!(game(&club, current.id).result, lost);
    // The standings follow: 4½ against 5½ in Ладья's match; the other
    // match has 9 draws and one game still played (4½ each).
    let table = standings(&club, t).await;
    let gp = |name: &str| {
        table
            .iter()
            .find(|(n, _)| n == name)
            .map(|(_, g)| g.clone())
            .expect("in the standings")
    };
    assert_eq!(
        (gp("Ладья"), gp(&opponent)),
        ("4½".to_owned(), "5½".to_owned())
    );
    assert_eq!(table[0].0, opponent, "{table:?}");
    // The penalties page names the game; the season table has no deduction.
    let list = club.app.get(&penalties_url(&club)).await;
    let sanction = list.texts(&format!("#penalty-{pid} td.sanction")).join("");
    let table = table_no(&club, current.match_id);
    assert!(
        sanction.starts_with("проигрыш партии: турнир ")
            && sanction.ends_with(&format!("тур 1, стол {table}, доска 1, партия 1")),
        "{sanction}"
    );
    let (season_page, _) = season(&club).await;
    assert!(season_page.texts("ul.deductions li").is_empty());
    let audit = db::audit::recent(&mut club.app.db(), 50).expect("audit");
    assert!(
        audit.iter().any(|a| a.action == "game.result"
            && a.subject == format!("game:{}", current.id)
            && a.detail.contains(&format!("D.2 penalty #{pid}"))
            && a.detail.contains(&format!("pending → {lost}"))),
        "{audit:?}"
    );

    // Revoked while the tournament runs: the game has no result again.
    let revoke = format!("{}/{pid}/revoke", penalties_url(&club));
    let page = club
        .app
        .post_with(&club.root, &revoke, &[("reason", "the judge misheard")])
        .await;
    assert_eq!(page.status, StatusCode::SEE_OTHER, "{}", page.text);
    assert_eq!(game(&club, current.id).result, "pending");
    let table = standings(&club, t).await;
    let gp = |name: &str| {
        table
            .iter()
            .find(|(n, _)| n == name)
            .map(|(_, g)| g.clone())
            .expect("in the standings")
    };
    assert_eq!(
        (gp("Ладья"), gp(&opponent)),
        ("4½".to_owned(), "4½".to_owned())
    );
    let audit = db::audit::recent(&mut club.app.db(), 50).expect("audit");
    assert!(audit.iter().any(|a| a.action == "penalty.revoke"
        && a.subject == format!("penalty:{pid}")
        && a.detail.contains("→ pending")));

    // Imposed again, then the judges change the game: revoking leaves it
    // and says so.
    let page = impose_owned(&club, ask(current.id, &[])).await;
    assert_eq!(page.status, StatusCode::SEE_OTHER, "{}", page.text);
    let again = rows(&club).last().expect("second").id;
    judge_result(&club, t, current.id, "1/2").await;
    let page = club
        .app
        .post_with(
            &club.root,
            &format!("{}/{again}/revoke", penalties_url(&club)),
            &[("reason", "settled otherwise")],
        )
        .await;
    assert_eq!(page.status, StatusCode::SEE_OTHER, "{}", page.text);
    assert_eq!(game(&club, current.id).result, "1/2");
    let audit = db::audit::recent(&mut club.app.db(), 50).expect("audit");
    assert!(
        audit.iter().any(|a| a.action == "penalty.revoke"
            && a.subject == format!("penalty:{again}")
            && a.detail.contains("left at 1/2")),
        "{audit:?}"
    );
}

async fn impose_owned(club: &Club, fields: Vec<(String, String)>) -> Page {
    let refs: Vec<(&str, &str)> = fields
        .iter()
        .map(|(k, v)| (k.as_str(), v.as_str()))
        .collect();
    impose(club, &club.root, &refs).await
}

fn table_no(club: &Club, match_id: MatchId) -> i32 {
    db::rounds::match_by_id(&mut club.app.db(), match_id)
        .expect("match")
        .expect("there")
        .table_no
}

#[tokio::test]
async fn g_d2_removal_withdraws_a_team_already_playing_like_g_g2() {
    let club = Club::new("G").await;
    let (teams, t) = playing(&club).await;
    let ferz = &teams[3];
    let url = club.tournament_url(t);
    let games = round_games(&club, t, 1);
    let of_ferz: Vec<&(db::rounds::Game, String, String)> = games
        .iter()
        .filter(|(_, h, a)| h == "Ферзь" || a == "Ферзь")
        .collect();
    let ferz_home = of_ferz[0].1 == "Ферзь";
    // Two of Ферзь's games are played (Ферзь loses them), then it disobeys
    // the judge and is removed.
    let beaten = if ferz_home { "0-1" } else { "1-0" };
    for (g, ..) in of_ferz.iter().take(2) {
        judge_result(&club, t, g.id, beaten).await;
    }
    impose_ok(
        &club,
        ferz,
        "G-D2",
        &[
            ("removal", "1"),
            ("tournament", &t.to_string()),
            ("reason", "refused to leave the hall"),
        ],
    )
    .await;
    // Withdrawn as under G-G2: retired, its open games lost by forfeit.
    let entry = club
        .entries(t)
        .into_iter()
        .find(|x| x.name == "Ферзь")
        .expect("entry");
    assert_eq!(entry.status, "retired");
    assert_eq!(entry.retired_after_round, Some(1));
    let forfeit = if ferz_home { "-+" } else { "+-" };
    let results: Vec<String> = of_ferz
        .iter()
        .map(|(g, ..)| game(&club, g.id).result)
        .collect();
    assert_eq!(
        results.iter().filter(|r| *r == beaten).count(),
        2,
        "{results:?}"
    );
    assert_eq!(
        results.iter().filter(|r| *r == forfeit).count(),
        8,
        "{results:?}"
    );
    // One penalty: G-D2 naming the entry, no G-G2 row beside it.
    let all = rows(&club);
    assert_eq!(all.len(), 1, "{all:?}");
    assert_eq!(
        (
            all[0].code.as_str(),
            all[0].sanction.as_deref(),
            all[0].entry_id
        ),
        ("G-D2", Some("removed"), Some(entry.id))
    );
    let audit = db::audit::recent(&mut club.app.db(), 50).expect("audit");
    assert!(
        audit.iter().any(|a| a.action == "entry.retire"
            && a.detail.contains(&format!("D.2 penalty #{}", all[0].id))
            && a.detail.contains("8 open games lost")),
        "{audit:?}"
    );
    // Round 2: its match is forfeited whole (round robin), no games.
    for (g, h, a) in &games {
        if h != "Ферзь" && a != "Ферзь" {
            judge_result(&club, t, g.id, "1/2").await;
        }
    }
    let page = club
        .app
        .post_with(&club.root, &format!("{url}/rounds"), &[])
        .await;
    assert_eq!(page.status, StatusCode::SEE_OTHER, "{}", page.text);
    crate::play::publish_last(&club, &url).await;
    let page = club.app.get(&url).await;
    let scores = page.texts("#round-2 tr.match td.score");
    assert!(
        scores.iter().any(|s| s == "10-0" || s == "0-10"),
        "{scores:?}"
    );
    assert_eq!(page.texts("#round-2 tr.game").len(), 10);
    // It may not enter that tournament again; nothing changes.
    let page = club
        .enter(&ferz.captain, t, &line(ferz, "Ферзь", 0..5))
        .await;
    assert_eq!(page.status, StatusCode::UNPROCESSABLE_ENTITY);
    assert_eq!(club.entries(t).len(), 4);
    // The season table shows no deduction for it: the removal costs no
    // points beyond the games.
    let (season_page, table) = season(&club).await;
    assert!(season_page.texts("ul.deductions li").is_empty());
    assert_eq!(table, [("Ферзь".to_owned(), String::new(), "0".to_owned())]);
}

#[tokio::test]
async fn g_d2_removal_of_a_team_with_two_entries_takes_out_the_one_named() {
    let club = Club::new("G").await;
    let (teams, t) = crate::appeals::with_a_double(&club).await;
    let url = club.tournament_url(t);
    let page = club
        .app
        .post_with(&club.root, &format!("{url}/draw"), &[("seed", "7")])
        .await;
    club.started(&url);
    assert_eq!(page.status, StatusCode::SEE_OTHER, "{}", page.text);
    crate::play::publish_last(&club, &url).await;
    let ladya = &teams[0];
    let id = ladya.id.to_string();
    let tid = t.to_string();
    let fields = [
        ("code", "G-D2"),
        ("team", id.as_str()),
        ("tournament", tid.as_str()),
        ("removal", "1"),
        ("reason", "la7 swore at the judge"),
    ];
    // Two entries of Ладья play: which one is refused in words.
    let page = impose(&club, &club.root, &fields).await;
    assert_eq!(page.status, StatusCode::UNPROCESSABLE_ENTITY);
    assert_eq!(
        page.texts("#penalty-problems li"),
        ["У команды в турнире несколько составов (Ладья1, Ладья2): выберите тот, о котором речь."]
    );
    assert!(rows(&club).is_empty());
    let entries = club.entries(t);
    let double = entries
        .iter()
        .find(|x| x.name == "Ладья2")
        .expect("Ладья2")
        .id;
    let page = club.app.get_with(&club.root, &penalties_url(&club)).await;
    assert!(
        page.select_text(&format!("#p-entry option[value='{double}']"))
            .unwrap_or_default()
            .contains("Ладья2")
    );
    let chosen = double.to_string();
    let mut with = fields.to_vec();
    with.push(("entry", chosen.as_str()));
    let page = impose(&club, &club.root, &with).await;
    assert_eq!(page.status, StatusCode::SEE_OTHER, "{}", page.text);
    // Ладья2 is withdrawn; Ладья1 plays on.
    let statuses: Vec<(String, String)> = club
        .entries(t)
        .into_iter()
        .map(|x| (x.name, x.status))
        .collect();
    assert!(statuses.contains(&("Ладья2".to_owned(), "retired".to_owned())));
    assert!(statuses.contains(&("Ладья1".to_owned(), "entered".to_owned())));
    assert_eq!(rows(&club)[0].entry_id, Some(double));
}

#[tokio::test]
async fn g_d2_removal_before_the_draw_takes_the_entry_out_of_the_field() {
    let club = Club::new("G").await;
    let team = g_team(&club, "Ладья", "la", 5).await;
    let t = club.tournament_in(20).await;
    let page = club
        .enter(&team.captain, t, &line(&team, "Ладья", 0..5))
        .await;
    assert_eq!(page.status, StatusCode::SEE_OTHER, "{}", page.text);
    impose_ok(
        &club,
        &team,
        "G-D2",
        &[("removal", "1"), ("tournament", &t.to_string())],
    )
    .await;
    let entries = club.entries(t);
    assert_eq!(
        (entries[0].status.as_str(), rows(&club)[0].entry_id),
        ("withdrawn", Some(entries[0].id))
    );
    // Entering again is refused by the sanction.
    let page = club
        .enter(&team.captain, t, &line(&team, "Ладья", 0..5))
        .await;
    assert_eq!(page.status, StatusCode::UNPROCESSABLE_ENTITY);
    assert!(page.text.contains("Д.2: команда удалена с турнира"));
}

#[tokio::test]
async fn g_g3_an_entry_already_made_in_the_barred_tournament_is_withdrawn_and_the_captain_told() {
    let club = Club::new("G").await;
    let team = g_team(&club, "Ладья", "la", 5).await;
    let ts = [club.tournament_in(20).await, club.tournament_in(20).await];
    // Ладья entered the next tournament before the penalty.
    let page = club
        .enter(&team.captain, ts[1], &line(&team, "Ладья", 0..5))
        .await;
    assert_eq!(page.status, StatusCode::SEE_OTHER, "{}", page.text);
    let t0 = ts[0].to_string();
    impose_ok(&club, &team, "G-G3", &[("tournament", &t0)]).await;
    // The entry no longer plays there, on the page and in the database.
    assert_eq!(club.entries(ts[1])[0].status, "withdrawn");
    let statuses = club.statuses(ts[1]).await;
    assert_ne!(statuses[0].1, "играет", "{statuses:?}");
    // The captain is told of the penalty and of the withdrawal.
    let mail: Vec<_> = db::outbox::list(&mut club.app.db(), None, 1000)
        .expect("outbox")
        .into_iter()
        .filter(|m| m.address == "la1@club.example" && m.kind == "play_status")
        .collect();
    assert!(
        mail.iter()
            .any(|m| m.subject.contains("Г.3") && m.body.contains("не играет в турнире")),
        "{mail:?}"
    );
    assert!(
        mail.iter().any(|m| m.subject.contains("снята с турнира")),
        "{mail:?}"
    );
}

#[tokio::test]
async fn the_penalty_form_suggests_the_championships_players_and_names_rules_by_title() {
    let club = Club::new("G").await;
    let (_, _t) = crate::club::four_entered(&club).await;
    let page = club
        .app
        .get_with(&club.root, &format!("/championships/{}/penalties", club.id))
        .await;
    let players = page.attrs("#championship-players option", "value");
    assert_eq!(players.len(), 20, "four teams of five: {players:?}");
    assert!(players.iter().any(|p| p == "la1"));
    assert_eq!(
        page.attr("#p-person", "list").as_deref(),
        Some("championship-players")
    );
    assert!(
        page.texts("#p-code option")
            .iter()
            .any(|o| o.starts_with("Г.5 — перестановка игроков по доскам")),
        "{:?}",
        page.texts("#p-code option")
    );
}

/// The captain's play-status mails (la1 captains Ладья).
fn captain_mail(club: &Club, address: &str) -> Vec<db::outbox::OutboxRow> {
    db::outbox::list(&mut club.app.db(), None, 1000)
        .expect("outbox")
        .into_iter()
        .filter(|m| m.address == address && m.kind == "play_status")
        .collect()
}

#[tokio::test]
async fn g_g7_the_twelve_points_come_only_from_the_committee_and_the_mail_says_what_was_imposed() {
    let club = Club::new("G").await;
    let team = g_team(&club, "Ладья", "la", 6).await;
    let t = club.tournament_in(20).await;
    let ts = t.to_string();
    let id = team.id.to_string();
    // The judge picks the −12 as the fine: refused in words, nothing
    // recorded, the form keeps what was typed.
    let page = impose(
        &club,
        &club.root,
        &[
            ("code", "G-G7"),
            ("team", &id),
            ("tournament", &ts),
            ("person", "la3"),
            ("amount_halves", "24"),
            ("reason", "engine moves in round 2"),
        ],
    )
    .await;
    assert_eq!(
        page.status,
        StatusCode::UNPROCESSABLE_ENTITY,
        "{}",
        page.text
    );
    assert!(
        page.text.contains("апелляционного комитета"),
        "{}",
        page.text
    );
    assert!(rows(&club).is_empty(), "nothing recorded");
    assert!(page.text.contains("engine moves in round 2"));
    // The form does not offer the −12 as the judges' to impose.
    let page = club.app.get_with(&club.root, &penalties_url(&club)).await;
    let g7 = page
        .texts("#p-code option")
        .into_iter()
        .find(|o| o.starts_with("Г.7"))
        .expect("Г.7 in the list");
    assert!(!g7.ends_with("(−12)") && g7.contains("апелляционн"), "{g7}");
    // The removal of the player is what the judges impose.
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
    assert_eq!(
        (all[0].amount, all[0].sanction.as_deref()),
        (0, Some("player_removed"))
    );
    let (page, _) = season(&club).await;
    assert!(page.texts("ul.deductions li").is_empty(), "no points off");
    // The captain's mail says what was imposed: the player removed, the
    // team plays on, the −12 only if the committee confirms.
    let mail = captain_mail(&club, "la1@club.example");
    let told = mail
        .iter()
        .find(|m| m.subject.contains("Г.7"))
        .unwrap_or_else(|| panic!("{mail:?}"));
    assert!(told.body.contains("la3"), "{}", told.body);
    assert!(!told.body.contains("минус 0"), "{}", told.body);
    assert!(!told.body.contains("не играет в турнире"), "{}", told.body);
    assert!(told.body.contains("апелляционн"), "{}", told.body);
}

/// A member signed in by nick.
async fn member(club: &Club, nick: &str) -> Client {
    let client = crate::helpers::new_client();
    club.app
        .log_in_with(&client, nick, crate::helpers::PASSWORD)
        .await;
    client
}

/// Слон (sl1..sl6) left tournament 1 (started an hour ago): G-G3 bars it
/// from tournament 2, which starts in 20 minutes. Returns the team and
/// the two tournaments.
async fn disqualified(club: &Club) -> (Team, [i64; 2]) {
    let team = g_team(club, "Слон", "sl", 6).await;
    let ts = [club.tournament_in(-60).await, club.tournament_in(20).await];
    impose_ok(club, &team, "G-G3", &[("tournament", &ts[0].to_string())]).await;
    assert_eq!(rows(club)[0].bars_tournament_id, Some(TournamentId(ts[1])));
    (team, ts)
}

#[tokio::test]
async fn g_g4_dissolving_a_team_that_holds_a_g_g3_disqualification_passes_it_to_every_member() {
    let club = Club::new("G").await;
    let (team, ts) = disqualified(&club).await;
    // sl6 leaves just before the captain dissolves the team.
    let sl6 = member(&club, "sl6").await;
    let page = club
        .app
        .post_with(&sl6, &format!("/teams/{}/leave", team.id), &[])
        .await;
    assert_eq!(page.status, StatusCode::SEE_OTHER, "{}", page.text);
    let page = club
        .app
        .post_with(&team.captain, &format!("/teams/{}/dissolve", team.id), &[])
        .await;
    assert_eq!(page.status, StatusCode::SEE_OTHER, "{}", page.text);
    // Each of the six — sl6 included — misses tournament 2 (G-G4).
    let passed: Vec<_> = rows(&club)
        .into_iter()
        .filter(|p| p.code == "G-G4")
        .collect();
    let mut people: Vec<_> = passed.iter().map(|p| p.person_id).collect();
    people.sort();
    let mut six: Vec<_> = (1..=6)
        .map(|i| Some(club.app.person_id(&format!("sl{i}"))))
        .collect();
    six.sort();
    assert_eq!(people, six);
    assert!(passed.iter().all(|p| p.in_force()
        && p.sanction.as_deref() == Some("misses_tournament")
        && p.bars_tournament_id == Some(TournamentId(ts[1]))
        && p.amount == 0
        && p.imposed_by.is_none()));
    // Audited, one line per member.
    let audit = db::audit::recent(&mut club.app.db(), 50).expect("audit");
    for p in &passed {
        assert!(
            audit
                .iter()
                .any(|a| a.action == "penalty.impose" && a.subject == format!("penalty:{}", p.id)),
            "{audit:?}"
        );
    }
    // Each member is told, sl6 too.
    for nick in ["sl1", "sl3", "sl6"] {
        let mail = captain_mail(&club, &format!("{nick}@club.example"));
        assert!(
            mail.iter()
                .any(|m| m.subject.contains("Г.4") && m.body.contains("турнир 2")),
            "{nick}: {mail:?}"
        );
    }
    // The sanction holds: sl6, now in another team, may not be named.
    let other = g_team(&club, "Ладья", "la", 5).await;
    club.app
        .invite_and_accept(&other.captain, other.id, &sl6, "sl6")
        .await;
    let page = club
        .enter(
            &other.captain,
            ts[1],
            &format!("{},sl6", line(&other, "Ладья", 0..5)),
        )
        .await;
    assert_eq!(
        page.status,
        StatusCode::UNPROCESSABLE_ENTITY,
        "{}",
        page.text
    );
    assert!(page.text.contains("Г.4: sl6"), "{}", page.text);
}

/// The players of round 1's games of an entry, as stored.
fn seated(club: &Club, t: i64, entry: &str) -> Vec<Option<league::ids::PersonId>> {
    let mut conn = club.app.db();
    let entries = db::entries::of_tournament(&mut conn, TournamentId(t)).expect("entries");
    let id = entries.iter().find(|e| e.name == entry).expect("entry").id;
    let rounds = db::rounds::of_tournament(&mut conn, TournamentId(t)).expect("rounds");
    let matches = db::rounds::matches_of_rounds(&mut conn, &[rounds[0].id]).expect("matches");
    let ids: Vec<_> = matches.iter().map(|m| m.id).collect();
    let games = db::rounds::games_of_matches(&mut conn, &ids).expect("games");
    games
        .iter()
        .filter_map(|g| {
            let m = matches.iter().find(|m| m.id == g.match_id)?;
            if m.home_entry_id == id {
                Some(g.home_player_id)
            } else if m.away_entry_id == Some(id) {
                Some(g.away_player_id)
            } else {
                None
            }
        })
        .collect()
}

/// Слон (sl1..sl5) was dissolved; sl2 joined Ферзь, whose entry in the
/// next tournament names sl2 on board 5 with fe5 as substitute; four
/// entries in all (drawn first if `drawn`). The judges then pass Слон's
/// sanction to its members (G-G4). Returns the tournament and Ферзь.
async fn barred_member_in_an_entry(club: &Club, drawn: bool) -> (i64, i64) {
    let gone = g_team(club, "Слон", "sl", 5).await;
    let page = club
        .app
        .post_with(&gone.captain, &format!("/teams/{}/dissolve", gone.id), &[])
        .await;
    assert_eq!(page.status, StatusCode::SEE_OTHER, "{}", page.text);
    let mut teams = Vec::new();
    for (name, prefix) in [("Ладья", "la"), ("Конь", "ko"), ("Ферзь", "fe")] {
        teams.push(g_team(club, name, prefix, 5).await);
    }
    let sl2 = member(club, "sl2").await;
    club.app
        .invite_and_accept(&teams[2].captain, teams[2].id, &sl2, "sl2")
        .await;
    let pawn = g_team(club, "Пешка", "pe", 5).await;
    let t = club.tournament_in(20).await;
    for team in &teams[..2] {
        let page = club
            .enter(&team.captain, t, &line(team, &team.name, 0..5))
            .await;
        assert_eq!(page.status, StatusCode::SEE_OTHER, "{}", page.text);
    }
    let page = club
        .enter(&pawn.captain, t, &line(&pawn, "Пешка", 0..5))
        .await;
    assert_eq!(page.status, StatusCode::SEE_OTHER, "{}", page.text);
    let page = club
        .enter(&teams[2].captain, t, "Ферзь,fe1,fe2,fe3,fe4,sl2,fe5")
        .await;
    assert_eq!(page.status, StatusCode::SEE_OTHER, "{}", page.text);
    if drawn {
        let page = club
            .app
            .post_with(
                &club.root,
                &format!("{}/draw", club.tournament_url(t)),
                &[("seed", "7")],
            )
            .await;
        assert_eq!(page.status, StatusCode::SEE_OTHER, "{}", page.text);
    }
    impose_ok(club, &gone, "G-G4", &[("reason", "Слон left tournament 1")]).await;
    (t, teams[2].id)
}

#[tokio::test]
async fn g_g4_a_member_named_in_another_teams_accepted_entry_does_not_play_that_tournament() {
    let club = Club::new("G").await;
    let (t, _) = barred_member_in_an_entry(&club, false).await;
    // The entry still has five players: fe5 takes sl2's board.
    let ferz = club
        .entries(t)
        .into_iter()
        .find(|e| e.name == "Ферзь")
        .expect("Ферзь");
    assert_eq!(ferz.status, "entered");
    assert_eq!(ferz.line, "Ферзь,fe1,fe2,fe3,fe4,fe5");
    // The captain is told.
    let mail = captain_mail(&club, "fe1@club.example");
    assert!(
        mail.iter()
            .any(|m| m.subject.contains("sl2") && m.body.contains("fe5")),
        "{mail:?}"
    );
    // Drawn and published: sl2 sits on no board, fe5 sits on board 5.
    let url = club.tournament_url(t);
    let page = club
        .app
        .post_with(&club.root, &format!("{url}/draw"), &[("seed", "7")])
        .await;
    assert_eq!(page.status, StatusCode::SEE_OTHER, "{}", page.text);
    crate::play::publish_last(&club, &url).await;
    let sl2 = club.app.person_id("sl2");
    let fe5 = club.app.person_id("fe5");
    let boards = seated(&club, t, "Ферзь");
    assert!(!boards.contains(&Some(sl2)), "{boards:?}");
    assert!(boards.contains(&Some(fe5)), "{boards:?}");
}

#[tokio::test]
async fn g_g4_an_entry_left_with_fewer_than_five_players_is_withdrawn() {
    let club = Club::new("G").await;
    let gone = g_team(&club, "Слон", "sl", 5).await;
    let page = club
        .app
        .post_with(&gone.captain, &format!("/teams/{}/dissolve", gone.id), &[])
        .await;
    assert_eq!(page.status, StatusCode::SEE_OTHER, "{}", page.text);
    let ferz = g_team(&club, "Ферзь", "fe", 4).await;
    let sl2 = member(&club, "sl2").await;
    club.app
        .invite_and_accept(&ferz.captain, ferz.id, &sl2, "sl2")
        .await;
    let t = club.tournament_in(20).await;
    let page = club
        .enter(&ferz.captain, t, "Ферзь,fe1,fe2,fe3,fe4,sl2")
        .await;
    assert_eq!(page.status, StatusCode::SEE_OTHER, "{}", page.text);
    impose_ok(
        &club,
        &gone,
        "G-G4",
        &[("reason", "Слон left tournament 1")],
    )
    .await;
    assert_eq!(club.entries(t)[0].status, "withdrawn");
    let mail = captain_mail(&club, "fe1@club.example");
    assert!(
        mail.iter()
            .any(|m| m.subject.contains("sl2") && m.body.contains("снят")),
        "{mail:?}"
    );
}

#[tokio::test]
async fn g_g4_the_entry_list_the_roster_the_person_page_and_the_penalties_page_agree() {
    let club = Club::new("G").await;
    // Drawn before the sanction: Ферзь's line stays on record.
    let (t, ferz) = barred_member_in_an_entry(&club, true).await;
    assert_eq!(
        club.entries(t)
            .into_iter()
            .find(|e| e.name == "Ферзь")
            .expect("Ферзь")
            .line,
        "Ферзь,fe1,fe2,fe3,fe4,sl2,fe5"
    );
    let said = "пропускает турнир 1 (Г.4)";
    // The entry list.
    let page = club.app.get(&club.tournament_url(t)).await;
    let entry_list = page.texts("table.entries ul.barred li");
    assert_eq!(entry_list, [format!("sl2: {said}")]);
    // Ферзь's roster.
    let page = club.app.get(&format!("/teams/{ferz}")).await;
    let roster = page.texts("ul.reasons li");
    assert_eq!(roster, [said]);
    // sl2's page.
    let page = club.app.get("/people/sl2").await;
    let person = page.texts("ul.sanctions li");
    assert_eq!(person.len(), 1, "{person:?}");
    assert!(person[0].ends_with(said), "{person:?}");
    assert!(!page.text.contains("Действующих дисквалификаций нет"));
    // The penalties page.
    let page = club.app.get(&penalties_url(&club)).await;
    let sl2 = page
        .texts("td.sanction")
        .into_iter()
        .filter(|x| x.starts_with("sl2"))
        .collect::<Vec<_>>();
    assert_eq!(sl2, [format!("sl2: {said}")]);
    // And the boards: published, sl2 sits on none of them.
    crate::play::publish_last(&club, &club.tournament_url(t)).await;
    let sl2 = club.app.person_id("sl2");
    assert!(!seated(&club, t, "Ферзь").contains(&Some(sl2)));
}

/// The G-G4 row that falls on `nick`.
fn sanction_on(club: &Club, nick: &str) -> PenaltyId {
    let person = club.app.person_id(nick);
    rows(club)
        .into_iter()
        .find(|x| x.code == "G-G4" && x.person_id == Some(person))
        .expect("the member's G-G4")
        .id
}

/// A judge (Root) revokes penalty `id`; the page the redirect leads to.
async fn revoke_ok(club: &Club, id: PenaltyId) -> Page {
    let url = format!("{}/{id}/revoke", penalties_url(club));
    let page = club
        .app
        .post_with(&club.root, &url, &[("reason", "ошибка судей")])
        .await;
    assert_eq!(page.status, StatusCode::SEE_OTHER, "{}", page.text);
    let to = page.location().expect("Location").to_owned();
    club.app.get_with(&club.root, &to).await
}

/// Ферзь's entry in tournament `t`: (status, line, people in order).
fn ferz(club: &Club, t: i64) -> (String, String, Vec<String>) {
    let x = club
        .entries(t)
        .into_iter()
        .find(|e| e.name == "Ферзь")
        .expect("Ферзь");
    let people = db::entries::players_of(&mut club.app.db(), &[x.id])
        .expect("players")
        .into_iter()
        .map(|p| format!("{}{}", if p.substitute { "+" } else { "" }, p.nick))
        .collect();
    (x.status, x.line, people)
}

/// G-G4 revoked: an entry the sanction changed before the draw (sl2 off
/// Ферзь's line, fe5 on his board; or the entry withdrawn, too few left)
/// is as it was before the sanction, people and line, and its captain is
/// told; the judge's page says so. Once the tournament is drawn the entry
/// stays as the sanction left it, and the revocation says that instead.
#[tokio::test]
async fn g_g4_revoking_the_sanction_restores_the_entry_it_changed_until_the_draw() {
    // Before the draw: the line comes back.
    let club = Club::new("G").await;
    let (t, _) = barred_member_in_an_entry(&club, false).await;
    assert_eq!(ferz(&club, t).1, "Ферзь,fe1,fe2,fe3,fe4,fe5");
    let page = revoke_ok(&club, sanction_on(&club, "sl2")).await;
    assert!(
        page.flash()
            .contains("Состав Ферзь на турнир 1: восстановлен"),
        "{}",
        page.flash()
    );
    assert_eq!(
        ferz(&club, t),
        (
            "entered".to_owned(),
            "Ферзь,fe1,fe2,fe3,fe4,sl2,fe5".to_owned(),
            ["fe1", "fe2", "fe3", "fe4", "sl2", "+fe5"]
                .map(str::to_owned)
                .to_vec()
        )
    );
    let mail = captain_mail(&club, "fe1@club.example");
    assert!(
        mail.iter().any(|m| m.subject.contains("Г.4 отменено")
            && m.body.contains("Ферзь,fe1,fe2,fe3,fe4,sl2,fe5")),
        "{mail:?}"
    );
    // Revoking another member's sanction, which changed no entry, says
    // nothing of entries.
    let page = revoke_ok(&club, sanction_on(&club, "sl3")).await;
    assert!(!page.flash().contains("Состав"), "{}", page.flash());

    // Withdrawn for too few players: entered again, in its place.
    let club = Club::new("G").await;
    let gone = g_team(&club, "Слон", "sl", 5).await;
    let page = club
        .app
        .post_with(&gone.captain, &format!("/teams/{}/dissolve", gone.id), &[])
        .await;
    assert_eq!(page.status, StatusCode::SEE_OTHER, "{}", page.text);
    let ferz_team = g_team(&club, "Ферзь", "fe", 4).await;
    let sl2 = member(&club, "sl2").await;
    club.app
        .invite_and_accept(&ferz_team.captain, ferz_team.id, &sl2, "sl2")
        .await;
    let t = club.tournament_in(20).await;
    let page = club
        .enter(&ferz_team.captain, t, "Ферзь,fe1,fe2,fe3,fe4,sl2")
        .await;
    assert_eq!(page.status, StatusCode::SEE_OTHER, "{}", page.text);
    impose_ok(
        &club,
        &gone,
        "G-G4",
        &[("reason", "Слон left tournament 1")],
    )
    .await;
    assert_eq!(ferz(&club, t).0, "withdrawn");
    revoke_ok(&club, sanction_on(&club, "sl2")).await;
    let (status, line, _) = ferz(&club, t);
    assert_eq!(
        (status.as_str(), line.as_str()),
        ("entered", "Ферзь,fe1,fe2,fe3,fe4,sl2")
    );

    // Changed before the draw, revoked after it: left, and said.
    let club = Club::new("G").await;
    let (t, _) = barred_member_in_an_entry(&club, false).await;
    let page = club
        .app
        .post_with(
            &club.root,
            &format!("{}/draw", club.tournament_url(t)),
            &[("seed", "7")],
        )
        .await;
    assert_eq!(page.status, StatusCode::SEE_OTHER, "{}", page.text);
    let page = revoke_ok(&club, sanction_on(&club, "sl2")).await;
    assert!(
        page.flash().contains("турнир уже начался"),
        "{}",
        page.flash()
    );
    assert_eq!(ferz(&club, t).1, "Ферзь,fe1,fe2,fe3,fe4,fe5");
    let mail = captain_mail(&club, "fe1@club.example");
    assert!(
        mail.iter()
            .any(|m| m.subject.contains("Г.4 отменено") && m.body.contains("уже начался")),
        "{mail:?}"
    );
}
