"""The import layers (texts <- scoring <- db <- {reports, web} <- referee_app), checked on every test run."""

import ast
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
FORBIDDEN = {
    # pure Python, importing nothing of ours, not even the catalogue (its front ends pass it their words)
    "scoring": {"PySide6", "shiboken6", "sqlalchemy", "reportlab", "starlette", "uvicorn", "db", "reports", "web",
                "referee_app", "texts"},
    "db": {"PySide6", "shiboken6", "reportlab", "starlette", "uvicorn", "reports", "web", "referee_app"},
    "reports": {"PySide6", "shiboken6", "web", "referee_app"},
    "web": {"PySide6", "shiboken6", "referee_app"},
    # the text catalogue is below everything: it imports nothing of ours (and every layer may import it)
    "texts": {"PySide6", "shiboken6", "sqlalchemy", "reportlab", "starlette", "uvicorn", "scoring", "db", "reports",
              "web", "referee_app", "resources"},
}


def _imports(path: Path) -> set[str]:
    roots: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            roots.update(a.name.split(".")[0] for a in node.names)
        elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
            roots.add(node.module.split(".")[0])
    return roots


def test_layers_are_respected() -> None:
    bad = [
        f"{path.relative_to(ROOT)} imports {name}"
        for package, forbidden in FORBIDDEN.items()
        for path in sorted((ROOT / package).rglob("*.py"))
        for name in _imports(path) & forbidden
    ]
    assert bad == []
    assert any((ROOT / "scoring").rglob("*.py")), "the check must see the packages"


PRODUCT = ("scoring", "db", "reports", "web", "referee_app", "texts")
NOT_SHIPPED = {"tools", "tests"}  # the screenshot tools and generators, the suite: never imported by the product


def test_no_product_package_imports_the_tools_or_the_tests() -> None:
    bad = [f"{path.relative_to(ROOT)} imports {name}" for package in PRODUCT
           for path in sorted((ROOT / package).rglob("*.py")) for name in _imports(path) & NOT_SHIPPED]
    assert bad == []


def test_the_check_sees_an_import_of_the_tools_or_the_tests_also_inside_a_function(tmp_path: Path) -> None:
    module = tmp_path / "m.py"
    module.write_text("import tests.browsers\n\ndef shots():\n    from tools.screenshots import desk\n", encoding="utf-8")
    assert _imports(module) & NOT_SHIPPED == {"tools", "tests"}
