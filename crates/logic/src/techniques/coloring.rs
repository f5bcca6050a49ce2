//! Coloring: the conjugate pairs of a digit form clusters, each colored in two colors of
//! which exactly one is true.
//!
//! - Simple Colors Trap: a cell seeing both colors of a cluster loses the digit.
//! - Simple Colors Wrap: two cells of one color see each other: that color is false.
//! - Multi Colors 1: a color of one cluster sees a color of another: not both are true,
//!   so one of their opposite colors is; cells seeing both opposites lose the digit.
//! - Multi Colors 2: a color sees both colors of another cluster: it is false.

use sudokit_core::{Cell, Cells, Digit, DigitSet};

use super::{with_digit, Sink};
use crate::analysis::strong_links;
use crate::step::{Pattern, Step};
use crate::technique::Technique;
use crate::Board;

/// A cluster: its two colors, and the cells each color sees.
struct Cluster<const W: usize> {
    colors: [Cells<W>; 2],
    sees: [Cells<W>; 2],
}

fn clusters<const W: usize>(board: &Board<W>, digit: Digit) -> Vec<Cluster<W>> {
    let layout = board.layout();
    let links: Vec<_> = strong_links(board, digit).collect();
    let mut color: Vec<Option<(usize, usize)>> = vec![None; layout.cell_count()];
    let mut out: Vec<Cluster<W>> = Vec::new();
    let mut stack = Vec::new();
    for &(start, _, _) in &links {
        if color[start.index()].is_some() {
            continue;
        }
        let id = out.len();
        let mut cluster = Cluster {
            colors: [Cells::EMPTY; 2],
            sees: [Cells::EMPTY; 2],
        };
        stack.clear();
        stack.push((start, 0usize));
        color[start.index()] = Some((id, 0));
        while let Some((cell, c)) = stack.pop() {
            cluster.colors[c].insert(cell);
            cluster.sees[c] = cluster.sees[c].or(board.peer_set(cell));
            for &(a, b, _) in &links {
                let other = if a == cell {
                    b
                } else if b == cell {
                    a
                } else {
                    continue;
                };
                if color[other.index()].is_none() {
                    color[other.index()] = Some((id, 1 - c));
                    stack.push((other, 1 - c));
                }
            }
        }
        out.push(cluster);
    }
    out
}

fn pattern<const W: usize>(digit: Digit, clusters: &[&Cluster<W>]) -> Pattern {
    let list = |s: &Cells<W>| s.iter().collect::<Vec<Cell>>();
    Pattern::Coloring {
        digit,
        clusters: clusters
            .iter()
            .map(|c| [list(&c.colors[0]), list(&c.colors[1])])
            .collect(),
    }
}

pub(crate) fn find<const W: usize>(
    board: &Board<W>,
    sink: &mut Sink,
    digits: DigitSet,
    technique: Technique,
) {
    for digit in digits {
        let clusters = clusters(board, digit);
        let with = board.cells_with(digit);
        let found = match technique {
            Technique::SimpleColorsTrap => clusters.iter().any(|c| {
                let colored = c.colors[0].or(&c.colors[1]);
                let gone = with.and(&c.sees[0]).and(&c.sees[1]).without(&colored);
                !gone.is_empty()
                    && sink.push(Step::eliminating(
                        technique,
                        with_digit(&gone, digit),
                        pattern(digit, &[c]),
                    ))
            }),
            Technique::SimpleColorsWrap => clusters.iter().any(|c| {
                (0..2).any(|k| {
                    c.colors[k].intersects(&c.sees[k])
                        && sink.push(Step::eliminating(
                            technique,
                            with_digit(&c.colors[k], digit),
                            pattern(digit, &[c]),
                        ))
                })
            }),
            _ => multi(with, digit, &clusters, sink, technique),
        };
        if found {
            return;
        }
    }
}

fn multi<const W: usize>(
    with: &Cells<W>,
    digit: Digit,
    clusters: &[Cluster<W>],
    sink: &mut Sink,
    technique: Technique,
) -> bool {
    for (i, a) in clusters.iter().enumerate() {
        for (j, b) in clusters.iter().enumerate() {
            if i == j {
                continue;
            }
            for ka in 0..2 {
                let step = if technique == Technique::MultiColors1 {
                    if i > j || ka > 0 {
                        continue;
                    }
                    // Every pair of colors that see each other: cells seeing both of their
                    // opposites (colored ones included) lose the digit, all in one step.
                    let mut gone = Cells::EMPTY;
                    for ka in 0..2 {
                        for kb in 0..2 {
                            if a.sees[ka].intersects(&b.colors[kb]) {
                                gone = gone.or(&with.and(&a.sees[1 - ka]).and(&b.sees[1 - kb]));
                            }
                        }
                    }
                    (!gone.is_empty()).then(|| {
                        Step::eliminating(
                            technique,
                            with_digit(&gone, digit),
                            pattern(digit, &[a, b]),
                        )
                    })
                } else {
                    let sees_both =
                        b.colors[0].intersects(&a.sees[ka]) && b.colors[1].intersects(&a.sees[ka]);
                    sees_both.then(|| {
                        Step::eliminating(
                            technique,
                            with_digit(&a.colors[ka], digit),
                            pattern(digit, &[a, b]),
                        )
                    })
                };
                if let Some(step) = step {
                    if step.is_productive() && sink.push(step) {
                        return true;
                    }
                }
            }
        }
    }
    false
}
