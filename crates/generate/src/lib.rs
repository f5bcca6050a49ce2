//! Sudoku generation: complete grids, proper (one-solution) minimal puzzles (Easy ones:
//! minimal for singles) with a
//! symmetric pattern of givens, a clue count or a difficulty asked for, on every layout
//! (boxes 4×4 to 25×25, random or given jigsaw regions, diagonals); canonical forms and
//! equivalence transformations.
//!
//! ```
//! use std::sync::Arc;
//! use sudokit_core::{rng::Rng, Layout};
//! use sudokit_generate::{generate, Request, Shape, Symmetry};
//! let request = Request {
//!     symmetry: Symmetry::Rot180,
//!     ..Request::new(Shape::Fixed(Arc::new(Layout::classic())))
//! };
//! let made = generate(&request, &mut Rng::new(42)).unwrap();
//! assert!(sudokit_solver::is_unique(&made.puzzle));
//! assert!(Symmetry::Rot180.holds(&made.puzzle));
//! assert!(made.puzzle.is_filled_by(&made.solution));
//! ```
//!
//! How a puzzle is made:
//!
//! ```text
//! layout (fixed, or random jigsaw) ─▶ solution::random ─▶ puzzle::reduce (orbits of the
//!   symmetry, random order, each removal kept while the solution stays unique: minimal;
//!   for an Easy target puzzle::reduce_by_singles, kept while singles solve it)
//!   ─▶ clue count asked? add givens back / try again for fewer
//!   ─▶ difficulty asked? rate (stopping once the path is sure to be too hard); if
//!      missed, try a fresh grid; after 50 misses (a rare target), climb from each miss:
//!      add a few givens back, reduce again, keep the neighbour when it is no further
//!      from the target; a fresh grid after 10 neighbours that get no closer
//! ```

#![warn(missing_docs)]

pub mod canon;
pub mod killer;
pub mod practice;
pub mod puzzle;
pub mod regions;
pub mod solution;
mod symmetry;
pub mod target;
pub mod transform;
mod unavoidable;
pub mod uniform;

use std::sync::Arc;
use sudokit_core::cancel::Cancel;
use sudokit_core::time::Instant;

use crate::puzzle::Keep;
use sudokit_core::rng::Rng;
use sudokit_core::{Cell, Grid, Layout};
use sudokit_logic::{Level, Options, Rating, Technique};

pub use killer::KillerSpec;
pub use symmetry::{Symmetry, UnknownSymmetry};
pub use target::Target;
pub use transform::{Transform, TransformError};

/// The layout of the puzzles to make.
#[derive(Clone, Debug)]
pub enum Shape {
    /// Every puzzle on this layout.
    Fixed(Arc<Layout>),
    /// A new random jigsaw layout of this side for every puzzle.
    Jigsaw {
        /// The side N.
        side: usize,
        /// Add the two diagonals as houses.
        diagonals: bool,
    },
}

impl Shape {
    /// The side N of its grids.
    pub fn side(&self) -> usize {
        match self {
            Shape::Fixed(layout) => layout.side(),
            Shape::Jigsaw { side, .. } => *side,
        }
    }
}

/// How complete grids are made.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Method {
    /// [`solution::random`]: fast, every grid of an equivalence class equally likely,
    /// but the classes are not weighted exactly (what puzzles start from).
    #[default]
    Random,
    /// [`uniform::grid`]: every grid exactly equally likely, on the layouts it handles
    /// (4×4, 6×6, 9×9); [`solution::random`] on the others.
    Uniform,
    /// [`solution::shuffled`] (seed 003).
    Shuffle,
}

/// What to generate.
#[derive(Clone, Debug)]
pub struct Request {
    /// The layout.
    pub shape: Shape,
    /// How complete grids are made.
    pub method: Method,
    /// The symmetry of the pattern of givens.
    pub symmetry: Symmetry,
    /// Pick a symmetry other than none at random for each puzzle (instead of `symmetry`).
    pub random_symmetry: bool,
    /// Aim at this many givens: givens are added back (so the puzzle is no longer
    /// minimal) when it is above the minimal puzzle's count; below it, minimal puzzles
    /// are searched (climbing towards fewer givens), and the closest found in
    /// [`CLUE_TRIES`] tries is given when it cannot be reached.
    pub clues: Option<usize>,
    /// The difficulty.
    pub target: Target,
    /// The logic engine's options for rating.
    pub options: Options,
    /// The most candidate puzzles to try for a target (clue count or difficulty).
    pub budget: u64,
    /// Give up on a target (with [`GenerateError::OutOfTime`]) once this instant has
    /// passed, checked between candidate puzzles. By default, no deadline.
    pub deadline: Option<Instant>,
    /// Told the number of candidate puzzles tried so far after each one; when it
    /// answers `false` the request stops (with [`GenerateError::OutOfTime`]). By
    /// default, none.
    pub progress: Option<Progress>,
    /// Make killers (cages carved from the solution, see [`killer`]) rather than
    /// sudokus. By default, none.
    pub killer: Option<KillerSpec>,
}

/// A generation's progress report (see [`Request::progress`]).
#[derive(Clone)]
pub struct Progress(pub Arc<dyn Fn(u64) -> bool + Send + Sync>);

impl std::fmt::Debug for Progress {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("Progress(..)")
    }
}

impl Request {
    /// Why no puzzle can meet this request, if none can: on a killer, what
    /// [`killer::contradiction`] says for its side; otherwise what
    /// [`Target::contradiction`] says for its options. Every front end asks this before
    /// generating, so that an impossible request is refused at once, in the same words.
    pub fn contradiction(&self) -> Option<String> {
        match self.killer {
            Some(spec) => killer::contradiction(&self.target, &spec, self.shape.side()),
            None => self.target.contradiction(&self.options),
        }
    }

    /// The random stream of puzzle `index` of the set made with `seed`: a hash of the
    /// seed, the index and what is asked (layout, target, clues, symmetry, method), so
    /// nearby seeds, nearby indexes and other targets draw unrelated puzzles, while the
    /// same seed, index and request always give the same one, on any thread count and
    /// from any front end.
    pub fn puzzle_seed(&self, seed: u64, index: u64) -> u64 {
        let shape = match &self.shape {
            Shape::Fixed(l) => format!("{}:{}:{}", l.side(), l.region_symbols(), l.has_diagonals()),
            Shape::Jigsaw { side, diagonals } => format!("jigsaw:{side}:{diagonals}"),
        };
        let t = &self.target;
        let killer = match &self.killer {
            Some(k) => format!("|killer:{}:{}", k.largest, k.givens),
            None => String::new(),
        };
        let key = format!(
            "{shape}|{:?}|{:?}|{}|{:?}|{:?}|{:?}|{:?}{killer}",
            self.method,
            self.symmetry,
            self.random_symmetry,
            self.clues,
            t.level.map(Level::name),
            t.se.map(|(a, b)| (a.to_bits(), b.to_bits())),
            t.needs.map(Technique::name),
        );
        stream_seed(&key, seed, index)
    }

    /// Minimal puzzles on `shape`, no symmetry, no target, a budget of 100,000 tries.
    pub fn new(shape: Shape) -> Request {
        Request {
            shape,
            method: Method::Random,
            symmetry: Symmetry::None,
            random_symmetry: false,
            clues: None,
            target: Target::default(),
            options: Options::default(),
            budget: 100_000,
            deadline: None,
            progress: None,
            killer: None,
        }
    }
}

/// A generated puzzle.
#[derive(Clone, Debug)]
pub struct Generated {
    /// The puzzle (one solution).
    pub puzzle: Grid,
    /// Its solution.
    pub solution: Grid,
    /// Its rating, when a difficulty was asked.
    pub rating: Option<Rating>,
    /// Candidate puzzles made (and rated, for a difficulty) to get this one.
    pub tries: u64,
    /// Did it meet the clue count asked? (The difficulty always is.)
    pub clues_met: bool,
}

/// Why nothing was generated.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum GenerateError {
    /// No random jigsaw layout with a solution was found.
    #[error("no jigsaw layout of side {0} with a solution found in {1} tries")]
    NoJigsaw(usize, usize),
    /// The layout has no solution.
    #[error("this layout has no solution")]
    NoSolution,
    /// The difficulty was not met within the budget.
    #[error(
        "no puzzle met the target in {0} {tries} (raise --tries, or widen the target)",
        tries = if *.0 == 1 { "try" } else { "tries" }
    )]
    Missed(u64),
    /// The target cannot be met: no path has the level, rating and technique asked
    /// (see [`Target::contradiction`]).
    #[error("{0}")]
    Impossible(String),
    /// The difficulty was not met before the request's deadline.
    #[error(
        "no puzzle met the target in the time allowed ({0} {tries} made)",
        tries = if *.0 == 1 { "try" } else { "tries" }
    )]
    OutOfTime(u64),
}

/// Jigsaw layouts tried before giving up.
const JIGSAW_TRIES: usize = 100;

/// Neighbours tried without getting closer before the climb starts from a new grid.
const STALL: u32 = 10;

/// Fresh puzzles tried before climbing: a common target is met soonest by sampling
/// (measured: a Medium, Hard or Unfair puzzle in 2–3× fewer tries than by climbing), a
/// rare one by climbing from the nearest miss.
const SAMPLES: u64 = 50;

/// The seed of item `index` of a set made with `seed` for what `key` names: splitmix64
/// over an FNV-1a hash of the key, the seed and the index (see
/// [`Request::puzzle_seed`]).
pub fn stream_seed(key: &str, seed: u64, index: u64) -> u64 {
    let mut h: u64 = 0xCBF2_9CE4_8422_2325;
    for b in key.bytes() {
        h = (h ^ u64::from(b)).wrapping_mul(0x0100_0000_01B3);
    }
    mix(mix(mix(h) ^ seed) ^ index)
}

/// splitmix64's finaliser: every bit of the input moves half the output's bits.
fn mix(x: u64) -> u64 {
    let mut z = x.wrapping_add(0x9E37_79B9_7F4A_7C15);
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

/// A random seed for a set made without one: from the operating system's randomness
/// (through the standard library's hash keys), below 2^53 so a JavaScript number holds
/// it exactly. Report it, so the set can be made again.
pub fn os_seed() -> u64 {
    use std::hash::{BuildHasher, Hasher};
    let mut h = std::collections::hash_map::RandomState::new().build_hasher();
    let nanos = sudokit_core::time::SystemTime::now()
        .duration_since(sudokit_core::time::UNIX_EPOCH)
        .map_or(0, |d| d.as_nanos() as u64);
    h.write_u64(nanos);
    mix(h.finish()) >> 11
}

/// Makes one puzzle as `request` asks, from `rng` alone (same state, same puzzle).
/// [`Generator`] does the same, keeping what the request's layout needs between puzzles.
///
/// # Errors
/// See [`GenerateError`].
pub fn generate(request: &Request, rng: &mut Rng) -> Result<Generated, GenerateError> {
    Generator::new(request.clone()).generate(rng)
}

/// A request with what its layout needs worked out once: the orbits of its symmetry.
#[derive(Clone, Debug)]
pub struct Generator {
    request: Request,
    /// The orbits on a fixed layout.
    orbits: Option<Vec<Vec<Cell>>>,
    /// Why no puzzle can meet the request's target, if none can.
    impossible: Option<String>,
}

/// Why no puzzle of the request's layout can meet its target, when the layout alone
/// says so: on 4×4 with boxes, naked and hidden singles solve every puzzle with one
/// solution, with or without the diagonals (`tests/four_by_four.rs` checks every such
/// puzzle), so Easy is its only level. A 4×4 jigsaw can be harder.
fn beyond_layout(request: &Request) -> Option<String> {
    let Shape::Fixed(layout) = &request.shape else {
        return None;
    };
    if layout.side() != 4 || layout.box_shape().is_none() {
        return None;
    }
    let target = &request.target;
    let level = target.level.filter(|&l| l > Level::Easy);
    let needs = target.needs.filter(|t| t.level() > Level::Easy);
    let asked = match (level, needs) {
        (Some(l), _) => format!("a {l} puzzle"),
        (None, Some(t)) => format!("a puzzle that needs {t}"),
        (None, None) => return None,
    };
    Some(format!(
        "no 4×4 puzzle with boxes is harder than Easy: singles solve every one, so {asked} \
         cannot be made (a 4×4 jigsaw, --jigsaw, can be harder)"
    ))
}

impl Generator {
    /// Prepares `request`.
    pub fn new(request: Request) -> Generator {
        let orbits = match &request.shape {
            Shape::Fixed(layout) if !request.random_symmetry => {
                Some(request.symmetry.orbits(layout))
            }
            _ => None,
        };
        let impossible = request.contradiction().or_else(|| match request.killer {
            Some(_) => None,
            None => beyond_layout(&request),
        });
        Generator {
            request,
            orbits,
            impossible,
        }
    }

    /// The request.
    pub fn request(&self) -> &Request {
        &self.request
    }

    /// Makes one puzzle, from `rng` alone (same state, same puzzle).
    ///
    /// # Errors
    /// See [`GenerateError`].
    pub fn generate(&self, rng: &mut Rng) -> Result<Generated, GenerateError> {
        self.generate_until(rng, self.request.deadline)
    }

    /// [`Generator::generate`] with this puzzle's own deadline (instead of the request's):
    /// `generate --timeout`, a time limit per puzzle.
    ///
    /// # Errors
    /// See [`GenerateError`].
    ///
    /// The deadline, a progress report that answers `false`, and the thread's current
    /// cancel token (see [`sudokit_core::cancel`]) each stop the work inside a single
    /// uniqueness test or rating too; a puzzle whose tests were cut short is never given.
    pub fn generate_until(
        &self,
        rng: &mut Rng,
        deadline: Option<Instant>,
    ) -> Result<Generated, GenerateError> {
        let token = Cancel::current().child(deadline);
        token.enter(|| self.generate_within(rng, &token))
    }

    /// [`Generator::generate_until`] under `token` (the thread's current one).
    fn generate_within(&self, rng: &mut Rng, token: &Cancel) -> Result<Generated, GenerateError> {
        let late = || token.is_cancelled();
        let request = &self.request;
        // A target no path can meet fails at once, not after every try.
        if let Some(why) = &self.impossible {
            return Err(GenerateError::Impossible(why.clone()));
        }
        if let Some(spec) = &request.killer {
            return self.killer_within(spec, rng, token);
        }
        if !request.target.is_set() && request.clues.is_none() {
            let solution = complete_grid(request, rng)?;
            let orbits = self.orbits(&solution, rng);
            let puzzle = puzzle::reduce(&solution, &solution, &orbits, rng);
            if late() {
                return Err(GenerateError::OutOfTime(1));
            }
            return Ok(made(Candidate::plain(puzzle), solution, 1, true));
        }
        // A clue count alone is best effort: the closest found in `limit` tries.
        let limit = match request.target.is_set() {
            true => request.budget,
            false => request.budget.min(CLUE_TRIES),
        };
        let mut tries = 0u64;
        let mut fresh = 0u64;
        let mut closest: Option<(Candidate, Grid)> = None;
        loop {
            let solution = complete_grid(request, rng)?;
            let orbits = self.orbits(&solution, rng);
            let start = self.reduce(&solution, &solution, &orbits, rng);
            let mut current = self.evaluate(start, &solution, &orbits, rng);
            tries += 1;
            fresh += 1;
            let mut stopped = !self.report(tries, token);
            // Climb once the target proves rare; a technique alone gives no distance
            // to climb by (measured: Jellyfish puzzles came 2.5× slower by climbing).
            let climb = request.target.level.is_some()
                || request.target.se.is_some()
                || request.clues.is_some();
            let mut stall = if climb && fresh > SAMPLES { 0 } else { STALL };
            while current.distance > 0.0 && stall < STALL && tries < limit && !stopped && !late() {
                let next = self.neighbour(&current.puzzle, &solution, &orbits, rng);
                let next = self.evaluate(next, &solution, &orbits, rng);
                tries += 1;
                stopped = !self.report(tries, token);
                stall = if next.distance < current.distance {
                    0
                } else {
                    stall + 1
                };
                if next.distance <= current.distance {
                    current = next;
                }
            }
            // A candidate whose tests the token cut short is never given.
            if current.distance == 0.0 && !late() {
                return Ok(made(current, solution, tries, true));
            }
            if closest
                .as_ref()
                .is_none_or(|(c, _)| current.distance < c.distance)
            {
                closest = Some((current, solution));
            }
            if stopped || late() {
                return Err(GenerateError::OutOfTime(tries));
            }
            if tries >= limit {
                if late() {
                    return Err(GenerateError::OutOfTime(tries));
                }
                return match request.target.is_set() {
                    true => Err(GenerateError::Missed(tries)),
                    false => {
                        let (c, s) = closest.expect("one candidate at least");
                        Ok(made(c, s, tries, false))
                    }
                };
            }
        }
    }

    /// A killer as the request asks (see [`killer`]): a fresh solution grid carved into
    /// small cages each try (dropped when they leave it more than one solution and no
    /// givens are allowed), then neighbouring cages merged while the path stays within
    /// the level asked (to minimal in cages without one), until the rating meets it.
    fn killer_within(
        &self,
        spec: &KillerSpec,
        rng: &mut Rng,
        token: &Cancel,
    ) -> Result<Generated, GenerateError> {
        let late = || token.is_cancelled();
        let request = &self.request;
        let target = &request.target;
        let mut tries = 0u64;
        loop {
            if tries >= request.budget {
                return Err(GenerateError::Missed(tries));
            }
            let solution = complete_grid(request, rng)?;
            let first = killer::first_largest(target.level);
            let mut draft = killer::Draft::carve(&solution, spec, first, rng);
            tries += 1;
            if !self.report(tries, token) || late() {
                return Err(GenerateError::OutOfTime(tries));
            }
            if !draft.settle(spec, rng) {
                continue;
            }
            let mut keep = |g: &Grid| match target.level {
                Some(level) => self.within(g, level),
                None => Keep::IfUnique,
            };
            draft.merge(spec, usize::MAX, rng, &mut keep, &late);
            if late() {
                return Err(GenerateError::OutOfTime(tries));
            }
            let puzzle = draft.grid();
            let rating = target
                .is_set()
                .then(|| target::rate_towards(&puzzle, &request.options, target));
            let distance = rating.as_ref().map_or(0.0, |r| target.distance(r));
            if distance == 0.0 && !late() {
                let solution =
                    Grid::from_values(puzzle.layout().clone(), solution.values().to_vec());
                return Ok(Generated {
                    puzzle,
                    solution,
                    rating,
                    tries,
                    clues_met: true,
                });
            }
        }
    }

    /// Tells the request's progress report how many candidates were tried: `false`
    /// when it asks to stop (which cancels `token`, stopping any search under way).
    fn report(&self, tries: u64, token: &Cancel) -> bool {
        let go = self
            .request
            .progress
            .as_ref()
            .is_none_or(|Progress(report)| report(tries));
        if !go {
            token.cancel();
        }
        go
    }

    /// Removes givens from `puzzle` as the target asks: while singles still solve it for
    /// an Easy target (a minimal puzzle of 16×16 or more is almost never Easy); on large
    /// grids, for Medium to Unfair, from there on while the path stays within the level
    /// (a minimal puzzle of 16×16 is almost always Extreme, so minimal puzzles hardly
    /// ever meet those levels); else while the solution stays unique, to a minimal puzzle.
    fn reduce(&self, puzzle: &Grid, solution: &Grid, orbits: &[Vec<Cell>], rng: &mut Rng) -> Grid {
        match self.request.target.level {
            Some(Level::Easy) => puzzle::reduce_by_singles(puzzle, orbits, rng),
            Some(level @ (Level::Medium | Level::Hard | Level::Unfair))
                if solution.layout().side() >= LARGE =>
            {
                let easy = puzzle::reduce_by_singles(puzzle, orbits, rng);
                puzzle::reduce_judged(&easy, solution, orbits, rng, |p| self.within(p, level))
            }
            _ => puzzle::reduce(puzzle, solution, orbits, rng),
        }
    }

    /// Does sudokit's path solve `puzzle` within `level` (no harder technique, and no
    /// higher score than the level allows)? When it does with no step that rests on
    /// uniqueness, the path itself proves the solution unique ([`Keep::Unique`]).
    fn within(&self, puzzle: &Grid, level: Level) -> Keep {
        let Some(rating) = target::rate_within(puzzle, &self.request.options, level) else {
            return Keep::No;
        };
        match rating.techniques.keys().any(|t| t.needs_uniqueness()) {
            true => Keep::IfUnique,
            false => Keep::Unique,
        }
    }

    /// A puzzle near `puzzle`: one to three orbits of givens added back from the
    /// solution, then reduced again in a new random order.
    fn neighbour(
        &self,
        puzzle: &Grid,
        solution: &Grid,
        orbits: &[Vec<Cell>],
        rng: &mut Rng,
    ) -> Grid {
        let mut p = puzzle.clone();
        let blank: Vec<&Vec<Cell>> = orbits
            .iter()
            .filter(|o| o.iter().all(|&c| p.get(c).is_none()))
            .collect();
        for _ in 0..1 + rng.below(3) {
            if blank.is_empty() {
                break;
            }
            for &c in blank[rng.below(blank.len())] {
                p.set(c, solution.get(c));
            }
        }
        self.reduce(&p, solution, orbits, rng)
    }

    /// The orbits of the request's symmetry on the layout of `solution`.
    fn orbits(&self, solution: &Grid, rng: &mut Rng) -> std::borrow::Cow<'_, [Vec<Cell>]> {
        match &self.orbits {
            Some(o) => o.into(),
            None => {
                let symmetry = match self.request.random_symmetry {
                    true => Symmetry::random(rng),
                    false => self.request.symmetry,
                };
                symmetry.orbits(solution.layout()).into()
            }
        }
    }

    /// The puzzle padded to the clue count asked, rated when a difficulty is asked, and
    /// how far it is from the request: givens above the count asked, plus the distance
    /// from the difficulty target.
    fn evaluate(
        &self,
        mut puzzle: Grid,
        solution: &Grid,
        orbits: &[Vec<Cell>],
        rng: &mut Rng,
    ) -> Candidate {
        let request = &self.request;
        let mut excess = 0;
        if let Some(clues) = request.clues {
            puzzle::add_clues(&mut puzzle, solution, orbits, clues, rng);
            excess = puzzle.clue_count().saturating_sub(clues);
        }
        let rating = request
            .target
            .is_set()
            .then(|| target::rate_towards(&puzzle, &request.options, &request.target));
        let distance = excess as f32 + rating.as_ref().map_or(0.0, |r| request.target.distance(r));
        Candidate {
            puzzle,
            rating,
            distance,
        }
    }
}

/// A candidate puzzle, its rating (when a difficulty is asked) and its distance from the
/// request (0: what was asked).
struct Candidate {
    puzzle: Grid,
    rating: Option<Rating>,
    distance: f32,
}

impl Candidate {
    fn plain(puzzle: Grid) -> Candidate {
        Candidate {
            puzzle,
            rating: None,
            distance: 0.0,
        }
    }
}

/// The smallest side whose level targets between Easy and Extreme are reached from an
/// Easy puzzle ([`puzzle::reduce_judged`]) instead of from a minimal one: on 16×16 and
/// 25×25 a minimal puzzle is almost always Extreme (measured: no 16×16 Medium in
/// 90–150 s, none of 25×25 above Easy in 90–120 s, by reducing to minimal puzzles).
const LARGE: usize = 12;

/// Candidate puzzles tried when aiming at a clue count alone.
pub const CLUE_TRIES: u64 = 1_000;

fn made(c: Candidate, solution: Grid, tries: u64, met: bool) -> Generated {
    Generated {
        puzzle: c.puzzle,
        solution,
        rating: c.rating,
        tries,
        clues_met: met,
    }
}

/// A complete grid on the request's layout (a new jigsaw layout each time, if asked).
///
/// # Errors
/// When the layout (or every jigsaw layout tried) has no solution.
pub fn complete_grid(request: &Request, rng: &mut Rng) -> Result<Grid, GenerateError> {
    let grid_of = |layout: &Arc<Layout>, rng: &mut Rng| match request.method {
        Method::Random => solution::random(layout, rng),
        Method::Uniform => uniform::grid(layout, rng).or_else(|| solution::random(layout, rng)),
        Method::Shuffle => solution::shuffled(layout, rng),
    };
    // A search the thread's cancel token cut short found no grid for that reason only.
    let late = || Cancel::current().is_cancelled();
    match &request.shape {
        Shape::Fixed(layout) => grid_of(layout, rng).ok_or_else(|| match late() {
            true => GenerateError::OutOfTime(0),
            false => GenerateError::NoSolution,
        }),
        &Shape::Jigsaw { side, diagonals } => {
            for _ in 0..JIGSAW_TRIES {
                let mut layout = regions::random_jigsaw(side, rng);
                if diagonals {
                    layout = layout.with_diagonals();
                }
                if let Some(g) = grid_of(&Arc::new(layout), rng) {
                    return Ok(g);
                }
                if late() {
                    return Err(GenerateError::OutOfTime(0));
                }
            }
            Err(GenerateError::NoJigsaw(side, JIGSAW_TRIES))
        }
    }
}
