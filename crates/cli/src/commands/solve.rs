//! `sudokit solve`: every puzzle's solution, with a uniqueness check.

use std::process::ExitCode;

use anyhow::Result;
use sudokit_core::format::json::Json;
use sudokit_core::Grid;

use super::{conflict, no_solution_of, read_puzzle, render, run_batch};
use crate::args::{Format, SolveArgs};
use crate::batch::Reply;
use crate::input::Job;

pub fn run(args: SolveArgs) -> Result<ExitCode> {
    let (format, first) = (args.output.format(), args.first);
    run_batch(&args.input, &args.run, "solved", |job| {
        solve_one(job, format, first)
    })
}

/// What solving found.
enum Verdict {
    Unique(Grid),
    /// Solved with `--first`: uniqueness not checked.
    Solved(Grid),
    Multiple(Grid),
    None,
}

impl Verdict {
    fn status(&self) -> &'static str {
        match self {
            Verdict::Unique(_) => "unique",
            Verdict::Solved(_) => "solved",
            Verdict::Multiple(_) => "multiple",
            Verdict::None => "none",
        }
    }

    fn solution(&self) -> Option<&Grid> {
        match self {
            Verdict::Unique(g) | Verdict::Solved(g) | Verdict::Multiple(g) => Some(g),
            Verdict::None => None,
        }
    }
}

fn solve_one(job: &Job, format: Format, first: bool) -> Reply {
    let json = |err: String| to_json(job, "invalid", None, Some(err));
    let json = (format == Format::Json).then_some(&json as &dyn Fn(String) -> String);
    let grid = match read_puzzle(job, json) {
        Ok(g) => g,
        Err(reply) => return reply,
    };
    let outcome = match sudokit_solver::count(grid, if first { 1 } else { 2 }) {
        Ok(o) => o,
        Err(c) => return conflict(job, c, json),
    };
    let verdict = match (outcome.solution, outcome.count) {
        (Some(s), 1) if first => Verdict::Solved(s),
        (Some(s), 1) => Verdict::Unique(s),
        (Some(s), _) => Verdict::Multiple(s),
        (None, _) => Verdict::None,
    };
    if format == Format::Json {
        let out = to_json(job, verdict.status(), verdict.solution(), None) + "\n";
        return Reply {
            out,
            err: String::new(),
            failed: matches!(verdict, Verdict::None),
        };
    }
    match verdict {
        Verdict::None => Reply {
            out: String::new(),
            err: format!("{}: {}", job.place(), no_solution_of(job)),
            failed: true,
        },
        Verdict::Multiple(s) => Reply {
            out: render(&s, format),
            err: format!(
                "{}: several solutions; the first found is shown",
                job.place()
            ),
            failed: false,
        },
        Verdict::Unique(s) | Verdict::Solved(s) => Reply {
            out: render(&s, format),
            ..Reply::default()
        },
    }
}

fn to_json(job: &Job, status: &str, solution: Option<&Grid>, error: Option<String>) -> String {
    Json::object([
        ("index", Json::from(job.index)),
        ("file", Json::from(&*job.file)),
        ("line", Json::from(job.line)),
        ("status", Json::from(status)),
        ("solution", Json::opt_str(solution.map(Grid::to_line))),
        ("error", Json::opt_str(error)),
    ])
    .to_string()
}
