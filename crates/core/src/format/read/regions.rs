//! Jigsaw regions written after a puzzle, as `sudokit generate --jigsaw` writes them:
//! N² region symbols after the puzzle on its line, or N rows of N symbols under its grid.

use super::*;

impl<R: BufRead> Reader<R> {
    /// The puzzle `grid` just read, on the jigsaw regions written after it, as `sudokit
    /// generate --jigsaw` writes them: N² region symbols after the puzzle on its line, or
    /// N rows of N symbols under its grid (one blank line between allowed). Symbols that
    /// do not make N connected regions of N cells are not regions (the line's rest is an
    /// annotation; the rows are the next input), so a solution written after its puzzle
    /// is never taken for one. Lines looked at and not taken are given back.
    pub(super) fn regions_after(
        &mut self,
        no: usize,
        text: &str,
        grid: Grid,
    ) -> Result<Grid, InputError> {
        let n = grid.side();
        let body = strip_comment(text).0;
        let toks: Vec<&str> = body.split_whitespace().collect();
        let mut symbols = None;
        if let [puzzle, regions] = toks[..] {
            if puzzle.chars().count() == n * n {
                symbols = region_map(n, regions.chars());
            }
        }
        if symbols.is_none() {
            let mut seen = Vec::new();
            let mut rows = Vec::new();
            let mut blanks = 0;
            while rows.len() < n {
                let next = match self.next_line() {
                    Some(Ok(next)) => next,
                    Some(Err(e)) => {
                        self.held_error = Some(e);
                        break;
                    }
                    None => break,
                };
                let row: String = strip_comment(&next.1).0.split_whitespace().collect();
                seen.push(next);
                if row.is_empty() && rows.is_empty() && blanks == 0 {
                    blanks += 1;
                    continue;
                }
                if row.chars().count() != n || !row.chars().all(|c| c.is_ascii_alphanumeric()) {
                    break;
                }
                rows.push(row);
            }
            symbols = (rows.len() == n)
                .then(|| region_map(n, rows.iter().flat_map(|r| r.chars())))
                .flatten();
            if symbols.is_none() {
                for line in seen.into_iter().rev() {
                    self.push_back(line);
                }
            }
        }
        match symbols {
            Some(symbols) => self.on_regions(no, grid, &symbols),
            None => Ok(grid),
        }
    }

    /// `grid` on the jigsaw regions `symbols` (checked against a layout given).
    pub(super) fn on_regions(
        &self,
        no: usize,
        grid: Grid,
        symbols: &[char],
    ) -> Result<Grid, InputError> {
        let mut layout =
            Layout::jigsaw(symbols).map_err(|e| InputError::new(no, None, e.into()))?;
        if self.opts.diagonals {
            layout = layout.with_diagonals();
        }
        if let Some(fixed) = &self.opts.layout {
            if fixed.region_symbols() != layout.region_symbols() {
                return Err(InputError::new(no, None, ErrorKind::RegionsDiffer));
            }
            return Ok(grid);
        }
        Ok(Grid::from_values(Arc::new(layout), grid.values().to_vec()))
    }
}

/// `symbols` as a jigsaw region map of side `n`: N² letters or digits naming N regions
/// of N cells, each region connected (orthogonally). `None` otherwise.
pub(super) fn region_map(n: usize, symbols: impl Iterator<Item = char>) -> Option<Vec<char>> {
    let symbols: Vec<char> = symbols.collect();
    if symbols.len() != n * n || !symbols.iter().all(char::is_ascii_alphanumeric) {
        return None;
    }
    Layout::jigsaw(&symbols).ok()?;
    // Every cell reached from the first of its region, through neighbours of its region.
    let mut seen = vec![false; n * n];
    let mut regions = 0;
    for start in 0..n * n {
        if seen[start] {
            continue;
        }
        regions += 1;
        let mut stack = vec![start];
        seen[start] = true;
        while let Some(i) = stack.pop() {
            for j in crate::layout::neighbours(n, i) {
                if !seen[j] && symbols[j] == symbols[i] {
                    seen[j] = true;
                    stack.push(j);
                }
            }
        }
    }
    (regions == n).then_some(symbols)
}

#[cfg(test)]
mod tests {
    use super::super::read_all;

    #[test]
    fn regions_after_a_puzzle_on_its_line_make_a_jigsaw() {
        // Four 2×2 boxes would be the usual layout; these regions are rows of cells.
        let r = read_all("12....12.1.....1 AABBAABBCCDDCCDD\n");
        let grid = r[0].grid.as_ref().unwrap();
        assert_eq!(grid.to_line(), "12....12.1.....1");
        let other = read_all("12....12.1.....1 AAAABBBBCCCCDDDD\n");
        let jigsaw = other[0].grid.as_ref().unwrap();
        assert_ne!(grid.layout(), jigsaw.layout(), "the regions are its houses");
    }
}
