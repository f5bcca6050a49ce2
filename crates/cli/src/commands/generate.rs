//! `sudokit generate`: puzzles or complete grids, in bulk, reproducible by seed.

use std::process::ExitCode;
use std::sync::atomic::AtomicUsize;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::Arc;
use std::time::Instant;

use anyhow::{anyhow, bail, Result};
use sudokit_core::format::json::Json;
use sudokit_core::rng::Rng;
use sudokit_core::{BoxShape, Grid, Layout};
use sudokit_generate::{
    complete_grid, target, uniform, GenerateError, Generated, Generator, KillerSpec, Method,
    Request, Shape, Symmetry, Target,
};
use sudokit_logic::{Board, Level, Order, Rating, Technique};

use super::{default_threads, exit_code, logic, render};
use crate::args::{Format, GenerateArgs, MethodArg};
use crate::batch::{self, Reply};
use crate::progress::Progress;

/// Puzzles a worker takes at a time when each is quick (no difficulty asked).
const QUICK_CHUNK: usize = 64;

/// Runs `sudokit generate`.
pub fn run(a: GenerateArgs) -> Result<ExitCode> {
    let request = request(&a)?;
    let seed = match a.seed {
        Some(seed) => seed,
        None => {
            let seed = sudokit_generate::os_seed();
            eprintln!("seed {seed} (chosen at random: --seed {seed} makes the same again)");
            seed
        }
    };
    let threads = a.run.threads.map_or_else(default_threads, usize::from);
    let out = Out::of(&a);
    let quick = !request.target.is_set()
        && request.clues.is_none()
        && request.killer.is_none()
        && a.size.unwrap_or(9) <= 9;
    let chunk = if quick { QUICK_CHUNK } else { 1 };
    let generator = Generator::new(request);
    if out == Out::Csv {
        println!("{}", csv_header(a.grid));
    }
    let tries = AtomicU64::new(0);
    let start = Instant::now();
    let progress = Progress::counting("generated", a.count);
    let summary = batch::run_items(0..a.count, threads, chunk, progress, |&i| {
        // Puzzle `index` of the seed's set: its own stream, whatever came before it.
        let index = a.skip + i;
        let mut rng = Rng::new(generator.request().puzzle_seed(seed, index));
        if a.grid {
            return match complete_grid(generator.request(), &mut rng) {
                Ok(grid) => Reply {
                    out: out.grid(&grid, seed, index),
                    ..Reply::default()
                },
                Err(e) => failure(index, seed, &e),
            };
        }
        let deadline = a.timeout.map(|t| Instant::now() + t);
        match generator.generate_until(&mut rng, deadline) {
            Ok(made) => {
                tries.fetch_add(made.tries, Ordering::Relaxed);
                out.puzzle(index, seed, &made, generator.request())
            }
            Err(e) => {
                if let GenerateError::Missed(spent) | GenerateError::OutOfTime(spent) = e {
                    tries.fetch_add(spent, Ordering::Relaxed);
                }
                failure(index, seed, &e)
            }
        }
    })?;
    let request = generator.request();
    if request.target.is_set() || request.clues.is_some() {
        let tried = tries.load(Ordering::Relaxed);
        let made = summary.puzzles - summary.failed;
        eprintln!(
            "{made} {} in {:.2} s; {tried} {} tried ({:.1} per puzzle asked)",
            if made == 1 { "puzzle" } else { "puzzles" },
            start.elapsed().as_secs_f64(),
            if tried == 1 {
                "candidate"
            } else {
                "candidates"
            },
            tried as f64 / summary.puzzles.max(1) as f64,
        );
    }
    let se_order = request.options.order == sudokit_logic::Order::SudokuExplainer;
    if let (Some(t), true, true) = (request.target.needs, se_order, summary.failed > 0) {
        eprintln!(
            "note: in Sudoku Explainer's order (the default) a lower-rated technique may \
             always take {t}'s steps first; --order hodoku tries HoDoKu's order"
        );
    }
    Ok(exit_code(summary.failed > 0))
}

/// The request the flags describe, or a usage error.
fn request(a: &GenerateArgs) -> Result<Request> {
    let shape = shape(a)?;
    let symmetry = a.symmetry.symmetry();
    let level = a.level.map(Level::from);
    let se = a.se.as_deref().map(parse_se).transpose()?;
    let needs = match a.needs.as_deref() {
        Some(name) => Some(Technique::from_name(name).ok_or_else(|| {
            let names: Vec<&str> = Technique::ALL.iter().map(|t| t.name()).collect();
            anyhow!("unknown technique {name:?} (known: {})", names.join(", "))
        })?),
        None => None,
    };
    let mut request = Request::new(shape);
    let default_method = match a.grid {
        true => MethodArg::Uniform,
        false => MethodArg::Random,
    };
    request.method = match a.method.unwrap_or(default_method) {
        MethodArg::Uniform => Method::Uniform,
        MethodArg::Random => Method::Random,
        MethodArg::Shuffle => Method::Shuffle,
    };
    let exact = matches!(&request.shape, Shape::Fixed(layout) if uniform::supported(layout));
    if request.method == Method::Uniform && !exact {
        eprintln!(
            "note: exactly uniform grids are made for 4×4, 6×6 and 9×9 boxes; \
             this layout's are random, not exactly uniform"
        );
    }
    request.symmetry = symmetry.unwrap_or(Symmetry::None);
    request.random_symmetry = symmetry.is_none();
    if let Some(clues) = a.clues {
        let cells = match &request.shape {
            Shape::Fixed(layout) => layout.cell_count(),
            Shape::Jigsaw { side, .. } => side * side,
        };
        if clues >= cells {
            bail!(
                "--clues {clues}: a puzzle of {cells} cells has {} givens at most",
                cells - 1
            );
        }
    }
    request.clues = a.clues;
    request.target = Target { level, se, needs };
    request.options = logic::options(&a.logic);
    request.budget = a.tries.max(1);
    if a.grid && (request.target.is_set() || a.clues.is_some()) {
        bail!("--grid makes complete grids: --level, --se, --needs and --clues do not apply");
    }
    if a.killer {
        let side = request.shape.side();
        let largest = a.cage_max.unwrap_or(KillerSpec::for_side(side).largest);
        if !(2..=side).contains(&largest) {
            bail!("--cage-max {largest}: a cage has 2 to {side} cells");
        }
        request.killer = Some(KillerSpec {
            largest,
            givens: a.givens,
        });
    }
    if let Some(why) = request.contradiction() {
        bail!("no puzzle can hit this target: {why}");
    }
    Ok(request)
}

/// The layout flags as a shape.
fn shape(a: &GenerateArgs) -> Result<Shape> {
    let side = a.size.unwrap_or(9);
    if !(4..=25).contains(&side) {
        bail!("--size {side}: sides run from 4 to 25");
    }
    if a.jigsaw {
        return Ok(Shape::Jigsaw {
            side,
            diagonals: a.diagonals,
        });
    }
    let regions = a.regions.as_deref();
    let spec = crate::input::layout_spec(a.box_shape, regions, a.diagonals)?;
    let layout = match spec
        .layout()
        .map_err(|e| crate::input::in_file(e, regions))?
    {
        Some(layout) => layout,
        None => match BoxShape::for_side(side) {
            Some(shape) => Layout::boxed(shape)?,
            None => bail!("a side of {side} has no boxes: use --jigsaw or --regions"),
        },
    };
    let layout = if a.diagonals {
        layout.with_diagonals()
    } else {
        layout
    };
    Ok(Shape::Fixed(Arc::new(layout)))
}

/// `7.0-8.5`, `6.2` (that value, to the tenth) or `9+` (at least 9).
fn parse_se(text: &str) -> Result<(f32, f32)> {
    let bad = || anyhow!("--se {text:?}: expected MIN-MAX (e.g. 7.0-8.5), a value, or MIN+");
    let number = |s: &str| s.trim().parse::<f32>().map_err(|_| bad());
    let (lo, hi) = if let Some(lo) = text.trim().strip_suffix('+') {
        (number(lo)?, f32::MAX)
    } else if let Some((lo, hi)) = text.split_once('-') {
        (number(lo)?, number(hi)?)
    } else {
        let v = number(text)?;
        (v, v)
    };
    if !(lo.is_finite() && lo <= hi) {
        return Err(bad());
    }
    // Sudoku Explainer rates from 1.0 (a full house) to about 12 (the hardest known
    // puzzles): a range outside that is never met, however many tries.
    if hi < 1.0 || lo > 12.0 {
        return Err(anyhow!(
            "--se {text:?}: no puzzle rates there (Sudoku Explainer ratings run from 1.0 \
             to about 12)"
        ));
    }
    // Ratings are in tenths: make the bounds inclusive of their tenth.
    Ok((lo - 0.05, hi + 0.05))
}

/// A seed from the clock, small enough to be exact in any JSON reader.
fn failure(index: u64, seed: u64, e: &GenerateError) -> Reply {
    Reply {
        err: format!("puzzle {} of seed {seed}: {e}", index + 1),
        failed: true,
        ..Reply::default()
    }
}

/// The output form.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Out {
    Text(Format),
    Json,
    Csv,
}

impl Out {
    fn of(a: &GenerateArgs) -> Out {
        match (a.json || a.format == Format::Json, a.csv) {
            (true, _) => Out::Json,
            (_, true) => Out::Csv,
            _ => Out::Text(a.format),
        }
    }

    /// A complete grid.
    fn grid(self, grid: &Grid, seed: u64, index: u64) -> String {
        match self {
            Out::Text(format) => text(grid, format),
            Out::Json => {
                let mut fields = vec![
                    ("solution", Json::from(grid.to_line())),
                    ("seed", Json::from(seed)),
                    ("index", Json::from(index)),
                ];
                fields.extend(regions(grid).map(|r| ("regions", Json::from(r))));
                Json::object(fields).to_string() + "\n"
            }
            Out::Csv => format!(
                "{},{seed},{index},{}\n",
                grid.to_line(),
                regions(grid).unwrap_or_default()
            ),
        }
    }

    /// A puzzle, with its rating for JSON and CSV (and a note when the clue count asked
    /// was not reached).
    fn puzzle(self, index: u64, seed: u64, made: &Generated, request: &Request) -> Reply {
        let p = &made.puzzle;
        // JSON and CSV rows carry SE's one number: its own rating on 9×9.
        let rated = match self {
            Out::Text(_) => None,
            Out::Json | Out::Csv => {
                let r = made
                    .rating
                    .clone()
                    .unwrap_or_else(|| target::rate(p, &request.options));
                Some(r.with_explainer(&Board::new(p, None), &AtomicUsize::new(0)))
            }
        };
        let rating = rated.as_ref();
        let out = match self {
            // A killer as killers are read: the givens, then the cage block.
            Out::Text(format @ (Format::Fpuzzles | Format::Sudokupad)) => text(p, format),
            Out::Text(_) if p.layout().is_killer() => sudokit_core::format::write::killer(p) + "\n",
            Out::Text(format) => text(p, format),
            Out::Json => json(p, made, rating, seed, index),
            Out::Csv => csv(p, made, rating, seed, index),
        };
        let err = match (made.clues_met, request.clues) {
            (false, Some(asked)) => format!(
                "puzzle {} of seed {seed}: {} clues, the closest found in {} tries (asked for {asked})",
                index + 1,
                p.clue_count(),
                made.tries
            ),
            _ => String::new(),
        };
        Reply {
            out,
            err,
            failed: false,
        }
    }
}

/// A grid in a text format; a layout that is not boxes adds its region table (after a
/// space on a line, as N lines below a grid).
fn text(grid: &Grid, format: Format) -> String {
    let mut s = render(grid, format);
    if let Some(r) = regions(grid) {
        match format {
            // Each cell carries its region.
            Format::Fpuzzles | Format::Sudokupad => {}
            Format::Line | Format::Json => {
                s.pop();
                s += &format!(" {r}\n");
            }
            _ => {
                let n = grid.side();
                for row in r.as_bytes().chunks(n) {
                    s += std::str::from_utf8(row).expect("region symbols are ASCII");
                    s.push('\n');
                }
                s.push('\n');
            }
        }
    }
    s
}

/// The region symbols, for a layout that is not boxes.
fn regions(grid: &Grid) -> Option<String> {
    let layout = grid.layout();
    layout
        .box_shape()
        .is_none()
        .then(|| layout.region_symbols())
}

fn json(p: &Grid, made: &Generated, rating: Option<&Rating>, seed: u64, index: u64) -> String {
    let mut fields = vec![
        ("puzzle", Json::from(p.to_line())),
        ("solution", Json::from(made.solution.to_line())),
        ("clues", Json::from(p.clue_count())),
    ];
    fields.extend(
        logic::rating_fields(rating)
            .into_iter()
            .filter(|(k, _)| ["level", "score", "se", "se_kind"].contains(k)),
    );
    fields.push(("tries", Json::from(made.tries)));
    fields.push(("seed", Json::from(seed)));
    fields.push(("index", Json::from(index)));
    fields.extend(regions(p).map(|r| ("regions", Json::from(r))));
    if p.layout().is_killer() {
        fields.push(("killer", Json::from(sudokit_core::format::write::killer(p))));
    }
    Json::object(fields).to_string() + "\n"
}

fn csv_header(grid: bool) -> String {
    if grid {
        return "solution,seed,index,regions".to_string();
    }
    let mut h =
        String::from("puzzle,solution,clues,level,score,se,se_kind,tries,seed,index,regions");
    for t in Order::HoDoKu.techniques() {
        h.push(',');
        h += &csv_field(t.name());
    }
    h
}

fn csv(p: &Grid, made: &Generated, rating: Option<&Rating>, seed: u64, index: u64) -> String {
    let r = rating.expect("CSV rows are rated");
    let mut row = format!(
        "{},{},{},{},{},{:.1},{},{},{seed},{index},{}",
        p.to_line(),
        made.solution.to_line(),
        p.clue_count(),
        r.level,
        r.score,
        r.se,
        r.se_kind(),
        made.tries,
        regions(p).unwrap_or_default()
    );
    for t in Order::HoDoKu.techniques() {
        row += &format!(",{}", r.techniques.get(t).copied().unwrap_or(0));
    }
    row + "\n"
}

/// A CSV field, quoted when it holds a comma or a quote.
fn csv_field(s: &str) -> String {
    if s.contains([',', '"']) {
        format!("\"{}\"", s.replace('"', "\"\""))
    } else {
        s.to_string()
    }
}
