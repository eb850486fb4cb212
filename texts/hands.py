"""The scoring engine's hand problems in words, in any language: msgctxt ``hand.<reason>``.

``scoring`` raises a ``HandError`` with a stable ``reason`` and its parameters, worded in English by the
engine itself (``scoring`` imports nothing of ours, so not this). The templates below, over the same
parameters, are the msgids every other language translates. They live here, below every layer, because
two front ends say them: ``db`` (a refusal's ``problem``, ``db.messages.hand_problem``) and ``mcr-score``
(``web.score_cli``), which must not import ``db``. The caller names the tiles (``tile_en``: a tile's
notation, e.g. ``5m``, to its English name, e.g. ``5 characters``), as this package may not import
``scoring``.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from texts import Joined, Text

HAND_PROBLEMS: dict[str, str] = {
    # a mistake at a place in the notation
    "suit_without_digits": '"{text}" at {position}: suit letter "{letter}" without digits before it',
    "digits_without_suit": '"{text}" at {position}: digits without a suit letter (m, s or p) after them',
    "zero": '"{text}" at {position}: tile numbers are 1–9, not 0',
    "unknown_suit": '"{text}" at {position}: unknown suit letter "{letter}"',
    "unknown_letter": '"{text}" at {position}: unknown tile letter "{letter}" (honours are E S W N C F P)',
    "unopened_meld": '"{text}" at {position}: "]" without a "[" before it',
    "space": '"{text}" at {position}: no spaces inside a hand',
    "unexpected_character": '"{text}" at {position}: unexpected character "{text}"',
    "meld_after_tiles": '"{text}" at {position}: melds are written before the standing tiles',
    "meld_not_closed": '"{text}" at {position}: meld not closed',
    "melds_over_limit": '"{text}" at {position}: more than {most} melds',
    "z_digit": '"{text}" at {position}: honours are written 1z–7z (1z–4z E S W N, 5z white, 6z green, 7z red)',
    # the other problems
    "copies": "{copies}: there are only 4 of each tile.",
    "tile_count": "{tiles} tiles after {melds} melds, expected {expected} ({standing} standing + the winning tile)",
    "too_many_melds": "{melds} melds, at most 4",
    "waiting_hand": "a waiting hand (13 tiles, no winning tile) cannot be scored; ask for its waits",
    "no_form": "not a winning hand: the tiles form no 4 sets and a pair, seven pairs, thirteen orphans or knitted hand",
    "last_tile": "last tile on {tile} is impossible: the winner's own standing tiles hold a copy of {tile}",
    "replacement_without_kong": "out with replacement tile needs a kong among the winner's melds",
    "robbing_kong": ("robbing the kong on {tile} is impossible: the winner's own hand or melds already hold {tile}, "
                     "but the robbed kong holds the other three copies"),
    "too_many": "{flowers} flowers: there are only {most} flower tiles",
    "empty": "empty hand: nothing written",
    "chow_start": "a chow cannot start at {tile}",
    "not_a_meld": "{text}: not a chow, pung or kong",
    "kong_digit": ("{text}: a kong's digit is 1–3 (melded kong, seat it came from) or 5–7 (promoted kong), or "
                   "none for a concealed kong"),
    "meld_digit": "{text}: the digit after a chow or pung is 1–3 (where it came from)",
    "waiting_tile_count": "{tiles} standing tiles after {melds} melds, expected {expected} for a waiting hand",
    "winning_hand": "a winning hand has 14 tiles; waits are asked of the 13 tiles before the win",
    # a program's input, which the picker cannot produce
    "not_text": "a hand must be written as text",
    "invalid_meld": "not a meld",
    "not_a_tile": "not a tile",
    "not_a_hand": "not a hand",
    "not_a_context": "not a win context",
    "not_a_bool": "{field} must be true or false",
    "not_a_wind": "{field} must be one of E, S, W, N",
    "not_a_number": "the number of flowers must be a whole number",
    # Riichi: the same English as scoring/riichi/hand.py PROBLEMS (tests/scoring/riichi/test_riichi.py checks)
    "riichi_red_honour": '"{text}" at {position}: a red five is 0m, 0p or 0s',
    "riichi_no_red_fives": "this rule set has no red fives: write the five as 5, not 0",
    "riichi_red_copies": "{copies} red fives of 5{suit}: there is one",
    "riichi_plain_fives": "too many fives of {name}: one of the four is the red five",
    "riichi_not_a_tile": "{field}: {text} is not a tile (e.g. 5m, 0p, E, 7z)",
    "riichi_waiting": "a waiting hand (13 tiles, no winning tile) cannot be scored: write the winning tile last",
    "riichi_no_yaku": "the hand has no yaku (dora alone do not count)",
    "riichi_not_winning": "not a winning hand: the tiles form no 4 sets and a pair, seven pairs or thirteen orphans",
    "riichi_win": 'the win is "tsumo" or "ron"',
    "riichi_discarder": "a ron needs the discarder's wind, another than the winner's",
    "riichi_discarder_tsumo": "a tsumo has no discarder",
    "riichi_pao": "the liable player (pao) is another player's wind",
    "riichi_ura": "ura dora indicators count only for a winner in riichi",
    "riichi_counters": "honba and deposits are whole numbers, 0 or more",
    "riichi_open": "riichi needs a closed hand (kans declared concealed only)",
    "riichi_ippatsu": "ippatsu needs riichi",
    "riichi_chankan": "robbing a kan is a win on another's tile, not tsumo",
    "riichi_rinshan": "a win after a kan (rinshan) is a tsumo",
    "riichi_haitei": "haitei is a tsumo on the last tile; on a discard it is houtei",
    "riichi_houtei": "houtei is a ron on the last discard; by tsumo it is haitei",
    "riichi_haitei_rinshan": "haitei and rinshan cannot both be",
    "riichi_houtei_chankan": "houtei and chankan cannot both be",
    "riichi_tenhou": "tenhou is the dealer's tsumo on the first draw, without calls",
    "riichi_chiihou": "chiihou is a non-dealer's tsumo on the first draw, without calls",
    "riichi_situation": "impossible situation ({problem})",
    # Hebei: the same English as scoring/hebei/hand.py PROBLEMS (tests/scoring/hebei/test_hebei.py checks)
    "hebei_waiting": "a waiting hand (13 tiles, no winning tile) cannot be scored: write the winning tile last",
    "hebei_chow": "{meld}: Hebei has no chow; a chow stays among the standing tiles",
    "hebei_not_winning": "not a winning hand: the tiles form no 4 pungs or chows and a pair, seven pairs or "
                         "thirteen orphans",
    "hebei_chankan": "robbing a kong is a win on another player's kong tile, not self-drawn",
    "hebei_rinshan": "a win on a kong's replacement tile is self-drawn, after a kong of the winner's",
    "hebei_haitei": "the last tile of the wall (haitei) is drawn by the winner, not discarded",
    # Sichuan: the same English as scoring/sichuan/score.py raises
    "sichuan_not_winning": "not a winning hand: four sets and a pair, or seven pairs",
    "sichuan_no_winning_tile": "a waiting hand: give the winning tile last",
    "sichuan_not_waiting": "a waiting hand has 13 tiles (kongs counted as three)",
    # Guangdong: the same English as scoring/guangdong/score.py PROBLEMS (tests/scoring/guangdong checks)
    "guangdong_discard_only": "chankan, kong_discard, multiple_winners and discarder are for a win on a discard (ron)",
    "guangdong_self_drawn_only": "rinshan, haitei, tenhou and chiihou are for a self-drawn win (tsumo)",
    "guangdong_robbed_or_after_kong": "a robbed kong's tile is not a discard after a kong: chankan or kong_discard, "
                                      "not both",
    "guangdong_first_draw": "tenhou is the dealer's (E), chiihou another player's",
    "guangdong_no_seat": 'horses, kongs and the discarder are paid between seats: give "seat", the winner\'s wind',
    "guangdong_discarder": 'a win on a discard needs "discarder", another wind than the winner\'s',
    "guangdong_waiting": "a waiting hand (13 tiles, no winning tile) cannot be scored: write the winning tile last",
    "guangdong_chow": "no chow may be claimed in this system (pung and kong only)",
    "guangdong_copies": "{tile} is in the hand {count} times: there are only 4 of each tile",
    "guangdong_joker_discard": "a joker is never discarded, so no win on a discarded joker",
    "guangdong_rinshan_without_kong": "a win on a kong's replacement tile (rinshan) needs a kong among the melds",
    "guangdong_robbed_copy": ("robbing the kong on {tile} is impossible: the winner's hand already holds {tile}, "
                              "but the robbed kong holds the other three copies"),
    "guangdong_not_winning": "not a winning hand: the tiles form no 4 sets and a pair, seven pairs or thirteen "
                             "orphans, whatever the jokers are read as",
    "guangdong_chicken_discard": "a 鸡胡 (a hand of no other type) wins only self-drawn or by robbing a kong, not on a discard",
    # Guiyang: the same English as scoring/guiyang/score.py PROBLEMS and hands.py raise
    "guiyang_not_winning": "not a winning hand: four sets and a pair, or seven pairs",
    "guiyang_honours": "Guiyang is played with the three suits only (108 tiles): no winds or dragons",
    "guiyang_chow": "no chow may be claimed in Guiyang (不可吃牌): only pungs and kongs are declared",
    "guiyang_copies": "{tile} is in the hand {count} times: there are only 4 of each tile",
    "guiyang_waiting": "a waiting hand (13 tiles, no winning tile) cannot be scored: write the winning tile last",
    "guiyang_self_drawn_only": "rinshan (杠上胡) is a self-drawn win",
    "guiyang_discard_only": "chankan (抢杠) and hot_kong (热炮) are wins on another player's tile (ron)",
    "guiyang_robbed_or_hot": "a robbed kong's tile (抢杠) is not a discard after a kong (热炮): not both",
    "guiyang_rinshan_without_kong": "a win on a kong's replacement tile (杠上胡) needs a kong among the melds",
    "guiyang_robbed_copy": ("robbing the kong on {tile} is impossible: the winner's hand already holds {tile}, "
                            "but the robbed kong holds the other three copies"),
    "guiyang_plain_on_discard": ("a 平胡 wins on a discard only with a kong of its own (有豆), on a discard "
                                 "after the discarder's kong (热炮) or by robbing a kong (抢杠)"),
}


def hand_problem(exc: Any, tile_en: Callable[[str], str]) -> Text:
    """A ``HandError`` as text that says itself in any language: the engine's English, the catalogue's
    translation of its reason (``hand.<reason>``) elsewhere; a reason without a template keeps the engine's
    English behind "invalid hand:" in other languages."""
    params = dict(getattr(exc, "params", {}) or {})
    reason = params.get("reason")
    message = str(getattr(exc, "message", exc))
    template = HAND_PROBLEMS.get(reason) if isinstance(reason, str) else None
    if template is None:
        return Text("invalid hand: {problem}", "hand", english=message, problem=message)

    def tile(text: str) -> Text:
        return Text(tile_en(text), "tile", english=text)

    if "tile" in params:
        params["tile"] = tile(params["tile"])
    if reason == "copies":  # worded here in English too: the tiles with their full names
        params["copies"] = Joined(
            [Text("{n} copies of {tile}", "hand.copies.item", n=n,
                  tile=Text(tile_en(t), "tile", english=f"{t} ({tile_en(t)})"))
             for t, n in params["copies"].items()], Text(", ", "hand.copies.sep"))
        return Text(template, f"hand.{reason}", **params)
    if reason == "tile_count" and "expected" in params:
        params["standing"] = params["expected"] - 1
    return Text(template, f"hand.{reason}", english=message, **params)
