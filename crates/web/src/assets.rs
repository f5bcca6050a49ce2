//! The page's files: embedded in the binary, or read from a folder while developing.
//! Only the files of [`FILES`] are ever served; no request names a path on disk.

use axum::extract::State as Shared;
use axum::http::{header, Method, StatusCode, Uri};
use axum::response::{IntoResponse, Response};

use crate::api::State;
use crate::error::ApiError;

/// A file of the page: its name, content type and embedded content.
struct File {
    name: &'static str,
    mime: &'static str,
    body: &'static [u8],
}

/// A [`File`] embedded from `assets/`.
macro_rules! asset {
    ($name:literal, $mime:literal) => {
        File {
            name: $name,
            mime: $mime,
            body: include_bytes!(concat!("../assets/", $name)),
        }
    };
}

/// Every file of the page.
const FILES: &[File] = &[
    asset!("index.html", "text/html; charset=utf-8"),
    asset!("style.css", "text/css; charset=utf-8"),
    asset!("model.js", "text/javascript; charset=utf-8"),
    asset!("view.js", "text/javascript; charset=utf-8"),
    asset!("main.js", "text/javascript; charset=utf-8"),
    asset!("api.js", "text/javascript; charset=utf-8"),
    asset!("engine.js", "text/javascript; charset=utf-8"),
    asset!("worker.js", "text/javascript; charset=utf-8"),
    asset!("favicon.svg", "image/svg+xml"),
    asset!("icon-192.png", "image/png"),
    asset!("icon-512.png", "image/png"),
    asset!("icon-maskable-512.png", "image/png"),
    asset!("manifest.webmanifest", "application/manifest+json"),
    // The server's answers come from its JSON API (the static site's site.json names
    // the engine in WebAssembly instead).
    asset!("site.json", "application/json"),
];

/// The static site's own files (`scripts/build-site`): served only from a folder
/// (`Config::assets` pointing at a built site), never embedded.
const SITE_ONLY: &[(&str, &str)] = &[
    ("sw.js", "text/javascript; charset=utf-8"),
    ("pkg/sudokit_wasm.js", "text/javascript; charset=utf-8"),
    ("pkg/sudokit_wasm_bg.wasm", "application/wasm"),
];

/// `GET /` and `GET /<file>`: the page.
pub async fn serve(Shared(state): Shared<State>, method: Method, uri: Uri) -> Response {
    if method != Method::GET && method != Method::HEAD {
        return ApiError::MethodNotAllowed.into_response();
    }
    let name = match uri.path().trim_start_matches('/') {
        "" => "index.html",
        other => other,
    };
    let not_found = || (StatusCode::NOT_FOUND, "not found").into_response();
    let (mime, body) = match (FILES.iter().find(|f| f.name == name), &state.assets) {
        (Some(file), None) => (file.mime, file.body.to_vec()),
        (Some(file), Some(dir)) => match std::fs::read(dir.join(file.name)) {
            Ok(bytes) => (file.mime, bytes),
            Err(_) => return not_found(),
        },
        (None, Some(dir)) => {
            let Some(&(name, mime)) = SITE_ONLY.iter().find(|(n, _)| *n == name) else {
                return not_found();
            };
            match std::fs::read(dir.join(name)) {
                Ok(bytes) => (mime, bytes),
                Err(_) => return not_found(),
            }
        }
        (None, None) => return not_found(),
    };
    (
        [
            (header::CONTENT_TYPE, mime),
            (header::CACHE_CONTROL, "no-cache"),
        ],
        body,
    )
        .into_response()
}
