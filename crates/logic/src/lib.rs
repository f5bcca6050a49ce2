//! Human-style solving: techniques that find one step at a time, each explained; solution
//! paths a person could follow; difficulty ratings computed from the steps.
//!
//! ```
//! use sudokit_core::Grid;
//! use sudokit_logic::{explain, render, Board, Options};
//! let grid = Grid::from_line(
//!     "003000100100400000000200000000000050007036000000000042200000000000070900580010000",
//! )
//! .unwrap();
//! let board = Board::new(&grid, None);
//! let path = explain::solve(&board, &Options::default());
//! assert!(path.solved);
//! let first = &path.steps[0];
//! println!("{}", render::notation(grid.layout(), first));
//! let rating = sudokit_logic::rate(&board, &path);
//! assert!(rating.se >= 1.0);
//! ```

#![warn(missing_docs)]

mod analysis;
pub mod answer;
mod board;
mod context;
mod engine;
mod finders;
mod memo;
pub mod rating;
pub mod render;
pub mod se;
mod step;
pub mod teach;
mod technique;
mod techniques;

pub use board::Board;
pub use engine::{
    find_all, find_first, next_step, next_step_observed, next_step_with, next_step_within, solve,
    solve_within, Options, Order,
};
pub use memo::Memo;
pub use rating::{rate, rate_explained, Rating};
pub use step::{
    Als, Branch, Chain, ChainCause, Chaining, ChainingKind, Forcing, Node, Path, Pattern,
    Potential, Potentials, Step, Sum, SumOf,
};
pub use technique::{Level, Technique};

/// The engine's entry points under one name: `explain::solve`, `explain::next_step`.
pub mod explain {
    pub use crate::engine::{find_all, find_first, next_step, next_step_with, solve};
    pub use crate::memo::Memo;
}
