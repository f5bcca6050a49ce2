"""sudokit: solve, count, rate, explain and generate sudoku puzzles, in process.

Every function takes a puzzle as text in any format the ``sudokit`` command reads (a line
of N² symbols with ``.``/``0``/``x`` for blanks, a grid block, a 0-filled matrix, a
HoDoKu line with pencil marks, ...). Sizes run from 4×4 to 25×25; ``box="2x3"`` names a box
shape the size alone does not, ``regions=`` gives jigsaw regions (N² symbols),
``diagonals=True`` makes a sudoku-X. Answers carry the CLI's ``--json`` fields.

Single calls raise ``ValueError`` with the CLI's message for bad input; the batch calls
(``solve_many``, ``rate_many``, ``generate_many``) release the GIL, use every core,
answer in input order and put ``{"error": message}`` in place of a bad puzzle's answer.

>>> import sudokit
>>> sudokit.solve("3..4..3....14...")["status"]
'unique'
"""

from __future__ import annotations

from typing import Any, Dict, List, Optional, Sequence, Tuple

from . import _sudokit

__all__ = [
    "solve", "count", "check", "candidates", "rate", "hint", "explain", "generate", "canon", "transform",
    "solve_many", "rate_many", "generate_many", "solve_array",
]


def solve(puzzle: str, *, box: Optional[str] = None, regions: Optional[str] = None,
          diagonals: bool = False) -> Dict[str, Any]:
    """Solve a puzzle and check that its solution is unique.

    Returns ``{"status": "unique" | "multiple" | "none", "solution": str | None}``
    (for ``multiple``, the first solution found). Raises ``ValueError`` for a puzzle that
    cannot be read or has two equal givens in a house.
    """
    return _sudokit.solve(puzzle, box=box, regions=regions, diagonals=diagonals)


def count(puzzle: str, limit: int = 2, *, box: Optional[str] = None,
          regions: Optional[str] = None, diagonals: bool = False) -> int:
    """Count the solutions of a puzzle, stopping at ``limit``."""
    return _sudokit.count(puzzle, limit, box=box, regions=regions, diagonals=diagonals)


def check(puzzle: str, *, box: Optional[str] = None, regions: Optional[str] = None,
          diagonals: bool = False) -> Dict[str, Any]:
    """Is the puzzle valid, solvable, unique and minimal? ``check --json``'s fields:
    ``valid``, ``solvable``, ``unique``, ``minimal`` (``None`` unless unique), ``clues``,
    ``redundant`` (givens whose removal keeps the solution unique) and ``error`` (why an
    invalid puzzle is invalid; this function reports rather than raises)."""
    return _sudokit.check(puzzle, box=box, regions=regions, diagonals=diagonals)


def candidates(puzzle: str, propagate: bool = False, *, box: Optional[str] = None,
               regions: Optional[str] = None, diagonals: bool = False) -> Dict[str, Any]:
    """Each cell's candidates, as ``candidates --json``: ``{"values": str,
    "candidates": [str, ...]}`` (a filled cell's own digit); with ``propagate``, after
    naked and hidden singles. Raises ``ValueError`` when a cell has no candidate."""
    return _sudokit.candidates(puzzle, propagate, box=box, regions=regions, diagonals=diagonals)


def rate(puzzle: str, *, box: Optional[str] = None, regions: Optional[str] = None,
         diagonals: bool = False, explainer: bool = False) -> Dict[str, Any]:
    """Rate a puzzle from its logical path, as ``sudokit rate --json`` does.

    Returns ``{"level", "score", "se", "hardest", "techniques", "steps"}``: the HoDoKu
    level and score, the Sudoku Explainer (SE) estimate, the hardest technique, a count per
    technique and the number of steps. Raises ``ValueError`` unless the puzzle has
    exactly one solution.

    With ``explainer=True`` (``rate --explainer``; 9×9 puzzles), ``se`` is SE's ER from
    SE's own path, and ``ep``, ``ed`` and ``se_hardest`` (SE's name of the hardest rule)
    are added: serate's ``ER/EP/ED``. It takes seconds a puzzle at ER 10 to 12.
    """
    return _sudokit.rate(puzzle, box=box, regions=regions, diagonals=diagonals,
                         explainer=explainer)


def hint(puzzle: str, *, box: Optional[str] = None, regions: Optional[str] = None,
         diagonals: bool = False) -> Optional[Dict[str, Any]]:
    """The next logical step (``hint --json``'s step), or ``None`` when the puzzle is
    solved or no technique applies. Pencil marks in the input are respected.

    Besides the notation (``text``), the step explains itself for a player:
    ``explanation`` is a list of lines (``kind``: intro, step, case or conclusion;
    ``number`` for steps; ``depth``; ``text`` in plain words; the ``cells`` and
    ``candidates`` the line is about), ``drawing`` what a picture of it marks
    (``houses``, ``candidates`` by role, ``cells``, ``links``) and ``focus`` the fewest
    houses that hold the pattern."""
    return _sudokit.hint(puzzle, box=box, regions=regions, diagonals=diagonals)


def explain(puzzle: str, *, box: Optional[str] = None, regions: Optional[str] = None,
            diagonals: bool = False) -> List[Dict[str, Any]]:
    """The whole logical path: a list of steps with ``explain --json``'s fields
    (``technique``, ``placements``, ``eliminations``, ``text``, ``explanation``,
    ``drawing``, ``focus``, ...), each as :func:`hint` gives it."""
    return _sudokit.explain(puzzle, box=box, regions=regions, diagonals=diagonals)


def generate(n: int = 1, *, level: Optional[str] = None, se: Optional[Tuple[float, float]] = None,
             symmetry: Optional[str] = None, seed: Optional[int] = None, size: int = 9,
             threads: int = 0) -> List[Dict[str, Any]]:
    """Make ``n`` puzzles with one solution each, as ``generate --json`` does.

    ``level``: easy, medium, hard, unfair or extreme; ``se``: an SE range ``(lo, hi)``;
    ``symmetry``: ``rot180``, ``mirror``, ... (``None``: any); ``seed``: puzzle ``i`` uses
    ``seed + i``, so the same call gives the same puzzles; ``size``: the side (4 to 25).
    A puzzle that could not be made is ``{"error": message}``.
    """
    return _sudokit.generate(n, level=level, se=se, symmetry=symmetry, seed=seed, size=size,
                             threads=threads)


generate_many = generate


def canon(puzzle: str) -> str:
    """The canonical form: the same line for every puzzle equivalent under the symmetries
    of the grid (bands, stacks, rows, columns, transposition, relabelling)."""
    return _sudokit.canon(puzzle)


def transform(puzzle: str, name: Optional[str] = None, seed: int = 1) -> str:
    """The puzzle under a named transformation (``transpose``, ``rot90``, ``mirror``,
    ``relabel``, ...), or a random one when ``name`` is ``None``."""
    return _sudokit.transform(puzzle, name, seed)


def solve_many(puzzles: Sequence[str], *, box: Optional[str] = None,
               regions: Optional[str] = None, diagonals: bool = False,
               threads: int = 0) -> List[Dict[str, Any]]:
    """``solve`` for every puzzle, on every core (``threads=0``), answers in order; a bad
    puzzle's answer is ``{"error": message}``."""
    return _sudokit.solve_many(list(puzzles), box=box, regions=regions, diagonals=diagonals,
                               threads=threads)


def rate_many(puzzles: Sequence[str], *, box: Optional[str] = None,
              regions: Optional[str] = None, diagonals: bool = False,
              threads: int = 0, explainer: bool = False) -> List[Dict[str, Any]]:
    """``rate`` for every puzzle, on every core, answers in order; a bad puzzle's answer
    is ``{"error": message}``."""
    return _sudokit.rate_many(list(puzzles), box=box, regions=regions, diagonals=diagonals,
                              threads=threads, explainer=explainer)


def solve_array(puzzles: Any, threads: int = 0) -> Any:
    """Solve 9×9 puzzles given as a NumPy ``uint8`` array of shape ``(n, 81)`` (0 =
    blank) on every core: the solutions in an array of the same shape, a row of zeros for
    a puzzle without exactly one solution. Needs NumPy."""
    import numpy as np

    a = np.ascontiguousarray(puzzles, dtype=np.uint8)
    if a.ndim != 2 or a.shape[1] != 81:
        raise ValueError(f"expected an array of shape (n, 81), not {a.shape}")
    out = _sudokit.solve_bytes(a.tobytes(), threads)
    return np.frombuffer(bytes(out), dtype=np.uint8).reshape(a.shape).copy()
