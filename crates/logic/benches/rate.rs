//! Criterion benchmarks: rating (the full logical path, then the rating) on samples of the
//! shared data sets, with the solver's uniqueness check on the same sample as a yardstick
//! measured in the same run (these machines are shared: compare ratios, not times).
//!
//! `sudokit rate --threads 1 FILE` times whole files.

use sudokit_testdata::sample;

use criterion::{criterion_group, criterion_main, BenchmarkId, Criterion, Throughput};
use sudokit_core::Grid;
use sudokit_logic::{rate, solve, Board, Options};

fn rate_one(grid: &Grid) -> u32 {
    let board = Board::new(grid, None);
    let path = solve(&board, &Options::default());
    rate(&board, &path).score
}

fn bench_set(c: &mut Criterion, name: &str, file: &str, n: usize) {
    let grids = sample(file, n);
    let mut group = c.benchmark_group(name);
    group.throughput(Throughput::Elements(grids.len() as u64));
    group.sample_size(10);
    group.bench_function(BenchmarkId::new("rate", grids.len()), |b| {
        b.iter(|| grids.iter().map(rate_one).sum::<u32>())
    });
    group.bench_function(BenchmarkId::new("unique-check", grids.len()), |b| {
        b.iter(|| {
            grids
                .iter()
                .map(|g| sudokit_solver::count(g, 2).unwrap().count)
                .sum::<u64>()
        })
    });
    group.finish();
}

fn benches(c: &mut Criterion) {
    bench_set(c, "17-clue", "puzzles2_17_clue.txt", 500);
    bench_set(c, "top1465", "puzzles3_magictour_top1465.txt", 200);
    bench_set(c, "hardest", "puzzles6_forum_hardest_1106.txt", 20);
}

criterion_group!(rating, benches);
criterion_main!(rating);
