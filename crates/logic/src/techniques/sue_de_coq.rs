//! Sue de Coq: two or three open cells where a line meets a box (the core, with digits
//! V, at least two more digits than cells), cells of the rest of the line with digits L,
//! and cells of the rest of the box with digits B, where L and B share no digit and the
//! whole holds exactly as many digits as cells. Then each digit is in exactly one part:
//! L's and V's digits not in B leave the rest of the line; B's and V's digits not in L
//! leave the rest of the box.

use sudokit_core::{Cell, Cells, DigitSet, HouseKind};

use super::Sink;
use crate::analysis::subsets;
use crate::step::{Pattern, Step};
use crate::technique::Technique;
use crate::Board;

pub(crate) fn find<const W: usize>(board: &Board<W>, sink: &mut Sink) {
    let layout = board.layout();
    for x in layout.intersections() {
        let (line, region) = match (layout.house(x.a).kind, layout.house(x.b).kind) {
            (
                HouseKind::Row(_) | HouseKind::Column(_),
                HouseKind::Box(_) | HouseKind::Region(_),
            ) => (x.a, x.b),
            _ => continue,
        };
        let open: Vec<Cell> = x
            .common
            .iter()
            .copied()
            .filter(|&c| board.value(c).is_none())
            .collect();
        if open.len() < 2 {
            continue;
        }
        // The open cells of the line outside the box, and of the box outside the line.
        let rest = |h, other| -> Vec<Cell> {
            let cells = board.house_set(h).without(board.house_set(other));
            cells.iter().filter(|&c| board.value(c).is_none()).collect()
        };
        let (line_rest, box_rest) = (rest(line, region), rest(region, line));
        for size in 2..=open.len().min(3) {
            let done = subsets(&open, size, &mut |core| {
                let v = core
                    .iter()
                    .fold(DigitSet::EMPTY, |s, &c| s.or(board.candidates(c)));
                if v.len() < size + 2 {
                    return false;
                }
                let core_set: Cells<W> = core.iter().collect();
                search_partners(
                    board, sink, &core_set, v, line, region, &line_rest, &box_rest,
                )
            });
            if done {
                return;
            }
        }
    }
}

/// The subsets of up to three of `cells` whose cells each hold a digit of `v`, with their
/// digits, leaving out those bringing more digits than can fit: the whole (core, this
/// part and the other part of at most three cells) holds as many digits as cells.
fn parts<const W: usize>(
    board: &Board<W>,
    cells: &[Cell],
    v: DigitSet,
    core: usize,
) -> Vec<(Cells<W>, DigitSet)> {
    let useful: Vec<Cell> = cells
        .iter()
        .copied()
        .filter(|&c| !board.candidates(c).and(v).is_empty())
        .collect();
    let mut out = Vec::with_capacity(4 * useful.len());
    for k in 1..=useful.len().min(3) {
        subsets(&useful, k, &mut |part| {
            let digits = part
                .iter()
                .fold(DigitSet::EMPTY, |s, &c| s.or(board.candidates(c)));
            if v.or(digits).len() <= core + k + 3 {
                out.push((part.iter().collect(), digits));
            }
            false
        });
    }
    out
}

#[allow(clippy::too_many_arguments)]
fn search_partners<const W: usize>(
    board: &Board<W>,
    sink: &mut Sink,
    core: &Cells<W>,
    v: DigitSet,
    line: sudokit_core::House,
    region: sudokit_core::House,
    line_rest: &[Cell],
    box_rest: &[Cell],
) -> bool {
    let (ls, bs) = (
        parts(board, line_rest, v, core.len()),
        parts(board, box_rest, v, core.len()),
    );
    for (lpart, dl) in &ls {
        for (bpart, db) in &bs {
            if !dl.and(*db).is_empty()
                || v.or(*dl).or(*db).len() != core.len() + lpart.len() + bpart.len()
            {
                continue;
            }
            if report(board, sink, core, v, *dl, *db, line, region, lpart, bpart) {
                return true;
            }
        }
    }
    false
}

#[allow(clippy::too_many_arguments)]
fn report<const W: usize>(
    board: &Board<W>,
    sink: &mut Sink,
    core: &Cells<W>,
    v: DigitSet,
    dl: DigitSet,
    db: DigitSet,
    line: sudokit_core::House,
    region: sudokit_core::House,
    lpart: &Cells<W>,
    bpart: &Cells<W>,
) -> bool {
    let used = core.or(lpart).or(bpart);
    let mut gone = Vec::new();
    for (house, digits) in [(line, dl.or(v.without(db))), (region, db.or(v.without(dl)))] {
        for d in digits {
            gone.extend(
                board
                    .house_cells_with(house, d)
                    .without(&used)
                    .iter()
                    .map(|c| (c, d)),
            );
        }
    }
    let pattern = Pattern::SueDeCoq {
        core: core.iter().collect(),
        line: lpart.iter().collect(),
        boxed: bpart.iter().collect(),
    };
    sink.push(Step::eliminating(Technique::SueDeCoq, gone, pattern))
}
