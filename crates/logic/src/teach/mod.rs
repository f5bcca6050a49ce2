//! A step as a player learns it: an explanation in plain words, a drawing of the pattern,
//! and where to look first. Built from the step's own data and the board it was found
//! on; every front end (the page, the terminal game, `hint --sentence`, `explain
//! --sentences`, printed worked solutions) shows the same lines and the same drawing.
//!
//! ```text
//! Step ──┬─▶ explain ──▶ Explanation { lines: intro, numbered steps (cases indented),
//!        │                             conclusion; each with its cells and candidates }
//!        ├─▶ drawing ──▶ Drawing { houses (base, cover), candidates (pattern, fin, extra,
//!        │                        eliminated, placed), cells (blockers), links (arrows) }
//!        └─▶ focus   ──▶ the fewest houses holding the pattern (the first rung)
//! ```
//!
//! The words follow the teaching tools players learn from (SudokuWiki's strategy pages,
//! HoDoKu's hints, sudoku.coach): each technique in its own terms, a chain as a numbered
//! list of "if …, then …: because …" lines, no notation. The notation stays in
//! `render::notation` for experts who ask for it.

mod chain;
mod drawing;
mod focus;
mod forcing;
mod killer;
mod lessons;
mod out;
mod patterns;
mod shapes;
mod words;

use crate::board::Board;
use crate::step::Step;

pub use drawing::{drawing, CellRole, Drawing, Link, Role, Shade};
pub use focus::focus;
pub use lessons::{example, idea, killer_examples, no_practice, EXAMPLES, KILLER_EXAMPLES};
pub(crate) use out::{About, Out};
pub use out::{Explanation, Kind, Line};

/// Houses in a player's words, grouped by kind as explanations write them: `rows 3 and
/// 7`, `row 2 and column 5`.
pub fn houses_in_words(layout: &sudokit_core::Layout, list: &[sudokit_core::House]) -> String {
    words::Words { layout }.houses(list)
}

/// Cage `k` in a player's words: `the 3-cell 23 cage at r4c5`.
pub fn cage_in_words(layout: &sudokit_core::Layout, k: usize) -> String {
    killer::cage_name(words::Words { layout }, k)
}

/// The first piece of expert notation in `text`, if any: `<>`, `=`, a bracket or brace,
/// or a Eureka node such as `(4)r1c1`. A player's explanation has none.
pub fn notation_in(text: &str) -> Option<String> {
    for token in ["<>", "=", "[", "]", "{", "}"] {
        if text.contains(token) {
            return Some(token.to_string());
        }
    }
    let chars: Vec<char> = text.chars().collect();
    chars.windows(4).find_map(|w| {
        (w[0] == '(' && w[1].is_alphanumeric() && w[2] == ')' && w[3] == 'r')
            .then(|| w.iter().collect())
    })
}

/// A player's explanation of `step`, found on `board`.
pub fn explain(board: &Board, step: &Step) -> Explanation {
    let mut out = Out::default();
    patterns::explain(board, step, &mut out);
    out.done()
}

#[cfg(test)]
mod tests;
