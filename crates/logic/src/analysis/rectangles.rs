//! Unique rectangles: four cells in a deadly shape (two rows, two columns, two regions;
//! every house holding 0 or 2 of them), and those of a board whose corners each hold
//! one of two digits. Used by the uniqueness techniques.

use sudokit_core::{Cell, Digit, DigitSet, Layout};

use crate::Board;

/// A rectangle: corners in reading order `[r1c1, r1c2, r2c1, r2c2]`, the digit pair,
/// and its roof: bit k set when corner k holds more than the pair (the others are the
/// floor).
pub(crate) type Rectangle = ([Cell; 4], [Digit; 2], u8);

/// Four corners in a deadly shape, in reading order.
pub(crate) type Shape = [Cell; 4];

/// Every rectangle of `layout` in a deadly shape, corners in reading order, in the
/// order of their rows, then columns (a layout's are kept in the memo).
pub(crate) fn shapes(layout: &Layout) -> Vec<Shape> {
    let n = layout.side();
    let mut out = Vec::new();
    for r1 in 0..n {
        for r2 in r1 + 1..n {
            for c1 in 0..n {
                for c2 in c1 + 1..n {
                    let corners = [
                        layout.cell(r1, c1),
                        layout.cell(r1, c2),
                        layout.cell(r2, c1),
                        layout.cell(r2, c2),
                    ];
                    if deadly_shape(layout, &corners) {
                        out.push(corners);
                    }
                }
            }
        }
    }
    out
}

/// Every rectangle of open cells in a deadly shape (`shapes`, from [`shapes`]) whose
/// corners each hold one of two digits, each digit in two corners at least.
pub(crate) fn rectangles(board: &Board, shapes: &[Shape]) -> Vec<Rectangle> {
    // Each cell's candidates as bits, none for a solved cell (which no rectangle has).
    let bits: Vec<u32> = board
        .layout()
        .cells()
        .map(|c| match board.value(c) {
            Some(_) => 0,
            None => board.candidates(c).bits(),
        })
        .collect();
    let mut out = Vec::new();
    for &corners in shapes {
        let cands = corners.map(|c| bits[c.index()]);
        if cands.contains(&0) {
            continue;
        }
        // Digits in at least two corners.
        let mut twice = 0u32;
        let mut once = 0u32;
        for m in cands {
            twice |= once & m;
            once |= m;
        }
        if twice.count_ones() < 2 {
            continue;
        }
        let digits = DigitSet::from_bits(twice);
        for a in digits {
            for b in digits.iter().filter(|&b| b > a) {
                let pair = DigitSet::single(a).or(DigitSet::single(b)).bits();
                if cands.iter().all(|&m| m & pair != 0) {
                    let roof = (0..4).fold(0, |r, k| r | ((cands[k] & !pair != 0) as u8) << k);
                    out.push((corners, [a, b], roof));
                }
            }
        }
    }
    out
}

/// Does every house hold 0 or 2 of the corners? (Rows and columns do by construction;
/// regions and extra houses are counted.)
fn deadly_shape(layout: &Layout, corners: &[Cell; 4]) -> bool {
    let houses = |c: Cell| layout.houses_of(c).iter().skip(2);
    corners.iter().all(|&c| {
        houses(c).all(|h| {
            corners
                .iter()
                .filter(|&&o| layout.houses_of(o).contains(h))
                .count()
                == 2
        })
    })
}
