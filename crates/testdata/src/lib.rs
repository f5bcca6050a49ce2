//! Where the shared test data lives, and the first puzzles of a benchmark file: one copy
//! for every test, benchmark and fuzz corpus of the workspace (a dev-dependency only).
//!
//! The data is `../shared/data` beside the checkout (CI puts it there); the environment
//! variable `SUDOKIT_DATA` points elsewhere.

use std::path::PathBuf;

use sudokit_core::Grid;

/// The shared data directory. Panics, saying where it looked, when it is missing.
pub fn data_dir() -> PathBuf {
    let dir = std::env::var_os("SUDOKIT_DATA")
        .map(PathBuf::from)
        .unwrap_or_else(|| PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../../shared/data"));
    assert!(
        dir.is_dir(),
        "shared data not found at {} (set SUDOKIT_DATA)",
        dir.display()
    );
    dir
}

/// The first `n` puzzles of benchmark file `file` (in `bench/`), skipping comments.
pub fn sample(file: &str, n: usize) -> Vec<Grid> {
    let path = data_dir().join("bench").join(file);
    let text = std::fs::read_to_string(&path)
        .unwrap_or_else(|e| panic!("benchmark data {}: {e}", path.display()));
    text.lines()
        .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
        .take(n)
        .enumerate()
        .map(|(i, l)| {
            Grid::from_line(l).unwrap_or_else(|e| panic!("{file}, puzzle {}: {e}", i + 1))
        })
        .collect()
}
