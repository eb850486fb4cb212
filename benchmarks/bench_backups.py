"""Data safety figures (issue 12) on a 400-player, 10-session event built by bench_tournament.

- the size of ``FILE.backups/`` after the full event (the automatic backups the store made on its own);
- the time to take one backup of the event (SQLite online backup API + fsync + rename);
- reader latency while another process holds the write lock (``BEGIN IMMEDIATE`` with a change in
  progress): opening read-only and computing the standings in this process, and the whole
  ``mcr-tournament standings`` command as a process, each beside the same without the lock (baseline).
  Before issue 12 such a reader waited the 30 s busy timeout and failed.
"""

from __future__ import annotations

import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent))
sys.path.insert(0, str(HERE))

from bench_tournament import best_of, run  # noqa: E402

from db import open_database  # noqa: E402
from db.read import queries  # noqa: E402
from db.storage.backups import back_up, list_backups  # noqa: E402

PLAYERS = 400
EXE = shutil.which("mcr-tournament") or str(Path(sys.executable).parent / "mcr-tournament")


def _holder(path: Path) -> subprocess.Popen[str]:
    p = subprocess.Popen(
        [sys.executable, "-c",
         "import sqlite3, sys\n"
         f"c = sqlite3.connect({str(path)!r}, isolation_level=None)\n"
         "c.execute('BEGIN IMMEDIATE')\n"
         "c.execute(\"UPDATE tournament SET name = name || ' (edit)'\")\n"
         "print('locked', flush=True)\n"
         "sys.stdin.read()\n"],
        stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)
    assert p.stdout is not None and p.stdout.readline().strip() == "locked"
    return p


def _read(path: Path) -> None:
    with open_database(path, writable=False) as db, db.reader() as s:
        queries.standings(s)


def _cli(path: Path) -> None:
    out = subprocess.run([EXE, "--db", str(path), "standings", "--format", "json"], capture_output=True, text=True,
                         timeout=120, check=False)
    if out.returncode != 0:
        raise SystemExit(f"standings failed: {out.stderr}")


def main() -> None:
    with tempfile.TemporaryDirectory(prefix="mcr-bench-backups-") as tmp:
        folder = Path(tmp)
        t0 = time.perf_counter()
        f = run(PLAYERS, folder)
        path = folder / f"bench-{PLAYERS}.sqlite"
        print(f"{PLAYERS} players x 10 sessions: {f.hands} hands built in {time.perf_counter() - t0:.0f} s; "
              f"import a line (CLI, commit + backup bookkeeping) {f.imported.per()[0]:.2f} ms "
              f"({f.imported.per()[1]:.2f} CPU)")
        items = list_backups(path)
        total = sum(b.size for b in items)
        kinds = {k: sum(1 for b in items if b.kind == k) for k in ("auto", "session", "manual")}
        print(f"file {path.stat().st_size / 2**20:.1f} MiB; {path.name}.backups/ after the event: {len(items)} "
              f"copies ({kinds['auto']} automatic, {kinds['session']} session ends), {total / 2**20:.1f} MiB")
        with open_database(path) as db:
            manual = folder / "manual"
            wall, cpu = best_of(3, lambda: back_up(db, folder=manual))
        print(f"one backup of the {PLAYERS}-player event: {wall * 1000:.0f} ms ({cpu * 1000:.0f} ms CPU), best of 3")
        base = best_of(3, lambda: _read(path))
        base_cli = best_of(3, lambda: _cli(path))
        holder = _holder(path)
        try:
            locked = best_of(3, lambda: _read(path))
            locked_cli = best_of(3, lambda: _cli(path))
        finally:
            assert holder.stdin is not None
            holder.stdin.close()
            holder.wait(timeout=30)
        print(f"reader under a held write lock: open read-only + standings {locked[0] * 1000:.0f} ms "
              f"(no lock: {base[0] * 1000:.0f} ms); `mcr-tournament standings` process {locked_cli[0]:.2f} s "
              f"(no lock: {base_cli[0]:.2f} s)")


if __name__ == "__main__":
    main()
