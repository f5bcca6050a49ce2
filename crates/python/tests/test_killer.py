"""Killer sudokus from Python: the functions that take killers read the CLI's killer
format, the others refuse it by name, and generate(killer=True) makes killers they read
back (the CLI's, for the same seed, when `SUDOKIT_BIN` is set)."""

import os
import subprocess

import pytest

import sudokit

# The 4×4 killer of examples/killer.txt: one given, nine cages.
FOUR = """1...............
cages:
AABB
CDDE
CFGE
HFGI
sums: A=3 B=7 C=5 D=5 E=5 F=4 G=6 H=4 I=1
"""


def test_the_killer_functions_read_killers():
    assert sudokit.solve(FOUR) == {"status": "unique", "solution": "1234341221434321", "error": None}
    assert sudokit.count(FOUR) == 1
    assert sudokit.check(FOUR)["unique"] is True
    rating = sudokit.rate(FOUR)
    assert rating["se"] is None and rating["se_kind"] == "none" and rating["level"] == "Easy"
    step = sudokit.hint(FOUR)
    assert step["technique"] == "Cage Combinations"
    assert step["pattern"]["kind"] == "sum" and step["pattern"]["of"] == "cage"
    steps = sudokit.explain(FOUR)
    assert steps and all(s["technique"] for s in steps)
    many = sudokit.solve_many([FOUR, "1" + FOUR[1:].replace("I=1", "I=9")])
    assert many[0]["status"] == "unique"
    assert many[1]["error"] and "1-cell cage at r4c4" in many[1]["error"]
    assert sudokit.rate_many([FOUR])[0]["se_kind"] == "none"


def test_functions_that_do_not_take_killers_say_so():
    with pytest.raises(ValueError, match="this is a killer sudoku"):
        sudokit.canon(FOUR)
    with pytest.raises(ValueError, match="no killer scale"):
        sudokit.rate(FOUR, explainer=True)


def test_generated_killers_read_back():
    made = sudokit.generate(3, killer=True, level="medium", seed=5)
    for m in made:
        assert m["error"] is None and m["level"] == "Medium" and m["se"] is None
        assert "cages:" in m["killer"] and m["clues"] == 0
        assert sudokit.solve(m["killer"])["solution"] == m["solution"]
    six = sudokit.generate(1, killer=True, givens=True, cage_max=4, size=6, seed=5)[0]
    assert sudokit.count(six["killer"]) == 1
    with pytest.raises(ValueError, match="no killer scale"):
        sudokit.generate(1, killer=True, se=(2.0, 3.0))
    with pytest.raises(ValueError, match="go with killer=True"):
        sudokit.generate(1, givens=True)
    with pytest.raises(ValueError, match="cage_max must be a whole number from 0 to 9"):
        sudokit.generate(1, killer=True, cage_max=12)


@pytest.mark.skipif(not os.environ.get("SUDOKIT_BIN"), reason="SUDOKIT_BIN names the CLI to compare with")
def test_generate_makes_the_clis_killers_for_the_same_seed():
    out = subprocess.run([os.environ["SUDOKIT_BIN"], "generate", "--killer", "-n", "2", "--seed", "9",
                          "--level", "easy", "--json"], capture_output=True, text=True, check=True).stdout
    import json
    cli = [json.loads(line)["killer"] for line in out.splitlines()]
    assert [m["killer"] for m in sudokit.generate(2, killer=True, seed=9, level="easy")] == cli


# A killer as f-puzzles shares it (made by f-puzzles; two cages, 9 and 33, no givens).
FPUZZLES_KILLER = ("https://www.f-puzzles.com/?load=N4IgzglgXgpiBcBOANCA5gJwgEwQbT2AF9ljSSzKLryBdZQmq8l54+x1p7rjtn/"
                   "nQaCR3PgIm9hk0UM6zR4rssX0QAawgAbLTAwBjAIZo48QiH0wdYfCABKARgDCDkKjsAmFyDUA3Q1oArqYgiCAUFlZaNmb2zh5"
                   "ucU4AzImeTgnuXqnuyRk+qP5BIcmpRGqG+gAuEL4wTgD2AHZgVRiGEE1VMXggANLauhgABE7GcLREQA=")

# examples/killer.txt's first killer with givens 6 at r1c1 and 4 at r9c9, as a link in
# SudokuPad's own compact format (written for the Rust reader's tests, crates/core/tests/fpuzzles.rs).
SCL_KILLER = ("https://sudokupad.app/sclN4SwJgXA5AzgrmA9gaxAFwLQFMAeBDAWwAcAbLKAGgKzTzD1omDWgFF9iyACVEsgJ0p44aABaJ+"
              "0eElRpK/OGRjQAchIJ4SXaSjhcFSrniKkAngDouAERABzdDC5IAdgB0oafViJYGXEM5GXADGeLZY5lAAvhTBygBsACyxWBAA2mnA"
              "AG4Q8TEUBYUUALoUaUVFpeUVBVU1tWX1JY31da0tNW012RCJUcWl/KkZaQAMFKNV4wCMUxQATFXTE0sUs2XLi2XzK9trVTuLVWMU"
              "AMxziXMArKvnGxSX9zd7d2k7j28UN8fj8XMA7HMAByrP73QH3EF7MGfCGfEHHU67NJI9YohZVZKTMrJNHJLZpK7IoloolHMro15I"
              "j5I55pZKvZIfZJ0omvIkfInfClImFIuFIqH0igw5Jw5JCokwolwokIinxZGKtGKgn/ZHqtHqglA5G6tG68kZRWvRUfRV09WvdUfd"
              "V03WvXUfXXc40iqqKuGKoXqmHquHqoW6mG6uG6hGlULpHoedBkCBcdiEUhYHggPhYQQxYDBYYnbEnNHLSalHLTZbBaYQADEo2zuf"
              "SJwJyyLGPu51LEGmusrNbrFBzefGr3GH3GdOWH2W3Jy8wAnLEq7X60P3WVxnDxvKyzte8uBw2MssYTs6TsTxQBe7O/Nxnv+4PG8s"
              "4ctt12ifeV42dgWkSWKGWH5Lg+h6fGiqIDABXYVsBX4ZIcVRIgSSIdlB3aLn2cGfK87yQWWMGYQeeY7EK/KIRQb7TMkn5EY21LkT"
              "OuQYfuj4ZFimL7DiGKdtMSI0axwqoTkQGEQJTJVByHoPHh77MSBeYshx0pfFJjHzIq/GgWKHGUXesG0RkRIFiSMnTLu+kCWSElnF"
              "J5KAXJWFStZgI8XpomgXKUm6Q5BlpIqBbKjJC6aXmJpVFapnURZoGKjCnoyVF7l5uqBaalUuoFvq6XcVB8x8dFyU5TkiUsaBNrhS"
              "pZS+qZPYFY2/oVZRBGlXmDrZc6Kk8flSWNsG2VhhRpndcuxRREAA=")


def test_f_puzzles_and_sudokupad_links_are_read():
    assert sudokit.count(FPUZZLES_KILLER, limit=2) == 2
    assert sudokit.solve(SCL_KILLER) == {
        "status": "unique",
        "solution": "643758129192463587758291436861924753427536891935187642279645318314872965586319274", "error": None}
    with pytest.raises(ValueError, match=r"thermometers \(\"thermometer\"\)"):
        sudokit.solve('{"size":4,"grid":[[{},{},{},{}],[{},{},{},{}],[{},{},{},{}],[{},{},{},{}]],'
                      '"thermometer":[{"lines":[["R1C1","R1C2"]]}]}')
