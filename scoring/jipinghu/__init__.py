"""Guangdong 鸡平胡 (``guangdong-jipinghu``), from source 003: a win entered by hand type, each 番 doubling, the
cap (爆胡) of 3 番 and thirteen orphans past it; every type's 番 is the organiser's (``rules.REQUIRED``), since
the source gives none. Pure: nothing of ours but ``scoring``.

docs/rule-systems.md "Guangdong 鸡平胡" gives the rules and the points decided here.
"""
