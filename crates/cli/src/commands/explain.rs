//! `sudokit explain`: the whole logical path of each puzzle, step by step.

use std::fmt::Write as _;
use std::process::ExitCode;

use anyhow::{Context, Result};
use std::sync::atomic::AtomicUsize;
use sudokit_core::format::json::Json;
use sudokit_core::format::write;

use sudokit_logic::se;
use sudokit_logic::{rate, render, solve, Board, Path, Rating};

use super::logic::{options, prepare, rating_json};
use super::{run_batch_reading, with_killers};
use crate::args::ExplainArgs;
use crate::batch::Reply;
use crate::input::Job;

pub fn run(args: ExplainArgs) -> Result<ExitCode> {
    let options = options(&args.logic);
    if let Some(dir) = &args.svg {
        std::fs::create_dir_all(dir)
            .with_context(|| format!("cannot make the folder {}", dir.display()))?;
    }
    run_batch_reading(
        &args.input,
        &args.run,
        "explained",
        None,
        with_killers(&args.input)?,
        |job| {
            let json = |err: String| {
                object(
                    job,
                    "invalid",
                    Json::Null,
                    Json::Null,
                    Json::Null,
                    Some(err),
                )
            };
            let prepared = match prepare(job, args.json.then_some(&json)) {
                Ok(p) => p,
                Err(reply) => return reply,
            };
            let board = &prepared.board;
            // SE's own path when asked for (9×9 puzzles with one solution), else sudokit's.
            let (path, explained) = match args.explainer.then(|| se::path(board)).flatten() {
                Some((e, path)) => (path, Some(e)),
                None => (solve(board, &options), None),
            };
            // SE's one number: from the path just followed, or SE's own path on 9×9.
            let rating = match &explained {
                Some(e) => rate(board, &path).explained_by(e.clone()),
                None => rate(board, &path).with_explainer(board, &AtomicUsize::new(0)),
            };
            let drawn = args
                .svg
                .as_deref()
                .map(|dir| diagrams(dir, job, board, &path));
            if let Some(Err(e)) = drawn {
                return Reply {
                    out: String::new(),
                    err: format!("{}: {e:#}", job.place()),
                    failed: true,
                };
            }
            let failed = !path.solved;
            let stuck = failed.then(|| {
                format!(
                    "{}: no technique applies after step {}",
                    job.place(),
                    path.steps.len()
                )
            });
            if args.json {
                let steps = Json::Array(render::steps_json(board, &path.steps));
                let solution = if path.solved {
                    Json::from(write::line(&path.board.grid()))
                } else {
                    Json::Null
                };
                let status = if path.solved { "solved" } else { "stuck" };
                let rating = rating_json(&rating);
                let out = object(job, status, steps, solution, rating, stuck) + "\n";
                return Reply {
                    out,
                    err: String::new(),
                    failed,
                };
            }
            let out = text(job, board, &path, &rating, &args);
            Reply {
                out,
                err: stuck.unwrap_or_default(),
                failed,
            }
        },
    )
}

/// Writes every step of the path as an SVG diagram: `DIR/puzzle3-step012.svg`.
fn diagrams(dir: &std::path::Path, job: &Job, start: &Board, path: &Path) -> Result<()> {
    let mut board = start.clone();
    for (i, step) in path.steps.iter().enumerate() {
        let name = dir.join(format!("puzzle{}-step{:03}.svg", job.index + 1, i + 1));
        let svg = sudokit_render::step_svg(&board, step, Some(i + 1), 40.0);
        std::fs::write(&name, svg).with_context(|| format!("cannot write {}", name.display()))?;
        board.apply(step);
    }
    Ok(())
}

/// The path as numbered lines (with sentences and candidate grids when asked), then the
/// solution and the rating.
fn text(job: &Job, start: &Board, path: &Path, rating: &Rating, args: &ExplainArgs) -> String {
    let mut out = format!("# {}\n", job.place());
    let show = render::Show {
        sentences: args.sentences,
        notation: args.notation,
        grids: args.grids,
    };
    out += &render::path(start, path, show);
    if path.solved {
        let _ = writeln!(out, "solution: {}", write::line(&path.board.grid()));
    } else {
        let _ = writeln!(out, "stuck: no technique applies; the board so far:");
        let layout = start.layout();
        out += &write::candidates(layout, path.board.grid().values(), &path.board.marks());
    }
    let _ = writeln!(out, "{}", render::rating(rating));
    out.push('\n');
    out
}

fn object(
    job: &Job,
    status: &str,
    steps: Json,
    solution: Json,
    rating: Json,
    error: Option<String>,
) -> String {
    Json::object([
        ("index", Json::from(job.index)),
        ("file", Json::from(&*job.file)),
        ("line", Json::from(job.line)),
        ("status", Json::from(status)),
        ("steps", steps),
        ("solution", solution),
        ("rating", rating),
        ("error", Json::opt_str(error)),
    ])
    .to_string()
}
