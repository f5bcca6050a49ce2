//! Hidden Single: a digit with one place left in a house goes there. Regions (boxes) are
//! searched first, then rows and columns.

use sudokit_core::House;

use super::Sink;
use crate::step::{Pattern, Step};
use crate::technique::Technique;
use crate::Board;

pub(crate) fn find<const W: usize>(board: &Board<W>, sink: &mut Sink) {
    let layout = board.layout();
    let n = layout.side();
    let houses = (2 * n..3 * n)
        .chain(0..2 * n)
        .chain(3 * n..layout.houses().len())
        .map(House::new);
    for h in houses {
        for digit in board.open_digits(h) {
            let places = board.house_cells_with(h, digit);
            if places.len() == 1 {
                let cell = places.first().expect("one place");
                let pattern = Pattern::Single {
                    cell,
                    digit,
                    house: Some(h),
                };
                if sink.push(Step::placing(Technique::HiddenSingle, cell, digit, pattern)) {
                    return;
                }
            }
        }
    }
}
