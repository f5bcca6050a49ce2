//! What the binary's test files share: running the binary, temporary files, JSON lines.
#![allow(dead_code)] // each test file uses a different part

use std::path::PathBuf;

use assert_cmd::Command;

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
