//! What a chain found by the search proves, and which technique it is.

use sudokit_core::{Cell, Cells, Digit, DigitSet};

use super::search::Search;
use crate::analysis::graph::{GNode, Graph};
use crate::analysis::link::{forces, locked_out, seen_by_all};
use crate::step::{Chain, Node, Pattern, Step};
use crate::technique::Technique;
use crate::Board;

/// What the chain from `start` (on or off) to `state` proves, read as `technique`: a
/// step, or `None` when it is not that technique's shape or removes nothing.
pub(super) fn conclude<const W: usize>(
    board: &Board<W>,
    s: &Search<W>,
    start: usize,
    start_on: bool,
    state: usize,
    technique: Technique,
) -> Option<Step> {
    let g = s.g;
    let (end, end_on) = (state / 2, state % 2 == 1);
    let wanted = shape_of(technique);
    let (a, b) = (&g.nodes[start], &g.nodes[end]);
    if end_on == start_on {
        return closed_by_a_link(board, s, start, start_on, state, technique);
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

/// Same polarities at both ends close a discontinuous loop when the ends are linked:
/// start on ⇒ end on, conflicting with the start: the start is false; start off ⇒ end
/// off, strongly linked to the start: the start is true.
fn closed_by_a_link<const W: usize>(
    board: &Board<W>,
    s: &Search<W>,
    start: usize,
    start_on: bool,
    state: usize,
    technique: Technique,
) -> Option<Step> {
    let (g, end) = (s.g, state / 2);
    let a = &g.nodes[start];
    if shape_of(technique) != Shape::Discontinuous || a.group() {
        return None;
    }
    let linked = if start_on {
        s.closes[end] == s.round
    } else {
        g.strong[start].binary_search(&(end as u32)).is_ok()
    };
    if !linked {
        return None;
    }
    let states = s.path(state)?;
    if states.len() < 3 || classify(board, g, &states, Shape::Discontinuous) != technique {
        return None;
    }
    let gone = start_true_or_false(board, a, start_on);
    Some(Step::eliminating(
        technique,
        gone,
        Pattern::Chain(to_chain(g, &states, false)),
    ))
}

/// The start proved false (`on`: assuming it true led to a contradiction) or true
/// (its cell's other candidates go, HoDoKu's form).
fn start_true_or_false<const W: usize>(
    board: &Board<W>,
    a: &GNode,
    on: bool,
) -> Vec<(Cell, Digit)> {
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

/// Eliminations when one of nodes `i` and `j` is true.
fn either_true<const W: usize>(
    board: &Board<W>,
    g: &Graph<W>,
    i: usize,
    j: usize,
) -> Vec<(Cell, Digit)> {
    let (a, b) = (&g.nodes[i], &g.nodes[j]);
    if a.digit == b.digit {
        return crate::techniques::with_digit(&g.sees(board, i).and(&g.sees(board, j)), a.digit);
    }
    if a.group() || b.group() {
        return Vec::new();
    }
    if a.first == b.first {
        let keep: DigitSet = [a.digit, b.digit].into_iter().collect();
        return board
            .candidates(a.first)
            .without(keep)
            .iter()
            .map(|d| (a.first, d))
            .collect();
    }
    if !board.peer_set(a.first).contains(b.first) {
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

/// Through set (`cells`, `digits`) into the candidate `forced` it forces: the set lacks
/// its `entry` digit or the cell holds one of its others, which the set lacks then. So
/// the set holds every digit but those, and each other digit of the cell is in the set
/// or in the cell: those digits go from the cells seeing all their places (outside the
/// loop's cells `in_loop`).
fn forced_eliminations<const W: usize>(
    board: &Board<W>,
    (cells, digits): (Cells<W>, DigitSet),
    entry: Digit,
    forced: &GNode,
    in_loop: &Cells<W>,
    out: &mut Vec<(Cell, Digit)>,
) {
    let others = board
        .candidates(forced.first)
        .without(DigitSet::single(forced.digit));
    for z in digits.without(others).without(DigitSet::single(entry)) {
        out.extend(locked_out(board, &cells, z).iter().map(|c| (c, z)));
    }
    for y in others {
        let places = cells
            .and(board.cells_with(y))
            .or(&Cells::single(forced.first));
        let seen = seen_by_all(board, &places)
            .and(board.cells_with(y))
            .without(in_loop);
        out.extend(seen.iter().map(|c| (c, y)));
    }
}

/// Eliminations of a continuous loop: every weak link of it (including the closing one)
/// removes its digit from cells seeing both ends, or, within a cell, the cell's others.
fn loop_eliminations<const W: usize>(
    board: &Board<W>,
    g: &Graph<W>,
    states: &[usize],
) -> Vec<(Cell, Digit)> {
    let nodes: Vec<usize> = states.iter().map(|s| s / 2).collect();
    let in_loop: Cells<W> = nodes.iter().fold(Cells::EMPTY, |s, &i| s.or(&g.cells(i)));
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
            forced_eliminations(board, g.sets[set], entry, forced, &in_loop, &mut out);
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
fn remote_pair_eliminations<const W: usize>(
    board: &Board<W>,
    g: &Graph<W>,
    states: &[usize],
) -> Vec<(Cell, Digit)> {
    let mut cells: Vec<Cell> = states.iter().map(|s| g.nodes[s / 2].first).collect();
    cells.dedup();
    let digits = board.candidates(cells[0]);
    let chain_set: Cells<W> = cells.iter().collect();
    let mut out = Vec::new();
    for i in 0..cells.len() {
        for j in (i + 1..cells.len()).step_by(2) {
            let seen = board
                .peer_set(cells[i])
                .and(board.peer_set(cells[j]))
                .without(&chain_set);
            for d in digits {
                out.extend(seen.and(board.cells_with(d)).iter().map(|c| (c, d)));
            }
        }
    }
    out
}

fn to_chain<const W: usize>(g: &Graph<W>, states: &[usize], closed: bool) -> Chain {
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
fn classify<const W: usize>(
    board: &Board<W>,
    g: &Graph<W>,
    states: &[usize],
    shape: Shape,
) -> Technique {
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

/// The shape `technique` reads a chain as.
pub(super) fn shape_of(technique: Technique) -> Shape {
    match technique {
        Technique::ContinuousNiceLoop | Technique::GroupedContinuousNiceLoop => Shape::Continuous,
        Technique::DiscontinuousNiceLoop | Technique::GroupedDiscontinuousNiceLoop => {
            Shape::Discontinuous
        }
        _ => Shape::Open,
    }
}

/// How a chain closes: open (an AIC), a continuous loop, a discontinuous one.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(super) enum Shape {
    Open,
    Continuous,
    Discontinuous,
}
