"""Sichuan 血战到底 (``sichuan-xuezhan``): one winner's hand scored from its tiles, and a hand's events
(wins, kongs, the end of the wall) settled in order. Pure: nothing of ours but ``scoring``.

docs/rule-systems.md "Sichuan 血战到底" gives the rules, their sources and the points decided here.
"""
