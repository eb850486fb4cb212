"""Errors the store raises. Each carries a message a person can act on; the CLI prints it as is."""

from __future__ import annotations


class TournamentError(Exception):
    """Base for every refusal of the store: bad input, a rule broken, a state that forbids the action."""

    def __init__(self, message: str) -> None:
        super().__init__(message)
        self.message = message

    def __str__(self) -> str:
        return self.message


class InputError(TournamentError):
    """A value is wrong. ``field`` names it (e.g. "winner"), so a file line can say which field."""

    def __init__(self, field: str | None, message: str) -> None:
        super().__init__(f'"{field}": {message}' if field else message)
        self.field = field
        self.detail = message


class StaleTableError(TournamentError):
    """The table changed since the caller read it (another station saved first)."""

    def __init__(self, session: int, table: int, expected: int, actual: int) -> None:
        super().__init__(
            f"session {session} table {table} was changed by another station "
            f"(you saw version {expected}, it is now {actual}); reload the table and enter it again "
            f"/ 该桌已被其他终端修改，请刷新后重新录入"
        )
        self.session = session
        self.table = table
        self.expected = expected
        self.actual = actual


class SchemaTooNewError(TournamentError):
    """The database was written by a newer version of the app."""


class NotInitialisedError(TournamentError):
    """The database holds no tournament yet."""


class FrozenSettingsError(TournamentError):
    """Settings cannot change once results exist."""


# ------------------------------------------------------------------------- files and databases
# Each has a snake_case ``code`` for the error-code scheme; the message is one line for people, without
# SQL or data from the file.


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
