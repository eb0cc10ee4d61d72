//! One line of a TRF file: the checks every line passes, the lines the
//! reader skips, and 1-based column access to a record.

use super::MAX_LINE_CHARS;
use crate::trf::{Expected, Field, TrfError, err};

/// One line as characters, with 1-based column access.
pub(super) struct Line {
    /// 1-based line number.
    pub(super) no: usize,
    pub(super) chars: Vec<char>,
}

impl Line {
    /// The record tag: the first three characters.
    pub(super) fn tag(&self) -> String {
        self.chars.iter().take(3).collect()
    }

    pub(super) fn text(&self) -> String {
        self.chars.iter().collect()
    }

    /// Columns `from..=to` (1-based), trimmed; missing columns are blank.
    pub(super) fn cols(&self, from: usize, to: usize) -> String {
        let a = from.saturating_sub(1);
        self.chars
            .get(a..to.min(self.chars.len()))
            .map(|s| s.iter().collect::<String>())
            .unwrap_or_default()
            .trim()
            .to_string()
    }

    pub(super) fn rest(&self, from: usize) -> String {
        self.cols(from, self.chars.len())
    }

    pub(super) fn number<T: std::str::FromStr>(
        &self,
        from: usize,
        to: usize,
        field: Field,
    ) -> Result<T, TrfError> {
        let s = self.cols(from, to);
        s.parse()
            .map_err(|_| err(self.no, Expected::InColumns { field, from, to }, s.clone()))
    }

    pub(super) fn opt_number<T: std::str::FromStr>(
        &self,
        from: usize,
        to: usize,
        field: Field,
    ) -> Result<Option<T>, TrfError> {
        if self.cols(from, to).is_empty() {
            Ok(None)
        } else {
            self.number(from, to, field).map(Some)
        }
    }

    pub(super) fn char_at(&self, col: usize) -> char {
        self.chars.get(col.wrapping_sub(1)).copied().unwrap_or(' ')
    }
}

/// Line `no` of the file as a record, or none for a line the reader skips
/// (blank, a `###` comment, a column ruler). A control character, a line
/// too long, or a tag not followed by a blank is an error.
pub(super) fn record_line(no: usize, raw: &str) -> Result<Option<Line>, TrfError> {
    let trimmed = raw.trim_end();
    // Names and every other text of the file end up in pages and the
    // database: a control character (NUL above all) is refused with
    // its line, whatever record it is in.
    if let Some(c) = trimmed.chars().find(|c| c.is_ascii_control() && *c != '\t') {
        return Err(err(
            no,
            Expected::Printable,
            format!("U+{:04X}", u32::from(c)),
        ));
    }
    if trimmed.chars().count() > MAX_LINE_CHARS {
        let start: String = trimmed.chars().take(20).collect();
        return Err(err(
            no,
            Expected::LineLength {
                max: MAX_LINE_CHARS,
            },
            format!("{start}…"),
        ));
    }
    if trimmed.trim().is_empty() || trimmed.starts_with("###") || is_ruler(trimmed) {
        return Ok(None);
    }
    let l = Line {
        no,
        chars: trimmed.chars().collect(),
    };
    if l.chars.len() > 3 && l.char_at(4) != ' ' {
        return Err(err(no, Expected::RecordTag, trimmed));
    }
    Ok(Some(l))
}

/// The column rulers Swiss-Manager writes above the 001 records: the tens
/// (`         1         2 …`, each number ending on its column), the units
/// (`1234567890123…`) and the field letters of the 001 layout
/// (`DDD SSSS sTTT NNNN… RRRR FFF IIII… BBBB/BB/BB PPPP RRRR  1111 1 1 …`).
/// They are no record: the reader skips them.
fn is_ruler(line: &str) -> bool {
    let chars: Vec<char> = line.chars().collect();
    // Units: the digits 1234567890 repeated from column 1.
    let units = chars.len() >= 10
        && chars
            .iter()
            .enumerate()
            .all(|(i, &c)| c.to_digit(10) == u32::try_from((i + 1) % 10).ok());
    // Tens: numbers 1, 2, … each ending on column 10 × n.
    let tens = line.starts_with(' ') && {
        let mut ok = false;
        let mut i = 0;
        let mut expected = 1usize;
        while i < chars.len() {
            if chars[i] == ' ' {
                i += 1;
                continue;
            }
            let start = i;
            while i < chars.len() && chars[i].is_ascii_digit() {
                i += 1;
            }
            let n: Option<usize> = chars[start..i].iter().collect::<String>().parse().ok();
            ok = i > start && n == Some(expected) && i == 10 * expected;
            if !ok {
                break;
            }
            expected += 1;
        }
        ok
    };
    // Field letters: the 001 layout's letters, digits, `/` and blanks.
    let fields = line.starts_with("DDD SSSS ")
        && chars
            .iter()
            .all(|c| c.is_ascii_alphanumeric() || *c == '/' || *c == ' ');
    units || tens || fields
}

/// A number that runs into `column` does not fit its field (e.g. a team
/// number above 999 in record 310).
pub(super) fn fits(l: &Line, column: usize, field: Field, max: u32) -> Result<(), TrfError> {
    if l.char_at(column).is_ascii_digit() {
        let start = column.saturating_sub(max.to_string().len());
        return Err(err(
            l.no,
            Expected::NumberFits { field, max },
            l.cols(start, column),
        ));
    }
    Ok(())
}
