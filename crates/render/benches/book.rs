//! Criterion benchmarks of books, on puzzles of the shared data sets:
//! - a 100-puzzle book with labels and solution pages, to PDF;
//! - a 10-puzzle book with worked solutions, to PDF.
//!
//! Each group also times rating the same puzzles (solving them logically and rating the
//! path: the work a book's labels need anyway), as a yardstick measured in the same run:
//! these machines are shared, so compare the ratio book / rate, not the times.

use sudokit_testdata::sample;

use criterion::{criterion_group, criterion_main, BenchmarkId, Criterion};
use sudokit_core::Grid;
use sudokit_logic::{rate, solve, Board, Options, Rating};
use sudokit_render::book::{pages, Book, Entry, Paper};
use sudokit_render::output;

fn rating(grid: &Grid) -> Rating {
    let board = Board::new(grid, None);
    rate(&board, &solve(&board, &Options::default()))
}

/// What `sudokit print` does for one puzzle: solve it, rate it, keep the path if worked.
fn entry(grid: &Grid, worked: bool) -> Entry {
    let solution = sudokit_solver::count(grid, 2).unwrap().solution;
    let board = Board::new(grid, None);
    let path = solve(&board, &Options::default());
    Entry {
        puzzle: grid.clone(),
        solution,
        rating: Some(rate(&board, &path)),
        path: worked.then_some((board, path)),
    }
}

fn book_pdf(grids: &[Grid], worked: bool, per_page: usize) -> usize {
    let entries: Vec<Entry> = grids.iter().map(|g| entry(g, worked)).collect();
    let book = Book {
        paper: Paper::A4,
        per_page,
        title: Some("Benchmark".into()),
        labels: sudokit_render::book::Labels::Full,
        solutions: !worked,
        lesson: None,
    };
    let pages = pages(&entries, &book).unwrap();
    output::pdf(&pages.svgs, book.title.as_deref())
        .unwrap()
        .len()
}

fn group(c: &mut Criterion, name: &str, grids: &[Grid], worked: bool, per_page: usize) {
    let mut group = c.benchmark_group(name);
    group.sample_size(10);
    let n = grids.len();
    group.bench_function(BenchmarkId::new("book-pdf", n), |b| {
        b.iter(|| book_pdf(grids, worked, per_page))
    });
    group.bench_function(BenchmarkId::new("rate-yardstick", n), |b| {
        b.iter(|| grids.iter().map(|g| rating(g).score).sum::<u32>())
    });
    group.finish();
}

fn benches(c: &mut Criterion) {
    let hundred = sample("puzzles2_17_clue.txt", 100);
    group(c, "book-100-with-solutions", &hundred, false, 6);
    let ten = sample("puzzles3_magictour_top1465.txt", 10);
    group(c, "book-10-worked", &ten, true, 2);
}

criterion_group!(benches_group, benches);
criterion_main!(benches_group);
