//! `sudokit canon` and `sudokit transform`: equivalent forms of each puzzle.

use std::process::ExitCode;

use anyhow::Result;
use sudokit_core::format::json::Json;
use sudokit_core::rng::Rng;
use sudokit_core::Grid;
use sudokit_generate::canon::canonical;
use sudokit_generate::Transform;

use super::{render, run_batch, valid_puzzle, JsonError};
use crate::args::{CanonArgs, Format, TransformArgs};
use crate::batch::Reply;
use crate::input::Job;

/// Runs `sudokit canon`.
pub fn run_canon(a: CanonArgs) -> Result<ExitCode> {
    let format = a.output.format();
    run_batch(&a.input, &a.run, "canonicalised", |job| {
        answer(job, format, |grid| Ok(canonical(grid)))
    })
}

/// Runs `sudokit transform`.
pub fn run_transform(a: TransformArgs) -> Result<ExitCode> {
    let format = a.io.output.format();
    let ops = if a.ops.is_empty() {
        vec!["random".to_string()]
    } else {
        a.ops.clone()
    };
    // Names are checked on a 9×9 layout first, so a typo is a usage error (exit 2).
    let mut probe = Rng::new(0);
    for op in &ops {
        if op != "random" {
            if let Err(e @ sudokit_generate::TransformError::Unknown(_)) =
                Transform::named(&sudokit_core::Layout::classic(), op, &mut probe)
            {
                return Err(e.into());
            }
        }
    }
    let seed = a.seed.unwrap_or(0);
    run_batch(&a.io.input, &a.io.run, "transformed", |job| {
        answer(job, format, |grid| {
            let mut rng = Rng::new(seed.wrapping_add(job.index as u64));
            let layout = grid.layout();
            let mut t = Transform::identity(layout.side());
            for op in &ops {
                let next = match op.as_str() {
                    "random" => Transform::random(layout, &mut rng),
                    name => Transform::named(layout, name, &mut rng).map_err(|e| e.to_string())?,
                };
                t = t.then(&next);
            }
            Ok(t.apply(grid))
        })
    })
}

/// Reads the job's puzzle (rejecting equal givens in a house) and writes `f` of it, or
/// the reason it cannot.
fn answer<F>(job: &Job, format: Format, f: F) -> Reply
where
    F: Fn(&Grid) -> Result<Grid, String>,
{
    let to_json = |message: String| {
        Json::object(job_fields(job, Json::Null, Json::from(message))).to_string()
    };
    let json: JsonError = (format == Format::Json).then_some(&to_json);
    let grid = match valid_puzzle(job, json) {
        Ok(g) => g,
        Err(reply) => return reply,
    };
    match f(grid) {
        Ok(out) if format == Format::Json => Reply {
            out: Json::object(job_fields(job, Json::from(out.to_line()), Json::Null)).to_string()
                + "\n",
            ..Reply::default()
        },
        Ok(out) => Reply {
            out: render(&out, format),
            ..Reply::default()
        },
        Err(why) => super::invalid(format!("{}: {why}", job.place()), json),
    }
}

fn job_fields(job: &Job, puzzle: Json, error: Json) -> Vec<(&'static str, Json)> {
    vec![
        ("index", Json::from(job.index)),
        ("file", Json::from(job.file.to_string())),
        ("line", Json::from(job.line)),
        ("puzzle", puzzle),
        ("error", error),
    ]
}
