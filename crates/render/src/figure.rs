//! Figures: a grid with lines of text under it. A step diagram is the board with the
//! step marked and the step's technique and explanation beneath; a puzzle in a book is
//! its grid and its label.

use sudokit_logic::{teach, Board, Step};

use crate::draw::{draw, Frame};
use crate::font::{self, FAMILY};
use crate::scene::Scene;
use crate::svg::{Svg, Value};

/// Line height as a multiple of the font size.
pub const LEADING: f64 = 1.3;

/// Lines of text under a figure: the first may be bold (a heading).
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Caption {
    /// The bold first line, if any.
    pub title: Option<String>,
    /// The other lines, already wrapped.
    pub lines: Vec<String>,
    /// The font size.
    pub size: f64,
}

impl Caption {
    /// A heading and a text wrapped to `width` at `size`.
    pub fn wrapped(title: Option<String>, text: &str, size: f64, width: f64) -> Caption {
        Caption {
            title,
            lines: font::wrap(text, size, false, width),
            size,
        }
    }

    /// A heading and lines of text, each wrapped to `width` at `size`; a line's leading
    /// spaces (an explanation's cases and their steps) indent it.
    pub fn lines(title: Option<String>, lines: &[String], size: f64, width: f64) -> Caption {
        Caption {
            title,
            lines: lines
                .iter()
                .flat_map(|l| font::wrap_indented(l, size, false, width))
                .collect(),
            size,
        }
    }

    /// Its height, with a gap of half a line above.
    pub fn height(&self) -> f64 {
        let count = self.lines.len() + usize::from(self.title.is_some());
        if count == 0 {
            0.0
        } else {
            (count as f64 + 0.5) * self.size * LEADING
        }
    }

    /// Draws the lines left-aligned at `x` (a line's leading spaces indent it), the first
    /// baseline a line and a half below `y`.
    pub fn draw(&self, x: f64, y: f64, svg: &mut Svg) {
        let lead = self.size * LEADING;
        let mut baseline = y + lead * 0.5 + self.size;
        let bold = self.title.iter().map(|t| (t, true));
        let rest = self.lines.iter().map(|l| (l, false));
        for (line, bold) in bold.chain(rest) {
            let body = line.trim_start_matches(' ');
            let indent = (line.len() - body.len()) as f64 * font::indent_width(self.size);
            text(svg, x + indent, baseline, self.size, bold, "start", body);
            baseline += lead;
        }
    }
}

/// One line of text at `(x, baseline)` in the shipped font.
pub fn text(svg: &mut Svg, x: f64, baseline: f64, size: f64, bold: bool, anchor: &str, s: &str) {
    let mut attrs: Vec<(&str, Value)> = vec![
        ("x", x.into()),
        ("y", baseline.into()),
        ("font-family", FAMILY.into()),
        ("font-size", size.into()),
    ];
    if bold {
        attrs.push(("font-weight", "bold".into()));
    }
    if anchor != "start" {
        attrs.push(("text-anchor", anchor.into()));
    }
    attrs.push(("fill", "#111111".into()));
    svg.text(&attrs, s);
}

/// The title of a step: `Step 12 · X-Wing`.
pub fn step_title(number: Option<usize>, step: &Step) -> String {
    match number {
        Some(n) => format!("Step {n} · {}", step.technique.name()),
        None => step.technique.name().to_string(),
    }
}

/// The caption of a step found on `board`: `Step 12 · X-Wing` and its explanation (every
/// line: introduction, numbered steps, conclusion), wrapped to `width`.
pub fn step_caption(
    board: &Board,
    number: Option<usize>,
    step: &Step,
    size: f64,
    width: f64,
) -> Caption {
    let lines = teach::explain(board, step).text();
    Caption::lines(Some(step_title(number, step)), &lines, size, width)
}

/// Draws a scene `width` wide at `(x, y)` with `caption` under it; returns its height.
pub fn figure(scene: &Scene, caption: &Caption, x: f64, y: f64, width: f64, svg: &mut Svg) -> f64 {
    let n = scene.layout.side();
    let frame = Frame {
        x,
        y,
        cell: width / n as f64,
    };
    draw(scene, &frame, svg);
    caption.draw(x, y + width, svg);
    width + caption.height()
}

/// The height [`figure`] takes.
pub fn figure_height(width: f64, caption: &Caption) -> f64 {
    width + caption.height()
}

/// A standalone SVG of a scene, `cell` pixels a cell, with a margin of half a cell.
pub fn scene_svg(scene: &Scene, cell: f64) -> String {
    let n = scene.layout.side() as f64;
    let margin = (cell / 2.0).max(4.0);
    let mut svg = Svg::new();
    let frame = Frame {
        x: margin,
        y: margin,
        cell,
    };
    draw(scene, &frame, &mut svg);
    let side = n * cell + 2.0 * margin;
    svg.document(side, side, "")
}

/// A standalone SVG of a step on the board it was found on (`number`: its place in a
/// path, if any): the picture with the step marked, and its technique and sentence
/// under it. `cell` pixels a cell.
pub fn step_svg(board: &Board, step: &Step, number: Option<usize>, cell: f64) -> String {
    let layout = board.layout();
    let n = layout.side() as f64;
    let margin = (cell / 2.0).max(8.0);
    let width = n * cell;
    let size = (cell * 0.36).clamp(11.0, 15.0);
    let caption = step_caption(board, number, step, size, width);
    let mut svg = Svg::new();
    let height = figure(
        &Scene::step(board, step),
        &caption,
        margin,
        margin,
        width,
        &mut svg,
    );
    svg.document(width + 2.0 * margin, height + 2.0 * margin, "")
}
