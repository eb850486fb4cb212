"""The ``mcr-tournament`` sub-commands, one module per group; ``db.commands.cli`` builds the parser from them.

Each module has ``add_parsers(sub)`` and commands ``cmd_*(args, db) -> int`` that use the service API
(``db.service.*``, ``db.read.queries``, ``db.formats``) only: no ORM rows, no private helpers.
"""
