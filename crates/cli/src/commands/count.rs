//! `sudokit count`: the number of solutions of every puzzle, up to a limit.

use std::process::ExitCode;

use anyhow::Result;
use sudokit_core::format::json::Json;

use super::{conflict, no_solution_of, read_puzzle, run_batch_reading, with_killers};
use crate::args::CountArgs;
use crate::batch::Reply;
use crate::input::Job;

pub fn run(args: CountArgs) -> Result<ExitCode> {
    let (limit, json) = (args.limit, args.json);
    run_batch_reading(
        &args.input,
        &args.run,
        "counted",
        None,
        with_killers(&args.input)?,
        |job| count_one(job, limit, json),
    )
}

fn count_one(job: &Job, limit: u64, json: bool) -> Reply {
    let to_json = |err: String| object(job, Json::Null, Json::Null, Json::from(err));
    let json_error = json.then_some(&to_json as &dyn Fn(String) -> String);
    let grid = match read_puzzle(job, json_error) {
        Ok(g) => g,
        Err(reply) => return reply,
    };
    let outcome = match sudokit_solver::count(grid, limit) {
        Ok(o) => o,
        Err(c) => return conflict(job, c, json_error),
    };
    let failed = outcome.count == 0;
    if json {
        let out = object(
            job,
            outcome.count.into(),
            outcome.complete.into(),
            Json::Null,
        ) + "\n";
        return Reply {
            out,
            err: String::new(),
            failed,
        };
    }
    let more = if outcome.complete { "" } else { "+" };
    let err = if failed {
        format!("{}: {}", job.place(), no_solution_of(job))
    } else {
        String::new()
    };
    Reply {
        out: format!("{}{more}\n", outcome.count),
        err,
        failed,
    }
}

fn object(job: &Job, count: Json, complete: Json, error: Json) -> String {
    Json::object([
        ("index", Json::from(job.index)),
        ("file", Json::from(&*job.file)),
        ("line", Json::from(job.line)),
        ("count", count),
        ("complete", complete),
        ("error", error),
    ])
    .to_string()
}
