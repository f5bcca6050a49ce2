//! Hidden subsets: k digits of a house that fit only k cells; those cells lose every
//! other candidate.

use sudokit_core::{Cells, Digit, House};

use super::Sink;
use crate::analysis::subsets_where;
use crate::step::{Pattern, Step};
use crate::technique::Technique;
use crate::Board;

/// Hidden subsets of `size` digits in `houses`.
pub(crate) fn find<const W: usize>(
    board: &Board<W>,
    sink: &mut Sink,
    houses: &[House],
    size: usize,
) {
    let mut digits: Vec<Digit> = Vec::with_capacity(board.side());
    for &h in houses {
        let open = board.open_digits(h);
        if open.len() <= size {
            continue;
        }
        digits.clear();
        let places = |d: Digit| board.house_cells_with(h, d).len();
        digits.extend(open.iter().filter(|&d| (2..=size).contains(&places(d))));
        let cells = |chosen: &[Digit]| {
            chosen
                .iter()
                .fold(Cells::EMPTY, |s, &d| s.or(&board.house_cells_with(h, d)))
        };
        // A start grows while its digits fit `size` cells.
        let mut grows = |start: &[Digit]| cells(start).len() <= size;
        let done = subsets_where(&digits, size, &mut grows, &mut |chosen| {
            let cells = cells(chosen);
            cells.len() == size && report(board, sink, h, chosen, &cells)
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
    digits: &[Digit],
    cells: &Cells<W>,
) -> bool {
    let keep: sudokit_core::DigitSet = digits.iter().copied().collect();
    // Most subsets found remove nothing (any more): nothing to build then.
    if cells
        .iter()
        .all(|c| board.candidates(c).without(keep).is_empty())
    {
        return false;
    }
    let gone: Vec<_> = cells
        .iter()
        .flat_map(|c| {
            board
                .candidates(c)
                .without(keep)
                .iter()
                .map(move |d| (c, d))
        })
        .collect();
    let technique = match digits.len() {
        2 => Technique::HiddenPair,
        3 => Technique::HiddenTriple,
        _ => Technique::HiddenQuad,
    };
    let pattern = Pattern::Subset {
        digits: keep,
        cells: cells.iter().collect(),
        house,
        second: None,
    };
    sink.push(Step::eliminating(technique, gone, pattern))
}
