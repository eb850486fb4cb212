"""Audit actions are one enum whose values are the codes stored in existing databases, each with labels."""

from __future__ import annotations

from pathlib import Path

from db import open_database
from db.actions import AuditAction
from db.read import queries
from db.service.demo import fill_demo

STORED = {"init", "settings", "player_add", "player_update", "substitute", "seating_plan", "seat", "seat_edit",
          "seat_swap", "seat_correction", "seat_delete", "record", "correct", "delete", "sign_off", "import",
          "device_issue", "device_revoke", "clock", "call", "call_take", "call_resolve", "call_cancel",
          "public_page", "stage", "checkin", "stand_in"}


def test_values_are_the_stored_codes_and_each_has_both_labels() -> None:
    assert {a.value for a in AuditAction} == STORED
    for a in AuditAction:
        assert a.en and a.zh and a.en != a.value


def test_every_action_the_store_writes_is_known(tmp_path: Path) -> None:
    with open_database(tmp_path / "t.mcr", create=True) as db:
        with db.factory.begin() as s:
            fill_demo(s)
        with db.reader() as s:
            written = {e.action for e in queries.audit_log(s)}
    assert written and written <= STORED
