"""Score sheets of a 25-, 100- and 250-table session (16 hands each, built in memory).

Prints the seconds per run, seconds per page and how the time scales with the tables: a ratio near 1.0
means time grows in proportion to the number of tables (pages).
"""

from __future__ import annotations

import io
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from pypdf import PdfReader  # noqa: E402

from reports import samples  # noqa: E402
from reports.scoresheet import ScoreSheetReport  # noqa: E402

SIZES = (25, 100, 250)


def _time(tables: int, repeat: int) -> tuple[float, int, int]:
    sheets = [samples.sheet(t) for t in range(1, tables + 1)]
    best = float("inf")
    pdf = b""
    for _ in range(repeat):
        start = time.perf_counter()
        pdf = ScoreSheetReport().render(sheets)
        best = min(best, time.perf_counter() - start)
    pages = len(PdfReader(io.BytesIO(pdf)).pages)
    assert pages == tables, (pages, tables)
    return best, pages, len(pdf)


def main() -> None:
    ScoreSheetReport().render([samples.sheet(1)])  # fonts registered and loaded once, as in a real run
    results = {}
    for tables in SIZES:
        seconds, pages, size = _time(tables, repeat=3 if tables <= 100 else 1)
        results[tables] = seconds
        print(f"{tables:4d} tables: {seconds:6.2f} s  {seconds / pages * 1000:6.1f} ms/page  "
              f"{size / 1024:7.0f} KiB")
    small, big = SIZES[0], SIZES[-1]
    ratio = (results[big] / results[small]) / (big / small)
    print(f"time ratio {big}/{small} tables = {results[big] / results[small]:.1f} for {big / small:.0f}x the tables "
          f"-> scaling factor {ratio:.2f} (1.00 = proportional)")


if __name__ == "__main__":
    main()
