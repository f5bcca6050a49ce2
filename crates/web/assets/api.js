// The server's JSON API: every call is a POST with a JSON body and a JSON answer.
// A 4xx/5xx answer's {"error": "..."} becomes a thrown ApiError with that message.

/** An error the server reported (or a network failure), with a readable message. */
export class ApiError extends Error {}

async function post(path, body, signal) {
  let res;
  try {
    res = await fetch(path, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify(body),
      signal,
    });
  } catch (err) {
    if (err.name === 'AbortError') throw err;
    throw new ApiError('The server cannot be reached.');
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
export async function picture(spec, entries, notes) {
  let res;
  try {
    res = await fetch('/api/picture', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ ...spec, entries, notes }),
    });
  } catch {
    throw new ApiError('The server cannot be reached.');
  }
  if (!res.ok) throw new ApiError(`The server answered ${res.status}.`);
  return res.text();
}

/** A new puzzle: {layout: "9x9"|"jigsaw"|..., level?, needs?, seed?}. */
export const newPuzzle = (req, signal) => post('/api/new', req, signal);
/** Solve a puzzle spec: status unique / multiple / none / invalid. */
export const solve = (spec) => post('/api/solve', spec);
/** Rate a puzzle spec. */
export const rate = (spec) => post('/api/rate', spec);
/** Check the player's entries against the solution. */
export const check = (spec, entries) => post('/api/check', { ...spec, entries });
/** The next step (or the first mistake) from the player's entries and notes. */
export const hint = (spec, entries, notes) => post('/api/hint', { ...spec, entries, notes });
/** The whole logical path of a puzzle. */
export const explain = (spec) => post('/api/explain', spec);
/** Every technique by level: {techniques: [{name, level, idea, practice, why}]}. */
export const techniques = () => post('/api/techniques', {});
/** A technique's lesson: idea, an example step (as for a hint) and its picture. */
export const lesson = (technique) => post('/api/lesson', { technique });
