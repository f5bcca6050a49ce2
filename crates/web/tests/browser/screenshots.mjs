// Screenshots of the page for the docs (run by hand, not a test):
//   SUDOKIT_BIN=target/release/sudokit node crates/web/tests/browser/screenshots.mjs
// writes docs/web-light.png, web-dark.png (1280×800) and web-phone.png,
// web-phone-dark.png (390×844) at the repository root. SUDOKIT_ASSETS as for the tests.

import path from 'node:path';
import { mkdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { startServer, launchBrowser } from './harness.mjs';

const REPO = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..');
const OUT = path.join(REPO, 'docs');
// A Medium puzzle: fifteen singles, then a pointing pair (6 in box 8).
const PUZZLE = '....86.7........1..98..5.....6....8.9.......23...79.......4..6...7.1..381.......4';
const SINGLES = 'r2c7=8 r3c4=1 r3c1=7 r7c1=8 r9c8=9 r7c3=9 r8c4=9 r2c5=9 r3c8=2 r3c7=4 r3c9=6 r3c5=3 r8c6=2 r4c5=2 r8c7=5';

const SHOTS = [
  { file: 'web-light.png', width: 1280, height: 800, colorScheme: 'light' },
  { file: 'web-dark.png', width: 1280, height: 800, colorScheme: 'dark' },
  { file: 'web-phone.png', width: 390, height: 844, colorScheme: 'light', mobile: true },
  { file: 'web-phone-dark.png', width: 390, height: 844, colorScheme: 'dark', mobile: true },
];

/** A game in progress: digits entered, auto-notes, two coloured cells, a selection, a hint at rung 3. */
async function stage(page, url) {
  await page.goto(`${url}?p=${PUZZLE}`);
  await page.waitForFunction(() => /Rated/.test(document.querySelector('#status').textContent));
  const k = page.keyboard;
  for (const move of SINGLES.split(' ')) {
    const [cell, digit] = move.split('=');
    await page.click(`[data-cell="${cell}"]`);
    await k.press(digit);
  }
  await k.press('n');
  await page.click('[data-cell="r5c3"]');
  await k.press('Control+Shift+5');
  await page.click('[data-cell="r5c7"]');
  await k.press('Control+Shift+5');
  await page.click('[data-cell="r5c5"]');
  await k.press('h');
  await page.waitForFunction(() => /Hint 1/.test(document.querySelector('#status').textContent));
  await k.press('h');
  await k.press('h');
  await page.evaluate(() => document.activeElement.blur());
}

const server = await startServer();
const browser = await launchBrowser();
try {
  mkdirSync(OUT, { recursive: true });
  for (const shot of SHOTS) {
    const context = await browser.newContext({
      viewport: { width: shot.width, height: shot.height },
      colorScheme: shot.colorScheme,
      deviceScaleFactor: shot.mobile ? 2 : 1,
      isMobile: !!shot.mobile,
      hasTouch: !!shot.mobile,
    });
    const page = await context.newPage();
    await stage(page, server.url);
    await page.screenshot({ path: path.join(OUT, shot.file) });
    console.log(`wrote docs/${shot.file}`);
    await context.close();
  }
} finally {
  await browser.close();
  server.proc.kill();
}
