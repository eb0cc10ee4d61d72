//! The two decisions of one step of C.04.6 art. 3.3.2, made exactly:
//! which upfloaters complete the top scoregroup (art. 3.5) and how the
//! resulting bracket is paired (art. 3.6).
//!
//! Both are lexicographic optimisations over perfect matchings, and both
//! are decided by a minimum-cost perfect matching whose edge costs carry
//! one digit per criterion ([`super::super::weighted`]). A cheap path is
//! tried first in each case; it returns only when it can prove that its
//! answer is the one the matching would give (every criterion at a lower
//! bound that no pairing can beat), and otherwise the matching decides.
//! The cheap path is therefore a shortcut, never an approximation.

use super::{Criterion, Engine, PairingError, PairingNote};
use crate::pairing::Colour;
use crate::pairing::matching::{BitMatrix, Oracle};
use crate::pairing::weighted::{Bands, min_cost_perfect};

/// Bits given to the positional band of one solve (art. 3.5.4 / 3.6.2).
const POSITION_BITS: u32 = 60;

/// Node budget of the depth-first shortcut of art. 3.6, per bracket team.
const SHORTCUT_NODES_PER_TEAM: u64 = 200;

/// The set chosen by art. 3.5, with what it cost in the quality criteria.
pub(super) struct UpfloaterChoice {
    /// Indices of the upfloaters, in art. 3.5.3 order.
    pub upfloaters: Vec<usize>,
    pub notes: Vec<PairingNote>,
}

impl Engine<'_> {
    /// Whether `verts` can all be paired among themselves without a rematch.
    pub(super) fn perfect(&self, verts: &[usize]) -> bool {
        if verts.len() % 2 == 1 {
            return false;
        }
        let mut g = BitMatrix::new(verts.len());
        for i in 0..verts.len() {
            for j in i + 1..verts.len() {
                if self.allowed.get(verts[i], verts[j]) {
                    g.set(i, j, true);
                }
            }
        }
        Oracle::new(&g).exposed() == 0
    }

    fn score(&self, i: usize) -> i32 {
        self.teams[i].primary
    }

    /// \[C7\]: an upfloater that was a floater in the previous round counts,
    /// except in the last two rounds.
    fn c7(&self, i: usize) -> u128 {
        u128::from(self.float_rules && self.teams[i].floated_last_round)
    }

    /// Art. 3.5: the set of upfloaters that completes the top scoregroup
    /// `residents`, chosen among the teams `lower` (every unpaired team with
    /// a lower score). The set is legal (\[C1\] in the bracket, \[C3\] for the
    /// teams left behind), has the fewest upfloaters (\[C4\]), then the
    /// highest scores taken in ascending order (\[C5\]), then leaves the
    /// following scoregroup needing the fewest upfloaters beyond its parity
    /// (\[C6\]), then has the fewest last-round floaters (\[C7\]), and is the
    /// first of those in the order of art. 3.5.3/3.5.4.
    pub(super) fn select_upfloaters(
        &self,
        residents: &[usize],
        lower: &[usize],
        oracle: &Oracle,
    ) -> Result<UpfloaterChoice, PairingError> {
        let mut lower = lower.to_vec();
        // Art. 3.5.3: descending score, then ascending TPN.
        lower.sort_by(|&a, &b| {
            self.score(b)
                .cmp(&self.score(a))
                .then(self.teams[a].tpn.cmp(&self.teams[b].tpn))
        });
        let legal = |set: &[usize]| {
            let mut bracket: Vec<usize> = residents.to_vec();
            bracket.extend_from_slice(set);
            self.perfect(&bracket) && oracle.completable_without(&bracket)
        };
        if residents.len().is_multiple_of(2) {
            // No upfloater at all is the least [C4] can be.
            if legal(&[]) {
                return Ok(UpfloaterChoice {
                    upfloaters: Vec::new(),
                    notes: Vec::new(),
                });
            }
        } else if let Some(choice) = self.single_upfloater(residents, &lower, oracle, &legal) {
            return Ok(choice);
        }
        self.select_by_matching(residents, &lower)
    }

    /// The shortcut for an odd top scoregroup: one upfloater, if any single
    /// team is legal, is the least \[C4\] can be; \[C5\] then wants it from the
    /// highest score level that has a legal one. The answer is returned only
    /// when some candidate of that level leaves the following scoregroup
    /// needing no more upfloaters than its parity (\[C6\] at its lower bound);
    /// among those \[C7\] and the TPN decide.
    fn single_upfloater(
        &self,
        residents: &[usize],
        lower: &[usize],
        oracle: &Oracle,
        legal: &dyn Fn(&[usize]) -> bool,
    ) -> Option<UpfloaterChoice> {
        let following_score = self.score(*lower.first()?);
        let mut start = 0;
        while start < lower.len() {
            let level_score = self.score(lower[start]);
            let end = start
                + lower[start..]
                    .iter()
                    .take_while(|&&i| self.score(i) == level_score)
                    .count();
            // The first candidate in ([C7], TPN) order that is legal and
            // puts [C6] at its lower bound is the least of the level.
            let mut level = lower[start..end].to_vec();
            level.sort_by_key(|&c| (self.c7(c), self.teams[c].tpn));
            let mut any_legal = false;
            let mut best = None;
            for &c in &level {
                if !legal(&[c]) {
                    continue;
                }
                any_legal = true;
                if self.c6_at_parity(residents, lower, following_score, c, oracle) {
                    best = Some(c);
                    break;
                }
            }
            if !any_legal {
                start = end;
                continue;
            }
            let best = best?;
            let mut notes = Vec::new();
            if self.c7(best) > 0 {
                notes.push(self.c7_note(residents, 1));
            }
            return Some(UpfloaterChoice {
                upfloaters: vec![best],
                notes,
            });
        }
        None
    }

    /// \[C6\] at its lower bound for the single upfloater `c`: what is left of
    /// the following scoregroup pairs among itself (even), or with exactly
    /// one team from below (odd), and the teams below stay pairable (\[C3\]).
    fn c6_at_parity(
        &self,
        residents: &[usize],
        lower: &[usize],
        following_score: i32,
        c: usize,
        oracle: &Oracle,
    ) -> bool {
        let following: Vec<usize> = lower
            .iter()
            .copied()
            .filter(|&i| i != c && self.score(i) == following_score)
            .collect();
        if following.is_empty() {
            return true;
        }
        let mut gone: Vec<usize> = residents.to_vec();
        gone.push(c);
        gone.extend_from_slice(&following);
        if following.len().is_multiple_of(2) {
            return self.perfect(&following) && oracle.completable_without(&gone);
        }
        let mut group = following.clone();
        for &d in lower.iter().filter(|&&d| self.score(d) < following_score) {
            if d == c || !following.iter().any(|&f| self.allowed.get(f, d)) {
                continue;
            }
            group.push(d);
            gone.push(d);
            let ok = self.perfect(&group) && oracle.completable_without(&gone);
            group.pop();
            gone.pop();
            if ok {
                return true;
            }
        }
        false
    }

    fn c7_note(&self, residents: &[usize], count: u128) -> PairingNote {
        PairingNote {
            criterion: Criterion::C7RepeatedFloat,
            detail: format!(
                "score group {}: {count} upfloater(s) also floated in the previous round",
                f64::from(self.score(residents[0])) / 2.0
            ),
        }
    }

    /// Art. 3.5 decided by one minimum-cost perfect matching of all unpaired
    /// teams (residents first), per edge the digits, most significant first:
    ///
    /// - \[C4\] 1 on a resident–lower edge (that lower team floats up);
    /// - \[C5\] on such an edge `base^j`, `j` the rank of the upfloater's score
    ///   level from the top (0: the following scoregroup): with the number
    ///   of upfloaters fixed, the least total has the fewest upfloaters on
    ///   the lowest level, then on the next one, … — the highest scores in
    ///   ascending order;
    /// - \[C6\] 1 on an edge between the following scoregroup and a team below
    ///   it: in the rest of the matching those are the upfloaters the
    ///   following scoregroup will need, so the least total is the fewest it
    ///   can need once this set has gone up (its parity is the same for all
    ///   sets equal on \[C5\]);
    /// - \[C7\] 1 on a resident–lower edge whose lower team floated last round;
    /// - art. 3.5.4 a positional digit per candidate, the earlier in the
    ///   art. 3.5.3 order the cheaper, so that among equal sets the least
    ///   total contains the first team of their difference. When the
    ///   candidates are too many for one digit band, they are taken in
    ///   chunks and each chunk's decisions are fixed before the next solve.
    ///
    /// Why the matching is the whole field: a set is legal when the bracket
    /// and the teams left behind can both be paired, that is when one
    /// perfect matching of all the unpaired teams pairs the residents with
    /// each other and with exactly that set. With the fewest upfloaters no
    /// two upfloaters ever meet each other (dropping both would leave a
    /// smaller legal set), so the upfloaters are exactly the lower teams
    /// matched to residents.
    pub(super) fn select_by_matching(
        &self,
        residents: &[usize],
        lower: &[usize],
    ) -> Result<UpfloaterChoice, PairingError> {
        let mut search = UpfloaterMatching::new(self, residents, lower);
        loop {
            let Some((bands, chunk_len)) = search.layout() else {
                search.narrow_digits()?;
                continue;
            };
            let cost = |a, b| search.cost(&bands, chunk_len, a, b);
            let Some((mate, total)) = min_cost_perfect(search.verts.len(), &bands, cost) else {
                return Err(no_legal_set());
            };
            let chosen = search.chosen(&mate);
            search.learn_count(chosen.len() as u128);
            let end = search.chunk_start + chunk_len;
            if chosen.iter().all(|&q| q < end) || end == lower.len() {
                let notes = search.notes(chosen.len() as u128, &mate, &bands.unpack(total));
                return Ok(UpfloaterChoice {
                    upfloaters: chosen.iter().map(|&q| lower[q]).collect(),
                    notes,
                });
            }
            search.fix_chunk(end, &mate);
        }
    }

    /// \[C4\] alone: the least number of upfloaters of any legal set whose
    /// members `may_float` (by position in `lower`); None when there is no
    /// such set.
    fn least_upfloaters(
        &self,
        residents: &[usize],
        lower: &[usize],
        may_float: &dyn Fn(usize) -> bool,
    ) -> Option<u128> {
        let r = residents.len();
        let verts: Vec<usize> = residents.iter().chain(lower).copied().collect();
        let bands = Bands::new(&[r as u128]).expect("one small band fits");
        let (_, total) = min_cost_perfect(verts.len(), &bands, |a, b| {
            let (a, b) = (a.min(b), a.max(b));
            if !self.allowed.get(verts[a], verts[b]) || (a < r && b >= r && !may_float(b - r)) {
                None
            } else {
                Some(u128::from(a < r && b >= r))
            }
        })?;
        Some(total)
    }

    /// \[C8\]/\[C9\]/\[C10\] of pairing `a` with `b`, as (c8, c9, c10).
    pub(super) fn pair_cost(&self, a: usize, b: usize) -> (u64, u64, u64) {
        let (ta, tb) = (self.teams[a], self.teams[b]);
        let (pa, pb) = (ta.preference, tb.preference);
        // Two teams wanting the same colour: one of them does not get it
        // ([C8]); when both wanted it strongly, a strong one is lost ([C9]).
        // Any other pair gets what it wants (art. 4.3.2–4.3.4).
        let same = pa.colour.is_some() && pa.colour == pb.colour;
        let c8 = u64::from(same);
        let c9 = u64::from(same && pa.strong && pb.strong);
        // [C10]: the opponent of an upfloater (the higher-scored team of a
        // pair of different scores) floated in the previous round.
        let c10 = if self.float_rules && ta.primary != tb.primary {
            let opponent = if ta.primary > tb.primary { ta } else { tb };
            u64::from(opponent.floated_last_round)
        } else {
            0
        };
        (c8, c9, c10)
    }

    /// Art. 3.6: among the pairings of `bracket` (in TPN order) without a
    /// rematch, those with the fewest unfulfilled colour preferences (\[C8\]),
    /// then strong ones (\[C9\]), then floaters facing upfloaters (\[C10\]); of
    /// these the first in the order of the identifier (art. 3.6.2: the
    /// top members' TPNs ascending, then each top member's bottom member).
    pub(super) fn pair_bracket(
        &self,
        bracket: &[usize],
    ) -> (Vec<(usize, usize)>, Vec<PairingNote>) {
        let m = bracket.len();
        if m == 0 {
            return (Vec::new(), Vec::new());
        }
        let mut local = BitMatrix::new(m);
        for i in 0..m {
            for j in i + 1..m {
                if self.allowed.get(bracket[i], bracket[j]) {
                    local.set(i, j, true);
                }
            }
        }
        let costs: Vec<(u64, u64, u64)> = (0..m * m)
            .map(|x| {
                let (i, j) = (x / m, x % m);
                if i != j && local.get(i, j) {
                    self.pair_cost(bracket[i], bracket[j])
                } else {
                    (0, 0, 0)
                }
            })
            .collect();
        let prefs: Vec<(Option<Colour>, bool)> = bracket
            .iter()
            .map(|&i| {
                let p = self.teams[i].preference;
                (p.colour, p.strong)
            })
            .collect();
        let found = LexSearch::run(&local, &costs, &prefs, m as u64 * SHORTCUT_NODES_PER_TEAM)
            .unwrap_or_else(|| lexicographic_min_cost(m, &local, &costs));
        let c8: u64 = found.iter().map(|&(a, b)| costs[a * m + b].0).sum();
        let mut notes = Vec::new();
        if c8 > 0 {
            notes.push(PairingNote {
                criterion: Criterion::C8ColourPreference,
                detail: format!(
                    "{c8} team(s) of the bracket headed by TPN {} do not get their preferred \
                     colour",
                    self.teams[bracket[0]].tpn
                ),
            });
        }
        (
            found
                .into_iter()
                .map(|(a, b)| (bracket[a], bracket[b]))
                .collect(),
            notes,
        )
    }
}

/// The state of art. 3.5 decided by matchings
/// ([`Engine::select_by_matching`]): the vertices are the residents, then the
/// lower teams; a lower team is named by its position `q` in `lower`.
struct UpfloaterMatching<'e, 'a> {
    engine: &'e Engine<'a>,
    residents: &'e [usize],
    lower: &'e [usize],
    /// Residents, then lower teams.
    verts: Vec<usize>,
    /// Per lower position, the rank of its score level from the top (0: the
    /// following scoregroup).
    level: Vec<u32>,
    levels: u32,
    /// Per lower position, whether it is in the following scoregroup.
    in_following: Vec<bool>,
    following_len: u128,
    /// Decisions of earlier chunks (art. 3.5.4), per lower position.
    forced_in: Vec<bool>,
    forced_out: Vec<bool>,
    /// The first lower position the positional band of this solve covers.
    chunk_start: usize,
    /// An upper bound of the number of upfloaters (\[C4\]), exact once
    /// `known_k`.
    k_bound: u128,
    known_k: bool,
    /// The deepest score level an upfloater may come from: all of them,
    /// unless the \[C5\] digits do not fit (see `narrow_digits`).
    deepest: u32,
    known_depth: bool,
}

impl<'e, 'a> UpfloaterMatching<'e, 'a> {
    fn new(
        engine: &'e Engine<'a>,
        residents: &'e [usize],
        lower: &'e [usize],
    ) -> UpfloaterMatching<'e, 'a> {
        let nl = lower.len();
        let following_score = lower.first().map(|&i| engine.score(i));
        let mut level = vec![0u32; nl];
        for q in 1..nl {
            level[q] =
                level[q - 1] + u32::from(engine.score(lower[q]) != engine.score(lower[q - 1]));
        }
        let levels = level.last().map_or(0, |&l| l + 1);
        let in_following: Vec<bool> = lower
            .iter()
            .map(|&i| Some(engine.score(i)) == following_score)
            .collect();
        let following_len = in_following.iter().filter(|&&f| f).count() as u128;
        UpfloaterMatching {
            engine,
            residents,
            lower,
            verts: residents.iter().chain(lower).copied().collect(),
            level,
            levels,
            in_following,
            following_len,
            forced_in: vec![false; nl],
            forced_out: vec![false; nl],
            chunk_start: 0,
            k_bound: residents.len() as u128,
            known_k: false,
            deepest: levels.saturating_sub(1),
            known_depth: false,
        }
    }

    /// The base of the \[C5\] digits: above any number of upfloaters.
    fn base(&self) -> u128 {
        self.k_bound + 1
    }

    /// The digit bands of one solve (\[C4\], \[C5\], \[C6\], \[C7\], position)
    /// with the widest positional band that fits with the criteria, and
    /// that band's width; None when even one position does not fit.
    fn layout(&self) -> Option<(Bands, usize)> {
        let k_bound = self.k_bound;
        let fixed = self
            .base()
            .checked_pow(self.deepest)
            .and_then(|p| p.checked_mul(k_bound))
            .map(|c5| [k_bound, c5, self.following_len, k_bound])?;
        let widest = (self.lower.len() - self.chunk_start).min(POSITION_BITS as usize);
        (widest.min(1)..=widest).rev().find_map(|len| {
            let pos_bound = k_bound.checked_mul(1u128 << len)?;
            let bands = Bands::new(&[fixed[0], fixed[1], fixed[2], fixed[3], pos_bound])?;
            Some((bands, len))
        })
    }

    /// Make the digits fit when [`Self::layout`] found no room: learn the
    /// least number of upfloaters, then the deepest level they need come
    /// from; an error when both are known and the digits still do not fit.
    fn narrow_digits(&mut self) -> Result<(), PairingError> {
        let engine = self.engine;
        if !self.known_k {
            // Learn the least number of upfloaters first: the [C5] digits
            // then need a smaller base.
            self.k_bound = engine
                .least_upfloaters(self.residents, self.lower, &|_| true)
                .ok_or_else(no_legal_set)?
                .max(1);
            self.known_k = true;
            return Ok(());
        }
        if !self.known_depth {
            // [C5] compares the upfloaters' levels from the lowest: no set
            // of the least size that reaches deeper than the shallowest such
            // set can be best, so the digits are needed only down to that
            // level.
            let level = &self.level;
            self.deepest = (0..self.levels)
                .find(|&d| {
                    engine.least_upfloaters(self.residents, self.lower, &|q| level[q] <= d)
                        == Some(self.k_bound)
                })
                .unwrap_or(self.deepest);
            self.known_depth = true;
            return Ok(());
        }
        Err(PairingError::Invalid(format!(
            "score group {}: {} upfloaters from {} score levels exceed the weight range of \
             the matching",
            f64::from(engine.score(self.residents[0])) / 2.0,
            self.k_bound,
            self.deepest + 1
        )))
    }

    /// The cost of the edge between vertices `a` and `b`, None when they may
    /// not meet: the digits of [`Engine::select_by_matching`].
    fn cost(&self, bands: &Bands, chunk_len: usize, a: usize, b: usize) -> Option<u128> {
        let r = self.residents.len();
        let (a, b) = (a.min(b), a.max(b));
        if !self.engine.allowed.get(self.verts[a], self.verts[b]) {
            return None;
        }
        if b < r {
            return Some(0);
        }
        let qb = b - r;
        if a < r {
            // A resident meets lower team qb: qb floats up.
            if self.forced_out[qb] || self.level[qb] > self.deepest {
                return None;
            }
            let pos = self.position_digit(chunk_len, qb);
            let c5 = self.base().pow(self.level[qb]);
            let c7 = self.engine.c7(self.lower[qb]);
            return Some(bands.pack(&[1, c5, 0, c7, pos]));
        }
        let qa = a - r;
        if self.forced_in[qa] || self.forced_in[qb] {
            return None;
        }
        let c6 = u128::from(self.in_following[qa] != self.in_following[qb]);
        Some(bands.pack(&[0, 0, c6, 0, 0]))
    }

    /// Art. 3.5.4: the positional digit of upfloater `q`, the earlier in the
    /// chunk the cheaper; decided positions cost nothing, later ones the most.
    fn position_digit(&self, chunk_len: usize, q: usize) -> u128 {
        let top = 1u128 << chunk_len;
        if q < self.chunk_start {
            0
        } else if q < self.chunk_start + chunk_len {
            top - (1u128 << (chunk_len - 1 - (q - self.chunk_start)))
        } else {
            top
        }
    }

    /// The lower positions matched to residents: the upfloaters.
    fn chosen(&self, mate: &[usize]) -> Vec<usize> {
        let r = self.residents.len();
        (0..self.lower.len()).filter(|&q| mate[r + q] < r).collect()
    }

    /// The digits are exact with any base above the true count; a tighter
    /// base widens the positional band next time.
    fn learn_count(&mut self, k: u128) {
        if !self.known_k && k < self.k_bound {
            self.k_bound = k.max(1);
            self.known_k = true;
        }
    }

    /// Fix the decisions of the chunk that ends at `end` for the next solves.
    fn fix_chunk(&mut self, end: usize, mate: &[usize]) {
        let r = self.residents.len();
        for q in self.chunk_start..end {
            if mate[r + q] < r {
                self.forced_in[q] = true;
            } else {
                self.forced_out[q] = true;
            }
        }
        self.chunk_start = end;
    }

    /// What the chosen set costs in \[C4\]/\[C5\], \[C6\] and \[C7\]: `k`
    /// upfloaters, the matching `mate` and the `digits` of its total.
    fn notes(&self, k: u128, mate: &[usize], digits: &[u128]) -> Vec<PairingNote> {
        let engine = self.engine;
        let r = self.residents.len();
        let group = f64::from(engine.score(self.residents[0])) / 2.0;
        let mut notes = Vec::new();
        let parity = (r % 2) as u128;
        if k > parity {
            notes.push(PairingNote {
                criterion: Criterion::C4C5Upfloaters,
                detail: format!("score group {group}: {k} upfloaters instead of {parity}"),
            });
        }
        let left_in_following = self
            .in_following
            .iter()
            .zip(&mate[r..])
            .filter(|&(&f, &m)| f && m >= r)
            .count();
        let c6_parity = (left_in_following % 2) as u128;
        if digits[2] > c6_parity {
            notes.push(PairingNote {
                criterion: Criterion::C4C5Upfloaters,
                detail: format!(
                    "score group {group}: the following score group is left needing {} \
                     upfloaters ([C6])",
                    digits[2]
                ),
            });
        }
        if digits[3] > 0 {
            notes.push(engine.c7_note(self.residents, digits[3]));
        }
        notes
    }
}

/// Art. 3.6 by matchings: the least (\[C8\], \[C9\], \[C10\]) and, with those
/// digits kept at their optimum, first the lexicographically first set of
/// top members, then each top member's least bottom member in turn.
/// `costs` is the m×m table of criteria per allowed pair.
pub(super) fn lexicographic_min_cost(
    m: usize,
    local: &BitMatrix,
    costs: &[(u64, u64, u64)],
) -> Vec<(usize, usize)> {
    let h = m / 2;
    let half = (m / 2) as u128;
    // Criteria bounds: each count is at most one per pair.
    let criteria = [half, half, half];
    // Phase A: which teams are top members (partner with a larger TPN).
    // Per team: Some(true) top, Some(false) bottom, None undecided.
    let mut role: Vec<Option<bool>> = vec![None; m];
    let mut start = 0;
    while start < m {
        let len = (m - start).min(POSITION_BITS as usize);
        let top = 1u128 << len;
        let bands = Bands::new(&[criteria[0], criteria[1], criteria[2], half * top])
            .expect("the criteria and one positional band fit");
        let cost = |a: usize, b: usize| -> Option<u128> {
            let (i, j) = (a.min(b), a.max(b));
            if !local.get(i, j) || role[i] == Some(false) || role[j] == Some(true) {
                return None;
            }
            let (c8, c9, c10) = costs[i * m + j];
            let pos = if i < start {
                0
            } else if i < start + len {
                top - (1u128 << (len - 1 - (i - start)))
            } else {
                top
            };
            Some(bands.pack(&[u128::from(c8), u128::from(c9), u128::from(c10), pos]))
        };
        let (mate, _) = min_cost_perfect(m, &bands, cost).expect("the bracket is pairable");
        for (i, r) in role.iter_mut().enumerate().skip(start).take(len) {
            *r = Some(mate[i] > i);
        }
        start += len;
        let tops = role.iter().filter(|&&r| r == Some(true)).count();
        if tops == h {
            for r in role.iter_mut().skip(start) {
                *r = Some(false);
            }
            break;
        }
    }
    let tops: Vec<usize> = (0..m).filter(|&i| role[i] == Some(true)).collect();
    let bottoms: Vec<usize> = (0..m).filter(|&i| role[i] == Some(false)).collect();
    let mut rank = vec![0usize; m];
    for (r, &b) in bottoms.iter().enumerate() {
        rank[b] = r;
    }
    // Phase B: the tops' bottom members in the tops' order, a base-h digit
    // per top of the chunk, the first top most significant.
    let mut fixed: Vec<Option<usize>> = vec![None; m];
    let digits_per_solve =
        (POSITION_BITS / (usize::BITS - h.max(2).leading_zeros())).max(1) as usize;
    let mut q = 0;
    while q < h {
        let chunk = &tops[q..(q + digits_per_solve).min(h)];
        let hb = h as u128;
        let span = hb.pow(chunk.len() as u32);
        let bands = Bands::new(&[criteria[0], criteria[1], criteria[2], span])
            .expect("the criteria and one positional band fit");
        let place = |t: usize| chunk.iter().position(|&x| x == t);
        let taken: Vec<bool> = {
            let mut taken = vec![false; m];
            for b in fixed.iter().flatten() {
                taken[*b] = true;
            }
            taken
        };
        let cost = |a: usize, b: usize| -> Option<u128> {
            let (i, j) = (a.min(b), a.max(b));
            if !local.get(i, j) || role[i] != Some(true) || role[j] != Some(false) {
                return None;
            }
            match fixed[i] {
                Some(f) if f != j => return None,
                None if taken[j] => return None,
                _ => {}
            }
            let (c8, c9, c10) = costs[i * m + j];
            let pos = place(i).map_or(0, |p| {
                rank[j] as u128 * hb.pow((chunk.len() - 1 - p) as u32)
            });
            Some(bands.pack(&[u128::from(c8), u128::from(c9), u128::from(c10), pos]))
        };
        let (mate, _) = min_cost_perfect(m, &bands, cost).expect("the tops can be paired");
        for &t in chunk {
            fixed[t] = Some(mate[t]);
        }
        q += chunk.len();
    }
    tops.iter()
        .map(|&t| (t, fixed[t].expect("every top paired")))
        .collect()
}

/// The depth-first shortcut of art. 3.6: walks the pairings in identifier
/// order and stops at the first one whose (\[C8\], \[C9\], \[C10\]) equals a
/// lower bound that no pairing can beat. Such a pairing is the answer of
/// [`lexicographic_min_cost`]; when the bound is not reached within the
/// node budget, the caller asks the matching instead.
pub(super) struct LexSearch<'a> {
    local: &'a BitMatrix,
    costs: &'a [(u64, u64, u64)],
    prefs: &'a [(Option<Colour>, bool)],
    m: usize,
    weight: u64,
    target: u64,
    nodes_left: u64,
    tops: Vec<usize>,
    bottoms: Vec<usize>,
    result: Option<Vec<(usize, usize)>>,
}

impl<'a> LexSearch<'a> {
    pub(super) fn run(
        local: &'a BitMatrix,
        costs: &'a [(u64, u64, u64)],
        prefs: &'a [(Option<Colour>, bool)],
        budget: u64,
    ) -> Option<Vec<(usize, usize)>> {
        let m = prefs.len();
        let mut search = LexSearch {
            local,
            costs,
            prefs,
            m,
            weight: m as u64 + 1,
            target: 0,
            nodes_left: budget,
            tops: Vec::with_capacity(m / 2),
            bottoms: Vec::with_capacity(m / 2),
            result: None,
        };
        let all: Vec<usize> = (0..m).collect();
        search.target = search.bound(&all, &[]);
        search.choose_tops(0);
        search.result
    }

    fn packed(&self, c: (u64, u64, u64)) -> u64 {
        c.0 * self.weight * self.weight + c.1 * self.weight + c.2
    }

    fn done(&self) -> bool {
        self.nodes_left == 0 || self.result.is_some()
    }

    /// Least (\[C8\], \[C9\]) of pairing `tops` with `bottoms` (empty `bottoms`:
    /// any pairing among `tops`): teams wanting one colour beyond the
    /// number of partners not wanting it must meet each other. \[C10\] is
    /// bounded by 0.
    fn bound(&self, tops: &[usize], bottoms: &[usize]) -> u64 {
        let count = |set: &[usize], colour: Colour, strong: bool| {
            set.iter()
                .filter(|&&i| {
                    let (c, s) = self.prefs[i];
                    c == Some(colour) && (!strong || s)
                })
                .count() as i64
        };
        let mut c8 = 0;
        let mut c9 = 0;
        for colour in [Colour::White, Colour::Black] {
            if bottoms.is_empty() {
                let n = tops.len() as i64;
                let w = count(tops, colour, false);
                c8 += (w - (n - w)).max(0) / 2;
                let s = count(tops, colour, true);
                c9 += (s - (n - s)).max(0) / 2;
            } else {
                let (nt, nb) = (tops.len() as i64, bottoms.len() as i64);
                let (wt, wb) = (count(tops, colour, false), count(bottoms, colour, false));
                c8 += (wt - (nb - wb)).max(wb - (nt - wt)).max(0);
                let (st, sb) = (count(tops, colour, true), count(bottoms, colour, true));
                c9 += (st - (nb - sb)).max(sb - (nt - st)).max(0);
            }
        }
        self.packed((c8 as u64, c9 as u64, 0))
    }

    /// Top-member sets in lexicographic order: a team is made a top member
    /// before it is tried as a bottom member.
    fn choose_tops(&mut self, pos: usize) {
        if self.done() {
            return;
        }
        self.nodes_left -= 1;
        let half = self.m / 2;
        if pos == self.m {
            if self.tops_feasible() {
                let tops = self.tops.clone();
                let bottoms = self.bottoms.clone();
                let mut used = vec![false; self.m];
                let mut pairs = Vec::with_capacity(half);
                self.choose_bottoms(&tops, &bottoms, 0, &mut used, &mut pairs, 0);
            }
            return;
        }
        if self.tops.len() < half {
            self.tops.push(pos);
            self.choose_tops(pos + 1);
            self.tops.pop();
        }
        if self.bottoms.len() < self.tops.len() && pos > 0 {
            self.bottoms.push(pos);
            self.choose_tops(pos + 1);
            self.bottoms.pop();
        }
    }

    /// Every top member can get its own bottom member with a larger TPN
    /// that it may meet (bipartite matching, Kuhn).
    fn tops_feasible(&self) -> bool {
        let nb = self.bottoms.len();
        let mut owner = vec![usize::MAX; nb];
        for (ti, &t) in self.tops.iter().enumerate() {
            let mut seen = vec![false; nb];
            if !self.kuhn(ti, t, &mut owner, &mut seen) {
                return false;
            }
        }
        true
    }

    fn kuhn(&self, ti: usize, t: usize, owner: &mut [usize], seen: &mut [bool]) -> bool {
        for (bi, &b) in self.bottoms.iter().enumerate() {
            if b > t && self.local.get(t, b) && !seen[bi] {
                seen[bi] = true;
                if owner[bi] == usize::MAX || {
                    let other = owner[bi];
                    self.kuhn(other, self.tops[other], owner, seen)
                } {
                    owner[bi] = ti;
                    return true;
                }
            }
        }
        false
    }

    fn choose_bottoms(
        &mut self,
        tops: &[usize],
        bottoms: &[usize],
        j: usize,
        used: &mut [bool],
        pairs: &mut Vec<(usize, usize)>,
        cost: u64,
    ) {
        if self.done() {
            return;
        }
        if j == tops.len() {
            if cost <= self.target {
                self.result = Some(pairs.clone());
            }
            return;
        }
        self.nodes_left -= 1;
        let rest_bottoms: Vec<usize> = bottoms.iter().copied().filter(|&b| !used[b]).collect();
        if cost + self.bound(&tops[j..], &rest_bottoms) > self.target {
            return;
        }
        let t = tops[j];
        for &b in bottoms {
            if used[b] || b <= t || !self.local.get(t, b) {
                continue;
            }
            let step = self.packed(self.costs[t * self.m + b]);
            if cost + step > self.target {
                continue;
            }
            used[b] = true;
            pairs.push((t, b));
            self.choose_bottoms(tops, bottoms, j + 1, used, pairs, cost + step);
            pairs.pop();
            used[b] = false;
            if self.done() {
                return;
            }
        }
    }
}

fn no_legal_set() -> PairingError {
    PairingError::impossible(
        Criterion::C3Completion,
        "no set of upfloaters leaves the other teams a legal pairing",
    )
}
