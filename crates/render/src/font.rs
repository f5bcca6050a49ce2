//! The shipped font (Inter, SIL Open Font License 1.1: `fonts/OFL.txt`), so every
//! machine draws the same glyphs, and its advance widths, to wrap text before drawing.

use std::collections::HashMap;
use std::sync::OnceLock;

/// Inter Regular, OpenType.
pub const REGULAR: &[u8] = include_bytes!("../fonts/Inter-Regular.otf");

/// Inter Bold, OpenType.
pub const BOLD: &[u8] = include_bytes!("../fonts/Inter-Bold.otf");

/// The `font-family` written into SVG: Inter, then fonts a viewer without it may have.
pub const FAMILY: &str = "Inter, Helvetica, Arial, sans-serif";

/// Advance widths of one face, in em.
struct Metrics {
    widths: HashMap<char, f64>,
    fallback: f64,
}

impl Metrics {
    fn of(data: &[u8]) -> Metrics {
        let face = ttf_parser::Face::parse(data, 0).expect("the shipped font parses");
        let em = f64::from(face.units_per_em());
        let advance = |c: char| {
            let glyph = face.glyph_index(c)?;
            Some(f64::from(face.glyph_hor_advance(glyph)?) / em)
        };
        let widths = (' '..='~')
            .chain("×–—·…≠⇒←→⇔∧∨¬".chars())
            .filter_map(|c| advance(c).map(|w| (c, w)))
            .collect();
        Metrics {
            widths,
            fallback: advance('n').unwrap_or(0.55),
        }
    }

    fn width(&self, text: &str) -> f64 {
        text.chars()
            .map(|c| self.widths.get(&c).copied().unwrap_or(self.fallback))
            .sum()
    }
}

fn metrics(bold: bool) -> &'static Metrics {
    static REGULAR_METRICS: OnceLock<Metrics> = OnceLock::new();
    static BOLD_METRICS: OnceLock<Metrics> = OnceLock::new();
    if bold {
        BOLD_METRICS.get_or_init(|| Metrics::of(BOLD))
    } else {
        REGULAR_METRICS.get_or_init(|| Metrics::of(REGULAR))
    }
}

/// The width of `text` set in Inter at `size` (without kerning: a little wide).
pub fn width(text: &str, size: f64, bold: bool) -> f64 {
    metrics(bold).width(text) * size
}

/// `text` broken at spaces into lines no wider than `max` at `size`; a word wider than
/// `max` (a long chain in notation) is broken after its links (`=`, `-`) or, failing
/// that, anywhere.
pub fn wrap(text: &str, size: f64, bold: bool, max: f64) -> Vec<String> {
    let mut lines: Vec<String> = Vec::new();
    let mut line = String::new();
    let words = text
        .split_whitespace()
        .flat_map(|w| split_long(w, size, bold, max));
    for word in words {
        let word = word.as_str();
        let candidate = if line.is_empty() {
            word.to_string()
        } else {
            format!("{line} {word}")
        };
        if line.is_empty() || width(&candidate, size, bold) <= max {
            line = candidate;
        } else {
            lines.push(std::mem::replace(&mut line, word.to_string()));
        }
    }
    if !line.is_empty() {
        lines.push(line);
    }
    lines
}

/// The width of one space of indentation at `size`: an explanation's levels are two
/// spaces each, so a level is one em.
pub fn indent_width(size: f64) -> f64 {
    size * 0.5
}

/// As [`wrap`], keeping `text`'s leading spaces (an explanation's level) on every line it
/// makes, each line narrower by that indentation.
pub fn wrap_indented(text: &str, size: f64, bold: bool, max: f64) -> Vec<String> {
    let body = text.trim_start_matches(' ');
    let spaces = text.len() - body.len();
    let room = (max - spaces as f64 * indent_width(size)).max(max / 2.0);
    let pad = " ".repeat(spaces);
    wrap(body, size, bold, room)
        .into_iter()
        .map(|l| format!("{pad}{l}"))
        .collect()
}

/// `word` cut into pieces no wider than `max`, after `=` or `-` where possible.
fn split_long(word: &str, size: f64, bold: bool, max: f64) -> Vec<String> {
    let mut pieces = Vec::new();
    let mut rest = word;
    while width(rest, size, bold) > max {
        let fits: Vec<(usize, char)> = rest
            .char_indices()
            .take_while(|&(i, c)| width(&rest[..i + c.len_utf8()], size, bold) <= max)
            .collect();
        let Some(&(last, c)) = fits.last() else { break };
        let hard = last + c.len_utf8();
        let cut = fits
            .iter()
            .rev()
            .find(|(_, c)| matches!(c, '=' | '-' | ','))
            .map_or(hard, |&(i, c)| i + c.len_utf8());
        pieces.push(rest[..cut].to_string());
        rest = &rest[cut..];
    }
    pieces.push(rest.to_string());
    pieces
}

/// The characters of `text` the shipped font has no glyph for (in either weight), each
/// once, in order: text with them would print as empty boxes.
pub fn missing(text: &str) -> Vec<char> {
    static FACES: OnceLock<[ttf_parser::Face<'static>; 2]> = OnceLock::new();
    let faces = FACES.get_or_init(|| {
        let parse = |data: &'static [u8]| {
            ttf_parser::Face::parse(data, 0).expect("the shipped font parses")
        };
        [parse(REGULAR), parse(BOLD)]
    });
    let mut out: Vec<char> = Vec::new();
    for c in text.chars() {
        let drawn = c.is_whitespace() || faces.iter().all(|f| f.glyph_index(c).is_some());
        if !drawn && !out.contains(&c) {
            out.push(c);
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn widths_grow_with_text_and_size_and_weight() {
        let w = width("Hidden Single", 10.0, false);
        assert!(w > 50.0 && w < 80.0, "{w}");
        assert!(width("Hidden Single", 20.0, false) > 1.9 * w);
        assert!(width("Hidden Single", 10.0, true) > w);
    }

    #[test]
    fn an_indented_line_keeps_its_indent_on_every_line_it_wraps_to() {
        let text = "    12. Then r5c7 is 5: its other candidates are gone (from 6 and 11).";
        let lines = wrap_indented(text, 10.0, false, 150.0);
        assert!(lines.len() > 1, "{lines:?}");
        for l in &lines {
            assert!(l.starts_with("    ") && !l.starts_with("     "), "{l:?}");
            let room = 150.0 - 4.0 * indent_width(10.0);
            assert!(width(l.trim_start(), 10.0, false) <= room, "{l:?}");
        }
        let words: Vec<&str> = lines.iter().flat_map(|l| l.split_whitespace()).collect();
        assert_eq!(words, text.split_whitespace().collect::<Vec<_>>());
    }

    #[test]
    fn wrapping_keeps_every_word_and_each_line_within_the_width() {
        let text = "In row 4, 7 fits only in r4c2 and r4c8, so r4c2 or r4c8 is 7 and r1c2 loses it";
        let lines = wrap(text, 10.0, false, 120.0);
        assert!(lines.len() > 2);
        assert_eq!(lines.join(" "), text);
        assert!(lines.iter().all(|l| width(l, 10.0, false) <= 120.0));
    }

    #[test]
    fn a_chain_longer_than_a_line_breaks_after_its_links() {
        let chain = "(2)r2c3=(4)r2c3-(4)r3c1=(4)r6c1-(1)r6c1=(1)r6c2-(8)r6c2=(8)r6c4";
        let lines = wrap(chain, 10.0, false, 100.0);
        assert!(lines.len() > 2, "{lines:?}");
        assert_eq!(lines.concat(), chain);
        assert!(lines.iter().all(|l| width(l, 10.0, false) <= 100.0));
        assert!(lines[..lines.len() - 1]
            .iter()
            .all(|l| l.ends_with(['=', '-'])));
    }
}
