"""Hall display at 400 players (3 sessions played, the 4th seated, its clock running): how long a page
flip takes (painting the next page at 1920×1080) and the redraw after one hand recorded at one table by
another station (issue 23 "Refresh by what changed": the change watcher's catch-up reads the new audit
entry, the hall re-reads what it touched and paints), against a full redraw in the same run (every part
read again, then painted: what every change cost before). Not a timed test: it prints the figures."""

from __future__ import annotations

import os
import statistics
import sys
import tempfile
import time
from pathlib import Path

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

PLAYERS = int(os.environ.get("MCR_BENCH_PLAYERS", "400"))


def _ms(samples: list[float]) -> str:
    return f"median {statistics.median(samples) * 1000:.1f} ms, max {max(samples) * 1000:.1f} ms"


def main() -> None:
    from PySide6.QtWidgets import QApplication
    from sqlalchemy import func, select

    from db.models import AuditLog
    from db.service.clock import start_clock
    from db.service.results import record_draw
    from db.storage.store import open_database
    from referee_app.base.context import TournamentContext
    from referee_app.base.runner import Runner
    from referee_app.hall.data import PARTS
    from referee_app.hall.pages import PAGES
    from referee_app.hall.window import HallOptions, HallWindow
    from referee_app.shell import appearance
    from tools.screenshots.hall import build_field

    app = QApplication.instance() or QApplication([])
    appearance.ensure_cjk_font(app)  # type: ignore[arg-type]
    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / "hall.mcr"
        t0 = time.perf_counter()
        build_field(path, players=PLAYERS, played=3, sessions=5)
        print(f"built {PLAYERS} players, 3 sessions played ({time.perf_counter() - t0:.1f} s)")
        db = open_database(path, backups=False)
        with db.factory.begin() as s:
            start_clock(s, 4)
        ctx = TournamentContext(db, Runner(db.factory, db.reader), str(path))
        hall = HallWindow(ctx, HallOptions(lang="both"))
        hall.resize(1920, 1080)
        hall.render_image(1920, 1080)  # fonts loaded once
        for key in PAGES:
            hall.show_page(key)
            subs = hall.count()
            flips = []
            for _ in range(3):
                for sub in range(subs):
                    hall.sub = sub
                    w0 = time.perf_counter()
                    hall.render_image(1920, 1080)
                    flips.append(time.perf_counter() - w0)
            print(f"page flip, {key:9} ({subs} page{'s' if subs > 1 else ''}): {_ms(flips)}")
        full = {}
        for key in ("find", "standings"):
            hall.show_page(key)
            samples = []
            for _ in range(5):
                w0 = time.perf_counter()
                hall.reader.forget()  # the baseline: every part read again, as before issue 23
                hall.data = ctx.runner.read(lambda s: hall.reader.read(s, PARTS))
                hall.render_image(1920, 1080)
                samples.append(time.perf_counter() - w0)
            full[key] = samples
            print(f"full redraw (read everything + paint {key}): {_ms(samples)}")
        ctx.runner.start_tracking()
        table = 0
        with open_database(path, backups=False) as other:  # another station records
            for key in ("find", "standings"):
                hall.show_page(key)
                samples, reads = [], []
                for _ in range(5):
                    table += 1
                    with other.factory.begin() as s:
                        record_draw(s, 4, table, 1)
                    w0 = time.perf_counter()
                    changes = ctx.runner.catch_up()  # the watcher's 1 s poll that sees it
                    assert changes is not None and changes.tables == {(4, table)}, changes
                    ctx.runner.notify(changes)  # the hall re-reads what the hand touched
                    w1 = time.perf_counter()
                    hall.render_image(1920, 1080)
                    samples.append(time.perf_counter() - w0)
                    reads.append(w1 - w0)
                ratio = statistics.median(samples) / statistics.median(full[key])
                print(f"redraw after one hand at one table, {key} shown (catch-up + read + paint): {_ms(samples)}"
                      f" = {ratio:.2f} x the full redraw; of which catch-up + read {_ms(reads)}")
        polls, counts = [], []
        for _ in range(20):
            w0 = time.perf_counter()
            assert not ctx.runner.catch_up()  # the 1 s poll with nothing changed: the marker only
            polls.append(time.perf_counter() - w0)
            w0 = time.perf_counter()
            ctx.runner.read(lambda s: s.execute(select(func.count(AuditLog.id), func.max(AuditLog.id))).one())
            counts.append(time.perf_counter() - w0)
        ratio = statistics.median(polls) / statistics.median(counts)
        print(f"1 s poll with no change (marker: newest id + a window): {_ms(polls)} = {ratio:.2f} x counting the "
              f"whole audit log ({_ms(counts)})")
        hall.close()
        db.close()


if __name__ == "__main__":
    main()
