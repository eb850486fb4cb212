"""The desktop app's two speed targets (issue 7), offscreen, each beside a baseline of the same run.

- Window up: ``create_window()`` shown (start page; then the demo, built on first use) against a bare
  QMainWindow with one label: the cost of Qt itself on this machine.
- Live preview: one click on the tile picker (the hand re-validated, scored, fans, payments and waits
  redrawn) against scoring the same hand alone with cold caches. A frame is 16.7 ms at 60 Hz.
- Change-marker poll (issue 15): what the window's once-a-second ``ChangeWatcher.poll`` costs when nothing
  changed (the file still there, one read-only session reading ``db.read.queries.change_marker``) on a
  400-player, 10-session tournament (16,000 hands), against the marker query alone in a bare session.
"""

from __future__ import annotations

import os
import statistics
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
os.environ.setdefault("QT_LOGGING_RULES", "qt.qpa.*=false")
_tmp = tempfile.mkdtemp(prefix="mcr-bench-gui-")
# A first-time user: empty settings, no demo built yet.
os.environ["XDG_CONFIG_HOME"] = str(Path(_tmp, "config"))
os.environ["XDG_DATA_HOME"] = str(Path(_tmp, "data"))

from PySide6.QtWidgets import QApplication, QLabel, QMainWindow  # noqa: E402

# The hand entered tile by tile: 1m…9m, 2p 3p 4p, 5p 5p (pure straight).
CLICKS = (0, 1, 2, 3, 4, 5, 6, 7, 8, 19, 20, 21, 22, 22)


def _shown(make) -> float:  # type: ignore[no-untyped-def]
    app = QApplication.instance()
    t0 = time.perf_counter()
    w = make()
    w.show()
    app.processEvents()
    elapsed = time.perf_counter() - t0
    w.close()
    w.deleteLater()
    app.processEvents()
    return elapsed


def _bare() -> QMainWindow:
    w = QMainWindow()
    w.setCentralWidget(QLabel("MCR Referee"))
    w.resize(1366, 768)
    return w


def window_up() -> None:
    from referee_app.shell.main import create_window

    bare = min(_shown(_bare) for _ in range(3))
    start = _shown(create_window)
    demo_first = _shown(lambda: create_window(demo=True))
    demo_again = _shown(lambda: create_window(demo=True))
    print(f"window up: bare Qt window {bare * 1000:6.1f} ms | start page {start * 1000:6.1f} ms "
          f"(x{start / bare:.1f}) | demo, first time {demo_first:5.2f} s | demo again {demo_again:5.2f} s "
          f"(target < 2 s)")


def preview_per_click(rounds: int = 5) -> None:
    from referee_app.entry.hand_entry import HandEntryDialog
    from referee_app.entry.hand_vm import HandEntryModel
    from scoring import notation
    from scoring.mcr import engine

    app = QApplication.instance()
    per_click: list[float] = []
    complete: list[float] = []
    for _ in range(rounds):
        engine.score_hand.cache_clear()
        vm = HandEntryModel()
        dlg = HandEntryDialog(vm)
        dlg.resize(1366, 768)
        dlg.show()
        app.processEvents()
        for i, t in enumerate(CLICKS):
            t0 = time.perf_counter()
            vm.click_tile(t)
            app.processEvents()
            dt = time.perf_counter() - t0
            (complete if i == len(CLICKS) - 1 else per_click).append(dt)
        dlg.close()
        dlg.deleteLater()
        app.processEvents()
    hand = notation.parse_hand("123456789m234p5p5p")
    base: list[float] = []
    for _ in range(rounds * 20):
        engine.score_hand.cache_clear()
        t0 = time.perf_counter()
        engine.score_hand(hand, engine.WinContext())
        base.append(time.perf_counter() - t0)
    b = statistics.median(base)
    c = statistics.median(complete)
    print(f"preview: engine alone {b * 1000:5.2f} ms | a click (13 tiles or fewer) median "
          f"{statistics.median(per_click) * 1000:5.1f} ms, worst {max(per_click) * 1000:5.1f} ms | "
          f"the click completing the hand {c * 1000:5.1f} ms (x{c / b:.0f} the engine; a frame is 16.7 ms)")


def _big_tournament(path: Path, players: int = 400, sessions: int = 10) -> None:
    """The tournament of bench_tournament.py (same result lines), one transaction per session."""
    sys.path.insert(0, str(Path(__file__).resolve().parent))
    from bench_tournament import build_event

    build_event(path, players, sessions)


def marker_poll(rounds: int = 300) -> None:
    from sqlalchemy import func, select

    from db.models import AuditLog
    from db.read.queries import change_marker
    from referee_app.shell.main import create_window

    path = Path(_tmp, "big.mcr")
    t0 = time.perf_counter()
    _big_tournament(path)
    built = time.perf_counter() - t0
    w = create_window(str(path))
    w.show()
    QApplication.instance().processEvents()
    w.watcher.timer.stop()  # polled by hand below
    db = w.ctx.db
    with db.reader() as s:  # the log's length (the marker itself counts only a window below the newest id)
        count = s.scalar(select(func.count()).select_from(AuditLog))

    def timed(fn) -> tuple[float, float]:  # type: ignore[no-untyped-def]
        walls, cpus = [], []
        for _ in range(rounds):
            c0, t0 = time.process_time(), time.perf_counter()
            fn()
            walls.append(time.perf_counter() - t0)
            cpus.append(time.process_time() - c0)
        return statistics.median(walls), sum(cpus) / rounds

    def bare() -> None:
        with db.reader() as s:
            change_marker(s)

    b_wall, b_cpu = timed(bare)
    p_wall, p_cpu = timed(w.watcher.poll)
    assert not w.watcher.poll(), "nothing changed: no redraw"
    print(f"marker poll: 400 players x 10 sessions ({count} audit entries; built in {built:.0f} s) | "
          f"marker query alone {b_wall * 1000:5.2f} ms | one poll {p_wall * 1000:5.2f} ms wall, "
          f"{p_cpu * 1000:5.2f} ms CPU (x{p_wall / b_wall:.2f}) = {p_cpu * 100:.2f} % of a core at 1 poll/s")
    w.close()


def main() -> None:
    QApplication.instance() or QApplication([])
    window_up()
    preview_per_click()
    marker_poll()


if __name__ == "__main__":
    main()
