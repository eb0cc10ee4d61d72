//! `league pair`: the pairing-engine command line (JaVaFo, bbpPairings
//! convention) as an operator meets it.

use std::collections::HashSet;
use std::path::Path;
use std::process::Output;

use league::rules::score::{BoardResult, Colour, Scoring};
use league::rules::tournament::{
    Game, Match, MatchForfeit, Pairing, PairingSystem, Round, Team, TeamId, Tournament,
};

use crate::cli::league;

fn game(board: u8, result: BoardResult) -> Game {
    Game {
        board,
        game: 1,
        result,
        home_player: None,
        away_player: None,
    }
}

fn played(home: u16, away: u16, r1: BoardResult, r2: BoardResult) -> Pairing {
    Pairing::Match(Match {
        home: TeamId(home),
        away: TeamId(away),
        games: vec![game(1, r1), game(2, r2)],
        forfeit: None,
    })
}

fn tournament(teams: u16, rounds: Vec<Vec<Pairing>>) -> Tournament {
    let mut t = Tournament {
        name: "Corporate Cup".into(),
        start_date: None,
        end_date: None,
        system: PairingSystem::Swiss,
        boards: 2,
        games_per_pairing: 1,
        colours: vec![Colour::White, Colour::Black],
        scoring: Scoring::default(),
        declared_rounds: None,
        initial_colour: None,
        teams: (1..=teams)
            .map(|i| Team {
                id: TeamId(i),
                name: format!("Team {i}"),
                nickname: None,
                roster: vec![],
            })
            .collect(),
        players: vec![],
        rounds: rounds
            .into_iter()
            .enumerate()
            .map(|(i, pairings)| Round {
                number: u16::try_from(i + 1).expect("few rounds"),
                pairings,
            })
            .collect(),
    };
    t.canonicalize();
    t
}

/// The matches of the two rounds of [`six_team_swiss`], as unordered pairs.
const MET: [[u16; 2]; 6] = [[1, 4], [2, 5], [3, 6], [1, 2], [4, 6], [3, 5]];

/// Six teams, two boards, two rounds played (R-3.2 style team Swiss):
/// round 1: 1–4 2:0, 5–2 ½:1½, 3–6 1:1; round 2: 2–1 1:1, 6–4 2:0,
/// 3–5 1½:½.
fn six_team_swiss() -> String {
    use BoardResult::{AwayWin, Draw, HomeWin};
    let t = tournament(
        6,
        vec![
            vec![
                played(1, 4, HomeWin, HomeWin),
                played(5, 2, Draw, AwayWin),
                played(3, 6, HomeWin, AwayWin),
            ],
            vec![
                played(2, 1, Draw, Draw),
                played(6, 4, HomeWin, HomeWin),
                played(3, 5, HomeWin, Draw),
            ],
        ],
    );
    league::rules::trf::write(&t, &[])
}

fn pair(trf: &str, args: &[&str]) -> (Output, Option<String>) {
    let dir = tempfile::tempdir().expect("tmp");
    let input = dir.path().join("in.trf");
    let output = dir.path().join("out.txt");
    std::fs::write(&input, trf).expect("write");
    let out = league()
        .arg("pair")
        .arg("--team-swiss")
        .arg(&input)
        .arg("-p")
        .arg(&output)
        .args(args)
        .output()
        .expect("run league");
    let file = std::fs::read_to_string(&output).ok();
    (out, file)
}

fn stderr(out: &Output) -> String {
    String::from_utf8_lossy(&out.stderr).into_owned()
}

/// Parses the engine format: the count line, then `HOME AWAY` lines.
fn parse_pairings(text: &str) -> Vec<(u16, u16)> {
    let mut lines = text.lines();
    let count: usize = lines
        .next()
        .and_then(|l| l.trim().parse().ok())
        .unwrap_or_else(|| panic!("count line: {text:?}"));
    let pairs: Vec<(u16, u16)> = lines
        .map(|l| {
            let nums: Vec<u16> = l
                .split_whitespace()
                .map(|n| n.parse().expect("a team number"))
                .collect();
            assert_eq!(nums.len(), 2, "line {l:?}");
            (nums[0], nums[1])
        })
        .collect();
    assert_eq!(pairs.len(), count, "{text}");
    pairs
}

/// One non-empty stderr line, no panic, a failure exit code.
fn one_line_failure(out: &Output) -> String {
    assert!(!out.status.success(), "must fail");
    let err = stderr(out);
    assert_eq!(err.trim_end().lines().count(), 1, "one line: {err:?}");
    assert!(!err.contains("panicked"), "{err}");
    assert!(err.starts_with("league: "), "{err}");
    err
}

#[test]
fn r_3_2_pair_writes_the_next_round_of_a_six_team_swiss_to_the_output_file() {
    let (out, file) = pair(&six_team_swiss(), &["--total-rounds", "7"]);
    assert!(out.status.success(), "{}", stderr(&out));
    assert!(out.stdout.is_empty(), "the pairings go to the file");
    assert!(out.stderr.is_empty(), "quiet without --verbose");
    let file = file.expect("output file written");
    let pairs = parse_pairings(&file);
    assert_eq!(pairs.len(), 3, "{file}");
    let mut seen: Vec<u16> = pairs.iter().flat_map(|&(a, b)| [a, b]).collect();
    seen.sort_unstable();
    assert_eq!(seen, [1, 2, 3, 4, 5, 6], "every team once: {file}");
    let met: HashSet<[u16; 2]> = MET.into_iter().collect();
    for (a, b) in pairs {
        assert!(
            !met.contains(&[a.min(b), a.max(b)]),
            "C.04.6 [C1] rematch {a}-{b}: {file}"
        );
    }
}

#[test]
fn r_3_2_the_rounds_declared_in_record_142_are_the_default() {
    let trf = six_team_swiss() + "142 7\r\n";
    let (out, file) = pair(&trf, &["--verbose"]);
    assert!(out.status.success(), "{}", stderr(&out));
    assert_eq!(parse_pairings(&file.expect("written")).len(), 3);
    let report = stderr(&out);
    assert!(report.contains("round 3 of 7"), "{report}");
    assert!(report.contains("C.04.6"), "{report}");
}

#[test]
fn the_same_seed_gives_the_same_pairings_and_the_seed_stays_out_of_the_file() {
    let trf = six_team_swiss();
    for extra in [&[][..], &["--lot-rounds", "3"][..]] {
        let mut args = vec!["--total-rounds", "7", "--seed", "90210", "--verbose"];
        args.extend_from_slice(extra);
        let (a, file_a) = pair(&trf, &args);
        let (b, file_b) = pair(&trf, &args);
        assert!(a.status.success(), "{}", stderr(&a));
        assert!(b.status.success(), "{}", stderr(&b));
        let file_a = file_a.expect("written");
        assert_eq!(Some(&file_a), file_b.as_ref(), "same seed, same round");
        assert!(!file_a.contains("90210"), "{file_a}");
        assert!(!file_a.contains('#'), "no comment in the output: {file_a}");
        parse_pairings(&file_a);
        // The seed is in the report on stderr (only with --verbose).
        assert!(
            stderr(&a).contains("tournament seed: 90210"),
            "{}",
            stderr(&a)
        );
        assert_eq!(stderr(&a), stderr(&b));
    }
}

#[test]
fn r_3_1_lot_rounds_need_a_seed_and_draw_reproducibly() {
    let trf = league::rules::trf::write(&tournament(6, vec![]), &[]);
    let (out, _) = pair(&trf, &["--total-rounds", "7", "--lot-rounds", "2"]);
    let err = one_line_failure(&out);
    assert!(
        err.contains("--seed") && err.contains("--lot-rounds"),
        "{err}"
    );

    let args = ["--total-rounds", "7", "--lot-rounds", "2", "--seed", "7"];
    let (a, file_a) = pair(&trf, &args);
    let (_, file_b) = pair(&trf, &args);
    assert!(a.status.success(), "{}", stderr(&a));
    assert_eq!(file_a, file_b);
    assert_eq!(parse_pairings(&file_a.expect("written")).len(), 3);
}

#[test]
fn pairings_go_to_stdout_for_a_bare_p_or_p_dash() {
    let dir = tempfile::tempdir().expect("tmp");
    let input = dir.path().join("in.trf");
    std::fs::write(&input, six_team_swiss()).expect("write");
    let mut outputs = Vec::new();
    for p in [&["-p"][..], &["-p", "-"][..]] {
        let out = league()
            .arg("pair")
            .arg("--team-swiss")
            .arg(&input)
            .args(p)
            .args(["--total-rounds", "7"])
            .output()
            .expect("run");
        assert!(out.status.success(), "{}", stderr(&out));
        let text = String::from_utf8_lossy(&out.stdout).into_owned();
        assert_eq!(parse_pairings(&text).len(), 3, "{text}");
        outputs.push(text);
    }
    assert_eq!(outputs[0], outputs[1]);
}

#[test]
fn c_04_6_c2_after_a_bye_and_a_forfeit_the_bye_goes_elsewhere_as_team_0() {
    use BoardResult::HomeWin;
    // Five teams; round 1: 1–2 2:0, 3–4 forfeited by team 4 (330 `+-`),
    // team 5 the pairing-allocated bye.
    let t = tournament(
        5,
        vec![vec![
            played(1, 2, HomeWin, HomeWin),
            Pairing::Match(Match {
                home: TeamId(3),
                away: TeamId(4),
                games: vec![],
                forfeit: Some(MatchForfeit::HomeWins),
            }),
            Pairing::Bye {
                team: TeamId(5),
                kind: league::rules::score::ByeKind::PairingAllocated,
            },
        ]],
    );
    let (out, file) = pair(
        &league::rules::trf::write(&t, &[]),
        &["--total-rounds", "5"],
    );
    assert!(out.status.success(), "{}", stderr(&out));
    let pairs = parse_pairings(&file.expect("written"));
    assert_eq!(pairs.len(), 3);
    let byes: Vec<u16> = pairs.iter().filter(|p| p.1 == 0).map(|p| p.0).collect();
    assert_eq!(byes.len(), 1, "{pairs:?}");
    // [C2]: neither a second PAB (team 5) nor a PAB after a forfeit win (team 3).
    assert!(byes[0] != 5 && byes[0] != 3, "{pairs:?}");
    assert_eq!(pairs.last().map(|p| p.1), Some(0), "the bye comes last");
    assert!(
        !pairs.iter().any(|&(a, b)| [a.min(b), a.max(b)] == [1, 2]),
        "{pairs:?}"
    );
}

#[test]
fn g_v1_berger_4_prints_the_fide_table() {
    let out = league()
        .args(["pair", "--berger", "4"])
        .output()
        .expect("run");
    assert!(out.status.success(), "{}", stderr(&out));
    let text = String::from_utf8_lossy(&out.stdout);
    let rounds: Vec<(String, Vec<String>)> = text
        .split("\n\n")
        .map(|block| {
            let mut lines = block.lines().map(str::to_owned);
            let head = lines.next().expect("Round r:");
            (head, lines.collect())
        })
        .collect();
    // FIDE C.05 Annex 1, 4 players.
    assert_eq!(
        rounds,
        vec![
            ("Round 1:".into(), vec!["1-4".into(), "2-3".into()]),
            ("Round 2:".into(), vec!["4-3".into(), "1-2".into()]),
            ("Round 3:".into(), vec!["2-4".into(), "3-1".into()]),
        ],
        "{text}"
    );
}

#[test]
fn g_v1_berger_5_shows_the_bye_with_the_dummy() {
    let out = league()
        .args(["pair", "--berger", "5"])
        .output()
        .expect("run");
    assert!(out.status.success(), "{}", stderr(&out));
    let text = String::from_utf8_lossy(&out.stdout);
    assert_eq!(text.matches("Round ").count(), 5, "{text}");
    let first: Vec<&str> = text
        .split("\n\n")
        .next()
        .expect("round 1")
        .lines()
        .collect();
    assert_eq!(first, ["Round 1:", "1-6 (bye)", "2-5", "3-4"], "{text}");
    for block in text.split("\n\n") {
        assert_eq!(block.matches("(bye)").count(), 1, "{block}");
    }

    let out = league()
        .args(["pair", "--berger", "4", "--double"])
        .output()
        .expect("run");
    assert!(out.status.success(), "{}", stderr(&out));
    assert_eq!(
        String::from_utf8_lossy(&out.stdout)
            .matches("Round ")
            .count(),
        6
    );
}

#[test]
fn a_malformed_trf_is_refused_with_one_line_naming_the_line() {
    let (out, file) = pair(
        "012 Cup\n310 garbage that is not a team line\n",
        &["--total-rounds", "3"],
    );
    let err = one_line_failure(&out);
    assert!(err.contains("line 2"), "{err}");
    assert!(file.is_none(), "nothing written");
}

#[test]
fn c_04_6_c1_two_teams_that_already_met_cannot_be_paired() {
    use BoardResult::{Draw, HomeWin};
    let trf =
        league::rules::trf::write(&tournament(2, vec![vec![played(1, 2, HomeWin, Draw)]]), &[]);
    let (out, file) = pair(&trf, &["--total-rounds", "3"]);
    let err = one_line_failure(&out);
    assert!(err.contains("round 2") && err.contains("[C1]"), "{err}");
    assert!(file.is_none(), "nothing written");

    // All declared rounds are played.
    let (out, _) = pair(&trf, &["--total-rounds", "1"]);
    let err = one_line_failure(&out);
    assert!(err.contains("beyond the 1 rounds declared"), "{err}");

    // No number of rounds anywhere.
    let (out, _) = pair(&trf, &[]);
    let err = one_line_failure(&out);
    assert!(err.contains("--total-rounds"), "{err}");
}

#[test]
fn c_04_6_c1_a_match_kept_only_on_the_away_teams_801_line_is_not_replayed() {
    use BoardResult::{Draw, HomeWin};
    // A hand-edited file: team 1, at home in round 1, lost its 801 line.
    let trf: String =
        league::rules::trf::write(&tournament(2, vec![vec![played(1, 2, HomeWin, Draw)]]), &[])
            .split_inclusive("\r\n")
            .filter(|l| !l.starts_with("801  1 "))
            .collect();
    assert!(trf.contains("801  2 ") && !trf.contains("801  1 "), "{trf}");
    let (out, file) = pair(&trf, &["--total-rounds", "3"]);
    let err = one_line_failure(&out);
    assert!(err.contains("round 2") && err.contains("[C1]"), "{err}");
    assert!(file.is_none(), "nothing written");
}

#[test]
fn r_3_2_a_file_written_with_its_declared_rounds_needs_no_total_rounds() {
    use BoardResult::{Draw, HomeWin};
    let mut t = tournament(
        4,
        vec![vec![
            played(1, 2, HomeWin, Draw),
            played(3, 4, HomeWin, HomeWin),
        ]],
    );
    t.declared_rounds = Some(5);
    t.initial_colour = Some(Colour::White);
    let trf = league::rules::trf::write(&t, &[]);
    assert!(trf.contains("\r\n142 5\r\n152 W\r\n"), "{trf}");
    let (out, file) = pair(&trf, &["--verbose"]);
    assert!(out.status.success(), "{}", stderr(&out));
    assert_eq!(parse_pairings(&file.expect("written")).len(), 2);
    let report = stderr(&out);
    assert!(report.contains("round 2 of 5"), "{report}");
    assert!(report.contains("White (TRF record 152)"), "{report}");
}

#[test]
fn pair_is_listed_in_help_and_needs_a_system() {
    let out = league().arg("--help").output().expect("run");
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(text.contains("pair"), "{text}");
    let out = league().arg("pair").output().expect("run");
    assert!(!out.status.success());
    let out = league()
        .args(["pair", "--berger", "4", "--team-swiss", "x.trf"])
        .output()
        .expect("run");
    assert!(!out.status.success(), "one system at a time");
    for args in [
        &["pair", "--berger", "4", "--seed", "3"][..],
        &["pair", "--team-swiss", "x.trf", "--double"][..],
    ] {
        let out = league().args(args).output().expect("run");
        let err = stderr(&out);
        assert!(!out.status.success(), "{args:?}");
        assert!(err.contains("cannot be used with"), "{err}");
    }
}

#[test]
fn the_output_path_must_be_writable() {
    let dir = tempfile::tempdir().expect("tmp");
    let input = dir.path().join("in.trf");
    std::fs::write(&input, six_team_swiss()).expect("write");
    let out = league()
        .arg("pair")
        .arg("--team-swiss")
        .arg(&input)
        .arg("-p")
        .arg(Path::new("/proc/no-such-dir/out.txt"))
        .args(["--total-rounds", "7"])
        .output()
        .expect("run");
    let err = one_line_failure(&out);
    assert!(err.contains("cannot write"), "{err}");
}
