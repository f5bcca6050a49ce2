from typing import Any, Dict, List, Optional, Sequence, Tuple

__all__: List[str]

def solve(puzzle: str, *, box: Optional[str] = ..., regions: Optional[str] = ...,
          diagonals: bool = ...) -> Dict[str, Any]:
    """Solve a puzzle and check uniqueness: {"status", "solution"}."""
def count(puzzle: str, limit: int = ..., *, box: Optional[str] = ..., regions: Optional[str] = ...,
          diagonals: bool = ...) -> int:
    """Count the solutions, stopping at ``limit``."""
def check(puzzle: str, *, box: Optional[str] = ..., regions: Optional[str] = ...,
          diagonals: bool = ...) -> Dict[str, Any]:
    """valid, solvable, unique, minimal, clues, redundant, error (as check --json)."""
def candidates(puzzle: str, propagate: bool = ..., *, box: Optional[str] = ...,
               regions: Optional[str] = ..., diagonals: bool = ...) -> Dict[str, Any]:
    """Each cell's candidates (as candidates --json), after singles with ``propagate``."""
def rate(puzzle: str, *, box: Optional[str] = ..., regions: Optional[str] = ...,
         diagonals: bool = ..., explainer: bool = ...) -> Dict[str, Any]:
    """Level, score, Sudoku Explainer (SE) estimate, hardest technique, technique counts, steps.

    ``explainer=True`` (9×9): ``se`` is SE's ER from SE's own path, with ``ep``, ``ed`` and
    ``se_hardest``; seconds a puzzle at the top of the scale."""
def hint(puzzle: str, *, box: Optional[str] = ..., regions: Optional[str] = ...,
         diagonals: bool = ...) -> Optional[Dict[str, Any]]:
    """The next logical step, or None: the notation (``text``), and for a player its
    ``explanation`` (lines), ``drawing`` and ``focus``."""
def explain(puzzle: str, *, box: Optional[str] = ..., regions: Optional[str] = ...,
            diagonals: bool = ...) -> List[Dict[str, Any]]:
    """The whole logical path, a dict per step."""
def generate(n: int = ..., *, level: Optional[str] = ..., se: Optional[Tuple[float, float]] = ...,
             symmetry: Optional[str] = ..., seed: Optional[int] = ..., size: int = ...,
             threads: int = ...) -> List[Dict[str, Any]]:
    """Make ``n`` puzzles (``generate --json`` objects), reproducible by seed."""
def generate_many(n: int = ..., *, level: Optional[str] = ..., se: Optional[Tuple[float, float]] = ...,
                  symmetry: Optional[str] = ..., seed: Optional[int] = ..., size: int = ...,
                  threads: int = ...) -> List[Dict[str, Any]]:
    """The same as ``generate``."""
def canon(puzzle: str) -> str:
    """The canonical form of the puzzle's class."""
def transform(puzzle: str, name: Optional[str] = ..., seed: int = ...) -> str:
    """The puzzle under a named or random transformation."""
def solve_many(puzzles: Sequence[str], *, box: Optional[str] = ..., regions: Optional[str] = ...,
               diagonals: bool = ..., threads: int = ...) -> List[Dict[str, Any]]:
    """``solve`` on every core, in order, ``{"error": ...}`` for a bad puzzle."""
def rate_many(puzzles: Sequence[str], *, box: Optional[str] = ..., regions: Optional[str] = ...,
              diagonals: bool = ..., threads: int = ..., explainer: bool = ...) -> List[Dict[str, Any]]:
    """``rate`` on every core, in order, ``{"error": ...}`` for a bad puzzle."""
def solve_array(puzzles: Any, threads: int = ...) -> Any:
    """Solve a NumPy uint8 array of shape (n, 81); zeros for puzzles without one solution."""
