//! `sudokit solve`: every puzzle's solution, with a uniqueness check.

use std::process::ExitCode;

use anyhow::Result;
use sudokit_core::format::json::Json;
use sudokit_logic::answer::{SolveAnswer, Status};

use super::{conflict, no_solution_of, read_puzzle, render, run_batch_reading, with_killers};
use crate::args::{Format, SolveArgs};
use crate::batch::Reply;
use crate::input::Job;

pub fn run(args: SolveArgs) -> Result<ExitCode> {
    let (format, first) = (args.output.format(), args.first);
    run_batch_reading(
        &args.input,
        &args.run,
        "solved",
        None,
        with_killers(&args.input)?,
        |job| solve_one(job, format, first),
    )
}

fn solve_one(job: &Job, format: Format, first: bool) -> Reply {
    let invalid = SolveAnswer {
        status: Status::Invalid,
        solution: None,
    };
    let json = |err: String| to_json(job, &invalid, Some(err));
    let json = (format == Format::Json).then_some(&json as &dyn Fn(String) -> String);
    let grid = match read_puzzle(job, json) {
        Ok(g) => g,
        Err(reply) => return reply,
    };
    let outcome = match sudokit_solver::count(grid, if first { 1 } else { 2 }) {
        Ok(o) => o,
        Err(c) => return conflict(job, c, json),
    };
    let answer = SolveAnswer::of(&outcome, first);
    if format == Format::Json {
        let out = to_json(job, &answer, None) + "\n";
        return Reply {
            out,
            err: String::new(),
            failed: answer.status == Status::None,
        };
    }
    match (answer.status, outcome.solution) {
        (Status::Multiple, Some(s)) => Reply {
            out: render(&s, format),
            err: format!(
                "{}: several solutions; the first found is shown",
                job.place()
            ),
            failed: false,
        },
        (_, Some(s)) => Reply {
            out: render(&s, format),
            ..Reply::default()
        },
        (_, None) => Reply {
            out: String::new(),
            err: format!("{}: {}", job.place(), no_solution_of(job)),
            failed: true,
        },
    }
}

/// The shared answer after the CLI's envelope (where the puzzle was), then the error.
fn to_json(job: &Job, answer: &SolveAnswer, error: Option<String>) -> String {
    Json::object([
        ("index", Json::from(job.index)),
        ("file", Json::from(&*job.file)),
        ("line", Json::from(job.line)),
        ("status", Json::from(answer.status.name())),
        ("solution", Json::opt_str(answer.solution.clone())),
        ("error", Json::opt_str(error)),
    ])
    .to_string()
}
