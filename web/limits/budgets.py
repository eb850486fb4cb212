"""Budgets on the venue's network (docs/web.md "Budgets"): how much one client address may ask of
the pages anyone can open without a token, and how often one table's token may call or cancel a referee.

A budget is a token bucket (``rate`` requests a second, ``burst`` after a pause) and, for the pages, a number
of requests in progress at once. A request past its budget is refused with 429 and ``Retry-After``; the
refusal is answered after :data:`REFUSAL_DELAY` seconds, so that a client looping on its refusals gets one a
second per connection rather than as many as the event loop can write (each one's HTTP work would take turns
with the tables' writes in the one interpreter). At most :data:`HELD_PER_KEY` refusals of one address wait at
once (a token's: a few, they hold API request slots); beyond, they are answered at once. One address has at
most ``Limits.max_connections_per_address`` (48) connections open (``web.limits.guard``), fewer than that, so every
refusal of an address waits its delay however many connections it opens.

Every request without a token spends a budget of its address (:func:`open_kind`): the players' page, its
files, and anything else (``/api/texts``, a 404, a 401), so no path is a way around them. The players' page's
reads of the whole model have a budget of their own (:data:`MAY_READ`): past it an address gets the last read.

Why per address: on the venue's Wi-Fi each phone has its own address, so a stranger's flood spends the
stranger's own budget and leaves every other phone theirs (behind one NAT, the phones share one budget: the
page budget serves 40 phones refreshing every 5 s there while the results move every second, 50 while they
do not; docs/web.md "Budgets"). Why per token for the calls: a
call and its cancellation are two audited writes, and the one write lane and the desk's list are shared.
Everything here runs on the event loop's thread: no lock.
"""

from __future__ import annotations

import asyncio
import logging
import math
import threading
import time
from collections import OrderedDict
from collections.abc import Callable
from dataclasses import dataclass

from starlette.types import ASGIApp, Receive, Scope, Send

log = logging.getLogger("web")  # rate-limited by web.limits.guard (one line per kind a minute)

REFUSAL_DELAY = 1.0  # seconds a refusal waits before it is answered
HELD_PER_KEY = 64  # refusals of one address or token waiting at once; more are answered at once
MAX_KEYS = 4096  # addresses or tokens remembered; the least recently seen idle ones are forgotten first
# A request's extra cost in its budget, set on its ASGI scope by the handler once it knows it (the players'
# page: a read of the whole model), taken from the address's bucket after the answer.
EXTRA_COST = "mcr.budget.extra_cost"
# Whether a players' page request may read the whole model again (a callable, set by AddressBudget): one per
# read its address's read budget has (Limits.read_budget), else the page is drawn from the kept read, older.
MAY_READ = "mcr.budget.may_read"


@dataclass(frozen=True)
class Budget:
    """What one key (a client address, a table's token) may ask: ``rate`` requests a second on average,
    ``burst`` at once after a pause, and at most ``at_once`` in progress together (None: no such limit)."""

    rate: float
    burst: int
    at_once: int | None = None

    def __post_init__(self) -> None:
        if not (self.rate > 0 and self.burst >= 1 and (self.at_once is None or self.at_once >= 1)):
            raise ValueError(f"a budget needs a rate above 0, a burst and a number at once of 1 or more: {self}")


@dataclass(frozen=True)
class Bucket:
    """A token bucket's state: ``tokens`` left at ``at`` (monotonic seconds)."""

    tokens: float
    at: float


def take(bucket: Bucket | None, budget: Budget, now: float) -> tuple[Bucket, float]:
    """The bucket after a request at ``now`` (None: a key not seen yet, its bucket full), and 0.0 if the
    request may go (it took a token), else the seconds until a token is there (it took none)."""
    tokens = float(budget.burst) if bucket is None else min(budget.burst, bucket.tokens + (now - bucket.at) * budget.rate)
    if tokens >= 1.0:
        return Bucket(tokens - 1.0, now), 0.0
    return Bucket(tokens, now), (1.0 - tokens) / budget.rate


def retry_after(wait: float) -> int:
    """``Retry-After`` in whole seconds (at least 1)."""
    return max(1, math.ceil(wait))


class _Key:
    __slots__ = ("bucket", "busy", "held")

    def __init__(self) -> None:
        self.bucket: Bucket | None = None
        self.busy = 0  # requests in progress
        self.held = 0  # refusals waiting for their answer


class Budgets:
    """One :class:`Budget` for every key: the bucket of each and its requests in progress."""

    def __init__(self, budget: Budget, *, held: int = HELD_PER_KEY, clock: Callable[[], float] = time.monotonic,
                 max_keys: int = MAX_KEYS) -> None:
        self.budget, self.held, self.clock, self.max_keys = budget, held, clock, max_keys
        self._keys: OrderedDict[str, _Key] = OrderedDict()

    def _key(self, key: str) -> _Key:
        state = self._keys.get(key)
        if state is None:
            if len(self._keys) >= self.max_keys:
                self._forget()
            state = self._keys[key] = _Key()
        else:
            self._keys.move_to_end(key)
        return state

    def _forget(self) -> None:
        """Room for a new key: the least recently seen key with nothing under way (its bucket starts full
        again if it comes back; a key with requests under way is kept, so its count stays right)."""
        for key, state in self._keys.items():
            if not state.busy and not state.held:
                del self._keys[key]
                return

    def admit(self, key: str) -> float:
        """0.0 if ``key`` may make a request now, else the seconds after which to ask again. With a limit at
        once, an admitted request is in progress until :meth:`done`."""
        state = self._key(key)
        at_once = self.budget.at_once
        if at_once is not None and state.busy >= at_once:
            return REFUSAL_DELAY  # a request of its own will be done by then, most likely
        state.bucket, wait = take(state.bucket, self.budget, self.clock())
        if wait == 0.0 and at_once is not None:
            state.busy += 1
        return wait

    def done(self, key: str, extra: float = 0.0) -> None:
        """A request of ``key`` is over; it cost ``extra`` requests more than one (its bucket may go below
        zero: the key waits that much longer)."""
        state = self._keys.get(key)
        if state is None:
            return
        if state.busy:
            state.busy -= 1
        if extra > 0 and state.bucket is not None:
            state.bucket = Bucket(state.bucket.tokens - extra, state.bucket.at)

    async def slowly(self, key: str, delay: float = REFUSAL_DELAY) -> None:
        """Wait ``delay`` before a refusal of ``key`` is answered, unless :attr:`held` of its refusals already
        wait."""
        state = self._key(key)
        if state.held >= self.held or delay <= 0:
            return
        state.held += 1
        try:
            await asyncio.sleep(delay)
        finally:
            state.held -= 1

    def __len__(self) -> int:
        return len(self._keys)


def client_address(scope: Scope) -> str:
    """The address a request came from (the socket's peer: ``serve`` trusts no forwarding header), an
    IPv4 address mapped into IPv6 written as IPv4."""
    client = scope.get("client")
    host = str(client[0]) if client else ""
    return host.removeprefix("::ffff:") if host.startswith("::ffff:") and "." in host else host


def open_kind(path: str, token: bool = False) -> str | None:
    """Which budget of its address a request spends: "page" (the players' page: ``/``, ``/p/…``), "file"
    (the pages' files: ``/static/…``, the table page ``/t/…``), "other" (anything else asked without a token
    (an ``Authorization`` header): the catalogue's ``/api/texts``, a 404, a 401), or None (a table's API
    request with its token: the token's business, never the address's)."""
    if path == "/" or path.startswith("/p/"):
        return "page"
    if path.startswith(("/static/", "/t/")):
        return "file"
    return None if token else "other"


def has_token(scope: Scope) -> bool:
    """The request carries an ``Authorization`` header (a table's token, checked by the API later)."""
    return any(name == b"authorization" for name, _ in scope.get("headers") or [])


Refusal = Callable[[int], ASGIApp]  # the answer of a refused request, given its Retry-After in seconds


class AddressBudget:
    """Per client address, the budget of each kind of open request (:func:`open_kind`): past it, 429 with
    ``Retry-After``, answered after :data:`REFUSAL_DELAY`. Outside the server's request caps
    (``guard.RequestCap``): a refused request never holds one of their slots while it waits."""

    def __init__(self, app: ASGIApp, budgets: dict[str, Budget], refuse: Refusal,
                 delay: float = REFUSAL_DELAY, reads: Budget | None = None) -> None:
        self.app, self.refuse, self.delay = app, refuse, delay
        self.budgets = {kind: Budgets(b) for kind, b in budgets.items()}
        self.reads = Budgets(reads) if reads is not None else None
        self._reads_lock = threading.Lock()  # the reads' budgets are asked on the thread pool (the page's render)

    def _may_read(self, address: str) -> bool:
        """One of ``address``'s reads of the whole model, if its budget has one (called on the thread pool)."""
        with self._reads_lock:
            return self.reads is None or self.reads.admit(address) == 0.0

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        kind = open_kind(scope["path"], has_token(scope)) if scope["type"] == "http" else None
        budgets = self.budgets.get(kind) if kind is not None else None
        if budgets is None:
            await self.app(scope, receive, send)
            return
        address = client_address(scope)
        wait = budgets.admit(address)
        if wait:
            log.warning("%s is past its budget of %s requests (%g a second, %d after a pause, %s at a time): "
                        "answered 429", address, kind, budgets.budget.rate, budgets.budget.burst,
                        budgets.budget.at_once)
            await budgets.slowly(address, self.delay)
            await self.refuse(retry_after(wait))(scope, receive, send)
            return
        if kind == "page" and self.reads is not None:
            scope[MAY_READ] = lambda: self._may_read(address)
        try:
            await self.app(scope, receive, send)
        finally:
            budgets.done(address, float(scope.get(EXTRA_COST, 0.0)))
