//! Puzzles shared from f-puzzles and SudokuPad: their JSON and links read, what sudokit
//! writes in those forms read back, and every other rule refused by name.

use sudokit_core::format::{write, ErrorKind, ReadOptions, Reader, Record};
use sudokit_core::Grid;

fn read(text: &str, killer: bool) -> Vec<Record> {
    let opts = ReadOptions {
        killer,
        ..ReadOptions::default()
    };
    Reader::new(text.as_bytes(), opts).collect()
}

fn one(text: &str) -> Grid {
    let records = read(text, true);
    assert_eq!(records.len(), 1, "{text}");
    records[0]
        .grid
        .clone()
        .unwrap_or_else(|e| panic!("{e}\n{text}"))
}

fn error(text: &str) -> String {
    let records = read(text, true);
    assert_eq!(records.len(), 1, "{text}");
    records[0].grid.as_ref().expect_err(text).to_string()
}

/// Public f-puzzles links, made by f-puzzles itself (from an open-source variant
/// solver's tests): a lone given 1 at r1c1; two killer cages, 9 and 33, no givens.
const GIVEN_LINK: &str = "https://f-puzzles.com/?load=N4IgzglgXgpiBcBOANCA5gJwgEwQbT1ADcBDAGwFc54BGVNCImAOwQBcMqBfZYHv3vyGCRfALrJCwgTOlyJU0XKVKFsles1c1yrRu2S9R+Yd1nVp/Vdk7r58WK5A";
const KILLER_LINK: &str = "https://www.f-puzzles.com/?load=N4IgzglgXgpiBcBOANCA5gJwgEwQbT2AF9ljSSzKLryBdZQmq8l54+x1p7rjtn/nQaCR3PgIm9hk0UM6zR4rssX0QAawgAbLTAwBjAIZo48QiH0wdYfCABKARgDCDkKjsAmFyDUA3Q1oArqYgiCAUFlZaNmb2zh5ucU4AzImeTgnuXqnuyRk+qP5BIcmpRGqG+gAuEL4wTgD2AHZgVRiGEE1VMXggANLauhgABE7GcLREQA=";

#[test]
fn links_made_by_f_puzzles_are_read() {
    let g = one(GIVEN_LINK);
    assert_eq!(g.side(), 9);
    assert_eq!(g.to_line(), format!("1{}", ".".repeat(80)));
    assert!(g.layout().is_classic());

    let k = one(KILLER_LINK);
    let cages = k.layout().cages();
    assert_eq!(cages.len(), 2);
    let names: Vec<(String, u32)> = cages
        .iter()
        .map(|c| (k.layout().cell_name(c.cells[0]), c.sum))
        .collect();
    assert_eq!(names, [("r1c1".to_string(), 9), ("r1c2".to_string(), 33)]);
    assert_eq!(cages[1].cells.len(), 5);
    // Where killers are not read, the refusal is the one every killer gets.
    let refused = read(KILLER_LINK, false);
    assert!(matches!(
        refused[0].grid.as_ref().unwrap_err().kind,
        ErrorKind::KillerNotRead
    ));
    // The data alone, a SudokuPad link to it, and a URL-encoded copy read alike.
    let data = KILLER_LINK.split("load=").nth(1).unwrap();
    for form in [
        data.to_string(),
        format!("https://sudokupad.app/fpuzzles{data}"),
        format!("sudokupad.app/?puzzle=fpuzzles{data}&setting-nogrid=1"),
        format!("https://sudokupad.app/fpuzzles{data}?setting-nogrid=1"),
        format!(
            "https://www.f-puzzles.com/?load={}",
            data.replace('+', "%2B")
                .replace('/', "%2F")
                .replace('=', "%3D")
        ),
    ] {
        let again = one(&form);
        assert_eq!(again.layout().cages(), k.layout().cages(), "{form}");
    }
}

#[test]
fn what_sudokit_writes_for_f_puzzles_and_sudokupad_reads_back() {
    let examples = std::fs::read_to_string(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../../examples/killer.txt"
    ))
    .unwrap();
    let mut puzzles: Vec<Grid> = read(&examples, true)
        .into_iter()
        .map(|r| r.grid.unwrap())
        .collect();
    // A 6×6 jigsaw sudoku-X with givens, and a 16×16.
    const REGIONS: &str = "AAABBBAACCBBACCCBDDDDCEEFDDEEEFFFFFE";
    puzzles.push(one(&format!("1.2{} {REGIONS}", ".".repeat(33))));
    let jigsaw_x = sudokit_core::Layout::from_regions_str(REGIONS)
        .unwrap()
        .with_diagonals();
    puzzles.push(Grid::from_values(jigsaw_x.into(), vec![0; 36]));
    puzzles.push(one(&format!("G{}", ".".repeat(255))));
    assert!(puzzles.len() >= 5);
    for p in &puzzles {
        for text in [write::fpuzzles(p), write::sudokupad_link(p)] {
            let back = one(&text);
            assert_eq!(back.values(), p.values(), "{text}");
            assert_eq!(back.layout().cages(), p.layout().cages(), "{text}");
            assert_eq!(back.layout().region_table(), p.layout().region_table());
            assert_eq!(back.layout().has_diagonals(), p.layout().has_diagonals());
            assert_eq!(back.layout().is_classic(), p.layout().is_classic());
        }
    }
    assert!(write::sudokupad_link(&puzzles[0]).starts_with("https://sudokupad.app/fpuzzlesN4Ig"));
}

#[test]
fn json_over_several_lines_with_colours_and_drawings_is_one_puzzle() {
    let text = r##"# from f-puzzles, pretty-printed
{
  "size": 4,
  "title": "Killer #1",
  "author": "someone",
  "grid": [
    [{"value": 1, "given": true}, {}, {"value": 4}, {}],
    [{}, {"centerPencilMarks": [1, 2]}, {}, {}],
    [{}, {}, {}, {"highlight": "#FF0000"}],
    [{}, {}, {}, {}]
  ],
  "killercage": [{"cells": ["R1C1", "R1C2"], "value": "3", "outlineC": "#000000"}],
  "text": [{"cells": ["R4C4"], "value": "}"}],
  "diagonal+": false
}
1...............
"##;
    let records = read(text, true);
    assert_eq!(records.len(), 2);
    assert_eq!(records[0].line, 2);
    let g = records[0].grid.as_ref().unwrap();
    // A value without "given" is a player's digit, not a given.
    assert_eq!(g.to_line(), format!("1{}", ".".repeat(15)));
    assert_eq!(g.layout().cages().len(), 1);
    assert_eq!(records[1].line, 16);
    assert!(records[1].grid.is_ok());
}

#[test]
fn other_rules_and_bad_data_are_refused_saying_why() {
    let grid = |n: usize| {
        let row = format!("[{}]", vec!["{}"; n].join(","));
        format!("[{}]", vec![row; n].join(","))
    };
    let g9 = grid(9);
    let cases: Vec<(String, &str)> = vec![
        (
            format!(r#"{{"size":9,"grid":{g9},"thermometer":[{{"lines":[["R1C1","R1C2"]]}}],"antiknight":true}}"#),
            "thermometers (\"thermometer\"), anti-knight (\"antiknight\"), which sudokit does not read",
        ),
        (
            format!(r#"{{"size":9,"grid":{g9},"diagonal+":true}}"#),
            "one diagonal (\"diagonal+\"): sudokit's sudoku-X has both",
        ),
        (
            format!(r#"{{"size":9,"grid":{g9},"killercage":[{{"cells":["R1C1","R1C2"]}}]}}"#),
            "the killer cage at r1c1 has no total",
        ),
        (
            format!(r#"{{"size":9,"grid":{g9},"killercage":[{{"cells":["R1C1","R10C2"],"value":"5"}}]}}"#),
            "killer cage 1 names the cell \"R10C2\", not one of a 9×9 grid",
        ),
        (
            format!(r#"{{"size":9,"grid":{g9},"killercage":[{{"cells":["R1C1","R1C2"],"value":"18"}}]}}"#),
            "the 2-cell cage at r1c1 has sum 18",
        ),
        (
            format!(r#"{{"size":9,"grid":{g9},"killercage":[{{"cells":["R1C1","R1C2"],"value":"5"}},{{"cells":["R1C2","R1C3"],"value":"5"}}]}}"#),
            "r1c2",
        ),
        (
            format!(r#"{{"size":3,"grid":{}}}"#, grid(3)),
            "size 3: sudokit's grids are 4×4 to 25×25",
        ),
        (
            format!(r#"{{"size":9,"grid":{}}}"#, grid(8)),
            "its grid has 8 rows where size 9 needs 9",
        ),
        (
            format!(r#"{{"size":9,"grid":{}}}"#, grid(9).replacen("{}", r#"{"value":12,"given":true}"#, 1)),
            "r1c1 holds 12, which is not a digit from 1 to 9",
        ),
        (
            format!(r#"{{"size":9,"grid":{}}}"#, grid(9).replacen("{}", r#"{"region":0}"#, 1).replacen("{}", r#"{"region":0}"#, 4)),
            "its regions",
        ),
        (format!(r#"{{"size":9,"grid":{g9}"#), "does not close"),
        (r#"{"size":9,"grid":]}"#.to_string(), "is not JSON"),
        (
            "https://sudokupad.app/scl/N4IgzglgXgpiBcBOA".to_string(),
            "SudokuPad's own format",
        ),
        ("https://sudokupad.app/abc123xyz".to_string(), "short SudokuPad link"),
        ("https://f-puzzles.com/?load=N4Ig!!!".to_string(), "not base64"),
        ("N4IgzglgXgpiBcBOANCA5gJwgEwQbT1A".to_string(), "cannot be unpacked"),
    ];
    for (text, words) in cases {
        let e = error(&text);
        assert!(e.contains(words), "{e}\n  wanted: {words}\n  for: {text}");
    }
}

#[test]
fn a_bad_shared_puzzle_does_not_stop_the_batch() {
    let text = format!(
        "{}\nhttps://sudokupad.app/abc\n{KILLER_LINK}\n{}\n",
        r#"{"size":9,"grid":[],"arrow":[{"lines":[["R1C1","R1C2"]],"cells":["R1C1"]}]}"#,
        ".".repeat(81)
    );
    let records = read(&text, true);
    let ok: Vec<bool> = records.iter().map(|r| r.grid.is_ok()).collect();
    assert_eq!(ok, [false, false, true, true]);
    let lines: Vec<usize> = records.iter().map(|r| r.line).collect();
    assert_eq!(lines, [1, 2, 3, 4]);
    assert!(records[0]
        .grid
        .as_ref()
        .unwrap_err()
        .to_string()
        .contains("arrows (\"arrow\")"));
}
