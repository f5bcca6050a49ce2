"""Generate puzzles of every level on Spark and write a Parquet data set.

N puzzles of each level, made in parallel: the work is cut into tasks of a level and a
seed range (`--seed` + level * 10^9 + first index), so each partition makes its own
puzzles and a rerun with the same flags writes the same puzzles. Each row: level, seed,
puzzle, solution, clues, score, se, hardest.

    spark-submit --master "local[*]" examples/spark/generate_job.py --per-level 1000 \\
        --seed 1 generated.parquet
"""

from __future__ import annotations

import argparse
from typing import Iterator

from pyspark.sql import DataFrame, SparkSession
from pyspark.sql import types as T

LEVELS = ["easy", "medium", "hard", "unfair", "extreme"]

SCHEMA = T.StructType([
    T.StructField("level", T.StringType()),
    T.StructField("seed", T.LongType()),
    T.StructField("puzzle", T.StringType()),
    T.StructField("solution", T.StringType()),
    T.StructField("clues", T.IntegerType()),
    T.StructField("score", T.IntegerType()),
    T.StructField("se", T.DoubleType()),
    T.StructField("hardest", T.StringType()),
])


def make_batches(tasks: Iterator["pandas.DataFrame"]) -> Iterator["pandas.DataFrame"]:
    """mapInPandas: each task (level, first seed, count) made by the sudokit package."""
    import pandas as pd
    import sudokit

    for df in tasks:
        rows = []
        for level, first, count in zip(df["level"], df["first"], df["count"]):
            for p in sudokit.generate(int(count), level=level, seed=int(first), threads=1):
                if "error" in p:
                    raise RuntimeError(p["error"])
                rows.append({"level": level, "seed": p["seed"], "puzzle": p["puzzle"],
                             "solution": p["solution"], "clues": p["clues"], "score": p["score"],
                             "se": p["se"], "hardest": p["hardest"]})
        yield pd.DataFrame(rows, columns=SCHEMA.fieldNames())


def tasks(per_level: int, seed: int, chunk: int) -> list:
    """(level, first seed, count) for every chunk of every level."""
    out = []
    for k, level in enumerate(LEVELS):
        for start in range(0, per_level, chunk):
            out.append((level, seed + k * 10**9 + start, min(chunk, per_level - start)))
    return out


def run(spark: SparkSession, per_level: int, seed: int, target: str, chunk: int = 50) -> DataFrame:
    """Generates into the Parquet data set `target`; the generated frame."""
    work = tasks(per_level, seed, chunk)
    frame = spark.createDataFrame(work, "level string, first long, count int")
    frame = frame.repartition(max(1, len(work)))
    frame.mapInPandas(make_batches, SCHEMA).write.mode("overwrite").parquet(target)
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
