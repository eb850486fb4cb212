"""View-model of the hand-entry screen: the hand being built, its situation, and the live preview.

No Qt widgets here (only QObject + signals), so tests drive it directly. The rules live in ``scoring``:
this module builds a ``Hand`` and a ``WinContext``, asks ``score_hand`` / ``waiting_tiles``, and turns the
answers into what the screen shows.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from PySide6.QtCore import QObject, Signal

import texts
from db.rules.rotation import WINDS
from db.rules.seat_labels import seat_label
from referee_app.base import tile_state
from referee_app.base.tile_state import Mode, Tiles, tile_count
from referee_app.words.hand_errors import hand_problem
from referee_app.words.i18n import LANG, tr
from scoring.errors import HandError
from scoring.mcr.result import MINIMUM_FANS, ScoreResult
from scoring.mcr.settlement import Settlement, settle_win
from scoring.model import Hand, Meld, WinContext, Wind


@dataclass(frozen=True, slots=True)
class Situation:
    """How the hand was won, as the referee states it. Positions are 0–3 in the table's seat order.

    Nothing is chosen to start with: a default winner and "self-drawn" made a self-drawn win by
    East one Enter away after the 14 tiles. The hand is scored, and Confirm is live, only once the referee
    chose the winner and either a discarder or self-drawn (``complete``), as on the phone."""

    winner: int | None = None  # None = not chosen yet
    discarder: int | None = None  # None = self-drawn (``self_drawn``) or not chosen yet
    fourth_tile: bool = False
    kong_related: bool = False
    last_tile_of_wall: bool = False
    flowers: int = 0
    self_drawn: bool = False

    @property
    def how_chosen(self) -> bool:
        """Self-drawn or a discarder was chosen."""
        return self.self_drawn or self.discarder is not None

    @property
    def complete(self) -> bool:
        return self.winner is not None and self.how_chosen


def situation_prompt(s: Situation) -> str | None:
    """What the referee must still choose, in the phone's words (its catalogue entries), or None."""
    if s.winner is None:
        return texts.gettext(LANG.code, "Choose the winner.", "table_page")
    if not s.how_chosen:
        return texts.gettext(LANG.code, "Choose the discarder, or self-drawn.", "table_page")
    return None


@dataclass(frozen=True, slots=True)
class Preview:
    """Everything the live part of the screen shows for the current state."""

    hand: Hand
    tile_count: int  # kongs count 3, winning tile included
    result: ScoreResult | None = None
    error: str | None = None  # the engine's HandError message, for the user
    waits: tuple[int, ...] | None = None  # while 13 tiles are entered
    payments: Settlement | None = None
    progress: bool = False  # ``error`` is the "n of 14 tiles" line: a hand still being entered, no problem

    @property
    def verdict(self) -> str:
        if self.result is None:
            return self.error or ""
        if self.result.meets_minimum:
            return tr("A winning hand of {total} fans: it counts.", total=self.result.total)
        n = self.result.total_without_flowers
        if n == 1:
            return tr("Only 1 fan without flowers: at least 8 are needed; this is a false win.")
        return tr("Only {n} fans without flowers: at least 8 are needed; this is a false win.", n=n)

    @property
    def can_confirm(self) -> bool:
        return self.result is not None and self.result.meets_minimum


_State = Tiles  # the tiles entered: ``tile_state`` holds the picker's rules, shared with Riichi


class HandEntryModel(QObject):
    """State + commands of hand entry. ``changed`` fires after every change with the new ``Preview``."""

    changed = Signal(object)
    mode_changed = Signal(str)

    def __init__(self, players: tuple[str, str, str, str] = ("E", "S", "W", "N"),
                 seat_winds: tuple[Wind, Wind, Wind, Wind] = (Wind.EAST, Wind.SOUTH, Wind.WEST, Wind.NORTH),
                 prevailing: Wind = Wind.EAST, flowers_allowed: bool = True,
                 parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.players = players
        self.seat_winds = seat_winds
        self.prevailing = prevailing
        self.flowers_allowed = flowers_allowed
        self.mode = Mode.TILE
        self.situation = Situation()
        self._state = _State()
        self._undo: list[_State] = []
        self._notation_problem: HandError | None = None
        self._copies: tuple[int, ...] = ()
        self._copies_of: _State | None = None
        self.preview = self._compute()

    # ---- reading -------------------------------------------------------------------------------
    def player_label(self, i: int) -> str:
        """Player ``i`` (a starting seat) as hand entry lists them: the starting seat's letter, as the sheet's
        columns and the totals entry key them, and this hand's wind beside it when it is another ("S  李娜
        (5) · now East", ``db.rules.seat_labels``; the phone says the same)."""
        return seat_label(i, f"{WINDS[i]}  {self.players[i]}", self.seat_winds[i].value, LANG.code)

    @property
    def melds(self) -> tuple[Meld, ...]:
        return self._state.melds

    @property
    def standing(self) -> tuple[int, ...]:
        return self._state.standing

    @property
    def winning(self) -> int | None:
        return self._state.winning

    @property
    def notation_error(self) -> str | None:
        """What is wrong with the typed notation, in the current language (None when it reads)."""
        return None if self._notation_problem is None else hand_problem(self._notation_problem)

    @property
    def notation_incomplete(self) -> bool:
        """The typed notation reads but has too few or too many tiles (still being typed, most often)."""
        from scoring.errors import HandParseError

        p = self._notation_problem
        return isinstance(p, HandParseError) and " tiles after " in p.message and not p.message.startswith('"')

    def hand(self) -> Hand:
        return self._state.hand()

    def copies(self) -> tuple[int, ...]:
        """How many of each tile kind the hand holds (for the picker's badges).

        Kept per state: the picker asks for it once per tile (34 times) after every click."""
        if self._copies_of is not self._state:
            self._copies, self._copies_of = tile_state.copies(self._state), self._state
        return self._copies

    @property
    def prompt(self) -> str | None:
        """What is still to choose in the situation (the winner, then the discarder or self-drawn)."""
        return situation_prompt(self.situation)

    def context(self) -> WinContext:
        """The win as stated (the situation ``complete``); before that, a stand-in (East, self-drawn) that
        only tells whether the tiles make a winning hand at all."""
        s = self.situation
        return WinContext(
            self_drawn=s.self_drawn or s.discarder is None, fourth_tile=s.fourth_tile,
            kong_related=s.kong_related, last_tile_of_wall=s.last_tile_of_wall,
            seat_wind=self.seat_winds[0 if s.winner is None else s.winner],
            prevalent_wind=self.prevailing, flowers=s.flowers,
        )

    def notation(self) -> str:
        """The hand in NOTATION.md form (also for incomplete hands, so the line edit follows clicks)."""
        from scoring.notation import format_hand

        try:
            return format_hand(self.hand())
        except (HandError, ValueError):
            return ""

    def can_add(self, t: int, mode: Mode | None = None) -> bool:
        """Whether clicking ``t`` in ``mode`` makes sense (the picker greys out the rest)."""
        return tile_state.can_add(self._state, self.copies(), t, mode or self.mode)

    # ---- commands --------------------------------------------------------------------------------
    def set_mode(self, mode: Mode | str) -> None:
        self.mode = Mode(mode)
        self.mode_changed.emit(self.mode.value)  # the hand and its preview are unchanged

    def click_tile(self, t: int) -> bool:
        """Apply the current mode to tile ``t``. Returns False (and changes nothing) when it cannot apply."""
        if not self.can_add(t):
            return False
        new = tile_state.clicked(self._state, t, self.mode)
        # The mode sticks until another is chosen, as on the phone (docs/gui.md "One meld model"):
        # Pung, 中, 8s is two pungs, not a pung and a single 8s
        self._push(new)
        return True

    def remove_meld(self, i: int) -> None:
        self._push(tile_state.without_meld(self._state, i))

    def remove_standing_tile(self, t: int) -> None:
        new = tile_state.without_standing(self._state, t)
        if new is not None:
            self._push(new)

    def remove_winning(self) -> None:
        if self._state.winning is not None:
            self._push(replace(self._state, winning=None))

    def remove_last(self) -> None:
        """Take back the last tile or meld entered (winning tile first)."""
        new = tile_state.without_last(self._state)
        if new is not None:
            self._push(new)

    def undo(self) -> None:
        if self._undo:
            self._state = self._undo.pop()
            self._notation_problem = None
            self._refresh()

    def clear(self) -> None:
        if self._state != _State():
            self._push(_State())
        elif self._notation_problem is not None:  # nothing entered but a typing mistake: clear that
            self._notation_problem = None
            self._refresh()

    def set_notation(self, text: str) -> bool:
        """Replace the hand by the typed/pasted notation. On a parse error the hand stays as it was and
        ``notation_error`` says what is wrong."""
        text = text.strip()
        if not text:
            self._notation_problem = None
            if self._state != _State():
                self._push(_State())
            else:
                self._refresh()  # the notation problem is gone
            return True
        from scoring.notation import parse_hand

        try:
            hand = parse_hand(text)
        except HandError as e:
            self._notation_problem = e
            self._refresh()
            return False
        self._notation_problem = None
        self._push(_State(melds=tuple(hand.melds), standing=tuple(hand.standing), winning=hand.winning))
        return True

    def set_situation(self, **changes: object) -> None:
        """Change winner, discarder, self_drawn, fourth_tile, kong_related, last_tile_of_wall or flowers.
        A discarder chosen is not self-drawn, and self-drawn has no discarder."""
        old = self.situation
        new = replace(old, **changes)  # type: ignore[arg-type]
        if "discarder" in changes and new.discarder is not None:
            new = replace(new, self_drawn=False)
        elif new.self_drawn:
            new = replace(new, discarder=None)
        if new.discarder is not None and new.discarder == new.winner:
            # the new winner was the discarder: the two changed places (a wrong pick being put right);
            # quietly switching to self-drawn changed the payments behind the referee's back. With no winner
            # before, the discarder is to choose again.
            swapped = old.winner if "winner" in changes and old.winner != new.winner else None
            new = replace(new, discarder=swapped)
        self.situation = new
        self._refresh()

    def set_winds(self, seat_winds: tuple[Wind, Wind, Wind, Wind], prevailing: Wind) -> None:
        """The same tiles for another hand number (a stale entry recorded as the next hand): its winds."""
        self.seat_winds, self.prevailing = seat_winds, prevailing
        self._refresh()

    def load(self, hand: Hand, situation: Situation) -> None:
        """Start from an existing hand (corrections)."""
        self.situation = situation
        self._push(_State(melds=tuple(hand.melds), standing=tuple(hand.standing), winning=hand.winning))

    # ---- internals -------------------------------------------------------------------------------
    def _push(self, new: _State) -> None:
        self._undo.append(self._state)
        self._state = new
        self._notation_problem = None  # the hand changed (a click, Clear, a notation that reads): what
        # is on screen is scored, no longer the old typing mistake
        self._refresh()

    def refresh(self) -> None:
        """Recompute the preview (e.g. after a language switch: its texts are in the user's language)."""
        self._refresh()

    def _refresh(self) -> None:
        self.preview = self._compute()
        self.changed.emit(self.preview)

    def _compute(self) -> Preview:
        hand = self.hand()
        n = tile_count(hand.melds, hand.standing, hand.winning)
        if self._notation_problem is not None:
            return Preview(hand, n, error=hand_problem(self._notation_problem))
        if n == 0:
            return Preview(hand, n, error=tr("Enter the hand: click tiles, or type the notation."))
        if n == 13 and hand.winning is None:
            return self._waits(hand, n)
        if n < 14:
            return Preview(hand, n, error=tr("{n} of 14 tiles entered.", n=n), progress=True)
        if hand.winning is None:
            return Preview(hand, n, error=tr("Mark the winning tile."))
        from scoring.mcr.engine import score_hand

        try:
            result = score_hand(hand, self.context())
        except HandError as e:
            return Preview(hand, n, error=hand_problem(e))
        situation = self.situation
        if situation.winner is None or not situation.how_chosen:
            # the tiles make a winning hand; its fans depend on who won and how: none shown before
            return Preview(hand, n, error=self.prompt, progress=True)
        payments = None
        if result.meets_minimum:
            payments = settle_win(result.total, situation.winner, situation.discarder)
        return Preview(hand, n, result=result, payments=payments)

    def _waits(self, hand: Hand, n: int) -> Preview:
        from scoring.mcr.waits import waiting_tiles

        try:
            waits = tuple(waiting_tiles(hand))
        except HandError as e:
            return Preview(hand, n, error=hand_problem(e))
        msg = tr("Mark the winning tile.") if waits else tr("Not waiting on any tile.")
        return Preview(hand, n, error=msg, waits=waits)


MINIMUM = MINIMUM_FANS
