//! Naked Single: a cell with one candidate left takes it.

use super::Sink;
use crate::step::{Pattern, Step};
use crate::technique::Technique;
use crate::Board;

pub(crate) fn find<const W: usize>(board: &Board<W>, sink: &mut Sink) {
    for cell in board.layout().cells() {
        if let Some(digit) = board.candidates(cell).only() {
            let pattern = Pattern::Single {
                cell,
                digit,
                house: None,
            };
            if sink.push(Step::placing(Technique::NakedSingle, cell, digit, pattern)) {
                return;
            }
        }
    }
}
