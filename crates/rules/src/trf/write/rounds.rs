//! The records of single rounds: 300 (line-ups), 320 (pairing-allocated
//! byes), 240 (other byes) and 330 (forfeited matches).

use std::fmt::Write as _;

use super::{Writer, push_line};
use crate::score::ByeKind;
use crate::tournament::{Match, MatchForfeit, Pairing, PlayerId, Round, TeamId};

/// 300: every line-up, so that a reader of the player lines knows each
/// game's board even where the roster order does not tell it.
pub(super) fn write_lineups(w: &Writer<'_>, out: &mut String) {
    for (ri, r) in w.rounds.iter().enumerate() {
        let mut lines_300 = round_lineups(w, ri, r);
        lines_300.sort();
        for (_, s) in lines_300 {
            push_line(out, &s);
        }
    }
}

/// The 300 lines of round `ri`, with the team each is for.
fn round_lineups(w: &Writer<'_>, ri: usize, r: &Round) -> Vec<(TeamId, String)> {
    let mut lines_300: Vec<(TeamId, String)> = vec![];
    for p in &r.pairings {
        let Pairing::Match(m) = p else { continue };
        for (team, opp, home) in [(m.home, m.away, true), (m.away, m.home, false)] {
            if !w.team_of.contains_key(&team) {
                continue;
            }
            let lineup = lineup(m, home, w.boards);
            if m.games.is_empty() || lineup.iter().all(Option::is_none) {
                continue;
            }
            let mut s = format!("300 {:>3} {:>3} {:>3}", ri + 1, team.0, opp.0);
            for pl in &lineup {
                let _ = write!(s, " {:>4}", pl.map(|p| p.0).unwrap_or(0));
            }
            lines_300.push((team, s));
        }
    }
    lines_300
}

/// One team's (the home team's when `home`) player per board in a match.
fn lineup(m: &Match, home: bool, boards: usize) -> Vec<Option<PlayerId>> {
    let mut lineup: Vec<Option<PlayerId>> = vec![None; boards];
    // Players of games the 001 lines hold (a game still to be
    // played has no cell there, and readers expect one): game 1's,
    // else game 2's on the same board.
    for g in m.games.iter().filter(|g| g.result.is_final()) {
        if let Some(slot) = lineup.get_mut(usize::from(g.board.saturating_sub(1)))
            && (slot.is_none() || g.game == 1)
        {
            let who = if home { g.home_player } else { g.away_player };
            if who.is_some() {
                *slot = who;
            }
        }
    }
    lineup
}

/// 320: pairing-allocated byes; 240: other byes.
pub(super) fn write_byes(w: &Writer<'_>, out: &mut String) {
    write_pab(w, out);
    for (ri, v) in w.views.iter().enumerate() {
        for (kind, letter) in [
            (ByeKind::FullPoint, 'F'),
            (ByeKind::HalfPoint, 'H'),
            (ByeKind::ZeroPoint, 'Z'),
        ] {
            let mut teams: Vec<u16> = v
                .iter()
                .filter(|(_, s)| s.bye == Some(kind))
                .map(|(k, _)| k.0)
                .collect();
            if teams.is_empty() {
                continue;
            }
            teams.sort_unstable();
            let mut s = format!("240 {letter} {:03}", ri + 1);
            for tm in teams {
                let _ = write!(s, " {tm:>4}");
            }
            push_line(out, &s);
        }
    }
}

/// 320, when a round has a pairing-allocated bye: its value, then the team
/// of each round (`000` for none).
fn write_pab(w: &Writer<'_>, out: &mut String) {
    let rounds = w.rounds.len();
    if (0..rounds).any(|ri| pab_team(w, ri) != 0) {
        let b = w.t.bye_score(ByeKind::PairingAllocated);
        let mut s = format!(
            "320 {:>4} {:>4}",
            b.match_points.to_decimal(),
            b.game_points.to_decimal()
        );
        for ri in 0..rounds {
            let _ = write!(s, " {:03}", pab_team(w, ri));
        }
        push_line(out, &s);
    }
}

/// The team with the pairing-allocated bye of round `ri`, 0 for none.
fn pab_team(w: &Writer<'_>, ri: usize) -> u16 {
    w.views
        .get(ri)
        .and_then(|v| {
            v.iter()
                .find(|(_, s)| s.bye == Some(ByeKind::PairingAllocated))
                .map(|(k, _)| k.0)
        })
        .unwrap_or(0)
}

/// 330: forfeited matches (the home team is listed as "White").
pub(super) fn write_forfeits(w: &Writer<'_>, out: &mut String) {
    for (ri, r) in w.rounds.iter().enumerate() {
        for p in &r.pairings {
            let Pairing::Match(m) = p else { continue };
            let Some(f) = m.forfeit else { continue };
            let code = match f {
                MatchForfeit::HomeWins => "+-",
                MatchForfeit::AwayWins => "-+",
                MatchForfeit::Double => "--",
            };
            push_line(
                out,
                &format!("330 {code} {:03} {:03} {:03}", ri + 1, m.home.0, m.away.0),
            );
        }
    }
}
