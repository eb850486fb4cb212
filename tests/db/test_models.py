"""The models and the migrations describe the same schema (Alembic's autogenerate finds nothing to do)."""

from __future__ import annotations

from pathlib import Path

from alembic.autogenerate import compare_metadata
from alembic.migration import MigrationContext

from db import open_database
from db.models import Base, HandResult, Penalty
from db.storage.stamp import not_stamp


def test_autogenerate_sees_no_difference(tmp_path: Path) -> None:
    with open_database(tmp_path / "t.mcr", create=True) as db, db.engine.connect() as conn:
        context = MigrationContext.configure(conn, opts={"compare_type": True, "render_as_batch": True,
                                                     "include_name": not_stamp})
        assert compare_metadata(context, Base.metadata) == []


def test_hands_and_penalties_share_their_point_change_columns() -> None:
    shared = ["d0", "d1", "d2", "d3", "recorded_at", "station", "referee"]
    for model in (HandResult, Penalty):
        names = [c.name for c in model.__table__.columns]
        assert names[-len(shared):] == shared
    h = HandResult(d0=1, d1=2, d2=-1, d3=-2)
    assert h.deltas == (1, 2, -1, -2)
