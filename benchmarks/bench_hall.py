"""Hall display at 400 players (3 sessions played, the 4th seated, its clock running): how long a page
flip takes (painting the next page at 1920×1080) and a redraw after a store change (reading everything
again, then painting). Not a timed test: it prints the figures."""

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

    from db.service.clock import start_clock
    from db.store import open_database
    from referee_app import appearance
    from referee_app.context import TournamentContext
    from referee_app.hall.pages import PAGES
    from referee_app.hall.screenshots import build_field
    from referee_app.hall.window import HallOptions, HallWindow
    from referee_app.runner import Runner

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
        hall.show_page("find")
        redraws, reads = [], []
        for _ in range(5):
            w0 = time.perf_counter()
            hall.reload()  # what a change of the store's marker triggers
            w1 = time.perf_counter()
            hall.render_image(1920, 1080)
            redraws.append(time.perf_counter() - w0)
            reads.append(w1 - w0)
        print(f"store-change redraw (read everything + paint find-your-table): {_ms(redraws)}; "
              f"of which the read {_ms(reads)}")
        polls = []
        for _ in range(20):
            w0 = time.perf_counter()
            hall.watch.tick()  # the 1 s poll with nothing changed: the change marker and the clock
            polls.append(time.perf_counter() - w0)
        print(f"1 s poll with no change (change marker + clock): {_ms(polls)}")
        hall.close()
        db.close()


if __name__ == "__main__":
    main()
