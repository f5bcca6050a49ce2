//! The API in memory (`oneshot`, no socket): every endpoint with good and bad input.

use std::time::Duration;

use axum::body::Body;
use axum::http::{header, Method, Request, StatusCode};
use http_body_util::BodyExt;
use serde_json::{json, Value};
use sudokit_web::{app, app_with, Config};
use tower::ServiceExt;

/// A 17-clue puzzle (the `sudoku` crate's README example set) and its solution.
const PUZZLE: &str =
    "003000100100400000000200000000000050007036000000000042200000000000070900580010000";

/// A minimal 25×25 puzzle (`sudokit generate --size 25 --seed 7`) whose uniqueness
/// check runs for minutes: a request about it can only end by being cancelled.
const SLOW_25: &str = concat!(
    ".M.....BJ.6GC....N..F8..DB.I..N...5...JMK8..P.........J....P214..9...H...K.N....O..9G5H.KF..LJM...2.7..KE2.8......LD..G1.9.C.",
    "5...K..2.6....7JB...M...N.......E8H.CD.6.AOK5..J.FHP.F8..G.......EC...2I..K.4..LDF..1N28....I9.OC..3.DN..........E....24..B5.",
    "J..8.GILO..6..3..7N2.5..4...B5C..KD4...2.P6.F.3..J.O2.NB..67E5I8K4...D.P...K..D91..3....MBGH..LC68..FC.G.5....1L.9....3..NI..",
    "2.7.....A.G....H.....D5M.69..MJ3C.....I...ED.P.F8....3C....B.DA1..2......NL....H.......J.N76..G9..I..B1.G7H.4N...P.O9..C...AE",
    ".F.97.6.........3...DL.G.C.B..LO.HE.MN.41..57K..9..LP6D9...A..BCE.OG8J.......5...B4.8D..L...P......A..K.2P.....F351M..A.E.O.B",
);

/// One request; the status and the body as JSON (or as a string when it is not JSON).
async fn call(router: axum::Router, method: Method, path: &str, body: &str) -> (StatusCode, Value) {
    let request = Request::builder()
        .method(method)
        .uri(path)
        .header(header::CONTENT_TYPE, "application/json")
        .body(Body::from(body.to_string()))
        .expect("a request");
    let response = router.oneshot(request).await.expect("an answer");
    let status = response.status();
    let bytes = response
        .into_body()
        .collect()
        .await
        .expect("a body")
        .to_bytes();
    let text = String::from_utf8_lossy(&bytes).to_string();
    (
        status,
        serde_json::from_str(&text).unwrap_or(Value::String(text)),
    )
}

async fn post(path: &str, body: Value) -> (StatusCode, Value) {
    call(app(), Method::POST, path, &body.to_string()).await
}

/// The error message of a 4xx answer.
fn error(v: &Value) -> &str {
    v["error"].as_str().expect("an error message")
}

#[tokio::test]
async fn new_game_is_reproducible_by_seed_and_unique() {
    let ask = json!({"layout": "9x9", "level": "medium", "seed": 11});
    let (status, a) = post("/api/new", ask.clone()).await;
    assert_eq!(status, StatusCode::OK, "{a}");
    let (_, b) = post("/api/new", ask).await;
    assert_eq!(a["puzzle"], b["puzzle"]);
    assert_eq!(a["level"], "Medium");
    assert_eq!(a["seed"], 11);
    assert_eq!(a["layout"]["side"], 9);
    let (_, solved) = post("/api/solve", json!({"puzzle": a["puzzle"]})).await;
    assert_eq!(solved["status"], "unique");
    assert_eq!(solved["solution"], a["solution"]);
}

#[tokio::test]
async fn new_game_on_every_layout_of_the_page() {
    for (layout, side, diagonals) in [
        ("4x4", 4, false),
        ("6x6", 6, false),
        ("16x16", 16, false),
        ("jigsaw", 9, false),
        ("x", 9, true),
    ] {
        let (status, v) = post(
            "/api/new",
            json!({"layout": layout, "level": "easy", "seed": 3}),
        )
        .await;
        assert_eq!(status, StatusCode::OK, "{layout}: {v}");
        assert_eq!(v["layout"]["side"], side, "{layout}");
        assert_eq!(v["layout"]["diagonals"], diagonals, "{layout}");
        let regions = v["layout"]["regions"].as_str().expect("regions");
        assert_eq!(regions.len(), side * side, "{layout}");
        let spec = json!({"puzzle": v["puzzle"], "regions": regions, "diagonals": diagonals});
        let (_, solved) = post("/api/solve", spec).await;
        assert_eq!(solved["status"], "unique", "{layout}: {solved}");
        assert_eq!(solved["solution"], v["solution"], "{layout}");
    }
}

#[tokio::test]
async fn new_game_refuses_unknown_layouts_and_levels() {
    let (status, v) = post("/api/new", json!({"layout": "7x9"})).await;
    assert_eq!(status, StatusCode::BAD_REQUEST);
    assert!(error(&v).contains("unknown layout"), "{v}");
    let (status, v) = post("/api/new", json!({"layout": "30x30"})).await;
    assert_eq!(status, StatusCode::BAD_REQUEST, "{v}");
    let (status, v) = post("/api/new", json!({"level": "fiendish"})).await;
    assert_eq!(status, StatusCode::BAD_REQUEST);
    assert!(error(&v).contains("easy, medium"), "{v}");
    let (status, v) = post("/api/new", json!({"seed": "seven"})).await;
    assert_eq!(status, StatusCode::BAD_REQUEST);
    assert!(error(&v).starts_with("invalid JSON"), "{v}");
}

#[tokio::test]
async fn a_target_not_met_in_the_budget_is_a_clear_422() {
    let quick = Config {
        budget: Duration::from_millis(300),
        ..Config::default()
    };
    // A minimal 25×25 puzzle takes far longer than the budget to make.
    let body = json!({"layout": "25x25", "level": "extreme", "seed": 1}).to_string();
    let (status, v) = call(app_with(quick), Method::POST, "/api/new", &body).await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY, "{v}");
    assert!(error(&v).contains("budget"), "{v}");
}

#[tokio::test]
async fn a_level_the_layout_cannot_have_is_refused_with_the_reason() {
    // Singles solve every 4×4 puzzle with boxes: no try is made.
    let (status, v) = post(
        "/api/new",
        json!({"layout": "4x4", "level": "hard", "seed": 1}),
    )
    .await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY, "{v}");
    assert!(error(&v).contains("singles solve every one"), "{v}");
}

#[tokio::test]
async fn solve_names_the_cells_at_fault() {
    let (status, v) = post("/api/solve", json!({"puzzle": PUZZLE})).await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(v["status"], "unique");
    assert_eq!(v["cells"], json!([]));
    // Two 3s in row 1.
    let twice = format!("3{}", &PUZZLE[1..]);
    let (_, v) = post("/api/solve", json!({"puzzle": twice})).await;
    assert_eq!(v["status"], "invalid");
    assert_eq!(v["cells"], json!(["r1c1", "r1c3"]));
    assert!(error(&v).contains("row 1"), "{v}");
    // One given fewer: several solutions, and a cell that can differ.
    let fewer = format!("{}0{}", &PUZZLE[..2], &PUZZLE[3..]);
    let (_, v) = post("/api/solve", json!({"puzzle": fewer})).await;
    assert_eq!(v["status"], "multiple");
    assert_eq!(v["cells"].as_array().map(Vec::len), Some(1));
    assert!(error(&v).contains("can hold"), "{v}");
    // r1c1 sees 1..8 in its row and column and 9 in its box: no candidate.
    let dead = format!(".12345678{}9{}", ".".repeat(18), ".".repeat(53));
    let (_, v) = post("/api/solve", json!({"puzzle": dead})).await;
    assert_eq!(v["status"], "none", "{v}");
    assert_eq!(v["cells"], json!(["r1c1"]));
    assert!(
        error(&v).starts_with("no solution: r1c1 has no candidate left"),
        "{v}"
    );
    // Deeper: a cell of two candidates, each leading to a dead end by singles.
    let every = "1...48....5....9...26...3.....57.2..8.3.........9............4167..........2.....";
    let (_, v) = post("/api/solve", json!({"puzzle": every})).await;
    assert_eq!(v["status"], "none", "{v}");
    assert_eq!(v["cells"], json!(["r1c2"]));
    assert!(
        error(&v)
            .starts_with("no solution: r1c2 can hold only 3 or 9, and each leads to a dead end"),
        "{v}"
    );
}

#[tokio::test]
async fn solve_reads_any_format_and_layout() {
    let grid = "4 3 . | . . 1\n. . 1 | . 6 .\n------+------\n. 1 . | . . 6\n6 . . | . 1 .\n------+------\n. 6 . | 1 . .\n1 . . | . 3 4\n";
    let (status, v) = post("/api/solve", json!({"puzzle": grid})).await;
    assert_eq!(status, StatusCode::OK, "{v}");
    assert_eq!(v["layout"]["box"], "2x3");
    let (status, v) = post("/api/solve", json!({"puzzle": PUZZLE, "box": "3x4"})).await;
    assert_eq!(status, StatusCode::BAD_REQUEST);
    assert!(error(&v).starts_with("the puzzle, "), "{v}");
    let (status, v) = post("/api/solve", json!({"puzzle": PUZZLE, "box": "9"})).await;
    assert_eq!(status, StatusCode::BAD_REQUEST);
    assert!(error(&v).starts_with("box: "), "{v}");
    let (status, v) = post("/api/solve", json!({"puzzle": PUZZLE, "regions": "AAB"})).await;
    assert_eq!(status, StatusCode::BAD_REQUEST);
    assert!(error(&v).starts_with("regions: "), "{v}");
    // Python and the CLI refuse both too (one set of rules: core's LayoutSpec).
    let both = json!({"puzzle": PUZZLE, "box": "2x3", "regions": "AAABBB".repeat(6)});
    let (status, v) = post("/api/solve", both).await;
    assert_eq!(status, StatusCode::BAD_REQUEST);
    assert_eq!(
        error(&v),
        "give either a box shape or regions, not both",
        "{v}"
    );
}

#[tokio::test]
async fn unreadable_and_oversized_puzzles_are_400_with_the_place() {
    let (status, v) = post("/api/solve", json!({"puzzle": "1...4..3.4..3..q"})).await;
    assert_eq!(status, StatusCode::BAD_REQUEST);
    assert_eq!(
        error(&v),
        "the puzzle, line 1, character 16: unexpected character 'q' (digits are 1-9, then A-P; 0 or . is an empty cell)"
    );
    // A line cut short says how many cells are missing, in a player's words.
    let (status, v) = post("/api/solve", json!({"puzzle": &PUZZLE[..80]})).await;
    assert_eq!(status, StatusCode::BAD_REQUEST);
    assert_eq!(
        error(&v),
        "the puzzle, line 1: 80 cells where a 9×9 puzzle has 81: 1 missing (0 or . is an empty cell)"
    );
    let (status, v) = post("/api/solve", json!({"puzzle": ""})).await;
    assert_eq!(status, StatusCode::BAD_REQUEST);
    assert_eq!(error(&v), "puzzle: no puzzle found");
    // 26×26 has no place in the model: the reader says what it expected.
    let (status, v) = post("/api/solve", json!({"puzzle": ".".repeat(26 * 26)})).await;
    assert_eq!(status, StatusCode::BAD_REQUEST, "{v}");
    let (status, v) = post("/api/solve", json!({})).await;
    assert_eq!(status, StatusCode::BAD_REQUEST);
    assert!(error(&v).contains("missing field `puzzle`"), "{v}");
}

#[tokio::test]
async fn malformed_requests_are_4xx_with_a_message() {
    for (body, says) in [
        ("", "empty"),
        ("{", "EOF"),
        ("[1,2]", "invalid type"),
        ("{\"puzzle\": 5}", "invalid type"),
    ] {
        let (status, v) = call(app(), Method::POST, "/api/solve", body).await;
        assert_eq!(status, StatusCode::BAD_REQUEST, "{body}");
        assert!(error(&v).contains(says), "{body}: {v}");
    }
    let huge = json!({"puzzle": "1".repeat(300 * 1024)}).to_string();
    let (status, v) = call(app(), Method::POST, "/api/solve", &huge).await;
    assert_eq!(status, StatusCode::PAYLOAD_TOO_LARGE);
    assert!(error(&v).contains("too large"), "{v}");
    let (status, v) = call(app(), Method::GET, "/api/solve", "").await;
    assert_eq!(status, StatusCode::METHOD_NOT_ALLOWED);
    assert!(error(&v).contains("POST"), "{v}");
    let (status, v) = call(app(), Method::POST, "/api/nothing", "{}").await;
    assert_eq!(status, StatusCode::NOT_FOUND);
    assert!(error(&v).contains("/api/nothing"), "{v}");
}

#[tokio::test]
async fn check_marks_wrong_cells_and_conflicts() {
    let (_, solved) = post("/api/solve", json!({"puzzle": PUZZLE})).await;
    let solution = solved["solution"].as_str().expect("a solution").to_string();
    let (status, v) = post("/api/check", json!({"puzzle": PUZZLE, "entries": solution})).await;
    assert_eq!(status, StatusCode::OK, "{v}");
    assert_eq!(v["solved"], true);
    assert_eq!(v["wrong"], json!([]));
    // Write 3 in r1c1: a wrong entry (r1c3 holds 3), and two 3s in row 1.
    assert_ne!(&solution[..1], "3");
    let entries = format!("3{}", ".".repeat(80));
    let (_, v) = post("/api/check", json!({"puzzle": PUZZLE, "entries": entries})).await;
    assert_eq!(v["solved"], false);
    assert_eq!(v["complete"], false);
    assert_eq!(v["wrong"], json!(["r1c1"]));
    assert_eq!(v["conflicts"], json!(["r1c1", "r1c3"]));
    // Changing a given is refused.
    let entries = format!("..4{}", ".".repeat(78));
    let (status, v) = post("/api/check", json!({"puzzle": PUZZLE, "entries": entries})).await;
    assert_eq!(status, StatusCode::BAD_REQUEST);
    assert_eq!(error(&v), "entries: r1c3 is a given 3, not 4");
    let (status, v) = post("/api/check", json!({"puzzle": PUZZLE, "entries": "123"})).await;
    assert_eq!(status, StatusCode::BAD_REQUEST);
    assert!(error(&v).starts_with("the entries, line 1: "), "{v}");
    // A puzzle with several solutions has no wrong cells to name.
    let fewer = format!("{}0{}", &PUZZLE[..2], &PUZZLE[3..]);
    let (status, v) = post("/api/check", json!({"puzzle": fewer, "entries": ""})).await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY);
    assert!(error(&v).contains("several solutions"), "{v}");
}

/// A position whose next step is a pointing pair (found with `sudokit hint` on the
/// grid after the singles of a generated Medium puzzle).
const POINTING: &str =
    "7..51..68.6.728...8.1.69.7.....9.68..98....3..5.28..9.9..67.8.3.8.9....62.68.1.49";

#[tokio::test]
async fn hint_gives_every_rung_of_a_pointing_pair() {
    let (status, v) = post("/api/hint", json!({"puzzle": POINTING})).await;
    assert_eq!(status, StatusCode::OK, "{v}");
    assert_eq!(v["status"], "step", "{v}");
    let step = &v["step"];
    assert_eq!(step["technique"], "Locked Candidates (Pointing)", "{step}");
    assert!(
        step["vague"]
            .as_str()
            .expect("vague")
            .contains("look at box"),
        "{step}"
    );
    // The first rung names the box and the line: the two houses of a pointing pair.
    assert_eq!(step["focus"].as_array().map(Vec::len), Some(2), "{step}");
    assert_eq!(step["area"].as_array().map(Vec::len), Some(18 - 3));
    let digit = &step["pattern"]["digit"];
    // The drawing: the box as base, the line as cover, the pattern's candidates.
    let drawing = &step["drawing"];
    let shades: Vec<&str> = drawing["houses"]
        .as_array()
        .expect("houses")
        .iter()
        .map(|h| h["shade"].as_str().unwrap())
        .collect();
    assert_eq!(shades, ["base", "cover"], "{drawing}");
    let pattern: Vec<&serde_json::Value> = drawing["candidates"]
        .as_array()
        .expect("candidates")
        .iter()
        .filter(|c| c["role"] == "pattern")
        .collect();
    assert!((2..=3).contains(&pattern.len()), "{step}");
    assert!(pattern.iter().all(|h| &h["digit"] == digit), "{step}");
    assert!(!step["eliminations"].as_array().expect("list").is_empty());
    // The explanation: an introduction, numbered steps, a conclusion, no notation.
    let lines = step["explanation"].as_array().expect("explanation");
    let kinds: Vec<&str> = lines.iter().map(|l| l["kind"].as_str().unwrap()).collect();
    assert_eq!(kinds.first(), Some(&"intro"), "{step}");
    assert_eq!(kinds.last(), Some(&"conclusion"), "{step}");
    assert!(lines.iter().any(|l| l["number"] == 1), "{step}");
    for l in lines {
        let text = l["text"].as_str().unwrap();
        assert_eq!(sudokit_logic::teach::notation_in(text), None, "{text}");
    }
    assert_eq!(v["candidates"].as_array().map(Vec::len), Some(81));
}

#[tokio::test]
async fn hint_names_the_first_mistake_first() {
    let entries = format!("3{}", ".".repeat(80));
    let (_, v) = post("/api/hint", json!({"puzzle": PUZZLE, "entries": entries})).await;
    assert_eq!(v["status"], "mistake");
    assert_eq!(v["mistake"]["cell"], "r1c1");
    assert_eq!(v["mistake"]["kind"], "wrong-entry");
    assert!(v["mistake"]["message"]
        .as_str()
        .expect("a message")
        .starts_with("r1c1 holds 3"));
    let (_, solved) = post("/api/solve", json!({"puzzle": PUZZLE})).await;
    let right = &solved["solution"].as_str().expect("a solution")[..1];
    // Notes in r1c1 without its digit.
    let without: String = "123456789"
        .chars()
        .filter(|c| c.to_string() != right)
        .collect();
    let with = format!("4{right}");
    let mut notes = vec![""; 81];
    notes[0] = &without;
    let (_, v) = post("/api/hint", json!({"puzzle": PUZZLE, "notes": notes})).await;
    assert_eq!(v["status"], "mistake", "{v}");
    assert_eq!(v["mistake"]["kind"], "lost-candidate");
    assert_eq!(v["mistake"]["cell"], "r1c1");
    // Notes that keep the solution are used as the player's candidates.
    notes[0] = &with;
    let (_, v) = post("/api/hint", json!({"puzzle": PUZZLE, "notes": notes})).await;
    assert_eq!(v["status"], "step", "{v}");
    let mut kept: Vec<char> = with.chars().collect();
    kept.sort_unstable();
    assert_eq!(v["candidates"][0], kept.into_iter().collect::<String>());
    let (status, v) = post("/api/hint", json!({"puzzle": PUZZLE, "notes": ["1"]})).await;
    assert_eq!(status, StatusCode::BAD_REQUEST);
    assert_eq!(
        error(&v),
        "notes: 1 entry, but a 9×9 grid has 81 (an empty string for a cell without notes)"
    );
    // Entries of the wrong size are measured against the whole grid.
    let (status, v) = post("/api/check", json!({"puzzle": PUZZLE, "entries": "123"})).await;
    assert_eq!(status, StatusCode::BAD_REQUEST);
    assert_eq!(
        error(&v),
        "the entries, line 1: 3 cells where a 9×9 puzzle has 81: 78 missing (0 or . is an empty cell)"
    );
    notes[0] = "4x";
    let (status, v) = post("/api/hint", json!({"puzzle": PUZZLE, "notes": notes})).await;
    assert_eq!(status, StatusCode::BAD_REQUEST);
    assert!(error(&v).starts_with("notes: r1c1: 'x'"), "{v}");
}

#[tokio::test]
async fn hint_on_a_solved_grid_says_solved() {
    let (_, solved) = post("/api/solve", json!({"puzzle": PUZZLE})).await;
    let body = json!({"puzzle": PUZZLE, "entries": solved["solution"]});
    let (_, v) = post("/api/hint", body).await;
    assert_eq!(v["status"], "solved");
}

#[tokio::test]
async fn rate_and_explain_agree() {
    let (status, rated) = post("/api/rate", json!({"puzzle": POINTING})).await;
    assert_eq!(status, StatusCode::OK, "{rated}");
    assert_eq!(rated["level"], "Medium");
    let (status, v) = post("/api/explain", json!({"puzzle": POINTING})).await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(v["solved"], true);
    assert_eq!(v["rating"]["se"], rated["se"]);
    let steps = v["steps"].as_array().expect("steps");
    assert_eq!(
        steps.len() as u64,
        rated["steps"].as_u64().expect("a count")
    );
    assert!(steps.iter().all(|s| s["explanation"].is_array()));
}

#[tokio::test]
async fn work_over_the_budget_is_a_422_not_a_hang() {
    let tight = Config {
        budget: Duration::from_millis(1),
        ..Config::default()
    };
    // A hard puzzle of magictour's top1465: its path takes far more than 1 ms.
    let hard = "4...3.......6..8..........1....5..9..8....6...7.2........1.27..5.3....4.9........";
    let body = json!({"puzzle": hard}).to_string();
    let (status, v) = call(app_with(tight), Method::POST, "/api/explain", &body).await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY, "{v}");
    assert!(error(&v).contains("budget"), "{v}");
}

#[tokio::test]
async fn picture_draws_the_position_as_svg() {
    let entries = format!("4{}", &PUZZLE[1..]);
    let mut notes = vec![String::new(); 81];
    notes[1] = "29".into();
    let body = json!({"puzzle": PUZZLE, "entries": entries, "notes": notes}).to_string();
    let request = Request::post("/api/picture")
        .header(header::CONTENT_TYPE, "application/json")
        .body(Body::from(body))
        .expect("a request");
    let response = app().oneshot(request).await.expect("an answer");
    assert_eq!(response.status(), StatusCode::OK);
    assert_eq!(response.headers()[header::CONTENT_TYPE], "image/svg+xml");
    let bytes = response.into_body().collect().await.unwrap().to_bytes();
    let svg = String::from_utf8_lossy(&bytes);
    assert!(svg.starts_with("<svg"), "{svg}");
    // 17 givens in bold, the entry in blue, the two notes small.
    assert_eq!(svg.matches("font-weight=\"bold\"").count(), 17, "{svg}");
    assert_eq!(svg.matches("fill=\"#2b5ea7\"").count(), 1, "{svg}");
    assert!(svg.contains(">2</text>") && svg.contains(">9</text>"));
    // A position that changes a given is a 400.
    let bad = json!({"puzzle": PUZZLE, "entries": format!("009{}", &PUZZLE[3..])});
    let (status, v) = post("/api/picture", json!({"puzzle": PUZZLE, "entries": "12"})).await;
    assert_eq!(status, StatusCode::BAD_REQUEST, "{v}");
    let (status, v) = post("/api/picture", bad).await;
    assert_eq!(status, StatusCode::BAD_REQUEST, "{v}");
}

#[tokio::test]
async fn the_page_is_served_with_security_headers() {
    let request = Request::get("/").body(Body::empty()).expect("a request");
    let response = app().oneshot(request).await.expect("an answer");
    assert_eq!(response.status(), StatusCode::OK);
    let headers = response.headers();
    assert!(headers[header::CONTENT_TYPE]
        .to_str()
        .unwrap()
        .starts_with("text/html"));
    let csp = headers[header::CONTENT_SECURITY_POLICY].to_str().unwrap();
    assert!(csp.contains("script-src 'self'") && !csp.contains("unsafe-inline"));
    assert_eq!(headers[header::X_CONTENT_TYPE_OPTIONS], "nosniff");
    let body = response.into_body().collect().await.unwrap().to_bytes();
    assert!(String::from_utf8_lossy(&body).contains("main.js"));
    for path in ["/main.js", "/style.css", "/model.js"] {
        let (status, _) = call(app(), Method::GET, path, "").await;
        assert_eq!(status, StatusCode::OK, "{path}");
    }
    // Nothing outside the page's own files is served, whatever the path says.
    for path in [
        "/../Cargo.toml",
        "/%2e%2e/Cargo.toml",
        "/src/lib.rs",
        "/etc/passwd",
    ] {
        let (status, _) = call(app(), Method::GET, path, "").await;
        assert_eq!(status, StatusCode::NOT_FOUND, "{path}");
    }
    let (status, _) = call(app(), Method::DELETE, "/", "").await;
    assert_eq!(status, StatusCode::METHOD_NOT_ALLOWED);
}

#[tokio::test]
async fn techniques_are_listed_by_level_with_their_ideas() {
    let (status, v) = post("/api/techniques", json!({})).await;
    assert_eq!(status, StatusCode::OK, "{v}");
    let list = v["techniques"].as_array().expect("a list");
    assert_eq!(list.len(), sudokit_logic::Technique::ALL.len());
    // A killer technique's lesson pictures its example killer, cages drawn; no practice
    // puzzle (those are sudokus).
    let (status, lesson) = post("/api/lesson", json!({"technique": "rule of 45"})).await;
    assert_eq!(status, StatusCode::OK, "{lesson}");
    let svg = lesson["svg"].as_str().unwrap();
    assert!(svg.contains("stroke-dasharray"), "{svg}");
    assert_eq!(lesson["practice"], json!(false));
    let levels: Vec<&str> = list.iter().map(|t| t["level"].as_str().unwrap()).collect();
    let rank = |l: &str| {
        ["Easy", "Medium", "Hard", "Unfair", "Extreme"]
            .iter()
            .position(|x| *x == l)
    };
    assert!(
        levels.windows(2).all(|w| rank(w[0]) <= rank(w[1])),
        "by level: {levels:?}"
    );
    let xwing = list.iter().find(|t| t["name"] == "X-Wing").expect("X-Wing");
    assert_eq!(xwing["practice"], true);
    assert!(xwing["idea"].as_str().unwrap().contains("two columns"));
    let nishio = list
        .iter()
        .find(|t| t["name"] == "Nishio Forcing Chains")
        .expect("Nishio");
    assert_eq!(nishio["practice"], false);
    assert!(nishio["why"].as_str().unwrap().contains("Sudoku Explainer"));
}

#[tokio::test]
async fn a_lesson_gives_the_example_explained_and_drawn() {
    let (status, v) = post("/api/lesson", json!({"technique": "skyscraper"})).await;
    assert_eq!(status, StatusCode::OK, "{v}");
    assert_eq!(v["technique"], "Skyscraper");
    assert!(v["svg"].as_str().unwrap().starts_with("<svg"));
    let step = &v["step"];
    assert_eq!(step["technique"], "Skyscraper");
    let links = step["drawing"]["links"].as_array().expect("links");
    assert_eq!(links.len(), 3, "{step}");
    assert!(links
        .iter()
        .all(|l| l["path"].as_str().unwrap().starts_with('M')));
    assert_eq!(links.iter().filter(|l| l["strong"] == true).count(), 2);
    // Unknown names are a 400 naming the way to the list.
    let (status, v) = post("/api/lesson", json!({"technique": "Quantum Wing"})).await;
    assert_eq!(status, StatusCode::BAD_REQUEST, "{v}");
    assert!(error(&v).contains("/api/techniques"), "{v}");
}

#[tokio::test]
async fn a_practice_game_needs_its_technique() {
    let (status, v) = post("/api/new", json!({"needs": "X-Wing", "seed": 5})).await;
    assert_eq!(status, StatusCode::OK, "{v}");
    assert!(v["techniques"]["X-Wing"].as_u64().unwrap_or(0) > 0, "{v}");
    // A rare one comes from the bank, transformed, and still needs it.
    let (status, v) = post("/api/new", json!({"needs": "Sue de Coq", "seed": 5})).await;
    assert_eq!(status, StatusCode::OK, "{v}");
    assert!(
        v["techniques"]["Sue de Coq"].as_u64().unwrap_or(0) > 0,
        "{v}"
    );
    // A technique no path uses, a level too, or an unknown name: 400s that say why.
    for (body, says) in [
        (json!({"needs": "Nishio"}), "only on request"),
        (
            json!({"needs": "X-Wing", "level": "easy"}),
            "leave layout and level out",
        ),
        (json!({"needs": "Quantum Wing"}), "unknown technique"),
    ] {
        let (status, v) = post("/api/new", body.clone()).await;
        assert_eq!(status, StatusCode::BAD_REQUEST, "{body}: {v}");
        assert!(error(&v).contains(says), "{body}: {v}");
    }
}

#[tokio::test]
async fn count_and_canon_answer_as_the_package_does() {
    let (status, v) = post(
        "/api/count",
        json!({"puzzle": ".".repeat(16), "limit": 1000}),
    )
    .await;
    assert_eq!(status, StatusCode::OK, "{v}");
    assert_eq!(v["count"], 288);
    assert_eq!(v["complete"], true);
    let (_, v) = post("/api/count", json!({"puzzle": PUZZLE})).await;
    assert_eq!(
        (v["count"].as_u64(), v["limit"].as_u64()),
        (Some(1), Some(2))
    );
    let (status, v) = post("/api/count", json!({"puzzle": PUZZLE, "limit": 0})).await;
    assert_eq!(status, StatusCode::BAD_REQUEST);
    assert!(error(&v).contains("limit"), "{v}");
    let (status, v) = post(
        "/api/count",
        json!({"puzzle": format!("11{}", &PUZZLE[2..])}),
    )
    .await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY, "{v}");
    // A puzzle upside down has the same canonical form.
    let flipped: String = PUZZLE
        .as_bytes()
        .chunks(9)
        .rev()
        .map(|r| String::from_utf8_lossy(r).to_string())
        .collect();
    let (_, a) = post("/api/canon", json!({ "puzzle": PUZZLE })).await;
    let (_, b) = post("/api/canon", json!({ "puzzle": flipped })).await;
    assert_eq!(a["canonical"], b["canonical"]);
    assert!(a["canonical"].as_str().is_some_and(|c| c.len() == 81));
}

#[tokio::test]
async fn a_built_site_folder_is_served_with_its_engine_files() {
    let dir = std::env::temp_dir().join(format!("sudokit-site-{}", std::process::id()));
    std::fs::create_dir_all(dir.join("pkg")).expect("a folder");
    std::fs::write(dir.join("index.html"), "<!doctype html><p>site").expect("written");
    std::fs::write(dir.join("site.json"), "{\"engine\": \"wasm\"}").expect("written");
    std::fs::write(dir.join("pkg/sudokit_wasm_bg.wasm"), b"\0asm").expect("written");
    let config = Config {
        assets: Some(dir.clone()),
        ..Config::default()
    };
    let get = |path: &'static str| {
        let request = Request::get(path).body(Body::empty()).expect("a request");
        app_with(config.clone()).oneshot(request)
    };
    let wasm = get("/pkg/sudokit_wasm_bg.wasm").await.expect("an answer");
    assert_eq!(wasm.status(), StatusCode::OK);
    assert_eq!(wasm.headers()[header::CONTENT_TYPE], "application/wasm");
    let (status, v) = call(app_with(config.clone()), Method::GET, "/site.json", "").await;
    assert_eq!((status, &v["engine"]), (StatusCode::OK, &json!("wasm")));
    // Files the folder lacks, and anything outside the site's own names, are 404.
    assert_eq!(
        get("/sw.js").await.expect("an answer").status(),
        StatusCode::NOT_FOUND
    );
    assert_eq!(
        get("/pkg/other.wasm").await.expect("an answer").status(),
        StatusCode::NOT_FOUND
    );
    // Without a folder, the engine files are not there: the page uses the API.
    let (status, _) = call(app(), Method::GET, "/pkg/sudokit_wasm_bg.wasm", "").await;
    assert_eq!(status, StatusCode::NOT_FOUND);
    let (_, v) = call(app(), Method::GET, "/site.json", "").await;
    assert_eq!(v["engine"], "server");
    let (status, _) = call(
        app_with(config),
        Method::POST,
        "/api/solve",
        &json!({"puzzle": PUZZLE}).to_string(),
    )
    .await;
    assert_eq!(status, StatusCode::OK);
    std::fs::remove_dir_all(dir).ok();
}

/// Sends `body` to `path` and gives up after `after`: the client goes away.
async fn abandon(router: axum::Router, path: &str, body: Value, after: Duration) {
    let request = Request::post(path)
        .header(header::CONTENT_TYPE, "application/json")
        .body(Body::from(body.to_string()))
        .expect("a request");
    if let Ok(answer) = tokio::time::timeout(after, router.oneshot(request)).await {
        let status = answer.expect("an answer").status();
        panic!("{path} answered ({status}) before its client left");
    }
}

/// How long the one worker takes to answer a quick request.
async fn next_answer(router: axum::Router) -> Duration {
    let asked = std::time::Instant::now();
    let (status, v) = call(
        router,
        Method::POST,
        "/api/solve",
        &json!({ "puzzle": PUZZLE }).to_string(),
    )
    .await;
    assert_eq!(status, StatusCode::OK, "{v}");
    asked.elapsed()
}

#[tokio::test]
async fn a_pathological_25x25_request_ends_with_its_budget_and_frees_its_worker() {
    let budget = Duration::from_millis(800);
    let router = app_with(Config {
        workers: 1,
        budget,
        ..Config::default()
    });
    for path in ["/api/solve", "/api/count", "/api/rate", "/api/hint"] {
        let asked = std::time::Instant::now();
        let (status, v) = call(
            router.clone(),
            Method::POST,
            path,
            &json!({ "puzzle": SLOW_25 }).to_string(),
        )
        .await;
        let answered = asked.elapsed();
        assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY, "{path}: {v}");
        assert!(error(&v).contains("budget"), "{path}: {v}");
        // The search inside stopped with the budget: the only worker is free at once
        // (before cancellation, it stayed busy for minutes).
        let next = next_answer(router.clone()).await;
        assert!(
            answered + next < budget + Duration::from_millis(400),
            "{path}: answered after {answered:?}, the next request after {next:?} more"
        );
    }
}

#[tokio::test]
async fn work_abandoned_by_its_client_stops_and_frees_its_worker() {
    // One worker and a long budget: a 25×25 Medium game of seed 1 takes 20 s to make,
    // and the 25×25 puzzle's uniqueness check minutes to settle.
    let router = app_with(Config {
        workers: 1,
        budget: Duration::from_secs(60),
        ..Config::default()
    });
    let slow = [
        (
            "/api/new",
            json!({"layout": "25x25", "level": "medium", "seed": 1}),
        ),
        ("/api/solve", json!({ "puzzle": SLOW_25 })),
    ];
    for (path, body) in slow {
        // The client gives up (its request future is dropped).
        abandon(router.clone(), path, body, Duration::from_millis(400)).await;
        let next = next_answer(router.clone()).await;
        assert!(
            next < Duration::from_secs(1),
            "{path}: the next request waited {next:?} for the abandoned one"
        );
    }
}

#[tokio::test]
async fn killers_are_made_played_and_checked_with_their_cages() {
    let (status, game) = post(
        "/api/new",
        json!({"layout": "killer", "level": "easy", "seed": 5}),
    )
    .await;
    assert_eq!(status, StatusCode::OK, "{game}");
    let cages = game["layout"]["cages"].clone();
    assert!(cages.as_array().is_some_and(|c| c.len() > 10), "{game}");
    assert!(game["se"].is_null(), "{game}");
    let puzzle = game["puzzle"].clone();
    // The cages as the answer gave them: one solution, the one made.
    let (status, solved) = post("/api/solve", json!({"puzzle": puzzle, "cages": cages})).await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(
        (&solved["status"], &solved["solution"]),
        (&json!("unique"), &game["solution"])
    );
    assert_eq!(solved["layout"]["cages"], cages);
    // A hint names a killer technique.
    let (_, hint) = post("/api/hint", json!({"puzzle": puzzle, "cages": cages})).await;
    let technique = hint["step"]["technique"].as_str().unwrap_or_default();
    assert!(
        [
            "Cage Combinations",
            "Innies and Outies",
            "Cage/House Interaction"
        ]
        .contains(&technique),
        "{hint}"
    );
    // Bad cages are a 400 naming the cage; canon refuses a killer.
    let (status, bad) = post(
        "/api/solve",
        json!({"puzzle": puzzle, "cages": [{"sum": 3, "cells": [0, 99]}]}),
    )
    .await;
    assert_eq!(status, StatusCode::BAD_REQUEST);
    assert!(
        error(&bad).contains("cages: cell 99 is outside the 9×9 grid"),
        "{bad}"
    );
    let (status, bad) = post(
        "/api/solve",
        json!({"puzzle": puzzle, "cages": [{"sum": 3, "cells": [0, 1, 0]}]}),
    )
    .await;
    assert_eq!(status, StatusCode::BAD_REQUEST);
    assert!(
        error(&bad).contains("cages: the cage at r1c1 lists r1c1 twice"),
        "{bad}"
    );
    let (status, canon) = post("/api/canon", json!({"puzzle": puzzle, "cages": cages})).await;
    assert_eq!(status, StatusCode::BAD_REQUEST);
    assert!(error(&canon).contains("killer"), "{canon}");
}
