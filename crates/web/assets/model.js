// The game state and its pure update functions.
//
// One value holds the whole game: layout, givens, solution, an undo history of
// board snapshots, the selection, the input mode, the hint being shown and the
// clock. `update(state, action)` returns the next state and never mutates its
// argument; the view renders a state and the page's handlers only make actions.
//
// Cells are indexed 0..N²-1 in reading order; digits are 1..N; notes and
// colours are bit sets (bit d-1 for digit d, bit k-1 for colour k).

/** The symbols of a puzzle line: digit d is SYMBOLS[d - 1]; '.' is a blank. */
export const SYMBOLS = '123456789ABCDEFGHIJKLMNOP';
/** Input modes, in the order the mode key cycles through them. */
export const MODES = ['value', 'corner', 'centre', 'color'];
/** Number of highlight colours in colour mode. */
export const COLORS = 9;

// ---- symbols and names -------------------------------------------------------

/** The line symbol of digit d ('.' for 0). */
export function symbol(d) {
  return d ? SYMBOLS[d - 1] : '.';
}

/** The digit of a symbol (any case) on an N-grid, or 0 when it is none. */
export function digitOf(ch, n) {
  const i = SYMBOLS.indexOf(String(ch).toUpperCase());
  return i >= 0 && i < n ? i + 1 : 0;
}

/** Digits of a puzzle line (0 for blanks). */
export function parseLine(line, n) {
  return Array.from(line, (ch) => digitOf(ch, n));
}

/** The puzzle line of an array of digits. */
export function toLine(values) {
  return values.map(symbol).join('');
}

/** "r3c4" for a cell index. */
export function cellName(i, n) {
  return `r${Math.floor(i / n) + 1}c${(i % n) + 1}`;
}

/** The index of a cell name like "r3c4", or -1. */
export function cellIndex(name, n) {
  const m = /^r(\d+)c(\d+)$/i.exec(String(name).trim());
  if (!m) return -1;
  const r = Number(m[1]) - 1;
  const c = Number(m[2]) - 1;
  return r >= 0 && r < n && c >= 0 && c < n ? r * n + c : -1;
}

/** The bit set of the digits named in a string of symbols. */
export function maskOf(text, n) {
  let m = 0;
  for (const ch of text || '') {
    const d = digitOf(ch, n);
    if (d) m |= 1 << (d - 1);
  }
  return m;
}

/** The digits of a bit set, ascending. */
export function digitsOf(mask) {
  const out = [];
  for (let d = 1; mask >> (d - 1); d++) if (mask & (1 << (d - 1))) out.push(d);
  return out;
}

/** The symbols of a bit set, as a string. */
export function maskText(mask) {
  return digitsOf(mask).map(symbol).join('');
}

// ---- layouts -------------------------------------------------------------------

/** Region symbols of the R×C boxes of a side-N grid. */
export function boxRegions(n, box) {
  const [br, bc] = box.split('x').map(Number);
  let out = '';
  for (let i = 0; i < n * n; i++) {
    const r = Math.floor(i / n);
    const c = i % n;
    out += SYMBOLS[Math.floor(r / br) * (n / bc) + Math.floor(c / bc)];
  }
  return out;
}

/** The default box of a side (3x3 for 9, 2x3 for 6, 4x4 for 16, ...). */
export function defaultBox(n) {
  let r = Math.floor(Math.sqrt(n));
  while (r > 1 && n % r) r--;
  return `${r}x${n / r}`;
}

/**
 * A layout value: side, box (or null), regions (always), diagonals, and for a killer
 * sudoku its cages ([{sum, cells}], cells as indices in reading order).
 */
export function makeLayout(side, { box = null, regions = null, diagonals = false, cages = null } = {}) {
  const b = regions ? box : box || defaultBox(side);
  const layout = { side, box: b, regions: regions || boxRegions(side, b), diagonals: !!diagonals };
  if (Array.isArray(cages) && cages.length) {
    layout.cages = cages.map((c) => ({ sum: c.sum, cells: [...c.cells].sort((x, y) => x - y) }));
  }
  return layout;
}

/** Is this layout a killer's (it has cages)? */
export function isKiller(layout) {
  return Array.isArray(layout.cages) && layout.cages.length > 0;
}

/** A short name of a layout: "9×9", "9×9 jigsaw", "9×9 X". */
/** Does Sudoku Explainer's scale apply to this layout? It was made for 9×9 with boxes; on
 * other layouts sudokit's SE number is an estimate by analogy, shown only as "about N". */
export function seExact(layout) {
  return layout.side === 9 && !!layout.box && !isKiller(layout);
}

/** Every level, easiest first (the names the engine takes). */
export const LEVELS = ['easy', 'medium', 'hard', 'unfair', 'extreme'];

/**
 * The levels a new puzzle can be made at on each layout of the New game dialog, and
 * why the others are missing (measured with the generator; docs/web-app.md).
 */
const LEVEL_LIMITS = {
  '4x4': {
    levels: ['easy'],
    why: 'Only Easy on 4×4: every 4×4 puzzle is solved by singles alone.',
  },
  '25x25': {
    levels: ['easy', 'medium', 'hard'],
    why: 'No Unfair or Extreme on 25×25: they can take minutes to make (an Unfair one took from 9 s to over a minute; an Extreme one, with as few givens as possible, minutes to prove it has one solution).',
  },
};

/** {levels, why}: the levels offered for a layout of the New game dialog, and why others are not. */
export function levelsFor(layout) {
  return LEVEL_LIMITS[layout] || { levels: LEVELS, why: '' };
}

/** "SE 7.3" on 9×9 (Sudoku Explainer's own rating), "SE about 4" elsewhere, or '' without
 * a rating. `kind` is the server's se_kind: on 9×9 an "estimate" (SE's path was not done
 * in time) is "SE about 7.3". */
export function seText(se, layout, kind) {
  if (se === undefined || se === null) return '';
  if (!seExact(layout)) return `SE about ${Math.round(Number(se))}`;
  return kind === 'estimate' ? `SE about ${Number(se).toFixed(1)}` : `SE ${Number(se).toFixed(1)}`;
}

/**
 * The status line after rating: the level and its hardest step (sudokit's path) and, on
 * 9×9, Sudoku Explainer's number with the rule that set it on SE's own path, when that
 * rule is another one (a Direct Hidden Pair at 2.0 where sudokit's path needed a Naked
 * Single, say).
 */
export function ratedText(r, layout, se) {
  if (!seExact(layout) || !se) return `Rated ${r.level}; hardest step: ${r.hardest}.`;
  const own = r.se_kind === 'explainer' && r.se_hardest && r.se_hardest !== r.hardest
    ? `; on Sudoku Explainer's path, ${r.se_hardest}` : '';
  return `Rated ${r.level}, ${se}. Hardest step: ${r.hardest}${own}.`;
}

export function layoutName(layout) {
  const n = layout.side;
  const killer = isKiller(layout) ? ' killer' : '';
  return `${n}×${n}${layout.box ? '' : ' jigsaw'}${layout.diagonals ? ' X' : ''}${killer}`;
}

const geometries = new Map();

/** Houses, peers and names of a layout (computed once per layout). */
export function geometry(layout) {
  const key = layoutKey(layout);
  let g = geometries.get(key);
  if (!g) {
    g = buildGeometry(layout);
    geometries.set(key, g);
  }
  return g;
}

/** A layout's identity: side, regions, diagonals and cages. */
export function layoutKey(layout) {
  const cages = isKiller(layout) ? layout.cages.map((c) => `${c.sum}:${c.cells}`).join(';') : '';
  return `${layout.side}|${layout.regions}|${layout.diagonals}|${cages}`;
}

function buildGeometry({ side: n, regions, diagonals, cages }) {
  const order = [];
  const region = Array.from(regions, (ch) => {
    if (!order.includes(ch)) order.push(ch);
    return order.indexOf(ch);
  });
  const houses = [];
  const add = (kind, number, cells) => houses.push({ kind, number, name: `${kind} ${number}`, cells });
  for (let r = 0; r < n; r++) add('row', r + 1, range(n).map((c) => r * n + c));
  for (let c = 0; c < n; c++) add('column', c + 1, range(n).map((r) => r * n + c));
  const kind = isBoxes(n, regions) ? 'box' : 'region';
  order.forEach((_, k) => add(kind, k + 1, range(n * n).filter((i) => region[i] === k)));
  if (diagonals) {
    add('diagonal', 1, range(n).map((k) => k * n + k));
    add('anti-diagonal', 1, range(n).map((k) => k * n + (n - 1 - k)));
  }
  // A killer's cage-mates are peers too: a cage repeats no digit.
  const cageOf = new Array(n * n).fill(-1);
  (cages || []).forEach((c, k) => c.cells.forEach((i) => { cageOf[i] = k; }));
  const peers = range(n * n).map((i) => {
    const set = new Set();
    for (const h of houses) if (h.cells.includes(i)) h.cells.forEach((j) => j !== i && set.add(j));
    if (cageOf[i] >= 0) cages[cageOf[i]].cells.forEach((j) => j !== i && set.add(j));
    return [...set];
  });
  return { n, size: n * n, region, houses, peers, cageOf };
}

/** Whether the regions are the R×C boxes of some box shape (then houses are "box k"). */
function isBoxes(n, regions) {
  for (let r = 2; r < n; r++) {
    if (n % r === 0 && sameShape(boxRegions(n, `${r}x${n / r}`), regions)) return true;
  }
  return false;
}

function sameShape(a, b) {
  const map = new Map();
  for (let i = 0; i < a.length; i++) {
    if (!map.has(a[i])) map.set(a[i], b[i]);
    if (map.get(a[i]) !== b[i]) return false;
  }
  return true;
}

function range(k) {
  return Array.from({ length: k }, (_, i) => i);
}

/** The cells of a house named like the engine does ("box 2", "row 3", "c4", "r1"). */
export function houseCells(layout, name) {
  const g = geometry(layout);
  const text = String(name).trim().toLowerCase();
  const m = /^(anti-?diagonal|diagonal|row|column|col|box|block|region|[rcb])\s*(\d*)$/.exec(text);
  if (!m) return [];
  const word = { r: 'row', c: 'column', col: 'column', b: 'box', block: 'box' }[m[1]] || m[1];
  const number = Number(m[2] || 1);
  const wanted = word === 'antidiagonal' ? 'anti-diagonal' : word;
  const h = g.houses.find((x) => x.number === number && (x.kind === wanted
    || (wanted === 'box' && x.kind === 'region') || (wanted === 'region' && x.kind === 'box')));
  return h ? h.cells : [];
}

// ---- boards ----------------------------------------------------------------------

/** A board: values (givens included), corner notes, centre notes, colours. */
export function emptyBoard(size) {
  const z = () => new Array(size).fill(0);
  return { values: z(), corner: z(), centre: z(), colors: z() };
}

function copyBoard(b) {
  return { values: b.values.slice(), corner: b.corner.slice(), centre: b.centre.slice(), colors: b.colors.slice() };
}

const FIELDS = ['values', 'corner', 'centre', 'colors'];

function sameBoard(a, b) {
  return FIELDS.every((f) => a[f].every((x, i) => x === b[f][i]));
}

/** The digits the peers of cell i leave open, as a bit set. */
export function candidateMask(board, geo, i) {
  let m = (1 << geo.n) - 1;
  for (const j of geo.peers[i]) if (board.values[j]) m &= ~(1 << (board.values[j] - 1));
  return m;
}

/** The cells whose value equals a peer's value. */
export function conflicts(state) {
  const b = currentBoard(state);
  const g = geometry(state.layout);
  const out = new Set();
  b.values.forEach((v, i) => {
    if (v && g.peers[i].some((j) => b.values[j] === v)) out.add(i);
  });
  // A killer's cage filled with digits that miss its sum.
  for (const c of state.layout.cages || []) {
    const vals = c.cells.map((i) => b.values[i]);
    if (vals.every((v) => v) && vals.reduce((a, v) => a + v, 0) !== c.sum) c.cells.forEach((i) => out.add(i));
  }
  return out;
}

// ---- states ---------------------------------------------------------------------

/** A fresh game: puzzle is a line of givens; phase 'play' or 'setup' (typing givens). */
export function newGame({ layout, puzzle = '', solution = null, info = {}, phase = 'play', id = null, settings = {} }) {
  const size = layout.side * layout.side;
  const board = emptyBoard(size);
  const givens = puzzle ? parseLine(puzzle, layout.side) : new Array(size).fill(0);
  board.values = givens.slice();
  return {
    id: id || newId(),
    phase,
    layout,
    givens,
    solution: solution ? parseLine(solution, layout.side) : null,
    info,
    history: [{ board, label: 'start' }],
    at: 0,
    selection: [],
    cursor: 0,
    mode: 'value',
    settings: { autoClean: true, ...settings },
    hint: null,
    marks: emptyMarks(),
    elapsed: 0,
    paused: false,
  };
}

function emptyMarks() {
  return { wrong: [], clash: [], fault: [], mistake: -1 };
}

/** A short random id for saved games. */
export function newId() {
  return Date.now().toString(36) + Math.random().toString(36).slice(2, 7);
}

/** The board shown now. */
export function currentBoard(state) {
  return state.history[state.at].board;
}

/** Whether every cell holds the solution's digit. */
export function isSolved(state) {
  const v = currentBoard(state).values;
  return !!state.solution && state.solution.every((d, i) => v[i] === d);
}

/** Share of the non-given cells filled, 0..1. */
export function progress(state) {
  const v = currentBoard(state).values;
  const open = state.givens.filter((d) => !d).length;
  if (!open) return 1;
  return state.givens.reduce((k, d, i) => k + (!d && v[i] ? 1 : 0), 0) / open;
}

/** How many times each digit 1..N is placed (index d). */
export function digitCounts(state) {
  const counts = new Array(state.layout.side + 1).fill(0);
  for (const v of currentBoard(state).values) counts[v]++;
  return counts;
}

// ---- update ---------------------------------------------------------------------

/** The next state after an action (see HANDLERS for the action types). */
export function update(state, action) {
  const handler = HANDLERS[action.type];
  return handler ? handler(state, action) : state;
}

const HANDLERS = {
  select,
  selectAll: (s) => ({ ...s, selection: range(s.givens.length) }),
  clearSelection: (s) => ({ ...s, selection: [] }),
  move,
  input,
  erase,
  setMode: (s, a) => (MODES.includes(a.mode) ? { ...s, mode: a.mode } : s),
  cycleMode: (s) => ({ ...s, mode: MODES[(MODES.indexOf(s.mode) + 1) % MODES.length] }),
  autoNotes,
  undo: (s) => (canPlay(s) && s.at > 0 ? travel(s, s.at - 1) : s),
  redo: (s) => (canPlay(s) && s.at < s.history.length - 1 ? travel(s, s.at + 1) : s),
  restart: (s) => (canPlay(s) ? commit(s, s.history[0].board, 'restart') : s),
  rewind: (s, a) => (canPlay(s) && a.to >= 0 && a.to <= s.at ? commit(s, s.history[a.to].board, `back to move ${a.to}`) : s),
  applyHint,
  setHint: (s, a) => ({ ...s, hint: { rung: 1, data: a.data } }),
  nextRung: (s) => (s.hint ? { ...s, hint: { ...s.hint, rung: Math.min(3, s.hint.rung + 1) } } : s),
  clearHint: (s) => ({ ...s, hint: null, marks: { ...s.marks, mistake: -1 } }),
  setMarks: (s, a) => ({ ...s, marks: { ...emptyMarks(), ...a.marks } }),
  tick: (s, a) => (s.phase === 'play' && !s.paused ? { ...s, elapsed: s.elapsed + a.ms } : s),
  pause: (s) => (s.phase === 'play' ? { ...s, paused: true } : s),
  resume: (s) => ({ ...s, paused: false }),
  togglePause: (s) => (s.phase === 'play' ? { ...s, paused: !s.paused } : s),
  setInfo: (s, a) => ({ ...s, info: { ...s.info, ...a.info } }),
  setting: (s, a) => ({ ...s, settings: { ...s.settings, [a.key]: a.value } }),
};

function canPlay(s) {
  return (s.phase === 'play' || s.phase === 'setup') && !s.paused;
}

function select(s, { cell, how = 'set' }) {
  if (cell < 0 || cell >= s.givens.length) return s;
  let selection;
  if (how === 'add') selection = s.selection.includes(cell) ? s.selection : [...s.selection, cell];
  else if (how === 'toggle') selection = s.selection.includes(cell) ? s.selection.filter((i) => i !== cell) : [...s.selection, cell];
  else selection = [cell];
  return { ...s, selection, cursor: cell };
}

function move(s, { dr = 0, dc = 0, extend = false }) {
  const n = s.layout.side;
  const r = (Math.floor(s.cursor / n) + dr + n) % n;
  const c = ((s.cursor % n) + dc + n) % n;
  return select(s, { cell: r * n + c, how: extend ? 'add' : 'set' });
}

/** Put a board on top of the history (dropping the redo branch); one undo step. */
function commit(s, board, label) {
  if (sameBoard(board, currentBoard(s))) return s;
  const history = s.history.slice(0, s.at + 1);
  history.push({ board, label });
  const next = { ...s, history, at: history.length - 1, hint: null, marks: emptyMarks() };
  return settle(next);
}

function travel(s, at) {
  return settle({ ...s, at, hint: null, marks: emptyMarks() });
}

function settle(s) {
  if (s.phase === 'play' && isSolved(s)) return { ...s, phase: 'solved', selection: [] };
  return s;
}

function input(s, { digit, mode }) {
  if (!canPlay(s)) return s;
  const m = s.phase === 'setup' ? 'value' : mode || s.mode;
  if (m === 'color') return digit >= 1 && digit <= COLORS ? paint(s, digit) : s;
  if (!(digit >= 1 && digit <= s.layout.side)) return s;
  const cells = s.selection.filter((i) => s.phase === 'setup' || !s.givens[i]);
  if (!cells.length) return s;
  return m === 'value' ? place(s, cells, digit) : note(s, cells, digit, m);
}

function place(s, cells, digit) {
  const b = copyBoard(currentBoard(s));
  const clear = cells.every((i) => b.values[i] === digit);
  const g = geometry(s.layout);
  for (const i of cells) {
    b.values[i] = clear ? 0 : digit;
    if (!clear && s.settings.autoClean && s.phase === 'play') cleanPeers(b, g, i, digit);
  }
  const names = cells.map((i) => cellName(i, s.layout.side)).join(',');
  return commit(s, b, clear ? `clear ${names}` : `${names} = ${symbol(digit)}`);
}

function cleanPeers(b, g, i, digit) {
  const keep = ~(1 << (digit - 1));
  for (const j of g.peers[i]) {
    b.corner[j] &= keep;
    b.centre[j] &= keep;
  }
}

function note(s, cells, digit, mode) {
  const b = copyBoard(currentBoard(s));
  const key = mode === 'corner' ? 'corner' : 'centre';
  const targets = cells.filter((i) => !b.values[i]);
  if (!targets.length) return s;
  const bit = 1 << (digit - 1);
  const off = targets.every((i) => b[key][i] & bit);
  for (const i of targets) b[key][i] = off ? b[key][i] & ~bit : b[key][i] | bit;
  const names = targets.map((i) => cellName(i, s.layout.side)).join(',');
  return commit(s, b, `${mode} notes ${names} ${off ? '−' : '+'}${symbol(digit)}`);
}

function paint(s, color) {
  if (color > COLORS || !s.selection.length) return s;
  const b = copyBoard(currentBoard(s));
  const bit = 1 << (color - 1);
  const off = s.selection.every((i) => b.colors[i] & bit);
  for (const i of s.selection) b.colors[i] = off ? b.colors[i] & ~bit : b.colors[i] | bit;
  return commit(s, b, `colour ${color}`);
}

function erase(s) {
  if (!canPlay(s) || !s.selection.length) return s;
  const b = copyBoard(currentBoard(s));
  if (s.mode === 'color' && s.phase === 'play') {
    s.selection.forEach((i) => { b.colors[i] = 0; });
    return commit(s, b, 'erase colours');
  }
  const cells = s.selection.filter((i) => s.phase === 'setup' || !s.givens[i]);
  const withValue = cells.filter((i) => b.values[i]);
  if (withValue.length) withValue.forEach((i) => { b.values[i] = 0; });
  else cells.forEach((i) => { b.corner[i] = 0; b.centre[i] = 0; });
  return commit(s, b, `erase ${cells.map((i) => cellName(i, s.layout.side)).join(',')}`);
}

function autoNotes(s) {
  if (s.phase !== 'play' || s.paused) return s;
  const b = copyBoard(currentBoard(s));
  const g = geometry(s.layout);
  b.values.forEach((v, i) => { b.corner[i] = v ? b.corner[i] : candidateMask(b, g, i); });
  return commit(s, b, 'auto-notes');
}

function applyHint(s, { step, candidates = [] }) {
  if (s.phase !== 'play' || !step) return s;
  const n = s.layout.side;
  const g = geometry(s.layout);
  const b = copyBoard(currentBoard(s));
  const eliminates = (step.eliminations || []).length > 0;
  if (eliminates && !notesComplete(b)) {
    // A removal lives in notes: with notes in only some cells, every empty cell first
    // takes its candidates (as Auto-notes does), so the removal sticks.
    b.values.forEach((v, i) => {
      if (!v) b.corner[i] = maskOf(candidates[i], n) || candidateMask(b, g, i);
    });
  }
  for (const p of step.placements || []) {
    const i = cellIndex(p.cell, n);
    if (i < 0 || s.givens[i]) continue;
    b.values[i] = p.digit;
    if (s.settings.autoClean) cleanPeers(b, g, i, p.digit);
  }
  for (const e of step.eliminations || []) {
    const i = cellIndex(e.cell, n);
    if (i < 0 || b.values[i]) continue;
    if (!b.corner[i]) b.corner[i] = maskOf(candidates[i], n) || candidateMask(b, g, i);
    b.corner[i] &= ~(1 << (e.digit - 1));
    b.centre[i] &= ~(1 << (e.digit - 1));
  }
  return commit(s, b, `hint: ${step.technique}`);
}

// ---- mistakes ---------------------------------------------------------------------

/**
 * Whether a board's notes are the player's candidates: every empty cell has notes
 * (corner or centre). Otherwise the notes are the player's own marks (Snyder pairs in
 * corners, a few centre notes): never a mistake, and hints work from every candidate.
 */
export function notesComplete(board) {
  return board.values.every((v, i) => v || board.corner[i] || board.centre[i]);
}

/** Does cell i of a board hold a wrong digit? */
function wrongAt(board, solution, i) {
  const v = board.values[i];
  return !!v && v !== solution[i];
}

/** With complete notes, do cell i's notes leave out the solution's digit? */
function lostAt(board, solution, i) {
  if (board.values[i] || !notesComplete(board)) return false;
  const notes = board.corner[i] || board.centre[i];
  return !!notes && !(notes & (1 << (solution[i] - 1)));
}

/**
 * The first mistake still on the board: wrong digits first (the earliest move that
 * put one there), then, with complete notes, notes that dropped the solution's digit.
 * Returns {move, label, cell, kind, digit, value} or null; `digit` is the right one,
 * for a page to show only when asked.
 */
export function firstMistake(state) {
  if (!state.solution) return null;
  const boards = state.history.slice(0, state.at + 1).map((h) => h.board);
  const now = boards[boards.length - 1];
  const earliest = (test, kind) => {
    let best = null;
    for (let i = 0; i < now.values.length; i++) {
      if (!test(now, state.solution, i)) continue;
      let k = boards.length - 1;
      const same = (b) => test(b, state.solution, i) && (kind !== 'wrong' || b.values[i] === now.values[i]);
      while (k > 0 && same(boards[k - 1])) k--;
      if (!best || k < best.move) best = { move: k, cell: i, kind, digit: state.solution[i], value: now.values[i] };
    }
    return best;
  };
  const best = earliest(wrongAt, 'wrong') || earliest(lostAt, 'lost');
  return best && { ...best, label: state.history[best.move].label };
}

/** A sentence about a mistake found by firstMistake, without the right digit. */
export function mistakeText(m, n) {
  const at = cellName(m.cell, n);
  const what = m.kind === 'wrong'
    ? `${at} holds ${symbol(m.value)}, which is not its digit`
    : `the notes of ${at} leave out its digit`;
  return `Your first mistake is move ${m.move} (${m.label}): ${what}.`;
}

/** The givens a board's wrong digits clash with (same digit in a house). */
export function clashes(state, wrong) {
  const b = currentBoard(state);
  const g = geometry(state.layout);
  const out = new Set();
  for (const i of wrong) {
    for (const j of g.peers[i]) if (state.givens[j] && b.values[j] === b.values[i]) out.add(j);
  }
  return [...out];
}

// ---- hints -------------------------------------------------------------------------

/** The player's notes, one string per cell ("" = none): corner notes, else centre. */
export function notesOf(state) {
  const b = currentBoard(state);
  return b.values.map((v, i) => (v ? '' : maskText(b.corner[i] || b.centre[i])));
}

/**
 * The notes a hint reasons from: the player's when they are complete (see
 * notesComplete), else none, so the engine takes every candidate the digits allow.
 */
export function notesForHint(state) {
  const b = currentBoard(state);
  return notesComplete(b) ? notesOf(state) : b.values.map(() => '');
}

/**
 * What the hint at its rung shows on the grid. Rung 1: the houses to look at. Rung 2:
 * the pattern: base and cover houses, its candidates by role (pattern, colour k, fin,
 * extra), a single's blockers and the cells they rule out. Rung 3: also what goes and
 * what is placed, and the links. Returns {houses, base, cover, cells: Map(i → role),
 * marks: Map(i → {roles: {digit: role}, place}), ghosts, links}.
 */
export function hintDecor(state) {
  const out = {
    houses: new Set(), base: new Set(), cover: new Set(), cells: new Map(),
    marks: new Map(), ghosts: new Map(), links: [],
  };
  const h = state.hint;
  if (!h || !h.data || !h.data.step) return out;
  const n = state.layout.side;
  const step = h.data.step;
  const area = step.area ? step.area.map((c) => cellIndex(c, n))
    : (step.houses || []).flatMap((name) => houseCells(state.layout, name));
  area.forEach((i) => i >= 0 && out.houses.add(i));
  if (h.rung < 2) return out;
  const drawing = step.drawing || {};
  for (const house of drawing.houses || []) {
    const set = house.shade === 'cover' ? out.cover : out.base;
    for (const c of house.cells || []) set.add(cellIndex(c, n));
  }
  for (const c of drawing.cells || []) {
    const i = cellIndex(c.cell, n);
    if (i >= 0) out.cells.set(i, c.role);
  }
  for (const x of drawing.candidates || []) {
    const late = x.role === 'eliminated' || x.role === 'placed';
    if (late && h.rung < 3) continue;
    const i = cellIndex(x.cell, n);
    if (i < 0) continue;
    const m = mark(out, i);
    if (x.role === 'placed') m.place = x.digit;
    else m.roles[x.digit] = x.role === 'color' ? `c${x.color}` : x.role;
  }
  if (h.rung >= 3) out.links = drawing.links || [];
  addGhosts(out, state, h.data.candidates || []);
  return out;
}

function mark(out, i) {
  if (!out.marks.has(i)) out.marks.set(i, { roles: {}, place: 0 });
  return out.marks.get(i);
}

function addGhosts(out, state, candidates) {
  const b = currentBoard(state);
  for (const i of out.marks.keys()) {
    if (i < 0 || b.values[i] || b.corner[i]) continue;
    out.ghosts.set(i, maskOf(candidates[i], state.layout.side) || candidateMask(b, geometry(state.layout), i));
  }
}

// ---- sharing ---------------------------------------------------------------------------

/** The query string of a link that opens this puzzle: p, and r / x / b when needed. */
export function shareQuery(state) {
  const q = new URLSearchParams();
  q.set('p', toLine(state.givens));
  const { box, regions, diagonals, side } = state.layout;
  if (!box) q.set('r', regions);
  if (diagonals) q.set('x', '1');
  if (box && box !== defaultBox(side)) q.set('b', box);
  if (isKiller(state.layout)) q.set('k', state.layout.cages.map((c) => `${c.sum}:${c.cells.join('.')}`).join('_'));
  return `?${q}`;
}

/** A puzzle spec from a link's query string, or null. */
export function parseShare(search) {
  const q = new URLSearchParams(search);
  const p = q.get('p');
  if (!p) return null;
  const spec = { puzzle: p };
  if (q.get('r')) spec.regions = q.get('r');
  if (q.get('x') === '1') spec.diagonals = true;
  if (q.get('b')) spec.box = q.get('b');
  // A killer's cages: sum:cell.cell..._sum:... (the server checks them).
  if (q.get('k')) {
    spec.cages = q.get('k').split('_').map((part) => {
      const [sum, cells] = part.split(':');
      return { sum: Number(sum), cells: String(cells || '').split('.').filter(Boolean).map(Number) };
    });
  }
  return spec;
}

/** The puzzle spec of a game, for the API. */
export function puzzleSpec(state, values = state.givens) {
  const spec = { puzzle: toLine(values) };
  const { box, regions, diagonals } = state.layout;
  if (box) spec.box = box;
  else spec.regions = regions;
  if (diagonals) spec.diagonals = true;
  if (isKiller(state.layout)) spec.cages = state.layout.cages;
  return spec;
}

// ---- saving --------------------------------------------------------------------------------

/** A JSON-ready value of a game; the history is stored as changes between boards. */
export function serialize(state) {
  const boards = state.history.map((h) => h.board);
  return {
    v: 1,
    id: state.id,
    phase: state.phase,
    layout: state.layout,
    givens: toLine(state.givens),
    solution: state.solution ? toLine(state.solution) : null,
    info: state.info,
    labels: state.history.map((h) => h.label),
    first: boards[0],
    deltas: boards.slice(1).map((b, k) => diff(boards[k], b)),
    at: state.at,
    mode: state.mode,
    elapsed: Math.round(state.elapsed),
    settings: state.settings,
    // Check's verdict stays on screen until the next move, across a reload too.
    marks: { wrong: state.marks.wrong, clash: state.marks.clash },
  };
}

function diff(a, b) {
  const out = [];
  for (let i = 0; i < a.values.length; i++) {
    if (FIELDS.some((f) => a[f][i] !== b[f][i])) out.push([i, ...FIELDS.map((f) => b[f][i])]);
  }
  return out;
}

/** The game of a value made by serialize (throws on a malformed one). */
export function deserialize(data) {
  if (!data || data.v !== 1) throw new Error('unknown save format');
  const base = newGame({ layout: data.layout, puzzle: data.givens, solution: data.solution, info: data.info, phase: data.phase, id: data.id, settings: data.settings });
  let board = data.first;
  const history = [{ board, label: data.labels[0] }];
  data.deltas.forEach((d, k) => {
    board = copyBoard(board);
    for (const [i, ...vals] of d) FIELDS.forEach((f, j) => { board[f][i] = vals[j]; });
    history.push({ board, label: data.labels[k + 1] });
  });
  const at = Math.min(data.at, history.length - 1);
  const n = base.layout.side * base.layout.side;
  const cells = (list) => (Array.isArray(list) ? list.filter((i) => Number.isInteger(i) && i >= 0 && i < n) : []);
  const saved = data.marks || {};
  const marks = { ...emptyMarks(), wrong: cells(saved.wrong), clash: cells(saved.clash) };
  return { ...base, history, at, marks, mode: data.mode || 'value', elapsed: data.elapsed || 0, paused: false };
}

/** The summary a "Continue" list shows of a saved game. */
export function summary(state) {
  return {
    id: state.id,
    name: layoutName(state.layout),
    level: state.info.level || '',
    elapsed: state.elapsed,
    progress: progress(state),
    phase: state.phase,
    seed: state.info.seed ?? null,
    // Moves made (undone ones too): a game never touched is left out of Continue.
    moves: state.history.length - 1,
  };
}

/** "m:ss" or "h:mm:ss" of a duration in ms. */
export function formatTime(ms) {
  const t = Math.floor(ms / 1000);
  const h = Math.floor(t / 3600);
  const m = Math.floor((t % 3600) / 60);
  const s = String(t % 60).padStart(2, '0');
  return h ? `${h}:${String(m).padStart(2, '0')}:${s}` : `${m}:${s}`;
}
