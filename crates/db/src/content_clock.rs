//! The content versions on PostgreSQL, read once for many requests.
//!
//! A kept page is served only while the content versions it was drawn at
//! still stand (`web::infra::page_cache`), and another instance may have
//! moved them a moment ago, so every request has to learn the versions
//! from the database, read after the request arrived. On PostgreSQL that
//! read is a network round trip; asked once per request, it held the
//! kept pages to a fifth of the static rate.
//!
//! The clock reads the versions' totals (the sum of every championship's
//! version, which only grows, the platform's version and the lists') on a
//! thread and connection of its own, and one read answers every request
//! that arrived before it began: a request waits for the next read to
//! *begin* after it came, never takes one in flight, so what it learns is
//! as fresh as a read of its own.
//!
//! The same read keeps every championship's own version: it reads the
//! rows of `championship_content` moved by a transaction not older than
//! the oldest one still running at the previous read (its snapshot's
//! xmin; each row names the transaction that last moved it, migration
//! 000040). Every change committed since the previous read is among them,
//! so a championship's version is known at each read without a statement
//! per request, and a change elsewhere costs a championship's pages
//! nothing (before, any change forgot every championship's version).

use std::collections::HashMap;
use std::sync::{Arc, Condvar, Mutex};

use tokio::sync::watch;

use super::{ConnectionManager, DbConnection, DbUrl, ManageConnection};
use league_ids::ChampionshipId;

/// How long a request waits for the totals before it goes without (its
/// page is drawn, not served from the cache).
const WAIT: std::time::Duration = std::time::Duration::from_secs(2);

/// The totals as one read found them.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Now {
    /// The sum of every championship's content version, the platform's
    /// version (a platform page's stamp) and the lists' version (a list's
    /// stamp): `db::championships::site_stamp`.
    pub totals: (i64, i64, i64),
    /// Moves whenever the totals do: what a championship's version learnt
    /// under it is good for.
    pub epoch: u64,
}

#[derive(Clone, Copy)]
struct Read {
    /// The number of the read (counted from 1 as they begin).
    number: u64,
    /// `None` when the database did not answer.
    now: Option<Now>,
}

struct Asks {
    /// Reads begun.
    begun: u64,
    /// The read the latest request waits for.
    wanted: u64,
    closed: bool,
}

struct Shared {
    manager: ConnectionManager,
    asks: Mutex<Asks>,
    wake: Condvar,
    reads: watch::Sender<Read>,
    /// Championships' own versions learnt under an epoch.
    /// Every championship's content version as of the last read (or a
    /// request's own read since): only ever moved forward.
    versions: Mutex<HashMap<ChampionshipId, i64>>,
}

/// One per server; reading starts with the first request.
pub struct ContentClock {
    shared: Arc<Shared>,
}

impl ContentClock {
    pub fn start(url: DbUrl) -> ContentClock {
        let (reads, _) = watch::channel(Read {
            number: 0,
            now: None,
        });
        let shared = Arc::new(Shared {
            manager: ConnectionManager::new(url),
            asks: Mutex::new(Asks {
                begun: 0,
                wanted: 0,
                closed: false,
            }),
            wake: Condvar::new(),
            reads,
            versions: Mutex::new(HashMap::new()),
        });
        let reader = shared.clone();
        if let Err(e) = std::thread::Builder::new()
            .name("content-clock".into())
            .spawn(move || reader.run())
        {
            tracing::warn!(error = %e, "the content clock did not start");
            if let Ok(mut asks) = shared.asks.lock() {
                asks.closed = true;
            }
        }
        ContentClock { shared }
    }

    /// The totals from a read begun after this call; `None` when the
    /// database did not answer, or not within [`WAIT`].
    pub async fn now(&self) -> Option<Now> {
        let mut reads = self.shared.reads.subscribe();
        let wanted = {
            let mut asks = self.shared.asks.lock().ok()?;
            if asks.closed {
                return None;
            }
            asks.wanted = asks.begun + 1;
            asks.wanted
        };
        self.shared.wake.notify_one();
        let read = tokio::time::timeout(WAIT, reads.wait_for(|r| r.number >= wanted))
            .await
            .ok()?
            .ok()?;
        read.now
    }

    /// The championship's own version as of the last read (call after
    /// [`ContentClock::now`]: the read it waited for is in it), if known.
    pub fn known(&self, championship: ChampionshipId) -> Option<i64> {
        self.shared
            .versions
            .lock()
            .ok()?
            .get(&championship)
            .copied()
    }

    /// Keeps a championship's own version a request read itself (one the
    /// clock did not know yet), unless a newer one is known.
    pub fn learn(&self, championship: ChampionshipId, version: i64) {
        if let Ok(mut versions) = self.shared.versions.lock() {
            forward(&mut versions, championship, version);
        }
    }
}

/// Moves a kept version forward only (versions only grow, and a read may
/// finish after a newer one).
fn forward(versions: &mut HashMap<ChampionshipId, i64>, c: ChampionshipId, version: i64) {
    let kept = versions.entry(c).or_insert(version);
    *kept = (*kept).max(version);
}

impl Drop for ContentClock {
    fn drop(&mut self) {
        if let Ok(mut asks) = self.shared.asks.lock() {
            asks.closed = true;
        }
        self.shared.wake.notify_one();
    }
}

impl Shared {
    fn run(&self) {
        let mut conn: Option<DbConnection> = None;
        // The epoch moves with the totals, and after a failed read too.
        let mut epoch = 0u64;
        let mut last: Option<(i64, i64, i64)> = None;
        // The previous read's snapshot xmin; `None` until every row was read.
        let mut horizon: Option<i64> = None;
        loop {
            let number = {
                let Ok(mut asks) = self.asks.lock() else {
                    return;
                };
                while asks.wanted <= asks.begun && !asks.closed {
                    asks = match self.wake.wait(asks) {
                        Ok(asks) => asks,
                        Err(_) => return,
                    };
                }
                if asks.closed {
                    return;
                }
                asks.begun += 1;
                asks.begun
            };
            let totals = self.read(&mut conn, &mut horizon);
            if totals.is_none() || totals != last {
                epoch += 1;
            }
            last = totals;
            let now = totals.map(|totals| Now { totals, epoch });
            self.reads.send_replace(Read { number, now });
        }
    }

    /// On the clock's own connection, opened on first use and again after
    /// a failure: the championships' versions moved since the previous
    /// read (kept in `versions` before the read is announced), then the
    /// totals.
    fn read(
        &self,
        conn: &mut Option<DbConnection>,
        horizon: &mut Option<i64>,
    ) -> Option<(i64, i64, i64)> {
        if conn.is_none() {
            match self.manager.connect() {
                Ok(c) => *conn = Some(c),
                Err(e) => {
                    tracing::warn!(error = %e, "the content clock cannot reach the database");
                    return None;
                }
            }
        }
        let c = conn.as_mut()?;
        let read = super::championships::content_moved_since(c, *horizon)
            .and_then(|moved| super::championships::site_stamp(c).map(|totals| (moved, totals)));
        match read {
            Ok(((next, moved), totals)) => {
                if let Ok(mut versions) = self.versions.lock() {
                    for (championship, version) in moved {
                        forward(&mut versions, championship, version);
                    }
                }
                *horizon = Some(next);
                Some(totals)
            }
            Err(e) => {
                tracing::warn!(error = %e, "the content clock's read failed");
                *conn = None;
                None
            }
        }
    }
}
