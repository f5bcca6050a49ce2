// The page's side of the engine: requests go to Web Workers running sudokit in
// WebAssembly (worker.js), one per lane (laneOf). New games run in a worker of their
// own, so Cancel ends one at once (the worker is terminated) and a hint asked next is
// answered by another, never delayed. A worker that crashed, or could not load the
// engine, is replaced on the next request.

/** An error the engine (or the server) reported, with a readable message. */
export class ApiError extends Error {}

/**
 * Which worker serves an endpoint: making puzzles, and rating or explaining a whole
 * puzzle (Sudoku Explainer's path of a very hard one takes seconds), apart from the
 * quick answers a player waits on (hints, checks).
 */
const laneOf = (endpoint) => {
  if (endpoint === 'new') return 'new';
  if (endpoint === 'rate' || endpoint === 'explain') return 'rate';
  return 'main';
};

export class Engine {
  constructor(url = new URL('./worker.js', import.meta.url)) {
    this.url = url;
    this.workers = new Map();
    this.pending = new Map();
    this.next = 1;
  }

  /** Resolves once the WebAssembly module is loaded and answering; rejects if it cannot be. */
  ready() {
    return this.call('version', {});
  }

  /**
   * Answers `endpoint` for `body`, as the server's POST /api/<endpoint> would.
   * `signal` aborts it (the worker doing it is terminated); `onProgress(tries)` hears a
   * new game's progress.
   */
  call(endpoint, body, { signal, onProgress } = {}) {
    const lane = laneOf(endpoint);
    if (signal && signal.aborted) return Promise.reject(abortError());
    return new Promise((resolve, reject) => {
      const id = this.next++;
      // Aborting ends the worker doing it (WebAssembly cannot be interrupted otherwise),
      // and with it whatever else that worker had; once this request is answered, its
      // signal no longer matters.
      const onAbort = () => { if (this.pending.has(id)) this.stop(lane, abortError()); };
      const settle = (fn) => (value) => {
        if (signal) signal.removeEventListener('abort', onAbort);
        fn(value);
      };
      this.pending.set(id, { resolve: settle(resolve), reject: settle(reject), onProgress, lane });
      if (signal) signal.addEventListener('abort', onAbort, { once: true });
      this.worker(lane).postMessage({ id, endpoint, body });
    });
  }

  /** Ends the worker of `lane` and whatever it was doing. */
  stop(lane, reason) {
    const worker = this.workers.get(lane);
    if (worker) worker.terminate();
    this.workers.delete(lane);
    for (const [id, p] of this.pending) {
      if (p.lane === lane) {
        this.pending.delete(id);
        p.reject(reason);
      }
    }
  }

  worker(lane) {
    let worker = this.workers.get(lane);
    if (!worker) {
      worker = new Worker(this.url, { type: 'module' });
      worker.onmessage = (event) => this.receive(lane, event.data);
      worker.onerror = (event) => {
        event.preventDefault();
        this.stop(lane, new ApiError(`The engine could not start (${event.message || 'the worker failed to load'}).`));
      };
      this.workers.set(lane, worker);
    }
    return worker;
  }

  receive(lane, msg) {
    const p = this.pending.get(msg.id);
    if (!p) return;
    if ('progress' in msg) {
      if (p.onProgress) p.onProgress(msg.progress);
      return;
    }
    this.pending.delete(msg.id);
    if ('data' in msg) p.resolve(msg.data);
    else if ('error' in msg) p.reject(Object.assign(new ApiError(msg.error), { status: msg.status }));
    else if ('crashed' in msg) {
      this.stop(lane, new ApiError('The engine stopped on this request; it has been restarted.'));
      p.reject(new ApiError(`The engine stopped on this request (${msg.crashed}); it has been restarted, try again.`));
    } else {
      // The technical reason (a 404, a compile error) for whoever looks at the console;
      // the worker goes, so the next request tries a fresh one.
      console.warn(`sudokit: the engine could not be loaded: ${msg.detail}`);
      const err = new ApiError(`The sudoku engine could not be loaded: ${msg.fatal}.`);
      p.reject(err);
      this.stop(lane, err);
    }
  }
}

function abortError() {
  return new DOMException('The request was cancelled.', 'AbortError');
}
