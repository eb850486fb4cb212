"""Complete, lossless export/import (JSON), and the export of a live database read in one snapshot.

The export holds every row of every table, column by column, plus the schema revision. Import is
only into a database without a tournament, in one transaction, keeping ids, so an export of the
import is identical to the original export.
"""

from __future__ import annotations

import json
from datetime import date, datetime
from typing import Any

import sqlalchemy.exc
from sqlalchemy import Boolean, Date, DateTime, Engine, Integer, String, insert, select, text
from sqlalchemy.orm import Session

from db.errors import TournamentError
from db.models import Base, Tournament
from db.rules.limits import INT_MAX
from db.rules.profiles import Settings
from db.storage.audit_legacy import columns as legacy_columns
from db.storage.schema import first_line, head_revision, known_revision

FORMAT = "mcr-tournament-export"


def _encode(value: Any) -> Any:
    if isinstance(value, datetime | date):
        return value.isoformat()
    return value


def export_data(s: Session) -> dict[str, Any]:
    if s.get(Tournament, 1) is None:
        raise TournamentError(code="nothing_to_export")
    tables: dict[str, list[dict[str, Any]]] = {}
    for table in Base.metadata.sorted_tables:
        pk = [c for c in table.primary_key.columns]
        rows = s.execute(select(table).order_by(*pk)).mappings().all()
        tables[table.name] = [{k: _encode(v) for k, v in row.items()} for row in rows]
    return {"format": FORMAT, "schema": head_revision(), "tables": tables}


def export_json(s: Session) -> str:
    return json.dumps(export_data(s), ensure_ascii=False, indent=1, sort_keys=True)


def _unstorable(column: Any, value: Any) -> tuple[str, dict[str, Any]] | None:
    """Why a text value cannot be stored the same on every backend (longer than its column, a NUL, a lone
    surrogate), as a refusal code and its parameters, or None. An export is restored as it is, so the
    service limits (db/rules/limits.py) are not applied here; this only keeps PostgreSQL from refusing with SQL
    and data in its error."""
    if not isinstance(value, str):
        return None
    length = getattr(column.type, "length", None)
    if length is not None and len(value) > length:
        return "export_text_too_long", {"length": len(value), "limit": length}
    if "\x00" in value or any("\ud800" <= ch <= "\udfff" for ch in value if not ch.isprintable()):
        return "export_text_invalid", {}
    return None


def _wrong_type(column: Any, value: Any) -> bool:
    """Whether ``value`` cannot be the column's (a hand-edited or damaged export): each kind of column
    takes its own JSON type, so no Python or database error comes of it later."""
    kind = column.type
    if value is None:
        return False  # NOT NULL is the database's to say (a missing column is the same)
    if isinstance(kind, Boolean):
        return not isinstance(value, bool)
    if isinstance(kind, Integer):
        return not isinstance(value, int) or isinstance(value, bool) or not -INT_MAX - 1 <= value <= INT_MAX
    if isinstance(kind, DateTime | Date):
        if not isinstance(value, str):
            return True
        try:
            (datetime if isinstance(kind, DateTime) else date).fromisoformat(value)
        except ValueError:
            return True
        return False
    if isinstance(kind, String):
        return not isinstance(value, str)
    return False  # JSON: any value


def _decode(column: Any, value: Any) -> Any:
    if value is None:
        return None
    if isinstance(column.type, DateTime):
        return datetime.fromisoformat(value)
    if isinstance(column.type, Date):
        return date.fromisoformat(value)
    return value


def import_data(s: Session, data: Any) -> None:
    """Restore an export into this (empty) database, in the caller's transaction."""
    if not isinstance(data, dict) or data.get("format") != FORMAT:
        raise TournamentError(code="export_format_invalid", format=FORMAT)
    schema = data.get("schema")
    # An export of an older schema (a known revision) imports too: the columns added since are left
    # empty (they are nullable, e.g. the EMA player fields of 0002), but for the audit entries' place and
    # message (0007), filled as the migration fills them. A newer one is refused.
    if schema != head_revision() and not (isinstance(schema, str) and known_revision(schema)):
        raise TournamentError(code="export_schema_differs", schema=schema, head=head_revision())
    if s.get(Tournament, 1) is not None:
        raise TournamentError(code="import_needs_empty_database")
    tables = data.get("tables")
    if not isinstance(tables, dict):
        raise TournamentError(code="export_no_tables")
    unknown_tables = sorted(set(tables) - set(Base.metadata.tables))
    if unknown_tables:
        raise TournamentError(code="export_unknown_tables", tables=", ".join(map(str, unknown_tables)))
    try:
        _insert_rows(s, tables)
    except sqlalchemy.exc.IntegrityError as exc:  # ids twice, a row pointing at none, a value missing
        raise TournamentError(code="export_inconsistent", problem=first_line(exc)) from exc
    t = s.get(Tournament, 1)
    if t is None:
        raise TournamentError(code="export_no_tournament")
    try:
        Settings.from_json(t.settings)
    except Exception as exc:  # noqa: BLE001 - whatever is wrong with them, the export is refused in one line
        raise TournamentError(code="export_settings_invalid", problem=f"{type(exc).__name__}: {first_line(exc)}") \
            from exc
    if s.get_bind().dialect.name == "postgresql":
        # Explicit ids do not move PostgreSQL's sequences: set them past the restored rows.
        for table in Base.metadata.sorted_tables:
            if "id" in table.columns:
                s.execute(text(f"SELECT setval(pg_get_serial_sequence('{table.name}', 'id'), "
                               f"COALESCE((SELECT MAX(id) FROM {table.name}), 0) + 1, false)"))


def _insert_rows(s: Session, tables: dict[str, Any]) -> None:
    """Every table's rows, checked value by value first (each refusal names the table, row and column)."""
    for table in Base.metadata.sorted_tables:
        rows = tables.get(table.name, [])
        if not rows:
            continue
        if not isinstance(rows, list):
            raise TournamentError(code="export_table_invalid", table=table.name)
        cols = {c.name: c for c in table.columns}
        decoded = []
        for i, row in enumerate(rows):
            if not isinstance(row, dict):
                raise TournamentError(code="export_row_invalid", table=table.name, row=i + 1)
            unknown = set(row) - set(cols)
            if unknown:
                raise TournamentError(code="export_unknown_columns", table=table.name, row=i + 1, columns=sorted(unknown))
            for k, v in row.items():
                if problem := _unstorable(cols[k], v):
                    code, params = problem
                    raise TournamentError(code=code, table=table.name, row=i + 1, column=k, **params)
                if _wrong_type(cols[k], v):
                    raise TournamentError(code="export_value_invalid", table=table.name, row=i + 1, column=k,
                                          value=_shown(v))
            if table.name == "audit_log" and "what_code" not in row and isinstance(row.get("what"), str):
                row = {**row, **_older_what(row["what"])}
            decoded.append({k: _decode(cols[k], v) for k, v in row.items()})
        s.execute(insert(table), decoded)


def _older_what(what: str) -> dict[str, Any]:
    """An audit entry of an export made before schema 0007: its place and message read from its English, as
    the migration reads the entries of a file (the same upgrade of the same rows)."""
    return legacy_columns(what)


def _shown(value: Any) -> str:
    text = json.dumps(value, ensure_ascii=False)
    return text if len(text) <= 40 else text[:39] + "…"


def export_snapshot(engine: Engine) -> str:
    """The export of a live database read in one snapshot (REPEATABLE READ: every table as of one moment
    while stations write), as JSON text: what ``backup DIR`` writes for a server database (db.storage.backups)."""
    with engine.connect() as conn:
        conn = conn.execution_options(isolation_level="REPEATABLE READ", mcr_read_only=True)
        with conn.begin(), Session(bind=conn) as s:
            return export_json(s)
