"""The English text of every refusal, by its stable code (``TournamentError.code``), and its rendering in
any language through the catalogue (``texts``).

A refusal is raised with a code and its parameters (``InputError("hand", code="hand_out_of_order",
table=2, recorded=3)``); the text is made here. These English templates are the msgids of the catalogue
(``msgctxt`` = the code; ``make texts-extract`` copies them into ``resources/locales/mcr.pot``), so a
language is one ``.po`` file and a test fails when a code has no Chinese (docs/texts.md).
A value is a ``str.format`` template over the parameters, or a :class:`Parts` / :class:`Switch` for the
few sentences whose parts come and go.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

import texts
from texts.hands import HAND_PROBLEMS as HAND_PROBLEMS
from texts.hands import hand_problem as _hand_problem


@dataclass(frozen=True, slots=True)
class Parts:
    """A sentence whose parts appear only when their list parameter is not empty: ``head``, then for each
    (parameter, template) with items the template over those items joined by ``sep``, then ``tail``.

    >>> Parts("once", (("missing", "; missing {}"), ("twice", "; twice {}")))({"missing": ["3", "4"], "twice": []})
    'once; missing 3, 4'
    """

    head: str
    parts: tuple[tuple[str, str], ...]
    sep: str = ", "
    tail: str = ""

    def __call__(self, params: Mapping[str, Any], lang: str = texts.DEFAULT, code: str | None = None) -> str:
        def tr(text: str, suffix: str) -> str:  # each piece is its own catalogue entry (msgctxt code.piece)
            return texts.gettext(lang, text, f"{code}.{suffix}") if text and code else text

        sep = tr(self.sep, "sep")
        said = [tr(template, name).format(sep.join(str(texts.said(v, lang)) for v in params[name]))
                for name, template in self.parts if params[name]]
        return tr(self.head, "head") + "".join(said) + tr(self.tail, "tail")

    def pieces(self) -> dict[str, str]:
        """The catalogue's entries: suffix of the msgctxt → English."""
        found = {"head": self.head, "sep": self.sep, "tail": self.tail, **dict(self.parts)}
        return {k: v for k, v in found.items() if v}


@dataclass(frozen=True, slots=True)
class Switch:
    """One of two templates, by a true/false parameter (each its own catalogue entry, msgctxt
    ``code.yes`` / ``code.no``)."""

    param: str
    yes: str
    no: str

    def __call__(self, params: Mapping[str, Any], lang: str = texts.DEFAULT, code: str | None = None) -> str:
        which = "yes" if params[self.param] else "no"
        template = getattr(self, which)
        if code:
            template = texts.gettext(lang, template, f"{code}.{which}")
        return texts.format_text(template, params, lang)

    def pieces(self) -> dict[str, str]:
        return {"yes": self.yes, "no": self.no}


Template = str | Parts | Switch

MESSAGES: dict[str, Template] = {
    # --- the tournament and its settings
    "not_initialised": "this database holds no tournament yet: run `mcr-tournament --db ... init --name NAME`",
    "tournament_exists": "this database already holds a tournament (one tournament per database)",
    "name_missing": "the tournament needs a name",
    "settings_frozen": "the rule settings are frozen: results exist already",
    "table_points_sum": "{points} must sum to 7",
    "unknown_profile": "unknown rule profile {profile!r}; choose one of {profiles}",
    "sessions_range": "{sessions} sessions: must be 1–100",
    "stage_sessions_range": ("{sessions} sessions: this stage can have 1 to {high} (the tournament's other sessions "
                             "are {total}, of at most {limit} in all)"),
    "hands_range": "{hands} hands per session: must be 1–64",
    "no_preset": "no penalty preset {kind!r}: {kinds}",
    "preset_amount_missing": "{preset}: enter the amount",
    "preset_amount_unknown": "{preset}: {points} is not one of {amounts}",
    # --- players
    "no_player": "no player number {number}",
    "team_too_large": "a team has at most 4 players and 1 substitute: {teams}",
    "substitute_self": "a player cannot replace themselves",
    "country_unknown": ("player {number}: {country!r} is not a country: write its ISO 3166 alpha-2 code "
                        "(e.g. FR, DE, NL, GB, CN)"),
    "ema_number_invalid": "player {number}: EMA number {ema!r} must be the 8-digit EMA id (digits only)",
    "substitute_seated": "player {number} is already seated in session {session}",
    "substitute_after_results": ("session {session} already has results at player {number}'s table: "
                                 "substitute from session {next}, or correct the seating with a reason"),
    # --- sessions, tables and seats
    "no_session": "session {session} does not exist (this tournament has sessions 1–{sessions})",
    "not_a_table": "{table!r} is not a table number",
    "no_table": "session {session} has no table {table}",
    "no_table_in": "session {session} has no table {table} (tables 1–{tables})",
    "no_table_unseated": "session {session} has no table {table} (the session is not seated yet)",
    "not_seated_yet": "session {session} is not seated yet: run `seat {session}`",
    "report_not_seated": "session {session} is not seated yet: run `mcr-tournament seat {session}`",
    "no_players": "no players yet: import them first (`players import FILE.csv`)",
    "players_not_multiple_of_4": ("{players} players is not a multiple of 4: {missing} substitute(s) missing"),
    "seating_has_results": ("session {session} already has results: its seating can no longer be regenerated; "
                            "move players with an audited correction (`seat {session} --swap A B --reason ...`)"),
    "seating_edit_has_results": "session {session} already has results: use swap_players with a reason",
    "seating_delete_has_results": "session {session} has results: its seating cannot be removed",
    "unknown_seating_method": "unknown seating method {method!r}: balanced or standings",
    "seating_failed": "cannot seat the tournament: {problem}",
    "standings_seating_failed": "cannot seat by standings: {problem}",
    "table_not_four": "every table needs exactly four players (E, S, W, N)",
    "seating_incomplete": Parts("the seating must hold every active player once",
                                (("missing", "; missing {}"), ("extra", "; not active {}"), ("twice", "; twice {}"))),
    "teammates_together": ("players {a} ({a_name}) and {b} ({b_name}) are both in team {team}: they cannot sit at "
                           "table {table} of session {session} together (teammates never share a table)"),
    "generated_teammates": ("session {session}: the generated seating puts teammates {a} and {b} (team {team}) at "
                            "table {table} although they can be kept apart; please report this"),
    "swap_same_player": "player {b} is player {a}",
    "swap_needs_reason": ("session {session} has results at these tables: a reason is required "
                          "(the swap is logged as a correction)"),
    "player_not_seated": "player {number} is not seated in session {session}",
    "stale_table": ("session {session} table {table} was changed by another station (you saw version {expected}, "
                    "it is now {actual}); reload the table and enter it again"),
    # --- values of a result
    "not_a_player_number": "{value!r} is not a player number",
    "player_not_at_table": "player {number} is not seated at table {table} (session {session}: {players})",
    "not_a_bool": "{value!r} must be true or false",
    "not_a_whole_number": "{value!r} is not a whole number",
    "out_of_range": "{value} is out of range ({low}–{high})",
    "too_small": "{value} must be at least {low}",
    "too_large": "{value} must be at most {high}",
    "win_needs_discarder": "a win needs a discarder or \"self_drawn\": true",
    "self_drawn_discarder": "a self-drawn win has no discarder",
    "pays_own_win": "player {number} cannot pay for their own win",
    "no_flowers": "this tournament plays without flowers",
    "notation_empty": "the hand notation is empty",
    "fan_mismatch": "{fan} does not match the hand, which scores {total}",
    "under_eight_fans": ("{fans} fans without flowers: a win needs at least 8; record a false-win penalty instead"),
    "win_needs_fan": "a win needs \"fan\" (the base points) or \"notation\" (the full hand)",
    "hand_invalid": "{notation}: {problem}",
    "unknown_settlement": "{settlement!r}: use \"deducted\", \"others\" or {{\"to\": NUMBER}}",
    "settlement_needs_player": "paid to one player: name the player ({{\"to\": NUMBER}})",
    "pays_self": "player {number} cannot pay a penalty to themselves",
    "points_not_divisible": "{points} cannot be split equally among the other three (must divide by 3)",
    "unknown_penalty_kind": "unknown penalty kind {kind!r}: {kinds}",
    "not_text": "must be text",
    "text_too_long": "{length} characters: at most {limit}",
    "text_control": "contains a control character ({char}): type it on one line, without special characters",
    "text_surrogate": "contains an invalid character ({char}, half of a UTF-16 pair)",
    "text_format": ("contains an invisible formatting character ({char}, e.g. a right-to-left override that shows "
                    "the text reversed): type it again without it"),
    "hand_not_played": "hand {hand} is not played yet at table {table} ({recorded} hands recorded)",
    "time_called_before": "time was called after hand {after}",
    # --- recording and correcting
    "database_closed": "{name} was closed in this program: nothing more is saved through it; open it again",
    "table_signed_off": ("session {session} table {table} is signed off: no more hands are recorded there "
                         "(a referee withdraws the sign-off first, or corrects a hand)"),
    "time_called_no_more_hands": ("time was called after hand {after} at table {table}: "
                                  "no more hands in this session"),
    "hand_out_of_order": "hands are recorded in order: table {table} has {recorded} hands, the next is {next}",
    "hand_recorded": "session {session} table {table} hand {hand} is already recorded; correct it instead",
    "hand_recorded_differently": ("session {session} table {table} hand {hand} is already recorded differently "
                                  "({recorded}); use `results correct` to change it"),
    "time_already_called": "time was already called at session {session} table {table} after hand {after}",
    "time_call_hands": ("session {session} table {table} has {recorded} hands recorded, not {after}: "
                        "record the finished hands first"),
    "reason_required": "a correction needs a reason",
    "finish_not_seated": "session {session} is not seated: there is nothing to finish",
    "finish_not_signed_off": ("session {session} cannot be finished yet: table(s) {tables} not signed off (or a "
                              "time call to confirm); sign them off first"),
    "sign_off_not_signed": "session {session} table {table} is not signed off: there is no sign-off to withdraw",
    "sign_off_unfinished": ("session {session} table {table} has {recorded} hands recorded and no time call: hand(s) "
                            "{missing} missing; record them, or sign off with a reason why the table ended early"),
    "hand_not_recorded": "session {session} table {table} hand {hand} is not recorded",
    "delete_not_last": "only the last hand ({recorded}) can be deleted; change hand {hand} instead (e.g. into a draw)",
    "delete_before_time_call": "time was called after this hand: cancel the time call first",
    "no_penalty": "no penalty with id {penalty}",
    "time_not_called": "time was not called at session {session} table {table}",
    # --- the session clock
    "clock_minutes": "{minutes!r} minutes: must be a whole number from {low} to {high}",
    "clock_already_started": "the clock of session {session} is already started",
    "clock_not_started": "the clock of session {session} is not started: start it first",
    "clock_ended": "the clock of session {session} has ended",
    "clock_paused": "the clock of session {session} is already paused",
    "clock_not_paused": "the clock of session {session} is not paused",
    "clock_no_bell": "the clock did not call time at session {session} table {table}: nothing to confirm",
    "clock_confirm_hands": ("session {session} table {table}: the last hand that counts must be from {recorded} "
                            "(the hands recorded) to {hands}, not {after}"),
    "clock_warning_marks": "{marks}: warning marks are minutes left, whole numbers from 1 up",
    "clock_end_policy": "{policy!r}: the end-of-time policy is one of {policies}",
    "clock_at_far": "{at}: clock times are within a day of now ({now})",
    "clock_before_start": "{at} is before the clock of session {session} started ({started})",
    "clock_before_pause": "{at} is before the clock of session {session} was paused ({paused})",
    "clock_add_range": ("{minutes!r} minutes: add (or take back) at most the session's length, {length} "
                        "minutes, and not 0"),
    "clock_too_long": ("adding {minutes} minutes would make a session of {total} minutes: a session lasts at "
                       "most {limit} minutes (24 hours)"),
    "clock_take_back_left": ("session {session} has {left} left: taking back {minutes} minutes would end it; "
                             "take back less, or end the time with “end”"),
    "clock_take_back_table": ("session {session} table {table} has {left} left, {extra} minutes of it added: "
                              "take back at most {most} minutes there"),
    # --- files
    "file_missing": "{path}: no such file",
    "file_not_utf8": "{path} line {line}: not UTF-8 text (byte {byte}); save it as UTF-8",
    "file_looks_gbk": ("{path} line {line}: not UTF-8 text (byte {byte}); it looks like GBK, Excel's CSV on "
                       "Chinese Windows: save it as “CSV UTF-8”"),
    "file_utf16": "{path} is UTF-16 text (Excel's “Unicode text”): save it as UTF-8 (in Excel: “CSV UTF-8”)",
    "file_binary": ("{path} is not a text file (it holds NUL bytes: perhaps UTF-16 without its byte-order mark); "
                    "save it from the spreadsheet as “CSV UTF-8”"),
    "file_encoding_unknown": ("{path} cannot be read as text (byte {byte} is not UTF-8, UTF-16, GBK or "
                              "Windows-1252); save it as “CSV UTF-8”"),
    "file_bad_bytes": "{path} starts as {encoding} text, but byte {byte} is not {encoding}; save it again as UTF-8",
    "file_too_large": "{path} is larger than {mib} MiB, the most this file may be: it is not a file of this kind",
    "folder_not_enterable": "{path}: permission denied: this user may not enter the folder {folder}",
    "path_not_text": "{path}: the name is not UTF-8 text: rename the file or folder",
    "file_unreadable": "{path}: {problem}",
    "file_exists": ("{path} already exists: choose another file name (an existing tournament is never "
                    "overwritten)"),
    "file_rows": Parts("", (("lines", "{}"),), sep="\n"),
    "demo_in_use": ("the demo tournament is open in another MCR Referee window: use it there, or close it "
                    "there and open the demo again"),
    # --- a row of the players CSV (db/formats/players_csv.py; said after "line N: ")
    "csv_empty": "empty file; expected the header number,name[,team][,country]",
    "csv_header_unreadable": "the header cannot be read",
    "csv_unknown_column": ('unknown column "{column}"; columns are number,name[,team][,country][,substitute]'
                           '[,ema_number][,first_name][,last_name]'),
    "csv_column_missing": 'the header needs a "{column}" column',
    "csv_column_twice": 'the header has the "{column}" column twice',
    "csv_row_unreadable": "{problem}",
    "csv_field_count": "{fields} fields, the header has {columns}",
    "csv_number_empty": '"number" is empty',
    "csv_number_invalid": '"number" {number} must be at most 32 characters without spaces',
    "csv_name_empty": '"name" is empty for player {number}',
    "csv_number_twice": '"number" {number} already used on line {first}',
    "csv_substitute_invalid": '"substitute" {value}: use yes or no',
    "csv_quote_unclosed": ('a quoted cell runs from this line to line {end}: a quote (") is not closed (a cell '
                           'is one line)'),
    "csv_too_many_players": "{path}: more than {limit:,} players (line {line}): a tournament has at most {limit:,}",
    "too_many_players": "a tournament has at most {limit:,} players: {number} would be player {count:,}",
    "line_not_utf8": "not UTF-8 text (byte {byte} of the line); save the file as UTF-8",
    "not_json": "not valid JSON ({problem} at column {column})",
    "file_not_json": "{path}: not valid JSON (line {line}: {problem})",
    "line_not_object": "each line must be one JSON object",
    "json_key_twice": "the key {key!r} is given twice in one object: give it once",
    "line_too_long": "the line has {size} bytes: a result line has at most {limit}",
    "line_too_deep": "the line nests arrays and objects deeper than {limit}",
    "line_failed": "could not be recorded ({problem})",
    "unknown_line_type": "{type!r}: use \"win\", \"draw\", \"penalty\" or \"time_called\"",
    "unknown_field": "unknown field for a {type} line",
    "missing": "missing",
    # --- a game table's result lines (Riichi; scoring/riichi/lines.py)
    "riichi_line_type": ('{type!r}: use "ron", "tsumo", "draw", "abortive", "nagashi", "chombo", "penalty" or '
                         '"time_called"'),
    "riichi_winners": "a ron has 1 to 3 winners, a list of objects",
    "riichi_winner_twice": "a player is named twice among the winners",
    "riichi_abortive_reason": "use one of: {reasons}",
    "riichi_player_list": "a list of player numbers",
    "riichi_player_twice": "a player is named twice",
    "riichi_whole": "a whole number from {low} to {high}",
    "riichi_own_discard": "a winner cannot win on their own discard",
    "riichi_value": ('give the tiles ("hand"; "tiles" on a tsumo line), or "han" (with "fu" below a mangan), or '
                     '"limit", or "yakuman": exactly one of them'),
    "riichi_tiles": "the hand's tiles, written as in NOTATION.md",
    "riichi_indicators": 'a list of up to 5 indicator tiles, e.g. ["3m"]',
    "riichi_situation_without_tiles": "only a hand scored from its tiles takes the situation of the win",
    "riichi_limit": "use one of: {limits}",
    "riichi_fu": "fu are 20, 25, or 30 to 110 in tens",
    "riichi_pao_self": "the liable player (pao) cannot be the winner",
    "riichi_double_not_declared": 'a double riichi is a riichi: the winner must be in the line\'s "riichi" list',
    # --- the Chinese systems' result lines (scoring/chinese_game.py, docs/rule-systems.md "At the table")
    "game_line_type": "{type!r}: use one of {types}, \"penalty\" or \"time_called\"",
    "game_one_winner": "a ron has one winner in this system: a list of one object",
    "game_hand_type": "the hand type: its id or its Chinese name",
    "game_tile": "{value!r} is not a tile (write it as 5m, 9s, 1z-7z or E, S, W, N, C, F, P)",
    "game_horses": 'the horses each player drew: {{"NUMBER": ["1m", ...]}}, at most {most} each',
    "game_no_horses_on_draw": "no horses are drawn on a drawn hand",
    "game_kongs": ('a list of kongs {{"player", "kind": "melded"|"added"|"concealed", "discarder"}}: a melded kong, '
                   'and only a melded kong, names its discarder, another player'),
    "game_no_kongs_on_draw": "a drawn hand pays no kong in this system: its line lists none",
    "game_winner_kongs_in_tiles": "the winner's kongs are read from the winner's tiles: list the other players' only",
    "game_rules_input": "not as the rules allow: {problem}",
    "game_chickens": 'the chickens counted to each player: {{"NUMBER": 0 to 4}}',
    "game_responsible_chicken": 'the responsible chicken: {{"from": NUMBER, "to": NUMBER}} (the player who discarded it, and the one who claimed it)',
    "game_nothing_paid_on_draw": "a drawn hand pays nothing in this system: its line lists nothing to pay",
    "game_winner_kong_not_in_tiles": "a winner's kong listed in \"kongs\" is not among the melds of its tiles",
    "game_chickens_too_many": "{count} chickens (the 1 of bamboo) counted in all, but there are only 4",
    "game_hot_kong": 'a hot kong (the discard after a kong, won on) is on a win on a discard: "melded", "added" or "concealed"',
    # Guiyang's chickens that cannot be (scoring/guiyang/score.py CHICKEN_PROBLEMS)
    "guiyang_winner_chickens": ("a winner's chickens are read from its tiles: count chickens only to the players "
                                "who did not win"),
    "guiyang_responsible_self": ("the responsible chicken is claimed by another player than the one who "
                                 "discarded it"),
    "guiyang_first_chicken_twice": ("the hand's first chicken (the 1 of bamboo) was either not claimed (the "
                                    "charging chicken) or claimed (the responsible chicken), not both"),
    # 鸡平胡's hand types that one hand cannot have (scoring/jipinghu/score.py hand_types; a, b: the types)
    "jipinghu_type_twice": "each hand type is counted once: name it one time",
    "jipinghu_chicken_alone": "the hand of no other type is entered alone: it goes with no other hand type",
    "jipinghu_special_alone": "thirteen orphans is entered alone: it adds no other hand type",
    "jipinghu_chows_and_pungs": "{a} and {b} cannot go together: one is four chows, the other needs pungs",
    "jipinghu_pure_and_honours": "{a} and {b} cannot go together: a hand of one suit holds no honour",
    "jipinghu_honours_and_suits": "{a} and {b} cannot go together: a hand of honours holds no suit tile",
    "jipinghu_larger_holds": "{a} and {b} cannot go together: the larger holds the smaller, count the larger",
    "jipinghu_dragons_and_winds": ("{a} and {b} cannot go together: three dragons and four winds take more than "
                                   "four sets and a pair"),
    "rules_missing": ("{profile}: the organiser has not set {names} yet (the source gives no number for them); "
                      "set each with `settings --rule NAME=VALUE` before the first session"),
    "sichuan_void": 'each player\'s void suit: {{"NUMBER": "m" | "p" | "s"}}',
    "sichuan_events": ('the hand\'s events in order: a list of objects of type "kong", "tsumo", "ron" or '
                       '"wall_end"'),
    "sichuan_value": 'give the tiles ("hand"; "tiles" on a tsumo event) or the "fan" typed from a sheet: one of them',
    "sichuan_unfinished": ("the hand ends at its third win or at the end of the wall: add its \"wall_end\" event "
                           "(the ready players and the flower pigs)"),
    "sichuan_not_ready": "{tiles}: a ready player's 13 tiles, but no tile completes them",
    "sichuan_first_draw_only": ("event {event}: a win on the first tiles (tenhou, chiihou) comes before any kong "
                                "or other win"),
    "sichuan_after_last_tile": ("event {event}: after a win on the last tile or the last discard (haitei, houtei) "
                                "only the end of the wall follows"),
    "sichuan_rinshan_after_kong": ("event {event}: a win on a kong's replacement tile, or on the discard after a "
                                   "kong (rinshan), comes right after that player's kong"),
    "rule_invalid": "{problem} (profile {profile})",
    "rule_form": "{value!r}: write a rule value as NAME=VALUE (the value as JSON: 40000, true, [15000, 5000, -5000, -15000])",
    "sign_off_game_on": ("session {session} table {table}: the game is not over after {recorded} hands; record the "
                         "rest, or sign off with a reason why the table ended early"),
    "riichi_pao_not_yakuman": "a liable player (pao) pays only for a yakuman",
    "riichi_outcome_not_in_rules": "{type!r} is not an outcome of {profile}: use one of {outcomes}",
    "game_over_no_time_call": "table {table}: the game is over already; time is not called at a table that has finished",
    "game_over": "table {table}: the game is over after hand {hands}, so no hand comes after it",
    "settlement_to_form": "paid to one player is written {{\"to\": NUMBER}}",
    # --- the command line
    "not_a_date": "{text!r} is not a date like 2026-05-01",
    "not_a_time": "{text!r} is not a time like 2026-05-01T09:30 (UTC unless it names a zone, e.g. +08:00)",
    "correct_line_or_delete": "give either --line JSON (the new result) or --delete",
    "option_not_object": "must be one JSON object",
    "correct_which": ("name the result: --session S --table T --hand H, --session S --table T --time-called, "
                      "or --penalty ID"),
    "time_call_only_cancel": "a time call can only be cancelled (--delete); then record it again",
    "which_hand": "which hand? (--hand H)",
    "line_options_differ": "session/table/hand in the line differ from the options",
    "penalty_into_penalty": "a penalty can only be corrected into a penalty",
    "hand_into_hand": "a hand can only be corrected into a win or a draw",
    "backup_list_needs_file": "--list shows the backups of a tournament file",
    "ema_not_ready": Parts("the EMA results file was not written: the tournament is not ready for an EMA upload",
                           (("tables", "; {}"), ("players", "; {}")), sep="; "),
    "demo_needs_new_database": "{path} already holds a tournament; the demo needs a new database",
    "command_unavailable": "the command {command!r} is not available",
    "no_database_given": ("no database: give --db PATH_OR_URL (a file such as tournament.sqlite, "
                          "or postgresql+psycopg://user:password@host/dbname)"),
    "no_such_database": "{path}: no such database; create it with `init` (or `import`, `demo`)",
    "interrupted": "interrupted",
    "unexpected_error": "unexpected error: {kind}: {problem}",
    # --- tournament files, database servers, copies and backups (store, schema, database, backups, files,
    # transfer); ``cause`` / ``problem``: the system's or the driver's own words, as they are
    "database_url_invalid": "--db {url!r} is not a valid database URL: {problem}",
    "no_such_tournament_file": "{name}: no such tournament file",
    "file_is_folder": "{name} is a folder, not a tournament file",
    "file_empty": "{name} is empty: it is not a tournament file; it was not changed",
    "file_cannot_read": "cannot read {name}: {cause}",
    "not_sqlite": "{name} is not a tournament file (not an SQLite database); it was not changed",
    "sqlite_unreadable": ("{name} is not a tournament file (unreadable SQLite database: {problem}); "
                          "it was not changed"),
    "other_program_file": ("{name} is not an MCR Referee tournament file (it belongs to another program); "
                           "it was not changed"),
    "other_program_database": ("{name} is not an MCR Referee tournament file (another program's SQLite database); "
                               "it was not changed"),
    "damaged_database": ("{name} has tournament tables but no schema version: it is damaged or incomplete and "
                         "cannot be opened (it was not changed); open a backup instead"),
    "schema_too_new": ("{name} was written by a newer version of MCR Referee (schema {revision!r}; this version "
                       "knows up to {head!r}). Update MCR Referee to open it."),
    "create_folder_missing": "cannot create the database {path}: folder {folder} does not exist",
    "file_has_tournament": "{name} already holds a tournament: choose a new file name",
    "create_read_only": "cannot create {name}: {reason}",
    "open_failed": "cannot open {name}: {cause}",
    "upgrade_backup_failed": ("{name} needs an upgrade from schema {revision} to {head}, but the backup before the "
                              "upgrade failed ({cause}): it was not upgraded and not opened; free some space or "
                              "make the folder writable"),
    "read_only_database": "{name} is open read-only ({reason}): changes cannot be saved",
    "save_no_space": "could not save to {name}: no space left on device",
    "database_file_gone": Switch(
        "replaced",
        "{name} was replaced by another file while open: nothing more is saved in it; save what this program "
        "holds to a new file and go on in that file",
        "{name} was deleted or moved while open: nothing more is saved in it; save what this program holds to a "
        "new file and go on in that file"),
    "database_malformed": ("{name} is damaged (SQLite: “database disk image is malformed”): nothing more is read "
                           "or saved in it; open its newest backup instead"),
    "file_is_open_tournament": ("{name} is the tournament file open in this program: choose another file (reading or "
                                "writing it here would break the open file's locks)"),
    "postgres_extra_missing": ("PostgreSQL support is not installed: install the postgres extra: "
                               "pip install 'mcr-referee[postgres]'"),
    "driver_missing": "the database driver for {driver} is not installed ({module})",
    "server_schema_permission": ("cannot create the tables in {database}: permission denied for schema public; the "
                                 "database role must own the database: ALTER DATABASE {database} OWNER TO {role}"),
    "server_unavailable": "cannot open {url}: {problem}",
    "server_no_tournament": "{url} holds no tournament yet: create one with `init`",
    "output_folder_missing": "could not write {name}: the folder {folder} does not exist",
    "output_failed": "could not write {name}: {cause}",
    "file_not_regular": "{path} is not a file or a pipe (a device or a socket): give a file to read",
    "output_is_tournament": "{name} is the tournament file {db}: nothing was written; choose another name for the output",
    "output_is_tournament_journal": ("{name} is part of the tournament file {db} (its SQLite journal): nothing was "
                                     "written; choose another name for the output"),
    "output_is_wal": ("{name} is a tournament's WAL (set aside or left beside its file): it may hold the only copy of "
                      "some results, so nothing was written over it; choose another name"),
    "output_is_other_tournament": ("{name} is a tournament file: nothing was written over it; choose another name "
                                   "for the output"),
    "folder_create_failed": "{folder}: cannot create the folder ({cause})",
    "copy_of_server": "copies of a server database are JSON exports (backup DIR)",
    "copy_is_open_file": "{name} is the open file: choose another name for the copy",
    "copy_exists": "{name} already exists: choose a new file name (nothing is overwritten)",
    "server_backup_needs_folder": "name a folder for the backup of a server database (command line: backup DIR)",
    "backup_list_failed": "cannot list the backups in {folder}: {cause}",
    "backup_folder_failed": "cannot create the backup folder {folder}: {cause}",
    "no_such_backup": "{name}: no such backup",
    "restore_target_exists": "{name} already exists: restore into a new file (nothing is overwritten)",
    "backup_empty": "{name} is empty: it is not a backup of a tournament",
    "auto_backup_failed": "backup failed: {cause}",
    "backup_damaged": ("no backup taken: the copy of {name} fails SQLite's check ({problem}), so the older backups "
                       "are kept; the file may be damaged: open its newest backup"),
    "backup_problem": "{problem}",
    "second_backup_refused": "second backup folder: {refusal}",  # refusal: a TournamentError
    "second_backup_failed": "second backup folder {folder}: {cause}",
    "nothing_to_export": "nothing to export: this database holds no tournament",
    "export_format_invalid": "not an MCR tournament export (\"format\" must be {format!r})",
    "export_schema_differs": ("the export has schema {schema!r}, this version writes {head!r}: open it with the "
                              "matching version"),
    "import_needs_empty_database": "this database already holds a tournament: import into a new, empty database",
    "export_no_tables": "the export has no \"tables\"",
    "export_unknown_columns": "{table} row {row}: unknown column(s) {columns}",
    "export_text_too_long": "{table} row {row}: \"{column}\" has {length} characters: the column holds {limit}",
    "export_text_invalid": "{table} row {row}: \"{column}\" contains a NUL or an invalid (lone surrogate) character",
    "export_value_invalid": "{table} row {row}: \"{column}\" cannot be {value}: the export is damaged",
    "export_unknown_tables": "the export has unknown table(s) {tables}: it is damaged or not from MCR Referee",
    "export_table_invalid": "the export's \"{table}\" is not a list of rows: it is damaged",
    "export_row_invalid": "{table} row {row} is not an object of columns: the export is damaged",
    "export_inconsistent": "the export's rows do not fit together ({problem}): it is damaged; nothing was restored",
    "export_no_tournament": "the export holds no tournament row: it is damaged; nothing was restored",
    "export_settings_invalid": "the export's tournament settings cannot be read ({problem}): it is damaged",
    # --- table devices (the web server, docs/web.md)
    "devices_not_seated": "session {session} is not seated yet: seat it before giving the tables their links",
    "base_url_invalid": "{url!r}: the base URL must start with http:// or https:// (e.g. http://192.168.1.20:8765)",
    "base_url_no_host": ("{url!r}: the server's address after http:// is missing or too short: give the address the "
                         "tables reach it at, e.g. http://192.168.1.20:8765"),
    "device_token_missing": "no table link: open the link the referee gave this table (Authorization: Bearer TOKEN)",
    "device_token_unknown": "this table link is not valid: ask the referee for the table's link",
    "device_token_revoked": "this table link was replaced: ask the referee for the table's new link",
    "device_other_table": "this link is for session {session} table {table} only",
    "device_line_type": ("a table device records wins, draws and the false-win penalty ({type!r} is not one): "
                         "time calls and other penalties are entered by a referee"),
    "device_preview_type": "only a win or a draw is previewed ({type!r} is not one)",
    "device_penalty_kind": ("a table device records only the false-win penalty (kind \"false_win_wrong\", not "
                            "{kind!r}): other penalties are entered by a referee"),
    "device_penalty_field": "not taken from a table device: its false-win penalty is the tournament's preset",
    "device_penalty_no_preset": ("this tournament's false-win penalty has no single fixed amount: the referee "
                                 "enters it"),
    "device_penalty_preset": "must be the tournament's false-win penalty: {points} points, {settlement}",
    "device_penalty_over": "the session is over at table {table}: penalties are entered by a referee",
    "device_penalty_hand": ("a table device penalises the hand in play only (hand {next}, not {hand}): the "
                            "referee enters penalties of other hands"),
    "device_penalty_twice": "player {number} already has the false-win penalty of hand {hand}: ask the referee",
    "device_correction_field": 'must hold only "reason": why the recorded hand is corrected',
    "device_correct_last_only": ("a phone corrects only the last hand (hand {last}), not hand {hand}; ask a "
                                 "referee"),
    "device_correction_type": "a table device corrects a win or a draw only ({type!r} is not one)",
    "request_id_invalid": "must be text of 1–100 characters",
    "body_too_large": "the request is larger than {limit} bytes",
    "server_busy": "the server is busy: try again in a moment",
    "too_many_requests": "too many requests from this device: try again in {seconds} s",
    "not_utf8": "the request is not UTF-8 text",
    # --- referee calls and the players' page (docs/web.md)
    "call_reason": "{reason!r} is not a reason for a call (one of: {reasons})",
    "no_call": "there is no call {call}",
    "call_still_open": "table {table} already called a referee (call {call}): wait for them, or cancel that call",
    "call_taken": "call {call} was already taken by {referee} at another station; reload the calls",
    "call_closed": "call {call} is already {status}",
    "call_not_open": "call {call} is {status}: only an open call can be cancelled",
    "call_penalty_elsewhere": "penalty {penalty} is at session {session} table {table}, not at the call's table",
    "public_page_off": "the players' page is switched off",
    "calls_too_often": ("this table called or cancelled a referee too often: try again in {seconds} s, or wave "
                        "to a referee"),
    "call_field": "not part of a call (a call has \"reason\" and an optional \"note\")",
    # --- stages and cuts, the check-in desk, the awards (docs/tournament.md)
    "stage_exists": "there is already a stage named {stage!r} (\"qualifying\" names the first stage)",
    "stage_rule_unknown": "carry must be full, half or none ({carry!r}); seating rank, snake or spread ({seating!r})",
    "stage_cut_invalid": ("the cut must be a multiple of 4, at least 4 and at most the previous stage's cut "
                          "({previous}): not {cut}"),
    "stage_sessions_fixed": ("this tournament has stages: its {sessions} sessions change with its stages "
                             "(`stage add`, `stage change`, `stage remove`)"),
    "stage_cut_below_next": "the cut must be at least the next stage's cut ({following}): not {cut}",
    "stage_take_after_stage": ("the last planned sessions are stage {stage!r}'s: a new stage can only be added "
                               "after it"),
    "stage_take_range": ("{sessions} session(s) cannot be taken from the {planned} planned: the qualifying stage "
                         "keeps at least one"),
    "stage_take_has_results": ("session {session} has results: it cannot become a session of stage {stage!r}"),
    "stage_has_results": ("stage {stage!r} can no longer be changed or removed: session {session} has results "
                          "(correct the results instead)"),
    "stage_sessions_in_use": ("stage {stage!r} cannot be removed nor its sessions renumbered: session {session} "
                              "already has {what}, which would pass to the stage taking its number (undo it first, "
                              "or keep the numbers: `stage remove --keep-sessions`)"),
    "no_stage": "there is no stage {stage!r} (stages: {stages})",
    "stage_previous_incomplete": ("stage {stage!r} cannot start yet: its players are the top of {previous!r}, "
                                  "which is not complete (every table of its sessions played to the end)"),
    "stage_tie_at_cut": ("stage {stage!r}: players {tied} tie at the cut line for {places} place(s); the "
                         "organiser decides with `stage decide {stage} --advance N…`"),
    "stage_no_tie": "stage {stage!r} has no tie at its cut line to decide",
    "stage_cut_takes_all": ("warning: the cut of stage {stage!r} ({cut}) is not below the {field} players it is "
                            "made from: everyone goes through"),
    "stage_not_ready": ("stage {stage!r} has no cut line yet: the {previous} stage is not complete (decide a tie "
                        "once its last session is finished)"),
    "stage_advance_invalid": ("stage {stage!r}: name {places} of the tied players {tied} to go through "
                              "(given: {given})"),
    "stage_teams": "a stage ranks players: --stage and --teams do not go together",
    "no_show_unknown": "{value!r}: a no-show is handled by \"substitute\" or \"replan\"",
    "checkin_nobody": "name the players: --present N… or --absent N…",
    "checkin_both": "players {numbers} are named both present and absent",
    "checkin_substitutes_missing": ("session {session}: {present} players present is not a multiple of 4: "
                                    "{missing} substitute(s) missing. {advice}"),
}


def render(code: str, params: Mapping[str, Any], lang: str = texts.DEFAULT) -> str:
    """The text of ``code`` with ``params`` in ``lang`` (English by default; the English where the
    catalogue lacks the code). Parameters that can say themselves (``texts.Text``, a ``TournamentError``)
    are said in ``lang`` too."""
    template = MESSAGES[code]
    if isinstance(template, Parts | Switch):
        return template(params, lang, code)
    return texts.format_text(texts.gettext(lang, template, code), params, lang)


# --- the scoring engine's hand problems (``scoring.errors.HandError``): their templates live in
# ``texts.hands`` (msgctxt ``hand.<reason>``), so that mcr-score's front end says them without importing db.
def hand_problem(exc: Any) -> texts.Text:
    """A ``HandError`` as text that says itself in any language (``texts.hands.hand_problem``), its tiles
    named by ``scoring.tiles``."""
    return _hand_problem(exc, _tile_en)


def _tile_en(text: str) -> str:
    from scoring import tiles  # here: the engine loads for a hand's problem, not with every refusal's words

    return tiles.name_en(tiles.tile(text))
