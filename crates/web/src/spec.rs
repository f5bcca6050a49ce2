//! What a request says about a puzzle, read into the model: the puzzle in any format the
//! CLI reads, its layout, and the player's entries and notes.

use std::sync::Arc;

use serde::Deserialize;
use sudokit_core::format::{LayoutSpec, ReadOptions, Reader};
use sudokit_core::{Cage, Digit, DigitSet, Grid, Layout};

use crate::error::ApiError;

/// A puzzle as a request gives it.
#[derive(Clone, Debug, Default, Deserialize)]
pub struct PuzzleSpec {
    /// The puzzle: text in any format the CLI reads (a line of N² symbols, a grid block,
    /// a matrix, a HoDoKu line with pencil marks, ...); the first puzzle in it is used.
    pub puzzle: String,
    /// The box shape, `RxC`, when it is not the usual one for the size.
    #[serde(rename = "box")]
    pub box_shape: Option<String>,
    /// Jigsaw regions: N² region symbols (N lines of N, or one line).
    pub regions: Option<String>,
    /// Sudoku-X: the two diagonals are houses too.
    #[serde(default)]
    pub diagonals: bool,
    /// Killer cages, each its sum and its cells (0-based indices in reading order), as
    /// an answer's `layout.cages` gives them; they replace any `cages:` block the text
    /// has. A killer may also come as text (the CLI's killer format, or an f-puzzles or
    /// SudokuPad link).
    #[serde(default)]
    pub cages: Option<Vec<CageSpec>>,
}

/// A killer cage as a request gives it.
#[derive(Clone, Debug, Default, Deserialize)]
pub struct CageSpec {
    /// What its digits add up to.
    pub sum: u32,
    /// Its cells, 0-based indices in reading order.
    pub cells: Vec<usize>,
}

impl PuzzleSpec {
    /// The layout options, as every front end takes them.
    pub fn layout(&self) -> LayoutSpec {
        LayoutSpec {
            box_shape: self.box_shape.clone(),
            regions: self.regions.clone(),
            diagonals: self.diagonals,
        }
    }
}

/// A player's position: the puzzle, what they entered and what they noted.
#[derive(Clone, Debug, Default, Deserialize)]
pub struct PlaySpec {
    /// The puzzle.
    #[serde(flatten)]
    pub puzzle: PuzzleSpec,
    /// The player's digits: N² symbols, `.` for a blank (givens may be repeated or blank).
    #[serde(default)]
    pub entries: Option<String>,
    /// The player's notes: N² strings of symbols, `""` for a cell without notes.
    #[serde(default)]
    pub notes: Option<Vec<String>>,
}

/// A puzzle read from a request.
#[derive(Clone, Debug)]
pub struct Puzzle {
    /// The givens.
    pub grid: Grid,
    /// Pencil marks the puzzle text carried, if any.
    pub marks: Option<Vec<DigitSet>>,
}

impl Puzzle {
    /// Reads `spec`.
    ///
    /// # Errors
    /// A 400 naming the field and what is wrong in it.
    pub fn read(spec: &PuzzleSpec) -> Result<Puzzle, ApiError> {
        let mut options = spec
            .layout()
            .read_options()
            .map_err(|e| bad(e.to_string()))?;
        options.killer = true;
        let record = Reader::new(spec.puzzle.as_bytes(), options)
            .next()
            .ok_or_else(|| bad("puzzle: no puzzle found"))?;
        let mut grid = record
            .grid
            .map_err(|e| bad(format!("the puzzle, {}: {}", e.place(), e.kind)))?;
        if let Some(cages) = &spec.cages {
            grid = with_cages(&grid, cages)?;
        }
        Ok(Puzzle {
            grid,
            marks: record.marks,
        })
    }

    /// The layout.
    pub fn layout(&self) -> &Arc<Layout> {
        self.grid.layout()
    }

    /// The position of `play`: the givens with the player's entries, and their notes
    /// (`None` where a cell has no notes).
    ///
    /// # Errors
    /// A 400 when the entries or notes cannot be read, are the wrong size, or change a
    /// given.
    pub fn position(&self, play: &PlaySpec) -> Result<Position, ApiError> {
        let mut grid = self.grid.clone();
        if let Some(text) = play.entries.as_deref().filter(|t| !t.trim().is_empty()) {
            let entries = self.entries(text)?;
            for c in self.layout().cells() {
                match (self.grid.get(c), entries.get(c)) {
                    (Some(g), Some(e)) if g != e => {
                        let name = self.layout().cell_name(c);
                        return Err(bad(format!("entries: {name} is a given {g}, not {e}")));
                    }
                    (None, e) => grid.set(c, e),
                    _ => {}
                }
            }
        }
        let notes = match &play.notes {
            Some(list) => self.notes(list)?,
            None => vec![None; self.layout().cell_count()],
        };
        Ok(Position { grid, notes })
    }

    fn entries(&self, text: &str) -> Result<Grid, ApiError> {
        let options = ReadOptions {
            layout: Some(self.layout().clone()),
            diagonals: false,
            killer: false,
        };
        let record = Reader::new(text.as_bytes(), options)
            .next()
            .ok_or_else(|| bad("entries: no grid found"))?;
        record
            .grid
            .map_err(|e| bad(format!("the entries, {}: {}", e.place(), e.kind)))
    }

    fn notes(&self, list: &[String]) -> Result<Vec<Option<DigitSet>>, ApiError> {
        let n = self.layout().side();
        if list.len() != n * n {
            let found = list.len();
            return Err(bad(format!(
                "notes: {found} {}, but {} grid has {} (an empty string for a cell without notes)",
                if found == 1 { "entry" } else { "entries" },
                sudokit_core::a_grid(n),
                n * n
            )));
        }
        let cell_notes = |(i, text): (usize, &String)| {
            let mut set = DigitSet::EMPTY;
            for ch in text.chars().filter(|c| !c.is_whitespace() && *c != ',') {
                match Digit::from_char(ch).filter(|d| d.index() < n) {
                    Some(d) => set.insert(d),
                    None => {
                        let name = self.layout().cell_name(sudokit_core::Cell::new(i));
                        return Err(bad(format!(
                            "notes: {name}: {ch:?} is not a digit of {} grid",
                            sudokit_core::a_grid(n)
                        )));
                    }
                }
            }
            Ok((!set.is_empty()).then_some(set))
        };
        list.iter().enumerate().map(cell_notes).collect()
    }
}

/// The givens and the player's entries, and the player's notes.
#[derive(Clone, Debug)]
pub struct Position {
    /// Givens and entries.
    pub grid: Grid,
    /// Each cell's notes, `None` where it has none.
    pub notes: Vec<Option<DigitSet>>,
}

fn bad(message: impl Into<String>) -> ApiError {
    ApiError::BadRequest(message.into())
}

/// `grid` with `cages` in place of any it had.
fn with_cages(grid: &Grid, cages: &[CageSpec]) -> Result<Grid, ApiError> {
    let layout = grid.layout();
    let (n, count) = (layout.side(), layout.cell_count());
    let cages = cages
        .iter()
        .map(|c| {
            Cage::from_indices(c.sum, &c.cells, count).map_err(|i| {
                bad(format!(
                    "cages: cell {i} is outside the {n}×{n} grid (cells are numbered 0 to {})",
                    count - 1
                ))
            })
        })
        .collect::<Result<Vec<Cage>, ApiError>>()?;
    let killer = layout
        .without_cages()
        .with_cages(cages)
        .map_err(|e| bad(format!("cages: {e}")))?;
    let values = grid.values().to_vec();
    Ok(Grid::from_values(Arc::new(killer), values))
}
