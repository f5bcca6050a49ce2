//! The web page in a real browser: `node --test` runs the page's model tests and the
//! browser tests of `crates/web/tests/browser` (playwright-core driving Debian's
//! headless Chromium) against this build's `sudokit serve`.
//!
//! Needs `node`, and `/usr/bin/chromium` for the browser tests (`apt-get install
//! chromium`; `.ci/run` installs it). Under CI (`CI` set) a missing piece is a failure;
//! elsewhere the browser tests are skipped with a note.

use std::path::{Path, PathBuf};
use std::process::Command;

fn repo() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../..")
}

/// Fails under CI, else notes why the tests are skipped; `false` means skip.
fn available(what: &str, ok: bool) -> bool {
    if !ok {
        assert!(
            std::env::var_os("CI").is_none(),
            "{what} is missing (CI needs it)"
        );
        eprintln!("skipped: {what} is missing");
    }
    ok
}

fn node_runs() -> bool {
    Command::new("node")
        .arg("--version")
        .output()
        .is_ok_and(|o| o.status.success())
}

/// `node --test FILES` from the repository root, with the binary under test.
fn node_test(files: &[&str]) {
    let out = Command::new("node")
        .arg("--test")
        .arg("--test-concurrency=1")
        .args(files)
        .current_dir(repo())
        .env("SUDOKIT_BIN", env!("CARGO_BIN_EXE_sudokit"))
        .output()
        .expect("node runs");
    let text = String::from_utf8_lossy(&out.stdout);
    println!("{text}{}", String::from_utf8_lossy(&out.stderr));
    assert!(out.status.success(), "node --test {files:?} failed");
}

#[test]
fn the_page_model() {
    if available("node", node_runs()) {
        node_test(&["crates/web/tests/model.test.mjs"]);
    }
}

#[test]
fn the_page_in_chromium() {
    if !available("node", node_runs())
        || !available("/usr/bin/chromium", Path::new("/usr/bin/chromium").exists())
    {
        return;
    }
    let dir = repo().join("crates/web/tests/browser");
    if !dir.join("node_modules/playwright-core").exists() {
        let installed = Command::new("npm")
            .args(["ci", "--no-audit", "--no-fund"])
            .current_dir(&dir)
            .status()
            .is_ok_and(|s| s.success());
        if !available("playwright-core (npm ci failed)", installed) {
            return;
        }
    }
    node_test(&["crates/web/tests/browser/"]);
}
