//! Single-digit patterns: Skyscraper, 2-String Kite, Turbot Fish, Empty Rectangle.
//!
//! Each is a short X-chain: strong link, weak link, strong link. A strong link (conjugate
//! pair) is a house where the digit has exactly two places; one of them is true. So one
//! end of the chain is true, and cells seeing both ends lose the digit.

use sudokit_core::{Cell, Digit, DigitSet, House, HouseKind, Layout};

use super::{with_digit, Sink};
use crate::analysis::{strong_links, PerLayout};
use crate::step::{Chain, Node, Pattern, Step};
use crate::technique::Technique;
use crate::Board;

#[derive(Clone, Copy, PartialEq, Eq)]
enum Line {
    Row,
    Column,
    Region,
}

fn line<const W: usize>(board: &Board<W>, h: House) -> Line {
    match board.layout().house(h).kind {
        HouseKind::Row(_) => Line::Row,
        HouseKind::Column(_) => Line::Column,
        _ => Line::Region,
    }
}

/// Skyscraper, 2-String Kite and Turbot Fish: strong(a–b), weak(b–c), strong(c–d).
pub(crate) fn find_turbot<const W: usize>(
    board: &Board<W>,
    sink: &mut Sink,
    digits: DigitSet,
    wanted: Technique,
) {
    for digit in digits {
        let links: Vec<_> = strong_links(board, digit).collect();
        for (i, &(a0, b0, h1)) in links.iter().enumerate() {
            for &(c0, d0, h2) in &links[i + 1..] {
                for (a, b) in [(a0, b0), (b0, a0)] {
                    for (c, d) in [(c0, d0), (d0, c0)] {
                        // b sees c (so they differ), and the four cells are distinct.
                        if !board.peer_set(b).contains(c) || a == c || a == d || b == d {
                            continue;
                        }
                        let technique = classify(board, h1, h2, b, c);
                        if technique != wanted {
                            continue;
                        }
                        let gone = board
                            .cells_with(digit)
                            .and(board.peer_set(a))
                            .and(board.peer_set(d))
                            .without(&[a, b, c, d].into_iter().collect());
                        if gone.is_empty() {
                            continue;
                        }
                        let chain = Chain {
                            nodes: [a, b, c, d]
                                .into_iter()
                                .map(|x| Node::cell(x, digit))
                                .collect(),
                            strong: vec![true, false, true],
                            closed: false,
                        };
                        if sink.push(Step::eliminating(
                            technique,
                            with_digit(&gone, digit),
                            Pattern::Chain(chain),
                        )) {
                            return;
                        }
                    }
                }
            }
        }
    }
}

/// Skyscraper: two parallel lines, linked where they line up. 2-String Kite: a row and a
/// column, linked in a region. Anything else: Turbot Fish.
fn classify<const W: usize>(board: &Board<W>, h1: House, h2: House, b: Cell, c: Cell) -> Technique {
    let layout = board.layout();
    let (l1, l2) = (line(board, h1), line(board, h2));
    let same_row = layout.row(b) == layout.row(c);
    let same_col = layout.col(b) == layout.col(c);
    match (l1, l2) {
        (Line::Row, Line::Row) if same_col => Technique::Skyscraper,
        (Line::Column, Line::Column) if same_row => Technique::Skyscraper,
        (Line::Row, Line::Column) | (Line::Column, Line::Row)
            if layout.region(b) == layout.region(c) && !same_row && !same_col =>
        {
            Technique::TwoStringKite
        }
        _ => Technique::TurbotFish,
    }
}

/// Empty Rectangle: in a region the digit lies only on one row and one column (a cross,
/// with candidates on both arms). A strong link on a column (row) with one end on the
/// cross's row (column) removes the digit where its other end's row (column) meets the
/// cross's column (row).
pub(crate) fn find_empty_rectangle<const W: usize>(
    board: &Board<W>,
    sink: &mut Sink,
    digits: DigitSet,
) {
    let layout = board.layout();
    // Each region's rows and columns, a layout's own.
    static SPANS: PerLayout<Vec<(Vec<usize>, Vec<usize>)>> = PerLayout::new();
    let spans = SPANS.get(layout, |layout| {
        (0..layout.side())
            .map(|region| {
                let cells = &layout.house(layout.region_house(region)).cells;
                let of = |f: fn(&Layout, Cell) -> usize| dedup(cells.iter().map(|&c| f(layout, c)));
                (of(Layout::row), of(Layout::col))
            })
            .collect()
    });
    for digit in digits {
        // The digit's strong links, listed the first time a region has a cross.
        let mut links = None;
        for (region, (region_rows, region_cols)) in spans.iter().enumerate() {
            let rh = layout.region_house(region);
            let cells = board.house_cells_with(rh, digit);
            if cells.len() < 2 {
                continue;
            }
            // The digit's places in the region, as (row, column).
            let mut places = [(0, 0); 25];
            let mut count = 0;
            for x in cells.iter() {
                places[count] = (layout.row(x), layout.col(x));
                count += 1;
            }
            let places = &places[..count];
            for &r in region_rows.iter() {
                for &c in region_cols.iter() {
                    let on_row = places.iter().any(|&(x, y)| x == r && y != c);
                    let on_col = places.iter().any(|&(x, y)| y == c && x != r);
                    let off = places.iter().any(|&(x, y)| x != r && y != c);
                    if off || !on_row || !on_col {
                        continue;
                    }
                    let links: &[_] =
                        links.get_or_insert_with(|| strong_links(board, digit).collect::<Vec<_>>());
                    if report_er(board, sink, digit, region, r, c, links) {
                        return;
                    }
                }
            }
        }
    }
}

#[allow(clippy::too_many_arguments)]
fn report_er<const W: usize>(
    board: &Board<W>,
    sink: &mut Sink,
    digit: Digit,
    region: usize,
    r: usize,
    c: usize,
    links: &[(Cell, Cell, House)],
) -> bool {
    let layout = board.layout();
    let rh = layout.region_house(region);
    for &(x, y, h) in links {
        for (near, far) in [(x, y), (y, x)] {
            if layout.region(near) == region || layout.region(far) == region {
                continue;
            }
            // A column link with its near end on the cross's row, or a row link with its
            // near end on the cross's column.
            let target = match line(board, h) {
                Line::Column if layout.row(near) == r => layout.cell(layout.row(far), c),
                Line::Row if layout.col(near) == c => layout.cell(r, layout.col(far)),
                _ => continue,
            };
            if layout.region(target) == region || !board.has(target, digit) {
                continue;
            }
            let chain = Chain {
                nodes: vec![
                    Node::group(board.house_cells_with(rh, digit).iter().collect(), digit),
                    Node::cell(near, digit),
                    Node::cell(far, digit),
                ],
                strong: vec![false, true],
                closed: false,
            };
            if sink.push(Step::eliminating(
                Technique::EmptyRectangle,
                vec![(target, digit)],
                Pattern::Chain(chain),
            )) {
                return true;
            }
        }
    }
    false
}

fn dedup(it: impl Iterator<Item = usize>) -> Vec<usize> {
    let mut v: Vec<usize> = it.collect();
    v.sort_unstable();
    v.dedup();
    v
}
