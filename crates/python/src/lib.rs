//! `sudokit._sudokit`: the extension behind the `sudokit` Python package. Each function
//! reads a puzzle in any format the CLI reads and answers JSON text with the CLI's
//! `--json` fields (the Python side turns it into dicts); batch functions release the GIL
//! and use every core, answering in input order with an error entry for each bad puzzle.

use std::sync::atomic::AtomicUsize;
use std::sync::Arc;

use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;
use sudokit_core::cancel::Cancel;
use sudokit_core::format::json::Json;
use sudokit_core::format::{LayoutSpec, Reader};
use sudokit_core::parallel::map_ordered_until;
use sudokit_core::rng::Rng;
use sudokit_core::{DigitSet, Grid, Layout};
use sudokit_generate::{Generator, KillerSpec, Request, Shape, Symmetry, Target};
use sudokit_logic::answer::{self, RatingAnswer, SolveAnswer};
use sudokit_logic::{
    next_step, rate as rate_path, render, solve as logic_solve, Board, Level, Options,
};

/// The puzzle of `text` (one only), and its pencil marks if it had some; a killer (a
/// cage block after the puzzle) only where `killer` says the function takes killers.
fn read(
    text: &str,
    spec: &LayoutSpec,
    killer: bool,
) -> Result<(Grid, Option<Vec<DigitSet>>), String> {
    let mut options = spec.read_options().map_err(|e| e.to_string())?;
    options.killer = killer;
    let mut records = Reader::new(text.as_bytes(), options);
    let record = records
        .next()
        .ok_or_else(|| "no puzzle found".to_string())?;
    if let Some(next) = records.next() {
        return Err(format!(
            "one puzzle expected, but another starts on line {} (solve_many, rate_many and the like take a list)",
            next.line
        ));
    }
    let grid = record.grid.map_err(|e| e.to_string())?;
    if let Some(c) = grid.find_conflict() {
        return Err(c.to_string());
    }
    Ok((grid, record.marks))
}

/// The one solution, or why there is not exactly one.
fn unique(grid: &Grid) -> Result<Grid, String> {
    let outcome = sudokit_solver::count(grid, 2).map_err(|c| c.to_string())?;
    match (outcome.count, outcome.solution) {
        (1, Some(s)) => Ok(s),
        (0, _) | (_, None) => Err(sudokit_solver::no_solution(grid)),
        _ => Err("several solutions; a logical path needs a puzzle with exactly one".into()),
    }
}

fn solve_json(text: &str, spec: &LayoutSpec) -> Result<Json, String> {
    let (grid, _) = read(text, spec, true)?;
    let outcome = sudokit_solver::count(&grid, 2).map_err(|c| c.to_string())?;
    Ok(SolveAnswer::of(&outcome, false).json())
}

/// The rating of a puzzle, with SE's one number: on 9×9 (a path solves it), se is Sudoku
/// Explainer's own rating by SE's path, with its EP, ED and hardest rule; elsewhere the
/// estimate (`se_kind` says which). `explainer`: `Some(true)` insists on SE's own (9×9
/// with boxes only), `Some(false)` leaves it out (the estimate, faster).
fn rate_json(text: &str, spec: &LayoutSpec, explainer: Option<bool>) -> Result<Json, String> {
    let (grid, marks) = read(text, spec, true)?;
    if explainer == Some(true) && grid.layout().is_killer() {
        return Err(
            "explainer=True: Sudoku Explainer has no killer scale (a killer's se is None)".into(),
        );
    }
    if explainer == Some(true) && (grid.side() != 9 || grid.layout().box_shape().is_none()) {
        let n = grid.side();
        return Err(format!(
            "explainer=True rates 9×9 puzzles with boxes (Sudoku Explainer's scale), not this {n}×{n} {}",
            if grid.layout().box_shape().is_none() { "jigsaw" } else { "one" }
        ));
    }
    unique(&grid)?;
    let board = Board::new(&grid, marks.as_deref());
    let path = logic_solve(&board, &Options::default());
    let mut rating = rate_path(&board, &path);
    if explainer != Some(false) {
        rating = rating.with_explainer(&board, &AtomicUsize::new(0));
    }
    Ok(answer::rating_json(&rating))
}

/// `work` on every item without the GIL, on `threads` workers (0: every core), the
/// results in order; or the exception of a signal Python has to handle first (Ctrl-C:
/// `KeyboardInterrupt`). While the workers run, the calling thread (Python's main
/// thread, where signals are handled) looks for one every 50 ms; then no worker takes
/// another item, the searches under way stop at their next check (the workers run under
/// a cancel token), and the signal's exception is raised.
fn interruptible<T: Sync, R: Send>(
    py: Python<'_>,
    items: &[T],
    threads: usize,
    work: impl Fn(&T) -> R + Sync,
) -> PyResult<Vec<R>> {
    use std::sync::atomic::{AtomicBool, Ordering};
    let stop = AtomicBool::new(false);
    let finished = AtomicBool::new(false);
    let token = Cancel::new();
    let (done, signal) = py.detach(|| {
        let caller = std::thread::current();
        std::thread::scope(|scope| {
            let workers = scope.spawn(|| {
                let out = token.enter(|| map_ordered_until(items, threads, &stop, &work));
                finished.store(true, Ordering::Release);
                caller.unpark();
                out
            });
            let mut signal = None;
            while !finished.load(Ordering::Acquire) {
                std::thread::park_timeout(std::time::Duration::from_millis(50));
                if finished.load(Ordering::Acquire) {
                    break;
                }
                if let Err(e) = Python::attach(|py| py.check_signals()) {
                    signal = Some(e);
                    stop.store(true, Ordering::Relaxed);
                    token.cancel();
                    break;
                }
            }
            let done = workers.join().unwrap_or(None);
            (done, signal)
        })
    });
    match (signal, done) {
        (Some(e), _) => Err(e),
        (None, Some(done)) => Ok(done),
        (None, None) => Err(pyo3::exceptions::PyRuntimeError::new_err(
            "the batch stopped before its end",
        )),
    }
}

/// `work` without the GIL, stopped by Ctrl-C as [`interruptible`] says (the search under
/// way ends at its next check and `KeyboardInterrupt` is raised).
fn interruptible_one<R: Send>(py: Python<'_>, work: impl Fn() -> R + Sync) -> PyResult<R> {
    let mut out = interruptible(py, &[()], 1, |_| work())?;
    out.pop()
        .ok_or_else(|| pyo3::exceptions::PyRuntimeError::new_err("the call stopped before its end"))
}

/// `answer` on every puzzle, without the GIL, on `threads` workers (0: every core): the
/// answers in order as Python objects, each with the same `keys` and `error` (null for a
/// good answer; the message, with every other key null, for a bad puzzle).
fn many<'py>(
    py: Python<'py>,
    puzzles: &[String],
    spec: &LayoutSpec,
    threads: usize,
    keys: &[&'static str],
    answer: &(dyn Fn(&str, &LayoutSpec) -> Result<Json, String> + Sync),
) -> PyResult<Bound<'py, PyAny>> {
    let answers = interruptible(py, puzzles, threads, |p| match answer(p, spec) {
        Ok(good) => with_error(good, None),
        Err(e) => error_json(keys, e),
    })?;
    to_py_list(py, &answers)
}

/// An answer with its `error` field (null, or the message).
fn with_error(answer: Json, error: Option<String>) -> Json {
    match answer {
        Json::Object(mut fields) => {
            fields.push(("error".into(), Json::opt_str(error)));
            Json::Object(fields)
        }
        other => other,
    }
}

/// An error entry of a batch: every key null, and the message.
fn error_json(keys: &[&'static str], message: String) -> Json {
    let fields = keys.iter().map(|&k| (k, Json::Null));
    with_error(Json::object(fields), Some(message))
}

/// The keys of a generated puzzle (and a complete grid's, where they apply): the puzzle,
/// its solution and clues, its rating (the shared answer's keys), then how it was made;
/// a killer's text last.
fn generate_keys(killer: bool) -> Vec<&'static str> {
    let mut keys = vec!["puzzle", "solution", "clues"];
    keys.extend(RatingAnswer::KEYS);
    keys.extend(["tries", "seed", "index", "regions"]);
    if killer {
        keys.push("killer");
    }
    keys
}

/// A whole number of a keyword, in range: `ValueError` naming it otherwise (a Python int
/// of any size may come, negative ones too).
fn whole(value: i128, what: &str, max: u128) -> PyResult<u64> {
    u128::try_from(value)
        .ok()
        .filter(|&v| v <= max)
        .map(|v| v as u64)
        .ok_or_else(|| {
            value_error(format!(
                "{what} must be a whole number from 0 to {max}, not {value}"
            ))
        })
}

fn spec(box_shape: Option<String>, regions: Option<String>, diagonals: bool) -> LayoutSpec {
    LayoutSpec {
        box_shape,
        regions,
        diagonals,
    }
}

/// A JSON value as the Python object `json.loads` would make of the CLI's output (numbers
/// with a fraction rounded as the CLI writes them).
fn to_py<'py>(py: Python<'py>, value: &Json) -> PyResult<Bound<'py, PyAny>> {
    use pyo3::types::{PyDict, PyList};
    use pyo3::IntoPyObjectExt;
    Ok(match value {
        Json::Null => py.None().into_bound(py),
        Json::Bool(b) => b.into_bound_py_any(py)?,
        Json::Int(i) => i.into_bound_py_any(py)?,
        Json::Float(_) => {
            let x: f64 = value.to_string().parse().unwrap_or(f64::NAN);
            x.into_bound_py_any(py)?
        }
        Json::Str(s) => s.into_bound_py_any(py)?,
        Json::Array(items) => {
            let list = PyList::empty(py);
            for item in items {
                list.append(to_py(py, item)?)?;
            }
            list.into_any()
        }
        Json::Object(fields) => {
            let dict = PyDict::new(py);
            for (k, v) in fields {
                dict.set_item(pyo3::types::PyString::intern(py, k), to_py(py, v)?)?;
            }
            dict.into_any()
        }
    })
}

/// A list of answers as Python objects.
fn to_py_list<'py>(py: Python<'py>, values: &[Json]) -> PyResult<Bound<'py, PyAny>> {
    let items = values
        .iter()
        .map(|v| to_py(py, v))
        .collect::<PyResult<Vec<_>>>()?;
    Ok(pyo3::types::PyList::new(py, items)?.into_any())
}

fn value_error(e: String) -> PyErr {
    PyValueError::new_err(e)
}

/// Solve a puzzle: `{"status": "unique"|"multiple"|"none", "solution": str|None,
/// "error": None}`.
#[pyfunction]
#[pyo3(signature = (puzzle, *, r#box=None, regions=None, diagonals=false))]
fn solve<'py>(
    py: Python<'py>,
    puzzle: &str,
    r#box: Option<String>,
    regions: Option<String>,
    diagonals: bool,
) -> PyResult<Bound<'py, PyAny>> {
    let spec = spec(r#box, regions, diagonals);
    let answer = interruptible_one(py, || solve_json(puzzle, &spec))?.map_err(value_error)?;
    to_py(py, &with_error(answer, None))
}

/// Count solutions up to `limit` (1 or more): the count, and whether it is complete
/// (false: `limit` or more).
#[pyfunction]
#[pyo3(signature = (puzzle, *, limit=2, r#box=None, regions=None, diagonals=false))]
fn count(
    py: Python<'_>,
    puzzle: &str,
    limit: i128,
    r#box: Option<String>,
    regions: Option<String>,
    diagonals: bool,
) -> PyResult<(u64, bool)> {
    let limit = whole(limit, "limit", u128::from(u64::MAX))?;
    if limit == 0 {
        return Err(value_error(
            "limit must be 1 or more: it is where counting stops".into(),
        ));
    }
    let (grid, _) = read(puzzle, &spec(r#box, regions, diagonals), true).map_err(value_error)?;
    interruptible_one(py, || sudokit_solver::count(&grid, limit))?
        .map(|o| (o.count, o.complete))
        .map_err(|c| value_error(c.to_string()))
}

/// The rating of a puzzle: level, score, se, hardest, techniques, steps, se_kind, ep,
/// ed, se_hardest (see [`rate_json`] for `explainer`).
#[pyfunction]
#[pyo3(signature = (puzzle, *, r#box=None, regions=None, diagonals=false, explainer=None))]
fn rate<'py>(
    py: Python<'py>,
    puzzle: &str,
    r#box: Option<String>,
    regions: Option<String>,
    diagonals: bool,
    explainer: Option<bool>,
) -> PyResult<Bound<'py, PyAny>> {
    let spec = spec(r#box, regions, diagonals);
    let answer =
        interruptible_one(py, || rate_json(puzzle, &spec, explainer))?.map_err(value_error)?;
    to_py(py, &answer)
}

/// The next logical step (the CLI's `hint --json` step), or null when solved or stuck.
#[pyfunction]
#[pyo3(signature = (puzzle, *, r#box=None, regions=None, diagonals=false))]
fn hint<'py>(
    py: Python<'py>,
    puzzle: &str,
    r#box: Option<String>,
    regions: Option<String>,
    diagonals: bool,
) -> PyResult<Bound<'py, PyAny>> {
    let spec = spec(r#box, regions, diagonals);
    let step = interruptible_one(py, || {
        let (grid, marks) = read(puzzle, &spec, true)?;
        unique(&grid)?;
        let board = Board::new(&grid, marks.as_deref());
        let step = (!board.is_solved())
            .then(|| next_step(&board, &Options::default()))
            .flatten();
        Ok::<_, String>(step.map_or(Json::Null, |s| render::json(&board, &s)))
    })?
    .map_err(value_error)?;
    to_py(py, &step)
}

/// The whole logical path: a list of steps (the CLI's `explain --json` steps).
#[pyfunction]
#[pyo3(signature = (puzzle, *, r#box=None, regions=None, diagonals=false))]
fn explain<'py>(
    py: Python<'py>,
    puzzle: &str,
    r#box: Option<String>,
    regions: Option<String>,
    diagonals: bool,
) -> PyResult<Bound<'py, PyAny>> {
    let spec = spec(r#box, regions, diagonals);
    let steps = interruptible_one(py, || {
        let (grid, marks) = read(puzzle, &spec, true)?;
        unique(&grid)?;
        let board = Board::new(&grid, marks.as_deref());
        let path = logic_solve(&board, &Options::default());
        Ok::<_, String>(Json::Array(render::steps_json(&board, &path.steps)))
    })?
    .map_err(value_error)?;
    to_py(py, &steps)
}

/// Solve many puzzles on every core: a list of JSON objects in input order, each the
/// answer of `solve` or `{"error": message}`.
#[pyfunction]
#[pyo3(signature = (puzzles, *, r#box=None, regions=None, diagonals=false, threads=0))]
fn solve_many<'py>(
    py: Python<'py>,
    puzzles: Vec<String>,
    r#box: Option<String>,
    regions: Option<String>,
    diagonals: bool,
    threads: i128,
) -> PyResult<Bound<'py, PyAny>> {
    let threads = whole(threads, "threads", 1024)? as usize;
    many(
        py,
        &puzzles,
        &spec(r#box, regions, diagonals),
        threads,
        &SolveAnswer::KEYS,
        &solve_json,
    )
}

/// Is a puzzle valid, solvable, unique and minimal? The fields of `check --json`:
/// valid, solvable, unique, minimal (null unless unique), clues, redundant (the givens
/// whose removal keeps the solution unique), error (why it is not valid).
#[pyfunction]
#[pyo3(signature = (puzzle, *, r#box=None, regions=None, diagonals=false))]
fn check<'py>(
    py: Python<'py>,
    puzzle: &str,
    r#box: Option<String>,
    regions: Option<String>,
    diagonals: bool,
) -> PyResult<Bound<'py, PyAny>> {
    let spec = spec(r#box, regions, diagonals);
    let answer = interruptible_one(py, || match read(puzzle, &spec, true) {
        Err(e) => Json::object([
            ("valid", Json::from(false)),
            ("solvable", Json::Null),
            ("unique", Json::Null),
            ("minimal", Json::Null),
            ("clues", Json::Null),
            ("redundant", Json::Null),
            ("error", Json::from(e)),
        ]),
        Ok((grid, _)) => {
            let solutions = sudokit_solver::count(&grid, 2).map_or(0, |o| o.count);
            let redundant: Vec<String> = if solutions == 1 {
                let names = sudokit_solver::redundant_givens(&grid).into_iter();
                names.map(|c| grid.layout().cell_name(c)).collect()
            } else {
                Vec::new()
            };
            Json::object([
                ("valid", Json::from(true)),
                ("solvable", Json::from(solutions > 0)),
                ("unique", Json::from(solutions == 1)),
                (
                    "minimal",
                    if solutions == 1 {
                        Json::from(redundant.is_empty())
                    } else {
                        Json::Null
                    },
                ),
                ("clues", Json::from(grid.clue_count())),
                ("redundant", Json::strings(redundant)),
                ("error", Json::Null),
            ])
        }
    })?;
    to_py(py, &answer)
}

/// Each cell's candidates, as `candidates --json`: `{"values": str, "candidates": [str]}`
/// (a cell's candidate digits, its own digit for a filled cell); with `propagate`, after
/// naked and hidden singles. Pencil marks in the input narrow the candidates.
#[pyfunction]
#[pyo3(signature = (puzzle, *, propagate=false, r#box=None, regions=None, diagonals=false))]
fn candidates<'py>(
    py: Python<'py>,
    puzzle: &str,
    propagate: bool,
    r#box: Option<String>,
    regions: Option<String>,
    diagonals: bool,
) -> PyResult<Bound<'py, PyAny>> {
    use sudokit_core::Digit;
    let (grid, marks) =
        read(puzzle, &spec(r#box, regions, diagonals), false).map_err(value_error)?;
    let layout = grid.layout();
    let start: Vec<DigitSet> = layout
        .cells()
        .map(|c| match grid.get(c) {
            Some(d) => DigitSet::single(d),
            None => marks
                .as_ref()
                .map_or(grid.candidates(c), |m| grid.candidates(c).and(m[c.index()])),
        })
        .collect();
    let (values, cands) = if propagate {
        let m =
            sudokit_solver::singles_from_marks(&grid, &start, &mut sudokit_solver::observe::Quiet)
                .map_err(|d| {
                    value_error(format!(
                        "no solution: singles lead to a contradiction: {}",
                        d.describe(layout)
                    ))
                })?;
        (m.values, m.candidates)
    } else {
        if let Some(c) = layout
            .cells()
            .find(|&c| grid.get(c).is_none() && start[c.index()].is_empty())
        {
            return Err(value_error(format!(
                "no solution: {} has no candidate",
                layout.cell_name(c)
            )));
        }
        (grid.values().to_vec(), start)
    };
    let values: String = values
        .iter()
        .map(|&v| Digit::new_checked(v).map_or('.', Digit::to_char))
        .collect();
    let answer = Json::object([
        ("values", Json::from(values)),
        (
            "candidates",
            Json::strings(cands.iter().map(|c| c.to_string())),
        ),
    ]);
    to_py(py, &answer)
}

/// Rate many puzzles on every core: ratings in input order, `{"error": message}` for a
/// bad one (`explainer`: as [`rate`]).
#[pyfunction]
#[pyo3(signature = (puzzles, *, r#box=None, regions=None, diagonals=false, threads=0, explainer=None))]
fn rate_many<'py>(
    py: Python<'py>,
    puzzles: Vec<String>,
    r#box: Option<String>,
    regions: Option<String>,
    diagonals: bool,
    threads: i128,
    explainer: Option<bool>,
) -> PyResult<Bound<'py, PyAny>> {
    let threads = whole(threads, "threads", 1024)? as usize;
    many(
        py,
        &puzzles,
        &spec(r#box, regions, diagonals),
        threads,
        &RatingAnswer::KEYS,
        &|p, spec| rate_json(p, spec, explainer),
    )
}

/// Solve `n` 9×9 puzzles given as `81 * n` bytes (0 = blank): the solutions the same way,
/// a row of zeros for a puzzle without exactly one solution.
#[pyfunction]
#[pyo3(signature = (data, threads=0))]
fn solve_bytes(py: Python<'_>, data: Vec<u8>, threads: i128) -> PyResult<Vec<u8>> {
    let threads = whole(threads, "threads", 1024)? as usize;
    if !data.len().is_multiple_of(81) {
        return Err(value_error(format!(
            "{} bytes is not a whole number of 81-cell puzzles",
            data.len()
        )));
    }
    if let Some(i) = data.iter().position(|&v| v > 9) {
        return Err(value_error(format!(
            "puzzle {}, cell {}: {} is not 0-9",
            i / 81,
            i % 81,
            data[i]
        )));
    }
    let rows: Vec<&[u8]> = data.chunks(81).collect();
    let layout = Arc::new(Layout::classic());
    let solved = interruptible(py, &rows, threads, |row| {
        let grid = Grid::from_values(layout.clone(), row.to_vec());
        match sudokit_solver::count(&grid, 2) {
            Ok(o) if o.count == 1 => o.solution.map_or(vec![0; 81], |s| s.values().to_vec()),
            _ => vec![0; 81],
        }
    })?;
    Ok(solved.concat())
}

/// The most puzzles one `generate` call makes: more would not fit in memory as dicts
/// (call again with `start` for the next ones).
const MAX_GENERATE: u128 = 1_000_000;

/// Make puzzles: a list of `generate --json` objects (see the Python docstring).
#[pyfunction]
#[pyo3(signature = (n=1, *, level=None, se=None, symmetry=None, seed=None, start=0, size=9,
    r#box=None, jigsaw=false, diagonals=false, clues=None, tries=100_000, grid=false, threads=0,
    killer=false, givens=false, cage_max=None))]
#[allow(clippy::too_many_arguments)]
fn generate<'py>(
    py: Python<'py>,
    n: i128,
    level: Option<String>,
    se: Option<(f32, f32)>,
    symmetry: Option<String>,
    seed: Option<i128>,
    start: i128,
    size: i128,
    r#box: Option<String>,
    jigsaw: bool,
    diagonals: bool,
    clues: Option<i128>,
    tries: i128,
    grid: bool,
    threads: i128,
    killer: bool,
    givens: bool,
    cage_max: Option<i128>,
) -> PyResult<Bound<'py, PyAny>> {
    let n = whole(n, "n", MAX_GENERATE)?;
    let seed = match seed {
        Some(s) => whole(s, "seed", u128::from(u64::MAX))?,
        None => sudokit_generate::os_seed(),
    };
    let start = whole(start, "start", u128::from(u64::MAX - n))?;
    let size = whole(size, "size", 25)? as usize;
    let threads = whole(threads, "threads", 1024)? as usize;
    let budget = whole(tries, "tries", u128::from(u64::MAX))?.max(1);
    let clues = clues
        .map(|c| whole(c, "clues", 625).map(|c| c as usize))
        .transpose()?;
    let level = match level {
        Some(name) => Some(
            Level::ALL
                .into_iter()
                .find(|l| l.name().eq_ignore_ascii_case(name.trim()))
                .ok_or_else(|| {
                    value_error(format!(
                        "unknown level {name:?} (easy, medium, hard, unfair, extreme)"
                    ))
                })?,
        ),
        None => None,
    };
    let symmetry = match symmetry.as_deref() {
        None => Symmetry::None,
        Some(name) => name
            .parse::<Symmetry>()
            .map_err(|e| value_error(e.to_string()))?,
    };
    let shape = if jigsaw {
        if r#box.is_some() {
            return Err(value_error(
                "jigsaw=True makes its own regions: leave box out".into(),
            ));
        }
        Shape::Jigsaw {
            side: size,
            diagonals,
        }
    } else {
        let boxed = spec(r#box, None, diagonals)
            .layout()
            .map_err(|e| value_error(e.to_string()))?;
        let layout = match boxed {
            Some(layout) => layout,
            None => Layout::for_side(size).map_err(|e| value_error(format!("size {size}: {e}")))?,
        };
        let layout = if diagonals {
            layout.with_diagonals()
        } else {
            layout
        };
        Shape::Fixed(Arc::new(layout))
    };
    let target = Target {
        level,
        se,
        ..Target::default()
    };
    if (givens || cage_max.is_some()) && !killer {
        return Err(value_error(
            "givens and cage_max go with killer=True".into(),
        ));
    }
    let killer = match killer {
        false => None,
        true if grid || clues.is_some() => {
            return Err(value_error(
                "killer=True makes killer puzzles: grid and clues do not apply".into(),
            ))
        }
        true => {
            let side = shape.side() as u128;
            let largest = match cage_max {
                Some(c) => whole(c, "cage_max", side)? as usize,
                None => KillerSpec::for_side(shape.side()).largest,
            };
            if largest < 2 {
                return Err(value_error(format!(
                    "cage_max must be from 2 to {side}, not {largest}"
                )));
            }
            Some(KillerSpec { largest, givens })
        }
    };
    let request = Request {
        symmetry,
        target,
        clues,
        budget,
        killer,
        ..Request::new(shape)
    };
    if let Some(why) = request.contradiction() {
        return Err(value_error(format!("no puzzle can hit this target: {why}")));
    }
    let indexes: Vec<u64> = (start..start + n).collect();
    let generator = Generator::new(request.clone());
    let made = interruptible(py, &indexes, threads, |&i| {
        let mut rng = Rng::new(request.puzzle_seed(seed, i));
        let region_field = |g: &Grid| {
            let l = g.layout();
            Json::opt_str(l.box_shape().is_none().then(|| l.region_symbols()))
        };
        let tail = |fields: &mut Vec<(&'static str, Json)>, g: &Grid| {
            fields.push(("seed", Json::from(seed)));
            fields.push(("index", Json::from(i)));
            fields.push(("regions", region_field(g)));
        };
        if grid {
            return match sudokit_generate::complete_grid(&request, &mut rng) {
                Ok(g) => {
                    let mut fields = vec![("solution", Json::from(g.to_line()))];
                    tail(&mut fields, &g);
                    with_error(Json::object(fields), None)
                }
                Err(e) => error_json(
                    &["solution", "seed", "index", "regions"],
                    failure(seed, i, &e),
                ),
            };
        }
        match generator.generate(&mut rng) {
            Ok(m) => {
                let rating = m
                    .rating
                    .unwrap_or_else(|| {
                        sudokit_generate::target::rate(&m.puzzle, &Options::default())
                    })
                    .with_explainer(&Board::new(&m.puzzle, None), &AtomicUsize::new(0));
                let mut fields = vec![
                    ("puzzle", Json::from(m.puzzle.to_line())),
                    ("solution", Json::from(m.solution.to_line())),
                    ("clues", Json::from(m.puzzle.clue_count())),
                ];
                fields.extend(answer::rating_fields(Some(&rating)));
                fields.push(("tries", Json::from(m.tries)));
                tail(&mut fields, &m.puzzle);
                if killer.is_some() {
                    let text = sudokit_core::format::write::killer(&m.puzzle);
                    fields.push(("killer", Json::from(text)));
                }
                with_error(Json::object(fields), None)
            }
            Err(e) => error_json(&generate_keys(killer.is_some()), failure(seed, i, &e)),
        }
    })?;
    to_py_list(py, &made)
}

/// Why puzzle `index` of `seed` was not made, with the Python keyword to change.
fn failure(seed: u64, index: u64, e: &sudokit_generate::GenerateError) -> String {
    let why = match e {
        sudokit_generate::GenerateError::Missed(tried) => {
            format!("no puzzle met the target in {tried} tries (raise tries=, or widen the target)")
        }
        other => other.to_string(),
    };
    format!("puzzle {index} of seed {seed}: {why}")
}

/// The canonical form: the same line for every equivalent puzzle.
#[pyfunction]
#[pyo3(signature = (puzzle, *, r#box=None, regions=None, diagonals=false))]
fn canon(
    puzzle: &str,
    r#box: Option<String>,
    regions: Option<String>,
    diagonals: bool,
) -> PyResult<String> {
    let (grid, _) = read(puzzle, &spec(r#box, regions, diagonals), false).map_err(value_error)?;
    Ok(sudokit_generate::canon::canonical(&grid).to_line())
}

/// The puzzle under a named transformation (`transpose`, `rot90`, ...) or a random one
/// (`name=None`, with `seed`).
#[pyfunction]
#[pyo3(signature = (puzzle, name=None, *, seed=1, r#box=None, regions=None, diagonals=false))]
fn transform(
    puzzle: &str,
    name: Option<String>,
    seed: i128,
    r#box: Option<String>,
    regions: Option<String>,
    diagonals: bool,
) -> PyResult<String> {
    let seed = whole(seed, "seed", u128::from(u64::MAX))?;
    let (grid, _) = read(puzzle, &spec(r#box, regions, diagonals), false).map_err(value_error)?;
    let mut rng = Rng::new(seed);
    let t = match name {
        Some(n) => sudokit_generate::Transform::named(grid.layout(), &n, &mut rng)
            .map_err(|e| value_error(e.to_string()))?,
        None => sudokit_generate::Transform::random(grid.layout(), &mut rng),
    };
    Ok(t.apply(&grid).to_line())
}

/// A deliberate panic, for the package's test that every panic reaches Python as a
/// `RuntimeError` (no input of the other functions is meant to panic).
#[pyfunction]
fn _panic_for_test() {
    panic!("a panic raised on purpose by _panic_for_test");
}

/// The module.
#[pymodule]
fn _sudokit(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_function(wrap_pyfunction!(solve, m)?)?;
    m.add_function(wrap_pyfunction!(count, m)?)?;
    m.add_function(wrap_pyfunction!(rate, m)?)?;
    m.add_function(wrap_pyfunction!(check, m)?)?;
    m.add_function(wrap_pyfunction!(candidates, m)?)?;
    m.add_function(wrap_pyfunction!(hint, m)?)?;
    m.add_function(wrap_pyfunction!(explain, m)?)?;
    m.add_function(wrap_pyfunction!(solve_many, m)?)?;
    m.add_function(wrap_pyfunction!(rate_many, m)?)?;
    m.add_function(wrap_pyfunction!(solve_bytes, m)?)?;
    m.add_function(wrap_pyfunction!(generate, m)?)?;
    m.add_function(wrap_pyfunction!(canon, m)?)?;
    m.add_function(wrap_pyfunction!(transform, m)?)?;
    m.add_function(wrap_pyfunction!(_panic_for_test, m)?)?;
    m.add("__version__", env!("CARGO_PKG_VERSION"))?;
    Ok(())
}
