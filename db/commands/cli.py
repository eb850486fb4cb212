"""``mcr-tournament``: headless tournament administration (commands other than ``report``).

Every sub-command sets ``func(args, db) -> int`` with ``set_defaults``; :func:`main` opens the database
named by ``--db`` and calls it, so extensions (the reports layer's ``report``) get the opened
:class:`db.storage.database.Database` the same way. Errors go to stderr with exit status 1, never a traceback.
"""

from __future__ import annotations

import argparse
import contextlib
import importlib
import io
import os
import re
import shutil
import sys
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any, NoReturn

import sqlalchemy.exc
from sqlalchemy.engine import URL

import texts
from db.commands.common import Command
from db.errors import InputError, TournamentError
from db.rules.limits import ACTOR_MAX, INT_MAX, check_text
from db.seating import SeatingError
from db.storage.backups import back_up, backup_folder, list_backups
from db.storage.database import Database
from db.storage.files import JOURNAL_SUFFIXES
from db.storage.schema import first_line, to_url
from db.storage.store import open_database

# An extension adds sub-commands to the parser (the reports layer adds ``report``). Its sub-commands set
# ``func`` with ``set_defaults(func=...)``; ``func(args, db)`` receives the opened database.
Extension = Callable[[argparse._SubParsersAction], None]

__all__ = ["Command", "Extension", "build_parser", "main"]

# Where each sub-command is defined (module, the function that adds it, the commands it adds), in the order --help
# lists them. A command loads its own module only: ``standings`` needs neither the seating algorithm nor the demo
# (docs/architecture.md, "Start-up"); --help, a mistyped command or none load them all. The modules are named as
# data and imported with importlib: tests/db/test_imports.py counts these names as imports, so no cycle hides here.
COMMAND_MODULES: tuple[tuple[str, str, frozenset[str]], ...] = (
    ("db.commands.tournament", "add_setup_parsers", frozenset({"init", "settings"})),
    ("db.commands.players", "add_parsers", frozenset({"players", "seat", "seating"})),
    ("db.commands.results", "add_parsers", frozenset({"results", "standings"})),
    ("db.commands.clock", "add_parsers", frozenset({"clock"})),
    ("db.commands.calls", "add_parsers", frozenset({"calls"})),
    ("db.commands.stages", "add_parsers", frozenset({"stage", "awards", "checkin"})),
    ("db.commands.tournament", "add_store_parsers", frozenset({"check", "export", "import"})),
    (__name__, "add_backup_parser", frozenset({"backup"})),
    ("db.commands.tournament", "add_log_parsers", frozenset({"log", "demo"})),
)


def _fail(refusal: texts.Said | str, lang: str = texts.DEFAULT) -> int:
    """One line on stderr, in the environment's language (``texts.env_language``)."""
    message = refusal.in_language(lang) if isinstance(refusal, texts.Said) else refusal
    print(f"mcr-tournament: {message}", file=sys.stderr)
    return 1


def _file_error(exc: OSError, given: str) -> TournamentError:
    """A system's refusal to reach a file, said in one line: the folder this user may not enter, or the
    file and the system's own words."""
    path = str(exc.filename) if exc.filename is not None else given
    if isinstance(exc, PermissionError):
        for folder in reversed(Path(path).absolute().parents):
            if not os.access(folder, os.X_OK):
                return TournamentError(code="folder_not_enterable", path=path, folder=str(folder))
    return TournamentError(code="file_unreadable", path=path, problem=(exc.strerror or str(exc)).lower())


def _check_db_arg(text: str) -> None:
    """``--db`` as text the store can use: a name that is not UTF-8 (a byte the file system allows) cannot
    become an SQLite URI, and a loop of symbolic links cannot be resolved."""
    try:
        text.encode("utf-8")
    except UnicodeEncodeError as exc:
        raise TournamentError(code="path_not_text", path=text.encode("utf-8", "backslashreplace").decode()) from exc
    if "://" not in text:
        try:
            Path(text).expanduser().resolve()
        except RuntimeError as exc:  # Python 3.11: "Symlink loop from ..."
            raise TournamentError(code="file_unreadable", path=text, problem="a loop of symbolic links") from exc


@dataclass(frozen=True)
class NewFile:
    """The file a creating command (``import``, ``init``, ``demo``) is about to make, and whether its backups
    folder was there: a command that fails removes what it made, so a failed ``import FILE.json`` leaves no
    empty tournament behind to be mistaken for one, and a retry starts from nothing."""

    path: Path
    had_backups: bool

    @staticmethod
    def before(url: URL, command: str) -> NewFile | None:
        if command not in CREATES or url.get_backend_name() != "sqlite" or not url.database:
            return None
        path = Path(url.database)
        if path.exists() or path.is_symlink() or any(Path(f"{path}{s}").exists() for s in JOURNAL_SUFFIXES):
            return None
        return NewFile(path, backup_folder(path).exists())

    def remove(self) -> None:
        for part in (self.path, *(Path(f"{self.path}{s}") for s in JOURNAL_SUFFIXES)):
            with contextlib.suppress(OSError):
                part.unlink()
        if not self.had_backups:
            shutil.rmtree(backup_folder(self.path), ignore_errors=True)


def cmd_backup(args: argparse.Namespace, db: Database) -> int:
    if args.list:
        if db.path is None:
            raise TournamentError(code="backup_list_needs_file")
        for b in list_backups(db.path, args.dir):
            print(f"{b.taken_at:%Y-%m-%d %H:%M:%SZ}  {b.kind + (str(b.session) if b.session else ''):9}  "
                  f"{b.size // 1024 + 1:7d} KiB  {b.path}")
        return 0
    target = back_up(db, folder=args.dir)
    print(f"backup written to {target}")
    return 0


# ------------------------------------------------------------------------------------------- parser

CREATES = {"init", "import", "demo"}  # commands that may create a new database file
# Commands that only read: opened read-only (no write lock, no migration, no backups).
READS = {"standings", "check", "export", "backup", "seating", "log", "report", "players list", "results list",
         "stage list", "awards"}
# Bulk writers: on SQLite they wait politely for the file's write lock, so a device's or a desk's write goes
# first (``Database.batch``, db.storage.store); their transactions and what each guarantees are unchanged.
BATCH = {"results import", "players import"}


class OneLineParser(argparse.ArgumentParser):
    """argparse whose usage errors are one line, as every other refusal: ``--sessions abc`` printed the
    usage block (up to 9 lines) before the one line that mattered. ``--help`` still prints the usage. Sub-command
    parsers are of the same class (argparse makes them of their parent's). The exit status stays 2.

    It also remembers what the user types for each option (``option_names``: ``--session``; ``id`` for a
    positional) and its sub-commands, so a refusal names ``calls take ID`` as "id", not "--id"."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        self.option_names: dict[str, str] = {}  # before argparse adds --help through add_argument
        self.sub_commands: tuple[str, dict[str, OneLineParser]] | None = None
        super().__init__(*args, **kwargs)

    def add_argument(self, *args: Any, **kwargs: Any) -> argparse.Action:
        action = super().add_argument(*args, **kwargs)
        strings = action.option_strings
        self.option_names[action.dest] = max(strings, key=len) if strings else str(action.metavar or action.dest)
        return action

    def add_subparsers(self, **kwargs: Any) -> Any:
        action = super().add_subparsers(**kwargs)
        self.sub_commands = (action.dest, action.choices)
        return action

    def error(self, message: str) -> NoReturn:
        self.exit(2, f"{self.prog}: {_short_values(message)} (see {self.prog} --help)\n")


def _short_values(message: str) -> str:
    """argparse's message with any quoted value of more than 40 characters cut (a 5,000-digit number).

    >>> _short_values("argument --sessions: invalid int value: '" + "9" * 50 + "'")
    "argument --sessions: invalid int value: '9999999999999999999999999999999999999999…'"
    """
    return re.sub(r"'([^']{40})[^']+'", r"'\1…'", message)


def _option_names(parser: argparse.ArgumentParser, args: argparse.Namespace) -> dict[str, str]:
    """Each option's destination -> what the user typed for it, along the sub-commands chosen."""
    names: dict[str, str] = {}
    current = parser if isinstance(parser, OneLineParser) else None
    while current is not None:
        names.update(current.option_names)
        dest, choices = current.sub_commands or ("", {})
        current = choices.get(getattr(args, dest, None) or "") if dest else None
    return names


def _check_whole_numbers(parser: argparse.ArgumentParser, args: argparse.Namespace) -> None:
    """Every whole number given fits an Integer column (``--session``, ``--table``, ``--hand``, ``--penalty`` …);
    the refusal says the side that was passed (a count is never negative: "must be at most 2147483647", not
    "out of range (-2147483648–2147483647)")."""
    names = _option_names(parser, args)
    for dest, value in vars(args).items():
        if not isinstance(value, int) or isinstance(value, bool):
            continue
        if value > INT_MAX:
            raise InputError(names.get(dest, "--" + dest.replace("_", "-")), code="too_large", value=value, high=INT_MAX)
        if value < -INT_MAX - 1:
            raise InputError(names.get(dest, "--" + dest.replace("_", "-")), code="too_small", value=value, low=-INT_MAX - 1)


class VersionAction(argparse.Action):
    """``--version`` as argparse's own (``prog version`` on stdout, exit 0), the version read only when asked:
    the console script's reads the package's metadata, whose modules take longer to load than many commands run."""

    def __init__(self, option_strings: Sequence[str], dest: str, read: Callable[[], str]) -> None:
        super().__init__(option_strings, dest=argparse.SUPPRESS, default=argparse.SUPPRESS, nargs=0,
                         help="show program's version number and exit")
        self.read = read

    def __call__(self, parser: argparse.ArgumentParser, namespace: argparse.Namespace, values: Any,
                 option_string: str | None = None) -> NoReturn:
        print(f"{parser.prog} {self.read()}", flush=True)
        parser.exit()


def add_backup_parser(sub: argparse._SubParsersAction) -> None:
    q = sub.add_parser("backup", help="consistent copy of the live database (default: into FILE.backups/)")
    q.add_argument("dir", nargs="?", help="folder for the copy (default: the backups folder beside the file)")
    q.add_argument("--list", action="store_true", help="list the backups (automatic and manual) instead")
    q.set_defaults(func=cmd_backup)


def _add_top_options(p: argparse.ArgumentParser) -> None:
    p.add_argument("--db", help="SQLite file path or SQLAlchemy URL (postgresql+psycopg://user:pw@host/db)")
    p.add_argument("--station", default="", help="station name for the audit log (default: host name)")
    p.add_argument("--referee", default="", help="referee name for the audit log (default: $MCR_REFEREE, else $USER or %%USERNAME%%)")


class _Unsure(Exception):
    """The first look at a command line found a mistake: the whole parser is to say it."""


class _FirstLook(argparse.ArgumentParser):
    def error(self, message: str) -> NoReturn:
        raise _Unsure(message)


def command_named(argv: Sequence[str]) -> str | None:
    """The sub-command ``argv`` runs, when only the options ``--db``, ``--station`` and ``--referee`` come before
    it; None (every command's module is needed) for anything else: no command, ``--help``, ``--version``, a
    mistake, which the whole parser then answers as ever.

    >>> command_named(["--db", "t.mcr", "--station", "standings", "standings", "--format", "json"])
    'standings'
    >>> command_named(["--db", "t.mcr", "-h", "standings"]), command_named(["--db"]), command_named([])
    (None, None, None)
    """
    look = _FirstLook(add_help=False)
    _add_top_options(look)
    look.add_argument("rest", nargs=argparse.REMAINDER)
    try:
        known, unknown = look.parse_known_args(list(argv))
    except _Unsure:
        return None
    return str(known.rest[0]) if known.rest and not unknown else None


def _adders(command: str | None) -> list[Extension]:
    """The functions that add db's sub-commands: every one, or the one that adds ``command`` (none if db has no
    such command), its module imported now."""
    return [getattr(importlib.import_module(module), function) for module, function, names in COMMAND_MODULES
            if command is None or command in names]


def build_parser(extensions: Sequence[Extension] = (), version: Callable[[], str] | None = None,
                 command: str | None = None) -> argparse.ArgumentParser:
    """The command line; ``version``: reads the installed version, for ``--version`` (the console script's).

    ``command``: the sub-command the user named (:func:`command_named`): only it is set up (besides the
    extensions' commands, which are cheap to set up), so only its module is loaded. It parses that command's
    line as the whole parser does; any other line is the whole parser's to answer (a refusal that lists the
    commands lists them all)."""
    p = OneLineParser(prog="mcr-tournament", description="MCR tournament administration.")
    _add_top_options(p)
    if version is not None:
        p.add_argument("--version", action=VersionAction, read=version)
    sub = p.add_subparsers(dest="command", required=True)
    for add in _adders(command):
        add(sub)
    for extend in extensions:
        extend(sub)
    if command is not None and command not in sub.choices:
        return build_parser(extensions, version)
    return p


def utf8_out() -> None:
    """UTF-8 on stdout and stderr whatever the console or pipe: Windows gives a pipe or a redirect its ANSI
    code page (cp1252; GBK on Chinese Windows), which cannot write Chinese names and is not what a CSV or
    JSON reader expects."""
    for stream in (sys.stdout, sys.stderr):
        if isinstance(stream, io.TextIOWrapper):
            stream.reconfigure(encoding="utf-8", errors=stream.errors)


def main(argv: Sequence[str] | None = None, extensions: Sequence[Extension] = (),
         version: Callable[[], str] | None = None) -> int:
    utf8_out()
    lang = texts.env_language()
    argv = sys.argv[1:] if argv is None else argv
    parser = build_parser(extensions, version, command_named(argv))
    args = parser.parse_args(argv)
    func: Command | None = getattr(args, "func", None)
    if func is None:
        return _fail(TournamentError(code="command_unavailable", command=args.command), lang)
    if not args.db:
        return _fail(TournamentError(code="no_database_given"), lang)
    try:
        # Checked before the database is opened: a bad name stops the command before anything is written.
        check_text(args.station, "--station", ACTOR_MAX)
        check_text(args.referee, "--referee", ACTOR_MAX)
        _check_whole_numbers(parser, args)
        _check_db_arg(args.db)
        url = to_url(args.db)
        if url.get_backend_name() == "sqlite" and args.command not in CREATES \
                and url.database and not Path(url.database).exists():
            return _fail(TournamentError(code="no_such_database", path=args.db), lang)
        sub_command = getattr(args, f"{args.command}_command", None)
        reads = args.command in READS or f"{args.command} {sub_command}" in READS
        new = NewFile.before(url, args.command)
        rc = 1
        try:
            with open_database(args.db, create=args.command in CREATES, writable=not reads) as db:
                db.batch = f"{args.command} {sub_command}" in BATCH
                rc = func(args, db)
                return rc
        finally:
            if rc != 0 and new is not None:
                new.remove()  # after the database is closed
    except (TournamentError, SeatingError) as exc:
        return _fail(exc if isinstance(exc, TournamentError) else exc.args[0], lang)
    except KeyboardInterrupt:
        return _fail(TournamentError(code="interrupted"), lang)
    except BrokenPipeError:
        # The reader (e.g. `| head`) stopped listening: not an error of ours.
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        return 0
    except OSError as exc:  # a file the system would not let us reach (a folder we may not enter, a long name)
        return _fail(_file_error(exc, args.db), lang)
    except (sqlalchemy.exc.NoSuchModuleError, sqlalchemy.exc.ArgumentError) as exc:  # --db foo://bar
        return _fail(TournamentError(code="database_url_invalid", url=args.db, problem=first_line(exc)), lang)
    except Exception as exc:  # noqa: BLE001 - the CLI promise: a message, never a traceback
        return _fail(TournamentError(code="unexpected_error", kind=type(exc).__name__, problem=first_line(exc)),
                     lang)


if __name__ == "__main__":
    sys.exit(main())
