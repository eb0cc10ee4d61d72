//! The game-server worker: every `poll_interval_ms` it brings the wanted
//! games in line with the state of play ([`super::reconcile`]), cancels
//! what was withdrawn, creates what is queued (one bulk pairing per round
//! and start time, the regulation's clock), and follows created games
//! until they end, recording each result through the judges' own path.
//!
//! Nothing is lost or doubled over a restart: every step is a row's state
//! in the database, changed in one transaction with what it did here; a
//! creation under way when the instance stopped (`pushing`) is found again
//! among the organizer's bulks on the server or queued anew. Rows are
//! claimed before a creation and moved on only from the state this
//! instance saw, so two instances neither create nor settle a game twice.
//! A 429 pauses the worker for `rate_limit_pause_ms`; a failed request is
//! tried again after a delay that doubles with each failure.

use std::collections::{BTreeMap, HashMap};
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Duration;

use chrono::{NaiveDateTime, TimeDelta};
use secrecy::SecretString;
use tokio::task::JoinHandle;

use super::lichess::{BulkRequest, CallError, EXPORT_BATCH, ExportedGame, Lichess};
use super::{Sealer, reconcile};
use crate::config::GameServerSettings;
use crate::db::game_servers::{self as gs, Problem, ServerGame, Status};
use crate::db::{DbConnection, Pool, QueryError, utc_now, write_transaction};
use crate::i18n::{Lang, Message};
use crate::ids::{ChampionshipId, GameId, PersonId, ServerGameId, TournamentId};
use crate::mail::worker::backoff;
use crate::msg;
use crate::rules::game_server::{Colour, LICHESS, Standing, standing};

/// The worker's handle: stop it on shutdown.
pub struct GameServerWorker {
    stop: Arc<AtomicBool>,
    handle: JoinHandle<()>,
}

impl GameServerWorker {
    pub fn start(pool: Pool, settings: GameServerSettings, sealer: Sealer) -> GameServerWorker {
        let stop = Arc::new(AtomicBool::new(false));
        let flag = stop.clone();
        let handle = tokio::spawn(async move {
            let mut w = Work::new(pool, settings, sealer);
            w.recover().await;
            while !flag.load(Ordering::Relaxed) {
                let wait = w.tick().await;
                tokio::time::sleep(wait).await;
            }
        });
        GameServerWorker { stop, handle }
    }

    /// Stops it; a step cut short is finished by the next start (its rows
    /// say where it was).
    pub async fn stop(self) {
        self.stop.store(true, Ordering::Relaxed);
        self.handle.abort();
        let _ = self.handle.await;
    }
}

/// The account that creates a connected championship's games.
struct Organizer {
    /// Who the recorded results are entered as (who connected it).
    actor: PersonId,
    account: gs::Account,
    token: Option<SecretString>,
    /// The language of the message the players receive with their game.
    lang: Lang,
}

/// The worker's state between ticks.
pub struct Work {
    pool: Pool,
    settings: GameServerSettings,
    sealer: Sealer,
    client: Lichess,
    /// Failed requests in a row (for the backoff of the next tick).
    failures: u32,
}

/// What a step learnt of the server.
enum Outcome {
    Fine,
    RateLimited,
    Failed,
}

impl Work {
    pub fn new(pool: Pool, settings: GameServerSettings, sealer: Sealer) -> Work {
        let client = Lichess::new(&settings.lichess_url, &settings.lichess_client_id);
        Work {
            pool,
            settings,
            sealer,
            client,
            failures: 0,
        }
    }

    async fn db<T: Send + 'static>(
        &self,
        f: impl FnOnce(&mut DbConnection) -> Result<T, QueryError> + Send + 'static,
    ) -> Option<T> {
        let pool = self.pool.clone();
        let done = tokio::task::spawn_blocking(move || {
            let mut conn = pool.get().map_err(|e| e.to_string())?;
            f(&mut conn).map_err(|e| e.to_string())
        })
        .await;
        match done {
            Ok(Ok(v)) => Some(v),
            Ok(Err(e)) => {
                tracing::warn!(error = %e, "game-server worker: database");
                None
            }
            Err(e) => {
                tracing::warn!(error = %e, "game-server worker: task");
                None
            }
        }
    }

    /// One pass; returns how long to wait before the next.
    pub async fn tick(&mut self) -> Duration {
        let lead = TimeDelta::seconds(i64::from(self.settings.lead_seconds));
        self.db(move |conn| reconcile(conn, lead, utc_now())).await;
        let organizers = self.organizers().await;
        let mut outcome = self.cancel(&organizers).await;
        if matches!(outcome, Outcome::Fine) {
            outcome = self.push(&organizers).await;
        }
        if matches!(outcome, Outcome::Fine) {
            outcome = self.follow(&organizers).await;
        }
        let poll = Duration::from_millis(self.settings.poll_interval_ms.max(50));
        match outcome {
            Outcome::Fine => {
                self.failures = 0;
                poll
            }
            Outcome::RateLimited => {
                tracing::info!("game server asked to wait (429)");
                Duration::from_millis(self.settings.rate_limit_pause_ms).max(poll)
            }
            Outcome::Failed => {
                self.failures += 1;
                self.retry_after(self.failures).max(poll)
            }
        }
    }

    fn retry_after(&self, failures: u32) -> Duration {
        backoff(
            failures,
            Duration::from_millis(self.settings.retry_base_ms),
            Duration::from_millis(self.settings.retry_max_ms),
        )
    }

    /// The organizer of each connected championship, read once a tick.
    async fn organizers(&self) -> HashMap<ChampionshipId, Organizer> {
        let found = self
            .db(|conn| {
                let mut out = Vec::new();
                for c in gs::connections(conn)? {
                    let Some(account) = gs::account_by_id(conn, c.account_id)? else {
                        continue;
                    };
                    let lang = crate::db::people::by_id(conn, c.connected_by)?
                        .and_then(|p| Lang::parse(&p.locale))
                        .unwrap_or(Lang::Ru);
                    out.push((c.championship_id, c.connected_by, account, lang));
                }
                Ok(out)
            })
            .await
            .unwrap_or_default();
        found
            .into_iter()
            .map(|(c, actor, account, lang)| {
                let token = self.sealer.open(&account.token_sealed);
                (
                    c,
                    Organizer {
                        actor,
                        account,
                        token,
                        lang,
                    },
                )
            })
            .collect()
    }

    /// Creations left under way by a stopped instance: found among the
    /// organizer's scheduled bulks (by players and start), or queued anew.
    pub async fn recover(&mut self) {
        let Some(rows) = self
            .db(|conn| gs::with_status(conn, &[Status::Pushing]))
            .await
        else {
            return;
        };
        if rows.is_empty() {
            return;
        }
        let organizers = self.organizers().await;
        let mut by_c: BTreeMap<ChampionshipId, Vec<ServerGame>> = BTreeMap::new();
        for r in rows {
            by_c.entry(r.championship_id).or_default().push(r);
        }
        for (c, rows) in by_c {
            let bulks = match organizers.get(&c).and_then(|o| o.token.as_ref()) {
                Some(t) => self.client.bulks(t).await.unwrap_or_default(),
                None => Vec::new(),
            };
            let names = self.usernames(&rows).await;
            let mut adopted = Vec::new();
            let mut again = Vec::new();
            for r in &rows {
                let pair = (names.get(&r.white_id), names.get(&r.black_id));
                let found = bulks.iter().find_map(|b| {
                    let at_same = b.pair_at.is_none_or(|ms| ms == millis(r.pair_at));
                    b.games
                        .iter()
                        .find(|g| {
                            at_same
                                && Some(&g.white.to_lowercase()) == pair.0
                                && Some(&g.black.to_lowercase()) == pair.1
                        })
                        .map(|g| (b.id.clone(), g.id.clone()))
                });
                match found {
                    Some((bulk, game)) => adopted.push((r.id, bulk, game)),
                    None => again.push(r.id),
                }
            }
            let now = utc_now();
            self.db(move |conn| {
                write_transaction(conn, |tx| {
                    for (id, bulk, game) in &adopted {
                        gs::created(tx, *id, bulk, game, now)?;
                    }
                    gs::requeue(tx, &again, &[Status::Pushing], 0, None, now)
                })
            })
            .await;
        }
    }

    /// The accounts of the players of these rows.
    async fn accounts(&self, rows: &[ServerGame]) -> HashMap<PersonId, gs::Account> {
        let people: Vec<PersonId> = rows.iter().flat_map(|r| [r.white_id, r.black_id]).collect();
        self.db(move |conn| gs::accounts_of(conn, LICHESS, &people))
            .await
            .unwrap_or_default()
            .into_iter()
            .map(|a| (a.person_id, a))
            .collect()
    }

    /// The folded usernames of the players of these rows.
    async fn usernames(&self, rows: &[ServerGame]) -> HashMap<PersonId, String> {
        self.accounts(rows)
            .await
            .into_iter()
            .map(|(p, a)| (p, a.username_key))
            .collect()
    }

    /// Cancels withdrawn games on the server while their bulk is still
    /// scheduled; the bulk's other games are queued anew.
    async fn cancel(&mut self, organizers: &HashMap<ChampionshipId, Organizer>) -> Outcome {
        let Some(rows) = self
            .db(|conn| gs::with_status(conn, &[Status::Cancelling]))
            .await
        else {
            return Outcome::Failed;
        };
        for r in rows {
            let token = organizers
                .get(&r.championship_id)
                .and_then(|o| o.token.as_ref());
            if let (Some(bulk), Some(token)) = (r.bulk_id.as_deref(), token) {
                match self.client.cancel_bulk(token, bulk).await {
                    Ok(()) => {}
                    Err(CallError::RateLimited) => return Outcome::RateLimited,
                    Err(CallError::Unavailable(_)) => return Outcome::Failed,
                    Err(e) => tracing::info!(error = %e, "a bulk could not be cancelled"),
                }
            }
            let now = utc_now();
            self.db(move |conn| {
                write_transaction(conn, |tx| {
                    gs::set_status(tx, &[r.id], Status::Withdrawn, None, now)?;
                    // The bulk's other games were cancelled with it.
                    let Some(bulk) = r.bulk_id.as_deref() else {
                        return Ok(0);
                    };
                    let siblings: Vec<ServerGameId> = gs::of_bulk(tx, bulk, &[Status::Scheduled])?
                        .into_iter()
                        .filter(|s| s.pair_at > now)
                        .map(|s| s.id)
                        .collect();
                    gs::requeue(tx, &siblings, &[Status::Scheduled], 0, None, now)
                })
            })
            .await;
        }
        Outcome::Fine
    }

    /// Creates the queued games: per championship, round and start time,
    /// one bulk, each player once (a round's first or second games).
    async fn push(&mut self, organizers: &HashMap<ChampionshipId, Organizer>) -> Outcome {
        let now = utc_now();
        let Some((rows, places)) = self
            .db(move |conn| {
                let due: Vec<ServerGameId> = gs::with_status(conn, &[Status::Queued])?
                    .into_iter()
                    .filter(|r| r.next_try_at.is_none_or(|t| t <= now))
                    .map(|r| r.id)
                    .collect();
                // Claimed by this instance: another one sees them pushing.
                let rows = write_transaction(conn, |tx| gs::claim(tx, &due, now))?;
                let games: Vec<GameId> = rows.iter().map(|r| r.game_id).collect();
                Ok((rows, gs::places_of(conn, &games)?))
            })
            .await
        else {
            return Outcome::Failed;
        };
        let place: HashMap<GameId, (TournamentId, i32)> =
            places.into_iter().map(|(g, t, n)| (g, (t, n))).collect();
        let claimed: Vec<ServerGameId> = rows.iter().map(|r| r.id).collect();
        let mut groups: BTreeMap<(ChampionshipId, TournamentId, i32, NaiveDateTime), Vec<_>> =
            BTreeMap::new();
        for r in rows {
            // A game gone meanwhile (a round taken back) is left to reconcile.
            if let Some((t, n)) = place.get(&r.game_id).copied() {
                groups
                    .entry((r.championship_id, t, n, r.pair_at))
                    .or_default()
                    .push(r);
            }
        }
        for ((c, t, round, pair_at), rows) in groups {
            let outcome = match organizers.get(&c) {
                Some(o) => self.push_group(o, t, round, pair_at, rows).await,
                None => {
                    let ids: Vec<_> = rows.iter().map(|r| (r.id, None)).collect();
                    self.refuse(ids, Problem::of("not_connected")).await;
                    Outcome::Fine
                }
            };
            if !matches!(outcome, Outcome::Fine) {
                // What this pass claimed and did not create goes back to
                // the queue, after a wait when the server failed.
                let failures = i32::try_from(self.failures + 1).unwrap_or(i32::MAX);
                let next = matches!(outcome, Outcome::Failed).then(|| {
                    let wait = self.retry_after(self.failures + 1);
                    now + TimeDelta::from_std(wait).unwrap_or(TimeDelta::MAX)
                });
                self.db(move |conn| {
                    write_transaction(conn, |tx| {
                        gs::requeue(tx, &claimed, &[Status::Pushing], failures, next, utc_now())
                    })
                })
                .await;
                return outcome;
            }
        }
        Outcome::Fine
    }

    async fn push_group(
        &mut self,
        organizer: &Organizer,
        t: TournamentId,
        round: i32,
        pair_at: NaiveDateTime,
        rows: Vec<ServerGame>,
    ) -> Outcome {
        let Some(org_token) = organizer.token.as_ref() else {
            let ids = rows.iter().map(|r| (r.id, None)).collect();
            self.refuse(ids, Problem::of("organizer_token")).await;
            return Outcome::Fine;
        };
        let accounts = self.accounts(&rows).await;
        let tokens: HashMap<PersonId, SecretString> = accounts
            .iter()
            .filter_map(|(p, a)| self.sealer.open(&a.token_sealed).map(|t| (*p, t)))
            .collect();
        let Some(ctx) = self
            .db(move |conn| crate::TournamentContext::load(conn, t))
            .await
            .flatten()
        else {
            return Outcome::Failed;
        };
        // Players who never linked stay on manual play.
        let (ready, unlinked): (Vec<ServerGame>, Vec<ServerGame>) = rows
            .into_iter()
            .partition(|r| tokens.contains_key(&r.white_id) && tokens.contains_key(&r.black_id));
        let unlinked = unlinked
            .iter()
            .map(|r| {
                let who = [r.white_id, r.black_id]
                    .into_iter()
                    .find(|p| !tokens.contains_key(p));
                (r.id, who)
            })
            .collect();
        self.refuse(unlinked, Problem::of("not_linked")).await;
        if ready.is_empty() {
            return Outcome::Fine;
        }
        let tc = ctx.regulation.time_control;
        let request = BulkRequest {
            pairs: ready
                .iter()
                .map(|r| (&tokens[&r.white_id], &tokens[&r.black_id]))
                .collect(),
            clock_limit_seconds: tc.base_seconds,
            clock_increment_seconds: tc.increment_seconds,
            pair_at_ms: millis(pair_at),
            rated: tc.rated,
            message: Message::new(msg!("server-bulk-message"))
                .arg("championship", ctx.championship.name.as_str())
                .arg("round", round)
                .render(organizer.lang),
        };
        let now = utc_now();
        match self.client.create_bulk(org_token, &request).await {
            Ok(bulk) => {
                let name = |p: &PersonId| accounts.get(p).map(|a| a.username_key.as_str());
                let (made, lost): (Vec<_>, Vec<_>) = ready
                    .iter()
                    .map(|r| {
                        let game = bulk.games.iter().find(|g| {
                            Some(g.white.to_lowercase().as_str()) == name(&r.white_id)
                                && Some(g.black.to_lowercase().as_str()) == name(&r.black_id)
                        });
                        (r.id, game.map(|g| g.id.clone()))
                    })
                    .partition(|(_, g)| g.is_some());
                let bulk_id = bulk.id;
                self.db(move |conn| {
                    write_transaction(conn, |tx| {
                        for (id, game) in &made {
                            if let Some(game) = game {
                                gs::created(tx, *id, &bulk_id, game, now)?;
                            }
                        }
                        // The server's answer left them out: not created.
                        let lost: Vec<ServerGameId> = lost.iter().map(|(id, _)| *id).collect();
                        let problem = Problem {
                            detail: Some("not in the bulk's answer"),
                            ..Problem::of("server_refused")
                        };
                        gs::set_status(tx, &lost, Status::Refused, Some(problem), now)
                    })
                })
                .await;
                Outcome::Fine
            }
            Err(CallError::RateLimited) => Outcome::RateLimited,
            Err(CallError::Unavailable(e)) => {
                tracing::info!(error = %e, "game server unavailable");
                Outcome::Failed
            }
            Err(CallError::Unauthorized) | Err(CallError::Forbidden(_)) => {
                let account = organizer.account.id;
                self.db(move |conn| {
                    write_transaction(conn, |tx| gs::mark_refused(tx, account, now))
                })
                .await;
                let ids = ready.iter().map(|r| (r.id, None)).collect();
                self.refuse(ids, Problem::of("organizer_token")).await;
                Outcome::Fine
            }
            Err(e) => self.refused_bulk(e, ready, &accounts, &tokens).await,
        }
    }

    /// The server refused to create these games: each waits for the
    /// judge with `problem` (and the person it concerns, where one does).
    async fn refuse(&self, rows: Vec<(ServerGameId, Option<PersonId>)>, problem: Problem<'static>) {
        if rows.is_empty() {
            return;
        }
        let now = utc_now();
        self.db(move |conn| {
            write_transaction(conn, |tx| {
                for (id, person) in &rows {
                    let p = Problem {
                        person: *person,
                        ..problem
                    };
                    gs::set_status(tx, &[*id], Status::Refused, Some(p), now)?;
                }
                Ok(())
            })
        })
        .await;
    }

    /// The server refused the bulk whole: its tokens are tested, the
    /// games of players whose token failed wait for them, the others go
    /// back to the queue at once; without a failed token, each game waits
    /// for the judge with the server's words.
    async fn refused_bulk(
        &mut self,
        e: CallError,
        rows: Vec<ServerGame>,
        accounts: &HashMap<PersonId, gs::Account>,
        tokens: &HashMap<PersonId, SecretString>,
    ) -> Outcome {
        let people: Vec<PersonId> = tokens.keys().copied().collect();
        let list: Vec<&SecretString> = people.iter().map(|p| &tokens[p]).collect();
        let tested = match self.client.test_tokens(&list).await {
            Ok(t) => t,
            Err(CallError::RateLimited) => return Outcome::RateLimited,
            Err(_) => return Outcome::Failed,
        };
        let failed: Vec<PersonId> = people
            .iter()
            .zip(tested)
            .filter(|(_, info)| {
                !info
                    .as_ref()
                    .is_some_and(|i| i.has_scope(super::PLAYER_SCOPE))
            })
            .map(|(p, _)| *p)
            .collect();
        let now = utc_now();
        let failed_accounts: Vec<_> = failed
            .iter()
            .filter_map(|p| accounts.get(p))
            .map(|a| a.id)
            .collect();
        let reason: String = e.to_string().chars().take(200).collect();
        self.db(move |conn| {
            write_transaction(conn, |tx| {
                for a in &failed_accounts {
                    gs::mark_refused(tx, *a, now)?;
                }
                for r in &rows {
                    let bad = [r.white_id, r.black_id]
                        .into_iter()
                        .find(|p| failed.contains(p));
                    let problem = match bad {
                        Some(p) => Problem::of_person("token", p),
                        None if failed.is_empty() => Problem {
                            detail: Some(&reason),
                            ..Problem::of("server_refused")
                        },
                        None => {
                            gs::requeue(tx, &[r.id], &[Status::Pushing], 0, None, now)?;
                            continue;
                        }
                    };
                    gs::set_status(tx, &[r.id], Status::Refused, Some(problem), now)?;
                }
                Ok(())
            })
        })
        .await;
        Outcome::Fine
    }

    /// Follows created games whose start has come, settling those that
    /// ended (one read of the server per 300 games, one database pass).
    async fn follow(&mut self, organizers: &HashMap<ChampionshipId, Organizer>) -> Outcome {
        let now = utc_now();
        let Some(rows) = self
            .db(move |conn| {
                Ok(
                    gs::with_status(conn, &[Status::Scheduled, Status::Playing])?
                        .into_iter()
                        .filter(|r| r.pair_at <= now && r.remote_id.is_some())
                        .collect::<Vec<_>>(),
                )
            })
            .await
        else {
            return Outcome::Failed;
        };
        for chunk in rows.chunks(EXPORT_BATCH) {
            let ids: Vec<String> = chunk.iter().filter_map(|r| r.remote_id.clone()).collect();
            let mut games: HashMap<String, ExportedGame> =
                match self.client.export_by_ids(&ids).await {
                    Ok(g) => g.into_iter().map(|g| (g.id.clone(), g)).collect(),
                    Err(CallError::RateLimited) => return Outcome::RateLimited,
                    Err(e) => {
                        tracing::info!(error = %e, "games could not be read from the server");
                        return Outcome::Failed;
                    }
                };
            let seen: Vec<(ServerGame, ExportedGame, PersonId)> = chunk
                .iter()
                .filter_map(|r| {
                    let g = games.remove(r.remote_id.as_deref()?)?;
                    let actor = organizers.get(&r.championship_id)?.actor;
                    Some((r.clone(), g, actor))
                })
                .collect();
            self.db(move |conn| {
                for (r, g, actor) in &seen {
                    settle(conn, r, g, *actor, utc_now())?;
                }
                Ok(())
            })
            .await;
        }
        Outcome::Fine
    }
}

/// What a game seen on the server means here, in one transaction with
/// the row's new state: a game played out is recorded unless a result is
/// already here (then kept); the rest waits for the judge. A row another
/// instance settled meanwhile is left as it is.
pub fn settle(
    conn: &mut DbConnection,
    r: &ServerGame,
    g: &ExportedGame,
    actor: PersonId,
    now: NaiveDateTime,
) -> Result<(), QueryError> {
    let Some(seen) = standing(&g.status, g.winner.as_deref()) else {
        return Ok(());
    };
    let open = [Status::Scheduled, Status::Playing];
    let mark = |conn: &mut DbConnection, status: Status, problem: Option<Problem<'_>>| {
        write_transaction(conn, |tx| {
            gs::advance(tx, &[r.id], &open, status, problem, now)
        })
        .map(|_| ())
    };
    match seen {
        Standing::Waiting | Standing::Playing if r.status() == Status::Scheduled => {
            mark(conn, Status::Playing, None)
        }
        Standing::Waiting | Standing::Playing => Ok(()),
        Standing::Aborted => mark(conn, Status::Aborted, Some(Problem::of("aborted"))),
        Standing::NoStart { absent } => {
            let code = match absent {
                Some(Colour::White) => "no_start_white",
                Some(Colour::Black) => "no_start_black",
                None => "no_start",
            };
            mark(conn, Status::NoStart, Some(Problem::of(code)))
        }
        Standing::EndedByServer => {
            let problem = Problem {
                detail: Some(&g.status),
                ..Problem::of("ended_by_server")
            };
            mark(conn, Status::Ended, Some(problem))
        }
        Standing::Played(winner) => {
            crate::games::record_from_server(conn, r, winner, g, actor, now).map(|_| ())
        }
    }
}

fn millis(t: NaiveDateTime) -> i64 {
    t.and_utc().timestamp_millis()
}
