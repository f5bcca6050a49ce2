//! Locked Candidates: where two houses meet (a box and a row, say), a digit confined to
//! the common cells within one house leaves the rest of the other. Pointing when the
//! confining house is a region (box), claiming when it is a line.

use sudokit_core::{DigitSet, HouseKind};

use super::{with_digit, Sink};
use crate::step::{Pattern, Step};
use crate::technique::Technique;
use crate::Board;

/// Locked candidates of `digits` (a digit's depend on its own cells only).
pub(crate) fn find<const W: usize>(
    board: &Board<W>,
    sink: &mut Sink,
    digits: DigitSet,
    pointing: bool,
) {
    let layout = board.layout();
    let technique = if pointing {
        Technique::Pointing
    } else {
        Technique::Claiming
    };
    for x in layout.intersections() {
        let common = board.house_set(x.a).and(board.house_set(x.b));
        for (base, cover) in [(x.a, x.b), (x.b, x.a)] {
            let is_region = matches!(
                layout.house(base).kind,
                HouseKind::Box(_) | HouseKind::Region(_)
            );
            if is_region != pointing {
                continue;
            }
            let base_rest = board.house_set(base).without(&common);
            let cover_rest = board.house_set(cover).without(&common);
            for digit in digits {
                // In the common cells, nowhere else in the base, and somewhere else in
                // the cover. (A digit placed in the base has no candidate there.)
                let with = board.cells_with(digit);
                if !with.intersects(&common)
                    || with.intersects(&base_rest)
                    || !with.intersects(&cover_rest)
                {
                    continue;
                }
                let gone = with.and(&cover_rest);
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
