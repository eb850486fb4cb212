"""The audit log's writer: who changed what (:class:`Actor`), when, before and after."""

from __future__ import annotations

import json
import os
import socket
from dataclasses import dataclass
from datetime import datetime
from typing import Any

from sqlalchemy.orm import Session

from db.actions import AuditAction
from db.audit_what import What
from db.models import AuditLog
from db.rules.limits import ACTOR_MAX, check_text


@dataclass(frozen=True, slots=True)
class Actor:
    """Who makes a change: the station (computer) and the referee's name, written to the audit log."""

    station: str = ""
    referee: str = ""

    def __post_init__(self) -> None:
        """One line of at most ``ACTOR_MAX`` characters each (``InputError`` naming the field)."""
        check_text(self.station, "station", ACTOR_MAX)
        check_text(self.referee, "referee", ACTOR_MAX)


def _tidy(text: str) -> str:
    """A name from the system (host, login) made acceptable: printable characters only, cut to the limit."""
    return "".join(ch for ch in text if ch.isprintable()).strip()[:ACTOR_MAX]


def default_actor() -> Actor:
    # USER on Linux and macOS, USERNAME on Windows
    referee = os.environ.get("MCR_REFEREE") or os.environ.get("USER") or os.environ.get("USERNAME", "")
    return Actor(station=_tidy(socket.gethostname()), referee=_tidy(referee))


def now() -> datetime:
    return datetime.now().replace(microsecond=0)


def audit_json(value: Any) -> str | None:
    return None if value is None else json.dumps(value, ensure_ascii=False, sort_keys=True)


def what_columns(what: What) -> dict[str, Any]:
    """The columns of an audit entry that say what it is about: in English (``what``, the text the log
    command and the export show) and as data (the place, the message's code and parameters)."""
    return {"what": what.english, **what.columns()}


def audit(s: Session, actor: Actor | None, action: AuditAction, what: What, before: Any = None, after: Any = None,
          reason: str | None = None) -> None:
    a = actor or default_actor()
    s.add(AuditLog(at=now(), station=a.station, referee=a.referee, action=action, before=audit_json(before),
                   after=audit_json(after), reason=reason, **what_columns(what)))
