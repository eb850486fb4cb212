"""The store's refusals in the user's language.

``db.service`` raises ``TournamentError`` / ``InputError`` / ``StaleTableError`` with English messages
(a few end in " / 中文"). The refusals a referee meets at the table are matched here and said in
Chinese when Chinese is on (like ``hand_errors`` does for the engine). English is shown unchanged; an
unknown message is shown as it is (never hidden), and so is one that already holds Chinese we do not know.
"""

from __future__ import annotations

import re
from typing import Any

from referee_app.i18n import LANG

# (pattern matched at the start of the message without its "field": prefix, Chinese template)
_FORMS: list[tuple[str, str]] = [
    (r"(-?\d+) fans without flowers: a win needs at least 8",
     "不计花牌只有 {0} 番：和牌至少要 8 番。不足 8 番按错和处理，请改记错和罚分。"),
    (r"session (\d+) already has results: its seating can no longer be regenerated",
     "第 {0} 局已有成绩，座位不能再重新生成；请用调换选手（注明原因）更正座位。"),
    (r"session (\d+) already has results: use swap_players with a reason",
     "第 {0} 局已有成绩，座位不能再直接编辑；请调换选手并注明原因。"),
    (r"session (\d+) has results: its seating cannot be removed", "第 {0} 局已有成绩，座位不能删除。"),
    (r"session (\d+) has results at these tables: a reason is required",
     "第 {0} 局这些桌已有成绩：调换选手须注明原因（记为更正）。"),
    (r"session (\d+) already has results at player (\S+)'s table: substitute from session (\d+)",
     "第 {0} 局选手 {1} 所在的桌已有成绩：请从第 {2} 局起替换，或注明原因更正座位。"),
    (r"players (\S+) \((.*)\) and (\S+) \((.*)\) are both in team (.+): they cannot sit at table (\d+) "
     r"of session (\d+) together",
     "选手 {0}（{1}）与 {2}（{3}）同属 {4} 队：不能同坐第 {6} 局第 {5} 桌（同队选手不同桌）。"),
    (r"time was already called at session (\d+) table (\d+) after hand (\d+)",
     "第 {0} 局第 {1} 桌已在第 {2} 盘后到时。"),
    (r"time was called after hand (\d+) at table (\d+): no more hands",
     "第 {1} 桌已在第 {0} 盘后到时：本局不能再记录新的一盘。"),
    (r"time was called after this hand: cancel the time call first", "本盘之后已到时：请先取消到时。"),
    (r"time was called after hand (\d+)$", "已在第 {0} 盘后到时。"),
    (r"time was not called at session (\d+) table (\d+)", "第 {0} 局第 {1} 桌没有到时。"),
    (r"hands are recorded in order: table (\d+) has (\d+) hands, the next is (\d+)",
     "各盘须按顺序记录：第 {0} 桌已记录 {1} 盘，下一盘是第 {2} 盘。"),
    (r"session (\d+) table (\d+) has (\d+) hands recorded, not (\d+)",
     "第 {0} 局第 {1} 桌已记录 {2} 盘，不是 {3} 盘：请先记录已打完的各盘。"),
    (r"session (\d+) table (\d+) hand (\d+) is already recorded differently",
     "第 {0} 局第 {1} 桌第 {2} 盘已有不同的记录。"),
    (r"session (\d+) table (\d+) hand (\d+) is already recorded", "第 {0} 局第 {1} 桌第 {2} 盘已记录；请用更正修改。"),
    (r"session (\d+) table (\d+) hand (\d+) is not recorded", "第 {0} 局第 {1} 桌第 {2} 盘尚未记录。"),
    (r"hand (\d+) is not played yet at table (\d+) \((\d+) hands recorded\)",
     "第 {1} 桌第 {0} 盘还没打（已记录 {2} 盘）。"),
    (r"only the last hand \((\d+)\) can be deleted; change hand (\d+) instead",
     "只能删除最后一盘（第 {0} 盘）；第 {1} 盘请改为其他结果（例如荒牌）。"),
    (r"player (\S+) is not seated in session (\d+)", "选手 {0} 在第 {1} 局没有座位。"),
    (r"player (\S+) is not seated at table (\d+) \(session (\d+): (.*)\)",
     "选手 {0} 不在第 {2} 局第 {1} 桌（本桌选手：{3}）。"),
    (r"player (\S+) is already seated in session (\d+)", "选手 {0} 在第 {1} 局已有座位。"),
    (r"player (\S+) is player (\S+)", "两次选了同一名选手 {0}。"),
    (r"a player cannot replace themselves", "选手不能替换自己。"),
    (r"no player number (\S+)", "没有编号为 {0} 的选手。"),
    (r"(\d+) cannot be split equally among the other three \(must divide by 3\)",
     "{0} 分不能平分给其他三家（须为 3 的倍数）。"),
    (r"player (\S+) cannot pay a penalty to themselves", "选手 {0} 不能向自己支付罚分。"),
    (r"player (\S+) cannot pay for their own win", "选手 {0} 不能为自己的和牌付分。"),
    (r"a win needs a discarder or", "和牌须选择点炮者，或标为自摸。"),
    (r"a self-drawn win has no discarder", "自摸没有点炮者。"),
    (r"this tournament plays without flowers", "本比赛不计花牌。"),
    (r"(\d+) does not match the hand, which scores (\d+)", "{0} 番与牌型不符：这手牌计 {1} 番。"),
    (r"the hand notation is empty", "没有输入牌。"),
    (r"a correction needs a reason", "更正须注明原因。"),
    (r"session (\d+) does not exist \(this tournament has sessions 1–(\d+)\)", "第 {0} 局不存在（本比赛共 {1} 局）。"),
    (r"session (\d+) has no table (\d+) \(tables 1–(\d+)\)", "第 {0} 局没有第 {1} 桌（共 {2} 桌）。"),
    (r"session (\d+) has no table (\d+) \(the session is not seated yet\)", "第 {0} 局没有第 {1} 桌（本局尚未排座）。"),
    (r"every table needs exactly four players", "每桌须有四名选手（东、南、西、北）。"),
    (r"(\d+) players is not a multiple of 4: (\d+) substitute", "{0} 名选手不是 4 的倍数：还缺 {1} 名替补。"),
    (r"no players yet", "还没有选手：请先导入选手。"),
    (r"the rule settings are frozen", "已有成绩，规则设置不可更改。"),
    (r"(.+) already exists: choose another file name", "{0} 已存在：请换一个文件名（不会覆盖已有的比赛）。"),
]


def _zh(exc: Any) -> str | None:
    """The Chinese text for a known refusal, or None."""
    if type(exc).__name__ == "StaleTableError":
        return (f"第 {exc.session} 局第 {exc.table} 桌已被其他终端修改（你看到的是第 {exc.expected} 版，"
                f"现在是第 {exc.actual} 版）：请刷新该桌后重新录入。")
    detail: str = getattr(exc, "detail", exc.message)
    if getattr(exc, "field", None) == "notation":
        from scoring.errors import HandError

        cause = exc.__cause__
        if isinstance(cause, HandError):
            from referee_app.hand_errors import hand_problem

            notation = detail[: -len(cause.message) - 2] if detail.endswith(": " + cause.message) else ""
            return (f"{notation}：" if notation else "") + hand_problem(cause)
    for pattern, template in _FORMS:
        m = re.match(pattern, detail)
        if m:
            return template.format(*m.groups())
    return None


def store_problem(exc: Any) -> str:
    """A store refusal's message for the referee, in the current language (English: as the store says it)."""
    message: str = exc.message
    if LANG.code != "zh":
        return message
    said = _zh(exc)
    if said is not None:
        return said
    return message  # unknown (or already Chinese): shown as it is
