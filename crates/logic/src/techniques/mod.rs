//! The finders, one file per technique or family of techniques. Each is called through
//! its arm in `finders.rs`, as a [`crate::finders::Finder`]: it looks at the board where
//! the [`Focus`] says and pushes the steps it finds into the [`Sink`], which stops the search after the first step when only the next step is
//! wanted. What several finders share is computed in `analysis/`.

pub(crate) mod als;
pub(crate) mod chains;
pub(crate) mod coloring;
pub(crate) mod fish;
pub(crate) mod forcing;
pub(crate) mod full_house;
pub(crate) mod hidden_single;
pub(crate) mod hidden_subset;
pub(crate) mod killer;
pub(crate) mod locked_candidates;
pub(crate) mod naked_single;
pub(crate) mod naked_subset;
pub(crate) mod single_digit;
pub(crate) mod sue_de_coq;
pub(crate) mod uniqueness;
pub(crate) mod wings;

use sudokit_core::{Cell, Cells, Digit, DigitSet, House};

use crate::Board;

use crate::step::Step;

/// Where finders put their steps.
pub(crate) struct Sink {
    /// The steps found, in order.
    pub steps: Vec<Step>,
    /// Stop after the first productive step.
    pub first: bool,
}

impl Sink {
    /// A sink that keeps every step (`first` false) or only the first.
    pub fn new(first: bool) -> Sink {
        Sink {
            steps: Vec::new(),
            first,
        }
    }

    /// Keeps `step` if it changes anything; `true` when the search should stop.
    pub fn push(&mut self, step: Step) -> bool {
        if step.is_productive() && !self.steps.contains(&step) {
            self.steps.push(step);
        }
        self.done()
    }

    /// Has the search found all it wants?
    pub fn done(&self) -> bool {
        self.first && !self.steps.is_empty()
    }
}

/// `(cell, digit)` for every cell of `cells`.
pub(crate) fn with_digit<const W: usize>(cells: &Cells<W>, digit: Digit) -> Vec<(Cell, Digit)> {
    cells.iter().map(|c| (c, digit)).collect()
}

/// Where a finder has to look: the digits, houses and cells that changed since it last
/// found nothing (see [`crate::Memo`]); everything without a memo.
#[derive(Clone, Copy)]
pub(crate) struct Focus<'h, const W: usize> {
    /// For techniques seeing one digit at a time.
    pub digits: DigitSet,
    /// For techniques seeing one house at a time.
    pub houses: &'h [House],
    /// For techniques whose patterns hold a few cells: a new one holds a changed cell.
    pub cells: Cells<W>,
}

impl<'h, const W: usize> Focus<'h, W> {
    /// Every digit and cell of `board`, and `houses` (all of its houses).
    pub fn all(board: &Board<W>, houses: &'h [House]) -> Focus<'h, W> {
        Focus {
            digits: DigitSet::full(board.side()),
            houses,
            cells: board.all_cells(),
        }
    }
}
