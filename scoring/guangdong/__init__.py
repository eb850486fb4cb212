"""Guangdong push-to-win (广东推倒胡), profile ``guangdong-tuidaohu``: one hand scored from its tiles, with
jokers (鬼牌), and settled into the four winds' changes with kongs and bought horses (买马).

Source 003 (shared/rules/sources/003_aac00ff8d18d197b.txt), "广东麻将规则说明"; the points it leaves open
are decided in docs/rule-systems.md "Guangdong 推倒胡". ``hands`` reads the hand and finds its hand types,
``settle`` turns a scored hand into payments, ``score`` is the ``mcr-score --rules`` input and answer.
"""
