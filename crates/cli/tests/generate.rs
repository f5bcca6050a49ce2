//! `generate`, `canon` and `transform` through the real binary.

mod common;

use common::{json_lines, run};

/// Checks through the binary that every puzzle line has one solution.
fn all_unique(lines: &str, extra: &[&str]) {
    let mut args = vec!["count", "--limit", "2", "--json"];
    args.extend_from_slice(extra);
    let (code, out, err) = run(&args, lines);
    assert_eq!(code, 0, "{err}");
    for v in json_lines(&out) {
        assert_eq!(v["count"], 1, "{v}");
    }
}

#[test]
fn same_seed_same_puzzles_on_any_thread_count() {
    let one = run(
        &["generate", "-n", "300", "--seed", "7", "--threads", "1"],
        "",
    );
    let two = run(
        &["generate", "-n", "300", "--seed", "7", "--threads", "2"],
        "",
    );
    let five = run(
        &["generate", "-n", "300", "--seed", "7", "--threads", "5"],
        "",
    );
    assert_eq!(one.0, 0, "{}", one.2);
    assert_eq!(one.1, two.1);
    assert_eq!(one.1, five.1);
    assert_eq!(one.1.lines().count(), 300);
    all_unique(&one.1, &[]);
    // `--skip 2 -n 1` makes the third puzzle again.
    let third = run(&["generate", "--seed", "7", "--skip", "2"], "");
    assert_eq!(third.1.lines().next(), one.1.lines().nth(2));
}

#[test]
fn nearby_seeds_and_other_levels_share_no_puzzle_and_a_random_seed_is_reported() {
    let set = |args: &[&str]| -> std::collections::HashSet<String> {
        let (code, out, err) = run(args, "");
        assert_eq!(code, 0, "{err}");
        out.lines().map(str::to_string).collect()
    };
    let one = set(&["generate", "-n", "200", "--seed", "1"]);
    let two = set(&["generate", "-n", "200", "--seed", "2"]);
    assert_eq!(
        one.intersection(&two).count(),
        0,
        "seeds 1 and 2 share puzzles"
    );
    // One seed, two levels: no solution grid in common.
    let grids = |level: &str| -> std::collections::HashSet<String> {
        let args = [
            "generate", "-n", "5", "--seed", "2026", "--level", level, "--json",
        ];
        let (_, out, _) = run(&args, "");
        json_lines(&out)
            .iter()
            .map(|v| v["solution"].as_str().unwrap().to_string())
            .collect()
    };
    assert_eq!(grids("easy").intersection(&grids("medium")).count(), 0);
    // Without --seed: a random one, said on standard error, that makes the same again.
    let (code, out, err) = run(&["generate", "-n", "2"], "");
    assert_eq!(code, 0);
    let seed = err
        .split_whitespace()
        .nth(1)
        .filter(|_| err.starts_with("seed "))
        .unwrap_or_else(|| panic!("{err}"));
    let (_, again, _) = run(&["generate", "-n", "2", "--seed", seed], "");
    assert_eq!(out, again);
}

#[test]
fn json_has_rating_tries_and_seed() {
    let (code, out, err) = run(
        &[
            "generate",
            "-n",
            "4",
            "--seed",
            "1",
            "--level",
            "hard",
            "--symmetry",
            "rot180",
            "--json",
        ],
        "",
    );
    assert_eq!(code, 0, "{err}");
    assert!(err.starts_with("4 puzzles in "), "{err}");
    assert!(err.contains("candidates tried"), "{err}");
    let lines = json_lines(&out);
    assert_eq!(lines.len(), 4);
    // One puzzle is one puzzle.
    let (code, _, err) = run(&["generate", "--seed", "1", "--level", "easy"], "");
    assert_eq!(code, 0, "{err}");
    assert!(err.starts_with("1 puzzle in "), "{err}");
    for (i, v) in lines.iter().enumerate() {
        assert_eq!(v["level"], "Hard");
        assert_eq!(
            (v["seed"].as_u64(), v["index"].as_u64()),
            (Some(1), Some(i as u64))
        );
        assert!(v["tries"].as_u64().unwrap() >= 1);
        let p = v["puzzle"].as_str().unwrap();
        assert_eq!(v["clues"], p.bytes().filter(|&b| b != b'.').count());
        assert!(v["se"].as_f64().unwrap() >= 1.0);
        // The same puzzle, rated by `sudokit rate`.
        let (_, rated, _) = run(&["rate", "--json"], p);
        assert_eq!(json_lines(&rated)[0]["level"], "Hard");
    }
}

/// Easy puzzles keep the givens singles need (found by fuzzing: a 16×16 Easy puzzle was
/// not found in minutes, because minimal 16×16 puzzles are almost never Easy).
#[test]
fn easy_puzzles_on_large_grids_come_at_once() {
    for size in ["9", "16"] {
        let args = [
            "generate", "--size", size, "--level", "easy", "--seed", "5", "--json",
        ];
        let (code, out, err) = run(&args, "");
        assert_eq!(code, 0, "{err}");
        let v = &json_lines(&out)[0];
        assert_eq!(v["tries"], 1, "{size}: the first candidate is Easy");
        let p = v["puzzle"].as_str().unwrap();
        let (_, rated, _) = run(&["rate", "--json"], p);
        let rated = &json_lines(&rated)[0];
        assert_eq!(rated["level"], "Easy", "{size}: {p}");
        let techniques = rated["techniques"].as_object().unwrap();
        assert!(
            techniques
                .keys()
                .all(|t| t.contains("Single") || t == "Full House"),
            "{techniques:?}"
        );
    }
}

#[test]
fn csv_has_a_header_and_a_column_per_technique() {
    let (code, out, err) = run(&["generate", "-n", "3", "--seed", "2", "--csv"], "");
    assert_eq!(code, 0, "{err}");
    let rows: Vec<Vec<&str>> = out.lines().map(|l| l.split(',').collect()).collect();
    assert_eq!(rows.len(), 4);
    assert_eq!(
        &rows[0][..7],
        ["puzzle", "solution", "clues", "level", "score", "se", "se_kind"]
    );
    assert!(rows[0].contains(&"X-Wing"));
    assert!(rows.iter().all(|r| r.len() == rows[0].len()));
    // A 9×9 row carries Sudoku Explainer's own rating.
    assert!(rows[1..].iter().all(|r| r[6] == "explainer"));
    assert_eq!(&rows[0][8..11], ["seed", "index", "regions"]);
    let singles: usize = rows[1][11..]
        .iter()
        .map(|n| n.parse::<usize>().unwrap())
        .sum();
    assert!(singles > 0);
}

#[test]
fn grids_layouts_and_symmetries() {
    let (code, out, err) = run(
        &["generate", "--grid", "-n", "5", "--method", "shuffle"],
        "",
    );
    assert_eq!(code, 0, "{err}");
    assert!(out.lines().all(|l| l.len() == 81 && !l.contains('.')));
    // Uniform by default; where it is not exact, the user is told.
    let (code, out, err) = run(&["generate", "--grid", "-n", "5", "--seed", "4"], "");
    assert_eq!(code, 0, "{err}");
    assert_eq!(out.lines().count(), 5);
    assert!(err.is_empty(), "{err}");
    let (code, out, err) = run(&["generate", "--grid", "-n", "2", "--size", "16"], "");
    assert_eq!(code, 0, "{err}");
    assert_eq!(out.lines().count(), 2);
    assert!(err.contains("not exactly uniform"), "{err}");
    let (code, out, err) = run(
        &[
            "generate",
            "--size",
            "6",
            "-n",
            "20",
            "--symmetry",
            "mirror",
        ],
        "",
    );
    assert_eq!(code, 0, "{err}");
    all_unique(&out, &[]);
    let (code, out, err) = run(
        &[
            "generate",
            "--box",
            "2x4",
            "-n",
            "5",
            "--symmetry",
            "random",
        ],
        "",
    );
    assert_eq!(code, 0, "{err}");
    all_unique(&out, &["--box", "2x4"]);
    let (code, out, err) = run(&["generate", "--diagonals", "-n", "5", "--clues", "30"], "");
    assert_eq!(code, 0, "{err}");
    assert!(out
        .lines()
        .all(|l| l.bytes().filter(|&b| b != b'.').count() == 30));
    all_unique(&out, &["--diagonals"]);
    let (code, out, err) = run(&["generate", "--jigsaw", "-n", "3", "--json"], "");
    assert_eq!(code, 0, "{err}");
    for v in json_lines(&out) {
        let regions = v["regions"].as_str().unwrap();
        assert_eq!(regions.len(), 81);
        let dir = std::env::temp_dir().join(format!("sudokit-regions-{}", std::process::id()));
        std::fs::write(&dir, regions).unwrap();
        let file = dir.to_str().unwrap();
        all_unique(v["puzzle"].as_str().unwrap(), &["--regions", file]);
        std::fs::remove_file(&dir).unwrap();
    }
}

/// Levels and symmetries are names in any case; a wrong one is refused with the list.
#[test]
fn level_and_symmetry_names_ignore_case() {
    let (code, out, err) = run(
        &[
            "generate",
            "--level",
            "EASY",
            "--symmetry",
            "Rot180",
            "--seed",
            "5",
            "--json",
        ],
        "",
    );
    assert_eq!(code, 0, "{err}");
    let v = &json_lines(&out)[0];
    assert_eq!(v["level"], "Easy");
    let puzzle: Vec<char> = v["puzzle"].as_str().unwrap().chars().collect();
    for i in 0..81 {
        assert_eq!(
            puzzle[i] == '.',
            puzzle[80 - i] == '.',
            "not half-turn symmetric"
        );
    }
    let (code, _, err) = run(&["generate", "--symmetry", "spiral"], "");
    assert_eq!(code, 2);
    assert!(err.contains("rot180") && err.contains("random"), "{err}");
}

#[test]
fn bad_requests_are_usage_errors() {
    for args in [
        &["generate", "--level", "fiendish"][..],
        &["generate", "--se", "8-7"],
        &["generate", "--se", "x"],
        &["generate", "--se", "0"],
        &["generate", "--se", "99"],
        &["generate", "--symmetry", "spiral"],
        &["generate", "--needs", "Magic Wand"],
        &["generate", "--size", "7"],
        &["generate", "--size", "30"],
        &["generate", "--clues", "81"],
        &["generate", "--size", "4", "--clues", "16"],
        &["generate", "--grid", "--level", "easy"],
        &["transform", "--op", "twist"],
    ] {
        let (code, _, err) = run(args, "");
        assert_eq!(code, 2, "{args:?}: {err}");
        assert!(!err.is_empty());
    }
    // Targets no puzzle can hit, told at once (found by fuzzing: they ran until 100,000
    // tries were spent).
    for (args, why) in [
        (
            &["generate", "--level", "easy", "--se", "9+"][..],
            "a path at level Easy never rates within the SE range asked (nearest ratings it can have: 2.3)",
        ),
        (
            &["generate", "--level", "medium", "--se", "4.1"],
            "nearest ratings it can have: 4.0)",
        ),
        (
            &[
                "generate",
                "--needs",
                "Unique Rectangle Type 1",
                "--no-uniqueness",
            ],
            "uniqueness techniques are off",
        ),
        (
            &["generate", "--level", "medium", "--needs", "X-Wing"],
            "X-Wing is a Hard technique",
        ),
        (&["generate", "--se", "2.1"], "nearest ratings it can have: 2.0, 2.3"),
        (
            &["generate", "--needs", "X-Wing", "--se", "2-3"],
            "a path that uses X-Wing never rates within",
        ),
    ] {
        let (code, _, err) = run(args, "");
        assert_eq!(code, 2, "{args:?}: {err}");
        assert!(err.contains("no puzzle can hit this target"), "{err}");
        assert!(err.contains(why), "{args:?}: {err}");
    }
    let (code, out, err) = run(
        &[
            "generate", "--level", "medium", "--se", "3.0", "--seed", "1",
        ],
        "",
    );
    assert_eq!(code, 0, "a Medium range within reach: {err}");
    assert_eq!(out.lines().count(), 1);
    // A target that cannot be met in the tries allowed: a clear message, exit 1.
    let (code, _, err) = run(
        &[
            "generate",
            "--se",
            "11.5-11.9",
            "--tries",
            "5",
            "--seed",
            "1",
        ],
        "",
    );
    assert_eq!(code, 1);
    assert!(err.contains("no puzzle met the target in 5 tries"), "{err}");
    assert!(err.contains("5 candidates tried"), "misses count: {err}");
    assert!(!err.contains("--order hodoku"), "no technique asked: {err}");
    let args = [
        "generate",
        "--needs",
        "Remote Pair",
        "--tries",
        "3",
        "--seed",
        "1",
    ];
    let (code, _, err) = run(&args, "");
    assert_eq!(code, 1);
    assert!(err.contains("--order hodoku tries HoDoKu's order"), "{err}");
}

#[test]
fn canon_is_shared_by_transformed_copies() {
    let (_, puzzles, _) = run(&["generate", "-n", "5", "--seed", "3"], "");
    let (code, moved, err) = run(
        &["transform", "--op", "random,rot90,relabel", "--seed", "4"],
        &puzzles,
    );
    assert_eq!(code, 0, "{err}");
    assert_ne!(moved, puzzles);
    let (_, a, _) = run(&["canon"], &puzzles);
    let (_, b, _) = run(&["canon"], &moved);
    assert_eq!(a, b);
    assert_eq!(a.lines().count(), 5);
    let mut distinct: Vec<&str> = a.lines().collect();
    distinct.sort();
    distinct.dedup();
    assert_eq!(distinct.len(), 5);
    // A quarter turn of 2×3 boxes is not a symmetry of the layout: a clear error per puzzle.
    let (code, _, err) = run(
        &["transform", "--op", "rot90"],
        "1.....\n......\n......\n......\n......\n.....2\n",
    );
    assert_eq!(code, 1);
    assert!(
        err.contains("rot90 does not map this layout onto itself"),
        "{err}"
    );
    // Bad input keeps its place in the batch.
    let (code, out, err) = run(
        &["canon"],
        &format!("{}q\n{}", &puzzles[..80], puzzles.lines().nth(1).unwrap()),
    );
    assert_eq!(code, 1);
    assert!(err.contains("-:1"), "{err}");
    assert_eq!(out.lines().count(), 1);
    // Two equal givens in a row: an error naming them, not a form.
    let (code, out, err) = run(&["canon"], "11..............\n1...............\n");
    assert_eq!(code, 1);
    assert!(
        err.contains("-:1") && err.contains("twice in row 1"),
        "{err}"
    );
    assert_eq!(out.lines().count(), 1);
}

/// Every side a jigsaw is made on, prime sides included (their regions are all there is
/// to read them on), in every format, reads back with its regions.
#[test]
fn every_format_a_jigsaw_is_written_in_reads_back_with_its_regions() {
    for side in ["9", "5", "11"] {
        let made = [
            "generate", "--jigsaw", "-n", "2", "--seed", "3", "--size", side,
        ];
        let (code, expected, err) = run(&[&made[..], &["--json"]].concat(), "");
        assert_eq!(code, 0, "{err}");
        let solutions: Vec<String> = json_lines(&expected)
            .iter()
            .map(|v| v["solution"].as_str().unwrap().to_string())
            .collect();
        let formats: [&[&str]; 7] = [
            &["--format", "line"],
            &["--format", "grid"],
            &["--format", "matrix"],
            &["--format", "triples"],
            &["--format", "json"],
            &["--json"],
            &["--csv"],
        ];
        for how in formats {
            let (code, written, err) = run(&[&made[..], how].concat(), "");
            assert_eq!(code, 0, "{how:?}: {err}");
            let out = std::env::temp_dir().join(format!("jigsaw-{side}-{}.svg", how.join("")));
            let (code, _, err) = run(&["print", "-", "-o", out.to_str().unwrap()], &written);
            assert_eq!(code, 0, "print reads {side}: {how:?}: {err}");
            let (code, out, err) = run(&["solve"], &written);
            assert_eq!(code, 0, "solve reads {side}: {how:?}: {err}");
            let got: Vec<&str> = out.lines().collect();
            assert_eq!(got, solutions, "{side}: {how:?}");
        }
    }
}

/// A killer on a prime side's jigsaw reads back from each form it is written in.
#[test]
fn prime_jigsaw_killers_read_back_in_every_format() {
    let made = [
        "generate", "--killer", "--jigsaw", "--size", "7", "-n", "2", "--seed", "3",
    ];
    for how in [
        &["--format", "line"][..],
        &["--format", "json"],
        &["--json"],
        &["--format", "fpuzzles"],
        &["--format", "sudokupad"],
    ] {
        let (code, written, err) = run(&[&made[..], how].concat(), "");
        assert_eq!(code, 0, "{how:?}: {err}");
        let (code, counted, err) = run(&["count"], &written);
        assert_eq!((code, counted.as_str()), (0, "1\n1\n"), "{how:?}: {err}");
    }
}

#[test]
fn timeout_limits_each_puzzle_and_the_others_still_come() {
    // Minimal 25×25 puzzles whose uniqueness tests run for minutes (seed 7's first took
    // 10 minutes): each of the three gives up after its own half second, inside the test
    // under way, reported in order, and no puzzle is given.
    let started = std::time::Instant::now();
    let (code, out, err) = run(
        &[
            "generate",
            "--size",
            "25",
            "--timeout",
            "0.5",
            "-n",
            "3",
            "--seed",
            "7",
            "-j1",
        ],
        "",
    );
    let took = started.elapsed();
    assert_eq!(code, 1, "{err}");
    assert!(out.is_empty(), "{out}");
    let said: Vec<&str> = err.lines().filter(|l| l.contains("time allowed")).collect();
    assert_eq!(said.len(), 3, "{err}");
    for (i, line) in said.iter().enumerate() {
        assert!(
            line.starts_with(&format!("puzzle {} of seed 7:", i + 1)),
            "{line}"
        );
    }
    // Three half-second limits: the search under way stops at each.
    assert!(took < std::time::Duration::from_secs(10), "{took:?}");
    // Easy ones are made well within the limit, so the timeout changes nothing.
    let (code, out, _) = run(
        &["generate", "--timeout", "30", "-n", "2", "--seed", "3"],
        "",
    );
    let (_, plain, _) = run(&["generate", "-n", "2", "--seed", "3"], "");
    assert_eq!((code, &out), (0, &plain));
    let (code, _, err) = run(&["generate", "--timeout", "soon"], "");
    assert_eq!(code, 2);
    assert!(err.contains("not a number of seconds"), "{err}");
}
