"""Every refusal carries a code from the catalogue (``db.messages``) and keeps its English text."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

from db.errors import InputError, StaleTableError, TournamentError
from db.messages import MESSAGES

ROOT = Path(__file__).resolve().parent.parent.parent


def _codes_raised() -> dict[str, str]:
    """code -> where, for every ``code="..."`` keyword in db/, reports/ and referee_app/."""
    found: dict[str, str] = {}
    for package in ("db", "reports", "referee_app"):
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
