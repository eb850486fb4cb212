"""Creating the tournament and changing its settings (rule settings freeze at the first result);
the penalty presets the settings hold."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import replace
from datetime import date
from typing import Any

from sqlalchemy import select
from sqlalchemy.orm import Session

from db.actions import AuditAction
from db.audit_what import What
from db.errors import FrozenSettingsError, InputError, TournamentError
from db.models import SessionTable, Stage, Tournament
from db.read.lookup import has_results, settings, tournament
from db.rules.game_words import rule_value_names
from db.rules.limits import NAME_MAX, check_text
from db.rules.profiles import SeatRotation, Settings, Settlement, profile_settings
from db.service.audit import Actor, audit, now
from db.service.outcomes import PenaltyInput
from scoring.systems import system as rule_system


def create_tournament(s: Session, name: str, profile: str = "cmr1998", *, sessions: int | None = None,
                      hands_per_session: int | None = None, flowers: bool | None = None,
                      seat_rotation: SeatRotation | None = None, start_date: date | None = None,
                      actor: Actor | None = None) -> None:
    if s.get(Tournament, 1) is not None:
        raise TournamentError(code="tournament_exists")
    name = check_text(name, "name", NAME_MAX)
    if not name:
        raise InputError("name", code="name_missing")
    st = profile_settings(profile, sessions=sessions, hands_per_session=hands_per_session, flowers=flowers,
                          seat_rotation=seat_rotation)
    s.add(Tournament(id=1, name=name, profile=st.profile, sessions=st.sessions,
                     hands_per_session=st.hands_per_session, flowers=st.flowers, settings=st.to_json(),
                     start_date=start_date, created_at=now()))
    audit(s, actor, AuditAction.INIT, What("tournament", params={"name": name}), after=st.to_json())


def update_settings(s: Session, *, name: str | None = None, sessions: int | None = None,
                    hands_per_session: int | None = None, flowers: bool | None = None,
                    seat_rotation: SeatRotation | None = None,
                    table_points: tuple[float, float, float, float] | None = None,
                    start_date: date | None = None, rules: Mapping[str, Any] | None = None,
                    actor: Actor | None = None) -> None:
    """Change settings. Rule settings are frozen once any result exists; the name and date never are.
    ``rules``: the organiser's values for the rule system (a Riichi preset's: ``{"red_fives": true}``), added to
    those set before; checked by the system."""
    name = None if name is None else check_text(name, "name", NAME_MAX)
    t = tournament(s)
    old = Settings.from_json(t.settings)
    new = replace(
        old,
        sessions=old.sessions if sessions is None else sessions,
        hands_per_session=old.hands_per_session if hands_per_session is None else hands_per_session,
        flowers=old.flowers if flowers is None else flowers,
        seat_rotation=old.seat_rotation if seat_rotation is None else seat_rotation,
        table_points=old.table_points if table_points is None else table_points,
        rules=old.rules if rules is None else {**old.rules, **rules},
    )
    if new != old:
        if new.sessions != old.sessions and s.scalar(select(Stage.id).limit(1)) is not None:
            # the stages' sessions follow the qualifying ones: a stage is added with its sessions
            raise InputError("sessions", code="stage_sessions_fixed", sessions=old.sessions)
        if has_results(s):
            raise FrozenSettingsError()
        profile_settings(new.profile, sessions=new.sessions, hands_per_session=new.hands_per_session)
        problem = rule_system(new.profile).rules_problem(new.rules)
        if problem is not None:
            raise InputError("rule", code="rule_invalid", profile=new.profile, problem=problem)
        gone = rule_system(new.profile).missing_rules(new.rules)
        if gone and s.scalar(select(SessionTable.id).limit(1)) is not None:  # a seated session started with them
            raise InputError("rules", code="rules_missing", profile=new.profile, names=rule_value_names(n for n, _ in gone))
        if table_points is not None and abs(sum(table_points) - 7.0) > 1e-9:
            raise InputError("table_points", code="table_points_sum", points=list(table_points))
        t.settings = new.to_json()
        s.info.pop("mcr_settings", None)
        t.sessions, t.hands_per_session, t.flowers = new.sessions, new.hands_per_session, new.flowers
        audit(s, actor, AuditAction.SETTINGS, What("rule_settings"), before=old.to_json(), after=new.to_json())
    if name is not None and name.strip() and name.strip() != t.name:
        audit(s, actor, AuditAction.SETTINGS, What("tournament_name"), before=t.name, after=name.strip())
        t.name = name.strip()
    if start_date is not None and start_date != t.start_date:
        audit(s, actor, AuditAction.SETTINGS, What("start_date"), before=str(t.start_date), after=str(start_date))
        t.start_date = start_date


def penalty_presets(s: Session) -> list[Any]:
    """The tournament's penalty presets (``db.rules.profiles.PenaltyPreset``) for pick lists."""
    return list(settings(s).penalty_presets)


def penalty_from_preset(s: Session, kind: str, player: str, *, points: int | None = None, to: str | None = None,
                        reason: str = "", hand: int | None = None) -> PenaltyInput:
    """A :class:`PenaltyInput` from the tournament's preset ``kind``: its settlement, and its amount
    (``points`` must be one of the preset's amounts when it lists any; the first is the default)."""
    presets = {p.kind: p for p in settings(s).penalty_presets}
    if kind not in presets:
        raise InputError("kind", code="no_preset", kind=kind, kinds=", ".join(presets))
    preset = presets[kind]
    if points is None:
        if not preset.amounts:
            raise InputError("points", code="preset_amount_missing", preset=preset.en)
        points = preset.amounts[0]
    elif preset.amounts and points not in preset.amounts:
        raise InputError("points", code="preset_amount_unknown", preset=preset.en, points=points,
                         amounts=", ".join(map(str, preset.amounts)))
    settlement = Settlement.PLAYER if to is not None else preset.settlement
    return PenaltyInput(player, points, settlement, to, reason or f"{preset.zh} {preset.en}", kind, hand)
