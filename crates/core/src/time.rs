//! The clock the libraries read their deadlines from: the standard library's
//! [`Instant`] and [`SystemTime`] natively; in the browser (WebAssembly without an
//! operating system, where the standard clock panics), `web-time`'s, backed by
//! `performance.now()` and `Date.now()`.

#[cfg(not(all(target_arch = "wasm32", target_os = "unknown")))]
pub use std::time::{Instant, SystemTime, UNIX_EPOCH};
#[cfg(all(target_arch = "wasm32", target_os = "unknown"))]
pub use web_time::{Instant, SystemTime, UNIX_EPOCH};
