//! `sudokit print`: a puzzle book as PDF, SVG or PNG.
//!
//! Flags are checked first (format, paper, layout, a writable output); then every
//! puzzle is read, and the unreadable or unsound ones are reported and left out; the
//! layout is checked against the largest grid; then the puzzles are solved and rated in
//! parallel, laid out, and written.

use std::fs::{self, File};
use std::io::Write as _;
use std::path::{Path as FsPath, PathBuf};
use std::process::ExitCode;
use std::sync::atomic::AtomicU64;
use std::sync::atomic::AtomicUsize;
use std::sync::Arc;

use anyhow::{bail, Context, Result};
use sudokit_core::parallel::map_ordered;
use sudokit_core::rng::Rng;
use sudokit_generate::practice::practice;
use sudokit_logic::{rate, solve, teach, Board, Options, Technique};
use sudokit_render::book::{self, sort_by_difficulty, Book, Entry};
use sudokit_render::output;

use super::default_threads;
use super::logic::{options, prepare, Prepared};
use crate::args::{LabelsArg, PaperArg, PrintArgs, PrintFormat, SortArg};
use crate::input::{self, Job};

pub fn run(args: PrintArgs) -> Result<ExitCode> {
    let format = format_of(&args)?;
    if let Some(title) = &args.title {
        let missing = sudokit_render::font::missing(title);
        if !missing.is_empty() {
            let list: Vec<String> = missing.iter().map(|c| format!("'{c}'")).collect();
            bail!(
                "the title has characters the print font cannot draw: {} (its font, Inter, covers Latin, Greek and Cyrillic; no CJK, Arabic or emoji font is shipped, to keep sudokit small): choose a title without them",
                list.join(", ")
            );
        }
    }
    let book = Book {
        paper: match args.paper {
            PaperArg::A4 => book::Paper::A4,
            PaperArg::Letter => book::Paper::Letter,
            PaperArg::A5 => book::Paper::A5,
        },
        per_page: args.per_page,
        title: args.title.clone(),
        labels: labels(&args),
        solutions: args.solutions,
        lesson: None,
    };
    let to_stdout = args.output.as_os_str() == "-";
    if !to_stdout {
        writable(&args.output)?;
    }
    let outcome = make(&args, &book, format);
    if !to_stdout && !matches!(outcome, Ok(ExitCode::SUCCESS)) && is_empty(&args.output) {
        let _ = fs::remove_file(&args.output);
    }
    outcome
}

/// What labels say: `--labels`, or none with `--no-labels`.
fn labels(args: &PrintArgs) -> book::Labels {
    if args.no_labels {
        return book::Labels::Number;
    }
    match args.labels {
        LabelsArg::Level => book::Labels::Level,
        LabelsArg::Se => book::Labels::LevelSe,
        LabelsArg::Full => book::Labels::Full,
        LabelsArg::None => book::Labels::Number,
    }
}

/// Did nothing get written to `path` (the file made to check it can be written)?
fn is_empty(path: &FsPath) -> bool {
    // A plain file only: `-o /dev/null` is a device, never removed.
    fs::metadata(path).is_ok_and(|m| m.is_file() && m.len() == 0)
}

/// Reads, checks, solves, lays out and writes the book.
fn make(args: &PrintArgs, book: &Book, format: PrintFormat) -> Result<ExitCode> {
    if let Some(name) = &args.lesson {
        return lesson(args, book, format, name);
    }
    let jobs = read(args)?;
    let side = jobs
        .iter()
        .filter_map(|j| j.grid.as_ref().ok())
        .map(|g| g.side())
        .max();
    let levels = if book.labels == book::Labels::Number {
        0
    } else {
        6
    };
    book.check_fit(side.unwrap_or(9), levels)?;
    let mut failed = false;
    let sound: Vec<Prepared> = jobs
        .iter()
        .filter_map(|job| match prepare(job, None) {
            Ok(p) => Some(p),
            Err(reply) => {
                eprintln!("{}; left out of the book", reply.err);
                failed = true;
                None
            }
        })
        .collect();
    if sound.is_empty() {
        eprintln!("no puzzle to print");
        return Ok(ExitCode::FAILURE);
    }
    let threads = args.run.threads.map_or_else(default_threads, usize::from);
    let mut entries = entries(&sound, args, &options(&args.logic), threads);
    if args.sort == Some(SortArg::Difficulty) {
        sort_by_difficulty(&mut entries);
    }
    // One puzzle to a picture: the puzzle and its label, not a page around them.
    let alone = entries.len() == 1
        && format != PrintFormat::Pdf
        && !args.page
        && !args.worked
        && !args.solutions
        && book.title.is_none();
    if alone {
        let svg = book::single(&entries[0], book.labels, book.grid_side());
        write(&args.output, format, &[svg], book, args.dpi)?;
        return Ok(super::exit_code(failed));
    }
    let pages = book::pages(&entries, book)?;
    write(&args.output, format, &pages.svgs, book, args.dpi)?;
    Ok(super::exit_code(failed))
}

/// A lesson book: the technique's idea and example, then practice puzzles that need it
/// (made with the seed, on every core), each with its worked solution.
fn lesson(args: &PrintArgs, book: &Book, format: PrintFormat, name: &str) -> Result<ExitCode> {
    if !args.input.files.is_empty() {
        bail!("--lesson makes its own puzzles: give it no puzzle files");
    }
    let t = Technique::from_name(name).ok_or_else(|| {
        let known: Vec<&str> = Technique::ALL.iter().map(|t| t.name()).collect();
        anyhow::anyhow!(
            "unknown technique {name:?}; the techniques are: {}",
            known.join(", ")
        )
    })?;
    let (board, step) =
        teach::example(t).with_context(|| format!("no example of {t} is at hand"))?;
    let options = options(&args.logic);
    let seed = args.seed.unwrap_or_else(|| {
        let seed = sudokit_generate::os_seed();
        eprintln!("seed {seed} (chosen at random: --seed {seed} makes the same book again)");
        seed
    });
    let numbers: Vec<u64> = (0..u64::from(args.count)).collect();
    let threads = args.run.threads.map_or_else(default_threads, usize::from);
    let made = if teach::no_practice(t).is_some() {
        Vec::new()
    } else {
        map_ordered(&numbers, threads, |&i| {
            let mut rng = Rng::new(sudokit_generate::practice::practice_seed(t, seed, i));
            practice(t, &options, &mut rng, None)
        })
    };
    let mut entries = Vec::new();
    let mut missed = None;
    for m in made {
        let made = match m {
            Ok(made) => made,
            Err(e) => {
                missed = Some(e.to_string());
                continue;
            }
        };
        let start = Board::new(&made.puzzle, None);
        let path = solve(&start, &options);
        entries.push(Entry {
            puzzle: made.puzzle,
            solution: args.solutions.then_some(made.solution),
            rating: made.rating,
            path: Some((start, path)),
        });
    }
    let book = Book {
        title: Some(
            args.title
                .clone()
                .unwrap_or_else(|| format!("Practise: {}", t.name())),
        ),
        lesson: Some(book::Lesson {
            technique: t,
            board,
            step,
        }),
        ..book.clone()
    };
    let pages = book::pages(&entries, &book)?;
    write(&args.output, format, &pages.svgs, &book, args.dpi)?;
    if let Some(why) = teach::no_practice(t) {
        eprintln!("note: the lesson has no practice puzzles: {why}");
    }
    if let Some(why) = missed {
        eprintln!(
            "{} of {} practice puzzles made: {why}",
            entries.len(),
            args.count
        );
        return Ok(ExitCode::FAILURE);
    }
    Ok(ExitCode::SUCCESS)
}

/// `--format`, or the output's extension.
fn format_of(args: &PrintArgs) -> Result<PrintFormat> {
    if let Some(f) = args.format {
        return Ok(f);
    }
    let ext = args
        .output
        .extension()
        .and_then(|e| e.to_str())
        .map(str::to_ascii_lowercase);
    match ext.as_deref() {
        Some("pdf") => Ok(PrintFormat::Pdf),
        Some("svg") => Ok(PrintFormat::Svg),
        Some("png") => Ok(PrintFormat::Png),
        _ => bail!(
            "cannot tell the format of {}: name it .pdf, .svg or .png, or give --format",
            args.output.display()
        ),
    }
}

/// Creates the output file now, so a path that cannot be written fails before any work.
fn writable(path: &FsPath) -> Result<()> {
    File::create(path).with_context(|| format!("cannot write {}", path.display()))?;
    Ok(())
}

/// Every record of the inputs (a file that cannot be opened gives one error record).
fn read(args: &PrintArgs) -> Result<Vec<Job>> {
    let mut opts = input::read_options(&args.input)?;
    // Killers print with their cages drawn.
    opts.killer = true;
    let sources = input::open(&args.input, &Arc::new(AtomicU64::new(0)));
    Ok(input::jobs(sources, opts).collect())
}

/// Each puzzle with its solution, and its rating and path when the book needs them;
/// `threads` workers take the puzzles in turn.
fn entries(jobs: &[Prepared], args: &PrintArgs, options: &Options, threads: usize) -> Vec<Entry> {
    map_ordered(jobs, threads, |job| entry(job, args, options))
}

fn entry(prepared: &Prepared, args: &PrintArgs, options: &Options) -> Entry {
    let needs_path = labels(args) != book::Labels::Number || args.worked || args.sort.is_some();
    let (rating, path) = if needs_path {
        let start = Board::new(prepared.grid, None);
        let path = solve(&start, options);
        // Labels show SE's one number: its own rating on 9×9.
        let rating = rate(&start, &path).with_explainer(&start, &AtomicUsize::new(0));
        (Some(rating), Some((start, path)))
    } else {
        (None, None)
    };
    Entry {
        puzzle: prepared.grid.clone(),
        solution: args.solutions.then(|| prepared.solution.clone()),
        rating,
        path: path.filter(|_| args.worked),
    }
}

/// Writes the pages: one PDF, or one SVG or PNG file a page.
fn write(path: &FsPath, format: PrintFormat, svgs: &[String], book: &Book, dpi: u32) -> Result<()> {
    let files: Vec<Vec<u8>> = match format {
        PrintFormat::Pdf => vec![output::pdf(svgs, book.title.as_deref())?],
        PrintFormat::Svg => svgs.iter().map(|s| s.clone().into_bytes()).collect(),
        PrintFormat::Png => {
            output::each_page(svgs, |svg, page| output::png_page(svg, page, dpi as f32))?
        }
    };
    if path.as_os_str() == "-" {
        if files.len() > 1 {
            bail!(
                "{} pages cannot go to standard output as {}: write them to files, or as one PDF",
                files.len(),
                if format == PrintFormat::Svg {
                    "SVG"
                } else {
                    "PNG"
                }
            );
        }
        let mut out = std::io::stdout().lock();
        out.write_all(&files[0])
            .and_then(|()| out.flush())
            .context("cannot write to standard output")?;
        return Ok(());
    }
    if files.len() == 1 {
        return fs::write(path, &files[0])
            .with_context(|| format!("cannot write {}", path.display()));
    }
    // The empty file made early (see `writable`) goes: the pages are numbered files.
    // Only a plain file: `-o /dev/null` must not remove the device.
    if is_empty(path) {
        let _ = fs::remove_file(path);
    }
    for (i, data) in files.iter().enumerate() {
        let name = numbered(path, i + 1);
        fs::write(&name, data).with_context(|| format!("cannot write {}", name.display()))?;
    }
    Ok(())
}

/// `book.png` → `book-3.png`.
pub fn numbered(path: &FsPath, n: usize) -> PathBuf {
    let stem = path
        .file_stem()
        .map_or_else(|| "page".into(), |s| s.to_string_lossy());
    let name = match path.extension() {
        Some(ext) => format!("{stem}-{n}.{}", ext.to_string_lossy()),
        None => format!("{stem}-{n}"),
    };
    path.with_file_name(name)
}
