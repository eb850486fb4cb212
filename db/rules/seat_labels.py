"""How a referee picks a player by a letter, at the desk and on the table's phone.

**The letter is always the starting seat** (E, S, W, N of the session's seating: the sheet's columns,
the totals entry's keys); where the player's seat wind in the hand in play is another, it is said
beside the name: "S 李娜 · now East". Before, the phone and hand entry lettered players by the hand's
wind while the totals entry and the sheet used the starting seat, so in the same hand "S" named two
different people. One home for that rule: the desk (``referee_app``) and the API (``web.api.api``, which
sends the note to the phone) both call these functions; nothing repeats it in JavaScript.
"""

from __future__ import annotations

import texts
from db.rules.rotation import WINDS
from texts import NC_

NOW = NC_("seat", "now {wind}")
# the winds' full names (the reports' msgctxt "wind.name": E → East / 东)
WIND_NAMES = {"E": "East", "S": "South", "W": "West", "N": "North"}


def wind_now(seat: int, hand_wind: str | None, lang: str = texts.DEFAULT) -> str | None:
    """"now East" (in ``lang``) when the player who started at ``seat`` (0–3: E, S, W, N) has another
    seat wind (``hand_wind``, "E"…"N") in the hand in play; None when it is the same or there is no hand
    in play (``hand_wind`` None: the session is over at the table).

    >>> wind_now(1, "E"), wind_now(1, "S"), wind_now(1, None)
    ('now East', None, None)
    """
    if hand_wind is None or hand_wind == WINDS[seat]:
        return None
    name = texts.gettext(lang, WIND_NAMES[hand_wind], "wind.name")
    return texts.translate(lang, NOW, "seat", wind=name)


def seat_label(seat: int, text: str, hand_wind: str | None, lang: str = texts.DEFAULT) -> str:
    """``text`` (a player as a front end lists them, starting with the seat's letter), with the hand's wind
    beside it when it is another (:func:`wind_now`): "S 李娜 · now East".

    >>> seat_label(1, "S 李娜 (5)", "E"), seat_label(0, "E Li Wei", "E")
    ('S 李娜 (5) · now East', 'E Li Wei')
    """
    now = wind_now(seat, hand_wind, lang)
    return text if now is None else f"{text} · {now}"
