//! Full House: the last open cell of a house takes the last digit.

use sudokit_core::House;

use super::Sink;
use crate::step::{Pattern, Step};
use crate::technique::Technique;
use crate::Board;

pub(crate) fn find<const W: usize>(board: &Board<W>, sink: &mut Sink) {
    let layout = board.layout();
    for h in (0..layout.houses().len()).map(House::new) {
        // One digit left to place (cheap to ask: most houses have more, or none).
        let Some(digit) = board.open_digits(h).only() else {
            continue;
        };
        let mut open = layout
            .house(h)
            .cells
            .iter()
            .filter(|&&c| board.value(c).is_none());
        let (Some(&cell), None) = (open.next(), open.next()) else {
            continue;
        };
        if board.has(cell, digit) {
            let pattern = Pattern::Single {
                cell,
                digit,
                house: Some(h),
            };
            if sink.push(Step::placing(Technique::FullHouse, cell, digit, pattern)) {
                return;
            }
        }
    }
}
