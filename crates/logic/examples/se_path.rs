//! SE's own path on each puzzle of a file (`puzzle[:ER...]` lines): the estimate, the
//! file's ER when given, and the time per puzzle. `cargo run --release -p sudokit-logic
//! --example se_path -- FILE [LIMIT]`.

use std::time::Instant;

use sudokit_core::Grid;
use sudokit_logic::Board;

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let text = std::fs::read_to_string(&args[1]).expect("a readable file");
    let limit: usize = args
        .get(2)
        .map_or(usize::MAX, |s| s.parse().expect("a number"));
    for line in text
        .lines()
        .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
        .take(limit)
    {
        let mut fields = line.split(':');
        let puzzle = fields.next().expect("a puzzle");
        let er = fields.next().unwrap_or("-");
        let grid = Grid::from_line(puzzle).expect("a 9x9 puzzle");
        let t = Instant::now();
        let got = sudokit_logic::se::rate(&Board::new(&grid, None));
        let secs = t.elapsed().as_secs_f64();
        match got {
            Some(e) => println!("{er}\t{:.1}\t{}\t{secs:.3}", e.er as f64 / 10.0, e.steps),
            None => println!("{er}\t-\t-\t{secs:.3}"),
        }
    }
}
