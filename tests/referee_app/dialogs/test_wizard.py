"""The new-tournament dialog offers every registered rule profile (issue 32: a Riichi tournament is made at the
desk as with ``init --profile``); a game's profile keeps its own hands and flowers."""

from __future__ import annotations

from db.read import queries
from db.rules.profiles import PROFILES
from db.storage.store import open_database
from referee_app.dialogs.wizard import NewTournamentWizard
from referee_app.words.i18n import LANG


def test_the_profile_list_is_every_registered_profile_each_with_its_words(qtbot, tmp_path):
    d = NewTournamentWizard(None, str(tmp_path))
    qtbot.addWidget(d)
    codes = [d.profile.itemData(i) for i in range(d.profile.count())]
    assert codes == list(PROFILES) and "riichi-ema2016" in codes
    assert d.profile.itemText(codes.index("riichi-wrc2022")) == "Riichi — WRC 2022"
    LANG.set("zh")
    d = NewTournamentWizard(None, str(tmp_path))
    qtbot.addWidget(d)
    assert d.profile.itemText(codes.index("riichi-tenhou")) == "立直麻将 — 天凤（赤宝牌）"


def test_a_riichi_tournament_made_in_the_dialog_keeps_the_profiles_hands(qtbot, tmp_path):
    d = NewTournamentWizard(None, str(tmp_path))
    qtbot.addWidget(d)
    d.show()
    qtbot.keyClicks(d.name, "Riichi Cup")
    d.sessions.setValue(2)
    d.profile.setCurrentIndex(d.profile.findData("riichi-ema2016"))
    assert not d.hands.isVisible() and not d.flowers.isVisible()  # a game's length is its rules'
    d.profile.setCurrentIndex(d.profile.findData("gb"))  # MCR: its rows and defaults again
    assert d.hands.isVisible() and d.flowers.isVisible() and (d.hands.value(), d.flowers.isChecked()) == (16, True)
    d.profile.setCurrentIndex(d.profile.findData("riichi-ema2016"))
    d.create_file()
    with open_database(d.created) as db, db.factory() as s:
        info = queries.tournament_info(s)
        st = queries.settings(s)
    assert (info.profile, info.sessions, st.hands_per_session, st.flowers) == ("riichi-ema2016", 2, 64, False)


def test_the_chinese_profiles_are_named_in_english_and_chinese(qtbot, tmp_path):
    d = NewTournamentWizard(None, str(tmp_path))
    qtbot.addWidget(d)
    codes = [d.profile.itemData(i) for i in range(d.profile.count())]
    assert d.profile.itemText(codes.index("guiyang-zhuoji")) == "Guiyang catch the chicken (贵阳捉鸡)"
    assert d.profile.itemText(codes.index("guangdong-jipinghu")) == "Guangdong Jipinghu (广东鸡平胡)"
    LANG.set("zh")
    d = NewTournamentWizard(None, str(tmp_path))
    qtbot.addWidget(d)
    assert [d.profile.itemText(codes.index(c)) for c in ("guangdong-tuidaohu", "hebei", "nanchang", "sichuan-xuezhan",
                                                          "guiyang-zhuoji", "guangdong-jipinghu")] == \
        ["广东推倒胡", "河北麻将", "南昌麻将", "四川血战到底", "贵阳捉鸡", "广东鸡平胡"]


def test_a_chinese_tournament_keeps_the_hands_per_session_the_organiser_typed(qtbot, tmp_path):
    """A Chinese system's session is the tournament's hands per session (its source gives no length), so the row
    is shown and its value kept between such profiles; only a game that ends by its own rules (Riichi) hides it."""
    d = NewTournamentWizard(None, str(tmp_path))
    qtbot.addWidget(d)
    d.show()
    qtbot.keyClicks(d.name, "Club Cup")
    d.profile.setCurrentIndex(d.profile.findData("sichuan-xuezhan"))
    assert d.hands.isVisible() and d.hands.value() == 16 and not d.flowers.isVisible()
    d.hands.setValue(12)
    d.profile.setCurrentIndex(d.profile.findData("guiyang-zhuoji"))
    assert d.hands.isVisible() and d.hands.value() == 12
    d.profile.setCurrentIndex(d.profile.findData("riichi-ema2016"))
    assert not d.hands.isVisible()
    d.profile.setCurrentIndex(d.profile.findData("guiyang-zhuoji"))
    assert d.hands.isVisible() and d.hands.value() == 16  # back from Riichi's ceiling: the profile's own
    d.hands.setValue(12)
    d.create_file()
    with open_database(d.created) as db, db.factory() as s:
        st = queries.settings(s)
    assert (st.profile, st.hands_per_session, st.flowers) == ("guiyang-zhuoji", 12, False)
