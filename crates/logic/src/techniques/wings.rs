//! Wings: XY-Wing, XYZ-Wing, W-Wing, WXYZ-Wing.
//!
//! - XY-Wing: a pivot {x,y} sees pincers {x,z} and {y,z}: whatever the pivot is, one
//!   pincer is z, so cells seeing both pincers lose z.
//! - XYZ-Wing: a pivot {x,y,z} with pincers {x,z} and {y,z}: cells seeing all three lose z.
//! - W-Wing: two cells {x,y} that do not see each other, and a strong link on x whose ends
//!   see one cell each: one of the cells is y, so cells seeing both lose y.
//! - WXYZ-Wing: four cells holding four digits, every digit but z restricted (its cells
//!   all see each other, so it is in at most one of them). Four cells need four digits:
//!   without z only three are left, so some cell is z, and cells seeing every z lose it.

use sudokit_core::{Cell, Cells, Digit, DigitSet, House};

use super::{with_digit, Sink};
use crate::analysis::strong_links;
use crate::step::{Chain, Node, Pattern, Step};
use crate::technique::Technique;
use crate::Board;

fn cells_with_count<const W: usize>(
    board: &Board<W>,
    k: std::ops::RangeInclusive<usize>,
) -> Vec<Cell> {
    board
        .layout()
        .cells()
        .filter(|&c| k.contains(&board.candidates(c).len()))
        .collect()
}

/// Could a new wing have this pivot? A new wing has a changed cell: the pivot or a peer.
fn near_change<const W: usize>(board: &Board<W>, pivot: Cell, changed: &Cells<W>) -> bool {
    changed.contains(pivot) || board.peer_set(pivot).intersects(changed)
}

/// XY-Wing (`trivalue` false) and XYZ-Wing (true), with a cell of `changed`.
pub(crate) fn find_xy<const W: usize>(
    board: &Board<W>,
    sink: &mut Sink,
    changed: &Cells<W>,
    trivalue: bool,
) {
    let layout = board.layout();
    let pivot_size = if trivalue { 3 } else { 2 };
    let mut wings: Vec<Cell> = Vec::new();
    for pivot in cells_with_count(board, pivot_size..=pivot_size) {
        if !near_change(board, pivot, changed) {
            continue;
        }
        let pd = board.candidates(pivot);
        wings.clear();
        wings.extend(layout.peers(pivot).iter().copied().filter(|&c| {
            let cands = board.candidates(c);
            cands.len() == 2 && cands.and(pd).len() == 1 + trivalue as usize
        }));
        for (i, &a) in wings.iter().enumerate() {
            for &b in &wings[i + 1..] {
                if ![pivot, a, b].iter().any(|&c| changed.contains(c)) {
                    continue;
                }
                let (da, db) = (board.candidates(a), board.candidates(b));
                let z = da.and(db);
                let Some(zd) = z.only() else { continue };
                let ok = if trivalue {
                    da.or(db) == pd && pd.contains(zd)
                } else {
                    !pd.contains(zd) && da.or(db).without(z) == pd
                };
                if !ok {
                    continue;
                }
                let mut seen = board
                    .cells_with(zd)
                    .and(board.peer_set(a))
                    .and(board.peer_set(b));
                if trivalue {
                    seen = seen.and(board.peer_set(pivot));
                }
                seen.remove(pivot);
                let technique = if trivalue {
                    Technique::XyzWing
                } else {
                    Technique::XyWing
                };
                let pattern = Pattern::Wing {
                    pivot,
                    pincers: vec![a, b],
                    digits: pd.or(da).or(db),
                    z: zd,
                };
                if sink.push(Step::eliminating(technique, with_digit(&seen, zd), pattern)) {
                    return;
                }
            }
        }
    }
}

/// W-Wing.
pub(crate) fn find_w<const W: usize>(board: &Board<W>, sink: &mut Sink) {
    let bivalue = cells_with_count(board, 2..=2);
    // Each digit's strong links, found the first time they are needed.
    let mut links: Vec<Option<Vec<(Cell, Cell, House)>>> = vec![None; board.side()];
    for (i, &a) in bivalue.iter().enumerate() {
        for &b in &bivalue[i + 1..] {
            let digits = board.candidates(a);
            if board.candidates(b) != digits || board.peer_set(a).contains(b) {
                continue;
            }
            for x in digits {
                let y = digits
                    .without(DigitSet::single(x))
                    .only()
                    .expect("two digits");
                let gone = board
                    .cells_with(y)
                    .and(board.peer_set(a))
                    .and(board.peer_set(b));
                if gone.is_empty() {
                    continue;
                }
                let x_links =
                    links[x.index()].get_or_insert_with(|| strong_links(board, x).collect());
                for &(p, q, _) in x_links.iter() {
                    for (p, q) in [(p, q), (q, p)] {
                        if [p, q].iter().any(|&c| c == a || c == b)
                            || !board.peer_set(a).contains(p)
                            || !board.peer_set(b).contains(q)
                        {
                            continue;
                        }
                        let chain = Chain {
                            nodes: vec![
                                Node::cell(a, y),
                                Node::cell(a, x),
                                Node::cell(p, x),
                                Node::cell(q, x),
                                Node::cell(b, x),
                                Node::cell(b, y),
                            ],
                            strong: vec![true, false, true, false, true],
                            closed: false,
                        };
                        if sink.push(Step::eliminating(
                            Technique::WWing,
                            with_digit(&gone, y),
                            Pattern::Chain(chain),
                        )) {
                            return;
                        }
                    }
                }
            }
        }
    }
}

/// WXYZ-Wing, with a pivot that sees the three other cells, and a cell of `changed`.
pub(crate) fn find_wxyz<const W: usize>(board: &Board<W>, sink: &mut Sink, changed: &Cells<W>) {
    let layout = board.layout();
    let small = cells_with_count(board, 2..=4);
    let mut wings: Vec<Cell> = Vec::new();
    for &pivot in &small {
        if !near_change(board, pivot, changed) {
            continue;
        }
        let pivot_changed = changed.contains(pivot);
        let pd = board.candidates(pivot);
        wings.clear();
        wings.extend(layout.peers(pivot).iter().copied().filter(|&c| {
            let cands = board.candidates(c);
            (2..=4).contains(&cands.len()) && cands.or(pd).len() <= 4
        }));
        if !pivot_changed && !wings.iter().any(|&w| changed.contains(w)) {
            continue;
        }
        // Three wings, pruned as soon as the cells hold more than four digits.
        for (i, &a) in wings.iter().enumerate() {
            let da = pd.or(board.candidates(a));
            for (j, &b) in wings.iter().enumerate().skip(i + 1) {
                let db = da.or(board.candidates(b));
                if db.len() > 4 {
                    continue;
                }
                let any = pivot_changed || changed.contains(a) || changed.contains(b);
                for &c in &wings[j + 1..] {
                    let digits = db.or(board.candidates(c));
                    if digits.len() == 4
                        && (any || changed.contains(c))
                        && wxyz(board, sink, [pivot, a, b, c], digits)
                    {
                        return;
                    }
                }
            }
        }
    }
}

/// Checks the four cells `cells` (pivot first) holding exactly the four digits `digits`
/// for a WXYZ-Wing; pushes its step and returns whether the sink is done.
fn wxyz<const W: usize>(
    board: &Board<W>,
    sink: &mut Sink,
    cells: [Cell; 4],
    digits: DigitSet,
) -> bool {
    let layout = board.layout();
    let pivot = cells[0];
    let set: Cells<W> = cells.iter().collect();
    if layout
        .houses_of(pivot)
        .iter()
        .any(|&h| set.is_subset(board.house_set(h)))
    {
        return false;
    }
    // Exactly one digit (z) with two places that do not see each other.
    let places = |d: Digit| cells.iter().copied().filter(move |&c| board.has(c, d));
    let mut unrestricted = digits.iter().filter(|&d| {
        places(d).enumerate().any(|(i, x)| {
            places(d)
                .skip(i + 1)
                .any(|y| !board.peer_set(x).contains(y))
        })
    });
    let (Some(z), None) = (unrestricted.next(), unrestricted.next()) else {
        return false;
    };
    let gone = places(z).fold(board.cells_with(z).without(&set), |s, c| {
        s.and(board.peer_set(c))
    });
    if gone.is_empty() {
        return false;
    }
    let pattern = Pattern::Wing {
        pivot,
        pincers: cells[1..].to_vec(),
        digits,
        z,
    };
    sink.push(Step::eliminating(
        Technique::WxyzWing,
        with_digit(&gone, z),
        pattern,
    ))
}
