"""Tile faces: the SVG files of ``resources/tiles/`` (made by ``tools/make_tiles.py``) drawn with QtSvg,
the same files the table page shows, so the desk and the phones see one set of faces. Legible at a
glance at 30–60 px wide: characters (numeral over a red 萬), dots, bamboo sticks, 東南西北, 中 發 and a
framed white; a small Latin index in the corner (3, E, C…) helps players who do not read Chinese. Every
glyph is an outline in the files, so no font is involved.
"""

from __future__ import annotations

from PySide6.QtCore import QModelIndex, QPersistentModelIndex, QPointF, QRectF, QSize, Qt, Signal
from PySide6.QtGui import QColor, QFont, QMouseEvent, QPainter, QPaintEvent, QPen, QPixmap
from PySide6.QtSvg import QSvgRenderer
from PySide6.QtWidgets import (
    QAbstractButton,
    QSizePolicy,
    QStyle,
    QStyledItemDelegate,
    QStyleOptionViewItem,
    QWidget,
)

import resources
from referee_app.base.tile_state import RED_FIVES, face_name
from scoring import tiles as T
from scoring.model import Hand, MeldKind

TileGroups = list[tuple[tuple[int, ...], str]]


def hand_groups(hand: Hand) -> TileGroups:
    """A hand as ``TileRow`` groups: each meld (a concealed kong face down at the ends), the standing
    tiles sorted, then the winning tile apart."""
    groups: TileGroups = [(m.tiles, "concealed" if m.kind is MeldKind.CONCEALED_KONG else "meld")
                          for m in hand.melds]
    if hand.standing:
        groups.append((tuple(sorted(hand.standing)), "standing"))
    if hand.winning is not None:
        groups.append(((hand.winning,), "win"))
    return groups


IVORY = QColor("#fbf8ef")
EDGE = QColor("#8c8776")
BACK = QColor("#2f7d5b")  # the coloured back seen under the face
INK = QColor("#1d2a4d")
RED = QColor("#c8232c")
HILITE = QColor("#f2b705")

_RENDERERS: dict[str, QSvgRenderer] = {}


def face_renderer(name: str) -> QSvgRenderer:
    """The SVG face ``resources/tiles/NAME.svg`` (``3s``, ``E``, ``back``), loaded once."""
    r = _RENDERERS.get(name)
    if r is None:
        r = QSvgRenderer(str(resources.TILES / f"{name}.svg"))
        if not r.isValid():
            raise FileNotFoundError(resources.TILES / f"{name}.svg")
        _RENDERERS[name] = r
    return r


def paint_tile(p: QPainter, rect: QRectF, t: int, *, highlight: bool = False, dim: bool = False,
               winning: bool = False, index: bool = True) -> None:
    """Draw tile kind ``t`` (0–33, or 34–36 a red five) filling ``rect`` (about 3:4): its SVG face, then the state on top (a
    gold frame for the hovered or focused tile, red for the winning tile, grey when it cannot be added).
    ``index`` is kept for callers; the faces always carry their small Latin index (3, E, C…)."""
    del index
    p.save()
    p.setRenderHint(QPainter.RenderHint.Antialiasing, True)
    p.setRenderHint(QPainter.RenderHint.SmoothPixmapTransform, True)
    face_renderer(face_name(t)).render(p, rect)
    radius = rect.width() * 0.11
    face = QRectF(rect.left(), rect.top(), rect.width(), rect.height() * 0.94)
    if highlight or winning:
        w = max(1.5, rect.width() * 0.07)
        p.setPen(QPen(HILITE if highlight else RED, w))
        p.setBrush(QColor(242, 183, 5, 40) if highlight else Qt.BrushStyle.NoBrush)
        p.drawRoundedRect(face.adjusted(w / 2, w / 2, -w / 2, -w / 2), radius, radius)
    if dim:
        p.setPen(Qt.PenStyle.NoPen)
        p.setBrush(QColor(120, 120, 120, 100))
        p.drawRoundedRect(rect, radius, radius)
    p.restore()


_PIXMAPS: dict[tuple[int, int, int, int, int, float], QPixmap] = {}


def tile_pixmap(t: int, width: int, height: int, *, highlight: bool = False, dim: bool = False,
                winning: bool = False, index: bool = True, ratio: float = 1.0) -> QPixmap:
    """``paint_tile`` rendered once into a pixmap and reused: repainting 34 buttons on every click must
    stay well within a frame."""
    flags = highlight | dim << 1 | winning << 2 | index << 3
    key = (t, width, height, flags, 0, ratio)
    pm = _PIXMAPS.get(key)
    if pm is None:
        if len(_PIXMAPS) > 4000:  # many sizes after resizing: start over
            _PIXMAPS.clear()
        pm = QPixmap(int(width * ratio), int(height * ratio))
        pm.setDevicePixelRatio(ratio)
        pm.fill(Qt.GlobalColor.transparent)
        p = QPainter(pm)
        paint_tile(p, QRectF(0, 0, width, height), t, highlight=highlight, dim=dim, winning=winning, index=index)
        p.end()
        _PIXMAPS[key] = pm
    return pm


def draw_tile(p: QPainter, rect: QRectF, t: int, **flags: bool) -> None:
    """Draw tile ``t`` into ``rect`` from the pixmap cache."""
    w, h = round(rect.width()), round(rect.height())
    if w < 2 or h < 2:
        return
    p.drawPixmap(QPointF(rect.left(), rect.top()), tile_pixmap(t, w, h, ratio=p.device().devicePixelRatioF(),
                                                              **flags))


def draw_back(p: QPainter, rect: QRectF) -> None:
    """A tile face down: its coloured back, as on the table (``resources/tiles/back.svg``)."""
    p.save()
    p.setRenderHint(QPainter.RenderHint.Antialiasing)
    face_renderer("back").render(p, rect.adjusted(1, 1, -1, -1))
    p.restore()


def tile_tooltip(t: int) -> str:
    five = RED_FIVES.get(t)
    if five is not None:  # Riichi's red five (ids after the 34 kinds: ``tile_state.RED_FIVES``)
        return f"{face_name(t)} — red {T.name_en(five)} 赤{T.name_zh(five)}"
    return f"{T.name(t)} — {T.name_en(t)} {T.name_zh(t)}"


class TileButton(QAbstractButton):
    """One clickable tile. ``count`` (how many are already in the hand) is drawn as a small badge."""

    def __init__(self, t: int, parent: QWidget | None = None, width: int = 40) -> None:
        super().__init__(parent)
        self.tile = t
        self.count = 0
        self._w = width
        self.setToolTip(tile_tooltip(t))
        self.setAccessibleName(T.name_en(t) if t not in RED_FIVES else f"red {T.name_en(RED_FIVES[t])}")
        self.setObjectName(f"tile_{face_name(t)}")
        self.setCursor(Qt.CursorShape.PointingHandCursor)
        self.setFocusPolicy(Qt.FocusPolicy.TabFocus)
        self.setSizePolicy(QSizePolicy.Policy.Fixed, QSizePolicy.Policy.Fixed)

    def sizeHint(self) -> QSize:
        return QSize(self._w, int(self._w * 1.36))

    def set_tile_width(self, width: int) -> None:
        self._w = width
        self.setFixedSize(self.sizeHint())
        self.update()

    def paintEvent(self, _e: QPaintEvent) -> None:
        p = QPainter(self)
        r = QRectF(self.rect()).adjusted(1, 1, -1, -1)
        if self.isDown():
            r.translate(0, 1)
        draw_tile(p, r, self.tile, dim=not self.isEnabled(),
                  highlight=self.underMouse() and self.isEnabled() or self.hasFocus())
        if self.count:
            p.setRenderHint(QPainter.RenderHint.Antialiasing, True)
            d = max(12.0, r.width() * 0.36)
            badge = QRectF(r.right() - d, r.top(), d, d)
            p.setPen(Qt.PenStyle.NoPen)
            p.setBrush(RED if self.count > 4 else INK)  # more than four copies: the problem shows here
            p.drawEllipse(badge)
            p.setPen(QColor("white"))
            f = QFont()
            f.setPixelSize(int(d * 0.7))
            f.setBold(True)
            p.setFont(f)
            p.drawText(badge, Qt.AlignmentFlag.AlignCenter, str(self.count))
        p.end()

    def enterEvent(self, e: object) -> None:  # repaint for the hover highlight
        self.update()
        super().enterEvent(e)  # type: ignore[arg-type]

    def leaveEvent(self, e: object) -> None:
        self.update()
        super().leaveEvent(e)  # type: ignore[arg-type]


class TileRow(QWidget):
    """A row of tiles in groups (melds, standing tiles, the winning tile), with highlighting.

    ``set_groups([(tiles, tag), ...])``: each group is drawn with a gap after it; ``tag`` "win" marks the
    winning tile, "concealed" draws a concealed kong. ``clicked(group, index)`` lets the view remove tiles.
    """

    clicked = Signal(int, int)

    def __init__(self, parent: QWidget | None = None, tile_width: int = 34) -> None:
        super().__init__(parent)
        self._groups: list[tuple[tuple[int, ...], str]] = []
        self._highlight: set[int] = set()
        self._tw = tile_width
        self.setMinimumHeight(int(tile_width * 1.36) + 4)
        self.setSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Fixed)

    def set_groups(self, groups: list[tuple[tuple[int, ...], str]]) -> None:
        self._groups = groups
        self.updateGeometry()
        self.update()

    def set_highlight(self, tiles: set[int]) -> None:
        self._highlight = set(tiles)
        self.update()

    def sizeHint(self) -> QSize:
        n = sum(len(g) for g, _ in self._groups)
        gaps = len(self._groups)
        return QSize(max(200, n * (self._tw + 2) + gaps * self._tw // 2), int(self._tw * 1.36) + 4)

    def _rects(self) -> list[tuple[int, int, QRectF]]:
        out = []
        x = 2.0
        h = self._tw * 1.36
        for gi, (tiles, tag) in enumerate(self._groups):
            if tag == "win":
                x += self._tw * 0.3
            for ti, _t in enumerate(tiles):
                out.append((gi, ti, QRectF(x, 2, self._tw, h)))
                x += self._tw + 1
            x += self._tw * 0.35
        return out

    def paintEvent(self, _e: QPaintEvent) -> None:
        p = QPainter(self)
        for gi, ti, r in self._rects():
            tiles, tag = self._groups[gi]
            t = tiles[ti]
            if tag == "concealed" and ti in (0, 3):
                draw_back(p, r)  # a concealed kong is laid down with its two end tiles face down
            else:
                draw_tile(p, r, t, highlight=t in self._highlight, winning=tag == "win")
        p.end()

    def mousePressEvent(self, e: QMouseEvent) -> None:
        for gi, ti, r in self._rects():
            if r.contains(e.position()):
                self.clicked.emit(gi, ti)
                return
        super().mousePressEvent(e)


class TilesDelegate(QStyledItemDelegate):
    """Draws a cell's tiles (``TILES_GROUPS_ROLE``: tuple of tile tuples) as small tile faces."""

    def __init__(self, role: int, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.role = role

    def paint(self, painter: QPainter, option: QStyleOptionViewItem,
              index: QModelIndex | QPersistentModelIndex) -> None:
        groups = index.data(self.role)
        if not groups:
            super().paint(painter, option, index)
            return
        self.initStyleOption(option, index)
        option.text = ""
        style = option.widget.style() if option.widget else None
        if style is not None:
            style.drawControl(QStyle.ControlElement.CE_ItemViewItem, option, painter, option.widget)
        r = option.rect
        h = max(12.0, r.height() - 4.0)
        w = h / 1.36
        x = r.left() + 3.0
        for group in groups:
            for t in group:
                if x + w > r.right():
                    return
                draw_tile(painter, QRectF(x, r.top() + 2.0, w, h), t, index=False)
                x += w + 1
            x += w * 0.4

    def sizeHint(self, option: QStyleOptionViewItem, index: QModelIndex | QPersistentModelIndex) -> QSize:
        groups = index.data(self.role) or ()
        n = sum(len(g) for g in groups)
        return QSize(int(n * 20 + len(groups) * 8 + 6), 30)
