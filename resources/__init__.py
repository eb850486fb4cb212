"""Everything the app ships that is not code: fonts (``fonts/``), icons (``icons/``) and the tile faces
(``tiles/``: SVG files made by ``make_tiles.py``, drawn by the table page and the desktop picker).

The folder sits beside the code packages in a checkout, in an installed wheel (package data) and in the
PyInstaller bundle (``sys._MEIPASS/resources``), so ``root()`` finds it in all three. The text
catalogues are in ``locales/`` (gettext ``.po`` files; ``texts`` finds and reads them, docs/texts.md).
No imports beyond the standard library: ``reports`` and ``referee_app`` both use it.
"""

from __future__ import annotations

import sys
from pathlib import Path


def root(here: Path | None = None) -> Path:
    """The ``resources`` folder: beside this module, or in a frozen bundle's data folder."""
    here = Path(__file__).resolve().parent if here is None else here
    if (here / "fonts").is_dir():
        return here
    bundle = getattr(sys, "_MEIPASS", None)  # PyInstaller unpacks data files here
    if bundle and (Path(bundle) / "resources").is_dir():
        return Path(bundle) / "resources"
    return here


FONTS = root() / "fonts"
ICONS = root() / "icons"
TILES = root() / "tiles"
APP_ICON_SVG = ICONS / "mcr-referee.svg"
