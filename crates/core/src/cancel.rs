//! Cancellation: a token that long searches check at cheap intervals, so that any of
//! them stops within milliseconds of being told to.
//!
//! A [`Cancel`] is stopped by [`Cancel::cancel`] (a server whose client went away, a
//! Ctrl-C, a Cancel button) or by reaching its deadline. Clones share one state, so
//! the holder of one clone stops the work holding another. [`Cancel::never`] is the
//! token of work that runs to its end; checking it costs one branch.
//!
//! A token is passed explicitly where an API takes one, and is also the thread's
//! *current* token while work runs under [`Cancel::enter`]: the searches deep inside a
//! request (the generator's uniqueness tests, the logic engine's trials, the 9×9 engine)
//! read [`Cancel::current`] when they start, so one token given at the door stops them
//! all. [`crate::parallel`]'s workers take the current token of the thread that started
//! them.
//!
//! ```
//! use sudokit_core::cancel::Cancel;
//! let token = Cancel::new();
//! let worker = token.clone();
//! assert!(!worker.is_cancelled());
//! token.cancel();
//! assert!(worker.is_cancelled());
//! ```

use std::cell::RefCell;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;

use crate::time::Instant;

/// A cancellation token; see the [module docs](self).
#[derive(Clone, Debug, Default)]
pub struct Cancel(Option<Arc<Shared>>);

#[derive(Debug)]
struct Shared {
    stopped: AtomicBool,
    deadline: Option<Instant>,
    /// A token this one is stopped with too (see [`Cancel::child`]).
    parent: Option<Cancel>,
}

impl Cancel {
    /// A token that is never cancelled.
    pub fn never() -> Cancel {
        Cancel(None)
    }

    /// A token stopped only by [`Cancel::cancel`].
    pub fn new() -> Cancel {
        Cancel::with(None)
    }

    /// A token stopped by [`Cancel::cancel`] or at `deadline`.
    pub fn until(deadline: Instant) -> Cancel {
        Cancel::with(Some(deadline))
    }

    /// [`Cancel::until`] with an optional deadline ([`Cancel::new`] without one).
    pub fn with(deadline: Option<Instant>) -> Cancel {
        Cancel(Some(Arc::new(Shared {
            stopped: AtomicBool::new(false),
            deadline,
            parent: None,
        })))
    }

    /// A token stopped with this one, or by its own [`Cancel::cancel`] or `deadline`
    /// (which leave this one running): a part of some work with a limit of its own.
    pub fn child(&self, deadline: Option<Instant>) -> Cancel {
        Cancel(Some(Arc::new(Shared {
            stopped: AtomicBool::new(false),
            deadline,
            parent: self.0.is_some().then(|| self.clone()),
        })))
    }

    /// Stops the work holding this token (or any clone of it) at its next check.
    pub fn cancel(&self) {
        if let Some(s) = &self.0 {
            s.stopped.store(true, Ordering::Relaxed);
        }
    }

    /// Has the token been cancelled, or its deadline passed? (Reads the clock when
    /// there is a deadline: callers in tight loops check every so many steps.)
    pub fn is_cancelled(&self) -> bool {
        let Some(s) = &self.0 else { return false };
        if s.stopped.load(Ordering::Relaxed) {
            return true;
        }
        let over = s.deadline.is_some_and(|d| Instant::now() >= d)
            || s.parent.as_ref().is_some_and(Cancel::is_cancelled);
        if over {
            s.stopped.store(true, Ordering::Relaxed);
        }
        over
    }

    /// Can this token ever be cancelled? (`false` only for [`Cancel::never`].)
    pub fn can_cancel(&self) -> bool {
        self.0.is_some()
    }

    /// Its deadline, if it has one.
    pub fn deadline(&self) -> Option<Instant> {
        self.0.as_ref().and_then(|s| s.deadline)
    }
}

thread_local! {
    static CURRENT: RefCell<Cancel> = const { RefCell::new(Cancel(None)) };
}

impl Cancel {
    /// The thread's current token: the one of the innermost [`Cancel::enter`] under way
    /// (else [`Cancel::never`]).
    pub fn current() -> Cancel {
        CURRENT.with(|c| c.borrow().clone())
    }

    /// Runs `work` with this token as the thread's current one (the previous one back
    /// after, even if `work` panics).
    pub fn enter<T>(&self, work: impl FnOnce() -> T) -> T {
        struct Restore(Option<Cancel>);
        impl Drop for Restore {
            fn drop(&mut self) {
                if let Some(old) = self.0.take() {
                    CURRENT.with(|c| *c.borrow_mut() = old);
                }
            }
        }
        let old = CURRENT.with(|c| c.replace(self.clone()));
        let _restore = Restore(Some(old));
        work()
    }
}

/// Checks a token every `every` calls of [`Every::tick`]: for loops whose steps cost
/// too little to read the clock at each one.
#[derive(Debug)]
pub struct Every<'a> {
    cancel: &'a Cancel,
    every: u32,
    left: u32,
    stopped: bool,
}

impl<'a> Every<'a> {
    /// Checks `cancel` on every `every`-th tick (at least 1).
    pub fn new(cancel: &'a Cancel, every: u32) -> Every<'a> {
        let every = every.max(1);
        Every {
            cancel,
            every,
            left: every,
            stopped: false,
        }
    }

    /// One step of work: `true` once the token is found cancelled (and from then on).
    #[inline]
    pub fn tick(&mut self) -> bool {
        if self.stopped {
            return true;
        }
        if !self.cancel.can_cancel() {
            return false;
        }
        self.left -= 1;
        if self.left == 0 {
            self.left = self.every;
            self.stopped = self.cancel.is_cancelled();
        }
        self.stopped
    }

    /// Was the token found cancelled?
    pub fn stopped(&self) -> bool {
        self.stopped
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::time::Duration;

    #[test]
    fn never_is_never_cancelled() {
        let t = Cancel::never();
        t.cancel();
        assert!(!t.is_cancelled() && !t.can_cancel());
        let mut every = Every::new(&t, 1);
        assert!(!(0..10).any(|_| every.tick()));
    }

    #[test]
    fn enter_makes_a_token_current_and_puts_the_old_one_back() {
        let outer = Cancel::new();
        let inner = Cancel::new();
        assert!(!Cancel::current().can_cancel());
        outer.enter(|| {
            inner.enter(|| {
                inner.cancel();
                assert!(Cancel::current().is_cancelled());
            });
            assert!(!Cancel::current().is_cancelled(), "the outer token again");
            let caught = std::panic::catch_unwind(|| inner.enter(|| panic!("work panics")));
            assert!(caught.is_err());
            assert!(!Cancel::current().is_cancelled(), "restored after a panic");
        });
        assert!(!Cancel::current().can_cancel());
    }

    #[test]
    fn a_child_stops_with_its_parent_but_not_the_other_way() {
        let parent = Cancel::new();
        let child = parent.child(None);
        child.cancel();
        assert!(child.is_cancelled() && !parent.is_cancelled());
        let child = parent.child(None);
        parent.cancel();
        assert!(child.is_cancelled());
        let free = Cancel::never().child(None);
        assert!(free.can_cancel() && !free.is_cancelled());
    }

    #[test]
    fn a_deadline_past_cancels() {
        let t = Cancel::until(Instant::now() + Duration::from_millis(20));
        assert!(!t.is_cancelled());
        std::thread::sleep(Duration::from_millis(30));
        assert!(t.is_cancelled());
    }

    #[test]
    fn every_checks_on_its_nth_tick_and_stays_stopped() {
        let t = Cancel::new();
        let mut every = Every::new(&t, 4);
        t.cancel();
        assert_eq!(
            (0..6).map(|_| every.tick()).collect::<Vec<_>>(),
            [false, false, false, true, true, true]
        );
        assert!(every.stopped());
    }
}
