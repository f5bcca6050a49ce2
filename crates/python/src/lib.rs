//! `sudokit._sudokit`: the extension behind the `sudokit` Python package. Each function
//! reads a puzzle in any format the CLI reads and answers JSON text with the CLI's
//! `--json` fields (the Python side turns it into dicts); batch functions release the GIL
//! and use every core, answering in input order with an error entry for each bad puzzle.

use std::sync::Arc;

use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;
use sudokit_core::format::json::Json;
use sudokit_core::format::{ReadOptions, Reader};
use sudokit_core::parallel::map_ordered;
use sudokit_core::rng::Rng;
use sudokit_core::{BoxShape, DigitSet, Grid, Layout};
use sudokit_generate::{Generator, Request, Shape, Symmetry, Target};
use sudokit_logic::{
    next_step, rate as rate_path, render, solve as logic_solve, Board, Level, Options,
};

/// A puzzle's layout, as the Python keywords give it.
#[derive(Clone, Debug, Default)]
struct LayoutSpec {
    box_shape: Option<String>,
    regions: Option<String>,
    diagonals: bool,
}

impl LayoutSpec {
    fn options(&self) -> Result<ReadOptions, String> {
        let layout = match (&self.box_shape, &self.regions) {
            (Some(b), _) => {
                let shape: BoxShape = b.parse().map_err(|e| format!("box: {e}"))?;
                Some(Layout::boxed(shape).map_err(|e| format!("box: {e}"))?)
            }
            (None, Some(r)) => Some(regions(r)?),
            (None, None) => None,
        };
        Ok(ReadOptions {
            layout: layout.map(Arc::new),
            diagonals: self.diagonals,
        })
    }
}

/// Jigsaw regions: N lines of N symbols, or N² symbols on one line.
fn regions(text: &str) -> Result<Layout, String> {
    let symbols: Vec<char> = text.chars().filter(|c| !c.is_whitespace()).collect();
    let n = (symbols.len() as f64).sqrt().round() as usize;
    if n * n != symbols.len() || n == 0 {
        return Err(format!(
            "regions: {} symbols do not make a square",
            symbols.len()
        ));
    }
    let rows: Vec<String> = symbols.chunks(n).map(|r| r.iter().collect()).collect();
    Layout::from_regions_str(&rows.join("\n")).map_err(|e| format!("regions: {e}"))
}

/// The first puzzle of `text`, and its pencil marks if it had some.
fn read(text: &str, spec: &LayoutSpec) -> Result<(Grid, Option<Vec<DigitSet>>), String> {
    let record = Reader::new(text.as_bytes(), spec.options()?)
        .next()
        .ok_or_else(|| "no puzzle found".to_string())?;
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
    let (grid, _) = read(text, spec)?;
    let outcome = sudokit_solver::count(&grid, 2).map_err(|c| c.to_string())?;
    let status = match outcome.count {
        0 => "none",
        1 => "unique",
        _ => "multiple",
    };
    Ok(Json::object([
        ("status", Json::from(status)),
        (
            "solution",
            Json::opt_str(outcome.solution.map(|s| s.to_line())),
        ),
    ]))
}

/// The rating of a puzzle; with `explainer`, by Sudoku Explainer's own path (9×9 puzzles
/// a logical path solves), with its EP, ED and hardest rule.
fn rate_json(text: &str, spec: &LayoutSpec, explainer: bool) -> Result<Json, String> {
    let (grid, marks) = read(text, spec)?;
    unique(&grid)?;
    let board = Board::new(&grid, marks.as_deref());
    let path = logic_solve(&board, &Options::default());
    let rating = rate_path(&board, &path);
    let explained = (explainer && path.solved)
        .then(|| sudokit_logic::se::rate(&board))
        .flatten();
    Ok(match explained {
        Some(e) => Json::object(render::explained_fields(&rating, &e)),
        None => render::rating_json(&rating),
    })
}

/// `answer` on every puzzle, without the GIL, on `threads` workers (0: every core): the
/// answers in order as Python objects, `{"error": message}` for a bad puzzle.
fn many<'py>(
    py: Python<'py>,
    puzzles: &[String],
    spec: &LayoutSpec,
    threads: usize,
    answer: &(dyn Fn(&str, &LayoutSpec) -> Result<Json, String> + Sync),
) -> PyResult<Bound<'py, PyAny>> {
    let answers = py.detach(|| {
        map_ordered(puzzles, threads, |p| {
            answer(p, spec).unwrap_or_else(error_json)
        })
    });
    to_py_list(py, &answers)
}

/// An error entry of a batch: `{"error": message}`.
fn error_json(message: String) -> Json {
    Json::object([("error", Json::from(message))])
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

/// Solve a puzzle: `{"status": "unique"|"multiple"|"none", "solution": str|None}`.
#[pyfunction]
#[pyo3(signature = (puzzle, *, r#box=None, regions=None, diagonals=false))]
fn solve<'py>(
    py: Python<'py>,
    puzzle: &str,
    r#box: Option<String>,
    regions: Option<String>,
    diagonals: bool,
) -> PyResult<Bound<'py, PyAny>> {
    let answer = solve_json(puzzle, &spec(r#box, regions, diagonals)).map_err(value_error)?;
    to_py(py, &answer)
}

/// Count solutions up to `limit`.
#[pyfunction]
#[pyo3(signature = (puzzle, limit=2, *, r#box=None, regions=None, diagonals=false))]
fn count(
    puzzle: &str,
    limit: u64,
    r#box: Option<String>,
    regions: Option<String>,
    diagonals: bool,
) -> PyResult<u64> {
    let (grid, _) = read(puzzle, &spec(r#box, regions, diagonals)).map_err(value_error)?;
    sudokit_solver::count(&grid, limit)
        .map(|o| o.count)
        .map_err(|c| value_error(c.to_string()))
}

/// The rating of a puzzle: level, score, se, hardest, techniques, steps; with
/// `explainer`, se is Sudoku Explainer's ER from SE's own path, with ep, ed, se_hardest.
#[pyfunction]
#[pyo3(signature = (puzzle, *, r#box=None, regions=None, diagonals=false, explainer=false))]
fn rate<'py>(
    py: Python<'py>,
    puzzle: &str,
    r#box: Option<String>,
    regions: Option<String>,
    diagonals: bool,
    explainer: bool,
) -> PyResult<Bound<'py, PyAny>> {
    let spec = spec(r#box, regions, diagonals);
    let answer = py
        .detach(|| rate_json(puzzle, &spec, explainer))
        .map_err(value_error)?;
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
    let (grid, marks) = read(puzzle, &spec(r#box, regions, diagonals)).map_err(value_error)?;
    unique(&grid).map_err(value_error)?;
    let board = Board::new(&grid, marks.as_deref());
    let step = (!board.is_solved())
        .then(|| next_step(&board, &Options::default()))
        .flatten();
    to_py(py, &step.map_or(Json::Null, |s| render::json(&board, &s)))
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
    let steps = py
        .detach(|| {
            let (grid, marks) = read(puzzle, &spec)?;
            unique(&grid)?;
            let board = Board::new(&grid, marks.as_deref());
            let path = logic_solve(&board, &Options::default());
            Ok(Json::Array(render::steps_json(&board, &path.steps)))
        })
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
    threads: usize,
) -> PyResult<Bound<'py, PyAny>> {
    many(
        py,
        &puzzles,
        &spec(r#box, regions, diagonals),
        threads,
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
    let answer = py.detach(|| match read(puzzle, &spec) {
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
    });
    to_py(py, &answer)
}

/// Each cell's candidates, as `candidates --json`: `{"values": str, "candidates": [str]}`
/// (a cell's candidate digits, its own digit for a filled cell); with `propagate`, after
/// naked and hidden singles. Pencil marks in the input narrow the candidates.
#[pyfunction]
#[pyo3(signature = (puzzle, propagate=false, *, r#box=None, regions=None, diagonals=false))]
fn candidates<'py>(
    py: Python<'py>,
    puzzle: &str,
    propagate: bool,
    r#box: Option<String>,
    regions: Option<String>,
    diagonals: bool,
) -> PyResult<Bound<'py, PyAny>> {
    use sudokit_core::Digit;
    let (grid, marks) = read(puzzle, &spec(r#box, regions, diagonals)).map_err(value_error)?;
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
#[pyo3(signature = (puzzles, *, r#box=None, regions=None, diagonals=false, threads=0, explainer=false))]
fn rate_many<'py>(
    py: Python<'py>,
    puzzles: Vec<String>,
    r#box: Option<String>,
    regions: Option<String>,
    diagonals: bool,
    threads: usize,
    explainer: bool,
) -> PyResult<Bound<'py, PyAny>> {
    many(
        py,
        &puzzles,
        &spec(r#box, regions, diagonals),
        threads,
        &|p, spec| rate_json(p, spec, explainer),
    )
}

/// Solve `n` 9×9 puzzles given as `81 * n` bytes (0 = blank): the solutions the same way,
/// a row of zeros for a puzzle without exactly one solution.
#[pyfunction]
#[pyo3(signature = (data, threads=0))]
fn solve_bytes(py: Python<'_>, data: Vec<u8>, threads: usize) -> PyResult<Vec<u8>> {
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
    let solved = py.detach(|| {
        map_ordered(&rows, threads, |row| {
            let grid = Grid::from_values(layout.clone(), row.to_vec());
            match sudokit_solver::count(&grid, 2) {
                Ok(o) if o.count == 1 => o.solution.map_or(vec![0; 81], |s| s.values().to_vec()),
                _ => vec![0; 81],
            }
        })
    });
    Ok(solved.concat())
}

/// Make puzzles: a list of `generate --json` objects.
#[pyfunction]
#[pyo3(signature = (n=1, *, level=None, se=None, symmetry=None, seed=None, size=9, threads=0))]
#[allow(clippy::too_many_arguments)]
fn generate<'py>(
    py: Python<'py>,
    n: usize,
    level: Option<String>,
    se: Option<(f32, f32)>,
    symmetry: Option<String>,
    seed: Option<u64>,
    size: usize,
    threads: usize,
) -> PyResult<Bound<'py, PyAny>> {
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
    let layout = Layout::for_side(size).map_err(|e| value_error(format!("size {size}: {e}")))?;
    let target = Target {
        level,
        se,
        ..Target::default()
    };
    if let Some(why) = target.contradiction(&Options::default()) {
        return Err(value_error(format!("no puzzle can hit this target: {why}")));
    }
    let request = Request {
        symmetry,
        target,
        ..Request::new(Shape::Fixed(Arc::new(layout)))
    };
    let base = seed.unwrap_or(1);
    let seeds: Vec<u64> = (0..n as u64).map(|i| base.wrapping_add(i)).collect();
    let made = py.detach(|| {
        map_ordered(&seeds, threads, |&s| {
            match Generator::new(request.clone()).generate(&mut Rng::new(s)) {
                Ok(m) => {
                    let rating = m.rating.unwrap_or_else(|| {
                        sudokit_generate::target::rate(&m.puzzle, &Options::default())
                    });
                    let mut fields = vec![
                        ("puzzle", Json::from(m.puzzle.to_line())),
                        ("solution", Json::from(m.solution.to_line())),
                        ("clues", Json::from(m.puzzle.clue_count())),
                    ];
                    fields.extend(render::rating_fields(Some(&rating)));
                    fields.push(("tries", Json::from(m.tries)));
                    fields.push(("seed", Json::from(s)));
                    Json::object(fields)
                }
                Err(e) => error_json(format!("seed {s}: {e}")),
            }
        })
    });
    to_py_list(py, &made)
}

/// The canonical form: the same line for every equivalent puzzle.
#[pyfunction]
fn canon(puzzle: &str) -> PyResult<String> {
    let (grid, _) = read(puzzle, &LayoutSpec::default()).map_err(value_error)?;
    Ok(sudokit_generate::canon::canonical(&grid).to_line())
}

/// The puzzle under a named transformation (`transpose`, `rot90`, ...) or a random one
/// (`name=None`, with `seed`).
#[pyfunction]
#[pyo3(signature = (puzzle, name=None, seed=1))]
fn transform(puzzle: &str, name: Option<String>, seed: u64) -> PyResult<String> {
    let (grid, _) = read(puzzle, &LayoutSpec::default()).map_err(value_error)?;
    let mut rng = Rng::new(seed);
    let t = match name {
        Some(n) => sudokit_generate::Transform::named(grid.layout(), &n, &mut rng)
            .map_err(|e| value_error(e.to_string()))?,
        None => sudokit_generate::Transform::random(grid.layout(), &mut rng),
    };
    Ok(t.apply(&grid).to_line())
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
    Ok(())
}
