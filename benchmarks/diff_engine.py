"""Differential run: the scoring engine of this tree against an older one built from git, hand by hand.

    .venv/bin/python benchmarks/diff_engine.py [--old REF] [--count N] [--seed S] [--show K]

``REF`` (default ``03e5547``, the engine before the speed work of issue 23) is exported with ``git archive``
into a temporary folder as the package ``scoring_old`` (its ``scoring`` imports rewritten), so both engines
run in one process; no copy of the old engine is kept in the tree. For each of ``COUNT`` hands (default
100,000) both engines score the same ``Hand`` in the same ``WinContext`` and the whole answers are compared:
total, every fan with its count and the tiles of each occurrence, the 8-fan verdict, the reading and its
sets — or, for a hand that cannot be scored, the error's class, code, message and params. The waits
(``completing_kinds`` and ``waiting_tiles``) of the hand's 13 tiles before the win, and the
``mcr-score --stream`` answer line for the hand, are compared too.

The hands, all from ``scoring.mcr.generate`` and seeded:

- generated hands of every form with their generated situations (about half of the count);
- the same tiles won on another of its concealed tiles (other waits, other readings), with a fresh
  situation, and half of those again with the situation's flags flipped (some then contradict the hand:
  both engines must refuse them alike);
- special-form hands (seven pairs, thirteen orphans, knitted, nine gates …) forced in equal numbers;
- random 14-tile draws, nearly all not winning (the refusal must be the same).

Exit status 1 when any hand differs; the first ``--show`` differences are printed.
"""

from __future__ import annotations

import argparse
import importlib
import json
import random
import re
import subprocess
import sys
import tarfile
import tempfile
import time
from collections.abc import Iterator
from dataclasses import replace
from io import BytesIO
from pathlib import Path
from types import ModuleType
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from scoring.cli import stream_line  # noqa: E402
from scoring.errors import HandError  # noqa: E402
from scoring.mcr.engine import score_hand  # noqa: E402
from scoring.mcr.generate import FORMS, random_context, random_winning_hand  # noqa: E402
from scoring.mcr.result import ScoreResult  # noqa: E402
from scoring.mcr.waits import completing_kinds, waiting_tiles  # noqa: E402
from scoring.model import Hand, Meld, MeldKind, WinContext  # noqa: E402
from scoring.notation import format_hand  # noqa: E402

OLD_REF = "03e5547"
SPECIAL_FORMS = ("seven_pairs", "seven_shifted_pairs", "thirteen_orphans", "honors_and_knitted",
                 "knitted_straight", "nine_gates", "all_honors_pungs", "one_suit", "all_green", "terminal",
                 "even_pungs")
_IMPORT = re.compile(r"^(\s*)(from|import) scoring\b", re.MULTILINE)


def load_old_engine(ref: str, into: Path) -> ModuleType:
    """``scoring/`` of ``ref`` as the package ``scoring_old`` (imported from ``into``)."""
    archive = subprocess.run(["git", "-C", str(ROOT), "archive", "--format=tar", ref, "scoring"],
                             check=True, capture_output=True).stdout
    with tarfile.open(fileobj=BytesIO(archive)) as tar:
        tar.extractall(into, filter="data")
    old = into / "scoring_old"
    (into / "scoring").rename(old)
    for path in old.rglob("*.py"):
        text = path.read_text(encoding="utf-8")
        text = _IMPORT.sub(r"\1\2 scoring_old", text).replace('"scoring.', '"scoring_old.')
        path.write_text(text, encoding="utf-8")
    sys.path.insert(0, str(into))
    return importlib.import_module("scoring_old")


class OldEngine:
    """The old engine's entry points, fed with this tree's values rebuilt as the old package's types."""

    def __init__(self, package: ModuleType) -> None:
        self.stream_line = importlib.import_module("scoring_old.cli").stream_line
        self.model = importlib.import_module("scoring_old.model")
        self.errors = importlib.import_module("scoring_old.errors")
        self.score_hand = importlib.import_module("scoring_old.engine").score_hand
        waits = importlib.import_module("scoring_old.waits")
        self.completing_kinds = waits.completing_kinds
        self.waiting_tiles = waits.waiting_tiles
        del package

    def hand(self, h: Hand) -> Any:
        m = self.model
        return m.Hand(tuple(m.Meld(m.MeldKind(x.kind.value), x.tile, x.offer) for x in h.melds), h.standing,
                      h.winning)

    def ctx(self, c: WinContext) -> Any:
        m = self.model
        return m.WinContext(self_drawn=c.self_drawn, fourth_tile=c.fourth_tile, kong_related=c.kong_related,
                            last_tile_of_wall=c.last_tile_of_wall, seat_wind=m.Wind(c.seat_wind.value),
                            prevalent_wind=m.Wind(c.prevalent_wind.value), flowers=c.flowers)


def answer(result: Any) -> tuple[Any, ...]:
    """A result of either engine as plain values (fans by their string codes)."""
    r: ScoreResult = result
    return (r.total, tuple((f.fan.value, f.count, f.tiles) for f in r.fans), r.meets_minimum, r.reading, r.sets)


def refusal(e: Exception) -> tuple[Any, ...]:
    return ("error", type(e).__name__, getattr(e, "code", None), str(e), getattr(e, "params", None))


def new_answer(hand: Hand, ctx: WinContext) -> tuple[Any, ...]:
    try:
        return answer(score_hand(hand, ctx))
    except HandError as e:
        return refusal(e)


def old_answer(old: OldEngine, hand: Hand, ctx: WinContext) -> tuple[Any, ...]:
    try:
        return answer(old.score_hand(old.hand(hand), old.ctx(ctx)))
    except old.errors.HandError as e:
        return refusal(e)


def waits_of(completing: Any, waiting: Any, hand: Any) -> tuple[Any, ...]:
    try:
        return (completing(hand), waiting(hand))
    except Exception as e:  # a refusal is an answer too
        return refusal(e)


def request_line(hand: Hand, ctx: WinContext) -> str:
    """The ``mcr-score --stream`` input line for a hand and its situation."""
    return json.dumps({"notation": format_hand(hand), "self_drawn": ctx.self_drawn, "fourth_tile": ctx.fourth_tile,
                       "kong_related": ctx.kong_related, "last_tile_of_wall": ctx.last_tile_of_wall,
                       "seat_wind": ctx.seat_wind.value, "prevalent_wind": ctx.prevalent_wind.value,
                       "flowers": ctx.flowers})


def _rewon(rng: random.Random, hand: Hand) -> Hand:
    """The same tiles won on another concealed tile (the old winning tile joins the standing tiles)."""
    assert hand.winning is not None
    standing = list(hand.standing)
    win = standing.pop(rng.randrange(len(standing)))
    return Hand(hand.melds, tuple(sorted([*standing, hand.winning])), win)


def _flipped(rng: random.Random, ctx: WinContext) -> WinContext:
    flag = rng.choice(("self_drawn", "fourth_tile", "kong_related", "last_tile_of_wall"))
    return replace(ctx, **{flag: not getattr(ctx, flag)})


def _random_draw(rng: random.Random) -> Hand:
    """14 random tiles (at most four of a kind), sometimes around one declared meld: rarely a win."""
    pool = [t for t in range(34) for _ in range(4)]
    rng.shuffle(pool)
    if rng.random() < 0.3:
        t = rng.randrange(27)
        meld = Meld(MeldKind.PUNG, t, 1)
        pool = [x for x in pool if x != t]
        tiles = pool[:11]
        return Hand((meld,), tuple(sorted(tiles[:10])), tiles[10])
    tiles = pool[:14]
    return Hand((), tuple(sorted(tiles[:13])), tiles[13])


def cases(count: int, seed: int) -> Iterator[tuple[str, Hand, WinContext]]:
    rng = random.Random(seed)
    made = 0
    while made < count:
        roll = made % 20
        if roll < 10:
            g = random_winning_hand(rng)
            yield f"generated {g.form}", g.hand, g.ctx
        elif roll < 16:
            g = random_winning_hand(rng)
            hand = _rewon(rng, g.hand)
            ctx = random_context(rng, hand)
            if roll >= 13:
                ctx = _flipped(rng, ctx)
            yield f"re-won {g.form}", hand, ctx
        elif roll < 19:
            form = SPECIAL_FORMS[(made // 20 * 3 + roll - 16) % len(SPECIAL_FORMS)]
            g = random_winning_hand(rng, form)
            yield f"forced {form}", g.hand, g.ctx
        else:
            hand = _random_draw(rng)
            yield "random draw", hand, random_context(rng, hand)
        made += 1


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--old", default=OLD_REF, help=f"git revision of the old engine (default {OLD_REF})")
    p.add_argument("--count", type=int, default=100_000, help="hands to compare (default 100,000)")
    p.add_argument("--seed", type=int, default=23)
    p.add_argument("--show", type=int, default=10, help="differences to print (default 10)")
    args = p.parse_args(argv)
    assert set(SPECIAL_FORMS) <= set(FORMS)
    with tempfile.TemporaryDirectory(prefix="mcr-old-engine-") as tmp:
        old = OldEngine(load_old_engine(args.old, Path(tmp)))
        start = time.perf_counter()
        differences = 0
        kinds: dict[str, int] = {}
        refused = 0
        for n, (label, hand, ctx) in enumerate(cases(args.count, args.seed), 1):
            kind = label.split()[0]
            kinds[kind] = kinds.get(kind, 0) + 1
            new = new_answer(hand, ctx)
            was = old_answer(old, hand, ctx)
            refused += new[0] == "error"
            thirteen = Hand(hand.melds, hand.standing, None)
            new_waits = waits_of(completing_kinds, waiting_tiles, thirteen)
            old_waits = waits_of(old.completing_kinds, old.waiting_tiles, old.hand(thirteen))
            line = request_line(hand, ctx)
            new_line, old_line = stream_line(line), old.stream_line(line)
            if new != was or new_waits != old_waits or new_line != old_line:
                differences += 1
                if differences <= args.show:
                    print(f"DIFFERENT ({label}) {hand} {ctx}\n  old: {was} {old_waits} {old_line}\n"
                          f"  new: {new} {new_waits} {new_line}")
            if n % 20_000 == 0:
                print(f"  {n:,} hands, {differences} differences, {time.perf_counter() - start:.0f} s", flush=True)
    print(f"old engine {args.old} against this tree: {args.count:,} hands ("
          + ", ".join(f"{k} {v:,}" for k, v in sorted(kinds.items())) + f"; {refused:,} refused alike or not), "
          f"waits and stream answers compared too: {differences} differences")
    return 1 if differences else 0


if __name__ == "__main__":
    sys.exit(main())
