//! Practice puzzles: a 9×9 puzzle whose logical path uses a given technique, for a
//! player learning it. The generator is tried first, within a small budget (it hits
//! common techniques in a few tries); for the rare ones, a puzzle of the bank
//! (`practice.txt`, made by `scripts/practice-bank` from the bench sets) is taken and
//! transformed at random (digits relabelled; rows, columns, bands and stacks shuffled;
//! maybe transposed), so the game looks new, and kept when its path still uses the
//! technique (the path can change with the cells' order, so that is checked).

use std::sync::Arc;
use sudokit_core::time::Instant;

use sudokit_core::rng::Rng;
use sudokit_core::{Grid, Layout};
use sudokit_logic::{Options, Technique};

use crate::target::rate;
use crate::{Generated, Generator, Request, Shape, Symmetry, Target, Transform};

/// Bank puzzles, `<technique>|<puzzle>` a line, `#` comments.
pub const BANK: &str = include_str!("practice.txt");

/// Candidate puzzles the generator makes at the technique's own level, then at any
/// level, before the bank is tried.
const TRIES: u64 = 1_500;

/// Transformations of one bank puzzle tried before the next.
const SHUFFLES: usize = 8;

/// Why no practice puzzle was made.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum PracticeError {
    /// No path of sudokit's uses the technique (or the options turn it off).
    #[error("{0}")]
    Impossible(String),
    /// Neither the generator nor the bank had one in time.
    #[error("no puzzle that needs {0} was found in the time allowed; try again")]
    OutOfTime(Technique),
    /// The generator made none in its budget, and the bank has none that still needs it
    /// once transformed.
    #[error(
        "no puzzle that needs {0} turned up in {1} generated puzzles, and the practice bank has none: {0} is rare on sudokit's path"
    )]
    Rare(Technique, u64),
}

/// The bank's puzzles for `t`.
pub fn bank(t: Technique) -> impl Iterator<Item = &'static str> {
    BANK.lines()
        .filter(|l| !l.starts_with('#'))
        .filter_map(move |l| {
            let (name, puzzle) = l.split_once('|')?;
            (Technique::from_name(name) == Some(t)).then_some(puzzle)
        })
}

/// The random stream of practice puzzle `index` for `technique` made with `seed` (see
/// [`crate::Request::puzzle_seed`]): the same on the page, the CLI and Python.
pub fn practice_seed(technique: Technique, seed: u64, index: u64) -> u64 {
    crate::stream_seed(&format!("practice:{}", technique.name()), seed, index)
}

/// A 9×9 puzzle whose path (with `options`) uses `t`: generated (rot180 symmetric) when
/// the generator finds one within its small budget, at the technique's own level first
/// (so the practice is about it, not something harder), else a transformed bank puzzle;
/// `deadline` stops both. The rating is always given.
///
/// # Errors
/// [`PracticeError::Impossible`] for a technique no path uses (Sudoku Explainer's own
/// rules, or a uniqueness technique with uniqueness off); [`PracticeError::OutOfTime`]
/// when the deadline passed, [`PracticeError::Rare`] when neither the generator's budget
/// nor the bank gave one.
pub fn practice(
    t: Technique,
    options: &Options,
    rng: &mut Rng,
    deadline: Option<Instant>,
) -> Result<Generated, PracticeError> {
    let target = Target {
        needs: Some(t),
        ..Target::default()
    };
    if let Some(why) = target.contradiction(options) {
        return Err(PracticeError::Impossible(why));
    }
    let layout = Arc::new(Layout::classic());
    let at_level = Target {
        level: Some(t.level()),
        ..target.clone()
    };
    for target in [at_level, target] {
        let request = Request {
            symmetry: Symmetry::Rot180,
            target,
            options: *options,
            budget: TRIES,
            deadline,
            ..Request::new(Shape::Fixed(layout.clone()))
        };
        if let Ok(made) = Generator::new(request).generate(rng) {
            return Ok(made);
        }
    }
    let mut tries = 2 * TRIES;
    let mut puzzles: Vec<&str> = bank(t).collect();
    rng.shuffle(&mut puzzles);
    for line in puzzles {
        let Ok(grid) = Grid::from_line(line) else {
            continue;
        };
        for _ in 0..SHUFFLES {
            if deadline.is_some_and(|d| Instant::now() >= d) {
                return Err(PracticeError::OutOfTime(t));
            }
            tries += 1;
            let puzzle = Transform::random(&layout, rng).apply(&grid);
            let rating = rate(&puzzle, options);
            if !rating.techniques.contains_key(&t) {
                continue;
            }
            let Ok(outcome) = sudokit_solver::count(&puzzle, 2) else {
                continue;
            };
            if let (1, Some(solution)) = (outcome.count, outcome.solution) {
                return Ok(Generated {
                    puzzle,
                    solution,
                    rating: Some(rating),
                    tries,
                    clues_met: true,
                });
            }
        }
    }
    if deadline.is_some_and(|d| Instant::now() >= d) {
        return Err(PracticeError::OutOfTime(t));
    }
    Err(PracticeError::Rare(t, 2 * TRIES))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_bank_puzzle_names_a_technique_and_reads() {
        for line in BANK.lines().filter(|l| !l.starts_with('#')) {
            let (name, puzzle) = line.split_once('|').expect("technique|puzzle");
            assert!(Technique::from_name(name).is_some(), "{line}");
            assert!(Grid::from_line(puzzle).is_ok(), "{line}");
        }
    }

    #[test]
    fn a_rare_technique_comes_from_the_bank_transformed() {
        let mut rng = Rng::new(7);
        let t = Technique::SueDeCoq;
        let made = practice(t, &Options::default(), &mut rng, None).expect("a Sue de Coq");
        let rating = made.rating.expect("rated");
        assert!(
            rating.techniques.contains_key(&t),
            "{:?}",
            rating.techniques
        );
        assert!(
            bank(t).all(|p| p != made.puzzle.to_line()),
            "the bank's puzzle is transformed"
        );
    }

    #[test]
    fn sudoku_explainers_rules_have_no_practice() {
        let mut rng = Rng::new(1);
        let err = practice(
            Technique::NishioForcingChains,
            &Options::default(),
            &mut rng,
            None,
        );
        assert!(matches!(err, Err(PracticeError::Impossible(_))), "{err:?}");
    }
}
