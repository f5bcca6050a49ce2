//! What several techniques look at, computed from one board: almost locked sets, the
//! fish regions, unique-rectangle shapes, conjugate pairs, and the chain graph with its
//! closure. Below the techniques and [`crate::context::Context`] (which caches these
//! per board): it depends on neither.

pub(crate) mod als;
pub(crate) mod closure;
pub(crate) mod fish;
pub(crate) mod graph;
pub(crate) mod link;
pub(crate) mod links;
pub(crate) mod rectangles;
#[cfg(test)]
pub(crate) mod samples;

use std::sync::{Arc, Mutex, PoisonError};

use sudokit_core::{Cell, Digit, House, Layout};

use crate::Board;

/// What is made of a layout alone, once per process: a batch rates thousands of
/// puzzles of one layout (each with a memo of its own), so the last few layouts met
/// are kept with what was made of them.
pub(crate) struct PerLayout<T>(Mutex<Vec<(Layout, Arc<T>)>>);

impl<T> PerLayout<T> {
    /// The most layouts kept.
    const KEPT: usize = 8;

    pub const fn new() -> PerLayout<T> {
        PerLayout(Mutex::new(Vec::new()))
    }

    /// What `make` makes of `layout`, made the first time it is asked for.
    pub fn get(&self, layout: &Layout, make: impl FnOnce(&Layout) -> T) -> Arc<T> {
        let mut made = self.0.lock().unwrap_or_else(PoisonError::into_inner);
        if let Some((_, it)) = made.iter().find(|(l, _)| l == layout) {
            return it.clone();
        }
        let it = Arc::new(make(layout));
        if made.len() == Self::KEPT {
            made.remove(0);
        }
        made.push((layout.clone(), it.clone()));
        it
    }
}

/// The conjugate pairs of `digit`: `(cell, cell, house)`, for every house where the
/// digit has exactly two places (one of them holds it: a strong link).
pub(crate) fn strong_links<const W: usize>(
    board: &Board<W>,
    digit: Digit,
) -> impl Iterator<Item = (Cell, Cell, House)> + '_ {
    let layout = board.layout();
    (0..layout.houses().len())
        .map(House::new)
        .filter_map(move |h| {
            let cells = board.house_cells_with(h, digit);
            let mut it = cells.iter();
            match (it.next(), it.next(), it.next()) {
                (Some(a), Some(b), None) => Some((a, b, h)),
                _ => None,
            }
        })
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
