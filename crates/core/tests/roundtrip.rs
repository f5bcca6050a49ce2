//! Every format round-trips: reading what a writer wrote gives the same grid, for every
//! grid size with boxes (4×4 to 25×25) and for jigsaw layouts.

use std::sync::Arc;

use proptest::prelude::*;
use sudokit_core::format::{write, ReadOptions, Reader};
use sudokit_core::rng::Rng;
use sudokit_core::{cage_sum_range, cages, BoxShape, Cage, Grid, Layout};

/// A grid of random values (not necessarily a valid sudoku: formats do not care), with
/// at least one given.
fn random_grid(layout: &Arc<Layout>, density: f64, rng: &mut Rng) -> Grid {
    let n = layout.side();
    let mut values: Vec<u8> = (0..n * n)
        .map(|_| {
            if rng.unit() < density {
                rng.below(n) as u8 + 1
            } else {
                0
            }
        })
        .collect();
    values[rng.below(n * n)] = rng.below(n) as u8 + 1;
    Grid::from_values(layout.clone(), values)
}

fn read_back(text: &str, layout: Option<&Arc<Layout>>) -> Grid {
    let opts = ReadOptions {
        layout: layout.cloned(),
        diagonals: false,
        killer: true,
    };
    let mut records = Reader::new(text.as_bytes(), opts);
    let grid = records
        .next()
        .expect("one record")
        .grid
        .unwrap_or_else(|e| panic!("{e}\n{text}"));
    assert!(records.next().is_none(), "one record only:\n{text}");
    grid
}

/// Every box shape R×C with 4 <= R·C <= 25 and R, C >= 2.
fn shapes() -> Vec<BoxShape> {
    (2..=12)
        .flat_map(|rows| (2..=12).map(move |cols| BoxShape { rows, cols }))
        .filter(|s| s.side() <= 25)
        .collect()
}

/// A writer of one format.
type Writer = fn(&Grid) -> String;

fn check_all_formats(grid: &Grid, fixed: Option<&Arc<Layout>>) {
    let formats: [(&str, Writer); 4] = [
        ("line", write::line),
        ("grid", write::grid),
        ("matrix", write::matrix),
        ("triples", write::triples),
    ];
    for (name, writer) in formats {
        // Triples carry no size, and inference would shrink a grid with no large digit.
        let layout = if name == "triples" {
            Some(grid.layout())
        } else {
            fixed
        };
        let text = writer(grid);
        assert_eq!(read_back(&text, layout), *grid, "format {name}:\n{text}");
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]

    #[test]
    fn boxed_grids_of_every_size(seed: u64, density in 0.0..1.0f64) {
        let mut rng = Rng::new(seed);
        for shape in shapes() {
            let layout = Arc::new(Layout::boxed(shape).unwrap());
            // A shape that is not the usual one for its side must be given, as --box does.
            let fixed = (BoxShape::for_side(shape.side()) != Some(shape)).then_some(&layout);
            check_all_formats(&random_grid(&layout, density, &mut rng), fixed);
        }
    }

    #[test]
    fn jigsaw_grids(seed: u64, density in 0.0..1.0f64) {
        let mut rng = Rng::new(seed);
        for n in [5usize, 6, 7, 9] {
            let mut table: Vec<char> = (0..n * n).map(|i| (b'A' + (i / n) as u8) as char).collect();
            rng.shuffle(&mut table);
            let layout = Arc::new(Layout::jigsaw(&table).unwrap());
            check_all_formats(&random_grid(&layout, density, &mut rng), Some(&layout));
        }
    }
}

/// `layout` with random cages (of 1 to `largest` cells) and random valid sums.
fn killer(layout: &Layout, largest: usize, rng: &mut Rng) -> Arc<Layout> {
    let n = layout.side();
    let cages = cages::carve(layout, largest, &[], rng)
        .into_iter()
        .map(|cells| {
            let (min, max) = cage_sum_range(cells.len(), n);
            let sum = min + rng.below((max - min + 1) as usize) as u32;
            Cage { cells, sum }
        })
        .collect();
    Arc::new(layout.clone().with_cages(cages).unwrap())
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(32))]

    /// Killers on boxes and jigsaws, with and without givens, with few cages (names of
    /// one symbol) and with many (names of two).
    #[test]
    fn killers(seed: u64, density in 0.0..0.5f64) {
        let mut rng = Rng::new(seed);
        let jigsaw = {
            let mut table: Vec<char> = (0..36).map(|i| (b'A' + (i / 6) as u8) as char).collect();
            rng.shuffle(&mut table);
            Layout::jigsaw(&table).unwrap()
        };
        let layouts = [Layout::for_side(4).unwrap(), Layout::classic(), jigsaw,
            Layout::for_side(16).unwrap()];
        for (layout, largest) in layouts.iter().zip([4, 6, 5, 2]) {
            let killer = killer(layout, largest, &mut rng);
            let fixed = layout.box_shape().is_none().then_some(layout);
            for density in [0.0, density] {
                let grid = random_grid(&killer, density, &mut rng);
                let grid = match density {
                    0.0 => Grid::from_values(killer.clone(), vec![0; killer.cell_count()]),
                    _ => grid,
                };
                let text = write::killer(&grid);
                let fixed = fixed.map(|l| Arc::new(l.clone()));
                let back = read_back(&text, fixed.as_ref());
                prop_assert_eq!(&back, &grid, "{}", text);
                prop_assert_eq!(back.layout(), grid.layout(), "{}", text);
            }
        }
    }
}

#[test]
fn empty_grids_round_trip_in_every_format() {
    // Triples list givens; an empty grid is written as its last cell with digit 0 (found
    // by fuzzing: it was written as nothing, which read back as no puzzle at all).
    for shape in shapes() {
        let layout = Arc::new(Layout::boxed(shape).unwrap());
        let n = layout.side();
        let empty = Grid::from_values(layout.clone(), vec![0; n * n]);
        check_all_formats(&empty, Some(&layout));
        assert_eq!(write::triples(&empty), format!("{n} {n} 0\n"));
        if BoxShape::for_side(n) == Some(shape) {
            // The usual shape of its side: the side is inferred from the blank triple.
            assert_eq!(read_back(&write::triples(&empty), None), empty);
        }
    }
}

#[test]
fn written_grid_snapshot_6x6() {
    let g = read_back("400001002300050030060040005400100005", None);
    assert_eq!(
        write::grid(&g),
        "\
+-------+-------+
| 4 . . | . . 1 |
| . . 2 | 3 . . |
+-------+-------+
| . 5 . | . 3 . |
| . 6 . | . 4 . |
+-------+-------+
| . . 5 | 4 . . |
| 1 . . | . . 5 |
+-------+-------+
"
    );
}
