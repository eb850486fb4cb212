"""Render the app icon from ``icons/mcr-referee.svg``: PNGs for the window (``mcr-referee-SIZE.png``, and
``mcr-referee.png`` at 256), .ico (Windows), .icns (macOS).

A build-time tool, run by hand after changing the SVG; its output is committed, so neither the app nor
the bundle build needs it. Needs ``rsvg-convert`` (Debian: librsvg2-bin) and Pillow (python3-pil):

    python3 tools/make_icons.py
"""

from __future__ import annotations

import shutil
import subprocess
import sys
from pathlib import Path

ICONS = Path(__file__).resolve().parent.parent / "resources" / "icons"
SVG = ICONS / "mcr-referee.svg"
PNG_SIZES = (16, 24, 32, 48, 64, 128, 256, 512)
ICO_SIZES = (16, 24, 32, 48, 64, 128, 256)
ICNS_SIZES = (16, 32, 64, 128, 256, 512, 1024)


def render(size: int, out: Path) -> Path:
    subprocess.run(["rsvg-convert", "-w", str(size), "-h", str(size), "-o", str(out), str(SVG)], check=True)
    return out


def main() -> int:
    if shutil.which("rsvg-convert") is None:
        print("make_icons: needs rsvg-convert (apt-get install librsvg2-bin)", file=sys.stderr)
        return 1
    from PIL import Image  # build-time only, not a dependency of the app

    for size in PNG_SIZES:
        render(size, ICONS / f"mcr-referee-{size}.png")
    render(256, ICONS / "mcr-referee.png")  # the one PNG a bundler or a .desktop file asks for
    big = render(1024, ICONS / "mcr-referee-1024.tmp.png")
    try:
        with Image.open(big) as opened:
            img = opened.convert("RGBA")
            # Each size from its own rendering, so the small ones are drawn for their size, not scaled.
            ico_images = [Image.open(ICONS / f"mcr-referee-{s}.png").convert("RGBA") for s in ICO_SIZES]
            ico_images[-1].save(ICONS / "mcr-referee.ico", sizes=[(s, s) for s in ICO_SIZES],
                                append_images=ico_images[:-1])
            img.save(ICONS / "mcr-referee.icns", sizes=[(s, s) for s in ICNS_SIZES])
    finally:
        big.unlink()
    print(f"make_icons: wrote {len(PNG_SIZES)} PNGs, mcr-referee.ico and mcr-referee.icns in {ICONS}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
