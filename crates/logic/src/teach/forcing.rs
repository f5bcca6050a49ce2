//! Forcing chains and nets, and Sudoku Explainer's chains, as numbered consequences.
//!
//! A forcing branch records only the placements it made. To say why each follows, the
//! branch is replayed on the board: each placement is a naked single (its cell's other
//! candidates gone) or a hidden single (its digit's other places in a house gone), and
//! the earlier placements that removed those candidates are its parents. Only the
//! placements the conclusion rests on are told, each naming the lines it follows from
//! when that is not just the line before. In a net, a placement that no single explains
//! came from a deeper trial, and is told as such.

use sudokit_core::{Cell, Digit, DigitSet, Grid, House};
use sudokit_solver::observe::Dead;

use super::words::{capital, join, so, what, Words};
use super::{About, Out};
use crate::board::Board;
use crate::step::{Branch, ChainCause, Chaining, ChainingKind, Forcing, Potential, Step};

/// Why a placement of a branch holds.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) enum Why {
    /// The branch's assumption.
    Assumed,
    /// The cell's last candidate.
    Naked,
    /// The digit's last place in the house.
    Hidden(House),
    /// Found by trying the cell's other candidates one level deeper (nets): each digit
    /// with the branch that refutes it, or `None` when the replay could not rebuild it.
    Deeper(Vec<(Digit, Option<Trace>)>),
    /// A candidate a net's deeper trial removed (the event is off), with that trial.
    Refuted(Option<Trace>),
}

/// One event of a replayed branch: the assumption, or a placement.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct Event {
    pub cell: Cell,
    pub digit: Digit,
    /// Placed (or assumed on); `false` only for an assumption that the digit is not there.
    pub on: bool,
    pub why: Why,
    /// The earlier events it follows from (indices into the trace).
    pub parents: Vec<usize>,
    /// The candidates it needs gone that were removed before the branch began by the
    /// branch it is a deeper trial of (empty at the top).
    pub before: Vec<(Cell, Digit)>,
}

/// Where a replayed branch ends.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) enum End {
    /// A contradiction.
    Dead {
        dead: Dead,
        /// The events it follows from.
        parents: Vec<usize>,
        /// As [`Event::before`].
        before: Vec<(Cell, Digit)>,
        /// The candidates it also needs gone that no event removed (a net's deeper
        /// trials removed them), each with the branch that refutes it when rebuilt.
        deeper: Vec<(Cell, Digit, Option<Trace>)>,
    },
    /// The step's conclusions, each shown by these events (`true`: placed, else removed).
    Shows(Vec<(Cell, Digit, bool, Vec<usize>)>),
}

/// A branch replayed: the events the end rests on, in order (parents index this list).
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct Trace {
    pub events: Vec<Event>,
    pub end: End,
}

impl Trace {
    /// The candidates removed before the branch began that it rests on.
    fn relies(&self) -> Vec<(Cell, Digit)> {
        let mut out: Vec<(Cell, Digit)> =
            self.events.iter().flat_map(|e| e.before.clone()).collect();
        if let End::Dead { before, .. } = &self.end {
            out.extend(before);
        }
        out.sort_unstable();
        out.dedup();
        out
    }
}

/// Gone in the board the step was found on.
const BEFORE: u32 = u32::MAX;
/// Gone before this branch began, removed by the branch it is a deeper trial of.
const OUTSIDE: u32 = u32::MAX - 1;

/// A replay's state: candidates and values now, and who removed each candidate (an
/// event's index, [`BEFORE`] or [`OUTSIDE`]), by `cell * side + digit`.
#[derive(Clone)]
struct State {
    cands: Vec<DigitSet>,
    values: Vec<Option<Digit>>,
    removed: Vec<u32>,
}

/// Replays `branch` on `board` and keeps what its end rests on. `wanted`: the step's
/// conclusions, for a branch that ends without a contradiction.
pub(crate) fn replay(board: &Board, branch: &Branch, wanted: &[(Cell, Digit, bool)]) -> Trace {
    let layout = board.layout();
    let state = State {
        cands: layout.cells().map(|c| board.candidates(c)).collect(),
        values: layout.cells().map(|c| board.value(c)).collect(),
        removed: vec![BEFORE; layout.cell_count() * layout.side()],
    };
    replay_from(board, state, branch, wanted)
}

/// Events and the end's dependencies: the events that removed these candidates, and
/// those removed before the branch began by the branch around it.
fn parents_of(
    removed: &[u32],
    n: usize,
    list: impl Iterator<Item = (Cell, Digit)>,
) -> (Vec<usize>, Vec<(Cell, Digit)>) {
    let mut events = Vec::new();
    let mut before = Vec::new();
    for (c, d) in list {
        match removed[c.index() * n + d.index()] {
            BEFORE => {}
            OUTSIDE => before.push((c, d)),
            k => events.push(k as usize),
        }
    }
    events.sort_unstable();
    events.dedup();
    before.sort_unstable();
    before.dedup();
    (events, before)
}

/// Tries `cell` = `digit` from `state` as the engine's net did, `depth` levels deep;
/// the replayed refutation when it breaks.
fn refute(board: &Board, state: &State, cell: Cell, digit: Digit, depth: u8) -> Option<Trace> {
    let layout = board.layout();
    let values = state
        .values
        .iter()
        .map(|v| v.map_or(0, Digit::get))
        .collect();
    let grid = Grid::from_values(layout.clone(), values);
    let out = crate::techniques::forcing::branch(&grid, &state.cands, cell, digit, true, depth);
    let dead = out.marks.err()?;
    let inner = Branch {
        cell,
        digit,
        on: true,
        implied: out.implied,
        refuted: out.refuted,
        depth,
        contradiction: Some(dead),
    };
    let mut start = state.clone();
    for r in &mut start.removed {
        if *r != BEFORE {
            *r = OUTSIDE;
        }
    }
    Some(replay_from(board, start, &inner, &[]))
}

/// [`replay`] from a given state (a deeper trial starts from the branch around it).
fn replay_from(
    board: &Board,
    state: State,
    branch: &Branch,
    wanted: &[(Cell, Digit, bool)],
) -> Trace {
    let layout = board.layout();
    let n = layout.side();
    let State {
        mut cands,
        mut values,
        mut removed,
    } = state;
    let key = |c: Cell, d: Digit| c.index() * n + d.index();
    let inner_depth = branch.depth.saturating_sub(1);
    let mut events = vec![Event {
        cell: branch.cell,
        digit: branch.digit,
        on: branch.on,
        why: Why::Assumed,
        parents: Vec::new(),
        before: Vec::new(),
    }];
    let place = |cands: &mut Vec<DigitSet>,
                 values: &mut Vec<Option<Digit>>,
                 removed: &mut Vec<u32>,
                 c: Cell,
                 d: Digit,
                 k: usize| {
        values[c.index()] = Some(d);
        for x in cands[c.index()].without(DigitSet::single(d)) {
            removed[key(c, x)] = k as u32;
        }
        cands[c.index()] = DigitSet::EMPTY;
        for &p in layout.peers(c) {
            if cands[p.index()].contains(d) {
                cands[p.index()].remove(d);
                removed[key(p, d)] = k as u32;
            }
        }
    };
    if branch.on {
        place(
            &mut cands,
            &mut values,
            &mut removed,
            branch.cell,
            branch.digit,
            0,
        );
    } else {
        cands[branch.cell.index()].remove(branch.digit);
        removed[key(branch.cell, branch.digit)] = 0;
    }
    // Each candidate still there, refuted one level deeper from the state now, and the
    // candidates removed before that those refutations rest on (`None`: not rebuilt).
    let proofs = |cands: &Vec<DigitSet>,
                  values: &Vec<Option<Digit>>,
                  removed: &Vec<u32>,
                  list: &[(Cell, Digit)]| {
        let now = State {
            cands: cands.clone(),
            values: values.clone(),
            removed: removed.clone(),
        };
        let traces: Vec<Option<Trace>> = list
            .iter()
            .map(|&(c, d)| refute(board, &now, c, d, inner_depth))
            .collect();
        let relied = traces
            .iter()
            .all(Option::is_some)
            .then(|| traces.iter().flatten().flat_map(Trace::relies).collect());
        (traces, relied)
    };
    let mut refuted = branch.refuted.iter().peekable();
    for i in 0..=branch.implied.len() {
        // The candidates the net's deeper trials removed before this placement.
        while let Some(&(_, rc, rx)) = refuted.next_if(|&&(at, _, _)| at <= i) {
            if !cands[rc.index()].contains(rx) {
                continue;
            }
            let k = events.len();
            let now = State {
                cands: cands.clone(),
                values: values.clone(),
                removed: removed.clone(),
            };
            let proof = refute(board, &now, rc, rx, inner_depth);
            let (parents, before) = match &proof {
                Some(t) => parents_of(&removed, n, t.relies().into_iter()),
                None => ((0..k).collect(), Vec::new()),
            };
            events.push(Event {
                cell: rc,
                digit: rx,
                on: false,
                why: Why::Refuted(proof),
                parents,
                before,
            });
            cands[rc.index()].remove(rx);
            removed[key(rc, rx)] = k as u32;
        }
        let Some(&(c, d)) = branch.implied.get(i) else {
            break;
        };
        if values[c.index()].is_some() {
            continue;
        }
        let k = events.len();
        let naked = (cands[c.index()] == DigitSet::single(d)).then(|| {
            let others = board.candidates(c).without(DigitSet::single(d));
            parents_of(&removed, n, others.iter().map(|x| (c, x)))
        });
        let hidden = layout.houses_of(c).iter().copied().find_map(|h| {
            let cells = &layout.house(h).cells;
            let alone = cells.iter().all(|&x| {
                x == c || (values[x.index()] != Some(d) && !cands[x.index()].contains(d))
            });
            alone.then(|| {
                let places = cells.iter().copied().filter(|&x| x != c && board.has(x, d));
                (h, parents_of(&removed, n, places.map(|x| (x, d))))
            })
        });
        let (why, (parents, before)) = match (naked, hidden) {
            (Some(p), Some((h, q))) if q.0.len() < p.0.len() => (Why::Hidden(h), q),
            (Some(p), _) => (Why::Naked, p),
            (None, Some((h, q))) => (Why::Hidden(h), q),
            (None, None) => {
                // The cell's other candidates went by deeper trials (and earlier events).
                let left: Vec<(Cell, Digit)> = cands[c.index()]
                    .without(DigitSet::single(d))
                    .iter()
                    .map(|x| (c, x))
                    .collect();
                let (traces, relied) = proofs(&cands, &values, &removed, &left);
                let gone = board.candidates(c).without(cands[c.index()]);
                let rests = gone.iter().map(|x| (c, x));
                let (mut parents, before) =
                    parents_of(&removed, n, rests.chain(relied.iter().flatten().copied()));
                if relied.is_none() {
                    // What a trial not rebuilt rests on is unknown: anything before.
                    parents = (0..k).collect();
                }
                let digits = left.iter().map(|&(_, x)| x).zip(traces).collect();
                (Why::Deeper(digits), (parents, before))
            }
        };
        events.push(Event {
            cell: c,
            digit: d,
            on: true,
            why,
            parents,
            before,
        });
        place(&mut cands, &mut values, &mut removed, c, d, k);
    }
    let end = match branch.contradiction {
        Some(dead) => {
            let needed: Vec<(Cell, Digit)> = match dead {
                Dead::NoCandidate(c) => board.candidates(c).iter().map(|x| (c, x)).collect(),
                Dead::NoPlace(h, d) => layout
                    .house(h)
                    .cells
                    .iter()
                    .copied()
                    .filter(|&x| board.has(x, d))
                    .map(|x| (x, d))
                    .collect(),
                Dead::Clash(_) | Dead::CageSum(_) | Dead::Innies(_) | Dead::Difference(_) => {
                    Vec::new()
                }
            };
            let left: Vec<(Cell, Digit)> = needed
                .iter()
                .copied()
                .filter(|&(c, d)| values[c.index()].is_none() && cands[c.index()].contains(d))
                .collect();
            let (traces, relied) = match left.is_empty() {
                true => (Vec::new(), Some(Vec::new())),
                false => proofs(&cands, &values, &removed, &left),
            };
            let rests = needed.iter().copied();
            let (mut parents, before) =
                parents_of(&removed, n, rests.chain(relied.iter().flatten().copied()));
            if relied.is_none() {
                parents = (0..events.len()).collect();
            }
            let deeper = left
                .iter()
                .zip(traces)
                .map(|(&(c, d), t)| (c, d, t))
                .collect();
            if let Dead::Clash(_) = dead {
                parents = (0..events.len()).collect();
            }
            End::Dead {
                dead,
                parents,
                before,
                deeper,
            }
        }
        None => End::Shows(
            wanted
                .iter()
                .map(|&(c, d, placed)| {
                    let by = if placed {
                        events
                            .iter()
                            .position(|e| e.on && e.cell == c && e.digit == d)
                            .into_iter()
                            .collect()
                    } else {
                        parents_of(&removed, n, std::iter::once((c, d))).0
                    };
                    (c, d, placed, by)
                })
                .collect(),
        ),
    };
    prune(events, end)
}

/// Keeps the events the end rests on (and the assumption), renumbering the parents.
fn prune(events: Vec<Event>, end: End) -> Trace {
    let mut needed = vec![false; events.len()];
    needed[0] = true;
    let mut stack: Vec<usize> = match &end {
        End::Dead { parents, .. } => parents.clone(),
        End::Shows(list) => list.iter().flat_map(|(_, _, _, p)| p.clone()).collect(),
    };
    while let Some(k) = stack.pop() {
        if !needed[k] {
            needed[k] = true;
            stack.extend(&events[k].parents);
        }
    }
    let mut index = vec![usize::MAX; events.len()];
    let mut kept = Vec::new();
    for (k, e) in events.into_iter().enumerate() {
        if needed[k] {
            index[k] = kept.len();
            kept.push(e);
        }
    }
    let map = |p: &[usize]| {
        p.iter()
            .map(|&k| index[k])
            .filter(|&k| k != usize::MAX)
            .collect()
    };
    for e in &mut kept {
        e.parents = map(&e.parents);
    }
    let end = match end {
        End::Dead {
            dead,
            parents,
            before,
            deeper,
        } => End::Dead {
            dead,
            parents: map(&parents),
            before,
            deeper,
        },
        End::Shows(list) => End::Shows(
            list.into_iter()
                .map(|(c, d, placed, p)| (c, d, placed, map(&p)))
                .collect(),
        ),
    };
    Trace { events: kept, end }
}

/// The step's conclusions: `(cell, digit, placed)`.
fn wanted(step: &Step) -> Vec<(Cell, Digit, bool)> {
    step.placements
        .iter()
        .map(|&(c, d)| (c, d, true))
        .chain(step.eliminations.iter().map(|&(c, d)| (c, d, false)))
        .collect()
}

/// ` (from 2 and 5)` when an event does not follow from the line just before it alone.
fn from(numbers: &[u32], parents: &[usize], at: usize, first_shown: usize) -> String {
    let shown: Vec<u32> = parents
        .iter()
        .filter(|&&p| p >= first_shown)
        .map(|&p| numbers[p])
        .collect();
    if parents.is_empty() || (parents.len() == 1 && parents[0] + 1 == at) || shown.is_empty() {
        return String::new();
    }
    if shown.len() >= 5 && shown.len() + first_shown >= at {
        return " (from all the lines above)".to_string();
    }
    let list: Vec<String> = shown.iter().map(|n| n.to_string()).collect();
    format!(" (from {})", join(&list, "and"))
}

/// Writes a trace's events from `first` (0: with the assumption line) at `depth`;
/// returns the line number of each event. With `expand`, what a deeper trial removed is
/// followed by that trial (told without expanding its own deeper trials: a net nested
/// twice would run to thousands of lines).
fn tell(w: Words, trace: &Trace, first: usize, depth: u8, expand: bool, out: &mut Out) -> Vec<u32> {
    let mut numbers = vec![0; trace.events.len()];
    for (k, e) in trace.events.iter().enumerate().skip(first) {
        let (c, d) = (w.cell(e.cell), w.d(e.digit));
        let why = from(&numbers, &e.parents, k, first);
        let text = match &e.why {
            Why::Assumed if e.on => format!("Suppose {c} is {d}."),
            Why::Assumed => format!("Suppose {c} is not {d}."),
            Why::Naked => format!("Then {c} is {d}: its other candidates are gone{why}."),
            Why::Hidden(h) => format!(
                "Then {c} is {d}: the last place for {d} in {}{why}.",
                w.house(*h)
            ),
            Why::Deeper(proofs) if expand && proofs.iter().all(|(_, t)| t.is_some()) => {
                let digits: DigitSet = proofs.iter().map(|&(x, _)| x).collect();
                let them = if digits.len() == 1 {
                    "its other candidate"
                } else {
                    "each of its other candidates"
                };
                format!(
                    "Then {c} is {d}: {them}, {}, leads to a contradiction, as tried below{why}.",
                    w.digits(digits)
                )
            }
            Why::Deeper(_) => format!(
                "Then {c} is {d}: each of its other candidates, tried one level deeper, leads to a contradiction."
            ),
            Why::Refuted(Some(_)) if expand => {
                format!("Then {c} cannot be {d}: it leads to a contradiction, as tried below{why}.")
            }
            Why::Refuted(_) => format!(
                "Then {c} cannot be {d}: tried one level deeper, it leads to a contradiction{why}."
            ),
        };
        numbers[k] = out.step(depth, text, About::candidates(&[(e.cell, e.digit)]));
        match &e.why {
            _ if !expand => {}
            Why::Deeper(proofs) => {
                for (x, t) in proofs {
                    if let Some(t) = t {
                        trial(w, e.cell, *x, t, depth, out);
                    }
                }
            }
            Why::Refuted(Some(t)) => trial(w, e.cell, e.digit, t, depth, out),
            _ => {}
        }
    }
    numbers
}

/// A deeper trial under the line at `depth`: why `cell` cannot be `digit`.
fn trial(w: Words, cell: Cell, digit: Digit, trace: &Trace, depth: u8, out: &mut Out) {
    out.case(
        depth + 1,
        format!("Why {} cannot be {}:", w.cell(cell), w.d(digit)),
        About::candidates(&[(cell, digit)]),
    );
    refutation(w, trace, depth + 2, false, out);
}

/// Writes a branch that ends in a contradiction, from its assumption to where it breaks
/// (`expand`: as [`tell`]).
fn refutation(w: Words, trace: &Trace, depth: u8, expand: bool, out: &mut Out) {
    let mut numbers = tell(w, trace, 0, depth, expand, out);
    let End::Dead {
        dead,
        parents,
        deeper,
        ..
    } = &trace.end
    else {
        return;
    };
    let mut parents = parents.clone();
    if !deeper.is_empty() {
        let cells: Vec<Cell> = deeper.iter().map(|&(c, _, _)| c).collect();
        let digits: DigitSet = deeper.iter().map(|&(_, d, _)| d).collect();
        let pairs: Vec<(Cell, Digit)> = deeper.iter().map(|&(c, d, _)| (c, d)).collect();
        let shown = expand && deeper.iter().all(|(_, _, t)| t.is_some());
        let text = if shown {
            format!(
                "Then {} cannot be {}: {} to a contradiction, as tried below.",
                w.cells_or(&cells),
                w.digits_or(digits),
                if pairs.len() == 1 {
                    "it leads"
                } else {
                    "each leads"
                }
            )
        } else {
            format!(
                "Then {} cannot be {}: each, tried one level deeper, leads to a contradiction.",
                w.cells_or(&cells),
                w.digits_or(digits)
            )
        };
        numbers.push(out.step(depth, text, About::candidates(&pairs)));
        parents.push(numbers.len() - 1);
        for (c, d, t) in deeper.iter().filter(|_| shown) {
            if let Some(t) = t {
                trial(w, *c, *d, t, depth, out);
            }
        }
    }
    let why = from(&numbers, &parents, numbers.len(), 0);
    let (text, cells) = match *dead {
        Dead::NoCandidate(c) => (
            format!("But then {} has no candidate left{why}.", w.cell(c)),
            vec![c],
        ),
        Dead::NoPlace(h, d) => (
            format!(
                "But then {} has no place left in {}{why}.",
                w.d(d),
                w.house(h)
            ),
            w.layout.house(h).cells.clone(),
        ),
        Dead::Clash(c) => (
            format!("But then {} would need two different digits.", w.cell(c)),
            vec![c],
        ),
        // (The logic engine's trials keep off the differences: `without_differences`.)
        Dead::CageSum(_) | Dead::Innies(_) | Dead::Difference(_) => (
            format!("But then {}.", dead.describe(w.layout)),
            dead.cells(w.layout),
        ),
    };
    out.step(depth, text, About::cells(&cells));
}

/// Explains a forcing chain or net.
pub(super) fn forcing(
    board: &Board,
    step: &Step,
    kind: Forcing,
    branches: &[Branch],
    out: &mut Out,
) {
    let w = Words {
        layout: board.layout(),
    };
    let t = step.technique;
    let net = branches.iter().any(|b| b.depth > 0);
    let kind_name = if net { "net" } else { "chain" };
    let wanted = wanted(step);
    match kind {
        Forcing::Contradiction => {
            let Some(b) = branches.first() else { return };
            let assumption = if b.on {
                w.is(&[b.cell], b.digit)
            } else {
                w.is_not(&[b.cell], b.digit)
            };
            out.intro(
                format!(
                    "{}: suppose {assumption}, and follow what it forces, single after single{}, until something breaks.",
                    t.name(),
                    if net { " (and deeper trials)" } else { "" }
                ),
                About::candidates(&[(b.cell, b.digit)]),
            );
            let trace = replay(board, b, &wanted);
            refutation(w, &trace, 0, true, out);
            out.conclusion(
                format!("So the supposition is false: {}.", what(w, step)),
                About::candidates(&conclusions(step)),
            );
        }
        Forcing::Cell(_) | Forcing::House(..) => {
            let starts: Vec<Cell> = branches.iter().map(|b| b.cell).collect();
            let lead = match kind {
                Forcing::House(h, d) => format!(
                    "{} must go in one of its places in {}, {}",
                    w.d(d),
                    w.house(h),
                    w.cells_or(&starts)
                ),
                _ => {
                    let digits: DigitSet = branches.iter().map(|b| b.digit).collect();
                    format!("{} must hold one of {}", w.cells(&starts), w.digits(digits))
                }
            };
            let firsts: Vec<(Cell, Digit)> = branches.iter().map(|b| (b.cell, b.digit)).collect();
            out.intro(
                format!(
                    "{}: {lead}. Follow each as a forcing {kind_name}: all of them lead to the same result.",
                    t.name(),
                ),
                About::candidates(&firsts),
            );
            for b in branches {
                out.case(
                    0,
                    format!("If {}:", w.is(&[b.cell], b.digit)),
                    About::candidates(&[(b.cell, b.digit)]),
                );
                let trace = replay(board, b, &wanted);
                let numbers = tell(w, &trace, 1, 1, true, out);
                if let End::Shows(list) = &trace.end {
                    for (c, d, placed, parents) in list {
                        if *placed {
                            continue;
                        }
                        let at = trace.events.len();
                        let why = from(&numbers, parents, at, 1);
                        let by = parents.first().map(|&p| &trace.events[p]);
                        let reason = match by {
                            Some(e) if e.cell == *c => format!(": it holds {}", w.d(e.digit)),
                            Some(e) => {
                                format!(": it sees {}, which is {}", w.cell(e.cell), w.d(e.digit))
                            }
                            None => String::new(),
                        };
                        out.step(
                            1,
                            format!("So {} is not {}{reason}{why}.", w.cell(*c), w.d(*d)),
                            About::candidates(&[(*c, *d)]),
                        );
                    }
                }
            }
            out.conclusion(
                format!("Every case leads there: {}.", what(w, step)),
                About::candidates(&conclusions(step)),
            );
        }
    }
}

fn conclusions(step: &Step) -> Vec<(Cell, Digit)> {
    step.placements
        .iter()
        .chain(&step.eliminations)
        .copied()
        .collect()
}

/// Explains one of Sudoku Explainer's chaining steps.
pub(super) fn chaining(board: &Board, step: &Step, c: &Chaining, out: &mut Out) {
    let w = Words {
        layout: board.layout(),
    };
    let start = |b: usize| c.branches.get(b).and_then(|p| p.0.first());
    let end = |b: usize| c.branches.get(b).and_then(|p| p.0.last());
    let said = |p: Option<&Potential>| p.map_or(String::new(), |p| being(w, p));
    let intro = match c.kind {
        ChainingKind::Forcing => {
            format!("{}: {} leads to its own opposite.", c.rule, said(start(0)))
        }
        ChainingKind::Contradiction => format!(
            "{}: {} leads both to {} and to {}: a contradiction.",
            c.rule,
            said(start(0)),
            said(end(0)),
            said(end(1))
        ),
        ChainingKind::Double => format!(
            "{}: both {} and {} lead to {}.",
            c.rule,
            said(start(0)),
            said(start(1)),
            said(end(0))
        ),
        ChainingKind::Cell(x) => format!(
            "{}: each candidate of {} leads to {}.",
            c.rule,
            w.cell(x),
            said(end(0))
        ),
        ChainingKind::Region(h, d) => format!(
            "{}: each place of {} in {} leads to {}.",
            c.rule,
            w.d(d),
            w.house(h),
            said(end(0))
        ),
    };
    let firsts: Vec<(Cell, Digit)> = c.assumptions().map(|p| (p.cell, p.digit)).collect();
    out.intro(intro, About::candidates(&firsts));
    potentials(w, c, 0, out);
    out.conclusion(so(w, step), About::candidates(&conclusions(step)));
}

/// `r4c7 being 8`, `r4c7 not being 8`.
fn being(w: Words, p: &Potential) -> String {
    let not = if p.on { "" } else { "not " };
    format!("{} {not}being {}", w.cell(p.cell), w.d(p.digit))
}

/// `r4c7 is 8`, `r4c7 is not 8`.
fn state(w: Words, p: &Potential) -> String {
    if p.on {
        w.is(&[p.cell], p.digit)
    } else {
        w.is_not(&[p.cell], p.digit)
    }
}

/// Each chain of `c` as a case, one line a potential; an inner chain that removed a
/// candidate follows its line, one level deeper.
fn potentials(w: Words, c: &Chaining, depth: u8, out: &mut Out) {
    for branch in &c.branches {
        let list = &branch.0;
        let Some(first) = list.first() else { continue };
        out.case(
            depth,
            format!("{}:", capital(&format!("if {}", state(w, first)))),
            About::candidates(&[(first.cell, first.digit)]),
        );
        let mut numbers = vec![0; list.len()];
        for (i, p) in list.iter().enumerate().skip(1) {
            let why = from(&numbers, &p.parents, i, 1);
            let text = potential_line(w, list, p, &why);
            numbers[i] = out.step(depth + 1, text, About::candidates(&[(p.cell, p.digit)]));
            if let Some(inner) = &p.inner {
                out.case(
                    depth + 1,
                    format!("Why {}: {}", state(w, p), inner.rule),
                    About::candidates(&[(p.cell, p.digit)]),
                );
                potentials(w, inner, depth + 2, out);
            }
        }
    }
}

/// The line of one potential: what it is and why.
fn potential_line(w: Words, list: &[Potential], p: &Potential, why: &str) -> String {
    let (c, d) = (w.cell(p.cell), w.d(p.digit));
    let parent = p.parents.first().and_then(|&k| list.get(k));
    match (p.on, p.cause) {
        (true, ChainCause::Cell) => format!("Then {c} is {d}: its last candidate{why}."),
        (true, ChainCause::House(h)) => {
            format!("Then {c} is {d}: the last place for {d} in {}{why}.", w.house(h))
        }
        (false, ChainCause::Cell) => match parent {
            Some(q) if q.cell == p.cell => {
                format!("Then {c} is not {d}: it holds {}{why}.", w.d(q.digit))
            }
            _ => format!("Then {c} is not {d}: it holds another digit{why}."),
        },
        (false, ChainCause::House(h)) => match parent {
            Some(q) => format!(
                "Then {c} is not {d}: it shares {} with {}{why}.",
                w.house(h),
                w.cell(q.cell)
            ),
            None => format!("Then {c} is not {d}: {d} is elsewhere in {}{why}.", w.house(h)),
        },
        (false, ChainCause::Rule) if p.inner.is_some() => {
            format!("Then {c} is not {d}: a shorter chain shows it (below){why}.")
        }
        (false, ChainCause::Rule) => format!(
            "Then {c} is not {d}: locked candidates, a pair or an X-Wing on the candidates left remove it{why}."
        ),
        _ => format!("Then {}{why}.", state(w, p)),
    }
}
