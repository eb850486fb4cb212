"""Running the app with uvicorn in the foreground (``mcr-tournament serve``), or in a thread (tests,
benchmarks, and the desktop app's Tables menu through ``referee_app``).

The listening socket is bound here, before anything is printed or started, so a port in use or out of range
is one clear error (:class:`ListenError`). uvicorn gets no logging configuration of its own (``log_config``
None): it needs no console (the windowed Windows app has ``sys.stdout``/``sys.stderr`` None) and its records
go where the program sends the root logger's (``serve``: the console; the app: its log file), rate-limited
(:mod:`web.limits.guard`).
"""

from __future__ import annotations

import asyncio
import logging
import signal
import socket
import sys
import threading
import time
from typing import Any

import uvicorn

from db.storage.database import Database
from web.api.app import create_app
from web.defaults import DEFAULT_HOST
from web.limits.guard import (
    ACCEPT_BURST,
    Limits,
    connection_cap,
    guard_logging,
    guarded_protocol,
    loop_errors,
)

ANY = ("0.0.0.0", "::", "")
# Where a UDP socket is "connected" to find the default route's address: TEST-NET-1 (RFC 5737), never a
# real host; connect() on UDP sends nothing.
ROUTE_PROBE = "192.0.2.1"
LISTEN_QUEUE = 2048


class ListenError(Exception):
    """The server cannot listen on this address and port (in use, not allowed, out of range)."""


def listen(host: str, port: int) -> socket.socket:
    """The listening socket, or :class:`ListenError` with the reason in one line."""
    if not 0 <= port <= 65535:
        raise ListenError(f"port {port} is not a port number (1–65535)")
    family = socket.AF_INET6 if ":" in host else socket.AF_INET
    try:
        return socket.create_server((host, port), family=family, backlog=LISTEN_QUEUE)
    except OSError as exc:
        reason = (exc.strerror or str(exc)).split(" (while attempting")[0]  # create_server adds that part
        raise ListenError(f"cannot listen on {host}:{port}: {reason}") from exc


def _config(db: Database, log_level: str, limits: Limits) -> uvicorn.Config:
    # Plain uvicorn (h11, asyncio): no extra native dependencies; the server runs one process, requests in
    # Starlette's thread pool (SQLite writers queue on the file's lock, PostgreSQL on each table's row).
    guard_logging(limits.log_interval)
    return uvicorn.Config(create_app(db, limits=limits), log_config=None, log_level=log_level, access_log=False,
                          server_header=False, date_header=False, proxy_headers=False, ws="none",
                          lifespan="off", http=guarded_protocol(limits, connection_cap(limits)),
                          timeout_keep_alive=int(limits.idle_timeout) or 1, backlog=ACCEPT_BURST,
                          h11_max_incomplete_event_size=16 * 1024,
                          timeout_graceful_shutdown=limits.shutdown_timeout)


class _Server(uvicorn.Server):
    async def serve(self, sockets: list[socket.socket] | None = None) -> None:
        asyncio.get_running_loop().set_exception_handler(loop_errors)
        await super().serve(sockets)

    async def startup(self, sockets: list[socket.socket] | None = None) -> None:
        await super().startup(sockets)
        # asyncio set the listen queue to its accept burst (ACCEPT_BURST); a longer queue lets a phone's
        # connection wait there during a flood rather than be dropped and retried a second later.
        for sock in sockets or []:
            sock.listen(LISTEN_QUEUE)


def default_route_ip() -> str | None:
    """This computer's IPv4 address on the network its default route leaves by (the venue's Wi-Fi rather
    than a virtual adapter's), or None without a default route."""
    with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as probe:
        try:
            probe.connect((ROUTE_PROBE, 9))
            ip = str(probe.getsockname()[0])
        except OSError:
            return None
    return None if ip.startswith(("127.", "0.")) else ip


def addresses(host: str, port: int) -> list[str]:
    """The base URLs a phone may use: the host itself, or for 0.0.0.0 this computer's addresses, the
    default route's first (the QR codes use it), then the others the system knows for its name."""
    if host not in ANY:
        return [f"http://{host}:{port}"]
    ips: list[str] = []
    first = default_route_ip()
    if first is not None:
        ips.append(first)
    try:
        for info in socket.getaddrinfo(socket.gethostname(), None, socket.AF_INET):
            ip = str(info[4][0])
            if not ip.startswith("127.") and ip not in ips:
                ips.append(ip)
    except OSError:
        pass
    return [f"http://{ip}:{port}" for ip in ips] or [f"http://127.0.0.1:{port}"]


def console_logging() -> None:
    """``serve``: the server's warnings and errors on the console (stderr), one line each."""
    if sys.stderr is None:
        return
    handler = logging.StreamHandler(sys.stderr)
    handler.setFormatter(logging.Formatter("mcr-tournament: %(asctime)s %(message)s", "%H:%M:%S"))
    logging.getLogger().addHandler(handler)


def _interrupt(signum: int, frame: object) -> None:
    raise KeyboardInterrupt


def serve(db: Database, sock: socket.socket, *, log_level: str = "warning", limits: Limits | None = None) -> None:
    """Serve on ``sock`` (from :func:`listen`) until Ctrl+C, SIGTERM, a closed terminal (SIGHUP) or console
    window (SIGBREAK on Windows, which then allows about 5 s): uvicorn stops taking connections, gives the
    requests under way ``limits.shutdown_timeout`` seconds, and the stop ends as KeyboardInterrupt, so the
    caller's closing steps (the file's closing backup) run. Without this, uvicorn re-raises SIGTERM after
    its shutdown and the process dies before them."""
    server = _Server(_config(db, log_level, limits or Limits()))
    saved: dict[int, Any] = {}
    if threading.current_thread() is threading.main_thread():
        for name in ("SIGTERM", "SIGBREAK"):  # uvicorn's handler while it runs; ours when it re-raises them
            if hasattr(signal, name):
                saved[getattr(signal, name)] = signal.signal(getattr(signal, name), _interrupt)
        if hasattr(signal, "SIGHUP"):  # not one of uvicorn's: the same graceful stop as SIGTERM
            saved[signal.SIGHUP] = signal.signal(signal.SIGHUP,
                                                 lambda _s, frame: server.handle_exit(signal.SIGTERM, frame))
    try:
        server.run(sockets=[sock])
    finally:
        for sig, handler in saved.items():
            signal.signal(sig, handler)


class BackgroundServer:
    """The server in a daemon thread: ``start()`` returns once it listens (or raises :class:`ListenError`
    with the reason), ``stop()`` waits for it."""

    def __init__(self, db: Database, host: str = DEFAULT_HOST, port: int = 0, log_level: str = "warning",
                 limits: Limits | None = None) -> None:
        self._server = _Server(_config(db, log_level, limits or Limits()))
        self._requested = port
        self._sock: socket.socket | None = None
        self._thread: threading.Thread | None = None
        self._failed: BaseException | None = None
        self.host = host

    @property
    def port(self) -> int:
        assert self._sock is not None, "not started"
        return int(self._sock.getsockname()[1])

    @property
    def url(self) -> str:
        return f"http://{self.host}:{self.port}"

    def _run(self) -> None:
        try:
            self._server.run(sockets=[self._sock] if self._sock is not None else None)
        except BaseException as exc:  # noqa: BLE001 - SystemExit included: start() reports it
            self._failed = exc

    def start(self, timeout: float = 20.0) -> BackgroundServer:
        self._sock = listen(self.host, self._requested)
        self._thread = threading.Thread(target=self._run, name="mcr-web", daemon=True)
        self._thread.start()
        deadline = time.monotonic() + timeout
        while not self._server.started:
            if not self._thread.is_alive() or time.monotonic() > deadline:
                reason = f": {type(self._failed).__name__}: {self._failed}" if self._failed is not None else ""
                self._server.should_exit = True
                if not self._thread.is_alive():
                    self._sock.close()
                raise RuntimeError(f"the web server did not start{reason}")
            time.sleep(0.02)
        return self

    def stop(self) -> None:
        self._server.should_exit = True
        if self._thread is not None:
            self._thread.join(timeout=10)

    def __enter__(self) -> BackgroundServer:
        return self.start()

    def __exit__(self, *exc: object) -> None:
        self.stop()
