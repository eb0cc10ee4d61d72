//! Tests of the TRF reader and writer.

use std::collections::HashMap;

use super::*;
use crate::ranking::standings;
use crate::score::{BoardResult, ByeKind, Colour, HalfPoints, ScoreKind};
use crate::tiebreak::{TieBreakRules, parse_list};
use crate::tournament::tests::{bye, forfeit, m, round, tournament};
use crate::tournament::{
    Match, MatchForfeit, Pairing, PairingSystem, Player, PlayerId, TeamId, Tournament,
};

fn sample() -> Tournament {
    let mut t = tournament(PairingSystem::Swiss, 2, 1, 3, ScoreKind::MatchPoints);
    t.name = "Corporate Cup".into();
    t.start_date = Some("2025/10/16".into());
    t.players = (1..=6)
        .map(|i| Player {
            id: PlayerId(i),
            name: format!("Player {i}"),
            rating: (i % 2 == 0).then_some(1500 + i),
            federation: Some("RUS".into()),
            fide_id: None,
        })
        .collect();
    for (k, tm) in t.teams.iter_mut().enumerate() {
        let base = u16::try_from(k).unwrap_or(0) * 2;
        tm.roster = vec![PlayerId(base + 1), PlayerId(base + 2)];
        tm.nickname = Some(format!("T{}", k + 1));
    }
    t.rounds = vec![
        round(1, vec![m(1, 2, 2, "1="), bye(3, ByeKind::PairingAllocated)]),
        round(
            2,
            vec![
                forfeit(3, 1, MatchForfeit::HomeWins),
                bye(2, ByeKind::ZeroPoint),
            ],
        ),
        round(3, vec![m(2, 3, 2, "+-")]),
    ];
    // Players on the boards of round 1 and 3.
    if let Pairing::Match(mm) = &mut t.rounds[0].pairings[0] {
        for g in &mut mm.games {
            g.home_player = Some(PlayerId(u16::from(g.board)));
            // Away team plays its second player on board 1: out of order (300).
            g.away_player = Some(PlayerId(if g.board == 1 { 4 } else { 3 }));
        }
    }
    t.declared_rounds = Some(5);
    t.initial_colour = Some(Colour::Black);
    t.canonicalize();
    t
}

/// `text` as a hand-edited file: team `team`'s 801 line keeps only its
/// first `keep` rounds (none: the header alone), or goes when `keep` is
/// `None`. `slots` is boards × games per pairing.
fn cut_801(text: &str, team: u16, keep: Option<usize>, slots: usize) -> String {
    let tag = format!("801 {team:>2} ");
    text.split("\r\n")
        .filter_map(|l| {
            if !l.starts_with(&tag) {
                return Some(l.to_string());
            }
            // Header `801 TT NNNNN MP GGGGGG` (22 columns), then one
            // ` OOO C R…R P…P` block of 8 + 2 × slots columns per round.
            let end = 22 + keep? * (8 + 2 * slots);
            Some(
                l.chars()
                    .take(end)
                    .collect::<String>()
                    .trim_end()
                    .to_string(),
            )
        })
        .collect::<Vec<_>>()
        .join("\r\n")
}

#[test]
fn export_then_import_gives_the_same_tournament() {
    let t = sample();
    let chain = parse_list("MPvGP,DE,TBR").expect("chain");
    let text = write(&t, &chain);
    let doc = read(&text).unwrap_or_else(|e| panic!("{e}\n{text}"));
    assert_eq!(doc.tournament, t, "\n{text}");
    assert_eq!(doc.tie_breaks, chain);
    assert!(doc.unknown.is_empty());
    assert!(text.contains("\r\n"));
    assert!(text.contains("330 +- 002 003 001"), "{text}");
    assert!(text.contains("320  1.0  1.0 003 000 000"), "{text}");
    assert!(text.contains("240 Z 002    2"), "{text}");
    assert!(text.contains("300   1   2   1    4    3"), "{text}");
    assert!(text.contains("\r\n142 5\r\n152 B\r\n192 "), "{text}");
}

#[test]
fn records_142_and_152_are_written_only_when_declared_and_read_back() {
    let mut t = sample();
    t.declared_rounds = None;
    t.initial_colour = None;
    let text = write(&t, &[]);
    assert!(
        !text.contains("\r\n142 ") && !text.contains("\r\n152 "),
        "{text}"
    );
    assert_eq!(read(&text).map(|d| d.tournament), Ok(t.clone()));
    t.declared_rounds = Some(9);
    t.initial_colour = Some(Colour::White);
    let text = write(&t, &[]);
    assert!(text.contains("\r\n142 9\r\n152 W\r\n"), "{text}");
    let doc = read(&text).expect("reads");
    assert_eq!(doc.tournament, t);
    assert!(doc.unknown.is_empty(), "142 and 152 are not left aside");
    // Other writers' spellings: lower case, leading zeros.
    let doc = read("012 X\n142 011\n152 b\n").expect("reads");
    assert_eq!(doc.tournament.declared_rounds, Some(11));
    assert_eq!(doc.tournament.initial_colour, Some(Colour::Black));
}

#[test]
fn a_match_missing_from_the_home_line_is_read_from_the_away_line() {
    let t = sample();
    let text = write(&t, &[]);
    // Round 3 is 2–3 (team 2 at home); team 2's line loses it.
    let edited = cut_801(&text, 2, Some(2), 2);
    assert_ne!(edited, text);
    let doc = read(&edited).unwrap_or_else(|e| panic!("{e}\n{edited}"));
    assert_eq!(doc.tournament, t, "\n{edited}");
}

/// The file with the 001 lines cut before their round cells: the 801
/// records alone hold the games.
pub(super) fn without_game_cells(text: &str) -> String {
    text.split_inclusive("\r\n")
        .map(|l| {
            if l.starts_with("001 ") {
                let body: String = l.trim_end().chars().take(89).collect();
                format!("{}\r\n", body.trim_end())
            } else {
                l.to_string()
            }
        })
        .collect()
}

#[test]
fn a_home_team_without_an_801_line_keeps_its_matches() {
    let t = sample();
    let edited = cut_801(&write(&t, &[]), 1, None, 2);
    assert!(!edited.contains("801  1 "), "{edited}");
    let doc = read(&edited).unwrap_or_else(|e| panic!("{e}\n{edited}"));
    // Round 1 (1–2, team 1 at home) comes from team 2's line, team 1's
    // players from its 300 line-up (and its player lines agree).
    let expected = t;
    assert_eq!(doc.tournament, expected, "\n{edited}");
    // Without the player lines' games the 801 records alone say the same.
    let edited = without_game_cells(&edited);
    let doc = read(&edited).unwrap_or_else(|e| panic!("{e}\n{edited}"));
    assert_eq!(doc.tournament, expected, "\n{edited}");
    // The header alone (no round at all) reads the same.
    let header_only = cut_801(&write(&sample(), &[]), 1, Some(0), 2);
    assert_eq!(read(&header_only).map(|d| d.tournament), Ok(expected));
}

#[test]
fn a_double_forfeit_needs_a_minus_on_both_lines() {
    let two = "801  1 AAA    0    0.0   2 w -- 12\n801  2 BBB    0    0.0   1 b -+ 12\n";
    let t310 = "310   1 A\n310   2 B\n";
    let doc = read(&format!("{t310}{two}")).expect("reads");
    let Pairing::Match(mm) = &doc.tournament.rounds[0].pairings[0] else {
        panic!("match expected")
    };
    let results: Vec<BoardResult> = mm.games.iter().map(|g| g.result).collect();
    assert_eq!(
        results,
        [BoardResult::DoubleForfeit, BoardResult::AwayForfeitWin]
    );
    // Team 1's line alone: a `-` is its forfeit loss.
    let one = "801  1 AAA    0    0.0   2 w -- 12\n801  2 BBB    0    0.0\n";
    let doc = read(&format!("{t310}{one}")).expect("reads");
    let Pairing::Match(mm) = &doc.tournament.rounds[0].pairings[0] else {
        panic!("match expected")
    };
    assert!(
        mm.games
            .iter()
            .all(|g| g.result == BoardResult::AwayForfeitWin)
    );
}

#[test]
fn the_two_801_lines_of_a_match_must_agree() {
    let home = "801  1 AAA    2    2.0   2 w 1= 12";
    let check = |away: &str, expected: &str, found: &str| {
        let e = read(&format!("012 X\n{home}\n{away}\n")).expect_err(away);
        assert_eq!(e.line, 3, "{e}");
        assert_eq!(e.expected.to_string(), expected, "{e}");
        assert_eq!(e.found, found, "{e}");
    };
    check(
        "801  2 BBB    0    1.0   3 b 0= 12",
        "opponent 1 in round 1, as line 2 pairs team 1 with team 2",
        "3",
    );
    check(
        "801  2 BBB    0    1.0       ZZ",
        "opponent 1 in round 1, as line 2 pairs team 1 with team 2",
        "no opponent (ZZ)",
    );
    check(
        "801  2 BBB    0    1.0   1 w 0= 12",
        "colour b in round 1, the opposite of team 1's on line 2",
        "w",
    );
    check(
        "801  2 BBB    0    1.0   1 b 00 12",
        "result = on board 2 in round 1, mirroring '=' of team 1 on line 2",
        "0",
    );
    check(
        "801  2 BBB    0    1.0   1 b += 12",
        "result 0 on board 1 in round 1, mirroring '1' of team 1 on line 2",
        "+",
    );
    // The message says it all.
    let e = read(&format!(
        "012 X\n{home}\n801  2 BBB    0    1.0   1 b 0* 12\n"
    ))
    .expect_err("pending against a draw");
    assert_eq!(
        e.to_string(),
        "line 3: expected result = on board 2 in round 1, mirroring '=' of team 1 \
         on line 2, found '*'"
    );
    // Two games per pairing name the game too.
    let e = read(
        "352 WB\n801  1 AAA    2    2.0   2 w 1=11 1212\n801  2 BBB    0    1.0   1 b 0=10 1212\n",
    )
    .expect_err("game 2 board 1");
    assert_eq!(
        e.expected,
        Expected::Mirror {
            accepted: vec!['0'],
            board: 1,
            game: Some(2),
            round: 1,
            mirroring: '1',
            team: 1,
            line: 2
        }
    );
    assert_eq!(
        e.expected.to_string(),
        "result 0 on board 1 of game 2 in round 1, mirroring '1' of team 1 on line 2"
    );
}

#[test]
fn a_team_claimed_by_two_lines_in_one_round_is_refused() {
    // Teams 1 and 3 both say they played team 2, which has no 801 line.
    let e = read("801  1 AAA    2    2.0   2 w 11 12\n801  3 CCC    2    2.0   2 w 11 12\n")
        .expect_err("team 2 twice");
    assert_eq!(e.line, 2);
    assert_eq!(
        e.expected,
        Expected::OnePairing {
            round: 1,
            team: 2,
            line: 1
        }
    );
    assert_eq!(
        e.expected.to_string(),
        "one pairing per team in round 1 (line 1 pairs team 2 already)"
    );
}

#[test]
fn written_records_follow_the_column_layouts() {
    let t = sample();
    let text = write(&t, &[]);
    let line = |tag: &str| -> Vec<String> {
        text.lines()
            .filter(|l| l.starts_with(tag))
            .map(str::to_string)
            .collect()
    };
    // 310: pairing number 5-7, name 9-40, MP 55-60, GP 62-67, rank 69-71, players 74-77.
    let l310 = &line("310")[0];
    let c: Vec<char> = l310.chars().collect();
    let cols = |a: usize, b: usize| c[a - 1..b.min(c.len())].iter().collect::<String>();
    assert_eq!(cols(5, 7), "  1");
    assert_eq!(cols(9, 14), "Team 1");
    assert_eq!(cols(42, 46), "T1   ");
    assert_eq!(cols(55, 60), "   2.0");
    assert_eq!(cols(62, 67), "   1.5");
    assert_eq!(cols(74, 77), "   1");
    // 001: start number 5-8, name 15-47, points 81-84, first round 92-99.
    let l001 = &line("001")[0];
    let c: Vec<char> = l001.chars().collect();
    let cols = |a: usize, b: usize| c[a - 1..b.min(c.len())].iter().collect::<String>();
    assert_eq!(cols(5, 8), "   1");
    assert_eq!(cols(15, 22), "Player 1");
    assert_eq!(cols(81, 84), " 1.0");
    assert_eq!(cols(92, 99), "   4 w 1");
    // 801 as the fixture: team 5-6, nickname 8-12, GP ending at 22, first block at 24.
    let l801 = &line("801")[0];
    let c: Vec<char> = l801.chars().collect();
    let cols = |a: usize, b: usize| c[a - 1..b.min(c.len())].iter().collect::<String>();
    assert_eq!(cols(5, 6), " 1");
    assert_eq!(cols(8, 12), "T1   ");
    assert_eq!(cols(19, 22), " 1.5");
    assert_eq!(cols(24, 32), "  2 w 1= ");
    // 802: team 5-7, MP 15-20, GP 22-27, round 1 at 29-39.
    let l802 = &line("802")[0];
    let c: Vec<char> = l802.chars().collect();
    let cols = |a: usize, b: usize| c[a - 1..b.min(c.len())].iter().collect::<String>();
    assert_eq!(cols(5, 7), "  1");
    assert_eq!(cols(15, 20), "     2");
    assert_eq!(cols(22, 27), "   1.5");
    assert_eq!(cols(29, 38), "  2 w  1.5");
}

#[test]
fn reads_the_published_801_example_layout() {
    // Shape of the TRF-2026 team fixture (4 boards, WBWB), three rounds:
    // a played round, a forfeit win and a zero bye.
    let t310 = |id: u16, name: &str, nick: &str, first: u16| {
        let mut s = format!(
            "310 {id:>3} {name:<32} {nick:<5} {:>6} {:>6} {:>6} {:>3}  ",
            "", "", "", ""
        );
        for p in first..first + 5 {
            s.push_str(&format!("{p:>4} "));
        }
        s
    };
    let text = format!(
        "012 Example\n352 WBWB\n{}\n{}\n\
801  1 PER    2    4.0   2 w 1=01 1234       ZZZZ     \n\
801  2 CHI    0    1.5   1 b 0=10 1534       ZZZZ     \n",
        t310(1, "Peru", "PER", 1),
        t310(2, "Chile", "CHI", 6)
    );
    let text = text.as_str();
    let doc = read(text).expect("reads");
    let t = &doc.tournament;
    assert_eq!((t.boards, t.games_per_pairing), (4, 1));
    assert_eq!(t.rounds.len(), 2);
    let Pairing::Match(mm) = &t.rounds[0].pairings[0] else {
        panic!("match expected")
    };
    assert_eq!((mm.home, mm.away), (TeamId(1), TeamId(2)));
    assert_eq!(mm.games.len(), 4);
    assert_eq!(mm.games[0].result, BoardResult::HomeWin);
    // Chile played its 5th roster player on board 2.
    assert_eq!(mm.games[1].away_player, Some(PlayerId(10)));
    assert!(t.rounds[1].pairings.is_empty());
}

#[test]
fn tolerates_cr_crlf_trailing_blanks_and_keeps_unknown_records() {
    let t = sample();
    let text = write(&t, &[]);
    let cr = text.replace("\r\n", "\r");
    let lf = text.replace("\r\n", "   \n");
    let extra = format!("022 Moscow\r\nXXR 3\r\n### comment\r\n{text}");
    for variant in [cr, lf] {
        assert_eq!(read(&variant).map(|d| d.tournament), Ok(t.clone()));
    }
    let doc = read(&extra).expect("reads");
    assert_eq!(doc.tournament, t);
    let tags: Vec<&str> = doc.unknown.iter().map(|u| &u.text[..3]).collect();
    assert_eq!(tags, ["022", "XXR"]);
    assert_eq!(doc.unknown[0].line, 1);
}

#[test]
fn malformed_lines_name_the_line_and_the_expectation() {
    let e = read("012 X\n310  ab Team\n").expect_err("bad team number");
    assert_eq!(e.line, 2);
    assert!(
        e.to_string().contains("team pairing number in columns 5-7"),
        "{e}"
    );
    assert_eq!(
        e.expected,
        Expected::InColumns {
            field: Field::TeamNumber,
            from: 5,
            to: 7
        }
    );
    let e = read("012 X\n202 EDET,NOPE\n").expect_err("bad tie-break");
    assert_eq!(e.line, 2);
    assert!(e.to_string().contains("unknown tie-break 'NOPE'"), "{e}");
    let e = read("362 TW x\n").expect_err("bad 362");
    assert_eq!(e.line, 1);
    let e = read("330 ?? 001 001 002\n").expect_err("bad 330");
    assert!(e.expected.to_string().contains("forfeit type"), "{e}");
    let e = read("801 1 AAA   2    1.0   2 w 1Q 12\n801 2 BBB   0    1.0   1 b 0= 12\n")
        .expect_err("bad result char");
    assert_eq!(e.line, 1);
    let e = read("012 X\n142 many\n").expect_err("bad 142");
    assert_eq!(e.line, 2);
    assert!(e.expected.to_string().contains("number of rounds"), "{e}");
    let e = read("012 X\n142 0\n").expect_err("no rounds");
    assert_eq!(e.line, 2);
    let e = read("012 X\n\n152 G\n").expect_err("bad 152");
    assert_eq!(e.line, 3);
    assert!(
        e.expected.to_string().contains("initial-colour W or B"),
        "{e}"
    );
    let e = read("0012 x\n").expect_err("tag");
    assert!(e.expected.to_string().contains("3-character record tag"));
}

#[test]
fn two_games_per_pairing_round_trip() {
    let mut t = tournament(PairingSystem::RoundRobin, 3, 2, 2, ScoreKind::GamePoints);
    t.colours = vec![Colour::Black, Colour::White, Colour::Black];
    t.rounds = vec![round(1, vec![m(1, 2, 3, "1=0=R*")])];
    t.canonicalize();
    let text = write(&t, &parse_list("DE/P,WIN:GP").expect("chain"));
    let doc = read(&text).unwrap_or_else(|e| panic!("{e}\n{text}"));
    assert_eq!(doc.tournament, t, "\n{text}");
}

/// A 001 line in the common layout (first round cell at column 92),
/// each cell `OOOO C R` as written, e.g. `"   4 w 1"`, `"0000 - -"`.
fn p001(id: u16, points: &str, cells: &[&str]) -> String {
    let mut s = format!(
        "001 {id:>4}      {:<33} {:>4} {:<3} {:>11} {:<10} {points:>4} {:>4}  ",
        format!("Player {id}"),
        1500,
        "RUS",
        "",
        "",
        id
    );
    for c in cells {
        s.push_str(c);
        s.push_str("  ");
    }
    s
}

fn games_of(t: &Tournament, round: usize) -> Vec<(u8, BoardResult, Option<u16>, Option<u16>)> {
    let Pairing::Match(mm) = &t.rounds[round].pairings[0] else {
        panic!("match expected")
    };
    mm.games
        .iter()
        .map(|g| {
            (
                g.board,
                g.result,
                g.home_player.map(|p| p.0),
                g.away_player.map(|p| p.0),
            )
        })
        .collect()
}

/// TRF-2026 001: `0000 - -` is a player not paired in the round
/// (absent, retired, not nominated). Swiss-Manager lists every player of
/// a team, reserves too, and writes it for a reserve who sat out: no
/// board, no game. Two teams of three players, two boards, no 352:
///
/// * round 1: 1–4 `1`, 5–2 `=` (2 has Black), reserves 3 and 6 `0000 - -`:
///   team 1 1½ – ½, two games (not three), 2 boards inferred (not 3);
/// * round 2: 1–5 `0`, player 2 `0000 - +` (team 2 left board 2 empty),
///   players 3, 4 and 6 sat out: board 2 is team 1's forfeit win with
///   nobody opposite, 1–1.
#[test]
fn trf_001_a_reserve_who_sat_out_is_no_board() {
    let text = [
        "012 Reserves".to_string(),
        // Two teams meeting twice could be two games per pairing: 092 says.
        "092 Team Swiss, 1 game per pairing".to_string(),
        p001(1, "1.0", &["   4 w 1", "   5 w 0"]),
        p001(2, "1.5", &["   5 b =", "0000 - +"]),
        p001(3, "0.0", &["0000 - -", "0000 - -"]),
        p001(4, "0.0", &["   1 b 0", "0000 - -"]),
        p001(5, "1.5", &["   2 w =", "   1 b 1"]),
        p001(6, "0.0", &["0000 - -", "0000 - -"]),
        "013 One                                1    2    3".to_string(),
        "013 Two                                4    5    6".to_string(),
    ]
    .join("\n");
    let doc = read(&text).unwrap_or_else(|e| panic!("{e}\n{text}"));
    let t = &doc.tournament;
    assert_eq!((t.boards, t.games_per_pairing), (2, 1));
    assert_eq!(
        games_of(t, 0),
        [
            (1, BoardResult::HomeWin, Some(1), Some(4)),
            (2, BoardResult::Draw, Some(2), Some(5)),
        ]
    );
    assert_eq!(
        games_of(t, 1),
        [
            (1, BoardResult::AwayWin, Some(1), Some(5)),
            (2, BoardResult::HomeForfeitWin, Some(2), None),
        ]
    );
    let rows = standings(t, &TieBreakRules::default(), &[])
        .expect("standings")
        .rows;
    let points: Vec<(u16, i32, i32)> = rows
        .iter()
        .map(|r| (r.team.0, r.match_points.halves(), r.game_points.halves()))
        .collect();
    // Team 1: 2 + 1 = 3 MP, 1½ + 1 = 2½ GP; team 2: 0 + 1 = 1 MP, ½ + 1 = 1½ GP.
    assert_eq!(points, [(1, 6, 5), (2, 2, 3)]);
}

/// Boards are counted from the games, never from the listed players:
/// four boards, six players a team, the reserves `0000 - -` in every
/// round. Before, each reserve counted as a board (six, and "at most 4
/// games" refused the match when 352 said four).
#[test]
fn trf_001_reserves_do_not_inflate_the_boards_nor_break_352() {
    let mut lines = vec!["012 Six a team".to_string()];
    // Team 1: players 1–6, team 2: players 7–12; boards 1–4 played by
    // 1–4 against 7–10 (team 1 White on boards 1 and 3), 5, 6, 11, 12 out.
    for i in 1..=12u16 {
        let cell = match i {
            1..=4 => format!("{:>4} {} =", i + 6, if i % 2 == 1 { 'w' } else { 'b' }),
            7..=10 => format!("{:>4} {} =", i - 6, if i % 2 == 1 { 'b' } else { 'w' }),
            _ => "0000 - -".to_string(),
        };
        lines.push(p001(i, "0.5", &[&cell]));
    }
    lines.push("013 One                                1    2    3    4    5    6".into());
    lines.push("013 Two                                7    8    9   10   11   12".into());
    let text = lines.join("\n");
    let doc = read(&text).unwrap_or_else(|e| panic!("{e}\n{text}"));
    assert_eq!(doc.tournament.boards, 4);
    assert_eq!(games_of(&doc.tournament, 0).len(), 4);
    let with_352 = format!("352 WBWB\n{text}");
    let doc = read(&with_352).unwrap_or_else(|e| panic!("{e}\n{with_352}"));
    assert_eq!(games_of(&doc.tournament, 0).len(), 4);
}

/// The platform's writer agrees with that reading: a board lost by
/// forfeit against nobody shows only on the winner's line (`0000 - +`),
/// never as `0000 - -`, which a reader takes for a player not paired.
#[test]
fn trf_001_the_writer_writes_no_board_as_not_paired() {
    let mut t = tournament(PairingSystem::Swiss, 2, 1, 2, ScoreKind::MatchPoints);
    t.players = (1..=4)
        .map(|i| Player {
            id: PlayerId(i),
            name: format!("Player {i}"),
            rating: None,
            federation: None,
            fide_id: None,
        })
        .collect();
    t.teams[0].roster = vec![PlayerId(1), PlayerId(2)];
    t.teams[1].roster = vec![PlayerId(3), PlayerId(4)];
    // Board 2: team 1 nominated player 2 and lost it by forfeit; team 2
    // had nobody there.
    t.rounds = vec![round(1, vec![m(1, 2, 2, "1-")])];
    if let Pairing::Match(mm) = &mut t.rounds[0].pairings[0] {
        mm.games[0].home_player = Some(PlayerId(1));
        mm.games[0].away_player = Some(PlayerId(3));
        mm.games[1].home_player = Some(PlayerId(2));
    }
    t.canonicalize();
    let text = write(&t, &[]);
    assert!(!text.contains("0000 - -"), "{text}");
    assert_eq!(read(&text).map(|d| d.tournament), Ok(t), "\n{text}");
}

/// Swiss-Manager's own lines: 062 with the rated players in parentheses,
/// and the column rulers above the 001 block (tens, units, field
/// letters), skipped, not kept as unknown records. A line the reader
/// cannot place is still an error naming its line.
#[test]
fn trf_062_rated_in_parentheses_and_column_rulers_are_read() {
    let tens: String = (1..=11).map(|n| format!("{n:>10}")).collect();
    let units: String = "1234567890".repeat(11);
    let fields = "DDD SSSS sTTT NNNNNNNNNNNNNNNNNNNNNNNNNNNNNNNNN RRRR FFF IIIIIIIIIII \
                  BBBB/BB/BB PPPP RRRR  1111 1 1  2222 2 2";
    let text = format!(
        "012 SM\n062 129 (88)\n072 84\n\n{tens}\n{units}\n{fields}\n{}\n{}\n\
         013 One                                1\n013 Two                                2\n",
        p001(1, "1.0", &["   2 w 1"]),
        p001(2, "0.0", &["   1 b 0"]),
    );
    let doc = read(&text).unwrap_or_else(|e| panic!("{e}\n{text}"));
    assert!(doc.unknown.is_empty(), "{:?}", doc.unknown);
    assert_eq!(doc.tournament.rounds.len(), 1);
    for (bad, line) in [
        ("062 129 (eighty)", 2),
        ("062 (88)", 2),
        ("1234567890x", 2),
        ("12345 67890", 2),
    ] {
        let e = read(&format!("012 SM\n{bad}\n")).expect_err(bad);
        assert_eq!(e.line, line, "{bad}: {e}");
    }
    let e = read("012 SM\n062 12 (x)\n").expect_err("bad 062");
    assert_eq!(e.expected, Expected::PlayerCount);
}

/// A PAB written only as `U` cells (no 320): each `U` is that board's
/// point (TRF-2026 001, C.04.1 (c)), so the team has one game point per
/// board, and the match points of a drawn match (C.04.6's default; the
/// FIDE tie-break checker scores such a bye the same). Three teams, two
/// boards: team 3's PAB is worth 1 MP and 2 GP (not 1 GP).
#[test]
fn trf_320_absent_u_cells_give_a_point_per_board_and_a_drawn_match() {
    let text = [
        "012 Bye".to_string(),
        p001(1, "1.0", &["   3 w 1"]),
        p001(2, "0.0", &["   4 b 0"]),
        p001(3, "0.0", &["   1 b 0"]),
        p001(4, "1.0", &["   2 w 1"]),
        p001(5, "1.0", &["0000 - U"]),
        p001(6, "1.0", &["0000 - U"]),
        "013 One                                1    2".to_string(),
        "013 Two                                3    4".to_string(),
        "013 Three                              5    6".to_string(),
    ]
    .join("\n");
    let doc = read(&text).unwrap_or_else(|e| panic!("{e}\n{text}"));
    let t = &doc.tournament;
    let pab = t.bye_score(ByeKind::PairingAllocated);
    assert_eq!(
        (pab.match_points, pab.game_points),
        (HalfPoints::ONE, HalfPoints::ONE.times(2))
    );
    // With 320 the record decides: 2 MP and 1 GP.
    let with_320 = format!("{text}\n320  2.0  1.0 003");
    let t = read(&with_320).expect("reads").tournament;
    let pab = t.bye_score(ByeKind::PairingAllocated);
    assert_eq!(
        (pab.match_points, pab.game_points),
        (HalfPoints::ONE.times(2), HalfPoints::ONE)
    );
}

/// TRF-2026 192: the score part of a team code names the primary score
/// first, then the secondary one (`FIDE_TEAM_MP_GP`: match points, then
/// game points). The colour type and `_BAKU` name no score.
#[test]
fn trf_192_codes_are_read_by_their_meaning() {
    use ScoreKind::{GamePoints as Gp, MatchPoints as Mp};
    for (code, primary) in [
        ("FIDE_TEAM_MP_GP", Mp),
        ("FIDE_TEAM_GP_MP", Gp),
        ("FIDE_TEAM_MP", Mp),
        ("FIDE_TEAM_GP", Gp),
        ("FIDE_TEAM_TYPEA_MP_GP", Mp),
        ("FIDE_TEAM_TYPEA_GP_MP", Gp),
        ("FIDE_TEAM_TYPEB_GP", Gp),
        ("FIDE_TEAM_TYPEB_MP_GP_BAKU", Mp),
        ("FIDE_TEAM_MP_BAKU", Mp),
        ("FIDE_TEAM", Mp),
        ("FIDE_TEAM_BAKU", Mp),
        ("CUSTOM_TEAM_SWISS_GP", Gp),
        ("fide_team_gp_mp", Gp),
    ] {
        let doc = read(&format!("012 X\n192 {code}\n")).unwrap_or_else(|e| panic!("{e}"));
        assert_eq!(doc.tournament.scoring.primary, primary, "{code}");
        assert_eq!(doc.tournament.system, PairingSystem::Swiss, "{code}");
    }
    // 212 names the primary score of the ranking and wins over 192.
    let doc = read("012 X\n192 FIDE_TEAM_MP_GP\n212 GPTS,EGGSB\n").expect("reads");
    assert_eq!(doc.tournament.scoring.primary, Gp);
}

mod properties {
    use super::*;
    use crate::tournament::tests::arb_tournament;
    use proptest::prelude::*;

    /// A finished tournament as it is played: every game has a final
    /// result; the players sit at the boards in roster order, the same
    /// in both games of a pairing; a team that lost a board by forfeit
    /// had nobody there (a double forfeit names both absent players).
    fn as_played(mut t: Tournament) -> Tournament {
        let rosters: HashMap<TeamId, Vec<PlayerId>> = t
            .teams
            .iter()
            .map(|tm| (tm.id, tm.roster.clone()))
            .collect();
        for r in &mut t.rounds {
            for p in &mut r.pairings {
                let Pairing::Match(m) = p else { continue };
                for g in &mut m.games {
                    if !g.result.is_final() {
                        g.result = BoardResult::Draw;
                    }
                    let seat = |team: TeamId| {
                        rosters
                            .get(&team)
                            .and_then(|r| r.get(usize::from(g.board) - 1))
                            .copied()
                    };
                    g.home_player = seat(m.home);
                    g.away_player = seat(m.away);
                    match g.result {
                        BoardResult::HomeForfeitWin => g.away_player = None,
                        BoardResult::AwayForfeitWin => g.home_player = None,
                        _ => {}
                    }
                }
                // Colours come from games with both players: a match of
                // forfeits only against empty boards cannot tell its home
                // team, so its first board is played.
                if !m.games.is_empty()
                    && m.games
                        .iter()
                        .all(|g| g.home_player.is_none() || g.away_player.is_none())
                    && let Some(g) = m.games.iter_mut().find(|g| g.board == 1)
                {
                    g.result = BoardResult::HomeWin;
                    g.home_player = rosters.get(&m.home).and_then(|r| r.first()).copied();
                    g.away_player = rosters.get(&m.away).and_then(|r| r.first()).copied();
                }
            }
        }
        // A last round nobody was paired in leaves no trace in a file.
        while t.rounds.last().is_some_and(|r| r.pairings.is_empty()) {
            t.rounds.pop();
        }
        t
    }

    proptest! {
        /// Export → import gives back the same tournament and tie-breaks.
        #[test]
        fn export_import_round_trips(t in arb_tournament()) {
            let chain = parse_list("EDET/P,EMGSB/C1/P,BH:MP/C1/P,MPvGP,WIN:GP").expect("chain");
            let text = write(&t, &chain);
            let doc = read(&text);
            prop_assert!(doc.is_ok(), "{:?}\n{}", doc, text);
            let doc = doc.expect("checked");
            prop_assert_eq!(&doc.tournament, &t, "\n{}", text);
            prop_assert_eq!(doc.tie_breaks, chain);
        }

        /// A hand-edited file that lost one team's 801 line keeps every
        /// match, read from the opponents' lines: the same teams, whole-match
        /// forfeits and board results (a double forfeit excepted: one line
        /// cannot tell it from its side's forfeit loss).
        #[test]
        fn dropping_one_801_line_loses_no_match(
            t in arb_tournament(),
            pick in any::<prop::sample::Index>(),
        ) {
            let team = t.teams[pick.index(t.teams.len())].id.0;
            let tag = format!("801 {team:>2} ");
            let text: String = without_game_cells(&write(&t, &[]))
                .split_inclusive("\r\n")
                .filter(|l| !l.starts_with(&tag))
                .collect();
            let doc = read(&text);
            prop_assert!(doc.is_ok(), "{:?}\n{}", doc, text);
            let back = doc.expect("checked").tournament;
            let matches = |t: &Tournament| -> Vec<(u16, Match)> {
                t.rounds
                    .iter()
                    .flat_map(|r| r.pairings.iter().map(move |p| (r.number, p)))
                    .filter_map(|(n, p)| match p {
                        Pairing::Match(m) => Some((n, m.clone())),
                        Pairing::Bye { .. } => None,
                    })
                    .collect()
            };
            let (before, after) = (matches(&t), matches(&back));
            prop_assert_eq!(before.len(), after.len(), "\n{}", text);
            for ((n, a), (k, b)) in before.iter().zip(&after) {
                prop_assert_eq!((n, a.home, a.away, a.forfeit), (k, b.home, b.away, b.forfeit));
                prop_assert_eq!(a.games.len(), b.games.len());
                for (ga, gb) in a.games.iter().zip(&b.games) {
                    prop_assert_eq!((ga.board, ga.game), (gb.board, gb.game));
                    if ga.result != BoardResult::DoubleForfeit {
                        prop_assert_eq!(ga.result, gb.result, "round {}\n{}", n, text);
                    }
                }
            }
        }

        /// Without the 801 and 802 records the player lines (001, with
        /// 310, 300, 320, 240 and 330) hold the same tournament: what a
        /// program that knows only the common layout reads from an export.
        #[test]
        fn the_player_lines_alone_hold_the_tournament(t in arb_tournament()) {
            let t = as_played(t);
            let text: String = write(&t, &[])
                .split_inclusive("\r\n")
                .filter(|l| !l.starts_with("801 ") && !l.starts_with("802 "))
                .collect();
            let doc = read(&text);
            prop_assert!(doc.is_ok(), "{:?}\n{}", doc, text);
            prop_assert_eq!(&doc.expect("checked").tournament, &t, "\n{}", text);
        }

        /// The reader never panics on arbitrary bytes.
        #[test]
        fn reader_never_panics_on_bytes(bytes in prop::collection::vec(any::<u8>(), 0..600)) {
            let _ = read_bytes(&bytes);
        }

        /// … nor on arbitrary text made of TRF-like lines.
        #[test]
        fn reader_never_panics_on_trf_like_text(
            lines in prop::collection::vec(
                ("(001|012|042|092|192|202|212|240|300|310|320|330|352|362|801|802|XXR|###)", "[ 0-9A-Za-z.+=*,:/-]{0,120}"),
                0..20,
            ),
        ) {
            let text: String = lines.iter().map(|(t, r)| format!("{t} {r}\r\n")).collect();
            let _ = read(&text);
        }

        /// … nor on a valid file with characters changed.
        #[test]
        fn reader_never_panics_on_mutated_files(
            t in arb_tournament(),
            edits in prop::collection::vec((any::<usize>(), any::<char>()), 1..12),
        ) {
            let mut chars: Vec<char> = write(&t, &[]).chars().collect();
            for (pos, c) in edits {
                if !chars.is_empty() {
                    let at = pos % chars.len();
                    chars[at] = c;
                }
            }
            let text: String = chars.into_iter().collect();
            let _ = read(&text);
        }
    }
}
