"""The cost of issue 18's file guard (db/storage/guard.py) on the demo tournament, in a temporary folder:

- one check (the path's inode, the header through the store's descriptor, the WAL's inode);
- a write transaction that changes a row, with the guard (check before, stamp, check after) and without;
- a write session that changes nothing (the two checks, no stamp), with and without.

Medians of 300; the rounds alternate to share the disk's noise. ``python benchmarks/bench_file_guard.py``
"""

from __future__ import annotations

import statistics
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from sqlalchemy import text  # noqa: E402

from db import open_database  # noqa: E402
from db.service.demo import create_demo  # noqa: E402

ROUNDS = 300


def main() -> None:
    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / "event.mcr"
        create_demo(path)
        db = open_database(path, backups=False)
        guard = db._guard
        assert guard is not None
        t = time.perf_counter()
        for _ in range(20_000):
            db.check_file()
        check_us = (time.perf_counter() - t) / 20_000 * 1e6

        def median_ms(sql: str) -> float:
            times = []
            for i in range(ROUNDS):
                t0 = time.perf_counter()
                with db.factory.begin() as s:
                    s.execute(text(sql), {"n": f"T{i}"})
                times.append(time.perf_counter() - t0)
            return statistics.median(times) * 1e3

        results: dict[str, list[float]] = {}
        for on in (True, False, True, False):
            db._guard = guard if on else None
            label = "with guard" if on else "without"
            results.setdefault(f"write, {label}", []).append(
                median_ms("UPDATE tournament SET name = :n WHERE id = 1"))
            results.setdefault(f"no change, {label}", []).append(
                median_ms("SELECT name FROM tournament WHERE id = 1 AND name != :n"))
        db._guard = guard
        db.close()
    print(f"one check: {check_us:.1f} µs")
    for k, v in results.items():
        print(f"{k}: " + " / ".join(f"{x:.3f} ms" for x in v))


if __name__ == "__main__":
    main()
