"""The server on a hostile network (issue 18 §4): ``mcr-tournament serve`` (its own process, default limits)
with 5,000 idle connections open to it from 127.0.0.1.

Prints: how many the server still holds (it closes the oldest idle ones beyond its cap), the latency of
normal requests made meanwhile (each on a new connection), the server's memory, and how long until the
server has closed every connection that sent nothing. Then the same at a file limit of 400 (the server's
own RLIMIT_NOFILE), with its CPU time while 150 idle connections stay open and the lines it logged.
Bounded: 5,000 connections, at most 40 s of waiting.
"""

from __future__ import annotations

import socket
import statistics
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from db import open_database  # noqa: E402
from db.service.devices import device_links  # noqa: E402
from tests.web.api.test_hostile import flood, idle_cpu_seconds, raise_file_limit, serve_process, wait_closed  # noqa: E402
from web.cli import main as cli  # noqa: E402
from web.limits.guard import Limits  # noqa: E402

IDLE = 5000


def rss_mb(pid: int) -> float | None:
    try:
        for line in Path(f"/proc/{pid}/status").read_text().splitlines():
            if line.startswith("VmRSS:"):
                return int(line.split()[1]) / 1024
    except OSError:
        pass
    return None


def main() -> None:
    if not raise_file_limit(IDLE + 300):
        print(f"skipped: this process may not open {IDLE} sockets (RLIMIT_NOFILE)")
        return
    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / "d.mcr"
        cli(["--db", str(path), "demo"])
        with open_database(path) as db, db.factory.begin() as s:
            token = device_links(s, 2)[0].token
        with serve_process(path) as (proc, port):
            idle_before = rss_mb(proc.pid)
            result = flood(port, token, IDLE, requests=10)
            ms = sorted(x * 1000 for x in result.latencies)
            print(f"{result.opened} idle connections opened; the server held {result.held} (its cap "
                  f"{Limits().max_connections}, the oldest idle ones closed first)")
            print(f"normal requests meanwhile: {len(ms)} x {result.status}, median {statistics.median(ms):.0f} ms, "
                  f"max {ms[-1]:.0f} ms")
            print(f"server memory: {idle_before:.0f} MB before, {rss_mb(proc.pid):.0f} MB holding them")
            silent = [socket.create_connection(("127.0.0.1", port)) for _ in range(500)]
            took = wait_closed(silent, limit=40)
            print(f"500 connections that send nothing: all closed by the server after "
                  f"{'more than 40' if took is None else f'{took:.1f}'} s (idle_timeout {Limits().idle_timeout:g} s)")
            for sock in silent:
                sock.close()
        with serve_process(path, file_limit=400) as (proc, port):
            result = flood(port, token, 1200)
            used = idle_cpu_seconds(proc.pid, port)
        err = proc.communicate()[1]
        print(f"file limit 400, 1,200 idle connections: a request answered {result.status} in "
              f"{result.latency * 1000:.0f} ms (slowest of 5); CPU {used:.2f} s over 2 s with 150 idle open; "
              f"{len(err.splitlines())} log lines:")
        for line in err.splitlines():
            print("   ", line)


if __name__ == "__main__":
    main()
