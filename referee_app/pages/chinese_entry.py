"""The entry of a Chinese system's hand on the desk (issue 33): the form a game table's panel shows in place of
Riichi's when the system's ``entry_options`` say ``form`` "wins" (one ron/tsumo/draw line per hand:
Guangdong, Hebei, Nanchang, Guiyang, 鸡平胡) or "events" (Sichuan: the hand's events one after another).

Each form shows only the fields ``entry_options`` offers (the flags, the joker, the horses, the kongs, the
hand types, one or several, the chickens and a hot kong, the void suits, a typed fan) and turns what the referee chose into the result line
(``chinese_vm``). It computes nothing: the panel sends the line to the store for the preview
(``preview_game_line``) and to record it, and shows the store's payments or its refusal.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any

from PySide6.QtCore import Qt, Signal
from PySide6.QtGui import QAction, QStandardItemModel
from PySide6.QtWidgets import (
    QCheckBox,
    QComboBox,
    QDialog,
    QGridLayout,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QListWidget,
    QMenu,
    QPushButton,
    QSizePolicy,
    QSpinBox,
    QToolButton,
    QVBoxLayout,
    QWidget,
)

import texts
from db.rules import game_words
from referee_app.base.named import named
from referee_app.entry.chinese_tiles import ChineseTilesDialog
from referee_app.pages.chinese_vm import (
    ChickenDraft,
    ChineseWin,
    EventDraft,
    KongDraft,
    WinsDraft,
    event_line,
    event_text,
    events_draft_of,
    events_line,
    wins_draft_of,
    wins_line,
    wins_missing,
)
from referee_app.words.i18n import LANG, both, tr

Players = Sequence[tuple[str, int]]  # (text, player index) for the boxes


def said(t: Any) -> str:
    return str(texts.said(t, LANG.code))


def fill(box: QComboBox, items: Sequence[tuple[str, Any]], none: str | None = "—") -> None:
    """The box's items, the choice kept (a re-read after another station's write loses nothing)."""
    keep = box.currentData()
    box.blockSignals(True)
    box.clear()
    if none is not None:
        box.addItem(none, None)
    for text, data in items:
        box.addItem(text, data)
    box.setCurrentIndex(max(0, box.findData(keep)))
    box.blockSignals(False)


def offer_all_but(box: QComboBox, data: Any) -> None:
    """Every item of the box offered but the one of ``data`` (greyed out: e.g. the player already chosen at the
    other end of a claim); a choice of it is taken back to none."""
    model = box.model()
    for i in range(box.count()):
        item = model.item(i) if isinstance(model, QStandardItemModel) else None
        if item is not None:
            item.setEnabled(data is None or box.itemData(i) != data)
    if data is not None and box.currentData() == data:
        box.blockSignals(True)
        box.setCurrentIndex(max(0, box.findData(None)))
        box.blockSignals(False)


def choose(box: QComboBox, data: Any) -> None:
    box.setCurrentIndex(max(0, box.findData(data)))


class WinnerLine(QWidget):
    """A winner (or a ready player): who, the tiles in the notation or the hand type, a fan typed from a paper
    sheet where the system takes one, and the flags in a menu (the button says those ticked)."""

    changed = Signal()

    def __init__(self, name: str, entry: Mapping[str, Any], flags: bool = True) -> None:
        super().__init__()
        lay = QHBoxLayout(self)
        lay.setContentsMargins(0, 0, 0, 0)
        self.player = named(QComboBox(), f"{name}_player")
        self.player.setMinimumContentsLength(10)
        lay.addWidget(self.player)
        self.by_type = entry.get("value") == "hand_type"
        self.tiles = named(QLineEdit(), f"{name}_tiles")
        self.hand_type = named(QComboBox(), f"{name}_hand_type")
        for t in entry.get("hand_types", ()):
            self.hand_type.addItem(both(t["zh"], t["en"]), t["id"])
        self._types_menu(name, entry)
        entered: QWidget = self.types_button if self.several else self.hand_type if self.by_type else self.tiles
        lay.addWidget(entered, 1)
        for field in (self.tiles, self.hand_type, self.types_button):
            field.setVisible(field is entered)
        self.tiles_button = named(QPushButton(), f"{name}_pick")  # the tile picker, for the tiles line
        self.tiles_button.clicked.connect(self.open_tiles)
        self.tiles_button.setVisible(not self.by_type)
        self.tiles_dialog: ChineseTilesDialog | None = None
        lay.addWidget(self.tiles_button)
        self.fan_label = QLabel()
        self.fan = named(QSpinBox(), f"{name}_fan")
        self.fan.setRange(-1, 20)
        self.fan.setSpecialValueText("—")  # -1: no value typed, the tiles say it
        self.fan.setValue(-1)
        self.typed = entry.get("typed") == "fan"
        for w in (self.fan_label, self.fan):
            lay.addWidget(w)
            w.setVisible(self.typed)
        self.flags_button = named(QToolButton(), f"{name}_flags")
        self.flags_button.setPopupMode(QToolButton.ToolButtonPopupMode.InstantPopup)
        menu = QMenu(self.flags_button)
        self.flag_actions: dict[str, QAction] = {}
        for f in entry.get("flags", ()) if flags else ():
            a = QAction(menu)
            a.setCheckable(True)
            a.toggled.connect(lambda _on: self._flags_changed())
            menu.addAction(a)
            self.flag_actions[f] = a
        self.flags_button.setMenu(menu)
        self.flags_button.setVisible(bool(self.flag_actions))
        lay.addWidget(self.flags_button)
        self.player.currentIndexChanged.connect(lambda _i: self.changed.emit())
        self.tiles.textChanged.connect(lambda _t: self.changed.emit())
        self.hand_type.currentIndexChanged.connect(lambda _i: self.changed.emit())
        self.fan.valueChanged.connect(self._fan_changed)
        self.retranslate()

    def _types_menu(self, name: str, entry: Mapping[str, Any]) -> None:
        """A win naming several hand types whose 番 add up (``several_types``): the types ticked in a menu."""
        self.several = self.by_type and bool(entry.get("several_types"))
        self.types_button = named(QToolButton(), f"{name}_types")
        self.types_button.setPopupMode(QToolButton.ToolButtonPopupMode.InstantPopup)
        menu = QMenu(self.types_button)
        self.type_actions: dict[str, QAction] = {}
        self.type_names: dict[str, tuple[str, str]] = {}
        for t in entry.get("hand_types", ()) if self.several else ():
            a = QAction(both(t["zh"], t["en"]), menu)
            a.setCheckable(True)
            a.toggled.connect(lambda _on: self._types_changed())
            menu.addAction(a)
            self.type_actions[t["id"]] = a
            self.type_names[t["id"]] = (t["zh"], t["en"])
        self.types_button.setMenu(menu)

    def _flags_changed(self) -> None:
        self._say_flags()
        self.changed.emit()

    def _types_changed(self) -> None:
        self._say_types()
        self.changed.emit()

    def checked_types(self) -> tuple[str, ...]:
        return tuple(t for t, a in self.type_actions.items() if a.isChecked())

    def _say_types(self) -> None:
        on = [game_words.fan_label(*self.type_names[t], LANG.code) for t in self.checked_types()]
        self.types_button.setText(tr("Hand types") + (": " + ", ".join(on) if on else " ▾"))

    def _fan_changed(self, v: int) -> None:
        self.tiles.setEnabled(v < 0)
        self.tiles_button.setEnabled(v < 0)
        self.changed.emit()

    def open_tiles(self) -> ChineseTilesDialog:
        """The tile picker on the tiles typed so far; OK writes its notation in the line."""
        d = ChineseTilesDialog(self.player.currentText(), self.tiles.text(), self)
        self.tiles_dialog = d

        def done(result: int) -> None:
            if result == QDialog.DialogCode.Accepted:
                self.tiles.setText(d.vm.notation())
            self.tiles_dialog = None
            d.deleteLater()

        d.finished.connect(done)
        d.open()
        return d

    def _say_flags(self) -> None:
        on = [said(game_words.CHINESE_FLAGS.get(f, texts.Text(f))) for f, a in self.flag_actions.items()
              if a.isChecked()]
        self.flags_button.setText(tr("Flags") + (": " + ", ".join(on) if on else " ▾"))

    def retranslate(self) -> None:
        self.tiles.setPlaceholderText(tr("Tiles, e.g. 111m222p333s444m55z"))
        self.tiles_button.setText(tr("Tiles…"))
        self.fan_label.setText(said(game_words.CHINESE_COLUMNS["fans"]))
        for f, a in self.flag_actions.items():
            a.setText(said(game_words.CHINESE_FLAGS.get(f, texts.Text(f))))
        self._say_flags()
        for t, a in self.type_actions.items():
            a.setText(both(*self.type_names[t]))
        self._say_types()

    def set_players(self, players: Players) -> None:
        fill(self.player, players)

    def value(self) -> ChineseWin | None:
        seat = self.player.currentData()
        if seat is None:
            return None
        v = self.hand_type.currentData() if self.by_type else self.tiles.text()
        types = self.checked_types()
        if self.several:
            v = types[0] if types else ""
        fan = self.fan.value() if self.typed else -1
        return ChineseWin(seat, str(v or ""), tuple(f for f, a in self.flag_actions.items() if a.isChecked()),
                          fan if fan >= 0 else None, types)

    def show_value(self, w: ChineseWin | None) -> None:
        for box in (self.player, self.hand_type):
            box.blockSignals(True)
        choose(self.player, None if w is None else w.seat)
        if self.by_type:
            choose(self.hand_type, None if w is None else w.value)
        self.tiles.setText("" if w is None or self.by_type else w.value)
        self.fan.setValue(-1 if w is None or w.fan is None else w.fan)
        for f, a in self.flag_actions.items():
            a.blockSignals(True)
            a.setChecked(w is not None and f in w.flags)
            a.blockSignals(False)
        shown = () if w is None else w.types or (w.value,)
        for t, a in self.type_actions.items():
            a.blockSignals(True)
            a.setChecked(t in shown)
            a.blockSignals(False)
        for box in (self.player, self.hand_type):
            box.blockSignals(False)
        self._say_flags()
        self._say_types()


class KongLine(QWidget):
    """A kong: whose (— for none), which kind, and the discarder of a melded one."""

    changed = Signal()

    def __init__(self, name: str) -> None:
        super().__init__()
        lay = QHBoxLayout(self)
        lay.setContentsMargins(0, 0, 0, 0)
        self.player = named(QComboBox(), f"{name}_player")
        self.kind = named(QComboBox(), f"{name}_kind")
        self.discarder = named(QComboBox(), f"{name}_discarder")
        for box in (self.player, self.discarder):  # two kongs a line: a player's name may be cut, not the kind
            box.setSizeAdjustPolicy(QComboBox.SizeAdjustPolicy.AdjustToMinimumContentsLengthWithIcon)
            box.setMinimumContentsLength(9)
        for w in (self.player, self.kind, self.discarder):
            lay.addWidget(w)
        for box in (self.player, self.kind, self.discarder):
            box.currentIndexChanged.connect(lambda _i: self._changed())
        self.retranslate()

    def _changed(self) -> None:
        melded = self.kind.currentData() == "melded"
        self.discarder.setEnabled(melded)
        self.changed.emit()

    def retranslate(self) -> None:
        fill(self.kind, [(said(t), k) for k, t in game_words.KONG_KINDS.items()], None)
        self.kind.setMinimumWidth(self.kind.sizeHint().width())  # the longest kind whole (a grid squeezes it)

    def set_players(self, players: Players) -> None:
        fill(self.player, players)
        fill(self.discarder, [(f"← {text}", i) for text, i in players], "← —")  # who discarded its tile

    def value(self) -> KongDraft | None:
        seat = self.player.currentData()
        if seat is None:
            return None
        kind = str(self.kind.currentData())
        return KongDraft(seat, kind, self.discarder.currentData() if kind == "melded" else None)

    def show_value(self, k: KongDraft | None) -> None:
        for box in (self.player, self.kind, self.discarder):
            box.blockSignals(True)
        choose(self.player, None if k is None else k.seat)
        choose(self.kind, "melded" if k is None else k.kind)
        choose(self.discarder, None if k is None else k.discarder)
        for box in (self.player, self.kind, self.discarder):
            box.blockSignals(False)
        self._changed()


class ChickensRow(QWidget):
    """Guiyang's chickens (``entry_options`` ``chickens``): the 幺鸡 counted to each player who did not win
    (0-4; a winner's are read from its tiles), and the hand's first 幺鸡: the charging chicken (冲锋鸡, its
    discarder) or the responsible chicken (责任鸡, its discarder and the player who claimed it)."""

    changed = Signal()

    def __init__(self, entry: Mapping[str, Any], parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.entry = entry
        lay = QVBoxLayout(self)
        lay.setContentsMargins(0, 0, 0, 0)
        lay.setSpacing(2)
        counts = QHBoxLayout()
        self.label = QLabel()
        counts.addWidget(self.label)
        self.seat_labels = [QLabel() for _ in range(4)]
        self.counts = [named(QSpinBox(), f"chinese_chickens_{i}") for i in range(4)]
        for lab, box in zip(self.seat_labels, self.counts, strict=True):
            box.setRange(0, 4)
            counts.addWidget(lab)
            counts.addWidget(box)
            box.valueChanged.connect(lambda _v: self.changed.emit())
        counts.addStretch(1)
        lay.addLayout(counts)
        first = QHBoxLayout()
        self.first_label, self.by_label, self.to_label = QLabel(), QLabel(), QLabel()
        self.first = named(QComboBox(), "chinese_first_chicken")
        self.by = named(QComboBox(), "chinese_chicken_by")
        self.to = named(QComboBox(), "chinese_chicken_to")
        for w in (self.first_label, self.first, self.by_label, self.by, self.to_label, self.to):
            first.addWidget(w)
        first.addStretch(1)
        lay.addLayout(first)
        for choice in (self.first, self.by, self.to):
            choice.currentIndexChanged.connect(lambda _i: self._first_changed())
        self.retranslate()

    def retranslate(self) -> None:
        self.label.setText(tr("Chickens (幺鸡) of the others:"))
        self.first_label.setText(tr("First 幺鸡"))
        words = {"charging": tr("Charging chicken (冲锋鸡): not claimed"),
                 "responsible": tr("Responsible chicken (责任鸡): claimed")}
        # the hand's first 幺鸡 is one of entry_options' first_chicken or neither: one choice
        fill(self.first, [(words[k], k) for k in self.entry.get("first_chicken", ()) if k in words])
        self.by_label.setText(tr("Thrown by"))  # not "Discarded by": no win on it (点炮 in Chinese)
        self.to_label.setText(tr("Claimed by"))
        self._show_first()

    def set_players(self, players: Players, seats: Sequence[str]) -> None:
        fill(self.by, players)
        fill(self.to, players)
        for lab, seat in zip(self.seat_labels, seats, strict=True):
            lab.setText(seat)
        self._offer_claim()

    def set_winners(self, winners: set[int]) -> None:
        """Where the chickens are counted to the players who did not win only (``chicken_counts`` "others": a
        winner's are read from its tiles), no count is offered for a winner (by player index)."""
        if self.entry.get("chicken_counts") != "others":
            return
        for i, box in enumerate(self.counts):
            box.setEnabled(i not in winners)
            if i in winners and box.value():
                box.blockSignals(True)
                box.setValue(0)
                box.blockSignals(False)

    def _offer_claim(self) -> None:
        # a claim is of another player's discard: the player at one end is not offered at the other
        offer_all_but(self.to, self.by.currentData())
        offer_all_but(self.by, self.to.currentData())

    def _show_first(self) -> None:
        first = self.first.currentData()
        for w in (self.by_label, self.by):
            w.setVisible(first is not None)
        for w in (self.to_label, self.to):
            w.setVisible(first == "responsible")

    def _first_changed(self) -> None:
        self._offer_claim()
        self._show_first()
        self.changed.emit()

    def value(self) -> ChickenDraft:
        c = [b.value() for b in self.counts]
        first = self.first.currentData()
        return ChickenDraft((c[0], c[1], c[2], c[3]), first or "", self.by.currentData() if first else None,
                            self.to.currentData() if first == "responsible" else None)

    def show_value(self, d: ChickenDraft) -> None:
        for count, n in zip(self.counts, d.counts, strict=True):
            count.blockSignals(True)
            count.setValue(n)
            count.blockSignals(False)
        for box, data in ((self.first, d.first or None), (self.by, d.by), (self.to, d.to)):
            box.blockSignals(True)
            choose(box, data)
            box.blockSignals(False)
        self._offer_claim()
        self._show_first()


class ChineseForm(QWidget):
    """What both forms share: the entry options, the players' boxes, the preview beside the fields."""

    changed = Signal()

    def __init__(self, entry: Mapping[str, Any], wording: str) -> None:
        super().__init__()
        self.entry, self.wording = dict(entry), wording
        self.preview = named(QLabel(), "chinese_preview")
        self.preview.setMinimumWidth(360)  # one payment a line, unwrapped: its height is its lines
        self.preview.setAlignment(Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignTop)
        # as tall as its lines: the form grows, the sheet above gives the room
        self.preview.setSizePolicy(QSizePolicy.Policy.Preferred, QSizePolicy.Policy.Minimum)
        self.preview.setStyleSheet("background: #f6f6f2; border: 1px solid #ccc; padding: 4px;")

    def label(self, text: str = "") -> QLabel:
        return QLabel(text)

    def show_preview(self, text: str, refused: bool, partial: bool = False) -> None:
        """The store's words; a refusal in red, a hand not over yet (its payments so far) in a dashed amber
        frame, so that nobody takes it for the hand's settlement."""
        # a refusal (or the not-final note) is one long sentence; the payments are a line each
        self.preview.setWordWrap(refused or partial)
        self.preview.setText(text)
        self.preview.setProperty("partial", partial)
        border = "1px dashed #b26a00" if partial else "1px solid #ccc"
        self.preview.setStyleSheet(f"background: #f6f6f2; border: {border}; padding: 4px;"
                                   + (" color: #b3261e;" if refused else ""))

    def retranslate(self) -> None:
        raise NotImplementedError

    def set_players(self, players: Players, seats: Sequence[str]) -> None:
        raise NotImplementedError

    def line(self, numbers: Sequence[str]) -> dict[str, Any]:
        raise NotImplementedError

    def missing(self) -> str | None:
        """What is still to choose before the store is asked, in words (None: ask it)."""
        raise NotImplementedError

    def show_line(self, line: Mapping[str, Any], numbers: Sequence[str]) -> None:
        raise NotImplementedError

    def clear(self) -> None:
        raise NotImplementedError


class WinsForm(ChineseForm):
    """A "wins" hand: ron (the discarder and its winners: several where ``multiple_ron``), tsumo or draw; each
    winner's tiles (or hand type) and flags; the joker's indicator, each player's horses and the kongs where the
    system has them."""

    def __init__(self, entry: Mapping[str, Any], wording: str, outcomes: Sequence[str]) -> None:
        super().__init__(entry, wording)
        self.setObjectName("chinese_wins_form")
        outer = QHBoxLayout(self)
        outer.setContentsMargins(0, 0, 0, 0)
        left = QVBoxLayout()
        left.setSpacing(2)
        outer.addLayout(left, 3)
        outer.addWidget(self.preview, 1)
        top = QHBoxLayout()
        self.outcome_label, self.discarder_label, self.joker_label = QLabel(), QLabel(), QLabel()
        self.outcomes = tuple(outcomes)
        self.outcome = named(QComboBox(), "chinese_outcome")
        self.discarder = named(QComboBox(), "chinese_discarder")
        self.joker = named(QLineEdit(), "chinese_joker")
        self.joker.setMaximumWidth(60)
        for part in (self.outcome_label, self.outcome, self.discarder_label, self.discarder):
            top.addWidget(part)
        if entry.get("joker"):
            top.addWidget(self.joker_label)
            top.addWidget(self.joker)
        self._hot_kong(top)
        top.addStretch(1)
        left.addLayout(top)
        several = 3 if entry.get("multiple_ron") else 1
        self.winners = [WinnerLine(f"chinese_winner_{i}", entry) for i in range(several)]
        for row in self.winners:
            left.addWidget(row)
        self.horses_label = QLabel()
        self.horses = [named(QLineEdit(), f"chinese_horses_{i}") for i in range(4)]
        self.horse_labels = [QLabel() for _ in range(4)]
        if entry.get("horses"):
            horses_row = QHBoxLayout()
            horses_row.addWidget(self.horses_label)
            for lab, e in zip(self.horse_labels, self.horses, strict=True):
                e.setMaximumWidth(90)
                horses_row.addWidget(lab)
                horses_row.addWidget(e)
            horses_row.addStretch(1)
            left.addLayout(horses_row)
        self._kongs(left)
        self._chickens(left)
        left.addStretch(1)
        self.outcome.currentIndexChanged.connect(lambda _i: self._show_outcome())
        self.discarder.currentIndexChanged.connect(lambda _i: self.changed.emit())
        self.joker.textChanged.connect(lambda _t: self.changed.emit())
        self.hot_kong.currentIndexChanged.connect(lambda _i: self.changed.emit())
        self.chickens.changed.connect(self.changed.emit)
        for e in self.horses:
            e.textChanged.connect(lambda _t: self.changed.emit())
        for row in self.winners:  # before the preview asks the store: a new winner's count is taken back first
            row.changed.connect(self._offer_chickens)
        for x in self._lines():
            x.changed.connect(self.changed.emit)
        self.retranslate()

    def _offer_chickens(self) -> None:
        self.chickens.set_winners({w.seat for w in self.draft().winners})

    def _kongs(self, left: QVBoxLayout) -> None:
        """The hand's kongs (``kongs``), two a line."""
        self.kongs_label = QLabel()
        self.kongs = [KongLine(f"chinese_kong_{i}") for i in range(4)]
        if self.entry.get("kongs"):
            grid = QGridLayout()
            grid.addWidget(self.kongs_label, 0, 0)
            for i, k in enumerate(self.kongs):
                grid.addWidget(k, i // 2, 1 + i % 2)
            grid.setColumnStretch(3, 1)
            left.addLayout(grid)

    def _chickens(self, left: QVBoxLayout) -> None:
        """Guiyang's chickens (``chickens``) under the kongs."""
        self.chickens = ChickensRow(self.entry, self)
        if self.entry.get("chickens"):
            left.addWidget(self.chickens)
        else:
            self.chickens.setVisible(False)

    def _hot_kong(self, top: QHBoxLayout) -> None:
        """A win on the discard after the discarder's kong (热炮, ``hot_kong``): that kong's kind."""
        self.hot_kong_label = QLabel(self)
        self.hot_kong = named(QComboBox(self), "chinese_hot_kong")
        if self.entry.get("hot_kong"):
            top.addWidget(self.hot_kong_label)
            top.addWidget(self.hot_kong)
        else:
            self.hot_kong_label.setVisible(False)
            self.hot_kong.setVisible(False)

    def retranslate(self) -> None:
        fill(self.outcome, [(said(game_words.outcome(k, self.wording)), k) for k in self.outcomes], None)
        self.outcome_label.setText(tr("Result"))
        self.discarder_label.setText(tr("Discarded by"))
        self.joker_label.setText(said(game_words.CHINESE_COLUMNS["joker"]))
        self.joker.setPlaceholderText(tr("indicator"))
        self.horses_label.setText(said(game_words.CHINESE_COLUMNS["horses"]) + ":")
        self.kongs_label.setText(said(game_words.PAYMENTS["kong"]) + ":")
        for e in self.horses:
            e.setPlaceholderText("1m5p")
        self.hot_kong_label.setText(tr("Hot kong (热炮)"))
        fill(self.hot_kong, [(said(t), k) for k, t in game_words.KONG_KINDS.items()])
        self.chickens.retranslate()
        for x in self._lines():
            x.retranslate()
        self._show_outcome()

    def set_players(self, players: Players, seats: Sequence[str]) -> None:
        fill(self.discarder, players)
        for x in self._lines():
            x.set_players(players)
        for lab, s in zip(self.horse_labels, seats, strict=True):
            lab.setText(s)
        self.chickens.set_players(players, seats)

    def _lines(self) -> list[WinnerLine | KongLine]:
        return [*self.winners, *self.kongs]

    def _show_outcome(self) -> None:
        kind = self.outcome.currentData()
        for part in (self.discarder_label, self.discarder):
            part.setVisible(kind == "ron")
        for i, row in enumerate(self.winners):
            row.setVisible(kind == "ron" or (kind == "tsumo" and i == 0))
        for field in (self.horses_label, *self.horse_labels, *self.horses):
            field.setEnabled(kind != "draw")
        self.chickens.setEnabled(kind != "draw")  # a draw pays nothing where chickens are played
        self._offer_chickens()
        if self.entry.get("hot_kong"):
            for part in (self.hot_kong_label, self.hot_kong):
                part.setVisible(kind == "ron")
        self.changed.emit()

    def draft(self) -> WinsDraft:
        kind = str(self.outcome.currentData())
        rows = self.winners if kind == "ron" else self.winners[:1] if kind == "tsumo" else []
        h = [e.text() for e in self.horses]
        return WinsDraft(kind, self.discarder.currentData(), tuple(w for w in (r.value() for r in rows) if w),
                         self.joker.text(), (h[0], h[1], h[2], h[3]),
                         tuple(k for k in (x.value() for x in self.kongs) if k is not None),
                         self.chickens.value() if self.entry.get("chickens") else ChickenDraft(),
                         str(self.hot_kong.currentData() or "") if self.entry.get("hot_kong") else "")

    def line(self, numbers: Sequence[str]) -> dict[str, Any]:
        return wins_line(self.draft(), numbers, self.entry)

    def missing(self) -> str | None:
        return wins_missing(self.draft())

    def show_draft(self, d: WinsDraft) -> None:
        self.blockSignals(True)
        try:
            choose(self.outcome, d.kind)
            choose(self.discarder, d.discarder)
            for i, w in enumerate(self.winners):
                w.show_value(d.winners[i] if i < len(d.winners) else None)
            self.joker.setText(d.joker)
            for e, h in zip(self.horses, d.horses, strict=True):
                e.setText(h)
            for i, k in enumerate(self.kongs):
                k.show_value(d.kongs[i] if i < len(d.kongs) else None)
            self.chickens.show_value(d.chickens)
            self.hot_kong.blockSignals(True)
            choose(self.hot_kong, d.hot_kong or None)
            self.hot_kong.blockSignals(False)
        finally:
            self.blockSignals(False)
        self._show_outcome()

    def show_line(self, line: Mapping[str, Any], numbers: Sequence[str]) -> None:
        self.show_draft(wins_draft_of(line, numbers, self.entry))

    def clear(self) -> None:
        self.show_draft(WinsDraft(str(self.outcome.itemData(0) or "ron")))


class EventsForm(ChineseForm):
    """A hand of events (Sichuan): each player's void suit, then the events one after another (a kong; a
    self-drawn win; a win on a discard, one or more winners; the end of the wall with the ready players and the
    flower pigs), listed as they are added; the hand is recorded when it is over."""

    def __init__(self, entry: Mapping[str, Any], wording: str) -> None:
        super().__init__(entry, wording)
        self.setObjectName("chinese_events_form")
        self.events: list[EventDraft] = []
        self.numbers: tuple[str, ...] = ()
        self.names: Callable[[int], str] = str
        outer = QHBoxLayout(self)
        outer.setContentsMargins(0, 0, 0, 0)
        left = QVBoxLayout()
        left.setSpacing(2)
        outer.addLayout(left, 3)
        right = QVBoxLayout()
        outer.addLayout(right, 1)
        left.addLayout(self._void_row())
        top = QHBoxLayout()
        self.event_label, self.discarder_label = QLabel(), QLabel()
        self.kind = named(QComboBox(), "chinese_event_kind")
        self.kong = KongLine("chinese_event_kong")
        self.discarder = named(QComboBox(), "chinese_event_discarder")
        for part in (self.event_label, self.kind, self.kong, self.discarder_label, self.discarder):
            top.addWidget(part)
        top.addStretch(1)
        left.addLayout(top)
        self.winners = [WinnerLine(f"chinese_event_winner_{i}", entry) for i in range(3)]
        for row in self.winners:
            left.addWidget(row)
        pigs = QHBoxLayout()
        self.pigs_label = QLabel()
        self.pigs = [named(QCheckBox(), f"chinese_pig_{i}") for i in range(4)]
        for box in (self.pigs_label, *self.pigs):
            pigs.addWidget(box)
        pigs.addStretch(1)
        left.addLayout(pigs)
        buttons = QHBoxLayout()
        self.add_button = named(QPushButton(), "chinese_add_event")
        self.add_button.clicked.connect(self.add_event)
        self.remove_button = named(QPushButton(), "chinese_remove_event")
        self.remove_button.clicked.connect(self.remove_last)
        self.event_message = named(QLabel(), "chinese_event_message")
        self.event_message.setStyleSheet("color: #b3261e;")
        for button in (self.add_button, self.remove_button, self.event_message):
            buttons.addWidget(button)
        buttons.addStretch(1)
        left.addLayout(buttons)
        left.addStretch(1)
        self.list = named(QListWidget(), "chinese_events")
        self.list.setMaximumHeight(80)
        right.addWidget(self.list)
        right.addWidget(self.preview, 1)
        self.kind.currentIndexChanged.connect(lambda _i: self._show_kind())
        self.retranslate()

    def _void_row(self) -> QHBoxLayout:
        """Each player's void suit (定缺), declared before the hand."""
        void = QHBoxLayout()
        self.void_label = QLabel()
        void.addWidget(self.void_label)
        self.void_labels = [QLabel() for _ in range(4)]
        self.void = [named(QComboBox(), f"chinese_void_{i}") for i in range(4)]
        for lab, box in zip(self.void_labels, self.void, strict=True):
            void.addWidget(lab)
            void.addWidget(box)
            box.currentIndexChanged.connect(lambda _i: self.changed.emit())
        void.addStretch(1)
        return void

    def retranslate(self) -> None:
        fill(self.kind, [(said(game_words.EVENTS[k]), k) for k in self.entry.get("events", ()) if k in game_words.EVENTS],
             None)
        self.void_label.setText(said(game_words.CHINESE_COLUMNS["void"]) + ":")
        for box in self.void:
            fill(box, [(f"{said(t)} ({k})", k) for k, t in game_words.SUITS.items()])
        self.event_label.setText(tr("Event"))
        self.discarder_label.setText(tr("Discarded by"))
        self.pigs_label.setText(said(game_words.CHINESE_COLUMNS["pigs"]) + ":")
        self.add_button.setText(tr("Add event"))
        self.remove_button.setText(tr("Remove last event"))
        for x in self._lines():
            x.retranslate()
        self._show_kind()
        self._show_events()

    def set_players(self, players: Players, seats: Sequence[str]) -> None:
        fill(self.discarder, players)
        for x in self._lines():
            x.set_players(players)
        for lab, s in zip(self.void_labels, seats, strict=True):
            lab.setText(s)
        for b, (text, _i) in zip(self.pigs, players, strict=True):
            b.setText(text.split("(")[0].strip())

    def set_table(self, numbers: Sequence[str], names: Callable[[int], str]) -> None:
        self.numbers, self.names = tuple(numbers), names
        self._show_events()

    def _lines(self) -> list[WinnerLine | KongLine]:
        return [*self.winners, self.kong]

    def _show_kind(self) -> None:
        kind = self.kind.currentData()
        self.kong.setVisible(kind == "kong")
        for part in (self.discarder_label, self.discarder):
            part.setVisible(kind == "ron")
        for i, row in enumerate(self.winners):
            row.setVisible(kind in ("ron", "wall_end") or (kind == "tsumo" and i == 0))
            row.flags_button.setVisible(kind != "wall_end" and bool(row.flag_actions))
        for box in (self.pigs_label, *self.pigs):
            box.setVisible(kind == "wall_end")

    def current(self) -> EventDraft | str:
        """The event the fields say, or what is missing in words."""
        kind = str(self.kind.currentData())
        if kind == "kong":
            k = self.kong.value()
            if k is None:
                return tr("Choose the player.")
            if k.kind == "melded" and k.discarder is None:
                return tr("Choose who discarded the melded kong's tile.")
            return EventDraft("kong", k)
        wins = tuple(w for w in (r.value() for r in self.winners[:1 if kind == "tsumo" else 3]) if w)
        if kind == "wall_end":
            ready = tuple(ChineseWin(w.seat, w.value, (), w.fan) for w in wins)
            return EventDraft("wall_end", winners=ready, pigs=tuple(i for i, b in enumerate(self.pigs) if b.isChecked()))
        if not wins:
            return tr("Choose the winner.")
        if kind == "ron":
            if self.discarder.currentData() is None:
                return tr("Choose who discarded the winning tile.")
            return EventDraft("ron", discarder=self.discarder.currentData(), winners=wins)
        return EventDraft("tsumo", winners=wins[:1])

    def add_event(self) -> bool:
        e = self.current()
        if isinstance(e, str):
            self.event_message.setText(e)
            return False
        self.event_message.setText("")
        self.events.append(e)
        self._clear_fields()
        self._show_events()
        self.changed.emit()
        return True

    def remove_last(self) -> None:
        if self.events:
            self.events.pop()
            self._show_events()
            self.changed.emit()

    def _clear_fields(self) -> None:
        self.kong.show_value(None)
        choose(self.discarder, None)
        for w in self.winners:
            w.show_value(None)
        for b in self.pigs:
            b.setChecked(False)

    def _show_events(self) -> None:
        self.list.clear()
        if not self.numbers:
            return
        for i, e in enumerate(self.events, start=1):
            self.list.addItem(f"{i}. {event_text(event_line(e, self.numbers), self.numbers, self.names, LANG.code)}")
        self.remove_button.setEnabled(bool(self.events))

    def line(self, numbers: Sequence[str]) -> dict[str, Any]:
        return events_line([b.currentData() for b in self.void], self.events, numbers)

    def missing(self) -> str | None:
        return None if self.events else tr("Add the hand's events one after another, then record it when it is over.")

    def show_line(self, line: Mapping[str, Any], numbers: Sequence[str]) -> None:
        void, events = events_draft_of(line, numbers)
        for box, v in zip(self.void, void, strict=True):
            box.blockSignals(True)
            choose(box, v)
            box.blockSignals(False)
        self.events = list(events)
        self._clear_fields()
        self._show_events()
        self.changed.emit()

    def clear(self) -> None:
        self.show_line({}, self.numbers)
