//! Input: open the files (or standard input), build the reader options from the layout
//! flags, and turn every record of every file into a numbered [`Job`].

use std::fs::File;
use std::io::{self, BufRead, BufReader, Read};
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::Arc;

use anyhow::{Context, Result};
use sudokit_core::format::{InputError, LayoutSpec, LayoutSpecError, ReadOptions, Reader};
use sudokit_core::{BoxShape, DigitSet, Grid};

use crate::args::InputArgs;

/// One puzzle to work on: where it came from and what was read.
#[derive(Debug)]
pub struct Job {
    /// 0-based number of the puzzle across all inputs.
    pub index: usize,
    /// The file name (`-` for standard input).
    pub file: Arc<str>,
    /// 1-based line where the puzzle starts.
    pub line: usize,
    /// The puzzle, or why it could not be read.
    pub grid: Result<Grid, InputError>,
    /// The candidates of every cell, when the input gave pencil marks.
    pub marks: Option<Vec<DigitSet>>,
}

impl Job {
    /// `file:line` of the puzzle, the prefix of its messages.
    pub fn place(&self) -> String {
        format!("{}:{}", self.file, self.line)
    }

    /// `file:line[:column]: message` for a read error.
    pub fn read_error(&self, e: &InputError) -> String {
        format!("{}:{e}", self.file)
    }
}

/// An opened input.
pub struct Source {
    /// Its name in messages.
    pub name: Arc<str>,
    reader: Box<dyn BufRead + Send>,
    /// Its size in bytes, when known (files).
    pub size: Option<u64>,
}

/// Opens every file named (standard input for none or `-`).
///
/// A file that cannot be opened still becomes a source: reading it gives one error
/// record (`file:1: read error: cannot open: ...`), so the other files of the batch
/// still get their answers, in order, and the run exits 1.
pub fn open(args: &InputArgs, read_bytes: &Arc<AtomicU64>) -> Vec<Source> {
    let files = if args.files.is_empty() {
        vec![PathBuf::from("-")]
    } else {
        args.files.clone()
    };
    files
        .iter()
        .map(|path| {
            let (name, reader, size): (String, Box<dyn Read + Send>, Option<u64>) =
                if path.as_os_str() == "-" {
                    ("-".into(), Box::new(io::stdin()), None)
                } else {
                    let name = path.display().to_string();
                    match File::open(path) {
                        Ok(file) => {
                            let size = file.metadata().ok().map(|m| m.len());
                            (name, Box::new(file), size)
                        }
                        Err(e) => (name, Box::new(Unopened(Some(e))), Some(0)),
                    }
                };
            let counted = Counted {
                inner: BufReader::with_capacity(1 << 16, reader),
                read: read_bytes.clone(),
            };
            Source {
                name: name.into(),
                reader: Box::new(counted),
                size,
            }
        })
        .collect()
}

/// Reads the layout flags: `--box`, `--regions`, `--diagonals`.
///
/// # Errors
/// When the regions file cannot be read or is not a valid region table.
pub fn read_options(args: &InputArgs) -> Result<ReadOptions> {
    let regions = args.regions.as_deref();
    let spec = layout_spec(args.box_shape, regions, args.diagonals)?;
    spec.read_options().map_err(|e| in_file(e, regions))
}

/// The layout flags as every front end takes them, with the regions file read.
///
/// # Errors
/// When the regions file cannot be read.
pub fn layout_spec(
    box_shape: Option<BoxShape>,
    regions: Option<&Path>,
    diagonals: bool,
) -> Result<LayoutSpec> {
    let table = match regions {
        Some(path) => Some(
            std::fs::read_to_string(path)
                .with_context(|| format!("cannot read {}", path.display()))?,
        ),
        None => None,
    };
    Ok(LayoutSpec {
        box_shape: box_shape.map(|b| b.to_string()),
        regions: table,
        diagonals,
    })
}

/// A layout error, naming the regions file when there is one.
pub fn in_file(e: LayoutSpecError, regions: Option<&Path>) -> anyhow::Error {
    match regions {
        Some(path) => anyhow::Error::new(e).context(path.display().to_string()),
        None => e.into(),
    }
}

/// Every record of every source, numbered in order. Streams: nothing is read ahead.
pub fn jobs(sources: Vec<Source>, opts: ReadOptions) -> impl Iterator<Item = Job> + Send {
    sources
        .into_iter()
        .flat_map(move |s| {
            let name = s.name.clone();
            Reader::new(s.reader, opts.clone()).map(move |r| (name.clone(), r))
        })
        .enumerate()
        .map(|(index, (file, r))| Job {
            index,
            file,
            line: r.line,
            grid: r.grid,
            marks: r.marks,
        })
}

/// The input of a file that could not be opened: its first read fails with the reason.
struct Unopened(Option<io::Error>);

impl Read for Unopened {
    fn read(&mut self, _: &mut [u8]) -> io::Result<usize> {
        match self.0.take() {
            Some(e) => Err(io::Error::new(e.kind(), format!("cannot open: {e}"))),
            None => Ok(0),
        }
    }
}

/// A buffered reader that counts the bytes consumed by its user (for the progress bar).
struct Counted<R> {
    inner: R,
    read: Arc<AtomicU64>,
}

impl<R: BufRead> Read for Counted<R> {
    fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
        let n = self.inner.read(buf)?;
        self.read.fetch_add(n as u64, Ordering::Relaxed);
        Ok(n)
    }
}

impl<R: BufRead> BufRead for Counted<R> {
    fn fill_buf(&mut self) -> io::Result<&[u8]> {
        self.inner.fill_buf()
    }

    fn consume(&mut self, amount: usize) {
        self.read.fetch_add(amount as u64, Ordering::Relaxed);
        self.inner.consume(amount);
    }
}
