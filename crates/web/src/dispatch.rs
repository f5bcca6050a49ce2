//! Every endpoint by name, for any transport: the server answers `POST /api/<name>`
//! through [`call`], and the page's engine in WebAssembly (`crates/wasm`) calls it
//! directly in a Web Worker. One place reads a request and shapes its answer.

use sudokit_core::cancel::Cancel;
use sudokit_core::format::json::Json;
use sudokit_core::time::Instant;
use sudokit_generate::Progress;

use crate::error::ApiError;
use crate::game::{self, CountRequest, LessonRequest, NewGame};
use crate::spec::{PlaySpec, Puzzle, PuzzleSpec};

/// The endpoints, by name (`/api/<name>` on the server).
pub const ENDPOINTS: &[&str] = &[
    "new",
    "solve",
    "count",
    "canon",
    "check",
    "hint",
    "rate",
    "explain",
    "picture",
    "techniques",
    "lesson",
];

/// An answer: JSON, or an SVG picture (`picture`).
#[derive(Clone, Debug)]
pub enum Reply {
    /// A JSON object.
    Json(Json),
    /// An SVG document.
    Svg(String),
}

impl Reply {
    /// The answer as text.
    pub fn into_text(self) -> String {
        match self {
            Reply::Json(v) => v.to_string(),
            Reply::Svg(svg) => svg,
        }
    }
}

/// Answers `endpoint` for the JSON request `body`, until `cancel` stops it (its
/// deadline, or a client gone): every search under way checks it, so the work ends
/// within milliseconds. `progress` hears how many candidate puzzles a new game has
/// tried (and may stop it).
///
/// # Errors
/// A 4xx [`ApiError`] for an unknown endpoint, a malformed or unanswerable request, or
/// work that `cancel` stopped ([`ApiError::OverBudget`]: whatever it had found is not
/// given, as a search cut short may have missed something).
pub fn call(
    endpoint: &str,
    body: &[u8],
    cancel: &Cancel,
    progress: Option<Progress>,
) -> Result<Reply, ApiError> {
    let answer = cancel.enter(|| answer(endpoint, body, cancel.deadline(), progress));
    match answer {
        Err(ApiError::BadRequest(_) | ApiError::NotFound(_)) => answer,
        _ if cancel.is_cancelled() => Err(ApiError::OverBudget(0)),
        _ => answer,
    }
}

/// [`call`]'s work, under `cancel` as the thread's current token.
fn answer(
    endpoint: &str,
    body: &[u8],
    deadline: Option<Instant>,
    progress: Option<Progress>,
) -> Result<Reply, ApiError> {
    let puzzle = |body: &[u8]| Puzzle::read(&parse::<PuzzleSpec>(body)?);
    let play = |body: &[u8]| {
        let play: PlaySpec = parse(body)?;
        let puzzle = Puzzle::read(&play.puzzle)?;
        let position = puzzle.position(&play)?;
        Ok::<_, ApiError>((puzzle, position))
    };
    let json = match endpoint {
        "new" => game::new_game(&parse::<NewGame>(body)?, deadline, progress)?,
        "solve" => game::solve(&puzzle(body)?),
        "count" => {
            let req: CountRequest = parse(body)?;
            game::count(&Puzzle::read(&req.puzzle)?, req.limit)?
        }
        "canon" => game::canon(&puzzle(body)?)?,
        "check" => {
            let (p, pos) = play(body)?;
            game::check(&p, &pos)?
        }
        "hint" => {
            let (p, pos) = play(body)?;
            game::hint(&p, &pos)?
        }
        "rate" => game::rate(&puzzle(body)?, deadline)?,
        "explain" => game::explain(&puzzle(body)?, deadline)?,
        "picture" => {
            let (p, pos) = play(body)?;
            return Ok(Reply::Svg(game::picture(&p, &pos)));
        }
        "techniques" => game::techniques(),
        "lesson" => game::lesson(&parse::<LessonRequest>(body)?)?,
        other => return Err(ApiError::NotFound(format!("/api/{other}"))),
    };
    Ok(Reply::Json(json))
}

/// `T` from JSON text, or a 400 naming the line, column and fault.
///
/// # Errors
/// A 400 for an empty body or invalid JSON.
pub fn parse<T: serde::de::DeserializeOwned>(bytes: &[u8]) -> Result<T, ApiError> {
    if bytes.iter().all(u8::is_ascii_whitespace) {
        return Err(ApiError::BadRequest(
            "the request body is empty; send a JSON object".into(),
        ));
    }
    serde_json::from_slice(bytes).map_err(|e| ApiError::BadRequest(format!("invalid JSON: {e}")))
}
