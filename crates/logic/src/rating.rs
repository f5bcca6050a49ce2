//! Ratings: HoDoKu's level and score, and Sudoku Explainer's rating: SE's own on 9×9
//! (by SE's path, `se.rs`; [`rate_explained`]), an estimate elsewhere.
//!
//! - Score: the sum of the steps' scores (HoDoKu's per-technique scores).
//! - Hardest: the technique of the highest-rated step (the one `se` comes from).
//! - Level: the highest level among the steps, then one level up while the score is above
//!   that level's maximum (HoDoKu 2.2: Easy 800, Medium 1000, Hard 1600, Unfair 1800,
//!   Extreme unbounded; `SudokuSolver.java`), scaled by cells / 81 on other grid sizes;
//!   a killer's is its hardest step's level (no SE number either: SE has no killer scale).
//! - SE: the highest step rating, as Sudoku Explainer's ER is. A step's rating is its
//!   technique's, refined as SE refines it: a hidden single in a box is 1.2, in a line 1.5;
//!   pointing, claiming and hidden pairs and triples that directly give a hidden single
//!   rate 1.7, 1.9, 2.0, 2.5; a unique rectangle with a naked set adds 0.1 per extra cell;
//!   chains and forcing add SE's length bonus (`ChainingHint.getLengthDifficulty`): 0.1
//!   for each of 4, 6, 8, 12, 16, 24, 32, ... the length exceeds; nested forcing adds 0.5
//!   per level.

use std::collections::BTreeMap;

use sudokit_core::{Digit, HouseKind};

use crate::board::Board;
use crate::step::Path;
use crate::step::{Pattern, Step};
pub use crate::technique::length_bonus_tenths;
use crate::technique::{Level, Se, Technique};

/// The most score a puzzle of each level may have before it counts as the next level.
pub fn level_max_score(level: Level) -> Option<u32> {
    match level {
        Level::Easy => Some(800),
        Level::Medium => Some(1000),
        Level::Hard => Some(1600),
        Level::Unfair => Some(1800),
        Level::Extreme => None,
    }
}

/// How hard a puzzle is.
#[derive(Clone, Debug, PartialEq)]
pub struct Rating {
    /// HoDoKu-style level.
    pub level: Level,
    /// HoDoKu-style score.
    pub score: u32,
    /// Sudoku Explainer's rating (ER): on 9×9, SE's own (by SE's path) when
    /// [`Rating::explainer`] holds it; else sudokit's estimate (see [`Rating::se_kind`]).
    /// A killer has none (SE has no killer scale): 0, and [`Rating::se_kind`] says so.
    pub se: f32,
    /// SE's own ratings by SE's path (ER, EP, ED and the hardest rule), when asked for
    /// ([`rate_explained`]) on a 9×9 puzzle SE's path solves.
    pub explainer: Option<crate::se::Explained>,
    /// The technique of the step with the highest SE rating (the first such step); on a
    /// killer, of the step of the highest level and score.
    pub hardest: Option<Technique>,
    /// How many steps of each technique.
    pub techniques: BTreeMap<Technique, usize>,
    /// Number of steps.
    pub steps: usize,
    /// Did the path solve the puzzle?
    pub solved: bool,
    /// Is the puzzle a killer (so it has no SE rating)?
    pub killer: bool,
}

/// Rates the path found from `start`.
pub fn rate(start: &Board, path: &Path) -> Rating {
    let mut board = start.clone();
    let mut techniques = BTreeMap::new();
    let mut se = 0.0f32;
    let mut score = 0;
    let mut hardest: Option<Technique> = None;
    let killer = start.layout().is_killer();
    for step in &path.steps {
        let t = step.technique;
        *techniques.entry(t).or_insert(0) += 1;
        score += t.score();
        if killer {
            // No SE scale: the hardest is the step of the highest level, then score.
            if hardest.is_none_or(|h| (t.level(), t.score()) > (h.level(), h.score())) {
                hardest = Some(t);
            }
        } else {
            let rating = direct_se(&board, step).unwrap_or_else(|| step_se(step));
            if hardest.is_none() || rating > se {
                se = rating;
                hardest = Some(t);
            }
        }
        board.apply(step);
    }
    let mut level = techniques
        .keys()
        .map(|t| t.level())
        .max()
        .unwrap_or(Level::Easy);
    // The thresholds are for 81 cells; other sizes scale them by their cell count. A
    // killer's level is its hardest step's: its path places every digit by logic, in
    // many more steps than a sudoku's, so HoDoKu's thresholds would not measure it.
    let cells = start.layout().cell_count() as u64;
    while !killer
        && level_max_score(level).is_some_and(|max| u64::from(score) * 81 > u64::from(max) * cells)
    {
        level = Level::ALL[Level::ALL
            .iter()
            .position(|&l| l == level)
            .expect("a level")
            + 1];
    }
    Rating {
        level,
        score,
        se: (se * 10.0).round() / 10.0,
        explainer: None,
        hardest,
        techniques,
        steps: path.steps.len(),
        solved: path.solved,
        killer,
    }
}

impl Rating {
    /// Which SE number `se` is: `"explainer"` (SE's own, by SE's path), `"estimate"`
    /// (sudokit's estimate from its own path: layouts SE does not rate) or `"none"` (a
    /// killer: SE has no killer scale).
    pub fn se_kind(&self) -> &'static str {
        if self.explainer.is_some() {
            "explainer"
        } else if self.killer {
            "none"
        } else {
            "estimate"
        }
    }

    /// This rating with SE's own ER as `se` (and EP, ED, the hardest rule) on a 9×9
    /// puzzle `start` that SE's path solves; unchanged otherwise (and when it holds
    /// SE's own rating already). `spare`: threads that SE's chaining searches may borrow
    /// (see [`crate::se::rate_with`]).
    pub fn with_explainer(self, start: &Board, spare: &std::sync::atomic::AtomicUsize) -> Rating {
        self.with_explainer_until(start, spare, None)
    }

    /// [`Rating::with_explainer`], keeping the estimate when SE's path is not done by
    /// `deadline` (checked between its steps).
    pub fn with_explainer_until(
        self,
        start: &Board,
        spare: &std::sync::atomic::AtomicUsize,
        deadline: Option<sudokit_core::time::Instant>,
    ) -> Rating {
        if self.explainer.is_none() && self.solved && start.layout().is_classic() {
            if let Some(e) = crate::se::rate_until(start, spare, deadline) {
                return self.explained_by(e);
            }
        }
        self
    }

    /// This rating with `e`, SE's own ratings of the same puzzle, as its SE number.
    pub fn explained_by(mut self, e: crate::se::Explained) -> Rating {
        self.se = e.er as f32 / 10.0;
        self.explainer = Some(e);
        self
    }
}

/// The rating of the path found from `start`, with SE's one number: on a 9×9 puzzle,
/// `se` is Sudoku Explainer's own rating by SE's path (as serate rates), with EP and ED;
/// elsewhere the estimate. [`rate`] alone gives the estimate, faster.
pub fn rate_explained(start: &Board, path: &Path) -> Rating {
    rate(start, path).with_explainer(start, &std::sync::atomic::AtomicUsize::new(0))
}

/// The lowest rating of a chain step (a closed single-digit loop), in tenths: every
/// rating from here up is a chain length away.
pub const CHAIN_MIN_TENTHS: u32 = 65;

/// SE's direct ratings of `t`, in tenths (none for most techniques): a hidden single in
/// a box or region, then in a line; pointing, claiming, hidden pairs and triples that
/// directly leave a hidden single.
pub fn direct_tenths(t: Technique) -> Vec<u32> {
    match t.entry().se {
        Se::ByHouse {
            box_or_region,
            line,
        } => vec![tenths(box_or_region), tenths(line)],
        Se::Direct { direct, .. } => vec![tenths(direct)],
        _ => Vec::new(),
    }
}

/// A rating in tenths.
fn tenths(se: f32) -> u32 {
    (se * 10.0).round() as u32
}

/// The SE rating of one step, without the board (see [`rate`] for "direct" forms).
pub fn step_se(step: &Step) -> f32 {
    let tenths = match (step.technique.entry().se, &step.pattern) {
        (Se::PerExtraCell(base), Pattern::Rectangle { extra, .. }) => {
            tenths(base) + extra.len() as u32
        }
        (Se::PlusLength(base), Pattern::Chain(c)) => {
            tenths(base) + length_bonus_tenths(c.nodes.len().saturating_sub(2))
        }
        (Se::Chain(base), pattern) => chain_tenths(tenths(base), pattern),
        (Se::Explainer(_), Pattern::Chaining(c)) => c.tenths,
        (Se::Explainer(_), Pattern::Cells { tenths, .. }) => *tenths,
        (Se::Explainer(base), Pattern::Chain(c)) => {
            tenths(base) + length_bonus_tenths(c.nodes.len().saturating_sub(2))
        }
        (rule, _) => tenths(rule.base()),
    };
    tenths as f32 / 10.0
}

/// SE's rating of a chain-like step, in tenths: a closed one-digit loop 6.5, an open
/// one-digit chain 6.6, any other chain at least `base`, at least 7.0; colouring 6.6;
/// forcing 8.5 plus 0.5 per nesting level; each plus the length bonus.
fn chain_tenths(base: u32, pattern: &Pattern) -> u32 {
    match pattern {
        Pattern::Chain(c) => {
            let single_digit = c.nodes.iter().all(|n| n.digit == c.nodes[0].digit);
            let kind = match (single_digit, c.closed) {
                (true, true) => CHAIN_MIN_TENTHS,
                (true, false) => 66,
                _ => base.max(70),
            };
            kind + length_bonus_tenths(c.nodes.len().saturating_sub(2))
        }
        Pattern::Coloring { clusters, .. } => {
            let nodes: usize = clusters.iter().map(|[a, b]| a.len() + b.len()).sum();
            66 + length_bonus_tenths(nodes.saturating_sub(2))
        }
        Pattern::Forcing { branches, .. } => {
            let depth = branches.iter().map(|b| b.depth).max().unwrap_or(0) as u32;
            let implied: usize = branches.iter().map(|b| b.implied.len() + 1).sum();
            85 + 5 * depth + length_bonus_tenths(implied.saturating_sub(2))
        }
        _ => base,
    }
}

/// SE's finer ratings that depend on the board: a hidden single in a box (1.2) or a line
/// (1.5), and pointing, claiming, hidden pairs and triples that directly leave a hidden
/// single (1.7, 1.9, 2.0, 2.5).
fn direct_se(before: &Board, step: &Step) -> Option<f32> {
    let layout = before.layout();
    match (step.technique.entry().se, &step.pattern) {
        (
            Se::ByHouse {
                box_or_region,
                line,
            },
            Pattern::Single { house: Some(h), .. },
        ) => {
            let in_box_or_region = matches!(
                layout.house(*h).kind,
                HouseKind::Box(_) | HouseKind::Region(_)
            );
            Some(if in_box_or_region {
                box_or_region
            } else {
                line
            })
        }
        (Se::Direct { direct, .. }, _) => leaves_hidden_single(before, step).then_some(direct),
        _ => None,
    }
}

/// Does `step` leave a hidden single that was not there before it?
fn leaves_hidden_single(before: &Board, step: &Step) -> bool {
    let layout = before.layout();
    let mut after = before.clone();
    after.apply(step);
    let new_single = |h, d| hidden_single(&after, h, d) && !hidden_single(before, h, d);
    step.eliminations.iter().any(|&(c, d)| {
        let houses = layout.houses_of(c);
        houses.iter().any(|&h| new_single(h, d))
            || step_digits(step)
                .iter()
                .any(|&d2| houses.iter().any(|&h| new_single(h, d2)))
    })
}

fn step_digits(step: &Step) -> Vec<Digit> {
    let mut d: Vec<Digit> = step.eliminations.iter().map(|&(_, d)| d).collect();
    d.sort();
    d.dedup();
    d
}

fn hidden_single(board: &Board, h: sudokit_core::House, d: Digit) -> bool {
    board.open_digits(h).contains(d) && board.house_cells_with(h, d).len() == 1
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn se_length_bonus_table() {
        let bonus: Vec<u32> = [4, 5, 6, 7, 8, 9, 12, 13, 16, 17, 24, 25, 32, 33]
            .iter()
            .map(|&l| length_bonus_tenths(l))
            .collect();
        assert_eq!(bonus, [0, 1, 1, 2, 2, 3, 3, 4, 4, 5, 5, 6, 6, 7]);
    }

    #[test]
    fn level_thresholds() {
        assert_eq!(level_max_score(Level::Hard), Some(1600));
        assert_eq!(level_max_score(Level::Extreme), None);
    }
}
