//! Clock data: `[%clk …]` and `[%emt …]` commands in comments, the
//! \[TimeControl\] tag, and the seconds each ply took.

/// The clock (`[%clk]`) and elapsed time (`[%emt]`) of a comment, in
/// milliseconds, when the comment has them (the first of each counts).
pub(super) fn commands(body: &str) -> (Option<u32>, Option<u32>) {
    let mut clk = None;
    let mut emt = None;
    let mut rest = body;
    while let Some(i) = rest.find("[%") {
        rest = &rest[i + 2..];
        let end = rest.find(']').unwrap_or(rest.len());
        let command = &rest[..end];
        rest = &rest[end..];
        let mut words = command.split_whitespace();
        let (Some(name), Some(value)) = (words.next(), words.next()) else {
            continue;
        };
        let slot = if name.eq_ignore_ascii_case("clk") {
            &mut clk
        } else if name.eq_ignore_ascii_case("emt") {
            &mut emt
        } else {
            continue;
        };
        if slot.is_none() {
            *slot = duration_ms(value);
        }
    }
    (clk, emt)
}

/// `h:mm:ss`, `h:mm:ss.f`, `mm:ss`, `ss.f` (a comma allowed for the point)
/// in milliseconds.
pub(super) fn duration_ms(s: &str) -> Option<u32> {
    let s = s.trim();
    let parts: Vec<&str> = s.split(':').collect();
    if parts.is_empty() || parts.len() > 3 {
        return None;
    }
    let (last, whole) = parts.split_last()?;
    let mut total: u64 = 0;
    for part in whole {
        if part.is_empty() || !part.bytes().all(|b| b.is_ascii_digit()) || part.len() > 6 {
            return None;
        }
        total = total * 60 + part.parse::<u64>().ok()?;
    }
    let (secs, frac) = match last.split_once(['.', ',']) {
        Some((s, f)) => (s, f),
        None => (*last, ""),
    };
    if secs.is_empty()
        || secs.len() > 9
        || !secs.bytes().all(|b| b.is_ascii_digit())
        || !frac.bytes().all(|b| b.is_ascii_digit())
    {
        return None;
    }
    let mut ms = (total * 60 + secs.parse::<u64>().ok()?) * 1000;
    // Milliseconds from the first three digits of the fraction.
    let mut scale = 100;
    for b in frac.bytes().take(3) {
        ms += u64::from(b - b'0') * scale;
        scale /= 10;
    }
    u32::try_from(ms).ok()
}

/// \[TimeControl\] as (base seconds, increment seconds): "180+2", "600",
/// and the first period of a multi-period control ("40/7200:3600" gives
/// 7200 and 0).
pub(super) fn time_control(value: &str) -> Option<(u32, u32)> {
    let first = value.trim().split(':').next()?;
    // "moves/seconds": the seconds.
    let period = first.rsplit('/').next()?;
    let (base, inc) = match period.split_once('+') {
        Some((b, i)) => (b, i),
        None => (period, "0"),
    };
    let number = |s: &str| -> Option<u32> {
        let s = s.trim();
        if s.is_empty() || !s.bytes().all(|b| b.is_ascii_digit()) {
            return None;
        }
        s.parse().ok()
    };
    Some((number(base)?, number(inc)?))
}

/// What the seconds of the plies are computed from.
pub(super) struct Clocks<'a> {
    /// Per ply: the clock after it and its elapsed time, in milliseconds.
    pub plies: &'a [(Option<u32>, Option<u32>)],
    /// Whether White made the first ply.
    pub white_first: bool,
    /// The increment, in milliseconds.
    pub increment_ms: i64,
    /// The time each side starts with, in milliseconds (White, Black).
    pub base_ms: (Option<i64>, Option<i64>),
}

/// Seconds each ply took: its `[%emt]`, else the drop of its side's clock
/// since that side's previous ply plus the increment (for a side's first
/// ply, from the base time). None where neither can be had or the result is
/// negative; all None when the game has no clock data at all.
pub(super) fn move_seconds(c: &Clocks<'_>) -> Vec<Option<f64>> {
    let any = c
        .plies
        .iter()
        .any(|(clk, emt)| clk.is_some() || emt.is_some());
    if !any {
        return vec![None; c.plies.len()];
    }
    (0..c.plies.len())
        .map(|i| {
            let (clk, emt) = c.plies[i];
            if let Some(emt) = emt {
                return Some(f64::from(emt) / 1000.0);
            }
            let clk = i64::from(clk?);
            let before = if i >= 2 {
                i64::from(c.plies[i - 2].0?)
            } else {
                let white = (i == 0) == c.white_first;
                if white { c.base_ms.0? } else { c.base_ms.1? }
            };
            let ms = before - clk + c.increment_ms;
            (ms >= 0).then(|| ms as f64 / 1000.0)
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn durations() {
        assert_eq!(duration_ms("0:02:59"), Some(179_000));
        assert_eq!(duration_ms("0:02:59.4"), Some(179_400));
        assert_eq!(duration_ms("1:00:00.25"), Some(3_600_250));
        assert_eq!(duration_ms("2:05"), Some(125_000));
        assert_eq!(duration_ms("7,5"), Some(7_500));
        assert_eq!(duration_ms("x:00"), None);
        assert_eq!(duration_ms("-0:01"), None);
        assert_eq!(duration_ms(""), None);
    }

    #[test]
    fn commands_among_other_text() {
        assert_eq!(
            commands(" [%eval 0.17] [%clk 0:03:00] "),
            (Some(180_000), None)
        );
        assert_eq!(
            commands("good move [%emt 0:00:03] [%clk 0:01:00.5] sure"),
            (Some(60_500), Some(3_000))
        );
        assert_eq!(commands("no commands"), (None, None));
        assert_eq!(commands("[%clk]"), (None, None));
    }

    #[test]
    fn time_controls() {
        assert_eq!(time_control("180+2"), Some((180, 2)));
        assert_eq!(time_control("600"), Some((600, 0)));
        assert_eq!(time_control("40/7200:3600"), Some((7200, 0)));
        assert_eq!(time_control("40/5400+30:1800+30"), Some((5400, 30)));
        assert_eq!(time_control("-"), None);
        assert_eq!(time_control("?"), None);
        assert_eq!(time_control(""), None);
    }

    #[test]
    fn seconds_from_clocks_with_and_without_a_base() {
        let plies = [
            (Some(179_000), None),
            (Some(180_000), None),
            (Some(175_000), None),
            (Some(181_000), Some(2_500)),
            (Some(190_000), None),
        ];
        let with_base = Clocks {
            plies: &plies,
            white_first: true,
            increment_ms: 2_000,
            base_ms: (Some(180_000), Some(180_000)),
        };
        assert_eq!(
            move_seconds(&with_base),
            vec![Some(3.0), Some(2.0), Some(6.0), Some(2.5), None]
        );
        let without = Clocks {
            base_ms: (None, None),
            ..with_base
        };
        assert_eq!(move_seconds(&without)[..2], [None, None]);
    }
}
