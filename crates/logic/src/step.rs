//! A step of a solution: what was found and what it proves. Data only: the wording is
//! in `render.rs`.

use sudokit_core::{Cell, Digit, DigitSet, House};

use crate::board::Board;

use crate::technique::Technique;

/// A solution path: the steps in order, the board they lead to, and whether it is solved.
#[derive(Clone, Debug)]
pub struct Path {
    /// The steps, easiest first at each point.
    pub steps: Vec<Step>,
    /// The board after the last step.
    pub board: Board,
    /// Did the steps solve the puzzle? (`false`: the engine found nothing more.)
    pub solved: bool,
}

/// One deduction: the technique, the pattern that makes it, and its consequences.
#[derive(Clone, Debug, PartialEq)]
pub struct Step {
    /// The technique used.
    pub technique: Technique,
    /// Digits placed: `(cell, digit)`.
    pub placements: Vec<(Cell, Digit)>,
    /// Candidates removed: `(cell, digit)`.
    pub eliminations: Vec<(Cell, Digit)>,
    /// The cells, digits, houses and links that make the deduction.
    pub pattern: Pattern,
}

impl Step {
    /// A step placing `digit` in `cell`.
    pub fn placing(technique: Technique, cell: Cell, digit: Digit, pattern: Pattern) -> Step {
        Step {
            technique,
            placements: vec![(cell, digit)],
            eliminations: Vec::new(),
            pattern,
        }
    }

    /// A step removing candidates.
    pub fn eliminating(
        technique: Technique,
        mut eliminations: Vec<(Cell, Digit)>,
        pattern: Pattern,
    ) -> Step {
        eliminations.sort_by_key(|&(c, d)| (d, c));
        eliminations.dedup();
        Step {
            technique,
            placements: Vec::new(),
            eliminations,
            pattern,
        }
    }

    /// Does the step change anything?
    pub fn is_productive(&self) -> bool {
        !self.placements.is_empty() || !self.eliminations.is_empty()
    }

    /// Every cell the pattern uses (for highlighting).
    pub fn pattern_cells(&self) -> Vec<Cell> {
        let mut cells = self.pattern.cells();
        cells.sort();
        cells.dedup();
        cells
    }
    /// The candidates the pattern is made of, on `board` (the board the step was found
    /// on), in cell order: what a picture of the step highlights. For locked candidates
    /// and fish, the digit's cells in the base houses (and the fins); for subsets, wings,
    /// rectangles and sets, their digits in their cells; for chains, each node's digit.
    pub fn highlights(&self, board: &Board) -> Vec<(Cell, Digit)> {
        let mut out = Vec::new();
        let mut each = |cells: &[Cell], digits: DigitSet| {
            for &c in cells {
                out.extend(board.candidates(c).and(digits).iter().map(|d| (c, d)));
            }
        };
        let houses = |list: &[House], d: Digit| -> Vec<Cell> {
            list.iter()
                .flat_map(|&h| board.house_cells_with(h, d).iter())
                .collect()
        };
        match &self.pattern {
            Pattern::Single { cell, digit, .. } | Pattern::Bug { cell, digit } => {
                each(&[*cell], DigitSet::single(*digit))
            }
            Pattern::Intersection { digit, base, .. } => {
                each(&houses(&[*base], *digit), DigitSet::single(*digit))
            }
            Pattern::Fish {
                digit, base, fins, ..
            } => {
                let mut cells = houses(base, *digit);
                cells.extend(fins);
                each(&cells, DigitSet::single(*digit));
            }
            Pattern::Subset { digits, cells, .. } => each(cells, *digits),
            Pattern::Wing {
                pivot,
                pincers,
                digits,
                ..
            } => {
                each(&[*pivot], *digits);
                each(pincers, *digits);
            }
            Pattern::Rectangle {
                corners, digits, ..
            } => each(corners, digits.iter().copied().collect()),
            Pattern::Als { sets, .. } => sets.iter().for_each(|s| each(&s.cells, s.digits)),
            Pattern::Chain(chain) => chain
                .nodes
                .iter()
                .for_each(|n| each(&n.cells, DigitSet::single(n.digit))),
            Pattern::Coloring { digit, clusters } => clusters
                .iter()
                .for_each(|[a, b]| each(&[&a[..], b].concat(), DigitSet::single(*digit))),
            Pattern::Forcing { branches, .. } => branches
                .iter()
                .for_each(|b| each(&[b.cell], DigitSet::single(b.digit))),
            Pattern::Chaining(c) => c
                .branches
                .iter()
                .flat_map(|b| &b.0)
                .filter(|p| p.on)
                .for_each(|p| each(&[p.cell], DigitSet::single(p.digit))),
            Pattern::SueDeCoq { .. } => each(&self.pattern_cells(), DigitSet::full(board.side())),
            Pattern::Cells { cells, digits, .. } => each(cells, *digits),
            Pattern::Sum(s) => {
                let digits = s.combinations.iter().fold(DigitSet::EMPTY, |a, &c| a.or(c));
                let digits = if digits.is_empty() {
                    DigitSet::full(board.side())
                } else {
                    digits
                };
                each(&s.cells, digits)
            }
        }
        out.sort_by_key(|&(c, d)| (c, d));
        out.dedup();
        out
    }
}

/// A candidate of a chain: a digit on one cell, on a group of cells of one house, or on
/// the cells of an almost locked set holding it.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Node {
    /// The digit.
    pub digit: Digit,
    /// One cell, or a group sharing a house (for a set: its cells holding the digit).
    pub cells: Vec<Cell>,
    /// For a node on an almost locked set, all the set's cells; empty otherwise.
    pub set: Vec<Cell>,
}

impl Node {
    /// The node of `digit` on `cell`.
    pub fn cell(cell: Cell, digit: Digit) -> Node {
        Node::group(vec![cell], digit)
    }

    /// The node of `digit` on `cells`, a group of one house.
    pub fn group(cells: Vec<Cell>, digit: Digit) -> Node {
        Node {
            digit,
            cells,
            set: Vec::new(),
        }
    }
}

/// An almost locked set: N cells of one house holding N + 1 digits between them.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Als {
    /// Its cells.
    pub cells: Vec<Cell>,
    /// Its digits.
    pub digits: DigitSet,
}

/// A chain: nodes with a link between each pair of neighbours, strong (`true`: not both
/// false) or weak (`false`: not both true). A loop links its last node back to its first.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Chain {
    /// The nodes in order.
    pub nodes: Vec<Node>,
    /// `strong[i]`: the link from node `i` to node `i + 1` (and, for a loop, the last one
    /// from the last node back to the first).
    pub strong: Vec<bool>,
    /// Does the chain close into a loop?
    pub closed: bool,
}

/// How a forcing chain or net reaches its conclusion.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Forcing {
    /// Assuming the premise leads to a contradiction, so it is false.
    Contradiction,
    /// Every candidate of a cell leads to the same conclusion.
    Cell(Cell),
    /// Every place of a digit in a house leads to the same conclusion.
    House(House, Digit),
}

/// One branch of a forcing chain or net: an assumption and what follows from it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Branch {
    /// The assumed candidate: `cell` holds `digit` (or, when `on` is false, does not).
    pub cell: Cell,
    /// The digit.
    pub digit: Digit,
    /// `true`: assume the digit is there; `false`: assume it is not.
    pub on: bool,
    /// The placements it forces, in order.
    pub implied: Vec<(Cell, Digit)>,
    /// In a net, the candidates its deeper trials removed, in order, each with the number
    /// of placements of `implied` made before it went.
    pub refuted: Vec<(usize, Cell, Digit)>,
    /// How many nested levels of assumptions the branch needed (0: none).
    pub depth: u8,
    /// The contradiction the branch ran into, if it did.
    pub contradiction: Option<sudokit_solver::observe::Dead>,
}

/// One of Sudoku Explainer's chaining steps (its rules from 7.5 up): chains of
/// potentials, each a candidate on or off with the potentials it follows from, and, in
/// the nested rules, the inner chains that removed a candidate along the way.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Chaining {
    /// SE's name of the rule, e.g. `Dynamic Forcing Chains (+ Forcing Chains)`.
    pub rule: String,
    /// How the chains conclude.
    pub kind: ChainingKind,
    /// SE's rating, in tenths: the rule's base plus the length bonus of `complexity`.
    pub tenths: u32,
    /// SE's complexity: the chains' distinct potentials plus the inner chains'.
    pub complexity: u32,
    /// The chains: one for a cell or region forcing's each assumption, two for a
    /// contradiction (to the candidate made on and off) or a double implication (the
    /// assumption on, and off), one for a static forcing chain.
    pub branches: Vec<Potentials>,
}

/// How a chaining step concludes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ChainingKind {
    /// A static forcing chain reaches the negation of its own assumption (SE's forcing
    /// X- and XY-chains, inside nested rules).
    Forcing,
    /// The assumption makes a candidate both on and off: it is false.
    Contradiction,
    /// The assumption on and the assumption off both lead to the conclusion.
    Double,
    /// Each candidate of the cell leads to it.
    Cell(Cell),
    /// Each place of the digit in the house leads to it.
    Region(House, Digit),
}

/// One chain of potentials, in order: each follows from earlier ones, the first is the
/// assumption and the last is where the chain ends.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Potentials(pub Vec<Potential>);

/// A candidate on or off within a chain, and why.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Potential {
    /// The cell.
    pub cell: Cell,
    /// The digit.
    pub digit: Digit,
    /// On (the cell holds the digit) or off (it does not).
    pub on: bool,
    /// Why it holds.
    pub cause: ChainCause,
    /// The earlier potentials of the chain it follows from (indices).
    pub parents: Vec<usize>,
    /// For a candidate an inner chain removed: that chain.
    pub inner: Option<Box<Chaining>>,
}

/// Why a potential of a chain holds.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ChainCause {
    /// It is the assumption.
    Assumed,
    /// On: the last candidate of its cell; off: the cell holds another digit.
    Cell,
    /// On: the last place of its digit in the house; off: the digit is elsewhere there.
    House(House),
    /// Off: removed by a simpler rule run inside the chain (locking, a hidden or naked
    /// pair, an X-Wing), or by an inner chain.
    Rule,
}

/// The structure behind a step.
#[derive(Clone, Debug, PartialEq)]
pub enum Pattern {
    /// A single: full house and hidden single name the house.
    Single {
        /// The cell.
        cell: Cell,
        /// Its digit.
        digit: Digit,
        /// The house where it is the last cell or the only place.
        house: Option<House>,
    },
    /// Locked candidates: in `base`, `digit` lies only where `base` meets `cover`, so it
    /// leaves the rest of `cover`.
    Intersection {
        /// The digit.
        digit: Digit,
        /// The house that confines it.
        base: House,
        /// The house it leaves.
        cover: House,
    },
    /// A naked subset (the cells hold only these digits) or a hidden one (the digits fit
    /// only these cells) in `house`; a locked subset also lies in `second`.
    Subset {
        /// The digits.
        digits: DigitSet,
        /// The cells.
        cells: Vec<Cell>,
        /// The house.
        house: House,
        /// The second house of a locked pair or triple.
        second: Option<House>,
    },
    /// A fish: in the base houses, `digit` lies only in the cover houses (and the fins).
    Fish {
        /// The digit.
        digit: Digit,
        /// Base houses.
        base: Vec<House>,
        /// Cover houses.
        cover: Vec<House>,
        /// Fin cells (finned and sashimi fish).
        fins: Vec<Cell>,
    },
    /// A chain or loop (single-digit patterns, wings, X- and XY-chains, nice loops, AICs).
    Chain(Chain),
    /// An XY-, XYZ- or WXYZ-Wing: the pivot and pincers, and the digit they eliminate.
    Wing {
        /// The pivot cell.
        pivot: Cell,
        /// The pincer cells.
        pincers: Vec<Cell>,
        /// The digits of the pattern.
        digits: DigitSet,
        /// The digit eliminated.
        z: Digit,
    },
    /// Coloring: chains of conjugate pairs of one digit, each in two colors.
    Coloring {
        /// The digit.
        digit: Digit,
        /// Each cluster's two colors.
        clusters: Vec<[Vec<Cell>; 2]>,
    },
    /// A unique rectangle (or hidden rectangle) on four corners with two digits; `extra`
    /// holds the cells of a type-3 subset or the corners that lock a digit (type 4).
    Rectangle {
        /// The corners.
        corners: [Cell; 4],
        /// The two digits.
        digits: [Digit; 2],
        /// Further cells the type uses.
        extra: Vec<Cell>,
    },
    /// BUG+1: every open cell but one has two candidates.
    Bug {
        /// The cell with three.
        cell: Cell,
        /// The digit that must go there.
        digit: Digit,
    },
    /// One of Sudoku Explainer's own patterns on a set of cells: a unique loop of six
    /// or more cells (`cells`, its two `digits`, and in `others` the cells with extra
    /// candidates and those of a type-3 subset), a BUG of type 2 to 4 (the cells with
    /// more than two candidates, the BUG digits), or an aligned exclusion (the base
    /// cells, no digits, and in `others` the cells whose candidates exclude
    /// combinations).
    Cells {
        /// The cells of the pattern.
        cells: Vec<Cell>,
        /// Its digits.
        digits: DigitSet,
        /// Further cells it uses.
        others: Vec<Cell>,
        /// SE's rating of the step, in tenths (it depends on the loop's size and the
        /// type).
        tenths: u32,
    },
    /// Almost locked sets linked by restricted common digits.
    Als {
        /// The sets.
        sets: Vec<Als>,
        /// The restricted common digits.
        links: DigitSet,
        /// The digits eliminated.
        z: DigitSet,
    },
    /// Sue de Coq: a line-box intersection and its two partner sets.
    SueDeCoq {
        /// The intersection cells.
        core: Vec<Cell>,
        /// The partner cells in the line.
        line: Vec<Cell>,
        /// The partner cells in the box.
        boxed: Vec<Cell>,
    },
    /// A forcing chain or net: the branches and how they conclude.
    Forcing {
        /// What the branches have in common.
        kind: Forcing,
        /// The branches.
        branches: Vec<Branch>,
    },
    /// One of Sudoku Explainer's chaining rules.
    Chaining(Box<Chaining>),
    /// A killer's sum: the cells of a cage, or the innies or outies the rule of 45 gives
    /// (see [`Sum`]).
    Sum(Box<Sum>),
}

/// Where a killer step's sum comes from.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SumOf {
    /// A cage: its number in the layout's [`sudokit_core::Layout::cages`].
    Cage(usize),
    /// The rule of 45: its number in the layout's [`sudokit_core::Layout::innies`].
    Innies(usize),
}

/// A killer step's sum: cells whose digits add up to `sum`, the ways they still can,
/// and for a cage/house interaction the digit and house.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Sum {
    /// Where the sum comes from.
    pub of: SumOf,
    /// Its cells still open (the cage's, or the innies or outies), in reading order.
    pub cells: Vec<Cell>,
    /// What the open cells add up to: the sum less the digits already placed in it.
    pub left: u32,
    /// Do the cells hold different digits (a cage, or cells of one house)?
    pub distinct: bool,
    /// The sets of digits the open cells can still hold, when they hold different
    /// digits (each a combination that fits their candidates), smallest first.
    pub combinations: Vec<DigitSet>,
    /// A cage/house interaction's digit: one every combination holds (it leaves the
    /// cells that see all its places in the cage), or one a house can place only in the
    /// cage (the combinations without it go).
    pub digit: Option<Digit>,
    /// The house of a cage/house interaction: where the digit's places in the cage lie,
    /// or the house that can place the digit only in the cage.
    pub house: Option<House>,
    /// In a cage/house interaction, does the house place its digit only in the cage
    /// (rather than the cage's places of the digit lying in the house)?
    pub house_confines: bool,
}

impl Pattern {
    /// The cells the pattern uses.
    pub fn cells(&self) -> Vec<Cell> {
        match self {
            Pattern::Single { cell, .. } | Pattern::Bug { cell, .. } => vec![*cell],
            Pattern::Intersection { .. } | Pattern::Fish { .. } => Vec::new(),
            Pattern::Subset { cells, .. } => cells.clone(),
            Pattern::Chain(chain) => chain
                .nodes
                .iter()
                .flat_map(|n| n.cells.iter().chain(&n.set).copied())
                .collect(),
            Pattern::Wing { pivot, pincers, .. } => std::iter::once(*pivot)
                .chain(pincers.iter().copied())
                .collect(),
            Pattern::Coloring { clusters, .. } => clusters
                .iter()
                .flat_map(|[a, b]| a.iter().chain(b))
                .copied()
                .collect(),
            Pattern::Rectangle { corners, extra, .. } => {
                corners.iter().chain(extra).copied().collect()
            }
            Pattern::Als { sets, .. } => {
                sets.iter().flat_map(|s| s.cells.iter().copied()).collect()
            }
            Pattern::SueDeCoq { core, line, boxed } => {
                core.iter().chain(line).chain(boxed).copied().collect()
            }
            Pattern::Forcing { branches, .. } => branches.iter().map(|b| b.cell).collect(),
            Pattern::Chaining(c) => c.assumptions().map(|p| p.cell).collect(),
            Pattern::Sum(s) => s.cells.clone(),
            Pattern::Cells { cells, others, .. } => cells.iter().chain(others).copied().collect(),
        }
    }
}

impl Chaining {
    /// The assumption of each chain.
    pub fn assumptions(&self) -> impl Iterator<Item = &Potential> {
        self.branches.iter().filter_map(|b| b.0.first())
    }
}
