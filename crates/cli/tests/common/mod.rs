//! What the binary's test files share: the data directory, running the binary, JSON lines.
#![allow(dead_code)] // each test file uses a different part

use std::path::PathBuf;

use assert_cmd::Command;

/// `../shared/data` beside the checkout (CI puts it there); `SUDOKIT_DATA` overrides.
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

pub fn sudokit() -> Command {
    Command::cargo_bin("sudokit").unwrap()
}

/// Runs `sudokit args...` with `stdin`; returns (exit code, stdout, stderr).
pub fn run(args: &[&str], stdin: &str) -> (i32, String, String) {
    let out = sudokit().args(args).write_stdin(stdin).output().unwrap();
    let text = |b: Vec<u8>| String::from_utf8(b).unwrap();
    (
        out.status.code().unwrap(),
        text(out.stdout),
        text(out.stderr),
    )
}

pub fn json_lines(stdout: &str) -> Vec<serde_json::Value> {
    stdout
        .lines()
        .map(|l| serde_json::from_str(l).unwrap_or_else(|e| panic!("{e}: {l}")))
        .collect()
}

pub fn temp_file(name: &str, contents: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("sudokit-cli-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join(name);
    std::fs::write(&path, contents).unwrap();
    path
}
