"""Stages and cuts: adding a stage after the last session, the organiser's decision at a tie on the cut
line, and the event rules of the check-in desk and the awards. The rules themselves are ``db.rules.stages``; the
rankings ``db.read.queries`` (read here, as ``service/seats.py`` does, to know who is tied)."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace

from sqlalchemy import delete, select
from sqlalchemy.orm import Session

from db.actions import AuditAction
from db.audit_what import What
from db.errors import InputError, TournamentError
from db.models import (
    CheckIn,
    ClockTable,
    DeviceRequest,
    DeviceToken,
    Player,
    PublicPage,
    RefereeCall,
    SessionClock,
    Stage,
)
from db.read import queries
from db.read.lookup import has_results, seating_numbers, tournament
from db.rules.limits import NAME_MAX, check_text
from db.rules.profiles import NoShow, Settings
from db.rules.stages import QUALIFYING, Carry, StageSeating, new_stage_first
from db.service.audit import Actor, audit
from db.service.seats import delete_session_seating
from texts import Joined, Text

SESSIONS_MAX = 100  # as ``init --sessions``


def add_stage(s: Session, name: str, sessions: int, cut: int, carry: str, seating: str,
              actor: Actor | None = None, *, last_planned: bool = False) -> int:
    """Append a stage after the last session: its ``sessions`` come next, its players are the top ``cut`` of
    the stage before it. With ``last_planned`` the stage is instead the tournament's last ``sessions``
    planned sessions (taken from the qualifying stage, which keeps at least one; none of them may have
    results, and their seating, made for everyone, is removed). Returns the stage's first session."""
    name = _stage_name(s, name)
    carry_rule, seating_rule = _rules(carry, seating)
    t = tournament(s)
    existing = _rows(s)
    if last_planned:
        if existing:
            raise InputError("sessions", code="stage_take_after_stage", stage=existing[-1].name)
        if not isinstance(sessions, int) or not 1 <= sessions < t.sessions:
            raise InputError("sessions", code="stage_take_range", sessions=sessions, planned=t.sessions)
    elif not isinstance(sessions, int) or not 1 <= sessions <= SESSIONS_MAX - t.sessions:
        raise InputError("sessions", code="stage_sessions_range", sessions=sessions, high=SESSIONS_MAX - t.sessions,
                         total=t.sessions, limit=SESSIONS_MAX)
    first = new_stage_first(t.sessions, sessions, last_planned)
    _check_cut(cut, existing[-1].cut if existing else None, None)
    _free_sessions(s, first, t.sessions, name, code="stage_take_has_results", actor=actor)
    s.add(Stage(name=name, first_session=first, sessions=sessions, cut=cut, carry=str(carry_rule),
                seating=str(seating_rule)))
    _set_sessions(s, first + sessions - 1, first)
    s.flush()
    audit(s, actor, AuditAction.STAGE, What("stage_added", params={"name": name}),
          after={"name": name, "first_session": first, "sessions": sessions, "cut": cut, "carry": str(carry_rule),
                 "seating": str(seating_rule), **({"last_planned": True} if last_planned else {})})
    return first


def change_stage(s: Session, name: str, *, new_name: str | None = None, sessions: int | None = None,
                 cut: int | None = None, carry: str | None = None, seating: str | None = None,
                 actor: Actor | None = None) -> Stage:
    """Change stage ``name`` while neither it nor any later stage has results: its name, its number of
    sessions (the later stages move with it), its cut (a tie decided at the old cut is open again), what it
    carries and how it seats. The seating of its sessions and the later ones is removed (it was made by
    the old rule). Returns the stage row."""
    rows = _rows(s)
    row = _find(s, rows, name)
    at = rows.index(row)
    before = _as_dict(row)
    renamed = None if new_name is None or new_name.strip() == row.name else _stage_name(s, new_name)
    carry_rule, seating_rule = _rules(row.carry if carry is None else carry, row.seating if seating is None else seating)
    t = tournament(s)
    count = row.sessions if sessions is None else sessions
    if not isinstance(count, int) or not 1 <= count <= SESSIONS_MAX - (t.sessions - row.sessions):
        raise InputError("sessions", code="stage_sessions_range", sessions=count,
                         high=SESSIONS_MAX - (t.sessions - row.sessions), total=t.sessions - row.sessions,
                         limit=SESSIONS_MAX)
    new_cut = row.cut if cut is None else cut
    _check_cut(new_cut, rows[at - 1].cut if at else None, rows[at + 1].cut if at + 1 < len(rows) else None)
    moves = count != row.sessions
    rules_change = (new_cut, str(carry_rule), str(seating_rule)) != (row.cut, row.carry, row.seating)
    if moves or rules_change:
        _free_sessions(s, row.first_session, t.sessions, row.name, code="stage_has_results", actor=actor)
    if moves:  # the sessions after the stage's kept ones move (or, when it shrinks, the last are dropped)
        _renumbered(s, row.first_session + min(count, row.sessions), t.sessions, row.name)
    if renamed is not None:
        row.name = renamed
    if new_cut != row.cut:
        row.advance = None  # a tie decided at the old line is not this line's
    row.cut, row.carry, row.seating = new_cut, str(carry_rule), str(seating_rule)
    if moves:
        row.sessions = count
        _renumber(s, rows, rows[0].first_session)
        _set_sessions(s, rows[-1].first_session + rows[-1].sessions - 1, row.first_session)
    s.flush()
    after = _as_dict(row)
    if after != before:
        audit(s, actor, AuditAction.STAGE, What("stage_changed", params={"name": before["name"]}), before=before, after=after)
    return row


def remove_stage(s: Session, name: str, *, keep_sessions: bool = False, actor: Actor | None = None) -> int:
    """Remove stage ``name`` while neither it nor any later stage has results. Its sessions are dropped
    (the later stages move up), or with ``keep_sessions`` they go to the stage before it (the qualifying
    stage for the first). The seating of its sessions and the later ones is removed. Returns the
    tournament's session count after it."""
    rows = _rows(s)
    row = _find(s, rows, name)
    at = rows.index(row)
    t = tournament(s)
    _free_sessions(s, row.first_session, t.sessions, row.name, code="stage_has_results", actor=actor)
    if not keep_sessions:  # the later sessions move up, the last ones are dropped
        _renumbered(s, row.first_session, t.sessions, row.name)
    before = _as_dict(row)
    rest = rows[:at] + rows[at + 1:]
    s.delete(row)
    s.flush()
    if keep_sessions:
        if at:
            rest[at - 1].sessions += row.sessions
        total = t.sessions
    else:
        total = t.sessions - row.sessions
    first = rows[0].first_session if at else rows[0].first_session + (row.sessions if keep_sessions else 0)
    _renumber(s, rest, first)
    _set_sessions(s, total, row.first_session)
    s.flush()
    audit(s, actor, AuditAction.STAGE, What("stage_removed", params={"name": row.name}), before=before,
          after={"sessions": total, "kept_sessions": keep_sessions})
    return total


def _rows(s: Session) -> list[Stage]:
    return list(s.scalars(select(Stage).order_by(Stage.first_session)))


def _find(s: Session, rows: Sequence[Stage], name: str) -> Stage:
    row = next((r for r in rows if r.name == name), None)
    if row is None:
        raise InputError("stage", code="no_stage", stage=name, stages=", ".join(r.name for r in rows) or "none")
    return row


def _as_dict(row: Stage) -> dict[str, object]:
    return {"name": row.name, "first_session": row.first_session, "sessions": row.sessions, "cut": row.cut,
            "carry": row.carry, "seating": row.seating, "advance": row.advance}


def _stage_name(s: Session, name: str) -> str:
    name = check_text(name, "name", NAME_MAX).strip()
    if not name:
        raise InputError("name", code="missing")
    if name.casefold() == QUALIFYING or any(r.name.casefold() == name.casefold() for r in _rows(s)):
        raise InputError("name", code="stage_exists", stage=name)
    return name


def _rules(carry: str, seating: str) -> tuple[Carry, StageSeating]:
    try:
        return Carry(carry), StageSeating(seating)
    except ValueError as exc:
        raise InputError("carry", code="stage_rule_unknown", carry=carry, seating=seating) from exc


def _check_cut(cut: int, previous: int | None, following: int | None) -> None:
    """A multiple of 4, at most the previous stage's cut and at least the next stage's."""
    if not isinstance(cut, int) or cut < 4 or cut % 4 or (previous is not None and cut > previous):
        raise InputError("cut", code="stage_cut_invalid", cut=cut, previous=previous or "-")
    if following is not None and cut < following:
        raise InputError("cut", code="stage_cut_below_next", cut=cut, following=following)


def _free_sessions(s: Session, first: int, last: int, stage: str, *, code: str, actor: Actor | None) -> None:
    """Sessions ``first``..``last`` change stage or rule: refused if any has results (they were played under
    the old rule); their seatings, made by it, are removed (each audited, as ``delete_session_seating`` does)."""
    played = [k for k in range(first, last + 1) if has_results(s, k)]
    if played:
        raise TournamentError(code=code, stage=stage, session=played[0])
    for k in range(first, last + 1):
        if seating_numbers(s, k):
            delete_session_seating(s, k, actor)


def _renumbered(s: Session, first: int, last: int, stage: str) -> None:
    """Sessions ``first``..``last`` get another number or are dropped. What is kept by session number
    would pass to the stage that takes the number over (a finalist counted absent by the semi-final's
    check-in, its running clock, its phones recording into the final): refused while any is there, so that
    the organiser undoes it first or keeps the numbers. The devices' remembered answers, only a retry's
    memory, go with the sessions."""
    sessions = range(first, last + 1)
    if not sessions:
        return
    kinds = (
        (Text("check-ins", "stage_sessions_in_use.item"),
         select(CheckIn.session).where(CheckIn.session.in_(sessions))),
        (Text("the session clock", "stage_sessions_in_use.item"),
         select(SessionClock.session).where(SessionClock.session.in_(sessions), SessionClock.started_at.is_not(None))
         .union(select(ClockTable.session).where(ClockTable.session.in_(sessions)))),
        (Text("device links", "stage_sessions_in_use.item"),
         select(DeviceToken.session).where(DeviceToken.session.in_(sessions), DeviceToken.revoked_at.is_(None))),
        (Text("referee calls", "stage_sessions_in_use.item"),
         select(RefereeCall.session).where(RefereeCall.session.in_(sessions))),
        (Text("a player withdrawn or a substitute joined from it", "stage_sessions_in_use.item"),
         select(Player.withdrawn_from).where(Player.withdrawn_from.in_(sessions))
         .union(select(Player.joined_from).where(Player.joined_from.in_(sessions)))),
        (Text("the players' page hiding the standings after it", "stage_sessions_in_use.item"),
         select(PublicPage.hide_standings_after).where(PublicPage.hide_standings_after.in_(sessions))),
    )
    found: dict[int, list[Text]] = {}
    for what, query in kinds:
        for k in set(s.scalars(query)):
            if k is not None:  # never, in fact: each query keeps a session of the range
                found.setdefault(k, []).append(what)
    if found:
        session = min(found)
        raise TournamentError(code="stage_sessions_in_use", stage=stage, session=session,
                              what=Joined(found[session], Text(", ", "stage_sessions_in_use.sep")))
    s.execute(delete(DeviceRequest).where(DeviceRequest.session.in_(sessions)))


def _renumber(s: Session, rows: Sequence[Stage], first: int) -> None:
    """The stages' first sessions, one after the other from ``first`` (moved out of the way first:
    ``first_session`` is unique and each row is its own UPDATE)."""
    for r in rows:
        r.first_session = -r.first_session
    s.flush()
    for r in rows:
        r.first_session, first = first, first + r.sessions


def _set_sessions(s: Session, total: int, changed_from: int) -> None:
    """The tournament's session count, and its stored balanced plan forgotten from ``changed_from`` on (a
    plan covers its own stage's sessions: those sessions are planned again when seated)."""
    t = tournament(s)
    t.sessions = total
    t.settings = replace(Settings.from_json(t.settings), sessions=total).to_json()
    if t.seating_plan is not None:
        kept = list(t.seating_plan[:changed_from - 1])
        t.seating_plan = kept + [None] * (total - len(kept))
    s.info.pop("mcr_settings", None)


def decide_tie(s: Session, name: str, advance: Sequence[str], actor: Actor | None = None) -> None:
    """The organiser's decision at a tie on the cut line of stage ``name``: ``advance`` names the tied
    players who go through (as many as there are places left)."""
    row = s.scalar(select(Stage).where(Stage.name == name))
    view = next((v for v in queries.stages(s) if v.name == name), None)
    if row is None or view is None:
        raise InputError("stage", code="no_stage", stage=name,
                         stages=", ".join(v.name for v in queries.stages(s)) or "none")
    if not view.previous_complete:  # no cut line yet: "no tie" would say the cut was made
        raise TournamentError(code="stage_not_ready", stage=name, previous=view.previous)
    if not view.tied:
        raise TournamentError(code="stage_no_tie", stage=name)
    chosen = [str(n) for n in advance]
    if len(set(chosen)) != view.places or not set(chosen) <= set(view.tied):
        raise InputError("advance", code="stage_advance_invalid", stage=name, places=view.places,
                         tied=", ".join(view.tied), given=", ".join(chosen))
    before = row.advance
    row.advance = sorted(set(chosen), key=view.tied.index)
    s.flush()
    audit(s, actor, AuditAction.STAGE, What("stage_tie", params={"name": name}),
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
        audit(s, actor, AuditAction.SETTINGS, What("event_rules"),
              before={"no_show": str(old.no_show), "substitute_awards": old.substitute_awards},
              after={"no_show": str(new.no_show), "substitute_awards": new.substitute_awards})
