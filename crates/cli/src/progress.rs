//! A progress line on standard error, for long batches on a terminal.
//!
//! It appears only when standard error is a terminal and the batch has run for more than
//! a second, so short runs and pipelines never see it.

use std::io::{self, IsTerminal, Write};
use std::sync::atomic::{AtomicU64, AtomicUsize, Ordering};
use std::sync::Arc;
use std::time::{Duration, Instant};

/// The progress state of one batch.
pub struct Progress {
    enabled: bool,
    start: Instant,
    last: Instant,
    shown: bool,
    /// Bytes of input read so far, and the total when known.
    read: Arc<AtomicU64>,
    total: Option<u64>,
    /// Puzzles read so far (the reader runs ahead of the workers).
    pub jobs_read: Arc<AtomicUsize>,
    verb: &'static str,
}

impl Progress {
    /// Progress for a batch reading `total` bytes (when known), counted in `read`.
    pub fn new(verb: &'static str, read: Arc<AtomicU64>, total: Option<u64>) -> Progress {
        let now = Instant::now();
        Progress {
            enabled: io::stderr().is_terminal(),
            start: now,
            last: now,
            shown: false,
            read,
            total,
            jobs_read: Arc::new(AtomicUsize::new(0)),
            verb,
        }
    }

    /// Notes that `done` puzzles are finished; redraws at most ten times a second.
    pub fn tick(&mut self, done: usize) {
        let now = Instant::now();
        if !self.enabled
            || now - self.start < Duration::from_secs(1)
            || now - self.last < Duration::from_millis(100)
        {
            return;
        }
        self.last = now;
        let rate = done as f64 / (now - self.start).as_secs_f64();
        let share = self.total.filter(|&t| t > 0).and_then(|t| {
            // Puzzles in the whole input, estimated from those read in the bytes read.
            let (bytes, jobs) = (
                self.read.load(Ordering::Relaxed),
                self.jobs_read.load(Ordering::Relaxed),
            );
            let estimate = jobs as f64 * t as f64 / bytes.max(1) as f64;
            (estimate > 0.0)
                .then(|| format!(" · {:.0}%", (100.0 * done as f64 / estimate).min(100.0)))
        });
        let _ = write!(
            io::stderr(),
            "\r\x1b[K{} {done} puzzles{} · {rate:.0}/s",
            self.verb,
            share.unwrap_or_default()
        );
        self.shown = true;
    }

    /// Erases the progress line (before another message is written).
    pub fn clear(&mut self) {
        if self.shown {
            let _ = write!(io::stderr(), "\r\x1b[K");
            self.shown = false;
        }
    }

    /// Erases the line at the end of the batch.
    pub fn finish(&mut self) {
        self.clear();
    }
}
