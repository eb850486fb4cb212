"""A Sichuan hand's events settled in order into the four players' changes (血战到底: the hand goes on
after a win until three players have won or the wall is empty).

The events are values: a ``Kong`` is paid at once (刮风下雨), a ``Win`` has one winner self-drawn or one or
more winners on one discard, and ``WallEnd`` holds the end-of-wall checks: a flower pig (花猪, still holding
three suits) pays every other player still in the flower pig's fan; a player not ready pays each ready
player that player's best possible hand (查大叫); a player not ready gives back what its kongs were paid
(退税). Each settled line says which players were still in when it happened. Seats are 0–3 (0 deals).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from enum import StrEnum

from scoring.sichuan.rules import WMT, SichuanRules

Changes = tuple[int, int, int, int]


class KongKind(StrEnum):
    MELDED = "melded"  # 直杠 (刮风): a discard claimed to a concealed pung; the discarder pays 2 bases
    ADDED = "added"  # 补杠 (刮风): a drawn tile added to a declared pung; each player still in pays 1 base
    CONCEALED = "concealed"  # 暗杠 (下雨): four drawn tiles; each player still in pays 2 bases


_KONG_BASES = {KongKind.MELDED: 2, KongKind.ADDED: 1, KongKind.CONCEALED: 2}


@dataclass(frozen=True, slots=True)
class Kong:
    seat: int
    kind: KongKind
    discarder: int | None = None  # a melded kong's discarder


@dataclass(frozen=True, slots=True)
class Winner:
    seat: int
    fan: int  # the hand's fan as counted (``score``'s total); the settlement applies the cap


@dataclass(frozen=True, slots=True)
class Win:
    """One self-drawn winner (``discarder`` None), or every winner on one discard at once."""

    winners: tuple[Winner, ...]
    discarder: int | None = None


@dataclass(frozen=True, slots=True)
class WallEnd:
    """The wall is empty. ``ready``: the players still in who are ready, each with the best fan its hand could
    win (``score.best_waiting_fan``); ``pigs``: the flower pigs. The rest still in are not ready."""

    ready: tuple[Winner, ...] = ()
    pigs: tuple[int, ...] = ()


Event = Kong | Win | WallEnd


class Check(StrEnum):
    """What a settled line is: an event of the hand, or one of the end-of-wall checks."""

    KONG = "kong"
    WIN = "win"
    FLOWER_PIG = "flower_pig"  # 查花猪
    NOT_READY = "not_ready"  # 查大叫
    REFUND = "refund"  # 退税


@dataclass(frozen=True, slots=True)
class Settled:
    event: Event
    check: Check
    in_play: tuple[int, ...]  # the players still in when it happened (before a win takes its winners out)
    changes: Changes


class SettleError(ValueError):
    """A list of events that cannot happen in one hand; the message says which event and why."""


def _changes(pays: Sequence[tuple[int, int, int]]) -> Changes:
    """(payer, payee, amount) transfers as the four players' changes."""
    out = [0, 0, 0, 0]
    for payer, payee, amount in pays:
        out[payer] -= amount
        out[payee] += amount
    return (out[0], out[1], out[2], out[3])


def _kong(k: Kong, in_play: tuple[int, ...], rules: SichuanRules) -> Changes:
    amount = _KONG_BASES[k.kind] * rules.base
    if k.kind is KongKind.MELDED:
        assert k.discarder is not None
        return _changes([(k.discarder, k.seat, amount)])
    return _changes([(p, k.seat, amount) for p in in_play if p != k.seat])


def win_changes(w: Win, in_play: tuple[int, ...], rules: SichuanRules) -> Changes:
    """A win's changes: each winner paid by the discarder, or by every player still in when self-drawn."""
    return _win(w, in_play, rules)


def _win(w: Win, in_play: tuple[int, ...], rules: SichuanRules) -> Changes:
    pays = []
    for winner in w.winners:
        amount = rules.win_points(winner.fan, w.discarder is None)
        if w.discarder is not None:
            pays.append((w.discarder, winner.seat, amount))
        else:
            pays.extend((p, winner.seat, amount) for p in in_play if p != winner.seat)
    return _changes(pays)


def _wall_end(end: WallEnd, in_play: tuple[int, ...], kongs: Sequence[Settled],
              rules: SichuanRules) -> list[Settled]:
    ready = {r.seat for r in end.ready}
    not_ready = [p for p in in_play if p not in ready]
    pig_pays = [(pig, p, rules.base * 2 ** rules.pig_fan) for pig in end.pigs for p in in_play if p not in end.pigs]
    call_pays = [(p, r.seat, rules.points(r.fan)) for p in not_ready if p not in end.pigs for r in end.ready]
    refund = [0, 0, 0, 0]
    for k in kongs:
        if isinstance(k.event, Kong) and k.event.seat in not_ready:
            refund = [a - b for a, b in zip(refund, k.changes, strict=True)]
    return [Settled(end, check, in_play, changes) for check, changes in (
        (Check.FLOWER_PIG, _changes(pig_pays)), (Check.NOT_READY, _changes(call_pays)),
        (Check.REFUND, (refund[0], refund[1], refund[2], refund[3])))]


def _check(e: Event, n: int, in_play: tuple[int, ...]) -> None:
    def fail(why: str) -> SettleError:
        return SettleError(f"event {n}: {why}")

    if len(in_play) < 2:
        raise fail("the hand is over: three players have won")
    if isinstance(e, Kong):
        if e.seat not in in_play:
            raise fail(f"seat {e.seat} is not in the hand")
        if (e.kind is KongKind.MELDED) != (e.discarder is not None):
            raise fail("a melded kong has a discarder, an added or concealed kong none")
        if e.discarder is not None and (e.discarder not in in_play or e.discarder == e.seat):
            raise fail(f"the discarder {e.discarder} is not another player still in")
    elif isinstance(e, Win):
        seats = [w.seat for w in e.winners]
        if not seats or len(set(seats)) != len(seats) or any(s not in in_play for s in seats):
            raise fail("the winners must be different players still in")
        if any(w.fan < 0 for w in e.winners):
            raise fail("a fan is 0 or more")
        if e.discarder is None and len(seats) != 1:
            raise fail("a self-drawn win has one winner")
        if e.discarder is not None and (e.discarder not in in_play or e.discarder in seats):
            raise fail(f"the discarder {e.discarder} is not another player still in")
    else:
        if any(r.fan < 0 for r in e.ready):
            raise fail("a fan is 0 or more")
        named = [r.seat for r in e.ready] + list(e.pigs)
        if len(set(named)) != len(named) or any(s not in in_play for s in named):
            raise fail("the ready players and the flower pigs are different players still in")


def settle(events: Sequence[Event], rules: SichuanRules = WMT) -> tuple[Settled, ...]:
    """Each event's changes in order (a wall end as its three checks); raises ``SettleError``."""
    in_play: tuple[int, ...] = (0, 1, 2, 3)
    out: list[Settled] = []
    for n, e in enumerate(events, 1):
        _check(e, n, in_play)
        if isinstance(e, WallEnd):
            if n != len(events):
                raise SettleError(f"event {n}: the wall's end is the hand's last event")
            out.extend(_wall_end(e, in_play, out, rules))
        elif isinstance(e, Kong):
            out.append(Settled(e, Check.KONG, in_play, _kong(e, in_play, rules)))
        else:
            out.append(Settled(e, Check.WIN, in_play, _win(e, in_play, rules)))
            won = {w.seat for w in e.winners}
            in_play = tuple(p for p in in_play if p not in won)
    return tuple(out)


def hand_changes(events: Sequence[Event], rules: SichuanRules = WMT) -> Changes:
    """The hand's total change for each player."""
    total = [0, 0, 0, 0]
    for s in settle(events, rules):
        total = [a + b for a, b in zip(total, s.changes, strict=True)]
    return (total[0], total[1], total[2], total[3])
