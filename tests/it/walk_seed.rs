//! The seed of the route walk (walk.rs): one championship under preset G
//! with an object behind every id of the route table, each made through
//! the pages the way the feature's own tests make it; ids are then read
//! back from the database.

use league::db;
use league::ids::{ChampionshipId, InvitationId, SeriesId, TeamId, TournamentId};
use reqwest::{Client, StatusCode};

use crate::club::{Club, Team, four_entered, line, play_round, publish_last};
use crate::helpers::{PASSWORD, Page, new_client};
use crate::results_pages::draw_and_play_all;

/// What the walk needs: the signed-in clients of the roles, the ids its
/// path templates name and the API tokens.
pub(crate) struct Seed {
    pub club: Club,
    /// anonymous, player, other_captain, captain, judge, organizer, admin.
    pub clients: [Client; 7],
    /// The nick each role signs in with (none for the anonymous visitor).
    pub nicks: [Option<String>; 7],
    /// `{placeholder}` → value, for the path templates.
    pub ids: Vec<(&'static str, String)>,
    /// A token of the championship made by its organizer "Root" (who, as
    /// the platform's administrator, may judge), one of its organizer
    /// "Orga" (no judge), one of another championship, a revoked one.
    pub tokens: [String; 4],
}

/// The stronger side (earlier in the list) wins every game.
fn stronger(home: &str, away: &str) -> &'static str {
    let order = ["Ладья", "Конь", "Слон", "Ферзь"];
    let rank = |n: &str| order.iter().position(|x| *x == n).unwrap_or(9);
    if rank(home) < rank(away) {
        "1-0"
    } else {
        "0-1"
    }
}

/// A form that went through: 303.
fn ok(page: Page, what: &str) -> Page {
    assert_eq!(page.status, StatusCode::SEE_OTHER, "{what}: {}", page.text);
    page
}

/// An API token made on the championship's page by `organizer`.
async fn token(club: &Club, organizer: &Client, c: i64, name: &str) -> String {
    let path = format!("/championships/{c}/api-tokens");
    let page = club
        .app
        .post_with(organizer, &path, &[("name", name)])
        .await;
    assert_eq!(page.status, StatusCode::OK, "token: {}", page.text);
    page.select_text("#new-token").expect("the new token")
}

/// The captain of `team` invites `nick`; the invitation's id.
async fn invitation(club: &Club, team: &Team, nick: &str) -> InvitationId {
    ok(
        club.app
            .post_with(
                &team.captain,
                &format!("/teams/{}/invitations", team.id),
                &[("nick", nick)],
            )
            .await,
        "invitation",
    );
    db::teams::invitations_of(&mut club.app.db(), league::ids::TeamId(team.id))
        .expect("invitations")
        .into_iter()
        .filter(|i| i.invitation.status == "pending")
        .map(|i| i.invitation.id)
        .max()
        .expect("the open invitation")
}

/// Plays out the whole seed. In order: a finished tournament `{f}` (a
/// round robin of the four teams, places recorded) with an appeal case
/// `{a}` its captain filed after the finish, a remedy `{rem}` proposed on
/// the case and a judge's fair-play report `{fp}`; a penalty `{p}`; the
/// current tournament `{t}` of the same teams, drawn, round 1 (`{r}`, number `{rn}`) published and played, its match
/// `{m}` of the captain's team and that match's first game `{g}`, round 2
/// (`{rd}`, number `{rdn}`) paired as a draft; a regulation version `{v}`;
/// a series `{s}` with a sport `{sp}`; the player's document `{doc}`; a
/// transfer request `{tr}` (the other captain's team's invitation the
/// player accepted, awaiting a judge) and an open invitation `{inv}` of a
/// third team to the player; a ban `{ban}`; the player's link to a second
/// account `{cl}`; the player's employment `{emp}`; a message of
/// the outbox `{out}`; API tokens (`{tok}` the organizer's).
pub(crate) async fn seed() -> Seed {
    let club = Club::new("G").await;
    let app = &club.app;
    let c = club.id;
    let root = &club.root;
    let judge = club.person("Judy").await;
    app.grant_role(root, c, "Judy", "judge").await;
    let organizer = club.person("Orga").await;
    app.grant_role(root, c, "Orga", "organizer").await;
    let admin = app.admin("Adminka").await;

    // The finished tournament, and the appeal its captain files after it.
    let (teams, f) = four_entered(&club).await;
    let (captain, other): (&Team, &Team) = (&teams[0], &teams[1]);
    // The other captain and the judge read in English: the season's mails
    // come in both languages (the language walk reads each).
    for reader in [&other.captain, &judge] {
        ok(
            app.post_with(reader, "/lang", &[("lang", "en"), ("next", "/")])
                .await,
            "English",
        );
    }
    draw_and_play_all(&club, &club.tournament_url(f), "7", &stronger).await;
    ok(
        app.post_with(
            root,
            &format!("{}/finish", club.tournament_url(f)),
            &[("confirm", "1")],
        )
        .await,
        "finish",
    );
    let other_id = other.id.to_string();
    let page = ok(
        app.post_with(
            &captain.captain,
            &format!("{}/appeal", club.tournament_url(f)),
            &[
                ("what_happened", "board 2: the clock was not started"),
                ("claim", "replay the game"),
                ("contested", "the judge's loss on time"),
                ("game_ref", "round 1, board 2"),
                ("concerned_team", &other_id),
            ],
        )
        .await,
        "appeal",
    );
    let appeal = page.location_id(&format!("/championships/{c}/appeals/"));
    ok(
        app.post_with(
            root,
            &format!("/championships/{c}/appeals/{appeal}/remedies"),
            &[("kind", "impose"), ("code", "G-G6"), ("team", &other_id)],
        )
        .await,
        "remedy",
    );
    let remedy = db::appeals::remedies_of(&mut app.db(), league::ids::AppealId(appeal))
        .expect("remedies")[0]
        .id;
    let f_id = f.to_string();
    ok(
        app.post_with(
            root,
            &format!("/championships/{c}/fair-play"),
            &[
                ("tournament", f_id.as_str()),
                ("nick", "ko2"),
                ("notes", "engine match"),
                ("ground", "engine_agreement"),
            ],
        )
        .await,
        "fair-play report",
    );
    let report = db::appeals::reports_of(&mut app.db(), ChampionshipId(c)).expect("reports")[0].id;
    ok(
        app.post_with(
            root,
            &format!("/championships/{c}/penalties"),
            &[
                ("code", "G-G6"),
                ("team", &other_id),
                ("count", "1"),
                ("reason", "an incorrect application"),
            ],
        )
        .await,
        "penalty",
    );
    let penalty = db::penalties::of_championship(&mut app.db(), ChampionshipId(c))
        .expect("penalties")
        .into_iter()
        .find(|p| p.code == "G-G6")
        .expect("the G-G6 penalty")
        .id;

    // The current tournament: round 1 played, round 2 a draft.
    let t = club.tournament_in(20).await;
    for team in &teams {
        ok(
            club.enter(&team.captain, t, &line(team, &team.name, 0..5))
                .await,
            "entry",
        );
    }
    let url = club.tournament_url(t);
    ok(
        app.post_with(root, &format!("{url}/draw"), &[("seed", "7")])
            .await,
        "draw",
    );
    club.started(&url);
    publish_last(&club, &url).await;
    play_round(&club, &url, 1, &stronger).await;
    ok(
        app.post_with(root, &format!("{url}/rounds"), &[]).await,
        "pair round 2",
    );
    let entry = club
        .entries(t)
        .into_iter()
        .find(|e| e.team_id == TeamId(captain.id))
        .expect("the captain's entry")
        .id;
    let mut conn = app.db();
    let rounds = db::rounds::of_tournament(&mut conn, TournamentId(t)).expect("rounds");
    let (r1, r2) = (&rounds[0], &rounds[1]);
    assert!(r1.is_published() && !r2.is_published());
    let matches = db::rounds::matches_of_rounds(&mut conn, &[r1.id]).expect("matches");
    let m = matches
        .iter()
        .find(|m| m.home_entry_id == entry || m.away_entry_id == Some(entry))
        .expect("the captain's match");
    // The other captain's team plays elsewhere: its captain is a stranger
    // to this match.
    let others = club.entries(t);
    let opponent = [Some(m.home_entry_id), m.away_entry_id]
        .into_iter()
        .flatten()
        .find(|x| *x != entry)
        .expect("an opponent");
    assert_ne!(
        others.iter().find(|e| e.id == opponent).map(|e| e.team_id),
        Some(TeamId(other.id)),
        "draw seed: the captain's round-1 opponent is not the other captain's team"
    );
    let g = db::rounds::games_of_matches(&mut conn, &[m.id]).expect("games")[0].id;
    drop(conn);
    // The captain reports the opponent to the chief judge (G-V33).
    ok(
        app.post_with(
            &captain.captain,
            &format!(
                "/championships/{c}/tournaments/{t}/matches/{}/violations",
                m.id
            ),
            &[
                ("board", "2"),
                ("what", "a substitute who was not in the entry"),
            ],
        )
        .await,
        "violation report",
    );
    let violation =
        db::violations::of_tournament(&mut app.db(), TournamentId(t)).expect("reports")[0].id;

    // A regulation version: transfers need a judge's approval once its
    // notice period (G-E2) has run out, which the seed lets happen at once;
    // the tournaments keep the version they started under.
    ok(
        app.regulation_change(
            root,
            c,
            &[
                ("summary", "a typo"),
                ("body", "# Регламент\n\nТекст."),
                ("roster.transfers", "judge"),
            ],
        )
        .await,
        "regulation",
    );
    let version = db::regulation_versions::of_championship(&mut app.db(), ChampionshipId(c))
        .expect("versions")
        .iter()
        .map(|v| v.number)
        .max()
        .expect("a version");
    crate::club::notice_runs_out(app, c, version);

    // A corporate series whose chess sport is this championship.
    let page = ok(
        app.post_with(root, "/series", &[("name", "Спартакиада")])
            .await,
        "series",
    );
    let series = page.location_id("/series/");
    let cs = c.to_string();
    ok(
        app.post_with(
            root,
            &format!("/series/{series}/sports"),
            &[("name", "Шахматы"), ("championship", &cs), ("points", "")],
        )
        .await,
        "sport",
    );
    let sport = db::series::sports_of(&mut app.db(), SeriesId(series)).expect("sports")[0].id;

    // The player: a document, a transfer request, an invitation, an
    // employment; a ban of somebody else.
    let player_nick = captain.nicks[1].clone();
    let player = new_client();
    app.log_in_with(&player, &player_nick, PASSWORD).await;
    let pid = app.person_id(&player_nick);
    // G asks no documents, so the harness stores one.
    let document = crate::documents::seed_document(
        app,
        &player_nick,
        league::rules::regulation::DocumentKind::MedicalCertificate,
        "справка.pdf",
    );
    // A transfer request: the other captain's invitation, accepted by the
    // player, awaits a judge. An open invitation of a third team to them.
    let tr = invitation(&club, other, &player_nick).await;
    ok(
        app.post_with(&player, &format!("/invitations/{tr}/accept"), &[])
            .await,
        "accept",
    );
    assert_eq!(
        db::teams::invitation(&mut app.db(), tr)
            .expect("query")
            .expect("invitation")
            .status,
        "awaiting_approval"
    );
    let inv = invitation(&club, &teams[2], &player_nick).await;
    let plant = app.create_organization(root, "Завод").await.to_string();
    ok(
        app.post_with(
            &player,
            &format!("/people/{player_nick}/employments"),
            &[
                ("organization", &plant),
                ("from", "2024-02-01"),
                ("until", ""),
            ],
        )
        .await,
        "employment",
    );
    let employment = db::standing::employments_of(&mut app.db(), pid).expect("employments")[0]
        .0
        .id;
    let banned = &teams[3].nicks[4];
    ok(
        app.post_with(
            root,
            &format!("/people/{banned}/bans"),
            &[
                ("from", "2031-01-01"),
                ("until", "2031-12-31"),
                ("reason", "insults"),
                ("championship", &c.to_string()),
            ],
        )
        .await,
        "ban",
    );
    let ban_person = app.person_id(banned);
    let ban = db::standing::bans_of(&mut app.db(), &[ban_person].into()).expect("bans")[0].id;
    // The player's second account, linked in this championship (G-A7).
    app.person("PlayerAlt").await;
    ok(
        app.post_with(
            root,
            &format!("/people/{player_nick}/clones"),
            &[("nick", "PlayerAlt"), ("championship", &c.to_string())],
        )
        .await,
        "clone link",
    );
    let clone_link = db::standing::clone_links_of(&mut app.db(), pid).expect("links")[0].id;
    let outbox =
        db::outbox::list(&mut app.db(), Some(&[ChampionshipId(c)]), 1).expect("outbox")[0].id;

    // A judge's PGN file for the current tournament, staged and not yet
    // confirmed; its game's players play no game here.
    let import = league::app::games::stage(
        &mut app.db(),
        TournamentId(t),
        None,
        "walk.pgn",
        "[White \"nobody\"]\n[Black \"none\"]\n[Result \"1-0\"]\n\n1. e4 e5 1-0\n",
        app.person_id("Root"),
        chrono::Utc::now().naive_utc(),
    )
    .expect("a staged PGN file");
    // An engine analysis of the player's games, queued (no engine runs in
    // the walk).
    let job = league::db::write_transaction(&mut app.db(), |tx| {
        db::games::insert_job(
            tx,
            &db::games::NewAnalysisJob {
                championship: ChampionshipId(c),
                person: pid,
                from: TournamentId(t),
                to: TournamentId(t),
                depth: 12,
                games_total: 1,
                by: app.person_id("Root"),
                at: chrono::Utc::now().naive_utc(),
            },
        )
    })
    .expect("a queued analysis");

    // API tokens: the championship's organizers' and judge's, another
    // championship's, a revoked one.
    let valid = token(&club, root, c, "Сервер").await;
    let weak = token(&club, &organizer, c, "Без судейства").await;
    let elsewhere = app.create_championship(root, "G").await;
    let foreign = token(&club, root, elsewhere, "Чужой").await;
    // A ban in the other championship: the judges of this one may not
    // lift it.
    ok(
        app.post_with(
            root,
            &format!("/people/{banned}/bans"),
            &[
                ("from", "2032-01-01"),
                ("until", "2032-12-31"),
                ("reason", "elsewhere"),
                ("championship", &elsewhere.to_string()),
            ],
        )
        .await,
        "ban elsewhere",
    );
    let ban_elsewhere = db::standing::bans_of(&mut app.db(), &[ban_person].into())
        .expect("bans")
        .into_iter()
        .find(|b| b.championship_id == Some(ChampionshipId(elsewhere)))
        .expect("the other ban")
        .id;
    let revoked = token(&club, root, c, "Отозван").await;
    let all = db::api_tokens::of_championship(&mut app.db(), ChampionshipId(c)).expect("tokens");
    let id_of = |name: &str| all.iter().find(|x| x.name == name).expect("token").id;
    ok(
        app.post_with(
            root,
            &format!("/championships/{c}/api-tokens/{}/revoke", id_of("Отозван")),
            &[],
        )
        .await,
        "revoke",
    );
    let spare = id_of("Без судейства");

    let ids = vec![
        ("{c}", c.to_string()),
        ("{t}", t.to_string()),
        ("{f}", f.to_string()),
        ("{team}", captain.id.to_string()),
        ("{e}", entry.to_string()),
        ("{nick}", player_nick.clone()),
        ("{pid}", pid.0.to_string()),
        ("{a}", appeal.to_string()),
        ("{rem}", remedy.to_string()),
        ("{fp}", report.to_string()),
        ("{p}", penalty.to_string()),
        ("{r}", r1.id.to_string()),
        ("{rn}", r1.number.to_string()),
        ("{rd}", r2.id.to_string()),
        ("{rdn}", r2.number.to_string()),
        ("{m}", m.id.to_string()),
        ("{g}", g.to_string()),
        ("{v}", version.to_string()),
        ("{s}", series.to_string()),
        ("{sp}", sport.to_string()),
        ("{doc}", document.to_string()),
        ("{tr}", tr.to_string()),
        ("{inv}", inv.to_string()),
        ("{ban}", ban.to_string()),
        ("{ban2}", ban_elsewhere.to_string()),
        ("{cl}", clone_link.to_string()),
        ("{emp}", employment.to_string()),
        ("{out}", outbox.to_string()),
        ("{tok}", spare.to_string()),
        ("{vr}", violation.to_string()),
        ("{imp}", import.to_string()),
        ("{job}", job.to_string()),
        ("{c2}", elsewhere.to_string()),
        (
            "{slug}",
            db::championships::by_id(&mut app.db(), ChampionshipId(c))
                .expect("query")
                .expect("the championship")
                .slug,
        ),
    ];
    let clients = [
        new_client(),
        player,
        other.captain.clone(),
        captain.captain.clone(),
        judge,
        organizer,
        admin,
    ];
    let nicks = [
        None,
        Some(player_nick.clone()),
        Some(other.nicks[0].clone()),
        Some(captain.nicks[0].clone()),
        Some("Judy".to_owned()),
        Some("Orga".to_owned()),
        Some("Adminka".to_owned()),
    ];
    Seed {
        club,
        clients,
        nicks,
        ids,
        tokens: [valid, weak, foreign, revoked],
    }
}
