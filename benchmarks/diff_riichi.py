"""Differential run: our Riichi scorer (``scoring.riichi``) against a second calculator, ``mahjong-utils``.

    .venv/bin/python benchmarks/diff_riichi.py --other-python /tmp/mu-venv/bin/python [--count N] [--seed S]

``mahjong-utils`` (PyPI, a Kotlin engine run in V8 through ``mini-racer``) pins pydantic 1, so it never
enters the project's environment: it runs in another interpreter, given by ``--other-python`` or the
environment variable ``MU_PYTHON``, as a child process that answers one JSON line per hand. Set it up once:

    python3 -m venv /tmp/mu-venv && /tmp/mu-venv/bin/pip install mahjong-utils

For each preset (EMA 2016, EMA 2025, WRC 2022, Tenhou) ``COUNT`` (default 2,000) winning hands are generated
from ``SEED``: closed and open hands (chows, pungs, open and concealed kans), seven pairs, thirteen orphans,
nine gates and hands built for the yakuman, each won by tsumo or ron in a random seat and round, with
riichi, double riichi, ippatsu, the last tile, a kan's tile, dora and ura indicators, and red fives under
Tenhou. A hand our scorer refuses (no yaku) is replaced by the next one. Both sides score every hand under
the same rules (each preset's open tanyao, kiriage, kazoe, stacking and double yakuman and double-wind pair
fu are options of ``mahjong-utils``) and are compared on han, fu, yakuman, limit, the set of yaku (dora,
ura and red fives, which ``mahjong-utils`` takes as one count, by their han only) and the four players'
payments (no honba, no deposits: it has neither).

Every difference is put in a class (``CLASSES``, the table in docs/riichi.md says which are the other
library's bugs); the run prints the agreement per preset and each class with its count per preset and one
example. Exit status 1 when a difference falls in no known class.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import subprocess
import sys
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from scoring.errors import HandError  # noqa: E402
from scoring.riichi import PRESETS, RiichiPreset, Situation  # noqa: E402
from scoring.riichi.presets import Kazoe, Yakuman  # noqa: E402
from scoring.riichi.score import score  # noqa: E402

SETUP = ("mahjong-utils runs in another interpreter (it pins pydantic 1); set it up once with\n"
         "    python3 -m venv /tmp/mu-venv && /tmp/mu-venv/bin/pip install mahjong-utils\n"
         "and give it as --other-python /tmp/mu-venv/bin/python (or MU_PYTHON=/tmp/mu-venv/bin/python)")

# The child: one JSON request a line in, one JSON answer a line out (an error is an answer too).
WORKER = r"""
import json, sys
from mahjong_utils.hora import build_hora, HoraOptions
from mahjong_utils.models.furo import Furo
from mahjong_utils.models.tile import Tile, parse_tiles
from mahjong_utils.models.wind import Wind
from mahjong_utils.yaku import get_yaku
for line in sys.stdin:
    q = json.loads(line)
    try:
        h = build_hora(parse_tiles(q["tiles"]), [Furo.parse(parse_tiles(t), ankan=a) for t, a in q["furo"]],
                       Tile.by_text(q["agari"]), q["tsumo"], dora=q["dora"], self_wind=Wind[q["self_wind"]],
                       round_wind=Wind[q["round_wind"]], extra_yaku={get_yaku(y) for y in q["extra"]},
                       options=HoraOptions(**q["options"]))
        out = {"han": h.han, "hu": h.hu, "yaku": sorted(y.name for y in h.yaku), "yakuman": h.has_yakuman,
               "parent": list(h.parent_point), "child": list(h.child_point)}
    except Exception as e:
        out = {"error": f"{type(e).__name__}: {e}"}
    print(json.dumps(out), flush=True)
"""

WINDS = ("E", "S", "W", "N")
_MU_WIND = {"E": "east", "S": "south", "W": "west", "N": "north"}
# our yaku ids (Tenhou's names) -> mahjong-utils' names; dora, ura and red fives are a count there
MU_YAKU = {
    "menzen_tsumo": "tsumo", "riichi": "richi", "ippatsu": "ippatsu", "chankan": "chankan", "rinshan": "rinshan",
    "haitei": "haitei", "houtei": "houtei", "pinfu": "pinhu", "tanyao": "tanyao", "iipeiko": "ipe",
    "haku": "haku", "hatsu": "hatsu", "chun": "chun", "daburu_riichi": "w_richi", "chiitoitsu": "chitoi",
    "chantai": "chanta", "ittsu": "ittsu", "sanshoku": "sanshoku", "sanshoku_doukou": "sandoko",
    "sankantsu": "sankantsu", "toitoi": "toitoi", "sanankou": "sananko", "shosangen": "shosangen",
    "honroto": "honroto", "ryanpeikou": "ryanpe", "junchan": "junchan", "honitsu": "honitsu",
    "chinitsu": "chinitsu", "tenhou": "tenhou", "chiihou": "chihou", "daisangen": "daisangen",
    "suuankou": "suanko", "suuankou_tanki": "suanko_tanki", "tsuuiisou": "tsuiso", "ryuuiisou": "lyuiso",
    "chinroutou": "chinroto", "chuuren_poutou": "churen", "junsei_chuuren_poutou": "churen_nine_waiting",
    "kokushi_musou": "kokushi", "kokushi_musou_13": "kokushi_thirteen_waiting", "daisuushii": "daisushi",
    "shousuushii": "shousushi", "suukantsu": "sukantsu",
    **{f"seat_wind_{w}": "self_wind" for w in ("east", "south", "west", "north")},
    **{f"round_wind_{w}": "round_wind" for w in ("east", "south", "west", "north")},
}
_COUNTED = {"dora", "ura_dora", "aka_dora"}
_FLAG_YAKU = {"riichi": "richi", "double_riichi": "w_richi", "ippatsu": "ippatsu", "haitei": "haitei",
              "houtei": "houtei", "rinshan": "rinshan", "chankan": "chankan", "tenhou": "tenhou",
              "chiihou": "chihou"}
_YAKUMAN = {"tenhou", "chihou", "kokushi", "suanko", "daisangen", "tsuiso", "shousushi", "lyuiso", "chinroto",
            "sukantsu", "churen", "daisushi", "churen_nine_waiting", "suanko_tanki", "kokushi_thirteen_waiting"}
# the total a limit hand pays, non-dealer and dealer (tsumo and ron alike)
_LIMIT_TOTALS = {8000: "mangan", 12000: "haneman", 16000: "baiman", 24000: "sanbaiman"}

# ------------------------------------------------------------------------------------------ the hands
# Tile kinds as ``mahjong`` numbers them: man 0-8, pin 9-17, sou 18-26, E S W N, white, green, red (27-33).
SUITS = "mps"
HONOURS = tuple(range(27, 34))
TERMINALS = (0, 8, 9, 17, 18, 26)
GREEN = (19, 20, 21, 23, 25, 32)


def tile_name(k: int) -> str:
    return f"{k % 9 + 1}{SUITS[k // 9]}" if k < 27 else f"{k - 26}z"


@dataclass(frozen=True, slots=True)
class Theme:
    """What a hand is drawn from: the kinds of its pungs and pair, the first tiles of its chows, how often a
    set is a chow, and the pungs it must hold."""

    name: str
    pungs: tuple[int, ...]
    chows: tuple[int, ...]
    chow_share: float
    forced: tuple[int, ...] = ()
    repeat: bool = False  # chows drawn in twos (iipeikou, ryanpeikou, the same chow three or four times)


def _suit(s: int) -> tuple[int, ...]:
    return tuple(range(9 * s, 9 * s + 9))


def _chow_starts(kinds: tuple[int, ...]) -> tuple[int, ...]:
    return tuple(k for k in kinds if k < 27 and k % 9 <= 6 and k + 2 in kinds)


def theme(rng: random.Random) -> Theme:
    """A theme at random: mostly plain hands, a share of hands built for a yaku or a yakuman."""
    every = tuple(range(34))
    simples = tuple(k for k in range(27) if 1 <= k % 9 <= 7)
    s = rng.randrange(3)
    roll = rng.random()
    if roll < 0.40:
        return Theme("plain", every, _chow_starts(every), 0.65)
    if roll < 0.52:
        return Theme("simples", simples, _chow_starts(simples), 0.6)
    if roll < 0.60:
        kinds = _suit(s) + HONOURS
        return Theme("half flush", kinds, _chow_starts(kinds), 0.5)
    if roll < 0.66:
        return Theme("full flush", _suit(s), _chow_starts(_suit(s)), 0.6)
    if roll < 0.71:
        outside = TERMINALS + HONOURS
        return Theme("outside", outside, tuple(k for k in range(27) if k % 9 in (0, 6)), 0.6)
    if roll < 0.76:
        return Theme("all pungs", every, (), 0.0)
    if roll < 0.80:
        dragons = tuple(rng.sample((31, 32, 33), rng.choice((2, 2, 3))))
        return Theme("dragons", every, _chow_starts(every), 0.5, dragons)
    if roll < 0.82:
        winds = tuple(rng.sample((27, 28, 29, 30), rng.choice((3, 4))))
        return Theme("winds", every, _chow_starts(every), 0.5, winds)
    if roll < 0.83:
        return Theme("honours", HONOURS, (), 0.0)
    if roll < 0.84:
        return Theme("terminals", TERMINALS, (), 0.0)
    if roll < 0.85:
        return Theme("green", GREEN, (19,), 0.4)
    if roll < 0.93:
        return Theme("pure double sequences", every, _chow_starts(every), 1.0, repeat=True)
    if roll < 0.98:
        return Theme("seven pairs", every, (), 0.0)
    if roll < 0.99:
        return Theme("thirteen orphans", TERMINALS + HONOURS, (), 0.0)
    return Theme("nine gates", _suit(s), (), 0.0)


@dataclass(frozen=True, slots=True)
class Case:
    """One generated hand: our notation, the other library's request (without options), and the situation."""

    label: str
    text: str
    situation: Situation
    request: dict[str, Any]


def _sets(rng: random.Random, t: Theme) -> tuple[list[tuple[str, int]], int] | None:
    """Four sets (("chow"|"pung", first kind)) and a pair, or None when a kind would have a fifth copy."""
    sets = [("pung", k) for k in t.forced]
    while len(sets) < 4:
        if t.repeat:
            sets += [("chow", rng.choice(t.chows))] * 2
        elif t.chows and rng.random() < t.chow_share:
            sets.append(("chow", rng.choice(t.chows)))
        else:
            sets.append(("pung", rng.choice(t.pungs)))
    sets = sets[:4]
    pair = rng.choice(t.pungs)
    counts = [0] * 34
    for kind, k in sets:
        for x in ((k, k + 1, k + 2) if kind == "chow" else (k, k, k)):
            counts[x] += 1
    counts[pair] += 2
    return (sets, pair) if max(counts) <= 4 else None


def _closed_special(rng: random.Random, t: Theme) -> list[int] | None:
    """The 14 tiles of seven pairs, thirteen orphans or nine gates."""
    if t.name == "seven pairs":
        kinds = rng.sample(t.pungs if rng.random() < 0.7 else _suit(rng.randrange(3)) + HONOURS, 7)
        return sorted(k for k in kinds for _ in range(2))
    if t.name == "thirteen orphans":
        return sorted([*TERMINALS, *HONOURS, rng.choice(TERMINALS + HONOURS)])
    base = t.pungs[0]
    tiles = [base] * 3 + [base + i for i in range(1, 8)] + [base + 8] * 3
    return sorted([*tiles, rng.choice(t.pungs)])


def make_case(rng: random.Random, preset: RiichiPreset) -> Case | None:
    """A winning hand and its situation, or None when the draw failed (a fifth copy)."""
    t = theme(rng)
    melds: list[tuple[str, int]] = []  # ("chi"|"pon"|"minkan"|"ankan", first kind)
    if t.name in ("seven pairs", "thirteen orphans", "nine gates"):
        concealed = _closed_special(rng, t)
        if concealed is None:
            return None
    else:
        drawn = _sets(rng, t)
        if drawn is None:
            return None
        sets, pair = drawn
        concealed = [pair, pair]
        held = [k for kind, f in sets for k in ((f, f + 1, f + 2) if kind == "chow" else (f,) * 3)] + concealed
        opened = rng.random() < 0.45
        calls = rng.choice((1, 1, 2, 2, 3, 4)) if opened else 0
        for i, (kind, k) in enumerate(sets):
            if kind == "chow":
                if i < calls:
                    melds.append(("chi", k))
                else:
                    concealed += [k, k + 1, k + 2]
            elif i < calls:  # a kong only of a kind the hand holds no other copy of
                melds.append(("minkan" if rng.random() < 0.15 and held.count(k) == 3 else "pon", k))
            elif rng.random() < 0.08 and held.count(k) == 3:
                melds.append(("ankan", k))
            else:
                concealed += [k, k, k]
        concealed.sort()
    win = rng.choice(concealed)
    standing = list(concealed)
    standing.remove(win)
    open_hand = any(m != "ankan" for m, _ in melds)
    return _situated(rng, preset, t.name, melds, standing, win, open_hand)


def _situated(rng: random.Random, preset: RiichiPreset, label: str, melds: list[tuple[str, int]],
              standing: list[int], win: int, open_hand: bool) -> Case:
    seat = rng.choice(WINDS)
    tsumo = rng.random() < 0.5
    discarder = None if tsumo else rng.choice([w for w in WINDS if w != seat])
    flags: dict[str, bool] = {}
    if not open_hand and rng.random() < 0.5:
        flags["double_riichi" if rng.random() < 0.06 else "riichi"] = True
        flags["ippatsu"] = rng.random() < 0.15
    roll = rng.random()
    kans = any(m in ("minkan", "ankan") for m, _ in melds)
    if roll < 0.04:
        flags["haitei" if tsumo else "houtei"] = True
    elif roll < 0.10 and tsumo and kans:
        flags["rinshan"] = True
    elif roll < 0.12 and not tsumo and standing.count(win) == 0 and win < 27:
        flags["chankan"] = True  # robbing a kan: the winning tile is one the winner does not hold
    elif roll < 0.125 and tsumo and not melds and not flags:
        flags["tenhou" if seat == "E" else "chiihou"] = True
    dora_kinds = [rng.randrange(34) for _ in range(rng.choice((1, 1, 1, 2, 3)))]
    ura_kinds = [rng.randrange(34) for _ in dora_kinds] if flags.get("riichi") or flags.get("double_riichi") else []
    situation = Situation(win="tsumo" if tsumo else "ron", seat=seat, discarder=discarder,
                          round=rng.choice(("E", "E", "S", "S", "W")), dora=tuple(tile_name(k) for k in dora_kinds),
                          ura=tuple(tile_name(k) for k in ura_kinds), riichi=flags.get("riichi", False),
                          double_riichi=flags.get("double_riichi", False), ippatsu=flags.get("ippatsu", False),
                          haitei=flags.get("haitei", False), houtei=flags.get("houtei", False),
                          rinshan=flags.get("rinshan", False), chankan=flags.get("chankan", False),
                          tenhou=flags.get("tenhou", False), chiihou=flags.get("chiihou", False))
    reds = _reds(rng, preset, melds, standing, win)
    text = _notation(melds, standing, win, reds)
    every = [k for m, f in melds for k in _meld_kinds(m, f)] + standing + [win]
    count = sum(_dora_count(every, i) for i in dora_kinds + ura_kinds) + len(reds)
    request = {"tiles": "".join(tile_name(k) for k in [*standing, win]),
               "furo": [["".join(tile_name(k) for k in _meld_kinds(m, f)), m == "ankan"] for m, f in melds],
               "agari": tile_name(win), "tsumo": tsumo, "dora": count, "self_wind": _MU_WIND[seat],
               "round_wind": _MU_WIND[situation.round],
               "extra": sorted(_FLAG_YAKU[k] for k, v in flags.items() if v and k in _FLAG_YAKU)}
    label = f"{label}, {'open' if open_hand else 'closed'}"
    return Case(label, text, situation, request)


def _meld_kinds(meld: str, k: int) -> list[int]:
    return [k, k + 1, k + 2] if meld == "chi" else [k] * (3 if meld == "pon" else 4)


def _dora_count(tiles: list[int], indicator: int) -> int:
    """How many of ``tiles`` the indicator makes dora: the next kind in its suit, wind or dragon cycle."""
    if indicator < 27:
        nxt = indicator - indicator % 9 + (indicator % 9 + 1) % 9
    elif indicator < 31:
        nxt = 27 + (indicator - 27 + 1) % 4
    else:
        nxt = 31 + (indicator - 31 + 1) % 3
    return tiles.count(nxt)


# a red five's place: (where, index) with where "meld" (the meld's number), "standing" or "win"
def _reds(rng: random.Random, preset: RiichiPreset, melds: list[tuple[str, int]], standing: list[int],
          win: int) -> dict[tuple[str, int], int]:
    """Which fives are written red under a preset with red fives: a four-five suit always holds its red."""
    reds: dict[tuple[str, int], int] = {}
    if not preset.red_fives:
        return reds
    for five in (4, 13, 22):
        places = [("meld", i) for i, (m, f) in enumerate(melds) for k in _meld_kinds(m, f) if k == five]
        places += [("standing", i) for i, k in enumerate(standing) if k == five]
        places += [("win", 0)] if win == five else []
        if places and (len(places) == 4 or rng.random() < 0.6):
            reds[rng.choice(places)] = five
    return reds


def _notation(melds: list[tuple[str, int]], standing: list[int], win: int, reds: dict[tuple[str, int], int]) -> str:
    """Our notation: melds in brackets (a melded kong with its offer digit), standing tiles, the winner last."""

    def name(k: int, red: bool) -> str:
        return f"0{SUITS[k // 9]}" if red else tile_name(k)

    parts = []
    for i, (m, k) in enumerate(melds):
        kinds = _meld_kinds(m, k)
        red = ("meld", i) in reds
        names = [name(x, red and x == reds[("meld", i)] and j == kinds.index(x)) for j, x in enumerate(kinds)]
        parts.append("[" + "".join(n[0] for n in names) + names[0][1] + ("1" if m == "minkan" else "") + "]")
    parts += [name(k, ("standing", i) in reds) for i, k in enumerate(standing)]
    parts.append(name(win, ("win", 0) in reds))
    return "".join(parts)


def cases(preset: RiichiPreset, seed: int) -> Iterator[Case]:
    rng = random.Random(f"{seed}-{preset.name}")
    while True:
        case = make_case(rng, preset)
        if case is not None:
            yield case


# ------------------------------------------------------------------------------------------ the two sides


def options(preset: RiichiPreset) -> dict[str, bool]:
    """The preset as ``mahjong-utils``' ``HoraOptions``."""
    return {"aotenjou": False, "allow_kuitan": preset.open_tanyao,
            "has_renpuu_jyantou_hu": preset.double_wind_pair_fu == 4, "has_kiriage_mangan": preset.kiriage,
            "has_kazoe_yakuman": preset.kazoe is Kazoe.YAKUMAN, "has_multiple_yakuman": preset.pays_double_yakuman,
            "has_complex_yakuman": preset.yakuman is not Yakuman.SINGLE}


@dataclass(frozen=True, slots=True)
class Answer:
    """Either side's answer in common terms."""

    han: int
    fu: int
    yakuman: int
    limit: str | None
    yaku: tuple[str, ...]  # mahjong-utils' names, sorted; dora, ura and red fives left out
    deltas: tuple[int, ...]  # E S W N


def ours(case: Case, preset: RiichiPreset) -> Answer | str:
    try:
        r = score(case.text, case.situation, preset)
    except HandError as e:
        return f"{e.code}: {e}"
    yaku = tuple(sorted(MU_YAKU[y.id] for y in r.yaku if y.id not in _COUNTED))
    return Answer(r.han, r.fu, r.yakuman, r.limit, yaku, tuple(r.deltas[w] for w in WINDS))


def theirs(reply: dict[str, Any], case: Case) -> Answer | str:
    if "error" in reply:
        return str(reply["error"])
    s = case.situation
    dealer = s.seat == "E"
    deltas = dict.fromkeys(WINDS, 0)
    if s.win == "ron":
        paid = reply["parent"][0] if dealer else reply["child"][0]
        deltas[s.discarder or "E"] -= paid
        deltas[s.seat] += paid
    else:
        for w in WINDS:
            if w != s.seat:
                paid = reply["parent"][1] if dealer else reply["child"][1 if w == "E" else 2]
                deltas[w] -= paid
                deltas[s.seat] += paid
    total = deltas[s.seat]
    base = total * 2 // 3 if dealer else total
    yakuman = base // 32000 if reply["yakuman"] else 0
    limit = "yakuman" if yakuman or base == 32000 else _LIMIT_TOTALS.get(base)  # 32,000 without one: kazoe
    return Answer(reply["han"], reply["hu"], yakuman, limit, tuple(reply["yaku"]),
                  tuple(deltas[w] for w in WINDS))


class Other:
    """The second calculator in its own interpreter, one JSON line per hand."""

    def __init__(self, python: str) -> None:
        self.process = subprocess.Popen([python, "-c", WORKER], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                        text=True, bufsize=1)

    def ask(self, request: dict[str, Any]) -> dict[str, Any]:
        assert self.process.stdin is not None and self.process.stdout is not None
        self.process.stdin.write(json.dumps(request) + "\n")
        line = self.process.stdout.readline()
        if not line:
            raise RuntimeError("the mahjong-utils process stopped (see its error above)")
        reply: dict[str, Any] = json.loads(line)
        return reply

    def close(self) -> None:
        assert self.process.stdin is not None
        self.process.stdin.close()
        self.process.wait(timeout=30)


# ------------------------------------------------------------------------------------------ the classes


@dataclass(frozen=True, slots=True)
class Difference:
    case: Case
    ours: Answer | str
    theirs: Answer | str


def _fields(d: Difference) -> set[str]:
    a, b = d.ours, d.theirs
    if isinstance(a, str) or isinstance(b, str):
        return {"refused"}
    return {f for f in ("han", "fu", "yakuman", "limit", "yaku", "deltas") if getattr(a, f) != getattr(b, f)}


def _yakuman_named(a: Answer) -> bool:
    return any(y in _YAKUMAN for y in a.yaku)


def _yakuman_as_sanbaiman(d: Difference, p: RiichiPreset) -> bool:
    a, b = _answers(d)
    return (p.kazoe is Kazoe.SANBAIMAN and a.yakuman > 0 and _yakuman_named(b)
            and all(4 * x == 3 * y for x, y in zip(b.deltas, a.deltas, strict=True)))


def _won_triplet_on_ron(d: Difference) -> bool:
    """A ron whose winning tile could complete a triplet (a shanpon wait): the set is an open one for fu."""
    s, text = d.case.situation, d.case.request["tiles"]
    win = d.case.request["agari"]
    return s.win == "ron" and _count(text, win) >= 3


def _count(tiles: str, tile: str) -> int:
    kinds, digits = [], ""
    for c in tiles:
        if c.isdigit():
            digits += c
        else:
            kinds += [f"{x}{c}" for x in digits]
            digits = ""
    return kinds.count(tile)


def _chow_thrice(d: Difference) -> bool:
    """Whether the hand's concealed tiles hold three consecutive kinds three or four times each (one chow three
    or four times, which also reads as three pungs)."""
    tiles = d.case.request["tiles"]
    return any(all(_count(tiles, f"{n + i}{suit}") >= 3 for i in range(3)) for suit in SUITS for n in range(1, 8))


def _pure_double_missed(d: Difference) -> bool:
    a, b = _answers(d)
    return any(y in a.yaku and y not in b.yaku for y in ("ipe", "ryanpe")) and _chow_thrice(d)


def _sandoko_with_honours(d: Difference) -> bool:
    """mahjong-utils has sanshoku doukou, we do not, and an honour pung has the number of two suits' pungs."""
    a, b = _answers(d)
    if "sandoko" not in b.yaku or "sandoko" in a.yaku:
        return False
    every = d.case.request["tiles"] + "".join(t for t, _ in d.case.request["furo"])
    numbers = [n for n in range(1, 8) if _count(every, f"{n}z") >= 3]
    return any(sum(_count(every, f"{n}{suit}") >= 3 for suit in SUITS) == 2 for n in numbers)


@dataclass(frozen=True, slots=True)
class Kind:
    """A class of difference: its key, whose it is (mahjong-utils' bug, a convention, our bug), what it is,
    the fields it may explain and the test of a hand."""

    key: str
    whose: str
    what: str
    fields: frozenset[str]
    test: Callable[[Difference, RiichiPreset], bool]


def _answers(d: Difference) -> tuple[Answer, Answer]:
    assert isinstance(d.ours, Answer) and isinstance(d.theirs, Answer)
    return d.ours, d.theirs


CLASSES: tuple[Kind, ...] = (
    Kind("yakuman_paid_as_sanbaiman", "mahjong-utils bug",
         "with counted yakuman (kazoe) off, each real yakuman is paid as a sanbaiman (3/4 of the payment;"
         " two stacked yakuman as two sanbaiman)",
         frozenset({"yakuman", "limit", "deltas"}), lambda d, p: _yakuman_as_sanbaiman(d, p)),
    Kind("ron_triplet_counted_concealed", "mahjong-utils bug",
         "a ron on a shanpon wait: the triplet the discard completes counts as concealed for fu (8/4 not 4/2)",
         frozenset({"fu", "deltas"}),
         lambda d, p: _won_triplet_on_ron(d) and _answers(d)[1].fu > _answers(d)[0].fu),
    Kind("kiriage_3_han_60_fu_missing", "mahjong-utils bug",
         "kiriage on: 3 han 60 fu is paid 7,700 / 11,600, not the mangan (4 han 30 fu is rounded up)",
         frozenset({"limit", "deltas"}),
         lambda d, p: p.kiriage and (_answers(d)[1].han, _answers(d)[1].fu) == (3, 60)
         and _answers(d)[1].limit is None and _answers(d)[0].limit == "mangan"),
    Kind("same_chow_thrice_no_peikou", "mahjong-utils bug",
         "one chow three or four times (123p x3, x4) is not read as iipeikou / ryanpeikou: a reading with"
         " less han is taken",
         frozenset({"yaku", "han", "fu", "limit", "deltas"}), lambda d, p: _pure_double_missed(d)),
    Kind("sandoko_with_honours", "mahjong-utils bug",
         "sanshoku doukou given for two suits' pungs and an honour pung of the same number (777m 777s 777z)",
         frozenset({"yaku", "han", "fu", "limit", "deltas"}), lambda d, p: _sandoko_with_honours(d)),
    Kind("kokushi_fu", "convention", "thirteen orphans has no fu; mahjong-utils gives 30 (no payment changes)",
         frozenset({"fu"}), lambda d, p: any("kokushi" in y for y in _answers(d)[1].yaku) and _answers(d)[0].fu == 0),
)


def classify(d: Difference, preset: RiichiPreset) -> tuple[str, ...]:
    """The classes that together explain every field that differs; ("unclassified",) when they do not."""
    if isinstance(d.ours, str) or isinstance(d.theirs, str):
        return ("unclassified",)
    differing = _fields(d)
    keys: list[str] = []
    explained: set[str] = set()
    for kind in CLASSES:
        if kind.test(d, preset):
            keys.append(kind.key)
            explained |= kind.fields
    return tuple(keys) if keys and differing <= explained else ("unclassified",)


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--other-python", default=os.environ.get("MU_PYTHON"),
                   help="the interpreter that has mahjong-utils (default: $MU_PYTHON)")
    p.add_argument("--count", type=int, default=2_000, help="hands per preset (default 2,000)")
    p.add_argument("--seed", type=int, default=32)
    p.add_argument("--presets", nargs="*", default=list(PRESETS), choices=list(PRESETS))
    p.add_argument("--show", type=int, default=0, help="unclassified differences to print in full (default 0)")
    args = p.parse_args(argv)
    python = args.other_python
    if not python or not Path(python).exists() or subprocess.run(
            [python, "-c", "import mahjong_utils"], capture_output=True).returncode != 0:
        print(f"diff_riichi: no interpreter with mahjong-utils ({python or 'none given'}).\n{SETUP}")
        return 2
    other = Other(python)
    start = time.perf_counter()
    counts: dict[str, dict[str, int]] = {}
    examples: dict[str, Difference] = {}
    unknown = 0
    no_yaku_differ: list[tuple[str, Case, dict[str, Any]]] = []
    try:
        for name in args.presets:
            preset = PRESETS[name]
            opts = options(preset)
            per = counts.setdefault(name, {})
            scored = refused = differing = paid_alike = 0
            for case in cases(preset, args.seed):
                a = ours(case, preset)
                reply = other.ask({**case.request, "options": opts})
                if isinstance(a, str):  # no yaku for us: the other side must find none either
                    assert a.startswith("no_yaku"), f"the generator made a hand we refuse: {case.text} {a}"
                    refused += 1
                    if reply.get("yaku") or "error" in reply:
                        no_yaku_differ.append((name, case, reply))
                    continue
                b = theirs(reply, case)
                scored += 1
                paid_alike += isinstance(b, Answer) and a.deltas == b.deltas
                if a != b:
                    differing += 1
                    d = Difference(case, a, b)
                    keys = classify(d, preset)
                    for key in keys:
                        per[key] = per.get(key, 0) + 1
                        examples.setdefault(key, d)
                    if keys == ("unclassified",):
                        unknown += 1
                        if unknown <= args.show:
                            print(f"UNCLASSIFIED [{name}] {case.label} {case.text} {case.situation}\n"
                                  f"  ours:   {a}\n  theirs: {b}")
                if scored == args.count:
                    break
            differ = differing
            per["_agree"] = scored - differ
            per["_refused"] = refused
            print(f"{name}: {scored - differ:,} / {scored:,} agree ({100 * (scored - differ) / scored:.1f} %), "
                  f"{differ:,} differ; payments alike {paid_alike:,} ({100 * paid_alike / scored:.1f} %); "
                  f"{refused:,} generated hands without a yaku (none for either side: "
                  f"{refused - sum(1 for x in no_yaku_differ if x[0] == name):,}) replaced", flush=True)
    finally:
        other.close()
    _report(counts, examples, args.presets)
    for name, case, reply in no_yaku_differ[:args.show]:
        print(f"NO YAKU FOR US ONLY [{name}] {case.text} {case.situation}\n  theirs: {reply}")
    unknown += len(no_yaku_differ)
    print(f"{time.perf_counter() - start:.0f} s")
    return 1 if unknown else 0


def _report(counts: dict[str, dict[str, int]], examples: dict[str, Difference], names: list[str]) -> None:
    keys = [k.key for k in CLASSES] + ["unclassified"]
    whose = {k.key: k.whose for k in CLASSES} | {"unclassified": "?"}
    what = {k.key: k.what for k in CLASSES} | {"unclassified": "not in a known class"}
    print("\nclass | whose | " + " | ".join(names) + " | what")
    for key in keys:
        row = [counts[n].get(key, 0) for n in names]
        if any(row):
            print(f"{key} | {whose[key]} | " + " | ".join(f"{v:,}" for v in row) + f" | {what[key]}")
    print("\none example of each class:")
    for key in keys:
        d = examples.get(key)
        if d is not None:
            s = d.case.situation
            flags = [f for f in ("riichi", "double_riichi", "ippatsu", "haitei", "houtei", "rinshan", "chankan",
                                 "tenhou", "chiihou") if getattr(s, f)]
            print(f"- {key}: {d.case.text} {s.win} seat {s.seat} round {s.round} dora {list(s.dora)} "
                  f"ura {list(s.ura)} {' '.join(flags)}\n    ours:   {d.ours}\n    theirs: {d.theirs}")


if __name__ == "__main__":
    sys.exit(main())
