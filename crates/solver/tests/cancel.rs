//! Every engine stops soon after its cancel token is cancelled: counts that would run for
//! years (every solution of an empty grid) end within a second of a 100 ms deadline, not
//! complete, with the token saying why; a token cancelled from another thread stops a
//! search under way; a count left alone is unchanged.

use std::sync::Arc;
use std::time::{Duration, Instant};

use sudokit_core::cancel::Cancel;
use sudokit_core::{Grid, Layout};
use sudokit_solver::{count_until, count_with, Engine};

fn empty(side: usize) -> Grid {
    let layout = Arc::new(Layout::for_side(side).expect("a layout"));
    Grid::empty(layout)
}

/// Counts `grid` to a limit no search reaches, under a 100 ms deadline.
fn stops(grid: &Grid, engine: Engine) {
    let token = Cancel::until(Instant::now() + Duration::from_millis(100));
    let start = Instant::now();
    let out = count_until(grid, u64::MAX, engine, &token).expect("no conflict");
    let took = start.elapsed();
    assert!(
        !out.complete,
        "{engine:?}: a cancelled count is not complete"
    );
    assert!(token.is_cancelled(), "{engine:?}");
    assert!(
        took < Duration::from_secs(1),
        "{engine:?} on {}x{0}: stopped after {took:?}",
        grid.layout().side()
    );
}

#[test]
fn every_engine_stops_at_its_deadline() {
    for engine in [Engine::Auto, Engine::Search, Engine::Classic] {
        stops(&empty(9), engine);
    }
    for engine in [Engine::Auto, Engine::Search, Engine::Learning] {
        stops(&empty(16), engine);
        stops(&empty(25), engine);
    }
}

#[test]
fn a_token_cancelled_from_another_thread_stops_the_search() {
    let token = Cancel::new();
    let worker = {
        let token = token.clone();
        std::thread::spawn(move || count_until(&empty(25), u64::MAX, Engine::Auto, &token))
    };
    std::thread::sleep(Duration::from_millis(50));
    let start = Instant::now();
    token.cancel();
    let out = worker.join().expect("no panic").expect("no conflict");
    assert!(!out.complete);
    assert!(
        start.elapsed() < Duration::from_secs(1),
        "{:?}",
        start.elapsed()
    );
}

#[test]
fn a_count_that_is_not_cancelled_is_unchanged() {
    let puzzle = Grid::from_line(
        "003000100100400000000200000000000050007036000000000042200000000000070900580010000",
    )
    .expect("a puzzle");
    let token = Cancel::new();
    for engine in [Engine::Auto, Engine::Search, Engine::Learning] {
        let plain = count_with(&puzzle, 2, engine).expect("no conflict");
        let watched = count_until(&puzzle, 2, engine, &token).expect("no conflict");
        assert_eq!(plain, watched, "{engine:?}");
        assert!(watched.complete && watched.count == 1);
    }
}
