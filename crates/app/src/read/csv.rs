//! Cells of the CSV downloads, safe to open in a spreadsheet.
//!
//! A cell that begins with `=`, `+`, `-`, `@`, a tab or a carriage return
//! is read as a formula by spreadsheet programs, so a team or organization
//! named `=HYPERLINK(…)` would run in whoever opens the file. Such a cell
//! gets a leading `'` (OWASP's advice for CSV injection), which the
//! spreadsheet shows as text; a plain number (`-12`, `+1.5`) stays as it is,
//! since it is no formula and is read as the number it is.

use std::borrow::Cow;

/// The cell as written to a CSV download.
pub fn cell(text: &str) -> Cow<'_, str> {
    let risky = text
        .chars()
        .next()
        .is_some_and(|c| matches!(c, '=' | '+' | '-' | '@' | '\t' | '\r'));
    if risky && text.parse::<f64>().is_err() {
        Cow::Owned(format!("'{text}"))
    } else {
        Cow::Borrowed(text)
    }
}

#[cfg(test)]
mod tests {
    use super::cell;

    #[test]
    fn a_cell_a_spreadsheet_would_run_is_written_as_text() {
        for risky in [
            "=HYPERLINK(\"http://evil.example\",\"x\")",
            "+cmd|' /C calc'!A0",
            "-2+3",
            "@SUM(A1:A2)",
            "\t=1",
            "\r=1",
        ] {
            assert_eq!(cell(risky), format!("'{risky}"), "{risky:?}");
        }
        for plain in ["Ладья", "-12", "+1.5", "12", "", "a=b", "−2"] {
            assert_eq!(cell(plain), plain, "{plain:?}");
        }
    }
}
