//! `sudokit play` in a real terminal: tmux runs it, `send-keys` plays an Easy puzzle,
//! `capture-pane` reads the screen. The game is left half-way (q saves it), resumed with
//! `--resume`, and played to the end.
//!
//! Needs `tmux` (`.ci/run` installs it). Under CI a missing tmux is a failure; elsewhere
//! the test is skipped with a note.

use std::path::{Path, PathBuf};
use std::process::Command;
use std::time::{Duration, Instant};

use sudokit_core::Grid;

const EASY: &str =
    "..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3..";

/// A tmux server of its own (`-L`), so the test touches no other session.
struct Tmux {
    socket: String,
}

impl Tmux {
    fn run(&self, args: &[&str]) -> String {
        let out = Command::new("tmux")
            .arg("-L")
            .arg(&self.socket)
            .args(args)
            .output()
            .expect("tmux runs");
        String::from_utf8_lossy(&out.stdout).into_owned()
    }

    /// Starts `command` in a new session. Retried for up to 20 s: right after a game
    /// quits, the last session's server may still be exiting and refuse it (seen in CI:
    /// the resumed game never appeared).
    fn start(&self, command: &str) {
        let start = Instant::now();
        loop {
            self.run(&[
                "new-session",
                "-d",
                "-s",
                "play",
                "-x",
                "80",
                "-y",
                "24",
                command,
            ]);
            if self.has_session() || start.elapsed() > Duration::from_secs(20) {
                return;
            }
            std::thread::sleep(Duration::from_millis(100));
        }
    }

    fn has_session(&self) -> bool {
        Command::new("tmux")
            .arg("-L")
            .arg(&self.socket)
            .args(["has-session", "-t", "play"])
            .output()
            .is_ok_and(|out| out.status.success())
    }

    fn keys(&self, keys: &str) {
        self.run(&["send-keys", "-t", "play", "-l", keys]);
    }

    fn screen(&self) -> String {
        self.run(&["capture-pane", "-t", "play", "-p"])
    }

    /// Waits up to 20 s for the screen to show `text`; the screen at the end.
    fn wait_for(&self, text: &str) -> String {
        self.wait_until(|screen| screen.contains(text))
    }

    /// Waits up to 20 s for `done` to hold of the screen; the screen at the end. A
    /// screen is drawn line by line, so a capture may catch one half drawn (seen on a
    /// loaded machine): wait for what the assertion needs, not only for its first line.
    fn wait_until(&self, done: impl Fn(&str) -> bool) -> String {
        let start = Instant::now();
        loop {
            let screen = self.screen();
            if done(&screen) || start.elapsed() > Duration::from_secs(20) {
                return screen;
            }
            std::thread::sleep(Duration::from_millis(100));
        }
    }

    /// Waits up to 20 s for the session to end (the game quit).
    fn wait_exit(&self) {
        let start = Instant::now();
        while !self.run(&["list-sessions"]).is_empty() && start.elapsed() < Duration::from_secs(20)
        {
            std::thread::sleep(Duration::from_millis(100));
        }
    }
}

impl Drop for Tmux {
    fn drop(&mut self) {
        self.run(&["kill-server"]);
    }
}

fn tmux_available() -> bool {
    let ok = Command::new("tmux")
        .arg("-V")
        .output()
        .is_ok_and(|o| o.status.success());
    if !ok {
        assert!(
            std::env::var_os("CI").is_none(),
            "tmux is missing (CI needs it)"
        );
        eprintln!("skipped: tmux is missing");
    }
    ok
}

/// The keys that fill row `r` from its first cell, moving right; the cursor ends on the
/// row's last cell.
fn row_keys(puzzle: &Grid, solution: &Grid, r: usize) -> String {
    let layout = puzzle.layout();
    let mut keys = String::new();
    for c in 0..9 {
        let cell = layout.cell(r, c);
        if puzzle.get(cell).is_none() {
            keys.push(solution.get(cell).unwrap().to_char());
        }
        if c < 8 {
            keys.push('l');
        }
    }
    keys
}

fn command(bin: &Path, data: &Path, args: &str) -> String {
    format!(
        "env XDG_DATA_HOME={} TERM=xterm-256color {} play {args}",
        data.display(),
        bin.display()
    )
}

/// A fresh folder named `name`: the Easy puzzle's file, the data folder the game saves
/// into, and the binary under test.
fn scratch(name: &str) -> (PathBuf, PathBuf, PathBuf) {
    let dir = std::env::temp_dir().join(format!("{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    let file = dir.join("easy.txt");
    std::fs::write(&file, format!("{EASY}\n")).unwrap();
    let bin = PathBuf::from(env!("CARGO_BIN_EXE_sudokit"));
    (file, dir.join("data"), bin)
}

#[test]
fn an_easy_game_is_left_resumed_and_finished_in_tmux() {
    if !tmux_available() {
        return;
    }
    let (file, data, bin) = scratch("sudokit-play");
    let puzzle = Grid::from_line(EASY).unwrap();
    let solution = sudokit_solver::count(&puzzle, 2).unwrap().solution.unwrap();

    let tmux = Tmux {
        socket: format!("sudokit-test-{}", std::process::id()),
    };
    tmux.start(&command(&bin, &data, &file.display().to_string()));
    let screen = tmux.wait_for("hjkl move");
    assert!(screen.contains("┏━━━┯━━━┯━━━┳"), "{screen}");
    for r in 0..8 {
        tmux.keys(&row_keys(&puzzle, &solution, r));
        tmux.keys(&format!("j{}", "h".repeat(8)));
    }
    // Row 8 is filled as the solution has it.
    let row8: String = (0..9)
        .map(|c| solution.get(puzzle.layout().cell(7, c)).unwrap().to_char())
        .collect();
    let screen = tmux.wait_until(|s| s.contains("r9c1") && digits_on_line(s, 16) == row8);
    assert!(screen.contains("Moves: "), "{screen}");
    assert_eq!(digits_on_line(&screen, 16), row8, "{screen}");
    let moves = moves_of(&screen);
    assert!(moves > 0, "{screen}");
    tmux.keys("q");
    tmux.wait_exit();
    let saves: Vec<_> = std::fs::read_dir(data.join("sudokit/games"))
        .unwrap()
        .collect();
    assert_eq!(saves.len(), 1, "one saved game");

    tmux.start(&command(&bin, &data, "--resume"));
    let screen = tmux.wait_until(|s| s.contains("hjkl move") && digits_on_line(s, 16) == row8);
    assert_eq!(
        digits_on_line(&screen, 16),
        row8,
        "the resumed game has the rows played: {screen}"
    );
    // The cursor comes back where it was: the first cell of row 9; the moves and the
    // history too (undo takes back the last digit of row 8).
    assert!(screen.contains("r9c1"), "{screen}");
    assert_eq!(moves_of(&screen), moves, "{screen}");
    tmux.keys("u");
    let undone = tmux.wait_until(|s| moves_of(s) == moves - 1);
    assert_ne!(
        digits_on_line(&undone, 16),
        row8,
        "undo after resuming: {undone}"
    );
    tmux.keys("\x12");
    tmux.wait_until(|s| moves_of(s) == moves);
    tmux.keys(&row_keys(&puzzle, &solution, 8));
    let screen = tmux.wait_for("Solved in");
    assert!(screen.contains("Solved in"), "{screen}");
    tmux.keys("q");
    tmux.wait_exit();
}

#[test]
fn play_without_a_terminal_says_so() {
    let out = Command::new(env!("CARGO_BIN_EXE_sudokit"))
        .args(["play", "--level", "easy"])
        .stdin(std::process::Stdio::null())
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("needs a terminal"));
}

#[test]
fn sigterm_saves_the_game_and_ends_it() {
    if !tmux_available() {
        return;
    }
    let (file, data, bin) = scratch("sudokit-play-term");
    let tmux = Tmux {
        socket: format!("sudokit-term-{}", std::process::id()),
    };
    tmux.start(&command(&bin, &data, &file.display().to_string()));
    tmux.wait_for("hjkl move");
    tmux.keys("l7");
    tmux.wait_for("your 7");
    let pid = tmux.run(&["list-panes", "-t", "play", "-F", "#{pane_pid}"]);
    let status = Command::new("kill")
        .args(["-TERM", pid.trim()])
        .status()
        .unwrap();
    assert!(status.success());
    tmux.wait_exit();
    let games: Vec<PathBuf> = std::fs::read_dir(data.join("sudokit/games"))
        .unwrap()
        .map(|e| e.unwrap().path())
        .collect();
    assert_eq!(games.len(), 1);
    let saved = std::fs::read_to_string(&games[0]).unwrap();
    assert!(
        saved.contains("\"entries\":\".7"),
        "the 7 in r1c2 was saved: {saved}"
    );
}

/// A game whose terminal goes away (its tmux session killed, as a dropped SSH connection
/// would) is saved and ends within a second, instead of spinning on a dead terminal.
#[test]
fn a_game_whose_terminal_goes_away_is_saved_and_ends() {
    if !tmux_available() {
        return;
    }
    let (file, data, bin) = scratch("sudokit-play-gone");
    let tmux = Tmux {
        socket: format!("sudokit-gone-{}", std::process::id()),
    };
    tmux.start(&command(&bin, &data, &file.display().to_string()));
    // A second session keeps the tmux server, which reaps the game, alive.
    tmux.run(&["new-session", "-d", "-s", "keep", "sleep 60"]);
    tmux.wait_for("hjkl move");
    tmux.keys("l7");
    tmux.wait_for("your 7");
    let pid = tmux.run(&["list-panes", "-t", "play", "-F", "#{pane_pid}"]);
    let proc_dir = PathBuf::from(format!("/proc/{}", pid.trim()));
    assert!(proc_dir.exists(), "the game runs");
    tmux.run(&["kill-session", "-t", "play"]);
    let start = Instant::now();
    let alive = |dir: &Path| {
        std::fs::read_to_string(dir.join("status")).is_ok_and(|s| {
            !s.lines()
                .any(|l| l.starts_with("State:") && l.contains('Z'))
        })
    };
    while alive(&proc_dir) && start.elapsed() < Duration::from_secs(5) {
        std::thread::sleep(Duration::from_millis(20));
    }
    let took = start.elapsed();
    assert!(
        !alive(&proc_dir),
        "the game still runs 5 s after its terminal went away"
    );
    assert!(
        took < Duration::from_secs(1),
        "the game took {took:?} to end"
    );
    let games: Vec<PathBuf> = std::fs::read_dir(data.join("sudokit/games"))
        .unwrap()
        .map(|e| e.unwrap().path())
        .collect();
    assert_eq!(games.len(), 1);
    let saved = std::fs::read_to_string(&games[0]).unwrap();
    assert!(
        saved.contains("\"entries\":\".7"),
        "the 7 in r1c2 was saved: {saved}"
    );
}

/// A game opened and left without a move leaves no file behind.
#[test]
fn an_untouched_game_is_not_saved() {
    if !tmux_available() {
        return;
    }
    let (file, data, bin) = scratch("sudokit-play-untouched");
    let tmux = Tmux {
        socket: format!("sudokit-untouched-{}", std::process::id()),
    };
    tmux.start(&command(&bin, &data, &file.display().to_string()));
    tmux.wait_for("hjkl move");
    tmux.keys("lljq");
    tmux.wait_exit();
    let saved = std::fs::read_dir(data.join("sudokit/games")).map_or(0, |d| d.count());
    assert_eq!(saved, 0, "moving the cursor is not a move");
}

/// The move count the side panel shows.
fn moves_of(screen: &str) -> usize {
    screen
        .split("Moves: ")
        .nth(1)
        .and_then(|rest| rest.split_whitespace().next())
        .and_then(|n| n.parse().ok())
        .unwrap_or(0)
}

/// The digits shown on line `n` of a captured screen, in order.
fn digits_on_line(screen: &str, n: usize) -> String {
    screen
        .lines()
        .nth(n)
        .unwrap_or_default()
        .chars()
        .filter(char::is_ascii_digit)
        .collect()
}

#[test]
fn a_killer_is_drawn_hinted_and_played_to_the_end_in_tmux() {
    if !tmux_available() {
        return;
    }
    let (_, data, bin) = scratch("sudokit-play-killer");
    let file = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../examples/killer.txt");
    let text = std::fs::read_to_string(&file).unwrap();
    let opts = sudokit_core::format::ReadOptions {
        killer: true,
        ..Default::default()
    };
    let puzzle = sudokit_core::format::Reader::new(text.as_bytes(), opts)
        .next()
        .unwrap()
        .grid
        .unwrap();
    let solution = sudokit_solver::count(&puzzle, 2).unwrap().solution.unwrap();
    let tmux = Tmux {
        socket: format!("sudokit-killer-{}", std::process::id()),
    };
    tmux.start(&command(&bin, &data, &file.display().to_string()));
    let screen = tmux.wait_for("hjkl move");
    // The title says what a killer asks; the first cage's sum (11, at r1c1) sits on the
    // grid's top line; the panel names the cursor's cage.
    assert!(
        screen.contains("killer: each cage adds up to its sum"),
        "{screen}"
    );
    assert!(screen.contains("┏11━"), "{screen}");
    assert!(screen.contains("Cage: 3 cells adding up to 11"), "{screen}");
    // Cage outlines are dashed; inside a cage no line parts the cells.
    assert!(screen.contains('┄') && screen.contains('┆'), "{screen}");
    // A hint names a killer technique and where to look.
    tmux.keys("?");
    let hinted = tmux.wait_until(|s| s.contains("look at"));
    assert!(
        ["Cage Combinations", "Innies and Outies", "Cage/House"]
            .iter()
            .any(|t| hinted.contains(t)),
        "{hinted}"
    );
    for r in 0..9 {
        tmux.keys(&row_keys(&puzzle, &solution, r));
        if r < 8 {
            tmux.keys(&format!("j{}", "h".repeat(8)));
        }
    }
    let screen = tmux.wait_for("Solved in");
    assert!(screen.contains("Solved in"), "{screen}");
    tmux.keys("q");
    tmux.wait_exit();
}
