//! Each technique's finder, in one exhaustive `match`: the table (`technique.rs`) holds
//! what a technique is, this module what looks for it. It sits above the techniques and
//! the table, so that neither imports the other's layer: a step names its technique, and
//! the finders make steps.

use sudokit_core::CELL_WORDS;

use crate::board::NARROW;
use crate::context::Context;
use crate::se;
use crate::technique::Technique;
use crate::techniques::fish::Kind;
use crate::techniques::{
    als, chains, coloring, fish, forcing, full_house, hidden_single, hidden_subset, killer,
    locked_candidates, naked_single, naked_subset, single_digit, sue_de_coq, uniqueness, wings,
    Focus, Sink,
};

/// A technique's finder: looks at the board of `cx` where `at` says, pushing the steps
/// it finds into the sink; `wanted` is the technique itself, or the members of its
/// family when the engine searches them together (see `technique::Family`).
pub(crate) type Finder<const W: usize> =
    fn(cx: &Context<'_, W>, at: &Focus<'_, W>, sink: &mut Sink, wanted: &[Technique]);

/// A technique's finder for both widths of board the engine runs (see `Board`): the
/// same code compiled twice, by `find!`.
#[derive(Clone, Copy)]
pub(crate) struct Find {
    pub narrow: Finder<NARROW>,
    pub wide: Finder<CELL_WORDS>,
}

/// The finder of one width.
pub(crate) trait Pick<const W: usize> {
    fn pick(&self) -> Finder<W>;
}

impl Pick<NARROW> for Find {
    fn pick(&self) -> Finder<NARROW> {
        self.narrow
    }
}

impl Pick<CELL_WORDS> for Find {
    fn pick(&self) -> Finder<CELL_WORDS> {
        self.wide
    }
}

/// A [`Find`] from one finder (a function generic over the width, or a closure calling
/// such functions), compiled for each width.
macro_rules! find {
    ($f:expr) => {
        Find {
            narrow: $f,
            wide: $f,
        }
    };
}

/// The finder of `technique`.
#[rustfmt::skip]
pub(crate) fn of(technique: Technique) -> Find {
    use Technique::*;
    match technique {
        FullHouse => find!(|cx, _, sink, _| full_house::find(cx.board, sink)),
        NakedSingle => find!(|cx, _, sink, _| naked_single::find(cx.board, sink)),
        HiddenSingle => find!(|cx, _, sink, _| hidden_single::find(cx.board, sink)),
        CageCombinations => find!(|cx, at, sink, _| killer::find_combinations(cx.board, sink, &at.cells)),
        CageHouse => find!(|cx, at, sink, _| killer::find_cage_house(cx.board, sink, &at.cells)),
        InniesOuties => find!(|cx, at, sink, _| killer::find_innies(cx.board, sink, &at.cells)),
        LockedPair => find!(|cx, at, sink, _| naked_subset::find(cx.board, sink, at.houses, 2, true)),
        LockedTriple => find!(|cx, at, sink, _| naked_subset::find(cx.board, sink, at.houses, 3, true)),
        Pointing => find!(|cx, at, sink, _| locked_candidates::find(cx.board, sink, at.digits, true)),
        Claiming => find!(|cx, at, sink, _| locked_candidates::find(cx.board, sink, at.digits, false)),
        NakedPair => find!(|cx, at, sink, _| naked_subset::find(cx.board, sink, at.houses, 2, false)),
        NakedTriple => find!(|cx, at, sink, _| naked_subset::find(cx.board, sink, at.houses, 3, false)),
        HiddenPair => find!(|cx, at, sink, _| hidden_subset::find(cx.board, sink, at.houses, 2)),
        HiddenTriple => find!(|cx, at, sink, _| hidden_subset::find(cx.board, sink, at.houses, 3)),
        NakedQuad => find!(|cx, at, sink, _| naked_subset::find(cx.board, sink, at.houses, 4, false)),
        HiddenQuad => find!(|cx, at, sink, _| hidden_subset::find(cx.board, sink, at.houses, 4)),
        XWing => find!(|cx, at, sink, _| fish::find(cx, sink, at.digits, 2, Kind::Basic)),
        Swordfish => find!(|cx, at, sink, _| fish::find(cx, sink, at.digits, 3, Kind::Basic)),
        Jellyfish => find!(|cx, at, sink, _| fish::find(cx, sink, at.digits, 4, Kind::Basic)),
        RemotePair => find!(chains::find_unless_nothing_proved),
        Bug1 => find!(|cx, _, sink, _| uniqueness::find_bug(cx.board, sink)),
        Skyscraper => find!(|cx, at, sink, wanted| single_digit::find_turbot(cx.board, sink, at.digits, wanted[0])),
        TwoStringKite => find!(|cx, at, sink, wanted| single_digit::find_turbot(cx.board, sink, at.digits, wanted[0])),
        TurbotFish => find!(|cx, at, sink, wanted| single_digit::find_turbot(cx.board, sink, at.digits, wanted[0])),
        EmptyRectangle => find!(|cx, at, sink, _| single_digit::find_empty_rectangle(cx.board, sink, at.digits)),
        WWing => find!(|cx, _, sink, _| {
            if !cx.chains_prove_nothing() {
                wings::find_w(cx.board, sink)
            }
        }),
        XyWing => find!(|cx, at, sink, _| wings::find_xy(cx.board, sink, &at.cells, false)),
        XyzWing => find!(|cx, at, sink, _| wings::find_xy(cx.board, sink, &at.cells, true)),
        WxyzWing => find!(|cx, at, sink, _| wings::find_wxyz(cx.board, sink, &at.cells)),
        UniqueRectangle1 => find!(|cx, _, sink, wanted| uniqueness::find(cx, sink, wanted[0])),
        UniqueRectangle2 => find!(|cx, _, sink, wanted| uniqueness::find(cx, sink, wanted[0])),
        UniqueRectangle3 => find!(|cx, _, sink, wanted| uniqueness::find(cx, sink, wanted[0])),
        UniqueRectangle4 => find!(|cx, _, sink, wanted| uniqueness::find(cx, sink, wanted[0])),
        HiddenRectangle => find!(|cx, _, sink, wanted| uniqueness::find(cx, sink, wanted[0])),
        FinnedXWing => find!(|cx, at, sink, _| fish::find(cx, sink, at.digits, 2, Kind::Finned)),
        SashimiXWing => find!(|cx, at, sink, _| fish::find(cx, sink, at.digits, 2, Kind::Sashimi)),
        FinnedSwordfish => find!(|cx, at, sink, _| fish::find(cx, sink, at.digits, 3, Kind::Finned)),
        SashimiSwordfish => find!(|cx, at, sink, _| fish::find(cx, sink, at.digits, 3, Kind::Sashimi)),
        FinnedJellyfish => find!(|cx, at, sink, _| fish::find(cx, sink, at.digits, 4, Kind::Finned)),
        SashimiJellyfish => find!(|cx, at, sink, _| fish::find(cx, sink, at.digits, 4, Kind::Sashimi)),
        SueDeCoq => find!(|cx, _, sink, _| sue_de_coq::find(cx.board, sink)),
        SimpleColorsTrap => find!(|cx, at, sink, wanted| coloring::find(cx.board, sink, at.digits, wanted[0])),
        SimpleColorsWrap => find!(|cx, at, sink, wanted| coloring::find(cx.board, sink, at.digits, wanted[0])),
        MultiColors1 => find!(|cx, at, sink, wanted| coloring::find(cx.board, sink, at.digits, wanted[0])),
        MultiColors2 => find!(|cx, at, sink, wanted| coloring::find(cx.board, sink, at.digits, wanted[0])),
        XChain => find!(chains::find_unless_nothing_proved),
        XyChain => find!(chains::find_unless_nothing_proved),
        ContinuousNiceLoop => find!(chains::find),
        DiscontinuousNiceLoop => find!(chains::find),
        Aic => find!(chains::find),
        GroupedContinuousNiceLoop => find!(chains::find),
        GroupedDiscontinuousNiceLoop => find!(chains::find),
        GroupedAic => find!(chains::find),
        AlsXz => find!(|cx, _, sink, _| als::find_xz(cx, sink)),
        AlsXyWing => find!(|cx, _, sink, _| als::find_xy_wing(cx, sink)),
        ForcingChainContradiction => find!(|cx, _, sink, _| forcing::find_contradiction(cx.board, sink, 0)),
        ForcingChainVerity => find!(|cx, _, sink, _| forcing::find_verity(cx.board, sink, 0)),
        ForcingNetContradiction => find!(|cx, _, sink, _| forcing::find_net(cx.board, sink, true)),
        ForcingNetVerity => find!(|cx, _, sink, _| forcing::find_net(cx.board, sink, false)),
        DirectPointing => find!(|cx, _, sink, _| se::find_basic(&cx.board.resize(), sink, Technique::DirectPointing)),
        DirectClaiming => find!(|cx, _, sink, _| se::find_basic(&cx.board.resize(), sink, Technique::DirectClaiming)),
        DirectHiddenPair => find!(|cx, _, sink, _| se::find_basic(&cx.board.resize(), sink, Technique::DirectHiddenPair)),
        DirectHiddenTriplet => find!(|cx, _, sink, _| se::find_basic(&cx.board.resize(), sink, Technique::DirectHiddenTriplet)),
        UniqueLoop => find!(|cx, _, sink, _| se::find_basic(&cx.board.resize(), sink, Technique::UniqueLoop)),
        BivalueUniversalGrave => find!(|cx, _, sink, _| se::find_basic(&cx.board.resize(), sink, Technique::BivalueUniversalGrave)),
        AlignedPairExclusion => find!(|cx, _, sink, _| se::find_basic(&cx.board.resize(), sink, Technique::AlignedPairExclusion)),
        XCycle => find!(|cx, _, sink, _| se::find_basic(&cx.board.resize(), sink, Technique::XCycle)),
        YCycle => find!(|cx, _, sink, _| se::find_basic(&cx.board.resize(), sink, Technique::YCycle)),
        ForcingXChain => find!(|cx, _, sink, _| se::find_basic(&cx.board.resize(), sink, Technique::ForcingXChain)),
        XyCycle => find!(|cx, _, sink, _| se::find_basic(&cx.board.resize(), sink, Technique::XyCycle)),
        ForcingXyChain => find!(|cx, _, sink, _| se::find_basic(&cx.board.resize(), sink, Technique::ForcingXyChain)),
        AlignedTripletExclusion => find!(|cx, _, sink, _| se::find_basic(&cx.board.resize(), sink, Technique::AlignedTripletExclusion)),
        NishioForcingChains => find!(|cx, _, sink, _| se::find(&cx.board.resize(), sink, se::Rule::Nishio)),
        MultipleForcingChains => find!(|cx, _, sink, _| se::find(&cx.board.resize(), sink, se::Rule::Multiple)),
        DynamicForcingChains => find!(|cx, _, sink, _| se::find(&cx.board.resize(), sink, se::Rule::Dynamic(0))),
        DynamicForcingChainsPlus => find!(|cx, _, sink, _| se::find(&cx.board.resize(), sink, se::Rule::Dynamic(1))),
        NestedForcingChains => find!(|cx, _, sink, _| se::find(&cx.board.resize(), sink, se::Rule::Dynamic(2))),
        NestedMultipleForcingChains => find!(|cx, _, sink, _| se::find(&cx.board.resize(), sink, se::Rule::Dynamic(3))),
        NestedDynamicForcingChains => find!(|cx, _, sink, _| se::find(&cx.board.resize(), sink, se::Rule::Dynamic(4))),
        NestedDynamicForcingChainsPlus => find!(|cx, _, sink, _| se::find(&cx.board.resize(), sink, se::Rule::Dynamic(5))),
    }
}
