"""Draw the tile faces as SVG files in ``tiles/``: the 34 kinds, the 8 flowers and seasons, and a back.

One set of faces for the table page (served at ``/static/tiles/``) and the desktop picker
(``referee_app/base/tile_faces.py`` renders them with QtSvg). Every glyph is an outline taken from the shipped
font (``fonts/wqy-microhei.ttc``) with fontTools and written as a ``<path>``, so a face looks the same in
every browser and on a machine without any Chinese font.

A build-time tool, run by hand after a change here; its output is committed, so neither the app, the
server nor the bundle needs fontTools:

    .venv/bin/pip install fonttools && .venv/bin/python tools/make_tiles.py

File names: ``1m.svg``…``9m.svg``, ``1s``…, ``1p``…, ``E S W N C F P.svg`` (the notation's names), the
red fives of Riichi ``0m.svg 0s.svg 0p.svg`` (the five drawn all in red, as the physical tiles are),
``flower1.svg``…``flower4.svg`` (梅 蘭 竹 菊), ``season1.svg``…``season4.svg`` (春 夏 秋 冬), ``back.svg``.
"""

from __future__ import annotations

import sys
from functools import cache
from pathlib import Path

HERE = Path(__file__).resolve().parent.parent / "resources"
OUT = HERE / "tiles"
FONT = HERE / "fonts" / "wqy-microhei.ttc"

W, H = 300, 400  # the tile, a 3:4 body; the face is the top 94 %, the coloured back shows below
FACE_H = 376
IVORY = "#fbf8ef"
EDGE = "#8c8776"
BACK = "#2f7d5b"
INK = "#1d2a4d"
RED = "#c8232c"
GREEN = "#1f8a3b"
BLUE = "#1d4fa0"
GREY = "#6b6759"

NUMERALS = "一二三四五六七八九"
WINDS = {"E": "東", "S": "南", "W": "西", "N": "北"}
FLOWERS = "梅蘭竹菊"
SEASONS = "春夏秋冬"

# the same layouts as the QPainter faces had: unit-square centres of the pips (dots) for ranks 1–9
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
DOT_RADIUS = {1: 0.41, 2: 0.2, 3: 0.17, 4: 0.19, 5: 0.16, 6: 0.15, 7: 0.12, 8: 0.11, 9: 0.13}

# bamboo: stick centres and the stick height as a share of the inner height
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

# the inner area where the design goes
IX, IY, IW, IH = 39.0, 38.0, 222.0, 300.0


def _dot_colour(rank: int, i: int) -> str:
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


def _bamboo_colour(rank: int, i: int) -> str:
    if (rank == 5 and i == 2) or (rank == 7 and i == 0) or (rank == 9 and i % 3 == 1):
        return RED
    return GREEN


@cache
def _font():  # type: ignore[no-untyped-def]
    from fontTools.ttLib import TTCollection

    return TTCollection(str(FONT)).fonts[0]


def glyph(ch: str, cx: float, cy: float, size: float, fill: str) -> str:
    """``ch`` as a filled path, ``size`` units to the em, its outline's box centred on (cx, cy)."""
    from fontTools.pens.boundsPen import BoundsPen
    from fontTools.pens.svgPathPen import SVGPathPen
    from fontTools.pens.transformPen import TransformPen

    font = _font()
    gs = font.getGlyphSet()
    name = font.getBestCmap()[ord(ch)]
    bounds = BoundsPen(gs)
    gs[name].draw(bounds)
    x0, y0, x1, y1 = bounds.bounds
    s = size / font["head"].unitsPerEm
    # font units (y up) → tile units (y down), the outline's centre on (cx, cy)
    matrix = (s, 0, 0, -s, cx - s * (x0 + x1) / 2, cy + s * (y0 + y1) / 2)
    pen = SVGPathPen(gs, ntos=lambda v: f"{v:.1f}".rstrip("0").rstrip("."))
    gs[name].draw(TransformPen(pen, matrix))
    return f'<path fill="{fill}" d="{pen.getCommands()}"/>'


def _body(title: str, parts: list[str], index: str | None) -> str:
    corner = [glyph(index, 32, 34, 64, GREY)] if index else []
    return "\n".join([
        f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {W} {H}" width="{W // 5}" height="{H // 5}">',
        f"<title>{title}</title>",
        f'<rect width="{W}" height="{H}" rx="34" fill="{BACK}"/>',
        f'<rect x="4" y="4" width="{W - 8}" height="{FACE_H - 8}" rx="30" fill="{IVORY}" stroke="{EDGE}" '
        'stroke-width="8"/>',
        *corner, *parts, "</svg>", ""])


def characters(rank: int) -> list[str]:
    return [glyph(NUMERALS[rank - 1], W / 2, 112, 150, INK), glyph("萬", W / 2, 260, 170, RED)]


def dots(rank: int) -> list[str]:
    out = []
    side = min(IW, IH)
    for i, (x, y) in enumerate(DOT_LAYOUT[rank]):
        cx, cy = IX + x * IW, IY + y * IH
        r = DOT_RADIUS[rank] * side
        c = _dot_colour(rank, i)
        out.append(f'<circle cx="{cx:.1f}" cy="{cy:.1f}" r="{r * 0.92:.1f}" fill="{IVORY}" stroke="{c}" '
                   f'stroke-width="{r * 0.16:.1f}"/>')
        out.append(f'<circle cx="{cx:.1f}" cy="{cy:.1f}" r="{r * 0.6:.1f}" fill="{c}"/>')
        if rank == 1:  # the big one-dot has rings
            out.append(f'<circle cx="{cx:.1f}" cy="{cy:.1f}" r="{r * 0.32:.1f}" fill="{IVORY}"/>')
            out.append(f'<circle cx="{cx:.1f}" cy="{cy:.1f}" r="{r * 0.17:.1f}" fill="{GREEN}"/>')
        elif rank <= 6:  # a pale highlight keeps the pips from reading as flat discs
            out.append(f'<circle cx="{cx:.1f}" cy="{cy:.1f}" r="{r * 0.25:.1f}" fill="{IVORY}" '
                       'fill-opacity="0.85"/>')
    return out


def _stick(cx: float, cy: float, w: float, h: float, colour: str) -> list[str]:
    x, y = cx - w / 2, cy - h / 2
    out = [f'<rect x="{x:.1f}" y="{y:.1f}" width="{w:.1f}" height="{h:.1f}" rx="{w * 0.45:.1f}" '
           f'fill="{colour}"/>']
    for f in (0.5, 0.17, 0.83) if h > w * 5 else (0.5,):  # the nodes of the cane
        ny = y + h * f
        out.append(f'<line x1="{x + w * 0.15:.1f}" y1="{ny:.1f}" x2="{x + w * 0.85:.1f}" y2="{ny:.1f}" '
                   f'stroke="#ffffff" stroke-opacity="0.75" stroke-width="{w * 0.16:.1f}"/>')
    return out


def bamboo(rank: int) -> list[str]:
    if rank == 1:  # the one of bamboo: a single big cane with leaves, as the bird is too fiddly to read small
        return [*_stick(W / 2, IY + IH / 2, 56, IH * 0.86, GREEN),
                f'<ellipse cx="{W / 2 - 52}" cy="{IY + IH * 0.33}" rx="44" ry="15" fill="{GREEN}" '
                f'transform="rotate(-30 {W / 2 - 52} {IY + IH * 0.33})"/>',
                f'<ellipse cx="{W / 2 + 52}" cy="{IY + IH * 0.58}" rx="44" ry="15" fill="{RED}" '
                f'transform="rotate(30 {W / 2 + 52} {IY + IH * 0.58})"/>']
    centres, share = BAMBOO_LAYOUT[rank]
    w = IW * (0.15 if rank == 8 else 0.19)
    h = IH * share
    out: list[str] = []
    for i, (x, y) in enumerate(centres):
        out += _stick(IX + x * IW, IY + y * IH, w, h, _bamboo_colour(rank, i))
    return out


def honour(letter: str) -> list[str]:
    if letter == "P":  # white dragon: a blue frame
        return [f'<rect x="{IX + 6}" y="{IY + 24}" width="{IW - 12}" height="{IH - 48}" rx="14" fill="none" '
                f'stroke="{BLUE}" stroke-width="22"/>',
                f'<rect x="{IX + 44}" y="{IY + 62}" width="{IW - 88}" height="{IH - 124}" fill="none" '
                f'stroke="{BLUE}" stroke-width="8"/>']
    if letter in WINDS:
        return [glyph(WINDS[letter], W / 2, FACE_H / 2 + 8, 210, INK)]
    return [glyph("中" if letter == "C" else "發", W / 2, FACE_H / 2 + 8, 220, RED if letter == "C" else GREEN)]


def flower(ch: str, n: int, colour: str) -> list[str]:
    petals = [f'<circle cx="{W - 62 + 20 * dx:.1f}" cy="{300 + 20 * dy:.1f}" r="15" fill="{colour}" '
              'fill-opacity="0.55"/>' for dx, dy in ((0, -1), (0.95, -0.31), (0.59, 0.81), (-0.59, 0.81),
                                                    (-0.95, -0.31))]
    return [glyph(ch, W / 2 + 10, 160, 190, colour), *petals,
            f'<circle cx="{W - 62}" cy="300" r="10" fill="#f2b705"/>',
            glyph(str(n), 70, 302, 110, INK)]


def red_five(title: str, parts: list[str]) -> str:
    """Riichi's red five: the five's design with every ink in red, its corner index too."""
    def red(part: str) -> str:
        for ink in (INK, GREEN, BLUE, GREY):
            part = part.replace(ink, RED)
        return part

    return red(_body(f"Red 5 {title}", parts, "5"))


def faces() -> dict[str, str]:
    out: dict[str, str] = {}
    for rank in range(1, 10):
        out[f"{rank}m"] = _body(f"{rank} characters {NUMERALS[rank - 1]}萬", characters(rank), str(rank))
        out[f"{rank}s"] = _body(f"{rank} bamboo", bamboo(rank), str(rank))
        out[f"{rank}p"] = _body(f"{rank} dots", dots(rank), str(rank))
    for suit, title, draw in (("m", "characters", characters), ("s", "bamboo", bamboo), ("p", "dots", dots)):
        out[f"0{suit}"] = red_five(title, draw(5))
    names = {"E": "East 東", "S": "South 南", "W": "West 西", "N": "North 北", "C": "Red dragon 中",
             "F": "Green dragon 發", "P": "White dragon 白"}
    for letter, title in names.items():
        out[letter] = _body(title, honour(letter), letter)
    for i, ch in enumerate(FLOWERS, start=1):
        out[f"flower{i}"] = _body(f"Flower {i} {ch}", flower(ch, i, RED), None)
    for i, ch in enumerate(SEASONS, start=1):
        out[f"season{i}"] = _body(f"Season {i} {ch}", flower(ch, i, BLUE), None)
    out["back"] = "\n".join([
        f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {W} {H}" width="{W // 5}" height="{H // 5}">',
        "<title>Tile back</title>",
        f'<rect x="4" y="4" width="{W - 8}" height="{H - 8}" rx="30" fill="{BACK}" stroke="{EDGE}" '
        'stroke-width="8"/>',
        f'<rect x="40" y="40" width="{W - 80}" height="{H - 80}" rx="18" fill="none" stroke="#5fa684" '
        'stroke-width="8"/>', "</svg>", ""])
    return out


def main() -> int:
    try:
        import fontTools  # noqa: F401
    except ImportError:
        print("make_tiles: needs fontTools (pip install fonttools)", file=sys.stderr)
        return 1
    OUT.mkdir(exist_ok=True)
    for name, svg in faces().items():
        (OUT / f"{name}.svg").write_text(svg, encoding="utf-8", newline="\n")
    print(f"make_tiles: {len(faces())} faces in {OUT}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
