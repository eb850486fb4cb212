"""Scoring speed: a few thousand generated hands, cold (every cache cleared) and warm (cached), with the time
of only parsing the same notations, measured in the same run, as the baseline. Times are CPU time of
this process (the machine is shared); the "× parse" column is the steadiest figure.

Then the engine against the C++ reference engine, PyPI's ``pymahjonggb`` (ChineseOfficialMahjongHelper's
calculator; installed for this benchmark only, never a dependency: ``.venv/bin/pip install pymahjonggb``,
skipped without it). Both answer the same ``mcr-score --stream`` lines of the same hands in the same run,
alternating, median of the rounds:

- ours: ``scoring.cli.stream_line`` (JSON in, parse, validate, score, JSON answer), no hand repeating;
- reference: the same JSON line and notation parser (``_request``, ``parse_hand_uncached``), the hand
  handed to ``MahjongGB.MahjongFanCalculator``, its fans as a JSON answer.

"shape tables warm" is the steady state of a running process (a stream, the app, the server): every cache
keyed by whole hands is empty (no hand repeats), the tables keyed by one suit's tile counts or by a set
structure (``SHAPE_CACHES``) were filled by 3,000 other hands. "cold" empties those too (a fresh process).
The engine alone (``score_hand`` on parsed hands against the bare C++ call) is printed as well.

    .venv/bin/python benchmarks/bench_scoring.py [COUNT]
"""

from __future__ import annotations

import importlib
import json
import statistics
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from scoring import notation  # noqa: E402
from scoring.cli import _request, score_notation, stream_line  # noqa: E402
from scoring.mcr.generate import GeneratedHand, generate_hands  # noqa: E402
from scoring.mcr.validate import validate_hand  # noqa: E402
from scoring.model import Hand, MeldKind, WinContext  # noqa: E402
from scoring.notation import parse_hand_uncached  # noqa: E402

COUNT = 3000
SEED = 2024
WARM_SEED = 7  # the other hands that fill the shape tables
ROUNDS = 5
CHUNK = 250  # hands per turn when ours and the reference alternate
# Caches keyed by one group's tile counts, by a set structure or by a set: shared by many different hands.
SHAPE_CACHES = frozenset({
    "_group_divisions", "_shape_divisions", "_shape", "_group_waits", "_shape_waits", "tile_set",
    "_best_forest", "_knitted_held", "_two_chows", "_three_chows", "_four_chows", "_two_pungs", "_three_pungs",
    "_four_pungs",
})


def clear_caches(keep_shape_tables: bool = False) -> int:
    """Clear every functools cache in the scoring package (parse, waits, decompositions, results), but the
    ``SHAPE_CACHES`` when ``keep_shape_tables``."""
    notation.clear_caches()
    cleared = 0
    for mod_name, mod in list(sys.modules.items()):
        if not mod_name.startswith("scoring") or mod is None:
            continue
        for name, value in list(vars(mod).items()):
            clear = getattr(value, "cache_clear", None)
            if callable(clear) and not (keep_shape_tables and name in SHAPE_CACHES):
                clear()
                cleared += 1
    return cleared


def timed(fn: Callable[[], object]) -> float:
    """CPU seconds of this process: steadier than wall time on a shared two-core machine."""
    start = time.process_time()
    fn()
    return time.process_time() - start


def report(label: str, seconds: float, n: int, baseline: float | None = None) -> None:
    ratio = f"  {seconds / baseline:6.1f}× parse" if baseline else ""
    print(f"{label:<34} {n / seconds:>10,.0f} hands/s  {seconds / n * 1000:8.4f} ms/hand{ratio}")


def _request_line(g: GeneratedHand) -> str:
    c = g.ctx
    return json.dumps({"notation": g.notation, "self_drawn": c.self_drawn, "fourth_tile": c.fourth_tile,
                       "kong_related": c.kong_related, "last_tile_of_wall": c.last_tile_of_wall,
                       "seat_wind": c.seat_wind.value, "prevalent_wind": c.prevalent_wind.value,
                       "flowers": c.flowers})


def main(count: int | None = None) -> None:
    n = count or (int(sys.argv[1]) if len(sys.argv) > 1 and sys.argv[1].isdigit() else COUNT)
    hands = generate_hands(n, seed=SEED)
    notations = [g.notation for g in hands]
    print(f"{n} generated hands (seed {SEED}); forms: "
          + ", ".join(f"{f} {sum(g.form == f for g in hands)}" for f in sorted({g.form for g in hands})))

    clear_caches()
    parse = timed(lambda: [parse_hand_uncached(s) for s in notations])
    report("parse only (uncached)", parse, n)

    try:
        score_hand = importlib.import_module("scoring.mcr.engine").score_hand
    except ImportError as e:
        print(f"scoring engine not available ({e}); only parsing was measured")
        return

    clear_caches()

    cold = timed(lambda: [score_hand(parse_hand_uncached(g.notation), g.ctx) for g in hands])
    report("cold: parse + score (validates)", cold, n, parse)

    clear_caches()
    def validate_all() -> None:
        for g in hands:
            validate_hand(g.hand, g.ctx)

    validate = timed(validate_all)
    report("validate_hand only", validate, n, parse)

    clear_caches()
    engine_only = timed(lambda: [score_hand(g.hand, g.ctx) for g in hands])
    report("cold: score_hand only", engine_only, n, parse)

    clear_caches()
    first = timed(lambda: [score_notation(g.notation, g.ctx) for g in hands])
    warm = timed(lambda: [score_notation(g.notation, g.ctx) for g in hands])
    report("cached score_notation, 1st pass", first, n, parse)
    report("cached score_notation, warm", warm, n, parse)

    lines = [_request_line(g) for g in hands]
    clear_caches()
    stream_cold = timed(lambda: [stream_line(line) for line in lines])
    stream_warm = timed(lambda: [stream_line(line) for line in lines])
    report("stream line, cold (JSON in/out)", stream_cold, n, parse)
    report("stream line, warm", stream_warm, n, parse)
    target = "OK" if cold / n < 0.001 else "ABOVE TARGET"
    print(f"target: far under 1 ms per hand on average, cold: {cold / n * 1000:.4f} ms ({target})")
    against_reference(hands, lines)


# ------------------------------------------------------------------ the C++ reference engine (pymahjonggb)

_GB_TILES = [("W", "B", "T")[t // 9] + str(t % 9 + 1) for t in range(27)] + [
    "F1", "F2", "F3", "F4", "J1", "J2", "J3"]  # 万 条 饼 1-9, winds E S W N, dragons 中 发 白
_GB_WINDS = "ESWN"


def gb_arguments(hand: Hand, ctx: WinContext) -> tuple[Any, ...]:
    """``MahjongFanCalculator``'s arguments for a hand: packs (kind, tile, offer), standing tiles, winning
    tile, flowers, the four flags, seat and prevalent wind (0–3)."""
    packs = []
    for m in hand.melds:
        if m.kind is MeldKind.CHOW:
            packs.append(("CHI", _GB_TILES[m.tile + 1], m.offer or 1))  # the middle tile names a chow
        elif m.kind is MeldKind.PUNG:
            packs.append(("PENG", _GB_TILES[m.tile], m.offer or 1))
        elif m.kind is MeldKind.CONCEALED_KONG:
            packs.append(("GANG", _GB_TILES[m.tile], 0))  # offer 0: concealed
        else:  # melded (1–3) or promoted (5–7: its pung's seat + 4) kong
            packs.append(("GANG", _GB_TILES[m.tile], (m.offer or 1) & 3))
    assert hand.winning is not None
    return (tuple(packs), tuple(_GB_TILES[t] for t in hand.standing), _GB_TILES[hand.winning], ctx.flowers,
            ctx.self_drawn, ctx.fourth_tile, ctx.kong_related, ctx.last_tile_of_wall,
            _GB_WINDS.index(ctx.seat_wind.value), _GB_WINDS.index(ctx.prevalent_wind.value))


def gb_stream_line(calculate: Callable[..., Any], line: str) -> str:
    """The reference engine in our stream's place: the same request parsing, its fans as the answer."""
    notation_text, ctx = _request(json.loads(line))
    try:
        fans = calculate(*gb_arguments(parse_hand_uncached(notation_text), ctx), True)
        answer: dict[str, Any] = {
            "total": sum(points * count for points, count, _, _ in fans),
            "fans": [{"id": en, "zh": zh, "points": points, "count": count} for points, count, zh, en in fans]}
    except Exception as e:  # TypeError for hands it refuses
        answer = {"error": {"code": "reference", "message": str(e)}}
    return json.dumps(answer, ensure_ascii=False, separators=(",", ":"))


def against_reference(hands: list[GeneratedHand], lines: list[str]) -> None:
    try:
        from MahjongGB import MahjongFanCalculator  # type: ignore[import-not-found]
    except ImportError:
        print("reference engine: pymahjonggb is not installed (.venv/bin/pip install pymahjonggb to compare "
              "with the C++ engine; it is never a dependency of the app)")
        return
    n = len(hands)
    arguments = [gb_arguments(g.hand, g.ctx) for g in hands]
    warm_lines = [_request_line(g) for g in generate_hands(3000, seed=WARM_SEED)]
    score_hand = importlib.import_module("scoring.mcr.engine").score_hand

    def calls(chunk: range) -> None:
        for i in chunk:
            MahjongFanCalculator(*arguments[i])

    # Each round: the shape tables warmed by other hands, then the hands in chunks of CHUNK, each chunk
    # answered by the reference and by ours in turn (a load change on the shared machine hits both), then
    # the same for the bare engines, then ours once more from cold caches.
    figures: dict[str, list[float]] = {k: [] for k in ("gb", "warm", "cold", "gb_call", "engine")}
    chunks = [range(i, min(i + CHUNK, n)) for i in range(0, n, CHUNK)]
    for _ in range(ROUNDS):
        clear_caches()
        for line in warm_lines:
            stream_line(line)
        clear_caches(keep_shape_tables=True)
        t = dict.fromkeys(("gb", "warm", "gb_call", "engine"), 0.0)
        for chunk in chunks:
            t["gb"] += timed(lambda c=chunk: [gb_stream_line(MahjongFanCalculator, lines[i]) for i in c])
            t["warm"] += timed(lambda c=chunk: [stream_line(lines[i]) for i in c])
        clear_caches(keep_shape_tables=True)
        for chunk in chunks:
            t["gb_call"] += timed(lambda c=chunk: calls(c))
            t["engine"] += timed(lambda c=chunk: [score_hand(hands[i].hand, hands[i].ctx) for i in c])
        clear_caches()
        t["cold"] = timed(lambda: [stream_line(line) for line in lines])
        for k, v in t.items():
            figures[k].append(v)
    median = {k: statistics.median(v) for k, v in figures.items()}
    ratio = {k: statistics.median(a / b for a, b in zip(figures[k], figures[base], strict=True))
             for k, base in (("warm", "gb"), ("cold", "gb"), ("engine", "gb_call"))}
    print(f"against the C++ reference engine (pymahjonggb), {n} hands, {ROUNDS} rounds, CPU time, medians:")

    def line(label: str, key: str) -> None:
        print(f"  {label:<44} {median[key] / n * 1e6:8.1f} µs/hand  {ratio[key]:5.2f}× reference")

    print(f"  {'reference: stream line with the C++ engine':<44} {median['gb'] / n * 1e6:8.1f} µs/hand")
    line("ours: stream line, shape tables warm", "warm")
    line("ours: stream line, cold (every cache empty)", "cold")
    print(f"  {'reference: the bare C++ call':<44} {median['gb_call'] / n * 1e6:8.1f} µs/hand")
    line("ours: score_hand alone, shape tables warm", "engine")
    print(f"target: the stream within 3× the reference engine: {ratio['warm']:.2f}× "
          f"({'OK' if ratio['warm'] <= 3 else 'ABOVE TARGET'})")


if __name__ == "__main__":
    main()
