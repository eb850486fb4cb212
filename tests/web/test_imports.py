"""Inside ``web`` imports go one way: no cycle between modules, the rooms in one order, and an import inside a
function only with its reason in a comment (docs/architecture.md, "Checks"; ``tests/import_graph.py``)."""

from __future__ import annotations

from tests.import_graph import cycle, graph, module_graph, modules, room, room_graph

EDGES = graph("web")

# Modules whose lazy imports are their design, named once here rather than on every import.
LAZY_MODULES = {
    "web.cli": "the console script: only the standard library at its top, so --version answers at once and each "
               "command loads what it uses when it runs (docs/architecture.md, \"Start-up\")",
}


def test_the_check_sees_the_modules() -> None:
    assert {"web.api.app", "web.public.page", "web.cli"} <= set(modules("web"))
    assert any(e.source == "web.api.app" and e.target == "web.public.page" for e in EDGES)


def test_no_import_cycle_between_modules() -> None:
    assert cycle(module_graph(EDGES)) == []


def test_an_import_inside_a_function_says_why() -> None:
    assert sorted(f"{e.source}:{e.line} imports {e.target}" for e in EDGES
                  if e.nested and not e.why and e.source not in LAZY_MODULES) == []


def test_the_rooms_import_one_way() -> None:
    """web.limits <- web.public <- web.api <- web.cli."""
    assert cycle(room_graph(EDGES, {})) == []


def test_the_players_page_imports_nothing_of_the_api() -> None:
    """It is served behind the limits (web/limits), which sit below both it and the api."""
    assert {e.target for e in EDGES if room(e.source) == "web.public" and room(e.target) == "web.api"} == set()
