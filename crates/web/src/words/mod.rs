//! How the application layer's problems, results and statuses read in each
//! language: the one place every page that meets them takes its words
//! from. One module per area of `app`; nothing here reads the database.

pub mod appeals;
pub mod boards;
pub mod eligibility;
pub mod game_servers;
pub mod games;
pub mod imports;
pub mod penalties;
pub mod play;
pub mod ratings;
pub mod regulation;
pub mod rounds;
pub mod rules;
pub mod schedule;
pub mod teams;
pub mod todo;

/// An audit line's action in words (`entry.submit` → "entry submitted"),
/// the code itself for an action without a label.
pub fn audit_action(lang: crate::i18n::Lang, code: &str) -> String {
    lang.t_if_any(&format!("audit-action-{}", code.replace(['.', '_'], "-")))
        .unwrap_or_else(|| code.to_owned())
}

/// A size in bytes as people read it: bytes under a kilobyte, then
/// kilobytes and megabytes (binary, one decimal below ten).
pub fn size_words(lang: crate::i18n::Lang, bytes: u64) -> String {
    use crate::i18n::Message;
    let one = |value: f64| {
        if value < 10.0 && value.fract() != 0.0 {
            format!("{value:.1}")
        } else {
            format!("{}", value.round() as u64)
        }
    };
    let (key, n) = match bytes {
        b if b < 1024 => (crate::msg!("size-bytes"), b.to_string()),
        b if b < 1024 * 1024 => (crate::msg!("size-kb"), one(b as f64 / 1024.0)),
        b => (crate::msg!("size-mb"), one(b as f64 / (1024.0 * 1024.0))),
    };
    let n = match lang {
        crate::i18n::Lang::Ru => n.replace('.', ","),
        crate::i18n::Lang::En => n,
    };
    Message::new(key).arg("n", n).render(lang)
}

/// Zones and moments as people read them: one wording for pages and mails
/// (`app::zones`).
pub use crate::app::zones::{local_text as local_time, zone_words};

/// Text made safe for XML content and attribute values.
pub fn escape(s: &str) -> String {
    let mut out = String::with_capacity(s.len());
    for c in s.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            '\'' => out.push_str("&#39;"),
            c => out.push(c),
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::size_words;
    use crate::i18n::Lang;

    #[test]
    fn sizes_read_as_people_say_them() {
        assert_eq!(size_words(Lang::En, 900), "900 B");
        assert_eq!(size_words(Lang::En, 1536), "1.5 KB");
        assert_eq!(size_words(Lang::En, 10 * 1024 * 1024), "10 MB");
        assert_eq!(size_words(Lang::Ru, 10 * 1024 * 1024), "10 МБ");
        assert_eq!(size_words(Lang::Ru, 2_621_440), "2,5 МБ");
    }
}
