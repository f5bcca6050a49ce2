// The static site (scripts/build-site) in Chromium, served by a plain static file
// server (python3 -m http.server) with no `sudokit serve` anywhere: the engine runs in
// the browser. Playing to the finish, hint rungs, offline after the first visit, a
// 25×25 Hard game with progress and Cancel, the manifest, a phone, an update, a
// missing engine file and a crashed worker.
//
// Run by crates/wasm/tests/site.rs, which builds the site into SUDOKIT_SITE first.

import { spawn } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, readFileSync, rmSync, truncateSync, utimesSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { launchBrowser, watch, CHROMIUM, gridLine, typeSolution, waitStatus, assert } from './harness.mjs';

const SITE = process.env.SUDOKIT_SITE || '';

function missing() {
  if (!SITE || !existsSync(path.join(SITE, 'pkg/sudokit_wasm_bg.wasm'))) return 'env SUDOKIT_SITE (a built site) is not set';
  if (!existsSync(CHROMIUM)) return `${CHROMIUM} is missing`;
  return '';
}

/** A copy of the site in a folder of its own (tests may change it), served on a free port. */
async function serveCopy() {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'sudokit-site-'));
  cpSync(SITE, dir, { recursive: true });
  const proc = spawn('python3', ['-u', '-m', 'http.server', '--bind', '127.0.0.1', '--directory', dir, '0'],
    { stdio: ['ignore', 'pipe', 'ignore'] });
  const url = await new Promise((resolve, reject) => {
    let text = '';
    const timer = setTimeout(() => reject(new Error(`no address from http.server: ${text}`)), 10000);
    proc.stdout.on('data', (chunk) => {
      text += chunk;
      const m = /port (\d+)/.exec(text);
      if (m) {
        clearTimeout(timer);
        resolve(`http://127.0.0.1:${m[1]}/`);
      }
    });
  });
  return { dir, url, stop: () => { proc.kill(); rmSync(dir, { recursive: true, force: true }); } };
}

/** A fresh browser context and page; page errors and console errors collected. */
async function open(env, site, { width = 1280, height = 800 } = {}) {
  const context = await env.browser.newContext({ viewport: { width, height } });
  const page = watch(await context.newPage());
  await page.goto(site.url);
  return { context, page };
}

/** The page's own API module (the engine in its workers), called from the test. */
function engine(page, name, ...args) {
  return page.evaluate(async ([n, a]) => (await import('./api.js'))[n](...a), [name, args]);
}

async function waitHint(page, text, timeout = 20000) {
  await page.waitForFunction((t) => {
    const p = document.querySelector('#hint-panel');
    return p && !p.hidden && p.textContent.includes(t);
  }, text, { timeout });
}

/** Waits until a service worker controls the page (after the first visit). */
async function controlled(page) {
  await page.evaluate(() => navigator.serviceWorker.ready);
  await page.waitForFunction(() => !!navigator.serviceWorker.controller, null, { timeout: 20000 }).catch(async () => {
    await page.reload();
    await page.waitForFunction(() => !!navigator.serviceWorker.controller, null, { timeout: 20000 });
  });
}

describe('the static site, no server', { skip: !process.env.CI && missing() ? `site tests skipped: ${missing()}` : false }, () => {
  const env = { browser: null, site: null };
  before(async () => {
    const why = missing();
    if (why) throw new Error(`the site tests cannot run: ${why}`);
    env.browser = await launchBrowser();
    env.site = await serveCopy();
  });
  after(async () => {
    if (env.browser) await env.browser.close();
    if (env.site) env.site.stop();
  });

  it('plays an Easy 9×9 game to the finish with the engine in the browser', async () => {
    const { context, page } = await open(env, env.site);
    await waitStatus(page, 'Good luck', 30000);
    assert.equal(await page.evaluate(() => document.documentElement.dataset.engine), 'engine');
    const puzzle = await gridLine(page);
    const solved = await engine(page, 'solve', { puzzle });
    assert.equal(solved.status, 'unique');
    await page.click('[data-cell="r1c1"]');
    await typeSolution(page, puzzle, solved.solution);
    await page.waitForSelector('#dlg-finish[open]');
    assert.equal(await gridLine(page), solved.solution);
    page.assertClean();
    await context.close();
  });

  it('gives a hint rung by rung', async () => {
    const { context, page } = await open(env, env.site);
    await waitStatus(page, 'Good luck', 30000);
    await page.keyboard.press('h');
    await waitStatus(page, 'Hint 1/4');
    await page.click('#tools [data-action="hint"]');
    await waitStatus(page, 'Hint 2/4');
    await page.click('#tools [data-action="hint"]');
    await waitStatus(page, 'Hint 3/4');
    const text = await page.textContent('#hint-panel');
    assert.ok(text.length > 20, `an explanation: ${text}`);
    page.assertClean();
    await context.close();
  });

  it('works offline after the first visit: reload, a new game and a hint', async () => {
    const { context, page } = await open(env, env.site);
    await waitStatus(page, 'Good luck', 30000);
    await controlled(page);
    await context.setOffline(true);
    await page.reload();
    await waitStatus(page, /restored|Good luck/, 30000);
    assert.equal(await page.evaluate(() => navigator.onLine), false);
    await page.click('[data-action="new"]');
    await page.waitForSelector('#dlg-new[open]');
    await page.check('input[name="level"][value="medium"]');
    await page.click('[data-action="generate"]');
    await waitStatus(page, 'Good luck', 30000);
    await page.keyboard.press('h');
    await waitStatus(page, 'Hint 1/4');
    await context.setOffline(false);
    await context.close();
  });

  it('shows a 25×25 Hard game being made, cancels it at once and answers a hint right after', async () => {
    const { context, page } = await open(env, env.site);
    await waitStatus(page, 'Good luck', 30000);
    await page.click('[data-action="new"]');
    await page.waitForSelector('#dlg-new[open]');
    await page.check('input[name="layout"][value="25x25"]');
    assert.equal(await page.isDisabled('input[name="level"][value="hard"]'), false, 'Hard is offered on 25×25');
    await page.check('input[name="level"][value="hard"]');
    // Seed 1 takes over 20 s natively: long enough to be seen being made, and cancelled.
    await page.fill('#new-seed', '1');
    await page.click('[data-action="generate"]');
    await page.waitForFunction(() => /Generating… [1-9]\d* s/.test(document.querySelector('#busy-text').textContent), null, { timeout: 30000 });
    await page.click('[data-action="cancel-busy"]');
    await waitStatus(page, 'Generation cancelled.');
    const t0 = Date.now();
    await page.keyboard.press('h');
    await waitStatus(page, 'Hint 1/4');
    const ms = Date.now() - t0;
    assert.ok(ms < 3000, `the hint came ${ms} ms after Cancel`);
    page.assertClean();
    await context.close();
  });

  it('offers only the levels a layout can have, and says why', async () => {
    const { context, page } = await open(env, env.site);
    await waitStatus(page, 'Good luck', 30000);
    await page.click('[data-action="new"]');
    await page.waitForSelector('#dlg-new[open]');
    await page.check('input[name="layout"][value="4x4"]');
    for (const level of ['medium', 'hard', 'unfair', 'extreme']) {
      assert.ok(await page.isDisabled(`input[name="level"][value="${level}"]`), `${level} is not offered on 4×4`);
    }
    assert.ok(await page.isChecked('input[name="level"][value="easy"]'));
    assert.match(await page.textContent('#new-levels'), /singles/);
    await page.check('input[name="layout"][value="9x9"]');
    assert.equal(await page.isDisabled('input[name="level"][value="extreme"]'), false);
    await context.close();
  });

  it('is installable: a manifest with a name, icons and a service worker', async () => {
    const { context, page } = await open(env, env.site);
    await waitStatus(page, 'Good luck', 30000);
    const href = await page.getAttribute('link[rel="manifest"]', 'href');
    const manifest = await page.evaluate(async (h) => (await fetch(h)).json(), href);
    assert.equal(manifest.short_name, 'sudokit');
    assert.match(manifest.name, /sudokit/);
    assert.equal(manifest.display, 'standalone');
    assert.ok(manifest.start_url);
    const sizes = manifest.icons.map((i) => i.sizes);
    assert.ok(sizes.includes('192x192') && sizes.includes('512x512'), `icons ${sizes}`);
    for (const icon of manifest.icons) {
      const status = await page.evaluate(async (src) => (await fetch(src)).status, icon.src);
      assert.equal(status, 200, icon.src);
    }
    await controlled(page);
    page.assertClean();
    await context.close();
  });

  it('fits a phone', async () => {
    const { context, page } = await open(env, env.site, { width: 390, height: 844 });
    await waitStatus(page, 'Good luck', 30000);
    const box = await page.locator('[role="grid"]').boundingBox();
    assert.ok(box.width <= 390 && box.width > 300, `grid width ${box.width}`);
    assert.equal(await page.evaluate(() => document.documentElement.scrollWidth <= 390), true, 'no sideways scrolling');
    page.assertClean();
    await context.close();
  });

  it('shows a newly published version on the next reload', async () => {
    const site = await serveCopy();
    try {
      const { context, page } = await open(env, site);
      await waitStatus(page, 'Good luck', 30000);
      await controlled(page);
      const described = () => page.getAttribute('meta[name="description"]', 'content');
      assert.match(await described(), /^Play Sudoku/);
      // Publish version B: another page description, and a service worker of another version.
      const index = path.join(site.dir, 'index.html');
      writeFileSync(index, readFileSync(index, 'utf8').replace('content="Play Sudoku', 'content="Version B. Play Sudoku'));
      const sw = path.join(site.dir, 'sw.js');
      writeFileSync(sw, readFileSync(sw, 'utf8').replace(/^const VERSION = '[^']*';/m, "const VERSION = 'version-b';"));
      // A static server's Last-Modified has whole seconds: B, written within a second of
      // A, would look unmodified (304). A real publication is later than that.
      const later = new Date(Date.now() + 5000);
      for (const f of [index, sw]) utimesSync(f, later, later);
      await page.reload();
      assert.match(await described(), /^Version B/);
      // Offline, the copy kept is B's too.
      await page.waitForFunction(async () => (await caches.keys()).some((k) => k.endsWith(' version-b')), null, { timeout: 20000 });
      await context.setOffline(true);
      await page.reload();
      assert.match(await described(), /^Version B/);
      await context.setOffline(false);
      await context.close();
    } finally {
      site.stop();
    }
  });

  it('says so clearly when the engine file is missing', async () => {
    const site = await serveCopy();
    try {
      truncateSync(path.join(site.dir, 'pkg/sudokit_wasm_bg.wasm'), 100);
      const { context, page } = await open(env, site);
      await waitStatus(page, /engine could not be loaded/, 30000);
      assert.ok(await page.isVisible('[role="grid"]'), 'the page is drawn, not blank');
      await context.close();
    } finally {
      site.stop();
    }
  });

  it('restarts a worker that crashed and answers the next request', async () => {
    const { context, page } = await open(env, env.site);
    await waitStatus(page, 'Good luck', 30000);
    const crashed = await page.evaluate(async () => {
      const { Engine } = await import('./engine.js');
      const e = new Engine();
      await e.ready();
      // Not a string: the module's call throws inside the worker, as a Rust panic does.
      const first = await e.call({ not: 'a name' }, {}).then(() => 'answered', (err) => err.message);
      const next = await e.call('solve', { puzzle: '.'.repeat(81) }).then((r) => r.status, (err) => err.message);
      // A bad picture request is an error too, not an SVG.
      const picture = await e.call('picture', { puzzle: '12' }).then(() => 'a picture', (err) => err.message);
      return { first, next, picture };
    });
    assert.match(crashed.first, /engine stopped/);
    assert.equal(crashed.next, 'multiple');
    assert.match(crashed.picture, /puzzle/);
    await context.close();
  });
});
