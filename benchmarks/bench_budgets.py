"""Budgets on the venue's network (issue 35 §6): ``mcr-tournament serve`` (its own process, default limits,
127.0.0.1) over a 1,000-player tournament, each scenario run without and with a flood on a fresh copy of the
same file, the flood's figures printed as ratios of the quiet run's (the baseline of the same run).

1. **A stranger on the Wi-Fi**: 32 keep-alive connections asking for ``/`` back to back, from another loopback
   address (127.0.0.2, in a process of its own), first while a player's phone asks 30 times for ``/`` and
   ``/p/5`` (a new connection each, 0.3 s apart), then while 40 tables record 16 hands each (a preview and a
   write, 0.5 s apart): the probe's two runs (issue 35). Prints the phone's answers (how many 503 and 429),
   its median and p95, and the tables' write p50 and p95.
2. **Tables flooding the calls**: 10 tables' tokens loop call and cancel while 30 other tables record 16
   hands each at the same pace. Prints the tables' write p50 and p95, and the calls and audit entries the
   flood left in the file.

Each scenario runs ``--rounds N`` times (3 by default), quiet and flooded alternately; the medians are printed
with each round's figure. Bounded: 40 tables x 16 hands, 30 phone rounds, floods of at most 14 s. Linux only for
the first (127.0.0.2).
"""

from __future__ import annotations

import os
import shutil
import sqlite3
import statistics
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from tests.web.api.test_budgets import make_event  # noqa: E402
from tests.web.api.test_hostile import serve_process  # noqa: E402
from tests.web.lan_clients import (  # noqa: E402
    STRANGER,
    Phone,
    flood_result,
    other_address_works,
    percentile,
    play,
    start_flood,
)

PLAYERS = 1000
TABLES = 40
HANDS = 16
PACE = 0.5  # seconds between a table's hands
FLOODERS = 32
CALLERS = 10


def count(path: Path, sql: str) -> int:
    con = sqlite3.connect(f"file:{path}?mode=ro", uri=True)
    try:
        return int(con.execute(sql).fetchone()[0])
    finally:
        con.close()


def ms(values: list[float], q: float) -> float:
    return percentile(values, q) * 1000


def strangers_run(template: Path, folder: Path, tokens: list[str], flood: bool, who: str) -> dict[str, Any]:
    """The stranger's flood (or none) while the phone reads the page (``who`` "phone") or the tables write."""
    path = folder / f"page-{who}-{'flood' if flood else 'quiet'}.mcr"
    shutil.copyfile(template, path)
    with serve_process(path) as (_, port):
        if not other_address_works(port):
            raise SystemExit(f"this system does not give {STRANGER} to the loopback (Linux does)")
        stranger = start_flood("pages", str(port), "14" if who == "phone" else "12", str(FLOODERS), STRANGER) \
            if flood else None
        if stranger is not None:
            time.sleep(1.5)  # its connections open and asking
        phone = Phone(port, rounds=30 if who == "phone" else 0, pause=0.3).run()
        tables = play(port, tokens[:TABLES], HANDS, PACE) if who == "tables" else []
        counts = flood_result(stranger) if stranger is not None else {}
    writes = [x for t in tables for x in t.latencies]
    return {"phone": dict(phone.statuses), "phone_503": phone.statuses.get(503, 0),
            "phone_429": phone.statuses.get(429, 0), "phone_p50": ms(phone.latencies, 0.5),
            "phone_p95": ms(phone.latencies, 0.95), "write_p50": ms(writes, 0.5), "write_p95": ms(writes, 0.95),
            "writes": len(writes), "refused": sum(len(t.refused) for t in tables), "stranger": counts}


def calls_run(template: Path, folder: Path, tokens: list[str], flood: bool) -> dict[str, Any]:
    path = folder / ("calls-flood.mcr" if flood else "calls-quiet.mcr")
    shutil.copyfile(template, path)
    audit_before = count(path, "SELECT count(*) FROM audit_log")
    with serve_process(path) as (_, port):
        callers = start_flood("calls", str(port), "12", ",".join(tokens[:CALLERS])) if flood else None
        if callers is not None:
            time.sleep(1.0)
        tables = play(port, tokens[CALLERS:TABLES], HANDS, PACE)
        counts = flood_result(callers) if callers is not None else {}
    writes = [x for t in tables for x in t.latencies]
    hands = len(writes)
    return {"write_p50": ms(writes, 0.5), "write_p95": ms(writes, 0.95), "writes": hands,
            "refused": sum(len(t.refused) for t in tables), "flood": counts,
            "calls": count(path, "SELECT count(*) FROM referee_calls"),
            "audit": count(path, "SELECT count(*) FROM audit_log") - audit_before - hands}


def ratio(a: float, b: float) -> str:
    return f"x{a / b:.2f}" if b else "-"


def pairs(rounds: int, run: Callable[[bool], dict[str, Any]]) -> tuple[list[dict[str, Any]], list[dict[str, Any]]]:
    """``rounds`` quiet runs and as many flooded ones, alternately (the machine's other load shifts over
    minutes: each flood has its baseline beside it)."""
    quiet, flood = [], []
    for _ in range(rounds):
        quiet.append(run(False))
        flood.append(run(True))
    return quiet, flood


def median_of(runs: list[dict[str, Any]], key: str) -> float:
    return statistics.median(r[key] for r in runs)


def spread(runs: list[dict[str, Any]], key: str) -> str:
    return ", ".join(f"{r[key]:.0f}" for r in runs)


def main() -> None:
    rounds = int(sys.argv[2]) if len(sys.argv) > 2 and sys.argv[1] == "--rounds" else 3
    print(f"load average at the start: {' '.join(f'{x:.2f}' for x in os.getloadavg())}; {rounds} rounds, each "
          f"quiet then flooded, on fresh copies of one file; medians over the rounds (each round's in brackets)")
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp)
        template = folder / "event.mcr"
        tokens = make_event(template, PLAYERS)  # the test's event (named "Budgets"), with more players

        quiet, flood = pairs(rounds, lambda f: strangers_run(template, folder, tokens, f, "phone"))
        print(f"\n-- a stranger's {FLOODERS} connections on / (from {STRANGER}) while a phone asks 30 times for / "
              f"and /p/5, 0.3 s apart; {PLAYERS} players")
        for label, runs in (("without the flood", quiet), ("with the flood", flood)):
            print(f"  {label:18} phone: 503 {[r['phone_503'] for r in runs]}, 429 {[r['phone_429'] for r in runs]} "
                  f"of 60; median {median_of(runs, 'phone_p50'):6.1f} ms, p95 {median_of(runs, 'phone_p95'):6.1f} ms "
                  f"[{spread(runs, 'phone_p95')}]")
        print(f"  the stranger's answers: {[r['stranger'] for r in flood]}")
        print(f"  flood / quiet: phone p95 {ratio(median_of(flood, 'phone_p95'), median_of(quiet, 'phone_p95'))}")

        quiet, flood = pairs(rounds, lambda f: strangers_run(template, folder, tokens, f, "tables"))
        print(f"\n-- the same stranger while {TABLES} tables record {HANDS} hands each, {PACE:g} s apart")
        for label, runs in (("without the flood", quiet), ("with the flood", flood)):
            print(f"  {label:18} tables: {sum(r['writes'] for r in runs)} writes ({sum(r['refused'] for r in runs)} "
                  f"refused), p50 {median_of(runs, 'write_p50'):6.1f} ms, p95 {median_of(runs, 'write_p95'):6.1f} ms "
                  f"[{spread(runs, 'write_p95')}]")
        print(f"  the stranger's answers: {[r['stranger'] for r in flood]}")
        wq, wf = median_of(quiet, "write_p95"), median_of(flood, "write_p95")
        print(f"  flood / quiet: tables' write p95 {ratio(wf, wq)} ({wf - wq:+.1f} ms)")

        quiet, flood = pairs(rounds, lambda f: calls_run(template, folder, tokens, f))
        print(f"\n-- {CALLERS} tables' tokens looping call/cancel for 12 s while {TABLES - CALLERS} other tables record "
              f"{HANDS} hands each, {PACE:g} s apart")
        for label, runs in (("without the flood", quiet), ("with the flood", flood)):
            print(f"  {label:18} tables: {sum(r['writes'] for r in runs)} writes ({sum(r['refused'] for r in runs)} "
                  f"refused), p50 {median_of(runs, 'write_p50'):6.1f} ms, p95 {median_of(runs, 'write_p95'):6.1f} ms "
                  f"[{spread(runs, 'write_p95')}]; calls in the file {[r['calls'] for r in runs]}, other audit "
                  f"entries {[r['audit'] for r in runs]}")
        print(f"  the callers' answers: {[r['flood'] for r in flood]}")
        wq, wf = median_of(quiet, "write_p95"), median_of(flood, "write_p95")
        print(f"  flood / quiet: tables' write p95 {ratio(wf, wq)} ({wf - wq:+.1f} ms)")
    print(f"\nload average at the end: {' '.join(f'{x:.2f}' for x in os.getloadavg())}")


if __name__ == "__main__":
    main()
