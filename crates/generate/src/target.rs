//! Difficulty targets: a level, an SE range, a technique the path must use.

use sudokit_core::Grid;
use sudokit_logic::{Board, Level, Options, Rating, Technique};

/// What the puzzle's logical path must look like; every part that is set must hold.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Target {
    /// The level of the rating.
    pub level: Option<Level>,
    /// The SE estimate, inclusive range.
    pub se: Option<(f32, f32)>,
    /// A technique the path must use.
    pub needs: Option<Technique>,
}

impl Target {
    /// Is anything asked?
    pub fn is_set(&self) -> bool {
        self.level.is_some() || self.se.is_some() || self.needs.is_some()
    }

    /// How far `rating` is from the target: 0 when it is hit, more the further it is (the
    /// generator climbs towards 0).
    pub fn distance(&self, rating: &Rating) -> f32 {
        let mut d = 0.0;
        if let Some(level) = self.level {
            d += (index(rating.level) - index(level)).abs() as f32;
        }
        if let Some((lo, hi)) = self.se {
            d += (lo - rating.se).max(0.0) + (rating.se - hi).max(0.0);
        }
        if let Some(t) = self.needs {
            if !rating.techniques.contains_key(&t) {
                d += 1.0 + (t.se() - rating.se).max(0.0);
            }
        }
        if !rating.solved {
            d += 100.0;
        }
        d
    }
}

fn index(level: Level) -> i32 {
    Level::ALL.iter().position(|&l| l == level).unwrap_or(0) as i32
}

/// The rating of a puzzle with one solution (its logical path with `options`).
pub fn rate(puzzle: &Grid, options: &Options) -> Rating {
    let board = Board::new(puzzle, None);
    let path = sudokit_logic::explain::solve(&board, options);
    sudokit_logic::rate(&board, &path)
}
