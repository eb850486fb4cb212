"""Rule profiles: the tournament settings TOURNAMENT.md lists, with the R98 (``cmr1998``) and GB defaults.

A profile only seeds the settings at ``init``; the tournament stores its own copy, so later changes to
these defaults never alter an existing tournament.
"""

from __future__ import annotations

from dataclasses import asdict, dataclass, field
from enum import StrEnum
from typing import Any

from db.errors import InputError
from scoring.systems import profile_names
from texts import Text


class Settlement(StrEnum):
    """How a penalty's points are settled (stored as the value)."""

    DEDUCTED = "deducted"  # the points leave the table
    OTHERS = "others"  # split equally among the other three
    PLAYER = "player"  # paid to one named player

    @property
    def en(self) -> str:
        """The label people read: English that says itself in any language (``texts.Text``)."""
        return {"deducted": Text("deducted", "settlement"),
                "others": Text("paid to the other three", "settlement"),
                "player": Text("paid to one player", "settlement")}[self]


class SeatRotation(StrEnum):
    ROTATE = "rotate"  # TOURNAMENT.md rotation table before each wind round
    FIXED = "fixed"  # "no seat changes"


class EndPolicy(StrEnum):
    """What happens to the hand in progress when the session clock reaches zero (stored as the value)."""

    STOP_NOW = "stop_now"  # Green Book §3.5.6 and R98: play stops, the hand in progress scores nothing
    FINISH_HAND = "finish_hand"  # common at EMA events: a hand begun is finished


class NoShow(StrEnum):
    """What the check-in desk's no-shows lead to when a session is seated (stored as the value)."""

    SUBSTITUTE = "substitute"  # a present player of the substitute pool takes the no-show's seat
    REPLAN = "replan"  # the session is planned again among the players present


class TieBreak(StrEnum):
    TABLE_POINTS = "table_points"
    MATCH_POINTS = "match_points"
    BEST_SESSION = "best_session_table_points"  # highest single-session table points
    BEST_SESSION_COUNT = "best_session_count"  # how many times that was reached


@dataclass(frozen=True, slots=True)
class PenaltyPreset:
    """A penalty the referee picks from a list. ``amounts`` empty = free amount."""

    kind: str
    zh: str
    en: str
    settlement: Settlement
    amounts: tuple[int, ...] = ()
    note: str = ""


@dataclass(frozen=True, slots=True)
class Settings:
    profile: str
    sessions: int
    hands_per_session: int
    flowers: bool
    table_points: tuple[float, float, float, float] = (4.0, 2.0, 1.0, 0.0)
    tie_breaks: tuple[TieBreak, ...] = (TieBreak.TABLE_POINTS, TieBreak.MATCH_POINTS)
    seat_rotation: SeatRotation = SeatRotation.ROTATE
    penalty_presets: tuple[PenaltyPreset, ...] = field(default_factory=tuple)
    # The session clock (db/rules/clock.py): the default length of a session, the warning marks (seconds left
    # when each fires; 15 minutes by default, organisers add others) and what the bell does to the hand
    # in progress. They change nothing already scored, so they are not frozen by results.
    session_minutes: int = 180
    clock_warnings: tuple[int, ...] = (900,)
    end_policy: EndPolicy = EndPolicy.STOP_NOW
    # The check-in desk and the awards: how a no-show is handled, and whether a substitute's
    # hands count for the awards. They change nothing already scored, so results do not freeze them.
    no_show: NoShow = NoShow.SUBSTITUTE
    substitute_awards: bool = False
    # The rule system's own values (``scoring.systems``): for Riichi the organiser's changes to the preset
    # (``scoring.riichi.presets.preset_with``). Empty for MCR, whose values are the fields above. Frozen with
    # the first result, as the profile is.
    rules: dict[str, Any] = field(default_factory=dict, hash=False)

    def system_options(self) -> dict[str, Any]:
        """What the rule system is given with a table's session (``RuleSystem.session_result``)."""
        return {"table_points": self.table_points, "hands": self.hands_per_session, **self.rules}

    def to_json(self) -> dict[str, Any]:
        d = asdict(self)
        if not self.rules:  # an MCR tournament's settings stay as they were written before the seam
            del d["rules"]
        d["table_points"] = list(self.table_points)
        d["tie_breaks"] = [str(t) for t in self.tie_breaks]
        d["seat_rotation"] = str(self.seat_rotation)
        d["clock_warnings"] = list(self.clock_warnings)
        d["end_policy"] = str(self.end_policy)
        d["no_show"] = str(self.no_show)
        d["penalty_presets"] = [
            {**asdict(p), "settlement": str(p.settlement), "amounts": list(p.amounts)} for p in self.penalty_presets
        ]
        return d

    @staticmethod
    def from_json(d: dict[str, Any]) -> Settings:
        tp = tuple(float(x) for x in d["table_points"])
        return Settings(
            profile=d["profile"],
            sessions=int(d["sessions"]),
            hands_per_session=int(d["hands_per_session"]),
            flowers=bool(d["flowers"]),
            table_points=(tp[0], tp[1], tp[2], tp[3]),
            tie_breaks=tuple(TieBreak(t) for t in d["tie_breaks"]),
            seat_rotation=SeatRotation(d["seat_rotation"]),
            penalty_presets=tuple(
                PenaltyPreset(p["kind"], p["zh"], p["en"], Settlement(p["settlement"]), tuple(p["amounts"]),
                              p.get("note", ""))
                for p in d["penalty_presets"]
            ),
            # Tournaments stored before the session clock have none of these: the defaults apply.
            session_minutes=int(d.get("session_minutes", _default_minutes(d["profile"]))),
            clock_warnings=tuple(int(x) for x in d.get("clock_warnings", (900,))),
            end_policy=EndPolicy(d.get("end_policy", EndPolicy.STOP_NOW)),
            no_show=NoShow(d.get("no_show", NoShow.SUBSTITUTE)),
            substitute_awards=bool(d.get("substitute_awards", False)),
            rules=dict(d.get("rules") or {}),
        )


R98_PENALTIES = (
    PenaltyPreset("false_win_wrong", "错和", "False win (under 8 fans, wrong tile)", Settlement.OTHERS, (30,),
                  "10 to each other player; may not win this hand"),
    PenaltyPreset("false_win_not_ready", "诈和", "False win (not ready)", Settlement.OTHERS, (60,),
                  "20 to each other player"),
    PenaltyPreset("rule_violation", "违例", "Rule violation (empty call, early draw, ...)", Settlement.DEDUCTED,
                  (5, 10, 20, 30, 40, 50, 60)),
    PenaltyPreset("lateness", "迟到", "Lateness", Settlement.DEDUCTED, (10, 20), "10 up to 10 min, 20 up to 15 min"),
    PenaltyPreset("custom", "其他", "Other", Settlement.DEDUCTED),
)

GB_PENALTIES = (
    PenaltyPreset("false_win_wrong", "错和", "False win (under 8 fans, wrong tile)", Settlement.OTHERS, (30,),
                  "10 to each other player"),
    PenaltyPreset("false_win_not_ready", "诈和", "False win (not ready)", Settlement.OTHERS, (30,),
                  "10 to each other player"),
    PenaltyPreset("rule_violation", "违例", "Rule violation", Settlement.DEDUCTED),
    PenaltyPreset("lateness", "迟到", "Lateness", Settlement.DEDUCTED),
    PenaltyPreset("custom", "其他", "Other", Settlement.DEDUCTED),
)

PROFILES: dict[str, Settings] = {
    "cmr1998": Settings(
        profile="cmr1998", sessions=5, hands_per_session=16, flowers=True,
        tie_breaks=(TieBreak.TABLE_POINTS, TieBreak.MATCH_POINTS, TieBreak.BEST_SESSION,
                    TieBreak.BEST_SESSION_COUNT),
        penalty_presets=R98_PENALTIES,
    ),
    "gb": Settings(
        profile="gb", sessions=5, hands_per_session=16, flowers=True,
        tie_breaks=(TieBreak.TABLE_POINTS, TieBreak.MATCH_POINTS),
        penalty_presets=GB_PENALTIES,
        session_minutes=150,  # Green Book §3.5.6: a session lasts at most 150 minutes
    ),
}

RIICHI_PENALTIES = (
    PenaltyPreset("custom", "其他", "Penalty (points after the uma)", Settlement.DEDUCTED),
)


def _riichi(profile: str) -> Settings:
    """A Riichi profile: its tables play a game (scoring.riichi.game); the standings add up the session scores
    (table points' place) and then the points (match points' place). ``hands_per_session`` is only the most
    hands a game may have (a game ends by its rules, docs/riichi.md)."""
    return Settings(profile=profile, sessions=4, hands_per_session=64, flowers=False,
                    tie_breaks=(TieBreak.TABLE_POINTS, TieBreak.MATCH_POINTS), seat_rotation=SeatRotation.FIXED,
                    penalty_presets=RIICHI_PENALTIES, session_minutes=90, end_policy=EndPolicy.FINISH_HAND)


PROFILES.update({name: _riichi(name) for name in profile_names("riichi")})

CHINESE_PROFILES = ("guangdong-tuidaohu", "hebei", "nanchang", "sichuan-xuezhan", "guiyang-zhuoji",
                    "guangdong-jipinghu")


def _chinese(profile: str) -> Settings:
    """A Chinese points system of source 003 (docs/rule-systems.md "At the table"): its tables play the session's
    hands as a game (the dealer moving by its rule); the standings add up MCR's table points on each session's
    points, then the points; a penalty is taken in points, as at MCR."""
    return Settings(profile=profile, sessions=4, hands_per_session=16, flowers=False,
                    tie_breaks=(TieBreak.TABLE_POINTS, TieBreak.MATCH_POINTS), seat_rotation=SeatRotation.FIXED,
                    penalty_presets=(PenaltyPreset("custom", "其他", "Penalty", Settlement.DEDUCTED),),
                    session_minutes=120, end_policy=EndPolicy.FINISH_HAND)


PROFILES.update({name: _chinese(name) for name in CHINESE_PROFILES})


def _default_minutes(profile: str) -> int:
    """A stored profile's session length when its settings predate the session clock."""
    return PROFILES[profile].session_minutes if profile in PROFILES else 180


PENALTY_KINDS = ("false_win_wrong", "false_win_not_ready", "false_win", "rule_violation", "lateness", "custom")
# The one home of the penalty kinds' labels: English that says itself in any language (msgctxt
# "penalty_kind"); the PDFs, the workbook and the site show them (a preset's own name is the tournament's data).
PENALTY_KIND_LABELS: dict[str, Text] = {
    "false_win": Text("False win", "penalty_kind"),
    "false_win_wrong": Text("False win", "penalty_kind"),
    "false_win_not_ready": Text("False win, not ready", "penalty_kind"),
    "rule_violation": Text("Rule violation", "penalty_kind"),
    "lateness": Text("Lateness", "penalty_kind"),
    "custom": Text("Penalty", "penalty_kind"),
}


def profile_settings(profile: str, *, sessions: int | None = None, hands_per_session: int | None = None,
                     flowers: bool | None = None, seat_rotation: SeatRotation | None = None) -> Settings:
    """The profile's defaults with the given overrides, validated."""
    from dataclasses import replace

    if profile not in PROFILES:
        raise InputError("profile", code="unknown_profile", profile=profile, profiles=", ".join(PROFILES))
    base = PROFILES[profile]
    if sessions is not None and not 1 <= sessions <= 100:
        raise InputError("sessions", code="sessions_range", sessions=sessions)
    if hands_per_session is not None and not 1 <= hands_per_session <= 64:
        raise InputError("hands_per_session", code="hands_range", hands=hands_per_session)
    return replace(
        base,
        sessions=base.sessions if sessions is None else sessions,
        hands_per_session=base.hands_per_session if hands_per_session is None else hands_per_session,
        flowers=base.flowers if flowers is None else flowers,
        seat_rotation=base.seat_rotation if seat_rotation is None else seat_rotation,
    )
