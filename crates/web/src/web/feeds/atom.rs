//! Atom (RFC 4287) text for the championship's feed of results and
//! notices. Pure: the handler in `serve.rs` gathers the entries; the
//! `atom_syndication` crate writes the XML and escapes every text and
//! attribute.

use atom_syndication as syndication;
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

/// The text without the characters XML 1.0 cannot carry at all (§2.2:
/// most C0 controls, U+FFFE, U+FFFF): the writer escapes markup but
/// passes such characters through, and one would make the whole feed
/// ill-formed. Typed text refuses them at the edge already; this keeps
/// the feed readable whatever an older row holds.
fn xml_chars(s: &str) -> String {
    s.chars()
        .filter(|&c| {
            matches!(c, '\t' | '\n' | '\r')
                || !(u32::from(c) < 0x20 || matches!(c, '\u{FFFE}' | '\u{FFFF}'))
        })
        .collect()
}

/// A date construct (RFC 4287 §3.3): RFC 3339, here with a zero offset.
fn date(at: NaiveDateTime) -> syndication::FixedDateTime {
    at.and_utc().fixed_offset()
}

/// A `<link>` (RFC 4287 §4.2.7) with its relation and media type.
fn link(rel: &str, mime_type: &str, href: &str) -> syndication::Link {
    syndication::Link {
        href: xml_chars(href),
        rel: rel.to_owned(),
        mime_type: Some(mime_type.to_owned()),
        ..Default::default()
    }
}

/// The whole `application/atom+xml` body, UTF-8.
pub fn write(feed: &Feed) -> Result<Vec<u8>, syndication::Error> {
    let entries = feed
        .entries
        .iter()
        .map(|e| syndication::Entry {
            id: xml_chars(&e.id),
            title: syndication::Text::plain(xml_chars(&e.title)),
            updated: date(e.updated),
            links: vec![link("alternate", "text/html", &e.url)],
            summary: Some(syndication::Text::plain(xml_chars(&e.summary))),
            ..Default::default()
        })
        .collect();
    let out = syndication::Feed {
        id: xml_chars(&feed.id),
        title: syndication::Text::plain(xml_chars(&feed.title)),
        updated: date(feed.updated),
        links: vec![
            link("self", "application/atom+xml", &feed.self_url),
            link("alternate", "text/html", &feed.page_url),
        ],
        authors: vec![syndication::Person {
            name: xml_chars(&feed.author),
            ..Default::default()
        }],
        lang: Some(xml_chars(&feed.lang)),
        entries,
        ..Default::default()
    };
    out.write_with_config(
        Vec::new(),
        syndication::WriteConfig {
            write_document_declaration: true,
            indent_size: Some(2),
        },
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use chrono::NaiveDate;

    fn at() -> NaiveDateTime {
        NaiveDate::from_ymd_opt(2030, 1, 2)
            .and_then(|d| d.and_hms_opt(15, 15, 0))
            .expect("valid")
    }

    fn text(feed: &Feed) -> String {
        String::from_utf8(write(feed).expect("written")).expect("UTF-8")
    }

    #[test]
    fn a_feed_names_itself_escapes_specials_and_dates_in_utc() {
        let body = text(&Feed {
            id: "tag:example.org,2030-01-01:championships/1".into(),
            title: "R&D <cup>".into(),
            updated: at(),
            self_url: "https://example.org/championships/1/feed.atom?lang=en&x=1".into(),
            page_url: "https://example.org/championships/1".into(),
            author: "R&D".into(),
            lang: "ru".into(),
            entries: vec![Entry {
                id: "tag:example.org,2030-01-01:championships/1/regulation/2".into(),
                title: "Ладья \"A\"".into(),
                updated: at(),
                url: "https://example.org/championships/1/regulation/2".into(),
                summary: "x\u{1}y\u{b}z\nw".into(),
            }],
        });
        assert!(body.contains("<feed xmlns=\"http://www.w3.org/2005/Atom\" xml:lang=\"ru\">"));
        assert!(
            body.contains("<title>R&amp;D &lt;cup&gt;</title>"),
            "{body}"
        );
        assert!(body.contains("<updated>2030-01-02T15:15:00+00:00</updated>"));
        assert!(
            body.contains("href=\"https://example.org/championships/1/feed.atom?lang=en&amp;x=1\""),
            "{body}"
        );
        assert!(body.contains("rel=\"self\""));
        assert!(body.contains("<name>R&amp;D</name>"));
        // Characters XML cannot carry are dropped, line breaks kept.
        assert!(body.contains("<summary>xyz\nw</summary>"), "{body}");
    }
}
