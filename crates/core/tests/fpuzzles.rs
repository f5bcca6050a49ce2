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
        ("https://sudokupad.app/abc123xyz".to_string(), "short SudokuPad link"),
        ("https://f-puzzles.com/?load=N4Ig!!!".to_string(), "not base64"),
        ("N4IgzglgXgpiBcBOANCA5gJwgEwQbT1A".to_string(), "cannot be unpacked"),
    ];
    for (text, words) in cases {
        let e = error(&text);
        assert!(e.contains(words), "{e}\n  wanted: {words}\n  for: {text}");
    }
}

/// SudokuPad's own links (`sudokupad.app/scl…`), in its compact form (keys shortened,
/// `'` for quotes, empty cells left out of their rows). These two were written for
/// this test from the form's public description and compressed with the `lzstring`
/// package from PyPI: `examples/killer.txt`'s first killer with givens 6 at r1c1 and 4
/// at r9c9 (its metadata, a cage that holds only a title, cage colours); a 6×6 jigsaw
/// sudoku-X whose diagonals are lines drawn corner to corner.
const SCL_KILLER: &str = "https://sudokupad.app/sclN4SwJgXA5AzgrmA9gaxAFwLQFMAeBDAWwAcAbLKAGgKzTzD1omDWgFF9iyACVEsgJ0p44aABaJ+0eElRpK/OGRjQAchIJ4SXaSjhcFSrniKkAngDouAERABzdDC5IAdgB0oafViJYGXEM5GXADGeLZY5lAAvhTBygBsACyxWBAA2mnAAG4Q8TEUBYUUALoUaUVFpeUVBVU1tWX1JY31da0tNW012RCJUcWl/KkZaQAMFKNV4wCMUxQATFXTE0sUs2XLi2XzK9trVTuLVWMUAMxziXMArKvnGxSX9zd7d2k7j28UN8fj8XMA7HMAByrP73QH3EF7MGfCGfEHHU67NJI9YohZVZKTMrJNHJLZpK7IoloolHMro15Ij5I55pZKvZIfZJ0omvIkfInfClImFIuFIqH0igw5Jw5JCokwolwokIinxZGKtGKgn/ZHqtHqglA5G6tG68kZRWvRUfRV09WvdUfdV03WvXUfXXc40iqqKuGKoXqmHquHqoW6mG6uG6hGlULpHoedBkCBcdiEUhYHggPhYQQxYDBYYnbEnNHLSalHLTZbBaYQADEo2zufSJwJyyLGPu51LEGmusrNbrFBzefGr3GH3GdOWH2W3Jy8wAnLEq7X60P3WVxnDxvKyzte8uBw2MssYTs6TsTxQBe7O/Nxnv+4PG8s4ctt12ifeV42dgWkSWKGWH5Lg+h6fGiqIDABXYVsBX4ZIcVRIgSSIdlB3aLn2cGfK87yQWWMGYQeeY7EK/KIRQb7TMkn5EY21LkTOuQYfuj4ZFimL7DiGKdtMSI0axwqoTkQGEQJTJVByHoPHh77MSBeYshx0pfFJjHzIq/GgWKHGUXesG0RkRIFiSMnTLu+kCWSElnFJ5KAXJWFStZgI8XpomgXKUm6Q5BlpIqBbKjJC6aXmJpVFapnURZoGKjCnoyVF7l5uqBaalUuoFvq6XcVB8x8dFyU5TkiUsaBNrhSpZS+qZPYFY2/oVZRBGlXmDrZc6Kk8flSWNsG2VhhRpndcuxRREAA=";
const SCL_JIGSAW_X: &str = "https://sudokupad.app/sclN4YwpgXA2lwG4QIwF8A0r4QExvQXVSnWIKONVPIsKsvLwICdIYoAGVN0jxb1LUok6DUvQlmGl2qAMx8ALHwCsIxYSErxqRVKED1s0hLFQJ+04cIzDUiZqjWuV0aWvn5Lwh4FTrah6j2HnJe2qQe9kqBDIRQHk5QUQlRJlHmUSGJYTEANtDAAO4ADtDSCQBsqOUxIBAA5ADEMvIAQi0AouUAgmx1qAAuABYQ8miFJTAc1YSVXAS1jc1tnT19QyPIeMhAA";
/// Marty Sears' "Parity Fish" as SudokuPad's own link, made by Sudoku Maker (from the
/// README of SakanaAI/Sudoku-Bench): its red lines are a background picture, its white
/// and black dots overlays.
const SCL_PARITY_FISH: &str = "sclN4SwJgXA5AzgHjAtgfQLIEMBOAXAngZQFMsZkBWADgAYBjANgDMwAjV9ATmYeasIHYAjOkID2VACziGVAExhxNKABpEhbOjDp1EYDAD2AV0w1C0fAbB6A1gYAEGK4Uy2AbjNlkAdLM8zxAWhoaBjJ0CjpldANsAAs9TGgMHFxbIhJlTAMAG0IYaAA5eMR0LNsYC2s7TJyYW3QAB3qs3ABuWwYQLNLYwlsAc0xwWwB3EFjbHtswED6x2oF/djK9CZitKZm5qb0AOwAdKGxbTEJ64iOQHbqdlMw9YaVbGj0sg0Qdx/QdsFtizEcfgBmOCA2zMPRwTx7HYAFWGKxMXVqGgAVugTDsjiVdn06sdCD8spdeogDDAjs9MehLrZdr1CC5CFdprMsd9aTtenowD8WWMobD4U9CEinrtOTRsASwSl0CMYmNepYKbt1DTKTBCDRoiBGRtWTABXCESKsrVKRKpT9mLKwVl0VZtiqqTS+dhasMYk4uZzbCBapYDMwcqsuT1MJ5lPpXtgQLtoBQyOJAXR2AI+DJ2Hw6DIyAIKIDxAIZIW+BR2GQ6EWKxQS3Q+JXy4C+OIZMXmwJxHQyOwKGXK+xWwIU2na83xGRCzJBI32MpmLNin1TFAYthsPU8gB6LcgTwgRB9IyeZ6ILc7QEgADy2HE+U8KLOfXni/Qy709XRY1wEAESmw0AAApYN+tgAGL+jEUAAL5KCYEAANoIUoKGoShAC6SjIWhqGYdhOFKHhBEYVhxGEaRxFEZRFEEVRtGYSciFIVQShUHhLECOxSgyHhf5sVhf6cQJ3F4TIrGiUoQkIWJPF4QhLGAlx4hcWQvFKIpwnKcJqlYWJGnSUoWkGapcksXQXF8FxFBqeZwmWcJ1m6UotkGfZBnWXJgLiVhXlSV5PFYeI3kIUFUlBQFCFkMFUVSVFslYQhXn6V5RleTpIXqXhQVGUF6VRfpUVGVFJkJV5LleW5XmORlLlBW5QXVVFLlRW5UUeQldDBZ1UmdRFfDBf1Un9RFFDBaNUmjfFSGdfpnVGZ16X9fp/VGf16Wjfpo1GaNJXTc5eGdW5nXVf1Ln9W5/XVaNLmjW5o0eZheiIcAkqIYCnhtZhwwQFQniFkoMQ/X9QWxL+vijVK0DKDQEAAMQsQk2BwTIcNgXBAhw1QsEvQBIUfUojnfb9/2A8TIOAwI4P/iu0OY0oiPI6j6OY9jr2RfjhNAyTXPk2DMgQzTcF0wzNAo7DaM0Bj8Os7j4j40JRPAwDPP/hTVOQ1AtPw/TEBI6LTOSyzSg44hk0fV9Kuk0roOU/z1NQ0L2si2LEtS1jxts/1v06Yr3Nk6rfMCw7MNO7rjPi8z0se7jfHm0ovtBVb/02+rgshwjYf6xHhtRybCF0Pj9kJ8r/sp3bGtaxnesu5H7t5wXMUW/7Se87bQea47Vfh67Rt5xQHNN0rLcB239sd+nOvVwbbsy4hfD4z7lsq2X7eV5P3e17PCF/u9i/N8vavl2nwuZzXOd157SheHvQ8H4HY9r870+92zYkN4PfvW4fq+d+vWc97nNm3sRLxyXqXb+D9f5P2zjPaOiE/xyxvp/ZOECK5QNPs/QBuNfJx19l5JOXk0EhzRtAi+2DC4f3wVzQhx8I6kK3jJXB1CS5/RocHJm9C4EIX7nFShLDARsPHhwjBWDTZKHnkgqhxNBFaxISIrG6FoJAA";

#[test]
fn sudokupad_links_in_its_own_format_are_read() {
    let examples = std::fs::read_to_string(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../../examples/killer.txt"
    ))
    .unwrap();
    let example = read(&examples, true).remove(0).grid.unwrap();
    let k = one(SCL_KILLER);
    let mut givens = vec![0u8; 81];
    givens[0] = 6;
    givens[80] = 4;
    assert_eq!(k.values(), givens.as_slice());
    assert_eq!(k.layout().cages(), example.layout().cages());
    assert!(k.layout().is_classic() || !k.layout().cages().is_empty());
    assert_eq!(k.layout().region_table(), example.layout().region_table());
    assert!(!k.layout().has_diagonals());
    // Where killers are not read, the refusal is the one every killer gets.
    assert!(matches!(
        read(SCL_KILLER, false)[0].grid.as_ref().unwrap_err().kind,
        ErrorKind::KillerNotRead
    ));
    // The data alone, a URL-encoded copy, SudokuPad's `?puzzle=` form, settings after
    // the data, and a copy whose '+' became a space read alike.
    let data = SCL_KILLER.split("/scl").nth(1).unwrap();
    for form in [
        format!("scl{data}"),
        format!(
            "https://sudokupad.app/scl{}",
            data.replace('+', "%2B")
                .replace('/', "%2F")
                .replace('=', "%3D")
        ),
        format!("https://sudokupad.app/?puzzle=scl{data}&setting-nogrid=1"),
        format!("{SCL_KILLER}?setting-largepuzzle=1"),
        format!("sudokupad.app/scl{}", data.replace('+', "%20")),
    ] {
        let again = one(&form);
        assert_eq!(again.values(), k.values(), "{form}");
        assert_eq!(again.layout().cages(), k.layout().cages(), "{form}");
    }

    // Plain JSON (not the compact form) with SudokuPad's short keys reads alike.
    let plain = format!(
        "scl{}",
        sudokit_core::format::lzstring::compress_to_base64(
            r#"{"ce":[[{"v":3},{},{},{}],[{},{},{},{}],[{},{},{},{}],[{},{},{},{}]],"ca":[{"ce":[[0,1],[0,2]],"v":"3"}]}"#
        )
    );
    let p = one(&plain);
    assert_eq!(p.to_line(), format!("3{}", ".".repeat(15)));
    assert_eq!(p.layout().cages().len(), 1);

    let j = one(SCL_JIGSAW_X);
    let jigsaw =
        sudokit_core::Layout::from_regions_str("AAABBBAACCBBACCCBDDDDCEEFDDEEEFFFFFE").unwrap();
    assert_eq!(j.to_line(), format!("1.2{}", ".".repeat(33)));
    assert_eq!(j.layout().region_table(), jigsaw.region_table());
    assert!(j.layout().has_diagonals());

    let e = error(SCL_PARITY_FISH);
    assert!(
        e.contains("overlays (dots, circles, clues drawn on the grid) (\"overlays\")")
            && e.contains("a background picture (\"bgimage\"), where rules may be drawn")
            && e.contains("it reads givens, regions, both diagonals and killer cages"),
        "{e}"
    );
}

#[test]
fn bad_sudokupad_data_is_refused_saying_why() {
    let compact = |text: &str| {
        format!(
            "scl{}",
            sudokit_core::format::lzstring::compress_to_base64(text)
        )
    };
    let rows = |n: usize| {
        format!(
            "[{}]",
            vec![format!("[{}]", ",".repeat(n - 1)); n].join(",")
        )
    };
    let cases: Vec<(String, &str)> = vec![
        (compact("{ce:[[,,]"), "cannot be read: ',' or ']' expected"),
        (
            compact(&format!("{{ce:{},ca:[{{ce:[[0,0],[0,1]]}}]}}", rows(9))),
            "the cage at r1c1 has no total",
        ),
        (
            compact(&format!("{{ce:{},ca:[{{ce:[[0,0],[9,1]],v:5}}]}}", rows(9))),
            "cage 1 names the cell [9,1], not one of a 9×9 grid",
        ),
        (
            compact(&format!(
                "{{ce:{},ca:[{{ce:[[0,0],[0,1]],v:18}}]}}",
                rows(9)
            )),
            "the 2-cell cage at r1c1 has sum 18",
        ),
        (
            compact(&format!(
                "{{ce:{},ca:[{{ce:[[0,0],[0,1]],v:'x'}}]}}",
                rows(9)
            )),
            "the cage at r1c1 has the total \"x\", which is not a whole number",
        ),
        (
            compact(&format!("{{ce:{}}}", rows(3))),
            "its grid has 3 rows",
        ),
        (
            compact(&format!("{{ce:{}}}", rows(9).replacen("[,", "[{v:12},", 1))),
            "r1c1 holds 12, which is not a digit from 1 to 9",
        ),
        (
            compact(&format!("{{ce:{},re:[[[0,0]]]}}", rows(9))),
            "it has 1 region where a 9×9 grid needs 9",
        ),
        (
            compact(&format!(
                "{{ce:{},re:[[[0,0],[0,1],[1,0],[1,1]],[[0,0],[0,3],[1,2],[1,3]],\
                 [[2,0],[2,1],[3,0],[3,1]],[[2,2],[2,3],[3,2],[3,3]]]}}",
                rows(4)
            )),
            "r1c1 is in region 1 and region 2",
        ),
        (
            compact(&format!(
                "{{ce:{},re:[[[0,0],[0,1],[1,0],[1,1]],[[0,2],[0,3],[1,2]],\
                 [[2,0],[2,1],[3,0],[3,1]],[[2,2],[2,3],[3,2],[3,3]]]}}",
                rows(4)
            )),
            "r2c4 is in none of its regions",
        ),
        (
            compact(&format!(
                "{{ce:{}}}",
                rows(9).replacen("[,", "[{pencilMarks:[1,2]},", 1)
            )),
            "r1c1 has given pencil marks (\"pencilMarks\"), which sudokit does not read",
        ),
        (
            compact(&format!("{{ce:{},l:[{{wp:[[0,0],[9,9]]}}]}}", rows(9))),
            "it draws only the main diagonal",
        ),
        // Lines along the diagonals through the cells' centres may be renban or whispers.
        (
            compact(&format!(
                "{{ce:{},l:[{{wp:[[0.5,0.5],[8.5,8.5]]}},{{wp:[[0,9],[9,0]]}}]}}",
                rows(9)
            )),
            "it draws 1 line (thermometers, renban, whispers and the like)",
        ),
        (
            compact(&format!(
                "{{ce:{},metadata:{{bgimage:'https://i.imgur.com/x.png'}}}}",
                rows(9)
            )),
            "a background picture (\"bgimage\"), where rules may be drawn",
        ),
        (
            compact(&format!("{{ce:{},foglight:[[0,0]]}}", rows(9))),
            "\"foglight\", which sudokit does not know",
        ),
        (
            compact(&format!("{{ce:{},ca:[{{ce:[[0,0],[0,0]],v:3}}]}}", rows(9))),
            "the cage at r1c1 lists r1c1 twice",
        ),
        (
            compact(&format!(
                "{{ce:{},ca:[{{ce:[[4294967296,0]],v:3}}]}}",
                rows(9)
            )),
            "cage 1 names the cell [4294967296,0], not one of a 9×9 grid",
        ),
        (
            compact(&format!("[{}]", ",".repeat(300_000))),
            "more than 200000 values",
        ),
        // A comment naming the other site does not change what the link is read as.
        (
            format!("{} # from fpuzzles", compact("{ce:[[,,]")),
            "the SudokuPad data cannot be read",
        ),
        (
            compact(&format!(
                "{{ce:{},a:[{{wp:[[0.5,0.5],[1.5,0.5]]}}],u:[{{ct:[1,1]}}]}}",
                rows(9)
            )),
            "arrows (\"arrows\"), underlays (shaded cells and shapes) (\"underlays\")",
        ),
        (compact("{t:'no cells'}"), "has no \"cells\""),
        ("https://sudokupad.app/sclN4Ig!!!".to_string(), "not base64"),
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
