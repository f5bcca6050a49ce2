//! Saved games: one JSON file a game in the user's data directory
//! (`$XDG_DATA_HOME/sudokit/games`, else `~/.local/share/sudokit/games`), written whole
//! to a temporary file and renamed, so a crash never leaves half a file. A file that
//! cannot be read is reported and left as it is.

use std::fs;
use std::path::{Path, PathBuf};
use std::sync::Arc;

use serde_json::{json, Value};
use sudokit_core::{BoxShape, Cage, Digit, DigitSet, Grid, Layout};

use crate::game::{Game, Snapshot};

/// Why a saved game could not be read.
#[derive(Debug, thiserror::Error)]
#[non_exhaustive]
pub enum SaveError {
    /// Reading or writing failed.
    #[error("{path}: {source}")]
    Io {
        /// The file.
        path: PathBuf,
        /// What failed.
        source: std::io::Error,
    },
    /// The file is not a saved game.
    #[error("{path}: not a saved game ({why}); left as it is")]
    Corrupt {
        /// The file.
        path: PathBuf,
        /// What is wrong with it.
        why: String,
    },
}

/// The folder of saved games.
#[derive(Clone, Debug)]
pub struct Store {
    dir: PathBuf,
}

impl Store {
    /// The store in `dir`.
    pub fn new(dir: PathBuf) -> Store {
        Store { dir }
    }

    /// The user's store: `$XDG_DATA_HOME/sudokit/games`, else `$HOME/.local/share/...`.
    pub fn user() -> Option<Store> {
        let base = std::env::var_os("XDG_DATA_HOME")
            .filter(|v| !v.is_empty())
            .map(PathBuf::from)
            .or_else(|| std::env::var_os("HOME").map(|h| PathBuf::from(h).join(".local/share")))?;
        Some(Store::new(base.join("sudokit").join("games")))
    }

    /// The folder.
    pub fn dir(&self) -> &Path {
        &self.dir
    }

    /// Saves `game` as `id` (replacing that game's earlier save only).
    ///
    /// # Errors
    /// When the folder or file cannot be written.
    pub fn save(&self, id: &str, game: &Game) -> Result<PathBuf, SaveError> {
        let io = |path: &Path| {
            let path = path.to_path_buf();
            move |source| SaveError::Io { path, source }
        };
        fs::create_dir_all(&self.dir).map_err(io(&self.dir))?;
        let path = self.dir.join(format!("{id}.json"));
        let tmp = self.dir.join(format!(".{id}.json.tmp"));
        fs::write(&tmp, to_json(game).to_string()).map_err(io(&tmp))?;
        fs::rename(&tmp, &path).map_err(io(&path))?;
        Ok(path)
    }

    /// The most recently saved unfinished game and its id, and the files that could not
    /// be read (reported by the caller, never touched).
    pub fn latest_unfinished(&self) -> (Option<(String, Game)>, Vec<SaveError>) {
        let mut problems = Vec::new();
        let Ok(entries) = fs::read_dir(&self.dir) else {
            return (None, problems);
        };
        let mut files: Vec<(std::time::SystemTime, PathBuf)> = entries
            .filter_map(Result::ok)
            .map(|e| e.path())
            .filter(|p| p.extension().is_some_and(|x| x == "json"))
            .filter_map(|p| Some((fs::metadata(&p).ok()?.modified().ok()?, p)))
            .collect();
        files.sort();
        for (_, path) in files.into_iter().rev() {
            match load(&path) {
                Ok(game) if !game.is_solved() => {
                    let id = path.file_stem().map(|s| s.to_string_lossy().into_owned());
                    return (Some((id.unwrap_or_default(), game)), problems);
                }
                Ok(_) => {}
                Err(e) => problems.push(e),
            }
        }
        (None, problems)
    }
}

/// A snapshot as JSON: `{"entries": "..7..", "notes": ["", "13", ...]}`.
fn snapshot_json(s: &Snapshot) -> Value {
    let entries: String = s
        .entries
        .iter()
        .map(|&v| Digit::new_checked(v).map_or('.', Digit::to_char))
        .collect();
    let notes: Vec<String> = s
        .notes
        .iter()
        .map(|n| n.iter().map(Digit::to_char).collect())
        .collect();
    json!({ "entries": entries, "notes": notes })
}

/// A game as JSON: the layout, puzzle, solution, entries, notes, cursor, clock, and the
/// history (the snapshots undo goes back through, oldest first, and those redo brings
/// back, next first).
pub fn to_json(game: &Game) -> Value {
    let layout = game.layout();
    let now = snapshot_json(&game.now);
    let (undo, redo) = game.history();
    json!({
        "format": "sudokit-game-1",
        "side": layout.side(),
        "box": layout.box_shape().map(|b| format!("{}x{}", b.rows, b.cols)),
        "regions": layout.box_shape().is_none().then(|| layout.region_symbols()),
        "diagonals": layout.has_diagonals(),
        "cages": layout.is_killer().then(|| {
            layout
                .cages()
                .iter()
                .map(|c| json!({ "sum": c.sum, "cells": c.indices() }))
                .collect::<Vec<_>>()
        }),
        "puzzle": game.puzzle.to_line(),
        "solution": game.solution.to_line(),
        "entries": now["entries"],
        "notes": now["notes"],
        "cursor": game.cursor.index(),
        "elapsed_ms": game.elapsed_ms,
        "about": game.about,
        "history": undo.iter().map(snapshot_json).collect::<Vec<_>>(),
        "redo": redo.iter().map(snapshot_json).collect::<Vec<_>>(),
    })
}

/// Reads a saved game.
///
/// # Errors
/// When the file cannot be read or is not a saved game.
pub fn load(path: &Path) -> Result<Game, SaveError> {
    let text = fs::read_to_string(path).map_err(|source| SaveError::Io {
        path: path.to_path_buf(),
        source,
    })?;
    from_json(&text).map_err(|why| SaveError::Corrupt {
        path: path.to_path_buf(),
        why,
    })
}

/// A game from its JSON; the error says what is wrong.
pub fn from_json(text: &str) -> Result<Game, String> {
    let v: Value = serde_json::from_str(text).map_err(|e| e.to_string())?;
    if v["format"] != "sudokit-game-1" {
        return Err("unknown format".into());
    }
    let layout = Arc::new(layout_of(&v)?);
    let n = layout.cell_count();
    let line = |key: &str| -> Result<Vec<u8>, String> {
        let s = v[key].as_str().ok_or(format!("no {key}"))?;
        let values: Vec<u8> = s
            .chars()
            .map(|c| Digit::from_char(c).map_or(0, Digit::get))
            .collect();
        if values.len() != n || values.iter().any(|&d| usize::from(d) > layout.side()) {
            return Err(format!("{key} does not fit the grid"));
        }
        Ok(values)
    };
    let puzzle = Grid::from_values(layout.clone(), line("puzzle")?);
    let solution = Grid::from_values(layout.clone(), line("solution")?);
    if !solution.is_solved() || !puzzle.is_filled_by(&solution) {
        return Err("the solution does not solve the puzzle".into());
    }
    let about = v["about"].as_str().unwrap_or_default().to_string();
    let mut game = Game::new(puzzle, solution, about);
    game.now = snapshot(&v, &layout)?;
    // The history (saves before it was kept have none: they resume with an empty one).
    let list = |key: &str| -> Result<Vec<Snapshot>, String> {
        match &v[key] {
            Value::Null => Ok(Vec::new()),
            Value::Array(items) => items.iter().map(|s| snapshot(s, &layout)).collect(),
            _ => Err(format!("{key} is not a list")),
        }
    };
    game.set_history(list("history")?, list("redo")?);
    let cursor = v["cursor"].as_u64().unwrap_or(0) as usize;
    game.cursor = sudokit_core::Cell::new(cursor.min(n - 1));
    game.elapsed_ms = v["elapsed_ms"].as_u64().unwrap_or(0);
    Ok(game)
}

/// A snapshot from `{"entries", "notes"}` on `layout`.
fn snapshot(v: &Value, layout: &Layout) -> Result<Snapshot, String> {
    let n = layout.cell_count();
    let text = v["entries"].as_str().ok_or("no entries")?;
    let entries: Vec<u8> = text
        .chars()
        .map(|c| Digit::from_char(c).map_or(0, Digit::get))
        .collect();
    if entries.len() != n || entries.iter().any(|&d| usize::from(d) > layout.side()) {
        return Err("entries do not fit the grid".into());
    }
    let notes = v["notes"].as_array().ok_or("no notes")?;
    if notes.len() != n {
        return Err("notes do not fit the grid".into());
    }
    let notes = notes
        .iter()
        .map(|note| {
            let s = note.as_str().ok_or("a note is not text")?;
            Ok(s.chars()
                .filter_map(Digit::from_char)
                .filter(|d| d.index() < layout.side())
                .collect::<DigitSet>())
        })
        .collect::<Result<Vec<DigitSet>, String>>()?;
    Ok(Snapshot { entries, notes })
}

fn layout_of(v: &Value) -> Result<Layout, String> {
    let side = v["side"].as_u64().ok_or("no side")? as usize;
    let layout = if let Some(regions) = v["regions"].as_str() {
        let rows: Vec<String> = regions
            .chars()
            .collect::<Vec<_>>()
            .chunks(side.max(1))
            .map(|r| r.iter().collect())
            .collect();
        Layout::from_regions_str(&rows.join("\n")).map_err(|e| e.to_string())?
    } else if let Some(shape) = v["box"].as_str() {
        let shape: BoxShape = shape.parse().map_err(|_| "bad box")?;
        Layout::boxed(shape).map_err(|e| e.to_string())?
    } else {
        Layout::for_side(side).map_err(|e| e.to_string())?
    };
    if layout.side() != side {
        return Err("the layout does not have the side given".into());
    }
    let layout = if v["diagonals"] == true {
        layout.with_diagonals()
    } else {
        layout
    };
    match &v["cages"] {
        Value::Null => Ok(layout),
        Value::Array(list) => {
            let count = layout.cell_count();
            let cages = list
                .iter()
                .map(|c| {
                    let sum = c["sum"].as_u64().and_then(|s| u32::try_from(s).ok());
                    let cells = c["cells"].as_array().and_then(|cells| {
                        (cells.iter())
                            .map(|i| i.as_u64().and_then(|i| usize::try_from(i).ok()))
                            .collect::<Option<Vec<usize>>>()
                    });
                    sum.zip(cells)
                        .and_then(|(sum, cells)| Cage::from_indices(sum, &cells, count).ok())
                        .ok_or_else(|| "a cage is not a sum and cells of the grid".to_string())
                })
                .collect::<Result<Vec<Cage>, String>>()?;
            layout.with_cages(cages).map_err(|e| e.to_string())
        }
        _ => Err("cages is not a list".into()),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::Action;

    fn game() -> Game {
        let puzzle = Grid::from_line("1...........4..3").unwrap();
        let solution = sudokit_solver::count(&puzzle, 2).unwrap().solution.unwrap();
        Game::new(puzzle, solution, "Easy".into())
    }

    #[test]
    fn a_killer_keeps_its_cages_through_json() {
        let cage = |cells: &[usize], sum| Cage::from_indices(sum, cells, 16).unwrap();
        // 1 2 | 3 4 / 3 4 | 1 2 / ...: cages r1c1-r1c2 (3) and r2c3-r2c4 (3).
        let layout = Layout::for_side(4)
            .unwrap()
            .with_cages(vec![cage(&[0, 1], 3), cage(&[6, 7], 3)])
            .unwrap();
        let puzzle = Grid::from_values(Arc::new(layout), vec![0; 16]);
        let solution = sudokit_solver::count(&puzzle, 1).unwrap().solution.unwrap();
        let mut g = Game::new(puzzle, solution, "Easy".into());
        g.apply(Action::Digit(Digit::new(1)));
        let json = to_json(&g).to_string();
        let back = from_json(&json).unwrap();
        assert_eq!(back.layout().cages(), g.layout().cages());
        assert_eq!(back.now, g.now);
        // A cage that does not fit the grid is a corrupt save, not a panic.
        let bad = json.replace("[6,7]", "[6,70000]");
        assert!(from_json(&bad).unwrap_err().contains("cage"), "{bad}");
    }

    #[test]
    fn a_game_round_trips_through_json() {
        let mut g = game();
        g.apply(Action::Move(0, 1));
        g.apply(Action::Digit(Digit::new(2)));
        g.apply(Action::Move(0, 1));
        g.apply(Action::ToggleNotes);
        g.apply(Action::Digit(Digit::new(3)));
        g.elapsed_ms = 4321;
        g.apply(Action::Undo);
        let mut back = from_json(&to_json(&g).to_string()).unwrap();
        assert_eq!(back.now, g.now);
        assert_eq!(back.cursor, g.cursor);
        assert_eq!(back.elapsed_ms, 4321);
        assert_eq!(back.puzzle.values(), g.puzzle.values());
        // The history comes back: the move count, undo and redo.
        assert_eq!(back.moves(), 1);
        back.apply(Action::Redo);
        assert!(
            back.now.notes.iter().any(|n| !n.is_empty()),
            "redo brought the note back"
        );
        back.apply(Action::Undo);
        back.apply(Action::Undo);
        assert_eq!(back.moves(), 0);
        assert!(
            back.now.entries.iter().all(|&e| e == 0),
            "undo went back to the start"
        );
    }

    #[test]
    fn a_jigsaw_with_diagonals_keeps_its_layout() {
        let regions = "AABB\nAABB\nCCDD\nCCDD\n";
        let layout = Arc::new(Layout::from_regions_str(regions).unwrap().with_diagonals());
        let puzzle = Grid::from_values(layout, vec![0; 16]);
        let solution = sudokit_solver::count(&puzzle, 1).unwrap().solution.unwrap();
        let g = Game::new(puzzle, solution, String::new());
        let back = from_json(&to_json(&g).to_string()).unwrap();
        assert!(back.layout().has_diagonals());
        assert_eq!(back.layout().region_table(), g.layout().region_table());
    }

    #[test]
    fn corrupt_files_are_reported_and_left_alone() {
        let dir = std::env::temp_dir().join(format!("sudokit-save-{}", std::process::id()));
        let _ = fs::remove_dir_all(&dir);
        let store = Store::new(dir.clone());
        store.save("good", &game()).unwrap();
        std::thread::sleep(std::time::Duration::from_millis(20));
        fs::write(dir.join("bad.json"), "{ not json").unwrap();
        let (found, problems) = store.latest_unfinished();
        assert_eq!(found.map(|(id, _)| id), Some("good".to_string()));
        assert_eq!(problems.len(), 1);
        assert!(
            problems[0].to_string().contains("bad.json"),
            "{}",
            problems[0]
        );
        assert_eq!(
            fs::read_to_string(dir.join("bad.json")).unwrap(),
            "{ not json"
        );
        for bad in [
            r#"{"format":"sudokit-game-1","side":4,"puzzle":"1"}"#,
            r#"{"format":"x"}"#,
        ] {
            assert!(from_json(bad).is_err());
        }
    }
}
