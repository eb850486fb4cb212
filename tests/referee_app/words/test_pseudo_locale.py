"""The desk in the pseudo-locale ``xx`` (every catalogue text wrapped ⟦…⟧, docs/texts.md): every word a page
shows comes from the catalogue, so none is left unwrapped (players' names, teams, numbers and the tournament's
own name aside)."""

from __future__ import annotations

import re

from PySide6.QtCore import QModelIndex, Qt
from PySide6.QtWidgets import QAbstractButton, QAbstractItemView, QGroupBox, QLabel, QTabWidget, QWidget

from referee_app.words.i18n import LANG
from tests.referee_app.conftest import NAMES

DATA = sorted([*NAMES, "Spring Open", "spring.mcr", "Red", "Blue", "TP", "MP"], key=len, reverse=True)


def shown_texts(root: QWidget) -> list[str]:
    """The texts of the visible labels, buttons, group boxes, tabs and table headers under ``root``."""
    out: list[str] = []
    for w in [root, *root.findChildren(QWidget)]:
        if not w.isVisibleTo(root):
            continue
        if isinstance(w, QLabel | QAbstractButton):
            out.append(w.text())
        elif isinstance(w, QGroupBox):
            out.append(w.title())
        elif isinstance(w, QTabWidget):
            out += [w.tabText(i) for i in range(w.count())]
        elif isinstance(w, QAbstractItemView) and w.model() is not None:
            m = w.model()
            try:
                columns = m.columnCount(QModelIndex())
            except TypeError:  # a list model: no header
                continue
            out += [str(m.headerData(c, Qt.Orientation.Horizontal) or "") for c in range(columns)]
    return out


def unwrapped(text: str) -> list[str]:
    text = re.sub(r"<[^>]+>", " ", text)  # rich text's tags
    text = re.sub(r"⟦[^⟧]*⟧", " ", text)
    text = re.sub(r"\b(Ctrl|Shift|Alt)\+\w+", " ", text)  # keyboard shortcuts are keys, not words
    for d in DATA:
        text = text.replace(d, " ")
    return re.findall(r"[A-Za-z\u4e00-\u9fff]{2,}", text)


def test_every_page_of_the_desk_says_only_catalogue_texts(window) -> None:
    LANG.set("xx")
    found: dict[str, list[str]] = {}
    window.show_sheet(1, 1)
    for name in list(window.pages):
        window.go(name)
        bad = [t for t in shown_texts(window) if unwrapped(t)]
        if bad:
            found[name] = bad
    menus = [a.text() for a in window.menuBar().actions()]
    assert [t for t in menus if unwrapped(t)] == []
    assert found == {}


def test_every_page_of_the_hall_says_only_catalogue_texts(qtbot, window, monkeypatch) -> None:
    """The hall paints its texts: every text painted in the pseudo-locale is wrapped (names, numbers, the
    clock's digits and the tournament's name aside)."""
    from referee_app.hall import pages
    from referee_app.hall.window import HallOptions, HallWindow

    painted: list[str] = []
    original = pages.Painter.text

    def text(self, rect, text, *a, **k):
        painted.append(text)
        return original(self, rect, text, *a, **k)

    monkeypatch.setattr(pages.Painter, "text", text)
    hall = HallWindow(window.ctx, HallOptions(lang="xx"))
    qtbot.addWidget(hall)
    for key in pages.PAGES:
        hall.show_page(key)
        for sub in range(hall.count()):
            hall.sub = sub
            hall.render_image(1920, 1080)
    assert len(painted) > 10
    assert [t for t in painted if unwrapped(t)] == []
