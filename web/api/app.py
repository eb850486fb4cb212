"""The Starlette application: the JSON API for table devices, the table page ``/t/TOKEN`` and its static
files. ``create_app(db)`` takes an open :class:`~db.storage.database.Database`; ``web.api.server`` runs it with uvicorn.

Security (docs/web.md): every API call needs ``Authorization: Bearer TOKEN`` (one table of one session);
bodies over 16 KB are refused (413) before they are read whole; no CORS headers are ever sent, so a page
of another origin cannot read the API; answers are never cached and the page sends no referrer (its
address holds the token).
"""

from __future__ import annotations

import contextlib
import json
import logging
import threading
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

from sqlalchemy.exc import IntegrityError, InterfaceError, OperationalError
from starlette.applications import Starlette
from starlette.concurrency import run_in_threadpool
from starlette.requests import ClientDisconnect, Request
from starlette.responses import FileResponse, JSONResponse, Response
from starlette.routing import Mount, Route
from starlette.staticfiles import StaticFiles
from starlette.types import ASGIApp, Message, Receive, Scope, Send

import resources
import texts
from db.errors import DatabaseConnectError, TournamentError
from db.storage.database import Database
from db.storage.schema import first_line
from web.api import api, calls
from web.api import page_texts as words
from web.limits.budgets import AddressBudget, Budgets, retry_after
from web.limits.guard import Lane, Limits, RequestCap, WritersFirst, limited
from web.public import page as public

STATIC = Path(__file__).resolve().parent.parent / "static"
log = logging.getLogger("web")

SECURITY_HEADERS = [
    (b"x-content-type-options", b"nosniff"),
    (b"referrer-policy", b"no-referrer"),
    (b"x-frame-options", b"DENY"),
    (b"content-security-policy",
     b"default-src 'self'; img-src 'self' data:; style-src 'self' 'unsafe-inline'; "
     b"script-src 'self' 'unsafe-inline'; connect-src 'self'; frame-ancestors 'none'; base-uri 'none'; "
     b"form-action 'self'"),
]


class _SecurityHeaders:
    """Adds :data:`SECURITY_HEADERS` to every answer, and ``Cache-Control: no-store`` to the API's and the
    table page's (they carry a table's data or its token). The pages' own files (scripts, styles) get
    ``no-cache``: kept, but checked (a 304 by their ETag) before each use, so a page never runs one module
    of an old version with another of the new after an upgrade; the tile faces are cached as browsers like."""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        path = scope["path"]
        private = not path.startswith("/static/")
        code = not private and not path.startswith("/static/tiles/")

        async def send_with_headers(message: Message) -> None:
            if message["type"] == "http.response.start":
                headers = list(message.get("headers", [])) + SECURITY_HEADERS
                if private:
                    headers.append((b"cache-control", b"no-store"))
                elif code:
                    headers.append((b"cache-control", b"no-cache"))
                message["headers"] = headers
            await send(message)

        await self.app(scope, receive, send_with_headers)


class _JSON(JSONResponse):
    """JSON as UTF-8, or escaped to ASCII when the text cannot be UTF-8 (a lone surrogate a request sent,
    echoed in a refusal): an answer is never a 500 for its own encoding."""

    def render(self, content: Any) -> bytes:
        text = json.dumps(content, ensure_ascii=False, allow_nan=False, separators=(",", ":"))
        try:
            return text.encode("utf-8")
        except UnicodeEncodeError:
            return json.dumps(content, allow_nan=False, separators=(",", ":")).encode("ascii")


# Files of the page, typed here rather than by the system's table (on Windows the registry often maps .js to
# text/plain, which browsers refuse under nosniff).
MEDIA_TYPES = {".js": "text/javascript; charset=utf-8", ".mjs": "text/javascript; charset=utf-8",
               ".css": "text/css; charset=utf-8", ".svg": "image/svg+xml", ".html": "text/html; charset=utf-8",
               ".json": "application/json", ".png": "image/png", ".ico": "image/x-icon"}


class _Static(StaticFiles):
    def file_response(self, full_path: Any, stat_result: Any, scope: Scope, status_code: int = 200) -> Response:
        response = super().file_response(full_path, stat_result, scope, status_code)
        media = MEDIA_TYPES.get(Path(str(full_path)).suffix.lower())
        if media is not None and isinstance(response, FileResponse):
            response.media_type = media
            response.headers["content-type"] = media
        return response


class _TooLarge(Exception):
    pass


async def _read_body(request: Request) -> bytes:
    length = request.headers.get("content-length", "")
    if length.isdigit() and int(length) > api.MAX_BODY:
        raise _TooLarge
    body = bytearray()
    async for chunk in request.stream():
        body += chunk
        if len(body) > api.MAX_BODY:
            raise _TooLarge
    return bytes(body)


def _token(request: Request) -> str | None:
    scheme, _, value = request.headers.get("authorization", "").partition(" ")
    return value.strip() or None if scheme.lower() == "bearer" else None


def _language(request: Request) -> str:
    """The language of the answer's words: the browser's ``Accept-Language`` (English by default); the
    codes and keys of the JSON never change with it."""
    return texts.accept_language(request.headers.get("accept-language"))


def _error(exc: TournamentError, lang: str = texts.DEFAULT) -> JSONResponse:
    status = api.status_of(exc)
    headers = {"WWW-Authenticate": "Bearer"} if status == 401 else None
    if status == 503 and exc.code != "server_busy":
        # the store cannot serve the tables (read-only, disk full, file gone, server down): said where the
        # organiser looks (serve's console, the app's log), one line per kind a minute (web.limits.guard)
        log.warning(f"the tables cannot record: {exc.code}: %s", exc)
    return _JSON(api.error_json(exc, lang), status_code=status, headers=headers)


def _internal(exc: BaseException, lang: str = texts.DEFAULT) -> JSONResponse:
    log.exception("unexpected error", exc_info=exc)
    message = texts.translate(lang, "unexpected error: {kind}", "internal", kind=type(exc).__name__)
    return _JSON({"error": {"code": "internal", "message": message}}, status_code=500)


def _too_many(seconds: int) -> ASGIApp:
    """The answer past an address's budget: the API's JSON error under ``/api/`` (its format, as a table
    page reads it), else the players' page's words (``public.too_many``)."""
    page = public.too_many(seconds)

    async def refuse(scope: Scope, receive: Receive, send: Send) -> None:
        if not scope["path"].startswith("/api/"):
            await page(scope, receive, send)
            return
        exc = TournamentError(code="too_many_requests", seconds=seconds)
        await _JSON(api.error_json(exc, public.scope_language(scope)), status_code=429,
                    headers={"Retry-After": str(seconds)})(scope, receive, send)

    return refuse


async def _busy(scope: Scope, receive: Receive, send: Send) -> None:
    await _error(TournamentError(code="server_busy"), public.scope_language(scope))(scope, receive, send)


KNOWN_TOKEN_S = 10.0
KNOWN_TOKENS = 4096
CALLS_HELD = 4  # a token's refused calls waiting for their answer at once (each holds an API request slot)


def create_app(db: Database, *, static_dir: Path = STATIC, limits: Limits | None = None) -> ASGIApp:
    """The server for ``db``'s table devices (requests run in Starlette's thread pool, one session each)."""
    return _TableServer(db, static_dir, limits or Limits()).app()


class _TableServer:
    """The table devices' API over one database: its writers' gate and lock, the tokens known good, the calls'
    budget, and the handlers the routes name (:meth:`app` puts them behind the caps and budgets)."""

    def __init__(self, db: Database, static_dir: Path, limits: Limits) -> None:
        self.db = db
        self.static_dir = static_dir
        self.limits = limits
        self.gate = WritersFirst()
        self.calls_budget = Budgets(limits.calls_budget, held=CALLS_HELD)
        # Tokens a check found good in the last KNOWN_TOKEN_S: their next request skips the check before the
        # body (one thread-pool hop less a hand, issue 23). Never a stranger's: each handler checks its token
        # again in its own transaction, so a link revoked meanwhile is still refused, with the same answer.
        self.known: dict[str, float] = {}
        # SQLite has one writer at a time: the server's writers queue here rather than on the file's lock,
        # where SQLite's busy handler sleeps and retries (slower, and unfair under load). A thread lock hands
        # over at once; a queue on the event loop left the file free between two writes for another program
        # to take (with 8 imports writing, the tables' write p95 ×3–7, issue 23). Other programs writing the
        # same file still queue on its lock. PostgreSQL locks only the table's row.
        self.write_lock: contextlib.AbstractContextManager[Any] = (
            threading.Lock() if db.is_sqlite else contextlib.nullcontext())

    def app(self) -> ASGIApp:
        """The routes, behind the request caps, each address's budget and the security headers."""
        routes = [
            Route("/api/table", self.get_table, methods=["GET"]),
            Route("/api/table/version", self.get_version, methods=["GET"]),
            Route("/api/score", self.post_score, methods=["POST"]),
            Route("/api/hands", self.post_hands, methods=["POST"]),
            Route("/api/texts", self.page_texts, methods=["GET"]),
            Route("/t/{token}", self.table_page, methods=["GET"]),
            # referee calls (issue 22), calling and cancelling within each token's budget (issue 35)
            *calls.routes(self.db, post=lambda request, handler: self.post(request, handler, budget=self.calls_budget),
                          answer=self.answer,
                          write=lambda request, call: self.write(request, call, budget=self.calls_budget),
                          token=_token, language=_language),
            *public.routes(self.db),  # the players' page, without a token (issue 22)
            # the tile faces are resources (the desktop picker draws the same files): /static/tiles/1m.svg
            Mount("/static/tiles", _Static(directory=resources.TILES, check_dir=False), name="tiles"),
            Mount("/static", _Static(directory=self.static_dir, check_dir=False), name="static"),
        ]
        limits = self.limits
        capped = RequestCap(Starlette(routes=routes), limits.max_requests, _busy, limits.max_page_requests,
                            public.busy)
        # each address's budget outside the caps: a refusal waiting to be answered holds none of their slots
        budgets = {"page": limits.page_budget, "file": limits.file_budget, "other": limits.other_budget}
        return _SecurityHeaders(AddressBudget(capped, budgets, _too_many, limits.refusal_delay, limits.read_budget))

    async def run(self, call: Callable[[], Any], lang: str = texts.DEFAULT, *,
                  lane: Lane = "read") -> tuple[Any, Response | None]:
        """``call``'s result in the thread pool, or the answer that refuses it. A write starts at once, a read
        once no write is waiting (:class:`~web.limits.guard.WritersFirst`); a token's check (``"check"``: one
        indexed read, before a write too) takes neither lane."""
        try:
            if lane == "write":
                with self.gate.writing():
                    return await run_in_threadpool(call), None
            if lane == "read":
                async with self.gate.reading():
                    return await run_in_threadpool(call), None
            return await run_in_threadpool(call), None
        except TournamentError as exc:
            return None, _error(exc, lang)
        except (OperationalError, InterfaceError) as exc:  # the server went down, the file cannot be opened
            return None, _error(DatabaseConnectError(code="server_unavailable", url=self.db.name,
                                                     problem=first_line(exc)), lang)
        except Exception as exc:  # noqa: BLE001 - a device gets JSON, never a traceback
            return None, _internal(exc, lang)

    async def answer(self, call: Callable[[], Any], lang: str = texts.DEFAULT, *, lane: Lane = "read") -> Response:
        result, refused = await self.run(call, lang, lane=lane)
        if refused is not None:
            return refused
        status, body = result if isinstance(result, tuple) else (200, result)
        return _JSON(body, status_code=status)

    async def get_table(self, request: Request) -> Response:
        q = request.query_params
        token = _token(request)  # the numbers are read after the token is checked (api.read_table)
        lang = _language(request)  # the players' wind notes are words ("now East")
        return await self.answer(lambda: api.read_table(self.db, token, q.get("session"), q.get("table"), lang),
                                 lang)

    async def get_version(self, request: Request) -> Response:
        token = _token(request)
        return await self.answer(lambda: api.read_version(self.db, token), _language(request))

    async def who_asks(self, request: Request) -> tuple[str | None, Response | None]:
        """The request's token, or the answer refusing it. Checked before the body is read and before a
        write's lane: a stranger never holds a request slot (guard.RequestCap) while sending a body slowly,
        nor waits in, or holds up, the writers' queue."""
        token = _token(request)
        known = self.known
        if token is None or known.get(token, 0.0) < time.monotonic():
            _, refused = await self.run(lambda: api.check_token(self.db, token), _language(request), lane="check")
            if refused is not None:
                return token, refused
            if token is not None:
                if len(known) >= KNOWN_TOKENS:  # a few hundred tables at most: more is a flood, start again
                    known.clear()
                known[token] = time.monotonic() + KNOWN_TOKEN_S
        return token, None

    async def over_budget(self, budgets: Budgets | None, token: str | None, lang: str) -> Response | None:
        """The refusal of a good token past its budget (429 with ``Retry-After``, after the refusal delay), or
        None: the request may go. Asked after the token's check, so a stranger's made-up tokens get 401 and
        take no budget's room."""
        if budgets is None or token is None:
            return None
        wait = budgets.admit(token)
        if not wait:
            return None
        limited("calls_budget", "a table's token is past its budget of calls and cancellations (%d after a "
                "pause, then one every %g s): answered 429", budgets.budget.burst, 1 / budgets.budget.rate)
        await budgets.slowly(token, self.limits.refusal_delay)
        seconds = retry_after(wait)
        refusal = _error(TournamentError(code="calls_too_often", seconds=seconds), lang)
        refusal.headers["Retry-After"] = str(seconds)
        return refusal

    async def admitted(self, request: Request, budget: Budgets | None) -> tuple[str | None, Response | None]:
        """Who asks, then their budget: the token, or the answer refusing the request."""
        token, refused = await self.who_asks(request)
        if refused is None:
            refused = await self.over_budget(budget, token, _language(request))
        return token, refused

    async def write(self, request: Request, call: Callable[[str | None], Any], *,
                    budget: Budgets | None = None) -> Response:
        """A write without a body (cancelling a call): who asks first, its budget, then the writers' lane."""
        token, refused = await self.admitted(request, budget)
        if refused is not None:
            return refused
        return await self.answer(lambda: call(token), _language(request), lane="write")

    async def post(self, request: Request, handler: Callable[[Database, str | None, Any], Any], *,
                   writes: bool = True, budget: Budgets | None = None) -> Response:
        token, refused = await self.admitted(request, budget)
        if refused is not None:
            return refused
        try:
            raw = await _read_body(request)
        except _TooLarge:
            return _error(TournamentError(code="body_too_large", limit=api.MAX_BODY), _language(request))
        except ClientDisconnect:  # the phone went away mid-upload (or its body was too slow): nobody to answer
            return Response(status_code=400)
        return await self.answer(lambda: handler(self.db, token, raw), _language(request),
                                 lane="write" if writes else "read")

    async def post_score(self, request: Request) -> Response:
        lang = _language(request)  # a game table's preview says its yaku and outcome in words
        return await self.post(request, lambda db, token, raw: api.preview(db, token, raw, lang), writes=False)

    def record_or_remembered(self, db: Database, token: str | None, raw: bytes, lang: str = texts.DEFAULT) -> Any:
        try:  # the token was checked before the body was read (post)
            with self.write_lock:
                return api.record(db, token, raw, lang)
        except IntegrityError:  # the other try of this request_id committed first: its answer
            before = api.remembered(db, token, raw)
            if before is None:
                raise
            return before

    async def post_hands(self, request: Request) -> Response:
        lang = _language(request)
        return await self.post(request, lambda db, token, raw: self.record_or_remembered(db, token, raw, lang))

    async def page_texts(self, request: Request) -> Response:
        """The table page's words in its language (``?lang=`` when the page chose one, else the browser's);
        no token needed: nothing of the tournament is in them."""
        asked = texts.resolve(request.query_params.get("lang", ""))
        return _JSON(words.page_texts(asked or _language(request)))

    async def table_page(self, request: Request) -> Response:
        return FileResponse(self.static_dir / "table.html", media_type="text/html; charset=utf-8")
