"""Rate a file of puzzles on Spark and write a Parquet data set.

The input is Parquet with a `puzzle` column (a file or a directory, told by reading it)
or text: one puzzle a line in any one-line format, `#` lines and text after the puzzle
ignored. Input of which no line is a puzzle (a binary file, say) is refused.

Both jobs (this one and generate_job.py) write one schema, a row a puzzle:

    puzzle      string   the puzzle, as read
    solution    string   its solution (null unless exactly one)
    count       int      0, 1, or 2 for "several" (null when unreadable)
    clues       int      givens
    level       string   HoDoKu's level: Easy, Medium, Hard, Unfair, Extreme
    score       int      HoDoKu's score (the sum of every step's weight)
    se          double   Sudoku Explainer's rating: SE's own on 9×9 (serate's ER)
    se_kind     string   "explainer" (SE's own, by SE's path) or "estimate" (other layouts)
    hardest     string   the hardest technique of the logical path
    steps       int      steps of the path
    techniques  string   JSON: technique name -> steps ('{"Naked Single": 31, ...}')
    seed        long     generate_job: the seed of its set (null here)
    index       long     generate_job: its index in the set (null here)
    error       string   why there is no rating (null when rated)

`techniques` is a JSON string so that every tool reads it back alike (a Spark map
becomes lists of tuples in pandas, which `to_parquet` refuses).

The work runs in `mapInPandas` with the `sudokit` package on every executor, each task
on as many threads as it has cores (`spark.task.cpus`), and writes a file per 100,000
rows.

On a laptop:
    spark-submit --master "local[*]" examples/spark/rate_job.py puzzles.txt rated.parquet
On a cluster, ship a virtual environment with the package (README.md, "Spark"):
    spark-submit --master yarn --archives venv.tar.gz#venv \\
        --conf spark.pyspark.python=./venv/bin/python examples/spark/rate_job.py \\
        hdfs:///data/puzzles.txt hdfs:///data/rated.parquet
"""

from __future__ import annotations

import argparse
import json
import sys
from typing import Iterator

from pyspark.sql import DataFrame, SparkSession
from pyspark.sql import functions as F
from pyspark.sql import types as T

SCHEMA = T.StructType([
    T.StructField("puzzle", T.StringType()),
    T.StructField("solution", T.StringType()),
    T.StructField("count", T.IntegerType()),
    T.StructField("clues", T.IntegerType()),
    T.StructField("level", T.StringType()),
    T.StructField("score", T.IntegerType()),
    T.StructField("se", T.DoubleType()),
    T.StructField("se_kind", T.StringType()),
    T.StructField("hardest", T.StringType()),
    T.StructField("steps", T.IntegerType()),
    T.StructField("techniques", T.StringType()),
    T.StructField("seed", T.LongType()),
    T.StructField("index", T.LongType()),
    T.StructField("error", T.StringType()),
])

COUNTS = {"none": 0, "unique": 1, "multiple": 2}

ROWS_PER_FILE = 100_000


def task_threads() -> int:
    """The cores this task may use (`spark.task.cpus`, 1 by default), not the machine's:
    every task on an executor runs at once."""
    from pyspark import TaskContext

    ctx = TaskContext.get()
    try:
        return max(1, int(ctx.cpus())) if ctx is not None else 1
    except (AttributeError, TypeError, ValueError):
        return 1


def clues(sudokit, puzzle: str):
    """The givens of a readable puzzle (None when a cell has no candidate left)."""
    try:
        return sum(ch != "." for ch in sudokit.candidates(puzzle)["values"])
    except ValueError:
        return None


def rate_batches(batches: Iterator["pandas.DataFrame"]) -> Iterator["pandas.DataFrame"]:
    """mapInPandas: each batch of puzzles solved and rated by the sudokit package."""
    import pandas as pd
    import sudokit

    threads = task_threads()
    for df in batches:
        puzzles = [str(p) for p in df["puzzle"].tolist()]
        solved = sudokit.solve_many(puzzles, threads=threads)
        rated = sudokit.rate_many(puzzles, threads=threads)
        rows = []
        for puzzle, s, r in zip(puzzles, solved, rated):
            row = {name: None for name in SCHEMA.fieldNames()}
            row["puzzle"] = puzzle
            if s["error"]:
                row["error"] = s["error"]
            else:
                row["count"] = COUNTS[s["status"]]
                row["clues"] = clues(sudokit, puzzle)
                row["solution"] = s["solution"] if s["status"] == "unique" else None
                if r["error"]:
                    row["error"] = r["error"]
                else:
                    row.update({k: r[k] for k in ("level", "score", "se", "se_kind", "hardest", "steps")})
                    row["techniques"] = json.dumps(r["techniques"], sort_keys=True)
            rows.append(row)
        yield pd.DataFrame(rows, columns=SCHEMA.fieldNames())


def read_puzzles(spark: SparkSession, path: str) -> DataFrame:
    """A `puzzle` column from Parquet (a file or a directory of parts) or text."""
    try:
        frame = spark.read.parquet(path)
    except Exception:  # noqa: BLE001 - not Parquet: read it as text
        frame = None
    if frame is not None:
        if "puzzle" not in frame.columns:
            raise SystemExit(f"{path} is Parquet without a puzzle column (it has {', '.join(frame.columns)})")
        return frame.select(F.col("puzzle").cast("string"))
    lines = spark.read.text(path)
    first = F.split(F.trim(F.col("value")), r"\s+").getItem(0)
    return (lines.where(~F.col("value").startswith("#"))
                 .select(first.alias("puzzle"))
                 .where(F.length("puzzle") > 0))


def write(frame: DataFrame, rows: int, target: str) -> None:
    """Writes `frame` to Parquet, a file per ROWS_PER_FILE rows."""
    files = max(1, -(-rows // ROWS_PER_FILE))
    frame.repartition(files).write.mode("overwrite").parquet(target)


def run(spark: SparkSession, source: str, target: str) -> DataFrame:
    """Rates `source` into the Parquet data set `target`; the rated frame."""
    puzzles = read_puzzles(spark, source).cache()
    total = puzzles.count()
    if total == 0:
        raise SystemExit(f"{source} holds no puzzle")
    rated = puzzles.mapInPandas(rate_batches, SCHEMA).cache()
    readable = rated.where(F.col("count").isNotNull()).limit(1).count()
    if readable == 0:
        raise SystemExit(f"none of the {total} lines of {source} is a puzzle (is it text, or Parquet?)")
    write(rated, total, target)
    return spark.read.parquet(target)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("source", help="puzzles: text, or Parquet with a puzzle column")
    parser.add_argument("target", help="the Parquet data set to write")
    args = parser.parse_args()
    spark = SparkSession.builder.appName("sudokit-rate").getOrCreate()
    try:
        rows = run(spark, args.source, args.target).count()
    except SystemExit as e:
        print(f"rate_job: {e}", file=sys.stderr)
        spark.stop()
        sys.exit(1)
    print(f"rated {rows} puzzles into {args.target}")
    spark.stop()


if __name__ == "__main__":
    main()
