"""The examples in the db modules' docstrings are true (pytest collects doctests only under scoring/)."""

from __future__ import annotations

import doctest
import importlib

import pytest

# db.seating is a package: its examples live in the modules that define the functions.
SEATING_MODULES = ["db.seating.model", "db.seating.bounds", "db.seating.seats", "db.seating.standings"]


@pytest.mark.parametrize("module", ["db.files", "db.clock", "db.rotation", "db.scores", *SEATING_MODULES,
                                    "db.service.outcomes", "db.service.teammates", "db.views", "db.messages",
                                    "db.names", "db.countries", "db.formats.ema_csv", "db.limits",
                                    "db.formats.result_import", "db.service.players", "db.backups", "db.stages",
                                    "db.service.seats", "db.cli"])
def test_docstring_examples(module: str) -> None:
    result = doctest.testmod(importlib.import_module(module))
    assert result.failed == 0
    assert result.attempted > 0
