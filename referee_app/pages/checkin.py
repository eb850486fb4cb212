"""The check-in desk (检录), keyboard first: type a number or part of a name, Enter marks the player present.

The players found and the marks are the store's (``db.read.queries.checkin_candidates``,
``db.service.checkin.check_in``); this page only types and shows. One player found (or the exact number):
Enter marks them present. Several: they are listed in name order (pinyin for Chinese names), the first
highlighted; ↓ / ↑ move the highlight (the typing stays in the line) and Enter marks the one highlighted.
Ctrl+Enter marks absent.

A referee types fast and does not look up: nothing here opens a dialog. A refusal (nobody found, or the
store refusing the mark) is said in the line below, in red, and the typed text is selected, so the next
number typed starts a new search instead of being added to the text refused.
"""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import Qt
from PySide6.QtGui import QKeyEvent
from PySide6.QtWidgets import (
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QListWidget,
    QListWidgetItem,
    QSpinBox,
    QWidget,
)

from db.read import queries
from db.read.changes import Changes
from db.read.views import CheckInView, PlayerView
from db.service.checkin import check_in
from referee_app.base.errors import user_message
from referee_app.pages.base import TournamentPage
from referee_app.pages.common import push_button
from referee_app.words.i18n import tr

NUMBER_ROLE = Qt.ItemDataRole.UserRole


#: the line below the typing: what the last Enter did, black, or what was refused, red
SAID_STYLE = ""
REFUSED_STYLE = "color: #b3261e; font-weight: bold;"


class _TypeLine(QLineEdit):
    """The desk's line: ↓ / ↑ move the highlight in the list of players found, the focus stays here (a
    number typed next goes into the line, not into the list's own search)."""

    def __init__(self, page: CheckInPage) -> None:
        super().__init__()
        self.page = page

    def keyPressEvent(self, e: QKeyEvent) -> None:
        found = self.page.found
        if e.key() in (Qt.Key.Key_Down, Qt.Key.Key_Up) and found.count():
            step = 1 if e.key() == Qt.Key.Key_Down else -1
            found.setCurrentRow(min(max(found.currentRow() + step, 0), found.count() - 1))
            return
        if e.key() in (Qt.Key.Key_Return, Qt.Key.Key_Enter) and e.modifiers() & Qt.KeyboardModifier.ControlModifier:
            self.page.enter(present=False)
            return
        super().keyPressEvent(e)


class _FoundList(QListWidget):
    """The players found: Enter marks the chosen one present, Ctrl+Enter absent."""

    def __init__(self, page: CheckInPage) -> None:
        super().__init__()
        self.page = page

    def keyPressEvent(self, e: QKeyEvent) -> None:
        if e.key() in (Qt.Key.Key_Return, Qt.Key.Key_Enter) and self.currentItem() is not None:
            number = str(self.currentItem().data(NUMBER_ROLE))
            self.page.mark(number, present=not bool(e.modifiers() & Qt.KeyboardModifier.ControlModifier))
            return
        if e.text().isprintable() and e.text().strip() \
                and not e.modifiers() & ~(Qt.KeyboardModifier.ShiftModifier | Qt.KeyboardModifier.KeypadModifier):
            # typing while the list has the focus (it was clicked) is a new search in the line, not the
            # list's own search by first letters
            self.page.line.setFocus()
            self.page.line.setText(e.text())
            self.page.search()
            return
        super().keyPressEvent(e)


class CheckInPage(TournamentPage):
    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        lay, top = self._title_row()
        self.session_label = QLabel()
        top.addWidget(self.session_label)
        self.session = QSpinBox()
        self.session.setObjectName("checkin_session")
        self.session.setRange(1, 1)
        self.session.valueChanged.connect(lambda _v: self.refresh())
        top.addWidget(self.session)
        lay.addLayout(top)
        self.line = _TypeLine(self)
        self.line.setObjectName("checkin_line")
        self.line.returnPressed.connect(self.enter)
        self.line.textEdited.connect(lambda _t: self.search())
        lay.addWidget(self.line)
        bar = QHBoxLayout()
        self.present_button = push_button("checkin_present", lambda: self.mark_current(True))
        self.absent_button = push_button("checkin_absent", lambda: self.mark_current(False))
        bar.addWidget(self.present_button)
        bar.addWidget(self.absent_button)
        bar.addStretch(1)
        lay.addLayout(bar)
        self.found = _FoundList(self)
        self.found.setObjectName("checkin_found")
        self.found.setMaximumHeight(160)
        lay.addWidget(self.found)
        self.counts = QLabel()
        self.counts.setObjectName("checkin_counts")
        self.counts.setStyleSheet("font-size: 16px; font-weight: bold;")
        lay.addWidget(self.counts)
        self.said = QLabel()  # what the last Enter did
        self.said.setObjectName("checkin_said")
        lay.addWidget(self.said)
        self.not_seen_label = QLabel()
        lay.addWidget(self.not_seen_label)
        self.not_seen = QListWidget()
        self.not_seen.setObjectName("checkin_not_seen")
        lay.addWidget(self.not_seen, 1)
        self.desk: CheckInView | None = None
        self.names: dict[str, str] = {}
        self.retranslate()

    def retranslate(self) -> None:
        self.title.setText(tr("Check-in"))
        self.session_label.setText(tr("Session"))
        self.line.setPlaceholderText(tr("Number or part of a name, then Enter (Ctrl+Enter: absent)"))
        self.present_button.setText(tr("Present"))
        self.absent_button.setText(tr("Absent"))
        self.not_seen_label.setText(tr("Not seen yet"))
        self._show_counts()

    def refresh(self) -> None:
        if self.ctx is None:
            return

        def load(s: Any) -> tuple[int, CheckInView, dict[str, str]]:
            info = queries.tournament_info(s)
            session = min(max(self.session.value(), 1), info.sessions)
            return info.sessions, queries.checkin(s, session), {p.number: p.name for p in queries.players(s)}

        sessions, self.desk, self.names = self.ctx.runner.read(load)
        self.session.blockSignals(True)
        self.session.setRange(1, sessions)
        self.session.blockSignals(False)
        self.not_seen.clear()
        for number in self.desk.not_seen:
            self.not_seen.addItem(f"{number}  {self.names.get(number, '')}")
        self._show_counts()
        self.search()

    def refresh_for(self, changes: Changes) -> None:
        """Check-in marks, the players, a seating, and results (a stage's players follow the standings once
        the stage before it is complete); a call, the clock or a table link leave the desk as it is."""
        if changes.checkin or changes.results:
            self.refresh()

    def _show_counts(self) -> None:
        d = self.desk
        if d is None:
            self.counts.setText("")
            return
        self.counts.setText(tr("Present {present} · Absent {absent} · Not seen yet {not_seen}",
                               present=len(d.present), absent=len(d.absent), not_seen=len(d.not_seen)))

    def candidates(self) -> list[PlayerView]:
        if self.ctx is None or not self.line.text().strip():
            return []
        session, text = self.session.value(), self.line.text()
        return self.ctx.runner.read(lambda s: queries.checkin_candidates(s, session, text))

    def search(self) -> None:
        self.found.clear()
        marks = {} if self.desk is None else {
            **dict.fromkeys(self.desk.present, tr("present")), **dict.fromkeys(self.desk.absent, tr("absent"))}
        for p in self.candidates():
            item = QListWidgetItem(f"{p.number}  {p.name}" + (f"  ({marks[p.number]})" if p.number in marks else ""))
            item.setData(NUMBER_ROLE, p.number)
            self.found.addItem(item)
        if self.found.count():
            self.found.setCurrentRow(0)

    def enter(self, present: bool = True) -> None:
        """Enter in the line: the one player found (or the exact number) is marked; of several, the one
        highlighted in the list."""
        found = self.candidates()
        if len(found) == 1:
            self.mark(found[0].number, present)
            return
        if not found:
            self.refuse(tr("No player found for “{typed}”", typed=self.line.text().strip()))
            return
        item = self.found.currentItem()
        number = None if item is None else str(item.data(NUMBER_ROLE))
        if number in {p.number for p in found}:
            self.mark(str(number), present)
        else:  # the list is not the one the text finds (typing never leaves it so): choose again
            self.search()
            self.refuse(tr("{n} players found: choose with ↓ and Enter", n=len(found)))

    def refuse(self, text: str) -> None:
        """Say what was refused, inline, and select the typed text: the next key typed starts afresh."""
        self.said.setText(text)
        self.said.setStyleSheet(REFUSED_STYLE)
        self.line.setFocus()
        self.line.selectAll()

    def mark_current(self, present: bool) -> None:
        item = self.found.currentItem()
        if item is not None:
            self.mark(str(item.data(NUMBER_ROLE)), present)

    def mark(self, number: str, present: bool) -> None:
        session = self.session.value()
        late: list[str] = []

        def act(s: Any) -> bool:
            late.extend(check_in(s, session, [number] if present else [], [] if present else [number]))
            return True

        assert self.ctx is not None
        refused: list[str] = []

        def say(exc: BaseException) -> bool:  # said inline, never a dialog the next keys would go into
            refused.append(user_message(exc) or str(exc))
            return True

        if self.ctx.runner.run(act, self, tr("Check-in"), on_refused=say) is not True:
            if refused:
                self.refuse(refused[0])
            return
        if not self.isVisible():  # as TournamentPage.run: the window reloads the page it shows
            self.refresh()
        name = self.names.get(number, "")
        self.said.setStyleSheet(SAID_STYLE)
        if late:
            self.said.setText(tr("{number} {name}: arrived after the start (the seating stays)", number=number,
                                 name=name))
        else:
            self.said.setText(tr("{number} {name}: present", number=number, name=name) if present
                              else tr("{number} {name}: absent", number=number, name=name))
        self.line.clear()
        self.line.setFocus()
        self.refresh()
