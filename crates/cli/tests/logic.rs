//! `hint`, `explain` and `rate` through the real binary: steps, paths, ratings, pencil-mark
//! input and every kind of bad puzzle.

mod common;

use common::{json_lines, run};
use sudokit_testdata::data_dir;

const SEED000: &str =
    "003000100100400000000200000000000050007036000000000042200000000000070900580010000";
const SEED000_SOLUTION: &str =
    "643758129192463587758291436861924753427536891935187642279645318314872965586319274";

/// The first line of HoDoKu's regression library testing technique `code` (e.g. "0300").
fn reglib_line(code: &str) -> String {
    let lib = std::fs::read_to_string(data_dir().join("hodoku/reglib-1.3.txt")).unwrap();
    lib.lines()
        .find(|l| l.starts_with(&format!(":{code}:")))
        .unwrap()
        .to_string()
}

/// `rXcY<>d` for every `dXY` of a reglib elimination field, sorted.
fn expected_eliminations(line: &str) -> Vec<String> {
    let field = line.split(':').nth(5).unwrap();
    let mut v: Vec<String> = field
        .split_whitespace()
        .map(|t| {
            let b = t.as_bytes();
            format!("r{}c{}<>{}", b[1] as char, b[2] as char, b[0] as char)
        })
        .collect();
    v.sort();
    v
}

fn step_eliminations(step: &serde_json::Value) -> Vec<String> {
    let mut v: Vec<String> = step["eliminations"]
        .as_array()
        .unwrap()
        .iter()
        .map(|e| format!("{}<>{}", e["cell"].as_str().unwrap(), e["digit"]))
        .collect();
    v.sort();
    v
}

#[test]
fn hint_finds_the_next_step_of_a_seed() {
    let (code, out, err) = run(&["hint"], &format!("{SEED000}\n"));
    assert_eq!(code, 0, "{err}");
    // The notation: a placement `rXcY=d` whose digit is the solution's.
    let placed = out.split(' ').find(|w| w.contains('=')).unwrap();
    let (cell, digit) = placed.split_once('=').unwrap();
    let (r, c) = cell[1..].split_once('c').unwrap();
    let index = (r.parse::<usize>().unwrap() - 1) * 9 + c.parse::<usize>().unwrap() - 1;
    assert_eq!(&SEED000_SOLUTION[index..=index], digit);
    // With --sentence: the player's explanation, in words and numbered lines, no notation.
    let (code, out, err) = run(&["hint", "--sentence"], &format!("{SEED000}\n"));
    assert_eq!(code, 0, "{err}");
    let lines: Vec<&str> = out.lines().collect();
    assert!(lines[0].starts_with("Hidden Single: in "), "{out}");
    assert!(lines[1].starts_with("  1. "), "{out}");
    assert_eq!(
        lines.last().unwrap(),
        &format!("  So {cell} is {digit}."),
        "{out}"
    );
    assert!(!out.contains("<>") && !out.contains('='), "{out}");
    // With --notation too, the notation line first.
    let (_, both, _) = run(
        &["hint", "--sentence", "--notation"],
        &format!("{SEED000}\n"),
    );
    assert!(
        both.starts_with(&format!("Hidden Single: {cell}={digit} in ")),
        "{both}"
    );
    assert_eq!(both.lines().count(), lines.len() + 1, "{both}");
}

#[test]
fn hint_for_one_technique_on_a_pencil_mark_state() {
    let line = reglib_line("0300");
    for name in ["X-Wing", "x-wing", "xwing", "X Wing", "0300"] {
        let (code, out, err) = run(&["hint", "--technique", name], &format!("{line}\n"));
        assert_eq!(code, 0, "{err}");
        assert_eq!(out, "X-Wing: 3 r37 c34 => r1456c34,r9c4<>3\n", "{name}");
    }
    let (_, out, _) = run(
        &["hint", "--technique", "x-wing", "--json"],
        &format!("{line}\n"),
    );
    let reply = &json_lines(&out)[0];
    assert_eq!(reply["status"], "step");
    assert_eq!(reply["step"]["technique"], "X-Wing");
    assert_eq!(reply["step"]["pattern"]["kind"], "fish");
    assert_eq!(
        step_eliminations(&reply["step"]),
        expected_eliminations(&line)
    );
    // A technique that is not there.
    let (code, out, _) = run(&["hint", "--technique", "jellyfish"], &format!("{line}\n"));
    assert_eq!((code, out.as_str()), (0, "no Jellyfish here\n"));
}

#[test]
fn vague_hint_names_technique_and_area_only() {
    let line = reglib_line("0300");
    let (code, out, _) = run(
        &["hint", "--technique", "X-Wing", "--vague"],
        &format!("{line}\n"),
    );
    assert_eq!((code, out.as_str()), (0, "X-Wing: look at rows 3 and 7\n"));
    let (_, out, _) = run(&["hint", "--vague", "--json"], &format!("{SEED000}\n"));
    let step = &json_lines(&out)[0]["step"];
    assert!(
        step["text"].as_str().unwrap().contains(": look at "),
        "{out}"
    );
    assert!(step.get("eliminations").is_none() && step.get("placements").is_none());
}

#[test]
fn unknown_technique_is_a_usage_error_listing_the_names() {
    let (code, _, err) = run(
        &["hint", "--technique", "Quantum Wing"],
        &format!("{SEED000}\n"),
    );
    assert_eq!(code, 2);
    assert!(
        err.contains("unknown technique \"Quantum Wing\"") && err.contains("XY-Wing"),
        "{err}"
    );
}

#[test]
fn explain_gives_the_whole_path_ending_in_the_solution() {
    let (code, out, err) = run(&["explain", "--json"], &format!("{SEED000}\n"));
    assert_eq!(code, 0, "{err}");
    let reply = &json_lines(&out)[0];
    assert_eq!(reply["status"], "solved");
    assert_eq!(reply["solution"], SEED000_SOLUTION);
    let steps = reply["steps"].as_array().unwrap();
    assert_eq!(
        reply["rating"]["steps"].as_u64().unwrap() as usize,
        steps.len()
    );
    // Every placement of the path is the solution's digit; no elimination removes it.
    for step in steps {
        for p in step["placements"].as_array().unwrap() {
            let i = cell_index(p["cell"].as_str().unwrap());
            assert_eq!(
                SEED000_SOLUTION.as_bytes()[i] - b'0',
                p["digit"].as_u64().unwrap() as u8
            );
        }
        for e in step["eliminations"].as_array().unwrap() {
            let i = cell_index(e["cell"].as_str().unwrap());
            assert_ne!(
                SEED000_SOLUTION.as_bytes()[i] - b'0',
                e["digit"].as_u64().unwrap() as u8
            );
        }
    }

    let (_, text, _) = run(&["explain"], &format!("{SEED000}\n"));
    assert!(text.starts_with("# -:1\n  1. "), "{text}");
    assert!(
        text.contains(&format!("solution: {SEED000_SOLUTION}\n")),
        "{text}"
    );
    assert!(text.contains("\nrating: "), "{text}");
    let numbered = text
        .lines()
        .filter(|l| {
            l.trim_start()
                .split_once(". ")
                .is_some_and(|(n, _)| n.parse::<usize>().is_ok())
        })
        .count();
    assert_eq!(numbered, steps.len());
    // With --sentences: each step explained under its number, in words only.
    let (_, taught, _) = run(&["explain", "--sentences"], &format!("{SEED000}\n"));
    let headed = taught
        .lines()
        .filter(|l| {
            let body = l.trim_start();
            l.len() - body.len() <= 2
                && body
                    .split_once(". ")
                    .is_some_and(|(n, _)| n.parse::<usize>().is_ok())
        })
        .count();
    assert_eq!(headed, steps.len(), "{taught}");
    let explained: Vec<&str> = taught.lines().filter(|l| l.starts_with("     ")).collect();
    assert!(explained.len() >= steps.len(), "{taught}");
    assert!(
        explained
            .iter()
            .all(|l| !l.contains("<>") && !l.contains('=')),
        "{taught}"
    );
    // With grids: a candidate grid before every step beyond singles, so more lines.
    let (_, with_grids, _) = run(&["explain", "--grids"], &format!("{SEED000}\n"));
    let plain = run(&["explain"], &format!("{SEED000}\n")).1;
    let beyond_singles = steps
        .iter()
        .filter(|s| {
            !s["technique"].as_str().unwrap().contains("Single") && s["technique"] != "Full House"
        })
        .count();
    assert!(beyond_singles > 0);
    assert!(
        with_grids.lines().count() >= plain.lines().count() + beyond_singles * 9,
        "{with_grids}"
    );
}

fn cell_index(name: &str) -> usize {
    let (r, c) = name[1..].split_once('c').unwrap();
    (r.parse::<usize>().unwrap() - 1) * 9 + c.parse::<usize>().unwrap() - 1
}

#[test]
fn explain_works_on_a_six_by_six_seed() {
    let path = data_dir().join("seeds/seed001-6x6-givens.txt");
    let (code, out, err) = run(&["explain", "--box", "2x3", path.to_str().unwrap()], "");
    assert_eq!(code, 0, "{err}");
    let answers = std::fs::read_to_string(data_dir().join("seeds/seeds.solved.txt")).unwrap();
    let answer = answers
        .lines()
        .find(|l| l.starts_with("seed001:"))
        .unwrap()
        .rsplit(':')
        .next()
        .unwrap();
    assert!(out.contains(&format!("solution: {answer}\n")), "{out}");
}

#[test]
fn rate_explainer_follows_sudoku_explainers_path() {
    // Rated 10.4/10.4/2.6 by serate 1.2.1.3 (the forum's hardest list): a forcing chain
    // nested in a dynamic one. A 4x4 puzzle keeps the estimate (SE rates only 9x9).
    let top = "..3......4...8..36..8...1...4..6..73...9..........2.....4.7..686...2....7..6..5..";
    let small = "4.1......4..1..3";
    let (code, out, err) = run(&["rate", "--explainer"], &format!("{top}\n{small}\n"));
    assert_eq!(code, 0, "{err}");
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(
        lines[0],
        "10.4/10.4/2.6 Extreme 8126 Dynamic Forcing Chains (+ Forcing Chains)"
    );
    assert_eq!(lines[1], "1.2 Easy 74 Hidden Single");
    let (code, out, _) = run(
        &["rate", "--explainer", "--json"],
        &format!("{top}\n{small}\n"),
    );
    assert_eq!(code, 0);
    let replies = json_lines(&out);
    assert_eq!(
        [&replies[0]["se"], &replies[0]["ep"], &replies[0]["ed"]],
        [10.4, 10.4, 2.6]
    );
    assert_eq!(
        replies[0]["se_hardest"],
        "Dynamic Forcing Chains (+ Forcing Chains)"
    );
    assert_eq!(replies[1]["ep"], serde_json::Value::Null);
}

#[test]
fn rate_reports_every_puzzle_in_order_with_clear_errors() {
    let several = format!("1{}", ".".repeat(80));
    let none = format!(".23456789{}1{}", ".".repeat(27), ".".repeat(44));
    let short = &SEED000[..80];
    let input = format!("{SEED000}\n{short}\n{several}\n{none}\n{SEED000}\n");
    let (code, out, _) = run(&["rate", "--json", "--threads", "2"], &input);
    assert_eq!(code, 1);
    let replies = json_lines(&out);
    assert_eq!(replies.len(), 5);
    for (i, r) in replies.iter().enumerate() {
        assert_eq!(r["index"], i);
    }
    for r in [&replies[0], &replies[4]] {
        assert_eq!(r["error"], serde_json::Value::Null);
        assert!(
            ["Easy", "Medium", "Hard", "Unfair", "Extreme"].contains(&r["level"].as_str().unwrap())
        );
        assert!(r["score"].as_u64().unwrap() > 0);
        let se = r["se"].as_f64().unwrap();
        assert!((1.0..=12.0).contains(&se), "{se}");
        let counted: u64 = r["techniques"]
            .as_object()
            .unwrap()
            .values()
            .map(|v| v.as_u64().unwrap())
            .sum();
        assert_eq!(counted, r["steps"].as_u64().unwrap());
        assert!(r["techniques"]
            .get(r["hardest"].as_str().unwrap())
            .is_some());
    }
    // The same puzzle rates the same wherever it stands.
    let rating = |r: &serde_json::Value| {
        ["level", "score", "se", "hardest", "techniques", "steps"].map(|k| r[k].clone())
    };
    assert_eq!(rating(&replies[0]), rating(&replies[4]));
    let error = |i: usize| replies[i]["error"].as_str().unwrap().to_string();
    assert!(
        error(1).contains("-:2") && error(1).contains("80 cells"),
        "{}",
        error(1)
    );
    assert!(error(2).contains("-:3: several solutions"), "{}", error(2));
    assert!(error(3).contains("-:4: no solution"), "{}", error(3));
    assert_eq!(replies[2]["level"], serde_json::Value::Null);

    let (code, out, err) = run(&["rate"], &input);
    assert_eq!(code, 1);
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(lines.len(), 2, "{out}");
    assert_eq!(lines[0], lines[1]);
    // A 9×9 puzzle's SE rating is Sudoku Explainer's own: ER/EP/ED.
    let fields: Vec<&str> = lines[0].splitn(4, ' ').collect();
    let se: Vec<&str> = fields[0].split('/').collect();
    assert!(
        se.len() == 3 && se.iter().all(|x| x.parse::<f32>().is_ok()),
        "{out}"
    );
    assert!(fields[2].parse::<u32>().is_ok(), "{out}");
    assert_eq!(err.lines().count(), 3, "{err}");
}

#[test]
fn pencil_marks_that_rule_out_the_solution_are_an_error() {
    let line = reglib_line("0300");
    let givens = line.split(':').nth(3).unwrap().to_string();
    // The solution of the first open cell, removed from its candidates.
    let (_, solved, _) = run(&["solve"], &format!("{}\n", givens.replace('+', "")));
    let open = givens.replace('+', "").find('.').unwrap();
    let digit = solved.as_bytes()[open] as char;
    let (r, c) = (open / 9 + 1, open % 9 + 1);
    let mut fields: Vec<String> = line.split(':').map(String::from).collect();
    fields[4] = format!("{digit}{r}{c}");
    let broken = fields.join(":");
    let (code, out, err) = run(&["rate"], &format!("{broken}\n"));
    assert_eq!((code, out.as_str()), (1, ""));
    assert!(
        err.contains(&format!(
            "the pencil marks rule out the solution (r{r}c{c} must be {digit})"
        )),
        "{err}"
    );
    // The untouched state rates fine.
    let (code, _, err) = run(&["rate"], &format!("{line}\n"));
    assert_eq!(code, 0, "{err}");
}

#[test]
fn explain_explainer_shows_nested_chains_indented() {
    // The same puzzle: SE's path as steps, the nested steps with their inner chains.
    let top = "..3......4...8..36..8...1...4..6..73...9..........2.....4.7..686...2....7..6..5..";
    let (code, out, err) = run(
        &["explain", "--explainer", "--sentences", "--notation"],
        &format!("{top}\n"),
    );
    assert_eq!(code, 0, "{err}");
    assert!(
        out.contains(
            "SE 10.4/10.4/2.6 (ER/EP/ED; hardest Dynamic Forcing Chains (+ Forcing Chains))"
        ),
        "{out}"
    );
    // A nested step: its notation, its explanation and its chains (7 spaces), and under
    // a potential an inner chain gave, that chain's rule (9) and its own chain (11).
    let lines: Vec<&str> = out.lines().collect();
    let at = lines
        .iter()
        .position(|l| l.contains(". Dynamic Forcing Chains (+ Forcing Chains): "))
        .expect("a nested step");
    let indent = |l: &str| l.len() - l.trim_start().len();
    assert!(lines[at + 1].trim_start().starts_with("Assuming ") || lines[at + 1].contains(" lead"));
    assert_eq!(indent(lines[at + 2]), 7, "{}", lines[at + 2]);
    let inner = lines[at + 2..]
        .iter()
        .position(|l| indent(l) == 9 && l.contains(", by Forcing X"))
        .expect("an inner chain under the outer one");
    assert_eq!(indent(lines[at + 2 + inner + 1]), 11);
    // As JSON: the potential that an inner chain gave holds that chain.
    let (code, out, _) = run(&["explain", "--explainer", "--json"], &format!("{top}\n"));
    assert_eq!(code, 0);
    let reply = &json_lines(&out)[0];
    assert_eq!(
        [&reply["rating"]["se"], &reply["rating"]["ep"]],
        [10.4, 10.4]
    );
    let nested = reply["steps"]
        .as_array()
        .unwrap()
        .iter()
        .find(|s| s["technique"] == "Dynamic Forcing Chains (+ Forcing Chains)")
        .expect("a nested step");
    assert_eq!(nested["pattern"]["kind"], "chaining");
    let inner = nested["pattern"]["chains"]
        .as_array()
        .unwrap()
        .iter()
        .flat_map(|c| c.as_array().unwrap())
        .find_map(|p| p.get("inner"))
        .expect("a potential with its inner chain");
    assert!(inner["rule"].as_str().unwrap().starts_with("Forcing X"));
}

#[test]
fn hint_asks_for_sudoku_explainers_chaining_rules() {
    let top = "..3......4...8..36..8...1...4..6..73...9..........2.....4.7..686...2....7..6..5..";
    let (code, out, err) = run(
        &[
            "hint",
            "--technique",
            "Dynamic Forcing Chains (+)",
            "--sentence",
        ],
        &format!("{top}\n"),
    );
    assert_eq!(code, 0, "{err}");
    assert!(out.starts_with("Dynamic Forcing Chains (+): "), "{out}");
    assert!(
        out.lines().count() >= 3,
        "notation, sentence, chains: {out}"
    );
    let (code, out, _) = run(&["hint", "--technique", "nishio"], &format!("{top}\n"));
    assert_eq!(code, 0);
    assert!(out.starts_with("Nishio Forcing Chains: "), "{out}");
    // On another size, the answer says why there is none.
    let four = "3..1..3..2....1.";
    let (code, out, _) = run(&["hint", "--technique", "nishio"], &format!("{four}\n"));
    assert_eq!(code, 0);
    assert!(out.contains("9×9 grids only"), "{out}");
    // No path of sudokit's uses them, so no puzzle can be made to need one.
    let (code, _, err) = run(&["generate", "--needs", "Multiple Forcing Chains"], "");
    assert_ne!(code, 0);
    assert!(err.contains("only on request"), "{err}");
}

#[test]
fn order_chooses_between_sudoku_explainer_and_hodoku() {
    // SE's order takes the lowest-rated step: a hidden single (1.2) before a naked
    // single (2.3); HoDoKu's tries naked singles first.
    let (_, se, _) = run(&["hint"], &format!("{SEED000}\n"));
    let (_, hodoku, _) = run(&["hint", "--order", "hodoku"], &format!("{SEED000}\n"));
    assert!(se.starts_with("Hidden Single: "), "{se}");
    assert!(hodoku.starts_with("Naked Single: "), "{hodoku}");
    let (code, _, err) = run(&["rate", "--order", "quick"], &format!("{SEED000}\n"));
    assert_eq!(code, 2);
    assert!(err.contains("--order"), "{err}");
}
