//! The real binary on real files: the seed examples, every command, and bad input.

use std::path::Path;

mod common;

use common::{json_lines, run, temp_file};
use sudokit_testdata::data_dir;

const SEED000: &str =
    "003000100100400000000200000000000050007036000000000042200000000000070900580010000";
const SEED000_SOLUTION: &str =
    "643758129192463587758291436861924753427536891935187642279645318314872965586319274";

fn seed_answer(name: &str) -> String {
    let answers = std::fs::read_to_string(data_dir().join("seeds/seeds.solved.txt")).unwrap();
    let line = answers
        .lines()
        .find(|l| l.starts_with(&format!("{name}:")))
        .unwrap();
    line.rsplit(':').next().unwrap().to_string()
}

#[test]
fn every_seed_file_solves_to_its_answer() {
    let seeds = data_dir().join("seeds");
    let cases: [(&str, &[&str], &[&str]); 5] = [
        ("seed000-matlab-matrix.txt", &[], &["seed000"]),
        ("seed001-6x6-givens.txt", &["--box", "2x3"], &["seed001"]),
        ("seed002-matlab-rows.txt", &[], &["seed002a", "seed002b"]),
        ("seed004-x-blanks.txt", &[], &["seed004x"]),
        ("seed004-setline-rows.txt", &[], &["seed004vb"]),
    ];
    for (file, flags, names) in cases {
        let path = seeds.join(file);
        let mut args = vec!["solve", path.to_str().unwrap()];
        args.extend_from_slice(flags);
        let (code, out, err) = run(&args, "");
        assert_eq!(code, 0, "{file}: {err}");
        let expected: Vec<String> = names.iter().map(|n| seed_answer(n)).collect();
        assert_eq!(out.lines().collect::<Vec<_>>(), expected, "{file}");
    }
}

#[test]
fn solve_json_has_every_field() {
    let (code, out, _) = run(&["solve", "--json"], &format!("{SEED000}\n"));
    assert_eq!(code, 0);
    let v = &json_lines(&out)[0];
    assert_eq!(v["index"], 0);
    assert_eq!(v["line"], 1);
    assert_eq!(v["status"], "unique");
    assert_eq!(v["solution"], SEED000_SOLUTION);
    assert!(v["error"].is_null());
}

#[test]
fn solve_reports_multiple_solutions_with_one_shown() {
    let two = SEED000.replacen('3', "0", 1);
    let (code, out, err) = run(&["solve"], &format!("{two}\n"));
    assert_eq!(code, 0, "a puzzle with solutions is not a failure");
    assert_eq!(out.lines().count(), 1);
    assert!(err.contains("-:1: several solutions"), "{err}");
    let (_, out, _) = run(&["solve", "--json"], &format!("{two}\n"));
    let v = &json_lines(&out)[0];
    assert_eq!(v["status"], "multiple");
    assert_eq!(v["solution"].as_str().unwrap().len(), 81);
}

#[test]
fn first_skips_the_uniqueness_check() {
    let (code, out, _) = run(
        &["solve", "--first", "--json"],
        &format!("{}\n", ".".repeat(81)),
    );
    assert_eq!(code, 0);
    assert_eq!(json_lines(&out)[0]["status"], "solved");
}

#[test]
fn output_formats() {
    let (_, grid, _) = run(&["solve", "--format", "grid"], &format!("{SEED000}\n"));
    assert!(
        grid.starts_with("+-------+-------+-------+\n| 6 4 3 | 7 5 8 | 1 2 9 |\n"),
        "{grid}"
    );
    let (_, matrix, _) = run(&["solve", "--format", "matrix"], &format!("{SEED000}\n"));
    assert!(
        matrix.starts_with("[6 4 3 7 5 8 1 2 9;\n 1 9 2"),
        "{matrix}"
    );
    // What a writer writes, the reader reads: solve the printed grid again.
    let (code, again, _) = run(&["solve"], &grid);
    assert_eq!((code, again.trim()), (0, SEED000_SOLUTION));
}

#[test]
fn wrong_length_bad_character_and_duplicate_givens() {
    let mut bad_char = SEED000.to_string();
    bad_char.replace_range(39..40, "q");
    let mut duplicate = SEED000.to_string();
    duplicate.replace_range(9 + 2..9 + 3, "5");
    duplicate.replace_range(9 + 7..9 + 8, "5");
    let input = format!("{}\n{bad_char}\n{duplicate}\n{SEED000}\n", &SEED000[..80]);
    let path = temp_file("bad.txt", &input);
    let (code, out, err) = run(&["solve", path.to_str().unwrap()], "");
    assert_eq!(code, 1);
    assert_eq!(
        out.trim(),
        SEED000_SOLUTION,
        "the good puzzle is still answered"
    );
    let name = path.display().to_string();
    assert!(
        err.contains(&format!(
            "{name}:1: 80 cells where a 9×9 puzzle has 81: 1 missing (0 or . is an empty cell)"
        )),
        "{err}"
    );
    assert!(
        err.contains(&format!("{name}:2:40: unexpected character 'q'")),
        "{err}"
    );
    assert!(
        err.contains(&format!(
            "{name}:3: digit 5 twice in row 2 (columns 3 and 8)"
        )),
        "{err}"
    );
}

#[test]
fn unsolvable_puzzle() {
    // r1c1 sees 2-9 in its row and 1 in its column: no candidate, yet no repeated digit.
    let puzzle = format!(".23456789{}1{}", ".".repeat(27), ".".repeat(44));
    let (code, out, err) = run(&["solve"], &format!("{puzzle}\n"));
    assert_eq!((code, out.as_str()), (1, ""));
    assert!(
        err.contains("-:1: no solution: r1c1 has no candidate left: its houses hold every digit"),
        "{err}"
    );
    // Deeper: the singles the givens force, then the dead end they reach.
    let forced =
        "7.4.....2...8.1...3.........5.6..1..21..4...........9....37.....8....6...9.....5.";
    let (code, _, err) = run(&["solve"], &format!("{forced}\n"));
    assert_eq!(code, 1);
    assert!(
        err.contains("-:1: no solution: after the 2 cells the givens force (r1c2 is 6, r3c2 is 2), r2c2 has no candidate left"),
        "{err}"
    );
    let (_, out, _) = run(&["solve", "--json"], &format!("{puzzle}\n"));
    assert_eq!(json_lines(&out)[0]["status"], "none");
}

#[test]
fn empty_file() {
    let path = temp_file("empty.txt", "");
    let (code, out, err) = run(&["solve", path.to_str().unwrap()], "");
    assert_eq!((code, out.as_str()), (1, ""));
    assert!(err.contains("no puzzle found"), "{err}");
}

#[test]
fn usage_errors_exit_2() {
    assert_eq!(run(&["solve", "--box", "7"], "").0, 2);
    assert_eq!(run(&["frobnicate"], "").0, 2);
    let regions = temp_file("regions.txt", "AAB\nABB\n");
    let (code, _, err) = run(&["solve", "--regions", regions.to_str().unwrap()], "");
    assert_eq!(code, 2);
    assert!(err.contains("region"), "{err}");
}

/// A file that cannot be opened is one error in the batch: the files around it still get
/// their answers, in order, and the run exits 1.
#[test]
fn missing_file_among_others_is_reported_in_order() {
    let good = temp_file("missing-neighbour.txt", &format!("{SEED000}\n"));
    let good = good.to_str().unwrap();
    let (code, out, err) = run(&["solve", good, "/no/such/file.txt", good], "");
    assert_eq!(code, 1);
    assert_eq!(out, format!("{SEED000_SOLUTION}\n{SEED000_SOLUTION}\n"));
    assert!(
        err.starts_with("/no/such/file.txt:1: read error: cannot open: "),
        "{err}"
    );
    let (code, out, _) = run(&["solve", "--json", "/no/such/file.txt", good], "");
    assert_eq!(code, 1);
    let v = json_lines(&out);
    assert_eq!(
        (v[0]["index"].as_u64(), v[0]["status"].as_str()),
        (Some(0), Some("invalid"))
    );
    assert_eq!(v[1]["solution"], SEED000_SOLUTION);
}

/// 10,000 lines of real puzzles with every 100th broken: every good puzzle answered, in
/// order, with any thread count; the broken ones named; exit code 1.
#[test]
fn ten_thousand_lines_with_every_hundredth_broken() {
    let solved =
        std::fs::read_to_string(data_dir().join("bench/puzzles2_17_clue.solved.txt")).unwrap();
    let rows: Vec<(&str, &str)> = solved
        .lines()
        .filter(|l| !l.starts_with('#'))
        .take(10_000)
        .map(|l| (&l[..81], &l[l.len() - 81..]))
        .collect();
    let lines: Vec<String> = rows
        .iter()
        .enumerate()
        .map(|(i, (p, _))| {
            if i % 100 == 99 {
                format!("{}q", &p[..80])
            } else {
                p.to_string()
            }
        })
        .collect();
    let path = temp_file("ten-thousand.txt", &(lines.join("\n") + "\n"));
    let mut outputs = Vec::new();
    for threads in ["1", "2", "5"] {
        let (code, out, _) = run(
            &[
                "solve",
                "--json",
                "--threads",
                threads,
                path.to_str().unwrap(),
            ],
            "",
        );
        assert_eq!(code, 1);
        let values = json_lines(&out);
        assert_eq!(values.len(), 10_000);
        for (i, v) in values.iter().enumerate() {
            assert_eq!(v["index"], i);
            assert_eq!(v["line"], i + 1);
            if i % 100 == 99 {
                assert_eq!(v["status"], "invalid");
                let err = v["error"].as_str().unwrap();
                assert!(
                    err.contains(&format!(":{}:81: unexpected character 'q'", i + 1)),
                    "{err}"
                );
            } else {
                assert_eq!(v["status"], "unique");
                assert_eq!(v["solution"], rows[i].1);
            }
        }
        outputs.push(out);
    }
    assert!(
        outputs.windows(2).all(|w| w[0] == w[1]),
        "same output whatever the thread count"
    );
}

#[test]
fn count_with_limit_and_json() {
    let input = format!("{SEED000}\n{}\n", ".".repeat(16));
    let (code, out, _) = run(&["count", "--limit", "100"], &input);
    assert_eq!(code, 0);
    assert_eq!(out, "1\n100+\n");
    let (_, out, _) = run(&["count", "--json"], &input);
    let v = json_lines(&out);
    assert_eq!(
        (v[0]["count"].as_u64(), v[0]["complete"].as_bool()),
        (Some(1), Some(true))
    );
    assert_eq!(
        (v[1]["count"].as_u64(), v[1]["complete"].as_bool()),
        (Some(288), Some(true))
    );
}

#[test]
fn check_tells_unique_minimal_and_redundant() {
    let seed_with_extra = {
        let mut s = SEED000.to_string();
        s.replace_range(0..1, "6");
        s
    };
    let input = format!(
        "{SEED000}\n{seed_with_extra}\n{}\n",
        SEED000.replacen('3', "0", 1)
    );
    let (code, out, _) = run(&["check"], &input);
    assert_eq!(code, 0, "{out}");
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(lines[0], "-:1: unique, minimal, 17 clues");
    assert!(
        lines[1].starts_with("-:2: unique, not minimal ("),
        "{}",
        lines[1]
    );
    assert!(lines[1].contains("r1c1"), "{}", lines[1]);
    assert_eq!(lines[2], "-:3: several solutions, 16 clues");
    let (_, out, _) = run(&["check", "--json"], &input);
    let v = json_lines(&out);
    assert_eq!(v[0]["minimal"], true);
    assert_eq!(v[1]["minimal"], false);
    assert!(v[2]["minimal"].is_null());
    assert_eq!(v[2]["unique"], false);
}

/// Pencil-mark input narrows the candidates written; a cell left with none is an error.
#[test]
fn candidates_start_from_the_input_pencil_marks() {
    let (code, out, err) = run(
        &["candidates", "--format", "line"],
        &format!(":0000:x:{SEED000}:411 911::\n"),
    );
    assert_eq!(code, 0, "{err}");
    assert_eq!(
        &out[..9],
        ".....678.",
        "r1c1 was 46789 before the deletions"
    );
    let all_of_r1c1: Vec<String> = (1..=9).map(|d| format!("{d}11")).collect();
    let input = format!(":0000:x:{SEED000}:{}::\n", all_of_r1c1.join(" "));
    let (code, _, err) = run(&["candidates"], &input);
    assert_eq!(code, 1);
    assert!(
        err.ends_with("-:1: no solution: r1c1 has no candidate\n"),
        "{err}"
    );
    let (code, _, err) = run(&["candidates", "--propagate"], &input);
    assert_eq!(code, 1);
    assert!(err.contains("r1c1 has no candidate left"), "{err}");
}

/// A 729-symbol candidate string of SEED000: its givens, every candidate elsewhere but
/// r1c2 = {2, 4}.
fn seed000_marks_with_r1c2_24() -> String {
    SEED000
        .chars()
        .enumerate()
        .map(|(i, ch)| match (i, ch.to_digit(10).unwrap()) {
            (1, _) => ".2.4.....".to_string(),
            (_, 0) => "123456789".to_string(),
            (_, d) => (1..=9).map(|k| if k == d { ch } else { '.' }).collect(),
        })
        .collect()
}

/// Candidate strings narrow the marks too, with and without singles; a plain puzzle
/// whose givens leave a cell no digit is an error that names it.
#[test]
fn candidates_from_candidate_strings_and_dead_cells() {
    let input = seed000_marks_with_r1c2_24() + "\n";
    let (code, out, err) = run(&["candidates", "--format", "line"], &input);
    assert_eq!(code, 0, "{err}");
    assert_eq!(
        &out[..18],
        "...4.6789.2.4.....",
        "r1c1 from the givens, r1c2 from the input"
    );
    let (code, out, err) = run(&["candidates", "--format", "line", "--propagate"], &input);
    assert_eq!(code, 0, "{err}");
    let r1c2 = &out[9..18];
    assert!(
        r1c2 == ".2......." || r1c2 == "...4....." || r1c2 == ".2.4.....",
        "{r1c2}"
    );
    let dead = format!("12345678.........9{}\n", ".".repeat(63));
    let (code, out, err) = run(&["candidates"], &dead);
    assert_eq!((code, out.as_str()), (1, ""));
    assert!(
        err.ends_with("-:1: no solution: r1c9 has no candidate\n"),
        "{err}"
    );
}

#[test]
fn candidates_grid_and_propagation() {
    let (code, out, _) = run(&["candidates"], &format!("{SEED000}\n"));
    assert_eq!(code, 0);
    assert!(out.lines().nth(1).unwrap().starts_with("| 46789"), "{out}");
    let (_, out, _) = run(
        &["candidates", "--json", "--propagate"],
        "1.3..2.........4\n",
    );
    let v = &json_lines(&out)[0];
    assert_eq!(v["candidates"].as_array().unwrap().len(), 16);
    let (code, _, err) = run(
        &["candidates", "--propagate"],
        &format!(".23456789{}1{}\n", ".".repeat(27), ".".repeat(44)),
    );
    assert_eq!(code, 1);
    assert!(err.contains("r1c1 has no candidate left"), "{err}");
}

#[test]
fn trace_logs_singles_branches_and_backtracks() {
    let (code, out, _) = run(&["trace"], &format!("{SEED000}\n"));
    assert_eq!(code, 0);
    assert!(
        out.contains("(naked single)") || out.contains("(hidden single in"),
        "{out}"
    );
    assert!(out.contains("branch 1 (push):"), "{out}");
    assert!(
        out.contains(&format!("solution 1: {SEED000_SOLUTION}")),
        "{out}"
    );
    assert!(
        out.contains("search complete: 1 solution") || out.contains("stopped at the limit"),
        "{out}"
    );
    let (code, out, _) = run(&["trace", "--limit", "2"], &format!("{SEED000}\n"));
    assert_eq!(code, 0);
    assert!(out.contains("exhausted (pop)"), "{out}");
    assert!(out.contains("search complete: 1 solution;"), "{out}");
}

#[test]
fn bench_reports_each_file() {
    let path = data_dir().join("bench/puzzles6_forum_hardest_1106.txt");
    let (code, out, _) = run(
        &["bench", "--repeat", "1", "--json", path.to_str().unwrap()],
        "",
    );
    assert_eq!(code, 0);
    let v = &json_lines(&out)[0];
    assert_eq!(v["puzzles"], 375);
    assert!(v["us_per_puzzle"].as_f64().unwrap() > 0.0);
}

#[test]
fn bench_reports_bad_puzzles_and_times_the_rest() {
    let file = temp_file(
        "bench_bad.txt",
        &format!("{SEED000}\n12345\n55{}\n", ".".repeat(79)),
    );
    let (code, out, err) = run(&["bench", "--repeat", "1", file.to_str().unwrap()], "");
    assert_eq!(code, 1, "bad puzzles make the run fail");
    assert!(out.contains("(2 invalid skipped)"), "{out}");
    assert!(err.contains("bench_bad.txt:2:"), "{err}");
    assert!(err.contains("bench_bad.txt:3:"), "{err}");
    // A file that cannot be opened is reported; the files around it are still timed.
    let (code, out, err) = run(
        &[
            "bench",
            "--repeat",
            "1",
            "/no/such/file.txt",
            file.to_str().unwrap(),
        ],
        "",
    );
    assert_eq!(code, 1);
    assert!(
        err.contains("/no/such/file.txt:1: read error: cannot open"),
        "{err}"
    );
    assert!(out.contains("bench_bad.txt"), "{out}");
}

#[test]
fn jigsaw_and_diagonal_layouts() {
    let regions = temp_file("jigsaw4.txt", "AAAB\nCABB\nCCDB\nCDDD\n");
    let (code, out, err) = run(
        &[
            "count",
            "--regions",
            regions.to_str().unwrap(),
            "--limit",
            "1000",
        ],
        "................\n",
    );
    assert_eq!(code, 0, "{err}");
    let n: u64 = out.trim().trim_end_matches('+').parse().unwrap();
    assert!(n > 0, "this jigsaw layout has solutions");
    let (code, out, _) = run(
        &["solve", "--diagonals", "--first"],
        &format!("{}\n", ".".repeat(81)),
    );
    assert_eq!(code, 0);
    let s = out.trim().as_bytes();
    let diag: std::collections::HashSet<u8> = (0..9).map(|i| s[i * 10]).collect();
    assert_eq!(diag.len(), 9, "the main diagonal holds every digit");
}

/// A layout whose regions are not connected, and a puzzle on it with no solution: plain
/// search thrashes on it (found by fuzzing: `count` above limit 64 and `trace` ran
/// without end). Clause learning settles the count at any limit; the trace stops.
#[test]
fn thrashing_layouts_are_settled_or_cut_short() {
    let regions = temp_file(
        "disconnected.txt",
        "AAAAAAAAB\nBBBBBBBBA\nCCCCCCCCC\nDDDDDDDDD\nEEEEEEEEE\nFFFFFFFFF\nGGGGGGGGG\n\
         HHHHHHHHH\nIIIIIIIII\n",
    );
    let puzzle =
        ".3.......3......2............6..1...4.....5.6.......9...8...6525....913.......7..\n";
    let regions = regions.to_str().unwrap();
    for limit in ["2", "65", "1000000"] {
        let (code, out, err) = run(&["count", "--regions", regions, "--limit", limit], puzzle);
        assert_eq!((code, out.trim()), (1, "0"), "limit {limit}: {err}");
    }
    let (code, out, err) = run(&["trace", "--regions", regions], puzzle);
    assert_eq!(code, 1, "an unfinished trace settles nothing");
    assert!(
        out.contains("stopped unfinished, with 0 solutions found"),
        "{out}"
    );
    assert!(err.contains(":1: trace stopped unfinished"), "{err}");
}

#[test]
fn broken_pipe_is_not_an_error() {
    let path = data_dir().join("bench/puzzles3_magictour_top1465.txt");
    let mut child = std::process::Command::new(assert_cmd::cargo::cargo_bin("sudokit"))
        .args(["solve", path.to_str().unwrap()])
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .unwrap();
    drop(child.stdout.take());
    let out = child.wait_with_output().unwrap();
    assert_eq!(
        out.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert!(Path::new(&path).exists());
}

/// Huge input in bounded memory: 256 MiB on one line (a `1 GiB file of one line` does
/// the same, four times longer) is one error, the puzzle after it is solved, and the
/// process never holds more than a few MiB of it (its peak resident size, read from
/// /proc while the input is still open, stays under 64 MiB).
#[test]
fn a_huge_line_is_read_in_bounded_memory() {
    use std::io::Write;
    use std::process::{Command, Stdio};
    let mut child = Command::new(assert_cmd::cargo::cargo_bin("sudokit"))
        .arg("solve")
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let mut stdin = child.stdin.take().unwrap();
    let chunk = vec![b'1'; 1 << 20];
    for _ in 0..256 {
        stdin.write_all(&chunk).unwrap();
    }
    stdin.write_all(b"\n").unwrap();
    stdin
        .write_all(
            b"..3.5.4..7...6.....5.8...6.5....3..4.1..7..8.2..4....7.4...8.5.....4...9..6.1.2..\n",
        )
        .unwrap();
    stdin.flush().unwrap();
    let status = std::fs::read_to_string(format!("/proc/{}/status", child.id())).unwrap();
    let peak_kb: u64 = status
        .lines()
        .find_map(|l| l.strip_prefix("VmHWM:"))
        .and_then(|v| v.trim().trim_end_matches("kB").trim().parse().ok())
        .expect("VmHWM in /proc");
    drop(stdin);
    let out = child.wait_with_output().unwrap();
    let (stdout, stderr) = (
        String::from_utf8_lossy(&out.stdout),
        String::from_utf8_lossy(&out.stderr),
    );
    assert!(peak_kb < 64 * 1024, "peak {peak_kb} kB");
    assert_eq!(out.status.code(), Some(1), "{stderr}");
    assert!(stderr.contains("-:1: line longer than"), "{stderr}");
    assert_eq!(stdout.lines().count(), 1, "{stdout}");
}

/// Killers: solved, counted and checked from the bundled example; a killer with no
/// solution names why, a bad cage is refused with its place and the next puzzle still
/// answered; commands that do not read killers yet say so.
#[test]
fn killers_solve_count_and_check() {
    let example = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../examples/killer.txt");
    let example = example.to_str().unwrap();
    let (code, out, err) = run(&["solve", example], "");
    assert_eq!(code, 0, "{err}");
    assert_eq!(
        out,
        "643758129192463587758291436861924753427536891935187642279645318314872965586319274\n\
         1234341221434321\n"
    );
    let (code, out, _) = run(&["count", "--limit", "10", example], "");
    assert_eq!((code, out.as_str()), (0, "1\n1\n"));
    let (_, out, _) = run(&["check", example], "");
    assert!(out.contains("unique, minimal, 0 clues"), "{out}");
    let bad = "cages:\nAABB\nCDDE\nCFGE\nHFGI\nsums: A=3 B=7 C=5 D=5 E=5 F=4 G=6 H=4 I=9\n\n\
               cages:\nAABB\nCC?E\n\n\
               cages:\nAABB\nCCDD\nEEFF\nGGHH\nsums: A=3 B=3 C=3 D=7 E=3 F=7 G=3 H=7\n\n\
               1.3..2.........4\n";
    let (code, out, err) = run(&["solve"], bad);
    assert_eq!(code, 1);
    assert_eq!(out, "1432324141232314\n");
    let errs: Vec<&str> = err.lines().collect();
    assert_eq!(
        errs[0],
        "-:1: the 1-cell cage at r4c4 has sum 9, but a digit runs from 1 to 4"
    );
    assert!(errs[1].starts_with("-:10: '?' cannot name a cage"), "{err}");
    assert_eq!(
        errs[2],
        "-:12: no solution: the 2-cell cage at r1c3 can no longer make 3 with different digits"
    );
    let (code, _, err) = run(&["canon", example], "");
    assert_ne!(code, 0);
    assert!(err.contains("this is a killer sudoku"), "{err}");
}

/// Hints, explanations and ratings of killers: the killer techniques in a player's
/// words, the whole path to the solution, a level and no SE number.
#[test]
fn killers_hint_explain_and_rate() {
    let example = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../examples/killer.txt");
    let example = example.to_str().unwrap();
    let (code, out, err) = run(&["hint", "--sentence", example], "");
    assert_eq!(code, 0, "{err}");
    assert!(
        out.starts_with(
            "Cage Combinations: the 3-cell cage at r1c1 adds up to 11.\n  \
             1. 3 different digits make 11 in 5 ways: 1+2+8, 1+3+7, 1+4+6, 2+3+6 and 2+4+5.\n  \
             2. None of them uses 9.\n  So 9 cannot go in r1c1, r1c2 or r2c1.\n"
        ),
        "{out}"
    );
    let (code, out, err) = run(&["hint", "--technique", "rule of 45", example], "");
    assert_eq!(code, 0, "{err}");
    assert_eq!(
        out,
        "Innies and Outies: b7 innies r7c3=9 => r7c3=9\n\
         Innies and Outies: c1 outies r1c2=2 => r1c2=2\n"
    );
    let (code, out, err) = run(&["explain", "--json", example], "");
    assert_eq!(code, 0, "{err}");
    let first = out.lines().next().unwrap();
    assert!(first.contains(r#""status":"solved""#), "{first}");
    assert!(first.contains(r#""kind":"sum","of":"cage""#), "{first}");
    assert!(
        first.contains(r#""se":null"#) && first.contains(r#""se_kind":"none""#),
        "{first}"
    );
    let (code, out, err) = run(&["rate", example], "");
    assert_eq!(code, 0, "{err}");
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(lines.len(), 2, "{out}");
    assert!(lines[0].starts_with("- Medium "), "{out}");
    assert!(lines[1].starts_with("- Easy "), "{out}");
    // Pictures draw the cages: dashed outlines, and the sums as text.
    let svg = std::env::temp_dir().join(format!("sudokit-killer-{}.svg", std::process::id()));
    let (code, _, err) = run(&["hint", "--svg", svg.to_str().unwrap(), example], "");
    assert_eq!(code, 0, "{err}");
    let drawn = std::fs::read_to_string(&svg).unwrap();
    let _ = std::fs::remove_file(&svg);
    assert!(
        drawn.contains("stroke-dasharray") && drawn.contains(">29<"),
        "{drawn}"
    );
}

/// `generate --killer`: killers at the level asked, the same for the same seed, read
/// back by every command that takes killers.
#[test]
fn generated_killers_read_back() {
    let args = [
        "generate", "--killer", "--level", "medium", "--seed", "4", "-n", "2",
    ];
    let (code, out, err) = run(&args, "");
    assert_eq!(code, 0, "{err}");
    assert_eq!(out.matches("cages:").count(), 2, "{out}");
    assert_eq!(run(&args, "").1, out, "the same seed, the same killers");
    let (code, counted, _) = run(&["count"], &out);
    assert_eq!((code, counted.as_str()), (0, "1\n1\n"));
    let (code, rated, err) = run(&["rate"], &out);
    assert_eq!(code, 0, "{err}");
    assert!(rated.lines().all(|l| l.starts_with("- Medium ")), "{rated}");
    let (code, explained, err) = run(&["explain", "--json"], &out);
    assert_eq!(code, 0, "{err}");
    assert_eq!(explained.matches(r#""status":"solved""#).count(), 2);
    let (code, json, err) = run(
        &[
            "generate", "--killer", "--seed", "4", "--json", "--size", "6",
        ],
        "",
    );
    assert_eq!(code, 0, "{err}");
    assert!(
        json.contains(r#""se":null"#) && json.contains(r#""killer":"......"#),
        "{json}"
    );
    let (code, _, err) = run(&["generate", "--killer", "--se", "3"], "");
    assert_eq!(code, 2, "{err}");
    assert!(err.contains("no killer scale"), "{err}");
    let (code, _, err) = run(&["generate", "--killer", "--cage-max", "12"], "");
    assert_eq!(code, 2, "{err}");
    assert!(err.contains("a cage has 2 to 9 cells"), "{err}");
}

#[test]
fn killers_go_to_sudokupad_and_f_puzzles_and_come_back() {
    let args = [
        "generate", "--killer", "--level", "medium", "--seed", "4", "-n", "2",
    ];
    let (_, killers, _) = run(&args, "");
    let (_, solved, _) = run(&["solve"], &killers);
    for format in ["sudokupad", "fpuzzles"] {
        let (code, out, err) = run(&[&args[..], &["--format", format]].concat(), "");
        assert_eq!(code, 0, "{err}");
        assert_eq!(out.lines().count(), 2, "{out}");
        if format == "sudokupad" {
            assert!(out
                .lines()
                .all(|l| l.starts_with("https://sudokupad.app/fpuzzlesN4Ig")));
        } else {
            assert!(out.contains(r#""killercage":[{"cells":["R1C1""#), "{out}");
        }
        // The same killers: the same solutions.
        let (code, again, err) = run(&["solve"], &out);
        assert_eq!((code, again.as_str()), (0, solved.as_str()), "{err}");
    }
    // A solution written for SudokuPad is the grid filled, as givens.
    let (code, link, _) = run(&["solve", "--format", "sudokupad"], &killers);
    assert_eq!(code, 0);
    let (_, back, _) = run(&["solve"], &link);
    assert_eq!(back, solved);
    // Another rule is refused by name; the batch goes on.
    let thermo = r#"{"size":4,"grid":[[{},{},{},{}],[{},{},{},{}],[{},{},{},{}],[{},{},{},{}]],"thermometer":[{"lines":[["R1C1","R1C2"]]}]}"#;
    let (code, out, err) = run(&["count"], &format!("{thermo}\n1...............\n"));
    assert_eq!(code, 1, "{err}");
    assert!(
        err.contains("1: f-puzzles/SudokuPad puzzle: it has thermometers"),
        "{err}"
    );
    assert!(out.ends_with("2\n"), "{out}");
}
