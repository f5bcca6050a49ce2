//! The request body as JSON: size-limited, parsed with a message that says what is
//! wrong and where.

use axum::body::Bytes;
use axum::extract::rejection::BytesRejection;
use axum::extract::{FromRequest, Request};
use serde::de::DeserializeOwned;

use crate::error::ApiError;

/// A request body parsed as `T`.
pub struct Json<T>(pub T);

impl<S: Send + Sync, T: DeserializeOwned> FromRequest<S> for Json<T> {
    type Rejection = ApiError;

    async fn from_request(req: Request, state: &S) -> Result<Self, ApiError> {
        let bytes = Bytes::from_request(req, state).await.map_err(too_large)?;
        parse(&bytes).map(Json)
    }
}

/// `T` from JSON text, or a 400 naming the line, column and fault.
pub fn parse<T: DeserializeOwned>(bytes: &[u8]) -> Result<T, ApiError> {
    if bytes.iter().all(u8::is_ascii_whitespace) {
        return Err(ApiError::BadRequest(
            "the request body is empty; send a JSON object".into(),
        ));
    }
    serde_json::from_slice(bytes).map_err(|e| ApiError::BadRequest(format!("invalid JSON: {e}")))
}

fn too_large(e: BytesRejection) -> ApiError {
    match e {
        BytesRejection::FailedToBufferBody(_) => ApiError::TooLarge,
        other => ApiError::BadRequest(other.body_text()),
    }
}
