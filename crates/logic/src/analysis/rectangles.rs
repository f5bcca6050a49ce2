//! Unique rectangles: four cells in a deadly shape (two rows, two columns, two regions;
//! every house holding 0 or 2 of them), and those of a board whose corners each hold
//! one of two digits. Used by the uniqueness techniques.

use std::sync::Arc;

use sudokit_core::{Cell, Digit, DigitSet, Layout};

use super::PerLayout;
use crate::Board;

/// A rectangle: corners in reading order `[r1c1, r1c2, r2c1, r2c2]`, the digit pair,
/// and its roof: bit k set when corner k holds more than the pair (the others are the
/// floor).
pub(crate) type Rectangle = ([Cell; 4], [Digit; 2], u8);

/// Four corners in a deadly shape, in reading order.
pub(crate) type Shape = [Cell; 4];

/// Every rectangle of `layout` in a deadly shape, corners in reading order, in the
/// order of their rows, then columns.
///
/// Made once per layout in the process ([`PerLayout`]): made for each puzzle's memo,
/// they were 0.8% of rating magictour top1465.
pub(crate) fn shapes(layout: &Layout) -> Arc<Vec<Shape>> {
    static MADE: PerLayout<Vec<Shape>> = PerLayout::new();
    MADE.get(layout, make_shapes)
}

/// The deadly shapes of `layout` (see [`shapes`]).
fn make_shapes(layout: &Layout) -> Vec<Shape> {
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
pub(crate) fn rectangles<const W: usize>(board: &Board<W>, shapes: &[Shape]) -> Vec<Rectangle> {
    // Each cell's candidates as bits, none for a solved cell (which no rectangle has).
    let bits: Vec<u32> = board
        .layout()
        .cells()
        .map(|c| match board.value(c) {
            Some(_) => 0,
            None => board.candidates(c).bits(),
        })
        .collect();
    let digit = |bit: u32| DigitSet::from_bits(bit).first().expect("one digit");
    let mut out = Vec::new();
    for &corners in shapes {
        let cands = corners.map(|c| bits[c.index()]);
        if cands.contains(&0) {
            continue;
        }
        each_pair(&cands, |a, b| {
            let pair = a | b;
            let roof = (0..4).fold(0, |r, k| r | ((cands[k] & !pair != 0) as u8) << k);
            out.push((corners, [digit(a), digit(b)], roof));
        });
    }
    out
}

/// Each pair of digits (as one-bit masks, the lower first, in increasing order) held by
/// two corners at least, one of them in every corner: the digits a rectangle of corners
/// holding `cands` could end as. For each `a`, its partners `b` are those in every
/// corner lacking `a`.
fn each_pair(cands: &[u32; 4], mut visit: impl FnMut(u32, u32)) {
    // Digits in at least two corners.
    let (mut once, mut twice) = (0u32, 0u32);
    for &m in cands {
        twice |= once & m;
        once |= m;
    }
    let mut rest = twice;
    while rest != 0 {
        let a = rest & rest.wrapping_neg();
        rest &= rest - 1;
        let need = cands
            .iter()
            .filter(|&&m| m & a == 0)
            .fold(u32::MAX, |n, &m| n & m);
        let mut partners = rest & need;
        while partners != 0 {
            let b = partners & partners.wrapping_neg();
            partners &= partners - 1;
            visit(a, b);
        }
    }
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

#[cfg(test)]
mod tests {
    use super::*;
    use sudokit_core::rng::Rng;

    #[test]
    fn pairs_are_those_in_two_corners_and_in_every_corner_one_way() {
        let mut rng = Rng::new(7);
        for _ in 0..20_000 {
            let cands: [u32; 4] = std::array::from_fn(|_| rng.below(1 << 9) as u32);
            let mut found = Vec::new();
            each_pair(&cands, |a, b| found.push((a, b)));
            let corners_with = |d: u32| cands.iter().filter(|&&m| m & d != 0).count();
            let wanted: Vec<(u32, u32)> = (0..9)
                .flat_map(|a| (a + 1..9).map(move |b| (1u32 << a, 1u32 << b)))
                .filter(|&(a, b)| corners_with(a) >= 2 && corners_with(b) >= 2)
                .filter(|&(a, b)| cands.iter().all(|&m| m & (a | b) != 0))
                .collect();
            assert_eq!(found, wanted, "{cands:?}");
        }
    }
}
