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
}
