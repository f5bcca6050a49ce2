//! The subcommands: each turns parsed arguments into work on the libraries and output.

mod bench;
mod candidates;
mod check;
mod count;
mod solve;
mod trace;

use std::process::ExitCode;
use std::sync::atomic::AtomicU64;
use std::sync::Arc;

use anyhow::Result;
use sudokit_core::format::write;
use sudokit_core::Grid;

use crate::args::{Command, Format, InputArgs, RunArgs};
use crate::batch::{self, Reply};
use crate::input::{self, Job};
use crate::progress::Progress;

/// Runs one subcommand; `Err` is a usage error (exit code 2).
pub fn run(command: Command) -> Result<ExitCode> {
    match command {
        Command::Solve(a) => solve::run(a),
        Command::Count(a) => count::run(a),
        Command::Check(a) => check::run(a),
        Command::Candidates(a) => candidates::run(a),
        Command::Trace(a) => trace::run(a),
        Command::Bench(a) => bench::run(a),
    }
}

/// Exit code 1 when any puzzle failed (or none was found), else 0.
fn exit_code(failed: bool) -> ExitCode {
    if failed {
        ExitCode::FAILURE
    } else {
        ExitCode::SUCCESS
    }
}

/// Reads every puzzle of the inputs and runs `work` on each, in parallel, answers in order.
fn run_batch<F>(input: &InputArgs, run: &RunArgs, verb: &'static str, work: F) -> Result<ExitCode>
where
    F: Fn(&Job) -> Reply + Sync,
{
    let opts = input::read_options(input)?;
    let read = Arc::new(AtomicU64::new(0));
    let sources = input::open(input, &read)?;
    let total = sources.iter().map(|s| s.size).sum::<Option<u64>>();
    let names: Vec<String> = sources.iter().map(|s| s.name.to_string()).collect();
    let threads = run.threads.map_or_else(default_threads, usize::from);
    let summary = batch::run(
        input::jobs(sources, opts),
        threads,
        Progress::new(verb, read, total),
        work,
    )?;
    if summary.puzzles == 0 {
        eprintln!("{}: no puzzle found", names.join(", "));
        return Ok(ExitCode::FAILURE);
    }
    Ok(exit_code(summary.failed > 0))
}

/// All cores.
fn default_threads() -> usize {
    std::thread::available_parallelism().map_or(1, |n| n.get())
}

/// A grid in a text format, ending with a newline (a blank line after multi-line formats).
fn render(grid: &Grid, format: Format) -> String {
    match format {
        Format::Line | Format::Json => write::line(grid) + "\n",
        Format::Grid => write::grid(grid) + "\n",
        Format::Matrix => write::matrix(grid) + "\n",
        Format::Triples => write::triples(grid) + "\n",
    }
}

/// The puzzle of a job, or the reply reporting why it could not be read or is invalid
/// (two equal givens in a house). `json` builds the JSON reply from the error message.
fn valid_puzzle<'a>(
    job: &'a Job,
    json: Option<&dyn Fn(String) -> String>,
) -> Result<&'a Grid, Reply> {
    let err = match &job.grid {
        Ok(g) => match g.find_conflict() {
            None => return Ok(g),
            Some(c) => format!("{}: {c}", job.place()),
        },
        Err(e) => job.read_error(e),
    };
    Err(match json {
        Some(to_json) => Reply {
            out: to_json(err) + "\n",
            err: String::new(),
            failed: true,
        },
        None => Reply {
            out: String::new(),
            err,
            failed: true,
        },
    })
}
