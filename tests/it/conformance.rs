//! The TRF conformance suite: team files in the layouts other chess
//! programs write (tests/conformance/, described in its README), read by the
//! `league` binary as an arbiter runs it, each against its expected table.

use std::collections::HashSet;
use std::path::{Path, PathBuf};

use league::rules::tournament::{Pairing, TeamId};

use crate::cli::league;

fn suite(name: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/conformance")
        .join(name)
}

/// `league standings FILE --format json` with extra arguments, parsed.
fn standings_json(file: &str, args: &[&str]) -> serde_json::Value {
    let out = league()
        .arg("standings")
        .arg(suite(file))
        .args(["--format", "json"])
        .args(args)
        .output()
        .expect("run league");
    assert!(
        out.status.success(),
        "{file}: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    serde_json::from_slice(&out.stdout).expect("JSON")
}

/// Every file of the suite with the arguments its expected table was made
/// with (the tie-breaks where the file names none).
const FILES: &[(&str, &[&str])] = &[
    ("sm-013-team-swiss", &["--tiebreaks", "MPvGP,EDE,BH:MP"]),
    ("trf2026-310-two-games", &[]),
    ("trf2026-310-pab-value", &[]),
    ("sm-013-reserves", &["--tiebreaks", "MPvGP,BC,BH:MP"]),
    ("trf2026-192-mp-gp", &["--tiebreaks", "MPvGP,BH:MP"]),
    ("trf2026-192-typea-gp-mp", &["--tiebreaks", "MPvGP,BH:GP"]),
    ("trf2026-310-round-robin-forfeit", &[]),
];

#[test]
fn every_file_of_the_conformance_suite_gives_its_expected_table() {
    for (name, args) in FILES {
        let got = standings_json(&format!("{name}.trf"), args);
        let expected: serde_json::Value = serde_json::from_str(
            &std::fs::read_to_string(suite(&format!("{name}.expected.json"))).expect("expected"),
        )
        .expect("expected JSON");
        assert_eq!(got, expected, "{name}");
    }
}

/// Points and places of a table: (team, MP, GP, place).
fn summary(table: &serde_json::Value) -> Vec<(u64, f64, f64, String)> {
    table
        .as_array()
        .expect("rows")
        .iter()
        .map(|r| {
            (
                r["team"].as_u64().expect("team"),
                r["mp"].as_f64().expect("mp"),
                r["gp"].as_f64().expect("gp"),
                r["place"].as_str().expect("place").to_owned(),
            )
        })
        .collect()
}

/// A Swiss-Manager file (TRF16): the games only in the 001 lines, the teams
/// in 013, a PAB worth 2 MP and 1 GP (320), a forfeited match (330), a board
/// forfeit. Worked by hand (MP 2/1/0):
///
/// | team    | R1          | R2          | R3            | MP | GP  |
/// |---------|-------------|-------------|---------------|----|-----|
/// | Alpha   | W 1½ v Bravo| W 1½ v Delta| D 1 v Echo    | 5  | 4   |
/// | Bravo   | L ½         | PAB 2 MP, 1 | forfeit W, 2  | 4  | 3½  |
/// | Charlie | L 0 v Delta | L ½ v Echo  | PAB 2 MP, 1   | 2  | 1½  |
/// | Delta   | W 2         | L ½         | forfeit L, 0  | 2  | 2½  |
/// | Echo    | PAB 2 MP, 1 | W 1½        | D 1           | 5  | 3½  |
#[test]
fn a_swiss_manager_file_is_read_with_its_games_and_byes_not_as_zeros() {
    let table = standings_json("sm-013-team-swiss.trf", &["--tiebreaks", "MPvGP"]);
    assert_eq!(
        summary(&table),
        [
            (1, 5.0, 4.0, "1".to_owned()),
            (5, 5.0, 3.5, "2".to_owned()),
            (2, 4.0, 3.5, "3".to_owned()),
            (4, 2.0, 2.5, "4".to_owned()),
            (3, 2.0, 1.5, "5".to_owned()),
        ]
    );
}

/// The C.07 edition follows the tournament's dates and `--edition`
/// overrides it. The Swiss-Manager file is dated 4 October 2025: the 2024
/// edition, where a round without an opponent counts the team's own score
/// (art. 16.4). Bravo (4 MP): Alpha 5 + PAB dummy 4 + forfeit win dummy 4
/// = 13. In the 2026 edition the dummy is capped: the PAB at a draw per
/// round (1 × 3 = 3), the forfeit win at Delta's adjusted score (2):
/// 5 + 3 + 2 = 10.
#[test]
fn c07_16_4_the_edition_follows_the_dates_and_edition_overrides_it() {
    let bh = |args: &[&str]| -> f64 {
        let mut all = vec!["--tiebreaks", "BH:MP"];
        all.extend_from_slice(args);
        let table = standings_json("sm-013-team-swiss.trf", &all);
        table
            .as_array()
            .expect("rows")
            .iter()
            .find(|r| r["team"] == 2)
            .and_then(|r| r["tiebreaks"]["BH:MP"].as_f64())
            .expect("Bravo's BH")
    };
    assert_eq!(bh(&[]), 13.0);
    assert_eq!(bh(&["--edition", "2024"]), 13.0);
    assert_eq!(bh(&["--edition", "2026"]), 10.0);
    let text = league()
        .arg("standings")
        .arg(suite("sm-013-team-swiss.trf"))
        .output()
        .expect("run");
    let text = String::from_utf8_lossy(&text.stdout);
    assert!(text.contains("(FIDE C.07, 2024 edition)"), "{text}");
}

/// `league pair --team-swiss` on a common-layout file knows who met whom:
/// round 4 of the Swiss-Manager file pairs no teams that met in rounds 1–3
/// over the board, and the PAB goes to a team that has had none and won no
/// match by forfeit (C.04.6 [C1], [C2]).
#[test]
fn c04_6_pair_reads_the_history_of_a_common_layout_file() {
    let dir = tempfile::tempdir().expect("tmp");
    let output = dir.path().join("round4.txt");
    let out = league()
        .args(["pair", "--team-swiss"])
        .arg(suite("sm-013-team-swiss.trf"))
        .args(["--total-rounds", "5", "-p"])
        .arg(&output)
        .output()
        .expect("run");
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let text = std::fs::read_to_string(&output).expect("pairings");
    let mut lines = text.lines();
    let count: usize = lines.next().expect("count").trim().parse().expect("number");
    let pairs: Vec<(u16, u16)> = lines
        .map(|l| {
            let mut it = l
                .split_whitespace()
                .map(|n| n.parse::<u16>().expect("team"));
            (it.next().expect("home"), it.next().expect("away"))
        })
        .collect();
    assert_eq!(count, pairs.len());
    assert_eq!(
        pairs.len(),
        3,
        "two matches and a bye of five teams: {text}"
    );
    let doc = league::rules::trf::read_bytes(
        &std::fs::read(suite("sm-013-team-swiss.trf")).expect("file"),
    )
    .expect("reads");
    let mut met: HashSet<(u16, u16)> = HashSet::new();
    let mut no_bye: HashSet<u16> = HashSet::new();
    for r in &doc.tournament.rounds {
        for p in &r.pairings {
            match p {
                Pairing::Match(m) if m.forfeit.is_none() => {
                    met.insert((m.home.0.min(m.away.0), m.home.0.max(m.away.0)));
                }
                Pairing::Match(m) => {
                    // The forfeit winner may not take the PAB.
                    no_bye.insert(m.home.0);
                }
                Pairing::Bye { team, .. } => {
                    no_bye.insert(team.0);
                }
            }
        }
    }
    assert_eq!(met.len(), 5, "the file holds five matches played");
    for &(a, b) in &pairs {
        if b == 0 {
            assert!(!no_bye.contains(&a), "PAB to team {a}: {text}");
        } else {
            assert!(
                !met.contains(&(a.min(b), a.max(b))),
                "{a}–{b} again: {text}"
            );
        }
    }
    assert!(doc.tournament.teams.iter().all(|t| t.id != TeamId(0)));
}

/// A Swiss-Manager team Swiss (TRF16, teams in 013, no 320, 352 or 801):
/// 5 teams of 5–6 players on 4 boards; every player of a team's list has a
/// 001 line and a reserve who sat out shows `0000 - -` (not paired, no
/// board); the column rulers and `062 27 (20)` stand above the 001 block;
/// each round's PAB is only the `U` cells of four players (a drawn match,
/// 1 MP, and one point per board, 4 GP). Worked by hand (MP 2/1/0, board
/// results listed home team first, home White on boards 1 and 3):
///
/// | round | match (home first)     | boards    | score   |
/// |-------|------------------------|-----------|---------|
/// | 1     | Alpha–Bravo            | 1 = 0 1   | 2½–1½   |
/// | 1     | Charlie–Delta          | = 0 1 =   | 2–2     |
/// | 1     | Echo PAB               | U U U U   | 1 MP 4  |
/// | 2     | Charlie–Alpha          | 0 = = 1   | 2–2     |
/// | 2     | Delta–Echo             | 1 0 = +   | 2½–1½   |
/// | 2     | Bravo PAB              |           | 1 MP 4  |
/// | 3     | Alpha–Delta            | = 1 1 0   | 2½–1½   |
/// | 3     | Echo–Bravo             | 0 = 1 0   | 1½–2½   |
/// | 3     | Charlie PAB            |           | 1 MP 4  |
///
/// Delta's board 4 in round 2 is `0000 - +` (Echo left it empty). Alpha
/// 2+1+2 = 5 MP, 2½+2+2½ = 7 GP; Bravo 0+1+2 = 3, 1½+4+2½ = 8; Charlie
/// 1+1+1 = 3, 2+2+4 = 8; Delta 1+2+0 = 3, 2+2½+1½ = 6; Echo 1+0+0 = 1,
/// 4+1½+1½ = 7. Bravo and Charlie tie on MP and GP; BC (Σ board × points,
/// a bye a win on every board: 1+2+3+4 = 10) separates them: Bravo
/// (2×½ + 3) + 10 + (1 + 2×½ + 4) = 20, Charlie (½ + 3 + 4×½) + (2×½ +
/// 3×½ + 4) + 10 = 22, lower first.
#[test]
fn swiss_manager_reserves_sit_out_as_no_board_and_the_file_pairs() {
    let table = standings_json("sm-013-reserves.trf", &["--tiebreaks", "MPvGP,BC"]);
    assert_eq!(
        summary(&table),
        [
            (1, 5.0, 7.0, "1".to_owned()),
            (2, 3.0, 8.0, "2".to_owned()),
            (3, 3.0, 8.0, "3".to_owned()),
            (4, 3.0, 6.0, "4".to_owned()),
            (5, 1.0, 7.0, "5".to_owned()),
        ]
    );
    let bc: Vec<f64> = table
        .as_array()
        .expect("rows")
        .iter()
        .map(|r| r["tiebreaks"]["BC"].as_f64().expect("BC"))
        .collect();
    assert_eq!(bc, [15.0, 20.0, 22.0, 15.5, 17.5]);
    let doc =
        league::rules::trf::read_bytes(&std::fs::read(suite("sm-013-reserves.trf")).expect("file"))
            .expect("reads");
    assert_eq!(
        doc.tournament.boards, 4,
        "boards from the games, not the lists"
    );
    assert!(doc.unknown.iter().all(|u| !u.text.starts_with("DDD")));
    // Round 4 (142 says 5 rounds): the teams that met do not meet again,
    // and the PAB goes to Alpha or Delta, the teams without one.
    let dir = tempfile::tempdir().expect("tmp");
    let output = dir.path().join("round4.txt");
    let out = league()
        .args(["pair", "--team-swiss"])
        .arg(suite("sm-013-reserves.trf"))
        .arg("-p")
        .arg(&output)
        .output()
        .expect("run");
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let text = std::fs::read_to_string(&output).expect("pairings");
    let met = [(1, 2), (3, 4), (1, 3), (4, 5), (1, 4), (2, 5)];
    let mut lines = text.lines();
    assert_eq!(lines.next(), Some("3"), "{text}");
    for l in lines {
        let mut it = l
            .split_whitespace()
            .map(|n| n.parse::<u16>().expect("team"));
        let (a, b) = (it.next().expect("home"), it.next().expect("away"));
        if b == 0 {
            assert!([1, 4].contains(&a), "PAB to team {a}: {text}");
        } else {
            assert!(
                !met.contains(&(a.min(b), a.max(b))),
                "{a}–{b} again: {text}"
            );
        }
    }
}

/// TRF-2026 192: the score part of the code names the primary score first.
/// The same games under `FIDE_TEAM_MP_GP` and `FIDE_TEAM_TYPEA_GP_MP`
/// (4 teams, 2 boards, everyone met once): Orel 4 MP 3 GP, Voron 3 / 3½,
/// Sokol 3 / 3, Lebed 2 / 2½. Match points first: Orel, Voron, Sokol,
/// Lebed; game points first: Voron, Orel (4 MP) ahead of Sokol (3 MP),
/// Lebed.
#[test]
fn trf_192_the_code_names_the_primary_score_first() {
    let order = |file: &str| -> Vec<u64> {
        standings_json(file, &["--tiebreaks", "MPvGP"])
            .as_array()
            .expect("rows")
            .iter()
            .map(|r| r["team"].as_u64().expect("team"))
            .collect()
    };
    assert_eq!(order("trf2026-192-mp-gp.trf"), [1, 3, 2, 4]);
    assert_eq!(order("trf2026-192-typea-gp-mp.trf"), [3, 1, 2, 4]);
}

/// A file whose games the reader cannot place is an error with the line
/// number, never a table of zeros: a player with games who is in no team.
#[test]
fn a_game_of_a_player_in_no_team_is_an_error_with_its_line() {
    let text = std::fs::read_to_string(suite("sm-013-team-swiss.trf")).expect("file");
    let without_echo: String = text
        .split_inclusive("\r\n")
        .filter(|l| !l.starts_with("013 Echo"))
        .collect();
    let dir = tempfile::tempdir().expect("tmp");
    let file = dir.path().join("no-echo.trf");
    std::fs::write(&file, without_echo).expect("write");
    let out = league().arg("standings").arg(&file).output().expect("run");
    assert!(!out.status.success());
    let err = String::from_utf8_lossy(&out.stderr);
    // Player 9 (Ivanov, on line 20) belongs to no team any more.
    assert!(
        err.contains("line 20") && err.contains("player 9 listed in a team record"),
        "{err}"
    );
}
