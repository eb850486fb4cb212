"""The store's refusals in the user's language.

Every ``TournamentError`` carries a stable ``code`` and its ``params`` (``db.messages`` makes the English
text from them). Here each code has its Chinese template over the same parameters, so rewording the English
never loses the Chinese; ``tests/referee_app/test_store_errors.py`` fails when a code has no Chinese text.
English is shown as the store says it; an error without a known code (raised outside the catalogue) is
shown as it is, never hidden.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from db.messages import Parts, Template
from referee_app.hand_errors import hand_problem
from referee_app.i18n import LANG
from scoring.errors import HandError

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
    "sign_off_unfinished": "第 {session} 局第 {table} 桌只记录了 {recorded} 盘，也未叫停：缺第 {missing} 盘。请先记录，或注明提前结束的原因后签字确认。",
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
    "clock_at_far": "{at}：计时的时间须在当前时间（{now}）前后一天之内。",
    "clock_before_start": "{at} 早于第 {session} 局计时开始的时间（{started}）。",
    "clock_before_pause": "{at} 早于第 {session} 局计时暂停的时间（{paused}）。",
    "clock_add_range": "{minutes!r} 分钟：增加（或减少）的时间最多为一局的时长 {length} 分钟，且不能为 0。",
    "clock_too_long": "增加 {minutes} 分钟后一局将长达 {total} 分钟：一局最多 {limit} 分钟（24 小时）。",
    "clock_take_back_left": "第 {session} 局还剩 {left}：减少 {minutes} 分钟将结束本局；请少减一些，或用“结束”结束计时。",
    "clock_take_back_table": "第 {session} 局第 {table} 桌还剩 {left}，其中 {extra} 分钟为加时：该桌最多减少 {most} 分钟。",
    # --- files
    "file_missing": "{path}：文件不存在。",
    "file_not_utf8": "{path} 第 {line} 行：不是 UTF-8 文本（第 {byte} 字节）；请另存为 UTF-8。",
    "file_looks_gbk": "{path} 第 {line} 行：不是 UTF-8 文本（第 {byte} 字节），看来是 GBK（中文 Windows 上 Excel 的 CSV）：请另存为“CSV UTF-8”。",
    "file_utf16": "{path} 是 UTF-16 文本（Excel 的“Unicode 文本”）：请另存为 UTF-8（Excel 中选“CSV UTF-8”）。",
    "file_binary": "{path} 不是文本文件（含有 NUL 字节，可能是没有字节顺序标记的 UTF-16）：请在电子表格中另存为“CSV UTF-8”。",
    "file_encoding_unknown": "{path} 无法作为文本读取（第 {byte} 字节既不是 UTF-8、UTF-16、GBK，也不是 Windows-1252）：请另存为“CSV UTF-8”。",
    "file_bad_bytes": "{path} 开头是 {encoding} 文本，但第 {byte} 字节不是 {encoding}：请重新另存为 UTF-8。",
    "file_too_large": "{path} 大于 {mib} MiB（此类文件的上限）：不是此类文件。",
    "folder_not_enterable": "{path}：没有权限：当前用户不能进入文件夹 {folder}。",
    "path_not_text": "{path}：名称不是 UTF-8 文本：请重命名该文件或文件夹。",
    "file_unreadable": "{path}：无法读取（{problem}）。",
    "file_exists": "{path} 已存在：请换一个文件名（不会覆盖已有的比赛）。",
    "demo_in_use": "演示比赛已在另一个国标麻将裁判窗口中打开：请在那个窗口中使用，或在那里关闭后再打开演示比赛。",
    "file_rows": lambda p: "\n".join(  # each row's problem by its code (players_csv.RowProblem)
        f"{p['source']} 第 {r.line} 行：{_zh(r) or r.message}" for r in p["rows"]),
    # --- a row of the players CSV (shown beside its row, or after "第 N 行：")
    "csv_empty": "空文件：第一行须为表头 number,name[,team][,country]。",
    "csv_header_unreadable": "无法读取表头。",
    "csv_unknown_column": ('未知的列 "{column}"；可用的列为 number,name[,team][,country][,substitute]'
                           '[,ema_number][,first_name][,last_name]。'),
    "csv_column_missing": '表头须有 "{column}" 列。',
    "csv_column_twice": '表头中 "{column}" 列出现了两次。',
    "csv_row_unreadable": "无法读取此行（{problem}）。",
    "csv_field_count": "此行有 {fields} 个字段，表头有 {columns} 个。",
    "csv_number_empty": '"number"（编号）为空。',
    "csv_number_invalid": '"number"（编号）{number} 最多 32 个字符，且不能有空格。',
    "csv_name_empty": '选手 {number} 的 "name"（姓名）为空。',
    "csv_number_twice": '"number"（编号）{number} 已在第 {first} 行用过。',
    "csv_substitute_invalid": '"substitute"（替补）{value}：请填 yes 或 no。',
    "csv_quote_unclosed": '带引号的单元格从此行延续到第 {end} 行：有一个引号（"）没有闭合（单元格只能占一行）。',
    "csv_too_many_players": "{path}：超过 {limit:,} 名选手（第 {line} 行）：一场比赛最多 {limit:,} 名选手。",
    "too_many_players": "一场比赛最多 {limit:,} 名选手：{number} 将是第 {count:,} 名。",
    "line_not_utf8": "不是 UTF-8 文本（此行第 {byte} 字节）；请将文件另存为 UTF-8。",
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
    "not_a_time": "{text!r} 不是时间，格式如 2026-05-01T09:30（未注明时区即为 UTC，如 +08:00）。",
    "correct_line_or_delete": "请给出 --line JSON（新的结果）或 --delete。",
    "option_not_object": "须为一个 JSON 对象。",
    "correct_which": "请指明要更正的结果：--session --table --hand、--session --table --time-called 或 --penalty。",
    "time_call_only_cancel": "到时只能取消（--delete），然后重新记录。",
    "which_hand": "哪一盘？（--hand）",
    "line_options_differ": "行中的局、桌、盘与选项不一致。",
    "penalty_into_penalty": "罚分只能更正为罚分。",
    "hand_into_hand": "一盘只能更正为和牌或荒牌。",
    "backup_list_needs_file": "--list 只能列出比赛文件的备份。",
    "demo_needs_new_database": "{path} 已有比赛；演示比赛需要新的数据库。",
    # --- tournament files, database servers, copies and backups ({cause}, {problem}: the system's words)
    "database_url_invalid": "--db {url!r} 不是有效的数据库地址：{problem}",
    "no_such_tournament_file": "{name}：比赛文件不存在。",
    "file_is_folder": "{name} 是文件夹，不是比赛文件。",
    "file_empty": "{name} 是空文件，不是比赛文件；文件未被改动。",
    "file_cannot_read": "无法读取 {name}：{cause}。",
    "not_sqlite": "{name} 不是比赛文件（不是 SQLite 数据库）；文件未被改动。",
    "sqlite_unreadable": "{name} 不是比赛文件（无法读取的 SQLite 数据库：{problem}）；文件未被改动。",
    "other_program_file": "{name} 不是 MCR Referee 比赛文件（属于其他程序）；文件未被改动。",
    "other_program_database": "{name} 不是 MCR Referee 比赛文件（是其他程序的 SQLite 数据库）；文件未被改动。",
    "damaged_database": "{name} 有比赛数据表但没有版本号：文件已损坏或不完整，无法打开（文件未被改动）；请打开一个备份。",
    "schema_too_new": "{name} 由较新版本的 MCR Referee 写入（版本 {revision!r}；本程序最高支持 {head!r}）：请升级程序后再打开。",
    "create_folder_missing": "无法创建数据库 {path}：文件夹 {folder} 不存在。",
    "file_has_tournament": "{name} 已有一场比赛：请换一个新文件名。",
    "create_read_only": "无法创建 {name}：{reason}。",
    "open_failed": "无法打开 {name}：{cause}。",
    "upgrade_backup_failed": ("{name} 需要从版本 {revision} 升级到 {head}，但升级前的备份失败（{cause}）：文件未升级，也未打开；"
                              "请腾出磁盘空间或让文件夹可写。"),
    "read_only_database": "{name} 为只读（{reason}）：修改无法保存。",
    "save_no_space": "无法保存到 {name}：磁盘空间不足。",
    "database_file_gone": lambda p: (
        f"{p['name']} 在打开期间{'被另一个文件替换' if p['replaced'] else '被删除或移动'}：之后的修改都不会保存；"
        "请用“保存到新文件…”保存本程序中的数据，再打开那个文件。"),
    "file_is_open_tournament": "{name} 是本程序正在打开的比赛文件：请选择另一个文件。",
    "postgres_extra_missing": "未安装 PostgreSQL 支持：请安装 postgres 扩展：pip install 'mcr-referee[postgres]'",
    "driver_missing": "未安装 {driver} 的数据库驱动（{module}）。",
    "server_schema_permission": ("无法在 {database} 中建表：没有 public 模式的权限；数据库须归该角色所有："
                                 "ALTER DATABASE {database} OWNER TO {role}"),
    "server_unavailable": "无法打开 {url}：{problem}",
    "server_no_tournament": "{url} 中还没有比赛：请先创建比赛（init）。",
    "output_folder_missing": "无法写入 {name}：文件夹 {folder} 不存在。",
    "output_failed": "无法写入 {name}：{cause}。",
    "folder_create_failed": "{folder}：无法创建文件夹（{cause}）。",
    "copy_of_server": "服务器数据库的副本请用 JSON 导出。",
    "copy_is_open_file": "{name} 是当前打开的文件：请为副本换一个名字。",
    "copy_exists": "{name} 已存在：请换一个新文件名（不会覆盖已有文件）。",
    "server_backup_needs_folder": "服务器数据库的备份须指定一个文件夹。",
    "server_backup_needs_dir": "服务器数据库的备份须指定一个文件夹：backup 文件夹。",
    "backup_list_failed": "无法列出 {folder} 中的备份：{cause}。",
    "backup_folder_failed": "无法创建备份文件夹 {folder}：{cause}。",
    "no_such_backup": "{name}：备份不存在。",
    "restore_target_exists": "{name} 已存在：请恢复到一个新文件（不会覆盖已有文件）。",
    "backup_empty": "{name} 是空文件：不是比赛的备份。",
    "auto_backup_failed": "备份失败：{cause}。",
    "backup_problem": "备份失败：{problem}",
    "second_backup_refused": lambda p: f"第二备份文件夹：{_zh(p['refusal']) or p['refusal']}",
    "second_backup_failed": "第二备份文件夹 {folder}：{cause}。",
    "nothing_to_export": "没有可导出的内容：此数据库还没有比赛。",
    "export_format_invalid": "不是 MCR 比赛导出文件（\"format\" 须为 {format!r}）。",
    "export_schema_differs": "导出文件的版本是 {schema!r}，本程序写入的是 {head!r}：请用对应版本的程序打开。",
    "import_needs_empty_database": "此数据库已有一场比赛：请导入到一个新的空数据库。",
    "export_no_tables": "导出文件中没有 \"tables\"。",
    "export_unknown_columns": "{table} 第 {row} 行：未知的列 {columns}。",
    "export_text_too_long": "{table} 第 {row} 行：\"{column}\" 有 {length} 个字符，该列最多 {limit} 个。",
    "export_text_invalid": "{table} 第 {row} 行：\"{column}\" 含有 NUL 或无效（不成对的代理项）字符。",
    "export_value_invalid": "{table} 第 {row} 行：\"{column}\" 不能是 {value}：导出文件已损坏。",
    "export_unknown_tables": "导出文件含有未知的表 {tables}：文件已损坏或不是 MCR Referee 的导出。",
    "export_table_invalid": "导出文件的 \"{table}\" 不是行的列表：文件已损坏。",
    "export_row_invalid": "{table} 第 {row} 行不是由列组成的对象：导出文件已损坏。",
    "export_inconsistent": "导出文件的各行互不一致（{problem}）：文件已损坏；未恢复任何内容。",
    "export_no_tournament": "导出文件中没有比赛：文件已损坏；未恢复任何内容。",
    "export_settings_invalid": "无法读取导出文件中的比赛设置（{problem}）：文件已损坏。",
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
    "server_busy": "服务器繁忙：请稍后再试。",
    "not_utf8": "请求不是 UTF-8 文本。",
    # --- referee calls and the players' page
    "call_reason": "{reason!r} 不是呼叫裁判的原因（可选：{reasons}）。",
    "no_call": "没有第 {call} 号呼叫。",
    "call_still_open": "第 {table} 桌已呼叫裁判（第 {call} 号呼叫）：请等候，或取消该呼叫。",
    "call_taken": "第 {call} 号呼叫已由 {referee} 在其他终端接手：请刷新呼叫列表。",
    "call_closed": "第 {call} 号呼叫已{status}。",
    "call_not_open": "第 {call} 号呼叫已{status}：只能取消等候中的呼叫。",
    "call_penalty_elsewhere": "罚分 {penalty} 在第 {session} 局第 {table} 桌，不在呼叫的那一桌。",
    "public_page_off": "选手页面已关闭。",
    "call_field": "不属于呼叫（呼叫只有 \"reason\" 和可选的 \"note\"）。",
    "ema_not_ready": Parts("未写出 EMA 成绩文件：比赛尚不满足 EMA 上传的要求", (("tables", "；{}"), ("players", "；{}")),
                           sep="；", tail="。"),
    # --- stages and cuts, the check-in desk, the awards (issue 21)
    "stage_exists": "已有名为 {stage!r} 的阶段（“qualifying” 指第一阶段）。",
    "stage_rule_unknown": "带分须为 full、half 或 none（{carry!r}）；排座须为 rank、snake 或 spread（{seating!r}）。",
    "stage_cut_invalid": "晋级人数须为 4 的倍数，至少 4 人，且不多于上一阶段的晋级人数（{previous}）：不能为 {cut}。",
    "stage_sessions_fixed": "本比赛已分阶段：{sessions} 局的局数只能通过添加阶段（stage add）改变。",
    "no_stage": "没有阶段 {stage!r}（阶段：{stages}）。",
    "stage_previous_incomplete": "阶段 {stage!r} 还不能开始：其选手为 {previous!r} 的前几名，而该阶段尚未全部赛完。",
    "stage_tie_at_cut": "阶段 {stage!r}：选手 {tied} 在晋级线上同分，争 {places} 个名额；由组织者决定（stage decide {stage} --advance 编号…）。",
    "stage_no_tie": "阶段 {stage!r} 的晋级线上没有需要决定的同分。",
    "stage_advance_invalid": "阶段 {stage!r}：请从同分选手 {tied} 中指定 {places} 名晋级（所给：{given}）。",
    "stage_teams": "阶段排名为个人排名：--stage 不能与 --teams 同用。",
    "no_show_unknown": "{value!r}：缺席的处理方式须为 “substitute” 或 “replan”。",
    "checkin_nobody": "请指定选手：--present 编号… 或 --absent 编号…",
    "checkin_both": "选手 {numbers} 同时被标为到场和缺席。",
    "checkin_substitutes_missing": "第 {session} 局：到场 {present} 人不是 4 的倍数：还缺 {missing} 名替补（尚有 {not_seen} 名应到选手未检录）。",
}

# The causes the store says in its own words (``db.files.describe_os_error``, ``db.schema.read_only_reason``,
# the read-only reasons of ``db.store``); any other cause (the system's strerror, a driver's text) stays as
# it is. A reason may be several of these joined by "; ".
CAUSES = {
    "no space left on device": "磁盘空间不足",
    "the medium is read-only": "存储介质为只读",
    "permission denied": "没有权限",
    "the file is read-only": "文件为只读",
    "the folder is read-only": "文件夹为只读",
    "another program has the file open: close it there and try again": "另一个程序打开了该文件：请在那个程序中关闭它后再试",
    "opened for reading": "以只读方式打开",
    "read-only": "只读",
    "an older version's file, read upgraded in memory": "旧版本的文件，已在内存中升级后读取",
}
CAUSE_PARAMS = ("cause", "reason")


def _cause_zh(text: str) -> str:
    return "；".join(CAUSES.get(part, part) for part in text.split("; "))


def _zh(exc: Any) -> str | None:
    """The Chinese text for a refusal with a known code, or None."""
    code = getattr(exc, "code", None)
    params: Mapping[str, Any] = getattr(exc, "params", {})
    if code == "hand_invalid" and isinstance(getattr(exc, "__cause__", None), HandError):
        return f"{params['notation']}：" + hand_problem(exc.__cause__)
    template = ZH.get(code) if isinstance(code, str) else None
    if template is None:
        return None
    params = {k: _cause_zh(v) if k in CAUSE_PARAMS and isinstance(v, str) else v for k, v in params.items()}
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


def row_problem(problem: Any) -> str:
    """One line's problem of a file (``db.formats.players_csv.RowProblem``) with its line number, in the
    current language: "line 3: ..." / "第 3 行：..."."""
    if LANG.code != "zh":
        return str(problem)
    return f"第 {problem.line} 行：{store_problem(problem)}"
