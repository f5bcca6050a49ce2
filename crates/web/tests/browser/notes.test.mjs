// Input: corner and centre notes (modifiers, mode buttons, Space), colours,
// several cells at once (Shift+arrows, drag), givens that cannot change,
// conflicts, auto-notes, auto-clean, erase, undo / redo and restart.

import { describe, it } from 'node:test';
import { setUp, skipUnlessReady, openPage, api, openLink, gridLine, label, hasClass, assert } from './harness.mjs';

const PUZZLE = '....86.7.....9.81.798135426..6.2..8.9.......23...79...8.9.4..6...79125381......94';

describe('notes, colours, undo', { skip: skipUnlessReady() }, () => {
  const env = setUp();

  it('takes corner and centre notes by modifier, mode button and Space; colours; several cells', async () => {
    const page = await openPage(env, { path: null });
    await openLink(page, env, `?p=${PUZZLE}`);
    const k = page.keyboard;
    await k.press('Shift+1');
    await k.press('Shift+5');
    assert.equal(await label(page, 'r1c1'), 'row 1, column 1, empty, notes 1 5');
    await k.press('Shift+5'); // the same note again takes it away
    await k.press('Control+2');
    assert.equal(await label(page, 'r1c1'), 'row 1, column 1, empty, notes 1, centre notes 2');
    // Mode buttons, then Space to cycle modes.
    await page.click('[data-mode="corner"]');
    await k.press('3');
    assert.equal(await label(page, 'r1c1'), 'row 1, column 1, empty, notes 1 3, centre notes 2');
    await k.press(' ');
    assert.equal(await page.getAttribute('[data-mode="centre"]', 'aria-pressed'), 'true');
    await k.press('4');
    assert.equal(await label(page, 'r1c1'), 'row 1, column 1, empty, notes 1 3, centre notes 2 4');
    await k.press(' ');
    assert.equal(await page.getAttribute('[data-mode="color"]', 'aria-pressed'), 'true');
    await k.press('6');
    assert.match(await label(page, 'r1c1'), /colour 6$/);
    assert.equal(await page.$eval('[data-cell="r1c1"] .paint', (e) => e.style.background), 'var(--color-6)');
    await k.press(' ');
    assert.equal(await page.getAttribute('[data-mode="value"]', 'aria-pressed'), 'true');
    // Shift+arrow grows the selection; one key notes every selected cell.
    await k.press('ArrowRight');
    await k.press('Shift+ArrowRight');
    await k.press('Shift+ArrowRight');
    await k.press('Shift+7');
    for (const c of ['r1c2', 'r1c3', 'r1c4']) assert.equal(await label(page, c), `row 1, column ${c[3]}, empty, notes 7`);
    // Dragging selects a run of cells; Ctrl-click adds one more; colour them all.
    const box = async (c) => page.locator(`[data-cell="${c}"]`).boundingBox();
    const a = await box('r2c1');
    const b = await box('r2c3');
    await page.mouse.move(a.x + a.width / 2, a.y + a.height / 2);
    await page.mouse.down();
    await page.mouse.move(b.x + b.width / 2, b.y + b.height / 2, { steps: 6 });
    await page.mouse.up();
    await page.click('[data-cell="r3c9"]', { modifiers: ['Control'] });
    const selected = await page.$$eval('[aria-selected="true"]', (els) => els.map((e) => e.dataset.cell));
    assert.deepEqual(selected.sort(), ['r2c1', 'r2c2', 'r2c3', 'r3c9']);
    await k.press('Control+Shift+2');
    for (const c of selected) assert.ok(await hasClass(page, c, 'painted'), `${c} painted`);
    page.assertClean();
  });

  it('keeps givens, shows conflicts, erases, undoes and redoes without limit, restarts', async () => {
    const page = await openPage(env, { path: null });
    await openLink(page, env, `?p=${PUZZLE}`);
    const k = page.keyboard;
    await page.click('[data-cell="r1c5"]'); // a given 8
    await k.press('3');
    assert.equal(await label(page, 'r1c5'), 'row 1, column 5, 8, given');
    assert.equal(await page.isDisabled('[data-action="undo"]'), true);
    // An 8 in r1c1 clashes with the given 8 of row 1 at once.
    await page.click('[data-cell="r1c1"]');
    await k.press('8');
    assert.ok(await hasClass(page, 'r1c1', 'conflict'));
    assert.ok(await hasClass(page, 'r1c5', 'conflict'));
    assert.ok(await hasClass(page, 'r1c5', 'same'), 'cells holding the selected digit are highlighted');
    assert.ok(await hasClass(page, 'r9c1', 'peer'), 'the selected cell\'s column is highlighted');
    await k.press('Delete');
    assert.equal(await label(page, 'r1c1'), 'row 1, column 1, empty');
    assert.ok(!(await hasClass(page, 'r1c5', 'conflict')));
    // Eight moves in all (8, erase, 5, 1, 4, two corner notes, a centre note; the 9 on a given is none),
    // all undone, all redone.
    const moves = ['5', 'ArrowRight', '1', 'ArrowRight', '4', 'ArrowDown', 'Shift+3', 'Shift+5', 'ArrowLeft', 'Control+6', 'ArrowDown', '9'];
    for (const key of moves) await k.press(key);
    const full = await gridLine(page);
    const labels = await page.$$eval('[role="gridcell"]', (els) => els.map((e) => e.getAttribute('aria-label')));
    for (let i = 0; i < 11; i++) await k.press('Control+z');
    assert.equal(await gridLine(page), PUZZLE);
    assert.equal(await page.isDisabled('[data-action="undo"]'), true);
    for (let i = 0; i < 4; i++) await k.press('Control+y');
    for (let i = 0; i < 4; i++) await page.click('[data-action="redo"]');
    assert.equal(await gridLine(page), full);
    assert.deepEqual(await page.$$eval('[role="gridcell"]', (els) => els.map((e) => e.getAttribute('aria-label'))), labels);
    assert.equal(await page.isDisabled('[data-action="redo"]'), true);
    await page.click('[data-action="undo"]');
    assert.equal(await label(page, 'r2c2'), 'row 2, column 2, empty');
    // Restart goes back to the givens, as one move that Undo takes back.
    await page.click('[data-action="restart"]');
    assert.equal(await gridLine(page), PUZZLE);
    await k.press('Control+z');
    assert.equal((await gridLine(page)).slice(0, 3), '514');
    page.assertClean();
  });

  it('fills every candidate with auto-notes and cleans peers\' notes when a digit is placed', async () => {
    const page = await openPage(env, { path: null });
    await openLink(page, env, `?p=${PUZZLE}`);
    const { candidates } = await api(page, 'hint', { puzzle: PUZZLE, entries: PUZZLE });
    await page.keyboard.press('n');
    const notes = await page.$$eval('[role="gridcell"]', (els) => els.map((e) => {
      const m = /notes ([^,]+)/.exec(e.getAttribute('aria-label'));
      return m ? m[1].replace(/ /g, '') : '';
    }));
    assert.deepEqual(notes, candidates);
    // r1c1 is 5: the 5s leave row 1, column 1 and box 1's notes (auto-clean is on by default).
    assert.match(await label(page, 'r1c2'), /notes 1 2 3 4 5$/);
    await page.click('[data-cell="r1c1"]');
    await page.keyboard.press('5');
    assert.match(await label(page, 'r1c2'), /notes 1 2 3 4$/);
    assert.match(await label(page, 'r4c1'), /notes 4$/);
    // With auto-clean off (Settings), peers keep their notes.
    await page.click('[data-action="settings"]');
    await page.uncheck('#set-autoclean');
    await page.keyboard.press('Escape');
    await page.click('[data-cell="r1c2"]');
    await page.keyboard.press('1');
    assert.match(await label(page, 'r1c3'), /notes 1 2 3 4$/);
    page.assertClean();
  });
});
