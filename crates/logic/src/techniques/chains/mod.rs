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

use super::{Focus, Sink};
use crate::analysis::closure::provable;
use crate::analysis::graph::{build, proved_digits, Scope};
use crate::analysis::link::prune_to_pair;
use crate::context::Context;
use crate::technique::Technique;
use crate::Board;
use search::{search, search_from};

/// Looks for chains of the `wanted` techniques, which must share one scope (X-Chains:
/// on `at.digits` only; the other chains use every digit). A [`crate::finders::Finder`].
pub(crate) fn find<const W: usize>(
    ctx: &Context<'_, W>,
    at: &Focus<'_, W>,
    sink: &mut Sink,
    wanted: &[Technique],
) {
    match wanted[0] {
        Technique::RemotePair => find_remote_pairs(ctx.board, sink, wanted),
        Technique::XChain => find_x_chains(ctx, at.digits, sink, wanted),
        Technique::XyChain => {
            let board = ctx.board;
            let g = build(board, &[], DigitSet::full(board.side()), Scope::Bivalue);
            search(board, &g, sink, wanted, None);
        }
        Technique::GroupedContinuousNiceLoop
        | Technique::GroupedDiscontinuousNiceLoop
        | Technique::GroupedAic => find_in_stages(ctx, sink, wanted, Scope::Grouped),
        _ => find_in_stages(ctx, sink, wanted, Scope::All),
    }
}

/// [`find`], unless the implications between single candidates prove nothing at all
/// (then X-Chains, Remote Pairs and XY-Chains, parts of that graph, find nothing).
pub(crate) fn find_unless_nothing_proved<const W: usize>(
    ctx: &Context<'_, W>,
    at: &Focus<'_, W>,
    sink: &mut Sink,
    wanted: &[Technique],
) {
    if !ctx.chains_prove_nothing() {
        find(ctx, at, sink, wanted);
    }
}

/// Remote pairs: chains over cells holding exactly one pair of digits. One that
/// eliminates anything has at least four cells.
fn find_remote_pairs<const W: usize>(board: &Board<W>, sink: &mut Sink, wanted: &[Technique]) {
    let mut pairs: Vec<DigitSet> = board
        .layout()
        .cells()
        .map(|c| board.candidates(c))
        .filter(|c| c.len() == 2)
        .collect();
    pairs.sort_by_key(|p| p.bits());
    let with_four = pairs.chunk_by(|a, b| a == b).filter(|run| run.len() >= 4);
    for pair in with_four.map(|run| run[0]) {
        let mut g = build(board, &[], pair, Scope::Bivalue);
        prune_to_pair(board, &mut g, pair);
        if search(board, &g, sink, wanted, None) {
            return;
        }
    }
}

/// X-Chains, one digit at a time. A digit's graph is part of the graph of every
/// candidate: it proves something only about candidates that graph proves something
/// about.
fn find_x_chains<const W: usize>(
    ctx: &Context<'_, W>,
    digits: DigitSet,
    sink: &mut Sink,
    wanted: &[Technique],
) {
    let digits = match ctx.provable(Scope::All) {
        Some(proved) if sink.first => digits.and(proved_digits(ctx.graph(Scope::All), proved)),
        _ => digits,
    };
    for digit in digits {
        let g = build(ctx.board, &[], DigitSet::single(digit), Scope::SingleDigit);
        let proved = if sink.first { provable(&g) } else { None };
        if search(ctx.board, &g, sink, wanted, proved.as_deref()) {
            return;
        }
    }
}

/// Chains through cells (`Scope::All`), or through groups, then through almost locked
/// sets too (when all steps are wanted, the second search finds every chain of the
/// first).
fn find_in_stages<const W: usize>(
    ctx: &Context<'_, W>,
    sink: &mut Sink,
    wanted: &[Technique],
    scope: Scope,
) {
    let stages: &[Scope] = match scope {
        Scope::All => &[Scope::All],
        _ if sink.first => &[Scope::Grouped, Scope::GroupedAls],
        _ => &[Scope::GroupedAls],
    };
    for &stage in stages {
        if search_stage(ctx, sink, wanted, stage) {
            return;
        }
    }
}

/// The search of one stage. For the first step only, it starts from the nodes the
/// implications prove something about, in index order; with groups, the first of them
/// is found without closing the whole graph
/// ([`crate::analysis::closure::first_provable`]), and the whole
/// closure is made only when no step comes from it (2 boards in 4,200 on top1465).
fn search_stage<const W: usize>(
    ctx: &Context<'_, W>,
    sink: &mut Sink,
    wanted: &[Technique],
    stage: Scope,
) -> bool {
    let (board, g) = (ctx.board, ctx.graph(stage));
    if !sink.first {
        return search(board, g, sink, wanted, None);
    }
    if stage != Scope::All {
        match ctx.first_provable(stage) {
            Some(None) => return false,
            Some(Some(start)) if search_from(board, g, sink, wanted, [start]) => return true,
            _ => {}
        }
    }
    search(board, g, sink, wanted, ctx.provable(stage))
}
