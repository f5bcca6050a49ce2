//! HoDoKu's regression library (hobiwan; `../shared/data/hodoku/reglib-1.3.txt`): one
//! test case per line, for one technique, with the candidate state and the expected
//! eliminations or placements. For every technique sudokit implements, every case must
//! find exactly the expected result among the steps of that technique, and every fail
//! case (`-x`) must find nothing for its digits. Prints the pass count per technique.

use std::collections::{BTreeMap, BTreeSet};

use sudokit_core::format::read_all;
use sudokit_core::{Cell, Digit};
use sudokit_logic::{find_all, teach, Board, Pattern, Step, Technique};

use sudokit_testdata::data_dir;

/// `(digit, cell)` entries written `<digit><row><column>`, blank-separated.
fn entries(field: &str) -> BTreeSet<(Cell, Digit)> {
    field
        .split_whitespace()
        .map(|e| {
            let b = e.as_bytes();
            let (d, r, c) = (b[0] - b'0', (b[1] - b'1') as usize, (b[2] - b'1') as usize);
            (Cell::new(r * 9 + c), Digit::new(d))
        })
        .collect()
}

struct Case {
    line: usize,
    code: String,
    technique: Technique,
    fail_case: bool,
    digits: BTreeSet<Digit>,
    eliminations: BTreeSet<(Cell, Digit)>,
    placements: BTreeSet<(Cell, Digit)>,
    text: String,
}

fn cases() -> (Vec<Case>, BTreeMap<String, usize>) {
    let text = std::fs::read_to_string(data_dir().join("hodoku/reglib-1.3.txt")).unwrap();
    let mut out = Vec::new();
    let mut unsupported: BTreeMap<String, usize> = BTreeMap::new();
    for (i, line) in text.lines().enumerate() {
        if !line.starts_with(':') {
            continue;
        }
        let f: Vec<&str> = line.split(':').collect();
        let code = f[1].to_string();
        let (base, variant) = code.split_once('-').unwrap_or((&code, ""));
        let Some(technique) = Technique::from_name(base) else {
            *unsupported.entry(base.to_string()).or_default() += 1;
            continue;
        };
        out.push(Case {
            line: i + 1,
            code: code.clone(),
            technique,
            fail_case: variant == "x",
            digits: f[2]
                .chars()
                .filter_map(|c| c.to_digit(10))
                .filter(|&d| d > 0)
                .map(|d| Digit::new(d as u8))
                .collect(),
            eliminations: entries(f[5]),
            placements: entries(f[6]),
            text: line.to_string(),
        });
    }
    (out, unsupported)
}

fn passes(case: &Case) -> Result<(), String> {
    let record = read_all(&case.text).remove(0);
    let grid = record.grid.map_err(|e| format!("unreadable: {e}"))?;
    let board = Board::new(&grid, record.marks.as_deref());
    let steps = find_all(&board, case.technique);
    if case.fail_case {
        let involved = steps.iter().find(|s| {
            s.eliminations
                .iter()
                .chain(&s.placements)
                .any(|(_, d)| case.digits.contains(d))
        });
        return match involved {
            None => Ok(()),
            Some(s) => Err(format!(
                "fail case, but found {}",
                sudokit_logic::render::notation(grid.layout(), s)
            )),
        };
    }
    let found = steps.iter().find(|s| {
        s.eliminations.iter().copied().collect::<BTreeSet<_>>() == case.eliminations
            && s.placements.iter().copied().collect::<BTreeSet<_>>() == case.placements
    });
    if let Some(step) = found {
        return teaches(&board, step);
    }
    let seen: Vec<String> = steps
        .iter()
        .take(4)
        .map(|s| sudokit_logic::render::notation(grid.layout(), s))
        .collect();
    Err(format!(
        "expected {:?} / {:?}; found {} steps: {}",
        case.eliminations.len(),
        case.placements.len(),
        steps.len(),
        seen.join(" | ")
    ))
}

/// The player's explanation of a step: no notation; an introduction and a conclusion;
/// the pattern's houses, cells and digits named; every cell the step changes named in
/// the conclusion.
fn teaches(board: &Board, step: &Step) -> Result<(), String> {
    let layout = board.layout();
    let e = teach::explain(board, step);
    let text = e.text().join("\n");
    if let Some(token) = e.text().iter().find_map(|l| teach::notation_in(l)) {
        return Err(format!("notation {token:?} in the explanation:\n{text}"));
    }
    let has = |kind| e.lines.iter().any(|l| l.kind == kind);
    if !has(teach::Kind::Intro) || !has(teach::Kind::Conclusion) {
        return Err(format!("no introduction or conclusion:\n{text}"));
    }
    let conclusion: String = e
        .lines
        .iter()
        .filter(|l| l.kind == teach::Kind::Conclusion)
        .map(|l| l.text.as_str())
        .collect();
    let name = |c: Cell| layout.cell_name(c);
    let mut wanted: Vec<String> = Vec::new();
    let mut cells: Vec<Cell> = Vec::new();
    let mut digits: Vec<Digit> = Vec::new();
    match &step.pattern {
        Pattern::Intersection { digit, base, cover } => {
            wanted.push(teach::houses_in_words(layout, &[*base]));
            wanted.push(teach::houses_in_words(layout, &[*cover]));
            digits.push(*digit);
        }
        Pattern::Subset {
            digits: d,
            house,
            second,
            ..
        } => {
            let mut houses = vec![*house];
            houses.extend(*second);
            wanted.push(teach::houses_in_words(layout, &houses));
            digits.extend(d.iter());
        }
        Pattern::Fish {
            digit,
            base,
            cover,
            fins,
        } => {
            wanted.push(teach::houses_in_words(layout, base));
            wanted.push(teach::houses_in_words(layout, cover));
            cells.extend(fins);
            digits.push(*digit);
        }
        Pattern::Chain(c) => {
            for n in &c.nodes {
                cells.extend(&n.cells);
                digits.push(n.digit);
            }
        }
        Pattern::Rectangle {
            corners, digits: d, ..
        } => {
            cells.extend(corners);
            digits.extend(d);
        }
        _ => cells.extend(step.pattern.cells()),
    }
    for w in wanted {
        if !text.contains(&w) {
            return Err(format!("{w:?} not named:\n{text}"));
        }
    }
    for c in cells {
        if !text.contains(&name(c)) {
            return Err(format!("{} not named:\n{text}", name(c)));
        }
    }
    for d in digits {
        if !text.contains(d.to_char()) {
            return Err(format!("digit {d:?} not named:\n{text}"));
        }
    }
    for &(c, _) in step.eliminations.iter().chain(&step.placements) {
        if !conclusion.contains(&name(c)) {
            return Err(format!("{} not in the conclusion:\n{text}", name(c)));
        }
    }
    Ok(())
}

#[test]
fn hodoku_regression_library() {
    let (cases, unsupported) = cases();
    let mut table: BTreeMap<String, (Technique, usize, usize)> = BTreeMap::new();
    let mut failures = Vec::new();
    for case in &cases {
        let base = case.code.split('-').next().unwrap().to_string();
        let entry = table.entry(base).or_insert((case.technique, 0, 0));
        entry.2 += 1;
        match passes(case) {
            Ok(()) => entry.1 += 1,
            Err(why) => failures.push(format!("line {} ({}): {why}", case.line, case.code)),
        }
    }
    println!("{:<6} {:<36} {:>6}", "code", "technique", "passed");
    for (code, (t, pass, all)) in &table {
        println!("{code:<6} {:<36} {pass:>3}/{all}", t.name());
    }
    let (pass, all): (usize, usize) = table
        .values()
        .fold((0, 0), |(p, a), (_, x, y)| (p + x, a + y));
    println!("total: {pass}/{all} cases of implemented techniques");
    println!("not implemented: {unsupported:?}");
    for f in failures.iter().take(60) {
        println!("FAIL {f}");
    }
    if std::env::var_os("REGLIB_REPORT_ONLY").is_none() {
        assert!(
            failures.is_empty(),
            "{} regression cases fail",
            failures.len()
        );
    }
}
