//! Sudoku Explainer's rating (ER) at the top of the scale, by SE's own path: at each
//! step, the first of SE's rules (in SE 1.2.1's order) that finds anything gives the
//! step, and ER is the hardest step's rating. The rules below the forcing chains are
//! sudokit's techniques that make the same deductions, rated on SE's scale; from 7.5 up
//! they are SE's chaining rules (`chaining.rs`): Nishio, multiple, dynamic, dynamic "+",
//! and nested dynamic chains of levels 2 to 5.

mod chaining;
mod grid;
mod rules;

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
        Chainer::new(false, true, true, 0), // Nishio 7.5
        Chainer::new(true, false, false, 0), // Multiple 8.0
        Chainer::new(true, true, false, 0), // Dynamic 8.5
    ];
    rules.extend((1..=5).map(|level| Chainer::new(true, true, false, level)));
    rules
}

/// What SE's path found: the rating of its hardest step, in tenths, and how many steps.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Explained {
    /// The hardest step's rating, in tenths (ER × 10).
    pub tenths: u32,
    /// The steps of SE's path.
    pub steps: usize,
}

/// SE's rating of a 9×9 puzzle by SE's path (`None` for other layouts, or when no rule
/// applies: a puzzle without a unique solution).
pub fn rate(start: &Board) -> Option<Explained> {
    if !start.layout().is_classic() {
        return None;
    }
    let mut board = start.clone();
    let mut rules = ladder();
    let (mut max, mut steps) = (0, 0);
    while !board.is_solved() {
        let tenths = match BELOW_CHAINS.iter().find_map(|&t| find_first(&board, t)) {
            Some(step) => {
                let se = crate::rating::step_rating(&board, &step);
                board.apply(&step);
                (se * 10.0).round() as u32
            }
            None => chain_step(&mut board, &mut rules)?,
        };
        max = max.max(tenths);
        steps += 1;
    }
    Some(Explained { tenths: max, steps })
}

/// The first chaining rule with a hint: applies its best hint, returns its rating.
fn chain_step(board: &mut Board, rules: &mut [Chainer]) -> Option<u32> {
    let grid = grid_of(board);
    for rule in rules {
        let Some(hint) = rule.hints(&grid, None).into_iter().next() else {
            continue;
        };
        for &(c, v) in &hint.removes {
            board.eliminate(Cell::new(c as usize), Digit::from_index(v as usize));
        }
        if let Some((c, v)) = hint.places {
            board.place(Cell::new(c as usize), Digit::from_index(v as usize));
        }
        return Some(hint.tenths());
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
