// The engine's Web Worker: loads sudokit's WebAssembly module and answers the page's
// requests ({id, endpoint, body}) one at a time, so the page never freezes. While a new
// game is made it reports the candidates tried ({id, progress}). A Rust panic traps
// the module: the worker reports it ({id, crashed}) and closes, and the page starts a
// fresh one. See engine.js for the page's side.

import init, { call, version } from './pkg/sudokit_wasm.js';

const loading = init({ module_or_path: new URL('./pkg/sudokit_wasm_bg.wasm', import.meta.url) });
let current = null;
let reported = 0;

// Called by the engine after each candidate puzzle; at most ten reports a second.
globalThis.sudokitProgress = (tries) => {
  const now = performance.now();
  if (current === null || now - reported < 100) return;
  reported = now;
  postMessage({ id: current, progress: tries });
};

self.onmessage = async (event) => {
  const { id, endpoint, body } = event.data;
  try {
    await loading;
  } catch (err) {
    postMessage({ id, fatal: 'its file is missing or damaged', detail: String(err && err.message ? err.message : err) });
    return;
  }
  if (endpoint === 'version') {
    postMessage({ id, data: { version: version() } });
    return;
  }
  current = id;
  reported = performance.now();
  try {
    const text = call(endpoint, JSON.stringify(body ?? {}));
    if (endpoint === 'picture' && !text.startsWith('{"failed":')) {
      postMessage({ id, data: text });
    } else {
      const data = JSON.parse(text);
      if (data && data.failed === true) postMessage({ id, error: data.error, status: data.status });
      else postMessage({ id, data });
    }
  } catch (err) {
    postMessage({ id, crashed: String(err && err.message ? err.message : err) });
    self.close();
  } finally {
    current = null;
  }
};
