//! One search from one candidate: its cycles (`cycles`) or its forcing chain to its own
//! negation (`forcing`), breadth first, each made a hint (`Candidate`) with SE's rating.

use super::super::basic::shared::{peers, Found, Rule, Shape};
use super::super::chaining::Cause;
use super::super::grid::{bits, Grid9, CELL_REGIONS, REGION_SET};
use super::graph::{length_bonus, Arena, Chain, Edges, Kind, Link, Seen, NONE};

/// A hint before sorting: rating, complexity, pass, then the hint.
pub(super) struct Candidate {
    pub(super) complexity: u32,
    pub(super) key: u8,
    pub(super) found: Found,
}

pub(super) fn sort_key(y: bool, x: bool) -> u8 {
    match (y, x) {
        (true, true) => 4,
        (true, false) => 3,
        _ => 2,
    }
}

/// The cycles through `(cell, d)` on, each as a hint that removes something; with
/// cell links (`y`), region links (`x`) or both. `bound`: the rating and complexity of
/// the best hint so far; the search stops where its cycles could only sort after it.
pub(super) fn cycles(
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
pub(super) fn forcing(
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
