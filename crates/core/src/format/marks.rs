//! Pencil-mark inputs: HoDoKu library lines, candidate strings and pencil-mark grid rows.

use super::read::ErrorKind;
use crate::digit::{Digit, DigitSet};

/// One cell of a pencil-mark row.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Mark {
    /// `.` or `0`: nothing known.
    Blank,
    /// One symbol: the cell's value.
    Value(u8),
    /// Several symbols: the cell's candidates.
    Candidates(DigitSet),
}

/// A row of whitespace- or `|`-separated tokens, each a blank, a value or a set of
/// distinct candidates; `None` when some token is none of these.
pub(crate) fn mark_row(line: &str) -> Option<Vec<Mark>> {
    marks_of(line).ok()
}

/// Where a would-be pencil-mark row of `n` tokens goes wrong: the 1-based column and
/// the character of the first symbol that is no digit, or a candidate repeated in its
/// cell. `None` when the row does not have `n` tokens (it is not a row of this grid at
/// all) or has no such symbol.
pub(crate) fn bad_mark(line: &str, n: usize) -> Option<(usize, char)> {
    let tokens = line.split(is_mark_separator).filter(|t| !t.is_empty());
    if tokens.count() != n {
        return None;
    }
    marks_of(line).err()
}

fn is_mark_separator(c: char) -> bool {
    c.is_whitespace() || c == '|'
}

/// The marks of a row's tokens, or the 1-based column and character of the first bad
/// symbol.
fn marks_of(line: &str) -> Result<Vec<Mark>, (usize, char)> {
    // Each token with the 1-based column of its first character.
    let mut tokens: Vec<(usize, Vec<char>)> = Vec::new();
    let mut last_separator = true;
    for (i, ch) in line.chars().enumerate() {
        match (is_mark_separator(ch), last_separator) {
            (true, _) => {}
            (false, true) => tokens.push((i + 1, vec![ch])),
            (false, false) => tokens.last_mut().expect("a token").1.push(ch),
        }
        last_separator = is_mark_separator(ch);
    }
    tokens
        .into_iter()
        .map(|(col, token)| mark(col, &token))
        .collect()
}

/// One token: a blank (`.` or `0`), a value, or distinct candidates.
fn mark(col: usize, token: &[char]) -> Result<Mark, (usize, char)> {
    if token == ['.'] || token == ['0'] {
        return Ok(Mark::Blank);
    }
    let mut set = DigitSet::EMPTY;
    for (k, &ch) in token.iter().enumerate() {
        match Digit::from_char(ch) {
            Some(d) if !set.contains(d) => set.insert(d),
            _ => return Err((col + k, ch)),
        }
    }
    Ok(match set.only() {
        Some(d) => Mark::Value(d.get()),
        None => Mark::Candidates(set),
    })
}

/// Does a row of marks look like a pencil-mark row of side `n` = its length: some
/// token with several candidates, none above `n`? For sides above 9, where `12` could be
/// a value, some token must be unmistakable: three or more candidates, or a letter.
pub(crate) fn is_pencil_row(marks: &[Mark]) -> bool {
    let n = marks.len();
    let sets = || {
        marks.iter().filter_map(|m| {
            if let Mark::Candidates(c) = m {
                Some(*c)
            } else {
                None
            }
        })
    };
    let clear = |c: DigitSet| n <= 9 || c.len() >= 3 || c.bits() >> 9 != 0;
    (crate::layout::MIN_SIDE..=crate::MAX_SIDE).contains(&n)
        && sets().any(clear)
        && marks.iter().all(|m| match m {
            Mark::Blank => true,
            Mark::Value(v) => (*v as usize) <= n,
            Mark::Candidates(c) => c.bits() >> n == 0,
        })
}

/// A bad symbol: its 1-based column and what is wrong.
pub(crate) type MarkError = (usize, ErrorKind);

/// A candidate string: N³ symbols, N per cell, the digit's symbol where it is a candidate
/// and `.` or `0` elsewhere (e.g. 729 for 9×9). Returns the side and each cell's marks,
/// or the 1-based column and kind of the first bad symbol; `None` when the length is no
/// N³. Side 4 (64 = 8², also a puzzle length) only when the layout is fixed to it.
pub(crate) fn candidate_string(
    line: &str,
    fixed: Option<usize>,
) -> Option<Result<(usize, Vec<Mark>), MarkError>> {
    if !line.chars().all(|c| c.is_alphanumeric() || c == '.') {
        // A puzzle followed by other fields (`puzzle,count,solution`, `puzzle | note`)
        // may have any length: never a candidate string.
        return None;
    }
    let len = line.chars().count();
    let n = match fixed {
        Some(f) if f * f * f == len => f,
        _ => (crate::layout::MIN_SIDE + 1..=crate::MAX_SIDE).find(|n| n * n * n == len)?,
    };
    let chars: Vec<char> = line.chars().collect();
    let mut marks = Vec::with_capacity(n * n);
    for (k, cell) in chars.chunks(n).enumerate() {
        let mut set = DigitSet::EMPTY;
        for (i, &ch) in cell.iter().enumerate() {
            let col = k * n + i + 1;
            match ch {
                '.' | '0' => {}
                _ => match Digit::from_char(ch).filter(|d| d.get() as usize <= n) {
                    Some(d) if d.index() == i => set.insert(d),
                    Some(_) => {
                        let kind = ErrorKind::MarkOutOfPlace {
                            symbol: ch,
                            position: i + 1,
                        };
                        return Some(Err((col, kind)));
                    }
                    None => return Some(Err((col, ErrorKind::UnexpectedChar(ch)))),
                },
            }
        }
        marks.push(match set.only() {
            Some(d) => Mark::Value(d.get()),
            None => Mark::Candidates(set),
        });
    }
    Some(Ok((n, marks)))
}

/// A HoDoKu library line `:code:digits:givens:deleted:...`: the values (81, `+` marks a
/// placed, not given, digit) and the deleted candidates `(digit, cell)`.
pub(crate) type HodokuPuzzle = (Vec<u8>, Vec<(u8, usize)>);

/// What is wrong in a HoDoKu line, at a 1-based column.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) enum HodokuError {
    /// A character that is neither a value, a blank nor `+` among the givens, or not a
    /// digit 1–9 in a deleted candidate.
    Char(usize, char),
    /// A deleted candidate that is not three digits (digit, row, column).
    Deletion(usize, String),
}

/// Reads a HoDoKu library line that starts after `indent` characters of its input line
/// (so that errors name columns of the input line); `None` when the line is not one.
pub(crate) fn hodoku_line(line: &str, indent: usize) -> Option<Result<HodokuPuzzle, HodokuError>> {
    let fields: Vec<&str> = line.split(':').collect();
    if fields.len() < 5
        || !fields[0].trim().is_empty()
        || !fields[1]
            .chars()
            .all(|c| c.is_ascii_alphanumeric() || c == '-')
    {
        return None;
    }
    let chars = |f: &str| f.chars().count();
    let start = indent + chars(fields[0]) + chars(fields[1]) + chars(fields[2]) + 3;
    Some(parse_hodoku(fields[3], fields[4], start))
}

/// The givens and the deleted candidates; `start` is the number of characters before the
/// givens, so errors name the column of the line.
fn parse_hodoku(givens: &str, deleted: &str, start: usize) -> Result<HodokuPuzzle, HodokuError> {
    let mut values = Vec::with_capacity(81);
    for (i, ch) in givens.chars().enumerate() {
        match ch {
            '+' => {}
            '.' | '0' => values.push(0),
            '1'..='9' => values.push(ch as u8 - b'0'),
            _ => return Err(HodokuError::Char(start + i + 1, ch)),
        }
    }
    let mut removed = Vec::new();
    // Column of the first character of the current entry.
    let mut column = start + givens.chars().count() + 2;
    for entry in deleted.split(' ') {
        removed.extend(deletion(entry, column)?);
        column += entry.chars().count() + 1;
    }
    Ok((values, removed))
}

/// One deleted candidate `drc` at `column` (none for an empty entry between two spaces).
fn deletion(entry: &str, column: usize) -> Result<Option<(u8, usize)>, HodokuError> {
    if entry.is_empty() {
        return Ok(None);
    }
    let mut digits = [0usize; 3];
    for (i, ch) in entry.chars().enumerate() {
        match ch.to_digit(10) {
            Some(v @ 1..=9) if i < 3 => digits[i] = v as usize,
            Some(1..=9) => return Err(HodokuError::Deletion(column, entry.to_string())),
            _ => return Err(HodokuError::Char(column + i, ch)),
        }
    }
    match digits {
        [d, r, c] if c != 0 => Ok(Some((d as u8, (r - 1) * 9 + c - 1))),
        _ => Err(HodokuError::Deletion(column, entry.to_string())),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn pencil_rows() {
        let row = mark_row("| 1   2568  5689 | 78   3    57   | 4   29   69   |").unwrap();
        assert_eq!(row.len(), 9);
        assert!(is_pencil_row(&row));
        assert_eq!(row[0], Mark::Value(1));
        assert_eq!(
            row[1],
            Mark::Candidates([2, 5, 6, 8].into_iter().map(Digit::new).collect())
        );
        assert!(!is_pencil_row(&mark_row("1 2 3 4 5 6 7 8 9").unwrap()));
        assert!(
            !is_pencil_row(&mark_row("1234 5678 9ABC DEFG").unwrap()),
            "digits above 4"
        );
        assert!(mark_row("11 2 3").is_none(), "a repeated candidate");
        assert_eq!(bad_mark("| 8  34x9 346 |", 3), Some((8, 'x')));
        assert_eq!(
            bad_mark("12 131 4", 3),
            Some((6, '1')),
            "a repeated candidate"
        );
        assert_eq!(bad_mark("12 . 0", 3), None, "blanks are fine");
        assert_eq!(
            bad_mark("12 0469 3", 3),
            Some((4, '0')),
            "a blank inside a cell"
        );
        assert_eq!(bad_mark("12 .5 3", 3), Some((4, '.')));
        assert_eq!(
            bad_mark("1x 2", 3),
            None,
            "two tokens: not a row of this grid"
        );
    }

    #[test]
    fn candidate_strings() {
        let cell = "1...5...9";
        let (n, marks) = candidate_string(&cell.repeat(81), None).unwrap().unwrap();
        assert_eq!((n, marks.len()), (9, 81));
        assert_eq!(
            marks[0],
            Mark::Candidates([1, 5, 9].into_iter().map(Digit::new).collect())
        );
        assert!(
            candidate_string(&"5...1....".repeat(81), None)
                .unwrap()
                .is_err_and(|(col, _)| col == 1),
            "digit out of place"
        );
    }

    #[test]
    fn hodoku_lines() {
        let line = ":0603:3:14+8..+9+72+5.+3...89.697+6....38.+61......3+2.8.56...9......2.5+9+186....+8+3....61+6+1...35+89:224 524:364 365::";
        let (values, removed) = hodoku_line(line, 0).unwrap().unwrap();
        assert_eq!(values.len(), 81);
        assert_eq!(&values[..3], [1, 4, 8]);
        assert_eq!(removed, [(2, 12), (5, 12)]);
        assert!(hodoku_line("123:4", 0).is_none());
        // Errors name the character at fault, not the start of its field (fuzzing found
        // every deletion error at column 91).
        let bad = |from: &str, to: &str| hodoku_line(&line.replacen(from, to, 1), 0).unwrap();
        assert_eq!(
            bad("224 524", "224 5x4").unwrap_err(),
            HodokuError::Char(111, 'x')
        );
        assert_eq!(
            bad("224 524", "224 504").unwrap_err(),
            HodokuError::Char(111, '0')
        );
        assert_eq!(
            bad("224 524", "224 52").unwrap_err(),
            HodokuError::Deletion(110, "52".into())
        );
        assert_eq!(
            bad("224 524", "224 5244").unwrap_err(),
            HodokuError::Deletion(110, "5244".into())
        );
        assert_eq!(
            bad("89.697", "89.6q7").unwrap_err(),
            HodokuError::Char(32, 'q')
        );
        // Columns count characters of the input line: after an indent, or a wide
        // character in the code field, the same 'x' is still named where it is.
        let wide = line
            .replacen(":3:", ":é:", 1)
            .replacen("224 524", "224 5x4", 1);
        let err = hodoku_line(&wide, 0).unwrap().unwrap_err();
        assert_eq!(err, HodokuError::Char(111, 'x'));
        let indented = line.replacen("224 524", "224 5x4", 1);
        let err = hodoku_line(&indented, 2).unwrap().unwrap_err();
        assert_eq!(err, HodokuError::Char(113, 'x'));
    }
}
