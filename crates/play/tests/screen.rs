//! The screen, drawn into ratatui's `TestBackend`: key sequences, then the text on screen.

use std::sync::Arc;

use ratatui::backend::TestBackend;
use ratatui::crossterm::event::{KeyCode, KeyEvent, KeyModifiers};
use ratatui::Terminal;
use sudokit_core::{Grid, Layout};
use sudokit_play::{App, Game};

fn app(layout: Layout, line: &str) -> App {
    let values = line
        .chars()
        .map(|c| sudokit_core::Digit::from_char(c).map_or(0, |d| d.get()))
        .collect();
    let puzzle = Grid::from_values(Arc::new(layout), values);
    let solution = sudokit_solver::count(&puzzle, 2).unwrap().solution.unwrap();
    App::new(Game::new(puzzle, solution, "Test · SE 1.0".into()), false)
}

fn press(app: &mut App, keys: &str) {
    for ch in keys.chars() {
        let code = match ch {
            '\u{8}' => KeyCode::Backspace,
            '\u{1b}' => KeyCode::Esc,
            c => KeyCode::Char(c),
        };
        app.handle_key(KeyEvent::new(code, KeyModifiers::NONE));
    }
}

/// The screen as lines of text, trailing spaces trimmed.
fn screen(app: &App, w: u16, h: u16) -> Vec<String> {
    let mut terminal = Terminal::new(TestBackend::new(w, h)).unwrap();
    terminal.draw(|f| f.render_widget(app, f.area())).unwrap();
    let buf = terminal.backend().buffer().clone();
    (0..h)
        .map(|y| {
            let line: String = (0..w).map(|x| buf[(x, y)].symbol().to_string()).collect();
            line.trim_end().to_string()
        })
        .collect()
}

const NINE: &str =
    "..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3..";

#[test]
fn a_nine_by_nine_fits_80x24_with_its_help() {
    let mut a = app(Layout::classic(), NINE);
    press(&mut a, "l4");
    let s = screen(&a, 80, 24);
    assert!(
        s[0].starts_with("sudokit Test · SE 1.0") && s[0].ends_with("00:00"),
        "{s:#?}"
    );
    assert_eq!(s[1], "┏━━━┯━━━┯━━━┳━━━┯━━━┯━━━┳━━━┯━━━┯━━━┓  r1c2: your 4");
    assert!(
        s[2].starts_with("┃   │ 4 │ 3 ┃   │ 2 │   ┃ 6 │   │   ┃  Typing: digits"),
        "{s:#?}"
    );
    assert!(
        s[3].starts_with("┠───┼───┼───╂───┼───┼───╂───┼───┼───┨  Moves: 1"),
        "{s:#?}"
    );
    assert!(
        s[7].starts_with("┣━━━┿━━━┿━━━╋━━━┿━━━┿━━━╋━━━┿━━━┿━━━┫"),
        "{s:#?}"
    );
    assert!(s[19].starts_with("┗━━━┷━━━┷━━━┻"), "{s:#?}");
    assert!(
        s[20].starts_with("? hint · q save & quit · ←↓↑→/hjkl move") && s[22].contains("Esc"),
        "{s:#?}"
    );
}

#[test]
fn notes_conflicts_and_checks_show_without_colour() {
    let mut a = app(Layout::classic(), NINE);
    // r1c1: notes 1 5 (n toggles notes mode), then r1c2: a 3 clashing with r1c3's given.
    press(&mut a, "n15nl3");
    let s = screen(&a, 80, 24);
    assert!(s[2].starts_with("┃15 │!3!│!3!┃"), "{s:#?}");
    press(&mut a, "\u{8}ll");
    press(&mut a, "c");
    let s = screen(&a, 80, 24);
    assert!(
        s.iter().any(|l| l.contains("No mistakes so far.")),
        "{s:#?}"
    );
}

#[test]
fn a_hint_marks_its_place_then_its_pattern() {
    let mut a = app(Layout::classic(), NINE);
    press(&mut a, "?");
    let s = screen(&a, 80, 24);
    assert!(s.join("\n").contains("look at"), "{s:#?}");
    assert!(
        s.iter().any(|l| l.contains('·')),
        "the place to look is marked: {s:#?}"
    );
    press(&mut a, "??");
    let s = screen(&a, 80, 24);
    assert!(
        s.iter().any(|l| l.contains('+')),
        "the placement is marked: {s:#?}"
    );
    assert!(s.join(" ").contains("apply"), "{s:#?}");
}

/// After its singles, this puzzle needs Locked Candidates (Pointing): 6 in box 8, so r9c2
/// is not 6.
const POINTING: &str =
    "....86.7.....9.81.798135426..6.2..8.9.......23...79...8.9.4..6...79125381......94";

#[test]
fn without_colour_the_hint_marks_show_the_digit_the_step_is_about() {
    let mut a = app(Layout::classic(), POINTING);
    press(&mut a, "a??");
    let s = screen(&a, 80, 24);
    // Rung 2: the pattern, the 6s of box 8 on row 9.
    assert!(s[18].contains("[6]"), "{s:#?}");
    assert!(!s[18].contains("-6-"), "what goes is not shown yet: {s:#?}");
    press(&mut a, "?");
    let s = screen(&a, 80, 24);
    // Rung 3: r9c2 loses its 6, marked with that digit; the explanation in the panel.
    assert!(
        s[18].contains("│-6-│") && s[18].contains("┃[6]│[6]│"),
        "{s:#?}"
    );
    let panel = s.join("\n");
    assert!(panel.contains("So r9c2 cannot be 6."), "{s:#?}");
    assert!(panel.contains("1. In box 8"), "{s:#?}");
    assert!(!panel.contains("<>"), "no notation: {s:#?}");
}

#[test]
fn backspace_after_auto_clean_brings_the_notes_back_on_screen() {
    let mut a = app(Layout::classic(), NINE);
    press(&mut a, "a");
    let grid = |s: &[String]| -> Vec<String> {
        s[1..20]
            .iter()
            .map(|l| l.chars().take(37).collect())
            .collect()
    };
    let before = grid(&screen(&a, 80, 24));
    // A candidate of r1c1 that is not its digit: placing it cleans it from the peers.
    let d = a.game.now.notes[0]
        .iter()
        .find(|&d| Some(d) != a.game.solution.get(a.game.cursor))
        .unwrap();
    press(&mut a, &d.to_char().to_string());
    assert_ne!(
        grid(&screen(&a, 80, 24)),
        before,
        "auto-clean changed the notes"
    );
    press(&mut a, "?");
    let s = screen(&a, 80, 24).join("\n");
    assert!(s.contains("Backspace"), "the hint names the way back: {s}");
    press(&mut a, "\u{8}");
    assert_eq!(grid(&screen(&a, 80, 24)), before, "every note is back");
    press(&mut a, "?");
    let s = screen(&a, 80, 24).join("\n");
    assert!(s.contains("look at"), "the next hint is a step: {s}");
}

#[test]
fn escape_puts_a_hint_away_and_never_quits() {
    let mut a = app(Layout::classic(), NINE);
    press(&mut a, "?\u{1b}");
    assert!(!a.quit && a.game.hint.is_none(), "Esc put the hint away");
    press(&mut a, "\u{1b}");
    assert!(!a.quit, "Esc does not quit");
    let s = screen(&a, 80, 24).join("\n");
    assert!(s.contains("q saves and quits"), "{s}");
    press(&mut a, "q");
    assert!(a.quit);
}

#[test]
fn a_six_by_six_draws_boxes_of_two_rows_by_three_columns() {
    let mut a = app(
        Layout::for_side(6).unwrap(),
        "4....1..23...5..3..6..4...54..1....5",
    );
    press(&mut a, "jl");
    // 80×24 has room for big cells (7 × 2: notes 1-3 and 4-6 on two lines).
    let s = screen(&a, 80, 24);
    let thick = "┏━━━━━━━┯━━━━━━━┯━━━━━━━┳━━━━━━━┯━━━━━━━┯━━━━━━━┓  r2c2: empty";
    assert_eq!(s[1], thick);
    assert!(
        s[3].starts_with("┃   4   │       │       ┃       │       │   1   ┃"),
        "{s:#?}"
    );
    assert!(
        s[7].starts_with("┣━━━━━━━┿━━━━━━━┿━━━━━━━╋━━━━━━━┿"),
        "{s:#?}"
    );
    assert!(s.iter().any(|l| l.contains("1-6 place")), "{s:#?}");
    // In a small terminal the cells are compact.
    let s = screen(&a, 60, 18);
    assert_eq!(s[1], "┏━━━┯━━━┯━━━┳━━━┯━━━┯━━━┓  r2c2: empty");
    assert!(s[2].starts_with("┃ 4 │   │   ┃   │   │ 1 ┃"), "{s:#?}");
    assert!(s[5].starts_with("┣━━━┿━━━┿━━━╋━━━┿━━━┿━━━┫"), "{s:#?}");
}

#[test]
fn a_jigsaw_draws_its_regions_with_heavy_lines() {
    let regions = "DCCCCCCCC\nDDGAAFFFC\nDGGAAFBFF\nDGGAAFBFB\nDDGAAFBBB\nDDGGAIBBB\nEEEGIIIIH\nEEIIIIHHH\nEEEEHHHHH\n";
    let line = ".3.......3......2............6..1...4.....5.6.......9...8...6525....913.......7..";
    let a = app(Layout::from_regions_str(regions).unwrap(), line);
    let s = screen(&a, 80, 24);
    assert_eq!(s[1], "┏━━━┳━━━┯━━━┯━━━┯━━━┯━━━┯━━━┯━━━┯━━━┓  r1c1: empty");
    assert!(
        s[2].starts_with("┃   ┃ 3 │   │   │   │   │   │   │   ┃"),
        "{s:#?}"
    );
    assert!(
        s[3].starts_with("┠───╄━━━╈━━━╈━━━┿━━━╈━━━┿━━━┿━━━╅───┨"),
        "{s:#?}"
    );
    // At every size, each line's weight is the same at both ends of every joint.
    for (w, h) in [(80, 24), (60, 16), (100, 42)] {
        let s = screen(&a, w, h);
        joints_agree(&s);
    }
}

/// The weights (0 none, 1 light, 2 heavy) of a box character's arms: up, down, left, right.
fn arms(c: char) -> Option<[u8; 4]> {
    const TABLE: &[(char, [u8; 4])] = &[
        ('─', [0, 0, 1, 1]),
        ('━', [0, 0, 2, 2]),
        ('│', [1, 1, 0, 0]),
        ('┃', [2, 2, 0, 0]),
        ('╼', [0, 0, 1, 2]),
        ('╾', [0, 0, 2, 1]),
        ('╽', [1, 2, 0, 0]),
        ('╿', [2, 1, 0, 0]),
        ('┌', [0, 1, 0, 1]),
        ('┍', [0, 1, 0, 2]),
        ('┎', [0, 2, 0, 1]),
        ('┏', [0, 2, 0, 2]),
        ('┐', [0, 1, 1, 0]),
        ('┑', [0, 1, 2, 0]),
        ('┒', [0, 2, 1, 0]),
        ('┓', [0, 2, 2, 0]),
        ('└', [1, 0, 0, 1]),
        ('┕', [1, 0, 0, 2]),
        ('┖', [2, 0, 0, 1]),
        ('┗', [2, 0, 0, 2]),
        ('┘', [1, 0, 1, 0]),
        ('┙', [1, 0, 2, 0]),
        ('┚', [2, 0, 1, 0]),
        ('┛', [2, 0, 2, 0]),
        ('├', [1, 1, 0, 1]),
        ('┝', [1, 1, 0, 2]),
        ('┞', [2, 1, 0, 1]),
        ('┟', [1, 2, 0, 1]),
        ('┠', [2, 2, 0, 1]),
        ('┡', [2, 1, 0, 2]),
        ('┢', [1, 2, 0, 2]),
        ('┣', [2, 2, 0, 2]),
        ('┤', [1, 1, 1, 0]),
        ('┥', [1, 1, 2, 0]),
        ('┦', [2, 1, 1, 0]),
        ('┧', [1, 2, 1, 0]),
        ('┨', [2, 2, 1, 0]),
        ('┩', [2, 1, 2, 0]),
        ('┪', [1, 2, 2, 0]),
        ('┫', [2, 2, 2, 0]),
        ('┬', [0, 1, 1, 1]),
        ('┭', [0, 1, 2, 1]),
        ('┮', [0, 1, 1, 2]),
        ('┯', [0, 1, 2, 2]),
        ('┰', [0, 2, 1, 1]),
        ('┱', [0, 2, 2, 1]),
        ('┲', [0, 2, 1, 2]),
        ('┳', [0, 2, 2, 2]),
        ('┴', [1, 0, 1, 1]),
        ('┵', [1, 0, 2, 1]),
        ('┶', [1, 0, 1, 2]),
        ('┷', [1, 0, 2, 2]),
        ('┸', [2, 0, 1, 1]),
        ('┹', [2, 0, 2, 1]),
        ('┺', [2, 0, 1, 2]),
        ('┻', [2, 0, 2, 2]),
        ('┼', [1, 1, 1, 1]),
        ('┽', [1, 1, 2, 1]),
        ('┾', [1, 1, 1, 2]),
        ('┿', [1, 1, 2, 2]),
        ('╀', [2, 1, 1, 1]),
        ('╁', [1, 2, 1, 1]),
        ('╂', [2, 2, 1, 1]),
        ('╃', [2, 1, 2, 1]),
        ('╄', [2, 1, 1, 2]),
        ('╅', [1, 2, 2, 1]),
        ('╆', [1, 2, 1, 2]),
        ('╇', [2, 1, 2, 2]),
        ('╈', [1, 2, 2, 2]),
        ('╉', [2, 2, 2, 1]),
        ('╊', [2, 2, 1, 2]),
        ('╋', [2, 2, 2, 2]),
    ];
    TABLE.iter().find(|(x, _)| *x == c).map(|&(_, a)| a)
}

/// Every joint of two box characters carries one weight: a heavy arm meets a heavy arm.
fn joints_agree(s: &[String]) {
    let grid: Vec<Vec<char>> = s.iter().map(|l| l.chars().collect()).collect();
    let at = |y: usize, x: usize| grid.get(y).and_then(|r| r.get(x)).copied().and_then(arms);
    for (y, row) in grid.iter().enumerate() {
        for x in 0..row.len() {
            let Some(a) = at(y, x) else { continue };
            if let Some(r) = at(y, x + 1) {
                if a[3] > 0 && r[2] > 0 {
                    assert_eq!(a[3], r[2], "line {y}, column {x}: {}\n{s:#?}", s[y]);
                }
            }
            if let Some(d) = at(y + 1, x) {
                if a[1] > 0 && d[0] > 0 {
                    assert_eq!(a[1], d[0], "line {y}, column {x}: {}\n{s:#?}", s[y]);
                }
            }
        }
    }
}

#[test]
fn a_small_terminal_says_how_big_it_must_be() {
    let a = app(Layout::for_side(16).unwrap(), &(".".repeat(255) + "1"));
    let s = screen(&a, 60, 20);
    assert!(
        s.join(" ").contains("needs a terminal of at least"),
        "{s:#?}"
    );
}

#[test]
fn pause_hides_the_grid_and_stops_the_clock() {
    let mut a = app(Layout::classic(), NINE);
    press(&mut a, "p");
    a.tick(5000);
    let s = screen(&a, 80, 24);
    assert!(s[2].starts_with("┃   │   │   ┃"), "{s:#?}");
    assert!(s[0].contains("00:00 (paused)"), "{s:#?}");
    press(&mut a, "p");
    a.tick(5000);
    assert_eq!(a.game.elapsed_ms, 5000);
}

#[test]
fn a_tall_terminal_shows_every_note_in_its_place_and_clicks_pick_cells() {
    let mut a = app(Layout::classic(), NINE);
    press(&mut a, "n159");
    let s = screen(&a, 100, 40);
    // Big cells, 7 × 3: notes 1 on the first line, 5 on the second, 9 on the third.
    assert_eq!(
        &s[1][..s[1].find("  r1c1").unwrap()],
        "┏━━━━━━━┯━━━━━━━┯━━━━━━━┳━━━━━━━┯━━━━━━━┯━━━━━━━┳━━━━━━━┯━━━━━━━┯━━━━━━━┓"
    );
    assert!(s[2].starts_with("┃ 1     │"), "{s:#?}");
    assert!(s[3].starts_with("┃   5   │       │   3   ┃"), "{s:#?}");
    assert!(s[4].starts_with("┃     9 │"), "{s:#?}");
    // A click on the middle of r2c3 moves the cursor there.
    let place = a.place.get().expect("drawn");
    let (x, y) = (place.left[2] + 3, place.top[1] + 1);
    a.click(x, y);
    assert_eq!(a.game.cursor, a.game.layout().cell(1, 2));
}

#[test]
fn clicks_pick_cells_on_compact_grids_too() {
    let mut a = app(Layout::classic(), NINE);
    let _ = screen(&a, 80, 24);
    a.click(1 + 4 * 4 + 1, 2 + 2 * 3);
    assert_eq!(a.game.cursor, a.game.layout().cell(3, 4));
    a.click(0, 0);
    assert_eq!(
        a.game.cursor,
        a.game.layout().cell(3, 4),
        "a click off the grid moves nothing"
    );
}

#[test]
fn a_sudoku_x_marks_its_diagonals_in_empty_cells() {
    let line = ".....8..6...............21...13.48.........5.....9....56....1.....2.....8.9....3.";
    let a = app(Layout::classic().with_diagonals(), line);
    let s = screen(&a, 80, 24);
    assert!(s[0].contains("sudoku-X"), "{s:#?}");
    assert!(s[2].starts_with("┃ ╲ │"), "{s:#?}");
    assert!(
        s[10].contains("╳"),
        "the centre, where the diagonals cross: {s:#?}"
    );
    let big = screen(&a, 100, 42);
    assert!(big.iter().any(|l| l.contains('╱')), "{big:#?}");
}

#[test]
fn a_small_terminal_still_shows_how_to_get_a_hint_and_quit() {
    let a = app(Layout::classic(), NINE);
    for (w, h) in [(56, 16), (60, 17), (80, 24)] {
        let s = screen(&a, w, h);
        let bottom = s.iter().rposition(|l| l.contains('┛')).unwrap();
        let footer = s[bottom + 1..].join(" ");
        assert!(
            footer.contains("? hint") && footer.contains("q save & quit"),
            "{w}×{h}: {s:#?}"
        );
    }
}

const SIXTEEN: &str = "AC.........2.G....F6.3.AD...8.B5....4.8..1.....6.G.5...2.....74...B........6...E..C.F.39..2G7.1....286.BFA........8.D.1.E3.C..5.9.1C3.D.....B..7...72.F...8..6....4.BA...6..G5..E..3C.5G.....9D4C.5D.......7E...2........8..FAC1...B..61...A.8..F.....B.9..D....";

#[test]
fn a_sixteen_by_sixteen_at_80x24_keeps_neighbouring_notes_apart() {
    let mut a = app(Layout::for_side(16).unwrap(), SIXTEEN);
    press(&mut a, "a");
    let s = screen(&a, 80, 24);
    // Row 1: A C, then notes; each cell is three characters from the heavy line on.
    let row = &s[2][..s[2].rfind('┃').unwrap()];
    assert!(row.starts_with("┃ A  C "), "{s:#?}");
    let cells: Vec<char> = row.chars().collect();
    for (k, w) in cells.windows(4).enumerate() {
        let text = |c: &char| !c.is_whitespace() && !"┃│".contains(*c);
        assert!(
            !w.iter().all(text),
            "cells run together at column {k}: {row}"
        );
    }
    // A count of notes in superscript, or two notes after a space.
    assert!(
        row.contains(" ⁴") || row.contains(" ⁵") || row.contains(" ⁶"),
        "{row}"
    );
}

/// The style of the screen cell at (x, y).
fn style_at(app: &App, w: u16, h: u16, x: u16, y: u16) -> ratatui::style::Style {
    let mut terminal = Terminal::new(TestBackend::new(w, h)).unwrap();
    terminal.draw(|f| f.render_widget(app, f.area())).unwrap();
    terminal.backend().buffer()[(x, y)].style()
}

#[test]
fn colours_keep_contrast_on_light_and_dark_backgrounds() {
    use ratatui::style::{Color, Modifier};
    use sudokit_play::Theme;
    for theme in [Theme::Dark, Theme::Light] {
        let mut a = app(Layout::classic(), NINE);
        a.color = true;
        a.theme = theme;
        // r1c1: notes (auto-notes), r1c2: an entry 4, then the cursor back to r2c5.
        press(&mut a, "al4jjjl");
        // At 80×24 every line is drawn: r1c1's text is at x 1..4, r1c2's at 5..8.
        let note = style_at(&a, 80, 24, 1, 2);
        let entry = style_at(&a, 80, 24, 6, 2);
        assert!(
            note.add_modifier.contains(Modifier::DIM),
            "{theme:?}: {note:?}"
        );
        assert_eq!(
            note.fg,
            Some(Color::Reset),
            "{theme:?}: notes keep the terminal's own colour"
        );
        let blue = match theme {
            Theme::Dark => Color::LightBlue,
            Theme::Light => Color::Blue,
        };
        assert_eq!(entry.fg, Some(blue), "{theme:?}");
        assert!(!entry.add_modifier.contains(Modifier::DIM));
        // Nothing on a light background is drawn in a pale colour.
        if theme == Theme::Light {
            let mut terminal = Terminal::new(TestBackend::new(80, 24)).unwrap();
            terminal.draw(|f| f.render_widget(&a, f.area())).unwrap();
            let buf = terminal.backend().buffer();
            for cell in buf.content() {
                let pale = [Color::Yellow, Color::LightYellow, Color::White, Color::Gray];
                let fg_pale = pale.contains(&cell.fg);
                assert!(!fg_pale || cell.bg != Color::Reset, "{cell:?}");
            }
        }
    }
    assert_eq!(Theme::from_colorfgbg(Some("0;15")), Theme::Light);
    assert_eq!(Theme::from_colorfgbg(Some("0;default;7")), Theme::Light);
    assert_eq!(Theme::from_colorfgbg(Some("15;0")), Theme::Dark);
    assert_eq!(Theme::from_colorfgbg(None), Theme::Dark);
}

#[test]
fn a_single_hint_names_the_marks_the_screen_shows() {
    for (color, blockers, ruled_out) in [
        (true, "shaded cyan", "shaded grey"),
        (false, "marked *", "marked ×"),
    ] {
        let mut a = app(Layout::classic(), NINE);
        a.color = color;
        press(&mut a, "??");
        assert!(
            a.message.contains(blockers) && a.message.contains(ruled_out),
            "{color}: {}",
            a.message
        );
        let s = screen(&a, 80, 24).join("\n");
        if !color {
            assert!(s.contains('*') && s.contains('×'), "{s}");
        }
    }
}
