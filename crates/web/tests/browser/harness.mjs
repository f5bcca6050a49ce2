// Shared set-up of the browser tests: the sudokit server (env SUDOKIT_BIN) on a
// free port, headless Chromium through playwright-core, and helpers that drive
// the page the way a person does.
//
// Without /usr/bin/chromium (or SUDOKIT_BIN) the tests skip with a message, except
// under CI (env CI set), where they fail with that message instead.

import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import assert from 'node:assert/strict';
import { after, before } from 'node:test';

let chromium = null;
try {
  ({ chromium } = await import('playwright-core'));
} catch {
  // reported by missing(): the tests need `npm ci` in this folder first
}

const REPO = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..');
export const CHROMIUM = '/usr/bin/chromium';
const CHROMIUM_ARGS = ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run',
  '--disable-background-networking', '--disable-component-update', '--disable-sync'];

/** Why this machine cannot run the browser tests, or '' when it can. */
function missing() {
  if (!chromium) return 'playwright-core is not installed (run `npm ci` in crates/web/tests/browser)';
  if (!process.env.SUDOKIT_BIN) return 'env SUDOKIT_BIN (the sudokit binary to serve the page) is not set';
  if (!existsSync(process.env.SUDOKIT_BIN)) return `SUDOKIT_BIN=${process.env.SUDOKIT_BIN} does not exist`;
  if (!existsSync(CHROMIUM)) return `${CHROMIUM} is missing (apt-get install chromium)`;
  return '';
}

/**
 * The `skip` option for a test file's describe(): a message when the tests cannot
 * run here, false otherwise (and false under CI, where setUp then fails loudly).
 */
export function skipUnlessReady() {
  const why = missing();
  if (!why) return false;
  if (process.env.CI) return false;
  return `browser tests skipped: ${why}`;
}

/**
 * Start the server and the browser before this file's tests and stop them after.
 * Returns an object whose `url` and `browser` are set once they run.
 */
export function setUp() {
  const env = { url: '', browser: null, server: null };
  before(async () => {
    const why = missing();
    if (why) throw new Error(`browser tests cannot run: ${why}`);
    env.server = await startServer();
    env.url = env.server.url;
    env.browser = await launchBrowser();
  });
  after(async () => {
    if (env.browser) await env.browser.close();
    if (env.server) env.server.proc.kill();
  });
  return env;
}

/** Headless Chromium with the flags this machine needs. */
export function launchBrowser() {
  return chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_ARGS, headless: true });
}

/** Start `$SUDOKIT_BIN serve` on a free port: {url, proc}. */
export function startServer() {
  const args = ['serve', '--host', '127.0.0.1', '--port', '0'];
  const assets = process.env.SUDOKIT_ASSETS;
  if (assets) args.push('--assets', assets !== '1' && existsSync(assets) ? assets : path.join(REPO, 'crates/web/assets'));
  const proc = spawn(process.env.SUDOKIT_BIN, args, { stdio: ['ignore', 'pipe', 'inherit'] });
  return new Promise((resolve, reject) => {
    let text = '';
    const timer = setTimeout(() => fail(new Error('the server printed no address within 20 s')), 20000);
    const fail = (err) => { clearTimeout(timer); proc.kill(); reject(err); };
    proc.on('error', fail);
    proc.on('exit', (code) => fail(new Error(`the server exited (${code}) before printing its address: ${text}`)));
    proc.stdout.on('data', (chunk) => {
      text += chunk;
      const nl = text.indexOf('\n');
      if (nl < 0) return;
      const m = /https?:\/\/[^\s/]+\//.exec(text.slice(0, nl));
      if (!m) return fail(new Error(`unexpected first line from the server: ${text.slice(0, nl)}`));
      clearTimeout(timer);
      proc.removeAllListeners('exit');
      proc.stdout.resume();
      resolve({ url: m[0], proc });
    });
  });
}

/**
 * A fresh page (own storage) of the given viewport; collects page errors and
 * console errors (CSP violations show there), checked by `page.assertClean()`.
 */
export async function openPage(env, { width = 1280, height = 800, colorScheme = 'light', path: where = '' } = {}) {
  const context = await env.browser.newContext({ viewport: { width, height }, colorScheme });
  const page = watch(await context.newPage());
  if (where !== null) await page.goto(env.url + where);
  return page;
}

/** Collects a page's errors and console errors, checked by `page.assertClean()`. */
export function watch(page) {
  const problems = [];
  page.on('pageerror', (e) => problems.push(`page error: ${e.message}`));
  page.on('console', (m) => { if (m.type() === 'error') problems.push(`console error: ${m.text()}`); });
  page.assertClean = () => assert.deepEqual(problems, [], 'the page logged errors');
  page.problems = problems;
  return page;
}

/** POST to the API from the page (same origin), returning the JSON answer. */
export function api(page, endpoint, body) {
  return page.evaluate(async ([e, b]) => {
    const res = await fetch(`/api/${e}`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(b) });
    return res.json();
  }, [endpoint, body]);
}

/** Wait until #status contains the text (a string or a RegExp). */
export async function waitStatus(page, text, timeout = 20000) {
  await page.waitForFunction(([t, isRe]) => {
    const s = document.querySelector('#status').textContent;
    return isRe ? new RegExp(t).test(s) : s.includes(t);
  }, [text instanceof RegExp ? text.source : text, text instanceof RegExp], { timeout });
}

/** Open a puzzle line by a shared link and wait until it is playable. */
export async function openLink(page, env, query) {
  await page.goto(`${env.url}${query}`);
  await page.waitForSelector('#busy[hidden]', { state: 'attached' });
  await waitStatus(page, /opened|restored|Rated/);
}

/** The line of values the grid shows ('.' for empty cells), read from aria-labels. */
export function gridLine(page) {
  return page.$$eval('[role="gridcell"]', (cells) => cells.map((c) => {
    const m = /^row \d+, column \d+, ([^,]+)/.exec(c.getAttribute('aria-label'));
    return m && m[1] !== 'empty' ? m[1] : '.';
  }).join(''));
}

/** The aria-label of one cell ("r3c4"). */
export function label(page, cell) {
  return page.getAttribute(`[data-cell="${cell}"]`, 'aria-label');
}

/** Whether a cell carries a class. */
export function hasClass(page, cell, cls) {
  return page.$eval(`[data-cell="${cell}"]`, (el, c) => el.classList.contains(c), cls);
}

/**
 * Type a solution with the keyboard alone: from r1c1, along each row with
 * ArrowRight (which wraps within the row), ArrowDown to the next row.
 */
export async function typeSolution(page, puzzle, solution, side = 9) {
  for (let r = 0; r < side; r++) {
    for (let c = 0; c < side; c++) {
      const i = r * side + c;
      if (puzzle[i] === '.') await page.keyboard.press(solution[i]);
      await page.keyboard.press('ArrowRight');
    }
    await page.keyboard.press('ArrowDown');
  }
}

export { assert };
