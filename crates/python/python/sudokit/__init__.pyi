"""Type stubs of the sudokit package: every answer as a TypedDict with its exact keys."""

import sys
from typing import Any, Dict, List, Literal, Optional, Sequence, Tuple, Union, overload

if sys.version_info >= (3, 11):
    from typing import NotRequired, TypedDict
else:  # pragma: no cover
    from typing_extensions import NotRequired, TypedDict

__all__: List[str]
__version__: str

Level = Literal["Easy", "Medium", "Hard", "Unfair", "Extreme"]
LevelName = Literal["easy", "medium", "hard", "unfair", "extreme",
                    "Easy", "Medium", "Hard", "Unfair", "Extreme"]
Status = Literal["unique", "multiple", "none"]

class Solved(TypedDict):
    status: Optional[Status]
    solution: Optional[str]
    error: Optional[str]

class Counted(TypedDict):
    count: int
    complete: bool

class Checked(TypedDict):
    valid: bool
    solvable: Optional[bool]
    unique: Optional[bool]
    minimal: Optional[bool]
    clues: Optional[int]
    redundant: Optional[List[str]]
    error: Optional[str]

class Candidates(TypedDict):
    values: str
    candidates: List[str]

class Rating(TypedDict, total=False):
    level: Optional[Level]
    score: Optional[int]
    se: Optional[float]
    hardest: Optional[str]
    techniques: Optional[Dict[str, int]]
    steps: Optional[int]
    # SE's own rating (9×9): "explainer", with ep, ed, se_hardest; else "estimate";
    # "none" for a killer (se is None: SE has no killer scale).
    ep: Optional[float]
    ed: Optional[float]
    se_hardest: Optional[str]
    se_kind: Literal["explainer", "estimate", "none", None]
    # In rate_many's answers:
    error: Optional[str]

class Line(TypedDict):
    kind: Literal["intro", "step", "case", "conclusion"]
    number: Optional[int]
    depth: int
    text: str
    cells: List[str]
    candidates: List[str]

class Step(TypedDict, total=False):
    technique: str
    text: str
    placements: List[Any]
    eliminations: List[Any]
    explanation: List[Line]
    drawing: Dict[str, Any]
    focus: List[str]

class Generated(TypedDict):
    puzzle: Optional[str]
    solution: Optional[str]
    clues: Optional[int]
    level: Optional[Level]
    score: Optional[int]
    se: Optional[float]
    hardest: Optional[str]
    techniques: Optional[Dict[str, int]]
    steps: Optional[int]
    tries: Optional[int]
    seed: Optional[int]
    index: Optional[int]
    regions: Optional[str]
    error: Optional[str]
    # With killer=True: the killer's text (its givens, then its cages: block).
    killer: NotRequired[Optional[str]]

def solve(puzzle: str, *, box: Optional[str] = ..., regions: Optional[str] = ...,
          diagonals: bool = ...) -> Solved:
    """Solve a puzzle and check uniqueness: {"status", "solution", "error"}."""
@overload
def count(puzzle: str, *, limit: int = ..., box: Optional[str] = ..., regions: Optional[str] = ...,
          diagonals: bool = ..., details: Literal[False] = ...) -> int: ...
@overload
def count(puzzle: str, *, limit: int = ..., box: Optional[str] = ..., regions: Optional[str] = ...,
          diagonals: bool = ..., details: Literal[True]) -> Counted: ...
def check(puzzle: str, *, box: Optional[str] = ..., regions: Optional[str] = ...,
          diagonals: bool = ...) -> Checked:
    """valid, solvable, unique, minimal, clues, redundant, error (as check --json)."""
def candidates(puzzle: str, *, propagate: bool = ..., box: Optional[str] = ...,
               regions: Optional[str] = ..., diagonals: bool = ...) -> Candidates:
    """Each cell's candidates (as candidates --json), after singles with ``propagate``."""
def rate(puzzle: str, *, box: Optional[str] = ..., regions: Optional[str] = ...,
         diagonals: bool = ..., explainer: Optional[bool] = ...) -> Rating:
    """Level, score, hardest technique, technique counts, steps; Sudoku Explainer's rating (SE's own on 9×9)."""
def hint(puzzle: str, *, box: Optional[str] = ..., regions: Optional[str] = ...,
         diagonals: bool = ...) -> Optional[Step]:
    """The next logical step, or None."""
def explain(puzzle: str, *, box: Optional[str] = ..., regions: Optional[str] = ...,
            diagonals: bool = ...) -> List[Step]:
    """The whole logical path, a dict per step."""
def generate(n: int = ..., *, level: Optional[LevelName] = ...,
             se: Optional[Tuple[float, float]] = ..., symmetry: Optional[str] = ...,
             seed: Optional[int] = ..., start: int = ..., size: int = ..., box: Optional[str] = ...,
             jigsaw: bool = ..., diagonals: bool = ..., clues: Optional[int] = ..., tries: int = ...,
             grid: bool = ..., threads: int = ..., killer: bool = ..., givens: bool = ...,
             cage_max: Optional[int] = ...) -> List[Generated]:
    """Make ``n`` puzzles, reproducible by seed and index."""
def generate_many(n: int = ..., *, level: Optional[LevelName] = ...,
                  se: Optional[Tuple[float, float]] = ..., symmetry: Optional[str] = ...,
                  seed: Optional[int] = ..., start: int = ..., size: int = ...,
                  box: Optional[str] = ..., jigsaw: bool = ..., diagonals: bool = ...,
                  clues: Optional[int] = ..., tries: int = ..., grid: bool = ...,
                  threads: int = ..., killer: bool = ..., givens: bool = ...,
                  cage_max: Optional[int] = ...) -> List[Generated]:
    """The same as ``generate``."""
def canon(puzzle: str, *, box: Optional[str] = ..., regions: Optional[str] = ...,
          diagonals: bool = ...) -> str:
    """The canonical form of the puzzle's class."""
def transform(puzzle: str, name: Optional[str] = ..., *, seed: int = ..., box: Optional[str] = ...,
              regions: Optional[str] = ..., diagonals: bool = ...) -> str:
    """The puzzle under a named or random transformation."""
def solve_many(puzzles: Sequence[str], *, box: Optional[str] = ..., regions: Optional[str] = ...,
               diagonals: bool = ..., threads: int = ...) -> List[Solved]:
    """``solve`` on every core, in order; ``error`` set for a bad puzzle."""
def rate_many(puzzles: Sequence[str], *, box: Optional[str] = ..., regions: Optional[str] = ...,
              diagonals: bool = ..., threads: int = ..., explainer: Optional[bool] = ...) -> List[Rating]:
    """``rate`` on every core, in order; ``error`` set for a bad puzzle."""
def solve_array(puzzles: Any, *, threads: int = ...) -> Any:
    """Solve an integer array of shape (n, 81) or (n, 9, 9); zeros for puzzles without one solution."""
