//! Text files written by other programs, read as text.

use std::borrow::Cow;

use chrono::NaiveDate;

/// The separator of a table of text by its first line: tab, `;` or `,`.
pub fn delimiter_of(text: &str) -> u8 {
    let first = text.lines().find(|l| !l.trim().is_empty()).unwrap_or("");
    if first.contains('\t') {
        b'\t'
    } else if first.contains(';') {
        b';'
    } else {
        b','
    }
}

/// A date as spreadsheets write it: `2026-11-01` or `01.11.2026`.
pub fn read_date(typed: &str) -> Option<NaiveDate> {
    let t = typed.trim();
    NaiveDate::parse_from_str(t, "%Y-%m-%d")
        .or_else(|_| NaiveDate::parse_from_str(t, "%d.%m.%Y"))
        .ok()
}

/// Bytes of a text file (a PGN file, a roster saved from a spreadsheet)
/// → text: a UTF-8 BOM stripped; valid UTF-8 taken as
/// is, otherwise decoded as Windows-1251 (game servers
/// and spreadsheets of the region write it);
/// CRLF and lone CR become LF.
pub fn decode(bytes: &[u8]) -> String {
    let bytes = bytes.strip_prefix(b"\xEF\xBB\xBF").unwrap_or(bytes);
    let text: Cow<'_, str> = match std::str::from_utf8(bytes) {
        Ok(text) => Cow::Borrowed(text),
        Err(_) => {
            encoding_rs::WINDOWS_1251
                .decode_without_bom_handling(bytes)
                .0
        }
    };
    if !text.contains('\r') {
        return text.into_owned();
    }
    let mut out = String::with_capacity(text.len());
    let mut chars = text.chars().peekable();
    while let Some(c) = chars.next() {
        if c == '\r' {
            chars.next_if_eq(&'\n');
            out.push('\n');
        } else {
            out.push(c);
        }
    }
    out
}
