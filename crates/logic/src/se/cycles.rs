//! Sudoku Explainer's "Forcing Chains & Cycles" rule (6.5–7.x; SE 1.2.1's static unary
//! chaining, `docs/se-rules.md`; our own code). From each candidate of each open cell
//! (row-major, digits ascending), assumed on, it grows static chains breadth first:
//!
//! - **cycles**: layers of "off" then "on" potentials; an "off" is not followed back
//!   to one of its own first ancestors; when an "on" layer (the fourth potential or
//!   later) reaches the start again, the loop is a cycle. A candidate outside the loop
//!   that sees both an "on" and an "off" potential of its digit goes.
//! - **forcing chains** (not with cell links only): from the candidate on, and off,
//!   until the first potential that is the start's negation; the start is then false
//!   (or true, and placed).
//!
//! Three passes: links within a digit's regions only (X: 6.5 cycles, 6.6 chains), cell
//! links only (Y: cycles from cells with two candidates, 6.5), both (XY: 7.0). Each
//! hint is rated by its base plus SE's length bonus of its distinct potentials; the
//! hints are sorted (stably) by rating, then that count, then the pass (X, Y, XY), and
//! the first is the step.

use std::collections::VecDeque;

use super::basic::{peers, Found, Rule, Shape};
use super::chaining::{self_refuting_by, Cause};
use super::grid::{bits, Grid9, CELL_REGIONS, REGION_SET};

/// The kinds of hint, by SE's names.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Kind {
    /// Bidirectional X-Cycle (6.5).
    XCycle,
    /// Bidirectional Y-Cycle (6.5).
    YCycle,
    /// Bidirectional Cycle, both kinds of links (7.0).
    XyCycle,
    /// Forcing X-Chain (6.6).
    ForcingX,
    /// Forcing Chain, both kinds of links (7.0).
    ForcingXy,
}

/// One potential of a chain: a candidate on or off, and why.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Link {
    pub cell: u8,
    pub digit: u8,
    pub on: bool,
    pub cause: Cause,
}

/// A cycle or forcing chain: its potentials from the assumption to the end (a cycle
/// ends where it started).
#[derive(Clone, Debug)]
pub(crate) struct Chain {
    pub kind: Kind,
    pub links: Vec<Link>,
}

const NONE: u32 = u32::MAX;

#[derive(Clone, Copy)]
struct Node {
    link: Link,
    parent: u32,
}

/// The potentials of one search, and its queues (kept from one search to the next).
#[derive(Default)]
struct Arena {
    nodes: Vec<Node>,
    ons: VecDeque<u32>,
    offs: VecDeque<u32>,
    made: Vec<u32>,
    ends: Vec<u32>,
}

impl Arena {
    fn make(&mut self, cell: usize, digit: usize, on: bool, cause: Cause, parent: u32) -> u32 {
        self.nodes.push(Node {
            link: Link {
                cell: cell as u8,
                digit: digit as u8,
                on,
                cause,
            },
            parent,
        });
        self.nodes.len() as u32 - 1
    }

    /// The queues, empty, for a new search (given back when it ends).
    fn queues(&mut self) -> (VecDeque<u32>, VecDeque<u32>) {
        let (mut ons, mut offs) = (
            std::mem::take(&mut self.ons),
            std::mem::take(&mut self.offs),
        );
        ons.clear();
        offs.clear();
        (ons, offs)
    }

    fn key(&self, p: u32) -> (u8, u8, bool) {
        let l = self.nodes[p as usize].link;
        (l.cell, l.digit, l.on)
    }

    /// Is a potential with key `want` among the first ancestors of `p` (not `p`)?
    fn is_parent_key(&self, p: u32, want: (u8, u8, bool)) -> bool {
        let mut at = self.nodes[p as usize].parent;
        while at != NONE {
            if self.key(at) == want {
                return true;
            }
            at = self.nodes[at as usize].parent;
        }
        false
    }

    /// The chain ending at `p`, from its start.
    fn path(&self, p: u32) -> Vec<Link> {
        let mut out = Vec::new();
        let mut at = p;
        while at != NONE {
            out.push(self.nodes[at as usize].link);
            at = self.nodes[at as usize].parent;
        }
        out.reverse();
        out
    }

    /// SE's complexity of the chain ending at `p`: its distinct potentials.
    fn ancestors(&self, p: u32) -> u32 {
        let mut seen: Vec<(u8, u8, bool)> = Vec::new();
        let mut at = p;
        while at != NONE {
            let k = self.key(at);
            if !seen.contains(&k) {
                seen.push(k);
            }
            at = self.nodes[at as usize].parent;
        }
        seen.len() as u32
    }

    /// The "off" consequences of `p` on (see [`on_edges`]), made.
    fn on_to_off(&mut self, grid: &Grid9, edges: &mut Edges, p: u32, out: &mut Vec<u32>) {
        let Link { cell, digit, .. } = self.nodes[p as usize].link;
        out.clear();
        for &(c, v, cause) in edges.on(grid, cell as usize, digit as usize) {
            out.push(self.make(c as usize, v as usize, false, cause, p));
        }
    }

    /// The "on" consequences of `p` off (see [`off_edges`]), made.
    fn off_to_on(&mut self, grid: &Grid9, edges: &mut Edges, p: u32, out: &mut Vec<u32>) {
        let Link { cell, digit, .. } = self.nodes[p as usize].link;
        out.clear();
        for &(c, v, cause) in edges.off(grid, cell as usize, digit as usize) {
            out.push(self.make(c as usize, v as usize, true, cause, p));
        }
    }
}

/// The "off" consequences of `(cell, d)` on, added to `out` as `(cell, digit, cause)`:
/// the cell's other digits (with cell links, `y`), then the digit's other places in its
/// block, row and column (each cell once).
fn on_edges(grid: &Grid9, (cell, d): (usize, usize), y: bool, out: &mut Vec<(u8, u8, Cause)>) {
    if y {
        for v in (0..9).filter(|&v| v != d && grid.has(cell, v)) {
            out.push((cell as u8, v as u8, Cause::NakedSingle));
        }
    }
    let mut seen = 1u128 << cell;
    for &r in &CELL_REGIONS[cell] {
        let rest = grid.cells[d] & REGION_SET[r as usize] & !seen;
        seen |= rest;
        out.extend(bits(rest).map(|c| (c as u8, d as u8, Cause::Hidden(r))));
    }
}

/// The "on" consequences of `(cell, d)` off, added to `out`: the cell's other digit if it
/// has two (with cell links, `y`), the digit's other place in each region where it has
/// two (with region links, `x`; each cell once).
fn off_edges(
    grid: &Grid9,
    (cell, d): (usize, usize),
    (y, x): (bool, bool),
    out: &mut Vec<(u8, u8, Cause)>,
) {
    if y && grid.cands[cell].count_ones() == 2 {
        let other = (grid.cands[cell] & !(1 << d)).trailing_zeros() as usize;
        out.push((cell as u8, other as u8, Cause::NakedSingle));
    }
    if x {
        let mut made = 0u128;
        for &r in &CELL_REGIONS[cell] {
            let places = grid.cells[d] & REGION_SET[r as usize];
            if places.count_ones() == 2 {
                let other = (places & !(1 << cell)).trailing_zeros() as usize;
                if made >> other & 1 == 0 {
                    made |= 1 << other;
                    out.push((other as u8, d as u8, Cause::Hidden(r)));
                }
            }
        }
    }
}

/// The consequences of each candidate on and off in one pass (the grid and the kinds of
/// link are fixed for the pass), made once when first asked for: every search of the
/// pass reads the same lists.
struct Edges {
    /// By `9 * cell + digit`: where its list starts in `buf`, or `NONE` until made.
    on_at: [u32; 729],
    off_at: [u32; 729],
    on_len: [u8; 729],
    off_len: [u8; 729],
    buf: Vec<(u8, u8, Cause)>,
    links: (bool, bool),
    /// The candidates whose "off" has consequences in this pass: an "off" of any other
    /// candidate leads nowhere, and is of use to a search only as its target.
    live: Seen,
}

impl Edges {
    fn new(grid: &Grid9, (y, x): (bool, bool)) -> Edges {
        let mut live = Seen::new();
        for cell in (0..81).filter(|&c| grid.value[c] == 0) {
            let bivalue = grid.cands[cell].count_ones() == 2;
            for d in (0..9).filter(|&d| grid.has(cell, d)) {
                let pair = x
                    && CELL_REGIONS[cell]
                        .iter()
                        .any(|&r| (grid.cells[d] & REGION_SET[r as usize]).count_ones() == 2);
                if (y && bivalue) || pair {
                    live.insert((cell as u8, d as u8, false));
                }
            }
        }
        Edges {
            on_at: [NONE; 729],
            off_at: [NONE; 729],
            on_len: [0; 729],
            off_len: [0; 729],
            buf: Vec::with_capacity(4096),
            links: (y, x),
            live,
        }
    }

    /// [`on_edges`] of `(cell, d)`.
    #[inline]
    fn on(&mut self, grid: &Grid9, cell: usize, d: usize) -> &[(u8, u8, Cause)] {
        let i = 9 * cell + d;
        if self.on_at[i] == NONE {
            let from = self.buf.len();
            on_edges(grid, (cell, d), self.links.0, &mut self.buf);
            self.on_at[i] = from as u32;
            self.on_len[i] = (self.buf.len() - from) as u8;
        }
        let from = self.on_at[i] as usize;
        &self.buf[from..from + self.on_len[i] as usize]
    }

    /// The consequences of `state` (`2 * (9 * cell + digit) + on`), as states, added to
    /// `out` (the implications of `chaining::self_refuting`).
    fn implications(&mut self, grid: &Grid9, state: usize, out: &mut Vec<u16>) {
        let (cell, d, on) = (state / 18, state / 2 % 9, state % 2 == 1);
        let list = if on {
            self.on(grid, cell, d)
        } else {
            self.off(grid, cell, d)
        };
        let to = !on as u16;
        out.extend(
            list.iter()
                .map(|&(c, v, _)| 2 * (9 * c as u16 + v as u16) + to),
        );
    }

    /// [`off_edges`] of `(cell, d)`.
    #[inline]
    fn off(&mut self, grid: &Grid9, cell: usize, d: usize) -> &[(u8, u8, Cause)] {
        let i = 9 * cell + d;
        if self.off_at[i] == NONE {
            let from = self.buf.len();
            off_edges(grid, (cell, d), self.links, &mut self.buf);
            self.off_at[i] = from as u32;
            self.off_len[i] = (self.buf.len() - from) as u8;
        }
        let from = self.off_at[i] as usize;
        &self.buf[from..from + self.off_len[i] as usize]
    }
}

/// Candidates on or off seen so far, by (cell, digit): bit `9 * cell + digit`.
#[derive(Clone, Copy)]
struct Seen([u64; 12]);

impl Seen {
    fn new() -> Seen {
        Seen([0; 12])
    }
    #[inline]
    fn has(&self, (c, d, _): (u8, u8, bool)) -> bool {
        let i = 9 * c as usize + d as usize;
        self.0[i / 64] >> (i % 64) & 1 != 0
    }
    #[inline]
    fn insert(&mut self, (c, d, _): (u8, u8, bool)) -> bool {
        let i = 9 * c as usize + d as usize;
        let (word, bit) = (&mut self.0[i / 64], 1u64 << (i % 64));
        let new = *word & bit == 0;
        *word |= bit;
        new
    }
}

/// SE's length bonus of a complexity, summed as SE sums it (a double).
fn length_bonus(complexity: u32) -> f64 {
    let length = complexity as i64 - 2;
    let (mut added, mut ceil, mut odd) = (0.0f64, 4i64, false);
    while length > ceil {
        added += 0.1;
        ceil = if odd { ceil * 4 / 3 } else { ceil * 3 / 2 };
        odd = !odd;
    }
    added
}

/// A hint before sorting: rating, complexity, pass, then the hint.
struct Candidate {
    complexity: u32,
    key: u8,
    found: Found,
}

/// The first hint of SE's "Forcing Chains & Cycles" on `grid`, if any.
pub(crate) fn first(grid: &Grid9) -> Option<Found> {
    let mut best: Option<Candidate> = None;
    let mut arena = Arena::default();
    // X, Y, then XY.
    for (y, x) in [(false, true), (true, false), (true, true)] {
        if y && x && best.as_ref().is_some_and(|b| b.found.difficulty < 7.0) {
            // Every hint with both kinds of links rates 7.0 or more.
            break;
        }
        // The candidates whose forcing chain reaches their own negation, on and off
        // (found for the whole grid at once; the chains are then grown from those only).
        let mut edges = Edges::new(grid, (y, x));
        let refuting = if x {
            self_refuting_by(grid, |s, out| edges.implications(grid, s, out))
        } else {
            ([0; 9], [0; 9])
        };
        pass(grid, (&mut arena, &mut edges), &refuting, &mut best);
    }
    best.map(|c| c.found)
}

/// One pass: the cycles and forcing chains of every candidate, with cell links (`y`),
/// region links (`x`) or both; the best kept in `best`. The cycle searches stop where
/// they could only sort after the best so far.
fn pass(
    grid: &Grid9,
    (arena, edges): (&mut Arena, &mut Edges),
    refuting: &([u128; 9], [u128; 9]),
    best: &mut Option<Candidate>,
) {
    let (y, x) = edges.links;
    for (cell, regions) in CELL_REGIONS.iter().enumerate() {
        if grid.value[cell] != 0 || grid.cands[cell].count_ones() < 2 {
            continue;
        }
        if grid.cands[cell].count_ones() > 2 && !x {
            continue;
        }
        for d in (0..9).filter(|&d| grid.has(cell, d)) {
            // A cycle comes back to its start by a link into it: the start's cell has
            // two candidates (cell links) or one of its regions has two places of its
            // digit (region links).
            let closable = (y && grid.cands[cell].count_ones() == 2)
                || (x
                    && regions
                        .iter()
                        .any(|&r| (grid.cells[d] & REGION_SET[r as usize]).count_ones() == 2));
            let bound = best.as_ref().map(|b| (b.found.difficulty, b.complexity));
            if closable {
                for c in cycles(grid, (arena, edges), (cell, d), bound) {
                    consider(best, c);
                }
            }
            if x {
                for on in [true, false] {
                    let set = if on { refuting.0[d] } else { refuting.1[d] };
                    if set >> cell & 1 == 0 {
                        continue;
                    }
                    let bound = best.as_ref().map(|b| (b.found.difficulty, b.complexity));
                    if let Some(c) = forcing(grid, (arena, edges), (cell, d, on), bound) {
                        consider(best, c);
                    }
                }
            }
        }
    }
}

/// Keeps `c` if it sorts before the best so far (SE's sort is stable: on a tie the
/// earlier stays first).
fn consider(best: &mut Option<Candidate>, c: Candidate) {
    let better = match best {
        None => true,
        Some(b) => {
            let (d1, d2) = (c.found.difficulty, b.found.difficulty);
            d1 < d2
                || (d1 == d2
                    && (c.complexity < b.complexity
                        || (c.complexity == b.complexity && c.key < b.key)))
        }
    };
    if better {
        *best = Some(c);
    }
}

fn sort_key(y: bool, x: bool) -> u8 {
    match (y, x) {
        (true, true) => 4,
        (true, false) => 3,
        _ => 2,
    }
}

/// The cycles through `(cell, d)` on, each as a hint that removes something; with
/// cell links (`y`), region links (`x`) or both. `bound`: the rating and complexity of
/// the best hint so far; the search stops where its cycles could only sort after it.
fn cycles(
    grid: &Grid9,
    (arena, edges): (&mut Arena, &mut Edges),
    (cell, d): (usize, usize),
    bound: Option<(f64, u32)>,
) -> Vec<Candidate> {
    let (y, x) = edges.links;
    let base = if y && x { 7.0 } else { 6.5 };
    arena.nodes.clear();
    let source = arena.make(cell, d, true, Cause::Start, NONE);
    let want = arena.key(source);
    let mut to_on = Seen::new();
    to_on.insert(want);
    let (mut ons, mut offs) = arena.queues();
    let mut ends = std::mem::take(&mut arena.ends);
    ends.clear();
    ons.push_back(source);
    let mut length = 0;
    // SE queues an "off" again each time it is reached (by another path). Its "on"
    // consequences are all known by then, so such a repeat matters only when it leads
    // back to the start (a cycle by another path): the others are not queued.
    let mut to_off = Seen::new();
    // The "off" candidates that lead back to the start, by digit: with region links,
    // the start digit's other place in a region of the start where it has two (or the
    // start itself, where it has one); with cell links, the start's other candidate
    // when it has two.
    let mut closing = [0u128; 9];
    if y && grid.cands[cell].count_ones() == 2 {
        for (v, set) in closing.iter_mut().enumerate() {
            if v != d {
                *set = 1 << cell;
            }
        }
    }
    if x {
        for &r in &CELL_REGIONS[cell] {
            let places = grid.cells[d] & REGION_SET[r as usize];
            if places == 1 << cell {
                closing[d] |= places;
            } else if places.count_ones() == 2 {
                closing[d] |= places & !(1 << cell);
            }
        }
    }
    let closes = |c: usize, v: usize| closing[v] >> c & 1 != 0;
    let live = edges.live;
    while !ons.is_empty() || !offs.is_empty() {
        length += 1;
        while let Some(p) = ons.pop_front() {
            let Link {
                cell: pc,
                digit: pd,
                ..
            } = arena.nodes[p as usize].link;
            for &(c, v, cause) in edges.on(grid, pc as usize, pd as usize) {
                let k = (c, v, false);
                // An "off" with no consequences reaches nothing, so closes no cycle.
                if !live.has(k) {
                    continue;
                }
                let (c, v) = (c as usize, v as usize);
                // An "off" not yet reached is no ancestor of `p` (those were all
                // reached); one reached before counts again only if it closes a cycle.
                if to_off.has(k) && (!closes(c, v) || arena.is_parent_key(p, k)) {
                    continue;
                }
                to_off.insert(k);
                let q = arena.make(c, v, false, cause, p);
                offs.push_back(q);
            }
        }
        length += 1;
        // A cycle closed in this layer has `length` distinct potentials.
        if let Some((rating, complexity)) = bound {
            let here = base + length_bonus(length);
            if here > rating || (here == rating && length >= complexity) {
                break;
            }
        }
        while let Some(p) = offs.pop_front() {
            let Link {
                cell: pc,
                digit: pd,
                ..
            } = arena.nodes[p as usize].link;
            for &(c, v, cause) in edges.off(grid, pc as usize, pd as usize) {
                let k = (c, v, true);
                let (c, v) = (c as usize, v as usize);
                let end = length >= 4 && k == want;
                let new = to_on.insert(k);
                if end || new {
                    let q = arena.make(c, v, true, cause, p);
                    if end {
                        ends.push(q);
                    }
                    if new {
                        ons.push_back(q);
                    }
                }
            }
        }
    }
    let kind = match (y, x) {
        (true, true) => Kind::XyCycle,
        (true, false) => Kind::YCycle,
        _ => Kind::XCycle,
    };
    let mut out = Vec::new();
    for &end in &ends {
        let links = arena.path(end);
        // The loop's potentials after the start (the start is the end again).
        let body = &links[1..];
        let cells: u128 = body.iter().fold(0, |s, l| s | 1 << l.cell);
        let mut forw: Vec<(u8, u8)> = Vec::new();
        let mut back: Vec<(u8, u8)> = Vec::new();
        for l in body.iter().rev() {
            let (c, v) = (l.cell as usize, l.digit as usize);
            let seen = peers(c) & !cells & grid.cells[v];
            let list = if l.on { &mut forw } else { &mut back };
            for t in bits(seen) {
                if !list.contains(&(t as u8, v as u8)) {
                    list.push((t as u8, v as u8));
                }
            }
        }
        let removes: Vec<(u8, u8)> = forw.into_iter().filter(|p| back.contains(p)).collect();
        if removes.is_empty() {
            continue;
        }
        let complexity = arena.ancestors(end);
        out.push(Candidate {
            complexity,
            key: sort_key(y, x),
            found: Found {
                rule: Rule::Chain(kind),
                difficulty: base + length_bonus(complexity),
                removes,
                places: None,
                shape: Shape::Chain(Chain { kind, links }),
            },
        });
    }
    (arena.ons, arena.offs, arena.ends) = (ons, offs, ends);
    out
}

/// The forcing chain from `(cell, d)` assumed `on` to its own negation, as a hint.
fn forcing(
    grid: &Grid9,
    (arena, edges): (&mut Arena, &mut Edges),
    (cell, d, on): (usize, usize, bool),
    bound: Option<(f64, u32)>,
) -> Option<Candidate> {
    let y = edges.links.0;
    let base = if y { 7.0 } else { 6.6 };
    // The potentials on a path are distinct, so a chain's complexity is its length:
    // a layer whose chains could only sort after the best so far ends the search.
    let beaten = |length: u32| {
        bound.is_some_and(|(rating, complexity)| {
            let here = base + length_bonus(length);
            here > rating || (here == rating && length >= complexity)
        })
    };
    arena.nodes.clear();
    let source = arena.make(cell, d, on, Cause::Start, NONE);
    let (mut to_on, mut to_off) = (Seen::new(), Seen::new());
    let (mut ons, mut offs) = arena.queues();
    if on {
        to_on.insert(arena.key(source));
        ons.push_back(source);
    } else {
        to_off.insert(arena.key(source));
        offs.push_back(source);
    }
    let mut made = std::mem::take(&mut arena.made);
    let mut target = None;
    // The length of the chains made in the layer at hand (one queue holds it).
    let mut length = 1;
    'search: while !ons.is_empty() || !offs.is_empty() {
        if !ons.is_empty() {
            length += 1;
            if beaten(length) {
                break 'search;
            }
        }
        while let Some(p) = ons.pop_front() {
            arena.on_to_off(grid, edges, p, &mut made);
            for &q in &made {
                let k = arena.key(q);
                if on && (k.0 as usize, k.1 as usize) == (cell, d) {
                    target = Some(q);
                    break 'search;
                }
                if to_off.insert(k) {
                    offs.push_back(q);
                }
            }
        }
        if !offs.is_empty() {
            length += 1;
            if beaten(length) {
                break 'search;
            }
        }
        while let Some(p) = offs.pop_front() {
            arena.off_to_on(grid, edges, p, &mut made);
            for &q in &made {
                let k = arena.key(q);
                if !on && (k.0 as usize, k.1 as usize) == (cell, d) {
                    target = Some(q);
                    break 'search;
                }
                if to_on.insert(k) {
                    ons.push_back(q);
                }
            }
        }
    }
    (arena.ons, arena.offs, arena.made) = (ons, offs, made);
    let target = target?;
    let t = arena.nodes[target as usize].link;
    let (removes, places) = if t.on {
        let others = grid.cands[t.cell as usize] & !(1 << t.digit);
        let removes = (0..9u8)
            .filter(|&v| others >> v & 1 != 0)
            .map(|v| (t.cell, v))
            .collect();
        (removes, Some((t.cell, t.digit)))
    } else {
        (vec![(t.cell, t.digit)], None)
    };
    let kind = if y { Kind::ForcingXy } else { Kind::ForcingX };
    let complexity = arena.ancestors(target);
    debug_assert_eq!(complexity, length);
    Some(Candidate {
        complexity,
        key: sort_key(y, true),
        found: Found {
            rule: Rule::Chain(kind),
            difficulty: base + length_bonus(complexity),
            removes,
            places,
            shape: Shape::Chain(Chain {
                kind,
                links: arena.path(target),
            }),
        },
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_length_bonus_is_summed_as_se_sums_it() {
        assert_eq!(length_bonus(6), 0.0);
        assert_eq!(length_bonus(7), 0.1);
        // Both print 6.7, but in doubles 6.6 + 0.1 is below 6.5 + 0.1 + 0.1, and SE's
        // sort takes the forcing chain first.
        assert!(6.6 + length_bonus(7) < 6.5 + length_bonus(9));
        for c in 0..400u32 {
            let tenths = crate::technique::length_bonus_tenths(c.saturating_sub(2) as usize);
            assert_eq!((length_bonus(c) * 10.0).round() as u32, tenths, "{c}");
        }
    }
}
