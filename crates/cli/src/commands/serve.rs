//! `sudokit serve`: the web page and its API, until Ctrl-C.

use std::io::Write;
use std::net::SocketAddr;
use std::path::Path;
use std::process::ExitCode;
use std::time::Duration;

use anyhow::{bail, Context, Result};
use sudokit_web::Config;

use crate::args::ServeArgs;

/// Serves until stopped; the first line printed is the address.
pub fn run(args: ServeArgs) -> Result<ExitCode> {
    let addr = SocketAddr::new(args.host, args.port);
    if let Some(dir) = &args.assets {
        check_site(dir)?;
    }
    let config = Config {
        assets: args.assets.clone(),
        budget: Duration::from_secs(args.budget),
        ..Config::default()
    };
    sudokit_web::run(addr, config, |bound| {
        let url = format!("http://{bound}/");
        // A closed standard output (the launcher went away) must not stop the server.
        let mut out = std::io::stdout().lock();
        let _ = writeln!(out, "sudokit serving at {url}\npress Ctrl-C to stop");
        let _ = out.flush();
        if args.open {
            open_browser(&url);
        }
    })
    .with_context(|| format!("cannot serve on {addr}"))?;
    Ok(ExitCode::SUCCESS)
}

/// A folder given to `--site` must hold a page, or every address would answer 404.
fn check_site(dir: &Path) -> Result<()> {
    let shown = dir.display();
    if !dir.exists() {
        bail!("--site {shown}: there is no such folder");
    }
    if !dir.is_dir() {
        bail!("--site {shown}: this is a file, not a folder");
    }
    if !dir.join("index.html").is_file() {
        bail!(
            "--site {shown}: the folder has no index.html, so there is no page to serve \
             (build a site into it with scripts/build-site {shown})"
        );
    }
    Ok(())
}

/// Opens `url` in the system's browser; says so when it cannot.
fn open_browser(url: &str) {
    let (program, args): (&str, Vec<&str>) = if cfg!(target_os = "macos") {
        ("open", vec![url])
    } else if cfg!(windows) {
        ("cmd", vec!["/C", "start", "", url])
    } else {
        ("xdg-open", vec![url])
    };
    let started = std::process::Command::new(program)
        .args(&args)
        .stdout(std::process::Stdio::null())
        .stderr(std::process::Stdio::null())
        .spawn();
    if started.is_err() {
        eprintln!("sudokit: could not start {program}; open {url} yourself");
    }
}
