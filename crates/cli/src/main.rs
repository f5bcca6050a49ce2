//! `sudokit`: the command-line front end. Parse the arguments, run the command, map the
//! outcome to an exit code: 0 all good, 1 some puzzle invalid or unsolvable, 2 usage error.

mod args;
mod batch;
mod commands;
mod input;
mod progress;

use std::process::ExitCode;

use clap::Parser;

fn main() -> ExitCode {
    let cli = args::Cli::parse();
    match commands::run(cli.command) {
        Ok(code) => code,
        Err(e) if is_broken_pipe(&e) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("sudokit: {e:#}");
            ExitCode::from(2)
        }
    }
}

/// A closed output pipe (`sudokit solve big.txt | head`) is not an error.
fn is_broken_pipe(e: &anyhow::Error) -> bool {
    e.chain().any(|c| {
        c.downcast_ref::<std::io::Error>()
            .is_some_and(|io| io.kind() == std::io::ErrorKind::BrokenPipe)
    })
}
