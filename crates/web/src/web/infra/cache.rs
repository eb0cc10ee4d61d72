//! The standings cache: what the season page and a tournament's
//! crosstable compute from the database, kept per championship (and
//! tournament) and language, and valid for one **results version** of the
//! championship (`db::championships::bump_results_version`, bumped in the
//! same transaction as every result, penalty, decision or finish).
//!
//! A request reads the version first, then either takes the entry stored
//! for that version or loads and computes the view and stores it. Reading
//! the version before the data means an entry is never labelled with a
//! newer version than the data it holds, so a page never shows standings
//! older than the last committed change — on one instance or on several
//! sharing a PostgreSQL database, with nothing to invalidate by hand.
//!
//! The cache is bounded by memory (`standings_cache_mb`, each view weighed
//! by an estimate of its size, `Weigh`) and sized for about
//! `standings_cache_entries` views per page kind, with `quick_cache`'s
//! S3-FIFO eviction; one entry per key, replaced when the version moves.

use std::hash::Hash;
use std::sync::Arc;

/// An estimate of the memory a cached view holds, in bytes: the lengths of
/// its strings and a fixed cost per element. Only the order of magnitude
/// matters (it bounds the cache), so it is cheap and rough.
pub trait Weigh {
    fn weight(&self) -> u64;
}

/// Bytes of a string as held in a view (heap text + the `String` itself).
pub fn text(s: &str) -> u64 {
    s.len() as u64 + 24
}

#[derive(Clone)]
struct ByWeight;

impl<K, V: Weigh> quick_cache::Weighter<K, (i64, Arc<V>)> for ByWeight {
    fn weight(&self, _key: &K, val: &(i64, Arc<V>)) -> u64 {
        val.1.weight().max(1)
    }
}

type Inner<K, V> = quick_cache::sync::Cache<K, (i64, Arc<V>), ByWeight>;

/// A bounded map from a key to the view computed for one version.
pub struct Versioned<K, V> {
    inner: Option<Inner<K, V>>,
}

impl<K: Eq + Hash + Clone, V: Weigh> Versioned<K, V> {
    /// Sized for about `entries` views holding at most `bytes` in all (by
    /// `Weigh`); 0 entries or 0 bytes turns the cache off.
    pub fn new(entries: usize, bytes: u64) -> Self {
        Versioned {
            inner: (entries > 0 && bytes > 0)
                .then(|| quick_cache::sync::Cache::with_weighter(entries, bytes, ByWeight)),
        }
    }

    /// The view stored for `key` if it was computed at `version`.
    pub fn get(&self, key: &K, version: i64) -> Option<Arc<V>> {
        let (v, view) = self.inner.as_ref()?.get(key)?;
        (v == version).then_some(view)
    }

    /// Stores a view computed at `version`, unless a newer one is there
    /// (a slow request must not put back older standings).
    pub fn put(&self, key: K, version: i64, view: Arc<V>) {
        let Some(cache) = &self.inner else { return };
        if cache.get(&key).is_some_and(|(v, _)| v > version) {
            return;
        }
        cache.insert(key, (version, view));
    }

    /// Returns the view for `version`, computing and storing it on a miss.
    pub fn get_or_compute<E>(
        &self,
        key: K,
        version: i64,
        compute: impl FnOnce() -> Result<V, E>,
    ) -> Result<Arc<V>, E> {
        if let Some(view) = self.get(&key, version) {
            return Ok(view);
        }
        let view = Arc::new(compute()?);
        self.put(key, version, view.clone());
        Ok(view)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    impl Weigh for String {
        fn weight(&self) -> u64 {
            text(self)
        }
    }

    impl Weigh for u32 {
        fn weight(&self) -> u64 {
            4
        }
    }

    #[test]
    fn an_entry_serves_only_its_own_version() {
        let c: Versioned<u32, String> = Versioned::new(8, 1 << 20);
        c.put(1, 5, Arc::new("five".into()));
        assert_eq!(c.get(&1, 5).as_deref().map(String::as_str), Some("five"));
        assert!(c.get(&1, 6).is_none(), "a newer version misses");
        assert!(c.get(&1, 4).is_none());
    }

    #[test]
    fn an_older_view_never_replaces_a_newer_one() {
        let c: Versioned<u32, String> = Versioned::new(8, 1 << 20);
        c.put(1, 7, Arc::new("seven".into()));
        c.put(1, 6, Arc::new("six".into()));
        assert_eq!(c.get(&1, 7).as_deref().map(String::as_str), Some("seven"));
        c.put(1, 8, Arc::new("eight".into()));
        assert_eq!(c.get(&1, 8).as_deref().map(String::as_str), Some("eight"));
    }

    #[test]
    fn compute_runs_on_a_miss_only() {
        let c: Versioned<u32, u32> = Versioned::new(8, 1 << 20);
        let mut runs = 0;
        for _ in 0..3 {
            let v = c
                .get_or_compute(1, 1, || {
                    runs += 1;
                    Ok::<_, ()>(10)
                })
                .unwrap();
            assert_eq!(*v, 10);
        }
        assert_eq!(runs, 1);
        let v = c.get_or_compute(1, 2, || Ok::<_, ()>(20)).unwrap();
        assert_eq!(*v, 20);
    }

    #[test]
    fn a_cache_of_zero_entries_computes_every_time() {
        let c: Versioned<u32, u32> = Versioned::new(0, 1 << 20);
        let mut runs = 0;
        for _ in 0..3 {
            c.get_or_compute(1, 1, || {
                runs += 1;
                Ok::<_, ()>(1)
            })
            .unwrap();
        }
        assert_eq!(runs, 3);
    }

    #[test]
    fn the_cache_stays_bounded() {
        // 1,000 small views (4 bytes each) in room for 16 of them.
        let c: Versioned<u32, u32> = Versioned::new(16, 64);
        for k in 0..1000 {
            c.put(k, 1, Arc::new(k));
        }
        let kept = (0..1000).filter(|k| c.get(k, 1).is_some()).count();
        assert!(kept <= 32, "{kept} entries kept");
    }

    #[test]
    fn the_cache_stays_within_its_memory() {
        // 100 views of about 10 kB in a budget of 100 kB.
        let c: Versioned<u32, String> = Versioned::new(100, 100_000);
        for k in 0..100 {
            c.put(k, 1, Arc::new("x".repeat(10_000)));
        }
        let kept = (0..100).filter(|k| c.get(k, 1).is_some()).count();
        assert!((1..=10).contains(&kept), "{kept} views of 10 kB kept");
    }
}
