"""The server's defaults that ``mcr-tournament serve --help`` shows, in a module that imports nothing: the
command line is set up without loading the server (uvicorn, Starlette), which loads only when ``serve`` runs
(docs/architecture.md, "Start-up")."""

DEFAULT_HOST = "127.0.0.1"  # this computer only; 0.0.0.0: the local network
DEFAULT_PORT = 8765
PAGE_RATE = 10.0  # players' pages a second one client address may ask (web.limits.guard.Limits.page_budget)
