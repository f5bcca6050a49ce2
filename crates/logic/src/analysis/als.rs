//! Almost locked sets (ALS): N cells of one house with N + 1 digits between them, and
//! the restricted common digits linking two of them (every place of the digit in one
//! sees every place in the other). Used by the ALS techniques and as chain nodes.

use std::sync::Arc;

use sudokit_core::{Cell, Cells, Digit, DigitSet, House};

use crate::Board;

/// An ALS, with the places of each of its digits (shared: a copy costs no allocation,
/// and the sets of unchanged houses are copied from board to board).
#[derive(Clone, Debug)]
pub(crate) struct Set<const W: usize> {
    pub cells: Cells<W>,
    pub digits: DigitSet,
    /// For each digit of the set, in increasing order: its cells in the set, and the
    /// cells seeing all of those.
    places: Arc<[(Cells<W>, Cells<W>)]>,
}

impl<const W: usize> Set<W> {
    fn new(board: &Board<W>, cells: Cells<W>, digits: DigitSet) -> Set<W> {
        let places = digits
            .iter()
            .map(|d| {
                let with = cells.and(board.cells_with(d));
                (
                    with,
                    with.iter()
                        .fold(board.all_cells(), |s, c| s.and(board.peer_set(c))),
                )
            })
            .collect();
        Set {
            cells,
            digits,
            places,
        }
    }

    fn slot(&self, d: Digit) -> &(Cells<W>, Cells<W>) {
        &self.places[(self.digits.bits() & ((1 << d.index()) - 1)).count_ones() as usize]
    }

    /// The cells of the set holding `d` (a digit of the set).
    pub fn with(&self, d: Digit) -> &Cells<W> {
        &self.slot(d).0
    }

    /// The cells seeing every place of `d` (a digit of the set) in the set.
    pub fn peers(&self, d: Digit) -> &Cells<W> {
        &self.slot(d).1
    }

    /// The cells outside the set holding `d` and seeing all its places in the set.
    pub fn seeing(&self, board: &Board<W>, d: Digit) -> Cells<W> {
        self.slot(d).1.and(board.cells_with(d))
    }
}

/// The almost locked sets of each house, kept from one board to the next. A house's
/// sets depend only on its own cells (which are open, and their candidates), so a house
/// whose cells did not change keeps its sets. All boards given to one cache have one
/// layout (the memo holding it starts afresh on another: [`crate::Memo`]).
#[derive(Clone, Debug, Default)]
pub struct Cache<const W: usize> {
    max: usize,
    /// For each house, once seen: its cells' candidates (`None`: placed) and its sets.
    houses: Vec<Option<HouseSets<W>>>,
}

/// A house's cells (their candidates, `None` when placed) and its sets.
type HouseSets<const W: usize> = (Vec<Option<DigitSet>>, Vec<Set<W>>);

/// Every ALS of up to `max` cells, each cell set once (in the first house holding it).
pub(crate) fn all<const W: usize>(board: &Board<W>, max: usize) -> Vec<Set<W>> {
    all_cached(board, max, &mut Cache::default())
}

/// [`all`], taking the sets of unchanged houses from `cache` (and keeping the others').
pub(crate) fn all_cached<const W: usize>(
    board: &Board<W>,
    max: usize,
    cache: &mut Cache<W>,
) -> Vec<Set<W>> {
    let layout = board.layout();
    if cache.max != max || cache.houses.len() != layout.houses().len() {
        *cache = Cache {
            max,
            houses: vec![None; layout.houses().len()],
        };
    }
    let mark = |c: Cell| board.value(c).is_none().then(|| board.candidates(c));
    let mut out = Vec::new();
    for h in (0..layout.houses().len()).map(House::new) {
        let cells = &layout.house(h).cells;
        match &cache.houses[h.index()] {
            Some((seen, sets)) if cells.iter().map(|&c| mark(c)).eq(seen.iter().copied()) => {
                out.extend(sets.iter().cloned())
            }
            _ => {
                let sets = house_sets(board, h, max);
                out.extend(sets.iter().cloned());
                cache.houses[h.index()] = Some((cells.iter().map(|&c| mark(c)).collect(), sets));
            }
        }
    }
    out
}

/// Grows subsets of the open cells of one house (as position masks), in order.
struct Grow<'a> {
    cands: &'a [DigitSet],
    max: usize,
    out: &'a mut Vec<(u32, DigitSet)>,
}
impl Grow<'_> {
    fn go(&mut self, from: usize, mask: u32, digits: DigitSet, k: usize) {
        for i in from..self.cands.len() {
            let digits = digits.or(self.cands[i]);
            // Digits only grow: past max + 1 no larger set is almost locked.
            if digits.len() > self.max + 1 {
                continue;
            }
            let mask = mask | 1 << i;
            if digits.len() == k + 2 {
                self.out.push((mask, digits));
            }
            if k + 1 < self.max {
                self.go(i + 1, mask, digits, k + 1);
            }
        }
    }
}

/// The ALSs of up to `max` cells in house `h`, but those inside an earlier house.
fn house_sets<const W: usize>(board: &Board<W>, h: House, max: usize) -> Vec<Set<W>> {
    let layout = board.layout();
    let mut out = Vec::new();
    let mut found = Vec::new();
    {
        let open: Vec<Cell> = layout
            .house(h)
            .cells
            .iter()
            .copied()
            .filter(|&c| board.value(c).is_none())
            .collect();
        let cands: Vec<DigitSet> = open.iter().map(|&c| board.candidates(c)).collect();
        // The open cells this house shares with each earlier house: a set inside one
        // of those was found there.
        let earlier: Vec<u32> = (0..h.index())
            .map(|e| {
                open.iter()
                    .enumerate()
                    .filter(|(_, &c)| board.house_set(House::new(e)).contains(c))
                    .fold(0, |m, (i, _)| m | 1 << i)
            })
            .filter(|&m| m != 0)
            .collect();
        found.clear();
        let max = max.min(open.len().saturating_sub(1));
        Grow {
            cands: &cands,
            max,
            out: &mut found,
        }
        .go(0, 0, DigitSet::EMPTY, 0);
        for &(mask, digits) in &found {
            if earlier.iter().any(|&e| mask & !e == 0) {
                continue;
            }
            let cells: Cells<W> = open
                .iter()
                .enumerate()
                .filter(|(i, _)| mask >> i & 1 != 0)
                .map(|(_, &c)| c)
                .collect();
            out.push(Set::new(board, cells, digits));
        }
    }
    out
}

/// Is `d` a restricted common digit of `a` and `b`: in both, and every place of it in
/// one sees every place in the other?
fn restricted<const W: usize>(a: &Set<W>, b: &Set<W>, d: Digit) -> bool {
    let (ca, (cb, peers_b)) = (a.with(d), b.slot(d));
    !ca.intersects(cb) && ca.is_subset(peers_b)
}

/// For each set (by index), the sets sharing a restricted common digit with it, in
/// order, with those digits.
pub(crate) struct Linked {
    start: Vec<u32>,
    to: Vec<(u32, DigitSet)>,
}

impl std::ops::Index<usize> for Linked {
    type Output = [(u32, DigitSet)];

    fn index(&self, i: usize) -> &[(u32, DigitSet)] {
        &self.to[self.start[i] as usize..self.start[i + 1] as usize]
    }
}

/// For each set, the sets sharing a restricted common digit with it, and those digits.
pub(crate) fn links<const W: usize>(board: &Board<W>, sets: &[Set<W>]) -> Linked {
    links_where(board, sets, |_| true)
}

/// [`links`] between the sets `wanted` accepts and any set (pairs of two sets it turns
/// down are left out).
pub(crate) fn links_where<const W: usize>(
    board: &Board<W>,
    sets: &[Set<W>],
    wanted: impl Fn(&Set<W>) -> bool,
) -> Linked {
    let side = board.side();
    let wanted: Vec<bool> = sets.iter().map(wanted).collect();
    // The wanted sets holding each digit, by the first cell of its places: a partner's
    // places all see the set's, so its first place is among the cells the set's places
    // see.
    let places = sets
        .iter()
        .enumerate()
        .filter(|&(i, _)| wanted[i])
        .flat_map(|(i, set)| {
            set.digits.iter().map(move |d| {
                let first = set.with(d).first().expect("a digit of the set has places");
                (first.index() * side + d.index(), i as u32)
            })
        });
    let (start, order) = super::by_key(board.layout().cell_count() * side, places);
    let by_place = |k: usize| &order[start[k] as usize..start[k + 1] as usize];
    let mut found: Vec<(u32, u32, Digit)> = Vec::new();
    for (i, a) in sets.iter().enumerate() {
        for d in a.digits {
            for c in a.seeing(board, d).iter() {
                for &j in by_place(c.index() * side + d.index()) {
                    // A pair of wanted sets is found from both; take it from the first.
                    let once = !wanted[i] || (j as usize) > i;
                    if once && restricted(&sets[j as usize], a, d) {
                        found.push(((i as u32).min(j), (i as u32).max(j), d));
                    }
                }
            }
        }
    }
    found.sort_unstable_by_key(|&(i, j, _)| (i, j));
    let pairs: Vec<(usize, usize, DigitSet)> = found
        .chunk_by(|x, y| (x.0, x.1) == (y.0, y.1))
        .map(|run| {
            let rcc: DigitSet = run.iter().map(|&(_, _, d)| d).collect();
            (run[0].0 as usize, run[0].1 as usize, rcc)
        })
        .collect();
    // Grouped by set, each way. Pairs come by their first set, so each set's list gets
    // its partners below it, then above it, each in order.
    let both_ways = pairs
        .iter()
        .flat_map(|&(i, j, rcc)| [(i, (j as u32, rcc)), (j, (i as u32, rcc))]);
    let (start, to) = super::by_key(sets.len(), both_ways);
    Linked { start, to }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{solve, Options};
    use sudokit_core::{CellSet, Grid, CELL_WORDS};

    #[test]
    fn cached_sets_are_the_sets_found_afresh_along_a_path_at_any_size() {
        let grid = Grid::from_line(
            "4...3.......6..8..........1....5..9..8....6...7.2........1.27..5.3....4.9........",
        )
        .expect("a puzzle");
        let mut board = Board::new(&grid, None);
        let path = solve(&board, &Options::default());
        assert!(path.steps.len() > 20);
        let mut cache = Cache::default();
        let key = |sets: &[Set<CELL_WORDS>]| -> Vec<(CellSet, DigitSet)> {
            sets.iter().map(|s| (s.cells, s.digits)).collect()
        };
        // The smaller sets alone (as the chain graph takes them) are the larger search's
        // small ones, in the same order.
        let mut small_cache = Cache::default();
        let small = |sets: &[Set<CELL_WORDS>]| -> Vec<(CellSet, DigitSet)> {
            key(sets)
                .into_iter()
                .filter(|(c, _)| c.len() <= 5)
                .collect()
        };
        let mut seen = 0;
        for step in &path.steps {
            let cached = all_cached(&board, 8, &mut cache);
            assert_eq!(key(&cached), key(&all(&board, 8)));
            let few = all_cached(&board, 5, &mut small_cache);
            assert_eq!(key(&few), small(&cached));
            seen += few.len();
            board.apply(step);
        }
        assert!(seen > 1000, "only {seen} small sets");
    }
}
