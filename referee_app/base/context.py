"""The open tournament as the pages see it: the database, its runner, its bell, and where it came from."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from referee_app.base.clock_watch import Bell
from referee_app.base.runner import Runner


@dataclass
class TournamentContext:
    db: Any  # db.storage.store.Database
    runner: Runner
    path: str
    bell: Bell = field(init=False)  # the one bell of this tournament in this window (clock_watch.Bell)
    #: the same object for a tournament and the copy saved from it after its file vanished (``carry_on`` of
    #: ``MainWindow.open_file``): what a question still open was asked for in the one is answered into the
    #: other; any other tournament opened has a lineage of its own
    lineage: object = field(default_factory=object)

    def __post_init__(self) -> None:
        self.bell = Bell(self.runner)

    def close(self) -> None:
        self.db.close()
