//! `sudokit explain`: the whole logical path of each puzzle, step by step.

use std::fmt::Write as _;
use std::process::ExitCode;

use anyhow::Result;
use sudokit_core::format::json::Json;
use sudokit_core::format::write;
use sudokit_core::Layout;
use sudokit_logic::{rate, render, solve, Board, Path, Rating, Step, Technique};

use super::logic::{options, prepare, rating_json};
use super::run_batch;
use crate::args::ExplainArgs;
use crate::batch::Reply;
use crate::input::Job;

pub fn run(args: ExplainArgs) -> Result<ExitCode> {
    let options = options(&args.logic);
    run_batch(&args.input, &args.run, "explained", |job| {
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
        let (board, layout) = (&prepared.board, prepared.grid.layout());
        let path = solve(board, &options);
        let rating = rate(board, &path);
        let failed = !path.solved;
        let stuck = failed.then(|| {
            format!(
                "{}: no technique applies after step {}",
                job.place(),
                path.steps.len()
            )
        });
        if args.json {
            let steps = Json::Array(path.steps.iter().map(|s| render::json(layout, s)).collect());
            let solution = if path.solved {
                Json::from(write::line(&path.board.grid()))
            } else {
                Json::Null
            };
            let status = if path.solved { "solved" } else { "stuck" };
            let out = object(job, status, steps, solution, rating_json(&rating), stuck) + "\n";
            return Reply {
                out,
                err: String::new(),
                failed,
            };
        }
        let out = text(job, layout, board, &path, &rating, &args);
        Reply {
            out,
            err: stuck.unwrap_or_default(),
            failed,
        }
    })
}

/// Singles need no candidate grid: a person sees them on the plain grid.
fn is_single(step: &Step) -> bool {
    matches!(
        step.technique,
        Technique::FullHouse | Technique::HiddenSingle | Technique::NakedSingle
    )
}

/// The path as numbered lines, with optional sentences and candidate grids, then the
/// solution and the rating.
fn text(
    job: &Job,
    layout: &Layout,
    start: &Board,
    path: &Path,
    rating: &Rating,
    args: &ExplainArgs,
) -> String {
    let mut out = format!("# {}\n", job.place());
    let mut board = start.clone();
    for (i, step) in path.steps.iter().enumerate() {
        if args.grids && !is_single(step) {
            out += &write::candidates(layout, board.grid().values(), &board.marks());
            out += "\n";
        }
        let _ = writeln!(out, "{:>3}. {}", i + 1, render::notation(layout, step));
        if args.sentences {
            let _ = writeln!(out, "     {}", render::sentence(layout, step));
        }
        board.apply(step);
    }
    if path.solved {
        let _ = writeln!(out, "solution: {}", write::line(&path.board.grid()));
    } else {
        let _ = writeln!(out, "stuck: no technique applies; the board so far:");
        out += &write::candidates(layout, path.board.grid().values(), &path.board.marks());
    }
    let hardest = rating.hardest.map_or("none", |t| t.name());
    let _ = writeln!(
        out,
        "rating: {} (score {}), SE {:.1}, hardest {hardest}, {} steps\n",
        rating.level.name(),
        rating.score,
        rating.se,
        rating.steps
    );
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
