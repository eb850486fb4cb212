"""Table devices: each table's link (a token that opens that table of that session only), issuing and
revoking it (audited), and the answers remembered for retried writes (``request_id``).

The token is :data:`TOKEN_BYTES` random bytes from :mod:`secrets` (192 bits), URL-safe. It is stored as
it is, so ``devices`` prints the same links again (the tournament file is therefore as sensitive as the
links), together with its SHA-256, which is what a request is looked up by (``lookup.device_place``).
The audit log names a token by a fingerprint (the first 8 hex digits of its SHA-256), never by itself.
"""

from __future__ import annotations

import json
import secrets
from dataclasses import dataclass
from typing import Any
from urllib.parse import urlsplit

from sqlalchemy import bindparam, insert, select
from sqlalchemy.orm import Session

from db.actions import AuditAction
from db.audit_what import device_link
from db.errors import InputError, StaleTableError, TournamentError
from db.models import DeviceRequest, DeviceToken, Penalty, SessionTable
from db.read.lookup import (
    check_session,
    find_table,
    recorded_hands,
    session_tables,
    settings,
    table_numbers,
    token_hash,
)
from db.read.views import last_hand
from db.rules.profiles import PenaltyPreset, Settings, Settlement
from db.service.audit import Actor, audit, now
from db.service.corrections import correct_hand
from db.service.games import correct_game_hand, record_game_line
from db.service.outcomes import (
    DrawInput,
    PenaltyInput,
    ScoredHand,
    WinInput,
    _short,
    check_whole,
    position_of,
)

TOKEN_BYTES = 24  # secrets.token_urlsafe(24): 192 random bits in 32 characters
REQUEST_ID_MAX = 100
# The one penalty a table records itself (docs/web.md "The false win from the table"): 错和, a claimed
# win the engine finds under 8 fans (or on a wrong tile), at the tournament's preset points.
DEVICE_PENALTY = "false_win_wrong"
DEVICE_PENALTY_FIELDS = ("session", "table", "type", "hand", "player", "kind", "points", "settlement")


@dataclass(frozen=True, slots=True)
class DeviceLink:
    """One table's link: ``url(base)`` is what its QR code and the ``devices`` command show."""

    session: int
    table: int
    token: str

    def url(self, base_url: str) -> str:
        return f"{base_url.rstrip('/')}/t/{self.token}"


def check_base_url(text: str) -> str:
    """The address the tables reach the server at (``http://192.168.1.20:8765``), without a final "/"."""
    if not text.startswith(("http://", "https://")):
        raise TournamentError(code="base_url_invalid", url=text)
    try:  # "http://x", "http://:8765", "http://h:port": the scheme is right, the address is not
        parts = urlsplit(text)
        host, _port = parts.hostname, parts.port
    except ValueError:
        host = None
    if not host or len(text) < 10 or any(ch.isspace() for ch in text):
        raise TournamentError(code="base_url_no_host", url=text)
    return text.rstrip("/")


def device_actor(table: int) -> Actor:
    """Who a device's write is logged as: station "table T device", referee "device"."""
    return Actor(station=f"table {table} device", referee="device")


def fingerprint(token: str) -> str:
    return token_hash(token)[:8]


def _active(s: Session, session: int, table: int) -> DeviceToken | None:
    return s.scalar(select(DeviceToken).where(DeviceToken.session == session, DeviceToken.table_no == table,
                                              DeviceToken.revoked_at.is_(None)).order_by(DeviceToken.id.desc()))


def _issue(s: Session, session: int, table: int, actor: Actor | None) -> DeviceToken:
    token = secrets.token_urlsafe(TOKEN_BYTES)
    row = DeviceToken(session=session, table_no=table, token=token, token_hash=token_hash(token), issued_at=now())
    s.add(row)
    audit(s, actor, AuditAction.DEVICE_ISSUE, device_link(session, table),
          after={"token": fingerprint(token)})
    return row


def device_links(s: Session, session: int, *, actor: Actor | None = None) -> list[DeviceLink]:
    """The link of every seated table of ``session``; a table without one gets one now (audited). Asked
    again, it gives the same links until a table's link is revoked."""
    check_session(s, session)
    tables = session_tables(s, session)
    if not tables:
        raise TournamentError(code="devices_not_seated", session=session)
    links = []
    for tbl in tables:
        row = _active(s, session, tbl.table_no) or _issue(s, session, tbl.table_no, actor)
        links.append(DeviceLink(session, tbl.table_no, row.token))
    s.flush()
    return links


def active_links(s: Session, session: int) -> list[DeviceLink]:
    """The links issued for ``session`` and not revoked, by table (reads only: the score sheets' QR codes)."""
    rows = s.scalars(select(DeviceToken).where(DeviceToken.session == session, DeviceToken.revoked_at.is_(None))
                     .order_by(DeviceToken.table_no, DeviceToken.id))
    return list({row.table_no: DeviceLink(session, row.table_no, row.token) for row in rows}.values())


def revoke_device(s: Session, session: int, table: int, *, actor: Actor | None = None) -> DeviceLink:
    """Replace the link of one table: the old token stops working (its device is told so), the new one is
    returned. Both steps are audited."""
    find_table(s, session, table)
    old = _active(s, session, table)
    if old is not None:
        old.revoked_at = now()
        audit(s, actor, AuditAction.DEVICE_REVOKE, device_link(session, table),
              before={"token": fingerprint(old.token)})
    row = _issue(s, session, table, actor)
    s.flush()
    return DeviceLink(session, table, row.token)


# ------------------------------------------------------------------------------------ retried writes

def check_request_id(value: Any) -> str | None:
    if value is None:
        return None
    if not isinstance(value, str) or not 1 <= len(value) <= REQUEST_ID_MAX or not value.isprintable():
        raise InputError("request_id", code="request_id_invalid")
    return value


def remembered_answer(s: Session, session: int, table: int, request_id: str) -> tuple[int, Any] | None:
    """(status, answer) given to an earlier write with this ``request_id`` at this table, or None."""
    row = s.connection().execute(_REMEMBERED, {"p_session": session, "p_table": table,
                                                "p_request": request_id}).one_or_none()
    return None if row is None else (row.status, json.loads(row.response))


def remember_answer(s: Session, session: int, table: int, request_id: str, status: int, answer: Any) -> None:
    """Keep the answer to a write in the write's own transaction (it is kept exactly when the write is). A
    second answer under the same id raises ``IntegrityError`` here (the unique constraint)."""
    s.connection().execute(_REMEMBER, {"session": session, "table_no": table, "request_id": request_id,
                                       "status": status, "response": json.dumps(answer, ensure_ascii=False),
                                       "at": now()})


# Plain statements, built once: every device write with a request_id runs both.
_DR = DeviceRequest.__table__
_REMEMBERED = select(_DR.c.status, _DR.c.response).where(
    _DR.c.session == bindparam("p_session"), _DR.c.table_no == bindparam("p_table"),
    _DR.c.request_id == bindparam("p_request"))
_REMEMBER = insert(_DR)


# ------------------------------------------------------------------------------ the false win (错和)

def device_penalty_preset(st: Settings) -> PenaltyPreset | None:
    """The false-win preset a table device may record: the tournament's ``false_win_wrong`` when it has
    one fixed amount, paid to the others or deducted; None otherwise (then only a referee enters it)."""
    for p in st.penalty_presets:
        if p.kind == DEVICE_PENALTY:
            ok = len(p.amounts) == 1 and p.settlement in (Settlement.OTHERS, Settlement.DEDUCTED)
            return p if ok else None
    return None


def _refuse_stale(s: Session, session: int, table: int, expected_version: int | None) -> None:
    """A device's line on a table whose version moved since the page read it is refused first (409): the page
    reloads rather than being told its line is wrong. No ``expected_version``: nothing to compare."""
    if expected_version is not None:
        current = s.scalar(select(SessionTable.version).where(SessionTable.session == session,
                                                              SessionTable.table_no == table))
        if current is not None and current != expected_version:
            raise StaleTableError(session, table, expected_version, current)


def device_false_win(s: Session, session: int, table: int, obj: dict[str, Any], *,
                     expected_version: int | None = None) -> PenaltyInput:
    """The penalty line a device sent, checked against what a table may record: the false-win preset
    (its points and settlement, never others), for a player of this table, in the hand being played,
    once per player and hand. Call it under the table's row lock (``results.lock_table_row``). A stale
    ``expected_version`` is refused first (409), as for a hand: the page reloads rather than being told
    its line is wrong."""
    _refuse_stale(s, session, table, expected_version)
    for name in obj:
        if name not in DEVICE_PENALTY_FIELDS:
            raise InputError(name if isinstance(name, str) and name.isprintable() and len(name) <= 40
                             else str(_short(name)), code="device_penalty_field")
    if obj.get("kind") != DEVICE_PENALTY:
        raise InputError("kind", code="device_penalty_kind", kind=_short(obj.get("kind")))
    st = settings(s)
    preset = device_penalty_preset(st)
    if preset is None:
        raise InputError("kind", code="device_penalty_no_preset")
    points, settlement = preset.amounts[0], preset.settlement
    given = obj.get("points", points)
    if isinstance(given, bool) or given != points:
        raise InputError("points", code="device_penalty_preset", points=points, settlement=settlement.en)
    if obj.get("settlement", str(settlement)) != str(settlement):
        raise InputError("settlement", code="device_penalty_preset", points=points, settlement=settlement.en)
    for need in ("hand", "player"):
        if need not in obj:
            raise InputError(need, code="missing")
    tbl = find_table(s, session, table)
    recorded = recorded_hands(s, tbl)
    in_play = recorded + 1
    if tbl.signed_off:
        raise InputError("table", code="table_signed_off", session=session, table=table)
    if in_play > last_hand(st.hands_per_session, tbl.time_called_after):
        raise InputError("hand", code="device_penalty_over", table=table)
    hand = check_whole(obj["hand"], "hand", 1)  # any other hand than the one in play is refused as such
    if hand != in_play:
        raise InputError("hand", code="device_penalty_hand", hand=hand, next=in_play)
    pos = position_of(table_numbers(s, tbl), obj["player"], "player", tbl)
    twice = s.scalar(select(Penalty.id).where(Penalty.table_id == tbl.id, Penalty.hand_no == hand,
                                              Penalty.position == pos, Penalty.kind == DEVICE_PENALTY))
    if twice is not None:
        raise InputError("player", code="device_penalty_twice", number=obj["player"], hand=hand)
    return PenaltyInput(str(obj["player"]), points, settlement, None, f"{preset.zh} {preset.en}", DEVICE_PENALTY, hand)


@dataclass(frozen=True, slots=True)
class DeviceCorrection:
    """A hand a device corrected: what is recorded now, the table's numbers and its new version."""

    scored: ScoredHand
    numbers: list[str]
    version: int


def check_correction(obj: Any) -> str:
    """The reason of a device's ``"correction": {"reason": "…"}`` (the store checks its text and that it is
    not empty, as for every correction)."""
    if not isinstance(obj, dict) or set(obj) - {"reason"}:
        raise InputError("correction", code="device_correction_field")
    reason = obj.get("reason")
    if not isinstance(reason, str):
        raise InputError("reason", code="reason_required")
    return reason


def device_correct(s: Session, session: int, table: int, hand: Any, result: WinInput | DrawInput, reason: str, *,
                   expected_version: int | None, actor: Actor) -> DeviceCorrection:
    """A table's phone corrects its table's last recorded hand (the desk's second way on after a
    stale entry, ``corrections.correct_hand``: a reason, audited with before and after). Only the last: the
    phone page offers the hand it was stale on, and an earlier hand changes the scores the later ones were
    played on (``device_correct_last_only``: a referee corrects it). Not once the sheet is signed off:
    then a referee corrects (``table_signed_off``). A stale ``expected_version`` is refused first (409),
    as for a hand."""
    _refuse_stale(s, session, table, expected_version)
    tbl = find_table(s, session, table)
    if tbl.signed_off:
        raise InputError("table", code="table_signed_off", session=session, table=table)
    number = check_whole(hand, "hand", 1)
    last = recorded_hands(s, tbl)
    if number < last:
        raise InputError("hand", code="device_correct_last_only", hand=number, last=last)
    scored = correct_hand(s, session, table, number, result, reason,
                          expected_version=expected_version, actor=actor)
    return DeviceCorrection(scored, table_numbers(s, tbl), tbl.version)


def device_game_line(s: Session, session: int, table: int, obj: dict[str, Any], reason: str | None, *,
                     expected_version: int | None, actor: Actor) -> int:
    """A game table's phone records one result line (``games.record_game_line``), or with ``reason`` corrects
    its last recorded hand with it, as :func:`device_correct` does for a hand table; the table's new version.
    A stale ``expected_version`` is refused first (409), then a sheet signed off (a referee withdraws it)."""
    _refuse_stale(s, session, table, expected_version)
    tbl = find_table(s, session, table)
    if tbl.signed_off:
        raise InputError("table", code="table_signed_off", session=session, table=table)
    if "hand" not in obj:
        raise InputError("hand", code="missing")
    if reason is None:
        record_game_line(s, session, table, obj["hand"], obj, expected_version=expected_version, actor=actor)
    else:
        number = check_whole(obj["hand"], "hand", 1)
        last = recorded_hands(s, tbl)
        if number < last:
            raise InputError("hand", code="device_correct_last_only", hand=number, last=last)
        correct_game_hand(s, session, table, number, obj, reason, expected_version=expected_version, actor=actor)
    version = s.scalar(select(SessionTable.version).where(SessionTable.id == tbl.id))
    return int(version or 0)
