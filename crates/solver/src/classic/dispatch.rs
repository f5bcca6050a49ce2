//! Instruction-set levels: the search compiled once per level, chosen at run time.
//!
//! Calling a function compiled for CPU features (`#[target_feature]`) is sound only on a
//! CPU that has them, which is checked first.

use super::{search, Counted, Query};

/// An instruction-set level of the 9×9 engine.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Level {
    /// Whatever the compilation target guarantees (SSE2 on x86-64).
    Portable,
    /// x86-64-v3: AVX2, BMI1, BMI2, LZCNT, POPCNT.
    #[cfg_attr(not(target_arch = "x86_64"), allow(dead_code))]
    V3,
    /// v3 plus AVX-512 (F, BW, VL, VPOPCNTDQ).
    #[cfg_attr(not(target_arch = "x86_64"), allow(dead_code))]
    Avx512,
}

impl Level {
    /// The level the search runs on: x86-64-v3 when the CPU has it (detected once;
    /// `SUDOKIT_LEVEL=portable|v3|avx512` picks another, for comparisons).
    ///
    /// Not the AVX-512 level, though the CPU may have it: the compiler uses its 512-bit
    /// registers only to copy boards (no arithmetic of the search gains from them), and on
    /// an Intel Xeon that copy made the search slower. Measured (same runs, µs a puzzle,
    /// v3 / AVX-512): top1465 10.83 / 11.17 to 15.56, 20,000 17-clue 2.92 / 3.01 to 3.04,
    /// forum hardest 95.4 / 97.3 to 118.1, minimal generation 0.96 of the time. The box
    /// and band node picks its AVX-512 form on its own (`boxband::has_avx512`: 0.96 of
    /// the AVX2 form's time on the same CPU).
    pub fn best() -> Level {
        static BEST: std::sync::OnceLock<Level> = std::sync::OnceLock::new();
        *BEST.get_or_init(|| {
            let wanted = std::env::var("SUDOKIT_LEVEL").ok();
            let pick = match wanted.as_deref() {
                Some("portable") => Level::Portable,
                Some("avx512") => Level::Avx512,
                _ => Level::V3,
            };
            match pick.is_supported() {
                true => pick,
                false => *Level::detected()
                    .iter()
                    .rfind(|&&l| l != Level::Avx512)
                    .expect("portable is always supported"),
            }
        })
    }

    /// Does this CPU support the level? (Detected once.)
    pub fn is_supported(self) -> bool {
        Level::detected().contains(&self)
    }

    /// [`Level::supported`], detected once.
    fn detected() -> &'static [Level] {
        static SUPPORTED: std::sync::OnceLock<Vec<Level>> = std::sync::OnceLock::new();
        SUPPORTED.get_or_init(Level::supported)
    }

    /// Every level this CPU supports, lowest first.
    pub fn supported() -> Vec<Level> {
        #[cfg_attr(not(target_arch = "x86_64"), allow(unused_mut))]
        let mut levels = vec![Level::Portable];
        #[cfg(target_arch = "x86_64")]
        {
            let has_v3 = std::is_x86_feature_detected!("avx2")
                && std::is_x86_feature_detected!("bmi1")
                && std::is_x86_feature_detected!("bmi2")
                && std::is_x86_feature_detected!("lzcnt")
                && std::is_x86_feature_detected!("popcnt");
            if has_v3 {
                levels.push(Level::V3);
                if std::is_x86_feature_detected!("avx512f")
                    && std::is_x86_feature_detected!("avx512bw")
                    && std::is_x86_feature_detected!("avx512vl")
                    && std::is_x86_feature_detected!("avx512vpopcntdq")
                {
                    levels.push(Level::Avx512);
                }
            }
        }
        levels
    }
}

/// Runs the search compiled for `level`.
pub(crate) fn count(level: Level, query: Query, limit: u64, keep_first: bool) -> Counted {
    match level {
        Level::Portable => search::<false>(query, limit, keep_first),
        #[cfg(target_arch = "x86_64")]
        // SAFETY: `level` is V3 only when `Level::supported` found every feature of
        // `search_v3` on this CPU (tests pass only supported levels).
        Level::V3 => unsafe { search_v3(query, limit, keep_first) },
        #[cfg(target_arch = "x86_64")]
        // SAFETY: as above, for every feature of `search_avx512`.
        Level::Avx512 => unsafe { search_avx512(query, limit, keep_first) },
        #[cfg(not(target_arch = "x86_64"))]
        _ => search::<false>(query, limit, keep_first),
    }
}

#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "avx2,bmi1,bmi2,lzcnt,popcnt")]
fn search_v3(query: Query, limit: u64, keep_first: bool) -> Counted {
    search::<true>(query, limit, keep_first)
}

#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "avx2,bmi1,bmi2,lzcnt,popcnt,avx512f,avx512bw,avx512vl,avx512vpopcntdq")]
fn search_avx512(query: Query, limit: u64, keep_first: bool) -> Counted {
    search::<true>(query, limit, keep_first)
}

#[cfg(test)]
mod tests {
    use super::Level;

    /// The search runs on v3 where the CPU has it, AVX-512 or not (see [`Level::best`]).
    #[test]
    fn the_search_runs_on_v3_where_the_cpu_has_it() {
        if std::env::var("SUDOKIT_LEVEL").is_ok() {
            return;
        }
        let want = match Level::V3.is_supported() {
            true => Level::V3,
            false => Level::Portable,
        };
        assert_eq!(Level::best(), want);
    }
}
