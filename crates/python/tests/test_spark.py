"""The Spark examples (examples/spark) on PySpark in local mode (`local[2]`): the rating
job on 10,000 puzzles, every row checked against the CLI's answer for the same puzzle,
and the generating job run twice with the same seeds, giving the same puzzles.

Needs pyspark, pandas, pyarrow (the package's `spark` extra) and Java; `SUDOKIT_BIN`
names the CLI. Under CI (`CI` set) anything missing is a failure; elsewhere a skip.
"""

import importlib.util
import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[3]
SPARK_EXAMPLES = ROOT / "examples" / "spark"


def _missing():
    for module in ("pyspark", "pandas", "pyarrow"):
        if importlib.util.find_spec(module) is None:
            return module
    if shutil.which("java") is None:
        return "java"
    if not os.environ.get("SUDOKIT_BIN"):
        return "SUDOKIT_BIN"
    return None


MISSING = _missing()
if MISSING and os.environ.get("CI"):
    raise RuntimeError(f"{MISSING} is missing (CI needs it for the Spark test)")
pytestmark = pytest.mark.skipif(MISSING is not None, reason=f"{MISSING} is missing")


def data_dir() -> Path:
    return Path(os.environ.get("SUDOKIT_DATA", ROOT.parent / "shared" / "data"))


@pytest.fixture(scope="module")
def spark():
    from pyspark.sql import SparkSession

    os.environ["PYSPARK_PYTHON"] = sys.executable
    os.environ["PYSPARK_DRIVER_PYTHON"] = sys.executable
    session = (SparkSession.builder.master("local[2]").appName("sudokit-test")
               .config("spark.ui.enabled", "false")
               .config("spark.sql.shuffle.partitions", "4")
               .getOrCreate())
    yield session
    session.stop()


def load(spark, name):
    """Imports an example job here and ships its file to the Python workers."""
    spark.sparkContext.addPyFile(str(SPARK_EXAMPLES / f"{name}.py"))
    sys.path.insert(0, str(SPARK_EXAMPLES))
    try:
        return __import__(name)
    finally:
        sys.path.pop(0)


def cli(args, text):
    out = subprocess.run([os.environ["SUDOKIT_BIN"], *args], input=text, capture_output=True,
                         text=True)
    return [json.loads(line) for line in out.stdout.splitlines()]


def test_the_rating_job_agrees_with_the_cli_on_10000_puzzles(spark, tmp_path):
    source = data_dir() / "bench" / "puzzles2_17_clue.txt"
    lines = [l for l in source.read_text().splitlines() if l.strip() and not l.startswith("#")][:10_000]
    # Two bad lines among them: their rows carry the error, the others their answers.
    lines[100] = "12345"
    lines[200] = "11" + "." * 79
    puzzles_file = tmp_path / "puzzles.txt"
    puzzles_file.write_text("\n".join(lines) + "\n")
    rows = load(spark, "rate_job").run(spark, str(puzzles_file), str(tmp_path / "rated.parquet")).collect()
    assert len(rows) == 10_000
    by_puzzle = {r["puzzle"]: r for r in rows}
    text = "\n".join(lines) + "\n"
    rated = cli(["rate", "--json"], text)
    solved = cli(["solve", "--json"], text)
    assert len(rated) == len(solved) == 10_000
    for puzzle, r, s in zip(lines, rated, solved):
        row = by_puzzle[puzzle]
        if r["error"]:
            assert row["error"], puzzle
            continue
        assert row["error"] is None, (puzzle, row["error"])
        assert row["solution"] == s["solution"] and row["count"] == 1
        for key in ("level", "score", "hardest", "steps"):
            assert row[key] == r[key], (puzzle, key)
        assert abs(row["se"] - r["se"]) < 1e-9
        assert dict(row["techniques"]) == r["techniques"]


def test_the_generating_job_is_reproducible_by_seed(spark, tmp_path):
    job = load(spark, "generate_job")
    first = job.run(spark, 6, 7, str(tmp_path / "a.parquet"), chunk=4).collect()
    again = job.run(spark, 6, 7, str(tmp_path / "b.parquet"), chunk=4).collect()
    key = lambda r: (r["level"], r["seed"])
    assert sorted(map(tuple, first), key=str) == sorted(map(tuple, again), key=str)
    assert len(first) == 6 * len(job.LEVELS)
    for row in first:
        assert row["level"].lower() == row["level"] and row["puzzle"]
        checked = cli(["rate", "--json"], row["puzzle"] + "\n")[0]
        assert checked["level"].lower() == row["level"], (row, checked)
    assert len({key(r) for r in first}) == len(first), "every puzzle has its own seed"
