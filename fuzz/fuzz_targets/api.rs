//! The web API in memory: arbitrary bodies (and methods and content types) to every
//! endpoint. Each answer is a 2xx, or a 4xx whose JSON body carries an `error` message;
//! never a 5xx, a panic or a hang.
#![no_main]

use std::sync::OnceLock;
use std::time::Duration;

use arbitrary::Arbitrary;
use http_body_util::BodyExt;
use libfuzzer_sys::fuzz_target;
use sudokit_web::{app_with, Config};
use tokio::runtime::Runtime;
use tower::ServiceExt;

const PATHS: [&str; 13] = [
    "/api/new",
    "/api/count",
    "/api/canon",
    "/api/techniques",
    "/api/lesson",
    "/api/solve",
    "/api/check",
    "/api/hint",
    "/api/rate",
    "/api/explain",
    "/api/picture",
    "/api/nothing",
    "/",
];

#[derive(Arbitrary, Debug)]
struct Input {
    path: u8,
    /// POST mostly; sometimes GET or PUT.
    method: u8,
    json: bool,
    body: Vec<u8>,
}

fn runtime() -> &'static Runtime {
    static RUNTIME: OnceLock<Runtime> = OnceLock::new();
    RUNTIME.get_or_init(|| {
        tokio::runtime::Builder::new_current_thread()
            .enable_all()
            .build()
            .expect("a runtime")
    })
}

fuzz_target!(|input: Input| {
    let config = Config {
        budget: Duration::from_secs(2),
        workers: 1,
        ..Config::default()
    };
    let path = PATHS[usize::from(input.path) % PATHS.len()];
    let method = match input.method % 8 {
        0 => "GET",
        1 => "PUT",
        _ => "POST",
    };
    let mut request = axum::http::Request::builder().method(method).uri(path);
    if input.json {
        request = request.header("content-type", "application/json");
    }
    let request = request
        .body(axum::body::Body::from(input.body.clone()))
        .expect("a request");
    let (status, body) = runtime().block_on(async {
        let response = app_with(config).oneshot(request).await.expect("an answer");
        let status = response.status();
        let body = response
            .into_body()
            .collect()
            .await
            .expect("a body")
            .to_bytes();
        (status, body)
    });
    assert!(
        !status.is_server_error(),
        "{status} for {method} {path}: {}",
        String::from_utf8_lossy(&body)
    );
    if status.is_client_error() && path.starts_with("/api/") {
        let v: serde_json::Value = serde_json::from_slice(&body).unwrap_or_else(|_| {
            panic!("{status} without JSON: {}", String::from_utf8_lossy(&body))
        });
        let message = v["error"].as_str().unwrap_or_default();
        assert!(!message.is_empty(), "{status} without a message: {v}");
    }
});
