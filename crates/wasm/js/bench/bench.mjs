// The engine in WebAssembly on a file of puzzles, one call per puzzle, for comparing
// with the native binary on the same work (README.md, "The web app"):
//   node crates/wasm/js/bench/bench.mjs PACKAGE_DIR solve|rate FILE
// prints the puzzles done, the seconds and the puzzles a second; exits non-zero when
// an answer is missing.

import { createRequire } from 'node:module';
import { readFileSync } from 'node:fs';

const [dir, what, file] = process.argv.slice(2);
if (!dir || !['solve', 'rate'].includes(what) || !file) {
  console.error('usage: bench.mjs PACKAGE_DIR solve|rate FILE');
  process.exit(2);
}
const sudokit = createRequire(import.meta.url)(dir);
const puzzles = readFileSync(file, 'utf8').split('\n').map((l) => l.trim()).filter((l) => l && !l.startsWith('#'));
const t0 = process.hrtime.bigint();
let done = 0;
for (const p of puzzles) {
  const answer = what === 'solve' ? sudokit.solve(p).solution : sudokit.rate(p).se;
  if (answer === null || answer === undefined) {
    console.error(`no answer for ${p}`);
    process.exit(1);
  }
  done += 1;
}
const secs = Number(process.hrtime.bigint() - t0) / 1e9;
console.log(`${what} ${done} puzzles in ${secs.toFixed(2)} s: ${(done / secs).toFixed(0)} a second`);
