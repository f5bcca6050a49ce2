//! Which static assumptions refute themselves, for the whole grid at once: strongly
//! connected components over the implications.

use super::super::grid::{bits, key, Grid9, CELL_REGIONS};

/// The static implications of a state (`key`: `2 * (9 * cell + digit) + on`) on `grid`:
/// "on" takes the digit from its peers (and the cell's other digits, with `y`); "off"
/// puts the digit in the other place of each region where it has two (and the cell's
/// other digit if it has two, with `y`). Pushed to `out` as keys.
fn implications(grid: &Grid9, state: usize, y: bool, out: &mut Vec<u16>) {
    let (cell, d, on) = (state / 18, state / 2 % 9, state % 2 == 1);
    if on {
        if y {
            let others = grid.cands[cell] & !(1 << d);
            out.extend(
                (0..9)
                    .filter(|&v| others >> v & 1 != 0)
                    .map(|v| key(cell, v, false) as u16),
            );
        }
        let peers = CELL_REGIONS[cell]
            .iter()
            .fold(0u128, |s, &r| s | grid.places(r as usize, d))
            & !(1 << cell);
        out.extend(bits(peers).map(|c| key(c, d, false) as u16));
    } else {
        if y && grid.cands[cell].count_ones() == 2 {
            let other = (grid.cands[cell] & !(1 << d)).trailing_zeros() as usize;
            out.push(key(cell, other, true) as u16);
        }
        for &r in &CELL_REGIONS[cell] {
            let places = grid.places(r as usize, d);
            if places.count_ones() == 2 {
                let other = (places & !(1 << cell)).trailing_zeros() as usize;
                out.push(key(other, d, true) as u16);
            }
        }
    }
}

/// Which static assumptions reach their own negation on `grid` (with the cells' links
/// when `y`): by digit, the cells whose candidate assumed on (`.0`), or off (`.1`),
/// implies the opposite. A static forcing chain run from any other finds nothing, so
/// only these are run. Tarjan's strongly connected components over the implications,
/// each component with the set of states it reaches (sinks first, so every component
/// it leads to is complete).
pub(crate) fn self_refuting(grid: &Grid9, y: bool) -> ([u128; 9], [u128; 9]) {
    self_refuting_by(grid, |s, out| implications(grid, s, y, out))
}

/// [`self_refuting`], with the implications of each state (`2 * (9 * cell + digit) +
/// on`) given by `implied(state, out)`, which adds them to `out` (in any order).
pub(crate) fn self_refuting_by(
    grid: &Grid9,
    mut implied: impl FnMut(usize, &mut Vec<u16>),
) -> ([u128; 9], [u128; 9]) {
    const STATES: usize = 2 * 729;
    const WORDS: usize = STATES.div_ceil(64);
    const UNSEEN: u32 = u32::MAX;
    let mut index = vec![UNSEEN; STATES];
    let mut low = vec![0u32; STATES];
    let mut comp = vec![UNSEEN; STATES];
    let mut stack: Vec<u16> = Vec::new();
    let mut reach: Vec<[u64; WORDS]> = Vec::new();
    let mut edges: Vec<u16> = Vec::new();
    // The depth-first path: state, where its implications start in `edges`, next one.
    let mut path: Vec<(u16, u32, u32)> = Vec::new();
    let mut next = 0u32;
    let mut members = Vec::new();
    for start in (0..STATES).filter(|&s| grid.has(s / 18, s / 2 % 9)) {
        if index[start] != UNSEEN {
            continue;
        }
        let enter = |s: usize,
                     implied: &mut dyn FnMut(usize, &mut Vec<u16>),
                     path: &mut Vec<(u16, u32, u32)>,
                     edges: &mut Vec<u16>,
                     next: &mut u32,
                     index: &mut Vec<u32>,
                     low: &mut Vec<u32>,
                     stack: &mut Vec<u16>| {
            index[s] = *next;
            low[s] = *next;
            *next += 1;
            stack.push(s as u16);
            let from = edges.len() as u32;
            implied(s, edges);
            path.push((s as u16, from, from));
        };
        enter(
            start,
            &mut implied,
            &mut path,
            &mut edges,
            &mut next,
            &mut index,
            &mut low,
            &mut stack,
        );
        while let Some(&(s, from, pos)) = path.last() {
            let s = s as usize;
            if (pos as usize) < edges.len() {
                path.last_mut().expect("a state").2 += 1;
                let t = edges[pos as usize] as usize;
                if index[t] == UNSEEN {
                    enter(
                        t,
                        &mut implied,
                        &mut path,
                        &mut edges,
                        &mut next,
                        &mut index,
                        &mut low,
                        &mut stack,
                    );
                } else if comp[t] == UNSEEN {
                    low[s] = low[s].min(index[t]);
                }
                continue;
            }
            path.pop();
            edges.truncate(from as usize);
            if let Some(&(u, ..)) = path.last() {
                low[u as usize] = low[u as usize].min(low[s]);
            }
            if low[s] != index[s] {
                continue;
            }
            // A component, complete: its states, and all that its implications reach.
            let k = reach.len() as u32;
            let mut set = [0u64; WORDS];
            members.clear();
            while let Some(m) = stack.pop() {
                comp[m as usize] = k;
                members.push(m as usize);
                if m as usize == s {
                    break;
                }
            }
            let mut out = Vec::new();
            for &m in &members {
                set[m / 64] |= 1 << (m % 64);
                out.clear();
                implied(m, &mut out);
                for &t in &out {
                    let c = comp[t as usize];
                    if c != k {
                        for (w, r) in set.iter_mut().zip(&reach[c as usize]) {
                            *w |= r;
                        }
                    }
                }
            }
            reach.push(set);
        }
    }
    let (mut on, mut off) = ([0u128; 9], [0u128; 9]);
    for cell in 0..81 {
        for d in (0..9).filter(|&d| grid.has(cell, d)) {
            let (a, b) = (key(cell, d, true), key(cell, d, false));
            let reaches = |s: usize, t: usize| reach[comp[s] as usize][t / 64] >> (t % 64) & 1 != 0;
            if reaches(a, b) {
                on[d] |= 1 << cell;
            }
            if reaches(b, a) {
                off[d] |= 1 << cell;
            }
        }
    }
    (on, off)
}
