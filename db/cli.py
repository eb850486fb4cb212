"""``mcr-tournament``: headless tournament administration (commands other than ``report``)."""

from __future__ import annotations

import argparse
from collections.abc import Callable, Sequence

# An extension adds sub-commands to the parser (the reports layer adds ``report``).
Extension = Callable[[argparse._SubParsersAction], None]


def build_parser(extensions: Sequence[Extension] = ()) -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(prog="mcr-tournament", description="MCR tournament administration.")
    p.add_argument("--db", help="SQLite file path or SQLAlchemy URL")
    sub = p.add_subparsers(dest="command", required=True)
    sub.add_parser("init", help="create a tournament")
    for extend in extensions:
        extend(sub)
    return p


def main(argv: Sequence[str] | None = None, extensions: Sequence[Extension] = ()) -> int:
    build_parser(extensions).parse_args(argv)
    return 1
