//! The handler: each `POST /api/<name>` runs [`dispatch::call`] on the pool and
//! answers JSON (or SVG for `picture`).

use sudokit_core::cancel::Cancel;

use axum::extract::State as Shared;
use axum::http::{header, Method, Uri};
use axum::response::{IntoResponse, Response};

use crate::body::Raw;
use crate::dispatch::{self, Reply};
use crate::error::ApiError;
use crate::work::Pool;
use crate::Config;

/// What every handler shares.
#[derive(Clone, Debug)]
pub struct State {
    /// The workers.
    pub pool: Pool,
    /// The folder to serve the page from, instead of the embedded files.
    pub assets: Option<std::path::PathBuf>,
}

impl State {
    /// The state for `config`.
    pub fn new(config: &Config) -> State {
        State {
            pool: Pool::new(config.workers, config.budget),
            assets: config.assets.clone(),
        }
    }
}

/// Cancels its token when dropped: when the request is answered, or abandoned.
struct Gone(Cancel);

impl Drop for Gone {
    fn drop(&mut self) {
        self.0.cancel();
    }
}

/// `/api/<name>`: a known endpoint takes POST (405 otherwise); any other name is 404.
pub async fn endpoint(
    Shared(s): Shared<State>,
    method: Method,
    uri: Uri,
    Raw(body): Raw,
) -> Result<Response, ApiError> {
    let name = uri.path().trim_start_matches("/api/").to_string();
    if !dispatch::ENDPOINTS.contains(&name.as_str()) {
        return Err(ApiError::NotFound(uri.path().to_string()));
    }
    if method != Method::POST {
        return Err(ApiError::MethodNotAllowed);
    }
    // The work stops, inside whatever search it is in, once nobody waits for its
    // answer: the client went away (this future is dropped) or the budget ended (the
    // token's deadline; answered 422).
    let waiting = Cancel::new();
    let _gone = Gone(waiting.clone());
    let reply = s
        .pool
        .run(move |deadline| {
            let token = waiting.child(Some(deadline));
            dispatch::call(&name, &body, &token, None)
        })
        .await?;
    Ok(match reply {
        Reply::Json(value) => (
            [(header::CONTENT_TYPE, "application/json")],
            value.to_string(),
        )
            .into_response(),
        Reply::Svg(svg) => ([(header::CONTENT_TYPE, "image/svg+xml")], svg).into_response(),
    })
}
