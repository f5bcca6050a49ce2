//! Chains: X-Chain, XY-Chain, Remote Pair, Continuous and Discontinuous Nice Loops,
//! AIC, and their grouped forms.
//!
//! An alternating inference chain (AIC) runs over candidates (nodes), alternating strong
//! links (not both false: a bivalue cell, a conjugate pair) and weak links (not both true:
//! one cell, or one digit in two cells of a house). Reading it from a node assumed false,
//! every second node is true; so one of its two ends is true. Grouped chains also use
//! groups: the cells of a digit where a line meets a box, acting as one node; and
//! almost locked sets (N cells, N + 1 digits), one node per digit ("the set holds it"):
//! two digits of a set are strongly linked (it lacks at most one), and a digit is
//! strongly linked to a candidate the set forces without it (HoDoKu's ALS forcing: the
//! set then holds all its other digits, which leave a cell with one candidate).
//!
//! The search is breadth-first from every node over the states "node off" and "node on",
//! so each conclusion comes with its shortest chain.

use sudokit_core::{Cell, CellSet, Digit, DigitSet};

use super::{by_key, single_digit, Sink};
use crate::context::Context;
use crate::step::{Chain, Node, Pattern, Step};
use crate::technique::Technique;
use crate::Board;

/// Which chains to look for.
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Debug)]
pub(crate) enum Scope {
    /// One digit, cells only (X-Chain).
    SingleDigit,
    /// Bivalue cells only (XY-Chain, Remote Pair).
    Bivalue,
    /// Every candidate (nice loops, AIC).
    All,
    /// Every candidate and groups (grouped nice loops, grouped AIC).
    Grouped,
    /// Every candidate, groups and almost locked sets.
    GroupedAls,
}

/// The largest almost locked sets used as chain nodes.
const MAX_ALS_CELLS: usize = 5;

/// A node of the graph: a digit on one cell or on a group (a line-box intersection's
/// cells holding the digit, or an almost locked set's). Small, so that the graph's
/// walks over nodes stay in cache: a group's cell sets are kept apart (`extent`).
#[derive(Clone, Copy, Debug)]
struct GNode {
    digit: Digit,
    first: Cell,
    /// The number of cells (most nodes have one, and their set tests are bit tests).
    size: u32,
    /// For a group, its cell sets (index into `Graph::extents`); `NONE` for a cell.
    extent: u32,
    /// The almost locked set the node belongs to (index into `Graph::sets`), or `NONE`.
    set: u32,
}

/// The cell sets of a group node.
#[derive(Clone, Debug)]
struct Extent {
    cells: CellSet,
    /// The cells seeing every cell of the node.
    peers: CellSet,
    /// The cells holding the node's digit and seeing every cell of the node: what the
    /// node being true removes the digit from.
    sees: CellSet,
}

impl GNode {
    fn group(&self) -> bool {
        self.extent != NONE
    }

    fn set(&self) -> Option<usize> {
        (self.set != NONE).then_some(self.set as usize)
    }
}

/// Links in one array: those of node `i` are `to[start[i]..start[i + 1]]`, sorted.
#[derive(Default)]
pub(crate) struct Links {
    start: Vec<u32>,
    to: Vec<u32>,
}

impl Links {
    /// From the links of each node in turn (`lists(i)` pushes node i's links), sorted.
    fn by_node(n: usize, lists: impl FnMut(usize, &mut Vec<u32>)) -> Links {
        Links::gather(n, 8 * n, true, lists)
    }

    /// From the links of each node in turn, pushed in order (about `capacity` in all).
    fn in_order(n: usize, capacity: usize, lists: impl FnMut(usize, &mut Vec<u32>)) -> Links {
        Links::gather(n, capacity, false, lists)
    }

    fn gather(
        n: usize,
        capacity: usize,
        sort: bool,
        mut lists: impl FnMut(usize, &mut Vec<u32>),
    ) -> Links {
        let mut start = Vec::with_capacity(n + 1);
        let mut to = Vec::with_capacity(capacity);
        start.push(0);
        for i in 0..n {
            let from = to.len();
            lists(i, &mut to);
            if sort {
                to[from..].sort_unstable();
            }
            start.push(to.len() as u32);
        }
        Links { start, to }
    }

    /// From undirected pairs: each pair is a link both ways (grouped by node, then each
    /// node's list sorted, repeats dropped: a pair can be strong in two houses).
    fn from_pairs(n: usize, pairs: &[(u32, u32)]) -> Links {
        let both_ways = pairs
            .iter()
            .flat_map(|&(i, j)| [(i as usize, j), (j as usize, i)]);
        let (mut start, mut to) = by_key(n, both_ways);
        // Each list sorted and compacted in place (the write never passes the read).
        let mut kept = 0;
        for i in 0..n {
            let (from, end) = (start[i] as usize, start[i + 1] as usize);
            if end - from > 1 {
                to[from..end].sort_unstable();
            }
            start[i] = kept as u32;
            let mut last = u32::MAX;
            for k in from..end {
                if to[k] != last {
                    last = to[k];
                    to[kept] = last;
                    kept += 1;
                }
            }
        }
        start[n] = kept as u32;
        to.truncate(kept);
        Links { start, to }
    }

    /// The links back to nodes below `from` from the nodes at and above it: node j's
    /// list holds every i >= `from` with j in `self[i]`, in order of i.
    fn reversed_below(&self, from: usize) -> Links {
        let n = self.start.len() - 1;
        let back = (from..n).flat_map(|i| {
            self[i]
                .iter()
                .filter(move |&&j| (j as usize) < from)
                .map(move |&j| (j as usize, i as u32))
        });
        let (start, to) = by_key(n, back);
        Links { start, to }
    }

    /// The links between nodes both kept.
    fn keep(&self, keep: &[bool]) -> Links {
        Links::in_order(self.start.len() - 1, self.to.len(), |i, out| {
            if keep[i] {
                out.extend(self[i].iter().filter(|&&j| keep[j as usize]));
            }
        })
    }
}

impl std::ops::Index<usize> for Links {
    type Output = [u32];

    fn index(&self, i: usize) -> &[u32] {
        &self.to[self.start[i] as usize..self.start[i + 1] as usize]
    }
}

/// Candidates and groups with their strong and weak links.
#[derive(Default)]
pub(crate) struct Graph {
    nodes: Vec<GNode>,
    /// The cell sets of the group nodes.
    extents: Vec<Extent>,
    strong: Links,
    weak: Links,
    /// The almost locked sets used as nodes: their cells and digits.
    sets: Vec<(CellSet, DigitSet)>,
}

impl Graph {
    /// Node `i`'s cells.
    fn cells(&self, i: usize) -> CellSet {
        match self.nodes[i].extent {
            NONE => CellSet::single(self.nodes[i].first),
            e => self.extents[e as usize].cells,
        }
    }

    /// Are all of node `i`'s cells in `set`?
    fn within(&self, i: usize, set: &CellSet) -> bool {
        match self.nodes[i].extent {
            NONE => set.contains(self.nodes[i].first),
            e => self.extents[e as usize].cells.is_subset(set),
        }
    }

    /// The cells seeing every cell of node `i`.
    fn peers<'a>(&'a self, board: &'a Board, i: usize) -> &'a CellSet {
        match self.nodes[i].extent {
            NONE => board.layout().peer_set(self.nodes[i].first),
            e => &self.extents[e as usize].peers,
        }
    }

    /// The cells holding node `i`'s digit and seeing every cell of it.
    fn sees(&self, board: &Board, i: usize) -> CellSet {
        let node = &self.nodes[i];
        match node.extent {
            NONE => board
                .layout()
                .peer_set(node.first)
                .and(board.cells_with(node.digit)),
            e => self.extents[e as usize].sees,
        }
    }

    fn push_cell(&mut self, digit: Digit, cell: Cell) {
        self.nodes.push(GNode {
            digit,
            first: cell,
            size: 1,
            extent: NONE,
            set: NONE,
        });
    }

    /// Pushes a group node (`peers`: the cells seeing all of `cells`), of almost locked
    /// set `set` if any.
    fn push_group(
        &mut self,
        board: &Board,
        digit: Digit,
        cells: CellSet,
        peers: CellSet,
        set: Option<usize>,
    ) {
        let sees = peers.and(board.cells_with(digit));
        self.nodes.push(GNode {
            digit,
            first: cells.first().expect("a node has cells"),
            size: cells.len() as u32,
            extent: self.extents.len() as u32,
            set: set.map_or(NONE, |s| s as u32),
        });
        self.extents.push(Extent { cells, peers, sees });
    }
}

/// The graph of `scope` over `digits`.
pub(crate) fn build(ctx: &Context, digits: DigitSet, scope: Scope) -> Graph {
    let mut g = Graph::default();
    let in_cell = push_cells(&mut g, ctx.board, digits, scope);
    if scope >= Scope::Grouped {
        push_groups(&mut g, ctx.board, digits);
    }
    let als_nodes = if scope == Scope::GroupedAls {
        push_als(&mut g, ctx, digits)
    } else {
        Vec::new()
    };
    link(&mut g, ctx.board, None, &in_cell, &als_nodes, scope);
    g
}

/// The graph of `scope` (grouped, or grouped with almost locked sets) from `prev`, the
/// graph of the scope below (every candidate, or grouped): its nodes come first in
/// both, and links between them are the same, so only the new nodes' links are
/// searched. The result is the graph [`build`] gives.
pub(crate) fn extend(ctx: &Context, prev: &Graph, digits: DigitSet, scope: Scope) -> Graph {
    let mut g = Graph {
        nodes: prev.nodes.clone(),
        extents: prev.extents.clone(),
        sets: prev.sets.clone(),
        ..Graph::default()
    };
    let als_nodes = match scope {
        Scope::GroupedAls => push_als(&mut g, ctx, digits),
        _ => {
            push_groups(&mut g, ctx.board, digits);
            Vec::new()
        }
    };
    link(&mut g, ctx.board, Some(prev), &[], &als_nodes, scope);
    g
}

/// Pushes a node per candidate of `digits` (bivalue cells only for that scope); returns
/// each cell's nodes as a range of indices.
fn push_cells(g: &mut Graph, board: &Board, digits: DigitSet, scope: Scope) -> Vec<(u32, u32)> {
    let layout = board.layout();
    let mut in_cell: Vec<(u32, u32)> = vec![(0, 0); layout.cell_count()];
    for cell in layout.cells() {
        let cands = board.candidates(cell);
        if scope == Scope::Bivalue && cands.len() != 2 {
            continue;
        }
        let from = g.nodes.len() as u32;
        for digit in cands.and(digits) {
            g.push_cell(digit, cell);
        }
        in_cell[cell.index()] = (from, g.nodes.len() as u32);
    }
    in_cell
}

/// Pushes a group node per digit on each line-box intersection holding it twice or more.
fn push_groups(g: &mut Graph, board: &Board, digits: DigitSet) {
    for x in board.layout().intersections() {
        let common: CellSet = x.common.iter().collect();
        for digit in digits {
            let cells = board.cells_with(digit).and(&common);
            if cells.len() >= 2 {
                g.push_group(board, digit, cells, seen_by_all(board, &cells), None);
            }
        }
    }
}

/// Pushes almost locked sets as nodes: one per digit, on the set's cells holding it. If
/// a digit is absent the set is locked and holds each other digit: strong links.
/// Returns each set's nodes as a range of indices.
fn push_als(g: &mut Graph, ctx: &Context, digits: DigitSet) -> Vec<(usize, usize)> {
    let board = ctx.board;
    let mut als_nodes = Vec::new();
    for set in ctx
        .als()
        .iter()
        .filter(|s| (2..=MAX_ALS_CELLS).contains(&s.cells.len()))
    {
        // A digit no cell outside sees in all its places has no weak link: it can
        // neither enter nor leave the set.
        let live: DigitSet = set
            .digits
            .and(digits)
            .iter()
            .filter(|&d| !set.seeing(board, d).is_empty())
            .collect();
        if live.len() < 2 {
            continue;
        }
        let first = g.nodes.len();
        for digit in live {
            let (cells, peers) = (*set.with(digit), *set.peers(digit));
            g.push_group(board, digit, cells, peers, Some(g.sets.len()));
        }
        als_nodes.push((first, g.nodes.len()));
        g.sets.push((set.cells, set.digits));
    }
    als_nodes
}

/// Links the nodes of `g` not in `prev` (all of them without it) to every node, and
/// keeps the links of `prev` between its own nodes. `in_cell`: the cell nodes of each
/// cell, when they are new.
fn link(
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
                for (x, y, _) in single_digit::strong_links(board, d) {
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
fn forces(
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
fn locked_out(board: &Board, cells: &CellSet, y: Digit) -> CellSet {
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
fn prune_to_pair(board: &Board, g: &mut Graph, pair: DigitSet) {
    let keep: Vec<bool> = g
        .nodes
        .iter()
        .map(|n| !n.group() && board.candidates(n.first) == pair)
        .collect();
    g.strong = g.strong.keep(&keep);
    g.weak = g.weak.keep(&keep);
}

/// The cells seeing every cell of `cells`.
fn seen_by_all(board: &Board, cells: &CellSet) -> CellSet {
    let layout = board.layout();
    cells
        .iter()
        .fold(layout.all_cells(), |s, c| s.and(layout.peer_set(c)))
}

/// The chain techniques searched together by [`find`]: each family shares one graph and
/// one search, and the first chain found, of whichever shape, is reported (HoDoKu's
/// "Nice Loop/AIC" search step works the same way).
pub(crate) const FAMILIES: [&[Technique]; 2] = [
    &[
        Technique::ContinuousNiceLoop,
        Technique::DiscontinuousNiceLoop,
        Technique::Aic,
    ],
    &[
        Technique::GroupedContinuousNiceLoop,
        Technique::GroupedDiscontinuousNiceLoop,
        Technique::GroupedAic,
    ],
];

/// Looks for chains of the given techniques, which must share one scope (X-Chains: on
/// `digits` only; the other chains use every digit).
pub(crate) fn find(ctx: &Context, sink: &mut Sink, digits: DigitSet, techniques: &[Technique]) {
    let board = ctx.board;
    let scope = match techniques[0] {
        Technique::XChain => Scope::SingleDigit,
        Technique::XyChain | Technique::RemotePair => Scope::Bivalue,
        Technique::GroupedContinuousNiceLoop
        | Technique::GroupedDiscontinuousNiceLoop
        | Technique::GroupedAic => Scope::Grouped,
        _ => Scope::All,
    };
    match scope {
        Scope::Bivalue if techniques[0] == Technique::RemotePair => {
            // Chains over cells holding exactly one pair of digits: a remote pair that
            // eliminates anything has at least four cells.
            let mut pairs: Vec<DigitSet> = board
                .layout()
                .cells()
                .map(|c| board.candidates(c))
                .filter(|c| c.len() == 2)
                .collect();
            pairs.sort_by_key(|p| p.bits());
            let with_four = pairs.chunk_by(|a, b| a == b).filter(|run| run.len() >= 4);
            for pair in with_four.map(|run| run[0]) {
                let mut g = build(ctx, pair, scope);
                prune_to_pair(board, &mut g, pair);
                if search(board, &g, sink, techniques, None) {
                    return;
                }
            }
        }
        Scope::SingleDigit => {
            // A digit's graph is part of the graph of every candidate: it proves
            // something only about candidates that graph proves something about.
            let digits = match ctx.provable(Scope::All) {
                Some(proved) if sink.first => {
                    digits.and(proved_digits(ctx.graph(Scope::All), proved))
                }
                _ => digits,
            };
            for digit in digits {
                let g = build(ctx, DigitSet::single(digit), scope);
                let proved = if sink.first { provable(&g) } else { None };
                if search(board, &g, sink, techniques, proved.as_deref()) {
                    return;
                }
            }
        }
        Scope::Bivalue => {
            search(
                board,
                &build(ctx, DigitSet::full(board.side()), scope),
                sink,
                techniques,
                None,
            );
        }
        Scope::All | Scope::Grouped | Scope::GroupedAls => {
            // Chains through cells, or through groups, then through almost locked sets
            // too (when all steps are wanted, the second search finds every chain of the
            // first).
            let first = sink.first;
            let proved = |scope| if first { ctx.provable(scope) } else { None };
            let stages: &[Scope] = match scope {
                Scope::All => &[Scope::All],
                _ if sink.first => &[Scope::Grouped, Scope::GroupedAls],
                _ => &[Scope::GroupedAls],
            };
            for &stage in stages {
                if search(board, ctx.graph(stage), sink, techniques, proved(stage)) {
                    return;
                }
            }
        }
    }
}

/// The digits of the nodes marked in `proved` (see [`provable`]).
pub(crate) fn proved_digits(g: &Graph, proved: &[bool]) -> DigitSet {
    proved
        .iter()
        .zip(&g.nodes)
        .filter(|(&p, _)| p)
        .map(|(_, node)| node.digit)
        .collect()
}

/// The shape `technique` reads a chain as.
fn shape_of(technique: Technique) -> Shape {
    match technique {
        Technique::ContinuousNiceLoop | Technique::GroupedContinuousNiceLoop => Shape::Continuous,
        Technique::DiscontinuousNiceLoop | Technique::GroupedDiscontinuousNiceLoop => {
            Shape::Discontinuous
        }
        _ => Shape::Open,
    }
}

/// The search state: for each state `2 * node + on`, its parent on the shortest path
/// from the start, valid where `stamp` holds the current start's number.
struct Search<'g> {
    g: &'g Graph,
    parent: Vec<u32>,
    stamp: Vec<u32>,
    round: u32,
    queue: Vec<usize>,
    /// `closes[node] == round`: the node is weakly linked to the start.
    closes: Vec<u32>,
}

impl Search<'_> {
    fn visited(&self, state: usize) -> bool {
        self.stamp[state] == self.round
    }

    /// Is `node` on the path from the start to `state`?
    fn on_path(&self, state: usize, node: usize) -> bool {
        let mut s = state;
        loop {
            if s / 2 == node {
                return true;
            }
            if self.parent[s] as usize == s {
                return false;
            }
            s = self.parent[s] as usize;
        }
    }

    /// The path of states from the start to `state`, or `None` if it repeats a node.
    fn path(&self, state: usize) -> Option<Vec<usize>> {
        let mut out = vec![state];
        let mut s = state;
        while self.parent[s] as usize != s {
            s = self.parent[s] as usize;
            out.push(s);
        }
        out.reverse();
        let mut nodes: Vec<usize> = out.iter().map(|s| s / 2).collect();
        let len = nodes.len();
        nodes.sort_unstable();
        nodes.dedup();
        // The end may be the start itself (a discontinuous loop); nothing else may repeat.
        (nodes.len() == len || (nodes.len() == len - 1 && out[0] / 2 == out[len - 1] / 2))
            .then_some(out)
    }
}

/// Breadth-first search from every node, both polarities. `true` when the sink is done.
///
/// With `proved` (when only the first step is wanted: the nodes the implications prove
/// something about, see [`provable`]), the search starts from those, and is skipped when
/// there are none.
fn search(
    board: &Board,
    g: &Graph,
    sink: &mut Sink,
    techniques: &[Technique],
    proved: Option<&[bool]>,
) -> bool {
    let n = g.nodes.len();
    let mut starts: Vec<usize> = (0..n).filter(|&i| !g.nodes[i].group()).collect();
    if let Some(provable) = proved {
        let (first, rest): (Vec<usize>, Vec<usize>) = starts.iter().partition(|&&i| provable[i]);
        if first.is_empty() {
            return false;
        }
        starts = first.into_iter().chain(rest).collect();
    }
    let both = techniques
        .iter()
        .any(|&t| shape_of(t) == Shape::Discontinuous);
    let mut s = Search {
        g,
        parent: vec![0; 2 * n],
        stamp: vec![0; 2 * n],
        round: 0,
        queue: Vec::with_capacity(2 * n),
        closes: vec![0; n],
    };
    for start in starts {
        // A discontinuous loop concludes on its start, which must be a single candidate;
        // every other shape starts from a node assumed false. Every chain with a single
        // candidate at one end is found from that end, so the search starts only from
        // single candidates.
        let polarities: &[bool] = if both { &[false, true] } else { &[false] };
        for &start_on in polarities {
            s.round += 1;
            for &j in &g.weak[start] {
                s.closes[j as usize] = s.round;
            }
            s.queue.clear();
            let first = 2 * start + start_on as usize;
            s.parent[first] = first as u32;
            s.stamp[first] = s.round;
            s.queue.push(first);
            let mut head = 0;
            while head < s.queue.len() {
                let state = s.queue[head];
                head += 1;
                let (node, on) = (state / 2, state % 2 == 1);
                let next = if on { &g.weak[node] } else { &g.strong[node] };
                for &m in next {
                    let t = 2 * m as usize + (!on) as usize;
                    // Keep paths simple: no node twice (but the start may close a loop).
                    if s.visited(t) || (m as usize != start && s.on_path(state, m as usize)) {
                        continue;
                    }
                    s.parent[t] = state as u32;
                    s.stamp[t] = s.round;
                    s.queue.push(t);
                    for &technique in techniques {
                        if let Some(step) = conclude(board, &s, start, start_on, t, technique) {
                            if sink.push(step) {
                                return true;
                            }
                        }
                    }
                }
            }
        }
    }
    false
}

/// The largest graphs (in states) whose implications are closed before searching.
const MAX_CLOSED_STATES: usize = 4096;

/// For each node, whether the implications prove something about it: "on" implies
/// "off" or the reverse, or one polarity implies some node both on and off. Every step
/// a chain search can find (on any scope but bivalue cells) removes or places a single
/// candidate X, and the chain read from X shows one of these, so when no node is marked
/// there is nothing to find. Only cell nodes (the starts) are marked. `None` for graphs
/// too large to close cheaply.
///
/// The implications form a directed graph on the states (`2 * node + on`: an "on" state
/// implies the "off" state of its weak links, an "off" state the "on" state of its
/// strong links). Links are symmetric, so the graph is skew-symmetric: u ⇒ v exactly
/// when ¬v ⇒ ¬u. Two consequences make the closure small:
///
/// - One polarity implying a node both ways (u ⇒ x, u ⇒ ¬x) implies the other polarity
///   (x ⇒ ¬u, so u ⇒ x ⇒ ¬u): a node is marked exactly when u ⇒ ¬u for one of its
///   polarities u.
/// - Tarjan's algorithm finishes the strongly connected components sinks first, and
///   u ⇒ ¬u needs ¬u's component to finish no later than u's. So of each node only
///   the polarity finished first (its *target*) can be implied by the other.
///
/// One pass gives each component, as it finishes, the bitset of the targets it reaches
/// (one bit per cell node: the components it reaches all finished before it).
pub(crate) fn provable(g: &Graph) -> Option<Vec<bool>> {
    let states = 2 * g.nodes.len();
    if states > MAX_CLOSED_STATES {
        return None;
    }
    // The reach sets as fixed arrays of the fewest words that hold a bit per cell node.
    let bits = g.nodes.iter().filter(|n| !n.group()).count();
    Some(match bits.div_ceil(64) {
        0..=1 => Closure::<1>::close(g),
        2 => Closure::<2>::close(g),
        3..=4 => Closure::<4>::close(g),
        5..=8 => Closure::<8>::close(g),
        9..=16 => Closure::<16>::close(g),
        _ => Closure::<32>::close(g),
    })
}

const NONE: u32 = u32::MAX;

/// Strongly connected components (Pearce's one-array form of Tarjan's algorithm,
/// iterative) over the implication graph, closing reachability; `W` words per reach
/// set (at least one bit per cell node: `MAX_CLOSED_STATES` / 2 / 64 at most).
///
/// The implications are read from the graph's links as they are: "on" (odd states)
/// implies its weak links off, "off" (even states) its strong links on.
///
/// `rindex` holds, for a state on the depth-first path or the stack, the smallest
/// visit number it reaches (0: not visited); once its component is done, the
/// component's number, counted down from `states`: always above every open state's
/// (there are fewer open states than numbers left), so one comparison tells an open
/// state from a done one.
struct Closure<'g, const W: usize> {
    g: &'g Graph,
    /// For each node, its bit in the reach sets (cell nodes only, else `NONE`).
    bit: Vec<u32>,
    rindex: Vec<u32>,
    /// The visit number of the next state.
    index: u32,
    stack: Vec<u32>,
    /// The depth-first path: each state, whether it is its component's root so far,
    /// and the position of its next implication and the end of its implications (in
    /// the weak or strong array, by its parity).
    calls: Vec<(u32, bool, u32, u32)>,
    /// For each component, in the order done, the targets it reaches.
    reach: Vec<[u64; W]>,
}

impl<'g, const W: usize> Closure<'g, W> {
    /// For each node of `g`, whether one polarity implies the other.
    fn close(g: &'g Graph) -> Vec<bool> {
        let states = 2 * g.nodes.len();
        let mut bits = 0;
        let bit = g
            .nodes
            .iter()
            .map(|n| {
                if n.group() {
                    return NONE;
                }
                bits += 1;
                bits - 1
            })
            .collect();
        let mut t = Closure::<W> {
            g,
            bit,
            rindex: vec![0; states],
            index: 1,
            stack: Vec::new(),
            calls: Vec::new(),
            reach: Vec::with_capacity(states),
        };
        for root in 0..states {
            if t.rindex[root] == 0 {
                t.run(root);
            }
        }
        (0..g.nodes.len()).map(|i| t.provable(i)).collect()
    }

    /// The links state `v` follows, and the polarity (0 or 1) of the states they imply.
    fn links(g: &'g Graph, v: usize) -> (&'g Links, u32) {
        if v % 2 == 1 {
            (&g.weak, 0)
        } else {
            (&g.strong, 1)
        }
    }

    fn enter(&mut self, v: usize) {
        self.rindex[v] = self.index;
        self.index += 1;
        let (links, _) = Self::links(self.g, v);
        self.calls
            .push((v as u32, true, links.start[v / 2], links.start[v / 2 + 1]));
    }

    fn run(&mut self, root: usize) {
        self.enter(root);
        'calls: while let Some(&(v, mut is_root, mut pos, end)) = self.calls.last() {
            let v = v as usize;
            let (links, on) = Self::links(self.g, v);
            let mut low = self.rindex[v];
            while pos < end {
                let w = (2 * links.to[pos as usize] + on) as usize;
                pos += 1;
                let rw = self.rindex[w];
                if rw == 0 {
                    self.rindex[v] = low;
                    let top = self.calls.last_mut().expect("a call");
                    (top.1, top.2) = (is_root, pos);
                    self.enter(w);
                    continue 'calls;
                }
                // Open (on the path or the stack) when below v: v reaches it. (Done
                // states are numbered above every open one.)
                is_root &= rw >= low;
                low = low.min(rw);
            }
            self.rindex[v] = low;
            self.calls.pop();
            if is_root {
                self.component(v);
            } else {
                self.stack.push(v as u32);
            }
            if let Some(top) = self.calls.last_mut() {
                // Back in the caller: what v reaches, it reaches.
                let u = top.0 as usize;
                if self.rindex[v] < self.rindex[u] {
                    self.rindex[u] = self.rindex[v];
                    top.1 = false;
                }
            }
        }
    }

    /// Makes a component of `v` and the states above it on the stack: numbers them, and
    /// gives it the targets among its states and those its links reach (the components
    /// they reach were all done before this one).
    fn component(&mut self, v: usize) {
        let states = self.rindex.len() as u32;
        // Numbered down from `states`: the k-th component done is `states - k`.
        let c = states - self.reach.len() as u32;
        let low = self.rindex[v];
        let mut first = self.stack.len();
        while first > 0 && self.rindex[self.stack[first - 1] as usize] >= low {
            first -= 1;
        }
        self.index -= (self.stack.len() - first) as u32 + 1;
        self.rindex[v] = c;
        for &w in &self.stack[first..] {
            self.rindex[w as usize] = c;
        }
        let mut this = [0u64; W];
        // Its own entry, empty while it is made: links inside the component add nothing.
        self.reach.push([0; W]);
        let members = std::iter::once(v as u32).chain(self.stack[first..].iter().copied());
        for w in members {
            let w = w as usize;
            // The target of its node: the other polarity is not done yet (or in this
            // component).
            let bit = self.bit[w / 2];
            if bit != NONE && self.rindex[w ^ 1] <= c {
                this[bit as usize / 64] |= 1 << (bit % 64);
            }
            let (links, on) = Self::links(self.g, w);
            for &m in &links[w / 2] {
                let done = &self.reach[(states - self.rindex[(2 * m + on) as usize]) as usize];
                for k in 0..W {
                    this[k] |= done[k];
                }
            }
        }
        self.stack.truncate(first);
        *self.reach.last_mut().expect("its entry") = this;
    }

    /// Does one polarity of `node` (a cell node) imply the other?
    fn provable(&self, node: usize) -> bool {
        let bit = self.bit[node];
        if bit == NONE {
            return false;
        }
        let (off, on) = (self.rindex[2 * node], self.rindex[2 * node + 1]);
        // The polarity done last (the lower number) is the only one that can imply the
        // other.
        let reach = &self.reach[(self.rindex.len() as u32 - off.min(on)) as usize];
        off == on || reach[bit as usize / 64] >> (bit % 64) & 1 != 0
    }
}

/// What reaching `state` from the start proves, as a step of `technique` if it is one.
fn conclude(
    board: &Board,
    s: &Search,
    start: usize,
    start_on: bool,
    state: usize,
    technique: Technique,
) -> Option<Step> {
    let g = s.g;
    let (end, end_on) = (state / 2, state % 2 == 1);
    let wanted = shape_of(technique);
    let (a, b) = (&g.nodes[start], &g.nodes[end]);
    // Same polarities at both ends close a discontinuous loop when the ends are linked:
    // start on ⇒ end on, conflicting with the start: the start is false; start off ⇒
    // end off, strongly linked to the start: the start is true.
    if end_on == start_on {
        let linked = if start_on {
            s.closes[end] == s.round
        } else {
            g.strong[start].binary_search(&(end as u32)).is_ok()
        };
        if wanted != Shape::Discontinuous || !linked || a.group() {
            return None;
        }
        let states = s.path(state)?;
        if states.len() < 3 || classify(board, g, &states, Shape::Discontinuous) != technique {
            return None;
        }
        let gone = start_true_or_false(board, a, start_on);
        return Some(Step::eliminating(
            technique,
            gone,
            Pattern::Chain(to_chain(g, &states, false)),
        ));
    }
    let (kind, mut gone) = if end == start {
        // A loop back to the start: off ⇒ on means on; on ⇒ off means off.
        if a.group() || wanted != Shape::Discontinuous {
            return None;
        }
        (
            Shape::Discontinuous,
            start_true_or_false(board, a, start_on),
        )
    } else if start_on {
        return None;
    } else if wanted == Shape::Continuous {
        // start off ⇒ ... ⇒ end on, and end on ⇒ start off closes the loop.
        if s.closes[end] != s.round {
            return None;
        }
        (Shape::Continuous, Vec::new())
    } else {
        // Either the start or the end is true.
        let kind = if !a.group() && !b.group() && a.first == b.first {
            Shape::Discontinuous
        } else {
            Shape::Open
        };
        if kind != wanted {
            return None;
        }
        let gone = either_true(board, g, start, end);
        if gone.is_empty() && technique != Technique::RemotePair {
            return None;
        }
        (kind, gone)
    };
    let states = s.path(state)?;
    if kind == Shape::Continuous {
        if states.len() < 4 {
            return None;
        }
        gone = loop_eliminations(board, g, &states);
    }
    if classify(board, g, &states, kind) != technique {
        return None;
    }
    if technique == Technique::RemotePair {
        gone = remote_pair_eliminations(board, g, &states);
    }
    if gone.is_empty() {
        return None;
    }
    Some(Step::eliminating(
        technique,
        gone,
        Pattern::Chain(to_chain(g, &states, kind == Shape::Continuous)),
    ))
}

/// The start proved false (`on`: assuming it true led to a contradiction) or true
/// (its cell's other candidates go, HoDoKu's form).
fn start_true_or_false(board: &Board, a: &GNode, on: bool) -> Vec<(Cell, Digit)> {
    if on {
        vec![(a.first, a.digit)]
    } else {
        board
            .candidates(a.first)
            .iter()
            .filter(|&d| d != a.digit)
            .map(|d| (a.first, d))
            .collect()
    }
}

#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum Shape {
    Open,
    Continuous,
    Discontinuous,
}

/// Eliminations when one of nodes `i` and `j` is true.
fn either_true(board: &Board, g: &Graph, i: usize, j: usize) -> Vec<(Cell, Digit)> {
    let (a, b) = (&g.nodes[i], &g.nodes[j]);
    if a.digit == b.digit {
        return super::with_digit(&g.sees(board, i).and(&g.sees(board, j)), a.digit);
    }
    if a.group() || b.group() {
        return Vec::new();
    }
    let layout = board.layout();
    if a.first == b.first {
        let keep: DigitSet = [a.digit, b.digit].into_iter().collect();
        return board
            .candidates(a.first)
            .without(keep)
            .iter()
            .map(|d| (a.first, d))
            .collect();
    }
    if !layout.peer_set(a.first).contains(b.first) {
        return Vec::new();
    }
    let mut out = Vec::new();
    if board.has(a.first, b.digit) {
        out.push((a.first, b.digit));
    }
    if board.has(b.first, a.digit) {
        out.push((b.first, a.digit));
    }
    out
}

/// Eliminations of a continuous loop: every weak link of it (including the closing one)
/// removes its digit from cells seeing both ends, or, within a cell, the cell's others.
fn loop_eliminations(board: &Board, g: &Graph, states: &[usize]) -> Vec<(Cell, Digit)> {
    let nodes: Vec<usize> = states.iter().map(|s| s / 2).collect();
    let in_loop: CellSet = nodes.iter().fold(CellSet::EMPTY, |s, &i| s.or(&g.cells(i)));
    let mut out = Vec::new();
    let k = nodes.len();
    for i in 0..k {
        let (a, b) = (&g.nodes[nodes[i]], &g.nodes[nodes[(i + 1) % k]]);
        // Links leaving an "on" state are weak; the closing link (last → first) is weak.
        let weak = states[i] % 2 == 1 || i == k - 1;
        let forced = forcing(a, b).filter(|&(set, entry, forced)| {
            !weak && forces(board, g.sets[set], entry, forced.first, forced.digit)
        });
        if let Some((set, entry, forced)) = forced {
            // Through a set into the candidate it forces: the set lacks its entry digit
            // or the cell holds one of its others, which the set lacks then. So the set
            // holds every digit but those, and each other digit of the cell is in the set
            // or in the cell.
            let (cells, digits) = g.sets[set];
            let others = board
                .candidates(forced.first)
                .without(DigitSet::single(forced.digit));
            for z in digits.without(others).without(DigitSet::single(entry)) {
                out.extend(locked_out(board, &cells, z).iter().map(|c| (c, z)));
            }
            for y in others {
                let places = cells
                    .and(board.cells_with(y))
                    .or(&CellSet::single(forced.first));
                let seen = seen_by_all(board, &places)
                    .and(board.cells_with(y))
                    .without(&in_loop);
                out.extend(seen.iter().map(|c| (c, y)));
            }
        } else if let Some(set) = a
            .set()
            .filter(|&s| b.set() == Some(s) && a.digit != b.digit)
        {
            // Through an almost locked set: one of the two digits is missing, so the set
            // holds each of its other digits, which leave cells seeing all their places.
            let (cells, digits) = g.sets[set];
            let keep: DigitSet = [a.digit, b.digit].into_iter().collect();
            for z in digits.without(keep) {
                out.extend(locked_out(board, &cells, z).iter().map(|c| (c, z)));
            }
        } else if !weak {
            continue;
        } else if a.digit == b.digit {
            let both = g.cells(nodes[i]).or(&g.cells(nodes[(i + 1) % k]));
            let seen = seen_by_all(board, &both)
                .and(board.cells_with(a.digit))
                .without(&in_loop);
            out.extend(seen.iter().map(|c| (c, a.digit)));
        } else if !a.group() && !b.group() && a.first == b.first {
            let keep: DigitSet = [a.digit, b.digit].into_iter().collect();
            out.extend(
                board
                    .candidates(a.first)
                    .without(keep)
                    .iter()
                    .map(|d| (a.first, d)),
            );
        }
    }
    out
}

/// The set, its entry digit and the cell node, when consecutive loop nodes `a` and `b`
/// (either way round) are an almost locked set's node and a cell node: over a strong
/// link, a forcing if [`forces`] says so (a set's node also has the strong links of a
/// house where a cell holds the digit's only other place).
fn forcing<'n>(a: &'n GNode, b: &'n GNode) -> Option<(usize, Digit, &'n GNode)> {
    match (a.set(), b.set()) {
        (Some(s), None) if !b.group() => Some((s, a.digit, b)),
        (None, Some(s)) if !a.group() => Some((s, b.digit, a)),
        _ => None,
    }
}

/// Remote pair: a chain of bivalue cells with the same two digits, alternating along
/// the chain; cells seeing two chain cells an odd number of steps apart (one holds each
/// digit) lose both digits.
fn remote_pair_eliminations(board: &Board, g: &Graph, states: &[usize]) -> Vec<(Cell, Digit)> {
    let layout = board.layout();
    let mut cells: Vec<Cell> = states.iter().map(|s| g.nodes[s / 2].first).collect();
    cells.dedup();
    let digits = board.candidates(cells[0]);
    let chain_set: CellSet = cells.iter().collect();
    let mut out = Vec::new();
    for i in 0..cells.len() {
        for j in (i + 1..cells.len()).step_by(2) {
            let seen = layout
                .peer_set(cells[i])
                .and(layout.peer_set(cells[j]))
                .without(&chain_set);
            for d in digits {
                out.extend(seen.and(board.cells_with(d)).iter().map(|c| (c, d)));
            }
        }
    }
    out
}

fn to_chain(g: &Graph, states: &[usize], closed: bool) -> Chain {
    let nodes: Vec<Node> = states
        .iter()
        .map(|&s| Node {
            digit: g.nodes[s / 2].digit,
            cells: g.cells(s / 2).iter().collect(),
            set: g.nodes[s / 2]
                .set()
                .map_or_else(Vec::new, |k| g.sets[k].0.iter().collect()),
        })
        .collect();
    // A link leaving an "off" state is strong, one leaving an "on" state weak.
    let mut strong: Vec<bool> = states.windows(2).map(|w| w[0] % 2 == 0).collect();
    if closed {
        strong.push(false);
    }
    Chain {
        nodes,
        strong,
        closed,
    }
}

/// The technique a chain of this shape is.
fn classify(board: &Board, g: &Graph, states: &[usize], shape: Shape) -> Technique {
    let nodes: Vec<&GNode> = states.iter().map(|s| &g.nodes[s / 2]).collect();
    let grouped = nodes.iter().any(|n| n.group());
    let one_digit = nodes.iter().all(|n| n.digit == nodes[0].digit);
    let bivalue = nodes
        .iter()
        .all(|n| !n.group() && board.candidates(n.first).len() == 2);
    let strong_in_cells = states
        .windows(2)
        .all(|w| w[0] % 2 == 1 || g.nodes[w[0] / 2].first == g.nodes[w[1] / 2].first);
    match shape {
        Shape::Open if !grouped && one_digit => Technique::XChain,
        Shape::Open
            if bivalue && strong_in_cells && nodes[0].digit == nodes[nodes.len() - 1].digit =>
        {
            let pair = board.candidates(nodes[0].first);
            if nodes.iter().all(|n| board.candidates(n.first) == pair) && nodes.len() >= 8 {
                Technique::RemotePair
            } else {
                Technique::XyChain
            }
        }
        Shape::Open if grouped => Technique::GroupedAic,
        Shape::Open => Technique::Aic,
        Shape::Continuous if grouped => Technique::GroupedContinuousNiceLoop,
        Shape::Continuous => Technique::ContinuousNiceLoop,
        Shape::Discontinuous if grouped => Technique::GroupedDiscontinuousNiceLoop,
        Shape::Discontinuous => Technique::DiscontinuousNiceLoop,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use sudokit_core::Grid;

    /// A graph's nodes (digit and cells) and both link lists, to compare graphs.
    type Shape = (Vec<(Digit, CellSet)>, Vec<Vec<u32>>, Vec<Vec<u32>>);

    fn shape(g: &Graph) -> Shape {
        let n = g.nodes.len();
        (
            (0..n).map(|i| (g.nodes[i].digit, g.cells(i))).collect(),
            (0..n).map(|i| g.weak[i].to_vec()).collect(),
            (0..n).map(|i| g.strong[i].to_vec()).collect(),
        )
    }

    #[test]
    fn extended_graphs_are_the_graphs_built_whole() {
        // Hard puzzles (magictour top1465), where groups and sets make many links.
        for line in [
            "4...3.......6..8..........1....5..9..8....6...7.2........1.27..5.3....4.9........",
            "7.8...3.....2.1...5.........4.....263...8.......1...9..9.6....4....7.5...........",
            "7.5.....2...4.1...3.........1.6..4..2...5...........9....37.....8....6...9.....8.",
        ] {
            let board = Board::new(&Grid::from_line(line).expect("a puzzle"), None);
            let ctx = Context::new(&board);
            let all = DigitSet::full(9);
            let grouped = extend(&ctx, &build(&ctx, all, Scope::All), all, Scope::Grouped);
            assert_eq!(shape(&grouped), shape(&build(&ctx, all, Scope::Grouped)));
            let sets = extend(&ctx, &grouped, all, Scope::GroupedAls);
            let whole = build(&ctx, all, Scope::GroupedAls);
            assert!(whole.nodes.len() > grouped.nodes.len());
            assert_eq!(shape(&sets), shape(&whole));
        }
    }
}
