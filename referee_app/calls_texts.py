"""Chinese of the desk's referee calls (``referee_app/calls_desk.py``), merged into ``i18n.ZH``; kept apart
so the catalogue (issue 20) can take them in one piece."""

from __future__ import annotations

ZH_CALLS: dict[str, str] = {
    "Calls: none waiting": "呼叫：无",
    "Calls: {open} open": "呼叫：{open} 个等候",
    "longest wait {wait}": "最长已等 {wait}",
    "{taken} on the way": "{taken} 个裁判在途",
    "Referee calls": "裁判呼叫",
    "Show closed calls": "显示已结束的呼叫",
    "Note": "备注",
    "Waiting": "等候",
    "Ruling": "裁决",
    "Take": "接手",
    "Resolve…": "裁决…",
    "Close": "关闭",
    "Penalty": "罚分",
    "no penalty": "无罚分",
    "hand": "盘",
    "No calls yet.": "尚无呼叫。",
    "Enter your name as the referee first.": "请先填写你的裁判姓名。",
    "Resolve call: table {table}": "处理呼叫：第 {table} 桌",
    "{calls} calls · wait median {median}, worst {worst} · rulings: {rulings}":
        "共 {calls} 次呼叫 · 等候中位数 {median}，最长 {worst} · 裁决：{rulings}",
    "Show “Referee to table N” while a call waits": "有呼叫时显示“请裁判到第 N 桌”",
}
