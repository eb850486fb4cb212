"""Riichi hand entry: the widget over ``RiichiEntryModel`` (issue 32 §4, the desk).

Left: the notation (kept in sync both ways), the tile picker (with 0m 0s 0p when the preset has red fives),
the hand as entered (click a tile to take it out), the problem or what is still to enter, and the dora and
ura indicator rows ("+ Dora indicator" / "+ Ura indicator": picker clicks add indicators until the button
is released; click an indicator to take it out). Right: the winner and the table's counters, tsumo or ron from one of the three
other players by name, the flags as check boxes, and the live panel: han and fu with the limit, the fu's
parts, each yaku (catalogue name, its romaji in English) with its han and tiles, and the four payments by
player name, honba and deposits included. Every figure is the scorer's, through the model.
"""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtGui import QFont
from PySide6.QtWidgets import (
    QAbstractItemView,
    QButtonGroup,
    QCheckBox,
    QGridLayout,
    QGroupBox,
    QHBoxLayout,
    QHeaderView,
    QLabel,
    QPushButton,
    QRadioButton,
    QTableWidget,
    QTableWidgetItem,
    QVBoxLayout,
    QWidget,
)

import texts
from db.rules.game_words import COLUMNS, FLAG_YAKU, OUTCOMES, yaku_name, yaku_romaji
from referee_app.base.named import named
from referee_app.base.tile_faces import TileRow, TilesDelegate
from referee_app.base.tile_state import RED_OF_FIVE
from referee_app.entry.entry_base import HandEntryBase
from referee_app.entry.riichi_vm import WINDS, RiichiEntryModel, RiichiPreview, YakuLine
from referee_app.entry.tile_picker import TilePicker
from referee_app.models.cells import signed, wind_label
from referee_app.words.i18n import LANG
from scoring import tiles as T
from texts import Text

TILES_ROLE = int(Qt.ItemDataRole.UserRole) + 1  # a yaku's tiles as TileRow groups, for TilesDelegate

WORDS = {
    "notation": Text("Notation", "riichi_entry"),
    "hand": Text("Tiles in hand", "riichi_entry"),
    "add_dora": Text("+ Dora indicator", "riichi_entry"),
    "add_ura": Text("+ Ura indicator", "riichi_entry"),
    "target_dora": Text("Tiles clicked in the picker are dora indicators (click a row's tile to take it out); "
                        "release \u201c+ Dora indicator\u201d to enter the hand again.", "riichi_entry"),
    "target_ura": Text("Tiles clicked in the picker are ura indicators (click a row's tile to take it out); "
                       "release \u201c+ Ura indicator\u201d to enter the hand again.", "riichi_entry"),
    "win": Text("The win", "riichi_entry"),
    "dealer": Text(", dealer", "riichi_entry"),
    "flags": Text("How it was won", "riichi_entry"),
    "yaku": Text("Yaku", "riichi_entry"),
    "payments": Text("Payments (honba and deposits included)", "riichi_entry"),
    "remove": Text("Click a tile to take it out", "riichi_entry"),
}


def say(text: Text | str | None) -> str:
    """A model's text in the desk's language."""
    if text is None:
        return ""
    return text.in_language(LANG.code) if isinstance(text, Text) else str(text)


def yaku_label(y: YakuLine | str) -> str:
    """A yaku's name in the desk's language; in English with its romaji, the players' own name for it
    ("Pinfu (All sequences)")."""
    yid = y if isinstance(y, str) else y.id
    name = say(yaku_name(yid))
    romaji = yaku_romaji(yid)
    return f"{romaji} ({name})" if LANG.code == texts.DEFAULT and romaji != name else name


def picker_tile(name: str) -> int:
    """A tile written in the notation (``5m``, ``0p``, ``E``) as the picker's id (a red five 34-36)."""
    if name.startswith("0"):
        return RED_OF_FIVE[T.tile("5" + name[1])]
    return T.tile(name)


class RiichiEntryWidget(HandEntryBase):
    """The body of Riichi hand entry, over its model (built in the order it reads, one method a part)."""

    def __init__(self, vm: RiichiEntryModel, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.vm = vm
        root = QHBoxLayout(self)
        left = QVBoxLayout()
        right = QVBoxLayout()
        root.addLayout(left, 1)
        root.addLayout(right, 1)

        left.addLayout(self._notation_row())
        self.picker = TilePicker(vm, self, tile_width=40, flowers=False, largest=54)
        left.addWidget(self.picker)
        self._add_hand(left)
        self._add_indicators(left)
        left.addStretch(1)

        right.addWidget(self._win_box())
        right.addWidget(self._flags_box())
        self._add_result(right)

        show = self._show
        vm.changed.connect(show)
        self.destroyed.connect(lambda *_: vm.changed.disconnect(show))  # the model may outlive the widget
        LANG.changed.connect(self._language_changed)
        self.retranslate()

    # ---- building ----------------------------------------------------------------------------------
    def _entry_model(self) -> RiichiEntryModel:
        return self.vm

    def _add_hand(self, left: QVBoxLayout) -> None:
        self._add_hand_rows(left)

    def _add_indicators(self, left: QVBoxLayout) -> None:
        """The dora and ura rows side by side, each after its button that makes the picker add indicators
        there (side by side: one row less, so the entry fits 1366×768 in Chinese too)."""
        row_lay = QHBoxLayout()
        row_lay.setSpacing(6)
        self.indicator_rows: dict[str, TileRow] = {}
        self.target_buttons: dict[str, QPushButton] = {}
        for which in ("dora", "ura"):
            row = named(TileRow(self, tile_width=28), f"{which}_row")
            row.setMinimumWidth(5 * 29 + 20)  # room for the five indicators there may be
            row.clicked.connect(lambda _g, i, w=which: self.vm.remove_indicator(w, i))
            button = named(QPushButton(), f"add_{which}")
            button.setCheckable(True)
            button.setFocusPolicy(Qt.FocusPolicy.NoFocus)
            button.setAutoDefault(False)
            button.setStyleSheet("QPushButton:checked { background: #1b4f8a; color: white; font-weight: bold; }")
            button.toggled.connect(lambda on, w=which: self._target_toggled(w, on))
            row_lay.addWidget(button)
            row_lay.addWidget(row, 1)
            self.indicator_rows[which], self.target_buttons[which] = row, button
        left.addLayout(row_lay)
        self.target_line = named(QLabel(), "target_line")
        self.target_line.setWordWrap(True)
        self.target_line.setStyleSheet("color: #1b4f8a; font-weight: bold; background: #e8f0fb; padding: 2px 6px;")
        left.addWidget(self.target_line)

    def _win_box(self) -> QGroupBox:
        """Who won, the table's counters, and tsumo or ron from one of the three others by name."""
        self.win_box = QGroupBox()
        lay = QVBoxLayout(self.win_box)
        self.winner = named(QLabel(), "winner")
        self.winner.setStyleSheet("font-weight: bold;")
        self.counters = named(QLabel(), "counters")
        lay.addWidget(self.winner)
        lay.addWidget(self.counters)
        how = QGridLayout()  # two by two: long names fit the desk's smallest screen
        self.how = QButtonGroup(self)
        self.tsumo = named(QRadioButton(), "tsumo")
        self.tsumo.toggled.connect(self._tsumo_toggled)
        self.how.addButton(self.tsumo)
        how.addWidget(self.tsumo, 0, 0)
        self.ron: dict[str, QRadioButton] = {}
        for i, seat in enumerate(self.vm.others(), start=1):
            b = named(QRadioButton(), f"ron_{seat}")
            b.toggled.connect(lambda on, s=seat: self._ron_toggled(s, on))
            self.how.addButton(b)
            how.addWidget(b, i // 2, i % 2)
            self.ron[seat] = b
        lay.addLayout(how)
        return self.win_box

    def _flags_box(self) -> QGroupBox:
        self.flags_box = QGroupBox()
        grid = QGridLayout(self.flags_box)
        grid.setVerticalSpacing(2)
        self.flags: dict[str, QCheckBox] = {}
        for i, name in enumerate(FLAG_YAKU):
            box = named(QCheckBox(), f"flag_{name}")
            box.toggled.connect(lambda on, n=name: self.vm.set_flag(n, on))
            grid.addWidget(box, i // 2, i % 2)
            self.flags[name] = box
        return self.flags_box

    def _add_result(self, right: QVBoxLayout) -> None:
        """The figures (han, fu, limit), the fu's parts, the yaku and the payments."""
        self.figures = named(QLabel(), "figures")
        big = QFont()
        big.setPointSize(18)
        big.setBold(True)
        self.figures.setFont(big)
        right.addWidget(self.figures)
        self.fu_line = named(QLabel(), "fu_parts")
        self.fu_line.setWordWrap(True)
        right.addWidget(self.fu_line)
        self.yaku = named(QTableWidget(0, 3), "yaku")
        self.yaku.verticalHeader().hide()
        self.yaku.verticalHeader().setDefaultSectionSize(26)
        self.yaku.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        self.yaku.setSelectionMode(QAbstractItemView.SelectionMode.NoSelection)
        self.yaku.setFocusPolicy(Qt.FocusPolicy.NoFocus)
        self.yaku.setItemDelegateForColumn(2, TilesDelegate(TILES_ROLE, self.yaku))
        header = self.yaku.horizontalHeader()
        header.setSectionResizeMode(0, QHeaderView.ResizeMode.ResizeToContents)
        header.setSectionResizeMode(1, QHeaderView.ResizeMode.ResizeToContents)
        header.setStretchLastSection(True)
        right.addWidget(self.yaku, 1)
        self.pay_box = QGroupBox()
        grid = QGridLayout(self.pay_box)
        grid.setVerticalSpacing(2)
        self.pay_names: list[QLabel] = []
        self.pay_values: list[QLabel] = []
        value_font = QFont()
        value_font.setBold(True)
        value_font.setPointSize(12)
        for i in range(4):
            n, v = QLabel(), named(QLabel(), f"payment_{WINDS[i]}")
            v.setAlignment(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter)
            v.setFont(value_font)
            grid.addWidget(n, i // 2, 2 * (i % 2))
            grid.addWidget(v, i // 2, 2 * (i % 2) + 1)
            self.pay_names.append(n)
            self.pay_values.append(v)
        grid.setColumnStretch(1, 1)
        grid.setColumnStretch(3, 1)
        right.addWidget(self.pay_box)

    # ---- showing -----------------------------------------------------------------------------------
    def _language_changed(self, _code: str) -> None:
        self.retranslate()

    def retranslate(self) -> None:
        c = self.vm.context
        self.notation_label.setText(say(WORDS["notation"]))
        self.win_box.setTitle(say(WORDS["win"]))
        dealer = say(WORDS["dealer"]) if c.wind_of(c.seat) == "E" else ""
        self.winner.setText(say(Text("Winner: {player} ({wind}{dealer})", "riichi_entry", player=c.label(c.seat),
                                     wind=wind_label(c.wind_of(c.seat)), dealer=dealer)))
        self.counters.setText(say(Text("Round: {wind}   Honba: {honba}   Deposits on the table: {deposits}",
                                       "riichi_entry", wind=wind_label(c.round), honba=c.honba,
                                       deposits=c.deposits)))
        self.tsumo.setText(say(OUTCOMES["tsumo"]))
        for seat, b in self.ron.items():
            b.setText(say(Text("Ron from {player}", "riichi_entry", player=c.label(seat))))
        self.flags_box.setTitle(say(WORDS["flags"]))
        for name, box in self.flags.items():
            box.setText(yaku_label(FLAG_YAKU[name]))
        for which in ("dora", "ura"):
            self.target_buttons[which].setText(say(WORDS[f"add_{which}"]))
            self.indicator_rows[which].setToolTip(say(WORDS["remove"]))
        self.hand_row.setToolTip(say(WORDS["remove"]))
        self.yaku.setHorizontalHeaderLabels([say(WORDS["yaku"]), say(COLUMNS["han"]), ""])
        self.pay_box.setTitle(say(WORDS["payments"]))
        self.picker.retranslate()
        self.vm.refresh()

    def _show(self, p: RiichiPreview) -> None:
        vm = self.vm
        if not self._typing:
            self.notation.setText(vm.notation())
        self.hand_row.set_groups(vm.hand_groups())
        self.hand_title.setText(f"{say(WORDS['hand'])} · {p.tile_count}/14")
        typed = vm.notation_error
        message = typed if typed is not None else p.message
        bad = message is not None and not p.progress
        self.message.setText(say(message))
        self.message.setStyleSheet(
            "color: #8c1d18; font-weight: bold; background: #fdecea; border-left: 4px solid #b3261e;"
            " padding: 4px 8px;" if bad else "color: #444; padding: 4px 8px;")
        for which in ("dora", "ura"):
            self.indicator_rows[which].set_groups([((t,), "standing") for t in getattr(vm, which)])
            button = self.target_buttons[which]
            if button.isChecked() != (vm.target == which):
                button.blockSignals(True)
                button.setChecked(vm.target == which)
                button.blockSignals(False)
        self.target_line.setText(say(WORDS[f"target_{vm.target}"]) if vm.target else "")
        self.target_line.setVisible(vm.target is not None)
        self._show_how()
        self._show_result(p)

    def _show_how(self) -> None:
        vm = self.vm
        for b, on in ((self.tsumo, vm.tsumo), *((b, vm.discarder == s) for s, b in self.ron.items())):
            if b.isChecked() != on:
                b.blockSignals(True)
                self.how.setExclusive(False)  # so that none may be checked: nothing chosen yet
                b.setChecked(on)
                self.how.setExclusive(True)
                b.blockSignals(False)
        for name, box in self.flags.items():
            if box.isChecked() != vm.flags[name]:
                box.blockSignals(True)
                box.setChecked(vm.flags[name])
                box.blockSignals(False)

    def _show_result(self, p: RiichiPreview) -> None:
        r = p.result
        self.figures.setText(say(p.figures()))
        if r is not None and not r.yakuman and p.fu_parts:
            parts = " + ".join(f"{say(words)} {fu}" for words, fu in p.fu_parts)
            self.fu_line.setText(f"{say(COLUMNS['fu'])}: {parts} → {r.fu}")
        else:
            self.fu_line.setText("")
        self.yaku.setRowCount(len(p.yaku))
        for i, y in enumerate(p.yaku):
            name = QTableWidgetItem(yaku_label(y))
            name.setData(Qt.ItemDataRole.UserRole, y.id)
            han = QTableWidgetItem(str(y.han))
            han.setTextAlignment(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter)
            tiles = QTableWidgetItem()
            tiles.setData(TILES_ROLE, [tuple(picker_tile(t) for t in y.tiles)] if y.tiles else [])
            tiles.setToolTip(" ".join(y.tiles))
            for col, item in enumerate((name, han, tiles)):
                self.yaku.setItem(i, col, item)
        for i, seat in enumerate(WINDS):
            c = self.vm.context
            self.pay_names[i].setText(f"{c.label(seat)} ({wind_label(c.wind_of(seat))})")
            pay = next((x for x in p.payments if x.seat == seat), None)
            v = self.pay_values[i]
            v.setText("" if pay is None else signed(pay.delta))
            v.setStyleSheet("" if pay is None or not pay.delta else
                            "color: #1b6e2d;" if pay.delta > 0 else "color: #b3261e;")

    # ---- reactions ---------------------------------------------------------------------------------
    def _tsumo_toggled(self, on: bool) -> None:
        if on:
            self.vm.set_tsumo()

    def _ron_toggled(self, seat: str, on: bool) -> None:
        if on:
            self.vm.set_ron(seat)

    def _target_toggled(self, which: str, on: bool) -> None:
        if on:
            self.vm.set_target(which)  # the other row's button is released by ``_show``
        elif self.vm.target == which:
            self.vm.set_target(None)

