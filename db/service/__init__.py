"""Write services: everything that changes a tournament. The GUI and the CLI both call these.

One module per concern; import a name from the module that owns it (this package re-exports nothing):
``audit`` (the log's writer), ``lookup`` (reads shared with ``db.read.queries``), ``tournament`` (create,
settings), ``players``, ``seats``, ``teammates``, ``outcomes`` (pure: input to point changes),
``results`` (record, call time, sign off), ``corrections``.

Rules of use:
- Every function takes the ORM ``Session`` first and never commits: the caller opens one transaction per
  user action (``with db.factory.begin() as s: record_win(s, ...)``).
- Every change writes an audit entry (what, before, after, when, station, referee, reason).
- Functions that change a table take ``expected_version`` (optional): the ``version`` the caller saw in
  its ``TableSheet``. If another station saved in between, :class:`StaleTableError` is raised and nothing
  is written.
- Players are named by their number (a string), tables by (session, table number), hands 1-based.
"""
