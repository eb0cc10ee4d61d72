//! The fair-play evidence (G-E3): move times from the kept games against
//! the field, the engine analysis run game by game by the worker's steps
//! (resumable, cancelable), and a fair-play report recorded from the page
//! with the figures, for officials only.

use std::sync::atomic::AtomicBool;

use reqwest::StatusCode;

use crate::club::Club;
use crate::game_files::{pairing, round_one, timed_game};
use crate::helpers::{into_page, skipped};
use league::db;
use league::ids::{GameId, TournamentId};

/// (game, White, Black) of round 1.
fn games(club: &Club, t: i64) -> Vec<(i64, String, String)> {
    pairing(club, t, 1)
        .into_iter()
        .map(|b| (b.id, b.white, b.black))
        .collect()
}

async fn import(club: &Club, url: &str, text: String) {
    let form = club
        .app
        .get_with(&club.root, &format!("{url}/games/import"))
        .await;
    let action = form.attr("form#games-import-form", "action").unwrap();
    let token = form
        .attr("form#games-import-form input[name=csrf_token]", "value")
        .unwrap();
    let body = reqwest::multipart::Form::new()
        .text("csrf_token", token)
        .text("round", "")
        .text("pasted", text);
    let page = into_page(
        club.root
            .post(club.app.url(&action))
            .multipart(body)
            .send()
            .await
            .unwrap(),
    )
    .await;
    assert_eq!(page.status, StatusCode::SEE_OTHER, "{}", page.text);
    let preview = club
        .app
        .get_with(&club.root, page.location().unwrap())
        .await;
    let action = preview.attr("form#games-confirm", "action").unwrap();
    let fields = preview.form_fields("form#games-confirm");
    let body: Vec<(&str, &str)> = fields
        .iter()
        .map(|(k, v)| (k.as_str(), v.as_str()))
        .collect();
    let done = club.app.post_with(&club.root, &action, &body).await;
    assert_eq!(done.status, StatusCode::SEE_OTHER, "{}", done.text);
}

#[tokio::test]
async fn g_e3_the_evidence_shows_steady_move_times_against_the_field_to_officials_only() {
    let club = Club::new("G").await;
    let (t, url) = round_one(&club).await;
    let gs = games(&club, t);
    let suspect = gs[0].1.clone();
    let mut text = timed_game(&gs[0].1, &gs[0].2, 3);
    for (_, w, b) in gs.iter().skip(2).take(4) {
        text += &timed_game(w, b, 1);
    }
    import(&club, &url, text).await;
    // Opened without a span, the form offers the whole championship.
    let first = club
        .app
        .get_with(
            &club.root,
            &format!("/championships/{}/fair-play/evidence", club.id),
        )
        .await;
    let ids: Vec<String> = first.attrs("#ev-from option", "value");
    assert_eq!(
        first.attr("#ev-from option[selected]", "value").as_ref(),
        ids.first()
    );
    assert_eq!(
        first.attr("#ev-to option[selected]", "value").as_ref(),
        ids.last()
    );
    let path = format!(
        "/championships/{}/fair-play/evidence?nick={suspect}&from={t}&to={t}",
        club.id
    );
    let page = club.app.get_with(&club.root, &path).await;
    assert_eq!(page.status, StatusCode::OK, "{}", page.text);
    assert!(page.text.contains("evidence-not-a-verdict"));
    let rows = page.texts("table.evidence-times tbody tr");
    // The suspect: 12 moves, every one 3 s, all within the band.
    assert!(
        rows[0].contains("12") && rows[0].contains("3.0") && rows[0].contains("100 %"),
        "{rows:#?}"
    );
    assert!(page.text.contains("<svg"), "the move-time chart");
    let report = page.form_fields("form#evidence-report-form");
    assert!(
        report.iter().any(|(k, v)| k == "notes" && v.contains("12")),
        "the figures go with the report: {report:?}"
    );
    // G-E3: the report is filed as the page offers it (its notes are the
    // figures in a few lines, longer than a one-line field).
    let action = page
        .attr("form#evidence-report-form", "action")
        .expect("the report form");
    let mut body: Vec<(&str, &str)> = report
        .iter()
        .map(|(k, v)| (k.as_str(), v.as_str()))
        .collect();
    if !body.iter().any(|(k, _)| *k == "ground") {
        // The judge ticks the ground the figures show.
        body.push(("ground", "steady_times"));
    }
    let filed = club.app.post_with(&club.root, &action, &body).await;
    assert_eq!(filed.status, StatusCode::SEE_OTHER, "{}", filed.text);
    // A captain (a member, not an official) is refused.
    let player = crate::helpers::new_client();
    club.app
        .log_in_with(&player, &suspect, crate::helpers::PASSWORD)
        .await;
    let refused = club.app.get_with(&player, &path).await;
    assert_eq!(refused.status, StatusCode::FORBIDDEN);
}

#[tokio::test]
async fn g_e3_an_analysis_runs_game_by_game_resumes_and_can_be_cancelled() {
    let Some(program) = league::engine::find(None) else {
        skipped("engine", "stockfish not found");
        return;
    };
    let club = Club::new("G").await;
    let (t, url) = round_one(&club).await;
    let gs = games(&club, t);
    let suspect = gs[0].1.clone();
    // Two games of the suspect (boards of the two games of one pairing).
    let partner = gs
        .iter()
        .find(|g| g.0 != gs[0].0 && (g.1 == suspect || g.2 == suspect))
        .unwrap();
    let text = timed_game(&gs[0].1, &gs[0].2, 2) + &timed_game(&partner.1, &partner.2, 2);
    import(&club, &url, text).await;
    let ask = club
        .app
        .post_with(
            &club.root,
            &format!("/championships/{}/fair-play/evidence/analysis", club.id),
            &[
                ("nick", suspect.as_str()),
                ("from", &t.to_string()),
                ("to", &t.to_string()),
            ],
        )
        .await;
    assert_eq!(ask.status, StatusCode::SEE_OTHER, "{}", ask.text);
    // Asking twice queues once.
    club.app
        .post_with(
            &club.root,
            &format!("/championships/{}/fair-play/evidence/analysis", club.id),
            &[
                ("nick", suspect.as_str()),
                ("from", &t.to_string()),
                ("to", &t.to_string()),
            ],
        )
        .await;
    let pool = db::connect(&db::DbUrl::parse(&club.app.db_url).unwrap(), 2).unwrap();
    let person = club.app.person_id(&suspect);
    let jobs = db::games::jobs_of(
        &mut club.app.db(),
        league::ids::ChampionshipId(club.id),
        person,
    )
    .unwrap();
    assert_eq!(jobs.len(), 1);
    assert_eq!(jobs[0].games_total, 2);
    // The worker's engine searches to the depth the jobs are asked at
    // (both from the settings).
    let limits = league::engine::Limits {
        depth: u32::try_from(jobs[0].depth).unwrap(),
        ..Default::default()
    };
    let stop = AtomicBool::new(false);
    let now = || chrono::Utc::now().naive_utc();
    {
        let mut engine = league::engine::Uci::start(&program, limits).unwrap();
        // One game, then the engine goes away (a restart).
        league::app::analysis::work_once(&pool, &mut engine, &stop, now).unwrap();
    }
    let job = db::games::job_by_id(&mut club.app.db(), jobs[0].id)
        .unwrap()
        .unwrap();
    assert_eq!((job.status.as_str(), job.games_done), ("running", 1));
    let mut engine = league::engine::Uci::start(&program, limits).unwrap();
    league::app::analysis::work_once(&pool, &mut engine, &stop, now).unwrap();
    league::app::analysis::work_once(&pool, &mut engine, &stop, now).unwrap();
    let job = db::games::job_by_id(&mut club.app.db(), jobs[0].id)
        .unwrap()
        .unwrap();
    assert_eq!((job.status.as_str(), job.games_done), ("done", 2));
    let analysed = db::games::analyses_of(
        &mut club.app.db(),
        &[GameId(gs[0].0), GameId(partner.0)],
        jobs[0].depth,
    )
    .unwrap();
    assert_eq!(analysed.len(), 2);
    // The page shows the agreement over the considered moves.
    let page = club
        .app
        .get_with(
            &club.root,
            &format!(
                "/championships/{}/fair-play/evidence?nick={suspect}&from={t}&to={t}",
                club.id
            ),
        )
        .await;
    let agreement = page.select_text("#evidence-agreement").expect("agreement");
    assert!(agreement.contains(" из "), "{agreement}");
    assert!(!agreement.starts_with('—'), "{agreement}");
    let idle = league::app::analysis::work_once(&pool, &mut engine, &stop, now).unwrap();
    assert_eq!(idle, league::app::analysis::Step::Idle);
    // A new request is cancelled before the worker takes it.
    let id = league::app::analysis::request(
        &mut club.app.db(),
        league::ids::ChampionshipId(club.id),
        person,
        TournamentId(t),
        TournamentId(t),
        7,
        club.app.person_id("Root"),
        now(),
    )
    .unwrap();
    let cancel = club
        .app
        .post_with(
            &club.root,
            &format!("/championships/{}/fair-play/analyses/{id}/cancel", club.id),
            &[],
        )
        .await;
    assert_eq!(cancel.status, StatusCode::SEE_OTHER, "{}", cancel.text);
    assert_eq!(
        league::app::analysis::work_once(&pool, &mut engine, &stop, now).unwrap(),
        league::app::analysis::Step::Idle
    );
    let job = db::games::job_by_id(&mut club.app.db(), id)
        .unwrap()
        .unwrap();
    assert_eq!(job.status, "cancelled");
}

/// An engine that needs no program: every position is level and it has no
/// first choice (the figures do not matter here, only which moves it saw).
struct Level;

impl league::engine::Engine for Level {
    fn name(&self) -> &str {
        "level"
    }

    fn evaluate(
        &mut self,
        _start_fen: Option<&str>,
        _moves: &[String],
    ) -> Result<league::engine::Evaluation, league::engine::EngineError> {
        Ok(league::engine::Evaluation {
            best: None,
            score: league::rules::fair_play::Score::Cp(0),
            depth: 1,
        })
    }
}

/// The plies of each stored analysis of `game` at `depth`.
fn analysed_plies(club: &Club, game: i64, depth: i32) -> Vec<usize> {
    db::games::analyses_of(&mut club.app.db(), &[GameId(game)], depth)
        .unwrap()
        .into_iter()
        .map(|(_, _, plies)| {
            serde_json::from_str::<Vec<serde_json::Value>>(&plies)
                .unwrap()
                .len()
        })
        .collect()
}

/// A judge asks on the evidence page for `nick`'s games of `t` analysed.
async fn ask_analysis(club: &Club, nick: &str, t: i64) -> StatusCode {
    let t = t.to_string();
    club.app
        .post_with(
            &club.root,
            &format!("/championships/{}/fair-play/evidence/analysis", club.id),
            &[("nick", nick), ("from", &t), ("to", &t)],
        )
        .await
        .status
}

#[tokio::test]
async fn g_e3_a_replaced_game_record_drops_the_old_analysis_and_is_analysed_again() {
    let club = Club::new("G").await;
    let (t, url) = round_one(&club).await;
    let gs = games(&club, t);
    let (game, white, black) = gs[0].clone();
    import(&club, &url, timed_game(&white, &black, 2)).await;
    let pool = db::connect(&db::DbUrl::parse(&club.app.db_url).unwrap(), 2).unwrap();
    let stop = AtomicBool::new(false);
    let now = || chrono::Utc::now().naive_utc();
    let person = club.app.person_id(&white);
    let c = league::ids::ChampionshipId(club.id);
    let run = || {
        let mut engine = Level;
        while league::app::analysis::work_once(&pool, &mut engine, &stop, now).unwrap()
            != league::app::analysis::Step::Idle
        {}
    };
    assert_eq!(ask_analysis(&club, &white, t).await, StatusCode::SEE_OTHER);
    run();
    let depth = db::games::jobs_of(&mut club.app.db(), c, person).unwrap()[0].depth;
    assert_eq!(analysed_plies(&club, game, depth), vec![24]);
    // The judge replaces the record with the game as really played: four
    // other plies, the same players and result.
    let played = format!(
        "[Event \"t\"]\n[Site \"server\"]\n[Date \"2026.12.02\"]\n[Round \"1\"]\n\
         [White \"{white}\"]\n[Black \"{black}\"]\n[Result \"1/2-1/2\"]\n\n\
         1. d4 d5 2. c4 e6 1/2-1/2\n\n"
    );
    import(&club, &url, played).await;
    // G-E3: the analysis of the old moves is no longer the game's.
    assert!(
        analysed_plies(&club, game, depth).is_empty(),
        "the old moves' analysis outlives the record it was made of"
    );
    let page = club
        .app
        .get_with(
            &club.root,
            &format!(
                "/championships/{}/fair-play/evidence?nick={white}&from={t}&to={t}",
                club.id
            ),
        )
        .await;
    assert!(
        page.attr("form#evidence-analyse", "action").is_some()
            || page.text.contains("evidence-no-engine"),
        "the page offers the analysis again (or says why it cannot)"
    );
    // Asked again, the analysis runs on the new moves.
    assert_eq!(ask_analysis(&club, &white, t).await, StatusCode::SEE_OTHER);
    let jobs = db::games::jobs_of(&mut club.app.db(), c, person).unwrap();
    assert_eq!(jobs.len(), 2, "a second job is queued: {jobs:?}");
    run();
    assert_eq!(analysed_plies(&club, game, depth), vec![4]);
}

/// G-E3's "usual rating while playing far above it": the evidence shows
/// the player's rating of the regulation's source before the tournament
/// (G: the game server's blitz rating), left out what was taken during
/// it, beside the performance (C.07 art. 10.2) of each game and so far,
/// and suggests the strength jump only over enough games.
#[tokio::test]
async fn g_e3_c07_10_2_the_evidence_sets_the_usual_rating_before_the_span_beside_the_performance() {
    use league::ids::PersonId;

    let club = Club::new("G").await;
    let (t, url) = round_one(&club).await;
    let gs = games(&club, t);
    let (suspect, opponent) = (gs[0].1.clone(), gs[0].2.clone());
    // The suspect wins his first game with White.
    import(
        &club,
        &url,
        timed_game(&suspect, &opponent, 3).replace("1/2-1/2", "1-0"),
    )
    .await;
    let mut conn = club.app.db();
    let start = db::tournaments::by_id(&mut conn, TournamentId(t))
        .expect("read")
        .expect("the tournament")
        .starts_at;
    let person = |conn: &mut league::db::DbConnection, nick: &str| -> PersonId {
        db::people::by_nick(conn, nick)
            .expect("read")
            .expect("a person")
            .id
    };
    let (me, them) = (person(&mut conn, &suspect), person(&mut conn, &opponent));
    let day = |days: i64| start.date() + chrono::Duration::days(days);
    let rating = |who, days, value| (who, day(days), value);
    club.app.server_blitz_ratings(&[
        rating(me, -60, 1300),
        rating(me, -30, 1350),
        // Taken during the tournament: not the usual level.
        rating(me, 1, 2000),
        rating(them, -10, 1500),
    ]);
    let path = format!(
        "/championships/{}/fair-play/evidence?nick={suspect}&from={t}&to={t}",
        club.id
    );
    let page = club.app.get_with(&club.root, &path).await;
    assert_eq!(page.status, StatusCode::OK, "{}", page.text);
    let facts = page.texts("#evidence-rating-facts dd");
    // Usual 1350 (the last value before the day); one win against 1500:
    // ARO 1500, TPR 1500 + 800; the gap +950.
    assert!(facts[0].starts_with("1350"), "{facts:?}");
    assert!(facts[0].contains(&day(-30).format("%Y-%m-%d").to_string()));
    assert_eq!(facts[1..], ["1500", "2300", "+950"], "{facts:?}");
    let rows = page.texts("table.evidence-rated tbody tr");
    assert_eq!(rows.len(), 1, "{rows:#?}");
    assert!(rows[0].contains(&opponent) && rows[0].contains("2300"));
    assert!(
        page.text.contains("evidence-rating-chart-title"),
        "the chart of the usual rating and the performance"
    );
    // One game is not enough for the suggestion.
    assert_eq!(
        page.attr("#er-strength_jump", "checked"),
        None,
        "{:?}",
        page.form_fields("form#evidence-report-form")
    );
}
