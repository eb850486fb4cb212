"""Screenshots of the table page at a Riichi table (issue 32 §4, the phone) at 390 × 844, through the real server
in headless Chromium, for docs/table-page.md "A Riichi table":

    python -m tools.screenshots.game_page docs/screenshots --lang zh

A Tenhou tournament (red fives), table 1 four hands in (a ron, a draw with riichi, a tsumo, a draw). Writes
``table-page-riichi-sheet-LANG.png`` (the state of the next hand, the points, the running sheet),
``table-page-riichi-entry-LANG.png`` (a ron entered from its tiles, a red five, a dora indicator),
``table-page-riichi-preview-LANG.png`` (below it: the live han, fu, yaku and payments) and
``table-page-riichi-draw-LANG.png`` (a draw: tenpai and riichi, the payments the server settles),
``table-page-riichi-double-ron-LANG.png`` (two winners on one discard: the winner row, whose hand is entered,
the second one's totals) and ``table-page-riichi-double-ron-preview-LANG.png`` (the server's preview of the
whole line: each winner's value and yaku, everyone's change).
"""

from __future__ import annotations

import argparse
import sys
import tempfile
from pathlib import Path
from typing import Any

import texts
from db.read.games import game_sheet
from db.service.audit import Actor
from db.service.devices import device_links
from db.service.games import record_game_line
from db.storage.store import open_database
from tools.browser import PHONE, missing, open_browser
from tools.screenshots.table_page import _shot, tap, wait_for
from web.api.server import BackgroundServer

NAMES = ["Li Wei", "Anna Schmidt", "张伟", "Jean O'Neil", "李娜", "Bob Stone", "Carla Ruiz", "Dmitri Ivanov"]
# 234m 567p 678s 22p 55s, the winning 5s on a discard; one five of dots red
RON_TILES = ["2m", "3m", "4m", "5p", "6p", "7p", "6s", "7s", "8s", "2p", "2p", "5s", "5s", "5s"]


def game_table(path: Path) -> tuple[str, list[str]]:
    """A Tenhou tournament at ``path``, session 1 seated, table 1 four hands in; (its token, its numbers)."""
    from db.service.players import PlayerInput, import_players
    from db.service.seats import set_seating
    from db.service.tournament import create_tournament

    actor = Actor("demo", "demo")
    with open_database(path, create=True, backups=False) as db, db.factory.begin() as s:
        create_tournament(s, "Riichi Open", "riichi-tenhou", sessions=2, actor=actor)
        import_players(s, [PlayerInput(str(i), n, None) for i, n in enumerate(NAMES, start=1)], actor)
        set_seating(s, 1, [["1", "2", "3", "4"], ["5", "6", "7", "8"]], actor=actor)
        e, so, w, n = "1", "2", "3", "4"
        lines: list[dict[str, Any]] = [
            {"type": "ron", "discarder": w, "riichi": [e], "winners": [{"player": e, "han": 3, "fu": 40}]},
            {"type": "draw", "tenpai": [e, n], "riichi": [n]},
            {"type": "tsumo", "winner": so, "riichi": [], "tiles": "123456789m11p456s"},
            {"type": "draw", "tenpai": [so], "riichi": [so]},
        ]
        for i, line in enumerate(lines, start=1):
            record_game_line(s, 1, 1, i, {"session": 1, "table": 1, "hand": i, **line}, actor=actor)
        token = next(link.token for link in device_links(s, 1, actor=actor) if link.table == 1)
        return token, [p.number for p in game_sheet(s, 1, 1).players]


def shoot(out: Path, lang: str) -> list[Path]:
    with tempfile.TemporaryDirectory() as tmp:
        token, numbers = game_table(Path(tmp) / "riichi.mcr")
        with open_database(Path(tmp) / "riichi.mcr") as db, BackgroundServer(db) as srv:
            d = open_browser("zh-CN" if lang == "zh" else "en-GB", PHONE, "--hide-scrollbars")
            try:
                d.get(f"{srv.url}/t/{token}")
                wait_for(d, "#game-state", texts.translate(lang, "Deposits {n}", "table_page", n=1))
                sheet = _shot(d, out / f"table-page-riichi-sheet-{lang}.png")
                # a ron from the tiles: West wins on North's discard, in riichi, a red five, a dora indicator
                e, so, w, n = numbers
                tap(d, "#btn-win")
                tap(d, "#g-outcome button[data-outcome='ron']")
                tap(d, f"#g-riichi button[data-number='{w}']")
                tap(d, f"#g-winner button[data-number='{w}']")
                tap(d, f"#g-discarder button[data-number='{n}']")
                for tile in RON_TILES:
                    tap(d, f"#g-picker button[data-tile='{tile}']")
                tap(d, "#g-picker button[data-tile='0p']")
                tap(d, "#g-target button[data-target='dora']")
                tap(d, "#g-picker button[data-tile='1p']")
                tap(d, "#g-target button[data-target='hand']")  # the full hand folds the picker: the preview shows
                wait_for(d, "#g-verdict", texts.translate(lang, "Ron", "riichi_outcome"))
                entry = _shot(d, out / f"table-page-riichi-entry-{lang}.png",
                              "document.getElementById('g-hand').scrollIntoView({block: 'start'}); window.scrollBy(0, -62);")
                preview = _shot(d, out / f"table-page-riichi-preview-{lang}.png",
                                "window.scrollTo(0, document.body.scrollHeight);")
                tap(d, "#btn-cancel")
                tap(d, "#btn-win")
                tap(d, "#g-outcome button[data-outcome='draw']")
                tap(d, f"#g-riichi button[data-number='{e}']")
                tap(d, f"#g-tenpai button[data-number='{e}']")
                tap(d, f"#g-tenpai button[data-number='{w}']")
                wait_for(d, "#g-verdict", texts.translate(lang, "Exhaustive draw", "riichi_outcome"))
                draw = _shot(d, out / f"table-page-riichi-draw-{lang}.png", "window.scrollTo(0, 0);")
                tap(d, "#btn-cancel")
                return [sheet, entry, preview, draw, *double_ron(d, out, lang, numbers)]
            finally:
                d.quit()


def double_ron(d: Any, out: Path, lang: str, numbers: list[str]) -> list[Path]:
    """West (in riichi, by the tiles) and East (by the totals, 3 han 30 fu) both win on North's discard."""
    from selenium.webdriver.common.by import By
    from selenium.webdriver.support.ui import WebDriverWait

    e, so, w, n = numbers
    tap(d, "#btn-win")
    tap(d, "#g-outcome button[data-outcome='ron']")
    tap(d, f"#g-riichi button[data-number='{w}']")
    tap(d, f"#g-winner button[data-number='{w}']")
    tap(d, f"#g-discarder button[data-number='{n}']")
    for tile in RON_TILES:
        tap(d, f"#g-picker button[data-tile='{tile}']")
    tap(d, f"#g-winner button[data-number='{e}']")
    tap(d, "#g-tab-totals")
    tap(d, "#g-han button[data-han='3']")
    tap(d, "#g-fu button[data-fu='30']")
    # the preview of the whole line: a heading for each winner
    WebDriverWait(d, 20).until(lambda d: len(d.find_elements(By.CSS_SELECTOR, "#g-preview .winner-head")) == 2)
    entry = _shot(d, out / f"table-page-riichi-double-ron-{lang}.png",
                  "document.getElementById('g-winner').scrollIntoView({block: 'start'}); window.scrollBy(0, -90);")
    preview = _shot(d, out / f"table-page-riichi-double-ron-preview-{lang}.png",
                    "document.getElementById('g-verdict').scrollIntoView({block: 'start'}); window.scrollBy(0, -8);")
    return [entry, preview]


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(prog="python -m tools.screenshots.game_page")
    p.add_argument("out", type=Path)
    p.add_argument("--lang", choices=texts.languages(), default="en")
    args = p.parse_args(argv)
    if (why := missing()) is not None:
        print(why, file=sys.stderr)
        return 1
    args.out.mkdir(parents=True, exist_ok=True)
    for path in shoot(args.out, args.lang):
        print(path)
    return 0


if __name__ == "__main__":
    sys.exit(main())
