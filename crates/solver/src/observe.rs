//! What a search does, step by step: the events behind `sudokit trace`.
//!
//! The solver is generic over an [`Observer`]; the default [`Quiet`] observer does nothing
//! and compiles away, so tracing costs nothing when it is off.

use sudokit_core::{Cell, Digit, House, Layout};

/// Why a digit was placed.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Reason {
    /// It was given.
    Given,
    /// It was the cell's only candidate.
    NakedSingle,
    /// It was the only place for the digit in this house.
    HiddenSingle(House),
    /// It was chosen at a branch point.
    Guess,
    /// The sum of this killer cage (by its number) allows it alone: the cell's only
    /// digit of the cage's combinations, or a digit every combination needs with one
    /// place left in the cage.
    Cage(usize),
    /// The sum the rule of 45 gives these cells (by its number in `Layout::innies`)
    /// allows it alone.
    Innies(usize),
    /// The difference the rule of 45 gives these cells (by its number in
    /// `Layout::differences`) allows it alone.
    Difference(usize),
}

/// Why a line of search failed.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Dead {
    /// The cell has no candidate left.
    NoCandidate(Cell),
    /// The digit has no place left in the house.
    NoPlace(House, Digit),
    /// The cell was forced to two different digits.
    Clash(Cell),
    /// This killer cage (by its number) can no longer make its sum with different digits.
    CageSum(usize),
    /// The cells of a sum the rule of 45 gives (by its number in `Layout::innies`) can
    /// no longer make it.
    Innies(usize),
    /// The cells of a difference the rule of 45 gives (by its number in
    /// `Layout::differences`) can no longer make it.
    Difference(usize),
}

impl Dead {
    /// Plain words: `r3c4 has no candidate left`, `digit 5 has no place left in box 4`.
    pub fn describe(self, layout: &Layout) -> String {
        match self {
            Dead::NoCandidate(c) => format!("{} has no candidate left", layout.cell_name(c)),
            Dead::NoPlace(h, d) => {
                format!("digit {d} has no place left in {}", layout.house(h).kind)
            }
            Dead::Clash(c) => format!("{} would need two different digits", layout.cell_name(c)),
            Dead::CageSum(k) => cage_words(k, layout),
            Dead::Innies(k) => innies_words(k, layout),
            Dead::Difference(k) => difference_words(k, layout),
        }
    }

    /// The cells that show it: the cell, the house, or the cells of the
    /// cage or of the rule of 45's sum or difference.
    pub fn cells(self, layout: &Layout) -> Vec<Cell> {
        match self {
            Dead::NoCandidate(c) | Dead::Clash(c) => vec![c],
            Dead::NoPlace(h, _) => layout.house(h).cells.clone(),
            Dead::CageSum(k) => layout.cages()[k].cells.clone(),
            Dead::Innies(k) => layout.innies()[k].cells.clone(),
            Dead::Difference(k) => {
                let rule = &layout.differences()[k];
                let mut cells = [&rule.plus[..], &rule.minus[..]].concat();
                cells.sort();
                cells
            }
        }
    }
}

/// `the 3-cell cage at r1c1 can no longer make 15 with different digits`.
pub fn cage_words(k: usize, layout: &Layout) -> String {
    let cage = &layout.cages()[k];
    format!(
        "the {}-cell cage at {} can no longer make {} with different digits",
        cage.cells.len(),
        layout.cell_name(cage.cells[0]),
        cage.sum
    )
}

/// `the cells of row 1 to row 3 outside its whole cages (r1c4, r3c7) can no longer add
/// up to 17 (the rule of 45)`.
pub fn innies_words(k: usize, layout: &Layout) -> String {
    let rule = &layout.innies()[k];
    let houses: Vec<String> = rule
        .houses
        .iter()
        .map(|&h| layout.house(h).kind.to_string())
        .collect();
    let houses = match houses.as_slice() {
        [one] => one.clone(),
        [first, second] => format!("{first} and {second}"),
        [first, .., last] => format!("{first} to {last}"),
        [] => String::new(),
    };
    let cells: Vec<String> = rule.cells.iter().map(|&c| layout.cell_name(c)).collect();
    let which = match rule.outies {
        true => format!("the cells that the cages crossing {houses} have outside it"),
        false => format!("the cells of {houses} outside its whole cages"),
    };
    format!(
        "{which} ({}) can no longer add up to {} (the rule of 45)",
        cells.join(", "),
        rule.sum
    )
}

/// `r1c5 less r2c3 can no longer make 4 (the rule of 45 on row 1 to row 3)`.
pub fn difference_words(k: usize, layout: &Layout) -> String {
    let rule = &layout.differences()[k];
    let names = |cells: &[Cell]| -> String {
        let names: Vec<String> = cells.iter().map(|&c| layout.cell_name(c)).collect();
        names.join(" + ")
    };
    let houses = match rule.houses.as_slice() {
        [one] => layout.house(*one).kind.to_string(),
        [first, .., last] => format!(
            "{} to {}",
            layout.house(*first).kind,
            layout.house(*last).kind
        ),
        [] => String::new(),
    };
    format!(
        "{} less {} can no longer make {} (the rule of 45 on {houses})",
        names(&rule.plus),
        names(&rule.minus),
        rule.sum
    )
}

/// A guess: `cell` gets `digit`, the `choice`-th (1-based) of `of` alternatives, at branch
/// depth `depth` (1 for the first branch). The alternatives are the candidates of `cell`,
/// or, when `house` is set, the places of `digit` in that house.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct Branch {
    /// The cell.
    pub cell: Cell,
    /// The digit placed there.
    pub digit: Digit,
    /// 1-based number of this alternative.
    pub choice: usize,
    /// Number of alternatives.
    pub of: usize,
    /// Branch depth, from 1.
    pub depth: usize,
    /// The house whose places of `digit` are the alternatives, if that is the branch.
    pub house: Option<House>,
}

/// The solver's state as an observer may read it.
#[derive(Clone, Copy, Debug)]
pub struct View<'a> {
    /// Value per cell, 0 when unsolved.
    pub values: &'a [u8],
    /// Candidate bits per cell (bit `d - 1` for digit `d`).
    pub candidates: &'a [u32],
}

/// Receives the search's events. Every method does nothing by default.
#[allow(unused_variables)]
pub trait Observer {
    /// A digit was placed.
    fn place(&mut self, cell: Cell, digit: Digit, reason: Reason) {}
    /// Propagation stopped with no contradiction; `view` is the state reached.
    fn settled(&mut self, view: View<'_>) {}
    /// A branch was taken (a guess).
    fn branch(&mut self, branch: Branch) {}
    /// A contradiction ended the current line of search.
    fn dead_end(&mut self, why: Dead) {}
    /// Every choice at branch depth `depth` failed: back to the branch above.
    fn backtrack(&mut self, depth: usize) {}
    /// A solution was found.
    fn solution(&mut self, values: &[u8]) {}
}

/// The observer that ignores everything.
#[derive(Clone, Copy, Debug, Default)]
pub struct Quiet;

impl Observer for Quiet {}

/// An observer that records every event, for the trace command and tests.
#[derive(Clone, Debug, Default)]
pub struct Recorder {
    /// The events in order.
    pub events: Vec<Event>,
    /// Also record the candidate state after each round of propagation.
    pub with_states: bool,
}

/// One recorded event.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Event {
    /// See [`Observer::place`].
    Place(Cell, Digit, Reason),
    /// See [`Observer::settled`]: values and candidates, when states are recorded.
    Settled(Vec<u8>, Vec<u32>),
    /// See [`Observer::branch`].
    Branch(Branch),
    /// See [`Observer::dead_end`].
    DeadEnd(Dead),
    /// See [`Observer::backtrack`].
    Backtrack(usize),
    /// See [`Observer::solution`].
    Solution(Vec<u8>),
}

impl Observer for Recorder {
    fn place(&mut self, cell: Cell, digit: Digit, reason: Reason) {
        self.events.push(Event::Place(cell, digit, reason));
    }
    fn settled(&mut self, view: View<'_>) {
        if self.with_states {
            self.events.push(Event::Settled(
                view.values.to_vec(),
                view.candidates.to_vec(),
            ));
        }
    }
    fn branch(&mut self, branch: Branch) {
        self.events.push(Event::Branch(branch));
    }
    fn dead_end(&mut self, why: Dead) {
        self.events.push(Event::DeadEnd(why));
    }
    fn backtrack(&mut self, depth: usize) {
        self.events.push(Event::Backtrack(depth));
    }
    fn solution(&mut self, values: &[u8]) {
        self.events.push(Event::Solution(values.to_vec()));
    }
}
