//! The sudokit model: digits, cells, houses, layouts of any size (4×4 to 25×25, boxes or
//! jigsaw regions, optional diagonals, killer cages), grids, and the text formats.
//!
//! ```
//! use sudokit_core::{format, Grid};
//! let g = Grid::from_line(
//!     "003000100100400000000200000000000050007036000000000042200000000000070900580010000",
//! )
//! .unwrap();
//! assert_eq!(g.clue_count(), 17);
//! assert!(g.find_conflict().is_none());
//! assert!(format::write::grid(&g).starts_with("+-------+-------+-------+\n| . . 3 |"));
//! ```

#![warn(missing_docs)]

pub mod cages;
pub mod cancel;
mod cellset;
mod digit;
pub mod format;
mod grid;
mod layout;
pub mod memo;
pub mod parallel;
pub mod rng;
pub mod time;

pub use cellset::{CellSet, CellSetIter, Cells, CellsIter, WORDS as CELL_WORDS};
pub use digit::{Digit, DigitSet, DigitSetIter, MAX_SIDE};
pub use grid::{Conflict, Grid, Within};
pub use layout::{
    a_grid, cage_sum_range, neighbours, region_symbol, sum_bounds, sum_sets, BoxShape, Cage, Cell,
    Difference, House, HouseInfo, HouseKind, Innies, Intersection, Layout, LayoutError, MIN_SIDE,
};
