//! Play sudoku in the terminal: the seed documents' interactive solver grown up.
//!
//! [`Game`] is the model (the position, notes, undo history, checks, hints that climb a
//! rung at a time, the seed's propagate-then-ask solver); [`App`] adds what the screen
//! needs and turns keys into actions; `ui.rs` draws it with ratatui; [`run`] is the loop;
//! [`save`] keeps games in the user's data directory.
//!
//! ```
//! use sudokit_core::{Digit, Grid};
//! use sudokit_play::{Action, Game};
//!
//! let puzzle = Grid::from_line("1...........4..3").unwrap();
//! let solution = sudokit_solver::count(&puzzle, 2).unwrap().solution.unwrap();
//! let mut game = Game::new(puzzle, solution, "Easy".into());
//! game.apply(Action::Move(0, 1));
//! game.apply(Action::Digit(Digit::new(2)));
//! assert_eq!(game.moves(), 1);
//! ```

mod app;
mod game;
mod hint;
pub mod save;
mod ui;

use std::io;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use signal_hook::consts::{SIGHUP, SIGTERM};
use signal_hook::iterator::Signals;

use ratatui::crossterm::event::{
    self, DisableMouseCapture, EnableMouseCapture, Event, MouseButton, MouseEventKind,
};
use ratatui::crossterm::execute;

pub use app::{clock, App, GridPlace, Theme};
pub use game::{Action, Game, Snapshot};
pub use hint::Hint;
pub use ui::needed;

/// Plays `app` in the terminal until the player quits, saving through `save` on the way
/// out and every few seconds. The terminal is restored on return, on error and on panic.
///
/// The game also ends, saved, when its user goes away: SIGTERM and SIGHUP (a closed
/// terminal, a dropped SSH session) end it as `q` does, and a watchdog thread ends the
/// process itself, after saving the last state the loop shared with it, when the loop
/// does not stop soon after such a signal, or when the terminal is gone without one
/// (crossterm then reads end-of-file without end and never returns to the loop).
///
/// # Errors
/// When the terminal cannot be driven.
pub fn run<S>(app: &mut App, save: S) -> io::Result<()>
where
    S: Fn(&Game) + Send + Sync + 'static,
{
    let save: Arc<dyn Fn(&Game) + Send + Sync> = Arc::new(save);
    let shared = Arc::new(Mutex::new(app.game.clone()));
    let stop = Arc::new(AtomicBool::new(false));
    let done = Arc::new(AtomicBool::new(false));
    watchdog(Watch {
        game: shared.clone(),
        save: save.clone(),
        stop: stop.clone(),
        done: done.clone(),
    })?;
    let mut terminal = ratatui::init();
    let _ = execute!(io::stdout(), EnableMouseCapture);
    let result = event_loop(app, &mut terminal, &*save, &stop, &shared);
    let _ = execute!(io::stdout(), DisableMouseCapture);
    ratatui::restore();
    // Saving under the lock: the watchdog never saves at the same time.
    let guard = shared.lock();
    save(&app.game);
    done.store(true, Ordering::SeqCst);
    drop(guard);
    result
}

/// What the watchdog shares with the loop.
struct Watch {
    /// The last state of the game the loop saw.
    game: Arc<Mutex<Game>>,
    save: Arc<dyn Fn(&Game) + Send + Sync>,
    /// Set on a signal: the loop ends as `q` does.
    stop: Arc<AtomicBool>,
    /// Set by the loop once it has saved and is leaving.
    done: Arc<AtomicBool>,
}

/// How long the loop has to end after a signal before the watchdog ends the process.
const GRACE: Duration = Duration::from_millis(300);

/// Starts the watchdog thread (see [`run`]).
fn watchdog(w: Watch) -> io::Result<()> {
    let mut signals = Signals::new([SIGTERM, SIGHUP])?;
    std::thread::Builder::new()
        .name("sudokit-play-watchdog".into())
        .spawn(move || {
            let mut asked: Option<(i32, Instant)> = None;
            loop {
                if let Some(signal) = signals.pending().next() {
                    w.stop.store(true, Ordering::SeqCst);
                    asked.get_or_insert((signal, Instant::now()));
                }
                let gone = terminal_gone();
                let late = asked.is_some_and(|(_, at)| at.elapsed() > GRACE);
                if gone || late {
                    // The loop is stuck (or the terminal gone): save what it last
                    // shared, unless it is saving or has saved, and end.
                    let guard = w.game.lock().unwrap_or_else(|e| e.into_inner());
                    if !w.done.load(Ordering::SeqCst) {
                        (w.save)(&guard);
                        if !gone {
                            let _ = ratatui::try_restore();
                        }
                        std::process::exit(128 + asked.map_or(SIGHUP, |(s, _)| s));
                    }
                    return;
                }
                if w.done.load(Ordering::SeqCst) {
                    return;
                }
                std::thread::sleep(Duration::from_millis(50));
            }
        })?;
    Ok(())
}

/// Is the terminal gone: its attributes can no longer be read (a hung-up terminal
/// answers every request with an error)?
fn terminal_gone() -> bool {
    rustix::termios::tcgetattr(io::stdin()).is_err()
}

fn event_loop(
    app: &mut App,
    terminal: &mut ratatui::DefaultTerminal,
    save: &(dyn Fn(&Game) + Send + Sync),
    stop: &AtomicBool,
    shared: &Mutex<Game>,
) -> io::Result<()> {
    let mut last = Instant::now();
    let mut saved = Instant::now();
    while !app.quit && !stop.load(Ordering::Relaxed) {
        terminal.draw(|frame| frame.render_widget(&*app, frame.area()))?;
        if event::poll(Duration::from_millis(250))? {
            match event::read()? {
                Event::Key(key) => app.handle_key(key),
                Event::Mouse(m) if m.kind == MouseEventKind::Down(MouseButton::Left) => {
                    app.click(m.column, m.row)
                }
                _ => {}
            }
        }
        let now = Instant::now();
        app.tick(now.duration_since(last).as_millis() as u64);
        last = now;
        if let Ok(mut g) = shared.lock() {
            g.clone_from(&app.game);
        }
        if now.duration_since(saved) > Duration::from_secs(5) {
            save(&app.game);
            saved = now;
        }
    }
    Ok(())
}
