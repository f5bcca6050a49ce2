//! Pencil-mark inputs: HoDoKu library lines, candidate strings and pencil-mark grid rows.

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
    let tokens = line
        .split(|c: char| c.is_whitespace() || c == '|')
        .filter(|t| !t.is_empty());
    tokens
        .map(|t| {
            if t == "." || t == "0" {
                return Some(Mark::Blank);
            }
            let mut set = DigitSet::EMPTY;
            for ch in t.chars() {
                let d = Digit::from_char(ch)?;
                if set.contains(d) {
                    return None;
                }
                set.insert(d);
            }
            Some(match set.only() {
                Some(d) => Mark::Value(d.get()),
                None => Mark::Candidates(set),
            })
        })
        .collect()
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

/// A candidate string: N³ symbols, N per cell, the digit's symbol where it is a candidate
/// and `.` or `0` elsewhere (e.g. 729 for 9×9). Returns the side and each cell's marks.
/// Sides whose N³ is also a puzzle length (4: 64 = 8²) are left to the puzzle reader.
pub(crate) fn candidate_string(line: &str) -> Option<(usize, Vec<Mark>)> {
    let len = line.len();
    let n = (crate::layout::MIN_SIDE + 1..=crate::MAX_SIDE).find(|n| n * n * n == len)?;
    let bytes = line.as_bytes();
    let mut marks = Vec::with_capacity(n * n);
    for cell in bytes.chunks(n) {
        let mut set = DigitSet::EMPTY;
        for (i, &b) in cell.iter().enumerate() {
            match b {
                b'.' | b'0' => {}
                _ => {
                    let d = Digit::from_char(b as char)?;
                    if d.index() != i {
                        return None;
                    }
                    set.insert(d);
                }
            }
        }
        marks.push(match set.only() {
            Some(d) => Mark::Value(d.get()),
            None => Mark::Candidates(set),
        });
    }
    Some((n, marks))
}

/// A HoDoKu library line `:code:digits:givens:deleted:...`: the values (81, `+` marks a
/// placed, not given, digit) and the deleted candidates `(digit, cell)`; `Err` names the
/// 1-based column of a bad character.
pub(crate) type HodokuPuzzle = (Vec<u8>, Vec<(u8, usize)>);

/// Reads a HoDoKu library line; `None` when the line is not one.
pub(crate) fn hodoku_line(line: &str) -> Option<Result<HodokuPuzzle, (usize, char)>> {
    let fields: Vec<&str> = line.split(':').collect();
    if fields.len() < 5
        || !fields[0].trim().is_empty()
        || !fields[1]
            .chars()
            .all(|c| c.is_ascii_alphanumeric() || c == '-')
    {
        return None;
    }
    let start = fields[0].len() + fields[1].len() + fields[2].len() + 3;
    Some(parse_hodoku(fields[3], fields[4], start))
}

fn parse_hodoku(givens: &str, deleted: &str, start: usize) -> Result<HodokuPuzzle, (usize, char)> {
    let mut values = Vec::with_capacity(81);
    for (i, ch) in givens.chars().enumerate() {
        match ch {
            '+' => {}
            '.' | '0' => values.push(0),
            '1'..='9' => values.push(ch as u8 - b'0'),
            _ => return Err((start + i + 1, ch)),
        }
    }
    let mut removed = Vec::new();
    let deleted_start = start + givens.len() + 1;
    let mut offset = 0;
    for entry in deleted.split(' ') {
        let b = entry.as_bytes();
        let digit = |k: usize| {
            b.get(k)
                .filter(|c| c.is_ascii_digit() && **c != b'0')
                .map(|c| c - b'0')
        };
        if !entry.is_empty() {
            match (digit(0), digit(1), digit(2), b.len()) {
                (Some(d), Some(r), Some(c), 3) => {
                    removed.push((d, (r as usize - 1) * 9 + c as usize - 1))
                }
                _ => {
                    return Err((
                        deleted_start + offset + 1,
                        entry.chars().next().unwrap_or(' '),
                    ))
                }
            }
        }
        offset += entry.len() + 1;
    }
    Ok((values, removed))
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
    }

    #[test]
    fn candidate_strings() {
        let cell = "1...5...9";
        let (n, marks) = candidate_string(&cell.repeat(81)).unwrap();
        assert_eq!((n, marks.len()), (9, 81));
        assert_eq!(
            marks[0],
            Mark::Candidates([1, 5, 9].into_iter().map(Digit::new).collect())
        );
        assert!(
            candidate_string(&"5...1....".repeat(81)).is_none(),
            "digit out of place"
        );
    }

    #[test]
    fn hodoku_lines() {
        let line = ":0603:3:14+8..+9+72+5.+3...89.697+6....38.+61......3+2.8.56...9......2.5+9+186....+8+3....61+6+1...35+89:224 524:364 365::";
        let (values, removed) = hodoku_line(line).unwrap().unwrap();
        assert_eq!(values.len(), 81);
        assert_eq!(&values[..3], [1, 4, 8]);
        assert_eq!(removed, [(2, 12), (5, 12)]);
        assert!(hodoku_line("123:4").is_none());
    }
}
