//! A rule cited on a championship's page leads to its words on the
//! championship's regulation page, where each rule of the preset stands
//! under its own number (`regulation#rule-g-b13`).

use crate::i18n::{Lang, cite};
use crate::ids::ChampionshipId;
use crate::words::escape;

/// The rules a championship's pages may cite, each label as the reader
/// sees it with its place on the regulation page.
pub struct RuleLinks {
    page: String,
    /// (label, anchor), the longest label first so that Б.1.3 is found
    /// before Б.1.
    labels: Vec<(String, String)>,
}

impl RuleLinks {
    /// The rules of the championship's preset in `lang`; none for a
    /// regulation an organizer wrote, whose codes read as written.
    pub fn of(lang: Lang, championship: ChampionshipId, preset: &str) -> Self {
        let mut labels: Vec<(String, String)> = cite::sections(preset)
            .iter()
            .flat_map(|s| s.codes.iter())
            .filter_map(|code| Some((cite::rule_words(lang, code), cite::anchor(code)?)))
            .collect();
        labels.sort_by_key(|(label, _)| std::cmp::Reverse(label.chars().count()));
        RuleLinks {
            page: crate::paths::fill1(crate::paths::REGULATION, championship),
            labels,
        }
    }

    /// Where the rule `code` stands on the regulation page.
    pub fn url(&self, code: &str) -> Option<String> {
        let anchor = cite::anchor(code)?;
        self.labels
            .iter()
            .any(|(_, a)| *a == anchor)
            .then(|| format!("{}#{anchor}", self.page))
    }

    /// `text` as HTML, every rule it cites a link to the rule's words.
    pub fn html(&self, text: &str) -> String {
        let text = escape(text);
        let mut out = String::with_capacity(text.len());
        let mut rest = text.as_str();
        let mut before: Option<char> = None;
        'scan: while let Some(c) = rest.chars().next() {
            if before.is_none_or(|b| !b.is_alphanumeric() && b != '.') {
                for (label, anchor) in &self.labels {
                    let Some(after) = rest.strip_prefix(label.as_str()) else {
                        continue;
                    };
                    let mut next = after.chars();
                    let ends = match next.next() {
                        None => true,
                        Some(n) if n.is_alphanumeric() => false,
                        Some('.') => !next.next().is_some_and(|d| d.is_ascii_digit()),
                        Some(_) => true,
                    };
                    if ends {
                        out.push_str(&format!(
                            "<a class=\"rule\" href=\"{}#{anchor}\">{label}</a>",
                            self.page
                        ));
                        before = label.chars().last();
                        rest = after;
                        continue 'scan;
                    }
                }
            }
            out.push(c);
            before = Some(c);
            rest = &rest[c.len_utf8()..];
        }
        out
    }
}

#[cfg(test)]
mod tests {
    use super::RuleLinks;
    use crate::i18n::Lang;
    use crate::ids::ChampionshipId;

    #[test]
    fn g_b13_a_cited_rule_becomes_a_link_to_its_words_and_nothing_else_does() {
        let links = RuleLinks::of(Lang::Ru, ChampionshipId(7), "G");
        assert_eq!(
            links.url("G-B13").as_deref(),
            Some("/championships/7/regulation#rule-g-b13")
        );
        let html = links.html("Заявка против Б.1.3 и В.1, не В.1.1x; <b> Г.7.");
        assert_eq!(
            html,
            "Заявка против <a class=\"rule\" href=\"/championships/7/regulation#rule-g-b13\">Б.1.3</a> \
             и <a class=\"rule\" href=\"/championships/7/regulation#rule-g-v1\">В.1</a>, не В.1.1x; \
             &lt;b&gt; <a class=\"rule\" href=\"/championships/7/regulation#rule-g-g7\">Г.7</a>."
        );
        assert_eq!(links.html("А.10 и А.1").matches("<a ").count(), 2);
        assert!(links.html("А.10").contains("#rule-g-a10"));
    }

    #[test]
    fn r_3_3_and_e_9_are_linked_in_their_own_championships_only() {
        let r = RuleLinks::of(Lang::En, ChampionshipId(1), "R");
        assert!(r.html("see § 3.3").contains("#rule-r-3-3\">§ 3.3</a>"));
        assert_eq!(r.url("G-B13"), None);
        assert!(!r.html("B.1.3").contains("<a"));
        let e = RuleLinks::of(Lang::Ru, ChampionshipId(1), "E");
        assert!(e.html("по правилу «армагеддон»").contains("#rule-e-9"));
        let own = RuleLinks::of(Lang::Ru, ChampionshipId(1), "X");
        assert_eq!(own.html("Штраф 1 & Б.1.3"), "Штраф 1 &amp; Б.1.3");
    }
}
