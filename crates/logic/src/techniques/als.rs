//! Almost locked sets: ALS-XZ and ALS-XY-Wing. Sets may overlap, as long as no shared
//! cell holds a restricted common digit (HoDoKu's "ALS overlap"): that digit is then still
//! in at most one of the two sets, which is all the logic needs.
//!
//! An almost locked set (ALS) is N cells of one house with N + 1 digits between them:
//! remove any one digit and the rest is locked. Two ALSs share a restricted common digit x
//! when every cell of both holding x sees every other: x is in at most one of them, so the
//! other is locked.
//!
//! - ALS-XZ: ALSs A and B with restricted common x and another common digit z: one of
//!   them is locked without x, so holds z; cells seeing every z of both lose z. With two
//!   restricted commons (doubly linked) both sets are locked.
//! - ALS-XY-Wing: A and C share restricted x, B and C restricted y (x ≠ y), A and B share
//!   z: cells seeing every z of A and B lose z.

use sudokit_core::{Cell, CellSet, Digit, DigitSet};

use super::Sink;
use crate::analysis::als::Set;
use crate::context::Context;
use crate::step::{Als, Pattern, Step};
use crate::technique::Technique;
use crate::Board;

fn to_als(set: &Set) -> Als {
    Als {
        cells: set.cells.iter().collect(),
        digits: set.digits,
    }
}

/// Cells outside `exclude` holding `d` and seeing every place of it in `a` and `b`.
fn seeing_both(board: &Board, a: &Set, b: &Set, d: Digit, exclude: &CellSet) -> Vec<(Cell, Digit)> {
    super::with_digit(
        &a.seeing(board, d).and(&b.seeing(board, d)).without(exclude),
        d,
    )
}

pub(crate) fn find_xz(ctx: &Context, sink: &mut Sink) {
    let (board, sets) = (ctx.board, ctx.als());
    for (i, a) in sets.iter().enumerate() {
        for &(j, rcc) in &ctx.als_links()[i] {
            let b = &sets[j as usize];
            if (j as usize) < i {
                continue;
            }
            let common = a.digits.and(b.digits);
            if common.len() < 2 {
                continue;
            }
            let both = a.cells.or(&b.cells);
            let mut gone: Vec<(Cell, Digit)> = Vec::new();
            for z in common.without(rcc) {
                gone.extend(seeing_both(board, a, b, z, &both));
            }
            if rcc.len() >= 2 {
                for x in rcc {
                    gone.extend(seeing_both(board, a, b, x, &both));
                }
                for set in [a, b] {
                    for d in set.digits.without(rcc) {
                        gone.extend(super::with_digit(&set.seeing(board, d).without(&both), d));
                    }
                }
            }
            if gone.is_empty() {
                continue;
            }
            let z = gone.iter().map(|&(_, d)| d).collect();
            let pattern = Pattern::Als {
                sets: vec![to_als(a), to_als(b)],
                links: rcc,
                z,
            };
            if sink.push(Step::eliminating(Technique::AlsXz, gone, pattern)) {
                return;
            }
        }
    }
}

pub(crate) fn find_xy_wing(ctx: &Context, sink: &mut Sink) {
    let (board, sets) = (ctx.board, ctx.als());
    for (ci, c) in sets.iter().enumerate() {
        // Sets linked to C by a restricted common digit.
        let linked: Vec<(usize, Digit)> = ctx.als_links()[ci]
            .iter()
            .flat_map(|&(i, rcc)| rcc.iter().map(move |d| (i as usize, d)))
            .collect();
        for (k, &(ai, x)) in linked.iter().enumerate() {
            for &(bi, y) in &linked[k + 1..] {
                if ai == bi || x == y {
                    continue;
                }
                let (a, b) = (&sets[ai], &sets[bi]);
                if a.cells == b.cells {
                    continue;
                }
                let all_cells = a.cells.or(&b.cells).or(&c.cells);
                let links: DigitSet = [x, y].into_iter().collect();
                let mut gone = Vec::new();
                for z in a.digits.and(b.digits).without(links) {
                    gone.extend(seeing_both(board, a, b, z, &all_cells));
                }
                if gone.is_empty() {
                    continue;
                }
                let z = gone.iter().map(|&(_, d)| d).collect();
                let pattern = Pattern::Als {
                    sets: vec![to_als(a), to_als(b), to_als(c)],
                    links,
                    z,
                };
                if sink.push(Step::eliminating(Technique::AlsXyWing, gone, pattern)) {
                    return;
                }
            }
        }
    }
}
