// Screenshots of the page for the docs (run by hand, not a test):
//   SUDOKIT_BIN=target/release/sudokit node crates/web/tests/browser/screenshots.mjs
// writes, at the repository root, docs/web-light.png, web-dark.png (1280×800) and
// web-phone.png, web-phone-dark.png (390×844, the whole page): a Skyscraper hint at its
// third rung, its links drawn and its explanation beside; and docs/web-learn.png: the
// Learn view with the X-Wing's lesson; docs/web-phone-sixteen.png: a 16×16 game on a
// phone, zoomed in, after auto-notes and two presses of Hint. SUDOKIT_ASSETS as for the
// tests.

import path from 'node:path';
import { mkdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { startServer, launchBrowser } from './harness.mjs';

const REPO = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..');
const OUT = path.join(REPO, 'docs');
// A 17-clue puzzle, and a position of it (its singles placed) whose next step is a
// Skyscraper on 6.
const PUZZLE = '.................1..2..3.4......5.....6..25...14.....7....1...5..8...3...2..7....';
const AT = '.37..1.52..5..7.311.2.5374.2.37.51.4.761425.3514.3..27..9318275758..431.32157.4..';

const SHOTS = [
  { file: 'web-light.png', width: 1280, height: 800, colorScheme: 'light' },
  { file: 'web-dark.png', width: 1280, height: 800, colorScheme: 'dark' },
  { file: 'web-phone.png', width: 390, height: 844, colorScheme: 'light', mobile: true },
  { file: 'web-phone-dark.png', width: 390, height: 844, colorScheme: 'dark', mobile: true },
];

async function waitFor(page, text) {
  await page.waitForFunction((t) => document.body.textContent.includes(t), text, { timeout: 30000 });
}

/** The position, then three presses of Hint: the Skyscraper explained and drawn. */
async function stage(page, url) {
  await page.goto(`${url}?p=${PUZZLE}`);
  await page.waitForFunction(() => /Rated/.test(document.querySelector('#status').textContent));
  for (let i = 0; i < 81; i++) {
    if (AT[i] !== '.' && PUZZLE[i] === '.') {
      await page.click(`[data-cell="r${Math.floor(i / 9) + 1}c${(i % 9) + 1}"]`);
      await page.keyboard.press(AT[i]);
    }
  }
  for (const k of [1, 2, 3]) {
    await page.keyboard.press('h');
    await waitFor(page, `Hint ${k}/4`);
  }
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
    await page.screenshot({ path: path.join(OUT, shot.file), fullPage: !!shot.mobile });
    console.log(`wrote docs/${shot.file}`);
    await context.close();
  }
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const page = await context.newPage();
  await page.goto(`${server.url}?p=${PUZZLE}`);
  await page.waitForFunction(() => /Rated/.test(document.querySelector('#status').textContent));
  await page.click('[data-action="learn"]');
  await page.click('#learn-list [data-name="X-Wing"]');
  await page.waitForSelector('#lesson figure img');
  await page.screenshot({ path: path.join(OUT, 'web-learn.png') });
  console.log('wrote docs/web-learn.png');
  const phone = await browser.newContext({ viewport: { width: 390, height: 844 }, deviceScaleFactor: 2, isMobile: true, hasTouch: true });
  const p16 = await phone.newPage();
  await p16.goto(server.url);
  await waitFor(p16, 'Good luck');
  const game = await p16.evaluate(async () => (await fetch('/api/new', { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ layout: '16x16', level: 'easy', seed: 11 }) })).json());
  await p16.goto(`${server.url}?p=${game.puzzle}`);
  await p16.waitForFunction(() => /Rated/.test(document.querySelector('#status').textContent), null, { timeout: 60000 });
  await p16.tap('[data-action="autonotes"]');
  for (const k of [1, 2]) {
    await p16.tap('[data-action="hint"]');
    await waitFor(p16, `Hint ${k}/4`);
  }
  await p16.screenshot({ path: path.join(OUT, 'web-phone-sixteen.png') });
  console.log('wrote docs/web-phone-sixteen.png');
} finally {
  await browser.close();
  server.proc.kill();
}
