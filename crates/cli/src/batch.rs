//! Batch work: many puzzles, several threads, answers in input order, memory flat.
//!
//! ```text
//!            ┌──────────── N worker threads, each in a loop: ────────────┐
//!  input ──▶ │ take the next chunk of jobs (reader behind a lock)        │
//!            │ answer every job of the chunk                             │ ──▶ stdout, stderr
//!            │ file the answers; write every chunk that is now next      │
//!            └───────────────────────────────────────────────────────────┘
//! ```
//!
//! Exactly N threads do all the work (reading, solving, writing), so one thread is plain
//! sequential work and N threads scale with cores. A worker waits before reading more
//! than `AHEAD` chunks past the last one written, so memory stays flat even when one
//! puzzle is slow. Slow work (`run_slow`) takes one job at a time, and counts the workers
//! that ran out of jobs, for the jobs still running to borrow.

use std::collections::BTreeMap;
use std::io::{self, IsTerminal, Write};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Condvar, Mutex};
use std::thread;

use crate::input::Job;
use crate::progress::Progress;

/// Puzzles per chunk taken by a worker.
const CHUNK: usize = 128;

/// Chunks a worker may read past the last one written, per thread.
const AHEAD: usize = 4;

/// Worker threads started at most, whatever `--threads` asks: beyond the cores they only
/// cost start-up time (65,535 of them took seconds before the first answer).
const MAX_THREADS: usize = 256;

/// What one puzzle produced.
#[derive(Debug, Default)]
pub struct Reply {
    /// Text for standard output.
    pub out: String,
    /// A message for standard error (empty for none).
    pub err: String,
    /// Was the puzzle invalid or unsolvable (exit code 1)?
    pub failed: bool,
}

/// Totals over a batch.
#[derive(Debug, Default, Clone, Copy)]
pub struct Summary {
    /// Puzzles processed.
    pub puzzles: usize,
    /// Puzzles that failed.
    pub failed: usize,
}

/// The input side: the jobs and the number of the next chunk.
struct Input<I> {
    jobs: I,
    next_seq: usize,
    chunk: usize,
}

/// The output side: answered chunks waiting for their turn.
struct Pending {
    next: usize,
    waiting: BTreeMap<usize, Vec<Reply>>,
    out: Output,
    error: Option<io::Error>,
}

/// Runs `work` on every job with `threads` workers and writes the replies in order.
///
/// # Errors
/// When writing to standard output or standard error fails (e.g. a closed pipe).
pub fn run<I, F>(jobs: I, threads: usize, progress: Progress, work: F) -> io::Result<Summary>
where
    I: Iterator<Item = Job> + Send,
    F: Fn(&Job) -> Reply + Sync,
{
    let chunk = if io::stdin().is_terminal() { 1 } else { CHUNK };
    run_items(jobs, threads, chunk, progress, work)
}

/// [`run`] taking one job at a time, for work slow enough (seconds a puzzle) that a
/// small file should still spread over every thread. Each worker that finds the input
/// done adds one to `spare`: a thread the jobs still running may use.
///
/// # Errors
/// As [`run`].
pub fn run_slow<I, F>(
    jobs: I,
    threads: usize,
    progress: Progress,
    spare: &AtomicUsize,
    work: F,
) -> io::Result<Summary>
where
    I: Iterator<Item = Job> + Send,
    F: Fn(&Job) -> Reply + Sync,
{
    run_with(jobs, threads, 1, progress, Some(spare), work)
}

/// [`run`] over any items (puzzles read, or numbers of puzzles to generate), taken
/// `chunk` at a time.
///
/// # Errors
/// As [`run`].
pub fn run_items<T, I, F>(
    jobs: I,
    threads: usize,
    chunk: usize,
    progress: Progress,
    work: F,
) -> io::Result<Summary>
where
    T: Send,
    I: Iterator<Item = T> + Send,
    F: Fn(&T) -> Reply + Sync,
{
    run_with(jobs, threads, chunk, progress, None, work)
}

/// [`run_items`], counting finished workers in `spare` when given.
fn run_with<T, I, F>(
    jobs: I,
    threads: usize,
    chunk: usize,
    progress: Progress,
    spare: Option<&AtomicUsize>,
    work: F,
) -> io::Result<Summary>
where
    T: Send,
    I: Iterator<Item = T> + Send,
    F: Fn(&T) -> Reply + Sync,
{
    let jobs_read = progress.jobs_read.clone();
    let jobs = jobs.inspect(move |_| _ = jobs_read.fetch_add(1, Ordering::Relaxed));
    let input = Mutex::new(Input {
        jobs,
        next_seq: 0,
        chunk,
    });
    let pending = Mutex::new(Pending {
        next: 0,
        waiting: BTreeMap::new(),
        out: Output::new(progress),
        error: None,
    });
    let turn = Condvar::new();
    let threads = threads.clamp(1, MAX_THREADS);
    let limit = AHEAD * threads;
    thread::scope(|s| {
        for _ in 1..threads {
            let spawned = thread::Builder::new()
                .spawn_scoped(s, || worker(&input, &pending, &turn, limit, spare, &work));
            if spawned.is_err() {
                // The system will not give more threads: go on with those running.
                break;
            }
        }
        worker(&input, &pending, &turn, limit, spare, &work);
    });
    let pending = pending.into_inner().expect("no worker panicked");
    match pending.error {
        Some(e) => Err(e),
        None => pending.out.finish(),
    }
}

fn worker<T, I, F>(
    input: &Mutex<Input<I>>,
    pending: &Mutex<Pending>,
    turn: &Condvar,
    limit: usize,
    spare: Option<&AtomicUsize>,
    work: &F,
) where
    I: Iterator<Item = T>,
    F: Fn(&T) -> Reply,
{
    loop {
        let Some((seq, jobs)) = take_chunk(input, pending, turn, limit) else {
            if let Some(spare) = spare {
                spare.fetch_add(1, Ordering::Relaxed);
            }
            return;
        };
        let replies: Vec<Reply> = jobs.iter().map(work).collect();
        drop(jobs);
        let mut p = pending.lock().expect("no worker panicked");
        p.waiting.insert(seq, replies);
        loop {
            let next = p.next;
            let Some(replies) = p.waiting.remove(&next) else {
                break;
            };
            if p.error.is_none() {
                if let Err(e) = p.out.write_chunk(replies) {
                    p.error = Some(e);
                }
            }
            p.next += 1;
        }
        turn.notify_all();
        if p.error.is_some() {
            return;
        }
    }
}

/// The next chunk of jobs with its number, once the writer is close enough behind;
/// `None` at the end of the input or after a write error.
fn take_chunk<T, I: Iterator<Item = T>>(
    input: &Mutex<Input<I>>,
    pending: &Mutex<Pending>,
    turn: &Condvar,
    limit: usize,
) -> Option<(usize, Vec<T>)> {
    let mut inp = input.lock().expect("no worker panicked");
    let seq = inp.next_seq;
    {
        let mut p = pending.lock().expect("no worker panicked");
        while seq >= p.next + limit && p.error.is_none() {
            p = turn.wait(p).expect("no worker panicked");
        }
        if p.error.is_some() {
            return None;
        }
    }
    let size = inp.chunk;
    let jobs: Vec<T> = inp.jobs.by_ref().take(size).collect();
    if jobs.is_empty() {
        return None;
    }
    inp.next_seq += 1;
    Some((seq, jobs))
}

/// Standard output (buffered), standard error and the progress line, with the totals.
struct Output {
    stdout: io::BufWriter<io::Stdout>,
    progress: Progress,
    summary: Summary,
    /// Flush after every chunk (interactive input).
    eager: bool,
}

impl Output {
    fn new(progress: Progress) -> Output {
        let stdout = io::BufWriter::with_capacity(1 << 16, io::stdout());
        Output {
            stdout,
            progress,
            summary: Summary::default(),
            eager: io::stdin().is_terminal(),
        }
    }

    /// Writes a chunk's answers; each message after what came before it.
    fn write_chunk(&mut self, replies: Vec<Reply>) -> io::Result<()> {
        for reply in replies {
            self.summary.puzzles += 1;
            self.summary.failed += reply.failed as usize;
            self.stdout.write_all(reply.out.as_bytes())?;
            if !reply.err.is_empty() {
                self.stdout.flush()?;
                self.progress
                    .suspend(|| writeln!(io::stderr(), "{}", reply.err))?;
            }
        }
        if self.eager {
            self.stdout.flush()?;
        }
        self.progress.tick(self.summary.puzzles);
        Ok(())
    }

    fn finish(mut self) -> io::Result<Summary> {
        self.stdout.flush()?;
        self.progress.finish();
        Ok(self.summary)
    }
}
