//! The game-server worker: every `poll_interval_ms` it brings the wanted
//! games in line with the state of play ([`super::reconcile`]), cancels
//! what was withdrawn, creates what is queued (one bulk pairing per round
//! and start time, the regulation's clock), and follows created games
//! until they end, recording each result through the judges' own path.
//!
//! Nothing is lost or doubled over a restart: every step is a row's state
//! in the database, changed in one transaction with what it did here; a
//! creation under way when the instance stopped (`pushing`) is found again
//! among the organizer's bulks on the server or queued anew. A 429 pauses
//! the worker for `rate_limit_pause_ms`; a failed request is tried again
//! after a delay that doubles with each failure.

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
use crate::db::game_servers::{self as gs, ServerGame, Status};
use crate::db::{DbConnection, Pool, QueryError, utc_now, write_transaction};
use crate::i18n::{Lang, Message};
use crate::ids::{ChampionshipId, GameId, PersonId, ServerGameId, TournamentId};
use crate::mail::worker::backoff;
use crate::msg;
use crate::rules::game_server::{LICHESS, Standing, standing};

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

    /// Stops after the step in hand.
    pub async fn stop(self) {
        self.stop.store(true, Ordering::Relaxed);
        self.handle.abort();
        let _ = self.handle.await;
    }
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

/// What a tick learnt of the server.
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
        let mut outcome = self.cancel().await;
        if matches!(outcome, Outcome::Fine) {
            outcome = self.push().await;
        }
        if matches!(outcome, Outcome::Fine) {
            outcome = self.follow().await;
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
                backoff(
                    self.failures,
                    Duration::from_millis(self.settings.retry_base_ms),
                    Duration::from_millis(self.settings.retry_max_ms),
                )
                .max(poll)
            }
        }
    }

    /// The token of an account, opened.
    fn token(&self, account: &gs::Account) -> Option<SecretString> {
        self.sealer.open(&account.token_sealed)
    }

    /// The organizer's account of each connected championship.
    async fn organizers(&self) -> HashMap<ChampionshipId, (PersonId, gs::Account)> {
        self.db(|conn| {
            let mut out = HashMap::new();
            for c in gs::connections(conn)? {
                if let Some(a) = gs::account_by_id(conn, c.account_id)? {
                    out.insert(c.championship_id, (c.connected_by, a));
                }
            }
            Ok(out)
        })
        .await
        .unwrap_or_default()
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
            let bulks = match organizers.get(&c).and_then(|(_, a)| self.token(a)) {
                Some(t) => self.client.bulks(&t).await.unwrap_or_default(),
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
                    gs::requeue(tx, &again, 0, None, now)
                })
            })
            .await;
        }
    }

    /// The folded usernames of the players of these rows.
    async fn usernames(&self, rows: &[ServerGame]) -> HashMap<PersonId, String> {
        let people: Vec<PersonId> = rows.iter().flat_map(|r| [r.white_id, r.black_id]).collect();
        self.db(move |conn| gs::accounts_of(conn, LICHESS, &people))
            .await
            .unwrap_or_default()
            .into_iter()
            .map(|a| (a.person_id, a.username_key))
            .collect()
    }

    /// Cancels withdrawn games on the server while their bulk is still
    /// scheduled; the bulk's other games are queued anew.
    async fn cancel(&mut self) -> Outcome {
        let Some(rows) = self
            .db(|conn| gs::with_status(conn, &[Status::Cancelling]))
            .await
        else {
            return Outcome::Failed;
        };
        if rows.is_empty() {
            return Outcome::Fine;
        }
        let organizers = self.organizers().await;
        for r in rows {
            if let (Some(bulk), Some(token)) = (
                r.bulk_id.clone(),
                organizers
                    .get(&r.championship_id)
                    .and_then(|(_, a)| self.token(a)),
            ) {
                match self.client.cancel_bulk(&token, &bulk).await {
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
                    let siblings: Vec<ServerGameId> = gs::with_status(tx, &[Status::Scheduled])?
                        .into_iter()
                        .filter(|s| s.bulk_id.as_deref() == Some(bulk) && s.pair_at > now)
                        .map(|s| s.id)
                        .collect();
                    gs::requeue(tx, &siblings, 0, None, now)
                })
            })
            .await;
        }
        Outcome::Fine
    }

    /// Creates the queued games: per championship, round and start time,
    /// one bulk, each player once.
    async fn push(&mut self) -> Outcome {
        let now = utc_now();
        let Some(rows) = self
            .db(move |conn| {
                let rows: Vec<ServerGame> = gs::with_status(conn, &[Status::Queued])?
                    .into_iter()
                    .filter(|r| r.next_try_at.is_none_or(|t| t <= now))
                    .collect();
                // Claimed by this instance: another one sees them pushing.
                write_transaction(conn, |tx| {
                    let ids: Vec<ServerGameId> = rows.iter().map(|r| r.id).collect();
                    gs::claim(tx, &ids, now)
                })
            })
            .await
        else {
            return Outcome::Failed;
        };
        if rows.is_empty() {
            return Outcome::Fine;
        }
        let organizers = self.organizers().await;
        let places = {
            let ids: Vec<GameId> = rows.iter().map(|r| r.game_id).collect();
            self.db(move |conn| gs::places_of(conn, &ids))
                .await
                .unwrap_or_default()
        };
        let place: HashMap<GameId, (TournamentId, i32)> =
            places.into_iter().map(|(g, t, n, _)| (g, (t, n))).collect();
        let mut groups: BTreeMap<
            (ChampionshipId, TournamentId, i32, NaiveDateTime),
            Vec<ServerGame>,
        > = BTreeMap::new();
        for r in rows {
            // A game gone meanwhile (a round taken back) is left to reconcile.
            let Some((t, n)) = place.get(&r.game_id).copied() else {
                continue;
            };
            groups
                .entry((r.championship_id, t, n, r.pair_at))
                .or_default()
                .push(r);
        }
        for ((c, t, round, pair_at), rows) in groups {
            let outcome = self
                .push_group(&organizers, c, t, round, pair_at, rows)
                .await;
            if !matches!(outcome, Outcome::Fine) {
                // What is still pushing goes back to the queue.
                let now = utc_now();
                let failures = self.failures + 1;
                let next = match outcome {
                    Outcome::Failed => {
                        let wait = backoff(
                            failures,
                            Duration::from_millis(self.settings.retry_base_ms),
                            Duration::from_millis(self.settings.retry_max_ms),
                        );
                        Some(now + TimeDelta::from_std(wait).unwrap_or(TimeDelta::MAX))
                    }
                    _ => None,
                };
                self.db(move |conn| {
                    let ids: Vec<ServerGameId> = gs::with_status(conn, &[Status::Pushing])?
                        .into_iter()
                        .map(|r| r.id)
                        .collect();
                    write_transaction(conn, |tx| gs::requeue(tx, &ids, failures as i32, next, now))
                })
                .await;
                return outcome;
            }
        }
        Outcome::Fine
    }

    async fn push_group(
        &mut self,
        organizers: &HashMap<ChampionshipId, (PersonId, gs::Account)>,
        c: ChampionshipId,
        t: TournamentId,
        round: i32,
        pair_at: NaiveDateTime,
        rows: Vec<ServerGame>,
    ) -> Outcome {
        let now = utc_now();
        let Some((_, org_account)) = organizers.get(&c) else {
            self.refuse(rows.iter().map(|r| (r.id, "not_connected", None)).collect())
                .await;
            return Outcome::Fine;
        };
        let Some(org_token) = self.token(org_account) else {
            self.refuse(
                rows.iter()
                    .map(|r| (r.id, "organizer_token", None))
                    .collect(),
            )
            .await;
            return Outcome::Fine;
        };
        let people: Vec<PersonId> = rows.iter().flat_map(|r| [r.white_id, r.black_id]).collect();
        let accounts: HashMap<PersonId, gs::Account> = self
            .db(move |conn| gs::accounts_of(conn, LICHESS, &people))
            .await
            .unwrap_or_default()
            .into_iter()
            .map(|a| (a.person_id, a))
            .collect();
        let organizer = org_account.person_id;
        let org_lang = self
            .db(move |conn| crate::db::people::by_id(conn, organizer))
            .await
            .flatten()
            .and_then(|p| Lang::parse(&p.locale))
            .unwrap_or(Lang::Ru);
        let Some(ctx) = self
            .db(move |conn| crate::TournamentContext::load(conn, t))
            .await
            .flatten()
        else {
            return Outcome::Failed;
        };
        // Players who never linked stay on manual play.
        let mut ready = Vec::new();
        let mut unlinked = Vec::new();
        for r in rows {
            let missing = [r.white_id, r.black_id]
                .into_iter()
                .find(|p| accounts.get(p).and_then(|a| self.token(a)).is_none());
            match missing {
                Some(p) => unlinked.push((r.id, "not_linked", Some(p))),
                None => ready.push(r),
            }
        }
        self.refuse(unlinked).await;
        if ready.is_empty() {
            return Outcome::Fine;
        }
        let tokens: HashMap<PersonId, SecretString> = accounts
            .iter()
            .filter_map(|(p, a)| self.token(a).map(|t| (*p, t)))
            .collect();
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
                .render(org_lang),
        };
        match self.client.create_bulk(&org_token, &request).await {
            Ok(bulk) => {
                let names: HashMap<PersonId, String> = accounts
                    .iter()
                    .map(|(p, a)| (*p, a.username_key.clone()))
                    .collect();
                let mut made = Vec::new();
                for r in &ready {
                    let (w, b) = (&names[&r.white_id], &names[&r.black_id]);
                    if let Some(g) = bulk
                        .games
                        .iter()
                        .find(|g| g.white.to_lowercase() == *w && g.black.to_lowercase() == *b)
                    {
                        made.push((r.id, g.id.clone()));
                    }
                }
                let bulk_id = bulk.id.clone();
                self.db(move |conn| {
                    write_transaction(conn, |tx| {
                        for (id, game) in &made {
                            gs::created(tx, *id, &bulk_id, game, now)?;
                        }
                        Ok(())
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
                let account = org_account.id;
                self.db(move |conn| {
                    write_transaction(conn, |tx| gs::mark_refused(tx, account, now))
                })
                .await;
                self.refuse(
                    ready
                        .iter()
                        .map(|r| (r.id, "organizer_token", None))
                        .collect(),
                )
                .await;
                Outcome::Fine
            }
            Err(e) => self.refused_bulk(e, ready, &accounts, &tokens).await,
        }
    }

    /// The server refused to create these games: each waits for the
    /// judge with its problem.
    async fn refuse(&self, rows: Vec<(ServerGameId, &'static str, Option<PersonId>)>) {
        if rows.is_empty() {
            return;
        }
        let now = utc_now();
        self.db(move |conn| {
            write_transaction(conn, |tx| {
                for (id, problem, person) in &rows {
                    gs::set_status(tx, &[*id], Status::Refused, Some((problem, *person)), now)?;
                }
                Ok(())
            })
        })
        .await;
    }

    /// The server refused the bulk whole: its tokens are tested, the
    /// games of players whose token failed wait for them, the others go
    /// back to the queue at once.
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
                    match bad {
                        Some(p) => {
                            gs::set_status(
                                tx,
                                &[r.id],
                                Status::Refused,
                                Some(("token", Some(p))),
                                now,
                            )?;
                        }
                        None if failed.is_empty() => {
                            gs::set_status(
                                tx,
                                &[r.id],
                                Status::Refused,
                                Some((&reason, None)),
                                now,
                            )?;
                        }
                        None => {
                            gs::requeue(tx, &[r.id], 0, None, now)?;
                        }
                    }
                }
                Ok(())
            })
        })
        .await;
        Outcome::Fine
    }

    /// Follows created games whose start has come, recording those that
    /// ended.
    async fn follow(&mut self) -> Outcome {
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
        let organizers = self.organizers().await;
        for chunk in rows.chunks(EXPORT_BATCH) {
            let ids: Vec<String> = chunk.iter().filter_map(|r| r.remote_id.clone()).collect();
            let games = match self.client.export_by_ids(&ids).await {
                Ok(g) => g,
                Err(CallError::RateLimited) => return Outcome::RateLimited,
                Err(e) => {
                    tracing::info!(error = %e, "games could not be read from the server");
                    return Outcome::Failed;
                }
            };
            let by_id: HashMap<&str, &ExportedGame> =
                games.iter().map(|g| (g.id.as_str(), g)).collect();
            for r in chunk {
                let Some(g) = r.remote_id.as_deref().and_then(|id| by_id.get(id)) else {
                    continue;
                };
                let Some(actor) = organizers.get(&r.championship_id).map(|(p, _)| *p) else {
                    continue;
                };
                let (r, g) = (r.clone(), (*g).clone());
                self.db(move |conn| settle(conn, &r, &g, actor, utc_now()))
                    .await;
            }
        }
        Outcome::Fine
    }
}

/// What a game seen on the server means here, in one transaction with
/// the row's new state: a game played out is recorded unless a result is
/// already here (then kept); the rest waits for the judge.
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
    let mark = |conn: &mut DbConnection, status: Status, problem: Option<&str>| {
        write_transaction(conn, |tx| {
            gs::set_status(tx, &[r.id], status, problem.map(|p| (p, None)), now)
        })
        .map(|_| ())
    };
    match seen {
        Standing::Waiting | Standing::Playing => {
            if r.status() == Status::Scheduled {
                mark(conn, Status::Playing, None)?;
            }
            Ok(())
        }
        Standing::Aborted => mark(conn, Status::Aborted, Some("aborted")),
        Standing::NoStart { absent } => {
            let who = match absent {
                Some(crate::rules::game_server::Colour::White) => "no_start_white",
                Some(crate::rules::game_server::Colour::Black) => "no_start_black",
                None => "no_start",
            };
            mark(conn, Status::NoStart, Some(who))
        }
        Standing::EndedByServer => mark(conn, Status::Ended, Some(&g.status)),
        Standing::Played(winner) => {
            match crate::games::record_from_server(conn, r, winner, g, actor, now)? {
                crate::games::Settled::Kept => mark(conn, Status::Kept, None),
                _ => Ok(()),
            }
        }
    }
}

fn millis(t: NaiveDateTime) -> i64 {
    t.and_utc().timestamp_millis()
}
