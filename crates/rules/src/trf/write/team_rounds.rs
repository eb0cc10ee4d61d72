//! Records 801 and 802: each team's results, round by round. 801 shows
//! every board (results and roster positions), 802 the game points of each
//! round.

use std::fmt::Write as _;

use super::{Slot, Writer, mp_text, push_line, truncate};
use crate::crosstable::{Crosstable, TeamLine};
use crate::score::HalfPoints;
use crate::tournament::{Match, MatchForfeit, Team, TeamId};
use crate::trf::codes::{bye_letter, colour_char, result_char, roster_char};

/// Appends an 801 and an 802 line per team.
pub(super) fn write(w: &Writer<'_>, out: &mut String) {
    let ct = Crosstable::build(w.t).ok();
    for tm in &w.t.teams {
        let line_ct = ct.as_ref().and_then(|c| c.team(tm.id));
        let (s801, s802) = team_lines(w, tm, line_ct);
        push_line(out, &s801);
        push_line(out, &s802);
    }
}

/// A team's 801 and 802 lines: the header with the totals, then one block
/// per round.
fn team_lines(w: &Writer<'_>, tm: &Team, line_ct: Option<&TeamLine>) -> (String, String) {
    let (mpts, gpts) = line_ct
        .map(|l| (l.match_points, l.game_points))
        .unwrap_or_default();
    let nick = truncate(tm.nickname.as_deref().unwrap_or(""), 5);
    let mut s801 = format!(
        "801 {:>2} {:<5} {:>2} {:>6}",
        tm.id.0,
        nick,
        mp_text(mpts),
        gpts.to_decimal()
    );
    let mut s802 = format!(
        "802 {:>3} {:<5} {:>6} {:>6}",
        tm.id.0,
        nick,
        mp_text(mpts),
        gpts.to_decimal()
    );
    for (ri, v) in w.views.iter().enumerate() {
        let round_gp = line_ct
            .and_then(|l| l.rounds.get(ri))
            .map(|r| r.game_points)
            .unwrap_or_default();
        match v.get(&tm.id) {
            Some(Slot {
                opponent: Some(opp),
                home,
                m: Some(m),
                ..
            }) => {
                let played = Played {
                    team: tm,
                    opponent: *opp,
                    home: *home,
                    m,
                };
                match_blocks(w, &played, round_gp, &mut s801, &mut s802);
            }
            Some(Slot {
                bye: Some(kind), ..
            }) => {
                let letter = bye_letter(*kind);
                bye_blocks(w, letter, kind.code(), round_gp, &mut s801, &mut s802);
            }
            _ => bye_blocks(w, 'Z', "ZPB", HalfPoints::ZERO, &mut s801, &mut s802),
        }
    }
    (s801, s802)
}

/// One team's match in one round.
struct Played<'a> {
    team: &'a Team,
    opponent: TeamId,
    /// Whether the team is the home team.
    home: bool,
    m: &'a Match,
}

/// The blocks of a match: in 801 ` OOO C R…R P…P` (opponent, colour on
/// board 1, results, roster positions), in 802 ` OOO C GGGGf ` (opponent,
/// colour, game points, `f` for a match forfeited as a whole).
fn match_blocks(
    w: &Writer<'_>,
    p: &Played<'_>,
    round_gp: HalfPoints,
    s801: &mut String,
    s802: &mut String,
) {
    let own_colour = if p.home {
        w.t.home_colour(1, 1)
    } else {
        w.t.home_colour(1, 1).opposite()
    };
    let (res, pls) = board_codes(w, p);
    let _ = write!(
        s801,
        " {:>3} {} {res} {pls}",
        p.opponent.0,
        colour_char(own_colour)
    );
    let f = if p.m.forfeit.is_some() { "f" } else { " " };
    let _ = write!(
        s802,
        " {:>3} {} {:>4}{f} ",
        p.opponent.0,
        colour_char(own_colour),
        round_gp.to_decimal()
    );
}

/// The result and the roster position of each board of a match (game 1's
/// boards, then game 2's), from the team's side: a board without a game is
/// pending (`*`) with nobody (`0`), unless the whole match was forfeited.
fn board_codes(w: &Writer<'_>, p: &Played<'_>) -> (String, String) {
    let mut res = vec!['*'; w.slots];
    let mut pls = vec!['0'; w.slots];
    if let Some(f) = p.m.forfeit {
        let c = match (f, p.home) {
            (MatchForfeit::HomeWins, true) | (MatchForfeit::AwayWins, false) => '+',
            _ => '-',
        };
        res = vec![c; w.slots];
    }
    for g in &p.m.games {
        let idx = usize::from(g.game.saturating_sub(1)) * w.boards
            + usize::from(g.board.saturating_sub(1));
        if let Some(x) = res.get_mut(idx) {
            *x = result_char(g.result, p.home);
        }
        let who = if p.home { g.home_player } else { g.away_player };
        let pos = who.and_then(|pl| p.team.roster.iter().position(|r| *r == pl));
        if let Some(x) = pls.get_mut(idx) {
            *x = roster_char(pos.map(|i| i + 1));
        }
    }
    (res.into_iter().collect(), pls.into_iter().collect())
}

/// The blocks of a round without a match: the bye letter on every board in
/// 801, the bye code and its game points in 802 (an unpaired team shows a
/// zero-point bye).
fn bye_blocks(
    w: &Writer<'_>,
    letter: char,
    code: &str,
    gp: HalfPoints,
    s801: &mut String,
    s802: &mut String,
) {
    let res: String = std::iter::repeat_n(letter, w.slots).collect();
    let blanks = " ".repeat(w.slots);
    let _ = write!(s801, "       {res} {blanks}");
    let _ = write!(s802, " {code}   {:>4}  ", gp.to_decimal());
}
