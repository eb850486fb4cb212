"""Log: the audit trail (every change with before, after, reason, station, referee), filterable."""

from __future__ import annotations

from PySide6.QtWidgets import QComboBox, QHBoxLayout, QHeaderView, QWidget

from db.read import queries
from referee_app.models import AuditModel, action_name
from referee_app.pages.base import TournamentPage
from referee_app.pages.common import filter_edit, table_view
from referee_app.words.i18n import tr


class LogPage(TournamentPage):
    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        lay = self._titled()
        self.model = AuditModel(parent=self)
        self.view, self.proxy = table_view(self.model, name="log")  # parented when laid out: Tab order stays bar, then table
        assert self.proxy is not None
        bar = QHBoxLayout()
        self.filter = filter_edit("log_filter", self.proxy)
        self.action = QComboBox()
        self.action.setObjectName("log_action")
        bar.addWidget(self.filter, 1)
        bar.addWidget(self.action)
        lay.addLayout(bar)
        hh = self.view.horizontalHeader()
        hh.setStretchLastSection(True)
        # long texts (JSON before/after) are elided at a fixed width; the tooltip shows them whole
        # the station names the computer or table device that made the change: wide enough to read
        for col, width in ((AuditModel.COL_STATION, 130), (AuditModel.COL_WHAT, 180), (AuditModel.COL_BEFORE, 150),
                           (AuditModel.COL_AFTER, 260)):
            hh.setSectionResizeMode(col, QHeaderView.ResizeMode.Interactive)
            hh.resizeSection(col, width)
        self.view.verticalHeader().setDefaultSectionSize(24)
        self.view.setWordWrap(False)
        self.action.currentIndexChanged.connect(self._action_changed)
        lay.addWidget(self.view, 1)
        self._all: list = []
        self.retranslate()

    def retranslate(self) -> None:
        self.title.setText(tr("Log"))
        self.filter.setPlaceholderText(tr("Filter") + " …")
        if self._all:  # the lines are worded when shown: show them again in the new language
            self._action_changed(0)

    def refresh(self) -> None:
        if self.ctx is None:
            return
        self._all = list(reversed(self.ctx.runner.read(queries.audit_log)))  # newest first
        keep = self.action.currentData()
        self.action.blockSignals(True)
        self.action.clear()
        self.action.addItem(tr("all actions"), "")
        for a in sorted({r.action for r in self._all}):
            self.action.addItem(action_name(a), a)
        self.action.setCurrentIndex(max(0, self.action.findData(keep)) if keep else 0)
        self.action.blockSignals(False)
        self._action_changed(0)

    def _action_changed(self, _i: int) -> None:
        # the text filter (proxy) searches every column; the action box narrows the rows themselves
        a = self.action.currentData() or ""
        self.model.set_rows([r for r in self._all if not a or r.action == a])
