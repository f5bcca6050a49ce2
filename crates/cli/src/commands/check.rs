//! `sudokit check`: is each puzzle valid, solvable, unique, minimal?

use std::process::ExitCode;

use anyhow::Result;
use sudokit_core::format::json::Json;
use sudokit_core::{Cell, Grid};

use super::{run_batch_reading, valid_puzzle, with_killers};
use crate::args::CheckArgs;
use crate::batch::Reply;
use crate::input::Job;

pub fn run(args: CheckArgs) -> Result<ExitCode> {
    let json = args.json;
    run_batch_reading(
        &args.input,
        &args.run,
        "checked",
        None,
        with_killers(&args.input)?,
        |job| check_one(job, json),
    )
}

/// The findings on one valid puzzle.
struct Report {
    clues: usize,
    solutions: u64,
    /// Givens whose removal keeps the solution unique (only for unique puzzles).
    redundant: Vec<Cell>,
}

impl Report {
    fn of(grid: &Grid) -> Report {
        let solutions = sudokit_solver::count(grid, 2).map_or(0, |o| o.count);
        let redundant = if solutions == 1 {
            sudokit_solver::redundant_givens(grid)
        } else {
            Vec::new()
        };
        Report {
            clues: grid.clue_count(),
            solutions,
            redundant,
        }
    }
}

fn check_one(job: &Job, json: bool) -> Reply {
    let to_json = |err: String| object(job, None, Some(err));
    let grid = match valid_puzzle(job, json.then_some(&to_json)) {
        Ok(g) => g,
        Err(reply) if json => return reply,
        Err(reply) => {
            return Reply {
                out: format!("{}: invalid\n", job.place()),
                ..reply
            }
        }
    };
    let report = Report::of(grid);
    let failed = report.solutions == 0;
    if json {
        return Reply {
            out: object(job, Some((&report, grid)), None) + "\n",
            err: String::new(),
            failed,
        };
    }
    let verdict = match report.solutions {
        0 => sudokit_solver::no_solution(grid),
        2.. => "several solutions".to_string(),
        _ if report.redundant.is_empty() => "unique, minimal".to_string(),
        _ => {
            let names: Vec<String> = report
                .redundant
                .iter()
                .map(|&c| grid.layout().cell_name(c))
                .collect();
            format!(
                "unique, not minimal ({} removable: {})",
                names.len(),
                names.join(" ")
            )
        }
    };
    Reply {
        out: format!("{}: {verdict}, {} clues\n", job.place(), report.clues),
        err: String::new(),
        failed,
    }
}

fn object(job: &Job, report: Option<(&Report, &Grid)>, error: Option<String>) -> String {
    let unique = report.map(|(r, _)| r.solutions == 1);
    let field = |f: &dyn Fn(&Report) -> Json| report.map_or(Json::Null, |(r, _)| f(r));
    Json::object([
        ("index", Json::from(job.index)),
        ("file", Json::from(&*job.file)),
        ("line", Json::from(job.line)),
        ("valid", Json::from(report.is_some())),
        ("solvable", field(&|r| Json::from(r.solutions > 0))),
        ("unique", field(&|r| Json::from(r.solutions == 1))),
        (
            "minimal",
            if unique == Some(true) {
                field(&|r| Json::from(r.redundant.is_empty()))
            } else {
                Json::Null
            },
        ),
        ("clues", field(&|r| Json::from(r.clues))),
        (
            "redundant",
            report.map_or(Json::Null, |(r, g)| {
                Json::strings(r.redundant.iter().map(|&c| g.layout().cell_name(c)))
            }),
        ),
        ("error", Json::opt_str(error)),
    ])
    .to_string()
}
