//! The writer: a tournament as TRF-2026 records, one function per section,
//! each appending its lines to one buffer in the order of the file: the
//! header records, 001 (players), 310 (teams), 300 (line-ups), 320 and 240
//! (byes), 330 (forfeited matches), then 801 and 802 (team results per
//! round).

use std::collections::HashMap;

use crate::score::{ByeKind, HalfPoints};
use crate::tiebreak::TieBreak;
use crate::tournament::{Match, Pairing, Round, Team, TeamId, Tournament};

mod header;
mod players;
mod rounds;
mod team_rounds;
mod teams;

/// Write `t` with the tie-break list `tie_breaks` (record 202) as TRF-2026.
/// Lines end with CR LF.
pub fn write(t: &Tournament, tie_breaks: &[TieBreak]) -> String {
    let w = Writer::new(t, tie_breaks);
    let mut out = String::new();
    header::write(&w, &mut out);
    players::write(&w, &mut out);
    teams::write(&w, &mut out);
    rounds::write_lineups(&w, &mut out);
    rounds::write_byes(&w, &mut out);
    rounds::write_forfeits(&w, &mut out);
    team_rounds::write(&w, &mut out);
    out
}

/// The tournament being written, with what several sections look up.
struct Writer<'a> {
    t: &'a Tournament,
    tie_breaks: &'a [TieBreak],
    /// Boards per match.
    boards: usize,
    /// Games per pairing.
    gpp: usize,
    /// Results of one match: boards × games per pairing.
    slots: usize,
    /// The rounds in round-number order.
    rounds: Vec<&'a Round>,
    /// Per round (same order): each paired team's slot.
    views: Vec<HashMap<TeamId, Slot<'a>>>,
    team_of: HashMap<TeamId, &'a Team>,
}

impl<'a> Writer<'a> {
    fn new(t: &'a Tournament, tie_breaks: &'a [TieBreak]) -> Writer<'a> {
        let boards = usize::from(t.boards);
        let gpp = usize::from(t.games_per_pairing);
        let mut rounds: Vec<&Round> = t.rounds.iter().collect();
        rounds.sort_by_key(|r| r.number);
        let views = slots_by_round(&rounds);
        let team_of = t.teams.iter().map(|tm| (tm.id, tm)).collect();
        Writer {
            t,
            tie_breaks,
            boards,
            gpp,
            slots: boards * gpp,
            rounds,
            views,
            team_of,
        }
    }

    /// Round columns of a 001 line: one per game.
    fn columns(&self) -> usize {
        self.rounds.len() * self.gpp
    }
}

/// Appends one line: trailing blanks removed, then CR LF.
fn push_line(out: &mut String, s: &str) {
    out.push_str(s.trim_end());
    out.push_str("\r\n");
}

/// What a team had in one round, for writing.
struct Slot<'a> {
    opponent: Option<TeamId>,
    home: bool,
    m: Option<&'a Match>,
    bye: Option<ByeKind>,
}

/// Per round (in round-number order): each paired team's slot.
fn slots_by_round<'a>(rounds: &[&'a Round]) -> Vec<HashMap<TeamId, Slot<'a>>> {
    rounds.iter().map(|r| round_slots(r)).collect()
}

/// Each paired team's slot in one round.
fn round_slots(r: &Round) -> HashMap<TeamId, Slot<'_>> {
    let mut v = HashMap::new();
    for p in &r.pairings {
        match p {
            Pairing::Match(m) => {
                for (team, opponent, home) in [(m.home, m.away, true), (m.away, m.home, false)] {
                    v.insert(
                        team,
                        Slot {
                            opponent: Some(opponent),
                            home,
                            m: Some(m),
                            bye: None,
                        },
                    );
                }
            }
            Pairing::Bye { team, kind } => {
                v.insert(
                    *team,
                    Slot {
                        opponent: None,
                        home: false,
                        m: None,
                        bye: Some(*kind),
                    },
                );
            }
        }
    }
    v
}

/// Points the way TRF writes match points: `2`, `2.5`.
fn mp_text(p: HalfPoints) -> String {
    if p.halves() % 2 == 0 {
        format!("{}", p.halves() / 2)
    } else {
        p.to_decimal()
    }
}

/// The first `n` characters of `s`.
fn truncate(s: &str, n: usize) -> String {
    s.chars().take(n).collect()
}
