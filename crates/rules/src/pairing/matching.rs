//! Maximum matching on a general graph (Edmonds' blossom algorithm), used
//! as the completion oracle of the Swiss pairing (C.04.6 \[C3\]: a legal
//! pairing must remain for every team not yet paired).
//!
//! The graph is given as a symmetric bit matrix of allowed pairs (not met
//! before, C1). Vertices can be removed as the pairing proceeds; the oracle
//! keeps a maximum matching of the remaining vertices and repairs it by
//! searching augmenting paths from the vertices a removal exposed, and from
//! every exposed vertex when that does not leave the matching perfect (see
//! [`Oracle::remove`]). One search is
//! O(V²/64 + V·blossoms); with a few exposed vertices per step a 1000-team
//! round stays in the milliseconds.

use std::collections::VecDeque;

const NONE: usize = usize::MAX;

/// Symmetric bit matrix of allowed pairs.
#[derive(Debug, Clone)]
pub(crate) struct BitMatrix {
    n: usize,
    words: usize,
    bits: Vec<u64>,
}

impl BitMatrix {
    pub(crate) fn new(n: usize) -> BitMatrix {
        let words = n.div_ceil(64).max(1);
        BitMatrix {
            n,
            words,
            bits: vec![0; n * words],
        }
    }

    pub(crate) fn set(&mut self, a: usize, b: usize, value: bool) {
        for (x, y) in [(a, b), (b, a)] {
            let w = x * self.words + y / 64;
            if value {
                self.bits[w] |= 1 << (y % 64);
            } else {
                self.bits[w] &= !(1 << (y % 64));
            }
        }
    }

    pub(crate) fn get(&self, a: usize, b: usize) -> bool {
        self.bits[a * self.words + b / 64] & (1 << (b % 64)) != 0
    }

    fn row(&self, a: usize) -> &[u64] {
        &self.bits[a * self.words..(a + 1) * self.words]
    }
}

/// A maximum matching kept up to date while vertices are removed.
#[derive(Debug, Clone)]
pub(crate) struct Oracle<'g> {
    graph: &'g BitMatrix,
    alive: Vec<u64>,
    alive_count: usize,
    mate: Vec<usize>,
}

impl<'g> Oracle<'g> {
    /// Builds a maximum matching of all vertices of `graph`.
    pub(crate) fn new(graph: &'g BitMatrix) -> Oracle<'g> {
        let n = graph.n;
        let mut alive = vec![0u64; graph.words];
        for v in 0..n {
            alive[v / 64] |= 1 << (v % 64);
        }
        let mut oracle = Oracle {
            graph,
            alive,
            alive_count: n,
            mate: vec![NONE; n],
        };
        // Greedy start, then augment from every exposed vertex.
        for v in 0..n {
            if oracle.mate[v] != NONE {
                continue;
            }
            let found = oracle.neighbours(v).find(|&u| oracle.mate[u] == NONE);
            if let Some(u) = found {
                oracle.mate[v] = u;
                oracle.mate[u] = v;
            }
        }
        for v in 0..n {
            if oracle.mate[v] == NONE {
                oracle.augment_from(v);
            }
        }
        oracle
    }

    fn is_alive(&self, v: usize) -> bool {
        self.alive[v / 64] & (1 << (v % 64)) != 0
    }

    fn neighbours(&self, v: usize) -> impl Iterator<Item = usize> + '_ {
        self.graph
            .row(v)
            .iter()
            .zip(&self.alive)
            .enumerate()
            .flat_map(|(w, (&row, &alive))| {
                let mut bits = row & alive;
                std::iter::from_fn(move || {
                    if bits == 0 {
                        None
                    } else {
                        let b = bits.trailing_zeros() as usize;
                        bits &= bits - 1;
                        Some(w * 64 + b)
                    }
                })
            })
    }

    /// Number of remaining vertices left unmatched by the maximum matching.
    pub(crate) fn exposed(&self) -> usize {
        let matched = (0..self.graph.n)
            .filter(|&v| self.is_alive(v) && self.mate[v] != NONE)
            .count();
        self.alive_count - matched
    }

    /// Removes vertices (they have been paired or given the bye) and
    /// restores a maximum matching of the rest.
    ///
    /// Every augmenting path left after the removal ends at a vertex that
    /// is exposed then (a former mate of a removed vertex, or one exposed
    /// before), and a vertex without one never gets one after another
    /// augmentation (Edmonds). So: search from the former mates; when the
    /// matching is then perfect (or leaves one vertex of an odd number) it
    /// is maximum; otherwise search once more from every exposed vertex,
    /// since two former mates may have paired with each other and opened a
    /// path between two vertices exposed before.
    pub(crate) fn remove(&mut self, vertices: &[usize]) {
        let mut orphans = Vec::new();
        for &v in vertices {
            if !self.is_alive(v) {
                continue;
            }
            self.alive[v / 64] &= !(1 << (v % 64));
            self.alive_count -= 1;
            let m = self.mate[v];
            if m != NONE {
                self.mate[m] = NONE;
                orphans.push(m);
            }
            self.mate[v] = NONE;
        }
        for o in orphans {
            if self.is_alive(o) && self.mate[o] == NONE {
                self.augment_from(o);
            }
        }
        if self.exposed() > self.alive_count % 2 {
            for v in 0..self.graph.n {
                if self.is_alive(v) && self.mate[v] == NONE {
                    self.augment_from(v);
                }
            }
        }
    }

    /// Whether removing `vertices` leaves a graph whose vertices can all be
    /// paired (all but one when their number is odd).
    pub(crate) fn completable_without(&self, vertices: &[usize]) -> bool {
        let mut probe = self.clone();
        probe.remove(vertices);
        probe.exposed() <= probe.alive_count % 2
    }

    /// The partner of `v` in the current maximum matching.
    #[cfg(test)]
    pub(crate) fn mate_of(&self, v: usize) -> Option<usize> {
        let m = self.mate[v];
        (m != NONE).then_some(m)
    }

    /// Edmonds' search for an augmenting path from the exposed `root`;
    /// augments along it when found.
    fn augment_from(&mut self, root: usize) -> bool {
        let n = self.graph.n;
        let mut parent = vec![NONE; n];
        let mut base: Vec<usize> = (0..n).collect();
        let mut used = vec![false; n];
        let mut queue = VecDeque::new();
        used[root] = true;
        queue.push_back(root);
        while let Some(v) = queue.pop_front() {
            let neighbours: Vec<usize> = self.neighbours(v).collect();
            for to in neighbours {
                if base[v] == base[to] || self.mate[v] == to {
                    continue;
                }
                if to == root || (self.mate[to] != NONE && parent[self.mate[to]] != NONE) {
                    let current = self.lca(&base, &parent, v, to);
                    let mut blossom = vec![false; n];
                    self.mark_path(&mut base, &mut parent, &mut blossom, v, current, to);
                    self.mark_path(&mut base, &mut parent, &mut blossom, to, current, v);
                    for i in 0..n {
                        if blossom[base[i]] {
                            base[i] = current;
                            if !used[i] {
                                used[i] = true;
                                queue.push_back(i);
                            }
                        }
                    }
                } else if parent[to] == NONE {
                    parent[to] = v;
                    if self.mate[to] == NONE {
                        // Augment along the alternating path ending at `to`.
                        let mut cur = to;
                        while cur != NONE {
                            let pv = parent[cur];
                            let next = self.mate[pv];
                            self.mate[cur] = pv;
                            self.mate[pv] = cur;
                            cur = next;
                        }
                        return true;
                    }
                    let m = self.mate[to];
                    used[m] = true;
                    queue.push_back(m);
                }
            }
        }
        false
    }

    fn lca(&self, base: &[usize], parent: &[usize], a: usize, b: usize) -> usize {
        let n = self.graph.n;
        let mut seen = vec![false; n];
        let mut a = a;
        loop {
            a = base[a];
            seen[a] = true;
            if self.mate[a] == NONE {
                break;
            }
            a = parent[self.mate[a]];
        }
        let mut b = b;
        loop {
            b = base[b];
            if seen[b] {
                return b;
            }
            b = parent[self.mate[b]];
        }
    }

    fn mark_path(
        &self,
        base: &mut [usize],
        parent: &mut [usize],
        blossom: &mut [bool],
        mut v: usize,
        b: usize,
        mut child: usize,
    ) {
        while base[v] != b {
            blossom[base[v]] = true;
            blossom[base[self.mate[v]]] = true;
            parent[v] = child;
            child = self.mate[v];
            v = parent[self.mate[v]];
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    /// Exhaustive maximum matching size for small graphs (bitmask DP).
    fn brute_max(n: usize, g: &BitMatrix, removed: u32) -> usize {
        fn go(
            mask: u32,
            n: usize,
            g: &BitMatrix,
            memo: &mut std::collections::HashMap<u32, usize>,
        ) -> usize {
            if let Some(&v) = memo.get(&mask) {
                return v;
            }
            let first = (0..n).find(|&i| mask & (1 << i) == 0);
            let result = match first {
                None => 0,
                Some(i) => {
                    let mut best = go(mask | (1 << i), n, g, memo);
                    for j in i + 1..n {
                        if mask & (1 << j) == 0 && g.get(i, j) {
                            best = best.max(1 + go(mask | (1 << i) | (1 << j), n, g, memo));
                        }
                    }
                    best
                }
            };
            memo.insert(mask, result);
            result
        }
        go(removed, n, g, &mut Default::default())
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(400))]
        #[test]
        fn oracle_finds_a_maximum_matching(
            n in 1usize..14,
            edges in proptest::collection::vec(any::<bool>(), 14 * 14),
            removed in any::<u16>(),
        ) {
            let mut g = BitMatrix::new(n);
            for a in 0..n {
                for b in a + 1..n {
                    if edges[a * 14 + b] {
                        g.set(a, b, true);
                    }
                }
            }
            let oracle = Oracle::new(&g);
            let matched = n - oracle.exposed();
            prop_assert_eq!(matched / 2, brute_max(n, &g, 0));
            // Every matched pair is an edge.
            for v in 0..n {
                if let Some(m) = oracle.mate_of(v) {
                    prop_assert!(g.get(v, m));
                    prop_assert_eq!(oracle.mate_of(m), Some(v));
                }
            }
            let removed_set: Vec<usize> = (0..n).filter(|&v| removed & (1 << v) != 0).collect();
            let mut mask = 0u32;
            for &v in &removed_set { mask |= 1 << v; }
            let mut after = oracle.clone();
            after.remove(&removed_set);
            let left = n - removed_set.len();
            prop_assert_eq!((left - after.exposed()) / 2, brute_max(n, &g, mask));
        }
    }
}
