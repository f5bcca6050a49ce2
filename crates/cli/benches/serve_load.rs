//! A flood on `sudokit serve`: 64 clients on 127.0.0.1 (and nowhere else), each with one
//! keep-alive connection, sending hint and new-game requests back to back for 30 s
//! (`SUDOKIT_LOAD_SECS` to change). Prints requests/s, p50/p99 latency per endpoint, the
//! errors (any answer but 200, or a broken connection), and the server's resident memory
//! before and after each of three floods (`SUDOKIT_LOAD_ROUNDS`; growth would show as a
//! climb).
//!
//! `cargo bench -p sudokit --bench serve_load`

use std::io::{BufRead, BufReader, Read, Write};
use std::net::TcpStream;
use std::process::{Child, Command, Stdio};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::time::{Duration, Instant};

const CLIENTS: usize = 64;

/// Positions to ask hints for: examples/puzzles.txt's first puzzles (a few steps in).
const PUZZLES: &[&str] = &[
    "003000100100400000000200000000000050007036000000000042200000000000070900580010000",
    "7..51..68.6.728...8.1.69.7.....9.68..98....3..5.28..9.9..67.8.3.8.9....62.68.1.49",
    "4...3.......6..8..........1....5..9..8....6...7.2........1.27..5.3....4.9........",
    "53.....8....4....5...8.1.72..59......8.1.2.6......51..81.2.9...2....4....6.....91",
    ".43..7.9.7..432168..8..9..3...3.6...4..9.53863....49.18346.1..95127986349...4381.",
];

const LEVELS: &[&str] = &["easy", "medium", "hard", "unfair", "extreme"];

fn main() {
    let secs = std::env::var("SUDOKIT_LOAD_SECS")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(30u64);
    let rounds = std::env::var("SUDOKIT_LOAD_ROUNDS")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(3u32);
    let mut server = start();
    let port = read_port(&mut server);
    let pid = server.id();
    println!("sudokit serve on 127.0.0.1:{port}, {CLIENTS} clients, {secs} s per flood");
    let before = rss_kib(pid);
    for round in 1..=rounds {
        let mut report = flood(port, Duration::from_secs(secs));
        report.print(round, secs);
        println!(
            "  server memory: {} KiB before, {} KiB after",
            before,
            rss_kib(pid)
        );
    }
    let _ = server.kill();
    let _ = server.wait();
}

/// The release binary, serving on a free port of 127.0.0.1.
fn start() -> Child {
    Command::new(env!("CARGO_BIN_EXE_sudokit"))
        .args(["serve", "--host", "127.0.0.1", "--port", "0"])
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .expect("sudokit serve starts")
}

/// The port from the first line the server prints: `sudokit serving at http://127.0.0.1:P/`.
fn read_port(server: &mut Child) -> u16 {
    let mut line = String::new();
    let stdout = server.stdout.take().expect("piped");
    BufReader::new(stdout).read_line(&mut line).expect("a line");
    let port = line.trim().trim_end_matches('/').rsplit(':').next();
    port.and_then(|p| p.parse().ok())
        .unwrap_or_else(|| panic!("no address in {line:?}"))
}

/// Resident memory of `pid` in KiB (Linux), 0 where unknown.
fn rss_kib(pid: u32) -> u64 {
    let status = std::fs::read_to_string(format!("/proc/{pid}/status")).unwrap_or_default();
    status
        .lines()
        .find_map(|l| l.strip_prefix("VmRSS:"))
        .and_then(|v| v.trim().trim_end_matches("kB").trim().parse().ok())
        .unwrap_or(0)
}

/// What a flood measured.
#[derive(Default)]
struct Report {
    hint: Vec<Duration>,
    new: Vec<Duration>,
    errors: u64,
    first_error: Option<String>,
}

impl Report {
    fn print(&mut self, round: u32, secs: u64) {
        let total = self.hint.len() + self.new.len();
        println!(
            "flood {round}: {total} requests, {:.0} requests/s, {} errors{}",
            total as f64 / secs as f64,
            self.errors,
            self.first_error
                .as_ref()
                .map_or(String::new(), |e| format!(" (first: {e})"))
        );
        for (name, list) in [("hint", &mut self.hint), ("new ", &mut self.new)] {
            list.sort();
            let at = |q: f64| list.get(((list.len() as f64 - 1.0) * q) as usize).copied();
            let ms = |d: Option<Duration>| d.map_or(f64::NAN, |d| d.as_secs_f64() * 1e3);
            println!(
                "  {name}: {:>6} requests, p50 {:>7.1} ms, p99 {:>7.1} ms",
                list.len(),
                ms(at(0.5)),
                ms(at(0.99))
            );
        }
    }
}

/// `CLIENTS` threads sending requests for `time`; their measurements merged.
fn flood(port: u16, time: Duration) -> Report {
    let stop = Arc::new(AtomicBool::new(false));
    let clients: Vec<_> = (0..CLIENTS)
        .map(|i| {
            let stop = stop.clone();
            std::thread::spawn(move || client(i, port, &stop))
        })
        .collect();
    std::thread::sleep(time);
    stop.store(true, Ordering::Relaxed);
    let mut all = Report::default();
    for c in clients {
        let r = c.join().expect("a client");
        all.hint.extend(r.hint);
        all.new.extend(r.new);
        all.errors += r.errors;
        all.first_error = all.first_error.or(r.first_error);
    }
    all
}

/// One client: hint and new-game requests in turn on one connection until `stop`.
fn client(i: usize, port: u16, stop: &AtomicBool) -> Report {
    let mut report = Report::default();
    let mut conn: Option<Connection> = None;
    let mut n = i;
    while !stop.load(Ordering::Relaxed) {
        n += CLIENTS;
        let (path, body) = if n.is_multiple_of(2) {
            let p = PUZZLES[(n / 2) % PUZZLES.len()];
            ("/api/hint", format!(r#"{{"puzzle":"{p}"}}"#))
        } else {
            let level = LEVELS[(n / 2) % LEVELS.len()];
            (
                "/api/new",
                format!(r#"{{"layout":"9x9","level":"{level}","seed":{n}}}"#),
            )
        };
        let start = Instant::now();
        let c = match conn.take() {
            Some(c) => c,
            None => match Connection::open(port) {
                Ok(c) => c,
                Err(e) => {
                    report.fail(format!("connect: {e}"));
                    continue;
                }
            },
        };
        match c.post(path, &body) {
            Ok((200, c)) => {
                let took = start.elapsed();
                if path == "/api/hint" {
                    report.hint.push(took);
                } else {
                    report.new.push(took);
                }
                conn = Some(c);
            }
            Ok((status, c)) => {
                report.fail(format!("{path}: status {status}"));
                conn = Some(c);
            }
            Err(e) => report.fail(format!("{path}: {e}")),
        }
    }
    report
}

impl Report {
    fn fail(&mut self, why: String) {
        self.errors += 1;
        self.first_error.get_or_insert(why);
    }
}

/// A keep-alive HTTP/1.1 connection.
struct Connection {
    reader: BufReader<TcpStream>,
}

impl Connection {
    fn open(port: u16) -> std::io::Result<Connection> {
        let stream = TcpStream::connect(("127.0.0.1", port))?;
        stream.set_read_timeout(Some(Duration::from_secs(30)))?;
        stream.set_nodelay(true)?;
        Ok(Connection {
            reader: BufReader::new(stream),
        })
    }

    /// Sends a POST and reads the whole answer: its status, and the connection back.
    fn post(mut self, path: &str, body: &str) -> std::io::Result<(u16, Connection)> {
        let request = format!(
            "POST {path} HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n\
             Content-Length: {}\r\n\r\n{body}",
            body.len()
        );
        self.reader.get_mut().write_all(request.as_bytes())?;
        let mut line = String::new();
        self.reader.read_line(&mut line)?;
        let status = line
            .split(' ')
            .nth(1)
            .and_then(|s| s.parse().ok())
            .unwrap_or(0);
        let mut length = 0usize;
        loop {
            line.clear();
            if self.reader.read_line(&mut line)? == 0 {
                return Err(std::io::ErrorKind::UnexpectedEof.into());
            }
            let l = line.trim_end();
            if l.is_empty() {
                break;
            }
            if let Some((k, v)) = l.split_once(':') {
                if k.eq_ignore_ascii_case("content-length") {
                    length = v.trim().parse().unwrap_or(0);
                }
            }
        }
        let mut body = vec![0; length];
        self.reader.read_exact(&mut body)?;
        Ok((status, self))
    }
}
