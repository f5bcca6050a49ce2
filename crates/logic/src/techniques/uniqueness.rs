//! Uniqueness techniques: Unique Rectangles (types 1–4), Hidden Rectangle, BUG+1. They
//! hold only for puzzles with a single solution (the engine runs them only when the
//! puzzle is known to be unique and they are allowed).
//!
//! Four cells in two rows, two columns and two regions (every house holding 0 or 2 of
//! them) cannot end as two digits {a, b} crosswise: a and b could be swapped, giving two
//! solutions. So some corner must hold something else. The argument is about solutions,
//! not candidates: a corner that has already lost a or b still counts (HoDoKu's "missing
//! candidates"), as long as each corner can hold one of the two and each digit two
//! corners. A "floor" corner holds nothing but a and b.

use sudokit_core::{Cell, Cells, Digit, DigitSet, House};

use super::{with_digit, Sink};
use crate::analysis::subsets;
use crate::context::Context;
use crate::step::{Pattern, Step};
use crate::technique::Technique;
use crate::Board;

fn pattern(corners: [Cell; 4], digits: [Digit; 2], extra: Vec<Cell>) -> Pattern {
    Pattern::Rectangle {
        corners,
        digits,
        extra,
    }
}

pub(crate) fn find<const W: usize>(ctx: &Context<'_, W>, sink: &mut Sink, technique: Technique) {
    let board = ctx.board;
    // The floor sizes the technique needs (a hidden rectangle takes any).
    let floors: &[u32] = match technique {
        Technique::UniqueRectangle1 => &[3],
        Technique::HiddenRectangle => &[0, 1, 2, 3, 4],
        _ => &[2],
    };
    for &(corners, digits, roof_bits) in ctx.rectangles() {
        let floor = 4 - roof_bits.count_ones();
        if !floors.contains(&floor) {
            continue;
        }
        let mut roofs = corners;
        let mut count = 0;
        for (k, &c) in corners.iter().enumerate() {
            if roof_bits >> k & 1 != 0 {
                roofs[count] = c;
                count += 1;
            }
        }
        let roof = &roofs[..count];
        let done = match technique {
            Technique::UniqueRectangle1 if floor == 3 => {
                let gone: Vec<(Cell, Digit)> = digits
                    .iter()
                    .filter(|&&d| board.has(roof[0], d))
                    .map(|&d| (roof[0], d))
                    .collect();
                !gone.is_empty()
                    && sink.push(Step::eliminating(
                        technique,
                        gone,
                        pattern(corners, digits, vec![]),
                    ))
            }
            Technique::UniqueRectangle2 if floor == 2 && shares_line(board, roof[0], roof[1]) => {
                type2(board, sink, corners, digits, roof)
            }
            Technique::UniqueRectangle3 if floor == 2 && shares_line(board, roof[0], roof[1]) => {
                type3(board, sink, corners, digits, roof)
            }
            Technique::UniqueRectangle4 if floor == 2 && shares_line(board, roof[0], roof[1]) => {
                type4(board, sink, corners, digits, roof)
            }
            Technique::HiddenRectangle => hidden(board, sink, corners, digits),
            _ => false,
        };
        if done {
            return;
        }
    }
}

/// Two roof cells in one row or one column (the floor opposite them).
fn shares_line<const W: usize>(board: &Board<W>, a: Cell, b: Cell) -> bool {
    let l = board.layout();
    l.row(a) == l.row(b) || l.col(a) == l.col(b)
}

/// The houses both roof cells lie in.
fn common_houses<const W: usize>(board: &Board<W>, a: Cell, b: Cell) -> Vec<House> {
    let l = board.layout();
    l.houses_of(a)
        .iter()
        .copied()
        .filter(|h| l.houses_of(b).contains(h))
        .collect()
}

/// Type 2: both roofs hold the same one extra digit c: one of them is c.
fn type2<const W: usize>(
    board: &Board<W>,
    sink: &mut Sink,
    corners: [Cell; 4],
    digits: [Digit; 2],
    roof: &[Cell],
) -> bool {
    let pair: DigitSet = digits.iter().copied().collect();
    let (e0, e1) = (
        board.candidates(roof[0]).without(pair),
        board.candidates(roof[1]).without(pair),
    );
    let (Some(c), true) = (e0.only(), e0 == e1) else {
        return false;
    };
    let gone = board
        .cells_with(c)
        .and(board.peer_set(roof[0]))
        .and(board.peer_set(roof[1]));
    !gone.is_empty()
        && sink.push(Step::eliminating(
            Technique::UniqueRectangle2,
            with_digit(&gone, c),
            pattern(corners, digits, vec![]),
        ))
}

/// Type 3: the roofs' extra digits act as one cell; with k other cells of a house they
/// share they form a naked subset of k + 1 digits.
fn type3<const W: usize>(
    board: &Board<W>,
    sink: &mut Sink,
    corners: [Cell; 4],
    digits: [Digit; 2],
    roof: &[Cell],
) -> bool {
    let pair: DigitSet = digits.iter().copied().collect();
    let extra = board
        .candidates(roof[0])
        .or(board.candidates(roof[1]))
        .without(pair);
    if extra.len() < 2 {
        return false;
    }
    let layout = board.layout();
    for house in common_houses(board, roof[0], roof[1]) {
        let others: Vec<Cell> = layout
            .house(house)
            .cells
            .iter()
            .copied()
            .filter(|&c| {
                !roof.contains(&c)
                    && board.value(c).is_none()
                    && board.candidates(c).without(pair).len() == board.candidates(c).len()
            })
            .collect();
        for k in 1..=others.len().min(3) {
            let done = subsets(&others, k, &mut |chosen| {
                let digits_all = chosen.iter().fold(extra, |s, &c| s.or(board.candidates(c)));
                if digits_all.len() != k + 1 {
                    return false;
                }
                let keep: Cells<W> = chosen.iter().chain(roof).collect();
                // Every house holding the roofs and the chosen cells is cleared.
                let houses: Vec<House> = common_houses(board, roof[0], roof[1])
                    .into_iter()
                    .filter(|&h| keep.is_subset(board.house_set(h)))
                    .collect();
                let gone: Vec<_> = houses
                    .iter()
                    .flat_map(|&h| {
                        digits_all.iter().flat_map(move |d| {
                            with_digit(&board.house_cells_with(h, d).without(&keep), d)
                        })
                    })
                    .collect();
                sink.push(Step::eliminating(
                    Technique::UniqueRectangle3,
                    gone,
                    pattern(corners, digits, chosen.to_vec()),
                ))
            });
            if done {
                return true;
            }
        }
    }
    false
}

/// Type 4: in a house of both roofs, one rectangle digit lies only on the roofs: the
/// other rectangle digit leaves them.
fn type4<const W: usize>(
    board: &Board<W>,
    sink: &mut Sink,
    corners: [Cell; 4],
    digits: [Digit; 2],
    roof: &[Cell],
) -> bool {
    let roof_set: Cells<W> = roof.iter().collect();
    for house in common_houses(board, roof[0], roof[1]) {
        for (locked, other) in [(digits[0], digits[1]), (digits[1], digits[0])] {
            if board.house_cells_with(house, locked) == roof_set
                && roof_set.iter().any(|c| board.has(c, other))
            {
                let gone = roof
                    .iter()
                    .filter(|&&c| board.has(c, other))
                    .map(|&c| (c, other))
                    .collect();
                if sink.push(Step::eliminating(
                    Technique::UniqueRectangle4,
                    gone,
                    pattern(corners, digits, roof.to_vec()),
                )) {
                    return true;
                }
            }
        }
    }
    false
}

/// Hidden Rectangle: one corner holds only {a, b}; in the row and the column of the
/// opposite corner, a lies only on the rectangle: the opposite corner is not b.
fn hidden<const W: usize>(
    board: &Board<W>,
    sink: &mut Sink,
    corners: [Cell; 4],
    digits: [Digit; 2],
) -> bool {
    let layout = board.layout();
    let pair: DigitSet = digits.iter().copied().collect();
    for (i, &corner) in corners.iter().enumerate() {
        if !board.candidates(corner).without(pair).is_empty() {
            continue;
        }
        let opposite = corners[3 - i];
        let rect: Cells<W> = corners.iter().collect();
        let row = layout.row_house(layout.row(opposite));
        let col = layout.col_house(layout.col(opposite));
        for (a, b) in [(digits[0], digits[1]), (digits[1], digits[0])] {
            let locked = |h: House| board.house_cells_with(h, a).is_subset(&rect);
            if board.has(opposite, b)
                && locked(row)
                && locked(col)
                && sink.push(Step::eliminating(
                    Technique::HiddenRectangle,
                    vec![(opposite, b)],
                    pattern(corners, digits, vec![corner]),
                ))
            {
                return true;
            }
        }
    }
    false
}

/// BUG+1: every open cell has two candidates but one, which has three: without its
/// extra digit the grid would be a bivalue universal grave (two solutions or none).
pub(crate) fn find_bug<const W: usize>(board: &Board<W>, sink: &mut Sink) {
    let layout = board.layout();
    let open: Vec<Cell> = layout
        .cells()
        .filter(|&c| board.value(c).is_none())
        .collect();
    let three: Vec<Cell> = open
        .iter()
        .copied()
        .filter(|&c| board.candidates(c).len() != 2)
        .collect();
    let [cell] = three[..] else { return };
    if board.candidates(cell).len() != 3 {
        return;
    }
    // The extra digit is the one appearing three times in the cell's houses; the cell's
    // other candidates go (HoDoKu reports the eliminations, a naked single follows).
    let digit = board.candidates(cell).iter().find(|&d| {
        layout
            .houses_of(cell)
            .iter()
            .all(|&h| board.house_cells_with(h, d).len() == 3)
    });
    if let Some(digit) = digit {
        let gone = board
            .candidates(cell)
            .iter()
            .filter(|&d| d != digit)
            .map(|d| (cell, d))
            .collect();
        sink.push(Step::eliminating(
            Technique::Bug1,
            gone,
            Pattern::Bug { cell, digit },
        ));
    }
}
