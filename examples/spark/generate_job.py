"""Generate puzzles of every level on Spark and write a Parquet data set.

N puzzles of each level, made in parallel: the work is cut into tasks of a level and a
range of indexes of the seed's set, each puzzle drawn from a hash of (seed, index,
level), so a rerun with the same flags writes the same puzzles, the sets of two seeds
share none (a train/test split by seed does not leak) and the levels start from unrelated
grids. The rows have rate_job.py's schema (see there), with `seed` and `index` set and
`count` 1.

    spark-submit --master "local[*]" examples/spark/generate_job.py --per-level 1000 \\
        --seed 1 generated.parquet
"""

from __future__ import annotations

import argparse
import json
from typing import Iterator

from pyspark.sql import DataFrame, SparkSession
from pyspark.sql import types as T

LEVELS = ["easy", "medium", "hard", "unfair", "extreme"]

# rate_job.py's schema, column for column (a test checks that the two agree).
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

ROWS_PER_FILE = 100_000


def make_batches(tasks: Iterator["pandas.DataFrame"]) -> Iterator["pandas.DataFrame"]:
    """mapInPandas: each task (level, seed, start, count) made by the sudokit package."""
    import pandas as pd
    import sudokit

    for df in tasks:
        rows = []
        for level, seed, start, count in zip(df["level"], df["seed"], df["start"], df["count"]):
            made = sudokit.generate(int(count), level=level, seed=int(seed), start=int(start),
                                    threads=1)
            for p in made:
                if p["error"]:
                    raise RuntimeError(p["error"])
                row = {k: p.get(k) for k in SCHEMA.fieldNames()}
                row["count"] = 1
                row["techniques"] = json.dumps(p["techniques"], sort_keys=True)
                rows.append(row)
        yield pd.DataFrame(rows, columns=SCHEMA.fieldNames())


def tasks(per_level: int, seed: int, chunk: int) -> list:
    """(level, seed, first index, count) for every chunk of every level."""
    return [(level, seed, start, min(chunk, per_level - start))
            for level in LEVELS for start in range(0, per_level, chunk)]


def run(spark: SparkSession, per_level: int, seed: int, target: str, chunk: int = 50) -> DataFrame:
    """Generates into the Parquet data set `target`; the generated frame."""
    work = tasks(per_level, seed, chunk)
    frame = spark.createDataFrame(work, "level string, seed long, start long, count int")
    frame = frame.repartition(max(1, len(work)))
    made = frame.mapInPandas(make_batches, SCHEMA)
    files = max(1, -(-per_level * len(LEVELS) // ROWS_PER_FILE))
    made.repartition(files).write.mode("overwrite").parquet(target)
    return spark.read.parquet(target)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("target", help="the Parquet data set to write")
    parser.add_argument("--per-level", type=int, default=100)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--chunk", type=int, default=50, help="puzzles a task")
    args = parser.parse_args()
    spark = SparkSession.builder.appName("sudokit-generate").getOrCreate()
    rows = run(spark, args.per_level, args.seed, args.target, args.chunk).count()
    print(f"generated {rows} puzzles into {args.target}")
    spark.stop()


if __name__ == "__main__":
    main()
