//! A grid: a layout and the digit (or blank) of each cell.

use std::fmt;
use std::sync::Arc;

use crate::digit::{Digit, DigitSet};
use crate::layout::{Cell, House, HouseKind, Layout};

/// A puzzle or a solution: the value of every cell of a layout, or blank.
///
/// ```
/// use sudokit_core::Grid;
/// let g = Grid::from_line("1.3..2.........4").unwrap();
/// assert_eq!(g.layout().side(), 4);
/// assert_eq!(g.clue_count(), 4);
/// assert_eq!(g.to_line(), "1.3..2.........4");
/// ```
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct Grid {
    layout: Arc<Layout>,
    /// 0 for blank, else the digit's value.
    values: Vec<u8>,
}

impl Grid {
    /// The empty grid of `layout`.
    pub fn empty(layout: Arc<Layout>) -> Grid {
        let values = vec![0; layout.cell_count()];
        Grid { layout, values }
    }

    /// A grid from raw values in reading order (0 = blank).
    ///
    /// # Panics
    /// When there are not N² values or a value exceeds N.
    pub fn from_values(layout: Arc<Layout>, values: Vec<u8>) -> Grid {
        assert_eq!(values.len(), layout.cell_count(), "wrong number of cells");
        assert!(
            values.iter().all(|&v| (v as usize) <= layout.side()),
            "value out of range"
        );
        Grid { layout, values }
    }

    /// Reads one puzzle in the line format with the usual box shape for its size.
    /// For files, batches and every other format see [`crate::format::Reader`].
    ///
    /// # Errors
    /// As the reader's: a bad character, a wrong length, a digit too large.
    pub fn from_line(line: &str) -> Result<Grid, crate::format::InputError> {
        let mut reader =
            crate::format::Reader::new(line.as_bytes(), crate::format::ReadOptions::default());
        match reader.next() {
            Some(record) => record.grid,
            None => Err(crate::format::InputError::new(
                1,
                None,
                crate::format::ErrorKind::Empty,
            )),
        }
    }

    /// The layout.
    pub fn layout(&self) -> &Arc<Layout> {
        &self.layout
    }

    /// The side N.
    pub fn side(&self) -> usize {
        self.layout.side()
    }

    /// The digit in `cell`, or `None` when blank.
    pub fn get(&self, cell: Cell) -> Option<Digit> {
        Digit::new_checked(self.values[cell.index()])
    }

    /// Puts `digit` (or a blank) in `cell`.
    pub fn set(&mut self, cell: Cell, digit: Option<Digit>) {
        self.values[cell.index()] = digit.map_or(0, Digit::get);
    }

    /// Raw values in reading order, 0 for blank.
    pub fn values(&self) -> &[u8] {
        &self.values
    }

    /// Number of filled cells.
    pub fn clue_count(&self) -> usize {
        self.values.iter().filter(|&&v| v != 0).count()
    }

    /// Is every cell filled?
    pub fn is_full(&self) -> bool {
        self.values.iter().all(|&v| v != 0)
    }

    /// Is the grid full with no digit twice in a house or cage, and every cage's digits
    /// adding up to its sum?
    pub fn is_solved(&self) -> bool {
        self.is_full()
            && self.find_conflict().is_none()
            && self.layout.cages().iter().all(|cage| {
                let sum: u32 = cage
                    .cells
                    .iter()
                    .map(|c| u32::from(self.values[c.index()]))
                    .sum();
                sum == cage.sum
            })
    }

    /// Does `solution` fill this grid: same layout, every filled cell the same?
    pub fn is_filled_by(&self, solution: &Grid) -> bool {
        self.layout == solution.layout
            && self
                .values
                .iter()
                .zip(&solution.values)
                .all(|(&a, &b)| a == 0 || a == b)
    }

    /// The first house, in house order, that holds a digit twice; then the first cage.
    pub fn find_conflict(&self) -> Option<Conflict> {
        let houses = self.layout.houses().iter().enumerate();
        let groups = houses
            .map(|(h, info)| (Within::House(House::new(h), info.kind), &info.cells[..]))
            .chain(self.layout.cages().iter().enumerate().map(|(k, cage)| {
                let within = Within::Cage {
                    number: k,
                    first: cage.cells[0],
                };
                (within, &cage.cells[..])
            }));
        for (within, cells) in groups {
            let mut first_at: [Option<Cell>; 26] = [None; 26];
            for &c in cells {
                let v = self.values[c.index()] as usize;
                match first_at[v] {
                    Some(first) if v != 0 => {
                        return Some(Conflict {
                            digit: Digit::new(v as u8),
                            within,
                            first,
                            second: c,
                            side: self.side(),
                        });
                    }
                    _ => first_at[v] = Some(c),
                }
            }
        }
        None
    }

    /// The digits not yet placed among the peers of `cell` (ignoring `cell` itself).
    pub fn candidates(&self, cell: Cell) -> DigitSet {
        let mut s = DigitSet::full(self.side());
        for &p in self.layout.peers(cell) {
            if let Some(d) = self.get(p) {
                s.remove(d);
            }
        }
        s
    }

    /// The line format: N² symbols, `.` for blanks.
    pub fn to_line(&self) -> String {
        const SYMBOLS: &[u8; 26] = b".123456789ABCDEFGHIJKLMNOP";
        let bytes = self.values.iter().map(|&v| SYMBOLS[v as usize]).collect();
        String::from_utf8(bytes).expect("symbols are ASCII")
    }
}

impl fmt::Display for Grid {
    /// The line format.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.to_line())
    }
}

/// Two equal digits in one house or cage: the givens contradict each other.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct Conflict {
    /// The repeated digit.
    pub digit: Digit,
    /// The house or cage holding it twice.
    pub within: Within,
    /// The first cell (reading order) holding it.
    pub first: Cell,
    /// The second cell holding it.
    pub second: Cell,
    side: usize,
}

/// Where a conflict is: a house, or a killer cage.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Within {
    /// A house, with what it is.
    House(House, HouseKind),
    /// A cage, by its number in [`Layout::cages`], with its first cell.
    Cage {
        /// Its number.
        number: usize,
        /// Its first cell in reading order.
        first: Cell,
    },
}

impl fmt::Display for Conflict {
    /// `digit 5 twice in row 2 (columns 3 and 8)`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let (r1, c1) = (
            self.first.index() / self.side + 1,
            self.first.index() % self.side + 1,
        );
        let (r2, c2) = (
            self.second.index() / self.side + 1,
            self.second.index() % self.side + 1,
        );
        match self.within {
            Within::House(_, kind) => write!(f, "digit {} twice in {kind} ", self.digit)?,
            Within::Cage { first, .. } => {
                let (r, c) = (first.index() / self.side + 1, first.index() % self.side + 1);
                write!(f, "digit {} twice in the cage at r{r}c{c} ", self.digit)?
            }
        }
        match self.within {
            Within::House(_, HouseKind::Row(_)) => write!(f, "(columns {c1} and {c2})"),
            Within::House(_, HouseKind::Column(_)) => write!(f, "(rows {r1} and {r2})"),
            _ => write!(f, "(r{r1}c{c1} and r{r2}c{c2})"),
        }
    }
}

impl std::error::Error for Conflict {}

#[cfg(test)]
mod tests {
    use super::*;

    fn grid(line: &str) -> Grid {
        Grid::from_line(line).unwrap()
    }

    #[test]
    fn conflict_in_a_row_names_the_columns() {
        let mut s = ".".repeat(81);
        s.replace_range(9 + 2..9 + 3, "5");
        s.replace_range(9 + 7..9 + 8, "5");
        let c = grid(&s).find_conflict().unwrap();
        assert_eq!(c.to_string(), "digit 5 twice in row 2 (columns 3 and 8)");
    }

    #[test]
    fn conflict_in_a_column_and_a_box() {
        let mut s = ".".repeat(81);
        s.replace_range(4..5, "7");
        s.replace_range(8 * 9 + 4..8 * 9 + 5, "7");
        assert_eq!(
            grid(&s).find_conflict().unwrap().to_string(),
            "digit 7 twice in column 5 (rows 1 and 9)"
        );
        let mut s = ".".repeat(81);
        s.replace_range(0..1, "9");
        s.replace_range(10..11, "9");
        assert_eq!(
            grid(&s).find_conflict().unwrap().to_string(),
            "digit 9 twice in box 1 (r1c1 and r2c2)"
        );
    }

    #[test]
    fn candidates_exclude_peer_digits() {
        let g = grid("1.3..2.........4");
        assert_eq!(g.candidates(Cell::new(1)).to_string(), "4");
        assert!(g.find_conflict().is_none());
        assert!(!g.is_full());
    }
}
