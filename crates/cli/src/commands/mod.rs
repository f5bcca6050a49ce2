//! The subcommands: each turns parsed arguments into work on the libraries and output.

mod bench;
mod candidates;
mod canon;
mod check;
mod count;
mod explain;
mod generate;
mod hint;
mod logic;
mod play;
mod print;
mod rate;
mod serve;
mod solve;
mod trace;

use std::process::ExitCode;
use std::sync::atomic::{AtomicU64, AtomicUsize};
use std::sync::Arc;

use anyhow::Result;
use sudokit_core::format::{write, ReadOptions};
use sudokit_core::{Conflict, Grid};

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
        Command::Hint(a) => hint::run(a),
        Command::Explain(a) => explain::run(a),
        Command::Rate(a) => rate::run(a),
        Command::Generate(a) => generate::run(a),
        Command::Canon(a) => canon::run_canon(a),
        Command::Transform(a) => canon::run_transform(a),
        Command::Serve(a) => serve::run(a),
        Command::Print(a) => print::run(a),
        Command::Play(a) => play::run(a),
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
    run_batch_paced(input, run, verb, None, work)
}

/// The reader's options for a command that takes killers too (cage blocks are read), for
/// [`run_batch_reading`].
fn with_killers(input: &InputArgs) -> Result<ReadOptions> {
    let mut opts = input::read_options(input)?;
    opts.killer = true;
    Ok(opts)
}

/// [`run_batch`]; with `spare`, the work takes seconds a puzzle: puzzles are handed to
/// the threads one at a time (a file of a hundred still uses every thread), and each
/// thread that runs out of puzzles is counted in `spare` for the puzzles still running.
fn run_batch_paced<F>(
    input: &InputArgs,
    run: &RunArgs,
    verb: &'static str,
    spare: Option<&AtomicUsize>,
    work: F,
) -> Result<ExitCode>
where
    F: Fn(&Job) -> Reply + Sync,
{
    let opts = input::read_options(input)?;
    run_batch_reading(input, run, verb, spare, opts, work)
}

/// [`run_batch_paced`] with the reader's options given.
fn run_batch_reading<F>(
    input: &InputArgs,
    run: &RunArgs,
    verb: &'static str,
    spare: Option<&AtomicUsize>,
    opts: ReadOptions,
    work: F,
) -> Result<ExitCode>
where
    F: Fn(&Job) -> Reply + Sync,
{
    let read = Arc::new(AtomicU64::new(0));
    let sources = input::open(input, &read);
    let total = sources.iter().map(|s| s.size).sum::<Option<u64>>();
    let names: Vec<String> = sources.iter().map(|s| s.name.to_string()).collect();
    let threads = run.threads.map_or_else(default_threads, usize::from);
    let jobs = input::jobs(sources, opts);
    let progress = Progress::reading(verb, read, total);
    let summary = match spare {
        Some(spare) => batch::run_slow(jobs, threads, progress, spare, work)?,
        None => batch::run(jobs, threads, progress, work)?,
    };
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
        Format::Fpuzzles => write::fpuzzles(grid) + "\n",
        Format::Sudokupad => write::sudokupad_link(grid) + "\n",
    }
}

/// A function building a command's JSON reply from an error message.
type JsonError<'a> = Option<&'a dyn Fn(String) -> String>;

/// The puzzle of a job, or the reply reporting why it could not be read.
fn read_puzzle<'a>(job: &'a Job, json: JsonError) -> Result<&'a Grid, Reply> {
    job.grid
        .as_ref()
        .map_err(|e| invalid(job.read_error(e), json))
}

/// "no solution: " and why (the smallest contradiction found), for a job's puzzle known
/// to have no solution.
fn no_solution_of(job: &Job) -> String {
    match &job.grid {
        Ok(grid) => sudokit_solver::no_solution(grid),
        Err(_) => "no solution".to_string(),
    }
}

/// The reply for a puzzle whose givens conflict (two equal digits in a house).
fn conflict(job: &Job, c: Conflict, json: JsonError) -> Reply {
    invalid(format!("{}: {c}", job.place()), json)
}

/// The reply for an invalid puzzle: the message on standard error, or in the JSON object.
fn invalid(message: String, json: JsonError) -> Reply {
    match json {
        Some(to_json) => Reply {
            out: to_json(message) + "\n",
            err: String::new(),
            failed: true,
        },
        None => Reply {
            out: String::new(),
            err: message,
            failed: true,
        },
    }
}

/// The puzzle of a job, or the reply for a read error or conflicting givens: for commands
/// that look at the grid before any search.
fn valid_puzzle<'a>(job: &'a Job, json: JsonError) -> Result<&'a Grid, Reply> {
    let grid = read_puzzle(job, json)?;
    match grid.find_conflict() {
        Some(c) => Err(conflict(job, c, json)),
        None => Ok(grid),
    }
}
