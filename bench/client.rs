//! The load client of `bench/http.sh` and `bench/writes.sh`: what a
//! tournament day sends to a running server that `league generate` filled.
//!
//! ```text
//! cargo run --release --example bench-client -- --base URL --nick N --password P \
//!     burst --championship C [--sheet] [--connections 64]
//! cargo run --release --example bench-client -- --base URL --nick N --password P \
//!     miss --championship C --count 300 [--view URL] PATH...
//! cargo run --release --example bench-client -- --base URL --nick N --password P \
//!     night --championship C [--rate 200] [--judges 8] [--seconds 30] [--sheet] [--follow] [--also URL] [--view URL]
//! ```
//!
//! `burst`: the organizer (chief judge) of the generated championship
//! reopens its finished tournaments, then `--connections` judges' sessions
//! (each signed in on its own) change every played game's result (a game
//! still unplayed keeps its round in play), one game per
//! request through the game's result form, or with `--sheet` one round's
//! result sheet per request. It prints results/s, then reads every game
//! back through the JSON API and fails unless each acknowledged result is
//! stored.
//!
//! `night`: judges' sessions post results into the championship's last
//! tournament (reopened when finished) at a steady `--rate` of requests
//! per second (0: as fast as they go) for `--seconds`, one game or with
//! `--sheet` one round's sheet per request, each judge owning its games so
//! that versions never collide; with `--follow` each save is followed by
//! the page it redirects to, as a judge's browser does. A visitor watches
//! (through `--view`, default `--base`) the tournament's rounds in the
//! public API, which is kept and stamped as the pages are, and times from
//! each acknowledgement to the first reading that shows it. Prints the
//! writers' rate and p50/p99, the visibility p50/p99/max (fails above
//! `--visible-within-ms`), then reads every game back and fails unless
//! each game's last acknowledged result is stored.
//!
//! `miss`: after each of `--count` result changes in the championship's
//! last tournament, times the first view of each PATH (the standings
//! cache was just invalidated) and prints p50/p99 per path; with `--view
//! URL` the visitor reads from another instance. Each change must show at
//! once in the visitor's reading of the games (JSON API).

use std::collections::HashMap;
use std::sync::Arc;
use std::time::{Duration, Instant};

use anyhow::{Context, bail, ensure};
use clap::{Parser, Subcommand};
use reqwest::{Client, StatusCode, redirect::Policy};
use serde_json::Value;
use tokio::sync::Mutex;

#[derive(Parser)]
struct Args {
    /// The server, e.g. http://127.0.0.1:18080.
    #[arg(long)]
    base: String,
    /// The judge who signs in (the generated organizer).
    #[arg(long)]
    nick: String,
    #[arg(long)]
    password: String,
    #[command(subcommand)]
    what: What,
}

#[derive(Subcommand)]
enum What {
    /// Every game of a championship changed once, as fast as it goes.
    Burst {
        #[arg(long)]
        championship: i64,
        /// One round's result sheet per request instead of one game.
        #[arg(long)]
        sheet: bool,
        #[arg(long, default_value_t = 64)]
        connections: usize,
    },
    /// Results at a steady rate for a while, with a visibility watch.
    Night {
        #[arg(long)]
        championship: i64,
        /// Requests per second over all judges (0: as fast as they go).
        #[arg(long, default_value_t = 200.0)]
        rate: f64,
        #[arg(long, default_value_t = 8)]
        judges: usize,
        #[arg(long, default_value_t = 30.0)]
        seconds: f64,
        /// One round's result sheet per request instead of one game.
        #[arg(long)]
        sheet: bool,
        /// Follow each save's redirect to the judge's page.
        #[arg(long)]
        follow: bool,
        /// Other instances the judges also write through (in turn).
        #[arg(long)]
        also: Vec<String>,
        /// The instance the visitor watches (default: `--base`).
        #[arg(long)]
        view: Option<String>,
        #[arg(long, default_value_t = 1000)]
        visible_within_ms: u64,
    },
    /// The first view of each page after a result changed it.
    Miss {
        #[arg(long)]
        championship: i64,
        #[arg(long, default_value_t = 300)]
        count: usize,
        /// The instance the visitor reads from (default: `--base`, where
        /// the results are written).
        #[arg(long)]
        view: Option<String>,
        paths: Vec<String>,
    },
}

/// A signed-in browser: its cookies and the form token of its session.
struct Session {
    http: Client,
    csrf: String,
}

fn client() -> anyhow::Result<Client> {
    Ok(Client::builder()
        .cookie_store(true)
        .redirect(Policy::none())
        .pool_max_idle_per_host(1)
        .build()?)
}

/// The value of the first `csrf_token` field of a page.
fn csrf_of(html: &str) -> Option<String> {
    let doc = scraper::Html::parse_document(html);
    let sel = scraper::Selector::parse(r#"input[name="csrf_token"]"#).ok()?;
    doc.select(&sel)
        .next()
        .and_then(|e| e.value().attr("value"))
        .map(str::to_owned)
}

async fn sign_in(base: &str, nick: &str, password: &str) -> anyhow::Result<Session> {
    let http = client()?;
    let form = http
        .get(format!("{base}/login"))
        .send()
        .await?
        .text()
        .await?;
    let csrf = csrf_of(&form).context("the sign-in form has no token")?;
    let done = http
        .post(format!("{base}/login"))
        .form(&[
            ("login", nick),
            ("password", password),
            ("next", "/"),
            ("csrf_token", &csrf),
        ])
        .send()
        .await?;
    ensure!(
        done.status() == StatusCode::SEE_OTHER,
        "sign-in of {nick} answered {}",
        done.status()
    );
    let page = http.get(format!("{base}/account")).send().await?;
    ensure!(
        page.status().is_success(),
        "signed in, /account answered {}",
        page.status()
    );
    let csrf = csrf_of(&page.text().await?).context("no token on /account")?;
    Ok(Session { http, csrf })
}

/// One game as the API shows it.
#[derive(Debug, Clone)]
struct Game {
    tournament: i64,
    id: i64,
    result: String,
    version: i64,
}

/// Every tournament of the championship (id, finished) and every game of
/// them.
async fn games_of(
    http: &Client,
    base: &str,
    c: i64,
) -> anyhow::Result<(Vec<Game>, Vec<(i64, bool)>)> {
    let api = format!("{base}/api/v1/championships/{c}/tournaments");
    let list: Value = http
        .get(&api)
        .send()
        .await?
        .error_for_status()?
        .json()
        .await?;
    let mut tournaments = Vec::new();
    let mut games = Vec::new();
    for t in list["items"].as_array().context("no items")? {
        let id = t["id"].as_i64().context("tournament id")?;
        tournaments.push((id, t["finished"].as_bool().unwrap_or(false)));
        games.extend(games_of_tournament(http, base, c, id).await?);
    }
    Ok((games, tournaments))
}

async fn games_of_tournament(
    http: &Client,
    base: &str,
    c: i64,
    t: i64,
) -> anyhow::Result<Vec<Game>> {
    let rounds: Value = http
        .get(format!(
            "{base}/api/v1/championships/{c}/tournaments/{t}/rounds"
        ))
        .send()
        .await?
        .error_for_status()?
        .json()
        .await?;
    let mut games = Vec::new();
    for r in rounds["items"].as_array().context("no rounds")? {
        for m in r["matches"].as_array().context("no matches")? {
            for g in m["games"].as_array().context("no games")? {
                games.push(Game {
                    tournament: t,
                    id: g["id"].as_i64().context("game id")?,
                    result: g["result"].as_str().unwrap_or_default().to_owned(),
                    version: g["version"].as_i64().context("version")?,
                });
            }
        }
    }
    Ok(games)
}

/// A played result: one the load changes (an unplayed game keeps its
/// round in play).
fn played(r: &str) -> bool {
    matches!(r, "1-0" | "0-1" | "1/2")
}

/// The result a game is changed to: a played result other than its own.
fn next_result(r: &str) -> &'static str {
    match r {
        "1-0" => "0-1",
        "0-1" => "1/2",
        _ => "1-0",
    }
}

async fn reopen(s: &Session, base: &str, c: i64, t: i64) -> anyhow::Result<()> {
    let answer = s
        .http
        .post(format!("{base}/championships/{c}/tournaments/{t}/reopen"))
        .form(&[("reason", "load test"), ("csrf_token", s.csrf.as_str())])
        .send()
        .await?;
    ensure!(
        answer.status() == StatusCode::SEE_OTHER,
        "reopening tournament {t} answered {}",
        answer.status()
    );
    Ok(())
}

/// One game's result through the judge's form; the address the answer
/// redirects to.
async fn post_result(
    s: &Session,
    base: &str,
    c: i64,
    g: &Game,
    to: &str,
) -> anyhow::Result<Option<String>> {
    let answer = s
        .http
        .post(format!(
            "{base}/championships/{c}/tournaments/{}/games/{}/result",
            g.tournament, g.id
        ))
        .form(&[
            ("result", to),
            ("version", &g.version.to_string()),
            ("csrf_token", &s.csrf),
        ])
        .send()
        .await?;
    if answer.status() != StatusCode::SEE_OTHER {
        let status = answer.status();
        bail!(
            "game {} (version {}) set to {to} answered {status}: {}",
            g.id,
            g.version,
            problem_of(&answer.text().await?)
        );
    }
    Ok(location_of(&answer))
}

/// A round's result sheet as the judge's tournament page offers it: the
/// form's address and, per game, its id and version.
#[derive(Debug, Clone)]
struct Sheet {
    action: String,
    games: Vec<(i64, i64)>,
}

async fn sheets_of(s: &Session, base: &str, c: i64, t: i64) -> anyhow::Result<Vec<Sheet>> {
    let html = s
        .http
        .get(format!("{base}/championships/{c}/tournaments/{t}"))
        .send()
        .await?
        .error_for_status()?
        .text()
        .await?;
    let doc = scraper::Html::parse_document(&html);
    let forms = scraper::Selector::parse("form.result-sheet").expect("selector");
    let versions = scraper::Selector::parse(r#"input[type="hidden"]"#).expect("selector");
    let mut out = Vec::new();
    for f in doc.select(&forms) {
        let action = f.value().attr("action").context("a sheet without action")?;
        let games = f
            .select(&versions)
            .filter_map(|i| {
                let name = i.value().attr("name")?;
                let id = name.strip_prefix('v')?.parse().ok()?;
                let version = i.value().attr("value")?.parse().ok()?;
                Some((id, version))
            })
            .collect();
        out.push(Sheet {
            action: action.to_owned(),
            games,
        });
    }
    Ok(out)
}

/// A round's sheet with these results (every game of it named); the
/// address the answer redirects to.
async fn post_sheet<R: AsRef<str>>(
    s: &Session,
    base: &str,
    sheet: &Sheet,
    results: &HashMap<i64, R>,
) -> anyhow::Result<Option<String>> {
    let mut form = vec![("csrf_token".to_owned(), s.csrf.clone())];
    for (id, version) in &sheet.games {
        form.push((format!("v{id}"), version.to_string()));
        form.push((format!("r{id}"), results[id].as_ref().to_owned()));
    }
    let answer = s
        .http
        .post(format!("{base}{}", sheet.action))
        .form(&form)
        .send()
        .await?;
    if answer.status() != StatusCode::SEE_OTHER {
        let status = answer.status();
        bail!(
            "sheet {} answered {status}: {}",
            sheet.action,
            problem_of(&answer.text().await?)
        );
    }
    Ok(location_of(&answer))
}

/// How many of the acknowledged games hold their last acknowledged result;
/// an error naming the others when some do not.
fn all_stored<R: AsRef<str>>(
    stored: &[Game],
    acknowledged: &HashMap<i64, R>,
) -> anyhow::Result<usize> {
    let lost: Vec<i64> = stored
        .iter()
        .filter(|g| {
            acknowledged
                .get(&g.id)
                .is_some_and(|w| w.as_ref() != g.result)
        })
        .map(|g| g.id)
        .collect();
    if !lost.is_empty() {
        bail!(
            "{} acknowledged results are not stored: games {:?}",
            lost.len(),
            &lost[..lost.len().min(20)]
        );
    }
    Ok(acknowledged.len())
}

async fn burst(args: &Args, c: i64, sheet: bool, connections: usize) -> anyhow::Result<()> {
    let base = args.base.as_str();
    let chief = sign_in(base, &args.nick, &args.password).await?;
    let (_, tournaments) = games_of(&chief.http, base, c).await?;
    for (t, finished) in &tournaments {
        if *finished {
            reopen(&chief, base, c, *t).await?;
        }
    }
    let (games, _) = games_of(&chief.http, base, c).await?;
    // Every played result changes; a game still unplayed keeps its round
    // in play (a complete round would take only corrections, G-V23).
    let wanted: HashMap<i64, &'static str> = games
        .iter()
        .filter(|g| played(&g.result))
        .map(|g| (g.id, next_result(&g.result)))
        .collect();
    ensure!(!wanted.is_empty(), "championship {c} has no played game");
    // What each sheet's cells say: the change, or the game as it is.
    let cells: HashMap<i64, String> = games
        .iter()
        .map(|g| {
            let to = wanted.get(&g.id).map_or(g.result.as_str(), |w| w);
            (g.id, to.to_owned())
        })
        .collect();
    let mut sessions = Vec::new();
    for _ in 0..connections {
        sessions.push(Arc::new(sign_in(base, &args.nick, &args.password).await?));
    }
    // The work: one game, or one round's sheet, per request.
    enum Job {
        Game(Game),
        Sheet(Sheet),
    }
    let mut jobs = Vec::new();
    if sheet {
        for (t, _) in &tournaments {
            for s in sheets_of(&chief, base, c, *t).await? {
                jobs.push(Job::Sheet(s));
            }
        }
        let on_sheets: usize = jobs
            .iter()
            .map(|j| match j {
                Job::Sheet(s) => s.games.len(),
                Job::Game(_) => 0,
            })
            .sum();
        ensure!(
            on_sheets == games.len(),
            "the sheets hold {on_sheets} games, the API {}",
            games.len()
        );
    } else {
        jobs.extend(
            games
                .iter()
                .filter(|g| wanted.contains_key(&g.id))
                .cloned()
                .map(Job::Game),
        );
    }
    let requests = jobs.len();
    let queue = Arc::new(Mutex::new(jobs));
    let (wanted, cells) = (Arc::new(wanted), Arc::new(cells));
    let started = Instant::now();
    let mut workers = Vec::new();
    for s in sessions {
        let (queue, wanted, cells, base) = (
            queue.clone(),
            wanted.clone(),
            cells.clone(),
            base.to_owned(),
        );
        workers.push(tokio::spawn(async move {
            let mut latencies = Vec::new();
            loop {
                let job = queue.lock().await.pop();
                let Some(job) = job else { break };
                let at = Instant::now();
                match &job {
                    Job::Game(g) => post_result(&s, &base, c, g, wanted[&g.id]).await?,
                    Job::Sheet(sheet) => post_sheet(&s, &base, sheet, &cells).await?,
                };
                latencies.push(at.elapsed());
            }
            anyhow::Ok(latencies)
        }));
    }
    let mut latencies = Vec::new();
    for w in workers {
        latencies.extend(w.await??);
    }
    let elapsed = started.elapsed();
    // Everything acknowledged is stored.
    let (stored, _) = games_of(&chief.http, base, c).await?;
    let kept = all_stored(&stored, &wanted)?;
    let (p50, p99) = percentiles(&mut latencies);
    println!(
        "{} results in {requests} requests ({}) over {connections} connections in {:.2} s: {:.0} results/s, {:.0} requests/s, p50 {:.2} ms, p99 {:.2} ms; stored: {} of {}",
        wanted.len(),
        if sheet {
            "one round's sheet each"
        } else {
            "one game each"
        },
        elapsed.as_secs_f64(),
        wanted.len() as f64 / elapsed.as_secs_f64(),
        requests as f64 / elapsed.as_secs_f64(),
        ms(p50),
        ms(p99),
        kept,
        wanted.len()
    );
    Ok(())
}

/// One judge's share of the night: the games (or sheets) it changes in turn.
enum Share {
    Games(Vec<Game>),
    Sheets(Vec<Sheet>),
}

/// What the night's writers acknowledged last, per game, and the latest
/// acknowledgement for the visitor to look for.
#[derive(Default)]
struct Acknowledged {
    last: HashMap<i64, &'static str>,
    latest: Option<(i64, &'static str, Instant)>,
}

struct NightArgs<'a> {
    c: i64,
    rate: f64,
    judges: usize,
    seconds: f64,
    sheet: bool,
    follow: bool,
    also: &'a [String],
    view: Option<&'a str>,
    visible_within: Duration,
}

/// Posts, then (with `follow`) reads the page the answer redirects to as
/// the browser would; returns the save's time and the whole time.
async fn save_and_follow(
    s: &Session,
    base: &str,
    follow: bool,
    post: impl std::future::Future<Output = anyhow::Result<Option<String>>>,
) -> anyhow::Result<(Duration, Duration)> {
    let at = Instant::now();
    let location = post.await?;
    let saved = at.elapsed();
    if follow && let Some(to) = location {
        let page = s.http.get(format!("{base}{to}")).send().await?;
        let status = page.status();
        page.bytes().await?;
        ensure!(
            status.is_success(),
            "the page after a save answered {status}"
        );
    }
    Ok((saved, at.elapsed()))
}

/// The refusal a page shows (its alert), for a failed request's message.
fn problem_of(html: &str) -> String {
    let doc = scraper::Html::parse_document(html);
    let sel = scraper::Selector::parse(r#"[role="alert"], .error, .flash"#).expect("selector");
    doc.select(&sel)
        .map(|e| e.text().collect::<Vec<_>>().join(" "))
        .map(|t| t.split_whitespace().collect::<Vec<_>>().join(" "))
        .find(|t| !t.is_empty())
        .unwrap_or_default()
}

fn location_of(answer: &reqwest::Response) -> Option<String> {
    answer
        .headers()
        .get(reqwest::header::LOCATION)
        .and_then(|l| l.to_str().ok())
        .map(str::to_owned)
}

async fn night(args: &Args, n: &NightArgs<'_>) -> anyhow::Result<()> {
    let base = args.base.as_str();
    let view = n.view.unwrap_or(base).to_owned();
    let c = n.c;
    let chief = sign_in(base, &args.nick, &args.password).await?;
    let (_, tournaments) = games_of(&chief.http, base, c).await?;
    let (t, finished) = *tournaments.last().context("no tournament")?;
    if finished {
        reopen(&chief, base, c, t).await?;
    }
    let games = games_of_tournament(&chief.http, base, c, t).await?;
    // Only played results are changed: a round with a game still
    // unplayed is in play, and its other results may change freely.
    ensure!(
        games.iter().any(|g| played(&g.result)),
        "tournament {t} has no played game"
    );
    let judges = n.judges.max(1);
    let mut shares: Vec<Share> = Vec::new();
    if n.sheet {
        let sheets = sheets_of(&chief, base, c, t).await?;
        ensure!(!sheets.is_empty(), "tournament {t} shows no result sheet");
        let mut split: Vec<Vec<Sheet>> = (0..judges).map(|_| Vec::new()).collect();
        for (i, s) in sheets.into_iter().enumerate() {
            split[i % judges].push(s);
        }
        shares.extend(
            split
                .into_iter()
                .filter(|s| !s.is_empty())
                .map(Share::Sheets),
        );
    } else {
        let mut split: Vec<Vec<Game>> = (0..judges).map(|_| Vec::new()).collect();
        for (i, g) in games
            .iter()
            .filter(|g| played(&g.result))
            .cloned()
            .enumerate()
        {
            split[i % judges].push(g);
        }
        shares.extend(
            split
                .into_iter()
                .filter(|s| !s.is_empty())
                .map(Share::Games),
        );
    }
    let results: HashMap<i64, String> = games.iter().map(|g| (g.id, g.result.clone())).collect();
    let bases: Vec<String> = std::iter::once(base.to_owned())
        .chain(n.also.iter().cloned())
        .collect();
    let acknowledged = Arc::new(std::sync::Mutex::new(Acknowledged::default()));
    let started = Instant::now();
    let until = started + Duration::from_secs_f64(n.seconds);
    let writers = shares.len();
    // Judge j's k-th request is due at (k * writers + j) / rate.
    let interval = (n.rate > 0.0).then(|| Duration::from_secs_f64(writers as f64 / n.rate));
    let mut tasks = Vec::new();
    for (j, share) in shares.into_iter().enumerate() {
        let judge_base = bases[j % bases.len()].clone();
        let session = sign_in(&judge_base, &args.nick, &args.password).await?;
        let acknowledged = acknowledged.clone();
        let mut results = results.clone();
        let follow = n.follow;
        tasks.push(tokio::spawn(async move {
            let (mut saves, mut wholes) = (Vec::new(), Vec::new());
            let mut changed = 0usize;
            let offset = interval.map(|i| i.mul_f64(j as f64 / writers as f64));
            let mut k = 0u32;
            let mut share = share;
            loop {
                if let (Some(i), Some(o)) = (interval, offset) {
                    let due = started + o + i * k;
                    if due > Instant::now() {
                        tokio::time::sleep_until(due.into()).await;
                    }
                }
                if Instant::now() >= until {
                    break;
                }
                let mut done: Vec<(i64, &'static str)> = Vec::new();
                let (save, whole) = match &mut share {
                    Share::Games(list) => {
                        let at = k as usize % list.len();
                        let g = &mut list[at];
                        let to = next_result(&results[&g.id]);
                        let (s, b, gg) = (&session, judge_base.as_str(), g.clone());
                        let timed =
                            save_and_follow(s, b, follow, post_result(s, b, c, &gg, to)).await?;
                        g.version += 1;
                        done.push((g.id, to));
                        timed
                    }
                    Share::Sheets(list) => {
                        let i = k as usize % list.len();
                        let sheet = list[i].clone();
                        // Unplayed games keep their cell as it is.
                        let wanted: HashMap<i64, String> = sheet
                            .games
                            .iter()
                            .map(|(id, _)| {
                                let now = results[id].as_str();
                                let to = if played(now) {
                                    next_result(now).to_owned()
                                } else {
                                    now.to_owned()
                                };
                                (*id, to)
                            })
                            .collect();
                        let (s, b) = (&session, judge_base.as_str());
                        let timed =
                            save_and_follow(s, b, follow, post_sheet(s, b, &sheet, &wanted))
                                .await?;
                        for (id, version) in &mut list[i].games {
                            if wanted[id] != results[id] {
                                *version += 1;
                                done.push((*id, next_result(&results[id])));
                            }
                        }
                        timed
                    }
                };
                saves.push(save);
                wholes.push(whole);
                let now = Instant::now();
                let mut a = acknowledged.lock().expect("lock");
                for (id, to) in done {
                    results.insert(id, to.to_owned());
                    a.last.insert(id, to);
                    a.latest = Some((id, to, now));
                    changed += 1;
                }
                drop(a);
                k += 1;
            }
            anyhow::Ok((saves, wholes, changed))
        }));
    }
    // The visitor: waits for the latest acknowledgement to show.
    let watcher = {
        let acknowledged = acknowledged.clone();
        let view = view.clone();
        tokio::spawn(async move {
            let visitor = client()?;
            let mut seen = Vec::new();
            let mut looked_for: Option<(i64, Instant)> = None;
            while Instant::now() < until {
                let latest = acknowledged.lock().expect("lock").latest;
                let Some((id, to, at)) = latest else {
                    tokio::time::sleep(Duration::from_millis(5)).await;
                    continue;
                };
                if looked_for == Some((id, at)) {
                    tokio::time::sleep(Duration::from_millis(5)).await;
                    continue;
                }
                looked_for = Some((id, at));
                loop {
                    let now = games_of_tournament(&visitor, &view, c, t).await?;
                    let shown = now.iter().find(|g| g.id == id).map(|g| g.result.clone());
                    let newer = acknowledged
                        .lock()
                        .expect("lock")
                        .last
                        .get(&id)
                        .is_some_and(|last| *last != to);
                    if shown.as_deref() == Some(to) || newer {
                        // A later change of the same game stands for this
                        // one: it was acknowledged after it.
                        seen.push(at.elapsed());
                        break;
                    }
                    if at.elapsed() > Duration::from_secs(10) {
                        bail!("game {id} was set to {to} 10 s ago; {view} still shows {shown:?}");
                    }
                    tokio::time::sleep(Duration::from_millis(10)).await;
                }
            }
            anyhow::Ok(seen)
        })
    };
    let (mut saves, mut wholes, mut changed) = (Vec::new(), Vec::new(), 0usize);
    for task in tasks {
        let (s, w, n) = task.await??;
        saves.extend(s);
        wholes.extend(w);
        changed += n;
    }
    let elapsed = started.elapsed();
    let mut seen = watcher.await??;
    let requests = saves.len();
    let (p50, p99) = percentiles(&mut saves);
    let (w50, w99) = percentiles(&mut wholes);
    println!(
        "writes: {requests} requests ({}) by {writers} judges over {} instance(s) in {:.1} s: {:.0} results/s, {:.0} requests/s (asked {}); save p50 {:.2} ms, p99 {:.2} ms{}",
        if n.sheet {
            "one round's sheet each"
        } else {
            "one game each"
        },
        bases.len(),
        elapsed.as_secs_f64(),
        changed as f64 / elapsed.as_secs_f64(),
        requests as f64 / elapsed.as_secs_f64(),
        if n.rate > 0.0 {
            format!("{}/s", n.rate)
        } else {
            "flat out".to_owned()
        },
        ms(p50),
        ms(p99),
        if n.follow {
            format!(
                "; with the judge's page after it p50 {:.2} ms, p99 {:.2} ms",
                ms(w50),
                ms(w99)
            )
        } else {
            String::new()
        }
    );
    let (v50, v99) = percentiles(&mut seen);
    let worst = seen.iter().max().copied().unwrap_or_default();
    println!(
        "visible through {view}: {} changes looked for, p50 {:.2} ms, p99 {:.2} ms, max {:.2} ms",
        seen.len(),
        ms(v50),
        ms(v99),
        ms(worst)
    );
    ensure!(
        worst <= n.visible_within,
        "a change took {:.0} ms to show, more than {} ms",
        ms(worst),
        n.visible_within.as_millis()
    );
    let stored = games_of_tournament(&chief.http, base, c, t).await?;
    let last = acknowledged.lock().expect("lock").last.clone();
    let kept = all_stored(&stored, &last)?;
    println!(
        "stored: {kept} of {} games changed tonight hold their last acknowledged result",
        last.len()
    );
    Ok(())
}

async fn miss(
    args: &Args,
    c: i64,
    count: usize,
    view: Option<&str>,
    paths: &[String],
) -> anyhow::Result<()> {
    let base = args.base.as_str();
    let view = view.unwrap_or(base);
    let chief = sign_in(base, &args.nick, &args.password).await?;
    let (_, tournaments) = games_of(&chief.http, base, c).await?;
    let (last, finished) = *tournaments.last().context("no tournament")?;
    if finished {
        reopen(&chief, base, c, last).await?;
    }
    // A visitor's browser: no session, as the public reads the pages.
    let visitor = client()?;
    let mut times: Vec<Vec<Duration>> = vec![Vec::new(); paths.len()];
    for _ in 0..count {
        let games = games_of_tournament(&chief.http, base, c, last).await?;
        let g = games
            .iter()
            .find(|g| played(&g.result))
            .context("the last tournament has no played game")?;
        let to = next_result(&g.result);
        post_result(&chief, base, c, g, to).await?;
        for (path, t) in paths.iter().zip(times.iter_mut()) {
            let at = Instant::now();
            let answer = visitor.get(format!("{view}{path}")).send().await?;
            let status = answer.status();
            answer.bytes().await?;
            t.push(at.elapsed());
            ensure!(status.is_success(), "{path} answered {status}");
        }
        // The visitor's instance shows the result just acknowledged.
        let seen = games_of_tournament(&visitor, view, c, last).await?;
        let now = seen.iter().find(|x| x.id == g.id).context("the game")?;
        ensure!(
            now.result == to,
            "game {} was set to {to}, {view} shows {}",
            g.id,
            now.result
        );
    }
    println!("each change was seen at once through {view}");
    println!(
        "{:<70} {:>9} {:>9} {:>9}",
        "first view after a result change", "p50 ms", "p99 ms", "max ms"
    );
    for (path, t) in paths.iter().zip(times.iter_mut()) {
        let (p50, p99) = percentiles(t);
        let max = t.iter().max().copied().unwrap_or_default();
        println!(
            "{path:<70} {:>9.2} {:>9.2} {:>9.2}",
            ms(p50),
            ms(p99),
            ms(max)
        );
    }
    Ok(())
}

fn percentiles(v: &mut [Duration]) -> (Duration, Duration) {
    if v.is_empty() {
        return (Duration::ZERO, Duration::ZERO);
    }
    v.sort_unstable();
    let at = |q: f64| v[((v.len() as f64 * q).ceil() as usize).clamp(1, v.len()) - 1];
    (at(0.5), at(0.99))
}

fn ms(d: Duration) -> f64 {
    d.as_secs_f64() * 1000.0
}

#[tokio::main]
async fn main() -> anyhow::Result<()> {
    let args = Args::parse();
    match &args.what {
        What::Burst {
            championship,
            sheet,
            connections,
        } => burst(&args, *championship, *sheet, *connections).await,
        What::Night {
            championship,
            rate,
            judges,
            seconds,
            sheet,
            follow,
            also,
            view,
            visible_within_ms,
        } => {
            night(
                &args,
                &NightArgs {
                    c: *championship,
                    rate: *rate,
                    judges: *judges,
                    seconds: *seconds,
                    sheet: *sheet,
                    follow: *follow,
                    also,
                    view: view.as_deref(),
                    visible_within: Duration::from_millis(*visible_within_ms),
                },
            )
            .await
        }
        What::Miss {
            championship,
            count,
            view,
            paths,
        } => miss(&args, *championship, *count, view.as_deref(), paths).await,
    }
}
