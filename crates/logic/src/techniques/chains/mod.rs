//! Chains: X-Chain, XY-Chain, Remote Pair, Continuous and Discontinuous Nice Loops,
//! AIC, and their grouped forms.
//!
//! An alternating inference chain (AIC) runs over candidates (nodes), alternating strong
//! links (not both false: a bivalue cell, a conjugate pair) and weak links (not both true:
//! one cell, or one digit in two cells of a house). Reading it from a node assumed false,
//! every second node is true; so one of its two ends is true. Grouped chains also use
//! groups: the cells of a digit where a line meets a box, acting as one node; and
//! almost locked sets (N cells, N + 1 digits), one node per digit ("the set holds it"):
//! two digits of a set are strongly linked (it lacks at most one), and a digit is
//! strongly linked to a candidate the set forces without it (HoDoKu's ALS forcing: the
//! set then holds all its other digits, which leave a cell with one candidate).
//!
//! The search is breadth-first from every node over the states "node off" and "node on",
//! so each conclusion comes with its shortest chain.

mod conclude;
mod search;

use sudokit_core::DigitSet;

use super::Sink;
use crate::analysis::closure::provable;
use crate::analysis::graph::{build, proved_digits, Scope};
use crate::context::Context;
use crate::technique::Technique;
use search::search;

/// The chain techniques searched together by [`find`]: each family shares one graph and
/// one search, and the first chain found, of whichever shape, is reported (HoDoKu's
/// "Nice Loop/AIC" search step works the same way).
pub(crate) const FAMILIES: [&[Technique]; 2] = [
    &[
        Technique::ContinuousNiceLoop,
        Technique::DiscontinuousNiceLoop,
        Technique::Aic,
    ],
    &[
        Technique::GroupedContinuousNiceLoop,
        Technique::GroupedDiscontinuousNiceLoop,
        Technique::GroupedAic,
    ],
];

/// Looks for chains of the given techniques, which must share one scope (X-Chains: on
/// `digits` only; the other chains use every digit).
pub(crate) fn find(ctx: &Context, sink: &mut Sink, digits: DigitSet, techniques: &[Technique]) {
    let board = ctx.board;
    let scope = match techniques[0] {
        Technique::XChain => Scope::SingleDigit,
        Technique::XyChain | Technique::RemotePair => Scope::Bivalue,
        Technique::GroupedContinuousNiceLoop
        | Technique::GroupedDiscontinuousNiceLoop
        | Technique::GroupedAic => Scope::Grouped,
        _ => Scope::All,
    };
    match scope {
        Scope::Bivalue if techniques[0] == Technique::RemotePair => {
            // Chains over cells holding exactly one pair of digits: a remote pair that
            // eliminates anything has at least four cells.
            let mut pairs: Vec<DigitSet> = board
                .layout()
                .cells()
                .map(|c| board.candidates(c))
                .filter(|c| c.len() == 2)
                .collect();
            pairs.sort_by_key(|p| p.bits());
            let with_four = pairs.chunk_by(|a, b| a == b).filter(|run| run.len() >= 4);
            for pair in with_four.map(|run| run[0]) {
                let mut g = build(board, &[], pair, scope);
                crate::analysis::link::prune_to_pair(board, &mut g, pair);
                if search(board, &g, sink, techniques, None) {
                    return;
                }
            }
        }
        Scope::SingleDigit => {
            // A digit's graph is part of the graph of every candidate: it proves
            // something only about candidates that graph proves something about.
            let digits = match ctx.provable(Scope::All) {
                Some(proved) if sink.first => {
                    digits.and(proved_digits(ctx.graph(Scope::All), proved))
                }
                _ => digits,
            };
            for digit in digits {
                let g = build(board, &[], DigitSet::single(digit), scope);
                let proved = if sink.first { provable(&g) } else { None };
                if search(board, &g, sink, techniques, proved.as_deref()) {
                    return;
                }
            }
        }
        Scope::Bivalue => {
            search(
                board,
                &build(board, &[], DigitSet::full(board.side()), scope),
                sink,
                techniques,
                None,
            );
        }
        Scope::All | Scope::Grouped | Scope::GroupedAls => {
            // Chains through cells, or through groups, then through almost locked sets
            // too (when all steps are wanted, the second search finds every chain of the
            // first).
            let first = sink.first;
            let proved = |scope| if first { ctx.provable(scope) } else { None };
            let stages: &[Scope] = match scope {
                Scope::All => &[Scope::All],
                _ if sink.first => &[Scope::Grouped, Scope::GroupedAls],
                _ => &[Scope::GroupedAls],
            };
            for &stage in stages {
                if search(board, ctx.graph(stage), sink, techniques, proved(stage)) {
                    return;
                }
            }
        }
    }
}

/// The shape `technique` reads a chain as.
fn shape_of(technique: Technique) -> Shape {
    match technique {
        Technique::ContinuousNiceLoop | Technique::GroupedContinuousNiceLoop => Shape::Continuous,
        Technique::DiscontinuousNiceLoop | Technique::GroupedDiscontinuousNiceLoop => {
            Shape::Discontinuous
        }
        _ => Shape::Open,
    }
}

#[derive(Clone, Copy, PartialEq, Eq, Debug)]
/// How a chain closes: open (an AIC), a continuous loop, a discontinuous one.
enum Shape {
    Open,
    Continuous,
    Discontinuous,
}
