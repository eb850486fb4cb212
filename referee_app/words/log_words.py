"""The Log in words, in the user's language: what changed ("session 1 table 3 hand 2" /
"第 1 局第 3 桌第 2 盘", from the entry's place and message code: ``db.audit_what``) and the before/after
the audit log stores as JSON ("win · winner 5 · discarder 7 · 24 fan" / "和牌 · 和牌者 5 · 点炮者 7 · 24 番").
The store keeps the JSON (it is the record); this is how
the page shows it. A key or a text this module does not know is shown as it is, never hidden."""

from __future__ import annotations

import json
from typing import Any

import texts
from db.audit_what import fields, render
from db.read.views import AuditEntry
from referee_app.words.i18n import LANG
from texts import NC_

#: a stored key: its label (msgctxt "log_key"), in the order they are said (the store sorts them by name)
KEYS: dict[str, str] = {
    "winner": NC_("log_key", "winner"), "discarder": NC_("log_key", "discarder"),
    "self_drawn": NC_("log_key", "self-drawn"), "fan": NC_("log_key", "fan"), "flowers": NC_("log_key", "flowers"),
    "player": NC_("log_key", "player"), "kind": NC_("log_key", "kind"), "points": NC_("log_key", "points"),
    "settlement": NC_("log_key", "settlement"), "to": NC_("log_key", "to"), "reason": NC_("log_key", "reason"),
    "hand": NC_("log_key", "hand"), "signed_off": NC_("log_key", "signed off"),
    "after_hand": NC_("log_key", "time called after hand"),
    "number": NC_("log_key", "number"), "name": NC_("log_key", "name"), "team": NC_("log_key", "team"),
    "country": NC_("log_key", "country"), "tables": NC_("log_key", "tables"), "policy": NC_("log_key", "policy"),
    "seed": NC_("log_key", "seed"), "substitute": NC_("log_key", "reserve"),
    "notation": NC_("log_key.notation", "hand"), "payments": NC_("log_key", "payments"),
    # The keys of the clock, the calls, the players' page, a player's EMA details and a seating
    # plan were shown as stored ("elapsed_s 0", "penalty_id 3")
    "first_name": NC_("log_key", "first name"), "last_name": NC_("log_key", "last name"),
    "ema_number": NC_("log_key", "EMA number"),
    "length_s": NC_("log_key", "length (s)"), "remaining_s": NC_("log_key", "time left (s)"),
    "elapsed_s": NC_("log_key", "time played (s)"), "paused_total_s": NC_("log_key", "paused (s)"),
    "started_at": NC_("log_key", "started at"),
    "status": NC_("log_key", "status"), "note": NC_("log_key", "note"), "called_at": NC_("log_key", "called at"),
    "taken_by": NC_("log_key", "taken by"), "taken_at": NC_("log_key", "taken at"),
    "ruling": NC_("log_key", "ruling"), "penalty_id": NC_("log_key", "penalty"), "closed_at": NC_("log_key", "closed at"),
    "enabled": NC_("log_key", "switched on"), "hide_standings_after": NC_("log_key", "standings hidden after session"),
    "planned_sessions": NC_("log_key", "sessions planned"), "after_sessions": NC_("log_key", "after sessions"),
}
_ORDER = {k: i for i, k in enumerate(KEYS)}
#: a stored value word: its label (msgctxt "log_value")
VALUES: dict[str, str] = {
    "win": NC_("log_value", "win"), "draw": NC_("log_value", "draw"), "penalty": NC_("log_value", "penalty"),
    "deducted": NC_("log_value", "deducted"), "others": NC_("log_value", "paid to the other three"),
    "player": NC_("log_value", "paid to one player"), "false_win_wrong": NC_("log_value", "false win"),
    "false_win": NC_("log_value", "false win"), "lateness": NC_("log_value", "lateness"),
    "rule_violation": NC_("log_value", "rule violation"), "custom": NC_("log_value", "other"),
    "false_win_not_ready": NC_("log_value", "false win, not ready"),
}
_YES, _NO = NC_("log_value", "yes"), NC_("log_value", "no")


def _say(text: str, context: str, **params: object) -> str:
    return texts.translate(LANG.code, text, context, **params)


def what_text(entry: AuditEntry) -> str:
    """The place or subject of a change in the user's language, from the entry's code and parameters
    (``db.audit_what``); an entry without a code this version knows (written by a newer one, or one the
    upgrade could not read) shows its stored text as it is."""
    values = fields(entry.session, entry.table, entry.hand, entry.player, entry.what_params)
    said = render(entry.what_code, values, LANG.code)
    return entry.what if said is None else said


def _value(v: Any) -> str:
    if isinstance(v, bool):
        return _say(_YES if v else _NO, "log_value")
    if isinstance(v, dict):
        return ", ".join(f"{_key(k)} {_value(x)}" if k in KEYS else f"{k} {_value(x)}" for k, x in v.items())
    if isinstance(v, list):
        return ", ".join(_value(x) for x in v)
    if isinstance(v, int) and not isinstance(v, bool):
        return str(v)
    if isinstance(v, str) and v in VALUES:
        return _say(VALUES[v], "log_value")
    return "" if v is None else str(v)


def _call_word(k: str, v: Any) -> str | None:
    """A call's reason or status code in words, as the calls panel and the store's messages say them
    (``CallReason.label``, msgctxt "call_status"); None for any other value ("原因 dispute")."""
    from db.service.calls import CallReason, CallStatus

    if k == "reason" and v in tuple(CallReason):
        return texts.said(CallReason(v).label, LANG.code)
    if k == "status" and v in tuple(CallStatus):
        return texts.said(texts.Text(str(v), "call_status"), LANG.code)
    return None


def _key(k: str) -> str:
    label = KEYS.get(k)
    return k if label is None else _say(label, "log_key.notation" if k == "notation" else "log_key")


def _signed_payments(p: dict[str, Any]) -> str:
    return ", ".join(f"{n} {v:+d}" if isinstance(v, int) else f"{n} {v}" for n, v in p.items())


def change_text(stored: str | None) -> str:
    """A stored before/after (JSON) in words: "win · winner 5 · discarder 7 · fan 24 · payments 5 +48, …"."""
    if not stored:
        return ""
    try:
        value = json.loads(stored)
    except ValueError:  # not JSON (an older entry): as it is
        return stored
    if not isinstance(value, dict):
        return _value(value)
    parts = []
    if "type" in value:
        parts.append(_value(value["type"]))
    for k, v in sorted(value.items(), key=lambda kv: _ORDER.get(kv[0], len(_ORDER))):
        if k == "type":
            continue
        if k == "payments" and isinstance(v, dict):
            parts.append(f"{_key(k)} {_signed_payments(v)}")
        elif k == "self_drawn" and v is True:
            parts.append(_key(k))
        elif (word := _call_word(k, v)) is not None:
            parts.append(f"{_key(k)} {word}")
        else:
            parts.append(f"{_key(k)} {_value(v)}")
    return " · ".join(p for p in parts if p)
