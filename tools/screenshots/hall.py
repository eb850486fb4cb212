"""Screenshots of the hall display at 1920×1080: ``python -m tools.screenshots.hall OUT_DIR [LANG...]``
(English and Chinese unless languages are given).

Builds a 100-player tournament (Chinese and Latin names, teams of four, three sessions played, the fourth
seated and its clock running), then draws the clock running and at its warning, "find your table" for the
fourth session (also with the players' page's QR code) and the standings, in English and in Chinese. ``build_field`` is shared with
``benchmarks/bench_hall.py``.
"""

from __future__ import annotations

import os
import random
import sys
from datetime import timedelta
from pathlib import Path

SURNAMES = "王李张刘陈杨黄赵吴周徐孙马朱胡郭何高林罗郑梁谢宋唐许韩冯邓曹彭曾肖田董袁潘于蒋蔡余杜叶程苏魏吕丁任沈"
GIVEN = ["伟", "芳", "娜", "秀英", "敏", "静", "丽", "强", "磊", "军", "洋", "勇", "艳", "杰", "娟", "涛", "明", "超",
         "秀兰", "霞", "平", "刚", "桂英", "志伟", "晓东", "雪梅"]
FIRST = ["Anna", "Ben", "Chloé", "David", "Elena", "François", "Greta", "Hiroshi", "Ingrid", "Jonas", "Katarzyna",
         "Lars", "María", "Niklas", "Olga", "Pierre", "Quentin", "Rosa", "Søren", "Tomasz", "Ulla", "Viktor",
         "Wojciech", "Yuki", "Zoë", "Maximilian", "Alexandra"]
LAST = ["Müller", "Dubois", "Kowalski", "Rossi", "Jensen", "Nakamura", "García", "Novák", "Smith", "van der Berg",
        "Johansson", "Petrov", "Oberhofer-Schwarzenberg", "Nielsen", "Ferreira", "Kim", "O'Brien"]
TEAMS = ["Beijing 北京", "Chengdu 成都", "Copenhagen", "Paris", "Warsaw", "Tokyo 东京", "Vienna", "Madrid",
         "Shanghai 上海", "Hong Kong 香港", "Amsterdam", "Prague", "Oslo", "Turin", "Kraków", "Lyon"]


def names(n: int, rng: random.Random) -> list[str]:
    out: list[str] = []
    while len(out) < n:  # a list, not a set: the same names in the same order on every run
        name = rng.choice(SURNAMES) + rng.choice(GIVEN) if rng.random() < 0.5 else \
            f"{rng.choice(FIRST)} {rng.choice(LAST)}"
        if name not in out:
            out.append(name)
    return out


def build_field(path: Path, players: int = 100, played: int = 3, sessions: int = 5) -> None:
    """A tournament of ``players`` with ``played`` sessions played in full and the next one seated."""
    sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "benchmarks"))
    from bench_tournament import session_lines

    from db import open_database
    from db.formats.result_lines import parse_result_line
    from db.service.audit import Actor
    from db.service.players import PlayerInput, import_players
    from db.service.results import record_result
    from db.service.seats import seat_session
    from db.service.tournament import create_tournament

    rng = random.Random(players)
    actor = Actor("hall", "hall")
    who = names(players, rng)
    with open_database(path, create=True, backups=False) as db:
        with db.factory.begin() as s:
            create_tournament(s, "Spring Open 春季公开赛", "gb", sessions=sessions, actor=actor)
            import_players(s, [PlayerInput(str(i), who[i - 1], TEAMS[(i - 1) // 4 % len(TEAMS)] if i <= 64 else None)
                               for i in range(1, players + 1)], actor)
        for k in range(1, played + 2):
            with db.factory.begin() as s:
                tables = seat_session(s, k, actor=actor)
                if k <= played:
                    for obj in session_lines(k, tables, rng):
                        record_result(s, parse_result_line(obj), actor=actor)


def main(argv: list[str] | None = None) -> int:
    args = sys.argv[1:] if argv is None else argv
    out = Path(args[0] if args else "docs/screenshots")
    langs = tuple(args[1:]) or ("en", "zh")  # any catalogue, the pseudo-locale ``xx`` too
    out.mkdir(parents=True, exist_ok=True)
    os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
    import tempfile

    from PySide6.QtWidgets import QApplication

    from db.rules.clock import utc_now
    from db.service.clock import start_clock
    from db.storage.store import open_database
    from referee_app.base.context import TournamentContext
    from referee_app.base.runner import Runner
    from referee_app.hall.window import HallOptions, HallWindow
    from referee_app.shell import appearance

    app = QApplication.instance() or QApplication([])
    appearance.ensure_cjk_font(app)  # type: ignore[arg-type]
    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / "hall.mcr"
        build_field(path)
        db = open_database(path)
        with db.factory.begin() as s:  # 150 minutes (GB), started 41 min 23 s ago
            start_clock(s, 4, now=utc_now() - timedelta(minutes=41, seconds=23))
        ctx = TournamentContext(db, Runner(db.factory, db.reader), str(path))
        shots = []

        def shoot(options: HallOptions, key: str, name: str) -> None:
            """One page at 1920×1080 into ``hall-NAME-LANG.png``, with what it clipped or elided."""
            hall = HallWindow(ctx, options)
            hall.resize(1920, 1080)
            hall.show_page(key)
            target = out / f"hall-{name}-{options.lang}.png"
            hall.render_image(1920, 1080).save(str(target))
            shots.append((target, list(hall.clipped), list(hall.elided)))
            hall.close()

        for lang in langs:
            for key, name in (("clock", "clock"), ("find", "find-your-table"), ("standings", "standings")):
                shoot(HallOptions(lang=lang), key, name)
            # the players' page's address as a QR code in the fourth column's place
            shoot(HallOptions(lang=lang, base_url="http://192.168.1.20:8765"), "find", "find-your-table-qr")
        with db.factory.begin() as s:  # the warning: 150 minutes, started 2 h 19 min 50 s ago → 10:10 left
            from sqlalchemy import update

            from db.models import SessionClock
            s.execute(update(SessionClock).where(SessionClock.session == 4)
                      .values(started_at=utc_now() - timedelta(minutes=139, seconds=50)))
        for lang in langs:
            shoot(HallOptions(lang=lang), "clock", "clock-warning")
        db.close()
    for target, clipped, elided in shots:
        print(target, *(["clipped: " + ", ".join(clipped)] if clipped else []),
              *(["elided: " + ", ".join(elided)] if elided else []))
    return 1 if any(c for _t, c, _e in shots) else 0


if __name__ == "__main__":
    sys.exit(main())
