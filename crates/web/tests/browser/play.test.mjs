// Playing: a whole Easy 9×9 puzzle with the keyboard alone, the New game dialog,
// shared links (jigsaw, sudoku-X, the Share button), and entering your own puzzle.

import { describe, it } from 'node:test';
import { setUp, skipUnlessReady, openPage, api, waitStatus, openLink, gridLine, hasClass, typeSolution, assert } from './harness.mjs';

describe('playing', { skip: skipUnlessReady() }, () => {
  const env = setUp();

  it('plays an Easy 9×9 puzzle to the finish screen with the keyboard alone', async () => {
    const page = await openPage(env);
    const game = await api(page, 'new', { layout: '9x9', level: 'easy', seed: 20260101 });
    await openLink(page, env, `?p=${game.puzzle}`);
    assert.equal(await gridLine(page), game.puzzle);
    // An ARIA grid of rows of cells, one of them in the tab order (roving tabindex).
    assert.equal(await page.locator('[role="grid"] > [role="row"]').count(), 9);
    assert.equal(await page.locator('[role="row"] > [role="gridcell"]').count(), 81);
    assert.equal(await page.locator('[role="gridcell"][tabindex="0"]').count(), 1);
    // The grid has the focus on r1c1; nothing but keys from here on.
    assert.equal(await page.evaluate(() => document.activeElement.dataset.cell), 'r1c1');
    assert.equal(await page.getAttribute('[data-cell="r1c1"]', 'aria-selected'), 'true');
    await typeSolution(page, game.puzzle, game.solution);
    await page.waitForSelector('#dlg-finish[open]');
    assert.equal(await gridLine(page), game.solution);
    const facts = await page.textContent('#finish-facts');
    assert.match(facts, /Time\d+:\d\d/);
    assert.match(facts, /LevelEasy/);
    assert.match(facts, /SE rating\d\.\d/);
    const techniques = await page.textContent('#finish-techniques');
    for (const name of Object.keys(game.techniques)) assert.ok(techniques.includes(name), `${name} listed`);
    await waitStatus(page, 'Solved!');
    // Escape closes the finish screen; the solved grid stays.
    await page.keyboard.press('Escape');
    await page.waitForSelector('#dlg-finish:not([open])', { state: 'attached' });
    page.assertClean();
  });

  it('starts a seeded game from the New game dialog, by keyboard', async () => {
    const page = await openPage(env);
    await waitStatus(page, 'Good luck');
    const want = await api(page, 'new', { layout: '9x9', level: 'medium', seed: 42 });
    await page.focus('[data-action="new"]');
    await page.keyboard.press('Enter');
    await page.waitForSelector('#dlg-new[open]');
    assert.equal(await page.evaluate(() => document.activeElement.value), 'easy');
    await page.keyboard.press('ArrowRight'); // level: medium
    await page.keyboard.press('Tab'); // layout group (9×9 checked)
    await page.keyboard.press('Tab'); // seed
    await page.keyboard.type('42');
    await page.keyboard.press('Enter');
    await waitStatus(page, 'Good luck');
    assert.equal(await gridLine(page), want.puzzle);
    assert.match(await page.textContent('#info'), /Medium · 9×9 · seed 42/);
    // Escape closes the dialog and gives the focus back.
    await page.focus('[data-action="new"]');
    await page.keyboard.press('Enter');
    await page.waitForSelector('#dlg-new[open]');
    await page.keyboard.press('Escape');
    await page.waitForSelector('#dlg-new:not([open])', { state: 'attached' });
    assert.equal(await page.evaluate(() => document.activeElement.dataset.action), 'new');
    page.assertClean();
  });

  it('opens shared links: jigsaw regions, sudoku-X, and the Share button\'s link', async () => {
    const page = await openPage(env);
    const jig = await api(page, 'new', { layout: 'jigsaw', level: 'easy', seed: 7 });
    await openLink(page, env, `?p=${jig.puzzle}&r=${jig.layout.regions}`);
    assert.equal(await gridLine(page), jig.puzzle);
    assert.match(await page.textContent('#info'), /9×9 jigsaw/);
    // A thick line wherever neighbouring regions differ: count the segments.
    const thick = await page.getAttribute('.lines .thick', 'd');
    const regions = jig.layout.regions;
    let boundaries = 0;
    for (let i = 0; i < 81; i++) {
      if (i % 9 < 8 && regions[i] !== regions[i + 1]) boundaries++;
      if (i < 72 && regions[i] !== regions[i + 9]) boundaries++;
    }
    assert.equal(thick.match(/M/g).length, boundaries);

    const x = await api(page, 'new', { layout: 'x', level: 'easy', seed: 3 });
    await openLink(page, env, `?p=${x.puzzle}&x=1`);
    assert.equal(await gridLine(page), x.puzzle);
    assert.ok(await hasClass(page, 'r5c5', 'diag'));
    assert.ok(await hasClass(page, 'r1c9', 'diag'));
    assert.ok(!(await hasClass(page, 'r1c2', 'diag')));

    // Share copies (or shows) a link; opening it elsewhere gives the same puzzle.
    await page.click('[data-action="share"]');
    await page.waitForSelector('#status-actions input.link');
    const link = await page.inputValue('#status-actions input.link');
    assert.match(link, /\?p=[1-9.]{81}&x=1$/);
    const other = await openPage(env, { path: null });
    await other.goto(link);
    await waitStatus(other, /opened|Rated/);
    assert.equal(await gridLine(other), x.puzzle);
    assert.match(await other.textContent('#info'), /9×9 X/);
    page.assertClean();
    other.assertClean();
  });

  it('enters your own puzzle: faults are named and highlighted, fixed, then rated', async () => {
    const page = await openPage(env);
    await waitStatus(page, 'Good luck');
    const bad = `11..86.7.....9.81.798135426..6.2..8.9.......23...79...8.9.4..6...79125381......94`;
    await page.click('[data-action="new"]');
    await page.click('[data-tab="tab-own"]');
    // A line cut short, and a stray letter, are told in a player's words.
    await page.fill('#own-text', bad.slice(1));
    await page.click('[data-action="own-play"]');
    await page.waitForFunction(() => /80 cells where a 9×9 puzzle has 81: 1 missing/.test(document.querySelector('#own-error').textContent));
    assert.match(await page.textContent('#own-error'), /^The puzzle, line 1: 80 cells/);
    await page.fill('#own-text', `${bad.slice(0, 6)}w${bad.slice(7)}`);
    await page.click('[data-action="own-play"]');
    await page.waitForFunction(() => /character 7: unexpected character 'w' \(digits are 1-9/.test(document.querySelector('#own-error').textContent));
    // (Chromium logs the two 400 answers as failed loads: expected here.)
    assert.equal(page.problems.filter((p) => !/status of 400/.test(p)).length, 0);
    page.problems.length = 0;
    // An unsolvable puzzle names what proves it.
    await page.fill('#own-text', '12345678.........9...............................................................');
    await page.click('[data-action="own-play"]');
    await waitStatus(page, 'r1c9 has no candidate left');
    assert.ok(await hasClass(page, 'r1c9', 'fault'));
    await page.click('[data-action="new"]');
    await page.click('[data-tab="tab-own"]');
    await page.fill('#own-text', bad);
    await page.click('[data-action="own-play"]');
    await waitStatus(page, 'twice in row 1');
    assert.ok(await hasClass(page, 'r1c1', 'fault'));
    assert.ok(await hasClass(page, 'r1c2', 'fault'));
    // The grid now holds the givens for editing: remove the stray 1 and start.
    await page.click('[data-cell="r1c1"]');
    await page.keyboard.press('Delete');
    await page.click('[data-action="setup-start"]');
    // Sudoku Explainer rates it 2.5 (serate 1.2.1.3: a direct hidden triplet).
    await waitStatus(page, /Rated Medium, SE 2\.5/);
    assert.match(await page.textContent('#info'), /Medium · 9×9 · SE 2\.5/);
    assert.equal((await gridLine(page))[0], '.');

    // Typing givens into an empty 4×4 grid.
    const small = await api(page, 'new', { layout: '4x4', level: 'easy', seed: 1 });
    await page.click('[data-action="new"]');
    await page.click('[data-tab="tab-own"]');
    await page.selectOption('#own-size', '4x4');
    await page.click('[data-action="own-empty"]');
    await waitStatus(page, 'Type the givens');
    const toType = small.puzzle.replace(/[^.]/g, '_').replace(/\./g, 'x').replace(/_/g, '.');
    await typeSolution(page, toType, small.puzzle, 4);
    await page.click('[data-action="setup-start"]');
    await waitStatus(page, /Rated Easy/);
    assert.equal(await gridLine(page), small.puzzle);
    assert.ok(await hasClass(page, 'r2c4', 'given'));
    page.assertClean();
  });
});
