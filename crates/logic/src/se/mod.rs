//! Sudoku Explainer's rating (ER) at the top of the scale, by SE's own path: at each
//! step, the first of SE's rules (in SE 1.2.1's order) that finds anything gives the
//! step, and ER is the hardest step's rating. The rules below the forcing chains are
//! sudokit's techniques that make the same deductions, rated on SE's scale; from 7.5 up
//! they are SE's chaining rules (`chaining.rs`): Nishio, multiple, dynamic, dynamic "+",
//! and nested dynamic chains of levels 2 to 5.

mod chaining;
mod grid;
mod rules;

use std::sync::atomic::AtomicUsize;

use sudokit_core::{Cell, Digit};

use crate::engine::find_first;
use crate::technique::Technique;
use crate::Board;
use chaining::Chainer;
use grid::Grid9;

/// SE's rules below the forcing chains, as sudokit's techniques, in SE's order.
const BELOW_CHAINS: &[Technique] = &[
    Technique::FullHouse,
    Technique::HiddenSingle,
    Technique::NakedSingle,
    Technique::Pointing,
    Technique::Claiming,
    Technique::LockedPair,
    Technique::NakedPair,
    Technique::XWing,
    Technique::HiddenPair,
    Technique::LockedTriple,
    Technique::NakedTriple,
    Technique::Swordfish,
    Technique::HiddenTriple,
    Technique::XyWing,
    Technique::XyzWing,
    Technique::UniqueRectangle1,
    Technique::UniqueRectangle2,
    Technique::UniqueRectangle3,
    Technique::UniqueRectangle4,
    Technique::NakedQuad,
    Technique::Jellyfish,
    Technique::HiddenQuad,
    Technique::Bug1,
    // SE's "Forcing Chains & Cycles" (6.5–7.x): one-digit chains, then both kinds.
    Technique::Skyscraper,
    Technique::TwoStringKite,
    Technique::TurbotFish,
    Technique::EmptyRectangle,
    Technique::XChain,
    Technique::RemotePair,
    Technique::WWing,
    Technique::XyChain,
    Technique::ContinuousNiceLoop,
    Technique::DiscontinuousNiceLoop,
    Technique::Aic,
];

/// SE's chaining rules from 7.5 up, in SE's order.
fn ladder() -> Vec<Chainer> {
    let mut rules = vec![
        Chainer::new(false, true, true, 0),  // Nishio 7.5
        Chainer::new(true, false, false, 0), // Multiple 8.0
        Chainer::new(true, true, false, 0),  // Dynamic 8.5
    ];
    rules.extend((1..=5).map(|level| Chainer::new(true, true, false, level)));
    rules
}

/// SE's three ratings of a puzzle, from its path (serate's `ER/EP/ED`), in tenths.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Explained {
    /// ER: the hardest step's rating.
    pub er: u32,
    /// EP ("pearl"): the hardest rating up to the first step that places a digit.
    pub ep: u32,
    /// ED ("diamond"): the first step's rating.
    pub ed: u32,
    /// The rule of the hardest step (SE's name for its chaining rules).
    pub hardest: String,
    /// The steps of SE's path.
    pub steps: usize,
}

/// One step of SE's path: its rating in tenths, whether it places a digit, its rule.
struct Taken {
    tenths: u32,
    places: bool,
    rule: String,
}

/// SE's ratings of a 9×9 puzzle by SE's path (`None` for other layouts, or when no rule
/// applies: a puzzle without a unique solution).
pub fn rate(start: &Board) -> Option<Explained> {
    rate_with(start, &AtomicUsize::new(0))
}

/// [`rate`], its chaining searches shared with the threads `spare` lends (a count of
/// idle threads, taken and given back around each search). The result is the same.
pub fn rate_with(start: &Board, spare: &AtomicUsize) -> Option<Explained> {
    if !start.layout().is_classic() {
        return None;
    }
    let mut board = start.clone();
    let mut rules = ladder();
    let mut out = Explained {
        er: 0,
        ep: 0,
        ed: 0,
        hardest: String::new(),
        steps: 0,
    };
    let mut placed = false;
    while !board.is_solved() {
        let taken = match BELOW_CHAINS.iter().find_map(|&t| find_first(&board, t)) {
            Some(step) => {
                let se = crate::rating::step_rating(&board, &step);
                board.apply(&step);
                Taken {
                    tenths: (se * 10.0).round() as u32,
                    places: !step.placements.is_empty(),
                    rule: step.technique.name().to_string(),
                }
            }
            None => chain_step(&mut board, &mut rules, spare)?,
        };
        if out.steps == 0 || taken.tenths > out.er {
            out.er = taken.tenths;
            out.hardest = taken.rule;
        }
        if out.steps == 0 {
            out.ed = out.er;
        }
        if !placed {
            out.ep = out.er;
            placed = taken.places;
        }
        out.steps += 1;
    }
    Some(out)
}

/// The first chaining rule with a hint: applies its best hint.
fn chain_step(board: &mut Board, rules: &mut [Chainer], spare: &AtomicUsize) -> Option<Taken> {
    let grid = grid_of(board);
    for rule in rules {
        let Some(hint) = rule.hints_sharing(&grid, spare).into_iter().next() else {
            continue;
        };
        for &(c, v) in &hint.removes {
            board.eliminate(Cell::new(c as usize), Digit::from_index(v as usize));
        }
        if let Some((c, v)) = hint.places {
            board.place(Cell::new(c as usize), Digit::from_index(v as usize));
        }
        return Some(Taken {
            tenths: hint.tenths(),
            places: hint.places.is_some(),
            rule: rule.name(),
        });
    }
    None
}

fn grid_of(board: &Board) -> Grid9 {
    let (mut cands, mut value) = ([0u16; 81], [0u8; 81]);
    for cell in board.layout().cells() {
        let i = cell.index();
        match board.value(cell) {
            Some(d) => value[i] = d.get(),
            None => {
                for d in board.candidates(cell) {
                    cands[i] |= 1 << d.index();
                }
            }
        }
    }
    Grid9::new(cands, value)
}

#[cfg(test)]
mod tests {
    use super::*;
    use sudokit_core::Grid;

    fn explained(line: &str) -> Explained {
        let grid = Grid::from_line(line).expect("a puzzle");
        rate(&Board::new(&grid, None)).expect("a 9x9 puzzle with one solution")
    }

    #[test]
    fn nested_chains_give_serates_ratings() {
        // From the enjoysudoku forum's hardest list, rated by serate 1.2.1.3
        // (`puzzle:ER:EP:ED`): both need forcing chains nested in dynamic ones (9.5).
        for (line, er, ep, ed) in [
            (
                "..3..6.8....1....6.6.72.....1...7..8..4...6..5..3..9...3...2..7..1...4..9......5.",
                102,
                102,
                26,
            ),
            (
                "..3......4...8..36..8...1...4..6..73...9..........2.....4.7..686...2....7..6..5..",
                104,
                104,
                26,
            ),
        ] {
            let e = explained(line);
            assert_eq!((e.er, e.ep, e.ed), (er, ep, ed), "{line}");
            assert_eq!(e.hardest, "Dynamic Forcing Chains (+ Forcing Chains)");
        }
    }

    #[test]
    fn the_components_tell_which_static_chains_refute_their_start() {
        // Every candidate both ways, one digit and both kinds of links: a static forcing
        // chain run finds its start's negation exactly where `self_refuting` says.
        let mut rule = Chainer::new(true, false, false, 0);
        let mut found = 0;
        for line in [
            "6.......2.9.4...5...1...7...5..84.......2.......3.5.4.2.....6...3...9.8...7.....1",
            "4...3.......6..8..........1....5..9..8....6...7.2........1.27..5.3....4.9........",
            "7.8...3.....2.1...5.........4.....263...8.......1...9..9.6....4....7.5...........",
            "..3..6.8....1....6.6.72.....1...7..8..4...6..5..3..9...3...2..7..1...4..9......5.",
        ] {
            let grid = grid_of(&Board::new(&Grid::from_line(line).expect("a puzzle"), None));
            for y in [false, true] {
                let (on, off) = chaining::self_refuting(&grid, y);
                for cell in 0..81 {
                    for d in (0..9).filter(|&d| grid.has(cell, d)) {
                        for (start, set) in [(true, on), (false, off)] {
                            let (_, target) = rule.unary(&grid, cell, d, start, y);
                            let said = set[d] >> cell & 1 != 0;
                            assert_eq!(target.is_some(), said, "{line} {cell} {d} {start} {y}");
                            found += said as usize;
                        }
                    }
                }
            }
        }
        assert!(found > 0);
    }

    #[test]
    fn helper_threads_change_nothing_and_go_back() {
        let line =
            "..3..6.8....1....6.6.72.....1...7..8..4...6..5..3..9...3...2..7..1...4..9......5.";
        let board = Board::new(&Grid::from_line(line).expect("a puzzle"), None);
        let spare = AtomicUsize::new(3);
        assert_eq!(rate_with(&board, &spare), rate(&board));
        assert_eq!(spare.into_inner(), 3);
    }

    #[test]
    fn other_layouts_have_no_explainer_rating() {
        let grid = Grid::from_line(&".".repeat(16)).expect("a 4x4 grid");
        assert_eq!(rate(&Board::new(&grid, None)), None);
    }
}
