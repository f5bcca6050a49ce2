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
            let (rows, seen) = self.region_rows(n);
            symbols = rows;
            if symbols.is_none() {
                self.give_back(seen);
            }
        }
        match symbols {
            Some(symbols) => self.on_regions(no, grid, &symbols),
            None => Ok(grid),
        }
    }

    /// Whether N rows of jigsaw regions of side `n` come next (after one blank line at
    /// most); the lines looked at are given back.
    pub(super) fn regions_follow(&mut self, n: usize) -> bool {
        let (rows, seen) = self.region_rows(n);
        self.give_back(seen);
        rows.is_some()
    }

    /// The region map in the N rows of N symbols that come next (one blank line before
    /// them allowed), with the lines read to find it or not.
    fn region_rows(&mut self, n: usize) -> (Option<Vec<char>>, Vec<(usize, String)>) {
        let mut seen = Vec::new();
        let mut rows = Vec::new();
        let mut blanks = 0;
        while rows.len() < n {
            let Some(next) = self.look_ahead() else { break };
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
        let symbols = (rows.len() == n)
            .then(|| region_map(n, rows.iter().flat_map(|r| r.chars())))
            .flatten();
        (symbols, seen)
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

    /// A prime side has no boxes: its cells are read on the regions written after them,
    /// in every form `generate --jigsaw` writes (a killer's too), and refused without.
    #[test]
    fn a_prime_side_is_read_on_the_regions_that_follow_it() {
        let regions = "AAAAABBBBCDBDCCDDDECEEEEC";
        let rows = "AAAAA\nBBBBC\nDBDCC\nDDDEC\nEEEEC\n";
        let puzzle = ".1.53.2.....5............";
        let grid: String = puzzle
            .as_bytes()
            .chunks(5)
            .map(|r| format!("{}\n", String::from_utf8_lossy(r)))
            .collect();
        let texts = [
            format!("{puzzle} {regions}\n"),
            format!("{grid}\n{rows}"),
            format!("1 2 1\n1 4 5\n1 5 3\n2 2 2\n3 3 5\n\n{rows}"),
            format!("{{\"puzzle\":\"{puzzle}\",\"regions\":\"{regions}\"}}\n"),
        ];
        for text in &texts {
            let read = read_all(text);
            assert_eq!(read.len(), 1, "{text}");
            let grid = read[0].grid.as_ref().expect(text);
            assert_eq!(grid.to_line(), puzzle, "{text}");
            assert_eq!(grid.layout().region_symbols(), regions, "{text}");
        }
        let killer = "......................... AAAAABBBCCBDCCCBDDDDEEEEE\ncages:\nAAABC\n\
                      DDBBC\nDDEEC\nFGGHH\nFFGHI\nsums: A=10 B=10 C=8 D=11 E=6 F=8 G=10 H=10 I=2\n";
        let json = format!(
            "{{\"puzzle\":\"\",\"killer\":{}}}\n",
            serde_json::json!(killer)
        );
        for text in [killer.to_string(), json] {
            let read = super::super::read_killers(&text);
            assert_eq!(read.len(), 1, "{text}");
            let layout = read[0].as_ref().expect(&text).layout();
            assert_eq!(layout.region_symbols(), "AAAAABBBCCBDCCCBDDDDEEEEE");
            assert_eq!(layout.cages().len(), 9, "{text}");
        }
        // Without regions: refused where the grid began, and the next puzzle still read.
        let eleven = format!(
            "{}\n{}\n{puzzle} {regions}\n",
            ".".repeat(121),
            ".".repeat(49)
        );
        let read = read_all(&eleven);
        let errors: Vec<String> = read[..2]
            .iter()
            .map(|r| r.grid.as_ref().unwrap_err().to_string())
            .collect();
        assert_eq!(
            errors,
            [
                "1: an 11×11 grid has no box shape (its side is prime); give its regions",
                "2: a 7×7 grid has no box shape (its side is prime); give its regions",
            ]
        );
        assert_eq!(read[2].grid.as_ref().unwrap().to_line(), puzzle);
    }
}
