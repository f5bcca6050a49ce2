//! Work on many items on several threads, answers in input order.

use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::Mutex;

use crate::cancel::Cancel;

/// `work` on every item with `threads` scoped workers (0: one a core), each taking the
/// next item in turn; the results in input order.
pub fn map_ordered<T: Sync, R: Send>(
    items: &[T],
    threads: usize,
    work: impl Fn(&T) -> R + Sync,
) -> Vec<R> {
    map_ordered_until(items, threads, &AtomicBool::new(false), work).expect("nothing stops it")
}

/// [`map_ordered`], stopping once `stop` is set: no worker takes another item after it
/// sees it (an item under way is finished). `None` when it stopped before the end. The
/// workers run under the calling thread's current [`Cancel`] token.
pub fn map_ordered_until<T: Sync, R: Send>(
    items: &[T],
    threads: usize,
    stop: &AtomicBool,
    work: impl Fn(&T) -> R + Sync,
) -> Option<Vec<R>> {
    let threads = match threads {
        0 => std::thread::available_parallelism().map_or(1, |n| n.get()),
        n => n,
    };
    let next = AtomicUsize::new(0);
    let done = Mutex::new(Vec::with_capacity(items.len()));
    let cancel = Cancel::current();
    std::thread::scope(|scope| {
        for _ in 0..threads.clamp(1, items.len().max(1)) {
            scope.spawn(|| {
                cancel.enter(|| loop {
                    if stop.load(Ordering::Relaxed) {
                        break;
                    }
                    let i = next.fetch_add(1, Ordering::Relaxed);
                    let Some(item) = items.get(i) else { break };
                    let r = work(item);
                    done.lock().expect("no worker panics").push((i, r));
                })
            });
        }
    });
    let mut done = done.into_inner().expect("no worker panics");
    if done.len() < items.len() {
        return None;
    }
    done.sort_by_key(|(i, _)| *i);
    Some(done.into_iter().map(|(_, r)| r).collect())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn answers_come_in_input_order_on_any_thread_count() {
        let items: Vec<u32> = (0..1000).collect();
        for threads in [0, 1, 3, 64] {
            assert_eq!(
                map_ordered(&items, threads, |x| x * 2),
                items.iter().map(|x| x * 2).collect::<Vec<_>>()
            );
        }
        assert!(map_ordered(&[] as &[u32], 2, |x| *x).is_empty());
    }

    #[test]
    fn a_stop_ends_the_work_early() {
        let items: Vec<u32> = (0..10_000).collect();
        let stop = AtomicBool::new(false);
        let seen = AtomicUsize::new(0);
        let out = map_ordered_until(&items, 2, &stop, |x| {
            if seen.fetch_add(1, Ordering::Relaxed) == 10 {
                stop.store(true, Ordering::Relaxed);
            }
            *x
        });
        assert_eq!(out, None);
        assert!(seen.load(Ordering::Relaxed) < 100, "stopped soon after");
    }
}
