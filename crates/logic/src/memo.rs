//! What the engine remembers from one board to the next along a path, to skip searches
//! that cannot find anything.

use std::sync::Arc;

use sudokit_core::{Cells, Digit, DigitSet, House, Layout, CELL_WORDS};

use crate::analysis::als;
use crate::board::{Board, NARROW};
use crate::technique::{Memory, Technique};
use crate::techniques::Focus;

/// What changed, for one technique, since it last found nothing.
pub(crate) enum Changed<const W: usize> {
    Digits(DigitSet),
    Houses(Vec<House>),
    Cells(Cells<W>),
}

impl<const W: usize> Changed<W> {
    /// Nothing changed: the technique finds nothing again.
    pub fn is_empty(&self) -> bool {
        match self {
            Changed::Digits(d) => d.is_empty(),
            Changed::Houses(h) => h.is_empty(),
            Changed::Cells(c) => c.is_empty(),
        }
    }

    /// `all`, narrowed to what changed.
    pub fn on<'a>(&'a self, all: &Focus<'a, W>) -> Focus<'a, W> {
        match self {
            Changed::Digits(digits) => Focus {
                digits: *digits,
                ..*all
            },
            Changed::Houses(houses) => Focus { houses, ..*all },
            Changed::Cells(cells) => Focus {
                cells: *cells,
                ..*all
            },
        }
    }
}

/// What the engine remembers from one board to the next along a path.
///
/// Some techniques see only a part of the board at a time: one digit's cells (fish,
/// single-digit patterns, colouring, X-Chain), one house's candidates (naked and hidden
/// subsets) or a few cells (wings). When such a technique found nothing in a part, it
/// finds nothing there again while that part stays the same, so the engine looks only
/// at the parts that changed since. A step changes a few digits, houses and cells, so
/// most of these searches are skipped, and the path is the same as without a memo.
#[derive(Clone, Debug, Default)]
pub struct Memo {
    /// What is remembered of boards run in two words (up to 128 cells).
    pub(crate) narrow: Kept<NARROW>,
    /// What is remembered of larger boards.
    pub(crate) wide: Kept<CELL_WORDS>,
}

impl Memo {
    /// An empty memo.
    pub fn new() -> Memo {
        Memo::default()
    }
}

/// What a [`Memo`] keeps of boards whose cell sets have `W` words.
#[derive(Clone, Debug, Default)]
pub(crate) struct Kept<const W: usize> {
    /// The layout of the boards remembered (another layout starts afresh).
    layout: Option<Arc<Layout>>,
    /// The parts each remembered technique found nothing in.
    pub(crate) marks: Marks<W>,
    /// The almost locked sets of each house.
    pub(crate) als: als::Cache<W>,
    /// The almost locked sets of each house small enough to be chain nodes.
    pub(crate) chain_als: als::Cache<W>,
}

impl<const W: usize> Kept<W> {
    /// Forgets everything when `board` has another layout than the last one.
    pub(crate) fn adopt(&mut self, board: &Board<W>) {
        let layout = board.layout();
        if !self.layout.as_ref().is_some_and(|l| Arc::ptr_eq(l, layout)) {
            *self = Kept {
                layout: Some(layout.clone()),
                marks: Marks::new(layout),
                als: als::Cache::default(),
                chain_als: als::Cache::default(),
            };
        }
    }
}

/// For each remembered technique, the parts of the last board it found nothing in
/// (boards of one layout: see [`Kept::adopt`]).
#[derive(Clone, Debug, Default)]
pub(crate) struct Marks<const W: usize> {
    /// `digits[technique * side + digit]`: the digit's cells when the technique last
    /// found nothing in them.
    digits: Vec<Option<Cells<W>>>,
    /// `houses[(technique * houses + house) * side ..][..side]`: the candidates of the
    /// house's cells when the technique last found nothing there (`known` says which).
    houses: Vec<DigitSet>,
    known: Vec<bool>,
    /// `cells[technique]`: every cell's candidates when the technique last found nothing.
    cells: Vec<Option<Vec<DigitSet>>>,
}

impl<const W: usize> Marks<W> {
    /// Nothing remembered yet, for boards of `layout`.
    fn new(layout: &Layout) -> Marks<W> {
        let (side, houses) = (layout.side(), layout.houses().len());
        Marks {
            digits: vec![None; Technique::ALL.len() * side],
            houses: vec![DigitSet::EMPTY; Technique::ALL.len() * houses * side],
            known: vec![false; Technique::ALL.len() * houses],
            cells: vec![None; Technique::ALL.len()],
        }
    }

    /// What changed for `technique` on `board` since it last found nothing (`None`: the
    /// technique is not remembered).
    pub(crate) fn focus(&mut self, board: &Board<W>, technique: Technique) -> Option<Changed<W>> {
        Some(match technique.entry().memory {
            Memory::Whole => return None,
            Memory::Digits => Changed::Digits(self.fresh_digits(board, technique)),
            Memory::Houses => Changed::Houses(self.fresh_houses(board, technique)),
            Memory::Cells => Changed::Cells(self.fresh_cells(board, technique)),
        })
    }

    /// Remembers that `technique` found nothing in what `changed` (the rest is as it was).
    pub(crate) fn found_nothing(
        &mut self,
        board: &Board<W>,
        technique: Technique,
        changed: &Changed<W>,
    ) {
        match changed {
            Changed::Digits(digits) => self.no_digits(board, technique, *digits),
            Changed::Houses(houses) => self.no_houses(board, technique, houses),
            Changed::Cells(_) => {
                let marks = board
                    .layout()
                    .cells()
                    .map(|c| board.candidates(c))
                    .collect();
                self.cells[technique as usize] = Some(marks);
            }
        }
    }

    /// The cells whose candidates changed since `technique` last found nothing: every
    /// cell if some candidate came back (the argument needs candidates only to leave, as
    /// they do along a path).
    fn fresh_cells(&mut self, board: &Board<W>, technique: Technique) -> Cells<W> {
        let layout = board.layout();
        let Some(marks) = &self.cells[technique as usize] else {
            return board.all_cells();
        };
        let mut changed = Cells::EMPTY;
        for c in layout.cells() {
            let now = board.candidates(c);
            if !now.without(marks[c.index()]).is_empty() {
                return board.all_cells();
            }
            if now != marks[c.index()] {
                changed.insert(c);
            }
        }
        changed
    }

    /// The digits `technique` has to look at on `board`.
    fn fresh_digits(&mut self, board: &Board<W>, technique: Technique) -> DigitSet {
        let at = technique as usize * board.side();
        Digit::all(board.side())
            .filter(|&d| self.digits[at + d.index()].as_ref() != Some(board.cells_with(d)))
            .collect()
    }

    /// The houses `technique` has to look at on `board`, in order.
    fn fresh_houses(&mut self, board: &Board<W>, technique: Technique) -> Vec<House> {
        let layout = board.layout();
        (0..layout.houses().len())
            .map(House::new)
            .filter(|&h| {
                let slot = technique as usize * layout.houses().len() + h.index();
                let cells = &layout.house(h).cells;
                let seen = &self.houses[slot * layout.side()..][..cells.len()];
                !self.known[slot]
                    || cells
                        .iter()
                        .zip(seen)
                        .any(|(&c, &marks)| board.candidates(c) != marks)
            })
            .collect()
    }

    /// Remembers that `technique` found nothing in the cells of `digits` on `board`.
    fn no_digits(&mut self, board: &Board<W>, technique: Technique, digits: DigitSet) {
        let at = technique as usize * board.side();
        for d in digits {
            self.digits[at + d.index()] = Some(*board.cells_with(d));
        }
    }

    /// Remembers that `technique` found nothing in `houses` on `board`.
    fn no_houses(&mut self, board: &Board<W>, technique: Technique, houses: &[House]) {
        let layout = board.layout();
        for &h in houses {
            let slot = technique as usize * layout.houses().len() + h.index();
            let cells = &layout.house(h).cells;
            for (k, &c) in cells.iter().enumerate() {
                self.houses[slot * layout.side() + k] = board.candidates(c);
            }
            self.known[slot] = true;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use sudokit_core::{CellSet, Grid};

    #[test]
    fn cells_that_gained_candidates_make_every_cell_changed() {
        let grid = Grid::from_line(
            "4...3.......6..8..........1....5..9..8....6...7.2........1.27..5.3....4.9........",
        )
        .expect("a puzzle");
        let full = Board::new(&grid, None);
        let open = full.layout().cells().find(|&c| full.value(c).is_none());
        let cell = open.expect("an open cell");
        let digit = full.candidates(cell).iter().next().expect("a candidate");
        let mut fewer = full.clone();
        fewer.eliminate(cell, digit);
        let mut memo = Marks::new(full.layout());
        let changed = |memo: &mut Marks<CELL_WORDS>, board: &Board| match memo
            .focus(board, Technique::XyWing)
        {
            Some(Changed::Cells(cells)) => cells,
            _ => panic!("XY-Wing is remembered by cells"),
        };
        assert_eq!(changed(&mut memo, &full), full.layout().all_cells());
        memo.found_nothing(&full, Technique::XyWing, &Changed::Cells(CellSet::EMPTY));
        // Candidates leave: only that cell changed.
        assert_eq!(changed(&mut memo, &fewer), CellSet::single(cell));
        assert!(changed(&mut memo, &full).is_empty());
        // A candidate comes back: every cell counts as changed.
        memo.found_nothing(&fewer, Technique::XyWing, &Changed::Cells(CellSet::EMPTY));
        assert_eq!(changed(&mut memo, &full), full.layout().all_cells());
    }

    #[test]
    fn another_layout_starts_afresh() {
        // Boxes, then a jigsaw with as many houses (two cells traded between the first
        // two regions): the same candidates in every house, other almost locked sets.
        let jigsaw = Layout::from_regions_str(
            "000011222\n000111222\n001111222\n333444555\n333444555\n333444555\n\
             666777888\n666777888\n666777888",
        )
        .expect("a jigsaw");
        let boxes = Board::new(&Grid::empty(Arc::new(Layout::classic())), None);
        let regions = Board::new(&Grid::empty(Arc::new(jigsaw)), None);
        let key = |sets: &[als::Set<CELL_WORDS>]| -> Vec<(CellSet, DigitSet)> {
            sets.iter().map(|s| (s.cells, s.digits)).collect()
        };
        let mut memo = Kept::default();
        memo.adopt(&boxes);
        als::all_cached(&boxes, 8, &mut memo.als);
        let fresh = als::all(&regions, 8);
        assert_ne!(key(&fresh), key(&als::all(&boxes, 8)));
        memo.adopt(&regions);
        assert_eq!(
            key(&als::all_cached(&regions, 8, &mut memo.als)),
            key(&fresh)
        );
    }
}
