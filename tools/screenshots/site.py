"""Screenshots of the results website for the README, taken with headless Chromium (Debian's ``chromium``).

    python -m tools.screenshots.site docs/screenshots

Builds the demo tournament with session 2 played too (totals-only wins and a draw, fixed seed),
publishes it into a temporary folder and photographs the standings and a player's page at phone width
(390 × 844) and desktop width (1280 × 900): ``site-standings-390.png``, ``site-player-390.png``,
``site-standings-1280.png``, ``site-player-1280.png``.
"""

from __future__ import annotations

import argparse
import random
import subprocess
import sys
import tempfile
from pathlib import Path

from db.read import queries
from db.service.audit import Actor
from db.service.demo import fill_demo
from db.service.results import record_draw, record_win
from db.service.seats import seat_session
from db.storage.store import open_database
from reports.site import publish
from reports.site.pages import player_path
from reports.snapshot import read_snapshot
from tools.browser import CHROMIUM, FLAGS, missing

SIZES = ((390, 844), (1280, 900))
PLAYER = "1"


def demo_site(folder: Path) -> Path:
    """The demo tournament, sessions 1 and 2 played, published into ``folder / "site"``."""
    db_path = folder / "demo.mcr"
    actor = Actor("demo", "demo")
    with open_database(db_path, create=True, backups=False) as db:
        with db.factory.begin() as s:
            fill_demo(s, actor)
            rng = random.Random(2026)
            tables = [tuple(p.number for p in t.players) for t in queries.seating(s, 2)]
            for t, four in enumerate(tables, start=1):
                for hand in range(1, 17):
                    if hand == 6 and t == 2:
                        record_draw(s, 2, t, hand, actor=actor)
                        continue
                    winner = four[rng.randrange(4)]
                    self_drawn = rng.random() < 0.3
                    discarder = None if self_drawn else rng.choice([p for p in four if p != winner])
                    record_win(s, 2, t, hand, winner=winner, discarder=discarder, self_drawn=self_drawn,
                               fan=rng.choice((8, 8, 9, 10, 12, 16, 24)), flowers=0, actor=actor)
            seat_session(s, 3, actor=actor)
        with db.reader() as s:
            snap = read_snapshot(s)
    site = folder / "site"
    publish(snap, site)
    return site


def shoot(chromium: str, page: Path, out: Path, width: int, height: int) -> None:
    subprocess.run([chromium, *FLAGS, "--hide-scrollbars", f"--window-size={width},{height}", f"--screenshot={out}", page.as_uri()],
                   check=True, capture_output=True, timeout=120)


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(prog="python -m tools.screenshots.site")
    p.add_argument("out", type=Path)
    args = p.parse_args(argv)
    if (why := missing(selenium=False)) is not None or CHROMIUM is None:
        print(why, file=sys.stderr)
        return 1
    chromium = CHROMIUM
    args.out.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory(prefix="mcr-site-shots-") as tmp:
        site = demo_site(Path(tmp))
        for width, height in SIZES:
            shoot(chromium, site / "index.html", args.out / f"site-standings-{width}.png", width, height)
            shoot(chromium, site / player_path(PLAYER), args.out / f"site-player-{width}.png", width, height)
    print(f"screenshots in {args.out}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
