//! The web page in a real browser: `node --test` runs the page's model tests and the
//! browser tests of `crates/web/tests/browser` (playwright-core driving Debian's
//! headless Chromium) against this build's `sudokit serve`.
//!
//! Needs `node`, and `/usr/bin/chromium` for the browser tests (`apt-get install
//! chromium`; `.ci/run` installs it). Under CI (`CI` set) a missing piece is a failure;
//! elsewhere the browser tests are skipped with a note.

use sudokit_testdata::{available, browser_ready, node_test as node_test_with, runs};

fn node_runs() -> bool {
    runs("node", "--version")
}

/// `node --test FILES` with the binary under test.
fn node_test(files: &[&str]) {
    node_test_with(
        files,
        &[("SUDOKIT_BIN", env!("CARGO_BIN_EXE_sudokit").as_ref())],
    );
}

#[test]
fn the_page_model() {
    if available("node", node_runs()) {
        node_test(&["crates/web/tests/model.test.mjs"]);
    }
}

#[test]
fn the_page_in_chromium() {
    if !available("node", node_runs()) || !browser_ready() {
        return;
    }
    node_test(&["crates/web/tests/browser/"]);
}
