//! Sets of cells: up to 625 (25×25), one bit per cell.

use std::fmt;

use crate::layout::Cell;

const WORDS: usize = 10;

/// A set of cells, one bit per cell index.
///
/// ```text
/// word:  0         1           ...  9
/// cells: 0..64     64..128     ...  576..640     (bit = index % 64 of word index / 64)
/// ```
///
/// ```
/// use sudokit_core::{Cell, CellSet};
/// let mut s = CellSet::EMPTY;
/// s.insert(Cell::new(3));
/// s.insert(Cell::new(600));
/// assert_eq!(s.len(), 2);
/// assert_eq!(s.iter().collect::<Vec<_>>(), [Cell::new(3), Cell::new(600)]);
/// ```
#[derive(Clone, Copy, PartialEq, Eq, Hash, Default)]
pub struct CellSet([u64; WORDS]);

impl CellSet {
    /// No cell.
    pub const EMPTY: CellSet = CellSet([0; WORDS]);

    /// The first `n` cells (0..n).
    pub fn first_n(n: usize) -> CellSet {
        let mut s = CellSet::EMPTY;
        for (i, w) in s.0.iter_mut().enumerate() {
            let lo = i * 64;
            if n >= lo + 64 {
                *w = u64::MAX;
            } else if n > lo {
                *w = (1u64 << (n - lo)) - 1;
            }
        }
        s
    }

    /// The set holding only `cell`.
    pub fn single(cell: Cell) -> CellSet {
        let mut s = CellSet::EMPTY;
        s.insert(cell);
        s
    }

    /// Is `cell` in the set?
    #[inline]
    pub fn contains(&self, cell: Cell) -> bool {
        let i = cell.index();
        self.0[i / 64] >> (i % 64) & 1 != 0
    }

    /// Adds `cell`.
    #[inline]
    pub fn insert(&mut self, cell: Cell) {
        let i = cell.index();
        self.0[i / 64] |= 1 << (i % 64);
    }

    /// Removes `cell`.
    #[inline]
    pub fn remove(&mut self, cell: Cell) {
        let i = cell.index();
        self.0[i / 64] &= !(1 << (i % 64));
    }

    /// Number of cells.
    #[inline]
    pub fn len(&self) -> usize {
        // Skipping empty words saves most of the count on small grids (two of ten words
        // used for 9×9) where the count is done without a popcount instruction.
        self.0
            .iter()
            .filter(|&&w| w != 0)
            .map(|w| w.count_ones() as usize)
            .sum()
    }

    /// Is the set empty?
    #[inline]
    pub fn is_empty(&self) -> bool {
        self.0.iter().fold(0, |m, &w| m | w) == 0
    }

    /// The lowest cell, if any.
    pub fn first(&self) -> Option<Cell> {
        self.0
            .iter()
            .enumerate()
            .find(|(_, &w)| w != 0)
            .map(|(i, w)| Cell::new(i * 64 + w.trailing_zeros() as usize))
    }

    /// Cells in both sets.
    #[inline]
    pub fn and(&self, other: &CellSet) -> CellSet {
        CellSet(std::array::from_fn(|i| self.0[i] & other.0[i]))
    }

    /// Cells in either set.
    #[inline]
    pub fn or(&self, other: &CellSet) -> CellSet {
        CellSet(std::array::from_fn(|i| self.0[i] | other.0[i]))
    }

    /// Cells of `self` not in `other`.
    #[inline]
    pub fn without(&self, other: &CellSet) -> CellSet {
        CellSet(std::array::from_fn(|i| self.0[i] & !other.0[i]))
    }

    /// Do the sets share a cell?
    #[inline]
    pub fn intersects(&self, other: &CellSet) -> bool {
        self.0.iter().zip(&other.0).fold(0, |m, (a, b)| m | (a & b)) != 0
    }

    /// Is every cell of `self` in `other`?
    #[inline]
    pub fn is_subset(&self, other: &CellSet) -> bool {
        self.0
            .iter()
            .zip(&other.0)
            .fold(0, |m, (a, b)| m | (a & !b))
            == 0
    }

    /// The cells in increasing order.
    pub fn iter(&self) -> CellSetIter {
        CellSetIter {
            words: self.0,
            word: 0,
        }
    }
}

impl fmt::Debug for CellSet {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_set()
            .entries(self.iter().map(|c| c.index()))
            .finish()
    }
}

impl FromIterator<Cell> for CellSet {
    fn from_iter<I: IntoIterator<Item = Cell>>(iter: I) -> CellSet {
        let mut s = CellSet::EMPTY;
        iter.into_iter().for_each(|c| s.insert(c));
        s
    }
}

impl<'a> FromIterator<&'a Cell> for CellSet {
    fn from_iter<I: IntoIterator<Item = &'a Cell>>(iter: I) -> CellSet {
        iter.into_iter().copied().collect()
    }
}

impl IntoIterator for CellSet {
    type Item = Cell;
    type IntoIter = CellSetIter;
    fn into_iter(self) -> CellSetIter {
        self.iter()
    }
}

impl IntoIterator for &CellSet {
    type Item = Cell;
    type IntoIter = CellSetIter;
    fn into_iter(self) -> CellSetIter {
        self.iter()
    }
}

/// Iterator over a [`CellSet`], lowest cell first.
#[derive(Clone, Debug)]
pub struct CellSetIter {
    words: [u64; WORDS],
    word: usize,
}

impl Iterator for CellSetIter {
    type Item = Cell;

    #[inline]
    fn next(&mut self) -> Option<Cell> {
        while self.word < WORDS {
            let w = &mut self.words[self.word];
            if *w != 0 {
                let bit = w.trailing_zeros() as usize;
                *w &= *w - 1;
                return Some(Cell::new(self.word * 64 + bit));
            }
            self.word += 1;
        }
        None
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn set_algebra_across_words() {
        let a: CellSet = [1, 70, 600].into_iter().map(Cell::new).collect();
        let b: CellSet = [70, 300].into_iter().map(Cell::new).collect();
        assert_eq!(a.and(&b).iter().map(Cell::index).collect::<Vec<_>>(), [70]);
        assert_eq!(a.or(&b).len(), 4);
        assert_eq!(a.without(&b).first(), Some(Cell::new(1)));
        assert!(a.intersects(&b));
        assert!(a.and(&b).is_subset(&a));
        assert_eq!(CellSet::first_n(81).len(), 81);
        assert_eq!(CellSet::first_n(625).len(), 625);
        assert!(CellSet::EMPTY.is_empty());
    }
}
