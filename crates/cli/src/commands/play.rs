//! `sudokit play`: a game in the terminal, from a new puzzle, a file or the last save.

use std::io::IsTerminal;
use std::process::ExitCode;
use std::sync::atomic::AtomicU64;
use std::sync::atomic::AtomicUsize;
use std::sync::{Arc, Mutex};

use anyhow::{anyhow, bail, Result};
use sudokit_core::rng::Rng;
use sudokit_core::Layout;
use sudokit_generate::killer::KillerSpec;
use sudokit_generate::{Generator, Request, Shape, Symmetry, Target};
use sudokit_logic::{Board, Level, Options, Rating};
use sudokit_play::save::Store;
use sudokit_play::{App, Game, Theme};

use super::logic::prepare;
use crate::args::{PlayArgs, ThemeArg};
use crate::input;

/// Candidate puzzles tried for a level before giving up (as the web page does).
const TRIES: u64 = 20_000;

pub fn run(args: PlayArgs) -> Result<ExitCode> {
    if !std::io::stdout().is_terminal() || !std::io::stdin().is_terminal() {
        bail!("play needs a terminal (standard input and output)");
    }
    let store =
        Store::user().ok_or_else(|| anyhow!("no data folder: set XDG_DATA_HOME or HOME"))?;
    let (id, game) = if args.resume {
        resume(&store)?
    } else if !args.input.files.is_empty() {
        (new_id(), from_file(&args)?)
    } else {
        (new_id(), generated(&args)?)
    };
    let color = std::env::var_os("NO_COLOR").is_none_or(|v| v.is_empty());
    let mut app = App::new(game, color);
    app.theme = match args.theme {
        ThemeArg::Light => Theme::Light,
        ThemeArg::Dark => Theme::Dark,
        ThemeArg::Auto => Theme::from_colorfgbg(std::env::var("COLORFGBG").ok().as_deref()),
    };
    // A game is saved once it has a move (a resumed one always): opening a puzzle and
    // leaving it leaves no file behind.
    let failed_save = Arc::new(Mutex::new(None));
    let (failed, resumed) = (failed_save.clone(), args.resume);
    sudokit_play::run(&mut app, move |g| {
        if g.moves() == 0 && !resumed {
            return;
        }
        if let Err(e) = store.save(&id, g) {
            *failed.lock().unwrap_or_else(|e| e.into_inner()) = Some(e);
        }
    })?;
    let failed = failed_save.lock().unwrap_or_else(|e| e.into_inner()).take();
    if let Some(e) = failed {
        eprintln!("sudokit: the game could not be saved: {e}");
        return Ok(ExitCode::FAILURE);
    }
    if app.game.is_solved() {
        println!("Solved in {}.", sudokit_play::clock(app.game.elapsed_ms));
    } else if app.game.moves() == 0 && !args.resume {
        println!("Not saved: the puzzle was left untouched.");
    } else {
        println!("Saved: `sudokit play --resume` continues.");
    }
    Ok(ExitCode::SUCCESS)
}

/// A fresh name for a game's save file: the time and the process.
fn new_id() -> String {
    let secs = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| d.as_secs());
    format!("game-{secs}-{}", std::process::id())
}

/// The last unfinished game; unreadable saves are reported and left in place.
fn resume(store: &Store) -> Result<(String, Game)> {
    let (found, problems) = store.latest_unfinished();
    for p in &problems {
        eprintln!("sudokit: {p}");
    }
    found.ok_or_else(|| anyhow!("no unfinished game in {}", store.dir().display()))
}

/// Puzzle `--index` of the file, checked to have one solution.
fn from_file(args: &PlayArgs) -> Result<Game> {
    let opts = super::with_killers(&args.input)?;
    let sources = input::open(&args.input, &Arc::new(AtomicU64::new(0)));
    let index = args.index as usize - 1;
    let job = input::jobs(sources, opts)
        .nth(index)
        .ok_or_else(|| anyhow!("the input has no puzzle {}", args.index))?;
    let prepared = prepare(&job, None).map_err(|reply| anyhow!("{}", reply.err))?;
    let rating = sudokit_generate::target::rate(prepared.grid, &Options::default());
    Ok(Game::new(
        prepared.grid.clone(),
        prepared.solution,
        about(&rating, prepared.grid.layout()),
    ))
}

/// A new puzzle of `--level` and `--size` (jigsaw, sudoku-X by the flags).
fn generated(args: &PlayArgs) -> Result<Game> {
    let level = match args.level {
        Some(level) => Level::from(level),
        None if args.size <= 4 => Level::Easy,
        None => Level::Medium,
    };
    let shape = if args.jigsaw {
        Shape::Jigsaw {
            side: args.size,
            diagonals: args.input.diagonals,
        }
    } else {
        let layout = match args.input.box_shape {
            Some(b) => Layout::boxed(b)?,
            None => Layout::for_side(args.size)?,
        };
        let layout = if args.input.diagonals {
            layout.with_diagonals()
        } else {
            layout
        };
        Shape::Fixed(Arc::new(layout))
    };
    let target = Target {
        level: Some(level),
        ..Target::default()
    };
    let killer = args.killer.then(|| KillerSpec::for_side(shape.side()));
    let request = Request {
        symmetry: Symmetry::Rot180,
        target,
        budget: TRIES,
        killer,
        ..Request::new(shape)
    };
    if let Some(why) = request.contradiction() {
        let what = if args.killer { "killer" } else { "puzzle" };
        bail!("no {what} of this size and level: {why}");
    }
    let seed = args.seed.unwrap_or_else(sudokit_generate::os_seed);
    let kind = if args.killer { "a killer" } else { "a puzzle" };
    eprintln!("Making {kind} ({}, seed {seed})…", level.name());
    let stream = request.puzzle_seed(seed, 0);
    let made = Generator::new(request)
        .generate(&mut Rng::new(stream))
        .map_err(|e| anyhow!("no {} puzzle of this size was made: {e}", level.name()))?;
    let rating = made
        .rating
        .unwrap_or_else(|| sudokit_generate::target::rate(&made.puzzle, &Options::default()))
        .with_explainer(&Board::new(&made.puzzle, None), &AtomicUsize::new(0));
    let about = about(&rating, made.puzzle.layout());
    Ok(Game::new(made.puzzle, made.solution, about))
}

/// `Medium · SE 2.6`.
/// The level, and the SE rating where its scale applies (9×9 with boxes; elsewhere it is
/// an analogy, said as "about N").
fn about(rating: &Rating, layout: &Layout) -> String {
    if layout.is_killer() {
        // SE has no killer scale; the title says it is a killer.
        rating.level.name().to_string()
    } else if layout.side() == 9 && layout.box_shape().is_some() && rating.explainer.is_some() {
        format!("{} · SE {:.1}", rating.level.name(), rating.se)
    } else if layout.side() == 9 {
        format!("{} · SE about {:.1}", rating.level.name(), rating.se)
    } else {
        format!("{} · SE about {:.0}", rating.level.name(), rating.se)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn se_has_a_decimal_only_where_its_scale_applies() {
        let rating = |side: usize, line: &str| {
            let layout = Layout::for_side(side).unwrap();
            let values = line.bytes().map(|b| b.saturating_sub(b'0') % 10).collect();
            let grid = sudokit_core::Grid::from_values(Arc::new(layout), values);
            let mut r = sudokit_generate::target::rate(&grid, &Options::default());
            r.se = 4.2;
            (r, grid)
        };
        let nine =
            "..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3..";
        let (r9, g9) = rating(9, nine);
        // The estimate on 9×9 says "about"; SE's own rating is said as it is.
        assert!(about(&r9, g9.layout()).ends_with("SE about 4.2"));
        let own = r9.with_explainer(&Board::new(&g9, None), &AtomicUsize::new(0));
        assert!(own.explainer.is_some());
        assert!(about(&own, g9.layout()).ends_with(&format!("SE {:.1}", own.se)));
        let (r6, g6) = rating(6, "4....1..23...5..3..6..4...54..1....5");
        assert!(about(&r6, g6.layout()).ends_with("SE about 4"));
    }
}
