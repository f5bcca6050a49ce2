//! Command-line arguments (clap): raw flags only; `input` and the commands validate them.

use std::path::PathBuf;

use clap::{Args, Parser, Subcommand, ValueEnum};
use sudokit_core::BoxShape;
use sudokit_generate::Symmetry;
use sudokit_logic::Level;

/// Solve, count, check and study sudoku puzzles of every size (4×4 to 25×25, jigsaw, X).
#[derive(Parser, Debug)]
#[command(name = "sudokit", version, about, max_term_width = 100)]
pub struct Cli {
    /// What to do.
    #[command(subcommand)]
    pub command: Command,
}

/// The subcommands.
#[derive(Subcommand, Debug)]
pub enum Command {
    /// Solve every puzzle, checking that its solution is unique.
    Solve(SolveArgs),
    /// Count the solutions of every puzzle, up to a limit.
    Count(CountArgs),
    /// Tell whether each puzzle is valid, solvable, unique and minimal.
    Check(CheckArgs),
    /// Print the candidate marks of each puzzle (after singles with --propagate).
    Candidates(CandidatesArgs),
    /// Print the search log of each puzzle: placements, branches, backtracks.
    Trace(TraceArgs),
    /// Time the uniqueness check on each file, on one thread.
    Bench(BenchArgs),
    /// The next logical step of each puzzle, as a hint.
    Hint(HintArgs),
    /// The whole logical solution path of each puzzle, step by step.
    Explain(ExplainArgs),
    /// Rate each puzzle: level, score and Sudoku Explainer estimate.
    Rate(RateArgs),
    /// Make puzzles (one solution, minimal; Easy ones minimal for singles) or complete
    /// grids, of any layout and difficulty.
    Generate(GenerateArgs),
    /// The canonical form of each puzzle, the same for all equivalent puzzles.
    Canon(CanonArgs),
    /// Apply a transformation (random, or named) to each puzzle.
    Transform(TransformArgs),
    /// Serve the web page to play in the browser (and its JSON API) until Ctrl-C.
    Serve(ServeArgs),
    /// Play in the terminal: a new puzzle, one from a file, or the last game (--resume).
    Play(PlayArgs),
    /// Print a puzzle book (PDF, SVG or PNG): labels with level, SE estimate and hardest
    /// technique, worked solutions with a diagram per step, solution pages.
    Print(PrintArgs),
}

/// `sudokit play`.
#[derive(Args, Debug)]
pub struct PlayArgs {
    #[command(flatten)]
    pub input: InputArgs,
    /// Which puzzle of the file to play (1 is the first).
    #[arg(long, value_name = "N", default_value_t = 1, value_parser = clap::value_parser!(u64).range(1..))]
    pub index: u64,
    /// The level of a new puzzle (default medium; easy on 4×4, whose puzzles are never
    /// harder).
    #[arg(long, value_enum, ignore_case = true, value_name = "NAME")]
    pub level: Option<LevelArg>,
    /// The side of a new puzzle's grid (4, 6, 8, 9, 12, 16, 25, ...).
    #[arg(long, value_name = "N", default_value_t = 9)]
    pub size: usize,
    /// A new puzzle with jigsaw regions (9×9 unless --size says otherwise).
    #[arg(long)]
    pub jigsaw: bool,
    /// The seed of a new puzzle (the same seed and flags give the same puzzle).
    #[arg(long)]
    pub seed: Option<u64>,
    /// A new killer sudoku: cages with sums and no givens, to --level (--size 4 to 12).
    #[arg(long, conflicts_with_all = ["files", "resume"])]
    pub killer: bool,
    /// Continue the last unfinished game.
    #[arg(long, conflicts_with_all = ["files", "seed", "jigsaw"])]
    pub resume: bool,
    /// The terminal's background, for colours that keep contrast on it (auto: from
    /// COLORFGBG where the terminal sets it, else dark).
    #[arg(long, value_enum, ignore_case = true, default_value_t = ThemeArg::Auto)]
    pub theme: ThemeArg,
}

/// `print --labels`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum LabelsArg {
    /// The level alone.
    Level,
    /// The level and Sudoku Explainer's rating.
    Se,
    /// The level, SE and the hardest technique.
    Full,
    /// The number alone.
    None,
}

/// `play --theme`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum ThemeArg {
    Auto,
    Light,
    Dark,
}

/// `sudokit print`.
#[derive(Args, Debug)]
pub struct PrintArgs {
    #[command(flatten)]
    pub input: InputArgs,
    #[command(flatten)]
    pub logic: LogicArgs,
    #[command(flatten)]
    pub run: RunArgs,
    /// The file to write: .pdf, .svg or .png (a book of several pages as .svg or .png
    /// becomes NAME-1.svg, NAME-2.svg, ...); `-` writes to standard output (give
    /// --format; a single PDF, SVG or PNG).
    #[arg(short, long, value_name = "FILE")]
    pub output: PathBuf,
    /// The output format (by default, from the output file's extension).
    #[arg(long, value_enum)]
    pub format: Option<PrintFormat>,
    /// Puzzles a page: 1, 2, 4, 6, 9 or 12.
    #[arg(long, value_name = "N", default_value_t = 4, value_parser = per_page)]
    pub per_page: usize,
    /// The paper size.
    #[arg(long, value_enum, default_value_t = PaperArg::A4)]
    pub paper: PaperArg,
    /// A title for the first page.
    #[arg(long)]
    pub title: Option<String>,
    /// Add pages of small solution grids at the end.
    #[arg(long)]
    pub solutions: bool,
    /// Order the puzzles: `difficulty` puts the easiest first.
    #[arg(long, value_enum)]
    pub sort: Option<SortArg>,
    /// Add each puzzle's worked solution: every step beyond singles as a diagram with
    /// its sentence, runs of singles in one line.
    #[arg(long)]
    pub worked: bool,
    /// What the label under each puzzle says after its number: `level`, `se` (level
    /// and SE estimate), `full` (also the hardest technique, which gives the puzzle
    /// away) or `none` (the number alone, and no contents lines).
    #[arg(long, value_enum, ignore_case = true, default_value_t = LabelsArg::Se)]
    pub labels: LabelsArg,
    /// The same as --labels none.
    #[arg(long, conflicts_with = "labels")]
    pub no_labels: bool,
    /// With one puzzle to SVG or PNG: the whole page (by default the picture is cropped
    /// to the puzzle and its label).
    #[arg(long)]
    pub page: bool,
    /// Resolution of PNG pages, in dots per inch.
    #[arg(long, default_value_t = 150, value_parser = clap::value_parser!(u32).range(36..=600))]
    pub dpi: u32,
    /// Print a lesson instead of puzzle files: the technique's idea, an example the
    /// engine explains, then --count practice puzzles that need it, with their worked
    /// solutions (names as displayed, any case, or a HoDoKu code).
    #[arg(long, value_name = "NAME")]
    pub lesson: Option<String>,
    /// With --lesson: how many practice puzzles.
    #[arg(long, value_name = "N", default_value_t = 4, requires = "lesson",
          value_parser = clap::value_parser!(u32).range(1..=40))]
    pub count: u32,
    /// With --lesson: the seed of the practice puzzles (the same seed, the same book).
    #[arg(long, requires = "lesson")]
    pub seed: Option<u64>,
}

/// What `print` writes.
#[derive(ValueEnum, Clone, Copy, Debug, PartialEq, Eq)]
pub enum PrintFormat {
    /// A PDF, one page a page.
    Pdf,
    /// SVG, one file a page.
    Svg,
    /// PNG, one file a page.
    Png,
}

/// Paper sizes.
#[derive(ValueEnum, Clone, Copy, Debug, PartialEq, Eq)]
pub enum PaperArg {
    /// 210 × 297 mm.
    A4,
    /// 8.5 × 11 in.
    Letter,
    /// 148 × 210 mm.
    A5,
}

/// Orders for a book.
#[derive(ValueEnum, Clone, Copy, Debug, PartialEq, Eq)]
pub enum SortArg {
    /// Easiest first (level, then score, then SE estimate).
    Difficulty,
}

/// `--per-page`: one of the layouts a page offers.
fn per_page(s: &str) -> Result<usize, String> {
    match s.parse::<usize>() {
        Ok(n) if [1, 2, 4, 6, 9, 12].contains(&n) => Ok(n),
        _ => Err("choose 1, 2, 4, 6, 9 or 12".to_string()),
    }
}

/// `sudokit serve`.
#[derive(Args, Debug, Clone)]
pub struct ServeArgs {
    /// The address to listen on (another machine can reach the page only when this is
    /// not a loopback address).
    #[arg(long, default_value = "127.0.0.1")]
    pub host: std::net::IpAddr,
    /// The port (0: any free port; the address printed tells which).
    #[arg(long, default_value_t = 8080)]
    pub port: u16,
    /// Open the page in the system's browser.
    #[arg(long)]
    pub open: bool,
    /// The most seconds one request may compute (generating, rating, hinting).
    #[arg(long, default_value_t = 10, value_parser = clap::value_parser!(u64).range(1..=3600))]
    pub budget: u64,
    /// Serve the page from this folder instead of the built-in copies: a site built by
    /// `scripts/build-site` (the page then runs the engine in the browser, and works
    /// offline), or `crates/web/assets` while working on the page. The JSON API stays.
    #[arg(long, value_name = "DIR", visible_alias = "site")]
    pub assets: Option<PathBuf>,
}

/// Where puzzles come from and what layout they have.
#[derive(Args, Debug, Clone)]
pub struct InputArgs {
    /// Puzzle files (any supported format); standard input when none or `-`.
    #[arg(value_name = "FILE")]
    pub files: Vec<PathBuf>,
    /// Box shape, rows x columns (e.g. 2x3 for 6×6); by default inferred from the cell count.
    #[arg(long = "box", value_name = "RxC")]
    pub box_shape: Option<BoxShape>,
    /// Jigsaw regions: a file of N lines of N region symbols.
    #[arg(long, value_name = "FILE", conflicts_with = "box_shape")]
    pub regions: Option<PathBuf>,
    /// Add the two diagonals as houses (sudoku-X).
    #[arg(long)]
    pub diagonals: bool,
}

/// How answers are written.
#[derive(Args, Debug, Clone)]
pub struct OutputArgs {
    /// Output format.
    #[arg(long, value_enum, default_value_t = Format::Line)]
    pub format: Format,
    /// One JSON object per puzzle per line (same as --format json).
    #[arg(long)]
    pub json: bool,
}

impl OutputArgs {
    /// The format, with `--json` taking precedence.
    pub fn format(&self) -> Format {
        if self.json {
            Format::Json
        } else {
            self.format
        }
    }
}

/// Output formats for grids.
#[derive(ValueEnum, Clone, Copy, Debug, PartialEq, Eq)]
pub enum Format {
    /// One line of N² symbols per puzzle.
    Line,
    /// A boxed, readable grid.
    Grid,
    /// A MATLAB matrix.
    Matrix,
    /// `row column digit` triples.
    Triples,
    /// One JSON object per puzzle per line.
    Json,
    /// f-puzzles' JSON, one line per puzzle (regions, diagonals and killer cages too).
    Fpuzzles,
    /// A SudokuPad link that opens the puzzle (f-puzzles' data, compressed).
    Sudokupad,
}

/// Parallelism for batch commands.
#[derive(Args, Debug, Clone)]
pub struct RunArgs {
    /// Worker threads (default: all cores; at most 256 are started).
    #[arg(long, short = 'j', value_name = "N", value_parser = clap::value_parser!(u16).range(1..))]
    pub threads: Option<u16>,
}

/// `sudokit solve`.
#[derive(Args, Debug)]
pub struct SolveArgs {
    #[command(flatten)]
    pub input: InputArgs,
    #[command(flatten)]
    pub output: OutputArgs,
    #[command(flatten)]
    pub run: RunArgs,
    /// Stop at the first solution: skip the uniqueness check.
    #[arg(long)]
    pub first: bool,
}

/// `sudokit count`.
#[derive(Args, Debug)]
pub struct CountArgs {
    #[command(flatten)]
    pub input: InputArgs,
    #[command(flatten)]
    pub run: RunArgs,
    /// Stop counting at this many solutions.
    #[arg(long, default_value_t = 1_000_000, value_parser = clap::value_parser!(u64).range(1..))]
    pub limit: u64,
    /// One JSON object per puzzle per line.
    #[arg(long)]
    pub json: bool,
}

/// `sudokit check`.
#[derive(Args, Debug)]
pub struct CheckArgs {
    #[command(flatten)]
    pub input: InputArgs,
    #[command(flatten)]
    pub run: RunArgs,
    /// One JSON object per puzzle per line.
    #[arg(long)]
    pub json: bool,
}

/// `sudokit candidates`.
#[derive(Args, Debug)]
pub struct CandidatesArgs {
    #[command(flatten)]
    pub input: InputArgs,
    /// Apply naked and hidden singles first, to a fixed point.
    #[arg(long)]
    pub propagate: bool,
    /// Output: a pencil-mark grid, a line of N³ marks (a digit where it is a candidate,
    /// `.` elsewhere), or JSON.
    #[arg(long, value_enum, default_value_t = MarksFormat::Grid)]
    pub format: MarksFormat,
    /// Same as --format json.
    #[arg(long)]
    pub json: bool,
}

/// Output formats for candidate marks.
#[derive(ValueEnum, Clone, Copy, Debug, PartialEq, Eq)]
pub enum MarksFormat {
    /// A pencil-mark grid.
    Grid,
    /// N³ symbols: for each cell, N positions.
    Line,
    /// One JSON object per puzzle.
    Json,
}

/// `sudokit trace`.
#[derive(Args, Debug)]
pub struct TraceArgs {
    #[command(flatten)]
    pub input: InputArgs,
    /// Print the candidate grid after each round of propagation (as seed 004's log does).
    #[arg(long)]
    pub grids: bool,
    /// Keep searching until this many solutions (2 proves uniqueness).
    #[arg(long, default_value_t = 1, value_parser = clap::value_parser!(u64).range(1..))]
    pub limit: u64,
}

/// `sudokit bench`.
#[derive(Args, Debug)]
pub struct BenchArgs {
    #[command(flatten)]
    pub input: InputArgs,
    /// Count solutions up to this limit (1 = first solution, 2 = uniqueness check).
    #[arg(long, default_value_t = 2, value_parser = clap::value_parser!(u64).range(1..))]
    pub limit: u64,
    /// Instruction-set level of the 9×9 engine: portable, v3 (AVX2, BMI2, POPCNT) or
    /// avx512; by default the one every other command uses (v3 where the CPU has it:
    /// the AVX-512 level measured slower).
    #[arg(long, value_name = "LEVEL")]
    pub level: Option<String>,
    /// Timed passes over each file; the fastest is reported.
    #[arg(long, default_value_t = 3, value_parser = clap::value_parser!(u32).range(1..))]
    pub repeat: u32,
    /// One JSON object per file.
    #[arg(long)]
    pub json: bool,
}

/// What the logic engine may use.
#[derive(Args, Debug, Clone)]
pub struct LogicArgs {
    /// Do not use the uniqueness techniques (unique rectangles, BUG+1).
    #[arg(long)]
    pub no_uniqueness: bool,
    /// Which technique goes first when several apply: Sudoku Explainer's (lowest SE
    /// rating first), or HoDoKu 2.2's order.
    #[arg(long, value_enum, default_value = "se")]
    pub order: OrderArg,
}

/// `--order`.
#[derive(clap::ValueEnum, Clone, Copy, Debug, PartialEq, Eq)]
pub enum OrderArg {
    /// Sudoku Explainer's: lowest SE rating first.
    Se,
    /// HoDoKu 2.2's default order.
    Hodoku,
}

/// `sudokit hint`.
#[derive(Args, Debug)]
pub struct HintArgs {
    #[command(flatten)]
    pub input: InputArgs,
    #[command(flatten)]
    pub logic: LogicArgs,
    #[command(flatten)]
    pub run: RunArgs,
    /// Only the technique and where to look, not what it proves.
    #[arg(long)]
    pub vague: bool,
    /// Look for this technique only (e.g. "X-Wing", "xy-wing", or a HoDoKu code).
    #[arg(long, value_name = "NAME")]
    pub technique: Option<String>,
    /// Explain the step for a player: what the pattern is, its logic as numbered lines
    /// ("If r1c1 is not 4, then r5c1 is 4: ..."), and what it proves, in plain words.
    #[arg(long)]
    pub sentence: bool,
    /// With --sentence, also give the step in the community notation (`r1c7<>4`, Eureka
    /// chains), on the first line.
    #[arg(long)]
    pub notation: bool,
    /// Also draw the step as an SVG diagram in FILE (the puzzles after the first:
    /// NAME-2.svg, NAME-3.svg, ...).
    #[arg(long, value_name = "FILE")]
    pub svg: Option<PathBuf>,
    /// One JSON object per puzzle per line.
    #[arg(long)]
    pub json: bool,
}

/// `sudokit explain`.
#[derive(Args, Debug)]
pub struct ExplainArgs {
    #[command(flatten)]
    pub input: InputArgs,
    #[command(flatten)]
    pub logic: LogicArgs,
    #[command(flatten)]
    pub run: RunArgs,
    /// Show the candidate grid before each step beyond singles.
    #[arg(long)]
    pub grids: bool,
    /// Explain each step for a player, in plain words and numbered lines, instead of the
    /// community notation.
    #[arg(long)]
    pub sentences: bool,
    /// With --sentences, also give each step in the community notation (and SE's chains
    /// under a chaining step), on its first line.
    #[arg(long)]
    pub notation: bool,
    /// Also draw every step as an SVG diagram in DIR: puzzle1-step001.svg, ...
    #[arg(long, value_name = "DIR")]
    pub svg: Option<PathBuf>,
    /// One JSON object per puzzle per line.
    #[arg(long)]
    pub json: bool,
    /// Follow Sudoku Explainer's own path on 9×9 puzzles (its rules in its order, up to
    /// nested dynamic forcing chains, each chain shown with the inner chains it rests
    /// on); the rating adds SE's ER/EP/ED. Slow at the top of the scale.
    #[arg(long)]
    pub explainer: bool,
}

/// `sudokit rate`.
#[derive(Args, Debug)]
pub struct RateArgs {
    #[command(flatten)]
    pub input: InputArgs,
    #[command(flatten)]
    pub logic: LogicArgs,
    #[command(flatten)]
    pub run: RunArgs,
    /// One JSON object per puzzle per line.
    #[arg(long)]
    pub json: bool,
    /// Leave out Sudoku Explainer's own path: se is then sudokit's estimate from its own
    /// path (se_kind "estimate"). By default a 9×9 puzzle's se is SE's own rating by SE's
    /// path (its rules in its order, up to nested dynamic forcing chains), printed as
    /// ER/EP/ED with SE's name of the hardest rule; that takes seconds a puzzle at ER 10
    /// to 12.
    #[arg(long)]
    pub no_explainer: bool,
    /// SE's own rating on 9×9: the default (kept for scripts that ask for it).
    #[arg(long, hide = true, conflicts_with = "no_explainer")]
    pub explainer: bool,
}

/// `sudokit generate`.
#[derive(Args, Debug)]
pub struct GenerateArgs {
    /// How many puzzles (or grids).
    #[arg(short = 'n', long = "count", default_value_t = 1)]
    pub count: u64,
    /// Random seed: the same seed and arguments give the same output on any number of
    /// threads. Puzzle i draws from a hash of the seed, i and what is asked (layout,
    /// level, clues, symmetry), so nearby seeds and other levels share no puzzle.
    /// Default: a random seed, reported on standard error.
    #[arg(long)]
    pub seed: Option<u64>,
    /// Leave out the seed's first N puzzles: `--seed S --skip 4 -n 1` makes the fifth
    /// puzzle of seed S again (as JSON and CSV name it: seed S, index 4).
    #[arg(long, value_name = "N", default_value_t = 0)]
    pub skip: u64,
    #[command(flatten)]
    pub run: RunArgs,
    /// Print complete grids (solutions) instead of puzzles.
    #[arg(long)]
    pub grid: bool,
    /// How complete grids are made. Default: uniform with --grid, random for puzzles.
    #[arg(long, value_enum)]
    pub method: Option<MethodArg>,
    /// Symmetry of the givens.
    #[arg(long, value_enum, ignore_case = true, default_value_t = SymmetryArg::None)]
    pub symmetry: SymmetryArg,
    /// Aim at this many givens (the fewest found if it cannot be reached; givens are
    /// added back, so the puzzle is no longer minimal, if it is above).
    #[arg(long, value_name = "N")]
    pub clues: Option<usize>,
    /// Difficulty level.
    #[arg(long, value_enum, ignore_case = true, value_name = "NAME")]
    pub level: Option<LevelArg>,
    /// Sudoku Explainer estimate range, e.g. 7.0-8.5, 6.2 (that value) or 9+ (at least).
    #[arg(long, value_name = "MIN-MAX")]
    pub se: Option<String>,
    /// The solution path must use this technique (e.g. "X-Wing").
    #[arg(long, value_name = "TECHNIQUE")]
    pub needs: Option<String>,
    /// The most candidate puzzles tried per puzzle for a difficulty target.
    #[arg(long, value_name = "N", default_value_t = 100_000)]
    pub tries: u64,
    /// The most seconds spent on each puzzle (the search under way stops, inside a
    /// uniqueness test or a rating): one not made in time is reported, and the others
    /// still come.
    #[arg(long, value_name = "SECONDS", value_parser = seconds)]
    pub timeout: Option<std::time::Duration>,
    /// Side N of the grid (4..25), with the usual boxes (or with --jigsaw).
    #[arg(long, value_name = "N")]
    pub size: Option<usize>,
    /// Box shape, rows x columns (e.g. 2x3).
    #[arg(long = "box", value_name = "RxC", conflicts_with_all = ["size", "regions", "jigsaw"])]
    pub box_shape: Option<BoxShape>,
    /// Random jigsaw regions, a new layout for each puzzle (side from --size, default 9).
    #[arg(long, conflicts_with = "regions")]
    pub jigsaw: bool,
    /// Jigsaw regions from a file of N lines of N region symbols.
    #[arg(long, value_name = "FILE")]
    pub regions: Option<PathBuf>,
    /// Add the two diagonals as houses (sudoku-X).
    #[arg(long)]
    pub diagonals: bool,
    /// Killer sudokus: cages carved from the solution (no givens unless --givens), one
    /// solution; with --level, cages merged while the path stays within the level;
    /// without, merged until no two can merge (minimal in cages). Written as killers are
    /// read (the givens, then a cages: block).
    #[arg(long, conflicts_with_all = ["grid", "clues", "csv"])]
    pub killer: bool,
    /// With --killer: the most cells a cage may have (2 to N; by default 6, or N when
    /// smaller).
    #[arg(long, value_name = "N", requires = "killer")]
    pub cage_max: Option<usize>,
    /// With --killer: givens may settle what the cages leave open (by default a killer
    /// has none).
    #[arg(long, requires = "killer")]
    pub givens: bool,
    #[command(flatten)]
    pub logic: LogicArgs,
    /// Output format of the puzzles.
    #[arg(long, value_enum, default_value_t = Format::Line)]
    pub format: Format,
    /// One JSON object per puzzle: puzzle, solution, clues, level, score, se, tries, seed
    /// (and regions, for a layout that is not boxes).
    #[arg(long, conflicts_with = "csv")]
    pub json: bool,
    /// CSV with a header: puzzle, solution, clues, level, score, se, tries, seed, then the
    /// number of steps of each technique.
    #[arg(long)]
    pub csv: bool,
}

/// `--level`: the logic engine's levels, by name in any case.
#[derive(ValueEnum, Clone, Copy, Debug, PartialEq, Eq)]
pub enum LevelArg {
    /// Singles only.
    Easy,
    /// Locked candidates and subsets.
    Medium,
    /// Fish, wings, single-digit patterns, uniqueness.
    Hard,
    /// Chains, finned fish, almost locked sets.
    Unfair,
    /// Forcing chains and nets.
    Extreme,
}

impl From<LevelArg> for Level {
    fn from(level: LevelArg) -> Level {
        match level {
            LevelArg::Easy => Level::Easy,
            LevelArg::Medium => Level::Medium,
            LevelArg::Hard => Level::Hard,
            LevelArg::Unfair => Level::Unfair,
            LevelArg::Extreme => Level::Extreme,
        }
    }
}

/// `--symmetry`: a symmetry of the givens, or one of them at random per puzzle.
#[derive(ValueEnum, Clone, Copy, Debug, PartialEq, Eq)]
pub enum SymmetryArg {
    /// Any pattern.
    None,
    /// Half-turn rotation (the usual one in newspapers).
    Rot180,
    /// Quarter-turn rotation (and so also half-turn).
    Rot90,
    /// Left–right reflection.
    Mirror,
    /// Top–bottom reflection.
    Flip,
    /// Reflection in the main diagonal.
    Diagonal,
    /// Reflection in the anti-diagonal.
    Antidiagonal,
    /// One of the symmetries above but none, at random for each puzzle.
    Random,
}

impl SymmetryArg {
    /// The symmetry asked for; `None` for a random one.
    pub fn symmetry(self) -> Option<Symmetry> {
        Some(match self {
            SymmetryArg::None => Symmetry::None,
            SymmetryArg::Rot180 => Symmetry::Rot180,
            SymmetryArg::Rot90 => Symmetry::Rot90,
            SymmetryArg::Mirror => Symmetry::Mirror,
            SymmetryArg::Flip => Symmetry::Flip,
            SymmetryArg::Diagonal => Symmetry::Diagonal,
            SymmetryArg::Antidiagonal => Symmetry::Antidiagonal,
            SymmetryArg::Random => return None,
        })
    }
}

/// `--method`.
#[derive(ValueEnum, Clone, Copy, Debug, PartialEq, Eq)]
pub enum MethodArg {
    /// Every grid exactly equally likely (4×4, 6×6 and 9×9 boxes; other layouts: random).
    Uniform,
    /// A random grid: fast, but not exactly uniform.
    Random,
    /// Seed 003: band, stack, row, column and digit permutations of a valid grid.
    Shuffle,
}

/// `sudokit canon` (and what `sudokit transform` reads and writes).
#[derive(Args, Debug)]
pub struct CanonArgs {
    #[command(flatten)]
    pub input: InputArgs,
    #[command(flatten)]
    pub run: RunArgs,
    #[command(flatten)]
    pub output: OutputArgs,
}

/// `sudokit transform`.
#[derive(Args, Debug)]
pub struct TransformArgs {
    #[command(flatten)]
    pub io: CanonArgs,
    /// Transformations applied in order: random (the default: a random equivalent
    /// puzzle), rot90, rot180, rot270, mirror, flip, transpose, antitranspose, relabel,
    /// identity. Repeat or separate with commas.
    #[arg(long = "op", value_name = "NAME", value_delimiter = ',')]
    pub ops: Vec<String>,
    /// Random seed for random and relabel (puzzle i uses seed + i).
    #[arg(long)]
    pub seed: Option<u64>,
}

/// A positive number of seconds (fractions allowed, at most a day).
fn seconds(text: &str) -> Result<std::time::Duration, String> {
    let n: f64 = text
        .trim()
        .parse()
        .map_err(|_| format!("{text:?} is not a number of seconds"))?;
    if !(n > 0.0 && n <= 86_400.0) {
        return Err(format!(
            "{text} s: give more than 0 and at most 86400 seconds"
        ));
    }
    Ok(std::time::Duration::from_secs_f64(n))
}
