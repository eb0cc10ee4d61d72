//! One round of the player lines: each team's opponent, the matches of
//! those pairs, then the byes.

use std::collections::{BTreeMap, BTreeSet};

use super::matches::build_match;
use super::{Context, Entry, PlayerGames};
use crate::score::ByeKind;
use crate::tournament::{Pairing, Round, TeamId};
use crate::trf::{Expected, TrfError, err};

/// Each team's opponent, with the line that says so (0 for a 330 record).
type Opponents = BTreeMap<u16, (u16, usize)>;

/// Round `round_no` (index `ri`) of the player lines.
pub(super) fn round(
    lines: &[PlayerGames],
    ctx: &Context<'_>,
    team_of: &BTreeMap<u16, u16>,
    ri: usize,
    round_no: u16,
) -> Result<Round, TrfError> {
    let gpp = ctx.games_per_pairing.max(1);
    let columns = entries(lines, team_of, ri, gpp);
    let opponent = opponents(ctx, &columns, team_of, round_no)?;
    let mut pairings = vec![];
    let mut done: BTreeSet<u16> = BTreeSet::new();
    for (&team, &(other, _)) in &opponent {
        if done.contains(&team) {
            continue;
        }
        done.insert(team);
        done.insert(other);
        pairings.push(Pairing::Match(build_match(
            ctx, &columns, round_no, team, other,
        )?));
    }
    add_byes(ctx, &columns, (ri, round_no), &done, &mut pairings)?;
    Ok(Round {
        number: round_no,
        pairings,
    })
}

/// Entries of each game column of round `ri`, by team.
fn entries(
    lines: &[PlayerGames],
    team_of: &BTreeMap<u16, u16>,
    ri: usize,
    gpp: usize,
) -> Vec<BTreeMap<u16, Vec<Entry>>> {
    (0..gpp)
        .map(|g| {
            let mut by_team: BTreeMap<u16, Vec<Entry>> = BTreeMap::new();
            for pl in lines {
                let Some(Some(cell)) = pl.cells.get(ri * gpp + g) else {
                    continue;
                };
                let Some(&team) = team_of.get(&pl.player) else {
                    continue;
                };
                by_team.entry(team).or_default().push(Entry {
                    line: pl.line,
                    player: pl.player,
                    cell: *cell,
                });
            }
            by_team
        })
        .collect()
}

/// Each team's opponent: a forfeited match (330), else the teams of the
/// opponents its players met (one team only), else a 300 record. A team's
/// opponent must name it back.
fn opponents(
    ctx: &Context<'_>,
    columns: &[BTreeMap<u16, Vec<Entry>>],
    team_of: &BTreeMap<u16, u16>,
    round_no: u16,
) -> Result<Opponents, TrfError> {
    let mut opponent: Opponents = BTreeMap::new();
    for (_, w, b) in ctx.forfeits.keys().filter(|k| k.0 == round_no) {
        opponent.insert(*w, (*b, 0));
        opponent.insert(*b, (*w, 0));
    }
    for col in columns {
        for (team, entries) in col {
            for e in entries.iter().filter(|e| e.cell.opponent != 0) {
                opponent_met(&mut opponent, team_of, round_no, *team, e)?;
            }
        }
    }
    opponents_named(ctx, round_no, &mut opponent);
    check_symmetry(&opponent, round_no)?;
    Ok(opponent)
}

/// The team of the opponent entry `e` of `team` met: another team than
/// `team`, and the one its other entries met.
fn opponent_met(
    opponent: &mut Opponents,
    team_of: &BTreeMap<u16, u16>,
    round_no: u16,
    team: u16,
    e: &Entry,
) -> Result<(), TrfError> {
    let Some(&other) = team_of.get(&e.cell.opponent) else {
        return Ok(());
    };
    if other == team {
        return Err(err(
            e.line,
            Expected::OpponentTeam {
                round: round_no,
                team,
            },
            format!("{} ({})", e.cell.opponent, other),
        ));
    }
    match opponent.get(&team) {
        Some(&(known, at)) if known != other => {
            let at = if at == 0 { e.line } else { at };
            return Err(err(
                e.line,
                Expected::OneOpponentTeam {
                    round: round_no,
                    team,
                    opponent: known,
                    line: at,
                },
                other.to_string(),
            ));
        }
        Some(_) => {}
        None => {
            opponent.insert(team, (other, e.line));
        }
    }
    Ok(())
}

/// The opponents the 300 records of the round name, for teams whose
/// opponent is not known yet.
fn opponents_named(ctx: &Context<'_>, round_no: u16, opponent: &mut Opponents) {
    let mut named: Vec<(&(u16, u16), &super::Lineup)> = ctx
        .lineups
        .iter()
        .filter(|(k, l)| k.0 == round_no && l.opponent != 0)
        .collect();
    named.sort_by_key(|(k, _)| **k);
    for ((_, team), l) in named {
        if !opponent.contains_key(team) {
            opponent.insert(*team, (l.opponent, l.line));
        }
    }
}

/// Symmetry: a team's opponent names it back.
fn check_symmetry(opponent: &Opponents, round_no: u16) -> Result<(), TrfError> {
    for (&team, &(other, line)) in opponent {
        if let Some(&(back, back_line)) = opponent.get(&other)
            && back != team
        {
            return Err(err(
                back_line.max(line),
                Expected::OneOpponentTeam {
                    round: round_no,
                    team: other,
                    opponent: team,
                    line,
                },
                back.to_string(),
            ));
        }
    }
    Ok(())
}

/// Byes of the teams not `done` (in a match): 320 and 240 first, then the
/// letters of the player lines.
fn add_byes(
    ctx: &Context<'_>,
    columns: &[BTreeMap<u16, Vec<Entry>>],
    (ri, round_no): (usize, u16),
    done: &BTreeSet<u16>,
    pairings: &mut Vec<Pairing>,
) -> Result<(), TrfError> {
    let pab_team = ctx.pab.get(ri).copied().filter(|&t| t != 0);
    let mut teams_seen: BTreeSet<u16> = columns.iter().flat_map(|c| c.keys().copied()).collect();
    teams_seen.extend(pab_team);
    teams_seen.extend(ctx.byes.keys().filter(|k| k.0 == round_no).map(|k| k.1));
    for team in teams_seen {
        if done.contains(&team) {
            continue;
        }
        let entries: Vec<&Entry> = columns
            .iter()
            .filter_map(|c| c.get(&team))
            .flatten()
            .collect();
        let kind = if pab_team == Some(team) {
            Some(ByeKind::PairingAllocated)
        } else if let Some(k) = ctx.byes.get(&(round_no, team)) {
            Some(*k)
        } else {
            bye_from_letters(&entries, round_no, team)?
        };
        if let Some(kind) = kind {
            pairings.push(Pairing::Bye {
                team: TeamId(team),
                kind,
            });
        }
    }
    Ok(())
}

/// The bye a team's entries show by their letters, when neither 320 nor
/// 240 names one; forfeit wins with nobody named are an error.
fn bye_from_letters(
    entries: &[&Entry],
    round_no: u16,
    team: u16,
) -> Result<Option<ByeKind>, TrfError> {
    let letter = |c: char| entries.iter().any(|e| e.cell.result == c);
    Ok(if letter('U') {
        Some(ByeKind::PairingAllocated)
    } else if letter('F') || letter('1') || letter('W') {
        Some(ByeKind::FullPoint)
    } else if letter('H') || letter('=') || letter('D') {
        Some(ByeKind::HalfPoint)
    } else if letter('+') {
        // Forfeit wins with nobody named: the opponent is unknown.
        let e = entries.iter().find(|e| e.cell.result == '+');
        return Err(err(
            e.map_or(0, |e| e.line),
            Expected::MatchOpponent {
                round: round_no,
                team,
            },
            "+".to_string(),
        ));
    } else if letter('Z') {
        Some(ByeKind::ZeroPoint)
    } else {
        None
    })
}
