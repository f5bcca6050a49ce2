//! The engine: try the techniques in order, apply the first step found, repeat.

use sudokit_core::cancel::Cancel;
use sudokit_core::time::Instant;

use sudokit_core::House;

use crate::board::{Board, NARROW};
use crate::context::Context;
use crate::finders::{self, Find, Pick};
use crate::memo::{Kept, Memo};
use crate::step::{Path, Step};
use crate::technique::{Level, Technique};
use crate::techniques::{Focus, Sink};

/// What the engine may use.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Options {
    /// Use the uniqueness techniques (Unique Rectangles, Hidden Rectangle, BUG+1). Only
    /// sound when the puzzle has exactly one solution. By default on.
    pub uniqueness: bool,
    /// The order the techniques are tried in.
    pub order: Order,
}

impl Default for Options {
    fn default() -> Options {
        Options {
            uniqueness: true,
            order: Order::SudokuExplainer,
        }
    }
}

/// Which technique counts as the easiest when several find a step.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub enum Order {
    /// HoDoKu 2.2's default order ([`Technique::ALL`], without the techniques searched
    /// only on request).
    HoDoKu,
    /// Sudoku Explainer's (the default): by SE rating, lowest first (ties in HoDoKu's
    /// order), as SE always applies the lowest-rated step it finds; so the `se` estimate
    /// follows SE's own path, and hidden singles come before naked singles, as a person
    /// finds them.
    #[default]
    SudokuExplainer,
}

impl Order {
    /// The techniques in this order.
    pub fn techniques(self) -> &'static [Technique] {
        static ORDERS: std::sync::OnceLock<[Vec<Technique>; 2]> = std::sync::OnceLock::new();
        let [hodoku, by_se] = ORDERS.get_or_init(|| {
            let path: Vec<Technique> = Technique::ALL
                .iter()
                .copied()
                .filter(|t| !t.on_request())
                .collect();
            let mut by_se = path.clone();
            by_se.sort_by_key(|t| (t.se() * 10.0).round() as u32);
            [path, by_se]
        });
        match self {
            Order::HoDoKu => hodoku,
            Order::SudokuExplainer => by_se,
        }
    }
}

/// Every house of `board`'s layout, in order.
fn all_houses<const W: usize>(board: &Board<W>) -> Vec<House> {
    (0..board.layout().houses().len()).map(House::new).collect()
}

/// The next step: the first technique, in order, that finds one. Nice loops and AICs
/// (and their grouped forms) are one search each, as in HoDoKu: whichever shape is found
/// first is reported.
pub fn next_step(board: &Board, options: &Options) -> Option<Step> {
    next_step_with(board, options, &mut Memo::new())
}

/// [`next_step`] with a memo carried along a path (the boards of successive calls
/// should differ by a few steps; any boards give the same steps, only slower).
pub fn next_step_with(board: &Board, options: &Options, memo: &mut Memo) -> Option<Step> {
    next_step_observed(board, options, memo, &mut |_, _| {})
}

/// [`next_step_with`], calling `observe` after each technique tried with it and whether
/// it found the step (for profiling the engine).
#[doc(hidden)]
pub fn next_step_observed(
    board: &Board,
    options: &Options,
    memo: &mut Memo,
    observe: &mut dyn FnMut(Technique, bool),
) -> Option<Step> {
    match narrow(board) {
        Some(small) => next_step_in(&small, options, None, &mut memo.narrow, observe),
        None => next_step_in(board, options, None, &mut memo.wide, observe),
    }
}

/// [`next_step_with`] for a path that must stay within `level`: the techniques after the
/// last one of `level` or below, in the order, are not searched. So the step found is
/// [`next_step_with`]'s, or none where it would find none or a step of a technique above
/// `level` (one the path could not take anyway). The techniques above a level are the
/// slowest to search, and a board stuck below them searches them all for nothing.
pub fn next_step_within(
    board: &Board,
    options: &Options,
    level: Level,
    memo: &mut Memo,
) -> Option<Step> {
    let observe = &mut |_, _| {};
    match narrow(board) {
        Some(small) => next_step_in(&small, options, Some(level), &mut memo.narrow, observe),
        None => next_step_in(board, options, Some(level), &mut memo.wide, observe),
    }
}

/// `board` in two words, when its layout has at most 128 cells: what the engine runs
/// (see [`Board`]).
fn narrow(board: &Board) -> Option<Board<NARROW>> {
    (board.layout().cell_count() <= 64 * NARROW).then(|| board.resize())
}

/// [`next_step_observed`] on a board of `W` words.
fn next_step_in<const W: usize>(
    board: &Board<W>,
    options: &Options,
    within: Option<Level>,
    kept: &mut Kept<W>,
    observe: &mut dyn FnMut(Technique, bool),
) -> Option<Step>
where
    Find: Pick<W>,
{
    kept.adopt(board);
    let Kept {
        marks,
        als,
        chain_als,
        ..
    } = kept;
    let ctx = Context::with_cache(board, [als, chain_als]);
    let mut sink = Sink::new(true);
    let houses = all_houses(board);
    let all = Focus::all(board, &houses);
    let killer = board.layout().is_killer();
    let usable =
        |t: &Technique| sound_on(t, killer) && (options.uniqueness || !t.needs_uniqueness());
    let order = options.order.techniques();
    let end = match within {
        None => order.len(),
        Some(level) => order
            .iter()
            .rposition(|&t| usable(&t) && searches_within(t, level))
            .map_or(0, |i| i + 1),
    };
    for &t in order[..end].iter().filter(|t| usable(t)) {
        let entry = t.entry();
        let find = finders::of(t).pick();
        // A family is searched once, by its first member.
        let wanted = match entry.family {
            Some(family) if family.members()[0] != t => continue,
            Some(family) => family.members(),
            None => std::slice::from_ref(&t),
        };
        match marks.focus(board, t) {
            // Nothing changed where it looks: it finds nothing again.
            Some(focus) if focus.is_empty() => {}
            Some(focus) => {
                find(&ctx, &focus.on(&all), &mut sink, wanted);
                if sink.steps.is_empty() {
                    marks.found_nothing(board, t, &focus);
                }
            }
            None => find(&ctx, &all, &mut sink, wanted),
        }
        let step = sink.steps.pop();
        observe(t, step.is_some());
        if step.is_some() {
            return step;
        }
    }
    None
}

/// Does the search at `t`'s place in the order look for a technique of `level` or
/// below? A family is searched by its first member, for every member.
fn searches_within(t: Technique, level: Level) -> bool {
    match t.entry().family {
        Some(family) => {
            family.members()[0] == t && family.members().iter().any(|m| m.level() <= level)
        }
        None => t.level() <= level,
    }
}

/// Can `t` be used on a killer (`killer`) or a sudoku without cages? The uniqueness
/// techniques cannot on a killer: the other solution a deadly pattern would give need not
/// keep the cage sums, so it proves nothing; and the killer techniques find nothing
/// without cages.
fn sound_on(t: &Technique, killer: bool) -> bool {
    if killer {
        !t.needs_uniqueness()
    } else {
        !t.is_killer()
    }
}

/// The first step `technique` finds on `board`, if any.
pub fn find_first(board: &Board, technique: Technique) -> Option<Step> {
    steps(board, technique, true).into_iter().next()
}

/// Every step `technique` finds on `board` (all instances, not only the first).
pub fn find_all(board: &Board, technique: Technique) -> Vec<Step> {
    steps(board, technique, false)
}

/// The steps `technique` finds looking everywhere on `board` (only the first: `first`).
fn steps(board: &Board, technique: Technique, first: bool) -> Vec<Step> {
    match narrow(board) {
        Some(small) => steps_in(&small, technique, first),
        None => steps_in(board, technique, first),
    }
}

/// [`steps`] on a board of `W` words.
fn steps_in<const W: usize>(board: &Board<W>, technique: Technique, first: bool) -> Vec<Step>
where
    Find: Pick<W>,
{
    let mut sink = Sink::new(first);
    if !sound_on(&technique, board.layout().is_killer()) {
        return Vec::new();
    }
    let houses = all_houses(board);
    let find = finders::of(technique).pick();
    find(
        &Context::new(board),
        &Focus::all(board, &houses),
        &mut sink,
        &[technique],
    );
    sink.steps
}

/// Applies steps until the puzzle is solved or no technique finds anything. Under a
/// cancelled token (the thread's current one, see [`sudokit_core::cancel`]) it stops
/// early, between steps or inside a long one: the path so far, not solved.
pub fn solve(board: &Board, options: &Options) -> Path {
    let (path, _) = solve_until(board, options, None);
    path
}

/// [`solve`], giving up (`None`) once `deadline` has passed or the thread's current
/// cancel token is cancelled: checked between steps and inside the long searches of a
/// step (forcing chains and nets), for a server that must answer in bounded time.
pub fn solve_within(board: &Board, options: &Options, deadline: Instant) -> Option<Path> {
    match solve_until(board, options, Some(deadline)) {
        (path, false) => Some(path),
        (_, true) => None,
    }
}

/// The path, and whether a deadline or the thread's cancel token cut it short.
fn solve_until(board: &Board, options: &Options, deadline: Option<Instant>) -> (Path, bool) {
    let token = Cancel::current().child(deadline);
    let ((steps, end), cut) = token.enter(|| match narrow(board) {
        Some(small) => {
            let ((steps, end), cut) = solve_in(small, options, &token);
            ((steps, end.resize()), cut)
        }
        None => solve_in(board.clone(), options, &token),
    });
    let solved = end.is_solved();
    let path = Path {
        steps,
        board: end,
        solved,
    };
    (path, cut)
}

/// The steps [`solve_until`] applies to `board` (of `W` words), the board they lead to,
/// and whether `token` cut them short.
fn solve_in<const W: usize>(
    mut board: Board<W>,
    options: &Options,
    token: &Cancel,
) -> ((Vec<Step>, Board<W>), bool)
where
    Find: Pick<W>,
{
    let mut steps = Vec::new();
    let mut kept = Kept::default();
    while !board.is_solved() {
        if token.is_cancelled() {
            return ((steps, board), true);
        }
        let Some(step) = next_step_in(&board, options, None, &mut kept, &mut |_, _| {}) else {
            break;
        };
        board.apply(&step);
        steps.push(step);
    }
    // A search a cancelled token stopped finds nothing: that is no dead end.
    let cut = !board.is_solved() && token.is_cancelled();
    ((steps, board), cut)
}

#[cfg(test)]
mod tests {
    use sudokit_core::{DigitSet, Grid, CELL_WORDS};

    use super::*;
    use crate::analysis::graph::{proved_digits, Scope};
    use crate::technique::Family;
    use crate::techniques::{chains, wings};

    /// Looking everywhere on `board`.
    fn all(board: &Board) -> Focus<'static, CELL_WORDS> {
        Focus::all(board, &[])
    }

    /// Calls `each` on every board along the paths of three top1465 puzzles (magictour).
    fn along_three_paths(mut each: impl FnMut(&Board)) {
        let puzzles = [
            "4...3.......6..8..........1....5..9..8....6...7.2........1.27..5.3....4.9........",
            "7.8...3.....2.1...5.........4.....263...8.......1...9..9.6....4....7.5...........",
            "7.8...3.....6.1...5.........4.....263...8.......1...9..9.2....4....7.5...........",
        ];
        for line in puzzles {
            let start = Board::new(&Grid::from_line(line).expect("a puzzle"), None);
            let path = solve(&start, &Options::default());
            assert!(path.solved);
            let mut board = start;
            for step in &path.steps {
                each(&board);
                board.apply(step);
            }
        }
    }

    /// The engine runs boards of up to 128 cells in two words; the same boards in ten
    /// words (as larger layouts run) give the same paths, step for step.
    #[test]
    fn both_widths_give_the_same_paths() {
        for line in crate::analysis::samples::HARD {
            let board = Board::new(&Grid::from_line(line).expect("a puzzle"), None);
            let options = Options::default();
            let ((wide, _), _) = solve_in(board.clone(), &options, &Cancel::never());
            let ((narrow, end), _) = solve_in(board.resize::<NARROW>(), &options, &Cancel::never());
            assert!(end.is_solved() && wide.len() > 20, "{line}");
            assert_eq!(narrow, wide, "{line}");
        }
    }

    /// What a picture of a step highlights is made of the board's candidates, and a
    /// single's highlight is the digit it places.
    #[test]
    fn highlights_are_candidates_of_the_board() {
        let mut steps = 0;
        along_three_paths(|board| {
            let step = next_step(board, &Options::default()).expect("a step");
            let lit = step.highlights(board);
            assert!(!lit.is_empty(), "{:?} highlights nothing", step.technique);
            assert!(lit.iter().all(|&(c, d)| board.has(c, d)), "{step:?}");
            if let crate::Pattern::Single { cell, digit, .. } = step.pattern {
                assert_eq!(lit, vec![(cell, digit)]);
            }
            steps += 1;
        });
        assert!(steps > 100, "{steps} steps");
    }

    /// Whenever the implications between single candidates prove nothing, the finders
    /// the engine then skips (X-Chain, Remote Pair, W-Wing, XY-Chain) find nothing
    /// either, looking everywhere and without the skip.
    #[test]
    fn techniques_skipped_when_chains_prove_nothing_find_nothing() {
        let mut skipped = 0;
        along_three_paths(|board| {
            let ctx = Context::new(board);
            if !ctx.chains_prove_nothing() {
                return;
            }
            skipped += 1;
            for t in [
                Technique::XChain,
                Technique::RemotePair,
                Technique::WWing,
                Technique::XyChain,
            ] {
                let mut sink = Sink::new(false);
                match t {
                    Technique::WWing => wings::find_w(board, &mut sink),
                    _ => chains::find(&ctx, &all(board), &mut sink, &[t]),
                }
                assert!(sink.steps.is_empty(), "{t} found {:?}", sink.steps[0]);
            }
        });
        assert!(
            skipped > 20,
            "only {skipped} boards where chains prove nothing"
        );
    }

    /// Every chain step found anywhere (all of them, not only the first) agrees with the
    /// solution, on the chain families searched with groups and almost locked sets.
    #[test]
    fn all_grouped_chain_steps_are_sound() {
        let mut checked = 0;
        along_three_paths(|board| {
            let solution = sudokit_solver::count(&board.grid(), 2)
                .expect("no conflict")
                .solution
                .expect("one solution");
            let ctx = Context::new(board);
            let mut sink = Sink::new(false);
            let family = Family::GroupedNiceLoops.members();
            chains::find(&ctx, &all(board), &mut sink, family);
            for step in &sink.steps {
                for &(c, d) in &step.eliminations {
                    assert_ne!(solution.get(c), Some(d), "{step:?}");
                    checked += 1;
                }
            }
        });
        assert!(checked > 1000, "only {checked} eliminations");
    }

    /// X-Chains look only at digits with a candidate the graph of every candidate proves
    /// something about: on every other digit, looking everywhere finds nothing.
    #[test]
    fn x_chains_skip_digits_nothing_is_proved_about() {
        let mut skipped = 0;
        along_three_paths(|board| {
            let ctx = Context::new(board);
            if let Some(proved) = ctx.provable(Scope::All) {
                let proved = proved_digits(ctx.graph(Scope::All), proved);
                let others = DigitSet::full(9).without(proved);
                skipped += others.len();
                let mut sink = Sink::new(false);
                let at = Focus {
                    digits: others,
                    ..all(board)
                };
                chains::find(&ctx, &at, &mut sink, &[Technique::XChain]);
                assert!(sink.steps.is_empty(), "found {:?}", sink.steps[0]);
            }
        });
        assert!(skipped > 50, "only {skipped} digits skipped");
    }
}
