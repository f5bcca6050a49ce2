//! The chain graph: candidates (and groups, and almost locked sets' digits) as nodes,
//! with the strong links (not both false) and weak links (not both true) between them.
//! Built by [`build`], or grown from the graph of the scope below by [`extend`]; the
//! links themselves are found in `link.rs`.
//!
//! Groups are the cells of a digit where a line meets a box, acting as one node; an
//! almost locked set (N cells, N + 1 digits) gives one node per digit ("the set holds
//! it"): two digits of a set are strongly linked (it lacks at most one), and a digit is
//! strongly linked to a candidate the set forces without it (HoDoKu's ALS forcing).

use sudokit_core::{Cell, Cells, Digit, DigitSet};

use super::als::Set;
use super::link::link;
use super::links::Links;
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

/// Marks a node that is not a group (`extent`) or not in a set (`set`).
pub(crate) const NONE: u32 = u32::MAX;

/// The largest almost locked sets used as chain nodes.
pub(crate) const MAX_ALS_CELLS: usize = 5;

/// A node of the graph: a digit on one cell or on a group (a line-box intersection's
/// cells holding the digit, or an almost locked set's). Small, so that the graph's
/// walks over nodes stay in cache: a group's cell sets are kept apart (`extent`).
#[derive(Clone, Copy, Debug)]
pub(crate) struct GNode {
    pub digit: Digit,
    pub first: Cell,
    /// The number of cells (most nodes have one, and their set tests are bit tests).
    pub size: u32,
    /// For a group, its cell sets (index into `Graph::extents`); `NONE` for a cell.
    pub extent: u32,
    /// The almost locked set the node belongs to (index into `Graph::sets`), or `NONE`.
    pub set: u32,
}

/// The cell sets of a group node. (What it sees, its peers holding its digit, is not
/// kept: one `and` away, and the graph with sets has hundreds of groups to copy.)
#[derive(Clone, Debug)]
pub(crate) struct Extent<const W: usize> {
    pub cells: Cells<W>,
    /// The cells seeing every cell of the node.
    pub peers: Cells<W>,
}

impl GNode {
    pub fn group(&self) -> bool {
        self.extent != NONE
    }

    pub fn set(&self) -> Option<usize> {
        (self.set != NONE).then_some(self.set as usize)
    }
}

/// Links in one array: those of node `i` are `to[start[i]..start[i + 1]]`, sorted.

#[derive(Default)]
pub(crate) struct Graph<const W: usize> {
    pub nodes: Vec<GNode>,
    /// The cell sets of the group nodes.
    pub extents: Vec<Extent<W>>,
    pub strong: Links,
    pub weak: Links,
    /// The almost locked sets used as nodes: their cells and digits.
    pub sets: Vec<(Cells<W>, DigitSet)>,
}

impl<const W: usize> Graph<W> {
    /// Node `i`'s cells.
    pub fn cells(&self, i: usize) -> Cells<W> {
        match self.nodes[i].extent {
            NONE => Cells::single(self.nodes[i].first),
            e => self.extents[e as usize].cells,
        }
    }

    /// Are all of node `i`'s cells in `set`?
    pub fn within(&self, i: usize, set: &Cells<W>) -> bool {
        match self.nodes[i].extent {
            NONE => set.contains(self.nodes[i].first),
            e => self.extents[e as usize].cells.is_subset(set),
        }
    }

    /// The cells seeing every cell of node `i`.
    pub fn peers<'a>(&'a self, board: &'a Board<W>, i: usize) -> &'a Cells<W> {
        match self.nodes[i].extent {
            NONE => board.peer_set(self.nodes[i].first),
            e => &self.extents[e as usize].peers,
        }
    }

    /// The cells holding node `i`'s digit and seeing every cell of it: what the node
    /// being true removes the digit from.
    pub fn sees(&self, board: &Board<W>, i: usize) -> Cells<W> {
        self.peers(board, i)
            .and(board.cells_with(self.nodes[i].digit))
    }

    /// Does cell `c` hold node `i`'s digit and see every cell of it?
    pub fn sees_cell(&self, board: &Board<W>, i: usize, c: Cell) -> bool {
        board.has(c, self.nodes[i].digit) && self.peers(board, i).contains(c)
    }

    pub fn push_cell(&mut self, digit: Digit, cell: Cell) {
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
    pub fn push_group(
        &mut self,
        digit: Digit,
        cells: Cells<W>,
        peers: Cells<W>,
        set: Option<usize>,
    ) {
        self.nodes.push(GNode {
            digit,
            first: cells.first().expect("a node has cells"),
            size: cells.len() as u32,
            extent: self.extents.len() as u32,
            set: set.map_or(NONE, |s| s as u32),
        });
        self.extents.push(Extent { cells, peers });
    }
}

/// The graph of `scope` over `digits`.
pub(crate) fn build<const W: usize>(
    board: &Board<W>,
    sets: &[Set<W>],
    digits: DigitSet,
    scope: Scope,
) -> Graph<W> {
    let mut g = Graph::default();
    let in_cell = push_cells(&mut g, board, digits, scope);
    if scope >= Scope::Grouped {
        push_groups(&mut g, board, digits);
    }
    let als_nodes = if scope == Scope::GroupedAls {
        push_als(&mut g, board, sets, digits)
    } else {
        Vec::new()
    };
    link(&mut g, board, None, &in_cell, &als_nodes, scope);
    g
}

/// The graph of `scope` (grouped, or grouped with almost locked sets) from `prev`, the
/// graph of the scope below (every candidate, or grouped): its nodes come first in
/// both, and links between them are the same, so only the new nodes' links are
/// searched. The result is the graph [`build`] gives.
pub(crate) fn extend<const W: usize>(
    board: &Board<W>,
    sets: &[Set<W>],
    prev: &Graph<W>,
    digits: DigitSet,
    scope: Scope,
) -> Graph<W> {
    // Room for the new nodes (and sets) from the start: growing the vectors would copy
    // the group cell sets (two `CellSet`s a node) several times over. (Counting the
    // groups first costs what it saves.)
    let (extra, extra_sets) = match scope {
        Scope::GroupedAls => sets
            .iter()
            .filter(|s| (2..=MAX_ALS_CELLS).contains(&s.cells.len()))
            .fold((0, 0), |(n, k), s| (n + s.digits.len(), k + 1)),
        _ => (0, 0),
    };
    let mut g = Graph {
        nodes: with_room(&prev.nodes, extra),
        extents: with_room(&prev.extents, extra),
        sets: with_room(&prev.sets, extra_sets),
        ..Graph::default()
    };
    let als_nodes = match scope {
        Scope::GroupedAls => push_als(&mut g, board, sets, digits),
        _ => {
            push_groups(&mut g, board, digits);
            Vec::new()
        }
    };
    link(&mut g, board, Some(prev), &[], &als_nodes, scope);
    g
}

/// A copy of `items` with room for `extra` more.
fn with_room<T: Clone>(items: &[T], extra: usize) -> Vec<T> {
    let mut out = Vec::with_capacity(items.len() + extra);
    out.extend_from_slice(items);
    out
}

/// Pushes a node per candidate of `digits` (bivalue cells only for that scope); returns
/// each cell's nodes as a range of indices.
fn push_cells<const W: usize>(
    g: &mut Graph<W>,
    board: &Board<W>,
    digits: DigitSet,
    scope: Scope,
) -> Vec<(u32, u32)> {
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
fn push_groups<const W: usize>(g: &mut Graph<W>, board: &Board<W>, digits: DigitSet) {
    for x in board.layout().intersections() {
        let common: Cells<W> = x.common.iter().collect();
        for digit in digits {
            let cells = board.cells_with(digit).and(&common);
            if cells.len() >= 2 {
                g.push_group(digit, cells, super::link::seen_by_all(board, &cells), None);
            }
        }
    }
}

/// Pushes almost locked sets as nodes: one per digit, on the set's cells holding it. If
/// a digit is absent the set is locked and holds each other digit: strong links.
/// Returns each set's nodes as a range of indices.
fn push_als<const W: usize>(
    g: &mut Graph<W>,
    board: &Board<W>,
    sets: &[Set<W>],
    digits: DigitSet,
) -> Vec<(usize, usize)> {
    let mut als_nodes = Vec::new();
    for set in sets
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
            g.push_group(digit, cells, peers, Some(g.sets.len()));
        }
        als_nodes.push((first, g.nodes.len()));
        g.sets.push((set.cells, set.digits));
    }
    als_nodes
}

/// The digits of the nodes marked in `proved` (see [`provable`]).
pub(crate) fn proved_digits<const W: usize>(g: &Graph<W>, proved: &[bool]) -> DigitSet {
    proved
        .iter()
        .zip(&g.nodes)
        .filter(|(&p, _)| p)
        .map(|(_, node)| node.digit)
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::analysis::samples::{board_and_sets, HARD};
    use crate::board::NARROW;

    /// A graph's nodes (digit and cells) and both link lists, to compare graphs.
    type Shape = (Vec<(Digit, Cells<NARROW>)>, Vec<Vec<u32>>, Vec<Vec<u32>>);

    fn shape(g: &Graph<NARROW>) -> Shape {
        let n = g.nodes.len();
        (
            (0..n).map(|i| (g.nodes[i].digit, g.cells(i))).collect(),
            (0..n).map(|i| g.weak[i].to_vec()).collect(),
            (0..n).map(|i| g.strong[i].to_vec()).collect(),
        )
    }

    #[test]
    fn extended_graphs_are_the_graphs_built_whole() {
        // Hard puzzles, where groups and sets make many links.
        for line in HARD {
            let (board, sets) = board_and_sets(line);
            let all = DigitSet::full(9);
            let cells = build(&board, &[], all, Scope::All);
            let grouped = extend(&board, &[], &cells, all, Scope::Grouped);
            assert_eq!(
                shape(&grouped),
                shape(&build(&board, &[], all, Scope::Grouped))
            );
            let with_sets = extend(&board, &sets, &grouped, all, Scope::GroupedAls);
            let whole = build(&board, &sets, all, Scope::GroupedAls);
            assert!(whole.nodes.len() > grouped.nodes.len());
            assert_eq!(shape(&with_sets), shape(&whole));
        }
    }
}
