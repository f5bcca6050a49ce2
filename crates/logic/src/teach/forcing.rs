//! Forcing chains and nets, and Sudoku Explainer's chains, as numbered consequences.
//!
//! A forcing branch records only the placements it made. To say why each follows, the
//! branch is replayed on the board: each placement is a naked single (its cell's other
//! candidates gone) or a hidden single (its digit's other places in a house gone), and
//! the earlier placements that removed those candidates are its parents. Only the
//! placements the conclusion rests on are told, each naming the lines it follows from
//! when that is not just the line before. In a net, a placement that no single explains
//! came from a deeper trial, and is told as such.

use sudokit_core::{Cell, Digit, DigitSet, House};
use sudokit_solver::observe::Dead;

use super::patterns::{capital, so, what};
use super::words::{join, Words};
use super::{About, Out};
use crate::board::Board;
use crate::step::{Branch, ChainCause, Chaining, ChainingKind, Forcing, Potential, Step};

/// Why a placement of a branch holds.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Why {
    /// The branch's assumption.
    Assumed,
    /// The cell's last candidate.
    Naked,
    /// The digit's last place in the house.
    Hidden(House),
    /// Found by trying the other candidates one level deeper (nets).
    Deeper,
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
}

/// Where a replayed branch ends.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) enum End {
    /// A contradiction, following from these events; the candidates it also needs gone
    /// that no event removed (a net's deeper trials removed them).
    Dead(Dead, Vec<usize>, Vec<(Cell, Digit)>),
    /// The step's conclusions, each shown by these events (`true`: placed, else removed).
    Shows(Vec<(Cell, Digit, bool, Vec<usize>)>),
}

/// A branch replayed: the events the end rests on, in order (parents index this list).
#[derive(Clone, Debug)]
pub(crate) struct Trace {
    pub events: Vec<Event>,
    pub end: End,
}

const BEFORE: u32 = u32::MAX;

/// Replays `branch` on `board` and keeps what its end rests on. `wanted`: the step's
/// conclusions, for a branch that ends without a contradiction.
pub(crate) fn replay(board: &Board, branch: &Branch, wanted: &[(Cell, Digit, bool)]) -> Trace {
    let layout = board.layout();
    let n = layout.side();
    let mut cands: Vec<DigitSet> = layout.cells().map(|c| board.candidates(c)).collect();
    let mut values: Vec<Option<Digit>> = layout.cells().map(|c| board.value(c)).collect();
    let mut removed = vec![BEFORE; layout.cell_count() * n];
    let key = |c: Cell, d: Digit| c.index() * n + d.index();
    let mut events = vec![Event {
        cell: branch.cell,
        digit: branch.digit,
        on: branch.on,
        why: Why::Assumed,
        parents: Vec::new(),
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
    let parents_of = |removed: &[u32], list: &mut dyn Iterator<Item = (Cell, Digit)>| {
        let mut out: Vec<usize> = list
            .filter_map(|(c, d)| match removed[key(c, d)] {
                BEFORE => None,
                k => Some(k as usize),
            })
            .collect();
        out.sort_unstable();
        out.dedup();
        out
    };
    for &(c, d) in &branch.implied {
        if values[c.index()].is_some() {
            continue;
        }
        let k = events.len();
        let naked = (cands[c.index()] == DigitSet::single(d)).then(|| {
            let others = board.candidates(c).without(DigitSet::single(d));
            parents_of(&removed, &mut others.iter().map(|x| (c, x)))
        });
        let hidden = layout.houses_of(c).iter().copied().find_map(|h| {
            let cells = &layout.house(h).cells;
            let alone = cells.iter().all(|&x| {
                x == c || (values[x.index()] != Some(d) && !cands[x.index()].contains(d))
            });
            alone.then(|| {
                let places = cells.iter().copied().filter(|&x| x != c && board.has(x, d));
                (h, parents_of(&removed, &mut places.map(|x| (x, d))))
            })
        });
        let (why, parents) = match (naked, hidden) {
            (Some(p), Some((h, q))) if q.len() < p.len() => (Why::Hidden(h), q),
            (Some(p), _) => (Why::Naked, p),
            (None, Some((h, q))) => (Why::Hidden(h), q),
            (None, None) => (Why::Deeper, (0..k).collect()),
        };
        events.push(Event {
            cell: c,
            digit: d,
            on: true,
            why,
            parents,
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
                Dead::Clash(_) => Vec::new(),
            };
            let deeper: Vec<(Cell, Digit)> = needed
                .iter()
                .copied()
                .filter(|&(c, d)| values[c.index()].is_none() && cands[c.index()].contains(d))
                .collect();
            // What deeper trials removed may rest on anything before.
            let parents = match dead {
                Dead::Clash(_) => (0..events.len()).collect(),
                _ if !deeper.is_empty() => (0..events.len()).collect(),
                _ => parents_of(&removed, &mut needed.iter().copied()),
            };
            End::Dead(dead, parents, deeper)
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
                        parents_of(&removed, &mut std::iter::once((c, d)))
                    };
                    (c, d, placed, by)
                })
                .collect(),
        ),
    };
    prune(events, end)
}

/// Keeps the events the end rests on (and the assumption), renumbering the parents. (A
/// net's placement made by deeper trials rests on every event before it.)
fn prune(events: Vec<Event>, end: End) -> Trace {
    let mut needed = vec![false; events.len()];
    needed[0] = true;
    let mut stack: Vec<usize> = match &end {
        End::Dead(_, p, _) => p.clone(),
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
        End::Dead(d, p, deeper) => End::Dead(d, map(&p), deeper),
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
/// returns the line number of each event.
fn tell(w: Words, trace: &Trace, first: usize, depth: u8, out: &mut Out) -> Vec<u32> {
    let mut numbers = vec![0; trace.events.len()];
    for (k, e) in trace.events.iter().enumerate().skip(first) {
        let (c, d) = (w.cell(e.cell), w.d(e.digit));
        let why = from(&numbers, &e.parents, k, first);
        let text = match e.why {
            Why::Assumed if e.on => format!("Suppose {c} is {d}."),
            Why::Assumed => format!("Suppose {c} is not {d}."),
            Why::Naked => format!("Then {c} is {d}: its other candidates are gone{why}."),
            Why::Hidden(h) => format!(
                "Then {c} is {d}: the last place for {d} in {}{why}.",
                w.house(h)
            ),
            Why::Deeper => format!(
                "Then {c} is {d}: each of its other candidates, tried one level deeper, leads to a contradiction."
            ),
        };
        numbers[k] = out.step(depth, text, About::candidates(&[(e.cell, e.digit)]));
    }
    numbers
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
            let numbers = tell(w, &trace, 0, 0, out);
            if let End::Dead(dead, parents, deeper) = &trace.end {
                if !deeper.is_empty() {
                    let cells: Vec<Cell> = deeper.iter().map(|&(c, _)| c).collect();
                    let digits: DigitSet = deeper.iter().map(|&(_, d)| d).collect();
                    out.step(
                        0,
                        format!(
                            "Then {} cannot be {}: each, tried one level deeper, leads to a contradiction.",
                            w.cells_or(&cells),
                            w.digits_or(digits)
                        ),
                        About::candidates(deeper),
                    );
                }
                let at = trace.events.len() + usize::from(!deeper.is_empty());
                let why = from(&numbers, parents, at, 0);
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
                };
                out.step(0, text, About::cells(&cells));
            }
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
                let numbers = tell(w, &trace, 1, 1, out);
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
