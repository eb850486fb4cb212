"""What keeps the server up on a hostile network (docs/web.md "Limits"): deadlines for a connection
that sends nothing, its request head slowly or its body slowly; a cap on open connections (the oldest idle one
makes room for a new one, so a flood of idle connections never locks the phones out nor reaches the file
limit); a cap on requests in progress; and logging that stays bounded: one line per kind of failure per
interval, and no traceback for a client that went away or for the system's limits.
"""

from __future__ import annotations

import asyncio
import contextlib
import errno
import logging
import math
import socket
import threading
import time
import weakref
from collections import OrderedDict
from collections.abc import AsyncIterator, Iterator
from dataclasses import dataclass
from typing import Any, Literal

import h11
from starlette.requests import ClientDisconnect
from starlette.types import ASGIApp, Receive, Scope, Send
from uvicorn.protocols.http.h11_impl import H11Protocol

from web.defaults import PAGE_RATE
from web.limits.budgets import REFUSAL_DELAY, Budget

log = logging.getLogger("web")

# Descriptors kept free for everything but connections: SQLite's file, WAL and shared memory per pooled
# connection (Starlette runs requests on up to 40 threads), backups, logs, the app's own files.
FD_RESERVE = 256
# Connections asyncio accepts in one go, before the protocol of the first sees them; the ones they push out
# are closed only on the loop's next turn. So the cap keeps twice this many descriptors free too (else "Too
# many open files" at the file limit, and asyncio stops accepting for a second).
ACCEPT_BURST = 64
# Seconds a connection has waited for its next request before a new connection of the same address, past the
# address's cap, may close it to take its place (Limits.max_connections_per_address).
PARKED = 1.0


@dataclass(frozen=True)
class Limits:
    """The server's limits. Times in seconds."""

    idle_timeout: float = 10.0  # a connection without a whole request head this long after opening or its last answer
    body_timeout: float = 10.0  # a request body not all there this long after its head (a body is at most 16 KB)
    max_connections: int = 8000  # open at once (about 7 KB each); kept under the file limit too
    # served at once from one client address: past it, that address's oldest idle connection makes room, or (all
    # busy) the new one waits unread for a place, idle_timeout at most (so its refusals all wait their delay:
    # web.limits.budgets.HELD_PER_KEY is more than this)
    max_connections_per_address: int = 48
    max_requests: int = 100  # in progress at once; more are answered 503 at once
    # players' page requests (no token) in progress at once: under the thread pool's 40 threads, so that a crowd
    # (or a stranger) on the page never leaves the tables' API waiting for a thread
    max_page_requests: int = 16
    # per client address (web.limits.budgets): the players' page (/, /p/…; 40 phones behind one address refreshing
    # every 5 s, docs/web.md "Budgets"), the pages' files (/static/…, /t/…), and every other request without a
    # token (/api/texts, 404s); per table token: calling and cancelling a referee. Past them: 429, answered
    # after refusal_delay
    page_budget: Budget = Budget(rate=PAGE_RATE, burst=100, at_once=4)
    file_budget: Budget = Budget(rate=30.0, burst=300, at_once=8)
    other_budget: Budget = Budget(rate=5.0, burst=60, at_once=4)
    # per client address, the players' page's reads of the whole model (when the store moved): past it, the
    # page is drawn from the last read (older); one stranger can no longer keep a read going beside the writes
    read_budget: Budget = Budget(rate=0.4, burst=5)
    calls_budget: Budget = Budget(rate=0.1, burst=20)
    refusal_delay: float = REFUSAL_DELAY
    shutdown_timeout: int = 2  # Ctrl+C, SIGTERM, a closed console: requests under way get this long (whole s)
    log_interval: float = 60.0  # one log line per kind of failure per interval


def file_limit() -> int | None:
    """This process's limit of open files, raised to its hard limit (at most 65536) where the system allows.
    None where there is no such limit to read (Windows)."""
    try:
        import resource
    except ImportError:
        return None
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    for want in (65536, 10240, 4096):  # macOS refuses more than OPEN_MAX (10240)
        if hard != resource.RLIM_INFINITY:
            want = min(want, hard)
        if soft == resource.RLIM_INFINITY or soft >= want:
            break
        with contextlib.suppress(ValueError, OSError):
            resource.setrlimit(resource.RLIMIT_NOFILE, (want, hard))
            soft = want
            break
    return None if soft == resource.RLIM_INFINITY else int(soft)


def connection_cap(limits: Limits) -> int:
    """How many connections may be open at once: the limit, kept under the process's file limit."""
    fds = file_limit()
    if fds is None:
        return limits.max_connections
    return max(8, min(limits.max_connections, fds - min(FD_RESERVE, fds // 4) - 2 * ACCEPT_BURST))


def no_delay(transport: asyncio.BaseTransport) -> None:
    """Send each write at once (TCP_NODELAY). uvicorn writes an answer's head and its body separately; with
    Nagle's algorithm the body waits for the client to acknowledge the head, and a client delays that
    acknowledgement (40 ms on Linux, up to 200 ms on Windows). asyncio sets the option itself only on a
    socket made with ``proto=IPPROTO_TCP``, which ``socket.create_server`` (``web.api.server.listen``) does not
    give: every keep-alive request after a quick one waited those 40 ms."""
    sock = transport.get_extra_info("socket")
    if sock is not None and sock.family in (socket.AF_INET, socket.AF_INET6):
        with contextlib.suppress(OSError):
            sock.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)


def guarded_protocol(limits: Limits, max_connections: int) -> type[H11Protocol]:
    """uvicorn's h11 protocol with deadlines and the connection cap (one class per server: its idle list)."""
    return type("Guarded", (_Guarded,), {"book": _Connections(limits, max_connections)})


class _Connections:
    """One server's connections, as its protocol class keeps them."""

    def __init__(self, limits: Limits, max_connections: int) -> None:
        self.limits = limits
        self.max_connections = max_connections
        # Connections waiting for a request head, oldest first. An OrderedDict: taking the first entry of a
        # plain dict after many were taken from its front scans the holes they left (quadratic under a flood).
        self.idle: OrderedDict[_Guarded, None] = OrderedDict()
        # Per client address (issue 35 review): its connections served, the idle ones among them (oldest
        # first), and the ones past its cap, waiting for a place, unread (oldest first; also all of them
        # together). Before, past 64 refusals waiting an address's refusals were answered at once: 200
        # connections of one stranger took turns with everyone's pages in the one interpreter; closing the
        # ones past the cap at once made them come back at once, thousands a second. A waiting connection
        # costs a descriptor and no work.
        self.per_address = limits.max_connections_per_address
        self.served: dict[str, int] = {}
        # -> since when (the loop's clock; -inf: never asked)
        self.idle_of: dict[str, OrderedDict[_Guarded, float]] = {}
        self.waiting_of: dict[str, OrderedDict[_Guarded, None]] = {}
        self.waiting: OrderedDict[_Guarded, None] = OrderedDict()


class _Guarded(H11Protocol):
    """uvicorn's h11 protocol with deadlines and the connection caps; ``book`` is set per server
    (:func:`guarded_protocol`)."""

    book: _Connections
    _deadline: asyncio.TimerHandle | None = None
    _phase: tuple[str, int] = ("", 0)
    _address: str | None = None  # its client's address, where it is counted in ``served``
    _waits: str | None = None  # its client's address while it waits past that address's cap

    def connection_made(self, transport: asyncio.Transport) -> None:  # type: ignore[override]
        no_delay(transport)
        super().connection_made(transport)
        book = self.book
        if len(self.connections) > book.max_connections and not self._make_room(transport):
            return
        address = peer_address(transport.get_extra_info("peername"))
        if address is not None and book.served.get(address, 0) >= book.per_address \
                and not self._address_room(address):
            return
        if address is not None:
            self._count(address)
        self._update()

    def _make_room(self, transport: asyncio.Transport) -> bool:
        """Past the server's cap: close the oldest waiting or idle connection (False: none, this one is closed)."""
        book = self.book
        # a connection waiting past its address's cap goes first: it was never served
        oldest = next(iter(book.waiting)) if book.waiting else next(iter(book.idle)) if book.idle else None
        if oldest is None:  # every connection has a request under way: this one waits for none
            limited("connections_busy", "connection limit (%d) reached with every connection busy: "
                    "new connections are closed", book.max_connections)
            transport.close()
            return False
        limited("connections_full", "connection limit (%d) reached: the oldest idle connections are "
                "closed to make room", book.max_connections)
        oldest._expire()
        return True

    def _address_room(self, address: str) -> bool:
        """Past its address's cap: close that address's oldest parked connection (False: none, this one waits)."""
        book = self.book
        mine = book.idle_of.get(address)
        # a connection idle a moment only after a request is between two requests of a loop: closing
        # it would make room for a new one that closes the next (a flood turning its connections over
        # endlessly); one that never asked anything goes at once, as under the overall cap
        parked = mine and self.loop.time() - next(iter(mine.values())) >= PARKED
        if not parked:  # all of them busy: this one waits, unread, for one of them to close
            limited("connections_address", "an address has %d connections with requests under way: its "
                    "new ones wait", book.per_address)
            self._wait(address)
            return False
        limited("connections_address_idle", "an address has %d connections open: its oldest idle ones "
                "are closed to make room", book.per_address)
        next(iter(mine or ()))._expire()  # its count goes at its connection_lost
        return True

    def data_received(self, data: bytes) -> None:
        super().data_received(data)
        self._update()

    def on_response_complete(self) -> None:
        super().on_response_complete()
        self._update()

    def connection_lost(self, exc: Exception | None) -> None:
        self._cancel()
        address, self._address = self._address, None
        if address is not None:
            book = self.book
            book.served[address] -= 1
            if not book.served[address]:
                del book.served[address]
                book.idle_of.pop(address, None)
            queue = book.waiting_of.get(address)
            while queue and not next(iter(queue))._serve(address):  # the oldest waiting one takes the place
                pass
        super().connection_lost(exc)

    def _count(self, address: str) -> None:
        self.book.served[address] = self.book.served.get(address, 0) + 1
        self._address = address

    def _wait(self, address: str) -> None:
        """Past its address's cap: unread until a place is free, closed after the idle timeout."""
        self.transport.pause_reading()
        self._waits = address
        self.book.waiting[self] = None
        self.book.waiting_of.setdefault(address, OrderedDict())[self] = None
        self._deadline = self.loop.call_later(self.book.limits.idle_timeout, self._expire)

    def _serve(self, address: str) -> bool:
        """A waiting connection's turn: counted, read, and its idle deadline from now (False: it was
        closing, no longer waiting, and takes no place)."""
        self._cancel()
        if self.transport.is_closing():
            return False
        self._count(address)
        self.transport.resume_reading()
        self._update()
        return True

    def _update(self) -> None:
        """Arm the deadline of the phase the connection is in: waiting for a head (idle), for the rest of
        a body, or none while the app works on a whole request."""
        if self.transport.is_closing():
            self._cancel()
            return
        if self._waits is not None:
            return
        cycle = self.cycle
        if cycle is None or cycle.response_complete:
            phase = "head"
        elif self.conn.their_state is h11.SEND_BODY:
            phase = "body"
        else:
            phase = "app"
        key = (phase, id(cycle))
        if key == self._phase:
            return
        self._phase = key
        self._cancel()
        book = self.book
        if phase == "head":
            book.idle[self] = None
            if self._address is not None:
                since = self.loop.time() if cycle is not None else -math.inf
                book.idle_of.setdefault(self._address, OrderedDict())[self] = since
            self._deadline = self.loop.call_later(book.limits.idle_timeout, self._expire)
        elif phase == "body":
            self._deadline = self.loop.call_later(book.limits.body_timeout, self._expire)

    def _cancel(self) -> None:
        book = self.book
        book.idle.pop(self, None)
        if self._address is not None and (mine := book.idle_of.get(self._address)) is not None:
            mine.pop(self, None)
        if self._waits is not None:
            book.waiting.pop(self, None)
            queue = book.waiting_of.get(self._waits)
            if queue is not None:
                queue.pop(self, None)
                if not queue:
                    del book.waiting_of[self._waits]
            self._waits = None
        if self._deadline is not None:
            self._deadline.cancel()
            self._deadline = None

    def _expire(self) -> None:
        # A request whose body stopped coming sees a disconnect (ClientDisconnect, answered by nobody).
        self._cancel()
        if not self.transport.is_closing():
            self.transport.close()


def peer_address(peer: object) -> str | None:
    """A socket peer's address (``peername``), an IPv4 address mapped into IPv6 written as IPv4 (the key
    ``web.limits.budgets.client_address`` gives the same client's requests); None if not an IP peer."""
    if not isinstance(peer, tuple) or not peer:
        return None
    host = str(peer[0])
    return host.removeprefix("::ffff:") if host.startswith("::ffff:") and "." in host else host


# Which way a request's work goes into the thread pool (WritersFirst): a token's check takes neither lane.
Lane = Literal["read", "write", "check"]


class _LaneState:
    """One event loop's writes under way and reads in progress (asyncio's Event and Semaphore belong to one
    loop: an app served again on another loop, as a test client does, gets its own)."""

    def __init__(self, reads_at_once: int) -> None:
        self.writes = 0
        self.idle = asyncio.Event()
        self.idle.set()
        self.reads = asyncio.Semaphore(reads_at_once)


class WritersFirst:
    """The order in which the tables' requests start their work: a write (a hand, the false win,
    a call or its cancellation) starts at once; a read (a preview, a table's sheet, the calls' list) starts
    once no write is waiting or under way, or after :attr:`patience` seconds; and at most
    :attr:`READS_AT_ONCE` of those reads run together.

    Why: the server is one Python process, so whatever runs beside a write slows it (they take turns in
    one interpreter), and every write queued behind it waits that much longer. A write is a table waiting
    to see its hand recorded; a preview is a hint the page shows while the hand is entered. Reads cannot
    starve: a table's next write needs its reads first, and a read waits for writes :attr:`patience` at
    most, then only for the reads ahead of it. Used from the event loop's thread only: no lock."""

    patience = 0.5
    READS_AT_ONCE = 2

    def __init__(self) -> None:
        self._loop: weakref.ref[asyncio.AbstractEventLoop] | None = None
        self._lanes = _LaneState(self.READS_AT_ONCE)

    def _state(self) -> _LaneState:
        # one loop at a time serves the app (a server started anew, a test client's portal, builds its own):
        # another loop gets fresh state; a write still finishing on the old one settles the old state
        loop = asyncio.get_running_loop()
        if self._loop is None or self._loop() is not loop:
            self._loop, self._lanes = weakref.ref(loop), _LaneState(self.READS_AT_ONCE)
        return self._lanes

    @contextlib.contextmanager
    def writing(self) -> Iterator[None]:
        state = self._state()
        state.writes += 1
        state.idle.clear()
        try:
            yield
        finally:
            state.writes -= 1
            if not state.writes:
                state.idle.set()

    @contextlib.asynccontextmanager
    async def reading(self) -> AsyncIterator[None]:
        """A read: once no write is waiting or under way (:attr:`patience` at most), then one of
        :attr:`READS_AT_ONCE`. A write that comes while the read waits for its turn still goes first: when
        its turn comes the read looks again, keeping its turn (else a moment with no write let every waiting
        read through, and the writes that came meanwhile queued behind them all)."""
        state = self._state()
        loop = asyncio.get_running_loop()
        deadline = loop.time() + self.patience

        async def no_write() -> None:
            # again after each wake-up: a write may have started between the set that woke this read and
            # its turn to run
            while state.writes and (left := deadline - loop.time()) > 0:
                with contextlib.suppress(TimeoutError):
                    await asyncio.wait_for(state.idle.wait(), left)

        await no_write()
        async with state.reads:
            await no_write()
            yield


class RequestCap:
    """At most ``limit`` API requests in progress; more are answered 503 ``server_busy`` at once (a phone
    tries again) rather than queued behind a flood. The players' page (``/``, ``/p/…``, no token) has its own,
    smaller cap (``page_limit``, answered by ``page_busy``), so it can never take the threads the API needs."""

    def __init__(self, app: ASGIApp, limit: int, busy: ASGIApp, page_limit: int | None = None,
                 page_busy: ASGIApp | None = None) -> None:
        self.app, self.busy = app, busy
        self.page_busy = page_busy or busy
        self.limits = {"api": limit, "page": limit if page_limit is None else page_limit}
        self.counts = {"api": 0, "page": 0}

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        kind = request_kind(scope["path"]) if scope["type"] == "http" else None
        if kind is None:
            await self.app(scope, receive, send)
            return
        if self.counts[kind] >= self.limits[kind]:
            limited(f"requests_busy_{kind}", "%d %s requests in progress: more are answered 503", self.limits[kind],
                    kind)
            await (self.busy if kind == "api" else self.page_busy)(scope, receive, send)
            return
        self.counts[kind] += 1  # one event loop: no lock needed
        try:
            await self.app(scope, receive, send)
        finally:
            self.counts[kind] -= 1


def request_kind(path: str) -> str | None:
    """Which cap a request counts against: "api" (a table's token), "page" (the players' page), or None
    (static files, the table page's HTML: files, no store read)."""
    if path.startswith("/api/"):
        return "api"
    if path == "/" or path.startswith("/p/"):
        return "page"
    return None


# ------------------------------------------------------------------------------------------------ logging

QUIET = (ClientDisconnect, ConnectionError, TimeoutError, asyncio.CancelledError)  # a client went away
SYSTEM = {errno.EMFILE, errno.ENFILE, errno.ENOBUFS, errno.ENOMEM, errno.ENOSPC}  # the machine's limits


def _quiet(exc: BaseException) -> bool:
    return isinstance(exc, QUIET) or (isinstance(exc, OSError) and exc.errno in SYSTEM)


class RateLimit(logging.Filter):
    """One record per kind per ``interval`` seconds; the next one of a kind says how many were left out. A
    kind is the logger, the message's template, and the exception's type and errno. A record about a client
    that went away or a system limit (``Too many open files``) keeps one line and loses its traceback.
    At most ``max_kinds`` kinds are told apart (then they share one), so the log stays bounded."""

    def __init__(self, interval: float = 60.0, max_kinds: int = 200) -> None:
        super().__init__()
        self.interval, self.max_kinds = interval, max_kinds
        self._kinds: dict[tuple[Any, ...], list[float]] = {}  # kind -> [last written, left out since]
        self._lock = threading.Lock()

    def reset(self) -> None:
        """Forget the kinds seen (a new interval for each)."""
        with self._lock:
            self._kinds.clear()

    def filter(self, record: logging.LogRecord) -> bool:
        exc = record.exc_info[1] if record.exc_info else None
        key: tuple[Any, ...] = (record.name, record.levelno, str(record.msg), type(exc).__name__,
                                getattr(exc, "errno", None))
        now = time.monotonic()
        with self._lock:
            if key not in self._kinds and len(self._kinds) >= self.max_kinds:
                key = ("other",)
            last = self._kinds.get(key)
            if last is not None and now - last[0] < self.interval:
                last[1] += 1
                return False
            left_out = int(last[1]) if last is not None else 0
            self._kinds[key] = [now, 0]
        if exc is not None and _quiet(exc):
            record.msg = f"{record.getMessage().strip()}: {type(exc).__name__}: {exc}"
            record.args, record.exc_info, record.exc_text = None, None, None
        if left_out:
            record.msg = f"{record.getMessage()} ({left_out} more like this in the last {self.interval:g} s)"
            record.args = None
        return True


RATE_LIMIT = RateLimit()
GUARDED_LOGGERS = ("web", "uvicorn.error")


def guard_logging(interval: float) -> None:
    """Put the rate limit on the loggers the server writes to (once per process; where the lines go is the
    program's choice: ``serve`` prints them, the app writes its log file)."""
    RATE_LIMIT.interval = interval
    for name in GUARDED_LOGGERS:
        logger = logging.getLogger(name)
        if RATE_LIMIT not in logger.filters:
            logger.addFilter(RATE_LIMIT)


def limited(kind: str, message: str, *args: Any) -> None:
    """A warning of the server's own (at most one line of each ``message`` per interval; ``kind`` names it
    where it is raised)."""
    log.warning(message, *args)


def loop_errors(loop: asyncio.AbstractEventLoop, context: dict[str, Any]) -> None:
    """The event loop's errors (e.g. ``socket.accept() out of system resource`` at the file limit, which
    asyncio retries a second later) as one rate-limited line each, never a traceback per try."""
    exc = context.get("exception")
    message = str(context.get("message", "event loop error")).replace("%", "%%")  # the template is the kind
    log.error(message, exc_info=exc)
