"""Score sheets parsed back: one page per table, names (Chinese too), numbers, marks, fonts."""

from __future__ import annotations

import dataclasses
from datetime import datetime

import pytest

from db.rules.rotation import hand_winds
from reports.pdf.scoresheet import ScoreSheetReport, dealer_of, fit_lines
from tests.reports import samples
from tests.reports.conftest import fonts, pages_text


def test_one_page_per_table_with_frame(generated_at: datetime) -> None:
    sheets = [samples.sheet(t) for t in (1, 2, 3)]
    text = pages_text(ScoreSheetReport(generated_at=generated_at).render(sheets))
    assert len(text) == 3
    for n, (page, sheet) in enumerate(zip(text, sheets, strict=True), start=1):
        assert f"Page {n} of 3" in page
        assert "第五届国标麻将公开赛 MCR Open 2026" in page
        assert "2026-11-29 18:05" in page  # generated at
        assert "Table 桌" in page and "Session 局" in page
        for p in sheet.players:
            assert p.name in page
            assert f"No. {p.number}" in page
        for i in range(4):
            assert str(sheet.session_scores[i]) in page


def test_filled_sheet_shows_hands_totals_and_penalties(generated_at: datetime) -> None:
    sheet = samples.sheet(1)
    page = pages_text(ScoreSheetReport(generated_at=generated_at).render([sheet]))[0]
    assert "张伟" in page and "李娜" in page
    # Every hand's fan total and Chinese short fan names are printed.
    for row in sheet.hands:
        if row.kind == "win":
            assert f"{row.fan_total}番" in page
    assert "三色三同顺" in page
    # Match points with their sign, session score 500 + match points, table points.
    for i in range(4):
        assert f"{sheet.match_points[i]:+d}" in page
        assert str(500 + sheet.match_points[i]) in page
    # Marks: dealer, discarder, self-drawn, draw, the false win of hand 5 (W player).
    for mark in "▲—+○✓":
        assert mark in page
    assert "错和" in page and "迟到 5 min" in page
    # Points won by the winner of hand 1.
    first = sheet.hands[0]
    assert first.winner is not None
    assert str(first.deltas[first.winner]) in page


def test_blank_sheet_has_names_seats_dealers_and_no_results(generated_at: datetime) -> None:
    sheet = samples.sheet(3, hands=0)
    page = pages_text(ScoreSheetReport(blank=True, generated_at=generated_at).render([sheet]))[0]
    for p in sheet.players:
        assert p.name in page
    assert "Player signature 选手签名" in page
    assert "Referee 裁判" in page and "Chief referee 裁判长" in page
    assert "blank 空白" in page
    # 16 dealer marks pre-printed from the rotation, plus the one in the legend; nothing else.
    assert page.count("▲") == 17
    assert "番" not in page.replace("Fans 番种", "").replace("番数(含花)", "")  # the caption, wrapped
    assert "500" not in page.replace("(500+)", "")


def test_blank_flag_ignores_recorded_hands(generated_at: datetime) -> None:
    sheet = samples.sheet(2)
    page = pages_text(ScoreSheetReport(blank=True, generated_at=generated_at).render([sheet]))[0]
    assert str(sheet.session_scores[0]) not in page


def test_dealer_follows_the_rotation() -> None:
    sheet = samples.sheet(1, hands=0)
    # East round: seats E, S, W, N deal in turn; South round: the E starter sits S and deals second.
    assert [dealer_of(sheet, h) for h in range(4)] == [0, 1, 2, 3]
    assert [dealer_of(sheet, h) for h in range(4, 8)] == [1, 0, 3, 2]
    for h in range(16):  # the store's rotation (db.rules.rotation) agrees for every hand
        assert dealer_of(sheet, h) == hand_winds(h + 1).dealer


def test_time_called_and_long_names(generated_at: datetime) -> None:
    sheet = dataclasses.replace(samples.sheet(4, hands=9), time_called_after=9)
    page = pages_text(ScoreSheetReport(generated_at=generated_at).render([sheet]))[0]
    assert "Time called after hand" in page
    # Dealer marks for the nine hands played (plus the legend), none for the hands never played.
    assert page.count("▲") == 9 + 1
    assert "Maximilian von Hohenberg-Lichtenstein" in page


def test_fonts_are_embedded(generated_at: datetime) -> None:
    pdf = ScoreSheetReport(generated_at=generated_at).render([samples.sheet(1)])
    used = fonts(pdf)
    assert used and all(used.values()), used
    assert not any("Helvetica" in name for name in used)


def test_no_tables_is_a_clear_error() -> None:
    with pytest.raises(ValueError, match="no tables"):
        ScoreSheetReport().render([])


def test_fan_names_shrink_then_ellipsis() -> None:
    from reports.pdf.fonts import fonts as report_fonts

    font = report_fonts().main
    size, lines = fit_lines(["清一色"], font, 30, 20)
    assert (size, lines) == (6.0, ["清一色"])
    size, lines = fit_lines(["三色三同顺"] * 20, font, 30, 20)
    assert size == 4.5 and lines[-1].endswith("…")


def test_every_false_win_kind_is_a_check_mark_and_other_penalties_a_cross(generated_at: datetime) -> None:
    sheet = samples.sheet(1)
    base = sheet.penalties[0]
    for kind, mark, label in (("false_win_not_ready", "✓", "诈和"), ("false_win_wrong", "✓", "错和"),
                              ("rule_violation", "✗", "违例")):
        penalty = dataclasses.replace(base, kind=kind, hand=2)
        page = pages_text(ScoreSheetReport(generated_at=generated_at).render(
            [dataclasses.replace(sheet, penalties=(penalty,))]))[0]
        assert page.count(mark) == 2, kind  # the legend and hand 2
        assert label in page


def test_a_table_with_a_device_link_gets_its_qr_code(generated_at: datetime) -> None:
    sheets = [samples.sheet(t) for t in (1, 2)]
    link = "http://192.168.1.20:8765/t/" + "A" * 32
    pdf = ScoreSheetReport(generated_at=generated_at, links={(sheets[1].session, 2): link}).render(sheets)
    text = pages_text(pdf)
    assert len(text) == 2
    assert "Table link" not in text[0] and "Table link" in text[1] and "本桌链接" in text[1]
    assert "Referee 裁判" in text[1] and "Chief referee 裁判长" in text[1]
    plain = ScoreSheetReport(generated_at=generated_at).render(sheets)
    assert len(pdf) > len(plain)  # the QR's modules are drawn


def test_the_footer_gives_the_offset_not_a_long_windows_zone_name() -> None:
    # datetime.now().astimezone() on Windows names the zone as the system does
    from datetime import timedelta, timezone

    windows = datetime(2026, 11, 29, 18, 5, tzinfo=timezone(timedelta(hours=1), "W. Europe Standard Time"))
    page = pages_text(ScoreSheetReport(generated_at=windows).render([samples.sheet(1)]))[0]
    assert "Generated 生成于 2026-11-29 18:05 UTC+01:00" in page
    assert "Standard Time" not in page


def test_the_fan_total_says_it_includes_the_flowers(generated_at: datetime) -> None:
    """The scoresheet's "12番+2花" read as 14 when the total of 12 already counts the flowers."""
    sheet = samples.sheet(1)
    win = next(h for h in sheet.hands if h.kind == "win")
    with_flowers = dataclasses.replace(win, fan_total=12, flowers=2)
    sheet = dataclasses.replace(sheet, hands=tuple(with_flowers if h is win else h for h in sheet.hands))
    page = pages_text(ScoreSheetReport(generated_at=generated_at).render([sheet]))[0]
    assert "12番(含花2)" in page and "+2花" not in page
    assert "incl." in page and "番数(含花)" in page  # the caption (wrapped in its cell)


def test_a_table_not_started_prints_no_table_points(generated_at: datetime) -> None:
    """A table with nothing recorded printed 1.75 table points for each player."""
    sheet = samples.sheet(3, hands=0)
    assert sheet.table_points == (1.75,) * 4
    page = pages_text(ScoreSheetReport(generated_at=generated_at).render([sheet]))[0]
    assert "1.75" not in page
    played = pages_text(ScoreSheetReport(generated_at=generated_at).render([samples.sheet(3)]))[0]
    assert any(f"{p:g}" in played for p in samples.sheet(3).table_points)


def test_the_score_sheet_says_only_catalogue_texts_in_the_pseudo_locale(generated_at: datetime, monkeypatch) -> None:
    """Both report languages set to the pseudo-locale: every word of a filled sheet (a fan total with
    flowers, penalties in the remarks, a signed-off table with its device link, more penalties than the
    box holds) and of a blank sheet is wrapped, apart from data: the tournament, players, teams, the
    reasons a referee typed, scoring's fan names, the winds' characters (as in the other reports)."""
    from reports.pdf import base
    from scoring.mcr.fans import FAN_INFO
    from tests.reports.conftest import unwrapped_words

    monkeypatch.setattr(base, "LANGUAGES", ["xx", "xx"])
    sheet = samples.sheet(1)
    win = next(h for h in sheet.hands if h.kind == "win")
    hands = tuple(dataclasses.replace(win, fan_total=12, flowers=2) if h is win else h for h in sheet.hands)
    penalties = tuple(p for t in (1, 5, 1, 5) for p in samples.sheet(t).penalties)  # more than the box holds
    sheet = dataclasses.replace(sheet, hands=hands, penalties=penalties, signed_off=True)
    link = "http://192.168.1.20:8765/t/" + "A" * 32
    filled = ScoreSheetReport(generated_at=generated_at, links={(sheet.session, sheet.table): link}).render([sheet])
    blank = ScoreSheetReport(blank=True, generated_at=generated_at).render([samples.sheet(3, hands=0)])
    players = [p for t in (1, 3) for p in samples.sheet(t).players] + [p.player for p in penalties]
    data = ["第五届国标麻将公开赛 MCR Open 2026", "UTC", link, *(p.name for p in players),
            *(p.team or "" for p in players), *(p.reason for p in penalties), "东", "南", "西", "北",
            *(name for info in FAN_INFO.values() for name in (info.zh, info.en))]
    # a fan name wider than its cell is cut onto two lines
    data += [name[:n] for info in FAN_INFO.values() for name in (info.zh,) for n in range(2, len(name))]
    data += [name[n:] for info in FAN_INFO.values() for name in (info.zh,) for n in range(1, len(name) - 1)]
    for pdf in (filled, blank):
        text = "\n".join(pages_text(pdf))
        assert "\x00" in text  # the wrapped texts are there
        assert unwrapped_words(text, data) == [], text[:600]
