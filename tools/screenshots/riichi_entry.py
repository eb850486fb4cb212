"""Screenshots of Riichi hand entry (issue 32 §4), for the docs and for checking the layout:

    QT_QPA_PLATFORM=offscreen python -m tools.screenshots.riichi_entry docs/screenshots --lang zh

(``xvfb-run -s "-screen 0 1366x768x24"`` works too.) Writes, at ``--size`` (1366x768, the desk's smallest
screen): ``riichi-entry-1366-LANG.png`` (a Tenhou hand with red fives, riichi, ippatsu, dora and ura, a ron with
honba and deposits on the table), ``riichi-entry-dora-1366-LANG.png`` (the picker adding dora indicators) and
``riichi-entry-refused-1366-LANG.png`` (a red five under EMA 2016, refused). 128-colour PNGs, as the others.
"""

from __future__ import annotations

import argparse
import io
import sys
from pathlib import Path

import texts


def save_png(widget: object, path: Path) -> None:
    """The widget as a 128-colour PNG (Pillow comes with ReportLab): a sixth of the size, faces legible."""
    from PIL import Image
    from PySide6.QtCore import QBuffer, QByteArray, QIODevice

    data = QByteArray()
    buffer = QBuffer(data)
    buffer.open(QIODevice.OpenModeFlag.WriteOnly)
    widget.grab().save(buffer, "PNG")  # type: ignore[attr-defined]
    buffer.close()
    picture = Image.open(io.BytesIO(bytes(data.data()))).convert("RGB")
    picture.quantize(colors=128).save(path, optimize=True)


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(prog="python -m tools.screenshots.riichi_entry")
    p.add_argument("out", type=Path)
    p.add_argument("--size", default="1366x768")
    p.add_argument("--lang", choices=texts.languages(pseudo=True), default="en")
    args = p.parse_args(argv)
    width, height = (int(x) for x in args.size.split("x"))
    args.out.mkdir(parents=True, exist_ok=True)

    from PySide6.QtWidgets import QApplication

    app = QApplication.instance() or QApplication(sys.argv[:1])
    from referee_app.entry.riichi_entry import RiichiEntryWidget
    from referee_app.entry.riichi_vm import RiichiContext, RiichiEntryModel
    from referee_app.words.i18n import LANG
    from scoring import tiles as T
    from scoring.riichi import EMA_2016, TENHOU

    LANG.set(args.lang)
    players = ("李娜 (5)", "Jan Kowalski (12)", "佐藤 健 (3)", "Marie Dubois (21)")

    def shown(preset: object, **context: object) -> RiichiEntryWidget:
        vm = RiichiEntryModel(RiichiContext(preset, players=players, **context))  # type: ignore[arg-type]
        w = RiichiEntryWidget(vm)
        w.setWindowTitle("Riichi")
        w.resize(width, height)
        w.show()
        return w

    def snap(name: str, w: RiichiEntryWidget) -> None:
        for _ in range(3):  # the picker's tiles grow with the room after the first layout
            app.processEvents()
        save_png(w, args.out / f"{name}-{width}-{args.lang}.png")

    # a Tenhou hand: riichi, ippatsu, tanyao, red fives among the standing tiles, dora and ura; a ron in
    # South 2 (the second seat deals) with 2 honba and 1 deposit on the table
    w = shown(TENHOU, seat="W", round="S", dealer="S", honba=2, deposits=1)
    w.vm.set_notation("406m234p678s340s7s7s")
    w.vm.set_flag("riichi", True)
    w.vm.set_flag("ippatsu", True)
    w.vm.add_indicator("dora", T.tile("6s"))
    w.vm.add_indicator("ura", T.tile("3p"))
    w.vm.set_ron("N")
    w.yaku.scrollToTop()
    snap("riichi-entry", w)
    w.vm.set_target("dora")
    snap("riichi-entry-dora", w)
    w.close()

    w = shown(EMA_2016, seat="E", honba=0, deposits=0)
    w.vm.set_notation("234m45655p789s23s4s")
    w.vm.set_tsumo()
    w.notation.setText("234m40655p789s23s4s")  # typed: the text stays as typed, the hand as it was
    w.notation.textEdited.emit(w.notation.text())
    snap("riichi-entry-refused", w)
    w.close()
    return 0


if __name__ == "__main__":
    sys.exit(main())
