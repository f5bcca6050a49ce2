//! The generator: arbitrary combinations of layout, method, symmetry, clue count,
//! difficulty target and try budget. Each gives a puzzle with one solution that meets
//! what it promises, or an error saying why not, and within the try budget: never a
//! hang.
#![no_main]

use std::sync::Arc;
use std::time::Duration;

use arbitrary::Arbitrary;
use libfuzzer_sys::fuzz_target;
use sudokit_core::rng::Rng;
use sudokit_core::{BoxShape, Layout};
use sudokit_generate::{complete_grid, Generator, Method, Request, Shape, Symmetry, Target};
use sudokit_logic::{Level, Options, Technique};

#[derive(Arbitrary, Debug)]
struct Input {
    seed: u64,
    /// 4×4, 6×6, 8×8 or 9×9 boxes, or a jigsaw of side 4 to 9.
    side: u8,
    jigsaw: bool,
    diagonals: bool,
    method: u8,
    symmetry: u8,
    clues: Option<u8>,
    level: Option<u8>,
    se: Option<(u8, u8)>,
    needs: Option<u16>,
    uniqueness: bool,
    /// Candidate puzzles tried for a target: 1 to 8.
    budget: u8,
    /// A complete grid instead of a puzzle.
    grid: bool,
}

/// How much processor time one try may take in this build (instrumented, with debug
/// assertions: about 7 to 20 times the release build's time). The slowest layout, a
/// 9×9 jigsaw with diagonals, takes up to about 0.7 s a try in release when the target
/// needs forcing nets (nested twice on a layout without the 9×9 engine), about 5 s
/// here; but one found on 2026-11-28 (a jigsaw with diagonals, 8 clues asked, Remote
/// Pair needed, budget 2) took 6.6 s in release and 49 s here, the generic search of
/// its sparse grids most of it: about 20 s a try. So a call over `PER_TRY` times its
/// budget, plus one for the layout, is a hang. Processor time, not wall time: fuzzing
/// shares the machine with other runs.
const PER_TRY: Duration = Duration::from_secs(25);

/// The processor time this process has used.
fn cpu_time() -> Duration {
    let mut t = libc::timespec {
        tv_sec: 0,
        tv_nsec: 0,
    };
    // SAFETY: `t` is a valid timespec for the call to fill.
    let ok = unsafe { libc::clock_gettime(libc::CLOCK_PROCESS_CPUTIME_ID, &mut t) } == 0;
    assert!(ok, "the process clock is readable");
    Duration::new(t.tv_sec as u64, t.tv_nsec as u32)
}

fuzz_target!(|input: Input| {
    let request = request(&input);
    // A replay with FUZZ_VERBOSE set shows the request.
    if std::env::var_os("FUZZ_VERBOSE").is_some() {
        eprintln!("{input:?}\n{request:?}");
    }
    let mut rng = Rng::new(input.seed);
    let bound = PER_TRY * (request.budget as u32 + 1);
    let began = cpu_time();
    if input.grid {
        if let Ok(grid) = complete_grid(&request, &mut rng) {
            assert!(grid.is_solved(), "not a solution: {}", grid.to_line());
        }
        let took = cpu_time() - began;
        assert!(took < bound, "a grid took {took:?}");
        return;
    }
    let target = request.target.clone();
    let contradiction = target.contradiction(&request.options);
    let result = Generator::new(request).generate(&mut rng);
    let took = cpu_time() - began;
    assert!(took < bound, "a puzzle took {took:?} of processor time");
    let Ok(made) = result else {
        return;
    };
    assert!(
        contradiction.is_none(),
        "a puzzle for an impossible target ({contradiction:?}): {}",
        made.puzzle.to_line()
    );
    let outcome = sudokit_solver::count(&made.puzzle, 2).expect("no conflict");
    assert_eq!(outcome.count, 1, "not unique: {}", made.puzzle.to_line());
    assert!(made.puzzle.is_filled_by(&made.solution));
    assert!(made.solution.is_solved());
    if target.is_set() {
        let rating = made.rating.as_ref().expect("a rating for a target");
        if let Some(level) = target.level {
            assert_eq!(rating.level, level, "{}", made.puzzle.to_line());
        }
        if let Some((lo, hi)) = target.se {
            assert!(
                (lo..=hi).contains(&rating.se),
                "SE {} outside {lo}-{hi}",
                rating.se
            );
        }
        if let Some(t) = target.needs {
            assert!(rating.techniques.contains_key(&t), "{t} not used");
        }
    }
});

fn request(input: &Input) -> Request {
    let side = [4, 6, 8, 9][usize::from(input.side % 4)];
    let shape = if input.jigsaw {
        Shape::Jigsaw {
            side: 4 + usize::from(input.side % 6),
            diagonals: input.diagonals,
        }
    } else {
        let shape = BoxShape::for_side(side).expect("boxes for 4, 6, 8, 9");
        let layout = Layout::boxed(shape).expect("a box shape");
        let layout = if input.diagonals {
            layout.with_diagonals()
        } else {
            layout
        };
        Shape::Fixed(Arc::new(layout))
    };
    let mut request = Request::new(shape);
    request.method = match input.method % 3 {
        0 => Method::Random,
        1 => Method::Uniform,
        _ => Method::Shuffle,
    };
    let symmetry = usize::from(input.symmetry) % (Symmetry::ALL.len() + 1);
    request.random_symmetry = symmetry == Symmetry::ALL.len();
    request.symmetry = Symmetry::ALL[symmetry % Symmetry::ALL.len()];
    request.clues = input.clues.map(usize::from);
    request.target = Target {
        level: input
            .level
            .map(|l| Level::ALL[usize::from(l) % Level::ALL.len()]),
        se: input.se.map(|(a, b)| {
            let (lo, hi) = (f32::from(a.min(b)) / 10.0, f32::from(a.max(b)) / 10.0);
            (lo, hi)
        }),
        needs: input
            .needs
            .map(|t| Technique::ALL[usize::from(t) % Technique::ALL.len()]),
    };
    request.options = Options {
        uniqueness: input.uniqueness,
        ..Options::default()
    };
    request.budget = 1 + u64::from(input.budget % 8);
    request
}
