"""The package against the CLI, the same work on the same cores, in one run (these
machines are shared: compare the ratios). Best of three each.

    cargo build --release            # the CLI compared with (or give --cli)
    pip install ./crates/python      # the package, built in release mode as users get it
    python crates/python/benches/compare.py [--threads 2] [--cli PATH] [--data DIR]

- solve_many on the 49,158 17-clue puzzles against `sudokit solve --json --threads N`
  writing its JSON lines to /dev/null: the package parses, solves and returns a dict per
  puzzle, the CLI parses, solves and prints a JSON line;
- rate_many on magictour top1465 against `sudokit rate --json --threads N`, the same way.

The bench data is `../shared/data/bench` beside the repository, or `--data` (or the
environment's SUDOKIT_DATA) naming the folder that holds `bench/`.
"""

import argparse
import os
import subprocess
import sys
import time
from pathlib import Path

import sudokit

ROOT = Path(__file__).resolve().parents[3]
DEFAULT_DATA = Path(os.environ.get("SUDOKIT_DATA", ROOT.parent / "shared" / "data"))


def best(work, times=3):
    out = []
    for _ in range(times):
        start = time.perf_counter()
        work()
        out.append(time.perf_counter() - start)
    return min(out)


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--threads", type=int, default=os.cpu_count())
    parser.add_argument("--cli", default=str(ROOT / "target" / "release" / "sudokit"))
    parser.add_argument("--data", default=str(DEFAULT_DATA), help="the folder holding bench/")
    args = parser.parse_args()
    bench = Path(args.data) / "bench"
    if not (bench / "puzzles2_17_clue.txt").exists():
        sys.exit(f"compare.py: no bench data in {bench}: give --data (or SUDOKIT_DATA) the folder holding bench/")
    if not Path(args.cli).exists():
        sys.exit(f"compare.py: no CLI at {args.cli}: run `cargo build --release`, or give --cli")
    print(f"{args.threads} threads; python: the installed sudokit {sudokit.__version__}; cli: {args.cli}")
    for name, file, many, command in (
        ("solve_many", "puzzles2_17_clue.txt", sudokit.solve_many, "solve"),
        ("rate_many", "puzzles3_magictour_top1465.txt", sudokit.rate_many, "rate"),
    ):
        path = bench / file
        puzzles = [l.split()[0] for l in path.read_text().splitlines() if l.strip() and not l.startswith("#")]
        py = best(lambda: many(puzzles, threads=args.threads))
        cli = best(lambda: subprocess.run([args.cli, command, "--json", "--threads", str(args.threads), str(path)],
                                          stdout=subprocess.DEVNULL, check=True))
        print(f"{name:10} {len(puzzles):6} puzzles: python {py:.3f} s, cli {cli:.3f} s, ratio {py / cli:.2f}")


if __name__ == "__main__":
    main()
