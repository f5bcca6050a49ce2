//! The graph SE's "Forcing Chains & Cycles" searches: each candidate's consequences on
//! and off for a pass (`Edges`), the potentials a search makes (`Arena`), the sets of
//! those seen, and the chains a hint shows (`Chain` of `Link`s, by `Kind`); SE's length
//! bonus.

use std::collections::VecDeque;

use super::super::chaining::Cause;
use super::super::grid::{bits, Grid9, CELL_REGIONS, REGION_SET};

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

pub(super) const NONE: u32 = u32::MAX;

#[derive(Clone, Copy)]
pub(super) struct Node {
    pub(super) link: Link,
    pub(super) parent: u32,
}

/// The potentials of one search, and its queues (kept from one search to the next).
#[derive(Default)]
pub(super) struct Arena {
    pub(super) nodes: Vec<Node>,
    pub(super) ons: VecDeque<u32>,
    pub(super) offs: VecDeque<u32>,
    pub(super) made: Vec<u32>,
    pub(super) ends: Vec<u32>,
}

impl Arena {
    pub(super) fn make(
        &mut self,
        cell: usize,
        digit: usize,
        on: bool,
        cause: Cause,
        parent: u32,
    ) -> u32 {
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
    pub(super) fn queues(&mut self) -> (VecDeque<u32>, VecDeque<u32>) {
        let (mut ons, mut offs) = (
            std::mem::take(&mut self.ons),
            std::mem::take(&mut self.offs),
        );
        ons.clear();
        offs.clear();
        (ons, offs)
    }

    pub(super) fn key(&self, p: u32) -> (u8, u8, bool) {
        let l = self.nodes[p as usize].link;
        (l.cell, l.digit, l.on)
    }

    /// Is a potential with key `want` among the first ancestors of `p` (not `p`)?
    pub(super) fn is_parent_key(&self, p: u32, want: (u8, u8, bool)) -> bool {
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
    pub(super) fn path(&self, p: u32) -> Vec<Link> {
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
    pub(super) fn ancestors(&self, p: u32) -> u32 {
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
    pub(super) fn on_to_off(
        &mut self,
        grid: &Grid9,
        edges: &mut Edges,
        p: u32,
        out: &mut Vec<u32>,
    ) {
        let Link { cell, digit, .. } = self.nodes[p as usize].link;
        out.clear();
        for &(c, v, cause) in edges.on(grid, cell as usize, digit as usize) {
            out.push(self.make(c as usize, v as usize, false, cause, p));
        }
    }

    /// The "on" consequences of `p` off (see [`off_edges`]), made.
    pub(super) fn off_to_on(
        &mut self,
        grid: &Grid9,
        edges: &mut Edges,
        p: u32,
        out: &mut Vec<u32>,
    ) {
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
pub(super) fn on_edges(
    grid: &Grid9,
    (cell, d): (usize, usize),
    y: bool,
    out: &mut Vec<(u8, u8, Cause)>,
) {
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
pub(super) fn off_edges(
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
pub(super) struct Edges {
    /// By `9 * cell + digit`: where its list starts in `buf`, or `NONE` until made.
    pub(super) on_at: [u32; 729],
    pub(super) off_at: [u32; 729],
    pub(super) on_len: [u8; 729],
    pub(super) off_len: [u8; 729],
    pub(super) buf: Vec<(u8, u8, Cause)>,
    pub(super) links: (bool, bool),
    /// The candidates whose "off" has consequences in this pass: an "off" of any other
    /// candidate leads nowhere, and is of use to a search only as its target.
    pub(super) live: Seen,
}

impl Edges {
    pub(super) fn new(grid: &Grid9, (y, x): (bool, bool)) -> Edges {
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
    pub(super) fn on(&mut self, grid: &Grid9, cell: usize, d: usize) -> &[(u8, u8, Cause)] {
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
    pub(super) fn implications(&mut self, grid: &Grid9, state: usize, out: &mut Vec<u16>) {
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
    pub(super) fn off(&mut self, grid: &Grid9, cell: usize, d: usize) -> &[(u8, u8, Cause)] {
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
pub(super) struct Seen(pub(super) [u64; 12]);

impl Seen {
    pub(super) fn new() -> Seen {
        Seen([0; 12])
    }
    #[inline]
    pub(super) fn has(&self, (c, d, _): (u8, u8, bool)) -> bool {
        let i = 9 * c as usize + d as usize;
        self.0[i / 64] >> (i % 64) & 1 != 0
    }
    #[inline]
    pub(super) fn insert(&mut self, (c, d, _): (u8, u8, bool)) -> bool {
        let i = 9 * c as usize + d as usize;
        let (word, bit) = (&mut self.0[i / 64], 1u64 << (i % 64));
        let new = *word & bit == 0;
        *word |= bit;
        new
    }
}

/// SE's length bonus of a complexity, summed as SE sums it (a double).
pub(super) fn length_bonus(complexity: u32) -> f64 {
    let length = complexity as i64 - 2;
    let (mut added, mut ceil, mut odd) = (0.0f64, 4i64, false);
    while length > ceil {
        added += 0.1;
        ceil = if odd { ceil * 4 / 3 } else { ceil * 3 / 2 };
        odd = !odd;
    }
    added
}
