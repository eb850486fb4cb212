"""Score sheets of a 25-, 100- and 250-table session (16 hands each, built in memory).

Prints CPU seconds (the process's own time: the machine is shared, so wall time also measures the
neighbours) and wall seconds, milliseconds per page, and how the time scales with the tables: a factor
near 1.0 means time grows in proportion to the number of tables (pages).
"""

from __future__ import annotations

import io
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from pypdf import PdfReader  # noqa: E402

from reports.pdf.scoresheet import ScoreSheetReport  # noqa: E402
from tests.reports import samples  # noqa: E402

SIZES = (25, 100, 250)
REPEATS = {25: 5, 100: 3, 250: 2}  # best of n: the minimum is the least disturbed run


def _time(tables: int, repeat: int) -> tuple[float, float, int, int]:
    sheets = [samples.sheet(t) for t in range(1, tables + 1)]
    cpu = wall = float("inf")
    pdf = b""
    for _ in range(repeat):
        w0, c0 = time.perf_counter(), time.process_time()
        pdf = ScoreSheetReport().render(sheets)
        cpu = min(cpu, time.process_time() - c0)
        wall = min(wall, time.perf_counter() - w0)
    pages = len(PdfReader(io.BytesIO(pdf)).pages)
    assert pages == tables, (pages, tables)
    return cpu, wall, pages, len(pdf)


def main() -> None:
    ScoreSheetReport().render([samples.sheet(1)])  # fonts registered and loaded once, as in a real run
    cpu_of = {}
    for tables in SIZES:
        cpu, wall, pages, size = _time(tables, REPEATS[tables])
        cpu_of[tables] = cpu
        print(f"{tables:4d} tables: {cpu:6.2f} s CPU ({wall:6.2f} s wall)  {cpu / pages * 1000:5.1f} ms/page CPU  "
              f"{size / 1024:6.0f} KiB")
    small, big = SIZES[0], SIZES[-1]
    growth = cpu_of[big] / cpu_of[small]
    print(f"CPU time {big}/{small} tables = {growth:.1f} for {big / small:.0f}x the tables "
          f"-> scaling factor {growth / (big / small):.2f} (1.00 = proportional)")


if __name__ == "__main__":
    main()
