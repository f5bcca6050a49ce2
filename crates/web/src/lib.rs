//! The sudokit web app: a page to play sudoku in the browser (every asset embedded in
//! the binary) and the endpoints it calls: new puzzles, checks, hints, ratings,
//! solutions, counts, canonical forms and explanations from the sudokit libraries.
//! [`dispatch::call`] answers every endpoint; the server (the default `server` feature)
//! serves it as a JSON API, and the page's engine in WebAssembly (`crates/wasm`) calls
//! it directly in a Web Worker. The server keeps no game state: the page holds it and
//! sends what a request needs.
//!
//! ```no_run
//! # async fn run() -> std::io::Result<()> {
//! let listener = tokio::net::TcpListener::bind("127.0.0.1:8080").await?;
//! axum::serve(listener, sudokit_web::app()).await
//! # }
//! ```
//!
//! How a request travels:
//!
//! ```text
//! page (api.js) ──POST /api/hint {puzzle, entries, notes}──▶ body::Raw (size-limited;
//!   413) ─▶ work::Pool (bounded workers off the async threads, a time budget; 429 when
//!   busy, 422 over budget) ─▶ dispatch::call: parse (400 on bad JSON) ─▶ spec::Puzzle
//!   (the CLI's lenient reader; 400 on a bad puzzle) ─▶ game:: (solver, logic engine,
//!   generator) ─▶ JSON (the CLI's --json field names) ─▶ page
//! ```

#![warn(missing_docs)]

#[cfg(feature = "server")]
mod api;
#[cfg(feature = "server")]
mod assets;
#[cfg(feature = "server")]
mod body;
pub mod dispatch;
mod error;
mod game;
mod spec;
#[cfg(feature = "server")]
mod work;

#[cfg(feature = "server")]
mod server;
#[cfg(feature = "server")]
pub use server::*;

pub use error::ApiError;
