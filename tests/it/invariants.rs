//! Random sequences of what judges, the committee and the chief judge do
//! after a tournament — fair-play reports and referrals (G-E3), votes and
//! decisions (G-Zh1), remedies proposed and withdrawn, supervised games
//! (G-Zh2), results entered, reopening and finishing again (G-V41), staff
//! appointed — driven through the use cases (`league::app`), with the
//! regulation's invariants checked after every step:
//!
//! - a fair-play report goes before the committee once;
//! - an upheld case that asks for G-G7's points costs the team them once;
//!   an open or rejected one, or one whose G-G7 remedy was withdrawn,
//!   nothing;
//! - no case is decided without a vote cast (G-Zh1), and a decided case
//!   stays decided;
//! - a case's committee stays the one of the day it opened;
//! - a finished tournament has every place recorded, an open one none, and
//!   no result changes while it is finished except by a decision.
//!
//! `SEQUENCES` sequences of `STEPS` steps each run in `cargo test`, each
//! from its own seed (printed when a check fails, to replay it).

use std::collections::HashMap;

use league::app::PlayError;
use league::app::appeals::{self as cases, RemedyAsk, ReportAsk};
use league::app::rounds;
use league::db::{self, DbConnection};
use league::ids::{AppealId, ChampionshipId, GameId, PersonId, TournamentId};
use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};

use crate::club::{finish, play_out};
use crate::play::{Club, four_entered};

const SEQUENCES: u64 = 6;
const STEPS: usize = 40;

/// A refusal is an answer; a database error is a failure of the platform.
fn answered<T, P: std::fmt::Debug>(seed: u64, step: usize, r: Result<T, PlayError<P>>) {
    if let Err(PlayError::Db(e)) = r {
        panic!("seed {seed}, step {step}: database error {e}");
    }
}

struct World {
    c: ChampionshipId,
    t: TournamentId,
    judge: PersonId,
    chief: PersonId,
    people: Vec<PersonId>,
    nicks: Vec<String>,
    games: Vec<GameId>,
}

fn results(conn: &mut DbConnection, games: &[GameId]) -> Vec<(GameId, String)> {
    games
        .iter()
        .map(|g| {
            let row = db::rounds::game_by_id(conn, *g)
                .expect("game")
                .expect("stored");
            (*g, row.result)
        })
        .collect()
}

fn finished(conn: &mut DbConnection, t: TournamentId) -> bool {
    db::tournaments::by_id(conn, t)
        .expect("tournament")
        .expect("stored")
        .finished_at
        .is_some()
}

/// Every invariant of the module's list, at this step.
fn check(
    conn: &mut DbConnection,
    w: &World,
    seed: u64,
    step: usize,
    committees: &mut HashMap<AppealId, Vec<(PersonId, String)>>,
    decided: &mut Vec<AppealId>,
) {
    let at = format!("seed {seed}, step {step}");
    let all = db::appeals::of_championship(conn, w.c).expect("cases");
    for r in db::appeals::reports_of(conn, w.c).expect("reports") {
        let n = all.iter().filter(|a| a.report_id == Some(r.id)).count();
        assert!(n <= 1, "{at}: report {} has {n} cases", r.id);
    }
    let penalties = db::penalties::of_championship(conn, w.c).expect("penalties");
    for case in &all {
        let mark = league::app::penalties::appeal_reason(case.id);
        let g_g7 = penalties
            .iter()
            .filter(|p| p.code == "G-G7" && p.reason == mark && p.revoked_at.is_none())
            .count();
        let upheld = case.status == "decided" && case.outcome.as_deref() == Some("upheld");
        let asks = db::appeals::remedies_of(conn, case.id)
            .expect("remedies")
            .iter()
            .any(|r| r.kind == "impose" && r.code.as_deref() == Some("G-G7"));
        assert_eq!(
            g_g7,
            usize::from(upheld && asks),
            "{at}: case {} G-G7 deductions",
            case.id
        );
        if case.status == "decided" {
            let votes = db::appeals::votes_of(conn, case.id).expect("votes");
            assert!(
                !votes.is_empty(),
                "{at}: case {} decided without a vote",
                case.id
            );
            if !decided.contains(&case.id) {
                decided.push(case.id);
            }
        } else {
            assert!(
                !decided.contains(&case.id),
                "{at}: case {} decided, then open",
                case.id
            );
        }
        let members = db::appeals::committee_of(conn, case.id).expect("committee");
        let first = committees.entry(case.id).or_insert_with(|| members.clone());
        assert_eq!(
            &members, first,
            "{at}: case {}'s committee changed",
            case.id
        );
    }
    let places = db::results::places_of_tournament(conn, w.t).expect("places");
    if finished(conn, w.t) {
        assert_eq!(
            places.len(),
            4,
            "{at}: a finished tournament has its places"
        );
    } else {
        assert!(places.is_empty(), "{at}: an open tournament has no places");
    }
}

/// What a sequence did: cases decided, reopenings, refusals of a result.
#[derive(Default, Debug)]
struct Done {
    decided: usize,
    reopened: usize,
    referred: usize,
}

async fn run(seed: u64) -> Done {
    let club = Club::new("G").await;
    for (nick, role) in [("cj", "chief_judge"), ("jd", "judge")] {
        club.person(nick).await;
        club.app.grant_role(&club.root, club.id, nick, role).await;
    }
    let (teams, t) = four_entered(&club).await;
    let rank = |n: &str| {
        ["Ладья", "Конь", "Слон", "Ферзь"]
            .iter()
            .position(|x| *x == n)
    };
    play_out(&club, t, &|h, a, _| {
        if rank(h) < rank(a) { "1-0" } else { "0-1" }
    })
    .await;
    finish(&club, t).await;
    let app = &club.app;
    let mut conn = app.db();
    let tid = TournamentId(t);
    let rounds_of = db::rounds::of_tournament(&mut conn, tid).expect("rounds");
    let ids: Vec<_> = rounds_of.iter().map(|r| r.id).collect();
    let matches = db::rounds::matches_of_rounds(&mut conn, &ids).expect("matches");
    let mids: Vec<_> = matches.iter().map(|m| m.id).collect();
    let games = db::rounds::games_of_matches(&mut conn, &mids)
        .expect("games")
        .into_iter()
        .map(|g| g.id)
        .collect();
    let nicks: Vec<String> = teams.iter().flat_map(|x| x.nicks.clone()).collect();
    let mut people: Vec<PersonId> = ["cj", "jd", "Root"]
        .iter()
        .map(|n| app.person_id(n))
        .collect();
    people.extend(teams.iter().map(|x| app.person_id(&x.nicks[0])));
    let w = World {
        c: ChampionshipId(club.id),
        t: tid,
        judge: app.person_id("jd"),
        chief: app.person_id("cj"),
        people,
        nicks,
        games,
    };
    let mut rng = StdRng::seed_from_u64(seed);
    let (mut committees, mut decided) = (HashMap::new(), Vec::new());
    let mut late = 0;
    let mut done = Done::default();
    for step in 0..STEPS {
        let now = db::utc_now();
        let open: Vec<AppealId> = db::appeals::of_championship(&mut conn, w.c)
            .expect("cases")
            .into_iter()
            .map(|a| a.id)
            .collect();
        let case = (!open.is_empty()).then(|| open[rng.random_range(0..open.len())]);
        let nick = w.nicks[rng.random_range(0..w.nicks.len())].clone();
        let before = results(&mut conn, &w.games);
        let was_finished = finished(&mut conn, w.t);
        let mut decision = false;
        match rng.random_range(0..11) {
            0 => {
                let ask = ReportAsk {
                    tournament: w.t,
                    nick,
                    grounds: vec!["engine_agreement".into()],
                    notes: format!("step {step}"),
                };
                answered(
                    seed,
                    step,
                    cases::report(&mut conn, w.c, w.judge, &ask, now),
                );
            }
            1 => {
                let reports = db::appeals::reports_of(&mut conn, w.c).expect("reports");
                if !reports.is_empty() {
                    let r = reports[rng.random_range(0..reports.len())].id;
                    let by = if rng.random_bool(0.5) {
                        w.judge
                    } else {
                        w.chief
                    };
                    let r = cases::refer(&mut conn, w.c, r, by, now);
                    done.referred += usize::from(r.is_ok());
                    answered(seed, step, r);
                }
            }
            2 | 3 => {
                if let Some(case) = case {
                    let who = w.people[rng.random_range(0..w.people.len())];
                    let uphold = rng.random_bool(0.6);
                    answered(
                        seed,
                        step,
                        cases::vote(&mut conn, w.c, case, who, uphold, now),
                    );
                }
            }
            4 => {
                if let Some(case) = case {
                    let r = cases::decide(&mut conn, w.c, case, w.judge, now);
                    decision = r.is_ok();
                    done.decided += usize::from(decision);
                    answered(seed, step, r);
                }
            }
            5 => {
                if let Some(case) = case {
                    let game = w.games[rng.random_range(0..w.games.len())];
                    let result = ["1-0", "0-1", "1/2"][rng.random_range(0..3)].to_owned();
                    let ask = RemedyAsk::GameResult { game, result };
                    answered(
                        seed,
                        step,
                        cases::propose(&mut conn, w.c, case, w.judge, &ask, now),
                    );
                }
            }
            6 => {
                if let Some(case) = case {
                    let remedies = db::appeals::remedies_of(&mut conn, case).expect("remedies");
                    if !remedies.is_empty() {
                        let r = remedies[rng.random_range(0..remedies.len())].id;
                        answered(
                            seed,
                            step,
                            cases::withdraw_remedy(&mut conn, w.c, case, r, w.judge),
                        );
                    }
                }
            }
            7 => {
                if let Some(case) = case {
                    let r = match rng.random_range(0..3) {
                        0 => cases::demand_supervised(&mut conn, w.c, case, w.judge, &nick, now),
                        k => cases::record_supervised(&mut conn, w.c, case, w.judge, k == 1, now),
                    };
                    answered(seed, step, r);
                }
            }
            8 => {
                late += 1;
                let nick = format!("late{late}");
                drop(conn);
                club.person(&nick).await;
                app.grant_role(&club.root, club.id, &nick, "judge").await;
                conn = app.db();
            }
            9 => {
                let game = w.games[rng.random_range(0..w.games.len())];
                let row = db::rounds::game_by_id(&mut conn, game)
                    .expect("game")
                    .expect("stored");
                let value = db::rounds::result_from_code("1/2").expect("code");
                let r =
                    rounds::record_result(&mut conn, w.t, game, row.version, value, w.judge, now);
                if was_finished {
                    assert!(
                        r.is_err(),
                        "seed {seed}, step {step}: a result of a finished tournament changed"
                    );
                }
                answered(seed, step, r);
            }
            _ => {
                let r = if was_finished {
                    let r = rounds::reopen(&mut conn, w.t, w.chief, "a correction", now);
                    done.reopened += usize::from(r.is_ok());
                    r
                } else {
                    rounds::finish(&mut conn, w.t, w.judge, now)
                };
                answered(seed, step, r);
            }
        }
        if was_finished && finished(&mut conn, w.t) && !decision {
            assert_eq!(
                results(&mut conn, &w.games),
                before,
                "seed {seed}, step {step}: results changed"
            );
        }
        check(&mut conn, &w, seed, step, &mut committees, &mut decided);
    }
    done
}

#[tokio::test]
async fn g_e3_g_zh1_g_zh2_g_v41_random_sequences_keep_the_regulations_invariants() {
    let mut all = Done::default();
    for seed in 0..SEQUENCES {
        let done = run(seed).await;
        all.decided += done.decided;
        all.reopened += done.reopened;
        all.referred += done.referred;
    }
    // The sequences reach the states the invariants are about.
    assert!(
        all.decided > 0 && all.reopened > 0 && all.referred > 0,
        "{all:?}"
    );
}
