//! Naked subsets: k cells of a house holding only k digits between them; those digits
//! leave the house's other cells. Locked Pair/Triple: the cells also share a second house
//! (a line and a box), which the digits leave too.

use sudokit_core::{Cell, Cells, DigitSet, House};

use super::{with_digit, Sink};
use crate::analysis::subsets_where;
use crate::step::{Pattern, Step};
use crate::technique::Technique;
use crate::Board;

/// Naked subsets of `size` cells in `houses`; `locked` finds only those lying in two
/// houses.
pub(crate) fn find<const W: usize>(
    board: &Board<W>,
    sink: &mut Sink,
    houses: &[House],
    size: usize,
    locked: bool,
) {
    let layout = board.layout();
    let mut cells: Vec<Cell> = Vec::with_capacity(board.side());
    for &h in houses {
        cells.clear();
        let house = layout.house(h).cells.iter().copied();
        cells.extend(house.filter(|&c| (2..=size).contains(&board.candidates(c).len())));
        let digits = |chosen: &[Cell]| {
            chosen
                .iter()
                .fold(DigitSet::EMPTY, |s, &c| s.or(board.candidates(c)))
        };
        // A start grows while its cells hold at most `size` digits.
        let mut grows = |start: &[Cell]| digits(start).len() <= size;
        let done = subsets_where(&cells, size, &mut grows, &mut |chosen| {
            let digits = digits(chosen);
            digits.len() == size && report(board, sink, h, chosen, digits, locked)
        });
        if done {
            return;
        }
    }
}

fn report<const W: usize>(
    board: &Board<W>,
    sink: &mut Sink,
    house: House,
    cells: &[Cell],
    digits: DigitSet,
    locked: bool,
) -> bool {
    let layout = board.layout();
    let set: Cells<W> = cells.iter().collect();
    let second = layout
        .houses_of(cells[0])
        .iter()
        .copied()
        .find(|&h2| h2 != house && set.is_subset(board.house_set(h2)));
    if locked != (second.is_some() && cells.len() <= 3)
        || second.is_some_and(|s| locked && s < house)
    {
        return false;
    }
    let houses = std::iter::once(house).chain(second.filter(|_| locked));
    // Most subsets found remove nothing (any more): nothing to build then.
    let outside = |h: House, d| board.house_cells_with(h, d).without(&set);
    if !houses
        .clone()
        .any(|h| digits.iter().any(|d| !outside(h, d).is_empty()))
    {
        return false;
    }
    let mut gone = Vec::new();
    for h in houses {
        for d in digits {
            gone.extend(with_digit(&outside(h, d), d));
        }
    }
    let technique = match (locked, cells.len()) {
        (true, 2) => Technique::LockedPair,
        (true, _) => Technique::LockedTriple,
        (false, 2) => Technique::NakedPair,
        (false, 3) => Technique::NakedTriple,
        _ => Technique::NakedQuad,
    };
    // A locked subset is reported from the lower-numbered of its houses, once.
    let pattern = Pattern::Subset {
        digits,
        cells: cells.to_vec(),
        house,
        second: if locked { second } else { None },
    };
    sink.push(Step::eliminating(technique, gone, pattern))
}
