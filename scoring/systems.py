"""The rule-system seam: what a mahjong rule system provides, and the systems registered by profile name.

docs/architecture.md "Rule systems". A system says what its tiles are, scores one hand from a JSON input
object (``mcr-score --rules``), says what a table's session is (its ``shape``) and gives a table's session
result. A system whose session is a game (``shape == "game"``: Riichi) also reads and writes its result
lines and plays a table's recorded hands from its state (:class:`GameSystem`); the store keeps what it is
given and asks the system for everything else.

MCR's engine is ``scoring.mcr`` (over the shared tiles, model and notation of ``scoring``); it is
registered here through a thin adapter, so nothing that exists changes.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction
from typing import TYPE_CHECKING, Any, Protocol, cast

if TYPE_CHECKING:
    from scoring.played import LineWin, PlayedGame

__all__ = ["GameSystem", "RuleSystem", "SeatResult", "TileSet", "SYSTEMS", "game_system", "system", "profile_names"]

Scores = tuple[int, int, int, int]


@dataclass(frozen=True, slots=True)
class SeatResult:
    """One player's session at a table, as the system counts it. ``score`` is what the standings add up."""

    raw: Fraction  # MCR: the match points; Riichi: the points at the end, leftover deposits included
    place: int  # 1-4, tied players sharing the best place
    uma: Fraction  # Riichi: uma and oka in thousands; 0 for MCR
    penalty: Fraction  # Riichi: chombo and penalties in thousands; 0 for MCR (its penalties are in raw)
    score: Fraction  # MCR: table points; Riichi: (raw - return) / 1,000 + uma + penalty
    fixed: bool = False  # Riichi: a replacement player's uma and score, fixed by the preset (not played)


@dataclass(frozen=True, slots=True)
class TileSet:
    """A system's tiles: how many, which kinds, and its extras."""

    count: int  # 136 (Riichi), 144 (MCR, with the flowers), 108 (Sichuan), 136 + jokers (Guangdong)
    honours: bool
    flowers: int  # flower tiles counted, 0 when none
    red_fives: bool
    notation: str  # the document that says how a hand is written


class RuleSystem(Protocol):
    """One rule system under one profile name. Pure: no SQLAlchemy, no Qt, nothing of ours above scoring."""

    @property
    def family(self) -> str:
        """The system's family ("mcr", "riichi"): profiles of one family share an engine and its words."""
        ...

    @property
    def profile(self) -> str:
        """The profile name it is registered under (``init --profile``, ``mcr-score --rules``)."""
        ...

    @property
    def tiles(self) -> TileSet: ...

    @property
    def shape(self) -> str:
        """What a table's session is: "hands" (a fixed number of hands, each settled alone: MCR) or "game"
        (hands settled in order from the table's state, the game ending by its rules: Riichi)."""
        ...

    @property
    def session_length(self) -> str:
        """How long a table's session is: "hands" (the tournament's hands per session: MCR, the Chinese systems,
        whose sources give no session length) or "rules" (the game ends by its own rules, the hands per session
        only a ceiling: Riichi's East-South game)."""
        ...

    @property
    def session_score(self) -> str:
        """What a table's session gives each player: "table_points" (MCR's 4/2/1/0 by the session's points, the
        points beside them as match points) or "thousands" (Riichi's score: (points - return) / 1,000 + uma)."""
        ...

    def score_json(self, request: dict[str, Any]) -> dict[str, Any]:
        """One hand scored from its JSON input object to its JSON answer object; never raises for a bad
        hand (the answer then holds ``error``)."""
        ...

    def rules_problem(self, rules: Mapping[str, Any]) -> str | None:
        """What is wrong with the organiser's values for the system (``init``/``settings --rule``), or None."""
        ...

    def missing_rules(self, rules: Mapping[str, Any]) -> tuple[tuple[str, str], ...]:
        """The values the organiser must still type (``settings --rule``) before a session starts, each with what
        it is and why the source leaves it open: the numbers a source does not give (Guiyang's chickens,
        鸡平胡's 番); () for every system whose source gives all."""
        ...

    def optional_rules(self, rules: Mapping[str, Any]) -> tuple[tuple[str, Any, str], ...]:
        """The values the organiser may change that have a default, each (name, its value now: the one typed or
        else the default, what it is), for the Rule values dialog beside the missing ones: 鸡平胡's base and cap.
        () for a system whose values the dialog does not list (its profile's own settings, or none)."""
        ...

    def session_result(self, hands: Scores, penalties: Scores, chombos: Sequence[int],
                       options: Mapping[str, Any], replacements: Sequence[int] = ()) -> tuple[SeatResult, ...]:
        """The four seats' session results from the sums of their hands' and penalties' changes and the
        chombos (seats, one per chombo); ``options``: the tournament's values for the system (MCR: its
        ``table_points``; Riichi: the organiser's changes to the preset); ``replacements``: the seats a
        replacement player (a substitute) held, whose result a system may fix (Riichi's presets)."""
        ...


class GameSystem(RuleSystem, Protocol):
    """A system whose table session is a game (``shape == "game"``)."""

    def read_line(self, obj: Mapping[str, Any], seat_of: Callable[[str, str], int]) -> dict[str, Any]:
        """A result line's record (seats 0-3); raises ``scoring.riichi.lines.LineError``."""
        ...

    def line_of(self, record: Mapping[str, Any], number_of: Callable[[int], str]) -> dict[str, Any]:
        """A record's result line, players by number."""
        ...

    def line_wins(self, line: dict[str, Any]) -> tuple[LineWin, ...]:
        """A result line's wins (``line_of``'s shape, maybe with more fields), in the order they were won: each
        winner's number and the part of the line holding it. A listing reads a line's winners from here, never
        from the line's shape (``results list``)."""
        ...

    def play(self, records: Sequence[Mapping[str, Any]], options: Mapping[str, Any],
             time_called_after: int | None = None, partial: bool = False) -> PlayedGame:
        """A table's records played in order (each hand's state, settlement and values; over or not).
        ``partial`` (a preview only, never a record): the last record may be of a hand not over yet (Sichuan's
        events so far); it is played as far as it goes and its played hand says ``partial``. A system whose
        line is the whole hand ignores it."""
        ...

    def start_points(self, options: Mapping[str, Any]) -> int: ...

    def last_hand_after_time(self, options: Mapping[str, Any], called_after: int) -> int | None:
        """How many hands are played (chombos not counted) when time was called during hand ``called_after``
        (counted the same way): the game ends after them. None when the rules have no time call."""
        ...

    def outcomes(self, options: Mapping[str, Any]) -> tuple[str, ...]:
        """The kinds of result line a hand may have under the tournament's rules (a desk offers these)."""
        ...

    @property
    def wording(self) -> str:
        """Which of the catalogue's sets of words says its result lines' kinds (``db.rules.game_words.WORDINGS``):
        "riichi" (Ron, Tsumo, Exhaustive draw…) or "chinese" (Win on a discard, Self-drawn, Draw, Hand)."""
        ...

    def preset(self, options: Mapping[str, Any]) -> Any:
        """The rules a hand is scored by (Riichi: the preset with the organiser's changes), for a hand entry."""
        ...

    def entry_options(self, options: Mapping[str, Any]) -> dict[str, Any]:
        """What a hand's entry offers under the tournament's values, as JSON: ``form`` (which entry: "riichi";
        a Chinese system's "wins", one win line per hand, or "events", Sichuan's events of one hand), ``outcomes`` (the line types the
        preset has), ``abortive`` (the abortive draws' reasons, [] when none), ``red_fives``, ``limits``, ``flags``
        (a winner's situation flags, riichi aside: the line lists the declarers), ``multiple_ron`` (whether one discard may have several
        winners). The entry pages show these; they decide nothing."""
        ...


@dataclass(frozen=True, slots=True)
class _Mcr:
    """MCR through its engine as it is (``scoring.cli``'s stream objects)."""

    profile: str
    family: str = "mcr"
    shape: str = "hands"
    session_length: str = "hands"
    session_score: str = "table_points"
    tiles: TileSet = TileSet(count=144, honours=True, flowers=8, red_fives=False, notation="NOTATION.md")

    def score_json(self, request: dict[str, Any]) -> dict[str, Any]:
        import json

        from scoring.cli import stream_line

        result: dict[str, Any] = json.loads(stream_line(json.dumps(request)))
        return result

    def missing_rules(self, rules: Mapping[str, Any]) -> tuple[tuple[str, str], ...]:
        return ()

    def optional_rules(self, rules: Mapping[str, Any]) -> tuple[tuple[str, Any, str], ...]:
        return ()

    def rules_problem(self, rules: Mapping[str, Any]) -> str | None:
        # MCR's values are the settings' own options (table points, flowers, seat changes)
        return f"{next(iter(rules))}: not a value of {self.profile}" if rules else None

    def session_result(self, hands: Scores, penalties: Scores, chombos: Sequence[int],
                       options: Mapping[str, Any], replacements: Sequence[int] = ()) -> tuple[SeatResult, ...]:
        from scoring.mcr.session import table_points

        mp = [h + p for h, p in zip(hands, penalties, strict=True)]
        tp = table_points(mp, tuple(options.get("table_points", (4.0, 2.0, 1.0, 0.0))))
        return tuple(SeatResult(Fraction(m), 1 + sum(1 for o in mp if o > m), Fraction(0), Fraction(0),
                                Fraction(t)) for m, t in zip(mp, tp, strict=True))


@dataclass(frozen=True, slots=True)
class _Riichi:
    """Riichi over the ``mahjong`` library, one preset (``scoring.riichi.presets``)."""

    profile: str
    family: str = "riichi"
    shape: str = "game"
    session_length: str = "rules"
    session_score: str = "thousands"
    wording: str = "riichi"

    @property
    def tiles(self) -> TileSet:
        from scoring.riichi.presets import PRESETS

        return TileSet(count=136, honours=True, flowers=0, red_fives=PRESETS[self.profile].red_fives,
                       notation="NOTATION.md + 0 for a red five, 1z-7z honours")

    def score_json(self, request: dict[str, Any]) -> dict[str, Any]:
        from scoring.riichi.presets import PRESETS
        from scoring.riichi.score import answer

        return answer(request, PRESETS[self.profile])

    def missing_rules(self, rules: Mapping[str, Any]) -> tuple[tuple[str, str], ...]:
        return ()

    def optional_rules(self, rules: Mapping[str, Any]) -> tuple[tuple[str, Any, str], ...]:
        return ()  # the preset's changes are ``settings --rule``'s (docs/riichi.md), not the dialog's

    def rules_problem(self, rules: Mapping[str, Any]) -> str | None:
        from scoring.riichi.presets import preset_with

        try:
            preset_with(self.profile, rules)
        except ValueError as exc:
            return str(exc)
        return None

    def session_result(self, hands: Scores, penalties: Scores, chombos: Sequence[int],
                       options: Mapping[str, Any], replacements: Sequence[int] = ()) -> tuple[SeatResult, ...]:
        from scoring.riichi.game import session_result
        preset = _preset(self.profile, options)
        end = tuple(preset.start_points + h for h in hands)
        left = -sum(hands) // preset.deposit  # the sticks still on the table: the points no seat holds
        out = session_result((end[0], end[1], end[2], end[3]), left, preset, chombos, replacements)
        return tuple(SeatResult(r.raw, r.place, r.uma, r.penalty + Fraction(p, 1000), r.score + Fraction(p, 1000),
                                r.fixed) for r, p in zip(out, penalties, strict=True))

    def read_line(self, obj: Mapping[str, Any], seat_of: Callable[[str, str], int]) -> dict[str, Any]:
        from scoring.riichi.lines import read_line

        return read_line(obj, seat_of)

    def line_of(self, record: Mapping[str, Any], number_of: Callable[[int], str]) -> dict[str, Any]:
        from scoring.riichi.lines import line_of

        return line_of(record, number_of)

    def line_wins(self, line: dict[str, Any]) -> tuple[LineWin, ...]:
        from scoring.played import one_line_wins

        return one_line_wins(line)

    def play(self, records: Sequence[Mapping[str, Any]], options: Mapping[str, Any],
             time_called_after: int | None = None, partial: bool = False) -> PlayedGame:
        from scoring.riichi.lines import play  # a Riichi line is the whole hand: nothing is partial
        return play(records, _preset(self.profile, options), time_called_after)

    def start_points(self, options: Mapping[str, Any]) -> int:
        return _preset(self.profile, options).start_points

    def last_hand_after_time(self, options: Mapping[str, Any], called_after: int) -> int | None:
        from scoring.riichi.game import last_played_hand

        return last_played_hand(_preset(self.profile, options), called_after)

    def outcomes(self, options: Mapping[str, Any]) -> tuple[str, ...]:
        from scoring.riichi.lines import outcomes

        return outcomes(_preset(self.profile, options))

    def preset(self, options: Mapping[str, Any]) -> Any:
        return _preset(self.profile, options)

    def entry_options(self, options: Mapping[str, Any]) -> dict[str, Any]:
        from scoring.riichi.game import ABORTIVE_REASONS
        from scoring.riichi.lines import outcomes
        from scoring.riichi.presets import MultipleRon
        from scoring.riichi.score import FLAGS, LIMITS

        preset = _preset(self.profile, options)
        return {"form": "riichi", "outcomes": list(outcomes(preset)),
                "abortive": list(ABORTIVE_REASONS) if preset.abortive_draws else [],
                "red_fives": preset.red_fives, "limits": list(LIMITS),
                "flags": [f for f in FLAGS if f != "riichi"],  # riichi itself: the line's list of declarers
                "multiple_ron": preset.multiple_ron is not MultipleRon.HEAD_BUMP}


class _ChineseGame:
    """What the Chinese points systems share as game systems (``scoring.chinese_game``): a table's session is
    a game of the tournament's hands per session, the dealer moving by the system's rule, the points from 0,
    ranked by MCR's table points (the sources give no session result: issue 33, docs/rule-systems.md)."""

    profile: str
    shape: str = "game"
    session_length: str = "hands"
    session_score: str = "table_points"
    wording: str = "chinese"  # their lines' kinds said alike, whichever system (issue 33)

    def _lines(self) -> Any:
        raise NotImplementedError

    def missing_rules(self, rules: Mapping[str, Any]) -> tuple[tuple[str, str], ...]:
        return ()

    def optional_rules(self, rules: Mapping[str, Any]) -> tuple[tuple[str, Any, str], ...]:
        return ()

    def session_result(self, hands: Scores, penalties: Scores, chombos: Sequence[int],
                       options: Mapping[str, Any], replacements: Sequence[int] = ()) -> tuple[SeatResult, ...]:
        return _Mcr(self.profile).session_result(hands, penalties, chombos, options)

    def read_line(self, obj: Mapping[str, Any], seat_of: Callable[[str, str], int]) -> dict[str, Any]:
        result: dict[str, Any] = self._lines().read(obj, seat_of)
        return result

    def line_of(self, record: Mapping[str, Any], number_of: Callable[[int], str]) -> dict[str, Any]:
        result: dict[str, Any] = self._lines().line(record, number_of)
        return result

    def line_wins(self, line: dict[str, Any]) -> tuple[LineWin, ...]:
        # one ron/tsumo/draw line per hand (Sichuan's events: its own)
        from scoring.played import one_line_wins

        return one_line_wins(line)

    def play(self, records: Sequence[Mapping[str, Any]], options: Mapping[str, Any],
             time_called_after: int | None = None, partial: bool = False) -> PlayedGame:
        from scoring.chinese_game import play

        return play(records, self._lines(), options, time_called_after, partial)

    def start_points(self, options: Mapping[str, Any]) -> int:
        return 0

    def last_hand_after_time(self, options: Mapping[str, Any], called_after: int) -> int | None:
        from scoring.chinese_game import last_hand

        return last_hand(options, called_after)

    def outcomes(self, options: Mapping[str, Any]) -> tuple[str, ...]:
        return tuple(self._lines().types)

    def preset(self, options: Mapping[str, Any]) -> Any:
        return dict(options)

    def entry_options(self, options: Mapping[str, Any]) -> dict[str, Any]:
        entry: dict[str, Any] = self._lines().entry_options(options)
        return {"form": "events" if "events" in entry else "wins", "outcomes": list(self.outcomes(options)),
                "abortive": [], "red_fives": False, "limits": [], "multiple_ron": False, **entry}


@dataclass(frozen=True, slots=True)
class _PointsTable(_ChineseGame):
    """A Chinese points system of source 003 scored one win at a time (``scoring.<profile>.score.answer``):
    Hebei from tiles, Nanchang from the hand type (issue 33, docs/rule-systems.md)."""

    profile: str
    shape: str = "game"
    tiles: TileSet = TileSet(count=136, honours=True, flowers=0, red_fives=False,
                             notation="NOTATION.md without chow melds (Nanchang: hand types)")

    @property
    def family(self) -> str:
        return self.profile

    def _lines(self) -> Any:
        from scoring.hebei.lines import HebeiLines
        from scoring.nanchang.lines import NanchangLines

        return HebeiLines() if self.profile == "hebei" else NanchangLines()

    def score_json(self, request: dict[str, Any]) -> dict[str, Any]:
        from importlib import import_module

        result: dict[str, Any] = import_module(f"scoring.{self.profile}.score").answer(request)
        return result

    def rules_problem(self, rules: Mapping[str, Any]) -> str | None:
        # source 003 gives every number of these systems: the organiser sets none
        return f"{next(iter(rules))}: not a value of {self.profile}" if rules else None


@dataclass(frozen=True, slots=True)
class _Guangdong(_ChineseGame):
    """Guangdong push-to-win (推倒胡), source 003: ``scoring.guangdong``."""

    profile: str = "guangdong-tuidaohu"
    family: str = "guangdong"
    shape: str = "game"
    tiles: TileSet = TileSet(count=136, honours=True, flowers=0, red_fives=False,
                             notation="NOTATION.md + 1z-7z honours; the joker given by its indicator")

    def _lines(self) -> Any:
        from scoring.guangdong.lines import GuangdongLines

        return GuangdongLines()

    def score_json(self, request: dict[str, Any]) -> dict[str, Any]:
        from scoring.guangdong.score import answer

        return answer(request)

    def rules_problem(self, rules: Mapping[str, Any]) -> str | None:
        from scoring.guangdong.score import rules_problem

        return rules_problem(rules)


@dataclass(frozen=True, slots=True)
class _Sichuan(_ChineseGame):
    """Sichuan 血战到底 (``scoring.sichuan``): a hand's events in order, settled by ``scoring.sichuan.settle``."""

    profile: str = "sichuan-xuezhan"
    family: str = "sichuan"
    shape: str = "game"
    tiles: TileSet = TileSet(count=108, honours=False, flowers=0, red_fives=False,
                             notation="NOTATION.md, three suits, no honours")

    def _lines(self) -> Any:
        from scoring.sichuan.lines import SichuanLines

        return SichuanLines()

    def line_wins(self, line: dict[str, Any]) -> tuple[LineWin, ...]:
        from scoring.sichuan.lines import SichuanLines

        return SichuanLines().wins(line)

    def score_json(self, request: dict[str, Any]) -> dict[str, Any]:
        from scoring.sichuan.score import answer

        return answer(request)

    def rules_problem(self, rules: Mapping[str, Any]) -> str | None:
        from scoring.sichuan.rules import rules_with

        try:
            rules_with(rules)
        except ValueError as exc:
            return str(exc)
        return None


@dataclass(frozen=True, slots=True)
class _OrganiserValues(_ChineseGame):
    """A system of source 003 whose missing numbers the organiser types (issue 33 item 5): Guiyang 捉鸡
    (``scoring.guiyang``, tile-scored) and Guangdong 鸡平胡 (``scoring.jipinghu``, entered by type). Its
    tables play a game as the other Chinese systems' do; no session starts before the values are typed."""

    profile: str
    package: str  # the package under scoring: its ``score.answer``, ``rules`` and ``lines``
    tiles: TileSet
    shape: str = "game"

    @property
    def family(self) -> str:
        return self.profile

    def _lines(self) -> Any:
        from scoring.guiyang.lines import GuiyangLines
        from scoring.jipinghu.lines import JipinghuLines

        return GuiyangLines() if self.package == "guiyang" else JipinghuLines()

    def score_json(self, request: dict[str, Any]) -> dict[str, Any]:
        from importlib import import_module

        result: dict[str, Any] = import_module(f"scoring.{self.package}.score").answer(request)
        return result

    def rules_problem(self, rules: Mapping[str, Any]) -> str | None:
        from importlib import import_module

        problem: str | None = import_module(f"scoring.{self.package}.rules").rules_problem(rules)
        return problem

    def missing_rules(self, rules: Mapping[str, Any]) -> tuple[tuple[str, str], ...]:
        from importlib import import_module

        module = import_module(f"scoring.{self.package}.rules")
        why = dict(module.REQUIRED)
        return tuple((name, why[name]) for name in module.missing(rules))

    def optional_rules(self, rules: Mapping[str, Any]) -> tuple[tuple[str, Any, str], ...]:
        from importlib import import_module

        found: tuple[tuple[str, Any, str], ...] = import_module(f"scoring.{self.package}.rules").optional(rules)
        return found


def _guiyang() -> RuleSystem:
    return _OrganiserValues("guiyang-zhuoji", "guiyang", TileSet(
        count=108, honours=False, flowers=0, red_fives=False, notation="NOTATION.md, three suits, no chow meld"))


def _jipinghu() -> RuleSystem:
    return _OrganiserValues("guangdong-jipinghu", "jipinghu", TileSet(
        count=136, honours=True, flowers=0, red_fives=False, notation="hand types (docs/scoring-cli.md)"))


def _preset(profile: str, options: Mapping[str, Any]) -> Any:
    """A Riichi profile's preset with the tournament's changes; ``options`` also carry the values every
    tournament has (MCR's table points), which a preset does not take."""
    from scoring.riichi.presets import RiichiPreset, preset_with

    fields = RiichiPreset.__dataclass_fields__
    return preset_with(profile, {k: v for k, v in options.items() if k in fields})


_RIICHI_PROFILES = ("riichi-ema2016", "riichi-ema2025", "riichi-wrc2022", "riichi-tenhou")
_MCR_PROFILES = ("cmr1998", "gb")

def _maker(kind: type[_Mcr] | type[_Riichi] | type[_PointsTable], name: str) -> Callable[[], RuleSystem]:
    def make() -> RuleSystem:
        return kind(name)

    return make


SYSTEMS: dict[str, Callable[[], RuleSystem]] = {
    **{name: _maker(_Mcr, name) for name in _MCR_PROFILES},
    **{name: _maker(_Riichi, name) for name in _RIICHI_PROFILES},
    **{name: _maker(_PointsTable, name) for name in ("hebei", "nanchang")},
    "guangdong-tuidaohu": _Guangdong,
    "sichuan-xuezhan": _Sichuan,
    "guiyang-zhuoji": _guiyang,
    "guangdong-jipinghu": _jipinghu,
}


def profile_names(family: str | None = None) -> tuple[str, ...]:
    """The registered profile names, of one family when given."""
    return tuple(n for n in SYSTEMS if family is None or SYSTEMS[n]().family == family)


def system(profile: str) -> RuleSystem:
    """The rule system of a profile; ``KeyError`` when none is registered under that name."""
    return SYSTEMS[profile]()


def game_system(profile: str) -> GameSystem:
    """The rule system of a profile whose session is a game; ``TypeError`` when its session is not."""
    found = system(profile)
    if found.shape != "game":
        raise TypeError(f"{profile}: a table's session is not a game")
    return cast(GameSystem, found)  # a system of shape "game" implements GameSystem (its tests check it)
