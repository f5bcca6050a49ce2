"""The Python package: every function with good and bad input, batches in order with
errors in place, and answers equal to the CLI's (`SUDOKIT_BIN`, when set)."""

import json
import os
import subprocess

import pytest

import sudokit

EASY = "..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3.."
HARD = "4...3.......6..8..........1....5..9..8....6...7.2........1.27..5.3....4.9........"
SIX = "4....1..23...5..3..6..4...54..1....5"
JIGSAW = ".3.......3......2............6..1...4.....5.6.......9...8...6525....913.......7.."
REGIONS = "DCCCCCCCCDDGAAFFFCDGGAAFBFFDGGAAFBFBDDGAAFBBBDDGGAIBBBEEEGIIIIHEEIIIIHHHEEEEHHHHH"


def test_solve_says_unique_multiple_or_none():
    answer = sudokit.solve(EASY)
    assert answer["status"] == "unique" and len(answer["solution"]) == 81
    assert sudokit.solve("." * 81)["status"] == "multiple"
    assert sudokit.solve(SIX, box="2x3")["status"] == "unique"
    assert sudokit.solve(JIGSAW, regions=REGIONS)["status"] == "unique"


def test_bad_puzzles_raise_value_error_with_the_place():
    with pytest.raises(ValueError, match="1:3: unexpected character 'q'"):
        sudokit.solve("12q" + "." * 78)
    with pytest.raises(ValueError, match="twice"):
        sudokit.solve("11" + "." * 79)
    with pytest.raises(ValueError, match="where a 25×25 puzzle has 625"):
        sudokit.solve(SIX, box="5x5")
    with pytest.raises(ValueError, match="regions"):
        sudokit.solve(JIGSAW, regions="ABC")
    # The same rule as the web API and the CLI: a box or regions, not both (Python used
    # to take the box silently).
    with pytest.raises(ValueError, match="give either a box shape or regions, not both"):
        sudokit.solve(JIGSAW, box="3x3", regions=REGIONS)
    with pytest.raises(ValueError, match="^box: '9' is not a box shape"):
        sudokit.solve(SIX, box="9")


def test_count_stops_at_the_limit_and_says_so():
    assert sudokit.count(EASY) == 1
    assert sudokit.count("." * 16, limit=1000) == 288
    assert sudokit.count("." * 81, limit=5) == 5
    assert sudokit.count("." * 81, limit=5, details=True) == {"count": 5, "complete": False}
    assert sudokit.count("." * 16, limit=1000, details=True) == {"count": 288, "complete": True}
    with pytest.raises(ValueError, match="limit must be 1 or more"):
        sudokit.count(EASY, limit=0)
    with pytest.raises(ValueError, match="limit must be a whole number"):
        sudokit.count(EASY, limit=-3)
    with pytest.raises(TypeError):
        sudokit.count(EASY, 5)  # options are keyword-only


def test_check_reports_validity_uniqueness_and_minimality():
    report = sudokit.check(EASY)
    assert report["valid"] and report["solvable"] and report["unique"]
    assert report["clues"] == 81 - EASY.count(".")
    assert report["minimal"] == (report["redundant"] == [])
    assert sudokit.check("." * 81)["unique"] is False and sudokit.check("." * 81)["minimal"] is None
    bad = sudokit.check("11" + "." * 79)
    assert bad["valid"] is False and "twice" in bad["error"]


def test_candidates_with_and_without_propagation():
    marks = sudokit.candidates(EASY)
    assert len(marks["candidates"]) == 81 and marks["values"] == EASY
    assert marks["candidates"][2] == "3"
    after = sudokit.candidates(HARD, propagate=True)
    assert after["values"].count(".") <= HARD.count(".")
    with pytest.raises(ValueError, match="no candidate"):
        sudokit.candidates("123....4........")


def test_rate_hint_and_explain_follow_the_logical_path():
    rating = sudokit.rate(EASY)
    assert rating["level"] == "Easy" and rating["steps"] > 0
    assert set(rating) >= {"level", "score", "se", "hardest", "techniques", "steps"}
    step = sudokit.hint(HARD)
    assert step["technique"] and step["text"]
    # The player's explanation: lines in plain words, with the cells each is about.
    lines = step["explanation"]
    assert lines[0]["kind"] == "intro" and lines[-1]["kind"] == "conclusion"
    assert all("<>" not in l["text"] and "=" not in l["text"] for l in lines)
    assert all(isinstance(l["cells"], list) for l in lines)
    assert set(step["drawing"]) == {"houses", "candidates", "cells", "links"}
    steps = sudokit.explain(EASY)
    assert len(steps) == rating["steps"]
    assert all("technique" in s for s in steps)
    with pytest.raises(ValueError, match="several solutions"):
        sudokit.rate("." * 81)
    solved = sudokit.solve(EASY)["solution"]
    assert sudokit.hint(solved) is None


TOP = "..3......4...8..36..8...1...4..6..73...9..........2.....4.7..686...2....7..6..5.."


def test_rate_explainer_gives_serates_ratings():
    # Rated 10.4/10.4/2.6 by serate 1.2.1.3 (the enjoysudoku forum's hardest list).
    rating = sudokit.rate(TOP, explainer=True)
    assert (rating["se"], rating["ep"], rating["ed"]) == (10.4, 10.4, 2.6)
    assert rating["se_hardest"] == "Dynamic Forcing Chains (+ Forcing Chains)"
    assert sudokit.rate_many([TOP, EASY], explainer=True)[0] == {**rating, "error": None}
    # SE's own rating is the default on 9×9; explainer=False gives the estimate.
    assert sudokit.rate(TOP) == rating
    estimate = sudokit.rate(TOP, explainer=False)
    assert estimate["se_kind"] == "estimate" and estimate["ep"] is None
    assert set(estimate) == set(rating)


def test_generate_is_reproducible_by_seed_and_reaches_levels():
    a = sudokit.generate(3, level="medium", seed=5)
    b = sudokit.generate(3, level="medium", seed=5, threads=1)
    assert a == b
    assert [p["index"] for p in a] == [0, 1, 2] and all(p["seed"] == 5 for p in a)
    assert sudokit.generate(1, level="medium", seed=5, start=2) == a[2:]
    assert all(p["level"] == "Medium" for p in a)
    assert all(sudokit.count(p["puzzle"]) == 1 for p in a)
    six = sudokit.generate(1, size=6, seed=2)[0]
    assert len(six["puzzle"]) == 36
    with pytest.raises(ValueError, match="level"):
        sudokit.generate(1, level="impossible")
    with pytest.raises(ValueError, match="symmetry"):
        sudokit.generate(1, symmetry="spiral")


def test_generate_draws_unrelated_sets_from_nearby_seeds_and_random_ones_without():
    one = {p["puzzle"] for p in sudokit.generate(60, seed=1)}
    two = {p["puzzle"] for p in sudokit.generate(60, seed=2)}
    assert not one & two, "seeds 1 and 2 share puzzles"
    # One seed at two levels starts from different grids.
    easy = {p["solution"] for p in sudokit.generate(5, level="easy", seed=2026)}
    hard = {p["solution"] for p in sudokit.generate(5, level="hard", seed=2026)}
    assert not easy & hard
    # Without a seed: random, and the seed drawn is reported.
    x, y = sudokit.generate(2), sudokit.generate(2)
    assert x != y and x[0]["seed"] != y[0]["seed"]
    assert sudokit.generate(2, seed=x[0]["seed"]) == x


@pytest.mark.skipif(not os.environ.get("SUDOKIT_BIN"), reason="SUDOKIT_BIN names the CLI to compare with")
def test_generate_makes_the_clis_puzzles_for_the_same_seed():
    out = subprocess.run([os.environ["SUDOKIT_BIN"], "generate", "-n", "4", "--seed", "77", "--level", "hard"],
                         capture_output=True, text=True, check=True).stdout.split()
    assert [p["puzzle"] for p in sudokit.generate(4, seed=77, level="hard")] == out


def test_generate_takes_the_clis_layouts_and_options():
    j = sudokit.generate(1, jigsaw=True, seed=3)[0]
    assert j["regions"] and sudokit.count(j["puzzle"], regions=j["regions"]) == 1
    x = sudokit.generate(1, diagonals=True, seed=3)[0]
    assert sudokit.count(x["puzzle"], diagonals=True) == 1
    b = sudokit.generate(1, box="3x2", seed=3)[0]
    assert sudokit.count(b["puzzle"], box="3x2") == 1
    g = sudokit.generate(2, grid=True, seed=3)
    assert all(len(p["solution"]) == 81 and p["error"] is None for p in g)
    c = sudokit.generate(1, clues=30, seed=3)[0]
    assert c["clues"] == 30
    missed = sudokit.generate(1, level="extreme", tries=1, seed=3)[0]
    assert missed["puzzle"] is None and "raise tries=" in missed["error"]
    assert set(missed) == set(sudokit.generate(1, seed=3)[0])


@pytest.mark.parametrize("n", [10**12, 2**61, -1])
def test_generate_refuses_counts_it_cannot_make_without_aborting(n):
    with pytest.raises(ValueError, match="n must be a whole number from 0 to 1000000"):
        sudokit.generate(n, level="easy")


def test_bad_numbers_and_types_are_clear_errors():
    with pytest.raises(ValueError, match="seed must be a whole number"):
        sudokit.generate(1, seed=-5)
    with pytest.raises(ValueError, match="threads must be"):
        sudokit.solve_many([EASY], threads=-1)
    with pytest.raises(TypeError, match="not one string"):
        sudokit.solve_many(EASY)
    with pytest.raises(TypeError, match="puzzle 1 is a int"):
        sudokit.rate_many([EASY, 5])
    with pytest.raises(ValueError, match="one puzzle expected, but another starts on line 2"):
        sudokit.solve(EASY + "\n" + HARD)
    with pytest.raises(ValueError, match="U\\+0001 \\(an invisible character\\)"):
        sudokit.solve("12\x01" + "." * 78)


def test_a_panic_inside_is_a_runtime_error_that_except_exception_catches():
    call = sudokit._guarded(sudokit._sudokit._panic_for_test)
    try:
        call()
    except Exception as e:  # noqa: BLE001 - the point of the test
        assert isinstance(e, RuntimeError) and "on purpose" in str(e)
    else:
        raise AssertionError("no exception")


def test_explainer_is_for_nine_by_nine_and_says_what_se_is():
    with pytest.raises(ValueError, match="9×9 puzzles with boxes"):
        sudokit.rate(SIX, box="2x3", explainer=True)
    assert sudokit.rate(TOP, explainer=True)["se_kind"] == "explainer"
    # Off 9×9 SE has no rating: the estimate, said so.
    six = sudokit.rate(SIX, box="2x3")
    assert six["se_kind"] == "estimate" and six["se_hardest"] is None


def test_version_is_the_crates():
    assert sudokit.__version__.count(".") == 2


def test_canon_and_transform_keep_the_puzzle_class():
    moved = sudokit.transform(EASY, "transpose")
    assert moved != EASY
    assert sudokit.canon(moved) == sudokit.canon(EASY)
    assert sudokit.canon(sudokit.transform(EASY, seed=9)) == sudokit.canon(EASY)
    with pytest.raises(ValueError):
        sudokit.transform(EASY, "no-such-move")
    # Other layouts: the same keywords as the other functions.
    assert sudokit.canon(JIGSAW, regions=REGIONS) == sudokit.canon(
        sudokit.transform(JIGSAW, "relabel", seed=4, regions=REGIONS), regions=REGIONS)
    assert len(sudokit.canon(SIX, box="2x3")) == 36


def test_batches_answer_in_order_with_errors_in_place():
    puzzles = [EASY, "garbage", HARD, "11" + "." * 79]
    solved = sudokit.solve_many(puzzles, threads=2)
    assert [s["error"] is not None for s in solved] == [False, True, False, True]
    assert solved[0] == sudokit.solve(EASY)
    assert all(set(s) == {"status", "solution", "error"} for s in solved)
    rated = sudokit.rate_many(puzzles)
    assert {k: v for k, v in rated[2].items() if k != "error"} == sudokit.rate(HARD)
    assert rated[1]["error"] and rated[3]["error"] and rated[1]["level"] is None
    assert set(rated[1]) == set(rated[0])


def test_solve_array_solves_rows_and_zeroes_the_unsolvable():
    np = pytest.importorskip("numpy")
    rows = np.array([[int(c) if c != "." else 0 for c in p] for p in (EASY, HARD, "." * 81)],
                    dtype=np.uint8)
    out = sudokit.solve_array(rows)
    assert out.shape == (3, 81) and out.dtype == np.uint8
    assert "".join(map(str, out[0])) == sudokit.solve(EASY)["solution"]
    assert not out[2].any()
    with pytest.raises(ValueError, match="shape"):
        sudokit.solve_array(np.zeros((2, 80), dtype=np.uint8))
    with pytest.raises(ValueError, match="puzzle 0, row 1, column 1: 12 is not 0-9"):
        sudokit.solve_array(np.full((1, 81), 12, dtype=np.uint8))
    # No silent coercion: 260 is not 4, -1 not 255, 4.9 not 4.
    for bad, message in ((260, "260 is not 0-9"), (-1, "-1 is not 0-9")):
        wide = rows.astype(np.int64)
        wide[1, 40] = bad
        with pytest.raises(ValueError, match=f"puzzle 1, row 5, column 5: {message}"):
            sudokit.solve_array(wide)
    with pytest.raises(ValueError, match="integer array"):
        sudokit.solve_array(rows.astype(float) + 0.9)
    # (n, 9, 9) in, (n, 9, 9) out.
    square = sudokit.solve_array(rows.reshape(3, 9, 9))
    assert square.shape == (3, 9, 9) and (square.reshape(3, 81) == out).all()


def test_help_is_useful():
    assert "SE" in sudokit.rate.__doc__ and "ValueError" in sudokit.rate.__doc__


@pytest.mark.skipif(not os.environ.get("SUDOKIT_BIN"), reason="SUDOKIT_BIN names the CLI to compare with")
def test_check_and_candidates_equal_the_cli():
    for command, mine in (("check", sudokit.check(EASY)), ("candidates", sudokit.candidates(EASY))):
        out = subprocess.run([os.environ["SUDOKIT_BIN"], command, "--json"], input=EASY + "\n",
                             capture_output=True, text=True).stdout
        theirs = json.loads(out)
        for key, value in mine.items():
            assert theirs[key] == value, (command, key)


@pytest.mark.skipif(not os.environ.get("SUDOKIT_BIN"), reason="SUDOKIT_BIN names the CLI to compare with")
def test_answers_equal_the_cli():
    puzzles = [EASY, HARD, "..." + EASY[3:]]
    out = subprocess.run([os.environ["SUDOKIT_BIN"], "rate", "--json"], input="\n".join(puzzles) + "\n",
                         capture_output=True, text=True).stdout
    cli = [json.loads(line) for line in out.splitlines()]
    for mine, theirs in zip(sudokit.rate_many(puzzles), cli):
        if theirs["error"]:
            assert mine["error"]
        else:
            for key in ("level", "score", "se", "hardest", "techniques", "steps"):
                assert mine[key] == theirs[key], key
    out = subprocess.run([os.environ["SUDOKIT_BIN"], "rate", "--json", "--explainer"], input=TOP + "\n",
                         capture_output=True, text=True).stdout
    theirs = json.loads(out)
    mine = sudokit.rate(TOP, explainer=True)
    for key in ("level", "score", "se", "hardest", "techniques", "steps", "ep", "ed", "se_hardest"):
        assert mine[key] == theirs[key], key


def test_the_module_examples_run():
    import doctest

    assert doctest.testmod(sudokit).failed == 0


@pytest.mark.parametrize("call", [
    lambda p: sudokit.count(p), lambda p: sudokit.rate(p), lambda p: sudokit.hint(p),
    lambda p: sudokit.explain(p), lambda p: sudokit.canon(p), lambda p: sudokit.transform(p),
    lambda p: sudokit.candidates(p), lambda p: sudokit.solve(p),
])
def test_every_single_call_raises_value_error_for_an_unreadable_puzzle(call):
    with pytest.raises(ValueError, match="unexpected character"):
        call("12?" + "." * 78)
    with pytest.raises(ValueError, match="no puzzle"):
        call("")


def interrupted(call, wait):
    """Runs `call` (Python source) in a child process, sends it Ctrl-C after `wait`
    seconds, and gives its exit code, its output and how long it took to end after."""
    import signal
    import sys
    import time

    script = (
        "import sudokit, sys\n"
        "print('start', flush=True)\n"
        "try:\n"
        f"    {call}\n"
        "except KeyboardInterrupt:\n"
        "    print('interrupted', flush=True)\n"
        "    sys.exit(3)\n"
        "print('finished', flush=True)\n"
    )
    proc = subprocess.Popen([sys.executable, "-c", script], stdout=subprocess.PIPE, text=True)
    try:
        assert proc.stdout.readline().strip() == "start"
        time.sleep(wait)
        sent = time.monotonic()
        proc.send_signal(signal.SIGINT)
        out, _ = proc.communicate(timeout=30)
        waited = time.monotonic() - sent
    finally:
        proc.kill()
    return proc.returncode, out, waited


def test_ctrl_c_stops_a_batch_with_keyboard_interrupt():
    # A batch far longer than the test waits: rating a hard puzzle many times over.
    code, out, waited = interrupted(f"sudokit.rate_many([{HARD!r}] * 100000, threads=1)", 1.0)
    assert code == 3, out
    assert "interrupted" in out
    # The search under way stops at its next check.
    assert waited < 5, f"stopped {waited:.1f} s after Ctrl-C"


# A minimal 25×25 puzzle (`sudokit generate --size 25 --seed 7`) whose uniqueness check
# runs for minutes.
SLOW_25 = (
    ".M.....BJ.6GC....N..F8..DB.I..N...5...JMK8..P.........J....P214..9...H...K."
    "N....O..9G5H.KF..LJM...2.7..KE2.8......LD..G1.9.C.5...K..2.6....7JB...M...N"
    ".......E8H.CD.6.AOK5..J.FHP.F8..G.......EC...2I..K.4..LDF..1N28....I9.OC..3"
    ".DN..........E....24..B5.J..8.GILO..6..3..7N2.5..4...B5C..KD4...2.P6.F.3..J"
    ".O2.NB..67E5I8K4...D.P...K..D91..3....MBGH..LC68..FC.G.5....1L.9....3..NI.."
    "2.7.....A.G....H.....D5M.69..MJ3C.....I...ED.P.F8....3C....B.DA1..2......NL"
    "....H.......J.N76..G9..I..B1.G7H.4N...P.O9..C...AE.F.97.6.........3...DL.G."
    "C.B..LO.HE.MN.41..57K..9..LP6D9...A..BCE.OG8J.......5...B4.8D..L...P......A"
    "..K.2P.....F351M..A.E.O.B"
)


@pytest.mark.parametrize("call", ["count", "solve", "check"])
def test_ctrl_c_stops_a_single_long_search(call):
    code, out, waited = interrupted(f"sudokit.{call}({SLOW_25!r})", 0.5)
    assert code == 3, out
    assert "interrupted" in out
    # The search stops at its next check, not when it would have finished (minutes).
    assert waited < 2, f"stopped {waited:.1f} s after Ctrl-C"
