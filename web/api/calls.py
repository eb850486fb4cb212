"""The table's side of calling a referee (docs/web.md "Calling a referee"): plain functions over a
:class:`~db.storage.database.Database` as in ``web.api.api``, used with the table's token.

- ``POST /api/calls {"reason", "note"?}`` → the new call (201);
- ``GET /api/calls`` → this table's calls in this session, the newest last;
- ``DELETE /api/calls/ID`` → cancels this table's open call.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from typing import Any

from starlette.requests import Request
from starlette.responses import Response
from starlette.routing import Route

from db.errors import InputError
from db.read.lookup import device_place
from db.service.audit import now
from db.service.calls import CallView, call_referee, cancel_call, list_calls
from db.service.devices import device_actor
from db.storage.database import Database
from web.api.api import parse_body

POSTED = ("id", "session", "table", "reason", "note", "status", "called_at")


def _table_json(call: CallView) -> dict[str, Any]:
    """A call as its table sees it: the referee's name once taken, the ruling once resolved; how long ago it
    was made and closed in seconds by the server's clock (a phone's own clock may be minutes off)."""
    at = now()
    age = int((at - call.called_at).total_seconds())
    closed = None if call.closed_at is None else int((at - call.closed_at).total_seconds())
    return {**call.to_json(), "age_s": max(0, age), "closed_s_ago": None if closed is None else max(0, closed)}


def post_call(db: Database, token: str | None, raw: bytes) -> tuple[int, dict[str, Any]]:
    with db.factory.begin() as s:
        place = device_place(s, token)  # 401/403 before anything about the body
        obj = parse_body(raw)
        if not isinstance(obj, dict):
            raise InputError(None, code="line_not_object")
        for name in obj:
            if name not in ("reason", "note"):
                raise InputError(str(name)[:40], code="call_field")
        call = call_referee(s, *place, obj.get("reason"), obj.get("note"), actor=device_actor(place[1]))
    full = call.to_json()
    return 201, {k: full[k] for k in POSTED}


def get_calls(db: Database, token: str | None) -> list[dict[str, Any]]:
    with db.reader() as s:
        place = device_place(s, token)
        return [_table_json(c) for c in list_calls(s, session=place[0], table=place[1])]


def delete_call(db: Database, token: str | None, call_id: str) -> dict[str, Any]:
    with db.factory.begin() as s:
        place = device_place(s, token)
        # an id that is no call's: not digits, 0, or too long to be any (never parsed whole: int() refuses
        # 4,300 digits and more)
        if not (call_id.isascii() and call_id.isdigit()) or len(call_id) > 18 or int(call_id) < 1:
            raise InputError("call", code="no_call", call=call_id[:20])
        return _table_json(cancel_call(s, *place, int(call_id), actor=device_actor(place[1])))


def routes(db: Database, *, post: Callable[[Request, Callable[[Database, str | None, bytes], Any]], Awaitable[Response]],
           answer: Callable[..., Awaitable[Response]],
           write: Callable[[Request, Callable[[str | None], Any]], Awaitable[Response]],
           token: Callable[[Request], str | None], language: Callable[[Request], str]) -> list[Route]:
    """The routes of the calls, built with ``web.api.app``'s own request helpers (the body limit, the token
    header, refusals as JSON) so that they behave as every other API call does."""

    async def calls(request: Request) -> Response:
        if request.method == "POST":
            return await post(request, post_call)
        tok = token(request)
        return await answer(lambda: get_calls(db, tok), language(request))

    async def one_call(request: Request) -> Response:
        call_id = request.path_params["call_id"]
        return await write(request, lambda tok: delete_call(db, tok, call_id))  # who asks, then a write

    return [Route("/api/calls", calls, methods=["GET", "POST"]),
            Route("/api/calls/{call_id}", one_call, methods=["DELETE"])]
