//! Pencil marks: HoDoKu's library lines, 729-character candidate strings, and grids of
//! candidate sets (`|` rows of `123 45 6`).

use super::*;

impl<R: BufRead> Reader<R> {
    /// Inputs that carry pencil marks: a HoDoKu library line, a candidate string, or the
    /// first row of a pencil-mark grid. `None` for any other line.
    pub(super) fn marked_input(&mut self, no: usize, text: &str) -> Option<Record> {
        let body = strip_comment(text).0.trim();
        // Columns of errors count from the start of the line, before its indent.
        let indent = || text.chars().take_while(|c| c.is_whitespace()).count();
        if body.starts_with(':') {
            let parsed = hodoku_line(body, indent())?;
            return Some(self.hodoku_record(no, parsed));
        }
        if let Some(parsed) = candidate_string(body, self.ctx().fixed_side) {
            let read = match parsed {
                Ok((n, marks)) => self.marked_grid(no, n, vec![(no, marks)]),
                Err((col, kind)) => Err(InputError::new(no, Some(indent() + col), kind)),
            };
            return Some(record(no, read));
        }
        let row = mark_row(body).filter(|r| is_pencil_row(r))?;
        let n = row.len();
        Some(record(no, self.read_pencil_block(no, n, vec![(no, row)])))
    }

    pub(super) fn hodoku_record(
        &mut self,
        no: usize,
        parsed: Result<HodokuPuzzle, HodokuError>,
    ) -> Record {
        let fail = |e: InputError| Record {
            line: no,
            grid: Err(e),
            marks: None,
        };
        let (values, deleted) = match parsed {
            Ok(p) => p,
            Err(HodokuError::Char(col, ch)) => {
                return fail(InputError::new(
                    no,
                    Some(col),
                    ErrorKind::UnexpectedChar(ch),
                ))
            }
            Err(HodokuError::Deletion(col, entry)) => {
                return fail(InputError::new(no, Some(col), ErrorKind::Deletion(entry)))
            }
        };
        if values.len() != 81 {
            return fail(InputError::new(
                no,
                None,
                ErrorKind::CellCount {
                    found: values.len(),
                    expected: 81,
                },
            ));
        }
        let layout = match self.layout_for(9, no) {
            Ok(l) => l,
            Err(e) => return fail(e),
        };
        let grid = Grid::from_values(layout, values);
        let mut marks = given_marks(&grid);
        for (d, cell) in deleted {
            if grid.values()[cell] == 0 {
                marks[cell].remove(Digit::new(d));
            }
        }
        Record {
            line: no,
            grid: Ok(grid),
            marks: Some(marks),
        }
    }

    /// A grid of side `n` from rows of marks (values, candidates or blanks).
    pub(super) fn marked_grid(
        &mut self,
        no: usize,
        n: usize,
        rows: Vec<(usize, Vec<Mark>)>,
    ) -> Marked {
        let layout = self.layout_for(n, no)?;
        let cells: Vec<Mark> = rows.into_iter().flat_map(|(_, r)| r).collect();
        let values = cells
            .iter()
            .map(|m| if let Mark::Value(v) = m { *v } else { 0 })
            .collect();
        let grid = Grid::from_values(layout, values);
        let mut marks = given_marks(&grid);
        for (i, m) in cells.iter().enumerate() {
            if let Mark::Candidates(c) = m {
                marks[i] = *c;
            }
        }
        Ok((grid, Some(marks)))
    }

    /// The rest of a pencil-mark grid of side `n` after its first rows.
    pub(super) fn read_pencil_block(
        &mut self,
        no: usize,
        n: usize,
        mut rows: Vec<(usize, Vec<Mark>)>,
    ) -> Marked {
        // A row of N tokens with a bad symbol is still counted as a row (and the first
        // one named), so one bad grid does not spill into the next.
        let mut error: Option<InputError> = None;
        while rows.len() < n {
            // A read error is reported after this grid's own error.
            let Some((line, text)) = self.look_ahead() else {
                break;
            };
            let body = strip_comment(&text).0;
            if body.trim().is_empty() || matches!(scan_line(body, self.ctx()), Scan::Border) {
                continue;
            }
            match mark_row(body).filter(|r| r.len() == n) {
                Some(row) => rows.push((line, row)),
                None => match bad_mark(body, n) {
                    Some((col, ch)) => {
                        let e = InputError::new(line, Some(col), ErrorKind::UnexpectedChar(ch));
                        error.get_or_insert(e);
                        rows.push((line, vec![Mark::Blank; n]));
                    }
                    None => {
                        self.push_back((line, text));
                        break;
                    }
                },
            }
        }
        if let Some(e) = error {
            return Err(e);
        }
        if rows.len() != n {
            let kind = ErrorKind::RowCount {
                rows: rows.len(),
                expected: n,
            };
            return Err(InputError::new(no, None, kind));
        }
        for (line, row) in &rows {
            let too_large = row.iter().find_map(|m| match m {
                Mark::Value(v) if *v as usize > n => Some(*v as usize),
                Mark::Candidates(c) if c.bits() >> n != 0 => {
                    Some(32 - c.bits().leading_zeros() as usize)
                }
                _ => None,
            });
            if let Some(value) = too_large {
                return Err(InputError::new(
                    *line,
                    None,
                    ErrorKind::DigitTooLarge { value, side: n },
                ));
            }
        }
        self.marked_grid(no, n, rows)
    }
}

/// The marks of `text` when it is a pencil-mark row of side `n`.
pub(super) fn pencil_row_of(text: &str, n: usize) -> Option<Vec<Mark>> {
    mark_row(strip_comment(text).0).filter(|r| r.len() == n && is_pencil_row(r))
}

#[cfg(test)]
mod tests {
    use super::super::read_all;

    #[test]
    fn a_grid_of_candidate_sets_keeps_its_marks() {
        let text = "1 2 34 34\n34 34 1 2\n234 1 234 34\n234 34 234 1\n";
        let r = read_all(text);
        assert_eq!(r.len(), 1, "{r:?}");
        assert_eq!(r[0].grid.as_ref().unwrap().to_line(), "12....12.1.....1");
        let marks = r[0].marks.as_ref().expect("pencil marks");
        assert_eq!(marks[2].len(), 2);
        assert_eq!(marks[8].len(), 3);
    }
}
