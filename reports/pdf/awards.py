"""The prize list (奖项): the ten best hands, the best hand of each session, chicken hands (无番和), most
wins and the best team, from ``db.read.queries.awards``."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from reportlab.platypus import Flowable, Paragraph, Spacer, Table, TableStyle

from db.read.games import GAME
from db.read.views import AwardCount, AwardHand, Awards, FanView
from db.rules import game_words
from reports.pdf.base import Report, fmt_points, fmt_signed, said_two, table_style, text_markup, two
from texts import NC_, Text

COLUMNS = game_words.COLUMNS
#: a game's best hands: how they are ranked (``db.read.views.GameValue``)
GAME_BEST = Text("Best hands (yakuman, then han, then fu, then the points paid)", "report")
# a Chinese system's (``Awards.thousands`` False): its wins by their total (``GameValue.unit`` "total")
GAME_BEST_TOTAL = Text("Best hands (the total, then the points paid)", "report")

MOST_WINS_SHOWN = 10


def fan_names(fans: Sequence[FanView]) -> str:
    """Each fan in the reports' two languages, English first as every bilingual text of the PDFs (scoring's
    names; the prize list gave them in Chinese only).

    >>> fan_names([FanView("FULL_FLUSH", "清一色", "Full Flush", 24), FanView("PUNG_OF_TERMINALS_OR_HONORS",
    ...            "幺九刻", "Pung of Terminals or Honors", 1, 2)])
    'Full Flush 清一色 · Pung of Terminals or Honors 幺九刻 ×2'
    """
    return " · ".join(f"{f.en} {f.zh}{' ×' + str(f.count) if f.count > 1 else ''}" for f in fans)


@dataclass(frozen=True, slots=True)
class PrizeList:
    tournament: str
    awards: Awards


class AwardsReport(Report[PrizeList]):
    """Portrait A4: one table per prize, headers in both languages."""

    title_en = NC_("report", "Prize list")

    def _tournament(self, data: PrizeList) -> str:
        return data.tournament

    def _hands(self, hands: Sequence[AwardHand], with_rank: bool, game: bool = False) -> Table:
        cell = self.styles["cell"]
        # a game's hand: its value ("Mangan 5 han") and its yaku, where MCR's has its fan total and fans
        what = [said_two(COLUMNS["value"], "\n"), said_two(COLUMNS["yaku"], "\n")] if game \
            else [two("Fan", "\n"), two("Fans", "\n")]
        if game and hands and all(h.value is not None and h.value.unit == "total" for h in hands):
            # a Chinese system's wins: their total and fans (or hand types), not han and yaku
            what = [said_two(game_words.CHINESE_COLUMNS["total"], "\n"), said_two(game_words.CHINESE_COLUMNS["fans"], "\n")]
        header = (["#"] if with_rank else []) + [two("Session", "\n"), two("Table", "\n"), two("Hand", "\n"),
                                                  two("Player", "\n"), *what]
        rows: list[Sequence[object]] = [header]
        for i, h in enumerate(hands, start=1):
            fans = fan_names(h.fans) or "—"
            if h.value is not None and h.value.unit == "total":  # a Chinese system's fans with their values
                fans = " · ".join(f"{f.en} {f.zh} {f.points}" for f in h.fans) or "—"
            v = h.value
            figure: object = str(h.fan) if v is None or v.unit == "total" else Paragraph(  # a total: its column says it
                text_markup(said_two(game_words.hand_value(v.han, v.fu, v.yakuman, v.limit), " ")), cell)
            rows.append(([str(i)] if with_rank else []) + [
                str(h.session), str(h.table), str(h.hand), Paragraph(text_markup(f"{h.name} ({h.player})"), cell),
                figure, Paragraph(text_markup(fans), cell)])
        fixed = ([22] if with_rank else []) + [38, 34, 34, 130, 80 if game else 34]
        widths = self.fill_widths([*fixed, 0])
        table = Table(rows, colWidths=widths, repeatRows=1, hAlign="LEFT")
        first_number = 1 if with_rank else 0
        table.setStyle(TableStyle(table_style(self.fonts.main) + [
            ("ALIGN", (0, 0), (first_number + 2, -1), "CENTER"), ("ALIGN", (first_number + 4, 1), (first_number + 4, -1), "RIGHT"),
            ("LEADING", (0, 0), (-1, 0), 8.5), ("VALIGN", (0, 1), (-1, -1), "TOP")]))
        return table

    def _counts(self, counts: Sequence[AwardCount], label: str) -> Table:
        rows: list[list[object]] = [["#", two("Player", "\n"), two(label, "\n")]]
        rows += [[str(i), Paragraph(text_markup(f"{c.name} ({c.player})"), self.styles["cell"]), str(c.count)]
                 for i, c in enumerate(counts, start=1)]
        table = Table(rows, colWidths=[22, 220, 60], repeatRows=1, hAlign="LEFT")
        table.setStyle(TableStyle(table_style(self.fonts.main) + [
            ("ALIGN", (0, 0), (0, -1), "CENTER"), ("ALIGN", (2, 1), (2, -1), "RIGHT"), ("LEADING", (0, 0), (-1, 0), 8.5)]))
        return table

    def _story(self, data: PrizeList) -> list[Flowable]:
        a = data.awards
        h2, body = self.styles["h2"], self.styles["body"]
        story: list[Flowable] = [Paragraph(two("Prize list"), self.styles["title"])]
        story.append(Paragraph(
            two("Substitutes' hands count") if a.substitutes_count
            else two("Substitutes' hands do not count"), self.styles["small"]))
        best = (GAME_BEST if a.thousands else GAME_BEST_TOTAL) if a.game else None
        story.append(Paragraph(said_two(best) if best is not None else two("Best hands (highest fan totals)"), h2))
        story.append(self._hands(a.best_hands, True, a.game) if a.best_hands
                     else Paragraph(two("No wins yet."), body))
        story.append(Paragraph(two("Best hand of each session"), h2))
        if a.best_by_session:
            story.append(self._hands(a.best_by_session, False, a.game))
        else:
            story.append(Paragraph(two("No wins yet."), body))
        if not a.game:  # a game has no fans, so no chicken hands
            story.append(Paragraph(two("Chicken hands"), h2))
            story.append(self._counts(a.chicken_hands, NC_("report", "Count")) if a.chicken_hands
                         else Paragraph(two("No chicken hand."), body))
        story.append(Paragraph(two("Most wins"), h2))
        story.append(self._counts(a.most_wins[:MOST_WINS_SHOWN], NC_("report", "Wins")) if a.most_wins
                     else Paragraph(two("No wins yet."), body))
        story.append(Paragraph(two("Best team"), h2))
        team = a.best_team
        if team is None:
            story.append(Paragraph(two("No teams."), body))
        elif a.game and a.thousands:  # a Riichi game's team: its score and points (a Chinese system's: MCR's)
            story.append(Paragraph(text_markup(
                f"{team.team}: {said_two(COLUMNS['score'], ' ')} {GAME.total_text(team.table_points)}, "
                f"{said_two(COLUMNS['raw'], ' ')} {GAME.points_text(team.match_points)} · {', '.join(team.members)}"),
                body))
        else:
            tp, mp = two(NC_("report", "table points")), two(NC_("report", "match points"))
            story.append(Paragraph(text_markup(
                f"{team.team}: {fmt_points(team.table_points)} {tp}, "
                f"{fmt_signed(team.match_points)} {mp} · {', '.join(team.members)}"), body))
        story.append(Spacer(1, 4))
        return story
