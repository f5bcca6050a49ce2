//! `sudokit rate`: the difficulty of each puzzle, from its logical path.

use std::process::ExitCode;
use std::sync::atomic::AtomicUsize;

use anyhow::Result;
use sudokit_core::format::json::Json;
use sudokit_logic::se::Explained;
use sudokit_logic::{rate, render, solve, Rating};

use super::logic::{options, prepare, rating_fields};
use super::run_batch_paced;
use crate::args::RateArgs;
use crate::batch::Reply;
use crate::input::Job;

pub fn run(args: RateArgs) -> Result<ExitCode> {
    let options = options(&args.logic);
    // SE's own path takes seconds a puzzle at the top: one puzzle per thread at a time,
    // and the threads left without puzzles help those still running.
    let spare = AtomicUsize::new(0);
    let paced = args.explainer.then_some(&spare);
    run_batch_paced(&args.input, &args.run, "rated", paced, |job| {
        let json = |err: String| object(job, None, None, Some(err));
        let prepared = match prepare(job, args.json.then_some(&json)) {
            Ok(p) => p,
            Err(reply) => return reply,
        };
        let path = solve(&prepared.board, &options);
        let rating = rate(&prepared.board, &path);
        // SE's own path, when asked for and the path shows a solution to follow.
        let explained = (args.explainer && path.solved)
            .then(|| sudokit_logic::se::rate_with(&prepared.board, &spare))
            .flatten();
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
                out: object(job, Some(&rating), explained.as_ref(), stuck) + "\n",
                err: String::new(),
                failed,
            };
        }
        let (se, hardest) = match &explained {
            Some(e) => (render::er_ep_ed(e), e.hardest.as_str()),
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
    })
}

/// The JSON reply: the rating's fields, or nulls when there is no rating; with SE's own
/// path (`--explainer`), its EP, ED and hardest rule too.
fn object(
    job: &Job,
    rating: Option<&Rating>,
    explained: Option<&Explained>,
    error: Option<String>,
) -> String {
    let mut fields = vec![
        ("index", Json::from(job.index)),
        ("file", Json::from(&*job.file)),
        ("line", Json::from(job.line)),
    ];
    match (rating, explained) {
        (Some(r), Some(e)) => fields.extend(sudokit_logic::render::explained_fields(r, e)),
        _ => fields.extend(rating_fields(rating)),
    }
    fields.push(("error", Json::opt_str(error)));
    Json::object(fields).to_string()
}
