//! The request body as bytes, size-limited (413 past the limit).

use axum::body::Bytes;
use axum::extract::rejection::BytesRejection;
use axum::extract::{FromRequest, Request};

use crate::error::ApiError;

/// A request body, read whole within the body limit.
pub struct Raw(pub Bytes);

impl<S: Send + Sync> FromRequest<S> for Raw {
    type Rejection = ApiError;

    async fn from_request(req: Request, state: &S) -> Result<Self, ApiError> {
        Bytes::from_request(req, state)
            .await
            .map(Raw)
            .map_err(too_large)
    }
}

fn too_large(e: BytesRejection) -> ApiError {
    match e {
        BytesRejection::FailedToBufferBody(_) => ApiError::TooLarge,
        other => ApiError::BadRequest(other.body_text()),
    }
}
