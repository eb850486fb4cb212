"""The desk's Calls panel over the main window at 1366 × 768 on the demo tournament:

    QT_QPA_PLATFORM=offscreen python -m tools.screenshots.calls_desk OUT [--lang en|zh]

Three calls from the tables (one waiting, one taken, one resolved with a ruling); writes
``desk-calls-1366-LANG.png``: the window (its status bar's calls indicator) with the panel drawn over it
where it opens.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(prog="python -m tools.screenshots.calls_desk")
    p.add_argument("out", type=Path)
    p.add_argument("--lang", choices=("en", "zh"), default="en")
    args = p.parse_args(argv)
    args.out.mkdir(parents=True, exist_ok=True)

    from PySide6.QtCore import QPoint
    from PySide6.QtGui import QPainter
    from PySide6.QtWidgets import QApplication

    app = QApplication.instance() or QApplication(sys.argv[:1])
    from db.service.calls import call_referee, resolve_call, take_call
    from db.service.devices import device_actor
    from referee_app.shell.main import create_window

    w = create_window(demo=True, lang=args.lang)
    w.resize(1366, 768)
    w.show()
    assert w.ctx is not None
    with w.ctx.db.factory.begin() as s:
        a = call_referee(s, 1, 3, "dispute", "discard claimed after the draw", actor=device_actor(3))
        take_call(s, a.id, "Chen Jing")
        resolve_call(s, a.id, "the claim stands: the discard was in time", hand=4)
        b = call_referee(s, 1, 2, "false_win", "East claims 8 fans", actor=device_actor(2))
        take_call(s, b.id, "Anna Wu")
        call_referee(s, 1, 4, "time", None, actor=device_actor(4))
    w.go("Standings")
    w.calls.reload()
    panel = w.calls.open_panel()
    panel.referee.setText("Li Wei")
    panel.show_closed.setChecked(True)
    panel.resize(1000, 380)
    panel.move(w.geometry().center() - panel.rect().center())
    app.processEvents()
    shot = w.grab()
    painter = QPainter(shot)
    painter.drawPixmap(QPoint(183, 140), panel.grab())
    painter.end()
    path = args.out / f"desk-calls-1366-{args.lang}.png"
    shot.save(str(path))
    print(path)
    w.close_tournament()
    return 0


if __name__ == "__main__":
    sys.exit(main())
