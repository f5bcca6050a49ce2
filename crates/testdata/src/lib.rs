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

/// The repository's root.
pub fn repo() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../..")
}

/// For tests that need a tool outside Rust (node, Chromium, wasm-bindgen): fails under
/// CI (`CI` set) when `ok` is false, else notes why the test is skipped. `false` means
/// skip.
pub fn available(what: &str, ok: bool) -> bool {
    if !ok {
        assert!(
            std::env::var_os("CI").is_none(),
            "{what} is missing (CI needs it)"
        );
        eprintln!("skipped: {what} is missing");
    }
    ok
}

/// Does `program arg` run and succeed (e.g. `node --version`)?
pub fn runs(program: &str, arg: &str) -> bool {
    std::process::Command::new(program)
        .arg(arg)
        .output()
        .is_ok_and(|o| o.status.success())
}

/// `node --test FILES` from the repository root with the environment `env`, one file
/// at a time; prints its report and fails when a test does.
pub fn node_test(files: &[&str], env: &[(&str, &std::ffi::OsStr)]) {
    let out = std::process::Command::new("node")
        .arg("--test")
        .arg("--test-concurrency=1")
        .args(files)
        .current_dir(repo())
        .envs(env.iter().copied())
        .output()
        .expect("node runs");
    println!(
        "{}{}",
        String::from_utf8_lossy(&out.stdout),
        String::from_utf8_lossy(&out.stderr)
    );
    assert!(out.status.success(), "node --test {files:?} failed");
}

/// Can the browser tests run: playwright-core in `crates/web/tests/browser` (installed
/// with `npm ci` when missing) and Debian's Chromium? As [`available`] when not.
pub fn browser_ready() -> bool {
    if !available(
        "/usr/bin/chromium",
        std::path::Path::new("/usr/bin/chromium").exists(),
    ) {
        return false;
    }
    let dir = repo().join("crates/web/tests/browser");
    if dir.join("node_modules/playwright-core").exists() {
        return true;
    }
    let installed = std::process::Command::new("npm")
        .args(["ci", "--no-audit", "--no-fund"])
        .current_dir(&dir)
        .status()
        .is_ok_and(|s| s.success());
    available("playwright-core (npm ci failed)", installed)
}
