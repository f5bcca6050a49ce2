"""The Spark examples (examples/spark) on PySpark in local mode (`local[2]`): the rating
job on 10,000 puzzles, every row checked against the CLI's answer for the same puzzle,
read from text and from Parquet, unreadable input refused; the generating job run twice
with the same seed (the same puzzles) and with another (none shared); one schema for
both, read back by pandas and written again.

Needs pyspark, pandas, pyarrow (the package's `spark` extra) and Java; `SUDOKIT_BIN`
names the CLI. Under CI (`CI` set) anything missing is a failure; elsewhere a skip.
"""

import importlib.util
import json
import os
import shutil
import signal
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


def run_within(args, seconds, **kwargs):
    """Runs a command in a process group of its own and fails the test, with the end of
    what it printed, if it is not done within `seconds` (spark-submit's cluster mode
    starts a master, a worker and executors: all of them are stopped)."""
    proc = subprocess.Popen(args, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                            start_new_session=True, **kwargs)
    try:
        out, err = proc.communicate(timeout=seconds)
    except subprocess.TimeoutExpired:
        os.killpg(proc.pid, signal.SIGKILL)
        out, err = proc.communicate()
        pytest.fail(f"{args[0]} was not done within {seconds} s:\n{out[-2000:]}\n{err[-4000:]}")
    return subprocess.CompletedProcess(args, proc.returncode, out, err)


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
        assert json.loads(row["techniques"]) == r["techniques"]
    # 10,000 rows are one file, not one per task.
    parts = list((tmp_path / "rated.parquet").glob("part-*.parquet"))
    assert len(parts) == 1, parts
    # The output read back as input (a Parquet directory): the same ratings.
    again = load(spark, "rate_job").run(spark, str(tmp_path / "rated.parquet"),
                                        str(tmp_path / "again.parquet")).collect()
    assert sorted(map(tuple, again), key=str) == sorted(map(tuple, rows), key=str)
    # pandas reads the data set back and writes it again.
    frame = spark.read.parquet(str(tmp_path / "rated.parquet")).toPandas()
    frame.to_parquet(tmp_path / "pandas.parquet")


def test_the_rating_job_refuses_input_that_is_no_puzzles(spark, tmp_path):
    job = load(spark, "rate_job")
    binary = tmp_path / "blob.bin"
    binary.write_bytes(bytes(range(256)) * 40)
    with pytest.raises(SystemExit, match="is a puzzle"):
        job.run(spark, str(binary), str(tmp_path / "out.parquet"))
    wrong = tmp_path / "wrong.parquet"
    spark.createDataFrame([(1,)], "x int").write.parquet(str(wrong))
    with pytest.raises(SystemExit, match="without a puzzle column"):
        job.run(spark, str(wrong), str(tmp_path / "out2.parquet"))


def test_a_task_uses_its_share_of_the_cores(spark):
    job = load(spark, "rate_job")

    def threads(batches):
        import pandas as pd

        for _ in batches:
            yield pd.DataFrame({"t": [job.task_threads()]})

    seen = {r["t"] for r in spark.range(4, numPartitions=2).mapInPandas(threads, "t int").collect()}
    assert seen == {1}, "spark.task.cpus is 1 here, whatever the machine has"


def test_the_generating_job_is_reproducible_by_seed_and_seeds_do_not_leak(spark, tmp_path):
    job = load(spark, "generate_job")
    rate_job = load(spark, "rate_job")
    assert job.SCHEMA == rate_job.SCHEMA, "one schema for both jobs"
    first = job.run(spark, 6, 7, str(tmp_path / "a.parquet"), chunk=4).collect()
    again = job.run(spark, 6, 7, str(tmp_path / "b.parquet"), chunk=4).collect()
    other = job.run(spark, 6, 8, str(tmp_path / "c.parquet"), chunk=4).collect()
    assert sorted(map(tuple, first), key=str) == sorted(map(tuple, again), key=str)
    assert len(first) == 6 * len(job.LEVELS)
    assert not {r["puzzle"] for r in first} & {r["puzzle"] for r in other}, "seeds 7 and 8 share puzzles"
    assert len({r["solution"] for r in first}) == len(first), "levels start from unrelated grids"
    for row in first:
        checked = cli(["rate", "--json"], row["puzzle"] + "\n")[0]
        assert row["level"] == checked["level"] and row["count"] == 1, (row, checked)
        assert row["seed"] == 7 and json.loads(row["techniques"]) == checked["techniques"]
    # Puzzle i of a level is the CLI's puzzle i for the same seed and level.
    easy = sorted((r for r in first if r["level"] == "Easy"), key=lambda r: r["index"])
    out = subprocess.run([os.environ["SUDOKIT_BIN"], "generate", "-n", "6", "--seed", "7", "--level", "easy"],
                         capture_output=True, text=True, check=True).stdout.split()
    assert [r["puzzle"] for r in easy] == out


@pytest.mark.skipif(not os.environ.get("SUDOKIT_WHEEL") and not os.environ.get("CI"),
                    reason="SUDOKIT_WHEEL names the wheel to pack (CI sets it)")
def test_the_cluster_recipe_runs_with_a_packed_venv(tmp_path):
    """README's cluster recipe as written: a venv with the package's [spark] extra and
    venv-pack, packed, shipped with --archives, its Python used by the executors. In
    `local-cluster` mode the executors are processes of their own that unpack the
    archive, as on a cluster (the machine's python3 has none of the packages)."""
    wheel = os.environ["SUDOKIT_WHEEL"]
    venv = tmp_path / "venv"
    run_within([sys.executable, "-m", "venv", str(venv)], 300).check_returncode()
    pip = run_within([str(venv / "bin" / "pip"), "install", "--quiet", f"{wheel}[spark]",
                      "venv-pack"], 900)
    assert pip.returncode == 0, pip.stderr[-3000:]
    archive = tmp_path / "venv.tar.gz"
    pack = run_within([str(venv / "bin" / "venv-pack"), "-p", str(venv), "-o", str(archive),
                       "-q"], 600)
    assert pack.returncode == 0, pack.stderr[-3000:]
    source = data_dir() / "bench" / "puzzles2_17_clue.txt"
    lines = [l for l in source.read_text().splitlines() if l.strip() and not l.startswith("#")][:200]
    (tmp_path / "puzzles.txt").write_text("\n".join(lines) + "\n")
    # The master, worker and executors talk over the loopback address, not whatever the
    # machine's name resolves to (an executor that never reaches its master would leave
    # the job waiting for resources).
    env = dict(os.environ, PATH=f"{venv / 'bin'}:{os.environ['PATH']}", SPARK_LOCAL_IP="127.0.0.1")
    env.pop("PYSPARK_PYTHON", None)
    env.pop("PYSPARK_DRIVER_PYTHON", None)
    run = run_within(
        ["spark-submit", "--master", "local-cluster[1,2,1024]",
         "--archives", f"{archive}#venv",
         "--conf", "spark.pyspark.python=./venv/bin/python",
         "--conf", f"spark.pyspark.driver.python={venv / 'bin' / 'python'}",
         "--conf", "spark.ui.enabled=false",
         "--conf", "spark.driver.host=127.0.0.1",
         str(SPARK_EXAMPLES / "rate_job.py"), "puzzles.txt", "rated.parquet"],
        600, cwd=tmp_path, env=env)
    assert run.returncode == 0, run.stderr[-3000:]
    assert "rated 200 puzzles" in run.stdout

