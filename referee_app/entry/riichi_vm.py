"""View model of one Riichi win being entered (issue 32 §4, the desk): the tiles (red fives where the preset
has them), the dora and ura indicators, the flags of the ``mcr-score --rules riichi-*`` input object, ron
from whom or tsumo; and, live, the scorer's answer (han, fu with its parts, each yaku with its tiles, the
limit, the payments with honba and deposits) or its refusal in words.

Pure Python, no Qt: tests drive it directly and the widget (``riichi_entry``) only shows it. It scores
nothing itself: every figure is ``scoring.riichi.score``'s, and the picker's rules are ``tile_state``'s,
shared with MCR's hand entry. Words are ``texts.Text`` values, which the widget says in its language.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass, field, replace
from typing import Any

from db.messages import hand_problem
from db.rules.game_words import FU_PARTS, LIMITS, yaku_name, yaku_romaji
from referee_app.base import tile_state
from referee_app.base.tile_state import RED_FIVES, RED_OF_FIVE, Mode, Tiles, face_name, tile_count
from scoring import tiles as T
from scoring.errors import HandError
from scoring.model import Hand, Meld
from scoring.notation import format_hand, tiles_text
from scoring.riichi.hand import RED_IDS, name34, read_hand
from scoring.riichi.presets import RiichiPreset
from scoring.riichi.score import FLAGS, RiichiResult, Situation, score
from texts import Text

WINDS = ("E", "S", "W", "N")
MOST_INDICATORS = 5  # the contract's limit (``situation_from_json``): the first dora and four kan dora

@dataclass(frozen=True, slots=True)
class RiichiContext:
    """What the table says about the hand before it is entered (derived by the store, never typed here).

    Seats are written E S W N, as the sheet's columns (the starting seats); ``dealer`` is the seat that
    deals this hand, so each seat's wind this hand counts from it (the scorer's winds: East deals). With
    the default dealer, E, a seat's letter is its wind."""

    preset: RiichiPreset
    seat: str  # the winner's seat
    round: str = "E"  # the round wind
    dealer: str = "E"
    honba: int = 0
    deposits: int = 0  # riichi sticks on the table before this hand's own
    players: tuple[str, str, str, str] = ("E", "S", "W", "N")  # each seat's label, E S W N

    def wind_of(self, seat: str) -> str:
        """The wind a seat has this hand."""
        return WINDS[(WINDS.index(seat) - WINDS.index(self.dealer)) % 4]

    def label(self, seat: str) -> str:
        return self.players[WINDS.index(seat)]


@dataclass(frozen=True, slots=True)
class RedFive:
    """One red five in the hand: the five's kind and where it lies (a meld, the standing tiles, the win)."""

    five: int
    place: Meld | str  # a Meld, "standing" or "win"


@dataclass(frozen=True, slots=True)
class _Entry:
    tiles: Tiles = Tiles()
    reds: tuple[RedFive, ...] = ()


@dataclass(frozen=True, slots=True)
class YakuLine:
    id: str
    name: Text
    romaji: str
    han: int
    tiles: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class Payment:
    seat: str
    label: str
    wind: str  # this hand's wind
    delta: int


@dataclass(frozen=True, slots=True)
class RiichiPreview:
    """Everything the live panel shows for the current state: a result, or a message (a problem, or what
    is still to enter when ``progress``)."""

    hand: Hand
    reds: tuple[RedFive, ...]
    tile_count: int
    result: RiichiResult | None = None
    message: Text | None = None
    progress: bool = False
    payments: tuple[Payment, ...] = ()
    yaku: tuple[YakuLine, ...] = ()
    fu_parts: tuple[tuple[Text, int], ...] = field(default=())

    @property
    def can_confirm(self) -> bool:
        return self.result is not None

    @property
    def limit(self) -> Text | None:
        return None if self.result is None or self.result.limit is None else LIMITS[self.result.limit]

    def figures(self) -> Text | None:
        """"3 han 40 fu", "Yakuman ×2", with the limit's name: the line the panel shows big."""
        r = self.result
        if r is None:
            return None
        if r.yakuman:
            return Text("{limit} ×{count}", "riichi_entry", limit=LIMITS["yakuman"], count=r.yakuman) \
                if r.yakuman > 1 else LIMITS["yakuman"]
        if r.limit:
            return Text("{han} han {fu} fu · {limit}", "riichi_entry", han=r.han, fu=r.fu, limit=LIMITS[r.limit])
        return Text("{han} han {fu} fu", "riichi_entry", han=r.han, fu=r.fu)


class Listeners:
    """A signal without Qt: callables called with the new value (the widget connects its refresh)."""

    def __init__(self) -> None:
        self._calls: list[Callable[..., Any]] = []

    def connect(self, call: Callable[..., Any]) -> None:
        self._calls.append(call)

    def disconnect(self, call: Callable[..., Any]) -> None:
        self._calls.remove(call)

    def emit(self, *args: Any) -> None:
        for call in list(self._calls):
            call(*args)


def _redden(text: str, suit: str) -> str:
    """``text`` with its first five of ``suit`` written as the red five (``0``)."""
    return re.sub(rf"5(?=[0-9]*{suit})", "0", text, count=1)


def _holds(t: Tiles, red: RedFive) -> bool:
    """Whether the place a red five was put in still holds a five of its suit."""
    if red.place == "win":
        return t.winning == red.five
    if red.place == "standing":
        return red.five in t.standing
    return red.place in t.melds


class RiichiEntryModel:
    """State and commands of one Riichi win's entry. ``changed`` is emitted with the new
    ``RiichiPreview`` after every change; ``mode_changed`` with the picker's mode."""

    flowers_allowed = False

    def __init__(self, context: RiichiContext) -> None:
        self.context = context
        self.changed = Listeners()
        self.mode_changed = Listeners()
        self.mode = Mode.TILE
        self._entry = _Entry()
        self._undo: list[_Entry] = []
        self._notation_problem: HandError | None = None
        self.dora: tuple[int, ...] = ()  # indicator tiles (a red five as its picker id)
        self.ura: tuple[int, ...] = ()
        self.flags: dict[str, bool] = dict.fromkeys(FLAGS, False)
        self.tsumo = False
        self.discarder: str | None = None  # the discarder's seat on a ron; neither chosen to start with
        self.target: str | None = None  # "dora" / "ura": picker clicks add indicators there, until unset
        self.preview = self._compute()

    # ---- reading -------------------------------------------------------------------------------
    @property
    def red_tiles(self) -> tuple[int, ...]:
        """The picker's red fives: 0m 0s 0p when the preset has them."""
        return tuple(RED_FIVES) if self.context.preset.red_fives else ()

    @property
    def melds(self) -> tuple[Meld, ...]:
        return self._entry.tiles.melds

    @property
    def standing(self) -> tuple[int, ...]:
        return self._entry.tiles.standing

    @property
    def winning(self) -> int | None:
        return self._entry.tiles.winning

    @property
    def reds(self) -> tuple[RedFive, ...]:
        """The red fives still in the hand where they were put."""
        t = self._entry.tiles
        return tuple(r for r in self._entry.reds if _holds(t, r))

    def hand(self) -> Hand:
        return self._entry.tiles.hand()

    def others(self) -> tuple[str, ...]:
        """The seats that may have discarded the winning tile."""
        return tuple(s for s in WINDS if s != self.context.seat)

    def copies(self) -> tuple[int, ...]:
        """How many of each tile the hand holds, the red fives (ids 34-36) after the 34 kinds."""
        reds = {r.five for r in self.reds}
        return tile_state.copies(self._entry.tiles) + tuple(int(f in reds) for f in RED_FIVES.values())

    def can_add(self, t: int, mode: Mode | None = None) -> bool:
        if self.target is not None:
            return self._can_indicate(self.target, t)
        return self._clicked(t, mode or self.mode) is not None

    def notation(self) -> str:
        """The hand in the notation, each red five as ``0`` where it lies (also while incomplete)."""
        t = self._entry.tiles
        try:
            melds = [format_hand(Hand(melds=(m,))) for m in t.melds]
            standing = tiles_text(sorted(t.standing))
            win = tiles_text((t.winning,)) if t.winning is not None else ""
        except (HandError, ValueError):
            return ""
        for red in self.reds:
            suit = T.name(red.five)[1]
            if isinstance(red.place, Meld):
                i = t.melds.index(red.place)
                melds[i] = _redden(melds[i], suit)
            elif red.place == "standing":
                standing = _redden(standing, suit)
            else:
                win = _redden(win, suit)
        return "".join(melds) + standing + win

    @property
    def notation_error(self) -> Text | None:
        return None if self._notation_problem is None else hand_problem(self._notation_problem)

    def hand_groups(self) -> list[tuple[tuple[int, ...], str]]:
        """The hand as tile rows' groups (``tile_faces.hand_groups``), each red five drawn red."""
        t, reds = self._entry.tiles, self.reds
        groups: list[tuple[tuple[int, ...], str]] = []

        def red_in(tiles: tuple[int, ...], place: Meld | str) -> tuple[int, ...]:
            out = list(tiles)
            for r in reds:
                if r.place == place and r.five in out:
                    out[out.index(r.five)] = RED_OF_FIVE[r.five]
            return tuple(out)

        for m in t.melds:
            groups.append((red_in(m.tiles, m), "concealed" if m.kind.value == "concealed_kong" else "meld"))
        if t.standing:
            groups.append((red_in(tuple(sorted(t.standing)), "standing"), "standing"))
        if t.winning is not None:
            groups.append((red_in((t.winning,), "win"), "win"))
        return groups

    def situation(self) -> Situation:
        """The hand's situation as the scorer reads it (this hand's winds)."""
        c = self.context
        s = Situation(
            win="tsumo" if self.tsumo else "ron", seat=c.wind_of(c.seat),
            discarder=None if self.tsumo or self.discarder is None else c.wind_of(self.discarder),
            round=c.round, dora=tuple(face_name(t) for t in self.dora), ura=tuple(face_name(t) for t in self.ura),
            honba=c.honba, deposits=c.deposits)
        flags: dict[str, Any] = dict(self.flags)
        return replace(s, **flags)

    def to_line(self) -> dict[str, Any]:
        """The winner's object for a result line: the hand and the situation fields the store cannot
        derive, named as the ``mcr-score --rules riichi-*`` input object (issue 32 "Contracts"); seat,
        round, honba and deposits are the table's, derived by the store."""
        s = self.situation()
        line: dict[str, Any] = {"hand": self.notation(), "win": s.win}
        if s.win == "ron":
            line["discarder"] = s.discarder
        line.update(dora=list(s.dora), ura=list(s.ura))
        line.update((name, getattr(s, name)) for name in FLAGS)
        return line

    # ---- commands --------------------------------------------------------------------------------
    def set_mode(self, mode: Mode | str) -> None:
        self.mode = Mode(mode)
        self.mode_changed.emit(self.mode.value)

    def click_tile(self, t: int) -> bool:
        """Apply the current mode to tile ``t`` (a red five: the five of its suit, red); False when it
        cannot apply (nothing changes). While an indicator row is the target, the tile is an indicator."""
        if self.target is not None:
            return self.add_indicator(self.target, t)
        new = self._clicked(t, self.mode)
        if new is None:
            return False
        self._push(new)
        return True

    def remove_meld(self, i: int) -> None:
        self._push(replace(self._entry, tiles=tile_state.without_meld(self._entry.tiles, i)))

    def remove_standing_tile(self, t: int) -> None:
        new = tile_state.without_standing(self._entry.tiles, tile_state.kind(t))
        if new is not None:
            self._push(replace(self._entry, tiles=new))

    def remove_winning(self) -> None:
        if self.winning is not None:
            self._push(replace(self._entry, tiles=replace(self._entry.tiles, winning=None)))

    def remove_last(self) -> None:
        new = tile_state.without_last(self._entry.tiles)
        if new is not None:
            self._push(replace(self._entry, tiles=new))

    def undo(self) -> None:
        if self._undo:
            self._entry = self._undo.pop()
            self._notation_problem = None
            self._refresh()

    def clear(self) -> None:
        if self._entry != _Entry() or self._notation_problem is not None:
            self._push(_Entry())

    def set_notation(self, text: str) -> bool:
        """Replace the hand by the typed notation (``0`` a red five). When it does not read, the hand stays
        as it was and ``notation_error`` says why."""
        text = text.strip()
        if not text:
            self.clear()
            return True
        try:
            hand, ids = read_hand(text, self.context.preset.red_fives)
        except HandError as e:
            self._notation_problem = e
            self._refresh()
            return False
        reds: list[RedFive] = []
        # the ids 16, 52, 88 are the red fives only under a preset that has them (else a plain five's copy)
        red_ids = RED_IDS if ids.reds else frozenset()
        for meld, m136 in zip(hand.melds, ids.melds, strict=True):
            reds += [RedFive(T.tile(name34(i // 4)), meld) for i in m136.tiles if i in red_ids]
        in_melds = {i for m in ids.melds for i in m.tiles}
        for i in ids.tiles:
            if i in red_ids and i not in in_melds:
                reds.append(RedFive(T.tile(name34(i // 4)), "win" if i == ids.win_tile else "standing"))
        self._push(_Entry(Tiles(tuple(hand.melds), tuple(hand.standing), hand.winning), tuple(reds)))
        return True

    def set_target(self, which: str | None) -> None:
        """Picker clicks add dora (``"dora"``) or ura (``"ura"``) indicators from now on, or tiles to the hand
        again (None). It sticks, as the picker's modes do."""
        if which not in (None, "dora", "ura"):
            raise ValueError(f"not an indicator row: {which}")
        self.target = which
        self._refresh()

    def add_indicator(self, which: str, t: int) -> bool:
        """Add tile ``t`` to the dora (``which`` "dora") or ura ("ura") indicators; False when full or
        ``t`` is a red five the preset lacks."""
        if not self._can_indicate(which, t):
            return False
        setattr(self, which, getattr(self, which) + (t,))
        self._refresh()
        return True

    def remove_indicator(self, which: str, i: int) -> None:
        row: tuple[int, ...] = getattr(self, which)
        setattr(self, which, row[:i] + row[i + 1:])
        self._refresh()

    def set_flag(self, name: str, on: bool) -> None:
        if name not in self.flags:
            raise ValueError(f"not a flag: {name}")
        self.flags[name] = on
        self._refresh()

    def set_tsumo(self) -> None:
        self.tsumo, self.discarder = True, None
        self._refresh()

    def set_ron(self, seat: str) -> None:
        """A ron on the discard of ``seat`` (one of ``others()``)."""
        if seat not in self.others():
            raise ValueError(f"{seat} cannot have discarded to {self.context.seat}")
        self.tsumo, self.discarder = False, seat
        self._refresh()

    def refresh(self) -> None:
        self._refresh()

    # ---- internals -------------------------------------------------------------------------------
    def _can_indicate(self, which: str, t: int) -> bool:
        row: tuple[int, ...] = getattr(self, which)
        return len(row) < MOST_INDICATORS and (t not in RED_FIVES or self.context.preset.red_fives)

    def _clicked(self, t: int, mode: Mode) -> _Entry | None:
        """The entry after a click on ``t`` in ``mode``, or None when it cannot apply."""
        entry, five = self._entry, RED_FIVES.get(t)
        counts = tile_state.copies(entry.tiles)
        reds = self.reds
        if five is not None and (not self.red_tiles or any(r.five == five for r in reds)):
            return None  # one red five of each suit, and only where the preset has them
        kind = t if five is None else five
        if not tile_state.can_add(entry.tiles, counts, kind, mode):
            return None
        tiles = tile_state.clicked(entry.tiles, kind, mode)
        if five is not None:
            place: Meld | str = ("win" if tiles.winning != entry.tiles.winning else "standing") \
                if mode in (Mode.TILE, Mode.WIN) else tiles.melds[-1]
            reds = (*reds, RedFive(five, place))
        if self.red_tiles:
            # with red fives, one five of each suit is the red one: a fourth plain five cannot be added
            after = tile_state.copies(tiles)
            for f in RED_FIVES.values():
                if after[f] - sum(r.five == f for r in reds) > 3:
                    return None
        return _Entry(tiles, tuple(r for r in reds if _holds(tiles, r)))

    def _push(self, new: _Entry) -> None:
        self._undo.append(self._entry)
        self._entry = new
        self._notation_problem = None
        self._refresh()

    def _refresh(self) -> None:
        self.preview = self._compute()
        self.changed.emit(self.preview)

    def _compute(self) -> RiichiPreview:
        hand, reds = self.hand(), self.reds
        n = tile_count(hand.melds, hand.standing, hand.winning)
        base = RiichiPreview(hand, reds, n)
        if self._notation_problem is not None:
            return replace(base, message=hand_problem(self._notation_problem),
                           progress=self._notation_problem.params.get("reason") == "tile_count")
        if n == 0:
            return replace(base, message=Text("Enter the hand: click tiles, or type the notation.", None),
                           progress=True)
        if n < 14:
            return replace(base, message=Text("{n} of 14 tiles entered.", None, n=n), progress=True)
        if hand.winning is None:
            return replace(base, message=Text("Mark the winning tile.", None), progress=True)
        if not self.tsumo and self.discarder is None:
            # nothing is chosen for the referee (docs/gui.md): the yaku depend on how the hand was won
            return replace(base, message=Text("Choose ron (from whom) or tsumo.", "riichi_entry"), progress=True)
        try:
            result = score(self.notation(), self.situation(), self.context.preset)
        except HandError as e:
            return replace(base, message=hand_problem(e))
        c = self.context
        return replace(
            base, result=result,
            payments=tuple(Payment(s, c.label(s), c.wind_of(s), result.deltas[c.wind_of(s)]) for s in WINDS),
            yaku=tuple(YakuLine(y.id, yaku_name(y.id), yaku_romaji(y.id), y.han, y.tiles) for y in result.yaku),
            fu_parts=tuple((FU_PARTS.get(reason, Text(reason)), fu) for reason, fu in result.fu_parts))
