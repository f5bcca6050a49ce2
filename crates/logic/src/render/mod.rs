//! Wording: the community notation, a plain sentence, and JSON, all from a [`Step`].

mod json;

use std::collections::BTreeMap;
use std::fmt::Write as _;

use sudokit_core::format::json::Json;
use sudokit_core::format::write;
use sudokit_core::{Cell, Digit, DigitSet, House, Layout};

use crate::board::Board;
use crate::rating::Rating;
use crate::step::Path;
use crate::step::{
    Branch, Chain, ChainCause, Chaining, ChainingKind, Forcing, Node, Pattern, Potential, Step,
    Sum, SumOf,
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
        .map(|d| d.to_string())
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
        Pattern::Sum(s) => sum(layout, s),
        Pattern::Cells {
            cells: cs,
            digits: ds,
            others,
            ..
        } => {
            let base = if ds.is_empty() {
                cells(layout, cs)
            } else {
                format!("{} {{{}}}", cells(layout, cs), digits(*ds, ""))
            };
            if others.is_empty() {
                base
            } else {
                format!("{base} / {}", cells(layout, others))
            }
        }
    };
    format!("{t}: {body} => {}", consequences(layout, step))
}

/// A killer's sum: `r1c12=3 (1+2)`, `r4c567=20 (3+8+9, 4+7+9)`; a cage/house
/// interaction's digit and house first (`9 of r1c12=17 (8+9) in r1`, `7 of r3 only in
/// r3c45=12 (5+7)`); the rule of 45's houses first (`r1 innies r1c9=7`).
fn sum(layout: &Layout, s: &Sum) -> String {
    let mut body = format!("{}={}", cells(layout, &s.cells), s.left);
    if s.cells.len() > 1 && !s.combinations.is_empty() {
        let list: Vec<String> = s.combinations.iter().map(|&c| digits(c, "+")).collect();
        body = format!("{body} ({})", list.join(", "));
    }
    if let SumOf::Innies(i) = s.of {
        let innie = &layout.innies()[i];
        let what = if innie.outies { "outies" } else { "innies" };
        return format!("{} {what} {body}", houses(layout, &innie.houses));
    }
    match (s.digit, s.house) {
        (Some(d), Some(h)) if s.house_confines => {
            format!("{d} of {} only in {body}", house(layout, h))
        }
        (Some(d), Some(h)) => format!("{d} of {body} in {}", house(layout, h)),
        (Some(d), None) => format!("{d} of {body}"),
        _ => body,
    }
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

/// The chains of a chaining step, one line each after `indent` spaces (see [`chains`]);
/// none for other steps.
pub fn chain_lines(layout: &Layout, step: &Step, indent: usize) -> Vec<String> {
    match &step.pattern {
        Pattern::Chaining(c) => chains(layout, c, indent),
        _ => Vec::new(),
    }
}

/// A hint that names only the technique and where to look: the fewest houses that hold
/// the pattern ([`crate::teach::focus`]), e.g. `Skyscraper: look at columns 6 and 9`;
/// a step on a killer's cage names the cage, as killer players do (`Cage Combinations:
/// look at the 3-cell 11 cage at r1c1`), with the house a cage/house interaction reads.
pub fn vague(layout: &Layout, step: &Step) -> String {
    if let Some((k, sum)) = cage_step(step) {
        let cage = crate::teach::cage_in_words(layout, k);
        let area = match sum.house {
            None => cage,
            Some(h) => {
                let house = crate::teach::houses_in_words(layout, &[h]);
                match sum.house_confines {
                    true => format!("{house} and {cage}"),
                    false => format!("{cage} and {house}"),
                }
            }
        };
        return format!("{}: look at {area}", step.technique);
    }
    let houses = look_at(layout, step);
    let area = if houses.is_empty() {
        "the whole grid".to_string()
    } else {
        crate::teach::houses_in_words(layout, &houses)
    };
    format!("{}: look at {area}", step.technique)
}

/// Where a vague hint says to look: [`crate::teach::focus`].
pub fn look_at(layout: &Layout, step: &Step) -> Vec<House> {
    crate::teach::focus(layout, step)
}

/// The cells a vague hint shades, in reading order: those of `houses` (what [`look_at`]
/// gave for `step`, passed in so that a caller needing both finds them once), or on a
/// step on one cage, the cage's and those of the house it reads with it (as [`vague`]
/// names them).
pub fn look_at_cells(layout: &Layout, step: &Step, houses: &[House]) -> Vec<Cell> {
    let mut cells: Vec<Cell> = match cage_step(step) {
        Some((k, sum)) => {
            let house = sum.house.map(|h| layout.house(h).cells.clone());
            layout.cages()[k]
                .cells
                .iter()
                .copied()
                .chain(house.into_iter().flatten())
                .collect()
        }
        None => houses
            .iter()
            .flat_map(|&h| layout.house(h).cells.iter().copied())
            .collect(),
    };
    cells.sort();
    cells.dedup();
    cells
}

/// A step on one killer cage: the cage's number and the step's sum.
fn cage_step(step: &Step) -> Option<(usize, &Sum)> {
    match &step.pattern {
        Pattern::Sum(sum) => match sum.of {
            SumOf::Cage(k) => Some((k, &**sum)),
            SumOf::Innies(_) => None,
        },
        _ => None,
    }
}

/// The step, found on `board`, as JSON: technique, its ratings, placements,
/// eliminations, pattern, notation, and for a player the houses to look at first, the
/// explanation's lines and the drawing (see [`crate::teach`]).
pub fn json(board: &Board, step: &Step) -> Json {
    Json::of(&json::StepJson::new(board, step))
}

/// Each step of a path as [`json`], on the board it was found on.
pub fn steps_json(start: &Board, steps: &[Step]) -> Vec<Json> {
    let mut board = start.clone();
    steps
        .iter()
        .map(|s| {
            let json = json(&board, s);
            board.apply(s);
            json
        })
        .collect()
}

/// What [`path`] and [`teaching`] show besides the step.
#[derive(Clone, Copy, Debug, Default)]
pub struct Show {
    /// The player's explanation of each step.
    pub sentences: bool,
    /// The community notation too (with the explanation; alone otherwise).
    pub notation: bool,
    /// The candidate grid before each step beyond singles.
    pub grids: bool,
}

/// A step explained for a player, as lines: the notation when asked (then every line of
/// the explanation under it, indented two spaces), else the introduction, with the rest
/// indented two spaces; a chaining step's chains follow the notation.
pub fn teaching(board: &Board, step: &Step, notation_too: bool) -> Vec<String> {
    let layout = board.layout();
    let lines = crate::teach::explain(board, step).text();
    let mut out = Vec::with_capacity(lines.len() + 1);
    if notation_too {
        out.push(notation(layout, step));
        out.extend(lines.iter().map(|l| format!("  {l}")));
        out.extend(chain_lines(layout, step, 2));
    } else {
        let mut it = lines.into_iter();
        out.extend(it.next());
        out.extend(it.map(|l| format!("  {l}")));
    }
    out
}

/// A solution path from `start`, a numbered step at a time: its notation line, or with
/// `show.sentences` the player's explanation ([`teaching`]: the notation first when
/// `show.notation`), indented under the number; with `show.grids`, the candidate grid
/// before every step beyond singles (singles a person sees on the plain grid).
pub fn path(start: &Board, path: &Path, show: Show) -> String {
    let layout = start.layout();
    let mut out = String::new();
    let mut board = start.clone();
    for (i, step) in path.steps.iter().enumerate() {
        let single = matches!(
            step.technique,
            Technique::FullHouse | Technique::HiddenSingle | Technique::NakedSingle
        );
        if show.grids && !single {
            out += &write::candidates(layout, board.grid().values(), &board.marks());
            out += "\n";
        }
        if show.sentences {
            let lines = teaching(&board, step, show.notation);
            for (k, line) in lines.iter().enumerate() {
                if k == 0 {
                    let _ = writeln!(out, "{:>3}. {line}", i + 1);
                } else {
                    let _ = writeln!(out, "     {line}");
                }
            }
        } else {
            let _ = writeln!(out, "{:>3}. {}", i + 1, notation(layout, step));
        }
        board.apply(step);
    }
    out
}

/// `rating: Unfair (score 1356; hardest Discontinuous Nice Loop), SE 7.2/7.2/2.0 (ER/EP/ED;
/// hardest Forcing Chain), 71 steps`; off 9×9 `SE about 7.3 (estimate)`.
pub fn rating(rating: &Rating) -> String {
    let se = match &rating.explainer {
        Some(e) => format!("SE {} (ER/EP/ED; hardest {})", er_ep_ed(e), e.hardest),
        None if rating.killer => "no SE rating (SE has no killer scale)".to_string(),
        None => format!("SE about {:.1} (estimate)", rating.se),
    };
    format!(
        "rating: {} (score {}; hardest {}), {se}, {} steps",
        rating.level.name(),
        rating.score,
        rating.hardest.map_or("none", |t| t.name()),
        rating.steps
    )
}

/// Sudoku Explainer's three ratings as serate prints them: `10.2/10.2/2.6`.
pub fn er_ep_ed(e: &crate::se::Explained) -> String {
    let t = |x: u32| f64::from(x) / 10.0;
    format!("{:.1}/{:.1}/{:.1}", t(e.er), t(e.ep), t(e.ed))
}
