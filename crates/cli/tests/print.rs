//! `sudokit print`, `explain --svg` and `hint --svg` through the real binary; the PDFs
//! are read back with Debian's poppler-utils (`pdfinfo`, `pdftotext`, `pdftoppm`), which
//! `.ci/run` installs. Under CI a missing poppler is a failure; elsewhere those tests are
//! skipped with a note.

mod common;

use std::path::{Path, PathBuf};
use std::process::Command;
use std::sync::atomic::{AtomicUsize, Ordering};

use common::{run, temp_file};
use sudokit_core::Grid;
use sudokit_render::book::{pages, Book, Entry, Paper};

/// Ten puzzles, two of each level from Easy to Extreme (the Extreme ones from
/// magictour's top1465).
const TEN: [&str; 10] = [
    ".682..7..73.......4.....89...7..4..1...3........5...3......917...148.25...6......",
    ".8.569..........1..4....7..3..2...5...765....8.91...4.2...4....9.....32....8.....",
    "95...3..8...........31.4.5..1..........8.26.3.35.6...4.9...........4..2.6.2.95...",
    ".8.569..........1..4....7..3..2...5.4.7.5......91...462...4....9.....32....8.....",
    ".682..74.73.......4.....89..87..4..1...3........5...3......917....48.25...6......",
    "58...43....4.5...6....3....96....8........2.9......74.....12...4.98.5..12......98",
    "8....9...6....7..3..1536..772.....3.5..31......3.72..5.4.6.8..........8...8....52",
    ".641...72..35....42.9........1......52...7.9.9...1..3....3.2.41...74...3.........",
    "4...3.......6..8..........1....5..9..8....6...7.2........1.27..5.3....4.9........",
    "7.8...3.....2.1...5.........4.....263...8.......1...9..9.6....4....7.5...........",
];

fn ten_puzzles() -> String {
    TEN.join("\n") + "\n"
}

fn out_dir(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("sudokit-print-{}-{name}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

fn poppler() -> bool {
    let ok = Command::new("pdfinfo").arg("-v").output().is_ok();
    if !ok {
        assert!(
            std::env::var_os("CI").is_none(),
            "poppler-utils missing (CI needs it)"
        );
        eprintln!("skipped: poppler-utils (pdfinfo, pdftotext, pdftoppm) is missing");
    }
    ok
}

fn tool(name: &str, args: &[&str]) -> String {
    let out = Command::new(name).args(args).output().unwrap();
    assert!(
        out.status.success(),
        "{name} {args:?}: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8_lossy(&out.stdout).into_owned()
}

fn page_count(pdf: &Path) -> usize {
    let info = tool("pdfinfo", &[pdf.to_str().unwrap()]);
    let line = info
        .lines()
        .find(|l| l.starts_with("Pages:"))
        .expect("a page count");
    line["Pages:".len()..].trim().parse().unwrap()
}

/// Runs `sudokit print` on `input` (a file of its own, as tests run in parallel).
fn print(input: &str, args: &[&str]) -> (i32, String) {
    static NEXT: AtomicUsize = AtomicUsize::new(0);
    let n = NEXT.fetch_add(1, Ordering::Relaxed);
    let file = temp_file(&format!("book-input-{n}.txt"), input);
    let mut all = vec!["print", file.to_str().unwrap()];
    all.extend(args);
    let (code, _, err) = run(&all, "");
    (code, err)
}

#[test]
fn pages_follow_per_page_and_solutions() {
    if !poppler() {
        return;
    }
    let dir = out_dir("pages");
    let cases: [(&[&str], usize); 4] = [
        (&["--per-page", "4"], 3),
        (&["--per-page", "12"], 1),
        (&["--per-page", "1", "--no-labels"], 10),
        (&["--per-page", "4", "--solutions"], 4),
    ];
    for (i, (flags, expected)) in cases.iter().enumerate() {
        let pdf = dir.join(format!("book{i}.pdf"));
        let mut args = vec!["-o", pdf.to_str().unwrap()];
        args.extend(flags.iter());
        let (code, err) = print(&ten_puzzles(), &args);
        assert_eq!(code, 0, "{err}");
        assert_eq!(page_count(&pdf), *expected, "{flags:?}");
    }
}

#[test]
fn labels_titles_and_contents_are_text_in_the_pdf() {
    if !poppler() {
        return;
    }
    let pdf = out_dir("text").join("book.pdf");
    let (code, err) = print(
        &ten_puzzles(),
        &[
            "-o",
            pdf.to_str().unwrap(),
            "--title",
            "Ten to Try",
            "--sort",
            "difficulty",
        ],
    );
    assert_eq!(code, 0, "{err}");
    let text = tool("pdftotext", &["-layout", pdf.to_str().unwrap(), "-"]);
    assert!(text.contains("Ten to Try"), "{text}");
    for level in ["Easy:", "Hard:", "Extreme:"] {
        assert!(text.contains(level), "a contents line for {level}\n{text}");
    }
    assert!(text.contains("SE "), "labels carry the SE estimate\n{text}");
    assert!(
        !text.contains("Single") && !text.contains("Wing"),
        "by default a label does not give its puzzle away\n{text}"
    );
    let info = tool("pdfinfo", &[pdf.to_str().unwrap()]);
    assert!(
        info.contains("Ten to Try"),
        "the title is the document's\n{info}"
    );
    // Sorted easiest first: the first label is Easy, and no Extreme comes before a Hard.
    let easy = text.find("Easy ·").expect("an Easy label");
    let extreme = text.find("Extreme ·").or_else(|| text.find("beyond logic"));
    assert!(extreme.is_none_or(|x| x > easy), "{text}");
}

#[test]
fn labels_say_as_much_as_asked() {
    if !poppler() {
        return;
    }
    let dir = out_dir("labels");
    for (how, shows, hides) in [
        ("level", "Easy", "SE "),
        ("se", "SE ", "Single"),
        ("full", "Single", ""),
    ] {
        let pdf = dir.join(format!("{how}.pdf"));
        let (code, err) = print(
            &ten_puzzles(),
            &["-o", pdf.to_str().unwrap(), "--labels", how],
        );
        assert_eq!(code, 0, "{err}");
        let text = tool("pdftotext", &[pdf.to_str().unwrap(), "-"]);
        assert!(text.contains(shows), "--labels {how}: {text}");
        assert!(
            hides.is_empty() || !text.contains(hides),
            "--labels {how}: {text}"
        );
    }
}

#[test]
fn one_puzzle_to_a_picture_is_cropped_and_standard_output_takes_any_format() {
    let dir = out_dir("single");
    let one = format!("{}\n", TEN[0]);
    let png = dir.join("one.png");
    let (code, err) = print(&one, &["-o", png.to_str().unwrap(), "--dpi", "72"]);
    assert_eq!(code, 0, "{err}");
    let bytes = std::fs::read(&png).unwrap();
    let (w, h) = (
        u32::from_be_bytes(bytes[16..20].try_into().unwrap()),
        u32::from_be_bytes(bytes[20..24].try_into().unwrap()),
    );
    assert!(
        w < 300 && h < w + 40 && h > w,
        "the puzzle and its label: {w}×{h}"
    );
    let (code, err) = print(
        &one,
        &["-o", png.to_str().unwrap(), "--dpi", "72", "--page"],
    );
    assert_eq!(code, 0, "{err}");
    let bytes = std::fs::read(&png).unwrap();
    assert_eq!(
        u32::from_be_bytes(bytes[16..20].try_into().unwrap()),
        595,
        "--page: A4"
    );
    // `-o -`: the document on standard output, no file named "-".
    let input = temp_file("stdout-input.txt", &ten_puzzles());
    let out = Command::new(env!("CARGO_BIN_EXE_sudokit"))
        .args([
            "print",
            input.to_str().unwrap(),
            "-o",
            "-",
            "--format",
            "pdf",
        ])
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert!(out.stdout.starts_with(b"%PDF-"));
    assert!(!Path::new("-").exists());
    let (code, _, err) = run(
        &[
            "print",
            input.to_str().unwrap(),
            "-o",
            "-",
            "--format",
            "svg",
        ],
        "",
    );
    assert_eq!(code, 2, "{err}");
    assert!(
        err.contains("3 pages cannot go to standard output as SVG"),
        "{err}"
    );
}

/// A grey page (`pdftoppm -gray`, portable greymap): width, height and pixels.
fn greymap(pdf: &Path, dpi: u32) -> (usize, usize, Vec<u8>) {
    let prefix = pdf.with_extension("");
    let dpi = dpi.to_string();
    tool(
        "pdftoppm",
        &[
            "-gray",
            "-r",
            &dpi,
            "-f",
            "1",
            "-l",
            "1",
            "-singlefile",
            pdf.to_str().unwrap(),
            prefix.to_str().unwrap(),
        ],
    );
    let bytes = std::fs::read(prefix.with_extension("pgm")).unwrap();
    let mut fields = Vec::new();
    let mut at = 0;
    while fields.len() < 4 {
        while bytes[at].is_ascii_whitespace() {
            at += 1;
        }
        let start = at;
        while !bytes[at].is_ascii_whitespace() {
            at += 1;
        }
        fields.push(String::from_utf8_lossy(&bytes[start..at]).into_owned());
    }
    assert_eq!(fields[0], "P5");
    let (w, h): (usize, usize) = (fields[1].parse().unwrap(), fields[2].parse().unwrap());
    (w, h, bytes[at + 1..].to_vec())
}

#[test]
fn grid_lines_fall_where_the_layout_puts_them() {
    if !poppler() {
        return;
    }
    let pdf = out_dir("pixels").join("book.pdf");
    let input = ten_puzzles();
    let (code, err) = print(
        &input,
        &[
            "-o",
            pdf.to_str().unwrap(),
            "--per-page",
            "6",
            "--paper",
            "letter",
            "--no-labels",
        ],
    );
    assert_eq!(code, 0, "{err}");
    let entries: Vec<Entry> = input
        .lines()
        .map(|l| Entry {
            puzzle: Grid::from_line(l.split_whitespace().next().unwrap()).unwrap(),
            solution: None,
            rating: None,
            path: None,
        })
        .collect();
    let book = Book {
        paper: Paper::Letter,
        per_page: 6,
        title: None,
        labels: sudokit_render::book::Labels::Number,
        solutions: false,
        lesson: None,
    };
    let layout = pages(&entries, &book).unwrap();
    let dpi = 144;
    let (w, h, pixels) = greymap(&pdf, dpi);
    let scale = f64::from(dpi) / 72.0;
    assert_eq!((w, h), ((612.0 * scale) as usize, (792.0 * scale) as usize));
    let px = |x: f64, y: f64| pixels[(y * scale) as usize * w + (x * scale) as usize];
    for grid in &layout.grids[0] {
        let (x0, y0, side) = (grid.x, grid.y, grid.side);
        let third = side / 3.0;
        for k in 1..40 {
            let t = side * f64::from(k) / 40.0;
            assert!(px(x0 + t, y0) < 96, "top edge at ({}, {y0})", x0 + t);
            assert!(px(x0 + t, y0 + side) < 96, "bottom edge");
            assert!(px(x0, y0 + t) < 96, "left edge");
            assert!(px(x0 + third, y0 + t) < 96, "the box line a third across");
            assert!(px(x0 + t, y0 - 4.0) > 200, "white above the grid");
        }
    }
}

#[test]
fn a_worked_book_explains_each_step_and_is_the_same_every_time() {
    if !poppler() {
        return;
    }
    let dir = out_dir("worked");
    let puzzles: String = ten_puzzles()
        .lines()
        .skip(3)
        .take(2)
        .map(|l| format!("{l}\n"))
        .collect();
    let (a, b) = (dir.join("a.pdf"), dir.join("b.pdf"));
    for pdf in [&a, &b] {
        let (code, err) = print(
            &puzzles,
            &["-o", pdf.to_str().unwrap(), "--worked", "--per-page", "2"],
        );
        assert_eq!(code, 0, "{err}");
    }
    assert_eq!(
        std::fs::read(&a).unwrap(),
        std::fs::read(&b).unwrap(),
        "byte-identical"
    );
    assert!(page_count(&a) > 2, "worked pages follow the puzzle page");
    let text = tool("pdftotext", &[a.to_str().unwrap(), "-"]);
    assert!(text.contains("Puzzle 1, worked solution"), "{text}");
    assert!(text.contains("Step "), "{text}");
    assert!(
        text.contains("singles:") || text.contains("single:"),
        "{text}"
    );
}

#[test]
fn a_lesson_explains_its_technique_then_gives_puzzles_that_need_it() {
    if !poppler() {
        return;
    }
    let pdf = out_dir("lesson").join("x-wing.pdf");
    let (code, _, err) = run(
        &[
            "print",
            "--lesson",
            "x-wing",
            "--count",
            "2",
            "-o",
            pdf.to_str().unwrap(),
        ],
        "",
    );
    assert_eq!(code, 0, "{err}");
    let text = tool("pdftotext", &[pdf.to_str().unwrap(), "-"]);
    assert!(text.contains("Lesson: X-Wing"), "{text}");
    assert!(
        text.contains("Two rows where a digit fits only in the same two columns"),
        "the technique's idea\n{text}"
    );
    // The example, explained a numbered line at a time, in words.
    assert!(text.contains("X-Wing on 3: in rows 3 and 7"), "{text}");
    assert!(
        text.contains("1. In row 3, 3 can only be in r3c3 or r3c4."),
        "{text}"
    );
    assert!(!text.contains("<>"), "no notation\n{text}");
    // Two practice puzzles, each worked, each using the X-Wing.
    assert!(text.contains("Practise: X-Wing"), "{text}");
    for n in 1..=2 {
        let from = text
            .find(&format!("Puzzle {n}, worked solution"))
            .unwrap_or_else(|| panic!("puzzle {n} worked\n{text}"));
        let rest = &text[from..];
        let end = rest
            .find(&format!("Puzzle {}, worked solution", n + 1))
            .unwrap_or(rest.len());
        assert!(
            rest[..end].contains("· X-Wing"),
            "puzzle {n} needs the X-Wing\n{text}"
        );
    }
    // A technique no path uses: the lesson alone, and a note saying why.
    let (code, _, err) = run(
        &[
            "print",
            "--lesson",
            "Nishio Forcing Chains",
            "-o",
            pdf.to_str().unwrap(),
        ],
        "",
    );
    assert_eq!(code, 0, "{err}");
    assert!(err.contains("no practice puzzles"), "{err}");
    // Puzzle files with --lesson, or an unknown technique: usage errors.
    let (code, _, err) = run(
        &[
            "print",
            "--lesson",
            "Quantum Wing",
            "-o",
            pdf.to_str().unwrap(),
        ],
        "",
    );
    assert_ne!(code, 0);
    assert!(err.contains("unknown technique"), "{err}");
}

#[test]
fn png_and_svg_books_write_a_file_a_page() {
    let dir = out_dir("png");
    let png = dir.join("book.png");
    let (code, err) = print(
        &ten_puzzles(),
        &[
            "-o",
            png.to_str().unwrap(),
            "--per-page",
            "6",
            "--dpi",
            "72",
        ],
    );
    assert_eq!(code, 0, "{err}");
    assert!(!png.exists(), "two pages: numbered files only");
    for n in 1..=2 {
        let bytes = std::fs::read(dir.join(format!("book-{n}.png"))).unwrap();
        assert_eq!(&bytes[1..4], b"PNG");
        let width = u32::from_be_bytes(bytes[16..20].try_into().unwrap());
        assert_eq!(width, 595, "A4 at 72 dpi");
    }
    let svg = dir.join("one.svg");
    let (code, err) = print(
        &ten_puzzles(),
        &[
            "-o",
            svg.to_str().unwrap(),
            "--per-page",
            "12",
            "--no-labels",
        ],
    );
    assert_eq!(code, 0, "{err}");
    let text = std::fs::read_to_string(&svg).unwrap();
    assert!(
        text.starts_with("<svg") && text.contains("width=\"595.28pt\""),
        "{}",
        &text[..200]
    );
}

#[test]
fn unreadable_puzzles_are_left_out_with_their_place() {
    let dir = out_dir("bad");
    let pdf = dir.join("book.pdf");
    let puzzles = ten_puzzles();
    let mut lines: Vec<&str> = puzzles.lines().take(3).collect();
    lines.insert(1, "12345");
    lines.insert(
        3,
        "11...............................................................................",
    ); // conflict
    let (code, err) = print(&(lines.join("\n") + "\n"), &["-o", pdf.to_str().unwrap()]);
    assert_eq!(code, 1, "{err}");
    assert!(
        err.contains(".txt:2: ") && err.contains("left out"),
        "{err}"
    );
    assert!(err.contains(".txt:4: "), "{err}");
    assert!(
        std::fs::metadata(&pdf).unwrap().len() > 1000,
        "the others are printed"
    );
}

#[test]
fn usage_errors_come_before_any_work() {
    let dir = out_dir("usage");
    let pdf = dir.join("book.pdf");
    let pdf = pdf.to_str().unwrap();
    let cases: [(&[&str], &str); 5] = [
        (&["-o", "/no/such/folder/book.pdf"], "cannot write"),
        (&["-o", pdf, "--paper", "b5"], "b5"),
        (&["-o", pdf, "--per-page", "5"], "1, 2, 4, 6, 9 or 12"),
        (&["-o", &format!("{pdf}.txt")], "cannot tell the format"),
        (&["-o", pdf, "--dpi", "9999"], "dpi"),
    ];
    for (args, message) in cases {
        let (code, err) = print(&ten_puzzles(), args);
        assert_eq!(code, 2, "{args:?}: {err}");
        assert!(err.contains(message), "{args:?}: {err}");
    }
    // A title the font cannot draw is refused, naming the characters.
    let (code, err) = print(&ten_puzzles(), &["-o", pdf, "--title", "数独 Book 🧩"]);
    assert_eq!(code, 2, "{err}");
    assert!(
        err.contains("the title has characters the print font cannot draw: '数', '独', '🧩'"),
        "{err}"
    );
    let sixteen = format!("{}\n", ".".repeat(255) + "1");
    let (code, err) = print(&sixteen, &["-o", pdf, "--per-page", "12"]);
    assert_eq!(code, 2, "{err}");
    assert!(err.contains("16×16") && err.contains("at most"), "{err}");
    assert!(!Path::new(pdf).exists(), "no empty file is left behind");
}

#[test]
fn explain_and_hint_draw_their_steps() {
    let dir = out_dir("svg");
    let puzzle = ten_puzzles().lines().nth(4).unwrap().to_string() + "\n";
    let steps = dir.join("steps");
    let (code, out, err) = run(&["explain", "--svg", steps.to_str().unwrap()], &puzzle);
    assert_eq!(code, 0, "{err}");
    let numbered = out
        .lines()
        .filter(|l| {
            l.trim_start()
                .chars()
                .next()
                .is_some_and(|c| c.is_ascii_digit())
        })
        .count();
    let mut files: Vec<_> = std::fs::read_dir(&steps)
        .unwrap()
        .map(|e| e.unwrap().file_name())
        .collect();
    files.sort();
    assert_eq!(files.len(), numbered, "one diagram a step");
    assert_eq!(files[0], "puzzle1-step001.svg");
    let first = std::fs::read_to_string(steps.join(&files[0])).unwrap();
    assert!(
        first.starts_with("<svg") && first.contains("Step 1 ·"),
        "{first}"
    );

    let hint = dir.join("hint.svg");
    let two = puzzle.repeat(2);
    let (code, _, err) = run(&["hint", "--svg", hint.to_str().unwrap()], &two);
    assert_eq!(code, 0, "{err}");
    assert!(std::fs::read_to_string(&hint).unwrap().contains("<circle"));
    assert!(
        dir.join("hint-2.svg").exists(),
        "the second puzzle's diagram is numbered"
    );
}

/// A book of killers: the cages drawn (their sums are text in the PDF), labels with a
/// level and no SE number, and a worked solution in the killer techniques' words.
#[test]
fn a_killer_book_draws_cages_and_works_them() {
    if !poppler() {
        return;
    }
    let dir = out_dir("killer");
    let pdf = dir.join("killers.pdf");
    let example = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../examples/killer.txt");
    let input = std::fs::read_to_string(example).unwrap();
    let (code, err) = print(&input, &["-o", pdf.to_str().unwrap(), "--worked"]);
    assert_eq!(code, 0, "{err}");
    let text = tool("pdftotext", &["-layout", pdf.to_str().unwrap(), "-"]);
    // The 9×9's cage sums (29, 26, 23 appear once each among its cages), the labels.
    for sum in ["29", "26", "23"] {
        assert!(text.contains(sum), "cage sum {sum}: {text}");
    }
    assert!(text.contains("Medium") && text.contains("Easy"), "{text}");
    assert!(!text.contains("SE "), "a killer has no SE number: {text}");
    assert!(text.contains("Cage Combinations"), "{text}");
    assert!(text.contains("different digits make"), "{text}");
}
