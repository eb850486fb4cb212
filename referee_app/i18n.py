"""English / Chinese user-facing text, switchable at runtime.

A small in-code table keyed by the English text: ``tr("Standings")`` returns the Chinese text when
Chinese is on. Widgets that show text implement ``retranslate()`` and are re-run when the language
changes (``LANG.changed``). The choice is remembered in QSettings by ``settings.py``.
"""

from __future__ import annotations

from PySide6.QtCore import QCoreApplication, QLibraryInfo, QObject, QTranslator, Signal

from referee_app.calls_texts import ZH_CALLS
from referee_app.clock_texts import ZH_CLOCK

ZH: dict[str, str] = {
    # window, navigation
    "MCR Referee": "国标麻将裁判",
    "Start": "开始",
    "Players": "选手",
    "Sessions & tables": "局次与桌位",
    "Score sheet": "计分表",
    "Standings": "排名",
    "Reports": "报表",
    "Log": "日志",
    "File": "文件",
    "View": "视图",
    "Language": "语言",
    "Help": "帮助",
    "New tournament…": "新建比赛…",
    "Open…": "打开…",
    "Open demo tournament": "打开演示比赛",
    "Recent files": "最近的文件",
    "Close tournament": "关闭比赛",
    "Export workbook…": "导出工作簿…",
    "Export EMA results…": "导出 EMA 成绩…",
    "EMA results (*.csv)": "EMA 成绩 (*.csv)",
    "Finish every table (all hands, time called or signed off) and give every country as an ISO code, then export again.":
        "请先完成每一桌（打完所有盘、已叫停或已签核），并将每名选手的国家或地区填为 ISO 代码，然后再导出。",
    "Publish website…": "发布成绩网站…",
    "Excel workbook (*.xlsx)": "Excel 工作簿 (*.xlsx)",
    "Publish website… (choose an empty folder)": "发布成绩网站…（请选择一个空文件夹）",
    "Published {count} pages to {folder}: open index.html.": "已将 {count} 个网页发布到 {folder}：请打开 index.html。",
    "Quit": "退出",
    # table devices (Tables menu)
    "Tables": "桌位",
    "Table devices…": "桌位终端…",
    "Table devices": "桌位终端",
    "This computer only": "仅本机",
    "Phones on the local network": "局域网内的手机",
    "Port": "端口",
    "Server": "服务器",
    "Stop": "停止",
    "Running on {addresses}": "运行中：{addresses}",
    "Stopped: the tables' links work only while the server runs.": "已停止：服务器运行时各桌链接才可用。",
    "Table {table}": "第 {table} 桌",
    "Replace this table's link": "更换本桌链接",
    "Could not start the server": "无法启动服务器",
    "Port {port} is in use or not allowed.": "端口 {port} 已被占用或不可用。",
    "Choose another port and try again.": "请换一个端口再试。",
    "Could not show the links": "无法显示链接",
    "Could not replace the link": "无法更换链接",
    "Address for the QR codes": "二维码使用的地址",
    "Windows: allow MCR Referee when the firewall asks. Venue Wi-Fi is often a \"Public\" network, which the "
    "firewall blocks: allow Public networks too, or make this network Private (Settings → Network & Internet).":
        "Windows：防火墙询问时请允许“国标麻将裁判”。场馆 Wi-Fi 常被归为“公用”网络，防火墙会阻止它："
        "请同时允许公用网络，或将此网络设为专用（设置 → 网络和 Internet）。",
    "About": "关于",
    "No recent files yet.": "还没有最近的文件。",
    "Welcome to MCR Referee": "欢迎使用国标麻将裁判",
    "Create a tournament, open a tournament file, or look around in the demo tournament.":
        "新建一场比赛、打开比赛文件，或先在演示比赛中看看。",
    "Tournament files (*.mcr);;All files (*)": "比赛文件 (*.mcr);;所有文件 (*)",
    # backups, a file deleted or moved (issue 12; referee_app/backup_menu.py, dialogs/restore.py)
    "Back up now": "立即备份",
    "Backup saved: {path}": "备份已保存：{path}",
    "Backups: {folder}": "备份位置：{folder}",
    "Restore from backup…": "从备份恢复…",
    "Restore from backup": "从备份恢复",
    "Restore to a new file…": "恢复到新文件…",
    "Choose a backup. It is copied to a new file that you name next; the open tournament file is not changed.":
        "请选择一个备份。它将被复制到您接下来命名的新文件中；当前打开的比赛文件不会改变。",
    "No backups of this file yet: they are made at the first change, every 5 minutes while changes happen, "
    "at the end of each session and on closing.":
        "此文件还没有备份：第一次修改时、有修改期间每 5 分钟、每局结束时和关闭时都会自动备份。",
    "Taken at": "备份时间",
    "Size": "大小",
    "Folder": "文件夹",
    "automatic": "自动",
    "manual": "手动",
    "end of session {n}": "第 {n} 局结束",
    "Last backup {time}": "上次备份 {time}",
    "No backup yet": "尚无备份",
    "the last backup failed": "最近一次备份失败",
    "Second backup folder…": "第二备份文件夹…",
    "Second backup folder (e.g. a USB stick)": "第二备份文件夹（例如 U 盘）",
    "Second backup folder: {folder}": "第二备份文件夹：{folder}",
    "Stop backing up to {folder}": "停止备份到 {folder}",
    "The backup was restored to {path}.": "备份已恢复到 {path}。",
    "Open it now? The tournament open now is closed, not changed.": "现在打开它吗？当前打开的比赛将被关闭，不会改变。",
    "Choose a new file name.": "请换一个新的文件名。",
    "Tournament file deleted or moved": "比赛文件已被删除或移走",
    "{name} was deleted, moved or replaced while it was open. Nothing more can be saved into it; this app still "
    "holds everything up to the last change.":
        "{name} 在打开期间被删除、移走或替换，之后的修改都无法再保存到它；本程序仍保存着截至最后一次修改的全部内容。",
    "Save it to a new file now and go on working in that file.": "请立即保存到新文件，然后在新文件中继续工作。",
    "Save to a new file…": "保存到新文件…",
    "Not now": "暂不",
    "Not saved: the tournament file was deleted or moved": "未保存：比赛文件已被删除或移走",
    # players
    "Add player": "添加选手",
    "Edit player": "编辑选手",
    "Import CSV…": "导入 CSV…",
    "Number": "编号",
    "Name": "姓名",
    "Team": "队伍",
    "Country": "国家/地区",
    # sessions
    "Session": "局次",
    "Table": "桌号",
    "Generate seating": "生成座位",
    "Regenerate seating": "重新生成座位",
    "Open score sheet": "打开计分表",
    "Progress": "进度",
    "Time called": "到时",
    "Status": "状态",
    "open": "进行中",
    "needs attention": "需处理",
    "signed off": "已签字",
    "not started": "未开始",
    "East": "东", "South": "南", "West": "西", "North": "北",
    "Seat": "座位",
    # sheet
    "Hand": "盘",
    "Wind": "圈风",
    "Dealer": "庄家",
    "Winner": "和牌者",
    "Discarder": "点炮者",
    "Fan": "番",
    "self-drawn": "自摸",
    "draw": "荒牌",
    "Record win…": "记录和牌…",
    "Totals only": "只记番数",
    "Record draw": "记录荒牌",
    "Penalty…": "罚分…",
    "Time called…": "到时…",
    "Correct hand…": "更正…",
    "Total": "合计",
    "Penalties": "罚分",
    "Match points": "比赛分",
    "Session score": "局分",
    "Rank": "名次",
    "Table points": "标准分",
    "Record": "记录",
    "Select a table in Sessions & tables.": "请在“局次与桌位”中选择一桌。",
    # hand entry
    "Hand entry": "和牌录入",
    "Notation": "牌谱",
    "Flowers": "花牌",
    "Tiles": "单张",
    "Made of": "组成",
    "Tiles in hand": "手牌",
    "Chow": "吃",
    "Pung": "碰",
    "Kong": "明杠",
    "Concealed kong": "暗杠",
    "Winning tile": "和张",
    "Undo": "撤销",
    "Clear": "清空",
    "Remove": "删除",
    "Self-drawn": "自摸",
    "Discarded by": "点炮",
    "Last tile (4th)": "和绝张",
    "Kong (replacement / robbing)": "杠上开花 / 抢杠和",
    "Last of the wall": "妙手回春 / 海底捞月",
    "Prevailing wind": "圈风",
    "Seat wind": "门风",
    "Confirm": "确认",
    "Cancel": "取消",
    "Fans": "番种",
    "Points": "分",
    "Payments": "得失分",
    "Waiting on": "听牌",
    "Not waiting on any tile.": "未听牌。",
    "Enter the hand: click tiles, or type the notation.": "录入手牌：点击牌张，或输入牌谱。",
    "A winning hand of {total} fans: it counts.": "和牌 {total} 番，成立。",
    "Only {n} fans without flowers: at least 8 are needed; this is a false win.":
        "不计花牌只有 {n} 番，不足 8 番：这是错和。",
    "Melds": "副露",
    "Standing": "手牌",
    "Situation": "和牌情况",
    "Winner:": "和牌者：",
    "Reading": "组合",
    # dialogs
    "Points per player": "每人罚分",
    "Settlement": "结算方式",
    "deducted": "扣除",
    "paid to the other three": "付给其余三人",
    "paid to one player": "付给一人",
    "To player": "付给",
    "Reason": "原因",
    "Kind": "类型",
    "Player": "选手",
    "Amount": "分数",
    "custom": "自定义",
    "false win (under 8 fans, wrong tile)": "错和（不足 8 番、错张）",
    "false win (not ready)": "诈和（未听牌）",
    "rule violation": "违规",
    "lateness": "迟到",
    "Correct hand": "更正",
    "Why is this hand corrected?": "更正原因？",
    "A reason is required.": "必须填写原因。",
    "After hand": "在第几盘后",
    "Time called after hand": "到时（已完成的盘数）",
    # standings
    "Individuals": "个人",
    "Teams": "团体",
    "Projector view": "投影视图",
    "Members": "成员",
    "Session {n}": "第{n}局",
    "Session {n}: table points (match points)": "第{n}局：标准分（比赛分）",
    # reports
    "Save as PDF…": "另存为 PDF…",
    "Print…": "打印…",
    "Report": "报表",
    "Score sheets": "计分表",
    "Results": "成绩",
    "Penalty record": "罚分记录",
    "Seating": "座位表",
    # log
    "Filter": "筛选",
    "Time": "时间",
    "Station": "工作站",
    "Referee": "裁判",
    "Action": "操作",
    "What": "内容",
    "Before": "之前",
    "After": "之后",
    # wizard
    "New tournament": "新建比赛",
    "Tournament name": "比赛名称",
    "Rule profile": "规则",
    "Sessions": "局数",
    "Hands per session": "每局盘数",
    "Play with flowers": "使用花牌",
    "Save as": "保存为",
    "Browse…": "浏览…",
    "Create": "创建",
    # csv
    "Import players": "导入选手",
    "Row": "行",
    "Problem": "问题",
    "Import {n} players": "导入 {n} 名选手",
    "(header row; UTF-8 best, also UTF-16, GBK or Windows-1252; country: ISO code such as FR)":
        "（须有表头；最好用 UTF-8，也可读 UTF-16、GBK 或 Windows-1252；国家或地区：ISO 代码，如 FR）",
    "Read as {encoding}; columns separated by {sep}.": "按 {encoding} 读取；列以{sep}分隔。",
    "Columns separated by {sep}.": "列以{sep}分隔。",
    "comma": "逗号",
    "semicolon": "分号",
    "tab": "制表符",
    # errors
    "Something went wrong": "出错了",
    "Could not do that": "无法完成",
    "What to do next:": "接下来怎么做：",
    "The app hit an unexpected problem. Confirmed results are already saved. "
    "Try the action again; if it repeats, save a copy of the tournament file and report it.":
        "程序遇到意外问题。已确认的结果都已保存。请再试一次；如果再次出现，请备份比赛文件并报告问题。",
    "The details are in the log file {path} (attach it to the report).": "详细信息在日志文件 {path} 中（报告问题时请附上）。",
    "The app runs from a temporary copy": "程序正从临时副本运行",
    "{name} is a name Windows keeps for a device: choose another file name.":
        "{name} 是 Windows 保留给设备的名称：请换一个文件名。",
    "macOS started MCR Referee from a temporary read-only copy (App Translocation), because "
    "the app was opened where it was downloaded or unpacked. From there it cannot see the "
    "files beside it: portable mode is off, and the settings go to your user profile.":
        "macOS 从一个只读的临时副本（App Translocation）启动了本程序，因为程序是在下载或解压的位置直接打开的。"
        "在那里程序看不到它旁边的文件：便携模式不可用，设置会保存在您的用户目录中。",
    "Quit the app, move “MCR Referee.app” with Finder (drag it to Applications, or to "
    "another folder on your stick), then start it again.":
        "请退出程序，用访达（Finder）移动“MCR Referee.app”（拖到“应用程序”或 U 盘上的另一个文件夹），然后重新启动。",
    "OK": "确定",
    "Demo tournament": "演示比赛",
    "Could not open the file": "无法打开文件",
    "Check that the path is a tournament file (.mcr) and that no other program has it locked.":
        "请检查路径是否为比赛文件 (.mcr)，以及是否被其他程序锁定。",
    # hand entry: false win, keys
    "Record false win penalty (错和)": "记录错和罚分",
    "False win: {n} fans without flowers": "错和：不计花牌只有 {n} 番",
    "Take back the last tile (Backspace)": "退回最后一张 (Backspace)",
    "Undo the last change (Ctrl+Z)": "撤销上一步 (Ctrl+Z)",
    "Empty the hand": "清空手牌",
    "{fan} fans: a win needs at least 8 (flowers not counted), so this is a false win (错和) by {name}.":
        "{fan} 番：和牌至少需要 8 番（不计花牌），因此这是 {name} 的错和。",
    "Change the fan": "修改番数",
    "Teammates at one table": "队友同桌",
    "Swap two players in Sessions & tables, or regenerate that session's seating.":
        "请在“局次与桌位”中交换两名选手，或重新生成该局座位。",
    "from {name}": "{name} 点炮",
    "Hand {n} as recorded: {what}": "第 {n} 盘现在记为：{what}",
    "Only 1 fan without flowers: at least 8 are needed; this is a false win.":
        "不计花牌只有 1 番，不足 8 番：这是错和。",
    # penalty preset notes (db.profiles)
    "10 to each other player; may not win this hand": "其余三家各得 10 分；本盘不得再和牌",
    "20 to each other player": "其余三家各得 20 分",
    "10 to each other player": "其余三家各得 10 分",
    "10 up to 10 min, 20 up to 15 min": "迟到 10 分钟以内罚 10 分，15 分钟以内罚 20 分",
    # teams
    "Edit teams…": "编辑队伍…",
    "substitute": "替补",
    "Substitute (seated only when replacing a player)": "替补（只在替换选手时入座）",
    "(no team)": "（无队伍）",
    "Rename": "改名",
    "New name": "新名称",
    "Move selected to": "所选队员移到",
    "Move": "移动",
    "A team name cannot be empty.": "队名不能为空。",
    "Team {team} already exists: move its players instead.": "队伍 {team} 已存在：请改为移动队员。",
    "{team} has {n} players: a team has at most 4 players and 1 substitute.":
        "{team} 有 {n} 名选手：每队最多 4 名选手加 1 名替补。",
    "{n} players change team.": "{n} 名选手更换队伍。",
    "No change yet.": "尚无更改。",
    "Rename the selected team, or select players and move them to another team (type a new name to "
    "create one; empty = no team). Saved together on OK.":
        "可改选中队伍的名称，或选中队员移到其他队伍（输入新名称即新建队伍；留空 = 无队伍）。按确定后一并保存。",
    # more
    "Selected hand": "所选的盘",
    "Swap two players…": "交换两名选手…",
    "Required once the tables have results": "有成绩后必须填写",
    "One A4 page per table with every hand, the totals, ranks and table points (R98 annex 5).":
        "每桌一页 A4：每盘结果、合计、名次和标准分（规则附件五）。",
    "Score sheets before play: names and seats filled in, the grid empty, for the tables.":
        "赛前空白计分表：已填姓名和座位，供各桌使用。",
    "A session's results per table and its best scores.": "本局各桌成绩及最高分。",
    "The session's penalty record (R98 annex 4).": "本局罚分记录（规则附件四）。",
    "A session's seating by table, and alphabetically by player, to post at the entrance.":
        "本局座位表：按桌号及按选手姓名排列，可张贴于入口。",
    "The individual ranking with the per-session breakdown.": "个人排名及各局明细。",
    "The team ranking.": "团体排名。",
    "Opening {path}…": "正在打开 {path}…",
    "{path}: no such file.": "{path}：文件不存在。",
    "&Winner": "和牌者(&W)",
    "&Discarder": "点炮者(&D)",
    "&Fan": "番数(&F)",
    "A player cannot pay a penalty to themselves.": "选手不能向自己支付罚分。",
    "Blank score sheets": "空白计分表",
    "Team standings": "团体排名",
    "Choose a folder you can write to.": "请选择可写入的文件夹。",
    "If another program (Excel, a PDF reader) has the file open, close it there; otherwise choose a folder you "
    "can write to.": "如果另一个程序（Excel、PDF 阅读器）打开了该文件，请先在那里关闭它；否则请选择可写入的文件夹。",
    "Choose another session, or seat this one first.": "请选择其他局次，或先为本局排座。",
    "Choose where to save the tournament file.": "请选择比赛文件的保存位置。",
    "Correct hand {n}": "更正第 {n} 盘",
    "Create a new tournament instead.": "请改为新建比赛。",
    "Draw": "荒牌",
    "Enter the amount.": "请输入分数。",
    "Enter the fan total.": "请输入番数。",
    "Mark the winning tile.": "请标出和张。",
    "Opened {path} in the PDF viewer: print it from there.": "已在 PDF 阅读器中打开 {path}，请从那里打印。",
    "Save as PDF and print it from a PDF viewer.": "请另存为 PDF，再用 PDF 阅读器打印。",
    "Saved {path} ({kb} KiB).": "已保存 {path}（{kb} KiB）。",
    "Sent to the printer.": "已发送到打印机。",
    "Session over": "本局结束",
    "Session {n} is not seated yet.": "第 {n} 局尚未排座。",
    "Sign off": "签字确认",
    "Undo sign-off": "撤销签字",
    "The name is required.": "必须填写姓名。",
    "ISO code, e.g. FR, DE, CN": "ISO 代码，如 FR、DE、CN",
    "8 digits; empty: not an EMA member": "8 位数字；留空：非 EMA 会员",
    "EMA number": "EMA 编号",
    "First name": "名",
    "Last name": "姓",
    "from the name: {name}": "取自姓名：{name}",
    "{country} is not a country: write its ISO 3166 code (e.g. FR, DE, CN).":
        "{country} 不是国家或地区：请填 ISO 3166 代码（如 FR、DE、CN）。",
    "The EMA number has 8 digits.": "EMA 编号为 8 位数字。",
    "The number is required and has no spaces.": "必须填写编号，且不含空格。",
    "The tournament needs a name.": "请填写比赛名称。",
    "No hand has been recorded at this table yet: calling time now ends the session at this table with no hands "
    "played. If hands were played, record them first. Record time called anyway?":
        "本桌还没有记录任何一盘：现在到时，本桌本局将以 0 盘结束。如果已经打了几盘，请先记录。仍要记录到时吗？",
    "Time is called after hand {n}: the session at this table ends on the {n} hands played. Record it?":
        "第 {n} 盘后到时：本桌本局以已完成的 {n} 盘结束。确认记录？",
    "Type the fan and press Enter.": "输入番数后按回车。",
    "Win (enter the hand)": "和牌（录入手牌）",
    "Win (totals)": "和牌（只记番数）",
    "after hand {n}": "第 {n} 盘后",
    "all": "全部",
    "all actions": "全部操作",
    "{n} cannot be split equally among the other three (must divide by 3).": "{n} 不能由其余三人平分（须为 3 的倍数）。",
    "{n} of 14 tiles entered.": "已录入 {n}/14 张。",
    "{n} players": "{n} 名选手",
    "{n} rows have problems: fix the file and load it again.": "{n} 行有问题：请修改文件后重新载入。",
    "{tables} tables, {done} finished, {hands} hands recorded": "{tables} 桌，{done} 桌已完成，已记录 {hands} 盘",
    "Correct the input and try again.": "请更正输入后重试。",
    "Reload the table (it refreshes now) and enter the result again.": "本桌已刷新，请重新录入结果。",
    "Settings cannot change once results exist; correct the results instead.": "已有成绩后不能更改设置；请更正成绩。",
    # --- issue 19: the referee's flow
    "Only {recorded} of {hands} hands are recorded and time was not called: hand(s) {missing} missing. Sign off "
    "anyway? Give the reason the table ended early (it goes into the Log).":
        "只记录了 {hands} 盘中的 {recorded} 盘，也未叫停：缺第 {missing} 盘。仍要签字确认吗？请填写该桌提前结束的原因（记入日志）。",
    "Give the reason the table ended early.": "请填写该桌提前结束的原因。",
    "Choose the winner and who discarded (+ for self-drawn).": "请选择和牌者和点炮者（自摸选 +）。",
    "Type the winner's seat letter (E, S, W, N), then the discarder's or +.": "输入和牌者的座位字母（E、S、W、N），再输入点炮者的字母或 +。",
    "Record hand {n} as a draw (no winner)?": "将第 {n} 盘记为荒庄（无人和牌）？",
    "Mode: single tiles (the 14th is the winning tile)": "方式：单张（第 14 张即和张）",
    "Provisional: {n} table(s) still playing": "暂定排名：{n} 桌仍在进行",
    "Corrected: the Log shows it before and after, with the reason.": "已更正：日志中有更正前后及原因。",
    "not tied to a hand": "不针对某一盘",
    "Copy link": "复制链接",
    "Mode: {mode} — every tile clicked adds one, until another mode is chosen (Ctrl+1: single tiles)":
        "方式：{mode} — 每点一张牌加一组，直到选择其他方式（Ctrl+1：单张）",
    "Record as hand {n} (check, then Confirm)": "记为第 {n} 盘（核对后按确认）",
    "Correct hand {n} with this one": "用此盘更正第 {n} 盘",
    "Reason for the correction": "更正原因",
    "A correction needs a reason": "更正须注明原因",
    "Not recorded: the table changed meanwhile (another station saved first).": "未记录：这期间本桌已有变动（另一终端先保存了）。",
    "another station": "另一终端",
    "Not recorded: the sheet was signed off meanwhile (a referee withdraws the sign-off first).":
        "未记录：这期间本桌记分表已签字确认（须由裁判先撤销签字）。",
    "Not recorded: the session at this table ended meanwhile (time was called).": "未记录：这期间本桌本局已结束（时间到）。",
    "Not recorded: hand {hand} was recorded meanwhile by {who}: {what}.": "未记录：第 {hand} 盘已由 {who} 记录：{what}。",
    "record them as hand {n} (check the fans, then Confirm)": "记为第 {n} 盘（核对番种后按确认）",
    "correct hand {n} with them (give a reason)": "用它更正第 {n} 盘（须注明原因）",
    "Your tiles are kept.": "您选的牌都还在。",
    "Next step: {steps}.": "下一步：{steps}。",
    " or ": "，或",
    "The sheet now shows the recorded hand: record yours as the next hand, or correct the recorded hand with it.":
        "记分表已显示已记录的这一盘：请把您的记为下一盘，或用它更正已记录的那一盘。",
    "The sheet now shows the hands recorded: record yours as the next hand.": "记分表已显示已记录的各盘：请把您的记为下一盘。",
}

ZH.update(ZH_CLOCK)  # the session clock and the hall display keep their texts beside them
ZH.update({k: v for k, v in ZH_CALLS.items() if k not in ZH})  # the referee calls (issue 22)

ZH.update({  # stages and the check-in desk (issue 21)
    "Check-in": "检录",
    "Number or part of a name, then Enter (Ctrl+Enter: absent)": "输入编号或姓名的一部分，按回车（Ctrl+回车：缺席）",
    "Present": "到场",
    "Absent": "缺席",
    "present": "已到",
    "absent": "缺席",
    "Not seen yet": "尚未检录",
    "Present {present} · Absent {absent} · Not seen yet {not_seen}": "到场 {present} · 缺席 {absent} · 尚未检录 {not_seen}",
    "No player found for “{text}”": "找不到“{text}”",
    "{n} players found: choose with ↓ and Enter": "找到 {n} 名选手：用 ↓ 选择后按回车",
    "{number} {name}: present": "{number} {name}：到场",
    "{number} {name}: absent": "{number} {name}：缺席",
    "{number} {name}: arrived after the start (the seating stays)": "{number} {name}：开赛后到场（座位不变）",
    "Final ranking": "最终排名",
    "Stage {name}": "阶段 {name}",
    "carried": "带入",
    "Awards": "奖项",
    "Stages": "比赛阶段",
    "Stages…": "比赛阶段…",
    "Stage name": "阶段名称",
    "Session(s)": "局次",
    "Cut (top N)": "晋级人数（前 N 名）",
    "Carried": "带分",
    "Seating by": "排座方式",
    "Add stage": "添加阶段",
    "Decide": "决定",
    "full": "全部",
    "half": "一半",
    "none": "不带",
    "rank": "按名次",
    "snake": "蛇形",
    "spread": "分散（不重复对手）",
    "tie at the cut: {tied}": "晋级线同分：{tied}",
    "after {previous}": "待 {previous} 结束",
    "Tie at the cut: check the {places} who go through": "晋级线同分：勾选晋级的 {places} 人",
})

ZH.update({  # the hall display: the players' page's QR code and hidden standings (issue 22)
    "after session {n}; later results hidden": "第 {n} 局后；之后的成绩暂不公布",
    "hidden after session {n}": "第 {n} 局后的成绩暂不公布",
    "Hidden until the end of the tournament": "比赛结束前不公布",
    "Your table and the standings on your phone": "用手机查座位和排名",
    "Players' page address (QR code)": "选手页面地址（二维码）",
    "Empty: the address of this app's server while it runs (Tables → Table devices…)":
        "留空：使用本程序服务器运行时的地址（桌位 → 桌位终端…）",
    "Not a web address: {url}": "不是网址：{url}",
    "Type it as http://192.168.1.20:8765, or leave it empty.": "请按 http://192.168.1.20:8765 的格式输入，或留空。",
})


class _Language(QObject):
    """The current language ("en" or "zh") and a signal when it changes."""

    changed = Signal(str)

    def __init__(self) -> None:
        super().__init__()
        self.code = "en"

    def set(self, code: str) -> None:
        if code not in ("en", "zh"):
            raise ValueError(f"unknown language {code!r}: use 'en' or 'zh'")
        _qt_translations(code)
        if code != self.code:
            self.code = code
            self.changed.emit(code)


_QT_TRANSLATOR: list[QTranslator] = []  # the installed one, kept alive


def _qt_translations(code: str) -> None:
    """Qt's own texts (OK / Cancel / Yes / No of standard buttons, file dialogs) in Chinese too; Qt
    re-labels standard buttons on the LanguageChange event this sends."""
    app = QCoreApplication.instance()
    if app is None:
        return
    for t in _QT_TRANSLATOR:
        QCoreApplication.removeTranslator(t)
    _QT_TRANSLATOR.clear()
    if code == "zh":
        t = QTranslator(app)
        if t.load("qtbase_zh_CN", QLibraryInfo.path(QLibraryInfo.LibraryPath.TranslationsPath)):
            QCoreApplication.installTranslator(t)
            _QT_TRANSLATOR.append(t)


LANG = _Language()


def tr(text: str, **fmt: object) -> str:
    """``text`` in the current language, formatted with ``fmt``."""
    out = ZH.get(text, text) if LANG.code == "zh" else text
    return out.format(**fmt) if fmt else out


def both(zh: str, en: str) -> str:
    """A name shown in both languages, the current one first."""
    return f"{zh}  {en}" if LANG.code == "zh" else f"{en}  {zh}"
