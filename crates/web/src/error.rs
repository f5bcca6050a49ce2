//! The API's errors: each a status (4xx for anything a request can cause) and a message
//! for the person, as `{"error": "..."}`; nothing internal leaks.

#[cfg(feature = "server")]
use axum::http::{header, StatusCode};
#[cfg(feature = "server")]
use axum::response::{IntoResponse, Response};
#[cfg(feature = "server")]
use sudokit_core::format::json::Json;

/// Why a request was not answered.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum ApiError {
    /// The request is malformed: bad JSON, a missing field, an unreadable puzzle. 400.
    #[error("{0}")]
    BadRequest(String),
    /// The body is larger than the limit. 413.
    #[error("the request body is too large")]
    TooLarge,
    /// The request is well formed but has no answer: a puzzle with no solution or
    /// several, where one is needed. 422.
    #[error("{0}")]
    Unanswerable(String),
    /// The work took longer than the time budget. 422.
    #[error("this needs more than the server's {0} s budget; try a smaller or easier puzzle")]
    OverBudget(u64),
    /// Every worker is busy for longer than the budget. 429.
    #[error("the server is busy; try again in a moment")]
    Busy,
    /// No such endpoint. 404.
    #[error("no such endpoint: {0}")]
    NotFound(String),
    /// The endpoint takes another method. 405.
    #[error("this endpoint takes POST with a JSON body")]
    MethodNotAllowed,
    /// A bug: the work panicked. 500 (never caused by input on purpose).
    #[error("internal error")]
    Internal,
}

impl ApiError {
    /// The HTTP status code.
    pub fn code(&self) -> u16 {
        match self {
            ApiError::BadRequest(_) => 400,
            ApiError::TooLarge => 413,
            ApiError::Unanswerable(_) | ApiError::OverBudget(_) => 422,
            ApiError::Busy => 429,
            ApiError::NotFound(_) => 404,
            ApiError::MethodNotAllowed => 405,
            ApiError::Internal => 500,
        }
    }

    /// The HTTP status.
    #[cfg(feature = "server")]
    pub fn status(&self) -> StatusCode {
        StatusCode::from_u16(self.code()).unwrap_or(StatusCode::INTERNAL_SERVER_ERROR)
    }
}

#[cfg(feature = "server")]
impl IntoResponse for ApiError {
    fn into_response(self) -> Response {
        let body = Json::object([("error", Json::from(self.to_string()))]).to_string();
        let mut response = (
            self.status(),
            [(header::CONTENT_TYPE, "application/json")],
            body,
        )
            .into_response();
        if self == ApiError::Busy {
            response
                .headers_mut()
                .insert(header::RETRY_AFTER, header::HeaderValue::from_static("1"));
        }
        response
    }
}
