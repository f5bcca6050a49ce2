"""sudokit: solve, count, rate, explain and generate sudoku puzzles, in process.

Every function takes a puzzle as text in any format the ``sudokit`` command reads (a line
of N² symbols with ``.``/``0``/``x`` for blanks, a grid block, a 0-filled matrix, a
HoDoKu line with pencil marks, ...). Sizes run from 4×4 to 25×25; ``box="2x3"`` names a box
shape the size alone does not, ``regions=`` gives jigsaw regions (N² symbols),
``diagonals=True`` makes a sudoku-X. A killer sudoku is its givens followed by a
``cages:`` block (the CLI's killer format); ``solve``, ``count``, ``check``, ``rate``,
``hint``, ``explain``, ``solve_many`` and ``rate_many`` take killers, and
``generate(killer=True)`` makes them. Answers carry the CLI's ``--json`` fields.

Single calls raise ``ValueError`` with the CLI's message for bad input (``TypeError`` for
a value of the wrong type); nothing panics or aborts: an internal failure would be a
``RuntimeError``. The batch calls (``solve_many``, ``rate_many``, ``generate``) release
the GIL, use every core and answer in input order; every answer has the same keys, with
``error`` ``None``, or the message (and the other keys ``None``) for a bad puzzle.
Options are keyword-only.

>>> import sudokit
>>> sudokit.solve("3..4..3....14...")["status"]
'unique'
"""

from __future__ import annotations

import functools
from typing import Any, Callable, Dict, List, Optional, Sequence, Tuple, TypeVar, Union

from . import _sudokit

__all__ = [
    "solve", "count", "check", "candidates", "rate", "hint", "explain", "generate", "canon", "transform",
    "solve_many", "rate_many", "generate_many", "solve_array", "__version__",
]

__version__: str = _sudokit.__version__
"""The package's version (the Rust crate's, written once in crates/python/Cargo.toml)."""

_F = TypeVar("_F", bound=Callable[..., Any])


def _guarded(fn: _F) -> _F:
    """``fn``, with a panic inside the extension (which pyo3 raises as a
    ``BaseException``) turned into a ``RuntimeError`` that ``except Exception`` catches."""

    @functools.wraps(fn)
    def call(*args: Any, **kwargs: Any) -> Any:
        try:
            return fn(*args, **kwargs)
        except BaseException as e:  # noqa: B902 - PanicException derives from BaseException
            if type(e).__name__ != "PanicException":
                raise
            raise RuntimeError(f"sudokit failed inside ({e}); please report the input") from None

    return call  # type: ignore[return-value]


def _puzzle_list(puzzles: Sequence[str], name: str) -> List[str]:
    """A batch's puzzles as a list; one string alone is a mistake, not 81 puzzles."""
    if isinstance(puzzles, (str, bytes)):
        raise TypeError(f"{name} takes a list of puzzles, not one string: {name}([puzzle]), "
                        f"or the single-puzzle function")
    items = list(puzzles)
    for i, p in enumerate(items):
        if not isinstance(p, str):
            raise TypeError(f"puzzle {i} is a {type(p).__name__}, not a str")
    return items


@_guarded
def solve(puzzle: str, *, box: Optional[str] = None, regions: Optional[str] = None,
          diagonals: bool = False) -> Dict[str, Any]:
    """Solve a puzzle and check that its solution is unique.

    Returns ``{"status": "unique" | "multiple" | "none", "solution": str | None}``
    (for ``multiple``, the first solution found). Raises ``ValueError`` for a puzzle that
    cannot be read or has two equal givens in a house.
    """
    return _sudokit.solve(puzzle, box=box, regions=regions, diagonals=diagonals)


@_guarded
def count(puzzle: str, *, limit: int = 2, box: Optional[str] = None,
          regions: Optional[str] = None, diagonals: bool = False,
          details: bool = False) -> Union[int, Dict[str, Any]]:
    """Count the solutions of a puzzle, stopping at ``limit`` (1 or more; a result equal
    to ``limit`` means "that many or more"). With ``details=True``, ``count --json``'s
    ``{"count": int, "complete": bool}``: ``complete`` is ``False`` when the count
    stopped at the limit (the CLI prints ``2+``)."""
    n, complete = _sudokit.count(puzzle, limit=limit, box=box, regions=regions,
                                 diagonals=diagonals)
    return {"count": n, "complete": complete} if details else n


@_guarded
def check(puzzle: str, *, box: Optional[str] = None, regions: Optional[str] = None,
          diagonals: bool = False) -> Dict[str, Any]:
    """Is the puzzle valid, solvable, unique and minimal? ``check --json``'s fields:
    ``valid``, ``solvable``, ``unique``, ``minimal`` (``None`` unless unique), ``clues``,
    ``redundant`` (givens whose removal keeps the solution unique) and ``error`` (why an
    invalid puzzle is invalid; this function reports rather than raises)."""
    return _sudokit.check(puzzle, box=box, regions=regions, diagonals=diagonals)


@_guarded
def candidates(puzzle: str, *, propagate: bool = False, box: Optional[str] = None,
               regions: Optional[str] = None, diagonals: bool = False) -> Dict[str, Any]:
    """Each cell's candidates, as ``candidates --json``: ``{"values": str,
    "candidates": [str, ...]}`` (a filled cell's own digit); with ``propagate``, after
    naked and hidden singles. Raises ``ValueError`` when a cell has no candidate."""
    return _sudokit.candidates(puzzle, propagate=propagate, box=box, regions=regions,
                               diagonals=diagonals)


@_guarded
def rate(puzzle: str, *, box: Optional[str] = None, regions: Optional[str] = None,
         diagonals: bool = False, explainer: Optional[bool] = None) -> Dict[str, Any]:
    """Rate a puzzle, as ``sudokit rate --json`` does.

    Returns ``{"level", "score", "se", "hardest", "techniques", "steps", "se_kind", "ep",
    "ed", "se_hardest"}``: the HoDoKu level and score from sudokit's own path, its hardest
    technique, a count per technique and the number of steps; and Sudoku Explainer's
    rating. On a 9×9 puzzle with boxes, ``se`` is SE's own rating by SE's path (serate's
    ER), with ``ep``, ``ed`` and ``se_hardest`` (SE's name of the hardest rule), and
    ``se_kind`` is ``"explainer"``. On other layouts SE has no rating: ``se`` is sudokit's
    estimate by analogy, ``se_kind`` is ``"estimate"`` and the other three are ``None``.
    Raises ``ValueError`` unless the puzzle has exactly one solution.

    ``explainer=True`` insists on SE's own rating (``ValueError`` off 9×9);
    ``explainer=False`` (``rate --no-explainer``) gives the estimate, faster at the top
    of the scale (SE's path takes seconds a puzzle at ER 10 to 12).

    The level is HoDoKu's scale: the hardest technique the path needs, raised by the score
    (the sum of every step's weight); SE rates the hardest single step of SE's own path.
    The two can disagree (an Extreme puzzle at SE 7.3 next to an Unfair at 7.5).
    """
    return _sudokit.rate(puzzle, box=box, regions=regions, diagonals=diagonals,
                         explainer=explainer)


@_guarded
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


@_guarded
def explain(puzzle: str, *, box: Optional[str] = None, regions: Optional[str] = None,
            diagonals: bool = False) -> List[Dict[str, Any]]:
    """The whole logical path: a list of steps with ``explain --json``'s fields
    (``technique``, ``placements``, ``eliminations``, ``text``, ``explanation``,
    ``drawing``, ``focus``, ...), each as :func:`hint` gives it."""
    return _sudokit.explain(puzzle, box=box, regions=regions, diagonals=diagonals)


@_guarded
def generate(n: int = 1, *, level: Optional[str] = None,
             se: Optional[Tuple[float, float]] = None, symmetry: Optional[str] = None,
             seed: Optional[int] = None, start: int = 0, size: int = 9,
             box: Optional[str] = None, jigsaw: bool = False, diagonals: bool = False,
             clues: Optional[int] = None, tries: int = 100_000, grid: bool = False,
             threads: int = 0, killer: bool = False, givens: bool = False,
             cage_max: Optional[int] = None) -> List[Dict[str, Any]]:
    """Make ``n`` puzzles (at most 1,000,000 a call) with one solution each, as
    ``generate --json`` does.

    ``level``: easy, medium, hard, unfair or extreme; ``se``: an SE range ``(lo, hi)``;
    ``symmetry``: ``rot180``, ``mirror``, ... (``None``: none); ``size``: the side (4 to
    25), ``box="2x3"`` a box shape the side alone does not name, ``jigsaw=True`` a new
    random jigsaw layout a puzzle, ``diagonals=True`` sudoku-X; ``clues``: aim at that
    many givens; ``tries``: candidate puzzles tried for a target before giving up;
    ``grid=True``: complete grids instead of puzzles. ``killer=True``: killer sudokus (no
    givens unless ``givens=True``; cages of at most ``cage_max`` cells, 6 by default; 4×4 to
    9×9; no ``se``), each with a ``killer`` key: its text, which every killer-taking
    function reads.

    ``seed``: puzzle ``i`` draws from a hash of the seed, ``i`` and what is asked, so the
    same call gives the same puzzles on any thread count (and the CLI's ``generate --seed``
    the same ones), while nearby seeds and other levels share none. Without a seed a
    random one is drawn from the operating system; every answer carries its ``seed`` and
    ``index``, and ``start=k`` makes puzzles ``k`` onward of a seed. A puzzle that could
    not be made has the same keys, ``None``, and its ``error``.
    """
    return _sudokit.generate(n, level=level, se=se, symmetry=symmetry, seed=seed, start=start,
                             size=size, box=box, jigsaw=jigsaw, diagonals=diagonals,
                             clues=clues, tries=tries, grid=grid, threads=threads,
                             killer=killer, givens=givens, cage_max=cage_max)


generate_many = generate


@_guarded
def canon(puzzle: str, *, box: Optional[str] = None, regions: Optional[str] = None,
          diagonals: bool = False) -> str:
    """The canonical form: the same line for every puzzle equivalent under the symmetries
    of its layout (bands, stacks, rows, columns, transposition, relabelling; a jigsaw's or
    sudoku-X's own)."""
    return _sudokit.canon(puzzle, box=box, regions=regions, diagonals=diagonals)


@_guarded
def transform(puzzle: str, name: Optional[str] = None, *, seed: int = 1,
              box: Optional[str] = None, regions: Optional[str] = None,
              diagonals: bool = False) -> str:
    """The puzzle under a named transformation (``transpose``, ``rot90``, ``mirror``,
    ``relabel``, ...), or a random one when ``name`` is ``None``."""
    return _sudokit.transform(puzzle, name, seed=seed, box=box, regions=regions,
                              diagonals=diagonals)


@_guarded
def solve_many(puzzles: Sequence[str], *, box: Optional[str] = None,
               regions: Optional[str] = None, diagonals: bool = False,
               threads: int = 0) -> List[Dict[str, Any]]:
    """``solve`` for every puzzle, on every core (``threads=0``), answers in order, each
    with ``status``, ``solution`` and ``error`` (``None``; for a bad puzzle, the message,
    the others ``None``). ``TypeError`` for one string instead of a list."""
    return _sudokit.solve_many(_puzzle_list(puzzles, "solve_many"), box=box, regions=regions,
                               diagonals=diagonals, threads=threads)


@_guarded
def rate_many(puzzles: Sequence[str], *, box: Optional[str] = None,
              regions: Optional[str] = None, diagonals: bool = False,
              threads: int = 0, explainer: Optional[bool] = None) -> List[Dict[str, Any]]:
    """``rate`` for every puzzle, on every core, answers in order, each with ``rate``'s
    keys and ``error`` (``None``; for a bad puzzle, the message, the others ``None``)."""
    return _sudokit.rate_many(_puzzle_list(puzzles, "rate_many"), box=box, regions=regions,
                              diagonals=diagonals, threads=threads, explainer=explainer)


@_guarded
def solve_array(puzzles: Any, *, threads: int = 0) -> Any:
    """Solve 9×9 puzzles given as a NumPy integer array of shape ``(n, 81)`` or
    ``(n, 9, 9)`` (0 = blank, 1-9 digits) on every core: the solutions in an array of the
    same shape (``uint8``), all zeros for a puzzle without exactly one solution. Any other
    dtype (floats, bools) or a value outside 0-9 is a ``ValueError`` naming the puzzle,
    row and column. Needs NumPy."""
    import numpy as np

    a = np.asarray(puzzles)
    if a.dtype == np.bool_ or not np.issubdtype(a.dtype, np.integer):
        raise ValueError(f"puzzles must be an integer array (0 = blank, 1-9), not {a.dtype}")
    shape = a.shape
    if not ((a.ndim == 2 and shape[1] == 81) or (a.ndim == 3 and shape[1:] == (9, 9))):
        raise ValueError(f"expected an array of shape (n, 81) or (n, 9, 9), not {shape}")
    flat = a.reshape(shape[0], 81)
    bad = np.argwhere((flat < 0) | (flat > 9))
    if len(bad):
        i, cell = (int(x) for x in bad[0])
        raise ValueError(f"puzzle {i}, row {cell // 9 + 1}, column {cell % 9 + 1}: "
                         f"{int(flat[i, cell])} is not 0-9 (0 is a blank)")
    data = np.ascontiguousarray(flat, dtype=np.uint8)
    out = _sudokit.solve_bytes(data.tobytes(), threads)
    return np.frombuffer(bytes(out), dtype=np.uint8).reshape(shape).copy()
