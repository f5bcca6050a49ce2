//! Scanning one line of text: what it is (blank, border, triple, cells, matrix start)
//! and, for cells, their values and columns.

/// Cells found on one line, with the 1-based character column of each.
#[derive(Clone, Debug, Default)]
pub(crate) struct Cells {
    /// 0 for a blank, else the value (may exceed the side; checked later).
    pub values: Vec<u8>,
    /// 1-based character column of each cell; empty when the cells are contiguous from
    /// column `first_col`.
    pub cols: Vec<u32>,
    /// Column of the first cell when `cols` is empty.
    pub first_col: u32,
    /// No separators between the cells (a single token).
    pub compact: bool,
    /// The scan found a whole puzzle (by its count, or a 5×5 by the regions after it,
    /// where 25 cells alone would be a row), not a row of one.
    pub whole: bool,
}

impl Cells {
    pub fn len(&self) -> usize {
        self.values.len()
    }

    /// The 1-based column of cell `i`.
    pub fn col(&self, i: usize) -> u32 {
        self.cols
            .get(i)
            .copied()
            .unwrap_or(self.first_col + i as u32)
    }
}

/// What one line holds.
#[derive(Clone, Debug)]
pub(crate) enum Scan {
    /// Nothing.
    Empty,
    /// Only a `#` comment.
    Comment,
    /// Only border characters (`-`, `+`, `|`, `=`, `*`, `.`, `:`).
    Border,
    /// A `[` at this byte offset: a MATLAB matrix starts.
    Matrix(usize),
    /// Three numbers: `row column digit`, with their columns.
    Triple([(usize, u32); 3]),
    /// A row of cells, or a whole puzzle.
    Cells(Cells),
    /// A character that belongs to no format.
    Bad { col: u32, ch: char },
}

/// How the scanner should read a piece of text.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Context {
    /// The side every puzzle must have, when fixed by the caller.
    pub fixed_side: Option<usize>,
    /// Inside a matrix: no triples, no first-token rule.
    pub in_matrix: bool,
}

/// Removes a trailing `#` comment; says whether there was one.
pub(crate) fn strip_comment(line: &str) -> (&str, bool) {
    match line.find('#') {
        Some(i) => (&line[..i], true),
        None => (line, false),
    }
}

/// The value of each byte as a cell symbol (0 for a blank), or `NOT_A_SYMBOL`.
const NOT_A_SYMBOL: u8 = 0xff;
static SYMBOL_VALUE: [u8; 256] = {
    let mut t = [NOT_A_SYMBOL; 256];
    let blanks = *b".0xX*_";
    let mut i = 0;
    while i < blanks.len() {
        t[blanks[i] as usize] = 0;
        i += 1;
    }
    let mut v = 1;
    while v <= 25 {
        let (upper, lower) = if v <= 9 {
            (b'0' + v, b'0' + v)
        } else {
            (b'A' + v - 10, b'a' + v - 10)
        };
        t[upper as usize] = v;
        t[lower as usize] = v;
        v += 1;
    }
    t
};

/// The common case, read without tokenizing: a line of exactly N² symbols.
fn plain_line(line: &str, fixed: Option<usize>) -> Option<Cells> {
    let bytes = line.as_bytes();
    if !is_whole_count(bytes.len(), true, fixed) {
        return None;
    }
    let values: Vec<u8> = bytes.iter().map(|&b| SYMBOL_VALUE[b as usize]).collect();
    values.iter().all(|&v| v != NOT_A_SYMBOL).then_some(Cells {
        values,
        cols: Vec::new(),
        first_col: 1,
        compact: true,
        whole: true,
    })
}

/// Classifies a whole input line.
pub(crate) fn scan_line(line: &str, ctx: Context) -> Scan {
    if let Some(cells) = plain_line(line, ctx.fixed_side) {
        return Scan::Cells(cells);
    }
    let (body, had_comment) = strip_comment(line);
    if body.trim().is_empty() {
        return if had_comment {
            Scan::Comment
        } else {
            Scan::Empty
        };
    }
    if let Some(i) = body.find('[') {
        return Scan::Matrix(i);
    }
    if is_border(body) {
        return Scan::Border;
    }
    if body.contains(':') {
        if let Some(cells) = whole_colon_field(body, ctx.fixed_side) {
            return Scan::Cells(cells);
        }
    }
    scan_cells(body, 0, ctx)
}

/// In a `:`-separated record (`puzzle:count:solution`, `name:puzzle:...`), the first
/// field that is a whole puzzle.
fn whole_colon_field(body: &str, fixed: Option<usize>) -> Option<Cells> {
    let mut col = 0u32;
    for field in body.split(':') {
        let toks = tokens(
            field.trim(),
            col + (field.len() - field.trim_start().len()) as u32,
        );
        if toks.len() == 1 {
            if let Some(cells) = whole_first_token(&toks[0], fixed) {
                return Some(cells);
            }
        }
        col += field.chars().count() as u32 + 1;
    }
    None
}

/// A line of border characters only, with at least one `-`, `=` or `+`.
fn is_border(body: &str) -> bool {
    let mut rule = false;
    for ch in body.chars() {
        match ch {
            '-' | '=' | '+' => rule = true,
            '|' | '*' | '.' | ':' | '\'' => {}
            c if c.is_whitespace() => {}
            _ => return false,
        }
    }
    rule
}

pub(crate) fn is_separator(ch: char) -> bool {
    ch.is_whitespace() || matches!(ch, ',' | '|' | '+' | '-' | '=')
}

fn is_blank_symbol(ch: char) -> bool {
    matches!(ch, '.' | '0' | 'x' | 'X' | '*' | '_')
}

/// The value of a cell symbol in the compact notation: `Some(0)` for a blank.
fn symbol_value(ch: char) -> Option<u8> {
    if is_blank_symbol(ch) {
        return Some(0);
    }
    crate::digit::Digit::from_char(ch).map(|d| d.get())
}

type Token = Vec<(u32, char)>;

fn tokens(text: &str, col_base: u32) -> Vec<Token> {
    let mut out: Vec<Token> = Vec::new();
    let mut cur: Token = Vec::new();
    for (i, ch) in text.chars().enumerate() {
        if is_separator(ch) {
            if !cur.is_empty() {
                out.push(std::mem::take(&mut cur));
            }
        } else {
            cur.push((col_base + i as u32 + 1, ch));
        }
    }
    if !cur.is_empty() {
        out.push(cur);
    }
    out
}

fn is_number(t: &Token) -> bool {
    t.len() <= 2 && t.iter().all(|(_, c)| c.is_ascii_digit())
}

fn number(t: &Token) -> usize {
    t.iter()
        .fold(0, |acc, (_, c)| acc * 10 + (*c as usize - '0' as usize))
}

/// Is `k` cells a whole puzzle, given the context?
pub(crate) fn is_whole_count(k: usize, compact: bool, fixed: Option<usize>) -> bool {
    match fixed {
        Some(n) => k == n * n,
        None => {
            let n = (k as f64).sqrt().round() as usize;
            n * n == k && (k > crate::MAX_SIDE || (n == 4 && compact)) && n <= crate::MAX_SIDE
        }
    }
}

/// Scans `text` (whose first character is at column `col_base + 1`) as cells or a triple.
pub(crate) fn scan_cells(text: &str, col_base: u32, ctx: Context) -> Scan {
    let toks = tokens(text, col_base);
    if !ctx.in_matrix {
        if toks.len() == 3 && toks.iter().all(is_number) {
            let t = |i: usize| (number(&toks[i]), toks[i][0].0);
            return Scan::Triple([t(0), t(1), t(2)]);
        }
        if toks.len() > 1 {
            if let Some(cells) = whole_first_token(&toks[0], ctx.fixed_side)
                .or_else(|| five_with_regions(&toks, ctx.fixed_side))
            {
                return Scan::Cells(cells);
            }
        }
    }
    let numeric = toks.len() >= 4
        && toks
            .iter()
            .all(|t| is_number(t) || (t.len() == 1 && is_blank_symbol(t[0].1)))
        && toks.iter().any(|t| t.len() == 2);
    if numeric {
        let values = toks.iter().map(|t| {
            if is_number(t) {
                number(t).min(255) as u8
            } else {
                0
            }
        });
        let cols = toks.iter().map(|t| t[0].0);
        return Scan::Cells(Cells {
            values: values.collect(),
            cols: cols.collect(),
            first_col: 0,
            compact: false,
            whole: false,
        });
    }
    let mut cells = Cells {
        compact: toks.len() == 1,
        ..Cells::default()
    };
    for (col, ch) in toks.into_iter().flatten() {
        match symbol_value(ch) {
            Some(v) => {
                cells.values.push(v);
                cells.cols.push(col);
            }
            None => return Scan::Bad { col, ch },
        }
    }
    Scan::Cells(cells)
}

/// A 5×5 puzzle on one line with its regions after it (`generate --size 5 --jigsaw`):
/// 25 cells alone could be a row of a 25×25 grid, but not when 25 region symbols, five
/// of each of five, follow them.
fn five_with_regions(toks: &[Token], fixed: Option<usize>) -> Option<Cells> {
    let [first, regions] = toks else {
        return None;
    };
    if fixed.is_some_and(|n| n != 5) || first.len() != 25 || regions.len() != 25 {
        return None;
    }
    let mut names: Vec<char> = regions.iter().map(|&(_, ch)| ch).collect();
    if !names.iter().all(char::is_ascii_alphanumeric) {
        return None;
    }
    names.sort_unstable();
    let five_of_each = names.chunks(5).all(|c| c.iter().all(|&ch| ch == c[0]))
        && names.windows(6).step_by(5).all(|w| w[0] != w[5]);
    if !five_of_each {
        return None;
    }
    whole_first_token(first, Some(5))
}

/// The first token alone, when it is a whole puzzle of valid symbols (the rest of the
/// line is then an annotation, e.g. a rating).
fn whole_first_token(tok: &Token, fixed: Option<usize>) -> Option<Cells> {
    if !is_whole_count(tok.len(), true, fixed) {
        return None;
    }
    let values = tok
        .iter()
        .map(|&(_, ch)| symbol_value(ch))
        .collect::<Option<Vec<u8>>>()?;
    Some(Cells {
        values,
        cols: tok.iter().map(|&(c, _)| c).collect(),
        first_col: 0,
        compact: true,
        whole: true,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    const FREE: Context = Context {
        fixed_side: None,
        in_matrix: false,
    };

    fn cells(line: &str) -> Vec<u8> {
        match scan_line(line, FREE) {
            Scan::Cells(c) => c.values,
            other => panic!("not cells: {other:?}"),
        }
    }

    #[test]
    fn rows_in_every_notation() {
        assert_eq!(cells("0 0 3 0 0 0 1 0 0"), [0, 0, 3, 0, 0, 0, 1, 0, 0]);
        assert_eq!(cells("0,6,0,5,9,3,0,0,0"), [0, 6, 0, 5, 9, 3, 0, 0, 0]);
        assert_eq!(
            cells("| 1 . 3 | x * _ | 7 8 9 |"),
            [1, 0, 3, 0, 0, 0, 7, 8, 9]
        );
        assert_eq!(cells("10 0 3 16 . 2 1 4"), [10, 0, 3, 16, 0, 2, 1, 4]);
        assert_eq!(cells("1A3g"), [1, 10, 3, 16]);
    }

    #[test]
    fn borders_comments_and_blanks() {
        assert!(matches!(scan_line("+-------+-------+", FREE), Scan::Border));
        assert!(matches!(scan_line("*-----------*", FREE), Scan::Border));
        assert!(matches!(scan_line("# a comment", FREE), Scan::Comment));
        assert!(matches!(scan_line("   ", FREE), Scan::Empty));
        assert!(matches!(scan_line("A = [1 2;3 4]", FREE), Scan::Matrix(4)));
    }

    #[test]
    fn triples_are_three_small_numbers() {
        assert!(matches!(
            scan_line("1 6 1", FREE),
            Scan::Triple([(1, 1), (6, 3), (1, 5)])
        ));
        assert!(matches!(scan_line("12,3,16", FREE), Scan::Triple(_)));
        assert!(matches!(
            scan_line("003000100 100400000 000200000", FREE),
            Scan::Cells(_)
        ));
    }

    #[test]
    fn bad_character_has_its_column() {
        let line = format!("{}q{}", ".".repeat(39), ".".repeat(41));
        assert!(matches!(
            scan_line(&line, FREE),
            Scan::Bad { col: 40, ch: 'q' }
        ));
    }

    #[test]
    fn colon_records_yield_their_puzzle_field() {
        let p = "1".repeat(81);
        assert_eq!(cells(&format!("{p}:1:{p}")).len(), 81);
        match scan_line(&format!("seed000:{p}:1:{p}"), FREE) {
            Scan::Cells(c) => assert_eq!(c.col(0), 9),
            other => panic!("{other:?}"),
        }
        assert!(matches!(
            scan_line("a:b", FREE),
            Scan::Bad { col: 2, ch: ':' }
        ));
    }

    #[test]
    fn trailing_annotation_after_a_whole_line_is_ignored() {
        let line = format!("{} 9.3/1.2", ".".repeat(81));
        assert_eq!(cells(&line).len(), 81);
    }
}
