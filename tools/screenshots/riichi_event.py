"""Screenshots of a whole Riichi event (issue 32 "Done when"), the set the issue names, for the docs and for
looking at each:

    QT_QPA_PLATFORM=offscreen python -m tools.screenshots.riichi_event docs/screenshots

Builds the event tests/referee_app/test_riichi_event.py plays through the desk and the phone (EMA 2016, 8
players, 2 sessions; wins entered from their tiles, a draw with tenpai and riichi, a chombo, the time called in
session 2) through the store, in a scratch folder, then writes for each ``--lang`` (en and zh):

- ``riichi-event-entry-1366-LANG.png``: the desk's hand entry dialog (session 2 table 2), a ron from its tiles;
- ``riichi-event-sheet-1366-LANG.png``: session 1 table 1's sheet at the desk, the game over with its results;
- ``riichi-event-standings-1366-LANG.png``: the final standings at the desk;
- ``riichi-event-phone-390-LANG.png``: the phone page of session 2 table 2 in headless Chromium (390 × 844);
- ``riichi-event-pdf-LANG.png``: the Riichi score sheet PDF of session 1 table 1 (``pdftoppm``, 100 dpi).

The desk's settings and recent files go to the scratch folder. 128-colour PNGs, as the others.
"""

from __future__ import annotations

import argparse
import io
import os
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path
from typing import Any

import texts
from tools.screenshots.riichi_entry import save_png

NAMES = ("Aiko Abe", "Bram Bos", "陈静", "Dana Dvořák", "Emil Eriksen", "藤田 文子", "Gao Ling", "Hana Horák")
RON = "234m567p678s22p55s5s"
TSUMO = "123456789m11p456s"
Line = dict[str, Any]

# each table's lines with seats 0-3 (E, S, W, N at the start) for the players; None: the time called then
SESSION_1: dict[int, list[Line | None]] = {
    1: [{"type": "ron", "discarder": 1, "riichi": [0], "winners": [{"player": 0, "hand": RON, "dora": ["1m"]}]},
        {"type": "tsumo", "winner": 1, "tiles": TSUMO, "riichi": [1]},
        {"type": "draw", "tenpai": [1, 2], "riichi": [2]},
        {"type": "chombo", "player": 3},
        *([{"type": "draw", "tenpai": [], "riichi": []}] * 3),
        {"type": "ron", "discarder": 0, "riichi": [], "winners": [{"player": 3, "han": 3, "fu": 40}]},
        *([{"type": "draw", "tenpai": [], "riichi": []}] * 3)],
    2: [{"type": "ron", "discarder": 2, "riichi": [1], "winners": [{"player": 1, "hand": RON}]},
        {"type": "tsumo", "winner": 3, "yakuman": 1, "riichi": []},
        *([{"type": "draw", "tenpai": [], "riichi": []}] * 6)],
}
SESSION_2: dict[int, list[Line | None]] = {
    1: [{"type": "ron", "discarder": 3, "riichi": [], "winners": [{"player": 2, "hand": RON}]}, None,
        {"type": "draw", "tenpai": [0], "riichi": [0]},
        {"type": "tsumo", "winner": 0, "tiles": TSUMO, "riichi": []}],
    2: [{"type": "tsumo", "winner": 3, "tiles": TSUMO, "riichi": [3]},
        {"type": "draw", "tenpai": [1, 2], "riichi": [2]}],
}
# session 2 table 2 after the phone's and the entry's pictures: the gong during hand 3, the one more hand after it
SESSION_2_END: list[Line | None] = [
    None, {"type": "ron", "discarder": 3, "riichi": [2], "winners": [{"player": 2, "hand": RON}]},
    {"type": "draw", "tenpai": [], "riichi": []}]


def _numbered(line: Line, numbers: list[str]) -> Line:
    """A line written with seats 0-3 as the table's player numbers."""
    out: Line = {}
    for k, v in line.items():
        if k in ("discarder", "winner", "player"):
            out[k] = numbers[v]
        elif k in ("riichi", "tenpai"):
            out[k] = [numbers[x] for x in v]
        elif k == "winners":
            out[k] = [{**w, "player": numbers[w["player"]]} for w in v]
        else:
            out[k] = v
    return out


def _play(s: Any, session: int, tables: dict[int, list[Line | None]]) -> None:
    from db.read.games import game_sheet
    from db.service.games import call_game_time, record_game_line

    for table, lines in tables.items():
        sheet = game_sheet(s, session, table)
        numbers = [p.number for p in sheet.players]
        hand = len(sheet.hands) + 1
        for line in lines:
            if line is None:
                call_game_time(s, session, table, hand)
                continue
            record_game_line(s, session, table, hand, _numbered(line, numbers))
            hand += 1


def build(path: Path) -> str:
    """The event at ``path``; the device token of session 2's table 2."""
    from db.service.devices import device_links
    from db.service.players import PlayerInput, import_players
    from db.service.seats import seat_session
    from db.service.tournament import create_tournament
    from db.storage.store import open_database

    with open_database(path, create=True, backups=False) as db:
        with db.factory.begin() as s:
            create_tournament(s, "Riichi Open 2026", "riichi-ema2016", sessions=2)
            import_players(s, [PlayerInput(str(i), n) for i, n in enumerate(NAMES, start=1)])
            seat_session(s, 1, seed=3)
            _play(s, 1, SESSION_1)
            seat_session(s, 2, seed=3)
            _play(s, 2, SESSION_2)
        with db.factory.begin() as s:
            return next(link.token for link in device_links(s, 2) if link.table == 2)


def end_session_2(path: Path) -> None:
    from db.storage.store import open_database

    with open_database(path, backups=False) as db, db.factory.begin() as s:
        _play(s, 2, {2: SESSION_2_END})


def desk(path: Path, out: Path, langs: list[str], size: tuple[int, int]) -> list[Path]:
    from PySide6.QtWidgets import QApplication

    app = QApplication.instance() or QApplication(sys.argv[:1])
    from referee_app.shell.main import create_window
    from referee_app.words.i18n import LANG

    w = create_window(str(path))
    w.resize(*size)
    w.show()
    shots: list[Path] = []

    def snap(widget: Any, name: str) -> None:
        for _ in range(3):  # the picker's tiles grow with the room after the first layout
            app.processEvents()
        shots.append(out / f"riichi-event-{name}-{size[0]}-{LANG.code}.png")
        save_png(widget, shots[-1])

    for lang in langs:
        LANG.set(lang)  # after the window: it starts in the language its settings remember
        w.show_sheet(2, 2)  # the next hand of a game still on: West wins on North's discard, from the tiles
        panel = w.pages["Score sheet"].game
        panel.outcome.setCurrentIndex(panel.outcome.findData("ron"))
        panel.riichi[2].setChecked(True)
        panel.discarder.setCurrentIndex(panel.discarder.findData(3))
        panel.winner_rows[0].player.setCurrentIndex(panel.winner_rows[0].player.findData(2))
        d = panel.open_tiles(panel.winner_rows[0])
        d.resize(*size)
        d.body.vm.set_notation(RON)
        snap(d, "entry")
        d.reject()
        panel.clear_form()
    end_session_2(path)  # the event over: its sheet and final standings
    for lang in langs:
        LANG.set(lang)
        w.show_sheet(1, 1)
        snap(w, "sheet")
        w.go("Standings")
        snap(w, "standings")
    w.close()
    return shots


def phone(path: Path, token: str, out: Path, langs: list[str]) -> list[Path]:
    from db.storage.store import open_database
    from tools.browser import PHONE, open_browser
    from tools.screenshots.table_page import _shot, wait_for
    from web.api.server import BackgroundServer

    shots = []
    with open_database(path) as db, BackgroundServer(db) as srv:
        for lang in langs:
            d = open_browser("zh-CN" if lang == "zh" else "en-GB", PHONE, "--hide-scrollbars")
            try:
                d.get(f"{srv.url}/t/{token}")
                wait_for(d, "#game-state", texts.translate(lang, "Deposits {n}", "table_page", n=1))
                shots.append(_shot(d, out / f"riichi-event-phone-{PHONE[0]}-{lang}.png"))
            finally:
                d.quit()
    return shots


def pdf(path: Path, out: Path, langs: list[str]) -> list[Path]:
    from PIL import Image

    from db.read.games import game_sheets
    from db.storage.store import open_database
    from reports.pdf.game_sheet import game_sheets_pdf

    shots = []
    with open_database(path) as db, db.reader() as s:
        sheets = game_sheets(s, 1, 1)
    for lang in langs:
        with tempfile.TemporaryDirectory() as tmp:
            (Path(tmp) / "sheet.pdf").write_bytes(game_sheets_pdf(sheets, lang))
            subprocess.run(["pdftoppm", "-png", "-r", "100", "-singlefile", "sheet.pdf", "page"], cwd=tmp,
                           check=True)
            picture = Image.open(io.BytesIO((Path(tmp) / "page.png").read_bytes())).convert("RGB")
        shots.append(out / f"riichi-event-pdf-{lang}.png")
        picture.quantize(colors=128).save(shots[-1], optimize=True)
    return shots


def main(argv: list[str] | None = None) -> int:
    from tools.browser import missing

    p = argparse.ArgumentParser(prog="python -m tools.screenshots.riichi_event")
    p.add_argument("out", type=Path)
    p.add_argument("--lang", action="append", choices=texts.languages(pseudo=True))
    p.add_argument("--size", default="1366x768", help="the desk's (the phone's is 390x844)")
    args = p.parse_args(argv)
    langs = args.lang or ["en", "zh"]
    width, height = (int(x) for x in args.size.split("x"))
    for why in (missing(), None if shutil.which("pdftoppm") else "pdftoppm is not installed (poppler-utils)"):
        if why is not None:
            print(why, file=sys.stderr)
            return 1
    args.out.mkdir(parents=True, exist_ok=True)
    scratch = Path(tempfile.mkdtemp(prefix="riichi-event-"))
    os.environ.setdefault("XDG_DATA_HOME", str(scratch / "data"))  # never the user's recent files
    os.environ.setdefault("XDG_CONFIG_HOME", str(scratch / "config"))
    path = scratch / "riichi.mcr"
    token = build(path)
    shots = phone(path, token, args.out, langs)  # session 2 still on at table 2, as the entry's picture
    shots += desk(path, args.out, langs, (width, height)) + pdf(path, args.out, langs)
    for shot in shots:
        print(shot)
    shutil.rmtree(scratch, ignore_errors=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
