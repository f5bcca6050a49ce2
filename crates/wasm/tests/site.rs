//! The engine in WebAssembly, end to end: `scripts/build-site` and
//! `scripts/build-package` build it (for the `wasm32-unknown-unknown` target, with the
//! pinned `wasm-bindgen-cli`), then `node --test` runs the JavaScript package's tests
//! and the static site's browser tests (`crates/web/tests/browser/site.mjs`: headless
//! Chromium, a plain static file server, offline after the first visit).
//!
//! Needs `scripts/install-wasm-tools`, `node`, `python3` and `/usr/bin/chromium`
//! (`.ci/run` installs them all). Under CI (`CI` set) a missing piece is a failure;
//! elsewhere these tests are skipped with a note.

use std::path::Path;
use std::process::Command;

use sudokit_testdata::{available, browser_ready, node_test, repo, runs};

/// The wasm target and the pinned wasm-bindgen, node: can the engine be built and run?
fn tools() -> bool {
    let pinned = std::fs::read_to_string(repo().join("crates/wasm/Cargo.toml"))
        .expect("crates/wasm/Cargo.toml")
        .lines()
        .find_map(|l| {
            l.strip_prefix("wasm-bindgen = \"=")
                .map(|v| v.trim_end_matches('"').to_string())
        })
        .expect("a pinned wasm-bindgen");
    let bindgen = Command::new("wasm-bindgen")
        .arg("--version")
        .output()
        .is_ok_and(|o| {
            String::from_utf8_lossy(&o.stdout).split_whitespace().nth(1) == Some(&pinned)
        });
    available(&format!("wasm-bindgen {pinned}"), bindgen)
        && available("node", runs("node", "--version"))
}

/// Runs a build script of the repository into `out`.
fn build(script: &str, out: &Path) {
    let status = Command::new(repo().join("scripts").join(script))
        .arg(out)
        .current_dir(repo())
        .status()
        .expect("the script runs");
    assert!(status.success(), "scripts/{script} failed");
}

#[test]
fn the_javascript_package() {
    if !tools() {
        return;
    }
    let out = Path::new(env!("CARGO_TARGET_TMPDIR")).join("npm/sudokit");
    build("build-package", &out);
    node_test(
        &["crates/wasm/js/test/"],
        &[("SUDOKIT_PACKAGE", out.as_ref())],
    );
}

#[test]
fn the_static_site_in_chromium_offline() {
    if !tools() || !available("python3", runs("python3", "--version")) || !browser_ready() {
        return;
    }
    let out = Path::new(env!("CARGO_TARGET_TMPDIR")).join("site");
    build("build-site", &out);
    node_test(
        &["crates/web/tests/browser/site.mjs"],
        &[("SUDOKIT_SITE", out.as_ref())],
    );
}
