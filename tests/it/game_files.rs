//! Fixtures of the game-record tests: a drawn and published round, its
//! games with the players' nicks by colour, and a PGN game with clocks.

use reqwest::StatusCode;

use crate::club::{Club, four_entered, publish_last};
use league::db;
use league::ids::TournamentId;

/// One game of the pairing: id, White's and Black's nicks.
#[derive(Debug, Clone)]
pub(crate) struct Board {
    pub id: i64,
    pub white: String,
    pub black: String,
}

/// Round 1 of a drawn and published four-team G tournament: the
/// tournament and its page.
pub(crate) async fn round_one(club: &Club) -> (i64, String) {
    let (_, t) = four_entered(club).await;
    let url = club.tournament_url(t);
    let page = club
        .app
        .post_with(&club.root, &format!("{url}/draw"), &[("seed", "5")])
        .await;
    club.started(&url);
    assert_eq!(page.status, StatusCode::SEE_OTHER, "{}", page.text);
    publish_last(club, &url).await;
    (t, url)
}

/// The games of round `n` in table, board and game order.
pub(crate) fn pairing(club: &Club, t: i64, n: i32) -> Vec<Board> {
    let mut conn = club.app.db();
    let rounds = db::rounds::of_tournament(&mut conn, TournamentId(t)).expect("rounds");
    let ids: Vec<_> = rounds
        .iter()
        .filter(|r| r.number == n)
        .map(|r| r.id)
        .collect();
    let mut matches = db::rounds::matches_of_rounds(&mut conn, &ids).expect("matches");
    matches.sort_by_key(|m| m.table_no);
    let mut out = Vec::new();
    for m in matches {
        for g in db::rounds::games_of_matches(&mut conn, &[m.id]).expect("games") {
            let mut nick = |p: Option<league::ids::PersonId>| {
                db::people::nicks_of(&mut conn, &[p.expect("a player")]).expect("nick")[0]
                    .1
                    .clone()
            };
            let (home, away) = (nick(g.home_player_id), nick(g.away_player_id));
            let (white, black) = if g.home_white {
                (home, away)
            } else {
                (away, home)
            };
            out.push(Board {
                id: g.id.0,
                white,
                black,
            });
        }
    }
    out
}

/// A drawn 24-ply game with clocks (3 minutes each): White spends
/// exactly `white_secs` on every move, Black a varying time.
pub(crate) fn timed_game(white: &str, black: &str, white_secs: u32) -> String {
    let moves = [
        "e4", "e5", "Nf3", "Nc6", "Bb5", "a6", "Ba4", "Nf6", "O-O", "Be7", "Re1", "b5", "Bb3",
        "d6", "c3", "O-O", "h3", "Nb8", "d4", "Nbd7", "Nbd2", "Bb7", "Bc2", "Re8",
    ];
    let (mut w, mut b) = (180u32, 180u32);
    let mut text = format!(
        "[Event \"t\"]\n[Site \"server\"]\n[Date \"2026.12.02\"]\n[Round \"1\"]\n[White \"{white}\"]\n\
         [Black \"{black}\"]\n[Result \"1/2-1/2\"]\n[TimeControl \"180\"]\n\n"
    );
    for (i, m) in moves.iter().enumerate() {
        let clock = if i % 2 == 0 {
            w -= white_secs;
            w
        } else {
            b -= 1 + (i as u32 * 7) % 9;
            b
        };
        if i % 2 == 0 {
            text += &format!("{}. ", i / 2 + 1);
        }
        text += &format!("{m} {{ [%clk 0:{:02}:{:02}] }} ", clock / 60, clock % 60);
    }
    text + "1/2-1/2\n\n"
}
