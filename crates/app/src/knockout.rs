//! Play-offs decided over the board: seed E's group stage and knockout
//! (E-1, E-8, E-9) and the G-V42 play-off match for a shared first place.
//!
//! Seed E. The draw gives start numbers by lot and deals them into two
//! groups by the seeding snake (A: 1, 4, 5, 8; B: 2, 3, 6, 7), so the groups
//! are drawn by lot and reproducible from the recorded seed. The group
//! stage is the first regular rounds: in round k every group plays round k
//! of its own Berger table (matches with stage `group` and the group's
//! number in `group_no`; the groups are read back from round 1). Then the
//! play-off: the group winners and runners-up meet in the semi-finals
//! A1–B2 and B1–A2 (stage `semi`), and one round later the final (`final`)
//! and the semi-final losers' match for 3rd place (`third`). A knockout
//! match level after its boards is decided by board 1, then board 2; still
//! level, the judges create the armageddon (E-9).
//!
//! Armageddon storage: a match with stage `armageddon` in the same round and
//! between the same two entries as the knockout match it decides, with one
//! game on board 1 (no substitution: the board-1 players of the match's last
//! game). Its colours are drawn by lot from the tournament's seed recorded
//! at the draw: the lot's seed is `Lot::derive(seed, ARMAGEDDON_LOT ^ id of
//! the knockout match)`, so anyone holding the recorded seed draws the same
//! colours again. The colours drawn are stored on the game (`home_white`)
//! and the audit entry names the lot's seed. The result is entered with the
//! ordinary result form; a draw sends Black through.
//!
//! Seed G (G-V42). When first place is still shared after every tie-break,
//! the judges pair a play-off round (kind `playoff`): one match between the
//! two entries, every board playing the rule's games (2) with colours
//! reversed in the second, drafted and published like any round. Its
//! result is a `ranking::PlayoffResult` that places its winner above the
//! loser; a drawn play-off decides nothing and another may be paired.

use std::collections::{HashMap, HashSet};

use chrono::NaiveDateTime;

use super::notes::{self, RoundNote};
use super::rounds::{Drawn, Loaded, Placed, RoundError, RoundProblem, insert_games};
use super::{PlayError, TournamentContext};
use crate::db::rounds::{self as r, Game, Match, NewGame, NewMatch, Round};
use crate::db::{DbConnection, audit, tournaments, write_transaction};
use crate::i18n::Message;
use crate::ids::{EntryId, MatchId, PersonId, RoundId, TournamentId};
use crate::msg;
use crate::rules::pairing::knockout::{KnockoutMatch, Slot};
use crate::rules::pairing::{
    Bracket, DecidedBy, GameResult, Group, GroupAllocation, Lot, PlayoffDecision, PlayoffMatch,
    Stage, decide_armageddon, decide_playoff_match, group_schedule, knockout_bracket,
    playoff_from_groups, split_into_groups,
};
use crate::rules::playoff::{PlayoffRule, playoffs_needed};
use crate::rules::ranking::{Place, PlayoffResult, Standings, standings};
use crate::rules::regulation::{FormatRule, KnockoutStage, Regulation};
use crate::rules::score::{BoardResult, HalfPoints};
use crate::rules::tournament::{self as rt, TeamId};

// The pairing engine's name for an entry.
use crate::rules::pairing::EntryId as Seat;

/// E-1: the play-off is fed by two groups (semi-finals A1–B2, B1–A2).
const GROUPS: u32 = 2;
/// Label mixed into the tournament seed for an armageddon's colours.
const ARMAGEDDON_LOT: u64 = 0xE9 << 40;
/// Label mixed into the tournament seed for places left shared in a group.
const GROUP_LOT: u64 = 0xE8 << 40;

const STAGE_GROUP: &str = "group";
/// The stage of an armageddon match (E-9).
pub const STAGE_ARMAGEDDON: &str = "armageddon";
const STAGE_PLAYOFF: &str = "playoff";

fn refuse<T>(p: RoundProblem) -> Result<T, RoundError> {
    Err(PlayError::Refused(vec![p]))
}

fn seat(e: EntryId) -> Seat {
    Seat(e.0)
}

fn entry(s: Seat) -> EntryId {
    EntryId(s.0)
}

/// The stored code of a knockout stage.
pub fn stage_code(stage: Stage) -> &'static str {
    match stage {
        Stage::SemiFinal => "semi",
        Stage::Final => "final",
        Stage::ThirdPlace => "third",
        Stage::RoundOf { .. } => "knockout",
    }
}

/// How a seed-E regulation plays its play-off.
#[derive(Debug, Clone, Copy)]
struct Plan {
    games_per_pairing: u8,
    /// Qualifiers per group: 2 with semi-finals, 1 for a final only.
    per_group: u32,
    third_place: bool,
    /// E-9: boards compared in order (1, then 2) when a match is level.
    tie_boards: u32,
    /// E-9: the board whose players play the armageddon.
    armageddon_board: u8,
}

fn plan(reg: &Regulation) -> Option<Plan> {
    let FormatRule::GroupsThenKnockout {
        games_per_pairing,
        stages,
        third_place_match,
    } = &reg.format
    else {
        return None;
    };
    let semi = stages.contains(&KnockoutStage::SemiFinal);
    let (tie_boards, armageddon_board) = match &reg.playoff {
        PlayoffRule::BoardsThenArmageddon {
            boards,
            armageddon_board,
            ..
        } => (
            u32::try_from(boards.len()).unwrap_or(0),
            (*armageddon_board).max(1),
        ),
        // Without a tie rule a level match goes straight to the armageddon.
        _ => (0, 1),
    };
    Some(Plan {
        games_per_pairing: *games_per_pairing,
        per_group: if semi { 2 } else { 1 },
        third_place: *third_place_match && semi,
        tie_boards: tie_boards.min(u32::from(reg.boards)),
        armageddon_board: armageddon_board.min(reg.boards.max(1)),
    })
}

/// True when the tournament is played as groups then knockout (seed E).
pub fn plays_groups_then_knockout(ctx: &TournamentContext) -> bool {
    matches!(ctx.regulation.format, FormatRule::GroupsThenKnockout { .. })
}

/// A group of the group stage: its entries by start number (their Berger
/// numbers in that order).
#[derive(Debug, Clone)]
pub struct GroupOf {
    /// 1, 2, … as stored in `matches.group_no`.
    pub number: i32,
    /// "A", "B", …
    pub label: String,
    pub entries: Vec<EntryId>,
}

fn label(number: i32) -> String {
    let i = u8::try_from(number - 1).unwrap_or(0) % 26;
    char::from(b'A' + i).to_string()
}

impl GroupOf {
    fn as_group(&self) -> Group {
        Group {
            label: self.label.clone(),
            teams: self.entries.iter().copied().map(seat).collect(),
        }
    }

    /// The group's rounds as the rules engine reads them: its entries and
    /// its matches of the group stage only.
    pub fn to_rules(&self, l: &Loaded, group_rounds: usize) -> rt::Tournament {
        let ids: HashSet<TeamId> = l
            .playing()
            .iter()
            .filter(|x| self.entries.contains(&x.id))
            .filter_map(|x| Some(TeamId(u16::try_from(x.start_no?).ok()?)))
            .collect();
        let mut t = l.to_rules();
        t.teams.retain(|x| ids.contains(&x.id));
        t.rounds.retain(|x| usize::from(x.number) <= group_rounds);
        // The bye of an odd group is a free round of its round robin, not a
        // scored bye: the entry simply does not play that round.
        for round in &mut t.rounds {
            round.pairings.retain(|p| match p {
                rt::Pairing::Match(m) => ids.contains(&m.home),
                rt::Pairing::Bye { .. } => false,
            });
        }
        t
    }

    /// The group's standings with the regulation's tie-breaks (E-8).
    pub fn standings(&self, l: &Loaded, group_rounds: usize) -> Result<Standings, RoundError> {
        standings(
            &self.to_rules(l, group_rounds),
            &l.ctx.regulation.tie_breaks,
            &[],
        )
        .map_err(|err| PlayError::Refused(vec![RoundProblem::Engine(err.to_string())]))
    }
}

/// The entry of a start number (the rules engine's team id).
pub(super) fn entry_of_team(l: &Loaded, team: TeamId) -> Option<EntryId> {
    l.playing()
        .iter()
        .find(|x| x.start_no == Some(i32::from(team.0)))
        .map(|x| x.id)
}

/// The groups as the draw stored them in round 1.
fn stored_groups(l: &Loaded) -> Vec<GroupOf> {
    let Some(first) = l.rounds.iter().find(|x| x.number == 1 && !x.is_playoff()) else {
        return Vec::new();
    };
    let mut groups: Vec<GroupOf> = Vec::new();
    for m in l.matches_of(first.id).filter(|m| m.stage == STAGE_GROUP) {
        let Some(number) = m.group_no else { continue };
        let at = match groups.iter().position(|g| g.number == number) {
            Some(i) => i,
            None => {
                groups.push(GroupOf {
                    number,
                    label: label(number),
                    entries: Vec::new(),
                });
                groups.len() - 1
            }
        };
        groups[at].entries.push(m.home_entry_id);
        groups[at].entries.extend(m.away_entry_id);
    }
    let start = |e: &EntryId| {
        l.entries
            .iter()
            .find(|x| x.id == *e)
            .and_then(|x| x.start_no)
    };
    for g in &mut groups {
        g.entries.sort_by_key(start);
    }
    groups.sort_by_key(|g| g.number);
    groups
}

/// Rounds of the group stage: the longest group's Berger table.
fn group_rounds(groups: &[GroupOf]) -> usize {
    groups
        .iter()
        .filter_map(|g| group_schedule(&g.as_group(), false).ok())
        .map(|s| s.len())
        .max()
        .unwrap_or(0)
}

/// How a knockout match stands.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Outcome {
    /// Its sides are not known yet, or it is not paired yet.
    NotPaired,
    /// Games without a result.
    Pending,
    Won {
        winner: EntryId,
        loser: EntryId,
        by: DecidedBy,
    },
    /// E-9: level after the boards; the armageddon (created or not yet)
    /// with the colours drawn by lot from `seed`.
    ArmageddonDue {
        white: EntryId,
        black: EntryId,
        seed: u64,
        armageddon: Option<MatchId>,
    },
}

/// A match of the bracket with what is stored about it.
#[derive(Debug, Clone)]
pub struct BracketMatch {
    pub number: u32,
    pub stage: Stage,
    pub home: Option<EntryId>,
    pub away: Option<EntryId>,
    /// The stored knockout match, once paired.
    pub stored: Option<MatchId>,
    pub outcome: Outcome,
}

impl BracketMatch {
    /// The entries known to play it.
    pub fn sides(&self) -> Vec<EntryId> {
        [self.home, self.away].into_iter().flatten().collect()
    }
}

/// Where a seed-E tournament stands: its groups and its bracket.
#[derive(Debug, Clone)]
pub struct KnockoutState {
    pub groups: Vec<GroupOf>,
    pub group_rounds: usize,
    /// Empty until the semi-finals are paired.
    pub bracket: Vec<BracketMatch>,
    /// The play-off as the pairing engine holds it.
    shape: Option<Bracket>,
}

/// The armageddon match of a knockout match: same round, same entries.
fn armageddon_of<'a>(l: &'a Loaded, m: &Match) -> Option<&'a Match> {
    l.matches_of(m.round_id).find(|x| {
        x.stage == STAGE_ARMAGEDDON
            && x.home_entry_id == m.home_entry_id
            && x.away_entry_id == m.away_entry_id
    })
}

/// The lot seed of a knockout match's armageddon colours.
fn armageddon_seed(tournament_seed: u64, knockout_match: MatchId) -> u64 {
    Lot::derive(
        tournament_seed,
        ARMAGEDDON_LOT ^ u64::try_from(knockout_match.0).unwrap_or(0),
    )
}

/// A game's result from White's side of the board.
fn from_whites_side(g: &Game) -> Option<GameResult> {
    let (home, away) = g.result().points()?;
    let home_view = home.cmp(&away);
    let white_view = if g.home_white {
        home_view
    } else {
        home_view.reverse()
    };
    Some(match white_view {
        std::cmp::Ordering::Greater => GameResult::WhiteWins,
        std::cmp::Ordering::Equal => GameResult::Draw,
        std::cmp::Ordering::Less => GameResult::BlackWins,
    })
}

/// E-9 for a stored knockout match: match score, then boards 1 and 2,
/// then the armageddon (a draw sends Black through).
fn decide(l: &Loaded, m: &Match, plan: &Plan, tournament_seed: u64) -> Outcome {
    let home = m.home_entry_id;
    let Some(away) = m.away_entry_id else {
        return Outcome::NotPaired;
    };
    let won = |winner: EntryId, by: DecidedBy| Outcome::Won {
        winner,
        loser: if winner == home { away } else { home },
        by,
    };
    match m.forfeit.as_deref() {
        Some("home") => return won(home, DecidedBy::MatchScore),
        Some("away") => return won(away, DecidedBy::MatchScore),
        // A double forfeit sends nobody through: the judges decide.
        Some(_) => return Outcome::Pending,
        None => {}
    }
    let games: Vec<&Game> = l.games_of(m.id).collect();
    if games.is_empty() || !games.iter().all(|g| g.result().is_final()) {
        return Outcome::Pending;
    }
    let boards = games.iter().map(|g| g.board).max().unwrap_or(0);
    let per_board: Vec<(HalfPoints, HalfPoints)> = (1..=boards)
        .map(|b| {
            games
                .iter()
                .filter(|g| g.board == b)
                .filter_map(|g| g.result().points())
                .fold((HalfPoints::ZERO, HalfPoints::ZERO), |(x, y), (a, b)| {
                    (x + a, y + b)
                })
        })
        .collect();
    let played = PlayoffMatch {
        first: seat(home),
        second: seat(away),
        boards: per_board,
    };
    let seed = armageddon_seed(tournament_seed, m.id);
    let tie_boards = plan.tie_boards.min(u32::try_from(boards).unwrap_or(0));
    match decide_playoff_match(&played, tie_boards, seed, None) {
        Ok(PlayoffDecision::Decided { winner, by, .. }) => won(entry(winner), by),
        Ok(PlayoffDecision::ArmageddonNeeded { white, black, seed }) => {
            let Some(a) = armageddon_of(l, m) else {
                return Outcome::ArmageddonDue {
                    white: entry(white),
                    black: entry(black),
                    seed,
                    armageddon: None,
                };
            };
            // The colours stored on the armageddon's game are the ones played.
            let game = l.games_of(a.id).next();
            match game.and_then(|g| Some((g, from_whites_side(g)?))) {
                Some((g, result)) => {
                    let (white, black) = if g.home_white {
                        (home, away)
                    } else {
                        (away, home)
                    };
                    let (winner, _) = decide_armageddon(seat(white), seat(black), result);
                    won(
                        entry(winner),
                        DecidedBy::Armageddon {
                            white: seat(white),
                            black: seat(black),
                            result,
                            seed,
                        },
                    )
                }
                None => Outcome::ArmageddonDue {
                    white: entry(white),
                    black: entry(black),
                    seed,
                    armageddon: Some(a.id),
                },
            }
        }
        Err(_) => Outcome::Pending,
    }
}

/// The bracket whose first knockout round is `pairs` (home, away in table
/// order), as the pairing engine builds it from seeds.
fn bracket_of(pairs: &[(Seat, Seat)], third_place: bool) -> Option<Bracket> {
    let n = pairs.len() * 2;
    let probe: Vec<Seat> = (1..=n).map(|i| Seat(i as i64)).collect();
    let shape = knockout_bracket(&probe, third_place).ok()?;
    let mut seeded = vec![Seat(0); n];
    let firsts = shape
        .matches
        .iter()
        .filter_map(|m| match (m.first, m.second) {
            (Slot::Team(a), Slot::Team(b)) => Some((a, b)),
            _ => None,
        });
    for ((a, b), (home, away)) in firsts.zip(pairs) {
        *seeded.get_mut(usize::try_from(a.0 - 1).ok()?)? = *home;
        *seeded.get_mut(usize::try_from(b.0 - 1).ok()?)? = *away;
    }
    knockout_bracket(&seeded, third_place).ok()
}

/// Knockout round of each bracket match: 1 for the first matches, one more
/// than the latest match a side comes from.
fn levels(bracket: &Bracket) -> HashMap<u32, usize> {
    let mut level = HashMap::new();
    for m in &bracket.matches {
        let of = |s: Slot| match s {
            Slot::Team(_) => 0,
            Slot::WinnerOf(k) | Slot::LoserOf(k) => level.get(&k).copied().unwrap_or(0),
        };
        let l = of(m.first).max(of(m.second)) + 1;
        level.insert(m.number, l);
    }
    level
}

/// Reads where a seed-E tournament stands; `None` for other formats.
pub fn read(l: &Loaded) -> Option<KnockoutState> {
    let plan = plan(&l.ctx.regulation)?;
    let seed = l.drawn()?.seed;
    let groups = stored_groups(l);
    let due = group_rounds(&groups);
    let regular: Vec<&Round> = l.rounds.iter().filter(|x| !x.is_playoff()).collect();
    let knockout: Vec<&Match> = regular
        .iter()
        .skip(due)
        .flat_map(|x| l.matches_of(x.id))
        .filter(|m| m.stage != STAGE_ARMAGEDDON)
        .collect();
    let first_round: Vec<(Seat, Seat)> = regular
        .get(due)
        .map(|x| {
            l.matches_of(x.id)
                .filter(|m| m.stage != STAGE_ARMAGEDDON)
                .filter_map(|m| Some((seat(m.home_entry_id), seat(m.away_entry_id?))))
                .collect()
        })
        .unwrap_or_default();
    let shape = bracket_of(&first_round, plan.third_place);
    let mut bracket = Vec::new();
    if let Some(shape) = &shape {
        let mut winners: HashMap<u32, Seat> = HashMap::new();
        for m in &shape.matches {
            let resolved = shape.resolve(&winners).ok()?;
            let side = resolved.iter().find(|x| x.number == m.number)?;
            let (home, away) = (side.first.map(entry), side.second.map(entry));
            let stored = knockout.iter().find(|x| {
                Some(x.home_entry_id) == home
                    && x.away_entry_id == away
                    && x.stage == stage_code(m.stage)
            });
            let outcome = stored.map_or(Outcome::NotPaired, |x| decide(l, x, &plan, seed));
            if let Outcome::Won { winner, .. } = outcome {
                winners.insert(m.number, seat(winner));
            }
            bracket.push(BracketMatch {
                number: m.number,
                stage: m.stage,
                home,
                away,
                stored: stored.map(|x| x.id),
                outcome,
            });
        }
    }
    Some(KnockoutState {
        groups,
        group_rounds: due,
        bracket,
        shape,
    })
}

/// A match to insert: home, away (none for a bye), stage, group number.
struct Pairing<'a> {
    home: EntryId,
    away: Option<EntryId>,
    stage: &'a str,
    group: Option<i32>,
}

/// Inserts the matches of round `round_no`, tables in order, each with its
/// games (`rounds::insert_games`: players from the round's line-ups, G-V22,
/// E-2; colours alternating down the boards, reversed in game 2, E-3).
fn insert_matches(
    conn: &mut crate::db::WriteTx<'_>,
    l: &Loaded,
    (round, round_no): (RoundId, i32),
    games_per_pairing: u8,
    pairings: &[Pairing],
) -> Result<(), RoundError> {
    let rules = l.to_rules();
    for (i, p) in pairings.iter().enumerate() {
        let m = r::insert_match(
            conn,
            &NewMatch {
                round,
                table_no: i32::try_from(i + 1).unwrap_or(i32::MAX),
                home: p.home,
                away: p.away,
                stage: p.stage,
                group_no: p.group,
            },
        )?;
        if let Some(away) = p.away {
            insert_games(
                conn,
                l,
                &rules,
                games_per_pairing,
                m,
                (p.home, away),
                round_no,
            )?;
        }
    }
    Ok(())
}

/// Names of entries, for refusals.
fn names(l: &Loaded, ids: &[EntryId]) -> Vec<String> {
    ids.iter()
        .filter_map(|id| l.entries.iter().find(|x| x.id == *id))
        .map(|x| x.name.clone())
        .collect()
}

/// Round `k` (0-based) of every group's Berger table.
fn group_round(groups: &[GroupOf], k: usize) -> Result<Vec<Pairing<'static>>, RoundError> {
    let mut out = Vec::new();
    for g in groups {
        let schedule = group_schedule(&g.as_group(), false)
            .map_err(|err| PlayError::Refused(vec![RoundProblem::Engine(err.to_string())]))?;
        let Some(round) = schedule.get(k) else {
            continue;
        };
        for m in &round.matches {
            out.push(Pairing {
                home: entry(m.first),
                away: Some(entry(m.second)),
                stage: STAGE_GROUP,
                group: Some(g.number),
            });
        }
        if let Some(bye) = round.bye {
            out.push(Pairing {
                home: entry(bye),
                away: None,
                stage: STAGE_GROUP,
                group: Some(g.number),
            });
        }
    }
    Ok(out)
}

/// Each group's ranking, best first, for the play-off. Places the
/// regulation's criteria leave shared (E-8: "other methods announced by
/// the judges") are ordered by lot from the tournament seed; the note
/// says where.
fn group_rankings(
    l: &Loaded,
    state: &KnockoutState,
    seed: u64,
) -> Result<(Vec<Vec<Seat>>, Vec<RoundNote>), RoundError> {
    let mut rankings = Vec::new();
    let mut notes = Vec::new();
    for g in &state.groups {
        let st = g.standings(l, state.group_rounds)?;
        let mut order: Vec<EntryId> = Vec::new();
        let mut i = 0;
        while i < st.rows.len() {
            let place = st.rows[i].place;
            let mut block: Vec<EntryId> = st.rows[i..]
                .iter()
                .take_while(|x| x.place == place)
                .filter_map(|x| entry_of_team(l, x.team))
                .collect();
            i += block.len().max(1);
            if block.len() > 1 {
                let lot = Lot::derive(seed, GROUP_LOT ^ u64::try_from(g.number).unwrap_or(0));
                Lot::new(lot).shuffle(&mut block);
                notes.push(RoundNote::GroupLot {
                    group: g.label.to_string(),
                    place: place.to_string(),
                    seed: lot,
                });
            }
            order.extend(block);
        }
        rankings.push(order.into_iter().map(seat).collect());
    }
    Ok((rankings, notes))
}

/// Pairs the next round of a seed-E tournament (called by
/// `rounds::pair_round` inside its transaction): a group round, the
/// semi-finals from the group standings, or the final and the match for
/// 3rd place from the semi-finals.
pub(super) fn pair_round(
    conn: &mut crate::db::WriteTx<'_>,
    l: &Loaded,
    drawn: &Drawn,
    judge: PersonId,
    now: NaiveDateTime,
) -> Result<RoundId, RoundError> {
    let plan =
        plan(&l.ctx.regulation).ok_or(PlayError::Refused(vec![RoundProblem::Unsupported]))?;
    let regular: Vec<&Round> = l.rounds.iter().filter(|x| !x.is_playoff()).collect();
    if let Some(last) = regular.last()
        && !last.is_published()
    {
        return refuse(RoundProblem::PreviousRoundOpen { round: last.number });
    }
    let number = i32::try_from(regular.len() + 1).unwrap_or(i32::MAX);
    let (pairings, notes) = if regular.is_empty() {
        // The draw: start numbers are by lot; the snake deals them out.
        let playing: Vec<Seat> = l.playing().iter().map(|x| seat(x.id)).collect();
        let groups = split_into_groups(&playing, GROUPS, GroupAllocation::Snake)
            .ok()
            .filter(|gs| gs.iter().all(|g| g.teams.len() >= plan.per_group as usize))
            .ok_or(PlayError::Refused(vec![RoundProblem::NoFormat {
                entries: playing.len(),
            }]))?;
        let groups: Vec<GroupOf> = groups
            .into_iter()
            .zip(1..)
            .map(|(g, number)| GroupOf {
                number,
                label: g.label,
                entries: g.teams.into_iter().map(entry).collect(),
            })
            .collect();
        (
            group_round(&groups, 0)?,
            vec![RoundNote::GroupStage {
                round: 1,
                first: true,
            }],
        )
    } else {
        let state = read(l).ok_or(PlayError::NotFound)?;
        if regular.len() < state.group_rounds {
            (
                group_round(&state.groups, regular.len())?,
                vec![RoundNote::GroupStage {
                    round: number,
                    first: false,
                }],
            )
        } else {
            if let Some(last) = regular.last()
                && !l.round_complete(last.id)
            {
                return refuse(RoundProblem::PreviousRoundOpen { round: last.number });
            }
            knockout_round(l, &state, &plan, drawn.seed, regular.len())?
        }
    };
    let round = r::insert_round(
        conn,
        l.ctx.id(),
        number,
        "regular",
        i64::try_from(drawn.seed).ok(),
        &notes::encode(&notes),
        now,
    )?;
    insert_matches(conn, l, (round, number), plan.games_per_pairing, &pairings)?;
    audit::Entry::new("round.pair", format!("tournament:{}", l.ctx.id()))
        .actor(judge)
        .championship(l.ctx.championship_id())
        .said(
            Message::new(msg!("audit-rounds-paired"))
                .arg("round", number)
                .list("notes", notes.iter().map(RoundNote::message), "; "),
        )
        .record(conn)?;
    Ok(round)
}

/// The next knockout round: the first from the group standings, later ones
/// from the decided matches of the previous one.
fn knockout_round(
    l: &Loaded,
    state: &KnockoutState,
    plan: &Plan,
    seed: u64,
    played: usize,
) -> Result<(Vec<Pairing<'static>>, Vec<RoundNote>), RoundError> {
    let level = played - state.group_rounds + 1;
    if level == 1 {
        let (rankings, lots) = group_rankings(l, state, seed)?;
        let bracket = playoff_from_groups(&rankings, plan.per_group, plan.third_place)
            .map_err(|err| PlayError::Refused(vec![RoundProblem::Engine(err.to_string())]))?;
        let pairings = first_matches(&bracket);
        let mut notes = vec![RoundNote::KnockoutFirst];
        notes.extend(lots);
        return Ok((pairings, notes));
    }
    let shape = state.shape.as_ref().ok_or(PlayError::NotFound)?;
    let levels = levels(shape);
    let undecided: Vec<&BracketMatch> = state
        .bracket
        .iter()
        .filter(|m| levels.get(&m.number) == Some(&(level - 1)))
        .filter(|m| !matches!(m.outcome, Outcome::Won { .. }))
        .collect();
    if let Some(m) = undecided.first() {
        return match m.outcome {
            Outcome::ArmageddonDue {
                armageddon: None, ..
            } => refuse(RoundProblem::ArmageddonNeeded {
                entries: names(l, &m.sides()),
            }),
            _ => refuse(RoundProblem::PreviousRoundOpen {
                round: i32::try_from(played).unwrap_or(i32::MAX),
            }),
        };
    }
    let pairings: Vec<Pairing> = state
        .bracket
        .iter()
        .filter(|m| levels.get(&m.number) == Some(&level))
        .filter_map(|m| {
            Some(Pairing {
                home: m.home?,
                away: Some(m.away?),
                stage: stage_code(m.stage),
                group: None,
            })
        })
        .collect();
    if pairings.is_empty() {
        return refuse(RoundProblem::AllRoundsPaired);
    }
    let stages: Vec<&str> = pairings.iter().map(|p| p.stage).collect();
    Ok((
        pairings,
        vec![RoundNote::Knockout {
            stages: stages.iter().map(|x| (*x).to_owned()).collect(),
        }],
    ))
}

/// The matches of a bracket whose two sides are teams, in playing order.
fn first_matches(bracket: &Bracket) -> Vec<Pairing<'static>> {
    bracket
        .matches
        .iter()
        .filter_map(|m: &KnockoutMatch| match (m.first, m.second) {
            (Slot::Team(a), Slot::Team(b)) => Some(Pairing {
                home: entry(a),
                away: Some(entry(b)),
                stage: stage_code(m.stage),
                group: None,
            }),
            _ => None,
        })
        .collect()
}

/// E-9: "no substitution on board 1 beforehand" — from the moment the
/// armageddon is assigned, the armageddon board's players stay: on the
/// armageddon itself and on the knockout match it decides.
pub(crate) fn armageddon_board_locked(l: &Loaded, m: &Match, board: i32) -> bool {
    let Some(plan) = plan(&l.ctx.regulation) else {
        return false;
    };
    if board != i32::from(plan.armageddon_board) {
        return false;
    }
    m.stage == STAGE_ARMAGEDDON
        || l.matches_of(m.round_id).any(|x| {
            x.stage == STAGE_ARMAGEDDON
                && x.home_entry_id == m.home_entry_id
                && x.away_entry_id == m.away_entry_id
        })
}

/// E-9: the judges create the armageddon of a knockout match left level
/// after its boards: one game between the board-1 players, colours by lot.
pub fn create_armageddon(
    conn: &mut DbConnection,
    t: TournamentId,
    knockout_match: MatchId,
    judge: PersonId,
) -> Result<MatchId, RoundError> {
    write_transaction(conn, |conn| {
        let l = Loaded::load(conn, t)?.ok_or(PlayError::NotFound)?;
        let m = l
            .matches
            .iter()
            .find(|x| x.id == knockout_match)
            .ok_or(PlayError::NotFound)?;
        if l.ctx.tournament.finished_at.is_some() {
            return refuse(RoundProblem::AlreadyFinished);
        }
        let state = read(&l).ok_or(PlayError::Refused(vec![RoundProblem::ArmageddonNotDue]))?;
        let plan = plan(&l.ctx.regulation).ok_or(PlayError::NotFound)?;
        let due = state
            .bracket
            .iter()
            .find(|x| x.stored == Some(m.id))
            .map(|x| &x.outcome);
        let (white, seed) = match due {
            Some(Outcome::ArmageddonDue {
                armageddon: Some(_),
                ..
            }) => return refuse(RoundProblem::ArmageddonExists),
            Some(Outcome::ArmageddonDue { white, seed, .. }) => (*white, *seed),
            _ => return refuse(RoundProblem::ArmageddonNotDue),
        };
        let Some(away) = m.away_entry_id else {
            return refuse(RoundProblem::ArmageddonNotDue);
        };
        // E-9: no substitution on board 1 before the armageddon.
        let board = i32::from(plan.armageddon_board);
        let last = l.games_of(m.id).filter(|g| g.board == board).last();
        let table = l
            .matches_of(m.round_id)
            .map(|x| x.table_no)
            .max()
            .unwrap_or(0)
            + 1;
        let a = r::insert_match(
            conn,
            &NewMatch {
                round: m.round_id,
                table_no: table,
                home: m.home_entry_id,
                away: Some(away),
                stage: STAGE_ARMAGEDDON,
                group_no: None,
            },
        )?;
        r::insert_game(
            conn,
            &NewGame {
                match_id: a,
                board,
                game_no: 1,
                home_player: last.and_then(|g| g.home_player_id),
                away_player: last.and_then(|g| g.away_player_id),
                home_white: white == m.home_entry_id,
            },
        )?;
        tournaments::bump_results_version(conn, t)?;
        let white_name = names(&l, &[white]).join("");
        audit::Entry::new("match.armageddon", format!("match:{}", m.id))
            .actor(judge)
            .championship(l.ctx.championship_id())
            .said(
                Message::new(msg!("audit-knockout-armageddon"))
                    .arg("board", board)
                    .arg("white", white_name)
                    .arg("seed", seed),
            )
            .record(conn)?;
        Ok(a)
    })
}

/// Places of a finished seed-E tournament: 1–4 from the bracket (E-1: the
/// final and the match for 3rd place), the rest from the groups. The
/// regulation ranks the teams out in the group stage only inside their
/// group (E-8) and plays no match between groups for those places, so the
/// teams that finished a group at the same place share the places that
/// follow: the groups' 3rd places share 5th–6th, their 4th places
/// 7th–8th, … (a place shared inside a group counts at its best place).
/// Shared places split the place table's points as the regulation says
/// (`PlacePoints::shared`).
fn final_places(l: &Loaded, state: &KnockoutState) -> Result<Vec<(EntryId, Place)>, RoundError> {
    let winners: HashMap<u32, Seat> = state
        .bracket
        .iter()
        .filter_map(|m| match m.outcome {
            Outcome::Won { winner, .. } => Some((m.number, seat(winner))),
            _ => None,
        })
        .collect();
    let shape = state
        .shape
        .as_ref()
        .ok_or(PlayError::Refused(vec![RoundProblem::NotFinished]))?;
    let podium = shape
        .podium(&winners)
        .map_err(|_| PlayError::Refused(vec![RoundProblem::NotFinished]))?;
    let mut places: Vec<(EntryId, Place)> = podium
        .iter()
        .zip(1..)
        .map(|(s, p)| (entry(*s), Place { first: p, last: p }))
        .collect();
    // Out in the group stage: every entry the play-off did not take.
    let qualified: HashSet<EntryId> = state.bracket.iter().flat_map(BracketMatch::sides).collect();
    let mut out: Vec<(u32, EntryId)> = Vec::new();
    for g in &state.groups {
        let st = g.standings(l, state.group_rounds)?;
        for row in &st.rows {
            if let Some(e) = entry_of_team(l, row.team)
                && !qualified.contains(&e)
            {
                out.push((row.place.first, e));
            }
        }
    }
    out.sort_by_key(|(p, e)| (*p, l.playing().iter().position(|x| x.id == *e)));
    let mut next = u32::try_from(places.len() + 1).unwrap_or(u32::MAX);
    for tier in out.chunk_by(|a, b| a.0 == b.0) {
        let last = next + u32::try_from(tier.len()).unwrap_or(1) - 1;
        for (_, e) in tier {
            places.push((*e, Place { first: next, last }));
        }
        next = last + 1;
    }
    Ok(places)
}

/// The final places of a seed-E tournament (for `rounds::final_places`):
/// every round published and complete, the final and the match for 3rd
/// place decided.
pub(super) fn placed(l: &Loaded) -> Result<Vec<Placed>, RoundError> {
    let state = read(l).ok_or(PlayError::Refused(vec![RoundProblem::NotFinished]))?;
    let all_done = l
        .rounds
        .iter()
        .all(|x| x.is_published() && l.round_complete(x.id));
    if !all_done || state.bracket.is_empty() {
        return refuse(RoundProblem::NotFinished);
    }
    if let Some(m) = state.bracket.iter().find(|m| {
        matches!(
            m.outcome,
            Outcome::ArmageddonDue {
                armageddon: None,
                ..
            }
        )
    }) {
        return refuse(RoundProblem::ArmageddonNeeded {
            entries: names(l, &m.sides()),
        });
    }
    let places = final_places(l, &state)?;
    let table = &l.ctx.regulation.place_points;
    Ok(places
        .into_iter()
        .map(|(e, p)| (e, p, table.for_range(p.first, p.last)))
        .collect())
}

/// The final places of a seed-E tournament once its play-off has decided
/// them (E-1, E-9; places an upheld appeal set applied, as the finish
/// records them); `None` before, and for other formats. The standings
/// downloads and the API rank by these, as the tournament page does.
pub fn decided_places(l: &Loaded) -> Option<Vec<(EntryId, Place)>> {
    if !plays_groups_then_knockout(&l.ctx) {
        return None;
    }
    let placed = super::rounds::final_places(l).ok()?;
    Some(placed.into_iter().map(|(e, p, _)| (e, p)).collect())
}

// ------------------------------------------------------------ G-V42

/// The play-off rounds' results, decided ones only: the winner of each
/// play-off match ahead of the loser (G-V42). A drawn play-off decides
/// nothing, and neither does one whose teams are no longer tied. Teams are numbered by start number, as in `Loaded::to_rules`.
pub fn playoff_results(l: &Loaded) -> Vec<PlayoffResult> {
    let team = |id: EntryId| {
        l.entries
            .iter()
            .find(|x| x.id == id)
            .and_then(|x| u16::try_from(x.start_no?).ok())
            .map(TeamId)
    };
    let mut out = Vec::new();
    for round in l
        .rounds
        .iter()
        .filter(|x| x.is_playoff() && x.is_published())
    {
        for m in l.matches_of(round.id).filter(|m| m.stage == STAGE_PLAYOFF) {
            let games: Vec<BoardResult> = l.games_of(m.id).map(Game::result).collect();
            if games.is_empty() || !games.iter().all(|g| g.is_final()) {
                continue;
            }
            let (home, away) = games
                .iter()
                .filter_map(|g| g.points())
                .fold((HalfPoints::ZERO, HalfPoints::ZERO), |(x, y), (a, b)| {
                    (x + a, y + b)
                });
            let (Some(h), Some(a)) = (team(m.home_entry_id), m.away_entry_id.and_then(team)) else {
                continue;
            };
            let order = match home.cmp(&away) {
                std::cmp::Ordering::Greater => vec![h, a],
                std::cmp::Ordering::Less => vec![a, h],
                std::cmp::Ordering::Equal => continue,
            };
            out.push(PlayoffResult { order });
        }
    }
    // A play-off whose tie changed results undid no longer counts.
    if out.is_empty() {
        return out;
    }
    crate::rules::ranking::live_playoffs(&l.to_rules(), &out).unwrap_or(out)
}

/// A G-V42 play-off match as the tournament's pages show it: where it is
/// (its round, drafted, published), who plays, and its score once every
/// game has a result.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PlayoffShown {
    pub round: i32,
    pub published: bool,
    pub home: EntryId,
    pub away: EntryId,
    /// Game points, home first, once every game is final.
    pub score: Option<(HalfPoints, HalfPoints)>,
}

/// Every G-V42 play-off match of the tournament, in round order.
pub fn playoff_matches(l: &Loaded) -> Vec<PlayoffShown> {
    let mut out = Vec::new();
    for round in l.rounds.iter().filter(|x| x.is_playoff()) {
        for m in l.matches_of(round.id).filter(|m| m.stage == STAGE_PLAYOFF) {
            let Some(away) = m.away_entry_id else {
                continue;
            };
            let games: Vec<BoardResult> = l.games_of(m.id).map(Game::result).collect();
            let score = (!games.is_empty() && games.iter().all(|g| g.is_final())).then(|| {
                games
                    .iter()
                    .filter_map(|g| g.points())
                    .fold((HalfPoints::ZERO, HalfPoints::ZERO), |(x, y), (a, b)| {
                        (x + a, y + b)
                    })
            });
            out.push(PlayoffShown {
                round: round.number,
                published: round.is_published(),
                home: m.home_entry_id,
                away,
                score,
            });
        }
    }
    out
}

/// A play-off round not yet published or not complete.
pub fn open_playoff(l: &Loaded) -> Option<&Round> {
    l.rounds
        .iter()
        .find(|x| x.is_playoff() && !(x.is_published() && l.round_complete(x.id)))
}

/// G-V42: the entries sharing first place once every regular round is
/// complete and the play-offs played so far are counted; empty when no
/// play-off is due.
pub fn playoff_due(l: &Loaded) -> Vec<EntryId> {
    let Some(drawn) = l.drawn() else {
        return Vec::new();
    };
    if plays_groups_then_knockout(&l.ctx) || l.ctx.tournament.finished_at.is_some() {
        return Vec::new();
    }
    if !l.regular_rounds_done(&drawn) {
        return Vec::new();
    }
    let rules = l.to_rules();
    let Ok(st) = standings(&rules, &l.ctx.regulation.tie_breaks, &playoff_results(l)) else {
        return Vec::new();
    };
    playoffs_needed(&st, &l.ctx.regulation.playoff)
        .first()
        .map(|tied| tied.iter().filter_map(|t| entry_of_team(l, *t)).collect())
        .unwrap_or_default()
}

/// G-V42: pairs the play-off for a shared first place as a draft round of
/// kind `playoff`: one match between the two entries, each board playing
/// the rule's games (2) with colours reversed in the second.
pub fn pair_playoff(
    conn: &mut DbConnection,
    t: TournamentId,
    judge: PersonId,
    now: NaiveDateTime,
) -> Result<RoundId, RoundError> {
    write_transaction(conn, |conn| {
        let l = Loaded::load(conn, t)?.ok_or(PlayError::NotFound)?;
        if l.ctx.tournament.finished_at.is_some() {
            return refuse(RoundProblem::AlreadyFinished);
        }
        let drawn = l
            .drawn()
            .ok_or(PlayError::Refused(vec![RoundProblem::NotDrawn]))?;
        if let Some(open) = open_playoff(&l) {
            return refuse(RoundProblem::PreviousRoundOpen { round: open.number });
        }
        let PlayoffRule::ExtraMatch {
            games_per_pairing, ..
        } = l.ctx.regulation.playoff
        else {
            return refuse(RoundProblem::PlayoffNotNeeded);
        };
        let tied = playoff_due(&l);
        let (home, away) = match tied.as_slice() {
            [] => return refuse(RoundProblem::PlayoffNotNeeded),
            [a, b] => (*a, *b),
            more => {
                return refuse(RoundProblem::PlayoffTooMany {
                    entries: names(&l, more),
                });
            }
        };
        // A repeated play-off swaps the sides listed first.
        let before = l.rounds.iter().filter(|x| x.is_playoff()).count();
        let (home, away) = if before % 2 == 0 {
            (home, away)
        } else {
            (away, home)
        };
        let number = l.rounds.iter().map(|x| x.number).max().unwrap_or(0) + 1;
        let notes = vec![RoundNote::Playoff {
            games: games_per_pairing,
        }];
        let round = r::insert_round(
            conn,
            t,
            number,
            "playoff",
            i64::try_from(drawn.seed).ok(),
            &notes::encode(&notes),
            now,
        )?;
        insert_matches(
            conn,
            &l,
            (round, number),
            games_per_pairing.max(1),
            &[Pairing {
                home,
                away: Some(away),
                stage: STAGE_PLAYOFF,
                group: None,
            }],
        )?;
        audit::Entry::new("round.playoff", format!("tournament:{t}"))
            .actor(judge)
            .championship(l.ctx.championship_id())
            .said(
                Message::new(msg!("audit-knockout-playoff"))
                    .arg("round", number)
                    .arg("entries", names(&l, &[home, away]).join(" – ")),
            )
            .record(conn)?;
        Ok(round)
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ids::GameId;

    fn seats(ids: &[i64]) -> Vec<Seat> {
        ids.iter().copied().map(Seat).collect()
    }

    #[test]
    fn e_1_the_bracket_read_back_from_its_first_round_is_the_one_paired() {
        let a = seats(&[1, 4, 5, 8]);
        let b = seats(&[2, 3, 6, 7]);
        let paired = playoff_from_groups(&[a, b], 2, true).expect("bracket");
        let first: Vec<(Seat, Seat)> = first_matches(&paired)
            .iter()
            .filter_map(|p| Some((seat(p.home), seat(p.away?))))
            .collect();
        // A1–B2, B1–A2.
        assert_eq!(first, [(Seat(1), Seat(3)), (Seat(2), Seat(4))]);
        assert_eq!(bracket_of(&first, true), Some(paired.clone()));
        // Semi-finals first, then the match for 3rd place and the final.
        let levels = levels(&paired);
        let by_stage = |stage: Stage| {
            paired
                .matches
                .iter()
                .filter(|m| m.stage == stage)
                .map(|m| levels[&m.number])
                .collect::<Vec<_>>()
        };
        assert_eq!(by_stage(Stage::SemiFinal), [1, 1]);
        assert_eq!(by_stage(Stage::ThirdPlace), [2]);
        assert_eq!(by_stage(Stage::Final), [2]);
        // A final straight from the groups (one qualifier each).
        let only_final =
            playoff_from_groups(&[seats(&[1, 4]), seats(&[2, 3])], 1, false).expect("final");
        assert_eq!(bracket_of(&[(Seat(1), Seat(2))], false), Some(only_final));
        assert_eq!(bracket_of(&[], true), None);
    }

    #[test]
    fn e_9_an_armageddon_game_reads_from_whites_side() {
        let game = |result: &str, home_white: bool| Game {
            id: GameId(1),
            match_id: MatchId(1),
            board: 1,
            game_no: 1,
            home_player_id: None,
            away_player_id: None,
            home_white,
            result: result.to_owned(),
            reported_result: None,
            reported_by: None,
            reported_at: None,
            decided_by: None,
            decided_at: None,
            version: 0,
        };
        assert_eq!(
            from_whites_side(&game("1-0", true)),
            Some(GameResult::WhiteWins)
        );
        assert_eq!(
            from_whites_side(&game("1-0", false)),
            Some(GameResult::BlackWins)
        );
        assert_eq!(
            from_whites_side(&game("0-1", false)),
            Some(GameResult::WhiteWins)
        );
        assert_eq!(
            from_whites_side(&game("1/2", false)),
            Some(GameResult::Draw)
        );
        assert_eq!(from_whites_side(&game("pending", true)), None);
    }
}
