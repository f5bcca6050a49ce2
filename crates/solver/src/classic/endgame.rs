//! The end of a search: a board with few open cells, counted as a colouring.
//!
//! Once every placed digit has left its peers' candidates (as propagation leaves a board),
//! the open cells of a house can hold only the house's missing digits, and there are as
//! many of those as open cells. So an assignment of candidates to the open cells in which
//! no two open peers share a digit fills every house with distinct digits: it is a
//! solution, and every solution is one. Counting solutions is then counting such
//! colourings of a graph of a few cells, which a small depth-first search does with a
//! few bit operations a step, without the band words of the full board.
//!
//! ```text
//! cands[i]   the candidates of open cell i: bit d for digit d + 1
//! peers[i]   bit j: open cell j shares a row, column or box with open cell i
//! ```
//!
//! In full counts most guesses come at the end of a line of search: measured on the
//! full-count benchmark set (10,000 puzzles, about 220 solutions each), a fifth of the
//! guesses were made with 4 open cells left (a deadly rectangle, two solutions) and a
//! third with at most 8; each cost a copy of the board and two propagations over the
//! band words. Counted here instead, that set takes 0.91 of the time (same runs; with 8
//! open cells at most 0.93, with 24 0.91: past 16 the colouring's weaker deductions,
//! naked singles alone, cost what the board's propagation saved). Uniqueness checks,
//! first solutions and the generator's checks, which use it too when they keep no
//! solution, run in the same time and find the same counts.

/// Boards with at most this many open cells are counted here (below 32: the open cells
/// are bits of a `u32`).
pub(crate) const MAX_OPEN: usize = 16;
const _: () = assert!(MAX_OPEN < 32);

/// The open cells of a board, their candidates and which of them see each other.
pub(crate) struct Endgame {
    len: usize,
    cands: [u16; MAX_OPEN],
    peers: [u32; MAX_OPEN],
}

/// What a count of an endgame found.
pub(crate) struct Found {
    /// Solutions, up to the limit.
    pub count: u64,
    /// Branches beyond the first at each choice (as the board search counts guesses).
    pub guesses: u64,
}

impl Endgame {
    /// The endgame of open cells `cells` (board cells, in increasing order, at most
    /// [`MAX_OPEN`]) with candidates `cands` (9-bit masks).
    #[inline(always)]
    pub fn new(cells: &[u8], cands: &[u16]) -> Endgame {
        debug_assert!(cells.len() <= MAX_OPEN && cells.len() == cands.len());
        let mut end = Endgame {
            len: cells.len(),
            cands: [0; MAX_OPEN],
            peers: [0; MAX_OPEN],
        };
        end.cands[..cands.len()].copy_from_slice(cands);
        // The open cells of each row, column and box, then each cell's peers among them.
        let (mut rows, mut cols, mut boxes) = ([0u32; 9], [0u32; 9], [0u32; 9]);
        for (i, &x) in cells.iter().enumerate() {
            let (r, c) = (x as usize / 9, x as usize % 9);
            rows[r] |= 1 << i;
            cols[c] |= 1 << i;
            boxes[r / 3 * 3 + c / 3] |= 1 << i;
        }
        for (i, &x) in cells.iter().enumerate() {
            let (r, c) = (x as usize / 9, x as usize % 9);
            end.peers[i] = (rows[r] | cols[c] | boxes[r / 3 * 3 + c / 3]) & !(1 << i);
        }
        end
    }

    /// Counts the solutions up to `limit` (at least 1).
    #[inline(always)]
    pub fn count(&self, limit: u64) -> Found {
        let mut found = Found {
            count: 0,
            guesses: 0,
        };
        let mut search = Search {
            end: self,
            limit,
            found: &mut found,
        };
        search.go(self.cands, (1u32 << self.len) - 1);
        found
    }
}

/// A depth-first search over the open cells: the open cell with fewest candidates left
/// next, each of its digits in turn taken from its open peers.
struct Search<'a> {
    end: &'a Endgame,
    limit: u64,
    found: &'a mut Found,
}

impl Search<'_> {
    /// Counts the colourings of the cells of `open` with candidates `cands` (the others
    /// are coloured); `true` when the limit is reached.
    fn go(&mut self, cands: [u16; MAX_OPEN], open: u32) -> bool {
        if open == 0 {
            self.found.count += 1;
            return self.found.count >= self.limit;
        }
        let Some(i) = fewest(&cands, open) else {
            return false;
        };
        let rest = open & !(1 << i);
        let peers = self.end.peers[i] & rest;
        let mut digits = cands[i];
        self.found.guesses += u64::from(digits.count_ones() - 1);
        while digits != 0 {
            let d = digits & digits.wrapping_neg();
            digits &= digits - 1;
            let mut next = cands;
            let mut left = peers;
            while left != 0 {
                let j = left.trailing_zeros() as usize;
                left &= left - 1;
                next[j] &= !d;
            }
            if self.go(next, rest) {
                return true;
            }
        }
        false
    }
}

/// The cell of `open` with fewest candidates in `cands` (the first on a tie); `None` when
/// one has none.
#[inline(always)]
fn fewest(cands: &[u16; MAX_OPEN], open: u32) -> Option<usize> {
    let mut best = (u32::MAX, 0);
    let mut left = open;
    while left != 0 {
        let j = left.trailing_zeros() as usize;
        left &= left - 1;
        let n = cands[j].count_ones();
        if n < best.0 {
            if n <= 1 {
                return (n == 1).then_some(j);
            }
            best = (n, j);
        }
    }
    Some(best.1)
}

#[cfg(test)]
mod tests {
    use std::sync::Arc;

    use sudokit_core::{Grid, Layout};

    use super::super::board::{Board, Depth};
    use super::*;

    /// A small xorshift generator for the tests' random cases.
    fn xorshift(mut seed: u64) -> impl FnMut() -> u64 {
        move || {
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            seed
        }
    }

    /// The endgames of real propagated boards (sparse puzzles from a shuffled pattern
    /// grid, at every depth) count what the plain backtracker counts.
    #[test]
    fn endgames_of_propagated_boards_count_as_the_oracle() {
        let mut next = xorshift(777);
        let mut seen = 0;
        for round in 0..3000 {
            let mut digits: Vec<u8> = (1..=9).collect();
            for k in (1..9).rev() {
                digits.swap(k, (next() % (k as u64 + 1)) as usize);
            }
            let blank = 40 + next() % 30;
            let values: Vec<u8> = (0..81)
                .map(|x| {
                    let (r, c) = (x / 9, x % 9);
                    let v = digits[(r * 3 + r / 3 + c) % 9];
                    if next() % 100 < blank {
                        0
                    } else {
                        v
                    }
                })
                .collect();
            let depth = [Depth::Rows, Depth::Stacks, Depth::Triads][round % 3];
            let mut board = Board::from_values(&values).expect("a valid grid's givens");
            if board.propagate(depth).is_err() || board.is_solved() {
                continue;
            }
            let Some(end) = board.endgame() else { continue };
            seen += 1;
            let grid = Grid::from_values(Arc::new(Layout::classic()), values.clone());
            let want = crate::oracle::count(&grid, 500);
            assert_eq!(end.count(500).count, want, "{values:?} at {depth:?}");
        }
        assert!(seen > 100, "only {seen} endgames");
    }

    /// A 2×2 rectangle of open cells in two boxes, each with the pair {1, 2}: two
    /// colourings (the deadly pattern).
    #[test]
    fn a_rectangle_of_pairs_has_two_solutions() {
        let (cells, cands) = ([0u8, 3, 9, 12], [0b11u16; 4]);
        let end = Endgame::new(&cells, &cands);
        let found = end.count(10);
        assert_eq!(found.count, 2);
        assert_eq!(found.guesses, 1);
        assert_eq!(end.count(1).count, 1, "stops at the limit");
    }

    #[test]
    fn a_cell_without_candidates_has_no_solution() {
        let end = Endgame::new(&[0, 1], &[0b1, 0b1]);
        assert_eq!(end.count(10).count, 0);
    }

    /// Counts against a plain enumeration of every assignment, on random small graphs.
    #[test]
    fn counts_are_those_of_every_assignment() {
        let mut next = xorshift(12345);
        for _ in 0..300 {
            let len = (next() % 5 + 1) as usize;
            let mut cells: Vec<u8> = Vec::new();
            while cells.len() < len {
                let x = (next() % 81) as u8;
                if !cells.contains(&x) {
                    cells.push(x);
                }
            }
            cells.sort_unstable();
            let cands: Vec<u16> = (0..len)
                .map(|_| (next() % 512) as u16 & 0b1_0110_1011)
                .collect();
            let end = Endgame::new(&cells, &cands);
            let sees = |a: u8, b: u8| {
                let (ra, ca, rb, cb) = (a / 9, a % 9, b / 9, b % 9);
                ra == rb || ca == cb || (ra / 3 == rb / 3 && ca / 3 == cb / 3)
            };
            let mut plain = 0;
            let total = 9usize.pow(len as u32);
            for code in 0..total {
                let digits: Vec<usize> =
                    (0..len).map(|k| code / 9usize.pow(k as u32) % 9).collect();
                let ok = (0..len).all(|i| cands[i] >> digits[i] & 1 == 1)
                    && (0..len).all(|i| {
                        (i + 1..len).all(|j| !sees(cells[i], cells[j]) || digits[i] != digits[j])
                    });
                plain += u64::from(ok);
            }
            assert_eq!(end.count(u64::MAX).count, plain, "{cells:?} {cands:?}");
        }
    }
}
