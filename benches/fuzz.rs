//! Fuzzing of the two parsers that read what strangers type or upload: the
//! line-up parser (rules::lineup) and the TRF reader (rules::trf). Not a
//! criterion bench: `bench/fuzz.sh` runs it (outside the normal test time)
//! and it prints the number of cases and the time. Each parser gets
//! arbitrary input and structure-aware mutations of valid input; any
//! panic fails the run (proptest reports the shrunk input).
//!
//! `FUZZ_CASES` sets the cases per generator (default 250,000: four
//! generators per parser, so 1,000,000 cases for each parser).

use std::collections::BTreeMap;
use std::time::Instant;

use league::rules::lineup::{self, Candidate, Context};
use league::rules::{presets, trf};
use proptest::prelude::*;
use proptest::test_runner::{Config, TestRunner};

const LINE: &str = "Ладья,a1,a2,a3,a4,a5,s1,s2";

fn valid_trf() -> String {
    let mut lines = vec![
        "012 Open Team Cup".to_owned(),
        "022 Yekaterinburg".to_owned(),
        "042 2026/03/14".to_owned(),
        "052 2026/03/14".to_owned(),
        "092 Team Swiss System".to_owned(),
        "142 3".to_owned(),
        "XXR 3".to_owned(),
        "XXC white1".to_owned(),
    ];
    for i in 1..=12u16 {
        lines.push(format!(
            "001 {i:>4}      {:<33} {:>4} {:<3} {:>11} {:<10} {:>4} {:>4}",
            format!("Player{i}, P"),
            1800,
            "RUS",
            "",
            "",
            "",
            ""
        ));
    }
    for (id, name) in [(1u16, "Alpha"), (2, "Beta"), (3, "Gamma"), (4, "Delta")] {
        let mut s = format!(
            "310 {id:>3} {name:<32} {:<5} {:>6} {:>6} {:>6} {:>3}  ",
            "", "", "", "", ""
        );
        for p in (id - 1) * 3 + 1..=(id - 1) * 3 + 3 {
            s.push_str(&format!("{p:>4} "));
        }
        lines.push(s);
    }
    lines.extend(
        [
            "801  1        5    6.0   2 w 1=1 123   3 w === 123   4 w 110 123",
            "801  2        2    4.5   1 b 0=0 123   4 w 111 123   3 w 010 123",
            "801  3        5    5.5   4 w 101 123   1 b === 123   2 b 101 123",
            "801  4        0    2.0   3 b 010 123   2 b 000 123   1 b 001 123",
        ]
        .map(str::to_owned),
    );
    lines.join("\n") + "\n"
}

/// Structure-aware mutation: a few edits (delete, insert, replace, duplicate
/// a span) of a valid input, with characters drawn from the input's own
/// alphabet plus a few troublemakers.
#[derive(Debug, Clone)]
enum Edit {
    Delete(usize, usize),
    Insert(usize, char),
    Replace(usize, char),
    Duplicate(usize, usize),
}

fn edits(alphabet: &'static str) -> impl Strategy<Value = Vec<Edit>> {
    let chars: Vec<char> = alphabet
        .chars()
        .chain(['\0', '\r', '\n', ' ', ',', '9', '-', 'é', '\u{FFFD}'])
        .collect();
    let ch = proptest::sample::select(chars);
    prop::collection::vec(
        prop_oneof![
            (any::<usize>(), 0usize..8).prop_map(|(a, n)| Edit::Delete(a, n)),
            (any::<usize>(), ch.clone()).prop_map(|(a, c)| Edit::Insert(a, c)),
            (any::<usize>(), ch).prop_map(|(a, c)| Edit::Replace(a, c)),
            (any::<usize>(), 0usize..40).prop_map(|(a, n)| Edit::Duplicate(a, n)),
        ],
        1..6,
    )
}

fn apply(base: &str, edits: &[Edit]) -> String {
    let mut s: Vec<char> = base.chars().collect();
    for e in edits {
        let len = s.len().max(1);
        match *e {
            Edit::Delete(a, n) => {
                let a = a % len;
                let b = (a + n).min(s.len());
                if a < b {
                    s.drain(a..b);
                }
            }
            Edit::Insert(a, c) => s.insert(a % (s.len() + 1), c),
            Edit::Replace(a, c) => {
                if !s.is_empty() {
                    let i = a % s.len();
                    s[i] = c;
                }
            }
            Edit::Duplicate(a, n) => {
                let a = a % len;
                let b = (a + n).min(s.len());
                if a < b {
                    let span: Vec<char> = s[a..b].to_vec();
                    s.splice(b..b, span);
                }
            }
        }
    }
    s.into_iter().collect()
}

fn run<S: Strategy>(name: &str, cases: u32, strategy: S, test: impl Fn(S::Value)) -> u32 {
    let mut runner = TestRunner::new(Config {
        cases,
        failure_persistence: None,
        ..Config::default()
    });
    let start = Instant::now();
    runner
        .run(&strategy, |v| {
            test(v);
            Ok(())
        })
        .unwrap_or_else(|e| panic!("{name}: {e}"));
    println!(
        "{name:<40} {cases:>9} cases  {:>8.1} s",
        start.elapsed().as_secs_f64()
    );
    cases
}

fn main() {
    let cases: u32 = std::env::var("FUZZ_CASES")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(250_000);
    let g = presets::g();
    let people: BTreeMap<String, Candidate> = ["a1", "a2", "a3", "a4", "a5", "s1", "s2", "s3"]
        .iter()
        .enumerate()
        .map(|(i, n)| {
            (
                (*n).to_owned(),
                Candidate {
                    person: i as i64 + 1,
                    nick: (*n).to_owned(),
                    member: i != 7,
                    other_entry: None,
                    parallel_event: None,
                    unmet: Vec::new(),
                },
            )
        })
        .collect();
    let ctx = Context {
        rules: &g.roster,
        team: "Ладья",
        people: &people,
    };
    let trf_text: &'static str = Box::leak(valid_trf().into_boxed_str());
    assert!(lineup::parse(LINE, &ctx).is_ok(), "the seed line is valid");
    assert!(trf::read(trf_text).is_ok(), "the seed TRF is valid");

    let start = Instant::now();
    let mut line_cases = 0;
    line_cases += run("lineup: arbitrary string", cases, any::<String>(), |s| {
        let _ = lineup::parse(&s, &ctx);
    });
    line_cases += run(
        "lineup: comma-separated tokens",
        cases,
        "[Лалдья0-9a-zA-Z ,\\r\\n]{0,80}",
        |s| {
            let _ = lineup::parse(&s, &ctx);
        },
    );
    line_cases += run(
        "lineup: mutations of a valid line",
        cases * 2,
        edits(LINE),
        |e| {
            let _ = lineup::parse(&apply(LINE, &e), &ctx);
        },
    );
    let mut trf_cases = 0;
    trf_cases += run(
        "trf: arbitrary bytes",
        cases,
        prop::collection::vec(any::<u8>(), 0..600),
        |b| {
            let _ = trf::read_bytes(&b);
        },
    );
    trf_cases += run(
        "trf: arbitrary record lines",
        cases,
        prop::collection::vec(
            "(012|001|013|310|801|XXR|XXC|142|092) [ 0-9a-zA-Z=.,/+-]{0,70}",
            0..20,
        ),
        |lines| {
            let _ = trf::read(&lines.join("\n"));
        },
    );
    trf_cases += run(
        "trf: mutations of a valid file",
        cases * 2,
        edits(trf_text),
        |e| {
            let _ = trf::read(&apply(trf_text, &e));
        },
    );
    println!(
        "total: {line_cases} line-up cases, {trf_cases} TRF cases, no panic, {:.1} s",
        start.elapsed().as_secs_f64()
    );
}
