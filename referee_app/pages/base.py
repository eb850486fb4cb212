"""Base for pages that show the open tournament."""

from __future__ import annotations

from PySide6.QtWidgets import QWidget

from referee_app.context import TournamentContext


class TournamentPage(QWidget):
    """``set_context`` when a tournament opens or closes; ``refresh`` after every change."""

    TITLE = ""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.ctx: TournamentContext | None = None

    def set_context(self, ctx: TournamentContext | None) -> None:
        self.ctx = ctx
        if ctx is not None:
            self.refresh()

    def refresh(self) -> None:  # pragma: no cover - overridden
        pass

    def retranslate(self) -> None:  # pragma: no cover - overridden
        pass
