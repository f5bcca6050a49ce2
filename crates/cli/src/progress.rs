//! A progress bar on standard error, for long batches on a terminal (drawn by
//! `indicatif`).
//!
//! It appears only when standard error is a terminal and the batch has run for more than
//! a second, so short runs and pipelines never see it.

use std::sync::atomic::{AtomicU64, AtomicUsize, Ordering};
use std::sync::Arc;
use std::time::{Duration, Instant};

use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};

/// How long a batch runs before its progress shows.
const QUIET: Duration = Duration::from_secs(1);

/// The progress of one batch.
pub struct Progress {
    bar: ProgressBar,
    start: Instant,
    /// How many puzzles the batch has: known, or estimated from the input read so far.
    size: Size,
    /// Puzzles read so far (the reader runs ahead of the workers).
    pub jobs_read: Arc<AtomicUsize>,
}

enum Size {
    Known,
    /// Bytes of input read so far, and the total when known.
    Read(Arc<AtomicU64>, Option<u64>),
}

impl Progress {
    /// Progress for a batch reading `total` bytes (when known), counted in `read`.
    pub fn reading(verb: &'static str, read: Arc<AtomicU64>, total: Option<u64>) -> Progress {
        Progress::new(verb, None, Size::Read(read, total))
    }

    /// Progress for a batch of `count` puzzles.
    pub fn counting(verb: &'static str, count: u64) -> Progress {
        Progress::new(verb, Some(count), Size::Known)
    }

    fn new(verb: &'static str, len: Option<u64>, size: Size) -> Progress {
        let bar = ProgressBar::with_draw_target(len, ProgressDrawTarget::hidden())
            .with_message(verb)
            .with_style(style(len.is_some()));
        Progress {
            bar,
            start: Instant::now(),
            size,
            jobs_read: Arc::new(AtomicUsize::new(0)),
        }
    }

    /// Notes that `done` puzzles are finished (the bar redraws at most ten times a
    /// second).
    pub fn tick(&mut self, done: usize) {
        if self.start.elapsed() < QUIET {
            return;
        }
        if self.bar.is_hidden() {
            // Stays hidden when standard error is not a terminal.
            self.bar
                .set_draw_target(ProgressDrawTarget::stderr_with_hz(10));
        }
        if let Some(estimate) = self.estimate() {
            if self.bar.length().is_none() {
                self.bar.set_style(style(true));
            }
            self.bar.set_length(estimate.max(done as u64));
        }
        self.bar.set_position(done as u64);
    }

    /// Puzzles in the whole input, estimated from those read in the bytes read.
    fn estimate(&self) -> Option<u64> {
        let Size::Read(read, Some(total)) = &self.size else {
            return None;
        };
        let (bytes, jobs) = (
            read.load(Ordering::Relaxed),
            self.jobs_read.load(Ordering::Relaxed),
        );
        let estimate = (jobs as f64 * *total as f64 / bytes.max(1) as f64).round() as u64;
        (estimate > 0).then_some(estimate)
    }

    /// Runs `write` (a message on standard error) with the bar out of its way.
    pub fn suspend<R>(&self, write: impl FnOnce() -> R) -> R {
        self.bar.suspend(write)
    }

    /// Erases the bar at the end of the batch.
    pub fn finish(&mut self) {
        self.bar.finish_and_clear();
    }
}

/// `solved 1200 puzzles · 812/s`, and with a size, a bar, the share done and the time
/// left.
fn style(sized: bool) -> ProgressStyle {
    let template = match sized {
        true => "{msg} [{bar:30}] {pos} puzzles · {percent}% · {per_sec:0} · {eta} left",
        false => "{msg} {pos} puzzles · {per_sec:0}",
    };
    ProgressStyle::with_template(template)
        .expect("a valid template")
        .progress_chars("=> ")
}
