"""The file guard checked from many threads at once (``serve`` checks on each of its threads) while commits and
checkpoints move the header's change counter on: a healthy file is never taken for an overwritten one."""

from __future__ import annotations

import sys
import threading
import time
from collections.abc import Iterator
from pathlib import Path

import pytest
from sqlalchemy import text

from db import open_database
from db.service.tournament import create_tournament
from tests.db.helpers import ACTOR


@pytest.fixture
def fine_switching() -> Iterator[None]:
    """Threads switch every 10 µs, so a check is often interrupted between reading the header and comparing."""
    before = sys.getswitchinterval()
    sys.setswitchinterval(1e-5)
    yield
    sys.setswitchinterval(before)


@pytest.mark.usefixtures("fine_switching")
def test_checks_on_many_threads_during_checkpoints_raise_no_false_alarm(tmp_path: Path) -> None:
    db = open_database(tmp_path / "event.mcr", create=True, backups=False)
    with db.factory.begin() as s:
        create_tournament(s, "Guard Open", "cmr1998", actor=ACTOR)
    errors: list[BaseException] = []
    stop = time.monotonic() + 3  # the old guard gave a false alarm within a second here

    def checker() -> None:
        while time.monotonic() < stop and not errors:
            try:
                db.check_file()
            except Exception as exc:  # noqa: BLE001 - recorded, asserted below
                errors.append(exc)

    def writer() -> None:
        i = 0
        while time.monotonic() < stop and not errors:
            i += 1
            try:
                with db.factory.begin() as s:
                    s.execute(text("PRAGMA wal_autocheckpoint=2"))  # a checkpoint after (nearly) every commit
                    s.execute(text("UPDATE tournament SET name = :n WHERE id = 1"), {"n": f"Guard Open {i}"})
            except Exception as exc:  # noqa: BLE001 - recorded, asserted below
                errors.append(exc)

    threads = [threading.Thread(target=checker) for _ in range(16)] + [threading.Thread(target=writer)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert errors == []
    db.close()
