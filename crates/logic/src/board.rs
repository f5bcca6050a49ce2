//! The pencil-mark state a person works on: placed digits and the candidates left.

use std::sync::Arc;

use sudokit_core::{Cell, Cells, Digit, DigitSet, Grid, House, Layout, CELL_WORDS};

/// The words of the cell sets the engine runs boards of up to 128 cells on (9×9 has
/// 81): see [`Board`].
pub(crate) const NARROW: usize = 2;

/// Values and candidates of every cell, with each digit's open cells kept alongside.
///
/// ```
/// use sudokit_core::{Digit, Grid};
/// use sudokit_logic::Board;
/// let grid = Grid::from_line("1.3..2.........4").unwrap();
/// let board = Board::new(&grid, None);
/// let c = grid.layout().cell(0, 1);
/// assert_eq!(board.candidates(c).to_string(), "4");
/// // Row 4, column 4 and the last box see the 4 in r4c4: five open cells keep it.
/// assert_eq!(board.cells_with(Digit::new(4)).len(), 5);
/// ```
///
/// Its cell sets have `W` words: a [`Board`] as users make it has room for any layout
/// (ten words); the engine runs boards of up to 128 cells (9×9 has 81) on a copy of two
/// words ([`Board::resize`]), where every set operation is five times smaller.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Board<const W: usize = CELL_WORDS> {
    layout: Arc<Layout>,
    /// 0 for an open cell.
    values: Vec<u8>,
    /// Candidates of open cells; empty for solved cells.
    cands: Vec<DigitSet>,
    /// Per digit (index d - 1): the open cells holding it as a candidate.
    by_digit: Vec<Cells<W>>,
    /// Cells given in the puzzle (not placed while solving).
    givens: Vec<bool>,
    /// Per house: the digits placed in it (asked for on every step by the singles).
    placed: Vec<DigitSet>,
    /// The layout's peer and house sets, in `W` words.
    sets: Arc<LayoutSets<W>>,
}

/// The digits of `values` (0 for an open cell) in `house`.
fn placed_in(layout: &Layout, values: &[u8], house: House) -> DigitSet {
    (layout.house(house).cells.iter())
        .filter_map(|&c| Digit::new_checked(values[c.index()]))
        .collect()
}

/// A layout's peer and house sets in `W` words.
#[derive(Debug, PartialEq, Eq)]
struct LayoutSets<const W: usize> {
    peers: Vec<Cells<W>>,
    houses: Vec<Cells<W>>,
}

impl<const W: usize> LayoutSets<W> {
    fn of(layout: &Layout) -> LayoutSets<W> {
        LayoutSets {
            peers: layout
                .cells()
                .map(|c| layout.peer_set(c).resize())
                .collect(),
            houses: (0..layout.houses().len())
                .map(|h| layout.house_set(House::new(h)).resize())
                .collect(),
        }
    }
}

impl Board {
    /// The board of `grid`; its open cells take `marks` when given (pencil-mark input),
    /// less any digit a peer holds, else every digit no peer holds.
    pub fn new(grid: &Grid, marks: Option<&[DigitSet]>) -> Board {
        Board::build(grid, marks)
    }
}

impl<const W: usize> Board<W> {
    /// [`Board::new`] in `W` words.
    fn build(grid: &Grid, marks: Option<&[DigitSet]>) -> Board<W> {
        let layout = grid.layout().clone();
        let n = layout.side();
        let values = grid.values().to_vec();
        let cands: Vec<DigitSet> = layout
            .cells()
            .map(|c| match (values[c.index()], marks) {
                (0, Some(m)) => m[c.index()].and(grid.candidates(c)),
                (0, None) => grid.candidates(c),
                _ => DigitSet::EMPTY,
            })
            .collect();
        let mut by_digit = vec![Cells::EMPTY; n];
        for (i, set) in cands.iter().enumerate() {
            for d in set.iter() {
                by_digit[d.index()].insert(Cell::new(i));
            }
        }
        let givens = values.iter().map(|&v| v != 0).collect();
        let placed = (0..layout.houses().len())
            .map(|h| placed_in(&layout, &values, House::new(h)))
            .collect();
        let sets = Arc::new(LayoutSets::of(&layout));
        Board {
            layout,
            values,
            cands,
            by_digit,
            givens,
            placed,
            sets,
        }
    }

    /// The same board with cell sets of `V` words (at least the layout's cells / 64).
    pub fn resize<const V: usize>(&self) -> Board<V> {
        assert!(
            self.layout.cell_count() <= 64 * V,
            "a board too large for {V} words"
        );
        Board {
            layout: self.layout.clone(),
            values: self.values.clone(),
            cands: self.cands.clone(),
            by_digit: self.by_digit.iter().map(Cells::resize).collect(),
            givens: self.givens.clone(),
            placed: self.placed.clone(),
            sets: Arc::new(LayoutSets::of(&self.layout)),
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

    /// The digit placed in `cell`, if any.
    pub fn value(&self, cell: Cell) -> Option<Digit> {
        Digit::new_checked(self.values[cell.index()])
    }

    /// Was `cell` given in the puzzle?
    pub fn is_given(&self, cell: Cell) -> bool {
        self.givens[cell.index()]
    }

    /// The candidates of `cell` (empty once it is solved).
    #[inline]
    pub fn candidates(&self, cell: Cell) -> DigitSet {
        self.cands[cell.index()]
    }

    /// Does open `cell` have candidate `digit`?
    #[inline]
    pub fn has(&self, cell: Cell, digit: Digit) -> bool {
        self.cands[cell.index()].contains(digit)
    }

    /// The open cells with candidate `digit`.
    #[inline]
    pub fn cells_with(&self, digit: Digit) -> &Cells<W> {
        &self.by_digit[digit.index()]
    }

    /// The open cells of `house` with candidate `digit`.
    #[inline]
    pub fn house_cells_with(&self, house: House, digit: Digit) -> Cells<W> {
        self.by_digit[digit.index()].and(self.house_set(house))
    }

    /// The cells of `house` (the layout's, in `W` words).
    #[inline]
    pub fn house_set(&self, house: House) -> &Cells<W> {
        &self.sets.houses[house.index()]
    }

    /// The peers of `cell` (the layout's, in `W` words).
    #[inline]
    pub fn peer_set(&self, cell: Cell) -> &Cells<W> {
        &self.sets.peers[cell.index()]
    }

    /// Every cell of the layout.
    pub fn all_cells(&self) -> Cells<W> {
        Cells::first_n(self.layout.cell_count())
    }

    /// The open cells.
    pub fn open_cells(&self) -> Cells<W> {
        self.layout
            .cells()
            .filter(|c| self.values[c.index()] == 0)
            .collect()
    }

    /// The digits not yet placed in `house`.
    pub fn open_digits(&self, house: House) -> DigitSet {
        DigitSet::full(self.side()).without(self.placed[house.index()])
    }

    /// Is every cell solved?
    pub fn is_solved(&self) -> bool {
        self.values.iter().all(|&v| v != 0)
    }

    /// The values as a grid.
    pub fn grid(&self) -> Grid {
        Grid::from_values(self.layout.clone(), self.values.clone())
    }

    /// Every cell's candidates, solved cells holding only their value (the form of
    /// pencil-mark input and output).
    pub fn marks(&self) -> Vec<DigitSet> {
        self.layout
            .cells()
            .map(|c| {
                self.value(c)
                    .map_or(self.cands[c.index()], DigitSet::single)
            })
            .collect()
    }

    /// Places `digit` in `cell` and removes it from the candidates of the peers.
    pub fn place(&mut self, cell: Cell, digit: Digit) {
        let i = cell.index();
        for d in self.cands[i] {
            self.by_digit[d.index()].remove(cell);
        }
        self.cands[i] = DigitSet::EMPTY;
        let before = std::mem::replace(&mut self.values[i], digit.get());
        for &h in self.layout.houses_of(cell) {
            match before {
                0 => self.placed[h.index()].insert(digit),
                // Placed over another digit: the house's digits read again.
                _ => self.placed[h.index()] = placed_in(&self.layout, &self.values, h),
            }
        }
        let peers = self.by_digit[digit.index()].and(&self.sets.peers[cell.index()]);
        for p in peers.iter() {
            self.cands[p.index()].remove(digit);
        }
        self.by_digit[digit.index()] = self.by_digit[digit.index()].without(&peers);
    }

    /// Removes candidate `digit` from `cell`.
    pub fn eliminate(&mut self, cell: Cell, digit: Digit) {
        self.cands[cell.index()].remove(digit);
        self.by_digit[digit.index()].remove(cell);
    }

    /// Applies a step's placements and eliminations.
    pub fn apply(&mut self, step: &crate::Step) {
        for &(cell, digit) in &step.eliminations {
            self.eliminate(cell, digit);
        }
        for &(cell, digit) in &step.placements {
            if self.value(cell).is_none() {
                self.place(cell, digit);
            }
        }
    }

    /// An open cell with no candidate left, or a house where an unplaced digit has no
    /// place: the state cannot lead to a solution.
    pub fn is_broken(&self) -> bool {
        let layout = &self.layout;
        layout
            .cells()
            .any(|c| self.values[c.index()] == 0 && self.cands[c.index()].is_empty())
            || (0..layout.houses().len()).map(House::new).any(|h| {
                let open = self.open_digits(h);
                let present: DigitSet = layout
                    .house(h)
                    .cells
                    .iter()
                    .fold(DigitSet::EMPTY, |s, &c| s.or(self.cands[c.index()]));
                !open.without(present).is_empty()
            })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::analysis::samples::HARD;

    /// Each house's open digits, read from its cells' values.
    fn open_digits(board: &Board) -> Vec<DigitSet> {
        let layout = board.layout();
        (0..layout.houses().len())
            .map(|h| {
                let placed: DigitSet = (layout.house(House::new(h)).cells.iter())
                    .filter_map(|&c| board.value(c))
                    .collect();
                DigitSet::full(board.side()).without(placed)
            })
            .collect()
    }

    #[test]
    fn open_digits_follow_placements_even_over_a_value() {
        let mut board = Board::new(&Grid::from_line(HARD[0]).expect("a puzzle"), None);
        let layout = board.layout().clone();
        let kept = |b: &Board| -> Vec<DigitSet> {
            (0..layout.houses().len())
                .map(|h| b.open_digits(House::new(h)))
                .collect()
        };
        // Place each open cell's lowest candidate, checking as it goes.
        for cell in layout.cells() {
            if let Some(d) = board.candidates(cell).first() {
                board.place(cell, d);
                assert_eq!(kept(&board), open_digits(&board));
            }
        }
        // A value placed over another.
        let cell = layout.cell(0, 0);
        let other = DigitSet::full(9)
            .without(DigitSet::single(board.value(cell).expect("placed")))
            .first()
            .expect("another digit");
        board.place(cell, other);
        assert_eq!(kept(&board), open_digits(&board));
    }
}
