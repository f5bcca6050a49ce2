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

/// Values grouped by key, in one array (a counting sort): those of key k are
/// `values[start[k]..start[k + 1]]`, in the order `items` gives them. Returns
/// `(start, values)`; `items` (key, value) is walked twice, once to count.
pub(crate) fn by_key<V: Copy + Default>(
    keys: usize,
    items: impl Iterator<Item = (usize, V)> + Clone,
) -> (Vec<u32>, Vec<V>) {
    let mut start = vec![0u32; keys + 1];
    for (k, _) in items.clone() {
        start[k + 1] += 1;
    }
    for k in 1..start.len() {
        start[k] += start[k - 1];
    }
    let mut fill = start.clone();
    let mut values = vec![V::default(); start[keys] as usize];
    for (k, v) in items {
        values[fill[k] as usize] = v;
        fill[k] += 1;
    }
    (start, values)
}

/// All `k`-element subsets of `items`, in lexicographic order, passed to `visit` until
/// it returns `true`.
pub(crate) fn subsets<T: Copy>(
    items: &[T],
    k: usize,
    visit: &mut impl FnMut(&[T]) -> bool,
) -> bool {
    subsets_where(items, k, &mut |_| true, visit)
}

/// [`subsets`], growing only the starts `grow` accepts (a start it refuses is left out
/// with every subset growing from it).
pub(crate) fn subsets_where<T: Copy>(
    items: &[T],
    k: usize,
    grow: &mut impl FnMut(&[T]) -> bool,
    visit: &mut impl FnMut(&[T]) -> bool,
) -> bool {
    /// Fills `chosen[len..]` from `items[start..]`.
    fn go<T: Copy>(
        items: &[T],
        start: usize,
        chosen: &mut [T],
        len: usize,
        grow: &mut impl FnMut(&[T]) -> bool,
        visit: &mut impl FnMut(&[T]) -> bool,
    ) -> bool {
        let k = chosen.len();
        if len == k {
            return visit(chosen);
        }
        for i in start..=items.len() - (k - len) {
            chosen[len] = items[i];
            if grow(&chosen[..=len]) && go(items, i + 1, chosen, len + 1, grow, visit) {
                return true;
            }
        }
        false
    }
    if k > items.len() {
        return false;
    }
    if k == 0 {
        return visit(&[]);
    }
    // The subset being built, on the stack when it is small (it always is, but for
    // the largest grids).
    const ON_STACK: usize = 16;
    if k <= ON_STACK {
        let mut chosen = [items[0]; ON_STACK];
        go(items, 0, &mut chosen[..k], 0, grow, visit)
    } else {
        go(items, 0, &mut vec![items[0]; k], 0, grow, visit)
    }
}
