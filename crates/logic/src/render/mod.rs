//! Wording: the community notation, a plain sentence, and JSON, all from a [`Step`].

mod json;

use std::collections::BTreeMap;
use std::fmt::Write as _;

use sudokit_core::format::json::Json;
use sudokit_core::format::write;
use sudokit_core::{Cell, Digit, DigitSet, House, Layout};

use crate::board::Board;
use crate::engine::Path;
use crate::rating::Rating;
use crate::step::{
    Branch, Chain, ChainCause, Chaining, ChainingKind, Forcing, Node, Pattern, Potential, Step,
};
use crate::technique::Technique;

/// `r3c4`.
fn cell(layout: &Layout, c: Cell) -> String {
    layout.cell_name(c)
}

/// Cells in the compact notation: `r4679c7`, `r1c789`, `r1456c34,r9c4` (rows or columns
/// sharing their cells merged, whichever is shorter).
pub fn cells(layout: &Layout, list: &[Cell]) -> String {
    let mut list = list.to_vec();
    list.sort();
    list.dedup();
    if list.is_empty() {
        return String::new();
    }
    let sep = if layout.side() > 9 { "," } else { "" };
    let num = |v: usize| (v + 1).to_string();
    // Groups are joined by commas; on large grids numbers are too, so groups take "; ".
    let group_sep = if layout.side() > 9 { "; " } else { "," };
    let join = |v: &mut Vec<usize>| {
        v.sort_unstable();
        v.dedup();
        v.iter().map(|&x| num(x)).collect::<Vec<_>>().join(sep)
    };
    let by_rows = merged(
        &list,
        group_sep,
        |c| layout.row(c),
        |c| layout.col(c),
        |rs, cs| format!("r{}c{}", join(rs), join(cs)),
    );
    let by_cols = merged(
        &list,
        group_sep,
        |c| layout.col(c),
        |c| layout.row(c),
        |cs, rs| format!("r{}c{}", join(rs), join(cs)),
    );
    if by_cols.len() < by_rows.len() {
        by_cols
    } else {
        by_rows
    }
}

/// Cells grouped by one coordinate (`line`), lines with the same set of the other
/// coordinate merged, each group written by `name(lines, others)`: rows 1 and 4 with
/// columns 3 and 4, row 9 with column 4 → `r14c34,r9c4`.
fn merged(
    list: &[Cell],
    group_sep: &str,
    line: impl Fn(Cell) -> usize,
    other: impl Fn(Cell) -> usize,
    name: impl Fn(&mut Vec<usize>, &mut Vec<usize>) -> String,
) -> String {
    let mut by_line: BTreeMap<usize, Vec<usize>> = BTreeMap::new();
    for &c in list {
        by_line.entry(line(c)).or_default().push(other(c));
    }
    // Lines sharing the same set, in order of their first line.
    let mut groups: Vec<(Vec<usize>, Vec<usize>)> = Vec::new();
    for (l, set) in by_line {
        match groups.iter_mut().find(|(s, _)| *s == set) {
            Some((_, lines)) => lines.push(l),
            None => groups.push((set, vec![l])),
        }
    }
    groups
        .into_iter()
        .map(|(mut set, mut lines)| name(&mut lines, &mut set))
        .collect::<Vec<_>>()
        .join(group_sep)
}

fn digits(set: DigitSet, sep: &str) -> String {
    set.iter()
        .map(|d| d.get().to_string())
        .collect::<Vec<_>>()
        .join(sep)
}

fn house(layout: &Layout, h: House) -> String {
    layout.house(h).kind.short()
}

fn houses(layout: &Layout, list: &[House]) -> String {
    let names: Vec<String> = list.iter().map(|&h| house(layout, h)).collect();
    // r2 r8 → r28 (same kind, one-digit numbers)
    let letter = names
        .first()
        .map(|n| n[..1].to_string())
        .unwrap_or_default();
    if layout.side() <= 9 && names.iter().all(|n| n.starts_with(&letter)) {
        format!(
            "{letter}{}",
            names.iter().map(|n| &n[1..]).collect::<String>()
        )
    } else {
        names.join(",")
    }
}

/// `r4679c7<>8, r1c2<>5` and `r3c4=5`: what a step does.
pub fn consequences(layout: &Layout, step: &Step) -> String {
    let mut parts: Vec<String> = step
        .placements
        .iter()
        .map(|&(c, d)| format!("{}={}", cell(layout, c), d))
        .collect();
    let mut by_digit: BTreeMap<Digit, Vec<Cell>> = BTreeMap::new();
    for &(c, d) in &step.eliminations {
        by_digit.entry(d).or_default().push(c);
    }
    parts.extend(
        by_digit
            .into_iter()
            .map(|(d, cs)| format!("{}<>{d}", cells(layout, &cs))),
    );
    parts.join(", ")
}

/// A chain in Eureka notation: `(5)r1c2=(5)r3c2-(8)r3c2=(8)r3c7`; a node on an almost
/// locked set names the set after its cells holding the digit: `(5)r7c8[ALS r7c8,r789c9]`.
pub fn chain(layout: &Layout, chain: &Chain) -> String {
    let mut out = String::new();
    for (i, node) in chain.nodes.iter().enumerate() {
        if i > 0 {
            out.push_str(if chain.strong[i - 1] { "=" } else { "-" });
        }
        out.push_str(&eureka_node(layout, node));
    }
    if chain.closed {
        let last = chain.strong.last().copied().unwrap_or(false);
        out.push_str(if last { "=" } else { "-" });
        out.push_str(&eureka_node(layout, &chain.nodes[0]));
    }
    out
}

/// `(5)r1c2`, or `(5)r7c8[ALS r7c8,r789c9]` for a node on an almost locked set.
fn eureka_node(layout: &Layout, node: &Node) -> String {
    let mut out = format!("({}){}", node.digit, cells(layout, &node.cells));
    if !node.set.is_empty() {
        out.push_str(&format!("[ALS {}]", cells(layout, &node.set)));
    }
    out
}

/// The one-line community notation: `X-Wing: 7 r28 c36 => r5c3<>7`.
pub fn notation(layout: &Layout, step: &Step) -> String {
    let t = step.technique;
    let body = match &step.pattern {
        Pattern::Single {
            cell: c,
            digit,
            house: Some(h),
        } if t == Technique::HiddenSingle => {
            return format!("{t}: {}={digit} in {}", cell(layout, *c), house(layout, *h));
        }
        Pattern::Single { .. } => return format!("{t}: {}", consequences(layout, step)),
        Pattern::Bug { cell: c, digit } => format!("{}={digit}", cell(layout, *c)),
        Pattern::Intersection { digit, base, .. } => format!("{digit} in {}", house(layout, *base)),
        Pattern::Subset {
            digits: d,
            cells: cs,
            ..
        } => format!("{} in {}", digits(*d, ","), cells(layout, cs)),
        Pattern::Fish {
            digit,
            base,
            cover,
            fins,
        } => {
            let fins = if fins.is_empty() {
                String::new()
            } else {
                format!(" f{}", cells(layout, fins))
            };
            format!(
                "{digit} {} {}{fins}",
                houses(layout, base),
                houses(layout, cover)
            )
        }
        Pattern::Chain(c) => chain(layout, c),
        Pattern::Wing {
            pivot,
            pincers,
            digits: d,
            ..
        } => {
            let all: Vec<String> = std::iter::once(pivot)
                .chain(pincers)
                .map(|&c| cell(layout, c))
                .collect();
            format!("{} in {}", digits(*d, "/"), all.join(","))
        }
        Pattern::Coloring { digit, clusters } => {
            let groups: Vec<String> = clusters
                .iter()
                .map(|[a, b]| format!("({} / {})", cells(layout, a), cells(layout, b)))
                .collect();
            format!("{digit} {}", groups.join(" "))
        }
        Pattern::Rectangle {
            corners, digits: d, ..
        } => format!("{}/{} in {}", d[0], d[1], cells(layout, corners)),
        Pattern::Als { sets, links, .. } => {
            let names = ["A", "B", "C", "D"];
            let sets: Vec<String> = sets
                .iter()
                .enumerate()
                .map(|(i, s)| {
                    format!(
                        "{}={} {{{}}}",
                        names[i.min(3)],
                        cells(layout, &s.cells),
                        digits(s.digits, "")
                    )
                })
                .collect();
            format!("{}, X={}", sets.join(", "), digits(*links, ","))
        }
        Pattern::SueDeCoq { core, line, boxed } => {
            format!(
                "{} ({} / {})",
                cells(layout, core),
                cells(layout, line),
                cells(layout, boxed)
            )
        }
        Pattern::Forcing { kind, branches } => forcing(layout, *kind, branches),
        Pattern::Chaining(c) => chaining(layout, c),
    };
    format!("{t}: {body} => {}", consequences(layout, step))
}

/// A candidate assumed or shown on (`r4c5=7`) or off (`r4c5<>7`).
fn candidate(layout: &Layout, c: Cell, digit: Digit, on: bool) -> String {
    format!("{}{}{digit}", cell(layout, c), if on { "=" } else { "<>" })
}

fn assumption(layout: &Layout, b: &Branch) -> String {
    candidate(layout, b.cell, b.digit, b.on)
}

fn forcing(layout: &Layout, kind: Forcing, branches: &[Branch]) -> String {
    match kind {
        Forcing::Contradiction => {
            let b = &branches[0];
            let why = b
                .contradiction
                .map(|d| d.describe(layout))
                .unwrap_or_default();
            format!(
                "{} leads to a contradiction ({why}, after {} placements)",
                assumption(layout, b),
                b.implied.len()
            )
        }
        Forcing::Cell(c) => format!("every candidate of {}", cell(layout, c)),
        Forcing::House(h, d) => format!("every place of {d} in {}", house(layout, h)),
    }
}

fn potential(layout: &Layout, p: &Potential) -> String {
    candidate(layout, p.cell, p.digit, p.on)
}

/// The assumption of chain `b` of `c` (the potential it ends at: `last`).
fn chain_end(layout: &Layout, c: &Chaining, b: usize, last: bool) -> String {
    let list = c.branches.get(b).map(|b| &b.0[..]).unwrap_or_default();
    let p = if last { list.last() } else { list.first() };
    p.map(|p| potential(layout, p)).unwrap_or_default()
}

/// What a chaining step's chains show, e.g. `r4c5=7 leads to r9c9=3 and r9c9<>3`.
fn chaining(layout: &Layout, c: &Chaining) -> String {
    let start = |b| chain_end(layout, c, b, false);
    let end = |b| chain_end(layout, c, b, true);
    match c.kind {
        ChainingKind::Forcing => format!("{} leads to {}", start(0), end(0)),
        ChainingKind::Contradiction => {
            format!("{} leads to {} and {}", start(0), end(0), end(1))
        }
        ChainingKind::Double => format!("{} and {} lead to {}", start(0), start(1), end(0)),
        ChainingKind::Cell(x) => {
            format!("every candidate of {} leads to {}", cell(layout, x), end(0))
        }
        ChainingKind::Region(h, d) => {
            format!(
                "every place of {d} in {} leads to {}",
                house(layout, h),
                end(0)
            )
        }
    }
}

/// A chaining step's chains, one line each (`indent` spaces before), each potential
/// after the ones it follows from; a potential that does not follow from the one just
/// before names its parents in brackets; one that an inner chain gave is followed by
/// that chain, indented two more.
pub fn chains(layout: &Layout, c: &Chaining, indent: usize) -> Vec<String> {
    let mut lines = Vec::new();
    for branch in &c.branches {
        let list = &branch.0;
        let mut text = String::new();
        let mut inner = Vec::new();
        for (i, p) in list.iter().enumerate() {
            if i > 0 {
                text += " -> ";
            }
            text += &potential(layout, p);
            let from = || {
                let names: Vec<String> = p
                    .parents
                    .iter()
                    .map(|&q| potential(layout, &list[q]))
                    .collect();
                names.join(", ")
            };
            match (p.cause, &p.inner) {
                (ChainCause::Rule, Some(chain)) => {
                    let _ = write!(text, " [{} from {}]", chain.rule, from());
                    inner.push((potential(layout, p), chain));
                }
                (ChainCause::Rule, None) => {
                    let _ = write!(text, " [rule from {}]", from());
                }
                _ if i > 0 && p.parents != [i - 1] => {
                    let _ = write!(text, " [{}]", from());
                }
                _ => {}
            }
        }
        lines.push(format!("{:indent$}{text}", ""));
        for (at, chain) in inner {
            lines.push(format!(
                "{:w$}{at}, by {}: {}",
                "",
                chain.rule,
                chaining(layout, chain),
                w = indent + 2
            ));
            lines.extend(chains(layout, chain, indent + 4));
        }
    }
    lines
}

/// What a chaining step proves, in a sentence ending with `does`.
fn chaining_sentence(layout: &Layout, c: &Chaining, does: &str) -> String {
    let p = |b, last| chain_end(layout, c, b, last);
    match c.kind {
        ChainingKind::Forcing => format!(
            "Assuming {} leads to its own negation, {}, so {does}.",
            p(0, false),
            p(0, true)
        ),
        ChainingKind::Contradiction => format!(
            "Assuming {} leads both to {} and to {}, a contradiction, so {does}.",
            p(0, false),
            p(0, true),
            p(1, true)
        ),
        ChainingKind::Double => format!(
            "Both {} and {} lead to {}, so {does}.",
            p(0, false),
            p(1, false),
            p(0, true)
        ),
        ChainingKind::Cell(x) => format!(
            "Every candidate of {} leads to {}, so {does}.",
            cell(layout, x),
            p(0, true)
        ),
        ChainingKind::Region(h, d) => format!(
            "Every place of {d} in {} leads to {}, so {does}.",
            layout.house(h).kind,
            p(0, true)
        ),
    }
}

/// The chains of a chaining step, one line each after `indent` spaces (see [`chains`]);
/// none for other steps.
pub fn chain_lines(layout: &Layout, step: &Step, indent: usize) -> Vec<String> {
    match &step.pattern {
        Pattern::Chaining(c) => chains(layout, c, indent),
        _ => Vec::new(),
    }
}

/// A hint that names only the technique and where to look: the houses a fish, an
/// intersection, a subset or a hidden single lives in, else the regions holding the
/// pattern's cells, e.g. `X-Wing: look at row 3 and row 7`.
pub fn vague(layout: &Layout, step: &Step) -> String {
    let houses = look_at(layout, step);
    let area = if houses.is_empty() {
        "the whole grid".to_string()
    } else {
        house_names(layout, &houses)
    };
    format!("{}: look at {area}", step.technique)
}

/// Where a vague hint says to look: the houses a fish, an intersection, a subset or a
/// hidden single lives in, else the regions holding the pattern's cells (empty: the
/// whole grid).
pub fn look_at(layout: &Layout, step: &Step) -> Vec<House> {
    match &step.pattern {
        Pattern::Fish { base, .. } => base.clone(),
        Pattern::Intersection { base, .. } => vec![*base],
        Pattern::Subset { house, .. }
        | Pattern::Single {
            house: Some(house), ..
        } => vec![*house],
        _ => {
            let mut cells = step.pattern_cells();
            if cells.is_empty() {
                cells = step
                    .placements
                    .iter()
                    .chain(&step.eliminations)
                    .map(|&(c, _)| c)
                    .collect();
            }
            let mut regions: Vec<usize> = cells.iter().map(|&c| layout.region(c)).collect();
            regions.sort_unstable();
            regions.dedup();
            regions
                .into_iter()
                .map(|r| layout.region_house(r))
                .collect()
        }
    }
}

/// Houses in words: `row 3, row 5 and column 2`.
fn house_names(layout: &Layout, list: &[House]) -> String {
    let names: Vec<String> = list
        .iter()
        .map(|&h| layout.house(h).kind.to_string())
        .collect();
    match names.as_slice() {
        [] => String::new(),
        [one] => one.clone(),
        [rest @ .., last] => format!("{} and {last}", rest.join(", ")),
    }
}

/// `8 in r2c1`: a chain node in words.
fn node_words(layout: &Layout, node: &Node) -> String {
    match node.set.as_slice() {
        [] => format!("{} in {}", node.digit, cells(layout, &node.cells)),
        set => format!(
            "{} in the almost locked set {}",
            node.digit,
            cells(layout, set)
        ),
    }
}

/// Why a chain proves what it does, by its shape: a loop, a chain from a strong link
/// (one of its ends is true), or a chain from a weak link (its first candidate would
/// force its own downfall).
fn chain_sentence(layout: &Layout, c: &Chain, does: &str) -> String {
    let sentence = chain_reasoning(layout, c, does);
    if c.nodes.iter().all(|n| n.set.is_empty()) {
        return sentence;
    }
    format!(
        "{sentence} A node marked [ALS ...] is an almost locked set: its cells hold one digit more than there are cells, so without one of its digits it holds all the others, which leave every cell seeing all their places (a cell left with one candidate then holds it)."
    )
}

/// [`chain_sentence`] without the note on almost locked sets.
fn chain_reasoning(layout: &Layout, c: &Chain, does: &str) -> String {
    const LINKS: &str = "('=': at least one of the two is true; '-': at most one is)";
    let (first, last) = (&c.nodes[0], &c.nodes[c.nodes.len() - 1]);
    if c.closed {
        return format!(
            "The chain {} {LINKS} closes into a loop, so every link holds both ways: each '-' link is one of the two candidates in its cell or house, and the others there go: {does}.",
            chain(layout, c)
        );
    }
    if c.strong.first().copied().unwrap_or(true) {
        format!(
            "Along the chain {} {LINKS}, if {} is false then {} is true: one of the two ends holds, so: {does}.",
            chain(layout, c),
            node_words(layout, first),
            node_words(layout, last)
        )
    } else {
        format!(
            "Suppose {} were true: along the chain {} {LINKS}, {} would follow, and the two cannot both hold. So: {does}.",
            node_words(layout, first),
            chain(layout, c),
            node_words(layout, last)
        )
    }
}

/// An empty rectangle: the box group, then a conjugate pair, seen from the cell losing
/// the digit.
fn empty_rectangle_sentence(layout: &Layout, step: &Step, c: &Chain, does: &str) -> String {
    let (Some(&(target, d)), [group, .., pair_near, pair_far]) =
        (step.eliminations.first(), c.nodes.as_slice())
    else {
        return chain_sentence(layout, c, does);
    };
    let sees = |a: Cell, b: Cell| {
        layout.row(a) == layout.row(b)
            || layout.col(a) == layout.col(b)
            || layout.region(a) == layout.region(b)
    };
    let (cleared, left): (Vec<Cell>, Vec<Cell>) =
        group.cells.iter().partition(|&&g| sees(target, g));
    format!(
        "In {}, {d} can only be in {}. If {} were {d}, it would clear {}, leaving {d} to {}; that clears {} and forces {d} into {}, which sees {}: impossible. So: {does}.",
        layout.house(layout.region_house(layout.region(group.cells[0]))).kind,
        cells(layout, &group.cells),
        cell(layout, target),
        cells(layout, &cleared),
        cells(layout, &left),
        cells(layout, &pair_near.cells),
        cells(layout, &pair_far.cells),
        cell(layout, target)
    )
}

/// A plain sentence a beginner can follow.
pub fn sentence(layout: &Layout, step: &Step) -> String {
    let t = step.technique;
    let does = consequences(layout, step);
    match &step.pattern {
        Pattern::Single { cell: c, digit, house: h } => match (t, h) {
            (Technique::FullHouse, Some(h)) => format!("{} is the last open cell of {}, so it takes the missing digit {digit}.", cell(layout, *c), layout.house(*h).kind),
            (_, Some(h)) => format!("In {}, {digit} can only go in {}, so it goes there.", layout.house(*h).kind, cell(layout, *c)),
            _ => format!("{} has only one candidate left, {digit}, so it goes there.", cell(layout, *c)),
        },
        Pattern::Intersection { digit, base, cover } => format!(
            "In {}, {digit} can only be where it meets {}; so {digit} is there, and the rest of {} cannot hold it: {does}.",
            layout.house(*base).kind,
            layout.house(*cover).kind,
            layout.house(*cover).kind
        ),
        Pattern::Subset { digits: d, cells: cs, house: h, second } => {
            let naked = matches!(t, Technique::NakedPair | Technique::NakedTriple | Technique::NakedQuad | Technique::LockedPair | Technique::LockedTriple);
            let k = cs.len();
            if naked {
                let also = second.map(|s| format!(" and {}", layout.house(s).kind)).unwrap_or_default();
                format!(
                    "The {k} cells {} hold only the {k} digits {} between them, so those digits belong to them and leave the other cells of {}{also}: {does}.",
                    cells(layout, cs),
                    digits(*d, ", "),
                    layout.house(*h).kind
                )
            } else {
                format!(
                    "In {}, the {k} digits {} fit only the {k} cells {}, so those cells hold nothing else: {does}.",
                    layout.house(*h).kind,
                    digits(*d, ", "),
                    cells(layout, cs)
                )
            }
        }
        Pattern::Fish { digit, base, cover, fins } => {
            let k = base.len();
            let fin = if fins.is_empty() {
                String::new()
            } else {
                format!(" (unless a fin at {} is {digit}; cells seeing every fin are covered either way)", cells(layout, fins))
            };
            format!(
                "In {}, {digit} can only be in {}{fin}. Those {k} lines each hold {digit} once, so it fills the {k} crossing lines, and {digit} leaves the rest of them: {does}.",
                house_names(layout, base),
                house_names(layout, cover)
            )
        }
        Pattern::Chain(c) if t == Technique::EmptyRectangle => empty_rectangle_sentence(layout, step, c, &does),
        Pattern::Chain(c) => chain_sentence(layout, c, &does),
        Pattern::Wing { pivot, pincers, digits: d, z } if t == Technique::XyWing => format!(
            "Whatever {} holds ({}), one of {} must be {z}; cells seeing both cannot be {z}: {does}.",
            cell(layout, *pivot),
            digits(d.without(DigitSet::single(*z)), " or "),
            pincers.iter().map(|&c| cell(layout, c)).collect::<Vec<_>>().join(" or ")
        ),
        Pattern::Wing { pivot, pincers, digits: d, z } => {
            let all: Vec<String> = std::iter::once(pivot).chain(pincers).map(|&c| cell(layout, c)).collect();
            format!(
                "The {} cells {} hold only the {} digits {} and only {z} can repeat among them, so one of those that can be {z} is {z}; cells seeing all of those cannot be {z}: {does}.",
                all.len(),
                all.join(", "),
                d.len(),
                digits(*d, ", ")
            )
        }
        Pattern::Coloring { digit, .. } => format!(
            "Color the cells where {digit} has two places in a house with two alternating colors: all cells of one color hold {digit}. Here: {does}."
        ),
        Pattern::Rectangle { corners, digits: d, .. } => format!(
            "If {} were left with only {} and {}, the two digits could be swapped and the puzzle would have two solutions. The puzzle has one, so: {does}.",
            cells(layout, corners),
            d[0],
            d[1]
        ),
        Pattern::Bug { cell: c, digit } => format!(
            "Every open cell but {} has exactly two candidates; without {digit} there the puzzle would have two solutions or none, so {} is {digit}.",
            cell(layout, *c),
            cell(layout, *c)
        ),
        Pattern::Als { sets, .. } => format!(
            "{} almost locked sets ({}) are linked so that one of them is fully locked; either way: {does}.",
            sets.len(),
            sets.iter().map(|s| cells(layout, &s.cells)).collect::<Vec<_>>().join(", ")
        ),
        Pattern::SueDeCoq { core, .. } => format!(
            "The cells {} where a line meets a box share their digits with partner cells so that each digit has one home: {does}.",
            cells(layout, core)
        ),
        Pattern::Chaining(c) => chaining_sentence(layout, c, &does),
        Pattern::Forcing { kind, branches } => match kind {
            Forcing::Contradiction => format!("Assume {}: it forces a contradiction, so {does}.", assumption(layout, &branches[0])),
            _ => format!("Try each of {}: all of them lead to {does}, so it holds.", branches.iter().map(|b| assumption(layout, b)).collect::<Vec<_>>().join(", ")),
        },
    }
}

/// The step as JSON: technique, its ratings, placements, eliminations, pattern, notation.
pub fn json(layout: &Layout, step: &Step) -> Json {
    Json::of(&json::StepJson::new(layout, step))
}

/// A solution path as numbered notation lines from `start`, each with its sentence when
/// `sentences`, and with the candidate grid before every step beyond singles when
/// `grids` (singles a person sees on the plain grid).
pub fn path(start: &Board, path: &Path, sentences: bool, grids: bool) -> String {
    let layout = start.layout();
    let mut out = String::new();
    let mut board = start.clone();
    for (i, step) in path.steps.iter().enumerate() {
        let single = matches!(
            step.technique,
            Technique::FullHouse | Technique::HiddenSingle | Technique::NakedSingle
        );
        if grids && !single {
            out += &write::candidates(layout, board.grid().values(), &board.marks());
            out += "\n";
        }
        let _ = writeln!(out, "{:>3}. {}", i + 1, notation(layout, step));
        if sentences {
            let _ = writeln!(out, "     {}", sentence(layout, step));
            for line in chain_lines(layout, step, 7) {
                let _ = writeln!(out, "{line}");
            }
        }
        board.apply(step);
    }
    out
}

/// `rating: Unfair (score 1356), SE 7.3, hardest Discontinuous Nice Loop, 71 steps`.
pub fn rating(rating: &Rating) -> String {
    format!(
        "rating: {} (score {}), SE {:.1}, hardest {}, {} steps",
        rating.level.name(),
        rating.score,
        rating.se,
        rating.hardest.map_or("none", |t| t.name()),
        rating.steps
    )
}

/// A rating as JSON fields (the CLI's and the web API's): level, score, se, hardest, techniques (name: count), steps;
/// each null when there is no rating.
pub fn rating_fields(rating: Option<&Rating>) -> Vec<(&'static str, Json)> {
    let field = |f: fn(&Rating) -> Json| rating.map_or(Json::Null, f);
    vec![
        ("level", field(|r| Json::from(r.level.name()))),
        ("score", field(|r| Json::from(r.score))),
        ("se", field(|r| Json::from(f64::from(r.se)))),
        (
            "hardest",
            field(|r| Json::opt_str(r.hardest.map(|t| t.name()))),
        ),
        (
            "techniques",
            field(|r| Json::object(r.techniques.iter().map(|(t, &n)| (t.name(), Json::from(n))))),
        ),
        ("steps", field(|r| Json::from(r.steps))),
    ]
}

/// A rating as one JSON object.
pub fn rating_json(rating: &Rating) -> Json {
    Json::object(rating_fields(Some(rating)))
}

/// Sudoku Explainer's three ratings as serate prints them: `10.2/10.2/2.6`.
pub fn er_ep_ed(e: &crate::se::Explained) -> String {
    let t = |x: u32| f64::from(x) / 10.0;
    format!("{:.1}/{:.1}/{:.1}", t(e.er), t(e.ep), t(e.ed))
}

/// The rating of Sudoku Explainer's own path: `rating`'s fields with its ER as `se`, then
/// `ep`, `ed` and `se_hardest` (SE's name of the hardest rule).
pub fn explained_fields(rating: &Rating, e: &crate::se::Explained) -> Vec<(&'static str, Json)> {
    let tenths = |t: u32| Json::from(f64::from(t) / 10.0);
    let mut fields = rating_fields(Some(rating));
    for (name, value) in &mut fields {
        if *name == "se" {
            *value = tenths(e.er);
        }
    }
    fields.push(("ep", tenths(e.ep)));
    fields.push(("ed", tenths(e.ed)));
    fields.push(("se_hardest", Json::from(e.hardest.as_str())));
    fields
}
