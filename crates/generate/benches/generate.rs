//! Generation throughput: minimal 9×9 puzzles, symmetric ones, and a level target.

use std::sync::Arc;

use criterion::{criterion_group, criterion_main, Criterion};
use sudokit_core::rng::Rng;
use sudokit_core::Layout;
use sudokit_generate::{Generator, Request, Shape, Symmetry};

fn bench(c: &mut Criterion) {
    let classic = Shape::Fixed(Arc::new(Layout::classic()));
    let mut group = c.benchmark_group("generate");
    for symmetry in [Symmetry::None, Symmetry::Rot180] {
        let generator = Generator::new(Request {
            symmetry,
            ..Request::new(classic.clone())
        });
        let mut rng = Rng::new(1);
        group.bench_function(format!("9x9 minimal {symmetry}"), |b| {
            b.iter(|| generator.generate(&mut rng).expect("9x9 has solutions"))
        });
    }
    group.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);
