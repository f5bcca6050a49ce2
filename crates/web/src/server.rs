//! The server: the page's files and the JSON API over HTTP (the `server` feature).

use std::future::Future;
use std::net::SocketAddr;
use std::path::PathBuf;
use std::time::Duration;

use axum::http::{header, HeaderValue, Request};
use axum::middleware::{self, Next};
use axum::response::Response;
use axum::routing::any;
use axum::Router;

use crate::{api, assets};

/// How the app runs.
#[derive(Clone, Debug)]
pub struct Config {
    /// Serve the page's files from this folder instead of the embedded copies, read
    /// afresh on every request (for working on the page without rebuilding). By
    /// default, the embedded files.
    pub assets: Option<PathBuf>,
    /// The most time one request may take (generation, rating, hints, explanations).
    /// By default 10 s.
    pub budget: Duration,
    /// How many expensive requests run at once (each on its own thread). By default,
    /// the number of cores.
    pub workers: usize,
    /// The largest request body accepted, in bytes. By default 256 KiB.
    pub body_limit: usize,
}

impl Default for Config {
    fn default() -> Config {
        Config {
            assets: None,
            budget: Duration::from_secs(10),
            workers: std::thread::available_parallelism().map_or(2, |n| n.get()),
            body_limit: 256 * 1024,
        }
    }
}

/// The app with the default configuration: the page at `/`, the API under `/api/`.
pub fn app() -> Router {
    app_with(Config::default())
}

/// The app with `config`.
pub fn app_with(config: Config) -> Router {
    let state = api::State::new(&config);
    Router::new()
        .route("/api/{*rest}", any(api::endpoint))
        .fallback(assets::serve)
        .layer(axum::extract::DefaultBodyLimit::max(config.body_limit))
        .layer(middleware::from_fn(security_headers))
        .with_state(state)
}

/// The content security policy: every resource from this origin, no inline script or
/// style, no framing.
const CSP: &str = "default-src 'self'; script-src 'self' 'wasm-unsafe-eval'; \
                   style-src 'self'; img-src 'self' data:; connect-src 'self'; \
                   worker-src 'self'; manifest-src 'self'; object-src 'none'; \
                   base-uri 'none'; form-action 'self'; frame-ancestors 'none'";

/// Adds the security headers to every response.
async fn security_headers(request: Request<axum::body::Body>, next: Next) -> Response {
    let mut response = next.run(request).await;
    let headers = response.headers_mut();
    let fixed = [
        (header::CONTENT_SECURITY_POLICY, CSP),
        (header::X_CONTENT_TYPE_OPTIONS, "nosniff"),
        (header::X_FRAME_OPTIONS, "DENY"),
        (header::REFERRER_POLICY, "no-referrer"),
    ];
    for (name, value) in fixed {
        headers.insert(name, HeaderValue::from_static(value));
    }
    response
}

/// Serves the app on `listener` until `shutdown` completes; requests under way are
/// finished first.
///
/// # Errors
/// When accepting connections fails.
pub async fn serve(
    listener: tokio::net::TcpListener,
    config: Config,
    shutdown: impl Future<Output = ()> + Send + 'static,
) -> std::io::Result<()> {
    axum::serve(listener, app_with(config))
        .with_graceful_shutdown(shutdown)
        .await
}

/// Binds `addr`, calls `ready` with the address bound (port 0 picks a free port), and
/// serves until Ctrl-C (or SIGTERM). Blocks; runs its own runtime.
///
/// # Errors
/// When the address cannot be bound or the runtime cannot start.
pub fn run(
    addr: SocketAddr,
    config: Config,
    ready: impl FnOnce(SocketAddr),
) -> std::io::Result<()> {
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .worker_threads(config.workers.clamp(1, 4))
        // The pool lets `workers` computations run at once; a few more threads cover work
        // still finishing past its budget (each thread costs memory: an allocator arena).
        .max_blocking_threads(config.workers.max(1) * 2)
        .enable_all()
        .build()?;
    let served = runtime.block_on(async move {
        let listener = tokio::net::TcpListener::bind(addr).await?;
        let stop = stop_signal()?;
        ready(listener.local_addr()?);
        serve(listener, config, stop).await
    });
    // A request still computing past its budget is not waited for.
    runtime.shutdown_timeout(Duration::from_millis(500));
    served
}

/// A future that completes on Ctrl-C or, on Unix, SIGTERM; the handlers are in place
/// when this returns (so a signal sent once the address is printed is never missed).
fn stop_signal() -> std::io::Result<impl Future<Output = ()> + Send + 'static> {
    #[cfg(unix)]
    {
        use tokio::signal::unix::{signal, SignalKind};
        let mut interrupt = signal(SignalKind::interrupt())?;
        let mut terminate = signal(SignalKind::terminate())?;
        Ok(async move {
            tokio::select! {
                _ = interrupt.recv() => {}
                _ = terminate.recv() => {}
            }
        })
    }
    #[cfg(not(unix))]
    {
        Ok(async {
            let _ = tokio::signal::ctrl_c().await;
        })
    }
}
