//! `sudokit candidates`: the pencil marks of each puzzle, after the givens or after singles.

use std::process::ExitCode;

use anyhow::Result;
use sudokit_core::format::json::Json;
use sudokit_core::format::write;
use sudokit_core::{Digit, DigitSet, Grid};
use sudokit_solver::Marks;

use super::{run_batch, valid_puzzle};
use crate::args::{CandidatesArgs, MarksFormat, RunArgs};
use crate::batch::Reply;
use crate::input::Job;

pub fn run(args: CandidatesArgs) -> Result<ExitCode> {
    let format = if args.json {
        MarksFormat::Json
    } else {
        args.format
    };
    let propagate = args.propagate;
    run_batch(&args.input, &RunArgs { threads: None }, "marked", |job| {
        marks_one(job, propagate, format)
    })
}

/// The marks right after the givens: each blank cell's candidates are the digits no peer holds.
fn given_marks(grid: &Grid) -> Marks {
    let candidates = grid
        .layout()
        .cells()
        .map(|c| {
            grid.get(c)
                .map_or_else(|| grid.candidates(c), DigitSet::single)
        })
        .collect();
    Marks {
        values: grid.values().to_vec(),
        candidates,
    }
}

fn marks_one(job: &Job, propagate: bool, format: MarksFormat) -> Reply {
    let json = |err: String| object(job, None, Some(err));
    let grid = match valid_puzzle(job, (format == MarksFormat::Json).then_some(&json)) {
        Ok(g) => g,
        Err(reply) => return reply,
    };
    let marks = if propagate {
        match sudokit_solver::singles(grid).expect("conflicts were checked") {
            Ok(m) => m,
            Err(dead) => {
                let err = format!(
                    "{}: no solution: singles lead to a contradiction: {}",
                    job.place(),
                    dead.describe(grid.layout())
                );
                let out = if format == MarksFormat::Json {
                    object(job, None, Some(err.clone())) + "\n"
                } else {
                    String::new()
                };
                let err = if format == MarksFormat::Json {
                    String::new()
                } else {
                    err
                };
                return Reply {
                    out,
                    err,
                    failed: true,
                };
            }
        }
    } else {
        given_marks(grid)
    };
    let out = match format {
        MarksFormat::Grid => {
            write::candidates(grid.layout(), &marks.values, &marks.candidates) + "\n"
        }
        MarksFormat::Line => marks_line(grid.side(), &marks.candidates) + "\n",
        MarksFormat::Json => object(job, Some(&marks), None) + "\n",
    };
    Reply {
        out,
        ..Reply::default()
    }
}

/// N³ symbols: for each cell, position `d` holds digit `d` when it is a candidate, else `.`.
fn marks_line(n: usize, candidates: &[DigitSet]) -> String {
    candidates
        .iter()
        .flat_map(|&c| Digit::all(n).map(move |d| if c.contains(d) { d.to_char() } else { '.' }))
        .collect()
}

fn object(job: &Job, marks: Option<&Marks>, error: Option<String>) -> String {
    let values = marks.map(|m| {
        m.values
            .iter()
            .map(|&v| Digit::new_checked(v).map_or('.', Digit::to_char))
            .collect::<String>()
    });
    Json::object([
        ("index", Json::from(job.index)),
        ("file", Json::from(&*job.file)),
        ("line", Json::from(job.line)),
        ("values", Json::opt_str(values)),
        (
            "candidates",
            marks.map_or(Json::Null, |m| {
                Json::strings(m.candidates.iter().map(|c| c.to_string()))
            }),
        ),
        ("error", Json::opt_str(error)),
    ])
    .to_string()
}
