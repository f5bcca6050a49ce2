//! What `hint`, `explain` and `rate` share: a puzzle checked to have exactly one solution
//! (and pencil marks, if given, that keep it), turned into a board for the logic engine.

use sudokit_core::{Digit, Grid};
pub use sudokit_logic::answer::{rating_fields, rating_json};
use sudokit_logic::{Board, Options, Order};

use super::{conflict, invalid, valid_puzzle, JsonError};
use crate::args::{LogicArgs, OrderArg};
use crate::batch::Reply;
use crate::input::Job;

/// A puzzle ready for the logic engine.
pub struct Prepared<'a> {
    /// The puzzle as read.
    pub grid: &'a Grid,
    /// The board to start from (the pencil marks when the input had them).
    pub board: Board,
    /// Its one solution.
    pub solution: Grid,
}

/// The engine options the flags ask for.
pub fn options(args: &LogicArgs) -> Options {
    Options {
        uniqueness: !args.no_uniqueness,
        order: match args.order {
            OrderArg::Hodoku => Order::HoDoKu,
            OrderArg::Se => Order::SudokuExplainer,
        },
    }
}

/// The board of a job, or the reply saying why there is no logical path to show: the
/// puzzle is unreadable, has conflicting givens, no solution, several solutions, or
/// pencil marks that rule out its solution.
pub fn prepare<'a>(job: &'a Job, json: JsonError) -> Result<Prepared<'a>, Reply> {
    let grid = valid_puzzle(job, json)?;
    let outcome = sudokit_solver::count(grid, 2).map_err(|c| conflict(job, c, json))?;
    let solution = match (outcome.count, outcome.solution) {
        (1, Some(s)) => s,
        (0, _) | (_, None) => {
            let why = sudokit_solver::no_solution(grid);
            return Err(invalid(format!("{}: {why}", job.place()), json));
        }
        _ => {
            let why = "several solutions; a logical path needs a puzzle with exactly one";
            return Err(invalid(format!("{}: {why}", job.place()), json));
        }
    };
    if let Some(marks) = &job.marks {
        let layout = grid.layout();
        let lost = layout.cells().find_map(|c| {
            let d: Digit = solution.get(c).expect("a solution is complete");
            (grid.get(c).is_none() && !marks[c.index()].contains(d)).then_some((c, d))
        });
        if let Some((c, d)) = lost {
            let why = format!(
                "the pencil marks rule out the solution ({} must be {d})",
                layout.cell_name(c)
            );
            return Err(invalid(format!("{}: {why}", job.place()), json));
        }
    }
    Ok(Prepared {
        grid,
        board: Board::new(grid, job.marks.as_deref()),
        solution,
    })
}
