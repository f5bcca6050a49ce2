//! A step as JSON: the step types seen through a layout (cells and houses by name,
//! digits as numbers), each deriving `Serialize`; the fields keep their names and order.

use serde::Serialize;
use sudokit_core::{Cell, Digit, DigitSet, House, Layout};

use super::{assumption, cell, chain, chaining, house, notation, potential};
use crate::board::Board;
use crate::step::{
    Branch, ChainCause, Chaining, ChainingKind, Forcing, Node, Pattern, Potential, Step, SumOf,
};
use crate::teach::{self, CellRole, Drawing, Explanation, Kind, Role, Shade};

/// A step: technique, its ratings, placements, eliminations, pattern cells, pattern and
/// notation (`text`); then, for a player, where to look first (`focus`: houses in
/// words), the explanation's lines and the drawing.
#[derive(Serialize)]
pub(super) struct StepJson {
    technique: &'static str,
    level: &'static str,
    score: u32,
    se: f64,
    placements: Vec<Mark>,
    eliminations: Vec<Mark>,
    cells: Vec<String>,
    pattern: PatternJson,
    text: String,
    focus: Vec<String>,
    explanation: Vec<LineJson>,
    drawing: DrawingJson,
}

/// One line of an explanation: `intro`, `step` (numbered), `case` (a heading whose steps
/// are one level deeper) or `conclusion`; the cells and candidates it is about.
#[derive(Serialize)]
struct LineJson {
    kind: &'static str,
    #[serde(skip_serializing_if = "Option::is_none")]
    number: Option<u32>,
    depth: u8,
    text: String,
    cells: Vec<String>,
    candidates: Vec<Mark>,
}

/// What a picture of the step marks.
#[derive(Serialize)]
struct DrawingJson {
    houses: Vec<HouseJson>,
    candidates: Vec<RoleJson>,
    cells: Vec<CellJson>,
    links: Vec<LinkJson>,
}

/// A shaded house: `base` (where the pattern lives) or `cover` (where it removes).
#[derive(Serialize)]
struct HouseJson {
    house: String,
    shade: &'static str,
    cells: Vec<String>,
}

/// A marked candidate: `pattern`, `color` (with `color`: 0–3), `fin`, `extra`,
/// `eliminated`, `placed`.
#[derive(Serialize)]
struct RoleJson {
    cell: String,
    digit: u8,
    role: &'static str,
    #[serde(skip_serializing_if = "Option::is_none")]
    color: Option<u8>,
}

/// A marked cell: `blocker`, `ruled-out`, `broken`.
#[derive(Serialize)]
struct CellJson {
    cell: String,
    role: &'static str,
}

/// A link from one node to the next: strong (solid) or weak (dashed); `chain` tells the
/// branches of a forcing chain apart.
#[derive(Serialize)]
struct LinkJson {
    from: Vec<Mark>,
    to: Vec<Mark>,
    strong: bool,
    chain: u8,
}

/// A candidate: `{"cell": "r1c2", "digit": 5}`.
#[derive(Serialize)]
struct Mark {
    cell: String,
    digit: u8,
}

/// A pattern, told apart by `kind`.
#[derive(Serialize)]
#[serde(tag = "kind", rename_all = "lowercase")]
enum PatternJson {
    Single {
        cell: String,
        digit: u8,
        house: Option<String>,
    },
    Intersection {
        digit: u8,
        base: String,
        cover: String,
    },
    Subset {
        digits: Vec<u8>,
        cells: Vec<String>,
        house: String,
        second: Option<String>,
    },
    Fish {
        digit: u8,
        base: Vec<String>,
        cover: Vec<String>,
        fins: Vec<String>,
    },
    Chain {
        nodes: Vec<NodeJson>,
        strong: Vec<bool>,
        closed: bool,
        eureka: String,
    },
    Wing {
        pivot: String,
        pincers: Vec<String>,
        digits: Vec<u8>,
        z: u8,
    },
    Coloring {
        digit: u8,
        clusters: Vec<[Vec<String>; 2]>,
    },
    Rectangle {
        corners: Vec<String>,
        digits: Vec<u8>,
        extra: Vec<String>,
    },
    Bug {
        cell: String,
        digit: u8,
    },
    Als {
        sets: Vec<SetJson>,
        links: Vec<u8>,
        z: Vec<u8>,
    },
    #[serde(rename = "sue de coq")]
    SueDeCoq {
        core: Vec<String>,
        line: Vec<String>,
        #[serde(rename = "box")]
        boxed: Vec<String>,
    },
    Forcing {
        premise: String,
        branches: Vec<BranchJson>,
    },
    Chaining(ChainingJson),
    Cells {
        cells: Vec<String>,
        digits: Vec<u8>,
        others: Vec<String>,
    },
    /// A killer's sum: `of` is `cage` or `innies`/`outies` (the rule of 45), `number`
    /// its number (cages in reading order of their first cell, from 1).
    Sum {
        of: &'static str,
        number: usize,
        houses: Vec<String>,
        cells: Vec<String>,
        left: u32,
        distinct: bool,
        combinations: Vec<Vec<u8>>,
        digit: Option<u8>,
        house: Option<String>,
        house_confines: bool,
    },
}

/// A chain node; `set` only for a node on an almost locked set.
#[derive(Serialize)]
struct NodeJson {
    digit: u8,
    cells: Vec<String>,
    #[serde(skip_serializing_if = "Vec::is_empty")]
    set: Vec<String>,
}

/// An almost locked set.
#[derive(Serialize)]
struct SetJson {
    cells: Vec<String>,
    digits: Vec<u8>,
}

/// A forcing branch: its assumption, how many placements and levels it took, and the
/// contradiction it met.
#[derive(Serialize)]
struct BranchJson {
    assume: String,
    placements: usize,
    depth: u8,
    contradiction: Option<String>,
}

/// Names and numbers on one layout.
struct Names<'a>(&'a Layout);

impl Names<'_> {
    fn cell(&self, c: Cell) -> String {
        cell(self.0, c)
    }

    fn cells(&self, list: &[Cell]) -> Vec<String> {
        list.iter().map(|&c| self.cell(c)).collect()
    }

    fn house(&self, h: House) -> String {
        house(self.0, h)
    }

    fn houses(&self, list: &[House]) -> Vec<String> {
        list.iter().map(|&h| self.house(h)).collect()
    }

    fn marks(&self, list: &[(Cell, Digit)]) -> Vec<Mark> {
        let mark = |&(c, d): &(Cell, Digit)| Mark {
            cell: self.cell(c),
            digit: d.get(),
        };
        list.iter().map(mark).collect()
    }
}

fn digits(set: DigitSet) -> Vec<u8> {
    set.iter().map(Digit::get).collect()
}

impl StepJson {
    pub(super) fn new(board: &Board, step: &Step) -> StepJson {
        let layout = board.layout();
        let names = Names(layout);
        StepJson {
            technique: step.technique.name(),
            level: step.technique.level().name(),
            score: step.technique.score(),
            se: f64::from(crate::rating::step_se(step)),
            placements: names.marks(&step.placements),
            eliminations: names.marks(&step.eliminations),
            cells: names.cells(&step.pattern_cells()),
            pattern: PatternJson::new(&names, &step.pattern),
            text: notation(layout, step),
            focus: teach::focus(layout, step)
                .into_iter()
                .map(|h| layout.house(h).kind.to_string())
                .collect(),
            explanation: lines(&names, &teach::explain(board, step)),
            drawing: DrawingJson::new(&names, &teach::drawing(board, step)),
        }
    }
}

fn lines(n: &Names, e: &Explanation) -> Vec<LineJson> {
    e.lines
        .iter()
        .map(|l| LineJson {
            kind: match l.kind {
                Kind::Intro => "intro",
                Kind::Step => "step",
                Kind::Case => "case",
                Kind::Conclusion => "conclusion",
            },
            number: l.number,
            depth: l.depth,
            text: l.text.clone(),
            cells: n.cells(&l.cells),
            candidates: n.marks(&l.candidates),
        })
        .collect()
}

impl DrawingJson {
    fn new(n: &Names, d: &Drawing) -> DrawingJson {
        let layout = n.0;
        DrawingJson {
            houses: d
                .houses
                .iter()
                .map(|&(h, shade)| HouseJson {
                    house: layout.house(h).kind.to_string(),
                    shade: match shade {
                        Shade::Base => "base",
                        Shade::Cover => "cover",
                    },
                    cells: n.cells(&layout.house(h).cells),
                })
                .collect(),
            candidates: d
                .candidates
                .iter()
                .map(|&((c, digit), role)| {
                    let (name, color) = match role {
                        Role::Pattern => ("pattern", None),
                        Role::Color(k) => ("color", Some(k)),
                        Role::Fin => ("fin", None),
                        Role::Extra => ("extra", None),
                        Role::Eliminated => ("eliminated", None),
                        Role::Placed => ("placed", None),
                    };
                    RoleJson {
                        cell: n.cell(c),
                        digit: digit.get(),
                        role: name,
                        color,
                    }
                })
                .collect(),
            cells: d
                .cells
                .iter()
                .map(|&(c, role)| CellJson {
                    cell: n.cell(c),
                    role: match role {
                        CellRole::Blocker => "blocker",
                        CellRole::RuledOut => "ruled-out",
                        CellRole::Broken => "broken",
                    },
                })
                .collect(),
            links: d
                .links
                .iter()
                .map(|l| LinkJson {
                    from: n.marks(&l.from),
                    to: n.marks(&l.to),
                    strong: l.strong,
                    chain: l.chain,
                })
                .collect(),
        }
    }
}

impl PatternJson {
    fn new(n: &Names, p: &Pattern) -> PatternJson {
        match p {
            Pattern::Single { cell, digit, house } => PatternJson::Single {
                cell: n.cell(*cell),
                digit: digit.get(),
                house: house.map(|h| n.house(h)),
            },
            Pattern::Intersection { digit, base, cover } => PatternJson::Intersection {
                digit: digit.get(),
                base: n.house(*base),
                cover: n.house(*cover),
            },
            Pattern::Subset {
                digits: d,
                cells,
                house,
                second,
            } => PatternJson::Subset {
                digits: digits(*d),
                cells: n.cells(cells),
                house: n.house(*house),
                second: second.map(|h| n.house(h)),
            },
            Pattern::Fish {
                digit,
                base,
                cover,
                fins,
            } => PatternJson::Fish {
                digit: digit.get(),
                base: n.houses(base),
                cover: n.houses(cover),
                fins: n.cells(fins),
            },
            Pattern::Chain(c) => PatternJson::Chain {
                nodes: c.nodes.iter().map(|node| NodeJson::new(n, node)).collect(),
                strong: c.strong.clone(),
                closed: c.closed,
                eureka: chain(n.0, c),
            },
            Pattern::Wing {
                pivot,
                pincers,
                digits: d,
                z,
            } => PatternJson::Wing {
                pivot: n.cell(*pivot),
                pincers: n.cells(pincers),
                digits: digits(*d),
                z: z.get(),
            },
            Pattern::Coloring { digit, clusters } => PatternJson::Coloring {
                digit: digit.get(),
                clusters: clusters
                    .iter()
                    .map(|[a, b]| [n.cells(a), n.cells(b)])
                    .collect(),
            },
            Pattern::Rectangle {
                corners,
                digits: d,
                extra,
            } => PatternJson::Rectangle {
                corners: n.cells(corners),
                digits: d.iter().map(|x| x.get()).collect(),
                extra: n.cells(extra),
            },
            Pattern::Bug { cell, digit } => PatternJson::Bug {
                cell: n.cell(*cell),
                digit: digit.get(),
            },
            Pattern::Als { sets, links, z } => PatternJson::Als {
                sets: sets
                    .iter()
                    .map(|s| SetJson {
                        cells: n.cells(&s.cells),
                        digits: digits(s.digits),
                    })
                    .collect(),
                links: digits(*links),
                z: digits(*z),
            },
            Pattern::SueDeCoq { core, line, boxed } => PatternJson::SueDeCoq {
                core: n.cells(core),
                line: n.cells(line),
                boxed: n.cells(boxed),
            },
            Pattern::Forcing { kind, branches } => PatternJson::Forcing {
                premise: premise(n, *kind),
                branches: branches.iter().map(|b| BranchJson::new(n, b)).collect(),
            },
            Pattern::Chaining(c) => PatternJson::Chaining(ChainingJson::new(n, c)),
            Pattern::Cells {
                cells,
                digits: ds,
                others,
                ..
            } => PatternJson::Cells {
                cells: n.cells(cells),
                digits: digits(*ds),
                others: n.cells(others),
            },
            Pattern::Sum(s) => {
                let layout = n.0;
                let (of, number, houses) = match s.of {
                    SumOf::Cage(k) => ("cage", k + 1, Vec::new()),
                    SumOf::Innies(i) => {
                        let innie = &layout.innies()[i];
                        let of = if innie.outies { "outies" } else { "innies" };
                        (of, i + 1, n.houses(&innie.houses))
                    }
                };
                PatternJson::Sum {
                    of,
                    number,
                    houses,
                    cells: n.cells(&s.cells),
                    left: s.left,
                    distinct: s.distinct,
                    combinations: s.combinations.iter().map(|&c| digits(c)).collect(),
                    digit: s.digit.map(Digit::get),
                    house: s.house.map(|h| n.house(h)),
                    house_confines: s.house_confines,
                }
            }
        }
    }
}

impl NodeJson {
    fn new(n: &Names, node: &Node) -> NodeJson {
        NodeJson {
            digit: node.digit.get(),
            cells: n.cells(&node.cells),
            set: n.cells(&node.set),
        }
    }
}

impl BranchJson {
    fn new(n: &Names, b: &Branch) -> BranchJson {
        BranchJson {
            assume: assumption(n.0, b),
            placements: b.implied.len(),
            depth: b.depth,
            contradiction: b.contradiction.map(|d| d.describe(n.0)),
        }
    }
}

/// `contradiction`, `cell r1c2`, `digit 5 in row 3`.
fn premise(n: &Names, kind: Forcing) -> String {
    match kind {
        Forcing::Contradiction => "contradiction".to_string(),
        Forcing::Cell(c) => format!("cell {}", n.cell(c)),
        Forcing::House(h, d) => format!("digit {d} in {}", n.house(h)),
    }
}

/// One of SE's chaining steps: its rule, how it concludes, its rating and complexity,
/// what it shows in words, and its chains (each potential with the indices of those it
/// follows from, and the inner chain that gave it, if any).
#[derive(Serialize)]
struct ChainingJson {
    rule: String,
    conclusion: &'static str,
    se: f64,
    complexity: u32,
    shows: String,
    chains: Vec<Vec<PotentialJson>>,
}

#[derive(Serialize)]
struct PotentialJson {
    candidate: String,
    cause: String,
    parents: Vec<usize>,
    #[serde(skip_serializing_if = "Option::is_none")]
    inner: Option<Box<ChainingJson>>,
}

impl ChainingJson {
    fn new(n: &Names, c: &Chaining) -> ChainingJson {
        ChainingJson {
            rule: c.rule.clone(),
            conclusion: match c.kind {
                ChainingKind::Forcing => "forcing",
                ChainingKind::Contradiction => "contradiction",
                ChainingKind::Double => "double",
                ChainingKind::Cell(_) => "cell",
                ChainingKind::Region(..) => "region",
            },
            se: f64::from(c.tenths) / 10.0,
            complexity: c.complexity,
            shows: chaining(n.0, c),
            chains: c
                .branches
                .iter()
                .map(|b| b.0.iter().map(|p| PotentialJson::new(n, p)).collect())
                .collect(),
        }
    }
}

impl PotentialJson {
    fn new(n: &Names, p: &Potential) -> PotentialJson {
        PotentialJson {
            candidate: potential(n.0, p),
            cause: match p.cause {
                ChainCause::Assumed => "assumed".to_string(),
                ChainCause::Cell => "cell".to_string(),
                ChainCause::House(h) => n.house(h),
                ChainCause::Rule => "rule".to_string(),
            },
            parents: p.parents.clone(),
            inner: p.inner.as_ref().map(|c| Box::new(ChainingJson::new(n, c))),
        }
    }
}
