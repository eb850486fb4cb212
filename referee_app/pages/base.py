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
        """Pages read when shown (the window calls ``refresh``), not all at once on opening."""
        self.ctx = ctx

    def refresh(self) -> None:  # pragma: no cover - overridden
        pass

    def retranslate(self) -> None:  # pragma: no cover - overridden
        pass
