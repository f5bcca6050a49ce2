// Other layouts and screens: a 16×16 game (digits A-G), a jigsaw game, and a
// 360-pixel-wide phone, where the grid fits and the keypad is used by touch.

import { describe, it } from 'node:test';
import { readFileSync } from 'node:fs';
import { setUp, skipUnlessReady, openPage, api, waitStatus, label, hasClass, assert } from './harness.mjs';

async function newGame(page, layout, level, seed) {
  await page.click('[data-action="new"]');
  await page.check(`input[name="layout"][value="${layout}"]`, { force: true });
  await page.check(`input[name="level"][value="${level}"]`, { force: true });
  await page.fill('#new-seed', String(seed));
  await page.click('[data-action="generate"]');
  await waitStatus(page, 'Good luck', 30000);
}

const PUZZLE = '....86.7.....9.81.798135426..6.2..8.9.......23...79...8.9.4..6...79125381......94';

function firstBlank(puzzle, side, from = 0) {
  const i = puzzle.indexOf('.', from);
  return { i, cell: `r${Math.floor(i / side) + 1}c${(i % side) + 1}` };
}

describe('layouts and phones', { skip: skipUnlessReady() }, () => {
  const env = setUp();

  it('plays 16×16 with 1-9 and A-G', async () => {
    const page = await openPage(env);
    await waitStatus(page, 'Good luck');
    const game = await api(page, 'new', { layout: '16x16', level: 'easy', seed: 11 });
    await newGame(page, '16x16', 'easy', 11);
    assert.equal(await page.locator('[role="gridcell"]').count(), 256);
    assert.equal(await page.locator('#keypad [data-action="digit"]').count(), 16);
    assert.match(await page.textContent('#info'), /16×16 · seed 11/);
    // A blank whose solution is a letter: typed in lower case, shown in capitals.
    let at = firstBlank(game.puzzle, 16);
    while (!/[A-G]/.test(game.solution[at.i])) at = firstBlank(game.puzzle, 16, at.i + 1);
    await page.click(`[data-cell="${at.cell}"]`);
    await page.keyboard.press(game.solution[at.i].toLowerCase());
    assert.match(await label(page, at.cell), new RegExp(`, ${game.solution[at.i]}$`));
    await page.keyboard.press('Shift+g');
    await page.keyboard.press('Delete');
    await page.keyboard.press('Shift+g');
    await page.keyboard.press('Shift+9');
    assert.match(await label(page, at.cell), /empty, notes 9 G$/);
    page.assertClean();
  });

  it('plays jigsaw', async () => {
    const page = await openPage(env);
    await waitStatus(page, 'Good luck');
    const game = await api(page, 'new', { layout: 'jigsaw', level: 'easy', seed: 4 });
    await newGame(page, 'jigsaw', 'easy', 4);
    assert.match(await page.textContent('#info'), /Easy · 9×9 jigsaw · seed 4/);
    const at = firstBlank(game.puzzle, 9);
    await page.click(`[data-cell="${at.cell}"]`);
    await page.keyboard.press(game.solution[at.i]);
    assert.match(await label(page, at.cell), new RegExp(`, ${game.solution[at.i]}$`));
    // The selected cell's jigsaw region is highlighted, not a 3×3 box.
    const region = game.layout.regions;
    for (let j = 0; j < 81; j++) {
      if (j === at.i || region[j] !== region[at.i]) continue;
      assert.ok(await hasClass(page, `r${Math.floor(j / 9) + 1}c${(j % 9) + 1}`, 'peer'));
    }
    page.assertClean();
  });

  it('fits a 360-pixel phone; cells and keypad work by touch', async () => {
    const context = await env.browser.newContext({ viewport: { width: 360, height: 740 }, hasTouch: true, isMobile: true });
    const page = await context.newPage();
    await page.goto(`${env.url}?p=${PUZZLE}`);
    await waitStatus(page, /opened|Rated/);
    const width = await page.evaluate(() => document.documentElement.scrollWidth);
    assert.ok(width <= 360, `no sideways scrolling (page is ${width} px wide)`);
    const board = await page.locator('#board').boundingBox();
    assert.ok(board.x >= 0 && board.x + board.width <= 360, 'the grid fits the width');
    assert.ok(board.width >= 320, `the grid uses the width (${board.width} px)`);
    const pad = await page.locator('#keypad').boundingBox();
    assert.ok(pad.y >= board.y + board.height, 'the keypad is under the grid');
    assert.ok(pad.y + pad.height <= 740, 'the keypad is on screen without scrolling');
    const key = await page.locator('#keypad [data-digit="5"]').boundingBox();
    assert.ok(key.width >= 32 && key.height >= 44, `keys are big enough to tap (${key.width}×${key.height})`);
    const blank = 'r1c1';
    await page.tap(`[data-cell="${blank}"]`);
    await page.tap('#keypad [data-digit="5"]');
    assert.equal(await label(page, blank), 'row 1, column 1, 5');
    await page.tap('[data-mode="corner"]');
    await page.tap('#tools [data-action="erase"]');
    await page.tap('#keypad [data-digit="3"]');
    assert.match(await label(page, blank), /empty, notes 3$/);
    await context.close();
  });

  it('zooms 16×16 on a phone: cells big enough to read, panned by a finger, a tap picks a cell', async () => {
    const context = await env.browser.newContext({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true, deviceScaleFactor: 2 });
    const page = await context.newPage();
    await page.goto(env.url);
    await waitStatus(page, 'Good luck');
    const game = await api(page, 'new', { layout: '16x16', level: 'easy', seed: 11 });
    await page.goto(`${env.url}?p=${game.puzzle}`);
    await waitStatus(page, /opened|Rated/, 30000);
    await page.tap('[data-action="autonotes"]');
    const sizes = () => page.evaluate(() => {
      const cell = document.querySelector('[role="gridcell"]:not(.given)');
      const notes = cell.querySelector('.notes');
      return { cell: cell.getBoundingClientRect().width, note: notes ? parseFloat(getComputedStyle(notes).fontSize) : 0, page: document.documentElement.scrollWidth };
    });
    let s = await sizes();
    assert.ok(s.cell >= 36, `cells are ${s.cell} px`);
    assert.ok(s.note >= 8, `notes are ${s.note} px`);
    assert.ok(s.page <= 390, 'the page itself does not scroll sideways');
    // The grid pans inside its window; a tap on a cell picks it.
    const win = await page.locator('.play').boundingBox();
    assert.ok(win.width <= 390 && win.height < 400, `the grid's window is ${win.width}×${win.height}`);
    const blank = firstBlank(game.puzzle, 16, 16 * 9 + 10);
    await page.locator(`[data-cell="${blank.cell}"]`).scrollIntoViewIfNeeded();
    await page.tap(`[data-cell="${blank.cell}"]`);
    assert.equal(await page.evaluate(() => document.activeElement.dataset.cell), blank.cell);
    // The whole grid on request (remembered), and back.
    await page.tap('[data-action="zoom"]');
    s = await sizes();
    assert.ok(s.cell < 25, `the whole grid: ${s.cell} px cells`);
    assert.equal(await page.textContent('[data-action="zoom"]'), 'Zoom in');
    await page.tap('[data-action="zoom"]');
    assert.ok((await sizes()).cell >= 36);
    await context.close();
  });

  it('keeps a phone\'s page on the screen under a long hint, the grid in view', async () => {
    const context = await env.browser.newContext({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });
    const page = await context.newPage();
    // A position (of a 17-clue puzzle) whose next step is a Skyscraper: a long explanation.
    const at = '.37..1.52..5..7.311.2.5374.2.37.51.4.761425.3514.3..27..9318275758..431.32157.4..';
    await page.goto(`${env.url}?p=${at}`);
    await waitStatus(page, /opened|Rated|one solution/, 30000);
    for (let k = 1; k <= 3; k++) {
      await page.tap('[data-action="hint"]');
      await waitStatus(page, `Hint ${k}/4`);
    }
    const fit = await page.evaluate(() => ({
      page: document.documentElement.scrollHeight,
      grid: document.querySelector('#board').getBoundingClientRect().top,
      panel: document.querySelector('.messages').scrollHeight > document.querySelector('.messages').clientHeight,
    }));
    assert.ok(fit.page <= 844 + 1, `the page is ${fit.page} px tall`);
    assert.ok(fit.grid >= 0, 'the grid is still at the top');
    assert.ok(fit.panel, 'the explanation scrolls in its own panel');
    await context.close();
  });

  it('fits a pasted 25×25 in an 800-pixel window; its letters are digits, Alt+Shift+letter the commands', async () => {
    const page = await openPage(env);
    await waitStatus(page, 'Good luck');
    const text = readFileSync(new URL('../../../../examples/twenty-five.txt', import.meta.url), 'utf8');
    await page.click('[data-action="new"]');
    await page.click('[data-tab="tab-own"]');
    await page.fill('#own-text', text);
    await page.click('[data-action="own-play"]');
    await waitStatus(page, /Rated/, 60000);
    for (const sel of ['#keypad [data-digit="25"]', '#tools [data-action="restart"]']) {
      const box = await page.locator(sel).boundingBox();
      assert.ok(box.y + box.height <= 800, `${sel} is on screen (bottom at ${box.y + box.height})`);
    }
    assert.match(await page.getAttribute('[data-action="hint"]', 'title'), /\(Alt\+Shift\+H\)$/);
    // Off 9×9, SE is an analogy: the header does not show a number that suggests precision.
    assert.doesNotMatch(await page.textContent('#info'), /SE/);
    const puzzle = await page.evaluate(() => [...document.querySelectorAll('[role="gridcell"]')].map((c) => (c.classList.contains('given') ? 'x' : '.')).join(''));
    const blank = firstBlank(puzzle, 25);
    await page.click(`[data-cell="${blank.cell}"]`);
    await page.keyboard.press('h');
    assert.match(await label(page, blank.cell), /, H(,|$)/, 'h types the digit H');
    assert.equal(await page.isVisible('#hint-panel'), false);
    await page.keyboard.press('Backspace');
    await page.keyboard.press('Alt+Shift+KeyH');
    await waitStatus(page, 'Hint 1/4');
    page.assertClean();
  });

  it('shows every keyboard shortcut without scrolling in an 800-pixel window', async () => {
    const page = await openPage(env);
    await waitStatus(page, 'Good luck');
    await page.keyboard.press('?');
    await page.waitForSelector('#dlg-help[open]');
    const d = await page.evaluate(() => {
      const dlg = document.querySelector('#dlg-help');
      return { h: dlg.getBoundingClientRect().height, scrolls: dlg.scrollHeight > dlg.clientHeight + 1 };
    });
    assert.ok(d.h <= 760 && !d.scrolls, `the help is ${d.h} px tall${d.scrolls ? ' and scrolls' : ''}`);
  });
});
