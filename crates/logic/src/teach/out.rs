//! An explanation as it is built: its lines (an introduction, numbered steps grouped in
//! cases, the conclusion), the numbering, and the cells and candidates each line is
//! about. Every explainer in `teach/` writes through [`Out`].

use sudokit_core::{Cell, Digit};

/// What a line of an explanation is.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Kind {
    /// What the pattern is, before its logic.
    Intro,
    /// One numbered step of the logic.
    Step,
    /// The heading of a case (a branch of a forcing chain): the steps under it are
    /// indented one level more.
    Case,
    /// What the step proves.
    Conclusion,
}

/// One line of an explanation, with the cells and candidates it is about.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Line {
    /// What the line is.
    pub kind: Kind,
    /// Its number among the steps of its case (steps only).
    pub number: Option<u32>,
    /// How deep it is: 0 at the top, one more inside each case.
    pub depth: u8,
    /// The words.
    pub text: String,
    /// The cells it is about (to highlight when the line is pointed at).
    pub cells: Vec<Cell>,
    /// The candidates it is about.
    pub candidates: Vec<(Cell, Digit)>,
}

/// A step explained for a player: an introduction, numbered steps (grouped in cases for
/// forcing chains), and the conclusion.
#[derive(Clone, Debug, PartialEq, Eq, Default)]
pub struct Explanation {
    /// The lines, in order.
    pub lines: Vec<Line>,
}

impl Explanation {
    /// The lines as text, one string each: steps numbered (`3. …`), cases and their steps
    /// indented two spaces a level.
    pub fn text(&self) -> Vec<String> {
        self.lines
            .iter()
            .map(|l| {
                let indent = "  ".repeat(usize::from(l.depth));
                match l.number {
                    Some(n) => format!("{indent}{n}. {}", l.text),
                    None => format!("{indent}{}", l.text),
                }
            })
            .collect()
    }

    /// The introduction and the conclusion, as one short paragraph (for captions with
    /// little room).
    pub fn summary(&self) -> String {
        let pick = |k: Kind| self.lines.iter().filter(move |l| l.kind == k);
        pick(Kind::Intro)
            .chain(pick(Kind::Conclusion))
            .map(|l| l.text.as_str())
            .collect::<Vec<_>>()
            .join(" ")
    }
}

/// Builds an explanation line by line, numbering the steps of each case.
#[derive(Default)]
pub(crate) struct Out {
    lines: Vec<Line>,
    /// The next number at each depth.
    next: Vec<u32>,
}

impl Out {
    fn push(&mut self, kind: Kind, depth: u8, text: String, about: About) -> u32 {
        let d = usize::from(depth);
        if self.next.len() <= d {
            self.next.resize(d + 1, 1);
        }
        let number = (kind == Kind::Step).then(|| {
            let n = self.next[d];
            self.next[d] += 1;
            n
        });
        if kind == Kind::Case {
            self.next.truncate(d + 1);
        }
        self.lines.push(Line {
            kind,
            number,
            depth,
            text,
            cells: about.cells,
            candidates: about.candidates,
        });
        number.unwrap_or(0)
    }

    /// An introduction line.
    pub fn intro(&mut self, text: String, about: About) {
        self.push(Kind::Intro, 0, text, about);
    }

    /// A numbered step at `depth`; returns its number.
    pub fn step(&mut self, depth: u8, text: String, about: About) -> u32 {
        self.push(Kind::Step, depth, text, about)
    }

    /// A case heading at `depth` (its steps go at `depth + 1`, numbered from 1).
    pub fn case(&mut self, depth: u8, text: String, about: About) {
        self.push(Kind::Case, depth, text, about);
        self.next.resize(usize::from(depth) + 2, 1);
        self.next[usize::from(depth) + 1] = 1;
    }

    /// The conclusion.
    pub fn conclusion(&mut self, text: String, about: About) {
        self.push(Kind::Conclusion, 0, text, about);
    }

    pub(super) fn done(self) -> Explanation {
        Explanation { lines: self.lines }
    }
}

/// The cells and candidates a line is about.
#[derive(Clone, Debug, Default)]
pub(crate) struct About {
    pub cells: Vec<Cell>,
    pub candidates: Vec<(Cell, Digit)>,
}

impl About {
    /// Nothing in particular.
    pub fn none() -> About {
        About::default()
    }

    /// These cells.
    pub fn cells(cells: &[Cell]) -> About {
        About {
            cells: sorted(cells.to_vec()),
            candidates: Vec::new(),
        }
    }

    /// These candidates (and their cells).
    pub fn candidates(list: &[(Cell, Digit)]) -> About {
        let mut candidates = list.to_vec();
        candidates.sort();
        candidates.dedup();
        About {
            cells: sorted(candidates.iter().map(|&(c, _)| c).collect()),
            candidates,
        }
    }

    /// One digit on these cells.
    pub fn digit(cells: &[Cell], d: Digit) -> About {
        let list: Vec<(Cell, Digit)> = cells.iter().map(|&c| (c, d)).collect();
        About::candidates(&list)
    }
}

fn sorted(mut cells: Vec<Cell>) -> Vec<Cell> {
    cells.sort();
    cells.dedup();
    cells
}
