"""Every refusal carries a code from the catalogue (``db.messages``) and keeps its English text."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

from db.errors import InputError, StaleTableError, TournamentError
from db.messages import MESSAGES

ROOT = Path(__file__).resolve().parent.parent.parent


def _codes_raised() -> dict[str, str]:
    """code -> where, for every ``code="..."`` keyword in db/, web/, reports/ and referee_app/."""
    found: dict[str, str] = {}
    for package in ("db", "web", "reports", "referee_app"):
        for path in sorted((ROOT / package).rglob("*.py")):
            for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
                if isinstance(node, ast.Call):
                    for kw in node.keywords:
                        if kw.arg == "code" and isinstance(kw.value, ast.Constant) and isinstance(kw.value.value, str):
                            found.setdefault(kw.value.value, f"{path.relative_to(ROOT)}:{node.lineno}")
    return found


def test_every_code_raised_is_in_the_catalogue() -> None:
    raised = _codes_raised()
    assert len(raised) > 50
    assert {code: where for code, where in raised.items() if code not in MESSAGES} == {}


SCANNED = ("db", "web", "reports")


def _error_classes(trees: dict[Path, ast.Module]) -> dict[str, bool]:
    """name -> "takes a message" for TournamentError and every subclass defined in the scanned packages:
    True when the class keeps TournamentError's / InputError's constructor (so a message may be passed),
    False when it defines its own (it builds its code itself, e.g. StaleTableError, RowErrors)."""
    own_init: dict[str, bool] = {}
    bases: dict[str, list[str]] = {}
    for tree in trees.values():
        for node in ast.walk(tree):
            if isinstance(node, ast.ClassDef):
                bases[node.name] = [b.id if isinstance(b, ast.Name) else getattr(b, "attr", "") for b in node.bases]
                own_init[node.name] = any(isinstance(f, ast.FunctionDef) and f.name == "__init__" for f in node.body)
    found = {"TournamentError"}
    while True:
        more = {name for name, of in bases.items() if name not in found and found & set(of)}
        if not more:
            break
        found |= more
    return {name: name in ("TournamentError", "InputError") or not own_init[name] for name in found}


def test_no_refusal_is_raised_as_free_text() -> None:
    """A refusal of db/, web/ or reports/ is raised with a code and parameters, never an English sentence
    (``TournamentError(f"...")``), so every one can be translated; a class raised without a code must
    have its class code in the catalogue."""
    trees = {path: ast.parse(path.read_text(encoding="utf-8"))
             for package in SCANNED for path in sorted((ROOT / package).rglob("*.py"))}
    classes = _error_classes(trees)
    assert {"TournamentError", "InputError", "NotATournamentFileError", "BackupError", "OutputError"} <= set(classes)
    free_text, uncatalogued = [], []
    for path, tree in trees.items():
        for node in ast.walk(tree):
            if not isinstance(node, ast.Call):
                continue
            name = node.func.id if isinstance(node.func, ast.Name) else getattr(node.func, "attr", None)
            if name not in classes or not classes[name]:
                continue
            where = f"{path.relative_to(ROOT)}:{node.lineno}"
            message = node.args[1:] if name == "InputError" else node.args  # InputError(field, ...)
            if message or any(kw.arg == "message" for kw in node.keywords):
                free_text.append(f"{where}: {ast.unparse(node)[:90]}")
            elif not any(kw.arg == "code" for kw in node.keywords):
                import db.errors

                cls = getattr(db.errors, name, None)
                if cls is None or cls.code not in MESSAGES:
                    uncatalogued.append(f"{where}: {name}")
    assert free_text == []  # give the refusal a code in db/messages.py and its Chinese in store_errors
    assert uncatalogued == []


def test_a_coded_error_carries_code_params_and_english() -> None:
    exc = InputError("hand", code="hand_out_of_order", table=2, recorded=3, next=4)
    assert exc.code == "hand_out_of_order"
    assert exc.params == {"table": 2, "recorded": 3, "next": 4}
    assert exc.message == '"hand": hands are recorded in order: table 2 has 3 hands, the next is 4'
    assert exc.to_json() == {"code": "hand_out_of_order", "message": exc.message, "field": "hand"}


@pytest.mark.parametrize(("exc", "code"), [
    (StaleTableError(1, 2, 3, 4), "stale_table"),
    (TournamentError(code="no_players"), "no_players"),
    (TournamentError("said in words only"), "refused"),
])
def test_codes_of_the_error_classes(exc: TournamentError, code: str) -> None:
    assert exc.code == code
    assert exc.to_json() == {"code": code, "message": str(exc)}


def test_file_refusals_carry_a_specific_code_and_parameters(tmp_path: Path) -> None:
    from db.errors import NotATournamentFileError
    from db.storage.store import open_database

    empty = tmp_path / "event.mcr"
    empty.write_bytes(b"")
    with pytest.raises(NotATournamentFileError) as caught:
        open_database(empty)
    assert (caught.value.code, caught.value.params) == ("file_empty", {"name": "event.mcr"})
    assert caught.value.message == "event.mcr is empty: it is not a tournament file; it was not changed"
    empty.write_text("hello")
    with pytest.raises(NotATournamentFileError) as caught:
        open_database(empty)
    assert caught.value.to_json() == {"code": "not_sqlite", "message": "event.mcr is not a tournament file "
                                      "(not an SQLite database); it was not changed"}


def test_players_csv_rows_carry_codes() -> None:
    from db.formats.players_csv import RowErrors, parse_players_csv

    with pytest.raises(RowErrors) as caught:
        parse_players_csv("number,name,substitute\n1,Ann,maybe\n1,Bo,no\n")
    assert [(r.line, r.code, r.params) for r in caught.value.rows] == [
        (2, "csv_substitute_invalid", {"value": "'maybe'"}), (3, "csv_number_twice", {"number": "1", "first": 2})]
    assert caught.value.problems == ['line 2: "substitute" \'maybe\': use yes or no',
                                     'line 3: "number" 1 already used on line 2']
    assert caught.value.to_json()["rows"][1] == {"line": 3, "code": "csv_number_twice",
                                                 "message": '"number" 1 already used on line 2'}
