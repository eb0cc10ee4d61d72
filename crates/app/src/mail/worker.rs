//! The sending worker: a task that, every `poll_interval_ms`, claims due
//! rows of the outbox under a lease, sends each through lettre's async SMTP
//! transport (or writes it as an `.eml` file when no SMTP server is
//! configured) and marks it sent; on an error it records the error and
//! tries again after a delay that doubles with every attempt
//! ([`backoff`]), until `max_attempts`. A permanent refusal (5xx, a
//! malformed address) fails the message at once.
//!
//! Nothing is lost on a restart: rows are durable, and a claim whose
//! instance died expires with its lease. Several instances send each
//! message once: a row is claimed by one of them (see `db::outbox::claim`)
//! and only the claim's holder may mark it.

use std::path::PathBuf;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Duration;

use chrono::NaiveDateTime;
use lettre::message::Mailbox;
use lettre::message::header::ContentType;
use lettre::transport::smtp::authentication::Credentials;
use lettre::{AsyncSmtpTransport, AsyncTransport, Tokio1Executor};
use secrecy::ExposeSecret;
use tokio::sync::Notify;
use tokio::task::JoinHandle;

use crate::config::{MailSecurity, MailSettings, Settings};
use crate::db::outbox::{self, OutboxRow};
use crate::db::{Pool, utc_now, write_transaction};

/// Delay before the next attempt after `attempts` failed ones (1, 2, …):
/// `base × 2^(attempts−1)`, never more than `max`.
pub fn backoff(attempts: u32, base: Duration, max: Duration) -> Duration {
    let exp = attempts.saturating_sub(1).min(32);
    base.checked_mul(1u32 << exp.min(31))
        .map_or(max, |d| d.min(max))
}

#[derive(Debug, thiserror::Error)]
pub enum MailError {
    #[error("mail: cannot set up SMTP for {0}: {1}")]
    Smtp(String, String),
    #[error("mail: the sender address {0:?} is not valid: {1}")]
    From(String, String),
}

/// Where messages go.
enum Transport {
    Smtp(Box<AsyncSmtpTransport<Tokio1Executor>>),
    /// No SMTP server configured: `.eml` files in this directory.
    Files(PathBuf),
}

/// Why one attempt failed, and whether trying again may help.
struct Failure {
    error: String,
    permanent: bool,
}

struct Config {
    from: Mailbox,
    transport: Transport,
    poll: Duration,
    retry_base: Duration,
    retry_max: Duration,
    max_attempts: u32,
    lease: chrono::TimeDelta,
    /// The site's address, for the links of the messages.
    public_url: String,
}

/// A chore the worker runs every [`CHORE_EVERY`] besides sending, given by
/// the binary (the officials' daily digest: `digest::queue_due`); mail
/// itself calls no use case.
pub type Chore = Arc<
    dyn Fn(&mut crate::db::DbConnection, NaiveDateTime) -> crate::db::QueryResult<usize>
        + Send
        + Sync,
>;

/// A message's links as the reader can follow them: every word of the
/// text that is a path of the site (it begins with `/` and a letter) gets
/// the site's address in front.
pub fn absolute_links(text: &str, public_url: &str) -> String {
    let base = public_url.trim_end_matches('/');
    let mut out = String::with_capacity(text.len());
    let mut rest = text;
    while let Some(i) = rest.find('/') {
        let (before, from) = rest.split_at(i);
        out.push_str(before);
        let starts_word = before.is_empty() && out.is_empty()
            || out.ends_with(|c: char| c.is_whitespace() || c == '(' || c == '«');
        let path_like = from[1..].starts_with(|c: char| c.is_ascii_alphabetic());
        if starts_word && path_like {
            out.push_str(base);
        }
        out.push('/');
        rest = &from[1..];
    }
    out.push_str(rest);
    out
}

impl Config {
    fn new(settings: &Settings) -> Result<Config, MailError> {
        let m: &MailSettings = &settings.mail;
        let from = m
            .from
            .parse::<Mailbox>()
            .map_err(|e| MailError::From(m.from.clone(), e.to_string()))?;
        let transport = match &m.host {
            Some(host) if !host.trim().is_empty() => {
                let host = host.trim();
                let smtp = |e: lettre::transport::smtp::Error| {
                    MailError::Smtp(host.to_owned(), e.to_string())
                };
                let builder = match m.security {
                    MailSecurity::Tls => {
                        AsyncSmtpTransport::<Tokio1Executor>::relay(host).map_err(smtp)?
                    }
                    MailSecurity::Starttls => {
                        AsyncSmtpTransport::<Tokio1Executor>::starttls_relay(host).map_err(smtp)?
                    }
                    MailSecurity::None => {
                        AsyncSmtpTransport::<Tokio1Executor>::builder_dangerous(host)
                    }
                };
                let mut builder = builder
                    .port(m.port())
                    .timeout(Some(Duration::from_secs(m.timeout_secs.max(1))));
                if let Some(user) = &m.user {
                    let password = m
                        .password
                        .as_ref()
                        .map(|p| p.expose_secret().to_owned())
                        .unwrap_or_default();
                    builder = builder.credentials(Credentials::new(user.clone(), password));
                }
                Transport::Smtp(Box::new(builder.build()))
            }
            _ => Transport::Files(settings.outbox_dir()),
        };
        Ok(Config {
            from,
            transport,
            poll: Duration::from_millis(m.poll_interval_ms.max(10)),
            retry_base: Duration::from_millis(m.retry_base_ms),
            retry_max: Duration::from_millis(m.retry_max_ms.max(m.retry_base_ms)),
            max_attempts: m.max_attempts.max(1),
            lease: chrono::TimeDelta::seconds(m.lease_secs.max(1) as i64),
            public_url: settings.public_url.clone(),
        })
    }
}

/// The running worker; [`Worker::stop`] ends it after the batch in hand.
/// Dropping the handle leaves it running with the runtime.
pub struct Worker {
    stop: Arc<Stop>,
    task: JoinHandle<()>,
}

struct Stop {
    requested: AtomicBool,
    wake: Notify,
}

impl Worker {
    /// Starts the worker on the current tokio runtime.
    pub fn start(
        pool: Pool,
        settings: &Settings,
        chore: Option<Chore>,
    ) -> Result<Worker, MailError> {
        let config = Arc::new(Config::new(settings)?);
        match &config.transport {
            Transport::Files(dir) => tracing::info!(
                dir = %dir.display(),
                "outbox: no SMTP host configured ([mail] host); e-mail notices are written as .eml files"
            ),
            Transport::Smtp(_) => tracing::info!(
                host = settings.mail.host.as_deref().unwrap_or_default(),
                port = settings.mail.port(),
                "outbox: sending e-mail notices over SMTP"
            ),
        }
        let stop = Arc::new(Stop {
            requested: AtomicBool::new(false),
            wake: Notify::new(),
        });
        let token_base = format!("{}-{:016x}", std::process::id(), rand::random::<u64>());
        let task = tokio::spawn(run(pool, config, stop.clone(), token_base, chore));
        Ok(Worker { stop, task })
    }

    /// Asks the worker to stop and waits until it has.
    pub async fn stop(self) {
        self.stop.requested.store(true, Ordering::SeqCst);
        self.stop.wake.notify_one();
        let _ = self.task.await;
    }
}

/// How often the worker runs its chore.
const CHORE_EVERY: Duration = Duration::from_secs(300);

async fn run(
    pool: Pool,
    config: Arc<Config>,
    stop: Arc<Stop>,
    token_base: String,
    chore: Option<Chore>,
) {
    let mut round: u64 = 0;
    let mut chore_done: Option<std::time::Instant> = None;
    while !stop.requested.load(Ordering::SeqCst) {
        round += 1;
        if let Some(chore) = &chore
            && chore_done.is_none_or(|at| at.elapsed() >= CHORE_EVERY)
        {
            chore_done = Some(std::time::Instant::now());
            let chore = chore.clone();
            if let Err(e) = db(&pool, move |conn| chore(conn, utc_now())).await {
                tracing::warn!(error = %e, "outbox: the worker's chore failed");
            }
        }
        let token = format!("{token_base}-{round}");
        match send_due(&pool, &config, &token).await {
            // A full batch: there may be more due at once.
            Ok(n) if n >= BATCH as usize => continue,
            Ok(_) => {}
            Err(e) => tracing::warn!(error = %e, "outbox: cannot read due messages"),
        }
        tokio::select! {
            _ = stop.wake.notified() => {}
            _ = tokio::time::sleep(config.poll) => {}
        }
    }
}

const BATCH: i64 = 20;

/// Runs blocking database work on tokio's blocking pool.
async fn db<T, F>(pool: &Pool, f: F) -> Result<T, String>
where
    F: FnOnce(&mut crate::db::DbConnection) -> crate::db::QueryResult<T> + Send + 'static,
    T: Send + 'static,
{
    let pool = pool.clone();
    tokio::task::spawn_blocking(move || {
        let mut conn = pool.get().map_err(|e| e.to_string())?;
        f(&mut conn).map_err(|e| e.to_string())
    })
    .await
    .map_err(|e| e.to_string())?
}

/// Claims and sends one batch; the number of messages claimed.
async fn send_due(pool: &Pool, config: &Arc<Config>, token: &str) -> Result<usize, String> {
    let now = utc_now();
    if !db(pool, move |conn| outbox::any_due(conn, now)).await? {
        return Ok(0);
    }
    let lease_until = now + config.lease;
    let owned = token.to_owned();
    let rows = db(pool, move |conn| {
        write_transaction(conn, |tx| {
            outbox::claim(tx, &owned, now, lease_until, BATCH)
        })
    })
    .await?;
    let n = rows.len();
    for row in rows {
        let outcome = deliver(config, &row).await;
        let (id, token) = (row.id, token.to_owned());
        let done = utc_now();
        let marked = match outcome {
            Ok(()) => {
                db(pool, move |conn| {
                    write_transaction(conn, |tx| outbox::mark_sent(tx, id, &token, done))
                })
                .await
            }
            Err(f) => {
                let attempts = u32::try_from(row.attempts).unwrap_or(0) + 1;
                let next = retry_at(config, &f, attempts, done);
                tracing::info!(id = id.0, attempts, error = %f.error, retry = next.is_some(), "outbox: not sent");
                db(pool, move |conn| {
                    write_transaction(conn, |tx| {
                        outbox::mark_attempt_failed(tx, id, &token, &f.error, next)
                    })
                })
                .await
            }
        };
        match marked {
            Ok(true) => {}
            Ok(false) => tracing::warn!(
                id = id.0,
                "outbox: the claim expired before the message was marked"
            ),
            Err(e) => tracing::warn!(id = id.0, error = %e, "outbox: cannot mark the message"),
        }
    }
    Ok(n)
}

/// When to try again, or None when the message has failed for good.
fn retry_at(
    config: &Config,
    f: &Failure,
    attempts: u32,
    now: NaiveDateTime,
) -> Option<NaiveDateTime> {
    if f.permanent || attempts >= config.max_attempts {
        return None;
    }
    let delay = backoff(attempts, config.retry_base, config.retry_max);
    Some(now + chrono::TimeDelta::from_std(delay).unwrap_or(chrono::TimeDelta::hours(1)))
}

/// The message as lettre builds it: a stable Message-ID per row, so a
/// receiver can tell a duplicate.
fn build(config: &Config, row: &OutboxRow) -> Result<lettre::Message, Failure> {
    let permanent = |e: String| Failure {
        error: e,
        permanent: true,
    };
    let to = row
        .address
        .parse::<Mailbox>()
        .map_err(|e| permanent(format!("recipient {}: {e}", row.address)))?;
    let domain = config.from.email.domain().to_owned();
    lettre::Message::builder()
        .from(config.from.clone())
        .to(to)
        .subject(row.subject.clone())
        .message_id(Some(format!(
            "<outbox-{}-{}@{domain}>",
            row.id,
            row.created_at.and_utc().timestamp_micros()
        )))
        .header(ContentType::TEXT_PLAIN)
        .body(absolute_links(&row.body, &config.public_url))
        .map_err(|e| permanent(e.to_string()))
}

async fn deliver(config: &Config, row: &OutboxRow) -> Result<(), Failure> {
    let message = build(config, row)?;
    match &config.transport {
        Transport::Smtp(smtp) => smtp.send(message).await.map(|_| ()).map_err(|e| Failure {
            permanent: e.is_permanent(),
            error: e.to_string(),
        }),
        Transport::Files(dir) => {
            let dir = dir.clone();
            let name = format!("{:06}-{}.eml", row.id, row.kind);
            let bytes = message.formatted();
            tokio::task::spawn_blocking(move || write_eml(&dir, &name, &bytes))
                .await
                .map_err(|e| e.to_string())
                .and_then(|r| r.map_err(|e| e.to_string()))
                .map_err(|error| Failure {
                    error,
                    permanent: false,
                })
        }
    }
}

/// Writes the file whole or not at all (a temporary name, then a rename).
fn write_eml(dir: &std::path::Path, name: &str, bytes: &[u8]) -> std::io::Result<()> {
    std::fs::create_dir_all(dir)?;
    let tmp = dir.join(format!(".{name}.tmp"));
    std::fs::write(&tmp, bytes)?;
    std::fs::rename(&tmp, dir.join(name))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_site_path_in_a_message_becomes_a_link_to_the_site() {
        let base = "https://league.example/";
        assert_eq!(
            absolute_links("Open /championships/1/appeals/2 now", base),
            "Open https://league.example/championships/1/appeals/2 now"
        );
        assert_eq!(
            absolute_links("/teams/3\n(/people/ko1)", base),
            "https://league.example/teams/3\n(https://league.example/people/ko1)"
        );
        // Not a path: a fraction, a date, a result, an address already whole.
        for text in [
            "½ 1/2 2026/03/14 -- 0-1",
            "https://x.example/teams/1",
            "a/b",
        ] {
            assert_eq!(absolute_links(text, base), text);
        }
    }

    const S: Duration = Duration::from_secs(30);
    const CAP: Duration = Duration::from_secs(3600);

    #[test]
    fn backoff_doubles_from_the_base() {
        assert_eq!(backoff(1, S, CAP), Duration::from_secs(30));
        assert_eq!(backoff(2, S, CAP), Duration::from_secs(60));
        assert_eq!(backoff(3, S, CAP), Duration::from_secs(120));
        assert_eq!(backoff(5, S, CAP), Duration::from_secs(480));
    }

    #[test]
    fn backoff_is_capped_and_never_overflows() {
        assert_eq!(backoff(8, S, CAP), CAP);
        assert_eq!(backoff(40, S, CAP), CAP);
        assert_eq!(backoff(u32::MAX, S, CAP), CAP);
        assert_eq!(
            backoff(0, S, CAP),
            S,
            "the first failure waits the base delay"
        );
    }

    proptest::proptest! {
        #[test]
        fn backoff_never_shrinks_and_stays_within_bounds(n in 1u32..200, base_ms in 1u64..100_000) {
            let base = Duration::from_millis(base_ms);
            let cap = Duration::from_millis(base_ms * 1000);
            let a = backoff(n, base, cap);
            let b = backoff(n + 1, base, cap);
            proptest::prop_assert!(a <= b);
            proptest::prop_assert!(a >= base && a <= cap);
        }
    }
}
