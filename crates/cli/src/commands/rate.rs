//! `sudokit rate`: the difficulty of each puzzle, from its logical path.

use std::process::ExitCode;
use std::sync::atomic::AtomicUsize;

use anyhow::Result;
use sudokit_core::format::json::Json;
use sudokit_logic::{rate, render, solve, Rating};

use super::logic::{options, prepare, rating_fields};
use super::{run_batch_reading, with_killers};
use crate::args::RateArgs;
use crate::batch::Reply;
use crate::input::Job;

pub fn run(args: RateArgs) -> Result<ExitCode> {
    let options = options(&args.logic);
    // SE's own path takes seconds a puzzle at the top: one puzzle per thread at a time,
    // and the threads left without puzzles help those still running.
    let spare = AtomicUsize::new(0);
    let explainer = !args.no_explainer;
    let paced = explainer.then_some(&spare);
    run_batch_reading(
        &args.input,
        &args.run,
        "rated",
        paced,
        with_killers(&args.input)?,
        |job| {
            let json = |err: String| object(job, None, Some(err));
            let prepared = match prepare(job, args.json.then_some(&json)) {
                Ok(p) => p,
                Err(reply) => return reply,
            };
            let path = solve(&prepared.board, &options);
            let mut rating = rate(&prepared.board, &path);
            // SE's own path on 9×9 (unless left out), when the path shows a solution.
            if explainer {
                rating = rating.with_explainer(&prepared.board, &spare);
            }
            let failed = !path.solved;
            let stuck = failed.then(|| {
                format!(
                    "{}: no logical path found (stuck after {} steps)",
                    job.place(),
                    path.steps.len()
                )
            });
            if args.json {
                return Reply {
                    out: object(job, Some(&rating), stuck) + "\n",
                    err: String::new(),
                    failed,
                };
            }
            let (se, hardest) = match &rating.explainer {
                Some(e) => (render::er_ep_ed(e), e.hardest.as_str()),
                // SE has no killer scale.
                None if rating.killer => {
                    ("-".to_string(), rating.hardest.map_or("none", |t| t.name()))
                }
                None => (
                    format!("{:.1}", rating.se),
                    rating.hardest.map_or("none", |t| t.name()),
                ),
            };
            let out = format!("{se} {} {} {hardest}\n", rating.level.name(), rating.score);
            Reply {
                out,
                err: stuck.unwrap_or_default(),
                failed,
            }
        },
    )
}

/// The JSON reply: the rating's fields (with SE's own EP, ED and hardest rule on 9×9),
/// or nulls when there is no rating.
fn object(job: &Job, rating: Option<&Rating>, error: Option<String>) -> String {
    let mut fields = vec![
        ("index", Json::from(job.index)),
        ("file", Json::from(&*job.file)),
        ("line", Json::from(job.line)),
    ];
    fields.extend(rating_fields(rating));
    fields.push(("error", Json::opt_str(error)));
    Json::object(fields).to_string()
}
