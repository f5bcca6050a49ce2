//! Batch work: many puzzles, several threads, answers in input order, memory flat.
//!
//! ```text
//!  reader thread ──chunks──▶ N worker threads ──replies──▶ main thread
//!  (parse, number)  bounded   (solve, format)              (reorder by chunk, write)
//! ```
//!
//! The work channel is bounded, so the reader never runs far ahead; the reorder buffer
//! holds at most the chunks in flight.

use std::collections::BTreeMap;
use std::io::{self, IsTerminal, Write};
use std::sync::atomic::Ordering;
use std::sync::mpsc;
use std::sync::{Arc, Mutex};
use std::thread;

use crate::input::Job;
use crate::progress::Progress;

/// Puzzles per chunk handed to a worker.
const CHUNK: usize = 128;

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

/// Runs `work` on every job with `threads` workers and writes the replies in order.
///
/// # Errors
/// When writing to standard output or standard error fails (e.g. a closed pipe).
pub fn run<I, F>(jobs: I, threads: usize, mut progress: Progress, work: F) -> io::Result<Summary>
where
    I: Iterator<Item = Job> + Send,
    F: Fn(&Job) -> Reply + Sync,
{
    let chunk = if io::stdin().is_terminal() { 1 } else { CHUNK };
    thread::scope(|s| {
        let (work_tx, work_rx) = mpsc::sync_channel::<(usize, Vec<Job>)>(threads * 2);
        let (done_tx, done_rx) = mpsc::channel::<(usize, Vec<Reply>)>();
        let jobs_read = progress.jobs_read.clone();
        s.spawn(move || {
            read_chunks(
                jobs.inspect(|_| _ = jobs_read.fetch_add(1, Ordering::Relaxed)),
                chunk,
                work_tx,
            )
        });
        let work_rx = Arc::new(Mutex::new(work_rx));
        for _ in 0..threads {
            let (work_rx, done_tx, work) = (work_rx.clone(), done_tx.clone(), &work);
            s.spawn(move || solve_chunks(&work_rx, &done_tx, work));
        }
        drop((work_rx, done_tx));
        write_in_order(done_rx, &mut progress)
    })
}

fn read_chunks<I: Iterator<Item = Job>>(
    jobs: I,
    size: usize,
    tx: mpsc::SyncSender<(usize, Vec<Job>)>,
) {
    let mut seq = 0;
    let mut chunk = Vec::with_capacity(size);
    for job in jobs {
        chunk.push(job);
        if chunk.len() == size {
            if tx
                .send((seq, std::mem::replace(&mut chunk, Vec::with_capacity(size))))
                .is_err()
            {
                return;
            }
            seq += 1;
        }
    }
    if !chunk.is_empty() {
        let _ = tx.send((seq, chunk));
    }
}

fn solve_chunks<F: Fn(&Job) -> Reply>(
    rx: &Mutex<mpsc::Receiver<(usize, Vec<Job>)>>,
    tx: &mpsc::Sender<(usize, Vec<Reply>)>,
    work: &F,
) {
    loop {
        let next = rx
            .lock()
            .map_err(|_| ())
            .and_then(|r| r.recv().map_err(|_| ()));
        let Ok((seq, jobs)) = next else { return };
        if tx.send((seq, jobs.iter().map(work).collect())).is_err() {
            return;
        }
    }
}

fn write_in_order(
    rx: mpsc::Receiver<(usize, Vec<Reply>)>,
    progress: &mut Progress,
) -> io::Result<Summary> {
    let mut out = io::BufWriter::with_capacity(1 << 16, io::stdout().lock());
    let mut pending: BTreeMap<usize, Vec<Reply>> = BTreeMap::new();
    let mut next = 0;
    let mut summary = Summary::default();
    for (seq, replies) in rx {
        pending.insert(seq, replies);
        while let Some(replies) = pending.remove(&next) {
            for reply in replies {
                summary.puzzles += 1;
                summary.failed += reply.failed as usize;
                out.write_all(reply.out.as_bytes())?;
                if !reply.err.is_empty() {
                    out.flush()?;
                    progress.clear();
                    writeln!(io::stderr(), "{}", reply.err)?;
                }
            }
            out.flush()?;
            next += 1;
            progress.tick(summary.puzzles);
        }
    }
    progress.finish();
    Ok(summary)
}
