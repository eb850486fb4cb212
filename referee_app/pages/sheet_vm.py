"""View-model of the score-sheet page: the table shown, what can be done at it, and every text it shows.

No widgets and no dialogs here, so tests drive it on a real tournament file. It reads in one go
(``load(session)``: the runner's ``read`` hands it the database session) and turns each action into an
operation ``op(session)`` for the page to run through the runner (one transaction, the error dialog, the
refresh). The rules stay in ``db``: the next hand, the winds and the 8-fan minimum are asked of it and of
``scoring``; this module only decides what the page shows and offers.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from db.read import queries
from db.read.games import GAME, in_thousands, is_game
from db.read.views import TableSheet
from db.rules.profiles import EndPolicy, Settlement
from db.rules.seat_labels import seat_label
from db.service.clock import TableBell, confirm_time_call, table_bells
from db.service.corrections import correct_hand
from db.service.outcomes import DrawInput, PenaltyInput, WinInput
from db.service.results import (
    call_time,
    hands_text,
    missing_hands,
    record_draw,
    record_hand,
    record_penalty,
    record_win,
    sign_off,
)
from db.service.tournament import penalty_presets
from referee_app.base import store
from referee_app.entry.hand_vm import HandEntryModel, Preview
from referee_app.models import signed, wind_label
from referee_app.words.i18n import LANG, tr
from scoring.errors import HandError
from scoring.mcr.result import MINIMUM_FANS
from scoring.model import Hand
from scoring.notation import parse_hand

#: one operation on the store, run by the page through the runner in one transaction
Op = Callable[[Any], object]

SELF_DRAWN = "+"  # the discarder box's item for a self-drawn win ("+" picks it from the keyboard)
SETTLEMENT_TEXT = {s.value: s.en for s in Settlement}


@dataclass(frozen=True, slots=True)
class Question:
    """A yes/no question before an action: ``warning`` ones are drawn as a warning with "No" the default."""

    text: str
    warning: bool


@dataclass(frozen=True, slots=True)
class FalseWin:
    """A totals-only win under 8 fans: who claimed it (position 0–3) and what to tell the referee."""

    position: int
    hand: int
    text: str


@dataclass(frozen=True, slots=True)
class PenaltyPrefill:
    """The penalty dialog's start for a false win (错和): the player, the preset kind and the reason."""

    player: str
    kind: str | None
    reason: str


class SheetViewModel:
    """State, decisions and texts of the score sheet of one table (``session``, ``table``)."""

    def __init__(self) -> None:
        self.session = 0  # 0 = not chosen: ``load`` takes the latest seated session, table 1
        self.table = 0
        self.sheet: TableSheet | None = None
        self.rotating = True
        self.flowers_allowed = True
        self.seated: list[int] = []
        self.tables = 0
        self.presets: list[Any] = []
        self.kind_names: dict[str, str] = {}
        self.bell: TableBell | None = None  # the clock's time call at this table, if it made one
        self.end_policy = EndPolicy.STOP_NOW
        self.game = False  # the tables play a game (Riichi): the page shows the game panel (``game_sheet``)
        # the session result is a score in thousands with uma (Riichi): a penalty is taken after the uma; else
        # (MCR, a Chinese system's game) it is points, as MCR's
        self.thousands = False

    # ---- which table ---------------------------------------------------------------------------
    def reset(self) -> None:
        """Another tournament: start again at its latest seated session."""
        self.session = self.table = 0
        self.sheet = None

    def select(self, session: int, table: int) -> None:
        self.session, self.table = session, table

    def choose(self, session: int | None, table: int | None) -> bool:
        """A pick in the session or table box: False when it names no session (nothing to load)."""
        if not session:
            return False
        self.select(session, table or 1)
        return True

    def clear(self) -> None:
        """The table could not be read (e.g. it no longer exists after the seating was regenerated)."""
        self.sheet = None

    def load(self, s: Any) -> None:
        """Read the table's sheet and what goes with it, in the database session ``s``. When a read fails
        the exception goes to the caller and only the choice of session and table may have changed."""
        if not self.session:
            seated = queries.seated_sessions(s)
            if not seated:
                self.sheet = None
                return
            self.session, self.table = seated[-1], 1
        info = queries.tournament_info(s)
        sheet = queries.table_sheet(s, self.session, self.table)
        rotating = store.rotate(s)
        seated = list(queries.seated_sessions(s))
        tables = len(queries.seating(s, self.session))
        presets = list(penalty_presets(s))
        self.bell = next((b for b in table_bells(s, self.session) if b.table == self.table), None)
        self.end_policy = queries.settings(s).end_policy
        self.game = is_game(queries.settings(s))
        self.thousands = in_thousands(queries.settings(s))
        self.sheet, self.rotating, self.flowers_allowed = sheet, rotating, info.flowers
        self.seated, self.tables = seated, tables
        self.presets = presets
        # the names are taken in the language of the moment of reading, as the page always did
        self.kind_names = {p.kind: (p.zh if LANG.code == "zh" else p.en) for p in presets}

    def load_table(self, s: Any) -> None:
        """Read the shown table's sheet and bell again, nothing else (a change touched this table only:
        the sessions, the tables, the settings and the presets read by :meth:`load` are as they were)."""
        sheet = queries.table_sheet(s, self.session, self.table)
        self.bell = next((b for b in table_bells(s, self.session) if b.table == self.table), None)
        self.sheet = sheet

    def read_presets(self, s: Any) -> list[Any]:
        """The rule profile's penalty presets, read afresh when a penalty dialog opens."""
        self.presets = list(penalty_presets(s))
        return self.presets

    # ---- the state of the table ------------------------------------------------------------------
    @property
    def next_hand(self) -> int | None:
        """The hand to record next, or None when the session at this table is over (or none is shown)."""
        return None if self.sheet is None else self.sheet.next_hand

    @property
    def has_sheet(self) -> bool:
        """Penalty, Correct hand and Sign off need a table shown."""
        return self.sheet is not None

    @property
    def can_record(self) -> bool:
        """Totals entry, Record win, Record draw and Time called: a hand is still to play and the sheet is
        not signed off."""
        return self.sheet is not None and self.next_hand is not None and not self.sheet.signed_off

    @property
    def signed_off(self) -> bool:
        return self.sheet is not None and self.sheet.signed_off

    def winds_of(self, hand: int) -> tuple[str, int]:
        """Prevailing wind (its code) and dealer (starting-seat index) of ``hand``, for the sheet's lines."""
        prevailing, dealer, _ = store.winds(hand, self.rotating)
        return prevailing.value, dealer

    def hand_row(self, hand: int) -> Any:
        """The recorded line of ``hand``."""
        assert self.sheet is not None
        return next(h for h in self.sheet.hands if h.hand == hand)

    def position_of(self, number: str) -> int:
        """0–3: the starting seat of player ``number`` at this table."""
        assert self.sheet is not None
        return next(i for i, p in enumerate(self.sheet.players) if p.number == number)

    # ---- texts ---------------------------------------------------------------------------------
    def title(self) -> str:
        sh = self.sheet
        if sh is None:
            return tr("Score sheet")
        return f"{tr('Score sheet')} — {tr('Session')} {sh.session} · {tr('Table')} {sh.table}"

    def players_text(self) -> str:
        """The four players at E, S, W, N with their numbers and teams (rich text)."""
        sh = self.sheet
        if sh is None:
            return tr("Select a table in Sessions & tables.")
        return "    ".join(
            f"<b>{wind_label(seat)}</b> {p.number} {p.name}" + (f" <i>({p.team})</i>" if p.team else "")
            for seat, p in zip("ESWN", sh.players, strict=True))

    def penalties_text(self) -> str:
        """One line per penalty (rich text), "—" for none, empty when no table is shown."""
        sh = self.sheet
        if sh is None:
            return ""
        return "<br>".join(
            (f"{tr('Hand')} {p.hand} · " if p.hand else "") + f"{p.player.name} · {self.kind_names.get(p.kind, p.kind)}"
            f" · {signed(-p.points)}"
            f" ({tr(SETTLEMENT_TEXT.get(p.settlement, p.settlement))})" + (f" · {p.reason}" if p.reason else "")
            for p in sh.penalties) or "—"

    def game_penalties_text(self) -> str:
        """A game table's penalties (rich text), one line each, empty for none: each taken from the player's
        score after the uma, so in thousands as the results show it (5000 points: -5.0)."""
        sh = self.sheet
        if sh is None or not sh.penalties:
            return ""
        if not self.thousands:  # points, as MCR's sheet says them (a Chinese system's game)
            return f"<b>{tr('Penalties')}</b><br>" + self.penalties_text()
        head, after = tr("Penalties"), tr("after the uma")
        return f"<b>{head}</b> ({after})<br>" + "<br>".join(
            (f"{tr('Hand')} {p.hand} · " if p.hand else "") + f"{p.player.name} ({p.player.number}) · "
            f"{self.kind_names.get(p.kind, p.kind)} · {GAME.total_text(-p.points / 1000)}"
            + (f" · {p.reason}" if p.reason else "")
            for p in sh.penalties)

    def penalties_tab(self) -> str:
        sh = self.sheet
        return tr("Penalties") if sh is None else f"{tr('Penalties')} ({len(sh.penalties)})"

    def next_text(self) -> str:
        """The totals bar's first words: the hand it records, or that the session is over."""
        n = self.next_hand
        return f"<b>{tr('Hand')} {n}</b> · {tr('Totals only')} (Ctrl+T)" if n else tr("Session over")

    def sign_text(self) -> str:
        return tr("Undo sign-off") if self.signed_off else tr("Sign off")

    def winner_choices(self) -> list[tuple[str, str]]:
        """(text, player number) for the totals bar's winner box: "E  name  (number)", keyed by the starting
        seat as the sheet's columns are, with the hand's wind beside it when it is another ("S  李娜  (5) ·
        now East", ``db.rules.seat_labels``: the phone says the same)."""
        if self.sheet is None:
            return []
        n = self.next_hand
        winds = store.winds(n, self.rotating)[2] if n else (None,) * 4
        return [(seat_label(i, f"{seat}  {p.name}  ({p.number})", None if w is None else w.value, LANG.code),
                 p.number) for i, (seat, p, w) in enumerate(zip("ESWN", self.sheet.players, winds, strict=True))]

    def discarder_choices(self) -> list[tuple[str, str]]:
        """The winner's choices after "+  self-drawn" (data ``SELF_DRAWN``)."""
        if self.sheet is None:
            return []
        return [("+  " + tr("self-drawn"), SELF_DRAWN), *self.winner_choices()]

    def entry_title(self, hand: int) -> str:
        assert self.sheet is not None
        return (f"{tr('Hand entry')} — {tr('Session')} {self.sheet.session} · {tr('Table')} {self.sheet.table} · "
                f"{tr('Hand')} {hand}")

    @staticmethod
    def correction_title(hand: int) -> str:
        return f"{tr('Correct hand…')} {hand}"

    # ---- the selected line -----------------------------------------------------------------------
    @staticmethod
    def line_hand(r: Any) -> Hand | None:
        """The tiles of a recorded line, when it was entered in full; None for totals only or a draw."""
        if r is None or r.kind != "win" or not r.notation:
            return None
        try:
            return parse_hand(r.notation)
        except HandError:  # a stored hand always reads; a sheet must open even if one did not
            return None

    def line_text(self, r: Any) -> str:
        """Beside the tiles: the hand, its winner, the fan total and each fan in both languages (rich text);
        "draw" for a draw, empty for no line."""
        if r is None:
            return ""
        if r.kind != "win":
            return tr("draw")
        fans = "  ·  ".join(f"{f.zh} {f.en} {f.points}" + (f"×{f.count}" if f.count > 1 else "") for f in r.fans)
        who = self.sheet.players[r.winner].name if self.sheet is not None and r.winner is not None else ""
        return (f"<b>{tr('Hand')} {r.hand}</b> · {who} · {r.fan_total} {tr('Fan')}"
                + (f"<br>{fans}" if fans else f"<br><i>{tr('Totals only')}</i>"))

    # ---- decisions -------------------------------------------------------------------------------
    def is_false_win(self, fan: int) -> bool:
        """A totals-only win of ``fan`` cannot count (under 8 fans, flowers not counted): the totals bar asks
        what to do instead of recording it."""
        return fan < MINIMUM_FANS and self.sheet is not None

    def false_win(self, winner: str, fan: int) -> FalseWin | None:
        """The question for a false win (错和) of ``fan`` by ``winner``, for the next hand; None when there
        is no hand to play."""
        n = self.next_hand
        if self.sheet is None or n is None:
            return None
        position = self.position_of(winner)
        return FalseWin(position, n, tr("{fan} fans: a win needs at least 8 (flowers not counted), so this is a "
                                        "false win by {name}.", fan=fan,
                                        name=self.sheet.players[position].name))

    def false_win_penalty(self, position: int, presets: Sequence[Any], kinds: Sequence[str],
                          preview: Preview | None = None) -> PenaltyPrefill:
        """The false-win penalty (错和) for the player at ``position``: the first of ``kinds`` the profile
        has, and the fans of the hand entry's ``preview`` as the reason."""
        assert self.sheet is not None
        kind = next((k for k in kinds if any(p.kind == k for p in presets)), None)
        fans = preview.result.total_without_flowers if preview is not None and preview.result else None
        reason = tr("False win: {n} fans without flowers", n=fans) if fans is not None else ""
        return PenaltyPrefill(self.sheet.players[position].number, kind, reason)

    def time_called_question(self) -> Question | None:
        """Asked before time is called: with no hand recorded yet a warning (that is seldom meant)."""
        sh = self.sheet
        if sh is None:
            return None
        n = len(sh.hands)
        if n == 0:
            return Question(tr("No hand has been recorded at this table yet: calling time now ends the session "
                               "at this table with no hands played. If hands were played, record them first. "
                               "Record time called anyway?"), True)
        return Question(tr("Time is called after hand {n}: the session at this table ends on the {n} hands "
                           "played. Record it?", n=n), False)

    # ---- the clock's bell --------------------------------------------------------------------------
    @property
    def owes_confirmation(self) -> bool:
        """The clock called time here and the referee has not confirmed the last hand yet."""
        return self.sheet is not None and self.bell is not None and self.bell.owes_confirmation \
            and self.sheet.time_called_after is not None

    def bell_text(self) -> str:
        """What the bell means at this table, while it waits for the referee."""
        sh = self.sheet
        if not self.owes_confirmation or sh is None or sh.time_called_after is None:
            return ""
        n, recorded = sh.time_called_after, len(sh.hands)
        if recorded < n:
            return tr("Time is up: hand {n}, in progress, is the last; record it, then confirm.", n=n)
        if self.end_policy is EndPolicy.FINISH_HAND:
            return tr("Time is up: hand {n} was the last. Confirm the time call.", n=n)
        if n == 0:  # the bell before the first hand was completed: nothing to score at this table
            return tr("Time is up: play stopped before any hand was completed; the hand in progress scores "
                      "nothing. Confirm the time call.")
        return tr("Time is up: play stopped; the hand in progress scores nothing. Time was called after hand {n}: "
                  "confirm the last completed hand.", n=n)

    def confirm_time_call(self, after_hand: int) -> Op | None:
        sh = self.sheet
        if sh is None or not self.owes_confirmation:
            return None
        return lambda s: confirm_time_call(s, sh.session, sh.table, after_hand, expected_version=sh.version)

    def hand_entry_model(self, hand: int) -> HandEntryModel:
        """Hand entry for ``hand`` at this table: its players, winds and whether flowers are played."""
        assert self.sheet is not None
        prevailing, _dealer, seat_winds = store.winds(hand, self.rotating)
        names = tuple(f"{p.name} ({p.number})" for p in self.sheet.players)
        return HandEntryModel(names, seat_winds, prevailing, self.flowers_allowed)  # type: ignore[arg-type]

    def entry_winds(self, hand: int) -> tuple[Any, Any]:
        """The seat winds and the prevailing wind of ``hand``, for hand entry."""
        prevailing, _dealer, seat_winds = store.winds(hand, self.rotating)
        return seat_winds, prevailing

    def stale_change(self, hand: int) -> tuple[str, Hand | None, int | None, int | None]:
        """After a refused Confirm of ``hand`` (the table changed meanwhile), read afresh: what changed
        (rich text), the tiles recorded there, the hand to record the entry as instead (None: none left)
        and the recorded hand it may correct (None: not recorded)."""
        sh = self.sheet
        assert sh is not None
        row = next((h for h in sh.hands if h.hand == hand), None)
        nxt = self.next_hand if self.can_record else None
        if row is None and sh.signed_off:
            head = tr("Not recorded: the sheet was signed off meanwhile (a referee withdraws the sign-off first).")
        elif row is None and nxt is None:
            head = tr("Not recorded: the session at this table ended meanwhile (time was called).")
        elif row is None:
            head = tr("Not recorded: the table changed meanwhile (another station saved first).")
        else:
            who = row.station + (f" ({row.referee})" if row.referee else "") if row.station else tr("another station")
            what = tr("draw") if row.kind != "win" or row.winner is None else \
                f"{sh.players[row.winner].name} · {row.fan_total} {tr('Fan')}"
            head = tr("Not recorded: hand {hand} was recorded meanwhile by {who}: {what}.", hand=hand,
                      who=who, what=what)
        steps = []
        if nxt is not None:
            steps.append(tr("record them as hand {n} (check the fans, then Confirm)", n=nxt))
        if row is not None:
            steps.append(tr("correct hand {n} with them (give a reason)", n=hand))
        text = f"<b>{head}</b> " + tr("Your tiles are kept.") + " " + (
            tr("Next step: {steps}.", steps=tr(" or ").join(steps)) if steps else "")
        return text, self.line_hand(row), nxt, None if row is None else hand

    @staticmethod
    def not_open_text(why: str) -> str:
        """Above hand entry when its table is not open any more (``why``, from the page): what is wrong,
        that the tiles stay, and the way on (rich text)."""
        return f"<b>{why}</b> " + tr("Your tiles are kept.") + " " + tr(
            "Next step: copy the notation, then Cancel and enter the hand in the tournament it belongs to.")

    def correction_entry_model(self, hand: int) -> HandEntryModel:
        """Hand entry started from what is recorded for ``hand``, to correct it."""
        row = self.hand_row(hand)
        vm = self.hand_entry_model(hand)
        if row.notation:
            vm.set_notation(row.notation)
        if row.winner is not None:
            vm.set_situation(winner=row.winner, discarder=row.discarder, self_drawn=row.discarder is None,
                             flowers=row.flowers or 0)
        return vm

    def win_input(self, e: Any) -> WinInput:
        """A hand entry's ``WinEntry`` as the store's ``WinInput`` (positions become player numbers)."""
        assert self.sheet is not None
        num = [p.number for p in self.sheet.players]
        s = e.situation
        assert s.complete, "hand entry confirms only a situation chosen in full"
        return WinInput(winner=num[s.winner], discarder=None if s.discarder is None else num[s.discarder],
                        self_drawn=s.self_drawn, flowers=s.flowers, notation=e.notation,
                        fourth_tile=s.fourth_tile, kong_related=s.kong_related,
                        last_tile_of_wall=s.last_tile_of_wall)

    # ---- operations (None: nothing to do at this table) -----------------------------------------
    def record_totals(self, winner: str, discarder: str | None, fan: int) -> Op | None:
        """A totals-only win for the next hand (``discarder`` None or ``SELF_DRAWN``: self-drawn)."""
        sh, n = self.sheet, self.next_hand
        if sh is None or n is None:
            return None
        d = None if discarder == SELF_DRAWN else discarder
        return lambda s: record_win(s, sh.session, sh.table, n, winner=winner, discarder=d,
                                    self_drawn=d is None, fan=fan, expected_version=sh.version)

    def record_hand(self, hand: int, w: WinInput) -> Op | None:
        """A hand entered in full, for ``hand``."""
        sh = self.sheet
        if sh is None:
            return None
        return lambda s: record_hand(s, sh.session, sh.table, hand, w, expected_version=sh.version)

    def record_draw(self) -> Op | None:
        sh, n = self.sheet, self.next_hand
        if sh is None or n is None:
            return None
        return lambda s: record_draw(s, sh.session, sh.table, n, expected_version=sh.version)

    def record_penalty(self, p: PenaltyInput) -> Op | None:
        sh = self.sheet
        if sh is None:
            return None
        return lambda s: record_penalty(s, sh.session, sh.table, p, expected_version=sh.version)

    def call_time(self) -> Op | None:
        """Time called after the hands recorded so far."""
        sh = self.sheet
        if sh is None:
            return None
        n = len(sh.hands)
        return lambda s: call_time(s, sh.session, sh.table, n, expected_version=sh.version)

    def correct(self, hand: int, result: WinInput | DrawInput | None, reason: str) -> Op | None:
        sh = self.sheet
        if sh is None or result is None:
            return None
        return lambda s: correct_hand(s, sh.session, sh.table, hand, result, reason,
                                      expected_version=sh.version)

    def missing_hands(self) -> tuple[int, ...]:
        """The hands this sheet still lacks (the store's rule): none when the sign-off needs no reason."""
        sh = self.sheet
        return () if sh is None else missing_hands(sh.hands_per_session, sh.time_called_after, len(sh.hands))

    def sign_off_question(self) -> str | None:
        """Asked before signing off a sheet with hands missing (the store refuses it without a reason)."""
        sh = self.sheet
        missing = self.missing_hands()
        if sh is None or sh.signed_off or not missing:
            return None
        return tr("Only {recorded} of {hands} hands are recorded and time was not called: hand(s) {missing} "
                  "missing. Sign off anyway? Give the reason the table ended early (it goes into the Log).",
                  recorded=len(sh.hands), hands=sh.hands_per_session, missing=hands_text(missing))

    def toggle_sign_off(self, reason: str | None = None) -> Op | None:
        """Sign off the sheet (with ``reason`` when hands are missing), or take the sign-off back."""
        sh = self.sheet
        if sh is None:
            return None
        return lambda s: sign_off(s, sh.session, sh.table, not sh.signed_off, reason=reason,
                                  expected_version=sh.version)
