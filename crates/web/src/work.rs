//! Expensive work off the async threads: a bounded number at once, each within a time
//! budget.
//!
//! ```text
//! request ─▶ wait for a permit (at most the budget; else 429 Busy)
//!         ─▶ spawn_blocking(work(deadline)) holding the permit until the work ends
//!         ─▶ wait for the answer until the deadline (else 422 OverBudget: the work is
//!            told the deadline, and stops at its next check)
//! ```

use std::sync::Arc;
use std::time::{Duration, Instant};

use tokio::sync::Semaphore;

use crate::error::ApiError;

/// Bounded workers with a time budget.
#[derive(Clone, Debug)]
pub struct Pool {
    permits: Arc<Semaphore>,
    budget: Duration,
}

impl Pool {
    /// `workers` at once, each request within `budget`.
    pub fn new(workers: usize, budget: Duration) -> Pool {
        Pool {
            permits: Arc::new(Semaphore::new(workers.max(1))),
            budget,
        }
    }

    /// Runs `work` on a blocking thread, giving it the deadline it should stop by.
    ///
    /// # Errors
    /// `Busy` when no worker frees up within the budget, `OverBudget` when the work
    /// does not finish by the deadline, or the work's own error.
    pub async fn run<T, F>(&self, work: F) -> Result<T, ApiError>
    where
        T: Send + 'static,
        F: FnOnce(Instant) -> Result<T, ApiError> + Send + 'static,
    {
        let deadline = Instant::now() + self.budget;
        let permit = tokio::time::timeout(self.budget, self.permits.clone().acquire_owned())
            .await
            .map_err(|_| ApiError::Busy)?
            .map_err(|_| ApiError::Busy)?;
        let task = tokio::task::spawn_blocking(move || {
            let _permit = permit;
            work(deadline)
        });
        let left = deadline.saturating_duration_since(Instant::now());
        match tokio::time::timeout(left, task).await {
            Ok(Ok(Err(ApiError::OverBudget(_)))) | Err(_) => Err(self.over_budget()),
            Ok(Ok(answer)) => answer,
            Ok(Err(_panicked)) => Err(ApiError::Internal),
        }
    }

    /// The error for work past its deadline.
    pub fn over_budget(&self) -> ApiError {
        ApiError::OverBudget(self.budget.as_secs().max(1))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn sleeper(ms: u64) -> impl FnOnce(Instant) -> Result<u64, ApiError> + Send + 'static {
        move |_| {
            std::thread::sleep(Duration::from_millis(ms));
            Ok(ms)
        }
    }

    #[tokio::test]
    async fn work_within_the_budget_is_answered() {
        let pool = Pool::new(1, Duration::from_secs(5));
        assert_eq!(pool.run(sleeper(1)).await, Ok(1));
    }

    #[tokio::test]
    async fn work_past_the_budget_is_over_budget() {
        let pool = Pool::new(1, Duration::from_millis(50));
        assert_eq!(pool.run(sleeper(400)).await, Err(ApiError::OverBudget(1)));
    }

    #[tokio::test]
    async fn a_request_waiting_longer_than_the_budget_is_busy() {
        let pool = Pool::new(1, Duration::from_millis(100));
        let first = tokio::spawn({
            let pool = pool.clone();
            async move { pool.run(sleeper(600)).await }
        });
        tokio::time::sleep(Duration::from_millis(20)).await;
        assert_eq!(pool.run(sleeper(1)).await, Err(ApiError::Busy));
        assert_eq!(first.await.expect("joined"), Err(ApiError::OverBudget(1)));
    }
}
