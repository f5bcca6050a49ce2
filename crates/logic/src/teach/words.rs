//! How a player names things: cells as `r3c4`, houses in words (`row 3`, `rows 1 and
//! 5`), digits in the layout's symbols (`A`–`G` on 16×16), lists joined with "and" or
//! "or"; and the sentences every explainer closes with: what a step does ([`what`],
//! [`so`]) and its conclusion line ([`conclude`]). No notation: no `<>`, no link signs,
//! no `(d)rXcY`.

use sudokit_core::{Cell, Digit, DigitSet, House, HouseKind, Layout};

use super::out::{About, Out};
use crate::board::Board;
use crate::step::Step;

/// The words of one layout.
#[derive(Clone, Copy)]
pub(crate) struct Words<'a> {
    pub layout: &'a Layout,
}

/// `a`, `a and b`, `a, b and c` (or with "or").
pub(crate) fn join(items: &[String], last: &str) -> String {
    match items {
        [] => String::new(),
        [one] => one.clone(),
        [rest @ .., end] => format!("{} {last} {end}", rest.join(", ")),
    }
}

impl Words<'_> {
    /// A digit as the board shows it.
    pub fn d(&self, d: Digit) -> char {
        d.to_char()
    }

    /// `r3c4`.
    pub fn cell(&self, c: Cell) -> String {
        self.layout.cell_name(c)
    }

    /// Cells in reading order, joined with "and".
    pub fn cells(&self, list: &[Cell]) -> String {
        join(&self.names(list), "and")
    }

    /// Cells in reading order, joined with "or".
    pub fn cells_or(&self, list: &[Cell]) -> String {
        join(&self.names(list), "or")
    }

    fn names(&self, list: &[Cell]) -> Vec<String> {
        let mut list = list.to_vec();
        list.sort();
        list.dedup();
        list.iter().map(|&c| self.cell(c)).collect()
    }

    /// `row 3`, `box 7`, `the main diagonal`.
    pub fn house(&self, h: House) -> String {
        self.layout.house(h).kind.to_string()
    }

    /// Houses grouped by kind, in the order given: `rows 3 and 7`, `row 2 and column 5`,
    /// `columns 1, 4 and 9`.
    pub fn houses(&self, list: &[House]) -> String {
        let mut groups: Vec<(&'static str, &'static str, Vec<String>)> = Vec::new();
        for &h in list {
            let kind = self.layout.house(h).kind;
            let (one, many, number) = match kind {
                HouseKind::Row(i) => ("row", "rows", (i + 1).to_string()),
                HouseKind::Column(i) => ("column", "columns", (i + 1).to_string()),
                HouseKind::Box(i) => ("box", "boxes", (i + 1).to_string()),
                HouseKind::Region(i) => ("region", "regions", (i + 1).to_string()),
                HouseKind::Diagonal | HouseKind::AntiDiagonal => {
                    groups.push(("", "", vec![kind.to_string()]));
                    continue;
                }
            };
            match groups.iter_mut().find(|(o, _, _)| *o == one) {
                Some((_, _, numbers)) => numbers.push(number),
                None => groups.push((one, many, vec![number])),
            }
        }
        let parts: Vec<String> = groups
            .into_iter()
            .map(|(one, many, numbers)| match (one, numbers.len()) {
                ("", _) => numbers.join(" and "),
                (_, 1) => format!("{one} {}", numbers[0]),
                _ => format!("{many} {}", join(&numbers, "and")),
            })
            .collect();
        join(&parts, "and")
    }

    /// Digits joined with "and": `1, 5 and 7`.
    pub fn digits(&self, set: DigitSet) -> String {
        join(&self.digit_list(set), "and")
    }

    /// Digits joined with "or": `1, 5 or 7`.
    pub fn digits_or(&self, set: DigitSet) -> String {
        join(&self.digit_list(set), "or")
    }

    fn digit_list(&self, set: DigitSet) -> Vec<String> {
        set.iter().map(|d| self.d(d).to_string()).collect()
    }

    /// The cells holding `d` said as a statement: `r1c1 is 4`, `r7c1 or r7c2 is 7`.
    pub fn is(&self, cells: &[Cell], d: Digit) -> String {
        format!("{} is {}", self.cells_or(cells), self.d(d))
    }

    /// The opposite statement: `r1c1 is not 4`, `neither r7c1 nor r7c2 is 7`, `none of
    /// r7c1, r7c2 and r7c3 is 7`.
    pub fn is_not(&self, cells: &[Cell], d: Digit) -> String {
        let names = self.names(cells);
        match names.as_slice() {
            [one] => format!("{one} is not {}", self.d(d)),
            [a, b] => format!("neither {a} nor {b} is {}", self.d(d)),
            _ => format!("none of {} is {}", join(&names, "and"), self.d(d)),
        }
    }

    /// `4` or `4s`: a digit counted in the plural (`the only 4s in row 1`).
    pub fn plural(&self, d: Digit) -> String {
        format!("{}s", self.d(d))
    }

    /// The one house holding all of `cells`, preferring lines over regions (a row or a
    /// column tells more than a box where both hold them).
    pub fn common_house(&self, cells: &[Cell]) -> Option<House> {
        let first = *cells.first()?;
        let mut shared: Vec<House> = self
            .layout
            .houses_of(first)
            .iter()
            .copied()
            .filter(|&h| cells.iter().all(|&c| self.layout.house_set(h).contains(c)))
            .collect();
        shared.sort_by_key(|&h| match self.layout.house(h).kind {
            HouseKind::Row(_) | HouseKind::Column(_) => 0,
            _ => 1,
        });
        shared.first().copied()
    }

    /// Do two cells see each other (share a house)?
    pub fn sees(&self, a: Cell, b: Cell) -> bool {
        a != b && self.layout.peer_set(a).contains(b)
    }
}

/// What each digit loses, as a player says it: `4 cannot go in r7c7 or r8c8`, `1 and 6
/// cannot go in r1c4 or r1c5` (digits losing the same cells together), `r2c7 cannot be
/// 2 or 3` when one cell loses several.
pub(crate) fn removals(w: Words, list: &[(Cell, Digit)]) -> String {
    let mut cells: Vec<Cell> = list.iter().map(|&(c, _)| c).collect();
    cells.sort();
    cells.dedup();
    let digits: DigitSet = list.iter().map(|&(_, d)| d).collect();
    if let [only] = cells[..] {
        return format!("{} cannot be {}", w.cell(only), w.digits_or(digits));
    }
    // Digits grouped by the cells they leave, in digit order.
    let mut groups: Vec<(Vec<Cell>, DigitSet)> = Vec::new();
    for d in digits {
        let mut of: Vec<Cell> = list.iter().filter(|x| x.1 == d).map(|x| x.0).collect();
        of.sort();
        of.dedup();
        match groups.iter_mut().find(|(c, _)| *c == of) {
            Some((_, set)) => set.insert(d),
            None => groups.push((of, DigitSet::single(d))),
        }
    }
    let parts: Vec<String> = groups
        .iter()
        .map(|(of, set)| format!("{} cannot go in {}", w.digits(*set), w.cells_or(of)))
        .collect();
    if parts.len() > 2 {
        parts.join("; ")
    } else {
        join(&parts, "and")
    }
}

/// What a step places: `r3c4 is 5`, `r3c4 is 5 and r6c1 is 2`.
pub(crate) fn placements(w: Words, list: &[(Cell, Digit)]) -> String {
    let parts: Vec<String> = list
        .iter()
        .map(|&(c, d)| format!("{} is {}", w.cell(c), w.d(d)))
        .collect();
    join(&parts, "and")
}

/// What a step does: `r3c4 is 5`, `4 cannot go in …`.
pub(super) fn what(w: Words, step: &Step) -> String {
    let mut parts = Vec::new();
    if !step.placements.is_empty() {
        parts.push(placements(w, &step.placements));
    }
    if !step.eliminations.is_empty() {
        parts.push(removals(w, &step.eliminations));
    }
    join(&parts, "and")
}

/// What a step does, as the last sentence: `So r3c4 is 5.`, `So 4 cannot go in …`.
pub(super) fn so(w: Words, step: &Step) -> String {
    format!("So {}.", what(w, step))
}

/// The conclusion line: [`so`] about the step's candidates.
pub(super) fn conclude(w: Words, step: &Step, out: &mut Out) {
    let mut about = step.placements.clone();
    about.extend(&step.eliminations);
    out.conclusion(so(w, step), About::candidates(&about));
}

/// `r1c2 holds 1 and 6`.
pub(super) fn holds(board: &Board, w: Words, c: Cell) -> String {
    format!("{} holds {}", w.cell(c), w.digits(board.candidates(c)))
}

/// `Row 3` from `row 3`; a cell name (`r3c4`) keeps its small letter, as players write it.
pub(super) fn capital(s: &str) -> String {
    let b = s.as_bytes();
    if b.len() > 1 && b[0] == b'r' && b[1].is_ascii_digit() {
        return s.to_string();
    }
    let mut chars = s.chars();
    match chars.next() {
        Some(f) => f.to_uppercase().chain(chars).collect(),
        None => String::new(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn houses_are_grouped_by_kind() {
        let layout = Layout::classic();
        let w = Words { layout: &layout };
        let rows = [layout.row_house(0), layout.row_house(4)];
        assert_eq!(w.houses(&rows), "rows 1 and 5");
        let mixed = [
            layout.row_house(2),
            layout.col_house(6),
            layout.row_house(8),
        ];
        assert_eq!(w.houses(&mixed), "rows 3 and 9 and column 7");
        assert_eq!(w.houses(&[layout.region_house(2)]), "box 3");
    }

    #[test]
    fn statements_read_as_sentences() {
        let layout = Layout::classic();
        let w = Words { layout: &layout };
        let (a, b, c) = (layout.cell(0, 0), layout.cell(0, 1), layout.cell(0, 2));
        let d = Digit::new(4);
        assert_eq!(w.is(&[a], d), "r1c1 is 4");
        assert_eq!(w.is(&[a, b], d), "r1c1 or r1c2 is 4");
        assert_eq!(w.is_not(&[a, b], d), "neither r1c1 nor r1c2 is 4");
        assert_eq!(w.is_not(&[a, b, c], d), "none of r1c1, r1c2 and r1c3 is 4");
    }

    #[test]
    fn digits_are_the_layouts_symbols() {
        let layout = Layout::for_side(16).unwrap();
        let w = Words { layout: &layout };
        let set: DigitSet = [10, 13].into_iter().map(Digit::new).collect();
        assert_eq!(w.digits(set), "A and D");
        let list = [(layout.cell(8, 1), Digit::new(13))];
        assert_eq!(removals(w, &list), "r9c2 cannot be D");
    }
}
