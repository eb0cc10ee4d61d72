//! A tournament night on a game server: the stand-in of lichess's API
//! (`lichess_stand_in`) plays the games the platform creates; the
//! game-server worker is driven a step at a time (`Work::tick`).

use league::app::game_servers::{self as gsa, lichess::AccountInfo, worker::Work};
use league::db::game_servers::{self as gs, Status};
use league::ids::ChampionshipId;
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
    let settings = league::config::GameServerSettings {
        lead_seconds: 0,
        poll_interval_ms: 50,
        rate_limit_pause_ms: 60_000,
        retry_base_ms: 1,
        retry_max_ms: 10,
        ..app.settings.game_servers.clone()
    };
    Work::new(app.pool().clone(), settings, sealer(app))
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
    let club = Club::with_app(app, "G").await;
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

    // The worker stops and starts again: nothing doubled.
    drop(w);
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
    let mut conn = app.db();
    let g = league::db::rounds::game_by_id(&mut conn, judged.game_id)
        .expect("q")
        .expect("game");
    league::app::rounds::record_result(
        &mut conn,
        league::ids::TournamentId(t),
        g.id,
        g.version,
        league::rules::score::BoardResult::HomeWin,
        app.person_id("Root"),
        league::db::utc_now(),
    )
    .expect("the judge's result");
    drop(conn);
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

    // G-V23: the judge annuls the aborted game; it is created again for
    // the same players and colours.
    let aborted = all
        .iter()
        .find(|r| r.status() == Status::Aborted)
        .expect("the aborted game");
    let aborted_pair = (aborted.white_id, aborted.black_id);
    let mut conn = app.db();
    let g = league::db::rounds::game_by_id(&mut conn, aborted.game_id)
        .expect("q")
        .expect("game");
    league::app::rounds::record_result(
        &mut conn,
        league::ids::TournamentId(t),
        g.id,
        g.version,
        league::rules::score::BoardResult::Replay,
        app.person_id("Root"),
        league::db::utc_now(),
    )
    .expect("the judge annuls the game");
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
}
