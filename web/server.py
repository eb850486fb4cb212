"""Running the app with uvicorn in the foreground (``mcr-tournament serve``), or in a thread (tests,
benchmarks, and the desktop app's Tables menu through ``referee_app``)."""

from __future__ import annotations

import socket
import threading
import time

import uvicorn

from db.database import Database
from web.app import create_app

DEFAULT_HOST = "127.0.0.1"
DEFAULT_PORT = 8765


def _config(db: Database, host: str, port: int, log_level: str) -> uvicorn.Config:
    # Plain uvicorn (h11, asyncio): no extra native dependencies; the server runs one process, requests in
    # Starlette's thread pool (SQLite writers queue on the file's lock, PostgreSQL on each table's row).
    return uvicorn.Config(create_app(db), host=host, port=port, log_level=log_level, access_log=False,
                          server_header=False, date_header=False, proxy_headers=False,
                          timeout_graceful_shutdown=5)


def addresses(host: str, port: int) -> list[str]:
    """The base URLs a phone may use: the host itself, or this computer's addresses for 0.0.0.0."""
    if host not in ("0.0.0.0", "::", ""):
        return [f"http://{host}:{port}"]
    found: list[str] = []
    try:
        for info in socket.getaddrinfo(socket.gethostname(), None, socket.AF_INET):
            ip = str(info[4][0])
            if not ip.startswith("127.") and f"http://{ip}:{port}" not in found:
                found.append(f"http://{ip}:{port}")
    except OSError:
        pass
    return found or [f"http://127.0.0.1:{port}"]


def serve(db: Database, host: str = DEFAULT_HOST, port: int = DEFAULT_PORT, log_level: str = "info") -> None:
    """Serve until Ctrl+C (uvicorn handles the signal and finishes the requests under way)."""
    uvicorn.Server(_config(db, host, port, log_level)).run()


class BackgroundServer:
    """The server in a daemon thread: ``start()`` returns once it listens, ``stop()`` waits for it."""

    def __init__(self, db: Database, host: str = DEFAULT_HOST, port: int = 0, log_level: str = "warning") -> None:
        self._server = uvicorn.Server(_config(db, host, port, log_level))
        self._thread = threading.Thread(target=self._server.run, name="mcr-web", daemon=True)
        self.host = host

    @property
    def port(self) -> int:
        servers = getattr(self._server, "servers", [])
        return int(servers[0].sockets[0].getsockname()[1])

    @property
    def url(self) -> str:
        return f"http://{self.host}:{self.port}"

    def start(self, timeout: float = 20.0) -> BackgroundServer:
        self._thread.start()
        deadline = time.monotonic() + timeout
        while not self._server.started:
            if not self._thread.is_alive() or time.monotonic() > deadline:
                raise RuntimeError("the web server did not start")
            time.sleep(0.02)
        return self

    def stop(self) -> None:
        self._server.should_exit = True
        self._thread.join(timeout=10)

    def __enter__(self) -> BackgroundServer:
        return self.start()

    def __exit__(self, *exc: object) -> None:
        self.stop()
