//! A book: pages of puzzles with their labels, worked solutions and small solution grids,
//! each page one SVG in points (1/72 inch) on the chosen paper.
//!
//! ```text
//!  ┌──────────── paper ────────────┐   margin all round; page 1 opens with the
//!  │   Title                       │   title and a contents line per level;
//!  │   Easy 1–4 · Hard 5–8         │   then cols × rows slots, each a grid and
//!  │  ┌─────┐  ┌─────┐             │   its label, centred in the slot;
//!  │  │grid │  │grid │   slot      │   every page ends with its number.
//!  │  └─────┘  └─────┘             │
//!  │  1 Easy…  2 Hard…             │
//!  │              3 / 12           │
//!  └───────────────────────────────┘
//! ```

use std::fmt::Write as _;
use std::str::FromStr;

use sudokit_core::Grid;
use sudokit_logic::{teach, Board, Level, Path, Rating, Step, Technique};

use crate::figure::{figure, figure_height, step_caption, step_title, text, Caption, LEADING};
use crate::font;
use crate::scene::Scene;
use crate::svg::Svg;

/// Puzzles a page can hold.
pub const PER_PAGE: [usize; 6] = [1, 2, 4, 6, 9, 12];

/// The smallest cell of a puzzle to solve on paper, in millimetres.
pub const MIN_CELL_MM: f64 = 4.0;

/// Points in a millimetre.
const PT_PER_MM: f64 = 72.0 / 25.4;

/// A paper size.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Paper {
    /// ISO A4, 210 × 297 mm.
    A4,
    /// US Letter, 8.5 × 11 in.
    Letter,
    /// ISO A5, 148 × 210 mm.
    A5,
}

impl Paper {
    /// Width and height in points.
    pub fn size(self) -> (f64, f64) {
        match self {
            Paper::A4 => (210.0 * PT_PER_MM, 297.0 * PT_PER_MM),
            Paper::Letter => (612.0, 792.0),
            Paper::A5 => (148.0 * PT_PER_MM, 210.0 * PT_PER_MM),
        }
    }

    /// The margin on every side, in points.
    pub fn margin(self) -> f64 {
        match self {
            Paper::A5 => 30.0,
            _ => 42.0,
        }
    }

    /// Its name, as the command line spells it.
    pub fn name(self) -> &'static str {
        match self {
            Paper::A4 => "a4",
            Paper::Letter => "letter",
            Paper::A5 => "a5",
        }
    }
}

impl FromStr for Paper {
    type Err = BookError;

    fn from_str(s: &str) -> Result<Paper, BookError> {
        match s.to_ascii_lowercase().as_str() {
            "a4" => Ok(Paper::A4),
            "letter" => Ok(Paper::Letter),
            "a5" => Ok(Paper::A5),
            _ => Err(BookError::Paper(s.to_string())),
        }
    }
}

/// Why a book cannot be laid out.
#[derive(Debug, thiserror::Error, PartialEq)]
#[non_exhaustive]
pub enum BookError {
    /// A paper size not known.
    #[error("unknown paper size {0:?}; the sizes are a4, letter and a5")]
    Paper(String),
    /// A number of puzzles a page not offered.
    #[error("{0} puzzles a page is not a layout; choose 1, 2, 4, 6, 9 or 12")]
    PerPage(usize),
    /// The grids would be too small to solve on paper.
    #[error(
        "{per_page} puzzles a page do not fit {side}×{side} grids on {paper} paper: cells \
         would be {cell_mm:.1} mm, and solving needs at least {MIN_CELL_MM} mm; {fits}"
    )]
    TooSmall {
        /// Puzzles a page asked for.
        per_page: usize,
        /// The grid's side.
        side: usize,
        /// The paper's name.
        paper: &'static str,
        /// The cell size it would give.
        cell_mm: f64,
        /// What fits instead.
        fits: String,
    },
}

/// One puzzle of a book: the puzzle, and what the book prints about it.
#[derive(Clone, Debug)]
pub struct Entry {
    /// The puzzle.
    pub puzzle: Grid,
    /// Its solution (for the solution pages).
    pub solution: Option<Grid>,
    /// Its rating (for the label and the contents).
    pub rating: Option<Rating>,
    /// Its logical path from the start board (for the worked solution).
    pub path: Option<(Board, Path)>,
}

/// A lesson that opens a book: a technique's idea and an example the engine explains,
/// before puzzles that need it.
#[derive(Clone, Debug)]
pub struct Lesson {
    /// The technique.
    pub technique: Technique,
    /// The board of the example.
    pub board: Board,
    /// The example's step, found on that board.
    pub step: Step,
}

/// How to lay out a book.
#[derive(Clone, Debug)]
pub struct Book {
    /// The paper.
    pub paper: Paper,
    /// Puzzles a page: one of [`PER_PAGE`].
    pub per_page: usize,
    /// The title on the first page, if any.
    pub title: Option<String>,
    /// What each puzzle's label says after its number (and whether the first page has
    /// a contents line per level: with any label but [`Labels::Number`]).
    pub labels: Labels,
    /// Add pages of small solution grids at the end.
    pub solutions: bool,
    /// A lesson to open the book with, if any.
    pub lesson: Option<Lesson>,
}

/// What a puzzle's label says after its number.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Labels {
    /// The number alone.
    Number,
    /// The level: `Hard`.
    Level,
    /// The level and Sudoku Explainer's rating: `Hard · SE 4.2` (the hardest technique
    /// left out: naming it would give the puzzle away).
    #[default]
    LevelSe,
    /// Everything: `Hard · SE 4.2 · X-Wing`.
    Full,
}

/// Where a grid was put on a page, in points from the top-left corner.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Placement {
    /// Left edge.
    pub x: f64,
    /// Top edge.
    pub y: f64,
    /// Side of the grid.
    pub side: f64,
}

/// A laid-out book: each page's SVG and the grids placed on it.
#[derive(Clone, Debug, Default)]
pub struct Pages {
    /// One SVG document a page.
    pub svgs: Vec<String>,
    /// The grids of each page, in the order drawn.
    pub grids: Vec<Vec<Placement>>,
}

/// Sorts entries easiest first (by level, then score, then SE estimate; unrated last),
/// keeping the input order among equals.
pub fn sort_by_difficulty(entries: &mut [Entry]) {
    entries.sort_by(|a, b| {
        key(a)
            .partial_cmp(&key(b))
            .unwrap_or(std::cmp::Ordering::Equal)
    });
}

fn key(e: &Entry) -> (u8, Option<Level>, u32, f32) {
    match &e.rating {
        Some(r) => (0, Some(r.level), r.score, r.se),
        None => (1, None, 0, 0.0),
    }
}

/// The columns and rows of a page holding `per_page` puzzles.
fn arrangement(per_page: usize) -> Option<(usize, usize)> {
    match per_page {
        1 => Some((1, 1)),
        2 => Some((1, 2)),
        4 => Some((2, 2)),
        6 => Some((2, 3)),
        9 => Some((3, 3)),
        12 => Some((3, 4)),
        _ => None,
    }
}

/// The size of a puzzle's label text for a layout.
fn label_size(per_page: usize) -> f64 {
    match per_page {
        1 | 2 => 12.0,
        4 | 6 => 10.0,
        _ => 8.5,
    }
}

/// A rectangle of a page, in points.
#[derive(Clone, Copy, Debug)]
struct Area {
    x: f64,
    y: f64,
    w: f64,
    h: f64,
}

impl Book {
    fn body(&self, top: f64) -> Area {
        let (w, h) = self.paper.size();
        let m = self.paper.margin();
        Area {
            x: m,
            y: m + top,
            w: w - 2.0 * m,
            h: h - 2.0 * m - top - FOOTER,
        }
    }

    /// The slots of a puzzle page whose header takes `top` points, and each slot's grid.
    fn slots(&self, top: f64, cols: usize, rows: usize, label: f64) -> Vec<Placement> {
        let area = self.body(top);
        let (sw, sh) = (area.w / cols as f64, area.h / rows as f64);
        let gap = GAP.min(sw * 0.12);
        let side = (sw - gap).min(sh - gap - label);
        (0..rows)
            .flat_map(|r| (0..cols).map(move |c| (r, c)))
            .map(|(r, c)| Placement {
                x: area.x + c as f64 * sw + (sw - side) / 2.0,
                y: area.y + r as f64 * sh + (sh - side - label) / 2.0,
                side,
            })
            .collect()
    }

    /// Checks that puzzles of side `side` fit [`Book::per_page`] to a page (the first
    /// page, with its header, is the tightest).
    ///
    /// # Errors
    /// [`BookError::PerPage`] for a layout not offered, [`BookError::TooSmall`] when
    /// the cells would be smaller than [`MIN_CELL_MM`].
    pub fn check_fit(&self, side: usize, levels: usize) -> Result<(), BookError> {
        let cell_mm = |per_page: usize| -> Option<f64> {
            let (cols, rows) = arrangement(per_page)?;
            let book = Book {
                per_page,
                ..self.clone()
            };
            let slot = book.slots(book.header_height(levels), cols, rows, book.label_height());
            Some(slot[0].side / side as f64 / PT_PER_MM)
        };
        let cell = cell_mm(self.per_page).ok_or(BookError::PerPage(self.per_page))?;
        if cell >= MIN_CELL_MM {
            return Ok(());
        }
        let best = PER_PAGE
            .iter()
            .rev()
            .find(|&&p| cell_mm(p).is_some_and(|c| c >= MIN_CELL_MM));
        let fits = match best {
            Some(p) => format!("at most {p} a page fit"),
            None => "no layout fits; use larger paper".to_string(),
        };
        Err(BookError::TooSmall {
            per_page: self.per_page,
            side,
            paper: self.paper.name(),
            cell_mm: cell,
            fits,
        })
    }

    /// The side of a grid on a page of this book without a header, in points.
    pub fn grid_side(&self) -> f64 {
        let (cols, rows) = arrangement(self.per_page).unwrap_or((1, 1));
        self.slots(0.0, cols, rows, self.label_height())[0].side
    }

    /// Room under a grid for its label (with `--no-labels`, its number alone).
    fn label_height(&self) -> f64 {
        label_size(self.per_page) * 2.0
    }

    /// The first page's header: the title and a contents line per level.
    fn header_height(&self, levels: usize) -> f64 {
        let title = self.title_lines();
        let title = if title.is_empty() {
            0.0
        } else {
            (title.len() as f64 * 1.25 + 0.55) * TITLE
        };
        let contents = if self.labels != Labels::Number && levels > 0 {
            (levels as f64 + 0.5) * CONTENTS * LEADING
        } else {
            0.0
        };
        title + contents
    }

    /// The title wrapped to the width between the margins.
    fn title_lines(&self) -> Vec<String> {
        let width = self.body(0.0).w;
        self.title
            .as_deref()
            .map(|t| font::wrap(t, TITLE, true, width))
            .unwrap_or_default()
    }
}

/// Space between neighbouring slots, in points.
const GAP: f64 = 22.0;
/// Space kept at the foot of a page for its number.
const FOOTER: f64 = 16.0;
/// Font sizes: the title, the contents, section headings, the page number.
const TITLE: f64 = 20.0;
const CONTENTS: f64 = 10.0;
const HEADING: f64 = 14.0;
const FOOT: f64 = 8.0;

/// Lays out the book: puzzle pages, then the worked solutions of the entries that carry
/// a path, then (when asked) the solution pages. Entries are numbered from 1 in order.
///
/// # Errors
/// As [`Book::check_fit`], for the largest grid of the book.
pub fn pages(entries: &[Entry], book: &Book) -> Result<Pages, BookError> {
    let width = book.body(0.0).w;
    let levels = contents(entries)
        .iter()
        .map(|l| font::wrap(l, CONTENTS, false, width).len())
        .sum();
    let side = entries.iter().map(|e| e.puzzle.side()).max().unwrap_or(9);
    book.check_fit(side, levels)?;
    let mut out = Writer::new(book);
    if let Some(lesson) = &book.lesson {
        lesson_pages(lesson, &mut out);
    }
    puzzle_pages(entries, book, &mut out);
    for (i, entry) in entries.iter().enumerate() {
        if let Some((start, path)) = &entry.path {
            worked_pages(i + 1, entry, start, path, &mut out);
        }
    }
    if book.solutions {
        solution_pages(entries, &mut out);
    }
    Ok(out.finish())
}

/// Pages being written: the finished ones and the current one.
struct Writer<'b> {
    book: &'b Book,
    pages: Vec<(Svg, Vec<Placement>)>,
}

impl<'b> Writer<'b> {
    fn new(book: &'b Book) -> Writer<'b> {
        Writer {
            book,
            pages: Vec::new(),
        }
    }

    fn page(&mut self) -> &mut (Svg, Vec<Placement>) {
        self.pages.push((Svg::new(), Vec::new()));
        self.pages.last_mut().expect("just pushed")
    }

    fn current(&mut self) -> &mut (Svg, Vec<Placement>) {
        if self.pages.is_empty() {
            return self.page();
        }
        self.pages.last_mut().expect("not empty")
    }

    /// Each page as a document, with its number at the foot.
    fn finish(self) -> Pages {
        let (w, h) = self.book.paper.size();
        let total = self.pages.len();
        let mut out = Pages::default();
        for (i, (mut svg, grids)) in self.pages.into_iter().enumerate() {
            let foot = format!("{} / {total}", i + 1);
            let y = h - self.book.paper.margin() + FOOT;
            text(&mut svg, w / 2.0, y, FOOT, false, "middle", &foot);
            let mut page = Svg::new();
            page.leaf(
                "rect",
                &[
                    ("width", w.into()),
                    ("height", h.into()),
                    ("fill", "#ffffff".into()),
                ],
            );
            page.append(svg);
            out.svgs.push(page.document(w, h, "pt"));
            out.grids.push(grids);
        }
        out
    }
}

/// A contents line per level: `Easy: 1–4, 9`, in level order (unrated puzzles last).
fn contents(entries: &[Entry]) -> Vec<String> {
    let mut by_level: Vec<(Option<Level>, Vec<usize>)> = Vec::new();
    for (i, e) in entries.iter().enumerate() {
        let level = e.rating.as_ref().map(|r| r.level);
        match by_level.iter_mut().find(|(l, _)| *l == level) {
            Some((_, list)) => list.push(i + 1),
            None => by_level.push((level, vec![i + 1])),
        }
    }
    if by_level.iter().all(|(l, _)| l.is_none()) {
        return Vec::new();
    }
    by_level.sort_by_key(|(l, _)| (l.is_none(), *l));
    by_level
        .iter()
        .map(|(level, list)| {
            let name = level.map_or("Unrated", |l| l.name());
            let count = list.len();
            let s = if count == 1 { "" } else { "s" };
            format!("{name}: {count} puzzle{s}, {}", ranges(list))
        })
        .collect()
}

/// `1–4, 9, 11–12` for a sorted list of numbers.
fn ranges(list: &[usize]) -> String {
    let mut out = String::new();
    let mut i = 0;
    while i < list.len() {
        let mut j = i;
        while j + 1 < list.len() && list[j + 1] == list[j] + 1 {
            j += 1;
        }
        if !out.is_empty() {
            out += ", ";
        }
        if j > i {
            let _ = write!(out, "{}–{}", list[i], list[j]);
        } else {
            let _ = write!(out, "{}", list[i]);
        }
        i = j + 1;
    }
    out
}

/// `Hard · SE 4.2 · X-Wing`: what a label says after the number (everything: see
/// [`label_of`] for a chosen part).
pub fn label(rating: &Rating) -> String {
    label_of(rating, Labels::Full)
}

/// What a label says after the number, as much as `what` asks.
pub fn label_of(rating: &Rating, what: Labels) -> String {
    if what == Labels::Number {
        return String::new();
    }
    if !rating.solved {
        return match what {
            Labels::Level => "beyond logic".to_string(),
            _ if rating.killer => "beyond logic".to_string(),
            _ => format!("beyond logic · SE > {:.1}", rating.se),
        };
    }
    let level = rating.level.name();
    // A killer has no SE number (SE has no killer scale).
    if rating.killer {
        return match (what, rating.hardest) {
            (Labels::Level | Labels::LevelSe, _) | (_, None) => level.to_string(),
            (_, Some(t)) => format!("{level} · {}", t.name()),
        };
    }
    match what {
        Labels::Level => level.to_string(),
        Labels::LevelSe => format!("{level} · SE {:.1}", rating.se),
        _ => {
            let hardest = rating.hardest.map_or("singles", Technique::name);
            format!("{level} · SE {:.1} · {hardest}", rating.se)
        }
    }
}

fn puzzle_pages(entries: &[Entry], book: &Book, out: &mut Writer) {
    let (cols, rows) = arrangement(book.per_page).expect("checked by check_fit");
    let width = book.body(0.0).w;
    let lines = if book.labels == Labels::Number {
        Vec::new()
    } else {
        contents(entries)
            .iter()
            .flat_map(|l| font::wrap(l, CONTENTS, false, width))
            .collect()
    };
    let top = book.header_height(lines.len());
    // One grid size throughout: the first page's, whose header leaves the least room.
    let first = book.slots(top, cols, rows, book.label_height());
    let side = first.first().map_or(0.0, |p| p.side);
    let labels: Vec<(String, String)> = entries
        .iter()
        .enumerate()
        .map(|(i, e)| {
            let rest = e.rating.as_ref().map(|r| label_of(r, book.labels));
            ((i + 1).to_string(), rest.unwrap_or_default())
        })
        .collect();
    // One label size throughout: the largest at which every label fits under its grid.
    let size = labels
        .iter()
        .map(|(head, rest)| label_fit(head, rest, side, label_size(book.per_page)))
        .fold(label_size(book.per_page), f64::min);
    for (chunk_no, chunk) in entries.chunks(book.per_page).enumerate() {
        let slots = if chunk_no == 0 {
            first.clone()
        } else {
            book.slots(0.0, cols, rows, book.label_height())
                .into_iter()
                .map(|p| Placement {
                    x: p.x + (p.side - side) / 2.0,
                    y: p.y + (p.side - side) / 2.0,
                    side,
                })
                .collect()
        };
        let (svg, grids) = out.page();
        if chunk_no == 0 {
            header(book, &lines, svg);
        }
        for (k, (entry, slot)) in chunk.iter().zip(&slots).enumerate() {
            let (head, rest) = &labels[chunk_no * book.per_page + k];
            grid(&Scene::puzzle(&entry.puzzle), slot, svg);
            grids.push(*slot);
            puzzle_label(head, rest, slot, size, svg);
        }
    }
}

/// One puzzle alone, cropped to its grid and label (not a page): an SVG in points, its
/// grid `side` points wide.
pub fn single(entry: &Entry, labels: Labels, side: f64) -> String {
    let pad = side * 0.04;
    let size = (side / 28.0).clamp(8.0, 14.0);
    let rest = entry
        .rating
        .as_ref()
        .map(|r| label_of(r, labels))
        .unwrap_or_default();
    let size = label_fit("", &rest, side, size);
    let label = if rest.is_empty() { 0.0 } else { size * 2.0 };
    let at = Placement {
        x: pad,
        y: pad,
        side,
    };
    let mut svg = Svg::new();
    let (w, h) = (side + 2.0 * pad, side + 2.0 * pad + label);
    svg.leaf(
        "rect",
        &[
            ("width", w.into()),
            ("height", h.into()),
            ("fill", "#ffffff".into()),
        ],
    );
    grid(&Scene::puzzle(&entry.puzzle), &at, &mut svg);
    if !rest.is_empty() {
        puzzle_label("", &rest, &at, size, &mut svg);
    }
    svg.document(w, h, "pt")
}

fn grid(scene: &Scene, at: &Placement, svg: &mut Svg) {
    let frame = crate::draw::Frame {
        x: at.x,
        y: at.y,
        cell: at.side / scene.layout.side() as f64,
    };
    crate::draw::draw(scene, &frame, svg);
}

/// The title, then the contents lines, centred, from the top margin.
fn header(book: &Book, lines: &[String], svg: &mut Svg) {
    let (w, _) = book.paper.size();
    let m = book.paper.margin();
    let mut y = m;
    for line in book.title_lines() {
        text(svg, w / 2.0, y + TITLE, TITLE, true, "middle", &line);
        y += TITLE * 1.25;
    }
    if book.title.is_some() {
        y += TITLE * 0.55;
    }
    for line in lines {
        y += CONTENTS * LEADING;
        text(svg, w / 2.0, y, CONTENTS, false, "middle", line);
    }
}

/// The size, at most `size`, at which `head` (bold) and `rest` fit in `width`.
fn label_fit(head: &str, rest: &str, width: f64, size: f64) -> f64 {
    let measure = |s: f64| font::width(head, s, true) + font::width(&format!("  {rest}"), s, false);
    if measure(size) > width {
        (size * width / measure(size)).max(5.0)
    } else {
        size
    }
}

/// `12` in bold, then the rating, under the grid, at `size`.
fn puzzle_label(head: &str, rest: &str, at: &Placement, size: f64, svg: &mut Svg) {
    let baseline = at.y + at.side + size * 1.45;
    if !head.is_empty() {
        text(svg, at.x, baseline, size, true, "start", head);
    }
    if !rest.is_empty() {
        let x = if head.is_empty() {
            at.x
        } else {
            at.x + font::width(&format!("{head}  "), size, true)
        };
        text(svg, x, baseline, size, false, "start", rest);
    }
}

/// Small solution grids, as many a page as stay legible, each with its number.
fn solution_pages(entries: &[Entry], out: &mut Writer) {
    let book = out.book;
    let side = entries.iter().map(|e| e.puzzle.side()).max().unwrap_or(9);
    let label = 8.0;
    let heading = HEADING * 2.0;
    let arrangements = [(5, 6), (4, 5), (3, 4), (2, 3), (2, 2), (1, 2), (1, 1)];
    // Cells of 3.5 mm at least, so their digits stand over 2 mm tall.
    let legible = |&(c, r): &(usize, usize)| {
        book.slots(heading, c, r, label * 1.6)[0].side / side as f64 >= 3.5 * PT_PER_MM
    };
    let (cols, rows) = arrangements.into_iter().find(legible).unwrap_or((1, 1));
    let slots = book.slots(heading, cols, rows, label * 1.6);
    let solved: Vec<(usize, &Entry)> = entries
        .iter()
        .enumerate()
        .filter(|(_, e)| e.solution.is_some())
        .collect();
    for (page_no, chunk) in solved.chunks(cols * rows).enumerate() {
        let (svg, grids) = out.page();
        let m = book.paper.margin();
        let title = if page_no == 0 {
            "Solutions"
        } else {
            "Solutions (continued)"
        };
        text(svg, m, m + HEADING, HEADING, true, "start", title);
        for ((i, entry), slot) in chunk.iter().zip(&slots) {
            let solution = entry.solution.as_ref().expect("filtered");
            grid(&Scene::solution(&entry.puzzle, solution), slot, svg);
            grids.push(*slot);
            let baseline = slot.y + slot.side + label * 1.4;
            text(
                svg,
                slot.x,
                baseline,
                label,
                true,
                "start",
                &(i + 1).to_string(),
            );
        }
    }
}

/// A lesson: the technique's idea, its example drawn and explained a line a paragraph,
/// then a word on the puzzles that follow.
fn lesson_pages(lesson: &Lesson, out: &mut Writer) {
    let t = lesson.technique;
    let heading = format!("Lesson: {}", t.name());
    let subtitle = format!("{} technique", t.level().name());
    let side = lesson.board.side();
    let mut flow = Flow::with(out, heading, subtitle, side, 1);
    flow.paragraph(teach::idea(t), false);
    flow.paragraph("An example, as the engine finds it:", true);
    let lines = teach::explain(&lesson.board, &lesson.step).text();
    let title = Some(t.name().to_string());
    let caption = Caption::lines(title, &lines[..1], flow.caption, flow.width);
    flow.figure(&Scene::step(&lesson.board, &lesson.step), caption);
    for line in &lines[1..] {
        flow.paragraph(line, false);
    }
    flow.paragraph(
        "The puzzles that follow each need this technique at least once; their worked \
         solutions, after them, show where.",
        false,
    );
}

/// One puzzle's logical path: its steps beyond singles as captioned diagrams, two to a
/// row when they stay legible; runs of singles as one line; the end as a sentence (and
/// the board, when the engine got stuck).
fn worked_pages(number: usize, entry: &Entry, start: &Board, path: &Path, out: &mut Writer) {
    let mut flow = Flow::new(out, number, entry);
    let layout = start.layout().clone();
    let mut board = start.clone();
    let mut singles: Vec<String> = Vec::new();
    for (i, step) in path.steps.iter().enumerate() {
        if is_single(step.technique) {
            let &(cell, digit) = step.placements.first().expect("a single places a digit");
            singles.push(format!("{digit} in {}", layout.cell_name(cell)));
        } else {
            flow.singles(&mut singles);
            let lines = teach::explain(&board, step).text();
            if lines.len() <= CAPTION_LINES {
                let caption = step_caption(&board, Some(i + 1), step, flow.caption, flow.width);
                flow.figure(&Scene::step(&board, step), caption);
            } else {
                // A long explanation (a chain, a forcing chain) goes across the page under
                // its diagram, a paragraph a line.
                let title = Some(step_title(Some(i + 1), step));
                let caption = Caption::lines(title, &lines[..1], flow.caption, flow.width);
                flow.figure(&Scene::step(&board, step), caption);
                for line in &lines[1..] {
                    flow.paragraph(line, false);
                }
            }
        }
        board.apply(step);
    }
    flow.singles(&mut singles);
    if path.solved {
        flow.paragraph("Solved.", true);
    } else {
        let why = "No technique applies from here: the puzzle needs more than logic this \
                   engine knows. The board so far:";
        flow.paragraph(why, false);
        let caption = Caption::default();
        flow.figure(&Scene::board(&board), caption);
    }
}

/// The most explanation lines a diagram's caption holds; longer explanations run across
/// the page under the diagram.
const CAPTION_LINES: usize = 8;

fn is_single(t: Technique) -> bool {
    matches!(
        t,
        Technique::FullHouse | Technique::HiddenSingle | Technique::NakedSingle
    )
}

/// The flow of a worked solution: a cursor down the page, diagrams in columns.
struct Flow<'w, 'b> {
    out: &'w mut Writer<'b>,
    heading: String,
    subtitle: String,
    area: Area,
    y: f64,
    cols: usize,
    width: f64,
    caption: f64,
    /// Diagrams of the row being filled: their heights.
    row: Vec<f64>,
}

impl<'w, 'b> Flow<'w, 'b> {
    fn new(out: &'w mut Writer<'b>, number: usize, entry: &Entry) -> Flow<'w, 'b> {
        let heading = format!("Puzzle {number}");
        let subtitle = entry.rating.as_ref().map(label).unwrap_or_default();
        Flow::with(out, heading, subtitle, entry.puzzle.side(), 2)
    }

    /// A flow under `heading` for grids of `side`, at most `most` diagrams a row (two
    /// when a cell stays at least 20 pt).
    fn with(
        out: &'w mut Writer<'b>,
        heading: String,
        subtitle: String,
        side: usize,
        most: usize,
    ) -> Flow<'w, 'b> {
        let area = out.book.body(0.0);
        let n = side as f64;
        let two = (area.w - GAP) / 2.0;
        let cols = if most >= 2 && two / n >= 20.0 { 2 } else { 1 };
        let width = if cols == 2 {
            two
        } else {
            area.w.min(area.h * 0.6)
        };
        let mut flow = Flow {
            out,
            heading,
            subtitle,
            area,
            y: 0.0,
            cols,
            width,
            caption: if cols == 2 { 8.5 } else { 10.0 },
            row: Vec::new(),
        };
        flow.new_page(false);
        flow
    }

    fn new_page(&mut self, continued: bool) {
        let title = if continued {
            format!("{} (continued)", self.heading_text())
        } else {
            self.heading_text()
        };
        let (svg, _) = self.out.page();
        let a = self.area;
        text(svg, a.x, a.y + HEADING, HEADING, true, "start", &title);
        let room = a.w - font::width(&title, HEADING, true) - HEADING;
        let small = HEADING * 0.7;
        let mut y = a.y + HEADING * 2.0;
        if font::width(&self.subtitle, small, false) <= room {
            text(
                svg,
                a.x + a.w,
                a.y + HEADING,
                small,
                false,
                "end",
                &self.subtitle,
            );
        } else {
            text(svg, a.x, y, small, false, "start", &self.subtitle);
            y += small * 1.6;
        }
        self.y = y;
        self.row.clear();
    }

    /// The page heading: `Puzzle 3, worked solution`, or a lesson's own.
    fn heading_text(&self) -> String {
        if self.heading.starts_with("Lesson") {
            self.heading.clone()
        } else {
            format!("{}, worked solution", self.heading)
        }
    }

    fn room(&self) -> f64 {
        self.area.y + self.area.h - self.y
    }

    /// Ends the row of diagrams being filled.
    fn end_row(&mut self) {
        if let Some(h) = self.row.iter().copied().reduce(f64::max) {
            self.y += h + GAP * 0.6;
        }
        self.row.clear();
    }

    fn figure(&mut self, scene: &Scene, caption: Caption) {
        let height = figure_height(self.width, &caption);
        if self.row.len() == self.cols {
            self.end_row();
        }
        if self.row.is_empty() && height > self.room() {
            self.new_page(true);
        }
        let x = self.area.x + self.row.len() as f64 * (self.width + GAP);
        let y = self.y;
        let (svg, grids) = self.out.current();
        figure(scene, &caption, x, y, self.width, svg);
        grids.push(Placement {
            x,
            y,
            side: self.width,
        });
        self.row.push(height);
    }

    /// A paragraph across the page.
    fn paragraph(&mut self, text_: &str, bold: bool) {
        self.end_row();
        let size = self.caption + 0.5;
        let lines = font::wrap_indented(text_, size, bold, self.area.w);
        let height = (lines.len() as f64 + 0.6) * size * LEADING;
        if height > self.room() {
            self.new_page(true);
        }
        let caption = if bold {
            Caption {
                title: Some(text_.to_string()),
                lines: Vec::new(),
                size,
            }
        } else {
            Caption {
                title: None,
                lines,
                size,
            }
        };
        let (svg, _) = self.out.current();
        caption.draw(self.area.x, self.y - size * LEADING * 0.5, svg);
        self.y += height;
    }

    /// `Singles: r1c2=5, r3c4=7, …` for the run collected, which is emptied.
    fn singles(&mut self, run: &mut Vec<String>) {
        if run.is_empty() {
            return;
        }
        let s = if run.len() == 1 { "" } else { "s" };
        let line = format!("{} single{s}: {}", run.len(), run.join(", "));
        self.paragraph(&line, false);
        run.clear();
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ranges_join_consecutive_numbers() {
        assert_eq!(ranges(&[1, 2, 3, 4, 9, 11, 12]), "1–4, 9, 11–12");
        assert_eq!(ranges(&[5]), "5");
    }

    #[test]
    fn paper_names_parse_in_any_case_and_unknown_ones_say_which_exist() {
        assert_eq!("A4".parse::<Paper>(), Ok(Paper::A4));
        assert_eq!("letter".parse::<Paper>(), Ok(Paper::Letter));
        let err = "b5".parse::<Paper>().unwrap_err().to_string();
        assert!(
            err.contains("\"b5\"") && err.contains("a4, letter and a5"),
            "{err}"
        );
    }

    fn book(per_page: usize, paper: Paper) -> Book {
        Book {
            paper,
            per_page,
            title: Some("Test".into()),
            labels: Labels::Full,
            solutions: false,
            lesson: None,
        }
    }

    #[test]
    fn every_layout_fits_a_9x9_on_a4_and_too_many_16x16_do_not() {
        for p in PER_PAGE {
            assert_eq!(book(p, Paper::A4).check_fit(9, 5), Ok(()), "{p}");
        }
        let err = book(12, Paper::A4).check_fit(16, 5).unwrap_err();
        assert!(matches!(err, BookError::TooSmall { side: 16, .. }), "{err}");
        assert!(err.to_string().contains("at most"), "{err}");
        assert_eq!(
            book(5, Paper::A4).check_fit(9, 0),
            Err(BookError::PerPage(5))
        );
    }

    #[test]
    fn slots_stay_inside_the_margins_and_do_not_overlap() {
        let b = book(12, Paper::Letter);
        let slots = b.slots(b.header_height(3), 3, 4, b.label_height());
        let (w, h) = Paper::Letter.size();
        let m = Paper::Letter.margin();
        for s in &slots {
            assert!(s.x >= m && s.x + s.side <= w - m);
            assert!(s.y >= m && s.y + s.side <= h - m);
        }
        assert!(slots[1].x >= slots[0].x + slots[0].side);
        assert!(slots[3].y >= slots[0].y + slots[0].side);
    }

    /// Entries of one 9×9 puzzle, rated as the logic engine rates it.
    fn entries(count: usize, solutions: bool) -> Vec<Entry> {
        let layout = std::sync::Arc::new(sudokit_core::Layout::classic());
        let line =
            "..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3..";
        let values = line.bytes().map(|b| b.saturating_sub(b'0') % 10).collect();
        let puzzle = Grid::from_values(layout, values);
        let start = Board::new(&puzzle, None);
        let path = sudokit_logic::solve(&start, &sudokit_logic::Options::default());
        let rating = sudokit_logic::rate(&start, &path);
        let solution = sudokit_solver::count(&puzzle, 1).unwrap().solution;
        (0..count)
            .map(|_| Entry {
                puzzle: puzzle.clone(),
                solution: solution.clone().filter(|_| solutions),
                rating: Some(rating.clone()),
                path: None,
            })
            .collect()
    }

    #[test]
    fn every_page_has_grids_of_one_size_and_labels_say_what_was_chosen() {
        for per_page in PER_PAGE {
            let b = book(per_page, Paper::A4);
            let pages = pages(&entries(2 * per_page + 1, false), &b).unwrap();
            let sides: Vec<f64> = pages.grids.iter().flatten().map(|p| p.side).collect();
            assert!(
                sides.windows(2).all(|w| (w[0] - w[1]).abs() < 1e-9),
                "{per_page}: {sides:?}"
            );
        }
        let rating = entries(1, false)[0].rating.clone().unwrap();
        assert_eq!(label_of(&rating, Labels::Level), "Easy");
        assert_eq!(
            label_of(&rating, Labels::LevelSe),
            format!("Easy · SE {:.1}", rating.se)
        );
        assert!(label_of(&rating, Labels::Full).ends_with("Single"));
        assert_eq!(label_of(&rating, Labels::Number), "");
    }

    #[test]
    fn every_label_of_a_book_is_set_at_one_size() {
        let b = Book {
            labels: Labels::Full,
            ..book(12, Paper::A4)
        };
        let svg = pages(&entries(12, false), &b).unwrap().svgs.concat();
        let sizes: std::collections::BTreeSet<&str> = svg
            .split("font-size=\"")
            .skip(1)
            .filter_map(|s| s.split('"').next())
            .collect();
        // The title, the contents, the grids' digits, the labels (one size), the page
        // number.
        assert!(sizes.len() <= 5, "{sizes:?}");
    }

    #[test]
    fn solution_grids_keep_cells_of_3_5_mm_on_a5() {
        let b = Book {
            solutions: true,
            ..book(4, Paper::A5)
        };
        let pages = pages(&entries(30, true), &b).unwrap();
        let last = pages.grids.last().unwrap();
        assert!(last[0].side / 9.0 / PT_PER_MM >= 3.5, "{:?}", last[0]);
        assert!(
            last.len() <= 12,
            "{} grids on an A5 solution page",
            last.len()
        );
    }
}
