//! The handlers: each reads its request, runs the work on the pool and answers JSON.

use axum::extract::State as Shared;
use axum::http::{header, Uri};
use axum::response::{IntoResponse, Response};
use sudokit_core::format::json::Json as Value;

use crate::body::Json;
use crate::error::ApiError;
use crate::game::{self, LessonRequest, NewGame};
use crate::spec::{PlaySpec, Puzzle, PuzzleSpec};
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

/// A JSON answer.
fn answer(value: Value) -> Response {
    (
        [(header::CONTENT_TYPE, "application/json")],
        value.to_string(),
    )
        .into_response()
}

type Answer = Result<Response, ApiError>;

/// `POST /api/new`: a new puzzle.
pub async fn new_game(Shared(s): Shared<State>, Json(game): Json<NewGame>) -> Answer {
    s.pool
        .run(move |deadline| game::new_game(&game, deadline))
        .await
        .map(answer)
}

/// `POST /api/solve`: status and solution of a puzzle.
pub async fn solve(Shared(s): Shared<State>, Json(spec): Json<PuzzleSpec>) -> Answer {
    let puzzle = Puzzle::read(&spec)?;
    s.pool
        .run(move |_| Ok(game::solve(&puzzle)))
        .await
        .map(answer)
}

/// `POST /api/check`: a position against the solution.
pub async fn check(Shared(s): Shared<State>, Json(play): Json<PlaySpec>) -> Answer {
    let puzzle = Puzzle::read(&play.puzzle)?;
    let position = puzzle.position(&play)?;
    s.pool
        .run(move |_| game::check(&puzzle, &position))
        .await
        .map(answer)
}

/// `POST /api/hint`: the next step from a position, or its first mistake.
pub async fn hint(Shared(s): Shared<State>, Json(play): Json<PlaySpec>) -> Answer {
    let puzzle = Puzzle::read(&play.puzzle)?;
    let position = puzzle.position(&play)?;
    s.pool
        .run(move |_| game::hint(&puzzle, &position))
        .await
        .map(answer)
}

/// `POST /api/picture`: the position as an SVG picture (the page prints it).
pub async fn picture(Shared(s): Shared<State>, Json(play): Json<PlaySpec>) -> Answer {
    let puzzle = Puzzle::read(&play.puzzle)?;
    let position = puzzle.position(&play)?;
    let svg = s
        .pool
        .run(move |_| Ok(game::picture(&puzzle, &position)))
        .await?;
    Ok(([(header::CONTENT_TYPE, "image/svg+xml")], svg).into_response())
}

/// `POST /api/rate`: the difficulty of a puzzle.
pub async fn rate(Shared(s): Shared<State>, Json(spec): Json<PuzzleSpec>) -> Answer {
    let puzzle = Puzzle::read(&spec)?;
    s.pool
        .run(move |deadline| game::rate(&puzzle, deadline))
        .await
        .map(answer)
}

/// `POST /api/explain`: the whole logical path of a puzzle.
pub async fn explain(Shared(s): Shared<State>, Json(spec): Json<PuzzleSpec>) -> Answer {
    let puzzle = Puzzle::read(&spec)?;
    s.pool
        .run(move |deadline| game::explain(&puzzle, deadline))
        .await
        .map(answer)
}

/// `POST /api/techniques`: every technique by level, with its idea.
pub async fn techniques() -> Answer {
    Ok(answer(game::techniques()))
}

/// `POST /api/lesson`: a technique's idea and an example the engine explains.
pub async fn lesson(Shared(s): Shared<State>, Json(req): Json<LessonRequest>) -> Answer {
    s.pool.run(move |_| game::lesson(&req)).await.map(answer)
}

/// Any other path under `/api/`.
pub async fn unknown(uri: Uri) -> ApiError {
    ApiError::NotFound(uri.path().to_string())
}

/// A known path with the wrong method.
pub async fn method_not_allowed() -> ApiError {
    ApiError::MethodNotAllowed
}
