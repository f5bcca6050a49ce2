// Types of the sudokit package (index.js).

/** A puzzle: text in any format sudokit reads, or that text with its layout. */
export type Puzzle = string | PuzzleSpec;

export interface PuzzleSpec {
  /** A line of N² symbols ('.' or '0' for blanks), a grid block, a matrix, a HoDoKu line... */
  puzzle: string;
  /** The box shape "RxC" when it is not the usual one for the size. */
  box?: string;
  /** Jigsaw regions: N² region symbols. */
  regions?: string;
  /** Sudoku-X: the two diagonals are houses too. */
  diagonals?: boolean;
}

/** The layout of a grid as the answers describe it. */
export interface Layout {
  side: number;
  box: string | null;
  regions: string;
  diagonals: boolean;
}

export interface Solved {
  status: 'unique' | 'multiple' | 'none' | 'invalid';
  puzzle: string;
  solution: string | null;
  layout: Layout;
  /** The cells at fault when there is no single solution. */
  cells: string[];
  error: string | null;
  [key: string]: unknown;
}

export interface Counted {
  puzzle: string;
  /** Solutions found, at most `limit`. */
  count: number;
  /** false when counting stopped at the limit. */
  complete: boolean;
  limit: number;
}

export interface Rating {
  /** Easy, Medium, Hard, Unfair or Extreme (HoDoKu's levels, sudokit's path). */
  level: string;
  score: number;
  /** Sudoku Explainer's rating on 9×9 (ER); an estimate elsewhere (see se_kind). */
  se: number;
  se_kind: 'explainer' | 'estimate';
  /** Sudoku Explainer's EP and ED on 9×9 (null for an estimate). */
  ep: number | null;
  ed: number | null;
  /** The rule of SE's hardest step on its own path (null for an estimate). */
  se_hardest: string | null;
  /** The hardest technique on sudokit's path (null when there is no step). */
  hardest: string | null;
  /** Steps of each technique on the path. */
  techniques: Record<string, number>;
  steps: number;
  [key: string]: unknown;
}

export interface Step {
  technique: string;
  /** The explanation, line by line, in plain words. */
  explanation: Array<{ text: string; [key: string]: unknown }>;
  [key: string]: unknown;
}

export interface Hint {
  status: 'step' | 'mistake' | 'solved' | 'none';
  /** The next step (status 'step'). */
  step: Step | null;
  /** The first mistake (status 'mistake'): cell, digit, kind and a message. */
  mistake: { cell: string; digit: number | string; kind: string; message: string; [key: string]: unknown } | null;
  /** The candidates the hint reasoned from: per cell, its symbols ("" for a filled cell). */
  candidates: string[] | null;
  error: string | null;
  [key: string]: unknown;
}

export interface Explanation {
  solved: boolean;
  steps: Step[];
  rating: Rating;
  [key: string]: unknown;
}

export interface GenerateOptions {
  /** "9x9" (default), any "NxN" with boxes, "jigsaw" or "x". */
  layout?: string;
  /** easy, medium, hard, unfair or extreme; by default any. */
  level?: string;
  /** The same seed and options give the same puzzle. */
  seed?: number;
  /** A technique the puzzle's path must use (9×9). */
  needs?: string;
  /** Hears the number of candidate puzzles tried. */
  onProgress?: (tries: number) => void;
}

export interface Generated extends Rating {
  puzzle: string;
  solution: string;
  clues: number;
  tries: number;
  seed: number;
  layout: Layout;
}

export interface Canonical {
  puzzle: string;
  canonical: string;
}

/** A position of a game: the player's digits and notes. */
export interface Position {
  /** N² symbols, '.' for a blank. */
  entries?: string;
  /** N² strings of noted symbols. */
  notes?: string[];
}

export function solve(puzzle: Puzzle): Solved;
export function count(puzzle: Puzzle, limit?: number): Counted;
export function rate(puzzle: Puzzle): Rating;
export function hint(puzzle: Puzzle, position?: Position): Hint;
export function explain(puzzle: Puzzle): Explanation;
export function generate(options?: GenerateOptions, onProgress?: (tries: number) => void): Generated;
export function canon(puzzle: Puzzle): Canonical;
export function version(): string;

/** A request sudokit could not answer. */
export class SudokitError extends Error {
  /** 400 (a bad request), 404 or 422 (no answer: e.g. no unique solution). */
  status: number;
}
