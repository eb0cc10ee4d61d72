//! Standings: final order, shared places and, for every pair of adjacent
//! teams, the criterion that separated them with both values.
//!
//! The order is built by refining groups of tied teams: first by the primary
//! score, then by entered play-off results (which rank above every computed
//! criterion for the places they decide), then by each tie-break of the chain
//! in turn. Group criteria (DE, EDE) are re-applied to every subset that
//! stays tied, as C.07 requires; EDE stays on the score that separated and
//! cycles through its steps (see `EdeState`). Tie-breaks that do not apply
//! to teams separate nobody and are listed in [`Standings::not_applicable`].
//! Teams still tied after the whole chain share their places ("3–4") and
//! are listed by pairing number.

use std::collections::HashMap;
use std::fmt;

use serde::{Deserialize, Serialize};
use thiserror::Error;

use super::crosstable::Crosstable;
use super::score::{HalfPoints, ScoreKind};
use super::tiebreak::{
    Context, EdeBoards, IncompleteEncounters, TbValue, TieBreak, TieBreakKind, TieBreakRules,
    bottom_board_sequence, encounters, team_values, total,
};
use super::tournament::{TeamId, Tournament, TournamentError};

/// Entered result of a play-off (extra match, armageddon…): the teams in the
/// order it decided, best first (G-V42, E-9).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct PlayoffResult {
    /// Teams, best first.
    pub order: Vec<TeamId>,
}

/// A place, possibly shared: `3` or `3–4`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct Place {
    /// Best place of the shared range.
    pub first: u32,
    /// Worst place of the shared range (equal to `first` when not shared).
    pub last: u32,
}

impl Place {
    /// True when the place is shared.
    pub fn is_shared(&self) -> bool {
        self.last > self.first
    }
}

impl fmt::Display for Place {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.is_shared() {
            write!(f, "{}–{}", self.first, self.last)
        } else {
            write!(f, "{}", self.first)
        }
    }
}

/// Part of a multi-step criterion that made the difference.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum Step {
    /// EDE on the primary score.
    Primary,
    /// EDE on the secondary score.
    Secondary,
    /// Board count (lower is better).
    BoardCount,
    /// Points on this board (TBR).
    Board(u8),
    /// Points without the bottom n boards (BBE).
    WithoutBottomBoards(u8),
}

impl fmt::Display for Step {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Step::Primary => write!(f, "primary score"),
            Step::Secondary => write!(f, "secondary score"),
            Step::BoardCount => write!(f, "board count"),
            Step::Board(b) => write!(f, "board {b}"),
            Step::WithoutBottomBoards(1) => write!(f, "without the bottom board"),
            Step::WithoutBottomBoards(n) => write!(f, "without the bottom {n} boards"),
        }
    }
}

/// The criterion that separated two adjacent teams.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub enum Criterion {
    /// The primary score.
    PrimaryScore(ScoreKind),
    /// An entered play-off result.
    PlayOff,
    /// A tie-break of the chain, with the step that decided.
    TieBreak {
        /// The tie-break.
        tie_break: TieBreak,
        /// The step, for multi-step criteria.
        step: Option<Step>,
    },
}

/// Why the team above is ahead of the team below: data for any language,
/// with an English [`fmt::Display`].
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Separation {
    /// What separated them.
    pub criterion: Criterion,
    /// Value of the team ahead.
    pub ahead: TbValue,
    /// Value of the team behind.
    pub behind: TbValue,
}

/// "ahead on Sonneborn-Berger (EGGSB): 41½ vs 39".
impl fmt::Display for Separation {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match &self.criterion {
            Criterion::PrimaryScore(k) => {
                let name = match k {
                    ScoreKind::MatchPoints => "match points",
                    ScoreKind::GamePoints => "game points",
                };
                write!(f, "ahead on {name}: {} vs {}", self.ahead, self.behind)
            }
            Criterion::PlayOff => write!(
                f,
                "ahead after the play-off: place {} vs {}",
                self.ahead, self.behind
            ),
            Criterion::TieBreak { tie_break, step } => {
                write!(f, "ahead on {}", tie_break.english_name())?;
                if let Some(s) = step {
                    write!(f, ", {s}")?;
                }
                write!(f, ": {} vs {}", self.ahead, self.behind)
            }
        }
    }
}

/// One line of the standings.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct StandingRow {
    /// The team.
    pub team: TeamId,
    /// Its place.
    pub place: Place,
    /// Match points.
    pub match_points: HalfPoints,
    /// Game points.
    pub game_points: HalfPoints,
    /// Per chain entry: the team's value. DE's value is the team's score
    /// against the teams it was tied with when DE was applied (C.07 art.
    /// 6: the criterion exists only within a tied group), `None` for a
    /// team tied with nobody there, and where DE did not apply (G-V42 b);
    /// EDE's is always `None`: its steps change the score and the group.
    pub tie_breaks: Vec<Option<TbValue>>,
}

/// The standings of a tournament.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Standings {
    /// Rows in final order.
    pub rows: Vec<StandingRow>,
    /// `gaps[i]` explains why `rows[i]` is ahead of `rows[i + 1]`; `None`
    /// when they are tied and share places.
    pub gaps: Vec<Option<Separation>>,
    /// Tie-breaks of the chain that do not apply to a team event (C.07
    /// defines them for individuals, or they need data a team event lacks):
    /// they separated nobody. [`TieBreak::english_name`] says why.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub not_applicable: Vec<TieBreak>,
}

/// Standings cannot be computed.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum RankingError {
    /// The tournament data is invalid.
    #[error(transparent)]
    Tournament(#[from] TournamentError),
    /// A play-off names a team that is not entered.
    #[error("play-off names team {0}, which is not entered")]
    UnknownPlayoffTeam(TeamId),
    /// A play-off between teams that are not tied on the primary score.
    #[error("play-off between {0} and {1}, which are not tied on the primary score")]
    PlayoffNotTied(TeamId, TeamId),
}

/// The play-offs that still break a tie (G-V42): those whose teams are
/// all level on the primary score. A play-off whose tie a later change of
/// results undid (an upheld appeal, G-D4) is moot — the results separate
/// its teams now — and is left out rather than refused.
pub fn live_playoffs(
    t: &Tournament,
    playoffs: &[PlayoffResult],
) -> Result<Vec<PlayoffResult>, RankingError> {
    if playoffs.is_empty() {
        return Ok(Vec::new());
    }
    let ct = Crosstable::build(t)?;
    let ctx = Context::new(t, super::tiebreak::Edition::default());
    let primary = |team: TeamId| {
        ct.position(team)
            .map(|pos| total(&ct.teams[pos].rounds, &ctx, t.scoring.primary))
    };
    Ok(playoffs
        .iter()
        .filter(|p| {
            // A team not entered stays, for `standings` to name it.
            let totals: Vec<_> = p.order.iter().map(|team| primary(*team)).collect();
            totals.contains(&None) || totals.windows(2).all(|w| w[0] == w[1])
        })
        .cloned()
        .collect())
}

/// Compute the standings of `t` under `rules`, with entered play-off results.
pub fn standings(
    t: &Tournament,
    rules: &TieBreakRules,
    playoffs: &[PlayoffResult],
) -> Result<Standings, RankingError> {
    let ct = Crosstable::build(t)?;
    let ctx = Context::new(t, rules.edition);
    let primary = t.scoring.primary;
    let primary_totals: Vec<HalfPoints> = ct
        .teams
        .iter()
        .map(|l| total(&l.rounds, &ctx, primary))
        .collect();
    // Play-offs: validate and index (team position → (record, place)).
    let mut playoff_of: HashMap<usize, (usize, u32)> = HashMap::new();
    for (rec, p) in playoffs.iter().enumerate() {
        let mut first: Option<usize> = None;
        for (place, team) in p.order.iter().enumerate() {
            let pos = ct
                .position(*team)
                .ok_or(RankingError::UnknownPlayoffTeam(*team))?;
            if let Some(f) = first {
                if primary_totals.get(f) != primary_totals.get(pos) {
                    return Err(RankingError::PlayoffNotTied(ct.teams[f].team, *team));
                }
            } else {
                first = Some(pos);
            }
            playoff_of.insert(pos, (rec, u32::try_from(place + 1).unwrap_or(u32::MAX)));
        }
    }
    let values: Vec<Option<Vec<TbValue>>> = rules
        .chain
        .iter()
        .map(|tb| team_values(&ct, &ctx, tb))
        .collect();
    let ranker = Ranker {
        ct: &ct,
        ctx,
        rules,
        primary,
        primary_totals: &primary_totals,
        values: &values,
        playoff_of: &playoff_of,
        encountered: std::cell::RefCell::new(HashMap::new()),
    };
    let mut order = Vec::with_capacity(ct.teams.len());
    let mut gaps = Vec::with_capacity(ct.teams.len());
    let all: Vec<usize> = (0..ct.teams.len()).collect();
    ranker.refine(all, Level::Primary, &mut order, &mut gaps);

    let mut rows: Vec<StandingRow> = order
        .iter()
        .map(|&i| {
            let line = &ct.teams[i];
            StandingRow {
                team: line.team,
                place: Place { first: 0, last: 0 },
                match_points: line.match_points,
                game_points: line.game_points,
                tie_breaks: values
                    .iter()
                    .enumerate()
                    .map(|(k, v)| match v {
                        Some(v) => v.get(i).cloned(),
                        None => ranker.encountered.borrow().get(&(k, i)).cloned(),
                    })
                    .collect(),
            }
        })
        .collect();
    let mut start = 0;
    while start < rows.len() {
        let mut end = start;
        while end + 1 < rows.len() && gaps.get(end).is_some_and(Option::is_none) {
            end += 1;
        }
        for row in rows.iter_mut().take(end + 1).skip(start) {
            row.place = Place {
                first: u32::try_from(start + 1).unwrap_or(u32::MAX),
                last: u32::try_from(end + 1).unwrap_or(u32::MAX),
            };
        }
        start = end + 1;
    }
    let not_applicable = rules
        .chain
        .iter()
        .filter(|tb| matches!(tb.kind, TieBreakKind::NotApplicable(_)))
        .copied()
        .collect();
    Ok(Standings {
        rows,
        gaps,
        not_applicable,
    })
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Level {
    Primary,
    PlayOff,
    Chain(usize),
    /// Inside an EDE of the chain (index), at a step of its cycle.
    Ede(usize, EdeState),
}

impl Level {
    fn next(self) -> Level {
        match self {
            Level::Primary => Level::PlayOff,
            Level::PlayOff => Level::Chain(0),
            Level::Chain(i) | Level::Ede(i, _) => Level::Chain(i + 1),
        }
    }
}

/// Where an EDE application stands for one group of tied teams.
///
/// EDE cycles through its steps: DE on the primary score, DE on the
/// secondary score and, for the variants with board steps, the board
/// comparison of exactly two teams. A step that separates some teams is
/// re-applied to every subgroup that stays tied, on the same score, until it
/// separates nobody more; then the next step is tried, wrapping round to the
/// primary score. The application ends for a group when a whole cycle of
/// steps has separated nobody. This is how the TEC exercises on EDE re-apply
/// it, and how the reference implementation loops over its steps.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
struct EdeState {
    /// The step to try first (0 primary, 1 secondary, 2 boards).
    step: u8,
    /// Steps tried in a row on this group without a separation.
    idle: u8,
}

struct Split {
    groups: Vec<Vec<usize>>,
    criterion: Criterion,
    values: HashMap<usize, TbValue>,
    next: Level,
}

struct Ranker<'a> {
    ct: &'a Crosstable,
    ctx: Context,
    rules: &'a TieBreakRules,
    primary: ScoreKind,
    primary_totals: &'a [HalfPoints],
    values: &'a [Option<Vec<TbValue>>],
    playoff_of: &'a HashMap<usize, (usize, u32)>,
    /// DE's value per (chain index, team), from its last application: the
    /// innermost tied group, whose values the explanations quote.
    encountered: std::cell::RefCell<HashMap<(usize, usize), TbValue>>,
}

impl Ranker<'_> {
    fn team_id(&self, i: usize) -> TeamId {
        self.ct.teams[i].team
    }

    fn refine(
        &self,
        mut group: Vec<usize>,
        level: Level,
        out: &mut Vec<usize>,
        gaps: &mut Vec<Option<Separation>>,
    ) {
        if group.len() == 1 {
            out.extend(group);
            return;
        }
        if let Level::Chain(i) | Level::Ede(i, _) = level
            && i >= self.rules.chain.len()
        {
            group.sort_by_key(|&i| self.team_id(i));
            for (k, i) in group.into_iter().enumerate() {
                if k > 0 {
                    gaps.push(None);
                }
                out.push(i);
            }
            return;
        }
        let Some(split) = self.split(&group, level) else {
            self.refine(group, level.next(), out, gaps);
            return;
        };
        for (k, sub) in split.groups.into_iter().enumerate() {
            if k == 0 {
                self.refine(sub, split.next, out, gaps);
                continue;
            }
            let ahead = out.last().copied();
            let gap_at = gaps.len();
            gaps.push(None);
            let pos = out.len();
            self.refine(sub, split.next, out, gaps);
            let behind = out.get(pos).copied();
            if let (Some(a), Some(b)) = (ahead, behind) {
                gaps[gap_at] = Some(self.separation(&split.criterion, &split.values, a, b));
            }
        }
    }

    fn separation(
        &self,
        criterion: &Criterion,
        values: &HashMap<usize, TbValue>,
        a: usize,
        b: usize,
    ) -> Separation {
        let va = values.get(&a).cloned().unwrap_or(TbValue::Count(0));
        let vb = values.get(&b).cloned().unwrap_or(TbValue::Count(0));
        // Board sequences: report the first board (or BBE step) that differs.
        if let (TbValue::Boards(x), TbValue::Boards(y)) = (&va, &vb)
            && let Criterion::TieBreak { tie_break, .. } = criterion
            && let Some(k) = x.iter().zip(y).position(|(p, q)| p != q)
        {
            let n = u8::try_from(k + 1).unwrap_or(u8::MAX);
            let step = if tie_break.kind == TieBreakKind::BottomBoardElimination {
                Step::WithoutBottomBoards(n)
            } else {
                Step::Board(n)
            };
            return Separation {
                criterion: Criterion::TieBreak {
                    tie_break: *tie_break,
                    step: Some(step),
                },
                ahead: TbValue::Points(x[k]),
                behind: TbValue::Points(y[k]),
            };
        }
        Separation {
            criterion: criterion.clone(),
            ahead: va,
            behind: vb,
        }
    }

    /// Split `group` by the criterion of `level`; `None` when it does not
    /// separate anybody.
    fn split(&self, group: &[usize], level: Level) -> Option<Split> {
        match level {
            Level::Primary => {
                let values: HashMap<usize, TbValue> = group
                    .iter()
                    .map(|&i| (i, TbValue::Points(self.primary_totals[i])))
                    .collect();
                self.split_by_values(
                    group,
                    values,
                    false,
                    Criterion::PrimaryScore(self.primary),
                    level.next(),
                )
            }
            Level::PlayOff => self.split_playoff(group),
            Level::Ede(i, state) => {
                let tb = self.rules.chain.get(i)?;
                let TieBreakKind::ExtendedDirectEncounter(boards) = tb.kind else {
                    return None;
                };
                self.extended_direct_encounter(group, tb, boards, i, state)
            }
            Level::Chain(i) => {
                let tb = self.rules.chain.get(i)?;
                match tb.kind {
                    TieBreakKind::DirectEncounter => self
                        .direct_encounter(group, self.primary, tb, None)
                        .map(|mut s| {
                            s.next = level;
                            s
                        }),
                    TieBreakKind::ExtendedDirectEncounter(boards) => self
                        .extended_direct_encounter(
                            group,
                            tb,
                            boards,
                            i,
                            EdeState { step: 0, idle: 0 },
                        ),
                    // Art. 12.1 defines the board count for teams that
                    // scored the same game points (a drawn match); C.07
                    // applies it only among such teams. A group whose game
                    // points differ is not separated by it: the teams with
                    // more game points cannot be placed by their boards,
                    // nor can those with fewer.
                    TieBreakKind::BoardCount
                        if group.windows(2).any(|w| {
                            self.ct.teams[w[0]].game_points != self.ct.teams[w[1]].game_points
                        }) =>
                    {
                        None
                    }
                    _ => {
                        let all = self.values.get(i)?.as_ref()?;
                        let values = group
                            .iter()
                            .filter_map(|&t| all.get(t).map(|v| (t, v.clone())))
                            .collect();
                        self.split_by_values(
                            group,
                            values,
                            tb.lower_is_better(),
                            Criterion::TieBreak {
                                tie_break: *tb,
                                step: None,
                            },
                            level.next(),
                        )
                    }
                }
            }
        }
    }

    fn split_by_values(
        &self,
        group: &[usize],
        values: HashMap<usize, TbValue>,
        lower_is_better: bool,
        criterion: Criterion,
        next: Level,
    ) -> Option<Split> {
        let mut sorted: Vec<usize> = group.to_vec();
        let cmp = |a: &usize, b: &usize| -> std::cmp::Ordering {
            let (Some(va), Some(vb)) = (values.get(a), values.get(b)) else {
                return std::cmp::Ordering::Equal;
            };
            let o = va.cmp_same(vb);
            if lower_is_better { o } else { o.reverse() }
        };
        sorted.sort_by(|a, b| cmp(a, b).then(self.team_id(*a).cmp(&self.team_id(*b))));
        let mut groups: Vec<Vec<usize>> = Vec::new();
        for i in sorted {
            match groups.last_mut() {
                Some(g) if g.last().is_some_and(|&l| cmp(&l, &i).is_eq()) => g.push(i),
                _ => groups.push(vec![i]),
            }
        }
        (groups.len() > 1).then_some(Split {
            groups,
            criterion,
            values,
            next,
        })
    }

    fn split_playoff(&self, group: &[usize]) -> Option<Split> {
        // Find the record with the most participants in this group.
        let mut by_record: HashMap<usize, Vec<(u32, usize)>> = HashMap::new();
        for &i in group {
            if let Some(&(rec, place)) = self.playoff_of.get(&i) {
                by_record.entry(rec).or_default().push((place, i));
            }
        }
        let (_, mut members) = by_record
            .into_iter()
            .filter(|(_, m)| m.len() >= 2)
            .min_by_key(|(rec, _)| *rec)?;
        members.sort();
        let mut groups: Vec<Vec<usize>> = members.iter().map(|&(_, i)| vec![i]).collect();
        let rest: Vec<usize> = group
            .iter()
            .copied()
            .filter(|i| !members.iter().any(|&(_, m)| m == *i))
            .collect();
        let mut values: HashMap<usize, TbValue> = members
            .iter()
            .map(|&(p, i)| (i, TbValue::Count(p)))
            .collect();
        let after = u32::try_from(members.len() + 1).unwrap_or(u32::MAX);
        for &i in &rest {
            values.insert(i, TbValue::Count(after));
        }
        if !rest.is_empty() {
            groups.push(rest);
        }
        Some(Split {
            groups,
            criterion: Criterion::PlayOff,
            values,
            next: Level::PlayOff.next(),
        })
    }

    /// One DE pass on score `k` among `group` (C.07 direct encounter). When
    /// every tied team met every other, the DE scores order them; otherwise
    /// the Swiss rule places a team only if no missing result could catch it,
    /// or, under [`IncompleteEncounters::Skip`] (G-V42 b), DE does not apply.
    fn direct_encounter(
        &self,
        group: &[usize],
        k: ScoreKind,
        tb: &TieBreak,
        step: Option<Step>,
    ) -> Option<Split> {
        // Nobody to separate (a tournament without games): `others` below
        // would underflow.
        if group.is_empty() {
            return None;
        }
        let enc: Vec<(usize, HalfPoints, usize)> = group
            .iter()
            .map(|&i| {
                let e = encounters(self.ct, &self.ctx, i, group, k, tb.predetermined);
                (i, e.value, e.met)
            })
            .collect();
        let values: HashMap<usize, TbValue> = enc
            .iter()
            .map(|&(i, v, _)| (i, TbValue::Points(v)))
            .collect();
        let criterion = Criterion::TieBreak {
            tie_break: *tb,
            step,
        };
        let others = group.len() - 1;
        let complete = enc.iter().all(|&(_, _, met)| met >= others);
        let applies = complete || self.rules.incomplete_encounters != IncompleteEncounters::Skip;
        if step.is_none()
            && applies
            && let Some(index) = self.rules.chain.iter().position(|x| x == tb)
        {
            let mut seen = self.encountered.borrow_mut();
            for (&i, v) in &values {
                seen.insert((index, i), v.clone());
            }
        }
        if complete {
            return self.split_by_values(group, values, false, criterion, Level::Primary);
        }
        if self.rules.incomplete_encounters == IncompleteEncounters::Skip {
            return None;
        }
        let best = self.ctx.best(k);
        let mut items: Vec<(usize, HalfPoints, HalfPoints)> = enc
            .iter()
            .map(|&(i, v, met)| {
                let missing = i32::try_from(others.saturating_sub(met)).unwrap_or(i32::MAX / 4);
                (i, v, v + best.times(missing))
            })
            .collect();
        items.sort_by(|a, b| {
            b.1.cmp(&a.1)
                .then(b.2.cmp(&a.2))
                .then(self.team_id(a.0).cmp(&self.team_id(b.0)))
        });
        let mut groups: Vec<Vec<usize>> = Vec::new();
        for j in 0..items.len() {
            let rest_max = items[j + 1..].iter().map(|x| x.2).max();
            match rest_max {
                Some(m) if items[j].1 <= m => {
                    groups.push(items[j..].iter().map(|x| x.0).collect());
                    break;
                }
                _ => groups.push(vec![items[j].0]),
            }
        }
        (groups.len() > 1).then_some(Split {
            groups,
            criterion,
            values,
            next: Level::Primary,
        })
    }

    /// EDE (C.07 art. 13.3): one application of the cycle described at
    /// [`EdeState`] on `group`, starting at `state`. The split it returns
    /// carries the state its subgroups continue from.
    fn extended_direct_encounter(
        &self,
        group: &[usize],
        tb: &TieBreak,
        boards: EdeBoards,
        index: usize,
        state: EdeState,
    ) -> Option<Split> {
        let steps: u8 = if boards == EdeBoards::None { 2 } else { 3 };
        let mut step = state.step % steps;
        let mut idle = state.idle;
        while idle < steps {
            let split = match step {
                0 => self.direct_encounter(group, self.primary, tb, Some(Step::Primary)),
                1 => self.direct_encounter(group, self.primary.other(), tb, Some(Step::Secondary)),
                _ => self.ede_boards(group, tb, boards),
            };
            if let Some(mut s) = split {
                s.next = Level::Ede(index, EdeState { step, idle: 0 });
                return Some(s);
            }
            idle += 1;
            step = (step + 1) % steps;
        }
        None
    }

    /// The board steps of EDEC, EDET, EDEB, EDEBT and EDEBB: they apply when
    /// exactly two teams are still tied (art. 13.3), on the board results of
    /// their encounters.
    fn ede_boards(&self, group: &[usize], tb: &TieBreak, boards: EdeBoards) -> Option<Split> {
        let &[a, b] = group else { return None };
        let ea = encounters(self.ct, &self.ctx, a, group, self.primary, tb.predetermined);
        let eb = encounters(self.ct, &self.ctx, b, group, self.primary, tb.predetermined);
        if ea.met == 0 {
            return None;
        }
        let count = |bp: &[HalfPoints]| -> HalfPoints {
            bp.iter()
                .enumerate()
                .map(|(i, p)| p.times(i32::try_from(i + 1).unwrap_or(0)))
                .sum()
        };
        let (with_count, sequence): (bool, Option<bool>) = match boards {
            EdeBoards::None => (false, None),
            EdeBoards::Count => (true, None),
            EdeBoards::TopBoard => (false, Some(true)),
            EdeBoards::BottomBoard => (false, Some(false)),
            EdeBoards::CountThenTop => (true, Some(true)),
            EdeBoards::CountThenBottom => (true, Some(false)),
        };
        let two = |ahead_first: bool, step: Step, va: HalfPoints, vb: HalfPoints| {
            let (x, y) = if ahead_first { (a, b) } else { (b, a) };
            Split {
                groups: vec![vec![x], vec![y]],
                criterion: Criterion::TieBreak {
                    tie_break: *tb,
                    step: Some(step),
                },
                values: HashMap::from([(a, TbValue::Points(va)), (b, TbValue::Points(vb))]),
                next: Level::Primary,
            }
        };
        // The board count of art. 12.1: "the lower the sum of these products,
        // the higher the ranking". Art. 13.3.2 names the knock-out
        // tie-breaks of art. 12 for the two teams EDE leaves tied, so the
        // direction is art. 12.1's: in a drawn encounter the team whose
        // points came on the higher boards (lower board numbers) is ahead.
        // The reference implementation ranks the higher sum first in this
        // step (it weights each board's points by its number and reuses its
        // direct-encounter ordering, where higher is better); we follow the
        // article, not the reference.
        if with_count {
            let (ca, cb) = (count(&ea.board_points), count(&eb.board_points));
            if ca != cb {
                return Some(two(ca < cb, Step::BoardCount, ca, cb));
            }
        }
        let top = sequence?;
        let (sa, sb) = if top {
            (ea.board_points.clone(), eb.board_points.clone())
        } else {
            (
                bottom_board_sequence(&ea.board_points),
                bottom_board_sequence(&eb.board_points),
            )
        };
        let k = sa.iter().zip(&sb).position(|(x, y)| x != y)?;
        let n = u8::try_from(k + 1).unwrap_or(u8::MAX);
        let step = if top {
            Step::Board(n)
        } else {
            Step::WithoutBottomBoards(n)
        };
        Some(two(sa[k] > sb[k], step, sa[k], sb[k]))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::score::ByeKind;
    use crate::tiebreak::{Edition, parse_list};
    use crate::tournament::PairingSystem;
    use crate::tournament::tests::{bye, m, round, tournament};

    pub(crate) fn rules(chain: &str) -> TieBreakRules {
        TieBreakRules {
            edition: Edition::C07_2026,
            chain: parse_list(chain).expect("chain"),
            incomplete_encounters: IncompleteEncounters::SwissRule,
        }
    }

    fn order(s: &Standings) -> Vec<u16> {
        s.rows.iter().map(|r| r.team.0).collect()
    }

    fn places(s: &Standings) -> Vec<String> {
        s.rows.iter().map(|r| r.place.to_string()).collect()
    }

    #[test]
    fn shared_places_when_everything_ties() {
        // Four teams, two boards, MP primary: 1 beats everyone; 2, 3, 4 draw
        // each other 1 : 1 → tied on MP (2), GP (2) and DE (2) → places 2–4.
        let mut t = tournament(PairingSystem::RoundRobin, 2, 1, 4, ScoreKind::MatchPoints);
        t.rounds = vec![
            round(1, vec![m(1, 4, 2, "11"), m(2, 3, 2, "10")]),
            round(2, vec![m(4, 3, 2, "=="), m(1, 2, 2, "11")]),
            round(3, vec![m(2, 4, 2, "=="), m(3, 1, 2, "00")]),
        ];
        let s = standings(&t, &rules("DE,MPvGP"), &[]).expect("standings");
        assert_eq!(order(&s), vec![1, 2, 3, 4]);
        assert_eq!(places(&s), vec!["1", "2–4", "2–4", "2–4"]);
        assert_eq!(s.gaps[1], None);
        assert_eq!(s.gaps[2], None);
        assert_eq!(
            s.gaps[0].as_ref().map(ToString::to_string).as_deref(),
            Some("ahead on match points: 6 vs 2")
        );
    }

    #[test]
    fn explanation_names_the_criterion_and_both_values() {
        // Team 1 and 2 tie on MP; 1 has more GP → MPvGP separates them.
        let mut t = tournament(PairingSystem::Swiss, 3, 1, 4, ScoreKind::MatchPoints);
        t.rounds = vec![
            round(1, vec![m(1, 3, 3, "111"), m(2, 4, 3, "11=")]),
            round(2, vec![m(1, 2, 3, "=10"), m(3, 4, 3, "1==")]),
        ];
        let s = standings(&t, &rules("MPvGP"), &[]).expect("standings");
        // 1: 3 + 1½ = 4½ GP, 3 MP; 2: 2½ + 1½ = 4 GP, 3 MP.
        assert_eq!(order(&s)[..2], [1, 2]);
        let gap = s.gaps[0].clone().expect("separated");
        assert_eq!(
            gap.criterion,
            Criterion::TieBreak {
                tie_break: "MPvGP".parse().expect("tb"),
                step: None
            }
        );
        assert_eq!(gap.ahead, TbValue::Points(HalfPoints(9)));
        assert_eq!(gap.behind, TbValue::Points(HalfPoints(8)));
        assert_eq!(gap.to_string(), "ahead on secondary score (MPvGP): 4½ vs 4");
    }

    #[test]
    fn playoff_ranks_above_computed_criteria() {
        let mut t = tournament(PairingSystem::Swiss, 2, 1, 2, ScoreKind::MatchPoints);
        t.rounds = vec![round(1, vec![m(1, 2, 2, "10")])];
        let without = standings(&t, &rules("BC"), &[]).expect("standings");
        // Drawn 1:1; BC: team 1 won on board 1 (1×1=1) vs team 2 on board 2 (2×1=2), lower wins.
        assert_eq!(order(&without), vec![1, 2]);
        let po = PlayoffResult {
            order: vec![TeamId(2), TeamId(1)],
        };
        let with = standings(&t, &rules("BC"), &[po]).expect("standings");
        assert_eq!(order(&with), vec![2, 1]);
        assert_eq!(
            with.gaps[0].as_ref().map(|g| &g.criterion),
            Some(&Criterion::PlayOff)
        );
        assert_eq!(places(&with), vec!["1", "2"]);
    }

    #[test]
    fn g_v42_a_play_off_whose_tie_the_results_no_longer_make_is_left_out() {
        let mut t = tournament(PairingSystem::Swiss, 2, 1, 2, ScoreKind::MatchPoints);
        let po = PlayoffResult {
            order: vec![TeamId(2), TeamId(1)],
        };
        // Drawn 1:1: the play-off breaks the tie and stands.
        t.rounds = vec![round(1, vec![m(1, 2, 2, "10")])];
        assert_eq!(
            live_playoffs(&t, std::slice::from_ref(&po)),
            Ok(vec![po.clone()])
        );
        // A game changed on appeal: team 1 wins 2:0, nothing is tied any
        // more, the play-off is moot and the results rank.
        t.rounds = vec![round(1, vec![m(1, 2, 2, "11")])];
        let live = live_playoffs(&t, std::slice::from_ref(&po)).expect("live");
        assert!(live.is_empty());
        assert_eq!(
            order(&standings(&t, &rules(""), &live).expect("standings")),
            vec![1, 2]
        );
        // A play-off naming a team not entered is still an error.
        let stranger = PlayoffResult {
            order: vec![TeamId(9), TeamId(1)],
        };
        assert_eq!(
            live_playoffs(&t, std::slice::from_ref(&stranger)).and_then(|l| standings(
                &t,
                &rules(""),
                &l
            )),
            Err(RankingError::UnknownPlayoffTeam(TeamId(9)))
        );
    }

    #[test]
    fn playoff_between_untied_teams_is_refused() {
        let mut t = tournament(PairingSystem::Swiss, 2, 1, 2, ScoreKind::MatchPoints);
        t.rounds = vec![round(1, vec![m(1, 2, 2, "11")])];
        let po = PlayoffResult {
            order: vec![TeamId(2), TeamId(1)],
        };
        assert_eq!(
            standings(&t, &rules(""), &[po]),
            Err(RankingError::PlayoffNotTied(TeamId(2), TeamId(1)))
        );
        let po = PlayoffResult {
            order: vec![TeamId(9)],
        };
        assert_eq!(
            standings(&t, &rules(""), &[po]),
            Err(RankingError::UnknownPlayoffTeam(TeamId(9)))
        );
    }

    #[test]
    fn c07_12_1_bc_applies_only_among_equal_game_points() {
        // Swiss, 4 teams, 2 boards, MP 2/1/0, 2 rounds:
        // R1 1–3 "1=", 2–4 "11"; R2 1–2 "==", 3–4 "==".
        //
        // | team | MP | GP | board 1 | board 2 | BC              |
        // |------|----|----|---------|---------|-----------------|
        // | 1    | 3  | 2½ | 1½      | 1       | 1½ + 2 × 1 = 3½ |
        // | 2    | 3  | 3  | 1½      | 1½      | 1½ + 3 = 4½     |
        // | 3    | 1  | 1½ | ½       | 1       | ½ + 2 = 2½      |
        // | 4    | 1  | 1  | ½       | ½       | ½ + 1 = 1½      |
        //
        // 1 and 2 tie on MP but not on GP, as do 3 and 4: BC separates
        // neither pair (before, 1 went ahead of 2 and 4 of 3 on BC).
        let mut t = tournament(PairingSystem::Swiss, 2, 1, 4, ScoreKind::MatchPoints);
        t.rounds = vec![
            round(1, vec![m(1, 3, 2, "1="), m(2, 4, 2, "11")]),
            round(2, vec![m(1, 2, 2, "=="), m(3, 4, 2, "==")]),
        ];
        let s = standings(&t, &rules("BC"), &[]).expect("standings");
        assert_eq!(order(&s), vec![1, 2, 3, 4]);
        assert_eq!(places(&s), vec!["1–2", "1–2", "3–4", "3–4"]);
        // The values are still shown.
        assert_eq!(
            s.rows[0].tie_breaks[0],
            Some(TbValue::Points(HalfPoints(7)))
        );
        // A later criterion decides: MPvGP puts 2 (3) ahead of 1 (2½) and
        // 3 (1½) ahead of 4 (1).
        let s = standings(&t, &rules("BC,MPvGP"), &[]).expect("standings");
        assert_eq!(order(&s), vec![2, 1, 3, 4]);
        assert_eq!(places(&s), vec!["1", "2", "3", "4"]);
        // Among teams equal on GP it still decides: 1–2 drawn 1 : 1 with 1
        // winning board 1 → 1 (BC 1) ahead of 2 (BC 2).
        let mut t = tournament(PairingSystem::Swiss, 2, 1, 2, ScoreKind::MatchPoints);
        t.rounds = vec![round(1, vec![m(1, 2, 2, "10")])];
        let s = standings(&t, &rules("BC"), &[]).expect("standings");
        assert_eq!(places(&s), vec!["1", "2"]);
    }

    #[test]
    fn c07_13_3_2_edebt_edebb_board_count_lower_sum_ranks_higher() {
        // Two teams, 2 boards, one round: 1–2 "01", drawn 1 : 1, team 2 won
        // board 1 and team 1 board 2. EDE: DE on MP 1 : 1, on GP 1 : 1;
        // exactly two teams tied → the board count of their encounter
        // (art. 12.1, lower is better): 2 = 1 × 1 = 1, 1 = 2 × 1 = 2 →
        // team 2 ahead. The reference implementation puts team 1 ahead here.
        let mut t = tournament(PairingSystem::Swiss, 2, 1, 2, ScoreKind::MatchPoints);
        t.rounds = vec![round(1, vec![m(1, 2, 2, "01")])];
        for chain in ["EDEBT", "EDEBB", "EDEC"] {
            let s = standings(&t, &rules(chain), &[]).expect("standings");
            assert_eq!(order(&s), vec![2, 1], "{chain}");
            assert_eq!(
                s.gaps[0].as_ref().map(ToString::to_string),
                Some(format!(
                    "ahead on extended direct encounter ({chain}), board count: 1 vs 2"
                ))
            );
        }
        // The mirror result "10" puts team 1 ahead.
        t.rounds = vec![round(1, vec![m(1, 2, 2, "10")])];
        let s = standings(&t, &rules("EDEBT"), &[]).expect("standings");
        assert_eq!(order(&s), vec![1, 2]);
    }

    #[test]
    fn de_complete_orders_the_tied_group_and_reapplies_to_subsets() {
        // Round robin of 4, 1 board, MP. Teams 1, 2, 3 all finish on 4 MP:
        // 1 beat 2, 2 beat 3, 3 beat 1 (a cycle, DE 2 each), all beat 4.
        // Then team 4 beat nobody. DE among {1,2,3} = 2 each → no split;
        // MPvGP equal too → shared 1–3.
        let mut t = tournament(PairingSystem::RoundRobin, 1, 1, 4, ScoreKind::MatchPoints);
        t.rounds = vec![
            round(1, vec![m(1, 2, 1, "1"), m(3, 4, 1, "1")]),
            round(2, vec![m(2, 3, 1, "1"), m(1, 4, 1, "1")]),
            round(3, vec![m(3, 1, 1, "1"), m(2, 4, 1, "1")]),
        ];
        let s = standings(&t, &rules("DE"), &[]).expect("standings");
        assert_eq!(places(&s), vec!["1–3", "1–3", "1–3", "4"]);
        // A cycle where DE on GP (EDE) splits off one team and is re-applied
        // to the other two:
        let mut t = tournament(PairingSystem::RoundRobin, 2, 1, 4, ScoreKind::MatchPoints);
        t.rounds = vec![
            // 1 beats 2 (1½:½), 2 beats 3 (2:0), 3 beats 1 (1½:½): each 2 MP in DE.
            round(1, vec![m(1, 2, 2, "1="), m(3, 4, 2, "00")]),
            round(2, vec![m(2, 3, 2, "11"), m(1, 4, 2, "00")]),
            round(3, vec![m(3, 1, 2, "1="), m(2, 4, 2, "00")]),
        ];
        // MP: 1: 2+0 = 2 … everyone lost to 4: 4 has 6 MP, 1/2/3 have 2 each.
        let s = standings(&t, &rules("DE,EDE"), &[]).expect("standings");
        assert_eq!(order(&s)[0], 4);
        // DE on MP: 2 each → tied. EDE: MP tied, then DE on GP among {1,2,3}:
        // 1: 1½ (v2) + ½ (v3) = 2; 2: ½ + 2 = 2½; 3: 0 + 1½ = 1½ → 2, 1, 3.
        assert_eq!(order(&s), vec![4, 2, 1, 3]);
        let g = s.gaps[1].clone().expect("gap 2-1");
        assert_eq!(
            g.to_string(),
            "ahead on extended direct encounter (EDE), secondary score: 2½ vs 2"
        );
    }

    #[test]
    fn c07_not_applicable_tie_breaks_separate_nobody_and_are_listed() {
        // Drawn 1 : 1; ARO cannot be computed for teams, BC then separates.
        let mut t = tournament(PairingSystem::Swiss, 2, 1, 2, ScoreKind::MatchPoints);
        t.rounds = vec![round(1, vec![m(1, 2, 2, "10")])];
        let s = standings(&t, &rules("ARO,BC"), &[]).expect("standings");
        assert_eq!(order(&s), vec![1, 2]);
        assert_eq!(s.rows[0].tie_breaks[0], None);
        assert_eq!(
            s.gaps[0].as_ref().map(|g| g.criterion.clone()),
            Some(Criterion::TieBreak {
                tie_break: "BC".parse().expect("BC"),
                step: None
            })
        );
        assert_eq!(s.not_applicable, vec!["ARO".parse().expect("ARO")]);
        assert!(
            s.not_applicable[0]
                .english_name()
                .contains("needs a rating of the team")
        );
    }

    #[test]
    fn c07_ede_reapplication_stays_on_the_score_that_separated() {
        // Round robin of five teams, 2 boards, MP 2/1/0; every team ends on
        // 4 MP. Home results per match (game points home–away):
        //   1–2 1:1, 1–3 1½:½, 1–4 1:1, 1–5 0:2, 2–3 ½:1½,
        //   2–4 1:1, 2–5 1½:½, 3–4 2:0, 3–5 ½:1½, 4–5 2:0.
        // MP: 1 = 1+2+1+0, 2 = 1+0+1+2, 3 = 0+2+2+0, 4 = 1+0+1+2,
        //     5 = 2+0+2+0: all 4.
        // GP: 1 = 3½, 2 = 4, 3 = 4½, 4 = 4, 5 = 4.
        // EDE on all five: DE on MP = totals, all 4 → on GP: 3 (4½) first,
        // {2, 4, 5} (4), 1 (3½) last.
        // Re-applied to {2, 4, 5} on GP, the score that separated them:
        //   2: 1 (v4) + 1½ (v5) = 2½; 4: 1 + 2 = 3; 5: ½ + 0 = ½ → 4, 2, 5.
        // Restarting on MP instead (as before) gave 2: 1 + 2 = 3, 4: 1 + 2
        // = 3, 5: 0 → {2, 4} tied, and their 1:1 draw left them sharing.
        let mut t = tournament(PairingSystem::RoundRobin, 2, 1, 5, ScoreKind::MatchPoints);
        t.rounds = vec![
            round(1, vec![m(1, 2, 2, "=="), m(3, 4, 2, "11")]),
            round(2, vec![m(1, 3, 2, "1="), m(4, 5, 2, "11")]),
            round(3, vec![m(1, 4, 2, "=="), m(2, 5, 2, "1=")]),
            round(4, vec![m(1, 5, 2, "00"), m(2, 3, 2, "=0")]),
            round(5, vec![m(2, 4, 2, "=="), m(3, 5, 2, "=0")]),
        ];
        let s = standings(&t, &rules("EDE"), &[]).expect("standings");
        assert_eq!(order(&s), vec![3, 4, 2, 5, 1]);
        assert_eq!(places(&s), vec!["1", "2", "3", "4", "5"]);
        assert_eq!(
            s.gaps[1].as_ref().map(ToString::to_string).as_deref(),
            Some("ahead on extended direct encounter (EDE), secondary score: 3 vs 2½")
        );
    }

    #[test]
    fn c07_de_value_is_the_score_among_the_tied_group_and_none_for_a_team_tied_with_nobody() {
        // Four teams, one board, MP primary. 1 beats all (6 MP); 2 beat 3,
        // 3 beat 4, 4 beat 2 (2 MP each, a cycle). DE among {2, 3, 4}: 2
        // each, as the explanation of a tie would quote; team 1 was tied with
        // nobody: no DE value. The same under G-V42 b (all games met).
        let mut t = tournament(PairingSystem::RoundRobin, 1, 1, 4, ScoreKind::MatchPoints);
        t.rounds = vec![
            round(1, vec![m(1, 4, 1, "1"), m(2, 3, 1, "1")]),
            round(2, vec![m(4, 3, 1, "0"), m(1, 2, 1, "1")]),
            round(3, vec![m(2, 4, 1, "0"), m(3, 1, 1, "0")]),
        ];
        for skip in [false, true] {
            let mut r = rules("DE");
            if skip {
                r.incomplete_encounters = IncompleteEncounters::Skip;
            }
            let s = standings(&t, &r, &[]).expect("standings");
            assert_eq!(places(&s), vec!["1", "2–4", "2–4", "2–4"]);
            let de: Vec<Option<TbValue>> = s.rows.iter().map(|r| r.tie_breaks[0].clone()).collect();
            let two = Some(TbValue::Points(HalfPoints::from_points(2)));
            assert_eq!(de, vec![None, two.clone(), two.clone(), two]);
        }
        // 2 beats 4 instead: 6, 4, 2, 0 MP, nobody tied, no DE value shown.
        t.rounds[2] = round(3, vec![m(2, 4, 1, "1"), m(3, 1, 1, "0")]);
        let s = standings(&t, &rules("DE"), &[]).expect("standings");
        assert!(s.rows.iter().all(|r| r.tie_breaks[0].is_none()));
    }

    #[test]
    fn incomplete_de_swiss_rule_places_only_guaranteed_leaders() {
        // Swiss, 1 board, MP 2/1/0. Teams 1, 2, 3 tied on 4 MP.
        // 1 beat 2 (met); 3 met neither. DE in {1,2,3}: 1 = 2, 2 = 0, 3 = 0;
        // maxima with one missing win each: 1 → 2 + 2 = 4 (missing 3),
        // 2 → 0 + 2 = 2, 3 → 0 + 4 = 4. Is 1 guaranteed first? Its 2 must beat
        // the others' maxima (2 and 4): no → nobody is placed, all stay tied.
        let mut t = tournament(PairingSystem::Swiss, 1, 1, 6, ScoreKind::MatchPoints);
        t.rounds = vec![
            round(1, vec![m(1, 2, 1, "1"), m(3, 4, 1, "1"), m(5, 6, 1, "1")]),
            round(2, vec![m(1, 6, 1, "1"), m(2, 4, 1, "1"), m(3, 5, 1, "1")]),
            round(3, vec![m(1, 4, 1, "0"), m(2, 5, 1, "1"), m(3, 6, 1, "0")]),
        ];
        // MP: 1 = 4, 2 = 4, 3 = 2+2+0 = 4, 4 = 0+0+2 = 2, 5 = 2+0+0 = 2, 6 = 0+0+2 = 2.
        let s = standings(&t, &rules("DE"), &[]).expect("standings");
        assert_eq!(&places(&s)[..3], &["1–3", "1–3", "1–3"]);
        // The same with G-V42's rule: DE skipped when incomplete → also tied.
        let mut r = rules("DE");
        r.incomplete_encounters = IncompleteEncounters::Skip;
        let s = standings(&t, &r, &[]).expect("standings");
        assert_eq!(&places(&s)[..3], &["1–3", "1–3", "1–3"]);
    }

    #[test]
    fn incomplete_de_swiss_rule_separates_a_sure_winner() {
        // Swiss, 1 board, MP 2/1/0, six teams, three rounds:
        // R1 1–2 1, 3–4 1, 5–6 1; R2 1–3 1, 2–5 1, 4–6 1; R3 1–6 0, 2–4 1, 3–5 1.
        // MP: 1 = 4, 2 = 4, 3 = 4, 4 = 2, 5 = 2, 6 = 2.
        // Group {1,2,3}: 1 beat 2 and 3 → DE 4; 2 and 3 met only 1 → DE 0,
        // maximum 0 + 2 (their missing match) = 2 < 4 → 1 is first whatever
        // 2–3 would give. Re-applied to {2,3}: DE 0 each, max 2 → stay tied.
        // Group {4,5,6}: 4 beat 6 (DE 2, max 4 with 4–5 missing), 5 beat 6
        // (DE 2, max 4), 6: 0 → nobody is sure to be first → 4–6 shared.
        let mut t = tournament(PairingSystem::Swiss, 1, 1, 6, ScoreKind::MatchPoints);
        t.rounds = vec![
            round(1, vec![m(1, 2, 1, "1"), m(3, 4, 1, "1"), m(5, 6, 1, "1")]),
            round(2, vec![m(1, 3, 1, "1"), m(2, 5, 1, "1"), m(4, 6, 1, "1")]),
            round(3, vec![m(1, 6, 1, "0"), m(2, 4, 1, "1"), m(3, 5, 1, "1")]),
        ];
        let s = standings(&t, &rules("DE"), &[]).expect("standings");
        assert_eq!(order(&s), vec![1, 2, 3, 4, 5, 6]);
        assert_eq!(places(&s), vec!["1", "2–3", "2–3", "4–6", "4–6", "4–6"]);
        assert_eq!(
            s.gaps[0].as_ref().map(ToString::to_string).as_deref(),
            Some("ahead on direct encounter (DE): 4 vs 0")
        );
        // Under G-V42 (DE only when complete) team 1 is not separated.
        let mut r = rules("DE");
        r.incomplete_encounters = IncompleteEncounters::Skip;
        let s = standings(&t, &r, &[]).expect("standings");
        assert_eq!(&places(&s)[..3], &["1–3", "1–3", "1–3"]);
    }

    #[test]
    fn a_bye_and_a_withdrawn_team_do_not_break_ranking() {
        let mut t = tournament(PairingSystem::Swiss, 2, 1, 3, ScoreKind::MatchPoints);
        t.rounds = vec![
            round(1, vec![m(1, 2, 2, "1="), bye(3, ByeKind::PairingAllocated)]),
            // Team 2 withdrew after round 1: absent in round 2.
            round(2, vec![m(3, 1, 2, "==")]),
        ];
        let s = standings(&t, &rules("BH:MP,EMGSB"), &[]).expect("standings");
        assert_eq!(order(&s), vec![1, 3, 2]);
    }

    mod properties {
        use super::*;
        use crate::tournament::tests::arb_tournament;
        use crate::tournament::{Pairing, Tournament};
        use proptest::prelude::*;

        const EVERYTHING: &str = "DE,EDEBT,EDEBB/P,EDEC,EMGSB/C1,EGGSB,BH:MP/C1,BH:GP/M1,BC,TBR,BBE,BERLIN,WIN,WON:GP,SSSC,SB/C1,ESB,PS/C1,REP,AOB:GP,STD,BPG,ARO,MPvGP,TPN";

        fn shuffle<T>(v: &mut [T], key: &mut impl FnMut() -> u32) {
            for i in (1..v.len()).rev() {
                let j = (key() as usize) % (i + 1);
                v.swap(i, j);
            }
        }

        fn shuffled(t: &Tournament, keys: &[u32]) -> Tournament {
            let mut s = t.clone();
            let mut k = keys.iter().cycle();
            let mut key = || k.next().copied().unwrap_or(0);
            shuffle(&mut s.teams, &mut key);
            shuffle(&mut s.players, &mut key);
            shuffle(&mut s.rounds, &mut key);
            for r in &mut s.rounds {
                shuffle(&mut r.pairings, &mut key);
                for p in &mut r.pairings {
                    if let Pairing::Match(m) = p {
                        shuffle(&mut m.games, &mut key);
                    }
                }
            }
            s
        }

        proptest! {
            /// The ranking does not depend on the order of teams, rounds,
            /// pairings or games in the input.
            #[test]
            fn ranking_does_not_depend_on_input_order(
                t in arb_tournament(),
                keys in prop::collection::vec(any::<u32>(), 1..64),
                edition_2024 in any::<bool>(),
            ) {
                let mut r = rules(EVERYTHING);
                if edition_2024 {
                    r.edition = Edition::C07_2024;
                }
                let a = standings(&t, &r, &[]).expect("standings");
                let b = standings(&shuffled(&t, &keys), &r, &[]).expect("standings");
                prop_assert_eq!(a, b);
            }

            /// Places are consistent: shared ranges cover exactly the tied rows.
            #[test]
            fn places_are_consistent_with_gaps(t in arb_tournament()) {
                let s = standings(&t, &rules(EVERYTHING), &[]).expect("standings");
                for (i, row) in s.rows.iter().enumerate() {
                    let n = u32::try_from(i + 1).unwrap_or(0);
                    prop_assert!(row.place.first <= n && n <= row.place.last);
                }
                for (i, g) in s.gaps.iter().enumerate() {
                    prop_assert_eq!(g.is_none(), s.rows[i].place == s.rows[i + 1].place);
                }
                prop_assert_eq!(s.gaps.len() + 1, s.rows.len().max(1));
            }
        }
    }
}
