//! The reader: arbitrary bytes, with or without a fixed box shape, diagonals and killer
//! cages. Every puzzle is read or gets an error located inside the input (a line that
//! exists, a column on it); what the writers write of a puzzle reads back as the same
//! puzzle (a killer's cages too).
#![no_main]

use std::sync::Arc;

use arbitrary::Arbitrary;
use libfuzzer_sys::fuzz_target;
use sudokit_core::format::{write, ReadOptions, Reader};
use sudokit_core::{BoxShape, Grid, Layout};

#[derive(Arbitrary, Debug)]
struct Input {
    /// A fixed box shape (`--box RxC`), rows and columns 2..=5 each, or none.
    shape: Option<(u8, u8)>,
    diagonals: bool,
    killer: bool,
    text: Vec<u8>,
}

fuzz_target!(|input: Input| {
    let layout = input.shape.map(|(r, c)| {
        let shape = BoxShape {
            rows: 2 + usize::from(r % 4),
            cols: 2 + usize::from(c % 4),
        };
        Arc::new(Layout::boxed(shape).expect("a box shape of 2..=5 by 2..=5"))
    });
    let opts = ReadOptions {
        layout,
        diagonals: input.diagonals,
        killer: input.killer,
    };
    let lines = line_lengths(&input.text);
    for record in Reader::new(&input.text[..], opts) {
        match &record.grid {
            Err(e) => {
                // An I/O error cannot happen on a slice; every other error is located.
                assert!(
                    (1..=lines.len().max(1)).contains(&e.line),
                    "{e}: line outside the input ({} lines)",
                    lines.len()
                );
                if let Some(column) = e.column {
                    let len = lines.get(e.line - 1).copied().unwrap_or(0);
                    assert!(
                        (1..=len + 1).contains(&column),
                        "{e}: column outside line {} ({len} characters)",
                        e.line
                    );
                }
            }
            Ok(grid) => {
                assert!((1..=lines.len().max(1)).contains(&record.line));
                reads_back(grid);
            }
        }
    }
});

/// The length in characters of each input line, as the reader sees it (split at `\n`,
/// `\r` dropped at the end, invalid UTF-8 replaced, a byte-order mark dropped).
fn line_lengths(text: &[u8]) -> Vec<usize> {
    let mut lines: Vec<&[u8]> = text.split(|&b| b == b'\n').collect();
    if text.ends_with(b"\n") {
        lines.pop();
    }
    lines
        .iter()
        .enumerate()
        .map(|(i, l)| {
            let s = String::from_utf8_lossy(l);
            let s = s.trim_end_matches(['\n', '\r']);
            let s = if i == 0 {
                s.trim_start_matches('\u{feff}')
            } else {
                s
            };
            s.chars().count()
        })
        .collect()
}

/// Each writer's text of `grid`, read on the grid's own layout, is `grid`.
fn reads_back(grid: &Grid) {
    type Writer = fn(&Grid) -> String;
    let writers: [(&str, Writer); 4] = [
        ("line", write::line),
        ("grid", write::grid),
        ("matrix", write::matrix),
        ("triples", write::triples),
    ];
    for (name, writer) in writers {
        let text = writer(grid);
        let opts = ReadOptions {
            layout: Some(grid.layout().clone()),
            diagonals: false,
            killer: false,
        };
        let mut back = Reader::new(text.as_bytes(), opts);
        let first = back
            .next()
            .unwrap_or_else(|| panic!("format {name} reads back as nothing:\n{text}"));
        let read = first
            .grid
            .unwrap_or_else(|e| panic!("format {name} does not read back: {e}\n{text}"));
        assert_eq!(&read, grid, "format {name} reads back otherwise:\n{text}");
        assert!(
            back.next().is_none(),
            "format {name} reads back as two:\n{text}"
        );
    }
    if grid.layout().is_killer() {
        let text = write::killer(grid);
        let opts = ReadOptions {
            layout: Some(std::sync::Arc::new(grid.layout().without_cages())),
            diagonals: false,
            killer: true,
        };
        let mut back = Reader::new(text.as_bytes(), opts);
        let read = back
            .next()
            .and_then(|r| r.grid.ok())
            .unwrap_or_else(|| panic!("the killer does not read back:\n{text}"));
        assert_eq!(&read, grid, "the killer reads back otherwise:\n{text}");
        assert!(
            back.next().is_none(),
            "the killer reads back as two:\n{text}"
        );
    }
}
