//! iCalendar (RFC 5545) text for the championship calendar feed: one
//! VEVENT per tournament, times in UTC (`…Z`), TEXT values escaped and
//! content lines folded at 75 octets. Pure: the handler in `serve.rs`
//! gathers the events. Written here rather than with the `icalendar`
//! crate, whose writer folds some lines to 76 octets and leaves control
//! characters in TEXT values: docs/DEPENDENCIES.md has the measurements.

use chrono::NaiveDateTime;

/// One event of the calendar.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Event {
    /// Globally unique and stable: the same tournament always has the same UID.
    pub uid: String,
    /// When the information was last revised (UTC).
    pub stamp: NaiveDateTime,
    /// Start (UTC).
    pub start: NaiveDateTime,
    /// End (UTC).
    pub end: NaiveDateTime,
    pub summary: String,
    pub description: String,
    /// An absolute URL (a URI value: not escaped as TEXT).
    pub url: String,
}

/// A published calendar.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Calendar {
    /// Shown by calendar apps as the subscription's name (X-WR-CALNAME).
    pub name: String,
    /// The IANA zone the events belong to (X-WR-TIMEZONE); the times
    /// themselves are UTC, so no VTIMEZONE is needed.
    pub time_zone: String,
    pub events: Vec<Event>,
}

/// `YYYYMMDDTHHMMSSZ` (RFC 5545 §3.3.5, form #2: UTC).
pub fn utc(at: NaiveDateTime) -> String {
    at.format("%Y%m%dT%H%M%SZ").to_string()
}

/// A TEXT value (RFC 5545 §3.3.11): backslash, semicolon and comma are
/// escaped with a backslash, a line break becomes `\n`; other control
/// characters are not allowed in a value and are dropped.
pub fn escape_text(s: &str) -> String {
    let mut out = String::with_capacity(s.len());
    let mut chars = s.chars().peekable();
    while let Some(c) = chars.next() {
        match c {
            '\\' => out.push_str("\\\\"),
            ';' => out.push_str("\\;"),
            ',' => out.push_str("\\,"),
            '\r' => {
                // CR LF and a lone CR are one line break.
                if chars.peek() == Some(&'\n') {
                    chars.next();
                }
                out.push_str("\\n");
            }
            '\n' => out.push_str("\\n"),
            '\t' => out.push(' '),
            c if c.is_control() => {}
            c => out.push(c),
        }
    }
    out
}

/// One content line folded (RFC 5545 §3.1): no line longer than 75
/// octets without its CR LF; a continuation line starts with one blank,
/// which counts in its 75. A UTF-8 character is never split.
pub fn fold(line: &str) -> String {
    const LIMIT: usize = 75;
    let mut out = String::with_capacity(line.len() + line.len() / 70 * 3);
    let mut used = 0;
    for c in line.chars() {
        let n = c.len_utf8();
        if used + n > LIMIT {
            out.push_str("\r\n ");
            used = 1;
        }
        out.push(c);
        used += n;
    }
    out.push_str("\r\n");
    out
}

/// The whole `text/calendar` body.
pub fn write(cal: &Calendar) -> String {
    let mut out = String::new();
    let mut line = |name: &str, value: &str| out.push_str(&fold(&format!("{name}:{value}")));
    line("BEGIN", "VCALENDAR");
    line("VERSION", "2.0");
    line("PRODID", "-//league//championship calendar//EN");
    line("CALSCALE", "GREGORIAN");
    line("METHOD", "PUBLISH");
    line("X-WR-CALNAME", &escape_text(&cal.name));
    line("X-WR-TIMEZONE", &escape_text(&cal.time_zone));
    for e in &cal.events {
        line("BEGIN", "VEVENT");
        line("UID", &escape_text(&e.uid));
        line("DTSTAMP", &utc(e.stamp));
        line("DTSTART", &utc(e.start));
        line("DTEND", &utc(e.end));
        line("SUMMARY", &escape_text(&e.summary));
        line("DESCRIPTION", &escape_text(&e.description));
        line("URL", &e.url);
        line("END", "VEVENT");
    }
    line("END", "VCALENDAR");
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use chrono::NaiveDate;

    fn at(h: u32) -> NaiveDateTime {
        NaiveDate::from_ymd_opt(2030, 1, 2)
            .and_then(|d| d.and_hms_opt(h, 15, 0))
            .expect("valid")
    }

    #[test]
    fn text_escapes_the_four_specials_and_line_breaks() {
        assert_eq!(
            escape_text("a,b;c\\d\ne\r\nf\rg"),
            "a\\,b\\;c\\\\d\\ne\\nf\\ng"
        );
        assert_eq!(escape_text("Кубок: весна"), "Кубок: весна");
        assert_eq!(escape_text("x\u{7}y\tz"), "xy z");
    }

    #[test]
    fn folding_keeps_every_line_within_75_octets_and_never_splits_a_character() {
        let long = format!("SUMMARY:{}", "Чемпионат, весна; ".repeat(12));
        let folded = fold(&long);
        assert!(folded.ends_with("\r\n"));
        let lines: Vec<&str> = folded.trim_end_matches("\r\n").split("\r\n").collect();
        assert!(lines.len() > 4, "{lines:?}");
        for (i, l) in lines.iter().enumerate() {
            assert!(l.len() <= 75, "line {i} has {} octets", l.len());
            if i > 0 {
                assert!(l.starts_with(' '), "a continuation starts with a blank");
            }
        }
        // Lines are cut only where a character would cross 75 octets.
        assert!(lines[0].len() >= 74);
        let unfolded: String = lines
            .iter()
            .enumerate()
            .map(|(i, l)| if i == 0 { *l } else { &l[1..] })
            .collect();
        assert_eq!(unfolded, long);
        assert_eq!(fold("SHORT:x"), "SHORT:x\r\n");
    }

    #[test]
    fn a_continuation_counts_its_leading_blank() {
        // 150 octets: 75 on the first line leave 75, which a continuation
        // line cannot hold with its blank (RFC 5545 §3.1): 74 + 1 more.
        let line = format!("SUMMARY:{}", "a".repeat(142));
        let folded = fold(&line);
        let lines: Vec<&str> = folded.trim_end_matches("\r\n").split("\r\n").collect();
        assert_eq!(
            lines.iter().map(|l| l.len()).collect::<Vec<_>>(),
            [75, 75, 2]
        );
    }

    #[test]
    fn a_calendar_has_utc_times_and_crlf_lines() {
        let cal = Calendar {
            name: "Кубок, весна".into(),
            time_zone: "Europe/Moscow".into(),
            events: vec![Event {
                uid: "championship-1-tournament-2@example.org".into(),
                stamp: at(9),
                start: at(15),
                end: at(19),
                summary: "Кубок, весна — Турнир 1".into(),
                description: "Начало: 18:15".into(),
                url: "https://example.org/championships/1/tournaments/2".into(),
            }],
        };
        let text = write(&cal);
        assert!(text.starts_with("BEGIN:VCALENDAR\r\nVERSION:2.0\r\n"));
        assert!(text.ends_with("END:VCALENDAR\r\n"));
        assert!(text.contains("\r\nDTSTART:20300102T151500Z\r\n"));
        assert!(text.contains("\r\nDTEND:20300102T191500Z\r\n"));
        assert!(text.contains("\r\nSUMMARY:Кубок\\, весна — Турнир 1\r\n"));
        assert!(text.contains("\r\nX-WR-TIMEZONE:Europe/Moscow\r\n"));
        // X- properties are TEXT (RFC 5545 §3.8.8.2) and escaped as such.
        assert!(text.contains("\r\nX-WR-CALNAME:Кубок\\, весна\r\n"));
        assert!(!text.replace("\r\n", "").contains('\n'), "only CR LF");
    }
}
