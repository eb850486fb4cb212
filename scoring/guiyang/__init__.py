"""Guiyang 捉鸡 (``guiyang-zhuoji``), from source 003: a win scored from its tiles by the source's flat hand
values (平胡 10 … 青龙背 100), the kongs (豆) it pays, and the chickens (鸡) at the organiser's values, which the
source does not give (``rules.REQUIRED``). Pure: nothing of ours but ``scoring``.

docs/rule-systems.md "Guiyang 捉鸡" gives the rules and the points decided here.
"""
