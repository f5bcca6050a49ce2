//! The techniques, one file each. Every finder has the same shape:
//! `find(board, sink)`, pushing the steps it finds into the sink, which stops the search
//! after the first step when only the next step is wanted.

pub(crate) mod als;
pub(crate) mod chains;
pub(crate) mod coloring;
pub(crate) mod fish;
pub(crate) mod forcing;
pub(crate) mod full_house;
pub(crate) mod hidden_single;
pub(crate) mod hidden_subset;
pub(crate) mod locked_candidates;
pub(crate) mod naked_single;
pub(crate) mod naked_subset;
pub(crate) mod single_digit;
pub(crate) mod sue_de_coq;
pub(crate) mod uniqueness;
pub(crate) mod wings;

use sudokit_core::{Cell, CellSet, Digit};

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
pub(crate) fn with_digit(cells: &CellSet, digit: Digit) -> Vec<(Cell, Digit)> {
    cells.iter().map(|c| (c, digit)).collect()
}
