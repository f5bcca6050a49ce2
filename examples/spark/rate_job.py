"""Rate a file of puzzles on Spark and write a Parquet data set.

Each row: puzzle, solution, count (0, 1, or 2 for "several"), level, score, se (Sudoku
Explainer estimate), hardest technique, steps, techniques (a map: name -> steps) and
error (why a puzzle has no rating, else null). The work runs in `mapInPandas` with the
`sudokit` package on every executor, a batch of puzzles at a time on all its cores.

On a laptop:
    spark-submit --master "local[*]" examples/spark/rate_job.py puzzles.txt rated.parquet
On a cluster, ship the package built by `pip wheel ./crates/python` (see README.md):
    spark-submit --master yarn --archives venv.tar.gz#venv \\
        --conf spark.pyspark.python=./venv/bin/python examples/spark/rate_job.py \\
        hdfs:///data/puzzles.txt hdfs:///data/rated.parquet

The input is text (one puzzle a line, in any one-line format; `#` lines and text after
the puzzle are ignored) or Parquet with a `puzzle` column (by the `.parquet` suffix).
"""

from __future__ import annotations

import argparse
from typing import Iterator

from pyspark.sql import DataFrame, SparkSession
from pyspark.sql import functions as F
from pyspark.sql import types as T

SCHEMA = T.StructType([
    T.StructField("puzzle", T.StringType()),
    T.StructField("solution", T.StringType()),
    T.StructField("count", T.IntegerType()),
    T.StructField("level", T.StringType()),
    T.StructField("score", T.IntegerType()),
    T.StructField("se", T.DoubleType()),
    T.StructField("hardest", T.StringType()),
    T.StructField("steps", T.IntegerType()),
    T.StructField("techniques", T.MapType(T.StringType(), T.IntegerType())),
    T.StructField("error", T.StringType()),
])

COUNTS = {"none": 0, "unique": 1, "multiple": 2}


def rate_batches(batches: Iterator["pandas.DataFrame"]) -> Iterator["pandas.DataFrame"]:
    """mapInPandas: each batch of puzzles solved and rated by the sudokit package."""
    import pandas as pd
    import sudokit

    for df in batches:
        puzzles = df["puzzle"].tolist()
        solved = sudokit.solve_many(puzzles)
        rated = sudokit.rate_many(puzzles)
        rows = []
        for puzzle, s, r in zip(puzzles, solved, rated):
            row = {"puzzle": puzzle, "solution": None, "count": None, "level": None,
                   "score": None, "se": None, "hardest": None, "steps": None,
                   "techniques": None, "error": None}
            if "error" in s:
                row["error"] = s["error"]
            else:
                row["count"] = COUNTS[s["status"]]
                row["solution"] = s["solution"] if s["status"] == "unique" else None
                if "error" in r:
                    row["error"] = r["error"]
                else:
                    row.update({k: r[k] for k in ("level", "score", "se", "hardest", "steps", "techniques")})
            rows.append(row)
        yield pd.DataFrame(rows, columns=SCHEMA.fieldNames())


def read_puzzles(spark: SparkSession, path: str) -> DataFrame:
    """A `puzzle` column from text or Parquet."""
    if path.endswith(".parquet"):
        return spark.read.parquet(path).select("puzzle")
    lines = spark.read.text(path)
    first = F.split(F.trim(F.col("value")), r"\s+").getItem(0)
    return (lines.where(~F.col("value").startswith("#"))
                 .select(first.alias("puzzle"))
                 .where(F.length("puzzle") > 0))


def run(spark: SparkSession, source: str, target: str) -> DataFrame:
    """Rates `source` into the Parquet data set `target`; the rated frame."""
    rated = read_puzzles(spark, source).mapInPandas(rate_batches, SCHEMA)
    rated.write.mode("overwrite").parquet(target)
    return spark.read.parquet(target)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("source", help="puzzles: text, or Parquet with a puzzle column")
    parser.add_argument("target", help="the Parquet data set to write")
    args = parser.parse_args()
    spark = SparkSession.builder.appName("sudokit-rate").getOrCreate()
    rows = run(spark, args.source, args.target).count()
    print(f"rated {rows} puzzles into {args.target}")
    spark.stop()


if __name__ == "__main__":
    main()
