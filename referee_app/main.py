"""``mcr-referee``: the desktop app."""

from __future__ import annotations

import argparse
import sys


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(prog="mcr-referee", description="MCR Referee desktop app.")
    p.add_argument("file", nargs="?", help="tournament file to open")
    p.add_argument("--demo", action="store_true", help="open a ready demo tournament")
    p.parse_args(argv)
    return 0


if __name__ == "__main__":
    sys.exit(main())
