//! The links of the chain graph: weak links (one digit in two nodes seeing each other,
//! or two digits of one cell), strong links (bivalue cells, conjugate places in a house,
//! groups and almost locked sets covering a house's places, ALS forcing).

use sudokit_core::{Cell, CellSet, Digit, DigitSet};

use super::by_key;
use super::graph::{GNode, Graph, Scope};
use super::links::Links;
use crate::Board;

pub(super) fn link(
    g: &mut Graph,
    board: &Board,
    prev: Option<&Graph>,
    in_cell: &[(u32, u32)],
    als_nodes: &[(usize, usize)],
    scope: Scope,
) {
    let layout = board.layout();
    let from = prev.map_or(0, |p| p.nodes.len());
    let n = g.nodes.len();
    // The nodes by first cell and digit, as ranges of `order`.
    let side = board.side();
    let keys = g
        .nodes
        .iter()
        .enumerate()
        .map(|(i, node)| (key_of(node.first, node.digit, side), i as u32));
    let (start, order) = by_key(layout.cell_count() * side, keys);
    let at = |cell: Cell, digit: Digit| {
        &order[start[key_of(cell, digit, side)] as usize
            ..start[key_of(cell, digit, side) + 1] as usize]
    };
    // Weak links: one digit in two nodes seeing each other (every cell of one sees every
    // cell of the other, so the other's first cell is among the cells the first sees),
    // or two digits of one cell.
    let graph = &*g;
    let nodes = &g.nodes;
    let mut weak = if prev.is_none() && scope <= Scope::All {
        cell_weak_links(nodes, board, in_cell, &at)
    } else if prev.is_some() {
        // The new nodes are groups. Their links to cell nodes come in order (cell nodes
        // go by cell, and come first); only those to groups need sorting.
        let mut groups = Vec::new();
        Links::in_order(n, 8 * (n - from), |i, out| {
            if i < from {
                return;
            }
            let digit = nodes[i].digit;
            let peers = graph.peers(board, i);
            groups.clear();
            for c in graph.sees(board, i).iter() {
                let mut at_c = at(c, digit).iter().copied();
                let Some(first) = at_c.next() else { continue };
                if nodes[first as usize].group() {
                    groups.push(first);
                } else {
                    out.push(first);
                }
                groups.extend(at_c);
            }
            groups.retain(|&j| graph.within(j as usize, peers));
            groups.sort_unstable();
            out.extend(&groups);
        })
    } else {
        Links::by_node(n, |i, out| {
            if i < from {
                return;
            }
            let node = &nodes[i];
            let peers = graph.peers(board, i);
            for c in graph.sees(board, i).iter() {
                out.extend(
                    at(c, node.digit)
                        .iter()
                        .filter(|&&j| graph.within(j as usize, peers)),
                );
            }
            if !node.group() {
                let (from, to) = in_cell[node.first.index()];
                out.extend((from..to).filter(|&j| j as usize != i));
            }
        })
    };
    // An ALS node without weak links can neither be entered nor left: the set links
    // only its other nodes, and only if two of them are left.
    let mut strong: Vec<(u32, u32)> = Vec::new();
    let mut keep = vec![true; n];
    let mut live = Vec::new();
    for &(from, to) in als_nodes {
        live.clear();
        live.extend((from..to).filter(|&i| !weak[i].is_empty()));
        if live.len() < 2 {
            live.iter().for_each(|&i| keep[i] = false);
            continue;
        }
        for (k, &i) in live.iter().enumerate() {
            strong.extend(live[k + 1..].iter().map(|&j| (i as u32, j as u32)));
        }
        forcing_links(board, graph, &at, &live, &mut strong);
    }
    if keep.contains(&false) {
        weak = weak.keep(&keep);
    }
    // Strong links: bivalue cells, and houses where two nodes cover every place of a digit.
    if prev.is_none() {
        for cell in layout.cells() {
            let (from, to) = in_cell[cell.index()];
            if board.candidates(cell).len() == 2 && to - from == 2 {
                strong.push((from, from + 1));
            }
        }
    }
    if scope != Scope::Bivalue {
        if prev.is_none() {
            // Two cells holding the only places of a digit in a house. (The loop below
            // finds every other strong link from its group's or set's side.)
            let node = |c: Cell, d: Digit| {
                let (from, to) = in_cell[c.index()];
                (from..to).find(|&j| g.nodes[j as usize].digit == d)
            };
            let digits: DigitSet = g.nodes.iter().map(|a| a.digit).collect();
            for d in digits {
                for (x, y, _) in super::strong_links(board, d) {
                    if let (Some(p), Some(q)) = (node(x, d), node(y, d)) {
                        strong.push((p, q));
                    }
                }
            }
        }
        for (i, a) in g
            .nodes
            .iter()
            .enumerate()
            .skip(from)
            .filter(|(_, a)| a.group())
        {
            let a_cells = &g.extents[a.extent as usize].cells;
            // Each house holding the node, with the nodes covering exactly the rest of the
            // digit's places (found by their first cell): as many cells, all inside, none
            // shared.
            for &h in layout.houses_of(a.first) {
                if !a_cells.is_subset(layout.house_set(h)) {
                    continue;
                }
                let places = board.house_cells_with(h, a.digit);
                let count = places.len() as u32;
                if a.size >= count {
                    continue;
                }
                let f = places
                    .iter()
                    .find(|&x| !a_cells.contains(x))
                    .expect("a node inside leaves a place");
                strong.extend(
                    at(f, a.digit)
                        .iter()
                        .filter(|&&j| {
                            let b = &g.nodes[j as usize];
                            b.size == count - a.size
                                && g.within(j as usize, &places)
                                && (b.size == 1 || !g.cells(j as usize).intersects(a_cells))
                        })
                        .map(|&j| (j.min(i as u32), j.max(i as u32))),
                );
            }
        }
    }
    let strong = Links::from_pairs(n, &strong);
    match prev {
        None => {
            g.weak = weak;
            g.strong = strong;
        }
        Some(prev) => {
            // The old nodes' links to new nodes (links are symmetric), after their own.
            let added = weak.reversed_below(from);
            // Old nodes' lists end with the new nodes: still in order.
            let capacity = prev.weak.to.len() + added.to.len() + weak.to.len();
            g.weak = Links::in_order(n, capacity, |i, out| {
                if i < from {
                    out.extend(&prev.weak[i]);
                    out.extend(&added[i]);
                } else {
                    out.extend(&weak[i]);
                }
            });
            g.strong = Links::in_order(n, prev.strong.to.len() + strong.to.len(), |i, out| {
                if i < from {
                    out.extend(&prev.strong[i]);
                }
                out.extend(&strong[i]);
            });
        }
    }
}

/// Strong links from an almost locked set's nodes to the candidates they force
/// (HoDoKu's ALS forcing): without digit `j` the set holds each of its other digits,
/// which leave every cell seeing all their places; a cell outside the set, of three
/// candidates or more, left with one candidate `x` then holds it. So the set holds `j`
/// or the cell holds `x`. (A two-candidate cell is reached through its own strong link.)
fn forcing_links<'a>(
    board: &Board,
    g: &Graph,
    at: &impl Fn(Cell, Digit) -> &'a [u32],
    live: &[usize],
    strong: &mut Vec<(u32, u32)>,
) {
    // A live node's `sees`: the cells losing its digit when the set holds it. A forced
    // cell loses two digits or more.
    let (mut once, mut twice) = (CellSet::EMPTY, CellSet::EMPTY);
    for &i in live {
        let sees = g.sees(board, i);
        twice = twice.or(&once.and(&sees));
        once = once.or(&sees);
    }
    for c in twice.iter() {
        let candidates = board.candidates(c);
        if candidates.len() < 3 {
            continue;
        }
        let lost: DigitSet = live
            .iter()
            .filter(|&&i| g.sees(board, i).contains(c))
            .map(|&i| g.nodes[i].digit)
            .collect();
        // Entered by a digit it does not take from the cell, the set leaves the cell its
        // one other candidate; entered by one it takes, that digit, if it takes them all.
        let kept = candidates.without(lost);
        let forced = |j: Digit| match kept.len() {
            1 if !lost.contains(j) => kept.first(),
            0 if lost.contains(j) => Some(j),
            _ => None,
        };
        for &i in live {
            let Some(x) = forced(g.nodes[i].digit) else {
                continue;
            };
            if let Some(&node) = at(c, x).iter().find(|&&n| !g.nodes[n as usize].group()) {
                // The loops read the link back with the general test.
                debug_assert!(g.nodes[i].set().is_some_and(|s| forces(
                    board,
                    g.sets[s],
                    g.nodes[i].digit,
                    c,
                    x
                )));
                strong.push(((i as u32).min(node), (i as u32).max(node)));
            }
        }
    }
}

/// Does almost locked set (`cells`, `digits`), lacking `entry`, force `x` into cell `c`:
/// is every other candidate of `c` a digit of the set, not `entry`, that `c` loses when
/// the set holds it?
pub(crate) fn forces(
    board: &Board,
    (cells, digits): (CellSet, DigitSet),
    entry: Digit,
    c: Cell,
    x: Digit,
) -> bool {
    board.candidates(c).contains(x)
        && board
            .candidates(c)
            .without(DigitSet::single(x))
            .iter()
            .all(|y| y != entry && digits.contains(y) && locked_out(board, &cells, y).contains(c))
}

/// The cells outside almost locked set `cells` that lose digit `y` when the set holds it:
/// those holding `y` and seeing all the set's places of `y`.
pub(crate) fn locked_out(board: &Board, cells: &CellSet, y: Digit) -> CellSet {
    let places = cells.and(board.cells_with(y));
    seen_by_all(board, &places)
        .and(board.cells_with(y))
        .without(cells)
}

/// The weak links of a graph of cell nodes only (`at`: the node of a cell and digit, if
/// any): a node's peers holding its digit, and the other nodes of its cell, gathered in
/// order (nodes go by cell, then digit), so no list needs sorting.
fn cell_weak_links<'a>(
    nodes: &[GNode],
    board: &Board,
    in_cell: &[(u32, u32)],
    at: &impl Fn(Cell, Digit) -> &'a [u32],
) -> Links {
    let layout = board.layout();
    Links::in_order(nodes.len(), 8 * nodes.len(), |i, out| {
        let (cell, digit) = (nodes[i].first, nodes[i].digit);
        let (from, to) = in_cell[cell.index()];
        let own = (from..to).filter(|&j| j as usize != i);
        let peers = layout.peers(cell);
        let split = peers.partition_point(|&p| p < cell);
        let of = |p: &Cell| at(*p, digit).iter().copied();
        out.extend(peers[..split].iter().flat_map(of));
        out.extend(own);
        out.extend(peers[split..].iter().flat_map(of));
    })
}

fn key_of(cell: Cell, digit: Digit, side: usize) -> usize {
    cell.index() * side + digit.index()
}

/// Drops every link touching a cell whose candidates are not exactly `pair`.
pub(crate) fn prune_to_pair(board: &Board, g: &mut Graph, pair: DigitSet) {
    let keep: Vec<bool> = g
        .nodes
        .iter()
        .map(|n| !n.group() && board.candidates(n.first) == pair)
        .collect();
    g.strong = g.strong.keep(&keep);
    g.weak = g.weak.keep(&keep);
}

/// The cells seeing every cell of `cells`.
pub(crate) fn seen_by_all(board: &Board, cells: &CellSet) -> CellSet {
    let layout = board.layout();
    cells
        .iter()
        .fold(layout.all_cells(), |s, c| s.and(layout.peer_set(c)))
}
