// Saving and resuming: a reload restores the game (values, notes, undo history,
// time); the Continue list; the theme choice is remembered; pause; the help panel;
// hiding the timer; the print style.

import { describe, it } from 'node:test';
import { setUp, skipUnlessReady, openPage, openLink, waitStatus, gridLine, label, hasClass, api, assert } from './harness.mjs';

const PUZZLE = '....86.7.....9.81.798135426..6.2..8.9.......23...79...8.9.4..6...79125381......94';

describe('saving, theme, pause, help', { skip: skipUnlessReady() }, () => {
  const env = setUp();

  it('resumes after a reload, with its undo history; the Continue list holds several games', async () => {
    const page = await openPage(env, { path: null });
    await openLink(page, env, `?p=${PUZZLE}`);
    const k = page.keyboard;
    await k.press('5');
    await k.press('ArrowRight');
    await k.press('Shift+1');
    await k.press('Shift+3');
    await page.waitForTimeout(1200); // the clock ticks; the save follows each move within 0.3 s
    const line = await gridLine(page);
    await page.reload();
    await waitStatus(page, 'Welcome back');
    assert.equal(await gridLine(page), line);
    assert.equal(await label(page, 'r1c2'), 'row 1, column 2, empty, notes 1 3');
    assert.notEqual(await page.textContent('#timer'), '0:00');
    await k.press('Control+z');
    assert.equal(await label(page, 'r1c2'), 'row 1, column 2, empty, notes 1');
    // A second game, then back to the first from the Continue list. A game left
    // untouched is not offered: only the first shows until the new one has a move.
    await page.click('[data-action="new"]');
    await page.fill('#new-seed', '5');
    await page.click('[data-action="generate"]');
    await waitStatus(page, 'Good luck');
    const continueItems = async () => {
      await page.click('[data-action="new"]');
      await page.click('[data-tab="tab-continue"]');
      return page.$$eval('#continue-list [data-action="continue"]', (bs) => bs.map((b) => b.textContent));
    };
    let items = await continueItems();
    assert.equal(items.length, 1, `only the game with moves: ${items}`);
    assert.match(items[0], /9×9 · Medium\d+:\d\d · \d % · today \d/);
    await page.keyboard.press('Escape');
    const blank = (await gridLine(page)).indexOf('.');
    await page.click(`[data-cell="r${Math.floor(blank / 9) + 1}c${(blank % 9) + 1}"]`);
    await page.keyboard.press('Shift+1');
    items = await continueItems();
    assert.equal(items.length, 2);
    assert.match(items[0], /9×9 · Easy.* · seed 5 · playing now/);
    assert.match(items[1], /9×9 · Medium\d+:\d\d · \d %/);
    await page.click('#continue-list li:nth-child(2) [data-action="continue"]');
    await waitStatus(page, 'Game restored');
    assert.equal(await gridLine(page), line);
    page.assertClean();
  });

  it('stops the clock behind dialogs and "Generating…", gives no hint while paused, keeps Check\'s marks', async () => {
    const page = await openPage(env, { path: null });
    await openLink(page, env, `?p=${PUZZLE}`);
    const timer = () => page.textContent('#timer');
    // An open dialog stops the clock.
    await page.waitForTimeout(1100);
    await page.click('[data-action="learn"]');
    const t1 = await timer();
    await page.waitForTimeout(2200);
    assert.equal(await timer(), t1, 'the clock stands while Learn is open');
    await page.keyboard.press('Escape');
    // So does a puzzle being generated (the request held back 2.5 s here).
    await page.route('**/api/new', async (route) => {
      await new Promise((r) => setTimeout(r, 2500));
      await route.continue().catch(() => {}); // cancelled meanwhile
    });
    await page.click('[data-action="new"]');
    await page.fill('#new-seed', '9');
    const t2 = await timer();
    await page.click('[data-action="generate"]');
    await page.waitForSelector('#busy:not([hidden])');
    await page.waitForTimeout(2000);
    assert.equal(await timer(), t2, 'the clock stands behind "Generating…"');
    await page.click('[data-action="cancel-busy"]');
    await waitStatus(page, 'cancelled');
    await page.unroute('**/api/new');
    // Paused: H gives no hint, it says how to go on.
    await page.keyboard.press('p');
    await page.waitForSelector('#paused:not([hidden])');
    await page.keyboard.press('h');
    await waitStatus(page, 'Paused: resume');
    assert.equal(await page.isVisible('#hint-panel'), false);
    await page.keyboard.press('p');
    // A wrong digit, Check, a reload: the mark is still there.
    const solved = await api(page, 'solve', { puzzle: PUZZLE });
    const i = PUZZLE.indexOf('.');
    const cell = `r${Math.floor(i / 9) + 1}c${(i % 9) + 1}`;
    const wrong = String((Number(solved.solution[i]) % 9) + 1);
    await page.click(`[data-cell="${cell}"]`);
    await page.keyboard.press(wrong);
    await page.keyboard.press('k');
    await waitStatus(page, '1 wrong digit');
    assert.ok(await hasClass(page, cell, 'wrong'));
    await page.waitForTimeout(500);
    await page.reload();
    await waitStatus(page, 'Welcome back');
    assert.ok(await hasClass(page, cell, 'wrong'), 'Check\'s mark survives a reload');
    page.assertClean();
  });

  it('remembers the theme, follows the system\'s, pauses, shows the shortcuts', async () => {
    const dark = await openPage(env, { colorScheme: 'dark' });
    await waitStatus(dark, 'Good luck');
    const bg = (p) => p.evaluate(() => getComputedStyle(document.body).backgroundColor);
    assert.equal(await bg(dark), 'rgb(16, 19, 23)', 'dark by the system');
    assert.equal(await dark.getAttribute('[data-action="theme"]', 'aria-pressed'), 'true');
    await dark.click('[data-action="theme"]');
    assert.equal(await bg(dark), 'rgb(244, 245, 247)', 'light by choice');
    await dark.reload();
    await waitStatus(dark, 'Welcome back');
    assert.equal(await bg(dark), 'rgb(244, 245, 247)', 'the choice is remembered');
    // Pause hides the grid and stops the clock; P resumes.
    await dark.keyboard.press('p');
    await dark.waitForSelector('#paused:not([hidden])');
    const shown = await dark.$eval('[data-cell="r1c1"] > *', (e) => getComputedStyle(e).visibility).catch(() => 'hidden');
    assert.equal(shown, 'hidden');
    const t = await dark.textContent('#timer');
    await dark.waitForTimeout(1500);
    assert.equal(await dark.textContent('#timer'), t);
    await dark.keyboard.press('p');
    await dark.waitForSelector('#paused', { state: 'hidden' });
    // "?" opens the shortcuts; Escape closes them.
    await dark.keyboard.press('?');
    await dark.waitForSelector('#dlg-help[open]');
    assert.match(await dark.textContent('#dlg-help'), /Corner note/);
    await dark.keyboard.press('Escape');
    await dark.waitForSelector('#dlg-help:not([open])', { state: 'attached' });
    // The timer can be hidden (Settings).
    await dark.click('[data-action="settings"]');
    await dark.uncheck('#set-timer');
    await dark.keyboard.press('Escape');
    assert.equal(await dark.isVisible('#timer'), false);
    // Printing shows the grid alone: the server's picture of the position (the renderer
    // of `sudokit print`), or, until it has arrived, the board black on white.
    await dark.emulateMedia({ media: 'print' });
    for (const hidden of ['.bar', '.side']) assert.equal(await dark.isVisible(hidden), false, `${hidden} not printed`);
    await dark.waitForSelector('#print-sheet.ready img', { state: 'visible' });
    assert.equal(await dark.isVisible('#board'), false, 'the picture stands for the board');
    const src = await dark.$eval('#print-sheet img', (e) => e.src);
    assert.match(decodeURIComponent(src), /^data:image\/svg\+xml;charset=utf-8,<svg[^]*font-weight="bold"/);
    const loaded = await dark.$eval('#print-sheet img', (e) => e.naturalWidth);
    assert.ok(loaded > 0, 'the picture loads under the page policy');
    await dark.evaluate(() => document.querySelector('#print-sheet').classList.remove('ready'));
    assert.equal(await dark.isVisible('#board'), true);
    const ink = await dark.$eval('.given .value', (e) => getComputedStyle(e).color);
    assert.equal(ink, 'rgb(0, 0, 0)');
    dark.assertClean();
  });
});
