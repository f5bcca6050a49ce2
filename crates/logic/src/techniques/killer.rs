//! Killer techniques, on the cage sums of a killer's layout: the combinations a cage's
//! open cells can still make (Cage Combinations); a digit every combination holds,
//! whose places in the cage share a house, and a digit a house can place only in one
//! cage (Cage/House Interaction); and the rule of 45, the sums that houses give their
//! innies and outies (Innies and Outies).
//!
//! A sum's cells keep the digits that some way of making the sum puts there: for cells
//! that hold different digits (a cage, cells of one house), each combination (a set of
//! digits with the sum) that their candidates can place, one digit a cell; for innies
//! spread over several houses, any digits with the sum that no two peers share.

use std::cell::RefCell;

use sudokit_core::memo::Memo;
use sudokit_core::{sum_sets, Cell, Cells, Digit, DigitSet, House, Layout};

use super::Sink;
use crate::board::Board;
use crate::step::{Pattern, Step, Sum, SumOf};
use crate::technique::Technique;

/// Steps one sum's search takes before it gives up: a 9×9 sum takes a few hundred at
/// most; a sum of many open cells on a large grid has more combinations than a player
/// would list, and the search leaves it to other techniques.
const BUDGET: u32 = 20_000;

/// The open cells of a sum, their candidates, and what they add up to.
struct Open {
    cells: Vec<Cell>,
    cands: Vec<u32>,
    /// The sum less the digits placed in its cells.
    left: u32,
    /// The digits placed in its cells.
    placed: u32,
}

/// The open cells of `cells` whose digits add up to `sum`; `None` when every cell is
/// placed or the placed digits already pass the sum.
fn open<const W: usize>(board: &Board<W>, cells: &[Cell], sum: u32) -> Option<Open> {
    let mut out = Open {
        cells: Vec::new(),
        cands: Vec::new(),
        left: sum,
        placed: 0,
    };
    for &c in cells {
        match board.value(c) {
            Some(d) => {
                out.left = out.left.checked_sub(u32::from(d.get()))?;
                out.placed |= 1 << d.index();
            }
            None => {
                out.cells.push(c);
                out.cands.push(board.candidates(c).bits());
            }
        }
    }
    (!out.cells.is_empty()).then_some(out)
}

/// What the open cells of a sum can hold: the combinations that fit (for different
/// digits), and each cell's digits that some way of making the sum puts there.
#[derive(Clone)]
struct Fits {
    combinations: Vec<DigitSet>,
    support: Vec<u32>,
}

/// A way for each cell of `masks` to take its own digit of `set`: the cell of each
/// digit (by bit).
fn matching(masks: &[u32], set: u32) -> Option<[usize; 32]> {
    let mut owner = [usize::MAX; 32];
    (0..masks.len())
        .all(|i| augment(i, masks, set, &mut owner, &mut 0))
        .then_some(owner)
}

/// Adds to `support` each cell's digits of `set` that some way of giving every cell its
/// own digit of `set` puts there, `owner` being one such way. Cell i can take digit d
/// (held by cell j in `owner`) when j can move along a path of swaps to the digit i
/// leaves, d kept out of reach.
fn add_support(masks: &[u32], set: u32, owner: &[usize; 32], support: &mut [u32]) {
    debug_assert_eq!(set.count_ones() as usize, masks.len());
    // Every pairing of a way is supported.
    let keep = |way: &[usize; 32], support: &mut [u32]| {
        for b in (0..32).filter(|b| set >> b & 1 != 0) {
            support[way[b]] |= 1 << b;
        }
    };
    let mut own = [0usize; 32];
    for b in (0..32).filter(|b| set >> b & 1 != 0) {
        own[owner[b]] = b;
    }
    keep(owner, support);
    for i in 0..masks.len() {
        let mut ds = masks[i] & set & !support[i];
        while ds != 0 {
            let d = ds.trailing_zeros() as usize;
            ds &= ds - 1;
            if support[i] & 1 << d != 0 {
                continue;
            }
            let mut moved = *owner;
            moved[d] = i;
            moved[own[i]] = usize::MAX;
            if augment(owner[d], masks, set, &mut moved, &mut (1 << d)) {
                keep(&moved, support);
            }
        }
    }
}

/// Kuhn's augmenting path from cell `i` (bipartite matching of cells to digits).
fn augment(i: usize, masks: &[u32], set: u32, owner: &mut [usize; 32], seen: &mut u32) -> bool {
    let mut m = masks[i] & set & !*seen;
    while m != 0 {
        let b = m.trailing_zeros() as usize;
        m &= m - 1;
        *seen |= 1 << b;
        if owner[b] == usize::MAX || augment(owner[b], masks, set, owner, seen) {
            owner[b] = i;
            return true;
        }
    }
    false
}

/// The fits of open cells that hold different digits, none of them a digit placed in
/// the sum already; only combinations holding `must` when given. `None` past the budget.
///
/// On digits past 9 the answer is kept per thread ([`Memo`]): a path looks at every
/// cage at every step, and most have not changed since the last; a cage of 16 digits
/// may have hundreds of combinations, each tested by a matching. (On 9×9 a cage has a
/// dozen at most, which cost less than the lookup.)
fn distinct(open: &Open, must: Option<Digit>) -> Option<Fits> {
    let avail = open.cands.iter().fold(0, |a, &m| a | m) & !open.placed;
    let must = must.map_or(0, |d| 1u32 << d.index());
    if avail >> 9 == 0 {
        return fits_of(open, avail, must);
    }
    let key = FitsOf {
        left: open.left,
        placed: open.placed,
        must,
        cands: open.cands.clone(),
    };
    FITS.with_borrow_mut(|m| m.get_or(key, |_| fits_of(open, avail, must)))
}

/// [`distinct`], searched: `avail` the digits the cells can hold, `must` (bits) those
/// each combination holds.
fn fits_of(open: &Open, avail: u32, must: u32) -> Option<Fits> {
    let sets = sets_of(avail, open.cells.len(), open.left)?;
    let mut fits = Fits {
        combinations: Vec::new(),
        support: vec![0; open.cells.len()],
    };
    for set in sets {
        if set & must != must {
            continue;
        }
        let Some(owner) = matching(&open.cands, set) else {
            continue;
        };
        fits.combinations.push(DigitSet::from_bits(set));
        add_support(&open.cands, set, &owner, &mut fits.support);
    }
    Some(fits)
}

/// Every set of `k` different digits of `from` adding up to `sum` (all the ways, before
/// any candidate is looked at), smallest first; `None` when there are too many to list.
pub(crate) fn ways(from: DigitSet, k: usize, sum: u32) -> Option<Vec<DigitSet>> {
    let sets = sets_of(from.bits(), k, sum)?;
    Some(sets.into_iter().map(DigitSet::from_bits).collect())
}

/// Every set of `k` different digits of `from` (bits) adding up to `sum`, as bits;
/// `None` past the budget.
fn sets_of(from: u32, k: usize, sum: u32) -> Option<Vec<u32>> {
    let mut sets = Vec::new();
    let mut budget = BUDGET;
    sum_sets(from, k, sum, &mut budget, &mut |set| {
        sets.push(set);
        true
    });
    (budget > 0).then_some(sets)
}

/// The digits each open cell of a sum whose cells may repeat a digit (innies of
/// several houses) can hold: those some way of making the sum puts there, no two peers
/// sharing a digit. `None` past the budget.
fn repeating(layout: &Layout, open: &Open) -> Option<Vec<u32>> {
    let k = open.cells.len();
    let peers: Vec<Vec<usize>> = (0..k)
        .map(|i| {
            (0..k)
                .filter(|&j| i != j && layout.peer_set(open.cells[i]).contains(open.cells[j]))
                .collect()
        })
        .collect();
    if k > 128 {
        return search_repeating(open, &peers);
    }
    // The answer depends on the candidates, the peers among the cells and the sum
    // alone: the same sum comes back on every path from a killer (a generator rates
    // many killers that differ in a cage or two).
    let key = Known {
        left: open.left,
        cands: open.cands.clone(),
        peers: peers
            .iter()
            .map(|p| p.iter().fold(0u128, |m, &j| m | 1 << j))
            .collect(),
    };
    KNOWN.with_borrow_mut(|m| m.get_or(key, |_| search_repeating(open, &peers)))
}

/// What [`repeating`]'s answer depends on.
#[derive(Clone, PartialEq, Eq, Hash)]
struct Known {
    left: u32,
    cands: Vec<u32>,
    peers: Vec<u128>,
}

/// The answers a thread keeps of each kind (all dropped when full: a few megabytes at
/// most).
const KNOWN_MAX: usize = 4_096;

thread_local! {
    static KNOWN: RefCell<Memo<Known, Option<Vec<u32>>>> = RefCell::new(Memo::new(KNOWN_MAX));
    static FITS: RefCell<Memo<FitsOf, Option<Fits>>> = RefCell::new(Memo::new(KNOWN_MAX));
}

/// What [`distinct`]'s answer depends on.
#[derive(Clone, PartialEq, Eq, Hash)]
struct FitsOf {
    left: u32,
    placed: u32,
    must: u32,
    cands: Vec<u32>,
}

/// [`repeating`], searched.
fn search_repeating(open: &Open, peers: &[Vec<usize>]) -> Option<Vec<u32>> {
    let k = open.cells.len();
    let mut support = vec![0u32; k];
    let mut budget = BUDGET;
    let mut values = vec![0u32; k];
    for i in 0..k {
        let mut ds = open.cands[i] & !support[i];
        if ds == 0 {
            continue;
        }
        let search = Witness::new(open, peers, i);
        while ds != 0 {
            let d = ds.trailing_zeros();
            ds &= ds - 1;
            if d + 1 > open.left {
                break;
            }
            values[i] = d;
            let found = search.fill(0, open.left - (d + 1), &mut values, &mut budget);
            if budget == 0 {
                return None;
            }
            if found {
                // Every digit of the way found is supported.
                for (j, &v) in values.iter().enumerate() {
                    support[j] |= 1 << v;
                }
                ds &= !support[i];
            }
        }
    }
    Some(support)
}

/// The search for a way to make a sum whose cells may repeat a digit, with one cell's
/// digit (`fixed`) set.
struct Witness<'a> {
    open: &'a Open,
    /// Each open cell's peers among the open cells (by index).
    peers: &'a [Vec<usize>],
    fixed: usize,
    /// The least and the most the cells from an index on (but `fixed`) can add up to.
    lo: Vec<u32>,
    hi: Vec<u32>,
}

impl<'a> Witness<'a> {
    fn new(open: &'a Open, peers: &'a [Vec<usize>], fixed: usize) -> Witness<'a> {
        let k = open.cells.len();
        let (mut lo, mut hi) = (vec![0; k + 1], vec![0; k + 1]);
        for j in (0..k).rev() {
            let (least, most) = match j == fixed {
                true => (0, 0),
                false => (
                    open.cands[j].trailing_zeros() + 1,
                    32 - open.cands[j].leading_zeros(),
                ),
            };
            lo[j] = lo[j + 1] + least;
            hi[j] = hi[j + 1] + most;
        }
        Witness {
            open,
            peers,
            fixed,
            lo,
            hi,
        }
    }

    /// Fills the cells from `at` on (all but `fixed`, already set in `values`) with
    /// digits adding up to `sum`, peers different: is there a way? Each call takes one
    /// step of `budget`.
    fn fill(&self, at: usize, sum: u32, values: &mut [u32], budget: &mut u32) -> bool {
        if *budget == 0 {
            return false;
        }
        *budget -= 1;
        let k = self.open.cells.len();
        if at == k {
            return sum == 0;
        }
        if at == self.fixed {
            return self.fill(at + 1, sum, values, budget);
        }
        // Bounds: each cell left takes at least its smallest and at most its largest.
        if sum < self.lo[at] || sum > self.hi[at] {
            return false;
        }
        let mut ds = self.open.cands[at];
        while ds != 0 {
            let d = ds.trailing_zeros();
            ds &= ds - 1;
            if d + 1 > sum {
                break;
            }
            let clash = self.peers[at]
                .iter()
                .any(|&j| (j < at || j == self.fixed) && values[j] == d);
            if clash {
                continue;
            }
            values[at] = d;
            if self.fill(at + 1, sum - (d + 1), values, budget) {
                return true;
            }
        }
        false
    }
}

/// The candidates of the open cells that `support` does not hold.
fn unsupported(open: &Open, support: &[u32]) -> Vec<(Cell, Digit)> {
    (open.cells.iter().zip(&open.cands).zip(support))
        .flat_map(|((&c, &m), &s)| DigitSet::from_bits(m & !s).iter().map(move |d| (c, d)))
        .collect()
}

/// The step's pattern.
fn pattern(of: SumOf, open: &Open, distinct: bool, combinations: Vec<DigitSet>) -> Pattern {
    Pattern::Sum(Box::new(Sum {
        of,
        cells: open.cells.clone(),
        left: open.left,
        distinct,
        combinations,
        digit: None,
        house: None,
        house_confines: false,
    }))
}

/// Cage `k`'s open cells and the ways they can make what is left of its sum (with
/// `must` in each, when given); `None` when it is full, past the budget, or no way fits
/// (a broken board: other steps show where).
fn cage_fits<const W: usize>(
    board: &Board<W>,
    k: usize,
    must: Option<Digit>,
) -> Option<(Open, Fits)> {
    let cage = &board.layout().cages()[k];
    let open = open(board, &cage.cells, cage.sum)?;
    let fits = distinct(&open, must)?;
    (!fits.combinations.is_empty()).then_some((open, fits))
}

/// Does any of `cells` lie in `changed`?
fn touched<const W: usize>(cells: &[Cell], changed: &Cells<W>) -> bool {
    cells.iter().any(|&c| changed.contains(c))
}

/// Cage Combinations: in each cage, the candidates no combination of its sum puts in
/// their cell. What a cage allows depends on its cells alone, so only cages holding a
/// cell of `changed` (the cells changed since the technique last found nothing; every
/// cell without a memo) are looked at.
pub(crate) fn find_combinations<const W: usize>(
    board: &Board<W>,
    sink: &mut Sink,
    changed: &Cells<W>,
) {
    let layout = board.layout();
    if !layout.is_killer() {
        return;
    }
    for k in 0..layout.cages().len() {
        if !touched(&layout.cages()[k].cells, changed) {
            continue;
        }
        let Some((open, fits)) = cage_fits(board, k, None) else {
            continue;
        };
        let gone = unsupported(&open, &fits.support);
        if gone.is_empty() {
            continue;
        }
        let only = DigitSet::from_bits(fits.support[0]).only();
        let p = pattern(SumOf::Cage(k), &open, true, fits.combinations);
        let step = match (&open.cells[..], only) {
            // The last open cell of a cage takes what is left of the sum.
            ([c], Some(d)) => Step::placing(Technique::CageCombinations, *c, d, p),
            _ => Step::eliminating(Technique::CageCombinations, gone, p),
        };
        if sink.push(step) {
            return;
        }
    }
}

/// The first house holding every cell of `cells`.
fn common_house(layout: &Layout, cells: &[Cell]) -> Option<House> {
    let first = *cells.first()?;
    layout
        .houses_of(first)
        .iter()
        .copied()
        .find(|&h| cells.iter().all(|&c| layout.house_set(h).contains(c)))
}

/// Cage/House Interaction: a digit every combination of a cage holds, whose places in
/// the cage share a house, leaves the cells outside the cage that see all those places;
/// and a digit that a house can place only in one cage must be in that cage, so the
/// cage's combinations without it go. The first depends on the cage's cells (the cells
/// it would clear only lose candidates), the second on the house's and the cage's: only
/// those holding a cell of `changed` are looked at (see [`find_combinations`]).
pub(crate) fn find_cage_house<const W: usize>(
    board: &Board<W>,
    sink: &mut Sink,
    changed: &Cells<W>,
) {
    let layout = board.layout();
    if !layout.is_killer() {
        return;
    }
    for k in 0..layout.cages().len() {
        if !touched(&layout.cages()[k].cells, changed) {
            continue;
        }
        let Some((open, fits)) = cage_fits(board, k, None) else {
            continue;
        };
        let first = fits.combinations[0];
        let common = fits.combinations.iter().fold(first, |a, &s| a.and(s));
        for d in common.iter() {
            let places: Vec<Cell> = (open.cells.iter().zip(&open.cands))
                .filter(|&(_, &m)| m & (1 << d.index()) != 0)
                .map(|(&c, _)| c)
                .collect();
            if places.len() < 2 {
                // One place: Cage Combinations leaves the cell that digit alone.
                continue;
            }
            let gone: Vec<(Cell, Digit)> = board
                .cells_with(d)
                .iter()
                .filter(|&c| layout.cage_of(c) != Some(k))
                .filter(|&c| places.iter().all(|&p| layout.peer_set(p).contains(c)))
                .map(|c| (c, d))
                .collect();
            if gone.is_empty() {
                continue;
            }
            let mut p = pattern(SumOf::Cage(k), &open, true, fits.combinations.clone());
            if let Pattern::Sum(s) = &mut p {
                s.digit = Some(d);
                s.house = common_house(layout, &places);
            }
            if sink.push(Step::eliminating(Technique::CageHouse, gone, p)) {
                return;
            }
        }
    }
    // A house whose places of a digit all lie in one cage.
    for h in 0..layout.houses().len() {
        let h = House::new(h);
        for d in DigitSet::full(layout.side()).iter() {
            let places = board.house_cells_with(h, d);
            let Some(first) = places.iter().next() else {
                continue;
            };
            let Some(k) = layout.cage_of(first) else {
                continue;
            };
            if places.iter().any(|c| layout.cage_of(c) != Some(k)) {
                continue;
            }
            if !touched(&layout.house(h).cells, changed)
                && !touched(&layout.cages()[k].cells, changed)
            {
                continue;
            }
            let Some((open, fits)) = cage_fits(board, k, Some(d)) else {
                continue;
            };
            let gone = unsupported(&open, &fits.support);
            if gone.is_empty() {
                continue;
            }
            let mut p = pattern(SumOf::Cage(k), &open, true, fits.combinations);
            if let Pattern::Sum(s) = &mut p {
                s.digit = Some(d);
                s.house = Some(h);
                s.house_confines = true;
            }
            if sink.push(Step::eliminating(Technique::CageHouse, gone, p)) {
                return;
            }
        }
    }
}

/// Innies and Outies: the sums the rule of 45 gives (see [`Layout::innies`]); one open
/// cell is placed, more keep the digits some way of making their sum puts there. Sums
/// of one open cell are looked at first, as a player does. What a sum allows depends on
/// its cells alone: only sums holding a cell of `changed` are looked at (see
/// [`find_combinations`]).
pub(crate) fn find_innies<const W: usize>(board: &Board<W>, sink: &mut Sink, changed: &Cells<W>) {
    let layout = board.layout();
    if !layout.is_killer() {
        return;
    }
    for single in [true, false] {
        for (i, innie) in layout.innies().iter().enumerate() {
            if !touched(&innie.cells, changed) {
                continue;
            }
            let Some(open) = open(board, &innie.cells, innie.sum) else {
                continue;
            };
            if (open.cells.len() == 1) != single {
                continue;
            }
            let of = SumOf::Innies(i);
            if single {
                let c = open.cells[0];
                let Some(d) = Digit::new_checked(open.left as u8)
                    .filter(|d| open.left <= 32 && board.has(c, *d))
                else {
                    continue;
                };
                let p = pattern(of, &open, true, vec![DigitSet::single(d)]);
                if sink.push(Step::placing(Technique::InniesOuties, c, d, p)) {
                    return;
                }
                continue;
            }
            let (support, combinations) = if innie.distinct {
                match distinct(&open, None) {
                    Some(f) if !f.combinations.is_empty() => (f.support, f.combinations),
                    _ => continue,
                }
            } else {
                match repeating(layout, &open) {
                    Some(s) if s.iter().all(|&m| m != 0) => (s, Vec::new()),
                    _ => continue,
                }
            };
            let gone = unsupported(&open, &support);
            if gone.is_empty() {
                continue;
            }
            let p = pattern(of, &open, innie.distinct, combinations);
            if sink.push(Step::eliminating(Technique::InniesOuties, gone, p)) {
                return;
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn open_of(cands: &[&[u8]], left: u32) -> Open {
        Open {
            cells: (0..cands.len()).map(Cell::new).collect(),
            cands: cands
                .iter()
                .map(|ds| ds.iter().fold(0, |m, &d| m | 1 << (d - 1)))
                .collect(),
            left,
            placed: 0,
        }
    }

    fn set(bits: u32) -> Vec<u8> {
        DigitSet::from_bits(bits).iter().map(|d| d.get()).collect()
    }

    #[test]
    fn a_two_cell_cage_of_3_is_1_and_2() {
        let all: &[u8] = &[1, 2, 3, 4, 5, 6, 7, 8, 9];
        let fits = distinct(&open_of(&[all, all], 3), None).unwrap();
        assert_eq!(fits.combinations.len(), 1);
        assert_eq!(set(fits.support[0]), [1, 2]);
    }

    #[test]
    fn a_cell_that_cannot_take_its_share_is_left_out() {
        // 10 in two cells, one of which holds only 1 or 2: 1+9 or 2+8.
        let all: &[u8] = &[1, 2, 3, 4, 5, 6, 7, 8, 9];
        let fits = distinct(&open_of(&[&[1, 2], all], 10), None).unwrap();
        assert_eq!(fits.combinations.len(), 2);
        assert_eq!(set(fits.support[1]), [8, 9]);
        // 3+4+5 in three cells where 3 fits only the first: the first is 3.
        let fits = distinct(&open_of(&[&[3, 4, 5], &[4, 5], &[4, 5]], 12), None).unwrap();
        assert_eq!(set(fits.support[0]), [3]);
    }

    /// The support found from one way and paths of swaps is what trying every cell and
    /// digit afresh finds, on random cells and sets.
    #[test]
    fn support_by_swaps_is_support_by_trying_each_digit() {
        let mut state = 0x2545_F491u32;
        let mut next = || {
            state ^= state << 13;
            state ^= state >> 17;
            state ^= state << 5;
            state
        };
        for _ in 0..20_000 {
            let m = 1 + next() as usize % 7;
            let masks: Vec<u32> = (0..m).map(|_| next() & 0x1FF | 1 << (next() % 9)).collect();
            let mut set = 0u32;
            while set.count_ones() < m as u32 {
                set |= 1 << (next() % 9);
            }
            let Some(owner) = matching(&masks, set) else {
                continue;
            };
            let mut fast = vec![0; m];
            add_support(&masks, set, &owner, &mut fast);
            let slow: Vec<u32> = (0..m)
                .map(|i| {
                    let others: Vec<u32> = (0..m).filter(|&j| j != i).map(|j| masks[j]).collect();
                    (0..9)
                        .map(|b| 1u32 << b)
                        .filter(|&bit| {
                            masks[i] & set & bit != 0 && matching(&others, set & !bit).is_some()
                        })
                        .fold(0, |a, b| a | b)
                })
                .collect();
            assert_eq!(fast, slow, "{masks:?} {set:b}");
        }
    }

    #[test]
    fn a_needed_digit_keeps_only_its_combinations() {
        let all: &[u8] = &[1, 2, 3, 4, 5, 6, 7, 8, 9];
        let fits = distinct(&open_of(&[all, all], 10), Some(Digit::new(4))).unwrap();
        assert_eq!(fits.combinations, [DigitSet::from_bits(0b101000)]);
    }

    /// On digits past 9 the fits are kept per thread: every answer, asked the first
    /// time or found in the table, is the one searched afresh.
    #[test]
    fn kept_fits_are_the_fits_searched() {
        let mut rng = sudokit_core::rng::Rng::new(45);
        let mut asked = Vec::new();
        for _ in 0..300 {
            let side = [12u32, 16, 25][rng.below(3)];
            let k = 2 + rng.below(5);
            let cands: Vec<u32> = (0..k)
                .map(|_| {
                    let m = (rng.next_u64() as u32) & ((1 << side) - 1);
                    m | 1 << rng.below(side as usize)
                })
                .collect();
            let most: u32 = (side + 1 - k as u32..=side).sum();
            let open = Open {
                cells: (0..k).map(Cell::new).collect(),
                cands,
                left: 3 + rng.below(most as usize) as u32,
                placed: 0,
            };
            let must = (rng.below(3) == 0).then(|| Digit::from_index(rng.below(side as usize)));
            asked.push((open, must));
        }
        let searched = |open: &Open, must: Option<Digit>| {
            let avail = open.cands.iter().fold(0, |a, &m| a | m) & !open.placed;
            fits_of(open, avail, must.map_or(0, |d| 1 << d.index()))
        };
        let key = |f: Option<Fits>| f.map(|f| (f.combinations, f.support));
        let mut fitting = 0;
        for _round in 0..2 {
            for (open, must) in &asked {
                let want = key(searched(open, *must));
                fitting += usize::from(want.as_ref().is_some_and(|(c, _)| !c.is_empty()));
                assert_eq!(key(distinct(open, *must)), want);
            }
        }
        assert!(fitting > 100, "{fitting} sums with a combination that fits");
    }
}
