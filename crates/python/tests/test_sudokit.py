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
    with pytest.raises(ValueError, match="expected 25"):
        sudokit.solve(SIX, box="5x5")
    with pytest.raises(ValueError, match="regions"):
        sudokit.solve(JIGSAW, regions="ABC")


def test_count_stops_at_the_limit():
    assert sudokit.count(EASY) == 1
    assert sudokit.count("." * 16, limit=1000) == 288
    assert sudokit.count("." * 81, limit=5) == 5


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
    assert sudokit.rate_many([TOP, EASY], explainer=True)[0] == rating
    assert "ep" not in sudokit.rate(TOP)


def test_generate_is_reproducible_by_seed_and_reaches_levels():
    a = sudokit.generate(3, level="medium", seed=5)
    b = sudokit.generate(3, level="medium", seed=5)
    assert a == b
    assert all(p["level"] == "Medium" for p in a)
    assert all(sudokit.count(p["puzzle"]) == 1 for p in a)
    six = sudokit.generate(1, size=6, seed=2)[0]
    assert len(six["puzzle"]) == 36
    with pytest.raises(ValueError, match="level"):
        sudokit.generate(1, level="impossible")
    with pytest.raises(ValueError, match="symmetry"):
        sudokit.generate(1, symmetry="spiral")


def test_canon_and_transform_keep_the_puzzle_class():
    moved = sudokit.transform(EASY, "transpose")
    assert moved != EASY
    assert sudokit.canon(moved) == sudokit.canon(EASY)
    assert sudokit.canon(sudokit.transform(EASY, seed=9)) == sudokit.canon(EASY)
    with pytest.raises(ValueError):
        sudokit.transform(EASY, "no-such-move")


def test_batches_answer_in_order_with_errors_in_place():
    puzzles = [EASY, "garbage", HARD, "11" + "." * 79]
    solved = sudokit.solve_many(puzzles, threads=2)
    assert [("error" in s) for s in solved] == [False, True, False, True]
    assert solved[0] == sudokit.solve(EASY)
    rated = sudokit.rate_many(puzzles)
    assert rated[2] == sudokit.rate(HARD)
    assert "error" in rated[1] and "error" in rated[3]


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
    with pytest.raises(ValueError, match="not 0-9"):
        sudokit.solve_array(np.full((1, 81), 12, dtype=np.uint8))


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
            assert "error" in mine
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
