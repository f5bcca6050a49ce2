// The JavaScript package (scripts/build-package): every function, bad input, and the
// package as `npm pack` makes it. SUDOKIT_PACKAGE names the built package.

import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { createRequire } from 'node:module';
import { existsSync } from 'node:fs';
import path from 'node:path';

const DIR = process.env.SUDOKIT_PACKAGE || '';
const ready = DIR && existsSync(path.join(DIR, 'pkg/sudokit_wasm_bg.wasm'));
const skip = !ready && !process.env.CI ? 'package tests skipped: env SUDOKIT_PACKAGE (a built package) is not set' : false;

const P = '003000100100400000000200000000000050007036000000000042200000000000070900580010000';
const SOLUTION = '643758129192463587758291436861924753427536891935187642279645318314872965586319274';

describe('the sudokit package', { skip }, () => {
  const sudokit = ready ? createRequire(import.meta.url)(DIR) : null;

  it('solves and counts', () => {
    const s = sudokit.solve(P);
    assert.equal(s.status, 'unique');
    assert.equal(s.solution, SOLUTION);
    assert.equal(sudokit.solve({ puzzle: '.'.repeat(81) }).status, 'multiple');
    const c = sudokit.count('.'.repeat(16), 1000);
    assert.equal(c.count, 288);
    assert.equal(c.complete, true);
    assert.equal(sudokit.count(P).count, 1);
  });

  it('rates with Sudoku Explainer\'s own number on 9×9 and an estimate elsewhere', () => {
    const r = sudokit.rate(P);
    assert.equal(r.se_kind, 'explainer');
    assert.equal(typeof r.se, 'number');
    assert.ok(r.level && r.hardest);
    const small = sudokit.generate({ layout: '4x4', seed: 3 });
    assert.equal(sudokit.rate(small.puzzle).se_kind, 'estimate');
  });

  it('hints and explains in plain words', () => {
    const h = sudokit.hint(P);
    assert.ok(h.step, JSON.stringify(h).slice(0, 200));
    assert.ok(h.step.explanation.length > 0);
    const e = sudokit.explain(P);
    assert.equal(e.solved, true);
    assert.ok(e.steps.length > 10);
    for (const step of e.steps) assert.doesNotMatch(step.explanation.map((l) => l.text).join(' '), /<>/);
  });

  it('generates reproducibly by seed, to a level, with progress', () => {
    let reports = 0;
    const a = sudokit.generate({ layout: '9x9', level: 'medium', seed: 7 }, () => { reports += 1; });
    const b = sudokit.generate({ layout: '9x9', level: 'medium', seed: 7 });
    assert.equal(a.puzzle, b.puzzle);
    assert.equal(a.level, 'Medium');
    assert.equal(sudokit.solve(a.puzzle).solution, a.solution);
    assert.ok(reports > 0, 'progress was reported');
  });

  it('gives equal canonical forms to equivalent puzzles', () => {
    const rows = [];
    for (let r = 0; r < 9; r++) rows.push(P.slice(9 * r, 9 * r + 9));
    const flipped = rows.reverse().join('');
    assert.equal(sudokit.canon(P).canonical, sudokit.canon(flipped).canonical);
    assert.notEqual(sudokit.canon(P).canonical, sudokit.canon(SOLUTION).canonical);
  });

  it('throws a SudokitError saying why for bad input, and never crashes', () => {
    assert.throws(() => sudokit.solve('12'), (e) => e instanceof sudokit.SudokitError && e.status === 400 && /puzzle/.test(e.message));
    assert.throws(() => sudokit.generate({ layout: '7x7' }), (e) => e.status === 400 && /layout/.test(e.message));
    assert.throws(() => sudokit.generate({ level: 'impossible' }), (e) => e.status === 400 && /level/.test(e.message));
    assert.throws(() => sudokit.count(P, 0), (e) => e.status === 400 && /limit/.test(e.message));
    assert.throws(() => sudokit.rate('11' + '.'.repeat(79)), (e) => e instanceof sudokit.SudokitError);
    assert.throws(() => sudokit.solve(42), TypeError);
    assert.equal(sudokit.solve(P).status, 'unique', 'the module still answers');
  });

  it('packs with npm', () => {
    const out = execFileSync('npm', ['pack', '--dry-run', '--json', DIR], { encoding: 'utf8' });
    const [info] = JSON.parse(out);
    assert.equal(info.name, 'sudokit');
    const files = info.files.map((f) => f.path);
    for (const f of ['index.js', 'index.d.ts', 'package.json', 'pkg/sudokit_wasm_bg.wasm', 'pkg/sudokit_wasm.js']) {
      assert.ok(files.includes(f), `${f} in the package: ${files}`);
    }
  });
});
