//! How the application layer's problems, results and statuses read in each
//! language: the one place every page that meets them takes its words
//! from. One module per area of `app`; nothing here reads the database.

pub mod appeals;
pub mod boards;
pub mod eligibility;
pub mod games;
pub mod imports;
pub mod penalties;
pub mod play;
pub mod regulation;
pub mod rounds;
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

/// A time zone as people name it, with its offset from UTC at `at`:
/// «московское время (UTC+3)», "Moscow time (UTC+3)"; a zone the
/// catalogue does not name by its city ("Berlin (UTC+1)"). Pages name the
/// championship's zone so once, beside its times.
pub fn zone_words(lang: crate::i18n::Lang, zone: &str, at: chrono::NaiveDateTime) -> String {
    use chrono::{Offset, TimeZone};
    let offset = zone
        .parse::<chrono_tz::Tz>()
        .map(|tz| tz.offset_from_utc_datetime(&at).fix().local_minus_utc())
        .unwrap_or(0);
    let (sign, minutes) = (if offset < 0 { '−' } else { '+' }, offset.abs() / 60);
    let utc = match (minutes / 60, minutes % 60) {
        (0, 0) => "UTC".to_owned(),
        (h, 0) => format!("UTC{sign}{h}"),
        (h, m) => format!("UTC{sign}{h}:{m:02}"),
    };
    let key = format!("tz-{}", zone.to_lowercase().replace(['/', '_'], "-"));
    let name = lang
        .t_if_any(&key)
        .unwrap_or_else(|| zone.rsplit('/').next().unwrap_or(zone).replace('_', " "));
    if name == utc {
        name
    } else {
        format!("{name} ({utc})")
    }
}

/// A moment in a championship's time zone, as its pages write times
/// (`2026-12-02 18:15`); the zone is named once on the page.
pub fn local_time(tz: chrono_tz::Tz, at: chrono::NaiveDateTime) -> String {
    at.and_utc()
        .with_timezone(&tz)
        .format("%Y-%m-%d %H:%M")
        .to_string()
}

#[cfg(test)]
mod tests {
    use super::{size_words, zone_words};
    use crate::i18n::Lang;

    #[test]
    fn sizes_read_as_people_say_them() {
        assert_eq!(size_words(Lang::En, 900), "900 B");
        assert_eq!(size_words(Lang::En, 1536), "1.5 KB");
        assert_eq!(size_words(Lang::En, 10 * 1024 * 1024), "10 MB");
        assert_eq!(size_words(Lang::Ru, 10 * 1024 * 1024), "10 МБ");
        assert_eq!(size_words(Lang::Ru, 2_621_440), "2,5 МБ");
    }

    #[test]
    fn zones_are_named_in_words_with_their_offset() {
        let at = chrono::NaiveDate::from_ymd_opt(2026, 12, 2)
            .and_then(|d| d.and_hms_opt(15, 15, 0))
            .expect("moment");
        assert_eq!(
            zone_words(Lang::Ru, "Europe/Moscow", at),
            "московское время (UTC+3)"
        );
        assert_eq!(
            zone_words(Lang::En, "Europe/Moscow", at),
            "Moscow time (UTC+3)"
        );
        assert_eq!(zone_words(Lang::En, "Europe/Berlin", at), "Berlin (UTC+1)");
        assert_eq!(
            zone_words(Lang::En, "Asia/Kolkata", at),
            "Kolkata (UTC+5:30)"
        );
        assert_eq!(zone_words(Lang::Ru, "UTC", at), "UTC");
        assert_eq!(
            zone_words(Lang::Ru, "America/New_York", at),
            "New York (UTC−5)"
        );
    }
}
