//! The engine analysis behind the fair-play evidence (G-E3): an official
//! asks for a player's kept games of a span of tournaments to be
//! analysed; one worker per instance runs the oldest open job a game at a
//! time with a UCI engine (at a lower priority, bounded depth), storing
//! each game's analysis as it is done, so a restart resumes and a
//! cancellation stops before the next position.

use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Duration;

use chrono::NaiveDateTime;

use super::PlayError;
use crate::db::games::{self as dg, AnalysisJob, NewAnalysisJob};
use crate::db::{DbConnection, Pool, audit, tournaments, write_transaction};
use crate::engine::{Engine, EngineError};
use crate::i18n::Message;
use crate::ids::{AnalysisJobId, ChampionshipId, GameId, PersonId, TournamentId};
use crate::msg;

/// Why a request for analysis was refused.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum AnalysisProblem {
    /// The player has no kept game in the span.
    NoGames,
    /// The span's first tournament comes after its last.
    BadSpan,
}

pub type AnalysisError = PlayError<AnalysisProblem>;

/// The championship's tournaments from `from` to `to` (by their number),
/// in order; `None` when either is not the championship's.
pub fn span(
    conn: &mut DbConnection,
    c: ChampionshipId,
    from: TournamentId,
    to: TournamentId,
) -> Result<Option<Vec<tournaments::Tournament>>, crate::db::QueryError> {
    let all = tournaments::of_championship(conn, c)?;
    let number = |id| all.iter().find(|t| t.id == id).map(|t| t.number);
    let (Some(a), Some(b)) = (number(from), number(to)) else {
        return Ok(None);
    };
    let mut out: Vec<_> = all
        .into_iter()
        .filter(|t| t.number >= a.min(b) && t.number <= a.max(b))
        .collect();
    out.sort_by_key(|t| t.number);
    Ok(Some(out))
}

/// The kept games `person` played in these tournaments.
pub fn games_of(
    conn: &mut DbConnection,
    person: PersonId,
    ts: &[TournamentId],
) -> Result<Vec<(dg::GameRecord, crate::db::rounds::Game, TournamentId)>, crate::db::QueryError> {
    Ok(dg::of_tournaments(conn, ts)?
        .into_iter()
        .filter(|(_, g, _)| g.home_player_id == Some(person) || g.away_player_id == Some(person))
        .collect())
}

/// Queues the analysis of `person`'s kept games of the span at `depth`;
/// the open job for the same span and depth if there is one (asking twice
/// queues once).
#[allow(clippy::too_many_arguments)]
pub fn request(
    conn: &mut DbConnection,
    c: ChampionshipId,
    person: PersonId,
    from: TournamentId,
    to: TournamentId,
    depth: u32,
    by: PersonId,
    now: NaiveDateTime,
) -> Result<AnalysisJobId, AnalysisError> {
    write_transaction(conn, |conn| {
        let ts = span(conn, c, from, to)?.ok_or(PlayError::NotFound)?;
        let ids: Vec<TournamentId> = ts.iter().map(|t| t.id).collect();
        let depth = i32::try_from(depth).unwrap_or(i32::MAX);
        let (first, last) = (ids[0], ids[ids.len() - 1]);
        if let Some(open) = dg::jobs_of(conn, c, person)?.into_iter().find(|j| {
            j.is_open() && j.from_tournament == first && j.to_tournament == last && j.depth == depth
        }) {
            return Ok(open.id);
        }
        let games = games_of(conn, person, &ids)?;
        if games.is_empty() {
            return Err(PlayError::Refused(vec![AnalysisProblem::NoGames]));
        }
        let id = dg::insert_job(
            conn,
            &NewAnalysisJob {
                championship: c,
                person,
                from: first,
                to: last,
                depth,
                games_total: i32::try_from(games.len()).unwrap_or(i32::MAX),
                by,
                at: now,
            },
        )?;
        audit::Entry::new("fairplay.analysis", format!("analysis:{id}"))
            .actor(by)
            .championship(c)
            .said(
                Message::new(msg!("audit-analysis-requested"))
                    .arg("games", games.len())
                    .arg("depth", depth),
            )
            .record(conn)?;
        Ok(id)
    })
}

/// Cancels an open job of the championship; a job already ended stays as
/// it is (returns false).
pub fn cancel(
    conn: &mut DbConnection,
    c: ChampionshipId,
    job: AnalysisJobId,
    by: PersonId,
    now: NaiveDateTime,
) -> Result<bool, AnalysisError> {
    write_transaction(conn, |conn| {
        let j = dg::job_by_id(conn, job)?
            .filter(|j| j.championship_id == c)
            .ok_or(PlayError::NotFound)?;
        let changed = dg::advance_job(conn, job, "cancelled", j.games_done, None, Some(now))?;
        if changed {
            audit::Entry::new("fairplay.analysis-cancelled", format!("analysis:{job}"))
                .actor(by)
                .championship(c)
                .said(Message::new(msg!("audit-analysis-cancelled")).arg("done", j.games_done))
                .record(conn)?;
        }
        Ok(changed)
    })
}

/// What one step of the worker did.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Step {
    /// No open job.
    Idle,
    /// A game of the job was analysed (or the job found finished).
    Worked,
}

#[derive(Debug, thiserror::Error)]
pub enum WorkError {
    #[error(transparent)]
    Db(#[from] crate::db::QueryError),
    #[error("database pool: {0}")]
    Pool(String),
    #[error(transparent)]
    Engine(#[from] EngineError),
}

fn conn_of(pool: &Pool) -> Result<crate::db::PooledConn, WorkError> {
    pool.get().map_err(|e| WorkError::Pool(e.to_string()))
}

/// The next game of `job` without an analysis at its depth, and how many
/// of the job's games have one.
fn next_game(
    conn: &mut DbConnection,
    job: &AnalysisJob,
) -> Result<(Option<dg::GameRecord>, usize, usize), WorkError> {
    let ts = span(
        conn,
        job.championship_id,
        job.from_tournament,
        job.to_tournament,
    )?
    .unwrap_or_default();
    let ids: Vec<TournamentId> = ts.iter().map(|t| t.id).collect();
    let games = games_of(conn, job.person_id, &ids)?;
    let gids: Vec<GameId> = games.iter().map(|(r, _, _)| r.game_id).collect();
    let done: Vec<GameId> = dg::analyses_of(conn, &gids, job.depth)?
        .into_iter()
        .map(|(g, _, _)| g)
        .collect();
    let total = games.len();
    let next = games
        .into_iter()
        .map(|(r, _, _)| r)
        .find(|r| !done.contains(&r.game_id));
    Ok((next, done.len(), total))
}

/// One step of the worker: the oldest open job's next game analysed with
/// `engine` and stored; the job marked done when none is left. A job
/// cancelled meanwhile stops before the next position. The engine's
/// failure on a game fails the job with its words (the games done stay).
pub fn work_once(
    pool: &Pool,
    engine: &mut dyn Engine,
    stop: &AtomicBool,
    now: impl Fn() -> NaiveDateTime,
) -> Result<Step, WorkError> {
    let (job, next, done, total) = {
        let mut conn = conn_of(pool)?;
        let Some(job) = dg::next_job(&mut conn)? else {
            return Ok(Step::Idle);
        };
        let (next, done, total) = next_game(&mut conn, &job)?;
        (job, next, done, total)
    };
    let done_i = |n: usize| i32::try_from(n).unwrap_or(i32::MAX);
    let Some(record) = next else {
        let mut conn = conn_of(pool)?;
        write_transaction(&mut conn, |tx| {
            dg::advance_job(
                tx,
                job.id,
                "done",
                done_i(done.max(total)),
                None,
                Some(now()),
            )
        })?;
        return Ok(Step::Worked);
    };
    {
        let mut conn = conn_of(pool)?;
        let running = write_transaction(&mut conn, |tx| {
            dg::advance_job(tx, job.id, "running", done_i(done), None, None)
        })?;
        if !running {
            return Ok(Step::Worked);
        }
    }
    // Asked between positions: is the instance stopping (the job resumes
    // at its next start), or has someone cancelled the job?
    let cancelled = || {
        stop.load(Ordering::Relaxed)
            || conn_of(pool)
                .ok()
                .and_then(|mut c| dg::job_by_id(&mut c, job.id).ok().flatten())
                .is_none_or(|j| !j.is_open())
    };
    let start_fen = super::games::start_of(&record.pgn);
    match crate::engine::analyse_game(
        engine,
        start_fen.as_deref(),
        &record.uci_moves(),
        &cancelled,
    ) {
        Ok(plies) => {
            let json = serde_json::to_string(&plies).unwrap_or_default();
            let mut conn = conn_of(pool)?;
            let name = engine.name().to_owned();
            write_transaction(&mut conn, |conn| {
                // A record replaced while its moves were searched (G-E3):
                // the analysis of the old moves is not kept; the next
                // step analyses the moves the game has now.
                let kept = dg::of_game(conn, record.game_id)?
                    .is_some_and(|now| now.moves == record.moves && now.pgn == record.pgn);
                if kept {
                    dg::put_analysis(conn, record.game_id, job.depth, &name, &json, now())?;
                    dg::advance_job(conn, job.id, "running", done_i(done + 1), None, None)?;
                }
                Ok::<_, crate::db::QueryError>(())
            })?;
            Ok(Step::Worked)
        }
        Err(EngineError::Cancelled) => Ok(Step::Worked),
        Err(e) => {
            let mut conn = conn_of(pool)?;
            let error = e.to_string();
            write_transaction(&mut conn, |tx| {
                dg::advance_job(
                    tx,
                    job.id,
                    "failed",
                    done_i(done),
                    Some(&error),
                    Some(now()),
                )
            })?;
            Err(e.into())
        }
    }
}

/// The analysis worker of this instance: a thread that runs jobs while
/// there are any and looks for new ones every `poll`.
pub struct Analyst {
    stop: Arc<AtomicBool>,
    handle: Option<std::thread::JoinHandle<()>>,
}

impl Analyst {
    /// Starts the worker with the engine `start` makes when there is work
    /// (the engine process lives only while jobs run).
    pub fn start<E, F>(pool: Pool, poll: Duration, start: F) -> Analyst
    where
        E: Engine + 'static,
        F: Fn() -> Result<E, EngineError> + Send + 'static,
    {
        let stop = Arc::new(AtomicBool::new(false));
        let flag = stop.clone();
        let handle = std::thread::Builder::new()
            .name("analysis".into())
            .spawn(move || {
                let mut engine: Option<E> = None;
                while !flag.load(Ordering::Relaxed) {
                    let has_job = conn_of(&pool)
                        .ok()
                        .and_then(|mut c| dg::next_job(&mut c).ok())
                        .flatten()
                        .is_some();
                    if !has_job {
                        engine = None;
                        sleep_unless(&flag, poll);
                        continue;
                    }
                    if engine.is_none() {
                        match start() {
                            Ok(e) => engine = Some(e),
                            Err(e) => {
                                tracing::warn!(error = %e, "the analysis engine does not start");
                                sleep_unless(&flag, poll * 10);
                                continue;
                            }
                        }
                    }
                    let Some(e) = engine.as_mut() else { continue };
                    match work_once(&pool, e, &flag, crate::db::utc_now) {
                        Ok(_) => {}
                        Err(err) => {
                            tracing::warn!(error = %err, "an analysis step failed");
                            // A broken engine process is started afresh.
                            engine = None;
                            sleep_unless(&flag, poll);
                        }
                    }
                }
            })
            .ok();
        Analyst { stop, handle }
    }

    /// Stops after the position in hand.
    pub fn stop(mut self) {
        self.stop.store(true, Ordering::Relaxed);
        if let Some(h) = self.handle.take() {
            let _ = h.join();
        }
    }
}

impl Drop for Analyst {
    /// A worker let go of stops too, after the position in hand.
    fn drop(&mut self) {
        self.stop.store(true, Ordering::Relaxed);
    }
}

fn sleep_unless(flag: &AtomicBool, total: Duration) {
    let step = Duration::from_millis(100);
    let mut slept = Duration::ZERO;
    while slept < total && !flag.load(Ordering::Relaxed) {
        std::thread::sleep(step);
        slept += step;
    }
}
