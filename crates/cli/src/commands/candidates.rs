//! `sudokit candidates`: the pencil marks of each puzzle, after the givens (narrowed by
//! the input's own pencil marks, when it gave some) or after singles.

use std::process::ExitCode;

use anyhow::Result;
use sudokit_core::format::json::Json;
use sudokit_core::format::write;
use sudokit_core::{Digit, DigitSet, Grid};
use sudokit_solver::observe::Quiet;
use sudokit_solver::Marks;

use super::{invalid, run_batch, valid_puzzle, JsonError};
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

/// The marks the puzzle starts from: each blank cell's candidates are the digits no peer
/// holds, narrowed by the input's own pencil marks when it gave some.
fn start_marks(grid: &Grid, input: Option<&[DigitSet]>) -> Marks {
    let candidates = grid
        .layout()
        .cells()
        .map(|c| match grid.get(c) {
            Some(d) => DigitSet::single(d),
            None => {
                let given = grid.candidates(c);
                input.map_or(given, |m| given.and(m[c.index()]))
            }
        })
        .collect();
    Marks {
        values: grid.values().to_vec(),
        candidates,
    }
}

fn marks_one(job: &Job, propagate: bool, format: MarksFormat) -> Reply {
    let json = |err: String| object(job, None, Some(err));
    let json: JsonError = (format == MarksFormat::Json).then_some(&json);
    let grid = match valid_puzzle(job, json) {
        Ok(g) => g,
        Err(reply) => return reply,
    };
    let start = start_marks(grid, job.marks.as_deref());
    let dead = |why: String| invalid(format!("{}: no solution: {why}", job.place()), json);
    let marks = if propagate {
        match sudokit_solver::singles_from_marks(grid, &start.candidates, &mut Quiet) {
            Ok(m) => m,
            Err(d) => {
                let why = d.describe(grid.layout());
                return dead(format!("singles lead to a contradiction: {why}"));
            }
        }
    } else {
        let layout = grid.layout();
        if let Some(c) = layout
            .cells()
            .find(|&c| grid.get(c).is_none() && start.candidates[c.index()].is_empty())
        {
            return dead(format!("{} has no candidate", layout.cell_name(c)));
        }
        start
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
