// Killer sudoku on the page: a new killer from the New game dialog, its cages drawn
// (dashed outlines, each sum in its first cell), a hint that names a killer technique,
// played to the finish screen; and a shared link that carries the cages.

import { describe, it } from 'node:test';
import { setUp, skipUnlessReady, openPage, api, waitStatus, openLink, gridLine, label, typeSolution, hasClass, assert } from './harness.mjs';

describe('killer sudoku', { skip: skipUnlessReady() }, () => {
  const env = setUp();

  it('makes a killer, draws its cages, hints and plays it to the end', async () => {
    const page = await openPage(env);
    await waitStatus(page, 'Good luck');
    const game = await api(page, 'new', { layout: 'killer', level: 'easy', seed: 5 });
    const cages = game.layout.cages;
    assert.ok(cages.length > 10, 'a 9×9 killer has cages');
    assert.equal(game.se, null, 'SE has no killer scale');
    await page.click('[data-action="new"]');
    await page.check('input[name="layout"][value="killer"]', { force: true });
    await page.check('input[name="level"][value="easy"]', { force: true });
    await page.fill('#new-seed', '5');
    await page.click('[data-action="generate"]');
    await waitStatus(page, 'Good luck', 60000);
    assert.match(await page.textContent('#info'), /Easy · 9×9 killer · seed 5/);
    assert.equal(await gridLine(page), game.puzzle);
    // Each cage's sum in its first cell; every cage outlined.
    assert.equal(await page.locator('.cage-sum').count(), cages.length);
    const first = cages[0];
    const name = (i) => `r${Math.floor(i / 9) + 1}c${(i % 9) + 1}`;
    assert.equal(await page.textContent(`[data-cell="${name(first.cells[0])}"] .cage-sum`), String(first.sum));
    assert.match(await label(page, name(first.cells[0])), new RegExp(`in a cage of ${first.cells.length} cells adding up to ${first.sum}$`));
    const outline = await page.getAttribute('.cages .outline', 'd');
    assert.ok(outline.split('M').length > cages.length, 'dashed outlines drawn');
    // A hint: a killer technique, and where to look.
    await page.keyboard.press('h');
    await waitStatus(page, 'Hint 1/4');
    const hint = await page.textContent('#hint-panel');
    assert.match(hint, /(Cage Combinations|Innies and Outies|Cage\/House Interaction)[^:]*: look at/);
    // A hint on one cage names it and shades its cells.
    const named = hint.match(/look at the (\d+)-cell (\d+) cage at (r\dc\d)/);
    if (named) {
      const cage = cages.find((k) => name(k.cells[0]) === named[3]);
      assert.equal(cage.cells.length, Number(named[1]));
      assert.equal(cage.sum, Number(named[2]));
      for (const i of cage.cells) assert.ok(await hasClass(page, name(i), 'hint-house'), `${name(i)} shaded`);
    }
    await page.keyboard.press('Escape');
    // The whole grid by keyboard from r1c1, to the finish screen.
    await page.click('[data-cell="r1c1"]');
    await typeSolution(page, game.puzzle, game.solution);
    await page.waitForSelector('#dlg-finish[open]');
    assert.equal(await gridLine(page), game.solution);
    assert.match(await page.textContent('#finish-facts'), /LevelEasy/);
    page.assertClean();
  });

  it('opens a shared killer link with its cages, and refuses bad cages with the reason', async () => {
    const page = await openPage(env);
    const game = await api(page, 'new', { layout: 'killer', level: 'medium', seed: 8 });
    const k = game.layout.cages.map((c) => `${c.sum}:${c.cells.join('.')}`).join('_');
    await openLink(page, env, `?p=${game.puzzle}&k=${encodeURIComponent(k)}`);
    assert.equal(await page.locator('.cage-sum').count(), game.layout.cages.length);
    assert.match(await page.textContent('#info'), /9×9 killer/);
    page.assertClean();
    // The engine checks cages it is sent (a 400, which the console logs).
    const bad = await api(page, 'solve', { puzzle: game.puzzle, cages: [{ sum: 18, cells: [0, 1] }] });
    assert.match(bad.error, /cages: the 2-cell cage at r1c1 has sum 18/);
  });
});
