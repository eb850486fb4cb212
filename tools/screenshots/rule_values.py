"""Screenshot of Rule values… with values missing (issue 33 item 5), for the docs and for checking the layout:

    QT_QPA_PLATFORM=offscreen python -m tools.screenshots.rule_values docs/screenshots --lang zh

Writes ``rule-values-LANG.png`` at ``--size`` (1366x768, the desk's smallest screen): a new Guiyang 捉鸡
tournament whose chicken the organiser has typed and whose charging and responsible chickens are still
missing; the Sessions page with its banner, and the dialog opened from it, drawn over the window where the
window manager would put it (offscreen, a dialog is a window of its own).
"""

from __future__ import annotations

import argparse
import os
import sys
import tempfile
from pathlib import Path

import texts

NAMES = ("李娜", "Jan Kowalski", "佐藤 健", "Marie Dubois")


def make_file(path: Path) -> Path:
    from db.service.players import PlayerInput, import_players
    from db.service.tournament import create_tournament, update_settings
    from db.storage.store import open_database

    with open_database(path, create=True) as db, db.factory.begin() as s:
        create_tournament(s, "Club Cup", "guiyang-zhuoji", sessions=4)
        import_players(s, [PlayerInput(str(i + 1), n) for i, n in enumerate(NAMES)])
        update_settings(s, rules={"chicken": 1})
    return path


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(prog="python -m tools.screenshots.rule_values")
    p.add_argument("out", type=Path)
    p.add_argument("--size", default="1366x768")
    p.add_argument("--lang", choices=texts.languages(pseudo=True), default="en")
    args = p.parse_args(argv)
    width, height = (int(x) for x in args.size.split("x"))
    args.out.mkdir(parents=True, exist_ok=True)
    folder = Path(tempfile.mkdtemp(prefix="rule-values-"))
    for var in ("XDG_CONFIG_HOME", "XDG_DATA_HOME"):  # the user's own settings are left alone
        os.environ[var] = str(folder / var.lower())

    from PySide6.QtCore import QPoint
    from PySide6.QtGui import QColor, QPainter
    from PySide6.QtWidgets import QApplication

    app = QApplication.instance() or QApplication(sys.argv[:1])
    from referee_app.shell.main import create_window
    from referee_app.words.i18n import LANG
    from tools.screenshots.riichi_entry import save_png

    w = create_window(str(make_file(folder / "guiyang.mcr")),
                      lang=args.lang if args.lang in texts.languages() else None)
    LANG.set(args.lang)
    w.resize(width, height)
    w.show()
    page = w.pages["Sessions & tables"]
    d = page.ask_rule_values()
    assert d is not None
    d.fields["charging_chicken"].setValue(2)  # typed, not saved yet
    for _ in range(3):
        app.processEvents()
    shot = w.grab()
    painter = QPainter(shot)
    at = QPoint((width - d.width()) // 2, (height - d.height()) // 2 + 20)
    painter.drawPixmap(at, d.grab())
    painter.setPen(QColor("#888"))  # the dialog's edge, which the window manager would draw
    painter.drawRect(at.x() - 1, at.y() - 1, d.width() + 1, d.height() + 1)
    painter.end()

    class Shot:  # save_png takes a widget; the composed picture grabs as itself
        def grab(self) -> object:
            return shot

    save_png(Shot(), args.out / f"rule-values-{args.lang}.png")
    d.close()
    w.close()
    return 0


if __name__ == "__main__":
    sys.exit(main())
