//! A tournament night on a game server: the stand-in of lichess's API
//! (`lichess_stand_in`) plays the games the platform creates; the
//! game-server worker is driven a step at a time (`Work::tick`).

use league::app::game_servers::{self as gsa, lichess::AccountInfo, worker::Work};
use league::db::game_servers::{self as gs, Status};
use league::ids::ChampionshipId;
use league::rules::score::BoardResult;
use reqwest::StatusCode;
use secrecy::SecretString;

use crate::helpers::TestApp;
use crate::lichess_stand_in::StandIn;
use crate::play::{Club, four_entered, publish_last};

fn sealer(app: &TestApp) -> gsa::Sealer {
    gsa::Sealer::from_master(&app.settings.cookie_master_key().expect("key"))
}

/// Links `nick`'s account (the token the stand-in issued as its sign-in
/// would), for `championship` as its pairing account when given.
fn link(
    app: &TestApp,
    stand: &StandIn,
    nick: &str,
    scopes: &[&str],
    championship: Option<i64>,
) -> String {
    stand.add_user(nick);
    let token = stand.issue_token(nick, scopes);
    let person = app.person_id(nick);
    gsa::link(
        &mut app.db(),
        &sealer(app),
        person,
        &AccountInfo {
            id: nick.to_lowercase(),
            username: nick.to_owned(),
        },
        &scopes.join(" "),
        &SecretString::from(token.clone()),
        championship.map(ChampionshipId),
        league::db::utc_now(),
    )
    .expect("linked");
    token
}

fn work(app: &TestApp) -> Work {
    work_ahead(app, 0)
}

/// The worker, creating games `lead` seconds after a round's publication.
fn work_ahead(app: &TestApp, lead: u32) -> Work {
    let settings = league::config::GameServerSettings {
        lead_seconds: lead,
        poll_interval_ms: 50,
        rate_limit_pause_ms: 60_000,
        retry_base_ms: 1,
        retry_max_ms: 10,
        ..app.settings.game_servers.clone()
    };
    Work::new(app.pool().clone(), settings, sealer(app))
}

/// The judge (the admin Root) enters a game's result on its version.
fn judge_enters(app: &TestApp, t: i64, game: league::ids::GameId, result: BoardResult) {
    let mut conn = app.db();
    let g = league::db::rounds::game_by_id(&mut conn, game)
        .expect("q")
        .expect("game");
    league::app::rounds::record_result(
        &mut conn,
        league::ids::TournamentId(t),
        g.id,
        g.version,
        result,
        app.person_id("Root"),
        league::db::utc_now(),
    )
    .expect("the judge's result");
}

fn rows(app: &TestApp) -> Vec<gs::ServerGame> {
    gs::with_status(&mut app.db(), &Status::ALL).expect("rows")
}

fn statuses(app: &TestApp) -> Vec<Status> {
    let current = gsa::current(rows(app));
    let mut out: Vec<Status> = current.values().map(|r| r.status()).collect();
    out.sort_by_key(|s| s.code());
    out
}

/// A G night: round 1 published → its first games created on the server
/// with the regulation's clock and the board's colours → games played out
/// there → results, records and clocks recorded here without a typed
/// result; an aborted game waits for the judge; a judge's result is never
/// overwritten; the second games follow the first with colours swapped;
/// the worker restarted in the middle neither loses nor doubles a game;
/// a 429 and a 5xx lose nothing; a revoked token stops only its games.
#[tokio::test]
async fn g_v1_g_v23_a_night_on_the_game_server_records_itself_and_the_judge_keeps_the_last_word() {
    let stand = StandIn::start().await;
    let app = TestApp::builder().lichess_url(&stand.url).start().await;
    let mut club = Club::with_app(app, "G").await;
    let app = &club.app;
    let (teams, t) = four_entered(&club).await;
    club.edit_regulation(|r| r.play.game_server = Some("lichess.org".into()));
    link(
        app,
        &stand,
        "Root",
        &["challenge:write", "challenge:bulk"],
        Some(club.id),
    );
    let mut tokens = std::collections::HashMap::new();
    for team in &teams {
        for nick in &team.nicks {
            tokens.insert(
                nick.clone(),
                link(app, &stand, nick, &["challenge:write"], None),
            );
        }
    }
    let url = club.tournament_url(t);
    let page = app
        .post_with(&club.root, &format!("{url}/draw"), &[("seed", "7")])
        .await;
    assert_eq!(page.status, StatusCode::SEE_OTHER, "{}", page.text);
    club.started(&url);
    publish_last(&club, &url).await;

    // A 429 first: nothing is created, nothing lost, the worker waits.
    stand.fail_next(1, 429);
    let mut w = work(app);
    let wait = w.tick().await;
    assert!(wait >= std::time::Duration::from_secs(60), "{wait:?}");
    assert!(stand.bulks().is_empty());
    assert!(
        statuses(app).iter().all(|s| *s == Status::Queued),
        "{:?}",
        statuses(app)
    );

    // Then two 5xx: tried again after a short wait, still nothing lost.
    stand.fail_next(1, 503);
    w.tick().await;
    assert!(stand.bulks().is_empty());
    tokio::time::sleep(std::time::Duration::from_millis(30)).await;

    // One player revoked his token on the server: his game waits for
    // him, the others are created.
    let revoked = teams[0].nicks[4].clone();
    stand.revoke_token(&tokens[&revoked]);
    w.tick().await;
    w.tick().await;
    let bulks = stand.bulks();
    assert_eq!(bulks.len(), 1, "{bulks:?}");
    let bulk = &bulks[0];
    // G-V1: 5 minutes, no increment, rated; 4 teams → 2 matches × 5 boards,
    // less the revoked player's board.
    assert_eq!(
        (bulk.clock_limit, bulk.clock_increment, bulk.rated),
        (300, 0, true)
    );
    assert_eq!(bulk.pairs.len(), 9, "{bulk:?}");
    let refused: Vec<_> = rows(app)
        .into_iter()
        .filter(|r| r.status() == Status::Refused)
        .collect();
    assert_eq!(refused.len(), 1);
    assert_eq!(refused[0].problem.as_deref(), Some("token"));
    assert_eq!(refused[0].problem_person, Some(app.person_id(&revoked)));

    // The colours on the server are the board's.
    let mut conn = app.db();
    for r in rows(app).iter().filter(|r| r.status() == Status::Scheduled) {
        let g = league::db::rounds::game_by_id(&mut conn, r.game_id)
            .expect("q")
            .expect("game");
        let (white, black) = if g.home_white {
            (g.home_player_id, g.away_player_id)
        } else {
            (g.away_player_id, g.home_player_id)
        };
        assert_eq!((Some(r.white_id), Some(r.black_id)), (white, black));
        assert_eq!(g.game_no, 1);
    }
    drop(conn);

    // The platform stops and starts again (its worker with it): nothing
    // doubled.
    drop(w);
    club.app.restart().await;
    let app = &club.app;
    let mut w = work(app);
    w.recover().await;
    w.tick().await;
    assert_eq!(stand.bulks().len(), 1);

    // The games are played: mates, a draw, one aborted; a judge typed
    // one result before its game ended on the server.
    let games = stand.games();
    assert_eq!(games.len(), 9);
    let judged = rows(app)
        .into_iter()
        .find(|r| r.remote_id.as_deref() == Some(games[8].id.as_str()))
        .expect("row");
    judge_enters(app, t, judged.game_id, BoardResult::HomeWin);
    for (i, game) in games.iter().enumerate() {
        match i {
            0..=5 => stand.finish(
                &game.id,
                "mate",
                Some("white"),
                "e4 e5 Qh5 Nc6 Bc4 Nf6 Qxf7#",
            ),
            6 => stand.finish(&game.id, "draw", None, "d4 d5 c4 e6"),
            7 => stand.finish(&game.id, "aborted", None, ""),
            _ => stand.finish(&game.id, "mate", Some("black"), "f3 e5 g4 Qh4#"),
        }
    }
    w.tick().await;
    let all = rows(app);
    let count = |s: Status| all.iter().filter(|r| r.status() == s).count();
    assert_eq!(count(Status::Recorded), 7, "{all:?}");
    assert_eq!(count(Status::Aborted), 1);
    assert_eq!(count(Status::Kept), 1);
    let mut conn = app.db();
    for r in &all {
        let g = league::db::rounds::game_by_id(&mut conn, r.game_id)
            .expect("q")
            .expect("game");
        match r.status() {
            Status::Recorded => {
                let white_won = r.remote_id.as_deref() != Some(games[6].id.as_str());
                let expected = match (white_won, g.home_white) {
                    (false, _) => "1/2",
                    (true, true) => "1-0",
                    (true, false) => "0-1",
                };
                assert_eq!(g.result, expected);
                let record = league::db::games::of_game(&mut conn, g.id)
                    .expect("q")
                    .expect("the game's record kept");
                assert!(record.pgn.contains("[%clk"), "{}", record.pgn);
                assert!(!record.clocks.is_empty());
            }
            // The judge's result stands.
            Status::Kept => assert_eq!(g.result, "1-0", "{g:?}"),
            // G-V23: the aborted game waits for the judge.
            Status::Aborted => assert_eq!(g.result, "pending"),
            _ => {}
        }
    }
    drop(conn);

    // The judges follow the round on its lichess page: each game's state
    // with its link, and what waits for whom in words.
    let round1 = league::db::rounds::of_tournament(&mut app.db(), league::ids::TournamentId(t))
        .expect("rounds")
        .into_iter()
        .find(|r| r.number == 1)
        .expect("round 1");
    let round_page = app.get_with(&club.root, &format!("{url}/rounds/1")).await;
    let panel = round_page
        .attr("#lichess-round-link", "href")
        .expect("the judges' link to the round's games on lichess");
    assert!(
        panel.ends_with(&format!("/rounds/{}/lichess", round1.id)),
        "{panel}"
    );
    let page = app.get_with(&club.root, &panel).await;
    assert_eq!(page.status, StatusCode::OK);
    let lines = page.texts("table.lichess-games tbody tr");
    // Nine first games and the second game of the board the judge decided.
    assert_eq!(lines.len(), 11, "{lines:?}");
    assert!(
        lines
            .iter()
            .any(|l| l.contains("Партия прервана на lichess")),
        "{lines:?}"
    );
    assert!(
        lines
            .iter()
            .any(|l| l.contains(&format!("lichess больше не принимает привязку {revoked}"))),
        "{lines:?}"
    );
    assert_eq!(
        lines
            .iter()
            .filter(|l| l.contains("результат внесён"))
            .count(),
        7
    );
    let links = page.attrs("table.lichess-games a", "href");
    assert_eq!(links.len(), 10, "{links:?}");
    assert!(links.contains(&format!("{}/{}", stand.url, games[0].id)));
    // A game is still being played: the page reloads itself; a refused
    // game may be created again.
    assert!(page.select_text("#lichess-round-live").is_some());
    assert!(page.text.contains("http-equiv=\"refresh\""));
    assert!(page.attr("form#lichess-retry", "action").is_some());

    // Each match page links its games on lichess.
    let matches =
        league::db::rounds::matches_of_rounds(&mut app.db(), &[round1.id]).expect("matches");
    assert_eq!(matches.len(), 2);
    let mut linked = 0;
    for m in &matches {
        let page = app.get(&format!("{url}/matches/{}", m.id)).await;
        assert_eq!(page.status, StatusCode::OK);
        linked += page.attrs("a.lichess-game", "href").len();
    }
    assert_eq!(linked, 10, "the nine first games and one second game");

    // G-V23: the judge annuls the aborted game; it is created again for
    // the same players and colours.
    let aborted = all
        .iter()
        .find(|r| r.status() == Status::Aborted)
        .expect("the aborted game");
    let aborted_pair = (aborted.white_id, aborted.black_id);
    judge_enters(app, t, aborted.game_id, BoardResult::Replay);
    let mut conn = app.db();
    let mut nick_of = |p| {
        league::db::people::by_id(&mut conn, p)
            .expect("q")
            .expect("person")
            .nick
            .to_lowercase()
    };
    let replayed = (nick_of(aborted_pair.0), nick_of(aborted_pair.1));
    drop(conn);

    // The second games follow the first, colours swapped: on each board
    // whose first game has a result (the judge's one at once), not on the
    // board whose game is replayed.
    w.tick().await;
    let bulks = stand.bulks();
    let first: std::collections::HashSet<(String, String)> =
        bulks[0].pairs.iter().cloned().collect();
    let later: Vec<(String, String)> = bulks[1..]
        .iter()
        .flat_map(|b| b.pairs.iter().cloned())
        .collect();
    assert_eq!(later.len(), 9, "{bulks:?}");
    assert_eq!(
        later.iter().filter(|p| **p == replayed).count(),
        1,
        "the replay: {replayed:?} in {later:?}"
    );
    let second: Vec<&(String, String)> = later.iter().filter(|p| **p != replayed).collect();
    assert_eq!(second.len(), 8, "{bulks:?}");
    for (w, b) in second {
        assert!(first.contains(&(b.clone(), w.clone())), "{w} – {b} swapped");
    }
    // After a night of refusals and retries no column holds a token.
    assert_eq!(app.columns_holding("lio_"), Vec::<(String, String)>::new());
}

/// lichess's answer to a sign-in begun on the platform (`begun`, the
/// platform's redirect there): the path of the way back it redirects to.
async fn consent(begun: &crate::helpers::Page, stand: &StandIn) -> String {
    let to = begun.location().expect("off to lichess").to_owned();
    assert!(to.starts_with(&format!("{}/oauth?", stand.url)), "{to}");
    let no_follow = reqwest::Client::builder()
        .redirect(reqwest::redirect::Policy::none())
        .build()
        .expect("client");
    let answer = no_follow.get(&to).send().await.expect("lichess");
    assert_eq!(answer.status(), StatusCode::SEE_OTHER);
    let back = answer.headers()["location"]
        .to_str()
        .expect("text")
        .to_owned();
    back.strip_prefix("http://127.0.0.1")
        .unwrap_or_else(|| panic!("back to the platform: {back}"))
        .to_owned()
}

/// A player links his lichess account through lichess's own sign-in
/// (OAuth 2 with PKCE, S256): the account page names it, no column of the
/// database holds the token in clear, another person cannot link the same
/// account, and unlinking revokes the token at lichess.
#[tokio::test]
async fn a_player_links_lichess_through_its_sign_in_and_the_token_is_kept_sealed() {
    let stand = StandIn::start().await;
    let app = TestApp::builder().lichess_url(&stand.url).start().await;
    let anna = app.person("anna").await;
    stand.add_user("AnnaChess");
    stand.sign_in_as("AnnaChess");
    let begun = app.post_with(&anna, "/account/lichess", &[]).await;
    assert_eq!(begun.status, StatusCode::SEE_OTHER);
    let to = begun.location().expect("lichess").to_owned();
    assert!(
        to.contains("code_challenge_method=S256") && to.contains("scope=challenge%3Awrite"),
        "{to}"
    );
    let back = consent(&begun, &stand).await;
    let done = app.get_with(&anna, &back).await;
    assert_eq!(done.location(), Some("/account"));
    let page = app.get_with(&anna, "/account").await;
    assert!(
        page.select_text("#lichess-linked")
            .is_some_and(|t| t.contains("AnnaChess")),
        "{}",
        page.text
    );
    assert!(page.text.contains("Аккаунт lichess AnnaChess привязан."));
    assert_eq!(
        app.columns_holding("lio_"),
        Vec::<(String, String)>::new(),
        "a token in clear in the database"
    );
    // The same way back twice: the sign-in was used.
    let again = app.get_with(&anna, &back).await;
    assert_eq!(again.location(), Some("/account"));
    let page = app.get_with(&anna, "/account").await;
    assert!(page.text.contains("уже использован"), "{}", page.text);

    // Another person signs in at lichess as the same account: refused.
    let boris = app.person("boris").await;
    let begun = app.post_with(&boris, "/account/lichess", &[]).await;
    let back = consent(&begun, &stand).await;
    app.get_with(&boris, &back).await;
    let page = app.get_with(&boris, "/account").await;
    assert!(
        page.text
            .contains("Этот аккаунт lichess уже привязан к участнику anna."),
        "{}",
        page.text
    );
    assert!(page.select_text("#lichess-linked").is_none());

    // Unlinked: the token is revoked at lichess.
    let revoked_before = stand
        .requests()
        .iter()
        .filter(|(m, p, _)| m == "DELETE" && p == "/api/token")
        .count();
    let done = app.post_with(&anna, "/account/lichess/unlink", &[]).await;
    assert_eq!(done.status, StatusCode::SEE_OTHER);
    let revoked = stand
        .requests()
        .iter()
        .filter(|(m, p, _)| m == "DELETE" && p == "/api/token")
        .count();
    assert_eq!(revoked, revoked_before + 1);
    let page = app.get_with(&anna, "/account").await;
    assert!(page.select_text("#lichess-linked").is_none());
    assert!(page.attr("form#lichess-link", "action").is_some());
}

/// An organizer connects the championship through lichess's sign-in with
/// the pairing right; the regulation must name lichess first, and the
/// organizers' page then names the account and who of the tournament's
/// players play by hand.
#[tokio::test]
async fn an_organizer_connects_the_championship_to_lichess_once_the_regulation_names_it() {
    let stand = StandIn::start().await;
    let app = TestApp::builder().lichess_url(&stand.url).start().await;
    let club = Club::with_app(app, "G").await;
    let app = &club.app;
    let (teams, _t) = four_entered(&club).await;
    stand.add_user("RootOnLichess");
    stand.sign_in_as("RootOnLichess");
    let url = format!("/championships/{}/lichess", club.id);
    let page = app.get_with(&club.root, &url).await;
    assert_eq!(page.status, StatusCode::OK);
    assert!(page.select_text("#lichess-not-in-regulation").is_some());
    // Refused while the regulation names no server.
    let begun = app
        .post_with(&club.root, &format!("{url}/connect"), &[])
        .await;
    let to = begun.location().expect("lichess").to_owned();
    assert!(to.contains("challenge%3Abulk"), "{to}");
    let back = consent(&begun, &stand).await;
    assert_eq!(
        app.get_with(&club.root, &back).await.location(),
        Some(url.as_str())
    );
    let page = app.get_with(&club.root, &url).await;
    assert!(page.select_text("#lichess-connected").is_none());
    assert!(
        page.text
            .contains("Действующий регламент не называет игрового сервера")
    );

    club.edit_regulation(|r| r.play.game_server = Some("lichess.org".into()));
    link(app, &stand, &teams[0].nicks[0], &["challenge:write"], None);
    let begun = app
        .post_with(&club.root, &format!("{url}/connect"), &[])
        .await;
    let back = consent(&begun, &stand).await;
    app.get_with(&club.root, &back).await;
    let page = app.get_with(&club.root, &url).await;
    assert!(
        page.select_text("#lichess-connected")
            .is_some_and(|t| t.contains("RootOnLichess") && t.contains("Root")),
        "{}",
        page.text
    );
    let rows = page.texts("table.lichess-players tbody tr");
    assert_eq!(rows.len(), 20, "{rows:?}");
    let linked = &teams[0].nicks[0];
    assert!(
        rows.iter()
            .any(|r| r.contains(linked.as_str()) && r.contains(linked.as_str()))
    );
    assert_eq!(rows.iter().filter(|r| r.contains("вручную")).count(), 19);
    // A player of the championship is not its organizer.
    let captain = &teams[0].captain;
    assert_eq!(
        app.get_with(captain, &url).await.status,
        StatusCode::FORBIDDEN
    );
    let done = app
        .post_with(&club.root, &format!("{url}/disconnect"), &[])
        .await;
    assert_eq!(done.status, StatusCode::SEE_OTHER);
    let page = app.get_with(&club.root, &url).await;
    assert!(page.select_text("#lichess-not-connected").is_some());
}

/// A substitution before the start (G-V31) cancels the scheduled bulk on
/// lichess and creates the games again with the substitute; a worker that
/// stops after claiming games, or after lichess created them but before
/// it kept their ids, neither loses nor doubles a game when it starts
/// again.
#[tokio::test]
async fn g_v31_a_substitution_before_the_start_recreates_the_game_and_a_crash_in_a_creation_doubles_nothing()
 {
    let stand = StandIn::start().await;
    let app = TestApp::builder().lichess_url(&stand.url).start().await;
    let club = Club::with_app(app, "G").await;
    let app = &club.app;
    let (teams, t) = crate::boards::drawn_with_substitutes(&club).await;
    club.edit_regulation(|r| r.play.game_server = Some("lichess.org".into()));
    link(
        app,
        &stand,
        "Root",
        &["challenge:write", "challenge:bulk"],
        Some(club.id),
    );
    for team in &teams {
        for nick in &team.nicks {
            link(app, &stand, nick, &["challenge:write"], None);
        }
    }
    publish_last(&club, &club.tournament_url(t)).await;

    // The worker stops after claiming the games, before asking lichess:
    // started again, it finds no bulk there and creates them once.
    let now = league::db::utc_now();
    gsa::reconcile(&mut app.db(), chrono::TimeDelta::hours(1), now).expect("wanted");
    let queued: Vec<_> = rows(app).iter().map(|r| r.id).collect();
    league::db::write_transaction(&mut app.db(), |tx| gs::claim(tx, &queued, now))
        .expect("claimed");
    assert!(statuses(app).iter().all(|s| *s == Status::Pushing));
    let mut w = work_ahead(app, 3600);
    w.recover().await;
    assert!(
        statuses(app).iter().all(|s| *s == Status::Queued),
        "{:?}",
        statuses(app)
    );
    w.tick().await;
    let bulks = stand.bulks();
    assert_eq!(bulks.len(), 1, "{bulks:?}");
    assert_eq!(bulks[0].pairs.len(), 10);
    assert!(statuses(app).iter().all(|s| *s == Status::Scheduled));

    // It stops again after lichess created them, before keeping their
    // ids: started again, it finds them in the organizer's bulks.
    let scheduled: Vec<_> = rows(app).iter().map(|r| r.id).collect();
    league::db::write_transaction(&mut app.db(), |tx| {
        gs::set_status(tx, &scheduled, Status::Pushing, None, now)
    })
    .expect("as if cut short");
    drop(w);
    let mut w = work_ahead(app, 3600);
    w.recover().await;
    w.tick().await;
    assert_eq!(stand.bulks().len(), 1, "nothing doubled");
    assert!(statuses(app).iter().all(|s| *s == Status::Scheduled));

    // Before the start, la2 is replaced by la6 on Ладья's board 2.
    let url = crate::boards::match_url(&club, t, 1, "Ладья").await;
    let page = app
        .post_with(
            &teams[0].captain,
            &format!("{url}/substitution"),
            &[
                ("announcement", "Ладья 2, la2 => la6"),
                ("reason", "captain"),
            ],
        )
        .await;
    assert_eq!(page.status, StatusCode::SEE_OTHER, "{}", page.text);
    w.tick().await;
    w.tick().await;
    let bulks = stand.bulks();
    assert_eq!(bulks.len(), 2, "{bulks:?}");
    assert!(bulks[0].cancelled, "the scheduled bulk is cancelled");
    assert!(!bulks[1].cancelled);
    assert_eq!(bulks[1].pairs.len(), 10, "{bulks:?}");
    let plays = |nick: &str, b: &crate::lichess_stand_in::BulkView| {
        b.pairs.iter().any(|(w, k)| w == nick || k == nick)
    };
    assert!(plays("la2", &bulks[0]) && !plays("la6", &bulks[0]));
    assert!(plays("la6", &bulks[1]) && !plays("la2", &bulks[1]));
    let current = gsa::current(rows(app));
    assert_eq!(current.len(), 10);
    assert!(current.values().all(|r| r.status() == Status::Scheduled));

    // Before the start, a judge enters a forfeit on another board's first
    // game: that game is cancelled with its bulk, the other nine created
    // again; the board's second game follows at once, colours swapped.
    let forfeited = current
        .values()
        .find(|r| r.white_id != app.person_id("la6") && r.black_id != app.person_id("la6"))
        .expect("another game")
        .clone();
    judge_enters(app, t, forfeited.game_id, BoardResult::HomeForfeitWin);
    w.tick().await;
    w.tick().await;
    let bulks = stand.bulks();
    assert_eq!(bulks.len(), 4, "{bulks:?}");
    assert!(bulks[1].cancelled);
    assert_eq!(bulks[2].pairs.len(), 9, "{bulks:?}");
    let mut conn = app.db();
    let mut nick = |p| {
        league::db::people::by_id(&mut conn, p)
            .expect("q")
            .expect("person")
            .nick
    };
    let (white, black) = (nick(forfeited.white_id), nick(forfeited.black_id));
    assert!(!bulks[2].pairs.contains(&(white.clone(), black.clone())));
    assert_eq!(bulks[3].pairs, vec![(black, white)], "the second game");
    drop(conn);
    let current = gsa::current(rows(app));
    assert!(
        !current.contains_key(&forfeited.game_id),
        "the forfeited game has none"
    );
    assert_eq!(current.len(), 10);
}

/// A G round played on lichess without the platform creating its games
/// (the championship not connected, the players not linked): the judge
/// finds the games in lichess's export of each home player's games since
/// the round's publication, by nick; they come up in the PGN import's
/// preview, and nothing is recorded before it is confirmed.
#[tokio::test]
async fn g_v1_a_round_played_on_lichess_by_hand_is_found_by_nick_for_the_import_preview() {
    let stand = StandIn::start().await;
    let app = TestApp::builder().lichess_url(&stand.url).start().await;
    let club = Club::with_app(app, "G").await;
    let app = &club.app;
    let (_, t) = four_entered(&club).await;
    let url = club.tournament_url(t);
    app.post_with(&club.root, &format!("{url}/draw"), &[("seed", "7")])
        .await;
    club.started(&url);
    publish_last(&club, &url).await;
    let mut conn = app.db();
    let round1 = league::db::rounds::of_tournament(&mut conn, league::ids::TournamentId(t))
        .expect("rounds")
        .into_iter()
        .find(|r| r.number == 1)
        .expect("round 1");
    let matches = league::db::rounds::matches_of_rounds(&mut conn, &[round1.id]).expect("matches");
    let ids: Vec<_> = matches.iter().map(|m| m.id).collect();
    let games: Vec<_> = league::db::rounds::games_of_matches(&mut conn, &ids)
        .expect("games")
        .into_iter()
        .filter(|g| g.game_no == 1)
        .collect();
    let nick = |conn: &mut league::db::DbConnection, p| {
        league::db::people::by_id(conn, p)
            .expect("q")
            .expect("person")
            .nick
    };
    // The players make their games on lichess themselves (here through a
    // bulk of someone else's, as any challenge would do).
    let mut pairs = Vec::new();
    for g in &games {
        let (home, away) = (
            nick(&mut conn, g.home_player_id.expect("home")),
            nick(&mut conn, g.away_player_id.expect("away")),
        );
        let (white, black) = if g.home_white {
            (home, away)
        } else {
            (away, home)
        };
        for n in [&white, &black] {
            stand.add_user(n);
        }
        pairs.push(format!(
            "{}:{}",
            stand.issue_token(&white, &["challenge:write"]),
            stand.issue_token(&black, &["challenge:write"])
        ));
    }
    drop(conn);
    stand.add_user("friend");
    let friend = stand.issue_token("friend", &["challenge:bulk"]);
    let made = reqwest::Client::new()
        .post(format!("{}/api/bulk-pairing", stand.url))
        .bearer_auth(&friend)
        .form(&[
            ("players", pairs.join(",")),
            ("clock.limit", "300".into()),
            ("clock.increment", "0".into()),
            ("rated", "true".into()),
        ])
        .send()
        .await
        .expect("lichess");
    assert_eq!(made.status(), StatusCode::OK);
    for g in stand.games() {
        stand.finish(&g.id, "mate", Some("white"), "e4 e5 Qh5 Nc6 Bc4 Nf6 Qxf7#");
    }

    // Without a round: refused in words.
    let page = app
        .post_with(&club.root, &format!("{url}/games/import/lichess"), &[])
        .await;
    assert_eq!(page.status, StatusCode::UNPROCESSABLE_ENTITY);
    assert!(page.text.contains("Выберите тур"), "{}", page.text);
    let page = app
        .post_with(
            &club.root,
            &format!("{url}/games/import/lichess"),
            &[("round", &round1.id.to_string())],
        )
        .await;
    assert_eq!(page.status, StatusCode::SEE_OTHER, "{}", page.text);
    let preview = app
        .get_with(&club.root, page.location().expect("the preview"))
        .await;
    assert_eq!(preview.status, StatusCode::OK);
    let counts = preview.texts("#games-counts li");
    assert_eq!(
        counts,
        vec![
            "10 — будет записан результат",
            "0 — запись прикрепляется к внесённому результату",
            "0 — расходятся с внесённым результатом",
            "0 — пропущено",
        ]
    );
    let mut conn = app.db();
    for g in &games {
        let now = league::db::rounds::game_by_id(&mut conn, g.id)
            .expect("q")
            .expect("game");
        assert_eq!(
            now.result, "pending",
            "nothing recorded before confirmation"
        );
    }
}
