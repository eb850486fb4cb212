"""Screenshots of the desk at a Chinese system's table (issue 33), for the docs and for checking the layout:

    QT_QPA_PLATFORM=offscreen python -m tools.screenshots.chinese_desk docs/screenshots --lang zh

Writes, at ``--size`` (1366x768, the desk's smallest screen), on new tournament files in a temporary folder:
``guangdong-desk-LANG.png`` (hand 1 recorded: two winners on one discard, horses and a melded kong, its
payments on the sheet; hand 2, a self-drawn win with a joker, horses and a concealed kong, in the entry with
the store's preview) and ``sichuan-desk-LANG.png`` (hand 1 recorded: a kong, a self-drawn win, two winners on
one discard; hand 2's events in the entry: a kong, a win, the end of the wall with a flower pig, previewed).
The hands are entered through the widgets, as a referee does.
"""

from __future__ import annotations

import argparse
import os
import sys
import tempfile
from pathlib import Path
from typing import Any

import texts

NAMES = ("李娜", "Jan Kowalski", "佐藤 健", "Marie Dubois")


def make_file(path: Path, profile: str) -> Path:
    from db.service.players import PlayerInput, import_players
    from db.service.seats import seat_session
    from db.service.tournament import create_tournament
    from db.storage.store import open_database

    with open_database(path, create=True) as db, db.factory.begin() as s:
        create_tournament(s, "Club Cup", profile, sessions=2)
        import_players(s, [PlayerInput(str(i + 1), n) for i, n in enumerate(NAMES)])
        seat_session(s, 1)
    return path


def choose(box: Any, data: Any) -> None:
    box.setCurrentIndex(max(0, box.findData(data)))


def guangdong(panel: Any) -> None:
    form = panel.chinese_form
    choose(form.outcome, "ron")
    choose(form.discarder, 0)
    choose(form.winners[0].player, 1)
    form.winners[0].tiles.setText("11m22m33m44m55m66m77z")
    choose(form.winners[1].player, 3)
    form.winners[1].tiles.setText("111z222z333z444z55z")
    form.horses[1].setText("1m")
    form.horses[2].setText("2p")
    choose(form.kongs[0].player, 2)
    choose(form.kongs[0].kind, "melded")
    choose(form.kongs[0].discarder, 0)
    assert panel.submit(), panel.message.text()
    choose(form.outcome, "tsumo")
    choose(form.winners[0].player, 2)
    form.winners[0].tiles.setText("111m444m777p999s55z")
    form.joker.setText("4p")
    form.horses[0].setText("5m")
    form.horses[2].setText("3s")
    choose(form.kongs[0].player, 3)
    choose(form.kongs[0].kind, "concealed")


def sichuan(panel: Any) -> None:
    form = panel.chinese_form

    def event(kind: str, *winners: tuple[int, str | int], discarder: int | None = None,
              kong: tuple[int, str] | None = None, pigs: tuple[int, ...] = ()) -> None:
        choose(form.kind, kind)
        if kong is not None:
            choose(form.kong.player, kong[0])
            choose(form.kong.kind, kong[1])
        if discarder is not None:
            choose(form.kong.discarder if kong is not None else form.discarder, discarder)
        for row, (seat, value) in zip(form.winners, winners, strict=False):
            choose(row.player, seat)
            if isinstance(value, int):
                row.fan.setValue(value)
            else:
                row.tiles.setText(value)
        for p in pigs:
            form.pigs[p].setChecked(True)
        assert form.add_event(), form.event_message.text()

    choose(form.void[2], "s")
    event("kong", kong=(1, "concealed"))
    event("tsumo", (2, "11m22m33m44m55m66m77m"))
    event("ron", (0, 1), (3, 2), discarder=1)
    assert panel.submit(), panel.message.text()
    for i, suit in enumerate("pmsm"):
        choose(form.void[i], suit)
    event("kong", kong=(0, "melded"), discarder=1)
    event("tsumo", (3, "111p234p567p99p789p"))
    event("wall_end", (2, "1112345678999m"), pigs=(1,))


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(prog="python -m tools.screenshots.chinese_desk")
    p.add_argument("out", type=Path)
    p.add_argument("--size", default="1366x768")
    p.add_argument("--lang", choices=texts.languages(pseudo=True), default="en")
    args = p.parse_args(argv)
    width, height = (int(x) for x in args.size.split("x"))
    args.out.mkdir(parents=True, exist_ok=True)
    folder = Path(tempfile.mkdtemp(prefix="chinese-desk-"))
    for var in ("XDG_CONFIG_HOME", "XDG_DATA_HOME"):  # the user's own settings are left alone
        os.environ[var] = str(folder / var.lower())

    from PySide6.QtWidgets import QApplication

    app = QApplication.instance() or QApplication(sys.argv[:1])
    from referee_app.shell.main import create_window
    from referee_app.words.i18n import LANG
    from tools.screenshots.riichi_entry import save_png

    for profile, name, enter in (("guangdong-tuidaohu", "guangdong", guangdong), ("sichuan-xuezhan", "sichuan",
                                                                                  sichuan)):
        w = create_window(str(make_file(folder / f"{name}.mcr", profile)),
                          lang=args.lang if args.lang in texts.languages() else None)
        LANG.set(args.lang)
        w.resize(width, height)
        w.show()
        w.show_sheet(1, 1)
        panel = w.pages["Score sheet"].game
        enter(panel)
        for _ in range(3):  # the preview's lines, then the form's height, are laid out
            app.processEvents()
        save_png(w, args.out / f"{name}-desk-{args.lang}.png")
        w.close()
    return 0


if __name__ == "__main__":
    sys.exit(main())
