//! Maximum-weight matching on a general graph (Edmonds' weighted blossom
//! algorithm with Gabow's O(n³) bookkeeping), and on top of it the
//! lexicographic minimum-cost perfect matching that the Swiss engine uses to
//! decide C.04.6 criteria exactly.
//!
//! # Weights as bands of digits
//! Every criterion the engine optimises is a count summed over the pairs of
//! a pairing (teams whose colour preference is not met, upfloaters, …).
//! Comparing two pairings criterion by criterion, highest criterion first,
//! is the same as comparing one integer per pairing in which each criterion
//! is a digit of a mixed-radix number, the highest criterion the most
//! significant digit, provided each digit's base exceeds the largest total
//! that criterion can reach in any matching (then no digit carries into the
//! next). [`Bands`] builds that number for an edge from its digits;
//! [`min_cost_perfect`] returns a perfect matching whose total is least,
//! hence least in the lexicographic order of the criteria.
//!
//! The dual variables are kept as integers by doubling the edge weights
//! (the usual device: every edge slack is then even where it must be
//! halved). Weights are `i128`; [`Bands::new`] refuses a band layout whose
//! largest possible total does not fit with the head-room the algorithm
//! needs, and the caller then splits its least significant band over
//! several solves.

use std::collections::VecDeque;

pub(crate) type Weight = i128;

/// The largest total cost a band layout may reach: leaves room for the
/// cardinality term (one per pair, up to 2^10 pairs) and for the duals.
const MAX_COST_BITS: u32 = 112;

/// A mixed-radix layout: the digit of band 0 is the most significant.
#[derive(Debug, Clone)]
pub(crate) struct Bands {
    /// Place value of each band's digit.
    place: Vec<u128>,
    /// One more than the largest total any matching can reach.
    limit: u128,
}

impl Bands {
    /// `bounds[i]`: the largest total band `i` can reach over a matching.
    /// `None` when the layout needs more than [`MAX_COST_BITS`] bits.
    pub(crate) fn new(bounds: &[u128]) -> Option<Bands> {
        let mut place = vec![0u128; bounds.len()];
        let mut value: u128 = 1;
        for i in (0..bounds.len()).rev() {
            place[i] = value;
            value = value.checked_mul(bounds[i].checked_add(1)?)?;
            if value >= 1u128 << MAX_COST_BITS {
                return None;
            }
        }
        Some(Bands {
            place,
            limit: value,
        })
    }

    /// The packed cost of an edge with these digits (one per band, each at
    /// most its band's bound).
    pub(crate) fn pack(&self, digits: &[u128]) -> u128 {
        digits.iter().zip(&self.place).map(|(d, p)| d * p).sum()
    }

    /// Splits a packed total back into its digits.
    pub(crate) fn unpack(&self, mut total: u128) -> Vec<u128> {
        self.place
            .iter()
            .map(|&p| {
                let d = total / p;
                total %= p;
                d
            })
            .collect()
    }
}

/// A minimum-cost perfect matching of `n` vertices, where `cost(a, b)` is
/// the packed cost of the edge a–b (`None`: no edge) and every cost is
/// below `bands.limit`. Returns the mates and the total cost, or `None`
/// when the graph has no perfect matching.
pub(crate) fn min_cost_perfect(
    n: usize,
    bands: &Bands,
    cost: impl Fn(usize, usize) -> Option<u128>,
) -> Option<(Vec<usize>, u128)> {
    if !n.is_multiple_of(2) {
        return None;
    }
    if n == 0 {
        return Some((Vec::new(), 0));
    }
    // A pair is worth `big` less its cost: `big` exceeds every matching's
    // total cost, so one more pair always outweighs any saving in cost and
    // a maximum-weight matching is a maximum matching of least cost.
    let big = bands.limit as Weight;
    let mut weights = vec![0 as Weight; n * n];
    for a in 0..n {
        for b in a + 1..n {
            if let Some(c) = cost(a, b) {
                debug_assert!(c < bands.limit);
                let w = big - c as Weight;
                weights[a * n + b] = w;
                weights[b * n + a] = w;
            }
        }
    }
    let mate = max_weight_matching(n, &weights);
    let mut total = 0u128;
    for (a, &m) in mate.iter().enumerate() {
        let b = m?;
        if a < b {
            total += cost(a, b).expect("matched along an edge");
        }
    }
    Some((
        mate.into_iter().map(|m| m.expect("perfect")).collect(),
        total,
    ))
}

/// Maximum-weight matching of `n` vertices; `weights` is the n×n matrix
/// of edge weights, 0 where there is no edge (weights must be positive).
pub(crate) fn max_weight_matching(n: usize, weights: &[Weight]) -> Vec<Option<usize>> {
    let mut solver = Solver::new(n, weights);
    while solver.stage() {}
    (1..=n)
        .map(|u| {
            let m = solver.mate[u];
            (m != 0).then(|| m - 1)
        })
        .collect()
}

/// Vertices are 1..=n, blossoms n+1..=2n, 0 is "none".
struct Solver<'w> {
    n: usize,
    nx: usize,
    cap: usize,
    weights: &'w [Weight],
    /// Per (x, y) of vertices or blossoms: the original edge (u, v) that
    /// represents x–y (u inside x, v inside y), u = 0 when none.
    eu: Vec<u32>,
    ev: Vec<u32>,
    lab: Vec<Weight>,
    mate: Vec<usize>,
    slack: Vec<usize>,
    st: Vec<usize>,
    pa: Vec<usize>,
    /// Per blossom b and original vertex x: the child of b containing x.
    flower_from: Vec<usize>,
    label: Vec<i8>,
    vis: Vec<u32>,
    vis_stamp: u32,
    flower: Vec<Vec<usize>>,
    queue: VecDeque<usize>,
}

impl<'w> Solver<'w> {
    fn new(n: usize, weights: &'w [Weight]) -> Solver<'w> {
        let cap = 2 * n + 1;
        let mut s = Solver {
            n,
            nx: n,
            cap,
            weights,
            eu: vec![0; cap * cap],
            ev: vec![0; cap * cap],
            lab: vec![0; cap],
            mate: vec![0; cap],
            slack: vec![0; cap],
            st: (0..cap).collect(),
            pa: vec![0; cap],
            flower_from: vec![0; cap * (n + 1)],
            label: vec![-1; cap],
            vis: vec![0; cap],
            vis_stamp: 0,
            flower: vec![Vec::new(); cap],
            queue: VecDeque::new(),
        };
        let mut w_max: Weight = 0;
        for u in 1..=n {
            for v in 1..=n {
                let w = weights[(u - 1) * n + (v - 1)];
                if w > 0 {
                    s.eu[u * cap + v] = u as u32;
                    s.ev[u * cap + v] = v as u32;
                    w_max = w_max.max(w);
                }
            }
            s.flower_from[u * (n + 1) + u] = u;
        }
        for u in 1..=n {
            s.lab[u] = w_max;
        }
        s
    }

    #[inline]
    fn edge(&self, x: usize, y: usize) -> (usize, usize) {
        let i = x * self.cap + y;
        (self.eu[i] as usize, self.ev[i] as usize)
    }

    #[inline]
    fn has_edge(&self, x: usize, y: usize) -> bool {
        self.eu[x * self.cap + y] != 0
    }

    #[inline]
    fn w(&self, u: usize, v: usize) -> Weight {
        self.weights[(u - 1) * self.n + (v - 1)]
    }

    #[inline]
    fn e_delta(&self, x: usize, y: usize) -> Weight {
        let (u, v) = self.edge(x, y);
        self.lab[u] + self.lab[v] - self.w(u, v) * 2
    }

    fn update_slack(&mut self, u: usize, x: usize) {
        if self.slack[x] == 0 || self.e_delta(u, x) < self.e_delta(self.slack[x], x) {
            self.slack[x] = u;
        }
    }

    fn set_slack(&mut self, x: usize) {
        self.slack[x] = 0;
        for u in 1..=self.n {
            if self.has_edge(u, x) && self.st[u] != x && self.label[self.st[u]] == 0 {
                self.update_slack(u, x);
            }
        }
    }

    fn q_push(&mut self, x: usize) {
        if x <= self.n {
            self.queue.push_back(x);
        } else {
            for i in 0..self.flower[x].len() {
                let y = self.flower[x][i];
                self.q_push(y);
            }
        }
    }

    fn set_st(&mut self, x: usize, b: usize) {
        self.st[x] = b;
        if x > self.n {
            for i in 0..self.flower[x].len() {
                let y = self.flower[x][i];
                self.set_st(y, b);
            }
        }
    }

    fn get_pr(&mut self, b: usize, xr: usize) -> usize {
        let pr = self.flower[b]
            .iter()
            .position(|&x| x == xr)
            .expect("child of its blossom");
        if pr % 2 == 1 {
            self.flower[b][1..].reverse();
            self.flower[b].len() - pr
        } else {
            pr
        }
    }

    fn set_match(&mut self, u: usize, v: usize) {
        let (eu, ev) = self.edge(u, v);
        self.mate[u] = ev;
        if u > self.n {
            let xr = self.flower_from[u * (self.n + 1) + eu];
            let pr = self.get_pr(u, xr);
            for i in 0..pr {
                let a = self.flower[u][i];
                let b = self.flower[u][i ^ 1];
                self.set_match(a, b);
            }
            self.set_match(xr, v);
            self.flower[u].rotate_left(pr);
        }
    }

    fn augment(&mut self, mut u: usize, mut v: usize) {
        loop {
            let xnv = self.st[self.mate[u]];
            self.set_match(u, v);
            if xnv == 0 {
                return;
            }
            let next = self.st[self.pa[xnv]];
            self.set_match(xnv, next);
            u = next;
            v = xnv;
        }
    }

    fn get_lca(&mut self, mut u: usize, mut v: usize) -> usize {
        self.vis_stamp += 1;
        let t = self.vis_stamp;
        while u != 0 || v != 0 {
            if u != 0 {
                if self.vis[u] == t {
                    return u;
                }
                self.vis[u] = t;
                u = self.st[self.mate[u]];
                if u != 0 {
                    u = self.st[self.pa[u]];
                }
            }
            std::mem::swap(&mut u, &mut v);
        }
        0
    }

    fn add_blossom(&mut self, u: usize, lca: usize, v: usize) {
        let mut b = self.n + 1;
        while b <= self.nx && self.st[b] != 0 {
            b += 1;
        }
        if b > self.nx {
            self.nx += 1;
        }
        self.lab[b] = 0;
        self.label[b] = 0;
        self.mate[b] = self.mate[lca];
        let mut flower = vec![lca];
        let mut x = u;
        while x != lca {
            flower.push(x);
            let y = self.st[self.mate[x]];
            flower.push(y);
            self.q_push(y);
            x = self.st[self.pa[y]];
        }
        flower[1..].reverse();
        let mut x = v;
        while x != lca {
            flower.push(x);
            let y = self.st[self.mate[x]];
            flower.push(y);
            self.q_push(y);
            x = self.st[self.pa[y]];
        }
        self.flower[b] = flower;
        self.set_st(b, b);
        let cap = self.cap;
        for x in 1..=self.nx {
            self.eu[b * cap + x] = 0;
            self.eu[x * cap + b] = 0;
        }
        let stride = self.n + 1;
        for x in 1..=self.n {
            self.flower_from[b * stride + x] = 0;
        }
        for i in 0..self.flower[b].len() {
            let xs = self.flower[b][i];
            for x in 1..=self.nx {
                if self.has_edge(xs, x)
                    && (!self.has_edge(b, x) || self.e_delta(xs, x) < self.e_delta(b, x))
                {
                    self.eu[b * cap + x] = self.eu[xs * cap + x];
                    self.ev[b * cap + x] = self.ev[xs * cap + x];
                    self.eu[x * cap + b] = self.eu[x * cap + xs];
                    self.ev[x * cap + b] = self.ev[x * cap + xs];
                }
            }
            for x in 1..=self.n {
                if self.flower_from[xs * stride + x] != 0 {
                    self.flower_from[b * stride + x] = xs;
                }
            }
        }
        self.set_slack(b);
    }

    fn expand_blossom(&mut self, b: usize) {
        for i in 0..self.flower[b].len() {
            let x = self.flower[b][i];
            self.set_st(x, x);
        }
        let (pu, _) = self.edge(b, self.pa[b]);
        let xr = self.flower_from[b * (self.n + 1) + pu];
        let pr = self.get_pr(b, xr);
        let mut i = 0;
        while i < pr {
            let xs = self.flower[b][i];
            let xns = self.flower[b][i + 1];
            let (eu, _) = self.edge(xns, xs);
            self.pa[xs] = eu;
            self.label[xs] = 1;
            self.label[xns] = 0;
            self.slack[xs] = 0;
            self.set_slack(xns);
            self.q_push(xns);
            i += 2;
        }
        self.label[xr] = 1;
        self.pa[xr] = self.pa[b];
        for i in pr + 1..self.flower[b].len() {
            let xs = self.flower[b][i];
            self.label[xs] = -1;
            self.set_slack(xs);
        }
        self.st[b] = 0;
    }

    /// Handles a tight edge from an outer vertex; true when it augmented.
    fn on_found_edge(&mut self, x: usize, y: usize) -> bool {
        let (eu, ev) = self.edge(x, y);
        let u = self.st[eu];
        let v = self.st[ev];
        if self.label[v] == -1 {
            self.pa[v] = eu;
            self.label[v] = 1;
            let nu = self.st[self.mate[v]];
            self.slack[v] = 0;
            self.slack[nu] = 0;
            self.label[nu] = 0;
            self.q_push(nu);
        } else if self.label[v] == 0 {
            let lca = self.get_lca(u, v);
            if lca == 0 {
                self.augment(u, v);
                self.augment(v, u);
                return true;
            }
            self.add_blossom(u, lca, v);
        }
        false
    }

    /// One stage: grows alternating trees from the exposed vertices and
    /// augments once; false when no augmentation improves the weight.
    fn stage(&mut self) -> bool {
        for x in 1..=self.nx {
            self.label[x] = -1;
            self.slack[x] = 0;
        }
        self.queue.clear();
        for x in 1..=self.nx {
            if self.st[x] == x && self.mate[x] == 0 {
                self.pa[x] = 0;
                self.label[x] = 0;
                self.q_push(x);
            }
        }
        if self.queue.is_empty() {
            return false;
        }
        loop {
            while let Some(u) = self.queue.pop_front() {
                if self.label[self.st[u]] == 1 {
                    continue;
                }
                for v in 1..=self.n {
                    if self.has_edge(u, v) && self.st[u] != self.st[v] {
                        if self.e_delta(u, v) == 0 {
                            if self.on_found_edge(u, v) {
                                return true;
                            }
                        } else {
                            let sv = self.st[v];
                            self.update_slack(u, sv);
                        }
                    }
                }
            }
            let mut d = Weight::MAX;
            for b in self.n + 1..=self.nx {
                if self.st[b] == b && self.label[b] == 1 {
                    d = d.min(self.lab[b] / 2);
                }
            }
            for x in 1..=self.nx {
                if self.st[x] == x && self.slack[x] != 0 {
                    let delta = self.e_delta(self.slack[x], x);
                    if self.label[x] == -1 {
                        d = d.min(delta);
                    } else if self.label[x] == 0 {
                        d = d.min(delta / 2);
                    }
                }
            }
            // An outer vertex whose dual would reach zero ends the search:
            // no augmentation can add weight any more.
            if (1..=self.n).any(|u| self.label[self.st[u]] == 0 && self.lab[u] <= d) {
                return false;
            }
            for u in 1..=self.n {
                match self.label[self.st[u]] {
                    0 => self.lab[u] -= d,
                    1 => self.lab[u] += d,
                    _ => {}
                }
            }
            for b in self.n + 1..=self.nx {
                if self.st[b] == b {
                    match self.label[b] {
                        0 => self.lab[b] += d * 2,
                        1 => self.lab[b] -= d * 2,
                        _ => {}
                    }
                }
            }
            self.queue.clear();
            for x in 1..=self.nx {
                let s = self.slack[x];
                if self.st[x] == x
                    && s != 0
                    && self.st[s] != x
                    && self.e_delta(s, x) == 0
                    && self.on_found_edge(s, x)
                {
                    return true;
                }
            }
            for b in self.n + 1..=self.nx {
                if self.st[b] == b && self.label[b] == 1 && self.lab[b] == 0 {
                    self.expand_blossom(b);
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    /// Exhaustive least-cost perfect matching (bitmask recursion).
    fn brute(n: usize, cost: &dyn Fn(usize, usize) -> Option<u128>) -> Option<u128> {
        fn go(
            mask: u32,
            n: usize,
            cost: &dyn Fn(usize, usize) -> Option<u128>,
            memo: &mut std::collections::HashMap<u32, Option<u128>>,
        ) -> Option<u128> {
            let Some(i) = (0..n).find(|&i| mask & (1 << i) == 0) else {
                return Some(0);
            };
            if let Some(&v) = memo.get(&mask) {
                return v;
            }
            let mut best: Option<u128> = None;
            for j in i + 1..n {
                if mask & (1 << j) != 0 {
                    continue;
                }
                if let Some(c) = cost(i, j)
                    && let Some(rest) = go(mask | 1 << i | 1 << j, n, cost, memo)
                {
                    best = Some(best.map_or(c + rest, |b| b.min(c + rest)));
                }
            }
            memo.insert(mask, best);
            best
        }
        go(0, n, cost, &mut Default::default())
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(600))]
        #[test]
        fn min_cost_perfect_matches_brute_force(
            half in 0usize..7,
            edges in proptest::collection::vec(proptest::option::weighted(0.8, 0u128..6), 14 * 14),
        ) {
            let n = half * 2;
            let cost = |a: usize, b: usize| {
                let (a, b) = (a.min(b), a.max(b));
                edges[a * 14 + b]
            };
            let bands = Bands::new(&[6 * 7]).expect("fits");
            let expected = brute(n, &cost);
            let got = min_cost_perfect(n, &bands, cost);
            prop_assert_eq!(got.as_ref().map(|g| g.1), expected);
            if let Some((mate, total)) = got {
                let mut sum = 0;
                for a in 0..n {
                    prop_assert_eq!(mate[mate[a]], a);
                    prop_assert!(mate[a] != a);
                    if a < mate[a] {
                        sum += cost(a, mate[a]).expect("an edge");
                    }
                }
                prop_assert_eq!(sum, total);
            }
        }
    }

    #[test]
    fn bands_pack_lexicographically() {
        let bands = Bands::new(&[3, 10, 7]).expect("fits");
        let a = bands.pack(&[1, 0, 0]);
        let b = bands.pack(&[0, 10, 7]);
        assert!(a > b, "a higher band outweighs all lower ones");
        assert_eq!(bands.unpack(bands.pack(&[2, 9, 5])), vec![2, 9, 5]);
        assert!(Bands::new(&[u64::MAX as u128, u64::MAX as u128]).is_none());
    }
}
