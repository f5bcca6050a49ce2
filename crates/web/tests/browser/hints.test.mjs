// Hints that teach, rung by rung: a pointing pair's houses, pattern, explanation and
// application; a Skyscraper's links drawn over the grid; Snyder notes that do not block
// a hint; Check and "find my first mistake" (wrong digits before notes, the right digit
// only when asked); the Learn view and its practice game.

import { describe, it } from 'node:test';
import { setUp, skipUnlessReady, openPage, openLink, waitStatus, gridLine, label, hasClass, assert } from './harness.mjs';

// After its singles, this Medium puzzle needs Locked Candidates (Pointing): 6 in box 8 => r9c2<>6.
const PUZZLE = '....86.7.....9.81.798135426..6.2..8.9.......23...79...8.9.4..6...79125381......94';
const BOX8 = ['r7c4', 'r7c5', 'r7c6', 'r8c4', 'r8c5', 'r8c6', 'r9c4', 'r9c5', 'r9c6'];
// A 17-clue puzzle, and a position of it (its singles placed) whose next step is a
// Skyscraper on 6: (6)r6c6=(6)r9c6-(6)r9c8=(6)r4c8 => r4c5,r6c7<>6.
const SKY = '.................1..2..3.4......5.....6..25...14.....7....1...5..8...3...2..7....';
const SKY_AT = '.37..1.52..5..7.311.2.5374.2.37.51.4.761425.3514.3..27..9318275758..431.32157.4..';

/** Wait until the hint panel contains the text. */
async function waitHint(page, text, timeout = 20000) {
  await page.waitForFunction((t) => {
    const p = document.querySelector('#hint-panel');
    return p && !p.hidden && p.textContent.includes(t);
  }, text, { timeout });
}

/** Type the digits of `line` that `puzzle` leaves blank. */
async function fill(page, puzzle, line) {
  for (let i = 0; i < line.length; i++) {
    if (line[i] !== '.' && puzzle[i] === '.') {
      await page.click(`[data-cell="r${Math.floor(i / 9) + 1}c${(i % 9) + 1}"]`);
      await page.keyboard.press(line[i]);
    }
  }
}

describe('hints and mistakes', { skip: skipUnlessReady() }, () => {
  const env = setUp();

  it('teaches a pointing pair in four rungs, the last one undoable', async () => {
    const page = await openPage(env, { path: null });
    await openLink(page, env, `?p=${PUZZLE}`);
    const hintButton = '#tools [data-action="hint"]';
    // Rung 1: the technique and its two houses, the box and the line.
    await page.keyboard.press('h');
    await waitStatus(page, 'Hint 1/4');
    await waitHint(page, 'Locked Candidates (Pointing): look at box 8 and row 9');
    for (const c of BOX8) assert.ok(await hasClass(page, c, 'hint-house'), `${c} in a house to look at`);
    assert.ok(await hasClass(page, 'r9c1', 'hint-house'), 'the line too');
    assert.ok(!(await hasClass(page, 'r1c1', 'hint-house')));
    assert.equal(await page.textContent(hintButton), 'Show pattern');
    // Rung 2: the pattern's candidates (shown even in cells without notes), the box as
    // base and the line as cover.
    await page.click(hintButton);
    await waitStatus(page, 'Hint 2/4');
    for (const c of ['r9c4', 'r9c5']) assert.equal(await page.textContent(`[data-cell="${c}"] .note.hl`), '6');
    assert.ok(await hasClass(page, 'r7c4', 'hint-base') && await hasClass(page, 'r9c1', 'hint-cover'));
    assert.equal(await page.$('[data-cell="r9c2"] .note.elim'), null, 'no elimination shown yet');
    // Rung 3: the explanation, numbered, in words; the eliminated candidate struck.
    await page.click(hintButton);
    await waitStatus(page, 'Hint 3/4');
    await waitHint(page, 'So r9c2 cannot be 6.');
    const lines = await page.$$eval('#hint-panel .line', (ls) => ls.map((l) => l.textContent));
    assert.match(lines[0], /^Locked Candidates \(Pointing\): in box 8, 6 can only go where it meets row 9\.$/);
    assert.match(lines[1], /^1\. In box 8, the 6s are all in r9c4 and r9c5/);
    assert.ok(lines.every((l) => !/<>|=|\(\d\)r\d/.test(l)), `no notation: ${lines}`);
    assert.equal(await page.textContent('[data-cell="r9c2"] .note.elim'), '6');
    assert.equal(await page.textContent(hintButton), 'Apply hint');
    // Pointing at a line of the explanation outlines its cells.
    await page.hover('#hint-panel .line.step');
    assert.ok(await hasClass(page, 'r9c4', 'line-focus'));
    // The expert notation only when asked for in the settings.
    assert.ok(await page.$eval('#hint-panel .hint-notation', (e) => e.hidden));
    // Rung 4: applied. No cell had notes: every empty cell takes its candidates, r9c2
    // without the 6.
    await page.click(hintButton);
    await waitStatus(page, 'Applied the Locked Candidates (Pointing). So r9c2 cannot be 6.');
    assert.equal(await label(page, 'r9c2'), 'row 9, column 2, empty, notes 2 3 5');
    assert.equal(await page.$('.hint-house'), null, 'the hint is gone from the grid');
    await page.keyboard.press('Control+z');
    assert.equal(await label(page, 'r9c2'), 'row 9, column 2, empty');
    page.assertClean();
  });

  it('draws a Skyscraper: two strong links, one weak link, an arrow each', async () => {
    const page = await openPage(env, { path: null });
    await openLink(page, env, `?p=${SKY}`);
    await fill(page, SKY, SKY_AT);
    for (const k of [1, 2, 3]) {
      await page.keyboard.press('h');
      await waitStatus(page, `Hint ${k}/4`);
    }
    await waitHint(page, 'Skyscraper: in columns 6 and 8');
    const links = await page.$$eval('#board svg.links .link', (ls) => ls.map((l) => l.getAttribute('class')));
    assert.equal(links.filter((c) => c.includes('strong')).length, 2, `${links}`);
    assert.equal(links.filter((c) => c.includes('weak')).length, 1, `${links}`);
    assert.equal(await page.$$eval('#board svg.links .head', (h) => h.length), 3, 'one arrow per link');
    // The weak link is dashed, and every link is drawn inside the grid.
    const dashed = await page.$eval('#board svg.links .link.weak .curve', (c) => getComputedStyle(c).strokeDasharray);
    assert.notEqual(dashed, 'none');
    const inside = await page.$$eval('#board svg.links .curve', (cs) => cs.every((c) => {
      const b = c.getBBox();
      return b.x >= 0 && b.y >= 0 && b.x + b.width <= 9 && b.y + b.height <= 9;
    }));
    assert.ok(inside, 'the links stay on the grid');
    // One numbered line per link.
    const steps = await page.$$eval('#hint-panel .line.step', (ls) => ls.map((l) => l.textContent));
    assert.equal(steps.length, 3, `${steps}`);
    assert.match(steps[0], /^1\. If r6c6 is not 6, then r9c6 is 6: they are the only 6s in column 6\.$/);
    page.assertClean();
  });

  it('does not let Snyder notes block a hint, and says once that it uses every candidate', async () => {
    const page = await openPage(env, { path: null });
    await openLink(page, env, `?p=${PUZZLE}`);
    // 5 pencilled in two cells of box 1 (only one is its place: r1c1 is 5).
    await page.click('[data-cell="r1c1"]');
    await page.keyboard.press('Shift+5');
    await page.click('[data-cell="r1c2"]');
    await page.keyboard.press('Shift+5');
    await page.keyboard.press('h');
    await waitStatus(page, 'Hint 1/4');
    await waitHint(page, 'Locked Candidates (Pointing)');
    assert.ok(!(await page.$eval('#hint-panel .hint-notice', (n) => n.hidden)), 'the notice shows');
    await page.click('[data-action="dismiss-notice"]');
    assert.ok(await page.$eval('#hint-panel .hint-notice', (n) => n.hidden));
    // Asked again, it does not come back.
    await page.keyboard.press('Escape');
    await page.keyboard.press('h');
    await waitStatus(page, 'Hint 1/4');
    assert.ok(await page.$eval('#hint-panel .hint-notice', (n) => n.hidden), 'once only');
    page.assertClean();
  });

  it('names a wrong entry before any hint, and finds wrong digits before notes', async () => {
    const page = await openPage(env, { path: null });
    await openLink(page, env, `?p=${PUZZLE}`);
    const k = page.keyboard;
    // Auto-notes (complete notes), then r2c1's notes lose its 2 (move 2), then r1c1=5
    // (right), r1c2=2 (wrong: 1): the wrong digit is named first, though it came later.
    await k.press('n');
    await page.click('[data-cell="r2c1"]');
    await k.press('Shift+2');
    await page.click('[data-cell="r1c1"]');
    await k.press('5');
    await k.press('ArrowRight');
    await k.press('2');
    // Check (K) marks the wrong digit, and rings the given it clashes with apart.
    await k.press('k');
    await waitStatus(page, '1 wrong digit, marked in red.');
    assert.ok(await hasClass(page, 'r1c2', 'wrong'));
    assert.ok(!(await hasClass(page, 'r1c1', 'wrong')));
    await k.press('h');
    await waitStatus(page, 'There is a mistake first: r1c2 holds 2');
    assert.ok(await hasClass(page, 'r1c2', 'mistake'));
    // "First mistake": the wrong digit, without the right one until asked.
    await page.click('[data-action="mistake"]');
    await waitStatus(page, 'Your first mistake is move 4 (r1c2 = 2): r1c2 holds 2, which is not its digit.');
    await page.click('#status-actions [data-action="reveal"]');
    await waitStatus(page, 'r1c2 holds 1 in the solution.');
    await page.click('[data-action="mistake"]');
    await page.click('#status-actions [data-action="rewind"]');
    await waitStatus(page, 'Back to just before move 4');
    assert.equal((await gridLine(page)).slice(0, 3), '5..');
    // Then the notes that lost r2c1's digit.
    await k.press('m');
    await waitStatus(page, 'Your first mistake is move 2');
    await waitStatus(page, 'the notes of r2c1 leave out its digit');
    page.assertClean();
  });

  it('opens a lesson from Learn, and a practice game that needs its technique', async () => {
    const page = await openPage(env, { path: null });
    await openLink(page, env, `?p=${PUZZLE}`);
    await page.click('[data-action="learn"]');
    await page.waitForSelector('#learn-list [data-name="X-Wing"]');
    const levels = await page.$$eval('#learn-list h3', (hs) => hs.map((h) => h.textContent));
    assert.deepEqual(levels, ['Easy', 'Medium', 'Hard', 'Unfair', 'Extreme']);
    await page.click('#learn-list [data-name="X-Wing"]');
    await page.waitForSelector('#lesson figure img');
    const lesson = await page.textContent('#lesson');
    assert.match(lesson, /X-Wing on 3: in rows 3 and 7, 3 fits only in columns 3 and 4\./);
    assert.match(lesson, /Two rows where a digit fits only in the same two columns/);
    await page.click('#lesson [data-action="practise"]');
    await waitStatus(page, /New .*puzzle/, 60000);
    // The new game's path uses the X-Wing: its rating lists it.
    const info = await page.evaluate(() => {
      const { id } = JSON.parse(localStorage.getItem('sudokit.games'))[0];
      return JSON.parse(localStorage.getItem(`sudokit.game.${id}`)).info;
    });
    assert.ok(info.techniques && info.techniques['X-Wing'] > 0, JSON.stringify(info));
    page.assertClean();
  });
});
