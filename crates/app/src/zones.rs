//! Zones and moments as people read them, on pages and in mails: a
//! championship's time zone by name with its offset («московское время
//! (UTC+3)»), a moment in that zone.

use chrono::NaiveDateTime;

use crate::i18n::{Lang, Message};

/// A time zone as people name it, with its offset from UTC at `at`:
/// «московское время (UTC+3)», "Moscow time (UTC+3)"; a zone the
/// catalogue does not name by its city ("Berlin (UTC+1)"). Pages and mails
/// name the championship's zone so once, beside its times.
pub fn zone_words(lang: Lang, zone: &str, at: NaiveDateTime) -> String {
    zone_message(zone, at).render(lang)
}

/// [`zone_words`] as a message, worded in each reader's language (a mail
/// is rendered for each recipient).
pub fn zone_message(zone: &str, at: NaiveDateTime) -> Message {
    let utc = zone
        .parse::<chrono_tz::Tz>()
        .map_or_else(|_| "UTC".to_owned(), |tz| utc_offset(tz, at));
    let key = format!("tz-{}", zone.to_lowercase().replace(['/', '_'], "-"));
    let city = zone.rsplit('/').next().unwrap_or(zone).replace('_', " ");
    // The catalogues name the same zones in every language.
    let named = Lang::default().t_if_any(&key).is_some();
    let name_is_offset = match named {
        true => Lang::default().t(&key) == utc,
        false => city == utc,
    };
    if name_is_offset {
        return Message::of_key(if named { key } else { utc });
    }
    let m = Message::new(crate::msg!("zone-with-offset")).arg("utc", utc);
    if named {
        m.word("name", key)
    } else {
        m.arg("name", city)
    }
}

/// A moment in the championship's zone with the zone named, as a mail says
/// it: «2026-12-02 18:15 (московское время (UTC+3))».
pub fn moment_message(zone: &str, at: NaiveDateTime) -> Message {
    let tz = zone.parse::<chrono_tz::Tz>().unwrap_or(chrono_tz::UTC);
    Message::new(crate::msg!("moment-in-zone"))
        .arg("time", local_text(tz, at))
        .list("zone", [zone_message(zone, at)], "")
}

/// The zone's offset from UTC at `at` as every language writes it: "UTC",
/// "UTC+3", "UTC+5:30", "UTC−3".
pub fn utc_offset(tz: chrono_tz::Tz, at: NaiveDateTime) -> String {
    use chrono::{Offset, TimeZone};
    let offset = tz.offset_from_utc_datetime(&at).fix().local_minus_utc();
    let (sign, minutes) = (if offset < 0 { '−' } else { '+' }, offset.abs() / 60);
    match (minutes / 60, minutes % 60) {
        (0, 0) => "UTC".to_owned(),
        (h, 0) => format!("UTC{sign}{h}"),
        (h, m) => format!("UTC{sign}{h}:{m:02}"),
    }
}

/// A moment in `tz` written with `format` and the zone's offset after it,
/// readable in any language: "2026-12-07 18:15 (UTC+3)" (where a page
/// lists moments without naming its zone once).
pub fn with_offset(tz: chrono_tz::Tz, at: NaiveDateTime, format: &str) -> String {
    let local = at.and_utc().with_timezone(&tz).format(format);
    format!("{local} ({})", utc_offset(tz, at))
}

/// A moment in a championship's time zone, as pages and mails write times
/// (`2026-12-02 18:15`); the zone is named once, beside them.
pub fn local_text(tz: chrono_tz::Tz, at: NaiveDateTime) -> String {
    at.and_utc()
        .with_timezone(&tz)
        .format("%Y-%m-%d %H:%M")
        .to_string()
}

#[cfg(test)]
mod tests {
    use super::{with_offset, zone_words};
    use crate::i18n::Lang;

    #[test]
    fn a_moment_with_its_offset_reads_alike_in_every_language() {
        let at = chrono::NaiveDate::from_ymd_opt(2026, 12, 7)
            .and_then(|d| d.and_hms_opt(15, 15, 0))
            .expect("moment");
        assert_eq!(
            with_offset(chrono_tz::Europe::Moscow, at, "%Y-%m-%d %H:%M"),
            "2026-12-07 18:15 (UTC+3)"
        );
        assert_eq!(
            with_offset(chrono_tz::America::New_York, at, "%d.%m.%Y %H:%M"),
            "07.12.2026 10:15 (UTC−5)"
        );
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
