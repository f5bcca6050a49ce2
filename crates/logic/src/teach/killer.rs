//! The explanations of the killer techniques: a cage's combinations, a cage's digit
//! locked in a house (or a house's digit locked in a cage), and the rule of 45, in the
//! words killer players use ("the 3-cell 23 cage must hold 9 and 8", "the innie of row
//! 1").

use sudokit_core::{Cell, Digit, DigitSet, House, Layout};

use super::words::{capital, conclude, join, Words};
use super::{About, Out};
use crate::board::Board;
use crate::step::{Step, Sum, SumOf};
use crate::techniques::killer::ways;

/// The digits a house holds: 1 to N once each, N(N+1)/2 in all.
fn house_total(layout: &Layout) -> u32 {
    let n = layout.side() as u32;
    n * (n + 1) / 2
}

/// A combination as a player writes it: `1+2+9`, digits as the board shows them (`9+G`
/// on a 16×16 grid, whose introductions say what the letters stand for).
fn way(set: DigitSet) -> String {
    let parts: Vec<String> = set.iter().map(|d| d.to_char().to_string()).collect();
    parts.join("+")
}

/// The digit `value` as the board shows it (`C` for 12), or the number when no digit is.
fn symbol(w: Words, value: u32) -> String {
    match u8::try_from(value) {
        Ok(v) if (1..=w.layout.side()).contains(&usize::from(v)) => {
            Digit::new(v).to_char().to_string()
        }
        _ => value.to_string(),
    }
}

/// The introduction; on a grid with digits past 9, which the board shows as letters, it
/// says what they stand for, so that sums of them read (`9+G` is 25).
fn intro(w: Words, out: &mut Out, text: String, about: About) {
    let n = w.layout.side();
    let text = match n {
        ..=9 => text,
        10 => format!("{text} (On this grid A stands for 10.)"),
        11 => format!("{text} (On this grid A stands for 10 and B for 11.)"),
        _ => format!(
            "{text} (On this grid A stands for 10, B for 11, and so on up to {} for {n}.)",
            Digit::new(n as u8).to_char()
        ),
    };
    out.intro(text, about);
}

/// Ways in a sentence: `1+9, 2+8 and 3+7`.
fn ways_in_words(list: &[DigitSet]) -> String {
    let parts: Vec<String> = list.iter().map(|&s| way(s)).collect();
    join(&parts, "and")
}

/// `the 3-cell 23 cage at r4c5`.
pub(super) fn cage_name(w: Words, k: usize) -> String {
    let cage = &w.layout.cages()[k];
    format!(
        "the {}-cell {} cage at {}",
        cage.cells.len(),
        cage.sum,
        w.cell(cage.cells[0])
    )
}

/// Explains a killer step.
pub(super) fn explain(board: &Board, w: Words, step: &Step, s: &Sum, out: &mut Out) {
    match s.of {
        SumOf::Cage(k) => match (s.digit, s.house) {
            (Some(d), house) if !s.house_confines => needed(board, w, step, s, k, d, house, out),
            (Some(d), Some(h)) => confined(board, w, step, s, k, d, h, out),
            _ => {
                let cage = &w.layout.cages()[k];
                intro(
                    w,
                    out,
                    format!(
                        "{}: the {}-cell cage at {} adds up to {}.",
                        step.technique.name(),
                        cage.cells.len(),
                        w.cell(cage.cells[0]),
                        cage.sum
                    ),
                    About::cells(&cage.cells),
                );
                placed_part(board, w, &cage.cells, s, out);
                combinations(board, w, step, s, out);
                conclude(w, step, out);
            }
        },
        SumOf::Innies(i) => innies(board, w, step, s, i, out),
    }
}

/// When some cells of a sum hold digits already: what the others make.
fn placed_part(board: &Board, w: Words, cells: &[Cell], s: &Sum, out: &mut Out) {
    let placed: Vec<Cell> = cells
        .iter()
        .copied()
        .filter(|&c| board.value(c).is_some())
        .collect();
    if placed.is_empty() {
        return;
    }
    let digits: DigitSet = placed.iter().filter_map(|&c| board.value(c)).collect();
    let rest = match &s.cells[..] {
        [one] => format!("the cell left, {}, holds {}", w.cell(*one), s.left),
        cells => format!("the cells left, {}, add up to {}", w.cells(cells), s.left),
    };
    out.step(
        0,
        format!(
            "{} already {} {}, so {rest}.",
            w.cells(&placed),
            if placed.len() == 1 { "holds" } else { "hold" },
            w.digits(digits),
        ),
        About::cells(&placed),
    );
}

/// The ways different digits make the sum, those the candidates leave, and what each
/// cell can then hold.
fn combinations(board: &Board, w: Words, step: &Step, s: &Sum, out: &mut Out) {
    let k = s.cells.len();
    if k == 1 {
        // What is left of the sum is the cell's digit (said by `placed_part`).
        return;
    }
    let placed: DigitSet = sum_cells(w.layout, s)
        .iter()
        .filter_map(|&c| board.value(c))
        .collect();
    let from = DigitSet::full(w.layout.side()).without(placed);
    let all = ways(from, k, s.left).unwrap_or_default();
    let about = About::cells(&s.cells);
    let fit = &s.combinations;
    if all.len() == fit.len() || all.is_empty() {
        let text = match fit.len() {
            1 => format!(
                "{k} different digits make {} only as {}.",
                s.left,
                way(fit[0])
            ),
            n => format!(
                "{k} different digits make {} in {n} ways: {}.",
                s.left,
                ways_in_words(fit)
            ),
        };
        out.step(0, text, about);
    } else if all.len() <= 8 {
        out.step(
            0,
            format!(
                "{k} different digits make {} as {}; the cells' candidates leave only {}.",
                s.left,
                ways_in_words(&all),
                ways_in_words(fit)
            ),
            about,
        );
    } else {
        out.step(
            0,
            format!(
                "{k} different digits make {} in {} ways; the cells' candidates leave only {}.",
                s.left,
                all.len(),
                ways_in_words(fit)
            ),
            about,
        );
    }
    let union = fit.iter().fold(DigitSet::EMPTY, |a, &c| a.or(c));
    let unused: DigitSet = step
        .eliminations
        .iter()
        .filter(|&&(c, d)| s.cells.contains(&c) && !union.contains(d))
        .map(|&(_, d)| d)
        .collect();
    if !unused.is_empty() {
        out.step(
            0,
            format!(
                "{} of them uses {}.",
                if fit.len() == 1 { "It never" } else { "None" },
                w.digits_or(unused)
            )
            .replace("It never of them uses", "It does not use"),
            About::cells(&s.cells),
        );
    }
    let common = fit.iter().fold(union, |a, &c| a.and(c));
    if fit.len() > 1 && !common.is_empty() {
        out.step(
            0,
            format!(
                "Every one of them uses {}, so the cells hold {} for sure.",
                w.digits(common),
                w.digits(common)
            ),
            About::cells(&s.cells),
        );
    }
    // A cell loses a digit of the combinations: the others cannot complete it.
    let inside = |c: Cell| s.cells.contains(&c);
    if (step.eliminations.iter()).any(|&(c, d)| inside(c) && union.contains(d)) {
        out.step(
            0,
            "The digits must also fit each cell: a cell keeps a digit only if the other cells can still take the rest of a combination.".to_string(),
            About::cells(&s.cells),
        );
    }
}

/// Every cell of the sum, placed or open.
fn sum_cells<'a>(layout: &'a Layout, s: &Sum) -> &'a [Cell] {
    match s.of {
        SumOf::Cage(k) => &layout.cages()[k].cells,
        SumOf::Innies(i) => &layout.innies()[i].cells,
    }
}

/// A digit every combination of the cage holds, whose places share a house (or are
/// seen together by the cells that lose it).
#[allow(clippy::too_many_arguments)]
fn needed(
    board: &Board,
    w: Words,
    step: &Step,
    s: &Sum,
    k: usize,
    d: Digit,
    house: Option<House>,
    out: &mut Out,
) {
    let cage = &w.layout.cages()[k];
    intro(
        w,
        out,
        format!(
            "{}: {} must hold {}.",
            step.technique.name(),
            cage_name(w, k),
            w.d(d)
        ),
        About::cells(&cage.cells),
    );
    placed_part(board, w, &cage.cells, s, out);
    combinations(board, w, step, s, out);
    let places: Vec<Cell> = s
        .cells
        .iter()
        .copied()
        .filter(|&c| board.has(c, d))
        .collect();
    let layout = w.layout;
    let common: Vec<House> = (0..layout.houses().len())
        .map(House::new)
        .filter(|&h| places.iter().all(|&c| layout.house_set(h).contains(c)))
        .collect();
    let text = match house {
        Some(_) => format!(
            "In the cage, {} fits only in {}, {} in {}: so no other cell of {} can be {}.",
            w.d(d),
            w.cells_or(&places),
            if places.len() == 2 { "both" } else { "all" },
            w.houses(&common),
            w.houses(&common).replace(" and ", " or "),
            w.d(d)
        ),
        None => format!(
            "In the cage, {} fits only in {}: a cell that sees all of them cannot be {}.",
            w.d(d),
            w.cells_or(&places),
            w.d(d)
        ),
    };
    out.step(0, text, About::digit(&places, d));
    conclude(w, step, out);
}

/// A house that can place a digit only in one cage: the cage holds it.
#[allow(clippy::too_many_arguments)]
fn confined(
    board: &Board,
    w: Words,
    step: &Step,
    s: &Sum,
    k: usize,
    d: Digit,
    h: House,
    out: &mut Out,
) {
    let cage = &w.layout.cages()[k];
    let places: Vec<Cell> = board.house_cells_with(h, d).iter().collect();
    intro(
        w,
        out,
        format!(
            "{}: in {}, {} fits only in cells of {}.",
            step.technique.name(),
            w.house(h),
            w.d(d),
            cage_name(w, k)
        ),
        About::digit(&places, d),
    );
    out.step(
        0,
        format!(
            "{} needs a {} and can place it only in {}, so the cage holds {}.",
            capital(&w.house(h)),
            w.d(d),
            w.cells_or(&places),
            w.d(d)
        ),
        About::digit(&places, d),
    );
    placed_part(board, w, &cage.cells, s, out);
    out.step(
        0,
        format!(
            "Of the ways the cage's cells can make {}, only {} {} {}.",
            s.left,
            ways_in_words(&s.combinations),
            if s.combinations.len() == 1 {
                "holds"
            } else {
                "hold"
            },
            w.d(d)
        ),
        About::cells(&s.cells),
    );
    conclude(w, step, out);
}

/// The rule of 45: the houses' total, the cages inside (or covering), the innies' or
/// outies' sum, then what it leaves.
fn innies(board: &Board, w: Words, step: &Step, s: &Sum, i: usize, out: &mut Out) {
    let layout = w.layout;
    let innie = &layout.innies()[i];
    let houses = &innie.houses;
    let inside = |c: Cell| houses.iter().any(|&h| layout.house_set(h).contains(c));
    let total = house_total(layout) * houses.len() as u32;
    let (mut within, mut crossing) = (Vec::new(), Vec::new());
    for (k, cage) in layout.cages().iter().enumerate() {
        match cage.cells.iter().filter(|&&c| inside(c)).count() {
            0 => {}
            n if n == cage.cells.len() => within.push(k),
            _ => crossing.push(k),
        }
    }
    let sum_of = |list: &[usize]| -> u32 { list.iter().map(|&k| layout.cages()[k].sum).sum() };
    let cells_of = |list: &[usize]| -> Vec<Cell> {
        list.iter()
            .flat_map(|&k| layout.cages()[k].cells.iter().copied())
            .collect()
    };
    let what = if innie.outies { "outies" } else { "innies" };
    let one = innie.cells.len() == 1;
    intro(
        w,
        out,
        format!(
            "{}: the {} of {}.",
            step.technique.name(),
            if one { &what[..5] } else { what },
            w.houses(houses)
        ),
        About::cells(&innie.cells),
    );
    let all: Vec<Cell> = houses
        .iter()
        .flat_map(|&h| layout.house(h).cells.iter().copied())
        .collect();
    let each = if houses.len() == 1 {
        format!(
            "{} holds 1 to {} once, so its digits add up to {total}.",
            capital(&w.houses(houses)),
            layout.side()
        )
    } else {
        format!(
            "{} each hold 1 to {} once, so together their digits add up to {total}.",
            capital(&w.houses(houses)),
            layout.side()
        )
    };
    out.step(0, each, About::cells(&all));
    let count = match innie.cells.len() {
        1 => "1 cell".to_string(),
        n => format!("{n} cells"),
    };
    let it = if houses.len() == 1 { "it" } else { "them" };
    // What the houses' total and the cages give: (the first line, the cages it is
    // about, what the total is taken from or taken away).
    let (first, about, minus) = if innie.outies {
        let mut touching = within.clone();
        touching.extend(&crossing);
        let covering = sum_of(&touching);
        let text = format!(
            "The cages that cover {it} add up to {covering}, and stick out of {it} by {count}: {}.",
            w.cells(&innie.cells)
        );
        (text, touching, format!("{covering} − {total}"))
    } else {
        let inner = sum_of(&within);
        let inner_text = match within.len() {
            0 => format!("No cage lies wholly inside {it}"),
            1 => format!("The cage wholly inside {it} adds up to {inner}"),
            n => format!("The {n} cages wholly inside {it} add up to {inner}"),
        };
        let text = format!("{inner_text}, leaving {count}: {}.", w.cells(&innie.cells));
        (text, within, format!("{total} − {inner}"))
    };
    out.step(0, first, About::cells(&cells_of(&about)));
    let those = if one {
        "that cell holds"
    } else {
        "those cells add up to"
    };
    out.step(
        0,
        format!("So {those} {minus}, which is {}.", innie.sum),
        About::cells(&innie.cells),
    );
    cage_split(w, &innie.cells, innie.sum, out);
    placed_part(board, w, &innie.cells, s, out);
    if s.cells.len() > 1 {
        if s.distinct {
            let h = w.common_house(&s.cells);
            if let Some(h) = h {
                out.step(
                    0,
                    format!(
                        "They are all in {}, so their digits differ: they work as a hidden cage of {}.",
                        w.house(h),
                        s.left
                    ),
                    About::cells(&s.cells),
                );
            }
            combinations(board, w, step, s, out);
        } else {
            out.step(
                0,
                format!(
                    "They are not all in one house, so a digit may repeat; each cell keeps only the digits the others' candidates can complete to {}.",
                    s.left
                ),
                About::cells(&s.cells),
            );
            repeat_reasons(board, w, step, s, out);
        }
    }
    conclude(w, step, out);
}

/// Cage splitting: when the cells of a rule-of-45 sum are part of one cage, the cage's
/// other cells make the rest of its sum, and the line says so ("the cage splits in
/// two").
fn cage_split(w: Words, cells: &[Cell], sum: u32, out: &mut Out) {
    let layout = w.layout;
    let Some(k) = cells.first().and_then(|&c| layout.cage_of(c)) else {
        return;
    };
    let cage = &layout.cages()[k];
    if cells.len() < 2
        || cage.cells.len() <= cells.len()
        || cage.sum < sum
        || !cells.iter().all(|&c| layout.cage_of(c) == Some(k))
    {
        return;
    }
    let others: Vec<Cell> = cage
        .cells
        .iter()
        .copied()
        .filter(|c| !cells.contains(c))
        .collect();
    let (one, add) = if others.len() == 1 {
        ("cell", "holds")
    } else {
        ("cells", "add up to")
    };
    out.step(
        0,
        format!(
            "They are part of {}, so its other {one}, {}, {add} {} − {sum}, which is {}: the cage splits in two.",
            cage_name(w, k),
            w.cells(&others),
            cage.sum,
            cage.sum - sum
        ),
        About::cells(&cage.cells),
    );
}

/// For a sum whose digits may repeat: why each cell loses its digits, cell by cell.
/// The others' smallest and largest candidates bound the cell ("r4c4 is at most 8");
/// a digit within the bounds goes when no choice of the others' candidates adds up to
/// the rest, or only one with a digit twice in a house or a cage (cage-mates differ
/// too); each case is said as it is.
fn repeat_reasons(board: &Board, w: Words, step: &Step, s: &Sum, out: &mut Out) {
    let digit_of = |d: Option<Digit>| d.map_or(0, |d| u32::from(d.get()));
    let low = |c: Cell| digit_of(board.candidates(c).iter().next());
    let high = |c: Cell| digit_of(board.candidates(c).iter().last());
    for &c in &s.cells {
        let gone: DigitSet = (step.eliminations.iter())
            .filter(|&&(e, _)| e == c)
            .map(|&(_, d)| d)
            .collect();
        if gone.is_empty() {
            continue;
        }
        let others: Vec<Cell> = s.cells.iter().copied().filter(|&o| o != c).collect();
        let lo: u32 = others.iter().map(|&o| low(o)).sum();
        let hi: u32 = others.iter().map(|&o| high(o)).sum();
        let (left, cell) = (s.left, w.cell(c));
        let least = left.saturating_sub(hi);
        let most = left.saturating_sub(lo);
        let value = |d: &Digit| u32::from(d.get());
        let below: DigitSet = gone.iter().filter(|d| value(d) < least).collect();
        let above: DigitSet = gone.iter().filter(|d| value(d) > most).collect();
        let within: DigitSet = gone.without(below).without(above);
        let them = w.cells(&others);
        let adds = match others.len() {
            1 => "is",
            _ => "add up to",
        };
        let mut parts = Vec::new();
        let bound = match (below.is_empty(), above.is_empty()) {
            (true, true) => None,
            (false, true) => Some(format!(
                "{them} {adds} {hi} or less, so {cell} is at least {left} − {hi} = {least}"
            )),
            (true, false) => Some(format!(
                "{them} {adds} {lo} or more, so {cell} is at most {left} − {lo} = {most}"
            )),
            (false, false) => Some(format!(
                "{them} {adds} between {lo} and {hi}, so {cell} lies between {left} − {hi} = {least} and {left} − {lo} = {most}"
            )),
        };
        if let Some(bound) = bound {
            let out_of: DigitSet = below.iter().chain(above.iter()).collect();
            parts.push(format!("{bound}: it cannot be {}", w.digits_or(out_of)));
        }
        let lead = |parts: &[String], ds: String| match parts.is_empty() {
            true => format!("If {cell} were {ds}"),
            false => format!("and if it were {ds}"),
        };
        if let ([other], false) = (&others[..], within.is_empty()) {
            // One other cell: it would have to hold the rest itself.
            for d in within.iter() {
                let rest = left - value(&d);
                let lead = lead(&parts, w.d(d).to_string());
                let twin = rest == value(&d);
                let house = twin.then(|| w.common_house(&[c, *other])).flatten();
                let cage = twin
                    && w.layout
                        .cage_of(c)
                        .is_some_and(|k| w.layout.cage_of(*other) == Some(k));
                let other = w.cell(*other);
                parts.push(match (house, cage) {
                    (Some(h), _) => format!(
                        "{lead}, {other} would have to be {} as well, but the two share {}",
                        w.d(d),
                        w.house(h)
                    ),
                    (None, true) => format!(
                        "{lead}, {other} would have to be {} as well, but the two are in one cage",
                        w.d(d)
                    ),
                    (None, false) => format!(
                        "{lead}, {other} would have to be {}, which is not among its candidates",
                        symbol(w, rest)
                    ),
                });
            }
        } else if !within.is_empty() {
            // The sums the others' candidates make, a digit allowed twice.
            let mut reach = vec![false; left as usize + 1];
            reach[0] = true;
            for &o in &others {
                let mut next = vec![false; reach.len()];
                for (s, _) in reach.iter().enumerate().filter(|(_, &r)| r) {
                    for d in board.candidates(o).iter() {
                        if let Some(slot) = next.get_mut(s + usize::from(d.get())) {
                            *slot = true;
                        }
                    }
                }
                reach = next;
            }
            let rest = |d: &Digit| left - value(d);
            let (never, twice): (Vec<Digit>, Vec<Digit>) =
                within.iter().partition(|d| !reach[rest(d) as usize]);
            for (ds, why) in [
                (never, "which no choice of their candidates adds up to"),
                (
                    twice,
                    "which their candidates make only with a digit twice in a house or a cage",
                ),
            ] {
                if ds.is_empty() {
                    continue;
                }
                let rests: Vec<String> = ds.iter().map(|d| rest(d).to_string()).collect();
                let set: DigitSet = ds.into_iter().collect();
                let (were, make) = match rests.len() {
                    1 => ("", format!("make {}", rests[0])),
                    _ => (" (in turn)", format!("make {}", join(&rests, "or"))),
                };
                let lead = lead(&parts, w.digits_or(set));
                parts.push(format!("{lead}, {them} would have to {make}{were}, {why}"));
            }
        }
        let mut text = capital(&parts.join("; "));
        text.push('.');
        let about: Vec<(Cell, Digit)> = gone.iter().map(|d| (c, d)).collect();
        out.step(0, text, About::candidates(&about));
    }
}
