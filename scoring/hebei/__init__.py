"""Hebei mahjong (河北麻将), from source 003: 136 tiles, no chow, base points by who won and how plus
additive fans, kongs settled at the end of the hand. docs/rule-systems.md "Hebei" gives the rules and the
decisions on what the source leaves open; ``score.answer`` is ``mcr-score --rules hebei``."""
