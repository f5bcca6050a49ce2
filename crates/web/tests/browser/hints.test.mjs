// Hints that teach, rung by rung, on a position that needs a pointing pair; Check;
// a hint that meets a mistake; "find my first mistake" and going back before it.

import { describe, it } from 'node:test';
import { setUp, skipUnlessReady, openPage, openLink, waitStatus, gridLine, label, hasClass, assert } from './harness.mjs';

// After its singles, this Medium puzzle needs Locked Candidates (Pointing): 6 in box 8 => r9c2<>6.
const PUZZLE = '....86.7.....9.81.798135426..6.2..8.9.......23...79...8.9.4..6...79125381......94';
const BOX8 = ['r7c4', 'r7c5', 'r7c6', 'r8c4', 'r8c5', 'r8c6', 'r9c4', 'r9c5', 'r9c6'];

describe('hints and mistakes', { skip: skipUnlessReady() }, () => {
  const env = setUp();

  it('teaches a pointing pair in four rungs, the last one undoable', async () => {
    const page = await openPage(env, { path: null });
    await openLink(page, env, `?p=${PUZZLE}`);
    const hintButton = '#tools [data-action="hint"]';
    // Rung 1: the technique and where to look.
    await page.keyboard.press('h');
    await waitStatus(page, 'Hint 1/4: Locked Candidates (Pointing)');
    assert.match(await page.textContent('#status'), /box 8/);
    for (const c of BOX8) assert.ok(await hasClass(page, c, 'hint-house'), `${c} in the house to look at`);
    assert.ok(!(await hasClass(page, 'r1c1', 'hint-house')));
    assert.equal(await page.textContent(hintButton), 'Show pattern');
    // Rung 2: the pattern's candidates, shown even in cells without notes.
    await page.click(hintButton);
    await waitStatus(page, 'Hint 2/4');
    for (const c of ['r9c4', 'r9c5']) assert.equal(await page.textContent(`[data-cell="${c}"] .note.hl`), '6');
    assert.equal(await page.$('[data-cell="r9c2"] .note.elim'), null, 'no elimination shown yet');
    // Rung 3: what it proves, with the eliminated candidate struck.
    await page.click(hintButton);
    await waitStatus(page, 'Hint 3/4: In box 8, 6 can only be');
    assert.equal(await page.textContent('[data-cell="r9c2"] .note.elim'), '6');
    assert.equal(await page.textContent(hintButton), 'Apply hint');
    // Rung 4: applied. r9c2 had no notes: it gets its candidates, less the 6.
    await page.click(hintButton);
    await waitStatus(page, 'Applied: Locked Candidates (Pointing): 6 in b8 => r9c2<>6');
    assert.equal(await label(page, 'r9c2'), 'row 9, column 2, empty, notes 2 3 5');
    assert.equal(await page.$('.hint-house'), null, 'the hint is gone from the grid');
    await page.keyboard.press('Control+z');
    assert.equal(await label(page, 'r9c2'), 'row 9, column 2, empty');
    page.assertClean();
  });

  it('names a wrong entry before any hint, and finds the first mistake to go back to', async () => {
    const page = await openPage(env, { path: null });
    await openLink(page, env, `?p=${PUZZLE}`);
    const k = page.keyboard;
    // Moves: r1c1=5 (right), r1c2=2 (wrong: 1), r1c3=4 (right), notes of r2c1 without its 2.
    await k.press('5');
    await k.press('ArrowRight');
    await k.press('2');
    await k.press('ArrowRight');
    await k.press('4');
    await page.click('[data-cell="r2c1"]');
    await k.press('Shift+3');
    // Check (K) marks the wrong digit.
    await k.press('k');
    await waitStatus(page, '1 wrong digit, marked in red.');
    assert.ok(await hasClass(page, 'r1c2', 'wrong'));
    assert.ok(!(await hasClass(page, 'r1c1', 'wrong')));
    await k.press('h');
    await waitStatus(page, 'There is a mistake first: r1c2 holds 2');
    assert.ok(await hasClass(page, 'r1c2', 'mistake'));
    // "First mistake" walks the history: move 2 put the wrong 2.
    await page.click('[data-action="mistake"]');
    await waitStatus(page, 'Your first mistake is move 2 (r1c2 = 2): r1c2 holds 2, but the solution has 1 there.');
    await page.click('#status-actions [data-action="rewind"]');
    await waitStatus(page, 'Back to just before move 2');
    assert.equal((await gridLine(page)).slice(0, 3), '5..');
    assert.equal(await label(page, 'r2c1'), 'row 2, column 1, empty');
    // A note list that lost the solution's digit is a mistake too.
    await page.click('[data-cell="r2c1"]');
    await k.press('Shift+3');
    await k.press('m');
    await waitStatus(page, 'the notes of r2c1 lost 2, the solution\'s digit');
    // Undo takes the going-back away again.
    await k.press('Control+z');
    await k.press('Control+z');
    assert.equal((await gridLine(page)).slice(0, 3), '524');
    page.assertClean();
  });
});
