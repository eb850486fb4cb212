"""The open tournament as the pages see it: the database, its runner, and where it came from."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from referee_app.runner import Runner


@dataclass
class TournamentContext:
    db: Any  # db.store.Database
    runner: Runner
    path: str

    def close(self) -> None:
        self.db.close()
