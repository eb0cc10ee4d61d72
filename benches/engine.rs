//! UCI engine throughput: a fixed 60-ply game (a Closed Ruy Lopez, Breyer
//! variation, continued by hand) analysed with `Limits::default()`, every
//! position searched once as the fair-play evidence does it.
//!
//! `cargo bench --bench engine`. Needs a UCI engine (Stockfish) on PATH or
//! in one of the usual places; without one it says so and exits cleanly.

use std::time::Instant;

use cozy_chess::Board;
use cozy_chess::util::parse_uci_move;
use league::engine::{self, Engine, Limits, Uci};

/// The game, White's and Black's moves in pairs (UCI).
const GAME: [&str; 60] = [
    "e2e4", "e7e5", // 1. e4 e5
    "g1f3", "b8c6", // 2. Nf3 Nc6
    "f1b5", "a7a6", // 3. Bb5 a6
    "b5a4", "g8f6", // 4. Ba4 Nf6
    "e1g1", "f8e7", // 5. O-O Be7
    "f1e1", "b7b5", // 6. Re1 b5
    "a4b3", "d7d6", // 7. Bb3 d6
    "c2c3", "e8g8", // 8. c3 O-O
    "h2h3", "c6b8", // 9. h3 Nb8
    "d2d4", "b8d7", // 10. d4 Nbd7
    "b1d2", "c8b7", // 11. Nbd2 Bb7
    "b3c2", "f8e8", // 12. Bc2 Re8
    "d2f1", "e7f8", // 13. Nf1 Bf8
    "f1g3", "g7g6", // 14. Ng3 g6
    "a2a4", "c7c5", // 15. a4 c5
    "d4d5", "c5c4", // 16. d5 c4
    "c1g5", "h7h6", // 17. Bg5 h6
    "g5e3", "d7c5", // 18. Be3 Nc5
    "d1d2", "h6h5", // 19. Qd2 h5
    "e3g5", "f8e7", // 20. Bg5 Be7
    "g3f1", "f6h7", // 21. Nf1 Nh7
    "g5e7", "d8e7", // 22. Bxe7 Qxe7
    "f1e3", "h7g5", // 23. Ne3 Ng5
    "f3g5", "e7g5", // 24. Nxg5 Qxg5
    "a4b5", "a6b5", // 25. axb5 axb5
    "a1a8", "e8a8", // 26. Rxa8 Rxa8
    "g1h1", "g8g7", // 27. Kh1 Kg7
    "e3f1", "f7f6", // 28. Nf1 f6
    "f1e3", "b7c8", // 29. Ne3 Bc8
    "e3f1", "c8d7", // 30. Nf1 Bd7
];

fn main() {
    let moves: Vec<String> = GAME.iter().map(|m| (*m).to_owned()).collect();
    // The game must be legal whether or not an engine is here.
    let mut board = Board::default();
    for (i, m) in moves.iter().enumerate() {
        let mv =
            parse_uci_move(&board, m).unwrap_or_else(|_| panic!("ply {}: {m} unreadable", i + 1));
        board
            .try_play(mv)
            .unwrap_or_else(|_| panic!("ply {}: {m} is not legal", i + 1));
    }

    let Some(path) = engine::find(None) else {
        println!("engine: no UCI engine (stockfish) found; nothing measured");
        return;
    };
    let limits = Limits::default();
    let mut uci = match Uci::start(&path, limits) {
        Ok(uci) => uci,
        Err(e) => {
            println!(
                "engine: {} does not start ({e}); nothing measured",
                path.display()
            );
            return;
        }
    };
    let started = Instant::now();
    let plies = engine::analyse_game(&mut uci, None, &moves, &|| false).expect("the analysis runs");
    let seconds = started.elapsed().as_secs_f64();
    let positions = plies.len() + 1;
    println!(
        "engine: {} at depth {}, {} thread(s), {} MB hash: {positions} positions in {seconds:.2} s, {:.1} positions/s",
        uci.name(),
        limits.depth,
        limits.threads,
        limits.hash_mb,
        positions as f64 / seconds
    );
}
