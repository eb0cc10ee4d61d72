//! A UCI chess engine as an external process, and the analysis of a game
//! with it: the engine's scores and first choices behind the fair-play
//! figures of `rules::fair_play` (G-E3).
//!
//! * [`Engine`] — what the analysis needs of an engine: a position's
//!   score and first choice;
//! * [`Uci`] — an engine program (Stockfish or any other UCI engine) as a
//!   child process;
//! * [`find`] — where the engine program is;
//! * [`analyse_game`] — every ply of a game as a
//!   [`PlyEvaluation`](league_rules::fair_play::PlyEvaluation).
//!
//! Reproducibility: Stockfish with `Threads` = 1 and a fixed depth (no
//! move time) answers the same sequence of searches after `ucinewgame`
//! with the same moves and scores, run after run and process after
//! process. [`analyse_game`] therefore starts every game with
//! [`Engine::new_game`], so the same game analysed twice gives the same
//! evidence. More threads or a move time make the search depend on timing.

mod uci;

use std::path::{Path, PathBuf};

use cozy_chess::util::{display_uci_move, parse_uci_move};
use cozy_chess::{Board, Color};

use league_rules::fair_play::{PlyEvaluation, Score};

pub use uci::Uci;

/// How far the engine searches each position.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Limits {
    /// Search depth in plies.
    pub depth: u32,
    /// Stop earlier after this many milliseconds (makes the search depend
    /// on the machine's speed and load).
    pub movetime_ms: Option<u32>,
    /// Transposition table size, MB.
    pub hash_mb: u32,
    /// Search threads; more than one makes the search depend on timing.
    pub threads: u32,
}

impl Default for Limits {
    fn default() -> Self {
        Limits {
            depth: 12,
            movetime_ms: None,
            hash_mb: 16,
            threads: 1,
        }
    }
}

/// The engine's verdict on one position.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Evaluation {
    /// The engine's first choice (UCI); `None` when it has none.
    pub best: Option<String>,
    /// The score from the point of view of the side to move.
    pub score: Score,
    /// The depth the score comes from.
    pub depth: u32,
}

/// What can go wrong with the engine or the game given to it.
#[derive(Debug, thiserror::Error)]
pub enum EngineError {
    #[error("no chess engine program found")]
    NotFound,
    #[error("talking to the engine: {0}")]
    Io(#[from] std::io::Error),
    #[error("the engine broke the UCI protocol: {0}")]
    Protocol(String),
    #[error("the analysis was cancelled")]
    Cancelled,
    #[error("the engine did not answer in time")]
    Timeout,
    /// The start position or a move cannot be replayed.
    #[error("the game cannot be replayed: {0}")]
    InvalidGame(String),
}

/// A chess engine: a position's score and first choice.
pub trait Engine: Send {
    /// The engine's name (UCI `id name`).
    fn name(&self) -> &str;

    /// Forgets what earlier searches learned, so that a game's analysis
    /// does not depend on what was analysed before it.
    fn new_game(&mut self) -> Result<(), EngineError> {
        Ok(())
    }

    /// The position from the start (or `start_fen`) after `moves` (UCI),
    /// searched to the engine's limits.
    fn evaluate(
        &mut self,
        start_fen: Option<&str>,
        moves: &[String],
    ) -> Result<Evaluation, EngineError>;
}

/// Where the engine program is: `configured` when given (it must be an
/// executable file), else `stockfish` on PATH, then the usual places of
/// Debian's and other packages.
pub fn find(configured: Option<&Path>) -> Option<PathBuf> {
    if let Some(path) = configured {
        return is_program(path).then(|| path.to_path_buf());
    }
    on_path("stockfish").or_else(|| {
        [
            "/usr/games/stockfish",
            "/usr/bin/stockfish",
            "/usr/local/bin/stockfish",
        ]
        .into_iter()
        .map(PathBuf::from)
        .find(|p| is_program(p))
    })
}

/// The program `name` in one of the directories of PATH.
fn on_path(name: &str) -> Option<PathBuf> {
    let path = std::env::var_os("PATH")?;
    std::env::split_paths(&path)
        .map(|dir| dir.join(name))
        .find(|p| is_program(p))
}

fn is_program(path: &Path) -> bool {
    let Ok(meta) = path.metadata() else {
        return false;
    };
    #[cfg(unix)]
    {
        use std::os::unix::fs::PermissionsExt;
        meta.is_file() && meta.permissions().mode() & 0o111 != 0
    }
    #[cfg(not(unix))]
    {
        meta.is_file()
    }
}

/// A game replayed on the board: every position and the moves in standard
/// UCI notation (castling as the king's move, `e1g1`).
struct Replay {
    /// The start position as a standard FEN; `None` for the usual start.
    fen: Option<String>,
    /// Positions 0..=n: before the first move, after each move.
    boards: Vec<Board>,
    moves: Vec<String>,
}

impl Replay {
    fn new(start_fen: Option<&str>, moves: &[String]) -> Result<Replay, EngineError> {
        let (fen, start) = match start_fen {
            Some(text) => {
                let board: Board = text
                    .trim()
                    .parse()
                    .map_err(|_| EngineError::InvalidGame(format!("bad FEN {text:?}")))?;
                (Some(board.to_string()), board)
            }
            None => (None, Board::default()),
        };
        let mut boards = Vec::with_capacity(moves.len() + 1);
        let mut standard = Vec::with_capacity(moves.len());
        let mut board = start;
        for (i, text) in moves.iter().enumerate() {
            let illegal =
                || EngineError::InvalidGame(format!("move {} ({text:?}) is not legal", i + 1));
            let mv = parse_uci_move(&board, text.trim()).map_err(|_| illegal())?;
            if !board.is_legal(mv) {
                return Err(illegal());
            }
            standard.push(display_uci_move(&board, mv).to_string());
            let mut next = board.clone();
            next.play_unchecked(mv);
            boards.push(std::mem::replace(&mut board, next));
        }
        boards.push(board);
        Ok(Replay {
            fen,
            boards,
            moves: standard,
        })
    }
}

/// The number of legal moves in a position.
fn legal_moves(board: &Board) -> u32 {
    let mut n = 0;
    board.generate_moves(|moves| {
        n += moves.len() as u32;
        false
    });
    n
}

/// Every ply of a game evaluated. Each of the n+1 positions of a game of
/// n moves is searched once, after [`Engine::new_game`]: ply i's `before`
/// and `best` come from position i-1, its `after` is position i's score
/// negated. Positions without a legal move are scored without the engine:
/// checkmate `Mate(0)` for the side to move, stalemate `Cp(0)`.
///
/// Plies are numbered so that odd ones are White's: from a position with
/// Black to move the first ply is 2. The moves may write castling either
/// as the king's move (`e1g1`) or as king takes rook (`e1h1`); `played`
/// is always the former, as engines write it. `cancel` is asked before
/// each position; when it says so the analysis stops with `Cancelled`.
pub fn analyse_game(
    engine: &mut dyn Engine,
    start_fen: Option<&str>,
    moves: &[String],
    cancel: &dyn Fn() -> bool,
) -> Result<Vec<PlyEvaluation>, EngineError> {
    let game = Replay::new(start_fen, moves)?;
    engine.new_game()?;
    let mut positions = Vec::with_capacity(game.boards.len());
    for (k, board) in game.boards.iter().enumerate() {
        if cancel() {
            return Err(EngineError::Cancelled);
        }
        let legal = legal_moves(board);
        let evaluation = if legal == 0 {
            Evaluation {
                best: None,
                score: if board.checkers().is_empty() {
                    Score::Cp(0)
                } else {
                    Score::Mate(0)
                },
                depth: 0,
            }
        } else {
            engine.evaluate(game.fen.as_deref(), &game.moves[..k])?
        };
        positions.push((evaluation, legal));
    }
    let first_ply = match game.boards[0].side_to_move() {
        Color::White => 1,
        Color::Black => 2,
    };
    Ok(game
        .moves
        .iter()
        .enumerate()
        .map(|(i, played)| {
            let (before, legal) = &positions[i];
            let (after, _) = &positions[i + 1];
            PlyEvaluation {
                ply: first_ply + i,
                played: played.clone(),
                best: before.best.clone(),
                before: before.score,
                after: after.score.negate(),
                legal_moves: *legal,
            }
        })
        .collect())
}

#[cfg(test)]
mod tests {
    use std::cell::Cell;

    use super::uci::{Search, Timeouts};
    use super::*;
    use league_rules::fair_play::{CAP_CP, Method, agreement};

    fn moves(text: &str) -> Vec<String> {
        text.split_whitespace().map(str::to_owned).collect()
    }

    fn lines(output: &str) -> Result<Evaluation, EngineError> {
        let mut search = Search::default();
        for line in output.lines() {
            if let Some(done) = search.line(line) {
                return done;
            }
        }
        panic!("no bestmove in {output:?}");
    }

    #[test]
    fn g_e3_engine_output_gives_the_last_score_at_the_greatest_depth() {
        let e = lines(
            "info string NNUE evaluation using nn-ad9b42354671.nnue enabled\n\
             info depth 1 seldepth 1 multipv 1 score cp 18 nodes 20 nps 20000 time 1 pv e2e4\n\
             info depth 2 seldepth 2 multipv 1 score cp 46 nodes 66 time 1 pv d2d4\n\
             info depth 3 currmove e2e4 currmovenumber 1\n\
             info depth 3 seldepth 3 multipv 1 score cp 60 lowerbound nodes 99 pv e2e4\n\
             info depth 3 seldepth 3 multipv 1 score cp 51 nodes 120 pv e2e4 e7e5\n\
             info depth 2 seldepth 4 multipv 1 score cp 7 nodes 130 pv c2c4\n\
             bestmove e2e4 ponder e7e5",
        )
        .unwrap();
        assert_eq!(
            e,
            Evaluation {
                best: Some("e2e4".into()),
                score: Score::Cp(51),
                depth: 3
            }
        );

        // Mate scores, negative ones for the side being mated; a bound
        // score counts only when there is no plain one.
        let e = lines(
            "info depth 5 score mate 3 pv d1h5\n\
             info depth 6 score mate 2 upperbound pv d1h5\n\
             bestmove d1h5",
        )
        .unwrap();
        assert_eq!((e.score, e.depth), (Score::Mate(3), 5));
        let e = lines("info depth 7 score mate -2 lowerbound\nbestmove g8h8").unwrap();
        assert_eq!((e.score, e.depth), (Score::Mate(-2), 7));

        // Checkmated and stalemated: no move.
        let e = lines("info depth 0 score mate 0\nbestmove (none)").unwrap();
        assert_eq!((e.best, e.score), (None, Score::Mate(0)));
        let e = lines("info depth 0 score cp 0\nbestmove (none)").unwrap();
        assert_eq!((e.best, e.score), (None, Score::Cp(0)));

        // Free text that looks like a score is not one.
        assert!(matches!(
            lines("info string depth 9 score cp 900\nbestmove e2e4"),
            Err(EngineError::Protocol(_))
        ));
        // Only the first line of a multi-line search.
        let e = lines("info depth 4 multipv 1 score cp 20 pv e2e4\ninfo depth 4 multipv 2 score cp -5 pv a2a3\nbestmove e2e4")
            .unwrap();
        assert_eq!(e.score, Score::Cp(20));
    }

    /// Scores each position by its number of moves so far; first choice
    /// always "a2a3"; counts its searches.
    struct Counting {
        searches: usize,
        new_games: usize,
    }

    impl Engine for Counting {
        fn name(&self) -> &str {
            "counting"
        }

        fn new_game(&mut self) -> Result<(), EngineError> {
            self.new_games += 1;
            Ok(())
        }

        fn evaluate(
            &mut self,
            _: Option<&str>,
            moves: &[String],
        ) -> Result<Evaluation, EngineError> {
            self.searches += 1;
            Ok(Evaluation {
                best: Some("a2a3".into()),
                score: Score::Cp(moves.len() as i32),
                depth: 1,
            })
        }
    }

    #[test]
    fn g_e3_analysis_searches_each_position_once_and_scores_game_ends_itself() {
        let mut engine = Counting {
            searches: 0,
            new_games: 0,
        };
        // Fool's mate: four moves, five positions, the last one mate.
        let game = moves("f2f3 e7e5 g2g4 d8h4");
        let plies = analyse_game(&mut engine, None, &game, &|| false).unwrap();
        assert_eq!((engine.searches, engine.new_games), (4, 1));
        assert_eq!(plies.len(), 4);
        assert_eq!(plies[0].ply, 1);
        assert_eq!(plies[0].legal_moves, 20);
        assert_eq!(plies[0].before, Score::Cp(0));
        assert_eq!(plies[0].after, Score::Cp(-1));
        assert_eq!(plies[0].best.as_deref(), Some("a2a3"));
        let mate = &plies[3];
        assert_eq!((mate.ply, mate.played.as_str()), (4, "d8h4"));
        assert_eq!(mate.after.capped(), CAP_CP);

        // Stalemate after White's last move; the FEN has Black to move,
        // so the first ply is Black's (2), a forced one.
        let fen = "7k/5K2/8/6Q1/8/8/8/8 b - - 0 1";
        let plies = analyse_game(
            &mut engine,
            Some(fen),
            &moves("h8h7 g5g4 h7h8 g4g6"),
            &|| false,
        )
        .unwrap();
        assert_eq!((engine.searches, engine.new_games), (8, 2));
        assert_eq!(plies[0].ply, 2);
        assert!(!plies[0].white());
        assert_eq!(plies[0].legal_moves, 1);
        let last = plies.last().unwrap();
        assert!(last.white());
        assert_eq!((last.ply, last.after), (5, Score::Cp(0)));
    }

    #[test]
    fn g_e3_castling_is_written_as_the_kings_move_and_illegal_moves_are_refused() {
        let mut engine = Counting {
            searches: 0,
            new_games: 0,
        };
        let game = moves("e2e4 e7e5 g1f3 b8c6 f1c4 g8f6 e1h1");
        let plies = analyse_game(&mut engine, None, &game, &|| false).unwrap();
        assert_eq!(plies[6].played, "e1g1");
        let err = analyse_game(&mut engine, None, &moves("e2e4 e2e4"), &|| false).unwrap_err();
        assert!(
            matches!(err, EngineError::InvalidGame(ref m) if m.contains("move 2")),
            "{err}"
        );
        let err = analyse_game(&mut engine, Some("not a fen"), &[], &|| false).unwrap_err();
        assert!(matches!(err, EngineError::InvalidGame(_)), "{err}");
        // Moves after checkmate are not legal.
        let err = analyse_game(
            &mut engine,
            None,
            &moves("f2f3 e7e5 g2g4 d8h4 a2a3"),
            &|| false,
        )
        .unwrap_err();
        assert!(matches!(err, EngineError::InvalidGame(_)), "{err}");
    }

    #[test]
    fn g_e3_cancelled_analysis_stops_before_the_next_position() {
        let mut engine = Counting {
            searches: 0,
            new_games: 0,
        };
        let asked = Cell::new(0);
        let cancel = || {
            asked.set(asked.get() + 1);
            asked.get() > 3
        };
        let err = analyse_game(
            &mut engine,
            None,
            &moves("e2e4 e7e5 g1f3 b8c6 f1b5"),
            &cancel,
        )
        .unwrap_err();
        assert!(matches!(err, EngineError::Cancelled), "{err}");
        assert_eq!(engine.searches, 3);
    }

    #[test]
    fn find_takes_a_configured_program_only_when_it_exists() {
        assert_eq!(find(Some(Path::new("/nonexistent/stockfish"))), None);
        let dir = std::env::temp_dir();
        assert_eq!(find(Some(&dir)), None);
        assert!(matches!(
            Uci::start(Path::new("/nonexistent/stockfish"), Limits::default()),
            Err(EngineError::NotFound)
        ));
    }

    /// A fake engine: a shell script. Kept in a temporary directory that
    /// lives as long as the returned guard.
    #[cfg(unix)]
    fn script(body: &str) -> (tempfile::TempDir, PathBuf) {
        use std::os::unix::fs::PermissionsExt;
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("engine.sh");
        std::fs::write(&path, format!("#!/bin/sh\n{body}\n")).unwrap();
        std::fs::set_permissions(&path, std::fs::Permissions::from_mode(0o755)).unwrap();
        (dir, path)
    }

    #[cfg(unix)]
    fn quick() -> Timeouts {
        Timeouts {
            handshake: std::time::Duration::from_secs(2),
            search: std::time::Duration::from_millis(300),
            grace: std::time::Duration::from_millis(300),
            settle: std::time::Duration::from_millis(200),
        }
    }

    #[cfg(unix)]
    #[test]
    fn an_engine_that_quits_or_never_answers_fails() {
        let (_dir, quits) = script("exit 0");
        let err = Uci::start_with(&quits, Limits::default(), quick())
            .err()
            .unwrap();
        assert!(matches!(err, EngineError::Protocol(_)), "{err}");

        let (_dir, mute) = script("exec sleep 30");
        let err = Uci::start_with(&mute, Limits::default(), quick())
            .err()
            .unwrap();
        assert!(matches!(err, EngineError::Timeout), "{err}");

        // Answers the handshake, never a search.
        let (_dir, slow) = script(
            "while read line; do case \"$line\" in \
             uci) echo 'id name Slowfish 1'; echo uciok;; \
             isready) echo readyok;; \
             quit) exit 0;; esac; done",
        );
        let mut engine = Uci::start_with(&slow, Limits::default(), quick()).unwrap();
        assert_eq!(engine.name(), "Slowfish 1");
        let err = engine.evaluate(None, &[]).unwrap_err();
        assert!(matches!(err, EngineError::Timeout), "{err}");
        // Still usable for the next command.
        engine.new_game().unwrap();
    }

    // With the real engine (Stockfish). Without it the tests say so and
    // pass, unless `LEAGUE_REQUIRE` (a comma-separated list, as CI sets
    // it) names `engine`.

    fn real_engine() -> Option<Uci> {
        let Some(path) = find(None) else {
            let required = std::env::var("LEAGUE_REQUIRE")
                .is_ok_and(|list| list.split(',').any(|r| r.trim() == "engine"));
            assert!(
                !required,
                "stockfish not found, and LEAGUE_REQUIRE names engine"
            );
            println!("SKIPPED (needs engine): stockfish not found");
            return None;
        };
        let limits = Limits {
            depth: 8,
            ..Limits::default()
        };
        Some(Uci::start(&path, limits).expect("the engine starts"))
    }

    /// Nothing excluded but the forced moves.
    fn every_move() -> Method {
        Method {
            book_moves: 0,
            scramble_seconds: 0,
            decided_cp: CAP_CP,
        }
    }

    /// A game of up to `plies` moves from a new game, each move
    /// `choose(position, its legal moves in UCI sorted, the engine's first
    /// choice)`.
    fn play(
        engine: &mut Uci,
        plies: usize,
        mut choose: impl FnMut(&Board, &[String], &str) -> String,
    ) -> Vec<String> {
        engine.new_game().unwrap();
        let mut game = Vec::new();
        let mut board = Board::default();
        for _ in 0..plies {
            let e = engine.evaluate(None, &game).unwrap();
            let Some(best) = e.best else { break };
            let mut legal = Vec::new();
            board.generate_moves(|ms| {
                legal.extend(
                    ms.into_iter()
                        .map(|m| display_uci_move(&board, m).to_string()),
                );
                false
            });
            legal.sort();
            let mv = choose(&board, &legal, &best);
            board.play(parse_uci_move(&board, &mv).unwrap());
            game.push(mv);
        }
        game
    }

    #[test]
    fn g_e3_engine_search_is_deterministic_with_one_thread_and_a_new_game() {
        let Some(mut engine) = real_engine() else {
            return;
        };
        assert!(
            engine.name().to_lowercase().contains("stockfish"),
            "{}",
            engine.name()
        );
        let game = moves("e2e4 c7c5 g1f3 d7d6 d2d4 c5d4 f3d4 g8f6 b1c3 a7a6 c1e3 e7e5");
        let first = analyse_game(&mut engine, None, &game, &|| false).unwrap();
        let again = analyse_game(&mut engine, None, &game, &|| false).unwrap();
        assert_eq!(first, again);
        // A second process agrees too.
        let mut other = real_engine().unwrap();
        assert_eq!(
            analyse_game(&mut other, None, &game, &|| false).unwrap(),
            first
        );
        assert_eq!(first.len(), 12);
        assert!(first.iter().all(|p| p.best.is_some()));
    }

    #[test]
    fn g_e3_engine_agreement_is_full_for_the_engines_own_moves() {
        let Some(mut engine) = real_engine() else {
            return;
        };
        let game = play(&mut engine, 20, |_, _, best| best.to_owned());
        assert_eq!(game.len(), 20);
        let plies = analyse_game(&mut engine, None, &game, &|| false).unwrap();
        for white in [true, false] {
            let a = agreement(&plies, white, &[], &every_move());
            assert!(a.considered >= 8, "{a:?}");
            // Deterministic search (one thread, fixed depth, new game):
            // exactly the same first choices as when the game was played.
            assert_eq!(a.share(), Some(1.0), "{a:?}");
        }
    }

    #[test]
    fn g_e3_engine_agreement_is_low_for_moves_chosen_against_it() {
        let Some(mut engine) = real_engine() else {
            return;
        };
        // A quiet move other than the engine's choice: the first in
        // alphabetical order that captures nothing and does not repeat a
        // position (a repetition would be a draw, scored like the
        // position before). This pushes rook pawns and shuffles pieces
        // aimlessly.
        let mut seen = std::collections::HashSet::new();
        let game = play(&mut engine, 20, |board, legal, best| {
            seen.insert(board.hash());
            let after = |m: &str| {
                let mut next = board.clone();
                next.play(parse_uci_move(board, m).unwrap());
                next.hash()
            };
            let quiet = |m: &&String| {
                let to: cozy_chess::Square = m[2..4].parse().unwrap();
                board.piece_on(to).is_none() && !seen.contains(&after(m))
            };
            let others = || legal.iter().filter(|m| m.as_str() != best);
            others()
                .find(quiet)
                .or_else(|| others().next())
                .cloned()
                .unwrap_or_else(|| best.to_owned())
        });
        assert_eq!(game.len(), 20);
        let plies = analyse_game(&mut engine, None, &game, &|| false).unwrap();
        for white in [true, false] {
            let a = agreement(&plies, white, &[], &every_move());
            assert!(a.considered >= 8, "{a:?}");
            assert_eq!(a.share(), Some(0.0), "{a:?}");
            assert!(a.acpl().unwrap() > 0.0, "{a:?}");
        }
    }

    #[test]
    fn g_e3_engine_analysis_can_be_cancelled() {
        let Some(mut engine) = real_engine() else {
            return;
        };
        let searched = Cell::new(0);
        let cancel = || {
            searched.set(searched.get() + 1);
            searched.get() > 2
        };
        let err = analyse_game(
            &mut engine,
            None,
            &moves("e2e4 e7e5 g1f3 b8c6 f1b5 a7a6"),
            &cancel,
        )
        .unwrap_err();
        assert!(matches!(err, EngineError::Cancelled), "{err}");
        // The engine is fine afterwards.
        let e = engine.evaluate(None, &moves("f2f3 e7e5 g2g4")).unwrap();
        assert_eq!((e.best.as_deref(), e.score), (Some("d8h4"), Score::Mate(1)));
    }
}
