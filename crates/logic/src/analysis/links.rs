//! Links in one array, grouped by node: the adjacency lists of the chain graph.

use super::by_key;

#[derive(Default)]
pub(crate) struct Links {
    pub start: Vec<u32>,
    pub to: Vec<u32>,
}

impl Links {
    /// From the links of each node in turn (`lists(i)` pushes node i's links), sorted.
    pub fn by_node(n: usize, lists: impl FnMut(usize, &mut Vec<u32>)) -> Links {
        Links::gather(n, 8 * n, true, lists)
    }

    /// From the links of each node in turn, pushed in order (about `capacity` in all).
    pub fn in_order(n: usize, capacity: usize, lists: impl FnMut(usize, &mut Vec<u32>)) -> Links {
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
    pub fn from_pairs(n: usize, pairs: &[(u32, u32)]) -> Links {
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
    pub fn reversed_below(&self, from: usize) -> Links {
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
    pub fn keep(&self, keep: &[bool]) -> Links {
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
