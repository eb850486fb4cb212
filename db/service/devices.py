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

from sqlalchemy import select
from sqlalchemy.orm import Session

from db.actions import AuditAction
from db.errors import InputError, TournamentError
from db.models import DeviceRequest, DeviceToken, SessionTable
from db.service.audit import Actor, audit, now
from db.service.lookup import check_session, find_table, session_tables, token_hash, where

TOKEN_BYTES = 24  # secrets.token_urlsafe(24): 192 random bits in 32 characters
REQUEST_ID_MAX = 100


@dataclass(frozen=True, slots=True)
class DeviceLink:
    """One table's link: ``url(base)`` is what its QR code and the ``devices`` command show."""

    session: int
    table: int
    token: str

    def url(self, base_url: str) -> str:
        return f"{base_url.rstrip('/')}/t/{self.token}"


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
    audit(s, actor, AuditAction.DEVICE_ISSUE, f"{where(session, table)} device link",
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
        audit(s, actor, AuditAction.DEVICE_REVOKE, f"{where(session, table)} device link",
              before={"token": fingerprint(old.token)})
    row = _issue(s, session, table, actor)
    s.flush()
    return DeviceLink(session, table, row.token)


# ------------------------------------------------------------------------------------ retried writes

def check_request_id(value: Any) -> str | None:
    if value is None:
        return None
    if not isinstance(value, str) or not 1 <= len(value) <= REQUEST_ID_MAX:
        raise InputError("request_id", code="request_id_invalid")
    return value


def lock_table(s: Session, session: int, table: int) -> SessionTable:
    """Take the table's row lock first (PostgreSQL ``FOR UPDATE``; SQLite's write transaction holds the
    whole file already), so two tries of one request wait for each other and the second finds the
    first's remembered answer."""
    tbl = find_table(s, session, table)
    s.execute(select(SessionTable.id).where(SessionTable.id == tbl.id).with_for_update())
    return tbl


def remembered_answer(s: Session, session: int, table: int, request_id: str) -> tuple[int, Any] | None:
    """(status, answer) given to an earlier write with this ``request_id`` at this table, or None."""
    row = s.scalar(select(DeviceRequest).where(DeviceRequest.session == session, DeviceRequest.table_no == table,
                                               DeviceRequest.request_id == request_id))
    return None if row is None else (row.status, json.loads(row.response))


def remember_answer(s: Session, session: int, table: int, request_id: str, status: int, answer: Any) -> None:
    """Keep the answer to a write in the write's own transaction (it is kept exactly when the write is)."""
    s.add(DeviceRequest(session=session, table_no=table, request_id=request_id, status=status,
                        response=json.dumps(answer, ensure_ascii=False), at=now()))
    s.flush()
