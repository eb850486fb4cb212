"""Chinese for the session clock's and the hall display's texts (merged into ``i18n.ZH``)."""

from __future__ import annotations

ZH_CLOCK: dict[str, str] = {
    "Clock: Time is up": "计时：时间到",
    "Clock: {left} left ({state})": "计时：剩余 {left}（{state}）",
    "running": "进行中",
    "paused": "已暂停",
    "ended": "已结束",
    "Time called by the clock: to confirm at table(s) {tables}": "计时已到：待裁判确认的桌：{tables}",
    "time called: to confirm": "已到时：待确认",
    "Start clock…": "开始计时…",
    "Add time": "加时",
    "End…": "结束…",
    "Pause": "暂停",
    "Resume": "继续",
    "all tables": "所有桌",
    "table {n}": "第 {n} 桌",
    "table {n}: {left} left": "第 {n} 桌剩余 {left}",
    "Session length (minutes)": "每局时长（分钟）",
    "End the session's time now? Time is called at every table still playing.":
        "现在结束本局计时吗？所有仍在比赛的桌都将到时。",
    "Confirm time call…": "确认到时…",
    "Last completed hand": "最后打完的一盘",
    "Time is up: hand {n}, in progress, is the last; record it, then confirm.":
        "时间到：正在进行的第 {n} 盘为最后一盘；记录后请确认。",
    "Time is up: hand {n} was the last. Confirm the time call.": "时间到：第 {n} 盘为最后一盘。请确认到时。",
    "Time is up: play stopped before any hand was completed; the hand in progress scores nothing. "
    "Confirm the time call.": "时间到：停止比赛，本桌尚未打完任何一盘，正在进行的一盘不计分。请确认到时。",
    "Time is up: play stopped; the hand in progress scores nothing. Time was called after hand {n}: "
    "confirm the last completed hand.":
        "时间到：停止比赛，正在进行的一盘不计分。已在第 {n} 盘后到时：请确认最后打完的一盘。",
    # the hall display
    "Hall display…": "大厅显示…",
    "Hall display": "大厅显示",
    "Screen": "屏幕",
    "Pages": "页面",
    "Clock": "计时",
    "Find your table": "查找座位",
    "Individual standings": "个人排名",
    "Best hands": "最佳和牌",
    "both": "双语",
    "Seconds per page": "每页秒数",
}
