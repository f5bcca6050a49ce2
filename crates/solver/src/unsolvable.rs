//! Why a puzzle has no solution, in words a player can check: the smallest contradiction
//! that naked and hidden singles find, from the givens or from each digit one cell could
//! hold.

use sudokit_core::{Cell, Digit, DigitSet, Grid, House, Layout};

use crate::observe::{Dead, Observer, Reason};

/// Probes (a cell's candidate, then singles) tried before giving up on a short reason: a
/// 25×25 grid has 625 cells of up to 25 candidates, and a reason is only worth giving
/// while it comes at once.
const PROBES: usize = 2000;

/// Why a puzzle (whose givens do not clash) has no solution.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Unsolvable {
    /// The givens force these cells, by singles, in this order, and then reach a dead end.
    Forced {
        /// The cells the singles fill before the dead end, with their digits.
        forced: Vec<(Cell, Digit)>,
        /// The dead end.
        dead: Dead,
    },
    /// Each digit a cell can hold leads, by singles, to a dead end.
    EveryDigit {
        /// The cell.
        cell: Cell,
        /// Each of its candidates, with the dead end it leads to.
        tries: Vec<(Digit, Dead)>,
    },
    /// Each place a house has for a digit leads, by singles, to a dead end.
    EveryPlace {
        /// The house.
        house: House,
        /// The digit.
        digit: Digit,
        /// Each place, with the dead end it leads to.
        tries: Vec<(Cell, Dead)>,
    },
    /// No short reason: only the full search shows it.
    Search,
}

impl Unsolvable {
    /// Plain words: "r1c9 has no candidate left: its row, column and box hold every digit
    /// between them", "after the 3 cells the givens force (r1c1 is 5, ...), digit 4 has
    /// no place left in box 2".
    pub fn describe(&self, layout: &Layout) -> String {
        match self {
            Unsolvable::Forced { forced, dead } if forced.is_empty() => dead_words(*dead, layout),
            Unsolvable::Forced { forced, dead } => {
                let shown: Vec<String> = forced
                    .iter()
                    .take(4)
                    .map(|&(c, d)| format!("{} is {d}", layout.cell_name(c)))
                    .collect();
                let more = if forced.len() > shown.len() {
                    ", ..."
                } else {
                    ""
                };
                let cells = if forced.len() == 1 {
                    "the cell".to_string()
                } else {
                    format!("the {} cells", forced.len())
                };
                let givens = match layout.is_killer() {
                    true => "the givens and the cage sums",
                    false => "the givens",
                };
                format!(
                    "after {cells} {givens} force ({}{more}), {}",
                    shown.join(", "),
                    dead_words(*dead, layout)
                )
            }
            Unsolvable::EveryDigit { cell, tries } => {
                let name = layout.cell_name(*cell);
                let digits: Vec<String> = tries.iter().map(|(d, _)| d.to_string()).collect();
                let each: Vec<String> = tries
                    .iter()
                    .map(|(d, dead)| format!("with {d}, {}", dead_words(*dead, layout)))
                    .collect();
                format!(
                    "{name} can hold only {}, and each leads to a dead end ({})",
                    or_list(&digits),
                    each.join("; ")
                )
            }
            Unsolvable::EveryPlace {
                house,
                digit,
                tries,
            } => {
                let places: Vec<String> = tries.iter().map(|(c, _)| layout.cell_name(*c)).collect();
                let each: Vec<String> = tries
                    .iter()
                    .map(|(c, dead)| {
                        format!("at {}, {}", layout.cell_name(*c), dead_words(*dead, layout))
                    })
                    .collect();
                format!(
                    "{digit} can go only in {} in {}, and each leads to a dead end ({})",
                    or_list(&places),
                    layout.house(*house).kind,
                    each.join("; ")
                )
            }
            Unsolvable::Search => {
                "no short reason shows it: the search tried every way and none works".into()
            }
        }
    }

    /// The cells that show it: the dead cell, the house with no place for its digit, the
    /// cell whose every digit fails.
    pub fn cells(&self, layout: &Layout) -> Vec<Cell> {
        match self {
            Unsolvable::Forced { dead, .. } => dead.cells(layout),
            Unsolvable::EveryDigit { cell, .. } => vec![*cell],
            Unsolvable::EveryPlace { tries, .. } => tries.iter().map(|&(c, _)| c).collect(),
            Unsolvable::Search => Vec::new(),
        }
    }
}

fn dead_words(dead: Dead, layout: &Layout) -> String {
    match dead {
        Dead::NoCandidate(c) if !layout.is_killer() => format!(
            "{} has no candidate left: its houses hold every digit between them",
            layout.cell_name(c)
        ),
        _ => dead.describe(layout),
    }
}

/// "2", "2 or 6", "2, 6 or 8".
fn or_list(items: &[String]) -> String {
    match items {
        [] => String::new(),
        [one] => one.clone(),
        [rest @ .., last] => format!("{} or {last}", rest.join(", ")),
    }
}

/// "no solution: " and why, for a puzzle known to have none ("no solution" alone when no
/// reason is found, which happens only when its givens clash).
pub fn no_solution(grid: &Grid) -> String {
    match why_unsolvable(grid) {
        Some(why) => format!("no solution: {}", why.describe(grid.layout())),
        None => "no solution".to_string(),
    }
}

/// The cells singles fill, in order (givens left out).
#[derive(Default)]
struct Filled(Vec<(Cell, Digit)>);

impl Observer for Filled {
    fn place(&mut self, cell: Cell, digit: Digit, reason: Reason) {
        if reason != Reason::Given {
            self.0.push((cell, digit));
        }
    }
}

/// Why `grid` has no solution, or `None` when its givens clash (that is its reason) or
/// singles and one cell's digits find no contradiction and it still might have one: call
/// this on a puzzle known to have none, and `None` means only that its givens clash.
pub fn why_unsolvable(grid: &Grid) -> Option<Unsolvable> {
    let mut filled = Filled::default();
    let marks = match crate::singles_observed(grid, &mut filled).ok()? {
        Err(dead) => {
            return Some(Unsolvable::Forced {
                forced: filled.0,
                dead,
            })
        }
        Ok(marks) => marks,
    };
    let layout = grid.layout();
    let mut at = grid.clone();
    for c in layout.cells() {
        at.set(c, Digit::new_checked(marks.values[c.index()]));
    }
    // Each open cell's digits, and each house's places for a digit it still needs, the
    // fewest first: two that both fail is the shortest reason.
    let open = |c: Cell| at.get(c).is_none();
    let mut questions: Vec<(usize, Question)> = layout
        .cells()
        .filter(|&c| open(c))
        .map(|c| (marks.candidates[c.index()].len(), Question::Cell(c)))
        .collect();
    for (i, info) in layout.houses().iter().enumerate() {
        let (h, cells) = (House::new(i), &info.cells);
        for d in Digit::all(layout.side()) {
            let places = cells
                .iter()
                .filter(|&&c| open(c) && marks.candidates[c.index()].contains(d))
                .count();
            if places > 0 && !cells.iter().any(|&c| at.get(c) == Some(d)) {
                questions.push((places, Question::Place(h, d)));
            }
        }
    }
    questions.sort_by_key(|&(size, _)| size);
    // Does placing `d` at `cell` lead, by singles, to a dead end?
    let fails = |cell: Cell, d: Digit| {
        let mut probe = at.clone();
        probe.set(cell, Some(d));
        let mut start = marks.candidates.clone();
        start[cell.index()] = DigitSet::single(d);
        for &p in layout.peers(cell) {
            start[p.index()].remove(d);
        }
        crate::singles_from_marks(&probe, &start, &mut crate::observe::Quiet).err()
    };
    let mut probes = 0;
    'questions: for (_, q) in questions {
        let options: Vec<(Cell, Digit)> = match q {
            Question::Cell(c) => marks.candidates[c.index()].iter().map(|d| (c, d)).collect(),
            Question::Place(h, d) => layout
                .house(h)
                .cells
                .iter()
                .filter(|&&c| open(c) && marks.candidates[c.index()].contains(d))
                .map(|&c| (c, d))
                .collect(),
        };
        let mut deads = Vec::new();
        for (c, d) in options {
            probes += 1;
            if probes > PROBES {
                break 'questions;
            }
            match fails(c, d) {
                Some(dead) => deads.push(((c, d), dead)),
                None => continue 'questions,
            }
        }
        return Some(match q {
            Question::Cell(cell) => Unsolvable::EveryDigit {
                cell,
                tries: deads.into_iter().map(|((_, d), dead)| (d, dead)).collect(),
            },
            Question::Place(house, digit) => Unsolvable::EveryPlace {
                house,
                digit,
                tries: deads.into_iter().map(|((c, _), dead)| (c, dead)).collect(),
            },
        });
    }
    Some(Unsolvable::Search)
}

/// A choice the solution must make: a cell's digit, or a digit's place in a house.
#[derive(Clone, Copy)]
enum Question {
    Cell(Cell),
    Place(House, Digit),
}
