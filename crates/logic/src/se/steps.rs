//! SE's hints below its chaining rules as steps: the technique of the table each is,
//! and its pattern.

use sudokit_core::{Cell, CellSet, Digit, DigitSet, House, Layout};

use super::basic::shared::{Found, Rule, Shape};
use super::chaining::Cause;
use super::cycles::graph::Kind;
use super::grid::REGION_CELLS;
use crate::step::{
    Chain, ChainCause, Chaining, ChainingKind, Node, Pattern, Potential, Potentials, Step,
};
use crate::technique::Technique;

/// The technique of the table a hint of SE's is.
pub(crate) fn technique(found: &Found) -> Technique {
    use Technique as T;
    match found.rule {
        Rule::HiddenSingle { alone: true } => T::FullHouse,
        Rule::HiddenSingle { alone: false } => T::HiddenSingle,
        Rule::DirectLocking { claiming: false } => T::DirectPointing,
        Rule::DirectLocking { claiming: true } => T::DirectClaiming,
        Rule::DirectHidden(2) => T::DirectHiddenPair,
        Rule::DirectHidden(_) => T::DirectHiddenTriplet,
        Rule::NakedSingle => T::NakedSingle,
        Rule::Locking { claiming: false } => T::Pointing,
        Rule::Locking { claiming: true } => T::Claiming,
        Rule::NakedSet(2) => T::NakedPair,
        Rule::NakedSet(3) => T::NakedTriple,
        Rule::NakedSet(_) => T::NakedQuad,
        Rule::HiddenSet(2) => T::HiddenPair,
        Rule::HiddenSet(3) => T::HiddenTriple,
        Rule::HiddenSet(_) => T::HiddenQuad,
        Rule::Fish(2) => T::XWing,
        Rule::Fish(3) => T::Swordfish,
        Rule::Fish(_) => T::Jellyfish,
        Rule::XyWing => T::XyWing,
        Rule::XyzWing => T::XyzWing,
        Rule::UniqueLoop { size: 4, kind: 1 } => T::UniqueRectangle1,
        Rule::UniqueLoop { size: 4, kind: 2 } => T::UniqueRectangle2,
        Rule::UniqueLoop { size: 4, kind: 4 } => T::UniqueRectangle4,
        Rule::UniqueLoop { size: 4, .. } => T::UniqueRectangle3,
        Rule::UniqueLoop { .. } => T::UniqueLoop,
        Rule::Bug(1) => T::Bug1,
        Rule::Bug(_) => T::BivalueUniversalGrave,
        Rule::Aligned(2) => T::AlignedPairExclusion,
        Rule::Aligned(_) => T::AlignedTripletExclusion,
        Rule::Chain(Kind::XCycle) => T::XCycle,
        Rule::Chain(Kind::YCycle) => T::YCycle,
        Rule::Chain(Kind::XyCycle) => T::XyCycle,
        Rule::Chain(Kind::ForcingX) => T::ForcingXChain,
        Rule::Chain(Kind::ForcingXy) => T::ForcingXyChain,
    }
}

fn cell(c: u8) -> Cell {
    Cell::new(c as usize)
}

fn digit(d: u8) -> Digit {
    Digit::from_index(d as usize)
}

fn cells(list: &[u8]) -> Vec<Cell> {
    list.iter().map(|&c| cell(c)).collect()
}

fn digits(mask: u16) -> DigitSet {
    (0..9)
        .filter(|&d| mask >> d & 1 != 0)
        .map(Digit::from_index)
        .collect()
}

/// The hint as a step: its technique, its placement and removals, its pattern.
pub(crate) fn step(layout: &Layout, found: &Found) -> Step {
    let technique = technique(found);
    let pattern = pattern(layout, found);
    let mut step = Step::eliminating(
        technique,
        found
            .removes
            .iter()
            .map(|&(c, d)| (cell(c), digit(d)))
            .collect(),
        pattern,
    );
    if let Some((c, d)) = found.places {
        // A forcing chain that places a digit removes the cell's others: the placement
        // says it all.
        let (c, d) = (cell(c), digit(d));
        step.eliminations.retain(|&(e, _)| e != c);
        step.placements.push((c, d));
    }
    step
}

fn pattern(layout: &Layout, found: &Found) -> Pattern {
    let house = |r: u8| house_of(layout, r);
    match &found.shape {
        Shape::Single {
            cell: c,
            digit: d,
            region,
        } => Pattern::Single {
            cell: cell(*c),
            digit: digit(*d),
            house: region.map(house),
        },
        Shape::Locking {
            digit: d,
            base,
            cover,
        } => Pattern::Intersection {
            digit: digit(*d),
            base: house(*base),
            cover: house(*cover),
        },
        Shape::Subset {
            digits: ds,
            cells: cs,
            region,
        } => Pattern::Subset {
            digits: digits(*ds),
            cells: cells(cs),
            house: house(*region),
            second: None,
        },
        Shape::Fish {
            digit: d,
            base,
            cover,
        } => Pattern::Fish {
            digit: digit(*d),
            base: base.iter().map(|&r| house(r)).collect(),
            cover: cover.iter().map(|&r| house(r)).collect(),
            fins: Vec::new(),
        },
        Shape::Wing {
            pivot,
            pincers,
            digits: ds,
            z,
        } => Pattern::Wing {
            pivot: cell(*pivot),
            pincers: cells(pincers),
            digits: digits(*ds),
            z: digit(*z),
        },
        Shape::Loop {
            cells: cs,
            digits: ds,
            extra,
        } => {
            let pair: Vec<Digit> = digits(*ds).iter().collect();
            if cs.len() == 4 {
                let extra = match found.rule {
                    // Type 4: the two corners that lock a digit.
                    Rule::UniqueLoop { kind: 4, .. } => cells(&extra[..2.min(extra.len())]),
                    // Type 3: the subset's other cells.
                    Rule::UniqueLoop { kind: 3, .. } => cells(&extra[2.min(extra.len())..]),
                    _ => Vec::new(),
                };
                Pattern::Rectangle {
                    corners: [cell(cs[0]), cell(cs[1]), cell(cs[2]), cell(cs[3])],
                    digits: [pair[0], pair[1]],
                    extra,
                }
            } else {
                Pattern::Cells {
                    cells: cells(cs),
                    digits: digits(*ds),
                    others: cells(extra),
                    tenths: found.tenths(),
                }
            }
        }
        Shape::Bug {
            cells: cs,
            digits: ds,
        } => {
            if let (Rule::Bug(1), [c]) = (found.rule, cs.as_slice()) {
                Pattern::Bug {
                    cell: cell(*c),
                    digit: digit(ds.trailing_zeros() as u8),
                }
            } else {
                Pattern::Cells {
                    cells: cells(cs),
                    digits: digits(*ds),
                    others: Vec::new(),
                    tenths: found.tenths(),
                }
            }
        }
        Shape::Aligned {
            cells: cs,
            excluders,
        } => Pattern::Cells {
            cells: cells(cs),
            digits: DigitSet::EMPTY,
            others: cells(excluders),
            tenths: found.tenths(),
        },
        Shape::Chain(chain) => match chain.kind {
            Kind::ForcingX | Kind::ForcingXy => {
                let links = &chain.links;
                let potentials = links
                    .iter()
                    .enumerate()
                    .map(|(i, l)| Potential {
                        cell: cell(l.cell),
                        digit: digit(l.digit),
                        on: l.on,
                        cause: match l.cause {
                            Cause::Start => ChainCause::Assumed,
                            Cause::Hidden(r) => ChainCause::House(house(r)),
                            _ => ChainCause::Cell,
                        },
                        parents: if i == 0 { Vec::new() } else { vec![i - 1] },
                        inner: None,
                    })
                    .collect();
                Pattern::Chaining(Box::new(Chaining {
                    rule: technique(found).name().to_string(),
                    kind: ChainingKind::Forcing,
                    tenths: found.tenths(),
                    complexity: links.len() as u32,
                    branches: vec![Potentials(potentials)],
                }))
            }
            _ => {
                // The loop's potentials, without the start's return: an "on" follows
                // an "off" by a strong link, an "off" an "on" by a weak one.
                let body = &chain.links[..chain.links.len() - 1];
                Pattern::Chain(Chain {
                    nodes: body
                        .iter()
                        .map(|l| Node::cell(cell(l.cell), digit(l.digit)))
                        .collect(),
                    strong: (0..body.len())
                        .map(|i| !body[i].on && body[(i + 1) % body.len()].on)
                        .collect(),
                    closed: true,
                })
            }
        },
    }
}

/// The house of a 9×9 layout that is SE's region `r` (blocks, then rows, then columns).
pub(super) fn house_of(layout: &Layout, r: u8) -> House {
    let cells: CellSet = REGION_CELLS[r as usize]
        .iter()
        .map(|&c| Cell::new(c as usize))
        .collect();
    (0..layout.houses().len())
        .map(House::new)
        .find(|&h| *layout.house_set(h) == cells)
        .expect("a 9x9 layout has SE's 27 regions")
}
