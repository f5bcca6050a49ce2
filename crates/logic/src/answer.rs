//! The answers every front end gives, as typed values deriving `Serialize`: the CLI
//! prints them, the web API returns them, Python turns them into dicts (through
//! [`Json::of`]). A front end adds only its own envelope around them: the CLI a puzzle's
//! `index`, `file` and `line`, the web API the `layout` and the `cells` to mark, Python
//! an `error` in a batch. A step's answer is [`crate::render::json`] (its types are in
//! `render/json.rs`).
//!
//! ```
//! use sudokit_core::Grid;
//! use sudokit_logic::answer::{SolveAnswer, Status};
//! let grid = Grid::from_line("..1...34.3..4...").unwrap();
//! let outcome = sudokit_solver::count(&grid, 2).unwrap();
//! let answer = SolveAnswer::of(&outcome, false);
//! assert_eq!(answer.status, Status::Unique);
//! assert_eq!(answer.json().to_string(), r#"{"status":"unique","solution":"3412123423414123"}"#);
//! ```

use serde::ser::SerializeMap;
use serde::{Serialize, Serializer};
use sudokit_core::format::json::Json;
use sudokit_solver::Outcome;

use crate::rating::Rating;

/// What a count says of a puzzle's solutions (written as its [`Status::name`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Status {
    /// Exactly one solution.
    Unique,
    /// A solution, the first found (only the first was asked for).
    Solved,
    /// More than one: the one shown is the first found.
    Multiple,
    /// No solution.
    None,
    /// Not a puzzle: it could not be read, or two givens clash.
    Invalid,
}

impl Status {
    /// Its name in every answer: `unique`, `solved`, `multiple`, `none`, `invalid`.
    pub fn name(self) -> &'static str {
        match self {
            Status::Unique => "unique",
            Status::Solved => "solved",
            Status::Multiple => "multiple",
            Status::None => "none",
            Status::Invalid => "invalid",
        }
    }
}

impl Serialize for Status {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(self.name())
    }
}

/// A puzzle solved: what the count says, and the solution (the first found) if any.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct SolveAnswer {
    /// What the count says.
    pub status: Status,
    /// The solution (the first found), as a line of symbols.
    pub solution: Option<String>,
}

impl SolveAnswer {
    /// Its keys, in order (a batch's failed entry has each of them null).
    pub const KEYS: [&'static str; 2] = ["status", "solution"];

    /// The answer of a count to 2 (or to 1 when only the `first` solution was asked for:
    /// then one solution is [`Status::Solved`], not [`Status::Unique`]).
    pub fn of(outcome: &Outcome, first: bool) -> SolveAnswer {
        let status = match (&outcome.solution, outcome.count) {
            (Some(_), 1) if first => Status::Solved,
            (Some(_), 1) => Status::Unique,
            (Some(_), _) => Status::Multiple,
            (None, _) => Status::None,
        };
        SolveAnswer {
            status,
            solution: outcome.solution.as_ref().map(|s| s.to_line()),
        }
    }

    /// As JSON, its keys in order.
    pub fn json(&self) -> Json {
        Json::of(self)
    }
}

/// A rating as every front end gives it: HoDoKu's level and score, SE's number and which
/// one it is, the hardest technique, the steps of each technique, and with SE's own
/// rating its EP, ED and hardest rule.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct RatingAnswer {
    /// HoDoKu's level: `Easy` to `Extreme`.
    pub level: &'static str,
    /// HoDoKu's score.
    pub score: u32,
    /// Sudoku Explainer's rating: SE's own on 9×9 (see `se_kind`), else the estimate;
    /// none for a killer.
    pub se: Option<f64>,
    /// The technique of the step with the highest SE rating.
    pub hardest: Option<&'static str>,
    /// How many steps of each technique, in the engine's order.
    pub techniques: Counts,
    /// Number of steps.
    pub steps: usize,
    /// `explainer` (SE's own rating, by SE's path), `estimate`, or `none` (a killer).
    pub se_kind: &'static str,
    /// SE's EP, with SE's own rating.
    pub ep: Option<f64>,
    /// SE's ED, with SE's own rating.
    pub ed: Option<f64>,
    /// SE's name of the hardest rule on its path, with SE's own rating.
    pub se_hardest: Option<String>,
}

/// Names with counts, written as one JSON object in their order.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Counts(pub Vec<(&'static str, usize)>);

impl Serialize for Counts {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        let mut map = s.serialize_map(Some(self.0.len()))?;
        for (name, n) in &self.0 {
            map.serialize_entry(name, n)?;
        }
        map.end()
    }
}

impl RatingAnswer {
    /// Its keys, in order (a batch's failed entry has each of them null).
    pub const KEYS: [&'static str; 10] = [
        "level",
        "score",
        "se",
        "hardest",
        "techniques",
        "steps",
        "se_kind",
        "ep",
        "ed",
        "se_hardest",
    ];

    /// The answer for `rating`.
    pub fn of(rating: &Rating) -> RatingAnswer {
        let tenths = |t: u32| f64::from(t) / 10.0;
        let explainer = rating.explainer.as_ref();
        RatingAnswer {
            level: rating.level.name(),
            score: rating.score,
            se: (!rating.killer).then(|| f64::from(rating.se)),
            hardest: rating.hardest.map(|t| t.name()),
            techniques: Counts(
                rating
                    .techniques
                    .iter()
                    .map(|(t, &n)| (t.name(), n))
                    .collect(),
            ),
            steps: rating.steps,
            se_kind: rating.se_kind(),
            ep: explainer.map(|e| tenths(e.ep)),
            ed: explainer.map(|e| tenths(e.ed)),
            se_hardest: explainer.map(|e| e.hardest.clone()),
        }
    }

    /// As JSON, its keys in order.
    pub fn json(&self) -> Json {
        Json::of(self)
    }
}

/// A rating as JSON fields, for a front end to put in its own object after its envelope;
/// each null when there is no rating (a puzzle that could not be rated).
pub fn rating_fields(rating: Option<&Rating>) -> Vec<(&'static str, Json)> {
    let Some(rating) = rating else {
        return RatingAnswer::KEYS.map(|k| (k, Json::Null)).to_vec();
    };
    let Json::Object(fields) = RatingAnswer::of(rating).json() else {
        unreachable!("a struct is written as an object");
    };
    // The keys are the struct's fields, in order (`the_keys_are_the_fields_in_order`).
    RatingAnswer::KEYS
        .into_iter()
        .zip(fields.into_iter().map(|(_, v)| v))
        .collect()
}

/// A rating as one JSON object.
pub fn rating_json(rating: &Rating) -> Json {
    RatingAnswer::of(rating).json()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{rate, rate_explained, solve, Board, Options};
    use sudokit_core::Grid;

    /// The keys a failed entry lists are the typed answer's own, in its order.
    #[test]
    fn the_keys_are_the_fields_in_order() {
        let grid = Grid::from_line(
            "003000100100400000000200000000000050007036000000000042200000000000070900580010000",
        )
        .unwrap();
        let board = Board::new(&grid, None);
        let path = solve(&board, &Options::default());
        for rating in [rate(&board, &path), rate_explained(&board, &path)] {
            let Json::Object(fields) = rating_json(&rating) else {
                panic!("an object");
            };
            let keys: Vec<&str> = fields.iter().map(|(k, _)| k.as_str()).collect();
            assert_eq!(keys, RatingAnswer::KEYS);
            let named: Vec<&str> = rating_fields(Some(&rating)).iter().map(|f| f.0).collect();
            assert_eq!(named, RatingAnswer::KEYS);
        }
        let Json::Object(fields) =
            SolveAnswer::of(&sudokit_solver::count(&grid, 2).unwrap(), false).json()
        else {
            panic!("an object");
        };
        let keys: Vec<&str> = fields.iter().map(|(k, _)| k.as_str()).collect();
        assert_eq!(keys, SolveAnswer::KEYS);
    }

    /// Numbers are written as the project always wrote them, and a missing rating is
    /// every key null.
    #[test]
    fn numbers_in_the_project_style_and_nulls_without_a_rating() {
        let grid = Grid::from_line("..1...34.3..4...").unwrap();
        let board = Board::new(&grid, None);
        let path = solve(&board, &Options::default());
        let text = rating_json(&rate(&board, &path)).to_string();
        // The rating's f32 SE (1.2) is written as 1.2, not as its f64 widening.
        assert_eq!(
            text,
            r#"{"level":"Easy","score":74,"se":1.2,"hardest":"Hidden Single","techniques":{"Full House":8,"Hidden Single":3},"steps":11,"se_kind":"estimate","ep":null,"ed":null,"se_hardest":null}"#
        );
        let none = rating_fields(None);
        assert!(none.iter().all(|(_, v)| *v == Json::Null));
        assert_eq!(none.len(), RatingAnswer::KEYS.len());
    }

    #[test]
    fn a_count_names_its_status() {
        let grid = Grid::from_line("..1...34.3..4...").unwrap();
        let one = sudokit_solver::count(&grid, 1).unwrap();
        assert_eq!(SolveAnswer::of(&one, true).status, Status::Solved);
        let open = Grid::from_line(&".".repeat(16)).unwrap();
        let many = sudokit_solver::count(&open, 2).unwrap();
        assert_eq!(SolveAnswer::of(&many, false).status, Status::Multiple);
        for s in [
            Status::Unique,
            Status::Solved,
            Status::Multiple,
            Status::None,
            Status::Invalid,
        ] {
            assert_eq!(Json::of(&s).to_string(), format!("\"{}\"", s.name()));
        }
    }
}
