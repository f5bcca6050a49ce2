//! What the implications of a chain graph prove: for each cell node, whether one of its
//! polarities implies the other (see [`provable`]).

use super::graph::{Graph, NONE};
use super::links::Links;

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
pub(crate) fn provable<const W: usize>(g: &Graph<W>) -> Option<Vec<bool>> {
    close(g, Until::All)
}

/// The first cell node, in index order, that [`provable`] marks (`Some(None)`: none;
/// `None` for graphs too large to close cheaply). The closure stops as soon as it is
/// known: the roots of the depth-first search go in state order, so once both states of
/// node i have been roots, nodes 0..=i are decided. (On the graphs with sets of magictour
/// top1465, a fifth of the closure's work comes after the first provable node.)
pub(crate) fn first_provable<const W: usize>(g: &Graph<W>) -> Option<Option<usize>> {
    close(g, Until::First).map(|marks| marks.iter().position(|&p| p))
}

/// How far to close.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Until {
    All,
    First,
}

/// The marks of [`provable`], of every node, or `until` the first marked one (then the
/// marks end with it), with reach sets as fixed arrays of the fewest words that hold a
/// bit per cell node.
fn close<const W: usize>(g: &Graph<W>, until: Until) -> Option<Vec<bool>> {
    let states = 2 * g.nodes.len();
    if states > MAX_CLOSED_STATES {
        return None;
    }
    let bits = g.nodes.iter().filter(|n| !n.group()).count();
    Some(match bits.div_ceil(64) {
        0..=1 => Closure::<W, 1>::close(g, until),
        2 => Closure::<W, 2>::close(g, until),
        3 => Closure::<W, 3>::close(g, until),
        4 => Closure::<W, 4>::close(g, until),
        5 => Closure::<W, 5>::close(g, until),
        6 => Closure::<W, 6>::close(g, until),
        7..=8 => Closure::<W, 8>::close(g, until),
        9..=16 => Closure::<W, 16>::close(g, until),
        _ => Closure::<W, 32>::close(g, until),
    })
}

/// Strongly connected components (Pearce's one-array form of Tarjan's algorithm,
/// iterative) over the implication graph, closing reachability in the same pass; `R`
/// words per reach set (at least one bit per cell node: `MAX_CLOSED_STATES` / 2 / 64 at
/// most).
///
/// The implications are read from the graph's links as they are: "on" (odd states)
/// implies its weak links off, "off" (even states) its strong links on.
///
/// `rindex` holds, for a state on the depth-first path or the stack, the smallest
/// visit number it reaches (0: not visited); once its component is done, the
/// component's number, counted down from `states`: always at or above `index`, the
/// next visit number (there are fewer open states than numbers left), so one
/// comparison tells an open state from a done one.
///
/// Each link is read once. A call on the path gathers what the done components it
/// links to reach, and what its children gather: a child that is not a component's
/// root is in its caller's component (the path from the root to it stays in it), so
/// when a root's component is made, the root's call holds what the whole component
/// links to.
struct Closure<'g, const W: usize, const R: usize> {
    g: &'g Graph<W>,
    /// For each node, its bit in the reach sets (cell nodes only, else `NONE`).
    bit: Vec<u32>,
    rindex: Vec<u32>,
    /// The visit number of the next state.
    index: u32,
    stack: Vec<u32>,
    /// The depth-first path (see [`Call`]).
    calls: Vec<Call<R>>,
    /// For each component, in the order done, the targets it reaches.
    reach: Vec<[u64; R]>,
}

/// A state on the depth-first path.
struct Call<const R: usize> {
    state: u32,
    /// Is it its component's root, so far?
    is_root: bool,
    /// The position of its next implication, and the end of its implications (in the
    /// weak or strong array, by its parity).
    pos: u32,
    end: u32,
    /// The targets reached by the done components it links to, and by its children's.
    gathered: [u64; R],
}

impl<'g, const W: usize, const R: usize> Closure<'g, W, R> {
    /// For each node of `g` in order, whether one polarity implies the other, `until`
    /// the first that does if so asked.
    fn close(g: &'g Graph<W>, until: Until) -> Vec<bool> {
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
        let mut t = Closure::<W, R> {
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
            // Both states of node root / 2 have been roots: it is decided.
            if until == Until::First && root % 2 == 1 && t.provable(root / 2) {
                return (0..=root / 2).map(|i| t.provable(i)).collect();
            }
        }
        (0..g.nodes.len()).map(|i| t.provable(i)).collect()
    }

    /// The links state `v` follows, and the polarity (0 or 1) of the states they imply.
    fn links(g: &'g Graph<W>, v: usize) -> (&'g Links, u32) {
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
        self.calls.push(Call {
            state: v as u32,
            is_root: true,
            pos: links.start[v / 2],
            end: links.start[v / 2 + 1],
            gathered: [0; R],
        });
    }

    /// The targets component number `c` (done) reaches.
    fn reach_of(&self, c: u32) -> &[u64; R] {
        &self.reach[(self.rindex.len() as u32 - c) as usize]
    }

    fn run(&mut self, root: usize) {
        self.enter(root);
        'calls: while let Some(top) = self.calls.last() {
            let (v, mut is_root, mut pos, end) =
                (top.state as usize, top.is_root, top.pos, top.end);
            let (links, on) = Self::links(self.g, v);
            let mut low = self.rindex[v];
            let mut gathered = top.gathered;
            // Links often lead to one component in a row: each is added once in a row.
            let mut last = 0;
            while pos < end {
                let w = (2 * links.to[pos as usize] + on) as usize;
                pos += 1;
                let rw = self.rindex[w];
                if rw == 0 {
                    self.rindex[v] = low;
                    let top = self.calls.last_mut().expect("a call");
                    (top.is_root, top.pos, top.gathered) = (is_root, pos, gathered);
                    self.enter(w);
                    continue 'calls;
                }
                if rw >= self.index {
                    // Done: what its component reaches, v reaches.
                    if rw != last {
                        last = rw;
                        or_into(&mut gathered, self.reach_of(rw));
                    }
                } else {
                    // Open (on the path or the stack), below v: v reaches it.
                    is_root &= rw >= low;
                    low = low.min(rw);
                }
            }
            self.rindex[v] = low;
            self.calls.pop();
            if is_root {
                self.component(v, gathered);
            } else {
                self.stack.push(v as u32);
            }
            if let Some(top) = self.calls.last_mut() {
                // Back in the caller: what v reaches, it reaches (v's component if it
                // is done, else v's gathering for their common component).
                let u = top.state as usize;
                let from = match is_root {
                    true => &self.reach[self.reach.len() - 1],
                    false => &gathered,
                };
                or_into(&mut top.gathered, from);
                if self.rindex[v] < self.rindex[u] {
                    self.rindex[u] = self.rindex[v];
                    top.is_root = false;
                }
            }
        }
    }

    /// Makes a component of `v` and the states above it on the stack: numbers them, and
    /// gives it the targets among its states and those it links to (`gathered`).
    fn component(&mut self, v: usize, gathered: [u64; R]) {
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
        let mut this = gathered;
        let members = std::iter::once(v as u32).chain(self.stack[first..].iter().copied());
        for w in members {
            let w = w as usize;
            // The target of its node: the other polarity is not done yet (or in this
            // component).
            let bit = self.bit[w / 2];
            if bit != NONE && self.rindex[w ^ 1] <= c {
                this[bit as usize / 64] |= 1 << (bit % 64);
            }
        }
        self.stack.truncate(first);
        self.reach.push(this);
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

/// `into |= from`, word by word.
#[inline(always)]
fn or_into<const R: usize>(into: &mut [u64; R], from: &[u64; R]) {
    for (a, b) in into.iter_mut().zip(from) {
        *a |= b;
    }
}

#[cfg(test)]
mod tests {
    use sudokit_core::DigitSet;

    use super::*;
    use crate::analysis::graph::{build, Scope};
    use crate::analysis::samples::{board_and_sets, HARD};
    use crate::board::NARROW;

    /// Does state `from` imply state `to`? A plain depth-first search over the
    /// implications ("on" implies its weak links off, "off" its strong links on).
    fn implies(g: &Graph<NARROW>, from: usize, to: usize) -> bool {
        let mut seen = vec![false; 2 * g.nodes.len()];
        let mut todo = vec![from];
        seen[from] = true;
        while let Some(v) = todo.pop() {
            let (links, on) = if v % 2 == 1 {
                (&g.weak, 0)
            } else {
                (&g.strong, 1)
            };
            for &m in &links[v / 2] {
                let w = 2 * m as usize + on;
                if w == to {
                    return true;
                }
                if !seen[w] {
                    seen[w] = true;
                    todo.push(w);
                }
            }
        }
        false
    }

    /// The four graphs (every candidate, grouped, with sets, bivalue cells) of each hard
    /// puzzle, with the puzzle and scope, for messages.
    fn hard_graphs() -> Vec<(&'static str, Scope, Graph<NARROW>)> {
        let mut out = Vec::new();
        for line in HARD {
            let (board, sets) = board_and_sets(line);
            for (scope, sets) in [
                (Scope::All, &[][..]),
                (Scope::Grouped, &[][..]),
                (Scope::GroupedAls, &sets[..]),
                (Scope::Bivalue, &[][..]),
            ] {
                out.push((line, scope, build(&board, sets, DigitSet::full(9), scope)));
            }
        }
        out
    }

    /// The closure marks exactly the cell nodes one of whose polarities implies the
    /// other, on the four graphs of hard puzzles.
    #[test]
    fn provable_nodes_are_those_a_search_proves() {
        let mut marked = 0;
        for (line, scope, g) in hard_graphs() {
            let Some(proved) = provable(&g) else {
                assert!(2 * g.nodes.len() > MAX_CLOSED_STATES, "{line} {scope:?}");
                continue;
            };
            for (i, node) in g.nodes.iter().enumerate() {
                let want = !node.group()
                    && (implies(&g, 2 * i, 2 * i + 1) || implies(&g, 2 * i + 1, 2 * i));
                assert_eq!(proved[i], want, "{line} {scope:?} node {i}");
                marked += usize::from(want);
            }
        }
        assert!(
            marked > 20,
            "only {marked} provable nodes: the test proves little"
        );
    }

    /// The closure stopped at the first provable node finds the node the whole closure
    /// marks first, or none when it marks none.
    #[test]
    fn the_first_provable_node_is_the_first_marked() {
        let mut found = 0;
        for (line, scope, g) in hard_graphs() {
            let whole = provable(&g).map(|p| p.iter().position(|&x| x));
            assert_eq!(first_provable(&g), whole, "{line} {scope:?}");
            found += usize::from(matches!(whole, Some(Some(_))));
        }
        assert!(found > 5, "only {found} graphs prove something");
    }
}
