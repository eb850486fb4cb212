"""The table page's words, sent to it as JSON in the browser's language (``GET /api/texts``): the page
(web/static/table/*.js, table.html) keeps no translation of its own. Each is a catalogue entry of context
``table_page`` (docs/texts.md), marked here for ``make texts-extract``; the page looks them up by their
English.
"""

from __future__ import annotations

from typing import Any

import texts
from db.service.calls import CallReason
from texts import NC_

CONTEXT = "table_page"
TEXTS = (
    NC_("table_page", "Table"), NC_("table_page", "Session"), NC_("table_page", "Hand"),
    NC_("table_page", "Win"), NC_("table_page", "Draw"), NC_("table_page", "Cancel"),
    NC_("table_page", "Confirm"), NC_("table_page", "Winner"), NC_("table_page", "Discarder"),
    NC_("table_page", "Self-drawn"), NC_("table_page", "Tiles"), NC_("table_page", "Fan total"),
    NC_("table_page", "Fan"), NC_("table_page", "Remove last"), NC_("table_page", "Clear"),
    NC_("table_page", "No hands yet."), NC_("table_page", "False win penalty"), NC_("table_page", "Total"),
    NC_("table_page", "Chow"), NC_("table_page", "Pung"), NC_("table_page", "Kong"),
    NC_("table_page", "Concealed kong"), NC_("table_page", "Tile"), NC_("table_page", "Last copy"),
    NC_("table_page", "Kong win"), NC_("table_page", "Last tile"), NC_("table_page", "fan"),
    NC_("table_page", "Payments"),
    # names for screen readers (aria-label): the language toggle, and the tiles of the hand being entered
    NC_("table_page", "Language"), NC_("table_page", "Tiles in hand"),
    NC_("table_page", "Record hand {n} as a draw: nobody pays."),
    NC_("table_page", "{total} fans: it counts."),
    NC_("table_page", "Only {n} fans without flowers: at least 8 are needed, a false win."),
    NC_("table_page", "Choose the winner."), NC_("table_page", "Choose the discarder, or self-drawn."),
    NC_("table_page", "Enter the fan total."), NC_("table_page", "{n} of 14 tiles"),
    NC_("table_page", "The 14th tile tapped is the winning tile. Tap a tile of the hand to take it back."),
    NC_("table_page", "Mode: {mode}: every tile tapped adds one, until another mode is chosen."),
    NC_("table_page", "Not sent yet: kept on this phone, retrying…"),
    NC_("table_page", "Hand {n} recorded."),
    NC_("table_page", "No connection: the hand is checked when it is sent."),
    NC_("table_page", "offline"), NC_("table_page", "Time called after hand {n}"),
    NC_("table_page", "This link is not valid for a table (ask the referee)."),
    NC_("table_page", "Another device changed this table: the sheet is reloaded, check and enter again."),
    NC_("table_page", "Checking…"),
    NC_("table_page", "False win by {name}: {p} points, {q} to each other player."),
    NC_("table_page", "False win by {name}: {p} points deducted."),
    # "Call referee" (web/static/calls.js; the reasons' words are the store's, msgctxt "reason_of_call")
    NC_("table_page", "Call referee"), NC_("table_page", "Why?"), NC_("table_page", "Note (optional)"),
    NC_("table_page", "Send"), NC_("table_page", "Waiting for a referee"),
    NC_("table_page", "since {t}"), NC_("table_page", "Referee on the way: {name}"), NC_("table_page", "Resolved"),
    NC_("table_page", "Ruling: {text}"), NC_("table_page", "Cancel the call"), NC_("table_page", "OK"),
    NC_("table_page", "Not sent: {e}"),
    NC_("table_page", "All four agree? Confirm records it; the hand goes on and its result is entered as usual."),
    NC_("table_page", "False win"), NC_("table_page", "Back"),
    NC_("table_page", "False-win penalty recorded: the hand goes on."),
    NC_("table_page", "Penalty"), NC_("table_page", "pending"), NC_("table_page", "Session over"),
    NC_("table_page", "Call the referee to record the false win of {name}."),
    NC_("table_page", "Discarder (the winner's own place: self-drawn)"),
    NC_("table_page", "Session {session} · Table {table}"), NC_("table_page", "Hand {n}"),
    NC_("table_page", "{n} fan"),
    # a stale entry (another station recorded first): kept, with the desk's two ways on
    NC_("table_page", "Not recorded: hand {n} was recorded meanwhile at another station: {what}."),
    NC_("table_page", "Not recorded: the table changed meanwhile (another station saved first)."),
    NC_("table_page", "Not recorded: the sheet was signed off meanwhile (a referee withdraws the sign-off first)."),
    NC_("table_page", "Not recorded: the session at this table ended meanwhile (time was called)."),
    NC_("table_page", "Your entry is kept."),
    NC_("table_page", "Record as hand {n} (check, then Confirm)"),
    NC_("table_page", "Correct hand {n} with this one"),
    NC_("table_page", "Reason for the correction"), NC_("table_page", "A correction needs a reason"),
    NC_("table_page", "Hand {n} corrected."),
    # a game table (Riichi): the state of the next hand, the outcome, riichi, tiles or totals (web/static/table/game*.js)
    NC_("table_page", "Enter hand {n}"), NC_("table_page", "Outcome"), NC_("table_page", "Riichi"),
    NC_("table_page", "Tenpai"), NC_("table_page", "Nagashi"), NC_("table_page", "Chombo by"),
    NC_("table_page", "Abortive draw"), NC_("table_page", "Dealer {name}"), NC_("table_page", "Honba {n}"),
    NC_("table_page", "Deposits {n}"), NC_("table_page", "Game over"), NC_("table_page", "Totals"),
    NC_("table_page", "Han"), NC_("table_page", "Fu"), NC_("table_page", "Limit"), NC_("table_page", "Dora"),
    NC_("table_page", "Ura"), NC_("table_page", "Red fives"), NC_("table_page", "Points"),
    NC_("table_page", "Score"), NC_("table_page", "Uma"),
    NC_("table_page", "Tap tiles for: {what}"),
    NC_("table_page", "Choose the outcome."), NC_("table_page", "Choose the player."),
    NC_("table_page", "Choose the reason."), NC_("table_page", "Enter the han (and fu below 5 han), a limit or yakuman."),
    NC_("table_page", "Record hand {n}: {outcome}."),
    NC_("table_page", "Winner (tsumo)"), NC_("table_page", "Choose the discarder."),
    NC_("table_page", "{n} han"), NC_("table_page", "{n} fu"),
    # several winners on one discard, pao, and the time call the desk made
    NC_("table_page", "Winners"), NC_("table_page", "Hand of"), NC_("table_page", "Enter the hand of {name} too."),
    NC_("table_page", "Pao (liable player)"), NC_("table_page", "Pao: {name}"),
    NC_("table_page", "Time called during hand {n}"),
    NC_("table_page", "Time called during hand {n}; the last hand is {m}"),
    # a Chinese system's hand (web/static/table/chinese_entry.js): the joker, horses, kongs, a hand type, a typed
    # fan, Sichuan's void suits and events
    NC_("table_page", "Winner (self-drawn)"), NC_("table_page", "Ready players"), NC_("table_page", "{n} of 13 tiles"),
    NC_("table_page", "Enter the fan."), NC_("table_page", "Choose the hand type."), NC_("table_page", "Choose the kong."),
    NC_("table_page", "Add the hand's events, one after another."), NC_("table_page", "Joker"),
    NC_("table_page", "Horses"), NC_("table_page", "Horses of"), NC_("table_page", "Horses of {name}"),
    NC_("table_page", "Hand type"), NC_("table_page", "Kong by"), NC_("table_page", "Kongs"),
    NC_("table_page", "Events"), NC_("table_page", "No events yet."), NC_("table_page", "Remove the last event"),
    NC_("table_page", "Next event"), NC_("table_page", "Void suit"), NC_("table_page", "Flower pigs"),
    NC_("table_page", "Add the event"), NC_("table_page", "Ready: {names}"),
    # Guiyang's chickens and hot kong, several hand types whose fan add up (entry.chickens, entry.several_types)
    NC_("table_page", "Chickens (1 of bamboo) counted to each player who did not win"), NC_("table_page", "Charging chicken"),
    NC_("table_page", "Responsible chicken: discarded by"), NC_("table_page", "Responsible chicken: claimed by"),
    NC_("table_page", "Hot kong: the discarder's kong just before"),
    NC_("table_page", "Choose who claimed the responsible chicken."),
    NC_("table_page", "Choose who discarded the responsible chicken."),
    NC_("table_page", "Hand types (each one the hand has)"),
)
WINDS = ("E", "S", "W", "N")


def wind_label(wind: str, lang: str) -> str:
    """A wind's one-letter label (E, S, W, N) in ``lang`` (东 南 西 北): the one home of the winds' names."""
    return texts.gettext(lang, wind, "wind")


def page_texts(lang: str) -> dict[str, Any]:
    """``GET /api/texts``: the language, the languages to switch to (each in its own name), the page's
    words and the winds' labels in it."""
    return {
        "lang": lang,
        "languages": [{"code": code, "name": texts.language_name(code)} for code in texts.languages()],
        "texts": {**{r.en: texts.gettext(lang, r.en, "reason_of_call") for r in CallReason},
                  **{text: texts.gettext(lang, text, CONTEXT) for text in TEXTS}},
        "winds": {w: wind_label(w, lang) for w in WINDS},
    }


# the winds' labels, marked for the catalogue (msgctxt "wind")
_WIND_NAMES = (NC_("wind", "E"), NC_("wind", "S"), NC_("wind", "W"), NC_("wind", "N"))
