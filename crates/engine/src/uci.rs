//! A chess engine speaking the UCI protocol as a child process.
//!
//! The conversation: `uci` → `id name …`, options, `uciok`; then
//! `setoption name Threads|Hash value …`, `isready` → `readyok`,
//! `ucinewgame`. Each evaluation sends `isready` first (answered only
//! after any earlier output, so stale lines of an interrupted search are
//! drained), then `position …` and `go depth D [movetime T]`, and reads
//! `info` lines until `bestmove`.
//!
//! The engine's standard output is read by a helper thread that forwards
//! whole lines over a channel; the calling thread waits on the channel
//! with a deadline, so a silent engine cannot block it.

use std::io::{BufRead, BufReader, Write};
use std::path::Path;
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::mpsc::{Receiver, RecvTimeoutError, channel};
use std::time::{Duration, Instant};

use super::{Engine, EngineError, Evaluation, Limits, on_path};
use league_rules::fair_play::Score;

/// How long the engine may take to answer outside a search.
#[derive(Debug, Clone, Copy)]
pub(super) struct Timeouts {
    /// `uci` → `uciok`, `isready` → `readyok`.
    pub handshake: Duration,
    /// A search without a move time: the bound for `bestmove`.
    pub search: Duration,
    /// A search with a move time: how much longer than the move time the
    /// engine may take before `bestmove`.
    pub grace: Duration,
    /// After `stop` or `quit`: how long to wait for the engine to comply.
    pub settle: Duration,
}

impl Default for Timeouts {
    fn default() -> Self {
        Timeouts {
            handshake: Duration::from_secs(10),
            search: Duration::from_secs(60),
            grace: Duration::from_secs(10),
            settle: Duration::from_secs(1),
        }
    }
}

/// A UCI engine running as a child process; quit (or killed) on drop.
pub struct Uci {
    child: Child,
    stdin: ChildStdin,
    lines: Receiver<String>,
    name: String,
    limits: Limits,
    timeouts: Timeouts,
}

impl Uci {
    /// Starts the engine at `path` (under `nice -n 10` when a `nice`
    /// program is on PATH, so that analysis yields to the web server),
    /// introduces itself, sets Threads and Hash from `limits` and starts a
    /// new game. Fails with `NotFound` when there is no such program,
    /// `Protocol` when the engine quits and `Timeout` when it does not
    /// answer within a few seconds.
    pub fn start(path: &Path, limits: Limits) -> Result<Uci, EngineError> {
        Uci::start_with(path, limits, Timeouts::default())
    }

    pub(super) fn start_with(
        path: &Path,
        limits: Limits,
        timeouts: Timeouts,
    ) -> Result<Uci, EngineError> {
        if !path.is_file() {
            return Err(EngineError::NotFound);
        }
        let mut command = match on_path("nice") {
            Some(nice) => {
                let mut c = Command::new(nice);
                c.arg("-n").arg("10").arg(path);
                c
            }
            None => Command::new(path),
        };
        command
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::null());
        let mut child = command.spawn().map_err(|e| match e.kind() {
            std::io::ErrorKind::NotFound => EngineError::NotFound,
            _ => EngineError::Io(e),
        })?;
        let (Some(stdin), Some(stdout)) = (child.stdin.take(), child.stdout.take()) else {
            let _ = child.kill();
            let _ = child.wait();
            return Err(EngineError::Protocol("no pipes to the engine".into()));
        };
        let (tx, rx) = channel();
        // The reader ends at end of output (the engine quit or was killed)
        // or when nobody listens any more.
        std::thread::Builder::new()
            .name("uci-reader".into())
            .spawn(move || {
                let mut out = BufReader::new(stdout);
                let mut buf = Vec::new();
                loop {
                    buf.clear();
                    match out.read_until(b'\n', &mut buf) {
                        Ok(0) | Err(_) => break,
                        Ok(_) => {
                            let line = String::from_utf8_lossy(&buf).trim_end().to_owned();
                            if tx.send(line).is_err() {
                                break;
                            }
                        }
                    }
                }
            })
            .map_err(EngineError::Io)?;
        // From here on a failure drops `uci`, which ends the process.
        let mut uci = Uci {
            child,
            stdin,
            lines: rx,
            name: path
                .file_name()
                .map(|n| n.to_string_lossy().into_owned())
                .unwrap_or_else(|| "engine".into()),
            limits,
            timeouts,
        };
        uci.send("uci")?;
        let deadline = Instant::now() + timeouts.handshake;
        loop {
            let line = uci.next_line(deadline)?;
            if let Some(name) = line.strip_prefix("id name ") {
                uci.name = name.trim().to_owned();
            } else if line.trim() == "uciok" {
                break;
            }
        }
        uci.send(&format!(
            "setoption name Threads value {}",
            limits.threads.max(1)
        ))?;
        uci.send(&format!(
            "setoption name Hash value {}",
            limits.hash_mb.max(1)
        ))?;
        uci.ready()?;
        uci.send("ucinewgame")?;
        uci.ready()?;
        Ok(uci)
    }

    /// The limits searches run to.
    pub fn limits(&self) -> Limits {
        self.limits
    }

    fn send(&mut self, command: &str) -> Result<(), EngineError> {
        let mut write = || -> std::io::Result<()> {
            self.stdin.write_all(command.as_bytes())?;
            self.stdin.write_all(b"\n")?;
            self.stdin.flush()
        };
        write().map_err(|e| match e.kind() {
            std::io::ErrorKind::BrokenPipe => EngineError::Protocol("the engine quit".into()),
            _ => EngineError::Io(e),
        })
    }

    fn next_line(&self, deadline: Instant) -> Result<String, EngineError> {
        let left = deadline.saturating_duration_since(Instant::now());
        match self.lines.recv_timeout(left) {
            Ok(line) => Ok(line),
            Err(RecvTimeoutError::Timeout) => Err(EngineError::Timeout),
            Err(RecvTimeoutError::Disconnected) => {
                Err(EngineError::Protocol("the engine quit".into()))
            }
        }
    }

    /// `isready` → `readyok`, skipping whatever the engine said before.
    fn ready(&mut self) -> Result<(), EngineError> {
        self.send("isready")?;
        let deadline = Instant::now() + self.timeouts.handshake;
        while self.next_line(deadline)?.trim() != "readyok" {}
        Ok(())
    }

    /// After a search ran out of time: `stop`, and a short wait for its
    /// `bestmove` so that the engine is idle again.
    fn interrupt(&mut self) {
        if self.send("stop").is_err() {
            return;
        }
        let deadline = Instant::now() + self.timeouts.settle;
        while let Ok(line) = self.next_line(deadline) {
            if line.starts_with("bestmove") {
                break;
            }
        }
    }
}

impl Engine for Uci {
    fn name(&self) -> &str {
        &self.name
    }

    fn new_game(&mut self) -> Result<(), EngineError> {
        self.send("ucinewgame")?;
        self.ready()
    }

    fn evaluate(
        &mut self,
        start_fen: Option<&str>,
        moves: &[String],
    ) -> Result<Evaluation, EngineError> {
        // One line per command: a line break inside an argument would be
        // a command of its own.
        let unsafe_text = |s: &str| s.chars().any(char::is_control);
        if start_fen.is_some_and(unsafe_text)
            || moves.iter().any(|m| unsafe_text(m) || m.contains(' '))
        {
            return Err(EngineError::InvalidGame(
                "a line break or a stray space in the position".into(),
            ));
        }
        self.ready()?;
        let mut position = match start_fen {
            Some(fen) => format!("position fen {}", fen.trim()),
            None => "position startpos".to_owned(),
        };
        if !moves.is_empty() {
            position.push_str(" moves");
            for m in moves {
                position.push(' ');
                position.push_str(m);
            }
        }
        self.send(&position)?;
        let mut go = format!("go depth {}", self.limits.depth.max(1));
        if let Some(ms) = self.limits.movetime_ms {
            go.push_str(&format!(" movetime {ms}"));
        }
        self.send(&go)?;
        let bound = match self.limits.movetime_ms {
            Some(ms) => Duration::from_millis(u64::from(ms)) + self.timeouts.grace,
            None => self.timeouts.search,
        };
        let deadline = Instant::now() + bound;
        let mut search = Search::default();
        loop {
            match self.next_line(deadline) {
                Ok(line) => {
                    if let Some(done) = search.line(&line) {
                        return done;
                    }
                }
                Err(EngineError::Timeout) => {
                    self.interrupt();
                    return Err(EngineError::Timeout);
                }
                Err(e) => return Err(e),
            }
        }
    }
}

impl Drop for Uci {
    fn drop(&mut self) {
        let _ = self.send("quit");
        let deadline = Instant::now() + self.timeouts.settle;
        loop {
            match self.child.try_wait() {
                Ok(Some(_)) => return,
                Ok(None) if Instant::now() < deadline => {
                    std::thread::sleep(Duration::from_millis(10))
                }
                _ => break,
            }
        }
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// The output of one search, line by line: the last plain score at the
/// greatest depth (a bound score only when no plain one came), until
/// `bestmove`.
#[derive(Debug, Default)]
pub(super) struct Search {
    plain: Option<(u32, Score)>,
    bound: Option<(u32, Score)>,
}

impl Search {
    /// Takes one line of engine output; `Some` once the search is over.
    pub(super) fn line(&mut self, line: &str) -> Option<Result<Evaluation, EngineError>> {
        let mut words = line.split_whitespace();
        match words.next() {
            Some("info") => {
                self.info(words);
                None
            }
            Some("bestmove") => Some(self.finish(words.next())),
            _ => None,
        }
    }

    fn info<'a>(&mut self, mut words: impl Iterator<Item = &'a str>) {
        let mut depth = 0;
        let mut score = None;
        let mut bounded = false;
        while let Some(word) = words.next() {
            match word {
                // Free text or the principal variation: nothing more to
                // read on this line.
                "string" | "pv" | "refutation" | "currline" => break,
                "depth" => depth = words.next().and_then(|d| d.parse().ok()).unwrap_or(0),
                // Only the first line of a multi-line search counts (the
                // guard reads the number either way).
                "multipv" if words.next() != Some("1") => return,
                "score" => {
                    score = match (
                        words.next(),
                        words.next().and_then(|v| v.parse::<i32>().ok()),
                    ) {
                        (Some("cp"), Some(v)) => Some(Score::Cp(v)),
                        (Some("mate"), Some(v)) => Some(Score::Mate(v)),
                        _ => None,
                    };
                }
                "lowerbound" | "upperbound" => bounded = true,
                _ => {}
            }
        }
        let Some(score) = score else {
            return;
        };
        let slot = if bounded {
            &mut self.bound
        } else {
            &mut self.plain
        };
        if slot.is_none_or(|(d, _)| depth >= d) {
            *slot = Some((depth, score));
        }
    }

    fn finish(&self, best: Option<&str>) -> Result<Evaluation, EngineError> {
        let best = match best {
            None | Some("(none)") | Some("0000") => None,
            Some(m) => Some(m.to_owned()),
        };
        let (depth, score) = self
            .plain
            .or(self.bound)
            .ok_or_else(|| EngineError::Protocol("bestmove without a score".into()))?;
        Ok(Evaluation { best, score, depth })
    }
}
