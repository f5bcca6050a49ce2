//! Answers kept for the next time the same question comes: a bounded table, emptied when
//! full, with a quick hash for keys of a few machine words.
//!
//! The searches of a killer's sums (the combinations of a cage's open cells, the ways of
//! making a rule-of-45 sum) are asked the same questions again and again: a path looks at
//! every cage at every step while few of them change, and a generator judges many killers
//! that differ in a cage or two. Each answer depends on a handful of words (candidates,
//! what is left of the sum), so the second time costs a hash and a lookup.

use std::collections::HashMap;
use std::hash::{BuildHasherDefault, Hash, Hasher};

/// A table of at most `max` answers, keyed by what they depend on. It is emptied when
/// full (the questions of one puzzle's search or path come back soon after they were
/// first asked; old ones seldom do).
///
/// ```
/// use sudokit_core::memo::Memo;
/// let mut memo: Memo<u32, u64> = Memo::new(2);
/// assert_eq!(memo.get_or(7, |&k| u64::from(k) * 2), 14);
/// assert_eq!(memo.get_or(7, |_| unreachable!("asked before")), 14);
/// ```
#[derive(Debug)]
pub struct Memo<K, V> {
    map: HashMap<K, V, BuildHasherDefault<WordHasher>>,
    max: usize,
}

impl<K: Hash + Eq + Clone, V: Clone> Memo<K, V> {
    /// An empty table that keeps at most `max` answers.
    pub fn new(max: usize) -> Memo<K, V> {
        Memo {
            map: HashMap::default(),
            max: max.max(1),
        }
    }

    /// The answer for `key`: the one kept, else `answer(key)`, kept for next time.
    pub fn get_or(&mut self, key: K, answer: impl FnOnce(&K) -> V) -> V {
        if let Some(known) = self.map.get(&key) {
            return known.clone();
        }
        let found = answer(&key);
        if self.map.len() >= self.max {
            self.map.clear();
        }
        self.map.insert(key, found.clone());
        found
    }

    /// How many answers are kept.
    pub fn len(&self) -> usize {
        self.map.len()
    }

    /// Is no answer kept?
    pub fn is_empty(&self) -> bool {
        self.map.is_empty()
    }
}

/// A hash for keys of a few integers: each word rotated into the state and multiplied by
/// an odd constant (the multiply-rotate scheme of compilers' symbol tables), the high
/// bits folded down at the end. Not for keys an adversary picks; the keys here come from
/// the search itself.
#[derive(Default, Clone, Copy, Debug)]
pub struct WordHasher(u64);

/// An odd constant with bits spread over the word (2^64 divided by the golden ratio).
const SPREAD: u64 = 0x9E37_79B9_7F4A_7C15;

impl WordHasher {
    #[inline]
    fn mix(&mut self, word: u64) {
        self.0 = (self.0.rotate_left(5) ^ word).wrapping_mul(SPREAD);
    }
}

impl Hasher for WordHasher {
    #[inline]
    fn write(&mut self, bytes: &[u8]) {
        let mut chunks = bytes.chunks_exact(8);
        for chunk in &mut chunks {
            self.mix(u64::from_le_bytes(chunk.try_into().expect("8 bytes")));
        }
        let mut last = [0u8; 8];
        let rest = chunks.remainder();
        last[..rest.len()].copy_from_slice(rest);
        self.mix(u64::from_le_bytes(last) ^ (rest.len() as u64) << 56);
    }

    #[inline]
    fn write_u8(&mut self, n: u8) {
        self.mix(u64::from(n));
    }

    #[inline]
    fn write_u32(&mut self, n: u32) {
        self.mix(u64::from(n));
    }

    #[inline]
    fn write_u64(&mut self, n: u64) {
        self.mix(n);
    }

    #[inline]
    fn write_usize(&mut self, n: usize) {
        self.mix(n as u64);
    }

    #[inline]
    fn finish(&self) -> u64 {
        // The multiplications carry each word's bits up, not down: fold the high half
        // into the low bits, which the table takes, and mix once more.
        let x = (self.0 ^ self.0 >> 32).wrapping_mul(SPREAD);
        x ^ x >> 29
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_full_table_is_emptied_and_every_answer_stays_right() {
        let mut memo: Memo<Vec<u32>, u32> = Memo::new(8);
        let mut computed = 0;
        for round in 0..3 {
            for k in 0..20u32 {
                let key = vec![k, k * 3, 1 << (k % 32)];
                let got = memo.get_or(key, |key| {
                    computed += 1;
                    key.iter().sum()
                });
                assert_eq!(got, k + k * 3 + (1 << (k % 32)), "round {round}");
                assert!(memo.len() <= 8);
            }
        }
        // Twenty keys through a table of eight: each is computed again every round.
        assert_eq!(computed, 60);
        let mut memo: Memo<u32, u32> = Memo::new(8);
        for _ in 0..5 {
            memo.get_or(3, |_| 9);
        }
        assert_eq!((memo.len(), memo.is_empty()), (1, false));
    }

    #[test]
    fn keys_that_differ_in_one_word_hash_apart() {
        let hash = |words: &[u32]| {
            let mut h = WordHasher::default();
            words.hash(&mut h);
            h.finish()
        };
        let mut seen = std::collections::HashSet::new();
        for a in 0..64u32 {
            for b in 0..64u32 {
                seen.insert(hash(&[a, 1 << (b % 32), b]) & 0xFFF);
            }
        }
        // 4,096 keys into 4,096 buckets of the low 12 bits: a random hash fills about
        // 63% of them (2,589); a poor one, which leaves bits unmixed, far fewer (the
        // multiply-rotate state's own low bits fill 56%).
        assert!(seen.len() > 2_450, "{} buckets", seen.len());
    }
}
