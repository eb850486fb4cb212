"""Entry point of ``mcr-tournament``: the db commands plus ``report`` (which needs this layer)."""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence

from db import cli as db_cli


def add_report_commands(sub: argparse._SubParsersAction) -> None:
    sub.add_parser("report", help="print score sheets, results, penalties, seating, standings as PDF")


def main(argv: Sequence[str] | None = None) -> int:
    return db_cli.main(argv, extensions=[add_report_commands])


if __name__ == "__main__":
    sys.exit(main())
