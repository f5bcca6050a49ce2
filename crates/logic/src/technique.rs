//! The table of techniques: for each, one entry with everything the crate knows about
//! it (names, HoDoKu level and score, Sudoku Explainer rating rule, whether it rests on
//! uniqueness, the chain family it is searched with, what the engine remembers for it).
//! It names no finder: a step carries its technique, so this file stays below the
//! techniques, and `finders.rs` (above them) gives each technique its finder. Adding a
//! technique is writing its finder (in `techniques/`), adding one entry here and one arm
//! there (see ARCHITECTURE.md).
//!
//! The order, levels and scores are HoDoKu 2.2's defaults (hobiwan; `Options.java`,
//! `DEFAULT_SOLVER_STEPS`). Sudoku Explainer ratings follow SE 1.2.1's technique ladder
//! (Nicolas Juillerat; `diuf/sudoku/solver/rules`), with the chain-length rule in
//! `rating.rs`. For techniques SE lacks, the rating is that of what SE uses to make the
//! same deduction: single-digit patterns and coloring are forcing X-chains (6.6), W-Wing
//! and XY-chains are chains with both kinds of links (7.0), finned fish are X-chains
//! (6.6); ALS and Sue de Coq are rated as aligned triplet exclusion / multiple forcing
//! chains (7.5 / 8.0). WXYZ-Wing is not in HoDoKu's defaults: Hard, 200 is our choice.

use std::fmt;
use std::sync::OnceLock;

/// A difficulty level (HoDoKu's five).
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Debug)]
pub enum Level {
    /// Singles only.
    Easy,
    /// Locked candidates and subsets.
    Medium,
    /// Fish, wings, single-digit patterns, uniqueness.
    Hard,
    /// Chains, finned fish, almost locked sets.
    Unfair,
    /// Forcing chains and nets.
    Extreme,
}

impl Level {
    /// The level's name.
    pub fn name(self) -> &'static str {
        match self {
            Level::Easy => "Easy",
            Level::Medium => "Medium",
            Level::Hard => "Hard",
            Level::Unfair => "Unfair",
            Level::Extreme => "Extreme",
        }
    }

    /// All levels, easiest first.
    pub const ALL: [Level; 5] = [
        Level::Easy,
        Level::Medium,
        Level::Hard,
        Level::Unfair,
        Level::Extreme,
    ];
}

impl fmt::Display for Level {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// Everything about one technique.
pub(crate) struct Entry {
    /// The name as displayed, e.g. `X-Wing`.
    pub name: &'static str,
    /// HoDoKu's regression-library codes for it.
    pub codes: &'static [&'static str],
    /// Other names people use (matched as loosely as the name, see
    /// [`Technique::from_name`]).
    pub aliases: &'static [&'static str],
    /// HoDoKu's level for it.
    pub level: Level,
    /// HoDoKu's score for one step of it.
    pub score: u32,
    /// How Sudoku Explainer rates a step of it.
    pub se: Se,
    /// Does it rest on the puzzle having a single solution?
    pub uniqueness: bool,
    /// The family it is searched with, if any.
    pub family: Option<Family>,
    /// What part of the board its result depends on (what the engine remembers).
    pub memory: Memory,
}

/// How Sudoku Explainer rates a step (the rules themselves are in `rating.rs`).
#[derive(Clone, Copy, Debug, PartialEq)]
pub(crate) enum Se {
    /// Always this.
    Fixed(f32),
    /// In a box or jigsaw region, in a line (hidden single).
    ByHouse { box_or_region: f32, line: f32 },
    /// `direct` when the step leaves a new hidden single (SE's "direct" forms), else
    /// `base`.
    Direct { base: f32, direct: f32 },
    /// Plus 0.1 per extra cell of the naked set (unique rectangle type 3).
    PerExtraCell(f32),
    /// Plus SE's length bonus for its chain (XY- and XYZ-Wing).
    PlusLength(f32),
    /// A chain, rated by its kind and length: a closed one-digit loop 6.5, a one-digit
    /// chain 6.6, any other at least this; colouring 6.6 and forcing 8.5 (plus 0.5 per
    /// nesting level); then SE's length bonus.
    Chain(f32),
    /// One of SE's own chaining rules from 7.5 up, rated as its step says (the rule's
    /// base plus the length bonus of its complexity). Searched only when asked for: by
    /// SE's path (`se::rate`) and `hint --technique`; sudokit's own path has its forcing
    /// chains and nets at these places of the ladder.
    Explainer(f32),
    /// A killer technique: SE has no killer scale, so no SE rating (a killer's rating has
    /// none); the number only places it in SE's order, among the techniques a player
    /// tries first.
    Killer(f32),
}

impl Se {
    /// The rating before any refinement: the technique's place on SE's ladder.
    pub fn base(self) -> f32 {
        match self {
            Se::Fixed(se)
            | Se::PerExtraCell(se)
            | Se::PlusLength(se)
            | Se::Chain(se)
            | Se::Explainer(se)
            | Se::Killer(se) => se,
            Se::ByHouse { box_or_region, .. } => box_or_region,
            Se::Direct { base, .. } => base,
        }
    }
}

/// SE's length bonus, in tenths: one for each threshold 4, 6, 8, 12, 16, 24, 32, 48, ...
/// (alternately times 3/2 and 4/3) that `length` exceeds.
pub fn length_bonus_tenths(length: usize) -> u32 {
    let mut tenths = 0;
    let mut threshold = 4usize;
    let mut up = true;
    while length > threshold {
        tenths += 1;
        threshold = if up {
            threshold * 3 / 2
        } else {
            threshold * 4 / 3
        };
        up = !up;
    }
    tenths
}

/// Chain techniques searched together: they share one graph and one search, and the
/// first chain found, of whichever shape, is reported (HoDoKu's "Nice Loop/AIC" search
/// step works the same way). The first member in the engine's order runs the search.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Family {
    /// Continuous and discontinuous nice loops, and AICs.
    NiceLoops,
    /// Their grouped forms (with groups and almost locked sets).
    GroupedNiceLoops,
}

impl Family {
    /// Its members, in the table's order.
    pub fn members(self) -> &'static [Technique] {
        static MEMBERS: OnceLock<[Vec<Technique>; 2]> = OnceLock::new();
        let all = MEMBERS.get_or_init(|| {
            let of = |f| {
                Technique::ALL
                    .iter()
                    .copied()
                    .filter(|t| t.entry().family == Some(f))
                    .collect()
            };
            [of(Family::NiceLoops), of(Family::GroupedNiceLoops)]
        });
        &all[self as usize]
    }
}

/// What part of the board a technique's result depends on: when it found nothing in a
/// part that has not changed since, it finds nothing there again (see `memo.rs`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Memory {
    /// The whole board: looked at afresh every time.
    Whole,
    /// One digit's cells at a time: locked candidates, fish, Skyscraper, 2-String Kite,
    /// Turbot Fish, Empty Rectangle, colouring, X-Chain.
    Digits,
    /// One house's candidates at a time: naked and hidden subsets (not the locked ones,
    /// which also remove candidates from a second house).
    Houses,
    /// The candidates of a pattern's few cells (XY-, XYZ- and WXYZ-Wing): what such a
    /// pattern removes was there before, so a pattern found now and not then has a
    /// cell whose candidates changed.
    Cells,
}

macro_rules! table {
    ($($variant:ident => $entry:expr,)*) => {
        /// A solving technique. The engine tries them in this order, easiest first.
        #[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Debug)]
        #[non_exhaustive]
        pub enum Technique {
            $(
                #[doc = concat!("See [`Technique::name`]: `", stringify!($variant), "`.")]
                $variant,
            )*
        }

        impl Technique {
            /// Every technique, in the engine's order.
            pub const ALL: &'static [Technique] = &[$(Technique::$variant),*];
        }

        /// The entries, in the order of [`Technique::ALL`].
        static TABLE: &[Entry] = &[$($entry),*];
    };
}

use Family::*;
use Level::*;
use Memory::*;
use Se::*;

// In HoDoKu 2.2's search order.
table! {
    FullHouse => Entry {
        name: "Full House", codes: &["0000"], aliases: &[],
        level: Easy, score: 4, se: Fixed(1.0), uniqueness: false, family: None, memory: Whole,
    },
    NakedSingle => Entry {
        name: "Naked Single", codes: &["0003"], aliases: &[],
        level: Easy, score: 4, se: Fixed(2.3), uniqueness: false, family: None, memory: Whole,
    },
    HiddenSingle => Entry {
        name: "Hidden Single", codes: &["0002"], aliases: &[],
        level: Easy, score: 14, se: ByHouse { box_or_region: 1.2, line: 1.5 }, uniqueness: false, family: None, memory: Whole,
    },
    // Killer techniques (only on killers): HoDoKu has none; levels and scores are our
    // choice (docs/killer-design.md): the combinations of one cage are where every
    // killer starts, as singles are for sudoku; a cage's digit locked in a house, and
    // the rule of 45, are the next things a killer player learns.
    CageCombinations => Entry {
        name: "Cage Combinations", codes: &[], aliases: &["Cage Combination", "Killer Combinations"],
        level: Easy, score: 8, se: Killer(1.6), uniqueness: false, family: None, memory: Cells,
    },
    CageHouse => Entry {
        name: "Cage/House Interaction", codes: &[], aliases: &["Cage House Interaction", "Killer Pointing"],
        level: Medium, score: 40, se: Killer(2.7), uniqueness: false, family: None, memory: Cells,
    },
    InniesOuties => Entry {
        name: "Innies and Outies", codes: &[], aliases: &["Rule of 45", "Innies", "Outies", "Innie", "Outie"],
        level: Medium, score: 50, se: Killer(2.9), uniqueness: false, family: None, memory: Cells,
    },
    LockedPair => Entry {
        name: "Locked Pair", codes: &["0110"], aliases: &[],
        level: Medium, score: 40, se: Fixed(3.0), uniqueness: false, family: None, memory: Whole,
    },
    LockedTriple => Entry {
        name: "Locked Triple", codes: &["0111"], aliases: &[],
        level: Medium, score: 60, se: Fixed(3.6), uniqueness: false, family: None, memory: Whole,
    },
    Pointing => Entry {
        name: "Locked Candidates (Pointing)", codes: &["0100"], aliases: &[],
        level: Medium, score: 50, se: Direct { base: 2.6, direct: 1.7 }, uniqueness: false, family: None, memory: Digits,
    },
    Claiming => Entry {
        name: "Locked Candidates (Claiming)", codes: &["0101"], aliases: &[],
        level: Medium, score: 50, se: Direct { base: 2.8, direct: 1.9 }, uniqueness: false, family: None, memory: Digits,
    },
    NakedPair => Entry {
        name: "Naked Pair", codes: &["0200"], aliases: &[],
        level: Medium, score: 60, se: Fixed(3.0), uniqueness: false, family: None, memory: Houses,
    },
    NakedTriple => Entry {
        name: "Naked Triple", codes: &["0201"], aliases: &[],
        level: Medium, score: 80, se: Fixed(3.6), uniqueness: false, family: None, memory: Houses,
    },
    HiddenPair => Entry {
        name: "Hidden Pair", codes: &["0210"], aliases: &[],
        level: Medium, score: 70, se: Direct { base: 3.4, direct: 2.0 }, uniqueness: false, family: None, memory: Houses,
    },
    HiddenTriple => Entry {
        name: "Hidden Triple", codes: &["0211"], aliases: &[],
        level: Medium, score: 100, se: Direct { base: 4.0, direct: 2.5 }, uniqueness: false, family: None, memory: Houses,
    },
    NakedQuad => Entry {
        name: "Naked Quadruple", codes: &["0202"], aliases: &[],
        level: Hard, score: 120, se: Fixed(5.0), uniqueness: false, family: None, memory: Houses,
    },
    HiddenQuad => Entry {
        name: "Hidden Quadruple", codes: &["0212"], aliases: &[],
        level: Hard, score: 150, se: Fixed(5.4), uniqueness: false, family: None, memory: Houses,
    },
    XWing => Entry {
        name: "X-Wing", codes: &["0300"], aliases: &[],
        level: Hard, score: 140, se: Fixed(3.2), uniqueness: false, family: None, memory: Digits,
    },
    Swordfish => Entry {
        name: "Swordfish", codes: &["0301"], aliases: &[],
        level: Hard, score: 150, se: Fixed(3.8), uniqueness: false, family: None, memory: Digits,
    },
    Jellyfish => Entry {
        name: "Jellyfish", codes: &["0302"], aliases: &[],
        level: Hard, score: 160, se: Fixed(5.2), uniqueness: false, family: None, memory: Digits,
    },
    RemotePair => Entry {
        name: "Remote Pair", codes: &["0703"], aliases: &[],
        level: Hard, score: 110, se: Chain(7.0), uniqueness: false, family: None, memory: Whole,
    },
    Bug1 => Entry {
        name: "Bivalue Universal Grave + 1", codes: &["0610"], aliases: &["BUG", "BUG+1"],
        level: Hard, score: 100, se: Fixed(5.6), uniqueness: true, family: None, memory: Whole,
    },
    Skyscraper => Entry {
        name: "Skyscraper", codes: &["0400"], aliases: &[],
        level: Hard, score: 130, se: Chain(6.6), uniqueness: false, family: None, memory: Digits,
    },
    TwoStringKite => Entry {
        name: "2-String Kite", codes: &["0401"], aliases: &[],
        level: Hard, score: 150, se: Chain(6.6), uniqueness: false, family: None, memory: Digits,
    },
    TurbotFish => Entry {
        name: "Turbot Fish", codes: &["0403"], aliases: &[],
        level: Hard, score: 120, se: Chain(6.6), uniqueness: false, family: None, memory: Digits,
    },
    EmptyRectangle => Entry {
        name: "Empty Rectangle", codes: &["0402"], aliases: &[],
        level: Hard, score: 120, se: Chain(6.6), uniqueness: false, family: None, memory: Digits,
    },
    WWing => Entry {
        name: "W-Wing", codes: &["0803"], aliases: &[],
        level: Hard, score: 150, se: Chain(7.0), uniqueness: false, family: None, memory: Whole,
    },
    XyWing => Entry {
        name: "XY-Wing", codes: &["0800"], aliases: &[],
        level: Hard, score: 160, se: PlusLength(4.2), uniqueness: false, family: None, memory: Cells,
    },
    XyzWing => Entry {
        name: "XYZ-Wing", codes: &["0801"], aliases: &[],
        level: Hard, score: 180, se: PlusLength(4.4), uniqueness: false, family: None, memory: Cells,
    },
    WxyzWing => Entry {
        name: "WXYZ-Wing", codes: &["0802"], aliases: &[],
        level: Hard, score: 200, se: Chain(7.0), uniqueness: false, family: None, memory: Cells,
    },
    UniqueRectangle1 => Entry {
        name: "Unique Rectangle Type 1", codes: &["0600"], aliases: &["UR1"],
        level: Hard, score: 100, se: Fixed(4.5), uniqueness: true, family: None, memory: Whole,
    },
    UniqueRectangle2 => Entry {
        name: "Unique Rectangle Type 2", codes: &["0601"], aliases: &["UR2"],
        level: Hard, score: 100, se: Fixed(4.5), uniqueness: true, family: None, memory: Whole,
    },
    UniqueRectangle3 => Entry {
        name: "Unique Rectangle Type 3", codes: &["0602"], aliases: &["UR3"],
        level: Hard, score: 100, se: PerExtraCell(4.5), uniqueness: true, family: None, memory: Whole,
    },
    UniqueRectangle4 => Entry {
        name: "Unique Rectangle Type 4", codes: &["0603"], aliases: &["UR4"],
        level: Hard, score: 100, se: Fixed(4.5), uniqueness: true, family: None, memory: Whole,
    },
    HiddenRectangle => Entry {
        name: "Hidden Rectangle", codes: &["0606"], aliases: &[],
        level: Hard, score: 100, se: Fixed(4.5), uniqueness: true, family: None, memory: Whole,
    },
    FinnedXWing => Entry {
        name: "Finned X-Wing", codes: &["0310"], aliases: &[],
        level: Hard, score: 130, se: Chain(6.6), uniqueness: false, family: None, memory: Digits,
    },
    SashimiXWing => Entry {
        name: "Sashimi X-Wing", codes: &["0320"], aliases: &[],
        level: Hard, score: 150, se: Chain(6.6), uniqueness: false, family: None, memory: Digits,
    },
    FinnedSwordfish => Entry {
        name: "Finned Swordfish", codes: &["0311"], aliases: &[],
        level: Unfair, score: 200, se: Chain(6.6), uniqueness: false, family: None, memory: Digits,
    },
    SashimiSwordfish => Entry {
        name: "Sashimi Swordfish", codes: &["0321"], aliases: &[],
        level: Unfair, score: 240, se: Chain(6.6), uniqueness: false, family: None, memory: Digits,
    },
    FinnedJellyfish => Entry {
        name: "Finned Jellyfish", codes: &["0312"], aliases: &[],
        level: Unfair, score: 250, se: Chain(6.6), uniqueness: false, family: None, memory: Digits,
    },
    SashimiJellyfish => Entry {
        name: "Sashimi Jellyfish", codes: &["0322"], aliases: &[],
        level: Unfair, score: 260, se: Chain(6.6), uniqueness: false, family: None, memory: Digits,
    },
    SueDeCoq => Entry {
        name: "Sue de Coq", codes: &["1101"], aliases: &[],
        level: Unfair, score: 250, se: Chain(7.5), uniqueness: false, family: None, memory: Whole,
    },
    SimpleColorsTrap => Entry {
        name: "Simple Colors Trap", codes: &["0500"], aliases: &[],
        level: Hard, score: 150, se: Chain(6.6), uniqueness: false, family: None, memory: Digits,
    },
    SimpleColorsWrap => Entry {
        name: "Simple Colors Wrap", codes: &["0501"], aliases: &[],
        level: Hard, score: 150, se: Chain(6.6), uniqueness: false, family: None, memory: Digits,
    },
    MultiColors1 => Entry {
        name: "Multi Colors 1", codes: &["0502"], aliases: &[],
        level: Hard, score: 200, se: Chain(6.6), uniqueness: false, family: None, memory: Digits,
    },
    MultiColors2 => Entry {
        name: "Multi Colors 2", codes: &["0503"], aliases: &[],
        level: Hard, score: 200, se: Chain(6.6), uniqueness: false, family: None, memory: Digits,
    },
    XChain => Entry {
        name: "X-Chain", codes: &["0701"], aliases: &[],
        level: Unfair, score: 260, se: Chain(6.6), uniqueness: false, family: None, memory: Digits,
    },
    XyChain => Entry {
        name: "XY-Chain", codes: &["0702"], aliases: &[],
        level: Unfair, score: 260, se: Chain(7.0), uniqueness: false, family: None, memory: Whole,
    },
    ContinuousNiceLoop => Entry {
        name: "Continuous Nice Loop", codes: &["0706"], aliases: &[],
        level: Unfair, score: 280, se: Chain(7.0), uniqueness: false, family: Some(NiceLoops), memory: Whole,
    },
    DiscontinuousNiceLoop => Entry {
        name: "Discontinuous Nice Loop", codes: &["0707"], aliases: &[],
        level: Unfair, score: 280, se: Chain(7.0), uniqueness: false, family: Some(NiceLoops), memory: Whole,
    },
    Aic => Entry {
        name: "AIC", codes: &["0708"], aliases: &[],
        level: Unfair, score: 280, se: Chain(7.0), uniqueness: false, family: Some(NiceLoops), memory: Whole,
    },
    GroupedContinuousNiceLoop => Entry {
        name: "Grouped Continuous Nice Loop", codes: &["0709"], aliases: &[],
        level: Unfair, score: 300, se: Chain(7.0), uniqueness: false, family: Some(GroupedNiceLoops), memory: Whole,
    },
    GroupedDiscontinuousNiceLoop => Entry {
        name: "Grouped Discontinuous Nice Loop", codes: &["0710"], aliases: &[],
        level: Unfair, score: 300, se: Chain(7.0), uniqueness: false, family: Some(GroupedNiceLoops), memory: Whole,
    },
    GroupedAic => Entry {
        name: "Grouped AIC", codes: &["0711"], aliases: &[],
        level: Unfair, score: 300, se: Chain(7.0), uniqueness: false, family: Some(GroupedNiceLoops), memory: Whole,
    },
    AlsXz => Entry {
        name: "ALS-XZ", codes: &["0901"], aliases: &[],
        level: Unfair, score: 300, se: Chain(7.5), uniqueness: false, family: None, memory: Whole,
    },
    AlsXyWing => Entry {
        name: "ALS-XY-Wing", codes: &["0902"], aliases: &[],
        level: Unfair, score: 320, se: Chain(8.0), uniqueness: false, family: None, memory: Whole,
    },
    ForcingChainContradiction => Entry {
        name: "Forcing Chain Contradiction", codes: &["1301"], aliases: &[],
        level: Extreme, score: 500, se: Chain(7.5), uniqueness: false, family: None, memory: Whole,
    },
    ForcingChainVerity => Entry {
        name: "Forcing Chain Verity", codes: &["1302"], aliases: &[],
        level: Extreme, score: 500, se: Chain(8.0), uniqueness: false, family: None, memory: Whole,
    },
    ForcingNetContradiction => Entry {
        name: "Forcing Net Contradiction", codes: &["1303"], aliases: &[],
        level: Extreme, score: 700, se: Chain(8.5), uniqueness: false, family: None, memory: Whole,
    },
    ForcingNetVerity => Entry {
        name: "Forcing Net Verity", codes: &["1304"], aliases: &[],
        level: Extreme, score: 700, se: Chain(8.5), uniqueness: false, family: None, memory: Whole,
    },
    // Sudoku Explainer's own rules below its chaining rules (SE 1.2.1's names and
    // ratings; `se/basic/`, `se/cycles/`): only on request, 9×9 only, like its
    // chaining rules below. HoDoKu has none: the levels and scores are our choice.
    DirectPointing => Entry {
        name: "Direct Pointing", codes: &[], aliases: &[],
        level: Easy, score: 40, se: Explainer(1.7), uniqueness: false, family: None, memory: Whole,
    },
    DirectClaiming => Entry {
        name: "Direct Claiming", codes: &[], aliases: &[],
        level: Easy, score: 45, se: Explainer(1.9), uniqueness: false, family: None, memory: Whole,
    },
    DirectHiddenPair => Entry {
        name: "Direct Hidden Pair", codes: &[], aliases: &[],
        level: Easy, score: 50, se: Explainer(2.0), uniqueness: false, family: None, memory: Whole,
    },
    DirectHiddenTriplet => Entry {
        name: "Direct Hidden Triplet", codes: &[], aliases: &["Direct Hidden Triple"],
        level: Medium, score: 70, se: Explainer(2.5), uniqueness: false, family: None, memory: Whole,
    },
    UniqueLoop => Entry {
        name: "Unique Loop", codes: &[], aliases: &[],
        level: Hard, score: 110, se: Explainer(4.6), uniqueness: true, family: None, memory: Whole,
    },
    BivalueUniversalGrave => Entry {
        name: "Bivalue Universal Grave", codes: &[], aliases: &["BUG type 2", "BUG type 3", "BUG type 4"],
        level: Hard, score: 110, se: Explainer(5.7), uniqueness: true, family: None, memory: Whole,
    },
    AlignedPairExclusion => Entry {
        name: "Aligned Pair Exclusion", codes: &[], aliases: &["APE"],
        level: Unfair, score: 300, se: Explainer(6.2), uniqueness: false, family: None, memory: Whole,
    },
    XCycle => Entry {
        name: "Bidirectional X-Cycle", codes: &[], aliases: &["X-Cycle"],
        level: Unfair, score: 280, se: Explainer(6.5), uniqueness: false, family: None, memory: Whole,
    },
    YCycle => Entry {
        name: "Bidirectional Y-Cycle", codes: &[], aliases: &["Y-Cycle"],
        level: Unfair, score: 280, se: Explainer(6.5), uniqueness: false, family: None, memory: Whole,
    },
    ForcingXChain => Entry {
        name: "Forcing X-Chain", codes: &[], aliases: &[],
        level: Unfair, score: 290, se: Explainer(6.6), uniqueness: false, family: None, memory: Whole,
    },
    XyCycle => Entry {
        name: "Bidirectional Cycle", codes: &[], aliases: &["XY-Cycle"],
        level: Unfair, score: 300, se: Explainer(7.0), uniqueness: false, family: None, memory: Whole,
    },
    ForcingXyChain => Entry {
        name: "Forcing Chain", codes: &[], aliases: &["Forcing XY-Chain"],
        level: Unfair, score: 310, se: Explainer(7.0), uniqueness: false, family: None, memory: Whole,
    },
    AlignedTripletExclusion => Entry {
        name: "Aligned Triplet Exclusion", codes: &[], aliases: &["ATE", "Aligned Triple Exclusion"],
        level: Extreme, score: 550, se: Explainer(7.5), uniqueness: false, family: None, memory: Whole,
    },
    // Sudoku Explainer's chaining rules (SE 1.2.1's names and ratings): only on request
    // (see `Se::Explainer`), 9×9 only. HoDoKu has none: the scores are our choice, above
    // its forcing nets.
    NishioForcingChains => Entry {
        name: "Nishio Forcing Chains", codes: &[], aliases: &["Nishio"],
        level: Extreme, score: 600, se: Explainer(7.5), uniqueness: false, family: None, memory: Whole,
    },
    MultipleForcingChains => Entry {
        name: "Multiple Forcing Chains", codes: &[], aliases: &[],
        level: Extreme, score: 650, se: Explainer(8.0), uniqueness: false, family: None, memory: Whole,
    },
    DynamicForcingChains => Entry {
        name: "Dynamic Forcing Chains", codes: &[], aliases: &[],
        level: Extreme, score: 750, se: Explainer(8.5), uniqueness: false, family: None, memory: Whole,
    },
    DynamicForcingChainsPlus => Entry {
        name: "Dynamic Forcing Chains (+)", codes: &[], aliases: &["Dynamic Forcing Chains Plus"],
        level: Extreme, score: 800, se: Explainer(9.0), uniqueness: false, family: None, memory: Whole,
    },
    NestedForcingChains => Entry {
        name: "Dynamic Forcing Chains (+ Forcing Chains)", codes: &[], aliases: &["Nested Forcing Chains"],
        level: Extreme, score: 900, se: Explainer(9.5), uniqueness: false, family: None, memory: Whole,
    },
    NestedMultipleForcingChains => Entry {
        name: "Dynamic Forcing Chains (+ Multiple Forcing Chains)", codes: &[], aliases: &["Nested Multiple Forcing Chains"],
        level: Extreme, score: 1000, se: Explainer(10.0), uniqueness: false, family: None, memory: Whole,
    },
    NestedDynamicForcingChains => Entry {
        name: "Dynamic Forcing Chains (+ Dynamic Forcing Chains)", codes: &[], aliases: &["Nested Dynamic Forcing Chains"],
        level: Extreme, score: 1100, se: Explainer(10.5), uniqueness: false, family: None, memory: Whole,
    },
    NestedDynamicForcingChainsPlus => Entry {
        name: "Dynamic Forcing Chains (+ Dynamic Forcing Chains (+))", codes: &[], aliases: &["Nested Dynamic Forcing Chains Plus"],
        level: Extreme, score: 1200, se: Explainer(11.0), uniqueness: false, family: None, memory: Whole,
    },
}

impl Technique {
    /// Its entry in the table.
    pub(crate) fn entry(self) -> &'static Entry {
        &TABLE[self as usize]
    }

    /// The name as displayed, e.g. `X-Wing`.
    pub fn name(self) -> &'static str {
        self.entry().name
    }

    /// HoDoKu's level for it.
    pub fn level(self) -> Level {
        self.entry().level
    }

    /// HoDoKu's score for one step of it.
    pub fn score(self) -> u32 {
        self.entry().score
    }

    /// Its Sudoku Explainer rating (steps refine it: see `rating.rs`).
    pub fn se(self) -> f32 {
        self.entry().se.base()
    }

    /// HoDoKu's regression-library codes for it.
    pub fn codes(self) -> &'static [&'static str] {
        self.entry().codes
    }

    /// Does it rest on the puzzle having a single solution?
    pub fn needs_uniqueness(self) -> bool {
        self.entry().uniqueness
    }

    /// Is it searched only when asked for (SE's own chaining rules: by SE's path and
    /// `hint --technique`), never on sudokit's path?
    pub fn on_request(self) -> bool {
        matches!(self.entry().se, Se::Explainer(_))
    }

    /// Is it a killer technique (one that reads cage sums, so finds nothing on a
    /// sudoku without cages)?
    pub fn is_killer(self) -> bool {
        matches!(self.entry().se, Se::Killer(_))
    }

    /// The technique whose displayed name or an alias matches `name` ignoring case,
    /// spaces, hyphens and parentheses (`"x-wing"`, `"XYWing"`, `"locked candidates
    /// pointing"`, `"BUG+1"`), or whose HoDoKu code is `name`.
    pub fn from_name(name: &str) -> Option<Technique> {
        let key = |s: &str| {
            s.chars()
                .filter(|c| c.is_alphanumeric())
                .flat_map(char::to_lowercase)
                .collect::<String>()
        };
        // A name in full first: loosely, "Dynamic Forcing Chains (+)" would be "Dynamic
        // Forcing Chains".
        let exact = Technique::ALL
            .iter()
            .copied()
            .find(|t| t.name().eq_ignore_ascii_case(name.trim()));
        if exact.is_some() {
            return exact;
        }
        let wanted = key(name);
        Technique::ALL.iter().copied().find(|t| {
            let entry = t.entry();
            key(entry.name) == wanted
                || entry.aliases.iter().any(|a| key(a) == wanted)
                || entry.codes.contains(&name)
        })
    }
}

impl fmt::Display for Technique {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_match_loosely() {
        assert_eq!(Technique::from_name("x-wing"), Some(Technique::XWing));
        assert_eq!(Technique::from_name("XY Wing"), Some(Technique::XyWing));
        assert_eq!(Technique::from_name("BUG+1"), Some(Technique::Bug1));
        assert_eq!(
            Technique::from_name("UR1"),
            Some(Technique::UniqueRectangle1)
        );
        assert_eq!(
            Technique::from_name("locked candidates pointing"),
            Some(Technique::Pointing)
        );
        assert_eq!(
            Technique::from_name("0603"),
            Some(Technique::UniqueRectangle4)
        );
        assert_eq!(Technique::from_name("nonsense"), None);
    }

    #[test]
    fn the_table_is_in_the_order_of_the_enum() {
        assert_eq!(TABLE.len(), Technique::ALL.len());
        for (k, &t) in Technique::ALL.iter().enumerate() {
            assert_eq!(t as usize, k);
        }
    }

    #[test]
    fn every_family_starts_with_its_first_member() {
        for family in [NiceLoops, GroupedNiceLoops] {
            let members = family.members();
            assert_eq!(members.len(), 3);
            assert!(members.iter().all(|t| t.entry().family == Some(family)));
        }
    }

    #[test]
    fn every_name_is_distinct() {
        let mut names: Vec<&str> = Technique::ALL.iter().map(|t| t.name()).collect();
        names.sort();
        names.dedup();
        assert_eq!(names.len(), Technique::ALL.len());
    }
}
