//! The sudokit engine for the browser and Node.js: every endpoint of the page's API
//! (`sudokit_web::dispatch`), called directly instead of over HTTP. The page runs it in
//! a Web Worker (`assets/worker.js`), so a long search never freezes the page and
//! Cancel can end it at once (the worker is terminated); the JavaScript package
//! (`crates/wasm/js`) wraps it for Node.js.
//!
//! ```text
//! page ─postMessage {id, endpoint, body}─▶ worker.js ─call(endpoint, body)─▶ dispatch::call
//!      ◀─{id, data} / {id, error, status}─     ◀─ JSON text, or an error as JSON ─┘
//!      ◀─{id, progress: tries}─ (new games: sudokitProgress(tries) after each candidate)
//!      ◀─{id, crashed} (a trap: the worker closes) / {id, fatal, detail} (no module)
//! ```

use std::sync::Arc;

use sudokit_core::cancel::Cancel;
use sudokit_generate::Progress;
use sudokit_web::dispatch;
use wasm_bindgen::prelude::*;

#[wasm_bindgen]
extern "C" {
    /// Told the number of candidate puzzles tried while a new game is made (the worker
    /// defines it as a global function; in Node.js, the package does).
    #[wasm_bindgen(js_namespace = globalThis, js_name = sudokitProgress)]
    fn progress(tries: f64);

    /// The console's error log.
    #[wasm_bindgen(js_namespace = console, js_name = error)]
    fn console_error(message: &str);
}

/// On loading: a panic (a bug; it traps the module, and the worker is replaced) is
/// logged with its message and place before the trap.
#[wasm_bindgen(start)]
fn start() {
    std::panic::set_hook(Box::new(|info| console_error(&format!("sudokit: {info}"))));
}

/// Answers `endpoint` (`new`, `solve`, `count`, `canon`, `check`, `hint`, `rate`,
/// `explain`, `picture`, `techniques`, `lesson`) for the JSON request `body`, as the
/// server's `POST /api/<endpoint>` would: the answer's text (JSON, or SVG for
/// `picture`), or an error as `{"error": message, "status": HTTP status}` with
/// `"failed": true`.
#[wasm_bindgen]
pub fn call(endpoint: &str, body: &str) -> String {
    answer(endpoint, body, true)
}

/// [`call`] without progress reports (for callers that define no `sudokitProgress`).
#[wasm_bindgen(js_name = callQuiet)]
pub fn call_quiet(endpoint: &str, body: &str) -> String {
    answer(endpoint, body, false)
}

/// The engine's version.
#[wasm_bindgen]
pub fn version() -> String {
    env!("CARGO_PKG_VERSION").to_string()
}

fn answer(endpoint: &str, body: &str, report: bool) -> String {
    // No deadline in the browser: the player waits, sees progress and may cancel
    // (the page then ends the worker).
    let hook = report.then(|| {
        Progress(Arc::new(|tries| {
            progress(tries as f64);
            true
        }))
    });
    match dispatch::call(endpoint, body.as_bytes(), &Cancel::never(), hook) {
        Ok(reply) => reply.into_text(),
        Err(e) => {
            let message = sudokit_core::format::json::Json::from(e.to_string());
            format!(
                "{{\"failed\":true,\"error\":{message},\"status\":{}}}",
                e.code()
            )
        }
    }
}
