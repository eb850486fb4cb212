"""Base for pages that show the open tournament."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from PySide6.QtWidgets import QHBoxLayout, QLabel, QVBoxLayout, QWidget

from db.read.changes import Changes
from referee_app.base.context import TournamentContext
from referee_app.pages.common import title_label


class TournamentPage(QWidget):
    """``set_context`` when a tournament opens or closes; ``refresh`` after every change."""

    TITLE = ""
    title: QLabel  # the page's title (``_titled``, ``_title_row``), said by its ``retranslate``

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.ctx: TournamentContext | None = None

    def _titled(self) -> QVBoxLayout:
        """The page's column, its title first."""
        lay = QVBoxLayout(self)
        self.title = title_label()
        lay.addWidget(self.title)
        return lay

    def _title_row(self) -> tuple[QVBoxLayout, QHBoxLayout]:
        """The page's column and its top row (not added yet), the title first taking the row's spare width."""
        lay = QVBoxLayout(self)
        top = QHBoxLayout()
        self.title = title_label()
        top.addWidget(self.title, 1)
        return lay, top

    def set_context(self, ctx: TournamentContext | None) -> None:
        """Pages read when shown (the window calls ``refresh``), not all at once on opening."""
        self.ctx = ctx

    def run(self, fn: Callable[[Any], object], what: str = "") -> bool:
        """One action of this page through the runner: True when it was done. The window reloads the page
        it shows on ``Runner.changed``; a page acted on while hidden reloads itself (never both: recording a
        hand read the sheet twice)."""
        assert self.ctx is not None
        ok = self.ctx.runner.run_ok(fn, self, what)
        if not self.isVisible():
            self.refresh()
        return ok

    def refresh(self) -> None:  # pragma: no cover - overridden
        pass

    def refresh_for(self, changes: Changes) -> None:
        """The store changed (``Runner.changed``): re-read what ``changes`` touched of this page. A page
        that does not say what it depends on reads everything again."""
        self.refresh()

    def retranslate(self) -> None:  # pragma: no cover - overridden
        pass
