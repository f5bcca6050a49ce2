//! A [`Scene`] drawn as SVG: cell shading, candidate highlights, grid lines (thick where
//! regions meet), digits, candidates, strikes and chain links, in that order (later
//! layers on top).
//!
//! ```text
//!   x ──▶ one cell = `cell` units; its candidates sit in a cols × rows sub-grid
//! y ┌───┬───┬───┐   (3 × 3 for 9×9, 3 × 2 for 6×6, 4 × 4 for 16×16), digit d at
//! │ │1 2│   │   │   index d-1, row-major:  col = (d-1) % cols, row = (d-1) / cols
//! ▼ │  6│ 5 │   │
//!   └───┴───┴───┘
//! ```

use sudokit_core::{Cell, Digit, Layout};

use crate::font::FAMILY;
use crate::scene::{Content, Mark, Scene, Shade};
use crate::svg::{PathData, Svg, Value};

/// The colours of a picture: dark ink on white, light fills that still read in grey.
mod ink {
    pub const PAPER: &str = "#ffffff";
    pub const LINE: &str = "#1a1a1a";
    pub const GIVEN: &str = "#111111";
    pub const FILLED: &str = "#2b5ea7";
    pub const CANDIDATE: &str = "#555555";
    pub const DIAGONAL: &str = "#e6e6e6";
    pub const LOOK: &str = "#fff3c4";
    pub const COVER: &str = "#e4eefb";
    pub const BLOCKER: &str = "#ffe2b8";
    pub const RULED_OUT: &str = "#e9e9e9";
    pub const BROKEN: &str = "#fbd3d3";
    pub const PATTERN: &str = "#a8dba0";
    pub const COLORS: [&str; 4] = ["#9cc3f5", "#ffcf7a", "#d7b0f5", "#9fe0d0"];
    pub const FIN: &str = "#f6b3d6";
    pub const EXTRA: &str = "#cfc8ee";
    pub const ELIMINATED: &str = "#f5b0b0";
    pub const STRIKE: &str = "#c62828";
    pub const PLACED: &str = "#2e7d32";
    pub const PLACED_CELL: &str = "#e3f3e0";
    /// Links of each chain (a forcing chain's branches differ).
    pub const LINKS: [&str; 4] = ["#d4561a", "#3566b8", "#7b3fa8", "#1e8a6e"];
}

/// Where and how big: the top-left corner and the side of a cell, in user units.
#[derive(Clone, Copy, Debug)]
pub struct Frame {
    /// Left edge.
    pub x: f64,
    /// Top edge.
    pub y: f64,
    /// Side of one cell.
    pub cell: f64,
}

impl Frame {
    /// The side of the whole grid.
    pub fn side(&self, n: usize) -> f64 {
        self.cell * n as f64
    }

    fn corner(&self, layout: &Layout, cell: Cell) -> (f64, f64) {
        let (r, c) = (layout.row(cell), layout.col(cell));
        (self.x + c as f64 * self.cell, self.y + r as f64 * self.cell)
    }

    fn center(&self, layout: &Layout, cell: Cell) -> (f64, f64) {
        let (x, y) = self.corner(layout, cell);
        (x + self.cell / 2.0, y + self.cell / 2.0)
    }

    /// The thin and thick line widths for this cell size.
    fn widths(&self) -> (f64, f64) {
        (
            (self.cell * 0.022).clamp(0.3, 1.0),
            (self.cell * 0.065).clamp(0.9, 3.0),
        )
    }
}

/// The sub-grid of candidates in a cell: columns and rows.
fn mark_grid(n: usize) -> (usize, usize) {
    let cols = (1..=n).find(|c| c * c >= n).unwrap_or(1);
    (cols, n.div_ceil(cols))
}

/// Geometry of the candidates of one grid.
pub(crate) struct Marks {
    cols: usize,
    /// The side of a candidate's place in its cell.
    pub sub: f64,
    size: f64,
    /// The band at the top of each cell kept clear of candidates: a killer's cage sums
    /// sit there.
    top: f64,
    /// The margin kept clear at the left, right and bottom of each cell: a killer's
    /// cage outlines run there.
    edge: f64,
}

/// The share of a killer's cell above its candidates, where a cage's sum is written.
const SUM_BAND: f64 = 0.26;

/// How far inside its cells a killer cage's dashed outline runs, as a share of a cell.
const CAGE_INSET: f64 = 0.09;

impl Marks {
    pub fn new(layout: &Layout, frame: &Frame) -> Marks {
        let (cols, rows) = mark_grid(layout.side());
        let (top, edge) = match layout.is_killer() {
            true => (frame.cell * SUM_BAND, frame.cell * CAGE_INSET),
            false => (0.0, 0.0),
        };
        let sub =
            ((frame.cell - 2.0 * edge) / cols as f64).min((frame.cell - top - edge) / rows as f64);
        Marks {
            cols,
            sub,
            size: sub * 0.74,
            top,
            edge,
        }
    }

    pub fn center(&self, frame: &Frame, layout: &Layout, cell: Cell, d: Digit) -> (f64, f64) {
        let (x, y) = frame.corner(layout, cell);
        let (i, cols) = (d.index(), self.cols);
        let (cols_f, rows_f) = (cols as f64, (layout.side().div_ceil(cols)) as f64);
        let w = (frame.cell - 2.0 * self.edge) / cols_f;
        let h = (frame.cell - self.top - self.edge) / rows_f;
        (
            x + self.edge + (i % cols) as f64 * w + w / 2.0,
            y + self.top + (i / cols) as f64 * h + h / 2.0,
        )
    }
}

/// Draws `scene` in `frame`.
pub fn draw(scene: &Scene, frame: &Frame, svg: &mut Svg) {
    let layout = &*scene.layout;
    let marks = Marks::new(layout, frame);
    let side = frame.side(layout.side());
    rect(svg, frame.x, frame.y, side, side, ink::PAPER);
    shade(scene, frame, svg);
    highlight(scene, frame, &marks, svg);
    lines(layout, frame, svg);
    cages(layout, frame, svg);
    digits(scene, frame, svg);
    candidates(scene, frame, &marks, svg);
    strikes(scene, frame, &marks, svg);
    links(scene, frame, &marks, svg);
}

fn rect(svg: &mut Svg, x: f64, y: f64, w: f64, h: f64, fill: &str) {
    svg.leaf(
        "rect",
        &[
            ("x", x.into()),
            ("y", y.into()),
            ("width", w.into()),
            ("height", h.into()),
            ("fill", fill.into()),
        ],
    );
}

/// Diagonal cells grey; a pattern's base houses yellow and cover houses blue; a single's
/// blockers orange and the cells they rule out grey; cells a step fills green.
fn shade(scene: &Scene, frame: &Frame, svg: &mut Svg) {
    let layout = &*scene.layout;
    let n = layout.side();
    let placed: Vec<Cell> = scene
        .marks
        .iter()
        .filter(|(_, m)| *m == Mark::Placed)
        .map(|((c, _), _)| *c)
        .collect();
    for cell in layout.cells() {
        let (r, c) = (layout.row(cell), layout.col(cell));
        let fill = if placed.contains(&cell) {
            ink::PLACED_CELL
        } else if let Some(shade) = scene.shade_of(cell) {
            match shade {
                Shade::Base => ink::LOOK,
                Shade::Cover => ink::COVER,
                Shade::Blocker => ink::BLOCKER,
                Shade::RuledOut => ink::RULED_OUT,
                Shade::Broken => ink::BROKEN,
            }
        } else if layout.has_diagonals() && (r == c || r + c == n - 1) {
            ink::DIAGONAL
        } else {
            continue;
        };
        let (x, y) = frame.corner(layout, cell);
        rect(svg, x, y, frame.cell, frame.cell, fill);
    }
}

/// A disc behind each marked candidate, in the colour of its mark.
fn highlight(scene: &Scene, frame: &Frame, marks: &Marks, svg: &mut Svg) {
    let layout = &*scene.layout;
    for &((cell, d), mark) in &scene.marks {
        let fill = match mark {
            Mark::Pattern => ink::PATTERN,
            Mark::Color(k) => ink::COLORS[usize::from(k) % 4],
            Mark::Fin => ink::FIN,
            Mark::Extra => ink::EXTRA,
            Mark::Eliminated => ink::ELIMINATED,
            Mark::Placed => ink::PLACED,
        };
        let (cx, cy) = marks.center(frame, layout, cell, d);
        svg.leaf(
            "circle",
            &[
                ("cx", cx.into()),
                ("cy", cy.into()),
                ("r", (marks.sub * 0.47).into()),
                ("fill", fill.into()),
            ],
        );
    }
}

/// Thin lines between cells of one region, thick ones where regions meet and around.
fn lines(layout: &Layout, frame: &Frame, svg: &mut Svg) {
    let n = layout.side();
    let (mut thin, mut thick) = (PathData::default(), PathData::default());
    let region = |r: usize, c: usize| layout.region(layout.cell(r, c));
    for i in 1..n {
        let horizontal = |j: usize| region(i - 1, j) != region(i, j);
        runs(n, horizontal, |a, b, bold| {
            let y = frame.y + i as f64 * frame.cell;
            let path = if bold { &mut thick } else { &mut thin };
            path.line(frame.x + a * frame.cell, y, frame.x + b * frame.cell, y);
        });
        let vertical = |j: usize| region(j, i - 1) != region(j, i);
        runs(n, vertical, |a, b, bold| {
            let x = frame.x + i as f64 * frame.cell;
            let path = if bold { &mut thick } else { &mut thin };
            path.line(x, frame.y + a * frame.cell, x, frame.y + b * frame.cell);
        });
    }
    let (thin_w, thick_w) = frame.widths();
    stroke(svg, &thin, thin_w, "butt");
    stroke(svg, &thick, thick_w, "square");
    let side = frame.side(n);
    svg.leaf(
        "rect",
        &[
            ("x", frame.x.into()),
            ("y", frame.y.into()),
            ("width", side.into()),
            ("height", side.into()),
            ("fill", "none".into()),
            ("stroke", ink::LINE.into()),
            ("stroke-width", thick_w.into()),
        ],
    );
}

/// A killer's cages: a dashed outline inset in each cage's cells, and the cage's sum small
/// in the corner of its first cell (on a patch of paper that breaks the outline).
fn cages(layout: &Layout, frame: &Frame, svg: &mut Svg) {
    if !layout.is_killer() {
        return;
    }
    let n = layout.side() as isize;
    let inset = frame.cell * CAGE_INSET;
    let cage_at = |r: isize, c: isize| {
        ((0..n).contains(&r) && (0..n).contains(&c))
            .then(|| layout.cage_of(layout.cell(r as usize, c as usize)))
            .flatten()
    };
    let mut path = PathData::default();
    for cell in layout.cells() {
        let Some(k) = layout.cage_of(cell) else {
            continue;
        };
        let (r, c) = (layout.row(cell) as isize, layout.col(cell) as isize);
        let same = |dr: isize, dc: isize| cage_at(r + dr, c + dc) == Some(k);
        let (x, y) = frame.corner(layout, cell);
        let cell_side = frame.cell;
        // Each side: the step outward (dr, dc), then the two ends along it. An end
        // stops `inset` short of the corner (a convex corner), runs to the edge (the
        // cage goes on straight) or `inset` past it (a concave corner).
        for (dr, dc) in [(-1, 0), (1, 0), (0, -1), (0, 1)] {
            if same(dr, dc) {
                continue;
            }
            let end = |ar: isize, ac: isize| match (same(ar, ac), same(ar + dr, ac + dc)) {
                (false, _) => inset,
                (true, false) => 0.0,
                (true, true) => -inset,
            };
            if dr != 0 {
                let yy = if dr < 0 {
                    y + inset
                } else {
                    y + cell_side - inset
                };
                let x0 = x + end(0, -1);
                let x1 = x + cell_side - end(0, 1);
                path.line(x0, yy, x1, yy);
            } else {
                let xx = if dc < 0 {
                    x + inset
                } else {
                    x + cell_side - inset
                };
                let y0 = y + end(-1, 0);
                let y1 = y + cell_side - end(1, 0);
                path.line(xx, y0, xx, y1);
            }
        }
    }
    let (thin, _) = frame.widths();
    let dash = crate::svg::num(frame.cell * 0.07);
    let dashes = format!("{dash} {dash}");
    svg.leaf(
        "path",
        &[
            ("d", path.as_str().into()),
            ("fill", "none".into()),
            ("stroke", ink::LINE.into()),
            ("stroke-width", (thin * 1.1).into()),
            ("stroke-dasharray", (&dashes).into()),
        ],
    );
    // The sums: small, on paper, in each cage's first cell's top-left corner (candidates
    // keep below them, see `Marks`).
    let size = frame.cell * 0.2;
    let mut group = Svg::new();
    for cage in layout.cages() {
        let (x, y) = frame.corner(layout, cage.cells[0]);
        let text = cage.sum.to_string();
        let width = size * 0.62 * text.len() as f64 + size * 0.2;
        rect(
            &mut group,
            x + inset * 0.4,
            y + inset * 0.4,
            width,
            size * 1.05,
            ink::PAPER,
        );
        group.text(
            &[
                ("x", (x + inset * 0.4 + size * 0.1).into()),
                ("y", (y + inset * 0.4 + size * 0.86).into()),
                ("font-size", size.into()),
                ("fill", ink::GIVEN.into()),
            ],
            &text,
        );
    }
    font_group(svg, group);
}

/// Calls `segment(from, to, bold)` for each run of equal boldness along a line of `n`
/// cell edges.
fn runs(n: usize, bold: impl Fn(usize) -> bool, mut segment: impl FnMut(f64, f64, bool)) {
    let mut start = 0;
    for j in 1..=n {
        if j == n || bold(j) != bold(start) {
            segment(start as f64, j as f64, bold(start));
            start = j;
        }
    }
}

fn stroke(svg: &mut Svg, path: &PathData, width: f64, cap: &str) {
    if path.is_empty() {
        return;
    }
    svg.leaf(
        "path",
        &[
            ("d", path.as_str().into()),
            ("fill", "none".into()),
            ("stroke", ink::LINE.into()),
            ("stroke-width", width.into()),
            ("stroke-linecap", cap.into()),
        ],
    );
}

/// Text centred on `(cx, cy)`: the baseline sits 0.36 em below the centre (Inter's
/// digits and capitals are 0.73 em tall).
fn centered(svg: &mut Svg, (cx, cy): (f64, f64), size: f64, fill: &str, bold: bool, text: &str) {
    let mut attrs: Vec<(&str, Value)> = vec![
        ("x", cx.into()),
        ("y", (cy + size * 0.36).into()),
        ("font-size", size.into()),
        ("fill", fill.into()),
    ];
    if bold {
        attrs.push(("font-weight", "bold".into()));
    }
    attrs.push(("text-anchor", "middle".into()));
    svg.text(&attrs, text);
}

/// Givens (bold), filled digits (blue) as one group each so the font is named once.
fn digits(scene: &Scene, frame: &Frame, svg: &mut Svg) {
    let layout = &*scene.layout;
    let size = frame.cell * 0.62;
    let mut group = Svg::new();
    for cell in layout.cells() {
        let (d, fill, bold) = match scene.cells[cell.index()] {
            Content::Given(d) => (d, ink::GIVEN, true),
            Content::Filled(d) => (d, ink::FILLED, false),
            _ => continue,
        };
        let text = d.to_char().to_string();
        centered(
            &mut group,
            frame.center(layout, cell),
            size,
            fill,
            bold,
            &text,
        );
    }
    font_group(svg, group);
}

fn font_group(svg: &mut Svg, group: Svg) {
    if group.is_empty() {
        return;
    }
    svg.open("g", &[("font-family", FAMILY.into())]);
    svg.append(group);
    svg.close("g");
}

/// Each open cell's candidates in its sub-grid; a placed one in white on its green disc.
fn candidates(scene: &Scene, frame: &Frame, marks: &Marks, svg: &mut Svg) {
    let layout = &*scene.layout;
    let mut group = Svg::new();
    for cell in layout.cells() {
        let Content::Marks(set) = scene.cells[cell.index()] else {
            continue;
        };
        for d in set.iter() {
            let placed = scene.marks.contains(&((cell, d), Mark::Placed));
            let (fill, bold) = if placed {
                (ink::PAPER, true)
            } else {
                (ink::CANDIDATE, false)
            };
            let at = marks.center(frame, layout, cell, d);
            let text = d.to_char().to_string();
            centered(&mut group, at, marks.size, fill, bold, &text);
        }
    }
    font_group(svg, group);
}

/// A red stroke across each eliminated candidate.
fn strikes(scene: &Scene, frame: &Frame, marks: &Marks, svg: &mut Svg) {
    let layout = &*scene.layout;
    let mut path = PathData::default();
    let r = marks.sub * 0.36;
    for &((cell, d), mark) in &scene.marks {
        if mark == Mark::Eliminated {
            let (cx, cy) = marks.center(frame, layout, cell, d);
            path.line(cx - r, cy + r, cx + r, cy - r);
        }
    }
    if !path.is_empty() {
        svg.leaf(
            "path",
            &[
                ("d", path.as_str().into()),
                ("stroke", ink::STRIKE.into()),
                ("stroke-width", (marks.sub * 0.09).into()),
                ("stroke-linecap", "round".into()),
            ],
        );
    }
}

/// Each link of a chain as a curve between its nodes' candidates, routed around the
/// digits (see `route.rs`): solid for strong links, dashed for weak ones, an arrowhead at
/// the node it reaches; the branches of a forcing chain each in a colour of their own.
fn links(scene: &Scene, frame: &Frame, marks: &Marks, svg: &mut Svg) {
    let routes = crate::route::routes(scene, frame);
    let width = (marks.sub * 0.08).max(0.4);
    for chain in 0..4u8 {
        let color = ink::LINKS[usize::from(chain)];
        let (mut strong, mut weak, mut heads) = (
            PathData::default(),
            PathData::default(),
            PathData::default(),
        );
        for (link, r) in scene.links.iter().zip(&routes) {
            if link.chain % 4 != chain {
                continue;
            }
            (if link.strong { &mut strong } else { &mut weak }).curve(r.start, r.control, r.end);
            heads.triangle(r.head);
        }
        for (path, dash) in [(&strong, None), (&weak, Some(width * 3.0))] {
            if path.is_empty() {
                continue;
            }
            let mut attrs: Vec<(&str, Value)> = vec![
                ("d", path.as_str().into()),
                ("fill", "none".into()),
                ("stroke", color.into()),
                ("stroke-width", width.into()),
            ];
            let dashes = dash.map(|d| format!("{} {}", crate::svg::num(d), crate::svg::num(d)));
            if let Some(d) = &dashes {
                attrs.push(("stroke-dasharray", d.into()));
            }
            svg.leaf("path", &attrs);
        }
        if !heads.is_empty() {
            svg.leaf(
                "path",
                &[("d", heads.as_str().into()), ("fill", color.into())],
            );
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn candidates_sit_in_a_near_square_sub_grid() {
        assert_eq!(mark_grid(4), (2, 2));
        assert_eq!(mark_grid(6), (3, 2));
        assert_eq!(mark_grid(9), (3, 3));
        assert_eq!(mark_grid(12), (4, 3));
        assert_eq!(mark_grid(16), (4, 4));
        assert_eq!(mark_grid(25), (5, 5));
    }

    #[test]
    fn a_killer_cells_candidates_keep_clear_of_its_cage_outline_and_sum() {
        let cage = |sum, cells: &[usize]| sudokit_core::Cage::from_indices(sum, cells, 81).unwrap();
        let layout = Layout::classic()
            .with_cages(vec![cage(3, &[0, 1]), cage(17, &[9, 10])])
            .unwrap();
        let frame = Frame {
            x: 20.0,
            y: 20.0,
            cell: 40.0,
        };
        let marks = Marks::new(&layout, &frame);
        // The outline, and a gap of 4% of a cell beside it.
        let inset = frame.cell * (CAGE_INSET + 0.04);
        for d in 1..=9 {
            let (x, y) = marks.center(&frame, &layout, Cell::new(0), Digit::new(d));
            // A glyph's box: about 0.6 of the font size wide and 0.72 high.
            let (half_w, half_h) = (marks.size * 0.3, marks.size * 0.36);
            let (left, top) = (x - half_w - 20.0, y - half_h - 20.0);
            let (right, bottom) = (x + half_w - 20.0, y + half_h - 20.0);
            assert!(
                left > inset && right < frame.cell - inset,
                "digit {d}: {left}..{right}"
            );
            assert!(
                top >= frame.cell * SUM_BAND,
                "digit {d} reaches the sum: {top}"
            );
            assert!(bottom < frame.cell - inset, "digit {d}: bottom {bottom}");
        }
        // A plain grid's candidates use the whole cell.
        let plain = Marks::new(&Layout::classic(), &frame);
        assert!(plain.size > marks.size);
        assert_eq!(
            plain
                .center(&frame, &Layout::classic(), Cell::new(0), Digit::new(1))
                .0,
            20.0 + 40.0 / 6.0
        );
    }

    #[test]
    fn runs_split_a_line_where_boldness_changes() {
        let mut seen = Vec::new();
        runs(
            9,
            |j| (3..6).contains(&j),
            |a, b, bold| seen.push((a, b, bold)),
        );
        assert_eq!(
            seen,
            vec![(0.0, 3.0, false), (3.0, 6.0, true), (6.0, 9.0, false)]
        );
    }
}
