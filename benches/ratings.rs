//! The platform's own ratings (Glicko-2, `rules::rating::glicko2`)
//! recomputed from scratch for as many games as the generated
//! installation holds (`league generate` at scale 1: 10,000 players in
//! 200 championships of 50, 355,000 games over seven monthly periods).
//! The target: under 2 s.
//!
//! `cargo bench --bench ratings`.

use std::hint::black_box;
use std::time::Duration;

use criterion::{Criterion, criterion_group, criterion_main};
use league::rules::rating::glicko2::{Game, recompute};

/// Knuth's MMIX linear congruential generator.
struct Lcg(u64);

impl Lcg {
    fn next(&mut self, n: u64) -> u64 {
        self.0 = self
            .0
            .wrapping_mul(6_364_136_223_846_793_005)
            .wrapping_add(1_442_695_040_888_963_407);
        (self.0 >> 33) % n.max(1)
    }
}

/// Games of `championships` groups of 50 players, each player meeting
/// others of the group only, spread over `months` periods.
fn games(total: usize, championships: u64, months: u32) -> Vec<(u32, Vec<Game<u32>>)> {
    let mut rng = Lcg(7);
    let mut periods: Vec<(u32, Vec<Game<u32>>)> =
        (0..months).map(|m| (24_300 + m, Vec::new())).collect();
    for n in 0..total {
        let group = rng.next(championships);
        let first = group * 50 + rng.next(50);
        let mut second = group * 50 + rng.next(50);
        if second == first {
            second = group * 50 + (first + 1) % 50;
        }
        let month = n % months as usize;
        periods[month].1.push(Game {
            first: first as u32,
            second: second as u32,
            first_half_points: rng.next(3) as u8,
        });
    }
    periods
}

fn bench(c: &mut Criterion) {
    let periods = games(355_000, 200, 7);
    let mut group = c.benchmark_group("platform ratings");
    group.sample_size(10);
    group.measurement_time(Duration::from_secs(20));
    group.bench_function("recompute 355,000 games, 10,000 players, 7 periods", |b| {
        b.iter(|| {
            let pool = recompute(periods.iter().map(|(p, g)| (*p, g.as_slice())));
            black_box(pool.players.len())
        })
    });
    group.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);
