//! Difficulty targets: a level, an SE range, a technique the path must use.

use sudokit_core::Grid;
use sudokit_logic::explain::{next_step_with, Memo};
use sudokit_logic::next_step_within;
use sudokit_logic::rating::{direct_tenths, level_max_score, CHAIN_MIN_TENTHS};
use sudokit_logic::{Board, Level, Options, Order, Path, Rating, Technique};

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

    /// Why no puzzle can hit the target with `options`, when that follows from the
    /// techniques' own levels and ratings alone; `None` when it may be hit. The checks:
    /// - a required uniqueness technique with the uniqueness techniques turned off;
    /// - a required technique above the level (a path's level is at least each of its
    ///   techniques' levels);
    /// - an SE range that holds no rating the path's hardest step can have: below 6.5 a
    ///   step rates its technique's own rating or one of SE's direct ratings (UR type
    ///   3 adds a few tenths), so only some values occur there (an Easy path rates 1.0,
    ///   1.2, 1.5 or 2.3); chains, and so every rating from 6.5 up, need techniques
    ///   rated 6.5 or more; a required technique's steps rate at least its own rating
    ///   (its direct rating, or 6.5 for the chains);
    /// - a required technique that no path uses (Sudoku Explainer's own chaining rules,
    ///   searched only on request), or a killer technique (only killers use it:
    ///   `Request::killer`).
    ///
    /// ```
    /// use sudokit_generate::target::Target;
    /// use sudokit_logic::{Level, Options};
    /// let easy_but_hard = Target { level: Some(Level::Easy), se: Some((9.0, 12.0)), needs: None };
    /// assert!(easy_but_hard.contradiction(&Options::default()).is_some());
    /// let between = Target { level: None, se: Some((2.05, 2.15)), needs: None };
    /// assert!(between.contradiction(&Options::default()).is_some(), "no step rates 2.1");
    /// let fine = Target { level: Some(Level::Medium), se: Some((3.0, 4.0)), needs: None };
    /// assert_eq!(fine.contradiction(&Options::default()), None);
    /// ```
    pub fn contradiction(&self, options: &Options) -> Option<String> {
        if let Some(t) = self.needs {
            if t.on_request() {
                return Some(format!(
                    "{t} is one of Sudoku Explainer's own rules, searched only on request: no path uses it"
                ));
            }
            if t.is_killer() {
                return Some(format!(
                    "{t} is a killer technique: only killers (--killer) use it"
                ));
            }
            if t.needs_uniqueness() && !options.uniqueness {
                return Some(format!(
                    "{t} is a uniqueness technique, and the uniqueness techniques are off"
                ));
            }
            if let Some(level) = self.level.filter(|&l| t.level() > l) {
                return Some(format!(
                    "{t} is a {} technique: a path that uses it is never {level}",
                    t.level()
                ));
            }
        }
        let (lo, hi) = self.se?;
        // The techniques of sudokit's path (in any order).
        // With Sudoku Explainer's own rules below its chains (SE's path on 9×9).
        let allowed: Vec<Technique> = Order::HoDoKu
            .techniques()
            .iter()
            .chain(
                Technique::ALL
                    .iter()
                    .filter(|t| t.on_request() && tenths(t.se()) < CHAIN_MIN_TENTHS),
            )
            .copied()
            .filter(|t| !t.is_killer())
            .filter(|t| self.level.is_none_or(|l| t.level() <= l))
            .filter(|t| options.uniqueness || !t.needs_uniqueness())
            .collect();
        let floor = self.needs.map_or(0, lowest_step_tenths);
        let below_chains = step_tenths_below_chains(&allowed);
        let chains = allowed.iter().any(|t| tenths(t.se()) >= CHAIN_MIN_TENTHS);
        let hits = |t: u32| t >= floor && (lo..=hi).contains(&(t as f32 / 10.0));
        if below_chains.iter().any(|&t| hits(t)) || (chains && (CHAIN_MIN_TENTHS..=200).any(hits)) {
            return None;
        }
        let path = match (self.level, self.needs) {
            (Some(l), Some(t)) => format!("a path at level {l} that uses {t}"),
            (Some(l), None) => format!("a path at level {l}"),
            (None, Some(t)) => format!("a path that uses {t}"),
            (None, None) => "a path".to_string(),
        };
        let mut can: Vec<u32> = below_chains.into_iter().filter(|&t| t >= floor).collect();
        if chains {
            can.push(floor.max(CHAIN_MIN_TENTHS));
        }
        let (below, above) = can
            .iter()
            .partition::<Vec<u32>, _>(|&&t| (t as f32 / 10.0) < lo);
        let nearest: Vec<String> = [below.last(), above.first()]
            .into_iter()
            .flatten()
            .map(|&t| format!("{:.1}", t as f32 / 10.0))
            .collect();
        Some(format!(
            "{path} never rates within the SE range asked (nearest ratings it can have: {})",
            nearest.join(", ")
        ))
    }

    /// How far `rating` is from the target: 0 when it is hit, more the further it is (the
    /// generator climbs towards 0).
    pub fn distance(&self, rating: &Rating) -> f32 {
        let mut d = 0.0;
        if let Some(level) = self.level {
            // Where the rating sits on a continuous scale: its level, plus how far its
            // score is into that level's range (so the climb can tell a Hard puzzle near
            // Unfair from an easy Hard one).
            let at = index(rating.level) as f32 + position_in_level(rating);
            let want = index(level) as f32;
            d += (want - at).max(0.0) + (at - (want + 0.99)).max(0.0);
        }
        if let Some((lo, hi)) = self.se {
            d += (lo - rating.se).max(0.0) + (rating.se - hi).max(0.0);
        }
        if let Some(t) = self.needs {
            if !rating.techniques.contains_key(&t) {
                d += 1.0 + (t.se() - rating.se).max(0.0);
            }
        }
        if !rating.solved && d == 0.0 {
            // A path that stopped short: never a hit.
            d += 100.0;
        }
        d
    }
}

/// Cells a UR type 3's naked set takes beside the roofs, at most (`uniqueness.rs`).
const UR3_MAX_EXTRA: u32 = 3;

fn tenths(se: f32) -> u32 {
    (se * 10.0).round() as u32
}

/// The lowest rating a step of `t` can have, in tenths.
fn lowest_step_tenths(t: Technique) -> u32 {
    let own = tenths(t.se());
    let direct = direct_tenths(t).iter().copied().min().unwrap_or(own);
    own.min(direct).min(CHAIN_MIN_TENTHS)
}

/// Every rating below [`CHAIN_MIN_TENTHS`] a step of the `allowed` techniques can have, in
/// tenths, sorted: their own ratings, SE's direct ones, and the tenths that UR type 3
/// adds (one per extra cell of its naked set); with Sudoku Explainer's own rules (its
/// path on 9×9), unique loops 4.6–5.0 and BUG types 2–4 5.7–6.0 too.
fn step_tenths_below_chains(allowed: &[Technique]) -> Vec<u32> {
    let mut all = std::collections::BTreeSet::new();
    for &t in allowed {
        let own = tenths(t.se());
        all.insert(own);
        match t {
            Technique::UniqueLoop => all.extend(46..=50),
            Technique::BivalueUniversalGrave => all.extend(57..=60),
            _ => {}
        }
        all.extend(direct_tenths(t));
        if t == Technique::UniqueRectangle3 {
            all.extend(own + 1..=own + UR3_MAX_EXTRA);
        }
    }
    all.into_iter().filter(|&t| t < CHAIN_MIN_TENTHS).collect()
}

/// How far the score is into the level's range, 0 to 0.99 (Extreme: per 10,000 points).
fn position_in_level(rating: &Rating) -> f32 {
    let max = level_max_score(rating.level).unwrap_or(10_000) as f32;
    (rating.score as f32 / max).min(0.99)
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

/// [`rate`], stopping as soon as the path is sure to end above the target's level: a
/// step of a higher level, or a score above the level's maximum (levels only rise along
/// a path). A stopped rating has `solved == false` and a level above the target, which
/// is all the generator needs to know, and the hardest puzzles are the slowest to rate.
pub fn rate_towards(puzzle: &Grid, options: &Options, target: &Target) -> Rating {
    let rating = rate_sudokit_towards(puzzle, options, target);
    if target.se.is_none() {
        return rating;
    }
    // An SE target on 9×9 aims at SE's own rating, by SE's path.
    let board = Board::new(puzzle, None);
    rating.with_explainer(&board, &std::sync::atomic::AtomicUsize::new(0))
}

/// Does sudokit's path solve `puzzle` within `level` (no step of a harder technique, no
/// score above the level's maximum)? The rating when it does, else `None`: a search for
/// steps that stops at the last technique of the level (see
/// [`sudokit_logic::next_step_within`]), so a puzzle stuck below the level's techniques
/// costs no search of the harder ones.
pub fn rate_within(puzzle: &Grid, options: &Options, level: Level) -> Option<Rating> {
    let target = Target {
        level: Some(level),
        ..Target::default()
    };
    let rating = rate_path(puzzle, options, &target, Some(level));
    (rating.solved && rating.level <= level).then_some(rating)
}

/// [`rate_towards`] by sudokit's path alone.
fn rate_sudokit_towards(puzzle: &Grid, options: &Options, target: &Target) -> Rating {
    rate_path(puzzle, options, target, None)
}

/// [`rate_sudokit_towards`], searching for steps within `cut` only when it is given.
fn rate_path(puzzle: &Grid, options: &Options, target: &Target, cut: Option<Level>) -> Rating {
    let board = Board::new(puzzle, None);
    let Some(level) = target.level else {
        return sudokit_logic::rate(&board, &sudokit_logic::explain::solve(&board, options));
    };
    // A killer's level is its hardest step's alone (see `sudokit_logic::rating`).
    let scored = !puzzle.layout().is_killer();
    let max_score = level_max_score(level).filter(|_| scored).map(|m| {
        // As in the rating: thresholds are for 81 cells (score · 81 > max · cells).
        u64::from(m) * puzzle.layout().cell_count() as u64 / 81
    });
    let mut path = Path {
        steps: Vec::new(),
        board: board.clone(),
        solved: false,
    };
    let mut score = 0u64;
    let mut memo = Memo::new();
    while !path.board.is_solved() {
        let step = match cut {
            Some(level) => next_step_within(&path.board, options, level, &mut memo),
            None => next_step_with(&path.board, options, &mut memo),
        };
        let Some(step) = step else {
            break;
        };
        score += u64::from(step.technique.score());
        let above = step.technique.level() > level || max_score.is_some_and(|m| score > m);
        path.board.apply(&step);
        path.steps.push(step);
        if above {
            break;
        }
    }
    path.solved = path.board.is_solved();
    sudokit_logic::rate(&board, &path)
}
