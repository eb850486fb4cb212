"""The players' page settings (docs/web.md "The players' page"): whether the page is on, and the session
its standings stop at while they are hidden before a final ("hide standings after N"), the one cut the
players' page and the hall display both read (:func:`standings_cut`). Every change is audited.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from sqlalchemy.orm import Session

from db.actions import AuditAction
from db.audit_what import What
from db.models import PublicPage
from db.read.lookup import check_session
from db.read.players import tournament_info
from db.read.sheets import table_progress
from db.service.audit import Actor, audit


@dataclass(frozen=True, slots=True)
class PublicSettings:
    enabled: bool = True
    hide_standings_after: int | None = None  # None: the standings are live


def public_settings(s: Session) -> PublicSettings:
    row = s.get(PublicPage, 1)
    return PublicSettings() if row is None else PublicSettings(row.enabled, row.hide_standings_after)


def set_public_settings(s: Session, *, enabled: bool | None = None, hide_standings_after: Any = ...,
                        actor: Actor | None = None) -> PublicSettings:
    """Switch the players' page on or off, and freeze its standings after a session (``None`` or 0: live
    again). Not frozen by results: an organiser hides the standings before a final, mid-event."""
    before = public_settings(s)
    hide = before.hide_standings_after
    if hide_standings_after is not ...:
        hide = None if hide_standings_after in (None, 0) else hide_standings_after
        if hide is not None:
            check_session(s, hide, "hide_standings_after")
    new = PublicSettings(before.enabled if enabled is None else bool(enabled), hide)
    if new != before:
        row = s.get(PublicPage, 1)
        if row is None:
            row = PublicPage(id=1)
            s.add(row)
        row.enabled, row.hide_standings_after = new.enabled, new.hide_standings_after
        s.flush()
        audit(s, actor, AuditAction.PUBLIC_PAGE, What("players_page"),
              before={"enabled": before.enabled, "hide_standings_after": before.hide_standings_after},
              after={"enabled": new.enabled, "hide_standings_after": new.hide_standings_after})
    return new


def standings_cut(s: Session) -> int | None:
    """The session the public standings stop at while they are hidden (``hide_standings_after``), or None:
    live — no setting, or the tournament has ended (every table of its last session signed off). The
    players' page and the hall display both cut there (one rule, docs/web.md)."""
    hide = public_settings(s).hide_standings_after
    if not hide:
        return None
    last = tournament_info(s).sessions
    tables = table_progress(s, last)
    return None if tables and all(t.signed_off for t in tables) else hide
