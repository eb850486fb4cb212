"""Screenshots of the desk at a Riichi tournament (issue 32 §4-5), for the docs and for checking the layout:

    QT_QPA_PLATFORM=offscreen python -m tools.screenshots.riichi_desk docs/screenshots --lang zh

Builds a Riichi tournament (EMA 2016, 8 players, two tables) in a scratch folder, records a few hands at table 1
through the store (a ron from the tiles with riichi and dora, a tsumo by totals, a draw with tenpai and riichi,
a chombo) and a whole game at table 2, then writes, at ``--size`` (1366x768, the desk's smallest screen):
``riichi-sheet-1366-LANG.png`` (table 1's sheet, its next hand and the form), ``riichi-sheet-over-1366-LANG.png``
(table 2, the game over: raw points, uma, penalty, score) and ``riichi-standings-1366-LANG.png``. The desk's
settings and recent files go to the scratch folder too. 128-colour PNGs, as the others.
"""

from __future__ import annotations

import argparse
import os
import sys
import tempfile
from pathlib import Path

import texts
from tools.screenshots.riichi_entry import save_png

NAMES = ("李娜", "Jan Kowalski", "佐藤 健", "Marie Dubois", "王芳", "Lars Øberg", "Ana García", "陈静")

Line = dict[str, object]

TABLE_1: list[Line] = [
    {"type": "ron", "discarder": 1, "riichi": [0], "winners": [{"player": 0, "hand": "234m567p678s22p55s5s",
                                                                "dora": ["1m"]}]},
    {"type": "tsumo", "winner": 1, "han": 2, "fu": 30, "riichi": []},
    {"type": "draw", "tenpai": [1, 2], "riichi": [2]},
    {"type": "chombo", "player": 3},
    {"type": "ron", "discarder": 0, "riichi": [], "winners": [{"player": 3, "limit": "mangan"}]},
]
TABLE_2: list[Line] = [
    {"type": "ron", "discarder": 2, "riichi": [], "winners": [{"player": 0, "han": 3, "fu": 30}]},
    {"type": "tsumo", "winner": 1, "limit": "haneman", "riichi": [1]},
    {"type": "draw", "tenpai": [0], "riichi": []},
    {"type": "ron", "discarder": 3, "riichi": [2], "winners": [{"player": 2, "han": 4, "fu": 40}]},
    {"type": "tsumo", "winner": 3, "han": 1, "fu": 30, "riichi": []},
]


def _numbered(line: dict[str, object], numbers: list[str]) -> dict[str, object]:
    """A line written with seats 0-3 as the table's player numbers."""
    out: dict[str, object] = {}
    for k, v in line.items():
        if k in ("discarder", "winner", "player") and isinstance(v, int):
            out[k] = numbers[v]
        elif k in ("riichi", "tenpai") and isinstance(v, list):
            out[k] = [numbers[x] for x in v]
        elif k == "winners" and isinstance(v, list):
            out[k] = [{**w, "player": numbers[w["player"]]} for w in v if isinstance(w, dict)]
        else:
            out[k] = v
    return out


def build(path: Path) -> None:
    from db.read.games import game_sheet
    from db.service.games import call_game_time, record_game_line
    from db.service.players import PlayerInput, import_players
    from db.service.seats import seat_session
    from db.service.tournament import create_tournament
    from db.storage.store import open_database

    with open_database(path, create=True) as db, db.factory.begin() as s:
        create_tournament(s, "Riichi Open 2026", "riichi-ema2016", sessions=2)
        import_players(s, [PlayerInput(str(i + 1), n) for i, n in enumerate(NAMES)])
        seat_session(s, 1)
    for table, lines, gong in ((1, TABLE_1, None), (2, TABLE_2, 4)):
        with open_database(path) as db, db.factory.begin() as s:
            numbers = [p.number for p in game_sheet(s, 1, table).players]
            for n, line in enumerate(lines, start=1):
                if n == gong:  # the gong during hand ``gong``: EMA plays one more hand after it
                    call_game_time(s, 1, table, gong)
                record_game_line(s, 1, table, n, _numbered(line, numbers))


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(prog="python -m tools.screenshots.riichi_desk")
    p.add_argument("out", type=Path)
    p.add_argument("--size", default="1366x768")
    p.add_argument("--lang", choices=texts.languages(pseudo=True), default="en")
    args = p.parse_args(argv)
    width, height = (int(x) for x in args.size.split("x"))
    args.out.mkdir(parents=True, exist_ok=True)
    scratch = Path(tempfile.mkdtemp(prefix="riichi-desk-"))
    os.environ.setdefault("XDG_DATA_HOME", str(scratch / "data"))  # never the user's recent files
    os.environ.setdefault("XDG_CONFIG_HOME", str(scratch / "config"))
    path = scratch / "riichi.mcr"
    build(path)

    from PySide6.QtWidgets import QApplication

    app = QApplication.instance() or QApplication(sys.argv[:1])
    from referee_app.shell.main import create_window
    from referee_app.words.i18n import LANG

    w = create_window(str(path))
    LANG.set(args.lang)  # after the window: it starts in the language its settings remember
    w.resize(width, height)
    w.show()

    def snap(name: str) -> None:
        for _ in range(3):
            app.processEvents()
        save_png(w, args.out / f"{name}-{width}-{args.lang}.png")

    w.show_sheet(1, 1)
    sheet = w.pages["Score sheet"]
    panel = sheet.game
    panel.outcome.setCurrentIndex(panel.outcome.findData("ron"))  # the next hand being entered
    panel.riichi[1].setChecked(True)
    panel.discarder.setCurrentIndex(panel.discarder.findData(2))
    panel.winner_rows[0].player.setCurrentIndex(panel.winner_rows[0].player.findData(1))
    panel.winner_rows[0].han.setValue(3)
    panel.winner_rows[0].fu.setCurrentIndex(panel.winner_rows[0].fu.findData(40))
    panel.table.selectRow(0)
    snap("riichi-sheet")
    w.show_sheet(1, 2)
    snap("riichi-sheet-over")
    w.go("Standings")
    snap("riichi-standings")
    w.close()
    return 0


if __name__ == "__main__":
    sys.exit(main())
