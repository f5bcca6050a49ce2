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

use sudokit_core::{Cell, Cells, Digit, DigitSet};

use super::Sink;
use crate::analysis::als::{self, Set};
use crate::analysis::graph::MAX_ALS_CELLS;
use crate::context::Context;
use crate::step::{Als, Pattern, Step};
use crate::technique::Technique;
use crate::Board;

fn to_als<const W: usize>(set: &Set<W>) -> Als {
    Als {
        cells: set.cells.iter().collect(),
        digits: set.digits,
    }
}

/// Cells outside `exclude` holding `d` and seeing every place of it in `a` and `b`.
fn seeing_both<const W: usize>(
    board: &Board<W>,
    a: &Set<W>,
    b: &Set<W>,
    d: Digit,
    exclude: &Cells<W>,
) -> Vec<(Cell, Digit)> {
    super::with_digit(
        &a.seeing(board, d).and(&b.seeing(board, d)).without(exclude),
        d,
    )
}

/// ALS-XZ. When only the first step is wanted and the closure of the chain graph with
/// groups and sets is known to prove nothing (the grouped chains, tried before, found no
/// step), only pairs with a set of more than [`MAX_ALS_CELLS`] cells are searched: two
/// smaller sets are nodes of that graph, and an ALS-XZ between them is a chain in it
/// (c holds z ⇒ A lacks z ⇒ A holds x ⇒ B lacks x ⇒ B holds z ⇒ c lacks z), so it would
/// have proved the candidate it removes. The same first step is found; on magictour
/// top1465, rating spends 0.53 of the time in ALS-XZ.
pub(crate) fn find_xz<const W: usize>(ctx: &Context<'_, W>, sink: &mut Sink) {
    let (board, sets) = (ctx.board, ctx.als());
    let narrowed;
    let links = if sink.first && ctx.grouped_als_proved_nothing() {
        narrowed = als::links_where(board, sets, |s| s.cells.len() > MAX_ALS_CELLS);
        &narrowed
    } else {
        ctx.als_links()
    };
    for (i, a) in sets.iter().enumerate() {
        for &(j, rcc) in &links[i] {
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

pub(crate) fn find_xy_wing<const W: usize>(ctx: &Context<'_, W>, sink: &mut Sink) {
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::analysis::graph::Scope;
    use crate::{next_step_with, Memo, Options};
    use sudokit_core::Grid;

    /// What narrowing ALS-XZ rests on: an ALS-XZ of two sets of at most `MAX_ALS_CELLS`
    /// cells is a chain of the graph with groups and sets (its sets are nodes there), so
    /// every candidate it removes is one the graph's closure proves something about.
    /// Where the closure proves nothing, only pairs with a larger set can find a step.
    /// Checked on every board of the paths of hard puzzles (magictour top1465).
    #[test]
    fn the_chain_graph_proves_what_an_als_xz_of_small_sets_removes() {
        let (mut removed, mut narrowed) = (0, 0);
        for line in [
            "4...3.......6..8..........1....5..9..8....6...7.2........1.27..5.3....4.9........",
            "7.8...3.....2.1...5.........4.....263...8.......1...9..9.6....4....7.5...........",
            "3.7.4...........918........4.....7.....16.......25..........38..9....5...2.6.....",
            "5..7..6....38...........2..62.4............917............35.8.4.....1......9....",
            ".4..1.2.......9.7..1..........43.6..8......5....2.....7.5..8......6..3..9........",
            "......41.9..3.....3...5.....48..7..........62.1.......6..2....5.7....8......9....",
        ] {
            let mut board = Board::new(&Grid::from_line(line).expect("a puzzle"), None);
            let mut memo = Memo::new();
            while let Some(step) = next_step_with(&board, &Options::default(), &mut memo) {
                let ctx = Context::new(&board);
                let proved = ctx
                    .provable(Scope::GroupedAls)
                    .expect("a graph small enough");
                let g = ctx.graph(Scope::GroupedAls);
                let mut all = Sink::new(false);
                find_xz(&ctx, &mut all);
                for found in &all.steps {
                    let Pattern::Als { sets, .. } = &found.pattern else {
                        unreachable!("an ALS-XZ step")
                    };
                    if sets.iter().any(|s| s.cells.len() > MAX_ALS_CELLS) {
                        continue;
                    }
                    for &(cell, digit) in &found.eliminations {
                        let node = (0..g.nodes.len())
                            .find(|&i| {
                                !g.nodes[i].group()
                                    && (g.nodes[i].first, g.nodes[i].digit) == (cell, digit)
                            })
                            .expect("a candidate's node");
                        assert!(proved[node], "{line}: {found:?}");
                        removed += 1;
                    }
                }
                narrowed += usize::from(ctx.grouped_als_proved_nothing());
                board.apply(&step);
            }
        }
        // Such steps are found along the paths, and so are boards where ALS-XZ narrows.
        assert!(
            removed > 100 && narrowed > 10,
            "{removed} candidates, {narrowed} boards"
        );
    }
}
