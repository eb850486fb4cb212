"""The shared table of tile-entry cases (tests/fixtures/hand_entry_cases.json): read by the desk's suite
(tests/referee_app/entry/test_hand_entry_cases.py, ``referee_app.entry.hand_vm``) and the phone's (tests/web/
test_hand_entry_cases.py, ``web/static/table/hand.js`` in Chromium and WebKit). Each side replays a case's
steps in its own model and reports what it sees after each; :func:`problems` holds it to the table."""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path
from typing import Any

FIXTURE = Path(__file__).resolve().parent / "fixtures" / "hand_entry_cases.json"
ACTIONS = ("mode", "tap", "take", "take_meld", "take_winning", "undo", "clear")
MODES = ("tile", "chow", "pung", "kong", "concealed_kong")
CHECKED = ("count", "melds", "standing", "winning", "greyed", "notation", "refused")


def all_tiles() -> list[str]:
    from scoring import tiles as T

    return [T.name(k) for k in range(T.NUM_KINDS)]


def cases() -> list[dict[str, Any]]:
    data: list[dict[str, Any]] = json.loads(FIXTURE.read_text(encoding="utf-8"))["cases"]
    return data


def action(step: dict[str, Any]) -> tuple[str, Any]:
    """The one thing a step does, and its argument."""
    found = [(key, step[key]) for key in ACTIONS if key in step]
    assert len(found) == 1, f"a step does one thing: {step}"
    unknown = set(step) - set(ACTIONS) - set(CHECKED)
    assert not unknown, f"unknown keys {unknown} in {step}"
    if found[0][0] == "mode":
        assert found[0][1] in MODES, step
    return found[0]


def problems(case: dict[str, Any], seen: list[dict[str, Any]],
             same_notation: Callable[[str, str], bool]) -> list[str]:
    """Where what a model saw after each step differs from the case; ``same_notation(expected, written)``
    says whether the model's notation is the hand of the table's."""
    out: list[str] = []
    assert len(seen) == len(case["steps"]), (case["name"], len(seen))
    for i, (step, got) in enumerate(zip(case["steps"], seen, strict=True)):
        where = f"{case['name']}, step {i + 1} {action(step)}"
        if action(step)[0] == "tap" and got["refused"] != step.get("refused", False):
            out.append(f"{where}: refused {got['refused']}, expected {step.get('refused', False)}")
        for key in ("count", "melds", "standing", "winning"):
            if key in step and got[key] != step[key]:
                out.append(f"{where}: {key} {got[key]!r}, expected {step[key]!r}")
        if "greyed" in step:
            want = all_tiles() if step["greyed"] == "all" else step["greyed"]
            if got["greyed"] != want:
                out.append(f"{where}: greyed {got['greyed']!r}, expected {want!r}")
        if "notation" in step and not same_notation(step["notation"], got["notation"]):
            out.append(f"{where}: notation {got['notation']!r}, expected {step['notation']!r}")
    return out
