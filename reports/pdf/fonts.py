"""Finding and registering the fonts every report embeds.

All text (Latin and Chinese) is set in one CJK TrueType font so that every PDF embeds its fonts and
nothing depends on the base-14 Helvetica. A few score-sheet marks (✗) are missing from some CJK fonts;
those come from a symbol font (DejaVu Sans) when one is installed, else from a look-alike glyph.

Search order: ``$MCR_CJK_FONT`` (``/path/font.ttc`` or ``/path/font.ttc#1`` for a collection member),
fonts shipped in ``resources/fonts/`` (WenQuanYi Micro Hei, so a machine without any CJK font — or the
PyInstaller bundle — still embeds one), then well-known system locations.
"""

from __future__ import annotations

import functools
import os
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path

from reportlab.pdfbase import pdfmetrics
from reportlab.pdfbase.ttfonts import TTFError, TTFont

import resources

ENV_VAR = "MCR_CJK_FONT"
MAIN = "MCRSans"  # registered name of the CJK text font
SYMBOLS = "MCRSymbols"  # registered name of the font used for the sheet marks

# Text the chosen font must be able to draw: Latin, digits and the CJK used on the sheets.
_PROBE = "Aa09桌东南西北番"
MARKS = "▲—+○✓✗"
# Look-alikes when no installed font has a mark (same meaning, still extractable text).
_MARK_FALLBACK = {"✗": "✘", "✓": "√", "○": "O", "▲": "^", "—": "-"}

SHIPPED_DIR = resources.FONTS  # beside the packages, installed or frozen (resources.root())

# (path, collection index). TrueType outlines only: ReportLab cannot embed CFF (.otf / Noto CJK .ttc).
SYSTEM_CANDIDATES: tuple[tuple[str, int], ...] = (
    ("/usr/share/fonts/truetype/wqy/wqy-microhei.ttc", 0),
    ("/usr/share/fonts/wqy-microhei/wqy-microhei.ttc", 0),  # Fedora
    ("/usr/share/fonts/truetype/wqy/wqy-zenhei.ttc", 0),
    ("/usr/share/fonts/wqy-zenhei/wqy-zenhei.ttc", 0),
    ("/usr/share/fonts/truetype/noto/NotoSansSC-Regular.ttf", 0),
    ("/usr/share/fonts/truetype/arphic/uming.ttc", 0),
    ("/usr/share/fonts/truetype/droid/DroidSansFallbackFull.ttf", 0),
    ("/usr/share/fonts/google-droid-sans-fonts/DroidSansFallbackFull.ttf", 0),
    ("/Library/Fonts/Arial Unicode.ttf", 0),
    ("/System/Library/Fonts/Supplemental/Arial Unicode.ttf", 0),
    ("C:/Windows/Fonts/msyh.ttc", 0),
    ("C:/Windows/Fonts/simsun.ttc", 0),
    ("C:/Windows/Fonts/simhei.ttf", 0),
)
SYMBOL_CANDIDATES: tuple[str, ...] = (
    "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf",
    "/usr/share/fonts/dejavu/DejaVuSans.ttf",
    "/usr/share/fonts/dejavu-sans-fonts/DejaVuSans.ttf",
    "C:/Windows/Fonts/seguisym.ttf",
)
INSTALL_HINT = (
    "No CJK font found: install fonts-wqy-microhei (Debian/Ubuntu: apt install fonts-wqy-microhei; "
    "Fedora: dnf install wqy-microhei-fonts), put a TrueType .ttf/.ttc in resources/fonts/, "
    f"or set {ENV_VAR}=/path/to/font.ttc"
)


class MissingFontError(RuntimeError):
    """No usable CJK TrueType font: the message names what to install or set."""


@dataclass(frozen=True, slots=True)
class FontSpec:
    path: Path
    index: int = 0

    def __str__(self) -> str:
        return f"{self.path}#{self.index}" if self.index else str(self.path)


@dataclass(frozen=True, slots=True)
class FontSet:
    """The registered font names and the text to print for each sheet mark."""

    main: str
    symbols: str
    main_spec: FontSpec
    symbol_spec: FontSpec | None
    marks: Mapping[str, str]  # wanted mark -> glyph actually printed with ``symbols``


def _load(spec: FontSpec, name: str) -> TTFont | None:
    try:
        return TTFont(name, str(spec.path), subfontIndex=spec.index)
    except (TTFError, OSError, ValueError, KeyError, IndexError):
        return None


def _has(font: TTFont, text: str) -> bool:
    cmap = font.face.charToGlyph
    return all(ord(ch) in cmap for ch in text)


def parse_spec(value: str) -> FontSpec:
    """``/a/b.ttc#1`` -> FontSpec(/a/b.ttc, 1).

    >>> spec = parse_spec("/x/wqy.ttc#1")  # (the path's repr would be PosixPath or WindowsPath)
    >>> spec.path.as_posix(), spec.index
    ('/x/wqy.ttc', 1)
    """
    path, sep, index = value.rpartition("#")
    if sep and index.isdigit():
        return FontSpec(Path(path), int(index))
    return FontSpec(Path(value), 0)


def _shipped(directory: Path) -> list[FontSpec]:
    if not directory.is_dir():
        return []
    return [FontSpec(p) for p in sorted(directory.iterdir()) if p.suffix.lower() in {".ttf", ".ttc"}]


def find_cjk_font(
    env: Mapping[str, str] | None = None,
    candidates: Iterable[FontSpec] | None = None,
    system: Iterable[tuple[str, int]] | None = None,
) -> tuple[FontSpec, TTFont]:
    """The first usable CJK TrueType font, loaded. Raises MissingFontError naming what to install.

    ``candidates`` replaces the whole search; ``system`` only the system locations searched after the
    shipped fonts (``()``: as on a machine with no CJK font installed).
    """
    env = os.environ if env is None else env
    override = env.get(ENV_VAR, "").strip()
    if override:
        spec = parse_spec(override)
        if not spec.path.is_file():
            raise MissingFontError(f"{ENV_VAR}={override}: no such font file")
        font = _load(spec, MAIN)
        if font is None:
            raise MissingFontError(
                f"{ENV_VAR}={override}: not a TrueType font ReportLab can embed "
                "(CFF/OpenType outlines such as Noto Sans CJK .otf are not supported; use a .ttf/.ttc)"
            )
        if not _has(font, _PROBE):
            raise MissingFontError(f"{ENV_VAR}={override}: the font has no Chinese characters")
        return spec, font
    if candidates is None:
        system = SYSTEM_CANDIDATES if system is None else system
        candidates = [*_shipped(SHIPPED_DIR), *(FontSpec(Path(p), i) for p, i in system)]
    for spec in candidates:
        if not spec.path.is_file():
            continue
        font = _load(spec, MAIN)
        if font is not None and _has(font, _PROBE):
            return spec, font
    raise MissingFontError(INSTALL_HINT)


def _find_symbol_font(paths: Sequence[str]) -> tuple[FontSpec, TTFont] | None:
    for path in paths:
        spec = FontSpec(Path(path))
        if spec.path.is_file():
            font = _load(spec, SYMBOLS)
            if font is not None and _has(font, MARKS):
                return spec, font
    return None


@functools.cache
def fonts() -> FontSet:
    """Register the report fonts once per process and say which glyph prints each mark."""
    spec, main = find_cjk_font()
    pdfmetrics.registerFont(main)
    if _has(main, MARKS):
        symbols, symbol_spec = MAIN, None
        marks = {m: m for m in MARKS}
    elif (found := _find_symbol_font(SYMBOL_CANDIDATES)) is not None:
        symbol_spec, symbol_font = found
        pdfmetrics.registerFont(symbol_font)
        symbols = SYMBOLS
        marks = {m: m for m in MARKS}
    else:
        symbols, symbol_spec = MAIN, None
        marks = {m: (m if _has(main, m) else _MARK_FALLBACK[m]) for m in MARKS}
    # Bold/italic map to the same face: the CJK fonts we find have no bold; emphasis is by size.
    pdfmetrics.registerFontFamily(MAIN, normal=MAIN, bold=MAIN, italic=MAIN, boldItalic=MAIN)
    return FontSet(main=MAIN, symbols=symbols, main_spec=spec, symbol_spec=symbol_spec, marks=marks)
