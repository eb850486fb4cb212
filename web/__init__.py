"""The table devices' web server: a Starlette app over the tournament store (docs/web.md).

Beside ``reports`` in the layers: it uses ``scoring`` and ``db`` (and may use ``reports``), never Qt;
``referee_app`` may start it.
"""
