//! The explanations of wings, coloring, unique rectangles, BUG+1, almost locked sets,
//! Sue de Coq, and Sudoku Explainer's unique loops, BUG types and aligned exclusions.

use sudokit_core::{Cell, Digit, DigitSet, House};

use super::words::{capital, conclude, holds};
use super::words::{join, Words};
use super::{About, Out};
use crate::board::Board;
use crate::step::{Als, Pattern, Step};
use crate::technique::Technique;

/// Explains a wing, coloring, rectangle, BUG, set or Sue de Coq step.
pub(super) fn explain(board: &Board, w: Words, step: &Step, out: &mut Out) {
    match &step.pattern {
        Pattern::Wing {
            pivot,
            pincers,
            digits,
            z,
        } => wing(board, w, step, *pivot, pincers, *digits, *z, out),
        Pattern::Coloring { digit, clusters } => coloring(w, step, *digit, clusters, out),
        Pattern::Rectangle {
            corners,
            digits,
            extra,
        } => rectangle(board, w, step, corners, *digits, extra, out),
        Pattern::Bug { cell, digit } => bug(board, w, step, *cell, *digit, out),
        Pattern::Als { sets, links, .. } => als(board, w, step, sets, *links, out),
        Pattern::SueDeCoq { core, line, boxed } => {
            sue_de_coq(board, w, step, core, line, boxed, out)
        }
        Pattern::Cells {
            cells,
            digits,
            others,
            ..
        } => explainer_cells(board, w, step, cells, *digits, others, out),
        _ => conclude(w, step, out),
    }
}

fn cands(board: &Board, cells: &[Cell], digits: DigitSet) -> Vec<(Cell, Digit)> {
    cells
        .iter()
        .flat_map(|&c| board.candidates(c).and(digits).iter().map(move |d| (c, d)))
        .collect()
}

#[allow(clippy::too_many_arguments)]
fn wing(
    board: &Board,
    w: Words,
    step: &Step,
    pivot: Cell,
    pincers: &[Cell],
    digits: DigitSet,
    z: Digit,
    out: &mut Out,
) {
    let t = step.technique;
    let all: Vec<Cell> = std::iter::once(pivot)
        .chain(pincers.iter().copied())
        .collect();
    let about = About::candidates(&cands(board, &all, digits));
    match t {
        Technique::XyWing | Technique::XyzWing => {
            let pc = board.candidates(pivot);
            let each: Vec<String> = pincers
                .iter()
                .map(|&p| format!("{} ({})", w.cell(p), w.digits(board.candidates(p))))
                .collect();
            out.intro(
                format!(
                    "{}: the pivot {} holds {}; it sees two pincers, {}.",
                    t.name(),
                    w.cell(pivot),
                    w.digits(pc),
                    join(&each, "and")
                ),
                about.clone(),
            );
            if t == Technique::XyzWing {
                out.step(
                    0,
                    format!(
                        "If {} is {}, it is {} itself.",
                        w.cell(pivot),
                        w.d(z),
                        w.d(z)
                    ),
                    About::candidates(&[(pivot, z)]),
                );
            }
            for d in pc.without(DigitSet::single(z)) {
                let Some(&p) = pincers.iter().find(|&&p| board.has(p, d)) else {
                    continue;
                };
                out.step(
                    0,
                    format!(
                        "If {} is {}, then {} is {}: it sees the pivot and holds only {} and {}.",
                        w.cell(pivot),
                        w.d(d),
                        w.cell(p),
                        w.d(z),
                        w.d(d),
                        w.d(z)
                    ),
                    About::candidates(&[(pivot, d), (p, z)]),
                );
            }
            let holders = if t == Technique::XyzWing {
                w.cells_or(&all)
            } else {
                w.cells_or(pincers)
            };
            out.step(
                0,
                format!(
                    "Either way {holders} is {}: a cell seeing {} of them cannot be {}.",
                    w.d(z),
                    if t == Technique::XyzWing {
                        "all"
                    } else {
                        "both"
                    },
                    w.d(z)
                ),
                About::candidates(&step.eliminations),
            );
        }
        _ => {
            out.intro(
                format!(
                    "{}: the {} cells {} hold only the {} digits {} between them.",
                    t.name(),
                    all.len(),
                    w.cells(&all),
                    digits.len(),
                    w.digits(digits)
                ),
                about.clone(),
            );
            let others = digits.without(DigitSet::single(z));
            out.step(
                0,
                format!(
                    "{}: the cells holding each of {} see each other, so each of those digits is in at most one of them.",
                    capital(&join(
                        &all.iter().map(|&c| holds(board, w, c)).collect::<Vec<_>>(),
                        "and"
                    )),
                    w.digits(others)
                ),
                about.clone(),
            );
            let holders: Vec<Cell> = all.iter().copied().filter(|&c| board.has(c, z)).collect();
            out.step(
                0,
                format!(
                    "{} digits cannot fill {} cells, so at least one cell is {}: one of {}.",
                    others.len(),
                    all.len(),
                    w.d(z),
                    w.cells(&holders)
                ),
                About::digit(&holders, z),
            );
            out.step(
                0,
                format!("A cell seeing all of those cannot be {}.", w.d(z)),
                About::candidates(&step.eliminations),
            );
        }
    }
    conclude(w, step, out);
}

fn coloring(w: Words, step: &Step, d: Digit, clusters: &[[Vec<Cell>; 2]], out: &mut Out) {
    let t = step.technique;
    let names = ["blue", "orange", "purple", "green"];
    let cells: Vec<Cell> = clusters
        .iter()
        .flat_map(|[a, b]| a.iter().chain(b))
        .copied()
        .collect();
    out.intro(
        format!(
            "{}: where {} has exactly two places in a house, one of them is {} and the other is not. Following such pairs from cell to cell, {} {} alternate between two colours, and exactly one colour of each group is {}.",
            t.name(),
            w.d(d),
            w.d(d),
            if clusters.len() == 1 { "these" } else { "each group of" },
            w.plural(d),
            w.d(d)
        ),
        About::digit(&cells, d),
    );
    for (k, [a, b]) in clusters.iter().enumerate() {
        let (ca, cb) = (names[(2 * k) % 4], names[(2 * k + 1) % 4]);
        out.step(
            0,
            format!(
                "{}: {} {} and {} {}.",
                if clusters.len() == 1 {
                    "The colours".to_string()
                } else {
                    format!("Group {}", k + 1)
                },
                ca,
                w.cells(a),
                cb,
                w.cells(b)
            ),
            About::digit(&[&a[..], b].concat(), d),
        );
    }
    let why = match t {
        Technique::SimpleColorsTrap => format!(
            "Whichever colour is true, a cell seeing both a {} and an {} cell cannot be {}.",
            names[0],
            names[1],
            w.d(d)
        ),
        Technique::SimpleColorsWrap => {
            let wrong = clusters.first().and_then(|[a, b]| {
                [(a, names[0]), (b, names[1])]
                    .into_iter()
                    .find(|(side, _)| step.eliminations.iter().any(|&(c, _)| side.contains(&c)))
                    .and_then(|(side, name)| pair_seeing(w, side).map(|(x, y)| (name, x, y)))
            });
            match wrong {
                Some((name, x, y)) => format!(
                    "Two {name} cells, {} and {}, see each other: they cannot both be {}, so {name} is the false colour.",
                    w.cell(x),
                    w.cell(y),
                    w.d(d)
                ),
                None => "One colour has two cells that see each other: it is the false colour.".into(),
            }
        }
        _ => multi_colors(w, t, d, clusters, &names),
    };
    out.step(0, why, About::candidates(&step.eliminations));
    conclude(w, step, out);
}

/// Multi Colors: which colours see each other, and what follows.
fn multi_colors(
    w: Words,
    t: Technique,
    d: Digit,
    clusters: &[[Vec<Cell>; 2]],
    names: &[&str; 4],
) -> String {
    let [Some(a), Some(b)] = [clusters.first(), clusters.get(1)] else {
        return String::new();
    };
    let name = |k: usize, side: usize| names[(2 * k + side) % 4];
    // A pair of cells of group 1's side `ka` and group 2's side `kb` seeing each other.
    let meet = |ka: usize, kb: usize| {
        a[ka]
            .iter()
            .find_map(|&x| b[kb].iter().find(|&&y| w.sees(x, y)).map(|&y| (x, y)))
    };
    if t == Technique::MultiColors1 {
        for ka in 0..2 {
            for kb in 0..2 {
                if let Some((x, y)) = meet(ka, kb) {
                    return format!(
                        "{} {} sees {} {}: those two colours are not both true, so {} or {} is. A cell seeing both a {} and a {} cell cannot be {}.",
                        capital(name(0, ka)),
                        w.cell(x),
                        name(1, kb),
                        w.cell(y),
                        name(0, 1 - ka),
                        name(1, 1 - kb),
                        name(0, 1 - ka),
                        name(1, 1 - kb),
                        w.d(d)
                    );
                }
            }
        }
    } else {
        for ka in 0..2 {
            if let (Some((x0, y0)), Some((x1, y1))) = (meet(ka, 0), meet(ka, 1)) {
                return format!(
                    "{} {} sees {} {}, and {} {} sees {} {}: one of {} and {} is true, so {} is false, and none of its cells is {}.",
                    capital(name(0, ka)),
                    w.cell(x0),
                    name(1, 0),
                    w.cell(y0),
                    name(0, ka),
                    w.cell(x1),
                    name(1, 1),
                    w.cell(y1),
                    name(1, 0),
                    name(1, 1),
                    name(0, ka),
                    w.d(d)
                );
            }
        }
    }
    format!(
        "The two groups' colours see each other, so some cells cannot be {}.",
        w.d(d)
    )
}

/// Two cells of `side` that see each other.
fn pair_seeing(w: Words, side: &[Cell]) -> Option<(Cell, Cell)> {
    side.iter().enumerate().find_map(|(i, &x)| {
        side[i + 1..]
            .iter()
            .find(|&&y| w.sees(x, y))
            .map(|&y| (x, y))
    })
}

#[allow(clippy::too_many_arguments)]
fn rectangle(
    board: &Board,
    w: Words,
    step: &Step,
    corners: &[Cell; 4],
    digits: [Digit; 2],
    extra: &[Cell],
    out: &mut Out,
) {
    let t = step.technique;
    let pair: DigitSet = digits.iter().copied().collect();
    let (a, b) = (w.d(digits[0]), w.d(digits[1]));
    out.intro(
        format!(
            "{}: {} lie in two rows, two columns and two boxes. If all four ended up holding only {a} and {b}, the {a}s and {b}s could be swapped, and the puzzle would have two solutions. It has one, so that cannot happen.",
            t.name(),
            w.cells(corners)
        ),
        About::candidates(&cands(board, corners, pair)),
    );
    let floor: Vec<Cell> = corners
        .iter()
        .copied()
        .filter(|&c| board.candidates(c).without(pair).is_empty())
        .collect();
    let roof: Vec<Cell> = corners
        .iter()
        .copied()
        .filter(|c| !floor.contains(c))
        .collect();
    let floor_line = |out: &mut Out| {
        if !floor.is_empty() {
            out.step(
                0,
                format!(
                    "{} {} only {a} and {b}.",
                    w.cells(&floor),
                    if floor.len() == 1 { "holds" } else { "hold" }
                ),
                About::candidates(&cands(board, &floor, pair)),
            );
        }
    };
    match t {
        Technique::UniqueRectangle1 => {
            floor_line(out);
            out.step(
                0,
                format!(
                    "So {} must hold something other than {a} and {b}.",
                    w.cells(&roof)
                ),
                About::candidates(&step.eliminations),
            );
        }
        Technique::UniqueRectangle2 => {
            floor_line(out);
            let extra_digit = step.eliminations.first().map(|&(_, d)| d);
            if let Some(x) = extra_digit {
                out.step(
                    0,
                    format!(
                        "{} hold {a}, {b} and {}: to avoid two solutions, one of them is {}.",
                        w.cells(&roof),
                        w.d(x),
                        w.d(x)
                    ),
                    About::digit(&roof, x),
                );
                out.step(
                    0,
                    format!("A cell seeing both of them cannot be {}.", w.d(x)),
                    About::candidates(&step.eliminations),
                );
            }
        }
        Technique::UniqueRectangle3 => {
            floor_line(out);
            let roof_extra = roof
                .iter()
                .fold(DigitSet::EMPTY, |s, &c| s.or(board.candidates(c)))
                .without(pair);
            let subset_digits = extra
                .iter()
                .fold(roof_extra, |s, &c| s.or(board.candidates(c)));
            let house = w.common_house(&[&roof[..], extra].concat());
            out.step(
                0,
                format!(
                    "To avoid two solutions, {} must hold one of {}: together they act as one cell holding only {}.",
                    w.cells_or(&roof),
                    w.digits_or(roof_extra),
                    w.digits(roof_extra)
                ),
                About::candidates(&cands(board, &roof, roof_extra)),
            );
            let each: Vec<String> = extra.iter().map(|&c| holds(board, w, c)).collect();
            out.step(
                0,
                format!(
                    "With {} ({}), that makes a naked {} in {}: {} cells for the {} digits {}.",
                    w.cells(extra),
                    join(&each, "and"),
                    subset_name(extra.len() + 1),
                    house.map_or("their house".to_string(), |h| w.house(h)),
                    extra.len() + 1,
                    subset_digits.len(),
                    w.digits(subset_digits)
                ),
                About::candidates(&cands(board, extra, subset_digits)),
            );
            out.step(
                0,
                format!(
                    "So the other cells of that house cannot hold {}.",
                    w.digits_or(subset_digits)
                ),
                About::candidates(&step.eliminations),
            );
        }
        Technique::UniqueRectangle4 => {
            floor_line(out);
            let gone = step.eliminations.first().map(|&(_, d)| d);
            if let Some(x) = gone {
                let locked = if x == digits[0] { digits[1] } else { digits[0] };
                let house = common(w, &roof, |h| {
                    board
                        .house_cells_with(h, locked)
                        .iter()
                        .all(|c| roof.contains(&c))
                });
                out.step(
                    0,
                    format!(
                        "In {}, {} can only be in {}: one of them is {}.",
                        house.map_or("their house".to_string(), |h| w.house(h)),
                        w.d(locked),
                        w.cells(&roof),
                        w.d(locked)
                    ),
                    About::digit(&roof, locked),
                );
                out.step(
                    0,
                    format!(
                        "If the other were {}, all four corners would hold only {a} and {b}: so neither can be {}.",
                        w.d(x),
                        w.d(x)
                    ),
                    About::candidates(&step.eliminations),
                );
            }
        }
        _ => {
            // Hidden rectangle: `extra` is the corner holding only the two digits.
            let Some(&(target, b_digit)) = step.eliminations.first() else {
                return conclude(w, step, out);
            };
            let a_digit = if b_digit == digits[0] {
                digits[1]
            } else {
                digits[0]
            };
            let layout = board.layout();
            let (row, col) = (
                layout.row_house(layout.row(target)),
                layout.col_house(layout.col(target)),
            );
            if let Some(&corner) = extra.first() {
                out.step(
                    0,
                    format!("{} holds only {a} and {b}.", w.cell(corner)),
                    About::candidates(&cands(board, &[corner], pair)),
                );
            }
            out.step(
                0,
                format!(
                    "In {}, {} can only be in corners of the rectangle.",
                    w.houses(&[row, col]),
                    w.d(a_digit)
                ),
                About::candidates(&cands(board, corners, DigitSet::single(a_digit))),
            );
            out.step(
                0,
                format!(
                    "If {} were {}, those {}s would fill the two corners beside it, and all four corners would hold only {a} and {b}: two solutions.",
                    w.cell(target),
                    w.d(b_digit),
                    w.d(a_digit)
                ),
                About::candidates(&step.eliminations),
            );
        }
    }
    conclude(w, step, out);
}

/// The house of all `cells` that passes `test`.
fn common(w: Words, cells: &[Cell], test: impl Fn(House) -> bool) -> Option<House> {
    let first = *cells.first()?;
    w.layout
        .houses_of(first)
        .iter()
        .copied()
        .find(|&h| cells.iter().all(|&c| w.layout.house_set(h).contains(c)) && test(h))
}

fn subset_name(k: usize) -> &'static str {
    match k {
        2 => "pair",
        3 => "triple",
        4 => "quadruple",
        _ => "set",
    }
}

fn bug(board: &Board, w: Words, step: &Step, cell: Cell, d: Digit, out: &mut Out) {
    out.intro(
        format!(
            "Bivalue Universal Grave + 1: every empty cell but {} holds exactly two candidates.",
            w.cell(cell)
        ),
        About::cells(&[cell]),
    );
    out.step(
        0,
        format!(
            "{}. In its row, column and box, {} appears three times; every other candidate of the grid appears twice in each house.",
            capital(&holds(board, w, cell)),
            w.d(d)
        ),
        About::candidates(&cands(board, &[cell], board.candidates(cell))),
    );
    out.step(
        0,
        format!(
            "If {} were not {}, every house would hold each of its candidates exactly twice: such a grid has two solutions or none.",
            w.cell(cell),
            w.d(d)
        ),
        About::cells(&[cell]),
    );
    out.conclusion(
        format!(
            "So {} is {}: its other candidates go.",
            w.cell(cell),
            w.d(d)
        ),
        About::candidates(&step.eliminations),
    );
}

/// Sudoku Explainer's patterns on a set of cells: a unique loop, a BUG of type 2 to 4,
/// an aligned exclusion.
fn explainer_cells(
    board: &Board,
    w: Words,
    step: &Step,
    cells: &[Cell],
    digits: DigitSet,
    others: &[Cell],
    out: &mut Out,
) {
    match step.technique {
        Technique::UniqueLoop => {
            out.intro(
                format!(
                    "Unique Loop: {} form a loop where each house holds two of its cells or none, and every one of them holds {}.",
                    w.cells(cells),
                    w.digits(digits)
                ),
                About::candidates(&cands(board, cells, digits)),
            );
            out.step(
                0,
                format!(
                    "If the loop held nothing but {}, the two digits could swap all around it: the puzzle would have two solutions.",
                    w.digits(digits)
                ),
                About::cells(cells),
            );
            let extra = others.iter().copied().filter(|c| cells.contains(c));
            let extra: Vec<Cell> = extra.collect();
            out.step(
                0,
                format!(
                    "So one of the other candidates of {} must be true.",
                    w.cells(&extra)
                ),
                About::candidates(&cands(
                    board,
                    &extra,
                    DigitSet::full(board.side()).without(digits),
                )),
            );
        }
        Technique::BivalueUniversalGrave => {
            out.intro(
                format!(
                    "Bivalue Universal Grave: take away {} from {}, and every empty cell would hold two candidates, each candidate twice in every house.",
                    w.digits(digits),
                    w.cells(cells)
                ),
                About::candidates(&cands(board, cells, digits)),
            );
            out.step(
                0,
                "Such a grid has two solutions or none, so one of those candidates must be true."
                    .to_string(),
                About::cells(cells),
            );
        }
        _ => {
            out.intro(
                format!(
                    "{}: {} hold {} between them; try every way to fill them.",
                    step.technique.name(),
                    w.cells(cells),
                    cells
                        .iter()
                        .map(|&c| w.digits(board.candidates(c)))
                        .collect::<Vec<_>>()
                        .join(" / ")
                ),
                About::cells(cells),
            );
            out.step(
                0,
                format!(
                    "A way is impossible when two of them that share a house take the same digit, or when it takes every candidate of a cell they all see: {}.",
                    w.cells(others)
                ),
                About::cells(others),
            );
            out.step(
                0,
                "A candidate no possible way uses can go.".to_string(),
                About::candidates(&step.eliminations),
            );
        }
    }
    conclude(w, step, out);
}

/// `set A (r1c4, r1c6 and r2c5: 1, 3, 5 and 8)`.
fn set_words(w: Words, name: char, s: &Als) -> String {
    format!("set {name} ({}: {})", w.cells(&s.cells), w.digits(s.digits))
}

/// Is `d` a restricted common digit of `a` and `b`: every cell of either holding it sees
/// every other?
fn restricted(board: &Board, w: Words, a: &Als, b: &Als, d: Digit) -> bool {
    if !a.digits.contains(d) || !b.digits.contains(d) {
        return false;
    }
    let cells: Vec<Cell> = a
        .cells
        .iter()
        .chain(&b.cells)
        .copied()
        .filter(|&c| board.has(c, d))
        .collect();
    !cells.is_empty()
        && cells
            .iter()
            .enumerate()
            .all(|(i, &x)| cells[i + 1..].iter().all(|&y| x == y || w.sees(x, y)))
}

fn als(board: &Board, w: Words, step: &Step, sets: &[Als], links: DigitSet, out: &mut Out) {
    let t = step.technique;
    let names = ['A', 'B', 'C'];
    let all: Vec<(Cell, Digit)> = sets
        .iter()
        .flat_map(|s| cands(board, &s.cells, s.digits))
        .collect();
    let listed: Vec<String> = sets
        .iter()
        .enumerate()
        .map(|(i, s)| set_words(w, names[i % 3], s))
        .collect();
    out.intro(
        format!(
            "{}: {}. Each is an almost locked set: one digit more than cells, so without any one of its digits it must hold all the others.",
            t.name(),
            capital(&join(&listed, "and"))
        ),
        About::candidates(&all),
    );
    let zs: DigitSet = step.eliminations.iter().map(|&(_, d)| d).collect();
    if sets.len() >= 3 {
        let (a, b, c) = (&sets[0], &sets[1], &sets[2]);
        let x = links.iter().find(|&d| restricted(board, w, a, c, d));
        let y = links
            .iter()
            .find(|&d| Some(d) != x && restricted(board, w, b, c, d));
        if let (Some(x), Some(y)) = (x, y) {
            out.step(
                0,
                format!(
                    "Every {} of A sees every {} of C, and every {} of B sees every {} of C. C can lack at most one of its digits, so it holds {} or {}.",
                    w.d(x),
                    w.d(x),
                    w.d(y),
                    w.d(y),
                    w.d(x),
                    w.d(y)
                ),
                About::candidates(&cands(board, &[&a.cells[..], &b.cells, &c.cells].concat(), links)),
            );
            out.step(
                0,
                format!(
                    "If C holds {}, A has none and holds all its other digits; if C holds {}, B has none and holds all its others.",
                    w.d(x),
                    w.d(y)
                ),
                About::none(),
            );
        }
        out.step(
            0,
            format!("Either way {} is in A or in B.", w.digits(zs)),
            About::candidates(&cands(board, &[&a.cells[..], &b.cells].concat(), zs)),
        );
    } else if sets.len() == 2 {
        let (a, b) = (&sets[0], &sets[1]);
        let x = links;
        out.step(
            0,
            format!(
                "Every {} of A sees every {} of B, so {} is in at most one of the sets: one of them lacks it and holds all its other digits.",
                w.digits_or(x),
                w.digits_or(x),
                if x.len() == 1 { "it" } else { "each" }
            ),
            About::candidates(&cands(board, &[&a.cells[..], &b.cells].concat(), x)),
        );
        if x.len() >= 2 {
            out.step(
                0,
                format!(
                    "Here two digits, {}, link the sets: both sets are then locked, each of their digits in them for good.",
                    w.digits(x)
                ),
                About::none(),
            );
        } else {
            out.step(
                0,
                format!(
                    "So {} is in A or in B, whichever lacks {}.",
                    w.digits(zs.without(x)),
                    w.digits(x)
                ),
                About::candidates(&cands(board, &[&a.cells[..], &b.cells].concat(), zs)),
            );
        }
    }
    out.step(
        0,
        "A cell that sees every place of such a digit in the sets cannot hold it.".to_string(),
        About::candidates(&step.eliminations),
    );
    conclude(w, step, out);
}

#[allow(clippy::too_many_arguments)]
fn sue_de_coq(
    board: &Board,
    w: Words,
    step: &Step,
    core: &[Cell],
    line: &[Cell],
    boxed: &[Cell],
    out: &mut Out,
) {
    let digits = |cells: &[Cell]| {
        cells
            .iter()
            .fold(DigitSet::EMPTY, |s, &c| s.or(board.candidates(c)))
    };
    let (v, l, b) = (digits(core), digits(line), digits(boxed));
    let line_house = w.common_house(&[core, line].concat());
    let box_house = common(w, &[core, boxed].concat(), |_| true).filter(|&h| {
        matches!(
            w.layout.house(h).kind,
            sudokit_core::HouseKind::Box(_) | sudokit_core::HouseKind::Region(_)
        )
    });
    let name = |h: Option<House>| h.map_or("its house".to_string(), |h| w.house(h));
    let all: Vec<Cell> = [core, line, boxed].concat();
    out.intro(
        format!(
            "Sue de Coq: where {} meets {}, {} hold {} ({} digits in {} cells).",
            name(line_house),
            name(box_house),
            w.cells(core),
            w.digits(v),
            v.len(),
            core.len()
        ),
        About::candidates(&cands(board, &all, v.or(l).or(b))),
    );
    out.step(
        0,
        format!(
            "In the rest of {}, {} {} only {}; in the rest of {}, {} {} only {}.",
            name(line_house),
            w.cells(line),
            if line.len() == 1 { "holds" } else { "hold" },
            w.digits(l),
            name(box_house),
            w.cells(boxed),
            if boxed.len() == 1 { "holds" } else { "hold" },
            w.digits(b)
        ),
        About::candidates(&cands(board, &[line, boxed].concat(), l.or(b))),
    );
    out.step(
        0,
        format!(
            "These {} cells hold only {} digits between them, so each digit is in exactly one part: {} in the line part, {} in the box part.",
            all.len(),
            v.or(l).or(b).len(),
            w.digits(l),
            w.digits(b)
        ),
        About::candidates(&cands(board, &all, v.or(l).or(b))),
    );
    out.step(
        0,
        format!(
            "So the rest of {} loses the digits placed in its part ({}), and the rest of {} loses {}.",
            name(line_house),
            w.digits(l.or(v.without(b))),
            name(box_house),
            w.digits(b.or(v.without(l)))
        ),
        About::candidates(&step.eliminations),
    );
    conclude(w, step, out);
}
