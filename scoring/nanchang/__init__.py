"""Nanchang's payment table (南昌麻将算子), from source 003: paid by hand type, not scored from tiles (the
source never defines its joker, 精). ``table.deltas`` is the table; ``score.answer`` is
``mcr-score --rules nanchang``. docs/rule-systems.md "Nanchang"."""
