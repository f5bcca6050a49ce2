//! `sudokit rate`: the difficulty of each puzzle, from its logical path.

use std::process::ExitCode;

use anyhow::Result;
use sudokit_core::format::json::Json;
use sudokit_logic::{rate, solve, Rating};

use super::logic::{options, prepare, rating_fields};
use super::run_batch;
use crate::args::RateArgs;
use crate::batch::Reply;
use crate::input::Job;

pub fn run(args: RateArgs) -> Result<ExitCode> {
    let options = options(&args.logic);
    run_batch(&args.input, &args.run, "rated", |job| {
        let json = |err: String| object(job, None, Some(err));
        let prepared = match prepare(job, args.json.then_some(&json)) {
            Ok(p) => p,
            Err(reply) => return reply,
        };
        let path = solve(&prepared.board, &options);
        let rating = rate(&prepared.board, &path);
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
        let hardest = rating.hardest.map_or("none", |t| t.name());
        let out = format!(
            "{:.1} {} {} {hardest}\n",
            rating.se,
            rating.level.name(),
            rating.score
        );
        Reply {
            out,
            err: stuck.unwrap_or_default(),
            failed,
        }
    })
}

/// The JSON reply: the rating's fields, or nulls when there is no rating.
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
