//! Symmetries of the clue pattern: which cells must be given together.

use std::fmt;
use std::str::FromStr;

use sudokit_core::rng::Rng;
use sudokit_core::{Cell, Grid, Layout};

/// A symmetry of the pattern of givens (not of the digits): a given's images under the
/// symmetry are givens too.
///
/// ```text
/// rot180         rot90            mirror          flip            diagonal        antidiagonal
/// (r,c)→(n-1-r,  (r,c)→(c,n-1-r)  (r,c)→(r,n-1-c) (r,c)→(n-1-r,c) (r,c)→(c,r)     (r,c)→(n-1-c,n-1-r)
///        n-1-c)  and its powers   left ↔ right    top ↔ bottom    about r1c1–rNcN about rNc1–r1cN
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Symmetry {
    /// Any pattern.
    None,
    /// Half-turn rotation (the usual one in newspapers).
    Rot180,
    /// Quarter-turn rotation (and so also half-turn).
    Rot90,
    /// Left–right reflection.
    Mirror,
    /// Top–bottom reflection.
    Flip,
    /// Reflection in the main diagonal.
    Diagonal,
    /// Reflection in the anti-diagonal.
    Antidiagonal,
}

impl Symmetry {
    /// Every symmetry, `None` first.
    pub const ALL: [Symmetry; 7] = [
        Symmetry::None,
        Symmetry::Rot180,
        Symmetry::Rot90,
        Symmetry::Mirror,
        Symmetry::Flip,
        Symmetry::Diagonal,
        Symmetry::Antidiagonal,
    ];

    /// The name used on the command line.
    pub fn name(self) -> &'static str {
        match self {
            Symmetry::None => "none",
            Symmetry::Rot180 => "rot180",
            Symmetry::Rot90 => "rot90",
            Symmetry::Mirror => "mirror",
            Symmetry::Flip => "flip",
            Symmetry::Diagonal => "diagonal",
            Symmetry::Antidiagonal => "antidiagonal",
        }
    }

    /// One of the symmetries other than `None`, uniformly.
    pub fn random(rng: &mut Rng) -> Symmetry {
        Symmetry::ALL[1 + rng.below(Symmetry::ALL.len() - 1)]
    }

    /// The image of (row, column) on a side-`n` grid.
    pub fn image(self, n: usize, (r, c): (usize, usize)) -> (usize, usize) {
        let m = n - 1;
        match self {
            Symmetry::None => (r, c),
            Symmetry::Rot180 => (m - r, m - c),
            Symmetry::Rot90 => (c, m - r),
            Symmetry::Mirror => (r, m - c),
            Symmetry::Flip => (m - r, c),
            Symmetry::Diagonal => (c, r),
            Symmetry::Antidiagonal => (m - c, m - r),
        }
    }

    /// The orbits of the cells: groups that are given or blank together, each in reading
    /// order, listed by their first cell.
    ///
    /// ```
    /// use sudokit_core::Layout;
    /// use sudokit_generate::Symmetry;
    /// let orbits = Symmetry::Rot90.orbits(&Layout::classic());
    /// assert_eq!(orbits.len(), 21); // 20 orbits of 4 cells, and the centre
    /// assert_eq!(orbits[0].len(), 4);
    /// ```
    pub fn orbits(self, layout: &Layout) -> Vec<Vec<Cell>> {
        let n = layout.side();
        let mut seen = vec![false; n * n];
        let mut orbits = Vec::new();
        for start in 0..n * n {
            if seen[start] {
                continue;
            }
            let mut orbit = Vec::new();
            let mut at = (start / n, start % n);
            loop {
                let i = at.0 * n + at.1;
                if seen[i] {
                    break;
                }
                seen[i] = true;
                orbit.push(Cell::new(i));
                at = self.image(n, at);
            }
            orbit.sort();
            orbits.push(orbit);
        }
        orbits
    }

    /// Does the pattern of givens of `grid` have this symmetry?
    pub fn holds(self, grid: &Grid) -> bool {
        let n = grid.side();
        grid.layout().cells().all(|cell| {
            let (r, c) = self.image(n, (cell.index() / n, cell.index() % n));
            grid.get(cell).is_some() == grid.get(Cell::new(r * n + c)).is_some()
        })
    }
}

impl fmt::Display for Symmetry {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// A symmetry name that is not one of [`Symmetry::ALL`].
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error(
    "unknown symmetry {0:?} (known: none, rot180, rot90, mirror, flip, diagonal, antidiagonal)"
)]
pub struct UnknownSymmetry(pub String);

impl FromStr for Symmetry {
    type Err = UnknownSymmetry;

    fn from_str(s: &str) -> Result<Symmetry, UnknownSymmetry> {
        let wanted = s.trim().to_ascii_lowercase();
        Symmetry::ALL
            .into_iter()
            .find(|x| x.name() == wanted)
            .ok_or_else(|| UnknownSymmetry(s.to_string()))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn orbits_partition_the_cells() {
        for n in [4, 6, 9, 16] {
            let layout = Layout::for_side(n).unwrap();
            for s in Symmetry::ALL {
                let orbits = s.orbits(&layout);
                let mut all: Vec<usize> = orbits.iter().flatten().map(|c| c.index()).collect();
                all.sort();
                assert_eq!(all, (0..n * n).collect::<Vec<_>>(), "{s} on {n}");
                let biggest = orbits.iter().map(Vec::len).max().unwrap();
                assert_eq!(
                    biggest,
                    if s == Symmetry::Rot90 {
                        4
                    } else {
                        1.max(2 * (s != Symmetry::None) as usize)
                    }
                );
            }
        }
    }

    #[test]
    fn names_round_trip() {
        for s in Symmetry::ALL {
            assert_eq!(s.name().parse::<Symmetry>(), Ok(s));
        }
        assert!("spiral".parse::<Symmetry>().is_err());
    }
}
