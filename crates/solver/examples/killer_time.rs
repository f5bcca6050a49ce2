//! Counts each killer of a file to 2 on one thread and prints its guesses and time:
//! `cargo run --release -p sudokit-solver --example killer_time -- FILE`.

use std::time::Instant;

use sudokit_core::format::{ReadOptions, Reader};

fn main() {
    let path = std::env::args().nth(1).expect("usage: killer_time FILE");
    let file = std::fs::File::open(&path).expect("the file opens");
    let opts = ReadOptions {
        killer: true,
        ..ReadOptions::default()
    };
    let (mut total, mut guesses) = (0.0, 0);
    for record in Reader::new(std::io::BufReader::new(file), opts) {
        let Ok(grid) = record.grid else {
            eprintln!("line {}: not read", record.line);
            continue;
        };
        let start = Instant::now();
        let out = sudokit_solver::count(&grid, 2).expect("no conflict among the givens");
        let secs = start.elapsed().as_secs_f64();
        total += secs;
        guesses += out.guesses;
        println!(
            "line {:>4}: {} solution(s), {:>9} guesses, {:>8.3} s",
            record.line, out.count, out.guesses, secs
        );
    }
    println!("total: {guesses} guesses, {total:.3} s");
}
