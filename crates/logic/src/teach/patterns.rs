//! The explanation of each pattern: singles, locked candidates, subsets and fish here;
//! wings, coloring, rectangles and sets in `shapes.rs`; chains in `chain.rs`; forcing
//! chains and Sudoku Explainer's chains in `forcing.rs`.

use sudokit_core::{Cell, Digit, DigitSet, House};

use super::focus::{blockers, Blocked};
use super::words::{capital, conclude, holds, join, Words};
use super::{chain, forcing, killer, shapes, About, Out};
use crate::board::Board;
use crate::step::{Pattern, Step};
use crate::technique::Technique;

/// Explains any step, by its pattern.
pub(super) fn explain(board: &Board, step: &Step, out: &mut Out) {
    let w = Words {
        layout: board.layout(),
    };
    match &step.pattern {
        Pattern::Single { cell, digit, house } => {
            single(board, w, step, *cell, *digit, *house, out)
        }
        Pattern::Intersection { digit, base, cover } => {
            intersection(board, w, step, *digit, *base, *cover, out)
        }
        Pattern::Subset {
            digits,
            cells,
            house,
            second,
        } => subset(board, w, step, *digits, cells, *house, *second, out),
        Pattern::Fish {
            digit,
            base,
            cover,
            fins,
        } => fish(board, w, step, *digit, base, cover, fins, out),
        Pattern::Chain(c) => chain::explain(board, step, c, out),
        Pattern::Forcing { kind, branches } => forcing::forcing(board, step, *kind, branches, out),
        Pattern::Chaining(c) => forcing::chaining(board, step, c, out),
        Pattern::Sum(s) => killer::explain(board, w, step, s, out),
        _ => shapes::explain(board, w, step, out),
    }
}

fn single(
    board: &Board,
    w: Words,
    step: &Step,
    cell: Cell,
    d: Digit,
    house: Option<House>,
    out: &mut Out,
) {
    let layout = board.layout();
    match (step.technique, house) {
        (Technique::FullHouse, Some(h)) => {
            out.intro(
                format!(
                    "Full House: {} has one empty cell left, {}.",
                    w.house(h),
                    w.cell(cell)
                ),
                About::cells(&[cell]),
            );
            let others: Vec<Cell> = layout
                .house(h)
                .cells
                .iter()
                .copied()
                .filter(|&c| c != cell)
                .collect();
            let held: DigitSet = others.iter().filter_map(|&c| board.value(c)).collect();
            out.step(
                0,
                format!(
                    "The other cells of {} hold {}: only {} is missing.",
                    w.house(h),
                    w.digits(held),
                    w.d(d)
                ),
                About::cells(&others),
            );
        }
        (_, Some(h)) => {
            out.intro(
                format!(
                    "Hidden Single: in {}, {} fits in only one cell.",
                    w.house(h),
                    w.d(d)
                ),
                About::cells(&layout.house(h).cells),
            );
            for b in blockers(board, step) {
                let text = match &b {
                    Blocked::By { blocker, cells } => format!(
                        "{} holds {}, so {}.",
                        w.cell(*blocker),
                        w.d(d),
                        match cells.len() {
                            1 => format!("{} cannot be {}", w.cell(cells[0]), w.d(d)),
                            2 => format!(
                                "neither {} can be {}",
                                w.cells_or(cells).replace(" or ", " nor "),
                                w.d(d)
                            ),
                            _ => format!("none of {} can be {}", w.cells(cells), w.d(d)),
                        }
                    ),
                    Blocked::Before { cells } => format!(
                        "{} {} lost {} as a candidate before this step.",
                        w.cells(cells),
                        if cells.len() == 1 { "has" } else { "have" },
                        w.d(d)
                    ),
                    Blocked::Digits { .. } => continue,
                };
                let mut cells = b.cells().to_vec();
                if let Blocked::By { blocker, .. } = b {
                    cells.push(blocker);
                }
                out.step(0, text, About::cells(&cells));
            }
        }
        _ => {
            out.intro(
                format!(
                    "Naked Single: {} has only one candidate left.",
                    w.cell(cell)
                ),
                About::cells(&[cell]),
            );
            for b in blockers(board, step) {
                match b {
                    Blocked::Digits {
                        house,
                        digits,
                        cells,
                    } => out.step(
                        0,
                        format!(
                            "{} holds {}, so {} cannot be {}.",
                            capital(&w.house(house)),
                            w.digits(digits),
                            w.cell(cell),
                            w.digits_or(digits)
                        ),
                        About::cells(&cells),
                    ),
                    Blocked::Before { .. } => {
                        let gone = DigitSet::full(layout.side())
                            .without(board.candidates(cell))
                            .without(seen_digits(board, cell));
                        out.step(
                            0,
                            format!(
                                "{} lost {} as {} before this step.",
                                w.cell(cell),
                                w.digits(gone),
                                if gone.len() == 1 {
                                    "a candidate"
                                } else {
                                    "candidates"
                                }
                            ),
                            About::cells(&[cell]),
                        )
                    }
                    Blocked::By { .. } => continue,
                };
            }
        }
    }
    conclude(w, step, out);
}

/// The digits placed in the houses of `cell`.
fn seen_digits(board: &Board, cell: Cell) -> DigitSet {
    board
        .layout()
        .peers(cell)
        .iter()
        .filter_map(|&p| board.value(p))
        .collect()
}

fn intersection(
    board: &Board,
    w: Words,
    step: &Step,
    d: Digit,
    base: House,
    cover: House,
    out: &mut Out,
) {
    let places: Vec<Cell> = board.house_cells_with(base, d).iter().collect();
    out.intro(
        format!(
            "{}: in {}, {} can only go where it meets {}.",
            step.technique.name(),
            w.house(base),
            w.d(d),
            w.house(cover)
        ),
        About::digit(&places, d),
    );
    out.step(
        0,
        format!(
            "In {}, the {} are all in {}, which lie in {} too.",
            w.house(base),
            w.plural(d),
            w.cells(&places),
            w.house(cover)
        ),
        About::digit(&places, d),
    );
    out.step(
        0,
        format!(
            "{} must be in one of these cells, so {}'s {} is there as well: the rest of {} cannot hold {}.",
            capital(&format!("{}'s {}", w.house(base), w.d(d))),
            w.house(cover),
            w.d(d),
            w.house(cover),
            w.d(d)
        ),
        About::digit(&places, d),
    );
    direct_single(board, w, step, base, out);
    conclude(w, step, out);
}

#[allow(clippy::too_many_arguments)]
fn subset(
    board: &Board,
    w: Words,
    step: &Step,
    digits: DigitSet,
    cells: &[Cell],
    house: House,
    second: Option<House>,
    out: &mut Out,
) {
    let t = step.technique;
    let k = cells.len();
    let naked = matches!(
        t,
        Technique::NakedPair
            | Technique::NakedTriple
            | Technique::NakedQuad
            | Technique::LockedPair
            | Technique::LockedTriple
    );
    let mut houses = vec![house];
    houses.extend(second);
    let pattern: Vec<(Cell, Digit)> = cells
        .iter()
        .flat_map(|&c| board.candidates(c).and(digits).iter().map(move |d| (c, d)))
        .collect();
    if naked {
        out.intro(
            format!(
                "{}: {} cells of {} hold only {} digits between them.",
                t.name(),
                k,
                w.houses(&houses),
                k
            ),
            About::candidates(&pattern),
        );
        let each: Vec<String> = cells.iter().map(|&c| holds(board, w, c)).collect();
        out.step(
            0,
            format!(
                "{}: only {} between them.",
                capital(&join(&each, "and")),
                w.digits(digits)
            ),
            About::candidates(&pattern),
        );
        out.step(
            0,
            format!(
                "{k} cells need {k} different digits, so {} {} go in these cells.",
                w.digits(digits),
                if k == 2 { "both" } else { "all" }
            ),
            About::candidates(&pattern),
        );
        out.step(
            0,
            format!(
                "The other cells of {} therefore cannot hold {}.",
                w.houses(&houses),
                w.digits_or(digits)
            ),
            About::candidates(&step.eliminations),
        );
    } else {
        out.intro(
            format!(
                "{}: in {}, {} digits fit in only {} cells.",
                t.name(),
                w.house(house),
                k,
                k
            ),
            About::candidates(&pattern),
        );
        let places: Vec<String> = digits
            .iter()
            .map(|d| {
                let at: Vec<Cell> = board.house_cells_with(house, d).iter().collect();
                format!("{} only in {}", w.d(d), w.cells_or(&at))
            })
            .collect();
        out.step(
            0,
            format!("In {}, {}.", w.house(house), join(&places, "and")),
            About::candidates(&pattern),
        );
        out.step(
            0,
            format!(
                "Those {k} digits must fill these {k} cells ({}), so the cells hold nothing else.",
                w.cells(cells)
            ),
            About::candidates(&pattern),
        );
        let each: Vec<String> = cells
            .iter()
            .filter_map(|&c| {
                let lost: DigitSet = step
                    .eliminations
                    .iter()
                    .filter(|&&(x, _)| x == c)
                    .map(|&(_, d)| d)
                    .collect();
                (!lost.is_empty()).then(|| format!("{} loses {}", w.cell(c), w.digits(lost)))
            })
            .collect();
        direct_single(board, w, step, house, out);
        let lead = step.placements.first().map_or(String::new(), |&(c, d)| {
            format!("{} is {}, and ", w.cell(c), w.d(d))
        });
        let mut about = step.placements.clone();
        about.extend(&step.eliminations);
        out.conclusion(
            format!(
                "So {lead}{} keep only {}: {}.",
                w.cells(cells),
                w.digits(digits),
                join(&each, "and")
            ),
            About::candidates(&about),
        );
        return;
    }
    direct_single(board, w, step, house, out);
    conclude(w, step, out);
}

/// Sudoku Explainer's direct rules: once the pattern's candidates are gone, the digit
/// placed has one place left in a house of its cell (of the kind of `like`, as SE looks
/// for it, when there is one).
fn direct_single(board: &Board, w: Words, step: &Step, like: House, out: &mut Out) {
    let (Some(&(cell, d)), false) = (step.placements.first(), step.eliminations.is_empty()) else {
        return;
    };
    let mut after = board.clone();
    for &(c, x) in &step.eliminations {
        after.eliminate(c, x);
    }
    let layout = board.layout();
    let single = |h: House| {
        layout
            .house_set(h)
            .iter()
            .filter(|&c| after.candidates(c).contains(d))
            .count()
            == 1
    };
    let kind = |h: House| std::mem::discriminant(&layout.house(h).kind);
    let houses = layout.houses_of(cell);
    let alone = houses
        .iter()
        .copied()
        .find(|&h| kind(h) == kind(like) && single(h))
        .or_else(|| houses.iter().copied().find(|&h| single(h)));
    if let Some(h) = alone {
        out.step(
            0,
            format!(
                "With those gone, {} is the only place left for {} in {}.",
                w.cell(cell),
                w.d(d),
                w.house(h)
            ),
            About::candidates(&[(cell, d)]),
        );
    }
}

#[allow(clippy::too_many_arguments)]
fn fish(
    board: &Board,
    w: Words,
    step: &Step,
    d: Digit,
    base: &[House],
    cover: &[House],
    fins: &[Cell],
    out: &mut Out,
) {
    let k = base.len();
    let t = step.technique;
    let body: Vec<Cell> = base
        .iter()
        .flat_map(|&h| board.house_cells_with(h, d).iter())
        .filter(|c| !fins.contains(c))
        .collect();
    let fin_words = match fins.len() {
        0 => String::new(),
        1 => format!(", apart from a fin at {}", w.cell(fins[0])),
        _ => format!(", apart from fins at {}", w.cells(fins)),
    };
    out.intro(
        format!(
            "{} on {}: in {}, {} fits only in {}{fin_words}.",
            t.name(),
            w.d(d),
            w.houses(base),
            w.d(d),
            w.houses(cover)
        ),
        About::digit(&body, d),
    );
    for &h in base {
        let at: Vec<Cell> = board.house_cells_with(h, d).iter().collect();
        out.step(
            0,
            format!(
                "In {}, {} can only be in {}.",
                w.house(h),
                w.d(d),
                w.cells_or(&at)
            ),
            About::digit(&at, d),
        );
    }
    let covered = format!(
        "each of these {k} lines needs its {}, and they can only take {k} different places across {}: together they hold the {} of {}",
        w.d(d),
        w.houses(cover),
        w.plural(d),
        w.houses(cover)
    );
    if fins.is_empty() {
        out.step(
            0,
            format!(
                "{}. The other cells of {} therefore cannot hold {}.",
                capital(&covered),
                w.houses(cover),
                w.d(d)
            ),
            About::candidates(&step.eliminations),
        );
    } else {
        out.step(
            0,
            format!(
                "If no fin is {}, {}, and the rest of {} loses {}.",
                w.d(d),
                covered,
                w.houses(cover),
                w.d(d)
            ),
            About::digit(&body, d),
        );
        out.step(
            0,
            format!(
                "If a fin is {}, every cell seeing {} loses {}.",
                w.d(d),
                if fins.len() == 1 {
                    "it"
                } else {
                    "all the fins"
                },
                w.d(d)
            ),
            About::digit(fins, d),
        );
        out.step(
            0,
            format!(
                "Either way, a cell of {} that sees {} cannot be {}.",
                w.houses(cover),
                if fins.len() == 1 {
                    "the fin".to_string()
                } else {
                    "every fin".to_string()
                },
                w.d(d)
            ),
            About::candidates(&step.eliminations),
        );
    }
    conclude(w, step, out);
}
