"""Scoring speed: a few thousand generated hands, cold (every cache cleared) and warm (cached), with the time
of only parsing the same notations, measured in the same run, as the baseline. Times are CPU time of
this process (the machine is shared); the "× parse" column is the steadiest figure.

    .venv/bin/python benchmarks/bench_scoring.py [COUNT]
"""

from __future__ import annotations

import importlib
import json
import sys
import time
from collections.abc import Callable
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from scoring import notation  # noqa: E402
from scoring.cli import score_notation, stream_line  # noqa: E402
from scoring.generate import GeneratedHand, generate_hands  # noqa: E402
from scoring.notation import parse_hand_uncached  # noqa: E402
from scoring.validate import validate_hand  # noqa: E402

COUNT = 3000
SEED = 2024


def clear_caches() -> int:
    """Clear every functools cache in the scoring package (parse, waits, decompositions, results)."""
    notation.clear_caches()
    cleared = 0
    for mod_name, mod in list(sys.modules.items()):
        if not mod_name.startswith("scoring") or mod is None:
            continue
        for value in list(vars(mod).values()):
            clear = getattr(value, "cache_clear", None)
            if callable(clear):
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
        score_hand = importlib.import_module("scoring.engine").score_hand
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


if __name__ == "__main__":
    main()
