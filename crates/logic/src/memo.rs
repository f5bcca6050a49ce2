//! What the engine remembers from one board to the next along a path, to skip searches
//! that cannot find anything.

use std::sync::Arc;

use sudokit_core::{CellSet, Digit, DigitSet, House, Layout};

use crate::board::Board;
use crate::technique::Technique;
use crate::techniques::als;

/// What part of the board a technique's result depends on.
pub(crate) enum Memory {
    /// One digit's cells at a time: fish, Skyscraper, 2-String Kite, Turbot Fish, Empty
    /// Rectangle, colouring, X-Chain.
    Digits,
    /// One house's candidates at a time: naked and hidden subsets (not the locked ones,
    /// which also remove candidates from a second house).
    Houses,
}

impl Memory {
    /// How `technique` is remembered, if it is.
    pub fn of(technique: Technique) -> Option<Memory> {
        use Technique::*;
        match technique {
            XWing | Swordfish | Jellyfish | FinnedXWing | FinnedSwordfish | FinnedJellyfish
            | SashimiXWing | SashimiSwordfish | SashimiJellyfish | Skyscraper | TwoStringKite
            | TurbotFish | EmptyRectangle | SimpleColorsTrap | SimpleColorsWrap | MultiColors1
            | MultiColors2 | XChain => Some(Memory::Digits),
            NakedPair | NakedTriple | NakedQuad | HiddenPair | HiddenTriple | HiddenQuad => {
                Some(Memory::Houses)
            }
            _ => None,
        }
    }
}

/// What the engine remembers from one board to the next along a path.
///
/// Some techniques see only a part of the board at a time: one digit's cells (fish,
/// single-digit patterns, colouring, X-Chain) or one house's candidates (naked and hidden
/// subsets). When such a technique found nothing in a part, it finds nothing there again
/// while that part stays the same, so the engine looks only at the parts that changed
/// since. A step changes a few digits and houses, so most of these searches are skipped,
/// and the path is the same as without a memo.
#[derive(Clone, Debug, Default)]
pub struct Memo {
    layout: Option<Arc<Layout>>,
    /// `digits[technique * side + digit]`: the digit's cells when the technique last
    /// found nothing in them.
    digits: Vec<Option<CellSet>>,
    /// `houses[(technique * houses + house) * side ..][..side]`: the candidates of the
    /// house's cells when the technique last found nothing there (`known` says which).
    houses: Vec<DigitSet>,
    known: Vec<bool>,
    /// The almost locked sets of each house.
    pub(crate) als: als::Cache,
}

impl Memo {
    /// An empty memo.
    pub fn new() -> Memo {
        Memo::default()
    }

    /// Forgets everything when `board` has another layout than the last one.
    fn adopt(&mut self, board: &Board) {
        let layout = board.layout();
        if self.layout.as_ref().is_some_and(|l| Arc::ptr_eq(l, layout)) {
            return;
        }
        let (side, houses) = (layout.side(), layout.houses().len());
        self.layout = Some(layout.clone());
        self.digits = vec![None; Technique::ALL.len() * side];
        self.houses = vec![DigitSet::EMPTY; Technique::ALL.len() * houses * side];
        self.known = vec![false; Technique::ALL.len() * houses];
    }

    /// The digits `technique` has to look at on `board`.
    pub(crate) fn fresh_digits(&mut self, board: &Board, technique: Technique) -> DigitSet {
        self.adopt(board);
        let at = technique as usize * board.side();
        Digit::all(board.side())
            .filter(|&d| self.digits[at + d.index()].as_ref() != Some(board.cells_with(d)))
            .collect()
    }

    /// The houses `technique` has to look at on `board`, in order.
    pub(crate) fn fresh_houses(&mut self, board: &Board, technique: Technique) -> Vec<House> {
        self.adopt(board);
        let layout = board.layout();
        (0..layout.houses().len())
            .map(House::new)
            .filter(|&h| {
                let slot = technique as usize * layout.houses().len() + h.index();
                let cells = &layout.house(h).cells;
                let seen = &self.houses[slot * layout.side()..][..cells.len()];
                !self.known[slot]
                    || cells
                        .iter()
                        .zip(seen)
                        .any(|(&c, &marks)| board.candidates(c) != marks)
            })
            .collect()
    }

    /// Remembers that `technique` found nothing in the cells of `digits` on `board`.
    pub(crate) fn no_digits(&mut self, board: &Board, technique: Technique, digits: DigitSet) {
        let at = technique as usize * board.side();
        for d in digits {
            self.digits[at + d.index()] = Some(*board.cells_with(d));
        }
    }

    /// Remembers that `technique` found nothing in `houses` on `board`.
    pub(crate) fn no_houses(&mut self, board: &Board, technique: Technique, houses: &[House]) {
        let layout = board.layout();
        for &h in houses {
            let slot = technique as usize * layout.houses().len() + h.index();
            let cells = &layout.house(h).cells;
            for (k, &c) in cells.iter().enumerate() {
                self.houses[slot * layout.side() + k] = board.candidates(c);
            }
            self.known[slot] = true;
        }
    }
}
