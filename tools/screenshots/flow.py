"""Screenshots of the referee's flow at a table, on the demo tournament, for checking the layouts:

    QT_QPA_PLATFORM=offscreen python -m tools.screenshots.flow OUT --size 1366x768 --lang zh

Writes start, sheet, stale (hand entry after a refused stale confirm), sign-off (its question), log and
standings (a provisional ranking), each ``NAME-WIDTH-LANG.png``. It writes into the demo's copy only.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path


def main(argv: list[str] | None = None) -> int:  # noqa: PLR0915 - a script: scenes in order
    p = argparse.ArgumentParser(prog="python -m tools.screenshots.flow")
    p.add_argument("out", type=Path)
    p.add_argument("--size", default="1366x768")
    p.add_argument("--lang", choices=("en", "zh"), default="en")
    args = p.parse_args(argv)
    width, height = (int(x) for x in args.size.split("x"))
    args.out.mkdir(parents=True, exist_ok=True)

    from PySide6.QtWidgets import QApplication, QWidget

    app = QApplication.instance() or QApplication(sys.argv[:1])
    from db.read import queries
    from db.service.audit import Actor
    from db.service.results import record_draw
    from referee_app.base import errors
    from referee_app.shell.main import create_window

    errors.SINK = []  # an error box would wait for a click
    w = create_window(demo=True, lang=args.lang)
    w.resize(width, height)
    w.show()
    for _ in range(5):
        app.processEvents()

    def snap(name: str, widget: QWidget | None = None) -> None:
        for _ in range(3):
            app.processEvents()
        (widget or w).grab().save(str(args.out / f"{name}-{width}-{args.lang}.png"))

    assert w.ctx is not None
    sheet = w.pages["Score sheet"]
    # a table still playing (hands left, no time call): the stale entry, the sign-off and the standings
    place = None
    for k in w.ctx.runner.read(queries.seated_sessions):
        for t in w.ctx.runner.read(lambda s, k=k: queries.table_progress(s, k)):
            if t.next_hand is not None and t.hands_recorded and t.time_called_after is None and not t.signed_off:
                place = (k, t.table)
                break
        if place:
            break
    if place is None:  # every table finished: start one of the last session
        k = w.ctx.runner.read(queries.seated_sessions)[-1]
        place = (k, 1)
    w.show_sheet(*place)
    snap("sheet")
    d = sheet.record_win()
    assert d is not None and sheet.sheet is not None
    d.vm.set_notation("[789m2][777s3][234s3]89sEE7s")
    d.entry.winner.setCurrentIndex(0)  # nothing is chosen for the referee
    d.entry.discarder.setCurrentIndex(d.entry.discarder.findData(1))
    with w.ctx.db.factory.begin() as s:  # the table's phone records the hand meanwhile
        record_draw(s, place[0], place[1], d.hand_no, actor=Actor(f"table {place[1]} device", "device"))
    d.show()
    d.accept()  # refused: the tiles stay, the panel says what changed
    snap("stale", d)
    d.reject()
    sheet.refresh()
    sheet.toggle_sign_off()
    if sheet.sign_off_prompt is not None:
        snap("signoff", sheet.sign_off_prompt)
        sheet.sign_off_prompt.reject()
    w.go("Log")
    snap("log")
    w.go("Standings")
    snap("standings")
    w.close_tournament()
    snap("start")
    return 0


if __name__ == "__main__":
    sys.exit(main())
