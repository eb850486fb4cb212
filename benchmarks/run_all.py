"""Run every benchmark in this folder (bench_*.py) and print its figures."""

from __future__ import annotations

import runpy
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent


def main() -> int:
    sys.path.insert(0, str(HERE.parent))
    names = sys.argv[1:]
    for path in sorted(HERE.glob("bench_*.py")):
        if names and path.stem.removeprefix("bench_") not in names:
            continue
        print(f"\n=== {path.stem} ===", flush=True)
        module = runpy.run_path(str(path))
        module["main"]()
    return 0


if __name__ == "__main__":
    sys.exit(main())
