//! Tables: a CSV file with a header naming its `puzzle` (and `regions`) column, as
//! `sudokit generate --csv` writes it, and JSON rows (`{"puzzle": ...}`), one a line.

use super::*;

impl<R: BufRead> Reader<R> {
    /// A line of a table sudokit writes: a JSON object (`generate --json`: `puzzle` or
    /// `solution`, and `regions`, or a killer's `killer` text), or a CSV header naming a
    /// `puzzle` column and the rows under it (`generate --csv`).
    pub(super) fn table_row(&mut self, no: usize, text: &str) -> Table {
        let body = text.trim();
        if body.starts_with('{') {
            if self.nested {
                let why = "a killer's text holds another JSON row".to_string();
                return Table::Row(Err(InputError::new(no, None, ErrorKind::Table(why))));
            }
            return Table::Row(self.json_row(no, body));
        }
        let fields: Vec<&str> = body.split(',').map(str::trim).collect();
        if fields.len() > 1 {
            if let Some(puzzle) = fields.iter().position(|f| f.eq_ignore_ascii_case("puzzle")) {
                let regions = fields
                    .iter()
                    .position(|f| f.eq_ignore_ascii_case("regions"));
                self.csv = Some(CsvColumns { puzzle, regions });
                return Table::Header;
            }
        }
        let Some(cols) = self.csv else {
            return Table::Not;
        };
        if body.is_empty() || body.starts_with('#') {
            return Table::Not;
        }
        let field = |i: usize| fields.get(i).copied().unwrap_or("");
        let regions = cols.regions.map(field).filter(|r| !r.is_empty());
        Table::Row(self.puzzle_field(no, field(cols.puzzle), regions))
    }

    pub(super) fn json_row(&mut self, no: usize, body: &str) -> Marked {
        let bad = |why: String| InputError::new(no, None, ErrorKind::Table(why));
        let value: serde_json::Value =
            serde_json::from_str(body).map_err(|e| bad(format!("not JSON ({e})")))?;
        let text = |key: &str| value.get(key).and_then(serde_json::Value::as_str);
        if let Some(killer) = text("killer") {
            // A killer's row (`generate --killer --json`): the field holds the killer as
            // text, givens, regions and cage block, and is read as such.
            let mut inner = Reader::new(killer.as_bytes(), self.opts.clone());
            inner.nested = true;
            return match inner.next() {
                Some(read) => match read.grid {
                    Ok(grid) => Ok((grid, None)),
                    Err(e) => Err(bad(format!("its \"killer\" text, line {e}"))),
                },
                None => Err(bad("its \"killer\" text holds no puzzle".into())),
            };
        }
        let puzzle = text("puzzle")
            .or_else(|| text("solution"))
            .ok_or_else(|| bad("no \"puzzle\" (or \"solution\") string".into()))?;
        let regions = text("regions").map(str::to_string);
        self.puzzle_field(no, puzzle, regions.as_deref())
    }

    /// A puzzle written whole in one field of a table, on its regions when they are given.
    pub(super) fn puzzle_field(
        &mut self,
        no: usize,
        puzzle: &str,
        regions: Option<&str>,
    ) -> Marked {
        let cells = match scan_line(puzzle, self.ctx()) {
            // A field holds a whole puzzle: 25 cells are a 5×5, never a row.
            Scan::Cells(cells)
                if is_whole_count(cells.len(), true, self.ctx().fixed_side)
                    || (cells.len() == 25 && self.ctx().fixed_side.is_none()) =>
            {
                cells
            }
            Scan::Bad { col, ch } => {
                return Err(InputError::at(no, col, ErrorKind::UnexpectedChar(ch)))
            }
            _ => {
                let found = puzzle.chars().filter(|c| !c.is_whitespace()).count();
                let kind = ErrorKind::CellCount {
                    found,
                    expected: expected_count(found, self.ctx().fixed_side),
                };
                return Err(InputError::new(no, None, kind));
            }
        };
        let n = (cells.len() as f64).sqrt().round() as usize;
        let grid = self.grid_from_line(n, no, cells)?;
        let grid = match regions {
            Some(r) => {
                let symbols = region_map(n, r.chars()).ok_or_else(|| {
                    InputError::new(
                        no,
                        None,
                        ErrorKind::Table(format!(
                            "'{r}' is not {n} connected regions of {n} cells"
                        )),
                    )
                })?;
                self.on_regions(no, grid, &symbols)?
            }
            None => grid,
        };
        Ok((grid, None))
    }
}

/// What a line is to the table reader.
pub(super) enum Table {
    /// Not a table's line: read it as a puzzle.
    Not,
    /// A CSV header, now remembered.
    Header,
    /// A table's row, read.
    Row(Marked),
}

#[cfg(test)]
mod tests {
    use super::super::read_all;

    #[test]
    fn csv_rows_under_a_header_and_json_rows() {
        let csv = read_all("clues,puzzle\n6,12....12.1.....1\n");
        let json = read_all("{\"puzzle\": \"12....12.1.....1\", \"clues\": 6}\n");
        for r in [csv, json] {
            assert_eq!(r.len(), 1, "{r:?}");
            assert_eq!(r[0].grid.as_ref().unwrap().to_line(), "12....12.1.....1");
        }
        let bad = read_all("{\"puzzle\": \n");
        assert!(bad[0]
            .grid
            .as_ref()
            .unwrap_err()
            .to_string()
            .contains("not JSON"));
    }

    /// A killer's JSON row holds its text; a JSON row inside that text is refused, however
    /// deep (the reader would otherwise recurse once a level).
    #[test]
    fn a_json_row_inside_a_killer_text_is_refused() {
        let mut text = r#"{"puzzle":"1234341221434321"}"#.to_string();
        for _ in 0..3 {
            text = serde_json::json!({"puzzle": "", "killer": text}).to_string();
        }
        let read = read_all(&text);
        assert_eq!(read.len(), 1);
        let err = read[0].grid.as_ref().unwrap_err().to_string();
        assert!(err.contains("holds another JSON row"), "{err}");
    }
}
