//! Links in one array, grouped by node: the adjacency lists of the chain graph.

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
        Links::from_pairs_under(&Links::default(), n, pairs)
    }

    /// [`Links::from_pairs`] under `prev`'s links (of its first nodes, each pair
    /// holding a node after them): each of those nodes keeps its list, then gains
    /// the new links, in order.
    ///
    /// Two counting sorts, no comparison sort: the links are first grouped by the node
    /// they lead to, then, walking those groups in order, each is appended to the list
    /// of the node it leaves, so every list comes out sorted. (Links go both ways, so a
    /// node has as many of each, and one count serves both passes.)
    pub fn from_pairs_under(prev: &Links, n: usize, pairs: &[(u32, u32)]) -> Links {
        let old = prev.start.len().saturating_sub(1);
        let own = |i: usize| match i < old {
            true => &prev[i],
            false => &[],
        };
        // `count[i]`, then where node i's new links start among them.
        let mut count = vec![0u32; n + 1];
        for &(i, j) in pairs {
            count[i as usize + 1] += 1;
            count[j as usize + 1] += 1;
        }
        for k in 1..=n {
            count[k] += count[k - 1];
        }
        // By the node led to: `from[count[j]..count[j + 1]]` holds the nodes leading to j.
        let mut fill = count.clone();
        let mut from = vec![0u32; count[n] as usize];
        for &(i, j) in pairs {
            from[fill[j as usize] as usize] = i;
            fill[j as usize] += 1;
            from[fill[i as usize] as usize] = j;
            fill[i as usize] += 1;
        }
        // Each node's own links, then room for its new ones.
        let mut start = Vec::with_capacity(n + 1);
        start.push(0u32);
        for i in 0..n {
            start.push(start[i] + own(i).len() as u32 + count[i + 1] - count[i]);
        }
        let mut to = vec![0u32; start[n] as usize];
        for i in 0..n {
            let at = start[i] as usize;
            to[at..at + own(i).len()].copy_from_slice(own(i));
            fill[i] = (at + own(i).len()) as u32;
        }
        for j in 0..n {
            for &i in &from[count[j] as usize..count[j + 1] as usize] {
                to[fill[i as usize] as usize] = j as u32;
                fill[i as usize] += 1;
            }
        }
        // Repeats are now side by side: compact each list in place (the write never
        // passes the read).
        let mut kept = 0;
        for i in 0..n {
            let (first, end) = (start[i] as usize, start[i + 1] as usize);
            start[i] = kept as u32;
            let mut last = u32::MAX;
            for k in first..end {
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

    /// These links (of new nodes, the lists of the `prev.len()` old nodes empty) under
    /// `prev`'s (of the old nodes): each old node keeps its list, then gains, in order,
    /// the new nodes linking to it (links are symmetric; new nodes come after old ones,
    /// so its list stays sorted). One pass to count, one to fill.
    pub fn under(&self, prev: &Links) -> Links {
        let (old, n) = (prev.start.len() - 1, self.start.len() - 1);
        let mut gained = vec![0u32; old];
        for &j in &self.to {
            if (j as usize) < old {
                gained[j as usize] += 1;
            }
        }
        let mut start = Vec::with_capacity(n + 1);
        start.push(0u32);
        for i in 0..n {
            let len = match i < old {
                true => prev[i].len() as u32 + gained[i],
                false => self[i].len() as u32,
            };
            start.push(start[i] + len);
        }
        let mut to = vec![0u32; start[n] as usize];
        // `gained` becomes where each old node's next gained link goes.
        for i in 0..old {
            let (at, own) = (start[i] as usize, &prev[i]);
            to[at..at + own.len()].copy_from_slice(own);
            gained[i] = (at + own.len()) as u32;
        }
        for i in old..n {
            let at = start[i] as usize;
            to[at..at + self[i].len()].copy_from_slice(&self[i]);
            for &j in &self[i] {
                if (j as usize) < old {
                    to[gained[j as usize] as usize] = i as u32;
                    gained[j as usize] += 1;
                }
            }
        }
        Links { start, to }
    }

    /// The links between nodes both kept.
    pub fn keep(&self, keep: &[bool]) -> Links {
        Links::in_order(self.start.len() - 1, self.to.len(), |i, out| {
            if keep[i] {
                // A plain loop: `extend` from a filter grows the vector link by link.
                for &j in &self[i] {
                    if keep[j as usize] {
                        out.push(j);
                    }
                }
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

#[cfg(test)]
mod tests {
    use super::*;

    fn lists(l: &Links) -> Vec<Vec<u32>> {
        (0..l.start.len() - 1).map(|i| l[i].to_vec()).collect()
    }

    #[test]
    fn pairs_become_sorted_lists_both_ways_without_repeats() {
        let l = Links::from_pairs(5, &[(3, 1), (0, 4), (1, 3), (4, 2), (0, 1)]);
        assert_eq!(
            lists(&l),
            [vec![1, 4], vec![0, 3], vec![4], vec![1], vec![0, 2]]
        );
    }

    #[test]
    fn pairs_under_old_links_follow_them_sorted_without_repeats() {
        // Old nodes 0..3 with their links; pairs each holding a new node (3 or 4),
        // one of them twice.
        let old = Links::from_pairs(3, &[(0, 1), (1, 2)]);
        let pairs = [(4, 0), (3, 0), (4, 3), (1, 4), (0, 4)];
        assert_eq!(
            lists(&Links::from_pairs_under(&old, 5, &pairs)),
            [
                vec![1, 3, 4],
                vec![0, 2, 4],
                vec![1],
                vec![0, 4],
                vec![0, 1, 3]
            ]
        );
    }

    #[test]
    fn new_links_go_under_old_ones_both_ways_in_order() {
        // Old nodes 0..3 with their links; new nodes 3 and 4 link to old ones and each other.
        let old = Links::from_pairs(3, &[(0, 1), (1, 2)]);
        let new = Links::from_pairs(5, &[(4, 0), (3, 0), (3, 4), (4, 1)]);
        let new = Links::in_order(5, 8, |i, out| {
            if i >= 3 {
                out.extend(&new[i]);
            }
        });
        assert_eq!(
            lists(&new.under(&old)),
            [
                vec![1, 3, 4],
                vec![0, 2, 4],
                vec![1],
                vec![0, 4],
                vec![0, 1, 3]
            ]
        );
    }
}
