"""Screenshots of a Riichi event's Sessions page and hall display (issue 32 item 5), for the docs and for
checking the layout:

    QT_QPA_PLATFORM=offscreen python -m tools.screenshots.riichi_hall docs/screenshots en zh

Builds the Riichi tournament of ``tools.screenshots.riichi_desk`` (EMA 2016, 8 players in four teams, table 1
in its East round, table 2's game over) and writes, at 1366x768: ``riichi-sessions-1366-LANG.png`` (the
tables' progress: a round, "Game over") and the hall's standings, team standings, best hands and awards pages
``riichi-hall-KEY-1366-LANG.png`` (KEY: standings, teams, best, awards).
Prints what the hall clipped or elided (exit 1 when anything was clipped).
"""

from __future__ import annotations

import os
import sys
import tempfile
from pathlib import Path

from tools.screenshots.riichi_desk import NAMES, build
from tools.screenshots.riichi_entry import save_png

TEAMS = ("Kyoto 京都", "Osaka 大阪", "Nara 奈良", "Kobe 神户")
WIDTH, HEIGHT = 1366, 768


def main(argv: list[str] | None = None) -> int:
    args = sys.argv[1:] if argv is None else argv
    out = Path(args[0] if args else "docs/screenshots")
    langs = tuple(args[1:]) or ("en", "zh")
    out.mkdir(parents=True, exist_ok=True)
    os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
    scratch = Path(tempfile.mkdtemp(prefix="riichi-event-"))
    os.environ.setdefault("XDG_DATA_HOME", str(scratch / "data"))  # never the user's recent files
    os.environ.setdefault("XDG_CONFIG_HOME", str(scratch / "config"))
    path = scratch / "riichi.mcr"
    build(path)
    from db.service.players import PlayerInput, import_players
    from db.storage.store import open_database

    with open_database(path) as db, db.factory.begin() as s:  # two players a team: the team block has rows
        import_players(s, [PlayerInput(str(i + 1), n, TEAMS[i // 2]) for i, n in enumerate(NAMES)])

    from PySide6.QtWidgets import QApplication

    app = QApplication.instance() or QApplication(sys.argv[:1])
    from referee_app.hall.window import HallOptions, HallWindow
    from referee_app.shell import appearance
    from referee_app.shell.main import create_window
    from referee_app.words.i18n import LANG

    appearance.ensure_cjk_font(app)  # type: ignore[arg-type]
    w = create_window(str(path))
    w.resize(WIDTH, HEIGHT)
    w.show()
    clipped = []
    for lang in langs:
        LANG.set(lang)  # after the window: it starts in the language its settings remember
        w.go("Sessions & tables")
        for _ in range(3):
            app.processEvents()
        save_png(w, out / f"riichi-sessions-{WIDTH}-{lang}.png")
        for key in ("standings", "teams", "best", "awards"):
            hall = HallWindow(w.ctx, HallOptions(lang=lang))
            hall.resize(WIDTH, HEIGHT)
            hall.show_page(key)
            target = out / f"riichi-hall-{key}-{WIDTH}-{lang}.png"
            hall.render_image(WIDTH, HEIGHT).save(str(target))
            print(target, *(["clipped: " + ", ".join(hall.clipped)] if hall.clipped else []),
                  *(["elided: " + ", ".join(hall.elided)] if hall.elided else []))
            clipped += list(hall.clipped)
            hall.close()
    w.close()
    return 1 if clipped else 0


if __name__ == "__main__":
    sys.exit(main())
