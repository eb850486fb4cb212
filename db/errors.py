"""Errors the store raises. Each carries a stable ``code``, its ``params`` and an English ``message`` a person
can act on (made from the code by ``db.messages``); the CLI prints the message as is, the GUI translates the
code, JSON outputs carry ``{"code", "message"}`` (:meth:`TournamentError.to_json`)."""

from __future__ import annotations

from typing import Any

from db.messages import render


class TournamentError(Exception):
    """Base for every refusal of the store: bad input, a rule broken, a state that forbids the action.

    Raise with a code and its parameters (``TournamentError(code="no_players")``); a message given
    instead keeps the class's ``code`` and cannot be translated, so db/, web/ and reports/ never do it
    (``tests/db/test_messages.py`` finds such a raise).
    """

    code = "refused"

    def __init__(self, message: str | None = None, *, code: str | None = None, **params: Any) -> None:
        self.code = code or type(self).code
        self.params = params
        if message is None:
            message = render(self.code, params)
        super().__init__(message)
        self.message = message

    def __str__(self) -> str:
        return self.message

    def to_json(self) -> dict[str, Any]:
        return {"code": self.code, "message": self.message}


class InputError(TournamentError):
    """A value is wrong. ``field`` names it (e.g. "winner"), so a file line can say which field."""

    code = "invalid_input"

    def __init__(self, field: str | None, message: str | None = None, *, code: str | None = None,
                 **params: Any) -> None:
        detail = message if message is not None else render(code or type(self).code, params)
        super().__init__(f'"{field}": {detail}' if field else detail, code=code, **params)
        self.field = field
        self.detail = detail

    def to_json(self) -> dict[str, Any]:
        return {**super().to_json(), "field": self.field}


class StaleTableError(TournamentError):
    """The table changed since the caller read it (another station saved first)."""

    code = "stale_table"

    def __init__(self, session: int, table: int, expected: int, actual: int) -> None:
        super().__init__(session=session, table=table, expected=expected, actual=actual)
        self.session = session
        self.table = table
        self.expected = expected
        self.actual = actual


class SchemaTooNewError(TournamentError):
    """The database was written by a newer version of the app."""

    code = "schema_too_new"


class NotInitialisedError(TournamentError):
    """The database holds no tournament yet."""

    code = "not_initialised"


class FrozenSettingsError(TournamentError):
    """Settings cannot change once results exist."""

    code = "settings_frozen"


# ------------------------------------------------------------------------- files and databases
# Each kind is raised with a specific code (``file_empty``, ``not_sqlite``, ``output_failed``...; the
# class's ``code`` is its default) and parameters; a system's cause goes in ``cause`` / ``problem`` as the
# system says it. The message is one line for people, without SQL or data from the file.


class OutputError(TournamentError):
    """A file could not be written (export, backup, report); the previous file is left as it was."""

    code = "output_failed"


class NotATournamentFileError(TournamentError):
    """The file is not an MCR Referee tournament (another program's database, a PDF, an empty file…).
    It was not changed."""

    code = "not_a_tournament_file"


class DamagedDatabaseError(TournamentError):
    """The file has the tournament tables but something the store needs is missing or unreadable."""

    code = "damaged_database"


class ReadOnlyDatabaseError(TournamentError):
    """The database was opened read-only (read-only file, folder or medium, or a program that only
    reads): it can be read but not changed."""

    code = "read_only_database"


class DatabaseFileGoneError(TournamentError):
    """The file the store opened was deleted, moved or replaced: writing on would lose the changes."""

    code = "database_file_gone"


class DatabaseConnectError(TournamentError):
    """The database server cannot be reached or used (driver missing, login, permissions)."""

    code = "database_unavailable"


class BackupError(TournamentError):
    """A backup could not be made, listed or restored."""

    code = "backup_failed"
