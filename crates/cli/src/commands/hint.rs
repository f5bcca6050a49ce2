//! `sudokit hint`: the next logical step of each puzzle.

use std::process::ExitCode;

use anyhow::{anyhow, bail, Result};
use sudokit_core::format::json::Json;
use sudokit_logic::{find_first, next_step, render, Board, Step, Technique};

use super::logic::{options, prepare};
use super::print::numbered;
use super::{run_batch_reading, with_killers};
use crate::args::HintArgs;
use crate::batch::Reply;
use crate::input::Job;

pub fn run(args: HintArgs) -> Result<ExitCode> {
    let technique = match &args.technique {
        Some(name) => Some(Technique::from_name(name).ok_or_else(|| {
            let known: Vec<&str> = Technique::ALL.iter().map(|t| t.name()).collect();
            anyhow!(
                "unknown technique {name:?}; the techniques are: {}",
                known.join(", ")
            )
        })?),
        None => None,
    };
    let options = options(&args.logic);
    if let Some(file) = &args.svg {
        let dir = file.parent().filter(|d| !d.as_os_str().is_empty());
        if dir.is_some_and(|d| !d.is_dir()) {
            bail!("cannot write {}: no such folder", file.display());
        }
    }
    run_batch_reading(
        &args.input,
        &args.run,
        "hinted",
        None,
        with_killers(&args.input)?,
        |job| {
            let json = |err: String| object(job, "invalid", None, Some(err));
            let prepared = match prepare(job, args.json.then_some(&json)) {
                Ok(p) => p,
                Err(reply) => return reply,
            };
            let (board, layout) = (&prepared.board, prepared.grid.layout());
            let step = if board.is_solved() {
                None
            } else {
                match technique {
                    Some(t) if t.needs_uniqueness() && !options.uniqueness => None,
                    Some(t) => find_first(board, t),
                    None => next_step(board, &options),
                }
            };
            if let (Some(file), Some(step)) = (&args.svg, &step) {
                let name = match job.index {
                    0 => file.clone(),
                    i => numbered(file, i + 1),
                };
                let svg = sudokit_render::step_svg(board, step, None, 40.0);
                if let Err(e) = std::fs::write(&name, svg) {
                    let err = format!("{}: cannot write {}: {e}", job.place(), name.display());
                    return Reply {
                        out: String::new(),
                        err,
                        failed: true,
                    };
                }
            }
            let status = match (&step, board.is_solved()) {
                (Some(_), _) => "step",
                (None, true) => "solved",
                (None, false) => "none",
            };
            if args.json {
                let step = step.as_ref().map(|s| {
                    if args.vague {
                        Json::object([
                            ("technique", Json::from(s.technique.name())),
                            ("text", Json::from(render::vague(layout, s))),
                        ])
                    } else {
                        render::json(board, s)
                    }
                });
                return Reply {
                    out: object(job, status, step, None) + "\n",
                    ..Reply::default()
                };
            }
            let out = match &step {
                Some(s) => text(board, s, &args),
                None if board.is_solved() => "solved\n".to_string(),
                None => match technique {
                    // SE's chaining rules are read on 9×9 grids only (SE's own size).
                    Some(t) if t.on_request() && !layout.is_classic() => {
                        format!("no {t} here: {SE_ONLY}\n")
                    }
                    Some(t) => format!("no {t} here\n"),
                    None => "no step found\n".to_string(),
                },
            };
            Reply {
                out,
                ..Reply::default()
            }
        },
    )
}

/// Why a Sudoku Explainer rule finds nothing on a grid other than 9×9.
const SE_ONLY: &str = "Sudoku Explainer's rules are searched on 9×9 grids only";

/// The step as text: where to look (`--vague`), the player's explanation
/// (`--sentence`, under the notation with `--notation`), else the notation.
fn text(board: &Board, step: &Step, args: &HintArgs) -> String {
    let layout = board.layout();
    if args.vague {
        return render::vague(layout, step) + "\n";
    }
    if !args.sentence {
        return render::notation(layout, step) + "\n";
    }
    let mut out = String::new();
    for line in render::teaching(board, step, args.notation) {
        out += &line;
        out.push('\n');
    }
    out
}

fn object(job: &Job, status: &str, step: Option<Json>, error: Option<String>) -> String {
    Json::object([
        ("index", Json::from(job.index)),
        ("file", Json::from(&*job.file)),
        ("line", Json::from(job.line)),
        ("status", Json::from(status)),
        ("step", step.unwrap_or(Json::Null)),
        ("error", Json::opt_str(error)),
    ])
    .to_string()
}
