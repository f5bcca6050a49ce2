//! Chains and loops as a player follows them: one link a line, "If …, then …: because
//! …", from the first node to the last, then what the two ends (or the loop) prove.
//!
//! A chain's nodes alternate off and on from where it starts: a strong link ("at least
//! one of the two is true") leads from a node that is off to one that is on, a weak link
//! ("not both") from a node that is on to one that is off. So a chain whose first link
//! is strong starts off, one whose first link is weak starts on.

use sudokit_core::{Cell, Digit, DigitSet, House};

use super::words::{join, removals, Words};
use super::{About, Out};
use crate::board::Board;
use crate::step::{Chain, Node, Step};
use crate::technique::Technique;

/// A node's candidates.
fn candidates(n: &Node) -> Vec<(Cell, Digit)> {
    n.cells.iter().map(|&c| (c, n.digit)).collect()
}

/// What a node says, on or off: `r1c1 is 4`, `neither r7c1 nor r7c2 is 7`.
fn says(w: Words, n: &Node, on: bool) -> String {
    if on {
        w.is(&n.cells, n.digit)
    } else {
        w.is_not(&n.cells, n.digit)
    }
}

/// `the set r1c9, r7c9 and r8c9`.
fn set_words(w: Words, set: &[Cell]) -> String {
    format!("the set {}", w.cells(set))
}

/// Why at least one of `a` and `b` is true.
fn strong_reason(board: &Board, w: Words, a: &Node, b: &Node) -> String {
    if !a.set.is_empty() && a.set == b.set {
        let digits = set_digits(board, &a.set);
        return format!(
            "the {} cells of {} hold only the {} digits {}, so without {} they hold all the others",
            a.set.len(),
            set_words(w, &a.set),
            digits.len(),
            w.digits(digits),
            w.d(a.digit)
        );
    }
    if a.digit == b.digit {
        let mut both: Vec<Cell> = a.cells.iter().chain(&b.cells).copied().collect();
        both.sort();
        both.dedup();
        if let Some(h) = only_places(board, &both, a.digit) {
            return if a.cells.len() == 1 && b.cells.len() == 1 {
                format!("they are the only {} in {}", w.plural(a.digit), w.house(h))
            } else {
                format!(
                    "between them they hold every {} of {}",
                    w.d(a.digit),
                    w.house(h)
                )
            };
        }
    }
    if let Some(text) = forcing_reason(board, w, a, b).or_else(|| forcing_reason(board, w, b, a)) {
        return text;
    }
    if let ([x], [y]) = (&a.cells[..], &b.cells[..]) {
        if x == y && a.digit != b.digit {
            let cands = board.candidates(*x);
            if cands.len() == 2 {
                return format!("{} holds only {}", w.cell(*x), w.digits(cands));
            }
        }
    }
    "one of the two must be true".to_string()
}

/// An almost locked set `s` without its digit forces a single cell `c`: why.
fn forcing_reason(board: &Board, w: Words, s: &Node, c: &Node) -> Option<String> {
    if s.set.is_empty() || c.cells.len() != 1 || !c.set.is_empty() {
        return None;
    }
    let others = set_digits(board, &s.set).without(DigitSet::single(s.digit));
    Some(format!(
        "without {}, {} holds {}, which leave {} only {}",
        w.d(s.digit),
        set_words(w, &s.set),
        w.digits(others),
        w.cell(c.cells[0]),
        w.d(c.digit)
    ))
}

/// The digits of an almost locked set.
fn set_digits(board: &Board, set: &[Cell]) -> DigitSet {
    set.iter()
        .fold(DigitSet::EMPTY, |s, &c| s.or(board.candidates(c)))
}

/// A house where `d`'s places are exactly `cells`.
fn only_places(board: &Board, cells: &[Cell], d: Digit) -> Option<House> {
    let layout = board.layout();
    layout
        .houses_of(*cells.first()?)
        .iter()
        .copied()
        .find(|&h| {
            let places = board.house_cells_with(h, d);
            places.len() == cells.len() && cells.iter().all(|&c| places.contains(c))
        })
}

/// Why `a` and `b` are not both true.
fn weak_reason(w: Words, a: &Node, b: &Node) -> String {
    if a.digit == b.digit {
        let both: Vec<Cell> = a.cells.iter().chain(&b.cells).copied().collect();
        if let Some(h) = w.common_house(&both) {
            return if both.len() == 2 {
                format!("they share {}", w.house(h))
            } else {
                format!("they are all in {}", w.house(h))
            };
        }
        return format!(
            "every {} of the one sees every {} of the other",
            w.d(a.digit),
            w.d(b.digit)
        );
    }
    match (&a.cells[..], &b.cells[..]) {
        ([x], [y]) if x == y => format!("{} holds one digit", w.cell(*x)),
        _ => "they cannot both be true".to_string(),
    }
}

/// The line of the link from `a` (on or off) to `b`.
fn link_line(board: &Board, w: Words, a: &Node, a_on: bool, b: &Node, strong: bool) -> String {
    let weak_holds = !a_on || !strong || a.digit == b.digit || a.cells == b.cells;
    if a_on && weak_holds {
        format!(
            "If {}, then {}: {}.",
            says(w, a, true),
            says(w, b, false),
            weak_reason(w, a, b)
        )
    } else {
        format!(
            "If {}, then {}: {}.",
            says(w, a, false),
            says(w, b, true),
            strong_reason(board, w, a, b)
        )
    }
}

/// Each node's polarity along the chain: the first is off when the first link is strong
/// (on when it is weak), and they alternate.
fn polarities(c: &Chain) -> Vec<bool> {
    let first_on = !c.strong.first().copied().unwrap_or(true);
    (0..c.nodes.len())
        .map(|i| first_on == (i % 2 == 0))
        .collect()
}

/// Writes the chain's links, one line each (the closing link of a loop too); returns
/// each node's polarity.
fn links(board: &Board, w: Words, c: &Chain, out: &mut Out) -> Vec<bool> {
    let on = polarities(c);
    let k = c.nodes.len();
    let count = if c.closed { k } else { k - 1 };
    for (i, &a_on) in on.iter().enumerate().take(count) {
        let (a, b) = (&c.nodes[i], &c.nodes[(i + 1) % k]);
        let strong = c.strong.get(i).copied().unwrap_or(false);
        let text = link_line(board, w, a, a_on, b, strong);
        let mut about = candidates(a);
        about.extend(candidates(b));
        out.step(0, text, About::candidates(&about));
    }
    on
}

/// The first sentence: what the pattern is, in its own terms.
fn intro(board: &Board, w: Words, step: &Step, c: &Chain) -> String {
    let t = step.technique;
    let n = &c.nodes;
    let d = n[0].digit;
    let house_of = |a: &Node, b: &Node| {
        let both: Vec<Cell> = a.cells.iter().chain(&b.cells).copied().collect();
        only_places(board, &both, a.digit)
    };
    match t {
        Technique::Skyscraper | Technique::TwoStringKite | Technique::TurbotFish
            if n.len() == 4 =>
        {
            let (h1, h2) = (house_of(&n[0], &n[1]), house_of(&n[2], &n[3]));
            let lines: Vec<House> = [h1, h2].into_iter().flatten().collect();
            let joined = w.common_house(&[n[1].cells[0], n[2].cells[0]]);
            let shape = match t {
                Technique::Skyscraper => "two parallel lines",
                Technique::TwoStringKite => "a row and a column",
                _ => "two houses",
            };
            format!(
                "{}: in {} ({shape}), {} has exactly two places each, and two of those places, one from each, share {}.",
                t.name(),
                w.houses(&lines),
                w.d(d),
                joined.map_or("a house".to_string(), |h| w.house(h))
            )
        }
        Technique::WWing if n.len() == 6 => {
            let y = n[1].digit;
            format!(
                "W-Wing: {} and {} both hold only {}, and the {} of {} and {} are the only {} of {}, linking them.",
                w.cell(n[0].cells[0]),
                w.cell(n[5].cells[0]),
                w.digits(board.candidates(n[0].cells[0])),
                w.plural(y),
                w.cell(n[2].cells[0]),
                w.cell(n[3].cells[0]),
                w.plural(y),
                house_of(&n[2], &n[3]).map_or("their house".to_string(), |h| w.house(h))
            )
        }
        Technique::EmptyRectangle if n.len() == 3 => {
            let layout = board.layout();
            let region = layout.region_house(layout.region(n[0].cells[0]));
            format!(
                "Empty Rectangle: in {}, the {} ({}) all lie on one row and one column, and {} has only two {}, {} and {}.",
                w.house(region),
                w.plural(d),
                w.cells(&n[0].cells),
                house_of(&n[1], &n[2]).map_or("a house".to_string(), |h| w.house(h)),
                w.plural(d),
                w.cell(n[1].cells[0]),
                w.cell(n[2].cells[0])
            )
        }
        Technique::RemotePair => {
            let cells = chain_cells(c);
            let pair = board.candidates(cells[0]);
            format!(
                "Remote Pair: {} each hold only {}, and each sees the next, so along the chain they alternate between the two digits.",
                join(&cells.iter().map(|&x| w.cell(x)).collect::<Vec<_>>(), "and"),
                w.digits(pair)
            )
        }
        Technique::XChain => format!(
            "X-Chain on {}: a chain of {}s, alternating between houses where {} has only two places (strong links) and houses it shares (weak links).",
            w.d(d),
            w.d(d),
            w.d(d)
        ),
        Technique::XyChain => format!(
            "XY-Chain: a chain of {} cells that each hold only two digits, each sharing a digit with the next.",
            chain_cells(c).len()
        ),
        Technique::ContinuousNiceLoop
        | Technique::GroupedContinuousNiceLoop
        | Technique::XCycle
        | Technique::YCycle
        | Technique::XyCycle => format!(
            "{}: a chain of {} links that closes on itself. Round a closed loop every link works both ways, so in each link exactly one of the two is true.",
            t.name(),
            n.len()
        ),
        Technique::DiscontinuousNiceLoop | Technique::GroupedDiscontinuousNiceLoop => format!(
            "{}: suppose {} and follow the links: they lead back to a contradiction.",
            t.name(),
            says(w, &n[0], polarities(c)[0])
        ),
        _ => format!(
            "{}: a chain of {} links alternating between \"at least one of the two is true\" and \"not both\", from {} to {}.",
            t.name(),
            n.len() - 1,
            w.cells(&n[0].cells),
            w.cells(&n[n.len() - 1].cells)
        ),
    }
}

/// The distinct cells of a chain in order.
fn chain_cells(c: &Chain) -> Vec<Cell> {
    let mut cells: Vec<Cell> = Vec::new();
    for n in &c.nodes {
        for &x in &n.cells {
            if !cells.contains(&x) {
                cells.push(x);
            }
        }
    }
    cells
}

/// Explains a chain step.
pub(super) fn explain(board: &Board, step: &Step, c: &Chain, out: &mut Out) {
    let w = Words {
        layout: board.layout(),
    };
    if c.nodes.is_empty() {
        return;
    }
    let all: Vec<(Cell, Digit)> = c.nodes.iter().flat_map(candidates).collect();
    out.intro(intro(board, w, step, c), About::candidates(&all));
    match step.technique {
        Technique::EmptyRectangle if c.nodes.len() == 3 => empty_rectangle(board, w, step, c, out),
        Technique::DiscontinuousNiceLoop | Technique::GroupedDiscontinuousNiceLoop if !c.closed => {
            discontinuous(board, w, step, c, out)
        }
        _ if c.closed => {
            links(board, w, c, out);
            out.conclusion(
                "Round the loop every link holds exactly one true candidate, so:".to_string(),
                About::none(),
            );
            for (text, list) in gone(w, step, &pairs_of_loop(c), true) {
                out.conclusion(text, About::candidates(&list));
            }
        }
        Technique::RemotePair => {
            links(board, w, c, out);
            remote_pair(w, step, c, out);
        }
        _ => {
            let on = links(board, w, c, out);
            let (a, b) = (&c.nodes[0], &c.nodes[c.nodes.len() - 1]);
            let ends = format!("So {} or {}", says(w, a, !on[0]), says(w, b, true));
            let pair = [(a.clone(), b.clone())];
            let parts: Vec<String> = gone(w, step, &pair, false)
                .into_iter()
                .map(|(text, _)| text)
                .collect();
            let parts: Vec<String> = parts.iter().map(|p| capitalize(p)).collect();
            out.conclusion(
                format!("{ends}. {}.", parts.join(". ")),
                About::candidates(&step.eliminations),
            );
        }
    }
}

/// Adjacent node pairs of a closed loop: in each, exactly one is true.
fn pairs_of_loop(c: &Chain) -> Vec<(Node, Node)> {
    let k = c.nodes.len();
    (0..k)
        .map(|i| (c.nodes[i].clone(), c.nodes[(i + 1) % k].clone()))
        .collect()
}

/// Which pair explains an elimination, how (see [`why`]), and its digit or cell.
type GoneKey = (usize, u8, usize);

/// What goes when one node of each pair is true, each elimination with the pair that
/// explains it: sentences (starting with a capital when `own`, for lines of their own)
/// and the candidates each is about.
fn gone(
    w: Words,
    step: &Step,
    pairs: &[(Node, Node)],
    own: bool,
) -> Vec<(String, Vec<(Cell, Digit)>)> {
    // (pair, kind, digit or cell) → eliminations, in order of first use.
    let mut groups: Vec<(GoneKey, Vec<(Cell, Digit)>)> = Vec::new();
    let mut rest = Vec::new();
    for &(cell, d) in &step.eliminations {
        let key = pairs
            .iter()
            .enumerate()
            .find_map(|(i, (a, b))| why(w, a, b, cell, d).map(|(k, x)| (i, k, x)));
        match key {
            Some(key) => match groups.iter_mut().find(|(k, _)| *k == key) {
                Some((_, list)) => list.push((cell, d)),
                None => groups.push((key, vec![(cell, d)])),
            },
            None => rest.push((cell, d)),
        }
    }
    let mut out: Vec<(String, Vec<(Cell, Digit)>)> = groups
        .into_iter()
        .map(|((i, kind, _), list)| {
            let (a, b) = &pairs[i];
            let cells: Vec<Cell> = list.iter().map(|&(c, _)| c).collect();
            let d = list[0].1;
            let text = match kind {
                0 if own => format!(
                    "{} or {} is {}: {} {} both and cannot be {}",
                    w.cells_or(&a.cells),
                    w.cells_or(&b.cells),
                    w.d(d),
                    w.cells(&cells),
                    if cells.len() == 1 { "sees" } else { "see" },
                    w.d(d)
                ),
                0 => format!(
                    "{} {} both ends and cannot be {}",
                    w.cells(&cells),
                    if cells.len() == 1 { "sees" } else { "see" },
                    w.d(d)
                ),
                1 => {
                    let (x, y) = if a.cells == [cells[0]] {
                        (a, b)
                    } else {
                        (b, a)
                    };
                    format!(
                        "{} is either {} or sees {} being {}: it cannot be {}",
                        w.cell(cells[0]),
                        w.d(x.digit),
                        w.cells_or(&y.cells),
                        w.d(d),
                        w.d(d)
                    )
                }
                _ => {
                    let lost: DigitSet = list.iter().map(|&(_, x)| x).collect();
                    format!(
                        "{} is {} or {}: it cannot be {}",
                        w.cell(cells[0]),
                        w.d(a.digit.min(b.digit)),
                        w.d(a.digit.max(b.digit)),
                        w.digits_or(lost)
                    )
                }
            };
            (
                if own {
                    format!("{}.", capitalize(&text))
                } else {
                    text
                },
                list,
            )
        })
        .collect();
    if !rest.is_empty() {
        let text = format!(
            "the chain's almost locked sets are then locked too, so {}",
            removals(w, &rest)
        );
        out.push((
            if own {
                format!("{}.", capitalize(&text))
            } else {
                text
            },
            rest,
        ));
    }
    out
}

fn capitalize(s: &str) -> String {
    super::words::capital(s)
}

/// Why `cell` loses `d` when `a` or `b` is true: 0, it sees both (same digit); 1, it is
/// one end and sees the other; 2, both ends are in it. With the digit or the cell.
fn why(w: Words, a: &Node, b: &Node, cell: Cell, d: Digit) -> Option<(u8, usize)> {
    let sees_all = |n: &Node| n.cells.iter().all(|&x| w.sees(cell, x));
    let on_cell = |n: &Node| n.cells == [cell];
    if a.digit == d && b.digit == d && sees_all(a) && sees_all(b) {
        return Some((0, d.index()));
    }
    for (x, y) in [(a, b), (b, a)] {
        if on_cell(x) && x.digit != d && y.digit == d && sees_all(y) {
            return Some((1, cell.index()));
        }
    }
    (on_cell(a) && on_cell(b) && a.digit != d && b.digit != d).then_some((2, cell.index()))
}

/// A discontinuous loop: from the first node, the links lead back to it with the other
/// polarity, or to a node that clashes with it.
fn discontinuous(board: &Board, w: Words, step: &Step, c: &Chain, out: &mut Out) {
    let on = links(board, w, c, out);
    let k = c.nodes.len();
    let (first, last) = (&c.nodes[0], &c.nodes[k - 1]);
    let (start_on, end_on) = (on[0], on[k - 1]);
    let same = first.digit == last.digit && first.cells == last.cells;
    let clash = if same {
        None
    } else if start_on && end_on {
        Some(if first.digit == last.digit {
            format!(
                "But {} and {} cannot both be {}: {}.",
                w.cells_or(&last.cells),
                w.cells_or(&first.cells),
                w.d(first.digit),
                weak_reason(w, last, first)
            )
        } else {
            format!(
                "But {} cannot be both {} and {}.",
                w.cells(&first.cells),
                w.d(first.digit),
                w.d(last.digit)
            )
        })
    } else if !start_on && !end_on {
        Some(format!(
            "But then {} and {}, and one of them must hold: {}.",
            says(w, last, false),
            says(w, first, false),
            strong_reason(board, w, last, first)
        ))
    } else {
        None
    };
    if let Some(text) = clash {
        let mut about = candidates(first);
        about.extend(candidates(last));
        out.step(0, text, About::candidates(&about));
    }
    let what = if step.placements.is_empty() {
        removals(w, &step.eliminations)
    } else {
        super::words::placements(w, &step.placements)
    };
    let text = if start_on {
        format!("So the supposition is false: {what}.")
    } else {
        format!("So {} after all: {what}.", says(w, first, true))
    };
    out.conclusion(text, About::candidates(&step.eliminations));
}

/// Remote pair: cells an odd number of links apart hold different digits of the pair.
fn remote_pair(w: Words, step: &Step, c: &Chain, out: &mut Out) {
    let pair = c.nodes.iter().map(|n| n.digit).collect::<DigitSet>();
    let (x, y) = (pair.first(), pair.iter().nth(1));
    let text = match (x, y) {
        (Some(x), Some(y)) => format!(
            "So of two cells an odd number of links apart, one is {} and the other {}: a cell seeing both cannot be {} or {}, and {}.",
            w.d(x),
            w.d(y),
            w.d(x),
            w.d(y),
            removals(w, &step.eliminations)
        ),
        _ => format!("So {}.", removals(w, &step.eliminations)),
    };
    out.conclusion(text, About::candidates(&step.eliminations));
}

/// Empty Rectangle: the box group, then a conjugate pair, seen from the cell losing the
/// digit, as a short chain of consequences.
fn empty_rectangle(board: &Board, w: Words, step: &Step, c: &Chain, out: &mut Out) {
    let Some(&(target, d)) = step.eliminations.first() else {
        return;
    };
    let layout = board.layout();
    let (group, near, far) = (&c.nodes[0], &c.nodes[1], &c.nodes[2]);
    let region = layout.region_house(layout.region(group.cells[0]));
    let (cleared, left): (Vec<Cell>, Vec<Cell>) =
        group.cells.iter().partition(|&&g| w.sees(target, g));
    let lines = [
        (
            format!("Suppose {} is {}.", w.cell(target), w.d(d)),
            vec![(target, d)],
        ),
        (
            format!(
                "Then {}: {}.",
                w.is_not(&cleared, d),
                if cleared.len() == 1 {
                    format!("it sees {}", w.cell(target))
                } else {
                    format!("they see {}", w.cell(target))
                }
            ),
            cleared.iter().map(|&x| (x, d)).collect(),
        ),
        (
            format!(
                "Then {}: the rest of {}'s {} are gone.",
                w.is(&left, d),
                w.house(region),
                w.plural(d)
            ),
            left.iter().map(|&x| (x, d)).collect(),
        ),
        (
            format!(
                "Then {}: {}.",
                w.is_not(&near.cells, d),
                weak_reason(w, &Node::group(left.clone(), d), near)
            ),
            candidates(near),
        ),
        (
            format!(
                "Then {}: {}.",
                w.is(&far.cells, d),
                strong_reason(board, w, near, far)
            ),
            candidates(far),
        ),
        (
            format!(
                "But {} and {} cannot both be {}: {}.",
                w.cells(&far.cells),
                w.cell(target),
                w.d(d),
                weak_reason(w, far, &Node::cell(target, d))
            ),
            vec![(far.cells[0], d), (target, d)],
        ),
    ];
    for (text, about) in lines {
        out.step(0, text, About::candidates(&about));
    }
    out.conclusion(
        format!("So {}.", removals(w, &step.eliminations)),
        About::candidates(&step.eliminations),
    );
}

#[cfg(test)]
mod tests {
    use super::*;

    fn chain(strong: &[bool], closed: bool) -> Chain {
        let n = strong.len() + usize::from(!closed);
        Chain {
            nodes: (0..n)
                .map(|i| Node::cell(Cell::new(i), Digit::new(1)))
                .collect(),
            strong: strong.to_vec(),
            closed,
        }
    }

    #[test]
    fn polarities_alternate_from_the_first_link() {
        assert_eq!(
            polarities(&chain(&[true, false, true], false)),
            vec![false, true, false, true]
        );
        assert_eq!(
            polarities(&chain(&[false, true, false], false)),
            vec![true, false, true, false]
        );
    }
}
