//! `sudokit serve` as a process: prints its address, answers over TCP, stops cleanly on
//! Ctrl-C (SIGINT) and SIGTERM, and says why when it cannot bind.

use std::io::{BufRead, BufReader, Read, Write};
use std::net::TcpStream;
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

fn start(extra: &[&str]) -> (Child, String) {
    let mut child = Command::new(env!("CARGO_BIN_EXE_sudokit"))
        .args(["serve", "--port", "0"])
        .args(extra)
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("sudokit serve starts");
    let mut line = String::new();
    let stdout = child.stdout.take().expect("piped");
    BufReader::new(stdout).read_line(&mut line).expect("a line");
    let addr = line
        .trim()
        .strip_prefix("sudokit serving at http://")
        .and_then(|a| a.strip_suffix('/'))
        .unwrap_or_else(|| panic!("unexpected first line {line:?}"))
        .to_string();
    (child, addr)
}

/// One HTTP/1.0 request; the whole answer as text.
fn request(addr: &str, head: &str, body: &str) -> String {
    let mut s = TcpStream::connect(addr).expect("connects");
    let text = format!(
        "{head} HTTP/1.0\r\nHost: x\r\nContent-Length: {}\r\n\r\n{body}",
        body.len()
    );
    s.write_all(text.as_bytes()).expect("sent");
    let mut out = String::new();
    s.read_to_string(&mut out).expect("an answer");
    out
}

/// Waits up to 5 s for the process to end.
fn wait(child: &mut Child) -> std::process::ExitStatus {
    let start = Instant::now();
    loop {
        if let Some(status) = child.try_wait().expect("waits") {
            return status;
        }
        assert!(start.elapsed() < Duration::from_secs(5), "did not stop");
        std::thread::sleep(Duration::from_millis(20));
    }
}

#[cfg(unix)]
fn signal(child: &Child, name: &str) {
    let ok = Command::new("kill")
        .args([name, &child.id().to_string()])
        .status()
        .expect("kill runs");
    assert!(ok.success());
}

#[test]
#[cfg(unix)]
fn serves_the_page_and_api_then_stops_on_ctrl_c() {
    let (mut child, addr) = start(&[]);
    assert!(addr.starts_with("127.0.0.1:"), "{addr}");
    let page = request(&addr, "GET /", "");
    assert!(
        page.starts_with("HTTP/1.0 200") || page.starts_with("HTTP/1.1 200"),
        "{page}"
    );
    assert!(page.contains("content-security-policy"));
    let puzzle =
        "003000100100400000000200000000000050007036000000000042200000000000070900580010000";
    let solved = request(
        &addr,
        "POST /api/solve",
        &format!(r#"{{"puzzle":"{puzzle}"}}"#),
    );
    assert!(solved.contains(r#""status":"unique""#), "{solved}");
    let bad = request(&addr, "POST /api/solve", "{");
    assert!(
        bad.contains(" 400 ") && bad.contains("invalid JSON"),
        "{bad}"
    );
    signal(&child, "-INT");
    assert!(wait(&mut child).success());
}

#[test]
#[cfg(unix)]
fn stops_on_sigterm() {
    let (mut child, _) = start(&["--host", "127.0.0.1"]);
    signal(&child, "-TERM");
    assert!(wait(&mut child).success());
}

#[test]
fn a_port_in_use_is_a_usage_error() {
    let (mut first, addr) = start(&[]);
    let port = addr.rsplit(':').next().expect("a port");
    let out = Command::new(env!("CARGO_BIN_EXE_sudokit"))
        .args(["serve", "--port", port])
        .output()
        .expect("runs");
    let _ = first.kill();
    let _ = first.wait();
    assert_eq!(out.status.code(), Some(2));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(
        err.contains(&format!("cannot serve on 127.0.0.1:{port}")),
        "{err}"
    );
}

#[test]
fn a_site_folder_without_a_page_is_a_usage_error() {
    let empty = std::env::temp_dir().join(format!("sudokit-empty-site-{}", std::process::id()));
    std::fs::create_dir_all(&empty).expect("a folder");
    let missing = empty.join("no-such-folder");
    let file = empty.join("a-file");
    std::fs::write(&file, "x").expect("a file");
    for (dir, why) in [
        (&missing, "there is no such folder"),
        (&file, "this is a file, not a folder"),
        (&empty, "the folder has no index.html"),
    ] {
        let out = Command::new(env!("CARGO_BIN_EXE_sudokit"))
            .args(["serve", "--port", "0", "--site"])
            .arg(dir)
            .output()
            .expect("runs");
        assert_eq!(out.status.code(), Some(2), "{dir:?}");
        let err = String::from_utf8_lossy(&out.stderr);
        assert!(err.contains(why) && err.contains("--site"), "{err}");
        assert!(out.stdout.is_empty(), "it did not start serving");
    }
    let _ = std::fs::remove_dir_all(&empty);
}
