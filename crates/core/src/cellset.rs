//! Sets of cells: up to 625 (25×25), one bit per cell.

use std::fmt;

use crate::layout::Cell;

/// The words of a [`CellSet`]: room for 25×25.
pub const WORDS: usize = 10;

/// A set of cells of any layout (up to 625 cells, 25×25): [`Cells`] of ten words.
pub type CellSet = Cells<WORDS>;

/// An iterator over a [`CellSet`].
pub type CellSetIter = CellsIter<WORDS>;

/// A set of cells, one bit per cell index, in `W` words (cells below `64 * W`).
/// [`CellSet`] holds any layout; code that runs on small layouts a great many times
/// (the logic engine on 9×9) uses two words, [`Cells::resize`]d from it.
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
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct Cells<const W: usize>([u64; W]);

impl<const W: usize> Default for Cells<W> {
    fn default() -> Self {
        Cells::EMPTY
    }
}

impl<const W: usize> Cells<W> {
    /// No cell.
    pub const EMPTY: Cells<W> = Cells([0; W]);

    /// The same cells in `V` words (those at `64 * V` and above, which a set of a
    /// small layout never holds, are dropped).
    #[inline]
    pub fn resize<const V: usize>(&self) -> Cells<V> {
        debug_assert!(
            self.0.iter().skip(V).all(|&w| w == 0),
            "cells beyond {V} words"
        );
        Cells(std::array::from_fn(|i| if i < W { self.0[i] } else { 0 }))
    }

    /// The first `n` cells (0..n).
    pub fn first_n(n: usize) -> Self {
        let mut s = Self::EMPTY;
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
    pub fn single(cell: Cell) -> Self {
        let mut s = Self::EMPTY;
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
    pub fn and(&self, other: &Self) -> Self {
        Cells(std::array::from_fn(|i| self.0[i] & other.0[i]))
    }

    /// Cells in either set.
    #[inline]
    pub fn or(&self, other: &Self) -> Self {
        Cells(std::array::from_fn(|i| self.0[i] | other.0[i]))
    }

    /// Cells of `self` not in `other`.
    #[inline]
    pub fn without(&self, other: &Self) -> Self {
        Cells(std::array::from_fn(|i| self.0[i] & !other.0[i]))
    }

    /// Do the sets share a cell?
    #[inline]
    pub fn intersects(&self, other: &Self) -> bool {
        self.0.iter().zip(&other.0).fold(0, |m, (a, b)| m | (a & b)) != 0
    }

    /// Is every cell of `self` in `other`?
    #[inline]
    pub fn is_subset(&self, other: &Self) -> bool {
        self.0
            .iter()
            .zip(&other.0)
            .fold(0, |m, (a, b)| m | (a & !b))
            == 0
    }

    /// The cells in increasing order.
    pub fn iter(&self) -> CellsIter<W> {
        CellsIter {
            words: self.0,
            word: 0,
        }
    }
}

impl<const W: usize> fmt::Debug for Cells<W> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_set()
            .entries(self.iter().map(|c| c.index()))
            .finish()
    }
}

impl<const W: usize> FromIterator<Cell> for Cells<W> {
    fn from_iter<I: IntoIterator<Item = Cell>>(iter: I) -> Self {
        let mut s = Self::EMPTY;
        iter.into_iter().for_each(|c| s.insert(c));
        s
    }
}

impl<'a, const W: usize> FromIterator<&'a Cell> for Cells<W> {
    fn from_iter<I: IntoIterator<Item = &'a Cell>>(iter: I) -> Self {
        iter.into_iter().copied().collect()
    }
}

impl<const W: usize> IntoIterator for Cells<W> {
    type Item = Cell;
    type IntoIter = CellsIter<W>;
    fn into_iter(self) -> CellsIter<W> {
        self.iter()
    }
}

impl<const W: usize> IntoIterator for &Cells<W> {
    type Item = Cell;
    type IntoIter = CellsIter<W>;
    fn into_iter(self) -> CellsIter<W> {
        self.iter()
    }
}

/// Iterator over [`Cells`], lowest cell first.
#[derive(Clone, Debug)]
pub struct CellsIter<const W: usize> {
    words: [u64; W],
    word: usize,
}

impl<const W: usize> Iterator for CellsIter<W> {
    type Item = Cell;

    #[inline]
    fn next(&mut self) -> Option<Cell> {
        while self.word < W {
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
