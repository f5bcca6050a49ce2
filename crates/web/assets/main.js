// The page's wiring: key and pointer handlers that make model actions, the
// buttons' commands, dialogs, calls to the server, the clock, and saving games
// and preferences in localStorage.

import * as M from './model.js';
import { createView, render, renderFinish, renderContinue, focusLine } from './view.js';
import * as api from './api.js';

const $ = (sel) => document.querySelector(sel);
const $$ = (sel) => document.querySelectorAll(sel);

const PREFS_KEY = 'sudokit.prefs';
const INDEX_KEY = 'sudokit.games';
const gameKey = (id) => `sudokit.game.${id}`;
const MAX_SAVED = 20;
const DEFAULT_PREFS = {
  theme: 'system', autoClean: true, peers: true, same: true, conflicts: true, timer: true,
  notation: false, notesNoticeSeen: false,
};

const view = createView(document);
let prefs = loadPrefs();
let state = M.newGame({ layout: M.makeLayout(9), phase: 'idle' });
let before = null; // the game an empty grid for typing givens replaced (for Cancel)
let busy = null; // AbortController of the request behind the "Generating…" overlay
let saveTimer = 0;
let returnFocus = null;
let dragging = false;

// ---- state ------------------------------------------------------------------------

function dispatch(action) {
  const prev = state;
  state = M.update(state, action);
  if (state === prev) return;
  draw();
  const moved = prev.history !== state.history || prev.at !== state.at;
  if (moved) {
    setStatus('');
    scheduleSave();
    schedulePicture();
  }
  if (prev.phase === 'play' && state.phase === 'solved') solved();
}

const narrow = matchMedia('(max-width: 760px)');

function draw() {
  render(view, state, prefs);
  const shareable = state.phase === 'play' || state.phase === 'solved';
  for (const b of $$('[data-action="share"]')) b.disabled = !shareable;
  const side = state.layout.side;
  // Shortcut letters that are digits here (H, K, L, M, N, P on 25×25) take Alt+Shift.
  for (const b of $$('[data-key]')) {
    const key = b.dataset.key;
    const how = letterIsDigit(key, side) ? `Alt+Shift+${key.toUpperCase()}` : key.toUpperCase();
    b.title = b.title.replace(/\((?:Alt\+Shift\+)?[A-Z]\)$/, `(${how})`);
  }
  // A 16×16 or 25×25 on a phone: zoomed in, panned by a finger, unless asked otherwise.
  const big = side >= 16 && narrow.matches;
  const zoom = big && prefs.zoom !== false;
  $('.play').classList.toggle('zoom', zoom);
  const toggle = $('[data-action="zoom"]');
  toggle.hidden = !big;
  toggle.textContent = zoom ? 'Whole grid' : 'Zoom in';
}

function zoomed() {
  return $('.play').classList.contains('zoom');
}

function toggleZoom() {
  prefs = { ...prefs, zoom: !zoomed() };
  savePrefs();
  draw();
  focusCursor();
}

/** In a zoomed grid, scroll a cell into the window (the cursor, a hint's first cell). */
function showCell(i) {
  const cell = view.cells[i];
  if (cell && zoomed()) cell.scrollIntoView({ block: 'nearest', inline: 'nearest' });
}

function setGame(next, message = '') {
  state = next;
  draw();
  setStatus(message);
  saveNow();
  schedulePicture();
}

// ---- print: the position as the server's renderer draws it (the picture `sudokit print`
// makes), kept a moment behind the play; until it arrives the board prints as it is.

let pictureTimer = 0;
let pictureAsked = 0;

function schedulePicture() {
  clearTimeout(pictureTimer);
  pictureTimer = setTimeout(updatePicture, 400);
}

async function updatePicture() {
  const sheet = $('#print-sheet');
  const ask = ++pictureAsked;
  sheet.classList.remove('ready');
  if (state.phase !== 'play' && state.phase !== 'solved') return sheet.replaceChildren();
  try {
    const board = M.currentBoard(state);
    const svg = await api.picture(M.puzzleSpec(state), M.toLine(board.values), M.notesOf(state));
    if (ask !== pictureAsked) return;
    const img = new Image();
    img.alt = '';
    img.src = `data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`;
    sheet.replaceChildren(img);
    sheet.classList.add('ready');
  } catch {
    // The board's own print style stands in.
  }
}

function focusCursor() {
  const cell = view.cells[state.cursor];
  if (cell && document.activeElement !== cell) cell.focus({ preventScroll: true });
  showCell(state.cursor);
}

/** In a zoomed grid, bring the hint's marked cells into view. */
function showHintCells() {
  const marked = [...M.hintDecor(state).marks.keys()];
  if (marked.length) showCell(Math.min(...marked));
}

/** Write a message in the live region, with optional buttons after it. */
function setStatus(text, actions = [], kind = '') {
  const s = $('#status');
  s.textContent = text;
  s.dataset.kind = kind;
  $('#status-actions').replaceChildren(...actions);
}

function actionButton(label, action, data = {}) {
  const b = document.createElement('button');
  b.type = 'button';
  b.textContent = label;
  b.dataset.action = action;
  Object.assign(b.dataset, data);
  return b;
}

// ---- keys ---------------------------------------------------------------------------

const ARROWS = { ArrowUp: [-1, 0], ArrowDown: [1, 0], ArrowLeft: [0, -1], ArrowRight: [0, 1] };
const LETTER_COMMANDS = { h: 'hint', p: 'pause', n: 'autonotes', k: 'check', m: 'mistake', l: 'learn' };

function onKey(e) {
  if (e.defaultPrevented || document.querySelector('dialog[open]')) return;
  const t = e.target;
  if (t.closest && t.closest('input, textarea, select')) return;
  if (t.tagName === 'BUTTON' && (e.key === ' ' || e.key === 'Enter')) return;
  const action = keyAction(e);
  if (!action) return;
  e.preventDefault();
  if (typeof action === 'string') COMMANDS[action]();
  else {
    dispatch(action);
    if (action.type === 'move' || action.type === 'selectAll') focusCursor();
  }
}

/** The action (or command name) of a key press, or null. */
function keyAction(e) {
  const ctrl = e.ctrlKey || e.metaKey;
  // Alt+Shift+letter: a command on any grid, and the only way on 25×25, whose letters
  // up to P are digits.
  const letter = letterOf(e);
  if (e.altKey && e.shiftKey && !ctrl && LETTER_COMMANDS[letter]) return LETTER_COMMANDS[letter];
  const digit = keyDigit(e, state.layout.side);
  if (digit) return { type: 'input', digit, mode: keyMode(e) };
  if (ctrl && !e.altKey) return ctrlAction(e.key.toLowerCase(), e.shiftKey);
  if (ARROWS[e.key]) {
    const [dr, dc] = ARROWS[e.key];
    return { type: 'move', dr, dc, extend: e.shiftKey };
  }
  if (['Delete', 'Backspace', '.'].includes(e.key) || (e.key === '0' && state.layout.side < 10)) return 'erase';
  if (e.key === ' ') return { type: 'cycleMode' };
  if (e.key === 'Escape') return 'escape';
  if (e.key === '?') return 'help';
  if (e.altKey || ctrl) return null;
  return LETTER_COMMANDS[e.key.toLowerCase()] || null;
}

/** The letter key pressed (by position, so Alt+Shift on a Mac still names it), lower case. */
function letterOf(e) {
  const m = /^Key([A-Z])$/.exec(e.code || '');
  return m ? m[1].toLowerCase() : e.key.length === 1 ? e.key.toLowerCase() : '';
}

/** Is this letter a digit on a grid of side n (A is 10)? */
function letterIsDigit(letter, n) {
  return n > 9 && M.digitOf(letter.toUpperCase(), n) > 9;
}

function ctrlAction(key, shift) {
  if (key === 'z') return shift ? 'redo' : 'undo';
  if (key === 'y') return 'redo';
  if (key === 'a') return { type: 'selectAll' };
  return null;
}

/** The digit a key enters: 1-9 (by key position, so Shift+1 works), A-G on 16×16. */
function keyDigit(e, n) {
  const m = /^(?:Digit|Numpad)([1-9])$/.exec(e.code || '') || (!e.code && /^([1-9])$/.exec(e.key));
  if (m) return Number(m[1]);
  if (n < 10 || e.ctrlKey || e.metaKey) return 0;
  const letter = /^Key([A-Z])$/.exec(e.code || '');
  const d = letter ? M.digitOf(letter[1], n) : e.key.length === 1 ? M.digitOf(e.key, n) : 0;
  return d > 9 ? d : 0;
}

function keyMode(e) {
  const ctrl = e.ctrlKey || e.metaKey || e.altKey;
  if (e.shiftKey && ctrl) return 'color';
  if (e.shiftKey) return 'corner';
  return ctrl ? 'centre' : undefined;
}

// ---- pointer ------------------------------------------------------------------------------

function cellAt(x, y) {
  const el = document.elementFromPoint(x, y);
  const cell = el && el.closest('[data-cell]');
  return cell && view.board.contains(cell) ? Number(cell.dataset.index) : -1;
}

let tap = -1; // the cell a finger went down on in a zoomed grid (-1: none)

function onPointerDown(e) {
  const cell = e.target.closest('[data-cell]');
  if (!cell || e.button > 0) return;
  if (zoomed() && e.pointerType !== 'mouse') {
    // A finger pans the zoomed grid; a tap (no pan, so no pointercancel) picks the cell.
    tap = Number(cell.dataset.index);
    return;
  }
  e.preventDefault();
  const how = e.ctrlKey || e.metaKey ? 'toggle' : e.shiftKey ? 'add' : 'set';
  dispatch({ type: 'select', cell: Number(cell.dataset.index), how });
  dragging = true;
  focusCursor();
}

function onPointerMove(e) {
  if (!dragging) return;
  const i = cellAt(e.clientX, e.clientY);
  if (i >= 0 && !state.selection.includes(i)) dispatch({ type: 'select', cell: i, how: 'add' });
}

/** A grid that gets the focus (Tab, a dialog closing) selects its cursor cell. */
function onGridFocus(e) {
  const cell = e.target.closest('[data-cell]');
  if (cell && !state.selection.length && state.phase !== 'solved') dispatch({ type: 'select', cell: Number(cell.dataset.index) });
}

// ---- commands (buttons and shortcut letters) -------------------------------------------------

const COMMANDS = {
  new: () => openNew(),
  generate: () => generate(),
  tab: (b) => showTab(b.dataset.tab),
  'own-play': () => playOwn(),
  'own-empty': () => emptyGrid(),
  'setup-start': () => startSetup(),
  'setup-cancel': () => cancelSetup(),
  share: () => share(),
  settings: () => openSettings(),
  help: () => openDialog('#dlg-help'),
  theme: () => toggleTheme(),
  pause: () => dispatch({ type: 'togglePause' }),
  mode: (b) => dispatch({ type: 'setMode', mode: b.dataset.mode }),
  digit: (b) => dispatch({ type: 'input', digit: Number(b.dataset.digit) }),
  erase: () => dispatch({ type: 'erase' }),
  undo: () => dispatch({ type: 'undo' }),
  redo: () => dispatch({ type: 'redo' }),
  autonotes: () => whilePlaying(() => dispatch({ type: 'autoNotes' })),
  restart: () => dispatch({ type: 'restart' }),
  hint: () => whilePlaying(hint),
  check: () => whilePlaying(check),
  mistake: () => whilePlaying(mistake),
  rewind: (b) => rewind(Number(b.dataset.to)),
  reveal: (b) => reveal(Number(b.dataset.cell)),
  'dismiss-notice': () => dismissNotice(),
  learn: () => openLearn(),
  lesson: (b) => showLesson(b.dataset.name),
  practise: (b) => practise(b.dataset.name),
  continue: (b) => resume(b.dataset.id),
  'delete-save': (b) => deleteSave(b.dataset.id),
  'cancel-busy': () => busy && busy.abort(),
  zoom: () => toggleZoom(),
  'copy-link': (b) => copyLink(b.dataset.url),
  escape: () => dispatch(state.hint ? { type: 'clearHint' } : { type: 'clearSelection' }),
};

/** Runs a helper unless the game is paused (its grid hidden): then says how to go on. */
function whilePlaying(helper) {
  if (state.paused) return setStatus('Paused: resume (P) to go on.');
  return helper();
}

function onClick(e) {
  const b = e.target.closest('[data-action]');
  if (!b || b.disabled) return;
  const cmd = COMMANDS[b.dataset.action];
  if (cmd) cmd(b);
}

// ---- dialogs -------------------------------------------------------------------------------------

function openDialog(sel, focus) {
  for (const d of $$('dialog[open]')) d.close();
  const dlg = $(sel);
  const active = document.activeElement;
  if (active && !active.closest('dialog')) returnFocus = active;
  dlg.showModal();
  const target = focus ? dlg.querySelector(focus) : null;
  if (target) target.focus();
}

function onDialogClose() {
  if (document.querySelector('dialog[open]')) return;
  const back = returnFocus && document.contains(returnFocus) && !returnFocus.disabled ? returnFocus : view.cells[state.cursor];
  if (back) back.focus({ preventScroll: true });
}

function openNew(tab = 'tab-new') {
  saveNow();
  offerLevels();
  $('#new-error').textContent = '';
  $('#own-error').textContent = '';
  renderContinue(document, continuable(), state.id);
  openDialog('#dlg-new');
  showTab(tab);
}

function showTab(id) {
  for (const b of $$('[data-action="tab"]')) b.setAttribute('aria-pressed', String(b.dataset.tab === id));
  for (const s of $$('#dlg-new .tab')) s.hidden = s.id !== id;
  const first = $(`#${id}`).querySelector('input:checked, textarea, button, input');
  if (first) first.focus();
}

function openSettings() {
  for (const input of $$('#dlg-settings [data-setting]')) {
    const key = input.dataset.setting;
    if (input.type === 'checkbox') input.checked = prefs[key] !== false;
    else input.value = prefs[key];
  }
  openDialog('#dlg-settings');
}

function onSettingChange(e) {
  const input = e.target.closest('[data-setting]');
  if (!input) return;
  const key = input.dataset.setting;
  prefs = { ...prefs, [key]: input.type === 'checkbox' ? input.checked : input.value };
  savePrefs();
  if (key === 'theme') applyTheme();
  if (key === 'autoClean') dispatch({ type: 'setting', key, value: prefs.autoClean });
  draw();
}

// ---- new games -------------------------------------------------------------------------------------

async function withBusy(text, work) {
  if (busy) busy.abort();
  const ctl = new AbortController();
  busy = ctl;
  $('#busy-text').textContent = text;
  $('#busy').hidden = false;
  try {
    return await work(ctl.signal);
  } finally {
    if (busy === ctl) {
      busy = null;
      $('#busy').hidden = true;
    }
  }
}

function checkedValue(name) {
  const input = document.querySelector(`input[name="${name}"]:checked`);
  return input ? input.value : '';
}

async function generate() {
  const seedText = $('#new-seed').value.trim();
  if (seedText && !(/^\d+$/.test(seedText) && Number(seedText) <= Number.MAX_SAFE_INTEGER)) {
    $('#new-error').textContent = `The seed is a whole number from 0 to ${Number.MAX_SAFE_INTEGER}.`;
    return;
  }
  const req = { layout: checkedValue('layout'), level: checkedValue('level') };
  // A seed chosen here (below 2^53) stays exact in JSON, so the seed shown can be shared.
  req.seed = seedText ? Number(seedText) : Math.floor(Math.random() * 2 ** 32);
  $('#dlg-new').close();
  await newPuzzle(req);
}

async function newPuzzle(req) {
  setStatus('Generating a puzzle…');
  // What the player sees while waiting: the time, and the candidates tried so far.
  const started = performance.now();
  let tries = 0;
  const show = () => {
    const secs = Math.floor((performance.now() - started) / 1000);
    const tried = tries ? `, ${tries.toLocaleString('en')} candidates tried` : '';
    if (busy) $('#busy-text').textContent = `Generating… ${secs} s${tried}`;
  };
  const ticker = setInterval(show, 500);
  try {
    const res = await withBusy('Generating…', (signal) => api.newPuzzle(req, signal, (n) => { tries = n; show(); }));
    startNew(res, req);
  } catch (err) {
    if (err.name === 'AbortError') return setStatus('Generation cancelled.');
    setStatus(sentence(err.message), [], 'error');
    if (state.phase === 'idle' && req.layout === '9x9') return;
    openNew();
    $('#new-error').textContent = sentence(err.message);
  } finally {
    clearInterval(ticker);
  }
}

/** Offers only the levels the chosen layout can be made at, and says why others are missing. */
function offerLevels() {
  const { levels, why } = M.levelsFor(checkedValue('layout'));
  let checked = null;
  for (const input of $$('input[name="level"]')) {
    input.disabled = !levels.includes(input.value);
    input.closest('label').title = input.disabled ? why : '';
    if (input.checked) checked = input;
  }
  if (checked && checked.disabled) {
    const order = [...$$('input[name="level"]')].filter((i) => !i.disabled);
    order[order.length - 1].checked = true;
  }
  $('#new-levels').textContent = why;
}

function startNew(res, req) {
  const info = {
    source: 'new', level: res.level || req.level, score: res.score, se: res.se, seKind: res.se_kind, hardest: res.hardest,
    techniques: res.techniques, seed: res.seed ?? req.seed, clues: res.clues,
  };
  const layout = fixLayout(res.layout);
  saveNow();
  setGame(M.newGame({ layout, puzzle: res.puzzle, solution: res.solution, info, settings: { autoClean: prefs.autoClean } }),
    `New ${info.level ? `${String(info.level).toLowerCase()} ` : ''}puzzle, ${M.layoutName(layout)}. Good luck!`);
  focusCursor();
}

/** A layout from the server's answer, with regions filled in when missing. */
function fixLayout(l) {
  return M.makeLayout(l.side, { box: l.box || null, regions: l.regions || null, diagonals: !!l.diagonals, cages: l.cages || null });
}

// ---- your own puzzle ----------------------------------------------------------------------------------

async function playOwn() {
  const text = $('#own-text').value;
  const err = $('#own-error');
  if (!text.trim()) {
    err.textContent = 'Paste a puzzle first.';
    return;
  }
  const spec = { puzzle: text };
  const regions = $('#own-regions').value.replace(/\s+/g, '');
  if (regions) spec.regions = regions;
  if ($('#own-x').checked) spec.diagonals = true;
  err.textContent = 'Checking…';
  try {
    const res = await api.solve(spec);
    if (res.status !== 'unique' && !(res.puzzle && res.layout)) {
      err.textContent = res.error || `This puzzle cannot be played (${res.status}).`;
      return;
    }
    $('#dlg-new').close();
    takeSolved(res, 'own', false);
  } catch (e) {
    err.textContent = sentence(e.message);
  }
}

/**
 * Start the puzzle /api/solve accepted, or show why not on a grid to fix: the
 * grid being typed (fromGrid), or a new one holding the puzzle's givens.
 */
function takeSolved(res, source, fromGrid) {
  if (res.status === 'unique') {
    saveNow();
    const layout = fixLayout(res.layout);
    setGame(M.newGame({ layout, puzzle: res.puzzle, solution: res.solution, info: { source }, settings: { autoClean: prefs.autoClean } }),
      source === 'shared' ? 'Shared puzzle opened. Rating it…' : 'Your puzzle has one solution. Rating it…');
    focusCursor();
    rateGame();
    return;
  }
  const message = sentence(res.error || describeStatus(res.status));
  if (!fromGrid && res.puzzle && res.layout) {
    if (state.phase !== 'idle' && state.phase !== 'setup') before = state;
    state = M.newGame({ layout: fixLayout(res.layout), puzzle: res.puzzle, phase: 'setup' });
  }
  const fault = (res.cells || []).map((c) => M.cellIndex(c, state.layout.side)).filter((i) => i >= 0);
  dispatch({ type: 'setMarks', marks: { fault } });
  draw();
  setStatus(`${message} Fix the givens, then press Start.`, [], 'error');
}

/** A message as a sentence: capital first letter, full stop at the end. */
function sentence(text) {
  const t = String(text).trim();
  return t[0].toUpperCase() + t.slice(1) + (/[.!?]$/.test(t) ? '' : '.');
}

function describeStatus(status) {
  return {
    multiple: 'This puzzle has more than one solution.',
    none: 'This puzzle has no solution.',
    invalid: 'This puzzle cannot be read.',
  }[status] || `This puzzle cannot be played (${status}).`;
}

async function rateGame() {
  const id = state.id;
  try {
    const r = await api.rate(M.puzzleSpec(state));
    if (state.id !== id || r.error) return;
    dispatch({ type: 'setInfo', info: { level: r.level, score: r.score, se: r.se, seKind: r.se_kind, hardest: r.hardest, techniques: r.techniques } });
    draw();
    scheduleSave();
    const se = M.seText(r.se, state.layout, r.se_kind);
    if (state.phase === 'play') setStatus(M.ratedText(r, state.layout, se));
    if (state.phase === 'solved') renderFinish(document, state);
  } catch (e) {
    setStatus(`The puzzle could not be rated: ${e.message}`, [], 'error');
  }
}

function emptyGrid() {
  const size = $('#own-size').value;
  const layout = size === 'x' ? M.makeLayout(9, { diagonals: true }) : M.makeLayout(Number(size.split('x')[0]));
  if (state.phase !== 'setup' && state.phase !== 'idle') before = state;
  saveNow();
  $('#dlg-new').close();
  setGame(M.newGame({ layout, phase: 'setup' }), 'Type the givens (arrows to move, digits to fill), then press Start.');
  dispatch({ type: 'select', cell: 0 });
  focusCursor();
}

async function startSetup() {
  const spec = M.puzzleSpec(state, M.currentBoard(state).values);
  setStatus('Checking the puzzle…');
  try {
    takeSolved(await api.solve(spec), 'own', true);
  } catch (e) {
    setStatus(e.message, [], 'error');
  }
}

function cancelSetup() {
  if (before) setGame(before, 'Back to your game.');
  else newPuzzle({ layout: '9x9', level: 'easy', seed: randomSeed() });
  before = null;
}

function randomSeed() {
  return Math.floor(Math.random() * 2 ** 32);
}

// ---- sharing -------------------------------------------------------------------------------------------------

function shareUrl() {
  return new URL(`${location.pathname}${M.shareQuery(state)}`, location.href).href;
}

async function share() {
  const url = shareUrl();
  const field = document.createElement('input');
  field.type = 'text';
  field.readOnly = true;
  field.value = url;
  field.className = 'link';
  field.setAttribute('aria-label', 'Link to this puzzle');
  field.addEventListener('focus', () => field.select());
  const copied = await copyText(url);
  setStatus(copied ? 'Link copied: it opens this puzzle anywhere.' : 'Copy this link to share the puzzle:', [field]);
}

async function copyLink(url) {
  setStatus((await copyText(url)) ? 'Link copied.' : 'Copy the link by hand.');
}

async function copyText(text) {
  try {
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    return false;
  }
}

async function openShared(spec) {
  history.replaceState(null, '', location.pathname);
  const line = spec.puzzle.replace(/\s+/g, '');
  const cages = M.makeLayout(9, { cages: spec.cages }).cages;
  const sameCages = (g) => JSON.stringify(g.cages || null) === JSON.stringify(cages || null);
  const saved = unfinished().find((g) => g.givens === line && (g.regions || '') === (spec.regions || '') && !!g.diagonals === !!spec.diagonals && sameCages(g));
  const game = saved && loadSaved(saved.id);
  if (game) return setGame(game, 'You have played this puzzle here before: your game is restored.');
  setStatus('Opening the shared puzzle…');
  try {
    takeSolved(await withBusy('Opening…', () => api.solve(spec)), 'shared', false);
  } catch (e) {
    setStatus(`The shared puzzle could not be opened: ${e.message}`, [], 'error');
  }
}

// ---- help while playing ----------------------------------------------------------------------------------------

async function check() {
  const at = state.history[state.at];
  try {
    const res = await api.check(M.puzzleSpec(state), M.toLine(M.currentBoard(state).values));
    if (state.history[state.at] !== at) return;
    const n = state.layout.side;
    const wrong = (res.wrong || []).map((c) => M.cellIndex(c, n)).filter((i) => i >= 0);
    const clash = M.clashes(state, wrong);
    dispatch({ type: 'setMarks', marks: { wrong, clash } });
    scheduleSave();
    const conflicts = (res.conflicts || []).length;
    const given = clash.length ? ` The ${clash.length === 1 ? 'given it clashes with is' : 'givens they clash with are'} ringed.` : '';
    if (res.solved) setStatus('Solved!');
    else if (wrong.length) setStatus(`${wrong.length} wrong ${wrong.length === 1 ? 'digit' : 'digits'}, marked in red.${given}`, [], 'error');
    else if (conflicts) setStatus(`No digit differs from the solution, but ${conflicts} cells clash.`, [], 'error');
    else setStatus(`No mistakes so far: ${Math.round(M.progress(state) * 100)} % filled.`);
  } catch (e) {
    setStatus(e.message, [], 'error');
  }
}

async function hint() {
  const h = state.hint;
  if (h && h.data.status === 'step') return nextRung(h);
  const at = state.history[state.at];
  const board = M.currentBoard(state);
  let res;
  try {
    setStatus('Looking for a step…');
    res = await api.hint(M.puzzleSpec(state), M.toLine(board.values), M.notesForHint(state));
  } catch (e) {
    return setStatus(e.message, [], 'error');
  }
  if (state.history[state.at] !== at) return setStatus('');
  showHint(res);
}

function showHint(res) {
  if (res.status === 'step' && res.step) {
    dispatch({ type: 'setHint', data: res });
    showNotice();
    showHintCells();
    return hintStatus();
  }
  if (res.status === 'mistake' && res.mistake) {
    dispatch({ type: 'setHint', data: res });
    dispatch({ type: 'setMarks', marks: { mistake: M.cellIndex(res.mistake.cell, state.layout.side) } });
    return setStatus(`There is a mistake first: ${res.mistake.message}.`, [actionButton('Find my first mistake', 'mistake')], 'error');
  }
  if (res.status === 'solved') return setStatus('The puzzle is solved already.');
  setStatus(res.error || 'No logical step found from here.', [], 'error');
}

/** Once, the first time a hint works from all candidates because notes are partial. */
function showNotice() {
  const board = M.currentBoard(state);
  const partial = !M.notesComplete(board) && board.values.some((v, i) => !v && (board.corner[i] || board.centre[i]));
  $('#hint-panel .hint-notice').hidden = !partial || prefs.notesNoticeSeen;
}

function dismissNotice() {
  prefs = { ...prefs, notesNoticeSeen: true };
  savePrefs();
  $('#hint-panel .hint-notice').hidden = true;
}

function nextRung(h) {
  if (h.rung >= 3) return applyHint(h);
  dispatch({ type: 'nextRung' });
  showHintCells();
  hintStatus();
}

/** The status line under a hint: what the next press shows (the hint panel says the rest). */
function hintStatus() {
  const { rung } = state.hint;
  const next = ['', 'Hint again to see the pattern.', 'Hint again to see why it holds.', 'Hint again to apply it.'][rung];
  setStatus(`Hint ${rung}/4. ${next}`, [], 'hint');
}

function applyHint(h) {
  const step = h.data.step;
  dispatch({ type: 'applyHint', step, candidates: h.data.candidates || [] });
  const lines = step.explanation || [];
  const last = lines.length ? lines[lines.length - 1].text : '';
  setStatus(`Applied the ${step.technique}. ${last}`.trim());
}

function mistake() {
  if (state.phase !== 'play') return;
  const m = M.firstMistake(state);
  if (!m) {
    setStatus(M.notesComplete(M.currentBoard(state))
      ? 'No mistakes: every digit and note agrees with the solution.'
      : 'No wrong digits. (Your notes do not cover every empty cell, so they are not checked.)');
    return;
  }
  dispatch({ type: 'setMarks', marks: { mistake: m.cell } });
  const back = actionButton(`Go back to before move ${m.move}`, 'rewind', { to: String(m.move - 1) });
  const show = actionButton('Show the right digit', 'reveal', { cell: String(m.cell) });
  setStatus(M.mistakeText(m, state.layout.side), [back, show], 'error');
}

function reveal(cell) {
  if (!state.solution || !(cell >= 0)) return;
  setStatus(`${M.cellName(cell, state.layout.side)} holds ${M.symbol(state.solution[cell])} in the solution.`);
}

function rewind(to) {
  dispatch({ type: 'rewind', to });
  setStatus(`Back to just before move ${to + 1}. Undo brings the later moves back.`);
}

function solved() {
  setStatus(`Solved! Time ${M.formatTime(state.elapsed)}.`, [actionButton('New game', 'new')]);
  saveNow();
  renderFinish(document, state);
  openDialog('#dlg-finish', '[data-action="new"]');
  if (!state.info.techniques) rateGame();
}

// ---- learn: every technique, its lesson, a practice game ---------------------------------------

let techniques = null;

async function openLearn() {
  openDialog('#dlg-learn');
  if (techniques) return;
  const list = $('#learn-list');
  list.textContent = 'Loading…';
  try {
    techniques = (await api.techniques()).techniques;
  } catch (e) {
    list.textContent = `The techniques could not be loaded: ${e.message}`;
    return;
  }
  const levels = [...new Set(techniques.map((t) => t.level))];
  list.replaceChildren(...levels.map((level) => {
    const section = document.createElement('section');
    const h = document.createElement('h3');
    h.textContent = level;
    const ul = document.createElement('ul');
    for (const t of techniques.filter((x) => x.level === level)) {
      const li = document.createElement('li');
      li.append(actionButton(t.name, 'lesson', { name: t.name }));
      ul.append(li);
    }
    section.append(h, ul);
    return section;
  }));
}

async function showLesson(name) {
  const box = $('#lesson');
  for (const b of $$('#learn-list [data-action="lesson"]')) b.setAttribute('aria-current', String(b.dataset.name === name));
  box.textContent = 'Loading…';
  let l;
  try {
    l = await api.lesson(name);
  } catch (e) {
    box.textContent = `This lesson could not be loaded: ${e.message}`;
    return;
  }
  const h = document.createElement('h3');
  h.textContent = l.technique;
  const level = document.createElement('p');
  level.className = 'muted';
  level.textContent = `${l.level}`;
  const idea = document.createElement('p');
  idea.className = 'idea';
  idea.textContent = l.idea;
  const figure = document.createElement('figure');
  const img = new Image();
  img.alt = `An example of ${l.technique}, drawn on its grid`;
  img.src = `data:image/svg+xml;charset=utf-8,${encodeURIComponent(l.svg)}`;
  figure.append(img);
  const lines = document.createElement('div');
  lines.className = 'hint-lines';
  for (const line of l.step.explanation) {
    const p = document.createElement('p');
    p.className = `line ${line.kind}`;
    p.style.setProperty('--depth', line.depth || 0);
    p.textContent = line.number ? `${line.number}. ${line.text}` : line.text;
    lines.append(p);
  }
  const actions = document.createElement('div');
  actions.className = 'dlg-actions';
  const go = actionButton('Practise', 'practise', { name: l.technique });
  go.className = 'primary';
  go.disabled = !l.practice;
  actions.append(go);
  if (!l.practice) {
    const why = document.createElement('p');
    why.className = 'muted';
    why.textContent = l.why;
    actions.prepend(why);
  }
  box.replaceChildren(h, level, idea, figure, lines, actions);
}

async function practise(name) {
  $('#dlg-learn').close();
  await newPuzzle({ layout: '9x9', needs: name, seed: randomSeed() });
}

// ---- saving --------------------------------------------------------------------------------------------------

function readIndex() {
  try {
    const list = JSON.parse(localStorage.getItem(INDEX_KEY));
    return Array.isArray(list) ? list : [];
  } catch {
    return [];
  }
}

function unfinished() {
  return readIndex().filter((g) => g.phase === 'play');
}

/** Has a saved game had a move? (Saves from before moves were counted: some progress.) */
function touched(g) {
  return g.moves === undefined ? g.progress > 0 || g.elapsed > 60000 : g.moves > 0;
}

/** The games Continue offers: unfinished ones with a move, the latest first. */
function continuable() {
  return unfinished().filter(touched);
}

function saveNow() {
  clearTimeout(saveTimer);
  if (!['play', 'solved'].includes(state.phase)) return;
  try {
    localStorage.setItem(gameKey(state.id), JSON.stringify(M.serialize(state)));
    // Only the game on screen is kept untouched (a reload brings it back); others
    // opened and left without a move are dropped.
    const list = readIndex().filter((g) => g.id !== state.id);
    for (const g of list.filter((x) => !touched(x))) localStorage.removeItem(gameKey(g.id));
    list.splice(0, list.length, ...list.filter(touched));
    const { givens } = M.serialize(state);
    const { regions, diagonals, box, cages } = state.layout;
    list.unshift({ ...M.summary(state), givens, regions: box ? '' : regions, diagonals, cages, savedAt: Date.now() });
    for (const old of list.splice(MAX_SAVED)) localStorage.removeItem(gameKey(old.id));
    localStorage.setItem(INDEX_KEY, JSON.stringify(list));
  } catch (e) {
    setStatus(`This game could not be saved: ${e.message}`, [], 'error');
  }
}

function scheduleSave() {
  clearTimeout(saveTimer);
  saveTimer = setTimeout(saveNow, 300);
}

/** A saved game, under today's auto-clean preference; null when missing or unreadable. */
function loadSaved(id) {
  try {
    const game = M.deserialize(JSON.parse(localStorage.getItem(gameKey(id))));
    return M.update(game, { type: 'setting', key: 'autoClean', value: prefs.autoClean });
  } catch {
    return null;
  }
}

function resume(id) {
  $('#dlg-new').close();
  if (id === state.id) return;
  saveNow();
  const game = loadSaved(id);
  if (game) setGame(game, 'Game restored.');
  else setStatus('That saved game could not be read.', [], 'error');
  focusCursor();
}

function deleteSave(id) {
  localStorage.removeItem(gameKey(id));
  localStorage.setItem(INDEX_KEY, JSON.stringify(readIndex().filter((g) => g.id !== id)));
  renderContinue(document, continuable(), state.id);
  const first = $('#continue-list button');
  if (first) first.focus();
}

function loadPrefs() {
  try {
    return { ...DEFAULT_PREFS, ...JSON.parse(localStorage.getItem(PREFS_KEY)) };
  } catch {
    return { ...DEFAULT_PREFS };
  }
}

function savePrefs() {
  try {
    localStorage.setItem(PREFS_KEY, JSON.stringify(prefs));
  } catch {
    // preferences are a convenience; a full storage only loses them
  }
}

// ---- theme and clock -------------------------------------------------------------------------------------------

function isDark() {
  return prefs.theme === 'dark' || (prefs.theme !== 'light' && matchMedia('(prefers-color-scheme: dark)').matches);
}

function applyTheme() {
  const root = document.documentElement;
  if (prefs.theme === 'light' || prefs.theme === 'dark') root.dataset.theme = prefs.theme;
  else delete root.dataset.theme;
  const b = $('[data-action="theme"]');
  b.setAttribute('aria-pressed', String(isDark()));
}

function toggleTheme() {
  prefs = { ...prefs, theme: isDark() ? 'light' : 'dark' };
  savePrefs();
  applyTheme();
}

function startClock() {
  let last = performance.now();
  setInterval(() => {
    const now = performance.now();
    const ms = now - last;
    last = now;
    // Time runs only while the puzzle can be played: not behind "Generating…" or an
    // open dialog, not in a hidden tab.
    if (document.hidden || state.phase !== 'play' || state.paused || busy || document.querySelector('dialog[open]')) return;
    const before = Math.floor(state.elapsed / 10000);
    dispatch({ type: 'tick', ms });
    if (Math.floor(state.elapsed / 10000) !== before) scheduleSave();
  }, 1000);
}

// ---- start ----------------------------------------------------------------------------------------------------

function bind() {
  document.addEventListener('keydown', onKey);
  document.addEventListener('click', onClick);
  document.addEventListener('change', onSettingChange);
  for (const input of $$('input[name="layout"]')) input.addEventListener('change', offerLevels);
  view.board.addEventListener('pointerdown', onPointerDown);
  view.board.addEventListener('pointermove', onPointerMove);
  view.board.addEventListener('focusin', onGridFocus);
  window.addEventListener('pointerup', (e) => {
    dragging = false;
    const cell = e.target.closest && e.target.closest('[data-cell]');
    if (tap >= 0 && cell && Number(cell.dataset.index) === tap) {
      dispatch({ type: 'select', cell: tap, how: 'set' });
      focusCursor();
    }
    tap = -1;
  });
  window.addEventListener('pointercancel', () => { dragging = false; tap = -1; });
  narrow.addEventListener('change', draw);
  // Keypad and mode buttons keep the keyboard focus on the grid.
  for (const sel of ['#keypad', '.modes']) $(sel).addEventListener('mousedown', (e) => e.preventDefault());
  $('#tab-new').addEventListener('keydown', (e) => {
    if (e.key === 'Enter' && e.target.matches('input')) {
      e.preventDefault();
      generate();
    }
  });
  for (const d of $$('dialog')) {
    d.addEventListener('close', onDialogClose);
    d.addEventListener('click', (e) => { if (e.target === d) d.close(); });
  }
  const lines = $('#hint-panel .hint-lines');
  const pointAt = (e) => {
    const p = e.target.closest && e.target.closest('[data-line]');
    const step = state.hint && state.hint.data.step;
    focusLine(view, state, p && step ? step.explanation[Number(p.dataset.line)] : null);
  };
  lines.addEventListener('pointerover', pointAt);
  lines.addEventListener('pointerleave', () => focusLine(view, state, null));
  lines.addEventListener('click', pointAt);
  window.addEventListener('pagehide', saveNow);
  document.addEventListener('visibilitychange', () => { if (document.hidden) saveNow(); });
  matchMedia('(prefers-color-scheme: dark)').addEventListener('change', applyTheme);
}

/** The static site (engine in the browser): keep a copy for offline play. */
async function keepOffline() {
  let kind;
  try {
    kind = await api.mode();
  } catch {
    return;
  }
  document.documentElement.dataset.engine = kind;
  if (kind !== 'engine' || !('serviceWorker' in navigator)) return;
  try {
    await navigator.serviceWorker.register('sw.js');
  } catch {
    // Served without the service worker (or from a file): online only.
  }
}

async function boot() {
  applyTheme();
  bind();
  draw();
  startClock();
  keepOffline();
  const spec = M.parseShare(location.search);
  if (spec) return openShared(spec);
  const latest = unfinished()[0];
  const game = latest && loadSaved(latest.id);
  if (game) {
    setGame(game, 'Welcome back: your game is restored.');
    return;
  }
  await newPuzzle({ layout: '9x9', level: 'easy', seed: randomSeed() });
}

boot();
