//! A puzzle as a line of cells, or as a block of N rows (bands may be separated by a
//! blank line), the most common formats.

use super::*;

impl<R: BufRead> Reader<R> {
    /// A line of cells: a whole puzzle, or the first row of a grid block.
    pub(super) fn read_cells(&mut self, no: usize, cells: Cells, text: &str) -> Marked {
        let k = cells.len();
        let fixed = self.ctx().fixed_side;
        if cells.whole || is_whole_count(k, cells.compact, fixed) {
            let n = (k as f64).sqrt().round() as usize;
            return plain(self.grid_from_line(n, no, cells));
        }
        let row_side = match fixed {
            Some(n) if k == n => Some(n),
            Some(_) => None,
            None if (crate::layout::MIN_SIDE..=MAX_SIDE).contains(&k) => Some(k),
            None => None,
        };
        match row_side {
            Some(n) => self.read_block(no, cells, n, text),
            None => Err(InputError::new(
                no,
                None,
                ErrorKind::CellCount {
                    found: k,
                    expected: expected_count(k, fixed),
                },
            )),
        }
    }

    /// A grid block of `n` rows starting with `first`. Blank lines may separate bands.
    /// A broken row is still counted as a row, so one bad grid does not spill into the next.
    pub(super) fn read_block(
        &mut self,
        no: usize,
        first: Cells,
        n: usize,
        first_text: &str,
    ) -> Marked {
        let band = BoxShape::for_side(n).map_or(n, |s| s.rows);
        let compact = first.compact;
        let mut rows: Vec<Row> = vec![(no, first)];
        let mut texts: Vec<(usize, String)> = vec![(no, first_text.to_string())];
        let mut error: Option<InputError> = None;
        let mut after_blank = false;
        while rows.len() < n {
            let Some(next) = self.next_line() else { break };
            let (line, text) = match next {
                Ok(l) => l,
                Err(e) => {
                    match error {
                        // Reported after this grid's own error.
                        Some(_) => self.held_error = Some(e),
                        None => error = Some(e),
                    }
                    break;
                }
            };
            let scan = scan_line(
                &text,
                Context {
                    fixed_side: Some(n),
                    in_matrix: false,
                },
            );
            match scan {
                Scan::Comment | Scan::Border => continue,
                Scan::Empty if rows.len().is_multiple_of(band) && !after_blank => {
                    after_blank = true;
                    continue;
                }
                Scan::Cells(c) if c.len() == n && pencil_row_of(&text, n).is_none() => {
                    texts.push((line, text));
                    rows.push((line, c));
                }
                Scan::Cells(_)
                    if error.is_none() && !after_blank && pencil_row_of(&text, n).is_some() =>
                {
                    // A pencil-mark grid whose first rows happened to be all solved.
                    let earlier: Option<Vec<(usize, Vec<Mark>)>> = texts
                        .iter()
                        .map(|(l, t)| {
                            mark_row(strip_comment(t).0)
                                .filter(|r| r.len() == n)
                                .map(|r| (*l, r))
                        })
                        .collect();
                    if let Some(mut marked) = earlier {
                        marked.push((line, pencil_row_of(&text, n).expect("checked")));
                        return self.read_pencil_block(no, n, marked);
                    }
                    let kind = ErrorKind::RowLength {
                        row: rows.len() + 1,
                        found: n,
                        expected: n,
                    };
                    error.get_or_insert(InputError::new(line, None, kind));
                    rows.push((line, Cells::default()));
                }
                Scan::Cells(c)
                    if rows.len() == 1
                        && self.opts.layout.is_none()
                        && c.len() > 0
                        && self.next_rows_have(c.len(), c.len() - 1) =>
                {
                    // A whole grid of another side follows the first line (this row and
                    // the rest of its rows): the first line stands alone.
                    self.push_back((line, text));
                    break;
                }
                Scan::Cells(c) if !after_blank && c.len() != n * n && c.len() < 2 * n => {
                    let kind = ErrorKind::RowLength {
                        row: rows.len() + 1,
                        found: c.len(),
                        expected: n,
                    };
                    error.get_or_insert(InputError::new(line, None, kind));
                    rows.push((line, c));
                }
                Scan::Triple(_) if !after_blank => {
                    let kind = ErrorKind::RowLength {
                        row: rows.len() + 1,
                        found: 3,
                        expected: n,
                    };
                    error.get_or_insert(InputError::new(line, None, kind));
                    rows.push((line, Cells::default()));
                }
                Scan::Bad { col, ch } if !after_blank => {
                    error.get_or_insert(InputError::at(line, col, ErrorKind::UnexpectedChar(ch)));
                    rows.push((line, Cells::default()));
                }
                _ => {
                    self.push_back((line, text));
                    break;
                }
            }
            after_blank = false;
        }
        if let Some(e) = error {
            return Err(e);
        }
        if rows.len() == 1 && compact && self.opts.layout.is_none() {
            // Symbols with no separators: as likely a puzzle line of the wrong length as a
            // grid cut after its first row. (Spaced rows are grid rows: "the grid has 1
            // rows".)
            let kind = ErrorKind::LoneRow {
                found: n,
                expected: expected_count(n, None),
            };
            return Err(InputError::new(no, None, kind));
        }
        plain(self.grid_from_n_rows(n, &rows, no))
    }
}

#[cfg(test)]
mod tests {
    use super::super::read_all;

    #[test]
    fn a_line_and_a_block_of_rows_with_a_gap_between_bands() {
        let r = read_all("12....12.1.....1\n\n1 2 0 0\n0 0 1 2\n\n0 1 0 0\n0 0 0 1\n");
        assert_eq!(r.len(), 2);
        for record in &r {
            assert_eq!(record.grid.as_ref().unwrap().to_line(), "12....12.1.....1");
        }
        assert_eq!(r[1].line, 3);
    }

    #[test]
    fn a_short_row_is_named_and_the_block_does_not_spill() {
        let r = read_all("1 2 0 0\n0 0 1\n0 1 0 0\n0 0 0 1\n12....12.1.....1\n");
        assert_eq!(r.len(), 2);
        assert_eq!(
            r[0].grid.as_ref().unwrap_err().to_string(),
            "2: row 2 has 3 cells, expected 4"
        );
        assert!(r[1].grid.is_ok());
    }
}
