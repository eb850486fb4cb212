"""One event per Chinese rule system run headless through ``mcr-tournament`` (issue 33 "Done when"): 8 players,
two tables, one session of result lines, and every hand's changes, dealer and points after it, each session's
points and table points checked against an independent computation written here from the rules
(docs/rule-systems.md, source 003), never from ``scoring``.

A hand's value read from its tiles (its fans) is stated in a comment beside the line; the payments, the
horses, the kongs, the end-of-wall checks, the dealer's rotation and the session's totals are computed by the
small functions below. Seats are 0-3, the table's starting seats E, S, W, N (fixed all session)."""

from __future__ import annotations

import contextlib
import io
import json
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest

from db.commands.cli import main

PLAYERS = "number,name\n1,Aki\n2,Ben\n3,Cho\n4,Dee\n5,Eva\n6,Fay\n7,Gus\n8,Hal\n"
Deltas = tuple[int, int, int, int]
ZERO: Deltas = (0, 0, 0, 0)


# --- running the CLI -------------------------------------------------------------------------------------


def _run(db: Path, *argv: str) -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        code = main(["--db", str(db), *argv])
    return code, out.getvalue(), err.getvalue()


def _cli(db: Path, *argv: str) -> str:
    code, out, err = _run(db, *argv)
    assert code == 0, (argv, out, err)
    return out


def _event(tmp_path: Path, profile: str, hands: int, *rules: str) -> tuple[Path, list[list[str]]]:
    """A new event of 8 players in ``profile`` with ``hands`` hands a session, session 1 seated: the database
    and each table's player numbers by starting seat (E, S, W, N)."""
    db = tmp_path / f"{profile}.mcr"
    _cli(db, "init", "--name", f"{profile} open", "--sessions", "1", "--profile", profile,
         "--hands-per-session", str(hands), *(x for r in rules for x in ("--rule", r)))
    (tmp_path / "players.csv").write_text(PLAYERS, encoding="utf-8")
    _cli(db, "players", "import", str(tmp_path / "players.csv"))
    _cli(db, "checkin", "--session", "1", "--present", *map(str, range(1, 9)))
    _cli(db, "seat", "1")
    seating = json.loads(_cli(db, "seating", "1", "--format", "json"))
    assert [t["table"] for t in seating] == [1, 2]
    return db, [[str(t["seats"][w]) for w in "ESWN"] for t in seating]


def _import(db: Path, path: Path, lines: Sequence[Mapping[str, Any]]) -> tuple[int, str, str]:
    path.write_text("".join(json.dumps(x, ensure_ascii=False) + "\n" for x in lines), encoding="utf-8")
    return _run(db, "results", "import", str(path))


# --- what every system shares ----------------------------------------------------------------------------


@dataclass(frozen=True)
class Hand:
    """One hand as the test plays it: its result line (without session/table/hand), the changes the rules
    give, and who won (in order), for the dealer's rotation."""

    line: dict[str, Any]
    deltas: Deltas
    winners: tuple[int, ...] = ()


def add(*parts: Deltas) -> Deltas:
    return (sum(p[0] for p in parts), sum(p[1] for p in parts), sum(p[2] for p in parts), sum(p[3] for p in parts))


def pay(payer: int, payee: int, amount: int) -> Deltas:
    d = [0, 0, 0, 0]
    d[payer] -= amount
    d[payee] += amount
    return (d[0], d[1], d[2], d[3])


def others(seat: int, among: Sequence[int] = (0, 1, 2, 3)) -> list[int]:
    return [p for p in among if p != seat]


def next_dealer_003(dealer: int, winners: Sequence[int]) -> int:
    """Source 003 (Hebei, and Guangdong's 庄家胡牌或者流局继续坐庄): 庄家胡牌，则庄家继续做庄，闲家胡牌，则庄家
    的下一家坐庄。荒庄，则庄家继续坐庄 — several winners on one discard: the dealer stays if one of them deals."""
    return dealer if not winners or dealer in winners else (dealer + 1) % 4


def next_dealer_sichuan(dealer: int, winners: Sequence[int]) -> int:
    """先胡者坐庄: the hand's first winner deals next; nobody won, the dealer stays."""
    return winners[0] if winners else dealer


def table_points(points: Sequence[int]) -> list[float]:
    """4/2/1/0 by the session's points; tied players share the points of the places they hold."""
    ranked = sorted(points, reverse=True)
    return [sum((4, 2, 1, 0)[ranked.index(p):ranked.index(p) + ranked.count(p)]) / ranked.count(p) for p in points]


def _lines(hands: Sequence[Hand], table: int, first: int = 1) -> list[dict[str, Any]]:
    return [{"session": 1, "table": table, "hand": k, **h.line} for k, h in enumerate(hands, start=first)]


def _check_session(db: Path, tables: list[list[str]], plays: list[list[Hand]],
                   next_dealer: Callable[[int, Sequence[int]], int], *, rounds: bool) -> None:
    """Every hand's dealer, changes and points after it in ``results list``, then each player's session points
    and table points in ``standings``, against the test's own computation."""
    listed = json.loads(_cli(db, "results", "list", "--format", "json"))
    expected_points: dict[str, int] = {}
    expected_tp: dict[str, float] = {}
    for t, (numbers, hands) in enumerate(zip(tables, plays, strict=True), start=1):
        rows = sorted((r for r in listed if r["table"] == t and r["type"] != "time_called"), key=lambda r: r["hand"])
        assert [r["hand"] for r in rows] == list(range(1, len(hands) + 1))
        dealer, moves, scores = 0, 0, ZERO
        for row, h in zip(rows, hands, strict=True):
            where = f"table {t} hand {row['hand']}"
            assert str(row["dealer"]) == numbers[dealer], where
            if rounds:  # the dealer moved `moves` times: the prevailing wind and the dealer's seat, as Riichi's
                assert row["round"] == f"{'ESWN'[moves // 4]}{dealer + 1}", where
            else:  # the dealer's seat at least
                assert row["round"][1:] == str(dealer + 1), where
            assert {str(k): v for k, v in row["deltas"].items()} == dict(zip(numbers, h.deltas, strict=True)), where
            _check_contract(row)
            scores = add(scores, h.deltas)
            assert {str(k): v for k, v in row["scores"].items()} == dict(zip(numbers, scores, strict=True)), where
            new = next_dealer(dealer, h.winners)
            moves += new != dealer
            dealer = new
        expected_points.update(zip(numbers, scores, strict=True))
        expected_tp.update(zip(numbers, table_points(scores), strict=True))
    assert _cli(db, "check").strip() == "check: no problems"
    standings = json.loads(_cli(db, "standings", "--format", "json"))
    assert len(standings) == 8
    for r in standings:
        n = str(r["number"])
        [s] = r["sessions"]  # MCR's columns: table points, and the session's points as match points
        assert (s["match_points"], s["table_points"]) == (expected_points[n], expected_tp[n]), n
        assert (r["match_points"], r["table_points"]) == (expected_points[n], expected_tp[n]), n
    ranked = [(r["table_points"], r["match_points"]) for r in standings]
    assert ranked == sorted(ranked, reverse=True)
    # the export restored into a new file plays the same hands to the same standings
    _cli(db, "export", str(db.with_suffix(".json")))
    copy = db.with_name("copy.mcr")
    _cli(copy, "import", str(db.with_suffix(".json")))
    assert json.loads(_cli(copy, "standings", "--format", "json")) == standings
    assert json.loads(_cli(copy, "results", "list", "--format", "json")) == listed


PAYMENT_KINDS = {"win", "horse", "kong", "chicken", "hot_kong", "flower_pig", "not_ready", "refund"}


def _check_contract(row: Mapping[str, Any]) -> None:
    """What docs/rule-systems.md "Answers" promises of a hand beyond its numbers: each winner's ``total`` and
    ``fans`` ({"id", "zh", "en", "value"}), and a ``breakdown`` of the listed kinds that adds up to the changes."""
    events = row.get("events", [row])
    won = [w for e in events for w in e.get("winners", [e] if e["type"] == "tsumo" else [])]
    for w in won:
        assert isinstance(w["total"], int) and all(set(f) == {"id", "zh", "en", "value"} for f in w["fans"]), w
    payments = row.get("breakdown", [])  # a hand where nothing was paid (a draw) has none
    assert {x["kind"] for x in payments} <= PAYMENT_KINDS, payments
    total = {k: sum(x["deltas"][k] for x in payments) for k in row["deltas"]}
    assert total == row["deltas"] or (not payments and not any(row["deltas"].values())), (row["hand"], payments)


def _play(db: Path, tmp_path: Path, tables: list[list[str]], plays: list[list[Hand]]) -> None:
    lines = [x for t, hands in enumerate(plays, start=1) for x in _lines(hands, t)]
    code, out, err = _import(db, tmp_path / "hands.jsonl", lines)
    assert (code, err) == (0, ""), out + err
    assert f"{len(lines)} recorded" in out
    for t in range(1, len(tables) + 1):
        _cli(db, "results", "sign-off", "--session", "1", "--table", str(t))


# --- Guangdong 推倒胡 ----------------------------------------------------------------------------------------
# Source 003 广东麻将规则说明 and docs/rule-systems.md "Guangdong 推倒胡": score = (sum of the hand types) ×
# doublings × base (base 1 here); 自摸 ×2, 硬胡 (no tile of the joker's kind in the hand, a joker in play) ×2;
# a discard win paid by the discarder alone, a self-drawn one by each of the three others; kongs paid at once
# (点杠 3 from its discarder, 补杠 1 and 暗杠 2 from each other player), on a draw too.

HORSE_STEP = {"1": 0, "5": 0, "9": 0, "E": 0, "2": 1, "6": 1, "S": 1, "C": 1, "3": 2, "7": 2, "W": 2, "F": 2,
              "4": 3, "8": 3, "N": 3, "P": 3}


def gd_total(types: int, *, self_drawn: bool, hard: bool) -> int:
    return types * (2 if self_drawn else 1) * (2 if hard else 1)


def horse_hit(tile: str, start: int) -> int:
    """赢家 1、5、9 东风; 下家 2、6、南风、红中; 对家 3、7、西风、发财; 上家 4、8、北风、白板 — counted from ``start``
    (the winner; the discarder when several win on one discard)."""
    return (start + HORSE_STEP[tile[0]]) % 4


def gd_win(winner: int, payers: Mapping[int, int], horses: Mapping[int, Sequence[str]], start: int) -> Deltas:
    """One win and its horses: 买中胡牌玩家 the holder wins one more share as the winner, 由输分玩家支付; 买中输分
    玩家 the holder loses one more share as that loser, to the winner; no one pays himself; a horse on a player
    who neither won nor paid counts nothing."""
    parts = [pay(p, winner, a) for p, a in payers.items()]
    for holder, tiles in horses.items():
        for tile in tiles:
            hit = horse_hit(tile, start)
            if hit == winner:
                parts += [pay(p, holder, a) for p, a in payers.items() if p != holder]
            elif hit in payers and holder != winner:
                parts.append(pay(holder, winner, payers[hit]))
    return add(ZERO, *parts)


def gd_kong(kind: str, player: int, discarder: int | None = None) -> Deltas:
    if kind == "melded":
        assert discarder is not None
        return pay(discarder, player, 3)
    return add(ZERO, *(pay(p, player, 1 if kind == "added" else 2) for p in others(player)))


def _guangdong_hands(p: list[str]) -> list[Hand]:
    h1_horses = {0: ["2m"], 1: ["3p"], 2: ["1s", "4m"], 3: ["6p"]}
    h2_horses = {0: ["5m"], 1: ["9p", "2p"], 2: ["7s"], 3: ["8s"]}
    h3_horses = {0: ["7m"], 2: ["5p"], 3: ["4p"]}
    w_a = gd_total(8, self_drawn=False, hard=True)  # 碰碰胡 8 (111m 555s 777s 333p CC); no 6m: 硬胡
    w_b = gd_total(8, self_drawn=False, hard=False)  # 混一色 8 (123 456 789m EEE CC), its 6m the joker's kind
    t2 = gd_total(8, self_drawn=True, hard=False)  # 碰碰胡 8 with the joker 4s as 7s, self-drawn
    t3 = gd_total(16, self_drawn=False, hard=True)  # 清一色 16 (dots only), no 3m: 硬胡
    return [
        # dealer E; a double win on S's discard of a red dragon, the horses counted from the discarder
        Hand({"type": "ron", "discarder": p[1], "joker": "5m", "horses": _by_number(p, h1_horses),
              "winners": [{"player": p[2], "hand": "111m555777s333pCC"}, {"player": p[3], "hand": "123456789mEEECC"}]},
             add(gd_win(2, {1: w_a}, h1_horses, start=1), gd_win(3, {1: w_b}, h1_horses, start=1)), (2, 3)),
        # dealer S (E's winners were not the dealer) self-drawn with a joker; a kong of each kind by the others
        Hand({"type": "tsumo", "winner": p[1], "tiles": "111m477s2229pEEE9p", "joker": "3s",
              "horses": _by_number(p, h2_horses),
              "kongs": [{"player": p[0], "kind": "melded", "discarder": p[2]}, {"player": p[3], "kind": "added"},
                        {"player": p[2], "kind": "concealed"}]},
             add(gd_win(1, {0: t2, 2: t2, 3: t2}, h2_horses, start=1), gd_kong("melded", 0, 2),
                 gd_kong("added", 3), gd_kong("concealed", 2)), (1,)),
        # the dealer S wins on E's discard, no joker in the hand (硬胡)
        Hand({"type": "ron", "discarder": p[0], "joker": "2m", "horses": _by_number(p, h3_horses),
              "winners": [{"player": p[1], "hand": "1234555678999p9p"}]},
             gd_win(1, {0: t3}, h3_horses, start=1), (1,)),
        # a draw: the dealer stays; N's concealed kong is paid all the same
        Hand({"type": "draw", "kongs": [{"player": p[3], "kind": "concealed"}]}, gd_kong("concealed", 3)),
    ]


def _by_number(p: list[str], by_seat: Mapping[int, Sequence[str]]) -> dict[str, list[str]]:
    return {p[s]: list(v) for s, v in by_seat.items()}


def test_a_guangdong_event_with_horses_a_double_win_kongs_and_a_refused_chicken_hand(tmp_path: Path) -> None:
    db, tables = _event(tmp_path, "guangdong-tuidaohu", 4, "horses=2")
    plays = [_guangdong_hands(p) for p in tables]
    lines = _lines(plays[0][:3], 1) + _lines(plays[1], 2)
    code, out, err = _import(db, tmp_path / "first.jsonl", lines)
    assert (code, err) == (0, ""), out + err
    before = _cli(db, "results", "list", "--format", "json")
    # 鸡胡只能自摸或者抢杠胡: a chicken hand (123m 234s 789s 456p 55m) on a discard is refused, nothing written
    p = tables[0]
    chicken = {"session": 1, "table": 1, "hand": 4, "type": "ron", "discarder": p[0],
               "winners": [{"player": p[1], "hand": "123m5m234789s456p5m"}]}
    code, out, err = _import(db, tmp_path / "chicken.jsonl", [chicken])
    assert code == 1 and "0 recorded" in out and "1 rejected" in out
    assert len(err.strip().splitlines()) == 1 and "鸡胡" in err and "Traceback" not in err, err
    assert _cli(db, "results", "list", "--format", "json") == before
    code, out, err = _import(db, tmp_path / "last.jsonl", _lines(plays[0][3:], 1, first=4))
    assert (code, err) == (0, ""), out + err
    for t in (1, 2):
        _cli(db, "results", "sign-off", "--session", "1", "--table", str(t))
    _check_session(db, tables, plays, next_dealer_003, rounds=True)


# --- Sichuan 血战到底 -------------------------------------------------------------------------------------------
# docs/rule-systems.md "Sichuan 血战到底" (base 1, cap 3): each payer pays 2^min(fan, 3); a discard win by the
# discarder, a self-drawn one by every player still in, one base more each (自摸加底); kongs at once (直杠 2
# from the discarder, 补杠 1 and 暗杠 2 from each player still in); at the wall's end, among the players still
# in: 查花猪 a flower pig pays the cap (8) to each other player not a flower pig, 查大叫 each player neither
# ready nor a pig pays each ready player 2^min(best waiting fan, 3), 退税 every kong of a player not ready is
# given back to whoever paid it.

CAP = 3


@dataclass
class Xuezhan:
    """One Sichuan hand played event by event."""

    out: list[int]  # the winners, in order
    kongs: list[tuple[int, dict[int, int]]]  # each kong's owner and what each payer paid
    deltas: Deltas = ZERO

    def still_in(self) -> list[int]:
        return [p for p in range(4) if p not in self.out]

    def kong(self, player: int, kind: str, discarder: int | None = None) -> None:
        paid = {discarder: 2} if kind == "melded" and discarder is not None else {
            p: 1 if kind == "added" else 2 for p in others(player, self.still_in())}
        self.kongs.append((player, paid))
        self.deltas = add(self.deltas, *(pay(p, player, a) for p, a in paid.items()))

    def tsumo(self, winner: int, fan: int) -> None:
        self.deltas = add(self.deltas, *(pay(p, winner, 2 ** min(fan, CAP) + 1)
                                         for p in others(winner, self.still_in())))
        self.out.append(winner)

    def ron(self, discarder: int, winners: Mapping[int, int]) -> None:
        self.deltas = add(self.deltas, *(pay(discarder, w, 2 ** min(fan, CAP)) for w, fan in winners.items()))
        self.out.extend(winners)

    def wall_end(self, ready: Mapping[int, int], pigs: Sequence[int]) -> None:
        live = self.still_in()
        parts = [pay(pig, p, 2 ** CAP) for pig in pigs for p in live if p not in pigs]
        parts += [pay(p, r, 2 ** min(fan, CAP)) for p in live if p not in ready and p not in pigs
                  for r, fan in ready.items()]
        parts += [pay(owner, p, a) for owner, paid in self.kongs if owner in live and owner not in ready
                  for p, a in paid.items()]
        self.deltas = add(self.deltas, *parts)


def _sichuan_hands(p: list[str]) -> list[Hand]:
    def voids(*suits: str) -> dict[str, str]:
        return dict(zip(p, suits, strict=True))

    h1 = Xuezhan([], [])
    h1.kong(2, "concealed")
    h1.tsumo(0, 0)  # 平胡 0: 123 456 789m 234p 99m, two suits, no four of a kind
    h1.ron(2, {1: 1, 3: 2})  # S typed from the sheet, fan 1; N 清一色 2 (123 345 678 999p 55p)
    h2 = Xuezhan([], [])
    h2.kong(0, "added")  # E, a flower pig at the end: given back too
    h2.kong(3, "melded", 1)
    h2.kong(2, "concealed")
    h2.ron(0, {1: 2})  # 七对 2 (11 55 77 99m 22 44 66p), two suits, no four
    # N ready on 6s or 9s: [2222m] 333m 456s 78s 99m, 平胡 0 + 根 1 (the kong) = 1 either way; E a flower pig,
    # W neither: E's and W's kongs go back, N's stays
    h2.wall_end({3: 1}, [0])
    h3 = Xuezhan([], [])
    h3.wall_end({0: 2}, [])  # E ready, typed from the sheet: fan 2
    h4 = Xuezhan([], [])
    h4.ron(3, {2: 0})  # 平胡 0: 234 567 888m 333s 44s
    h4.wall_end({}, [])
    return [
        Hand({"type": "hand", "void": voids("s", "s", "m", "m"), "events": [
            {"type": "kong", "player": p[2], "kind": "concealed"},
            {"type": "tsumo", "winner": p[0], "tiles": "1234567899m234p9m"},
            {"type": "ron", "discarder": p[2], "winners": [{"player": p[1], "fan": 1},
                                                           {"player": p[3], "hand": "1233455678999p5p"}]}]},
             h1.deltas, tuple(h1.out)),
        Hand({"type": "hand", "void": voids("s", "s", "m", "p"), "events": [
            {"type": "kong", "player": p[0], "kind": "added"},
            {"type": "kong", "player": p[3], "kind": "melded", "discarder": p[1]},
            {"type": "kong", "player": p[2], "kind": "concealed"},
            {"type": "ron", "discarder": p[0], "winners": [{"player": p[1], "hand": "11557799m22466p4p"}]},
            {"type": "wall_end", "ready": [{"player": p[3], "hand": "[2222m2]33399m45678s"}], "pigs": [p[0]]}]},
             h2.deltas, tuple(h2.out)),
        Hand({"type": "hand", "events": [{"type": "wall_end", "ready": [{"player": p[0], "fan": 2}], "pigs": []}]},
             h3.deltas, tuple(h3.out)),
        Hand({"type": "hand", "void": voids("s", "s", "p", "m"), "events": [
            {"type": "ron", "discarder": p[3], "winners": [{"player": p[2], "hand": "234567888m333s4s4s"}]},
            {"type": "wall_end", "ready": [], "pigs": []}]},
             h4.deltas, tuple(h4.out)),
    ]


def test_a_sichuan_event_with_three_winners_a_refunded_kong_and_both_wall_end_checks(tmp_path: Path) -> None:
    db, tables = _event(tmp_path, "sichuan-xuezhan", 4)
    plays = [_sichuan_hands(p) for p in tables]
    # the computation itself, by hand: hand 1 E +4 (6 - 2), S -2, W -2, N 0; hand 2 E -20, S +2, W +6, N +12
    assert [h.deltas for h in plays[0][:2]] == [(4, -2, -2, 0), (-20, 2, 6, 12)]
    _play(db, tmp_path, tables, plays)
    _check_session(db, tables, plays, next_dealer_sichuan, rounds=False)


# --- Hebei ------------------------------------------------------------------------------------------------------
# Source 003 河北麻将 and docs/rule-systems.md "Hebei": 基础分 the dealer self-drawn 4 from each, a non-dealer
# self-drawn 4 from the dealer and 2 from each other, the dealer on a discard 8, a non-dealer on the dealer's
# discard 6, on a non-dealer's 5 (只有放炮家输分); each payer pays its share + the fans; kongs at the end of a won
# hand (放杠 3 from the discarder, 明杠 1 and 暗杠 2 from each other player); 荒庄时，不计杠分.


def hebei_win(winner: int, dealer: int, fans: int, discarder: int | None = None) -> Deltas:
    if discarder is None:
        shares = {p: 4 if dealer in (winner, p) else 2 for p in others(winner)}
    else:
        shares = {discarder: 8 if winner == dealer else 6 if discarder == dealer else 5}
    return add(ZERO, *(pay(p, winner, a + fans) for p, a in shares.items()))


def hebei_kong(kind: str, player: int, discarder: int | None = None) -> Deltas:
    if kind == "melded":
        assert discarder is not None
        return pay(discarder, player, 3)
    return add(ZERO, *(pay(p, player, 1 if kind == "added" else 2) for p in others(player)))


def _hebei_hands(p: list[str]) -> list[Hand]:
    return [
        # dealer E self-drawn, no fan (a melded pung: not 门清; three suits; no 123-456-789)
        Hand({"type": "tsumo", "winner": p[0], "tiles": "[555p1]234678m3459s9s"}, hebei_win(0, 0, 0), (0,)),
        # S on the dealer E's discard: 门清 2
        Hand({"type": "ron", "discarder": p[0], "winners": [{"player": p[1], "hand": "234678m3459s567p9s"}]},
             hebei_win(1, 0, 2, discarder=0), (1,)),
        # dealer S; W on N's discard: 碰碰胡 3 (not 门清: a melded pung), W's own concealed kong of 3p, and the
        # others' kongs listed
        Hand({"type": "ron", "discarder": p[3], "winners": [{"player": p[2], "hand": "[111m1][3333p]9m555777s9m"}],
              "kongs": [{"player": p[0], "kind": "melded", "discarder": p[1]}, {"player": p[3], "kind": "added"},
                        {"player": p[1], "kind": "concealed"}]},
             add(hebei_win(2, 1, 3, discarder=3), hebei_kong("concealed", 2), hebei_kong("melded", 0, 1),
                 hebei_kong("added", 3), hebei_kong("concealed", 1)), (2,)),
        # dealer W; a draw: the dealer stays
        Hand({"type": "draw"}, ZERO),
        # N self-drawn, not the dealer: 门清 2
        Hand({"type": "tsumo", "winner": p[3], "tiles": "5679m345s234678p9m"}, hebei_win(3, 2, 2), (3,)),
        # dealer N on E's discard: 青一色 3 (a melded pung of 2m, 345 678 999m 11m)
        Hand({"type": "ron", "discarder": p[0], "winners": [{"player": p[3], "hand": "[222m2]1345678999m1m"}]},
             hebei_win(3, 3, 3, discarder=0), (3,)),
    ]


def test_a_hebei_event_with_the_dealer_moving_kongs_and_a_draw(tmp_path: Path) -> None:
    db, tables = _event(tmp_path, "hebei", 6)
    plays = [_hebei_hands(p) for p in tables]
    assert plays[0][2].deltas == (-2, 0, 11, -9)  # hand 3 by hand: W +8 +6 -1 -2, N -8 -2 +3, ...
    _play(db, tmp_path, tables, plays)
    _check_session(db, tables, plays, next_dealer_003, rounds=True)


# --- Nanchang -----------------------------------------------------------------------------------------------
# Source 003 南昌麻将算子规则, each row as written: (a non-dealer self-drawn: each non-dealer, the dealer),
# (the dealer self-drawn: each), (捉闲放炮: the discarder, the dealer, the other), (捉庄放炮: the dealer, each
# other). The dealer winning on a discard (docs/rule-systems.md "Nanchang"): the discarder pays the 捉庄放炮
# dealer's share, each other player the 捉闲放炮 dealer's share.

NANCHANG = {
    "平胡": ((2, 4), 4, (2, 2, 1), (4, 1)),
    "德国": ((9, 13), 13, (9, 4, 2), (13, 2)),
    "小七对": ((4, 8), 8, (4, 4, 2), (8, 2)),
    "大七对": ((8, 16), 16, (8, 8, 4), (16, 4)),
    "德国七星": ((21, 37), 37, (21, 16, 8), (37, 8)),
    "德国大七对": ((21, 37), 37, (21, 16, 8), (37, 8)),
    "烂": ((4, 8), 8, (4, 4, 2), (8, 2)),
    "德国十三烂": ((13, 21), 21, (13, 8, 4), (21, 4)),
}


def nanchang_win(kind: str, winner: int, dealer: int, discarder: int | None = None) -> Deltas:
    (nd_each, nd_dealer), dealer_each, (d_disc, d_dealer, d_other), (dd_dealer, dd_other) = NANCHANG[kind]
    shares: dict[int, int] = {}
    for p in others(winner):
        if discarder is None:
            shares[p] = dealer_each if winner == dealer else nd_dealer if p == dealer else nd_each
        elif winner == dealer:
            shares[p] = dd_dealer if p == discarder else d_dealer
        elif discarder == dealer:
            shares[p] = dd_dealer if p == dealer else dd_other
        else:
            shares[p] = d_disc if p == discarder else d_dealer if p == dealer else d_other
    return add(ZERO, *(pay(p, winner, a) for p, a in shares.items()))


def _nanchang_hands(p: list[str], table: int) -> list[Hand]:
    def tsumo(w: int, kind: str, dealer: int) -> Hand:
        return Hand({"type": "tsumo", "winner": p[w], "hand_type": kind}, nanchang_win(kind, w, dealer), (w,))

    def ron(w: int, d: int, kind: str, dealer: int) -> Hand:
        return Hand({"type": "ron", "discarder": p[d], "winners": [{"player": p[w], "hand_type": kind}]},
                    nanchang_win(kind, w, dealer, d), (w,))

    draw = Hand({"type": "draw"}, ZERO)
    if table == 1:  # each case of the table, the dealer moving E, E, S, W, N, N
        return [tsumo(0, "平胡", 0), tsumo(1, "德国", 0), ron(2, 3, "小七对", 1), ron(3, 2, "大七对", 2),
                ron(3, 0, "德国七星", 3), draw]
    # E +111, then S and W tie at -29: they share 2nd and 3rd (1.5 each)
    return [tsumo(0, "德国大七对", 0), tsumo(1, "烂", 0), ron(2, 1, "烂", 1), draw, draw, draw]


def test_a_nanchang_event_with_every_case_of_its_table_and_a_tie(tmp_path: Path) -> None:
    db, tables = _event(tmp_path, "nanchang", 6)
    plays = [_nanchang_hands(p, t) for t, p in enumerate(tables, start=1)]
    # the cells by hand (source: 捉闲放炮的闲家2个庄家2个闲家1个 ..., and 4 + 2 + 2 for the dealer on a discard)
    assert [h.deltas for h in plays[0]] == [(12, -4, -4, -4), (-13, 31, -9, -9), (-2, -4, 10, -4),
                                            (-4, -4, -16, 24), (-37, -16, -16, 69), ZERO]
    assert table_points(add(*(h.deltas for h in plays[1]))) == [4.0, 1.5, 1.5, 0.0]
    _play(db, tmp_path, tables, plays)
    _check_session(db, tables, plays, next_dealer_003, rounds=True)


SCRIPTS: dict[str, tuple[int, Callable[[list[str], int], list[Hand]], tuple[str, ...]]] = {
    "guangdong-tuidaohu": (4, lambda p, _t: _guangdong_hands(p), ("horses=2",)),
    "sichuan-xuezhan": (4, lambda p, _t: _sichuan_hands(p), ()),
    "hebei": (6, lambda p, _t: _hebei_hands(p), ()),
    "nanchang": (6, _nanchang_hands, ()),
}


@pytest.mark.parametrize("profile", list(SCRIPTS))
def test_results_list_as_text_and_csv_shows_every_hand_of_a_chinese_system(tmp_path: Path, profile: str) -> None:
    hands, script, rules = SCRIPTS[profile]
    db, tables = _event(tmp_path, profile, hands, *rules)
    _play(db, tmp_path, tables, [script(p, t) for t, p in enumerate(tables, start=1)])
    for fmt in ("text", "csv"):
        code, out, err = _run(db, "results", "list", "--format", fmt)
        assert (code, err) == (0, ""), (fmt, err)
        assert len(out.strip().splitlines()) >= 2 * hands, (fmt, out)  # a row per hand of each table


# --- Guiyang 捉鸡 (the organiser's chicken values typed at init) ---------------------------------------------
# Source 003 贵阳捉鸡 and docs/rule-systems.md "Guiyang": 平胡 10, 大对子 30, 七对 40, 清一色 50 (清七对 90); a
# self-drawn win paid by each of the three others, a discard win by the discarder; 闷豆 (a concealed kong) 20 from
# each other player; 热炮 after the discarder's concealed kong 60 from the discarder; each chicken counted to a
# player paid by every other player (chicken=1 here), the 冲锋鸡 (charging=2) likewise to its discarder; the
# winner deals next, a draw keeps the dealer.

GUIYANG_RULES = ("chicken=1", "charging_chicken=2", "responsible_chicken=3")


def each_pays(payee: int, amount: int) -> Deltas:
    return add(*(pay(p, payee, amount) for p in others(payee)))


def _guiyang_hands(p: list[str]) -> list[Hand]:
    return [
        # S self-draws a 平胡 (chows and a pair, two suits): 10 from each; W was counted one chicken
        Hand({"type": "tsumo", "winner": p[1], "tiles": "123m456m789m234p5p5p", "chickens": {p[2]: 1}},
             add(each_pays(1, 10), each_pays(2, 1)), (1,)),
        # N on E's discard: 清七对 90 from E; W's concealed kong 20 from each
        Hand({"type": "ron", "discarder": p[0], "winners": [{"player": p[3], "hand": "11p22p33p44p55p66p77p"}],
              "kongs": [{"player": p[2], "kind": "concealed"}]},
             add(pay(0, 3, 90), each_pays(2, 20)), (3,)),
        # a draw: nothing paid, N deals again
        Hand({"type": "draw"}, ZERO),
        # E on W's discard after W's concealed kong (热炮): 大对子 30 + 60 from W; two chickens counted to S, the
        # charging chicken to N
        Hand({"type": "ron", "discarder": p[2], "hot_kong": "concealed", "chickens": {p[1]: 2},
              "charging_chicken": p[3], "winners": [{"player": p[0], "hand": "111m222p333s444m55p"}]},
             add(pay(2, 0, 30), pay(2, 0, 60), each_pays(1, 2), each_pays(3, 2)), (0,)),
    ]


def test_a_guiyang_event_with_chickens_a_hot_kong_and_the_winner_dealing_next(tmp_path: Path) -> None:
    db, tables = _event(tmp_path, "guiyang-zhuoji", 4, *GUIYANG_RULES)
    plays = [_guiyang_hands(p) for p in tables]
    assert plays[0][3].deltas == (86, 4, -94, 4)  # by hand: E +30 +60 -2 -2, S +6 -2, W -30 -60 -2 -2, N -2 +6
    _play(db, tmp_path, tables, plays)
    _check_session(db, tables, plays, next_dealer_sichuan, rounds=False)  # the winner deals: 胡牌者接庄


# --- Guangdong 鸡平胡 (the organiser's 番 typed at init) ------------------------------------------------------
# Source 003 广东麻将鸡平胡: 番 is ×2 each, the cap 爆胡 3 番, 十三幺 past it; the losers pay (a self-drawn win each
# of the three others, a discard its discarder; several winners on one discard each alone); the dealer stays on
# a win (also among several winners) or a draw, else the next player deals.

JIPINGHU_FAN = {"jihu": 0, "pinghu": 1, "duiduihu": 2, "hunyise": 2, "qingyise": 3, "ziyise": 4, "hunyaojiu": 3,
                "xiaosanyuan": 3, "dasanyuan": 4, "xiaosixi": 4, "dasixi": 5, "shisanyao": 6}


def jph_points(*types: str) -> int:
    fan = sum(JIPINGHU_FAN[t] for t in types)
    return 2 ** (fan if "shisanyao" in types else min(fan, 3))


def _jipinghu_hands(p: list[str]) -> list[Hand]:
    return [
        # W self-draws a 平胡 (1 番): 2 from each; the dealer E did not win: S deals
        Hand({"type": "tsumo", "winner": p[2], "hand_type": "pinghu"}, each_pays(2, jph_points("pinghu")), (2,)),
        # E discards to S (混一色 + 对对胡 = 4 番, paid at the cap: 8) and N (鸡胡 0 番: 1): the dealer S stays
        Hand({"type": "ron", "discarder": p[0], "winners": [{"player": p[3], "hand_type": "jihu"},
                                                            {"player": p[1], "hand_type": ["hunyise", "duiduihu"]}]},
             add(pay(0, 1, jph_points("hunyise", "duiduihu")), pay(0, 3, jph_points("jihu"))), (1, 3)),
        Hand({"type": "draw"}, ZERO),
        # N on S's discard with 十三幺 (6 番, past the cap: 64); the dealer S did not win: W deals
        Hand({"type": "ron", "discarder": p[1], "winners": [{"player": p[3], "hand_type": "十三幺"}]},
             pay(1, 3, jph_points("shisanyao")), (3,)),
    ]


def test_a_jipinghu_event_with_the_cap_thirteen_orphans_past_it_and_two_winners(tmp_path: Path) -> None:
    rules = [f"fan_{t}={v}" for t, v in JIPINGHU_FAN.items()]
    db, tables = _event(tmp_path, "guangdong-jipinghu", 4, *rules)
    plays = [_jipinghu_hands(p) for p in tables]
    assert plays[0][1].deltas == (-9, 8, 0, 1) and plays[0][3].deltas == (0, -64, 0, 64)
    _play(db, tmp_path, tables, plays)
    _check_session(db, tables, plays, next_dealer_003, rounds=True)
