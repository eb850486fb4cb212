"""Riichi scoring speed: our wrapper against the bare ``mahjong`` library, on the 1,906 real Tenhou hands
of ``../shared/riichi-games/hands.jsonl`` (read from there), in the same run, alternating, median of
the rounds. CPU time of this process (the machine is shared); the ratio is the steadiest figure.

- bare: ``HandCalculator.estimate_hand_value`` on the log's own 136-ids, melds and indicators, the
  ``HandConfig`` built beforehand (the least any caller of the library pays);
- ours: ``scoring.riichi.answer`` under the Tenhou preset: the input object (notation string, situation
  fields) read and checked, the notation parsed, ids given, the library called, the EMA/WRC corrections
  looked at, each yaku's tiles named, the deltas and the answer object built.

    .venv/bin/python benchmarks/bench_riichi.py [ROUNDS]
"""

from __future__ import annotations

import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from mahjong.constants import EAST, NORTH, SOUTH, WEST  # noqa: E402
from mahjong.hand_calculating.hand import HandCalculator  # noqa: E402
from mahjong.hand_calculating.hand_config import HandConfig, HandConstants, OptionalRules  # noqa: E402
from mahjong.meld import Meld  # noqa: E402

from scoring.riichi import TENHOU, answer  # noqa: E402
from tests.scoring.riichi import riichi_games as games  # noqa: E402

_WIND = {"E": EAST, "S": SOUTH, "W": WEST, "N": NORTH}
_MELD = {"chi": Meld.CHI, "pon": Meld.PON, "kakan": Meld.SHOUMINKAN, "daiminkan": Meld.KAN, "ankan": Meld.KAN}


def bare_call(h: dict) -> tuple:
    """What the bare library needs for one hand, built beforehand."""
    melds = [Meld(_MELD[m["type"]], m["tiles136"], opened=m["type"] != "ankan") for m in h["melds"]]
    tiles = list(h["concealed136"]) + [t for m in h["melds"] for t in m["tiles136"]]
    s = set(h["situational_from_events"]) | set(h["situational"])
    later = bool(h["multi_ron"]) and h["multi_ron"][0] > 0
    config = HandConfig(
        is_tsumo=h["tsumo"], is_riichi="riichi" in s or "daburu_riichi" in s, is_daburu_riichi="daburu_riichi" in s,
        is_ippatsu="ippatsu" in s, is_rinshan="rinshan" in s, is_chankan="chankan" in s, is_haitei="haitei" in s,
        is_houtei="houtei" in s, is_tenhou="tenhou" in s, is_chiihou="chiihou" in s,
        player_wind=_WIND[h["seat_wind"]], round_wind=_WIND[h["round_wind"]], tsumi_number=0 if later else h["honba"],
        kyoutaku_number=h["riichi_sticks"],
        options=OptionalRules(has_open_tanyao=True, has_aka_dora=True, kazoe_limit=HandConstants.KAZOE_LIMITED))
    return tiles, h["win_tile136"], melds, h["dora_indicators136"], h["ura_indicators136"], config


def main() -> None:
    rounds = int(sys.argv[1]) if len(sys.argv) > 1 else 5
    hands = games.load()
    if not hands:
        print("../shared/riichi-games/hands.jsonl is not here")
        return
    requests = [games.request(h) for h in hands]
    calls = [bare_call(h) for h in hands]
    bare_times, our_times = [], []
    for _ in range(rounds):
        t = time.process_time()
        for tiles, win, melds, dora, ura, config in calls:
            HandCalculator.estimate_hand_value(tiles, win, melds=melds, dora_indicators=dora,
                                               ura_dora_indicators=ura, config=config)
        bare_times.append(time.process_time() - t)
        t = time.process_time()
        for r in requests:
            answer(r, TENHOU)
        our_times.append(time.process_time() - t)
    n = len(hands)
    bare = statistics.median(bare_times) / n * 1000
    ours = statistics.median(our_times) / n * 1000
    print(f"{n} real Tenhou hands, {rounds} rounds, median CPU time per hand:")
    print(f"  bare mahjong library   {bare:.3f} ms")
    print(f"  scoring.riichi.answer  {ours:.3f} ms  ({ours / bare:.2f}x the bare library)")


if __name__ == "__main__":
    main()
