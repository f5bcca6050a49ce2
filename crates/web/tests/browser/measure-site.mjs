// Measures the static site in Chromium (README.md, "The web app"): the time to a
// playable grid on a first visit and on later ones (from the service worker's copy),
// and the engine in its worker solving 17-clue puzzles one message each.
//   node crates/web/tests/browser/measure-site.mjs URL PUZZLE_FILE
// with the site served at URL (python3 -m http.server --directory target/site).
import { chromium } from 'playwright-core';
import { readFileSync } from 'node:fs';
const url = process.argv[2];
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox', '--disable-gpu'] });
const cold = [], warm = [];
for (let i = 0; i < 5; i++) {
  const ctx = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const page = await ctx.newPage();
  await page.goto(url);
  await page.waitForFunction(() => /Good luck/.test(document.querySelector('#status').textContent), null, { timeout: 30000 });
  cold.push(await page.evaluate(() => performance.now()));
  await page.evaluate(() => navigator.serviceWorker.ready);
  await page.waitForTimeout(300);
  // A second visit: the game restored, from the copy the service worker kept.
  await page.reload();
  await page.waitForFunction(() => /Good luck|restored/.test(document.querySelector('#status').textContent), null, { timeout: 30000 });
  warm.push(await page.evaluate(() => performance.now()));
  if (i === 0) {
    const puzzles = readFileSync(process.argv[3], 'utf8').split('\n').filter((l) => l && !l.startsWith('#')).slice(0, 5000);
    const ms = await page.evaluate(async (ps) => {
      const api = await import('./api.js');
      const t = performance.now();
      for (const p of ps) { const r = await api.solve({ puzzle: p }); if (!r.solution) throw new Error('no solution'); }
      return performance.now() - t;
    }, puzzles);
    console.log(`worker: solve 5000 17-clue puzzles, one message each: ${ms.toFixed(0)} ms, ${(ms * 1000 / 5000).toFixed(1)} µs a puzzle`);
  }
  await ctx.close();
}
const med = (a) => a.sort((x, y) => x - y)[2].toFixed(0);
console.log(`time to a playable grid: first visit median ${med(cold)} ms (${cold.map((x) => x.toFixed(0))}), later visits median ${med(warm)} ms (${warm.map((x) => x.toFixed(0))})`);
await browser.close();
