//! Criterion benchmarks: the uniqueness check (count to 2) on the shared data sets
//! (`../shared/data/bench`, tdoku's benchmark files), one group per set: the 9×9 engine
//! on every instruction-set level this CPU has, and the generic engine as a yardstick.
//!
//! The sets are large, so each iteration solves a fixed sample (the first 2,000 puzzles
//! of a set, in file order); `sudokit bench` times whole files.

use sudokit_testdata::sample;

use criterion::{criterion_group, criterion_main, BenchmarkId, Criterion, Throughput};
use sudokit_core::Grid;
use sudokit_solver::{count_solutions_on, count_with, Engine, Level};

/// A way to count: a label and a function from a puzzle to its solution count.
type Counter = (String, Box<dyn Fn(&Grid) -> u64>);

fn counters() -> Vec<Counter> {
    let mut all: Vec<Counter> = Level::supported()
        .into_iter()
        .map(|level| {
            let count: Box<dyn Fn(&Grid) -> u64> =
                Box::new(move |g| count_solutions_on(g, 2, level).unwrap().0);
            (format!("9x9-{}", level.name()), count)
        })
        .collect();
    all.push((
        "generic".to_string(),
        Box::new(|g| count_with(g, 2, Engine::Search).unwrap().count),
    ));
    all
}

fn bench_set(c: &mut Criterion, name: &str, file: &str) {
    let grids = sample(file, 2_000);
    let mut group = c.benchmark_group(name);
    group.throughput(Throughput::Elements(grids.len() as u64));
    group.sample_size(10);
    for (label, count) in counters() {
        group.bench_function(BenchmarkId::new(label, grids.len()), |b| {
            b.iter(|| grids.iter().map(&count).sum::<u64>())
        });
    }
    group.finish();
}

fn engines(c: &mut Criterion) {
    bench_set(c, "17-clue", "puzzles2_17_clue.txt");
    bench_set(c, "top1465", "puzzles3_magictour_top1465.txt");
    bench_set(c, "hardest", "puzzles6_forum_hardest_1106.txt");
}

criterion_group!(benches, engines);
criterion_main!(benches);
