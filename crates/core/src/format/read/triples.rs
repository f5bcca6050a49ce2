//! `row column digit` lines, one given a line, until a line that is not one.

use super::*;

impl<R: BufRead> Reader<R> {
    /// `row column digit` lines until a line that is not a triple.
    pub(super) fn read_triples(
        &mut self,
        no: usize,
        first: [(usize, u32); 3],
    ) -> Result<Grid, InputError> {
        let mut triples = vec![(no, first)];
        while let Some(next) = self.next_line() {
            let (line, text) = next?;
            match scan_line(&text, self.ctx()) {
                Scan::Comment => continue,
                Scan::Triple(t) => triples.push((line, t)),
                Scan::Empty => break,
                _ => {
                    self.push_back((line, text));
                    break;
                }
            }
        }
        let values = || triples.iter().flat_map(|(_, t)| t.iter().map(|&(v, _)| v));
        let n = match &self.opts.layout {
            Some(l) => l.side(),
            None => {
                // A prime side has no boxes: the highest index is the side when the
                // grid's regions follow (a jigsaw as `generate --jigsaw` writes it).
                let max = values().max().unwrap_or(0);
                let prime = (crate::layout::MIN_SIDE..=MAX_SIDE).contains(&max)
                    && BoxShape::for_side(max).is_none();
                if prime && self.regions_follow(max) {
                    max
                } else {
                    infer_side(values())
                }
            }
        };
        let layout = self.layout_for(n, no)?;
        let mut values = vec![0u8; n * n];
        let mut given_on = vec![0usize; n * n];
        for (line, [(r, rc), (c, cc), (d, dc)]) in triples {
            // Digit 0 leaves the cell blank (what an empty grid is written as).
            for (what, v, col, least) in
                [("row", r, rc, 1), ("column", c, cc, 1), ("digit", d, dc, 0)]
            {
                if v < least || v > n {
                    return Err(InputError::at(
                        line,
                        col,
                        ErrorKind::TripleRange {
                            what,
                            value: v,
                            side: n,
                        },
                    ));
                }
            }
            let i = (r - 1) * n + (c - 1);
            if d == 0 && values[i] == 0 {
                continue;
            }
            if values[i] != 0 && values[i] as usize != d {
                let kind = ErrorKind::TripleClash {
                    row: r,
                    col: c,
                    digit: d,
                    other: values[i] as usize,
                    other_line: given_on[i],
                };
                return Err(InputError::new(line, None, kind));
            }
            values[i] = d as u8;
            given_on[i] = line;
        }
        Ok(Grid::from_values(layout, values))
    }
}

/// The side for triples without a fixed layout: the smallest with boxes that holds them all.
pub(super) fn infer_side(values: impl Iterator<Item = usize>) -> usize {
    let max = values.max().unwrap_or(0).max(crate::layout::MIN_SIDE);
    (max..=MAX_SIDE)
        .find(|&n| BoxShape::for_side(n).is_some())
        .unwrap_or(max)
}

#[cfg(test)]
mod tests {
    use super::super::read_all;

    #[test]
    fn row_column_digit_lines_make_one_puzzle_of_the_side_they_need() {
        let r = read_all("1 1 1\n1 2 2\n2 3 1\n2 4 2\n3 2 1\n4 4 1\n");
        assert_eq!(r.len(), 1);
        assert_eq!(r[0].grid.as_ref().unwrap().to_line(), "12....12.1.....1");
    }
}
