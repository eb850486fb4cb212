"""Screenshots of the table page at a Chinese system's table (issue 33, the phone) at 390 × 844, through the real
server in headless Chromium, for docs/table-page.md "A Chinese system's table":

    python -m tools.screenshots.chinese_page docs/screenshots --lang zh

Writes ``table-page-guangdong-LANG.png`` (a Guangdong hand, one hand in: two winners on one discard entered from
their tiles, a horse, a concealed kong, and the server's preview of each winner's total and fans and of the
payments) and ``table-page-sichuan-LANG.png`` (a Sichuan hand: the void suits, a kong and a self-drawn win in
the list of events, two winners on one discard by their typed fan, and the preview of the whole hand) and
``table-page-guiyang-LANG.png`` (a Guiyang win on a discard: the chickens counted to the players who did not
win, the charging chicken, the discarder's hot kong, and the preview with the chickens' and the hot kong's
payments). ``--scene NAME`` shoots that one only.
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
from tools.screenshots.game_page import NAMES
from tools.screenshots.table_page import _shot, tap, wait_for
from web.api.server import BackgroundServer

SEVEN_PAIRS = ["1m", "1m", "2m", "2m", "3m", "3m", "4m", "4m", "5m", "5m", "6m", "6m", "C", "C"]
PUNGS = ["1p", "1p", "1p", "2s", "2s", "2s", "7m", "7m", "7m", "E", "E", "E", "W", "W"]
PURE_PAIRS = ["1m", "1m", "2m", "2m", "3m", "3m", "4m", "4m", "5m", "5m", "6m", "6m", "7m", "7m"]


def chinese_table(path: Path, profile: str, first: dict[str, Any] | None,
                  rules: dict[str, Any] | None = None) -> tuple[str, list[str]]:
    """A tournament of ``profile`` at ``path``, the organiser's ``rules`` typed, session 1 seated, table 1 with
    ``first`` recorded (the line's players by seat index 0-3); (its token, table 1's numbers at E, S, W, N)."""
    from db.service.players import PlayerInput, import_players
    from db.service.seats import set_seating
    from db.service.tournament import create_tournament, update_settings

    actor = Actor("demo", "demo")
    with open_database(path, create=True, backups=False) as db, db.factory.begin() as s:
        create_tournament(s, "Open", profile, sessions=2, actor=actor)
        import_players(s, [PlayerInput(str(i), n, None) for i, n in enumerate(NAMES, start=1)], actor)
        if rules:
            update_settings(s, rules=rules, actor=actor)
        set_seating(s, 1, [["1", "2", "3", "4"], ["5", "6", "7", "8"]], actor=actor)
        if first is not None:
            record_game_line(s, 1, 1, 1, {"session": 1, "table": 1, "hand": 1, **first}, actor=actor)
        token = next(link.token for link in device_links(s, 1, actor=actor) if link.table == 1)
        return token, [p.number for p in game_sheet(s, 1, 1).players]


def picked(d: Any, tiles: list[str]) -> None:
    for tile in tiles:
        tap(d, f"#g-picker button[data-tile='{tile}']")


def guangdong(d: Any, numbers: list[str], lang: str) -> str:
    """West and North both win on East's discard; a horse for West; South's concealed kong. The scroll: from the
    kongs down to the preview."""
    e, s, w, n = numbers
    tap(d, "#g-outcome button[data-outcome='ron']")
    tap(d, f"#g-winner button[data-number='{w}']")
    tap(d, f"#g-discarder button[data-number='{e}']")
    picked(d, SEVEN_PAIRS)
    tap(d, f"#g-winner button[data-number='{n}']")
    picked(d, PUNGS)
    tap(d, "#g-target button[data-target='horses']")
    tap(d, f"#g-horse-of button[data-number='{w}']")
    tap(d, "#g-picker button[data-tile='1s']")
    tap(d, "#g-target button[data-target='hand']")
    tap(d, f"#g-kong-player button[data-number='{s}']")
    tap(d, "#g-kong-kind button[data-kind='concealed']")
    wait_for(d, "#g-verdict", texts.translate(lang, "Total {n}", "game_value", n=24))
    return "document.getElementById('g-kongs').scrollIntoView({block: 'start'}); window.scrollBy(0, -40);"


def sichuan(d: Any, numbers: list[str], lang: str) -> str:
    """The void suits, East's kong and West's self-drawn win added, then South and North on East's discard by
    their typed fan: the third win ends the hand. The scroll: from the list of events down to the preview."""
    e, s, w, n = numbers
    tap(d, f"#g-void div[data-number='{w}'] button[data-suit='s']")
    tap(d, f"#g-void div[data-number='{e}'] button[data-suit='p']")
    tap(d, "#g-event button[data-event='kong']")
    tap(d, f"#g-kong-player button[data-number='{e}']")
    tap(d, "#g-kong-kind button[data-kind='concealed']")
    tap(d, "#g-add-event")
    tap(d, "#g-event button[data-event='tsumo']")
    tap(d, f"#g-winner button[data-number='{w}']")
    picked(d, PURE_PAIRS)
    tap(d, "#g-add-event")
    tap(d, "#g-event button[data-event='ron']")
    tap(d, f"#g-winner button[data-number='{s}']")
    tap(d, f"#g-discarder button[data-number='{e}']")
    tap(d, "#g-tab-fan")
    tap(d, "#g-fan button[data-fan='1']")
    tap(d, f"#g-winner button[data-number='{n}']")
    tap(d, "#g-tab-fan")
    tap(d, "#g-fan button[data-fan='2']")
    tap(d, "#g-add-event")
    wait_for(d, "#g-verdict", texts.translate(lang, "Total {n}", "game_value", n=4))
    return "document.getElementById('g-events').scrollIntoView({block: 'start'}); window.scrollBy(0, -40);"


def guiyang(d: Any, numbers: list[str], lang: str) -> str:
    """West wins on East's discard with a plain hand holding one 幺鸡, East's concealed kong just before (热炮);
    South was counted one chicken and North two, South's 幺鸡 was the first and unclaimed. The scroll: from the
    chickens down to the preview."""
    e, s, w, n = numbers
    tap(d, "#g-outcome button[data-outcome='ron']")
    tap(d, f"#g-winner button[data-number='{w}']")
    tap(d, f"#g-discarder button[data-number='{e}']")
    picked(d, PLAIN_WITH_A_CHICKEN)
    tap(d, f"#g-chickens div[data-number='{s}'] button[data-count='1']")
    tap(d, f"#g-chickens div[data-number='{n}'] button[data-count='2']")
    tap(d, f"#g-charging button[data-number='{s}']")
    tap(d, "#g-hot-kong button[data-kind='concealed']")
    wait_for(d, "#g-verdict", texts.translate(lang, "Total {n}", "game_value", n=10))
    # the preview's last line just above the action bar: the hot kong and the payments with the changes under them
    return ("var r = document.getElementById('g-payments').getBoundingClientRect();"
            "var bar = document.querySelector('.actions').getBoundingClientRect();"
            "window.scrollBy(0, r.bottom - bar.top + 8);")


PLAIN_WITH_A_CHICKEN = ["1s", "2s", "3s", "2m", "3m", "4m", "4m", "5m", "6m", "7p", "8p", "9p", "5p", "5p"]
# (the file's name, the profile, the hand recorded before, the entry, the organiser's values)
SCENES: list[tuple[str, str, dict[str, Any] | None, Any, dict[str, Any] | None]] = [
    ("guangdong", "guangdong-tuidaohu",
     {"type": "tsumo", "winner": "2", "tiles": "111m222p333s444m55z", "horses": {"2": ["1m"]}}, guangdong, None),
    ("sichuan", "sichuan-xuezhan", None, sichuan, None),
    ("guiyang", "guiyang-zhuoji", None, guiyang, {"chicken": 1, "charging_chicken": 2, "responsible_chicken": 3}),
]


def shoot(out: Path, lang: str, only: str | None = None) -> list[Path]:
    shots = []
    for name, profile, first, enter, rules in SCENES:
        if only is not None and name != only:
            continue
        with tempfile.TemporaryDirectory() as tmp:
            token, numbers = chinese_table(Path(tmp) / "t.mcr", profile, first, rules)
            with open_database(Path(tmp) / "t.mcr") as db, BackgroundServer(db) as srv:
                d = open_browser("zh-CN" if lang == "zh" else "en-GB", PHONE, "--hide-scrollbars")
                try:
                    d.get(f"{srv.url}/t/{token}")
                    wait_for(d, "#game-state", roundless(lang))
                    tap(d, "#btn-win")
                    scroll = enter(d, numbers, lang)
                    shots.append(_shot(d, out / f"table-page-{name}-{lang}.png", scroll))
                finally:
                    d.quit()
    return shots


def roundless(lang: str) -> str:
    """The state line's dealer, once the table has loaded ("Dealer" in the page's language)."""
    return texts.translate(lang, "Dealer {name}", "table_page", name="")


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(prog="python -m tools.screenshots.chinese_page")
    p.add_argument("out", type=Path)
    p.add_argument("--lang", choices=texts.languages(), default="en")
    p.add_argument("--scene", choices=[scene[0] for scene in SCENES], help="shoot this scene only")
    args = p.parse_args(argv)
    if (why := missing()) is not None:
        print(why, file=sys.stderr)
        return 1
    args.out.mkdir(parents=True, exist_ok=True)
    for path in shoot(args.out, args.lang, args.scene):
        print(path)
    return 0


if __name__ == "__main__":
    sys.exit(main())
