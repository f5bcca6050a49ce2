//! Where rating time goes, technique by technique: solves every puzzle of a file on one
//! thread and prints, for each technique, how often it was tried, how often it found the
//! step, the time spent in it (the time between the engine's calls to its observer), and
//! its longest single call: how long a step can run between two of the engine's
//! cancellation checks (it looks at its token between techniques).
//!
//! ```text
//! cargo run --release -p sudokit-logic --example technique_time -- ../shared/data/bench/puzzles3_magictour_top1465.txt
//! ```

use std::collections::BTreeMap;
use std::time::{Duration, Instant};

use sudokit_core::format::read_all;
use sudokit_logic::{next_step_observed, Board, Memo, Options, Technique};

fn main() {
    let Some(path) = std::env::args().nth(1) else {
        eprintln!("usage: technique_time FILE");
        std::process::exit(2);
    };
    let text = match std::fs::read_to_string(&path) {
        Ok(text) => text,
        Err(e) => {
            eprintln!("{path}: {e}");
            std::process::exit(2);
        }
    };
    let mut spent: BTreeMap<Technique, (u64, u64, Duration, Duration)> = BTreeMap::new();
    let options = Options::default();
    let start = Instant::now();
    for record in read_all(&text) {
        let Ok(grid) = record.grid else { continue };
        let mut board = Board::new(&grid, record.marks.as_deref());
        let mut memo = Memo::new();
        while !board.is_solved() {
            let mut last = Instant::now();
            let step = next_step_observed(&board, &options, &mut memo, &mut |t, found| {
                let now = Instant::now();
                let entry = spent.entry(t).or_default();
                entry.0 += 1;
                entry.1 += u64::from(found);
                entry.2 += now - last;
                entry.3 = entry.3.max(now - last);
                last = now;
            });
            let Some(step) = step else { break };
            board.apply(&step);
        }
    }
    let total = start.elapsed();
    let mut rows: Vec<_> = spent.into_iter().collect();
    rows.sort_by_key(|(_, (_, _, time, _))| std::cmp::Reverse(*time));
    println!(
        "{:<34} {:>9} {:>8} {:>9} {:>6} {:>9}",
        "technique", "tried", "found", "ms", "%", "max ms"
    );
    for (t, (tried, found, time, longest)) in rows {
        let share = 100.0 * time.as_secs_f64() / total.as_secs_f64();
        println!(
            "{:<34} {tried:>9} {found:>8} {:>9.1} {share:>6.1} {:>9.2}",
            t.name(),
            time.as_secs_f64() * 1e3,
            longest.as_secs_f64() * 1e3
        );
    }
    println!("total {:.1} ms", total.as_secs_f64() * 1e3);
}
