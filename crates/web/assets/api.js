// The page's API: every call goes to the sudokit engine running in the browser
// (engine.js: WebAssembly in Web Workers), or, when the page is served by
// `sudokit serve` without the engine's files, to the server's JSON API (POST /api/<name>,
// the same answers). site.json says which: the static site's (scripts/build-site)
// names the engine, the server's names the server. An error becomes a thrown ApiError
// with a readable message.

import { ApiError, Engine } from './engine.js';

export { ApiError };

let transport = null;

/** 'engine' (in the browser, works offline) or 'server'; found once, on first use. */
export function mode() {
  if (!transport) transport = choose();
  return transport.then((t) => t.kind);
}

async function choose() {
  let site = { engine: 'wasm' };
  try {
    const res = await fetch('site.json', { cache: 'no-cache' });
    if (res.ok) site = await res.json();
  } catch {
    // Offline with no copy of site.json: the engine, if the browser kept it.
  }
  if (site.engine === 'server') return { kind: 'server' };
  const engine = new Engine();
  try {
    await engine.ready();
    return { kind: 'engine', engine };
  } catch (err) {
    engine.stop('main', err);
    throw new ApiError(`${err.message} Reload the page to try again; if that does not help, the site needs publishing again.`);
  }
}

async function post(name, body, { signal, onProgress } = {}) {
  if (!transport) transport = choose();
  const t = await transport;
  if (t.kind === 'engine') return t.engine.call(name, body, { signal, onProgress });
  let res;
  try {
    res = await fetch(`/api/${name}`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify(body),
      signal,
    });
  } catch (err) {
    if (err.name === 'AbortError') throw err;
    throw new ApiError('The server cannot be reached.');
  }
  if (name === 'picture') {
    if (!res.ok) throw new ApiError(`The server answered ${res.status}.`);
    return res.text();
  }
  let data = null;
  try {
    data = await res.json();
  } catch {
    throw new ApiError(`The server answered ${res.status} without JSON.`);
  }
  if (!res.ok) throw new ApiError((data && data.error) || `The server answered ${res.status}.`);
  return data;
}

/** The position as an SVG picture (text), drawn by the same renderer as `sudokit print`. */
export const picture = (spec, entries, notes) => post('picture', { ...spec, entries, notes });
/** A new puzzle: {layout: "9x9"|"jigsaw"|..., level?, needs?, seed?}; `onProgress(tries)`. */
export const newPuzzle = (req, signal, onProgress) => post('new', req, { signal, onProgress });
/** Solve a puzzle spec: status unique / multiple / none / invalid. */
export const solve = (spec) => post('solve', spec);
/** Rate a puzzle spec. */
export const rate = (spec) => post('rate', spec);
/** Check the player's entries against the solution. */
export const check = (spec, entries) => post('check', { ...spec, entries });
/** The next step (or the first mistake) from the player's entries and notes. */
export const hint = (spec, entries, notes) => post('hint', { ...spec, entries, notes });
/** The whole logical path of a puzzle. */
export const explain = (spec) => post('explain', spec);
/** Every technique by level: {techniques: [{name, level, idea, practice, why}]}. */
export const techniques = () => post('techniques', {});
/** A technique's lesson: idea, an example step (as for a hint) and its picture. */
export const lesson = (technique) => post('lesson', { technique });
