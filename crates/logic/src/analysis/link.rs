//! The links of the chain graph: weak links (one digit in two nodes seeing each other,
//! or two digits of one cell), strong links (bivalue cells, conjugate places in a house,
//! groups and almost locked sets covering a house's places, ALS forcing).

use sudokit_core::{Cell, Cells, Digit, DigitSet};

use super::by_key;
use super::graph::{GNode, Graph, Scope, NONE};
use super::links::Links;
use crate::Board;

/// The nodes of a graph by first cell and digit: `at(cell, digit)` lists them in order.
struct Index {
    start: Vec<u32>,
    order: Vec<u32>,
    side: usize,
}

impl Index {
    fn new<const W: usize>(g: &Graph<W>, board: &Board<W>) -> Index {
        let side = board.side();
        let keys = g
            .nodes
            .iter()
            .enumerate()
            .map(|(i, node)| (key_of(node.first, node.digit, side), i as u32));
        let (start, order) = by_key(board.layout().cell_count() * side, keys);
        Index { start, order, side }
    }

    fn at(&self, cell: Cell, digit: Digit) -> &[u32] {
        let k = key_of(cell, digit, self.side);
        &self.order[self.start[k] as usize..self.start[k + 1] as usize]
    }
}

/// Links the nodes of `g` not in `prev` (all of them without it) to every node, and
/// keeps the links of `prev` between its own nodes. `in_cell`: the cell nodes of each
/// cell, when they are new; `als_nodes`: each new almost locked set's nodes.
pub(super) fn link<const W: usize>(
    g: &mut Graph<W>,
    board: &Board<W>,
    prev: Option<&Graph<W>>,
    in_cell: &[(u32, u32)],
    als_nodes: &[(usize, usize)],
    scope: Scope,
) {
    let from = prev.map_or(0, |p| p.nodes.len());
    // Weak links: one digit in two nodes seeing each other (every cell of one sees every
    // cell of the other, so the other's first cell is among the cells the first sees),
    // or two digits of one cell.
    if prev.is_none() && scope <= Scope::All {
        // Cells only: no group or set.
        let cell_nodes = CellNodes::new(&g.nodes, board);
        g.weak = cell_weak_links(&g.nodes, board, in_cell, &cell_nodes);
        let mut strong = Vec::new();
        bivalue_strong_links(board, in_cell, &mut strong);
        if scope != Scope::Bivalue {
            conjugate_strong_links(g, board, &cell_nodes, &mut strong);
        }
        g.strong = Links::from_pairs(g.nodes.len(), &strong);
        return;
    }
    let index = Index::new(g, board);
    let mut weak = if prev.is_some() {
        new_group_weak_links(g, board, from, &index)
    } else {
        all_weak_links(g, board, in_cell, &index)
    };
    let (mut strong, keep) = als_strong_links(g, board, &weak, als_nodes, &index);
    if keep.contains(&false) {
        weak = weak.keep(&keep);
    }
    if prev.is_none() {
        bivalue_strong_links(board, in_cell, &mut strong);
    }
    if scope != Scope::Bivalue {
        if prev.is_none() {
            conjugate_strong_links(g, board, &CellNodes::new(&g.nodes, board), &mut strong);
        }
        group_strong_links(g, board, from, &index, &mut strong);
    }
    let n = g.nodes.len();
    match prev {
        None => (g.weak, g.strong) = (weak, Links::from_pairs(n, &strong)),
        // The old nodes keep their links and gain those to new nodes (links are
        // symmetric), after their own.
        Some(prev) => {
            g.weak = weak.under(&prev.weak);
            g.strong = Links::from_pairs_under(&prev.strong, n, &strong);
        }
    }
}

/// The weak links of the group nodes from `from` on (nodes below are cells, or groups
/// of `prev`). Their links to cell nodes come in order (cell nodes go by cell, and come
/// first); only those to groups need sorting.
fn new_group_weak_links<const W: usize>(
    g: &Graph<W>,
    board: &Board<W>,
    from: usize,
    index: &Index,
) -> Links {
    let n = g.nodes.len();
    let mut groups = Vec::new();
    Links::in_order(n, 8 * (n - from), |i, out| {
        if i < from {
            return;
        }
        let digit = g.nodes[i].digit;
        let peers = g.peers(board, i);
        groups.clear();
        for c in g.sees(board, i).iter() {
            let mut at_c = index.at(c, digit).iter().copied();
            let Some(first) = at_c.next() else { continue };
            if g.nodes[first as usize].group() {
                groups.push(first);
            } else {
                out.push(first);
            }
            groups.extend(at_c);
        }
        groups.retain(|&j| g.within(j as usize, peers));
        groups.sort_unstable();
        out.extend(&groups);
    })
}

/// The weak links of every node of a graph built whole with groups.
fn all_weak_links<const W: usize>(
    g: &Graph<W>,
    board: &Board<W>,
    in_cell: &[(u32, u32)],
    index: &Index,
) -> Links {
    Links::by_node(g.nodes.len(), |i, out| {
        let node = &g.nodes[i];
        let peers = g.peers(board, i);
        for c in g.sees(board, i).iter() {
            out.extend(
                index
                    .at(c, node.digit)
                    .iter()
                    .filter(|&&j| g.within(j as usize, peers)),
            );
        }
        if !node.group() {
            let (from, to) = in_cell[node.first.index()];
            out.extend((from..to).filter(|&j| j as usize != i));
        }
    })
}

/// The strong links within each new almost locked set and from its nodes to the
/// candidates they force, and which nodes to keep. An ALS node without weak links can
/// neither be entered nor left: the set links only its other nodes, and only if two of
/// them are left.
fn als_strong_links<const W: usize>(
    g: &Graph<W>,
    board: &Board<W>,
    weak: &Links,
    als_nodes: &[(usize, usize)],
    index: &Index,
) -> (Vec<(u32, u32)>, Vec<bool>) {
    let mut strong: Vec<(u32, u32)> = Vec::new();
    let mut keep = vec![true; g.nodes.len()];
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
        forcing_links(board, g, index, &live, &mut strong);
    }
    (strong, keep)
}

/// Strong links of bivalue cells (`in_cell`: the nodes of each cell).
fn bivalue_strong_links<const W: usize>(
    board: &Board<W>,
    in_cell: &[(u32, u32)],
    strong: &mut Vec<(u32, u32)>,
) {
    for cell in board.layout().cells() {
        let (from, to) = in_cell[cell.index()];
        if board.candidates(cell).len() == 2 && to - from == 2 {
            strong.push((from, from + 1));
        }
    }
}

/// Strong links of two cells holding the only places of a digit in a house. (Those of
/// groups and sets are found from their side: [`group_strong_links`].)
fn conjugate_strong_links<const W: usize>(
    g: &Graph<W>,
    board: &Board<W>,
    cell_nodes: &CellNodes,
    strong: &mut Vec<(u32, u32)>,
) {
    let digits: DigitSet = g.nodes.iter().map(|a| a.digit).collect();
    for d in digits {
        for (x, y, _) in super::strong_links(board, d) {
            if let (Some(p), Some(q)) = (cell_nodes.at(x, d), cell_nodes.at(y, d)) {
                strong.push((p, q));
            }
        }
    }
}

/// Strong links of the group nodes from `from` on: in each house holding such a node,
/// to the nodes covering exactly the rest of the digit's places there (found by their
/// first cell, then by their cells).
fn group_strong_links<const W: usize>(
    g: &Graph<W>,
    board: &Board<W>,
    from: usize,
    index: &Index,
    strong: &mut Vec<(u32, u32)>,
) {
    let layout = board.layout();
    for (i, a) in g
        .nodes
        .iter()
        .enumerate()
        .skip(from)
        .filter(|(_, a)| a.group())
    {
        let a_cells = &g.extents[a.extent as usize].cells;
        for &h in layout.houses_of(a.first) {
            if !a_cells.is_subset(board.house_set(h)) {
                continue;
            }
            // The partners cover exactly the digit's other places in the house.
            let rest = board.house_cells_with(h, a.digit).without(a_cells);
            let Some(f) = rest.first() else { continue };
            let size = rest.len() as u32;
            strong.extend(
                index
                    .at(f, a.digit)
                    .iter()
                    .filter(|&&j| {
                        let b = &g.nodes[j as usize];
                        // Kept from the later node's side: a pair of new nodes is found
                        // from both, and an old partner (below `from`) always comes first.
                        (j as usize) < i
                            && b.size == size
                            && (size == 1 || g.extents[b.extent as usize].cells == rest)
                    })
                    .map(|&j| (j, i as u32)),
            );
        }
    }
}

/// Strong links from an almost locked set's nodes to the candidates they force
/// (HoDoKu's ALS forcing): without digit `j` the set holds each of its other digits,
/// which leave every cell seeing all their places; a cell outside the set, of three
/// candidates or more, left with one candidate `x` then holds it. So the set holds `j`
/// or the cell holds `x`. (A two-candidate cell is reached through its own strong link.)
fn forcing_links<const W: usize>(
    board: &Board<W>,
    g: &Graph<W>,
    index: &Index,
    live: &[usize],
    strong: &mut Vec<(u32, u32)>,
) {
    // A live node's `sees`: the cells losing its digit when the set holds it. A forced
    // cell loses two digits or more.
    let (mut once, mut twice) = (Cells::EMPTY, Cells::EMPTY);
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
            .filter(|&&i| g.sees_cell(board, i, c))
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
            if let Some(&node) = index
                .at(c, x)
                .iter()
                .find(|&&n| !g.nodes[n as usize].group())
            {
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
pub(crate) fn forces<const W: usize>(
    board: &Board<W>,
    (cells, digits): (Cells<W>, DigitSet),
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
pub(crate) fn locked_out<const W: usize>(board: &Board<W>, cells: &Cells<W>, y: Digit) -> Cells<W> {
    let places = cells.and(board.cells_with(y));
    seen_by_all(board, &places)
        .and(board.cells_with(y))
        .without(cells)
}

/// The weak links of a graph of cell nodes only: a node's peers holding its digit, and
/// the other nodes of its cell, gathered in order (nodes go by cell, then digit), so no
/// list needs sorting. `in_cell`: each cell's nodes, in order of digit; `cell_nodes`: each
/// candidate's node.
fn cell_weak_links<const W: usize>(
    nodes: &[GNode],
    board: &Board<W>,
    in_cell: &[(u32, u32)],
    cell_nodes: &CellNodes,
) -> Links {
    Links::in_order(nodes.len(), 8 * nodes.len(), |i, out| {
        let (cell, digit) = (nodes[i].first, nodes[i].digit);
        let (from, to) = in_cell[cell.index()];
        // The cell's other nodes, in place among the peers (plain loops: this is most
        // of building the graph of single candidates).
        let own = |out: &mut Vec<u32>| {
            for j in from..to {
                if j as usize != i {
                    out.push(j);
                }
            }
        };
        let mut own_left = true;
        for p in board.peer_set(cell).and(board.cells_with(digit)).iter() {
            if own_left && p > cell {
                own(out);
                own_left = false;
            }
            if let Some(j) = cell_nodes.at(p, digit) {
                out.push(j);
            }
        }
        if own_left {
            own(out);
        }
    })
}

/// The cell node of each candidate, by cell and digit (group and set nodes left out).
struct CellNodes {
    /// By `key_of`; `NONE` for a candidate without a node.
    node: Vec<u32>,
    side: usize,
}

impl CellNodes {
    fn new<const W: usize>(nodes: &[GNode], board: &Board<W>) -> CellNodes {
        let side = board.side();
        let mut node = vec![NONE; board.layout().cell_count() * side];
        for (i, n) in nodes.iter().enumerate().filter(|(_, n)| !n.group()) {
            node[key_of(n.first, n.digit, side)] = i as u32;
        }
        CellNodes { node, side }
    }

    fn at(&self, cell: Cell, digit: Digit) -> Option<u32> {
        Some(self.node[key_of(cell, digit, self.side)]).filter(|&j| j != NONE)
    }
}

fn key_of(cell: Cell, digit: Digit, side: usize) -> usize {
    cell.index() * side + digit.index()
}

/// Drops every link touching a cell whose candidates are not exactly `pair`.
pub(crate) fn prune_to_pair<const W: usize>(board: &Board<W>, g: &mut Graph<W>, pair: DigitSet) {
    let keep: Vec<bool> = g
        .nodes
        .iter()
        .map(|n| !n.group() && board.candidates(n.first) == pair)
        .collect();
    g.strong = g.strong.keep(&keep);
    g.weak = g.weak.keep(&keep);
}

/// The cells seeing every cell of `cells`.
pub(crate) fn seen_by_all<const W: usize>(board: &Board<W>, cells: &Cells<W>) -> Cells<W> {
    cells
        .iter()
        .fold(board.all_cells(), |s, c| s.and(board.peer_set(c)))
}
