//! The reader on every format, on the seed documents' own examples, and on bad input.

use std::sync::Arc;

use sudokit_core::format::{read_all, ErrorKind, ReadOptions, Reader, Record};
use sudokit_core::{BoxShape, Cell, Digit, Layout};

fn read_with(text: &str, opts: ReadOptions) -> Vec<Record> {
    Reader::new(text.as_bytes(), opts).collect()
}

fn lines(records: &[Record]) -> Vec<String> {
    records
        .iter()
        .map(|r| match &r.grid {
            Ok(g) => g.to_line(),
            Err(e) => format!("error {e}"),
        })
        .collect()
}

/// The message of a record that could not be read.
fn error_text(r: &Record) -> String {
    r.grid.as_ref().unwrap_err().to_string()
}

fn boxed(r: usize, c: usize) -> ReadOptions {
    let layout = Layout::boxed(BoxShape { rows: r, cols: c }).unwrap();
    ReadOptions {
        layout: Some(Arc::new(layout)),
        diagonals: false,
        killer: false,
    }
}

const SEED000: &str =
    "003000100100400000000200000000000050007036000000000042200000000000070900580010000";

#[test]
fn seed000_matlab_matrix_rows() {
    let text = "0 0 3 0 0 0 1 0 0\n1 0 0 4 0 0 0 0 0\n0 0 0 2 0 0 0 0 0\n0 0 0 0 0 0 0 5 0\n\
                0 0 7 0 3 6 0 0 0\n0 0 0 0 0 0 0 4 2\n2 0 0 0 0 0 0 0 0\n0 0 0 0 7 0 9 0 0\n5 8 0 0 1 0 0 0 0\n";
    let r = read_all(text);
    assert_eq!(lines(&r), [SEED000.replace('0', ".")]);
    assert_eq!(r[0].line, 1);
}

#[test]
fn seed001_triples_with_a_comment_first() {
    let text = "# order 6, boxes of 2 rows x 3 columns\n1 1 4\n1 6 1\n2 3 2\n2 4 3\n3 2 5\n3 5 3\n\
                4 2 6\n4 5 4\n5 3 5\n5 4 4\n6 1 1\n6 6 5\n";
    let expected = "400001002300050030060040005400100005".replace('0', ".");
    assert_eq!(
        lines(&read_with(text, boxed(2, 3))),
        std::slice::from_ref(&expected)
    );
    // Without --box the side is the smallest that holds every triple: 6, boxes 2x3.
    let r = read_all(text);
    assert_eq!(lines(&r), [expected]);
    assert_eq!(r[0].line, 2);
}

#[test]
fn seed002_two_matlab_matrices_over_lines() {
    let text = "[2 1 0 6 3 0 8 9 0;0 4 0 0 0 7 0 0 5;0 0 0 9 0 0 0 0 7;\n\
                0 0 2 0 0 0 0 4 0;4 0 0 1 0 2 0 0 6;0 6 0 0 0 0 1 0 0;\n\
                7 0 0 0 0 3 0 0 0;8 0 0 7 0 0 0 6 0;0 3 5 0 9 4 0 2 1]\n\
                [7 0 0 2 5 0 0 9 8;0 0 6 0 0 0 0 1 0;0 0 0 6 1 0 3 0 0;\n\
                9 0 0 0 0 1 0 0 0;0 0 0 0 8 0 4 0 9;0 0 7 5 0 2 8 0 1;\n\
                0 9 4 0 0 3 0 0 0;0 0 0 0 4 9 2 3 0;6 1 0 0 0 0 0 4 0]\n";
    let r = read_all(text);
    assert_eq!(
        lines(&r),
        [
            "210630890040007005000900007002000040400102006060000100700003000800700060035094021"
                .replace('0', "."),
            "700250098006000010000610300900001000000080409007502801094003000000049230610000040"
                .replace('0', "."),
        ]
    );
    assert_eq!((r[0].line, r[1].line), (1, 4));
}

#[test]
fn seed004_x_blanks_and_setline_rows() {
    let x = "x2xx6xx7x4xxxx5xx1xx5xx38xxx72xxxxxx8xxx1xxx2xxxxxx49xxx94xx6xx3xx1xxxx8x5xx8xx4x";
    assert_eq!(lines(&read_all(x)), [x.replace('x', ".")]);
    let rows = "0,6,0,5,9,3,0,0,0\n9,0,1,0,0,0,5,0,0\n0,3,0,4,0,0,0,9,0\n1,0,8,0,2,0,0,0,4\n\
                4,0,0,3,0,9,0,0,1\n2,0,0,0,1,0,6,0,9\n0,8,0,0,0,6,0,2,0\n0,0,4,0,0,0,8,0,7\n0,0,0,7,8,5,0,1,0\n";
    assert_eq!(
        lines(&read_all(rows)),
        [
            "060593000901000500030400090108020004400309001200010609080006020004000807000785010"
                .replace('0', ".")
        ]
    );
}

#[test]
fn boxed_grid_with_borders_and_band_gaps() {
    let text = "\
+-------+-------+-------+
| . . 3 | . . . | 1 . . |
| 1 . . | 4 . . | . . . |
| . . . | 2 . . | . . . |
+-------+-------+-------+
| . . . | . . . | . 5 . |
| . . 7 | . 3 6 | . . . |
| . . . | . . . | . 4 2 |

| 2 . . | . . . | . . . |
| . . . | . 7 . | 9 . . |
| 5 8 . | . 1 . | . . . |
+-------+-------+-------+
";
    assert_eq!(lines(&read_all(text)), [SEED000.replace('0', ".")]);
}

#[test]
fn sixteen_by_sixteen_with_letters_and_numbers() {
    let letters: String = (0..16)
        .map(|i| "123456789ABCDEFG".chars().nth((i * 5) % 16).unwrap())
        .collect();
    let line = format!("{letters}{}", ".".repeat(240));
    let r = read_all(&line);
    assert_eq!(r[0].grid.as_ref().unwrap().side(), 16);
    // The same first row as spaced numbers, then 15 blank rows.
    let numbers: Vec<String> = letters
        .chars()
        .map(|c| u32::from_str_radix(&c.to_string(), 17).unwrap().to_string())
        .collect();
    let mut text = numbers.join(" ") + "\n";
    for _ in 0..15 {
        text += &vec!["0"; 16].join(" ");
        text += "\n";
    }
    assert_eq!(lines(&read_all(&text)), [line]);
}

#[test]
fn sizes_are_inferred_from_cell_counts() {
    for (n, cells) in [
        (4, 16),
        (6, 36),
        (8, 64),
        (9, 81),
        (12, 144),
        (16, 256),
        (25, 625),
    ] {
        let r = read_all(&".".repeat(cells));
        assert_eq!(r[0].grid.as_ref().unwrap().side(), n, "{cells} cells");
    }
}

/// A short line alone (found by fuzzing: 17 symbols gave "the grid has 1 rows, expected
/// 17") is told both readings: a one-line puzzle, or the first row of a grid.
#[test]
fn a_lone_short_line_names_both_readings() {
    let r = read_all(&format!("{}\n\n{}\n", ".".repeat(17), ".".repeat(16)));
    assert_eq!(
        r[0].grid.as_ref().unwrap_err().to_string(),
        "1: 17 cells where a 4×4 puzzle has 16: 1 too many (or the first row of a 17×17 grid whose other rows are missing)"
    );
    assert!(r[1].grid.is_ok(), "the 4×4 puzzle after it still reads");
    let spaced = read_all("1 2 3 4 5 6 7 8 9\n\n");
    assert_eq!(
        spaced[0].grid.as_ref().unwrap_err().to_string(),
        "1: the grid has 1 rows, expected 9",
        "a spaced row is a grid row"
    );
    let two_rows = read_all("1 2 3 4 5 6\n2 3 4 5 6 1\n");
    assert_eq!(
        two_rows[0].grid.as_ref().unwrap_err().to_string(),
        "1: the grid has 2 rows, expected 6"
    );
}

/// A stray short line just before a grid stands alone (found by fuzzing: "12345" took
/// four rows of the 9×9 grid after it, and the grid was lost), while a grid whose second
/// row is short is still one broken grid.
#[test]
fn a_stray_line_before_a_grid_stands_alone() {
    let grid: String = SEED000
        .as_bytes()
        .chunks(9)
        .map(|row| String::from_utf8_lossy(row).replace('0', ".") + "\n")
        .collect();
    let r = read_all(&format!("12345\n{grid}"));
    assert_eq!(r.len(), 2, "{r:?}");
    assert!(matches!(
        r[0].grid.as_ref().unwrap_err().kind,
        ErrorKind::LoneRow { found: 5, .. }
    ));
    assert_eq!(
        r[1].grid.as_ref().unwrap().to_line(),
        SEED000.replace('0', ".")
    );
    let broken = grid.replacen("\n1..4.....\n", "\n1..4....\n", 1);
    let r = read_all(&format!("{broken}{grid}"));
    assert_eq!(r.len(), 2, "{r:?}");
    assert_eq!(error_text(&r[0]), "2: row 2 has 8 cells, expected 9");
    assert!(r[1].grid.is_ok());
    // Two short rows in a row are not a grid of their own (review: they took the next
    // grid's rows).
    let lines: Vec<&str> = grid.lines().collect();
    let two_short = format!(
        "{}\n{}\n{}\n{}\n",
        lines[0],
        &lines[1][..7],
        &lines[2][..7],
        lines[3..].join("\n")
    );
    let r = read_all(&format!("{two_short}{grid}"));
    assert_eq!(r.len(), 2, "{r:?}");
    assert_eq!(error_text(&r[0]), "2: row 2 has 7 cells, expected 9");
    assert!(r[1].grid.is_ok());
    // A puzzle line with other fields after a ',' or '|' reads at any length, even a
    // candidate string's (125 = 5³).
    for sep in [',', '|'] {
        let line = format!("{SEED000}{sep}{}\n", "4".repeat(125 - 82));
        assert!(read_all(&line)[0].grid.is_ok(), "{sep}");
    }
}

/// A line of a wrong length is told the count of a grid that exists: a plain line has
/// no regions, so a side without boxes (7, 11, 13, 17, 19, 23) is never the suggestion
/// (found by fuzzing: "50 cells, expected 49").
#[test]
fn wrong_counts_suggest_a_grid_with_boxes() {
    for (found, expected) in [(50, 36), (120, 100), (300, 324), (80, 81), (83, 81)] {
        let r = read_all(&".".repeat(found));
        match &r[0].grid.as_ref().unwrap_err().kind {
            ErrorKind::CellCount {
                found: f,
                expected: e,
            } => {
                assert_eq!((*f, *e), (found, expected));
            }
            other => panic!("{found} cells: {other:?}"),
        }
    }
    for found in 26..700 {
        let r = read_all(&".".repeat(found));
        if let Err(e) = &r[0].grid {
            if let ErrorKind::CellCount { expected, .. } = e.kind {
                let side = (expected as f64).sqrt() as usize;
                assert!(BoxShape::for_side(side).is_some(), "{found}: {expected}");
            }
        }
    }
}

/// A byte-order mark starting the input is skipped; invisible characters are named in
/// errors, escaped (found by fuzzing: they were quoted raw, so the message showed '').
#[test]
fn byte_order_mark_and_invisible_characters() {
    let r = read_all(&format!("\u{feff}{SEED000}\n"));
    assert!(r[0].grid.is_ok(), "{:?}", r[0].grid);
    let mut bad = SEED000.to_string();
    bad.replace_range(40..41, "\u{200b}");
    let r = read_all(&format!("{bad}\n"));
    assert_eq!(
        r[0].grid.as_ref().unwrap_err().to_string(),
        "1:41: unexpected character U+200B (an invisible character) (digits are 1-9, then A-P; 0 or . is an empty cell)"
    );
}

#[test]
fn trailing_annotation_and_comments() {
    let text = format!("# header\n{SEED000} 9.3 # rating\n");
    let r = read_all(&text);
    assert_eq!(lines(&r), [SEED000.replace('0', ".")]);
    assert_eq!(r[0].line, 2);
}

#[test]
fn bad_character_names_line_and_column() {
    let mut bad = SEED000.to_string();
    bad.replace_range(39..40, "q");
    let r = read_all(&format!("{SEED000}\n{bad}\n{SEED000}\n"));
    assert_eq!(r.len(), 3);
    let e = r[1].grid.as_ref().unwrap_err();
    assert_eq!(
        e.to_string(),
        "2:40: unexpected character 'q' (digits are 1-9, then A-P; 0 or . is an empty cell)"
    );
    assert!(r[0].grid.is_ok() && r[2].grid.is_ok());
}

#[test]
fn wrong_length_lines() {
    let r = read_all(&format!("{}\n{}0\n", &SEED000[..80], SEED000));
    assert_eq!(
        r[0].grid.as_ref().unwrap_err().to_string(),
        "1: 80 cells where a 9×9 puzzle has 81: 1 missing (0 or . is an empty cell)"
    );
    assert_eq!(
        r[1].grid.as_ref().unwrap_err().to_string(),
        "2: 82 cells where a 9×9 puzzle has 81: 1 too many"
    );
}

#[test]
fn digit_too_large_for_the_size() {
    let mut s = SEED000.to_string();
    s.replace_range(4..5, "G");
    let e = read_all(&s).remove(0).grid.unwrap_err();
    assert_eq!(e.to_string(), "1:5: digit 16 is too large for a 9×9 grid");
}

#[test]
fn broken_grid_block_does_not_spill_into_the_next() {
    let good = "1 2 3 4\n3 4 1 2\n2 1 4 3\n4 3 2 1\n";
    let broken = "1 2 3 4\n3 4 1\n2 1 4 3\n4 3 2 1\n";
    let r = read_all(&format!("{good}\n{broken}\n{good}"));
    assert_eq!(r.len(), 3);
    assert_eq!(
        r[1].grid.as_ref().unwrap_err().to_string(),
        "7: row 2 has 3 cells, expected 4"
    );
    assert_eq!(r[2].line, 11);
    assert!(r[2].grid.is_ok());
}

#[test]
fn short_grid_block() {
    let r = read_all("1 2 3 4\n3 4 1 2\n\n1.3..2.........4\n");
    assert_eq!(
        r[0].grid.as_ref().unwrap_err().to_string(),
        "1: the grid has 2 rows, expected 4"
    );
    assert!(r[1].grid.is_ok());
}

#[test]
fn unclosed_matrix() {
    let r = read_all("[1 2 3 4; 3 4 1 2;\n2 1 4 3;\n");
    assert_eq!(
        r[0].grid.as_ref().unwrap_err().kind,
        ErrorKind::UnclosedMatrix
    );
}

/// A `[` that never closes loses no puzzle: the lines after it are read again, up to the
/// first that cannot be a matrix row (found by fuzzing: every later puzzle was
/// swallowed into the matrix).
#[test]
fn unclosed_matrix_gives_back_the_lines_after_it() {
    let p = SEED000;
    let r = read_all(&format!("[1 2\n{p}\n{p}\n"));
    assert_eq!(r.len(), 3);
    assert_eq!(
        r[0].grid.as_ref().unwrap_err().kind,
        ErrorKind::UnclosedMatrix
    );
    assert_eq!((r[1].line, r[2].line), (2, 3));
    assert!(r[1].grid.is_ok() && r[2].grid.is_ok());
    // A matrix that is closed after puzzle lines still does not swallow them.
    let r = read_all(&format!("[1 2\n{p}\n]\n{p}\n"));
    assert_eq!(
        r[0].grid.as_ref().unwrap_err().kind,
        ErrorKind::UnclosedMatrix
    );
    assert!(r[1].grid.is_ok() && r[3].grid.is_ok(), "{r:?}");
    // Rows of real matrices are still read across lines: any separator, compact rows of
    // a 16×16, blank lines between rows.
    let r = read_all("[1 2 3 4;\n3 4 1 2;\n2 1 4 3;\n4 3 2 1]\n");
    assert!(r[0].grid.is_ok(), "{r:?}");
    let r = read_all("[1|2|3|4;\n\n3|4|1|2;\n2|1|4|3;\n4|3|2|1]\n");
    assert!(r[0].grid.is_ok(), "{r:?}");
    let rows: Vec<String> = (0..16)
        .map(|r| {
            (0..16)
                .map(|c| if (r + c) % 5 == 0 { '1' } else { '.' })
                .collect()
        })
        .collect();
    let r = read_all(&format!("[{}]\n", rows.join(";\n")));
    assert_eq!(r.len(), 1);
    assert_eq!(r[0].grid.as_ref().map(|g| g.side()), Ok(16), "{r:?}");
}

#[test]
fn triples_out_of_range_and_clashing() {
    let r = read_with("1 1 4\n7 1 2\n", boxed(2, 3));
    assert_eq!(
        r[0].grid.as_ref().unwrap_err().to_string(),
        "2:1: row 7 is outside 1..6"
    );
    let r = read_with("1 1 4\n1 1 2\n", boxed(2, 3));
    assert_eq!(
        r[0].grid.as_ref().unwrap_err().to_string(),
        "2: r1c1 is given 2 here and 4 on line 1"
    );
}

#[test]
fn a_triple_of_digit_0_is_a_blank_cell() {
    let r = read_with("1 1 4\n2 2 0\n", boxed(2, 3));
    let grid = r[0].grid.as_ref().expect("a grid");
    assert_eq!(grid.values().iter().filter(|&&v| v != 0).count(), 1);
    // Blank and given at once is a clash, like two digits.
    let r = read_with("1 1 4\n1 1 0\n", boxed(2, 3));
    assert_eq!(
        r[0].grid.as_ref().unwrap_err().to_string(),
        "2: r1c1 is given 0 here and 4 on line 1"
    );
}

#[test]
fn fixed_layout_rejects_other_sizes() {
    let r = read_with(SEED000, boxed(2, 3));
    assert_eq!(
        r[0].grid.as_ref().unwrap_err().to_string(),
        "1: 81 cells where a 6×6 puzzle has 36: 45 too many"
    );
}

#[test]
fn prime_side_needs_regions() {
    let r = read_all("1 2 3 4 5\n");
    assert!(matches!(
        r[0].grid.as_ref().unwrap_err().kind,
        ErrorKind::RowCount {
            rows: 1,
            expected: 5
        }
    ));
    let five = "1 2 3 4 5\n2 3 4 5 1\n3 4 5 1 2\n4 5 1 2 3\n5 1 2 3 4\n";
    let e = read_all(five).remove(0).grid.unwrap_err();
    assert_eq!(
        e.to_string(),
        "1: a 5×5 grid has no box shape (its side is prime); give its regions"
    );
    let regions = Layout::from_regions_str("AAABB\nAABBB\nCCCDD\nCCDDE\nEEEDD\n");
    assert!(regions.is_err(), "D and E have the wrong sizes");
    let regions = Layout::from_regions_str("AAAAA\nBBBBB\nCCCCC\nDDDDD\nEEEEE\n").unwrap();
    let opts = ReadOptions {
        layout: Some(Arc::new(regions)),
        diagonals: false,
        killer: false,
    };
    assert!(read_with(five, opts)[0].grid.is_ok());
}

#[test]
fn empty_input_has_no_records() {
    assert!(read_all("").is_empty());
    assert!(read_all("# only a comment\n\n").is_empty());
}

#[test]
fn invalid_utf8_is_an_unexpected_character() {
    let mut bytes = SEED000.as_bytes().to_vec();
    bytes[10] = 0xff;
    let r: Vec<Record> = Reader::new(&bytes[..], ReadOptions::default()).collect();
    assert_eq!(
        r[0].grid.as_ref().unwrap_err().to_string(),
        "1:11: unexpected character (a byte that is not UTF-8, or U+FFFD) (digits are 1-9, then A-P; 0 or . is an empty cell)"
    );
}

#[test]
fn diagonals_option_adds_houses() {
    let r = read_with(
        SEED000,
        ReadOptions {
            layout: None,
            diagonals: true,
            killer: false,
        },
    );
    assert!(r[0].grid.as_ref().unwrap().layout().has_diagonals());
}

#[test]
fn hodoku_library_line_with_deleted_candidates() {
    let line = ":0603:3:14+8..+9+72+5.+3...89.697+6....38.+61......3+2.8.56...9......2.5+9+186....+8+3....61+6+1...35+89:224 524 225 525:364 365::\n";
    let r = read_all(line);
    let marks = r[0].marks.as_ref().expect("marks");
    let g = r[0].grid.as_ref().unwrap();
    assert_eq!(g.clue_count(), 40);
    let c = g.layout().cell(1, 3);
    assert!(!marks[c.index()].contains(sudokit_core::Digit::new(2)));
    assert!(!marks[c.index()].contains(sudokit_core::Digit::new(5)));
    assert_eq!(
        marks[0].only(),
        Some(sudokit_core::Digit::new(1)),
        "solved cells keep their value"
    );
}

/// A bad symbol inside a pencil-mark grid is named where it is, and the grid keeps its
/// rows, so the puzzles after it still read (found by fuzzing: the rest of the broken
/// grid was read as a 25×25 block that swallowed the next grid and a HoDoKu line).
#[test]
fn a_bad_mark_does_not_spill_into_the_next_grid() {
    let good = "\
| 19    2     138  | 89      6     1489 | 359    7      3459 |
| 4     3689  3678 | 2789    279   5    | 239    236    1    |
| 1679  169   5    | 279     2479  3    | 8      26     469  |
| 1569  7     2    | 35689   3459  4689 | 135    13568  356  |
| 8     3469  346  | 35679   1     4679 | 357    356    2    |
| 156   136   136  | 235678  2357  2678 | 4      9      3567 |
| 127   18    9    | 4       2357  27   | 6      1235   357  |
| 3     46    467  | 1       2579  2679 | 2579   25     8    |
| 1267  5     167  | 23679   8     2679 | 12379  4      379  |
";
    let bad = good.replacen("3469", "34x9", 1);
    let r = read_all(&format!("{bad}\n{good}\n.2..6..7.4....5..1..5..38...72......8...1...2......49...94..6..3..1....8.5..8..4.\n"));
    assert_eq!(r.len(), 3, "{r:?}");
    assert_eq!(
        error_text(&r[0]),
        "5:11: unexpected character 'x' (digits are 1-9, then A-P; 0 or . is an empty cell)"
    );
    assert_eq!(r[1].line, 11);
    assert!(r[1].marks.is_some() && r[2].grid.is_ok());
    assert_eq!(r[1].marks.as_ref().unwrap()[1].to_string(), "2");
}

/// Candidate strings: a bad symbol is named where it is (found by fuzzing: "729 cells,
/// expected 625"); with a fixed 4×4 layout, 64 symbols are a candidate string, as
/// `candidates --format line` writes them; a puzzle followed by other fields is never
/// taken for one, whatever the line's length.
#[test]
fn candidate_string_errors_and_sizes() {
    let cells = "123456789".repeat(81);
    let mut out_of_place = cells.clone();
    out_of_place.replace_range(12..13, "7");
    let mut bad = cells.clone();
    bad.replace_range(700..701, "x");
    let r = read_all(&format!("{out_of_place}\n{bad}\n{cells}\n"));
    let errors: Vec<String> = r[..2]
        .iter()
        .map(|r| r.grid.as_ref().unwrap_err().to_string())
        .collect();
    assert_eq!(
        errors,
        [
            "1:13: '7' at position 4 of its cell (a candidate string has digit d at position d)",
            "2:701: unexpected character 'x' (digits are 1-9, then A-P; 0 or . is an empty cell)"
        ]
    );
    assert!(r[2].marks.is_some());
    let four = format!("1....2..{}", "1234".repeat(14));
    let r = read_with(&format!("{four}\n"), boxed(2, 2));
    let marks = r[0].marks.as_ref().expect("a 4×4 candidate string");
    assert_eq!(
        (marks.len(), r[0].grid.as_ref().unwrap().get(Cell::new(0))),
        (16, Some(Digit::new(1)))
    );
    let with_comment = format!("{SEED000} {}\n", "x".repeat(125 - 82));
    assert_eq!(
        read_all(&with_comment)[0]
            .grid
            .as_ref()
            .unwrap()
            .to_line()
            .len(),
        81
    );
}

#[test]
fn pencil_mark_grid_and_candidate_string_agree() {
    let pm = "\
.---------------.---------------.---------------.
| 6   4   3     | 7   5   8     | 1   2   9     |
| 1   29  29    | 4   6   3     | 5   8   7     |
| 7   5   8     | 2   9   1     | 4   6   3     |
:---------------+---------------+---------------:
| 8   6   1     | 9   2   4     | 7   5   3     |
| 4   2   7     | 5   3   6     | 8   9   1     |
| 9   3   5     | 8   1   7     | 6   4   2     |
:---------------+---------------+---------------:
| 2   7   9     | 6   4   5     | 3   1   8     |
| 3   1   6     | 3   7   2     | 9   5   4     |
| 5   8   4     | 1   8   9     | 2   7   6     |
'---------------'---------------'---------------'
";
    let r = read_all(pm);
    assert_eq!(
        r.len(),
        1,
        "{:?}",
        r.iter()
            .map(|r| r.grid.as_ref().err().map(|e| e.to_string()))
            .collect::<Vec<_>>()
    );
    let marks = r[0].marks.as_ref().unwrap();
    assert_eq!(marks[10].to_string(), "29");
    assert_eq!(r[0].grid.as_ref().unwrap().values()[10], 0);
    // The same marks as a 729-character candidate string.
    let line: String = marks
        .iter()
        .flat_map(|m| {
            (1..=9u8).map(move |d| {
                if m.contains(sudokit_core::Digit::new(d)) {
                    (b'0' + d) as char
                } else {
                    '.'
                }
            })
        })
        .collect();
    let r2 = read_all(&line);
    assert_eq!(r2[0].marks.as_ref().unwrap(), marks);
}

/// Text, then a read error.
struct FailsAfter(std::io::Cursor<Vec<u8>>);

impl std::io::Read for FailsAfter {
    fn read(&mut self, buf: &mut [u8]) -> std::io::Result<usize> {
        match self.0.read(buf)? {
            0 => Err(std::io::Error::other("disk on fire")),
            n => Ok(n),
        }
    }
}

/// A read error in the middle of a grid is reported after the grid's own error, not
/// dropped (review: it was lost when the grid already had one).
#[test]
fn a_read_error_inside_a_broken_grid_is_still_reported() {
    let broken = "..3...1..\n1..4....\n";
    let reader = std::io::BufReader::new(FailsAfter(std::io::Cursor::new(broken.into())));
    let errors: Vec<String> = Reader::new(reader, ReadOptions::default())
        .map(|r| r.grid.unwrap_err().to_string())
        .collect();
    assert_eq!(
        errors,
        [
            "2: row 2 has 8 cells, expected 9",
            "3: read error: disk on fire"
        ]
    );
}

/// A line over `MAX_LINE` bytes is one error, its rest skipped; the puzzles around it
/// are read, with their own line numbers. (The CLI reads a 1 GiB line so in bounded
/// memory: `crates/cli/tests/cli.rs`.)
#[test]
fn an_overlong_line_is_skipped_with_an_error() {
    use sudokit_core::format::MAX_LINE;
    let puzzle = SEED000.replace('0', ".");
    let long = "1".repeat(3 * MAX_LINE + 7);
    for ending in ["\n", "\r\n"] {
        let text = format!("{puzzle}{ending}{long}{ending}{puzzle}{ending}");
        let records = read_all(&text);
        assert_eq!(records.len(), 3, "{:?}", lines(&records));
        assert_eq!(records[0].grid.as_ref().unwrap().to_line(), puzzle);
        let e = records[1].grid.as_ref().unwrap_err();
        assert_eq!((e.line, e.column), (2, None));
        assert_eq!(e.kind, ErrorKind::LineTooLong(MAX_LINE));
        assert_eq!(
            (records[2].line, lines(&records[2..])),
            (3, vec![puzzle.clone()])
        );
    }
    // A line of exactly the limit is read as any other (here: too many cells).
    let text = format!("{}\n{puzzle}\n", "1".repeat(MAX_LINE));
    let records = read_all(&text);
    assert!(matches!(
        records[0].grid.as_ref().unwrap_err().kind,
        ErrorKind::CellCount { .. }
    ));
    assert_eq!(lines(&records[1..]), [puzzle]);
}

/// A row of no cells after a first line (found by fuzzing: `-,` under a line of eight
/// cells overflowed a subtraction, a panic in builds with overflow checks).
#[test]
fn a_row_of_no_cells_after_a_first_line() {
    for diagonals in [false, true] {
        let opts = ReadOptions {
            layout: None,
            diagonals,
            killer: false,
        };
        let records = read_with("kkkkkkkk\t\n-,", opts);
        assert!(!records.is_empty());
        assert!(
            records.iter().all(|r| r.grid.is_err()),
            "{:?}",
            lines(&records)
        );
    }
}

/// A 9×9 jigsaw puzzle and its regions, as `sudokit generate --jigsaw --seed 3` writes
/// them.
const JIGSAW: &str =
    "3.9.1..........6..1..9...4..4....8.............5.6......8..2.7...1..5........9.1.";
const JIGSAW_REGIONS: &str =
    "AAAABBCCCAABBBBCDCAABEBBCDCAFFEEDDDCGFFHEEEDCGGFHEEEDDGGFHHHHIDGGFFHIIIIGGFHHIIII";
const JIGSAW_SOLUTION: &str =
    "369417285724398651182956743546721839697183524235864197418532976971245368853679412";

/// The region symbols of each record's layout ("" for a boxed one).
fn regions_of(records: &[Record]) -> Vec<String> {
    records
        .iter()
        .map(|r| {
            let layout = r.grid.as_ref().expect("read").layout().clone();
            if layout.box_shape().is_some() {
                String::new()
            } else {
                layout.region_symbols()
            }
        })
        .collect()
}

#[test]
fn jigsaw_regions_written_after_a_puzzle_are_read_with_it() {
    // On the puzzle's line, and as rows under its grid (a blank line between).
    let rows: String = JIGSAW_REGIONS
        .as_bytes()
        .chunks(9)
        .map(|r| format!("{}\n", std::str::from_utf8(r).unwrap()))
        .collect();
    let grid: String = JIGSAW
        .as_bytes()
        .chunks(9)
        .map(|r| {
            let row: Vec<String> = r.iter().map(|&b| (b as char).to_string()).collect();
            format!("{}\n", row.join(" "))
        })
        .collect();
    let text = format!("{JIGSAW} {JIGSAW_REGIONS}\n{grid}\n{rows}\n{JIGSAW}\n");
    let r = read_all(&text);
    assert_eq!(lines(&r), [JIGSAW, JIGSAW, JIGSAW]);
    assert_eq!(regions_of(&r), [JIGSAW_REGIONS, JIGSAW_REGIONS, ""]);
    // A solution after its puzzle is not a region map (its digits are not connected).
    let r = read_all(&format!("{JIGSAW} {JIGSAW_SOLUTION}\n"));
    assert_eq!(regions_of(&r), [""]);
    // Regions that differ from the layout given are refused.
    let boxes = boxed(3, 3);
    let r = read_with(&format!("{JIGSAW} {JIGSAW_REGIONS}\n"), boxes);
    assert!(matches!(
        r[0].grid.as_ref().unwrap_err().kind,
        ErrorKind::RegionsDiffer
    ));
}

#[test]
fn json_lines_and_csv_tables_are_read_with_their_regions() {
    let json = format!(
        "{{\"puzzle\":\"{JIGSAW}\",\"clues\":18,\"regions\":\"{JIGSAW_REGIONS}\"}}\n{{\"solution\":\"{JIGSAW_SOLUTION}\",\"seed\":1}}\n{{\"clues\":3}}\n"
    );
    let r = read_all(&json);
    assert_eq!(lines(&r)[..2], [JIGSAW, JIGSAW_SOLUTION]);
    assert_eq!(regions_of(&r[..2]), [JIGSAW_REGIONS, ""]);
    assert_eq!(
        error_text(&r[2]),
        "3: no \"puzzle\" (or \"solution\") string"
    );
    let csv = format!(
        "puzzle,solution,clues,regions\n{JIGSAW},{JIGSAW_SOLUTION},18,{JIGSAW_REGIONS}\n{JIGSAW},{JIGSAW_SOLUTION},18,\n"
    );
    let r = read_all(&csv);
    assert_eq!(lines(&r), [JIGSAW, JIGSAW]);
    assert_eq!(regions_of(&r), [JIGSAW_REGIONS, ""]);
}
