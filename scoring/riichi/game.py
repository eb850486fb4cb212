"""A Riichi table's game (hanchan) as pure bookkeeping, driven by a preset (docs/riichi.md "The game").

The state at the start of each hand (round, dealer, honba, deposits, the four scores) is derived from
the recorded hands, never typed: ``replay`` folds the hands over the preset. Seats are 0-3, seat 0 the
first dealer (East in E1); the dealer of round ``r`` (0 = E1 ... 7 = S4, 8-11 = West) is ``r % 4``.
A hand's value comes from the hand scoring (han, fu, yakuman as ``scoring.riichi.score`` gives them);
what it pays and who pays it is ``scoring.riichi.payment``, shared with the hand scoring.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from fractions import Fraction

from scoring.errors import GameOverError
from scoring.riichi.payment import hand_payment, win_changes
from scoring.riichi.presets import MultipleRon, RiichiPreset, Ties

__all__ = ["Abortive", "Chombo", "Draw", "Game", "GameOverError", "Hand", "HandResult", "Nagashi", "Ron", "SessionResult",
           "State", "Tsumo", "WinHand", "final_scores", "game_over", "hand_payment", "paid_wins", "replay",
           "round_name", "session_result", "settle", "start"]

Scores = tuple[int, int, int, int]
ABORTIVE_REASONS = ("kyuushu", "suufon", "suucha_riichi", "suukaikan", "sanchahou")


def round_name(index: int) -> str:
    """0 -> "E1", 7 -> "S4", 8 -> "W1"."""
    return "ESWN"[index // 4] + str(index % 4 + 1)


@dataclass(frozen=True, slots=True)
class State:
    """The table at the start of a hand."""

    round: int  # 0 = E1 ... 7 = S4, 8-11 = W1-W4
    honba: int
    deposits: int  # riichi sticks on the table
    scores: Scores

    @property
    def dealer(self) -> int:
        return self.round % 4

    @property
    def name(self) -> str:
        return round_name(self.round)


def start(preset: RiichiPreset) -> State:
    p = preset.start_points
    return State(round=0, honba=0, deposits=0, scores=(p, p, p, p))


# ------------------------------------------------------------------------------------------------ the outcomes


@dataclass(frozen=True, slots=True)
class WinHand:
    """One winner's hand as the hand scoring valued it."""

    winner: int
    han: int = 0
    fu: int = 0
    yakuman: int = 0  # units; a yakuman hand's han is ignored
    pao: int | None = None  # the liable player (daisangen, daisuushii)
    limit: str | None = None  # totals-only entry: "mangan" ... "sanbaiman" instead of han/fu
    points: tuple[int, int] | None = None  # totals-only entry: the payment itself (ron: (total, 0); tsumo:
    # (the dealer's share, each non-dealer's share); a dealer's tsumo: (each, each))

    def value(self) -> tuple[int, int, int]:
        """(han, fu, yakuman) with a limit's han."""
        if self.limit is not None:
            return _LIMIT_HAN[self.limit], 30, 0
        return self.han, self.fu, self.yakuman


_LIMIT_HAN = {"mangan": 5, "haneman": 6, "baiman": 8, "sanbaiman": 11}


@dataclass(frozen=True, slots=True)
class Ron:
    """One discard won by one or more players (several: the preset's ``multiple_ron`` rule)."""

    discarder: int
    wins: tuple[WinHand, ...]


@dataclass(frozen=True, slots=True)
class Tsumo:
    win: WinHand


@dataclass(frozen=True, slots=True)
class Draw:
    """An exhaustive draw: 3,000 split from the noten to the tenpai players."""

    tenpai: frozenset[int] = frozenset()


@dataclass(frozen=True, slots=True)
class Nagashi:
    """Nagashi mangan (a draw): each such player is paid a mangan as on a tsumo, no tenpai payments."""

    players: frozenset[int]
    tenpai: frozenset[int] = frozenset()


@dataclass(frozen=True, slots=True)
class Abortive:
    reason: str  # ABORTIVE_REASONS


@dataclass(frozen=True, slots=True)
class Chombo:
    """A chombo: the hand is replayed (the state does not move, its riichi are returned); the penalty is
    taken after the uma."""

    player: int


Outcome = Ron | Tsumo | Draw | Nagashi | Abortive | Chombo


@dataclass(frozen=True, slots=True)
class Hand:
    """One recorded hand: who declared riichi (1,000 each to the table) and how it ended."""

    outcome: Outcome
    riichi: tuple[int, ...] = ()


# ------------------------------------------------------------------------------------------------ settlement


def _add(a: Sequence[int], b: Sequence[int]) -> Scores:
    return (a[0] + b[0], a[1] + b[1], a[2] + b[2], a[3] + b[3])


def _win_changes(state: State, win: WinHand, discarder: int | None, honba: int, preset: RiichiPreset) -> list[int]:
    han, fu, yakuman = win.value()
    return win_changes(han, fu, yakuman, win.winner, state.dealer, discarder, win.pao, honba, preset,
                       payment=win.points)


def _order(discarder: int, wins: Iterable[WinHand]) -> list[WinHand]:
    """The winners in turn order from the discarder (the nearest first)."""
    return sorted(wins, key=lambda w: (w.winner - discarder) % 4)


def paid_wins(outcome: Ron, preset: RiichiPreset) -> list[WinHand]:
    """The winners who are paid on one discard, nearest first; none when it is an abortive draw (Tenhou's
    triple ron)."""
    wins = _order(outcome.discarder, outcome.wins)
    if preset.multiple_ron is MultipleRon.HEAD_BUMP:
        return wins[:1]
    if preset.multiple_ron is MultipleRon.DOUBLE_RON and len(wins) >= 3:
        return []
    return wins


@dataclass(frozen=True, slots=True)
class HandResult:
    """A hand settled: the changes (riichi payments excluded), the deposits paid to the table and taken
    from it, and the state of the next hand."""

    changes: Scores
    riichi_paid: Scores
    deposits_taken: int
    next: State
    dealer_repeats: bool
    chombo: int | None = None
    dealer_won: bool = False
    dealer_tenpai: bool = False  # at a draw (exhaustive or nagashi)

    @property
    def end_scores(self) -> Scores:
        return self.next.scores


def settle(state: State, hand: Hand, preset: RiichiPreset) -> HandResult:
    """Settle one hand from ``state`` into point changes and the next state (before the end-of-game check)."""
    out = hand.outcome
    if isinstance(out, Chombo):  # replayed: nothing moves, the riichi of the void hand are returned
        return HandResult((0, 0, 0, 0), (0, 0, 0, 0), 0, state, True, chombo=out.player)
    paid = [0, 0, 0, 0]
    for seat in hand.riichi:
        paid[seat] += preset.deposit
    deposits = state.deposits + len(hand.riichi)
    changes = [0, 0, 0, 0]
    taken = 0
    dealer = state.dealer
    if isinstance(out, Ron) and not paid_wins(out, preset):
        out = Abortive("sanchahou")
    if isinstance(out, (Ron, Tsumo)):
        wins = paid_wins(out, preset) if isinstance(out, Ron) else [out.win]
        discarder = out.discarder if isinstance(out, Ron) else None
        for i, win in enumerate(wins):
            # The honba and the deposits go to the first (nearest) winner only (docs/riichi.md).
            changes = list(_add(changes, _win_changes(state, win, discarder, state.honba if i == 0 else 0, preset)))
        taken = deposits
        changes[wins[0].winner] += taken * preset.deposit
        repeats = any(w.winner == dealer for w in wins)
        next_honba = state.honba + 1 if repeats else 0
        next_deposits = 0
    elif isinstance(out, Draw):
        changes = _tenpai_payments(out.tenpai)
        repeats = dealer in out.tenpai
        next_honba, next_deposits = state.honba + 1, deposits
    elif isinstance(out, Nagashi):
        for seat in sorted(out.players):
            mangan = WinHand(seat, han=5, fu=30)
            changes = list(_add(changes, _win_changes(state, mangan, None, 0, preset)))
        repeats = dealer in out.tenpai  # a draw: the dealer's nagashi alone does not repeat
        next_honba, next_deposits = state.honba + 1, deposits
    else:  # an abortive draw: the dealer deals again
        repeats = True
        next_honba, next_deposits = state.honba + 1, deposits
    scores = _add(_add(state.scores, [-p for p in paid]), changes)
    nxt = State(round=state.round if repeats else state.round + 1, honba=next_honba, deposits=next_deposits,
                scores=scores)
    won = isinstance(out, (Ron, Tsumo)) and repeats
    tenpai = isinstance(out, (Draw, Nagashi)) and repeats
    return HandResult(_add(changes, (0, 0, 0, 0)), _add(paid, (0, 0, 0, 0)), taken, nxt, repeats,
                      dealer_won=won, dealer_tenpai=tenpai)


def _tenpai_payments(tenpai: frozenset[int]) -> list[int]:
    n = len(tenpai)
    if n in (0, 4):
        return [0, 0, 0, 0]
    return [3000 // n if s in tenpai else -3000 // (4 - n) for s in range(4)]


# ------------------------------------------------------------------------------------------------ the end


def _top(scores: Sequence[int]) -> int:
    """The player on top; a tie goes to the seat nearer the first dealer."""
    return max(range(4), key=lambda s: (scores[s], -s))


def game_over(done: State, result: HandResult, preset: RiichiPreset) -> bool:
    """Whether the game ends after the hand played in ``done`` settled as ``result`` (time aside)."""
    scores = result.next.scores
    last = preset.rounds - 1
    if result.chombo is not None:
        return False
    if preset.game_ends_below_zero and min(scores) < 0:
        return True
    if done.round < last:
        return False
    if not preset.tenhou_end_rule:
        return not result.dealer_repeats
    goal = preset.return_points
    if result.dealer_repeats:  # a dealer on top who won (agari-yame) or is tenpai (tenpai-yame) stops
        stops = result.dealer_won or (preset.tenpai_yame and result.dealer_tenpai)
        return stops and _top(scores) == done.dealer and scores[done.dealer] >= goal
    return max(scores) >= goal or result.next.round > last + 4


# ------------------------------------------------------------------------------------------------ the game


@dataclass(frozen=True, slots=True)
class Game:
    """A game replayed: the state at the start of each hand, each hand's result, and whether it is over."""

    preset: RiichiPreset
    states: tuple[State, ...]
    results: tuple[HandResult, ...]
    over: bool
    chombos: tuple[int, ...] = field(default=())  # the players penalised, one entry a chombo

    @property
    def state(self) -> State:
        """The state now (after the last hand)."""
        return self.results[-1].next if self.results else self.states[0]

    @property
    def end_scores(self) -> Scores:
        return self.state.scores


def replay(hands: Sequence[Hand], preset: RiichiPreset, time_called_after: int | None = None,
           first: State | None = None) -> Game:
    """Fold the recorded hands (chombos included, in order) over the preset. ``time_called_after``: the
    number of hands played (chombos not counted) when time was called; the game then ends by the preset's
    ``time_called`` policy. ``first``: the state of the first hand (default: the preset's start). Raises
    ``ValueError`` for a hand after the end."""
    state = start(preset) if first is None else first
    states: list[State] = []
    results: list[HandResult] = []
    chombos: list[int] = []
    over = False
    played = 0
    for hand in hands:
        if over:
            raise GameOverError(f"hand {len(states) + 1} is after the end of the game")
        states.append(state)
        result = settle(state, hand, preset)
        results.append(result)
        if result.chombo is not None:
            chombos.append(result.chombo)
            if preset.chombo_ends_game_after_time and _time_up(preset, time_called_after, played, last_hand=True):
                over = True
            continue
        played += 1
        over = game_over(state, result, preset) or _time_up(preset, time_called_after, played)
        state = result.next
    return Game(preset, tuple(states) or (state,), tuple(results), over, tuple(chombos))


def last_played_hand(preset: RiichiPreset, called_after: int | None) -> int | None:
    """The hands played (chombos not counted) after which the time called ends the game; ``called_after`` is
    the hand in play at the gong: EMA plays one more hand after it, WRC ends with it. None without a time
    call, or when the preset has none (Tenhou)."""
    if called_after is None or preset.time_called == "none":
        return None
    return called_after + (1 if preset.time_called == "one_more_hand" else 0)


def _time_up(preset: RiichiPreset, called_after: int | None, played: int, last_hand: bool = False) -> bool:
    """Whether the time called ends the game after ``played`` hands. ``last_hand``: asked for a chombo in the
    hand after ``played``, which ends the game when that hand is the last one."""
    last = last_played_hand(preset, called_after)
    if last is None:
        return False
    return (played + 1 if last_hand else played) >= last


# ------------------------------------------------------------------------------------------------ the result


def _tied_groups(scores: Sequence[int], preset: RiichiPreset) -> list[list[int]]:
    """The seats in placement order, grouped when tied and the preset shares; seat order breaks ties."""
    order = sorted(range(4), key=lambda s: (-scores[s], s))
    if preset.ties is Ties.SEAT_ORDER:
        return [[s] for s in order]
    groups: list[list[int]] = []
    for s in order:
        if groups and scores[groups[-1][0]] == scores[s]:
            groups[-1].append(s)
        else:
            groups.append([s])
    return groups


def final_scores(scores: Scores, deposits: int, preset: RiichiPreset) -> tuple[Fraction, ...]:
    """The scores at the end with the leftover deposits given to first (split among tied firsts when the
    preset says so, else to the first by seat order)."""
    out = [Fraction(s) for s in scores]
    if deposits and preset.leftover_deposits_to_first:
        firsts = _tied_groups(scores, preset)[0]
        if preset.ties is not Ties.SHARE_UMA_AND_DEPOSITS:
            firsts = firsts[:1]
        for s in firsts:
            out[s] += Fraction(deposits * preset.deposit, len(firsts))
    return tuple(out)


@dataclass(frozen=True, slots=True)
class SessionResult:
    """One player's session: in thousands (Fractions, exact)."""

    raw: Fraction  # points at the end, leftover deposits included
    place: int  # 1-4 (tied players share the best place)
    uma: Fraction  # uma and oka, in thousands
    penalty: Fraction  # chombo, in thousands (negative)
    score: Fraction  # (raw - return) / 1000 + uma + penalty
    fixed: bool = False  # a replacement player's: uma and score fixed by the preset, not played


def session_result(scores: Scores, deposits: int, preset: RiichiPreset,
                   chombos: Sequence[int] = (), replacements: Sequence[int] = ()) -> tuple[SessionResult, ...]:
    """The four seats' session results: (points - return)/1,000 + uma, the oka to first; tied players
    share the uma of their places under EMA/WRC, seat order decides under Tenhou; each chombo costs
    ``chombo_points`` after the uma. A seat of ``replacements`` (a replacement player's) scores the preset's
    ``replacement_penalty`` fixed, as points (its raw: the return less it) and again as uma, whatever the
    game gave (its chombos still count); the other seats keep what they played."""
    raw = final_scores(scores, deposits, preset)
    bonus = [Fraction(u) for u in preset.uma]
    bonus[0] += preset.oka
    uma = [Fraction(0)] * 4
    place = [0] * 4
    at = 0
    for group in _tied_groups(scores, preset):
        share = sum(bonus[at:at + len(group)], Fraction(0)) / len(group)
        for s in group:
            uma[s], place[s] = share, at + 1
        at += len(group)
    out = []
    for s in range(4):
        penalty = Fraction(-(preset.chombo_points or 0) * sum(1 for c in chombos if c == s), 1000)
        u = uma[s] / 1000
        if s in replacements and preset.replacement_penalty is not None:
            # the points too (return - penalty): the standings' points, a tie-break, count the fixed result
            fixed = Fraction(-preset.replacement_penalty, 1000)
            out.append(SessionResult(Fraction(preset.return_points - preset.replacement_penalty), place[s], fixed,
                                     penalty, fixed + fixed + penalty, fixed=True))
            continue
        out.append(SessionResult(raw[s], place[s], u, penalty, (raw[s] - preset.return_points) / 1000 + u + penalty))
    return tuple(out)




