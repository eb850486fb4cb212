"""Inside ``referee_app`` imports go one way: no cycle between modules, the rooms in one order, and an import
inside a function only with its reason in a comment (docs/architecture.md, "Checks").

Every import counts, also under ``if TYPE_CHECKING:`` and inside functions (``tests/import_graph.py``).
"""

from __future__ import annotations

from tests.import_graph import (
    ROOT,
    cycle,
    graph,
    imported_from_another_room,
    imports,
    module_graph,
    modules,
    room_graph,
)

EDGES = graph("referee_app")

# The shell holds the window (the top) and also the services every room below uses. Moving these into a room
# below the pages is the fix, left for a move of its own (six modules, imports in some thirty files): until
# then, other rooms may import them and nothing else of the shell.
SHELL_SERVICES = {
    "referee_app.base.errors": "error dialogs and the refusal's words, for every page and dialog",
    "referee_app.base.settings": "the app's settings (language, folders, sizes), read everywhere",
    "referee_app.base.paths": "where settings and the demo live (the wizard's default folder)",
    "referee_app.base.context": "the open tournament (database, runner, path) a page is given",
    "referee_app.base.runner": "one transaction per action (the devices dialog revokes a link)",
    "referee_app.base.table_devices": "the table devices' server and QR codes (the hall and its dialog)",
}

# Modules whose imports inside functions are their design, said once here rather than at each import.
LAZY_MODULES = {
    "referee_app.shell.main": "the entry point: the pre-Qt checks (a display, the xcb libraries) run before Qt, "
                              "the window and the rest of the app load",
}


def test_the_check_sees_the_modules_and_their_lazy_imports() -> None:
    assert {"referee_app.models.sheet", "referee_app.pages.sheet", "referee_app.shell.window"} <= set(modules(
        "referee_app"))
    window = [e for e in EDGES if e.source == "referee_app.shell.window" and e.target == "referee_app.pages.sheet"]
    assert [(e.nested, bool(e.why)) for e in window] == [(True, True)]


def test_the_check_reads_the_reason_of_a_lazy_import() -> None:
    source = (
        "from typing import TYPE_CHECKING\n"
        "if TYPE_CHECKING:\n    from referee_app.shell.window import MainWindow\n"
        "def f():\n    # imported here: not with the window\n    from referee_app.pages import log\n"
        "    from referee_app.pages import sheet\n"
        "def g():\n    from referee_app.pages import players  # why, on the line\n"
        "def h():\n    x = 1\n    from referee_app.pages import reports\n"
    )
    known = modules("referee_app")
    found = imports("referee_app", "referee_app.shell.backup_menu", ROOT / "referee_app/shell/backup_menu.py",
                    known, source)
    assert [(e.target.rpartition(".")[2], e.nested, e.why) for e in found] == [
        ("window", False, ""),
        ("log", True, "imported here: not with the window"),
        ("sheet", True, "imported here: not with the window"),
        ("players", True, "why, on the line"),
        ("reports", True, ""),
    ]


def test_no_import_cycle_between_modules() -> None:
    assert cycle(module_graph(EDGES)) == []


def test_an_import_inside_a_function_says_why() -> None:
    silent = sorted(f"{e.source}:{e.line} imports {e.target}" for e in EDGES
                    if e.nested and not e.why and e.source not in LAZY_MODULES)
    assert silent == []


def test_the_rooms_import_one_way() -> None:
    """words <- models <- base <- entry <- dialogs <- pages, hall <- shell (docs/architecture.md)."""
    assert cycle(room_graph(EDGES, SHELL_SERVICES)) == []


def test_the_shell_services_are_the_only_part_of_the_shell_imported_from_below() -> None:
    from_below = {m for m in imported_from_another_room(EDGES) if m.startswith("referee_app.shell.")}
    assert from_below == set(SHELL_SERVICES)  # and each one listed still is (the list only shrinks)
