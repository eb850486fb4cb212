"""Hand entry — the centre of the app. The view over ``HandEntryModel``.

Left: the tile picker, the hand as entered (click a tile to take it out), what is wrong or what the hand
waits on, and the notation kept in sync both ways. Right: the situation (winner, self-drawn or who
discarded, last tile, kong, last of the wall; winds come from the seating), the fans with the tiles that
make each (hover a fan to see them in the hand), the total, the 8-fan verdict and the four payments.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from PySide6.QtCore import QMargins, QModelIndex, QRect, Qt, Signal
from PySide6.QtGui import QFont, QShowEvent
from PySide6.QtWidgets import (
    QAbstractItemView,
    QCheckBox,
    QComboBox,
    QDialog,
    QDialogButtonBox,
    QFormLayout,
    QFrame,
    QGridLayout,
    QGroupBox,
    QHBoxLayout,
    QHeaderView,
    QLabel,
    QLineEdit,
    QPushButton,
    QRadioButton,
    QScrollArea,
    QSizePolicy,
    QTableView,
    QVBoxLayout,
    QWidget,
)

import texts
from referee_app.base import settings
from referee_app.base.named import named
from referee_app.base.tile_faces import TileRow, TilesDelegate, hand_groups
from referee_app.entry.entry_base import HandEntryBase
from referee_app.entry.hand_vm import HandEntryModel, Preview, Situation
from referee_app.entry.tile_picker import TilePicker
from referee_app.models import TILE_GROUPS_ROLE, TILES_ROLE, FansModel, signed, wind_label
from referee_app.words.i18n import LANG, tr
from scoring.mcr.result import ScoreResult
from scoring.model import Hand, Wind


def wind_text(w: Wind) -> str:
    return wind_label(w.value)


#: a window's frame (borders and title bar) while the window manager has not drawn it yet
FRAME = QMargins(8, 40, 8, 8)


def fit_inside(window: QRect, room: QRect, frame: QMargins = FRAME) -> QRect:
    """A window's rectangle (without its frame) made to fit the screen's available ``room``, frame included:
    no larger than the room, then moved inside it (at 1366×768 Confirm was below the screen).

    >>> fit_inside(QRect(95, 36, 1180, 766), QRect(0, 0, 1366, 768))
    PySide6.QtCore.QRect(95, 40, 1180, 720)
    >>> fit_inside(QRect(-50, 500, 900, 600), QRect(0, 0, 1366, 768), QMargins())
    PySide6.QtCore.QRect(0, 168, 900, 600)
    """
    w = min(window.width(), room.width() - frame.left() - frame.right())
    h = min(window.height(), room.height() - frame.top() - frame.bottom())
    x = min(max(window.x(), room.left() + frame.left()), room.left() + room.width() - frame.right() - w)
    y = min(max(window.y(), room.top() + frame.top()), room.top() + room.height() - frame.bottom() - h)
    return QRect(x, y, w, h)


@dataclass(frozen=True, slots=True)
class WinEntry:
    """What the referee confirmed: the caller records it through the store."""

    notation: str
    hand: Hand
    situation: Situation
    result: ScoreResult


class HandEntryWidget(HandEntryBase):
    """Hand entry's body: the notation, the picker and the hand on the left; the situation, the fans, the
    total, the verdict and the payments on the right (each built by its own method, in that order)."""

    def __init__(self, vm: HandEntryModel, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.vm = vm

        root = QHBoxLayout(self)
        left = QVBoxLayout()
        root.addLayout(left, 3)
        right = QVBoxLayout()
        root.addLayout(right, 2)

        # --- left: notation, picker, the hand, problems / waits
        left.addLayout(self._notation_row())
        self.picker = TilePicker(vm, self)
        left.addWidget(self.picker)
        self._add_hand(left)
        # --- right: situation, then fans, total, verdict, payments
        right.addWidget(self._situation_box())
        right.addWidget(self._fans_table(), 1)
        self._add_result(right)

        vm.changed.connect(self._show)
        LANG.changed.connect(self._language_changed)  # a method: disconnected when self dies
        self._sync_situation_controls()
        self.retranslate()

    def _entry_model(self) -> HandEntryModel:
        return self.vm

    def _add_hand(self, left: QVBoxLayout) -> None:
        """The hand's title and tiles, then the problem or the waits."""
        self._add_hand_rows(left)
        self.waits_row = named(TileRow(self, tile_width=30), "waits_row")
        left.addWidget(self.waits_row)
        left.addStretch(1)

    def _situation_box(self) -> QGroupBox:
        """The winner, how the hand was won, the flags and the winds."""
        self.situation_box = QGroupBox()
        form = QFormLayout(self.situation_box)
        self.winner = named(QComboBox(), "winner")
        for i in range(len(self.vm.players)):
            self.winner.addItem(self.vm.player_label(i), i)
        # no winner until the referee chooses one (issue 34 §1): the placeholder asks for it
        self.winner.setCurrentIndex(-1 if self.vm.situation.winner is None else self.vm.situation.winner)
        self.winner.currentIndexChanged.connect(self._winner_changed)
        self.winner_label = QLabel()
        form.addRow(self.winner_label, self.winner)
        how = QHBoxLayout()
        self.self_drawn = named(QRadioButton(), "self_drawn")
        self.discard = named(QRadioButton(), "discarded")
        self.discarder = named(QComboBox(), "discarder")
        how.addWidget(self.self_drawn)
        how.addWidget(self.discard)
        how.addWidget(self.discarder, 1)
        form.addRow(how)
        self.self_drawn.toggled.connect(self._how_changed)
        self.discard.toggled.connect(self._how_changed)
        self.discarder.currentIndexChanged.connect(self._discarder_chosen)
        self.prompt = QLabel()  # what is still to choose: the winner, then the discarder or self-drawn
        self.prompt.setObjectName("situation_prompt")
        self.prompt.setStyleSheet("color: #8a4b00; font-weight: bold;")
        form.addRow(self.prompt)
        self.fourth = named(QCheckBox(), "fourth_tile")
        self.kong = named(QCheckBox(), "kong_related")
        self.last_wall = named(QCheckBox(), "last_of_wall")
        flags = QHBoxLayout()
        for box, field in ((self.fourth, "fourth_tile"), (self.kong, "kong_related"),
                           (self.last_wall, "last_tile_of_wall")):
            box.toggled.connect(lambda on, f=field: self.vm.set_situation(**{f: on}))
            flags.addWidget(box)
        flags.addStretch(1)
        form.addRow(flags)
        self.winds = named(QLabel(), "winds")
        form.addRow(self.winds)
        return self.situation_box

    def _fans_table(self) -> QTableView:
        """The fans the hand scores, with fixed column widths."""
        self.fans_model = FansModel(parent=self)
        self.fans = named(QTableView(), "fans")
        self.fans.setModel(self.fans_model)
        self.fans.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        self.fans.setSelectionMode(QAbstractItemView.SelectionMode.SingleSelection)
        self.fans.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        self.fans.setMouseTracking(True)
        self.fans.verticalHeader().hide()
        self.fans.verticalHeader().setDefaultSectionSize(30)
        self.fans.setItemDelegateForColumn(FansModel.COL_TILES, TilesDelegate(TILE_GROUPS_ROLE, self.fans))
        # fixed widths: resizing to contents on every click costs more than a frame
        fh = self.fans.horizontalHeader()
        fh.setSectionResizeMode(QHeaderView.ResizeMode.Fixed)
        fh.resizeSection(FansModel.COL_ZH, 92)
        fh.resizeSection(FansModel.COL_EN, 190)
        fh.resizeSection(FansModel.COL_POINTS, 56)
        fh.setStretchLastSection(True)
        self.fans.entered.connect(self._fan_hovered)
        self.fans.selectionModel().currentRowChanged.connect(lambda cur, _prev: self._fan_hovered(cur))
        self.fans.viewport().installEventFilter(self)
        return self.fans

    def _add_result(self, right: QVBoxLayout) -> None:
        """The total, the verdict and the four payments."""
        self.total = named(QLabel(), "total")
        big = QFont()
        big.setPointSize(20)
        big.setBold(True)
        self.total.setFont(big)
        right.addWidget(self.total)
        self.verdict = named(QLabel(), "verdict")
        self.verdict.setWordWrap(True)
        right.addWidget(self.verdict)

        self.pay_box = QGroupBox()
        self.pay_grid = QGridLayout(self.pay_box)
        self.pay_names: list[QLabel] = []
        self.pay_values: list[QLabel] = []
        for i in range(4):
            n, v = QLabel(), QLabel()
            v.setObjectName(f"payment_{i}")
            v.setAlignment(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter)
            vf = QFont()
            vf.setBold(True)
            vf.setPointSize(12)
            v.setFont(vf)
            self.pay_grid.addWidget(n, i, 0)
            self.pay_grid.addWidget(v, i, 1)
            self.pay_names.append(n)
            self.pay_values.append(v)
        right.addWidget(self.pay_box)

    def set_tab_order(self, *after: QWidget) -> None:
        """Tab through the fields a referee fills, in reading order (the tiles are clicked or typed)."""
        chain: list[QWidget] = [self.notation, self.winner, self.self_drawn, self.discard, self.discarder,
                                self.fourth, self.kong, self.last_wall, self.picker.flowers, self.fans, *after]
        for a, b in zip(chain, chain[1:], strict=False):
            QWidget.setTabOrder(a, b)

    # ---- view updates -----------------------------------------------------------------------------
    def _language_changed(self, _code: str) -> None:
        self.retranslate()

    def retranslate(self) -> None:
        self.notation_label.setText(tr("Notation"))
        self.hand_title.setText(tr("Tiles in hand"))
        self.situation_box.setTitle(tr("Situation"))
        self.winner_label.setText(tr("Winner"))
        self.self_drawn.setText(tr("Self-drawn"))
        self.winner.setPlaceholderText(texts.gettext(LANG.code, "Choose the winner.", "table_page"))
        self.discarder.setPlaceholderText(texts.gettext(LANG.code, "Choose the discarder, or self-drawn.",
                                                        "table_page"))
        self.discard.setText(tr("Discarded by"))
        self.fourth.setText(tr("Last tile (4th)"))
        self.kong.setText(tr("Kong (replacement / robbing)"))
        self.last_wall.setText(tr("Last of the wall"))
        self.pay_box.setTitle(tr("Payments"))
        self.picker.retranslate()
        self._fill_discarders()
        self.vm.refresh()  # problems, progress and verdict are worded when computed

    def _fill_discarders(self) -> None:
        w = self.vm.situation.winner
        current = self.vm.situation.discarder
        self.discarder.blockSignals(True)
        self.discarder.clear()
        for i in range(len(self.vm.players)):
            if i != w:
                self.discarder.addItem(self.vm.player_label(i), i)
        # none shown unless one was chosen (an index 0 left by clear() named a discarder nobody chose)
        self.discarder.setCurrentIndex(-1 if current is None else self.discarder.findData(current))
        self.discarder.blockSignals(False)

    def _sync_situation_controls(self) -> None:
        s = self.vm.situation
        for box, on in ((self.fourth, s.fourth_tile), (self.kong, s.kong_related),
                        (self.last_wall, s.last_tile_of_wall)):
            box.blockSignals(True)
            box.setChecked(on)
            box.blockSignals(False)
        for radio, on in ((self.self_drawn, s.self_drawn), (self.discard, s.discarder is not None)):
            radio.blockSignals(True)
            radio.setAutoExclusive(False)  # so that neither may be checked: nothing chosen yet
            radio.setChecked(on)
            radio.setAutoExclusive(True)
            radio.blockSignals(False)
        self.winner.blockSignals(True)
        self.winner.setCurrentIndex(-1 if s.winner is None else s.winner)
        self.winner.blockSignals(False)
        self._fill_discarders()
        self.discarder.setEnabled(not s.self_drawn)

    def _show(self, p: Preview) -> None:
        vm = self.vm
        # notation follows clicks; while the referee types, their text stays as typed
        if not self._typing:
            self.notation.setText(vm.notation())
        self.hand_row.set_groups(hand_groups(p.hand))
        self.hand_row.set_highlight(set())
        self.hand_title.setText(f"{tr('Tiles in hand')} · {p.tile_count}/14")

        # red: the engine refuses the hand, or the typed notation cannot be read; grey: progress (also a
        # notation still being typed, short of tiles)
        if vm.notation_error is not None:
            bad = not vm.notation_incomplete
        else:
            bad = p.error is not None and p.result is None and p.waits is None and p.tile_count > 0 \
                and not p.progress
        self.message.setText(p.error or "")
        _style(self.message,
               "color: #8c1d18; font-weight: bold; background: #fdecea; border-left: 4px solid #b3261e;"
               " padding: 4px 8px;" if bad else "color: #444; padding: 4px 8px;")
        if p.waits:
            self.message.setText(tr("Waiting on") + ": " + "  ".join(
                f"{_tile_label(t)}" for t in p.waits))
            self.waits_row.set_groups([((t,), "standing") for t in p.waits])
        else:
            self.waits_row.set_groups([])

        result = p.result
        self.fans_model.set_rows(sorted(result.fans, key=lambda f: f.fan.number) if result else [])
        if result:
            self.total.setText(f"{result.total} {tr('Fan')}")
            self.verdict.setText(p.verdict)
            ok = result.meets_minimum
            _style(self.verdict, "color: #1b6e2d; font-weight: bold;" if ok
                   else "color: #b3261e; font-weight: bold;")
        else:
            self.total.setText("—")
            self.verdict.setText("")
        self._label_players()
        s = vm.situation
        prompt = vm.prompt
        self.prompt.setText(prompt or "")
        self.prompt.setVisible(prompt is not None)
        self.winds.setText(f"{tr('Prevailing wind')}: {wind_text(vm.prevailing)}   ·   {tr('Seat wind')}: "
                           + ("—" if s.winner is None else wind_text(vm.seat_winds[s.winner])))
        for i in range(4):
            role = ""
            if i == s.winner:
                role = " ★"
            elif i == s.discarder:
                role = " —"
            self.pay_names[i].setText(f"{vm.player_label(i)}{role}")
            v = p.payments[i] if p.payments else None
            self.pay_values[i].setText("" if v is None else signed(v))
            _style(self.pay_values[i], "" if not v else "color: #1b6e2d;" if v > 0 else "color: #b3261e;")

    def _label_players(self) -> None:
        """The players' items say this hand's winds (they change when a stale entry moves to the next hand)."""
        for box in (self.winner, self.discarder):
            for i in range(len(self.vm.players)):
                j = box.findData(i)
                if j >= 0 and box.itemText(j) != self.vm.player_label(i):
                    box.setItemText(j, self.vm.player_label(i))

    # ---- reactions --------------------------------------------------------------------------------
    def _winner_changed(self, i: int) -> None:
        if i < 0:
            return
        self.vm.set_situation(winner=i)
        self._sync_situation_controls()

    def _how_changed(self, *_a: object) -> None:
        """Self-drawn, or "Discarded by": then the discarder is the one chosen in the box, none until one
        is (no player is taken for the referee)."""
        if self.self_drawn.isChecked():
            self.vm.set_situation(self_drawn=True)
            self._fill_discarders()  # no discarder shown beside self-drawn
        elif self.discard.isChecked():
            self.vm.set_situation(self_drawn=False, discarder=self.discarder.currentData())
        self.discarder.setEnabled(not self.self_drawn.isChecked())
        if self.discard.isChecked() and self.discarder.currentIndex() < 0:
            self.discarder.setFocus()

    def _discarder_chosen(self, i: int) -> None:
        """A discarder chosen in the box: the hand was won on a discard."""
        if i < 0:
            return
        if not self.discard.isChecked():
            self.discard.blockSignals(True)
            self.discard.setChecked(True)
            self.discard.blockSignals(False)
        self.vm.set_situation(discarder=self.discarder.currentData())

    def _fan_hovered(self, index: QModelIndex) -> None:
        tiles = self.fans_model.data(index, TILES_ROLE) if index.isValid() else None
        self.hand_row.set_highlight(tiles or set())

    def eventFilter(self, obj: object, event: object) -> bool:
        from PySide6.QtCore import QEvent

        if obj is self.fans.viewport() and getattr(event, "type", lambda: None)() == QEvent.Type.Leave:
            self._fan_hovered(self.fans.currentIndex())
        return False


def _style(w: QWidget, sheet: str) -> None:
    """Set a style sheet only when it changes (re-polishing costs time on every click)."""
    if w.styleSheet() != sheet:
        w.setStyleSheet(sheet)


def _tile_label(t: int) -> str:
    from scoring import tiles as T

    return f"{T.name(t)} ({T.name_zh(t) if LANG.code == 'zh' else T.name_en(t)})"


class StalePanel(QFrame):
    """Above hand entry when the table changed before Confirm (another station recorded the hand): what
    changed, and the two ways on, each naming its step."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("stale")
        self.setStyleSheet("#stale { background: #fff4e5; border-left: 4px solid #b26a00; }")
        lay = QVBoxLayout(self)
        self.text = named(QLabel(), "stale_text")
        self.text.setWordWrap(True)
        lay.addWidget(self.text)
        self.tiles = TileRow(self, tile_width=26)
        lay.addWidget(self.tiles)
        row = QHBoxLayout()
        self.next_button = named(QPushButton(), "stale_next")
        self.correct_button = named(QPushButton(), "stale_correct")
        self.reason = named(QLineEdit(), "stale_reason")
        for b in (self.next_button, self.correct_button):
            b.setAutoDefault(False)  # Enter stays Confirm
        row.addWidget(self.next_button)
        row.addStretch(1)
        row.addWidget(self.reason, 1)
        row.addWidget(self.correct_button)
        lay.addLayout(row)
        self.next_hand = 0
        self.hand = 0

    def show_change(self, text: str, recorded: Hand | None, next_hand: int | None, hand: int | None) -> None:
        self.text.setText(text)
        self.tiles.set_groups(hand_groups(recorded) if recorded is not None else [])
        self.tiles.setVisible(recorded is not None)
        self.next_hand, self.hand = next_hand or 0, hand or 0
        self.next_button.setText(tr("Record as hand {n} (check, then Confirm)", n=next_hand))
        self.next_button.setVisible(next_hand is not None)
        self.correct_button.setText(tr("Correct hand {n} with this one", n=hand))
        self.reason.setPlaceholderText(tr("Reason for the correction"))
        for w in (self.correct_button, self.reason):
            w.setVisible(hand is not None)
        self.show()


GEOMETRY_NAME = "hand_entry"  # the QSettings key of its place and size


class HandEntryDialog(QDialog):
    """``HandEntryDialog.ask(...)`` returns the confirmed ``WinEntry`` or None.

    Keyboard: the focus starts in the notation; Tab goes notation → winner → self-drawn / discarded →
    discarder → last tile → kong → last of the wall → flowers → fans → Confirm; Enter confirms (only a
    valid win of 8 fans or more), Esc cancels; Ctrl+1…Ctrl+6 choose the picker's mode, Ctrl+Z undoes.
    With ``offer_false_win``, a hand under 8 fans offers "Record false win penalty": the dialog
    closes without recording and ``false_win`` carries the would-be winner's position.
    """

    false_win = Signal(int)
    as_next = Signal(int)  # the stale panel: record these tiles as hand N (after a reload)
    correct_with = Signal(int, str)  # the stale panel: correct recorded hand N with these tiles, reason

    def __init__(self, vm: HandEntryModel, title: str = "", parent: QWidget | None = None,
                 offer_false_win: bool = False) -> None:
        super().__init__(parent)
        self.vm = vm
        self.offer_false_win = offer_false_win
        #: with it, Confirm calls it and the dialog closes only when it returns True (it recorded): a
        #: refused entry stays on screen with every tile picked
        self.on_confirm: Callable[[WinEntry], bool] | None = None
        self.hand_no = 0  # the hand it records (the page moves it on when the table moved on)
        self._grown = 0  # how much taller the window was made for the stale panel
        self.setWindowTitle(title or tr("Hand entry"))
        lay = QVBoxLayout(self)
        lay.setContentsMargins(8, 8, 8, 8)  # at 1366×768 in Chinese the body was 2 px short of its room
        lay.setSpacing(4)
        # the body scrolls, the buttons below it do not: whatever the body holds (the stale panel above the
        # picker made the window 818 px tall at 1366×768, Confirm below the screen), the window keeps its
        # size and Confirm and Cancel stay in sight
        body = QWidget()
        self._body, self._body_lay = body, QVBoxLayout(body)
        body_lay = self._body_lay
        body_lay.setContentsMargins(0, 0, 0, 0)
        self.stale = StalePanel(body)
        self.stale.next_button.clicked.connect(lambda: self.as_next.emit(self.stale.next_hand))
        self.stale.correct_button.clicked.connect(self._correct_clicked)
        self.stale.hide()
        body_lay.addWidget(self.stale)
        self.entry = HandEntryWidget(vm, body)
        entry_lay = self.entry.layout()
        if entry_lay is not None:
            entry_lay.setContentsMargins(0, 0, 0, 0)  # the dialog's margins are around it already
        body_lay.addWidget(self.entry, 1)
        self.body = named(QScrollArea(), "hand_entry_body")
        self.body.setWidgetResizable(True)
        self.body.setFrameShape(QFrame.Shape.NoFrame)
        self.body.setFocusPolicy(Qt.FocusPolicy.NoFocus)  # a click on a tool button leaves the cursor in the
        # notation, as before; the scroll area is no stop on the Tab chain
        self.body.setWidget(body)
        lay.addWidget(self.body, 1)
        lay.addWidget(self._buttons())
        vm.changed.connect(self._preview_changed)
        self._preview_changed(vm.preview)
        self.entry.set_tab_order(self.confirm, self.cancel)
        self.entry.notation.setFocus()
        self._place()

    def _buttons(self) -> QDialogButtonBox:
        """Record false win penalty, Confirm (the default: Enter) and Cancel."""
        self.buttons = QDialogButtonBox()
        self.false_win_button = self.buttons.addButton(tr("Record false win penalty"),
                                                       QDialogButtonBox.ButtonRole.ActionRole)
        self.false_win_button.setObjectName("false_win")
        self.false_win_button.clicked.connect(self._false_win)
        self.confirm = self.buttons.addButton(tr("Confirm"), QDialogButtonBox.ButtonRole.AcceptRole)
        self.confirm.setObjectName("confirm")
        self.cancel = self.buttons.addButton(tr("Cancel"), QDialogButtonBox.ButtonRole.RejectRole)
        for b in (self.false_win_button, self.confirm, self.cancel):
            b.setAutoDefault(False)  # Enter is always Confirm, whichever button was clicked last
        self.confirm.setDefault(True)
        self.buttons.accepted.connect(self.accept)
        self.buttons.rejected.connect(self.reject)
        return self.buttons

    def _place(self) -> None:
        """The window's size inside the screen, or where and how large the referee left it last time."""
        self.setSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Expanding)
        screen = self.screen()  # a laptop's 1280×720: inside the screen, its buttons reachable
        room = screen.availableGeometry().size() if screen is not None else None
        self.resize(1180 if room is None else min(1180, room.width() - 16),
                    700 if room is None else min(700, room.height() - 48))
        # where the referee left it last time, and its size (it opened at a different place and
        # size each time); kept inside the screen when shown
        saved = settings.dialog_geometry(GEOMETRY_NAME)
        if saved is not None:
            self.setGeometry(saved)

    def fit_screen(self) -> None:
        """Keep the whole window, frame included, inside the screen's available room (``fit_inside``)."""
        screen = self.screen()
        if screen is None:
            return
        inner, outer = self.geometry(), self.frameGeometry()
        frame = QMargins(inner.left() - outer.left(), inner.top() - outer.top(), outer.right() - inner.right(),
                         outer.bottom() - inner.bottom())
        fitted = fit_inside(inner, screen.availableGeometry(), frame if not frame.isNull() else FRAME)
        if fitted != inner:
            self.setGeometry(fitted)

    def showEvent(self, e: QShowEvent) -> None:
        super().showEvent(e)
        self.fit_screen()

    def done(self, r: int) -> None:
        if self._grown:  # the size the referee chose, not the one made for the stale panel
            self.resize(self.width(), self.height() - self._grown)
            self._grown = 0
        settings.set_dialog_geometry(GEOMETRY_NAME, self.geometry())
        super().done(r)

    def _preview_changed(self, p: Preview) -> None:
        self.confirm.setEnabled(p.can_confirm and not self.stale.isVisible())
        self.false_win_button.setVisible(self.offer_false_win and p.result is not None
                                         and not p.result.meets_minimum)

    def accept(self) -> None:
        if not self.vm.preview.can_confirm:  # Enter on an invalid hand confirms nothing
            return
        if self.on_confirm is not None:
            entry = self.entry_value()
            if entry is None or not self.on_confirm(entry):
                return
        super().accept()

    def show_stale(self, text: str, recorded: Hand | None, next_hand: int | None, hand: int | None) -> None:
        """The table changed meanwhile: say what changed (``text``, the recorded tiles) and offer the two
        ways on. The tiles picked here stay as they are."""
        self.stale.show_change(text, recorded, next_hand, hand)
        self.confirm.setEnabled(False)  # first choose: as the next hand, or a correction
        self.body.verticalScrollBar().setValue(0)  # what changed, at the top, in sight
        # taller by what the panel needs where the screen has the room (1920×1080); kept inside the screen
        # (at 1366×768 the body scrolls a little), and as tall as before once the panel goes
        self._body_lay.activate()
        need = self._body.minimumSizeHint().height() - self.body.viewport().height()
        if need > 0 and not self._grown:
            before = self.height()
            self.resize(self.width(), before + need)
            self.fit_screen()
            self._grown = self.height() - before

    def clear_stale(self, title: str) -> None:
        """The referee chose to record the tiles as the next hand: Confirm records them (re-confirmed)."""
        self.stale.hide()
        self.setWindowTitle(title)
        self._preview_changed(self.vm.preview)
        if self._grown:
            self.resize(self.width(), self.height() - self._grown)
            self._grown = 0
        self.fit_screen()

    def _correct_clicked(self) -> None:
        reason = self.stale.reason.text().strip()
        if not reason:
            self.stale.reason.setFocus()
            self.stale.reason.setPlaceholderText(tr("A correction needs a reason"))
            return
        self.correct_with.emit(self.stale.hand, reason)

    def _false_win(self) -> None:
        winner = self.vm.situation.winner
        if winner is None:  # shown only for a hand scored, so with a winner chosen
            return
        self.reject()
        self.false_win.emit(winner)

    def entry_value(self) -> WinEntry | None:
        p = self.vm.preview
        if not p.can_confirm or p.result is None:
            return None
        return WinEntry(self.vm.notation(), p.hand, self.vm.situation, p.result)

    @classmethod
    def ask(cls, parent: QWidget | None, vm: HandEntryModel, title: str = "") -> WinEntry | None:
        d = cls(vm, title, parent)
        if d.exec() == QDialog.DialogCode.Accepted:
            return d.entry_value()
        return None
