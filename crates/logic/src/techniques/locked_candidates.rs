//! Locked Candidates: where two houses meet (a box and a row, say), a digit confined to
//! the common cells within one house leaves the rest of the other. Pointing when the
//! confining house is a region (box), claiming when it is a line.

use sudokit_core::{CellSet, HouseKind};

use super::{with_digit, Sink};
use crate::step::{Pattern, Step};
use crate::technique::Technique;
use crate::Board;

pub(crate) fn find(board: &Board, sink: &mut Sink, pointing: bool) {
    let layout = board.layout();
    for x in layout.intersections() {
        let common: CellSet = x.common.iter().collect();
        for (base, cover) in [(x.a, x.b), (x.b, x.a)] {
            let is_region = matches!(
                layout.house(base).kind,
                HouseKind::Box(_) | HouseKind::Region(_)
            );
            if is_region != pointing {
                continue;
            }
            for digit in board.open_digits(base) {
                let in_base = board.house_cells_with(base, digit);
                if in_base.is_empty() || !in_base.is_subset(&common) {
                    continue;
                }
                let gone = board.house_cells_with(cover, digit).without(&common);
                if gone.is_empty() {
                    continue;
                }
                let technique = if pointing {
                    Technique::Pointing
                } else {
                    Technique::Claiming
                };
                let step = Step::eliminating(
                    technique,
                    with_digit(&gone, digit),
                    Pattern::Intersection { digit, base, cover },
                );
                if sink.push(step) {
                    return;
                }
            }
        }
    }
}
