//! The API's answers, computed with the sudokit libraries: each function takes a read
//! request and gives the JSON answer (the CLI's `--json` field names where it has them).

use std::sync::atomic::AtomicUsize;
use std::sync::Arc;
use sudokit_core::cancel::Cancel;
use sudokit_core::time::Instant;

use sudokit_core::format::json::Json;
use sudokit_core::rng::Rng;
use sudokit_core::{Cell, Digit, DigitSet, Grid, Layout};
use sudokit_generate::practice::{practice, PracticeError};
use sudokit_generate::{
    GenerateError, Generator, KillerSpec, Progress, Request, Shape, Symmetry, Target,
};
use sudokit_logic::answer::{self, SolveAnswer, Status};
use sudokit_logic::{
    next_step, render, solve_within, teach, Board, Level, Options, Step, Technique,
};

use crate::error::ApiError;
use crate::spec::{Position, Puzzle};

/// A new game as asked: the layout's name, a level, a seed.
#[derive(Clone, Debug, Default, serde::Deserialize)]
pub struct NewGame {
    /// `9x9` (default), any `NxN` with boxes, `jigsaw` (9×9), `x` (9×9 sudoku-X) or
    /// `killer` (9×9, cages and no givens).
    pub layout: Option<String>,
    /// `easy` … `extreme`; by default any.
    pub level: Option<String>,
    /// The seed: the same seed and request give the same puzzle. By default, random.
    pub seed: Option<u64>,
    /// A technique the puzzle's logical path must use (a name, any case, or a HoDoKu
    /// code): a puzzle to practise it.
    pub needs: Option<String>,
}

/// Candidate puzzles tried for a level before saying none was found: measured, a 6×6
/// Extreme puzzle takes about 1,300 on average and 9×9 levels a few dozen, while a 4×4
/// puzzle is never harder than Easy (20,000 misses take 0.14 s, so the answer is quick).
const TRIES: u64 = 20_000;

/// Makes a puzzle as `game` asks, before `deadline` (and the thread's cancel token):
/// with `needs`, a 9×9 puzzle whose path uses that technique (to practise it: generated,
/// or a transformed bank puzzle).
pub fn new_game(
    game: &NewGame,
    deadline: Option<Instant>,
    progress: Option<Progress>,
) -> Result<Json, ApiError> {
    let name = game.layout.as_deref().unwrap_or("9x9");
    let level = game.level.as_deref().map(level).transpose()?;
    let needs = game.needs.as_deref().map(technique).transpose()?;
    let options = Options::default();
    let seed = game.seed.unwrap_or_else(sudokit_generate::os_seed);
    let made = match needs {
        Some(t) => {
            if !name.eq_ignore_ascii_case("9x9") || level.is_some() {
                return Err(ApiError::BadRequest(
                    "needs: practice puzzles are 9x9, at the level the technique takes; leave layout and level out".into(),
                ));
            }
            let stream = sudokit_generate::practice::practice_seed(t, seed, 0);
            practice(t, &options, &mut Rng::new(stream), deadline).map_err(|e| match e {
                PracticeError::Impossible(why) => ApiError::BadRequest(why),
                other => ApiError::Unanswerable(other.to_string()),
            })?
        }
        None => {
            let target = Target {
                level,
                ..Target::default()
            };
            let killer = name.eq_ignore_ascii_case("killer");
            let shape = shape(name)?;
            let request = Request {
                symmetry: Symmetry::Rot180,
                target,
                deadline,
                budget: TRIES,
                progress,
                killer: killer.then(|| KillerSpec::for_side(shape.side())),
                ..Request::new(shape)
            };
            if let Some(why) = request.contradiction() {
                return Err(ApiError::BadRequest(why));
            }
            let stream = request.puzzle_seed(seed, 0);
            Generator::new(request)
                .generate(&mut Rng::new(stream))
                .map_err(|e| missed(e, name, level))?
        }
    };
    let rating = match made.rating {
        Some(r) => r,
        None => sudokit_generate::target::rate(&made.puzzle, &options),
    };
    let board = sudokit_logic::Board::new(&made.puzzle, None);
    let rating = rating.with_explainer_until(&board, &AtomicUsize::new(0), deadline);
    let mut fields = vec![
        ("puzzle", Json::from(made.puzzle.to_line())),
        ("solution", Json::from(made.solution.to_line())),
        ("clues", Json::from(made.puzzle.clue_count())),
    ];
    fields.extend(answer::rating_fields(Some(&rating)));
    fields.extend([
        ("tries", Json::from(made.tries)),
        ("seed", Json::from(seed)),
        ("layout", layout_json(made.puzzle.layout())),
    ]);
    Ok(Json::object(fields))
}

/// The layout a new-game name asks for.
fn shape(name: &str) -> Result<Shape, ApiError> {
    let classic = || Arc::new(Layout::classic());
    Ok(match name.to_ascii_lowercase().as_str() {
        "jigsaw" => Shape::Jigsaw {
            side: 9,
            diagonals: false,
        },
        "x" | "sudoku-x" => Shape::Fixed(Arc::new(Layout::classic().with_diagonals())),
        "9x9" | "killer" => Shape::Fixed(classic()),
        other => {
            let side = other
                .split_once('x')
                .filter(|(a, b)| a == b)
                .and_then(|(a, _)| a.parse::<usize>().ok())
                .ok_or_else(|| {
                    ApiError::BadRequest(format!(
                        "layout: unknown layout {name:?}; use 4x4, 6x6, 9x9, 16x16 (any NxN \
                         with boxes), jigsaw, x or killer"
                    ))
                })?;
            let layout =
                Layout::for_side(side).map_err(|e| ApiError::BadRequest(format!("layout: {e}")))?;
            Shape::Fixed(Arc::new(layout))
        }
    })
}

/// A level by name, any case.
fn level(name: &str) -> Result<Level, ApiError> {
    Level::ALL
        .into_iter()
        .find(|l| l.name().eq_ignore_ascii_case(name.trim()))
        .ok_or_else(|| {
            ApiError::BadRequest(format!(
                "level: unknown level {name:?}; use easy, medium, hard, unfair or extreme"
            ))
        })
}

/// A technique by name, any case, or HoDoKu code.
fn technique(name: &str) -> Result<Technique, ApiError> {
    Technique::from_name(name).ok_or_else(|| {
        ApiError::BadRequest(format!(
            "needs: unknown technique {name:?}; /api/techniques lists them"
        ))
    })
}

/// Every technique, by level (easiest first), each with its idea and whether a puzzle
/// can be made to practise it (and why not).
pub fn techniques() -> Json {
    let list = Level::ALL.iter().flat_map(|&level| {
        Technique::ALL
            .iter()
            .copied()
            .filter(move |t| t.level() == level)
            .map(|t| {
                Json::object([
                    ("name", Json::from(t.name())),
                    ("level", Json::from(t.level().name())),
                    ("idea", Json::from(teach::idea(t))),
                    ("practice", Json::from(teach::no_practice(t).is_none())),
                    ("why", Json::opt_str(teach::no_practice(t))),
                ])
            })
    });
    Json::object([("techniques", Json::Array(list.collect()))])
}

/// What `/api/lesson` is asked: a technique.
#[derive(Clone, Debug, Default, serde::Deserialize)]
pub struct LessonRequest {
    /// The technique: a name, any case, or a HoDoKu code.
    pub technique: String,
}

/// A lesson: the technique's idea, an example the engine finds (the step as for a hint,
/// and its picture), and whether a puzzle can be made to practise it.
pub fn lesson(req: &LessonRequest) -> Result<Json, ApiError> {
    let t = Technique::from_name(&req.technique).ok_or_else(|| {
        ApiError::BadRequest(format!(
            "technique: unknown technique {:?}; /api/techniques lists them",
            req.technique
        ))
    })?;
    let (board, step) = teach::example(t)
        .ok_or_else(|| ApiError::Unanswerable(format!("no example of {t} is at hand")))?;
    let scene = sudokit_render::Scene::step(&board, &step);
    Ok(Json::object([
        ("technique", Json::from(t.name())),
        ("level", Json::from(t.level().name())),
        ("idea", Json::from(teach::idea(t))),
        ("practice", Json::from(teach::no_practice(t).is_none())),
        ("why", Json::opt_str(teach::no_practice(t))),
        ("svg", Json::from(sudokit_render::scene_svg(&scene, 36.0))),
        ("step", step_json(&board, &step)),
    ]))
}

/// The message for a puzzle not made.
fn missed(e: GenerateError, layout: &str, level: Option<Level>) -> ApiError {
    let what = match level {
        Some(l) => format!("{} {layout}", l.name()),
        None => layout.to_string(),
    };
    match e {
        GenerateError::Missed(_) | GenerateError::OutOfTime(_) => ApiError::Unanswerable(format!(
            "no {what} puzzle was found in the time allowed; try another level (on small \
             grids, few levels can be reached)"
        )),
        other => ApiError::Unanswerable(other.to_string()),
    }
}

/// The layout as the page draws it: side, box shape, a region symbol per cell, diagonals.
pub fn layout_json(layout: &Layout) -> Json {
    let mut fields = vec![
        ("side", Json::from(layout.side())),
        (
            "box",
            Json::opt_str(layout.box_shape().map(|b| b.to_string())),
        ),
        ("regions", Json::from(layout.region_symbols())),
        ("diagonals", Json::from(layout.has_diagonals())),
    ];
    if layout.is_killer() {
        let cages = layout.cages().iter().map(|c| {
            let cells = c.indices().into_iter().map(Json::from);
            Json::object([
                ("sum", Json::from(c.sum)),
                ("cells", Json::Array(cells.collect())),
            ])
        });
        fields.push(("cages", Json::Array(cages.collect())));
    }
    Json::object(fields)
}

/// What `count` is asked: a puzzle, and the count to stop at.
#[derive(Clone, Debug, Default, serde::Deserialize)]
pub struct CountRequest {
    /// The puzzle.
    #[serde(flatten)]
    pub puzzle: crate::spec::PuzzleSpec,
    /// Stop counting here (by default 2: none, one or several).
    pub limit: Option<u64>,
}

/// The most solutions a request may ask to count.
const COUNT_LIMIT: u64 = 1_000_000;

/// Counts a puzzle's solutions, up to `limit`.
pub fn count(p: &Puzzle, limit: Option<u64>) -> Result<Json, ApiError> {
    let limit = limit.unwrap_or(2);
    if !(1..=COUNT_LIMIT).contains(&limit) {
        return Err(ApiError::BadRequest(format!(
            "limit: count up to 1 to {COUNT_LIMIT} solutions, not {limit}"
        )));
    }
    let outcome =
        sudokit_solver::count(&p.grid, limit).map_err(|e| ApiError::Unanswerable(e.to_string()))?;
    Ok(Json::object([
        ("puzzle", Json::from(p.grid.to_line())),
        ("count", Json::from(outcome.count)),
        ("complete", Json::from(outcome.complete)),
        ("limit", Json::from(limit)),
    ]))
}

/// The puzzle's canonical form: the least of its equivalent puzzles (the same for every
/// puzzle that differs only by relabelling, rotation, reflection, or band, stack, row and
/// column swaps; see `sudokit_generate::canon` for what each layout allows).
pub fn canon(p: &Puzzle) -> Result<Json, ApiError> {
    if p.layout().is_killer() {
        return Err(ApiError::BadRequest(
            "canon: a killer sudoku has no canonical form here (its cages would be lost)".into(),
        ));
    }
    let canon = sudokit_generate::canon::canonical(&p.grid);
    Ok(Json::object([
        ("puzzle", Json::from(p.grid.to_line())),
        ("canonical", Json::from(canon.to_line())),
    ]))
}

/// Solves a puzzle: the shared answer (status, solution), with the puzzle, its layout, the
/// cells at fault when there is no single solution, and why.
pub fn solve(p: &Puzzle) -> Json {
    let grid = &p.grid;
    let layout = grid.layout();
    let answer = |answer: SolveAnswer, cells: &[Cell], error: Option<String>| {
        Json::object([
            ("status", Json::from(answer.status.name())),
            ("puzzle", Json::from(grid.to_line())),
            ("solution", Json::opt_str(answer.solution)),
            ("layout", layout_json(layout)),
            ("cells", names(layout, cells)),
            ("error", Json::opt_str(error)),
        ])
    };
    if let Some(c) = grid.find_conflict() {
        let invalid = SolveAnswer {
            status: Status::Invalid,
            solution: None,
        };
        return answer(invalid, &[c.first, c.second], Some(c.to_string()));
    }
    let outcome = sudokit_solver::count(grid, 2).expect("no conflict");
    let solved = SolveAnswer::of(&outcome, false);
    match (solved.status, &outcome.solution) {
        (Status::None, _) | (_, None) => {
            // The smallest contradiction found, and the cells that show it.
            let why = sudokit_solver::why_unsolvable(grid);
            let (cells, text) = match why {
                Some(w) => (
                    w.cells(layout),
                    format!("no solution: {}", w.describe(layout)),
                ),
                None => (Vec::new(), "no solution".to_string()),
            };
            answer(solved, &cells, Some(text))
        }
        (Status::Multiple, Some(s)) => {
            let (cells, why) = match open_cell(grid, s) {
                Some((c, a, b)) => (
                    vec![c],
                    format!(
                        "several solutions: {} can hold {a} or {b}; a proper puzzle has one",
                        layout.cell_name(c)
                    ),
                ),
                None => (vec![], "several solutions".to_string()),
            };
            answer(solved, &cells, Some(why))
        }
        _ => answer(solved, &[], None),
    }
}

/// A cell of `grid` whose digit differs between `solution` and another solution, with
/// the two digits.
fn open_cell(grid: &Grid, solution: &Grid) -> Option<(Cell, Digit, Digit)> {
    let layout = grid.layout();
    let cell = layout.cells().find(|&c| {
        let d = solution.get(c).expect("complete");
        grid.get(c).is_none()
            && sudokit_solver::count_solutions_without(grid, c, d, 1).is_ok_and(|n| n > 0)
    })?;
    let first = solution.get(cell).expect("complete");
    let other = grid.candidates(cell).iter().find(|&d| {
        let mut g = grid.clone();
        g.set(cell, Some(d));
        d != first && sudokit_solver::count(&g, 1).is_ok_and(|o| o.count > 0)
    })?;
    Some((cell, first.min(other), first.max(other)))
}

/// The unique solution of the puzzle, or a 422 saying why there is none.
fn unique_solution(p: &Puzzle) -> Result<Grid, ApiError> {
    let grid = &p.grid;
    let outcome = sudokit_solver::count(grid, 2)
        .map_err(|c| ApiError::Unanswerable(format!("invalid puzzle: {c}")))?;
    match (outcome.count, outcome.solution) {
        (1, Some(s)) => Ok(s),
        (0, _) | (_, None) => Err(ApiError::Unanswerable("the puzzle has no solution".into())),
        _ => Err(ApiError::Unanswerable(
            "the puzzle has several solutions; this needs a puzzle with exactly one".into(),
        )),
    }
}

/// Checks a position against the solution: solved, complete, conflicts, wrong cells.
pub fn check(p: &Puzzle, pos: &Position) -> Result<Json, ApiError> {
    let solution = unique_solution(p)?;
    let layout = p.layout();
    let wrong: Vec<Cell> = layout
        .cells()
        .filter(|&c| pos.grid.get(c).is_some_and(|d| solution.get(c) != Some(d)))
        .collect();
    let complete = pos.grid.is_full();
    Ok(Json::object([
        ("solved", Json::from(complete && wrong.is_empty())),
        ("complete", Json::from(complete)),
        ("conflicts", names(layout, &conflict_cells(&pos.grid))),
        ("wrong", names(layout, &wrong)),
        ("error", Json::Null),
    ]))
}

/// Every cell holding a digit that another cell of one of its houses holds too.
fn conflict_cells(grid: &Grid) -> Vec<Cell> {
    let layout = grid.layout();
    let mut cells: Vec<Cell> = layout
        .houses()
        .iter()
        .flat_map(|h| {
            h.cells.iter().copied().filter(|&c| {
                let d = grid.get(c);
                d.is_some() && h.cells.iter().any(|&o| o != c && grid.get(o) == d)
            })
        })
        .collect();
    cells.sort();
    cells.dedup();
    cells
}

/// The next step from a player's position, or the first mistake that makes any step
/// dishonest.
pub fn hint(p: &Puzzle, pos: &Position) -> Result<Json, ApiError> {
    let solution = unique_solution(p)?;
    let layout = p.layout();
    let marks = marks(p, pos);
    let board = Board::new(&pos.grid, Some(&marks));
    let candidates = Json::Array(
        layout
            .cells()
            .map(|c| Json::from(symbols(board.candidates(c))))
            .collect(),
    );
    let (status, step, mistake) = match first_mistake(p, pos, &marks, &solution) {
        Some(m) => ("mistake", Json::Null, m),
        None if board.is_solved() => ("solved", Json::Null, Json::Null),
        None => match next_step(&board, &Options::default()) {
            Some(s) => ("step", step_json(&board, &s), Json::Null),
            None => ("none", Json::Null, Json::Null),
        },
    };
    Ok(Json::object([
        ("status", Json::from(status)),
        ("step", step),
        ("mistake", mistake),
        ("candidates", candidates),
        ("error", Json::Null),
    ]))
}

/// Each cell's candidates as the player sees them: their notes, else the input's pencil
/// marks, else every digit (the board keeps those no peer holds).
fn marks(p: &Puzzle, pos: &Position) -> Vec<DigitSet> {
    let full = DigitSet::full(p.layout().side());
    p.layout()
        .cells()
        .map(|c| {
            let input = p.marks.as_ref().map_or(full, |m| m[c.index()]);
            pos.notes[c.index()].unwrap_or(input)
        })
        .collect()
}

/// The first wrong entry, else the first cell whose notes leave out its solution digit.
fn first_mistake(p: &Puzzle, pos: &Position, marks: &[DigitSet], solution: &Grid) -> Option<Json> {
    let layout = p.layout();
    let right = |c: Cell| solution.get(c).expect("complete");
    let wrong = layout
        .cells()
        .find(|&c| pos.grid.get(c).is_some_and(|d| d != right(c)));
    if let Some(c) = wrong {
        let d = pos.grid.get(c).expect("filled");
        let message = format!(
            "{} holds {d}, which is not its digit in the solution; no honest step follows \
             from a wrong entry",
            layout.cell_name(c)
        );
        return Some(mistake(layout, c, d, "wrong-entry", message));
    }
    let lost = lost_cell(&pos.grid, marks, solution)?;
    let message = format!(
        "the notes of {} leave out the digit that belongs there; no honest step follows \
         from notes that rule out the solution",
        layout.cell_name(lost)
    );
    Some(mistake(
        layout,
        lost,
        right(lost),
        "lost-candidate",
        message,
    ))
}

/// The first open cell of `grid` whose marks leave out its digit in `solution`.
fn lost_cell(grid: &Grid, marks: &[DigitSet], solution: &Grid) -> Option<Cell> {
    grid.layout().cells().find(|&c| {
        let d = solution.get(c).expect("a solution is complete");
        grid.get(c).is_none() && !marks[c.index()].contains(d)
    })
}

fn mistake(layout: &Layout, cell: Cell, digit: Digit, kind: &str, message: String) -> Json {
    Json::object([
        ("cell", Json::from(layout.cell_name(cell))),
        ("digit", Json::from(digit.get())),
        ("kind", Json::from(kind)),
        ("message", Json::from(message)),
    ])
}

/// A step as JSON for the page: the CLI's step object (with its explanation and drawing),
/// plus the vague hint, the houses to look at first and their cells (`area`), and each
/// link's route over the grid in cell units (`path`, `head`: SVG path data), the same
/// routes the printed diagrams take.
pub fn step_json(board: &Board, step: &Step) -> Json {
    let layout = board.layout();
    let Json::Object(mut fields) = render::json(board, step) else {
        unreachable!("a step renders as an object")
    };
    let houses = render::look_at(layout, step);
    let area = render::look_at_cells(layout, step, &houses);
    let scene = sudokit_render::Scene::step(board, step);
    let routes = sudokit_render::link_paths(&scene);
    for (key, value) in &mut fields {
        if key != "drawing" {
            continue;
        }
        let Json::Object(drawing) = value else {
            continue;
        };
        for (k, links) in drawing.iter_mut() {
            let (true, Json::Array(links)) = (k == "links", links) else {
                continue;
            };
            for (link, (path, head)) in links.iter_mut().zip(&routes) {
                if let Json::Object(link) = link {
                    link.push(("path".to_string(), Json::from(path.as_str())));
                    link.push(("head".to_string(), Json::from(head.as_str())));
                }
            }
        }
    }
    let extra = [
        ("vague", Json::from(render::vague(layout, step))),
        (
            "houses",
            Json::strings(houses.iter().map(|&h| layout.house(h).kind.to_string())),
        ),
        ("area", names(layout, &area)),
    ];
    fields.extend(extra.map(|(k, v)| (k.to_string(), v)));
    Json::Object(fields)
}

/// A picture of the position for printing: the same SVG renderer as `sudokit print`
/// (givens bold, the player's digits in blue, their notes as pencil marks).
pub fn picture(p: &Puzzle, pos: &Position) -> String {
    let scene = sudokit_render::Scene::play(&p.grid, &pos.grid, &pos.notes);
    sudokit_render::scene_svg(&scene, 40.0)
}

/// Rates a puzzle, within `deadline` (and the thread's cancel token).
pub fn rate(p: &Puzzle, deadline: Option<Instant>) -> Result<Json, ApiError> {
    let (_, rating) = path(p, deadline)?;
    let mut fields = answer::rating_fields(Some(&rating));
    fields.push(("error", Json::Null));
    Ok(Json::object(fields))
}

/// The whole logical path of a puzzle, each step as for a hint, and its rating.
pub fn explain(p: &Puzzle, deadline: Option<Instant>) -> Result<Json, ApiError> {
    let (path, rating) = path(p, deadline)?;
    let mut board = start(p);
    let steps = path
        .steps
        .iter()
        .map(|s| {
            let json = step_json(&board, s);
            board.apply(s);
            json
        })
        .collect();
    Ok(Json::object([
        ("solved", Json::from(path.solved)),
        ("steps", Json::Array(steps)),
        ("rating", answer::rating_json(&rating)),
        ("error", Json::Null),
    ]))
}

/// The board a puzzle starts from (its pencil marks, when it came with them).
fn start(p: &Puzzle) -> Board {
    Board::new(&p.grid, p.marks.as_deref())
}

/// The path and rating of a unique puzzle, or why there is none in time.
fn path(
    p: &Puzzle,
    deadline: Option<Instant>,
) -> Result<(sudokit_logic::Path, sudokit_logic::Rating), ApiError> {
    let solution = unique_solution(p)?;
    if let Some(c) = p
        .marks
        .as_ref()
        .and_then(|m| lost_cell(&p.grid, m, &solution))
    {
        let name = p.layout().cell_name(c);
        return Err(ApiError::Unanswerable(format!(
            "the pencil marks rule out the solution ({name} loses its digit)"
        )));
    }
    let board = start(p);
    let path = match deadline {
        Some(d) => solve_within(&board, &Options::default(), d),
        None => Some(sudokit_logic::solve(&board, &Options::default())),
    }
    .filter(|_| !Cancel::current().is_cancelled())
    .ok_or(ApiError::OverBudget(0))?;
    // SE's one number: its own rating on 9×9, when its path is done in time (else the
    // estimate, and se_kind says so).
    let rating = sudokit_logic::rate(&board, &path).with_explainer_until(
        &board,
        &AtomicUsize::new(0),
        deadline,
    );
    Ok((path, rating))
}

/// Cell names as a JSON array.
fn names(layout: &Layout, cells: &[Cell]) -> Json {
    Json::strings(cells.iter().map(|&c| layout.cell_name(c)))
}

/// A digit set as symbols: `139`, `9AG`.
fn symbols(set: DigitSet) -> String {
    set.iter().map(Digit::to_char).collect()
}
