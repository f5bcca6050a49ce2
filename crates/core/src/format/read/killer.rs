//! Killer cages written after a puzzle (or alone, for a killer without givens):
//!
//! ```text
//! ...........................................................................  (givens)
//! cages:
//! AABBBCCDD          N rows of N cage names; '.' for a cell in no cage. Names are
//! ...                letters or digits, one character each, or words separated by
//! sums: A=3 B=15 ... spaces (for more cages than symbols).
//! ```
//!
//! The sums may run on over the following lines. The block ends at its last sum; an
//! error inside it skips the rest of it, to the next blank line.

use super::*;
use crate::layout::{Cage, Cell};

/// Is `text` the line that opens a cage block (`cages:`, or `cages: full`)?
pub(super) fn is_cages_header(text: &str) -> bool {
    header(text).is_some()
}

/// `Some(full)` for a cage block's first line: `cages:`, or `cages: full`, which declares
/// that the cages cover every cell (a gap is then an error, and the sums must add up to
/// the whole grid's).
pub(super) fn header(text: &str) -> Option<bool> {
    let body = strip_comment(text).0.trim();
    let rest = body
        .get(..6)
        .filter(|h| h.eq_ignore_ascii_case("cages:"))
        .map(|_| body[6..].trim())?;
    match rest.to_ascii_lowercase().as_str() {
        "" => Some(false),
        "full" => Some(true),
        _ => None,
    }
}

/// The head of the line that lists the sums.
fn sums_head(text: &str) -> Option<&str> {
    let body = strip_comment(text).0.trim_start();
    let head = body.get(..5)?;
    head.eq_ignore_ascii_case("sums:").then(|| &body[5..])
}

/// `A=3 B=15, C=22` as (name, sum) pairs; `None` when the text is not all such pairs.
fn sum_pairs(text: &str) -> Option<Vec<(String, String)>> {
    let pairs: Option<Vec<(String, String)>> = text
        .split(|c: char| c.is_whitespace() || c == ',')
        .filter(|t| !t.is_empty())
        .map(|t| {
            let (name, sum) = t.split_once('=')?;
            Some((name.to_string(), sum.to_string()))
        })
        .collect();
    pairs.filter(|p| !p.is_empty())
}

fn bad(line: usize, message: String) -> InputError {
    InputError::new(line, None, ErrorKind::Cages(message))
}

impl<R: BufRead> Reader<R> {
    /// The puzzle `grid` just read, with the cage block that follows it, if one does
    /// (blank lines and comments between them allowed); lines looked at and not taken
    /// are given back.
    pub(super) fn cages_after(&mut self, grid: Grid) -> Result<Grid, InputError> {
        let mut seen = Vec::new();
        let header = loop {
            match self.look_ahead() {
                Some(next) if is_cages_header(&next.1) => break Some(next),
                Some(next) => {
                    let empty = strip_comment(&next.1).0.trim().is_empty();
                    seen.push(next);
                    if !empty {
                        break None;
                    }
                }
                None => break None,
            }
        };
        let Some((no, text)) = header else {
            self.give_back(seen);
            return Ok(grid);
        };
        self.on_cages(no, &text, Some(grid))
    }

    /// A cage block opened at line `no`, on `grid` (a killer without givens when `None`:
    /// its side is the cage map's).
    pub(super) fn on_cages(
        &mut self,
        no: usize,
        header_text: &str,
        grid: Option<Grid>,
    ) -> Result<Grid, InputError> {
        let full = header(header_text) == Some(true);
        let read = self.cage_block(no, grid.as_ref().map(Grid::side));
        if read.is_err() {
            self.skip_block();
        }
        let (names, sums) = read?;
        if !self.opts.killer {
            return Err(InputError::new(no, None, ErrorKind::KillerNotRead));
        }
        let n = names.len().isqrt();
        let grid = match grid {
            Some(grid) => grid,
            None => {
                let layout = self.layout_for(n, no)?;
                Grid::from_values(layout, vec![0; n * n])
            }
        };
        let cages = cages_of(no, grid.layout(), &names, sums)?;
        if full {
            check_full(no, grid.layout(), &names, &cages)?;
        }
        let layout = (**grid.layout())
            .clone()
            .with_cages(cages)
            .map_err(|e| InputError::new(no, None, e.into()))?;
        Ok(Grid::from_values(Arc::new(layout), grid.values().to_vec()))
    }

    /// Reads the cage map and the sums after the header at line `no`: each cell's cage
    /// name (`None` for no cage), and the (line, name, sum text) of every sum.
    #[allow(clippy::type_complexity)]
    fn cage_block(
        &mut self,
        no: usize,
        side: Option<usize>,
    ) -> Result<(Vec<Option<String>>, Vec<(usize, String, String)>), InputError> {
        let mut names: Vec<Option<String>> = Vec::new();
        let mut side = side;
        let mut rows = 0;
        while side.is_none_or(|n| rows < n) {
            let (line, text) = match self.next_line() {
                Some(Ok(next)) => next,
                Some(Err(e)) => return Err(e),
                None => {
                    let expected = side.map_or("N".to_string(), |n| n.to_string());
                    let message = format!(
                        "the cage map ends after {rows} rows, expected {expected} (one row of \
                         cage names per grid row)"
                    );
                    return Err(bad(no, message));
                }
            };
            let body = strip_comment(&text).0;
            let tokens: Vec<&str> = body.split_whitespace().collect();
            if tokens.is_empty() {
                if text.trim().is_empty() {
                    let message = format!("a blank line inside the cage map, after {rows} rows");
                    return Err(bad(line, message));
                }
                continue;
            }
            if sums_head(&text).is_some() {
                let expected = side.map_or("more".to_string(), |n| n.to_string());
                let message = format!("the cage map has {rows} rows, expected {expected}");
                return Err(bad(line, message));
            }
            let n = *side.get_or_insert_with(|| match tokens.len() {
                1 => tokens[0].chars().count(),
                k => k,
            });
            if !(crate::layout::MIN_SIDE..=MAX_SIDE).contains(&n) {
                let message = format!(
                    "the cage map's first row has {n} cage names, but a grid side runs from 4 \
                     to 25"
                );
                return Err(bad(line, message));
            }
            let row: Vec<String> = if tokens.len() == n {
                tokens.iter().map(|t| t.to_string()).collect()
            } else if tokens.len() == 1 && tokens[0].chars().count() == n {
                tokens[0].chars().map(String::from).collect()
            } else {
                let found = match tokens.len() {
                    1 => tokens[0].chars().count(),
                    k => k,
                };
                let message = format!(
                    "row {} of the cage map has {found} cage names, expected {n} (one per cell)",
                    rows + 1
                );
                return Err(bad(line, message));
            };
            if let Some(name) = row
                .iter()
                .find(|t| *t != "." && !t.chars().all(|c| c.is_ascii_alphanumeric()))
            {
                let message = format!(
                    "'{name}' cannot name a cage (use letters or digits; '.' for a cell in no \
                     cage)"
                );
                return Err(bad(line, message));
            }
            names.extend(row.into_iter().map(|t| (t != ".").then_some(t)));
            rows += 1;
        }
        let mut sums = Vec::new();
        let (line, text) = match self.next_line() {
            Some(Ok(next)) => next,
            Some(Err(e)) => return Err(e),
            None => return Err(bad(no, "the cage map has no sums line after it".into())),
        };
        let Some(rest) = sums_head(&text) else {
            let message = "expected the sums line after the cage map: sums: A=3 B=15 ...";
            return Err(bad(line, message.into()));
        };
        if !rest.trim().is_empty() {
            let pairs = sum_pairs(rest).ok_or_else(|| {
                bad(
                    line,
                    "the sums are written name=sum, e.g. sums: A=3 B=15".into(),
                )
            })?;
            sums.extend(pairs.into_iter().map(|(a, b)| (line, a, b)));
        }
        // More sums on the lines after, while every word is a name=sum.
        while let Some((line, text)) = self.look_ahead() {
            match sum_pairs(strip_comment(&text).0) {
                Some(pairs) => sums.extend(pairs.into_iter().map(|(a, b)| (line, a, b))),
                None => {
                    self.push_back((line, text));
                    break;
                }
            }
        }
        Ok((names, sums))
    }

    /// Skips the rest of a block: every line up to the next blank one.
    fn skip_block(&mut self) {
        while let Some(Ok((_, text))) = self.next_line() {
            if text.trim().is_empty() {
                break;
            }
        }
    }
}

/// Under `cages: full`: every cell in a cage, and the sums adding up to the whole grid's
/// (each row holds 1 to N once).
fn check_full(
    no: usize,
    layout: &Layout,
    names: &[Option<String>],
    cages: &[Cage],
) -> Result<(), InputError> {
    if let Some(i) = names.iter().position(Option::is_none) {
        let cell = layout.cell_name(Cell::new(i));
        let message = format!("{cell} is in no cage, but 'cages: full' says every cell is");
        return Err(bad(no, message));
    }
    let n = layout.side() as u64;
    let whole = n * n * (n + 1) / 2;
    let total: u64 = cages.iter().map(|c| u64::from(c.sum)).sum();
    if total != whole {
        let message = format!(
            "the cages' sums add up to {total}, but cages covering {} grid add up to \
             {whole} ({n} rows of 1 to {n})",
            crate::a_grid(layout.side())
        );
        return Err(bad(no, message));
    }
    Ok(())
}

/// The cages named by `names` (one per cell of `layout`), with their sums.
fn cages_of(
    no: usize,
    layout: &Layout,
    names: &[Option<String>],
    sums: Vec<(usize, String, String)>,
) -> Result<Vec<Cage>, InputError> {
    let mut order: Vec<&str> = Vec::new();
    let mut cells: Vec<Vec<Cell>> = Vec::new();
    for (i, name) in names.iter().enumerate() {
        let Some(name) = name else { continue };
        match order.iter().position(|o| o == name) {
            Some(k) => cells[k].push(Cell::new(i)),
            None => {
                order.push(name);
                cells.push(vec![Cell::new(i)]);
            }
        }
    }
    let mut sum_of: Vec<Option<u32>> = vec![None; order.len()];
    for (line, name, text) in sums {
        let Some(k) = order.iter().position(|o| *o == name) else {
            return Err(bad(
                line,
                format!("the sums name cage '{name}', which the map has not"),
            ));
        };
        let sum = text.parse::<u32>().ok().filter(|&s| s > 0).ok_or_else(|| {
            bad(
                line,
                format!("cage '{name}' has sum '{text}', which is not a whole number above 0"),
            )
        })?;
        if sum_of[k].replace(sum).is_some() {
            return Err(bad(line, format!("cage '{name}' is given two sums")));
        }
    }
    order
        .iter()
        .zip(cells)
        .zip(sum_of)
        .map(|((name, cells), sum)| {
            let sum = sum.ok_or_else(|| {
                let at = layout.cell_name(cells[0]);
                bad(
                    no,
                    format!("cage '{name}' (at {at}) has no sum in the sums line"),
                )
            })?;
            Ok(Cage { cells, sum })
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::super::{read_killers as read, ReadOptions, Reader};

    #[test]
    fn a_killer_with_and_without_givens() {
        let text = "1...............\ncages:\nAABB\nCDDE\nCFGE\nHFGI\nsums: A=3 B=7 C=7\n\
                    D=5 E=5 F=5 G=5 H=3 I=1\n\ncages:\nA A B B\nC D D E\nC F G E\nH F G I\n\
                    sums: A=3,B=7,C=7,D=5,E=5,F=5,G=5,H=3,I=1\n";
        let r = read(text);
        assert_eq!(r.len(), 2, "{r:?}");
        let with = r[0].as_ref().unwrap();
        assert_eq!(with.to_line(), "1...............");
        let cages = with.layout().cages();
        assert_eq!(cages.len(), 9);
        assert_eq!((cages[0].sum, cages[0].cells.len()), (3, 2));
        let without = r[1].as_ref().unwrap();
        assert_eq!(without.to_line(), ".".repeat(16));
        assert_eq!(without.layout(), with.layout());
    }

    #[test]
    fn a_full_cover_declared_is_checked() {
        let full =
            "cages: full\nAABB\nCDDE\nCFGE\nHFGI\nsums: A=3 B=7 C=5 D=5 E=5 F=4 G=6 H=4 I=1\n";
        assert!(read(full)[0].is_ok(), "{:?}", read(full));
        let gap = "cages: FULL\nAABB\nCDDE\nCFGE\nHFG.\nsums: A=3 B=7 C=5 D=5 E=5 F=4 G=6 H=4\n";
        let e = read(gap).remove(0).unwrap_err();
        assert!(
            e.contains("1: r4c4 is in no cage, but 'cages: full' says every cell is"),
            "{e}"
        );
        let off = full.replace("I=1", "I=2");
        let e = read(&off).remove(0).unwrap_err();
        assert!(
            e.contains("the cages' sums add up to 41, but cages covering a 4×4 grid add up to 40"),
            "{e}"
        );
        // Without the declaration a gap is allowed; anything else after 'cages:' is no header.
        assert!(read(&gap.replace("cages: FULL", "cages:"))[0].is_ok());
        assert!(super::header("cages: most").is_none());
    }

    #[test]
    fn a_cage_block_is_refused_where_killers_are_not_read_and_the_next_puzzle_is_read() {
        let text = "cages:\nAABB\nCCDD\nEEFF\nGGHH\nsums: A=3 B=7 C=3 D=7 E=3 F=7 G=3 H=7\n\
                    1.3..2.........4\n";
        let r: Vec<_> = Reader::new(text.as_bytes(), ReadOptions::default()).collect();
        assert_eq!(r.len(), 2);
        let err = r[0].grid.as_ref().unwrap_err();
        assert!(err.to_string().contains("killer"), "{err}");
        assert_eq!(r[1].grid.as_ref().unwrap().to_line(), "1.3..2.........4");
    }

    #[test]
    fn errors_name_the_line_and_the_cage() {
        let cases = [
            (
                "cages:\nAABB\nCCD\n",
                "3: row 2 of the cage map has 3 cage names, expected 4",
            ),
            (
                "cages:\nAABB\nCCDD\nEEFF\nGGHH\nsums: A=3 B=7\n",
                "cage 'C' (at r2c1) has no sum",
            ),
            (
                "cages:\nAABB\nCCDD\nEEFF\nGGHH\nsums: A=3 Z=7\n",
                "cage 'Z', which the map",
            ),
            ("cages:\nAABB\nCC?D\n", "'?' cannot name a cage"),
            (
                "cages:\nAABB\nCCDD\nEEFF\nGGHH\nsums: A=8 B=7 C=3 D=7 E=3 F=7 G=3 H=7\n",
                "the 2-cell cage at r1c1 has sum 8",
            ),
            (
                "cages:\nABBA\nCCDD\nEEFF\nGGHH\nsums: A=3 B=7 C=3 D=7 E=3 F=7 G=3 H=7\n",
                "the cage at r1c1 is in pieces",
            ),
            (
                "cages:\nAABB\nCCDD\n\nEEFF\n",
                "a blank line inside the cage map",
            ),
            (
                "cages:\nAABB\nCCDD\nsums: A=3\n",
                "4: the cage map has 2 rows, expected 4",
            ),
            (
                "cages:\nAA\nsums: A=3\n",
                "2: the cage map's first row has 2 cage names",
            ),
            (
                "cages:\nAABB\nCCDD\nEEFF\nGGHH\n1234\n",
                "expected the sums line",
            ),
        ];
        for (text, message) in cases {
            let r = read(text);
            let err = r[0].as_ref().expect_err(text);
            assert!(err.contains(message), "{text:?}: {err}");
        }
        // The rest of a bad block is skipped, not read as puzzles.
        let r = read("cages:\nAABB\nCC?D\nEEFF\nGGHH\nsums: A=3\n\n1.3..2.........4\n");
        assert_eq!(r.len(), 2, "{r:?}");
        assert!(r[1].is_ok());
    }
}
