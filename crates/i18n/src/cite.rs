//! Rules as people cite them: the regulation's own numbering, not the
//! codes of the project's digest (which stay in code and tests).

use crate::{Lang, Message};

/// A rule as people cite it (the regulation's own numbering, not the
/// code of the project's digest): G-B13 → Б.1.3 (B.1.3 in English), G-G7 →
/// Г.7, G-E3 → «Перечень признаков»; R-3.3 → п. 3.3 (§ 3.3); E's rules,
/// which the regulation does not number, by short title (E-9 →
/// «армагеддон»). Several codes joined by "/" (G-B31/B32) are cited one by
/// one; a code of no preset (an organizer's own) reads as written.
pub fn rule(code: &str) -> Message {
    let mut parts = code.split('/');
    let first = parts.next().unwrap_or_default();
    let preset = first.split_once('-').map_or("", |(p, _)| p);
    let mut items = vec![one_rule(first)];
    items.extend(parts.map(|p| match p.contains('-') {
        true => one_rule(p),
        false => one_rule(&format!("{preset}-{p}")),
    }));
    if items.len() == 1 {
        return items.remove(0);
    }
    Message::new(crate::msg!("rule-as-written")).list("code", items, ", ")
}

/// A message's argument that cites a rule: `.rule("code", "G-G5")`.
pub trait Cite {
    fn rule(self, name: &str, code: &str) -> Self;
}

impl Cite for Message {
    fn rule(self, name: &str, code: &str) -> Message {
        self.list(name, [rule(code)], "")
    }
}

/// The same, worded in `lang`.
pub fn rule_words(lang: Lang, code: &str) -> String {
    rule(code).render(lang)
}

/// A section of a preset's rules as the regulation page lists them: its
/// title's message key and its rules' codes in the regulation's order.
pub struct Section {
    pub title: &'static str,
    pub codes: &'static [&'static str],
}

const G_RULES: &[Section] = &[
    Section {
        title: "rule-section-g-a",
        codes: &[
            "G-A1", "G-A2", "G-A3", "G-A4", "G-A5", "G-A6", "G-A7", "G-A8", "G-A9", "G-A10",
        ],
    },
    Section {
        title: "rule-section-g-b",
        codes: &[
            "G-B11", "G-B12", "G-B13", "G-B14", "G-B21", "G-B22", "G-B31", "G-B32", "G-B33",
            "G-B34", "G-B41",
        ],
    },
    Section {
        title: "rule-section-g-v",
        codes: &[
            "G-V1", "G-V11", "G-V21", "G-V22", "G-V23", "G-V31", "G-V32", "G-V33", "G-V41", "G-V42",
        ],
    },
    Section {
        title: "rule-section-g-g",
        codes: &[
            "G-G1", "G-G2", "G-G3", "G-G4", "G-G5", "G-G6", "G-G7", "G-G8",
        ],
    },
    Section {
        title: "rule-section-g-d",
        codes: &["G-D1", "G-D2", "G-D3", "G-D4", "G-D5", "G-D6"],
    },
    Section {
        title: "rule-section-g-e",
        codes: &["G-E1", "G-E2", "G-E3"],
    },
    Section {
        title: "rule-section-g-zh",
        codes: &["G-Zh1", "G-Zh2"],
    },
];

const R_RULES: &[Section] = &[
    Section {
        title: "rule-section-r-1",
        codes: &[
            "R-1.1", "R-1.2", "R-1.3", "R-1.4", "R-1.5", "R-1.6", "R-1.7", "R-1.8", "R-1.9",
            "R-1.10",
        ],
    },
    Section {
        title: "rule-section-r-2",
        codes: &["R-2.1", "R-2.2", "R-2.3", "R-2.4"],
    },
    Section {
        title: "rule-section-r-3",
        codes: &["R-3.1", "R-3.2", "R-3.3", "R-3.4"],
    },
];

const E_RULES: &[Section] = &[Section {
    title: "rule-section-e",
    codes: &[
        "E-1", "E-2", "E-3", "E-4", "E-5", "E-6", "E-7", "E-8", "E-9", "E-10", "E-11", "E-12",
        "E-13",
    ],
}];

/// The rules of a preset's regulation, by section; none for a regulation
/// an organizer wrote (its text is the organizer's).
pub fn sections(preset: &str) -> &'static [Section] {
    match preset {
        "G" => G_RULES,
        "R" => R_RULES,
        "E" => E_RULES,
        _ => &[],
    }
}

/// The message key of a rule's words ("G-B13" → `rule-text-g-b13`,
/// "R-1.10" → `rule-text-r-1-10`).
pub fn text_key(code: &str) -> String {
    format!("rule-text-{}", slug(code))
}

/// A rule's words in the reader's language.
pub fn text(code: &str) -> Message {
    Message::of_key(text_key(code))
}

/// The fragment of the regulation page where a cited rule's words stand
/// (`rule-g-b13`): for several codes or a range ("G-B31/B32",
/// "R-2.2–2.4") the first; none for a code its preset does not list.
pub fn anchor(code: &str) -> Option<String> {
    let first = code.split(['/', '–']).next().unwrap_or_default();
    let preset = first.split_once('-')?.0;
    sections(preset)
        .iter()
        .any(|s| s.codes.contains(&first))
        .then(|| format!("rule-{}", slug(first)))
}

fn slug(code: &str) -> String {
    code.to_lowercase().replace('.', "-")
}

fn one_rule(code: &str) -> Message {
    let as_written = || Message::new(crate::msg!("rule-as-written")).arg("code", code);
    match code.split_once('-') {
        Some(("G", "E3")) => Message::new(crate::msg!("rule-g-e3")),
        Some(("G", rest)) => {
            let split = rest
                .find(|c: char| c.is_ascii_digit())
                .unwrap_or(rest.len());
            let (section, digits) = rest.split_at(split);
            let known = ["A", "B", "V", "G", "D", "E", "Zh"].contains(&section);
            if !known || digits.is_empty() || !digits.bytes().all(|b| b.is_ascii_digit()) {
                return as_written();
            }
            // Sections Б and В number their rules in two levels (Б.1.3).
            let number = match (section, digits.len()) {
                ("B" | "V", 2..) => format!("{}.{}", &digits[..1], &digits[1..]),
                _ => digits.to_owned(),
            };
            Message::new(crate::msg!("rule-number-g"))
                .arg("section", section)
                .arg("number", number)
        }
        Some(("R", number)) if number.starts_with(|c: char| c.is_ascii_digit()) => {
            Message::new(crate::msg!("rule-number-r")).arg("number", number)
        }
        Some(("E", n)) if n.parse::<u8>().is_ok_and(|n| (1..=13).contains(&n)) => {
            Message::of_key(format!("rule-e{n}"))
        }
        _ => as_written(),
    }
}

#[cfg(test)]
mod rule_tests {
    use super::rule_words;
    use crate::Lang;

    #[test]
    fn g_rules_are_cited_by_the_regulations_own_numbering() {
        let ru = |c| rule_words(Lang::Ru, c);
        let en = |c| rule_words(Lang::En, c);
        assert_eq!(ru("G-A7"), "А.7");
        assert_eq!(ru("G-A10"), "А.10");
        assert_eq!(ru("G-B13"), "Б.1.3");
        assert_eq!(ru("G-B41"), "Б.4.1");
        assert_eq!(ru("G-V1"), "В.1");
        assert_eq!(ru("G-V42"), "В.4.2");
        assert_eq!(ru("G-G7"), "Г.7");
        assert_eq!(ru("G-D4"), "Д.4");
        assert_eq!(ru("G-E2"), "Е.2");
        assert_eq!(ru("G-Zh1"), "Ж.1");
        assert_eq!(ru("G-E3"), "«Перечень признаков»");
        assert_eq!(ru("G-B31/B32"), "Б.3.1, Б.3.2");
        assert_eq!(en("G-B13"), "B.1.3");
        assert_eq!(en("G-V42"), "V.4.2");
        assert_eq!(en("G-G7"), "G.7");
        assert_eq!(en("G-Zh1"), "Zh.1");
    }

    #[test]
    fn r_rules_are_cited_as_paragraphs_and_e_rules_by_title() {
        assert_eq!(rule_words(Lang::Ru, "R-3.3"), "п. 3.3");
        assert_eq!(rule_words(Lang::En, "R-3.3"), "§ 3.3");
        assert_eq!(rule_words(Lang::Ru, "E-9"), "«армагеддон»");
        assert_eq!(rule_words(Lang::En, "E-10"), "“one team per enterprise”");
        assert_eq!(rule_words(Lang::Ru, "E-12"), "«работники предприятия»");
    }

    #[test]
    fn an_organizers_own_code_reads_as_written() {
        assert_eq!(rule_words(Lang::Ru, "X-1"), "X-1");
        assert_eq!(rule_words(Lang::Ru, "Штраф 1"), "Штраф 1");
        assert_eq!(rule_words(Lang::En, "G-Q1"), "G-Q1");
        assert_eq!(rule_words(Lang::En, "E-14"), "E-14");
    }
    #[test]
    fn every_listed_rule_has_its_words_and_anchor_in_both_languages() {
        use super::{anchor, sections, text_key};
        for preset in ["G", "R", "E"] {
            assert!(!sections(preset).is_empty());
            for s in sections(preset) {
                for lang in Lang::ALL {
                    assert!(lang.t_if_any(s.title).is_some(), "{} in {lang:?}", s.title);
                }
                for code in s.codes {
                    assert!(code.starts_with(preset));
                    for lang in Lang::ALL {
                        let key = text_key(code);
                        assert!(lang.t_if_any(&key).is_some(), "{key} in {lang:?}");
                    }
                    assert!(anchor(code).is_some(), "{code}");
                }
            }
        }
        assert!(sections("X").is_empty());
    }

    #[test]
    fn a_cited_rule_links_to_its_first_listed_code() {
        use super::anchor;
        assert_eq!(anchor("G-B13").as_deref(), Some("rule-g-b13"));
        assert_eq!(anchor("G-B31/B32").as_deref(), Some("rule-g-b31"));
        assert_eq!(anchor("R-2.2–2.4").as_deref(), Some("rule-r-2-2"));
        assert_eq!(anchor("R-1.10").as_deref(), Some("rule-r-1-10"));
        assert_eq!(anchor("G-Zh1").as_deref(), Some("rule-g-zh1"));
        assert_eq!(anchor("E-9").as_deref(), Some("rule-e-9"));
        assert_eq!(anchor("G-Q1"), None);
        assert_eq!(anchor("Штраф 1"), None);
    }
}
