"""What the desk says and builds at a table of a Chinese system (issue 33; ``entry_options`` form "wins" or
"events"): the sheet's hand line in the system's words, and the result line (docs/rule-systems.md "At the
table: the Chinese systems' result lines") made from what the referee chose.

No widgets and no rule here: the line goes to the store, which reads it, scores the tiles, settles the
payments and refuses in words (``preview_game_line`` before, ``record_game_line`` to record). This module
only turns choices into the line and the store's answer (a ``GameHandView``) into words. Which fields a line
has comes from ``entry_options`` (``value``, ``joker``, ``horses``, ``kongs``, ``typed``, ``chickens``,
``hot_kong``, ``several_types``), never from the profile's name.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

import texts
from db.read.views import GameHandView, GameWinView
from db.rules import game_words
from referee_app.words.i18n import tr
from scoring.played import Fan, Payment

#: a player by index 0-3 (starting seats E, S, W, N) in words: "E", "东"
SeatName = Callable[[int], str]

#: Sichuan's suits a player may declare void, as the result line writes them
SUITS = ("m", "p", "s")


@dataclass(frozen=True, slots=True)
class ChineseWin:
    """A winner (or a ready player at the end of the wall): the tiles in the notation, or the hand type's id
    (``value``), the flags that apply, or a value typed from a paper sheet (``fan``; Sichuan). Where a win
    names several hand types (``several_types``: 鸡平胡) ``types`` holds them all, ``value`` the first."""

    seat: int
    value: str = ""
    flags: tuple[str, ...] = ()
    fan: int | None = None
    types: tuple[str, ...] = ()


@dataclass(frozen=True, slots=True)
class KongDraft:
    """A kong: whose, which kind ("melded", "added", "concealed"), and who discarded the tile of a melded one."""

    seat: int
    kind: str
    discarder: int | None = None


@dataclass(frozen=True, slots=True)
class ChickenDraft:
    """Guiyang's chickens (``chickens``): the 幺鸡 counted to each player who did not win (by player index),
    and the hand's first 幺鸡: "charging" (冲锋鸡: discarded by ``by``, not claimed) or "responsible" (责任鸡:
    discarded by ``by``, claimed by ``to``), "" for neither."""

    counts: tuple[int, int, int, int] = (0, 0, 0, 0)
    first: str = ""
    by: int | None = None
    to: int | None = None


@dataclass(frozen=True, slots=True)
class WinsDraft:
    """One hand of a system of one win line per hand: ron (a discarder and its winners), tsumo or draw, with
    the joker's indicator, each player's horses and the kongs where the system has them."""

    kind: str
    discarder: int | None = None
    winners: tuple[ChineseWin, ...] = ()
    joker: str = ""
    horses: tuple[str, str, str, str] = ("", "", "", "")  # each player's horses, in the notation ("1m5p")
    kongs: tuple[KongDraft, ...] = ()
    chickens: ChickenDraft = ChickenDraft()
    hot_kong: str = ""  # the kind of the discarder's kong just before a win on its discard (热炮), "" for none


@dataclass(frozen=True, slots=True)
class EventDraft:
    """One event of a hand that goes on after a win (Sichuan): a kong, a self-drawn win, a win on a discard
    (one or more winners), or the end of the wall (the ready players and the flower pigs)."""

    kind: str  # "kong" | "tsumo" | "ron" | "wall_end"
    kong: KongDraft | None = None
    discarder: int | None = None
    winners: tuple[ChineseWin, ...] = ()  # the winners; at the end of the wall, the ready players
    pigs: tuple[int, ...] = ()


def split_tiles(text: str) -> list[str]:
    """Horses typed in the notation, one tile each: "1m5p" -> ["1m", "5p"], "15m 7z" -> ["1m", "5m", "7z"]."""
    out: list[str] = []
    digits = ""
    for ch in text.replace(",", " ").replace(" ", ""):
        if ch.isdigit():
            digits += ch
        else:
            out += [f"{d}{ch}" for d in digits] if digits else [ch]
            digits = ""
    return out + ([digits] if digits else [])


def _winner(w: ChineseWin, key: str) -> dict[str, Any]:
    """A winner's value on a line: the typed value, or the tiles (hand type) under ``key``, with its flags."""
    if w.fan is not None:
        return {"fan": w.fan}
    value: str | list[str] = list(w.types) if len(w.types) > 1 else w.value.strip()
    return {key: value, **{f: True for f in w.flags}}


def _kong(k: KongDraft, numbers: Sequence[str]) -> dict[str, Any]:
    out: dict[str, Any] = {"player": numbers[k.seat], "kind": k.kind}
    if k.kind == "melded" and k.discarder is not None:
        out["discarder"] = numbers[k.discarder]
    return out


def wins_line(d: WinsDraft, numbers: Sequence[str], entry: Mapping[str, Any]) -> dict[str, Any]:
    """The result line of a "wins" hand (players by number), with only the fields ``entry`` offers.

    >>> nums = ("5", "7", "1", "3")
    >>> entry = {"value": "hand", "joker": True, "horses": 2, "kongs": True}
    >>> wins_line(WinsDraft("ron", 0, (ChineseWin(1, "11m", ("chankan",)),), "5m", ("", "1m2p", "", ""),
    ...                     (KongDraft(3, "melded", 0),)), nums, entry)  # doctest: +NORMALIZE_WHITESPACE
    {'type': 'ron', 'discarder': '5', 'winners': [{'player': '7', 'hand': '11m', 'chankan': True}],
     'joker': '5m', 'horses': {'7': ['1m', '2p']}, 'kongs': [{'player': '3', 'kind': 'melded', 'discarder': '5'}]}
    >>> wins_line(WinsDraft("tsumo", None, (ChineseWin(2, "pinghu"),)), nums, {"value": "hand_type"})
    {'type': 'tsumo', 'winner': '1', 'hand_type': 'pinghu'}
    >>> wins_line(WinsDraft("draw"), nums, {"value": "hand"})
    {'type': 'draw'}
    >>> wins_line(WinsDraft("ron", 1, (ChineseWin(0, "111s222p", ()),), chickens=ChickenDraft((0, 1, 2, 0),
    ...     "responsible", 3, 2), hot_kong="added"), nums, {"value": "hand", "chickens": True, "hot_kong": True})
    ...     # doctest: +NORMALIZE_WHITESPACE
    {'type': 'ron', 'discarder': '7', 'winners': [{'player': '5', 'hand': '111s222p'}],
     'chickens': {'7': 1, '1': 2}, 'responsible_chicken': {'from': '3', 'to': '1'}, 'hot_kong': 'added'}
    >>> wins_line(WinsDraft("tsumo", None, (ChineseWin(2, "qingyise", (), None, ("qingyise", "duiduihu")),)),
    ...           nums, {"value": "hand_type", "several_types": True})
    {'type': 'tsumo', 'winner': '1', 'hand_type': ['qingyise', 'duiduihu']}
    """
    key = str(entry.get("value", "hand"))
    line: dict[str, Any] = {"type": d.kind}
    if d.kind == "ron":
        line["discarder"] = None if d.discarder is None else numbers[d.discarder]
        line["winners"] = [{"player": numbers[w.seat], **_winner(w, key)} for w in d.winners]
    elif d.kind == "tsumo":
        w = d.winners[0] if d.winners else None
        value = {} if w is None else _winner(w, key)
        if key == "hand" and "hand" in value:
            value["tiles"] = value.pop("hand")  # on a tsumo line "hand" is the hand's number
        line.update({"winner": None if w is None else numbers[w.seat], **value})
    if entry.get("joker") and d.joker.strip():
        line["joker"] = d.joker.strip()
    if entry.get("horses") and d.kind != "draw":
        horses = {numbers[i]: split_tiles(h) for i, h in enumerate(d.horses) if h.strip()}
        if horses:
            line["horses"] = horses
    if entry.get("kongs") and d.kongs:
        line["kongs"] = [_kong(k, numbers) for k in d.kongs]
    if entry.get("chickens") and d.kind != "draw":  # a draw pays nothing where chickens are played
        line.update(_chickens(d.chickens, numbers))
    if entry.get("hot_kong") and d.kind == "ron" and d.hot_kong:
        line["hot_kong"] = d.hot_kong
    return line


def _chickens(c: ChickenDraft, numbers: Sequence[str]) -> dict[str, Any]:
    out: dict[str, Any] = {}
    counts = {numbers[i]: n for i, n in enumerate(c.counts) if n}
    if counts:
        out["chickens"] = counts
    if c.first == "charging" and c.by is not None:
        out["charging_chicken"] = numbers[c.by]
    elif c.first == "responsible" and c.by is not None and c.to is not None:
        out["responsible_chicken"] = {"from": numbers[c.by], "to": numbers[c.to]}
    return out


def event_line(e: EventDraft, numbers: Sequence[str]) -> dict[str, Any]:
    """One event of a Sichuan line, players by number.

    >>> nums = ("5", "7", "1", "3")
    >>> event_line(EventDraft("ron", discarder=0, winners=(ChineseWin(1, fan=2), ChineseWin(3, "11m"))), nums)
    {'type': 'ron', 'discarder': '5', 'winners': [{'player': '7', 'fan': 2}, {'player': '3', 'hand': '11m'}]}
    >>> event_line(EventDraft("wall_end", winners=(ChineseWin(2, "1112345678999m"),), pigs=(1,)), nums)
    {'type': 'wall_end', 'ready': [{'player': '1', 'hand': '1112345678999m'}], 'pigs': ['7']}
    """
    if e.kind == "kong" and e.kong is not None:
        return {"type": "kong", **_kong(e.kong, numbers)}
    if e.kind == "tsumo":
        w = e.winners[0]
        value = _winner(w, "tiles")
        return {"type": "tsumo", "winner": numbers[w.seat], **value}
    if e.kind == "ron":
        return {"type": "ron", "discarder": None if e.discarder is None else numbers[e.discarder],
                "winners": [{"player": numbers[w.seat], **_winner(w, "hand")} for w in e.winners]}
    return {"type": "wall_end", "ready": [{"player": numbers[w.seat], **_winner(w, "hand")} for w in e.winners],
            "pigs": [numbers[p] for p in e.pigs]}


def events_line(void: Sequence[str | None], events: Sequence[EventDraft], numbers: Sequence[str]) -> dict[str, Any]:
    """The result line of a Sichuan hand: each player's void suit (those declared) and its events in order."""
    return {"type": "hand", "void": {numbers[i]: v for i, v in enumerate(void) if v},
            "events": [event_line(e, numbers) for e in events]}


def wins_missing(d: WinsDraft) -> str | None:
    """What the referee has still to choose before the store is asked (its own words for the rest)."""
    if d.kind == "ron" and d.discarder is None:
        return tr("Choose who discarded the winning tile.")
    if d.kind in ("ron", "tsumo") and not d.winners:
        return tr("Choose the winner.")
    if d.kind != "draw" and d.chickens.first and d.chickens.by is None:
        return tr("Choose who discarded the first 幺鸡.")
    if d.kind != "draw" and d.chickens.first == "responsible" and d.chickens.to is None:
        return tr("Choose who claimed the first 幺鸡.")
    return None


def _seat_of(numbers: Sequence[str]) -> Callable[[Any], int | None]:
    return lambda n: numbers.index(str(n)) if str(n) in numbers else None


def _win_of(obj: Mapping[str, Any], key: str, seat: int | None) -> ChineseWin:
    flags = tuple(k for k, v in obj.items() if v is True)
    found = obj.get(key, obj.get("hand", obj.get("tiles", obj.get("hand_type", ""))))
    types = tuple(str(t) for t in found) if isinstance(found, list) else ()  # several hand types (鸡平胡)
    value = types[0] if types else str(found)
    return ChineseWin(seat if seat is not None else 0, "" if "fan" in obj else value, flags,
                      obj.get("fan") if isinstance(obj.get("fan"), int) else None, types)


def _kong_of(obj: Mapping[str, Any], seat: Callable[[Any], int | None]) -> KongDraft:
    return KongDraft(seat(obj.get("player")) or 0, str(obj.get("kind", "concealed")), seat(obj.get("discarder")))


def wins_draft_of(line: Mapping[str, Any], numbers: Sequence[str], entry: Mapping[str, Any]) -> WinsDraft:
    """A recorded hand's line as a draft, to correct it (the inverse of :func:`wins_line`)."""
    seat = _seat_of(numbers)
    key = str(entry.get("value", "hand"))
    kind = str(line.get("type", "draw"))
    winners: tuple[ChineseWin, ...] = ()
    if kind == "ron":
        winners = tuple(_win_of(w, key, seat(w.get("player"))) for w in line.get("winners", ()))
    elif kind == "tsumo":
        winners = (_win_of(line, "tiles" if key == "hand" else key, seat(line.get("winner"))),)
    horses = ["", "", "", ""]
    for n, tiles in (line.get("horses") or {}).items():
        s = seat(n)
        if s is not None:
            horses[s] = "".join(tiles)
    return WinsDraft(kind, seat(line.get("discarder")), winners, str(line.get("joker") or ""),
                     (horses[0], horses[1], horses[2], horses[3]),
                     tuple(_kong_of(k, seat) for k in line.get("kongs", ())), _chicken_draft_of(line, seat),
                     str(line.get("hot_kong") or ""))


def _chicken_draft_of(line: Mapping[str, Any], seat: Callable[[Any], int | None]) -> ChickenDraft:
    counts = [0, 0, 0, 0]
    for n, count in (line.get("chickens") or {}).items():
        s = seat(n)
        if s is not None and isinstance(count, int):
            counts[s] = count
    resp = line.get("responsible_chicken")
    if isinstance(resp, Mapping):
        return ChickenDraft((counts[0], counts[1], counts[2], counts[3]), "responsible", seat(resp.get("from")),
                            seat(resp.get("to")))
    charging = line.get("charging_chicken")
    return ChickenDraft((counts[0], counts[1], counts[2], counts[3]), "" if charging is None else "charging",
                        seat(charging))


def events_draft_of(line: Mapping[str, Any], numbers: Sequence[str]) -> tuple[list[str | None], list[EventDraft]]:
    """A recorded Sichuan line as the void suits and the events, to correct it."""
    seat = _seat_of(numbers)
    void: list[str | None] = [None] * 4
    for n, suit in (line.get("void") or {}).items():
        s = seat(n)
        if s is not None:
            void[s] = suit
    events = []
    for e in line.get("events", ()):
        kind = e.get("type")
        if kind == "kong":
            events.append(EventDraft("kong", _kong_of(e, seat)))
        elif kind == "tsumo":
            events.append(EventDraft("tsumo", winners=(_win_of(e, "tiles", seat(e.get("winner"))),)))
        elif kind == "ron":
            events.append(EventDraft("ron", discarder=seat(e.get("discarder")),
                                     winners=tuple(_win_of(w, "hand", seat(w.get("player"))) for w in e["winners"])))
        elif kind == "wall_end":
            events.append(EventDraft("wall_end", winners=tuple(_win_of(w, "hand", seat(w.get("player")))
                                                               for w in e.get("ready", ())),
                                     pigs=tuple(p for p in (seat(x) for x in e.get("pigs", ())) if p is not None)))
    return void, events


# ---- words -------------------------------------------------------------------------------------------------
def fan_text(f: Fan, lang: str) -> str:
    """A fan or hand type with its value: the Chinese name in a Chinese desk, else "English (中文)"."""
    return f"{game_words.fan_label(f.zh, f.en, lang)} {f.value}"


def fans_text(w: GameWinView, lang: str) -> str:
    """A winner's fans in one line ("—" for a value typed from a paper sheet)."""
    sep = texts.said(game_words.YAKU_SEP, lang)
    return sep.join(fan_text(f, lang) for f in w.fans) or "—"


def changes_text(changes: Sequence[int], seat: SeatName) -> str:
    """Who paid and who received: "E +6 S -2 W -2 N -2" (nobody for 0)."""
    return " ".join(f"{seat(i)} {c:+d}" for i, c in enumerate(changes) if c)


def kong_text(k: KongDraft, seat: SeatName, lang: str) -> str:
    """ "Melded kong W ← S" ."""
    kind = texts.said(game_words.KONG_KINDS.get(k.kind, texts.Text(k.kind)), lang)
    by = f" ← {seat(k.discarder)}" if k.kind == "melded" and k.discarder is not None else ""
    return f"{kind} {seat(k.seat)}{by}"


def payment_text(p: Payment, seat: SeatName, lang: str) -> str:
    """A payment in words with its changes: "Kong W: E -2 S -2 W +6 N -2"."""
    kind = texts.said(game_words.PAYMENTS.get(p.kind, texts.Text(p.kind)), lang)
    about = f" {seat(p.seat)}" if p.seat is not None else ""
    return f"{kind}{about}: {changes_text(p.changes, seat)}"


def win_text(w: GameWinView, seat: SeatName, lang: str) -> str:
    """A winner with the total and fans: "S  4 · Pure Suit (清一色) 2, Seven Pairs (七对) 2"."""
    total = texts.said(game_words.CHINESE_COLUMNS["total"], lang)
    return f"{seat(w.player)}  {total} {w.total} · {fans_text(w, lang)}"


def _winner_words(w: Mapping[str, Any], seat: Callable[[Any], int | None], name: SeatName) -> str:
    s = seat(w.get("player", w.get("winner")))
    return "?" if s is None else name(s)


def event_text(e: Mapping[str, Any], numbers: Sequence[str], name: SeatName, lang: str) -> str:
    """A Sichuan event of a recorded or drafted line (players by number) in words: "Win on a discard S, N ← W"."""
    seat = _seat_of(numbers)
    kind = texts.said(game_words.EVENTS.get(str(e.get("type")), texts.Text(str(e.get("type")))), lang)

    def who(n: Any) -> str:
        s = seat(n)
        return "?" if s is None else name(s)

    if e.get("type") == "kong":
        return kong_text(_kong_of(e, seat), name, lang)
    if e.get("type") == "tsumo":
        return f"{kind} {who(e.get('winner'))}"
    if e.get("type") == "ron":
        return f"{kind} {', '.join(_winner_words(w, seat, name) for w in e.get('winners', ()))} ← " \
               f"{who(e.get('discarder'))}"
    ready = texts.said(game_words.CHINESE_COLUMNS["ready"], lang)
    pigs = texts.said(game_words.CHINESE_COLUMNS["pigs"], lang)
    out = f"{kind}: {ready} {' '.join(who(r.get('player')) for r in e.get('ready', ())) or '—'}"
    return out + (f" · {pigs} {' '.join(who(p) for p in e.get('pigs', ()))}" if e.get("pigs") else "")


#: the columns of a Chinese hand's line before each player's change and points
COLUMNS = ("hand", "round", "dealer", "outcome", "who", "total", "fans", "payments")


def who_lines(h: GameHandView, numbers: Sequence[str], name: SeatName, lang: str) -> list[str]:
    """Who the hand names: "S ← W" per winner on a discard, the self-drawn winner, Sichuan's events."""
    if "events" in h.line:
        return [event_text(e, numbers, name, lang) for e in h.line["events"]]
    if h.kind == "ron":
        by = f" ← {name(h.discarder)}" if h.discarder is not None else ""
        return [name(w.player) + by for w in h.winners]
    return [name(w.player) for w in h.winners]


def hand_cells(h: GameHandView, numbers: Sequence[str], name: SeatName, lang: str, wording: str,
               round_label: Callable[[str], str]) -> list[str]:
    """One Chinese hand on the sheet: the columns of :data:`COLUMNS` (the payments one a line each)."""
    kind = texts.said(game_words.outcome(h.kind, wording), lang)
    extras = []
    if h.line.get("joker"):
        extras.append(f"{texts.said(game_words.CHINESE_COLUMNS['joker'], lang)} {h.line['joker']}")
    return [str(h.hand), round_label(h.round), name(h.dealer), kind,
            "\n".join(who_lines(h, numbers, name, lang) + extras),
            "\n".join(f"{name(w.player)} {w.total}" for w in h.winners),
            "\n".join(f"{name(w.player)} {fans_text(w, lang)}" for w in h.winners),
            "\n".join(payment_text(p, name, lang) for p in h.payments)]


def preview_text(h: GameHandView, name: SeatName, lang: str, partial: bool = False) -> str:
    """The store's preview of a hand in words: each winner's total and fans, then each payment, then each
    player's change; a hand not over yet (``partial``) first says that these are the payments so far."""
    lines = [texts.said(game_words.PARTIAL, lang)] if partial else []
    lines += [win_text(w, name, lang) for w in h.winners]
    lines += [payment_text(p, name, lang) for p in h.payments]
    change = texts.said(game_words.CHINESE_COLUMNS["change"], lang)
    lines.append(f"{change}: {changes_text(h.deltas, name) or '0'}")
    return "\n".join(lines)
