"""The hall display's awards page: the tournament's best hands, then chicken hands, most wins and the best
team, with nothing cut off at 1080p in either language."""

from __future__ import annotations

from db.read import queries
from db.service.outcomes import WinInput
from db.service.results import record_hand
from db.storage.store import open_database
from referee_app.hall.window import HallOptions, HallWindow

CHICKEN = "[234m][678s][456p]23sNN1s"


def test_the_awards_page_cycles_best_hands_then_the_other_prizes(qtbot, window, tournament_file, tmp_path) -> None:
    window.close_tournament()
    with open_database(tournament_file) as db, db.factory.begin() as s:
        tables = {t.table: [p.number for p in t.players] for t in queries.seating(s, 1)}
        for hand in range(1, 7):
            four = tables[1 + hand % 2]
            win = WinInput(four[hand % 4], four[(hand + 1) % 4], fan=8 + 5 * hand) if hand != 3 else \
                WinInput(four[0], four[1], notation=CHICKEN, flowers=0)
            record_hand(s, 1, 1 + hand % 2, (hand + 1) // 2, win)
    from referee_app.shell.main import create_window

    w = create_window(str(tournament_file))
    qtbot.addWidget(w)
    for lang in ("en", "zh", "both"):
        hall = HallWindow(w.ctx, HallOptions(pages=["awards"], lang=lang))
        qtbot.addWidget(hall)
        hall.resize(1920, 1080)
        assert hall.data is not None and hall.data.awards is not None
        assert hall.count() == 3  # six hands: two pages of five at most, then the other prizes
        for sub in range(hall.count()):
            hall.sub = sub
            image = hall.render_image(1920, 1080)
            assert hall.clipped == [], (lang, sub)
            image.save(str(tmp_path / f"hall-awards-{lang}-{sub}.png"))
    assert hall.data is not None and hall.data.awards is not None
    assert [c.count for c in hall.data.awards.chicken_hands] == [1]
