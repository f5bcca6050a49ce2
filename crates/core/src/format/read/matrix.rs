//! A matrix in brackets, as MATLAB and Octave write one: `[1 2 0 0; 0 0 1 2; ...]`, its
//! rows split by `;` or by line ends, over one line or several.

use super::*;

impl<R: BufRead> Reader<R> {
    /// The error for a matrix opened on line `no` that never closes; the lines read
    /// after it go back to the reader.
    pub(super) fn unclosed(&mut self, no: usize, taken: Vec<(usize, String)>) -> InputError {
        for line in taken.into_iter().rev() {
            self.push_back(line);
        }
        InputError::new(no, None, ErrorKind::UnclosedMatrix)
    }

    /// A MATLAB matrix from the `[` at byte `at` of `text` to the next `]`.
    pub(super) fn read_matrix(
        &mut self,
        no: usize,
        text: &str,
        at: usize,
    ) -> Result<Grid, InputError> {
        let mut segments: Vec<(usize, u32, String)> = Vec::new();
        let mut line = no;
        let mut rest = text[at + 1..].to_string();
        let mut col_base = text[..=at].chars().count() as u32;
        // The lines after the `[`, given back to the reader when the matrix turns out
        // never to close, so that the puzzles on them are still read.
        let mut taken: Vec<(usize, String)> = Vec::new();
        let mut rows_taken = 0;
        loop {
            if let Some(end) = rest.find(']') {
                segments.push((line, col_base, rest[..end].to_string()));
                break;
            }
            segments.push((line, col_base, rest));
            let next = match self.next_line() {
                Some(next) => next?,
                None => return Err(self.unclosed(no, taken)),
            };
            let text = strip_comment(&next.1).0.to_string();
            rows_taken += usize::from(!text.trim().is_empty());
            let ends = rows_taken > MATRIX_LINES || looks_like_a_puzzle_line(&text);
            line = next.0;
            taken.push(next);
            if ends {
                return Err(self.unclosed(no, taken));
            }
            (rest, col_base) = (text, 0);
        }
        let rows = matrix_rows(&segments)?;
        let Some((_, first)) = rows.first() else {
            return Err(InputError::new(
                no,
                None,
                ErrorKind::CellCount {
                    found: 0,
                    expected: 81,
                },
            ));
        };
        let fixed = self.ctx().fixed_side;
        if rows.len() == 1 && is_whole_count(first.len(), first.compact, fixed) {
            let n = (first.len() as f64).sqrt().round() as usize;
            return self.grid_from_rows(n, &rows, no);
        }
        let n = fixed.unwrap_or(first.len());
        for (i, (l, r)) in rows.iter().enumerate() {
            if r.len() != n {
                return Err(InputError::new(
                    *l,
                    None,
                    ErrorKind::RowLength {
                        row: i + 1,
                        found: r.len(),
                        expected: n,
                    },
                ));
            }
        }
        self.grid_from_n_rows(n, &rows, no)
    }
}

/// Lines with content a matrix may span after its `[` line: a 25×25 matrix's rows, and
/// one more for the `]` (blank and comment lines do not count).
pub(super) const MATRIX_LINES: usize = 26;

/// A line that cannot continue a matrix: a run of more characters without a separator
/// than a row has cells (25 at most; a one-line 9×9 puzzle has 81).
pub(super) fn looks_like_a_puzzle_line(text: &str) -> bool {
    text.split(|c: char| super::super::scan::is_separator(c) || matches!(c, ';' | '[' | ']'))
        .any(|run| run.chars().count() > crate::MAX_SIDE)
}

/// The rows of a matrix: its text split at `;` and line ends.
pub(super) fn matrix_rows(segments: &[(usize, u32, String)]) -> Result<Vec<Row>, InputError> {
    let ctx = Context {
        fixed_side: None,
        in_matrix: true,
    };
    let mut rows = Vec::new();
    for (line, col_base, seg) in segments {
        let mut col = *col_base;
        for piece in seg.split(';') {
            if !piece.trim().is_empty() {
                match scan_cells(piece, col, ctx) {
                    Scan::Cells(c) => rows.push((*line, c)),
                    Scan::Bad { col, ch } => {
                        return Err(InputError::at(*line, col, ErrorKind::UnexpectedChar(ch)))
                    }
                    _ => unreachable!("scan_cells in a matrix yields cells or an error"),
                }
            }
            col += piece.chars().count() as u32 + 1;
        }
    }
    Ok(rows)
}

#[cfg(test)]
mod tests {
    use super::super::read_all;

    #[test]
    fn a_matrix_on_one_line_or_over_several() {
        let one = read_all("[1 2 0 0; 0 0 1 2; 0 1 0 0; 0 0 0 1]\n");
        let over_lines = read_all("[1 2 0 0;\n0 0 1 2;\n\n0 1 0 0;\n0 0 0 1]\n");
        for r in [one, over_lines] {
            assert_eq!(r.len(), 1);
            assert_eq!(r[0].grid.as_ref().unwrap().to_line(), "12....12.1.....1");
        }
    }
}
