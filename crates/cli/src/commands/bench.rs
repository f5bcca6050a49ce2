//! `sudokit bench`: in-process timing of the uniqueness check, one thread, per file.

use std::hint::black_box;
use std::io::Write;
use std::process::ExitCode;
use std::sync::atomic::AtomicU64;
use std::sync::Arc;
use std::time::Instant;

use anyhow::Result;
use sudokit_core::format::json::Json;
use sudokit_core::Grid;
use sudokit_solver::Level;

use crate::args::BenchArgs;
use crate::input;

/// Timing of one file.
struct Timing {
    file: String,
    puzzles: usize,
    skipped: usize,
    micros: f64,
    guesses: f64,
}

pub fn run(args: BenchArgs) -> Result<ExitCode> {
    let level = match &args.level {
        None => Level::best(),
        Some(name) => *Level::supported()
            .iter()
            .find(|l| l.name() == name)
            .ok_or_else(|| {
                let names: Vec<&str> = Level::supported().iter().map(|l| l.name()).collect();
                anyhow::anyhow!(
                    "level '{name}' is not supported here (supported: {})",
                    names.join(", ")
                )
            })?,
    };
    let opts = input::read_options(&args.input)?;
    let sources = input::open(&args.input, &Arc::new(AtomicU64::new(0)));
    let mut stdout = std::io::stdout().lock();
    if !args.json {
        let mode = match args.limit {
            1 => "first solution".to_string(),
            2 => "uniqueness check (count to 2)".to_string(),
            n => format!("count to {n}"),
        };
        writeln!(
            stdout,
            "# {mode}, one thread, 9×9 engine level {} (others: generic solver)",
            level.name()
        )?;
        writeln!(
            stdout,
            "{:<40} {:>8} {:>10} {:>11} {:>15}",
            "file", "puzzles", "µs/puzzle", "puzzles/s", "guesses/puzzle"
        )?;
    }
    let mut failed = false;
    for source in sources {
        let file = source.name.to_string();
        let records = input::jobs(vec![source], opts.clone());
        // Bad puzzles are reported (where and why) and left out of the timing.
        let (mut grids, mut skipped) = (Vec::new(), 0);
        for job in records {
            match super::valid_puzzle(&job, None) {
                Ok(grid) => grids.push(grid.clone()),
                Err(reply) => {
                    eprintln!("{}", reply.err.trim_end());
                    skipped += 1;
                }
            }
        }
        failed |= skipped > 0;
        if grids.is_empty() {
            eprintln!("{file}: no valid puzzle to time");
            failed = true;
            continue;
        }
        let t = time(file, &grids, skipped, args.limit, args.repeat, level);
        writeln!(
            stdout,
            "{}",
            if args.json {
                to_json(&t, args.limit, level)
            } else {
                to_row(&t)
            }
        )?;
    }
    Ok(super::exit_code(failed))
}

/// Warm-up pass, then `repeat` timed passes; the fastest counts.
fn time(
    file: String,
    grids: &[Grid],
    skipped: usize,
    limit: u64,
    repeat: u32,
    level: Level,
) -> Timing {
    let pass = |grids: &[Grid]| -> u64 {
        grids
            .iter()
            .map(|g| {
                black_box(sudokit_solver::count_solutions_on(
                    black_box(g),
                    limit,
                    level,
                ))
                .map_or(0, |(_, guesses)| guesses)
            })
            .sum()
    };
    black_box(pass(&grids[..grids.len().min(1000)]));
    let mut best = f64::MAX;
    let mut guesses = 0;
    for _ in 0..repeat {
        let start = Instant::now();
        guesses = pass(grids);
        best = best.min(start.elapsed().as_secs_f64());
    }
    let n = grids.len() as f64;
    Timing {
        file,
        puzzles: grids.len(),
        skipped,
        micros: best * 1e6 / n,
        guesses: guesses as f64 / n,
    }
}

fn to_row(t: &Timing) -> String {
    let name = t.file.rsplit('/').next().unwrap_or(&t.file);
    let skipped = if t.skipped > 0 {
        format!("  ({} invalid skipped)", t.skipped)
    } else {
        String::new()
    };
    format!(
        "{name:<40} {:>8} {:>10.2} {:>11.0} {:>15.2}{skipped}",
        t.puzzles,
        t.micros,
        1e6 / t.micros,
        t.guesses
    )
}

fn to_json(t: &Timing, limit: u64, level: Level) -> String {
    Json::object([
        ("level", Json::from(level.name())),
        ("file", Json::from(t.file.as_str())),
        ("puzzles", Json::from(t.puzzles)),
        ("skipped", Json::from(t.skipped)),
        ("limit", Json::from(limit)),
        ("us_per_puzzle", Json::from(t.micros)),
        ("puzzles_per_second", Json::from(1e6 / t.micros)),
        ("guesses_per_puzzle", Json::from(t.guesses)),
    ])
    .to_string()
}
