//! Text formats: a lenient [`Reader`] for every input format, and exact writers.

pub mod json;
mod layout_spec;
pub mod lzstring;
mod marks;
mod read;
mod scan;
pub mod write;

pub use layout_spec::{LayoutSpec, LayoutSpecError};
pub use read::{
    given_marks, read_all, ErrorKind, InputError, ReadOptions, Reader, Record, MAX_LINE,
};
