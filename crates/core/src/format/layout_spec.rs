//! The layout options every front end takes (a box shape, jigsaw regions, the diagonals),
//! read and checked in one place, with one set of rules and messages: the CLI's `--box`,
//! `--regions` and `--diagonals`, Python's `box=`, `regions=` and `diagonals=`, and the
//! web API's `box`, `regions` and `diagonals` fields all become a [`LayoutSpec`].

use std::sync::Arc;

use super::read::ReadOptions;
use crate::layout::{BoxShape, Layout, LayoutError};

/// A layout as a user gives it: a box shape or a region table (not both), and whether
/// the two diagonals are houses too. With neither, each puzzle's size is inferred from
/// its cell count, with the usual box shape.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct LayoutSpec {
    /// The box shape as typed, `RxC` (`2x3`, also `2×3` or `2*3`).
    pub box_shape: Option<String>,
    /// A region table: N lines of N symbols, or N² symbols on one line (spaces, commas
    /// and `|` `-` `+` borders ignored; `#` starts a comment).
    pub regions: Option<String>,
    /// Sudoku-X: the two diagonals are houses too.
    pub diagonals: bool,
}

/// Why a [`LayoutSpec`] gives no layout, in the words of the option at fault.
#[derive(Clone, PartialEq, Eq, Debug, thiserror::Error)]
pub enum LayoutSpecError {
    /// Both a box shape and regions.
    #[error("give either a box shape or regions, not both")]
    BoxAndRegions,
    /// The box shape is not one.
    #[error("box: {0}")]
    Box(LayoutError),
    /// The region table is not one.
    #[error("regions: {0}")]
    Regions(LayoutError),
}

impl LayoutSpec {
    /// A spec of a box shape already read (the CLI's, whose parser reads `RxC`).
    pub fn boxed(shape: BoxShape, diagonals: bool) -> LayoutSpec {
        LayoutSpec {
            box_shape: Some(shape.to_string()),
            regions: None,
            diagonals,
        }
    }

    /// The layout it fixes, if any (without the diagonals, which [`ReadOptions`] adds to
    /// every puzzle's layout).
    ///
    /// # Errors
    /// Both a box shape and regions, a box shape that is not `RxC` or has no grid side
    /// from 4 to 25, or a region table that is not N groups of N cells.
    pub fn layout(&self) -> Result<Option<Layout>, LayoutSpecError> {
        match (&self.box_shape, &self.regions) {
            (Some(_), Some(_)) => Err(LayoutSpecError::BoxAndRegions),
            (Some(text), None) => {
                let shape: BoxShape = text.trim().parse().map_err(LayoutSpecError::Box)?;
                Layout::boxed(shape).map(Some).map_err(LayoutSpecError::Box)
            }
            (None, Some(table)) => Layout::from_regions_str(table)
                .map(Some)
                .map_err(LayoutSpecError::Regions),
            (None, None) => Ok(None),
        }
    }

    /// How to read puzzles with this layout.
    ///
    /// # Errors
    /// As [`LayoutSpec::layout`].
    pub fn read_options(&self) -> Result<ReadOptions, LayoutSpecError> {
        Ok(ReadOptions {
            layout: self.layout()?.map(Arc::new),
            diagonals: self.diagonals,
            killer: false,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn spec(box_shape: Option<&str>, regions: Option<&str>) -> LayoutSpec {
        LayoutSpec {
            box_shape: box_shape.map(str::to_string),
            regions: regions.map(str::to_string),
            diagonals: false,
        }
    }

    #[test]
    fn a_box_or_regions_or_neither_but_not_both() {
        let six = spec(Some("2x3"), None).layout().unwrap().unwrap();
        assert_eq!(six.side(), 6);
        assert_eq!(six.box_shape().map(|b| (b.rows, b.cols)), Some((2, 3)));
        let jigsaw = spec(None, Some("AABB\nAABB\nCCDD\nCCDD")).layout().unwrap();
        assert_eq!(jigsaw.unwrap().side(), 4);
        // One line of N² symbols is the same table.
        assert_eq!(
            spec(None, Some("AABBAABBCCDDCCDD")).layout(),
            spec(None, Some("AABB\nAABB\nCCDD\nCCDD")).layout()
        );
        assert_eq!(spec(None, None).layout(), Ok(None));
        let both = spec(Some("2x2"), Some("AABBAABBCCDDCCDD"))
            .layout()
            .unwrap_err();
        assert_eq!(both, LayoutSpecError::BoxAndRegions);
        assert_eq!(
            both.to_string(),
            "give either a box shape or regions, not both"
        );
    }

    #[test]
    fn errors_name_the_option_at_fault() {
        for (s, start) in [
            (spec(Some("9"), None), "box: '9' is not a box shape"),
            (spec(Some("7x7"), None), "box: a grid side of 49"),
            (
                spec(None, Some("ABC")),
                "regions: the region table has 3 cells",
            ),
            (spec(None, Some("AAB\nABB")), "regions: "),
            (spec(None, Some("AB?B")), "regions: line 1, column 3: '?'"),
        ] {
            let message = s.layout().unwrap_err().to_string();
            assert!(message.starts_with(start), "{message}");
        }
    }

    #[test]
    fn the_diagonals_go_to_every_puzzle() {
        let mut s = LayoutSpec::boxed("2x2".parse().unwrap(), true);
        assert_eq!(s.box_shape.as_deref(), Some("2x2"));
        let options = s.read_options().unwrap();
        assert!(options.diagonals && options.layout.is_some());
        s.box_shape = None;
        let options = s.read_options().unwrap();
        assert!(options.diagonals && options.layout.is_none());
    }
}
