// Other layouts and screens: a 16×16 game (digits A-G), a jigsaw game, and a
// 360-pixel-wide phone, where the grid fits and the keypad is used by touch.

import { describe, it } from 'node:test';
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
});
