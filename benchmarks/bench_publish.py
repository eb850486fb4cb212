"""``publish`` (the static results website) for 400 players x 7 sessions, against the JSON export of the
same tournament in the same run (the baseline: one read of every row and one file written).

The tournament is built as benchmarks/bench_tournament.py builds its own (balanced seating, 16 hands per
table: totals-only wins, draws and one scored full hand per table), then timed, best of 3:

- the baseline: ``mcr-tournament export all.json`` (``transfer.export_json`` and the write);
- ``publish -o site/``: reading the snapshot, building every page, writing them (each through a temporary
  file), in total and step by step;
- the workbook (``export results.xlsx --format xlsx``), for comparison.

Prints wall seconds and CPU seconds (the process's own time: the machine is shared).
"""

from __future__ import annotations

import os
import sys
import tempfile
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent))
sys.path.insert(0, str(HERE))

from bench_tournament import best_of, build_event  # noqa: E402

from db import open_database  # noqa: E402
from db.storage import transfer  # noqa: E402
from db.storage.files import write_atomic  # noqa: E402
from reports.site import build_pages, write_site  # noqa: E402
from reports.snapshot import read_snapshot  # noqa: E402
from reports.workbook import render_workbook  # noqa: E402

PLAYERS = int(os.environ.get("MCR_BENCH_PLAYERS", "400"))
SESSIONS = 7


def build(path: Path) -> int:
    """The tournament; returns the number of hands recorded."""
    return build_event(path, PLAYERS, SESSIONS, name="Bench Open 公开赛", player_name="Player {i} 选手")


def main() -> None:
    with tempfile.TemporaryDirectory(prefix="mcr-bench-publish-") as tmp:
        folder = Path(tmp)
        path = folder / "bench.mcr"
        print(f"building {PLAYERS} players x {SESSIONS} sessions ...", flush=True)
        hands = build(path)
        with open_database(path) as db:
            def export_json() -> None:
                with db.reader() as s:
                    text = transfer.export_json(s)
                write_atomic(folder / "all.json", text.encode("utf-8"))

            def publish() -> None:
                with db.reader() as s:
                    snap = read_snapshot(s)
                write_site(folder / "site", build_pages(snap))

            def workbook() -> None:
                with db.reader() as s:
                    data = render_workbook(read_snapshot(s))
                write_atomic(folder / "results.xlsx", data)

            base = best_of(3, export_json)
            site = best_of(3, publish)
            with db.reader() as s:
                snap = read_snapshot(s)
            read = best_of(3, lambda: _read(db))
            pages_built = best_of(3, lambda: build_pages(snap))
            pages = build_pages(snap)
            written = best_of(3, lambda: write_site(folder / "site", pages))
            book = best_of(3, workbook)
        size = sum(p.stat().st_size for p in (folder / "site").rglob("*.html"))
        print(f"{PLAYERS} players, {SESSIONS} sessions, {hands} hands; seconds wall (CPU), best of 3")
        print(f"  baseline: JSON export   {base[0]:6.2f} s ({base[1]:5.2f})  "
              f"{(folder / 'all.json').stat().st_size / 2**20:.1f} MiB")
        print(f"  publish -o site/        {site[0]:6.2f} s ({site[1]:5.2f})  {len(pages)} pages, "
              f"{size / 2**20:.1f} MiB  = {site[1] / base[1]:.1f}x the baseline's CPU")
        print(f"    read snapshot         {read[0]:6.2f} s ({read[1]:5.2f})")
        print(f"    build pages           {pages_built[0]:6.2f} s ({pages_built[1]:5.2f})  "
              f"{pages_built[1] / len(pages) * 1000:.2f} ms CPU per page")
        print(f"    write files           {written[0]:6.2f} s ({written[1]:5.2f})")
        print(f"  workbook (.xlsx)        {book[0]:6.2f} s ({book[1]:5.2f})  "
              f"{(folder / 'results.xlsx').stat().st_size / 2**20:.1f} MiB", flush=True)


def _read(db: object) -> None:
    with db.reader() as s:  # type: ignore[attr-defined]
        read_snapshot(s)


if __name__ == "__main__":
    main()
