// Renders a game state: the grid (an ARIA grid of cells over an SVG of lines),
// the keypad, the controls, and the contents of the finish and continue dialogs.
// Cells are redrawn only when what they show changes.

import {
  COLORS, SYMBOLS, symbol, cellName, geometry, currentBoard, conflicts, hintDecor,
  digitCounts, layoutName, formatTime, digitsOf, seExact, seText, layoutKey, isKiller,
} from './model.js';

const SVG = 'http://www.w3.org/2000/svg';

/** The view's handles and caches, over the page's elements. */
export function createView(doc = document) {
  const $ = (sel) => doc.querySelector(sel);
  return {
    doc,
    board: $('#board'),
    keypad: $('#keypad'),
    layoutKey: null,
    cells: [],
    cache: [],
    keypadKey: null,
  };
}

/** Draw the whole page for a state; prefs: {peers, same, conflicts, timer, theme, notation}. */
export function render(view, state, prefs) {
  ensureBoard(view, state.layout);
  const decor = hintDecor(state);
  renderCells(view, state, prefs, decor);
  renderLinks(view, state, decor);
  renderHint(view, state, prefs);
  renderKeypad(view, state);
  renderControls(view, state, prefs);
}

// ---- the grid ---------------------------------------------------------------------

/** Columns and rows of the small grid corner notes sit in (3×3 for 9, 4×4 for 16). */
export function noteGrid(n) {
  const cols = Math.ceil(Math.sqrt(n));
  return [cols, Math.ceil(n / cols)];
}

function ensureBoard(view, layout) {
  const key = layoutKey(layout);
  if (view.layoutKey === key) return;
  const n = layout.side;
  const board = view.board;
  const [cols, rows] = noteGrid(n);
  board.replaceChildren();
  board.style.setProperty('--n', n);
  board.style.setProperty('--note-cols', cols);
  board.style.setProperty('--note-rows', rows);
  board.dataset.side = n;
  const play = board.closest('.play');
  if (play) {
    play.dataset.side = n;
    play.style.setProperty('--n', n);
  }
  view.cells = [];
  for (let r = 0; r < n; r++) {
    const row = view.doc.createElement('div');
    row.setAttribute('role', 'row');
    row.className = 'row';
    for (let c = 0; c < n; c++) row.append(makeCell(view, r * n + c, n));
    board.append(row);
  }
  board.append(linesSvg(view.doc, layout));
  board.classList.toggle('killer', isKiller(layout));
  if (isKiller(layout)) board.append(cagesSvg(view.doc, layout));
  view.links = view.doc.createElementNS(SVG, 'svg');
  view.links.setAttribute('class', 'links');
  view.links.setAttribute('viewBox', `0 0 ${n} ${n}`);
  view.links.setAttribute('aria-hidden', 'true');
  board.append(view.links);
  view.linksKey = '';
  view.cache = new Array(n * n).fill('');
  view.layoutKey = key;
}

/**
 * A hint's links over the grid (rung 3): each a curve the server routed around the
 * digits, in cell units, solid when strong and dashed when weak, with an arrowhead at
 * the node it reaches; the branches of a forcing chain each in a colour.
 */
function renderLinks(view, state, decor) {
  const key = JSON.stringify(decor.links);
  if (view.linksKey === key) return;
  view.linksKey = key;
  const parts = [];
  for (const l of decor.links) {
    if (!l.path) continue;
    const g = view.doc.createElementNS(SVG, 'g');
    g.setAttribute('class', `link ${l.strong ? 'strong' : 'weak'} chain-${(l.chain || 0) % 4}`);
    const curve = path(view.doc, 'curve', l.path);
    const head = path(view.doc, 'head', l.head);
    g.append(curve, head);
    parts.push(g);
  }
  view.links.replaceChildren(...parts);
}

function makeCell(view, i, n) {
  const cell = view.doc.createElement('div');
  cell.setAttribute('role', 'gridcell');
  cell.dataset.cell = cellName(i, n);
  cell.dataset.index = i;
  cell.tabIndex = -1;
  view.cells.push(cell);
  return cell;
}

/** The grid's lines: thin between cells, thick where regions (boxes) differ. */
function linesSvg(doc, layout) {
  const n = layout.side;
  const { region } = geometry(layout);
  let thin = '';
  let thick = '';
  for (let k = 1; k < n; k++) thin += `M${k} 0V${n}M0 ${k}H${n}`;
  for (let i = 0; i < n * n; i++) {
    const r = Math.floor(i / n);
    const c = i % n;
    if (c < n - 1 && region[i] !== region[i + 1]) thick += `M${c + 1} ${r}V${r + 1}`;
    if (r < n - 1 && region[i] !== region[i + n]) thick += `M${c} ${r + 1}H${c + 1}`;
  }
  const svg = doc.createElementNS(SVG, 'svg');
  svg.setAttribute('class', 'lines');
  svg.setAttribute('viewBox', `0 0 ${n} ${n}`);
  svg.setAttribute('preserveAspectRatio', 'none');
  svg.setAttribute('aria-hidden', 'true');
  svg.append(path(doc, 'thin', thin), path(doc, 'thick', thick));
  const frame = doc.createElementNS(SVG, 'rect');
  frame.setAttribute('class', 'frame');
  for (const [k, v] of Object.entries({ x: 0, y: 0, width: n, height: n })) frame.setAttribute(k, v);
  svg.append(frame);
  return svg;
}

/**
 * A killer's cages, as on paper: each outline dashed, inset in its cells, so that two
 * cages side by side show two lines; the sums are drawn by the cells (see describe).
 * Each cell draws the sides it shares with no cell of its cage, each side stretched to
 * meet the next: to the cell's edge where the cage goes on, past it at an inner corner.
 */
function cagesSvg(doc, layout) {
  const n = layout.side;
  const e = 0.08;
  const { cageOf } = geometry(layout);
  const inCage = (k, r, c) => r >= 0 && r < n && c >= 0 && c < n && cageOf[r * n + c] === k;
  let d = '';
  for (let i = 0; i < n * n; i++) {
    const k = cageOf[i];
    if (k < 0) continue;
    const r = Math.floor(i / n);
    const c = i % n;
    const at = (dr, dc) => inCage(k, r + dr, c + dc);
    // How far a side reaches at one end: past the corner, to the edge, or short of it.
    const reach = (along, diagonal, edge, sign) => (along ? (diagonal ? edge + sign * e : edge) : edge - sign * e);
    const f = (x) => +x.toFixed(3);
    if (!at(-1, 0)) d += `M${f(reach(at(0, -1), at(-1, -1), c, -1))} ${f(r + e)}H${f(reach(at(0, 1), at(-1, 1), c + 1, 1))}`;
    if (!at(1, 0)) d += `M${f(reach(at(0, -1), at(1, -1), c, -1))} ${f(r + 1 - e)}H${f(reach(at(0, 1), at(1, 1), c + 1, 1))}`;
    if (!at(0, -1)) d += `M${f(c + e)} ${f(reach(at(-1, 0), at(-1, -1), r, -1))}V${f(reach(at(1, 0), at(1, -1), r + 1, 1))}`;
    if (!at(0, 1)) d += `M${f(c + 1 - e)} ${f(reach(at(-1, 0), at(-1, 1), r, -1))}V${f(reach(at(1, 0), at(1, 1), r + 1, 1))}`;
  }
  const svg = doc.createElementNS(SVG, 'svg');
  svg.setAttribute('class', 'cages');
  svg.setAttribute('viewBox', `0 0 ${n} ${n}`);
  svg.setAttribute('preserveAspectRatio', 'none');
  svg.setAttribute('aria-hidden', 'true');
  svg.append(path(doc, 'outline', d));
  return svg;
}

function path(doc, cls, d) {
  const p = doc.createElementNS(SVG, 'path');
  p.setAttribute('class', cls);
  p.setAttribute('d', d || 'M0 0');
  return p;
}

/** What the view needs once per render, shared by every cell. */
function context(state, prefs, decor) {
  const board = currentBoard(state);
  const g = geometry(state.layout);
  const single = state.selection.length === 1 ? state.selection[0] : -1;
  const focusValue = single >= 0 ? board.values[single] : 0;
  return {
    board,
    g,
    n: state.layout.side,
    selected: new Set(state.selection),
    peers: new Set(single >= 0 && prefs.peers !== false ? g.peers[single] : []),
    same: prefs.same !== false ? focusValue : 0,
    conflicts: prefs.conflicts !== false ? conflicts(state) : new Set(),
    wrong: new Set(state.marks.wrong),
    clash: new Set(state.marks.clash || []),
    fault: new Set(state.marks.fault),
    decor,
    diag: state.layout.diagonals,
    layout: state.layout,
  };
}

function renderCells(view, state, prefs, decor) {
  const ctx = context(state, prefs, decor);
  const b = view.board;
  b.classList.toggle('paused', !!state.paused);
  b.classList.toggle('solved', state.phase === 'solved');
  b.classList.toggle('setup', state.phase === 'setup');
  view.cells.forEach((cell, i) => {
    const d = describe(state, ctx, i);
    const key = JSON.stringify(d);
    cell.tabIndex = i === state.cursor ? 0 : -1;
    if (view.cache[i] === key) return;
    view.cache[i] = key;
    drawCell(view.doc, cell, d, ctx.n);
  });
}

function describe(state, ctx, i) {
  const { board, n, decor } = ctx;
  const value = board.values[i];
  const given = !!state.givens[i] && state.phase !== 'setup';
  const cls = ['cell'];
  const flag = (on, name) => on && cls.push(name);
  flag(given, 'given');
  flag(!!value && !given, 'entered');
  flag(ctx.selected.has(i), 'sel');
  flag(i === state.cursor, 'cursor');
  flag(ctx.peers.has(i), 'peer');
  flag(!!value && value === ctx.same, 'same');
  flag(ctx.conflicts.has(i), 'conflict');
  flag(ctx.wrong.has(i), 'wrong');
  flag(ctx.clash.has(i), 'clash');
  flag(ctx.fault.has(i), 'fault');
  flag(state.marks.mistake === i, 'mistake');
  flag(decor.houses.has(i), 'hint-house');
  flag(decor.base.has(i), 'hint-base');
  flag(decor.cover.has(i), 'hint-cover');
  const role = decor.cells.get(i);
  if (role) cls.push(`hint-${role}`);
  const r = Math.floor(i / n);
  const c = i % n;
  flag(ctx.diag && (r === c || r + c === n - 1), 'diag');
  flag(ctx.diag && r === c, 'diag-main');
  flag(ctx.diag && r + c === n - 1, 'diag-anti');
  flag(!!board.colors[i], 'painted');
  const mark = decor.marks.get(i) || null;
  const ghost = decor.ghosts.get(i) || 0;
  const cage = ctx.g.cageOf ? ctx.g.cageOf[i] : -1;
  const cageSum = cage >= 0 && state.layout.cages[cage].cells[0] === i ? state.layout.cages[cage].sum : 0;
  return {
    cls: cls.join(' '),
    sum: cageSum,
    value,
    corner: value ? 0 : board.corner[i],
    centre: value || ghost ? 0 : board.centre[i],
    colors: board.colors[i],
    same: ctx.same,
    mark,
    ghost,
    label: ariaLabel(i, n, value, given, board, ctx),
    selected: ctx.selected.has(i),
  };
}

function ariaLabel(i, n, value, given, board, ctx) {
  const parts = [`row ${Math.floor(i / n) + 1}`, `column ${(i % n) + 1}`];
  if (value) parts.push(given ? `${symbol(value)}, given` : symbol(value));
  else {
    parts.push('empty');
    if (board.corner[i]) parts.push(`notes ${digitsOf(board.corner[i]).map(symbol).join(' ')}`);
    if (board.centre[i]) parts.push(`centre notes ${digitsOf(board.centre[i]).map(symbol).join(' ')}`);
  }
  if (ctx.conflicts.has(i)) parts.push('conflict');
  if (ctx.wrong.has(i)) parts.push('wrong');
  if (board.colors[i]) parts.push(`colour ${digitsOf(board.colors[i]).join(' ')}`);
  const cage = ctx.g.cageOf ? ctx.g.cageOf[i] : -1;
  if (cage >= 0) {
    const { sum, cells } = ctx.layout.cages[cage];
    parts.push(`in a cage of ${cells.length} cells adding up to ${sum}`);
  }
  return parts.join(', ');
}

function drawCell(doc, cell, d, n) {
  cell.className = d.cls;
  cell.setAttribute('aria-label', d.label);
  cell.setAttribute('aria-selected', d.selected ? 'true' : 'false');
  const parts = [];
  if (d.sum) parts.push(span(doc, 'cage-sum', String(d.sum)));
  if (d.colors) parts.push(paintSpan(doc, d.colors));
  if (d.value) parts.push(span(doc, 'value', symbol(d.value)));
  else if (d.mark && d.mark.place) parts.push(span(doc, 'value place', symbol(d.mark.place)));
  else {
    if (d.corner || d.ghost) parts.push(notesGrid(doc, d, n));
    if (d.centre) parts.push(centreSpan(doc, d));
  }
  cell.replaceChildren(...parts);
}

function span(doc, cls, text) {
  const s = doc.createElement('span');
  s.className = cls;
  s.setAttribute('aria-hidden', 'true');
  if (text) s.textContent = text;
  return s;
}

/** A cell's colours: one fill, or equal slices of several. */
function paintSpan(doc, mask) {
  const s = span(doc, 'paint');
  const colors = digitsOf(mask).map((k) => `var(--color-${k})`);
  if (colors.length === 1) s.style.background = colors[0];
  else {
    const step = 360 / colors.length;
    const stops = colors.map((c, k) => `${c} ${k * step}deg ${(k + 1) * step}deg`);
    s.style.background = `conic-gradient(from 30deg, ${stops.join(', ')})`;
  }
  return s;
}

function notesGrid(doc, d, n) {
  const box = span(doc, d.ghost ? 'notes ghost' : 'notes');
  const shown = d.corner || d.ghost;
  for (let k = 1; k <= n; k++) {
    const bit = 1 << (k - 1);
    const s = span(doc, noteClass(d, bit, k), shown & bit ? SYMBOLS[k - 1] : '');
    box.append(s);
  }
  return box;
}

/** A note's classes: `on` (the selected digit), and its role in a hint: `hl` (the
 * pattern; with `c0`–`c3` for colours), `fin`, `extra`, `elim` (removed). */
function noteClass(d, bit, k) {
  let cls = 'note';
  if (d.same === k) cls += ' on';
  const role = d.mark && d.mark.roles[k];
  if (!role) return cls;
  if (role === 'pattern') cls += ' hl';
  else if (/^c\d$/.test(role)) cls += ` hl ${role}`;
  else if (role === 'eliminated') cls += ' elim';
  else cls += ` ${role}`;
  return cls;
}

function centreSpan(doc, d) {
  const digits = digitsOf(d.centre);
  const cls = `centre${digits.length > 6 ? ' longer' : digits.length > 4 ? ' long' : ''}`;
  const s = span(doc, cls);
  for (const k of digits) s.append(span(doc, noteClass(d, 1 << (k - 1), k), symbol(k)));
  return s;
}

// ---- the hint panel ----------------------------------------------------------------------

const RUNG_TEXT = [
  '',
  'Where to look.',
  'The pattern is marked on the grid.',
  'Why it holds:',
];

/**
 * The hint being shown, as a player reads it: the technique, what the rung shows and,
 * from rung 3, the explanation (an introduction, numbered steps, cases indented, the
 * conclusion), each line pointing at its cells; the notation under it when the
 * "expert notation" setting is on.
 */
function renderHint(view, state, prefs) {
  const panel = view.doc.querySelector('#hint-panel');
  if (!panel) return;
  const h = state.hint;
  const step = h && h.data && h.data.status === 'step' ? h.data.step : null;
  const key = step ? `${h.rung}|${step.text}|${prefs.notation}` : '';
  if (view.hintKey === key) return;
  view.hintKey = key;
  panel.hidden = !step;
  if (!step) return panel.querySelector('.hint-lines').replaceChildren();
  const title = panel.querySelector('.hint-title');
  const rung = view.doc.createElement('span');
  rung.className = 'rung';
  rung.textContent = `hint ${h.rung} of 4`;
  title.replaceChildren(step.technique, rung);
  const lead = h.rung === 1 ? `${step.vague}.` : RUNG_TEXT[h.rung];
  panel.querySelector('.hint-rung').textContent = singleLead(step, h.rung) || lead;
  const lines = h.rung >= 3 ? step.explanation || [] : [];
  panel.querySelector('.hint-lines').replaceChildren(...lines.map((l, k) => hintLine(view.doc, l, k)));
  const notation = panel.querySelector('.hint-notation');
  notation.hidden = !(prefs.notation && h.rung >= 3);
  notation.textContent = step.text;
}

/** Rung 2 of a single says what the marks show, before rung 3 names the digit. */
function singleLead(step, rung) {
  if (rung !== 2) return '';
  if (step.technique === 'Hidden Single') return 'The digits marked in orange rule out every grey cell: one cell of the house is left for their digit.';
  if (step.technique === 'Naked Single') return 'The digits marked in orange, in one cell\'s row, column and box, rule out all its candidates but one.';
  if (step.technique === 'Full House') return 'Every cell of the house but one is filled.';
  return '';
}

function hintLine(doc, l, k) {
  const p = doc.createElement('p');
  p.className = `line ${l.kind}`;
  p.style.setProperty('--depth', l.depth || 0);
  p.dataset.line = k;
  if (l.number) {
    const num = doc.createElement('span');
    num.className = 'num';
    num.textContent = `${l.number}.`;
    p.append(num, ' ');
  }
  p.append(l.text);
  return p;
}

/** Outline the cells (and candidates) one explanation line is about; none: clear. */
export function focusLine(view, state, line) {
  const n = state.layout.side;
  for (const c of view.doc.querySelectorAll('.line-focus')) c.classList.remove('line-focus');
  if (!line) return;
  for (const name of line.cells || []) {
    const cell = view.cells[cellIndexOf(name, n)];
    if (cell) cell.classList.add('line-focus');
  }
  for (const x of line.candidates || []) {
    const cell = view.cells[cellIndexOf(x.cell, n)];
    const note = cell && cell.querySelectorAll('.note')[x.digit - 1];
    if (note) note.classList.add('line-focus');
  }
}

function cellIndexOf(name, n) {
  const m = /^r(\d+)c(\d+)$/.exec(name);
  return m ? (Number(m[1]) - 1) * n + Number(m[2]) - 1 : -1;
}

// ---- keypad and controls ----------------------------------------------------------------

function renderKeypad(view, state) {
  const n = state.layout.side;
  const counts = digitCounts(state);
  const mode = state.phase === 'setup' ? 'value' : state.mode;
  const key = `${n}|${mode}|${counts.join(',')}|${state.phase}|${state.paused}`;
  if (view.keypadKey === key) return;
  view.keypadKey = key;
  const pad = view.keypad;
  pad.className = `keypad mode-${mode}`;
  pad.dataset.n = n;
  const total = mode === 'color' ? COLORS : n;
  const enabled = state.phase === 'setup' || (state.phase === 'play' && !state.paused);
  const buttons = [];
  for (let d = 1; d <= total; d++) buttons.push(mode === 'color' ? colorKey(view.doc, d) : digitKey(view.doc, d, n, counts[d]));
  for (const b of buttons) b.disabled = !enabled;
  pad.replaceChildren(...buttons);
}

function digitKey(doc, d, n, placed) {
  const b = doc.createElement('button');
  b.type = 'button';
  b.dataset.action = 'digit';
  b.dataset.digit = d;
  const left = n - placed;
  b.setAttribute('aria-label', `${symbol(d)}, ${left > 0 ? `${left} left` : 'all placed'}`);
  b.classList.toggle('done', left <= 0);
  const sym = span(doc, 'sym', symbol(d));
  const count = span(doc, 'count', left > 0 ? String(left) : '');
  b.append(sym, count);
  return b;
}

function colorKey(doc, d) {
  const b = doc.createElement('button');
  b.type = 'button';
  b.dataset.action = 'digit';
  b.dataset.digit = d;
  b.setAttribute('aria-label', `colour ${d}`);
  const sw = span(doc, 'swatch');
  sw.style.background = `var(--color-${d})`;
  b.append(sw, span(doc, 'count', String(d)));
  return b;
}

const RUNG_LABELS = ['Hint', 'Show pattern', 'Show result', 'Apply hint'];

function renderControls(view, state, prefs) {
  const $ = (sel) => view.doc.querySelector(sel);
  renderButtons(view, state);
  $('#tools').hidden = state.phase === 'setup';
  $('#setup-tools').hidden = state.phase !== 'setup';
  $('.modes').hidden = state.phase === 'setup';
  const timer = $('#timer');
  timer.textContent = formatTime(state.elapsed);
  timer.hidden = prefs.timer === false;
  const info = infoText(state);
  $('#info').textContent = info;
  view.doc.title = info ? `sudokit · ${info}` : 'sudokit';
  $('#paused').hidden = !state.paused;
  const pause = $('.clock [data-action="pause"]');
  pause.setAttribute('aria-label', state.paused ? 'Resume' : 'Pause');
  pause.classList.toggle('is-paused', !!state.paused);
  pause.disabled = state.phase !== 'play';
}

function renderButtons(view, state) {
  const $$ = (sel) => view.doc.querySelectorAll(sel);
  const playing = state.phase === 'play' && !state.paused;
  for (const b of $$('[data-action="mode"]')) b.setAttribute('aria-pressed', String(b.dataset.mode === state.mode));
  for (const b of $$('[data-action="undo"]')) b.disabled = state.at === 0 || state.paused || state.phase === 'solved';
  for (const b of $$('[data-action="redo"]')) b.disabled = state.at >= state.history.length - 1 || !playing;
  for (const name of ['hint', 'check', 'mistake', 'autonotes', 'restart', 'erase']) {
    for (const b of $$(`#tools [data-action="${name}"]`)) b.disabled = !playing;
  }
  const rung = state.hint && state.hint.data.status === 'step' ? state.hint.rung : 0;
  view.doc.querySelector('#tools [data-action="hint"]').textContent = RUNG_LABELS[rung];
}

/** "Easy · 9×9 · seed 42 · SE 2.3": what the header says about the game. */
export function infoText(state) {
  if (state.phase === 'setup') return `Your puzzle · ${layoutName(state.layout)} · type the givens`;
  const i = state.info;
  const parts = [i.level ? capital(i.level) : i.source === 'new' ? '' : 'Your puzzle', layoutName(state.layout)];
  if (i.seed !== undefined && i.seed !== null) parts.push(`seed ${i.seed}`);
  // Off 9×9 the SE number is an analogy: the header leaves it out (the finish says "about").
  if (seExact(state.layout)) parts.push(seText(i.se, state.layout, i.seKind));
  return parts.filter(Boolean).join(' · ');
}

function capital(s) {
  return s ? s[0].toUpperCase() + s.slice(1) : s;
}

// ---- dialogs -------------------------------------------------------------------------------

/** Fill the finish dialog: time, rating, techniques. */
export function renderFinish(doc, state) {
  const i = state.info;
  const facts = [['Time', formatTime(state.elapsed)], ['Layout', layoutName(state.layout)]];
  if (i.level) facts.push(['Level', capital(i.level)]);
  const se = seText(i.se, state.layout, i.seKind);
  if (se) facts.push(['SE rating', se.slice(3)]);
  if (i.score) facts.push(['Score', String(i.score)]);
  if (i.hardest) facts.push(['Hardest step', i.hardest]);
  if (i.seed !== undefined && i.seed !== null) facts.push(['Seed', String(i.seed)]);
  const dl = doc.querySelector('#finish-facts');
  dl.replaceChildren(...facts.flatMap(([k, v]) => [el(doc, 'dt', k), el(doc, 'dd', v)]));
  const list = doc.querySelector('#finish-techniques');
  const items = Object.entries(i.techniques || {}).map(([name, count]) => {
    const li = el(doc, 'li', name);
    li.append(el(doc, 'span', `× ${count}`));
    return li;
  });
  list.replaceChildren(...(items.length ? items : [el(doc, 'li', 'Rating not available')]));
}

/** Fill the Continue list from saved-game summaries. */
export function renderContinue(doc, games, currentId) {
  const list = doc.querySelector('#continue-list');
  list.replaceChildren(...games.map((g) => continueItem(doc, g, currentId)));
  doc.querySelector('#continue-empty').hidden = games.length > 0;
}

function continueItem(doc, g, currentId) {
  const li = el(doc, 'li');
  const open = el(doc, 'button');
  open.type = 'button';
  open.dataset.action = 'continue';
  open.dataset.id = g.id;
  const pct = Math.round(g.progress * 100);
  const about = [formatTime(g.elapsed), `${pct} %`];
  if (g.savedAt) about.push(savedWhen(g.savedAt));
  if (g.seed !== null && g.seed !== undefined) about.push(`seed ${g.seed}`);
  if (g.id === currentId) about.push('playing now');
  open.append(
    el(doc, 'b', `${g.name}${g.level ? ` · ${capital(g.level)}` : ''}`),
    el(doc, 'span', about.join(' · ')),
  );
  const bar = el(doc, 'span', '');
  bar.className = 'progress';
  bar.style.setProperty('--p', `${pct}%`);
  open.append(bar);
  const del = el(doc, 'button', '×');
  del.type = 'button';
  del.className = 'icon';
  del.dataset.action = 'delete-save';
  del.dataset.id = g.id;
  del.setAttribute('aria-label', `Delete saved game ${g.name}`);
  li.append(open, del);
  return li;
}

/** When a game was last saved: the time today, else the date (and time). */
function savedWhen(ms, now = Date.now()) {
  const d = new Date(ms);
  const time = d.toLocaleTimeString(undefined, { hour: '2-digit', minute: '2-digit' });
  if (new Date(now).toDateString() === d.toDateString()) return `today ${time}`;
  return `${d.toLocaleDateString(undefined, { day: 'numeric', month: 'short' })} ${time}`;
}

function el(doc, tag, text) {
  const e = doc.createElement(tag);
  if (text !== undefined) e.textContent = text;
  return e;
}
