"""Tile faces drawn by the app with QPainter (no image set): legible at a glance at 30–60 px wide.

Characters: Chinese numeral over a red 万. Dots: coloured circles in the usual layouts. Bamboo: green
sticks. Winds: 东南西北. Dragons: 中 red, 发 green, 白 as a blue frame. A small Latin index in the corner
(3, E, C…) helps players who do not read Chinese.
"""

from __future__ import annotations

from PySide6.QtCore import QModelIndex, QPersistentModelIndex, QPointF, QRectF, QSize, Qt, Signal
from PySide6.QtGui import QColor, QFont, QMouseEvent, QPainter, QPaintEvent, QPen, QPixmap
from PySide6.QtWidgets import (
    QAbstractButton,
    QSizePolicy,
    QStyle,
    QStyledItemDelegate,
    QStyleOptionViewItem,
    QWidget,
)

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


CJK_FAMILIES = ["WenQuanYi Micro Hei", "Noto Sans CJK SC", "Microsoft YaHei", "PingFang SC", "SimHei"]

IVORY = QColor("#fbf8ef")
EDGE = QColor("#8c8776")
BACK = QColor("#2f7d5b")  # the coloured back seen under the face
INK = QColor("#1d2a4d")
RED = QColor("#c8232c")
GREEN = QColor("#1f8a3b")
BLUE = QColor("#1d4fa0")
HILITE = QColor("#f2b705")

# Unit-square positions (x, y) of the pips for ranks 1–9 (dots); the usual printed layouts.
DOT_LAYOUT: dict[int, list[tuple[float, float]]] = {
    1: [(0.5, 0.5)],
    2: [(0.5, 0.24), (0.5, 0.76)],
    3: [(0.22, 0.2), (0.5, 0.5), (0.78, 0.8)],
    4: [(0.27, 0.25), (0.73, 0.25), (0.27, 0.75), (0.73, 0.75)],
    5: [(0.24, 0.2), (0.76, 0.2), (0.5, 0.5), (0.24, 0.8), (0.76, 0.8)],
    6: [(0.3, 0.17), (0.7, 0.17), (0.3, 0.5), (0.7, 0.5), (0.3, 0.83), (0.7, 0.83)],
    7: [(0.2, 0.12), (0.5, 0.24), (0.8, 0.36), (0.3, 0.62), (0.7, 0.62), (0.3, 0.87), (0.7, 0.87)],
    8: [(0.3, 0.12), (0.7, 0.12), (0.3, 0.37), (0.7, 0.37), (0.3, 0.63), (0.7, 0.63), (0.3, 0.88), (0.7, 0.88)],
    9: [(x, y) for y in (0.16, 0.5, 0.84) for x in (0.2, 0.5, 0.8)],
}
DOT_RADIUS = {1: 0.36, 2: 0.2, 3: 0.17, 4: 0.19, 5: 0.16, 6: 0.15, 7: 0.12, 8: 0.11, 9: 0.13}


def _dot_colour(rank: int, i: int) -> QColor:
    if rank == 1:
        return RED
    if rank in (3, 5) and i == len(DOT_LAYOUT[rank]) // 2:
        return RED
    if rank == 7:
        return GREEN if i < 3 else RED
    if rank == 9:
        return (BLUE, RED, GREEN)[i // 3]
    if rank in (6, 8):
        return GREEN if i < 2 else RED if rank == 6 else BLUE
    return BLUE if i % 2 == 0 else GREEN


# Bamboo: (x, y) centres of sticks and the stick height as a share of the face height.
BAMBOO_LAYOUT: dict[int, tuple[list[tuple[float, float]], float]] = {
    1: ([(0.5, 0.5)], 0.8),
    2: ([(0.5, 0.26), (0.5, 0.74)], 0.42),
    3: ([(0.5, 0.26), (0.28, 0.74), (0.72, 0.74)], 0.42),
    4: ([(0.3, 0.26), (0.7, 0.26), (0.3, 0.74), (0.7, 0.74)], 0.42),
    5: ([(0.22, 0.26), (0.78, 0.26), (0.5, 0.5), (0.22, 0.74), (0.78, 0.74)], 0.42),
    6: ([(x, y) for y in (0.26, 0.74) for x in (0.2, 0.5, 0.8)], 0.42),
    7: ([(0.5, 0.16)] + [(x, y) for y in (0.5, 0.83) for x in (0.2, 0.5, 0.8)], 0.29),
    8: ([(x, y) for y in (0.26, 0.74) for x in (0.14, 0.38, 0.62, 0.86)], 0.42),
    9: ([(x, y) for y in (0.17, 0.5, 0.83) for x in (0.2, 0.5, 0.8)], 0.29),
}


def _bamboo_colour(rank: int, i: int) -> QColor:
    if (rank == 5 and i == 2) or (rank == 7 and i == 0) or (rank == 9 and i % 3 == 1):
        return RED
    return GREEN


def cjk_font(pixel_size: float, bold: bool = True) -> QFont:
    f = QFont()
    f.setFamilies(CJK_FAMILIES)
    f.setPixelSize(max(6, int(pixel_size)))
    f.setBold(bold)
    return f


def _draw_stick(p: QPainter, cx: float, cy: float, w: float, h: float, colour: QColor) -> None:
    r = QRectF(cx - w / 2, cy - h / 2, w, h)
    p.setPen(QPen(colour.darker(140), max(0.8, w * 0.12)))
    p.setBrush(colour)
    p.drawRoundedRect(r, w * 0.45, w * 0.45)
    # the nodes of the cane: a pale band in the middle and near the ends
    p.setPen(QPen(QColor(255, 255, 255, 170), max(0.8, w * 0.14)))
    for f in (0.5, 0.18, 0.82) if h > w * 5 else (0.5,):
        y = r.top() + r.height() * f
        p.drawLine(QPointF(r.left() + w * 0.2, y), QPointF(r.right() - w * 0.2, y))


def paint_tile(p: QPainter, rect: QRectF, t: int, *, highlight: bool = False, dim: bool = False,
               winning: bool = False, index: bool = True) -> None:
    """Draw tile kind ``t`` (0–33) filling ``rect`` (about 3:4)."""
    p.save()
    p.setRenderHint(QPainter.RenderHint.Antialiasing, True)
    radius = rect.width() * 0.12
    # body: a darker back showing below the face gives depth without images
    p.setPen(Qt.PenStyle.NoPen)
    p.setBrush(BACK)
    p.drawRoundedRect(rect, radius, radius)
    face = QRectF(rect.left(), rect.top(), rect.width(), rect.height() * 0.94)
    p.setPen(QPen(HILITE if highlight else RED if winning else EDGE,
                  max(1.0, rect.width() * (0.08 if (highlight or winning) else 0.025))))
    p.setBrush(QColor("#fff3c4") if highlight else IVORY)
    p.drawRoundedRect(face.adjusted(0.5, 0.5, -0.5, -0.5), radius, radius)
    inner = face.adjusted(face.width() * 0.13, face.height() * 0.1, -face.width() * 0.13, -face.height() * 0.1)

    if t < 27:
        rank = t % 9 + 1
        suit = T.SUITS[t // 9]
        if suit == "m":
            _paint_characters(p, inner, rank)
        elif suit == "p":
            _paint_dots(p, inner, rank)
        else:
            _paint_bamboo(p, inner, rank)
        corner = str(rank)
    else:
        _paint_honor(p, inner, t)
        corner = T.HONOR_LETTERS[t - 27]

    if index and rect.width() >= 26:
        p.setPen(QColor("#6b6759"))
        f = QFont()
        f.setPixelSize(max(7, int(rect.width() * 0.2)))
        f.setBold(True)
        p.setFont(f)
        p.drawText(QRectF(face.left() + face.width() * 0.06, face.top() + 1, face.width() * 0.4,
                          face.height() * 0.2), Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignTop, corner)
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
    """A tile face down: its coloured back, as on the table."""
    p.save()
    p.setRenderHint(QPainter.RenderHint.Antialiasing)
    r = rect.adjusted(1, 1, -1, -1)
    radius = r.width() * 0.12
    p.setPen(QPen(EDGE, 1))
    p.setBrush(BACK)
    p.drawRoundedRect(r, radius, radius)
    p.setPen(QPen(BACK.lighter(135), 1))
    p.setBrush(Qt.BrushStyle.NoBrush)
    inner = r.adjusted(r.width() * 0.12, r.width() * 0.12, -r.width() * 0.12, -r.width() * 0.12)
    p.drawRoundedRect(inner, radius * 0.6, radius * 0.6)
    p.restore()


def _paint_characters(p: QPainter, r: QRectF, rank: int) -> None:
    top = QRectF(r.left(), r.top() + r.height() * 0.02, r.width(), r.height() * 0.46)
    bottom = QRectF(r.left(), r.top() + r.height() * 0.46, r.width(), r.height() * 0.54)
    p.setPen(INK)
    p.setFont(cjk_font(min(r.width() * 0.9, r.height() * 0.42)))
    p.drawText(top, Qt.AlignmentFlag.AlignCenter, T.NUMERAL_ZH[rank - 1])
    p.setPen(RED)
    p.setFont(cjk_font(min(r.width() * 0.95, r.height() * 0.5)))
    p.drawText(bottom, Qt.AlignmentFlag.AlignCenter, "万")


def _paint_dots(p: QPainter, r: QRectF, rank: int) -> None:
    side = min(r.width(), r.height())
    for i, (x, y) in enumerate(DOT_LAYOUT[rank]):
        c = QPointF(r.left() + x * r.width(), r.top() + y * r.height())
        rad = DOT_RADIUS[rank] * side * (1.0 if rank != 1 else 1.15)
        colour = _dot_colour(rank, i)
        p.setPen(QPen(colour.darker(130), max(0.8, rad * 0.16)))
        p.setBrush(IVORY)
        p.drawEllipse(c, rad, rad)
        p.setPen(Qt.PenStyle.NoPen)
        p.setBrush(colour)
        p.drawEllipse(c, rad * 0.62, rad * 0.62)
        if rank == 1:  # the big one-dot has a ring pattern
            p.setBrush(IVORY)
            p.drawEllipse(c, rad * 0.3, rad * 0.3)
            p.setBrush(GREEN)
            p.drawEllipse(c, rad * 0.16, rad * 0.16)


def _paint_bamboo(p: QPainter, r: QRectF, rank: int) -> None:
    centres, h_share = BAMBOO_LAYOUT[rank]
    w = r.width() * (0.2 if rank != 1 else 0.3)
    if rank == 8:
        w = r.width() * 0.15
    h = r.height() * h_share
    for i, (x, y) in enumerate(centres):
        _draw_stick(p, r.left() + x * r.width(), r.top() + y * r.height(), w, h, _bamboo_colour(rank, i))


def _paint_honor(p: QPainter, r: QRectF, t: int) -> None:
    letter = T.HONOR_LETTERS[t - 27]
    if letter == "P":  # white dragon: a blue frame
        frame = r.adjusted(r.width() * 0.02, r.height() * 0.08, -r.width() * 0.02, -r.height() * 0.08)
        p.setBrush(Qt.BrushStyle.NoBrush)
        p.setPen(QPen(BLUE, max(1.2, r.width() * 0.1)))
        p.drawRoundedRect(frame, r.width() * 0.08, r.width() * 0.08)
        p.setPen(QPen(BLUE, max(0.8, r.width() * 0.04)))
        inner = frame.adjusted(r.width() * 0.16, r.width() * 0.16, -r.width() * 0.16, -r.width() * 0.16)
        p.drawRect(inner)
        return
    colour = RED if letter == "C" else GREEN if letter == "F" else INK
    p.setPen(colour)
    p.setFont(cjk_font(min(r.width() * 1.0, r.height() * 0.7)))
    p.drawText(r, Qt.AlignmentFlag.AlignCenter, T.HONOR_ZH[letter])


def tile_tooltip(t: int) -> str:
    return f"{T.name(t)} — {T.name_en(t)} {T.name_zh(t)}"


class TileButton(QAbstractButton):
    """One clickable tile. ``count`` (how many are already in the hand) is drawn as a small badge."""

    def __init__(self, t: int, parent: QWidget | None = None, width: int = 40) -> None:
        super().__init__(parent)
        self.tile = t
        self.count = 0
        self._w = width
        self.setToolTip(tile_tooltip(t))
        self.setAccessibleName(T.name_en(t))
        self.setObjectName(f"tile_{T.name(t)}")
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
