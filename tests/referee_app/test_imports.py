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
    assert cycle(room_graph(EDGES, {})) == []


def test_nothing_imports_the_shell_from_another_room() -> None:
    """The shell is the top: the window and the entry point; what every room uses is in base/."""
    assert {m for m in imported_from_another_room(EDGES) if m.startswith("referee_app.shell.")} == set()
