//! Digits (1 to 25) and sets of digits.

use std::fmt;
use std::num::NonZeroU8;

/// The largest grid side sudokit handles: 25×25 with 5×5 boxes.
pub const MAX_SIDE: usize = 25;

/// A value that can stand in a cell: 1 to 25.
///
/// Written `1`–`9`, then `A` (10) to `P` (25).
///
/// ```
/// use sudokit_core::Digit;
/// let d = Digit::new(16);
/// assert_eq!(d.to_char(), 'G');
/// assert_eq!(Digit::from_char('g'), Some(d));
/// assert_eq!(Digit::from_char('0'), None);
/// ```
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Digit(NonZeroU8);

impl Digit {
    /// The digit `value`.
    ///
    /// # Panics
    /// When `value` is not in 1..=25; see [`Digit::new_checked`].
    pub fn new(value: u8) -> Digit {
        Digit::new_checked(value).unwrap_or_else(|| panic!("digit {value} is not in 1..=25"))
    }

    /// The digit `value`, or `None` when it is not in 1..=25.
    pub fn new_checked(value: u8) -> Option<Digit> {
        match value {
            1..=25 => NonZeroU8::new(value).map(Digit),
            _ => None,
        }
    }

    /// The digit with 0-based index `index` (0 is digit 1).
    ///
    /// # Panics
    /// When `index` is 25 or more.
    pub fn from_index(index: usize) -> Digit {
        Digit::new(index as u8 + 1)
    }

    /// The value, 1 to 25.
    pub fn get(self) -> u8 {
        self.0.get()
    }

    /// The 0-based index: `get() - 1`.
    pub fn index(self) -> usize {
        self.get() as usize - 1
    }

    /// The symbol: `1`–`9`, then `A`–`P`.
    pub fn to_char(self) -> char {
        let v = self.get();
        if v <= 9 {
            (b'0' + v) as char
        } else {
            (b'A' + v - 10) as char
        }
    }

    /// Reads a symbol: `1`–`9`, `A`–`P` or `a`–`p`; anything else is `None`.
    pub fn from_char(c: char) -> Option<Digit> {
        match c {
            '1'..='9' => Some(Digit::new(c as u8 - b'0')),
            'A'..='P' => Some(Digit::new(c as u8 - b'A' + 10)),
            'a'..='p' => Some(Digit::new(c as u8 - b'a' + 10)),
            _ => None,
        }
    }

    /// All digits of a grid of side `n`, in order.
    pub fn all(n: usize) -> impl Iterator<Item = Digit> {
        (1..=n as u8).map(Digit::new)
    }
}

impl fmt::Debug for Digit {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.get())
    }
}

impl fmt::Display for Digit {
    /// Digits print as the grid shows them: `1`–`9`, then `A`–`P` (digit 16 is `G`), in
    /// every text sudokit writes. [`Digit::get`] gives the number.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.to_char())
    }
}

/// A set of digits, one bit per digit.
///
/// ```text
/// bit:    24 ... 9 8 7 6 5 4 3 2 1 0
/// digit:  25 ...10 9 8 7 6 5 4 3 2 1      (bit = digit - 1)
/// ```
///
/// ```
/// use sudokit_core::{Digit, DigitSet};
/// let mut s = DigitSet::full(9);
/// s.remove(Digit::new(3));
/// assert_eq!(s.len(), 8);
/// assert!(!s.contains(Digit::new(3)));
/// assert_eq!(s.iter().next(), Some(Digit::new(1)));
/// ```
#[derive(Clone, Copy, PartialEq, Eq, Hash, Default)]
pub struct DigitSet(u32);

impl DigitSet {
    /// No digit.
    pub const EMPTY: DigitSet = DigitSet(0);

    /// Digits 1 to `n`.
    pub fn full(n: usize) -> DigitSet {
        DigitSet(((1u64 << n) - 1) as u32)
    }

    /// The set whose bits are `bits` (bit `d - 1` for digit `d`).
    pub fn from_bits(bits: u32) -> DigitSet {
        DigitSet(bits)
    }

    /// The raw bits (bit `d - 1` for digit `d`).
    pub fn bits(self) -> u32 {
        self.0
    }

    /// The set holding only `d`.
    pub fn single(d: Digit) -> DigitSet {
        DigitSet(1 << d.index())
    }

    /// Is `d` in the set?
    pub fn contains(self, d: Digit) -> bool {
        self.0 & (1 << d.index()) != 0
    }

    /// Adds `d`.
    pub fn insert(&mut self, d: Digit) {
        self.0 |= 1 << d.index();
    }

    /// Removes `d`.
    pub fn remove(&mut self, d: Digit) {
        self.0 &= !(1 << d.index());
    }

    /// Number of digits in the set.
    pub fn len(self) -> usize {
        self.0.count_ones() as usize
    }

    /// Is the set empty?
    pub fn is_empty(self) -> bool {
        self.0 == 0
    }

    /// The smallest digit, if any.
    pub fn first(self) -> Option<Digit> {
        (self.0 != 0).then(|| Digit::from_index(self.0.trailing_zeros() as usize))
    }

    /// The only digit, when the set holds exactly one.
    pub fn only(self) -> Option<Digit> {
        (self.0.count_ones() == 1).then(|| Digit::from_index(self.0.trailing_zeros() as usize))
    }

    /// Digits in both sets.
    pub fn and(self, other: DigitSet) -> DigitSet {
        DigitSet(self.0 & other.0)
    }

    /// Digits in either set.
    pub fn or(self, other: DigitSet) -> DigitSet {
        DigitSet(self.0 | other.0)
    }

    /// Digits of `self` not in `other`.
    pub fn without(self, other: DigitSet) -> DigitSet {
        DigitSet(self.0 & !other.0)
    }

    /// The digits in increasing order.
    pub fn iter(self) -> DigitSetIter {
        DigitSetIter(self.0)
    }
}

impl fmt::Debug for DigitSet {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_set().entries(self.iter()).finish()
    }
}

impl fmt::Display for DigitSet {
    /// The symbols run together, as in pencil marks: `{1, 2, 7}` prints `127`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.iter().try_for_each(|d| write!(f, "{}", d.to_char()))
    }
}

impl FromIterator<Digit> for DigitSet {
    fn from_iter<I: IntoIterator<Item = Digit>>(iter: I) -> DigitSet {
        let mut s = DigitSet::EMPTY;
        iter.into_iter().for_each(|d| s.insert(d));
        s
    }
}

impl IntoIterator for DigitSet {
    type Item = Digit;
    type IntoIter = DigitSetIter;
    fn into_iter(self) -> DigitSetIter {
        self.iter()
    }
}

/// Iterator over a [`DigitSet`], smallest first.
#[derive(Clone, Debug)]
pub struct DigitSetIter(u32);

impl Iterator for DigitSetIter {
    type Item = Digit;

    fn next(&mut self) -> Option<Digit> {
        if self.0 == 0 {
            return None;
        }
        let i = self.0.trailing_zeros();
        self.0 &= self.0 - 1;
        Some(Digit::from_index(i as usize))
    }

    fn size_hint(&self) -> (usize, Option<usize>) {
        let n = self.0.count_ones() as usize;
        (n, Some(n))
    }
}

impl ExactSizeIterator for DigitSetIter {}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn symbols_round_trip_for_every_digit() {
        for v in 1..=25 {
            let d = Digit::new(v);
            assert_eq!(Digit::from_char(d.to_char()), Some(d));
            assert_eq!(Digit::from_char(d.to_char().to_ascii_lowercase()), Some(d));
        }
        assert_eq!(Digit::new(10).to_char(), 'A');
        assert_eq!(Digit::new(25).to_char(), 'P');
        assert_eq!(Digit::from_char('Q'), None);
        assert_eq!(Digit::from_char('x'), None);
    }

    #[test]
    fn new_checked_rejects_zero_and_26() {
        assert_eq!(Digit::new_checked(0), None);
        assert_eq!(Digit::new_checked(26), None);
        assert_eq!(Digit::new_checked(25).map(Digit::get), Some(25));
    }

    #[test]
    fn set_operations() {
        let a: DigitSet = [1, 2, 7].into_iter().map(Digit::new).collect();
        let b: DigitSet = [2, 9].into_iter().map(Digit::new).collect();
        assert_eq!(a.to_string(), "127");
        assert_eq!(a.and(b).only(), Some(Digit::new(2)));
        assert_eq!(a.or(b).len(), 4);
        assert_eq!(a.without(b).to_string(), "17");
        assert_eq!(DigitSet::full(25).len(), 25);
        assert_eq!(DigitSet::full(16).iter().last(), Some(Digit::new(16)));
        assert!(DigitSet::EMPTY.first().is_none());
    }
}
