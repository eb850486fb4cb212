"""The prize list (奖项): the ten best hands, the best hand of each session, chicken hands (无番和), most
wins and the best team, from ``db.queries.awards``."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from reportlab.platypus import Flowable, Paragraph, Spacer, Table, TableStyle

from db.views import AwardCount, AwardHand, Awards
from reports.base import Report, fmt_points, fmt_signed, table_style, text_markup

MOST_WINS_SHOWN = 10


@dataclass(frozen=True, slots=True)
class PrizeList:
    tournament: str
    awards: Awards


class AwardsReport(Report[PrizeList]):
    """Portrait A4: one table per prize, headers in both languages."""

    title_en = "Prize list"
    title_zh = "奖项"

    def _tournament(self, data: PrizeList) -> str:
        return data.tournament

    def _hands(self, hands: Sequence[AwardHand], with_rank: bool) -> Table:
        cell = self.styles["cell"]
        header = (["#"] if with_rank else []) + ["Session\n局", "Table\n桌", "Hand\n盘", "Player\n选手", "Fan\n番",
                                                  "Fans\n番种"]
        rows: list[list[object]] = [header]
        for i, h in enumerate(hands, start=1):
            fans = " ".join(f"{f.zh}{'×' + str(f.count) if f.count > 1 else ''}" for f in h.fans) or "—"
            rows.append(([str(i)] if with_rank else []) + [
                str(h.session), str(h.table), str(h.hand), Paragraph(text_markup(f"{h.name} ({h.player})"), cell),
                str(h.fan), Paragraph(text_markup(fans), cell)])
        fixed = ([22] if with_rank else []) + [38, 34, 34, 130, 34]
        widths = self.fill_widths([*fixed, 0])
        table = Table(rows, colWidths=widths, repeatRows=1, hAlign="LEFT")
        first_number = 1 if with_rank else 0
        table.setStyle(TableStyle(table_style(self.fonts.main) + [
            ("ALIGN", (0, 0), (first_number + 2, -1), "CENTER"), ("ALIGN", (first_number + 4, 1), (first_number + 4, -1), "RIGHT"),
            ("LEADING", (0, 0), (-1, 0), 8.5), ("VALIGN", (0, 1), (-1, -1), "TOP")]))
        return table

    def _counts(self, counts: Sequence[AwardCount], label: str) -> Table:
        rows: list[list[object]] = [["#", "Player\n选手", label]]
        rows += [[str(i), Paragraph(text_markup(f"{c.name} ({c.player})"), self.styles["cell"]), str(c.count)]
                 for i, c in enumerate(counts, start=1)]
        table = Table(rows, colWidths=[22, 220, 60], repeatRows=1, hAlign="LEFT")
        table.setStyle(TableStyle(table_style(self.fonts.main) + [
            ("ALIGN", (0, 0), (0, -1), "CENTER"), ("ALIGN", (2, 1), (2, -1), "RIGHT"), ("LEADING", (0, 0), (-1, 0), 8.5)]))
        return table

    def _story(self, data: PrizeList) -> list[Flowable]:
        a = data.awards
        h2, body = self.styles["h2"], self.styles["body"]
        story: list[Flowable] = [Paragraph("Prize list 奖项", self.styles["title"])]
        story.append(Paragraph(
            "Substitutes' hands count 替补选手的成绩计入" if a.substitutes_count
            else "Substitutes' hands do not count 替补选手的成绩不计入", self.styles["small"]))
        story.append(Paragraph("Best hands (highest fan totals) 最佳牌（番数最高）", h2))
        story.append(self._hands(a.best_hands, True) if a.best_hands else Paragraph("No wins yet. 尚无和牌。", body))
        story.append(Paragraph("Best hand of each session 各局最佳牌", h2))
        if a.best_by_session:
            story.append(self._hands(a.best_by_session, False))
        else:
            story.append(Paragraph("No wins yet. 尚无和牌。", body))
        story.append(Paragraph("Chicken hands 无番和", h2))
        story.append(self._counts(a.chicken_hands, "Count\n次数") if a.chicken_hands
                     else Paragraph("No chicken hand. 无人以无番和和牌。", body))
        story.append(Paragraph("Most wins 和牌最多", h2))
        story.append(self._counts(a.most_wins[:MOST_WINS_SHOWN], "Wins\n和牌") if a.most_wins
                     else Paragraph("No wins yet. 尚无和牌。", body))
        story.append(Paragraph("Best team 最佳团队", h2))
        team = a.best_team
        if team is None:
            story.append(Paragraph("No teams. 无团体。", body))
        else:
            story.append(Paragraph(text_markup(
                f"{team.team}: {fmt_points(team.table_points)} table points 标准分, "
                f"{fmt_signed(team.match_points)} match points 比赛分 · {', '.join(team.members)}"), body))
        story.append(Spacer(1, 4))
        return story
