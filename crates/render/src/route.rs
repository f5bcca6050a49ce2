//! Where a chain's links run: a gentle curve from one node's candidate to the next,
//! bowed to the side that keeps it off the digits already in the grid (givens and
//! placed digits), ending in an arrowhead. The same routes draw the print's diagrams
//! and, in cell units, the page's overlay (`link_paths`).
//!
//! ```text
//!   from ●──────╮                each link: the nearest pair of candidates of its two
//!        ╭──┴──╮╰──▶ ● to        nodes, a quadratic curve bowed by a fraction of its
//!        │ 7  │                   length (the first of ±1/6, ±1/3, … whose samples stay
//!        ╰────╯ a given: avoided  clear of every filled cell's digit), ends pulled in.
//! ```

use sudokit_core::{Cell, Digit};

use crate::draw::{Frame, Marks};
use crate::scene::Scene;

/// A point: `(x, y)`.
pub type Point = (f64, f64);

/// One link's curve and arrowhead.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Route {
    /// Where the curve starts (pulled in from the candidate).
    pub start: Point,
    /// The quadratic curve's control point.
    pub control: Point,
    /// Where the curve ends: the arrow's tip.
    pub end: Point,
    /// The arrowhead: tip, then the two back corners.
    pub head: [Point; 3],
}

/// Bows tried in turn, as fractions of the link's length (positive: to the left of the
/// direction of travel); the first that keeps clear of every digit and inside the grid
/// is taken, else the clearest.
const BOWS: [f64; 12] = [
    0.125, -0.125, 0.25, -0.25, 0.4, -0.4, 0.6, -0.6, 0.06, -0.06, 0.85, -0.85,
];

/// The routes of a scene's links in `frame`, in the order of `scene.links`.
pub fn routes(scene: &Scene, frame: &Frame) -> Vec<Route> {
    let layout = &*scene.layout;
    let marks = Marks::new(layout, frame);
    let at = |&(c, d): &(Cell, Digit)| marks.center(frame, layout, c, d);
    // The digits to keep clear of: each filled cell's centre.
    let filled: Vec<Point> = layout
        .cells()
        .filter(|&c| scene.is_filled(c))
        .map(|c| {
            let (x, y) = (layout.col(c) as f64, layout.row(c) as f64);
            (
                frame.x + (x + 0.5) * frame.cell,
                frame.y + (y + 0.5) * frame.cell,
            )
        })
        .collect();
    // A digit's box: about half a cell wide and two thirds high, centred.
    let clear = (frame.cell * 0.27, frame.cell * 0.35);
    let bounds = (
        (frame.x, frame.y),
        (
            frame.x + frame.side(layout.side()),
            frame.y + frame.side(layout.side()),
        ),
    );
    scene
        .links
        .iter()
        .map(|link| {
            let (a, b) = nearest(
                &link.from.iter().map(at).collect::<Vec<_>>(),
                &link.to.iter().map(at).collect::<Vec<_>>(),
            );
            route(a, b, marks.sub, &filled, clear, bounds)
        })
        .collect()
}

/// The closest pair of points, one of each list.
fn nearest(from: &[Point], to: &[Point]) -> (Point, Point) {
    let mut best = (
        from.first().copied().unwrap_or_default(),
        to.first().copied().unwrap_or_default(),
    );
    let mut dist = f64::INFINITY;
    for &p in from {
        for &q in to {
            let d = distance(p, q);
            if d < dist {
                dist = d;
                best = (p, q);
            }
        }
    }
    best
}

fn distance(a: Point, b: Point) -> f64 {
    ((a.0 - b.0).powi(2) + (a.1 - b.1).powi(2)).sqrt()
}

/// A point of the quadratic curve `p0`, `c`, `p1` at `t`.
fn at(p0: Point, c: Point, p1: Point, t: f64) -> Point {
    let u = 1.0 - t;
    (
        u * u * p0.0 + 2.0 * u * t * c.0 + t * t * p1.0,
        u * u * p0.1 + 2.0 * u * t * c.1 + t * t * p1.1,
    )
}

/// The curve from `a` to `b` (candidate centres `sub` apart in a cell's sub-grid) that
/// keeps clear of the digits centred at `filled` (each an ellipse of radii `clear`) and
/// inside `bounds` (the grid's corners).
fn route(
    a: Point,
    b: Point,
    sub: f64,
    filled: &[Point],
    clear: (f64, f64),
    bounds: (Point, Point),
) -> Route {
    let (dx, dy) = (b.0 - a.0, b.1 - a.1);
    let len = (dx * dx + dy * dy).sqrt().max(1e-9);
    let (ux, uy) = (dx / len, dy / len);
    let mid = ((a.0 + b.0) / 2.0, (a.1 + b.1) / 2.0);
    // Short links (within a cell) bow by at least a candidate's width, to be seen.
    let scale = len.max(sub * 2.0);
    let control = |bow: f64| (mid.0 - uy * bow * scale, mid.1 + ux * bow * scale);
    // The clearance of a curve: how far its middle part stays from the nearest digit,
    // in digit radii (below 1: it crosses one), and whether it stays in the grid (the
    // ends sit on candidates, which are never on a digit).
    let ((x0, y0), (x1, y1)) = bounds;
    let margin = sub * 0.25;
    let clearance = |c: Point| {
        (1..=15)
            .map(|k| at(a, c, b, f64::from(k) / 16.0))
            .map(|p| {
                let inside = p.0 > x0 + margin
                    && p.0 < x1 - margin
                    && p.1 > y0 + margin
                    && p.1 < y1 - margin;
                let near = filled
                    .iter()
                    .map(|&f| {
                        (((p.0 - f.0) / clear.0).powi(2) + ((p.1 - f.1) / clear.1).powi(2)).sqrt()
                    })
                    .fold(f64::INFINITY, f64::min);
                if inside {
                    near - 1.0
                } else {
                    near.min(1.0) - 2.0
                }
            })
            .fold(f64::INFINITY, f64::min)
    };
    let mut best = (f64::NEG_INFINITY, control(BOWS[0]));
    for bow in BOWS {
        let c = control(bow);
        let room = clearance(c);
        if room >= 0.0 {
            best = (room, c);
            break;
        }
        if room > best.0 {
            best = (room, c);
        }
    }
    let c = best.1;
    // Pull both ends in along the curve, so the line stops short of the digits.
    let gap = (sub * 0.42).min(len * 0.3);
    let toward = |p: Point, q: Point, by: f64| {
        let d = distance(p, q).max(1e-9);
        (p.0 + (q.0 - p.0) / d * by, p.1 + (q.1 - p.1) / d * by)
    };
    let start = toward(a, c, gap);
    let end = toward(b, c, gap);
    // The arrowhead points along the curve's last tangent (from the control point).
    let size = (sub * 0.4).min(len.max(sub) * 0.5);
    let d = distance(c, end).max(1e-9);
    let (tx, ty) = ((end.0 - c.0) / d, (end.1 - c.1) / d);
    let back = (end.0 - tx * size, end.1 - ty * size);
    let half = size * 0.45;
    Route {
        start,
        control: c,
        end,
        head: [
            end,
            (back.0 - ty * half, back.1 + tx * half),
            (back.0 + ty * half, back.1 - tx * half),
        ],
    }
}

/// Each link of `scene` in cell units (the grid is `side` × `side`, cell (r, c) spans
/// `c..c+1` × `r..r+1`): its curve as SVG path data (`M x y Q cx cy x y`) and its
/// arrowhead (`M x y L x y L x y Z`). For a page that draws the grid itself and lays the
/// links over it in a `viewBox="0 0 side side"`.
pub fn link_paths(scene: &Scene) -> Vec<(String, String)> {
    let frame = Frame {
        x: 0.0,
        y: 0.0,
        cell: 1.0,
    };
    let n = |v: f64| crate::svg::num3(v);
    routes(scene, &frame)
        .into_iter()
        .map(|r| {
            let curve = format!(
                "M{} {}Q{} {} {} {}",
                n(r.start.0),
                n(r.start.1),
                n(r.control.0),
                n(r.control.1),
                n(r.end.0),
                n(r.end.1)
            );
            let [t, p, q] = r.head;
            let head = format!(
                "M{} {}L{} {}L{} {}Z",
                n(t.0),
                n(t.1),
                n(p.0),
                n(p.1),
                n(q.0),
                n(q.1)
            );
            (curve, head)
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_link_bows_around_a_digit_in_its_way() {
        // Two candidates either side of a filled cell's centre at (1.5, 0.5).
        let (a, b) = ((0.5, 0.5), (2.5, 0.5));
        let filled = [(1.5, 0.5)];
        let r = route(
            a,
            b,
            1.0 / 3.0,
            &filled,
            (0.27, 0.35),
            ((0.0, 0.0), (9.0, 9.0)),
        );
        let middle = at(r.start, r.control, r.end, 0.5);
        assert!(distance(middle, filled[0]) > 0.35, "{r:?}");
    }

    #[test]
    fn an_arrowhead_sits_at_the_end() {
        let r = route(
            (0.5, 1.5),
            (3.5, 1.5),
            1.0 / 3.0,
            &[],
            (0.27, 0.35),
            ((0.0, 0.0), (9.0, 9.0)),
        );
        assert_eq!(r.head[0], r.end);
        assert!(r.end.0 < 3.5 && r.start.0 > 0.5, "ends pulled in: {r:?}");
    }
}
