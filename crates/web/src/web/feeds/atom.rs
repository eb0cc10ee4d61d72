//! Atom (RFC 4287) text for the championship's feed of results and
//! notices. Pure: the handler in `feeds.rs` gathers the entries; this
//! writes well-formed XML with every text and attribute escaped.

use chrono::NaiveDateTime;

/// One entry of the feed.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Entry {
    /// A permanent IRI (`tag:` URI), never reused for another entry.
    pub id: String,
    pub title: String,
    /// When the entry last changed in a way worth telling (UTC).
    pub updated: NaiveDateTime,
    /// The page the entry is about (absolute URL).
    pub url: String,
    pub summary: String,
}

/// A feed; entries are written in the order given (newest first).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Feed {
    pub id: String,
    pub title: String,
    pub updated: NaiveDateTime,
    /// The feed's own URL (`rel="self"`).
    pub self_url: String,
    /// The page the feed belongs to (`rel="alternate"`).
    pub page_url: String,
    /// The feed's author (RFC 4287 §4.1.1: required when entries have none).
    pub author: String,
    pub lang: String,
    pub entries: Vec<Entry>,
}

/// RFC 3339 in UTC, as Atom dates are (RFC 4287 §3.3).
pub fn date(at: NaiveDateTime) -> String {
    at.format("%Y-%m-%dT%H:%M:%SZ").to_string()
}

/// Text or attribute content: the five XML specials escaped; characters
/// XML 1.0 does not allow (most C0 controls) dropped.
pub fn escape(s: &str) -> String {
    let mut out = String::with_capacity(s.len());
    for c in s.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            '\'' => out.push_str("&apos;"),
            '\t' | '\n' | '\r' => out.push(c),
            c if u32::from(c) < 0x20 || matches!(c, '\u{FFFE}' | '\u{FFFF}') => {}
            c => out.push(c),
        }
    }
    out
}

/// The whole `application/atom+xml` body.
pub fn write(feed: &Feed) -> String {
    let mut out = String::from("<?xml version=\"1.0\" encoding=\"utf-8\"?>\n");
    out.push_str(&format!(
        "<feed xmlns=\"http://www.w3.org/2005/Atom\" xml:lang=\"{}\">\n",
        escape(&feed.lang)
    ));
    out.push_str(&format!("  <id>{}</id>\n", escape(&feed.id)));
    out.push_str(&format!("  <title>{}</title>\n", escape(&feed.title)));
    out.push_str(&format!("  <updated>{}</updated>\n", date(feed.updated)));
    out.push_str(&format!(
        "  <link rel=\"self\" type=\"application/atom+xml\" href=\"{}\"/>\n",
        escape(&feed.self_url)
    ));
    out.push_str(&format!(
        "  <link rel=\"alternate\" type=\"text/html\" href=\"{}\"/>\n",
        escape(&feed.page_url)
    ));
    out.push_str(&format!(
        "  <author><name>{}</name></author>\n",
        escape(&feed.author)
    ));
    for e in &feed.entries {
        out.push_str("  <entry>\n");
        out.push_str(&format!("    <id>{}</id>\n", escape(&e.id)));
        out.push_str(&format!("    <title>{}</title>\n", escape(&e.title)));
        out.push_str(&format!("    <updated>{}</updated>\n", date(e.updated)));
        out.push_str(&format!(
            "    <link rel=\"alternate\" type=\"text/html\" href=\"{}\"/>\n",
            escape(&e.url)
        ));
        out.push_str(&format!(
            "    <summary type=\"text\">{}</summary>\n",
            escape(&e.summary)
        ));
        out.push_str("  </entry>\n");
    }
    out.push_str("</feed>\n");
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use chrono::NaiveDate;

    #[test]
    fn specials_are_escaped_and_forbidden_controls_dropped() {
        assert_eq!(
            escape("A&B <c> \"d\" 'e'"),
            "A&amp;B &lt;c&gt; &quot;d&quot; &apos;e&apos;"
        );
        assert_eq!(escape("x\u{1}y\u{b}z\nw"), "xyz\nw");
        assert_eq!(escape("Ладья"), "Ладья");
    }

    #[test]
    fn a_feed_names_itself_and_dates_in_utc() {
        let at = NaiveDate::from_ymd_opt(2030, 1, 2)
            .and_then(|d| d.and_hms_opt(15, 15, 0))
            .expect("valid");
        let text = write(&Feed {
            id: "tag:example.org,2030-01-01:championships/1".into(),
            title: "R&D <cup>".into(),
            updated: at,
            self_url: "https://example.org/championships/1/feed.atom?lang=en&x=1".into(),
            page_url: "https://example.org/championships/1".into(),
            author: "R&D".into(),
            lang: "ru".into(),
            entries: vec![],
        });
        assert!(text.contains("<title>R&amp;D &lt;cup&gt;</title>"));
        assert!(text.contains("<updated>2030-01-02T15:15:00Z</updated>"));
        assert!(
            text.contains("href=\"https://example.org/championships/1/feed.atom?lang=en&amp;x=1\"")
        );
    }
}
