"""Stages and cuts: adding a stage after the last session, the organiser's decision at a tie on the cut
line, and the event rules of the check-in desk and the awards. The rules themselves are ``db.stages``; the
rankings ``db.queries`` (read here, as ``service/seats.py`` does, to know who is tied)."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace

from sqlalchemy import select
from sqlalchemy.orm import Session

from db import queries
from db.actions import AuditAction
from db.errors import InputError, TournamentError
from db.limits import NAME_MAX, check_text
from db.models import Stage
from db.profiles import NoShow, Settings
from db.service.audit import Actor, audit
from db.service.lookup import tournament
from db.stages import QUALIFYING, Carry, StageSeating

SESSIONS_MAX = 100  # as ``init --sessions``


def add_stage(s: Session, name: str, sessions: int, cut: int, carry: str, seating: str,
              actor: Actor | None = None) -> int:
    """Append a stage after the last session: its ``sessions`` come next, its players are the top ``cut`` of
    the stage before it. Returns the stage's first session."""
    name = check_text(name, "name", NAME_MAX)
    if not name:
        raise InputError("name", code="missing")
    existing = list(s.scalars(select(Stage).order_by(Stage.first_session)))
    if name.casefold() == QUALIFYING or any(st.name.casefold() == name.casefold() for st in existing):
        raise InputError("name", code="stage_exists", stage=name)
    try:
        carry_rule, seating_rule = Carry(carry), StageSeating(seating)
    except ValueError as exc:
        raise InputError("carry", code="stage_rule_unknown", carry=carry, seating=seating) from exc
    t = tournament(s)
    if not isinstance(sessions, int) or not 1 <= sessions <= SESSIONS_MAX - t.sessions:
        raise InputError("sessions", code="sessions_range", sessions=t.sessions + sessions)
    previous_cut = existing[-1].cut if existing else None
    if cut < 4 or cut % 4 or (previous_cut is not None and cut > previous_cut):
        raise InputError("cut", code="stage_cut_invalid", cut=cut, previous=previous_cut or "-")
    first = t.sessions + 1
    s.add(Stage(name=name, first_session=first, sessions=sessions, cut=cut, carry=str(carry_rule),
                seating=str(seating_rule)))
    old = Settings.from_json(t.settings)
    t.sessions = first + sessions - 1
    t.settings = replace(old, sessions=t.sessions).to_json()
    s.info.pop("mcr_settings", None)
    s.flush()
    audit(s, actor, AuditAction.STAGE, f"stage {name!r} added",
          after={"name": name, "first_session": first, "sessions": sessions, "cut": cut, "carry": str(carry_rule),
                 "seating": str(seating_rule)})
    return first


def decide_tie(s: Session, name: str, advance: Sequence[str], actor: Actor | None = None) -> None:
    """The organiser's decision at a tie on the cut line of stage ``name``: ``advance`` names the tied
    players who go through (as many as there are places left)."""
    row = s.scalar(select(Stage).where(Stage.name == name))
    view = next((v for v in queries.stages(s) if v.name == name), None)
    if row is None or view is None:
        raise InputError("stage", code="no_stage", stage=name,
                         stages=", ".join(v.name for v in queries.stages(s)) or "none")
    if not view.tied:
        raise TournamentError(code="stage_no_tie", stage=name)
    chosen = [str(n) for n in advance]
    if len(set(chosen)) != view.places or not set(chosen) <= set(view.tied):
        raise InputError("advance", code="stage_advance_invalid", stage=name, places=view.places,
                         tied=", ".join(view.tied), given=", ".join(chosen))
    before = row.advance
    row.advance = sorted(set(chosen), key=view.tied.index)
    s.flush()
    audit(s, actor, AuditAction.STAGE, f"stage {name!r}: tie at the cut decided",
          before=before, after={"tied": list(view.tied), "advance": row.advance})


def set_event_rules(s: Session, *, no_show: str | None = None, substitute_awards: bool | None = None,
                    actor: Actor | None = None) -> None:
    """How the check-in desk's no-shows are handled and whether substitutes' hands count for the awards.
    They change no score, so results do not freeze them."""
    t = tournament(s)
    old = Settings.from_json(t.settings)
    try:
        rule = old.no_show if no_show is None else NoShow(no_show)
    except ValueError as exc:
        raise InputError("no_show", code="no_show_unknown", value=no_show) from exc
    new = replace(old, no_show=rule,
                  substitute_awards=old.substitute_awards if substitute_awards is None else substitute_awards)
    if new != old:
        t.settings = new.to_json()
        s.info.pop("mcr_settings", None)
        audit(s, actor, AuditAction.SETTINGS, "check-in and awards rules",
              before={"no_show": str(old.no_show), "substitute_awards": old.substitute_awards},
              after={"no_show": str(new.no_show), "substitute_awards": new.substitute_awards})
