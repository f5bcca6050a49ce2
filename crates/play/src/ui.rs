//! The screen: a title line, the grid drawn with box characters (heavy lines where
//! regions meet, so boxes and jigsaw regions are one rule), a side panel with the cell,
//! the mode and the last message, and two help lines.
//!
//! ```text
//!  sudokit · Medium · SE 2.6                      ┃ r3c4: notes 1 5 7
//!  ┏━━━┯━━━┯━━━┳━━━┯ ...     cell: 3 columns,     ┃ mode: digits
//!  ┃ 5 │   │ 3 ┃           separators: 1          ┃ <message, wrapped>
//!  ┠───┼───┼───╂ ...   (thin separators dropped   ┃
//!  ...                  when the grid must shrink) ┃
//!  ←↓↑→ hjkl move · 1-9 place · ...
//! ```

use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::style::{Color, Modifier, Style};
use ratatui::text::Line;
use ratatui::widgets::{Paragraph, Widget, Wrap};
use sudokit_core::{Cell, Digit, Layout};
use sudokit_logic::teach::{CellRole, Role};

use crate::app::{clock, App, GridPlace, Theme};

/// The width of the side panel at least.
const PANEL: u16 = 24;

/// The size of a cell on screen: `3 × 1` (a digit, or up to three notes), or big enough
/// to show every note in its place (`7 × 3` for 9×9: notes 1–3, 4–6, 7–9 on three lines).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Cells {
    w: u16,
    h: u16,
    /// Note columns in a big cell (0: compact cells).
    notes: usize,
}

impl Cells {
    const COMPACT: Cells = Cells {
        w: 3,
        h: 1,
        notes: 0,
    };

    /// Big cells for a grid of side `n`: note columns as near square as they go.
    fn big(n: usize) -> Cells {
        let cols = (1..=n).find(|c| c * c >= n).unwrap_or(1);
        Cells {
            w: (2 * cols + 1) as u16,
            h: n.div_ceil(cols) as u16,
            notes: cols,
        }
    }
}

/// Which separator lines a grid keeps: all of them, or (to fit a small terminal) only
/// those where regions meet somewhere along them.
struct Lines {
    rows: Vec<bool>,
    cols: Vec<bool>,
}

impl Lines {
    fn new(layout: &Layout, all: bool) -> Lines {
        // A killer keeps every line: cage outlines run along them, sums sit on them.
        let all = all || layout.is_killer();
        let n = layout.side();
        let reg = |r: usize, c: usize| layout.region(layout.cell(r, c));
        let keep = |i: usize, across: &dyn Fn(usize) -> bool| {
            all || i == 0 || i == n || (0..n).any(across)
        };
        Lines {
            rows: (0..=n)
                .map(|i| keep(i, &|c| reg(i - 1, c) != reg(i, c)))
                .collect(),
            cols: (0..=n)
                .map(|i| keep(i, &|r| reg(r, i - 1) != reg(r, i)))
                .collect(),
        }
    }

    /// The screen size of the grid with `cells`: columns, rows.
    fn size(&self, cells: Cells) -> (u16, u16) {
        let n = self.rows.len() as u16 - 1;
        let kept = |v: &[bool]| v.iter().filter(|&&k| k).count() as u16;
        (
            cells.w * n + kept(&self.cols),
            cells.h * n + kept(&self.rows),
        )
    }
}

/// The terminal size a grid drawn this way needs: the grid, the side panel, the title
/// and help lines.
fn fits(size: (u16, u16), area: Rect) -> bool {
    size.0 + 1 + PANEL <= area.width && size.1 + 3 <= area.height
}

/// The smallest terminal that shows this layout: columns, rows.
pub fn needed(layout: &Layout) -> (u16, u16) {
    let (w, h) = Lines::new(layout, false).size(Cells::COMPACT);
    (w + 1 + PANEL, h + 3)
}

/// The roomiest drawing that fits `area`: big cells with every line, compact cells with
/// every line, or compact cells with only the lines where regions meet.
fn choose(layout: &Layout, area: Rect) -> (Lines, Cells) {
    let big = Cells::big(layout.side());
    for (all, cells) in [(true, big), (true, Cells::COMPACT)] {
        let lines = Lines::new(layout, all);
        if fits(lines.size(cells), area) {
            return (lines, cells);
        }
    }
    (Lines::new(layout, false), Cells::COMPACT)
}

impl Widget for &App {
    fn render(self, area: Rect, buf: &mut Buffer) {
        let layout = self.game.layout().clone();
        let (need_w, need_h) = needed(&layout);
        if area.width < need_w || area.height < need_h {
            // "An 11×11 grid …", "A 9×9 grid …".
            let grid = sudokit_core::a_grid(layout.side()).replacen('a', "A", 1);
            let text = format!(
                "{grid} grid needs a terminal of at least {need_w}×{need_h}; this one is {}×{}. Enlarge it, or press q to save and quit.",
                area.width, area.height
            );
            Paragraph::new(text)
                .wrap(Wrap { trim: true })
                .render(area, buf);
            self.place.set(None);
            return;
        }
        let (lines, cells) = choose(&layout, area);
        let (gw, gh) = lines.size(cells);
        self.title(Rect::new(area.x, area.y, area.width, 1), buf);
        let grid_area = Rect::new(area.x, area.y + 1, gw, gh);
        self.grid(&lines, cells, grid_area, buf);
        let panel = Rect::new(area.x + gw + 2, area.y + 1, area.width - gw - 2, gh);
        self.panel(panel, buf);
        self.help(
            Rect::new(area.x, area.y + 1 + gh, area.width, area.height - 1 - gh),
            buf,
        );
    }
}

impl App {
    fn style(&self, color: Color) -> Style {
        if self.color {
            Style::default().fg(color)
        } else {
            Style::default()
        }
    }

    /// The colour for this terminal's background: `dark` on a dark one, else `light`.
    fn pick(&self, dark: Color, light: Color) -> Color {
        match self.theme {
            Theme::Dark => dark,
            Theme::Light => light,
        }
    }

    fn title(&self, area: Rect, buf: &mut Buffer) {
        let bold = Style::default().add_modifier(Modifier::BOLD);
        buf.set_string(area.x, area.y, "sudokit", bold);
        let layout = self.game.layout();
        let about = match (layout.has_diagonals(), layout.is_killer()) {
            (true, false) => format!(
                "{} · sudoku-X: the diagonals are houses too",
                self.game.about
            ),
            (false, true) => format!(
                "{} · killer: each cage adds up to its sum, no digit twice",
                self.game.about
            ),
            (true, true) => format!(
                "{} · killer sudoku-X: cages add up to their sums; diagonals are houses",
                self.game.about
            ),
            (false, false) => self.game.about.clone(),
        };
        buf.set_string(area.x + 8, area.y, about, Style::default());
        let time = if self.paused {
            format!("{} (paused)", clock(self.game.elapsed_ms))
        } else {
            clock(self.game.elapsed_ms)
        };
        let x = area.x + area.width.saturating_sub(time.len() as u16 + 1);
        buf.set_string(x, area.y, time, Style::default());
    }

    fn grid(&self, lines: &Lines, cells: Cells, area: Rect, buf: &mut Buffer) {
        let layout = self.game.layout();
        let n = layout.side();
        let mut place = GridPlace {
            side: n,
            width: cells.w,
            height: cells.h,
            ..GridPlace::default()
        };
        // Screen positions: a kept separator takes a row (column) before its cell row.
        let mut y = area.y;
        let mut tops = Vec::new();
        for r in 0..=n {
            if lines.rows[r] {
                tops.push(Some(y));
                y += 1;
            } else {
                tops.push(None);
            }
            if r < n {
                place.top[r] = y;
                y += cells.h;
            }
        }
        let mut x = area.x;
        let mut lefts = Vec::new();
        for c in 0..=n {
            if lines.cols[c] {
                lefts.push(Some(x));
                x += 1;
            } else {
                lefts.push(None);
            }
            if c < n {
                place.left[c] = x;
                x += cells.w;
            }
        }
        self.separators(&tops, &lefts, &place, buf);
        // Some cells meet without a line between: every cell then parts its notes alike.
        let open = lefts.iter().any(Option::is_none);
        for cell in layout.cells() {
            let (r, c) = (layout.row(cell), layout.col(cell));
            let at = Rect::new(place.left[c], place.top[r], cells.w, cells.h);
            if cells.notes == 0 {
                self.cell(cell, at.x, at.y, open, buf);
            } else {
                self.big_cell(cell, at, cells.notes, buf);
            }
        }
        self.place.set(Some(place));
    }

    /// Thin (dim) and heavy lines, with junctions that join them.
    fn separators(
        &self,
        tops: &[Option<u16>],
        lefts: &[Option<u16>],
        place: &GridPlace,
        buf: &mut Buffer,
    ) {
        let layout = self.game.layout();
        let n = layout.side();
        let reg = |r: usize, c: usize| layout.region(layout.cell(r, c));
        // Is the edge between rows i-1 and i, along column c, heavy?
        let h_heavy = |i: usize, c: usize| i == 0 || i == n || reg(i - 1, c) != reg(i, c);
        let v_heavy = |r: usize, j: usize| j == 0 || j == n || reg(r, j - 1) != reg(r, j);
        // On a killer, an edge inside one cage is blank (or a solid heavy line where a
        // region's edge crosses the cage); a cage's outline is dashed.
        let cage = |r: usize, c: usize| layout.cage_of(layout.cell(r, c));
        let same = |a: Option<usize>, b: Option<usize>| a.is_some() && a == b;
        let killer = layout.is_killer();
        let h_inside =
            |i: usize, c: usize| killer && 0 < i && i < n && same(cage(i - 1, c), cage(i, c));
        let v_inside =
            |r: usize, j: usize| killer && 0 < j && j < n && same(cage(r, j - 1), cage(r, j));
        let h_outline = |i: usize, c: usize| killer && 0 < i && i < n && !h_inside(i, c);
        let v_outline = |r: usize, j: usize| killer && 0 < j && j < n && !v_inside(r, j);
        let thin = self.style(Color::DarkGray);
        let heavy = Style::default();
        let outline = self.style(self.pick(Color::Cyan, Color::Blue));
        for (i, y) in tops.iter().enumerate() {
            let Some(y) = *y else { continue };
            for c in 0..n {
                let (ch, st) = match (h_heavy(i, c), h_inside(i, c), h_outline(i, c)) {
                    (true, _, true) => ("┅", heavy),
                    (true, _, _) => ("━", heavy),
                    (false, true, _) => (" ", thin),
                    (false, _, true) => ("┄", outline),
                    (false, _, _) => ("─", thin),
                };
                let run = ch.repeat(usize::from(place.width));
                buf.set_string(place.left[c], y, run, st);
            }
        }
        for (j, x) in lefts.iter().enumerate() {
            let Some(x) = *x else { continue };
            for r in 0..n {
                let (ch, st) = match (v_heavy(r, j), v_inside(r, j), v_outline(r, j)) {
                    (true, _, true) => ("┇", heavy),
                    (true, _, _) => ("┃", heavy),
                    (false, true, _) => (" ", thin),
                    (false, _, true) => ("┆", outline),
                    (false, _, _) => ("│", thin),
                };
                for k in 0..place.height {
                    buf.set_string(x, place.top[r] + k, ch, st);
                }
            }
        }
        for (i, y) in tops.iter().enumerate() {
            for (j, x) in lefts.iter().enumerate() {
                let (Some(y), Some(x)) = (*y, *x) else {
                    continue;
                };
                // A blank edge inside a cage is no arm.
                let arm = |heavy: bool, inside: bool| (!inside || heavy).then_some(heavy);
                let up = (i > 0)
                    .then(|| arm(v_heavy(i - 1, j), v_inside(i - 1, j)))
                    .flatten();
                let down = (i < n)
                    .then(|| arm(v_heavy(i, j), v_inside(i, j)))
                    .flatten();
                let left = (j > 0)
                    .then(|| arm(h_heavy(i, j - 1), h_inside(i, j - 1)))
                    .flatten();
                let right = (j < n)
                    .then(|| arm(h_heavy(i, j), h_inside(i, j)))
                    .flatten();
                let any_heavy = [up, down, left, right].contains(&Some(true));
                let any_outline = (i > 0 && v_outline(i - 1, j))
                    || (i < n && v_outline(i, j))
                    || (j > 0 && h_outline(i, j - 1))
                    || (j < n && h_outline(i, j));
                // Where only a cage's outline runs through, it stays dashed.
                let across = j > 0 && j < n && h_outline(i, j - 1) && h_outline(i, j);
                let along = i > 0 && i < n && v_outline(i - 1, j) && v_outline(i, j);
                let ch = match (up, down, left, right) {
                    (None, None, Some(l), Some(r)) if across && l == r => {
                        if l {
                            "┅"
                        } else {
                            "┄"
                        }
                    }
                    (Some(u), Some(d), None, None) if along && u == d => {
                        if u {
                            "┇"
                        } else {
                            "┆"
                        }
                    }
                    _ => junction(up, down, left, right),
                };
                let st = match (any_heavy, any_outline) {
                    (true, _) => heavy,
                    (false, true) => outline,
                    (false, false) => thin,
                };
                buf.set_string(x, y, ch, st);
            }
        }
        // Each cage's sum on the line above its first cell, as on paper in its corner.
        for c in layout.cages() {
            let first = c.cells[0];
            let (r, col) = (layout.row(first), layout.col(first));
            if let Some(y) = tops[r] {
                let sum = c.sum.to_string();
                let st = outline.add_modifier(Modifier::BOLD);
                buf.set_string(place.left[col], y, sum, st);
            }
        }
    }

    /// One cell: ` 5 ` (a digit), `157` (up to three notes), `(5)` (five notes). Without
    /// colour, a hint's mark frames the digit it is about: `+7+` placed, `-7-` removed,
    /// `[4]` in the pattern, `{4}` a fin or an extra candidate, `*5*` a digit that rules
    /// out others, ` × ` a cell ruled out, `·5·` the houses to look at.
    /// A compact cell, three characters wide: its digit, or its notes. `open` says cells
    /// meet without a line between, so the first character is kept blank to part a
    /// cell's notes from its neighbour's: two notes then show (three between lines), more
    /// as their count (` ⁵`).
    fn cell(&self, cell: Cell, x: u16, y: u16, open: bool, buf: &mut Buffer) {
        let g = &self.game;
        let text = if self.paused {
            "   ".to_string()
        } else if let Some(d) = g.value(cell) {
            format!(" {} ", d.to_char())
        } else {
            let notes = g.now.notes[cell.index()];
            let listed = notes.iter().map(|d| d.to_char()).collect::<String>();
            match (notes.len(), open) {
                (0, _) => format!(" {} ", self.diagonal_mark(cell)),
                (1..=3, false) => format!("{listed:<3}"),
                (1..=2, true) => format!(" {listed:<2}"),
                (k, _) => format!(" {:<2}", superscript(k)),
            }
        };
        let (style, marks) = self.cell_style(cell);
        let text = match marks {
            Some(m) if !self.paused => {
                let mid = m
                    .digit
                    .map(|d| d.to_char())
                    .or_else(|| text.chars().nth(1))
                    .unwrap_or(' ');
                format!("{}{mid}{}", m.left, m.right)
            }
            _ => text,
        };
        buf.set_string(x, y, text, style);
    }

    /// A big cell: its digit in the middle, or each note in its own place (note `d` on
    /// line `(d-1) / cols`, column `(d-1) % cols`), each styled by the hint's mark of it;
    /// without colour, the cell's mark also stands either side of its middle line.
    fn big_cell(&self, cell: Cell, at: Rect, cols: usize, buf: &mut Buffer) {
        let g = &self.game;
        let (style, marks) = self.cell_style(cell);
        let blank = " ".repeat(usize::from(at.width));
        for k in 0..at.height {
            buf.set_string(at.x, at.y + k, &blank, style);
        }
        if self.paused {
            return;
        }
        let middle = at.y + at.height / 2;
        if let Some(d) = g.value(cell) {
            buf.set_string(at.x + at.width / 2, middle, d.to_char().to_string(), style);
        } else if g.now.notes[cell.index()].is_empty() {
            let mark = self.diagonal_mark(cell).to_string();
            buf.set_string(at.x + at.width / 2, middle, mark, style);
        } else {
            for d in g.now.notes[cell.index()].iter() {
                let (line, col) = (d.index() / cols, d.index() % cols);
                let x = at.x + 1 + 2 * col as u16;
                let st = self.candidate_style(cell, d, style);
                buf.set_string(x, at.y + line as u16, d.to_char().to_string(), st);
            }
        }
        if let Some(m) = marks {
            buf.set_string(at.x, middle, m.left.to_string(), style);
            buf.set_string(at.x + at.width - 1, middle, m.right.to_string(), style);
        }
    }

    /// The style of one candidate in a big cell: its hint role's colour, or without
    /// colour a modifier (placed: reversed, removed: crossed out, in the pattern:
    /// underlined, a fin or extra: italic).
    fn candidate_style(&self, cell: Cell, d: Digit, base: Style) -> Style {
        let Some(hint) = &self.game.hint else {
            return base;
        };
        let Some(&(_, role)) = hint.candidates().iter().find(|(x, _)| *x == (cell, d)) else {
            return base;
        };
        if self.color {
            return base.bg(role_color(role)).fg(Color::Black);
        }
        match role {
            Role::Placed => base.add_modifier(Modifier::REVERSED | Modifier::BOLD),
            Role::Eliminated => base.add_modifier(Modifier::CROSSED_OUT),
            Role::Fin | Role::Extra => base.add_modifier(Modifier::ITALIC | Modifier::UNDERLINED),
            _ => base.add_modifier(Modifier::UNDERLINED | Modifier::BOLD),
        }
    }

    /// On a sudoku-X, what an empty cell of a diagonal shows: `╲`, `╱`, or `╳` where they
    /// cross; a space elsewhere.
    fn diagonal_mark(&self, cell: Cell) -> char {
        let layout = self.game.layout();
        if !layout.has_diagonals() {
            return ' ';
        }
        let (r, c, n) = (layout.row(cell), layout.col(cell), layout.side());
        match (r == c, r + c == n - 1) {
            (true, true) => '╳',
            (true, false) => '╲',
            (false, true) => '╱',
            _ => ' ',
        }
    }

    /// The hint's mark of a cell, the most telling first: a digit placed, removed, of the
    /// pattern (fins and extras apart), a blocker, a cell ruled out, the area to look at.
    fn hint_mark(&self, cell: Cell) -> Option<(CellMark, Option<Digit>)> {
        let g = &self.game;
        let hint = g.hint.as_ref()?;
        let here: Vec<(Digit, Role)> = hint
            .candidates()
            .into_iter()
            .filter(|((c, _), _)| *c == cell)
            .map(|((_, d), r)| (d, r))
            .collect();
        let find =
            |f: &dyn Fn(Role) -> bool| here.iter().find(|(_, r)| f(*r)).map(|&(d, r)| (d, r));
        if let Some((d, _)) = find(&|r| r == Role::Placed) {
            return Some((CellMark::Placed, Some(d)));
        }
        if let Some((d, _)) = find(&|r| r == Role::Eliminated) {
            return Some((CellMark::Eliminated, Some(d)));
        }
        if let Some((d, r)) = find(&|r| !matches!(r, Role::Fin | Role::Extra)) {
            return Some((CellMark::Pattern(r), Some(d)));
        }
        if let Some((d, r)) = find(&|_| true) {
            return Some((CellMark::Pattern(r), Some(d)));
        }
        match hint.cells().iter().find(|(c, _)| *c == cell) {
            Some((_, CellRole::Blocker)) => return Some((CellMark::Blocker, g.value(cell))),
            Some((_, CellRole::RuledOut | CellRole::Broken)) => {
                return Some((CellMark::RuledOut, None))
            }
            None => {}
        }
        hint.area(g)
            .contains(&cell)
            .then_some((CellMark::Area, None))
    }

    /// The style of a cell and, without colour, the marks around its digit.
    fn cell_style(&self, cell: Cell) -> (Style, Option<Marks>) {
        let g = &self.game;
        let layout = g.layout();
        let cursor = g.cursor;
        let mut style = Style::default();
        let mut marks = None;
        let value = g.value(cell);
        if g.is_given(cell) {
            style = style.add_modifier(Modifier::BOLD);
        } else if value.is_some() {
            style = style.patch(self.style(self.pick(Color::LightBlue, Color::Blue)));
        } else {
            // Notes: the terminal's own text colour, dimmed, on any background.
            style = style.add_modifier(Modifier::DIM);
        }
        // The cursor's peers are shaded, but not under a hint, whose shades are its own.
        let peer = cell != cursor && layout.peers(cursor).contains(&cell);
        if peer && self.color && g.hint.is_none() {
            style = style.bg(self.pick(Color::DarkGray, Color::Gray));
        }
        if value.is_some() && value == g.value(cursor) && cell != cursor {
            style = style.add_modifier(Modifier::UNDERLINED);
            if self.color {
                style = style.fg(self.pick(Color::Yellow, Color::Magenta));
            }
        }
        if let Some((mark, digit)) = self.hint_mark(cell) {
            if self.color {
                style = style
                    .bg(mark.color())
                    .fg(Color::Black)
                    .remove_modifier(Modifier::DIM);
                if matches!(mark, CellMark::Blocker | CellMark::Placed) {
                    style = style.add_modifier(Modifier::BOLD);
                }
            } else {
                let (left, right) = mark.chars();
                marks = Some(Marks { left, right, digit });
            }
        }
        if g.wrong.contains(&cell) || g.conflicts().contains(&cell) {
            if self.color {
                let red = self.pick(Color::LightRed, Color::Red);
                style = style.fg(red).add_modifier(Modifier::BOLD);
            }
            marks = Some(Marks {
                left: '!',
                right: '!',
                digit: None,
            });
        }
        if g.clashes.contains(&cell) {
            if self.color {
                style = style
                    .fg(self.pick(Color::Yellow, Color::Magenta))
                    .add_modifier(Modifier::BOLD | Modifier::UNDERLINED);
            }
            marks = Some(Marks {
                left: '<',
                right: '>',
                digit: None,
            });
        }
        if cell == cursor {
            style = style.add_modifier(Modifier::REVERSED);
        }
        (style, marks)
    }

    fn panel(&self, area: Rect, buf: &mut Buffer) {
        let g = &self.game;
        let layout = g.layout();
        let cell = g.cursor;
        let what = match g.value(cell) {
            Some(d) if g.is_given(cell) => format!("given {}", d.to_char()),
            Some(d) => format!("your {}", d.to_char()),
            None => {
                let notes: Vec<String> = g.now.notes[cell.index()]
                    .iter()
                    .map(|d| d.to_char().to_string())
                    .collect();
                if notes.is_empty() {
                    "empty".into()
                } else {
                    format!("notes {}", notes.join(" "))
                }
            }
        };
        let mode = if g.notes_mode {
            "NOTES (n: digits)"
        } else {
            "digits (n: notes)"
        };
        let mut text = vec![Line::from(format!("{}: {what}", layout.cell_name(cell)))];
        if let Some(k) = layout.cage_of(cell) {
            let cage = &layout.cages()[k];
            text.push(Line::from(format!(
                "Cage: {} cells adding up to {}",
                cage.cells.len(),
                cage.sum
            )));
        }
        text.extend([
            Line::from(format!("Typing: {mode}")),
            Line::from(format!("Moves: {}", g.moves())),
            Line::from(""),
        ]);
        text.push(Line::styled(
            self.message.clone(),
            Style::default().add_modifier(Modifier::BOLD),
        ));
        if let Some(hint) = &g.hint {
            if !hint.lines().is_empty() {
                text.push(Line::from(""));
            }
            text.extend(hint.lines().iter().map(|l| Line::from(l.clone())));
        }
        Paragraph::new(text)
            .wrap(Wrap { trim: false })
            .scroll((self.scroll, 0))
            .render(area, buf);
    }

    /// The keys, most needed first, as many whole items as the rows left hold (a small
    /// terminal keeps the hint and quitting, and drops the rest).
    fn help(&self, area: Rect, buf: &mut Buffer) {
        let side = self.game.layout().side();
        let last = sudokit_core::Digit::from_index(side - 1).to_char();
        let digits = if side > 9 {
            format!("1-9 A-{last}")
        } else {
            format!("1-{last}")
        };
        let items = [
            "? hint".to_string(),
            "q save & quit".to_string(),
            "←↓↑→/hjkl move".to_string(),
            format!("{digits} place"),
            "0 clear".to_string(),
            "n notes".to_string(),
            "a auto-notes".to_string(),
            "u undo".to_string(),
            "^R redo".to_string(),
            "c check".to_string(),
            "m first mistake".to_string(),
            "s step".to_string(),
            "p pause".to_string(),
            "Esc put a hint away".to_string(),
        ];
        let width = usize::from(area.width).max(1);
        let mut lines: Vec<String> = Vec::new();
        for item in &items {
            let n = item.chars().count();
            let joins = lines
                .last()
                .is_some_and(|l| l.chars().count() + 3 + n <= width);
            if joins {
                if let Some(l) = lines.last_mut() {
                    l.push_str(" · ");
                    l.push_str(item);
                }
            } else if lines.len() < usize::from(area.height) && n <= width {
                lines.push(item.clone());
            } else {
                break;
            }
        }
        let style = self.style(Color::DarkGray);
        for (k, line) in lines.iter().enumerate() {
            buf.set_string(area.x, area.y + k as u16, line, style);
        }
    }
}

/// The characters either side of a marked cell's digit, and the digit to show there
/// (the one the hint is about; none: the cell's own text).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Marks {
    left: char,
    right: char,
    digit: Option<Digit>,
}

/// How a hint marks a cell.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum CellMark {
    Placed,
    Eliminated,
    Pattern(Role),
    Blocker,
    RuledOut,
    Area,
}

impl CellMark {
    /// The marks around the digit, without colour.
    fn chars(self) -> (char, char) {
        match self {
            CellMark::Placed => ('+', '+'),
            CellMark::Eliminated => ('-', '-'),
            CellMark::Pattern(Role::Fin | Role::Extra) => ('{', '}'),
            CellMark::Pattern(_) => ('[', ']'),
            CellMark::Blocker => ('*', '*'),
            CellMark::RuledOut => ('×', '×'),
            CellMark::Area => ('·', '·'),
        }
    }

    /// The background, in colour.
    fn color(self) -> Color {
        match self {
            CellMark::Placed => role_color(Role::Placed),
            CellMark::Eliminated => role_color(Role::Eliminated),
            CellMark::Pattern(r) => role_color(r),
            CellMark::Blocker => Color::Cyan,
            CellMark::RuledOut => Color::Gray,
            CellMark::Area => Color::Yellow,
        }
    }
}

/// The colour of a candidate's role in a hint.
fn role_color(role: Role) -> Color {
    match role {
        Role::Pattern => Color::Green,
        Role::Color(k) => [
            Color::LightBlue,
            Color::LightYellow,
            Color::LightMagenta,
            Color::LightCyan,
        ][usize::from(k) % 4],
        Role::Fin => Color::Magenta,
        Role::Extra => Color::LightCyan,
        Role::Eliminated => Color::LightRed,
        Role::Placed => Color::LightGreen,
    }
}

/// `k` in superscript digits: a count of notes.
fn superscript(k: usize) -> String {
    const SUP: [char; 10] = ['⁰', '¹', '²', '³', '⁴', '⁵', '⁶', '⁷', '⁸', '⁹'];
    k.to_string()
        .chars()
        .map(|c| c.to_digit(10).map_or(c, |d| SUP[d as usize]))
        .collect()
}

/// A line's weight at a junction arm: absent, light or heavy.
type Arm = Option<bool>;

/// The box character joining the arms present, each light or heavy on its own (a heavy
/// region border meeting a light cell line never grows a stray heavy stub).
fn junction(up: Arm, down: Arm, left: Arm, right: Arm) -> &'static str {
    // Each arm: 0 absent, 1 light, 2 heavy.
    let w = |a: Arm| match a {
        None => 0,
        Some(false) => 1,
        Some(true) => 2,
    };
    match (w(up), w(down), w(left), w(right)) {
        // Four arms.
        (1, 1, 1, 1) => "┼",
        (1, 1, 2, 1) => "┽",
        (1, 1, 1, 2) => "┾",
        (1, 1, 2, 2) => "┿",
        (2, 1, 1, 1) => "╀",
        (1, 2, 1, 1) => "╁",
        (2, 2, 1, 1) => "╂",
        (2, 1, 2, 1) => "╃",
        (2, 1, 1, 2) => "╄",
        (1, 2, 2, 1) => "╅",
        (1, 2, 1, 2) => "╆",
        (2, 1, 2, 2) => "╇",
        (1, 2, 2, 2) => "╈",
        (2, 2, 2, 1) => "╉",
        (2, 2, 1, 2) => "╊",
        (2, 2, 2, 2) => "╋",
        // No arm up.
        (0, 1, 1, 1) => "┬",
        (0, 1, 2, 1) => "┭",
        (0, 1, 1, 2) => "┮",
        (0, 1, 2, 2) => "┯",
        (0, 2, 1, 1) => "┰",
        (0, 2, 2, 1) => "┱",
        (0, 2, 1, 2) => "┲",
        (0, 2, 2, 2) => "┳",
        // No arm down.
        (1, 0, 1, 1) => "┴",
        (1, 0, 2, 1) => "┵",
        (1, 0, 1, 2) => "┶",
        (1, 0, 2, 2) => "┷",
        (2, 0, 1, 1) => "┸",
        (2, 0, 2, 1) => "┹",
        (2, 0, 1, 2) => "┺",
        (2, 0, 2, 2) => "┻",
        // No arm left.
        (1, 1, 0, 1) => "├",
        (1, 1, 0, 2) => "┝",
        (2, 1, 0, 1) => "┞",
        (1, 2, 0, 1) => "┟",
        (2, 2, 0, 1) => "┠",
        (2, 1, 0, 2) => "┡",
        (1, 2, 0, 2) => "┢",
        (2, 2, 0, 2) => "┣",
        // No arm right.
        (1, 1, 1, 0) => "┤",
        (1, 1, 2, 0) => "┥",
        (2, 1, 1, 0) => "┦",
        (1, 2, 1, 0) => "┧",
        (2, 2, 1, 0) => "┨",
        (2, 1, 2, 0) => "┩",
        (1, 2, 2, 0) => "┪",
        (2, 2, 2, 0) => "┫",
        // Corners.
        (0, 1, 0, 1) => "┌",
        (0, 1, 0, 2) => "┍",
        (0, 2, 0, 1) => "┎",
        (0, 2, 0, 2) => "┏",
        (0, 1, 1, 0) => "┐",
        (0, 1, 2, 0) => "┑",
        (0, 2, 1, 0) => "┒",
        (0, 2, 2, 0) => "┓",
        (1, 0, 0, 1) => "└",
        (1, 0, 0, 2) => "┕",
        (2, 0, 0, 1) => "┖",
        (2, 0, 0, 2) => "┗",
        (1, 0, 1, 0) => "┘",
        (1, 0, 2, 0) => "┙",
        (2, 0, 1, 0) => "┚",
        (2, 0, 2, 0) => "┛",
        // Straight through.
        (1, 1, 0, 0) => "│",
        (2, 2, 0, 0) => "┃",
        (1, 2, 0, 0) => "╽",
        (2, 1, 0, 0) => "╿",
        (0, 0, 1, 1) => "─",
        (0, 0, 2, 2) => "━",
        (0, 0, 1, 2) => "╼",
        (0, 0, 2, 1) => "╾",
        _ => " ",
    }
}
