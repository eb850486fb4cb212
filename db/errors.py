"""Errors the store raises. Each carries a stable ``code``, its ``params`` and an English ``message`` a person
can act on (made from the code by ``db.messages``); :meth:`TournamentError.in_language` says it in another
language through the catalogue (the CLI in the environment's language, the API in the browser's, the GUI in
its own), JSON outputs carry ``{"code", "message"}`` (:meth:`TournamentError.to_json`)."""

from __future__ import annotations

from typing import Any

import texts
from db.messages import MESSAGES, render


def _made_here(code: str, params: dict[str, Any], message: str) -> bool:
    """The message is the catalogue's text of the code (not free text given by the raiser)."""
    try:
        return code in MESSAGES and render(code, params) == message
    except (KeyError, IndexError, ValueError):
        return False


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
        given = message is not None
        if message is None:
            message = render(self.code, params)
        super().__init__(message)
        self.message = message
        self._free = given and not _made_here(self.code, params, message)

    def __str__(self) -> str:
        return self.message

    def in_language(self, lang: str) -> str:
        """The message in ``lang`` (the English message when the catalogue lacks it, or when the refusal was
        raised with free text instead of a code)."""
        if lang == texts.DEFAULT or self._free:
            return self.message
        try:
            return render(self.code, self.params, lang)
        except (KeyError, IndexError, ValueError):  # a translation naming other parameters: the English
            return self.message

    def to_json(self, lang: str = texts.DEFAULT) -> dict[str, Any]:
        return {"code": self.code, "message": self.in_language(lang)}


class InputError(TournamentError):
    """A value is wrong. ``field`` names it (e.g. "winner"), so a file line can say which field."""

    code = "invalid_input"

    def __init__(self, field: str | None, message: str | None = None, *, code: str | None = None,
                 **params: Any) -> None:
        detail = message if message is not None else render(code or type(self).code, params)
        super().__init__(f'"{field}": {detail}' if field else detail, code=code, **params)
        self.field = field
        self.detail = detail
        self._free = message is not None and not _made_here(self.code, params, detail)

    def in_language(self, lang: str) -> str:
        """The detail in ``lang``; the field (a JSON or option name) is said only in English."""
        return super().in_language(lang)

    def to_json(self, lang: str = texts.DEFAULT) -> dict[str, Any]:
        return {**super().to_json(lang), "field": self.field}


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
