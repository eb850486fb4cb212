"""The organiser's values of a rule system whose source leaves numbers open (Guiyang 捉鸡, Guangdong 鸡平胡).

Such a value has no default: until the organiser types it, it is *missing*. A missing value is not a wrong
one (the settings page lets the organiser fill it later), but no hand is scored without it (issue 33 item 5:
"its sessions cannot start until they are filled"). A value given as null counts as missing.
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Mapping
from typing import Any

__all__ = ["missing_names", "unknown_problem", "whole_problem", "missing_message"]


def missing_names(rules: Mapping[str, Any], required: Iterable[str]) -> tuple[str, ...]:
    """The required names that ``rules`` does not give (absent or null), in ``required``'s order."""
    return tuple(n for n in required if rules.get(n) is None)


def unknown_problem(profile: str, rules: Mapping[str, Any], names: Iterable[str]) -> str | None:
    """The first name of ``rules`` that is not one of the system's values, said in one line; None when all are."""
    known = tuple(names)
    for key in rules:
        if key not in known:
            return f"{key}: not a value of {profile} (its values: {', '.join(known)})"
    return None


def whole_problem(name: str, value: Any, least: int, most: int) -> str | None:
    """What is wrong with a whole-number value (null is missing, not wrong); None when it is right. ``most``
    keeps every payment the value makes within the store's whole numbers (SQLite's 64 bits)."""
    if value is None or type(value) is int and least <= value <= most:
        return None
    return f"{name}: must be a whole number from {least} to {most:,}, not {json.dumps(value, ensure_ascii=False)}"


def missing_message(profile: str, names: Iterable[str]) -> str:
    """The answer's message for a hand scored before the organiser typed every value."""
    return (f"{profile}: the organiser has not set {', '.join(names)} (source 003 gives no number for "
            f"them: the organiser types them in the event's settings)")
