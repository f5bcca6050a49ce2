//! Pictures of sudoku: grids and solving steps as SVG, and books of them as PDF and PNG.
//!
//! One renderer makes every picture: a [`Scene`] (what a grid shows: givens, filled
//! digits, pencil marks, the candidates a step marks, the houses to look at, a chain's
//! links) is drawn to SVG; a book is pages of such drawings; PDF and PNG are made from
//! the same SVG with the shipped font (Inter, SIL OFL 1.1), so the output is the same on
//! every machine, byte for byte.
//!
//! ```
//! use sudokit_core::Grid;
//! use sudokit_logic::{next_step, Board, Options};
//! use sudokit_render::{scene_svg, step_svg, Scene};
//!
//! let line = "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......";
//! let grid = Grid::from_line(line).unwrap();
//! let picture = scene_svg(&Scene::puzzle(&grid), 40.0);
//! assert!(picture.starts_with("<svg"));
//!
//! let board = Board::new(&grid, None);
//! let step = next_step(&board, &Options::default()).unwrap();
//! let diagram = step_svg(&board, &step, Some(1), 40.0);
//! assert!(diagram.contains(step.technique.name()));
//! ```

pub mod book;
mod draw;
mod figure;
pub mod font;
#[cfg(any(feature = "pdf", feature = "png"))]
pub mod output;
mod route;
mod scene;
pub mod svg;

pub use book::{pages, Book, BookError, Entry, Pages, Paper, Placement};
pub use draw::{draw, Frame};
pub use figure::{scene_svg, step_svg, Caption};
pub use route::{link_paths, routes, Route};
pub use scene::{Content, Link, Mark, Scene, Shade};
