//! `sudokit trace`: the search log of each puzzle, as seed 004 records it: every placement
//! with its reason, every branch (push), dead end, restore and backtrack (pop).

use std::fmt::Write as _;
use std::process::ExitCode;

use anyhow::Result;
use sudokit_core::format::write;
use sudokit_core::{DigitSet, Grid};
use sudokit_solver::observe::{Event, Reason, Recorder};

use super::{run_batch, valid_puzzle};
use crate::args::{RunArgs, TraceArgs};
use crate::batch::Reply;
use crate::input::Job;

pub fn run(args: TraceArgs) -> Result<ExitCode> {
    let (grids, limit) = (args.grids, args.limit);
    run_batch(&args.input, &RunArgs { threads: None }, "traced", |job| {
        trace_one(job, grids, limit)
    })
}

fn trace_one(job: &Job, grids: bool, limit: u64) -> Reply {
    let grid = match valid_puzzle(job, None) {
        Ok(g) => g,
        Err(reply) => return reply,
    };
    let mut rec = Recorder {
        events: Vec::new(),
        with_states: grids,
    };
    let outcome =
        sudokit_solver::count_observed(grid, limit, &mut rec).expect("conflicts were checked");
    let mut out = format!(
        "# {}: {} givens, {} blank cells\n",
        job.place(),
        grid.clue_count(),
        grid.layout().cell_count() - grid.clue_count()
    );
    render_events(&mut out, grid, &rec.events);
    let gave_up = !outcome.complete && outcome.count < limit.max(1);
    let end = match (outcome.count, outcome.complete) {
        (n, _) if gave_up => format!(
            "stopped unfinished, with {n} solution{} found: the search thrashes \
             (`sudokit count` settles it by clause learning)",
            if n == 1 { "" } else { "s" }
        ),
        (0, _) => "no solution".to_string(),
        (n, true) => format!(
            "search complete: {n} solution{}",
            if n == 1 { "" } else { "s" }
        ),
        (n, false) => format!(
            "stopped at the limit: {n} solution{} found",
            if n == 1 { "" } else { "s" }
        ),
    };
    let _ = writeln!(out, "{end}; {} guesses\n", outcome.guesses);
    let failed = outcome.count == 0 || gave_up;
    let err = match (gave_up, outcome.count) {
        (true, _) => format!("{}: trace stopped unfinished", job.place()),
        (false, 0) => format!("{}: no solution", job.place()),
        _ => String::new(),
    };
    Reply { out, err, failed }
}

fn render_events(out: &mut String, grid: &Grid, events: &[Event]) {
    let layout = grid.layout();
    let mut depth = 0;
    let mut solutions = 0;
    for event in events {
        let pad = "  ".repeat(depth);
        match event {
            Event::Place(_, _, Reason::Given | Reason::Guess) => {}
            Event::Place(cell, digit, reason) => {
                let why = match reason {
                    Reason::HiddenSingle(h) => {
                        format!("hidden single in {}", layout.house(*h).kind)
                    }
                    Reason::Cage(k) => format!(
                        "the sum of the cage at {}",
                        layout.cell_name(layout.cages()[*k].cells[0])
                    ),
                    Reason::Innies(_) | Reason::Difference(_) => "the rule of 45".to_string(),
                    _ => "naked single".to_string(),
                };
                let _ = writeln!(out, "{pad}{} = {digit}  ({why})", layout.cell_name(*cell));
            }
            Event::Settled(values, cands) => {
                let marks: Vec<DigitSet> = cands.iter().map(|&c| DigitSet::from_bits(c)).collect();
                for line in write::candidates(layout, values, &marks).lines() {
                    let _ = writeln!(out, "{pad}    {line}");
                }
            }
            Event::Branch(b) => {
                depth = b.depth;
                let pad = "  ".repeat(b.depth - 1);
                if b.choice > 1 {
                    let _ = writeln!(out, "{pad}restore the grid saved at branch {}", b.depth);
                }
                let over = match b.house {
                    Some(h) => format!(
                        "place {} of {} for digit {} in {}",
                        b.choice,
                        b.of,
                        b.digit,
                        layout.house(h).kind
                    ),
                    None => format!("candidate {} of {}", b.choice, b.of),
                };
                let cell = layout.cell_name(b.cell);
                let _ = writeln!(
                    out,
                    "{pad}branch {} (push): {cell} = {}  ({over})",
                    b.depth, b.digit
                );
            }
            Event::DeadEnd(why) => {
                let _ = writeln!(out, "{pad}dead end: {}", why.describe(layout));
            }
            Event::Backtrack(d) => {
                depth = d - 1;
                let _ = writeln!(
                    out,
                    "{}branch {d} exhausted (pop): back to {}",
                    "  ".repeat(depth),
                    back_to(depth)
                );
            }
            Event::Solution(values) => {
                solutions += 1;
                let line = Grid::from_values(layout.clone(), values.clone()).to_line();
                let _ = writeln!(out, "{pad}solution {solutions}: {line}");
            }
        }
    }
}

fn back_to(depth: usize) -> String {
    if depth == 0 {
        "the start".to_string()
    } else {
        format!("branch {depth}")
    }
}
