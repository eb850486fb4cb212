"""View-model of a game table's score sheet (Riichi; ``db.read.games.is_game``): the hands the store played,
the state of the next hand, the results once the game is over, and the result lines the desk records.

No widgets here, so tests drive it on a real tournament file. Every figure is the store's (``GameSheet``:
the round, the dealer, the honba and the deposits are derived there, never here); this module only words
them and turns what the referee chose (a :class:`Draft`) into the issue's result line, which the store reads
and refuses in words as it does every line (``record_game_line``). The words of a hand line are the
printed sheet's (``reports.pdf.game_sheet``), so the desk and the paper say a hand the same way. A Chinese
system's hands (``entry_options`` form "wins" or "events") are worded by ``chinese_vm``.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any

import texts
from db.read import queries
from db.read.game_state import in_thousands
from db.read.games import game_entry, game_outcomes, game_preset, game_sheet, game_wording
from db.read.views import GameHandView, GameSheet, GameWinView
from db.rules import game_words
from db.service.games import (
    GamePreview,
    call_game_time,
    correct_game_hand,
    delete_game_hand,
    preview_game_line,
    record_game_line,
)
from referee_app.entry.riichi_vm import RiichiContext
from referee_app.pages import chinese_vm
from referee_app.words.i18n import LANG, tr
from reports.pdf import game_sheet as words
from texts import Text

#: one operation on the store, run by the page through the runner in one transaction
Op = Callable[[Any], object]

SEATS = "ESWN"
#: the columns of a hand's line before each player's change and points
COLUMNS = ("hand", "round", "dealer", "honba", "deposits", "riichi", "outcome", "who", "value", "yaku")
#: flags of the entry that are the line's own ``riichi`` list, not a winner's field (``scoring.riichi.lines``)
_ENTRY_ONLY = ("win", "discarder", "riichi")
YAKU = Text("Yaku", "riichi_entry")  # hand entry's word for the column (``riichi_entry.WORDS``)


@dataclass(frozen=True, slots=True)
class WinDraft:
    """One winner as the referee gave it: totals typed from a paper sheet (han and fu, a limit, or yakuman)
    or the tiles from hand entry (``tiles``: ``RiichiEntryModel.to_line()``), with the liable player."""

    seat: int
    han: int = 0
    fu: int = 0
    limit: str | None = None
    yakuman: int = 0
    tiles: Mapping[str, Any] | None = None
    pao: int | None = None


@dataclass(frozen=True, slots=True)
class Draft:
    """The outcome of a hand as chosen on the desk (players as seats 0-3, starting seats E S W N)."""

    kind: str
    riichi: tuple[int, ...] = ()
    winners: tuple[WinDraft, ...] = ()
    discarder: int | None = None
    tenpai: tuple[int, ...] = ()
    reason: str | None = None
    nagashi: tuple[int, ...] = ()
    chombo: int | None = None


def _win_value(w: WinDraft, numbers: tuple[str, ...]) -> dict[str, Any]:
    """A winner's value fields of a result line: the tiles with their situation, or the typed totals."""
    out: dict[str, Any]
    if w.tiles is not None:
        out = {k: v for k, v in w.tiles.items() if k not in _ENTRY_ONLY and v not in (False, [], None)}
    elif w.yakuman:
        out = {"yakuman": w.yakuman}
    elif w.limit:
        out = {"limit": w.limit}
    else:
        out = {"han": w.han, **({"fu": w.fu} if w.fu else {})}
    if w.pao is not None:
        out["pao"] = numbers[w.pao]
    return out


def declared(d: Draft) -> tuple[int, ...]:
    """Who declared riichi: the boxes ticked, and a winner whose tiles were entered with riichi (the entry's
    flag is the same fact: the line keeps it once, in its ``riichi`` list)."""
    from_tiles = {w.seat for w in d.winners if w.tiles and (w.tiles.get("riichi") or w.tiles.get("double_riichi"))}
    return tuple(sorted(set(d.riichi) | from_tiles))


def line_object(d: Draft, numbers: tuple[str, ...]) -> dict[str, Any]:
    """The result line (issue 32 "Result lines", without session, table and hand) of a draft, players by number.

    >>> nums = ("5", "7", "1", "3")
    >>> line_object(Draft("ron", (1,), (WinDraft(1, 3, 40),), discarder=0), nums)
    {'type': 'ron', 'discarder': '5', 'riichi': ['7'], 'winners': [{'player': '7', 'han': 3, 'fu': 40}]}
    >>> line_object(Draft("tsumo", (), (WinDraft(2, yakuman=1, pao=3),)), nums)
    {'type': 'tsumo', 'winner': '1', 'yakuman': 1, 'pao': '3', 'riichi': []}
    >>> line_object(Draft("draw", (0,), tenpai=(0, 2)), nums)
    {'type': 'draw', 'tenpai': ['5', '1'], 'riichi': ['5']}
    >>> line_object(Draft("chombo", chombo=3), nums)
    {'type': 'chombo', 'player': '3'}
    """
    def num(seats: tuple[int, ...]) -> list[str]:
        return [numbers[s] for s in seats]

    if d.kind == "chombo":
        return {"type": "chombo", "player": numbers[d.chombo] if d.chombo is not None else None}
    riichi = num(declared(d))
    if d.kind == "ron":
        return {"type": "ron", "discarder": None if d.discarder is None else numbers[d.discarder], "riichi": riichi,
                "winners": [{"player": numbers[w.seat], **_win_value(w, numbers)} for w in d.winners]}
    if d.kind == "tsumo":
        w = d.winners[0] if d.winners else None
        value = {} if w is None else _win_value(w, numbers)
        if "hand" in value:
            value["tiles"] = value.pop("hand")  # on a tsumo line "hand" is the hand's number
        return {"type": "tsumo", "winner": None if w is None else numbers[w.seat], **value, "riichi": riichi}
    if d.kind == "draw":
        return {"type": "draw", "tenpai": num(d.tenpai), "riichi": riichi}
    if d.kind == "abortive":
        return {"type": "abortive", "reason": d.reason, "riichi": riichi}
    return {"type": d.kind, "players": num(d.nagashi), "tenpai": num(d.tenpai), "riichi": riichi}


def missing(d: Draft) -> str | None:
    """What the referee has still to choose before the line can go to the store (in words), or None. The
    store checks the rest (values, who may win) and says it in its own words."""
    if d.kind == "ron" and d.discarder is None:
        return tr("Choose who discarded the winning tile.")
    if d.kind in ("ron", "tsumo") and not d.winners:
        return tr("Choose the winner.")
    if d.kind == "abortive" and not d.reason:
        return tr("Choose the kind of abortive draw.")
    if d.kind == "nagashi" and not d.nagashi:
        return tr("Choose who made nagashi mangan.")
    if d.kind == "chombo" and d.chombo is None:
        return tr("Choose the player who made the chombo.")
    return None


def draft_of(h: GameHandView) -> Draft:
    """A recorded hand as a draft, to correct it: the values as recorded (a winner from tiles keeps them)."""
    line = h.line
    wins = []
    lines = line.get("winners") or ([line] if h.kind == "tsumo" else [])
    for w, wl in zip(h.winners, lines, strict=False):
        tiles = None
        if w.tiles:
            tiles = {k: v for k, v in wl.items() if k not in ("player", "winner", "pao", "type", "riichi", "han", "fu",
                                                            "yakuman", "limit", "yaku", "tiles")}
            tiles["hand"] = w.tiles
        typed = tiles is None
        wins.append(WinDraft(w.player, w.han if typed and not w.yakuman and "limit" not in wl else 0,
                             w.fu if typed and "fu" in wl else 0, wl.get("limit") if typed else None,
                             w.yakuman if typed and "yakuman" in wl else 0, tiles, w.pao))
    return Draft(h.kind, h.riichi, tuple(wins), h.discarder, h.tenpai, h.reason, h.nagashi, h.chombo)


@dataclass
class GameSheetViewModel:
    """The game table shown: its sheet, the outcomes the rules allow, and the texts and operations of the page."""

    sheet: GameSheet | None = None
    outcomes: tuple[str, ...] = ()
    preset: Any = None
    corrected: frozenset[int] = field(default_factory=frozenset)
    entry: dict[str, Any] = field(default_factory=dict)  # ``entry_options``: which form, which fields
    wording: str = "riichi"  # the words the system's lines' kinds are said in (``game_words.outcome``)
    thousands: bool = True  # the session result in thousands with uma (Riichi), or table points

    def load(self, s: Any, session: int, table: int) -> None:
        st = queries.settings(s)
        self.sheet = game_sheet(s, session, table)
        self.outcomes, self.preset = game_outcomes(st), game_preset(st)
        self.entry, self.wording, self.thousands = game_entry(st), game_wording(st), in_thousands(st)

    @property
    def form(self) -> str:
        """Which entry the table's hands take: "riichi", or a Chinese system's "wins" or "events"."""
        return str(self.entry.get("form", "riichi"))

    @property
    def chinese(self) -> bool:
        return self.form != "riichi"

    # ---- the state -------------------------------------------------------------------------------
    @property
    def numbers(self) -> tuple[str, ...]:
        assert self.sheet is not None
        return tuple(p.number for p in self.sheet.players)

    @property
    def next_hand(self) -> int | None:
        """The hand to record next; None when the game is over (or no table is shown)."""
        sh = self.sheet
        return None if sh is None or sh.next_round is None else len(sh.hands) + 1

    @property
    def can_record(self) -> bool:
        return self.sheet is not None and self.next_hand is not None and not self.sheet.signed_off

    def hand(self, n: int) -> GameHandView:
        assert self.sheet is not None
        return next(h for h in self.sheet.hands if h.hand == n)

    def player_label(self, seat: int) -> str:
        """A player as the form's boxes name them: "E  Bob (2)"."""
        assert self.sheet is not None
        p = self.sheet.players[seat]
        return f"{words.seat(seat, LANG.code)}  {p.name} ({p.number})"

    def seat_letter(self, seat: int) -> str:
        """A player by starting seat alone, as the sheet's columns head them: "E", "东"."""
        return words.seat(seat, LANG.code)

    def seat_name(self, seat: int) -> str:
        """A player by seat and name, for a tick box: "E Bob"."""
        assert self.sheet is not None
        return f"{words.seat(seat, LANG.code)} {self.sheet.players[seat].name}"

    # ---- texts -------------------------------------------------------------------------------------
    def headers(self) -> list[str]:
        """The hand table's column titles: the hand's columns, then each player's change and points."""
        sh = self.sheet
        lang = LANG.code
        said = {"hand": tr("Hand"), "dealer": tr("Dealer"), "outcome": tr("Result"), "who": tr("Who"),
                "value": tr("Value"), "yaku": texts.said(YAKU, lang)}
        if self.chinese:
            heads = [said.get(k) or texts.said(game_words.COLUMNS.get(k) or game_words.CHINESE_COLUMNS[k], lang)
                     for k in chinese_vm.COLUMNS]
        else:
            heads = [said.get(k) or texts.said(game_words.COLUMNS[k], lang) for k in COLUMNS]
        for i, p in enumerate(sh.players if sh is not None else ()):
            heads += [f"{words.seat(i, lang)} {p.name}", "Σ"]
        return heads

    def cells(self, h: GameHandView) -> list[str]:
        """One hand's line as the sheet shows it (the printed sheet's words, in the desk's language)."""
        lang = LANG.code
        mark = " ✎" if h.hand in self.corrected else ""
        if self.chinese:
            out = chinese_vm.hand_cells(h, self.numbers, self.seat_letter, lang, self.wording,
                                        lambda r: words.round_label(r, lang))
            out[0] += mark
            for d, score in zip(h.deltas, h.scores, strict=True):
                out += [words.change(d), words.points(score)]
            return out
        value = "\n".join(words.value(w, lang) for w in h.winners)
        sep = texts.said(game_words.YAKU_SEP, lang)
        yaku = "\n".join(sep.join(words.yaku_items(w, lang, romaji=False)) for w in h.winners if w.yaku)
        if h.kind == "abortive" and h.reason:
            yaku = texts.said(game_words.ABORTIVE.get(h.reason, h.reason), lang)
        pao = [f"{texts.said(game_words.COLUMNS['pao'], lang)} {words.seat(w.pao, lang)}" for w in h.winners
               if w.pao is not None]
        out = [f"{h.hand}{mark}", words.round_label(h.round, lang), words.seat(h.dealer, lang), str(h.honba),
               str(h.deposits), words.seats(h.riichi, lang), words.outcome(h, lang),
               "\n".join(words.who(h, lang)), value, "\n".join([yaku, *pao]).strip()]
        for d, score in zip(h.deltas, h.scores, strict=True):
            out += [words.change(d), words.points(score)]
        return out

    def next_text(self) -> str:
        """The state of the next hand, derived by the store (rich text), or that the game is over."""
        sh = self.sheet
        if sh is None:
            return ""
        called = "" if sh.time_called_after is None else \
            " · " + tr("time called during hand {n}", n=sh.time_called_after)
        if sh.next_round is None or sh.next_dealer is None:
            return f"<b>{tr('Game over')}</b>{called}"
        lang = LANG.code
        dealer = sh.players[sh.next_dealer]
        if self.chinese:  # no honba nor deposits: the dealer only
            return tr("<b>Next: hand {n}</b> · {round} · dealer {seat} {name}", n=len(sh.hands) + 1,
                      round=words.round_label(sh.next_round, lang), seat=words.seat(sh.next_dealer, lang),
                      name=dealer.name) + called
        return tr("<b>Next: hand {n}</b> · {round} · dealer {seat} {name} · {honba} honba · deposits on the table: "
                  "{deposits}", n=len(sh.hands) + 1, round=words.round_label(sh.next_round, lang),
                  seat=words.seat(sh.next_dealer, lang), name=dealer.name, honba=sh.next_honba,
                  deposits=sh.next_deposits) + called

    def result_headers(self) -> list[str]:
        lang = LANG.code
        if not self.thousands:  # MCR's table points on the session's points (docs/rule-systems.md)
            return [tr("Player"), texts.said(game_words.COLUMNS["raw"], lang), tr("Rank"),
                    texts.said(game_words.CHINESE_COLUMNS["table_points"], lang)]
        return [tr("Player"), texts.said(game_words.COLUMNS["raw"], lang), tr("Rank"),
                texts.said(game_words.COLUMNS["uma"], lang), texts.said(game_words.COLUMNS["penalty"], lang),
                texts.said(game_words.COLUMNS["score"], lang)]

    def result_rows(self) -> list[list[str]]:
        """Once the game is over: each player's raw points, place, uma, penalty and score."""
        sh = self.sheet
        if sh is None or not sh.results:
            return []
        if not self.thousands:
            return [[self.player_label(i), f"{r.raw:+,.0f}", str(r.place), f"{r.score:g}"]
                    for i, r in enumerate(sh.results)]
        fixed = " · " + texts.said(game_words.REPLACEMENT, LANG.code)
        return [[self.player_label(i) + (fixed if r.fixed else ""),
                 f"{r.raw:,.0f}" if float(r.raw).is_integer() else f"{r.raw:,.1f}",
                 str(r.place), words.thousands(r.uma), words.thousands(r.penalty), words.thousands(r.score)]
                for i, r in enumerate(sh.results)]

    def outcome_names(self) -> list[tuple[str, str]]:
        """(text, kind) of each outcome the rules allow, for the form's choice."""
        return [(texts.said(game_words.outcome(k, self.wording), LANG.code), k) for k in self.outcomes]

    def abortive_names(self) -> list[tuple[str, str]]:
        return [(texts.said(t, LANG.code), k) for k, t in game_words.ABORTIVE.items()]

    @staticmethod
    def limit_names() -> list[tuple[str, str]]:
        return [(texts.said(t, LANG.code), k) for k, t in game_words.LIMITS.items() if k != "yakuman"]

    # ---- hand entry --------------------------------------------------------------------------------
    def entry_context(self, winner: int, riichi: int, hand: int | None = None) -> RiichiContext:
        """Hand entry's context for ``winner`` in the next hand (or recorded ``hand``, to correct it): the
        round, the dealer, the honba and the deposits as the store derived them; ``riichi`` sticks declared in
        the hand itself go to the winner too, so the payments shown are the ones the store will record."""
        sh = self.sheet
        assert sh is not None
        if hand is None:
            assert sh.next_round is not None and sh.next_dealer is not None
            rnd, dealer, honba, deposits = sh.next_round, sh.next_dealer, sh.next_honba, sh.next_deposits
        else:
            h = self.hand(hand)
            rnd, dealer, honba, deposits = h.round, h.dealer, h.honba, h.deposits
        names = tuple(f"{p.name} ({p.number})" for p in sh.players)
        return RiichiContext(self.preset, seat=SEATS[winner], round=rnd[0], dealer=SEATS[dealer], honba=honba,
                             deposits=deposits + riichi, players=(names[0], names[1], names[2], names[3]))

    def entry_title(self, hand: int) -> str:
        assert self.sheet is not None
        return (f"{tr('Hand entry')} — {tr('Session')} {self.sheet.session} · {tr('Table')} {self.sheet.table} · "
                f"{tr('Hand')} {hand}")

    # ---- operations (None: nothing to do) ----------------------------------------------------------
    def record(self, d: Draft) -> Op | None:
        """Record ``d`` as the next hand, with the version read (a change made meanwhile is refused)."""
        sh, n = self.sheet, self.next_hand
        if sh is None or n is None:
            return None
        obj = line_object(d, self.numbers)
        return lambda s: record_game_line(s, sh.session, sh.table, n, obj, expected_version=sh.version)

    def correct(self, hand: int, d: Draft, reason: str) -> Op | None:
        sh = self.sheet
        if sh is None:
            return None
        obj = line_object(d, self.numbers)
        return lambda s: correct_game_hand(s, sh.session, sh.table, hand, obj, reason, expected_version=sh.version)

    # ---- a Chinese system's hand (``chinese_vm``: the line; the store plays it) ------------------------
    def chinese_hand(self, hand: int | None) -> int | None:
        """The hand the form is for: the one corrected, or the next."""
        return hand if hand is not None else self.next_hand

    def preview(self, line: dict[str, Any], hand: int | None = None) -> Callable[[Any], GamePreview] | None:
        """The store's preview of ``line`` as hand ``hand`` (the next one by default): read only. A hand not
        over yet (Sichuan's events so far) is played as far as it goes, marked partial."""
        sh, n = self.sheet, self.chinese_hand(hand)
        if sh is None or n is None:
            return None
        return lambda s: preview_game_line(s, sh.session, sh.table, n, line, partial=True)

    def record_line(self, line: dict[str, Any]) -> Op | None:
        """Record the line as the next hand, with the version read (a change made meanwhile is refused)."""
        sh, n = self.sheet, self.next_hand
        if sh is None or n is None:
            return None
        return lambda s: record_game_line(s, sh.session, sh.table, n, line, expected_version=sh.version)

    def correct_line(self, hand: int, line: dict[str, Any], reason: str) -> Op | None:
        sh = self.sheet
        if sh is None:
            return None
        return lambda s: correct_game_hand(s, sh.session, sh.table, hand, line, reason, expected_version=sh.version)

    def preview_words(self, preview: GamePreview) -> str:
        """The store's preview in words: the hand's winners and payments, or why the tiles are no win."""
        if preview.hand is None:
            return texts.said(preview.problem, LANG.code) if preview.problem is not None else ""
        return chinese_vm.preview_text(preview.hand, self.seat_letter, LANG.code, preview.partial)

    def sign_off_question(self) -> str | None:
        """Asked before signing off a game that is not over (the store refuses it without a reason)."""
        sh, n = self.sheet, self.next_hand
        if sh is None or sh.signed_off or n is None:
            return None
        return tr("The game is not over: hand {n} is still to be played. Sign off anyway? Give the reason the table "
                  "ended early (it goes into the Log).", n=n)

    def time_question(self) -> str | None:
        """Asked before the time call (None: no hand in play): the gong rang during the next hand."""
        n = self.next_hand
        if self.sheet is None or n is None or self.sheet.time_called_after is not None:
            return None
        return tr("Time is called during hand {n}, the hand being played. The rules say how the game ends from "
                  "there. Record it?", n=n)

    def call_time(self) -> Op | None:
        """Time called during the next hand (``call_game_time``: the hand in play at the gong)."""
        sh, n = self.sheet, self.next_hand
        if sh is None or n is None:
            return None
        return lambda s: call_game_time(s, sh.session, sh.table, n, expected_version=sh.version)

    def delete_last(self, reason: str) -> Op | None:
        sh = self.sheet
        if sh is None or not sh.hands:
            return None
        n = sh.hands[-1].hand
        return lambda s: delete_game_hand(s, sh.session, sh.table, n, reason, expected_version=sh.version)


def win_summary(w: GameWinView | WinDraft) -> str:
    """A winner's value in words for the form ("3 han 40 fu", "Mangan", "from tiles")."""
    if isinstance(w, WinDraft) and w.tiles is not None:
        return tr("from tiles: {hand}", hand=w.tiles.get("hand", ""))
    return texts.said(game_words.hand_value(w.han, w.fu, w.yakuman, w.limit), LANG.code)
