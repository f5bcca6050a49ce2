//! The search: breadth-first from every node over the states "node off" and "node on",
//! so each conclusion comes with its shortest chain.

use super::conclude::conclude;
use super::conclude::{shape_of, Shape};
use crate::analysis::graph::Graph;
use crate::technique::Technique;
use crate::techniques::Sink;
use crate::Board;

/// from the start, valid where `stamp` holds the current start's number.
pub(super) struct Search<'g, const W: usize> {
    pub g: &'g Graph<W>,
    pub parent: Vec<u32>,
    pub stamp: Vec<u32>,
    pub round: u32,
    pub queue: Vec<usize>,
    /// `closes[node] == round`: the node is weakly linked to the start.
    pub closes: Vec<u32>,
}

impl<const W: usize> Search<'_, W> {
    fn visited(&self, state: usize) -> bool {
        self.stamp[state] == self.round
    }

    /// Is `node` on the path from the start to `state`? (Only if one of its states has
    /// been visited: the path's states all have.)
    fn on_path(&self, state: usize, node: usize) -> bool {
        if !self.visited(2 * node) && !self.visited(2 * node + 1) {
            return false;
        }
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
    pub fn path(&self, state: usize) -> Option<Vec<usize>> {
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
pub(super) fn search<const W: usize>(
    board: &Board<W>,
    g: &Graph<W>,
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
    search_from(board, g, sink, techniques, starts)
}

/// [`search`] from `starts`, in order (single candidates).
///
/// One function of about 60 lines, on purpose: the breadth-first loop, its visit stamps
/// and its early return on the sink are the hot path of rating, and split apart they
/// would pass the search state back and forth for nothing.
pub(super) fn search_from<const W: usize>(
    board: &Board<W>,
    g: &Graph<W>,
    sink: &mut Sink,
    techniques: &[Technique],
    starts: impl IntoIterator<Item = usize>,
) -> bool {
    let n = g.nodes.len();
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
