//! The header records: 012 (name), 042 and 052 (dates), 062 and 072
//! (players), 092 (type), 142 (rounds), 152 (initial colour), 192 (type
//! code), 202 and 212 (tie-breaks), 352 (board colours) and 362 (match
//! points).

use super::{Writer, push_line};
use crate::score::{Colour, ScoreKind};
use crate::tiebreak::format_list;
use crate::tournament::PairingSystem;
use crate::trf::codes::colour_char;

/// Appends the header records.
pub(super) fn write(w: &Writer<'_>, out: &mut String) {
    write_event(w, out);
    write_system(w, out);
    write_ranking(w, out);
    write_scoring(w, out);
}

/// 012, 042 and 052 (when known), 062 and 072.
fn write_event(w: &Writer<'_>, out: &mut String) {
    let t = w.t;
    push_line(out, &format!("012 {}", t.name));
    if let Some(d) = &t.start_date {
        push_line(out, &format!("042 {d}"));
    }
    if let Some(d) = &t.end_date {
        push_line(out, &format!("052 {d}"));
    }
    push_line(out, &format!("062 {}", t.players.len()));
    push_line(
        out,
        &format!(
            "072 {}",
            t.players.iter().filter(|p| p.rating.is_some()).count()
        ),
    );
}

/// 092, 142 and 152 (when the tournament declares them), 192.
fn write_system(w: &Writer<'_>, out: &mut String) {
    let t = w.t;
    let gpp = w.gpp;
    let (kind, code) = match t.system {
        PairingSystem::RoundRobin => ("Team Round Robin", "BERGER_TEAM_ROUNDROBIN".to_string()),
        PairingSystem::Swiss => (
            "Team Swiss",
            format!("CUSTOM_TEAM_SWISS_{}", t.scoring.primary.code()),
        ),
        PairingSystem::Knockout => ("Team Knockout", "CUSTOM_TEAM_KNOCKOUT".to_string()),
    };
    // 092 is free text; the platform adds the games per pairing so that a
    // file without rounds still says it (801 shows it once rounds exist).
    push_line(
        out,
        &format!(
            "092 {kind}, {gpp} game{} per pairing",
            if gpp == 1 { "" } else { "s" }
        ),
    );
    if let Some(n) = t.declared_rounds {
        push_line(out, &format!("142 {n}"));
    }
    if let Some(c) = t.initial_colour {
        push_line(out, &format!("152 {}", colour_char(c).to_ascii_uppercase()));
    }
    push_line(out, &format!("192 {code}"));
}

/// 202 (when there are tie-breaks) and 212: the primary score, then the
/// tie-breaks.
fn write_ranking(w: &Writer<'_>, out: &mut String) {
    let tie_breaks = w.tie_breaks;
    if !tie_breaks.is_empty() {
        push_line(out, &format!("202 {}", format_list(tie_breaks)));
    }
    let pts = match w.t.scoring.primary {
        ScoreKind::MatchPoints => "MPTS",
        ScoreKind::GamePoints => "GPTS",
    };
    if tie_breaks.is_empty() {
        push_line(out, &format!("212 {pts}"));
    } else {
        push_line(out, &format!("212 {pts},{}", format_list(tie_breaks)));
    }
}

/// 352 (the home team's colour on each board) and 362.
fn write_scoring(w: &Writer<'_>, out: &mut String) {
    let t = w.t;
    let colours: String = (1..=t.boards)
        .map(|b| {
            if t.home_colour(b, 1) == Colour::White {
                'W'
            } else {
                'B'
            }
        })
        .collect();
    push_line(out, &format!("352 {colours}"));
    let mp = t.scoring.match_points;
    push_line(
        out,
        &format!(
            "362 TW {:<5} TD {:<5} TL {}",
            mp.win.to_decimal(),
            mp.draw.to_decimal(),
            mp.loss.to_decimal()
        ),
    );
}
