"""The store's refusals in the user's language.

Every ``TournamentError`` carries a stable ``code`` and its ``params`` (``db.messages`` makes the English
text from them). Here each code has its Chinese template over the same parameters, so rewording the English
never loses the Chinese; ``tests/referee_app/test_store_errors.py`` fails when a code has no Chinese text.
English is shown as the store says it; an error without a known code (raised outside the catalogue) is
shown as it is, never hidden.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from db.messages import Parts
from referee_app.hand_errors import hand_problem
from referee_app.i18n import LANG
from scoring.errors import HandError

Template = str | Callable[[Mapping[str, Any]], str]


ZH: dict[str, Template] = {
    # --- the tournament and its settings
    "not_initialised": "此数据库还没有比赛：请先创建比赛（init --name 名称）。",
    "tournament_exists": "此数据库已有一场比赛（每个数据库一场比赛）。",
    "name_missing": "比赛需要名称。",
    "settings_frozen": "已有成绩，规则设置不可更改。",
    "table_points_sum": "{points} 之和须为 7。",
    "unknown_profile": "未知的规则 {profile!r}；可选：{profiles}。",
    "sessions_range": "{sessions} 局：须为 1–100 局。",
    "hands_range": "每局 {hands} 盘：须为 1–64 盘。",
    "no_preset": "没有罚分预设 {kind!r}：可选 {kinds}。",
    "preset_amount_missing": "{preset}：请输入分数。",
    "preset_amount_unknown": "{preset}：{points} 不是可选分数之一（{amounts}）。",
    # --- players
    "no_player": "没有编号为 {number} 的选手。",
    "team_too_large": "每队最多 4 名选手和 1 名替补：{teams}。",
    "substitute_self": "选手不能替换自己。",
    "country_unknown": "选手 {number}：{country!r} 不是国家或地区：请填 ISO 3166 两字母代码（如 FR、DE、NL、GB、CN）。",
    "ema_number_invalid": "选手 {number}：EMA 编号 {ema!r} 须为 8 位数字。",
    "substitute_seated": "选手 {number} 在第 {session} 局已有座位。",
    "substitute_after_results": "第 {session} 局选手 {number} 所在的桌已有成绩：请从第 {next} 局起替换，或注明原因更正座位。",
    # --- sessions, tables and seats
    "no_session": "第 {session} 局不存在（本比赛共 {sessions} 局）。",
    "not_a_table": "{table!r} 不是桌号。",
    "no_table": "第 {session} 局没有第 {table} 桌。",
    "no_table_in": "第 {session} 局没有第 {table} 桌（共 {tables} 桌）。",
    "no_table_unseated": "第 {session} 局没有第 {table} 桌（本局尚未排座）。",
    "not_seated_yet": "第 {session} 局尚未排座：请先排座。",
    "report_not_seated": "第 {session} 局尚未排座：请先排座。",
    "no_players": "还没有选手：请先导入选手。",
    "players_not_multiple_of_4": "{players} 名选手不是 4 的倍数：还缺 {missing} 名替补。",
    "seating_has_results": "第 {session} 局已有成绩，座位不能再重新生成；请用调换选手（注明原因）更正座位。",
    "seating_edit_has_results": "第 {session} 局已有成绩，座位不能再直接编辑；请调换选手并注明原因。",
    "seating_delete_has_results": "第 {session} 局已有成绩，座位不能删除。",
    "unknown_seating_method": "未知的排座方式 {method!r}：可选均衡（balanced）或按名次（standings）。",
    "seating_failed": "无法为比赛排座：{problem}",
    "standings_seating_failed": "无法按名次排座：{problem}",
    "table_not_four": "每桌须有四名选手（东、南、西、北）。",
    "seating_incomplete": Parts("座位表须包含每名参赛选手各一次", (("missing", "；缺少 {}"), ("extra", "；未参赛 {}"),
                                                       ("twice", "；重复 {}")), sep="、", tail="。"),
    "teammates_together": "选手 {a}（{a_name}）与 {b}（{b_name}）同属 {team} 队：不能同坐第 {session} 局第 {table} 桌（同队选手不同桌）。",
    "generated_teammates": "第 {session} 局：生成的座位让同队（{team}）选手 {a} 与 {b} 同坐第 {table} 桌，而他们本可分开；请报告此问题。",
    "swap_same_player": "两次选了同一名选手 {a}。",
    "swap_needs_reason": "第 {session} 局这些桌已有成绩：调换选手须注明原因（记为更正）。",
    "player_not_seated": "选手 {number} 在第 {session} 局没有座位。",
    "stale_table": "第 {session} 局第 {table} 桌已被其他终端修改（你看到的是第 {expected} 版，现在是第 {actual} 版）：请刷新该桌后重新录入。",
    # --- values of a result
    "not_a_player_number": "{value!r} 不是选手编号。",
    "player_not_at_table": "选手 {number} 不在第 {session} 局第 {table} 桌（本桌选手：{players}）。",
    "not_a_bool": "{value!r} 须为是或否。",
    "not_a_whole_number": "{value!r} 不是整数。",
    "out_of_range": "{value} 超出范围（{low}–{high}）。",
    "too_small": "{value} 至少应为 {low}。",
    "win_needs_discarder": "和牌须选择点炮者，或标为自摸。",
    "self_drawn_discarder": "自摸没有点炮者。",
    "pays_own_win": "选手 {number} 不能为自己的和牌付分。",
    "no_flowers": "本比赛不计花牌。",
    "notation_empty": "没有输入牌。",
    "fan_mismatch": "{fan} 番与牌型不符：这手牌计 {total} 番。",
    "under_eight_fans": "不计花牌只有 {fans} 番：和牌至少要 8 番。不足 8 番按错和处理，请改记错和罚分。",
    "win_needs_fan": "和牌须填写番数（基本分），或输入整手牌。",
    "hand_invalid": "{notation}：{problem}",
    "unknown_settlement": "{settlement!r}：罚分方式须为扣分、分给其他三家或付给一名选手。",
    "settlement_needs_player": "付给一名选手：请选择收分的选手。",
    "pays_self": "选手 {number} 不能向自己支付罚分。",
    "points_not_divisible": "{points} 分不能平分给其他三家（须为 3 的倍数）。",
    "unknown_penalty_kind": "未知的罚分类型 {kind!r}：可选 {kinds}。",
    "not_text": "须为文字。",
    "text_too_long": "共 {length} 个字符：最多 {limit} 个。",
    "text_control": "含有控制字符（{char}）：请在一行内输入，不要用特殊字符。",
    "text_surrogate": "含有无效字符（{char}，不成对的 UTF-16 代理项）。",
    "hand_not_played": "第 {table} 桌第 {hand} 盘还没打（已记录 {recorded} 盘）。",
    "time_called_before": "已在第 {after} 盘后到时。",
    # --- recording and correcting
    "database_closed": "{name} 已在本程序中关闭：不再通过它保存任何内容；请重新打开。",
    "table_signed_off": "第 {session} 局第 {table} 桌已签字确认：不能再记录新的一盘（须由裁判先撤销签字，或更正已记录的一盘）。",
    "time_called_no_more_hands": "第 {table} 桌已在第 {after} 盘后到时：本局不能再记录新的一盘。",
    "hand_out_of_order": "各盘须按顺序记录：第 {table} 桌已记录 {recorded} 盘，下一盘是第 {next} 盘。",
    "hand_recorded": "第 {session} 局第 {table} 桌第 {hand} 盘已记录；请用更正修改。",
    "hand_recorded_differently": "第 {session} 局第 {table} 桌第 {hand} 盘已有不同的记录。",
    "time_already_called": "第 {session} 局第 {table} 桌已在第 {after} 盘后到时。",
    "time_call_hands": "第 {session} 局第 {table} 桌已记录 {recorded} 盘，不是 {after} 盘：请先记录已打完的各盘。",
    "reason_required": "更正须注明原因。",
    "hand_not_recorded": "第 {session} 局第 {table} 桌第 {hand} 盘尚未记录。",
    "delete_not_last": "只能删除最后一盘（第 {recorded} 盘）；第 {hand} 盘请改为其他结果（例如荒牌）。",
    "delete_before_time_call": "本盘之后已到时：请先取消到时。",
    "no_penalty": "没有编号为 {penalty} 的罚分。",
    "time_not_called": "第 {session} 局第 {table} 桌没有到时。",
    "clock_minutes": "{minutes!r} 分钟：须为 {low} 到 {high} 的整数。",
    "clock_already_started": "第 {session} 局的计时已经开始。",
    "clock_not_started": "第 {session} 局的计时尚未开始：请先开始计时。",
    "clock_ended": "第 {session} 局的计时已经结束。",
    "clock_paused": "第 {session} 局的计时已经暂停。",
    "clock_not_paused": "第 {session} 局的计时没有暂停。",
    "clock_no_bell": "第 {session} 局第 {table} 桌不是由计时到时：无需确认。",
    "clock_confirm_hands": "第 {session} 局第 {table} 桌：最后有效的一盘须在 {recorded}（已记录）到 {hands} 之间，不能是 {after}。",
    "clock_warning_marks": "{marks}：提醒时间为剩余分钟数，须为不小于 1 的整数。",
    "clock_end_policy": "{policy!r}：到时规则须为 {policies} 之一。",
    # --- files
    "file_missing": "{path}：文件不存在。",
    "file_not_utf8": "{path}：不是 UTF-8 文本（第 {byte} 字节）；请另存为 UTF-8。",
    "file_unreadable": "{path}：无法读取（{problem}）。",
    "file_exists": "{path} 已存在：请换一个文件名（不会覆盖已有的比赛）。",
    "file_rows": Parts("", (("lines", "{}"),), sep="\n"),  # the rows' problems, as the file check says them
    "line_too_long": "此行有 {size} 字节：成绩行最多 {limit} 字节。",
    "line_too_deep": "此行的数组和对象嵌套超过 {limit} 层。",
    "line_failed": "无法录入（{problem}）。",
    "not_json": "不是有效的 JSON（第 {column} 列：{problem}）。",
    "file_not_json": "{path}：不是有效的 JSON（第 {line} 行：{problem}）。",
    "line_not_object": "每行须为一个 JSON 对象。",
    "unknown_line_type": "{type!r}：类型须为 win、draw、penalty 或 time_called。",
    "unknown_field": "{type} 行中有未知字段。",
    "missing": "缺少此项。",
    "settlement_to_form": "付给一名选手写作 {{\"to\": 编号}}。",
    # --- the command line
    "not_a_date": "{text!r} 不是日期（例如 2026-05-01）。",
    "correct_line_or_delete": "请给出 --line JSON（新的结果）或 --delete。",
    "option_not_json": "不是有效的 JSON（{problem}）。",
    "option_not_object": "须为一个 JSON 对象。",
    "correct_which": "请指明要更正的结果：--session --table --hand、--session --table --time-called 或 --penalty。",
    "time_call_only_cancel": "到时只能取消（--delete），然后重新记录。",
    "which_hand": "哪一盘？（--hand）",
    "line_options_differ": "行中的局、桌、盘与选项不一致。",
    "penalty_into_penalty": "罚分只能更正为罚分。",
    "hand_into_hand": "一盘只能更正为和牌或荒牌。",
    "backup_list_needs_file": "--list 只能列出比赛文件的备份。",
    "demo_needs_new_database": "{path} 已有比赛；演示比赛需要新的数据库。",
    # --- table devices
    "devices_not_seated": "第 {session} 局尚未排座：排座后才能发放各桌链接。",
    "base_url_invalid": "{url!r}：地址须以 http:// 或 https:// 开头（例如 http://192.168.1.20:8765）。",
    "device_token_missing": "没有桌位链接：请打开裁判给本桌的链接。",
    "device_token_unknown": "此桌位链接无效：请向裁判索取本桌链接。",
    "device_token_revoked": "此桌位链接已被替换：请向裁判索取本桌的新链接。",
    "device_other_table": "此链接只用于第 {session} 局第 {table} 桌。",
    "device_line_type": "桌位终端只录入和牌、荒牌与错和罚分（{type!r} 不是）：到时和其他罚分由裁判录入。",
    "device_preview_type": "只能预览和牌或荒牌（{type!r} 不是）。",
    "device_penalty_kind": "桌位终端只录入错和罚分（kind \"false_win_wrong\"，不是 {kind!r}）：其他罚分由裁判录入。",
    "device_penalty_field": "桌位终端不能指定：错和罚分按本比赛的预设。",
    "device_penalty_no_preset": "本比赛的错和罚分没有唯一固定分数：请裁判录入。",
    "device_penalty_preset": "须为本比赛的错和罚分：{points} 分。",
    "device_penalty_over": "第 {table} 桌本局已结束：罚分由裁判录入。",
    "device_penalty_hand": "桌位终端只能罚正在进行的一盘（第 {next} 盘，不是第 {hand} 盘）：其他盘的罚分由裁判录入。",
    "device_penalty_twice": "{number} 号在第 {hand} 盘已有错和罚分：请找裁判。",
    "request_id_invalid": "须为 1–100 个字符的文本。",
    "body_too_large": "请求超过 {limit} 字节。",
    "not_utf8": "请求不是 UTF-8 文本。",
    "ema_not_ready": Parts("未写出 EMA 成绩文件：比赛尚不满足 EMA 上传的要求", (("tables", "；{}"), ("players", "；{}")),
                           sep="；", tail="。"),
}

def _zh(exc: Any) -> str | None:
    """The Chinese text for a refusal with a known code, or None."""
    code = getattr(exc, "code", None)
    params: Mapping[str, Any] = getattr(exc, "params", {})
    if code == "hand_invalid" and isinstance(exc.__cause__, HandError):
        return f"{params['notation']}：" + hand_problem(exc.__cause__)
    template = ZH.get(code) if isinstance(code, str) else None
    if template is None:
        return None
    try:
        return template(params) if callable(template) else template.format(**params)
    except (KeyError, IndexError):  # raised with other parameters than the catalogue's: say it in English
        return None


def store_problem(exc: Any) -> str:
    """A store refusal's message for the referee, in the current language (English: as the store says it)."""
    message: str = exc.message
    if LANG.code != "zh":
        return message
    said = _zh(exc)
    return message if said is None else said
