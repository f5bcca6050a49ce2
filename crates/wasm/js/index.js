'use strict';
// sudokit for JavaScript: the sudokit engine (the same WebAssembly module as the web
// app's) behind typed functions. Each takes a puzzle as a string in any format sudokit
// reads (or {puzzle, box, regions, diagonals}) and returns the answer the web API
// gives; a bad request throws a SudokitError with the reason and an HTTP-like status.

const wasm = require('./pkg/sudokit_wasm.js');

/** A request sudokit could not answer: `message` says why, `status` is 400, 404 or 422. */
class SudokitError extends Error {
  constructor(message, status) {
    super(message);
    this.name = 'SudokitError';
    this.status = status;
  }
}

function spec(puzzle) {
  if (typeof puzzle === 'string') return { puzzle };
  if (puzzle && typeof puzzle === 'object' && typeof puzzle.puzzle === 'string') return { ...puzzle };
  throw new TypeError('a puzzle is a string, or an object with a string `puzzle`');
}

let reporter = null;
globalThis.sudokitProgress = (tries) => {
  if (reporter) reporter(tries);
};

function call(endpoint, body, onProgress) {
  reporter = onProgress || null;
  let text;
  try {
    text = onProgress ? wasm.call(endpoint, JSON.stringify(body)) : wasm.callQuiet(endpoint, JSON.stringify(body));
  } finally {
    reporter = null;
  }
  const data = JSON.parse(text);
  if (data && data.failed === true) throw new SudokitError(data.error, data.status);
  return data;
}

/** Solves a puzzle: status (unique, multiple, none, invalid) and the solution. */
const solve = (puzzle) => call('solve', spec(puzzle));
/** Counts the solutions, stopping at `limit` (default 2). */
const count = (puzzle, limit = 2) => call('count', { ...spec(puzzle), limit });
/** Rates a puzzle: level, score, Sudoku Explainer's rating (se, ep, ed), hardest step, techniques. */
const rate = (puzzle) => call('rate', spec(puzzle));
/** The next step from a position (the player's entries and notes), or its first mistake. */
const hint = (puzzle, position = {}) => call('hint', { ...spec(puzzle), ...position });
/** The whole logical path, each step explained in plain words. */
const explain = (puzzle) => call('explain', spec(puzzle));
/** A new puzzle with one solution: {layout, level, seed, needs}; `onProgress(tries)` hears progress. */
const generate = (options = {}, onProgress) => {
  const { onProgress: inOptions, ...request } = options;
  return call('new', request, onProgress || inOptions);
};
/** The canonical form: equal for puzzles that differ only by symmetry and relabelling. */
const canon = (puzzle) => call('canon', spec(puzzle));
/** The engine's version. */
const version = () => wasm.version();

module.exports = { solve, count, rate, hint, explain, generate, canon, version, SudokitError };
