//! PGN import of a 280-game tournament (docs/PERFORMANCE.md): a generated
//! championship on a fresh SQLite file (`league generate` at the smallest
//! scale), whose second tournament has 8 teams, 28 matches and 280 games;
//! a PGN file of those games as a game server writes it (seven-tag roster,
//! 80 plies of legal moves with clock comments each, the stored results);
//! then the judge's path: stage, preview, confirm (every game's record
//! kept in one transaction). Prints the file size, the time of each step
//! and the peak resident memory of the process.
//!
//! `cargo bench --bench pgn`.

use std::time::Instant;

use cozy_chess::Board;
use league::app::games::{self, Choice};
use league::cli::generate::{Plan, run};
use league::db::{self, DbUrl};
use league::ids::{GameId, MatchId, PersonId, TournamentId};

/// Peak resident memory of this process, from /proc (Linux).
fn peak_rss_kb() -> Option<u64> {
    let status = std::fs::read_to_string("/proc/self/status").ok()?;
    status
        .lines()
        .find(|l| l.starts_with("VmHWM:"))?
        .split_whitespace()
        .nth(1)?
        .parse()
        .ok()
}

/// A deterministic legal game of up to `plies` plies, in SAN with clocks.
fn moves(seed: u64, plies: usize) -> String {
    let mut board = Board::default();
    let mut state = seed
        .wrapping_mul(6364136223846793005)
        .wrapping_add(1442695040888963407);
    let mut out = String::new();
    let (mut white, mut black) = (180_u32, 180_u32);
    for ply in 0..plies {
        let mut legal = Vec::new();
        board.generate_moves(|ms| {
            legal.extend(ms);
            false
        });
        if legal.is_empty() {
            break;
        }
        state = state.wrapping_mul(6364136223846793005).wrapping_add(1);
        let mv = legal[(state >> 33) as usize % legal.len()];
        if ply % 2 == 0 {
            out.push_str(&format!("{}. ", ply / 2 + 1));
        }
        out.push_str(&format!(
            "{}",
            cozy_chess::util::display_san_move(&board, mv)
        ));
        let clock = if ply % 2 == 0 { &mut white } else { &mut black };
        *clock = clock.saturating_sub(1 + (state >> 40) as u32 % 4);
        out.push_str(&format!(
            " {{ [%clk 0:{:02}:{:02}] }} ",
            *clock / 60,
            *clock % 60
        ));
        board.play_unchecked(mv);
    }
    out
}

fn main() {
    let dir = tempfile::tempdir().expect("a temporary directory");
    let url = DbUrl::parse(&format!(
        "sqlite://{}",
        dir.path().join("bench.sqlite3").display()
    ))
    .expect("url");
    let pool = db::connect(&url, 2).expect("the database");
    let mut conn = pool.get().expect("a connection");
    let generated = run(
        &mut conn,
        &Plan {
            scale: 0.001,
            seed: 7,
        },
    )
    .expect("generate");
    // The tournament of 280 games.
    let ts =
        db::tournaments::of_championship(&mut conn, generated.sample_championship).expect("ts");
    let mut chosen: Option<(TournamentId, Vec<db::rounds::Game>)> = None;
    for t in &ts {
        let rounds = db::rounds::of_tournament(&mut conn, t.id).expect("rounds");
        let ids: Vec<_> = rounds.iter().map(|r| r.id).collect();
        let matches = db::rounds::matches_of_rounds(&mut conn, &ids).expect("matches");
        let mids: Vec<MatchId> = matches.iter().map(|m| m.id).collect();
        let games = db::rounds::games_of_matches(&mut conn, &mids).expect("games");
        if games.len() == 280 {
            chosen = Some((t.id, games));
            break;
        }
    }
    let (t, games_of_t) = chosen.expect("a tournament of 280 games");
    let persons: Vec<PersonId> = games_of_t
        .iter()
        .flat_map(|g| [g.home_player_id, g.away_player_id])
        .flatten()
        .collect();
    let nicks: std::collections::HashMap<PersonId, String> =
        db::people::nicks_of(&mut conn, &persons)
            .expect("nicks")
            .into_iter()
            .collect();
    let mut text = String::new();
    for (i, g) in games_of_t.iter().enumerate() {
        let nick = |p: Option<PersonId>| nicks[&p.expect("a player")].clone();
        let (home, away) = (nick(g.home_player_id), nick(g.away_player_id));
        let (white, black) = if g.home_white {
            (home, away)
        } else {
            (away, home)
        };
        let by_home = match g.result.as_str() {
            "1-0" | "+-" => 1,
            "0-1" | "-+" => -1,
            _ => 0,
        };
        let by_white = if g.home_white { by_home } else { -by_home };
        let result = match by_white {
            1 => "1-0",
            -1 => "0-1",
            _ => "1/2-1/2",
        };
        text.push_str(&format!(
            "[Event \"Bench\"]\n[Site \"server\"]\n[Date \"2026.12.02\"]\n[Round \"?\"]\n\
             [White \"{white}\"]\n[Black \"{black}\"]\n[Result \"{result}\"]\n[TimeControl \"180\"]\n\n{}{result}\n\n",
            moves(i as u64, 80)
        ));
    }
    let judge = persons[0];
    let bytes = text.len();
    let rss_before = peak_rss_kb();
    let start = Instant::now();
    let read = league::rules::pgn::read(&text);
    let read_time = start.elapsed();
    assert_eq!(read.games.len(), 280);
    let start = Instant::now();
    let id =
        games::stage(&mut conn, t, None, "bench.pgn", &text, judge, db::utc_now()).expect("stage");
    let staged = start.elapsed();
    let start = Instant::now();
    let preview = games::preview(&mut conn, t, id).expect("preview");
    let previewed = start.elapsed();
    let choices: Vec<Choice> = preview
        .lines
        .iter()
        .filter_map(|l| l.game)
        .map(|(game, version, _): (GameId, i32, _)| Choice {
            game,
            version,
            take_file: false,
        })
        .collect();
    let start = Instant::now();
    let outcome =
        games::confirm(&mut conn, t, id, &choices, judge, db::utc_now()).expect("confirm");
    let confirmed = start.elapsed();
    let kept = outcome.count(games::Done::Attached) + outcome.count(games::Done::KeptEntered);
    println!(
        "PGN import, 280 games ({} KiB): read {:.1} ms; stage {:.1} ms; preview {:.1} ms; confirm {:.1} ms ({kept} records kept, {} left out); peak RSS {} KiB (before the import {} KiB)",
        bytes / 1024,
        read_time.as_secs_f64() * 1000.0,
        staged.as_secs_f64() * 1000.0,
        previewed.as_secs_f64() * 1000.0,
        confirmed.as_secs_f64() * 1000.0,
        outcome.count(games::Done::LeftOut),
        peak_rss_kb().unwrap_or(0),
        rss_before.unwrap_or(0),
    );
}
