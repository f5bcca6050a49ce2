// Unit tests of the page's model (crates/web/assets/model.js): pure state and
// update functions, no browser. Run: node --test crates/web/tests/model.test.mjs

import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import * as M from '../assets/model.js';

// Medium: after its singles it needs a pointing pair. Solution below.
const PUZZLE = '....86.7.....9.81.798135426..6.2..8.9.......23...79...8.9.4..6...79125381......94';
const SOLUTION = '514286973263794815798135426456321789971658342382479651829543167647912538135867294';

function game(extra = {}) {
  return M.newGame({ layout: M.makeLayout(9), puzzle: PUZZLE, solution: SOLUTION, ...extra });
}

/** Apply actions in order. */
function play(state, ...actions) {
  return actions.reduce(M.update, state);
}

const at = (name) => M.cellIndex(name, 9);
const sel = (name, how) => ({ type: 'select', cell: at(name), how });
const digit = (d, mode) => ({ type: 'input', digit: d, mode });
const board = (s) => M.currentBoard(s);

describe('symbols, names, layouts', () => {
  it('maps digits to symbols 1-9 then A-G, in any case', () => {
    assert.equal(M.symbol(9), '9');
    assert.equal(M.symbol(10), 'A');
    assert.equal(M.symbol(16), 'G');
    assert.equal(M.digitOf('g', 16), 16);
    assert.equal(M.digitOf('G', 9), 0);
    assert.equal(M.digitOf('.', 9), 0);
    assert.deepEqual(M.parseLine('1.A', 16), [1, 0, 10]);
    assert.equal(M.toLine([1, 0, 16]), '1.G');
  });

  it('names cells r<row>c<col>', () => {
    assert.equal(M.cellName(0, 9), 'r1c1');
    assert.equal(M.cellName(80, 9), 'r9c9');
    assert.equal(M.cellName(16 * 9 + 11, 16), 'r10c12');
    assert.equal(M.cellIndex('r10c12', 16), 16 * 9 + 11);
    assert.equal(M.cellIndex('r10c1', 9), -1);
    assert.equal(M.cellIndex('nonsense', 9), -1);
  });

  it('makes box regions and default boxes', () => {
    assert.equal(M.defaultBox(9), '3x3');
    assert.equal(M.defaultBox(6), '2x3');
    assert.equal(M.defaultBox(16), '4x4');
    assert.equal(M.boxRegions(4, '2x2'), '1122112233443344');
    assert.equal(M.boxRegions(6, '2x3').slice(0, 12), '111222111222');
    const l = M.makeLayout(9);
    assert.deepEqual([l.side, l.box, l.diagonals], [9, '3x3', false]);
    assert.equal(M.layoutName(M.makeLayout(9, { diagonals: true })), '9×9 X');
    assert.equal(M.layoutName(M.makeLayout(9, { regions: '1'.repeat(81) })), '9×9 jigsaw');
  });

  it('finds peers in rows, columns, boxes, jigsaw regions and diagonals', () => {
    const g = M.geometry(M.makeLayout(9));
    assert.equal(g.peers[0].length, 20);
    assert.equal(M.geometry(M.makeLayout(9, { diagonals: true })).peers[0].length, 26);
    assert.equal(M.geometry(M.makeLayout(9, { diagonals: true })).peers[40].length, 32);
    assert.equal(M.geometry(M.makeLayout(16)).peers[0].length, 39);
    // Jigsaw: region A is an L along the top row and left column.
    const regions = 'AAAAAAAAA' + 'ABBBBBBBB'.repeat(8);
    const j = M.geometry(M.makeLayout(9, { regions }));
    assert.ok(j.peers[0].includes(8) && !j.peers[0].includes(10));
  });

  it('reads the engine\'s house names', () => {
    const l = M.makeLayout(9);
    assert.deepEqual(M.houseCells(l, 'box 2'), [3, 4, 5, 12, 13, 14, 21, 22, 23]);
    assert.deepEqual(M.houseCells(l, 'row 9'), [72, 73, 74, 75, 76, 77, 78, 79, 80]);
    assert.deepEqual(M.houseCells(l, 'c1').length, 9);
    assert.deepEqual(M.houseCells(l, 'nowhere 3'), []);
    const x = M.makeLayout(9, { diagonals: true });
    assert.deepEqual(M.houseCells(x, 'anti-diagonal'), [8, 16, 24, 32, 40, 48, 56, 64, 72]);
  });
});

describe('input', () => {
  it('places digits, toggles them off, and never changes a given', () => {
    let s = play(game(), sel('r1c1'), digit(5));
    assert.equal(board(s).values[0], 5);
    assert.equal(s.history.length, 2);
    s = play(s, digit(5));
    assert.equal(board(s).values[0], 0);
    const given = play(game(), sel('r1c5'), digit(3));
    assert.equal(board(given).values[4], 8);
    assert.equal(given.history.length, 1);
    assert.equal(play(game(), sel('r1c1'), digit(12)).history.length, 1);
  });

  it('takes corner and centre notes, by mode or per key, on every selected cell', () => {
    let s = play(game(), sel('r1c1'), sel('r1c2', 'add'), digit(1, 'corner'), digit(3, 'corner'), digit(2, 'centre'));
    assert.equal(M.maskText(board(s).corner[0]), '13');
    assert.equal(M.maskText(board(s).corner[1]), '13');
    assert.equal(M.maskText(board(s).centre[1]), '2');
    s = play(s, digit(1, 'corner'));
    assert.equal(M.maskText(board(s).corner[0]), '3');
    s = play(s, { type: 'setMode', mode: 'centre' }, digit(4));
    assert.equal(M.maskText(board(s).centre[0]), '24');
    // A note on several cells where only some have it: added to all, then taken from all.
    s = play(game(), sel('r1c1'), digit(7, 'corner'), sel('r1c2', 'add'), digit(7, 'corner'));
    assert.deepEqual([board(s).corner[0], board(s).corner[1]], [64, 64]);
    s = play(s, digit(7, 'corner'));
    assert.deepEqual([board(s).corner[0], board(s).corner[1]], [0, 0]);
  });

  it('cycles modes value, corner, centre, colour', () => {
    let s = game();
    const seen = [];
    for (let i = 0; i < 4; i++) {
      seen.push(s.mode);
      s = M.update(s, { type: 'cycleMode' });
    }
    assert.deepEqual(seen, ['value', 'corner', 'centre', 'color']);
    assert.equal(s.mode, 'value');
  });

  it('colours any cell, givens too, with up to nine colours per cell', () => {
    const s = play(game(), sel('r1c5'), sel('r1c1', 'add'), digit(2, 'color'), digit(9, 'color'));
    assert.equal(board(s).colors[4], (1 << 1) | (1 << 8));
    assert.equal(board(s).colors[0], (1 << 1) | (1 << 8));
    assert.equal(board(play(s, { type: 'setMode', mode: 'color' }, { type: 'erase' })).colors[4], 0);
  });

  it('erases values first, then notes, never givens', () => {
    let s = play(game(), sel('r1c1'), digit(3, 'corner'), digit(5));
    s = play(s, { type: 'erase' });
    assert.equal(board(s).values[0], 0);
    assert.equal(board(s).corner[0], 4, 'the notes were kept under the digit');
    s = play(s, { type: 'erase' });
    assert.equal(board(s).corner[0], 0);
    const g = play(game(), sel('r1c5'), { type: 'erase' });
    assert.equal(board(g).values[4], 8);
  });

  it('moves with wrap-around and extends the selection', () => {
    let s = play(game(), sel('r1c1'), { type: 'move', dr: 0, dc: -1 });
    assert.equal(s.cursor, at('r1c9'));
    s = play(s, { type: 'move', dr: -1, dc: 0, extend: true });
    assert.deepEqual(s.selection, [at('r1c9'), at('r9c9')]);
    s = play(s, sel('r9c9', 'toggle'));
    assert.deepEqual(s.selection, [at('r1c9')]);
  });
});

describe('helpers against busywork', () => {
  it('auto-notes fill every empty cell with its candidates', () => {
    const s = play(game(), { type: 'autoNotes' });
    assert.equal(M.maskText(board(s).corner[at('r9c2')]), '2356');
    assert.equal(M.maskText(board(s).corner[at('r1c1')]), '245');
    assert.equal(board(s).corner[at('r1c5')], 0);
  });

  it('auto-clean takes a placed digit out of its peers\' notes, unless turned off', () => {
    const s = play(game(), { type: 'autoNotes' }, sel('r1c1'), digit(5));
    assert.equal(M.maskText(board(s).corner[at('r1c2')]), '1234');
    assert.equal(M.maskText(board(s).corner[at('r4c1')]), '4');
    assert.equal(M.maskText(board(s).corner[at('r2c2')]), '2346');
    const off = play(game(), { type: 'setting', key: 'autoClean', value: false }, { type: 'autoNotes' }, sel('r1c1'), digit(5));
    assert.equal(M.maskText(board(off).corner[at('r1c2')]), '12345');
  });

  it('finds conflicts: equal digits in a house', () => {
    const s = play(game(), sel('r1c1'), digit(8));
    // The given 8s of row 1 (r1c5), box 1 (r3c3) and column 1 (r7c1).
    assert.deepEqual([...M.conflicts(s)].sort((a, b) => a - b), [0, 4, 20, 54]);
  });

  it('counts placed digits and progress', () => {
    const s = play(game(), sel('r1c1'), digit(5));
    assert.equal(M.digitCounts(s)[5], [...PUZZLE].filter((c) => c === '5').length + 1);
    const open = [...PUZZLE].filter((c) => c === '.').length;
    assert.equal(M.progress(s), 1 / open);
  });
});

describe('history', () => {
  it('undoes and redoes without limit; a new move drops the redo branch', () => {
    let s = game();
    const cells = ['r1c1', 'r1c2', 'r1c3', 'r1c4', 'r1c7', 'r1c9'];
    for (const c of cells) s = play(s, sel(c), digit(SOLUTION[at(c)]));
    const done = board(s);
    for (let i = 0; i < 10; i++) s = M.update(s, { type: 'undo' });
    assert.equal(s.at, 0);
    assert.equal(M.toLine(board(s).values), PUZZLE);
    for (let i = 0; i < 10; i++) s = M.update(s, { type: 'redo' });
    assert.deepEqual(board(s), done);
    s = play(s, { type: 'undo' }, { type: 'undo' }, sel('r5c5'), digit(5));
    assert.equal(s.at, s.history.length - 1);
    assert.equal(s.history.length, 6);
  });

  it('restarts as one undoable move', () => {
    let s = play(game(), sel('r1c1'), digit(5), { type: 'restart' });
    assert.equal(M.toLine(board(s).values), PUZZLE);
    s = M.update(s, { type: 'undo' });
    assert.equal(board(s).values[0], 5);
  });

  it('ignores moves that change nothing', () => {
    const s = play(game(), sel('r1c1'), { type: 'erase' });
    assert.equal(s.history.length, 1);
  });

  it('is solved when every cell holds the solution, and then takes no input', () => {
    let s = game();
    for (let i = 0; i < 81; i++) if (PUZZLE[i] === '.') s = play(s, { type: 'select', cell: i }, digit(Number(SOLUTION[i])));
    assert.equal(s.phase, 'solved');
    assert.ok(M.isSolved(s));
    assert.equal(play(s, sel('r1c1'), digit(3)).history.length, s.history.length);
  });

  it('counts time only while playing and not paused', () => {
    let s = play(game(), { type: 'tick', ms: 1000 }, { type: 'pause' }, { type: 'tick', ms: 5000 });
    assert.equal(s.elapsed, 1000);
    assert.equal(play(s, sel('r1c1'), digit(5)).history.length, 1, 'no moves while paused');
    s = play(s, { type: 'resume' }, { type: 'tick', ms: 500 });
    assert.equal(s.elapsed, 1500);
    assert.equal(M.formatTime(3723000), '1:02:03');
    assert.equal(M.formatTime(65000), '1:05');
  });
});

describe('mistakes', () => {
  it('names the earliest move whose mistake is still on the board, without the right digit', () => {
    const s = play(game(), sel('r1c1'), digit(5), sel('r1c2'), digit(2), sel('r1c3'), digit(4), sel('r1c4'), digit(9));
    const m = M.firstMistake(s);
    assert.deepEqual([m.move, m.cell, m.kind, m.digit, m.value, m.label], [2, 1, 'wrong', 1, 2, 'r1c2 = 2']);
    assert.equal(M.mistakeText(m, 9), 'Your first mistake is move 2 (r1c2 = 2): r1c2 holds 2, which is not its digit.');
    // Going back before it is one more move (undoable).
    const back = M.update(s, { type: 'rewind', to: m.move - 1 });
    assert.equal(M.toLine(board(back).values).slice(0, 4), '5...');
    assert.equal(back.history.length, s.history.length + 1);
    assert.equal(M.firstMistake(back), null);
  });

  it('names wrong digits before notes, and notes only when they are complete', () => {
    // Auto-notes (complete), then r2c1's notes lose its 2 (move 2), then a wrong 2 in r1c2.
    let s = play(game(), { type: 'autoNotes' }, sel('r2c1'), digit(2, 'corner'), sel('r1c2'), digit(2));
    let m = M.firstMistake(s);
    assert.deepEqual([m.move, m.cell, m.kind], [3, 1, 'wrong'], 'the wrong digit first, though later');
    s = play(s, { type: 'erase' });
    m = M.firstMistake(s);
    assert.deepEqual([m.move, m.cell, m.kind], [2, at('r2c1'), 'lost']);
    assert.match(M.mistakeText(m, 9), /the notes of r2c1 leave out its digit/);
    // Snyder marks (a few corner notes, most cells without): never a mistake.
    const snyder = play(game(), sel('r2c1'), digit(3, 'corner'), sel('r2c2'), digit(3, 'corner'));
    assert.equal(M.notesComplete(board(snyder)), false);
    assert.equal(M.firstMistake(snyder), null);
  });

  it('finds the givens a wrong digit clashes with', () => {
    const s = play(game(), sel('r1c1'), digit(8));
    const clashing = [...Array(81).keys()].filter((i) => PUZZLE[i] === '8' && sees(0, i));
    assert.ok(clashing.length > 0);
    assert.deepEqual(M.clashes(s, [0]).sort((x, y) => x - y), clashing);
  });
});

function sees(a, b) {
  const [ra, ca, rb, cb] = [Math.floor(a / 9), a % 9, Math.floor(b / 9), b % 9];
  return ra === rb || ca === cb || (Math.floor(ra / 3) === Math.floor(rb / 3) && Math.floor(ca / 3) === Math.floor(cb / 3));
}

describe('hints', () => {
  const step = {
    technique: 'Locked Candidates (Pointing)',
    houses: ['box 8'],
    cells: [],
    drawing: {
      houses: [{ house: 'box 8', shade: 'base', cells: ['r7c4', 'r9c4'] }, { house: 'row 9', shade: 'cover', cells: ['r9c1', 'r9c2'] }],
      candidates: [
        { cell: 'r9c2', digit: 6, role: 'eliminated' },
        { cell: 'r9c4', digit: 6, role: 'pattern' },
        { cell: 'r9c5', digit: 6, role: 'pattern' },
      ],
      cells: [],
      links: [{ from: [{ cell: 'r9c4', digit: 6 }], to: [{ cell: 'r9c5', digit: 6 }], strong: true, chain: 0, path: 'M1 1Q2 2 3 3', head: 'M3 3L2 2L2 3Z' }],
    },
    placements: [],
    eliminations: [{ cell: 'r9c2', digit: 6 }],
    text: 'Locked Candidates (Pointing): 6 in b8 => r9c2<>6',
  };
  const candidates = new Array(81).fill('');
  candidates[at('r9c2')] = '2356';
  candidates[at('r9c4')] = '356';

  it('shows more per rung: houses, then the pattern, then the result and the links', () => {
    let s = M.update(game(), { type: 'setHint', data: { status: 'step', step, candidates } });
    let d = M.hintDecor(s);
    assert.equal(d.houses.size, 9);
    assert.ok(d.houses.has(at('r9c6')));
    assert.equal(d.marks.size, 0);
    assert.equal(d.base.size, 0);
    s = M.update(s, { type: 'nextRung' });
    d = M.hintDecor(s);
    assert.equal(d.marks.get(at('r9c4')).roles[6], 'pattern');
    assert.ok(d.base.has(at('r7c4')) && d.cover.has(at('r9c1')));
    assert.equal(d.ghosts.get(at('r9c4')), M.maskOf('356', 9), 'a cell without notes shows the engine\'s candidates');
    assert.equal(d.marks.has(at('r9c2')), false);
    assert.equal(d.links.length, 0, 'no links before rung 3');
    s = M.update(s, { type: 'nextRung' });
    d = M.hintDecor(s);
    assert.equal(d.marks.get(at('r9c2')).roles[6], 'eliminated');
    assert.equal(d.links.length, 1);
    assert.equal(M.update(s, { type: 'nextRung' }).hint.rung, 3);
  });

  it('prefers the cells of "area" to house names', () => {
    const s = M.update(game(), { type: 'setHint', data: { status: 'step', step: { ...step, area: ['r1c1', 'r2c2'] }, candidates } });
    assert.deepEqual([...M.hintDecor(s).houses], [0, 10]);
  });

  it('applies a hint as one move: every cell takes its candidates (notes were partial), then the elimination', () => {
    let s = M.update(game(), { type: 'setHint', data: { status: 'step', step, candidates } });
    s = M.update(s, { type: 'applyHint', step, candidates });
    assert.equal(M.maskText(board(s).corner[at('r9c2')]), '235');
    assert.ok(M.notesComplete(board(s)), 'the removal sticks: every empty cell has notes');
    assert.equal(s.hint, null);
    assert.equal(s.history.at(-1).label, 'hint: Locked Candidates (Pointing)');
    const placed = M.update(game(), { type: 'applyHint', step: { ...step, eliminations: [], placements: [{ cell: 'r1c1', digit: 5 }] } });
    assert.equal(board(placed).values[0], 5);
  });

  it('sends the player\'s notes to the engine only when they are complete', () => {
    const partial = play(game(), sel('r1c1'), digit(2, 'centre'), digit(4, 'centre'), sel('r1c2'), digit(1, 'corner'));
    assert.deepEqual(M.notesForHint(partial), new Array(81).fill(''), 'Snyder marks and a few centre notes: every candidate');
    assert.equal(M.notesOf(partial)[0], '24', 'the picture still shows them');
    const full = play(game(), { type: 'autoNotes' }, sel('r1c1'), digit(2, 'centre'));
    const notes = M.notesForHint(full);
    assert.equal(notes.length, 81);
    assert.ok(notes.every((n, i) => (PUZZLE[i] === '.' ? n.length > 0 : n === '')));
  });
});

describe('sharing and saving', () => {
  it('builds links with p, and r / x / b only when needed, and reads them back', () => {
    assert.equal(M.shareQuery(game()), `?p=${PUZZLE}`);
    const x = M.newGame({ layout: M.makeLayout(9, { diagonals: true }), puzzle: PUZZLE });
    assert.equal(M.shareQuery(x), `?p=${PUZZLE}&x=1`);
    const regions = 'AAAAAAAAA' + 'ABBBBBBBB'.repeat(8);
    const j = M.newGame({ layout: M.makeLayout(9, { regions }), puzzle: PUZZLE });
    assert.equal(M.shareQuery(j), `?p=${PUZZLE}&r=${regions}`);
    const odd = M.newGame({ layout: M.makeLayout(6, { box: '3x2' }), puzzle: '.'.repeat(36) });
    assert.match(M.shareQuery(odd), /&b=3x2$/);
    assert.deepEqual(M.parseShare(`?p=${PUZZLE}&r=${regions}&x=1&b=3x3`), { puzzle: PUZZLE, regions, diagonals: true, box: '3x3' });
    assert.equal(M.parseShare('?q=1'), null);
    assert.deepEqual(M.puzzleSpec(j), { puzzle: PUZZLE, regions });
    assert.deepEqual(M.puzzleSpec(x), { puzzle: PUZZLE, box: '3x3', diagonals: true });
  });

  it('round-trips a game through serialize / deserialize, history included', () => {
    let s = play(game({ info: { level: 'Medium', seed: 7 } }), sel('r1c1'), digit(5), digit(3, 'corner'), sel('r2c1'), digit(2, 'corner'),
      digit(4, 'color'), { type: 'tick', ms: 4321 }, { type: 'undo' });
    const data = JSON.parse(JSON.stringify(M.serialize(s)));
    const back = M.deserialize(data);
    assert.deepEqual(back.history, s.history);
    assert.equal(back.at, s.at);
    assert.equal(back.elapsed, 4321);
    assert.deepEqual(back.info, s.info);
    assert.deepEqual(back.givens, s.givens);
    assert.deepEqual(back.solution, s.solution);
    s = M.update(back, { type: 'redo' });
    assert.equal(board(s).colors[at('r2c1')], 8);
    assert.throws(() => M.deserialize({ v: 99 }));
  });

  it('summarises a game for the Continue list', () => {
    const s = play(game({ info: { level: 'Medium' } }), sel('r1c1'), digit(5));
    const sum = M.summary(s);
    assert.equal(sum.name, '9×9');
    assert.equal(sum.level, 'Medium');
    assert.equal(sum.phase, 'play');
    assert.ok(sum.progress > 0 && sum.progress < 0.1);
    assert.equal(sum.moves, 1);
    assert.equal(M.summary(game()).moves, 0, 'an untouched game has no moves');
  });

  it('keeps Check\'s marks across a save and a reload, until the next move', () => {
    let s = play(game(), sel('r1c1'), digit(5));
    s = M.update(s, { type: 'setMarks', marks: { wrong: [at('r1c1')], clash: [at('r1c3')] } });
    const back = M.deserialize(JSON.parse(JSON.stringify(M.serialize(s))));
    assert.deepEqual(back.marks.wrong, [at('r1c1')]);
    assert.deepEqual(back.marks.clash, [at('r1c3')]);
    const moved = play(back, sel('r1c2'), digit(4));
    assert.deepEqual(moved.marks.wrong, []);
    // A save from before marks were kept, or a damaged one, reads without them.
    const old = JSON.parse(JSON.stringify(M.serialize(s)));
    delete old.marks;
    assert.deepEqual(M.deserialize(old).marks.wrong, []);
    old.marks = { wrong: [-1, 'x', 999, 3] };
    assert.deepEqual(M.deserialize(old).marks.wrong, [3]);
  });
});

describe('ratings', () => {
  it('shows SE with a decimal on 9×9, as "about N" elsewhere', () => {
    assert.equal(M.seText(7.3, M.makeLayout(9)), 'SE 7.3');
    assert.equal(M.seText(4.2, M.makeLayout(6)), 'SE about 4');
    assert.equal(M.seText(2.6, M.makeLayout(16)), 'SE about 3');
    const jigsaw = M.makeLayout(9, { regions: 'AAAAAAAAA' + 'ABBBBBBBB'.repeat(8) });
    assert.equal(M.seExact(jigsaw), false);
    assert.equal(M.seText(null, M.makeLayout(9)), '');
  });
});

it('levelsFor offers what each layout can be made at, and says why not the rest', () => {
  assert.deepEqual(M.levelsFor('9x9'), { levels: M.LEVELS, why: '' });
  assert.deepEqual(M.levelsFor('jigsaw').levels, M.LEVELS);
  assert.deepEqual(M.levelsFor('4x4').levels, ['easy']);
  assert.match(M.levelsFor('4x4').why, /singles/);
  assert.deepEqual(M.levelsFor('16x16'), { levels: M.LEVELS, why: '' });
  assert.deepEqual(M.levelsFor('25x25').levels, ['easy', 'medium', 'hard']);
  assert.match(M.levelsFor('25x25').why, /Unfair or Extreme/);
  for (const layout of ['4x4', '16x16', '25x25']) {
    for (const level of M.levelsFor(layout).levels) assert.ok(M.LEVELS.includes(level));
  }
});

it("ratedText names SE's own hardest rule beside sudokit's hardest step when they differ", () => {
  const nine = M.makeLayout(9);
  const r = { level: 'Easy', hardest: 'Naked Single', se: 2.0, se_kind: 'explainer', se_hardest: 'Direct Hidden Pair' };
  assert.equal(M.ratedText(r, nine, M.seText(r.se, nine, r.se_kind)),
    "Rated Easy, SE 2.0. Hardest step: Naked Single; on Sudoku Explainer's path, Direct Hidden Pair.");
  const same = { ...r, se_hardest: 'Naked Single' };
  assert.equal(M.ratedText(same, nine, 'SE 2.0'), 'Rated Easy, SE 2.0. Hardest step: Naked Single.');
  const four = M.makeLayout(4);
  assert.equal(M.ratedText({ ...r, se_kind: 'estimate' }, four, M.seText(1.2, four, 'estimate')), 'Rated Easy; hardest step: Naked Single.');
});

describe('killer sudoku', () => {
  // The 4×4 killer of examples/killer.txt: one given, nine cages; solution 1234 3412 2143 4321.
  const cages = [
    { sum: 3, cells: [0, 1] }, { sum: 7, cells: [2, 3] }, { sum: 5, cells: [4, 8] }, { sum: 5, cells: [5, 6] },
    { sum: 5, cells: [7, 11] }, { sum: 4, cells: [9, 13] }, { sum: 6, cells: [10, 14] }, { sum: 4, cells: [12] },
    { sum: 1, cells: [15] },
  ];
  const killer = () => M.newGame({ layout: M.makeLayout(4, { cages }), puzzle: '1...............', solution: '1234341221434321' });
  const at4 = (name) => M.cellIndex(name, 4);
  const sel4 = (name) => ({ type: 'select', cell: at4(name) });

  it('makes cage-mates peers, names the layout, and has no SE', () => {
    const layout = M.makeLayout(4, { cages });
    assert.ok(M.isKiller(layout) && !M.isKiller(M.makeLayout(4)));
    assert.equal(M.layoutName(layout), '4×4 killer');
    // Cells that touch at a corner across boxes share no house: a cage makes them peers.
    const corner = M.makeLayout(4, { cages: [{ sum: 3, cells: [at4('r2c2'), at4('r3c3')] }] });
    assert.ok(M.geometry(corner).peers[at4('r2c2')].includes(at4('r3c3')));
    assert.ok(!M.geometry(M.makeLayout(4)).peers[at4('r2c2')].includes(at4('r3c3')));
    assert.ok(!M.seExact(M.makeLayout(9, { cages: [{ sum: 3, cells: [0, 1] }] })));
  });

  it('finds conflicts: a digit twice in a cage, a full cage off its sum', () => {
    // r2c1 and r3c1 are a cage of 5: 3 and 2 make 5, 4 and 3 miss it.
    const fill = (a, b) => play(killer(), sel4('r2c1'), digit(a), sel4('r3c1'), digit(b));
    assert.deepEqual([...M.conflicts(fill(3, 2))], []);
    assert.deepEqual([...M.conflicts(fill(4, 3))].sort(), [at4('r2c1'), at4('r3c1')].sort());
    // Auto-notes leave out a cage-mate's digit.
    const corner = M.newGame({ layout: M.makeLayout(4, { cages: [{ sum: 3, cells: [at4('r2c2'), at4('r3c3')] }] }) });
    const s = play(corner, sel4('r2c2'), digit(1), { type: 'autoNotes' });
    assert.equal(board(s).corner[at4('r3c3')], 0b1110, 'r3c3 shares only a cage with r2c2, which holds 1: 2, 3 or 4');
  });

  it('sends its cages to the engine, shares them in links and keeps them in saves', () => {
    const s = killer();
    assert.deepEqual(M.puzzleSpec(s).cages, cages);
    const query = M.shareQuery(s);
    assert.match(query, /&k=3%3A0\.1_7%3A2\.3_/);
    assert.deepEqual(M.parseShare(query).cages, cages);
    const back = M.deserialize(JSON.parse(JSON.stringify(M.serialize(s))));
    assert.deepEqual(back.layout.cages, cages);
  });
});
