//! Fish: X-Wing, Swordfish, Jellyfish (k = 2, 3, 4) and their finned and sashimi forms.
//!
//! In k base lines (rows, say) a digit lies only in k cover lines (columns): the k
//! placements of the base lines fill the cover lines, so the digit leaves the rest of the
//! cover lines. A finned fish has extra base candidates (fins), all in one region: either
//! a fin is true, or the fish is; cells of the cover lines in the fins' region lose the
//! digit either way. Sashimi: without its fins, some base line would keep at most one
//! candidate.

use sudokit_core::{Cell, Cells, Digit, DigitSet, House};

use super::{with_digit, Sink};
use crate::analysis::fish::Regions;
use crate::analysis::{subsets, subsets_where};
use crate::context::Context;
use crate::step::{Pattern, Step};
use crate::technique::Technique;
use crate::Board;

/// Which fish to look for.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(crate) enum Kind {
    Basic,
    Finned,
    Sashimi,
}

/// Fish of `size` base lines and this kind, on `digits`.
pub(crate) fn find<const W: usize>(
    ctx: &Context<'_, W>,
    sink: &mut Sink,
    digits: DigitSet,
    size: usize,
    kind: Kind,
) {
    let (board, regions) = (ctx.board, ctx.fish_regions());
    for digit in digits {
        for rows_first in [true, false] {
            let search = Search::new(board, digit, rows_first, &regions[rows_first as usize ^ 1]);
            let at = (size, digit, rows_first);
            let done = match kind {
                // Met by the finned search on this board, in the order this one meets them.
                Kind::Sashimi if sink.first => match ctx.sashimi_met(at) {
                    Some(met) => met.is_some_and(|step| sink.push(step)),
                    None => search.run(sink, size, kind, None),
                },
                Kind::Finned if sink.first => {
                    let mut sashimi = Sink::new(true);
                    let done = search.run(sink, size, kind, Some(&mut sashimi));
                    if !done {
                        ctx.meet_sashimi(at, sashimi.steps.pop());
                    }
                    done
                }
                _ => search.run(sink, size, kind, None),
            };
            if done {
                return;
            }
        }
    }
}

/// The positions of the bits set in `mask`, in increasing order, written into `out`.
fn bits(mut mask: u32, out: &mut [usize; 32]) -> &[usize] {
    let mut count = 0;
    while mask != 0 {
        out[count] = mask.trailing_zeros() as usize;
        mask &= mask - 1;
        count += 1;
    }
    &out[..count]
}

/// A set of base lines being grown: its lines (a fish has four at most), where the next
/// comes from, its crosses, and its crosses outside each region (25 regions at most).
#[derive(Clone, Copy, Default)]
struct Grown {
    base: [usize; 4],
    depth: usize,
    next: usize,
    all: u32,
    outside: [u32; 25],
}

struct Search<'a, const W: usize> {
    board: &'a Board<W>,
    digit: Digit,
    rows_first: bool,
    regions: &'a Regions,
    /// For each base line, the crosses (columns of a row) holding the digit.
    lines: &'a [u32],
}

impl<'a, const W: usize> Search<'a, W> {
    fn new(
        board: &'a Board<W>,
        digit: Digit,
        rows_first: bool,
        regions: &'a Regions,
    ) -> Search<'a, W> {
        let n = board.side();
        Search {
            board,
            digit,
            rows_first,
            regions,
            lines: &regions.lines[digit.index() * n..(digit.index() + 1) * n],
        }
    }

    fn base_house(&self, line: usize) -> House {
        let layout = self.board.layout();
        if self.rows_first {
            layout.row_house(line)
        } else {
            layout.col_house(line)
        }
    }

    fn cover_house(&self, cross: usize) -> House {
        let layout = self.board.layout();
        if self.rows_first {
            layout.col_house(cross)
        } else {
            layout.row_house(cross)
        }
    }

    /// Fish of `size` and `kind` on these lines, into `sink` until it is done. A finned
    /// search also puts the first sashimi fish it meets into `sashimi` (the sashimi
    /// search meets the same fish in the same order, and is left with nothing to do).
    fn run(
        &self,
        sink: &mut Sink,
        size: usize,
        kind: Kind,
        mut sashimi: Option<&mut Sink>,
    ) -> bool {
        let max = if kind == Kind::Basic {
            size as u32
        } else {
            self.board.side() as u32
        };
        // The lines holding the digit 1 to `max` times.
        let holding = (self.lines.iter().enumerate())
            .filter(|(_, line)| (1..=max).contains(&line.count_ones()))
            .fold(0, |m, (i, _)| m | 1 << i);
        let mut buffer = [0; 32];
        let lines = bits(holding, &mut buffer);
        // The base lines' crosses lie in the cover lines, but for fins in one region.
        let limit = match kind {
            Kind::Basic => size as u32,
            _ => size as u32 + self.regions.along().span,
        };
        let crosses = |base: &[usize]| base.iter().fold(0, |m, &i| m | self.lines[i]);
        if kind == Kind::Basic {
            return subsets_where(
                lines,
                size,
                &mut |start| crosses(start).count_ones() <= limit,
                &mut |base| {
                    crosses(base).count_ones() as usize == size
                        && self.report(sink, base, crosses(base), &Cells::EMPTY)
                },
            );
        }
        debug_assert!(size <= 4, "fish have two to four base lines");
        let mut visit = |base: &[usize], all, outside: &[u32]| {
            self.finned(sink, sashimi.as_deref_mut(), base, all, outside, kind)
        };
        lines.len() >= size && self.finned_bases(lines, size, limit, Grown::default(), &mut visit)
    }

    /// The sets of `size` base lines for finned fish, from `lines`, in the order of
    /// [`subsets`], passed to `visit` (with their crosses, and those outside each region)
    /// until it returns `true`. A set grows only while its crosses number at most
    /// `limit` and, outside some region, at most `size`.
    fn finned_bases(
        &self,
        lines: &[usize],
        size: usize,
        limit: u32,
        grown: Grown,
        visit: &mut impl FnMut(&[usize], u32, &[u32]) -> bool,
    ) -> bool {
        let (n, masks) = (self.lines.len(), &self.regions.along().masks);
        let depth = grown.depth;
        for i in grown.next..=lines.len() - (size - depth) {
            let line = lines[i];
            let all = grown.all | self.lines[line];
            if all.count_ones() > limit {
                continue;
            }
            let mut next = Grown {
                depth: depth + 1,
                next: i + 1,
                all,
                ..grown
            };
            let mut fits = false;
            for r in 0..n {
                next.outside[r] |= self.lines[line] & !masks[line * n + r];
                fits |= next.outside[r].count_ones() as usize <= size;
            }
            if !fits {
                continue;
            }
            next.base[depth] = line;
            let done = if depth + 1 == size {
                visit(&next.base[..size], all, &next.outside[..n])
            } else {
                self.finned_bases(lines, size, limit, next, visit)
            };
            if done {
                return true;
            }
        }
        false
    }

    /// Finned and sashimi fish on these base lines: for each region holding some base
    /// candidates, the cover lines must hold every base candidate outside it.
    fn finned(
        &self,
        sink: &mut Sink,
        mut sashimi_met: Option<&mut Sink>,
        base: &[usize],
        all: u32,
        outside: &[u32],
        kind: Kind,
    ) -> bool {
        let (n, size, masks) = (self.lines.len(), base.len(), &self.regions.along().masks);
        // The regions holding base candidates.
        let mut regions: u32 = 0;
        for &i in base {
            for r in 0..n {
                regions |= ((self.lines[i] & masks[i * n + r] != 0) as u32) << r;
            }
        }
        let in_base = base.iter().fold(0u32, |m, &i| m | 1 << i);
        let diagonals = self.board.layout().has_diagonals();
        while regions != 0 {
            let region = regions.trailing_zeros() as usize;
            regions &= regions - 1;
            let required = outside[region];
            // The digit must be somewhere else in the region for anything to go.
            if required.count_ones() as usize > size {
                continue;
            }
            let inside_of = |i: usize| self.lines[i] & masks[i * n + region];
            let targets = (0..n)
                .filter(|l| in_base >> l & 1 == 0)
                .fold(0, |m, l| m | inside_of(l));
            if targets == 0 && !diagonals {
                continue;
            }
            let inside = base.iter().fold(0, |m, &i| m | inside_of(i)) & !required;
            let mut buffer = [0; 32];
            let extra = bits(inside, &mut buffer);
            let need = size - required.count_ones() as usize;
            let done = subsets(extra, need.min(extra.len()), &mut |more| {
                let crosses = more.iter().fold(required, |m, &b| m | 1 << b);
                if crosses.count_ones() as usize != size || all & !crosses == 0 {
                    return false;
                }
                if targets & crosses == 0 && !diagonals {
                    return false;
                }
                let sashimi = base
                    .iter()
                    .any(|&i| (self.lines[i] & crosses).count_ones() <= 1);
                if sashimi != (kind == Kind::Sashimi) {
                    // A sashimi fish met by the finned search: kept for the sashimi one.
                    if let Some(met) = sashimi_met.as_deref_mut().filter(|m| !m.done()) {
                        self.report(met, base, crosses, &self.cells(base, all & !crosses));
                    }
                    return false;
                }
                self.report(sink, base, crosses, &self.cells(base, all & !crosses))
            });
            if done {
                return true;
            }
        }
        false
    }

    /// The cells of the base lines at the crosses in `mask`.
    fn cells(&self, base: &[usize], mask: u32) -> Cells<W> {
        let layout = self.board.layout();
        let mut out = Cells::EMPTY;
        for &i in base {
            let mut m = self.lines[i] & mask;
            while m != 0 {
                let x = m.trailing_zeros() as usize;
                m &= m - 1;
                out.insert(if self.rows_first {
                    layout.cell(i, x)
                } else {
                    layout.cell(x, i)
                });
            }
        }
        out
    }

    fn report(&self, sink: &mut Sink, base: &[usize], crosses: u32, fins: &Cells<W>) -> bool {
        let board = self.board;
        let n = board.side();
        let cells = self.cells(base, u32::MAX);
        let cover = || {
            (0..n)
                .filter(move |b| crosses >> b & 1 != 0)
                .map(|b| self.cover_house(b))
        };
        let cover_cells = cover().fold(Cells::EMPTY, |s, h| {
            s.or(&board.house_cells_with(h, self.digit))
        });
        let gone = fins.iter().fold(cover_cells.without(&cells), |g, fin| {
            g.and(board.peer_set(fin))
        });
        if gone.is_empty() {
            return false;
        }
        let cover: Vec<House> = cover().collect();
        let fins: Vec<Cell> = fins.iter().collect();
        let size = base.len();
        let sashimi = base
            .iter()
            .any(|&i| (self.lines[i] & crosses).count_ones() <= 1);
        let technique = match (fins.is_empty(), sashimi, size) {
            (true, _, 2) => Technique::XWing,
            (true, _, 3) => Technique::Swordfish,
            (true, _, _) => Technique::Jellyfish,
            (false, false, 2) => Technique::FinnedXWing,
            (false, false, 3) => Technique::FinnedSwordfish,
            (false, false, _) => Technique::FinnedJellyfish,
            (false, true, 2) => Technique::SashimiXWing,
            (false, true, 3) => Technique::SashimiSwordfish,
            (false, true, _) => Technique::SashimiJellyfish,
        };
        let pattern = Pattern::Fish {
            digit: self.digit,
            base: base.iter().map(|&i| self.base_house(i)).collect(),
            cover,
            fins,
        };
        sink.push(Step::eliminating(
            technique,
            with_digit(&gone, self.digit),
            pattern,
        ))
    }
}

#[cfg(test)]
mod tests {
    use sudokit_core::Grid;

    use super::*;
    use crate::{solve, Board, Options};

    /// After a finned search that found nothing, the sashimi search of the same board
    /// takes the sashimi fish the finned one met: the same steps as a sashimi search on
    /// its own, along the paths of hard puzzles.
    #[test]
    fn sashimi_fish_met_by_the_finned_search_are_those_found_alone() {
        let (mut boards, mut found) = (0, 0);
        for line in crate::analysis::samples::HARD {
            let mut board = Board::new(&Grid::from_line(line).expect("a puzzle"), None);
            let all = DigitSet::full(9);
            for step in solve(&board, &Options::default()).steps {
                for size in 2..=4 {
                    let ctx = Context::new(&board);
                    let mut finned = Sink::new(true);
                    find(&ctx, &mut finned, all, size, Kind::Finned);
                    if !finned.steps.is_empty() {
                        continue;
                    }
                    let (mut met, mut alone) = (Sink::new(true), Sink::new(true));
                    find(&ctx, &mut met, all, size, Kind::Sashimi);
                    find(&Context::new(&board), &mut alone, all, size, Kind::Sashimi);
                    assert_eq!(met.steps, alone.steps, "{line}");
                    boards += 1;
                    found += alone.steps.len();
                }
                board.apply(&step);
            }
        }
        assert!(
            boards > 200 && found > 0,
            "{boards} boards, {found} sashimi fish"
        );
    }
}
