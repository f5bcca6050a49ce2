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
    asset!("favicon.svg", "image/svg+xml"),
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
    let Some(file) = FILES.iter().find(|f| f.name == name) else {
        return (StatusCode::NOT_FOUND, "not found").into_response();
    };
    let body = match &state.assets {
        Some(dir) => match std::fs::read(dir.join(file.name)) {
            Ok(bytes) => bytes,
            Err(_) => return (StatusCode::NOT_FOUND, "not found").into_response(),
        },
        None => file.body.to_vec(),
    };
    (
        [
            (header::CONTENT_TYPE, file.mime),
            (header::CACHE_CONTROL, "no-cache"),
        ],
        body,
    )
        .into_response()
}
