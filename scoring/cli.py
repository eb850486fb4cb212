"""``mcr-score``: the hand calculator. Imports nothing from Qt, SQLAlchemy or ReportLab."""

from __future__ import annotations

import argparse
import sys


def build_parser() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(prog="mcr-score", description="Score an MCR winning hand.")
    p.add_argument("notation", nargs="?", help="hand in NOTATION.md form, e.g. [789m2][777s3][234s3]89sEE7s")
    p.add_argument("--stream", action="store_true", help="read JSON lines on stdin, write one JSON line each")
    return p


def main(argv: list[str] | None = None) -> int:
    build_parser().parse_args(argv)
    print("mcr-score: not implemented yet", file=sys.stderr)
    return 1


if __name__ == "__main__":
    sys.exit(main())
