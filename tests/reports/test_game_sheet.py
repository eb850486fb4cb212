"""The Riichi score sheet PDF (reports/pdf/game_sheet.py), from GameSheet values built by hand: an EMA 2016
hanchan (ron, tsumo with honba and deposits, a draw with tenpai, a double ron, a chombo, pao, a haneman), a
Tenhou game with an abortive draw and a nagashi mangan, a game still going on, and 30 hands. Each PDF is read
back (pypdf for the text, ``pdftotext -bbox`` for where each word stands)."""

from __future__ import annotations

import dataclasses
import io
import re
import shutil
import subprocess
from datetime import date, datetime
from pathlib import Path
from xml.etree import ElementTree

import pytest
from pypdf import PdfReader

from db.read.views import GameHandView, GameSeatResult, GameSheet, GameWinView, PlayerView
from reports.pdf.game_sheet import game_sheets_pdf, split_pages
from tests.reports.conftest import pages_text

PLAYERS = (PlayerView("101", "Anna Schmidt", "Paris Riichi"), PlayerView("102", "张伟", "北京队"),
           PlayerView("103", "Kenji Watanabe"), PlayerView("104", "Maximilian von Hohenberg-Lichtenstein", "Wien"))
E, S, W, N = range(4)


def _hands(*specs: dict, start: int = 30_000) -> tuple[GameHandView, ...]:
    """The hands with their running scores (the points after each hand: the last ones plus its deltas)."""
    scores = (start,) * 4
    out = []
    for n, spec in enumerate(specs, start=1):
        deltas = spec.get("deltas", (0, 0, 0, 0))
        scores = tuple(a + b for a, b in zip(scores, deltas, strict=True))
        out.append(GameHandView(hand=n, scores=scores, **spec))  # type: ignore[arg-type]
    return tuple(out)


def win(player: int, han: int = 0, fu: int = 0, *yaku: tuple[str, int], yakuman: int = 0, limit: str | None = None,
        pao: int | None = None) -> GameWinView:
    return GameWinView(player=player, han=han, fu=fu, yakuman=yakuman, limit=limit, yaku=tuple(yaku), pao=pao)


# An EMA 2016 hanchan, paid by the rules (docs/riichi.md "The game"); every figure checked by hand.
SPECS = (
    # E1: S's riichi, ron on N's discard, 3 han 40 fu = 5,200; S takes the stick back
    dict(round="E1", dealer=E, honba=0, deposits=0, kind="ron", riichi=(S,), discarder=N,
         winners=(win(S, 3, 40, ("riichi", 1), ("tanyao", 1), ("dora", 1)),), deltas=(0, 5_200, 0, -5_200)),
    # E2: a draw, W (riichi) and N tenpai: 1,500 each from E and S; W's stick stays on the table
    dict(round="E2", dealer=S, honba=0, deposits=0, kind="draw", riichi=(W,), tenpai=(W, N),
         deltas=(-1_500, -1_500, 500, 1_500)),
    # E3, 1 honba, 1 deposit: N's riichi tsumo 3 han 30 fu 1,000/2,000 + 100 each, both sticks
    dict(round="E3", dealer=W, honba=1, deposits=1, kind="tsumo", riichi=(N,),
         winners=(win(N, 3, 30, ("riichi", 1), ("menzen_tsumo", 1), ("chun", 1)),),
         deltas=(-1_100, -1_100, -2_100, 5_300)),
    # E4: double ron on E's discard: S 2 han 30 fu 2,000 (nearest: W's stick), W's riichi mangan 8,000
    dict(round="E4", dealer=N, honba=0, deposits=0, kind="ron", riichi=(W,), discarder=E,
         winners=(win(S, 2, 30, ("tanyao", 1), ("pinfu", 1)),
                  win(W, 5, 40, ("riichi", 1), ("ippatsu", 1), ("honitsu", 3), limit="mangan")),
         deltas=(-10_000, 3_000, 7_000, 0)),
    # S1: W's chombo: replayed, paid after the uma
    dict(round="S1", dealer=E, honba=0, deposits=0, kind="chombo", chombo=W),
    # S1 again: E's riichi tsumo 2 han 40 fu, 1,300 all; dealer repeats
    dict(round="S1", dealer=E, honba=0, deposits=0, kind="tsumo", riichi=(E,),
         winners=(win(E, 2, 40, ("riichi", 1), ("menzen_tsumo", 1)),), deltas=(3_900, -1_300, -1_300, -1_300)),
    # S1, 1 honba: N's daisangen on S's discard, W liable (pao): half each, the honba with the discarder
    dict(round="S1", dealer=E, honba=1, deposits=0, kind="ron", discarder=S,
         winners=(win(N, 13, 30, ("daisangen", 13), yakuman=1, limit="yakuman", pao=W),),
         deltas=(0, -16_300, -16_000, 32_300)),
    # S2: a draw, only the dealer S tenpai
    dict(round="S2", dealer=S, honba=0, deposits=0, kind="draw", tenpai=(S,), deltas=(-1_000, 3_000, -1_000, -1_000)),
    # S2, 1 honba: E and N riichi, E's haneman on N's discard 12,000 + 300, both sticks
    dict(round="S2", dealer=S, honba=1, deposits=0, kind="ron", riichi=(E, N), discarder=N,
         winners=(win(E, 6, 40, ("riichi", 1), ("chinitsu", 5), limit="haneman"),), deltas=(13_300, 0, 0, -13_300)),
    # S3: the dealer W tsumo 4 han 30 fu, 3,900 all
    dict(round="S3", dealer=W, honba=0, deposits=0, kind="tsumo",
         winners=(win(W, 4, 30, ("menzen_tsumo", 1), ("pinfu", 1), ("iipeiko", 1), ("dora", 1)),),
         deltas=(-3_900, -3_900, 11_700, -3_900)),
    # S3, 1 honba: S ron 1 han 30 fu on the dealer's discard, 1,000 + 300
    dict(round="S3", dealer=W, honba=1, deposits=0, kind="ron", discarder=W,
         winners=(win(S, 1, 30, ("haku", 1)),), deltas=(0, 1_300, -1_300, 0)),
    # S4: W ron 2 han 40 fu on E's discard, 2,600; the dealer N does not win: the game is over
    dict(round="S4", dealer=N, honba=0, deposits=0, kind="ron", discarder=E,
         winners=(win(W, 2, 40, ("toitoi", 2)),), deltas=(-2_600, 0, 2_600, 0)),
)
HANCHAN = _hands(*SPECS)
FINAL = (27_100, 18_400, 30_100, 44_400)
# (raw - 30,000)/1,000 + uma 15/5/-5/-15, W's chombo -20 after the uma
RESULTS = (GameSeatResult(27_100, 3, -5.0, 0.0, -7.9), GameSeatResult(18_400, 4, -15.0, 0.0, -26.6),
           GameSeatResult(30_100, 2, 5.0, -20.0, -14.9), GameSeatResult(44_400, 1, 15.0, 0.0, 29.4))


def sheet(**changes: object) -> GameSheet:
    base = GameSheet(tournament="Riichi Open 立直公开赛 2026", profile="riichi-ema2016", session=2, table=7,
                     players=PLAYERS, start_points=30_000, hands=HANCHAN, next_round=None, next_dealer=None,
                     scores=FINAL, results=RESULTS, session_date=date(2026, 12, 6))
    return dataclasses.replace(base, **changes)  # type: ignore[arg-type]


GENERATED = datetime(2026, 12, 6, 18, 5)


def text_of(pdf: bytes) -> list[str]:
    return pages_text(pdf)


def test_the_hanchan_is_consistent() -> None:
    """The hand-made game adds up: the final points are the last hand's, and every hand's changes sum to
    the sticks put on or taken off the table."""
    assert HANCHAN[-1].scores == FINAL
    assert sum(FINAL) == 120_000
    assert round(sum(r.score for r in RESULTS), 1) == -20.0  # the chombo leaves the table


def test_the_english_sheet_has_every_hand_figure_and_word() -> None:
    pages = text_of(game_sheets_pdf([sheet()], "en", generated_at=GENERATED))
    assert len(pages) == 1
    page = pages[0]
    # header: tournament, profile, session, table, date, the players
    for words in ("Riichi Open 立直公开赛 2026", "EMA 2016", "2026-12-06", "Riichi score sheet 立直麻将记分表",
                  "Anna Schmidt", "张伟", "Kenji Watanabe", "Maximilian von Hohenberg-Lichtenstein", "101", "104"):
        assert words in page, words
    # the hands: rounds, outcomes, who, values, yaku in English (with their romaji where the line has room)
    for words in ("E1", "E4", "S4", "Ron", "Tsumo", "Exhaustive draw", "Chombo", "S ← N", "S ← E", "W ← E",
                  "Tenpai W N", "3 han 40 fu", "Mangan 5 han", "Haneman 6 han", "Yakuman",
                  "Big three dragons (Daisangen)", "White dragon (Haku) 1", "All simples 1", "Half flush 3",
                  "Dora 1"):
        assert words in page, words
    # changes and running scores: E1, E3 with its honba and deposits, the double ron, pao
    for figure in ("+5,200", "-5,200", "35,200", "+5,300", "-2,100", "-10,000", "+3,000", "+7,000",
                   "+32,300", "-16,300", "-16,000", "+13,300"):
        assert figure in page, figure
    # the results: raw points, place, uma, penalty, score; signatures
    for figure in ("44,400", "27,100", "+15.0", "-15.0", "-20.0", "+29.4", "-26.6", "-14.9", "-7.9"):
        assert figure in page, figure
    for words in ("Uma 顺位马", "Penalty 罚分", "Score 得分", "Player signature 选手签名", "Referee 裁判",
                  "Chief referee 裁判长"):
        assert words in page, words
    assert "N ← S\nYakuman\nW\nBig three dragons (Daisangen)" in page  # pao: W liable (drawn before the yaku)
    assert "Next hand" not in page


def test_the_chinese_sheet_says_the_hand_lines_in_chinese() -> None:
    page = text_of(game_sheets_pdf([sheet()], "zh", generated_at=GENERATED))[0]
    for words in ("荣和", "自摸", "荒牌", "错和罚符", "南 ← 北", "听牌 西 北", "大三元", "断幺九 1", "3番40符", "满贯 5番",
                  "役满", "东1", "南4", "+29.4", "-14.9", "44,400", "Uma 顺位马"):
        assert words in page, words
    assert "Daisangen" not in page and "Big three dragons" not in page and "Exhaustive draw" not in page


def test_a_game_not_over_shows_the_next_hand_and_no_results() -> None:
    going = sheet(hands=HANCHAN[:3], results=(), next_round="E4", next_dealer=N, next_honba=0, next_deposits=0,
                  scores=HANCHAN[2].scores)
    page = text_of(game_sheets_pdf([going], "en", generated_at=GENERATED))[0]
    assert "Next hand 下一盘" in page and "E4" in page
    assert "Uma" not in page and "Player signature" not in page and "+29.4" not in page
    assert "27,400" in page and "31,600" in page  # the points now


def test_tenhou_abortive_draw_and_nagashi_are_named() -> None:
    hands = _hands(
        dict(round="E1", dealer=E, honba=0, deposits=0, kind="abortive", reason="kyuushu"),
        dict(round="E1", dealer=E, honba=1, deposits=0, kind="nagashi", nagashi=(S,), tenpai=(S, W),
             deltas=(-4_000, 8_000, -2_000, -2_000)),
        start=25_000)
    tenhou = sheet(profile="riichi-tenhou", hands=hands, results=(), next_round="E2", next_dealer=S,
                   next_honba=0, scores=hands[-1].scores, start_points=25_000)
    en = text_of(game_sheets_pdf([tenhou], "en", generated_at=GENERATED))[0]
    assert "Abortive draw" in en and "Nine terminals" in en and "Nagashi mangan" in en
    assert "S · Tenpai S W" in en and "Tenhou" in en and "+8,000" in en
    zh = text_of(game_sheets_pdf([tenhou], "zh", generated_at=GENERATED))[0]
    assert "中途荒牌" in zh and "九种九牌" in zh and "荒牌满贯" in zh and "天凤" in zh


def test_one_page_per_table() -> None:
    pdf = game_sheets_pdf([sheet(table=t) for t in (1, 2, 3)], "en", generated_at=GENERATED)
    pages = text_of(pdf)
    assert len(pages) == 3 and all("of 3" in p for p in pages)


def test_no_tables_is_a_clear_error() -> None:
    with pytest.raises(ValueError, match="no tables"):
        game_sheets_pdf([], "en")


def _thirty_hands() -> GameSheet:
    """30 hands (a game of many repeats): the hanchan's hands over again, two of them a double ron with ten
    yaku each, the longest lines a hand has."""
    many = (("riichi", 1), ("ippatsu", 1), ("menzen_tsumo", 1), ("tanyao", 1), ("pinfu", 1), ("iipeiko", 1),
            ("sanshoku", 2), ("dora", 4), ("ura_dora", 2), ("aka_dora", 1))
    long_ron = dict(round="S4", dealer=N, honba=5, deposits=3, kind="ron", riichi=(S, W, N), discarder=E,
                    winners=(win(S, 15, 30, *many, limit="sanbaiman", pao=N), win(W, 15, 30, *many, limit="sanbaiman")),
                    deltas=(-72_000, 38_500, 35_500, -2_000))
    specs = [long_ron if n in (9, 24) else SPECS[n % len(SPECS)] for n in range(30)]
    hands = _hands(*specs)
    return sheet(hands=hands, scores=hands[-1].scores, signed_off=True, time_called_after=30)


def _words(pdf: bytes, tmp_path: Path) -> list[tuple[int, float, float, float, float, float, float, str]]:
    """Every word pdftotext finds: (page, x0, y0, x1, y1, page width, page height, word)."""
    source = tmp_path / "sheet.pdf"
    source.write_bytes(pdf)
    subprocess.run(["pdftotext", "-bbox", str(source), str(tmp_path / "words.html")], check=True)
    tree = ElementTree.parse(tmp_path / "words.html")
    out = []
    ns = "{http://www.w3.org/1999/xhtml}"
    for n, page in enumerate(tree.iter(f"{ns}page")):
        pw, ph = float(page.get("width", 0)), float(page.get("height", 0))
        for w in page.iter(f"{ns}word"):
            out.append((n, float(w.get("xMin", 0)), float(w.get("yMin", 0)), float(w.get("xMax", 0)),
                        float(w.get("yMax", 0)), pw, ph, w.text or ""))
    return out


def _assert_no_overflow(pdf: bytes, tmp_path: Path) -> None:
    """No word outside the page's frame or over another (an overflowing cell overlaps its neighbour)."""
    words = _words(pdf, tmp_path)
    assert words
    margin = 10 * 72 / 25.4 - 1  # the sheet's 10 mm margins, less a point for the glyphs' side bearings
    for page, x0, y0, x1, y1, pw, ph, word in words:
        assert x0 >= margin and x1 <= pw - margin, (page, word, x0, x1)
        assert y0 >= 0 and y1 <= ph, (page, word)
    by_page: dict[int, list[tuple[float, float, float, float, str]]] = {}
    for page, x0, y0, x1, y1, _, _, word in words:
        by_page.setdefault(page, []).append((x0, y0, x1, y1, word))
    for page, boxes in by_page.items():
        boxes.sort()
        for i, (ax0, ay0, ax1, ay1, aw) in enumerate(boxes):
            for bx0, by0, bx1, by1, bw in boxes[i + 1:]:
                if bx0 >= ax1 - 0.5:
                    break
                overlap_x = min(ax1, bx1) - max(ax0, bx0)
                overlap_y = min(ay1, by1) - max(ay0, by0)
                assert overlap_x <= 0.5 or overlap_y <= 0.5, (page, aw, bw, (ax0, ay0, ax1, ay1), (bx0, by0, bx1, by1))


needs_pdftotext = pytest.mark.skipif(shutil.which("pdftotext") is None,
                                     reason="pdftotext (poppler-utils) is not installed")


@needs_pdftotext
@pytest.mark.parametrize("lang", ["en", "zh"])
def test_thirty_hands_fit_two_pages_without_overflow(lang: str, tmp_path: Path) -> None:
    """30 hands, two of them double rons with ten yaku each, signed off and time called: two pages, the
    results on the last page, nothing overflowing."""
    pdf = game_sheets_pdf([_thirty_hands()], lang, generated_at=GENERATED)
    pages = text_of(pdf)
    assert len(pages) == 2 and len(PdfReader(io.BytesIO(pdf)).pages) == 2
    assert "+29.4" in pages[1] and "+29.4" not in pages[0]
    assert "continued 续" in pages[1]
    _assert_no_overflow(pdf, tmp_path)


@needs_pdftotext
@pytest.mark.parametrize("lang", ["en", "zh"])
def test_the_longest_names_and_teams_the_store_accepts_stay_in_their_cells(lang: str, tmp_path: Path) -> None:
    """100-character names, teams and tournament name (docs/data-safety.md "Limits") shrink and are cut with
    "…"; the fonts are embedded (no base-14 Helvetica)."""
    from db.rules.limits import NAME_MAX
    from tests.reports.conftest import fonts

    def fill(seed: str) -> str:
        return (seed * NAME_MAX)[:NAME_MAX]

    players = tuple(PlayerView(f"{n}" * 5, fill(f"{n} 张伟李娜王芳 Wolfeschlegelsteinhausenberger "),
                               fill(f"队{n} Team Maximilian ")) for n in range(1, 5))
    long = sheet(players=players, tournament=fill("立直麻将锦标赛 Riichi Open Championship "))
    pdf = game_sheets_pdf([long], lang, generated_at=GENERATED)
    page = text_of(pdf)[0]
    assert all(p.name[:8] in page for p in players)
    _assert_no_overflow(pdf, tmp_path)
    used = fonts(pdf)
    assert used and all(used.values()) and not any("Helvetica" in name for name in used), used


def test_pages_split_so_that_results_never_stand_alone() -> None:
    assert split_pages([10] * 5, first=50, rest=50, tail=5) == [[0, 1, 2], [3, 4]]
    assert split_pages([10] * 4, first=50, rest=50, tail=5) == [[0, 1, 2, 3]]


def test_the_sheet_says_only_catalogue_texts_in_the_pseudo_locale(monkeypatch: pytest.MonkeyPatch) -> None:
    """Headings (both report languages) and the hand lines (``lang``) in the pseudo-locale: every word is
    wrapped, apart from data (the tournament, players, teams, "UTC" of the stamp)."""
    from reports.pdf import base
    from tests.reports.conftest import unwrapped_words

    monkeypatch.setattr(base, "LANGUAGES", ["xx", "xx"])
    tenhou = _hands(
        dict(round="E1", dealer=E, honba=0, deposits=0, kind="abortive", reason="suufon"),
        dict(round="E1", dealer=E, honba=1, deposits=0, kind="nagashi", nagashi=(S,), tenpai=(S,),
             deltas=(-4_000, 8_000, -2_000, -2_000)), start=25_000)
    data = ["Riichi Open 立直公开赛 2026", "UTC", *(p.name for p in PLAYERS), *(p.team or "" for p in PLAYERS)]
    data += [p.name[:n] for p in PLAYERS for n in range(4, len(p.name))]  # a name cut to its column
    for game in (sheet(), sheet(hands=tenhou, results=(), next_round="E2", next_dealer=S, profile="riichi-tenhou")):
        text = "\n".join(pages_text(game_sheets_pdf([game], "xx", generated_at=GENERATED)))
        assert "\x00" in text
        text = re.sub(r"\x00\x00[^\x00]*\x00[^\x00]*\x00", " ", text)  # a wrapped text inside another: ⟦⟦Mangan⟧ 5 han⟧
        text = re.sub(r"\x00[^\x00\n]*…", " ", text)  # a wrapped text cut to its cell by "…" (the brackets are wide)
        assert unwrapped_words(text, data) == [], text[:600]


def test_time_called_and_signed_off_are_in_the_header() -> None:
    plain = text_of(game_sheets_pdf([sheet()], "en", generated_at=GENERATED))[0]
    assert "Signed off" not in plain
    page = text_of(game_sheets_pdf([sheet(signed_off=True, time_called_after=11)], "en", generated_at=GENERATED))[0]
    assert "Signed off 已签字确认" in page
    assert "Time called after hand 到时·盘\n11\n" in page


def test_a_line_of_yaku_ends_with_its_separator_never_a_separator_alone_on_a_line():
    """A line that fits without its closing "、" but not with it: the item goes to the next line (it used to
    be cut after the item, leaving the "、" alone on a line of its own; seen on the Chinese sheet)."""
    from reportlab.pdfbase.pdfmetrics import stringWidth

    from reports.pdf.game_sheet import _wrap_items

    items, sep = ["aaaa", "bbbb", "cccc"], ", "
    width = stringWidth("aaaa, bbbb", "Helvetica", 8) + 0.1  # "aaaa, bbbb," does not fit
    lines = _wrap_items(items, sep, "Helvetica", 8, width)
    assert lines == ["aaaa,", "bbbb, cccc"]
    assert all(stringWidth(line, "Helvetica", 8) <= width for line in lines)
