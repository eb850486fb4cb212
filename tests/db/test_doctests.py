"""The examples in the db modules' docstrings are true (pytest collects doctests only under scoring/)."""

from __future__ import annotations

import doctest
import importlib

import pytest

# db.seating is a package: its examples live in the modules that define the functions.
SEATING_MODULES = ["db.seating.model", "db.seating.bounds", "db.seating.seats", "db.seating.standings"]


@pytest.mark.parametrize("module", ["db.storage.files", "db.rules.clock", "db.rules.rotation", "db.rules.scores", *SEATING_MODULES,
                                    "db.service.outcomes", "db.service.teammates", "db.read.views", "db.messages",
                                    "db.rules.names", "db.rules.ranking", "db.rules.countries", "db.formats.ema_csv", "db.rules.limits",
                                    "db.formats.result_import", "db.service.players", "db.storage.backups", "db.rules.stages",
                                    "db.service.seats", "db.commands.cli", "db.rules.game_words",
                                    "db.read.games", "db.read.table_scores"])
def test_docstring_examples(module: str) -> None:
    result = doctest.testmod(importlib.import_module(module))
    assert result.failed == 0
    assert result.attempted > 0
