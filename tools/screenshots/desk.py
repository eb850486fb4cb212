"""Screenshots of every screen on the demo tournament, for the docs and for checking layouts.

    xvfb-run -s "-screen 0 1366x768x24" python -m tools.screenshots.desk OUT --size 1366x768 --lang en

(``QT_QPA_PLATFORM=offscreen`` works too.) Writes one PNG per screen: start, sessions, players, sheet,
entry (a hand with its fans), entry-waits, entry-error, entry-false-win, penalty, teams, wizard, standings, projector, reports, log.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

import texts
from db.read import queries


def main(argv: list[str] | None = None) -> int:  # noqa: PLR0915 - a script: scenes in order
    p = argparse.ArgumentParser(prog="python -m tools.screenshots.desk")
    p.add_argument("out", type=Path)
    p.add_argument("--size", default="1366x768")
    # every catalogue, the pseudo-locale too: ``--lang xx`` shows any text that bypasses the catalogue
    p.add_argument("--lang", choices=texts.languages(pseudo=True), default="en")
    args = p.parse_args(argv)
    width, height = (int(x) for x in args.size.split("x"))
    args.out.mkdir(parents=True, exist_ok=True)

    from PySide6.QtWidgets import QApplication, QWidget

    app = QApplication.instance() or QApplication(sys.argv[:1])
    from db.service.tournament import penalty_presets
    from referee_app.dialogs.penalty import PenaltyDialog
    from referee_app.dialogs.wizard import NewTournamentWizard
    from referee_app.pages.standings import ProjectorView
    from referee_app.shell.main import create_window
    from referee_app.words.i18n import LANG

    # the pseudo-locale is set for this run only, never saved as the user's choice
    w = create_window(demo=True, lang=args.lang if args.lang in texts.languages() else None)
    LANG.set(args.lang)
    w.resize(width, height)
    w.show()

    def snap(name: str, widget: QWidget | None = None) -> None:
        app.processEvents()
        (widget or w).grab().save(str(args.out / f"{name}-{width}-{args.lang}.png"))

    for key in ("Sessions & tables", "Players", "Standings", "Reports", "Log"):
        w.go(key)
        snap(key.split()[0].lower())
    w.show_sheet(1, 1)
    sheet = w.pages["Score sheet"]
    assert sheet.sheet is not None
    full = [h.hand for h in sheet.sheet.hands if h.notation]
    if full:  # a hand entered in full: its tiles and fans beside the totals
        sheet.view.setCurrentIndex(sheet.model.index(full[0] - 1, 0))
    snap("sheet")
    w.show_sheet(2, 1)
    d = sheet.record_win()
    assert d is not None
    d.resize(min(width - 40, 1280), min(height - 40, 720))
    d.vm.set_notation("[789m2][777s3][234s3]89sEE7s")
    d.entry.winner.setCurrentIndex(0)  # nothing is chosen for the referee
    d.entry.discarder.setCurrentIndex(d.entry.discarder.findData(1))
    d.entry.fans.setCurrentIndex(d.entry.fans_model.index(1, 0))
    snap("entry", d)
    d.vm.set_notation("2344s234678pFFF")
    snap("entry-waits", d)
    d.vm.set_notation("33333s123456789p")
    snap("entry-error", d)
    d.vm.set_notation("[234m1][567p1]678s23sWW4s")  # 1 fan: a false win, with its penalty button
    snap("entry-false-win", d)
    d.reject()
    assert sheet.sheet is not None
    pd = PenaltyDialog(w, sheet.sheet.players, w.ctx.runner.read(penalty_presets))  # type: ignore[union-attr]
    pd.show()
    snap("penalty", pd)
    pd.close()
    from referee_app.dialogs.teams import TeamsDialog

    td = TeamsDialog(w, w.ctx.runner.read(queries.players))  # type: ignore[union-attr]
    td.show()
    snap("teams", td)
    td.close()
    wz = NewTournamentWizard(w)
    wz.show()
    snap("wizard", wz)
    wz.close()
    pv = ProjectorView.show_for(w.ctx, w)  # type: ignore[arg-type]
    snap("projector", pv)
    pv.close()
    w.close_tournament()
    snap("start")
    return 0


if __name__ == "__main__":
    sys.exit(main())
